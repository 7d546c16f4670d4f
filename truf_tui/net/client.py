"""The async client a table plays through: the guest's, and the host's own over loopback.

    client = await NetClient.join(invite, name="Ana")        # or rejoin(invite, seat_secret)
    async for event in client.events():                      # in a Textual worker: post it
        if isinstance(event, Turn): await client.play("play 7H")

The client answers the host's deal commitment with its own seed by itself, checks every
finished game against the revealed seeds and its own observations (:class:`GameEnded`'s
``verified``; a mismatch is a :class:`DealAlarm`), and builds the game's record from what
it saw, so each side keeps its own copy of the same game.  Secrets are never printed.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import ssl
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from truf_tui.engine.deals import (
    CHAIN_START,
    DealError,
    DealProof,
    chain_after,
    commitment,
    new_seed,
)
from truf_tui.engine.record import GameRecord, RecordError
from truf_tui.net.autosave import Autosave
from truf_tui.net.invite import Invite, secret_text
from truf_tui.net.protocol import (
    CHAT_MAX,
    CHAT_VERSION,
    OLDEST_VERSION,
    PHRASES,
    VERSION,
    Chat,
    ChatDropped,
    Commit,
    Error,
    FriendChat,
    GameOver,
    Hello,
    HostMessage,
    MatchOver,
    Move,
    Ping,
    ProtocolError,
    Reveal,
    Seed,
    Update,
    Waiting,
    Welcome,
    clean_text,
    encode,
    parse_host,
    read_frame,
)
from truf_tui.net.tls import client_context, pinned

CONNECT_SECONDS = 10.0  # connect + TLS + welcome: a guest that cannot join knows in time
PING_SECONDS = 5.0  # the keep-alive
SILENCE_SECONDS = 20.0  # a host silent this long although pinged is gone


class JoinError(Exception):
    """Could not take a seat; the message is one clear line for the person, ``kind`` names
    the case for an interface that says it in its own words (``timeout``, ``nobody``,
    ``not_truf``, ``certificate``, ``closed``, ``protocol``, or the host's refusal code:
    ``wrong_secret``, ``used``, ``expired``, ``too_late``)."""

    def __init__(self, message: str, kind: str = "closed") -> None:
        super().__init__(message)
        self.kind = kind


# -- events -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Turn:
    """A position of game ``game`` after ``n`` moves: ``legal`` is empty unless it is this
    seat's turn."""

    game: int
    n: int
    last: str | None
    observation: dict[str, Any]
    legal: list[str]


@dataclass(frozen=True)
class GameEnded:
    game: int
    record: GameRecord
    scores: tuple[int, int]
    wins: tuple[int, int]
    verified: bool  # every deal of it follows from both seeds, as this seat saw it


@dataclass(frozen=True)
class DealVerified:
    """Shuffle ``deal`` of game ``game`` was revealed and follows from its commitment and
    this table's own seed (the table shows "deal verified")."""

    game: int
    deal: int


@dataclass(frozen=True)
class DealAlarm:
    """The host's reveal does not match what this seat saw: loud, never ignored."""

    game: int
    why: str


@dataclass(frozen=True)
class OpponentAway:
    name: str
    seconds: int


@dataclass(frozen=True)
class MatchEnded:
    result: tuple[int, int]
    reason: str


@dataclass(frozen=True)
class HostProblem:
    """An ``error`` the host sent (e.g. a refused move).  ``winner``: the host's player
    ended the game while the other was away and the host recorded it won by that seat."""

    code: str
    message: str
    winner: int | None = None
    record: GameRecord | None = None  # that game, as this seat keeps it (verified)


@dataclass(frozen=True)
class ChatReceived:
    """A chat line from the other player: a quick phrase's id (``PHRASES``: drawn in this
    reader's language) or a text, cleaned; ``name`` is the sender's, as the host named it."""

    seat: int
    name: str
    phrase: str | None
    text: str | None


@dataclass(frozen=True)
class ChatUndelivered:
    """This table's chat line did not reach the other player: ``why`` is a
    ``protocol.CHAT_DROPS`` code (or a newer host's)."""

    why: str


Event = (Turn | GameEnded | DealVerified | DealAlarm | OpponentAway | MatchEnded
         | HostProblem | ChatReceived | ChatUndelivered)


@dataclass
class _Game:
    commitments: dict[int, str] = field(default_factory=dict)  # deal -> the host's hash
    my_seeds: dict[int, bytes] = field(default_factory=dict)  # deal -> the seed sent (guest)
    reveals: dict[int, Reveal] = field(default_factory=dict)
    alarm: str | None = None
    moves: list[str] = field(default_factory=list)
    seen: dict[int, str] = field(default_factory=dict)  # n -> observation as canonical JSON
    ended: bool = False  # its game_over handled (a rejoin may send it again)
    # deal -> the position and the move the host asked this table's seed for it at, each
    # checked against the moves as they come (the move must be played there and deal it)
    asked: dict[int, tuple[int, str | None]] = field(default_factory=dict)
    # n -> the moves this seat sent there (more than one after a drop: asked again, it may
    # choose again; the host plays the first it got)
    sent: dict[int, set[str]] = field(default_factory=dict)


def _canonical(obs: Any) -> str:
    return json.dumps(obs, sort_keys=True, separators=(",", ":"))


class NetClient:
    """One seat's connection.  Make it with :meth:`join` or :meth:`rejoin`."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 welcome: Welcome, invite: Invite) -> None:
        self._reader, self._writer = reader, writer
        self.welcome = welcome
        self.invite = invite
        self.seat = welcome.seat
        self.names = [clean_text(n) for n in welcome.names]
        self.received: list[HostMessage] = []  # every message, for the tests' inspection
        self._games: dict[int, _Game] = {}
        self._turn: Turn | None = None
        self.ping_seconds = PING_SECONDS
        self.silence_seconds = SILENCE_SECONDS
        # Called with :meth:`saved` whenever it changes (a seed about to be sent): a table
        # that keeps it on disk can take its seat back from a new process (``restore``).
        self.keep: Callable[[dict[str, Any]], None] | None = None
        self.seeds_lost = False  # a rejoin in a new process, until :meth:`restore`
        self._last_update: tuple[int, int] | None = None  # on this connection
        self._then: Event | None = None  # a second event the last message gave
        # A guest's table taking its seat back in a new process does not know the moves its
        # old process sent: at the position it came back to, a request naming a legal move
        # of its own is taken on the host's word (docs/fair-deal.md, "not detected").
        self._new_process = False
        self._came_back_at: tuple[int, int] | None = None
        self.hello_version = VERSION  # what the host took: an older host has no chat

    @property
    def can_chat(self) -> bool:
        """Does the host pass chat on (it took this table's hello of a version with chat)?"""
        return self.hello_version >= CHAT_VERSION

    # -- joining ----------------------------------------------------------------------------
    @classmethod
    async def join(cls, invite: Invite, name: str = "Guest",
                   timeout: float = CONNECT_SECONDS) -> NetClient:
        return await cls._connect(invite, Hello(VERSION, clean_text(name),
                                                secret=secret_text(invite.secret)), timeout)

    @classmethod
    async def rejoin(cls, invite: Invite, seat_secret: str, name: str = "",
                     timeout: float = CONNECT_SECONDS) -> NetClient:
        """Take a seat back with its secret (the host's own table takes its seat so).  A
        guest's table in a new process has lost its seeds unless :meth:`restore` gives
        them back before :meth:`events`."""
        client = await cls._connect(invite, Hello(VERSION, clean_text(name),
                                                  seat_secret=seat_secret), timeout)
        client.seeds_lost = client.seat == 1
        client._new_process = client.seat == 1
        return client

    async def reconnect(self, timeout: float = CONNECT_SECONDS) -> None:
        """After a drop: take the seat back with its secret on a new connection, keeping
        what this table saw (so every deal is still checked)."""
        self._writer.transport.abort()
        fresh = await self._connect(self.invite, Hello(VERSION, "",
                                                       seat_secret=self.welcome.seat_secret),
                                    timeout)
        self._reader, self._writer, self.welcome = fresh._reader, fresh._writer, fresh.welcome
        self.hello_version = fresh.hello_version
        self._last_update = None  # a move lost with the old line is asked for again

    @classmethod
    async def _connect(cls, invite: Invite, hello: Hello, timeout: float) -> NetClient:
        """Connect, pin, hello, welcome, within ``timeout`` seconds in all.  A host that
        refuses the hello's version is greeted again with the oldest version this table
        speaks, on a new connection (its code was not spent on the refusal); when there is
        none older, the refusal is said as a version mismatch ("version": a host of version
        1 answers a newer hello with "bad_hello")."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        try:
            client = await cls._connect_once(invite, hello, timeout)
        except JoinError as e:
            if e.kind not in ("bad_hello", "version"):
                raise
            if hello.version <= OLDEST_VERSION:
                raise JoinError("the host's truf-tui is another version: both players need "
                                "the same version", "version") from None
            hello = replace(hello, version=OLDEST_VERSION)
            client = await cls._connect_once(invite, hello,
                                             max(0.1, deadline - loop.time()))
        client.hello_version = hello.version
        return client

    @classmethod
    async def _connect_once(cls, invite: Invite, hello: Hello, timeout: float) -> NetClient:
        """Connect, pin, hello, welcome, within ``timeout`` seconds in all.  A connection
        reset (the host at its cap of connections, a busy moment) is tried again after a
        growing pause; nobody listening, a refusal or a wrong certificate is final."""
        where = f"{invite.host}:{invite.port}"
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        pause = 0.2
        while True:
            try:
                return await asyncio.wait_for(cls._handshake(invite, hello),
                                              max(0.1, deadline - loop.time()))
            except TimeoutError:
                raise JoinError(f"the host at {where} did not answer in {timeout:.0f} s",
                                "timeout") from None
            except ConnectionRefusedError:
                raise JoinError(f"cannot reach the host at {where}: nobody is listening "
                                "there (has the host stopped?)", "nobody") from None
            except ssl.SSLError:
                raise JoinError(f"the host at {where} does not speak truf-tui's secure "
                                "protocol", "not_truf") from None
            except (OSError, asyncio.IncompleteReadError) as e:
                if loop.time() + pause >= deadline:
                    why = getattr(e, "strerror", None) or "the connection was closed"
                    raise JoinError(f"cannot reach the host at {where}: {why}") from None
                await asyncio.sleep(pause)
                pause = min(2.0, 2 * pause)

    @classmethod
    async def _handshake(cls, invite: Invite, hello: Hello) -> NetClient:
        reader, writer = await asyncio.open_connection(
            invite.host, invite.port, ssl=client_context(), server_hostname=None,
            limit=2**16)
        try:
            if not pinned(writer.get_extra_info("ssl_object"), invite.fingerprint):
                # Nothing secret was sent: the hello goes only to the pinned host.
                raise JoinError("the host's certificate is not the one of this invite code "
                                "(another program answered at that address)", "certificate")
            writer.write(encode(hello))
            await writer.drain()
            try:
                first = parse_host(await read_frame(reader))
            except ProtocolError:
                raise JoinError("the host sent something that is not truf-tui's protocol",
                                "protocol") from None
            if isinstance(first, Error):
                raise JoinError(f"the host refused: {clean_text(first.message, 200)}",
                                clean_text(first.code, 32))
            if not isinstance(first, Welcome):
                raise JoinError("the host did not welcome this table", "protocol")
            return cls(reader, writer, first, invite)
        except BaseException:
            writer.transport.abort()
            raise

    # -- playing ----------------------------------------------------------------------------
    async def play(self, action: str) -> None:
        """Send this seat's move for the position of the last :class:`Turn`."""
        turn = self._turn
        if turn is None:
            raise RuntimeError("no position to move in yet")
        self._games.setdefault(turn.game, _Game()).sent.setdefault(turn.n, set()).add(action)
        await self._send(Move(turn.game, turn.n, action))

    async def chat(self, phrase: str | None = None, text: str | None = None) -> bool:
        """Send the other player a quick phrase (an id of ``PHRASES``) or a short text
        (cleaned as the host will clean it, cut to ``CHAT_MAX``).  ``False`` if there is
        nothing to send or the host has no chat; the host may still drop it
        (:class:`ChatUndelivered`)."""
        if phrase is not None:
            if phrase not in PHRASES:
                raise ValueError(f"no quick phrase {phrase!r}")
            line = Chat(phrase=phrase)
        else:
            cleaned = clean_text(text or "", CHAT_MAX)
            if not cleaned:
                return False
            line = Chat(text=cleaned)
        if not self.can_chat:
            return False
        await self._send(line)
        return True

    async def _send(self, msg: Seed | Move | Ping | Chat) -> None:
        self._writer.write(encode(msg))
        await self._writer.drain()

    async def close(self) -> None:
        self._writer.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._writer.wait_closed(), 2)

    async def events(self) -> AsyncIterator[Event]:
        """The match as this seat sees it, to its end (:class:`MatchEnded`); ends early if
        the connection drops or the host is silent for ``silence_seconds`` although pinged
        every ``ping_seconds`` (``ConnectionError``: :meth:`reconnect` may follow), or the
        host breaks the protocol (:class:`ProtocolError`)."""
        keepalive = asyncio.ensure_future(self._keepalive())
        try:
            while True:
                try:
                    raw = await asyncio.wait_for(read_frame(self._reader),
                                                 self.silence_seconds)
                except TimeoutError:
                    raise ConnectionError("the host stopped answering") from None
                except asyncio.IncompleteReadError:
                    raise ConnectionError("the host closed the connection") from None
                msg = parse_host(raw)
                self.received.append(msg)
                event = await self._handle(msg)
                if event is not None:
                    yield event
                    if isinstance(event, MatchEnded):
                        return
                then, self._then = self._then, None
                if then is not None:
                    yield then
        finally:
            keepalive.cancel()

    async def _keepalive(self) -> None:
        """A ping every ``ping_seconds``: the host answers, so silence means a dead line."""
        nonce = 0
        while True:
            await asyncio.sleep(self.ping_seconds)
            nonce = (nonce + 1) % 2**32
            with contextlib.suppress(OSError, RuntimeError):
                self._writer.write(encode(Ping(nonce)))  # one write: never splits a frame

    async def _handle(self, msg: HostMessage) -> Event | None:
        if isinstance(msg, Commit):
            game = self._games.setdefault(msg.game, _Game())
            if msg.deal in game.commitments:  # sent again after a rejoin: the same answer
                if game.commitments[msg.deal] != msg.commitment:
                    game.alarm = f"the host changed its commitment to deal {msg.deal + 1}"
                    return DealAlarm(msg.game, game.alarm)
            why = self._asked_early(msg, game)
            prior = game.asked.get(msg.deal)
            if why is None and prior is not None and prior != (msg.n, msg.move) and not (
                    prior[0] == msg.n and msg.move in game.sent.get(msg.n, ())):
                # Asked again (a resumed host) for another move than the first time, and
                # not this table's own move chosen again: the seed was known meanwhile.
                why = (f"the host asked again for the seed of deal {msg.deal + 1}, for "
                       f"another move ({msg.move!r}, first {prior[1]!r})")
            if why is not None:  # the seed is not sent: the host would see the cards early
                game.alarm = why
                return DealAlarm(msg.game, why)
            game.asked[msg.deal] = (msg.n, msg.move)
            game.commitments[msg.deal] = msg.commitment
            if msg.deal not in game.my_seeds:
                game.my_seeds[msg.deal] = new_seed()
                if self.keep is not None:  # kept before it is sent: asked again, the same
                    self.keep(self.saved())
                    if isinstance(self.keep, Autosave):  # written off the event loop
                        await self.keep.flush()
            # A line that drops as the seed goes out: reading on says how (the host's last
            # message first, e.g. that it ended the game); asked again after a rejoin, the
            # same seed goes (kept above).
            with contextlib.suppress(ConnectionError):
                await self._send(Seed(msg.game, msg.deal, game.my_seeds[msg.deal].hex()))
            return None
        if isinstance(msg, Reveal):
            game = self._games.setdefault(msg.game, _Game())
            if game.ended or game.reveals.get(msg.deal) == msg:  # sent again on a rejoin
                return None
            game.reveals[msg.deal] = msg
            why = self._check_reveal(msg, game)
            if why is not None:
                game.alarm = why
                return DealAlarm(msg.game, why)
            return DealVerified(msg.game, msg.deal)
        if isinstance(msg, Update):
            game = self._games.setdefault(msg.game, _Game())
            if game.ended or (msg.game, msg.n) == self._last_update:
                return None  # told again on this connection (a resumed host): moved once
            self._last_update = (msg.game, msg.n)
            if self._new_process and self._came_back_at is None:
                self._came_back_at = (msg.game, msg.n)
            if msg.n == len(game.moves) + 1 and msg.last is not None:
                game.moves.append(msg.last)
            elif msg.n != len(game.moves):  # a rejoin: the public history has every move
                history = msg.observation.get("history")
                if isinstance(history, list) and all(isinstance(m, str) for m in history):
                    game.moves = list(history)
            game.seen[msg.n] = _canonical(msg.observation)
            self._turn = Turn(msg.game, msg.n, msg.last, msg.observation, msg.legal)
            why = _asked_then_played(game)
            if why is not None and game.alarm is None:
                game.alarm = why
                self._then = self._turn  # the position still reaches the table, after it
                return DealAlarm(msg.game, why)
            return self._turn
        if isinstance(msg, GameOver):
            game = self._games.setdefault(msg.game, _Game())
            if game.ended:
                return None
            game.ended = True
            return self._game_over(msg)
        if isinstance(msg, MatchOver):
            return MatchEnded((msg.result[0], msg.result[1]), clean_text(msg.reason, 32))
        if isinstance(msg, Waiting):
            return OpponentAway(clean_text(msg.name), msg.seconds)
        if isinstance(msg, FriendChat):
            if msg.phrase is not None and msg.phrase not in PHRASES:
                return None  # a newer host's phrase: not ours to draw
            text = None if msg.text is None else clean_text(msg.text, CHAT_MAX)
            if text == "":
                return None
            name = self.names[msg.seat] if msg.seat < len(self.names) else ""
            return ChatReceived(msg.seat, name, msg.phrase, text)
        if isinstance(msg, ChatDropped):
            return ChatUndelivered(clean_text(msg.code, 32))
        if isinstance(msg, Error):
            record = None
            if msg.code == "ended" and msg.winner is not None:
                record = self._ended_record(msg.winner)
            return HostProblem(clean_text(msg.code, 32), clean_text(msg.message, 200),
                               msg.winner, record)
        return None

    def _asked_early(self, msg: Commit, game: _Game) -> str | None:
        """Why the host's request for this table's seed comes before the move that deals
        its shuffle (it would know the cards before they are dealt), or ``None``.  What this
        table cannot see yet (the other player's move) is checked as the moves come
        (:func:`_asked_then_played`) and when the deals are replayed."""
        deal = msg.deal + 1
        if msg.deal == 0:
            before = self._games.get(msg.game - 1)
            if msg.n != 0 or msg.move is not None or game.seen:
                return f"the host asked for the seed of game {msg.game + 1}'s first deal " \
                       "after it was dealt"
            if before is not None and before.seen and not before.ended:
                return f"the host asked for the seed of game {msg.game + 1}'s first deal " \
                       f"before game {msg.game} ended"
            return None
        if msg.move is None:
            return f"the host asked for the seed of deal {deal} without the move that deals it"
        if msg.n != len(game.moves):
            return (f"the host asked for the seed of deal {deal} at move {msg.n + 1}, but "
                    f"this table is at move {len(game.moves) + 1}")
        turn = self._turn
        if (self.seat == 1 and turn is not None and (turn.game, turn.n) == (msg.game, msg.n)
                and turn.legal and msg.move not in game.sent.get(msg.n, ())):
            if (msg.game, msg.n) == self._came_back_at and msg.move in turn.legal:
                return None  # maybe this seat's move before its process stopped: unknown
            return (f"the host asked for the seed of deal {deal} before this table played "
                    "the move that deals it")
        return None

    def _check_reveal(self, msg: Reveal, game: _Game) -> str | None:
        if self.seat == 1 and msg.deal not in game.commitments:
            return f"the host revealed deal {msg.deal + 1} without committing to it first"
        mine = game.my_seeds.get(msg.deal)
        if mine is None and self.seeds_lost:
            pass  # came back without its seeds: the game's end says it is unverified
        elif self.seat == 1 and (mine is None or mine.hex() != msg.guest_seed):
            return f"the host did not shuffle deal {msg.deal + 1} with this table's seed"
        proofs = self._proofs(game)
        # Format 2: the commitment names the deal before it, this table's seed of it too.
        if len(proofs) > msg.deal and not proofs[msg.deal].verified():
            return (f"the host's seed for deal {msg.deal + 1} does not agree with its commitment "
                    "(to that seed and to the deal before it)")
        return self._replays_to(msg.deal, game)

    def _proofs(self, game: _Game) -> list[DealProof]:
        """The revealed deals of ``game``, in order, as far as they go without a gap, each
        with the chain its commitment names (engine/deals.py): from the commitments this
        table was sent and the seeds it sent (the host's own table: its host's)."""
        proofs = []
        chain = CHAIN_START
        for d in itertools.count():
            r = game.reveals.get(d)
            if r is None:
                break
            c = game.commitments.get(d) or commitment(bytes.fromhex(r.host_seed), chain)
            mine = game.my_seeds.get(d)
            guest = mine.hex() if self.seat == 1 and mine is not None else r.guest_seed
            proofs.append(DealProof(c, guest, r.host_seed, chain))
            chain = chain_after(c, guest)
        return proofs

    def _replays_to(self, deal: int, game: _Game) -> str | None:
        """At a reveal: replayed from the deals revealed so far, every position this seat
        was sent up to the end of shuffle ``deal``'s round is the one the seeds deal (its
        own hands are then the ones both seeds gave)."""
        proofs = self._proofs(game)
        if not game.seen or len(proofs) <= deal:
            return None  # nothing seen, or an earlier reveal missing: the game's end checks
        start = _start_of(json.loads(game.seen[max(game.seen)]))
        if start is None:
            return "the host's positions do not say how the game started"
        record = GameRecord(self.welcome.game, dict(self.welcome.rules), start[0], None, None,
                            tuple(game.moves), {}, start[1], tuple(proofs))
        try:
            state = record.start()
            for n in range(len(game.moves) + 1):
                if n:
                    before = state.shuffles()
                    state = state.apply(game.moves[n - 1])
                    if state.shuffles() > before:
                        why = _asked_at(game, before, n - 1)
                        if why is not None:
                            return why
                if state.shuffles() > deal + 1:
                    break
                seen = game.seen.get(n)
                if seen is not None and _canonical(state.observation(self.seat)) != seen:
                    return f"position {n} is not what the revealed seeds deal"
        except Exception as e:  # noqa: BLE001 - whatever the host sent, an alarm, not a crash
            return f"deal {deal + 1} does not replay ({type(e).__name__})"
        return None

    def _game_over(self, msg: GameOver) -> GameEnded | DealAlarm:
        game = self._games.get(msg.game, _Game())
        proofs = self._proofs(game)
        # A table that came back in a new process without its saved seeds cannot check
        # that its own seeds were used: it says so (verified False), not the alarm.
        lost = self.seat == 1 and self.seeds_lost and any(
            d not in game.my_seeds for d in game.reveals)
        record = record_of(self.welcome.game, self.welcome.rules, self.seat, msg,
                           game.moves, proofs)
        why = game.alarm
        if why is None and not proofs:
            why = "the game ended without the host revealing its deal"
        if why is None and len(proofs) != len(game.reveals):
            why = f"the host did not reveal deal {len(proofs) + 1}"
        if why is None:
            try:
                record.verify()
            except (DealError, RecordError) as e:
                why = f"the record does not verify: {e}"
            except Exception as e:  # noqa: BLE001 - whatever the host sent, an alarm
                why = f"the game does not replay ({type(e).__name__})"
        if why is None:
            why = _replays(record, game, self.seat, msg)
        if why is not None:
            return DealAlarm(msg.game, why)
        return GameEnded(msg.game, record, (msg.scores[0], msg.scores[1]),
                         (msg.wins[0], msg.wins[1]), not lost)

    def _ended_record(self, winner: int) -> GameRecord | None:
        """The game in play when the host ended it while a player was away, won by
        ``winner``: its moves and the deals the host revealed with ``ended``, marked
        ``ended_away`` (the other seat).  ``None`` if no game was in play, or it does not
        verify (then nothing is kept: the host's word alone is not a record)."""
        playing = [g for g, game in self._games.items() if not game.ended and game.seen]
        if not playing:
            return None
        game = self._games[max(playing)]
        proofs = self._proofs(game)
        start = _start_of(json.loads(game.seen[max(game.seen)]))
        if not proofs or start is None or game.alarm is not None:
            return None
        meta = {"id": game_id_of(proofs[0]), "tier": "human", "human": self.seat,
                "opponent": "network", "names": [clean_text(n) for n in self.names],
                "ended_away": 1 - winner}
        record = GameRecord(self.welcome.game, dict(self.welcome.rules), start[0], None, None,
                            tuple(game.moves), meta, start[1], tuple(proofs))
        try:
            record.verify()
        except Exception:  # noqa: BLE001 - whatever the host sent: not kept, never a crash
            return None
        return record

    # -- taking the seat back in a new process -----------------------------------------------
    def saved(self) -> dict[str, Any]:
        """What this table needs to take its seat back from a new process and still check
        every deal: the invite (the host's address, port and certificate), the seat secret,
        and per game its commitments and the seeds it sent.  Secret: keep it private."""
        return {"code": self.invite.code(), "seat_secret": self.welcome.seat_secret,
                "seat": self.seat,
                "deals": {str(g): {str(d): [game.commitments.get(d, ""), seed.hex()]
                                   for d, seed in game.my_seeds.items()}
                          for g, game in self._games.items() if game.my_seeds}}

    def restore(self, saved: Mapping[str, Any]) -> None:
        """Take back the commitments and seeds :meth:`saved` kept (``ValueError`` if
        malformed): the deals of the game in play are then checked as if never away."""
        deals = saved.get("deals", {})
        if not isinstance(deals, Mapping):
            raise ValueError("saved deals must be an object")
        for g, per in deals.items():
            game = self._games.setdefault(int(g), _Game())
            for d, (commit, seed) in per.items():
                if commit:
                    game.commitments[int(d)] = str(commit)
                game.my_seeds[int(d)] = bytes.fromhex(seed)
        self.seeds_lost = False


def record_of(game: str, rules: Mapping[str, Any], seat: int, over: GameOver,
              moves: list[str] | tuple[str, ...], proofs: list[DealProof]) -> GameRecord:
    """A network game's record as a table keeps it (both seats' are the same game)."""
    meta = {"id": over.game_id, "tier": "human", "human": seat, "opponent": "network",
            "names": [clean_text(n) for n in over.names]}
    return GameRecord(game, dict(rules), over.dealer, over.seed, None, tuple(moves), meta,
                      (over.start_scores[0], over.start_scores[1]), tuple(proofs))


def game_id_of(first: DealProof) -> str:
    """A network game's id, the same in both seats' records and histories: from its first
    deal's commitment, which both tables have (the host names the game so)."""
    return f"net-{first.commitment[:32]}"


def _asked_then_played(game: _Game) -> str | None:
    """A move the host asked this table's seed at, that it then did not play there."""
    for deal, (n, move) in sorted(game.asked.items()):
        if move is not None and n < len(game.moves) and game.moves[n] != move:
            return (f"the host asked for the seed of deal {deal + 1} for the move {move!r}, "
                    f"then played {game.moves[n]!r} there")
    return None


def _asked_at(game: _Game, deal: int, n: int) -> str | None:
    """Shuffle ``deal`` was dealt by move ``n`` (counted from 0) on replay: was this
    table's seed for it asked for there, not before?"""
    asked = game.asked.get(deal)
    if asked is not None and asked[0] != n:
        return (f"the host asked for the seed of deal {deal + 1} at move {asked[0] + 1}, "
                f"but move {n + 1} dealt it")
    return None


def _start_of(obs: Mapping[str, Any]) -> tuple[int, tuple[int, int]] | None:
    """The first dealer and start score of the game a position is of (Le Truc says both;
    Trufludo's dealer deals the whole game, F2)."""
    dealer = obs.get("first_dealer", obs.get("dealer"))
    scores = obs.get("start_scores", [0, 0])
    if (dealer not in (0, 1) or not isinstance(scores, list) or len(scores) != 2
            or not all(type(x) is int for x in scores)):
        return None
    return int(dealer), (scores[0], scores[1])


def _replays(record: GameRecord, game: _Game, seat: int, msg: GameOver) -> str | None:
    """Does the record, replayed from the revealed seed, show this seat exactly what the
    host showed it, and end at the host's score?"""
    try:
        states = list(record.states())
    except RecordError as e:
        return f"the moves do not replay: {e}"
    except Exception as e:  # noqa: BLE001 - whatever the host sent, an alarm, not a crash
        return f"the game does not replay ({type(e).__name__})"
    for n, seen in game.seen.items():
        if n >= len(states) or _canonical(states[n].observation(seat)) != seen:
            return f"position {n} is not what the revealed seeds deal"
    for n in range(1, len(states)):
        before = states[n - 1].shuffles()
        if states[n].shuffles() > before:
            why = _asked_at(game, before, n - 1)
            if why is not None:
                return why
    final = states[-1]
    never = [d for d in game.asked if d >= final.shuffles()]
    if never:
        return f"the host asked for the seed of deal {min(never) + 1}, which was never dealt"
    if not final.is_terminal() or list(final.scores()) != msg.scores:
        return "the final score is not what the revealed seeds give"
    return None
