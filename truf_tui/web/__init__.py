"""``truf-tui serve``: textual-serve's server, with truf-tui's page.

The page (``app_index.html``) is textual-serve's own with a title for the browser tab and the
terminal focused as soon as it is connected, so that keys reach the game without a first
click.  Its addresses (the websocket, the static files) are built from the address the
browser asked for, not from ``--host``: served on 0.0.0.0, the page still connects.

With an access token (always on an address other than loopback, see ``cli.serve``), every
request must carry it: the page's address (``/?token=...``, which the server prints), or the
cookie that page leaves, which the page's websocket, scripts and downloads then send.  Any
other request (page, websocket upgrade, static file) gets a 403 page saying so, and a
websocket upgrade from a page of another origin is refused as well.

Imported only by ``truf-tui serve`` (textual-serve and aiohttp load slowly).
"""

from __future__ import annotations

import html
import logging
import re
import secrets
import socket
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
from aiohttp import hdrs, web
from textual_serve.server import Server, to_int

TITLE = "truf-tui"
WILDCARDS = ("", "0.0.0.0", "::")  # every address of this computer
PAGES = Path(__file__).resolve().parent

REFUSED = """<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>truf-tui: access refused</title>
    <style>
      body {{ background: #0c181f; color: #eee; font: 16px/1.5 sans-serif; margin: 3em; }}
      main {{ max-width: 40em; }}
      code {{ color: #fc6; }}
    </style>
  </head>
  <body>
    <main>
      <h1>403: access refused</h1>
      <p>{reason}</p>
      <p>This truf-tui is served to other computers, so it opens only for the address
      that <code>truf-tui serve</code> printed when it started: the one ending in
      <code>/?token=&hellip;</code>. Open that address, or ask whoever started the
      server for it.</p>
    </main>
  </body>
</html>
"""

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class TrufServer(Server):
    """The server of ``truf-tui serve``: one app process per browser tab."""

    def __init__(self, command: str, host: str, port: int, token: str | None = None) -> None:
        super().__init__(command, host=host, port=port, title=TITLE, templates_path=PAGES)
        self.token = token
        self.public_url = address(host, port)
        self.cookie = f"truf-tui-token-{port}"  # one per port: two servers, two tokens

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        if self.token is not None:
            app.middlewares.append(self.check_token)
        return app

    @web.middleware
    async def check_token(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        assert self.token is not None
        given = request.query.get("token")
        from_page = given is not None
        if given is None:
            given = request.cookies.get(self.cookie)
        if given is None:
            return refused("This address has no access token.")
        if not secrets.compare_digest(given.encode(), self.token.encode()):
            return refused("This access token is not the one of this server.")
        origin = request.headers.get(hdrs.ORIGIN)
        if (request.headers.get(hdrs.UPGRADE, "").lower() == "websocket" and origin
                and urlsplit(origin).netloc != request.host):
            return refused("This game can only be opened from its own page.")
        response = await handler(request)
        if from_page and request.path == "/" and isinstance(response, web.Response):
            # the websocket, the scripts and downloads of the page carry it from here on
            response.set_cookie(self.cookie, self.token, path="/", httponly=True,
                                samesite="Strict")
        return response

    def initialize_logging(self) -> None:
        super().initialize_logging()
        logging.getLogger("aiohttp.access").addFilter(hide_token)

    async def on_startup(self, app: web.Application) -> None:
        if self.token is None:
            await super().on_startup(app)
            return
        print(f"truf-tui serve: open {self.public_url}/?token={self.token}\n"
              "Anyone who has this address plays with your data folder (your history, "
              "replays and saved games): give it only to whom you trust. Requests without "
              "it are refused.", flush=True)
        if self.host in WILDCARDS:
            print(f"({socket.gethostname()} is this computer's name: another computer may "
                  "need its address in its place.)", flush=True)
        print("Press Ctrl+C to stop.", flush=True)

    @aiohttp_jinja2.template("app_index.html")
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        websocket = "wss" if request.scheme == "https" else "ws"
        return {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"{websocket}://{request.host}/ws",
            "config": {"static": {"url": "/static/"}},
            "application": {"name": self.title},
        }


def hide_token(record: logging.LogRecord) -> bool:
    """The server's log of requests (on its terminal) shows ``token=…``, not the token."""
    record.msg = re.sub(r"([?&]token=)[^&\s\"]*", r"\1…", record.getMessage())
    record.args = None
    return True


def refused(reason: str) -> web.Response:
    return web.Response(status=403, content_type="text/html", charset="utf-8",
                        text=REFUSED.format(reason=html.escape(reason)))


def address(host: str, port: int) -> str:
    """The address to open, for the address served on: listening on every address of this
    computer (0.0.0.0, ::), it is reached by the computer's name."""
    if host in WILDCARDS:
        host = socket.gethostname()
    if ":" in host:  # an IPv6 address
        host = f"[{host}]"
    return f"http://{host}:{port}"
