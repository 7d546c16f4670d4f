"""``truf-tui serve``: textual-serve's server, with truf-tui's page and limits.

The page (``app_index.html``) is textual-serve's own with a title for the browser tab, the
terminal focused as soon as it is connected (keys reach the game without a first click) and
the font textual-serve ships (no request leaves this computer).  Its addresses (the
websocket, the static files) are built from the address the browser asked for, not from
``--host``: served on 0.0.0.0, the page still connects.

What a web page elsewhere could do to it (issue 40):

- A websocket upgrade whose ``Origin`` is not this server is refused, with or without a
  token: a page of another site or another local port cannot drive a game.  Served on
  loopback, a ``Host`` other than a loopback one is refused too (DNS rebinding).
- With an access token (always on an address other than loopback, see ``cli.serve``),
  every request must carry it.  The printed address (``/?token=...``) is answered with a
  redirect to the same address without the token, and a session cookie named for this
  server instance (``truf_tui_<id>``; cookies are not port-scoped) holding a random secret,
  not the token.  Any other request gets a 403 page saying so.
- At most ``max_sessions`` app processes live at once (a session ends when its process is
  gone, not when its websocket is), new sessions are rate-limited, and the terminal size
  asked for is clamped.
- The log never shows the token (``?token=…``, the token itself wherever it appears), and
  bad requests are logged in one line, not with a traceback of their bytes.
- Stopping it (Ctrl+C, SIGTERM) says how many sessions it closes and ends their processes
  within about two seconds.

Imported only by ``truf-tui serve`` (textual-serve and aiohttp load slowly).
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import os
import re
import secrets
import shlex
import signal
import socket
import sys
import time
from collections import deque
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
from aiohttp import WSMsgType, hdrs, web
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.web_runner import GracefulExit
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from truf_tui.addresses import is_loopback

TITLE = "truf-tui"
WILDCARDS = ("", "0.0.0.0", "::")  # every address of this computer
PAGES = Path(__file__).resolve().parent

STARTS_WINDOW = 10.0  # seconds: at most 2 × max_sessions sessions start in any such window
WIDTH = (20, 400)  # terminal columns, and rows, a session may ask for (a 4K screen at 10 px)
HEIGHT = (8, 150)
# Seconds an app is given to quit before its process group is killed: a closed tab's app
# quits in 1 to 2 s; stopping the server must take under 3 s (the game is saved on every
# move, so a kill loses nothing).
QUIT_GRACE = 5.0
STOP_GRACE = 1.5
MAX_MESSAGE = 64 * 1024  # bytes of one websocket message from the page (keys, a resize)

log = logging.getLogger("truf-tui.serve")

PAGE = """<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>truf-tui: {title}</title>
    <style>
      body {{ background: #0c181f; color: #eee; font: 16px/1.5 sans-serif; margin: 3em; }}
      main {{ max-width: 40em; }}
      code {{ color: #fc6; }}
    </style>
  </head>
  <body>
    <main>
      <h1>{status}: {title}</h1>
      <p>{reason}</p>
      {detail}
    </main>
  </body>
</html>
"""
TOKEN_HELP = """<p>This truf-tui is served to other computers, so it opens only for the address
      that <code>truf-tui serve</code> printed when it started: the one ending in
      <code>/?token=&hellip;</code>. Open that address, or ask whoever started the
      server for it.</p>"""
# The printed address opened from a link on another site: a redirect would carry on that
# site's navigation, which a SameSite=Strict cookie does not follow; this page's own does.
ONWARD = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8" /><meta name="referrer" content="no-referrer" />
<meta http-equiv="refresh" content="0;url={url}" /><title>truf-tui</title></head>
<body><a href="{url}">truf-tui</a></body></html>
"""

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Session(AppService):
    """One browser tab's app, in a process group of its own so that all of it can be ended,
    with the terminal size it asks for clamped."""

    # What the server adds to the app's environment (the guest's seat: its invite code,
    # kept out of the command line that every user of the computer can list).
    extra_environment: tuple[tuple[str, str], ...] = ()

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        environment = self._build_environment(width=width, height=height)
        environment.update(self.extra_environment)
        self._process = process = await asyncio.create_subprocess_exec(
            *shlex.split(self.command), stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
            env=environment, start_new_session=sys.platform != "win32")
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def set_terminal_size(self, width: int, height: int) -> None:
        await super().set_terminal_size(*clamp_size(width, height))

    async def stop(self, grace: float = QUIT_GRACE) -> None:
        """Ask the app to quit; after ``grace`` seconds end its process group."""
        process, task = self._process, self._task
        if process is None or task is None:
            return
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        await self.send_meta({"type": "quit"})
        try:
            await asyncio.wait_for(asyncio.shield(process.wait()), grace)
        except TimeoutError:
            self.kill()
            await process.wait()
        await task  # ends with the process's output (stop() may run twice at once)
        self._task = None

    def kill(self) -> None:
        process = self._process
        if process is None or process.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            if sys.platform == "win32":
                process.kill()
            else:
                os.killpg(process.pid, signal.SIGKILL)


class TrufServer(Server):
    """The server of ``truf-tui serve``: one app process per browser tab, ``max_sessions``
    at most."""

    def __init__(self, command: str, host: str, port: int, *, loopback: bool,
                 max_sessions: int, token: str | None = None) -> None:
        super().__init__(command, host=host, port=port, title=TITLE, templates_path=PAGES)
        self.token = token
        self.public_url = address(host, port)
        self.loopback = loopback  # the command line decides (cli.is_loopback)
        # Cookies are not port-scoped: one name per server instance, and a secret of its own
        # rather than the token (which stays out of every cookie jar).
        self.cookie = f"truf_tui_{secrets.token_hex(6)}"
        self.cookie_secret = secrets.token_urlsafe(32)
        self.max_sessions = max_sessions
        self.sessions: dict[Session, web.WebSocketResponse] = {}
        self.starts: deque[float] = deque()
        self.session_environment: tuple[tuple[str, str], ...] = ()  # see Session
        self.stopping = False
        self.stop_started = 0.0

    # -- the web application -------------------------------------------------------------
    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self.guard)
        return app

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if self.loopback and not is_loopback(host_name(request.host)):
            return page(403, "access refused",
                        "This game answers only to this computer's own addresses "
                        "(localhost, 127.0.0.1, [::1]).")
        origin = request.headers.get(hdrs.ORIGIN)
        if (request.headers.get(hdrs.UPGRADE, "").lower() == "websocket"
                and origin is not None and not same_origin(origin, request)):
            return page(403, "access refused",
                        "This game can only be opened from its own page.")
        if self.token is None:
            return await handler(request)
        given = request.query.get("token")
        if given is not None:
            if not secrets.compare_digest(given.encode(), self.token.encode()):
                return page(403, "access refused",
                            "This access token is not the one of this server.", TOKEN_HELP)
            if request.method == "GET" and request.path == "/":
                return self.welcome(request)
            return await handler(request)  # (a client other than a browser: its websocket)
        cookie = request.cookies.get(self.cookie)
        if cookie is None:
            return page(403, "access refused", "This address has no access token.",
                        TOKEN_HELP)
        if not secrets.compare_digest(cookie.encode(), self.cookie_secret.encode()):
            return page(403, "access refused",
                        "This access token is not the one of this server.", TOKEN_HELP)
        return await handler(request)

    def welcome(self, request: web.Request) -> web.Response:
        """The printed address: its session cookie, and on to the same address without the
        token (not left in the address bar and the history)."""
        clean = str(request.rel_url.with_query(
            [(k, v) for k, v in request.query.items() if k != "token"]))
        if request.headers.get("Sec-Fetch-Site", "none") in ("none", "same-origin"):
            response = web.Response(status=303, headers={hdrs.LOCATION: clean,
                                                         "Referrer-Policy": "no-referrer"})
        else:
            response = web.Response(content_type="text/html", charset="utf-8",
                                    text=ONWARD.format(url=html.escape(clean)))
        response.set_cookie(self.cookie, self.cookie_secret, path="/", httponly=True,
                            samesite="Strict")
        response.headers[hdrs.CACHE_CONTROL] = "no-store"
        return response

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if self.full() is not None:
            return page(503, "every session is in use", self.full() or "",
                        "<p>Close another truf-tui tab, then reload this page.</p>")
        return await self.index(request)

    @aiohttp_jinja2.template("app_index.html")
    async def index(self, request: web.Request) -> dict[str, Any]:
        websocket = "wss" if request.scheme == "https" else "ws"
        return {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"{websocket}://{request.host}/ws",
            "config": {"static": {"url": "/static/"}},
            "application": {"name": self.title},
        }

    # -- sessions --------------------------------------------------------------------------
    def full(self) -> str | None:
        """Why no session may start now, or ``None``."""
        if self.stopping:
            return "The server is stopping."
        if len(self.sessions) >= self.max_sessions:
            return (f"All {self.max_sessions} sessions of this server are in use "
                    "(truf-tui serve --max-sessions).")
        now = time.monotonic()
        while self.starts and now - self.starts[0] > STARTS_WINDOW:
            self.starts.popleft()
        if len(self.starts) >= 2 * self.max_sessions:
            return "Too many sessions were opened in the last seconds: wait a little."
        return None

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        refusal = self.full()
        await websocket.prepare(request)
        if refusal is not None:  # said on the tab's terminal: no process for it
            with contextlib.suppress(ConnectionError):
                await websocket.send_bytes(f"\r\n  truf-tui: {refusal}\r\n".encode())
                # "try again later", and why: the page shows it in its closed dialog
                await websocket.close(code=1013, message=refusal.encode()[:123])
            return websocket
        width, height = clamp_size(request.query.get("width", 80),
                                   request.query.get("height", 24))
        async def close() -> None:
            await websocket.close()

        session = Session(self.command, write_bytes=websocket.send_bytes,
                          write_str=websocket.send_str, close=close,
                          download_manager=self.download_manager, debug=self.debug)
        session.extra_environment = self.session_environment
        self.sessions[session] = websocket  # counted until its process is gone
        self.starts.append(time.monotonic())
        try:
            await session.start(width, height)
            await self._process_messages(websocket, session)
        except ConnectionError:
            pass
        except Exception:
            log.exception("session failed")
        finally:
            try:
                await asyncio.shield(session.stop(STOP_GRACE if self.stopping
                                                  else QUIT_GRACE))
            finally:
                session.kill()
                self.sessions.pop(session, None)
                with contextlib.suppress(Exception):
                    await websocket.close()
        return websocket

    async def _process_messages(self, websocket: web.WebSocketResponse,
                                app_service: AppService) -> None:
        """The page's messages; anything not shaped as textual.js sends it is ignored."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                await app_service.set_terminal_size(*clamp_size(data.get("width"),
                                                                data.get("height")))
            elif kind == "ping" and isinstance(data, str):
                await websocket.send_json(["pong", data[:64]])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()

    # -- start and stop ----------------------------------------------------------------------
    def initialize_logging(self) -> None:
        """Plain lines on stdout (no tracebacks with their local variables), the token
        hidden in every one."""
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(Masked(self.token, "%(levelname)s %(message)s"))
        handler.addFilter(one_line_bad_requests)
        logging.basicConfig(level="DEBUG" if self.debug else "INFO", handlers=[handler],
                            force=True)

    async def on_startup(self, app: web.Application) -> None:
        if self.token is None:
            print(f"truf-tui serve: open {self.public_url}/", flush=True)
        else:
            print(f"truf-tui serve: open {self.public_url}/?token={self.token}\n"
                  "Anyone who has this address plays with your data folder (your history, "
                  "replays and saved games): give it only to whom you trust. Requests "
                  "without it are refused.", flush=True)
            if self.host in WILDCARDS:
                print(f"({socket.gethostname()} is this computer's name: another computer "
                      "may need its address in its place.)", flush=True)
        print(f"At most {self.max_sessions} tabs play at once. Press Ctrl+C to stop.",
              flush=True)

    async def on_shutdown(self, app: web.Application) -> None:
        """Every session's app asked to quit, then ended, all at once; their tabs closed."""
        sessions = list(self.sessions.items())
        await asyncio.gather(*(s.stop(STOP_GRACE) for s, _ in sessions),
                             return_exceptions=True)
        for session, websocket in sessions:
            session.kill()
            with contextlib.suppress(Exception):
                await websocket.close(code=1001, message=b"server stopped")

    def request_exit(self) -> None:
        if self.stopping:  # a second Ctrl+C: no more waiting
            for session in self.sessions:
                session.kill()
            return
        self.stopping = True
        self.stop_started = time.monotonic()
        n = len(self.sessions)
        said = "no session is open" if n == 0 else \
            f"closing {n} session{'s' if n > 1 else ''}…"
        print(f"\ntruf-tui serve: stopping: {said}", flush=True)
        raise GracefulExit()

    def serve(self, debug: bool = False) -> None:
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        with contextlib.suppress(NotImplementedError):  # (Windows: Ctrl+C still stops)
            loop.add_signal_handler(signal.SIGINT, self.request_exit)
            loop.add_signal_handler(signal.SIGTERM, self.request_exit)
        web.run_app(self._make_app(), host=self.host, port=self.port, handle_signals=False,
                    loop=loop, print=None, shutdown_timeout=1.0, access_log=log)
        if self.stopping:
            print(f"truf-tui serve: stopped in {time.monotonic() - self.stop_started:.1f} s.",
                  flush=True)


class Masked(logging.Formatter):
    """The whole line, traceback included, with the token hidden."""

    def __init__(self, token: str | None, fmt: str) -> None:
        super().__init__(fmt)
        self.token = token

    def format(self, record: logging.LogRecord) -> str:
        return mask(super().format(record), self.token)


def mask(text: str, token: str | None) -> str:
    text = re.sub(r"(token=)[^&\s\"'\\]*", r"\1…", text)
    if token:
        text = text.replace(token, "…")
    return text


def one_line_bad_requests(record: logging.LogRecord) -> bool:
    """aiohttp logs a request it cannot parse with a traceback holding its bytes: one line
    says enough."""
    if record.exc_info and isinstance(record.exc_info[1], HttpProcessingError):
        e = record.exc_info[1]
        record.msg, record.args = "bad request: %s %s", (e.code, e.message.splitlines()[0]
                                                         if e.message else "")
        record.exc_info = record.exc_text = None
    return True


def clamp_size(width: object, height: object) -> tuple[int, int]:
    """A terminal size from the page, within ``WIDTH`` × ``HEIGHT`` (80 × 24 if not one)."""
    def number(value: object, default: int, bounds: tuple[int, int]) -> int:
        if isinstance(value, str):
            value = to_int(value, default)
        if not isinstance(value, int) or isinstance(value, bool):
            value = default
        return max(bounds[0], min(bounds[1], value))

    return number(width, 80, WIDTH), number(height, 24, HEIGHT)


def host_name(host: str) -> str:
    """``Host`` without its port: ``[::1]:8000`` -> ``::1``."""
    if host.startswith("["):
        return host[1:].partition("]")[0]
    return host.rpartition(":")[0] if host.count(":") == 1 else host


def same_origin(origin: str, request: web.Request) -> bool:
    parts = urlsplit(origin)
    scheme = "https" if request.scheme == "https" else "http"
    return parts.scheme == scheme and parts.netloc.lower() == request.host.lower()


def page(status: int, title: str, reason: str, detail: str = "") -> web.Response:
    return web.Response(status=status, content_type="text/html", charset="utf-8",
                        text=PAGE.format(status=status, title=title,
                                         reason=html.escape(reason), detail=detail))


def address(host: str, port: int) -> str:
    """The address to open, for the address served on: listening on every address of this
    computer (0.0.0.0, ::), it is reached by the computer's name."""
    if host in WILDCARDS:
        host = socket.gethostname()
    if ":" in host:  # an IPv6 address
        host = f"[{host}]"
    return f"http://{host}:{port}"

