"""The public tree of one Le Truc round, with full history (perfect recall).

Every action of the round is public: cards are shown when played, raises and answers are
spoken.  Only the two hands are private, and a hand matters only through which cards its
owner can play, so the round is a tree of *public* histories, and a player's information
set is (public node, own hand).  Vectors over hands (:mod:`truf_tui.strategy.hands`) live on
its nodes.

Players are numbered by seat in the round: 0 the non-dealer (who leads first, T4), 1 the
dealer.  The rules come from the engine (``truf_tui.engine.truc``: T4-T8, T10), not
rewritten here.  Two simplifications, both exact or documented in ``docs/solver.md``:

- **No fold (T9).** Folding gives the opponent the agreed stake.  Playing on never gives
  less: the stake rises only with one's own consent, and refusing the next raise scores the
  same as the fold.  So a fold is weakly dominated everywhere and is left out (a fold while
  a raise or rest awaits one's answer is exactly a refusal, T9).
- **Redeal (T3).** An accepted redeal ends this tree at a terminal worth the value of a
  fresh round without redeal (``redeal_value``): the new hands are treated as dealt from a
  whole pack, independent of the discarded ones.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from truf_tui.engine.truc import next_stake, round_result, stake_may_rise, trick_winner
from truf_tui.strategy.hands import MS_INDEX, MULTISETS, RANKS, add
from truf_tui.strategy.kept import Kept

# edge kinds (T11 words)
PLAY, RAISE, REST, REDEAL, ACCEPT, REFUSE = range(6)
KIND_WORDS = ("play", "raise", "rest", "redeal", "accept", "refuse")
NONE = -1  # "no player", "no card"


@dataclass(frozen=True)
class Outcome:
    """How a round ended: ``winner`` (0 non-dealer, 1 dealer, -1 nobody) scores ``stake``,
    or the game (an accepted rest, T8); ``redeal`` marks an accepted redeal (T3)."""

    winner: int
    stake: int
    game: bool
    redeal: bool = False


@dataclass
class Tree:
    """Arrays over the decision nodes (in pre-order: children after their parent) and their
    edges (a node's edges are contiguous, ``edge_start[n]:edge_start[n + 1]``)."""

    target: int
    scores: tuple[int, int]  # (non-dealer, dealer)
    redeal: bool
    player: npt.NDArray[np.int64]  # who moves
    played: npt.NDArray[np.int64]  # [n, p]: index in MULTISETS of p's played ranks
    stake: npt.NDArray[np.int64]
    edge_start: npt.NDArray[np.int64]
    edge_kind: npt.NDArray[np.int64]
    edge_rank: npt.NDArray[np.int64]  # the rank played, NONE for a word
    edge_child: npt.NDArray[np.int64]  # a decision node, or NONE for a terminal
    edge_outcome: npt.NDArray[np.int64]  # index in outcomes for a terminal, else NONE
    outcomes: tuple[Outcome, ...]
    # the node's public *state* (index in states): histories that leave the same state
    # (the same tricks, cards played, stake, last raiser, proposal...) share one
    state: npt.NDArray[np.int64]
    states: tuple[State, ...]

    @property
    def nodes(self) -> int:
        return len(self.player)

    @property
    def edges(self) -> int:
        return len(self.edge_kind)


# A public state: (mover, pending, stake, last_raiser, rest, redeal_open, leader, lead,
# winners, played ranks of 0, played ranks of 1); pending is NONE, RAISE, REST or REDEAL.
State = tuple[int, int, int, int, bool, bool, int, int, tuple[int | None, ...],
              tuple[int, ...], tuple[int, ...]]


def root_state(redeal: bool) -> State:
    return (0, NONE, 1, NONE, False, redeal, 0, NONE, (), (), ())


def state_key(s: State) -> int:
    """A public state as one integer (42 bits), for the shipped blueprint's state table."""
    mover, pending, stake, last_raiser, rest, redeal_open, leader, lead, winners, p0, p1 = s
    w = 0
    for x in winners:
        w = w * 3 + (2 if x is None else x)
    k = mover
    k = k * 5 + pending + 1
    k = k * 128 + stake
    k = k * 3 + last_raiser + 1
    k = k * 2 + int(rest)
    k = k * 2 + int(redeal_open)
    k = k * 2 + leader
    k = k * 9 + lead + 1
    k = k * 4 + len(winners)
    k = k * 9 + w
    k = k * 165 + MS_INDEX[p0]
    return k * 165 + MS_INDEX[p1]


def successors(s: State, target: int, scores: tuple[int, int]
               ) -> list[tuple[int, int, State | Outcome]]:
    """The (kind, rank, next state or outcome) of every action but fold, in a fixed order:
    plays by rank, then raise, rest, redeal; answers: accept, refuse."""
    mover, pending, stake, last_raiser, rest, redeal_open, leader, lead, winners, p0, p1 = s
    out: list[tuple[int, int, State | Outcome]] = []
    if pending != NONE:
        proposer = 1 - mover
        if pending == REDEAL:  # T3: the non-dealer goes on after the answer
            out.append((ACCEPT, NONE, Outcome(NONE, stake, False, True)))
            out.append((REFUSE, NONE, (proposer, NONE, stake, last_raiser, rest, False, leader,
                                       lead, winners, p0, p1)))
            return out
        if pending == RAISE:  # T7: accepted, the raiser goes on with his turn
            nxt = (proposer, NONE, next_stake(stake), proposer, rest, False, leader, lead,
                   winners, p0, p1)
        else:  # T8: the round is played for the game
            nxt = (proposer, NONE, stake, last_raiser, True, False, leader, lead, winners, p0,
                   p1)
        out.append((ACCEPT, NONE, nxt))
        out.append((REFUSE, NONE, Outcome(proposer, stake, False)))  # T7/T8: old stake
        return out
    mine, theirs = (p0, p1) if mover == 0 else (p1, p0)
    if len(mine) < 3:
        out_of_pack = mine + theirs
        for r in range(RANKS):
            if r in out_of_pack and out_of_pack.count(r) >= 4:
                continue  # all four cards of the rank are out: nobody can hold one
            now = add(mine, r)
            q0, q1 = (now, p1) if mover == 0 else (p0, now)
            if lead == NONE:  # T4: he leads; the other answers
                out.append((PLAY, r, (1 - mover, NONE, stake, last_raiser, rest, False, leader,
                                      r, winners, q0, q1)))
                continue
            w = trick_winner(leader, lead, r)  # T4/T5 (ranks are strengths here)
            ws = winners + (w,)
            decided, round_winner = round_result(ws)  # T6
            if decided:
                out.append((PLAY, r, Outcome(NONE if round_winner is None else round_winner,
                                             stake, rest)))
                continue
            nl = leader if w is None else w  # T5: a spoiled trick's leader leads again
            out.append((PLAY, r, (nl, NONE, stake, last_raiser, rest, False, nl, NONE, ws, q0,
                                  q1)))
    if not rest and last_raiser != mover and stake_may_rise(stake, scores, target):  # T7/T8
        for kind in (RAISE, REST):
            out.append((kind, NONE, (1 - mover, kind, stake, last_raiser, rest, False, leader,
                                     lead, winners, p0, p1)))
    if redeal_open and mover == 0:  # T3: before any card or raise, the non-dealer
        out.append((REDEAL, NONE, (1, REDEAL, stake, last_raiser, rest, False, leader, lead,
                                   winners, p0, p1)))
    return out


# Built trees kept for the process: a build is a Python walk (seconds at target 2), and a
# check, a sweep and a best response ask for the same small trees again and again.
# Callers never write into a tree's arrays (``sweep.at_score`` shares them too).  Edges
# are 32 bytes each; a larger tree (target 12 at most scores) is never kept.
_kept: Kept[Tree] = Kept(lambda t: t.edges, one=4_000_000, total=6_000_000)


def build(target: int, scores: tuple[int, int] = (0, 0), redeal: bool = True) -> Tree:
    """The public tree of a round at ``scores`` (non-dealer, dealer) to ``target``."""
    key = (target, (int(scores[0]), int(scores[1])), bool(redeal))
    return _kept.get(key, lambda: _build(*key))


def _build(target: int, scores: tuple[int, int], redeal: bool) -> Tree:
    player: list[int] = []
    played: list[tuple[int, int]] = []
    stakes: list[int] = []
    edge_start: list[int] = []
    e_kind: list[int] = []
    e_rank: list[int] = []
    e_child: list[int] = []
    e_outcome: list[int] = []
    outcome_ids: dict[Outcome, int] = {}
    state_ids: dict[State, int] = {}
    node_state: list[int] = []

    # A state's subtree depends on the state alone: where a state comes back, its subtree
    # is copied from where it was first built (node and edge numbers shifted), not walked.
    first_seen: dict[State, tuple[int, int, int, int]] = {}

    def visit(s: State) -> int:
        n = len(player)
        seen = first_seen.get(s)
        if seen is not None:
            a, b, ea, eb = seen
            shift_n, shift_e = n - a, len(e_kind) - ea
            player.extend(player[a:b])
            played.extend(played[a:b])
            stakes.extend(stakes[a:b])
            node_state.extend(node_state[a:b])
            edge_start.extend([x + shift_e for x in edge_start[a:b]])
            e_kind.extend(e_kind[ea:eb])
            e_rank.extend(e_rank[ea:eb])
            e_child.extend([c + shift_n if c != NONE else NONE for c in e_child[ea:eb]])
            e_outcome.extend(e_outcome[ea:eb])
            return n
        node_state.append(state_ids.setdefault(s, len(state_ids)))
        player.append(s[0])
        played.append((MS_INDEX[s[9]], MS_INDEX[s[10]]))
        stakes.append(s[2])
        succ = successors(s, target, scores)  # once a state: a second meeting copies
        first = len(e_kind)
        edge_start.append(first)
        for kind, rank, _ in succ:
            e_kind.append(kind)
            e_rank.append(rank)
            e_child.append(NONE)
            e_outcome.append(NONE)
        for i, (_, _, nxt) in enumerate(succ):
            if isinstance(nxt, Outcome):
                e_outcome[first + i] = outcome_ids.setdefault(nxt, len(outcome_ids))
            else:
                e_child[first + i] = visit(nxt)
        first_seen[s] = (n, len(player), first, len(e_kind))
        return n

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 1000))
    try:
        visit(root_state(redeal))
    finally:
        sys.setrecursionlimit(limit)
    edge_start.append(len(e_kind))

    def arr(x: list[int] | list[tuple[int, int]]) -> npt.NDArray[np.int64]:
        return np.asarray(x, dtype=np.int64)

    return Tree(target, scores, redeal, arr(player), arr(played).reshape(-1, 2), arr(stakes),
                arr(edge_start), arr(e_kind), arr(e_rank), arr(e_child), arr(e_outcome),
                tuple(sorted(outcome_ids, key=outcome_ids.__getitem__)), arr(node_state),
                tuple(sorted(state_ids, key=state_ids.__getitem__)))


_WORD_KIND = {w: k for k, w in enumerate(KIND_WORDS)}


def child(tree: Tree, node: int, kind: int, rank: int = NONE) -> int:
    """The edge of ``node`` for the action (kind, rank); ``KeyError`` if the tree has none."""
    for e in range(int(tree.edge_start[node]), int(tree.edge_start[node + 1])):
        if tree.edge_kind[e] == kind and tree.edge_rank[e] == rank:
            return e
    raise KeyError(f"no {KIND_WORDS[kind]} {rank if rank != NONE else ''} at node {node}")


def locate(tree: Tree, actions: list[tuple[int, int]]) -> int:
    """The node reached by a round's actions, as (kind, rank) pairs from the round's start
    (fold and a redeal's continuation are not in the tree)."""
    n = 0
    for kind, rank in actions:
        e = child(tree, n, kind, rank)
        c = int(tree.edge_child[e])
        if c == NONE:
            raise KeyError("the actions run past the end of the round")
        n = c
    return n


def parse_word(text: str, rank_of: dict[str, int]) -> tuple[int, int]:
    """(kind, rank) of an engine action text (T11): ``play KD`` gives (PLAY, rank of K)."""
    words = text.split()
    if words[0] == "play":
        return PLAY, rank_of[words[1]]
    return _WORD_KIND[words[0]], NONE


def describe(tree: Tree, node: int) -> str:
    """A node's public history, for messages and tests (walks up from the root)."""
    parent = np.full(tree.nodes, NONE, dtype=np.int64)
    via = np.full(tree.nodes, NONE, dtype=np.int64)
    for e, c in enumerate(tree.edge_child):
        if c != NONE:
            parent[c] = np.searchsorted(tree.edge_start, e, side="right") - 1
            via[c] = e
    words = []
    n = node
    while parent[n] != NONE:
        e = via[n]
        k = int(tree.edge_kind[e])
        words.append(KIND_WORDS[k] + ("" if k != PLAY else f" {int(tree.edge_rank[e])}"))
        n = int(parent[n])
    return ", ".join(reversed(words)) or "start"


__all__ = ["MULTISETS", "Outcome", "Tree", "build", "describe", "state_key", "successors"]
