"""Snapshots of hot-seat games (two people at one keyboard), seeded: the pass-the-keyboard
screen (100×32, and 80×24 in Esperanto), a Trufludo table seen by Player 2, a Truc table with
Player 1's raise to answer, and a round summary by name.

Update them with ``make snapshot-update`` after a deliberate change, and look at them."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from truf_tui.play.config import GameConfig

from .tables_support import make_app, settle

SIZE = (100, 32)


async def hotseat(pilot: Pilot[Any], game: str, keys: str = "", **kw: Any) -> None:
    pilot.app.start_game(GameConfig(game=game, opponent="human", **kw))
    await settle(pilot)
    for key in keys.split():
        await pilot.press(key)
        await settle(pilot)


def test_pass_screen(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await hotseat(pilot, "trufludo", "enter 1", seed=11, dealer=1)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_pass_screen_small_esperanto(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await hotseat(pilot, "truc", "enter 1", seed=11, dealer=1)

    assert snap_compare(make_app(lang="eo"), terminal_size=(80, 24), run_before=run_before)


def test_trufludo_table_for_player_2(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await hotseat(pilot, "trufludo", "enter 1 enter", seed=11, dealer=1)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_truc_raise_to_answer(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        # Player 2 asks "2 pli?" before the first card: Player 1 is to answer, by name.
        await hotseat(pilot, "truc", "enter r enter", seed=11, dealer=0)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


@pytest.mark.slow
def test_truc_round_summary_by_name(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await hotseat(pilot, "truc", "enter f y", seed=11, dealer=1)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_first_pass_asks_the_names(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await hotseat(pilot, "trufludo", seed=11, dealer=1)
        await pilot.press(*"Ana")

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)
