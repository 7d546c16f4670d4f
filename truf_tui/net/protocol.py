"""The wire: length-prefixed JSON frames, each checked against its message's schema.

A frame is a 4-byte big-endian length and that many bytes of UTF-8 JSON, one object whose
``"type"`` names the message.  :func:`parse_client` and :func:`parse_host` turn a frame into
a typed message or raise :class:`ProtocolError`: no input makes them raise anything else
(tests/net/test_protocol.py checks it with hypothesis).  Unknown fields are refused, so the
schema is the whole message.
"""

from __future__ import annotations

import asyncio
import json
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

# 2: chat (``chat``, ``chat_dropped``), and the fair deal's chain: a commitment names the
# deal before it, and a seed request the move it is asked at (docs/fair-deal.md).  A table
# of version 1 cannot be checked so, so the host refuses it, and a table refused for its
# version says plainly that the friend's truf-tui is of another version.
VERSION = 2
OLDEST_VERSION = 2
CHAT_VERSION = 2
MAX_FRAME = 16 * 1024  # both directions: an observation is under 2 KiB
HEADER = 4
NAME_MAX = 24  # characters of a player's name after cleaning
ACTION_MAX = 40  # 'play 10H take 10D' is the longest T11 text
MAX_DEALS = 1000  # shuffles in one game (Le Truc: one a round)
HEX64 = re.compile(r"[0-9a-f]{64}")
SECRET_RE = re.compile(r"[A-Za-z0-9_-]{16,64}")
CHAT_MAX = 120  # characters of a chat line after cleaning
# The quick phrases: their ids go over the wire, each table draws them in its reader's
# language (ui/strings/chat.py); the English here is for the headless seats' log line.
PHRASES: dict[str, str] = {
    "good_luck": "Good luck!",
    "well_played": "Well played!",
    "nice_bluff": "Nice bluff!",
    "your_turn": "Your turn.",
    "one_more": "One more?",
    "thanks": "Thanks!",
    "oops": "Oops!",
}
PHRASE_ID = re.compile(r"[a-z_]{1,32}")
CHAT_DROPS = ("too_fast", "away", "off")  # why the host did not pass a chat line on


class ProtocolError(ValueError):
    """A frame that is not a valid message; ``code`` is the short reason sent back."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# -- messages ---------------------------------------------------------------------------------
# Guest/host table (client) -> host (server).


@dataclass(frozen=True)
class Hello:
    """The first message: ``secret`` (the invite's, to take the guest's seat) or
    ``seat_secret`` (to take back one's own seat after a drop), exactly one of them."""

    version: int
    name: str
    secret: str | None = None
    seat_secret: str | None = None
    type: str = field(default="hello", init=False)


@dataclass(frozen=True)
class Seed:
    """The guest's seed (hex of 32 bytes) for shuffle ``deal`` of game ``game``, after the
    host's commitment to it."""

    game: int
    deal: int
    seed: str
    type: str = field(default="seed", init=False)


@dataclass(frozen=True)
class Move:
    """A move (T11 text) for the position after ``n`` moves of game ``game``."""

    game: int
    n: int
    action: str
    type: str = field(default="move", init=False)


@dataclass(frozen=True)
class Ping:
    nonce: int
    type: str = field(default="ping", init=False)


@dataclass(frozen=True)
class Chat:
    """A chat line for the other player: a quick phrase by its id (``PHRASES``), or a short
    text (at most ``CHAT_MAX`` characters), exactly one of them.  No sender: the host
    knows whose connection it came on."""

    phrase: str | None = None
    text: str | None = None
    type: str = field(default="chat", init=False)


# Host -> client.


@dataclass(frozen=True)
class Welcome:
    """The seat taken: its number, the secret that takes it back, the match's setup."""

    seat: int
    seat_secret: str
    game: str
    rules: dict[str, Any]
    best_of: int
    names: list[str]
    type: str = field(default="welcome", init=False)


@dataclass(frozen=True)
class Commit:
    """Before shuffle ``deal`` of game ``game`` (0: the first deal; Le Truc's later rounds
    1, 2, ...): the hash of the host's seed for it and of the deal before it (format 2,
    docs/fair-deal.md), and the guest's seed asked for.  ``n`` and ``move``: the position
    (moves made in the game) and the move that deals it, which the host holds until the
    seed is in (the first deal: 0 and ``None``); the guest checks them against what it saw."""

    game: int
    deal: int
    commitment: str
    n: int
    move: str | None
    type: str = field(default="commit", init=False)


@dataclass(frozen=True)
class Update:
    """The position after ``n`` moves of game ``game`` as this seat sees it: its
    observation only (never the other hand), the move just made, its legal moves if its turn."""

    game: int
    n: int
    last: str | None
    observation: dict[str, Any]
    legal: list[str]
    type: str = field(default="update", init=False)


@dataclass(frozen=True)
class Reveal:
    """Shuffle ``deal`` of game ``game`` is played out: the host's seed for it, and the
    guest's it was combined with (for the host's own table's record)."""

    game: int
    deal: int
    host_seed: str
    guest_seed: str
    type: str = field(default="reveal", init=False)


@dataclass(frozen=True)
class GameOver:
    """Game ``game`` is over (every deal of it revealed before): the engine's seed of its
    first deal, its first dealer and start score, its final score and the match's wins."""

    game: int
    game_id: str
    seed: int
    dealer: int
    start_scores: list[int]
    scores: list[int]
    wins: list[int]
    names: list[str]  # the seats' names, as both records keep them
    type: str = field(default="game_over", init=False)


@dataclass(frozen=True)
class MatchOver:
    """The match is over: ``result`` is what both seats print (host's seat first)."""

    result: list[int]
    reason: str
    type: str = field(default="match_over", init=False)


@dataclass(frozen=True)
class Waiting:
    """The other seat dropped: it may come back until ``seconds`` have passed."""

    seat: int
    name: str
    seconds: int
    type: str = field(default="waiting", init=False)


@dataclass(frozen=True)
class Error:
    code: str
    message: str
    # ``ended`` while the other seat was away: the seat the host recorded the game won by
    # (its player stayed); ``None`` for every other error.
    winner: int | None = None
    type: str = field(default="error", init=False)


@dataclass(frozen=True)
class Pong:
    nonce: int
    type: str = field(default="pong", init=False)


@dataclass(frozen=True)
class FriendChat:
    """A chat line from seat ``seat``, stamped by the host (which cleaned its text), sent to
    the other seat only."""

    seat: int
    phrase: str | None = None
    text: str | None = None
    type: str = field(default="chat", init=False)


@dataclass(frozen=True)
class ChatDropped:
    """The host did not pass this table's chat line on: ``code`` is one of ``CHAT_DROPS``
    (over the rate, the other player away, the other table does not know chat)."""

    code: str
    type: str = field(default="chat_dropped", init=False)


ClientMessage = Hello | Seed | Move | Ping | Chat
HostMessage = (Welcome | Commit | Update | Reveal | GameOver | MatchOver | Waiting | Error
               | Pong | FriendChat | ChatDropped)
Message = ClientMessage | HostMessage


# -- the schemas ------------------------------------------------------------------------------
Check = Callable[[str, object], object]


def _int(lo: int, hi: int) -> Check:
    def check(name: str, v: object) -> object:
        if type(v) is not int or not lo <= v <= hi:
            raise ProtocolError("bad_field", f"{name} must be a whole number {lo} to {hi}")
        return v
    return check


def _text(cap: int, pattern: re.Pattern[str] | None = None) -> Check:
    def check(name: str, v: object) -> object:
        if not isinstance(v, str) or len(v) > cap or (pattern and not pattern.fullmatch(v)):
            raise ProtocolError("bad_field", f"{name} must be a text of at most {cap}")
        return v
    return check


def _optional(inner: Check) -> Check:
    def check(name: str, v: object) -> object:
        return None if v is None else inner(name, v)
    return check


def _texts(count: int, cap: int) -> Check:
    def check(name: str, v: object) -> object:
        if not (isinstance(v, list) and len(v) <= count
                and all(isinstance(x, str) and len(x) <= cap for x in v)):
            raise ProtocolError("bad_field", f"{name} must be a list of short texts")
        return list(v)
    return check


def _pair(lo: int, hi: int) -> Check:
    def check(name: str, v: object) -> object:
        if not (isinstance(v, list) and len(v) == 2
                and all(type(x) is int and lo <= x <= hi for x in v)):
            raise ProtocolError("bad_field", f"{name} must be two whole numbers")
        return list(v)
    return check


def _one_of(values: tuple[str, ...]) -> Check:
    def check(name: str, v: object) -> object:
        if not isinstance(v, str) or v not in values:
            raise ProtocolError("bad_field", f"{name} must be one of {', '.join(values)}")
        return v
    return check


def _object(name: str, v: object) -> object:
    if not isinstance(v, dict):
        raise ProtocolError("bad_field", f"{name} must be an object")
    return v


_U32 = 2**32 - 1
_CLIENT: dict[str, tuple[Callable[..., ClientMessage], dict[str, Check]]] = {
    "hello": (Hello, {"version": _int(0, 1000), "name": _text(200),
                      "secret": _optional(_text(64, SECRET_RE)),
                      "seat_secret": _optional(_text(64, SECRET_RE))}),
    "seed": (Seed, {"game": _int(0, 10), "deal": _int(0, MAX_DEALS),
                    "seed": _text(64, HEX64)}),
    "move": (Move, {"game": _int(0, 10), "n": _int(0, 100_000), "action": _text(ACTION_MAX)}),
    "ping": (Ping, {"nonce": _int(0, _U32)}),
    "chat": (Chat, {"phrase": _optional(_one_of(tuple(PHRASES))),
                    "text": _optional(_text(CHAT_MAX))}),
}
_HOST: dict[str, tuple[Callable[..., HostMessage], dict[str, Check]]] = {
    "welcome": (Welcome, {"seat": _int(0, 1), "seat_secret": _text(64, SECRET_RE),
                          "game": _text(16), "rules": _object, "best_of": _int(1, 9),
                          "names": _texts(2, 200)}),
    "commit": (Commit, {"game": _int(0, 10), "deal": _int(0, MAX_DEALS),
                        "commitment": _text(64, HEX64), "n": _int(0, 100_000),
                        "move": _optional(_text(ACTION_MAX))}),
    "reveal": (Reveal, {"game": _int(0, 10), "deal": _int(0, MAX_DEALS),
                        "host_seed": _text(64, HEX64), "guest_seed": _text(64, HEX64)}),
    "update": (Update, {"game": _int(0, 10), "n": _int(0, 100_000),
                        "last": _optional(_text(ACTION_MAX)), "observation": _object,
                        "legal": _texts(64, ACTION_MAX)}),
    "game_over": (GameOver, {"game": _int(0, 10), "game_id": _text(64),
                             "seed": _int(0, 2**64 - 1), "dealer": _int(0, 1),
                             "start_scores": _pair(0, 1000), "scores": _pair(0, 1000),
                             "wins": _pair(0, 10), "names": _texts(2, 200)}),
    "match_over": (MatchOver, {"result": _pair(0, 1000), "reason": _text(32)}),
    "waiting": (Waiting, {"seat": _int(0, 1), "name": _text(200), "seconds": _int(0, 3600)}),
    "error": (Error, {"code": _text(32), "message": _text(300),
                      "winner": _optional(_int(0, 1))}),
    "pong": (Pong, {"nonce": _int(0, _U32)}),
    # A table takes any phrase id and drop code (a newer host's): it skips ids it does not
    # know rather than end the match over a chat line.
    "chat": (FriendChat, {"seat": _int(0, 1), "phrase": _optional(_text(32, PHRASE_ID)),
                          "text": _optional(_text(CHAT_MAX))}),
    "chat_dropped": (ChatDropped, {"code": _text(32)}),
}


def _parse(raw: bytes, table: Mapping[str, tuple[Callable[..., Any], dict[str, Check]]]
           ) -> Any:
    if len(raw) > MAX_FRAME:
        raise ProtocolError("too_big", f"a message is at most {MAX_FRAME} bytes")
    try:
        d = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # deep nesting is garbage too
        raise ProtocolError("not_json", "a message is one JSON object") from None
    if not isinstance(d, dict):
        raise ProtocolError("not_json", "a message is one JSON object")
    kind = d.get("type")
    if not isinstance(kind, str) or kind not in table:
        raise ProtocolError("unknown_type", "unknown message type")
    make, schema = table[kind]
    extra = set(d) - set(schema) - {"type"}
    if extra:
        raise ProtocolError("bad_field", "unknown fields in the message")
    kwargs: dict[str, object] = {}
    for name, check in schema.items():
        if name not in d:
            raise ProtocolError("bad_field", f"{name} is missing")
        kwargs[name] = check(name, d[name])
    return make(**kwargs)


def parse_client(raw: bytes) -> ClientMessage:
    """A message from a table to the host; :class:`ProtocolError` if it is not one."""
    msg: ClientMessage = _parse(raw, _CLIENT)
    if isinstance(msg, Hello) and (msg.secret is None) == (msg.seat_secret is None):
        raise ProtocolError("bad_field", "hello carries the invite's secret or a seat secret")
    if isinstance(msg, Chat):
        _one_line(msg.phrase, msg.text)
    return msg


def parse_host(raw: bytes) -> HostMessage:
    """A message from the host to a table; :class:`ProtocolError` if it is not one."""
    msg: HostMessage = _parse(raw, _HOST)
    if isinstance(msg, FriendChat):
        _one_line(msg.phrase, msg.text)
    return msg


def _one_line(phrase: str | None, text: str | None) -> None:
    if (phrase is None) == (text is None):
        raise ProtocolError("bad_field", "a chat line is a phrase or a text")


# -- framing ----------------------------------------------------------------------------------
def encode(msg: Message) -> bytes:
    body = json.dumps(asdict(msg), separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    if len(body) > MAX_FRAME:  # our own message: a bug, not input
        raise ValueError(f"message of {len(body)} bytes is over the cap")
    return len(body).to_bytes(HEADER, "big") + body


async def read_frame(reader: asyncio.StreamReader) -> bytes:
    """One frame's body; :class:`ProtocolError` if its length is over the cap (the rest is
    never read: the connection is dropped), ``asyncio.IncompleteReadError`` at the end."""
    head = await reader.readexactly(HEADER)
    n = int.from_bytes(head, "big")
    if n > MAX_FRAME:
        raise ProtocolError("too_big", f"a message is at most {MAX_FRAME} bytes")
    return await reader.readexactly(n)


# -- text from the other side -----------------------------------------------------------------
def clean_text(text: str, cap: int = NAME_MAX) -> str:
    """Text the other side sent, safe to draw: control and format characters dropped (a
    terminal escape cannot pass), markup brackets dropped (Rich/Textual markup), spaces
    collapsed, at most ``cap`` characters (a name's by default; ``CHAT_MAX`` for chat)."""
    kept = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or (unicodedata.category(ch)[0] != "C" and ch not in "[]<>"))
    return " ".join(kept.split())[:cap]
