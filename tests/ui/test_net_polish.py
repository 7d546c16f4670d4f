"""Issue 39's rough edges, as a user of an online card game meets them: closing a hosted
session whose guest left first, the host's app stopping (not "your friend ended it"), the
rejoin window counted down, the "deal verified" notice kept off the match's results."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from truf_tui.play.config import GameConfig
from truf_tui.ui.app import TrufApp
from truf_tui.ui.i18n import set_language
from truf_tui.ui.netplay import STOPPED, Lost, NetSession, Turn, lost_words
from truf_tui.ui.screens.friend import FriendScreen
from truf_tui.ui.screens.net_table import NetLost, NetPlay, WaitingForFriend
from truf_tui.ui.settings import Settings
from truf_tui.ui.widgets.table import Markup


async def _first_turn(session: NetSession) -> Turn:
    while True:
        event = await asyncio.wait_for(session.queue.get(), 20)
        if isinstance(event, Turn):
            return event


async def test_the_hosts_close_returns_in_time_when_the_guest_closed_first() -> None:
    """The guest's table closes first; the host's close then returns within a few seconds,
    even with a match task that let one cancellation pass (Python 3.11's ``wait_for``
    drops one that comes as its wait ends): it is cancelled again, not waited for on and
    on."""
    host, invite = await NetSession.hosting(GameConfig(game="truc"), name="Ana",
                                           bind="127.0.0.1")
    guest = await NetSession.joining(invite.code(), name="Bo")
    stubborn: asyncio.Future[None] | None = None
    try:
        await asyncio.wait_for(host.guest_joined(), 10)
        await _first_turn(guest)
        await guest.close()
        await asyncio.sleep(0.2)  # the host sees the guest's line close

        async def lets_one_cancel_pass() -> None:
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.sleep(60)
            await asyncio.sleep(60)  # the second cancellation ends it

        assert host.match is not None
        host.match.cancel()
        stubborn = host.match = asyncio.ensure_future(lets_one_cancel_pass())
        await asyncio.sleep(0)
        t0 = time.monotonic()
        await asyncio.wait_for(host.close(), 10)
        assert time.monotonic() - t0 < 4
        assert stubborn.done()
    finally:
        if stubborn is not None:
            stubborn.cancel()
        await guest.close()
        await host.close()


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(FriendScreen, "BIND", "127.0.0.1")


def app_in(folder: Path | None = None, lang: str = "en") -> TrufApp:
    return TrufApp(settings=Settings(pace="instant", lang=lang),
                   data_dir=None if folder is None else str(folder))


async def until(pilot: Pilot[Any], ready: Callable[[], bool], seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while not ready():
        assert time.monotonic() < end, "it never came"
        await pilot.pause(0.02)


async def host_in_app(pilot: Pilot[Any], game: str = "trufludo") -> str:
    """The app hosts a game (the Play a friend screen, Host): its invite code."""
    app = pilot.app
    assert isinstance(app, TrufApp)
    app.play_friend(GameConfig(game=game))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, FriendScreen)
    screen.query_one("#name", Input).value = "Ana"
    await pilot.click("#host")
    await until(pilot, lambda: screen.code is not None)
    assert screen.code is not None
    return screen.code


async def join_in_app(pilot: Pilot[Any], code: str) -> None:
    app = pilot.app
    assert isinstance(app, TrufApp)
    app.play_friend(GameConfig(game="trufludo"))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, FriendScreen)
    screen.query_one("#name", Input).value = "Bo"
    screen.query_one("#code", Input).value = code
    await pilot.press("j", "enter")
    await until(pilot, lambda: isinstance(app.screen, NetPlay))


async def test_the_hosts_app_stopping_is_not_said_as_the_friend_ending_the_game() -> None:
    """The host's app quits (or its terminal closes) with the table open: its guest reads
    that the host's truf-tui stopped, not that the friend chose to end the game."""
    app = app_in()
    guest: NetSession | None = None
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            guest = await NetSession.joining(await host_in_app(pilot), name="Bo")
            await until(pilot, lambda: isinstance(app.screen, NetPlay))
            await pilot.pause(0.3)  # the table drawn
            app.exit()  # no one leaves the table: the app stops under it
        assert guest is not None
        while True:
            event = await asyncio.wait_for(guest.queue.get(), 10)
            if isinstance(event, Lost):
                break
        assert event.why == STOPPED
        words = lost_words(event, "Ana")
        assert "Ana's truf-tui stopped" in words and "ended the game" not in words
    finally:
        if guest is not None:
            await guest.close()


@pytest.mark.parametrize(("lang", "said", "resume"), [
    ("en", "The connection to Ana's game was lost", "Ana can start truf-tui again and resume"),
    ("eo", "La konekto al la ludo de Ana perdiĝis", "Ana povas relanĉi truf-tui kaj daŭrigi")])
async def test_a_lost_host_is_said_as_a_lost_connection(monkeypatch: pytest.MonkeyPatch,
                                                        lang: str, said: str,
                                                        resume: str) -> None:
    """The line to the host drops and the seat cannot be taken back (another certificate
    at that address: maybe the host resumed on the same port): the guest's table says the
    connection was lost and how the host's resumed match takes the kept seat back (its new
    code), never that the friend ended the game."""
    from truf_tui.net import client as net_client

    host, invite = await NetSession.hosting(GameConfig(game="trufludo"), name="Ana",
                                           bind="127.0.0.1")
    app = app_in(lang=lang)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await join_in_app(pilot, invite.code())

            async def gone(self: Any, timeout: float = 0.0) -> None:
                raise net_client.JoinError("another certificate", "certificate")

            monkeypatch.setattr(net_client.NetClient, "reconnect", gone)
            assert host.host is not None
            writer = host.host.seats[1].writer
            assert writer is not None
            writer.transport.abort()  # the line drops, as when the host's computer dies
            await until(pilot, lambda: isinstance(app.screen, NetLost))
            body = str(app.screen.query_one("#net-body", Markup).text)
            assert said in body and resume in body
            assert "ended the game" not in body and "finis la ludon" not in body
    finally:
        await host.close()


@pytest.mark.parametrize(("lang", "first", "later", "over"), [
    ("en", "Time left for Bo to come back: 5:00", "Time left for Bo to come back: 3:59",
     "Bo's 5 minutes are over"),
    ("eo", "Restas al Bo 5:00 por reveni", "Restas al Bo 3:59 por reveni",
     "La 5 minutoj de Bo pasis")])
async def test_the_waiting_box_counts_down_the_rejoin_window(
        monkeypatch: pytest.MonkeyPatch, lang: str, first: str, later: str,
        over: str) -> None:
    """The guest's line drops: the host's "waiting for Bo (reconnecting…)" box shows the
    time left of the 5 minutes, and counts it down every second."""
    now = [1000.0]
    monkeypatch.setattr(WaitingForFriend, "clock", staticmethod(lambda: now[0]))
    app = app_in(lang=lang)
    guest: NetSession | None = None
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            guest = await NetSession.joining(await host_in_app(pilot), name="Bo")
            await until(pilot, lambda: isinstance(app.screen, NetPlay))
            await pilot.pause(0.3)
            assert guest._reader is not None
            guest._reader.cancel()  # this guest stays away: it does not take its seat back
            guest.client._writer.transport.abort()
            await until(pilot, lambda: isinstance(app.screen, WaitingForFriend))
            body = app.screen.query_one("#net-body", Markup)
            assert first in str(body.text)
            now[0] += 61
            await until(pilot, lambda: later in str(body.text), seconds=5)
            now[0] += 1000
            await until(pilot, lambda: over in str(body.text), seconds=5)
    finally:
        if guest is not None:
            await guest.close()


@pytest.mark.parametrize("game", ["trufludo", "truc"])
async def test_deal_verified_never_covers_the_results_buttons_at_80x24(game: str) -> None:
    """At 80x24 the match's results box is up with its buttons uncovered: "deal verified"
    is a line of the box (no notice over the buttons for seconds)."""
    from textual.widgets import Button
    from textual.widgets._toast import Toast, ToastRack

    from tests.ui.test_netplay import headless_host
    from truf_tui.ui.screens.summary import Results, Summary

    def uncovered(box: Summary) -> None:
        buttons = [b.region for b in box.query(Button).results(Button)]
        assert buttons and all(r.area for r in buttons)
        racks = list(box.query(ToastRack).results(ToastRack))
        # A notice is drawn within its rack only (the rest of a long stack scrolls).
        toasts = [t.region.intersection(rack.region) for rack in racks
                  for t in rack.query(Toast).results(Toast)]
        assert not [(t, b) for t in toasts for b in buttons if t.overlaps(b)], (
            [r.region for r in racks], toasts)

    host, code = await headless_host(game)
    app = app_in()
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await join_in_app(pilot, code)
            end = time.monotonic() + 90
            while not isinstance(app.screen, Results):
                assert time.monotonic() < end, "the game did not end"
                screen = app.screen
                if isinstance(screen, Summary):  # a Le Truc round's summary
                    await pilot.pause(0.3)  # a notice sent with it would be up by now
                    uncovered(screen)
                    screen.close("continue")
                elif isinstance(screen, WaitingForFriend):
                    screen.close("wait")
                elif isinstance(screen, NetPlay) and screen.my_move():
                    screen.human_move(screen.state.legal_actions()[0])
                await pilot.pause(0.01)
            box = app.screen
            await pilot.pause(0.5)  # a notice sent with the box would be up by now
            uncovered(box)
            body = str(box.query_one("#summary-body", Markup).text)
            assert "Deal verified" in body
    finally:
        host.cancel()
        await asyncio.gather(host, return_exceptions=True)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Bo did not come back within the 5 minutes"),
    ("eo", "Bo ne revenis dum la 5 minutoj")])
async def test_the_friend_not_back_in_time_is_said_in_the_readers_words(
        lang: str, said: str) -> None:
    """The host's own table, when the 5 minutes of the countdown are over: the host's
    reason ("seat 1 did not come back") in the reader's words."""
    from truf_tui.net.server import Limits

    host, invite = await NetSession.hosting(GameConfig(game="trufludo"), name="Ana",
                                           bind="127.0.0.1")
    assert host.host is not None
    host.host.limits = Limits(rejoin_seconds=0.5)
    guest = await NetSession.joining(invite.code(), name="Bo")
    set_language(lang)
    try:
        await asyncio.wait_for(host.guest_joined(), 10)
        await _first_turn(guest)
        assert guest._reader is not None
        guest._reader.cancel()  # the guest stays away
        guest.client._writer.transport.abort()
        while True:  # the host's player moves on to the friend's turn, which never comes
            event = await asyncio.wait_for(host.queue.get(), 20)
            if isinstance(event, Turn) and event.legal:
                await host.play(event.legal[0])
            if isinstance(event, Lost):
                break
        assert said in lost_words(event, "Bo")
    finally:
        set_language("en")
        await guest.close()
        await host.close()
