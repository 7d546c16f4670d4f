"""The match table against a fixed habit (``ai.habits``): its dynamic programming against
``ai.matchtable``'s, the shipped counts, and the command that measures them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from truf_tui.ai import habits
from truf_tui.strategy import matchtable
from truf_tui.strategy.threshold import ALWAYS, GRID, NEVER


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


def test_the_shipped_counts_value_every_player_of_the_grid() -> None:
    """The shipped file has the response's outcomes against every threshold player of the
    grid, each with the command that measured it; against each the expert is ahead at
    0-0 (far ahead against the fixed habits), and a score at the target is settled."""
    data = json.loads(habits.DATA.read_text())
    assert set(data["counts"]) == {habits.key(m) for m in GRID} == set(data["commands"])
    for model in GRID:
        mw = habits.match_win_against(model)
        assert mw is not None
        least = 0.8 if model in ((NEVER, ALWAYS), (ALWAYS, ALWAYS)) else 0.6
        assert mw((0, 0), 0, 1, 12) > least and mw((0, 0), 0, 0, 12) > least, model
        assert mw((12, 5), 0, 1, 12) == 1.0 and mw((5, 12), 0, 1, 12) == 0.0
    assert habits.match_win_against((0.7, 0.5)) is None  # not a player of the grid


def test_the_mixture_is_the_posterior_mean_of_the_tables(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """``match_win_mixed``: all the weight on one player is that player's table; weights
    spread over two are the weighted mean of theirs; a player with no table counts with
    the self-play one (``matchtable``); a weight under MIXED is left out."""
    a, b, c = GRID[8], GRID[20], GRID[30]
    counts = {habits.key(a): {"0:me:1": 6, "0:opp:1": 4, "1:me:2": 5, "1:opp:1": 5},
              habits.key(b): {"0:me:1": 2, "0:opp:2": 8, "1:me:1": 3, "1:opp:1": 7}}
    monkeypatch.setattr(habits, "_MEASURING", [counts])
    habits._TABLES.clear()
    try:
        fa, fb = habits.match_win_against(a), habits.match_win_against(b)
        assert fa is not None and fb is not None
        spots = [((0, 0), 0, 1), ((5, 9), 1, 1), ((10, 3), 0, 0), ((11, 11), 1, 0)]
        one = [0.0] * len(GRID)
        one[GRID.index(a)] = 1.0
        mixed = habits.match_win_mixed(one)
        two = [0.0] * len(GRID)
        two[GRID.index(a)], two[GRID.index(b)] = 3.0, 1.0
        mixed2 = habits.match_win_mixed(two)
        self_play = [0.0] * len(GRID)
        self_play[GRID.index(c)] = 1.0
        self_play[GRID.index(a)] = habits.MIXED / 2
        mixed3 = habits.match_win_mixed(self_play)
        for pts, player, dealer in spots:
            want_a, want_b = fa(pts, player, dealer, 12), fb(pts, player, dealer, 12)
            assert mixed(pts, player, dealer, 12) == pytest.approx(want_a, abs=1e-12)
            assert mixed2(pts, player, dealer, 12) == pytest.approx(
                0.75 * want_a + 0.25 * want_b, abs=1e-12)
            assert mixed3(pts, player, dealer, 12) == pytest.approx(
                matchtable.match_win(pts, player, dealer, 12), abs=1e-12)
        assert mixed((12, 3), 0, 1, 12) == 1.0
    finally:
        habits._TABLES.clear()


def test_T10_a_table_never_values_every_score_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """Against a player the response beat in every round it met, the measured table is 1
    at every score; the response's values keep DOUBT of the self-play table, so a point
    more for me, or one less for him, is still worth having."""
    rock = (NEVER, NEVER)
    monkeypatch.setattr(habits, "_MEASURING", [{habits.key(rock): {"0:me:1": 9, "1:me:1": 9}}])
    habits._TABLES.clear()
    try:
        assert set(habits.table({"0:me:1": 9, "1:me:1": 9}, 12).values()) == {1.0}
        mw = habits.match_win_against(rock)
        assert mw is not None
        for d in (0, 1):
            assert mw((5, 0), 0, d, 12) > mw((4, 0), 0, d, 12) > mw((4, 1), 0, d, 12)
            assert mw((4, 1), 0, d, 12) > 1.0 - habits.DOUBT
    finally:
        habits._TABLES.clear()


@pytest.mark.parametrize("name", ["honest", "calling_station", "always_raise", "rock"])
def test_T7_T8_a_threshold_bot_plays_as_the_scripted_player_it_models(name: str) -> None:
    """``scripted.ThresholdTruc`` with a scripted player's thresholds (``respond``'s) plays
    that player's moves, seed for seed, over whole matches against the solved player."""
    from truf_tui.ai import make_bot
    from truf_tui.ai.scripted import ThresholdTruc
    from truf_tui.engine import truc
    from truf_tui.solve.respond import THRESHOLDS

    moves = 0
    for seed in (7, 8, 9):
        s = truc.new_game(seed=seed)
        bots = [make_bot("truc", "solved", seed=seed), make_bot("truc", name, seed=seed + 1)]
        twin = ThresholdTruc(*THRESHOLDS[name], seed=seed + 1)
        while not s.is_terminal():
            p = s.current_player
            assert p is not None
            o = s.observation(p)
            a = bots[p].choose(o)
            if p == 1:
                assert twin.choose(o) == a
                moves += 1
            s = s.apply(a)
    assert moves > 10


def test_the_command_measures_the_counts(tmp_path: Path) -> None:
    """A small run of ``python -m truf_tui.ai.habits`` writes counts in the shipped file's
    format, every round of every match counted once, with the command that measured them;
    the players it was not asked to measure keep their counts."""
    out = tmp_path / "habits.json"
    out.write_text(json.dumps({"counts": {"0.75,0.5": {"0:me:1": 3}},
                               "commands": {"0.75,0.5": "by hand"}}))
    assert habits.main(["--models", "never,always", "--matches", "2", "--steps", "1",
                        "--jobs", "1", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["counts"]["0.75,0.5"] == {"0:me:1": 3}
    assert set(data["counts"]) == set(data["commands"]) == {"0.75,0.5", "2,-1"}
    assert data["commands"]["2,-1"].startswith(
        "python -m truf_tui.ai.habits --models never,always --matches 2")
    counts = data["counts"]["2,-1"]
    assert sum(counts.values()) >= 2  # at least a round a match
    for k in counts:
        deal, who, pts = k.split(":")
        assert deal in ("0", "1") and who in ("me", "opp", "none")
        assert pts == "game" or int(pts) >= 0
    assert habits._MEASURING == []  # the shipped counts are back for the process


def test_an_unknown_player_on_the_command_line_is_refused(capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    with pytest.raises(SystemExit):
        habits.main(["--models", "0.7,0.5"])
    assert "not a player of the grid" in capsys.readouterr().err
