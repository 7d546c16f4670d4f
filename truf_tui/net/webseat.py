"""The guest's seat served in a browser tab (issue 39 item 7, ``host --web``): what a host
needs of it.

The server is ``truf_tui.web.guest`` (textual-serve): its tab runs a truf-tui that joins
this host over loopback with the invite code, like any guest (the host stays
authoritative; that seat is sent only its own observation).  ``net`` never imports it (the
layers: ``web`` is above ``net``): the command line hands the host a :data:`GuestPageMaker`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from truf_tui.net.server import Host

# The environment variable that gives the tab's app its invite code (``--web-guest``): not
# in its command line, which every user of the computer can list.
INVITE_VARIABLE = "TRUF_TUI_WEB_INVITE"
# Seconds the tab stays served once the match is over, so the friend reads the result: its
# app quits (and the server stops) as soon as the friend closes the results.
LINGER_SECONDS = 60.0


class GuestPage(Protocol):
    """The browser tab of a hosted match's guest seat."""

    async def start(self) -> str:
        """Listen; the link to give the friend (``http://ADDR:PORT/?token=…``).  It lets
        one browser in, once, while the invite is good (10 minutes, unused).  ``OSError``
        if the port cannot be had."""

    def playing(self) -> bool:
        """Is the friend's tab (its app process) running?"""

    async def close(self, wait: float = 0.0) -> None:
        """Stop serving, after up to ``wait`` seconds for the friend's tab to close by
        itself; every process it started is ended."""


# (the started host, the web port (0: a free one), the tab's language) -> its page
GuestPageMaker = Callable[["Host", int, str], GuestPage]

__all__ = ["INVITE_VARIABLE", "LINGER_SECONDS", "GuestPage", "GuestPageMaker"]
