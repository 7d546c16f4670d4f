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
from typing import Any

from truf_tui.ai.base import ActionStats, BaseBot, Observation
from truf_tui.engine import truc
from truf_tui.strategy import shipped
from truf_tui.strategy.shipped import policy
from truf_tui.strategy.trufbp import BlueprintError, SolvedTable, describe

log = logging.getLogger(__name__)


class SolvedTrucBot(BaseBot):
    """``solved``: plays the solved strategy, sampling its mixed moves (bluffs included);
    the ``expert`` tier adds safe exploitation (:mod:`truf_tui.ai.exploit`)."""

    game = "truc"
    tier = "solved"

    def __init__(self, seed: int | None = None, time_limit: float | None = None,
                 iterations: int | None = None, tab: SolvedTable | None = None) -> None:
        super().__init__(seed, time_limit, iterations)
        self.tab = tab
        self._backup: BaseBot | None = None
        self.placed = 0  # decisions the file placed exactly
        self.translated = 0  # placed with moves removed or a neighbour hand
        self.outside = 0  # outside the file's tree

    def policy(self, observation: Observation) -> dict[truc.Action, float]:
        """Every legal action with the probability that ``choose`` plays it
        (``BlueprintError`` if the solved strategy is not installed)."""
        self._check(observation)
        return policy(observation, self.tab)[0]

    def _sample_from(self, observation: Observation) -> tuple[dict[truc.Action, float], str]:
        """The distribution ``choose`` samples, and how the file placed the spot."""
        return policy(observation, self.tab)

    def _fallback(self, e: BlueprintError) -> BaseBot:
        """A broken install (no solved strategy) plays on with the hard tier's search."""
        if self._backup is None:
            from truf_tui.ai.truc_ai import HardBot

            log.warning("the solved strategy cannot be used (%s); playing the hard tier", e)
            self._backup = HardBot(self.seed, None, self.iterations)
        return self._backup

    def choose(self, observation: Observation) -> Any:
        self._check(observation)
        try:
            probs, how = self._sample_from(observation)
        except BlueprintError as e:
            return self._fallback(e).choose(observation)
        setattr(self, how, getattr(self, how) + 1)
        x = self.rng.random()
        acc = 0.0
        last = None
        for a, p in probs.items():
            if p <= 0.0:
                continue
            acc += p
            last = a
            if x < acc:
                return a
        return last

    def analyse(self, observation: Observation) -> list[ActionStats]:
        """The legal actions, likeliest first; ``value`` is the probability of playing it
        (the solved player does not estimate win chances move by move)."""
        self._check(observation)
        try:
            probs, _ = self._sample_from(observation)
        except BlueprintError as e:
            return self._fallback(e).analyse(observation)
        out = [ActionStats(a, 0, p) for a, p in probs.items()]
        out.sort(key=lambda s: -s.value)
        return out



def bench(matches: int = 20, seed: int = 1) -> dict[str, Any]:
    """Seconds to read the shipped files, and per ``policy`` call over whole matches
    against a random player (each decision first cold, its chunk maybe not yet read, then
    warm); the process's peak memory (``python -m truf_tui.bench solved``)."""
    import random
    import resource
    import time

    t0 = time.perf_counter()
    tabs = shipped.tables(reread=True)
    load = time.perf_counter() - t0
    rng = random.Random(seed)
    cold: list[float] = []
    warm: list[float] = []
    for m in range(matches):
        st = truc.new_game(seed=seed + m)
        while st.to_move is not None:
            obs = st.observation(st.to_move)
            t1 = time.perf_counter()
            probs, _ = policy(obs)
            t2 = time.perf_counter()
            policy(obs)
            t3 = time.perf_counter()
            cold.append(t2 - t1)
            warm.append(t3 - t2)
            acts = [a for a, p in probs.items() if p > 0]
            best = max(acts, key=lambda a: probs[a])
            st = st.apply(rng.choice(acts) if rng.random() < 0.5 else best)
    cold.sort()
    warm.sort()
    out: dict[str, Any] = {f"file {t.target}-{t.scores[0]}-{t.scores[1]}": describe(t)
                           for t in tabs}
    return {**out, "files": len(tabs), "megabytes": sum(len(t.data) for t in tabs) / 1e6,
            "load_seconds": load, "decisions": len(cold),
            "policy_ms_mean_cold": 1000 * sum(cold) / len(cold),
            "policy_ms_p99_cold": 1000 * cold[int(0.99 * (len(cold) - 1))],
            "policy_ms_max_cold": 1000 * cold[-1],
            "policy_ms_mean_warm": 1000 * sum(warm) / len(warm),
            "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}
