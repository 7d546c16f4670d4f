"""The replay viewer shows the stake the live table showed (issue 16, item 4): during an
accepted *Mia resto* (T8) the round is played for the game, not for the points of
``State.stake`` (which keeps the stake from before the rest, for a refusal, T8/T9)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from truf_tui.engine import truc
from truf_tui.engine.record import GameRecord
from truf_tui.play.config import HUMAN
from truf_tui.store import History, game_meta
from truf_tui.ui.i18n import set_language, tr
from truf_tui.ui.screens.replay import ReplayScreen

from .tables_support import make_app

SIZE = (100, 32)


def rest_game() -> tuple[GameRecord, int, int]:
    """A match with a raise accepted (stake 2, T7) then a rest accepted (T8), played out;
    with the move numbers right after the raise's and the rest's acceptance."""
    s = truc.new_game(truc.Rules(target=12), seed=5)
    moves: list[str] = []

    def do(a: str) -> None:
        nonlocal s
        s = s.apply(a)
        moves.append(a)

    do("raise")
    do("accept")
    after_raise = len(moves)
    assert s.stake == 2 and not s.rest
    p = s.to_move
    assert p is not None
    do(str(next(a for a in s.legal_actions() if a.kind == "play")))
    do("rest")  # the other player: the one who did not raise last (T7 alternation)
    do("accept")
    after_rest = len(moves)
    assert s.rest and s.stake == 2  # the engine keeps the old stake for a refusal
    while not s.is_terminal():
        do(str(next(a for a in s.legal_actions() if a.kind == "play")))
    return GameRecord.from_state(s, **game_meta(tier="easy", human=HUMAN)), after_raise, \
        after_rest


def board(screen: Any) -> str:
    return str(screen.query_one("#replay-board", Static).content)


@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_replay_shows_mia_resto_as_the_stake_while_it_is_accepted(
        tmp_path: Path, lang: str) -> None:
    record, after_raise, after_rest = rest_game()
    with History(tmp_path) as history:
        history.add_game(record)
        [row] = history.games()
    app = make_app(lang=lang)
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = ReplayScreen(row)
            app.push_screen(screen)
            await pilot.pause()
            screen.go_to(after_raise)  # an ordinary accepted raise: the points
            await pilot.pause()
            head = board(screen).splitlines()[0]
            assert tr("replay.t.round", n=1, dealer=screen.seat_name(
                screen.states[after_raise].dealer), stake=2, you=0, computer=0,
                target=12) == head
            screen.go_to(after_rest)  # the accepted rest: for the game, as on the table
            await pilot.pause()
            head = board(screen).splitlines()[0]
            assert tr("replay.t.stake.rest") in head
            assert tr("replay.t.stake.rest") != "replay.t.stake.rest"
            assert "· " + ("stake" if lang == "en" else "veto") + " 2 ·" not in head
    finally:
        set_language("en")
