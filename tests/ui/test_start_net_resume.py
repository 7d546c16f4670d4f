"""The start screen says when a game this app hosted online waits to be resumed (issue 39):
one line naming the friend and the game, and ``r``, which opens Play a friend with the
offer.  Nothing is said (and the start screen is unchanged) when there is nothing to
resume: no save, or one no guest had joined."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Button, Static

from truf_tui.net.seats import HOST_FILE, RECORDS_DIR
from truf_tui.net.server import Host
from truf_tui.play.config import GameConfig
from truf_tui.store import SaveStore
from truf_tui.ui.app import TrufApp
from truf_tui.ui.i18n import set_language
from truf_tui.ui.netplay import APP_HOSTED, resumable_save
from truf_tui.ui.screens import start
from truf_tui.ui.screens.friend import FriendScreen
from truf_tui.ui.screens.start import StartScreen
from truf_tui.ui.settings import Settings

from .test_persistence import finished_record
from .test_start_80x24 import check_all_in_view

SAID = {"en": "Your game online with Bo was cut short: press r to resume it.",
        "eo": "Via ludo per la reto kun Bo interrompiĝis: premu r por daŭrigi ĝin."}


def hosted_save(folder: Path, joined: bool = True, by_app: bool = True) -> None:
    """What an app hosting Le Truc (best of 3) with Bo leaves when it stops under its table
    (the host's autosave, as ``Host`` writes it); not ``by_app``: what ``host --bot``
    leaves in the same data folder (seats.host_match: its Host says no player)."""
    host = Host(GameConfig(game="truc", best_of=3), bind="127.0.0.1",
                name="Ana" if by_app else "Computer (expert)")
    if by_app:
        host.played_by = APP_HOSTED  # as NetSession.hosting
    save: dict[str, Any] = host.snapshot()
    save["names"][1] = "Bo"
    save["guest_joined"] = joined
    (folder / RECORDS_DIR).mkdir(parents=True, exist_ok=True)
    (folder / RECORDS_DIR / HOST_FILE).write_text(json.dumps(save), encoding="utf-8")


def test_the_start_screen_looks_where_the_host_saves() -> None:
    assert start.NET_SAVE == Path(RECORDS_DIR, HOST_FILE)


@pytest.mark.parametrize("size", [(100, 32), (80, 24)])
@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_a_hosted_game_to_resume_is_said_and_r_opens_the_offer(
        tmp_path: Path, lang: str, size: tuple[int, int]) -> None:
    hosted_save(tmp_path)
    assert resumable_save(tmp_path) is not None
    # A game against the computer to continue as well: both are said, all in view.
    SaveStore(tmp_path).save_current(finished_record("truc", 5, stop_before_end=True,
                                                     tier="expert"))
    app = TrufApp(settings=Settings(pace="instant"), data_dir=tmp_path, lang=lang)
    try:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, StartScreen)
            line = screen.query_one("#net-resume", Static)
            assert line.display and line.region.height == 1
            assert " ".join(str(line.render()).split()) == SAID[lang]
            assert line.region.bottom <= screen.query_one("#start-keys").region.y
            assert screen.query_one("#start-body", VerticalScroll).max_scroll_y == 0
            if size == (80, 24):
                check_all_in_view(screen, f"{lang} with a game to resume")
            assert screen.query_one("#resume-row").display  # Continue is still there
            await pilot.press("r")
            await pilot.pause()
            friend = app.screen
            assert isinstance(friend, FriendScreen) and friend.save is not None
            assert friend.focused is friend.query_one("#resume", Button)
            # Forgotten there: back at the start screen, nothing is said any more.
            await pilot.click("#forget")
            for _ in range(100):
                await pilot.pause(0.02)
                if resumable_save(tmp_path) is None:
                    break
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen and not line.display
    finally:
        set_language("en")


@pytest.mark.parametrize("save", [None, "unjoined", "host --bot"])
async def test_nothing_to_resume_says_nothing(tmp_path: Path, save: str | None) -> None:
    """No save, a game hosted and given up before anyone joined, or the unfinished match of
    ``host --bot`` in the same data folder (a computer played the host's seat: only
    ``host --resume`` goes on with it, never the app's player): no line, and r does
    nothing; Play a friend offers nothing either (the same resumable_save)."""
    if save is not None:
        hosted_save(tmp_path, joined=save != "unjoined", by_app=save != "host --bot")
        assert (tmp_path / RECORDS_DIR / HOST_FILE).exists()
    assert resumable_save(tmp_path) is None
    app = TrufApp(settings=Settings(pace="instant"), data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        assert not screen.query_one("#net-resume").display
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is screen
