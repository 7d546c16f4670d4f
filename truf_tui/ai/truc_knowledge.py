"""Le Truc knowledge shared by the players: card strengths, trick logic, a greedy card policy
and a Monte Carlo estimate of a hand's chance to win the round.

Everything here works on plain lists of cards and trick winners (0, 1 or None), so the
estimates are cheap enough to run hundreds of times per decision.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations_with_replacement
from math import comb

from truf_tui.cards import TRUC_32, TRUC_STRENGTH, Card
from truf_tui.engine import truc

STR: list[int] = [-1] * 64
for _c, _v in TRUC_STRENGTH.items():
    STR[_c] = _v


# The rules come from the engine (each written once there): T4/T5 and T6.
trick_winner = truc.trick_winner
round_result = truc.round_result


def greedy_card(hand: Sequence[Card], lead: Card | None, results: Sequence[int | None],
                p: int) -> Card:
    """A sensible card for player ``p``: lead the highest card; answer with the cheapest card
    that wins the trick (or a tie when a tie settles the round for ``p``); else a tie if it
    keeps the round open; else the lowest card."""
    if lead is None:
        best = hand[0]
        for c in hand:
            if STR[c] > STR[best]:
                best = c
        return best
    sl = STR[lead]
    tie_done, tie_winner = round_result(list(results) + [None])
    good_tie = tie_done and tie_winner == p
    choice: Card | None = None
    tie: Card | None = None
    low = hand[0]
    for c in hand:
        s = STR[c]
        if s > sl or (s == sl and good_tie):
            if choice is None or s < STR[choice]:
                choice = c
        elif s == sl:
            tie = c
        if s < STR[low]:
            low = c
    if choice is not None:
        return choice
    if tie is not None and (not tie_done or tie_winner is None):
        return tie
    return low


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


POOL: dict[int, tuple[Card, ...]] = {
    r: tuple(c for c in TRUC_32 if TRUC_STRENGTH[c] == r) for r in range(8)}


def cards_of(ranks: tuple[int, ...]) -> list[Card]:
    """Concrete cards for ranks (suits never matter, T1), distinct within one call."""
    used = [0] * 8
    out = []
    for r in ranks:
        out.append(POOL[r][used[r]])
        used[r] += 1
    return out


@cache
def greedy_rank(hand: tuple[int, ...], lead: int, winners: tuple[int | None, ...],
                p: int) -> int:
    """The rank :func:`greedy_card` plays from ``hand`` (ranks), ``lead`` the rank led (-1
    none): the same for any suits (T1)."""
    card = greedy_card(cards_of(hand), POOL[lead][-1] if lead >= 0 else None, winners, p)
    return STR[card]


@cache
def greedy_outcome(hands: tuple[tuple[int, ...], tuple[int, ...]], leader: int, lead: int,
                   winners: tuple[int | None, ...]) -> int | None:
    """The round's winner when both play :func:`greedy_card` from here (ranks, sorted;
    ``lead`` the rank ``leader`` has led, -1 none): :func:`playout`, by ranks, each trick's
    rest shared by every round that reaches it."""
    if lead < 0:
        lead = greedy_rank(hands[leader], -1, winners, leader)
        hands = _without(hands, leader, lead)
    follower = 1 - leader
    answer = greedy_rank(hands[follower], lead, winners, follower)
    hands = _without(hands, follower, answer)
    w = trick_winner(leader, lead, answer)
    results = winners + (w,)
    done, winner = round_result(results)
    if done:
        return winner
    return greedy_outcome(hands, leader if w is None else w, -1, results)


def _without(hands: tuple[tuple[int, ...], tuple[int, ...]], p: int,
             rank: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    h = list(hands[p])
    h.remove(rank)
    return (tuple(h), hands[1]) if p == 0 else (hands[0], tuple(h))


@cache
def win_tie(me: int, leader: int, lead: int, winners: tuple[int | None, ...],
            mine: tuple[int, ...], p0: tuple[int, ...],
            p1: tuple[int, ...]) -> tuple[float, float]:
    """(P(win), P(tie)) of ``me``'s round when both play greedy cards from here, the
    opponent's remaining cards drawn uniformly from those ``me`` has not seen: exactly
    what :func:`equity` estimates, by ranks (T1).  The round as the solver's public state
    numbers it: ``lead`` the rank led (-1 none), ``mine`` the ranks ``me`` holds, ``p0``
    and ``p1`` the ranks each player has played."""
    seen = [0] * 8
    for r in mine + p0 + p1:
        seen[r] += 1
    theirs = 3 - len(p1 if me == 0 else p0)
    total = win = tie = 0.0
    results0: list[int | None] = list(winners)
    for g in combinations_with_replacement(range(8), theirs):
        w = 1
        for r in set(g):
            w *= comb(4 - seen[r], g.count(r))
        if w == 0:
            continue
        if not mine and not g:
            winner = round_result(results0)[1]
        else:
            winner = greedy_outcome((mine, g) if me == 0 else (g, mine), leader, lead,
                                    winners)
        total += w
        if winner is None:
            tie += w
        elif winner == me:
            win += w
    return win / total, tie / total


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
