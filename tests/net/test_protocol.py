"""The wire format: every message round-trips, and no input crashes the parsers."""

from __future__ import annotations

import asyncio
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from truf_tui.net import protocol as p

SAMPLES: list[p.Message] = [
    p.Hello(1, "Ana", secret="A" * 22),
    p.Hello(1, "Ana", seat_secret="b" * 32),
    p.Seed(0, 3, "ab" * 32),
    p.Move(2, 17, "play 10H take 10D"),
    p.Ping(7),
    p.Welcome(1, "s" * 32, "truc", {"target": 12, "rest_refusal": "stake"}, 3, ["A", "B"]),
    p.Commit(0, 0, "cd" * 32, 0, None), p.Commit(0, 3, "cd" * 32, 17, "fold"),
    p.Reveal(1, 4, "ab" * 32, "cd" * 32),
    p.Update(0, 3, "raise", {"hand": ["7H"], "history": ["raise"]}, ["accept", "refuse"]),
    p.GameOver(0, "id", 2**63, 1, [0, 0], [12, 7], [1, 0], ["A", "B"]),
    p.MatchOver([12, 7], "finished"),
    p.Waiting(1, "Ana", 300),
    p.Error("used", "this code was used"),
    p.Pong(7),
    p.Chat(phrase="well_played"), p.Chat(text="gg"), p.FriendChat(0, text="gg"),
    p.ChatDropped("too_fast"),
]
CLIENT = (p.Hello, p.Seed, p.Move, p.Ping, p.Chat)


@pytest.mark.parametrize("msg", SAMPLES, ids=lambda m: m.type)
def test_every_message_round_trips(msg: p.Message) -> None:
    frame = p.encode(msg)
    assert int.from_bytes(frame[:4], "big") == len(frame) - 4
    parse = p.parse_client if isinstance(msg, CLIENT) else p.parse_host
    assert parse(frame[4:]) == msg
    # a message of one direction is never taken for one of the other
    other = p.parse_host if isinstance(msg, CLIENT) else p.parse_client
    with pytest.raises(p.ProtocolError):
        other(frame[4:])


@pytest.mark.parametrize("raw, code", [
    (b"\xff\xfe", "not_json"), (b"[1, 2]", "not_json"), (b"{", "not_json"),
    (b"[" * 5000 + b"]" * 5000, "not_json"), (b'{"type": "nope"}', "unknown_type"),
    (b'{"type": "move", "game": 0, "n": 0}', "bad_field"),
    (b'{"type": "move", "game": 0, "n": true, "action": "fold"}', "bad_field"),
    (b'{"type": "move", "game": 0, "n": 0, "action": "fold", "x": 1}', "bad_field"),
    (b'{"type": "move", "game": 0, "n": 0, "action": "' + b"x" * 99 + b'"}', "bad_field"),
    (b'{"type": "seed", "game": 0, "deal": 0, "seed": "XYZ"}', "bad_field"),
    (b'{"type": "hello", "version": 1, "name": "a", "secret": null, "seat_secret": null}',
     "bad_field"),
    (b'{"type": "hello", "version": 1, "name": "a", "secret": "short", "seat_secret": null}',
     "bad_field"),
    (b"{}" + b" " * p.MAX_FRAME, "too_big"),
])
def test_bad_messages_are_refused_with_a_reason(raw: bytes, code: str) -> None:
    with pytest.raises(p.ProtocolError) as e:
        p.parse_client(raw)
    assert e.value.code == code


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12)
FIELDS = st.sampled_from(["type", "version", "name", "secret", "seat_secret", "game", "n",
                          "action", "seed", "nonce", "seat", "rules", "legal", "observation",
                          "scores", "result", "names", "last", "wins", "dealer", "deal",
                          "host_seed", "guest_seed", "commitment", "phrase", "text", "code"])
TYPES = st.sampled_from(["hello", "seed", "move", "ping", "welcome", "commit", "reveal", "update",
                         "game_over", "match_over", "waiting", "error", "pong", "chat",
                         "chat_dropped", "x"])
NEAR = st.builds(lambda t, d: {**d, "type": t}, TYPES, st.dictionaries(FIELDS, JSON))


def _parses_or_refuses(raw: bytes) -> None:
    for parse in (p.parse_client, p.parse_host):
        try:
            parse(raw)
        except p.ProtocolError:
            pass


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=300))
def test_no_bytes_crash_the_parsers(raw: bytes) -> None:
    _parses_or_refuses(raw)


@settings(max_examples=300, deadline=None)
@given(NEAR)
def test_no_near_message_crashes_the_parsers(d: dict[str, object]) -> None:
    _parses_or_refuses(json.dumps(d).encode())


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SAMPLES), st.data())
def test_no_mutation_of_a_good_message_crashes_the_parsers(msg: p.Message,
                                                           data: st.DataObject) -> None:
    d = json.loads(p.encode(msg)[4:])
    key = data.draw(st.sampled_from(sorted(d)))
    d[key] = data.draw(JSON)
    _parses_or_refuses(json.dumps(d).encode())


async def _frames(data: bytes) -> bytes:
    reader = asyncio.StreamReader()
    reader.feed_data(data)
    reader.feed_eof()
    return await p.read_frame(reader)


async def test_an_oversized_frame_is_refused_before_its_body_is_read() -> None:
    with pytest.raises(p.ProtocolError) as e:
        await _frames((p.MAX_FRAME + 1).to_bytes(4, "big"))  # no body at all: never read
    assert e.value.code == "too_big"
    assert await _frames((3).to_bytes(4, "big") + b"abc") == b"abc"


@pytest.mark.parametrize("text, clean", [
    ("Ana", "Ana"), ("\x1b[31mred\x1b[0m", "31mred0m"), ("[bold]Bob[/bold]", "boldBob/bold"),
    ("a\u202eb\u200bc", "abc"), ("  tab\there\nnew  ", "tab here new"), ("x" * 99, "x" * 24),
    ("<script>", "script"),
])
def test_text_from_the_other_side_is_made_safe_to_draw(text: str, clean: str) -> None:
    assert p.clean_text(text) == clean
