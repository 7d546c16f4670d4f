"""Issue 39's rough edges, as a user of an online card game meets them: closing a hosted
session whose guest left first, the host's app stopping (not "your friend ended it"), the
rejoin window counted down, the "deal verified" notice kept off the match's results."""

from __future__ import annotations

import asyncio
import contextlib
import time

from truf_tui.play.config import GameConfig
from truf_tui.ui.netplay import NetSession, Turn


async def _first_turn(session: NetSession) -> Turn:
    while True:
        event = await asyncio.wait_for(session.queue.get(), 20)
        if isinstance(event, Turn):
            return event


async def test_the_hosts_close_returns_in_time_when_the_guest_closed_first() -> None:
    """The guest's table closes first; the host's close then returns within a few seconds,
    even with a match task that let one cancellation pass (Python 3.11's ``wait_for``
    drops one that comes as its wait ends): it is cancelled again, not waited for on and
    on."""
    host, invite = await NetSession.hosting(GameConfig(game="truc"), name="Ana",
                                           bind="127.0.0.1")
    guest = await NetSession.joining(invite.code(), name="Bo")
    stubborn: asyncio.Future[None] | None = None
    try:
        await asyncio.wait_for(host.guest_joined(), 10)
        await _first_turn(guest)
        await guest.close()
        await asyncio.sleep(0.2)  # the host sees the guest's line close

        async def lets_one_cancel_pass() -> None:
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.sleep(60)
            await asyncio.sleep(60)  # the second cancellation ends it

        assert host.match is not None
        host.match.cancel()
        stubborn = host.match = asyncio.ensure_future(lets_one_cancel_pass())
        await asyncio.sleep(0)
        t0 = time.monotonic()
        await asyncio.wait_for(host.close(), 10)
        assert time.monotonic() - t0 < 4
        assert stubborn.done()
    finally:
        if stubborn is not None:
            stubborn.cancel()
        await guest.close()
        await host.close()
