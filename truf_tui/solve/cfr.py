"""Vector counterfactual regret minimisation on one Le Truc round, with an exact best
response.

Two algorithms (``ALGORITHMS``), both with alternating updates (the dealer's pass sees the
non-dealer's new strategy):

- ``dcfr``, the default (``DEFAULT``) and what the shipped files were solved with: Brown
  and Sandholm's discounted CFR, DCFR(1.5, 0, 2): positive regrets discounted by
  t^1.5 / (t^1.5 + 1), negative ones halved, the average strategy weighted by t^2;
- ``cfr+`` (Tammelin 2014): regrets floored at zero, the average weighted by t.

Vectors over hands carry exact card-removal weights (:mod:`truf_tui.strategy.hands`).

The best response is exact in the tree (full public history, perfect recall): at each of
its nodes the responder picks, for every hand, the move of highest counterfactual value.
Exploitability is the mean over the two seats of what a best responder gains against the
strategy over the game's value (NashConv / 2), in the utility's unit; it takes the one
strategy type, :class:`~truf_tui.strategy.layout.TreeStrategy` (the steps:
:mod:`truf_tui.strategy`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from truf_tui.engine.truc import round_points
from truf_tui.solve import kernels as K
from truf_tui.strategy.arrays import Floats, Ints
from truf_tui.strategy.hands import GLOB, HOLDS, LIFT, SIZE, WEIGHT, WIDTH
from truf_tui.strategy.layout import TreeStrategy, layout
from truf_tui.strategy.tree import Outcome, Tree

Vec = Floats  # a vector over (node or edge, hand), ``layout``'s


def points_utility(tree: Tree, redeal_value: float = 0.0,
                   scores: tuple[int, int] | None = None) -> Vec:
    """What each outcome is worth to the non-dealer in points (T10; the game, T8, counts
    the points that bring the winner to the target), at ``scores`` (default: the tree's;
    another score with the same raise cap has the same tree)."""
    at = tree.scores if scores is None else scores
    return np.array([_points(o, at, tree.target, redeal_value) for o in tree.outcomes])


def _points(o: Outcome, scores: tuple[int, int], target: int, redeal_value: float) -> float:
    if o.redeal:
        return redeal_value
    if o.winner < 0:
        return 0.0
    pts = round_points(o.winner, o.stake, o.game, scores, target)
    return float(pts if o.winner == 0 else -pts)


def match_utility(tree: Tree, next_round: Callable[[int, int], float],
                  redeal_value: float = 0.0) -> Vec:
    """What each outcome is worth to the non-dealer in the match: 2 P(he wins it) - 1.

    ``next_round(a, b)`` is the probability that the non-dealer of the *next* round wins
    the match when he has ``a`` points and the dealer ``b`` (both below the target).  The
    deal passes after every round (T2), so this round's dealer is the next non-dealer.
    """
    target = tree.target
    sn, sd = tree.scores

    def win(o: Outcome) -> float:
        n, d = sn, sd
        if o.winner >= 0:
            pts = round_points(o.winner, o.stake, o.game, tree.scores, target)
            n, d = (n + pts, d) if o.winner == 0 else (n, d + pts)
        if n >= target:
            return 1.0
        if d >= target:
            return 0.0
        return 1.0 - next_round(d, n)

    return np.array([redeal_value if o.redeal else 2.0 * win(o) - 1.0 for o in tree.outcomes])


@dataclass
class Exploitability:
    best0: float  # what a best-responding non-dealer gets against the dealer's strategy
    best1: float  # what a best-responding dealer gets (his own sign) against the non-dealer's
    value: float  # the strategy's value for the non-dealer, played against itself

    @property
    def total(self) -> float:
        """NashConv / 2: the mean loss to a best responder over both seats."""
        return (self.best0 + self.best1) / 2

    @property
    def bounds(self) -> tuple[float, float]:
        """The game's value for the non-dealer lies in [-best1, best0]."""
        return (-self.best1, self.best0)


ALGORITHMS = ("dcfr", "cfr+")
DEFAULT = "dcfr"


class Solver:
    """Discounted CFR (the default) or CFR+ over one tree (see above); ``utility`` is what
    each outcome is worth to the non-dealer."""

    def __init__(self, tree: Tree, utility: Vec, algorithm: str = DEFAULT) -> None:
        if algorithm not in ALGORITHMS:
            raise ValueError(f"algorithm must be one of {', '.join(ALGORITHMS)}")
        self.algorithm = algorithm
        self.tree = tree
        self.utility = np.ascontiguousarray(utility, dtype=np.float64)
        t = tree
        at = layout(t)
        self.off0, self.off1, self.size0, self.size1 = at.off0, at.off1, at.size0, at.size1
        self.edge_off, self.edge_size = at.edge_off, at.edge_size
        counts = np.diff(t.edge_start)
        if counts.max() > K.MAX_EDGES:
            raise ValueError(f"a node has {counts.max()} moves; the kernels allow "
                             f"{K.MAX_EDGES}")
        self.regret = np.zeros(self.edge_size)
        self.sums = np.zeros(self.edge_size)
        self.sigma = np.zeros(self.edge_size)
        self.reach0 = np.zeros(self.size0)
        self.reach1 = np.zeros(self.size1)
        self.value = np.zeros(max(self.size0, self.size1))
        self.iteration = 0
        self._sigma_ok = False  # is sigma the regret matching of the current regrets?

    # -- the passes --------------------------------------------------------------------------
    def _forward(self, match_player: int, accumulate: int, weight: float,
                 sigma: Vec | None = None) -> None:
        t = self.tree
        K.forward(t.player, t.played, t.edge_start, t.edge_rank, t.edge_child,
                  self.edge_off, self.off0, self.off1, SIZE, WIDTH, HOLDS, LIFT,
                  self.regret, self.sigma if sigma is None else sigma, self.reach0,
                  self.reach1, self.sums, match_player, accumulate, weight)

    def _backward(self, i: int, mode: int, sigma: Vec | None = None,
                  discount: tuple[float, float, bool] = (1.0, 1.0, True)) -> float:
        return float(self.root_values(i, mode, sigma, discount).sum())

    def root_values(self, i: int, mode: int, sigma: Vec | None = None,
                    discount: tuple[float, float, bool] = (1.0, 1.0, True)) -> Vec:
        """Player i's counterfactual values at the root, one per hand (card removal
        included: they sum to his expected utility).  Needs the reach of a forward pass."""
        t = self.tree
        value = np.zeros(self.size0 if i == 0 else self.size1)
        K.backward(i, mode, t.player, t.played, t.edge_start, t.edge_rank, t.edge_child,
                   t.edge_outcome, self.edge_off, self.off0, self.off1, SIZE, WIDTH, HOLDS,
                   LIFT, GLOB, WEIGHT, self.utility, self.sigma if sigma is None else sigma,
                   self.reach0, self.reach1, self.regret, value, *discount)
        return value[:WIDTH[0]].copy()

    def iterate(self, n: int = 1, progress: Callable[[int], None] | None = None) -> None:
        """``n`` iterations of the solver's algorithm (each: the non-dealer's update, then
        the dealer's)."""
        for _ in range(n):
            self.iteration += 1
            t = float(self.iteration)
            if self.algorithm == "dcfr":
                keep = ((t - 1) ** 1.5 / ((t - 1) ** 1.5 + 1), 0.5, False)
                weight = t * t
            else:
                keep, weight = (1.0, 0.0, True), t
            for i in (0, 1):
                # only the other player's regrets changed since sigma was last computed
                self._forward(1 - i if self._sigma_ok else 2, i, weight)
                self._sigma_ok = True
                self._backward(i, K.REGRET, discount=keep)
            if progress is not None:
                progress(self.iteration)

    # -- the average strategy and its exploitability ------------------------------------------
    def played(self, strategy: Vec) -> TreeStrategy:
        """``strategy`` (a vector over this tree's edges and hands) as the one type."""
        return TreeStrategy(self.tree, strategy)

    def average(self) -> Vec:
        """The average strategy, per edge and hand (uniform where a hand never came)."""
        t = self.tree
        avg = np.zeros(self.edge_size)
        _normalise_all(t.nodes, t.player, t.played, t.edge_start, t.edge_rank,
                       self.edge_off, SIZE, WIDTH, HOLDS, self.sums, avg)
        return avg

    def exploitability(self, strategy: TreeStrategy | None = None) -> Exploitability:
        """Exact best responses to ``strategy``, on this solver's tree (default: the
        average strategy): steps 3 to 5 of :mod:`truf_tui.strategy`'s computation."""
        if strategy is not None and strategy.tree is not self.tree:
            raise ValueError("the strategy is on another tree than the solver's")
        s = self.average() if strategy is None else strategy.probs
        self.prepare(s)
        value = self._backward(0, K.EVAL, s)
        best0 = self._backward(0, K.BEST, s)
        best1 = self._backward(1, K.BEST, s)
        return Exploitability(best0, best1, value)

    def prepare(self, strategy: Vec) -> None:
        """The reach vectors of ``strategy``, for :meth:`root_values`."""
        self._forward(-1, -1, 0.0, strategy)

    # -- checkpoints ------------------------------------------------------------------------
    def save(self, path: Path, **meta: object) -> None:
        """Atomically: a crash while saving leaves the previous checkpoint."""
        tmp = path.with_name(path.name + ".tmp")
        with open(tmp, "wb") as f:
            np.savez(f, regret=self.regret, sums=self.sums, iteration=self.iteration,
                     algorithm=self.algorithm,
                     target=self.tree.target, scores=np.array(self.tree.scores),
                     redeal=self.tree.redeal, utility=self.utility,
                     meta=np.array(repr(sorted(meta.items()))))
        tmp.replace(path)

    def load(self, path: Path) -> None:
        with np.load(path) as d:
            same = (int(d["target"]) == self.tree.target
                    and tuple(int(x) for x in d["scores"]) == self.tree.scores
                    and bool(d["redeal"]) == self.tree.redeal
                    and str(d["algorithm"]) == self.algorithm
                    and d["regret"].shape == self.regret.shape)
            if not same:
                raise ValueError(f"{path}: the checkpoint is of another round")
            self.regret[:] = d["regret"]
            self.sums[:] = d["sums"]
            self.iteration = int(d["iteration"])
        self._sigma_ok = False


@K.jit
def _normalise_all(nodes: int, player: Ints, played: Ints, edge_start: Ints, edge_rank: Ints,
                   edge_off: Ints, size: Ints, width: Ints, holds: Ints, sums: Floats,
                   avg: Floats) -> None:
    for n in range(nodes):
        K.normalise(n, player, played, edge_start, edge_rank, edge_off, size, width, holds,
                    sums, avg)
