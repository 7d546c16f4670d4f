"""Le Truc knowledge shared by the players: trick logic, the greedy card
(:mod:`truf_tui.strategy.greedy`) played out, and a Monte Carlo estimate of a hand's chance
to win the round.

Everything here works on plain lists of cards and trick winners (0, 1 or None), so the
estimates are cheap enough to run hundreds of times per decision.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement

from truf_tui.cards import TRUC_32, TRUC_STRENGTH, Card
from truf_tui.engine import truc
from truf_tui.strategy.greedy import (
    STR,
    greedy_card,
)

# The rules come from the engine (each written once there): T4/T5 and T6.
trick_winner = truc.trick_winner
round_result = truc.round_result


def playout(hands: list[list[Card]], leader: int, lead: Card | None,
            results: list[int | None], rng: random.Random | None = None,
            noise: float = 0.0, played: list[Card] | None = None) -> int | None:
    """Play the round's remaining tricks with :func:`greedy_card` for both players (each card
    a random one with probability ``noise``); the round's winner (None: all spoiled).

    ``hands`` and ``results`` are consumed (pass copies); ``played`` collects the cards."""
    while True:
        if lead is None:
            h = hands[leader]
            if rng is not None and noise and rng.random() < noise:
                c = h[rng.randrange(len(h))]
            else:
                c = greedy_card(h, None, results, leader)
            h.remove(c)
            lead = c
            if played is not None:
                played.append(c)
        follower = 1 - leader
        h = hands[follower]
        if rng is not None and noise and rng.random() < noise:
            c = h[rng.randrange(len(h))]
        else:
            c = greedy_card(h, lead, results, follower)
        h.remove(c)
        if played is not None:
            played.append(c)
        w = trick_winner(leader, STR[lead], STR[c])
        results.append(w)
        done, winner = round_result(results)
        if done:
            return winner
        if w is not None:
            leader = w
        lead = None


def unseen_cards(state: truc.State, me: int) -> list[Card]:
    """The cards ``me`` has not seen this round (opponent's hand and discards, the rest)."""
    seen = set(state.hands[me]) | set(state.discards[me])
    for t in state.tricks:
        seen.add(t.lead)
        seen.add(t.answer)
    if state.trick_card is not None:
        seen.add(state.trick_card)
    return [c for c in TRUC_32 if c not in seen]


def results_of(state: truc.State) -> list[int | None]:
    return [t.winner for t in state.tricks]


def equity(state: truc.State, me: int, rng: random.Random, n: int = 64,
           first: Card | None = None, opp_hands: Sequence[Sequence[Card]] | None = None,
           ) -> float:
    """P(``me`` wins the round's tricks) with greedy play by both, over ``n`` opponent hands
    drawn uniformly from the unseen cards (or the given ``opp_hands``); a round won by nobody
    counts one half.  With ``first``, ``me`` (to play a card) plays it first."""
    unseen = unseen_cards(state, me)
    k = len(state.hands[1 - me])
    mine = list(state.hands[me])
    base = results_of(state)
    total = 0.0
    samples = opp_hands if opp_hands is not None else [rng.sample(unseen, k) for _ in range(n)]
    for opp in samples:
        hands = [mine[:], list(opp)] if me == 0 else [list(opp), mine[:]]
        leader = state.leader
        lead = state.trick_card
        results = base[:]
        if first is not None:
            hands[me].remove(first)
            if lead is None:
                lead = first
            else:
                w = trick_winner(leader, STR[lead], STR[first])
                results.append(w)
                done, winner = round_result(results)
                if done:
                    total += 1.0 if winner == me else 0.5 if winner is None else 0.0
                    continue
                if w is not None:
                    leader = w
                lead = None
        if not hands[0] and not hands[1]:
            winner = round_result(results)[1]
        else:
            winner = playout(hands, leader, lead, results)
        total += 1.0 if winner == me else 0.5 if winner is None else 0.0
    return total / max(1, len(samples))


# -- what a bluff is (the one definition: the coach's reviews and the arena's counts) ---------
BLUFF_THRESHOLD = 0.35
"""Below this :func:`round_equity`, a raise or rest is a bluff."""


def opponent_hands(unseen: Sequence[Card], k: int) -> Iterator[tuple[list[Card], int]]:
    """Every hand of ``k`` cards from ``unseen`` up to suits: one representative hand per
    multiset of ranks, with the number of real hands it stands for."""
    by_rank: dict[int, list[Card]] = {}
    for c in unseen:
        by_rank.setdefault(TRUC_STRENGTH[c], []).append(c)
    ranks = sorted(by_rank)
    for combo in combinations_with_replacement(ranks, k):
        need = Counter(combo)
        weight = 1
        for r, n in need.items():
            weight *= math.comb(len(by_rank[r]), n)
        if weight:
            yield [c for r, n in need.items() for c in by_rank[r][:n]], weight


def round_equity(state: truc.State, me: int) -> float:
    """P(``me`` wins the round) as ``me`` can judge it now, computed exactly: every
    opponent hand from the cards ``me`` has not seen, all equally likely (the betting is not
    read as a signal; hands grouped by ranks, suits never matter, T1), the rest of the round
    played out by :func:`playout` for both; a spoiled round counts one half."""
    unseen = unseen_cards(state, me)
    k = len(state.hands[1 - me])
    total = 0.0
    weights = 0
    rng = random.Random(0)  # not used: every opponent hand is given
    for hand, w in opponent_hands(unseen, k):
        total += w * equity(state, me, rng, opp_hands=[hand])
        weights += w
    return total / weights if weights else 0.5


def is_bluff(equity_then: float) -> bool:
    """A raise or rest (T7, T8) made with this :func:`round_equity` is a bluff (else a value
    bet): the exact measure at :data:`BLUFF_THRESHOLD` (docs/coach.md)."""
    return equity_then < BLUFF_THRESHOLD


def refusing_loses_match(state: truc.State, me: int) -> bool:
    """Would refusing the pending raise or rest (or folding) hand the opponent the match?"""
    points, game = truc.concession(state.stake, state.rest, state.pending,
                                   state.rules.rest_refusal)  # T7-T9
    return game or state.points[1 - me] + points >= state.rules.target
