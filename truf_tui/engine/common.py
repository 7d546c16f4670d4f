"""What both engines share: the state protocol, the error type and small validation helpers."""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping
from enum import Enum
from typing import Any, Protocol, Self, TypeVar, runtime_checkable

A = TypeVar("A", bound=Hashable)


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

    def is_terminal(self) -> bool: ...

    def returns(self) -> tuple[float, float]: ...

    def scores(self) -> tuple[int, int]: ...

    def winner(self) -> int | None: ...

    def observation(self, p: int) -> dict[str, Any]: ...

    def determinize(self, p: int, rng: random.Random) -> Self: ...

    def to_dict(self) -> dict[str, Any]: ...

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Self: ...


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


def check_choice(option: str, value: object, allowed: tuple[object, ...]) -> None:
    if value not in allowed or type(value) is not type(allowed[0]):
        raise ValueError(
            f"invalid value {value!r} for rules option {option!r}: "
            f"allowed values are {', '.join(repr(a) for a in allowed)}"
        )


def rules_kwargs(d: Mapping[str, Any], fields: tuple[str, ...], game: str) -> dict[str, Any]:
    if not isinstance(d, Mapping):
        raise ValueError(f"{game} rules must be a mapping, not {type(d).__name__}")
    unknown = sorted(set(d) - set(fields))
    if unknown:
        raise ValueError(
            f"unknown {game} rules option(s) {', '.join(map(repr, unknown))}: "
            f"known options are {', '.join(fields)}"
        )
    return dict(d)


def need(d: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: str) -> Any:
    """``d[key]`` checked to be of ``kind``; ``StateError`` otherwise."""
    if key not in d:
        raise StateError(f"{what}: missing key {key!r}")
    v = d[key]
    if not isinstance(v, kind) or (isinstance(v, bool) and bool not in _kinds(kind)):
        raise StateError(f"{what}: {key!r} has the wrong type ({type(v).__name__})")
    return v


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)
