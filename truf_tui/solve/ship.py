"""What ships, the solver's side: a solved round's strategy rounded, laid out and written
as a ``.trufbp`` file (the format, its reader and its writer: :mod:`truf_tui.strategy.trufbp`),
and a file lifted back onto a solver's tree (what the app plays, for the checks).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np

from truf_tui.solve import kernels as K
from truf_tui.solve.cfr import Solver, Vec
from truf_tui.strategy.arrays import Bytes16, Floats, Ints
from truf_tui.strategy.hands import HOLDS, REST, SIZE, WIDTH
from truf_tui.strategy.kept import Kept
from truf_tui.strategy.shipped import node_policies
from truf_tui.strategy.tree import PLAY, State, Tree, state_key
from truf_tui.strategy.trufbp import (
    EPS,
    SENTINEL,
    TOP,
    MatchTable,
    Packed,
    Solve1,
    SolvedTable,
    played,
    write_atomic,
)


@K.jit
def _quantize(player: Ints, played: Ints, edge_start: Ints, edge_rank: Ints, edge_off: Ints,
              size: Ints, width: Ints, holds: Ints, s: Floats, top: float, eps: float,
              out: Floats) -> None:
    q = np.zeros(64)
    for n in range(len(player)):
        m = player[n]
        k = size[played[n, m]]
        w = width[k]
        es, ee = edge_start[n], edge_start[n + 1]
        ne = ee - es
        for j in range(w):
            tot = 0.0
            best, bi = -1.0, 0
            for i in range(ne):
                e = es + i
                r = edge_rank[e]
                p = s[edge_off[e] + j] if (r < 0 or holds[k, j, r] == 1) else 0.0
                if p > best:
                    best, bi = p, i
                if p < eps:
                    p = 0.0
                out[edge_off[e] + j] = p
                tot += p
            if tot <= 0.0:  # every move was below eps: keep the likeliest
                out[edge_off[es + bi] + j] = 1.0
                tot = 1.0
            assigned = 0
            for i in range(ne):  # largest remainder: the integers sum to top exactly
                e = es + i
                x = out[edge_off[e] + j] / tot * top
                fl = np.floor(x)
                q[i] = x - fl
                out[edge_off[e] + j] = fl
                assigned += int(fl)
            for _ in range(int(top) - assigned):
                bi, bv = -1, -1.0
                for i in range(ne):
                    if q[i] > bv:
                        bv, bi = q[i], i
                out[edge_off[es + bi] + j] += 1.0
                q[bi] = -2.0


@K.jit
def _unreached(player: Ints, played: Ints, edge_start: Ints, edge_off: Ints, off0: Ints,
               off1: Ints, size: Ints, width: Ints, reach0: Floats, reach1: Floats,
               ints: Bytes16) -> None:
    """Zero the (node, hand) blocks the mover's own play never reaches."""
    for n in range(len(player)):
        m = player[n]
        w = width[size[played[n, m]]]
        reach, off = (reach0, off0[n]) if m == 0 else (reach1, off1[n])
        for j in range(w):
            if reach[off + j] <= 0.0:
                for e in range(edge_start[n], edge_start[n + 1]):
                    ints[edge_off[e] + j] = 0


@K.jit
def _relayout(player: Ints, played: Ints, edge_start: Ints, edge_off: Ints, size: Ints,
              width: Ints, ints: Bytes16, sentinel: int, out: Bytes16, node_off: Ints) -> None:
    """Solver layout [move][hand] to the file's [hand][move but the last] (see above)."""
    at = 0
    for n in range(len(player)):
        node_off[n] = at
        w = width[size[played[n, player[n]]]]
        es, ee = edge_start[n], edge_start[n + 1]
        ne = ee - es
        if ne < 2:
            continue
        for j in range(w):
            total = 0
            for e in range(es, ee):
                total += ints[edge_off[e] + j]
            for i in range(ne - 1):
                out[at + i] = ints[edge_off[es + i] + j]
            if total == 0:
                out[at] = sentinel
            at += ne - 1
    node_off[len(player)] = at


@K.jit
def _delayout(player: Ints, played: Ints, edge_start: Ints, edge_off: Ints, size: Ints,
              width: Ints, stream: Ints, base: int, top: int, sentinel: int,
              ints: Ints) -> None:
    """The inverse of ``_relayout``: the file's stream back to the solver's layout."""
    at = base
    for n in range(len(player)):
        w = width[size[played[n, player[n]]]]
        es, ee = edge_start[n], edge_start[n + 1]
        ne = ee - es
        if ne < 2:
            for j in range(w):
                ints[edge_off[es] + j] = top
            continue
        for j in range(w):
            if stream[at] == sentinel:
                for i in range(ne):
                    ints[edge_off[es + i] + j] = 0
            else:
                left = top
                for i in range(ne - 1):
                    ints[edge_off[es + i] + j] = stream[at + i]
                    left -= stream[at + i]
                ints[edge_off[es + ne - 1] + j] = left
            at += ne - 1


@K.jit
def _subtree_end(edge_start: Ints, edge_child: Ints, end: Ints) -> None:
    for n in range(len(end) - 1, -1, -1):
        last = n + 1
        for e in range(edge_start[n], edge_start[n + 1]):
            c = edge_child[e]
            if c >= 0 and end[c] > last:
                last = end[c]
        end[n] = last


def pack(solver: Solver, strategy: Vec, top: int = TOP[12], eps: float = EPS
         ) -> Bytes16:
    """``strategy`` rounded as it ships: integers per (edge, hand) summing to ``top`` per
    (node, hand), and zeros where the rounded strategy never reaches."""
    t = solver.tree
    out = np.zeros(solver.edge_size)
    _quantize(t.player, t.played, t.edge_start, t.edge_rank, solver.edge_off, SIZE, WIDTH,
              HOLDS, strategy, float(top), eps, out)
    solver.prepare(out / top)
    ints = np.rint(out).astype(np.uint16)
    _unreached(t.player, t.played, t.edge_start, solver.edge_off, solver.off0, solver.off1,
               SIZE, WIDTH, solver.reach0, solver.reach1, ints)
    return ints


def relayout(solver: Solver, ints: Bytes16, bits: int = 12
             ) -> tuple[Bytes16, Ints]:
    """The file's stream for ``ints`` (solver layout), and each node's offset in it."""
    t = solver.tree
    out = np.zeros(solver.edge_size, dtype=np.uint16)
    node_off = np.zeros(t.nodes + 1, dtype=np.int64)
    _relayout(t.player, t.played, t.edge_start, solver.edge_off, SIZE, WIDTH, ints,
              SENTINEL[bits], out, node_off)
    return out[:node_off[-1]].copy(), node_off


def unpack(ints: Bytes16 | Ints, solver: Solver) -> Vec:
    """The shipped integers as a strategy on the solver's tree (what the expert plays; a
    block of zeros, never reached by its own play, becomes uniform)."""
    from truf_tui.solve.cfr import _normalise_all

    t = solver.tree
    avg = np.zeros(solver.edge_size)
    _normalise_all(t.nodes, t.player, t.played, t.edge_start, t.edge_rank, solver.edge_off,
                   SIZE, WIDTH, HOLDS, ints.astype(np.float64), avg)
    return avg


def subtree_sizes(tree: Tree, node_off: Ints) -> dict[int, int]:
    """For every public state of ``tree``: the numbers its subtree holds in the file's
    stream (by state key); ``node_off`` each node's offset there."""
    end = np.zeros(tree.nodes, dtype=np.int64)
    _subtree_end(tree.edge_start, tree.edge_child, end)
    sub = node_off[end] - node_off[:-1]
    per_state = np.full(len(tree.states), -1, dtype=np.int64)
    per_state[tree.state] = sub
    if not np.array_equal(per_state[tree.state], sub):
        raise AssertionError("two histories of one state hold subtrees of different sizes")
    return {state_key(s): int(v) for s, v in zip(tree.states, per_state, strict=True)}


def write(path: Path, round_: tuple[Solver, Bytes16],
          fresh: tuple[Solver, Bytes16], figures: dict[str, float],
          payoff: str = "points", bits: int = 12, eps: float = EPS,
          table: MatchTable | None = None) -> int:
    """Write both stages' packed strategies and their state table; returns the bytes.
    ``payoff`` says what the outcomes were worth in the solve (points or the match; the
    figures are in utility units: points, or 2 P(win) - 1); ``table``, the match values
    the later rounds were worth, if not the project's (``rounds.table_header``)."""
    r_stream, r_off = relayout(*round_, bits)
    f_stream, f_off = relayout(*fresh, bits)
    sizes = subtree_sizes(fresh[0].tree, f_off)
    for k, v in subtree_sizes(round_[0].tree, r_off).items():
        if sizes.setdefault(k, v) != v:
            raise AssertionError("the two stages disagree on a state's subtree")
    keys = np.array(sorted(sizes), dtype=np.int64)
    subs = np.array([sizes[int(k)] for k in keys], dtype=np.int64)
    dtype = "<u2" if bits > 8 else "u1"
    stream = np.concatenate([r_stream, f_stream]).astype(dtype)
    t = round_[0].tree
    header: Solve1 = {
        "format": 1, "game": "truc", "target": t.target, "scores": list(t.scores),
        "payoff": payoff,
        "top": TOP[bits], "sentinel": SENTINEL[bits], "dtype": dtype, "eps": eps,
        "stages": {"round": 0, "fresh": int(len(r_stream))},
    }
    if table is not None:
        header["table"] = table
    return write_atomic(path, Packed(header, stream, keys, subs).body(figures))



def read_stage(tab: SolvedTable, solver: Solver) -> Vec:
    """A file's stage as a strategy on ``solver``'s tree, when the tree is the file's own
    (same target and score): what ``lift_file`` gives there, computed at numpy speed."""
    t = solver.tree
    if (t.target, t.scores) != (tab.target, tab.scores):
        raise ValueError("read_stage needs the file's own round; use lift_file")
    if (not t.redeal and not tab.has_fresh) or tab.format == 2:  # the app's own walk
        return lift_file(tab, solver)
    stream = tab.numbers(0, tab.header["entries"]).astype(np.int64)
    ints = np.zeros(solver.edge_size, dtype=np.int64)
    _delayout(t.player, t.played, t.edge_start, solver.edge_off, SIZE, WIDTH, stream,
              tab.stage_base["round" if t.redeal else "fresh"], tab.top, tab.sentinel, ints)
    return unpack(ints, solver)


# Lifts kept for the process (a copy handed out): a check, a sweep and a best response
# lift the same file onto the same small tree again and again.  8 bytes a number.
_kept: Kept[Vec] = Kept(len, one=4_000_000, total=12_000_000)


def lift_file(tab: SolvedTable, solver: Solver) -> Vec:
    """What the app plays from the file ``tab``, history by history, on ``solver``'s tree
    (any score): the app's own rule (``strategy.shipped.node_policies``, for every hand of
    a node at once; ``node_policy`` is its one-hand form)."""
    t = solver.tree  # the tree is its target, score and redeal's (tree.build)
    key = (hashlib.blake2b(tab.data, digest_size=16).digest(), t.target,
           (int(t.scores[0]), int(t.scores[1])), bool(t.redeal), t.nodes, t.edges)

    def lift() -> Vec:
        with tab.every_chunk_kept():
            return _lift_file(tab, solver)

    return _kept.get(key, lift).copy()


def _lift_file(tab: SolvedTable, solver: Solver) -> Vec:
    t = solver.tree
    stage = tab.stage(t.redeal)
    lookup = tab.lookup(stage)
    out = np.zeros(solver.edge_size)
    real_moves = [(int(k), int(r)) for k, r in zip(t.edge_kind, t.edge_rank, strict=True)]
    # A node's numbers and children depend on its history's state alone in a format-2
    # file (its block is the state's, its moves the state's): worked out once a state.
    memo: dict[State, tuple[list[tuple[int, Vec]], list[tuple[int, State, int]]]] = {}
    by_state = tab.format == 2
    s0, base = tab.root(t.redeal)
    stack = [(0, s0, base)]
    while stack:
        n, s, at = stack.pop()
        es, ee = int(t.edge_start[n]), int(t.edge_start[n + 1])
        got = memo.get(s) if by_state else None
        if got is None:
            succ = tab.successors(s)
            moves = [(k, r) for k, r, _ in succ]
            k = played(s)
            mine = {real_moves[e]: e - es for e in range(es, ee)}
            allowed = np.array([m in mine for m in moves])
            dist, found, _ = node_policies(tab.block(s, at), moves, allowed, k)
            w = dist.shape[1]
            rows = {}
            for i, m in enumerate(moves):
                if m in mine:  # a move the hand cannot make has probability 0 in dist
                    rows[mine[m]] = np.where(found, dist[i], 0.0)
            for j in np.flatnonzero(~found):  # as the app: every move the hand can make,
                hand = REST[k][j]              # equally
                can = [m for m in mine if m[0] != PLAY or m[1] in hand]
                for m in can:
                    rows.setdefault(mine[m], np.zeros(w))[j] = 1.0 / len(can)
            kids = []
            for (kind, r, nxt), child_at in zip(succ, tab.children(stage, s, at, lookup),
                                                strict=True):
                if isinstance(nxt, tuple) and (kind, r) in mine:
                    kids.append((mine[(kind, r)], nxt, child_at))
            got = (list(rows.items()), kids)
            if by_state:
                memo[s] = got
        for rel, vec in got[0]:
            off = int(solver.edge_off[es + rel])
            out[off:off + len(vec)] = vec
        for rel, nxt, child_at in got[1]:
            c = int(t.edge_child[es + rel])
            if c >= 0:
                stack.append((c, nxt, child_at))
    return out


# -- format 2: one strategy per public state -----------------------------------------------
#
# A format-2 file holds, per stage, one block per public *state* (not per history): the
# strategy ``blueprint.merged`` averages over the histories that leave the state, weighted
# by how likely each is with the hand (docs/solver.md, "Per-state files").  A block is laid
# out as in format 1 ([hand][move but the last], the sentinel for a hand the stored play
# never brings there); a stage's blocks follow its states' keys in sorted order, and a
# table of keys and block sizes finds one without walking the tree.


def by_state(solver: Solver, strategy: Vec, bits: int = 8, eps: float = EPS
             ) -> tuple[Ints, Ints, Ints]:
    """``strategy`` (on ``solver.tree``) merged per public state and rounded as it ships:
    the states' keys (sorted, only those with two moves or more), their block sizes and
    the stream of integers (each (state, hand) summing to ``TOP[bits]``)."""
    from truf_tui.solve.blueprint import merged

    t = solver.tree
    top = TOP[bits]
    offset, edges, width, scaled, reached = merged(solver, strategy, t.state)
    n = len(offset)
    block = edges * width
    sid = np.repeat(np.arange(n), block)
    within = np.arange(len(scaled)) - offset[sid]
    hand_off = np.concatenate(([0], np.cumsum(width)))[:-1]
    move, hand = within // width[sid], within % width[sid]
    col = hand_off[sid] + hand
    ncol = int(width.sum())
    p = np.where(scaled < eps, 0.0, scaled)
    tot = np.bincount(col, p, minlength=ncol)
    by_col = np.lexsort((-scaled, col))  # per column, likeliest first
    starts = np.concatenate(([0], np.cumsum(np.bincount(col, minlength=ncol))))[:-1]
    empty = tot <= 0  # every move below eps: keep the likeliest
    p[by_col[starts[empty]]] = 1.0
    tot[empty] = 1.0
    x = p / tot[col] * top
    fl = np.floor(x)
    short = top - np.bincount(col, fl, minlength=ncol).round().astype(np.int64)
    order = np.lexsort((-(x - fl), col))  # largest remainder first, per column
    rank = np.empty(len(order), dtype=np.int64)
    rank[order] = np.arange(len(order)) - starts[col[order]]
    ints = (fl + (rank < short[col])).astype(np.int64)
    keys_all = np.array([state_key(s) for s in t.states], dtype=np.int64)
    keep = np.flatnonzero(edges >= 2)
    keep = keep[np.argsort(keys_all[keep])]
    sizes = (edges[keep] - 1) * width[keep]
    file_off = np.full(n, -1, dtype=np.int64)
    file_off[keep] = np.concatenate(([0], np.cumsum(sizes)))[:-1]
    stream = np.zeros(int(sizes.sum()), dtype=np.int64)
    last = move == edges[sid] - 1
    use = (file_off[sid] >= 0) & ~last
    at = file_off[sid] + hand * (edges[sid] - 1) + move
    stream[at[use]] = ints[use]
    lost = use & (move == 0) & ~reached[col]
    stream[at[lost]] = SENTINEL[bits]
    if ((stream != SENTINEL[bits]) & (stream > top)).any():
        raise AssertionError("a rounded number above the top")
    return keys_all[keep], sizes.astype(np.int64), stream
