"""Leaving a table played with a friend online (Esc, Leave): the question says what leaving
really does, and leaving does it.  The host's player ends the game (the guest is told so,
its seat goes, nothing is left to resume); the guest keeps its seat (the same code takes it
back, or the new code of a host that resumed), and a saved game against the computer is
never touched (issue 39)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tests.ui.test_net_resume import crash, until
from tests.ui.test_netplay import host_code, type_code, use, where
from tests.ui.test_persistence import finished_record
from truf_tui.net.seats import HOST_FILE, SEAT_FILE
from truf_tui.play.config import GameConfig
from truf_tui.ui import netplay
from truf_tui.ui.app import TrufApp
from truf_tui.ui.netplay import ENDED, Lost, NetSession, OpponentAway, resumable_save
from truf_tui.ui.screens.dialogs import ConfirmLeaveOnline
from truf_tui.ui.screens.friend import FriendScreen
from truf_tui.ui.screens.net_table import NetPlay
from truf_tui.ui.screens.saves import GameMenu
from truf_tui.ui.screens.start import StartScreen
from truf_tui.ui.settings import Settings

SIZE = (100, 32)


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(FriendScreen, "BIND", "127.0.0.1")
    monkeypatch.setattr(netplay, "RETRY_SECONDS", 0.05)


def app_in(folder: Path | None, lang: str = "en") -> TrufApp:
    return TrufApp(settings=Settings(pace="instant", lang=lang),
                   data_dir=None if folder is None else str(folder))


async def at_table(pilot: Pilot[Any]) -> NetPlay:
    app = use(pilot)
    await until(pilot, lambda: isinstance(app.screen, NetPlay), why=lambda: where(app))
    table = app.screen
    assert isinstance(table, NetPlay)
    await pilot.pause(0.2)  # drawn
    return table


async def leave_question(pilot: Pilot[Any]) -> str:
    """Esc, Leave: the question's text (the question stays open)."""
    app = use(pilot)
    await pilot.press("escape")
    await until(pilot, lambda: isinstance(app.screen, GameMenu))
    await pilot.press("l")
    await until(pilot, lambda: isinstance(app.screen, ConfirmLeaveOnline),
                why=lambda: where(app))
    assert not app.screen.query("#save"), "nothing to save under a name"
    return str(app.screen.query_one("#dialog-message", Static).content)


async def next_lost(session: NetSession) -> Lost:
    while True:
        event = await asyncio.wait_for(session.queue.get(), 10)
        if isinstance(event, Lost):
            return event


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "This ends the game for both of you: Bo is told you ended it. The game in play "
           "counts for neither of you"),
    ("eo", "Tio finas la ludon por vi ambaŭ: Bo ekscios, ke vi finis ĝin.")])
async def test_the_host_leaving_ends_the_game_and_says_so(tmp_path: Path, lang: str,
                                                          said: str) -> None:
    """Not "the game in progress will be lost", and not the app stopping either: the guest
    reads that its friend ended the game, its seat goes, and nothing is left to resume."""
    app = app_in(tmp_path / "host", lang)
    guest: NetSession | None = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            code = await host_code(pilot)
            guest = await NetSession.joining(code, name="Bo", folder=tmp_path / "guest",
                                             keep_seat=True)
            await at_table(pilot)
            assert resumable_save(tmp_path / "host") is not None
            text = await leave_question(pilot)
            assert said in text and "lost" not in text
            await pilot.press("y")
            await until(pilot, lambda: isinstance(app.screen, StartScreen))
            lost = await next_lost(guest)
            assert lost.why == ENDED and not lost.resumable
            await until(pilot, lambda: not (tmp_path / "host" / "net" / HOST_FILE).exists())
    finally:
        if guest is not None:
            await guest.close()
    assert not (tmp_path / "guest" / "net" / SEAT_FILE).exists()


async def test_the_guest_leaving_keeps_its_seat_and_the_same_code_takes_it_back(
        tmp_path: Path) -> None:
    """The guest's seat is kept (the question says so, and that the host may meanwhile end
    the game as its win); the same code on Join takes it back.  The saved game against the
    computer that the start screen offers stays (it was discarded, as if leaving it)."""
    folder = tmp_path / "guest"
    folder.mkdir()
    saved = finished_record("trufludo", 5, stop_before_end=True)
    (folder / "current.json").write_text(saved.to_json(), encoding="utf-8")
    host, invite = await NetSession.hosting(GameConfig(game="trufludo"), name="Ana",
                                           bind="127.0.0.1")
    try:
        app = app_in(folder)
        async with app.run_test(size=SIZE) as pilot:
            assert app.saved_game is not None
            await type_code(pilot, invite.code())
            await at_table(pilot)
            text = await leave_question(pilot)
            assert "Your seat is kept: paste the same code on Join within 5 minutes" in text
            assert "Meanwhile Ana may end the game, and it then counts as Ana's win." in text
            await pilot.press("y")
            await until(pilot, lambda: isinstance(app.screen, StartScreen))
            while not isinstance(await asyncio.wait_for(host.queue.get(), 10), OpponentAway):
                pass  # the host waits for Bo
            assert (folder / "net" / SEAT_FILE).exists()
            assert app.saved_game is not None and (folder / "current.json").exists()
            assert app.screen.query_one("#resume-row").display
            await type_code(pilot, invite.code())  # the same code: the seat back
            table = await at_table(pilot)
            assert table.me == 1 and table.who(0) == "Ana"
    finally:
        await host.close()


async def test_a_guest_whose_host_vanished_is_told_how_its_kept_seat_comes_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Leaving while the table tries to take its seat back: the seat stays kept for the host
    back at its address, or resumed with a new code."""
    host, invite = await NetSession.hosting(GameConfig(game="trufludo"), name="Ana",
                                           bind="127.0.0.1")
    try:
        app = app_in(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await type_code(pilot, invite.code())
            table = await at_table(pilot)
            crash(host, monkeypatch)
            await until(pilot, lambda: table._reconnecting)
            await pilot.press("escape")  # the notice "taking your seat back…" stays
            await pilot.pause()
            await pilot.press("l")
            await until(pilot, lambda: isinstance(app.screen, ConfirmLeaveOnline))
            text = str(app.screen.query_one("#dialog-message", Static).content)
            assert "Your seat is kept: when Ana is back (or resumes the game and sends you a " \
                   "new code), paste the code on Join" in text
            assert "win" not in text
            await pilot.press("y")
            await until(pilot, lambda: isinstance(app.screen, StartScreen))
        assert (tmp_path / "net" / SEAT_FILE).exists()
    finally:
        await host.close()


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "This truf-tui keeps no data folder, so your seat is not kept"),
    ("eo", "Ĉi tiu truf-tui havas neniun datumdosierujon, do via sidloko ne restas")])
async def test_a_guest_with_no_data_folder_is_told_it_cannot_come_back(
        lang: str, said: str) -> None:
    host, invite = await NetSession.hosting(GameConfig(game="trufludo"), name="Ana",
                                           bind="127.0.0.1")
    try:
        app = app_in(None, lang)
        async with app.run_test(size=SIZE) as pilot:
            await type_code(pilot, invite.code())
            await at_table(pilot)
            text = await leave_question(pilot)
            assert said in text and "Ana" in text
            await pilot.press("n")  # stays at the table
            await until(pilot, lambda: isinstance(app.screen, NetPlay))
    finally:
        await host.close()


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Bo is away. This ends the game: the game in play counts for neither of you"),
    ("eo", "Bo forestas. Tio finas la ludon: la nuna ludo validas por neniu el vi")])
async def test_a_host_whose_friend_is_away_is_told_leaving_ends_the_game(
        lang: str, said: str) -> None:
    """(Not the waiting box's "End the game", which counts it as the host's win.)"""
    from truf_tui.engine import truc
    from truf_tui.net.client import Turn
    from truf_tui.ui.screens.net_table import net_table

    from .test_snapshots_net import StandIn

    obs = dict(truc.new_game(seed=11, dealer=0).observation(0))
    session: Any = StandIn(obs)
    session.seat, session.host = 0, object()  # this app hosts
    session.other_name = lambda: "Bo"
    session.friend_away = lambda: True
    app = app_in(None, lang)
    async with app.run_test(size=SIZE) as pilot:
        app.game_in_progress = True  # as the friend screen sets it
        await app.push_screen(net_table(session, Turn(0, 0, None, obs, [])))
        await pilot.pause()
        text = await leave_question(pilot)
        assert said in text and "win" not in text and "venk" not in text
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NetPlay))
        app.game_in_progress = False  # nothing to ask as the test's app ends
