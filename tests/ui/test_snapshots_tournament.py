"""Snapshots of the tournament's set-up and bracket screens (F12).

Plain ``def`` tests: pytest-textual-snapshot runs the app itself.  Nothing here is random:
the bracket is a tournament built with fixed results.
"""

from __future__ import annotations

from typing import Any

from truf_tui.play.matches import Entrant, TournamentRun
from truf_tui.ui.app import TrufApp

SIZE = (100, 32)


def _tournament() -> TournamentRun:
    players = [Entrant("p1", "you"), Entrant("p2", "friend", name="Ada"),
               Entrant("p3", "computer", "medium"), Entrant("p4", "computer", "hard")]
    run = TournamentRun.new("trufludo", {}, players, best_of=3, seed=1)
    # Semi-final 1: you beat Ada 2-1; semi-final 2: a draw, then the hard computer 2-0.
    for result in (0, 1, 0, None, 1, 1):
        run = run.record(result)
    return run


def _app_with(run: TournamentRun | None, lang: str = "en") -> TrufApp:
    app = TrufApp(lang=lang)
    app.tournament = run
    return app


def test_tournament_setup(snap_compare: Any) -> None:
    async def open_setup(pilot: Any) -> None:
        await pilot.pause()
        await pilot.press("t")
        await pilot.click("#kind-p3-4")  # player 3: a friend, with a name field
        await pilot.pause()

    assert snap_compare(_app_with(None), terminal_size=SIZE, run_before=open_setup)


def test_tournament_bracket(snap_compare: Any) -> None:
    async def open_bracket(pilot: Any) -> None:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()

    assert snap_compare(_app_with(_tournament()), terminal_size=SIZE, run_before=open_bracket)


def test_tournament_champion_in_esperanto_at_80x24(snap_compare: Any) -> None:
    run = _tournament().record(0).record(0)  # you win the final 2-0

    async def open_bracket(pilot: Any) -> None:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()

    assert snap_compare(_app_with(run, "eo"), terminal_size=(80, 24), run_before=open_bracket)
