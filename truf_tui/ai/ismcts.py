"""Information Set Monte Carlo Tree Search, shared by both games.

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012) for two-player, zero-sum games
whose actions are all public (true of Trufludo and Le Truc: cards played, raises and answers
are seen by both; only the deals are hidden):

- The tree belongs to the observer (the player to move at the root).  A node is a sequence
  of actions from the root; its edges are keyed by action.
- Every iteration draws a fresh **determinization** (a full state consistent with what the
  observer has seen, from ``model.sample``), walks the tree with the actions legal in that
  determinization, expands one new edge, then finishes with ``model.evaluate`` (a rollout, or
  an evaluation).
- Selection is UCB1 with **availability counts**: an edge's exploration term uses how often
  it was *available* (legal in the determinizations that reached its node), not how often
  the parent was visited.
- Optional **progressive bias**: a prior in [0, 1] per action (``model.prior``) adds
  ``bias * prior / (visits + 1)`` to its UCB score and orders the expansion of new edges.
- Optional ``model.info_key(state, player)``: the statistics of the player to move at a node
  are then kept per key (an abstraction of that player's private information, e.g. the
  strength of his hand), so that the opponent modelled in the tree plays a hand-dependent
  strategy instead of one averaged over all hands it might hold.  With ``info_key`` left
  ``None`` the search is plain single-observer ISMCTS.
- Optional ``restrict``: an opponent model may narrow (or fix) the opponent's choices at
  his nodes, e.g. accept or refuse a raise with the probability a model gives for his hand.
- Budget: a number of iterations, or a deadline (checked every few iterations), whichever
  is given (iterations win).
- The root statistics (visits, mean value for the observer) of every root action are
  returned; the caller chooses (usually the most visited action).

Values are win probabilities in [0, 1] from the observer's point of view; a player other
than the observer scores ``1 - value``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar, cast

S = TypeVar("S")
A = TypeVar("A", bound=Hashable)


class Model(Protocol[S, A]):
    """What the search needs from a game (see the module docstring): ``S`` is what it walks
    through (states, and whatever ``step`` returns where it stops), ``A`` the actions."""

    def sample(self, rng: random.Random) -> S:
        """A determinization: a full state the observer cannot tell from the real one."""

    def to_move(self, state: S) -> int | None:
        """The player to move, or None where the search stops (terminal or horizon)."""

    def actions(self, state: S) -> Sequence[A]: ...

    def step(self, state: S, action: A) -> S: ...

    def evaluate(self, state: S, rng: random.Random) -> float:
        """Value for the observer in [0, 1]: a rollout to the horizon, or a static guess."""


class Stat:
    """One edge's statistics: visits, total value (for the player who moves), availability."""

    __slots__ = ("n", "w", "avail", "prior")

    def __init__(self, prior: float) -> None:
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.prior = prior


class Node:
    __slots__ = ("kids", "infos")

    def __init__(self) -> None:
        self.kids: dict[Hashable, Node] = {}  # by action
        self.infos: dict[Hashable, dict[Hashable, Stat]] = {}  # by info key, then action


@dataclass(frozen=True)
class RootStat(Generic[A]):
    action: A
    visits: int
    value: float  # mean value for the observer


@dataclass
class SearchResult(Generic[A]):
    stats: list[RootStat[A]]  # most visited first
    iterations: int
    seconds: float

    @property
    def best(self) -> A:
        return self.stats[0].action


# Paired ``settle``: how sure (standard errors of the paired difference) and after how many
# rounds a search may stop early.
PAIRED_Z = 3.0
PAIRED_MIN_ROUNDS = 64


def _settled(root: Node, root_key: Hashable, left: float) -> bool:
    """Whether the most visited root action stays ahead even if ``left`` more iterations
    all went to the runner-up."""
    info = root.infos.get(root_key)
    if not info or len(info) < 2:
        return False
    first = second = 0
    for st in info.values():
        n = st.n
        if n > first:
            first, second = n, first
        elif n > second:
            second = n
    return first - second > left


def _paired_settled(info: dict[Hashable, Stat], sq: dict[frozenset[Hashable], float],
                    rounds: int,
                    z: float = PAIRED_Z, min_rounds: int = PAIRED_MIN_ROUNDS) -> bool:
    """Paired search: whether the best root value leads every other root action by more
    than ``z`` standard errors of their paired differences.  ``info`` holds the root
    statistics (each action's total value over the ``rounds`` deals), ``sq`` the sums of
    the squared differences per pair of actions."""
    if rounds < min_rounds or len(info) < 2:
        return False
    best = max(info, key=lambda a: info[a].w)
    for a, st in info.items():
        if a is best:
            continue
        d = (info[best].w - st.w) / rounds
        var = max(sq[frozenset((best, a))] / rounds - d * d, 0.0)
        if d <= 0.0 or d * d * rounds <= z * z * var:
            return False
    return True


# (C901: one function, so that the walk's callbacks and constants are locals, for speed)
def search(model: Model[S, A], observer: int, rng: random.Random, *,  # noqa: C901
           iterations: int | None = None, seconds: float | None = None, c: float = 0.7,
           bias: float = 0.0, info_key: Callable[[S, int], Hashable] | None = None,
           prior: Callable[[S, Sequence[A]], Sequence[float]] | None = None,
           restrict: Callable[[S, int, Sequence[A], random.Random], Sequence[A]] | None = None,
           root_key: Hashable = None, check_every: int = 8,
           settle: bool = False, paired: bool = False) -> SearchResult[A]:
    """Run ISMCTS from the observer's information set (see the module docstring).

    ``iterations`` wins over ``seconds``; with neither, 1000 iterations.  With ``info_key``,
    ``root_key`` is the observer's own key at the root (whose statistics are returned).
    ``restrict(state, player, actions, rng)``, if given, narrows the actions a player may
    choose at a node (e.g. an opponent model deciding whether the opponent bets); it must
    leave the observer's root actions alone.
    ``settle``: stop as soon as the most visited root action can no longer be overtaken
    within the budget left (for a time budget, the iterations the current rate would still
    fit in): the choice is the one the full budget would make, sooner.  Only for a caller
    that takes the most visited action; the other statistics are then less precise.
    ``paired``: every iteration tries *all* root actions on one determinization with common
    random numbers (the tree below each grows as usual): the differences between root values
    then carry no sampling noise of the deal, which matters where good and bad moves differ
    by a few percent (Trufludo).  An iteration counts once per root action tried; the
    statistics come best value first, with equal visits.  With ``settle`` a paired search
    stops once the best root value leads every other one by more than ``PAIRED_Z`` standard
    errors of their paired differences (after ``PAIRED_MIN_ROUNDS`` rounds): a clear choice
    comes sooner, a close one gets the whole budget.
    """
    if iterations is None and seconds is None:
        iterations = 1000
    start = time.perf_counter()
    end = None if iterations is not None else start + max(0.0, seconds or 0.0)
    limit = iterations if iterations is not None else 1 << 62
    sample, to_move, actions, step = model.sample, model.to_move, model.actions, model.step
    evaluate = model.evaluate
    sqrt, log = math.sqrt, math.log

    def descend(s: S, node: Node, path: list[tuple[Stat, int]], r: random.Random) -> None:
        """One walk down the tree from ``node`` (reached by ``path``), its value backed up."""
        while True:
            p = to_move(s)
            if p is None:
                break
            acts = actions(s)
            if restrict is not None and p != observer:
                acts = restrict(s, p, acts, r)
            key = info_key(s, p) if info_key is not None else None
            info = node.infos.get(key)
            if info is None:
                info = node.infos[key] = {}
            fresh: Stat | None = None
            best: Stat | None = None
            fresh_a = best_a = acts[0]  # (typed; only read once fresh or best is set)
            best_u = -1.0e18
            missing = False
            for a in acts:
                if a not in info:
                    missing = True
                    break
            if missing:
                pri = prior(s, acts) if prior is not None else None
                for i, a in enumerate(acts):
                    if a not in info:
                        info[a] = Stat(pri[i] if pri is not None else 0.0)
            for a in acts:
                st = info[a]
                st.avail += 1
                n = st.n
                if n == 0:
                    if fresh is None or st.prior > fresh.prior or (
                            st.prior == fresh.prior and r.random() < 0.5):
                        fresh, fresh_a = st, a
                elif fresh is None:
                    u = st.w / n + c * sqrt(log(st.avail) / n)
                    if bias:
                        u += bias * st.prior / (n + 1)
                    if u > best_u:
                        best_u, best, best_a = u, st, a
            if fresh is not None:
                path.append((fresh, p))
                s = step(s, fresh_a)
                break
            assert best is not None
            path.append((best, p))
            s = step(s, best_a)
            kid = node.kids.get(best_a)
            if kid is None:
                kid = node.kids[best_a] = Node()
            node = kid
        v = evaluate(s, r)
        for st, p in path:
            st.n += 1
            st.w += v if p == observer else 1.0 - v

    root = Node()
    it = 0
    # paired + settle: per pair of root actions the sum of their squared differences, over
    # ``rounds`` determinizations (their sums are the root statistics)
    sq: dict[frozenset[Hashable], float] = {}
    rounds = 0
    while it < limit:
        if it % check_every == 0 and it:
            now = time.perf_counter() if end is not None else 0.0
            if end is not None and now >= end:
                break
            if settle:
                if paired:
                    done = _paired_settled(root.infos.get(root_key, {}), sq, rounds)
                else:  # iterations left: by the budget, or by the current rate
                    left = (limit - it if end is None
                            else it * (end - now) / max(now - start, 1e-9))
                    done = _settled(root, root_key, left)
                if done:
                    break
        it += 1
        s = sample(rng)
        if not paired:
            descend(s, root, [], rng)
            continue
        # Paired root: every root action is tried on this same determinization with the
        # same random numbers below it, so the root values differ by the actions only.
        seed = rng.getrandbits(62)
        info = root.infos.get(root_key)
        if info is None:
            info = root.infos[root_key] = {}
        acts = actions(s)
        values = []
        for a in acts:
            st = info.get(a)
            if st is None:
                st = info[a] = Stat(0.0)
            st.avail += 1
            kid = root.kids.get(a)
            if kid is None:
                kid = root.kids[a] = Node()
            w = st.w
            descend(step(s, a), kid, [(st, observer)], random.Random(seed))
            values.append(st.w - w)
        it += len(acts) - 1
        if settle:
            rounds += 1
            for i, a in enumerate(acts):
                for j in range(i):
                    key = frozenset((acts[j], a))
                    d = values[i] - values[j]
                    sq[key] = sq.get(key, 0.0) + d * d
    elapsed = time.perf_counter() - start
    stats = [RootStat(cast(A, a), st.n, st.w / st.n if st.n else 0.5)  # its keys are A's
             for a, st in root.infos.get(root_key, {}).items()]
    if paired:
        stats.sort(key=lambda r: (-r.value, -r.visits))
    else:
        stats.sort(key=lambda r: (-r.visits, -r.value))
    return SearchResult(stats, it, elapsed)
