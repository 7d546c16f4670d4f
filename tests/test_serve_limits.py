"""What one visitor, or a page of another site, can do to ``truf-tui serve`` (issue 40,
items 2, 3, 4, 5 and 9), against a real server on loopback and real app processes.

- 2: a websocket upgrade from another origin (another local port) is refused, token or not;
  so is a request naming another host (DNS rebinding).
- 3: a bounded flood (50 websockets at once, 200 opened and closed) starts no more app
  processes than ``--max-sessions``; ``GET /`` still answers at once; the terminal size a
  page asks for is clamped.
- 4: the printed address moves to a cookie of this server instance and a clean address.
- 5: the token is in no log line, oversized and malformed requests included.
- 9: stopping with tabs open says so and takes well under 3 s.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_cli import free_port, stop_server, wait_for_port
from test_serve_tabs import Tab

aiohttp = pytest.importorskip("aiohttp")
pytestmark = pytest.mark.skipif(not Path("/proc/self/cmdline").exists(),
                                reason="app processes are found in /proc")

TOKEN = "the-secret-of-this-test_0123456789"


def start(data: Path, *serve_args: str) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "truf_tui", "--lang", "en", "--data-dir", str(data),
         "serve", "--host", "127.0.0.1", "--port", str(port), *serve_args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    wait_for_port(port, proc, timeout=20)
    return proc, port


def apps(data: Path) -> dict[int, int]:
    """The app processes playing in ``data`` (not the server): pid -> resident bytes."""
    found = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            args = Path(entry.path, "cmdline").read_bytes().split(b"\0")
            if str(data).encode() not in args or b"serve" in args or b"truf_tui" not in args:
                continue
            status = Path(entry.path, "status").read_text()
        except OSError:
            continue
        rss = next((int(line.split()[1]) * 1024 for line in status.splitlines()
                    if line.startswith("VmRSS:")), 0)
        if "State:\tZ" not in status:
            found[int(entry.name)] = rss
    return found


@contextlib.contextmanager
def watched(data: Path) -> Iterator[dict[str, int]]:
    """The peak number of app processes and of their resident memory, while inside."""
    peak = {"processes": 0, "rss": 0}
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            now = apps(data)
            peak["processes"] = max(peak["processes"], len(now))
            peak["rss"] = max(peak["rss"], sum(now.values()))
            done.wait(0.05)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        yield peak
    finally:
        done.set()
        watcher.join()


def gone(data: Path, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while apps(data):
        if time.monotonic() > end:
            return False
        time.sleep(0.1)
    return True


def kill_apps(data: Path) -> None:
    """Whatever a failed test left: never a process of another test."""
    for pid in apps(data):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


# -- 2: another origin, another host ---------------------------------------------------------
@pytest.mark.parametrize("token", [None, TOKEN])
def test_a_page_of_another_origin_cannot_open_the_websocket(tmp_path: Path,
                                                           token: str | None) -> None:
    proc, port = start(tmp_path, *(["--token", token] if token else []))
    base = f"http://127.0.0.1:{port}"
    query = f"?token={token}&" if token else "?"

    async def speak() -> None:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30)) as s:
            for origin in (f"http://127.0.0.1:{free_port()}", f"http://localhost:{port}",
                           f"https://127.0.0.1:{port}", "null", "http://evil.example"):
                with pytest.raises(aiohttp.WSServerHandshakeError) as e:
                    async with s.ws_connect(f"{base}/ws{query}width=80", origin=origin):
                        pass
                assert e.value.status == 403, origin
            # DNS rebinding: a page of evil.example whose name now points to 127.0.0.1
            async with s.get(f"{base}/{query}", headers={"Host": f"evil.example:{port}"}) as r:
                assert r.status == 403
            with pytest.raises(aiohttp.WSServerHandshakeError) as e:
                async with s.ws_connect(f"{base}/ws{query}", origin=f"http://evil.example:{port}",
                                        headers={"Host": f"evil.example:{port}"}):
                    pass
            assert e.value.status == 403
            async with s.ws_connect(f"{base}/ws{query}width=80", origin=base) as ws:
                tab = Tab(ws)
                await tab.until(b"against the computer")  # its own page: plays

    try:
        asyncio.run(asyncio.wait_for(speak(), timeout=60))
    finally:
        _, err = stop_server(proc)
        kill_apps(tmp_path)
    assert "Traceback" not in err, err


# -- 3: a bounded flood ------------------------------------------------------------------------
def test_a_flood_of_tabs_starts_no_more_apps_than_the_cap(tmp_path: Path) -> None:
    proc, port = start(tmp_path, "--max-sessions", "3")
    url = f"http://127.0.0.1:{port}/ws?width=100&height=32"
    figures: dict[str, Any] = {}

    async def flood() -> None:
        timeout = aiohttp.ClientTimeout(total=60)
        async with aiohttp.ClientSession(timeout=timeout) as s:
            tabs = await asyncio.gather(*(s.ws_connect(url) for _ in range(50)))
            refused = 0
            for ws in tabs:  # a tab beyond the cap is told so, and closed
                msg = await ws.receive(timeout=20)
                if msg.type == aiohttp.WSMsgType.BINARY and b"sessions of this server" \
                        in msg.data:
                    refused += 1
                    closed = await ws.receive(timeout=5)  # "try again later", and why
                    assert closed.type == aiohttp.WSMsgType.CLOSE
                    assert closed.data == 1013 and "3 sessions" in closed.extra
            assert refused == 47
            await asyncio.sleep(1)
            await asyncio.gather(*(ws.close() for ws in tabs))

            async def churn() -> None:
                for _ in range(20):
                    async with s.ws_connect(url):
                        pass

            start_churn = time.monotonic()
            await asyncio.gather(*(churn() for _ in range(10)))  # 200 opened and closed
            figures["churn"] = time.monotonic() - start_churn
            asked = time.monotonic()
            async with s.get(f"http://127.0.0.1:{port}/") as r:
                assert r.status in (200, 503)  # the page, or "every session is in use"
                await r.text()
            figures["get"] = time.monotonic() - asked

    try:
        with watched(tmp_path) as peak:
            asyncio.run(asyncio.wait_for(flood(), timeout=120))
            assert gone(tmp_path, timeout=10)
        figures.update(peak)
        print(f"\nflood: {figures}")
        assert figures["get"] < 2.0
        assert 1 <= peak["processes"] <= 3
        locks = list(tmp_path.glob("current*.lock"))
        assert len(locks) <= 3, locks
    finally:
        out, err = stop_server(proc)
        kill_apps(tmp_path)
    assert "Traceback" not in err, err
    assert gone(tmp_path, timeout=5)


def test_the_terminal_size_asked_for_is_clamped(tmp_path: Path) -> None:
    proc, port = start(tmp_path)

    async def huge() -> dict[str, str]:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30)) as s:
            url = f"http://127.0.0.1:{port}/ws?width=20000&height=10000"
            async with s.ws_connect(url) as ws:
                tab = Tab(ws)
                await tab.until(b"against the computer")
                [pid] = apps(tmp_path)
                environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
                env = dict(e.decode().partition("=")[::2] for e in environ if b"=" in e)
                await ws.send_json(["resize", {"width": 99999, "height": 3}])
                await ws.send_json(["resize", {"width": "x"}])  # ignored, not a crash
                tab.screen = b""
                await ws.send_json(["resize", {"width": 90, "height": 30}])
                await tab.until(b"against the computer")  # drawn again: still there
                widest = max(len(line) for line in tab.text.decode(errors="replace")
                             .splitlines())
                assert widest <= 400
                return env

    try:
        env = asyncio.run(asyncio.wait_for(huge(), timeout=60))
        assert (env["COLUMNS"], env["ROWS"]) == ("400", "150")
    finally:
        _, err = stop_server(proc)
        kill_apps(tmp_path)
    assert "Traceback" not in err, err


# -- 4: the printed address: a cookie of this instance, and a clean address --------------------
def test_the_printed_address_moves_to_a_session_cookie_and_a_clean_address(
        tmp_path: Path) -> None:
    proc, port = start(tmp_path, "--token", TOKEN)
    other, other_port = start(tmp_path / "other", "--token", TOKEN)
    base = f"http://127.0.0.1:{port}"

    async def visit() -> None:
        jar = aiohttp.CookieJar(unsafe=True)
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30),
                                         cookie_jar=jar) as s:
            async with s.get(f"{base}/?fontsize=18&token={TOKEN}",
                             allow_redirects=False) as r:
                assert r.status == 303 and r.headers["Location"] == "/?fontsize=18"
                [(name, cookie)] = r.cookies.items()
                assert TOKEN not in cookie.value
                assert cookie["httponly"] and cookie["samesite"] == "Strict"
            async with s.get(f"{base}/?fontsize=18") as r:
                assert r.status == 200  # by the cookie alone
            # another server on another port of this host gets the cookie (cookies are
            # not port-scoped) but it is not its own: refused, and it learns no token
            async with s.get(f"http://127.0.0.1:{other_port}/") as r:
                assert r.status == 403
            async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30),
                                             cookie_jar=aiohttp.CookieJar(unsafe=True)) as o:
                async with o.get(f"http://127.0.0.1:{other_port}/?token={TOKEN}",
                                 allow_redirects=False) as r:
                    [(other_name, _)] = r.cookies.items()
                    assert other_name != name  # named per server instance
            # opened from a link on another site: a page of its own sends on (a redirect
            # would keep that site's navigation, which a SameSite=Strict cookie does not
            # follow)
            async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30)) as o:
                async with o.get(f"{base}/?token={TOKEN}", allow_redirects=False,
                                 headers={"Sec-Fetch-Site": "cross-site"}) as r:
                    assert r.status == 200 and "truf_tui_" in r.headers["Set-Cookie"]
                    page = await r.text()
                    assert 'http-equiv="refresh" content="0;url=/"' in page
                    assert TOKEN not in page

    try:
        asyncio.run(asyncio.wait_for(visit(), timeout=60))
    finally:
        for p in (proc, other):
            stop_server(p)


# -- 5: the token in no log line ------------------------------------------------------------
def test_the_token_is_in_no_log_line(tmp_path: Path) -> None:
    proc, port = start(tmp_path, "--token", TOKEN)

    def raw(request: str) -> bytes:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            s.sendall(request.encode())
            return s.recv(200)

    try:
        assert proc.stdout is not None
        assert TOKEN in proc.stdout.readline().decode()  # the address to open: said once
        long = "a" * 9000
        assert b" 400 " in raw(f"GET /?token={TOKEN}&x={long} HTTP/1.1\r\nHost: h\r\n\r\n")
        assert b" 400 " in raw(f"GET /?x={long}&token={TOKEN} HTTP/1.1\r\nHost: h\r\n\r\n")
        assert b" 400 " in raw(f"GET /?token={TOKEN} HTTP/1.1\r\nHost: h\r\nX: {long}\r\n\r\n")
        assert b" 400 " in raw(f"GET /?token={TOKEN} HTTP/1.1\r\nHost: h\r\nBad Header\r\n\r\n")
        assert b" 303 " in raw(f"GET /?token={TOKEN} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert b" 403 " in raw(f"GET /static/x.js?token={TOKEN}x HTTP/1.1\r\nHost: h\r\n\r\n")
        time.sleep(0.5)
    finally:
        out, err = stop_server(proc)
    said = "".join((out + err).split())  # wrapped lines joined
    assert TOKEN not in said and TOKEN[:12] not in said
    assert "token=…" in out  # the requests are logged, the token hidden
    assert "Traceback" not in out + err  # a bad request is one line


# -- 9: stopping with tabs open ------------------------------------------------------------
@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_stopping_with_tabs_open_says_so_and_is_quick(tmp_path: Path,
                                                      how: signal.Signals) -> None:
    proc, port = start(tmp_path)
    url = f"http://127.0.0.1:{port}/ws?width=100&height=32"
    took: list[float] = []

    async def two_tabs() -> None:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30)) as s:
            async with s.ws_connect(url) as ws1, s.ws_connect(url) as ws2:
                await Tab(ws1).until(b"against the computer")
                await Tab(ws2).until(b"against the computer")
                await ws1.send_json(["stdin", "p"])  # one tab is mid-game
                await asyncio.sleep(1)
                asked = time.monotonic()
                proc.send_signal(how)
                await asyncio.get_running_loop().run_in_executor(None, proc.wait, 20)
                took.append(time.monotonic() - asked)
                for ws in (ws1, ws2):  # the tabs are told: their websockets close
                    while (await ws.receive(timeout=5)).type not in (
                            aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                            aiohttp.WSMsgType.CLOSING):
                        pass

    try:
        asyncio.run(asyncio.wait_for(two_tabs(), timeout=90))
        left = apps(tmp_path)
    finally:
        out, err = stop_server(proc)
        kill_apps(tmp_path)
    print(f"\nstopped in {took[0]:.2f} s")
    assert "closing 2 sessions…" in out
    assert took[0] < 5.0  # under 3 s: CI machines are slower
    assert left == {}
    assert "Traceback" not in err, err
