"""A player who bets by its hand's strength alone, and the best response to one.

Many players of Le Truc, beginners most of all, bet like the arena's ``honest``: they raise
when their hand looks strong, accept when it looks fair, and never think about what the
bet itself says.  Such a player is a *threshold player* ``(raise_at, accept_at)``:

- at its turn, when it may raise (T7), it raises if its estimate of the round is over
  ``raise_at``; it never rests;
- it accepts a raise or a rest (T7, T8) if its estimate is over ``accept_at``, and every
  redeal (T3);
- it plays its cards greedily (:func:`truf_tui.strategy.greedy.greedy_card`).

Its estimate is the mean of :data:`SAMPLES` random opponent hands played out greedily
(``truc_knowledge.equity``), blind to the betting; :func:`pass_probability` is the exact
chance that the estimate passes a threshold.  Every move gets at least :data:`NOISE` of the
probability, so that nobody is ruled out by one odd move.

The expert (:mod:`truf_tui.ai.exploit`) weighs the family :data:`GRID` of such players
against the solved strategy, round by round, and once the evidence is clear plays
:func:`best_move`: the best response over the rest of the round to the likeliest one, with
its hand's range read from its moves (Bayes), the round's results valued by the match
(:mod:`truf_tui.strategy.matchtable`).
"""

from __future__ import annotations

import time
from functools import cache, lru_cache

import numpy as np

from truf_tui.engine.truc import round_points
from truf_tui.strategy.greedy import greedy_rank, win_tie
from truf_tui.strategy.hands import HANDS, Multiset, minus
from truf_tui.strategy.matchtable import MatchWin, match_win
from truf_tui.strategy.tree import (
    ACCEPT,
    NONE,
    PLAY,
    RAISE,
    REDEAL,
    REFUSE,
    Outcome,
    State,
    successors,
)
from truf_tui.strategy.tree import REST as REST_KIND

SAMPLES = 48  # opponent hands per estimate (honest's)
NOISE = 0.03  # the least probability of any move: a model is never certain
ALWAYS, NEVER = -1.0, 2.0  # thresholds no estimate fails, or passes
#: the threshold players weighed, (raise_at, accept_at): a coarse grid over the sensible
#: thresholds, and the extremes (one who always raises, never raises; always accepts,
#: never accepts)
GRID: tuple[tuple[float, float], ...] = tuple(
    (r, a) for r in (ALWAYS, 0.55, 0.65, 0.75, 0.85, NEVER)
    for a in (ALWAYS, 0.3, 0.4, 0.5, 0.6, NEVER))
def fixed_habit(model: tuple[float, float]) -> bool:
    """A threshold player whose bets never depend on its hand and who always raises or
    always accepts (``always_raise``, ``calling_station``): no player who bets by its hand
    looks like one for long.  (One who never raises and never accepts does: a careful
    player dealt weak hands.)"""
    return all(x in (ALWAYS, NEVER) for x in model) and ALWAYS in model


NODES = 200_000  # a response's tree is cut (and the solved move played) beyond this
FUTURE_RAISES = 1  # my raises and rests after the move being chosen, at most

Move = tuple[int, int]


@lru_cache(maxsize=1 << 18)
def pass_probability(win: float, tie: float, above: float) -> float:
    """P(the mean of ``SAMPLES`` draws scoring 1, ½, 0 with these chances is > ``above``)."""
    poly = _power(win, tie)
    # the mean is (2 W + T) / (2 SAMPLES); it passes when 2 W + T > 2 SAMPLES above
    need = int(np.floor(2 * SAMPLES * above + 1e-9)) + 1
    return float(poly[need:].sum())


@cache
def _power(win: float, tie: float) -> np.ndarray:
    base = np.array([max(0.0, 1.0 - win - tie), tie, win])
    out = np.array([1.0])
    for _ in range(SAMPLES):
        out = np.convolve(out, base)
    return out


def threshold_policy(s: State, moves: list[Move], hand: Multiset, raise_at: float,
                     accept_at: float) -> list[float]:
    """The threshold player's probabilities over ``moves`` (the public tree's, in order) at
    the public state ``s``, holding ``hand`` (its cards left).  ``raise_at`` above 1 never
    raises, below 0 always; likewise ``accept_at``."""
    mover, pending, _stake, _lr, _rest, _ro, leader, lead, winners, p0, p1 = s
    out = [0.0] * len(moves)

    def put(move: Move, p: float) -> None:
        out[moves.index(move)] += p

    def chance(above: float) -> float:
        if above < 0.0:
            return 1.0
        if above >= 1.0:
            return 0.0
        w, t = win_tie(mover, leader, lead, winners, hand, p0, p1)
        return pass_probability(w, t, above)

    if pending != NONE:  # a redeal (T3) is accepted by all but one who never accepts
        accept = float(accept_at < 1.0) if pending == REDEAL else chance(accept_at)
        put((ACCEPT, NONE), accept)
        put((REFUSE, NONE), 1.0 - accept)
        return out
    raise_p = chance(raise_at) if (RAISE, NONE) in moves else 0.0
    if raise_p > 0.0:
        put((RAISE, NONE), raise_p)
    if raise_p < 1.0:
        put((PLAY, greedy_rank(hand, lead, winners, mover)), 1.0 - raise_p)
    return out


def noisy(probs: list[float], moves: list[Move], hand: Multiset) -> list[float]:
    """At least NOISE for every move the hand can make (the rest in proportion); a card
    it does not hold, none."""
    can = [k != PLAY or q in hand for k, q in moves]
    n = sum(can)
    if n * NOISE >= 1.0:
        return probs
    return [NOISE + (1.0 - n * NOISE) * p if c else 0.0 for p, c in zip(probs, can, strict=True)]


def _hands_at(s: State) -> tuple[np.ndarray, tuple[Multiset, ...], np.ndarray]:
    """The mover's possible full hands at ``s`` (indices in ``HANDS``), its distinct hands
    left, and for each full hand the index of its hand left.  A hand is impossible if it
    lacks a card its owner played, or if more than four of a rank would be out (T1)."""
    return _hands_after(s[0], s[9], s[10])


@lru_cache(maxsize=1 << 12)
def _hands_after(mover: int, p0: tuple[int, ...], p1: tuple[int, ...]
                 ) -> tuple[np.ndarray, tuple[Multiset, ...], np.ndarray]:
    """``_hands_at`` by what it depends on: the cards played (a few thousand keys, where
    the states are hundreds of thousands)."""
    mine = p0 if mover == 0 else p1
    shown = [0] * 8
    for r in p0 + p1:
        shown[r] += 1
    idx: list[int] = []
    rests: dict[Multiset, int] = {}
    which: list[int] = []
    for h, hand in enumerate(HANDS):
        rest = minus(hand, list(mine))
        if rest is None or any(rest.count(r) + shown[r] > 4 for r in set(rest)):
            continue
        idx.append(h)
        which.append(rests.setdefault(rest, len(rests)))
    return np.array(idx, dtype=np.int64), tuple(rests), np.array(which, dtype=np.int64)


class _Cut(Exception):
    """The response ran out of nodes or time."""


# The caches below are cleared when full, then filled again.  Their bounds keep the app's
# memory small (a block is about 5 KB: 1 << 13 of them, 40 MB) and the garbage collector's
# full passes short: it walks every entry of a cache, and at 1 << 17 entries a pass took
# 60 to 100 ms, paid inside the decision it interrupted (docs/solver.md).
_BLOCKS: dict[tuple[State, tuple[Move, ...], tuple[float, float]], np.ndarray] = {}
_BLOCKS_MAX = 1 << 13
_SUCCESSORS_MAX = 1 << 15


def model_block(s: State, moves: tuple[Move, ...], model: tuple[float, float],
                deadline: float | None = None) -> np.ndarray:
    """[move, hand]: the model's noisy probability of each move at ``s`` for every full
    hand (``HANDS``; 0 for a hand that cannot be there, ``_hands_at``).  Past
    ``deadline`` (``time.perf_counter``) it stops with ``_Cut``; the estimates it made
    are kept (``win_tie``'s cache), so the next call goes on from there."""
    key = (s, moves, model)
    got = _BLOCKS.get(key)
    if got is not None:
        return got
    idx, rests, which = _hands_at(s)
    per = []
    for r in rests:
        if deadline is not None and time.perf_counter() > deadline:
            raise _Cut
        per.append(noisy(threshold_policy(s, list(moves), r, *model), list(moves), r))
    out = np.zeros((len(moves), len(HANDS)))
    if len(idx):
        out[:, idx] = np.array(per)[which].T
    if len(_BLOCKS) >= _BLOCKS_MAX:
        _BLOCKS.clear()
    _BLOCKS[key] = out
    return out


def model_column(s: State, moves: tuple[Move, ...], move: Move, model: tuple[float, float]
                 ) -> np.ndarray:
    """For every full hand, the model's noisy probability of ``move`` at ``s``."""
    column: np.ndarray = model_block(s, moves, model)[moves.index(move)]
    return column


class Evidence:
    """The threshold players of :data:`GRID` against the solved strategy, over the rounds
    read: for each, the log of the likelihood ratio of the opponent's moves, summed over
    the rounds.  Their mean ratio (the evidence for *some* threshold player) is, under the
    solved strategy, a martingale of mean 1: it ever reaches ``r`` with probability at most
    ``1/r`` (Ville's inequality), as the expert's other tallies."""

    def __init__(self) -> None:
        self.logs = np.zeros(len(GRID))
        self.rounds = 0

    def add_round(self, solved: float, models: np.ndarray) -> None:
        """One round's likelihoods: under the solved strategy, and under each model."""
        if solved <= 0.0:
            return
        self.rounds += 1
        self.logs += np.log(np.maximum(models, 1e-300) / solved)

    def ratio(self) -> float:
        top = float(self.logs.max()) if self.rounds else 0.0
        return float(np.exp(np.clip(self.logs - top, -700, 0)).mean() * np.exp(min(top, 700.0)))

    def posterior(self, odds: float) -> float:
        """P(a threshold player | what it did), prior odds 1 : ``odds``."""
        r = self.ratio()
        return r / (r + odds)

    def weights(self) -> np.ndarray:
        """The posterior over the grid's players (a uniform prior)."""
        w = np.exp(self.logs - self.logs.max())
        return np.asarray(w / w.sum())

    def likeliest(self) -> tuple[float, float]:
        return GRID[int(np.argmax(self.logs))]

    def mean(self) -> tuple[float, float]:
        """The posterior mean of the two thresholds over the grid (uniform prior; "always"
        counts as 0 and "never" as 1, the thresholds no estimate fails or passes).  Early
        in a match, when a few answers leave the grid's players far apart, it is a better
        player to answer than the likeliest one: measured, 0.855 of single matches against
        ``honest`` where the likeliest gave 0.75 (docs/solver.md)."""
        r, a = self.weights() @ np.clip(np.array(GRID), 0.0, 1.0)
        return (round(float(r), 3), round(float(a), 3))


# -- the best response over the rest of the round ---------------------------------------------
_OUTCOMES: dict[Outcome, int] = {}  # the round's ends, numbered
_ENDS: list[Outcome] = []
_SUCCESSORS: dict[tuple[State, int, tuple[int, int]],
                  tuple[tuple[Move, ...], tuple[State | int, ...]]] = {}


def _successors(s: State, target: int, scores: tuple[int, int]
                ) -> tuple[tuple[Move, ...], tuple[State | int, ...]]:
    """``tree.successors``, kept, with each end as its number in ``_ENDS``: kept as plain
    tuples of numbers, the cache holds nothing the garbage collector must walk (thousands
    of objects there made its pauses longer than a decision may take)."""
    key = (s, target, scores)
    got = _SUCCESSORS.get(key)
    if got is None:
        succ = successors(s, target, scores)
        nexts: list[State | int] = []
        for _, _, n in succ:
            if isinstance(n, Outcome):
                if n not in _OUTCOMES:
                    _OUTCOMES[n] = len(_ENDS)
                    _ENDS.append(n)
                nexts.append(_OUTCOMES[n])
            else:
                nexts.append(n)
        if len(_SUCCESSORS) >= _SUCCESSORS_MAX:
            _SUCCESSORS.clear()
        got = _SUCCESSORS[key] = (tuple((k, q) for k, q, _ in succ), tuple(nexts))
    return got


def best_move(s: State, me: int, full: Multiset, belief: np.ndarray,
              model: tuple[float, float], target: int, scores: tuple[int, int],
              me_engine: int, dealer: int, points: tuple[int, int],
              nodes: int = NODES, future: int = FUTURE_RAISES, every_card: bool = False,
              seconds: float | None = None, match: MatchWin = match_win
              ) -> tuple[Move, dict[Move, float]] | None:
    """The move of the best response to the threshold player ``model`` at ``s`` (``me``
    the seat to move, 0 the non-dealer; ``full`` my three cards of this stage), and every
    move's value (my match-win probability, over its hands).  ``belief`` weighs its full
    hands (``HANDS``); ``points`` is the match score by engine seat, ``me_engine`` mine.
    After this move I raise or rest at most ``future`` times, and play the greedy card
    (``every_card``: the best); the threshold player's raises are all in the tree.  None
    if the tree has more than ``nodes`` nodes, or takes more than ``seconds``.  ``match``
    values the round's ends (the match table of ``strategy.matchtable``, or of ``ai.habits``)."""
    budget = [nodes]
    deadline = None if seconds is None else time.perf_counter() + seconds
    ends: dict[int, float] = {}

    def value(end: int) -> float:
        if end not in ends:
            out = _ENDS[end]
            if out.redeal:  # T3: a fresh round at the same score (its value before a deal)
                ends[end] = match(points, me_engine, dealer, target)
            else:
                pts = list(points)
                if out.winner != NONE:
                    w = dealer if out.winner == 1 else 1 - dealer
                    pts[w] += round_points(w, out.stake, out.game, points, target)
                ends[end] = match(pts, me_engine, 1 - dealer, target)  # T2: next dealer
        return ends[end]

    def child(nxt: State | int, b: np.ndarray, raises: int) -> np.ndarray | float:
        """My value for each of the opponent's hands (a number: the same for all)."""
        if isinstance(nxt, int):
            return value(nxt)
        budget[0] -= 1
        if budget[0] < 0 or (deadline is not None and time.perf_counter() > deadline):
            raise _Cut
        moves, nexts = _successors(nxt, target, scores)
        if nxt[0] == me:
            left = _left(nxt, full, me)
            if left and not every_card:  # my later cards: the greedy one
                left = (greedy_rank(left, nxt[7], nxt[8], me),)
            best: np.ndarray | float = 0.0
            best_v = -1.0
            for (k, q), n in zip(moves, nexts, strict=True):
                if ((k == PLAY and q not in left) or k == REDEAL
                        or (k in (RAISE, REST_KIND) and raises <= 0)):
                    continue
                v = child(n, b, raises - (k in (RAISE, REST_KIND)))
                tot = float(b @ v) if isinstance(v, np.ndarray) else v * float(b.sum())
                if tot > best_v:
                    best, best_v = v, tot
            return best
        out = np.zeros(len(HANDS))
        block = model_block(nxt, moves, model, deadline)
        for col, n in zip(block, nexts, strict=True):
            nb = b * col
            if not nb.any():
                continue
            out += col * child(n, nb, raises)
        return out

    total = float(belief.sum())
    if total <= 0 or s[0] != me:
        return None
    b = belief / total
    moves, nexts = _successors(s, target, scores)
    left = _left(s, full, me)
    values: dict[Move, float] = {}
    try:
        for (k, q), n in zip(moves, nexts, strict=True):
            if k == PLAY and q not in left:
                continue
            v = child(n, b, future)
            values[(k, q)] = float(b @ v) if isinstance(v, np.ndarray) else v
    except _Cut:
        return None
    if not values:
        return None
    return max(values, key=lambda m: values[m]), values


def _left(st: State, full: Multiset, me: int) -> Multiset:
    """My cards left at ``st``: my full hand without those my seat has played."""
    rest = minus(full, list(st[9] if me == 0 else st[10]))
    return rest if rest is not None else ()
