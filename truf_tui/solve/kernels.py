"""The solver's inner loops over the public tree, compiled by numba when it is installed.

Vectors over a player's possible hands are stored flat, node after node (``off[p][n]`` is
where node ``n``'s vector for player ``p`` starts, its width ``WIDTH[cards p played]``).
Per-edge vectors (regrets, strategy, strategy sums) are over the mover's hands at the
parent (``edge_off[e]``).  A hand may take an edge if the edge is a word (raise, accept...)
or plays a rank the hand still holds.

Without numba (the app's own install) these run as plain Python: correct, only slow; the
solver's extra (``pip install truf-tui[solve]``) brings numba.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec, TypeVar

import numpy as np

from truf_tui.strategy.arrays import Floats, Ints

P = ParamSpec("P")
R = TypeVar("R")

try:  # pragma: no cover - which branch runs depends on the install
    from numba import njit as _njit

    def jit(f: Callable[P, R]) -> Callable[P, R]:
        # numba's dispatcher is called as ``f`` is, on the same arguments
        compiled: Callable[P, R] = _njit(cache=True, nogil=True)(f)
        return compiled

    HAVE_NUMBA = True
except ImportError:  # pragma: no cover
    def jit(f: Callable[P, R]) -> Callable[P, R]:
        return f

    HAVE_NUMBA = False

# modes of the backward pass
REGRET, BEST, EVAL = 0, 1, 2
MAX_EDGES = 16


@jit
def _can(rank: int, k: int, j: int, holds: Ints) -> bool:
    return rank < 0 or holds[k, j, rank] == 1


@jit
def regret_matching(n: int, player: Ints, played: Ints, edge_start: Ints, edge_rank: Ints,
                    edge_off: Ints, size: Ints, width: Ints, holds: Ints,
                    regret: Floats, sigma: Floats) -> None:
    """sigma at node n: positive regrets normalised, uniform over the hand's moves if none."""
    m = player[n]
    k = size[played[n, m]]
    w = width[k]
    es, ee = edge_start[n], edge_start[n + 1]
    for j in range(w):
        total = 0.0
        avail = 0
        for e in range(es, ee):
            if _can(edge_rank[e], k, j, holds):
                avail += 1
                r = regret[edge_off[e] + j]
                if r > 0.0:
                    total += r
        for e in range(es, ee):
            i = edge_off[e] + j
            if not _can(edge_rank[e], k, j, holds):
                sigma[i] = 0.0
            elif total > 0.0:
                r = regret[i]
                sigma[i] = r / total if r > 0.0 else 0.0
            else:
                sigma[i] = 1.0 / avail


@jit
def normalise(n: int, player: Ints, played: Ints, edge_start: Ints, edge_rank: Ints, edge_off: Ints,
              size: Ints, width: Ints, holds: Ints, sums: Floats, sigma: Floats) -> None:
    """The average strategy at node n from the strategy sums."""
    regret_matching(n, player, played, edge_start, edge_rank, edge_off, size, width, holds,
                    sums, sigma)


@jit
def forward(player: Ints, played: Ints, edge_start: Ints, edge_rank: Ints, edge_child: Ints,
            edge_off: Ints, off0: Ints, off1: Ints, size: Ints, width: Ints, holds: Ints,
            lift: Ints, regret: Floats, sigma: Floats, reach0: Floats, reach1: Floats, sums: Floats,
            match_player: int, accumulate: int, weight: float) -> None:
    """Reach vectors of both players at every node (pre-order: parents first).

    At the nodes of ``match_player`` (0 or 1; 2 for all, -1 for none) sigma is first
    recomputed from the regrets; with
    ``accumulate`` = p (0 or 1) p's strategy sums grow by weight * reach * sigma.
    """
    nodes = len(player)
    reach0[0:width[0]] = 1.0
    reach1[0:width[0]] = 1.0
    for n in range(nodes):
        if match_player == 2 or match_player == player[n]:
            regret_matching(n, player, played, edge_start, edge_rank, edge_off, size, width,
                            holds, regret, sigma)
        m = player[n]
        k = size[played[n, m]]
        w = width[k]
        if m == 0:
            rm, ro, om, oo = reach0, reach1, off0, off1
        else:
            rm, ro, om, oo = reach1, reach0, off1, off0
        ko = size[played[n, 1 - m]]
        wo = width[ko]
        base = om[n]
        for e in range(edge_start[n], edge_start[n + 1]):
            eo = edge_off[e]
            if accumulate == m:
                for j in range(w):
                    sums[eo + j] += weight * rm[base + j] * sigma[eo + j]
            c = edge_child[e]
            if c < 0:
                continue
            r = edge_rank[e]
            cb = om[c]
            if r >= 0:  # the mover's hands narrow to those that held r
                for j2 in range(width[k + 1]):
                    j = lift[k, r, j2]
                    rm[cb + j2] = rm[base + j] * sigma[eo + j]
            else:
                for j in range(w):
                    rm[cb + j] = rm[base + j] * sigma[eo + j]
            ob, cob = oo[n], oo[c]
            for j in range(wo):
                ro[cob + j] = ro[ob + j]


@jit
def _weighted(mi: int, mo: int, wi: int, wo: int, glob: Ints, weight: Floats, x: Floats,
              out: Floats) -> None:
    """out[a] = sum_b P(i holds hand a, the other hand b) * x[b] (card removal)."""
    for a in range(wi):
        g = glob[mi, a]
        s = 0.0
        for b in range(wo):
            s += weight[g, glob[mo, b]] * x[b]
        out[a] = s


@jit
def _child_values(es: int, ee: int, wi: int, ki: int, sign: float, edge_child: Ints,
                  edge_rank: Ints, edge_outcome: Ints, off_i: Ints, width: Ints, lift: Ints,
                  utility: Floats, value: Floats, q: Floats, cv: Floats) -> None:
    """cv[move, hand]: the mover's value of each of his moves at a node, in his hands at
    the node (a play narrows them: lift maps them back)."""
    for e in range(es, ee):
        row = e - es
        c = edge_child[e]
        r = edge_rank[e]
        if c < 0:
            u = sign * utility[edge_outcome[e]]
            for a in range(wi):
                cv[row, a] = u * q[a]
        elif r >= 0:
            for a in range(wi):
                cv[row, a] = 0.0
            cb = off_i[c]
            for j2 in range(width[ki + 1]):
                cv[row, lift[ki, r, j2]] = value[cb + j2]
        else:
            cb = off_i[c]
            for a in range(wi):
                cv[row, a] = value[cb + a]


@jit
def backward(i: int, mode: int, player: Ints, played: Ints, edge_start: Ints, edge_rank: Ints,
             edge_child: Ints, edge_outcome: Ints, edge_off: Ints, off0: Ints, off1: Ints,
             size: Ints, width: Ints, holds: Ints, lift: Ints, glob: Ints, weight: Floats,
             utility: Floats, sigma: Floats, reach0: Floats, reach1: Floats, regret: Floats,
             value: Floats, keep_pos: float, keep_neg: float, floor: bool) -> None:
    """Counterfactual values of player i at every node (reverse pre-order: children first).

    ``utility[o]`` is what outcome o is worth to player 0 (player 1 gets minus it).  Modes:
    REGRET discounts i's regrets (positive ones by ``keep_pos``, negative ones by
    ``keep_neg``), adds the new ones, and with ``floor`` keeps them at 0 or more (CFR+,
    keep_pos = 1); BEST takes i's best move for every hand (a
    best response to sigma); EVAL follows sigma for both.
    """
    sign = 1.0 if i == 0 else -1.0
    off_i = off0 if i == 0 else off1
    off_o = off1 if i == 0 else off0
    reach_o = reach1 if i == 0 else reach0
    q = np.empty(120)
    t = np.empty(120)
    x = np.empty(120)
    cv = np.empty((MAX_EDGES, 120))
    for n in range(len(player) - 1, -1, -1):
        m = player[n]
        mi, mo = played[n, i], played[n, 1 - i]
        ki, ko = size[mi], size[mo]
        wi, wo = width[ki], width[ko]
        es, ee = edge_start[n], edge_start[n + 1]
        vb = off_i[n]
        for a in range(wi):
            value[vb + a] = 0.0
        terminal = False
        for e in range(es, ee):
            if edge_child[e] < 0:
                terminal = True
        if m == i:
            if terminal:
                _weighted(mi, mo, wi, wo, glob, weight, reach_o[off_o[n]:off_o[n] + wo], q)
            _child_values(es, ee, wi, ki, sign, edge_child, edge_rank, edge_outcome, off_i,
                          width, lift, utility, value, q, cv)
            if mode == BEST:
                for a in range(wi):
                    best = -1e300
                    for e in range(es, ee):
                        if _can(edge_rank[e], ki, a, holds) and cv[e - es, a] > best:
                            best = cv[e - es, a]
                    value[vb + a] = best if best > -1e300 else 0.0
            else:
                for e in range(es, ee):
                    eo = edge_off[e]
                    for a in range(wi):
                        value[vb + a] += sigma[eo + a] * cv[e - es, a]
                if mode == REGRET:
                    for e in range(es, ee):
                        eo = edge_off[e]
                        for a in range(wi):
                            if _can(edge_rank[e], ki, a, holds):
                                g = regret[eo + a]
                                g *= keep_pos if g > 0.0 else keep_neg
                                g += cv[e - es, a] - value[vb + a]
                                regret[eo + a] = g if g > 0.0 or not floor else 0.0
        else:
            for b in range(wo):
                t[b] = 0.0
            for e in range(es, ee):
                c = edge_child[e]
                if c < 0:
                    u = sign * utility[edge_outcome[e]]
                    eo = edge_off[e]
                    for b in range(wo):
                        t[b] += u * sigma[eo + b]
                else:
                    cb = off_i[c]
                    for a in range(wi):
                        value[vb + a] += value[cb + a]
            if terminal:
                ob = off_o[n]
                for b in range(wo):
                    x[b] = reach_o[ob + b] * t[b]
                _weighted(mi, mo, wi, wo, glob, weight, x, q)
                for a in range(wi):
                    value[vb + a] += q[a]
