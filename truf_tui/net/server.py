"""The authoritative host: the engine state lives here only, and each seat is sent its own
``observation(seat)``, never the other hand.

Both tables are clients (the host's own over loopback, with seat 0's secret).  A connection
is admitted in steps, each bounded: a cap on open connections, a cap on handshakes in
progress, a time limit on the TLS handshake and on the ``hello``.  A seated connection has a
token-bucket rate limit; a bad message gets an ``error`` reply and a few of them drop it.
A seat that drops may come back with its seat secret within ``rejoin_seconds``.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import secrets
import ssl
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from truf_tui.engine import truc, trufludo
from truf_tui.engine.common import IllegalActionError
from truf_tui.engine.deals import CHAIN_START, DealProof, commitment, new_seed
from truf_tui.engine.record import AnyState, GameRecord
from truf_tui.net.autosave import Autosave
from truf_tui.net.client import NetClient, game_id_of
from truf_tui.net.invite import Invite, Ticket
from truf_tui.net.protocol import (
    CHAT_MAX,
    CHAT_VERSION,
    OLDEST_VERSION,
    VERSION,
    Chat,
    ChatDropped,
    ClientMessage,
    Commit,
    Error,
    FriendChat,
    GameOver,
    Hello,
    HostMessage,
    MatchOver,
    Move,
    Ping,
    Pong,
    ProtocolError,
    Reveal,
    Seed,
    Update,
    Waiting,
    Welcome,
    clean_text,
    encode,
    parse_client,
    read_frame,
)
from truf_tui.net.tls import make_identity
from truf_tui.play.config import GameConfig
from truf_tui.play.matches import MatchRun, first_dealer_of

HOST_SEAT, GUEST_SEAT = 0, 1


@dataclass(frozen=True)
class Limits:
    max_open: int = 16  # connections at once, seated ones included
    max_handshakes: int = 4  # connections not yet seated
    handshake_seconds: float = 5.0  # TLS handshake, then the hello
    rate: float = 50.0  # messages a second, sustained, per connection: beyond, it waits
    burst: float = 100.0
    max_bad: int = 3  # bad messages before the connection is dropped
    rejoin_seconds: float = 300.0  # a dropped seat may come back for five minutes
    inbox: int = 32  # messages waiting for the game, per seat
    write_seconds: float = 5.0  # a table that takes longer to read its messages is dropped
    silence_seconds: float = 20.0  # a table pings every 5 s: silence this long is a dead line
    chat_rate: float = 1.0  # chat lines a second per connection, beyond a burst: dropped
    chat_burst: float = 3.0


DEFAULT_LIMITS = Limits()
CLOSE_SECONDS = 2.0  # Host.close: the longest it waits for its connections' tasks


class HostError(Exception):
    """The match cannot go on (no guest came, a seat never came back)."""


@dataclass
class _Seat:
    secret: str = field(default_factory=lambda: secrets.token_urlsafe(24), repr=False)
    name: str = ""
    writer: asyncio.StreamWriter | None = None
    inbox: asyncio.Queue[ClientMessage] = field(default_factory=asyncio.Queue)
    # What a rejoin is sent again: the games this seat has not shown it finished (the last
    # update of each, its reveals, a pending commitment, its end), trimmed as the seat moves on.
    resync: list[HostMessage] = field(default_factory=list)
    dropped_at: float | None = None
    joined: asyncio.Event = field(default_factory=asyncio.Event)
    chat: bool = False  # its table said hello in a version that knows chat


@dataclass
class _Bucket:
    rate: float
    burst: float
    clock: Callable[[], float]
    tokens: float = 0.0
    at: float | None = None  # the last take (None: full, never used)

    def wait(self) -> float:
        """Take a token: the seconds to wait first (0 while within the rate).  Tokens may go
        below zero: each message over the rate waits for its own."""
        now = self.clock()
        if self.at is None:
            self.tokens, self.at = self.burst, now
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        self.tokens -= 1
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate

    def take(self) -> bool:
        """Take a token if there is one (``False``: over the rate, nothing taken)."""
        if self.wait() > 0:
            self.tokens += 1  # given back: what is refused never counts
            return False
        return True


@dataclass(frozen=True)
class GameResult:
    state: AnyState
    game_over: GameOver


class Host:
    """One match between seat 0 (the host's table) and seat 1 (the guest's).

    ``await start()`` listens and makes the invite; ``await run_match()`` plays the match
    once both seats are taken and returns the result both print; ``await close()``.
    ``clock`` (monotonic seconds) is injected by the tests (the invite's expiry).
    """

    def __init__(self, config: GameConfig, *, bind: str = "127.0.0.1", port: int = 0,
                 address: str | None = None, name: str = "Host",
                 limits: Limits = DEFAULT_LIMITS,
                 clock: Callable[[], float] = time.monotonic,
                 keep: Callable[[dict[str, Any]], None] | None = None) -> None:
        self.config = config
        self.bind, self.port, self.address = bind, port, address
        self.limits, self.clock = limits, clock
        self.ticket = Ticket(clock)
        self.seats = (_Seat(name=clean_text(name) or "Host"), _Seat())
        self.invite: Invite | None = None
        self.games: list[GameResult] = []
        self.refused = 0  # connections refused or dropped before a seat (for tests, logs)
        self._server: asyncio.Server | None = None
        self._ssl: ssl.SSLContext | None = None
        self._open = 0
        self._handshaking = 0
        self._tasks: set[asyncio.Task[None]] = set()
        self._over = False
        # The autosave (``host --resume``): called with :meth:`snapshot` after every step.
        self.keep = keep
        # Who plays the host's seat, said in the autosave ("app": the app's player; unset: a
        # program, as ``host --bot``): the app offers to resume only its own matches.
        self.played_by: str | None = None
        self._current: tuple[int, str, AnyState] | None = None  # game, its id, its state
        # A seed request out: its game, deal, host seed committed, and the position and move
        # it was asked at (that move held until the guest's seed is in).
        self._pending: _Pending | None = None
        self._ended: MatchOver | None = None

    # -- listening --------------------------------------------------------------------------
    async def start(self) -> Invite:
        identity = await asyncio.to_thread(make_identity)
        self._ssl = identity.context
        # TLS is started by hand after the caps are checked (start_tls), so a flood of
        # handshakes is bounded too; reading waits until then (no byte read in plain).
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(lambda: _Accept(self), self.bind, self.port)
        port = self._server.sockets[0].getsockname()[1]
        self.port = port
        self.invite = Invite(self.address or _invite_address(self.bind), port,
                             self.ticket.secret, identity.fingerprint)
        return self.invite

    @property
    def host_seat_secret(self) -> str:
        """What the host's own table joins with (over loopback)."""
        return self.seats[HOST_SEAT].secret

    async def own_table(self, name: str = "Host") -> NetClient:
        """The host's own table, a client of this host like the guest's: it dials the
        bound address (loopback when the host listens on every address)."""
        assert self.invite is not None, "start() first"
        near = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "::1"}.get(self.bind,
                                                                          self.bind)
        dial = Invite(near, self.invite.port, self.invite.secret, self.invite.fingerprint)
        return await NetClient.rejoin(dial, self.host_seat_secret, name=name)

    def away(self) -> int | None:
        """The seat whose table dropped and has not come back (yet), if one has."""
        for seat in (HOST_SEAT, GUEST_SEAT):
            s = self.seats[seat]
            if s.writer is None and s.dropped_at is not None:
                return seat
        return None

    async def end(self, why: str, *, while_away: bool = False) -> GameRecord | None:
        """The host's player ends the match: both tables are told why (``error`` ``ended``,
        as when the match cannot go on), then :meth:`close`.

        ``while_away``: the other player is away (reconnecting) and the one who stayed ended
        it.  The game in play is then won by the seat that stayed: its deals are revealed,
        ``ended`` names the winner (kept for the away table, should it come back before
        :meth:`close`), and its record is returned, marked ``ended_away`` (the seat that
        was away), for the history.  ``None`` if no game was in play or nobody was away."""
        self._over = True
        away, current = self.away(), self._current
        record: GameRecord | None = None
        winner: int | None = None
        if while_away and away is not None and current is not None:
            g, game_id, state = current
            winner = 1 - away
            for k, proof in enumerate(state.deals):  # the away table may build its record
                if proof.host_seed is not None:
                    await self._reveal_proof(g, k, proof)
            record = GameRecord.from_state(
                state, id=game_id, tier="human", human=HOST_SEAT, opponent="network",
                names=[s.name for s in self.seats], ended_away=away)
        for seat in (HOST_SEAT, GUEST_SEAT):
            await self._tell(seat, Error("ended", why[:300], winner))
        return record

    async def close(self, seconds: float = CLOSE_SECONDS) -> None:
        """Stop listening and drop every connection, within about ``seconds`` (a table
        gone already, a task whose cancellation was lost: Python 3.11's ``wait_for`` may
        drop one that comes as its wait ends; such a task is cancelled again, then left)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + seconds
        if self._server is not None:
            self._server.close()
        for seat in self.seats:
            if seat.writer is not None:
                seat.writer.close()
        while self._tasks and loop.time() < end:
            for task in list(self._tasks):
                task.cancel()
            await asyncio.wait(set(self._tasks), timeout=min(0.1, end - loop.time()))
        for seat in self.seats:  # what did not close by itself is cut
            if seat.writer is not None:
                seat.writer.transport.abort()
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(),
                                       max(0.1, end - loop.time()))

    def _accepted(self, transport: asyncio.Transport) -> None:
        if self._open >= self.limits.max_open or self._handshaking >= self.limits.max_handshakes:
            self.refused += 1
            transport.abort()
            return
        self._open += 1
        self._handshaking += 1
        self._spawn(self._connected(transport))

    async def _connected(self, transport: asyncio.Transport) -> None:
        seat: int | None = None
        writer: asyncio.StreamWriter | None = None
        try:
            try:
                reader, stream, seat = await asyncio.wait_for(self._admit(transport),
                                                              self.limits.handshake_seconds)
            finally:
                self._handshaking -= 1
            writer = stream
            if seat is None:
                self.refused += 1
                return
            await self._serve(seat, reader, stream)
        except (TimeoutError, OSError, ssl.SSLError, asyncio.IncompleteReadError,
                ProtocolError, ValueError):
            # ValueError: bytes that are not TLS at all; every other failure of one
            # connection ends that connection only (its own task), never the host.
            if seat is None:
                self.refused += 1
        except Exception:  # noqa: BLE001 - one connection's fault never ends the host
            if seat is None:
                self.refused += 1
        finally:
            self._open -= 1
            if (seat is not None and writer is not None and self.seats[seat].writer is writer
                    and not self._over):
                self._dropped(seat)
            if writer is not None:
                writer.transport.abort()
            transport.abort()

    async def _admit(self, transport: asyncio.Transport
                     ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter, int | None]:
        assert self._ssl is not None
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader(limit=2**16, loop=loop)
        protocol = asyncio.StreamReaderProtocol(reader, loop=loop)
        tls = await loop.start_tls(transport, protocol, self._ssl, server_side=True)
        if tls is None:
            raise OSError("the TLS handshake did not finish")
        protocol.connection_made(tls)
        writer = asyncio.StreamWriter(tls, protocol, reader, loop)
        return reader, writer, await self._hello(reader, writer)

    async def _hello(self, reader: asyncio.StreamReader,
                     writer: asyncio.StreamWriter) -> int | None:
        try:
            hello = parse_client(await read_frame(reader))
        except ProtocolError as e:
            await self._reply(writer, Error(e.code, str(e)))
            return None
        if not isinstance(hello, Hello):
            await self._reply(writer, Error("bad_hello", "the first message is hello"))
            return None
        if not OLDEST_VERSION <= hello.version <= VERSION:  # the code is not spent on it
            await self._reply(writer, Error("version", f"this host speaks version {VERSION} "
                                            f"of truf-tui's protocol, the table {hello.version}"))
            return None
        seat, why = self._seat_for(hello)
        if seat is None:
            await self._reply(writer, Error(why, _REFUSALS.get(why, why)))
            return None
        s = self.seats[seat]
        if s.writer is not None:  # a stale connection of the same seat: the new one wins
            s.writer.transport.abort()
        s.writer, s.dropped_at = writer, None
        s.chat = hello.version >= CHAT_VERSION
        if seat == GUEST_SEAT and not s.name:
            s.name = clean_text(hello.name) or "Guest"
        await self._send(seat, Welcome(seat, s.secret, self.config.game,
                                       dict(self.config.rules), self.config.best_of,
                                       [self.seats[0].name, self.seats[1].name]))
        for msg in list(s.resync):
            await self._send(seat, msg)
        s.joined.set()
        return seat

    def _seat_for(self, hello: Hello) -> tuple[int | None, str]:
        import hmac

        if hello.seat_secret is not None:
            offered = hello.seat_secret.encode("ascii")
            for i, s in enumerate(self.seats):
                if hmac.compare_digest(offered, s.secret.encode("ascii")):
                    if i == GUEST_SEAT and not self.ticket.used:
                        return None, "wrong_secret"
                    if s.dropped_at is not None and (self.clock() - s.dropped_at
                                                     > self.limits.rejoin_seconds):
                        return None, "too_late"
                    return i, ""
            return None, "wrong_secret"
        assert hello.secret is not None
        why = self.ticket.redeem(hello.secret)
        return (GUEST_SEAT, "") if why is None else (None, why)

    def _dropped(self, seat: int) -> None:
        s = self.seats[seat]
        s.writer, s.dropped_at = None, self.clock()
        s.joined.clear()
        other = self.seats[1 - seat]
        if other.writer is not None:
            self._spawn(self._send(1 - seat, Waiting(seat, s.name,
                                                     int(self.limits.rejoin_seconds))))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _serve(self, seat: int, reader: asyncio.StreamReader,
                     writer: asyncio.StreamWriter) -> None:
        """A seated connection: each message rate-limited and parsed, then queued for the
        game (pings answered here); a connection silent for ``silence_seconds`` is dead."""
        bucket = _Bucket(self.limits.rate, self.limits.burst, self.clock)
        chat = _Bucket(self.limits.chat_rate, self.limits.chat_burst, self.clock)
        bad = 0
        inbox = self.seats[seat].inbox
        while True:
            # ProtocolError (too big) or silence (TimeoutError) drops the connection
            raw = await asyncio.wait_for(read_frame(reader), self.limits.silence_seconds)
            delay = bucket.wait()
            if delay > 0:  # over the rate: read nothing meanwhile (TCP pushes back)
                await asyncio.sleep(delay)
            try:
                msg = parse_client(raw)
            except ProtocolError as e:
                msg = None
                problem: tuple[str, str] = (e.code, str(e))
            else:
                if isinstance(msg, Ping):
                    await self._reply(writer, Pong(msg.nonce))
                    continue
                if isinstance(msg, Chat):  # never the game's: passed on here, or dropped
                    await self._relay(seat, msg, chat, writer)
                    continue
                if isinstance(msg, Hello) or inbox.qsize() >= self.limits.inbox:
                    msg, problem = None, ("unexpected", "not expected now")
            if msg is None:
                bad += 1
                await self._reply(writer, Error(*problem))
                if bad >= self.limits.max_bad:
                    return
                continue
            inbox.put_nowait(msg)

    async def _relay(self, seat: int, msg: Chat, bucket: _Bucket,
                     writer: asyncio.StreamWriter) -> None:
        """A chat line from ``seat``, to the other seat only, stamped with ``seat`` (the
        connection's, never the message's word) and its text cleaned again; over the chat
        rate, with the other player away or on a table without chat, dropped, and the
        sender told why.  Never kept for a rejoin: chat is of the moment."""
        text = None if msg.text is None else clean_text(msg.text, CHAT_MAX)
        if text == "":
            return  # nothing left to draw
        other = self.seats[1 - seat]
        why = None
        if not bucket.take():
            why = "too_fast"
        elif other.writer is None:
            why = "away"
        elif not other.chat:
            why = "off"
        if why is not None:
            if self.seats[seat].chat:
                await self._reply(writer, ChatDropped(why))
            return
        await self._send(1 - seat, FriendChat(seat, msg.phrase, text))

    async def _reply(self, writer: asyncio.StreamWriter, msg: HostMessage) -> None:
        try:
            writer.write(encode(msg))
            await asyncio.wait_for(writer.drain(), self.limits.write_seconds)
        except (OSError, RuntimeError):  # TimeoutError too: a table that reads nothing
            writer.transport.abort()  # is dropped (it may come back), not buffered for

    async def _send(self, seat: int, msg: HostMessage) -> None:
        writer = self.seats[seat].writer
        if writer is not None:
            await self._reply(writer, msg)

    # -- the match ---------------------------------------------------------------------------
    async def wait_for_guest(self) -> None:
        """Until the guest has taken its seat; :class:`HostError` once the invite expired
        (or, for a resumed match, once the guest stayed away past the rejoin time)."""
        guest = self.seats[GUEST_SEAT]
        while not guest.joined.is_set():
            if self.ticket.expired() and not self.ticket.used:
                raise HostError("no guest joined before the invite expired")
            if (guest.dropped_at is not None
                    and self.clock() - guest.dropped_at > self.limits.rejoin_seconds):
                raise HostError(f"seat {GUEST_SEAT} did not come back")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(guest.joined.wait(), 1.0)

    async def _next(self, seat: int, want: type[Any], check: Callable[[Any], str | None]
                    ) -> Any:
        """The seat's next message of type ``want`` that passes ``check`` (``None`` = good);
        other ones get an error reply.  :class:`HostError` if the seat stays away longer
        than the rejoin time."""
        s = self.seats[seat]
        # One getter kept across the 1 s checks: wait_for(inbox.get(), 1) loses the message
        # when its timeout and the message come at once (Python < 3.12), and the match stalls.
        getter: asyncio.Future[ClientMessage] | None = None
        try:
            while True:
                if getter is None:
                    getter = asyncio.ensure_future(s.inbox.get())
                done, _ = await asyncio.wait({getter}, timeout=1.0)
                if not done:
                    if (s.dropped_at is not None
                            and self.clock() - s.dropped_at > self.limits.rejoin_seconds):
                        raise HostError(f"seat {seat} did not come back")
                    continue
                msg, getter = getter.result(), None
                # A seed or a move for game g shows the seat has seen the games before g end:
                # a rejoin need not send them again.
                if isinstance(msg, (Seed, Move)):
                    s.resync = [m for m in s.resync if _game_of(m) >= msg.game]
                why = check(msg) if isinstance(msg, want) else "not expected now"
                if why is None:
                    return msg
                await self._send(seat, Error("refused", why))
        finally:
            if getter is not None:
                getter.cancel()

    async def run_match(self) -> MatchOver:
        """Play the whole match; both seats get every message they need, then the result.
        If it cannot go on, both seats are told why and dropped (:class:`HostError`)."""
        try:
            return await self._run_match()
        except Exception as e:
            why = str(e) if isinstance(e, HostError) else f"the host failed: {e}"
            self._over = True
            for seat in (HOST_SEAT, GUEST_SEAT):
                await self._send(seat, Error("ended", why[:300]))
                writer = self.seats[seat].writer
                if writer is not None:
                    writer.transport.abort()
            raise HostError(why) from e

    async def _run_match(self) -> MatchOver:
        await self.wait_for_guest()
        await self.seats[HOST_SEAT].joined.wait()
        config = replace(self.config, seed=None)
        match: MatchRun | None = None
        for done in self.games:  # a resumed match: the games it had finished
            match = (match or MatchRun.start(config, done.state)).record(done.state.winner())
        if match is not None:
            config = replace(match.next_config(), seed=None)
        if match is None or not match.series.is_over():
            for g in itertools.count(len(self.games)):  # the series ends itself
                state, over = await self._play_game(g, config)
                self.games.append(GameResult(state, over))
                self._current = None
                self._autosave()
                match = (match or MatchRun.start(config, self.games[0].state)).record(
                    state.winner())
                if match.series.is_over():
                    break
                config = replace(match.next_config(), seed=None)
        assert match is not None
        if self.config.best_of == 1:
            result = list(self.games[-1].state.scores())
        else:
            result = list(match.series.wins())
        end = MatchOver(result, "finished")
        self._over = True
        self._ended = end
        self._autosave()
        await self._saved()
        for seat in (HOST_SEAT, GUEST_SEAT):
            await self._tell(seat, end)
        return end

    async def _agree(self, g: int, deal: int, chain: str, n: int = 0,
                     move: str | None = None) -> DealProof:
        """The fair deal of shuffle ``deal`` of game ``g``: commit (to the host's seed and
        ``chain``, the link after the deal before), the guest's seed, asked for at position
        ``n`` with ``move`` (the one that deals it) held.  The proof, revealed: the host's
        seed stays secret until :meth:`_reveal`.  The host's seed is saved before its
        commitment goes out, so a resumed host commits to the same one (the guest, asked
        again, answers with the same seed)."""
        pending = self._pending
        if pending is not None and (pending.game, pending.deal) == (g, deal):
            host_seed = pending.host_seed
            if (pending.n, pending.move) != (n, move):  # the guest chose again, resumed
                self._pending = _Pending(g, deal, host_seed, n, move)
                self._autosave()
        else:
            host_seed = new_seed()
            self._pending = _Pending(g, deal, host_seed, n, move)
            self._autosave()
        await self._saved()  # the seed on disk before its commitment goes out
        commit = Commit(g, deal, commitment(host_seed, chain), n, move)
        await self._tell(GUEST_SEAT, commit)
        msg: Seed = await self._next(
            GUEST_SEAT, Seed, lambda m: None if (m.game, m.deal) == (g, deal) else "not now")
        guest = self.seats[GUEST_SEAT]
        guest.resync = [m for m in guest.resync if m is not commit]
        return DealProof.of(host_seed, bytes.fromhex(msg.seed), chain)

    async def _reveal(self, g: int, deal: int, seeds: tuple[bytes, bytes]) -> None:
        reveal = Reveal(g, deal, seeds[0].hex(), seeds[1].hex())
        for s in (HOST_SEAT, GUEST_SEAT):
            await self._tell(s, reveal)

    async def _reveal_proof(self, g: int, deal: int, proof: DealProof) -> None:
        assert proof.host_seed is not None
        await self._reveal(g, deal, (bytes.fromhex(proof.host_seed),
                                     bytes.fromhex(proof.guest_seed)))

    async def _play_game(self, g: int, config: GameConfig) -> tuple[AnyState, GameOver]:
        """One game: every shuffle agreed with the guest (docs/fair-deal.md, "Timing over
        the network"): the first before the game is dealt; Le Truc's next round's when the
        move that deals it has arrived, held until the guest's seed is in; each revealed
        once its round is over.  The state is autosaved after every move."""
        if self._current is not None and self._current[0] == g:  # resumed mid-game
            _g, game_id, state = self._current
        else:
            proof = await self._agree(g, 0, CHAIN_START)
            self._pending = None
            state = _deal(config, proof)
            game_id = game_id_of(proof)
        n = len(state.history)
        last = str(state.history[-1]) if n else None
        while True:
            self._current = (g, game_id, state)
            self._autosave()
            await self._saved()  # no table sees a position a resumed host would not have
            held = self._held(g, n, state)
            await self._broadcast(g, n, last, state, moving=held is None)
            seat = state.current_player
            if seat is None:
                break
            move: Move = held or await self._next(seat, Move, _move_check(g, n, state))
            dealt = len(state.deals)
            if state.shuffles_on(move.action) and isinstance(state, truc.State):
                proof = await self._agree(g, dealt, state.deals[-1].chain_after(), n,
                                          move.action)
                state = state.with_deal(proof)
            self._pending = None
            state = state.apply(move.action)
            n, last = n + 1, move.action
            if len(state.deals) > dealt:  # a round was dealt: the one before it is over
                await self._reveal_proof(g, dealt - 1, state.deals[dealt - 1])
        await self._reveal_proof(g, len(state.deals) - 1, state.deals[-1])
        over = self._game_over(g, game_id, state)
        for s in (HOST_SEAT, GUEST_SEAT):
            await self._tell(s, over)
        return state, over

    def _game_over(self, g: int, game_id: str, state: AnyState) -> GameOver:
        dealer = first_dealer_of(state)
        start = list(state.start_scores) if isinstance(state, truc.State) else [0, 0]
        wins = [sum(1 for r in self.games[:g] if r.state.winner() == p) for p in (0, 1)]
        winner = state.winner()
        if winner is not None:
            wins[winner] += 1
        assert state.seed is not None
        return GameOver(g, game_id, state.seed, dealer, start, list(state.scores()), wins,
                        [s.name for s in self.seats])

    def _held(self, g: int, n: int, state: AnyState) -> Move | None:
        """The host's player's move a resumed host had held for the guest's seed before it
        stopped: made already, so played as it was (the guest's table, which was asked for
        its seed at that move, sees the same move; another one would be an early request
        for the seed).  ``None`` if there is none."""
        pending = self._pending
        if (pending is None or pending.move is None or (pending.game, pending.n) != (g, n)
                or state.current_player != HOST_SEAT or pending.deal != len(state.deals)
                or _move_check(g, n, state)(Move(g, n, pending.move)) is not None):
            return None
        return Move(g, n, pending.move)

    async def _broadcast(self, g: int, n: int, last: str | None, state: AnyState,
                         moving: bool = True) -> None:
        for seat in (HOST_SEAT, GUEST_SEAT):
            await self._tell(seat, _update(g, n, last, state, seat, moving))

    async def _tell(self, seat: int, msg: HostMessage) -> None:
        """Send ``msg`` and keep it for a rejoin (an update replaces the game's last one)."""
        s = self.seats[seat]
        if isinstance(msg, Update):
            s.resync = [m for m in s.resync if not (isinstance(m, Update) and m.game == msg.game)]
        s.resync.append(msg)
        s.resync.sort(key=_resync_order)
        await self._send(seat, msg)

    # -- autosave and resume -----------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """What a resumed host needs (``host --resume``): the match's setup, the seats'
        names and secrets, the finished games, the game in play (its record: moves and
        deal proofs), and the host's seed of a commitment already sent.  JSON."""
        current = None
        if self._current is not None:
            g, game_id, state = self._current
            current = {"game": g, "id": game_id,
                       "record": GameRecord.from_state(state).to_dict()}
        return {
            "format": SAVE_FORMAT,
            "config": {"game": self.config.game, "rules": dict(self.config.rules),
                       "best_of": self.config.best_of, "dealer": self.config.dealer,
                       "scores": list(self.config.scores)},
            "names": [s.name for s in self.seats],
            "seat_secrets": [s.secret for s in self.seats],
            "guest_joined": self.ticket.used,
            "games": [{"record": GameRecord.from_state(r.state).to_dict(),
                       "over": asdict(r.game_over)} for r in self.games],
            "current": current,
            "pending": None if self._pending is None else {
                "game": self._pending.game, "deal": self._pending.deal,
                "host_seed": self._pending.host_seed.hex(), "n": self._pending.n,
                "move": self._pending.move},
            "over": None if self._ended is None else asdict(self._ended),
            **({} if self.played_by is None else {"played_by": self.played_by}),
        }

    def _autosave(self) -> None:
        if self.keep is not None:
            self.keep(self.snapshot())

    async def _saved(self) -> None:
        """Until the autosave has what was put on disk: written off the event loop
        (net/autosave.py), waited for only where a message must not go out before it."""
        if isinstance(self.keep, Autosave):
            await self.keep.flush()

    @classmethod
    def resume(cls, save: dict[str, Any], **kwargs: Any) -> Host:
        """A host that goes on with the match ``save`` (:meth:`snapshot`) was playing: the
        same seats (their secrets), a new certificate and invite when it ``start``s.  The
        guest's seat waits for its table for the rejoin time.  ``ValueError`` (or a
        ``RecordError``/``DealError``, both ValueErrors) if the save is not one."""
        if save.get("format") != SAVE_FORMAT:  # its deals would not chain with the next ones
            raise ValueError(f"it was saved by another version of truf-tui (format "
                             f"{save.get('format')!r}, this one reads {SAVE_FORMAT})")
        try:
            c = save["config"]
            config = GameConfig(game=c["game"], rules=dict(c["rules"]), best_of=c["best_of"],
                                dealer=c["dealer"], scores=tuple(c["scores"]),
                                opponent="human")
            host = cls(config, name=save["names"][0], **kwargs)
            for seat, name, secret in zip(host.seats, save["names"], save["seat_secrets"],
                                          strict=True):
                if not isinstance(secret, str) or not isinstance(name, str):
                    raise ValueError("the seats' names and secrets are texts")
                seat.secret, seat.name = secret, clean_text(name)
            host.ticket.used = bool(save["guest_joined"])
            host.seats[GUEST_SEAT].dropped_at = host.clock()
            for done in save["games"]:
                state = GameRecord.from_dict(done["record"]).verify()
                over = GameOver(**{k: v for k, v in done["over"].items() if k != "type"})
                host.games.append(GameResult(state, over))
            cur = save["current"]
            if cur is not None:
                state = GameRecord.from_dict(cur["record"]).verify()
                host._current = (int(cur["game"]), str(cur["id"]), state)
            pend = save["pending"]
            if pend is not None:
                move = pend.get("move")  # a save of protocol 1 names no move: none held
                host._pending = _Pending(int(pend["game"]), int(pend["deal"]),
                                         bytes.fromhex(pend["host_seed"]),
                                         int(pend.get("n", 0)),
                                         move if isinstance(move, str) else None)
        except (KeyError, TypeError, AttributeError, IndexError) as e:
            raise ValueError(f"not a host's save ({type(e).__name__}: {e})") from None
        host._rebuild_resync()
        return host

    def _rebuild_resync(self) -> None:
        """A resumed host's messages for a rejoin: the game in play so far (its last
        position, the deals revealed), or, if none is in play, the last finished game
        (a table may not have seen it end)."""
        g, state, over = -1, None, None
        if self._current is not None:
            g, _id, state = self._current
        elif self.games:
            g, state, over = len(self.games) - 1, self.games[-1].state, self.games[-1].game_over
        if state is None:
            return
        n = len(state.history)
        last = str(state.history[-1]) if n else None
        revealed = len(state.deals) - (over is None)
        moving = over is not None or self._held(g, n, state) is None
        for seat in (HOST_SEAT, GUEST_SEAT):
            s = self.seats[seat]
            s.resync = [_update(g, n, last, state, seat, moving)]
            for k, proof in enumerate(state.deals[:revealed]):
                assert proof.host_seed is not None
                s.resync.append(Reveal(g, k, proof.host_seed, proof.guest_seed))
            if over is not None:
                s.resync.append(over)


SAVE_FORMAT = 2  # 2: chained deals (docs/fair-deal.md) and the held move of a request


@dataclass(frozen=True)
class _Pending:
    """A seed request out: game, deal, the host's seed committed to, and the position and
    the move (``None``: a game's first deal) it was asked at."""

    game: int
    deal: int
    host_seed: bytes = field(repr=False)
    n: int = 0
    move: str | None = None


def _update(g: int, n: int, last: str | None, state: AnyState, seat: int,
            moving: bool = True) -> Update:
    """Seat ``seat``'s view of the position; its legal moves if its turn and ``moving``
    (not while its move, made already, is held for the guest's seed)."""
    legal = ([str(a) for a in state.legal_actions()]
             if moving and state.current_player == seat else [])
    return Update(g, n, last, dict(state.observation(seat)), legal)


def _game_of(msg: HostMessage) -> int:
    game = getattr(msg, "game", None)
    return game if isinstance(game, int) else 1 << 30


_ORDER = {Update: 0, Reveal: 1, Commit: 2, GameOver: 3, MatchOver: 4}


def _resync_order(msg: HostMessage) -> tuple[int, int]:
    """A rejoin's messages in the order play sent them: by game, then a game's last
    position, its reveals, a pending commitment, its end."""
    return _game_of(msg), _ORDER.get(type(msg), 5)


class _Accept(asyncio.Protocol):
    """A new connection, its reading paused until the host has checked its caps and
    started TLS on it."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        transport.pause_reading()
        self.host._accepted(transport)


def check_rules(config: GameConfig) -> None:
    """``ValueError`` naming the option if the engine refuses ``config``'s variants (a
    target out of range, ...): checked before hosting, not when the guest has come."""
    _deal(config, DealProof.of(bytes(32), bytes(32)))


def _deal(config: GameConfig, proof: DealProof) -> AnyState:
    """Game ``config`` dealt from the agreed first shuffle (the first dealer too, if not
    given, F2/T2)."""
    if config.game == trufludo.GAME:
        return trufludo.new_game(trufludo.Rules.from_dict(config.rules), dealer=config.dealer,
                                 deals=(proof,))
    return truc.new_game(truc.Rules.from_dict(config.rules), dealer=config.dealer,
                         scores=config.scores, deals=(proof,))


def _move_check(g: int, n: int, state: AnyState) -> Callable[[Move], str | None]:
    def check(m: Move) -> str | None:
        if m.game != g or m.n != n:
            return "that move is for another position"
        try:
            state.apply(m.action)
        except (IllegalActionError, ValueError) as e:
            return str(e)[:200]
        return None
    return check


_REFUSALS = {
    "wrong_secret": "this invite code is not the host's (mistyped, or from another game)",
    "used": "this invite code was used already: ask the host for a new one",
    "expired": "this invite code has expired (after 10 minutes): ask the host for a new one",
    "too_late": "the seat was given up (more than 5 minutes away)",
}


def _invite_address(bind: str) -> str:
    """The address a guest dials: the bound one, or for 'every address' this computer's
    name's address when it is not loopback (else loopback: the host sets --address)."""
    import socket

    if bind not in ("0.0.0.0", "::", ""):
        return bind
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = str(info[4][0])
            if not addr.startswith("127."):
                return addr
    except OSError:
        pass
    return "127.0.0.1"
