"""The bluff trainer's drills: Le Truc spots dealt from the solution's own play, graded
against the solution, with the range of hands that take each action there.

Pure (no Textual).  A spot (:class:`truf_tui.spots.Spot`, kept here too) is a decision of
one seat in one round, with what rebuilds it.  :func:`deal` deals one from rounds that two
solved players (:class:`truf_tui.ai.solved.SolvedTrucBot`) played through the engine,
chosen by category (:data:`CATEGORIES`); the same category and seed always deal the same
spot.  A decision missed in a real game is a spot too (:func:`truf_tui.spots.game_spot`).

:func:`analyse` answers, for the seat to move, the value of every option
(``action_values``, ENGINE_API.md), the solved frequency of each (one figure per rank: suits
never matter, T1), and the :class:`Range`: for every hand the player could hold here, how
often the solved player takes each kind of action, each hand weighted by how many ways it
can be dealt (exact card removal) times the chance that the solved player would have made
this seat's earlier decisions of the round with it.  :func:`grade` grades a choice in the
shared vocabulary (:mod:`truf_tui.grading`).  Both take up to a few tenths of a second:
call them in a worker.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np

from truf_tui.ai.solved import SolvedTrucBot
from truf_tui.cards import TRUC_RANKS, TRUC_STRENGTH, Card
from truf_tui.engine import truc
from truf_tui.grading import (
    Grade,
    Graded,
    Unit,
    classify,
    grade_key,
    leak_tags,
    shown_value,
    solution_at,
)
from truf_tui.spots import (
    CATEGORIES,
    DEALT,
    DRAWN,
    DRILL_RULES,
    SPOT_VERSION,
    TARGET,
    Category,
    NewerSpot,
    Spot,
    drill_category,
    drill_tags,
    game_spot,
)
from truf_tui.strategy.hands import REST, REST_INDEX
from truf_tui.strategy.shipped import legal_move, nearest, node_policies, tables, word
from truf_tui.strategy.tree import ACCEPT, PLAY, RAISE, REDEAL, REFUSE
from truf_tui.strategy.tree import REST as REST_KIND
from truf_tui.strategy.trufbp import played

TRIES = 400  # rounds dealt before a category is declared impossible at that score

# The range's kinds of action, in the picture's order (bets first, giving up last).
KINDS = ("rest", "raise", "redeal", "accept", "play", "refuse")
_KIND_NAME = {REST_KIND: "rest", RAISE: "raise", REDEAL: "redeal", ACCEPT: "accept",
              PLAY: "play", REFUSE: "refuse"}


# -- spots ---------------------------------------------------------------------------------
def options(legal: Sequence[truc.Action]) -> list[truc.Action]:
    """The legal actions as distinct choices: one card of each rank (T1: the suit never
    matters), fold left out when refusing is legal (folding then is the same loss or
    worse, docs/solver.md)."""
    out: list[truc.Action] = []
    ranks: set[int] = set()
    refuse = any(a.kind == "refuse" for a in legal)
    for a in legal:
        if a.kind == "play" and a.card is not None:
            r = TRUC_STRENGTH[a.card]
            if r in ranks:
                continue
            ranks.add(r)
        elif a.kind == "fold" and refuse:
            continue
        out.append(a)
    return out


def categories_of(state: truc.State) -> set[Category]:
    """The kinds of spot the decision of the seat to move is: the leak categories the
    grading keeps (``grading.leak_tags``, one definition for both), where there is a real
    choice."""
    if state.current_player is None:
        return set()
    if sum(a.kind != "fold" for a in options(state.legal_actions())) < 2:
        return set()  # folding alone is no choice
    tags = set(leak_tags(state))
    out: set[Category] = {"score", "random"}
    return out | {c for c in CATEGORIES if c in tags}


def end_scores(rng: random.Random) -> tuple[int, int]:
    """A score at the end of a match: 10-10, 11-10, 11-11 or 11 against anything."""
    pick = rng.randrange(4)
    if pick == 0:
        return (10, 10)
    if pick == 1:
        return (11, 11)
    other = rng.randrange(TARGET - 1)
    return (11, other) if pick == 2 else (other, 11)


def deal(category: Category, seed: int, scores: tuple[int, int] | None = None,
         seat: int | None = None) -> Spot:
    """A spot of ``category`` from solved-against-solved rounds, the same for the same
    arguments.  ``scores`` (category "score", needed there; else ignored): the match's
    score (seat 0, seat 1) before the round; "end" draws one near the end, the others play
    at 0-0.  ``seat``: only decisions of that seat (a score picked as "you - the
    computer" is seat 0's).  ``ValueError`` if no round of :data:`TRIES` has such a
    decision."""
    rng = random.Random(f"drill:{category}:{seed}:{scores}:{seat}")
    want: Category = rng.choice(DRAWN) if category == "random" else category
    if want == "score" and scores is None:
        raise ValueError("the category 'score' needs the scores")
    for _ in range(TRIES):
        if want == "end":
            sc = end_scores(rng)
        elif want == "score" and scores is not None:
            sc = scores
        else:
            sc = (0, 0)
        game_seed = rng.getrandbits(48)
        dealer = rng.randrange(2)
        found = _find(want, game_seed, dealer, sc, rng, seat)
        if found is not None:
            moves, seat = found
            return Spot(want, game_seed, dealer, sc, moves, seat)
    raise ValueError(f"no spot of category {want!r} in {TRIES} rounds at {scores}")


def _find(want: Category, seed: int, dealer: int, scores: tuple[int, int],
          rng: random.Random, only: int | None = None
          ) -> tuple[tuple[str, ...], int] | None:
    """One round of solved play; a decision of category ``want`` in it (drawn with ``rng``
    among those it has) and the seat deciding."""
    state = truc.new_game(truc.Rules(target=TARGET), seed=seed, dealer=dealer, scores=scores)
    bots = (SolvedTrucBot(seed=seed), SolvedTrucBot(seed=seed + 1))
    moves: list[str] = []
    found: list[tuple[int, int]] = []
    while not state.is_terminal() and state.round_no == 1:
        p = state.current_player
        assert p is not None
        mine = only is None or p == only
        if mine and want in categories_of(state):
            found.append((len(moves), p))
        a = bots[p].choose(state.observation(p))
        if mine and want == "rest" and a.kind == "rest" and (len(moves), p) not in found:
            found.append((len(moves), p))
        moves.append(str(a))
        state = state.apply(a)
    if not found:
        return None
    n, seat = found[rng.randrange(len(found))]
    return tuple(moves[:n]), seat


# -- the range -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Bucket:
    """The hands whose best card is ``top`` (a rank, 0 the 9 .. 7 the 7, T1): their share of
    the range (``weight``, summing to 1 over the buckets) and how often they take each kind
    of action (``mix``, in :attr:`Range.kinds` order, summing to 1 where weight > 0)."""

    top: int
    weight: float
    mix: tuple[float, ...]


@dataclass(frozen=True)
class Range:
    """Which hands take which action at a spot under the solved play (module docstring)."""

    kinds: tuple[str, ...]  # the kinds of action at this node, in KINDS order
    hands: tuple[tuple[tuple[int, ...], float, tuple[float, ...]], ...]  # rest, weight, mix
    buckets: tuple[Bucket, ...]  # by best card held, weakest first, only those held
    mine: int  # the index in ``buckets`` of the player's own hand
    own: tuple[int, ...]  # the player's own cards still held, as ranks


@dataclass(frozen=True)
class Placed:
    """Where the shipped file places a seat's decision."""

    tab: Any
    s: Any
    at: int
    moves: list[tuple[int, int]]
    allowed: Any
    k: int


def _place(o: truc.Observation, legal: Sequence[truc.Action]) -> Placed | None:
    """The file, node and moves of ``o``'s decision as ``shipped.policy`` finds them
    (None where the round left the file's tree)."""
    dealer = o["dealer"]
    pts = o["scores"]
    tab = nearest(tables(), int(o["rules"]["target"]), (pts[1 - dealer], pts[dealer]))
    hist = list(o["history"][o["round_start"]:])
    redeal = True
    if hist[:2] == ["redeal", "accept"]:
        hist = hist[2:]
        redeal = False
    try:
        s, at = tab.locate(redeal, [word(w) for w in hist])
    except KeyError:
        return None
    if s[0] != (0 if o["player"] != dealer else 1):
        return None
    moves = [(kind, rank) for kind, rank, _ in tab.successors(s)]
    real = [a for a in legal if a.kind != "fold"]
    allowed = np.array([legal_move(m, real) is not None for m in moves])
    return Placed(tab, s, at, moves, allowed, played(s))


def range_at(spot: Spot) -> Range | None:
    """The range at ``spot`` (None where the solved strategy has no node for it)."""
    states = list(_states(spot))
    state = states[-1]
    seat = spot.seat
    o = state.observation(seat)
    here = _place(o, state.legal_actions())
    if here is None:
        return None
    k = here.k
    hands = REST[k]
    if k == 3:  # every card of the seat is on the table: no hand to range over
        return None
    # Which kinds the rules allow here; any card of the hand's own may be played.
    kinds_ok = np.array([m[0] == PLAY or here.allowed[i] for i, m in enumerate(here.moves)])
    block = here.tab.block(here.s, here.at)
    dist, _, _ = node_policies(block, here.moves, kinds_ok, k)
    # Exact card removal: the ways of holding each rest hand from the cards this seat
    # has not seen (its own cards still held count as unseen: any hand could be there).
    seen = [0] * len(TRUC_RANKS)
    for c in _seen_by(state, seat):
        seen[TRUC_STRENGTH[c]] += 1
    weights = np.array([_ways(h, seen) for h in hands], dtype=np.float64)
    weights *= _reach(spot, states, hands)
    kinds = tuple(kd for kd in KINDS
                  if any(_KIND_NAME[m[0]] == kd and kinds_ok[i]
                         for i, m in enumerate(here.moves)))
    col = {kd: i for i, kd in enumerate(kinds)}
    mixes = np.zeros((len(hands), len(kinds)))
    for i, (kind, _) in enumerate(here.moves):
        if kinds_ok[i]:
            mixes[:, col[_KIND_NAME[kind]]] += dist[i]
    own = tuple(sorted(TRUC_STRENGTH[c] for c in state.hands[seat]))
    total = weights.sum()
    if total <= 0:
        return None
    weights /= total
    by_top: dict[int, list[int]] = {}
    for j, h in enumerate(hands):
        if weights[j] > 0:
            by_top.setdefault(max(h), []).append(j)
    by_top.setdefault(max(own), [REST_INDEX[k][own]])
    buckets = []
    for top in sorted(by_top):
        js = by_top[top]
        w = float(weights[js].sum())
        if w > 0:
            mix = (weights[js, None] * mixes[js]).sum(axis=0) / w
        else:  # the player's own hand, outside the range: its own mix
            mix = mixes[js[0]]
        buckets.append(Bucket(top, w, tuple(float(x) for x in mix)))
    mine = next(i for i, b in enumerate(buckets) if b.top == max(own))
    rows = tuple((h, float(weights[j]), tuple(float(x) for x in mixes[j]))
                 for j, h in enumerate(hands))
    return Range(kinds, rows, tuple(buckets), mine, own)


def _states(spot: Spot) -> Iterator[truc.State]:
    """The states from the deal to the spot (the last is the spot's)."""
    s = spot.initial()
    yield s
    for m in spot.moves:
        s = s.apply(m)
        yield s


def _seen_by(state: truc.State, seat: int) -> Iterator[Card]:
    """The cards ``seat`` knows are not in its hand now: its own played cards, the
    opponent's, and a hand it gave up to a redeal (T3)."""
    for t in state.tricks:
        yield t.lead
        yield t.answer
    if state.trick_card is not None:
        yield state.trick_card
    yield from state.discards[seat]


def _ways(hand: tuple[int, ...], seen: list[int]) -> float:
    n = 1
    for r in set(hand):
        n *= comb(4 - seen[r], hand.count(r))
    return float(n)


def _reach(spot: Spot, states: list[truc.State], hands: tuple[tuple[int, ...], ...]
           ) -> np.ndarray[Any, np.dtype[np.float64]]:
    """For each rest hand of the spot, the chance the solved player would have made the
    seat's earlier decisions of this round (since any accepted redeal) holding it."""
    out = np.ones(len(hands))
    seat = spot.seat
    last = states[-1]
    start = last.round_start
    hist = [str(a) for a in last.history[start:]]
    skip = 2 if hist[:2] == ["redeal", "accept"] else 0
    for i, m in enumerate(spot.moves[start + skip:], start=start + skip):
        s = states[i]
        if s.current_player == seat:
            here = _place(s.observation(seat), s.legal_actions())
            taken = word(m)
            if here is not None and taken in here.moves:
                # the hand then: the rest now plus the cards played since
                later = _played_ranks(spot.moves[i:], states[i:], seat)
                cols = [REST_INDEX[here.k][tuple(sorted(h + tuple(later)))] for h in hands]
                block = here.tab.block(here.s, here.at)
                dist, _, _ = node_policies(block, here.moves, here.allowed, here.k, cols)
                out *= dist[here.moves.index(taken)]
    return out


def _played_ranks(moves: Sequence[str], states: Sequence[truc.State], seat: int) -> list[int]:
    return [TRUC_STRENGTH[Card.parse(m.split()[1], "truc")]
            for m, s in zip(moves, states, strict=False)
            if m.startswith("play") and s.current_player == seat]


# -- analysis and grading ------------------------------------------------------------------
@dataclass(frozen=True)
class Analysis:
    """What the solution says at a spot, for the seat to move."""

    values: dict[truc.Action, float]  # each option's value (options: one card a rank)
    unit: Unit
    freqs: dict[truc.Action, float]  # the solved probability of each option (rank-merged)
    range: Range | None

    @property
    def best(self) -> truc.Action:
        """The option of the highest value; among equal values, the one the solved
        player plays most (the first of :func:`ranked`)."""
        return ranked(self)[0]

    @property
    def mixed(self) -> bool:
        """The solved player plays more than one option here with this hand."""
        return sum(p > 0.005 for p in self.freqs.values()) > 1


def same_choice(a: truc.Action, b: truc.Action) -> bool:
    """The same option: the same kind, and for a card the same rank (T1)."""
    if a.kind != b.kind:
        return False
    if a.card is None or b.card is None:
        return a.card is b.card
    return TRUC_STRENGTH[a.card] == TRUC_STRENGTH[b.card]


def analyse(spot: Spot) -> Analysis:
    """Values, frequencies and range at ``spot`` (tenths of a second: a worker's job).  The
    values and frequencies are asked as the hint and the graders ask them
    (``grading.solution_at``, which lets one thread at a time at the values' kept results)."""
    state = spot.state()
    sol = solution_at(state.observation(spot.seat))
    opts = options(state.legal_actions())
    values = {a: max(v for b, v in sol.values.items() if same_choice(a, b)) for a in opts}
    freqs = {a: sum(p for b, p in sol.policy.items() if same_choice(a, b)) for a in opts}
    return Analysis(values, sol.unit, freqs, range_at(spot))


@dataclass(frozen=True)
class Verdict:
    """A graded choice."""

    chosen: truc.Action
    loss: float
    grade: Grade
    best: truc.Action
    played: bool = True  # the solved player makes this choice here with this hand

    @property
    def words_key(self) -> str:
        """Its grade in words, as every screen writes one (``grading.grade_key``)."""
        return grade_key(self.grade, self.played)


def ranked(analysis: Analysis) -> list[truc.Action]:
    """The options best first: by value as the trainer shows it (``grading.shown_value``:
    two decimals of a point, a tenth of a percent of the chance), and among values shown
    equal by how often the solved player plays them, so that a choice it never makes is not
    listed above its own at the same value.  (A loss under those figures is graded best.)"""
    return sorted(analysis.values,
                  key=lambda a: (-shown_value(analysis.values[a], analysis.unit),
                                 -analysis.freqs.get(a, 0.0)))


def grade(analysis: Analysis, chosen: truc.Action) -> Verdict:
    """``chosen`` graded by its loss against the best option (:func:`grading.classify`);
    an option the solved player takes here is never worse than correct."""
    mine = next(a for a in analysis.values if same_choice(a, chosen))
    top = max(analysis.values.values())
    loss = round(max(0.0, top - analysis.values[mine]), 9)  # as grading.Graded.of
    solution = analysis.freqs.get(mine, 0.0) > 0.0
    return Verdict(mine, loss, classify(loss, analysis.unit, solution), analysis.best, solution)


def tags_of(spot: Spot, verdict: Verdict) -> tuple[str, ...]:
    """The leak categories a drilled decision is kept under (``spots.drill_tags``, which
    the history tags its kept decisions by again when the categories change)."""
    return drill_tags(spot, verdict.chosen, verdict.best)


def graded(spot: Spot, analysis: Analysis, verdict: Verdict, number: int
           ) -> Graded[truc.Action]:
    """A drilled decision as the history keeps it (``History.add_graded`` with
    ``source="drill"``): ``number``, the spot's number in its session, is its ``index``."""
    values = tuple((a, analysis.values[a]) for a in ranked(analysis))
    return Graded(spot.seat, number, verdict.chosen, verdict.loss, verdict.best, values,
                  analysis.unit, verdict.grade, tags_of(spot, verdict), verdict.played)


def roll(analysis: Analysis, rng: random.Random) -> tuple[float, truc.Action]:
    """The solution's dice: a number from 0 to 100 and the option the solved mix picks
    with it (options in order, each taking its share of the hundred)."""
    x = rng.random()
    acc = 0.0
    pick = analysis.best
    for a, p in analysis.freqs.items():
        if p <= 0:
            continue
        pick = a
        acc += p
        if x < acc:
            break
    return 100 * x, pick


__all__ = ["CATEGORIES", "DEALT", "DRAWN", "DRILL_RULES", "KINDS", "SPOT_VERSION", "TARGET",
           "Analysis", "Bucket",
           "Category", "NewerSpot", "Range", "Spot", "Verdict", "analyse", "categories_of",
           "deal", "drill_category", "game_spot", "grade", "graded", "options", "range_at",
           "ranked", "roll", "same_choice", "tags_of"]
