"""Snapshots of the shell's screens (``make snapshot-update`` refreshes them).

Plain ``def`` tests: pytest-textual-snapshot runs the app itself.  Nothing here is random.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from tools.screenshots import fill_autosave
from truf_tui.ui.app import TrufApp
from truf_tui.ui.screens.dialogs import ConfirmReplaceSave
from truf_tui.ui.screens.help import HelpScreen
from truf_tui.ui.screens.start import StartScreen

SIZE = (100, 32)


async def _help_ready(pilot: Any) -> None:
    await pilot.press("f1")
    for _ in range(100):
        screen = pilot.app.screen
        if isinstance(screen, HelpScreen) and screen._loaded_lang:
            break
        await asyncio.sleep(0.05)
    await pilot.pause()


def test_start(snap_compare: Any) -> None:
    assert snap_compare(TrufApp(), terminal_size=SIZE)


def test_start_truc_in_esperanto(snap_compare: Any) -> None:
    async def choose_truc(pilot: Any) -> None:
        await pilot.pause()  # run_before starts before the first screen is up
        await pilot.click("#game-1")

    assert snap_compare(TrufApp(lang="eo"), terminal_size=SIZE, run_before=choose_truc)


def test_start_truc_in_esperanto_at_80x24(snap_compare: Any) -> None:
    # Issue 16, item 18: the compact form, everything in view (buttons, Rest refused, tiers).
    async def choose_truc(pilot: Any) -> None:
        await pilot.pause()
        await pilot.click("#game-1")

    assert snap_compare(TrufApp(lang="eo"), terminal_size=(80, 24), run_before=choose_truc)


@pytest.mark.slow
def test_help_en(snap_compare: Any) -> None:
    assert snap_compare(TrufApp(), terminal_size=SIZE, run_before=_help_ready)


def test_help_eo(snap_compare: Any) -> None:
    assert snap_compare(TrufApp(lang="eo"), terminal_size=SIZE, run_before=_help_ready)


def test_settings(snap_compare: Any) -> None:
    assert snap_compare(TrufApp(), terminal_size=SIZE, press=["ctrl+s"])


def test_quit_dialog(snap_compare: Any) -> None:
    async def game_then_quit(pilot: Any) -> None:
        pilot.app.game_in_progress = True  # as a table sets it
        await pilot.press("q")

    assert snap_compare(TrufApp(), terminal_size=SIZE, run_before=game_then_quit)


def test_new_game_over_the_saved_one(snap_compare: Any, _private_data_dir: Path) -> None:
    """Three ways out: lose the saved game, save it under a name first, or go back."""
    fill_autosave(_private_data_dir)

    async def ask(pilot: Any) -> None:
        for _ in range(100):  # the saved game is read as the app starts
            if pilot.app.saved_game is not None and isinstance(pilot.app.screen, StartScreen):
                break
            await asyncio.sleep(0.05)
        await pilot.press("p")
        for _ in range(100):
            if isinstance(pilot.app.screen, ConfirmReplaceSave):
                break
            await asyncio.sleep(0.05)
        await pilot.pause()

    assert snap_compare(TrufApp(data_dir=_private_data_dir), terminal_size=SIZE, run_before=ask)


def test_too_small(snap_compare: Any) -> None:
    assert snap_compare(TrufApp(), terminal_size=(72, 20))


def test_start_with_a_hosted_game_to_resume_at_80x24(snap_compare: Any,
                                                      _private_data_dir: Path) -> None:
    """Issue 39: a game hosted online cut short, and a game to continue: both said, the
    whole form in view."""
    from tests.ui.test_start_net_resume import hosted_save

    fill_autosave(_private_data_dir)
    hosted_save(_private_data_dir)

    async def ready(pilot: Any) -> None:
        for _ in range(100):  # the saved game is read as the app starts
            if pilot.app.saved_game is not None and isinstance(pilot.app.screen, StartScreen):
                break
            await asyncio.sleep(0.05)
        await pilot.pause()

    assert snap_compare(TrufApp(data_dir=_private_data_dir), terminal_size=(80, 24),
                        run_before=ready)
