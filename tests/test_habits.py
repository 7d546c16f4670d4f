"""The match table against a fixed habit (``ai.habits``): its dynamic programming against
``ai.matchtable``'s, the shipped counts, and the command that measures them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from truf_tui.ai import habits, matchtable
from truf_tui.ai.threshold import ALWAYS, NEVER


def as_counts(dist: tuple[tuple[str, str, float], ...]) -> dict[str, float]:
    """matchtable's outcomes (by non-dealer / dealer) as habits' (by me / him, I deal?)."""
    out: dict[str, float] = {}
    for who, pts, p in dist:
        for deal in (0, 1):
            if who == "none":
                k = f"{deal}:none:0"
            else:
                mine = (who == "d") == (deal == 1)
                k = f"{deal}:{'me' if mine else 'opp'}:{pts}"
            out[k] = out.get(k, 0.0) + p
    return out


@pytest.mark.parametrize("target", [3, 12])
def test_T2_T6_T10_the_table_agrees_with_the_match_table(target: int) -> None:
    """Outcomes counted by who deals give the same table as matchtable's (T2: the deal
    alternates, T6: nobody scores, T10: first to the target), at every score."""
    counts = as_counts(matchtable.outcome_distribution())
    got = habits.table(counts, target)  # type: ignore[arg-type]
    want = matchtable.table(target)
    for a in range(target):
        for b in range(target):
            for d in (0, 1):
                assert got[(a, b, d)] == pytest.approx(want[a][b][d], abs=1e-12)


def test_T10_a_player_who_wins_every_round_wins_every_match() -> None:
    counts = {"0:me:1": 5, "1:me:game": 3}
    assert all(v == pytest.approx(1.0) for v in habits.table(counts, 12).values())
    counts = {"0:me:1": 3, "0:opp:2": 7, "1:me:2": 7, "1:opp:1": 3}  # the deal's edge
    t = habits.table(counts, 12)
    for a in range(12):
        for b in range(12):
            for d in (0, 1):  # the seats swapped: P(a, b, d) = 1 - P(b, a, 1 - d)
                assert t[(a, b, d)] == pytest.approx(1.0 - t[(b, a, 1 - d)], abs=1e-12)


def test_the_shipped_counts_value_both_habits_and_nothing_else() -> None:
    """The shipped file has the response's outcomes against always accepting and always
    raising; against those the expert is far ahead at 0-0, and other players have none."""
    for model in ((NEVER, ALWAYS), (ALWAYS, ALWAYS)):
        mw = habits.match_win_against(model)
        assert mw is not None
        assert mw((0, 0), 0, 1, 12) > 0.8 and mw((0, 0), 0, 0, 12) > 0.8
        assert mw((12, 5), 0, 1, 12) == 1.0 and mw((5, 12), 0, 1, 12) == 0.0
    assert habits.match_win_against((0.75, 0.5)) is None
    assert habits.match_win_against((NEVER, NEVER)) is None


def test_the_command_measures_the_counts(tmp_path: Path) -> None:
    """A small run of ``python -m truf_tui.ai.habits`` writes counts in the shipped file's
    format, every round of every match counted once."""
    out = tmp_path / "habits.json"
    assert habits.main(["--matches", "2", "--steps", "1", "--jobs", "1",
                        "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["command"].startswith("python -m truf_tui.ai.habits")
    assert set(data["counts"]) == {habits.key(m) for m in habits.HABITS.values()}
    for counts in data["counts"].values():
        assert sum(counts.values()) >= 2  # at least a round a match
        for k in counts:
            deal, who, pts = k.split(":")
            assert deal in ("0", "1") and who in ("me", "opp", "none")
            assert pts == "game" or int(pts) >= 0
    assert habits._MEASURING == []  # the shipped counts are back for the process
