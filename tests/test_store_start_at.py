"""Matches started at a set score (the start screen's "Start at", Le Truc) in the history:
their starting points are no points scored (issue 38 B1), and they are no whole wins or
losses: the statistics keep them apart and the list of games marks them (issue 38 B4)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from truf_tui.engine import truc
from truf_tui.engine.record import GameRecord
from truf_tui.store import History, game_meta
from truf_tui.ui.i18n import set_language
from truf_tui.ui.screens.replay import result_text
from truf_tui.ui.screens.stats import rows_for


def played(seed: int, scores: tuple[int, int], human: int = 0) -> tuple[GameRecord, truc.State]:
    """A whole seeded Truc match from ``scores``, every move a random card (no raises)."""
    rng = random.Random(seed)
    s = truc.new_game(truc.Rules(), seed=seed, dealer=0, scores=scores)
    rec = GameRecord.from_state(s, **game_meta(tier="expert", game_id=f"start-{seed}",
                                               human=human,
                                               started_at="2026-01-01T00:00:00+00:00"))
    while not s.is_terminal():
        a = rng.choice([x for x in s.legal_actions() if x.kind == "play"])
        s = s.apply(a)
        rec = rec.with_move(str(a))
    return rec, s


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


def test_points_per_round_leave_out_the_starting_score(tmp_path: Path) -> None:
    rec, final = played(3, (11, 10), human=1)
    with History(tmp_path) as h:
        h.add_game(rec)
        m = h.stats().truc_points_per_round
    assert m is not None and m.count == final.round_no
    scored = [final.points[p] - final.start_scores[p] for p in (0, 1)]
    assert sum(scored) > 0
    assert m.human == pytest.approx(scored[1] / final.round_no)  # the human sat in seat 1
    assert m.computer == pytest.approx(scored[0] / final.round_no)


def test_start_at_matches_are_kept_apart_and_marked(tmp_path: Path) -> None:
    whole, _ = played(4, (0, 0))
    started, final = played(5, (10, 11))
    with History(tmp_path) as h:
        h.add_game(whole)
        h.add_game(started)
        stats = h.stats()
        rows = h.games()
    assert stats.results["truc"]["expert"].games == 1  # the match from 0-0 only
    assert stats.total("truc").games == 1
    assert stats.from_score["truc"].games == 1
    assert [r.from_score for r in rows] == [False, True]
    assert rows[1].start == (10, 11)
    table = rows_for(stats, "truc")
    assert [r[:2] for r in table[-2:]] == [("All", "1"), ("Start at …", "1")]
    assert result_text(rows[0]).endswith(f"{rows[0].score_computer}")
    assert result_text(rows[1]).endswith("(from 10–11)")
    assert final.scores() == (rows[1].score_human, rows[1].score_computer)
