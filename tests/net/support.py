"""In-process matches for the network tests: a host, its own table over loopback and a
guest, both playing random legal moves."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from truf_tui.net.client import GameEnded, MatchEnded, NetClient, Turn
from truf_tui.net.invite import Invite
from truf_tui.net.server import DEFAULT_LIMITS, Host, Limits
from truf_tui.play.config import GameConfig


class Clock:
    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@dataclass
class Seat:
    client: NetClient
    games: list[GameEnded] = field(default_factory=list)
    result: tuple[int, int] | None = None


async def play(seat: Seat, rng: random.Random,
               after_move: Callable[[Turn], None] | None = None) -> Seat:
    async for event in seat.client.events():
        if isinstance(event, Turn) and event.legal:
            await seat.client.play(rng.choice(event.legal))
        elif isinstance(event, GameEnded):
            seat.games.append(event)
        elif isinstance(event, MatchEnded):
            seat.result = event.result
    return seat


async def start(config: GameConfig, limits: Limits = DEFAULT_LIMITS,
                clock: Callable[[], float] | None = None) -> Host:
    host = Host(config, bind="127.0.0.1", limits=limits,
                **({"clock": clock} if clock is not None else {}))
    await host.start()
    return host


async def host_table(host: Host) -> NetClient:
    return await host.own_table()


async def whole_match(host: Host, guest: NetClient, seed: int = 1,
                      timeout: float = 30) -> tuple[Seat, Seat]:
    mine = await host_table(host)
    match = asyncio.ensure_future(host.run_match())
    try:
        a, b = await asyncio.wait_for(asyncio.gather(
            play(Seat(mine), random.Random(seed)), play(Seat(guest), random.Random(seed + 1))),
            timeout)
        await asyncio.wait_for(match, 5)
    finally:
        match.cancel()
        await mine.close()
        await guest.close()
    return a, b


def loopback(invite: Invite, secret: bytes | None = None) -> Invite:
    return Invite(invite.host, invite.port, secret or invite.secret, invite.fingerprint)
