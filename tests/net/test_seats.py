"""The headless seat's loop: a position the computer cannot play ends the seat with one
line, not a traceback."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import pytest

from tests.net.support import host_table, start
from truf_tui.net.client import NetClient
from truf_tui.net.seats import SeatFailed, play_seat
from truf_tui.play.config import GameConfig


async def test_a_position_the_bot_cannot_play_fails_the_seat_with_one_line() -> None:
    host = await start(GameConfig(game="truc", opponent="human"))
    try:
        assert host.invite is not None
        guest = await NetClient.join(host.invite)
        mine = await host_table(host)
        match = asyncio.ensure_future(host.run_match())

        def broken(observation: dict[str, Any]) -> str:
            raise KeyError("hand")

        with pytest.raises(SeatFailed, match="cannot move in the position"):
            await asyncio.wait_for(asyncio.gather(play_seat(mine, broken, None, io.StringIO()),
                                                  play_seat(guest, broken, None,
                                                            io.StringIO())), 10)
        match.cancel()
        await mine.close()
        await guest.close()
    finally:
        await host.close()
