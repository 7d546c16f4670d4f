"""The greedy card by ranks, and the exact chance of a round both players play greedily.

The threshold player (:mod:`truf_tui.strategy.threshold`) plays its cards greedily and
bets by this chance; the players (:mod:`truf_tui.ai.truc_knowledge`) play the same card
from real cards.  Suits never matter (T1): a hand is its ranks (``TRUC_STRENGTH``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement
from math import comb

from truf_tui.cards import TRUC_32, TRUC_STRENGTH, Card
from truf_tui.engine.truc import round_result, trick_winner

STR: list[int] = [-1] * 64
for _c, _v in TRUC_STRENGTH.items():
    STR[_c] = _v


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
