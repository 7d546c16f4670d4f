"""Snapshots of the coach at 100×32, seeded: the hint panel on both tables, the practice
round summary with its review, the session's bluff statistics and Trufludo's warning.

Update them with ``make snapshot-update`` after a deliberate change, and look at them."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from truf_tui.ui.config import GameConfig

from .tables_support import ScriptBot, make_app, settle, start, trufludo_state
from .test_coach_ui import WEAK, deal, start_with

SIZE = (100, 32)


def test_trufludo_hint_panel(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        t = await start(pilot, "trufludo", seed=11, bot=ScriptBot())
        t.load_state(trufludo_state([["7H", "2S", "3C"], ["5D", "9S", "KC"]], ["4H", "KS"],
                                    stock=18))
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_truc_hint_panel(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await start(pilot, "truc", seed=11, dealer=0, bot=ScriptBot("raise", "play"))
        await pilot.press("h")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


async def _practice_round(pilot: Pilot[Any]) -> None:
    t = await start_with(pilot, GameConfig(game="truc", seed=1, dealer=1, practice=True),
                         ScriptBot("raise", "play"))
    t.load_state(deal(("7H", "7S", "8H"), WEAK))
    await settle(pilot)
    await pilot.press("3")  # you lead 8H; the computer raises with nothing
    await settle(pilot)
    await pilot.press("x")  # and you refuse
    await settle(pilot)


def test_truc_practice_round_summary(snap_compare: Any) -> None:
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=_practice_round)


def test_bluff_statistics(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await _practice_round(pilot)
        await pilot.press("b")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_trufludo_practice_warning(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        t = await start_with(pilot, GameConfig(game="trufludo", seed=11, practice=True),
                             ScriptBot())
        t.load_state(trufludo_state([["7H", "2S", "3C"], ["5D", "9S", "KC"]], ["4H", "KS"],
                                    stock=18))
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)
