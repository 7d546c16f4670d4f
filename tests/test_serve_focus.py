"""The start screen's first focus in a browser tab is the terminal's (issue 40, item 10):
←/→ change the game at once.

Textual's web driver starts the app blurred; the first screen's automatic focus is skipped
while it is, so when the page's "focus" came after the start screen was drawn, nothing had
the focus and ←/→ did nothing.  A real server and app, spoken to as textual.js speaks.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest
from test_cli import free_port, stop_server, wait_for_port
from test_serve_tabs import Tab

aiohttp = pytest.importorskip("aiohttp")

CHOSEN = "\u2590\u25cf\u258c"  # ▐●▌: a chosen radio button


@pytest.mark.skipif(sys.platform == "win32", reason="process groups")
def test_arrows_change_the_game_once_the_page_has_the_focus(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "truf_tui", "--lang", "en", "--data-dir", str(tmp_path),
         "serve", "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)

    async def tab() -> None:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=60)) as s:
            url = f"http://127.0.0.1:{port}/ws?width=100&height=32"
            async with s.ws_connect(url) as ws:
                screen = Tab(ws)
                await screen.until(b"against the computer")
                assert f"{CHOSEN} Trufludo".encode() in screen.text
                await ws.send_json(["focus"])  # the page's terminal takes the keyboard
                await asyncio.sleep(0.5)
                screen.screen = b""
                await screen.press("\x1b[C")  # →
                await screen.until(f"{CHOSEN} Le Truc".encode(), timeout=10)

    try:
        wait_for_port(port, proc, timeout=20)
        asyncio.run(asyncio.wait_for(tab(), timeout=90))
    finally:
        _, err = stop_server(proc)
    assert "Traceback" not in err, err
