"""``truf-tui serve`` in a real browser (issue 16, item 19): the tab is titled "truf-tui" and
a key pressed before any click reaches the game; with an access token (item 23), the page
opened at the printed address plays, and the same server without the token shows a 403 page.

Headless Chromium, driven over its DevTools protocol (with aiohttp, already a dependency of
textual-serve).  Skipped where no Chromium is installed (Debian: ``apt-get install
chromium``); tests/test_cli.py checks the same page over plain HTTP everywhere.
"""

from __future__ import annotations

import asyncio
import itertools
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from test_cli import free_port, stop_server, wait_for_port

aiohttp = pytest.importorskip("aiohttp")
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
    assert CHROMIUM is not None
    browser = subprocess.Popen(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
         "--disable-background-networking", "--no-first-run", "--no-default-browser-check",
         # offline: a request to any other host fails at once
         "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
         "--window-size=1280,900",  # the game's 80 × 24 at least, in its font
         f"--user-data-dir={profile}", "--remote-debugging-port=0", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)

    async def browse() -> None:
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
                url = f"http://127.0.0.1:{port}/"
                if token:
                    await page.call("Page.navigate", url=url)
                    await page.until("document.title === 'truf-tui: access refused'")
                    assert "403" in await page.value("document.body.innerText")
                    url += f"?token={token}"
                await page.call("Page.navigate", url=url)
                await page.until("document.body && document.body.classList"
                                 ".contains('-first-byte')")  # the start screen is drawn
                assert await page.value("document.title") == "truf-tui"
                await page.until("document.activeElement === "
                                 "document.querySelector('#terminal textarea')")
                await page.type("p")  # "Play", with no click anywhere before
                end = time.monotonic() + 30
                while not (data / "current.json").exists():  # the game started
                    assert time.monotonic() < end, "the key never reached the game"
                    await asyncio.sleep(0.2)

    try:
        wait_for_port(port, server, timeout=20)
        asyncio.run(asyncio.wait_for(browse(), timeout=120))
    finally:
        stop_server(browser)
        _, err = stop_server(server)
    assert "Traceback" not in err, err
