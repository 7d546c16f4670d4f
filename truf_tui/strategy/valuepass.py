"""The rest of a round valued layer by layer with numpy, for one observer's hand.

What :class:`truf_tui.strategy.values.Walk` works out node by node in Python (about 90 µs a
node, 20,000 nodes before a round's first card), this does for a whole layer of nodes (the
nodes as many moves below the spot) at once, with the same numbers: the same nodes (the
observer's moves of positive probability for his hand, the opponent's moves some live hand
of his makes), the same distributions (the file's integers by the app's rule: the real
game's moves, renormalised; a hand the file holds nothing for by ``node_policies``' rule,
worked out in Python for those few columns; every move the hand can make alike where
even that fails), the same ends.  Then the values come back up, layer by layer, one vector
over the opponent's hands a node.

What a *state* gives (its real moves, the file's moves and their rows, where each child's
block sits, which ends) is worked out once in Python and kept per file, stage and raise cap
(T7: the real score changes the tree only through the cap), in arrays indexed by a state
number, so that a layer's nodes find it by numpy indexing (:class:`Graph`).  A vector over
the opponent's hands is padded to 121 numbers (``REST[0]`` has 120; the last is always
zero), so that every node's vector has one shape whatever cards have been played.

Only rounds played wholly inside the file's tree are valued here (every shipped file of a
round to 12); a state whose real move leaves the file (a stake above the file's cap, only
in a round to more than 12) makes :func:`values_below` return None, and the caller walks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from truf_tui.engine import truc
from truf_tui.strategy.arrays import Bools, Floats, Ints
from truf_tui.strategy.hands import LIFT, MS_INDEX, MULTISETS, REST, REST_INDEX, WIDTH, minus
from truf_tui.strategy.shipped import node_policies
from truf_tui.strategy.tree import PLAY, Outcome, State, root_state
from truf_tui.strategy.trufbp import SolvedTable, _successors

PAD = 121  # a vector over the opponent's hands: REST[k] first, zeros after (120: always 0)
MOVES = 11  # at most: eight ranks, raise, rest, redeal (T3-T8)
NO_CHILD, OUTSIDE = -1, -2  # a move's child: the round ends, or the file's tree does
_FORMAT1 = 1

#: LIFTS[k * 8 + r]: where each hand of REST[k + 1] (after playing rank r) sits among
#: REST[k], padded with the zero column; IDENTITY: the same hands
_LIFTS = np.full((3 * 8 + 1, PAD), PAD - 1, dtype=np.int64)
_LIFTS[24] = np.arange(PAD)
for _k in range(3):
    for _r in range(8):
        _LIFTS[_k * 8 + _r, :WIDTH[_k + 1]] = LIFT[_k, _r, :WIDTH[_k + 1]]
IDENTITY = 24


class Graph:
    """The states of one stage of a file met so far, at one raise cap, in arrays (module
    docstring): per state its mover, the ranks each seat has played, its real moves (kind,
    rank, child state or ``NO_CHILD``, the end's number, where the child's block sits:
    from the node's own block in format 1, absolute in format 2) and the file's moves'
    rows among the real ones (-1: a move the real score forbids)."""

    def __init__(self, tab: SolvedTable, stage: str, target: int,
                 scores: tuple[int, int]) -> None:
        self.tab, self.stage, self.target, self.scores = tab, stage, target, scores
        self.ids: dict[tuple[State, bool], int] = {}
        self.keys: list[tuple[State, bool]] = []
        self.built = np.zeros(0, dtype=bool)
        self.outside = np.zeros(0, dtype=bool)
        self.mover = np.zeros(0, dtype=np.int64)
        self.ms = np.zeros((0, 2), dtype=np.int64)  # MS_INDEX of each seat's played ranks
        self.nreal = np.zeros(0, dtype=np.int64)
        self.nfile = np.zeros(0, dtype=np.int64)
        self.kind = np.zeros((0, MOVES), dtype=np.int64)
        self.rank = np.zeros((0, MOVES), dtype=np.int64)
        self.child = np.zeros((0, MOVES), dtype=np.int64)
        self.end = np.zeros((0, MOVES), dtype=np.int64)
        self.rel = np.zeros((0, MOVES), dtype=np.int64)
        self.rows = np.zeros((0, MOVES), dtype=np.int64)
        self.fmoves: dict[int, tuple[tuple[int, int], ...]] = {}
        self.fs: dict[int, State] = {}
        self.ends: list[tuple[Outcome, int]] = []  # (outcome, the state's pending word)
        self._end_ids: dict[tuple[Outcome, int], int] = {}

    @property
    def cells(self) -> int:
        return len(self.keys)

    def sid(self, s: State, fresh: bool = False) -> int:
        key = (s, fresh)
        got = self.ids.get(key)
        if got is None:
            got = self.ids[key] = len(self.keys)
            self.keys.append(key)
        return got

    def build(self, sids: Ints) -> None:
        """Work out the states ``sids`` not worked out yet (their children get numbers)."""
        n = len(self.keys)
        if len(self.built) < n:
            self._grow(n)
        for i in sids[~self.built[sids]].tolist():
            self._build(i)

    def _grow(self, n: int) -> None:
        size = max(n, 2 * len(self.built), 1024)

        def grown(a: np.ndarray, fill: int | bool) -> np.ndarray:  # type: ignore[type-arg]
            out = np.full((size, *a.shape[1:]), fill, dtype=a.dtype)
            out[:len(a)] = a
            return out

        self.built = grown(self.built, False)
        self.outside = grown(self.outside, False)
        self.mover = grown(self.mover, 0)
        self.ms = grown(self.ms, 0)
        self.nreal = grown(self.nreal, 0)
        self.nfile = grown(self.nfile, 0)
        for name in ("kind", "rank", "child", "end", "rel", "rows"):
            setattr(self, name, grown(getattr(self, name), -1))

    def _build(self, i: int) -> None:
        s, fresh = self.keys[i]
        real = _successors(s, self.target, self.scores)
        # a round-only file plays a fresh round from its own root (values.Play._structure)
        fs = root_state(True) if fresh else s
        fmoves = tuple((k, r) for k, r, _ in self.tab.successors(fs))
        index = {(k, r): j for j, (k, r, _) in enumerate(real)}
        self.mover[i] = s[0]
        self.ms[i] = (MS_INDEX[s[9]], MS_INDEX[s[10]])
        self.nreal[i] = len(real)
        self.nfile[i] = len(fmoves)
        rows = [index.get(m, -1) for m in fmoves]
        self.rows[i, :len(rows)] = rows
        for j, (k, r, nxt) in enumerate(real):
            self.kind[i, j], self.rank[i, j] = k, r
            if isinstance(nxt, Outcome):
                key = (nxt, s[1])
                e = self._end_ids.get(key)
                if e is None:
                    e = self._end_ids[key] = len(self.ends)
                    self.ends.append(key)
                self.end[i, j] = e
            else:
                self.child[i, j] = self.sid(nxt)
                self.rel[i, j] = OUTSIDE
        for m, child in zip(fmoves, self.tab.children(self.stage, fs, 0), strict=True):
            j = index.get(m)
            if j is not None and child >= 0:
                self.rel[i, j] = child
        self.outside[i] = bool((self.rel[i, :len(real)] == OUTSIDE).any())
        self.fmoves[i] = fmoves
        self.fs[i] = fs
        self.built[i] = True
        if len(self.built) < len(self.keys):
            self._grow(len(self.keys))


_graphs: dict[tuple[int, str, int, int], Graph] = {}
#: the states kept over all graphs (a state's arrays: about 600 bytes)
GRAPH_STATES = 250_000


def graph(tab: SolvedTable, stage: str, target: int, scores: tuple[int, int]) -> Graph:
    """The file's graph of ``stage`` at the raise cap of ``scores`` (kept: the next spot
    meets many of the same states)."""
    key = (id(tab), stage, target, truc.stake_cap(scores, target))
    got = _graphs.get(key)
    if got is None or got.tab is not tab:
        if sum(g.cells for g in _graphs.values()) > GRAPH_STATES:
            _graphs.clear()
        got = _graphs[key] = Graph(tab, stage, target, scores)
    return got


@dataclass
class _Layer:
    """Nodes as many moves below the spot: their states, blocks, the opponent's live
    weights, and (once expanded) what their ends give and how their children hang."""

    sid: Ints
    at: Ints
    live: Floats  # [node, PAD]
    parent: Ints  # index in the layer above (the spot's moves: which move)
    lift: Ints  # the child's hands among the parent's (index in _LIFTS)
    coef: Floats  # [node, PAD]: the move's probability, for each parent hand (lifted)
    ends: Floats = field(default_factory=lambda: np.zeros((0, PAD)))  # [node, PAD]


class _Stream:
    """The file's numbers at given positions, each chunk decompressed once a pass."""

    def __init__(self, tab: SolvedTable) -> None:
        self.tab = tab
        self.chunks: dict[int, np.ndarray] = {}  # type: ignore[type-arg]

    def at(self, pos: Ints) -> Floats:
        size = self.tab.chunk
        ci = pos // size
        out = np.empty(pos.shape, dtype=np.float64)
        if pos.size == 0:
            return out
        flat_c, flat_p = ci.ravel(), pos.ravel()
        res = out.reshape(-1)
        order = np.argsort(flat_c, kind="stable")
        sc = flat_c[order]
        cuts = np.flatnonzero(np.diff(sc)) + 1
        for part in np.split(order, cuts):
            c = int(flat_c[part[0]])
            arr = self.chunks.get(c)
            if arr is None:
                arr = self.chunks[c] = self.tab._chunk(c)
            res[part] = arr[flat_p[part] - c * size]
        return out


def values_below(tab: SolvedTable, stage: str, target: int, scores: tuple[int, int],
                 seat: int, hand: tuple[int, ...], state: State, at: int, fresh: bool,
                 weights: Floats, end_value: Callable[[Outcome, int], float]
                 ) -> dict[tuple[int, int], Floats] | None:
    """Seat 0's payoff, a vector over the opponent's hands at ``state`` (``weights``' hands,
    the live ones right), of each move the observer (``seat``, holding ``hand`` whole) can
    make there: his cards' plays and the words; None where the round leaves the file's
    tree (the caller walks)."""
    g = graph(tab, stage, target, scores)
    root = g.sid(state, fresh)
    g.build(np.array([root]))
    if g.outside[root]:
        return None
    stream = _Stream(tab)
    mine_at = _rest_index(hand)
    held = minus(hand, list(state[9] if seat == 0 else state[10]))
    assert held is not None
    live0 = np.zeros(PAD)
    live0[:len(weights)] = weights
    out: dict[tuple[int, int], Floats] = {}
    # the spot's own moves: every card he holds, every word (not only those he would play)
    starts: list[tuple[int, int]] = []  # (move, child state)
    base = at if tab.format == _FORMAT1 else 0
    child_at: list[int] = []
    for j in range(int(g.nreal[root])):
        kind, rank = int(g.kind[root, j]), int(g.rank[root, j])
        if kind == PLAY and rank not in held:
            continue
        e = int(g.end[root, j])
        if e >= 0:
            out[(kind, rank)] = np.full(len(weights), end_value(*g.ends[e]))
            continue
        starts.append(((kind, rank), int(g.child[root, j])))
        child_at.append(base + int(g.rel[root, j]))
    if not starts:
        return out
    n0 = len(starts)
    layers = [_Layer(np.array([c for _, c in starts], dtype=np.int64),
                     np.array(child_at, dtype=np.int64), np.tile(live0, (n0, 1)),
                     np.arange(n0), np.full(n0, IDENTITY), np.ones((n0, PAD)))]
    ends_cache: dict[int, float] = {}
    while True:
        layer = layers[-1]
        nxt = _expand(g, stream, layer, seat, mine_at, ends_cache, end_value)
        if nxt is None:
            return None
        if len(nxt.sid) == 0:
            break
        layers.append(nxt)
    # back up: a node's value is its ends' part plus each child's value, lifted and weighed
    below: Floats | None = None
    for d in range(len(layers) - 1, -1, -1):
        v = layers[d].ends.copy()
        if below is not None:
            ch = layers[d + 1]
            idx = (ch.parent[:, None] * PAD + _LIFTS[ch.lift]).ravel()
            v += np.bincount(idx, weights=(ch.coef * below).ravel(),
                             minlength=v.size).reshape(v.shape)
        below = v
    assert below is not None
    for i, (m, _) in enumerate(starts):
        out[m] = below[i, :len(weights)]
    return out


def _rest_index(hand: tuple[int, ...]) -> Ints:
    """Per multiset of played ranks, the index in REST[its size] of what ``hand`` still
    holds after playing it (-1: the hand cannot have played it)."""
    got = np.full(len(MULTISETS), -1, dtype=np.int64)
    for i, m in enumerate(MULTISETS):
        rest = minus(hand, list(m))
        if rest is not None:
            got[i] = REST_INDEX[len(m)][rest]
    return got


#: nodes expanded at once (bounds the arrays of a layer: nodes x moves x PAD numbers)
PIECE = 768


def _expand(g: Graph, stream: _Stream, layer: _Layer, seat: int, mine_at: Ints,
            ends_cache: dict[int, float], end_value: Callable[[Outcome, int], float]
            ) -> _Layer | None:
    """The layer's children (its ``ends`` filled in); None if one leaves the file."""
    g.build(layer.sid)
    if g.outside[layer.sid].any():
        return None
    parts: list[_Layer] = []
    ends: list[Floats] = []
    for lo in range(0, len(layer.sid), PIECE):
        piece = slice(lo, lo + PIECE)
        got, e = _expand_piece(g, stream, layer.sid[piece], layer.at[piece],
                               layer.live[piece], seat, mine_at, ends_cache, end_value)
        got.parent += lo
        parts.append(got)
        ends.append(e)
    layer.ends = np.concatenate(ends) if ends else np.zeros((0, PAD))
    return _Layer(*(np.concatenate([getattr(p, f) for p in parts])  # type: ignore[arg-type]
                    for f in ("sid", "at", "live", "parent", "lift", "coef")))


def _expand_piece(g: Graph, stream: _Stream, sid: Ints, at: Ints, live: Floats, seat: int,
                  mine_at: Ints, ends_cache: dict[int, float],
                  end_value: Callable[[Outcome, int], float]) -> tuple[_Layer, Floats]:
    n = len(sid)
    m = int(g.nreal[sid].max())
    dist = _distributions(g, stream, sid, at, live, seat, mine_at, m)  # [node, move, PAD]
    kind, rank = g.kind[sid, :m], g.rank[sid, :m]
    end, child, rel = g.end[sid, :m], g.child[sid, :m], g.rel[sid, :m]
    valid = np.arange(m)[None, :] < g.nreal[sid][:, None]
    opp = g.mover[sid] != seat
    # the opponent's hands after each move (his own card lifts them)
    kopp = np.where(opp, _played(g, sid, 1 - seat), 0)
    lifting = opp[:, None] & (kind == PLAY) & (end < 0) & valid
    lift = np.where(lifting, kopp[:, None] * 8 + np.maximum(rank, 0), IDENTITY)
    pos = _LIFTS[lift]  # [node, move, PAD]
    rows = np.arange(n)[:, None, None]
    coef = dist[rows, np.arange(m)[None, :, None], pos]  # the move's probability there
    # the live hands below a move: the opponent's weighed by his move (the walk's ``sub``),
    # unchanged below the observer's moves of positive probability
    sub = live[rows, pos] * np.where(opp[:, None, None], coef, coef > 0)
    live_move = sub.any(axis=2) & valid
    has_end = (end >= 0) & live_move
    ev = np.zeros(end.shape)
    for e in np.unique(end[has_end]).tolist():
        if e not in ends_cache:
            ends_cache[e] = end_value(*g.ends[e])
        ev[has_end & (end == e)] = ends_cache[e]
    ends = np.einsum("nmh,nm->nh", dist, ev)
    pi, mi = np.nonzero(live_move & (end < 0))
    base = at if g.tab.format == _FORMAT1 else np.zeros(n, dtype=np.int64)
    return _Layer(child[pi, mi], base[pi] + rel[pi, mi], sub[pi, mi], pi, lift[pi, mi],
                  coef[pi, mi]), ends


def _played(g: Graph, sid: Ints, who: int | Ints) -> Ints:
    """How many cards ``who`` has played at the states ``sid``."""
    sizes = np.array([len(m) for m in MULTISETS], dtype=np.int64)
    return sizes[g.ms[sid, who]]  # type: ignore[no-any-return]


def _distributions(g: Graph, stream: _Stream, sid: Ints, at: Ints, live: Floats,
                   seat: int, mine_at: Ints, m: int) -> Floats:
    """dist[node, real move, hand]: the opponent's for each of his hands, the observer's
    in every column (his own hand's numbers), by the app's rule (``values.Play.node``)."""
    n = len(sid)
    dist = np.zeros((n, m + 1, PAD))  # the last row: moves the real game forbids
    mover = g.mover[sid]
    k = _played(g, sid, mover)
    w = WIDTH[k]
    nf = g.nfile[sid]
    mine = mover == seat
    col = np.where(mine, mine_at[g.ms[sid, seat]], -1)
    tab = stream.tab
    top, sentinel = float(tab.top), float(tab.sentinel)
    found = np.zeros((n, PAD), dtype=bool)
    for f in np.unique(nf).tolist():
        for width in np.unique(w[nf == f]).tolist():
            sel = np.flatnonzero((nf == f) & (w == width))
            rows = g.rows[sid[sel], :f]  # [node, file move]
            if f < 2:
                block = np.full((len(sel), 1, width), top)
            else:
                pos = at[sel, None] + np.arange((f - 1) * width)[None, :]
                raw = stream.at(pos).reshape(len(sel), width, f - 1)
                block = np.empty((len(sel), f, width))
                block[:, :-1] = raw.transpose(0, 2, 1)
                block[:, -1] = top - raw.sum(axis=2)
                block *= (raw[:, :, 0] != sentinel)[:, None, :]
            fd = block * (rows >= 0)[:, :, None]
            total = fd.sum(axis=1)
            ok = total > 0
            fd = np.where(ok[:, None, :], fd / np.where(ok, total, 1.0)[:, None, :], 0.0)
            target = np.where(rows >= 0, rows, m)
            dist[sel[:, None], target, :width] = fd
            found[sel, :width] = ok
    # the hands the file holds nothing for here: node_policies' rule, then all alike
    need = np.zeros((n, PAD), dtype=bool)
    need[~mine] = live[~mine] > 0
    mine_rows = np.flatnonzero(mine)
    need[mine_rows, col[mine_rows]] = True
    missing = need & ~found
    for i in np.flatnonzero(missing.any(axis=1)).tolist():
        _fill(g, stream, int(sid[i]), int(at[i]), int(k[i]),
              np.flatnonzero(missing[i]), dist[i])
    out = dist[:, :m]
    # the observer's one column, in every column (his moves do not depend on the
    # opponent's hand)
    if mine.any():
        out[mine_rows] = out[mine_rows, :, col[mine_rows]][:, :, None]
        out[mine_rows, :, PAD - 1] = 0.0
    return out


def _fill(g: Graph, stream: _Stream, s: int, at: int, k: int, cols: Ints, dist: Floats
          ) -> None:
    """``values.Play.node`` for the columns ``cols`` the file's numbers leave empty."""
    fmoves = g.fmoves[s]
    rows = g.rows[s, :len(fmoves)]
    valid = rows >= 0
    n_real = int(g.nreal[s])
    found = np.zeros(len(cols), dtype=bool)
    block = g.tab.block(g.fs[s], at)
    fdist, found, _ = node_policies(block, fmoves, valid, k, cols.tolist())
    dist[np.ix_(rows[valid], cols)] = fdist[valid] * found
    for c in cols[~found].tolist():  # as the app: every move the hand can make alike
        held = REST[k][c]
        can = [j for j in range(n_real)
               if g.kind[s, j] != PLAY or int(g.rank[s, j]) in held]
        if can:
            dist[can, c] = 1.0 / len(can)


__all__ = ["Graph", "graph", "values_below"]
