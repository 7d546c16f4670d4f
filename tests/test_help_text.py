"""Checks on the in-app help text (truf_tui/ui/help/*.md)."""

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
HELP_DIR = REPO / "truf_tui" / "ui" / "help"
LANGS = ("en", "eo")
SEEDS_DIR = Path(__file__).resolve().parents[2] / "shared" / "seeds"

RULE_IDS = [f"F{n}" for n in range(1, 13)] + [f"T{n}" for n in range(1, 12)]

# Title of the "Keys" section in each language.
KEYS_HEADING = {"en": "## Keys", "eo": "## Klavoj"}

# Every key of the app's key map, as written (in backticks) in the help.
KEYS = [
    "`F1`",
    "`?`",
    "`Ctrl+P`",
    "`Ctrl+S`",
    "`F2`",
    "`Escape`",
    "`q`",
    "`Ctrl+Q`",
    "`l`",
    "`1`–`3`",
    "`←`",
    "`→`",
    "`Enter`",
    "`1`–`9`",
    "`h`",
    "`r`",
    "`m`",
    "`a`",
    "`x`",
    "`f`",
    "`d`",
]


def _text(lang: str) -> str:
    return (HELP_DIR / f"{lang}.md").read_text(encoding="utf-8")


def _level2_headings(text: str) -> list[str]:
    headings = []
    in_fence = False
    for line in text.splitlines():
        if line.startswith("```"):
            in_fence = not in_fence
            continue
        if not in_fence and line.startswith("## "):
            headings.append(line.strip())
    return headings


def _keys_section(lang: str) -> str:
    lines = _text(lang).splitlines()
    start = lines.index(KEYS_HEADING[lang])
    end = len(lines)
    for i in range(start + 1, len(lines)):
        if lines[i].startswith("## "):
            end = i
            break
    return "\n".join(lines[start:end])


def test_help_files_exist() -> None:
    for lang in LANGS:
        path = HELP_DIR / f"{lang}.md"
        assert path.is_file(), f"missing {path}"
        assert path.read_text(encoding="utf-8").strip(), f"{path} is empty"


@pytest.mark.parametrize("lang", LANGS)
def test_help_every_rule_id_is_tagged(lang: str) -> None:
    text = _text(lang)
    missing = [rid for rid in RULE_IDS if not re.search(r"\[" + rid + r"\]", text)]
    assert not missing, f"{lang}.md lacks the tags {missing}"


def test_help_rule_tag_regex_is_exact() -> None:
    # "[F1]" must not be found inside "[F10]" or "[F11]".
    assert not re.search(r"\[F1\]", "see [F10] and [F11]")
    assert re.search(r"\[F1\]", "see [F1]")


def test_help_same_number_of_sections() -> None:
    counts = {lang: len(_level2_headings(_text(lang))) for lang in LANGS}
    assert len(set(counts.values())) == 1, counts
    assert counts["en"] >= 5, counts


def test_help_sections_in_order() -> None:
    expected = [
        "## Trufludo",
        "## Le Truc",
        "## Card notation",
        "## Keys",
        "## Computer opponents",
        "## Hints and practice",
    ]
    assert _level2_headings(_text("en")) == expected
    eo = _level2_headings(_text("eo"))
    assert eo[:2] == ["## Trufludo", "## Le Truc"]
    assert eo[3] == KEYS_HEADING["eo"]


@pytest.mark.parametrize("lang", LANGS)
def test_help_key_map_mentions_every_key(lang: str) -> None:
    section = _keys_section(lang)
    missing = [key for key in KEYS if key not in section]
    assert not missing, f"{lang}.md key map lacks {missing}"


def _seed_texts() -> list[str]:
    if not SEEDS_DIR.is_dir():
        pytest.skip(f"seed texts not found at {SEEDS_DIR}")
    texts = [p.read_text(encoding="utf-8") for p in sorted(SEEDS_DIR.glob("*.txt"))]
    if not texts:
        pytest.skip(f"no seed texts in {SEEDS_DIR}")
    return texts


@pytest.mark.parametrize("lang", LANGS)
def test_help_no_seed_line_copied(lang: str) -> None:
    text = _text(lang)
    long_lines = {
        line.strip()
        for seed in _seed_texts()
        for line in seed.splitlines()
        if len(line.strip()) > 40
    }
    copied = [line for line in long_lines if line in text]
    assert not copied, f"{lang}.md copies seed lines: {copied}"


@pytest.mark.parametrize("lang", LANGS)
def test_help_no_seed_sentence_copied(lang: str) -> None:
    # Stricter than whole lines: no seed sentence longer than 40 characters either.
    text = " ".join(_text(lang).split())
    sentences = {
        " ".join(s.split())
        for seed in _seed_texts()
        for s in re.split(r"(?<=[.!?])\s+|\n", seed)
        if len(" ".join(s.split())) > 40
    }
    copied = [s for s in sentences if s in text]
    assert not copied, f"{lang}.md copies seed sentences: {copied}"


# -- links to the worked examples and the guided games (issues 4 and 5) ----------------------
def test_the_examples_ship_with_the_package() -> None:
    from truf_tui.examples import EXAMPLES_DIR, all_examples

    shipped = sorted(p.name for p in EXAMPLES_DIR.glob("*.json"))
    tests_copy = sorted(p.name for p in (REPO / "tests" / "data" / "examples").glob("*.json"))
    assert shipped == tests_copy and len(shipped) >= 23
    for name in shipped:
        assert (EXAMPLES_DIR / name).read_bytes() == (
            REPO / "tests" / "data" / "examples" / name).read_bytes()
    assert '"data/examples/*.json"' in (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert [e.id for e in all_examples()] == [n.removesuffix(".json") for n in shipped]


def test_every_example_holds_at_every_step() -> None:
    from truf_tui.examples import agrees, all_examples

    for ex in all_examples():
        assert ex.rule_ids and all(r in RULE_IDS for r in ex.rule_ids), ex.name
        states = list(ex.record().states())
        assert len(states) == len(ex.steps) + 1
        for state, step in zip(states[1:], ex.steps, strict=True):
            assert agrees(state, step["then"]), (ex.id, step["move"])
        # A wrong expectation is caught.
        bad = dict(ex.steps[0]["then"], scores=[99, 99])
        assert not agrees(states[1], bad)


@pytest.mark.parametrize("lang", LANGS)
def test_each_rule_section_links_its_examples_and_the_guided_game(lang: str) -> None:
    from truf_tui.examples import all_examples
    from truf_tui.ui.screens.help import Link, section_links, split_sections

    sections = split_sections(_text(lang))
    links = section_links(sections)
    linked: set[str] = set()
    games_linked: set[str] = set()
    for i, section in enumerate(sections):
        tags = set(re.findall(r"\[([FT]\d+)\]", section.text))
        for link in links.get(i, []):
            if link.kind == "example":
                ex = next(e for e in all_examples() if e.id == link.target)
                assert tags & set(ex.rule_ids), (section.title, ex.name)  # it shows this rule
                linked.add(ex.id)
            else:
                games_linked.add(link.target)
        if section.level == 3 and i in links:
            assert links[i][-1].kind == "guided"
    assert linked == {e.id for e in all_examples()}  # every example is reachable
    assert games_linked == {"trufludo", "truc"}
    # The raise section links the raise examples (T7) and Le Truc's guided game.
    raise_section = next(i for i, s in enumerate(sections) if "2 pli?" in s.title)
    assert links[raise_section] == [Link("example", "13-truc-t7"),
                                    Link("example", "14-truc-t7"),
                                    Link("example", "15-truc-t7"), Link("guided", "truc")]


@pytest.mark.parametrize("lang", LANGS)
def test_help_explains_hints_and_practice(lang: str) -> None:
    text = _text(lang)
    section = text[text.index({"en": "## Hints and practice",
                               "eo": "## Konsiloj kaj ekzercado"}[lang]):]
    assert "`h`" in section and "`b`" in section
    assert {"en": "**Practice**", "eo": "**Ekzercado**"}[lang] in section
    assert "35%" in section and "`Tab`" in section


def test_every_example_has_a_name_in_both_languages() -> None:
    from truf_tui.examples import all_examples
    from truf_tui.ui.i18n import all_strings

    strings = all_strings()
    for ex in all_examples():
        assert set(strings[f"example.{ex.id}"]) >= {"en", "eo"}
