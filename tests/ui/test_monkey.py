"""A monkey at the keyboard and the mouse: thousands of random keys and clicks against seeded
games of both kinds.  Nothing may raise, the app must keep running, and the engine state on
every table must stay a valid state (it survives a round trip through ``to_dict``)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot

from truf_tui.ui.screens.dialogs import ConfirmDialog, ConfirmLoss, ConfirmQuit
from truf_tui.ui.screens.start import StartScreen
from truf_tui.ui.screens.table_base import TableScreen

from .tables_support import SIZE, make_app, settle, start

# Everything a player might press at a table, including keys that mean nothing there.
# Left out: q (quitting is the shell's test), Ctrl+P (the palette runs typed commands),
# Ctrl+S/F2 (random settings would slow the monkey down).
KEYS = ["1", "2", "3", "4", "9", "0", "left", "right", "up", "down", "enter", "space",
        "escape", "tab", "shift+tab", "backspace", "home", "l", "r", "m", "a", "x", "f", "d",
        "h", "y", "n", "p", "z", "?", "f1"]
EVENTS = 800  # per game: 1600 events, about half a minute in all


def send_key(app: Any, key: str) -> None:
    """A key event without Pilot's wait for idleness: the monkey types fast."""
    char = key if len(key) == 1 else None
    if key == "?":
        key, char = "question_mark", "?"
    elif key == "space":
        char = " "
    app._driver.send_message(events.Key(key, char))


def send_click(app: Any, x: int, y: int) -> None:
    screen = app.screen
    args = {"widget": screen, "x": x, "y": y, "delta_x": 0, "delta_y": 0, "button": 1,
            "shift": False, "meta": False, "ctrl": False, "screen_x": x, "screen_y": y}
    app.mouse_position = (x, y)
    for cls in (events.MouseDown, events.MouseUp):
        screen._forward_event(cls(**args))
    screen._forward_event(events.Click(**args, chain=1))


def check_tables(app: Any) -> int:
    """Every table's state is valid; returns the number of moves played on them."""
    moves = 0
    for screen in app.screen_stack:
        if isinstance(screen, TableScreen):
            s = screen.state
            assert type(s).from_dict(s.to_dict()) == s
            assert s.is_terminal() or s.legal_actions()
            moves += len(s.history)
    return moves


async def monkey(pilot: Pilot[Any], game: str, seed: int) -> int:
    app = pilot.app
    rng = random.Random(seed)
    await start(pilot, game, seed=seed, tier="easy")
    width, height = SIZE
    games = most = 0
    for i in range(EVENTS):
        assert app.is_running
        screen = app.screen
        if isinstance(screen, ConfirmQuit):
            send_key(app, "n")
        elif isinstance(screen, ConfirmDialog | ConfirmLoss):
            send_key(app, rng.choice("yn"))  # the shell's questions are answered by key
        elif isinstance(screen, StartScreen):
            send_key(app, "p")  # back at the menu: deal again
            games += 1
        elif rng.random() < 0.2:
            # Anywhere but the key bar (its hints include quitting).
            send_click(app, rng.randrange(width), rng.randrange(height - 1))
        else:
            send_key(app, rng.choice(KEYS))
        await asyncio.sleep(0)
        most = max(most, check_tables(app))
        if i % 25 == 0:
            await settle(pilot, 1)
    await settle(pilot)
    check_tables(app)
    assert most >= 10, "the monkey never got the game going"
    return games


@pytest.mark.parametrize("game,seed", [("trufludo", 1), ("truc", 2)])
@pytest.mark.slow
async def test_monkey(game: str, seed: int) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await monkey(pilot, game, seed)
        assert app.is_running
