"""``truf-tui serve`` in a real browser (issue 16, item 19): the tab is titled "truf-tui" and
a key pressed before any click reaches the game; with an access token (item 23), the page
opened at the printed address plays, and the same server without the token shows a 403 page.
Issue 40: the printed address moves to a clean one (item 4); the page asks nothing of any
other host, its font included (item 10); ←/→ change the game at once, as in a terminal (item
10); a page of another local port cannot open the game's websocket (item 2).

Headless Chromium, driven over its DevTools protocol (with aiohttp, already a dependency of
textual-serve).  Skipped where no Chromium is installed (Debian: ``apt-get install
chromium``); tests/test_cli.py checks the same page over plain HTTP everywhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import shutil
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from test_cli import free_port, stop_server, wait_for_port

aiohttp = pytest.importorskip("aiohttp")
web = pytest.importorskip("aiohttp.web")
CHROMIUM = next(filter(None, map(shutil.which, ("chromium", "chromium-browser",
                                                "google-chrome"))), None)
pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="no Chromium to run the page in"),
    pytest.mark.skipif(sys.platform == "win32", reason="process groups"),
]


class Page:
    """One page of the browser, spoken to over the DevTools protocol."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.ids = itertools.count(1)

    async def call(self, method: str, **params: Any) -> Any:
        n = next(self.ids)
        await self.ws.send_json({"id": n, "method": method, "params": params})
        while True:
            msg = await self.ws.receive_json()
            if msg.get("id") == n:
                assert "error" not in msg, msg
                return msg.get("result")

    async def value(self, expression: str) -> Any:
        result = await self.call("Runtime.evaluate", expression=expression,
                                 returnByValue=True)
        return result["result"].get("value")

    async def until(self, expression: str, timeout: float = 40) -> None:
        end = time.monotonic() + timeout
        while not await self.value(expression):
            assert time.monotonic() < end, f"never true: {expression}"
            await asyncio.sleep(0.2)

    async def arrow(self, key: str) -> None:
        """``ArrowRight``, ``ArrowLeft``, ...: a key without text."""
        code = {"ArrowLeft": 37, "ArrowUp": 38, "ArrowRight": 39, "ArrowDown": 40}[key]
        for kind in ("rawKeyDown", "keyUp"):
            await self.call("Input.dispatchKeyEvent", type=kind, key=key, code=key,
                            windowsVirtualKeyCode=code)

    async def type(self, key: str) -> None:
        """A key pressed on the keyboard: it goes wherever the page's focus is."""
        code = f"Key{key.upper()}"
        await self.call("Input.dispatchKeyEvent", type="keyDown", key=key, code=code,
                        text=key, windowsVirtualKeyCode=ord(key.upper()))
        await self.call("Input.dispatchKeyEvent", type="keyUp", key=key, code=code,
                        windowsVirtualKeyCode=ord(key.upper()))


TOKEN = "a-token-for-the-browser"


@pytest.mark.parametrize("token", [None, TOKEN])
def test_the_tab_is_titled_and_keys_work_without_a_click(tmp_path: Path,
                                                         token: str | None) -> None:
    data, profile = tmp_path / "data", tmp_path / "profile"
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "truf_tui", "--lang", "en", "--data-dir", str(data),
         "serve", "--host", "127.0.0.1", "--port", str(port),
         *(["--token", token] if token else [])],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    browser = start_browser(profile)

    async def browse() -> None:
        async with devtools_page(browser, profile) as page:
            base = f"http://127.0.0.1:{port}"
            url = base + "/"
            if token:
                await page.call("Page.navigate", url=url)
                await page.until("document.title === 'truf-tui: access refused'")
                assert "403" in await page.value("document.body.innerText")
                url += f"?token={token}"
            await page.call("Page.navigate", url=url)
            await page.until("document.body && document.body.classList"
                             ".contains('-first-byte')")  # the start screen is drawn
            assert await page.value("document.title") == "truf-tui"
            # item 4: the address bar (and so the history) without the token; the cookie
            # kept from the page's scripts
            assert await page.value("location.href") == base + "/"
            assert await page.value("document.cookie") == ""
            # item 10: every request of the page to this server, the font included
            assert await page.value(
                "performance.getEntriesByType('resource')"
                ".every(r => r.name.startsWith(location.origin + '/'))")
            assert await page.value(
                "[...document.querySelectorAll('link[href], script[src]')]"
                ".every(e => new URL(e.href || e.src).origin === location.origin)")
            await page.until("[...document.fonts].some(f => f.family.includes('Roboto Mono')"
                             " && f.status === 'loaded')", timeout=10)
            await page.until("document.activeElement === "
                             "document.querySelector('#terminal textarea')")
            # item 10: the start screen's first focus is the terminal's: ←/→ pick the game
            await page.until("window.screenText.includes('against the computer')")
            await page.arrow("ArrowRight")
            await asyncio.sleep(0.5)
            await page.type("p")  # "Play", with no click anywhere before
            end = time.monotonic() + 30
            while not (data / "current.json").exists():  # the game started
                assert time.monotonic() < end, "the key never reached the game"
                await asyncio.sleep(0.2)
            assert json.loads((data / "current.json").read_text())["game"] == "truc"

    try:
        wait_for_port(port, server, timeout=20)
        asyncio.run(asyncio.wait_for(browse(), timeout=120))
    finally:
        stop_server(browser)
        _, err = stop_server(server)
    assert "Traceback" not in err, err


# A page of another local port (any site the player visits could do the same) that tries
# the game's websocket and, were it open, the statistics key.
FOREIGN = """<!DOCTYPE html><html><head><title>elsewhere</title></head><body><script>
window.result = "pending";
const ws = new WebSocket("ws://127.0.0.1:PORT/ws?width=80&height=24");
ws.onopen = () => { window.result = "open"; ws.send(JSON.stringify(["stdin", "s"])); };
ws.onclose = () => { if (window.result === "pending") window.result = "refused"; };
</script></body></html>
"""


def test_a_page_of_another_port_cannot_open_the_game(tmp_path: Path) -> None:
    """Issue 40, item 2, in a real browser (tests/test_serve_limits.py checks every origin
    over plain HTTP)."""
    data, profile = tmp_path / "data", tmp_path / "profile"
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "truf_tui", "--lang", "en", "--data-dir", str(data),
         "serve", "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    browser = start_browser(profile)

    async def visit() -> None:
        foreign = web.Application()

        async def handle(_: Any) -> Any:
            return web.Response(text=FOREIGN.replace("PORT", str(port)),
                                content_type="text/html")

        foreign.router.add_get("/", handle)
        runner = web.AppRunner(foreign)
        await runner.setup()
        other = free_port()
        await web.TCPSite(runner, "127.0.0.1", other).start()
        try:
            async with devtools_page(browser, profile) as page:
                await page.call("Page.navigate", url=f"http://127.0.0.1:{other}/")
                await page.until("window.result !== undefined && "
                                 "window.result !== 'pending'", timeout=20)
                assert await page.value("window.result") == "refused"
        finally:
            await runner.cleanup()

    try:
        wait_for_port(port, server, timeout=20)
        asyncio.run(asyncio.wait_for(visit(), timeout=90))
    finally:
        stop_server(browser)
        out, err = stop_server(server)
    assert "Traceback" not in err, err
    assert '"GET /ws?width=80&height=24 HTTP/1.1" 403' in " ".join(out.split())
    assert not (data / "current.json").exists()


def start_browser(profile: Path) -> subprocess.Popen[bytes]:
    assert CHROMIUM is not None
    return subprocess.Popen(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
         "--disable-background-networking", "--no-first-run", "--no-default-browser-check",
         # offline: a request to any other host fails at once
         "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
         "--window-size=1280,900",  # the game's 80 × 24 at least, in its font
         f"--user-data-dir={profile}", "--remote-debugging-port=0", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


@contextlib.asynccontextmanager
async def devtools_page(browser: subprocess.Popen[bytes],
                        profile: Path) -> AsyncIterator[Page]:
    """The browser's page, once its DevTools answer."""
    active = profile / "DevToolsActivePort"
    end = time.monotonic() + 30
    while not (active.exists() and active.read_text().count("\n") >= 1):
        assert time.monotonic() < end and browser.poll() is None, "no browser"
        await asyncio.sleep(0.1)
    devtools = int(active.read_text().split()[0])
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=90)) as s:
        async with s.get(f"http://127.0.0.1:{devtools}/json/list") as r:
            target = next(t for t in await r.json() if t["type"] == "page")
        async with s.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0) as ws:
            page = Page(ws)
            # a headless window never has the focus: as if it had, as a player's window has
            await page.call("Emulation.setFocusEmulationEnabled", enabled=True)
            await page.call("Page.enable")
            await page.call("Page.addScriptToEvaluateOnNewDocument", source=SCREEN_TEXT)
            yield page


# What the app drew, as text (the terminal draws on a canvas): window.screenText.
SCREEN_TEXT = """
window.screenText = "";
const decoder = new TextDecoder();
const Socket = window.WebSocket;
window.WebSocket = class extends Socket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (e) => {
      if (typeof e.data === "string") return;
      window.screenText += decoder.decode(e.data, { stream: true })
        .replace(/\\x1b\\[[0-9;?<>=]*[a-zA-Z~]/g, "");
    });
  }
};
"""
