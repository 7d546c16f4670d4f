"""Replay every worked example of the spec (shared/spec/examples) move by move.

The app ships the examples (``truf_tui/data/examples``, for its example viewer); that one
copy is what these tests replay, and it must equal the spec's.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from truf_tui.engine import truc, trufludo
from truf_tui.examples import EXAMPLES_DIR

EXAMPLES = sorted(EXAMPLES_DIR.glob("*.json"))
SPEC_EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "spec" / "examples"


def test_examples_are_all_here() -> None:
    assert len(EXAMPLES) >= 23
    assert EXAMPLES_DIR == Path(trufludo.__file__).resolve().parents[1] / "data" / "examples"
    # One copy only: the tests keep none of their own.
    assert not (Path(__file__).parent / "data" / "examples").exists()


def test_the_shipped_examples_are_the_spec_s() -> None:
    if not SPEC_EXAMPLES.is_dir():
        pytest.skip(f"the spec's examples are not at {SPEC_EXAMPLES}")
    spec = sorted(SPEC_EXAMPLES.glob("*.json"))
    assert [p.name for p in EXAMPLES] == [p.name for p in spec]
    differ = [p.name for p in spec if p.read_bytes() != (EXAMPLES_DIR / p.name).read_bytes()]
    assert not differ, f"shipped examples differ from the spec's: {differ}"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_replays(path: Path) -> None:
    ex = json.loads(path.read_text())
    mod = trufludo if ex["game"] == "trufludo" else truc
    kw = {"deck": ex["deck"], "dealer": ex["dealer"]}
    if "seed" in ex:
        kw["seed"] = ex["seed"]
    s = mod.new_game(mod.Rules(**ex["rules"]), **kw)
    for n, step in enumerate(ex["steps"], start=1):
        before = s
        s = s.apply(step["move"])
        want = step["then"]
        where = f"{path.name} step {n} ({step['move']})"
        assert list(s.scores()) == want["scores"], where
        assert s.is_terminal() == want["terminal"], where
        if "to_move" in want:
            assert s.current_player == want["to_move"], where
        if "legal" in want:
            assert sorted(str(a) for a in s.legal_actions()) == want["legal"], where
        if want.get("round_over"):
            assert s.is_terminal() or s.round_no == before.round_no + 1, where
        elif mod is truc:
            assert s.round_no == before.round_no, where


def test_the_rulebook_in_docs_is_the_spec_s() -> None:
    """docs/RULES.md is the rulebook every rule id points at; it must stay the spec's."""
    spec = SPEC_EXAMPLES.parent / "RULES.md"
    if not spec.exists():
        pytest.skip(f"the spec's rulebook is not at {spec}")
    ours = Path(__file__).resolve().parents[1] / "docs" / "RULES.md"
    assert ours.read_text(encoding="utf-8") == spec.read_text(encoding="utf-8"), (
        "docs/RULES.md differs from the spec's RULES.md: copy it again")
