"""What ships: the solved strategy per public *state*, not per history, in bytes.

The solver's strategy lives on full public histories (millions of nodes).  Many histories
leave the same state: the same trick results, cards played, stake, last raiser, pending
proposal, rest and redeal option (for instance a raise accepted in the first trick or in
the second).  The blueprint keeps one strategy per (state, hand): the average of the
histories' strategies, weighted by how likely each history is with that hand (both
players' reach and the card-removal weights).  Probabilities are stored in one byte each.

This is an abstraction (the player forgets *when* the stake was raised); its cost is not
guessed but measured: :func:`lift` puts the blueprint back on the full tree, where
``Solver.exploitability`` computes an exact best response to what the expert really plays.
"""

from __future__ import annotations

import lzma
from dataclasses import dataclass

import numpy as np

from truf_tui.solve import kernels as K
from truf_tui.solve.cfr import Solver, Vec
from truf_tui.strategy.arrays import Bools, Floats, Ints, Numbers
from truf_tui.strategy.hands import GLOB, HOLDS, SIZE, WEIGHT, WIDTH
from truf_tui.strategy.tree import State


@dataclass
class Blueprint:
    target: int
    scores: tuple[int, int]
    states: tuple[State, ...]
    offset: Ints  # where a state's block starts in ``probs``
    edges: Ints  # its number of moves
    width: Ints  # the mover's number of possible hands there
    probs: Numbers  # [move][hand] per block, in 1/255ths or 1/65535ths (a hand's column
    # sums to about that)
    group: Ints  # the tree's node -> its block

    @property
    def nbytes(self) -> int:
        return int(self.probs.nbytes)

    def packed_bytes(self) -> int:
        """Its size once compressed (lzma), as it would ship."""
        return len(lzma.compress(self.probs.tobytes(), preset=6))


def merge(solver: Solver, strategy: Vec, groups: Ints | None = None, bits: int = 8
          ) -> Blueprint:
    """The blueprint of ``strategy`` (per edge and hand, on ``solver.tree``): one strategy
    per public state, or per group of ``groups`` (node -> group, each group within one
    state; ``np.arange(tree.nodes)`` keeps every history), each probability in ``bits``
    (8 or 16)."""
    if bits not in (8, 16):
        raise ValueError("a blueprint stores probabilities in 8 or 16 bits")
    t = solver.tree
    group = t.state if groups is None else groups
    offset, edges, width, scaled, _ = merged(solver, strategy, group)
    top = 255 if bits == 8 else 65535
    rounded = np.floor(scaled * top + 0.5)
    probs: Numbers = rounded.astype(np.uint8) if bits == 8 else rounded.astype(np.uint16)
    return Blueprint(t.target, t.scores, t.states, offset, edges, width, probs, group)


def merged(solver: Solver, strategy: Vec, group: Ints
           ) -> tuple[Ints, Ints, Ints, Vec, Bools]:
    """``merge``'s numbers before rounding: per group its block's offset, moves and width,
    the probabilities ([move][hand] per block) and, per (group, hand), whether the mover's
    own play reaches it there (hands in group order)."""
    t = solver.tree
    n_states = int(group.max()) + 1
    first = np.full(n_states, -1, dtype=np.int64)
    order = np.arange(t.nodes)
    first[group[::-1]] = order[::-1]  # the first node of each state
    edges = t.edge_start[first + 1] - t.edge_start[first]
    movers = t.player[first]
    width = WIDTH[SIZE[t.played[first, movers]]]
    block = edges * width
    offset = np.concatenate(([0], np.cumsum(block)))[:-1].astype(np.int64)
    hand_off = np.concatenate(([0], np.cumsum(width)))[:-1].astype(np.int64)
    solver.prepare(strategy)
    acc = np.zeros((2, int(block.sum())))
    tot = np.zeros((2, int(width.sum())))
    _accumulate(t.player, t.played, t.edge_start, group, solver.edge_off, solver.off0,
                solver.off1, SIZE, WIDTH, GLOB, WEIGHT, strategy, solver.reach0,
                solver.reach1, offset, hand_off, acc, tot)
    scaled = np.zeros(int(block.sum()))
    _finish(t.edge_rank, t.edge_start, first, t.player, t.played, SIZE, HOLDS, offset,
            hand_off, edges, width, acc, tot, scaled)
    return offset, edges, width, scaled, tot[1] > 0


def lift(bp: Blueprint, solver: Solver) -> Vec:
    """The blueprint as a strategy on the full tree (what the expert plays, history by
    history), for an exact exploitability check."""
    t = solver.tree
    out = np.zeros(solver.edge_size)
    _lift(t.player, t.played, t.edge_start, t.edge_rank, bp.group, solver.edge_off, SIZE,
          WIDTH, HOLDS, bp.offset, bp.probs, out)
    return out


@K.jit
def _accumulate(player: Ints, played: Ints, edge_start: Ints, state: Ints, edge_off: Ints,
                off0: Ints, off1: Ints, size: Ints, width: Ints, glob: Ints, weight: Floats,
                sigma: Floats, reach0: Floats, reach1: Floats, offset: Ints, hand_off: Ints,
                acc: Floats, tot: Floats) -> None:
    q = np.empty(120)
    for n in range(len(player)):
        m = player[n]
        mm, mo = played[n, m], played[n, 1 - m]
        w, wo = width[size[mm]], width[size[mo]]
        rm, ro = (reach0, reach1) if m == 0 else (reach1, reach0)
        bm, bo = (off0[n], off1[n]) if m == 0 else (off1[n], off0[n])
        for a in range(w):  # P(this history and hand a): own reach x the other's, weighted
            g = glob[mm, a]
            s = 0.0
            for b in range(wo):
                s += weight[g, glob[mo, b]] * ro[bo + b]
            q[a] = s * rm[bm + a]
        sid = state[n]
        base, hb = offset[sid], hand_off[sid]
        for a in range(w):
            tot[0, hb + a] += q[a]
            tot[1, hb + a] += rm[bm + a]
        for e in range(edge_start[n], edge_start[n + 1]):
            row = base + (e - edge_start[n]) * w
            eo = edge_off[e]
            for a in range(w):
                acc[0, row + a] += q[a] * sigma[eo + a]
                acc[1, row + a] += rm[bm + a] * sigma[eo + a]


@K.jit
def _finish(edge_rank: Ints, edge_start: Ints, first: Ints, player: Ints, played: Ints,
            size: Ints, holds: Ints, offset: Ints, hand_off: Ints, edges: Ints, width: Ints,
            acc: Floats, tot: Floats, probs: Floats) -> None:
    for sid in range(len(offset)):
        n = first[sid]
        k = size[played[n, player[n]]]
        w = width[sid]
        for a in range(w):
            src = 0 if tot[0, hand_off[sid] + a] > 0.0 else 1
            t = tot[src, hand_off[sid] + a]
            avail = 0
            for i in range(edges[sid]):
                r = edge_rank[edge_start[n] + i]
                if r < 0 or holds[k, a, r] == 1:
                    avail += 1
            for i in range(edges[sid]):
                r = edge_rank[edge_start[n] + i]
                if not (r < 0 or holds[k, a, r] == 1):
                    p = 0.0
                elif t > 0.0:
                    p = acc[src, offset[sid] + i * w + a] / t
                else:
                    p = 1.0 / avail
                probs[offset[sid] + i * w + a] = p


@K.jit
def _lift(player: Ints, played: Ints, edge_start: Ints, edge_rank: Ints, state: Ints,
          edge_off: Ints, size: Ints, width: Ints, holds: Ints, offset: Ints, probs: Numbers,
          out: Floats) -> None:
    for n in range(len(player)):
        m = player[n]
        k = size[played[n, m]]
        w = width[k]
        es, ee = edge_start[n], edge_start[n + 1]
        base = offset[state[n]]
        for a in range(w):
            total = 0.0
            avail = 0
            for e in range(es, ee):
                total += probs[base + (e - es) * w + a]
                r = edge_rank[e]
                if r < 0 or holds[k, a, r] == 1:
                    avail += 1
            for e in range(es, ee):
                r = edge_rank[e]
                ok = r < 0 or holds[k, a, r] == 1
                if not ok:
                    out[edge_off[e] + a] = 0.0
                elif total > 0.0:
                    out[edge_off[e] + a] = probs[base + (e - es) * w + a] / total
                else:
                    out[edge_off[e] + a] = 1.0 / avail

