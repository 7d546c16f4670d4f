"""Two browser tabs of ``truf-tui serve`` on one data folder (issue 16, item 3): each tab
plays its own game, and a tab closed mid-game leaves its game for the next tab.

The tabs are real websocket clients of a real server; each runs a real app process.
"""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from test_cli import free_port, stop_server, wait_for_port

fcntl = pytest.importorskip("fcntl")
aiohttp = pytest.importorskip("aiohttp")


ANSI = re.compile(rb"\x1b\[[0-9;?<>=]*[a-zA-Z~]")


class Tab:
    """One browser tab: what the server drew for it, and keys sent to it."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.screen = b""

    async def until(self, text: bytes, timeout: float = 25) -> None:
        end = time.monotonic() + timeout
        while text not in self.text:
            left = end - time.monotonic()
            assert left > 0, f"{text!r} never appeared"
            try:
                msg = await self.ws.receive(timeout=left)
            except TimeoutError:
                continue
            if msg.type == aiohttp.WSMsgType.BINARY:
                self.screen += msg.data
            elif msg.type != aiohttp.WSMsgType.TEXT:
                raise AssertionError(f"the tab was closed: {msg.type}")

    @property
    def text(self) -> bytes:
        """What was drawn, without the terminal's control sequences (styles cut words)."""
        return ANSI.sub(b"", self.screen)

    async def press(self, key: str) -> None:
        await self.ws.send_json(["stdin", key])


async def wait_for(check: Any, timeout: float = 20) -> None:
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "timed out"
        await asyncio.sleep(0.1)


def lock_is_free(path: Path) -> bool:
    with open(path, "rb") as f:
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        fcntl.flock(f.fileno(), fcntl.LOCK_UN)
        return True


@pytest.mark.skipif(sys.platform == "win32", reason="process groups")
def test_two_tabs_play_their_own_games_and_a_closed_tab_finds_its_game_again(
        tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "truf_tui", "--lang", "en", "--data-dir", str(tmp_path),
         "serve", "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    url = f"http://127.0.0.1:{port}/ws?width=100&height=32"

    async def tabs() -> None:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=90)) as s:
            ws1 = await s.ws_connect(url)
            first = Tab(ws1)
            await first.until(b"against the computer")
            await first.press("p")  # a game starts: saved at once
            await wait_for((tmp_path / "current.json").exists)
            async with s.ws_connect(url) as ws2:
                second = Tab(ws2)
                await second.until(b"another truf-tui")  # told why nothing is offered
                assert b"Continue (c)" not in second.text
                await second.press("p")
                await wait_for((tmp_path / "current-2.json").exists)
                first_game = (tmp_path / "current.json").read_bytes()
                await ws1.close()  # the first tab is closed mid-game
                await wait_for(lambda: lock_is_free(tmp_path / "current.lock"))
                assert (tmp_path / "current.json").read_bytes() == first_game
                async with s.ws_connect(url) as ws3:
                    third = Tab(ws3)
                    await third.until(b"Continue (c)")  # the closed tab's game, found again
                    assert b"another truf-tui" not in third.text
        assert not (tmp_path / "saves").exists()

    try:
        wait_for_port(port, proc, timeout=20)
        asyncio.run(asyncio.wait_for(tabs(), timeout=120))
    finally:
        _, err = stop_server(proc)
    assert "Traceback" not in err, err
