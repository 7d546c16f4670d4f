"""The authoritative host in one process: whole matches of both games, what the guest is
sent, the refusals of the invite, bad messages and a bounded flood (loopback only)."""

from __future__ import annotations

import asyncio
import json
import resource
import ssl

import pytest

from tests.net.support import Clock, Seat, host_table, loopback, play, start, whole_match
from truf_tui.engine import truc
from truf_tui.engine.deals import DealProof
from truf_tui.engine.record import GameRecord
from truf_tui.net import protocol as p
from truf_tui.net.client import JoinError, NetClient
from truf_tui.net.invite import EXPIRES_AFTER
from truf_tui.net.server import Host, HostError, Limits
from truf_tui.net.tls import client_context
from truf_tui.play.config import GameConfig


def _same_game(a: GameRecord, b: GameRecord) -> None:
    assert (a.game, a.rules, a.dealer, a.seed, a.moves, a.scores) == (
        b.game, b.rules, b.dealer, b.seed, b.moves, b.scores)
    assert a.meta["id"] == b.meta["id"] and a.meta["names"] == b.meta["names"]
    assert a.replay().is_terminal()
    # every shuffle proved, in both records: Le Truc one a round (T2), Trufludo one (F2)
    assert a.deals == b.deals and all(p.verified() for p in a.deals)
    final = b.verify()
    assert len(a.deals) == final.shuffles() == (final.round_no if isinstance(final, truc.State)
                                                else 1)


def _check_seats(host: Host, a: Seat, b: Seat) -> None:
    assert a.result == b.result is not None
    assert len(a.games) == len(b.games) == len(host.games)
    for ga, gb, played in zip(a.games, b.games, host.games, strict=True):
        assert ga.verified and gb.verified
        _same_game(ga.record, gb.record)
        assert list(ga.record.replay().scores()) == list(played.state.scores())


@pytest.mark.parametrize("config", [
    GameConfig(game="truc", opponent="human", rules={"target": 6, "rest_refusal": "game"}),
    GameConfig(game="trufludo", opponent="human", rules={"deck": "italian"}, best_of=3),
], ids=["truc", "trufludo-best-of-3"])
async def test_a_whole_match_gives_both_seats_the_same_verified_game(config: GameConfig
                                                                     ) -> None:
    host = await start(config)
    try:
        assert host.invite is not None
        guest = await NetClient.join(host.invite, name="Ana")
        assert guest.seat == 1 and guest.welcome.rules == config.rules
        a, b = await whole_match(host, guest)
    finally:
        await host.close()
    _check_seats(host, a, b)
    if config.best_of == 1:
        assert list(b.result or ()) == list(host.games[-1].state.scores())
    else:
        decided = [g for g in host.games if g.state.winner() is not None]
        assert sum(b.result or ()) == len(decided) and max(b.result or ()) == 2
    assert b.games[0].record.meta["names"] == ["Host", "Ana"]


def _tokens(value: object, skip: str = "") -> set[str]:
    """Every word of every text in a JSON value (``skip``: a key left out)."""
    if isinstance(value, str):
        return set(value.split())
    if isinstance(value, list):
        return set().union(*(_tokens(v, skip) for v in value)) if value else set()
    if isinstance(value, dict):
        return set().union(*(_tokens(v, skip) for k, v in value.items() if k != skip)) \
            if value else set()
    return set()


@pytest.mark.parametrize("game", ["trufludo", "truc"])
async def test_the_guest_never_receives_the_hosts_hand(game: str) -> None:
    host = await start(GameConfig(game=game, opponent="human"))
    try:
        assert host.invite is not None
        guest = await NetClient.join(host.invite)
        _a, b = await whole_match(host, guest, seed=5)
    finally:
        await host.close()
    games = [list(g.record.states()) for g in b.games]  # a drawn game is played again
    updates = [m for m in guest.received if isinstance(m, p.Update)]
    assert len(updates) == sum(len(states) for states in games)
    for m in updates:
        state = games[m.game][m.n]
        assert m.observation == json.loads(json.dumps(state.observation(1)))
        hidden = {str(c) for c in state.hands[0]}
        # Le Truc's earlier rounds (the history before this round, last_round's showdown)
        # show cards that a new deal may give the host again: only this round's count
        sent = json.loads(json.dumps(p.asdict(m)))
        if game == "truc":
            obs = sent["observation"]
            obs["history"] = obs["history"][obs["round_start"]:]
        seen = _tokens(sent, skip="last_round")
        assert not hidden & seen, f"the host's cards {hidden & seen} reached the guest"
        if state.current_player != 1:
            assert m.legal == []


async def _refused(host: Host, secret: bytes) -> str:
    assert host.invite is not None
    with pytest.raises(JoinError) as e:
        await NetClient.join(loopback(host.invite, secret), timeout=5)
    return str(e.value)


async def test_a_wrong_a_used_and_an_expired_code_are_refused() -> None:
    clock = Clock()
    host = await start(GameConfig(game="truc", opponent="human"), clock=clock)
    try:
        assert host.invite is not None
        assert "not the host's" in await _refused(host, bytes(16))
        guest = await NetClient.join(host.invite)
        assert "used already" in await _refused(host, host.invite.secret)
        await guest.close()
        late = await start(GameConfig(game="truc", opponent="human"), clock=clock)
        try:
            clock.now += EXPIRES_AFTER + 1
            assert late.invite is not None
            assert "expired" in await _refused(late, late.invite.secret)
        finally:
            await late.close()
    finally:
        await host.close()


async def test_a_client_pins_the_certificate_before_sending_its_secret() -> None:
    host = await start(GameConfig(game="truc", opponent="human"))
    try:
        assert host.invite is not None
        wrong = type(host.invite)(host.invite.host, host.invite.port, host.invite.secret,
                                  bytes(32))
        with pytest.raises(JoinError, match="certificate"):
            await NetClient.join(wrong, timeout=5)
        assert not host.ticket.used  # the secret never reached the host
    finally:
        await host.close()


async def _tls(host: Host) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    return await asyncio.open_connection("127.0.0.1", host.port, ssl=client_context())


def _frame(body: bytes) -> bytes:
    return len(body).to_bytes(4, "big") + body


async def _answer(reader: asyncio.StreamReader) -> p.HostMessage | None:
    try:
        return p.parse_host(await asyncio.wait_for(p.read_frame(reader), 5))
    except (asyncio.IncompleteReadError, ConnectionError, ssl.SSLError):
        return None  # dropped


async def test_malformed_and_oversized_messages_are_refused_then_the_guest_plays() -> None:
    host = await start(GameConfig(game="truc", opponent="human"))
    try:
        assert host.invite is not None
        # a first message that is not JSON: an error reply, then dropped
        r, w = await _tls(host)
        w.write((5).to_bytes(4, "big") + b"nope!")
        assert isinstance(await _answer(r), p.Error)
        assert await _answer(r) is None
        # an oversized frame: dropped without its body being read
        r, w = await _tls(host)
        w.write((1 << 30).to_bytes(4, "big"))
        answer = await _answer(r)
        assert isinstance(answer, p.Error) and answer.code == "too_big"
        assert await _answer(r) is None
        # not even TLS
        r, w = await asyncio.open_connection("127.0.0.1", host.port)
        w.write(b"GET / HTTP/1.0\r\n\r\n")
        assert await r.read() == b""
        # seated, bad messages get error replies and the third drops the connection
        guest = await NetClient.join(host.invite)
        for _ in range(2):
            guest._writer.write(_frame(b'{"type":"ping","nonce":-1}'))
        await guest._writer.drain()
        assert [type(await _answer(guest._reader)) for _ in range(2)] == [p.Error] * 2
        await guest.close()
        rejoined = await NetClient.rejoin(host.invite, guest.welcome.seat_secret)
        a, b = await whole_match(host, rejoined)
    finally:
        await host.close()
    _check_seats(host, a, b)
    assert host.refused >= 3


async def test_a_seated_connection_is_dropped_after_three_bad_messages() -> None:
    host = await start(GameConfig(game="truc", opponent="human"))
    try:
        assert host.invite is not None
        guest = await NetClient.join(host.invite)
        for _ in range(3):
            guest._writer.write(_frame(b"x" * 31))
        await guest._writer.drain()
        answers = []
        while (m := await _answer(guest._reader)) is not None:
            answers.append(m)
        assert [type(m) for m in answers] == [p.Error] * 3
    finally:
        await host.close()


async def test_a_flood_of_bad_connections_leaves_the_host_playable() -> None:
    limits = Limits(handshake_seconds=1.0)
    host = await start(GameConfig(game="trufludo", opponent="human"), limits=limits)
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

    async def bad(i: int) -> None:
        try:
            if i % 3 == 0:  # garbage instead of TLS
                _r, w = await asyncio.open_connection("127.0.0.1", host.port)
                w.write(b"\x16\x03\x01" + bytes(200))
            elif i % 3 == 1:  # TLS, then a wrong secret
                r, w = await _tls(host)
                w.write(p.encode(p.Hello(1, "x", secret="A" * 22)))
                await _answer(r)
            else:  # TLS, then an oversized frame
                r, w = await _tls(host)
                w.write((1 << 24).to_bytes(4, "big") + bytes(100))
                await _answer(r)
            w.close()
        except (OSError, ssl.SSLError, asyncio.IncompleteReadError):
            pass  # refused at the cap: as it should

    try:
        assert host.invite is not None
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        for wave in range(20):  # 200 connections, 10 at once
            await asyncio.gather(*(bad(10 * wave + i) for i in range(10)))
        assert loop.time() - t0 < 20
        assert host.refused >= 150 and not host.ticket.used
        guest = await NetClient.join(host.invite)
        a, b = await whole_match(host, guest)
    finally:
        await host.close()
    _check_seats(host, a, b)
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss_before) / 1024
    assert grown_mb < 100


async def test_a_dropped_guest_rejoins_with_its_seat_secret_and_the_game_resumes() -> None:
    host = await start(GameConfig(game="truc", opponent="human"))
    try:
        assert host.invite is not None
        guest = await NetClient.join(host.invite)
        secret = guest.welcome.seat_secret
        mine = await host_table(host)
        match = asyncio.ensure_future(host.run_match())
        import random

        hosting = asyncio.ensure_future(play(Seat(mine), random.Random(3)))
        moves = 0
        async for event in guest.events():  # a few moves, then the guest drops
            legal = getattr(event, "legal", [])
            if legal:
                await guest.play(legal[0])
                moves += 1
                if moves == 3:
                    break
        guest._writer.transport.abort()  # the line drops
        await asyncio.sleep(0.2)
        assert any(isinstance(m, p.Waiting) for m in mine.received)
        assert "not the host's" in await _refused(host, secret.encode()[:16])
        await guest.reconnect()
        assert guest.welcome.seat_secret == secret
        back = guest
        b = await asyncio.wait_for(play(Seat(back), random.Random(4)), 30)
        a = await asyncio.wait_for(hosting, 5)
        await asyncio.wait_for(match, 5)
        await mine.close()
        await back.close()
    finally:
        await host.close()
    _check_seats(host, a, b)


async def test_connections_beyond_the_caps_are_closed_at_once() -> None:
    limits = Limits(max_open=6, max_handshakes=3, handshake_seconds=1.0)
    host = await start(GameConfig(game="truc", opponent="human"), limits=limits)
    idle = []
    try:
        assert host.invite is not None
        for _ in range(3):  # they hold every handshake place, saying nothing
            idle.append(await asyncio.open_connection("127.0.0.1", host.port))
        await asyncio.sleep(0.1)
        r, _w = await asyncio.open_connection("127.0.0.1", host.port)
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        assert await asyncio.wait_for(r.read(), 0.5) == b""  # closed at once, not at 1 s
        assert loop.time() - t0 < 0.5 and host.refused == 1
        # a guest now is turned away at first, and tries again until there is room
        guest = await NetClient.join(host.invite, timeout=5)
        assert loop.time() - t0 >= limits.handshake_seconds - 0.2
        assert host.refused >= 5  # the idle ones timed out, the guest's first tries refused
        a, b = await whole_match(host, guest)
    finally:
        for _r, w in idle:
            w.close()
        await host.close()
    _check_seats(host, a, b)


async def test_a_table_that_reads_nothing_is_dropped_not_buffered_for() -> None:
    limits = Limits(write_seconds=0.3)
    host = await start(GameConfig(game="truc", opponent="human"), limits=limits)
    try:
        assert host.invite is not None
        guest = await NetClient.join(host.invite)
        guest._writer.transport.pause_reading()  # a table that never reads again
        writer = host.seats[1].writer
        assert writer is not None
        big = p.Error("x", "y" * 290)
        for _ in range(20_000):  # about 6 MB: more than the socket buffers hold
            if host.seats[1].writer is None:
                break
            await host._send(1, big)
        assert host.seats[1].writer is None  # dropped: it may come back with its secret
        assert writer.transport.get_write_buffer_size() == 0
    finally:
        await host.close()


class LyingHost(Host):
    """A host that cheats at the deal from shuffle ``from_deal`` of each game on: ``how``
    says which way."""

    how = "reveal"
    from_deal = 0

    async def _agree(self, g: int, deal: int, chain: str, n: int = 0,
                     move: str | None = None) -> DealProof:
        proof = await super()._agree(g, deal, chain, n, move)
        if self.how == "ignore_guest" and deal >= self.from_deal:
            assert proof.host_seed is not None  # deals from a guest seed of its own choosing
            return DealProof.of(bytes.fromhex(proof.host_seed), bytes(32), chain)
        return proof

    async def _reveal(self, g: int, deal: int, seeds: tuple[bytes, bytes]) -> None:
        if self.how == "reveal" and deal >= self.from_deal:
            seeds = (bytes(32), seeds[1])  # reveals another seed than the one committed to
        await super()._reveal(g, deal, seeds)


@pytest.mark.parametrize("game, how, from_deal, why", [
    ("trufludo", "reveal", 0, "does not agree with its commitment"),
    ("trufludo", "ignore_guest", 0, "with this table's seed"),
    ("truc", "reveal", 1, "does not agree with its commitment"),  # a later round's deal (T2)
    ("truc", "ignore_guest", 2, "with this table's seed"),
])
async def test_a_tampered_deal_raises_the_alarm(game: str, how: str, from_deal: int,
                                                why: str) -> None:
    from tests.net.support import host_table
    from truf_tui.net.client import DealAlarm, DealVerified, GameEnded, Turn

    host = LyingHost(GameConfig(game=game, opponent="human", rules=(
        {"target": 12} if game == "truc" else {})), bind="127.0.0.1")
    host.how, host.from_deal = how, from_deal
    invite = await host.start()
    try:
        guest = await NetClient.join(invite)
        mine = await host_table(host)
        match = asyncio.ensure_future(host.run_match())
        hosting = asyncio.ensure_future(play(Seat(mine), __import__("random").Random(1)))
        alarms: list[tuple[int, str]] = []
        verified: list[tuple[int, int]] = []
        async for event in guest.events():
            if isinstance(event, Turn) and event.legal:
                await guest.play(event.legal[0])
            elif isinstance(event, DealAlarm):
                alarms.append((event.game, event.why))
            elif isinstance(event, DealVerified):
                verified.append((event.game, event.deal))
            assert not isinstance(event, GameEnded)  # never a quiet, kept game
        await asyncio.wait_for(asyncio.gather(match, hosting), 20)
        await guest.close()
        await mine.close()
    finally:
        await host.close()
    # at each cheated reveal, and again at each game's end (a drawn game is played again)
    games = {g for g, _why in alarms}
    assert games == set(range(len(host.games)))
    assert all(why in a for _g, a in alarms if "does not verify" not in a)
    assert all(d < from_deal for _g, d in verified)  # the honest deals were verified
    if from_deal:
        assert verified


async def test_a_silent_table_is_dropped_and_a_pinging_one_is_kept() -> None:
    host = await start(GameConfig(game="truc", opponent="human"),
                       limits=Limits(silence_seconds=0.5))
    try:
        assert host.invite is not None
        guest = await NetClient.join(host.invite)
        mine = await host_table(host)
        mine.ping_seconds = 0.1
        events = mine.events().__aiter__()
        reading = asyncio.ensure_future(events.__anext__())  # the keep-alive runs meanwhile
        await asyncio.sleep(1.2)
        assert host.seats[1].writer is None  # the guest said nothing: dropped
        assert host.seats[0].writer is not None  # the host's table pinged: kept
        reading.cancel()
        await guest.close()
        await mine.close()
    finally:
        await host.close()


class DeafHost(Host):
    """A host that reads its tables but never answers (a hung program)."""

    async def _serve(self, seat: int, reader: asyncio.StreamReader,
                     writer: asyncio.StreamWriter) -> None:
        while await reader.read(4096):
            pass


async def test_a_table_whose_host_stops_answering_learns_it_in_time() -> None:
    host = DeafHost(GameConfig(game="truc", opponent="human"), bind="127.0.0.1")
    invite = await host.start()
    try:
        guest = await NetClient.join(invite)
        guest.ping_seconds, guest.silence_seconds = 0.1, 0.5
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        with pytest.raises(ConnectionError, match="stopped answering"):
            async for _event in guest.events():
                pass
        assert loop.time() - t0 < 2
        await guest.close()
    finally:
        await host.close()


def test_the_rate_limit_lets_a_burst_through_then_paces() -> None:
    from truf_tui.net.server import _Bucket

    clock = Clock()
    bucket = _Bucket(rate=10.0, burst=3.0, clock=clock)
    assert [bucket.wait() for _ in range(3)] == [0.0, 0.0, 0.0]
    assert bucket.wait() == pytest.approx(0.1)  # the 4th waits for a token
    clock.now += 0.1
    assert bucket.wait() == pytest.approx(0.1)
    clock.now += 10
    assert bucket.wait() == 0.0  # refilled, up to the burst only
    assert [bucket.wait() for _ in range(3)][-1] == pytest.approx(0.1)


async def test_a_seated_flood_of_pings_is_paced_not_buffered() -> None:
    host = await start(GameConfig(game="truc", opponent="human"),
                       limits=Limits(rate=100.0, burst=10.0))
    try:
        assert host.invite is not None
        guest = await NetClient.join(host.invite)
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        guest._writer.write(b"".join(p.encode(p.Ping(i)) for i in range(60)))
        pongs = [await _answer(guest._reader) for _ in range(60)]
        assert all(isinstance(m, p.Pong) for m in pongs)
        assert loop.time() - t0 >= 0.45  # 50 beyond the burst at 100 a second
        await guest.close()
    finally:
        await host.close()


async def test_messages_beyond_the_inbox_count_as_bad() -> None:
    host = await start(GameConfig(game="truc", opponent="human"), limits=Limits(inbox=4))
    try:
        assert host.invite is not None
        guest = await NetClient.join(host.invite)  # the match is not running: none is read
        guest._writer.write(b"".join(p.encode(p.Move(0, 0, "fold")) for _ in range(10)))
        answers = []
        while (m := await _answer(guest._reader)) is not None:
            answers.append(m)
        assert [type(m) for m in answers] == [p.Error] * 3  # then dropped
        assert host.seats[1].inbox.qsize() == 4
    finally:
        await host.close()


async def test_an_illegal_or_stale_move_is_refused_and_the_game_goes_on() -> None:
    from truf_tui.net.client import HostProblem, Turn

    host = await start(GameConfig(game="trufludo", opponent="human"))
    try:
        assert host.invite is not None
        guest = await NetClient.join(host.invite)
        mine = await host_table(host)
        match = asyncio.ensure_future(host.run_match())
        hosting = asyncio.ensure_future(play(Seat(mine), __import__("random").Random(2)))
        problems: list[str] = []
        tried = False
        async for event in guest.events():
            if isinstance(event, Turn) and event.legal:
                if not tried:
                    tried = True
                    await guest._send(p.Move(event.game, event.n + 5, event.legal[0]))
                    await guest.play("play 2X")
                await guest.play(event.legal[0])
            elif isinstance(event, HostProblem):
                problems.append(event.message)
        await asyncio.wait_for(asyncio.gather(match, hosting), 10)
        await guest.close()
        await mine.close()
    finally:
        await host.close()
    assert len(problems) == 2 and "another position" in problems[0]
    assert host.games[-1].state.is_terminal()


async def test_a_seat_away_longer_than_the_rejoin_time_ends_the_match() -> None:
    clock = Clock()
    host = await start(GameConfig(game="truc", opponent="human"), clock=clock)
    try:
        assert host.invite is not None
        guest = await NetClient.join(host.invite)
        mine = await host_table(host)
        match = asyncio.ensure_future(host.run_match())
        await asyncio.sleep(0.2)  # the commitment is out, the guest's seed awaited
        guest._writer.transport.abort()
        await asyncio.sleep(0.2)
        clock.now += 301
        with pytest.raises(HostError, match="did not come back"):
            await asyncio.wait_for(match, 5)
        told = []
        while (m := await _answer(mine._reader)) is not None:  # then the host hangs up
            told.append(m)
        assert isinstance(told[-1], p.Error) and "did not come back" in told[-1].message
        assert "5 minutes" in await _refused_seat(host, guest.welcome.seat_secret)
        await mine.close()
    finally:
        await host.close()


async def _refused_seat(host: Host, seat_secret: str) -> str:
    assert host.invite is not None
    with pytest.raises(JoinError) as e:
        await NetClient.rejoin(host.invite, seat_secret, timeout=5)
    return str(e.value)


class GarbageHost(Host):
    """A host that answers a seated table with something that is not the protocol."""

    async def _serve(self, seat: int, reader: asyncio.StreamReader,
                     writer: asyncio.StreamWriter) -> None:
        writer.write(_frame(b'{"type": "update", "game": 0, "n": "x"}'))
        await writer.drain()
        while await reader.read(4096):
            pass


async def test_a_table_refuses_what_is_not_the_protocol_without_crashing() -> None:
    host = GarbageHost(GameConfig(game="truc", opponent="human"), bind="127.0.0.1")
    invite = await host.start()
    try:
        guest = await NetClient.join(invite)
        with pytest.raises(p.ProtocolError):
            async for _event in guest.events():
                pass
        await guest.close()
    finally:
        await host.close()


async def test_closing_is_bounded_when_a_connection_task_lets_its_cancellation_pass() -> None:
    """The guest gone first, one of the host's connection tasks lets a cancellation pass
    (Python 3.11's ``wait_for`` drops one that comes as its wait ends): ``close`` cancels
    it again and returns within a few seconds, not after the task's own minute."""
    host = await start(GameConfig(game="truc"))
    guest = await NetClient.join(loopback(host.invite), name="Bo")  # type: ignore[arg-type]
    await guest.close()

    async def lets_one_cancel_pass() -> None:
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError:
            pass
        await asyncio.sleep(60)

    host._spawn(lets_one_cancel_pass())
    await asyncio.sleep(0)
    t0 = asyncio.get_running_loop().time()
    await asyncio.wait_for(host.close(), 10)
    assert asyncio.get_running_loop().time() - t0 < 4
    assert not host._tasks
