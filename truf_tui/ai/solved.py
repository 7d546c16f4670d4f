"""The solved Le Truc player: it plays the near-equilibrium strategy the solver computed.

``python -m truf_tui.solve ship`` solves one round by counterfactual regret minimisation
and writes its strategy to a file (``strategy/data/truc-t12-A-B.trufbp``, the round at
scores A-B to 12; how and what it costs: docs/solver.md).  The shared strategy layer reads
those files lazily and answers, for any observation, the probability of every legal action
(:func:`truf_tui.strategy.shipped.policy`: which file, and how it places a spot);
``choose`` samples it, so the player bluffs and slow-plays at the solved frequencies.

The solver's own modules are never imported here, only the strategy layer
(:mod:`truf_tui.strategy`), which uses numpy and the engine's rule functions.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable

from truf_tui.ai.base import ActionStats, BaseBot
from truf_tui.engine import truc
from truf_tui.strategy.shipped import policy
from truf_tui.strategy.trufbp import BlueprintError, SolvedTable
from truf_tui.strategy.values import Unit, action_values, value_unit

log = logging.getLogger(__name__)


# Builds the player that plays on when the solved strategy cannot be read: called with the
# bot's seed and search budget (``make_bot`` gives the hard tier's search).
Fallback = Callable[[int, int | None], BaseBot[truc.Action, truc.Observation]]


class SolvedTrucBot(BaseBot[truc.Action, truc.Observation]):
    """``solved``: plays the solved strategy, sampling its mixed moves (bluffs included);
    the ``expert`` tier adds safe exploitation (:mod:`truf_tui.ai.expert`)."""

    game = "truc"
    tier = "solved"

    def __init__(self, seed: int | None = None, time_limit: float | None = None,
                 iterations: int | None = None, tab: SolvedTable | None = None,
                 fallback: Fallback | None = None) -> None:
        super().__init__(seed, time_limit, iterations)
        self.tab = tab
        self.fallback = fallback
        self._backup: BaseBot[truc.Action, truc.Observation] | None = None
        self.placed = 0  # decisions the file placed exactly
        self.translated = 0  # placed with moves removed or a neighbour hand
        self.outside = 0  # outside the file's tree

    def policy(self, observation: truc.Observation) -> dict[truc.Action, float]:
        """Every legal action with the probability that ``choose`` plays it
        (``BlueprintError`` if the solved strategy is not installed)."""
        self._check(observation)
        return policy(observation, self.tab)[0]

    def action_values(self, observation: truc.Observation) -> dict[truc.Action, float]:
        """Every legal action with its value for the observing seat if it takes it and both
        seats then play this solved strategy (ENGINE_API.md; :mod:`truf_tui.strategy.values`),
        in ``value_unit``'s unit (``BlueprintError`` if the strategy is not installed)."""
        self._check(observation)
        return action_values(observation, self.tab)

    def value_unit(self, observation: truc.Observation) -> Unit:
        """``"points"`` (of the round) or ``"match"`` (the chance of winning it, 0 to 1):
        the payoff of the file played at this score."""
        return value_unit(observation, self.tab)

    def distribution(self, observation: truc.Observation) -> tuple[dict[truc.Action, float], str]:
        """The solved distribution at ``observation``, and how the file placed the spot."""
        return policy(observation, self.tab)

    def counted(self, how: str) -> None:
        """One decision more placed as ``how`` ("placed", "translated" or "outside")."""
        setattr(self, how, getattr(self, how) + 1)

    def backup(self, e: BlueprintError) -> BaseBot[truc.Action, truc.Observation]:
        """A broken install (no solved strategy) plays on with the fallback player, if the
        bot was given one; else ``e`` is raised."""
        if self.fallback is None:
            raise e
        if self._backup is None:
            log.warning("the solved strategy cannot be used (%s); playing the hard tier", e)
            self._backup = self.fallback(self.seed, self.iterations)
        return self._backup

    def choose(self, observation: truc.Observation) -> truc.Action:
        self._check(observation)
        try:
            probs, how = self.distribution(observation)
        except BlueprintError as e:
            return self.backup(e).choose(observation)
        self.counted(how)
        return sample(probs, self.rng)

    def analyse(self, observation: truc.Observation) -> list[ActionStats[truc.Action]]:
        """The legal actions, likeliest first; ``value`` is the probability of playing it
        (the solved player does not estimate win chances move by move)."""
        self._check(observation)
        try:
            probs, _ = self.distribution(observation)
        except BlueprintError as e:
            return self.backup(e).analyse(observation)
        return ranked_by_probability(probs)


def sample(probs: dict[truc.Action, float], rng: random.Random) -> truc.Action:
    """One action drawn from ``probs`` (one number of ``rng``)."""
    x = rng.random()
    acc = 0.0
    last = None
    for a, p in probs.items():
        if p <= 0.0:
            continue
        acc += p
        last = a
        if x < acc:
            return a
    if last is None:  # a policy gives every legal action, summing to 1 (ENGINE_API.md)
        raise ValueError("no action has a positive probability")
    return last


def ranked_by_probability(probs: dict[truc.Action, float]) -> list[ActionStats[truc.Action]]:
    """``analyse``'s answer for a player that samples ``probs``: the likeliest first."""
    out = [ActionStats(a, 0, p) for a, p in probs.items()]
    out.sort(key=lambda s: -s.value)
    return out
