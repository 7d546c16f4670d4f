"""Scripted reference players for tests and the arena.

- ``random`` (both games): a uniformly random legal action.
- Truc exploiters, all playing their cards with the greedy policy
  (:func:`truf_tui.ai.truc_knowledge.greedy_card`):
  ``always_raise`` raises whenever it may and accepts everything;
  ``calling_station`` never raises and accepts everything;
  ``rock`` never raises and refuses every raise, rest and redeal;
  ``honest`` raises only with a strong hand (never bluffs) and accepts with a decent one.
- ``tight`` (Truc, :mod:`truf_tui.ai.tight`): an independent tight Monte Carlo player,
  written apart from the tiers as a baseline they were not tuned against.
"""

from __future__ import annotations

from collections.abc import Sequence

from truf_tui.ai.base import ActionStats, BaseBot, Observation, legal_of, ranked
from truf_tui.ai.tight import TightBot
from truf_tui.ai.truc_knowledge import equity, results_of
from truf_tui.engine import truc, trufludo
from truf_tui.strategy.greedy import greedy_card

SCRIPTED_TRUC = ("always_raise", "calling_station", "rock", "honest", "tight")
SCRIPTED = ("random",) + SCRIPTED_TRUC


class RandomBot(BaseBot[truc.Action | trufludo.Play, Observation]):  # either game
    tier = "random"

    def __init__(self, game: str, seed: int | None = None, time_limit: float | None = None,
                 iterations: int | None = None) -> None:
        self.game = game
        super().__init__(seed, time_limit, iterations)

    def analyse(self, observation: Observation
                ) -> list[ActionStats[truc.Action | trufludo.Play]]:
        self._check(observation)
        _, legal = legal_of(observation)
        return ranked([(a, 0.5) for a in legal])

    def choose(self, observation: Observation) -> truc.Action | trufludo.Play:
        self._check(observation)
        legal: Sequence[truc.Action | trufludo.Play] = legal_of(observation)[1]
        return self.rng.choice(legal)


class _ScriptedTruc(BaseBot[truc.Action, truc.Observation]):
    game = "truc"
    raises = False  # raise whenever allowed
    accepts = True  # accept every raise, rest and redeal
    strong = 2.0  # honest: raise when the estimated round equity is above this
    decent = 0.0  # honest: accept when above this

    def decide(self, state: truc.State, legal: list[truc.Action]) -> truc.Action:
        me = state.to_move
        assert me is not None
        if state.pending is not None:
            if self.decent > 0.0 and state.pending != "redeal":
                ok = equity(state, me, self.rng, 48) > self.decent
                return truc.ACCEPT if ok else truc.REFUSE
            return truc.ACCEPT if self.accepts else truc.REFUSE
        if truc.RAISE in legal:
            if self.raises:
                return truc.RAISE
            if self.strong < 1.0 and equity(state, me, self.rng, 48) > self.strong:
                return truc.RAISE
        return truc.play(greedy_card(state.hands[me], state.trick_card, results_of(state), me))

    def choose(self, observation: truc.Observation) -> truc.Action:
        self._check(observation)
        state, legal = legal_of(observation)
        return self.decide(state, legal)

    def analyse(self, observation: truc.Observation) -> list[ActionStats[truc.Action]]:
        self._check(observation)
        state, legal = legal_of(observation)
        a = self.decide(state, legal)
        return ranked([(x, 1.0 if x == a else 0.0) for x in legal])


class AlwaysRaise(_ScriptedTruc):
    tier = "always_raise"
    raises = True


class CallingStation(_ScriptedTruc):
    tier = "calling_station"


class Rock(_ScriptedTruc):
    tier = "rock"
    accepts = False


class Honest(_ScriptedTruc):
    tier = "honest"
    strong = 0.72
    decent = 0.5


class ThresholdTruc(_ScriptedTruc):
    """Any threshold player of ``strategy.threshold`` (``raise_at``, ``accept_at``; below 0
    always, above 1 never): ``honest`` is (0.72, 0.5), ``calling_station`` (never, always).
    The expert's match tables against each player of its grid are measured with these
    (``ai.habits``)."""

    tier = "threshold"

    def __init__(self, raise_at: float, accept_at: float, seed: int | None = None) -> None:
        super().__init__(seed)
        self.raises = raise_at < 0.0
        self.strong = raise_at if 0.0 <= raise_at < 1.0 else 2.0
        self.accepts = accept_at < 1.0
        self.decent = accept_at if 0.0 <= accept_at < 1.0 else 0.0


TRUC_CLASSES: dict[str, type[BaseBot[truc.Action, truc.Observation]]] = {
    "always_raise": AlwaysRaise,
    "calling_station": CallingStation,
    "rock": Rock,
    "honest": Honest,
    "tight": TightBot,
}
