"""When the host may ask for the guest's seed (docs/fair-deal.md, "Timing over the
network"): only once the move that deals its round is made.  The request names that
position and move, and the guest's table checks them against what it saw: at once (its own
move not yet made, a position it is not at), when the next move comes (another move
played), and when the deals are replayed (a move that did not deal the round).

The host here is written out by hand (the real engine and the real messages, sent straight
to the guest's table), so each test can ask for the seed when a cheating host would.
"""

from __future__ import annotations

import random

import pytest

from truf_tui.engine import truc
from truf_tui.engine.deals import CHAIN_START, DealProof, commitment
from truf_tui.net import protocol as p
from truf_tui.net.client import DealAlarm, DealVerified, Event, NetClient
from truf_tui.net.invite import Invite
from truf_tui.net.server import _update

RULES = {"target": 12}


class Wire:
    """The guest table's side of the line: what it sends, parsed back."""

    def __init__(self) -> None:
        self.sent: list[p.ClientMessage] = []

    def write(self, data: bytes) -> None:
        self.sent.append(p.parse_client(data[p.HEADER:]))

    async def drain(self) -> None:
        return None


class HandHost:
    """A Le Truc host, step by step: the guest's table (seat 1) gets exactly what a host
    sends it; ``ask`` requests its seed whenever the test says."""

    def __init__(self, dealer: int, seed: int = 1) -> None:
        self.wire = Wire()
        welcome = p.Welcome(1, "s" * 32, "truc", dict(RULES), 1, ["Host", "Guest"])
        invite = Invite("127.0.0.1", 1, bytes(16), bytes(32))
        self.table = NetClient(None, self.wire, welcome, invite)  # type: ignore[arg-type]
        self.rng = random.Random(seed)
        self.dealer = dealer
        self.events: list[Event] = []
        self.pending: DealProof | None = None  # the next round's, agreed
        self.state: truc.State | None = None

    async def tell(self, msg: p.HostMessage) -> Event | None:
        event = await self.table._handle(msg)
        if event is not None:
            self.events.append(event)
        return event

    @property
    def alarms(self) -> list[str]:
        return [e.why for e in self.events if isinstance(e, DealAlarm)]

    async def ask(self, deal: int, n: int, move: str | None, game: int = 0,
                  chain: str | None = None) -> DealProof | None:
        """Commit to a fresh seed (chained after the last deal, unless ``chain`` says
        otherwise) and ask for the guest's: the proof, or ``None`` if the table refused to
        send its seed."""
        if chain is None:
            chain = (CHAIN_START if self.state is None or game
                     else self.state.deals[-1].chain_after())
        host_seed = self.rng.randbytes(32)
        before = len(self.wire.sent)
        await self.tell(p.Commit(game, deal, commitment(host_seed, chain), n, move))
        answers = [m for m in self.wire.sent[before:] if isinstance(m, p.Seed)]
        if not answers:
            return None
        return DealProof.of(host_seed, bytes.fromhex(answers[-1].seed), chain)

    async def deal(self) -> None:
        proof = await self.ask(0, 0, None)
        assert proof is not None
        self.state = truc.new_game(truc.Rules.from_dict(RULES), dealer=self.dealer,
                                   deals=(proof,))
        await self.tell(_update(0, 0, None, self.state, 1))

    async def move(self, action: str) -> None:
        """``action`` made (the guest's sent by its table first): the seed asked for now if
        it deals a round and was not asked for yet, the next position, the reveal."""
        s = self.state
        assert s is not None
        n = len(s.history)
        if s.current_player == 1:
            await self.table.play(action)
        if s.shuffles_on(action):
            proof = self.pending or await self.ask(len(s.deals), n, action)
            assert proof is not None
            s = s.with_deal(proof)
            self.pending = None
        dealt = len(s.deals)
        s = s.apply(action)
        self.state = s
        await self.tell(_update(0, n + 1, action, s, 1))
        if s.shuffles() == dealt and dealt > 1:  # a round was dealt: the one before is over
            prev = s.deals[dealt - 2]
            assert prev.host_seed is not None
            await self.tell(p.Reveal(0, dealt - 2, prev.host_seed, prev.guest_seed))

    def legal(self) -> list[str]:
        assert self.state is not None
        return [str(a) for a in self.state.legal_actions()]


def cards_of(legal: list[str]) -> list[str]:
    return [a for a in legal if a.startswith("play ")]


async def test_an_honest_host_asks_at_the_move_that_deals_and_is_verified() -> None:
    host = HandHost(dealer=0)
    await host.deal()
    await host.move("fold")  # the guest folds round 1: round 2 asked for then, dealt
    while host.state is not None and host.state.round_no == 2:
        await host.move(cards_of(host.legal())[0] if cards_of(host.legal())
                        else host.legal()[0])
    assert host.alarms == []
    assert [e.deal for e in host.events if isinstance(e, DealVerified)] == [0, 1]


async def test_a_request_before_the_guest_s_own_move_is_refused_with_the_alarm() -> None:
    host = HandHost(dealer=0)  # seat 1 leads round 1
    await host.deal()
    sent = len(host.wire.sent)
    assert await host.ask(1, 0, "fold") is None  # the guest has not folded: no seed goes out
    assert not any(isinstance(m, p.Seed) for m in host.wire.sent[sent:])
    assert host.alarms and "before this table played the move that deals it" in host.alarms[0]


async def test_a_request_at_another_position_is_refused_with_the_alarm() -> None:
    host = HandHost(dealer=1)  # seat 0 (the host's player) leads round 1
    await host.deal()
    assert await host.ask(1, 3, "fold") is None
    assert "at move 4, but this table is at move 1" in host.alarms[0]
    host = HandHost(dealer=1)
    await host.deal()
    assert await host.ask(1, 0, None) is None
    assert "without the move that deals it" in host.alarms[0]


async def test_a_request_for_a_move_the_host_then_does_not_play_raises_the_alarm() -> None:
    host = HandHost(dealer=1)  # the host's player to move: the guest cannot know its move
    await host.deal()
    host.pending = await host.ask(1, 0, "fold")  # names a fold: the seed goes out...
    assert host.pending is not None and host.alarms == []
    host.pending = None
    await host.move("raise")  # ...and it plays on with the next round's cards known
    assert host.alarms and "for the move 'fold', then played 'raise' there" in host.alarms[0]
    assert host.table._then is not None  # the position is still shown, after the alarm


async def test_a_request_at_a_move_that_did_not_deal_raises_the_alarm_on_replay() -> None:
    host = HandHost(dealer=1)
    await host.deal()
    first = cards_of(host.legal())[0]  # a card: it does not end the round
    host.pending = await host.ask(1, 0, first)
    assert host.pending is not None
    await host.move(first)  # played as named, so nothing shows yet...
    assert host.alarms == []
    while host.state is not None and host.state.round_no == 1:
        cards = cards_of(host.legal())
        await host.move(cards[0] if cards else host.legal()[0])
    # ...until round 1 is revealed and replayed: another move dealt round 2.
    assert host.alarms and "at move 1, but move" in host.alarms[0]
    assert "dealt it" in host.alarms[0]


async def test_a_request_for_the_next_game_s_deal_before_this_one_ended() -> None:
    host = HandHost(dealer=1)
    await host.deal()
    assert await host.ask(0, 0, None, game=1) is None
    assert "before game 1 ended" in host.alarms[0]
    host = HandHost(dealer=1)
    await host.deal()
    assert host.state is not None
    first = host.state.deals[0]
    await host.tell(p.Commit(0, 0, first.commitment, 0, None))  # again, once dealt
    assert "first deal after it was dealt" in host.alarms[0]


@pytest.mark.parametrize("dealer", [0, 1])
async def test_honest_requests_raise_no_alarm_over_a_whole_match(dealer: int) -> None:
    host = HandHost(dealer=dealer, seed=dealer + 7)
    await host.deal()
    rng = random.Random(dealer)
    while host.state is not None and not host.state.is_terminal():
        await host.move(rng.choice([a for a in host.legal() if a != "rest"] or host.legal()))
    assert host.state is not None and host.state.round_no >= 3
    assert host.alarms == []
    verified = [e.deal for e in host.events if isinstance(e, DealVerified)]
    assert verified == list(range(host.state.round_no - 1))  # the last: at the game's end


async def test_asked_again_for_another_move_of_the_host_s_player_raises_the_alarm() -> None:
    """A host that stops (or says it did) with the seed in hand and comes back asking
    again at the same position for another move of its own player has seen the next
    round's cards meanwhile; the same request again, or the guest's own move chosen
    again, is fine."""
    host = HandHost(dealer=1)  # the host's player to move
    await host.deal()
    first = await host.ask(1, 0, "fold")
    assert first is not None
    c = commitment(bytes.fromhex(first.host_seed or ""), first.chain)
    sent = len(host.wire.sent)
    await host.tell(p.Commit(0, 1, c, 0, "fold"))  # the same request, after a rejoin
    assert host.alarms == [] and isinstance(host.wire.sent[sent], p.Seed)
    assert host.wire.sent[sent] == p.Seed(0, 1, first.guest_seed)  # the same seed
    await host.tell(p.Commit(0, 1, c, 0, "raise"))
    assert host.alarms and "asked again for the seed of deal 2, for another move" in \
        host.alarms[0]

    guest_leads = HandHost(dealer=0)  # the guest's own move, chosen again after a drop
    await guest_leads.deal()
    await guest_leads.table.play("fold")
    again = await guest_leads.ask(1, 0, "fold")
    assert again is not None
    c = commitment(bytes.fromhex(again.host_seed or ""), again.chain)
    await guest_leads.table.play("raise")
    await guest_leads.tell(p.Commit(0, 1, c, 0, "raise"))
    assert guest_leads.alarms == []


class _Crash(Exception):
    pass


class _Pick:
    """Plays the legal move at ``index``: a table asked again would choose another."""

    def __init__(self, index: int) -> None:
        self.index = index

    def choice(self, legal: list[str]) -> str:
        return legal[self.index]


async def test_a_resumed_host_plays_its_player_s_held_move_as_it_was() -> None:
    """The host stops holding its own player's round-ending move for the guest's seed.
    Resumed, it plays that move as it was made, never asking its table again (a move chosen
    again, with the next round's cards known, is what the guest's table cries out at)."""
    import asyncio
    from typing import Any

    from tests.net.support import Seat, play
    from truf_tui.net.client import GameEnded, MatchEnded, Turn
    from truf_tui.net.server import HOST_SEAT, Host
    from truf_tui.play.config import GameConfig

    saves: list[dict[str, Any]] = []

    class DyingHost(Host):
        async def _next(self, seat: int, want: type[Any], check: Any) -> Any:
            msg = await super()._next(seat, want, check)
            current, pending = self._current, self._pending
            if (isinstance(msg, p.Seed) and msg.deal >= 1 and current is not None
                    and pending is not None and current[2].current_player == HOST_SEAT):
                raise _Crash  # as if killed here: its own player's move held
            return msg

    first: Host = DyingHost(GameConfig(game="truc", opponent="human"), bind="127.0.0.1",
                            keep=saves.append)
    hosts = [first]
    guest = await NetClient.join(await first.start(), name="Ana")
    tables = [await first.own_table()]
    match = asyncio.ensure_future(first.run_match())
    hosting = asyncio.ensure_future(play(Seat(tables[0]), _Pick(0)))  # type: ignore[arg-type]
    alarms: list[str] = []
    ended: list[GameEnded] = []

    async def guest_plays() -> tuple[int, int] | None:
        nonlocal match, hosting
        while True:
            try:
                async for event in guest.events():
                    if isinstance(event, Turn) and event.legal:
                        await guest.play(event.legal[0])
                    elif isinstance(event, GameEnded):
                        ended.append(event)
                    elif isinstance(event, DealAlarm):
                        alarms.append(event.why)
                        return None
                    elif isinstance(event, MatchEnded):
                        return event.result
            except ConnectionError:
                assert len(hosts) == 1, "dropped twice"
                await asyncio.gather(match, return_exceptions=True)
                hosting.cancel()
                await first.close()
                held = saves[-1]["pending"]
                assert held["move"] is not None and held["deal"] >= 1
                resumed = Host.resume(saves[-1], bind="127.0.0.1")
                hosts.append(resumed)
                guest.invite = await resumed.start()
                tables.append(await resumed.own_table())
                match = asyncio.ensure_future(resumed.run_match())
                hosting = asyncio.ensure_future(  # it would choose another move
                    play(Seat(tables[-1]), _Pick(-1)))  # type: ignore[arg-type]
                await guest.reconnect()

    try:
        result = await asyncio.wait_for(guest_plays(), 40)
        assert not alarms and result is not None, alarms
        await asyncio.wait_for(match, 10)
        await asyncio.wait_for(hosting, 10)
    finally:
        match.cancel()
        hosting.cancel()
        await guest.close()
        for table in tables:
            await table.close()
        for host in hosts:
            await host.close()
    assert len(hosts) == 2 and ended and all(e.verified for e in ended)
    held = saves[-1]["pending"]
    record = ended[0].record
    assert record.verify().is_terminal()
    assert record.moves[held["n"]] == held["move"]  # played as it was made
    assert not any(isinstance(m, p.Error) for m in tables[-1].received)


def test_a_host_s_save_of_another_version_is_not_resumed() -> None:
    """A match saved before the deals were chained would go on with a chain from no start:
    ``host --resume`` says it cannot, rather than deal unverifiable rounds."""
    from truf_tui.net.server import Host
    from truf_tui.play.config import GameConfig

    save = Host(GameConfig(game="truc", opponent="human")).snapshot()
    assert Host.resume(save).config.game == "truc"
    with pytest.raises(ValueError, match="another version of truf-tui"):
        Host.resume({**save, "format": 1})


async def test_a_commitment_that_does_not_echo_the_guest_s_last_seed_raises_the_alarm() -> None:
    """The host's commitment to round 2's deal must name round 1's deal as the guest's
    table knows it (its own seed): one chained after another guest seed is caught when
    round 2 is revealed, though its cards are dealt as the seeds say."""
    from truf_tui.engine.deals import chain_after

    host = HandHost(dealer=0)
    await host.deal()
    assert host.state is not None
    wrong = chain_after(host.state.deals[0].commitment, "ab" * 32)
    await host.table.play("fold")  # the guest folds round 1: round 2 is asked for then
    host.pending = await host.ask(1, 0, "fold", chain=wrong)
    assert host.pending is not None and host.pending.verified()  # consistent in itself
    await host.move("fold")
    assert host.alarms == [] and host.state.round_no == 2
    while host.state.round_no == 2:
        cards = cards_of(host.legal())
        await host.move(cards[0] if cards else host.legal()[0])
    assert any("deal 2 does not agree with its commitment (to that seed and to the deal "
               "before it)" in why for why in host.alarms), host.alarms


async def test_a_move_chosen_again_after_a_drop_may_be_the_one_asked_at() -> None:
    """The line drops while the host holds this table's move: back, the table is asked for
    the position again and may choose another move.  The host plays the first it got, and
    a request naming either move this table sent is fair."""
    for played in ("fold", "raise"):
        host = HandHost(dealer=0)  # seat 1 leads round 1
        await host.deal()
        await host.table.play("fold")  # the host got this one...
        await host.table.play("raise")  # ...and, back after a drop, it chose again
        assert await host.ask(1, 0, played) is not None
        assert host.alarms == []


async def test_a_table_back_in_a_new_process_takes_a_request_at_its_position_on_trust() -> None:
    """A table that took its seat back in a new process lost the moves its old process
    sent: at the position it came back to, a request naming one of its legal moves is
    taken (documented as not detected); anything else is still refused."""
    host = HandHost(dealer=0)
    host.table._new_process = True  # as NetClient.rejoin makes it for a guest
    await host.deal()  # the first position it sees: the one it came back to
    assert await host.ask(1, 0, "fold") is not None and host.alarms == []

    host = HandHost(dealer=0)
    host.table._new_process = True
    await host.deal()
    assert await host.ask(1, 0, "play 2X") is None  # not a move it could have made
    assert "before this table played the move that deals it" in host.alarms[0]
