"""``truf-tui host --web`` (issue 39 item 7): the friend who has only a browser.

Against a real headless host on loopback: its link lets one browser in, once; nothing
without the token, nor from another origin; one tab only; the tab's app, started by the
server, joins the host as the guest (the host says so, the tab shows the guest's table);
the token is in no log line; stopping the host ends the tab's app and removes its folder.
The rest (the link's expiry, bad options, the end of the match) without a network.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from test_cli import free_port
from test_serve_tabs import Tab

from truf_tui import cli

aiohttp = pytest.importorskip("aiohttp")
pytestmark = pytest.mark.skipif(not Path("/proc/self/cmdline").exists() or
                                sys.platform == "win32",
                                reason="processes are found in /proc")


TABLE = "high → low".encode()  # the Le Truc table's ranking line


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (the tab's app: its own process group)."""
    found = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            status = Path(entry.path, "status").read_text()
            parent = next(int(line.split()[1]) for line in status.splitlines()
                          if line.startswith("PPid:"))
            if parent == pid and "State:\tZ" not in status:
                found.append(int(entry.name))
    return found


def cmdline(pid: int) -> list[str]:
    return [a.decode() for a in Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0") if a]


def read_lines(proc: subprocess.Popen[bytes], want: int, timeout: float) -> list[str]:
    """The first ``want`` lines of ``proc``'s standard output."""
    assert proc.stdout is not None
    lines: list[str] = []
    end = time.monotonic() + timeout
    while len(lines) < want:
        assert time.monotonic() < end, f"only {lines} came"
        line = proc.stdout.readline().decode()
        assert line, f"the host stopped: {lines}"
        lines.append(line.strip())
    return lines


@pytest.mark.slow
def test_the_browser_tab_plays_the_guest_seat_once_and_ends_with_the_host(
        tmp_path: Path) -> None:
    game_port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "truf_tui", "--lang", "en", "--data-dir", str(tmp_path),
         "host", "--bind", "127.0.0.1", "--port", str(game_port), "--bot", "easy", "--web"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    seen: dict[str, Any] = {}
    try:
        invite, web = read_lines(proc, 2, timeout=20)
        assert invite.startswith("invite: truf1-") and web.startswith("web: http://127.0.0.1:")
        link = web.removeprefix("web: ")
        base, _, query = link.partition("/?")
        token = query.removeprefix("token=")
        ws_url = base.replace("http", "ws") + "/ws?width=100&height=32"

        async def browse() -> None:
            timeout = aiohttp.ClientTimeout(total=30)
            async with aiohttp.ClientSession(timeout=timeout) as stranger:
                # Without the token, with a wrong one: refused, page and websocket alike.
                for url in (base + "/", base + "/?token=" + "x" * len(token)):
                    assert (await stranger.get(url)).status == 403
                with pytest.raises(aiohttp.WSServerHandshakeError) as e:
                    await stranger.ws_connect(ws_url)
                assert e.value.status == 403
            jar = aiohttp.CookieJar(unsafe=True)  # (cookies of an IP address)
            async with aiohttp.ClientSession(timeout=timeout, cookie_jar=jar) as friend:
                first = await friend.get(link, allow_redirects=False)
                assert first.status == 303 and first.headers["Location"] == "/"
                assert token not in str(first.cookies)  # a secret of its own in the cookie
                # The link works once: a second browser with it is refused.
                async with aiohttp.ClientSession(timeout=timeout) as other:
                    again = await other.get(link)
                    assert again.status == 403 and "opened already" in await again.text()
                assert (await friend.get(base + "/")).status == 200
                # Another site's page cannot drive the seat, cookie or not (serve's check).
                with pytest.raises(aiohttp.WSServerHandshakeError) as e:
                    await friend.ws_connect(ws_url, headers={"Origin": "http://evil.example"})
                assert e.value.status == 403
                async with friend.ws_connect(ws_url) as ws:
                    tab = Tab(ws)
                    await tab.until(TABLE, timeout=25)  # the guest's table
                    assert b"Computer (easy)" in tab.text  # the host's seat, its name
                    async with friend.ws_connect(ws_url) as ws2:  # one tab only
                        second = Tab(ws2)
                        with contextlib.suppress(AssertionError):
                            await second.until(b"open in another tab", timeout=10)
                        assert b"open in another tab" in second.text
                    (first_app,) = children(proc.pid)
                # The tab reloaded: a new app takes the seat back (its folder keeps it).
                async with friend.ws_connect(ws_url) as ws:
                    tab = Tab(ws)
                    await tab.until(TABLE, timeout=25)
                    apps = children(proc.pid)
                    assert len(apps) == 1 and apps[0] != first_app
                    seen["app"] = apps[0]
                    seen["args"] = cmdline(apps[0])

        asyncio.run(asyncio.wait_for(browse(), timeout=60))
        args = seen["args"]
        assert "--web-guest" in args and "en" in args
        assert not any("truf1-" in a for a in args)  # the code is not in the command line
        folder = Path(args[args.index("--data-dir") + 1])
        assert folder.is_dir() and folder != tmp_path
        # The host stops: the tab's app and its folder are gone, the web port closed.
        os.killpg(proc.pid, signal.SIGTERM)
        assert proc.wait(timeout=10) == 1
        end = time.monotonic() + 5
        while Path(f"/proc/{seen['app']}").exists() and "State:\tZ" not in \
                Path(f"/proc/{seen['app']}/status").read_text():
            assert time.monotonic() < end, "the tab's app outlived the host"
            time.sleep(0.05)
        assert not folder.exists()
        assert proc.stdout is not None and proc.stderr is not None
        out = proc.stdout.read().decode()
        err = proc.stderr.read().decode()
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        if "app" in seen:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(seen["app"], signal.SIGKILL)
        proc.wait(timeout=5)
    assert "Guest took the guest's seat" in err  # the host saw the tab's app join
    assert "GET /?token=…" in err  # requests are logged, the token masked
    assert token not in err and token not in out  # printed once, in the web: line only
    assert "Traceback" not in err, err


# -- without a network -------------------------------------------------------------------
def test_the_link_opens_once_and_only_while_the_invite_is_good(tmp_path: Path) -> None:
    from truf_tui.net.invite import EXPIRES_AFTER, Invite
    from truf_tui.net.server import Host
    from truf_tui.play.config import GameConfig
    from truf_tui.web.guest import GONE, USED, GuestServer

    now = [0.0]
    host = Host(GameConfig(game="truc", opponent="human"), clock=lambda: now[0])
    invite = Invite("127.0.0.1", 9, host.ticket.secret, bytes(32))
    server = GuestServer(host, bind="127.0.0.1", port=0, token="t" * 32, lang="en",
                         folder=tmp_path, invite=invite)
    assert server.refusal() is None and server.max_sessions == 1
    now[0] = EXPIRES_AFTER + 1
    assert server.refusal() == GONE  # the link expires with the invite
    now[0] = 0.0
    host.ticket.used = True  # a guest took the seat with the code in a terminal
    assert server.refusal() == GONE
    host.ticket.used = False
    server.spent = True
    assert server.refusal() == USED
    # The tab's app gets the code in its environment, the loopback invite.
    assert dict(server.session_environment)["TRUF_TUI_WEB_INVITE"] == invite.code()


@pytest.mark.parametrize(("argv", "says"), [
    (["host", "--bot", "easy", "--web-port", "9000"], "--web-port is the browser tab's port"),
    (["host", "--bot", "easy", "--web", "--resume"], "--web cannot be combined with --resume"),
    (["host", "--bot", "easy", "--web", "--port", "9000", "--web-port", "9000"],
     "is the game's port"),
    (["--web-guest"], "is for the browser tab of 'truf-tui host --web'"),
    (["--web-guest", "verify", "x.json"], "plays the guest's seat of 'host --web'"),
])
def test_bad_combinations_are_refused_with_a_clear_message(
        argv: list[str], says: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TRUF_TUI_WEB_INVITE", raising=False)
    if argv[-1] == "x.json":
        monkeypatch.setenv("TRUF_TUI_WEB_INVITE", "truf1-x")
    with pytest.raises(SystemExit) as e:
        cli.main(argv)
    assert e.value.code == 2
    assert says in capsys.readouterr().err


def test_host_help_explains_web(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["host", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for words in ("--web", "--web-port", "runs on THIS computer", "provably fair",
                  "must reach the web port", "&lang=eo"):
        assert words in text
    assert "--web-guest" not in text
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert "--web-guest" not in capsys.readouterr().out  # the tab's own, not the user's


class Page:
    """A :class:`GuestPage` that records how it was closed."""

    def __init__(self) -> None:
        self.closed: list[float] = []

    async def start(self) -> str:
        return "http://127.0.0.1:1/?token=t"

    def playing(self) -> bool:
        return not self.closed

    async def close(self, wait: float = 0.0) -> None:
        self.closed.append(wait)


class Client:
    """A seat's client whose host sends the match's end, then hangs up."""

    seat = 0
    names = ["Host", "Guest"]

    def __init__(self, *events: Any) -> None:
        self._events = events

    async def events(self) -> Any:
        for event in self._events:
            yield event

    async def close(self) -> None:
        pass


def test_the_page_stops_with_the_match_after_the_friend_read_it() -> None:
    from truf_tui.net.client import MatchEnded
    from truf_tui.ui.netplay import NetSession

    async def run(*events: Any) -> list[float]:
        session = NetSession(Client(*events))  # type: ignore[arg-type]
        page = Page()
        await session.serve_page(page)
        session.web_linger_seconds = 7.0
        session.listen()
        await asyncio.sleep(0.05)
        await session.close()
        await asyncio.sleep(0.05)
        return page.closed

    # The match ended: the page lingers for the result, once.
    assert asyncio.run(run(MatchEnded((12, 7), "finished"))) == [7.0]
    # The host left before the end: the page stops at once.
    assert asyncio.run(run()) == [0.0]


@pytest.mark.parametrize("game", ["truc", "trufludo"])
def test_a_reloaded_tab_takes_its_seat_back_and_opens_the_table_mid_round(
        tmp_path: Path, game: str) -> None:
    """The tab's app keeps its seat in its folder: a new app (the tab reloaded) given the
    same code takes the seat back, and its table opens at the position the host sends,
    in the middle of a round it never saw dealt (it cannot replay it)."""
    from textual.app import App

    from tests.net.support import loopback, start
    from truf_tui.net.client import Turn as NetTurn
    from truf_tui.play.config import GameConfig
    from truf_tui.ui.netplay import NetSession, Turn
    from truf_tui.ui.screens.net_table import NetPlay, net_table

    async def run() -> type[Any]:
        host = await start(GameConfig(game=game, opponent="human"))
        assert host.invite is not None
        match = asyncio.ensure_future(host.run_match())
        own = await host.own_table()

        async def host_seat() -> None:  # the host's seat: the first legal move, always
            async for event in own.events():
                if isinstance(event, NetTurn) and event.legal:
                    await own.play(event.legal[0])

        hosting = asyncio.ensure_future(host_seat())
        code = loopback(host.invite).code()
        try:
            first = await NetSession.joining(code, name="Ana", folder=tmp_path, keep_seat=True)
            while True:  # the guest moves once, then its tab is gone
                event = await asyncio.wait_for(first.queue.get(), 10)
                if isinstance(event, Turn) and event.legal:
                    await first.play(event.legal[0])
                    break
            await asyncio.sleep(0.3)
            await first.close()
            again = await NetSession.joining(code, name="Ana", folder=tmp_path,
                                             keep_seat=True)
            turn = await asyncio.wait_for(again.queue.get(), 10)
            assert isinstance(turn, Turn) and turn.n >= 1  # mid-round, after the move
            shown: list[type[Any]] = []

            class Tab(App[None]):
                def on_mount(self) -> None:
                    self.push_screen(net_table(again, turn))

            tab = Tab()
            async with tab.run_test(size=(100, 32)) as pilot:
                await pilot.pause(0.2)
                shown.append(type(tab.screen))
            await again.close()
            return shown[0]
        finally:
            hosting.cancel()
            match.cancel()
            await asyncio.gather(hosting, match, return_exceptions=True)
            await own.close()
            await host.close()

    screen = asyncio.run(asyncio.wait_for(run(), 40))
    assert issubclass(screen, NetPlay)


def test_a_headless_host_prints_the_link_and_stops_the_page_after_the_match(
        tmp_path: Path) -> None:
    """NETWORK.md's lines stay as they were (``invite:`` first, ``result:`` and ``record:``
    last); ``web: LINK`` comes after the invite; the page stops once the match is over,
    given the friend's time to read the result."""
    import io

    from truf_tui.net.seats import host_match, join_match
    from truf_tui.net.webseat import LINGER_SECONDS
    from truf_tui.play.config import GameConfig

    pages: list[Page] = []

    def web(host: Any) -> Page:
        pages.append(Page())
        return pages[-1]

    async def run() -> tuple[int, int, str]:
        out = io.StringIO()
        hosting = asyncio.ensure_future(host_match(
            GameConfig(game="trufludo", opponent="human"), "easy", seed=1, bind="127.0.0.1",
            port=0, address=None, folder=tmp_path / "host", out=out, web=web))
        while "web: " not in out.getvalue():
            assert not hosting.done(), out.getvalue()
            await asyncio.sleep(0.02)
        code = out.getvalue().split()[1]
        guest = await join_match(code, "easy", seed=2, folder=tmp_path / "guest",
                                 out=io.StringIO())
        return await hosting, guest, out.getvalue()

    host_code, guest_code, out = asyncio.run(asyncio.wait_for(run(), 60))
    assert host_code == guest_code == 0
    lines = out.splitlines()
    assert lines[0].startswith("invite: truf1-")
    assert lines[1] == "web: http://127.0.0.1:1/?token=t"
    assert lines[-2].startswith("result: ") and lines[-1].startswith("record: ")
    assert pages[0].closed == [LINGER_SECONDS]
