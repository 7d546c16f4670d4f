"""Quitting at a table played with a friend online (q, Ctrl+Q, the palette's Quit) is leaving
it: the question says what leaving says, per side, and quitting does it (the host's player
ends the game for both, told as an end; the guest's seat is kept).  A host that ends the
game while its friend is away stays to tell them on their return, also once its app has
quit; the browser tab of ``host --web`` is told to reload the page, not to paste a code
(issue 39)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from textual.widgets import Static

from tests.ui.tables_support import hold_reconnect
from tests.ui.test_net_leave import app_in, at_table, next_lost
from tests.ui.test_net_resume import until
from tests.ui.test_netplay import host_code, type_code
from truf_tui.net.seats import HOST_FILE, SEAT_FILE
from truf_tui.play.config import GameConfig
from truf_tui.ui import netplay
from truf_tui.ui.i18n import set_language
from truf_tui.ui.netplay import ENDED, LEFT_AWAY, Lost, NetSession, Reconnecting, lost_words
from truf_tui.ui.screens.dialogs import ConfirmQuitOnline
from truf_tui.ui.screens.friend import FriendScreen
from truf_tui.ui.screens.net_table import NetPlay

SIZE = (100, 32)


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(FriendScreen, "BIND", "127.0.0.1")
    monkeypatch.setattr(netplay, "RETRY_SECONDS", 0.05)


def question(app: Any) -> str:
    assert isinstance(app.screen, ConfirmQuitOnline)
    return str(app.screen.query_one("#dialog-message", Static).content)


async def test_the_host_quitting_ends_the_game_as_leaving_does(tmp_path: Path) -> None:
    """Not "the game in progress will be lost", and not the app stopping (was: the guest
    read that Ana's truf-tui stopped and could be resumed, and host.json stayed)."""
    app = app_in(tmp_path / "host")
    guest: NetSession | None = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            code = await host_code(pilot)
            guest = await NetSession.joining(code, name="Bo", folder=tmp_path / "guest",
                                             keep_seat=True)
            await at_table(pilot)
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, ConfirmQuitOnline))
            text = question(app)
            assert "This ends the game for both of you: Bo is told you ended it." in text
            assert "lost" not in text
            await pilot.press("y")
        lost = await next_lost(guest)
        assert lost.why == ENDED and not lost.resumable
        await until(None, lambda: not (tmp_path / "host" / "net" / HOST_FILE).exists())
    finally:
        if guest is not None:
            await guest.close()
    assert not (tmp_path / "guest" / "net" / SEAT_FILE).exists()


async def test_the_guest_quitting_is_told_its_seat_is_kept(tmp_path: Path) -> None:
    """Ctrl+Q at the guest's table (eo): the words of leaving; n stays at the table."""
    host, invite = await NetSession.hosting(GameConfig(game="trufludo"), name="Ana",
                                           bind="127.0.0.1")
    try:
        app = app_in(tmp_path, "eo")  # a data folder: the seat is kept
        async with app.run_test(size=SIZE) as pilot:
            await type_code(pilot, invite.code())
            await at_table(pilot)
            await pilot.press("ctrl+q")
            await until(pilot, lambda: isinstance(app.screen, ConfirmQuitOnline))
            text = question(app)
            assert "Via sidloko restas: alglui la saman kodon ĉe Aliĝi dum 5 minutoj" in text
            assert "Intertempe Ana rajtas fini la ludon" in text
            await pilot.press("n")
            await until(pilot, lambda: isinstance(app.screen, NetPlay))
            app.game_in_progress = False  # nothing to ask as the test's app ends
    finally:
        set_language("en")
        await host.close()


async def test_a_host_ending_the_game_while_the_friend_is_away_tells_them_on_return(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's player leaves (or quits) while Bo's line is down: the host stays, and Bo,
    back within the 5 minutes, reads that Ana ended the game (was: nobody answered, and Bo
    read that the line was lost and that Ana could resume the game).  Once the app's
    interface is gone, the terminal says the host waits (``after_the_app``)."""
    back = hold_reconnect(monkeypatch)
    host, invite = await NetSession.hosting(GameConfig(game="trufludo"), name="Ana",
                                           bind="127.0.0.1", folder=tmp_path / "host")
    guest = await NetSession.joining(invite.code(), name="Bo", folder=tmp_path / "guest",
                                     keep_seat=True)
    guest.rejoin_seconds = 3.0  # (without the host staying: given up soon)
    said: list[str] = []
    try:
        await asyncio.wait_for(host.guest_joined(), 10)
        while not isinstance(await asyncio.wait_for(guest.queue.get(), 10), netplay.Turn):
            pass  # dealt: mid-game
        guest.client._writer.transport.abort()  # type: ignore[union-attr]
        await until(None, host.friend_away)
        await host.close()  # the player left the table (Esc, Leave; or quit)
        assert not (tmp_path / "host" / "net" / HOST_FILE).exists()  # not to be resumed
        after = asyncio.ensure_future(netplay.after_the_app(said.append))
        await until(None, lambda: bool(said))
        back.set()  # Bo's table takes its seat back
        lost = await next_lost(guest)
        await asyncio.wait_for(after, 10)  # the host told Bo, and stopped waiting
    finally:
        back.set()
        await guest.close()
        for task in list(netplay._lingering):
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
    assert lost.why == LEFT_AWAY and not lost.resumable and lost.winner is None
    words = lost_words(lost, "Ana")
    assert words.startswith("Ana ended the game while you were away.")
    assert "can start truf-tui again" not in words  # no resume promised
    assert len(said) == 1 and re.match(r"truf-tui: Bo is away\. Waiting up to [45]:\d\d ",
                                       said[0]), said
    assert not (tmp_path / "guest" / "net" / SEAT_FILE).exists()  # nothing to take back


@pytest.mark.parametrize(("lang", "reload"), [("en", "reload this page"),
                                              ("eo", "reŝargu ĉi tiun paĝon")])
def test_the_browser_tabs_guest_is_told_to_reload_the_page(lang: str, reload: str) -> None:
    """The guest of ``host --web`` plays in a browser tab with no Join box: its link (by
    the cookie) takes the seat back, so it is told to reload, never to paste a code."""
    from truf_tui.ui.screens.net_table import NetPlay

    net = SimpleNamespace(host=None, seat_kept=object(), in_browser=True,
                          other_name=lambda: "Ana")
    set_language(lang)
    try:
        said = []
        for reconnecting in (False, True):
            table = SimpleNamespace(net=net, _reconnecting=reconnecting)
            said.append(" ".join(netplay.tr(k, **f)
                                 for k, f in NetPlay.leaving_words(table)))  # type: ignore[arg-type]
        said.append(netplay.tr("net.reconnecting.guest.web", name="Ana"))
        said.append(lost_words(Lost(netplay.STOPPED, resumable=True), "Ana", in_browser=True))
        in_app = lost_words(Lost(netplay.STOPPED, resumable=True), "Ana")
    finally:
        set_language("en")
    for text in said:
        assert "Join" not in text and "Aliĝi" not in text and "cod" not in text.lower(), text
    assert all(reload in text for text in said[:3]), said
    assert "Join" in in_app or "Aliĝi" in in_app  # the app's guest: the new code on Join


async def test_a_web_guests_table_says_reload_when_its_line_drops() -> None:
    """The notice while the tab's table takes its seat back."""
    from truf_tui.engine import truc
    from truf_tui.net.client import Turn
    from truf_tui.ui.screens.net_table import net_table

    from .test_snapshots_net import StandIn

    obs = dict(truc.new_game(seed=11, dealer=0).observation(1))
    session: Any = StandIn(obs)
    session.in_browser = True
    app = app_in(None)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(net_table(session, Turn(0, 0, None, obs, [])))
        await pilot.pause()
        await session.queue.put(Reconnecting())
        await until(pilot, lambda: bool(app._notifications))
        notes = " ".join(str(n.message) for n in app._notifications)
        assert "reload this page" in notes and "Join" not in notes


def test_the_command_line_waits_while_a_host_tells_its_away_friend(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``cli.run_app``: the app's loop runs on once its interface is gone, while a host
    that ended the game with its friend away waits for them, and the terminal says so
    (was: the process ended with the interface, and the friend found nobody)."""
    from truf_tui import cli

    told: list[bool] = []

    class App:
        """Stands in for TrufApp: quitting leaves a host staying for its away friend."""

        def run(self, loop: asyncio.AbstractEventLoop) -> None:
            async def quit_with_friend_away() -> None:
                async def telling() -> None:
                    await asyncio.sleep(0.2)
                    told.append(True)

                task = netplay._keep_going(telling())
                netplay._telling[task] = ("Bo", asyncio.get_running_loop().time() + 90)
                task.add_done_callback(netplay._told)

            loop.run_until_complete(quit_with_friend_away())

    cli.run_app(App())  # type: ignore[arg-type]
    assert told == [True]
    err = capsys.readouterr().err
    assert "truf-tui: Bo is away. Waiting up to 1:30 to tell them" in err
