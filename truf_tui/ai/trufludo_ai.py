"""Trufludo players: the knowledge (card counting, move scores, rollout policy) and the tiers.

- ``easy``: captures when it can (any capture), otherwise throws a random card.
- ``medium``: the seed's tactics by hand: take a trufego when offered, avoid leaving exactly
  one card on the table, and count the seen cards to judge what the opponent can hold.
- ``hard``: ISMCTS (:mod:`truf_tui.ai.ismcts`) with heuristic rollouts (the medium policy,
  to a horizon of two deals, then the win probability of the card margin) and the medium
  scores as progressive-bias priors; determinizations deal the unseen cards at random.
- ``expert``: ``hard`` whose determinizations weight the opponent's possible hands by how
  likely his moves since the deal were with them (see :func:`inference_sampler`),
  plus an exact minimax endgame once the stock is empty (then every unseen card is in the
  opponent's hand).
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TypeAlias

from truf_tui.ai import ismcts
from truf_tui.ai.base import TIME_MARGIN, ActionStats, BaseBot, legal_of, ranked
from truf_tui.cards import PACKS, Card, parse_cards
from truf_tui.engine import trufludo

SUIT: list[int] = [-1] * 128
for _c in PACKS["french"] + PACKS["italian"]:
    SUIT[_c] = _c.suit_index


# Each pack's cards per suit (F1), counted once.
PACK_SUITS: dict[str, list[int]] = {
    deck: [sum(1 for c in PACKS[deck] if c.suit_index == i) for i in range(4)]
    for deck in ("french", "italian")
}


def unseen_suit_counts(state: trufludo.State, me: int) -> tuple[list[int], int]:
    """Per suit, how many cards ``me`` has not seen (opponent's hand + stock); and their total.

    Only the observable part of ``state`` is read: ``me``'s hand, the table and the piles.
    """
    counts = PACK_SUITS[state.rules.deck][:]
    for group in (state.hands[me], state.table, state.piles[0], state.piles[1]):
        for c in group:
            counts[SUIT[c]] -= 1
    return counts, sum(counts)


def p_holds(u_suit: int, unseen: int, hand_size: int) -> float:
    """P(a hand of ``hand_size`` cards drawn from ``unseen`` holds one of ``u_suit`` cards)."""
    if hand_size <= 0 or u_suit <= 0:
        return 0.0
    if unseen - u_suit < hand_size:
        return 1.0
    return 1.0 - math.comb(unseen - u_suit, hand_size) / math.comb(unseen, hand_size)


def _opp_threat(table: Sequence[Card], counts: list[int], unseen: int, h: int) -> float:
    """Expected points the opponent gets from ``table`` on the next move (one ply)."""
    if not table or h <= 0:
        return 0.0
    if len(table) == 1:
        return 3.0 * p_holds(counts[SUIT[table[0]]], unseen, h)
    suits = {SUIT[t] for t in table}
    u = sum(counts[s] for s in suits)
    return 2.0 * p_holds(u, unseen, h)


def move_scores(state: trufludo.State, legal: Sequence[trufludo.Play]) -> list[float]:
    """A one-ply score of each move: points won now minus the opponent's expected reply.

    This is the ``medium`` player's judgement and the search's prior.
    """
    me = state.to_move
    assert me is not None
    counts, unseen = unseen_suit_counts(state, me)
    return scores_for(state.hands[me], state.table, legal, counts, unseen,
                      len(state.hands[1 - me]))


def scores_for(hand: Sequence[Card], table: Sequence[Card], legal: Sequence[trufludo.Play],
               counts: list[int], unseen: int, opp_h: int) -> list[float]:
    """:func:`move_scores` from its parts: the mover's hand, the table, the moves, the
    mover's unseen cards per suit and in all, and his opponent's hand size."""
    table = tuple(table)
    out = []
    for a in legal:
        card, take = a
        if take is None:
            score = -_opp_threat(table + (card,), counts, unseen, opp_h)
        elif len(table) == 1:
            # trufego (F7): 3 points, then this player throws again onto the empty table
            rest = [c for c in hand if c != card]
            if rest:
                risk = min(p_holds(counts[SUIT[c]], unseen, opp_h) for c in rest)
            else:
                risk = 0.5
            score = 3.0 - 3.0 * risk
        else:
            t2 = tuple(t for t in table if t != take)
            score = 2.0 - _opp_threat(t2, counts, unseen, opp_h)
        out.append(score)
    return out


def to_prob(score: float, scale: float = 4.0) -> float:
    """A heuristic score (card points) as a rough win probability."""
    return 1.0 / (1.0 + math.exp(-score / scale))


class EasyBot(BaseBot[trufludo.Play, trufludo.Observation]):
    """Captures when it can (a random capture), otherwise throws a random card."""

    game = "trufludo"
    tier = "easy"

    def analyse(self, observation: trufludo.Observation) -> list[ActionStats[trufludo.Play]]:
        state, legal = legal_of(observation)
        me = observation["player"]
        margin = observation["scores"][me] - observation["scores"][1 - me]
        return ranked([(a, to_prob(margin + (2.0 if a.take is not None else 0.0)))
                       for a in legal])

    def choose(self, observation: trufludo.Observation) -> trufludo.Play:
        self._check(observation)
        _, legal = legal_of(observation)
        captures = [a for a in legal if a.take is not None]
        return self.rng.choice(captures or legal)


class MediumBot(BaseBot[trufludo.Play, trufludo.Observation]):
    """The seed's tactics: a one-ply score with card counting (see :func:`move_scores`)."""

    game = "trufludo"
    tier = "medium"

    def analyse(self, observation: trufludo.Observation) -> list[ActionStats[trufludo.Play]]:
        state, legal = legal_of(observation)
        me = observation["player"]
        margin = observation["scores"][me] - observation["scores"][1 - me]
        scores = move_scores(state, legal)
        return ranked([(a, to_prob(margin + s)) for a, s in zip(legal, scores, strict=True)])

    def choose(self, observation: trufludo.Observation) -> trufludo.Play:
        self._check(observation)
        state, legal = legal_of(observation)
        scores = move_scores(state, legal)
        best = max(scores)
        # ties broken at random, so the player is not fully predictable
        return self.rng.choice([a for a, s in zip(legal, scores, strict=True)
                                if s >= best - 1e-9])




# -- the search tiers ------------------------------------------------------------------------

DEALT = 2  # added to the next player by FastGame.play after a new deal
OVER = -1  # FastGame.play: the game is over
STOP = -2  # FastGame.play: the deal at the rollout's horizon is due


class FastGame:
    """A Trufludo game on plain lists: the rollouts' fast path.  :meth:`play` is the
    engine's move (F5-F10, what ``State.apply_unchecked`` does) without its tuples and
    checks, the score kept as it goes (F11).  The rollouts choose the moves (legal ones,
    F5 included); the tests check their games against the engine's.

    ``hands``, ``table`` and ``sc`` stay the same list objects all game (a caller may keep
    them in locals); ``stock[si:]`` is still to be dealt.  With ``horizon`` > 0 the game
    stops when that many deals are due."""

    __slots__ = ("hands", "table", "stock", "si", "sc", "dealer", "last", "leftover",
                 "horizon")

    def __init__(self, s: trufludo.State, horizon: int = 0) -> None:
        self.horizon = horizon
        self.sc = [len(s.piles[0]) + len(s.trufegoj[0]), len(s.piles[1]) + len(s.trufegoj[1])]
        self.hands = [list(s.hands[0]), list(s.hands[1])]
        self.table = list(s.table)
        self.stock = s.stock
        self.si = 0
        self.dealer = s.dealer
        self.last = s.last_capturer
        self.leftover = s.rules.leftover == "last_capturer"

    def to_play(self) -> int:
        """Cards still to be played: both hands and the stock."""
        return len(self.hands[0]) + len(self.hands[1]) + len(self.stock) - self.si

    def horizon_value(self, observer: int) -> float:
        """The observer's :func:`win_probability` of the card margin, at the horizon."""
        return win_probability(self.sc[observer] - self.sc[1 - observer], self.to_play())

    def play(self, p: int, card: Card, take: Card | None) -> int:
        """Player ``p`` plays ``card`` from his hand, capturing ``take`` (None: a throw).
        Returns the next player to move, plus ``DEALT`` if the hands were just dealt
        again; ``OVER`` at the end of the game, ``STOP`` at the horizon."""
        hands = self.hands
        hands[p].remove(card)
        table = self.table
        if take is None:  # F6
            table.append(card)
            nxt = 1 - p
        else:
            self.last = p
            if len(table) == 1:  # F7: a trufego (2) and the card (1); F8: p moves again
                table.clear()
                self.sc[p] += 3
                nxt = p
            else:  # F5
                table.remove(take)
                self.sc[p] += 2
                nxt = 1 - p
        if hands[0] or hands[1]:
            return nxt
        stock = self.stock
        si = self.si
        if si < len(stock):  # F3 / F9: 3 to the non-dealer, 3 to the dealer
            if self.horizon:
                self.horizon -= 1
                if not self.horizon:
                    return STOP
            a, b = list(stock[si:si + 3]), list(stock[si + 3:si + 6])
            self.si = si + 6
            if self.dealer == 0:
                hands[0], hands[1] = b, a
            else:
                hands[0], hands[1] = a, b
            return nxt + DEALT
        if self.leftover and self.last is not None:  # F10
            self.sc[self.last] += len(table)
            table.clear()
        return OVER


def rollout_value(s: trufludo.State, observer: int, rng: random.Random,
                  eps: float = 0.1, trace: list[trufludo.Play] | None = None) -> float:
    """Play ``s`` out with the heuristic rollout policy on plain lists; the observer's value.

    Policy: take a trufego when offered; else capture (preferring a capture that does not
    leave exactly one card on the table); else throw a random card; a random legal move with
    probability ``eps``.  Value: win 1, draw 0.5, loss 0, nudged by the final margin.
    """
    g = FastGame(s)
    p = s.to_move
    if p is None:
        return _final_value(g.sc, observer)
    forced = s.rules.forced_capture
    hands, table, play = g.hands, g.table, g.play
    suit = SUIT
    rand = rng.random
    while True:
        h = hands[p]
        nt = len(table)
        card = take = None
        if nt == 1:
            ts = suit[table[0]]
            for c in h:
                if suit[c] == ts:
                    card, take = c, table[0]
                    break
        if card is None and nt:
            good = None
            caps = 0
            for c in h:
                cs = suit[c]
                for t in table:
                    if suit[t] == cs:
                        caps += 1
                        if good is None or (nt != 2 and rand() < 0.5):
                            good = (c, t)
            if good is not None and (eps == 0.0 or rand() >= eps):
                card, take = good
        if card is None:
            # a throw: any card without a matching table suit (all cards if not forced)
            if forced and nt:
                ok = [c for c in h if all(suit[t] != suit[c] for t in table)]
                if not ok:  # every card must capture: take a random capture
                    c = h[int(rand() * len(h))]
                    cs = suit[c]
                    opts = [t for t in table if suit[t] == cs]
                    card, take = c, opts[int(rand() * len(opts))]
                else:
                    card = ok[int(rand() * len(ok))]
            else:
                card = h[int(rand() * len(h))]
        if trace is not None:
            trace.append(trufludo.play(card, take))
        p = play(p, card, take)
        if p == OVER:
            return _final_value(g.sc, observer)
        p &= 1  # a new deal changes nothing here


BIT: list[int] = [0] * 128
for _c in PACKS["french"] + PACKS["italian"]:
    BIT[_c] = 1 << _c.suit_index


def rollout_smart(s: trufludo.State, observer: int, rng: random.Random, eps: float = 0.05,
                  trace: list[trufludo.Play] | None = None, margin: float = 0.3,
                  horizon: int = 0) -> float:
    """Play ``s`` out with a greedy one-ply policy that sees the opponent's hand of the
    determinization (and the next deal): each card is scored as points won now minus the
    points the opponent can take next (3 for a single table card of a suit he holds, 2 if
    he can capture anything), best score played, a random card with probability ``eps``.

    Value: win 1 / draw 0.5 / loss 0, mixed with weight ``margin`` with a squashed card
    margin (lower variance than the result alone).  With ``horizon`` > 0 the rollout stops
    when that many deals are due and returns :func:`win_probability` of the card margin
    instead.  Must agree with the engine (tested).
    """
    g = FastGame(s, horizon)
    p = s.to_move
    if p is None:
        return _value(g.sc, observer, margin)
    forced = s.rules.forced_capture
    hands, table, play = g.hands, g.table, g.play
    stock = g.stock
    ns = len(stock)
    dealer = g.dealer
    suit = SUIT
    bit = BIT
    rand = rng.random
    while True:
        si = g.si
        h = hands[p]
        oh = hands[1 - p]
        omask = 0
        if oh:
            for c in oh:
                omask |= bit[c]
        elif si < ns:  # he gets his next hand before he moves again
            nxt = stock[si:si + 3] if p == dealer else stock[si + 3:si + 6]
            for c in nxt:
                omask |= bit[c]
        nt = len(table)
        tmask = 0
        tc = [0, 0, 0, 0]
        for t in table:
            tc[suit[t]] += 1
            tmask |= bit[t]
        card = h[0]
        capture = False
        if eps and rand() < eps:
            card = h[int(rand() * len(h))]
            capture = tc[suit[card]] > 0 and (forced or rand() < 0.5)
        else:
            best = -99.0
            for c in h:
                cs = suit[c]
                b = bit[c]
                if tc[cs]:
                    if nt == 1:
                        v = 3.0
                    elif nt == 2:
                        # the card left alone on the table (the first of suit cs is taken)
                        r = table[1] if suit[table[0]] == cs else table[0]
                        v = 2.0 - (3.0 if omask & bit[r] else 0.0)
                    else:
                        m2 = tmask if tc[cs] > 1 else tmask & ~b
                        v = 2.0 - (2.0 if m2 & omask else 0.0)
                    v += rand() * 0.01
                    if v > best:
                        best, card, capture = v, c, True
                    if forced:
                        continue
                if nt == 0:
                    v = -3.0 if omask & b else 0.0
                else:
                    v = -2.0 if (tmask | b) & omask else 0.0
                v += rand() * 0.01
                if v > best:
                    best, card, capture = v, c, False
        take = _taken(table, card) if capture else None
        if trace is not None:
            trace.append(trufludo.play(card, take))
        p = play(p, card, take)
        if p < 0:
            return _value(g.sc, observer, margin) if p == OVER else g.horizon_value(observer)
        p &= 1  # a new deal changes nothing here


# P_HOLDS[h][U][u]: p_holds(u, U, h) for the fair rollout policy (hands hold at most 3).
P_HOLDS: list[list[list[float]]] = [
    [[p_holds(u, n, h) if u <= n else 1.0 for u in range(14)] for n in range(53)]
    for h in range(4)
]


def rollout_fair(s: trufludo.State, observer: int, rng: random.Random, eps: float = 0.0,
                 trace: list[trufludo.Play] | None = None, margin: float = 0.3,
                 horizon: int = 0) -> float:
    """Play ``s`` out with the ``medium`` player's policy (:func:`move_scores`: points now
    minus the opponent's expected reply, judged from the cards the mover has *not* seen),
    ties at random, a random card with probability ``eps``; the value as in
    :func:`rollout_smart`.  Unlike that one, neither player peeks at the other's hand.
    Must agree with the engine (tested)."""
    g = FastGame(s, horizon)
    p = s.to_move
    if p is None:
        return _value(g.sc, observer, margin)
    forced = s.rules.forced_capture
    hands, table, play = g.hands, g.table, g.play
    stock = g.stock
    ns = len(stock)
    stc = [0, 0, 0, 0]  # the stock's cards of each suit (unseen by both)
    suit = SUIT
    for c in stock:
        stc[suit[c]] += 1
    rand = rng.random
    ph = P_HOLDS
    while True:
        h = hands[p]
        oh = hands[1 - p]
        no = len(oh)
        u = stc[:]
        for c in oh:
            u[suit[c]] += 1
        big_u = no + ns - g.si
        phn = ph[no][big_u]
        nt = len(table)
        tc = [0, 0, 0, 0]
        for t in table:
            tc[suit[t]] += 1
        card = h[0]
        capture = False
        if eps and rand() < eps:
            card = h[int(rand() * len(h))]
            capture = tc[suit[card]] > 0 and (forced or rand() < 0.5)
        else:
            best = -99.0
            for c in h:
                cs = suit[c]
                if tc[cs]:
                    if nt == 1:
                        risk = 2.0
                        for c2 in h:
                            if c2 is not c:
                                r = phn[u[suit[c2]]]
                                if r < risk:
                                    risk = r
                        v = 3.0 - 3.0 * (0.5 if risk > 1.0 else risk)
                    elif nt == 2:
                        left = table[1] if suit[table[0]] == cs else table[0]
                        v = 2.0 - 3.0 * phn[u[suit[left]]]
                    else:
                        tot = 0
                        for x in range(4):
                            if tc[x] > (1 if x == cs else 0):
                                tot += u[x]
                        v = 2.0 - 2.0 * phn[min(13, tot)] if tot <= 13 else 2.0 - 2.0 * (
                            p_holds(tot, big_u, no))
                    v += rand() * 1e-6
                    if v > best:
                        best, card, capture = v, c, True
                    if forced:
                        continue
                if nt == 0:
                    v = -3.0 * phn[u[cs]]
                else:
                    tot = u[cs] if not tc[cs] else 0
                    for x in range(4):
                        if tc[x]:
                            tot += u[x]
                    v = -2.0 * (phn[tot] if tot <= 13 else p_holds(tot, big_u, no))
                v += rand() * 1e-6
                if v > best:
                    best, card, capture = v, c, False
        take = _taken(table, card) if capture else None
        if trace is not None:
            trace.append(trufludo.play(card, take))
        p = play(p, card, take)
        if p < 0:
            return _value(g.sc, observer, margin) if p == OVER else g.horizon_value(observer)
        if p >= DEALT:
            p -= DEALT
            for c in stock[g.si - 6:g.si]:
                stc[suit[c]] -= 1


def win_probability(margin: int, remaining: int) -> float:
    """P(win) + P(draw)/2 with a card margin and ``remaining`` cards still to be played.

    The rest of a game changes the margin by about 1.1 * sqrt(remaining) cards (standard
    deviation, measured over self-play of the rollout policy, both packs)."""
    if remaining <= 0:
        return 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5
    return 0.5 * (1.0 + math.erf(margin / (1.1 * math.sqrt(remaining) * math.sqrt(2.0))))


def _taken(table: list[Card], card: Card) -> Card:
    """The table card a rollout's capture with ``card`` takes: the first of its suit (F5)."""
    cs = SUIT[card]
    for t in table:
        if SUIT[t] == cs:
            return t
    raise ValueError("no table card of the suit to take")


def _value(sc: list[int], observer: int, margin: float) -> float:
    m = sc[observer] - sc[1 - observer]
    wdl = 1.0 if m > 0 else 0.0 if m < 0 else 0.5
    return (1.0 - margin) * wdl + margin * (0.5 + 0.5 * math.tanh(m / 8.0))


def _final_value(sc: list[int], observer: int) -> float:
    m = sc[observer] - sc[1 - observer]
    wdl = 1.0 if m > 0 else 0.0 if m < 0 else 0.5
    return 0.95 * wdl + 0.05 * min(1.0, max(0.0, 0.5 + m / 20.0))


def move_class(a: trufludo.Play) -> int:
    """Moves that differ only by card identity are the same move (only suits matter, F1):
    the class is ``suit * 2 + (1 if a capture)``."""
    return SUIT[a.card] * 2 + (a.take is not None)


Move: TypeAlias = "int | trufludo.Play"
"""An action of the Trufludo search: a move class (:func:`move_class`) when canonical,
else the move itself."""


class TrufludoModel:
    """The game as the search sees it (see :mod:`truf_tui.ai.ismcts`).

    With ``canonical``, the search's actions are move classes (:func:`move_class`), so that
    the tree does not split its statistics between equivalent cards, and the opponent's
    moves in different determinizations share their edges; ``step`` plays the first legal
    move of the class.
    """

    def __init__(self, observation: trufludo.Observation,
                 sampler: Callable[[random.Random], trufludo.State],
                 eps: float = 0.0, smart: int = 2, margin: float = 0.3,
                 horizon: int = 0, canonical: bool = True, opp_policy: float = 0.0) -> None:
        self.observer = observation["player"]
        self.opp_policy = opp_policy
        self.sample = sampler
        self.horizon = horizon
        self.eps = eps
        self.smart = smart
        self.margin = margin
        self.canonical = canonical
        self._s: trufludo.State | None = None
        self._reps: dict[int, trufludo.Play] = {}

    @staticmethod
    def to_move(s: trufludo.State) -> int | None:
        return s.to_move

    def actions(self, s: trufludo.State) -> Sequence[Move]:
        legal = s.legal_actions()
        if not self.canonical:
            return legal
        reps: dict[int, trufludo.Play] = {}
        for a in legal:
            k = SUIT[a.card] * 2 + (a.take is not None)
            if k not in reps:
                reps[k] = a
        self._s, self._reps = s, reps
        return list(reps)

    def concrete(self, s: trufludo.State, a: Move) -> trufludo.Play:
        if not self.canonical:  # the move itself
            if TYPE_CHECKING:
                assert isinstance(a, trufludo.Play)
            return a
        if TYPE_CHECKING:  # a move class
            assert isinstance(a, int)
        if s is not self._s:
            self.actions(s)
        return self._reps[a]

    def step(self, s: trufludo.State, a: Move) -> trufludo.State:
        return s.apply_unchecked(self.concrete(s, a))

    def prior(self, s: trufludo.State, acts: Sequence[Move]) -> list[float]:
        """The medium player's one-ply scores as priors in [0, 1]."""
        moves = [self.concrete(s, a) for a in acts]
        return [to_prob(x, 2.0) for x in move_scores(s, moves)]

    def restrict(self, s: trufludo.State, p: int, acts: Sequence[Move],
                 rng: random.Random) -> Sequence[Move]:
        """The opponent model in the tree: with probability ``opp_policy`` the opponent
        plays one of the medium player's best moves (judged from *his* side: he does not see
        the searcher's hand), else any move.  Without it a single-observer tree lets him
        play as if he knew the searcher's real hand, present in every determinization."""
        if len(acts) < 2 or rng.random() >= self.opp_policy:
            return acts
        moves = [self.concrete(s, a) for a in acts]
        scores = move_scores(s, moves)
        top = max(scores)
        return [a for a, x in zip(acts, scores, strict=True) if x >= top - 1e-9]

    def evaluate(self, s: trufludo.State, rng: random.Random) -> float:
        if self.smart == 2:
            return rollout_fair(s, self.observer, rng, self.eps, None, self.margin,
                                self.horizon)
        if self.smart:
            return rollout_smart(s, self.observer, rng, self.eps, None, self.margin,
                                 self.horizon)
        return rollout_value(s, self.observer, rng, self.eps)


class PublicMove(NamedTuple):
    """One move of the game as both players saw it."""

    mover: int
    table: tuple[Card, ...]  # the table before the move
    move: trufludo.Play
    deal: int  # 0 for the first deal, then 1, 2, ...
    seen: frozenset[Card]  # every card both players had seen before the move
    sizes: tuple[int, int]  # hand sizes before the move


def replay_public(observation: trufludo.Observation) -> list[PublicMove] | None:
    """Every move of the game so far, rebuilt from the public history (the first table is
    what was taken from it or lies on it, minus what was thrown); None if the observation
    does not add up."""
    rules = trufludo.Rules.from_dict(observation["rules"])
    deck = rules.deck
    history = [trufludo.parse_action(a, rules) for a in observation["history"]]
    now = [Card.parse(t, deck) for t in observation["table"]]
    thrown = {a.card for a in history if a.take is None}
    taken = {a.take for a in history if a.take is not None}
    initial = [c for c in PACKS[deck] if (c in taken or c in now) and c not in thrown]
    if len(initial) != 4:
        return None
    table = list(initial)
    seen = set(initial)
    sizes = [3, 3]
    stock = len(PACKS[deck]) - 10
    p = 1 - observation["dealer"]
    deal = 0
    out = []
    for a in history:
        out.append(PublicMove(p, tuple(table), a, deal, frozenset(seen), (sizes[0], sizes[1])))
        seen.add(a.card)
        sizes[p] -= 1
        if a.take is None:
            table.append(a.card)
            nxt = 1 - p
        elif len(table) == 1:
            table.clear()
            nxt = p
        else:
            if a.take not in table:
                return None
            table.remove(a.take)
            nxt = 1 - p
        if sizes[0] == 0 and sizes[1] == 0 and stock > 0:
            sizes = [3, 3]
            stock -= 6
            deal += 1
        p = nxt
    if set(table) != set(now) or stock != observation["stock_size"]:
        return None
    return out


# The opponent model of the expert's inference: he picks a move with probability
# proportional to exp(BETA * score), score being the medium judgement of the move from his
# point of view (a capture 2, a trufego 3, minus what it leaves to his opponent).  BETA is
# fitted by ``python -m truf_tui.bench belief``: the mean log-probability the belief gives
# the opponent's real hand, against medium and hard opponents, is best near 0.5 and worse
# than no inference at all from 1.5 up (the sharper model was overconfident: his moves
# say little about the cards he kept).
BETA = 0.5


def opponent_evidence(observation: trufludo.Observation
                      ) -> list[tuple[PublicMove, tuple[Card, ...]]]:
    """The opponent's moves since the last deal, each with the cards he played from then on
    in this deal (his hand then = his present hand + those cards)."""
    moves = replay_public(observation)
    if not moves or observation["opponent_hand_size"] == 0:
        return []
    opp = 1 - observation["player"]
    last_deal = moves[-1].deal
    mine = [m for m in moves if m.mover == opp and m.deal == last_deal]
    out = []
    for i, m in enumerate(mine):
        out.append((m, tuple(x.move.card for x in mine[i:])))
    return out


def likelihood(hand: Sequence[Card], evidence: Sequence[tuple[PublicMove, tuple[Card, ...]]],
               rules: trufludo.Rules, beta: float = BETA) -> float:
    """P(the opponent's moves since the deal | his present ``hand``) under the softmax model."""
    pack = PACKS[rules.deck]
    forced = rules.forced_capture
    w = 1.0
    for m, later in evidence:
        held = tuple(hand) + later
        counts = [0, 0, 0, 0]
        n = 0
        for c in pack:
            if c not in m.seen and c not in held:
                counts[SUIT[c]] += 1
                n += 1
        legal = trufludo.legal_plays(held, m.table, forced)
        scores = scores_for(held, m.table, legal, counts, n, m.sizes[1 - m.mover])
        top = max(scores)
        z = 0.0
        mine = 0.0
        for a, x in zip(legal, scores, strict=True):
            e = math.exp(beta * (x - top))
            z += e
            if a == m.move:
                mine = e
        w *= mine / z if z > 0 else 0.0
    return w


def hand_belief(observation: trufludo.Observation, rng: random.Random, candidates: int = 200,
                beta: float = BETA) -> tuple[list[Card], list[list[Card]], list[float]] | None:
    """The expert's belief about the opponent's hand: ``candidates`` hands drawn from the
    unseen cards, each weighted by :func:`likelihood` (a Bayesian belief under the softmax
    model).  Returns (unseen cards, hands, weights), or None when his moves since the deal
    say nothing (no evidence, or every weight 0)."""
    evidence = opponent_evidence(observation)
    if not evidence:
        return None
    rules = trufludo.Rules.from_dict(observation["rules"])
    deck = rules.deck
    seen = set(parse_cards(observation["hand"], deck)) | set(
        parse_cards(observation["table"], deck))
    for pile in observation["piles"]:
        seen |= set(parse_cards(pile, deck))
    unseen = [c for c in PACKS[deck] if c not in seen]
    n_opp = observation["opponent_hand_size"]
    cache: dict[tuple[int, ...], float] = {}
    hands: list[list[Card]] = []
    weights: list[float] = []
    for _ in range(candidates):
        h = rng.sample(unseen, n_opp)
        key = tuple(sorted(SUIT[c] for c in h))
        w = cache.get(key)
        if w is None:  # only suits matter, so hands of the same suits weigh the same
            w = cache[key] = likelihood(h, evidence, rules, beta)
        hands.append(h)
        weights.append(w)
    if sum(weights) <= 0.0:
        return None
    return unseen, hands, weights


def inference_sampler(observation: trufludo.Observation, rng: random.Random | None = None,
                      candidates: int = 200, beta: float = BETA
                      ) -> Callable[[random.Random], trufludo.State]:
    """Determinizations that use what the opponent's moves since the last deal reveal:
    his hand is drawn from :func:`hand_belief`; the rest of the unseen cards make the
    stock, shuffled."""
    base_sampler = trufludo.determinizer(observation)
    belief = hand_belief(observation, rng or random.Random(0), candidates, beta)
    if belief is None:
        return base_sampler
    unseen, hands, weights = belief
    base = base_sampler(random.Random(0))
    me = observation["player"]
    cum = list(itertools.accumulate(weights))
    total = cum[-1]

    def sample(r: random.Random) -> trufludo.State:
        i = bisect.bisect_right(cum, r.random() * total)
        hand = hands[min(i, len(hands) - 1)]
        taken = set(hand)
        rest = [c for c in unseen if c not in taken]
        r.shuffle(rest)
        hs = (base.hands[0], tuple(hand)) if me == 0 else (tuple(hand), base.hands[1])
        return base._replace(hands=hs, stock=tuple(rest))

    return sample


def solve_exact(s: trufludo.State, me: int,
                memo: dict[tuple[Any, ...], tuple[float, int]] | None = None
                ) -> tuple[float, int]:
    """Minimax value (win 1 / draw 0.5 / loss 0, then margin) of a fully known position
    with an empty stock.  Equivalent moves (:func:`move_class`) are tried once and positions
    are memoised by their suits, so the search stays small however big the table is."""
    p = s.to_move
    sc = s.scores()
    if p is None:
        m = sc[me] - sc[1 - me]
        return (1.0 if m > 0 else 0.0 if m < 0 else 0.5, m)
    if memo is None:
        memo = {}
    key = (p, tuple(sorted(SUIT[c] for c in s.hands[0])),
           tuple(sorted(SUIT[c] for c in s.hands[1])), tuple(sorted(SUIT[c] for c in s.table)),
           sc[me] - sc[1 - me], s.last_capturer, len(s.stock))
    v = memo.get(key)
    if v is not None:
        return v
    done: set[int] = set()
    vals = []
    for a in s.legal_actions():
        k = move_class(a)
        if k not in done:
            done.add(k)
            vals.append(solve_exact(s.apply_unchecked(a), me, memo))
    v = max(vals) if p == me else min(vals)
    memo[key] = v
    return v


class SearchBot(BaseBot[trufludo.Play, trufludo.Observation]):
    """``hard``: ISMCTS with heuristic rollouts and the medium scores as priors."""

    game = "trufludo"
    tier = "hard"
    inference = False
    endgame = False
    # The best settings measured against ``medium`` (none of the others clearly better):
    # the fair medium policy in the rollouts (``rollout_fair``), which stop when the second
    # deal from now is due and return the win probability of the card margin
    # (:func:`win_probability`); the search over move classes (equivalent cards merged).
    c = 0.3
    bias = 0.5
    margin = 0.3
    eps = 0.0
    horizon = 2
    opp_policy = 0.8  # how often the opponent in the tree plays a medium move
    paired = 1  # every iteration tries all root moves on one deal (ismcts ``paired``)

    def _sampler(self, observation: trufludo.Observation
                 ) -> Callable[[random.Random], trufludo.State]:
        return trufludo.determinizer(observation)

    def analyse(self, observation: trufludo.Observation) -> list[ActionStats[trufludo.Play]]:
        self._check(observation)
        state, legal = legal_of(observation)
        me = observation["player"]
        if len(legal) == 1:
            return [ActionStats(legal[0], 0, 0.5)]
        if self.settle and len({move_class(a) for a in legal}) == 1:
            # Only the choice is wanted and every legal move is the same move (F1: only the
            # suit counts; which same-suit card is taken changes nothing): no search.
            return [ActionStats(a, 0, 0.5) for a in legal]
        if self.endgame and observation["stock_size"] == 0:
            # no unseen card outside the opponent's hand: the position is fully known
            full = self._sampler(observation)(self.rng)
            scored = [(a, solve_exact(full.apply_unchecked(a), me)) for a in legal]
            scored.sort(key=lambda t: t[1], reverse=True)
            return [ActionStats(a, 0, v[0]) for a, v in scored]
        model = TrufludoModel(observation, self._sampler(observation), self.eps,
                              margin=self.margin, horizon=self.horizon,
                              opp_policy=self.opp_policy)
        seconds = None if self.iterations else max(0.001, self.time_limit - TIME_MARGIN)
        res = ismcts.search(model, me, self.rng, iterations=self.iterations, seconds=seconds,
                            c=self.c, bias=self.bias, prior=model.prior,
                            restrict=model.restrict if self.opp_policy else None,
                            settle=self.settle, paired=bool(self.paired))
        by_action = {}
        for r in res.stats:
            by_action[model.concrete(state, r.action)] = r  # the class's representative
        for a in legal:  # every move shares its class's statistics
            rep = by_action.get(model.concrete(state, move_class(a)))
            if rep is not None and a not in by_action:
                by_action[a] = rep
        order = {r.action: i for i, r in enumerate(res.stats)}
        rank = {a: (order.get(move_class(a), len(order)), j) for j, a in enumerate(legal)}
        out = [ActionStats(a, by_action[a].visits, by_action[a].value)
               for a in sorted((a for a in legal if a in by_action), key=rank.__getitem__)]
        missing = [a for a in legal if a not in by_action]
        if missing:  # too small a budget to try them all: their heuristic value
            margin = observation["scores"][me] - observation["scores"][1 - me]
            out += [ActionStats(a, 0, to_prob(margin + x))
                    for a, x in zip(missing, move_scores(state, missing), strict=True)]
        return out


class ExpertBot(SearchBot):
    """``expert``: ``hard`` with inference-weighted determinizations and an exact endgame."""

    tier = "expert"
    inference = True
    endgame = True

    def _sampler(self, observation: trufludo.Observation
                 ) -> Callable[[random.Random], trufludo.State]:
        return inference_sampler(observation, self.rng)


TIER_CLASSES: dict[str, type[BaseBot[trufludo.Play, trufludo.Observation]]] = {
    "easy": EasyBot, "medium": MediumBot, "hard": SearchBot, "expert": ExpertBot,
}
