"""Chat between the two tables (issue 39 item 6): the messages and their parser, the
cleaning of a text, the host's relay (to the other seat only, stamped with the sender's
seat by the host), its rate limit, tables and hosts of the version before chat, and the
headless seat's log line (standard error: standard output is NETWORK.md's)."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.net.support import Clock, host_table, start
from truf_tui.net import client as client_module
from truf_tui.net import protocol as p
from truf_tui.net import server as server_module
from truf_tui.net.client import (
    ChatReceived,
    ChatUndelivered,
    Event,
    JoinError,
    MatchEnded,
    NetClient,
)
from truf_tui.net.server import Host, Limits
from truf_tui.play.config import GameConfig

TRUC = GameConfig(game="truc", opponent="human")


# -- the messages ---------------------------------------------------------------------------
@pytest.mark.parametrize("msg, parse", [
    (p.Chat(phrase="nice_bluff"), p.parse_client),
    (p.Chat(text="see you at 8"), p.parse_client),
    (p.FriendChat(1, phrase="well_played"), p.parse_host),
    (p.FriendChat(0, text="gg"), p.parse_host),
    (p.ChatDropped("too_fast"), p.parse_host),
], ids=lambda x: getattr(x, "type", ""))
def test_chat_messages_round_trip_in_their_direction_only(msg: p.Message, parse: Any) -> None:
    body = p.encode(msg)[4:]
    assert parse(body) == msg
    other = p.parse_host if parse is p.parse_client else p.parse_client
    with pytest.raises(p.ProtocolError):
        other(body)


@pytest.mark.parametrize("raw", [
    {"phrase": None, "text": None},  # nothing
    {"phrase": "thanks", "text": "hi"},  # both
    {"phrase": "hello_world", "text": None},  # not one of ours
    {"phrase": None, "text": "x" * (p.CHAT_MAX + 1)},  # too long
    {"phrase": None, "text": 7},
    {"phrase": None},  # a field missing
    {"phrase": None, "text": "hi", "seat": 0},  # a table never names the sender
])
def test_a_bad_chat_line_from_a_table_is_refused(raw: dict[str, object]) -> None:
    with pytest.raises(p.ProtocolError) as e:
        p.parse_client(json.dumps({"type": "chat", **raw}).encode())
    assert e.value.code == "bad_field"


def test_a_table_skips_a_phrase_it_does_not_know_instead_of_failing() -> None:
    """A newer host may pass a phrase this version lacks: parsed, then not drawn."""
    msg = p.parse_host(b'{"type":"chat","seat":0,"phrase":"see_you","text":null}')
    assert msg == p.FriendChat(0, phrase="see_you")
    with pytest.raises(p.ProtocolError):  # but it is still a phrase id, not any text
        p.parse_host(b'{"type":"chat","seat":0,"phrase":"[b]x[/b]","text":null}')


CHATTY = st.fixed_dictionaries({}, optional={
    "type": st.sampled_from(["chat", "chat_dropped"]),
    "phrase": st.none() | st.sampled_from(sorted(p.PHRASES)) | st.text(max_size=40),
    "text": st.none() | st.text(max_size=200) | st.integers() | st.lists(st.text()),
    "seat": st.none() | st.integers(-2, 3) | st.text(max_size=3),
    "code": st.none() | st.sampled_from(p.CHAT_DROPS) | st.text(max_size=40),
    "nonce": st.integers(),
})


@settings(max_examples=400, deadline=None)
@given(CHATTY)
def test_no_near_chat_message_crashes_the_parsers(d: dict[str, object]) -> None:
    raw = json.dumps(d).encode()
    for parse in (p.parse_client, p.parse_host):
        try:
            msg = parse(raw)
        except p.ProtocolError:
            continue
        if isinstance(msg, (p.Chat, p.FriendChat)):  # what parses is one line, capped
            assert (msg.phrase is None) != (msg.text is None)
            assert msg.text is None or len(msg.text) <= p.CHAT_MAX


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_a_cleaned_chat_text_is_safe_to_draw(text: str) -> None:
    clean = p.clean_text(text, p.CHAT_MAX)
    assert len(clean) <= p.CHAT_MAX
    assert not set(clean) & set("[]<>")
    assert all(ch == " " or ch.isprintable() for ch in clean)
    assert clean == clean.strip() and "  " not in clean


@pytest.mark.parametrize("text, clean", [
    ("[red]hi[/red] [@click=app.quit]x[/]", "redhi/red @click=app.quitx/"),
    ("\x1b]0;pwned\x07bell\x1b[2J", "0;pwnedbell2J"),
    ("a\u202egnp.exe", "agnp.exe"),  # no right-to-left override
    ("line\nbreak\r\n", "line break"),
    ("é" * 130, "é" * p.CHAT_MAX),
])
def test_a_chat_text_loses_markup_control_characters_and_length(text: str,
                                                                 clean: str) -> None:
    assert p.clean_text(text, p.CHAT_MAX) == clean


# -- the host's relay -------------------------------------------------------------------------
class Inbox:
    """A table's events read into a queue by a task (a timed-out read of ``events()``
    itself would end the generator)."""

    def __init__(self, client: NetClient) -> None:
        self.queue: asyncio.Queue[Event] = asyncio.Queue()
        self.task = asyncio.ensure_future(self._read(client))

    async def _read(self, client: NetClient) -> None:
        with contextlib.suppress(ConnectionError):  # the table closed at the test's end
            async for event in client.events():
                await self.queue.put(event)

    async def next(self, timeout: float = 5) -> Event:
        return await asyncio.wait_for(self.queue.get(), timeout)

    async def nothing_within(self, seconds: float = 0.3) -> bool:
        await asyncio.sleep(seconds)
        return self.queue.empty()

    async def stop(self) -> None:
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)


async def stop(*things: Inbox | NetClient) -> None:
    for thing in things:
        if isinstance(thing, Inbox):
            await thing.stop()
        else:
            await thing.close()


async def _seated(host: Host, name: str = "Ana") -> tuple[NetClient, NetClient]:
    assert host.invite is not None
    mine = await host_table(host)
    guest = await NetClient.join(host.invite, name=name)
    return mine, guest


async def test_a_line_goes_to_the_other_seat_only_stamped_by_the_host() -> None:
    host = await start(TRUC)
    try:
        mine, guest = await _seated(host)
        at_host, at_guest = Inbox(mine), Inbox(guest)
        assert await guest.chat(phrase="good_luck")
        got = await at_host.next()
        assert got == ChatReceived(1, "", "good_luck", None)  # the host table's names: later
        assert await mine.chat(text="  [b]you[/b]\x1b[31m too  ")
        assert await at_guest.next() == ChatReceived(0, "Host", None, "byou/b31m too")
        # the sender is sent nothing back: its own line is its table's to show
        assert await at_guest.nothing_within() and await at_host.nothing_within()
        # a table cannot pass itself off as the other seat: a chat naming a seat is refused
        guest._writer.write(p.encode(p.FriendChat(0, phrase="oops")))
        refused = await at_guest.next()
        assert refused.__class__.__name__ == "HostProblem"
        assert await at_host.nothing_within()
        await stop(at_host, at_guest, mine, guest)
    finally:
        await host.close()


async def test_a_line_the_host_cleans_to_nothing_is_not_passed_on() -> None:
    host = await start(TRUC)
    try:
        mine, guest = await _seated(host)
        at_host = Inbox(mine)
        guest._writer.write(p.encode(p.Chat(text="[]<>\x00\x1b")))  # a raw table's line
        assert await at_host.nothing_within()
        assert await guest.chat(text="[]") is False  # the client does not even send it
        await stop(at_host, mine, guest)
    finally:
        await host.close()


async def test_lines_over_the_chat_rate_are_dropped_and_the_sender_told() -> None:
    clock = Clock()
    host = await start(TRUC, limits=Limits(chat_rate=1.0, chat_burst=3.0), clock=clock)
    try:
        mine, guest = await _seated(host)
        at_host, at_guest = Inbox(mine), Inbox(guest)
        for i in range(5):
            await guest.chat(text=f"line {i}")
        passed = [await at_host.next() for _ in range(3)]
        assert [e.text for e in passed if isinstance(e, ChatReceived)] == [
            "line 0", "line 1", "line 2"]
        assert [await at_guest.next() for _ in range(2)] == [
            ChatUndelivered("too_fast")] * 2
        assert await at_host.nothing_within()
        clock.now += 1.0  # a second later: one more line
        await guest.chat(phrase="thanks")
        assert await at_host.next() == ChatReceived(1, "", "thanks", None)
        # chat is not the game's: the dropped lines never counted as bad messages
        assert host.seats[1].writer is not None
        await stop(at_host, at_guest, mine, guest)
    finally:
        await host.close()


async def test_a_line_to_a_friend_who_is_away_is_dropped_and_the_sender_told() -> None:
    host = await start(TRUC)
    try:
        mine, guest = await _seated(host)
        at_host = Inbox(mine)
        await guest.close()
        for _ in range(50):  # until the host has seen the guest go
            if host.away() == 1:
                break
            await asyncio.sleep(0.05)
        await mine.chat(phrase="one_more")
        events = [await at_host.next() for _ in range(2)]
        assert ChatUndelivered("away") in events  # beside the "waiting" for the guest
        await stop(at_host, mine)
    finally:
        await host.close()


# -- versions: a table or a host from before chat ---------------------------------------------
async def test_a_table_of_version_1_is_refused_and_the_code_is_not_spent(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Version 1 had no chat and no chained deals (a seed request it cannot check): the host
    refuses it as another version, and the code still seats the right table."""
    host = await start(TRUC)
    try:
        assert host.invite is not None
        monkeypatch.setattr(client_module, "VERSION", 1)  # the guest's truf-tui is older
        with pytest.raises(JoinError) as refused:
            await NetClient.join(host.invite, name="Old", timeout=10)
        monkeypatch.undo()
        assert refused.value.kind == "version" and not host.ticket.used
        guest = await NetClient.join(host.invite, name="New", timeout=10)
        assert guest.seat == 1 and guest.can_chat
        await guest.close()
    finally:
        await host.close()


async def test_a_table_meeting_a_host_of_version_1_says_it_is_another_version(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A host of version 1 answers a newer hello with "bad_hello" (its words then): the
    table says plainly that the versions differ, and the code is not spent."""
    monkeypatch.setattr(server_module, "VERSION", 1)  # the host's truf-tui is older
    monkeypatch.setattr(server_module, "OLDEST_VERSION", 1)
    host = await start(TRUC)
    try:
        assert host.invite is not None
        with pytest.raises(JoinError) as refused:
            await NetClient.join(host.invite, name="New", timeout=10)
        assert refused.value.kind == "version" and not host.ticket.used
    finally:
        await host.close()


def test_a_chat_bucket_refuses_without_spending() -> None:
    from truf_tui.net.server import _Bucket

    clock = Clock()
    bucket = _Bucket(rate=1.0, burst=2.0, clock=clock)
    assert [bucket.take() for _ in range(4)] == [True, True, False, False]
    clock.now += 1.0  # refused ones spent nothing: exactly one token back after a second
    assert [bucket.take() for _ in range(2)] == [True, False]


# -- the headless seat --------------------------------------------------------------------------
@dataclass
class _Welcome:
    best_of: int = 1


class _Lines:
    """A stand-in client whose events are a chat line and the match's end."""

    welcome = _Welcome()

    async def events(self) -> AsyncIterator[Event]:
        yield ChatReceived(1, "Ana", "well_played", None)
        yield ChatReceived(1, "Ana", None, "rematch tomorrow")
        yield MatchEnded((12, 7), "finished")


async def test_a_headless_seat_logs_chat_on_standard_error_only(
        capsys: pytest.CaptureFixture[str]) -> None:
    from truf_tui.net.seats import play_seat

    out = io.StringIO()
    result, _path = await play_seat(_Lines(), lambda _obs: "fold", None,  # type: ignore[arg-type]
                                    out)
    assert result == (12, 7)
    assert out.getvalue() == ""  # the contract's lines only (printed by the caller)
    err = capsys.readouterr().err.splitlines()
    assert err == ["truf-tui: chat from Ana: Well played!",
                   "truf-tui: chat from Ana: rematch tomorrow"]
