"""Replay every worked example of shared/spec/examples (copied into tests/data) move by move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from truf_tui.engine import truc, trufludo

EXAMPLES = sorted((Path(__file__).parent / "data" / "examples").glob("*.json"))


def test_examples_are_all_here() -> None:
    assert len(EXAMPLES) >= 23


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
