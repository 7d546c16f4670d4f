"""The experiments of ``tools/lab`` (issue 37: out of the package, still reproducible)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools.lab import matchtable_measure
from tools.lab.expert_told import told
from truf_tui.ai import make_bot
from truf_tui.ai.expert import ExpertTrucBot, response
from truf_tui.ai.solved import SolvedTrucBot
from truf_tui.engine import truc
from truf_tui.strategy import matchtable
from truf_tui.strategy.threshold import ALWAYS
from truf_tui.strategy.trufbp import BlueprintError


def test_the_match_table_counts_are_measured_from_tools(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    """``python -m tools.lab.matchtable_measure`` writes the counts file the match table
    reads, every round of every match counted once, with the command that counted them."""
    out = tmp_path / "rounds.json"
    assert matchtable_measure.main(["--matches", "2", "--tier", "easy", "--out", str(out)]) == 0
    doc = json.loads(out.read_text())
    shipped = json.loads(matchtable.DATA.read_text())
    assert doc.keys() == shipped.keys()
    assert "python -m tools.lab.matchtable_measure" in doc["what"] == shipped["what"]
    assert doc["rounds"] == sum(doc["counts"].values()) >= 2
    assert all(k == "none" or k.split(":")[0] in ("nd", "d") for k in doc["counts"])


def test_an_expert_told_its_opponent_responds_from_the_first_round(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Told that ``always_raise`` is the threshold player (always, always), the expert plays
    the response in the first round of its first match, before any reading could."""
    monkeypatch.setattr(response, "RESPONSE_SECONDS", 60.0)
    expert = ExpertTrucBot(seed=5, respond=told((ALWAYS, ALWAYS)))
    other = make_bot("truc", "always_raise", seed=6)
    s = truc.new_game(seed=41, dealer=1)
    first = s.round_no
    while s.round_no == first and not s.is_terminal():
        p = s.current_player
        assert p is not None
        s = s.apply((expert if p == 0 else other).choose(s.observation(p)))
    assert expert.responded > 0 and expert.reading is not None
    assert expert.reading.rounds == 0  # nothing read yet: it was told


def test_without_a_fallback_missing_files_are_an_error(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    """The fallback is given, not built in: a solved player built without one says that
    its files are missing; ``make_bot``'s plays on with the hard tier (test_solved)."""
    import truf_tui.strategy.shipped as shipped

    def missing(reread: bool = False) -> list:
        raise BlueprintError("no solved strategy is installed")

    monkeypatch.setattr(shipped, "tables", missing)
    s = truc.new_game(seed=4)
    o = s.observation(s.to_move)
    for bot in (SolvedTrucBot(seed=4), ExpertTrucBot(seed=4)):
        with pytest.raises(BlueprintError):
            bot.choose(o)
    backup = make_bot("truc", "easy", seed=4)
    given = ExpertTrucBot(seed=4, fallback=lambda seed, iterations: backup)
    assert given.choose(o) in s.legal_actions()
    assert given.solved.backup(BlueprintError("gone")) is backup
