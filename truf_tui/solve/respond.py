"""How much could anybody win against a scripted player?  An exact best response to it over a
whole match.

The arena's scripted players of Le Truc (``truf_tui.ai.scripted``) play a fixed strategy:
their move depends only on the public round and their own hand.  Written out on the
solver's public tree (:mod:`truf_tui.strategy.tree`), that strategy is a vector like the
solver's own, and the solver's exact best response measures what a player who knew it
would get: the *ceiling* of any exploitation of that player.

- **A round** is valued by the match (T10): an outcome is worth the responder's chance of
  winning the match from the score it leads to, with the other player dealing next (T2).
- **The match** is solved backwards from the scores near the target: a round only adds
  points, so every score is valued after the scores it leads to.  A round won by nobody
  (T6) leaves the score and passes the deal; the two seats at one score are iterated to
  their fixed point.  An accepted redeal (T3) is worth the best response in a fresh round
  at the same score, as in the solver.
- **honest** estimates its chance of the round with 48 random opponent hands
  (``truc_knowledge.equity``).  The table holds the exact chance that its estimate passes
  its thresholds: the 48 draws are independent, each a win (2), a tie (1) or a loss (0) in
  half-points, so the estimate's distribution is a polynomial power.  One approximation:
  after a redeal, honest also knows its discarded cards; here the new round is fresh.

``python -m truf_tui.solve respond --bot honest`` prints the figures; ``--player B`` values a
second scripted player against the first by the same backward pass instead of a best
response (the arena checks it, ``tests/test_respond.py``).

**solved** (``--bot solved`` or ``--player solved``) is what the app's solved player plays:
at each score the file ``strategy.shipped.nearest`` picks, lifted onto the round's tree by
the app's own rule (``solve.ship.lift_file``, as ``check --shipped`` and ``sweep`` do).  Its best
response over the whole match is the solved player's exploitability *in the match*, the
later rounds valued by the best response itself rather than by the match table the files
were solved with; ``--player solved --bot solved`` values the match under its own play (the
match table that would be consistent with it).  A lift takes minutes at the largest caps,
so ``--cache DIR`` keeps each (cap, file, stage) on disk and ``--jobs`` lifts side by side.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TypedDict

import numpy as np

from truf_tui.engine.truc import round_points, stake_cap
from truf_tui.solve import kernels as K
from truf_tui.solve.cfr import Solver, Vec, points_utility
from truf_tui.solve.rounds import digest
from truf_tui.strategy.hands import RANKS, REST, Multiset
from truf_tui.strategy.threshold import ALWAYS, NEVER, threshold_policy
from truf_tui.strategy.tree import State, Tree, build

#: the scripted players a table can be written for (``truf_tui.ai.scripted``)
BOTS = ("always_raise", "calling_station", "rock", "honest")
#: the app's solved player (the shipped files, or one file), as ``sweep`` measures it
SOLVED = "solved"
PLAYERS = (*BOTS, SOLVED)
STRONG = 0.72  # honest raises above this estimate
DECENT = 0.5  # and accepts above this one
#: each scripted player as a threshold player (``strategy.threshold``): (raise_at, accept_at)
THRESHOLDS: dict[str, tuple[float, float]] = {
    "always_raise": (ALWAYS, ALWAYS),
    "calling_station": (NEVER, ALWAYS),
    "rock": (NEVER, NEVER),
    "honest": (STRONG, DECENT),
}

Move = tuple[int, int]


def policy(bot: str, s: State, moves: list[Move], hand: Multiset) -> list[float]:
    """The scripted player ``bot``'s probabilities over ``moves`` (the tree's, in order) at
    the public state ``s`` holding ``hand`` (its cards left): ``ai.scripted._ScriptedTruc``,
    which is a threshold player (``strategy.threshold``)."""
    return threshold_policy(s, moves, hand, *THRESHOLDS[bot])


def strategy(solver: Solver, bots: tuple[str, str]) -> Vec:
    """The vector (per edge and hand, as the solver's) of ``bots[p]`` playing seat p."""
    t = solver.tree
    counts = np.diff(t.edge_start)
    # A threshold player's block is its public state's: worked out once a state (at the
    # state's first node, whose moves every node of the state shares), then copied to
    # every edge of every node, edge by edge in the solver's flat layout.
    first = np.full(len(t.states), -1, dtype=np.int64)
    first[t.state[::-1]] = np.arange(t.nodes - 1, -1, -1)
    base = np.zeros(len(t.states), dtype=np.int64)  # where a state's block starts in flat
    width = np.zeros(len(t.states), dtype=np.int64)  # its hands
    blocks: list[np.ndarray] = []
    at = 0
    starts, kinds, ranks = t.edge_start.tolist(), t.edge_kind.tolist(), t.edge_rank.tolist()
    for si, n0 in zip(np.flatnonzero(first >= 0).tolist(), first[first >= 0].tolist(),
                      strict=True):
        s = t.states[si]
        e0, e1 = starts[n0], starts[n0 + 1]
        block = _block(bots[s[0]], s, tuple(zip(kinds[e0:e1], ranks[e0:e1], strict=True)))
        base[si], width[si] = at, block.shape[1]
        blocks.append(block.ravel())
        at += block.size
    flat = np.concatenate(blocks) if blocks else np.zeros(0)
    node = np.repeat(np.arange(t.nodes), counts)  # each edge's node
    state = t.state[node]
    src = base[state] + (np.arange(t.edges) - t.edge_start[node]) * width[state]
    seg = width[state]  # an edge's entries: the mover's hands at its node
    assert int(seg.sum()) == solver.edge_size
    out = np.empty(solver.edge_size)
    step = 1 << 20  # edges at a time: the index arrays stay small beside the vector
    for e0 in range(0, t.edges, step):
        e1 = min(e0 + step, t.edges)
        j0 = int(solver.edge_off[e0])
        j1 = int(solver.edge_off[e1]) if e1 < t.edges else solver.edge_size
        shift = np.repeat(src[e0:e1] - solver.edge_off[e0:e1], seg[e0:e1])
        out[j0:j1] = flat[shift + np.arange(j0, j1)]
    return out


def _block(bot: str, s: State, moves: tuple[Move, ...]) -> np.ndarray:
    """[move, hand] at public state ``s``: the same in every tree that holds ``s``, and for
    every stake, last raiser and rest, to which a threshold player is blind."""
    return _blind_block(bot, s[:2] + (0, 0, 0, 0) + s[6:], moves)


@lru_cache(maxsize=1 << 18)
def _blind_block(bot: str, s: State, moves: tuple[Move, ...]) -> np.ndarray:
    mine = s[9] if s[0] == 0 else s[10]
    shown = [0] * RANKS  # the cards already shown: a hand beyond them is never held
    for r in s[9] + s[10]:
        shown[r] += 1
    return np.array([policy(bot, s, list(moves), h)
                     if all(h.count(r) + shown[r] <= 4 for r in set(h))
                     else [0.0] * len(moves) for h in REST[len(mine)]]).T


# -- the solved player's strategy at each score ------------------------------------------------

class Lifts:
    """What the app's solved player plays at each score: the file ``strategy.shipped.nearest``
    picks (from the shipped set, or ``file`` alone), lifted onto the round's tree once a
    (raise cap, file, stage): scores with one cap share the tree (``sweep.groups``).  With
    ``cache`` each lift is an ``.npy`` file there, read again by later runs."""

    def __init__(self, target: int, file: Path | None = None, cache: Path | None = None,
                 wait: bool = False) -> None:
        from truf_tui.solve.sweep import _tables
        self.target, self.file, self.cache = target, file, cache
        self.wait = wait  # another run is making the lifts into ``cache``: wait for each
        self.tabs = _tables(file)
        self._memory: dict[tuple[int, int, bool], Vec] = {}

    def index(self, score: tuple[int, int]) -> int:
        from truf_tui.solve.sweep import _played
        return _played(self.tabs, self.target, score)

    def name(self, i: int) -> str:
        from truf_tui.solve.sweep import file_name
        return file_name(self.tabs[i])

    def path(self, cap: int, i: int, redeal: bool) -> Path | None:
        """The lift's name carries its file's digest: a file solved again is lifted again,
        never read from an older one's lift."""
        if self.cache is None:
            return None
        stage = "whole" if redeal else "fresh"
        return (self.cache / f"t{self.target}-cap{cap}-{self.name(i)}-"
                f"{digest(self.tabs[i].data)}-{stage}.npy")

    def needed(self) -> list[tuple[int, tuple[int, int], int]]:
        """(cap, a score of that cap, file) for every lift a whole match needs."""
        seen: dict[tuple[int, int], tuple[int, int]] = {}
        for a in range(self.target):
            for b in range(self.target):
                seen.setdefault((stake_cap((a, b), self.target), self.index((a, b))), (a, b))
        return [(cap, score, i) for (cap, i), score in sorted(seen.items())]

    def vector(self, tree: Tree, i: int, size: int | None = None) -> Vec:
        """File ``i`` on ``tree`` (a round of this target; its cap says which lift), of
        ``size`` entries if given (a cached lift of another size is made again)."""
        cap = stake_cap(tree.scores, self.target)
        key = (cap, i, tree.redeal)
        got = self._memory.get(key)
        if got is not None:
            return got
        path = self.path(cap, i, tree.redeal)
        while self.wait and path is not None and not path.exists():
            time.sleep(5)
        vec = _load(path, size) if path is not None and path.exists() else None
        if vec is None:
            from truf_tui.solve.ship import lift_file
            vec = lift_file(self.tabs[i], Solver(tree, np.zeros(len(tree.outcomes))))
            if path is not None:
                _save(path, vec)
        if path is None:  # no folder: the last few kept in memory
            while len(self._memory) >= 4:
                del self._memory[next(iter(self._memory))]
            self._memory[key] = vec
        return vec


def _load(path: Path, size: int | None) -> Vec | None:
    """A cached lift, or None (with a line on stderr) if it is damaged: made again."""
    try:
        vec: Vec = np.load(path)
    except (OSError, ValueError, EOFError) as e:
        why = f"unreadable ({e})"
    else:
        if vec.ndim == 1 and vec.dtype == np.float64 and size in (None, len(vec)):
            return vec
        why = f"{vec.shape} {vec.dtype}, not ({size},) float64"
    print(f"{path}: a damaged lift, {why}: making it again", file=sys.stderr)
    return None


def _save(path: Path, vec: Vec) -> None:
    """Atomically: a lift stopped half way leaves no file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.stem}.{os.getpid()}.tmp")
    with open(tmp, "wb") as f:
        np.save(f, vec)
    tmp.replace(path)


def _lift_one(target: int, file: Path | None, cache: Path, cap: int, score: tuple[int, int],
              i: int, redeal: bool) -> str:
    lifts = Lifts(target, file, cache)
    path = lifts.path(cap, i, redeal)
    assert path is not None
    if not path.exists():
        t0 = time.perf_counter()
        lifts.vector(build(target, score, redeal), i)
        return f"lifted {path.name} in {time.perf_counter() - t0:.0f} s"
    return f"{path.name} was there"


def lift_all(target: int, cache: Path, jobs: int = 1, file: Path | None = None,
             progress: Callable[[str], None] | None = None, max_cap: int | None = None
             ) -> None:
    """Every lift a whole match needs, into ``cache``, ``jobs`` at a time, the smallest
    caps first: the match is valued from them (``respond --wait`` can start at once)."""
    lifts = Lifts(target, file, cache)
    todo = [(cap, score, i, redeal) for cap, score, i in lifts.needed()
            for redeal in (True, False) if max_cap is None or cap <= max_cap]
    todo = [t for t in todo if not (lifts.path(t[0], t[2], t[3]) or Path()).exists()]
    if progress:
        progress(f"{len(todo)} lifts to make into {cache}")
    if jobs <= 1:
        for cap, score, i, redeal in todo:
            line = _lift_one(target, file, cache, cap, score, i, redeal)
            if progress:
                progress(line)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_lift_one, target, file, cache, cap, score, i, redeal)
                   for cap, score, i, redeal in todo]
        for fut in futures:
            line = fut.result()
            if progress:
                progress(line)


# -- the match, backwards --------------------------------------------------------------------

Key = tuple[tuple[str, str], tuple[int | None, ...]]  # the roles, and the files they play


@dataclass
class _Stage:
    tree: Tree
    solver: Solver
    vectors: dict[Key, Vec] = field(default_factory=dict)
    prepared: Key | None = None
    mover: np.ndarray | None = None  # per entry of a strategy vector: the seat that moves

    def entry_mover(self) -> np.ndarray:
        if self.mover is None:
            t = self.tree
            parent = np.repeat(np.arange(t.nodes), np.diff(t.edge_start))
            width = np.diff(np.append(self.solver.edge_off, self.solver.edge_size))
            self.mover = np.repeat(t.player[parent].astype(np.int8), width)
        return self.mover


class ScoreRow(TypedDict):
    """One score of ``respond --json``'s table."""

    a: int  # the first player's points
    b: int  # the other's
    not_dealing: float  # P(the first player wins the match) when he does not deal
    dealing: float


@dataclass
class Result:
    """P(the first player wins the match) from each score, ``win[seat][(a, b)]`` with ``a``
    his points, ``b`` the other's, ``seat`` 0 if he does not deal the round."""

    target: int
    win: tuple[dict[tuple[int, int], float], dict[tuple[int, int], float]]
    points: tuple[float, float]  # his points per round at 0-0, as non-dealer and as dealer
    seconds: float

    @property
    def match(self) -> float:
        """From 0-0, either player dealing first with equal chance."""
        return (self.win[0][(0, 0)] + self.win[1][(0, 0)]) / 2

    def rows(self) -> list[ScoreRow]:
        """P(the first player wins) at every score, ``a`` his points, ``b`` the other's, as
        ``respond --json`` writes it (and ``rounds.played_table`` reads it)."""
        return [{"a": a, "b": b, "not_dealing": self.win[0][(a, b)],
                 "dealing": self.win[1][(a, b)]} for a, b in sorted(self.win[0])]

    def gaps(self) -> dict[tuple[int, int], float]:
        """For a best response, at each round's score (non-dealer, dealer): what it gains
        over the rest of the match in both seats, beyond the one match there is to win
        (the sweep's measure, over every later round instead of this round alone)."""
        return {(a, b): self.win[0][(a, b)] + self.win[1][(b, a)] - 1
                for a, b in self.win[0]}


def ceiling(bot: str, target: int = 12, player: str | None = None,
            progress: Callable[[str], None] | None = None, lifts: Lifts | None = None,
            max_cap: int | None = None) -> Result:
    """The best response to ``bot`` over a match to ``target`` (or, with ``player``, that
    player's own result against it); with ``max_cap``, only from the scores whose raise
    cap (T7) is at most that, the end of the match, which needs nothing before it.  Either
    may be ``SOLVED``, played from ``lifts`` (default: the shipped files, lifted in
    memory)."""
    t0 = time.perf_counter()
    if SOLVED in (bot, player) and lifts is None:
        lifts = Lifts(target)
    win: tuple[dict[tuple[int, int], float], dict[tuple[int, int], float]] = ({}, {})
    classes: dict[int, list[tuple[int, int]]] = {}
    for a in range(target):
        for b in range(target):
            classes.setdefault(stake_cap((a, b), target), []).append((a, b))
    stages: dict[bool, _Stage] = {}
    points = (0.0, 0.0)
    for cap in sorted(classes):  # the scores near the target first (the smallest caps)
        if max_cap is not None and cap > max_cap:
            break
        scores = sorted(classes[cap], key=lambda x: -(x[0] + x[1]))
        a0, b0 = scores[0]
        stages = {redeal: _Stage(tree=(tr := _tree(target, (a0, b0), redeal)),
                                 solver=Solver(tr, np.zeros(len(tr.outcomes))))
                  for redeal in (False, True)}
        if progress:
            progress(f"cap {cap}: {len(scores)} scores, {stages[True].tree.nodes:,} nodes")
        for a, b in scores:
            _solve_score(stages, bot, player, target, a, b, win, lifts)
            if progress and lifts is not None:
                progress(f"{a}-{b}: {win[0][(a, b)]:.6f} not dealing, "
                         f"{win[1][(a, b)]:.6f} dealing")
        if (0, 0) in scores:
            points = _points_at_start(stages, bot, player, target, lifts)
        del stages
    return Result(target, win, points, time.perf_counter() - t0)


@lru_cache(maxsize=4)
def _tree(target: int, scores: tuple[int, int], redeal: bool) -> Tree:
    return build(target, scores, redeal)  # the last two classes' trees, for the next call


def _roles(seat: int, first: str | None, bot: str) -> tuple[str, str]:
    """Who plays each seat: the responder (or ``first``) at ``seat``, the bot at the other."""
    me = first if first is not None else bot  # the responder's own entries are not read
    return (me, bot) if seat == 0 else (bot, me)


def _vector(stage: _Stage, roles: tuple[str, str], score: tuple[int, int],
            lifts: Lifts | None) -> tuple[Key, Vec]:
    """The two players' strategy vector: a scripted player's is the same at every score,
    the solved player's is the file it plays at ``score``."""
    files = tuple(lifts.index(score) if r == SOLVED and lifts is not None else None
                  for r in roles)
    key: Key = (roles, files)
    if key in stage.vectors:
        return key, stage.vectors[key]
    if SOLVED not in roles:
        vec = strategy(stage.solver, roles)
    else:
        assert lifts is not None
        seat = roles.index(SOLVED)
        for old in [k for k in stage.vectors if SOLVED in k[0]]:
            del stage.vectors[old]  # a GB or two at the largest caps: keep one
        i = files[seat]
        assert i is not None  # the solved player's seat has a file
        vec = lifts.vector(stage.tree, i, stage.solver.edge_size)
        if roles[1 - seat] != SOLVED:  # a scripted player at the other seat
            _, other = _vector(stage, (roles[1 - seat],) * 2, score, lifts)
            vec = np.where(stage.entry_mover() == seat, vec, other)
    stage.vectors[key] = vec
    return key, vec


def _value(stage: _Stage, seat: int, bot: str, player: str | None,
           utility: np.ndarray, score: tuple[int, int] = (0, 0),
           lifts: Lifts | None = None) -> float:
    """The first player's utility (his own sign) at ``seat``; ``score`` is the round's
    (non-dealer, dealer), which says the solved player's file."""
    roles = _roles(seat, player, bot)
    s = stage.solver
    key, vec = _vector(stage, roles, score, lifts)
    if stage.prepared != key:  # the reach of the players' strategies (a forward pass)
        s.sigma = vec
        s.prepare(s.sigma)
        stage.prepared = key
    s.utility = np.ascontiguousarray(utility, dtype=np.float64)
    if player is None:
        v = float(s.root_values(seat, K.BEST, s.sigma).sum())
        return v  # BEST: his own sign
    v = float(s.root_values(0, K.EVAL, s.sigma).sum())
    return v if seat == 0 else -v


def _utility(tree: Tree, seat: int, a: int, b: int, target: int,
             win: tuple[dict[tuple[int, int], float], dict[tuple[int, int], float]],
             redeal: float) -> np.ndarray:
    """Each outcome's worth to the non-dealer (2 P - 1), the first player at ``seat`` with
    ``a`` points against ``b``; the later rounds from ``win``."""
    scores = (a, b) if seat == 0 else (b, a)
    out = np.empty(len(tree.outcomes))
    for i, o in enumerate(tree.outcomes):
        if o.redeal:
            out[i] = redeal if seat == 0 else -redeal
            continue
        n, d = scores
        if o.winner >= 0:
            pts = round_points(o.winner, o.stake, o.game, scores, target)
            n, d = (n + pts, d) if o.winner == 0 else (n, d + pts)
        mine, theirs = (n, d) if seat == 0 else (d, n)
        if mine >= target:
            p = 1.0
        elif theirs >= target:
            p = 0.0
        else:
            p = win[1 - seat][(mine, theirs)]  # the deal passes (T2)
        q = p if seat == 0 else 1.0 - p  # the non-dealer's chance
        out[i] = 2.0 * q - 1.0
    return out


def _solve_score(stages: dict[bool, _Stage], bot: str, player: str | None, target: int,
                 a: int, b: int,
                 win: tuple[dict[tuple[int, int], float], dict[tuple[int, int], float]],
                 lifts: Lifts | None = None) -> None:
    win[1].setdefault((a, b), 0.5)  # a round won by nobody comes back here: iterate
    win[0].setdefault((a, b), 0.5)
    for _ in range(50):
        before = (win[0][(a, b)], win[1][(a, b)])
        for seat in (0, 1):
            fresh = stages[False]
            real = (a, b) if seat == 0 else (b, a)  # (non-dealer, dealer): the file's key
            v = _value(fresh, seat, bot, player,
                       _utility(fresh.tree, seat, a, b, target, win, 0.0), real, lifts)
            whole = stages[True]
            v = _value(whole, seat, bot, player,
                       _utility(whole.tree, seat, a, b, target, win, v), real, lifts)
            win[seat][(a, b)] = (v + 1.0) / 2.0
        if max(abs(win[0][(a, b)] - before[0]), abs(win[1][(a, b)] - before[1])) < 1e-10:
            return


def _points_at_start(stages: dict[bool, _Stage], bot: str, player: str | None,
                     target: int, lifts: Lifts | None = None) -> tuple[float, float]:
    """The first player's points per round at 0-0 (T10), as non-dealer and as dealer."""
    out = []
    for seat in (0, 1):
        fresh, whole = stages[False], stages[True]
        v = _value(fresh, seat, bot, player, points_utility(fresh.tree, 0.0, (0, 0)),
                   (0, 0), lifts)
        out.append(_value(whole, seat, bot, player,
                          points_utility(whole.tree, v if seat == 0 else -v, (0, 0)),
                          (0, 0), lifts))
    return out[0], out[1]
