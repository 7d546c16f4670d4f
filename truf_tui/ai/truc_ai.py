"""Le Truc players.

- ``easy``: hand-strength rules (a quick Monte Carlo estimate of winning the tricks), rarely
  bluffs, and makes mistakes (a random card now and then, a wrong answer to a raise).
- ``medium``: samples the opponent's possible hands, plays the card with the best estimated
  chance (so usually the cheapest winning card), raises / accepts / refuses by the estimated
  win probability against the stake odds, with some bluffing.
- ``hard`` (:class:`HardTrucBot`): ISMCTS (:mod:`truf_tui.ai.ismcts`) over the whole round
  (cards, raises, rest, redeal; folding is valued apart), its reward the probability of
  winning the match after the round (:mod:`truf_tui.strategy.matchtable`); statistics per hand
  class for both players (the plain search: :class:`SearchBot`); opponent hands weighted
  by the likelihood of his raises and answers under a range model fitted to his betting
  frequencies; mixed betting.

The ``expert`` plays the solved strategy (:mod:`truf_tui.ai.expert`); when its files are
missing, ``make_bot`` has it play on with ``hard``.
"""

from __future__ import annotations

import bisect
import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeAlias, final

from truf_tui.ai import ismcts
from truf_tui.ai.base import TIME_MARGIN, ActionStats, BaseBot, legal_of, ranked
from truf_tui.ai.truc_knowledge import (
    equity,
    playout,
    refusing_loses_match,
    results_of,
    unseen_cards,
)
from truf_tui.ai.truc_opponent import (
    DEFAULT_ACCEPT_RATE,
    DEFAULT_RAISE_RATE,
    Decision,
    RangeModel,
    hand_strength,
    relative,
    replay,
)
from truf_tui.cards import TRUC_STRENGTH, Card
from truf_tui.engine import truc
from truf_tui.strategy.greedy import STR, greedy_card
from truf_tui.strategy.matchtable import match_win


class _HeuristicTrucBot(BaseBot[truc.Action, truc.Observation]):
    game = "truc"

    def decide(self, state: truc.State, legal: list[truc.Action]
               ) -> tuple[truc.Action, list[tuple[truc.Action, float]]]:
        raise NotImplementedError

    def analyse(self, observation: truc.Observation) -> list[ActionStats[truc.Action]]:
        self._check(observation)
        state, legal = legal_of(observation)
        _, scores = self.decide(state, legal)
        return ranked(scores)

    def choose(self, observation: truc.Observation) -> truc.Action:
        self._check(observation)
        state, legal = legal_of(observation)
        action, _ = self.decide(state, legal)
        return action


class EasyBot(_HeuristicTrucBot):
    """Hand-strength rules with mistakes; rarely bluffs."""

    tier = "easy"
    samples = 24
    mistake = 0.15

    def decide(self, state: truc.State, legal: list[truc.Action]
               ) -> tuple[truc.Action, list[tuple[truc.Action, float]]]:
        me = state.to_move
        assert me is not None
        rng = self.rng
        eq = equity(state, me, rng, self.samples)
        if state.pending is not None:
            if state.pending == "redeal":
                yes = eq < 0.4
            else:
                yes = eq > (0.5 if state.pending == "raise" else 0.65)
                if refusing_loses_match(state, me):
                    yes = True
                elif rng.random() < self.mistake:
                    yes = not yes
            scores = [(truc.ACCEPT, eq if yes else eq * 0.5),
                      (truc.REFUSE, 1 - eq if not yes else (1 - eq) * 0.5),
                      (truc.FOLD, 0.0)]
            return (truc.ACCEPT if yes else truc.REFUSE), scores
        hand = state.hands[me]
        card = greedy_card(hand, state.trick_card, results_of(state), me)
        if rng.random() < self.mistake:
            card = rng.choice(hand)
        scores = [(a, eq if a.card == card else eq * 0.8) for a in legal if a.kind == "play"]
        choice = truc.play(card)
        if truc.REDEAL in legal and eq < 0.25 and rng.random() < 0.5:
            choice = truc.REDEAL
        elif truc.RAISE in legal:
            if (eq > 0.75 and rng.random() < 0.6) or rng.random() < 0.03:
                choice = truc.RAISE
            if eq > 0.95 and rng.random() < 0.3:
                choice = truc.REST
        if choice.kind != "play":
            scores.append((choice, eq + 0.01))
        scores.extend((a, eq * 0.5) for a in legal if a not in {s[0] for s in scores})
        return choice, scores


class MediumBot(_HeuristicTrucBot):
    """Monte Carlo over the opponent's possible hands; bets by win probability vs the odds."""

    tier = "medium"
    samples = 96
    bluff = 0.12

    def decide(self, state: truc.State, legal: list[truc.Action]
               ) -> tuple[truc.Action, list[tuple[truc.Action, float]]]:
        me = state.to_move
        assert me is not None
        rng = self.rng
        unseen = unseen_cards(state, me)
        k = len(state.hands[1 - me])
        opp_hands = [rng.sample(unseen, k) for _ in range(self.samples)]
        if state.pending is not None:
            eq = equity(state, me, rng, opp_hands=opp_hands)
            if state.pending == "redeal":
                yes = eq < 0.45
            else:
                s, s2 = state.stake, truc.next_stake(state.stake)
                if state.pending == "rest":
                    need = 0.6
                else:
                    # the odds of the call, plus a margin: a raise shows some strength
                    need = (s2 - s) / (2 * s2) + 0.15
                yes = eq > need or refusing_loses_match(state, me)
            answers = [(truc.ACCEPT, eq if yes else eq * 0.5),
                       (truc.REFUSE, (1 - eq) if not yes else (1 - eq) * 0.5),
                       (truc.FOLD, 0.0)]
            return (truc.ACCEPT if yes else truc.REFUSE), answers
        cards = [a for a in legal if a.kind == "play"]
        evals = [(a, equity(state, me, rng, first=a.card, opp_hands=opp_hands)) for a in cards]
        best_card, eq = max(evals, key=lambda t: t[1])
        scores: list[tuple[truc.Action, float]] = list(evals)
        choice = best_card
        if truc.REDEAL in legal:
            scores.append((truc.REDEAL, 0.5))
            if eq < 0.3:
                choice = truc.REDEAL
        if truc.RAISE in legal:
            r = rng.random()
            if eq > 0.92 and state.stake >= 2:
                choice = truc.REST
            elif eq > 0.7 or (eq < 0.3 and r < self.bluff):
                choice = truc.RAISE
            scores.append((truc.RAISE, eq + (0.01 if choice == truc.RAISE else -0.01)))
            scores.append((truc.REST, eq + (0.01 if choice == truc.REST else -0.02)))
        scores.append((truc.FOLD, 0.0))
        return choice, scores


# -- the search tiers ------------------------------------------------------------------------

# Hand abstraction for the search's statistics: each card is low (9 10 J), middle (Q K A) or
# high (8 7); a hand's key counts its cards of each level (1, 4 and 16 per card).
LEVEL_W: list[int] = [0] * 64
for _c, _v in TRUC_STRENGTH.items():
    LEVEL_W[_c] = 1 if _v <= 2 else 4 if _v <= 5 else 16


def hand_key(s: Node, p: int) -> int:
    if TYPE_CHECKING:  # the search asks only at a player's turn: never of a RoundOver
        assert isinstance(s, truc.State)
    k = 0
    for c in s.hands[p]:
        k += LEVEL_W[c]
    return k


@final
class RoundOver:
    """Where the search stops: the round is over; the match score and the next dealer."""

    __slots__ = ("points", "dealer")

    def __init__(self, points: tuple[int, int], dealer: int) -> None:
        self.points = points
        self.dealer = dealer


Node: TypeAlias = "truc.State | RoundOver"
"""What the Truc search walks through (its ``ismcts.Model`` states): the round's states, and
where it stops.  It steps, asks for actions and consults ``restrict`` / ``hand_key`` only
where a player is to move, so never at a RoundOver (the ``TYPE_CHECKING`` asserts tell mypy
so, at no cost at run time)."""


def end_round(s: truc.State, winner: int | None, stake: int, game: bool) -> RoundOver:
    """Where the round of ``s`` ends: the scores after it (the engine's T10/T8 scoring) and
    the next dealer; the next deal itself is not needed by the search."""
    s0, s1 = s.points
    if winner is not None:
        won = truc.round_points(winner, stake, game, s.points, s.rules.target)
        if winner == 0:
            s0 += won
        else:
            s1 += won
    return RoundOver((s0, s1), 1 - s.dealer)


def accepts_in_rollout(hand: Sequence[Card], kind: str) -> bool:
    """The rollout's answer to a raise or rest: a crude hand-strength rule."""
    top = 0
    total = 0
    for c in hand:
        v = STR[c]
        total += v
        if v > top:
            top = v
    if kind == "rest":
        return top >= 6 and total >= 11
    return top >= 5 or total >= 10


class TrucModel:
    """One round of Le Truc as the search sees it (see :mod:`truf_tui.ai.ismcts`).

    The horizon is the end of the round in play; a finished round is worth the match-win
    probability of the new score (:mod:`truf_tui.strategy.matchtable`).  Folding is left out of
    the tree: it never scores more than playing on (``analyse`` values it directly).
    Round-ending actions and the rollouts run on a fast path (plain lists) that the tests
    check against the engine.
    """

    def __init__(self, observer: int, sampler: Callable[[random.Random], truc.State],
                 round_no: int, rules: truc.Rules, noise: float = 0.1) -> None:
        self.observer = observer
        self.sample = sampler
        self.round_no = round_no
        self.rules = rules
        self.target = rules.target
        self.noise = noise

    def to_move(self, s: Node) -> int | None:
        if type(s) is RoundOver:
            return None
        return s.to_move

    @staticmethod
    def actions(s: Node) -> list[truc.Action]:
        if TYPE_CHECKING:
            assert isinstance(s, truc.State)
        acts = s.legal_actions()
        acts.pop()  # FOLD is always last
        return acts

    def step(self, s: Node, a: truc.Action) -> Node:
        if TYPE_CHECKING:
            assert isinstance(s, truc.State)
        # A round-ending action stops here with the engine's rules (T4-T6, T7-T9), without
        # the engine's next deal; any other goes through the engine's fast path.
        kind = a.kind
        p = s.to_move
        assert p is not None
        if kind == "play":
            lead = s.trick_card
            if lead is not None:
                card = a.card
                assert card is not None
                w = truc.trick_winner(s.leader, STR[lead], STR[card])
                done, rw = truc.round_result([t.winner for t in s.tricks] + [w])
                if done:
                    return end_round(s, rw, s.stake, s.rest)
        elif kind == "fold" or (kind == "refuse" and s.pending != "redeal"):
            points, game = truc.concession(s.stake, s.rest, s.pending, self.rules.rest_refusal)
            return end_round(s, 1 - p, points, game)
        return s.apply_unchecked(a)

    def value(self, r: RoundOver) -> float:
        return match_win(r.points, self.observer, r.dealer, self.target)

    def evaluate(self, s: Node, rng: random.Random) -> float:
        if type(s) is RoundOver:
            return self.value(s)
        return self.value(self.rollout(s, rng))

    def rollout(self, s: truc.State, rng: random.Random,
                trace: list[truc.Action] | None = None) -> RoundOver:
        """Finish the round: answer a pending proposal by a hand-strength rule, then play the
        cards out greedily (a random card with probability ``noise``); no further raises."""
        p = s.to_move
        assert p is not None
        hands = [list(s.hands[0]), list(s.hands[1])]
        stake, rest = s.stake, s.rest
        pend = s.pending
        if pend is not None:
            if pend == "redeal":  # the rollout's dealer refuses a redeal
                if trace is not None:
                    trace.append(truc.REFUSE)
            elif accepts_in_rollout(hands[p], pend):
                if trace is not None:
                    trace.append(truc.ACCEPT)
                if pend == "raise":
                    stake = truc.next_stake(stake)  # T7
                else:
                    rest = True  # T8
            else:
                if trace is not None:
                    trace.append(truc.REFUSE)
                points, game = truc.concession(stake, rest, pend, self.rules.rest_refusal)
                return end_round(s, 1 - p, points, game)
        results = [t.winner for t in s.tricks]
        played: list[Card] | None = None if trace is None else []
        winner = playout(hands, s.leader, s.trick_card, results, rng, self.noise, played)
        if trace is not None and played is not None:
            trace.extend(truc.play(c) for c in played)
        return end_round(s, winner, stake, rest)


def root_fold_value(model: TrucModel, s: truc.State) -> float:
    end = model.step(s, truc.FOLD)
    assert type(end) is RoundOver  # a fold always ends the round (T9)
    return model.value(end)


Restrict: TypeAlias = Callable[[Node, int, Sequence[truc.Action], random.Random],
                               Sequence[truc.Action]]


class SearchBot(BaseBot[truc.Action, truc.Observation]):
    """``hard``: ISMCTS over the round, valued by the match-win probability.

    - Determinizations deal the unseen cards uniformly (no reading of the opponent).
    - The statistics of both players in the tree are kept per hand class
      (:func:`hand_key`).
    - The opponent's betting in the tree follows a fixed range model (raising with about
      his best 30% of hands, accepting with his best 60%, by :func:`strength_of` of the hand
      he holds in the determinization), and his cards are mostly the greedy ones.  Without
      such a model a single-observer tree lets the opponent answer knowing the searcher's
      real hand, which makes every raise look bad.
    """

    game = "truc"
    tier = "hard"
    c = 0.5

    # what the tiers differ by (the opponent's betting in the tree always follows a range
    # model: without one a single-observer tree lets him answer knowing my hand)
    adaptive = 0  # that model is fitted to the opponent's frequencies in this match
    belief = 0  # determinizations weighted by the likelihood of his betting this round
    greedy_opponent = 0.85  # how often his card in the tree is the greedy one

    def _setup(self, observation: truc.Observation, state: truc.State) -> tuple[
            Callable[[random.Random], truc.State], Restrict | None]:
        """The determinization sampler and the opponent model (``restrict``) of the search."""
        me = observation["player"]
        opp = 1 - me
        sampler = truc.determinizer(observation)
        if self.adaptive or self.belief:
            rep = replay(observation)
            om = RangeModel.from_replay(rep, opp) if self.adaptive else RangeModel(
                DEFAULT_RAISE_RATE, DEFAULT_ACCEPT_RATE)
            if self.belief:
                until = None if self.iterations else self._t0 + 0.3 * self.time_limit
                sampler = belief_sampler(observation, state, self.rng, om,
                                         rep.round_decisions[opp], until=until)
        else:
            om = RangeModel(DEFAULT_RAISE_RATE, DEFAULT_ACCEPT_RATE)
        greedy = self.greedy_opponent

        def restrict(s: Node, p: int, acts: Sequence[truc.Action],
                     rng: random.Random) -> Sequence[truc.Action]:
            if TYPE_CHECKING:
                assert isinstance(s, truc.State)
            pend = s.pending
            if pend == "raise" or pend == "rest":
                yes = rng.random() < om.p_accept(strength_of(s, p), pend)
                return _ACCEPT_ONLY if yes else _REFUSE_ONLY
            if pend is None and truc.RAISE in acts:
                if rng.random() < om.p_raise(strength_of(s, p)):
                    return _RAISE_ONLY
                acts = [a for a in acts if a.kind == "play" or a.kind == "redeal"]
            if pend is None and rng.random() < greedy:
                # his cards: mostly the greedy card, so that the tree need not learn them
                return [truc.play(greedy_card(s.hands[p], s.trick_card,
                                              [t.winner for t in s.tricks], p))]
            return acts

        return sampler, restrict

    def search(self, observation: truc.Observation) -> tuple[truc.State, TrucModel,
                                                         list[ActionStats[truc.Action]]]:
        t0 = self._t0 = time.perf_counter()
        self._check(observation)
        state, legal = legal_of(observation)
        me = observation["player"]
        sampler, restrict = self._setup(observation, state)
        model = TrucModel(me, sampler, state.round_no, state.rules)
        if self.iterations is not None:
            iters, seconds = self.iterations, None
        else:
            iters = None
            seconds = max(0.001, self.time_limit - TIME_MARGIN - (time.perf_counter() - t0))
        if len(legal) <= 2:  # one action besides folding: no decision, value it briefly
            iters, seconds = min(self.iterations or 64, 64), None
        res = ismcts.search(model, me, self.rng, iterations=iters, seconds=seconds, c=self.c,
                            info_key=hand_key, root_key=hand_key(state, me),
                            restrict=restrict, settle=self.settle)
        out = [ActionStats(r.action, r.visits, r.value) for r in res.stats]
        seen = {r.action for r in res.stats}
        neutral = match_win(state.points, me, 1 - state.dealer, state.rules.target)
        out += [ActionStats(a, 0, neutral) for a in legal[:-1] if a not in seen]
        out.append(ActionStats(truc.FOLD, 0, root_fold_value(model, state)))
        self.last_iterations = res.iterations
        return state, model, out

    def analyse(self, observation: truc.Observation) -> list[ActionStats[truc.Action]]:
        return self.search(observation)[2]


def played_cards(s: truc.State) -> list[Card]:
    out = [c for t in s.tricks for c in (t.lead, t.answer)]
    if s.trick_card is not None:
        out.append(s.trick_card)
    return out


def strength_of(s: truc.State, p: int) -> float:
    """``p``'s hand strength as ``p`` can judge it (:func:`truc_opponent.hand_strength`)."""
    return hand_strength(s.hands[p], played_cards(s), s.trick_card,
                         relative([t.winner for t in s.tricks], p), s.leader == p)


def belief_sampler(observation: truc.Observation, state: truc.State, rng: random.Random,
                   model: RangeModel, decisions: Sequence[Decision],
                   candidates: int = 256, until: float | None = None,
                   ) -> Callable[[random.Random], truc.State]:
    """Determinizations whose opponent hands are weighted by the likelihood of his betting
    decisions this round under ``model`` (importance resampling of ``candidates`` hands;
    fewer if the clock passes ``until``, a ``time.perf_counter`` value)."""
    base = truc.determinizer(observation)
    if not decisions:
        return base
    me = observation["player"]
    opp = 1 - me
    unseen = unseen_cards(state, me)
    k = len(state.hands[opp])
    n_disc = len(state.discards[opp])
    cands: list[list[Card]] = []
    cum: list[float] = []
    cache: dict[tuple[int, ...], float] = {}
    total = 0.0
    for i in range(candidates):
        if until is not None and i >= 16 and i % 8 == 0 and time.perf_counter() > until:
            break
        h = rng.sample(unseen, k)
        key = tuple(sorted(STR[c] for c in h))
        w = cache.get(key)
        if w is None:
            w = cache[key] = model.likelihood(h, decisions, opp)
        total += w
        cands.append(h)
        cum.append(total)
    if total <= 0.0:
        return base
    hands0 = state.hands
    disc0 = state.discards

    def sample(r: random.Random) -> truc.State:
        i = bisect.bisect_right(cum, r.random() * total)
        h = cands[min(i, len(cands) - 1)]
        taken = set(h)
        rest = [c for c in unseen if c not in taken]
        r.shuffle(rest)
        if me == 0:
            hands = (hands0[0], tuple(h))
            discards = (disc0[0], tuple(rest[:n_disc]))
        else:
            hands = (tuple(h), hands0[1])
            discards = (tuple(rest[:n_disc]), disc0[1])
        return state._replace(hands=hands, discards=discards, stock=tuple(rest[n_disc:]),
                              next_seed=r.getrandbits(64))

    return sample


class HardTrucBot(SearchBot):
    """``hard``: the search plus inference and mixed betting.

    - The opponent's betting frequencies over the match so far fit the range model
      (:class:`truc_opponent.RangeModel`): a player who always raises is modelled as
      raising with anything, one who seldom raises as raising with strong hands only.
    - Determinizations weight the opponent's possible hands by the likelihood of his raises
      and answers this round under that model (a Bayesian belief).
    - In the tree, the opponent answers raises and decides to raise as the model says for
      the hand he holds in the determinization (his cards are still chosen by the search).
    - Its own betting is mixed: when the search finds raising and not raising close, it
      bluffs with weak hands and slow-plays strong ones at random, so a raise does not give
      its hand away.
    """

    tier = "hard"
    c = 0.5
    adaptive = 1
    belief = 1
    bluff_rate = 0.3
    slowplay_rate = 0.2
    close = 0.03

    def choose(self, observation: truc.Observation) -> truc.Action:
        self.settle = True
        try:
            state, _, stats = self.search(observation)
        finally:
            self.settle = False
        best = stats[0].action
        values = {x.action: x.value for x in stats}
        if truc.RAISE not in values or state.pending is not None:
            return best
        me = observation["player"]
        plays = [x for x in stats if x.action.kind == "play"]
        if not plays:
            return best
        play_best = max(plays, key=lambda x: (x.visits, x.value))
        raise_v = max(values[truc.RAISE], values.get(truc.REST, 0.0))
        e = strength_of(state, me)
        if best.kind in ("raise", "rest"):
            if play_best.value >= raise_v - self.close and self.rng.random() < self.slowplay_rate:
                return play_best.action
        elif best.kind == "play":
            if e < 0.35 and raise_v >= play_best.value - self.close and (
                    self.rng.random() < self.bluff_rate):
                return truc.RAISE
        return best


_ACCEPT_ONLY = [truc.ACCEPT]
_REFUSE_ONLY = [truc.REFUSE]
_RAISE_ONLY = [truc.RAISE]


TIER_CLASSES: dict[str, type[BaseBot[truc.Action, truc.Observation]]] = {
    "easy": EasyBot, "medium": MediumBot, "hard": HardTrucBot,
}
