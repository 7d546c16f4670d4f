"""``tight``: an independent tight Monte Carlo Le Truc player, a baseline for the tiers.

Written apart from the tiers (it shares none of ``truc_ai`` / ``truc_knowledge`` /
``truc_opponent``) so that the project has an opponent it did not tune against:

- **Equity.** The opponent's hand is drawn uniformly from the cards this seat has not seen
  (``samples`` draws, seeded).  Suits never matter (T1), so a hand is a sorted tuple of
  strengths, and the rest of the round is played out by a fixed card policy on both sides
  (lead the highest card; answer with the cheapest card that wins, else spoil when losing
  the trick would lose the round, else throw the lowest), memoised over (hands, trick
  results, leader, card led).  So a decision costs a few hundred dictionary look-ups.
- **Values** are match-win probabilities from a small race table (rounds worth 1 or 2
  points, even chances), so that a point near the target is worth more than one at 0-0 and
  an accepted rest (T8) is valued as the match it is.
- **Cards**: the card with the best value, the lowest of equal ones.
- **Betting** is tight: it raises (T7) only when its round win chance is at least
  ``RAISE_MIN`` and raising is worth more than not under a crude answer model (the
  opponent accepts a raise ``ACCEPT_RAISE`` of the time, and then holds more than a random
  hand: ``ACCEPT_SHIFT`` of its win chance moves to a loss); rests (T8) need ``REST_MIN``
  (``REST_MIN_DESPERATE`` when the match is nearly lost).  It bluffs rarely (``BLUFF_RATE``,
  seeded).
- **Answers** weigh refusing (the raiser scores the stake as it was) against accepting (the
  round at the new stake, or for the match): pot odds at the score, the draws of his hand
  weighted by how likely a hand of high cards is to raise (``READ_*``; a floor for bluffs).
- **Redeal** (T3): proposed with a hand clearly below a fresh one, accepted (as dealer)
  with a hand below a fresh one.  It never folds: a fold is at best equal to refusing.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from truf_tui.ai.base import ActionStats, BaseBot, legal_of
from truf_tui.cards import TRUC_32, TRUC_STRENGTH
from truf_tui.engine import truc

SAMPLES = 256  # opponent hands drawn per decision (``iterations`` overrides)
RAISE_MIN = 0.66  # round win chance needed to raise
REST_MIN = 0.82  # ... to declare a rest, unless the match is nearly lost:
DESPERATE = 0.25  # below this match-win chance a rest needs only REST_MIN_DESPERATE
REST_MIN_DESPERATE = 0.5  # (0.0: 0.598 against medium, 0.5: 0.645; 800 matches)
ACCEPT_RAISE = 0.6  # answer model: how often a raise is accepted
ACCEPT_REST = 0.35  # ... a rest (under rest_refusal "stake")
ACCEPT_SHIFT = 0.12  # ... and how much of the raiser's win chance an accepter takes away
REST_SHIFT = 0.2
READ_FLOOR = 0.15  # a raiser's hand: P(raise | hand) = floor + (1 - floor) * sigmoid
READ_CENTRE = 0.62  # ... of (hand score - centre) / width, the score a card-only measure
READ_WIDTH = 0.08
BLUFF_RATE = 0.04  # a raise with a hand below BLUFF_MAX, this often
BLUFF_MAX = 0.35
REDEAL_MARGIN = 0.3  # propose a redeal when (win - loss) is this far below a fresh hand's
REDEAL_ACCEPT_MARGIN = 0.1  # as dealer, accept when this far below a fresh hand's

ME, HIM, NOBODY = 0, 1, 2  # round winners in the simulation (seat-relative)
Hand = tuple[int, ...]  # sorted strengths (T1: 0 = 9 ... 7 = the 7)
Results = tuple[int | None, ...]  # trick winners so far, ME / HIM / None (spoiled)
Probs = tuple[float, float, float]  # P(I win the round), P(he wins), P(nobody: T6)


def _follow(hand: Hand, lead: int, results: Results, leader: int) -> int:
    """The answering card: cheapest win, else a spoil if losing would lose the round (or a
    spoil wins it), else the cheapest card (T4-T6)."""
    for c in hand:
        if c > lead:
            return c
    if lead in hand:
        follower = 1 - leader
        lost, w = truc.round_result(results + (leader,))
        won, w2 = truc.round_result(results + (None,))
        if (lost and w == leader) or (won and w2 == follower):
            return lead
    return hand[0]


@lru_cache(maxsize=1 << 18)
def _outcome(mine: Hand, his: Hand, results: Results, leader: int, lead: int) -> int:
    """Who wins the round from here, both sides playing the fixed policy; ``lead`` is the
    strength of the card on the table (-1: ``leader`` is to lead)."""
    decided, w = truc.round_result(results)  # T6
    if decided:
        return NOBODY if w is None else w
    if lead < 0:  # the leader plays his highest card
        hand = mine if leader == ME else his
        return _after(mine, his, results, leader, lead, hand[-1])
    hand = mine if leader == HIM else his
    return _after(mine, his, results, leader, lead, _follow(hand, lead, results, leader))


def _after(mine: Hand, his: Hand, results: Results, leader: int, lead: int, card: int) -> int:
    """The round's winner after the player to move plays ``card`` (then the policy)."""
    mover = leader if lead < 0 else 1 - leader
    if mover == ME:
        i = mine.index(card)
        mine = mine[:i] + mine[i + 1:]
    else:
        i = his.index(card)
        his = his[:i] + his[i + 1:]
    if lead < 0:
        return _outcome(mine, his, results, leader, card)
    w = truc.trick_winner(leader, lead, card)  # T4 / T5
    nxt = leader if w is None else w  # a spoiled trick: the same leader again (T5)
    return _outcome(mine, his, results + (w,), nxt, -1)


def _probs(counts: dict[Hand, float], n: float, run: Any) -> Probs:
    tally = [0.0, 0.0, 0.0]
    for his, k in counts.items():
        tally[run(his)] += k
    return (tally[0] / n, tally[1] / n, tally[2] / n)


@lru_cache(maxsize=4096)
def _raise_weight(his: Hand) -> float:
    """How likely a hand is to raise (T7), from its cards alone: a read of a raiser that
    bluffs now and then (the floor) and mostly raises high cards."""
    if not his:
        return 1.0
    score = 0.6 * (his[-1] + 0.5) / 8 + 0.4 * (sum(his) / len(his) + 0.5) / 8
    return READ_FLOOR + (1 - READ_FLOOR) / (1 + math.exp(-(score - READ_CENTRE) / READ_WIDTH))


def _margin(p: Probs) -> float:
    return p[0] - p[1]


@cache
def _race(target: int) -> tuple[tuple[float, ...], ...]:
    """W[a][b]: the chance to win the match from a-b when each round gives 1 point (3 in 4)
    or 2 points to either side evenly; the scores capped at the target (T10)."""
    t = target
    w = [[0.0] * (t + 1) for _ in range(t + 1)]
    for a in range(t, -1, -1):
        for b in range(t, -1, -1):
            if a >= t:
                w[a][b] = 1.0
            elif b >= t:
                w[a][b] = 0.0
            else:
                w[a][b] = 0.5 * (0.75 * w[min(a + 1, t)][b] + 0.25 * w[min(a + 2, t)][b]
                                 + 0.75 * w[a][min(b + 1, t)] + 0.25 * w[a][min(b + 2, t)])
    return tuple(tuple(r) for r in w)


@cache
def _fresh_margin() -> float:
    """The non-dealer's mean (win - loss) with a freshly dealt hand, leading its best card
    against a uniform hand: the yardstick of a redeal (T3).  Fixed seed: a constant."""
    rng = random.Random(20260415)
    strengths = [TRUC_STRENGTH[c] for c in TRUC_32]
    total = 0.0
    deals = 300
    for _ in range(deals):
        cards = rng.sample(strengths, 3)
        mine = tuple(sorted(cards))
        pool = strengths[:]
        for c in cards:
            pool.remove(c)
        counts = {h: float(c) for h, c in
                  Counter(tuple(sorted(rng.sample(pool, 3))) for _ in range(128)).items()}
        total += max(_margin(_probs(counts, 128,
                                    lambda h, c=c, m=mine: _after(m, h, (), ME, -1, c)))
                     for c in sorted(set(mine)))
    return total / deals


class TightBot(BaseBot[truc.Action, truc.Observation]):
    """The tight Monte Carlo player (see the module docstring)."""

    game = "truc"
    tier = "tight"

    def __init__(self, seed: int | None = None, time_limit: float | None = None,
                 iterations: int | None = None) -> None:
        super().__init__(seed, time_limit, iterations)
        self.samples = iterations or SAMPLES

    def choose(self, observation: truc.Observation) -> truc.Action:
        return self.analyse(observation)[0].action

    def analyse(self, observation: truc.Observation) -> list[ActionStats[truc.Action]]:
        """Every legal action with its estimated match-win chance; the choice first."""
        self._check(observation)
        state, legal = legal_of(observation)
        choice, values = self._decide(observation, state, legal)
        if choice not in legal:  # defensive: never an illegal action
            choice = next(a for a in legal if a != truc.FOLD)
        first = ActionStats(choice, 0, values.get(choice, 0.5))
        rest = sorted((ActionStats(a, 0, values.get(a, 0.0)) for a in legal if a != choice),
                      key=lambda s: -s.value)
        return [first] + rest

    # -- the decision ------------------------------------------------------------------------
    def _decide(self, o: truc.Observation, state: truc.State, legal: Sequence[truc.Action]
                ) -> tuple[truc.Action, dict[truc.Action, float]]:
        me = o["player"]
        rules = state.rules
        target = rules.target
        table = _race(target)
        mine_s, opp_s = o["scores"][me], o["scores"][1 - me]

        def w(a: int, b: int) -> float:
            return table[min(a, target)][min(b, target)]

        stake, rest = o["stake"], o["rest"]

        def value(p: Probs, s: int, game: bool) -> float:
            # T10 / T8: the round's result at stake s (or for the match), at this score
            if game:
                return p[0] + p[2] * w(mine_s, opp_s)
            return p[0] * w(mine_s + s, opp_s) + p[1] * w(mine_s, opp_s + s) \
                + p[2] * w(mine_s, opp_s)

        def one_point(margin: float) -> float:
            # a 1-point round with this (win - loss) margin and no spoil, at this score
            return value((0.5 + margin / 2, 0.5 - margin / 2, 0.0), 1, False)

        hand_cards = list(state.hands[me])
        mine: Hand = tuple(sorted(TRUC_STRENGTH[c] for c in hand_cards))
        results: Results = tuple(None if t.winner is None else (ME if t.winner == me else HIM)
                                 for t in state.tricks)
        leader = ME if o["leader"] == me else HIM
        lead = -1 if state.trick_card is None else TRUC_STRENGTH[state.trick_card]
        seen = set(hand_cards) | set(state.discards[me]) | {
            c for t in state.tricks for c in (t.lead, t.answer)}
        if state.trick_card is not None:
            seen.add(state.trick_card)
        pool = [TRUC_STRENGTH[c] for c in TRUC_32 if c not in seen]
        k = o["opponent_hand_size"]
        samples = self.samples
        rng = self.rng
        drawn = Counter(tuple(sorted(rng.sample(pool, k))) for _ in range(samples))
        # His raise or rest this round says his hand is likely strong: weigh the draws.
        raised = o["pending"] in ("raise", "rest") or o["last_raiser"] == 1 - me
        counts: dict[Hand, float] = (
            {h: c * _raise_weight(h) for h, c in drawn.items()} if raised
            else {h: float(c) for h, c in drawn.items()})
        n: float = sum(counts.values())
        refused = w(mine_s, opp_s + stake)  # T7: a refusal scores the stake as it was
        values: dict[truc.Action, float] = {}

        pending = o["pending"]
        if pending is not None:
            # The proposer moves next (he plays his card after an accept, T7 / T8).
            p = _probs(counts, n, lambda h: _outcome(mine, h, results, leader, lead))
            if pending == "redeal":  # T3: I deal; a fresh deal gives me -fresh margin
                fresh = -_fresh_margin()
                values[truc.ACCEPT] = one_point(fresh)
                values[truc.REFUSE] = value(p, 1, False)
                values[truc.FOLD] = refused
                accept = p[0] - p[1] < fresh - REDEAL_ACCEPT_MARGIN
                return (truc.ACCEPT if accept else truc.REFUSE), values
            if pending == "raise":
                take = value(p, truc.next_stake(stake), False)
                drop = refused
            else:
                take = value(p, 0, True)
                drop = 0.0 if rules.rest_refusal == "game" else refused
            values[truc.ACCEPT], values[truc.REFUSE] = take, drop
            values[truc.FOLD] = drop  # T9: folding now is refusing
            return (truc.ACCEPT if take >= drop else truc.REFUSE), values

        # My turn to play: each distinct card, then the policy for the rest of the round.
        game = rest
        card_probs: dict[int, Probs] = {}
        for c in sorted(set(mine)):
            card_probs[c] = _probs(counts, n,
                                   lambda h, c=c: _after(mine, h, results, leader, lead, c))
        best_c = max(sorted(card_probs), key=lambda c: (value(card_probs[c], stake, game), -c))
        for card in hand_cards:
            values[truc.play(card)] = value(card_probs[TRUC_STRENGTH[card]], stake, game)
        best = card_probs[best_c]
        play_best = truc.play(next(c for c in hand_cards if TRUC_STRENGTH[c] == best_c))
        here = value(best, stake, game)
        values[truc.FOLD] = 0.0 if rest else refused

        if truc.REDEAL in legal:  # T3: before anything else of the round
            fresh = _fresh_margin()
            values[truc.REDEAL] = one_point(fresh)
            if best[0] - best[1] < fresh - REDEAL_MARGIN:
                return truc.REDEAL, values

        if truc.RAISE in legal:
            pw, pl, pt = best
            shift = min(ACCEPT_SHIFT, pw)
            called = (pw - shift, pl + shift, pt)
            raise_v = (1 - ACCEPT_RAISE) * w(mine_s + stake, opp_s) \
                + ACCEPT_RAISE * value(called, truc.next_stake(stake), False)
            if rules.rest_refusal == "game":  # a refusal loses the match: always accepted
                rest_v = value(best, 0, True)
            else:
                shift = min(REST_SHIFT, pw)
                rest_v = (1 - ACCEPT_REST) * w(mine_s + stake, opp_s) \
                    + ACCEPT_REST * value((pw - shift, pl + shift, pt), 0, True)
            values[truc.RAISE], values[truc.REST] = raise_v, rest_v
            rest_min = REST_MIN if w(mine_s, opp_s) >= DESPERATE else REST_MIN_DESPERATE
            if pw >= rest_min and rest_v > max(here, raise_v):
                return truc.REST, values
            if pw >= RAISE_MIN and raise_v > here:
                return truc.RAISE, values
            if pw < BLUFF_MAX and rng.random() < BLUFF_RATE:
                return truc.RAISE, values  # a rare bluff
        return play_best, values
