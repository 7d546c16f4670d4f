"""The app's side of ``host --web`` (issue 39 item 7): the Host screen's choice to serve the
guest's seat in a browser tab (its link shown, ``l`` copies it, the page stopped with the
session), and the tab's own app (``--web-guest``): it joins at once, offers nothing else,
and quits when the seat is left."""

from __future__ import annotations

import pytest
from textual.widgets import Checkbox, Input

from truf_tui.net.server import Host
from truf_tui.play.config import GameConfig
from truf_tui.ui.app import TrufApp
from truf_tui.ui.screens.friend import FriendScreen
from truf_tui.ui.settings import Settings
from truf_tui.ui.widgets.table import Markup

SIZE = (100, 32)
LINK = "http://192.0.2.7:8123/?token=the-secret-of-the-tab"


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(FriendScreen, "BIND", "127.0.0.1")


class Page:
    """A browser tab's page that serves nothing: what the screen asked of it."""

    def __init__(self, host: Host, port: int, lang: str) -> None:
        self.host, self.port, self.lang = host, port, lang
        self.closed: list[float] = []

    async def start(self) -> str:
        return LINK

    def playing(self) -> bool:
        return False

    async def close(self, wait: float = 0.0) -> None:
        self.closed.append(wait)


def text_of(app: TrufApp) -> str:
    return "\n".join(str(m.text) for m in app.screen.query(Markup))


async def test_hosting_also_in_a_browser_tab_shows_its_link_and_stops_it() -> None:
    pages: list[Page] = []

    def make(host: Host, port: int, lang: str) -> Page:
        pages.append(Page(host, port, lang))
        return pages[-1]

    app = TrufApp(settings=Settings(pace="instant", lang="eo"), web_guest=make)
    async with app.run_test(size=SIZE) as pilot:
        screen = FriendScreen(GameConfig(game="truc"))
        await app.push_screen(screen)
        await pilot.pause()
        assert screen.query_one("#web-row").display
        screen.query_one("#web", Checkbox).value = True
        screen.query_one("#web-port", Input).value = "8123"
        await pilot.click("#host")
        for _ in range(1500):  # ≤ 30 s: ends when it comes
            await pilot.pause(0.02)
            if screen.code:
                break
        assert screen.link == LINK and LINK in text_of(app)
        (page,) = pages
        assert page.port == 8123 and page.lang == "eo"  # the host's language for the tab
        assert page.host.invite is not None and page.host.invite.code() == screen.code
        await pilot.press("l")
        assert app.clipboard == LINK
        await pilot.press("escape")  # the host gives up before anybody came
        for _ in range(250):
            await pilot.pause(0.02)
            if page.closed:
                break
        assert page.closed == [0.0]  # at once: no result to read


async def test_without_textual_serve_the_choice_is_not_offered() -> None:
    app = TrufApp(settings=Settings(pace="instant", lang="en"))
    async with app.run_test(size=SIZE) as pilot:
        screen = FriendScreen(GameConfig(game="truc"))
        await app.push_screen(screen)
        await pilot.pause()
        assert not screen.query_one("#web-row").display


async def test_the_tabs_app_joins_at_once_and_quits_when_the_seat_is_left() -> None:
    app = TrufApp(settings=Settings(pace="instant", lang="en"), join="truf1-cut")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        screen = app.screen
        assert isinstance(screen, FriendScreen)
        assert "whole invite code" in text_of(app)  # it tried at once, and says why not
        for box in ("#host", "#code", "#name"):  # nothing else to do here
            assert not screen.query_one(box).region.area
        assert not app.use_command_palette
        assert app.return_code is None
        await pilot.press("escape")
        for _ in range(100):
            await pilot.pause(0.02)
            if app.return_code is not None:
                break
        assert app.return_code == 0  # back at the start screen: the app quits
