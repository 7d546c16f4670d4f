"""What both engines share: the state protocol, the error type and small validation helpers."""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from enum import Enum
from typing import Any, Protocol, Self, TypeAlias, TypeVar, cast, runtime_checkable

from truf_tui.cards import Card, PackName, parse_cards, parse_pack
from truf_tui.engine.deals import DealError, DealProof

A = TypeVar("A", bound=Hashable)
T = TypeVar("T")

RuleValue: TypeAlias = str | int | bool
"""The value of one rules variant (RULES.md F1, F5, F10; T10, T8): ``Rules.to_dict()`` maps
each variant's name to one."""


@runtime_checkable
class GameState(Protocol[A]):
    """What every engine's ``State`` is (ENGINE_API.md "A state"): an immutable position
    whose actions are ``A`` (hashable values whose ``str`` is their T11 text).  The AI, the
    store and the UI may rely on this much of any game."""

    @property
    def current_player(self) -> int | None: ...

    def legal_actions(self) -> list[A]: ...

    def apply(self, action: A | str) -> Self: ...

    def apply_unchecked(self, action: A) -> Self:
        """``apply`` for an action known to be in ``legal_actions()``: the fast path."""
        ...

    def initial(self) -> Self:
        """The state the game started from; replaying the history from it gives this one."""
        ...

    def is_terminal(self) -> bool: ...

    @property
    def deals(self) -> tuple[DealProof, ...]:
        """The fair deal's proofs, one per shuffle so far (engine/deals.py); none in a game
        dealt from its seed alone."""
        ...

    def shuffles(self) -> int:
        """How many shuffles have dealt this game so far."""
        ...

    def shuffles_on(self, action: A | str) -> bool:
        """Does ``action`` deal from a new shuffle (whose proof must be agreed first)?"""
        ...

    def returns(self) -> tuple[float, float]: ...

    def scores(self) -> tuple[int, int]: ...

    def winner(self) -> int | None: ...

    def observation(self, p: int) -> Mapping[str, object]:
        """The engine's own ``Observation`` TypedDict (a plain dict at run time)."""
        ...

    def determinize(self, p: int, rng: random.Random) -> Self: ...

    def to_dict(self) -> dict[str, object]: ...

    @classmethod
    def from_dict(cls, d: Mapping[str, object]) -> Self: ...


class IllegalReason(Enum):
    """Why an action is not legal, as a code: each engine's ``Illegal`` enum derives from
    this.  The value is a short code, ``rule`` the RULES.md rule that forbids the action;
    the UI words each code in the player's language."""

    rule: str

    def __new__(cls, code: str, rule: str) -> Self:
        obj = object.__new__(cls)
        obj._value_ = code
        obj.rule = rule
        return obj


class IllegalActionError(ValueError):
    """An action that is not legal in a state: the message says why and lists the legal ones;
    ``reason`` is the engine's code for why (a member of its ``Illegal`` enum)."""

    def __init__(self, why: str, legal: Iterable[object] = (),
                 reason: IllegalReason | None = None) -> None:
        self.why = why
        self.reason = reason
        self.legal = [str(a) for a in legal]
        msg = why
        if self.legal:
            msg += "; legal actions: " + ", ".join(self.legal)
        super().__init__(msg)


class StateError(ValueError):
    """A state dict (a save, a record, a tampered file) that does not describe a valid state."""


def os_seed() -> int:
    """A fresh seed from the OS, kept in the state so the game still replays."""
    return random.SystemRandom().getrandbits(63)


S = TypeVar("S", bound="GameState[Any]")


def start_of(seed: int | None, dealer: int | None) -> tuple[int, int, random.Random]:
    """What every new game starts from: its seed (drawn from the OS when not given, and
    kept in the state so the game replays), the generator that seed starts, and the first
    dealer, drawn from it first unless given (F2, T2)."""
    if dealer is not None and (dealer not in (0, 1) or isinstance(dealer, bool)):
        raise ValueError(f"dealer must be 0 or 1, not {dealer!r}")
    if seed is None:
        seed = os_seed()
    elif not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an int, not {seed!r}")
    rng = random.Random(seed)
    drawn = rng.randrange(2)
    return seed, drawn if dealer is None else dealer, rng


def replayed(start: S, actions: Iterable[object]) -> S:
    """The state after playing ``actions`` (action objects or their text) from ``start``."""
    s = start
    for a in actions:
        s = s.apply(a)
    return s


def state_dict_of(d: object, game: str, version: int) -> tuple[Mapping[str, object], str]:
    """The checks a state dict starts with (``StateError`` if one fails): a JSON object of
    ``game``, in format ``version``.  Returns it, and the name its errors use."""
    what = f"{game} state"
    if not isinstance(d, Mapping):
        raise StateError(f"{what}: expected a JSON object, not {type(d).__name__}")
    if d.get("game") != game:
        raise StateError(f"{what}: 'game' is {d.get('game')!r}, expected {game!r}")
    fmt = d.get("format", version)
    if fmt != version:
        raise StateError(f"{what}: format {fmt!r} is not supported (this version reads "
                         f"{version})")
    return d, what


class CardFields:
    """Reads the card fields of a state dict of pack ``deck``; ``StateError`` names a bad key
    (a bad card raises the ``ValueError`` of :func:`truf_tui.cards.parse_cards`)."""

    def __init__(self, d: Mapping[str, object], deck: PackName, what: str) -> None:
        self.d, self.deck, self.what = d, deck, what

    def cards(self, v: object, key: str) -> tuple[Card, ...]:
        if not isinstance(v, list):
            raise StateError(f"{self.what}: {key!r} must be a list of cards")
        return parse_cards(v, self.deck)

    def cards_at(self, key: str) -> tuple[Card, ...]:
        """``d[key]``, a list of cards."""
        return self.cards(need(self.d, key, list, self.what), key)

    def pair(self, key: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """``d[key]``, two lists of cards (one per player)."""
        v = need(self.d, key, list, self.what)
        if len(v) != 2:
            raise StateError(f"{self.what}: {key!r} must hold two lists")
        return (self.cards(v[0], key), self.cards(v[1], key))

    def origin(self) -> tuple[Card, ...] | None:
        """``d["deck"]``: the explicit pack the game was dealt from, if any."""
        raw = self.d.get("deck")  # parse_pack checks it is a list of card texts
        return None if raw is None else parse_pack(cast("Sequence[str | Card]", raw), self.deck)


def deal_proofs(deals: Iterable[DealProof], seed: int | None,
                deck: object) -> tuple[DealProof, ...]:
    """``new_game``'s ``deals`` checked: proofs of shuffles (so no explicit pack), each
    revealed and matching its commitment, the first one's seed ``seed`` if that is given.
    ``DealError`` (a ValueError) names the first bad deal."""
    proofs = tuple(deals)
    if not proofs:
        return proofs
    if not all(isinstance(p, DealProof) for p in proofs):
        raise ValueError("deals must be DealProof values")
    if deck is not None:
        raise ValueError("a game dealt from a given pack has no shuffle to prove: give "
                         "deals or deck, not both")
    for n, p in enumerate(proofs, start=1):
        try:
            got = p.seed()
        except DealError as e:
            raise DealError(f"deal {n}: {e}") from None
        if n == 1 and seed is not None and seed != got:
            raise DealError("deal 1: the game's seed is not the one its proof gives")
    return proofs


def proofs_at(d: Mapping[str, Any], what: str) -> tuple[DealProof, ...]:
    """``d["deals"]`` of a state dict (none when absent: states saved before the fair deal),
    each proof read, not yet checked (:func:`deal_proofs` checks them)."""
    raw = d.get("deals", [])
    if not isinstance(raw, list):
        raise StateError(f"{what}: 'deals' must be a list of deal proofs")
    out = []
    for n, x in enumerate(raw, start=1):
        try:
            out.append(DealProof.from_dict(x))
        except DealError as e:
            raise StateError(f"{what}: deal {n}: {e}") from None
    return tuple(out)


def check_choice(option: str, value: object, allowed: tuple[object, ...]) -> None:
    if value not in allowed or type(value) is not type(allowed[0]):
        raise ValueError(
            f"invalid value {value!r} for rules option {option!r}: "
            f"allowed values are {', '.join(repr(a) for a in allowed)}"
        )


def rules_kwargs(d: Mapping[str, object], fields: tuple[str, ...],
                 game: str) -> dict[str, Any]:
    """``d`` as the keyword arguments of a ``Rules``, whose ``__post_init__`` checks each value
    (so they are ``Any`` here, matched to the fields by name)."""
    if not isinstance(d, Mapping):
        raise ValueError(f"{game} rules must be a mapping, not {type(d).__name__}")
    unknown = sorted(set(d) - set(fields))
    if unknown:
        raise ValueError(
            f"unknown {game} rules option(s) {', '.join(map(repr, unknown))}: "
            f"known options are {', '.join(fields)}"
        )
    return dict(d)


def need(d: Mapping[str, object], key: str, kind: type[T], what: str) -> T:
    """``d[key]`` checked to be of ``kind``; ``StateError`` otherwise."""
    if key not in d:
        raise StateError(f"{what}: missing key {key!r}")
    v = d[key]
    if not isinstance(v, kind) or (isinstance(v, bool) and bool not in _kinds(kind)):
        raise StateError(f"{what}: {key!r} has the wrong type ({type(v).__name__})")
    return v


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)
