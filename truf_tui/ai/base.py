"""What every computer player shares: the ``Bot`` protocol, ``ActionStats`` and small helpers.

A bot is given an observation only (``state.observation(player)``, a JSON dict): it rebuilds
sampled full states from it with the engine's ``determinizer`` and never sees anything its
seat cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, overload

from truf_tui.engine import GAMES as GAMES  # the engine's, for whoever needs both
from truf_tui.engine import Observation as Observation  # either game's TypedDict
from truf_tui.engine import truc, trufludo

TIERS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
"""The computer players' strengths, weakest first (ENGINE_API.md)."""
# Default seconds per decision of each tier (the tiers' promised speeds: easy < 50 ms,
# medium < 0.3 s, hard about 1 s, expert about 2 s).
DEFAULT_TIME = {"easy": 0.03, "medium": 0.2, "hard": 1.0, "expert": 2.0}
# Safety margin kept below a time limit for the work done after the search stops.
TIME_MARGIN = 0.02

A = TypeVar("A", bound=Hashable)
A_co = TypeVar("A_co", bound=Hashable, covariant=True)
O = TypeVar("O", bound=Observation)  # noqa: E741 - the observation type, beside A the action's
O_contra = TypeVar("O_contra", bound=Observation, contravariant=True)


@dataclass(frozen=True)
class ActionStats(Generic[A_co]):
    """What a bot thinks of one legal action.

    ``value`` is the estimated probability of winning (the game for Trufludo, the match for
    Truc) after this action, in [0, 1]; ``visits`` is how many search iterations went through
    it (0 for the tiers that do not search and report a heuristic score instead).
    """

    action: A_co
    visits: int
    value: float

    @property
    def text(self) -> str:
        return str(self.action)


class Bot(Protocol[A_co, O_contra]):
    """A computer player (ENGINE_API.md): ``choose`` returns an action legal in the state.

    ``Bot[truc.Action, truc.Observation]`` plays Le Truc, ``Bot[trufludo.Play,
    trufludo.Observation]`` Trufludo (``TrucBot``, ``TrufludoBot``)."""

    game: str
    tier: str

    def choose(self, observation: O_contra) -> A_co: ...

    def analyse(self, observation: O_contra) -> Sequence[ActionStats[A_co]]: ...


TrucBot = Bot[truc.Action, truc.Observation]
TrufludoBot = Bot[trufludo.Play, trufludo.Observation]


def _unknown_game(game: object) -> ValueError:
    return ValueError(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")


@overload
def sampler_of(observation: truc.Observation) -> Callable[[random.Random], truc.State]: ...
@overload
def sampler_of(observation: trufludo.Observation
               ) -> Callable[[random.Random], trufludo.State]: ...
def sampler_of(observation: Observation
               ) -> Callable[[random.Random], truc.State] | Callable[[random.Random],
                                                                      trufludo.State]:
    """The engine's determinizer for the observation's game."""
    if observation["game"] == "trufludo":
        return trufludo.determinizer(observation)
    if observation["game"] == "truc":
        return truc.determinizer(observation)
    raise _unknown_game(observation["game"])


class BaseBot(Generic[A, O]):
    """Common plumbing: seeded RNG, budgets, observation checks; a ``Bot[A, O]``."""

    game = ""
    tier = ""

    def __init__(self, seed: int | None = None, time_limit: float | None = None,
                 iterations: int | None = None) -> None:
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        self.seed = seed
        self.rng = random.Random(seed)
        self.time_limit = DEFAULT_TIME.get(self.tier, 0.05) if time_limit is None else time_limit
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations!r}")
        self.iterations = iterations

    def _check(self, observation: O) -> None:
        if observation.get("game") != self.game:
            raise ValueError(f"a {self.game} bot was given a {observation.get('game')!r} "
                             "observation")
        if observation.get("terminal") or observation.get("to_move") is None:
            raise ValueError("the game is over: there is nothing to choose")
        if observation["to_move"] != observation["player"]:
            raise ValueError("it is not this seat's turn: the bot cannot move")

    # While True, a search may stop once its choice is settled (``ismcts.search(settle=)``):
    # set by ``choose``, which only needs the best action; ``analyse`` keeps the full budget
    # for the statistics it shows.
    settle = False

    def choose(self, observation: O) -> A:
        self._check(observation)
        self.settle = True
        try:
            stats = self.analyse(observation)
        finally:
            self.settle = False
        return stats[0].action

    def analyse(self, observation: O) -> list[ActionStats[A]]:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game} {self.tier} seed={self.seed}>"


@overload
def legal_of(observation: truc.Observation) -> tuple[truc.State, list[truc.Action]]: ...
@overload
def legal_of(observation: trufludo.Observation
             ) -> tuple[trufludo.State, list[trufludo.Play]]: ...
def legal_of(observation: Observation) -> tuple[Any, list[Any]]:
    """A sampled full state (only its observable part may be used) and the legal actions."""
    state = sampler_of(observation)(random.Random(0))
    return state, state.legal_actions()


def ranked(scores: Sequence[tuple[A, float]],
           visits: Mapping[A, int] | None = None) -> list[ActionStats[A]]:
    """ActionStats best first (stable: ties keep the order of ``scores``)."""
    out = [ActionStats(a, 0 if visits is None else visits.get(a, 0), min(1.0, max(0.0, v)))
           for a, v in scores]
    out.sort(key=lambda s: -s.value)
    return out
