"""Headless seats (../shared/spec/NETWORK.md): ``host --bot TIER`` and ``join CODE --bot
TIER`` play one match with a computer tier in the seat and no interface.

Standard output: ``invite: CODE`` (the host, as soon as it listens), one ``game N: A-B``
line per game of a longer match, then ``result: A-B`` (host's seat first) and ``record:
PATH`` as the last two lines.  A guest that cannot join prints one line on standard error
and returns 1, within 30 s.  Each side keeps its records in the data folder (``net/``) and
puts every finished game into its history once.  A headless seat never chats; a chat line
from the other player is printed on standard error (``truf-tui: chat from NAME: TEXT``),
never on standard output.

Faults (docs/network.md, "Faults"): the guest keeps what it needs to take its seat back
(``net/seat.json``: the invite, its seat secret, its deal seeds) and ``join --rejoin``
resumes from it; the host autosaves its match after every move (``net/host.json``) and
``host --resume`` goes on from it with a new certificate and code.  Both are written
atomically and off the event loop (net/autosave.py), private to their owner, and removed
once the match is over.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from truf_tui.ai import make_bot
from truf_tui.engine.record import GameRecord
from truf_tui.net.autosave import Autosave
from truf_tui.net.client import (
    ChatReceived,
    DealAlarm,
    GameEnded,
    HostProblem,
    JoinError,
    MatchEnded,
    NetClient,
    Turn,
)
from truf_tui.net.invite import Invite, InviteError
from truf_tui.net.protocol import PHRASES, ProtocolError
from truf_tui.net.server import DEFAULT_LIMITS, Host, HostError, Limits
from truf_tui.net.webseat import LINGER_SECONDS, GuestPage
from truf_tui.play.config import GameConfig
from truf_tui.store import History, SaveStore, StoreError, export_record

RECORDS_DIR = "net"
SEAT_FILE = "seat.json"  # the guest's: how to take its seat back (join --rejoin)
HOST_FILE = "host.json"  # the host's autosave (host --resume)
JOIN_SECONDS = 25.0  # a guest that cannot join says so within the contract's 30 s
REJOIN_HINT = ("its seat is kept: 'truf-tui join --rejoin' takes it back (with the host's "
               "new code if the host was restarted: 'truf-tui join --rejoin CODE')")


class SeatFailed(Exception):
    """The seat could not play its match to the end; one line for the person."""


def load_json(folder: Path | None, name: str) -> dict[str, Any] | None:
    """``folder/net/name`` if it is there and is a JSON object, else ``None``."""
    if folder is None:
        return None
    try:
        data = json.loads((folder / RECORDS_DIR / name).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


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
            path = (None if folder is None else
                    folder / RECORDS_DIR / f"{event.record.meta.get('id', 'game')}.json")
            again = path is not None and path.exists()  # told again after a crash: kept once
            last_path = await asyncio.to_thread(keep_record, folder, event.record)
            if not event.verified:
                print(f"truf-tui: game {event.game + 1} is kept, but its deals could not be "
                      "checked (this table lost its seeds)", file=sys.stderr)
            if client.welcome.best_of > 1 and not again:
                print(f"game {event.game + 1}: {event.scores[0]}-{event.scores[1]} "
                      "(deal verified)", file=out, flush=True)
        elif isinstance(event, HostProblem):
            print(f"truf-tui: the host says: {event.message}", file=sys.stderr)
        elif isinstance(event, ChatReceived):  # standard error: stdout is the contract's
            print(f"truf-tui: chat from {event.name or 'the other seat'}: "
                  f"{PHRASES.get(event.phrase or '', event.text or '')}", file=sys.stderr)
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


async def host_match(config: GameConfig | None, tier: str, *, seed: int | None, bind: str,
                     port: int, address: str | None, folder: Path | None,
                     out: TextIO = sys.stdout, limits: Limits = DEFAULT_LIMITS,
                     web: Callable[[Host], GuestPage] | None = None) -> int:
    """Host a match (``config``), or with ``config`` ``None`` resume the one the data
    folder's autosave holds (``host --resume``).  ``web`` (``host --web``): the guest's
    seat is also served in a browser tab; its link is printed as ``web: LINK`` after the
    invite, and the page stops with the match (``webseat``)."""
    # Written off the event loop, in order, the last state winning (net/autosave.py).
    autosave = Autosave(None if folder is None else folder / RECORDS_DIR / HOST_FILE)
    if config is None:
        save = load_json(folder, HOST_FILE)
        if save is None:
            print(f"truf-tui: there is no hosted match to resume in {folder}", file=sys.stderr)
            return 1
        try:
            host = Host.resume(save, bind=bind, port=port, address=address, limits=limits,
                               keep=autosave)
        except ValueError as e:
            print(f"truf-tui: the hosted match cannot be resumed: {e}", file=sys.stderr)
            return 1
        config = host.config
    else:
        host = Host(config, bind=bind, port=port, address=address,
                    name=f"Computer ({tier})", limits=limits, keep=autosave)
    try:
        invite = await host.start()
    except OSError as e:
        print(f"truf-tui: cannot host on {bind}:{port}: {e.strerror or e}", file=sys.stderr)
        return 1
    match = asyncio.ensure_future(host.run_match())
    page: GuestPage | None = None
    joined: asyncio.Future[None] | None = None
    finished = False
    try:
        # The host's own table takes its seat before the code is out (no one can keep it out)
        table = await host.own_table()
        print(f"invite: {invite.code()}", file=out, flush=True)
        if web is not None:
            page = web(host)
            try:
                link = await page.start()
            except OSError as e:
                print(f"truf-tui: cannot serve the browser tab: {e.strerror or e}",
                      file=sys.stderr)
                return 1
            print(f"web: {link}", file=out, flush=True)
            joined = asyncio.ensure_future(_say_joined(host))
        result, path = await play_seat(table, bot_chooser(config.game, tier, seed), folder,
                                       out)
        await match
        await table.close()
        finished = True
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
        if joined is not None:
            joined.cancel()
        await host.close()
        await autosave.flush()  # a match that cannot go on stays to resume, as it was last
        if page is not None and not finished:
            await page.close()
    await autosave.remove()  # the match is over: nothing to resume
    _finish(result, path, out)
    if page is not None:  # the friend reads the result, then its tab's app quits
        await page.close(wait=LINGER_SECONDS)
    return 0


async def _say_joined(host: Host) -> None:
    """On standard error: the browser tab's guest (or another) took the seat."""
    with contextlib.suppress(HostError):
        await host.wait_for_guest()
        print(f"truf-tui: {host.seats[1].name} took the guest's seat", file=sys.stderr,
              flush=True)


async def join_match(code: str | None, tier: str, *, seed: int | None, folder: Path | None,
                     out: TextIO = sys.stdout, timeout: float = JOIN_SECONDS,
                     rejoin: bool = False) -> int:
    """Join with ``code``; or take the seat kept in the data folder back (``rejoin``, or
    ``code`` the very code that seat was taken with), dialing ``code``'s host if given (a
    resumed host's new code), else the kept one's.  A seat dropped in play is taken back
    on a new connection once; if the host is gone the seat stays kept for a rejoin."""
    saved = load_json(folder, SEAT_FILE)
    if saved is not None and code is not None and saved.get("code") == code:
        rejoin = True  # the same code again: the seat it took, not a new one
    if rejoin and saved is None:
        print(f"truf-tui: cannot join: there is no seat to take back in {folder}",
              file=sys.stderr)
        return 1
    try:
        if rejoin:
            assert saved is not None
            given = code or saved.get("code")
            secret = saved.get("seat_secret")
            if not isinstance(given, str) or not isinstance(secret, str):
                raise InviteError("the kept seat is damaged: join with a new code")
            invite = Invite.parse(given)
            client = await NetClient.rejoin(invite, secret, timeout=timeout)
            client.restore(saved)
        else:
            if code is None:
                raise InviteError("no invite code given")
            invite = Invite.parse(code)
            client = await NetClient.join(invite, name=f"Computer ({tier})", timeout=timeout)
    except (InviteError, JoinError, ValueError, KeyError) as e:
        print(f"truf-tui: cannot join: {e}", file=sys.stderr)
        return 1

    keep_seat = Autosave(None if folder is None else folder / RECORDS_DIR / SEAT_FILE)
    client.keep = keep_seat
    try:
        keep_seat(client.saved())
        await keep_seat.flush()
        choose = bot_chooser(client.welcome.game, tier, seed)
        while True:
            try:
                result, path = await play_seat(client, choose, folder, out)
                break
            except ConnectionError as e:  # the line dropped: take the seat back, once
                try:
                    await client.reconnect(timeout=timeout)
                except JoinError:
                    raise ConnectionError(f"{e}; {REJOIN_HINT}") from None
    except (SeatFailed, ConnectionError, ProtocolError, StoreError) as e:
        print(f"truf-tui: {e}", file=sys.stderr)
        return 1
    finally:
        await client.close()
        await keep_seat.flush()  # a seat that could not go on stays kept for a rejoin
    await keep_seat.remove()
    _finish(result, path, out)
    return 0
