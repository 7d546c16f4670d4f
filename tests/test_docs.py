"""The guide's links: every relative link in README.md, docs/ and research/ points at a
file of the checkout, and an anchor into a Markdown file at one of its headings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "research" / "README.md"]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return {slug(m) for m in re.findall(r"^#+\s+(.*)$", text, re.M)}


def broken_links(page: Path) -> list[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    bad = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):  # http:, https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            bad.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            bad.append(f"{target}: no such heading")
    return bad


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    assert broken_links(page) == []


def test_a_broken_link_or_anchor_is_found(tmp_path: Path) -> None:
    (tmp_path / "b.md").write_text("# The whole match (`respond`)\n", encoding="utf-8")
    page = tmp_path / "a.md"
    page.write_text("[ok](b.md#the-whole-match-respond) [gone](c.md) ![pic](b.md)\n"
                    "[anchor](b.md#nowhere) [web](https://example.org/x)\n"
                    "```\n[in code](d.md)\n```\n", encoding="utf-8")
    assert broken_links(page) == ["c.md: no such file", "b.md#nowhere: no such heading"]
