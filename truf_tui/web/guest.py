"""``truf-tui host --web``: the guest's seat in a browser tab (issue 39 item 7).

The friend who has only a browser opens a link; the tab runs, on the host's computer, a
truf-tui that joins this host over loopback with the invite code, exactly as a guest from
elsewhere would: the host stays authoritative and that seat is sent only its own
observation.  The server is ``truf-tui serve``'s (:class:`TrufServer`: the token, the
cookie of its own, the Origin and Host checks, the masked log) with:

- one session at most (the guest's seat), and the link's token good once: the first
  browser that opens it gets the cookie, and the link is refused after that (the cookie
  lets that browser reload the tab: its app takes the seat back with the seat secret kept
  in its folder), and while the invite is not good any more (10 minutes, or the seat taken);
- the app of the tab in a data folder of its own, made for this match and removed with it
  (never the host's: the friend sees nothing of the host's games), in the tab's language
  (``&lang=eo`` on the link, else the host's choice), its invite code in its environment
  (not in a command line every user of the computer can list);
- stopped with the match (after the friend has closed the results, or
  ``webseat.LINGER_SECONDS``) or the host: every process it started is ended.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import html
import logging
import secrets
import shlex
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import TextIO

from aiohttp import hdrs, web

from truf_tui.addresses import is_loopback
from truf_tui.i18n import LANGUAGES
from truf_tui.net.invite import Invite
from truf_tui.net.server import Host
from truf_tui.net.webseat import INVITE_VARIABLE
from truf_tui.web import (
    ONWARD,
    QUIT_GRACE,
    Handler,
    Masked,
    TrufServer,
    address,
    log,
    one_line_bad_requests,
    page,
)

NEAR = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "::1"}  # a bound address, dialed
USED = ("This link was opened already: it lets one browser in. The browser that opened it "
        "first can open it again until the match is over (the game takes its seat back). "
        "If that browser was not your friend's, ask for a new game.")
GONE = ("This link is not good any more: it expires after 10 minutes, and once the "
        "friend's seat is taken. Ask for a new one.")


def guest_command(lang: str, folder: Path) -> str:
    """The tab's app: this truf-tui as the guest of the invite in its environment."""
    return shlex.join([sys.executable, "-m", "truf_tui", "--lang", lang,
                       "--data-dir", str(folder), "--web-guest"])


class GuestServer(TrufServer):
    """:class:`TrufServer` for one guest: one session, a token good once."""

    def __init__(self, host: Host, *, bind: str, port: int, token: str, lang: str,
                 folder: Path, invite: Invite) -> None:
        super().__init__(guest_command(lang, folder), host=bind, port=port,
                         loopback=is_loopback(bind), max_sessions=1, token=token)
        self.hosting = host
        self.folder = folder
        self.spent = False  # the link has let a browser in
        self.session_environment = ((INVITE_VARIABLE, invite.code()),)

    def refusal(self) -> str | None:
        """Why the link (the token) opens nothing now, or ``None``."""
        if self.spent:
            return USED
        ticket = self.hosting.ticket
        if ticket.used or ticket.expired():
            return GONE
        return None

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        given = request.query.get("token")
        if (given is not None and self.token is not None
                and secrets.compare_digest(given.encode(), self.token.encode())):
            if self.spent and request.method == "GET" and request.path == "/":
                # The friend closed the tab and opens the link again: the browser it let in
                # (its cookie) comes back to the seat, whose new app takes it back with the
                # seat kept in its folder (the same code).
                return self.reopened(request)
            why = self.refusal()
            if why is not None:
                return page(403, "access refused", why)
        return await super().guard(request, handler)

    def reopened(self, request: web.Request) -> web.Response:
        """The spent link opened again: the browser with this server's cookie is welcomed
        back; one opened from another site's page withholds its SameSite=Strict cookie,
        so it goes once through a page of ours (same-origin: the cookie follows); any other
        browser is refused."""
        cookie = request.cookies.get(self.cookie)
        if cookie is not None and secrets.compare_digest(cookie.encode(),
                                                         self.cookie_secret.encode()):
            return super().welcome(request)
        if request.headers.get("Sec-Fetch-Site") in ("cross-site", "same-site"):
            response = web.Response(content_type="text/html", charset="utf-8",
                                    text=ONWARD.format(url=html.escape(str(request.rel_url))))
            response.headers[hdrs.CACHE_CONTROL] = "no-store"
            return response
        return page(403, "access refused", USED)

    def welcome(self, request: web.Request) -> web.Response:
        """The link: spent, and the tab's language taken from it (``&lang=``)."""
        self.spent = True
        lang = request.query.get("lang")
        if lang in LANGUAGES:
            self.command = guest_command(lang, self.folder)
        return super().welcome(request)

    async def settle(self) -> None:
        """A reloaded tab: the old tab's app is still quitting (its websocket closed); wait
        for it (a few seconds at most) rather than turn the friend away."""
        end = time.monotonic() + QUIT_GRACE + 1.0
        while (self.sessions and all(ws.closed for ws in self.sessions.values())
               and time.monotonic() < end):
            await asyncio.sleep(0.1)

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        await self.settle()
        return await super().handle_index(request)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        await self.settle()
        if self.full() is None:
            self.spent = True  # (a client that opened the websocket with the token itself)
        return await super().handle_websocket(request)

    def full(self) -> str | None:
        if self.stopping:
            return "The game is over: this server has stopped."
        if self.sessions:
            return "The game is open in another tab already: one tab plays your seat."
        return super().full()

    async def on_startup(self, app: web.Application) -> None:
        """Nothing printed: the host shows the link its own way."""


class WebGuest:
    """The guest's seat of ``host`` served in a browser tab (:class:`GuestPage`)."""

    def __init__(self, host: Host, port: int, lang: str,
                 log_stream: TextIO | None = None) -> None:
        assert host.invite is not None, "the host is started first"
        self.log_stream = log_stream  # the server's log (None: none, as in the app)
        self.host = host
        self.port = port
        self.lang = lang if lang in LANGUAGES else "en"
        self.token = secrets.token_urlsafe(24)  # 192 bits
        self.folder: Path | None = None
        self.server: GuestServer | None = None
        self._runner: web.AppRunner | None = None

    async def start(self) -> str:
        host = self.host
        assert host.invite is not None
        log_to(self.log_stream, self.token)
        self.folder = Path(tempfile.mkdtemp(prefix="truf-tui-guest-"))  # 0700
        near = NEAR.get(host.bind, host.bind)
        dial = Invite(near, host.invite.port, host.invite.secret, host.invite.fingerprint)
        self.server = server = GuestServer(host, bind=host.bind, port=self.port,
                                           token=self.token, lang=self.lang,
                                           folder=self.folder, invite=dial)
        runner = web.AppRunner(await server._make_app(), handle_signals=False,
                               access_log=log, shutdown_timeout=1.0)
        try:
            await runner.setup()
            site = web.TCPSite(runner, host.bind, self.port)
            await site.start()
        except BaseException:
            await runner.cleanup()
            self._forget_folder()
            raise
        self._runner = runner
        atexit.register(self._at_exit)
        self.port = int(runner.addresses[0][1])  # (--web-port 0: the one given)
        return f"{address(host.invite.host, self.port)}/?token={self.token}"

    def playing(self) -> bool:
        return self.server is not None and bool(self.server.sessions)

    async def close(self, wait: float = 0.0) -> None:
        server, runner = self.server, self._runner
        self._runner = None
        if server is not None and runner is not None:
            end = time.monotonic() + wait
            while server.sessions and time.monotonic() < end:
                await asyncio.sleep(0.1)
            server.stopping = True
            with contextlib.suppress(Exception):
                await runner.cleanup()  # on_shutdown: every session's app ended
            for session in list(server.sessions):
                session.kill()
            atexit.unregister(self._at_exit)
        self._forget_folder()

    def _at_exit(self) -> None:
        """The program ends without :meth:`close` (the app quit while the page lingered
        for the friend): the tab's app and its folder go with it all the same."""
        if self.server is not None:
            for session in list(self.server.sessions):
                session.kill()
        self._forget_folder()

    def _forget_folder(self) -> None:
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)


def log_to(stream: TextIO | None, token: str | None) -> None:
    """The web server's lines (requests, errors) on ``stream``, the token masked; ``None``:
    nowhere (the app's terminal is the app's)."""
    handler: logging.Handler
    if stream is None:
        handler = logging.NullHandler()
    else:
        handler = logging.StreamHandler(stream)
        handler.setFormatter(Masked(token, "web: %(levelname)s %(message)s"))
        handler.addFilter(one_line_bad_requests)
    for name in ("truf-tui.serve", "aiohttp"):
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.propagate = False
        logger.setLevel(logging.INFO)


__all__ = ["GuestServer", "WebGuest", "guest_command", "log_to"]
