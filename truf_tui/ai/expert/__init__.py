"""The Truc ``expert``: the solved strategy, leaving it only by what the opponent gives away.

The solved player (:mod:`truf_tui.ai.solved`) cannot be beaten, but it does not punish
mistakes either: against a player who never refuses a raise it still bluffs at the
equilibrium rate.  So at each decision the expert

1. looks up the **solved policy** (the distribution over the legal actions);
2. **reads the opponent** (:mod:`.reading`): what it has given away so far, measured
   against what the solved player would have done with the hands it may hold;
3. **responds or tilts**: once the reading finds a threshold player, it plays the best
   response to it (:mod:`.response`); else it leans the solved distribution the way the
   significant evidence points (:mod:`.tilt`), which is no lean at all until there is any;
4. **samples** the result.

Until the reading is significant the expert plays the solved strategy exactly, so against
an unknown opponent the exploitability figures of ``python -m truf_tui.solve check
--shipped`` hold for what it plays.  The reading outlives a match: ``make_bot(...,
opponent=name)`` gives the expert what was read of that name earlier in this process
(:func:`.reading.remembered`).
"""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Callable

from truf_tui.ai.base import ActionStats, BaseBot
from truf_tui.ai.expert import response
from truf_tui.ai.expert.reading import OpponentReading
from truf_tui.ai.expert.response import SUPPORT, Move, Respond, threshold_move
from truf_tui.ai.expert.tilt import tilt
from truf_tui.ai.solved import Fallback, SolvedTrucBot, ranked_by_probability, sample
from truf_tui.ai.truc_knowledge import equity, results_of
from truf_tui.engine import truc
from truf_tui.strategy.greedy import greedy_card
from truf_tui.strategy.shipped import legal_move
from truf_tui.strategy.trufbp import BlueprintError, SolvedTable
from truf_tui.strategy.values import Unit

__all__ = ["ExpertTrucBot"]


class ExpertTrucBot(BaseBot[truc.Action, truc.Observation]):
    """``expert``: the solved strategy, tilted only by what the opponent has given away.

    ``reading``: what was read of this opponent before (a fresh reading without it);
    ``fallback``: who plays if the solved strategy is not installed (``SolvedTrucBot``);
    ``respond``: what plays the response once the reading finds a threshold player
    (None: never)."""

    game = "truc"
    tier = "expert"

    def __init__(self, seed: int | None = None, time_limit: float | None = None,
                 iterations: int | None = None, tab: SolvedTable | None = None, *,
                 reading: OpponentReading | None = None, fallback: Fallback | None = None,
                 respond: Respond | None = threshold_move) -> None:
        super().__init__(seed, time_limit, iterations)
        self.solved = SolvedTrucBot(self.seed, time_limit, iterations, tab, fallback)
        self.reading = reading  # made at the first decision if not given
        self.respond = respond
        self.tilted = 0  # decisions where the reading moved the distribution
        self.responded = 0  # decisions played by the best response to a threshold player

    @property
    def tab(self) -> SolvedTable | None:
        """The file it plays (None: the shipped one nearest the score)."""
        return self.solved.tab

    def choose(self, observation: truc.Observation) -> truc.Action:
        """The four steps of the module's docstring."""
        self._check(observation)
        try:  # 1. the solved policy
            solved, how = self.solved.distribution(observation)
        except BlueprintError as e:
            return self.solved.backup(e).choose(observation)
        until = time.perf_counter() + response.RESPONSE_SECONDS  # the response's clock
        reading = self._reading()  # 2. read the opponent
        reading.update(observation)
        probs = self._respond_or_tilt(observation, solved, reading, until, played=True)  # 3.
        self.solved.counted(how)
        return sample(probs, self.rng)  # 4. draw

    def analyse(self, observation: truc.Observation) -> list[ActionStats[truc.Action]]:
        """The legal actions, likeliest first, as ``choose`` would draw them (``value``: the
        probability); it reads the opponent as ``choose`` does."""
        self._check(observation)
        try:
            solved, _ = self.solved.distribution(observation)
        except BlueprintError as e:
            return self.solved.backup(e).analyse(observation)
        until = time.perf_counter() + response.RESPONSE_SECONDS
        reading = self._reading()
        reading.update(observation)
        return ranked_by_probability(
            self._respond_or_tilt(observation, solved, reading, until, played=True))

    def policy(self, observation: truc.Observation) -> dict[truc.Action, float]:
        """What ``choose`` plays at ``observation``: the solved distribution, tilted by what
        the bot has read of its opponent (equal to the solved one until that is
        significant).  It reads nothing into the bot: only ``choose`` does, so outside
        tools may ask it about any observation, and a fresh bot's policy is the solved one
        (ENGINE_API: the observation alone, deterministic, about a millisecond).  Once
        ``choose`` has read enough it may be the response's single move (up to
        RESPONSE_SECONDS)."""
        solved = self.solved.policy(observation)
        until = time.perf_counter() + response.RESPONSE_SECONDS
        # a copy of what was read, or a fresh reading for a fresh bot (nothing to copy)
        reading = OpponentReading() if self.reading is None else copy.deepcopy(self.reading)
        reading.update(observation)
        return self._respond_or_tilt(observation, solved, reading, until, played=False)

    def action_values(self, observation: truc.Observation) -> dict[truc.Action, float]:
        """Every legal action's value for the observing seat with both seats playing the
        *solved* strategy afterwards (ENGINE_API.md): the solution's yardstick, not the
        tilt's, so a trainer grades against the equilibrium."""
        return self.solved.action_values(observation)

    def value_unit(self, observation: truc.Observation) -> Unit:
        """``"points"`` or ``"match"``: the payoff of the file played at this score."""
        return self.solved.value_unit(observation)

    def _reading(self) -> OpponentReading:
        if self.reading is None:
            self.reading = OpponentReading()
        return self.reading

    def _respond_or_tilt(self, o: truc.Observation, solved: dict[truc.Action, float],
                         reading: OpponentReading, until: float, played: bool
                         ) -> dict[truc.Action, float]:
        """The response's move if the reading has found a threshold player and the search
        finishes by ``until``; else the solved distribution tilted by the reading.
        ``played``: counted in ``responded`` and ``tilted`` (not where it is only asked)."""
        legal = list(solved)

        def answers(m: Move) -> bool:  # SUPPORT: an answer the solved player gives
            act = legal_move(m, legal)
            return act is not None and solved.get(act, 0.0) >= SUPPORT

        move = self.respond(reading, o, until, answers) if self.respond else None
        act = None if move is None else legal_move(move, legal)
        if act is not None:
            self.responded += played
            return {a: float(a == act) for a in solved}
        out = tilt(solved, o, reading, *_hand_of(o))
        if out != solved:
            self.tilted += played
        return out


def _hand_of(o: truc.Observation) -> tuple[Callable[[], float], Callable[[], truc.Action]]:
    """What the tilt asks of my hand, worked out only if asked, and once: its chance of
    winning the tricks, and the card to play where the solved player would play none."""
    cache: dict[str, truc.State] = {}
    chance: list[float] = []

    def state() -> truc.State:  # the hand's cards: any draw of the unseen ones will do
        if "s" not in cache:
            cache["s"] = truc.determinizer(o)(random.Random(0))
        return cache["s"]

    def strength() -> float:
        if not chance:
            chance.append(equity(state(), o["player"], random.Random(0), 64))
        return chance[0]

    def card() -> truc.Action:
        s = state()
        me = o["player"]
        return truc.play(greedy_card(s.hands[me], s.trick_card, results_of(s), me))

    return strength, card
