"""Headless seats (../shared/spec/NETWORK.md): ``host --bot TIER`` and ``join CODE --bot
TIER`` play one match with a computer tier in the seat and no interface.

Standard output: ``invite: CODE`` (the host, as soon as it listens), one ``game N: A-B``
line per game of a longer match, then ``result: A-B`` (host's seat first) and ``record:
PATH`` as the last two lines.  A guest that cannot join prints one line on standard error
and returns 1, within 30 s.  Each side keeps its records in the data folder (``net/``) and
puts every finished game into its history once.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from truf_tui.ai import make_bot
from truf_tui.engine.record import GameRecord
from truf_tui.net.client import (
    DealAlarm,
    GameEnded,
    HostProblem,
    JoinError,
    MatchEnded,
    NetClient,
    Turn,
)
from truf_tui.net.invite import Invite, InviteError
from truf_tui.net.protocol import ProtocolError
from truf_tui.net.server import DEFAULT_LIMITS, Host, HostError, Limits
from truf_tui.play.config import GameConfig
from truf_tui.store import History, SaveStore, StoreError, export_record

RECORDS_DIR = "net"
JOIN_SECONDS = 25.0  # a guest that cannot join says so within the contract's 30 s


class SeatFailed(Exception):
    """The seat could not play its match to the end; one line for the person."""


def keep_record(folder: Path | None, record: GameRecord) -> Path | None:
    """The record in ``folder/net/ID.json`` and in the history (once: by the game's id,
    through the pending queue as the app does)."""
    if folder is None:
        return None
    path = folder / RECORDS_DIR / f"{record.meta.get('id', 'game')}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    export_record(path, record)
    saves = SaveStore(folder)
    pending = saves.put_pending(record)
    with History(folder) as history:
        history.add_game(record)
    saves.remove_pending(pending)
    return path


async def play_seat(client: NetClient, choose: Callable[[dict[str, Any]], str],
                    folder: Path | None, out: TextIO) -> tuple[tuple[int, int], Path | None]:
    """Play the seat to the match's end with ``choose`` (observation -> move text)."""
    last_path: Path | None = None
    async for event in client.events():
        if isinstance(event, Turn) and event.legal:
            try:
                move = await asyncio.to_thread(choose, event.observation)
            except Exception as e:  # noqa: BLE001 - a position no game has: the host's fault
                raise SeatFailed(f"the computer player cannot move in the position the host "
                                 f"sent ({type(e).__name__})") from None
            await client.play(move)
        elif isinstance(event, DealAlarm):
            raise SeatFailed(f"DEAL ALARM in game {event.game + 1}: {event.why}")
        elif isinstance(event, GameEnded):
            last_path = await asyncio.to_thread(keep_record, folder, event.record)
            if client.welcome.best_of > 1:
                print(f"game {event.game + 1}: {event.scores[0]}-{event.scores[1]} "
                      "(deal verified)", file=out, flush=True)
        elif isinstance(event, HostProblem):
            print(f"truf-tui: the host says: {event.message}", file=sys.stderr)
        elif isinstance(event, MatchEnded):
            return event.result, last_path
    raise SeatFailed("the match ended without a result")


def bot_chooser(game: str, tier: str, seed: int | None) -> Callable[[dict[str, Any]], str]:
    bot = make_bot(game, tier, seed=seed)

    def choose(observation: dict[str, Any]) -> str:
        return str(bot.choose(observation))
    return choose


def _finish(result: tuple[int, int], path: Path | None, out: TextIO) -> None:
    print(f"result: {result[0]}-{result[1]}", file=out, flush=True)
    print(f"record: {path if path is not None else '(not kept: no data folder)'}", file=out,
          flush=True)


async def host_match(config: GameConfig, tier: str, *, seed: int | None, bind: str,
                     port: int, address: str | None, folder: Path | None,
                     out: TextIO = sys.stdout, limits: Limits = DEFAULT_LIMITS) -> int:
    host = Host(config, bind=bind, port=port, address=address, name=f"Computer ({tier})",
                limits=limits)
    try:
        invite = await host.start()
    except OSError as e:
        print(f"truf-tui: cannot host on {bind}:{port}: {e.strerror or e}", file=sys.stderr)
        return 1
    match = asyncio.ensure_future(host.run_match())
    try:
        # The host's own table takes its seat before the code is out (no one can keep it out)
        table = await host.own_table()
        print(f"invite: {invite.code()}", file=out, flush=True)
        result, path = await play_seat(table, bot_chooser(config.game, tier, seed), folder,
                                       out)
        await match
        await table.close()
    except (HostError, SeatFailed, JoinError, ConnectionError, ProtocolError,
            StoreError) as e:
        why: BaseException = e
        if match.done() and not match.cancelled() and match.exception() is not None:
            why = match.exception() or e  # why the host ended it, not how the table saw it
        print(f"truf-tui: {why}", file=sys.stderr)
        return 1
    finally:
        match.cancel()
        await asyncio.gather(match, return_exceptions=True)
        await host.close()
    _finish(result, path, out)
    return 0


async def join_match(code: str, tier: str, *, seed: int | None, folder: Path | None,
                     out: TextIO = sys.stdout, timeout: float = JOIN_SECONDS) -> int:
    try:
        invite = Invite.parse(code)
        client = await NetClient.join(invite, name=f"Computer ({tier})", timeout=timeout)
    except (InviteError, JoinError) as e:
        print(f"truf-tui: cannot join: {e}", file=sys.stderr)
        return 1
    try:
        result, path = await play_seat(client, bot_chooser(client.welcome.game, tier, seed),
                                       folder, out)
    except (SeatFailed, ConnectionError, ProtocolError, StoreError) as e:
        print(f"truf-tui: {e}", file=sys.stderr)
        return 1
    finally:
        await client.close()
    _finish(result, path, out)
    return 0
