"""Snapshots of the card tables at 100×32, seeded: both tables mid-game, a pending raise, a
trufego, the take chooser, a round summary and both results screens.

Update them with ``make snapshot-update`` after a deliberate change, and look at them."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from truf_tui.engine import trufludo
from truf_tui.ui.screens.summary import TrucResults

from .tables_support import ScriptBot, make_app, settle, start, table_of, trufludo_state

SIZE = (100, 32)


def test_trufludo_mid_game(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await start(pilot, "trufludo", seed=11, bot=ScriptBot())
        for key in "2121":
            await pilot.press(key)
            await settle(pilot)
        await pilot.press("l")  # with the move log
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_trufludo_take_chooser(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        t = await start(pilot, "trufludo", seed=11, bot=ScriptBot())
        t.load_state(trufludo_state([["7H", "2S", "3C"], ["5D", "9S", "KC"]],
                                    ["3H", "10H", "6C", "KD"], stock=18))
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_trufludo_trufego(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        t = await start(pilot, "trufludo", seed=11, bot=ScriptBot())
        state = trufludo_state([["7H", "2S", "3C"], ["5D", "9S"]], ["4H"], stock=18)
        t.load_state(state)
        await settle(pilot)
        await pilot.press("1")  # 7H takes the only card on the table, 4H: a trufego, and again (F8)
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_trufludo_results(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        t = await start(pilot, "trufludo", seed=11, bot=ScriptBot())
        rules = trufludo.Rules()
        state = trufludo_state([["7H"], []], ["4H", "KS"], stock=0, rules=rules)
        t.load_state(state)
        await settle(pilot)
        await pilot.press("1")  # the last card of the game
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_truc_mid_round(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await start(pilot, "truc", seed=11, dealer=1, bot=ScriptBot("play"))
        await pilot.press("2")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_truc_pending_raise(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await start(pilot, "truc", seed=11, dealer=0, bot=ScriptBot("raise", "play"))

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_truc_round_summary(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await start(pilot, "truc", seed=11, dealer=1, bot=ScriptBot("play"))
        for _ in range(3):
            t = table_of(pilot.app)
            if pilot.app.screen is not t:
                break
            await pilot.press("1")
            await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_truc_results(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await start(pilot, "truc", seed=11, dealer=1, rules={"target": 2},
                    bot=ScriptBot("accept", "play"))
        await pilot.press("r")  # accepted: the round is played for 2, the whole match
        await settle(pilot)
        for _ in range(6):
            t = table_of(pilot.app)
            if isinstance(pilot.app.screen, TrucResults):  # graded against the computer
                break
            await pilot.press("enter" if pilot.app.screen is not t else "1")
            await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_trufludo_cards_by_suit_at_80x24(snap_compare: Any) -> None:
    """The played-cards view (c) beside the table cards on the smallest supported screen."""
    async def run_before(pilot: Pilot[Any]) -> None:
        t = await start(pilot, "trufludo", seed=11, bot=ScriptBot())
        t.load_state(trufludo_state([["7H", "2S", "3C"], ["5D", "9S", "KC"]],
                                    ["4H", "KS", "6C"], stock=18))
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)
