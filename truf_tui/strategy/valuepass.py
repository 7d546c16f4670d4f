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

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from truf_tui.engine import truc
from truf_tui.strategy.arrays import Bools, Floats, Ints, Numbers
from truf_tui.strategy.hands import (
    HOLDS,
    LIFT,
    MULTISETS,
    PLUS,
    REST_INDEX,
    WIDTH,
    minus,
)
from truf_tui.strategy.shipped import neighbours
from truf_tui.strategy.tree import (
    ACCEPT,
    NONE,
    PLAY,
    RAISE,
    REDEAL,
    REFUSE,
    Outcome,
    State,
    root_state,
    state_key,
)
from truf_tui.strategy.tree import REST as REST_KIND
from truf_tui.strategy.trufbp import SolvedTable

Int8 = npt.NDArray[np.int8]
Int16 = npt.NDArray[np.int16]
Int32 = npt.NDArray[np.int32]

MOVES = 11  # at most: eight ranks, raise, rest, redeal (T3-T8)
NO_CHILD, OUTSIDE = -1, -2  # a move's child: the round ends, or the file's tree does
_FORMAT1 = 1

#: a vector over the opponent's hands when he has played k cards: REST[k], then one zero
#: (where the hands a move rules out point)
SPAN = [int(w) + 1 for w in WIDTH]
#: LIFTS[k][r]: where each hand of REST[k + 1] (he has played rank r) and the zero sit
#: among REST[k]'s
LIFTS = [np.array([np.r_[LIFT[k, r, :WIDTH[k + 1]], WIDTH[k]] for r in range(8)],
                  dtype=np.int64) for k in range(3)]


# -- the rules on state keys, for many states at once ---------------------------------------
# ``tree.state_key``'s fields, last to first: (name, radix)
_FIELDS = (("ms1", 165), ("ms0", 165), ("w", 9), ("nw", 4), ("lead", 9), ("leader", 2),
           ("redeal", 2), ("rest", 2), ("last", 3), ("stake", 128), ("pending", 5))
_SIZES = np.array([len(m) for m in MULTISETS], dtype=np.int64)
#: COUNT[multiset, rank]: the cards of that rank in it
_COUNT = np.array([[m.count(r) for r in range(8)] for m in MULTISETS], dtype=np.int64)
FRESH = 1 << 62  # a key's mark: the fresh root of a round-only file (values.Play)


def _result_tables() -> tuple[Ints, Ints]:
    """T6 (``truc.round_result``) for every code of 0 to 3 trick winners (base 3, a spoiled
    trick 2, the first trick the most significant): decided, and its winner (-1: nobody)."""
    decided = np.zeros((4, 27), dtype=np.int64)
    winner = np.full((4, 27), -1, dtype=np.int64)
    for n in range(4):
        for code in range(3 ** n):
            ws: list[int | None] = []
            c = code
            for _ in range(n):
                ws.append(c % 3)
                c //= 3
            seq = [None if x == 2 else x for x in reversed(ws)]
            d, who = truc.round_result(seq)
            decided[n, code] = d
            winner[n, code] = -1 if who is None else who
    return decided, winner


_DECIDED, _WINNER = _result_tables()


def decode(keys: Ints) -> dict[str, Ints]:
    """The fields of states given by their ``tree.state_key``; pending, last and lead
    as in the state (-1: none)."""
    k = keys.copy()
    f: dict[str, Ints] = {}
    for name, radix in _FIELDS:
        f[name] = k % radix
        k //= radix
    f["mover"] = k
    for name in ("pending", "last", "lead"):
        f[name] = f[name] - 1
    return f


def encode(mover: Ints, pending: Ints | int, stake: Ints, last: Ints, rest: Ints,
           redeal: Ints | int, leader: Ints, lead: Ints | int, nw: Ints, w: Ints,
           ms0: Ints, ms1: Ints) -> Ints:
    """``tree.state_key`` of states given by their fields."""
    k = mover * 5 + (np.asarray(pending) + 1)
    k = k * 128 + stake
    k = k * 3 + last + 1
    k = k * 2 + rest
    k = k * 2 + redeal
    k = k * 2 + leader
    k = k * 9 + np.asarray(lead) + 1
    k = k * 4 + nw
    k = k * 9 + w
    k = k * 165 + ms0
    return np.asarray(k * 165 + ms1, dtype=np.int64)


def end_key(winner: Ints | int, stake: Ints, game: Ints | int, redeal: int, pending: Ints
            ) -> Ints:
    """An end of the round (an ``Outcome``) and the pending word of the state it ends."""
    return np.asarray(((((np.asarray(winner) + 1) * 128 + stake) * 2 + game) * 2 + redeal)
                      * 5 + pending + 1, dtype=np.int64)


def end_of(key: int) -> tuple[Outcome, int]:
    key, pending = divmod(key, 5)
    key, redeal = divmod(key, 2)
    key, game = divmod(key, 2)
    winner, stake = divmod(key, 128)
    return Outcome(winner - 1, stake, bool(game), bool(redeal)), pending - 1


def successors(keys: Ints, need: int) -> tuple[Ints, Ints, Ints, Ints, Bools]:
    """``tree.successors`` of many states at once, a raise allowed below the stake
    ``need`` (T7: what the player who needs more still needs): per state and move, in
    the same order (plays by rank, raise, rest, redeal; or accept, refuse), (kind, rank,
    the child's key or -1, the end's ``end_key`` or -1, whether the move exists); moves
    packed to the left."""
    f = decode(keys)
    n = len(keys)
    mover, pending, stake, last, rest = f["mover"], f["pending"], f["stake"], f["last"], f["rest"]
    leader, lead, nw, w, ms0, ms1 = f["leader"], f["lead"], f["nw"], f["w"], f["ms0"], f["ms1"]
    kind = np.full((n, MOVES), -1, dtype=np.int64)
    rank = np.full((n, MOVES), NONE, dtype=np.int64)
    child = np.full((n, MOVES), -1, dtype=np.int64)
    end = np.full((n, MOVES), -1, dtype=np.int64)
    ok = np.zeros((n, MOVES), dtype=bool)
    free = pending == NONE
    # plays (T4-T6), every rank at once: [state, rank]
    mine = np.where(mover == 0, ms0, ms1)
    theirs = np.where(mover == 0, ms1, ms0)
    r = np.arange(8)[None, :]

    def c(a: Ints) -> Ints:  # a state's field against every rank
        return a[:, None]

    can = c(free & (_SIZES[mine] < 3)) & (_COUNT[mine] + _COUNT[theirs] < 4)
    now = PLUS[mine]
    q0 = np.where(c(mover == 0), now, c(ms0))
    q1 = np.where(c(mover == 0), c(ms1), now)
    leads = c(lead == NONE)
    answer = encode(c(1 - mover), NONE, c(stake), c(last), c(rest), 0, c(leader), r, c(nw),
                    c(w), q0, q1)
    tw = np.where(c(lead) > r, c(leader), np.where(r > c(lead), c(1 - leader), 2))
    ws, nws = c(w) * 3 + tw, c(np.minimum(nw + 1, 3))
    wcode = np.minimum(ws, 26)
    done = _DECIDED[nws, wcode] > 0
    nl = np.where(tw == 2, c(leader), tw)
    on = encode(nl, NONE, c(stake), c(last), c(rest), 0, nl, NONE, nws, np.minimum(ws, 8),
                q0, q1)
    kind[:, :8] = PLAY
    rank[:, :8] = r
    child[:, :8] = np.where(leads, answer, np.where(done, -1, on))
    end[:, :8] = np.where(~leads & done,
                          end_key(_WINNER[nws, wcode], c(stake), c(rest), 0, c(pending)), -1)
    ok[:, :8] = can
    # raise and rest (T7, T8), the redeal (T3)
    offer = free & (rest == 0) & (last != mover) & (stake < need)
    for slot, word in ((8, RAISE), (9, REST_KIND)):
        kind[:, slot] = word
        child[:, slot] = encode(1 - mover, word, stake, last, rest, 0, leader, lead, nw, w,
                                ms0, ms1)
        ok[:, slot] = offer
    kind[:, 10] = REDEAL
    child[:, 10] = encode(np.ones(n, dtype=np.int64), REDEAL, stake, last, rest, 0, leader,
                          lead, nw, w, ms0, ms1)
    ok[:, 10] = free & (f["redeal"] == 1) & (mover == 0)
    # answers: accept, refuse (T3, T7, T8)
    ans = ~free
    proposer = 1 - mover
    refused = encode(proposer, NONE, stake, last, rest, 0, leader, lead, nw, w, ms0, ms1)
    raised = encode(proposer, NONE, np.where(stake == 1, 2, stake + 2), proposer, rest, 0,
                    leader, lead, nw, w, ms0, ms1)
    rested = encode(proposer, NONE, stake, last, np.ones(n, dtype=np.int64), 0, leader, lead,
                    nw, w, ms0, ms1)
    redeal = pending == REDEAL
    kind[ans, 0], kind[ans, 1] = ACCEPT, REFUSE
    rank[ans, 0], rank[ans, 1] = NONE, NONE
    child[ans, 0] = np.where(redeal, -1, np.where(pending == RAISE, raised, rested))[ans]
    end[ans, 0] = np.where(redeal, end_key(-1, stake, 0, 1, pending), -1)[ans]
    child[ans, 1] = np.where(redeal, refused, -1)[ans]
    end[ans, 1] = np.where(redeal, -1, end_key(proposer, stake, 0, 0, pending))[ans]
    ok[ans, :2] = True
    ok[ans, 2:] = False
    # packed to the left, in order
    order = np.argsort(~ok, axis=1, kind="stable")
    take = np.take_along_axis
    ok = take(ok, order, axis=1)
    kind = np.where(ok, take(kind, order, axis=1), -1)
    rank = np.where(ok, take(rank, order, axis=1), NONE)
    child = np.where(ok, take(child, order, axis=1), -1)
    end = np.where(ok, take(end, order, axis=1), -1)
    return kind, rank, child, end, ok


class Graph:
    """The states of one stage of a file met so far, in arrays (module docstring): per
    state its mover, the ranks each seat has played, what T7's cap at the real score needs
    of it, and the file's moves (kind, rank, child state or -1, the end's number, where the
    child's block sits: from the node's own block in format 1, absolute in format 2).  The
    real game's moves are the file's but a raise or rest the real score forbids
    (``allowed``).  States are numbered as met, by their ``tree.state_key``."""

    def __init__(self, tab: SolvedTable, stage: str) -> None:
        self.tab, self.stage = tab, stage
        self.file_need = max(tab.target - tab.scores[0], tab.target - tab.scores[1])
        self.count = 0  # states numbered
        self.key_of = np.zeros(1024, dtype=np.int64)  # per state number, its key
        self.sorted_keys = np.zeros(0, dtype=np.int64)
        self.sorted_sids = np.zeros(0, dtype=np.int64)
        self.ends: list[tuple[Outcome, int]] = []  # (outcome, the state's pending word)
        self._end_ids: dict[int, int] = {}
        self.size = 0
        # per state (grown as states are numbered)
        self.built: Bools = np.zeros(0, dtype=bool)
        self.blockless: Bools = np.zeros(0, dtype=bool)  # format 2: no block found for it
        self.offer: Bools = np.zeros(0, dtype=bool)  # a raise if the stake allows (T7)
        self.file_raise: Bools = np.zeros(0, dtype=bool)  # the file's tree has one
        self.mover: Int8 = np.zeros(0, dtype=np.int8)
        self.ms: Int16 = np.zeros((0, 2), dtype=np.int16)  # MS_INDEX of each seat's ranks
        self.stake: Int16 = np.zeros(0, dtype=np.int16)
        self.nfile: Int8 = np.zeros(0, dtype=np.int8)
        # per state and file move
        self.kind: Int8 = np.zeros((0, MOVES), dtype=np.int8)
        self.rank: Int8 = np.zeros((0, MOVES), dtype=np.int8)
        self.child: Int32 = np.zeros((0, MOVES), dtype=np.int32)
        self.end: Int16 = np.zeros((0, MOVES), dtype=np.int16)
        self.rel: Int32 = np.zeros((0, MOVES), dtype=np.int32)
        self._grow(1024)

    @property
    def cells(self) -> int:
        return self.count

    def sid(self, s: State) -> int:
        return int(self._sids(np.array([state_key(s)], dtype=np.int64))[0])

    def _sids(self, keys: Ints) -> Ints:
        """The numbers of the states ``keys``, new ones numbered in turn (a sorted copy
        of the keys finds them: a dict of a state a key took 100 bytes more)."""
        idx = np.searchsorted(self.sorted_keys, keys)
        found = idx < len(self.sorted_keys)
        found[found] = self.sorted_keys[idx[found]] == keys[found]
        out = np.empty(len(keys), dtype=np.int64)
        out[found] = self.sorted_sids[idx[found]]
        if not found.all():
            new = np.unique(keys[~found])
            first = self.count
            self.count += len(new)
            if self.count > len(self.key_of):
                grown = np.empty(max(self.count, len(self.key_of) * 3 // 2), dtype=np.int64)
                grown[:first] = self.key_of[:first]
                self.key_of = grown
            self.key_of[first:self.count] = new
            out[~found] = first + np.searchsorted(new, keys[~found])
            at = np.searchsorted(self.sorted_keys, new)  # both sorted: merged, not re-sorted
            self.sorted_keys = np.insert(self.sorted_keys, at, new)
            self.sorted_sids = np.insert(self.sorted_sids, at, np.arange(first, self.count))
        return out

    def allowed(self, sids: Ints, need: int, m: int) -> tuple[Bools, Bools]:
        """The real game's moves among the file's first ``m`` at states ``sids`` when the
        player who needs more needs ``need`` (T7: a raise or rest only below it), and
        whether a state allows a raise the file's tree lacks (its cap is lower)."""
        offer = self.offer[sids] & (self.stake[sids] < need)
        kind = self.kind[sids, :m]
        ok = np.arange(m)[None, :] < self.nfile[sids][:, None]
        words = (kind == RAISE) | (kind == REST_KIND)
        return ok & ~(words & ~offer[:, None]), offer & ~self.file_raise[sids]

    def build(self, sids: Ints) -> None:
        """Work out the states ``sids`` not worked out yet (their children get numbers)."""
        if self.count > self.size:
            self._grow(self.count)
        todo = np.unique(sids[~self.built[sids]])
        if todo.size == 0:
            return
        keys = self.key_of[todo]
        tab = self.tab
        f = decode(keys)
        fk, fr, fc, fe, fok = successors(keys, self.file_need)  # the file's moves
        self.mover[todo] = f["mover"]
        self.ms[todo, 0], self.ms[todo, 1] = f["ms0"], f["ms1"]
        self.stake[todo] = f["stake"]
        self.offer[todo] = (f["pending"] == NONE) & (f["rest"] == 0) & (f["last"] != f["mover"])
        self.file_raise[todo] = ((fk == RAISE) & fok).any(axis=1)
        nf = fok.sum(axis=1)
        self.nfile[todo] = nf
        self.kind[todo], self.rank[todo] = fk, fr
        has_end = fok & (fe >= 0)
        self.end[todo] = -1
        self.end[todo[np.nonzero(has_end)[0]], np.nonzero(has_end)[1]] = self._end_numbers(
            fe[has_end])
        is_child = fok & (fc >= 0)
        self.child[todo] = -1
        ci, cf = np.nonzero(is_child)
        self.child[todo[ci], cf] = self._sids(fc[ci, cf])
        # where each child's block sits
        width = WIDTH[_SIZES[np.where(f["mover"] == 0, f["ms0"], f["ms1"])]]
        if tab.format == _FORMAT1:
            keys1 = tab.keys
            idx = np.minimum(np.searchsorted(keys1, fc), len(keys1) - 1)
            if not (keys1[idx] == fc)[is_child].all():
                raise KeyError("a public state the file does not hold")
            sub = np.where(is_child, tab.subs[idx].astype(np.int64), 0)
            block = np.where(nf < 2, 0, (nf - 1) * width)
            at = block[:, None] + np.cumsum(sub, axis=1) - sub
        else:
            keys2 = tab.stage_keys[self.stage]
            idx = np.minimum(np.searchsorted(keys2, fc), len(keys2) - 1)
            hit = keys2[idx] == fc
            at = np.where(hit, tab.stage_at[self.stage][idx].astype(np.int64)
                          + tab.stage_base[self.stage], 0)
            # a state of one move has no block (``SolvedTable.at``): checked when built
            miss = is_child & ~hit
            if miss.any():
                lost = self._sids(fc[miss])
                if self.count > self.size:
                    self._grow(self.count)
                self.blockless[lost] = True
        if at.size and int(at.max()) >= 1 << 31:
            raise ValueError("a file too large for the values' pass")  # (154 M numbers at most)
        self.rel[todo] = np.where(is_child, at, -1)
        self.built[todo] = True
        if self.count > self.size:
            self._grow(self.count)
        if (self.blockless[todo] & (nf >= 2)).any():
            raise KeyError("a public state the file does not hold")

    def _end_numbers(self, keys: Ints) -> Ints:
        uniq, inverse = np.unique(keys, return_inverse=True)
        nums = []
        for k in uniq.tolist():
            e = self._end_ids.get(k)
            if e is None:
                e = self._end_ids[k] = len(self.ends)
                self.ends.append(end_of(k))
            nums.append(e)
        return np.array(nums, dtype=np.int64)[inverse.reshape(-1)]

    def _grow(self, n: int) -> None:
        size = max(n, self.size * 3 // 2, 1024)
        self.built = _grown(self.built, size, 0)
        self.blockless = _grown(self.blockless, size, 0)
        self.offer = _grown(self.offer, size, 0)
        self.file_raise = _grown(self.file_raise, size, 0)
        self.mover = _grown(self.mover, size, 0)
        self.ms = _grown(self.ms, size, 0)
        self.stake = _grown(self.stake, size, 0)
        self.nfile = _grown(self.nfile, size, 0)
        self.kind = _grown(self.kind, size, -1)
        self.rank = _grown(self.rank, size, -1)
        self.child = _grown(self.child, size, -1)
        self.end = _grown(self.end, size, -1)
        self.rel = _grown(self.rel, size, -1)
        self.size = size

    def file_moves(self, i: int) -> tuple[tuple[int, int], ...]:
        """The file's moves at state ``i`` (kind, rank), in its order."""
        n = int(self.nfile[i])
        return tuple(zip(self.kind[i, :n].tolist(), self.rank[i, :n].tolist(), strict=True))


A = TypeVar("A", Bools, npt.NDArray[np.int8], npt.NDArray[np.int16], npt.NDArray[np.int32])


def _grown(a: A, size: int, fill: int) -> A:
    """``a`` with room for ``size`` states, the new ones ``fill``."""
    out = np.full((size, *a.shape[1:]), fill, dtype=a.dtype)
    out[:len(a)] = a
    return out


_graphs: dict[tuple[int, str], Graph] = {}
#: the states kept over all graphs (a state's arrays and its key: about 300 bytes)
GRAPH_STATES = 200_000


def graph(tab: SolvedTable, stage: str) -> Graph:
    """The file's graph of ``stage`` (kept: the next spot meets many of the same states,
    at any score the file plays)."""
    key = (id(tab), stage)
    got = _graphs.get(key)
    if got is None or got.tab is not tab:
        if sum(g.cells for g in _graphs.values()) > GRAPH_STATES:
            _graphs.clear()
            _passes.clear()  # their nodes are numbered by the graphs dropped
        got = _graphs[key] = Graph(tab, stage)
    return got


@dataclass
class _Group:
    """Nodes as many moves below the spot where the opponent has played ``k`` cards: their
    states, blocks, the opponent's live weights (``SPAN[k]`` numbers a node), where they
    hang (the group of their parent, its ``k``, and the node there; the rank the opponent
    played to get here, or -1), and once expanded, what their ends give."""

    k: int
    sid: Ints
    at: Ints
    live: Floats  # [node, SPAN[k]]
    pk: Ints  # the parent's k
    parent: Ints
    played: Ints  # the opponent's card from the parent, if he played one (else -1)
    coef: Floats  # [node, SPAN[k]]: the move's probability, for each hand (lifted)
    ends: Floats = field(default_factory=lambda: np.zeros((0, 0)))
    mask: Bools = field(default_factory=lambda: np.zeros((0, 0), dtype=bool))  # live


Layer = dict[int, _Group]


#: the file's numbers kept decompressed between passes, in bytes (a pass before a round's
#: first card reads about a hundred chunks of the 0-0 file; the next spots of the round
#: read the same ones)
CHUNK_BYTES = 48 << 20
_chunks: OrderedDict[tuple[int, int], tuple[SolvedTable, Numbers]] = OrderedDict()
_chunk_bytes = 0
_chunk_lock = threading.Lock()


def _chunk(tab: SolvedTable, c: int) -> Numbers:
    """Chunk ``c`` of ``tab``'s numbers, kept within ``CHUNK_BYTES``."""
    global _chunk_bytes
    key = (id(tab), c)
    with _chunk_lock:
        got = _chunks.get(key)
        if got is not None and got[0] is tab:
            _chunks.move_to_end(key)
            return got[1]
    arr = tab._chunk(c)
    with _chunk_lock:
        old = _chunks.pop(key, None)
        if old is not None:
            _chunk_bytes -= old[1].nbytes
        _chunks[key] = (tab, arr)
        _chunk_bytes += arr.nbytes
        while _chunk_bytes > CHUNK_BYTES and len(_chunks) > 1:
            _chunk_bytes -= _chunks.popitem(last=False)[1][1].nbytes
    return arr


class _Stream:
    """The file's numbers at given positions (the chunks they are in kept a pass)."""

    def __init__(self, tab: SolvedTable) -> None:
        self.tab = tab
        self.chunks: dict[int, Numbers] = {}

    def at(self, pos: Ints) -> Floats:
        size = self.tab.chunk
        out = np.empty(pos.shape, dtype=np.float64)
        if pos.size == 0:
            return out
        flat_p = pos.ravel()
        flat_c = flat_p // size
        res = out.reshape(-1)
        lo, hi = int(flat_c.min()), int(flat_c.max())
        if lo == hi:
            res[:] = self._chunk(lo)[flat_p - lo * size]
            return out
        order = np.argsort(flat_c, kind="stable")
        sc = flat_c[order]
        cuts = np.flatnonzero(np.diff(sc)) + 1
        for part in np.split(order, cuts):
            c = int(flat_c[part[0]])
            res[part] = self._chunk(c)[flat_p[part] - c * size]
        return out

    def runs(self, starts: Ints, length: int) -> Floats:
        """[node, i]: the ``length`` numbers from each of ``starts`` (a block, or one hand's
        column of it, is a run of the stream: read by chunk, not number by number)."""
        size = self.tab.chunk
        out = np.empty((len(starts), length), dtype=np.float64)
        if out.size == 0:
            return out
        first = starts // size
        inside = first == (starts + length - 1) // size
        across = np.flatnonzero(~inside)
        if across.size:  # a run over a chunk's end (rare): number by number
            out[across] = self.at(starts[across, None] + np.arange(length))
        rows = np.flatnonzero(inside)
        rows = rows[np.argsort(first[rows], kind="stable")]
        for part in np.split(rows, np.flatnonzero(np.diff(first[rows])) + 1):
            if part.size:
                c = int(first[part[0]])
                out[part] = _windows(self._chunk(c), length)[starts[part] - c * size]
        return out

    def _chunk(self, c: int) -> Numbers:
        arr = self.chunks.get(c)
        if arr is None:
            arr = self.chunks[c] = _chunk(self.tab, c)
        return arr


def _windows(numbers: Numbers, length: int) -> Numbers:
    """``numbers`` seen as its runs of ``length`` (row i: the run from i), without a copy:
    a node's block is then one row, copied whole (numpy's ``sliding_window_view`` does the
    same, at a hundred times the cost of this one call; a pass makes tens of thousands)."""
    step = numbers.strides[0]
    return np.ndarray((len(numbers) - length + 1, length), dtype=numbers.dtype,
                      buffer=numbers, strides=(step, step))


def values_below(tab: SolvedTable, stage: str, target: int, scores: tuple[int, int],
                 seat: int, hand: tuple[int, ...], state: State, at: int, fresh: bool,
                 weights: Floats, end_value: Callable[[Outcome, int], float],
                 payoff: Hashable = None) -> dict[tuple[int, int], Floats] | None:
    """Seat 0's payoff, a vector over the opponent's hands at ``state`` (``weights``' hands,
    the live ones right), of each move the observer (``seat``, holding ``hand`` whole) can
    make there: his cards' plays and the words; None where the round leaves the file's
    tree (the caller walks).

    ``payoff`` names what ``end_value`` scores (the real score's payoffs): given, the
    values of every node of a pass are kept for the next spots of the round with the same
    hand (a grader asks each decision of a round in turn: most of them lie below the
    first one's nodes), and a move whose node was valued for every hand live now is not
    valued again."""
    with _lock:
        return _values_below(tab, stage, target, scores, seat, hand, state, at, fresh,
                             weights, end_value, payoff)


_lock = threading.RLock()  # the kept graphs, chunks and passes: one pass at a time


def _values_below(tab: SolvedTable, stage: str, target: int, scores: tuple[int, int],
                  seat: int, hand: tuple[int, ...], state: State, at: int, fresh: bool,
                  weights: Floats, end_value: Callable[[Outcome, int], float],
                  payoff: Hashable) -> dict[tuple[int, int], Floats] | None:
    g = graph(tab, stage)
    need = max(target - scores[0], target - scores[1])  # T7's cap (``stake_may_rise``)
    # the fresh root of a round-only file is read at the round's root, the redeal removed
    fs = root_state(True) if fresh else state
    root = g.sid(fs)
    g.build(np.array([root]))
    allowed, outside = g.allowed(np.array([root]), need, MOVES)
    if outside[0]:
        return None
    stream = _Stream(tab)
    mine_at = _rest_index(hand)
    held = minus(hand, list(state[9] if seat == 0 else state[10]))
    assert held is not None
    out: dict[tuple[int, int], Floats] = {}
    # the spot's own moves: every card he holds, every word (not only those he would play)
    starts: list[tuple[tuple[int, int], int]] = []  # (move, child state)
    base = at if tab.format == _FORMAT1 else 0
    child_at: list[int] = []
    for j in np.flatnonzero(allowed[0]).tolist():
        kind, rank = int(g.kind[root, j]), int(g.rank[root, j])
        if (kind == PLAY and rank not in held) or (fresh and kind == REDEAL):
            continue
        e = int(g.end[root, j])
        if e >= 0:
            out[(kind, rank)] = np.full(len(weights), end_value(*g.ends[e]))
            continue
        if g.rel[root, j] < 0:
            return None  # a move whose child the file does not hold
        starts.append(((kind, rank), int(g.child[root, j])))
        child_at.append(base + int(g.rel[root, j]))
    k0 = len(state[10] if seat == 0 else state[9])  # the cards the opponent has played
    live0 = np.zeros(SPAN[k0])
    live0[:len(weights)] = weights
    kept = None
    if payoff is not None:
        kept = _passes.setdefault((g, payoff, seat, hand), [])
        _passes.move_to_end((g, payoff, seat, hand))
    if kept is not None:
        for m, sid, a in [(m, c, a) for (m, c), a in zip(starts, child_at, strict=True)]:
            got = _kept_value(kept, k0, sid, a, live0 > 0)
            if got is not None:
                out[m] = got[:len(weights)]
        child_at = [a for (m, _), a in zip(starts, child_at, strict=True) if m not in out]
        starts = [(m, c) for m, c in starts if m not in out]
    if not starts:
        return out
    n0 = len(starts)
    layers: list[Layer] = [{k0: _Group(
        k0, np.array([c for _, c in starts], dtype=np.int64),
        np.array(child_at, dtype=np.int64), np.tile(live0, (n0, 1)), np.full(n0, k0),
        np.arange(n0), np.full(n0, -1), np.ones((n0, SPAN[k0])))}]
    ends_cache: dict[int, float] = {}
    while True:
        nxt = _expand(g, stream, layers[-1], seat, mine_at, need, ends_cache, end_value)
        if nxt is None:
            return None
        if not nxt:
            break
        layers.append(nxt)
    # back up: a node's value is its ends' part plus each child's value, lifted and weighed
    below: dict[int, Floats] = {}  # per k, the values of a layer's nodes
    values: list[dict[int, Floats]] = [{} for _ in layers]
    for d in range(len(layers) - 1, -1, -1):
        here = {k: grp.ends.copy() for k, grp in layers[d].items()}
        if d + 1 < len(layers):
            for kc, ch in layers[d + 1].items():
                val = ch.coef * below[kc]
                for kp in (kc, kc - 1):
                    sel = np.flatnonzero(ch.pk == kp)
                    if sel.size == 0:
                        continue
                    v = here[kp]
                    span = v.shape[1]
                    pos = (np.broadcast_to(np.arange(span), (len(sel), span)) if kp == kc
                           else LIFTS[kp][ch.played[sel]])
                    idx = (ch.parent[sel, None] * span + pos).ravel()
                    v += np.bincount(idx, weights=val[sel].ravel(),
                                     minlength=v.size).reshape(v.shape)
        below = values[d] = here
    top = below[k0]
    for i, (m, _) in enumerate(starts):
        out[m] = top[i, :len(weights)]
    if kept is not None:
        _keep(kept, layers, values)
    return out


#: passes kept for the next spots (``values_below``): per file, payoff, seat and hand, the
#: last few; in all at most ``PASSES``
PASSES = 3
_passes: OrderedDict[Hashable, list[dict[int, tuple[Ints, Bools, Floats]]]] = OrderedDict()


def _keep(kept: list[dict[int, tuple[Ints, Bools, Floats]]], layers: list[Layer],
          values: list[dict[int, Floats]]) -> None:
    """Keep a pass's nodes: per k, their keys (state and block, sorted), the hands live
    at them and their values."""
    got: dict[int, tuple[Ints, Bools, Floats]] = {}
    for k in range(4):
        parts = [(grp, values[d][k]) for d, layer in enumerate(layers)
                 for kk, grp in layer.items() if kk == k]
        if not parts:
            continue
        keys = np.concatenate([grp.sid * (1 << 32) + grp.at for grp, _ in parts])
        masks = np.concatenate([grp.mask for grp, _ in parts])
        vals = np.concatenate([v for _, v in parts])
        order = np.argsort(keys, kind="stable")
        got[k] = (keys[order], masks[order], vals[order])
    kept.insert(0, got)
    del kept[3:]
    while sum(len(v) for v in _passes.values()) > PASSES:
        _passes.popitem(last=False)


def _kept_value(kept: list[dict[int, tuple[Ints, Bools, Floats]]], k: int, sid: int, at: int,
                live: Bools) -> Floats | None:
    """A kept node's values, if every hand live now was live there."""
    key = sid * (1 << 32) + at
    for one in kept:
        if k not in one:
            continue
        keys, masks, vals = one[k]
        i = int(np.searchsorted(keys, key))
        if i < len(keys) and int(keys[i]) == key and bool(masks[i][live].all()):
            got: Floats = vals[i]
            return got
    return None


def _rest_index(hand: tuple[int, ...]) -> Ints:
    """Per multiset of played ranks, the index in REST[its size] of what ``hand`` still
    holds after playing it (-1: the hand cannot have played it)."""
    got = np.full(len(MULTISETS), -1, dtype=np.int64)
    for i, m in enumerate(MULTISETS):
        rest = minus(hand, list(m))
        if rest is not None:
            got[i] = REST_INDEX[len(m)][rest]
    return got


#: nodes expanded at once (bounds a piece's arrays: nodes x moves x hands)
PIECE = 1024


def _expand(g: Graph, stream: _Stream, layer: Layer, seat: int, mine_at: Ints, need: int,
            ends_cache: dict[int, float], end_value: Callable[[Outcome, int], float]
            ) -> Layer | None:
    """The layer's children, by the opponent's cards (its groups' ``ends`` filled in);
    None if one leaves the file."""
    parts: dict[int, list[_Group]] = {}
    g.build(np.concatenate([grp.sid for grp in layer.values()]))  # the layer's at once
    for k, grp in layer.items():
        ends: list[Floats] = []
        for lo in range(0, len(grp.sid), PIECE):
            piece = slice(lo, lo + PIECE)
            e = _expand_piece(g, stream, k, grp.sid[piece], grp.at[piece], grp.live[piece],
                              seat, mine_at, need, ends_cache, end_value, lo, parts)
            if e is None:
                return None
            ends.append(e)
        grp.ends = np.concatenate(ends)
        grp.mask = grp.live > 0
        grp.live = grp.live[:0]  # no longer needed
    return {k: _Group(k, np.concatenate([p.sid for p in ps]),
                      np.concatenate([p.at for p in ps]), np.concatenate([p.live for p in ps]),
                      np.concatenate([p.pk for p in ps]),
                      np.concatenate([p.parent for p in ps]),
                      np.concatenate([p.played for p in ps]),
                      np.concatenate([p.coef for p in ps]))
            for k, ps in parts.items()}


def _expand_piece(g: Graph, stream: _Stream, k: int, sid: Ints, at: Ints, live: Floats,
                  seat: int, mine_at: Ints, need: int, ends_cache: dict[int, float],
                  end_value: Callable[[Outcome, int], float], lo: int,
                  parts: dict[int, list[_Group]]) -> Floats | None:
    """A piece of a group: its children added to ``parts``; its ends' part returned (None
    if the round leaves the file's tree)."""
    n = len(sid)
    m = int(g.nfile[sid].max())
    valid, outside = g.allowed(sid, need, m)
    if outside.any():
        return None
    span = SPAN[k]
    dist = _distributions(g, stream, sid, at, live, seat, mine_at, m, span, valid)
    kind, rank = g.kind[sid, :m].astype(np.int64), g.rank[sid, :m].astype(np.int64)
    end, child, rel = g.end[sid, :m], g.child[sid, :m], g.rel[sid, :m]
    opp = g.mover[sid] != seat
    # the moves some live hand makes (the walk's ``sub.any()``; the observer's moves of
    # positive probability: his column is in every column)
    live_move = (np.matmul(dist, live[:, :, None])[:, :, 0] > 0) & valid  # (all >= 0)
    lifting = opp[:, None] & (kind == PLAY) & (end < 0) & live_move
    ci, cm = np.nonzero(lifting)
    if ci.size:  # exactly among the hands that hold the card
        pos = LIFTS[k][rank[ci, cm]]
        live_move[ci, cm] = (np.take_along_axis(live[ci], pos, axis=1)
                             * np.take_along_axis(dist[ci, cm], pos, axis=1)).any(axis=1)
        lifting &= live_move
    has_end = (end >= 0) & live_move
    ev = np.zeros(end.shape)
    for e in np.unique(end[has_end]).tolist():
        if e not in ends_cache:
            ends_cache[e] = end_value(*g.ends[e])
        ev[has_end & (end == e)] = ends_cache[e]
    ends: Floats = np.matmul(ev[:, None, :], dist)[:, 0]
    base = at if g.tab.format == _FORMAT1 else np.zeros(n, dtype=np.int64)
    # children where the opponent keeps his hands: the same vector
    pi, mi = np.nonzero(live_move & (end < 0) & ~lifting)
    if pi.size:
        coef = dist[pi, mi]
        sub = live[pi] * np.where(opp[pi, None], coef, 1.0)
        parts.setdefault(k, []).append(_Group(
            k, child[pi, mi].astype(np.int64), base[pi] + rel[pi, mi], sub,
            np.full(len(pi), k), pi + lo, np.full(len(pi), -1), coef))
    # children where he played a card: his hands that held it, lifted
    pi, mi = np.nonzero(lifting)
    if pi.size:
        r = rank[pi, mi]
        pos = LIFTS[k][r]
        coef = np.take_along_axis(dist[pi, mi], pos, axis=1)
        sub = np.take_along_axis(live[pi], pos, axis=1) * coef
        parts.setdefault(k + 1, []).append(_Group(
            k + 1, child[pi, mi].astype(np.int64), base[pi] + rel[pi, mi], sub,
            np.full(len(pi), k), pi + lo, r, coef))
    return ends


def _played(g: Graph, sid: Ints, who: int | Ints | Int8) -> Ints:
    """How many cards ``who`` has played at the states ``sid``."""
    got: Ints = _SIZES[g.ms[sid, who]]
    return got


def _distributions(g: Graph, stream: _Stream, sid: Ints, at: Ints, live: Floats,
                   seat: int, mine_at: Ints, m: int, span: int, allowed: Bools) -> Floats:
    """dist[node, real move, opponent's hand]: the opponent's for each of his hands, the
    observer's (his own hand's numbers) in every column, by the app's rule
    (``values.Play.node``); the last column zero."""
    n = len(sid)
    dist = np.zeros((n, m, span))  # the file's moves (0 where the real game forbids one)
    mover = g.mover[sid]
    k = _played(g, sid, mover)
    w = WIDTH[k]
    nf = g.nfile[sid]
    mine = mover == seat
    col = np.where(mine, mine_at[g.ms[sid, seat]], 0)
    found = np.zeros((n, span), dtype=bool)  # the opponent's hands; the observer's: [:, 0]
    held = np.zeros(n, dtype=bool)  # the file holds numbers for some hand here
    for f in np.unique(nf).tolist():
        for width in np.unique(w[nf == f]).tolist():
            for me in (False, True):
                sel = np.flatnonzero((nf == f) & (w == width) & (mine == me))
                if sel.size == 0:
                    continue
                ok_moves = allowed[sel, :f]  # [node, file move]
                if me:  # his own hand's column only (the rest of the block if it is empty)
                    fd = _block(stream, f, width, at[sel], col[sel]) * ok_moves[:, :, None]
                else:
                    block = _block(stream, f, width, at[sel])
                    held[sel] = (block.sum(axis=1) > 0).any(axis=1)
                    fd = block * ok_moves[:, :, None]
                total = fd.sum(axis=1)
                ok = total > 0
                fd = np.where(ok[:, None, :], fd / np.where(ok, total, 1.0)[:, None, :], 0.0)
                dist[sel, :f, :fd.shape[2]] = fd
                found[sel, :ok.shape[1]] = ok
                # the hands the file holds nothing for: node_policies' rule (a neighbour)
                need = ~ok if me else (live[sel, :width] > 0) & ~ok
                if me and need.any():  # the rule needs the other hands' numbers
                    empty = np.flatnonzero(need[:, 0])
                    block = np.zeros((len(sel), f, width))
                    block[empty] = _block(stream, f, width, at[sel[empty]])
                    held[sel[empty]] = (block[empty].sum(axis=1) > 0).any(axis=1)
                ni, hi = np.nonzero(need & held[sel][:, None])
                if ni.size:
                    hands = col[sel[ni]] if me else hi
                    got, fine = neighbours(block, g.kind[sid[sel], :f], g.rank[sid[sel], :f],
                                           ok_moves, int(k[sel[0]]), ni, hands)
                    dist[sel[ni], :f, hi] = got
                    found[sel[ni], hi] = fine
    # where even that fails: every move the hand can make alike
    need = np.zeros((n, span), dtype=bool)
    need[~mine, :span - 1] = live[~mine, :span - 1] > 0
    need[mine, 0] = True
    missing = need & ~found
    hand_of = np.where(mine[:, None], col[:, None], np.arange(span)[None, :])
    ni, hi = np.nonzero(missing)
    if ni.size:
        kk, rr = g.kind[sid[ni], :m], g.rank[sid[ni], :m].astype(np.int64)
        hands = hand_of[ni, hi]
        can = ((kk != PLAY) | (HOLDS[k[ni][:, None], hands[:, None], np.maximum(rr, 0)] > 0))
        can &= allowed[ni]
        count = can.sum(axis=1)
        dist[ni, :m, hi] = np.where(can, 1.0 / np.maximum(count, 1)[:, None], 0.0)
    out = dist
    mine_rows = np.flatnonzero(mine)
    if mine_rows.size:  # the observer's moves do not depend on the opponent's hand
        out[mine_rows, :, :span - 1] = out[mine_rows, :, :1]
    out[:, :, span - 1] = 0.0
    return out


def _block(stream: _Stream, f: int, width: int, at: Ints, column: Ints | None = None
           ) -> Floats:
    """The file's integers at nodes of ``f`` moves and ``width`` hands whose blocks start
    at ``at``: [node, move, hand], a column the solved play never brings there all zeros
    (``SolvedTable.block``); only the hand ``column`` of each node, if given ([node,
    move, 1]: a block is hand by hand, so a hand's numbers are a run of it)."""
    tab = stream.tab
    if column is not None:
        width = 1
    if f < 2:
        return np.full((len(at), 1, width), float(tab.top))
    if column is None:
        raw = stream.runs(at, (f - 1) * width).reshape(len(at), width, f - 1)
    else:
        raw = stream.runs(at + column * (f - 1), f - 1).reshape(len(at), 1, f - 1)
    block = np.empty((len(at), f, width))
    block[:, :-1] = raw.transpose(0, 2, 1)
    block[:, -1] = float(tab.top) - raw.sum(axis=2)
    block *= (raw[:, :, 0] != float(tab.sentinel))[:, None, :]
    return block


__all__ = ["Graph", "graph", "values_below"]
