"""What the shipped solved strategy plays: the files (``strategy/data/truc-*.trufbp``),
the one nearest a score, and its distribution at a spot (the app's rule, for one hand or
every hand of a node).

- **Which file:** the one solved at the score nearest the real one by what each player
  still needs (T7's cap and an accepted rest depend on that), among the files whose raise
  cap is at least the real one, so that every real history is in its tree, and whose
  needs are each within half again of the real ones (else the 0-0 file).
- **Where the file places the spot** (the round's public actions and the player's hand):
  the stored distribution for that hand, 12- or 8-bit, as solved: per history (format 1),
  or per public state (format 2, ``solve restate``: the histories' strategies averaged by
  their reach, about half the bytes; docs/solver.md, "Per-state files").
- **At a score the file was not solved for,** moves the real score forbids (T7's cap)
  are removed and the rest renormalised.  What this costs is measured per score
  (``python -m truf_tui.solve check --shipped``; docs/solver.md).
- **Where the file holds nothing for the hand** (the solved player never gets there with
  it, which only a changed score can cause), the nearest hand the file does hold at that
  node is used, its cards mapped rank order to rank order.
- **Outside the file's tree** (stakes above 12, only in a round to more than 12), every
  legal move but fold is equally likely.

The player (:mod:`truf_tui.ai.solved`) and the solver's check (:mod:`truf_tui.solve.ship`)
both play a file by this one rule.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Sequence
from importlib import resources

import numpy as np
import numpy.typing as npt

from truf_tui.cards import TRUC_STRENGTH, Card
from truf_tui.engine import truc
from truf_tui.strategy.hands import REST, REST_INDEX
from truf_tui.strategy.tree import ACCEPT, NONE, PLAY, RAISE, REDEAL, REFUSE
from truf_tui.strategy.tree import REST as REST_KIND
from truf_tui.strategy.trufbp import BlueprintError, SolvedTable, played

_KIND_OF = {"play": PLAY, "raise": RAISE, "rest": REST_KIND, "redeal": REDEAL,
            "accept": ACCEPT, "refuse": REFUSE}


_TABLES: list[SolvedTable] | None = None
_TABLE_LOCK = threading.Lock()


def tables(reread: bool = False) -> list[SolvedTable]:
    """The shipped files (``strategy/data/truc-*.trufbp``), read once (``reread``: again,
    for ``bench``): headers and state tables now, the probabilities chunk by chunk when
    asked for."""
    global _TABLES
    with _TABLE_LOCK:
        if _TABLES is None or reread:
            found = []
            try:
                folder = resources.files("truf_tui.strategy").joinpath("data")
                for f in sorted(folder.iterdir(), key=lambda f: f.name):
                    if f.name.startswith("truc-") and f.name.endswith(".trufbp"):
                        found.append(SolvedTable(f.read_bytes()))
            except OSError as e:
                raise BlueprintError(f"the solved strategies cannot be read: {e}") from e
            if not found:
                raise BlueprintError(
                    "no solved strategy is installed (strategy/data/truc-*.trufbp)")
            _TABLES = found
        return _TABLES


def table() -> SolvedTable:
    """The shipped file solved at 0-0."""
    return next((t for t in tables() if t.scores == (0, 0)), tables()[0])


def needs(target: int, scores: tuple[int, int]) -> tuple[int, int]:
    """The points (non-dealer, dealer) still need, clamped to 12: with T7's cap and an
    accepted rest, this is what a score changes in a round."""
    return (min(target - scores[0], 12), min(target - scores[1], 12))


def nearest(tabs: list[SolvedTable], target: int, scores: tuple[int, int]) -> SolvedTable:
    """The file solved at the score closest to ``scores`` (non-dealer, dealer) by what
    each player needs, on a log scale: 1 point against 2 matters more than 11 against 12.

    Only files whose raise cap (T7: the highest stake a raise can reach, ``stake_cap``) is
    at least the real one qualify, so that every history of the real round is in the
    file's tree (11-8 plays the 11-9 file: both stop at 4); and a file solved at another
    score than 0-0 only where each player's need is within half again of the real one
    (5-7 played with the 3-10 file was exploitable by 0.13 in match-win probability,
    docs/solver.md), and a file where one player needs more plays only where the same
    player needs more (5-5 and 7-7 with the 5-7 file: 0.036 and 0.044; with their own
    files 0.014 and 0.020), and only where that lead is at least half the file's
    (the 0-6 file at 3-4 and 2-4: 0.071 and 0.055, the 0-0 file there 0.007 and 0.017);
    the 0-0 file plays everywhere else."""
    want = needs(target, scores)

    def close(t: SolvedTable) -> bool:
        have = needs(t.target, t.scores)
        if t.scores == (0, 0):
            return True
        ahead = (have[0] > have[1]) - (have[0] < have[1])  # who needs more, if anyone
        if ahead and ahead != (want[0] > want[1]) - (want[0] < want[1]):
            return False
        if 2 * abs(want[0] - want[1]) < abs(have[0] - have[1]):  # a lead half the file's
            return False
        return all(max(a, b) <= 1.5 * min(a, b) for a, b in zip(want, have, strict=True))

    def capped(target: int, scores: tuple[int, int]) -> int:  # as needs, clamped to 12
        return min(truc.stake_cap(scores, target), truc.stake_cap((0, 0), 12))

    real_cap = capped(target, scores)
    wide = [t for t in tabs if capped(t.target, t.scores) >= real_cap and close(t)]

    def distance(t: SolvedTable) -> float:
        have = needs(t.target, t.scores)
        return sum(abs(math.log(a) - math.log(b)) for a, b in zip(want, have, strict=True))

    return min(wide or tabs, key=distance)


def policy(observation: truc.Observation, tab: SolvedTable | None = None
           ) -> tuple[dict[truc.Action, float], str]:
    """The solved distribution over the legal actions (fold always 0: it is weakly
    dominated, docs/solver.md), and how it was found ("placed", "translated" or
    "outside"); ``tab`` the file to play (default: the shipped one)."""
    o = observation
    me = o["player"]
    dealer = o["dealer"]
    if tab is None:
        pts = o["scores"]
        tab = nearest(tables(), int(o["rules"]["target"]), (pts[1 - dealer], pts[dealer]))
    seat = 0 if me != dealer else 1  # the file's seats: 0 the non-dealer (T4)
    state = truc.determinizer(o)(_RNG)
    every = state.legal_actions()
    legal = [a for a in every if a.kind != "fold"]
    hist = [str(a) for a in o["history"][o["round_start"]:]]
    redeal = True
    if "accept" in hist and hist[:1] == ["redeal"] and hist[1:2] == ["accept"]:
        hist = hist[2:]
        redeal = False
    words = [word(w) for w in hist]
    hand = sorted(TRUC_STRENGTH[Card.parse(c, "truc")] for c in o["hand"])
    try:
        s, at = tab.locate(redeal, words)
    except KeyError:
        return _uniform(every), "outside"
    if s[0] != seat:
        return _uniform(every), "outside"
    block = tab.block(s, at)
    moves = [(kind, rank) for kind, rank, _ in tab.successors(s)]
    allowed = np.array([legal_move(m, legal) is not None for m in moves])
    k = played(s)
    dist, how = node_policy(block, moves, allowed, k, tuple(hand))
    if dist is None:
        return _uniform(every), "outside"
    out = {a: 0.0 for a in every}
    for m, p in zip(moves, dist, strict=True):
        if p > 0:
            a = legal_move(m, legal)
            assert a is not None
            out[a] += float(p)
    return out, how


def node_policy(block: npt.NDArray[np.float64], moves: Sequence[tuple[int, int]],
                allowed: npt.NDArray[np.bool_], k: int, hand: tuple[int, ...]
                ) -> tuple[npt.NDArray[np.float64] | None, str]:
    """A hand's distribution over a node's moves (the file's, ``allowed`` those the real
    game permits), summing to 1, and "placed" or "translated"; None if nothing fits.
    The app calls this; the solver's check (``solve.ship.lift_file``) calls
    ``node_policies``, the same rule for every hand at once."""
    j = REST_INDEX[k][hand]
    dist, found, placed = node_policies(block, moves, allowed, k, [j])
    if not found[0]:
        return None, "outside"
    return dist[:, 0], "placed" if placed[0] else "translated"


def node_policies(block: npt.NDArray[np.float64], moves: Sequence[tuple[int, int]],
                  allowed: npt.NDArray[np.bool_], k: int, columns: list[int] | None = None
                  ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_],
                             npt.NDArray[np.bool_]]:
    """Each hand's distribution over a node's moves, as ``node_policy`` (columns: the
    hands of REST[k], all or ``columns``): ``dist[move, i]``, ``found[i]`` (False where
    nothing fits) and ``placed[i]`` (the file's own numbers, none removed or borrowed)."""
    cols = np.arange(block.shape[1]) if columns is None else np.asarray(columns)
    raw = block[:, cols]
    dist = raw * allowed[:, None]
    total = dist.sum(axis=0)
    placed = total == raw.sum(axis=0)
    found = total > 0
    missing = np.flatnonzero(~found)
    if missing.size:
        held = block.sum(axis=0) > 0  # the hands the file holds numbers for here
        if held.any():
            for i in missing:
                got = _neighbour(block, held, allowed, moves, k, int(cols[i]))
                if got is not None:
                    dist[:, i], total[i], found[i], placed[i] = got, got.sum(), True, False
    dist[:, found] /= total[found]
    return dist, found, placed


_RNG = random.Random(0)  # the determinizer needs one; legal actions do not depend on it


def word(text: str) -> tuple[int, int]:
    """An action's text (T11) as a move of the solver's tree: (kind, rank)."""
    w = text.split()
    if w[0] == "play":
        return PLAY, TRUC_STRENGTH[Card.parse(w[1], "truc")]
    return _KIND_OF[w[0]], NONE


def legal_move(move: tuple[int, int], legal: list[truc.Action]) -> truc.Action | None:
    kind, rank = move
    for a in legal:
        if kind == PLAY:
            if a.kind == "play" and a.card is not None and TRUC_STRENGTH[a.card] == rank:
                return a
        elif _KIND_OF.get(a.kind) == kind:
            return a
    return None


def _uniform(every: list[truc.Action]) -> dict[truc.Action, float]:
    n = sum(a.kind != "fold" for a in every)
    return {a: 0.0 if a.kind == "fold" else 1.0 / n for a in every}


def _neighbour(block: npt.NDArray[np.float64], held: npt.NDArray[np.bool_],
               allowed: npt.NDArray[np.bool_], moves: Sequence[tuple[int, int]], k: int, j: int
               ) -> npt.NDArray[np.float64] | None:
    """The distribution of the nearest hand the block holds (``held``, not empty) to
    REST[k][j], by the ranks' distance, cards mapped by rank order."""
    best = int(np.argmin(np.where(held, _DISTANCE[k][j], _FAR)))  # the first of the nearest
    hand, other = REST[k][j], REST[k][best]
    to_mine = {r: hand[i] for i, r in enumerate(other)}  # rank order to rank order
    out = np.zeros(len(moves))
    index = {m: i for i, m in enumerate(moves)}
    for i, (kind, rank) in enumerate(moves):
        p = block[i, best]
        if p <= 0:
            continue
        if kind == PLAY and rank not in to_mine:
            continue  # a hand the cards already shown rule out holds nothing useful
        m = (kind, to_mine[rank]) if kind == PLAY else (kind, rank)
        if m in index and allowed[index[m]]:
            out[index[m]] += p
    return out if out.sum() > 0 else None


_FAR = np.iinfo(np.int64).max
#: _DISTANCE[k][j, j']: how far REST[k][j] is from REST[k][j'] (ranks in order, summed)
_DISTANCE: tuple[npt.NDArray[np.int64], ...] = tuple(
    np.abs(np.array(r, dtype=np.int64).reshape(len(r), 1, -1)
           - np.array(r, dtype=np.int64).reshape(1, len(r), -1)).sum(axis=2)
    for r in REST)


def _rank_maps(k: int) -> npt.NDArray[np.int64]:
    """[j, j', r]: the rank of REST[k][j] that ``_neighbour`` puts for the rank ``r`` of
    REST[k][j'] (rank order to rank order; -1: r is not in it)."""
    rest = REST[k]
    out = np.full((len(rest), len(rest), 8), -1, dtype=np.int64)
    for j, hand in enumerate(rest):
        for b, other in enumerate(rest):
            for i, r in enumerate(other):  # the last of equal ranks wins, as in its dict
                out[j, b, r] = hand[i]
    return out


_RANK_MAPS = tuple(_rank_maps(k) for k in range(4))


def neighbours(block: npt.NDArray[np.float64], kind: npt.NDArray[np.integer],
               rank: npt.NDArray[np.integer], allowed: npt.NDArray[np.bool_], k: int,
               node: npt.NDArray[np.int64], hand: npt.NDArray[np.int64]
               ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
    """``_neighbour``'s rule for many (node, hand) pairs at once, the nodes' hands of
    REST[k]: ``block[node, move, hand]`` their numbers (a hand the file holds nothing
    for: all zeros), ``kind``/``rank``/``allowed`` [node, move] their moves; per pair the
    distribution over the node's moves (normalised) and whether one was found.  (A grader
    asks it for thousands of nodes a round: node by node it was a tenth of the time.)"""
    held = block.sum(axis=1)[node] > 0  # [pair, hand of the block]
    best = np.where(held, _DISTANCE[k][hand], _FAR).argmin(axis=1)
    p = block[node, :, best]  # [pair, move]: the nearest held hand's numbers
    f = block.shape[1]
    play = kind[node] == PLAY
    where_play = np.full((len(block), 8), -1, dtype=np.int64)  # [node, rank]: its play
    ni, mi = np.nonzero(kind == PLAY)
    where_play[ni, rank[ni, mi]] = mi
    mapped = _RANK_MAPS[k][hand[:, None], best[:, None], np.maximum(rank[node], 0)]
    target = np.where(play, np.where(mapped >= 0, where_play[node[:, None],
                                                             np.maximum(mapped, 0)], -1),
                      np.arange(f)[None, :])
    ok = (p > 0) & (target >= 0) & held.any(axis=1)[:, None]
    ok &= allowed[node[:, None], np.maximum(target, 0)]
    out = np.zeros((len(node), f))
    pi, mi = np.nonzero(ok)
    np.add.at(out, (pi, target[pi, mi]), p[pi, mi])
    total = out.sum(axis=1)
    found = total > 0
    out[found] /= total[found, None]
    return out, found

