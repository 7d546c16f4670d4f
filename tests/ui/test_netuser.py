"""Play a friend as two new users would (issue 39): what stopped them, each kept fixed.

- A code copied from the screen with the mouse comes on two lines at 80 columns (with the
  box's border): pasted, the code box keeps all of it.
- At 80×24 "Joining…" and why it failed are below the fold: the screen scrolls to them.
- A guest whose app was closed (or killed) mid-match pastes the same code again and takes
  its seat back; once the match is over nothing is left to take back.
- A player who typed no name is "Host" or "Guest" in the reader's language on both tables.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.geometry import Region
from textual.widgets import Input

from tests.ui.tables_support import hold_reconnect
from truf_tui.play.config import GameConfig
from truf_tui.ui.app import TrufApp
from truf_tui.ui.screens.friend import FriendScreen
from truf_tui.ui.screens.net_table import NetPlay
from truf_tui.ui.settings import Settings


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(FriendScreen, "BIND", "127.0.0.1")


def app_in(folder: Path | None, lang: str = "en") -> TrufApp:
    return TrufApp(settings=Settings(pace="instant", lang=lang),
                   data_dir=None if folder is None else str(folder))


async def test_a_code_pasted_on_two_lines_is_kept_whole() -> None:
    app = app_in(None)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = FriendScreen(GameConfig(game="truc"))
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("j")
        code = screen.query_one("#code", Input)
        assert screen.focused is code
        # As a terminal gives a mouse selection of the invite box's two lines.
        code.post_message(events.Paste("truf1-AfK6oBRKmAIB\n  ║  AuMC4x   ║\n"))
        await pilot.pause()
        assert code.value == "truf1-AfK6oBRKmAIBAuMC4x"


@pytest.mark.parametrize(("lang", "words"), [("en", "not a whole invite code"),
                                             ("eo", "ne estas tuta invitkodo")])
async def test_why_a_code_failed_is_in_view_at_80x24(lang: str, words: str) -> None:
    # As the command line makes it: with the browser-tab choice (a row more on the screen).
    app = TrufApp(settings=Settings(pace="instant", lang=lang),
                  web_guest=lambda host, port, lang: None)  # type: ignore[arg-type,return-value]
    async with app.run_test(size=(80, 24)) as pilot:
        screen = FriendScreen(GameConfig(game="trufludo"))
        await app.push_screen(screen)
        await pilot.pause()
        screen.query_one("#code", Input).value = "truf1-not-a-code"
        await pilot.press("j", "enter")
        await pilot.pause(0.2)
        error = screen.query_one("#friend-error")
        assert words in str(error.render())
        # Drawn where the player looks: inside the screen, above the key bar.
        assert screen.query_one("#web-row").display
        assert error.region.height > 0 and Region(0, 0, 80, 23).contains_region(error.region)


async def test_the_same_code_again_takes_a_closed_apps_seat_back(tmp_path: Path) -> None:
    from truf_tui.ui.netplay import NetSession

    host, invite = await NetSession.hosting(GameConfig(game="trufludo"), name="Ana",
                                           bind="127.0.0.1")
    code = invite.code()
    seat_file = tmp_path / "net" / "seat.json"
    try:
        for visit in range(2):  # joined, the app closed mid-match; started again, the code
            app = app_in(tmp_path)
            async with app.run_test(size=(100, 32)) as pilot:
                app.play_friend(GameConfig(game="trufludo"))
                await pilot.pause()
                screen = app.screen
                assert isinstance(screen, FriendScreen)
                screen.query_one("#code", Input).value = code
                await pilot.press("j", "enter")
                for _ in range(1500):  # ≤ 30 s: ends when it comes
                    await pilot.pause(0.02)
                    if isinstance(app.screen, NetPlay):
                        break
                assert isinstance(app.screen, NetPlay), (visit, screen._error)
                assert app.screen.me == 1 and app.screen.who(0) == "Ana"
                assert seat_file.exists()
            assert seat_file.exists(), "an app closed mid-match keeps its seat"
        # The host ends the match: the guest's next close leaves nothing behind.
        guest = await NetSession.joining(code, name="", folder=tmp_path, keep_seat=True)
        await host.close()
        await guest.close()
        assert not seat_file.exists()
    finally:
        await host.close()


async def test_the_seat_file_goes_when_the_match_ends_not_when_the_app_closes(
        tmp_path: Path) -> None:
    """The guest's seat.json is removed as the host's match_over arrives, before the table
    hears of it: an app quit at once leaves nothing behind (a clean-clone run caught the
    file still there after the table's own close, which runs later)."""
    from truf_tui.net.autosave import Autosave
    from truf_tui.net.client import MatchEnded
    from truf_tui.ui.netplay import NetSession

    seat_file = tmp_path / "net" / "seat.json"
    release = asyncio.Event()

    class Client:
        keep: Any = None

        async def events(self) -> Any:
            yield MatchEnded((12, 7), "won")
            await release.wait()

        async def close(self) -> None:
            release.set()

    client = Client()
    kept = Autosave(seat_file)
    client.keep = kept
    kept({"code": "c", "seat_secret": "s"})
    await kept.flush()
    assert seat_file.exists()
    session = NetSession(client)  # type: ignore[arg-type]
    session.seat_kept = kept
    session.listen()
    event = await asyncio.wait_for(session.queue.get(), 5)
    assert isinstance(event, MatchEnded) and session.over
    assert not seat_file.exists() and client.keep is None
    await session.close()
    assert not seat_file.exists()


@pytest.mark.parametrize(("lang", "names"), [("en", ("Host", "Guest")),
                                             ("eo", ("Gastiganto", "Gasto"))])
async def test_no_name_typed_is_host_or_guest_in_the_readers_language(
        lang: str, names: tuple[str, str]) -> None:
    from truf_tui.ui.i18n import set_language
    from truf_tui.ui.netplay import NetSession

    host, invite = await NetSession.hosting(GameConfig(game="trufludo"), name="",
                                           bind="127.0.0.1")
    guest = await NetSession.joining(invite.code(), name="")
    try:
        await asyncio.wait_for(host.guest_joined(), 10)
        set_language(lang)
        assert host.names() == names and guest.names() == names
        assert guest.other_name() == names[0]
    finally:
        set_language("en")
        await host.close()
        await guest.close()


@pytest.mark.parametrize(("lang", "title", "friend"), [
    ("en", "against a friend online", "your friend"),
    ("eo", "kontraŭ amiko per la reto", "via amiko")])
async def test_the_start_screen_names_the_friend_not_the_computer(
        lang: str, title: str, friend: str) -> None:
    """With "a friend online" chosen, the title and the first dealer name the friend."""
    from textual.widgets import RadioButton, Static

    from truf_tui.ui.choices import ChoiceSet
    from truf_tui.ui.screens.start import StartScreen

    app = app_in(None, lang)
    async with app.run_test(size=(100, 32)) as pilot:
        start = app.screen
        assert isinstance(start, StartScreen)
        choice = start.query_one("#opponent", ChoiceSet)
        await pilot.click(f"#opponent-{choice.values.index('friend')}")
        await pilot.pause()
        assert title in str(start.query_one("#start-title", Static).render())
        dealers = [str(b.label) for b in start.query_one("#dealer", ChoiceSet)
                   .query(RadioButton)]
        assert friend in dealers and not any("comput" in d for d in dealers), dealers


async def test_the_hosts_table_stops_waiting_when_the_friend_is_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The guest's line drops and comes back before anyone moves: the host's "waiting for
    … (reconnecting…)" closes by itself (no position comes to say so when the next move
    is the friend's)."""
    from truf_tui.ui.netplay import NetSession
    from truf_tui.ui.screens.net_table import WaitingForFriend
    from truf_tui.ui.screens.start import StartScreen

    back = hold_reconnect(monkeypatch)  # away until the test says
    app = app_in(tmp_path / "host")
    guest: NetSession | None = None
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            start = app.screen
            assert isinstance(start, StartScreen)
            app.play_friend(start.config())
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, FriendScreen)
            await pilot.click("#host")
            for _ in range(1500):  # ≤ 30 s: ends when it comes
                await pilot.pause(0.02)
                if screen.code:
                    break
            assert screen.code
            guest = await NetSession.joining(screen.code, name="Bo")
            for _ in range(1500):
                await pilot.pause(0.02)
                if isinstance(app.screen, NetPlay):
                    break
            table = app.screen
            assert isinstance(table, NetPlay)
            guest.client._writer.transport.abort()  # type: ignore[union-attr]
            for _ in range(1500):
                await pilot.pause(0.02)
                if isinstance(app.screen, WaitingForFriend):
                    break
            assert isinstance(app.screen, WaitingForFriend)
            assert "rejoining" in table.seat_note(table.opp)
            back.set()  # the guest is back; nobody moves
            for _ in range(250):  # ≤ 5 s
                await pilot.pause(0.02)
                if app.screen is table:
                    break
            assert app.screen is table and table.seat_note(table.opp) == ""
    finally:
        if guest is not None:
            await guest.close()


@pytest.mark.parametrize(("lang", "words"), [("en", "friend online is not saved"),
                                             ("eo", "amiko per la reto ne konserviĝas")])
async def test_the_game_menu_says_why_a_game_online_is_not_saved(
        tmp_path: Path, lang: str, words: str) -> None:
    """Not "no data folder" (there is one): a game with a friend online is never saved
    under a name."""
    from textual.widgets import Static

    from truf_tui.engine import truc
    from truf_tui.net.client import Turn
    from truf_tui.ui.screens.net_table import net_table
    from truf_tui.ui.screens.saves import GameMenu

    from .test_snapshots_net import StandIn

    app = app_in(tmp_path, lang)
    async with app.run_test(size=(100, 32)) as pilot:
        obs = dict(truc.new_game(seed=11, dealer=0).observation(1))
        await app.push_screen(net_table(StandIn(obs), Turn(0, 0, None, obs, [])))  # type: ignore[arg-type]
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, GameMenu)
        note = str(menu.query_one("#menu-note", Static).render())
        assert words in note and "data" not in note and "datumdosierujo" not in note
