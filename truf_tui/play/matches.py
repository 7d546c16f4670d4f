"""Matches and the knockout tournament as the app plays them (F12), without Textual.

:class:`MatchRun` is a best-of-N match on the table: the :class:`Series` plus the first
game's configuration; its progress travels in the autosaved record's ``meta["match"]``.
:class:`TournamentRun` is the knockout tournament: who the four players are, the bracket
(:class:`Tournament`), the game to play; kept in the data folder by
:mod:`truf_tui.store.tournament`.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from truf_tui.engine.common import RuleValue
from truf_tui.engine.series import Series, Tournament
from truf_tui.play.config import BEST_OF, GAMES, TIERS, GameConfig
from truf_tui.play.dealer import deal as deal  # the one place games are dealt (fair deal)

FORMAT = "truf-tui-tournament"
VERSION = 1
PLAYER_IDS = ("p1", "p2", "p3", "p4")  # p1 is always the person at the keyboard
FRIEND = "friend"
NAME_MAX = 16

if TYPE_CHECKING:
    from truf_tui.engine.record import AnyState


def first_dealer_of(state: AnyState) -> int:
    """Who dealt the first deal of ``state``'s game (Truc deals alternate within a game)."""
    return int(getattr(state, "first_dealer", state.dealer))


def next_seed(seed: int | None, n: int) -> int | None:
    """The seed of a series' game ``n`` (0-based): a seeded match stays reproducible."""
    return None if seed is None else seed + 1009 * n


@dataclass(frozen=True)
class MatchRun:
    """A best-of-N match: ``config`` is the first game's (dealer as chosen)."""

    config: GameConfig
    series: Series

    @classmethod
    def start(cls, config: GameConfig, first_state: AnyState | None) -> MatchRun:
        """``first_state``: the first game as dealt (its dealer may have been drawn)."""
        dealer = (first_dealer_of(first_state) if first_state is not None
                  else config.dealer or 0)
        return cls(config, Series.capped(config.best_of, dealer))

    def record(self, result: int | None) -> MatchRun:
        return replace(self, series=self.series.record(result))

    def next_config(self) -> GameConfig:
        """The next game: the same choices, the other first dealer (F12).  A practice
        start score (Le Truc's ``scores``) is for the first game only: the later ones
        start from 0-0, as a match's games do."""
        n = len(self.series.results)
        return replace(self.config, dealer=self.series.next_dealer(),
                       seed=next_seed(self.config.seed, n), scores=(0, 0))

    def meta(self) -> dict[str, object]:
        return self.series.to_dict()

    @classmethod
    def from_meta(cls, config: GameConfig, meta: object) -> MatchRun | None:
        """The match a saved game belongs to (``None`` if its meta has none, or a bad one)."""
        if not isinstance(meta, Mapping):
            return None
        try:
            series = Series.from_dict(dict(meta))
        except (KeyError, TypeError, ValueError):
            return None
        if series.best_of == 1 or series.is_over():
            return None
        return cls(replace(config, best_of=series.best_of), series)


@dataclass(frozen=True)
class Entrant:
    """One of the four: ``kind`` is ``"you"``, ``"friend"`` or ``"computer"`` (with a tier)."""

    id: str
    kind: str
    tier: str = "easy"
    name: str = ""

    @property
    def is_computer(self) -> bool:
        return self.kind == "computer"

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "kind": self.kind, "tier": self.tier, "name": self.name}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Entrant:
        kind, tier, name = d["kind"], d.get("tier", "easy"), d.get("name", "")
        if kind not in ("you", FRIEND, "computer") or tier not in TIERS:
            raise ValueError(f"bad player {d!r}")
        if not isinstance(name, str):
            raise ValueError(f"bad name {name!r}")
        return cls(str(d["id"]), kind, tier, name[:NAME_MAX])


@dataclass(frozen=True)
class Seating:
    """How a pairing's game sits at the table: seat 0 is the one at the keyboard (the table's
    "you"); ``swap`` when that is the pairing's second player."""

    config: GameConfig
    swap: bool

    def table_result(self, winner: int | None) -> int | None:
        """The pairing's result (its seat 0 or 1) of a game the table's ``winner`` won."""
        if winner is None:
            return None
        return 1 - winner if self.swap else winner


@dataclass(frozen=True)
class TournamentRun:
    """A knockout tournament in progress (or won)."""

    game: str
    rules: dict[str, RuleValue]
    entrants: tuple[Entrant, ...]
    bracket: Tournament
    seed: int | None = None
    id: str = field(default_factory=lambda: uuid.uuid4().hex)
    # The last computers' game: {"pairing": index, "game": number, "record": record dict}.
    last_computer_game: dict[str, Any] | None = None

    @classmethod
    def new(cls, game: str, rules: Mapping[str, RuleValue], entrants: list[Entrant], best_of: int,
            seed: int | None = None) -> TournamentRun:
        if game not in GAMES or best_of not in BEST_OF:
            raise ValueError("unknown game or match length")
        rng = random.Random(seed)
        dealers = (rng.randrange(2), rng.randrange(2), rng.randrange(2))  # F2: drawn by lot
        bracket = Tournament(PLAYER_IDS, dealers, best_of=best_of)
        return cls(game, dict(rules), tuple(entrants), bracket, seed)

    def entrant(self, pid: str) -> Entrant:
        return next(e for e in self.entrants if e.id == pid)

    @property
    def pairing_index(self) -> int | None:
        cur = self.bracket.current()
        return None if cur is None else self.bracket.pairings.index(cur)

    def current_players(self) -> tuple[Entrant, Entrant] | None:
        cur = self.bracket.current()
        if cur is None:
            return None
        return self.entrant(cur.players[0]), self.entrant(cur.players[1])

    def computers_only(self) -> bool:
        pair = self.current_players()
        return pair is not None and pair[0].is_computer and pair[1].is_computer

    def game_seed(self) -> int | None:
        return next_seed(self.seed, sum(len(p.results) for p in self.bracket.pairings) + 1)

    def seating(self) -> Seating:
        """The next game of the current pairing, when someone at the keyboard plays it."""
        cur = self.bracket.current()
        pair = self.current_players()
        assert cur is not None and pair is not None
        a, b = pair
        swap = a.is_computer  # the person goes to seat 0
        other = a if swap else b
        dealer = cur.next_dealer()
        config = GameConfig(game=self.game, rules=dict(self.rules),
                            dealer=1 - dealer if swap else dealer, seed=self.game_seed(),
                            tier=other.tier if other.is_computer else "easy",
                            opponent="computer" if other.is_computer else "human")
        return Seating(config, swap)

    def computers_config(self) -> GameConfig:
        """The next game of a computers' pairing: seat 0 is the pairing's first player."""
        cur = self.bracket.current()
        assert cur is not None
        return GameConfig(game=self.game, rules=dict(self.rules), dealer=cur.next_dealer(),
                          seed=self.game_seed())

    def record(self, result: int | None) -> TournamentRun:
        return replace(self, bracket=self.bracket.record(result))

    # -- the file ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        return {"format": FORMAT, "version": VERSION, "id": self.id, "game": self.game,
                "rules": self.rules, "seed": self.seed,
                "entrants": [e.to_dict() for e in self.entrants],
                "bracket": self.bracket.to_dict(), "last_computer_game": self.last_computer_game}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> TournamentRun:
        if d.get("format") != FORMAT or d.get("version") != VERSION:
            raise ValueError("not a truf-tui tournament")
        entrants = tuple(Entrant.from_dict(e) for e in d["entrants"])
        if tuple(e.id for e in entrants) != PLAYER_IDS or entrants[0].kind != "you":
            raise ValueError("the players do not fit")
        GameConfig(game=d["game"], rules=dict(d["rules"]))  # validates game and rules
        bracket = Tournament.from_dict(d["bracket"])
        seed = d.get("seed")
        last = d.get("last_computer_game")
        if not (isinstance(last, dict) and isinstance(last.get("record"), dict)
                and last.get("pairing") in (0, 1, 2) and type(last.get("game")) is int):
            last = None
        return cls(d["game"], dict(d["rules"]), entrants, bracket,
                   seed if type(seed) is int else None, str(d["id"]),
                   last if isinstance(last, dict) else None)

    @classmethod
    def read(cls, d: Mapping[str, object] | None) -> TournamentRun | None:
        """The tournament a file kept (:meth:`to_dict`); ``None`` if none, or a bad one."""
        if d is None:
            return None
        try:
            return cls.from_dict(d)
        except (ValueError, KeyError, TypeError, IndexError, AttributeError):
            return None


def progress_fraction(state: AnyState) -> float:
    """How far a game is, 0 to 1, for a progress bar: Truc by points to the target,
    Trufludo by cards still to play."""
    if getattr(state, "rules", None) is not None and hasattr(state.rules, "target"):
        return float(min(1.0, max(state.scores()) / max(1, state.rules.target)))
    left = len(state.stock) + len(state.hands[0]) + len(state.hands[1])
    played = len(state.history)
    return played / max(1, played + left)

