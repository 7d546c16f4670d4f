"""What a new game is made of: the game, the opponent, the rule variants, the first dealer.

Kept free of Textual.  The games, tiers and rule variants are the engines' and the AI's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypedDict, TypeGuard

from truf_tui.ai.base import GAMES as GAMES  # re-exported for the screens
from truf_tui.ai.base import TIERS as TIERS
from truf_tui.engine import truc, trufludo
from truf_tui.engine.common import RuleValue
from truf_tui.engine.series import BEST_OF as BEST_OF  # a match is the best of 1, 3 or 5 (F12)

DEFAULT_TIER = "medium"

# The rule variants of RULES.md with their defaults (F1, F5, F10; T10, T8): the engines'.
DEFAULT_RULES: dict[str, dict[str, RuleValue]] = {
    trufludo.GAME: trufludo.Rules().to_dict(),
    truc.GAME: truc.Rules().to_dict(),
}
RULE_CHOICES: dict[str, tuple[object, ...]] = {**trufludo.CHOICES, **truc.CHOICES}
TARGET_MIN, TARGET_MAX = truc.TARGET_MIN, truc.TARGET_MAX

HUMAN, COMPUTER = 0, 1

# Who sits in seat 1: the computer (a tier), or a friend at the same keyboard (hot-seat).
OPPONENTS: tuple[str, ...] = ("computer", "human")


class StartChoices(TypedDict):
    """The start screen's choices, kept for the whole run (and, but the seed, remembered)."""

    game: str
    tier: str
    rules: dict[str, dict[str, RuleValue]]  # each game's variants
    dealer: int | None
    seed: int | None
    practice: bool
    opponent: str
    best_of: int
    scores: tuple[int, int]  # Le Truc: the score to start from (yours, the opponent's)


def default_choices() -> StartChoices:
    """What the start screen shows the first time: every variant at its RULES.md default."""
    return {
        "game": "trufludo",
        "tier": "medium",
        "rules": {game: dict(rules) for game, rules in DEFAULT_RULES.items()},
        "dealer": None,
        "seed": None,
        "practice": False,
        "opponent": "computer",
        "best_of": 1,
        "scores": (0, 0),  # Le Truc: the score to start from (yours, the opponent's)
    }


@dataclass(frozen=True)
class GameConfig:
    """One game to start.  The human is always player 0, the computer player 1 (hot-seat:
    Player 1 and Player 2).

    ``dealer``: 0 = the human deals, 1 = the computer deals, ``None`` = drawn by the seed.
    ``practice``: the practice mode (truf_tui/coach.py; off by default).
    ``opponent``: ``"computer"`` (seat 1 is the ``tier`` bot) or ``"human"`` (hot-seat: two
    people share the keyboard and each hand is hidden between turns).
    ``best_of``: 1, 3 or 5 games to a match (F12).
    ``scores``: Le Truc only, the score the match starts from (player 0's, player 1's),
    each below the target: to practise the end of a match.  Trufludo keeps ``(0, 0)``.
    """

    game: str = "trufludo"
    tier: str = DEFAULT_TIER
    rules: dict[str, RuleValue] = field(default_factory=dict)
    dealer: int | None = None
    seed: int | None = None
    practice: bool = False  # the coach's practice mode: warnings, round reviews
    opponent: str = "computer"
    best_of: int = 1
    scores: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise ValueError(f"unknown game {self.game!r}: expected one of {', '.join(GAMES)}")
        if self.tier not in TIERS:
            raise ValueError(f"unknown tier {self.tier!r}: expected one of {', '.join(TIERS)}")
        if self.opponent not in OPPONENTS:
            raise ValueError(f"unknown opponent {self.opponent!r}: expected one of "
                             f"{', '.join(OPPONENTS)}")
        if self.best_of not in BEST_OF:
            raise ValueError(f"best_of must be one of {', '.join(map(str, BEST_OF))}, "
                             f"not {self.best_of!r}")
        if self.opponent == "human":
            # Hot-seat: no practice mode; its warnings and its reviews of the computer's hand
            # are made for one player against the computer (docs/coach.md).
            object.__setattr__(self, "practice", False)
        if self.dealer not in (None, HUMAN, COMPUTER):
            raise ValueError(f"dealer must be 0, 1 or None, not {self.dealer!r}")
        # Missing variants take their defaults, so callers may pass only what they change.
        full = dict(DEFAULT_RULES[self.game])
        unknown = sorted(set(self.rules) - set(full))
        if unknown:
            raise ValueError(f"unknown {self.game} rules option(s): {', '.join(unknown)}")
        full.update(self.rules)
        object.__setattr__(self, "rules", full)
        scores = self.scores
        if not (isinstance(scores, (tuple, list)) and len(scores) == 2
                and all(type(x) is int for x in scores)):
            raise ValueError(f"scores must be two whole numbers, not {scores!r}")
        object.__setattr__(self, "scores", (scores[0], scores[1]))
        if self.game != truc.GAME:
            if self.scores != (0, 0):
                raise ValueError(f"only Le Truc starts from a score, not {self.game}")
        elif not scores_fit(self.scores, full["target"]):
            raise ValueError(f"scores must each be from 0 to below the target "
                             f"({full['target']!r}), not {self.scores!r}")

    def __hash__(self) -> int:  # rules is a dict: hash its items instead
        return hash((self.game, self.tier, tuple(sorted(self.rules.items())), self.dealer,
                     self.seed, self.practice, self.opponent, self.best_of, self.scores))


def scores_fit(scores: object, target: object) -> TypeGuard[Sequence[int]]:
    """Are ``scores`` two whole numbers, each from 0 to below ``target`` (a Truc start)?"""
    return (isinstance(scores, (tuple, list)) and len(scores) == 2 and type(target) is int
            and all(type(x) is int and 0 <= x < target for x in scores))


def start_scores(game: str, rules: Mapping[str, RuleValue], scores: object) -> tuple[int, int]:
    """The score a game of the start screen's choices starts from: Truc's practice score
    (``scores``) while it is below the target of ``rules``; otherwise (Trufludo, a score no
    longer below a lowered target) 0-0."""
    target = rules.get("target", DEFAULT_RULES[truc.GAME]["target"])
    if game == truc.GAME and scores_fit(scores, target):
        return (scores[0], scores[1])
    return (0, 0)
