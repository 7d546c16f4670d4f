"""Series of games (F12): a best-of-N match and the knockout tournament of four players.

Pure bookkeeping over finished games: who plays whom next, who deals, who won. The games
themselves are ordinary engine states; a result here is the winner's seat (0 or 1) or
``None`` for a draw.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

# A match is the best of this many games, the first dealer alternating (F12).
BEST_OF: tuple[int, ...] = (1, 3, 5)


@dataclass(frozen=True)
class Series:
    """A best-of-N match between seats 0 and 1, the deal alternating every game (F12).

    A drawn game counts for nobody and the series goes on (as a drawn tournament game is
    replayed, F12), so it ends when a player has won a majority of ``best_of`` games.
    ``max_games`` (0: no limit) keeps draws from making it endless: once that many games
    are played, whoever has won more takes the series, and equal wins draw it.
    """

    best_of: int = 1
    first_dealer: int = 0
    results: tuple[int | None, ...] = ()
    max_games: int = 0

    def __post_init__(self) -> None:
        if self.best_of not in BEST_OF:
            raise ValueError(f"best_of must be one of {BEST_OF}, not {self.best_of!r}")
        if self.first_dealer not in (0, 1):
            raise ValueError(f"first_dealer must be 0 or 1, not {self.first_dealer!r}")
        if any(r not in (0, 1, None) for r in self.results):
            raise ValueError("a game result is 0, 1 or None (a draw)")
        if self.max_games and self.max_games < self.best_of:
            raise ValueError(f"max_games must be 0 or at least best_of, not {self.max_games!r}")

    @classmethod
    def capped(cls, best_of: int = 1, first_dealer: int = 0) -> Series:
        """A match as the app plays it: at most twice ``best_of`` games (at least 2)."""
        return cls(best_of, first_dealer, max_games=max(2, 2 * best_of))

    @property
    def needed(self) -> int:
        """Wins needed to take the series."""
        return self.best_of // 2 + 1

    def wins(self) -> tuple[int, int]:
        return (self.results.count(0), self.results.count(1))

    def at_cap(self) -> bool:
        return bool(self.max_games) and len(self.results) >= self.max_games

    def winner(self) -> int | None:
        w = self.wins()
        if w[0] >= self.needed or w[1] >= self.needed or self.at_cap():
            return 0 if w[0] > w[1] else 1 if w[1] > w[0] else None
        return None

    def is_over(self) -> bool:
        return self.winner() is not None or self.at_cap()

    def is_drawn(self) -> bool:
        """Over with nobody ahead (only possible at ``max_games``)."""
        return self.is_over() and self.winner() is None

    def next_dealer(self) -> int:
        """F12: the deal alternates from game to game."""
        return (self.first_dealer + len(self.results)) % 2

    def record(self, result: int | None) -> Series:
        if self.is_over():
            raise ValueError("the series is already over")
        return replace(self, results=self.results + (result,))

    def to_dict(self) -> dict[str, object]:
        return {"best_of": self.best_of, "first_dealer": self.first_dealer,
                "results": list(self.results), "max_games": self.max_games}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Series:
        return cls(d["best_of"], d["first_dealer"], tuple(d["results"]),
                   d.get("max_games", 0))


@dataclass(frozen=True)
class Pairing:
    """One knockout pairing between two named players: the first to win a majority of
    ``best_of`` games goes through; a drawn game is replayed with the deal switched (F12)."""

    players: tuple[str, str]
    first_dealer: int
    results: tuple[int | None, ...] = ()
    best_of: int = 1

    def next_dealer(self) -> int:
        return (self.first_dealer + len(self.results)) % 2

    def wins(self) -> tuple[int, int]:
        return (self.results.count(0), self.results.count(1))

    def winner(self) -> str | None:
        need = self.best_of // 2 + 1
        for seat, won in enumerate(self.wins()):
            if won >= need:
                return self.players[seat]
        return None


@dataclass(frozen=True)
class Tournament:
    """The seed's knockout tournament (F12): semi-finals 1 v 2 and 3 v 4, then the final."""

    players: tuple[str, str, str, str]
    dealers: tuple[int, int, int] = (0, 0, 0)  # first dealer of each semi-final and the final
    pairings: tuple[Pairing, ...] = field(default=())
    best_of: int = 1  # games per pairing (a majority of them wins it)

    def __post_init__(self) -> None:
        if len(self.players) != 4 or len(set(self.players)) != 4:
            raise ValueError("a knockout tournament has four players with different names")
        if self.best_of not in BEST_OF:
            raise ValueError(f"best_of must be one of {BEST_OF}, not {self.best_of!r}")
        if not self.pairings:
            p, n = self.players, self.best_of
            object.__setattr__(self, "pairings", (
                Pairing((p[0], p[1]), self.dealers[0], best_of=n),
                Pairing((p[2], p[3]), self.dealers[1], best_of=n)))

    def current(self) -> Pairing | None:
        """The pairing to be played next, or None once there is a champion."""
        for pairing in self.pairings:
            if pairing.winner() is None:
                return pairing
        return None

    def stage(self) -> str:
        """``semi-final 1``, ``semi-final 2``, ``final`` or ``over``."""
        cur = self.current()
        if cur is None:
            return "over"
        return ("semi-final 1", "semi-final 2", "final")[self.pairings.index(cur)]

    def record(self, result: int | None) -> Tournament:
        """The result (seat 0, seat 1, or None for a draw) of the current pairing's game."""
        cur = self.current()
        if cur is None:
            raise ValueError("the tournament is over")
        i = self.pairings.index(cur)
        pairings = list(self.pairings)
        pairings[i] = replace(cur, results=cur.results + (result,))
        if len(pairings) == 2 and all(p.winner() for p in pairings):
            a, b = (p.winner() for p in pairings)
            assert a is not None and b is not None
            pairings.append(Pairing((a, b), self.dealers[2], best_of=self.best_of))
        return replace(self, pairings=tuple(pairings))

    def champion(self) -> str | None:
        return self.pairings[2].winner() if len(self.pairings) == 3 else None

    def to_dict(self) -> dict[str, object]:
        return {"players": list(self.players), "dealers": list(self.dealers),
                "best_of": self.best_of,
                "pairings": [{"players": list(p.players), "first_dealer": p.first_dealer,
                              "results": list(p.results)} for p in self.pairings]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Tournament:
        n = d.get("best_of", 1)
        pairings = tuple(Pairing((p["players"][0], p["players"][1]), p["first_dealer"],
                                 tuple(p["results"]), n) for p in d["pairings"])
        players = d["players"]
        return cls((players[0], players[1], players[2], players[3]),
                   (d["dealers"][0], d["dealers"][1], d["dealers"][2]), pairings, n)
