"""``truf-tui serve``: textual-serve's server, with truf-tui's page.

The page (``app_index.html``) is textual-serve's own with a title for the browser tab and the
terminal focused as soon as it is connected, so that keys reach the game without a first
click.  Its addresses (the websocket, the static files) are built from the address the
browser asked for, not from ``--host``: served on 0.0.0.0, the page still connects.

Imported only by ``truf-tui serve`` (textual-serve and aiohttp load slowly).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import aiohttp_jinja2
from aiohttp import web
from textual_serve.server import Server, to_int

TITLE = "truf-tui"
PAGES = Path(__file__).resolve().parent


class TrufServer(Server):
    """The server of ``truf-tui serve``: one app process per browser tab."""

    def __init__(self, command: str, host: str, port: int) -> None:
        super().__init__(command, host=host, port=port, title=TITLE, templates_path=PAGES)

    @aiohttp_jinja2.template("app_index.html")
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        websocket = "wss" if request.scheme == "https" else "ws"
        return {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"{websocket}://{request.host}/ws",
            "config": {"static": {"url": "/static/"}},
            "application": {"name": self.title},
        }
