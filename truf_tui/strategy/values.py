"""What each legal action is worth at a spot, under the solved strategy the app plays.

``action_values(observation)``: for every legal action of the observing seat, its expected
result if it takes that action and both seats then play the shipped file the app plays at
that score, by the app's own rule (:mod:`truf_tui.strategy.shipped`: the nearest file,
moves the real score forbids removed, the neighbour hand where the file holds nothing, every
move alike outside the file's tree).  The opponent's hand is weighted by

- **card removal** (T1, T2): given the cards the observer knows (his hand, the cards he
  played, his own discards after a redeal), every opponent hand is as likely as the number
  of ways the unknown cards deal it;
- **the solved play along the public history**: each decision the opponent made this round
  multiplies a hand's weight by the probability the file's strategy gives that decision
  with that hand (his reach).  If no hand could have played so (an opponent off the solved
  path), the card-removal weights alone are used.

The unit (``value_unit``) is the payoff the file was solved for: ``"points"`` of this round
from the observer's side (the 0-0 file), or ``"match"``, his chance of winning the match
(0 to 1; the solver's utility was 2 P(win) - 1, the same ordering and differences halved).
Outcomes are scored at the *real* score (T10: an accepted rest is worth what brings the
winner to the target), by the same match table the file was solved against (the header's
table, else :mod:`truf_tui.strategy.matchtable`).  A refusal of a rest under the "game"
variant and a fold score as the engine scores them (``truc.concession``); an accepted redeal
is worth a fresh round's value (T3, solved play after it), from
:func:`fresh_value`.

How: from the spot, the rest of the round's tree restricted to the observer's own hand (his
moves are a single distribution; the opponent's a block over his hands), one vector over
the opponent's possible hands per node, backed up from the ends of the round, exactly.  The
app does it layer by layer with numpy (:mod:`.valuepass`: a round's first decision in
about 0.1 s instead of 0.4 to 1.8 s); the node-by-node walk below (:class:`Walk`,
``Spot.exact_worth``) is the reference it is tested against, and values the rare round that
leaves the file's tree (a round to more than 12).  Results that depend on a file and a
score alone (the value of a fresh round) are kept (:mod:`.kept`), and so is what a node
needs of the file apart from its numbers, once per public state (``Play._shape``: a walk
meets about twice as many nodes as states).
"""

from __future__ import annotations

import random
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from math import comb
from typing import Literal, NamedTuple

import numpy as np
import numpy.typing as npt

from truf_tui.cards import TRUC_STRENGTH, Card
from truf_tui.engine import truc
from truf_tui.strategy import openings
from truf_tui.strategy.hands import COPIES, LIFT, RANKS, REST, REST_INDEX, WIDTH, counts
from truf_tui.strategy.kept import Kept
from truf_tui.strategy.matchtable import match_win
from truf_tui.strategy.shipped import nearest, node_policies, tables, word
from truf_tui.strategy.tree import PLAY, Outcome, State, root_state
from truf_tui.strategy.tree import REST as REST_KIND
from truf_tui.strategy.trufbp import SolvedTable, _successors, played
from truf_tui.strategy.valuepass import values_below

Unit = Literal["points", "match"]
Vec = npt.NDArray[np.float64]
Move = tuple[int, int]


def value_unit(observation: truc.Observation, tab: SolvedTable | None = None) -> Unit:
    """``"points"`` or ``"match"``: the payoff of the file played at ``observation``'s
    score (``tab`` if given)."""
    return "match" if _file(observation, tab).header.get("payoff") == "match" else "points"


def action_values(observation: truc.Observation, tab: SolvedTable | None = None
                  ) -> dict[truc.Action, float]:
    """Every legal action of ``observation`` (fold included) with its value for the
    observing seat, both seats playing the solved strategy afterwards (module docstring).
    Deterministic; the observation alone."""
    if observation.get("to_move") != observation.get("player"):
        raise ValueError("action values are asked of the seat to move")
    spot = Spot.of(observation, _file(observation, tab))
    return spot.values()


def opponent_range(observation: truc.Observation, tab: SolvedTable | None = None
                   ) -> dict[tuple[int, ...], float]:
    """The opponent's hand as :func:`action_values` weighs it (card removal times his reach
    along the round, module docstring): every multiset of ranks he may still hold (T1: low
    to high, ``TRUC_STRENGTH``) with its probability."""
    spot = Spot.of(observation, _file(observation, tab))
    k = len(spot.state[10] if spot.seat == 0 else spot.state[9])  # the ranks he has played
    return {REST[k][j]: float(w) for j, w in enumerate(spot.weights) if w > 0.0}


def _file(o: truc.Observation, tab: SolvedTable | None) -> SolvedTable:
    if tab is not None:
        return tab
    dealer = o["dealer"]
    pts = o["scores"]
    return nearest(tables(), int(o["rules"]["target"]), (pts[1 - dealer], pts[dealer]))


# -- what an outcome is worth ---------------------------------------------------------------
@dataclass(frozen=True)
class Payoff:
    """What the ends of a round are worth to seat 0 (the non-dealer) at a real score: points
    (T10) or P(he wins the match); ``variant`` the rest refusal rule (T8)."""

    target: int
    scores: tuple[int, int]  # (non-dealer, dealer)
    match: bool
    variant: str
    table: tuple[tuple[int, int, float], ...] | None  # the file's match table, if any

    def next_round(self, a: int, b: int) -> float:
        """P(the next round's non-dealer wins the match) at his ``a`` points, dealer's ``b``."""
        if self.table is not None:
            for x, y, p in self.table:
                if (x, y) == (a, b):
                    return p
        return match_win((a, b), 0, 1, self.target)

    def of(self, winner: int, stake: int, game: bool) -> float:
        """Seat 0's payoff when ``winner`` (-1: nobody) scores ``stake`` or the game."""
        pts = truc.round_points(None if winner < 0 else winner, stake, game, self.scores,
                                self.target)
        if not self.match:
            return float(pts if winner == 0 else -pts if winner == 1 else 0)
        n, d = self.scores
        if winner == 0:
            n += pts
        elif winner == 1:
            d += pts
        if n >= self.target:
            return 1.0
        if d >= self.target:
            return 0.0
        return 1.0 - self.next_round(d, n)  # T2: the dealer deals no more next round

    def outcome(self, o: Outcome, pending: int, fresh: float) -> float:
        """An end of the tree; a refusal of a rest scores by the variant (T8)."""
        if o.redeal:
            return fresh
        if pending == REST_KIND and o.winner >= 0 and not o.game:
            stake, game = truc.concession(o.stake, False, "rest", self.variant)
            return self.of(o.winner, stake, game)
        return self.of(o.winner, o.stake, o.game)


def payoff_of(tab: SolvedTable, target: int, scores: tuple[int, int],
              variant: str = "stake") -> Payoff:
    t = tab.header.get("table")
    table = None if t is None else tuple((int(a), int(b), float(p)) for a, b, p in t["values"])
    return Payoff(target, scores, tab.header.get("payoff") == "match", variant, table)


# -- the file's play at a node, by the app's rule -------------------------------------------
class Play:
    """The file's strategy as the app plays it at the real score: per node, each move's
    probability for every hand of the mover (``node_policies`` and the uniform rule where
    nothing fits or the file's tree ends)."""

    def __init__(self, tab: SolvedTable, payoff: Payoff) -> None:
        self.tab = tab
        self.payoff = payoff
        self._memo: OrderedDict[tuple[str, State, int], _Node] = OrderedDict()
        self._cells = 0  # numbers the memo holds (its nodes' blocks and distributions)
        self._shapes: dict[tuple[str, State, bool, bool], _Shape] = {}
        self.ends: dict[tuple[Outcome, int], float] = {}  # seat 0's payoff of each end
        self.fresh_root = None if tab.has_fresh else tab.root(False)[1]

    def moves(self, s: State) -> list[tuple[int, int, State | Outcome]]:
        """The real game's moves at ``s`` (T7's cap at the real score), fold left out (the
        file's own cache of them: the same lists at the file's score)."""
        return _successors(s, self.payoff.target, self.payoff.scores)

    def node(self, stage: str, s: State, at: int | None, columns: npt.NDArray[np.int64]
             ) -> tuple[tuple[Move, ...], Vec, list[int]]:
        """(real moves, dist[move, hand] of the mover's hands of REST[cards he played],
        right at least for the hands ``columns``, where each child's block starts (-1: an
        end, -2: outside the file)); ``at`` None: outside the file's tree.  What a node
        worked out is kept (within ``MEMO_CELLS``): the next spot at this score meets
        many of the same nodes."""
        got = self._structure(stage, s, at)
        need = columns[~got.done[columns]]
        if need.size:
            k = played(s)
            found = np.zeros(len(need), dtype=bool)
            if got.block is not None:
                fdist, found, _ = node_policies(got.block, got.fmoves, got.allowed, k,
                                                need.tolist())
                got.dist[np.ix_(got.rows[got.valid], need)] = (
                    fdist[got.valid] * found)
            for c in need[~found]:  # as the app: every move the hand can make alike
                hand = REST[k][c]
                can = [i for i, (kind, r) in enumerate(got.moves)
                       if kind != PLAY or r in hand]
                if can:  # (none: a hand the cards shown rule out)
                    got.dist[can, c] = 1.0 / len(can)
            got.done[need] = True
        return got.moves, got.dist, got.kids

    def _structure(self, stage: str, s: State, at: int | None) -> _Node:
        key = (stage, s, -1 if at is None else at)
        got = self._memo.get(key)
        if got is not None:
            self._memo.move_to_end(key)
            return got
        # a round-only file plays a fresh round from its own root (redeal removed); a
        # refused redeal leaves the same state, elsewhere in the file
        fresh = at is not None and at == self.fresh_root and s == _FRESH_ROOT
        shape = self._shape(stage, s, fresh, at is not None)
        w = int(WIDTH[played(s)])
        kids = list(shape.kids)
        got = _Node(shape.moves, kids, shape.fmoves, shape.allowed, shape.rows, shape.valid,
                    None, np.zeros((len(shape.moves), w)), np.zeros(w, dtype=bool))
        if at is not None:
            got.block = self.tab.block(shape.fs, at)
            base = at if self.tab.format == 1 else 0
            for row, child in shape.children:
                kids[row] = base + child
        self._memo[key] = got
        self._cells += got.cells
        while self._cells > MEMO_CELLS:
            self._cells -= self._memo.popitem(last=False)[1].cells
        return got

    def _shape(self, stage: str, s: State, fresh: bool, inside: bool) -> _Shape:
        """What a node of state ``s`` needs of the file but its numbers: the same for every
        node of that state (kept: a walk meets a state on many paths)."""
        key = (stage, s, fresh, inside)
        got = self._shapes.get(key)
        if got is not None:
            return got
        real = self.moves(s)
        moves = tuple((k, r) for k, r, _ in real)
        kids = tuple(-1 if isinstance(nxt, Outcome) else -2 for _, _, nxt in real)
        if not inside:
            got = _Shape(moves, kids, s, (), _NO_BOOL, _NO_ROW, _NO_BOOL, ())
        else:
            fs = root_state(True) if fresh else s
            fmoves = tuple((kk, r) for kk, r, _ in self.tab.successors(fs))
            index = {m: i for i, m in enumerate(moves)}
            rows = np.array([index.get(m, -1) for m in fmoves], dtype=np.int64)
            # format 1: a child's block sits at a fixed distance from its parent's, the
            # sizes of the subtrees before it (a property of the state); format 2: where
            # the stage's table puts the child's state
            children = tuple((index[m], child) for m, child
                             in zip(fmoves, self.tab.children(stage, fs, 0), strict=True)
                             if m in index and child >= 0)
            got = _Shape(moves, kids, fs, fmoves, np.array([m in index for m in fmoves]),
                         rows, rows >= 0, children)
        if len(self._shapes) >= SHAPES:
            self._shapes.clear()
        self._shapes[key] = got
        return got


class _Shape(NamedTuple):
    """A state's part of a node (``Play._shape``): the real moves and which end the round
    (-1) or leave the file (-2), the state the file is read at, the file's moves, which of
    them the real game allows and their rows among the real ones, and each file child's
    (row, block start: from the parent's block in format 1, absolute in format 2).  Tuples
    and arrays only: the cyclic garbage collector need not visit the tens of thousands
    kept (its full passes over them cost more than a walk after the first card)."""

    moves: tuple[Move, ...]
    kids: tuple[int, ...]
    fs: State
    fmoves: tuple[Move, ...]
    allowed: npt.NDArray[np.bool_]
    rows: npt.NDArray[np.int64]
    valid: npt.NDArray[np.bool_]
    children: tuple[tuple[int, int], ...]


#: the states one file's play keeps the shape of (``Play._shape``)
SHAPES = 50_000
_NO_BOOL = np.zeros(0, dtype=bool)
_NO_ROW = np.zeros(0, dtype=np.int64)

#: the numbers (float64) one file's play at one score keeps of the nodes it walked
MEMO_CELLS = 2_000_000


@dataclass
class _Node:
    """What a node of the walk needs of the file, worked out once: the real moves, where
    each child's block starts, the file's moves, which of them the real game allows and
    their rows among the real ones, the file's numbers (None: outside its tree), and the
    distribution of the hands worked out so far (``done``)."""

    moves: tuple[Move, ...]
    kids: list[int]
    fmoves: tuple[Move, ...]
    allowed: npt.NDArray[np.bool_]
    rows: npt.NDArray[np.int64]
    valid: npt.NDArray[np.bool_]
    block: Vec | None
    dist: Vec
    done: npt.NDArray[np.bool_]

    @property
    def cells(self) -> int:
        return int(self.dist.size + (0 if self.block is None else self.block.size))




_FRESH_ROOT = root_state(False)
_plays: weakref.WeakKeyDictionary[SolvedTable, dict[Payoff, Play]] = (
    weakref.WeakKeyDictionary())


def _play(tab: SolvedTable, payoff: Payoff) -> Play:
    """The file's play at a real score, kept (with what its nodes worked out) for the
    file's life; a few scores a file."""
    kept = _plays.setdefault(tab, {})
    if payoff not in kept:
        if len(kept) >= 4:
            del kept[next(iter(kept))]
        kept[payoff] = Play(tab, payoff)
    return kept[payoff]
_ALL = [np.arange(int(w)) for w in WIDTH]
_NO_HAND = np.zeros(0, dtype=np.int64)


# -- a spot ---------------------------------------------------------------------------------
@dataclass
class Spot:
    """An observation placed on the file's tree: the stage, the state and its block, the
    observer's file seat and whole hand (ranks), the opponent's weights over his hands."""

    play: Play
    stage: str
    state: State
    at: int | None
    seat: int
    hand: tuple[int, ...]  # the observer's three ranks, played ones included
    weights: Vec  # over the opponent's REST[cards he played] at the spot
    legal: list[truc.Action]
    fold: float  # seat 0's payoff if the observer folds (T9), when fold is legal
    key: tuple[object, ...]  # what the values depend on, for the store of recent spots
    words: tuple[Move, ...]  # the round's moves before the spot (after a redeal's)
    redeal: bool  # no redeal accepted this round (T3)

    @classmethod
    def of(cls, o: truc.Observation, tab: SolvedTable) -> Spot:
        me, dealer = o["player"], o["dealer"]
        seat = 0 if me != dealer else 1
        target = int(o["rules"]["target"])
        pts = o["scores"]
        scores = (int(pts[1 - dealer]), int(pts[dealer]))
        variant = str(o["rules"].get("rest_refusal", "stake"))
        play = _play(tab, payoff_of(tab, target, scores, variant))
        hist = [str(a) for a in o["history"][o["round_start"]:]]
        redeal = not (hist[:2] == ["redeal", "accept"])
        if not redeal:
            hist = hist[2:]
        words = [word(w) for w in hist]
        stage = tab.stage(redeal)
        s = root_state(redeal)
        at: int | None
        try:
            at = tab.root(redeal)[1]
        except KeyError:
            at = None
        held = [TRUC_STRENGTH[Card.parse(c, "truc")] for c in o["hand"]]
        reach = np.ones(int(WIDTH[0]))
        for kind, rank in words:
            moves, dist, kids = play.node(stage, s, at, _ALL[played(s)])
            i = moves.index((kind, rank))
            mover = s[0]
            nxt = play.moves(s)[i][2]
            if mover != seat:
                k = played(s)
                reach = reach * dist[i]
                if kind == PLAY:
                    reach = reach[LIFT[k, rank, :WIDTH[k + 1]]]
            assert not isinstance(nxt, Outcome)
            s, at = nxt, (None if kids[i] < 0 else kids[i])
        hand = tuple(sorted(held + list(s[9] if seat == 0 else s[10])))
        known = counts(hand)
        for c in o.get("discarded", []):  # T3: my old hand is out of the new deal
            known[TRUC_STRENGTH[Card.parse(c, "truc")]] += 1
        prior = _prior(known, s[10] if seat == 0 else s[9])
        weights = prior * reach
        if weights.sum() <= 0:  # an opponent off the solved path: card removal alone
            weights = prior
        state = truc.determinizer(o)(_RNG)
        legal = state.legal_actions()
        fold = 0.0
        if any(a.kind == "fold" for a in legal):
            stake, game = truc.concession(o["stake"], o["rest"], o["pending"], variant)
            fold = play.payoff.of(1 - seat, stake, game)
        key = (play.payoff, redeal, tuple(words), seat, hand, tuple(known))
        return cls(play, stage, s, at, seat, hand, weights / weights.sum(), legal, fold, key,
                   tuple(words), redeal)

    def values(self) -> dict[truc.Action, float]:
        """Every legal action's value for the observer (kept for recent spots)."""
        kept = _spots.setdefault(self.play.tab, Kept(lambda _: 1, one=1, total=512))
        worth = kept.get(self.key, self._worth)
        # T1: every card of a rank is the same move, so the same value
        return {a: self._unit(self.fold) if a.kind == "fold" else worth[word(str(a))]
                for a in self.legal}

    def _worth(self) -> dict[Move, float]:
        """The observer's value of each of his moves (not fold): at a round's two first
        decisions from the shipped table (:mod:`.openings`, worked out by the same pass),
        else :meth:`pass_worth`."""
        got = self.opening_worth()
        return got if got is not None else self.pass_worth()

    def opening_worth(self) -> dict[Move, float] | None:
        """The shipped opening values of this spot, if it is one of a round's two first
        decisions at a score of a match to 12 with the default rest refusal (T8), on the
        shipped file of that score, no redeal accepted (T3)."""
        play = self.play
        p = play.payoff
        if (p.target != openings.TARGET or p.variant != openings.VARIANT or not self.redeal
                or self.at is None):
            return None
        spot = openings.spot_of(self.seat, self.words)
        if spot is None:
            return None
        tabs = tables()
        if play.tab is not nearest(tabs, p.target, p.scores):
            return None
        kept = openings.shipped(tabs)
        return None if kept is None else kept.worth(p.scores, spot, self.hand)

    def pass_worth(self) -> dict[Move, float]:
        """The observer's value of each of his moves (not fold): layer by layer with numpy
        (:mod:`.valuepass`), or walked where the round leaves the file's tree."""
        if self.at is None:
            return self.exact_worth()
        play = self.play
        walk = Walk(play, self.stage, self.seat, self.hand, self.fresh)
        fresh = self.at == play.fresh_root and self.state == _FRESH_ROOT
        got = values_below(play.tab, self.stage, play.payoff.target, play.payoff.scores,
                           self.seat, self.hand, self.state, self.at, fresh, self.weights,
                           lambda o, pending: walk.end(o, pending), play.payoff)
        if got is None:
            return self.exact_worth()
        return {m: self._unit(float(v @ self.weights)) for m, v in got.items()}

    def exact_worth(self) -> dict[Move, float]:
        """``_worth`` by the plain walk, node by node (the reference the layered pass is
        tested against; it also values rounds that leave the file's tree)."""
        walk = Walk(self.play, self.stage, self.seat, self.hand, self.fresh)
        moves, _, kids = self.play.node(self.stage, self.state, self.at, _NO_HAND)
        real = self.play.moves(self.state)
        worth: dict[Move, float] = {}
        for i, (m, (_, _, nxt)) in enumerate(zip(moves, real, strict=True)):
            if m[0] == PLAY and m[1] not in self.held:
                continue  # a card the observer does not hold
            w = walk.child(self.state, nxt, kids[i], self.weights)
            worth[m] = self._unit(float(w @ self.weights))
        return worth

    @property
    def held(self) -> tuple[int, ...]:
        """The ranks the observer still holds."""
        rest = list(self.hand)
        for r in self.state[9] if self.seat == 0 else self.state[10]:
            rest.remove(r)
        return tuple(rest)

    def fresh(self) -> float:
        return fresh_value(self.play)

    def _unit(self, v: float) -> float:
        """Seat 0's payoff as the observer's: points change sign, a chance is 1 - it (and
        stays within 0 and 1 past the last bit of rounding)."""
        if not self.play.payoff.match:
            return v if self.seat == 0 else -v
        return min(1.0, max(0.0, v if self.seat == 0 else 1.0 - v))


def _prior(known: list[int], theirs_played: tuple[int, ...]) -> Vec:
    """Card-removal weights of the opponent's possible rest hands (REST[cards he played]):
    the number of ways the unknown cards give him his played ranks plus each rest."""
    k = len(theirs_played)
    out = np.zeros(int(WIDTH[k]))
    for j, rest in enumerate(REST[k]):
        g = counts(theirs_played + rest)
        w = 1
        for r in range(RANKS):
            w *= comb(COPIES - known[r], g[r]) if known[r] + g[r] <= COPIES else 0
        out[j] = w
    return out


# -- the walk -------------------------------------------------------------------------------
class Walk:
    """Seat 0's payoff below a node for each opponent hand, the observer (``seat``) holding
    ``hand``: his moves follow his one column of the file, the opponent's his block."""

    def __init__(self, play: Play, stage: str, seat: int, hand: tuple[int, ...],
                 fresh: Callable[[], float]) -> None:
        self.play, self.stage, self.seat, self.hand = play, stage, seat, hand
        self.fresh = fresh

    def child(self, s: State, nxt: State | Outcome, at: int, live: Vec) -> Vec:
        """The value vector (over the opponent's hands at ``s``) of the move to ``nxt``."""
        if isinstance(nxt, Outcome):
            return np.full(len(live), self._end(nxt, s))
        return self.node(nxt, None if at < 0 else at, live)

    def _end(self, o: Outcome, s: State) -> float:
        return self.end(o, s[1])

    def end(self, o: Outcome, pending: int) -> float:
        """Seat 0's payoff of an end reached from a state whose pending word is
        ``pending``."""
        if o.redeal:
            return self.play.payoff.outcome(o, pending, self.fresh())
        key = (o, pending)
        got = self.play.ends.get(key)
        if got is None:  # a few dozen ends a round: each scored once per file and score
            got = self.play.ends[key] = self.play.payoff.outcome(o, pending, 0.0)
        return got

    def node(self, s: State, at: int | None, live: Vec) -> Vec:
        real = self.play.moves(s)
        out = np.zeros(len(live))
        if s[0] == self.seat:
            mine = s[9] if self.seat == 0 else s[10]
            rest = list(self.hand)
            for r in mine:
                rest.remove(r)
            j = REST_INDEX[len(mine)][tuple(rest)]
            _, dist, kids = self.play.node(self.stage, s, at, np.array([j]))
            for i, (_, _, nxt) in enumerate(real):
                p = dist[i, j]
                if p > 0:
                    out += p * self.child(s, nxt, kids[i], live)
            return out
        k = played(s)
        _, dist, kids = self.play.node(self.stage, s, at, np.flatnonzero(live > 0))
        for i, (kind, rank, nxt) in enumerate(real):
            d = dist[i]
            if kind == PLAY and not isinstance(nxt, Outcome):
                idx = LIFT[k, rank, :WIDTH[k + 1]]
                sub = live[idx] * d[idx]
                if not sub.any():
                    continue
                out[idx] += d[idx] * self.node(nxt, None if kids[i] < 0 else kids[i], sub)
                continue
            sub = live * d
            if not sub.any():
                continue
            out += d * self.child(s, nxt, kids[i], sub)
        return out


# -- the value of a fresh round -------------------------------------------------------------
# per file (dropped with it) and payoff: the fresh round's value, and the values of recent
# spots (a hint and a grade ask for the same spot; the first decisions cost the most)
_fresh: weakref.WeakKeyDictionary[SolvedTable, dict[Payoff, float]] = (
    weakref.WeakKeyDictionary())
_spots: weakref.WeakKeyDictionary[SolvedTable, Kept[dict[Move, float]]] = (
    weakref.WeakKeyDictionary())

#: the largest target whose fresh round is walked whole (every deal); larger files'
#: fresh rounds are valued as their solve valued the rounds to come (``fresh_value``)
EXACT_TARGET = 3


def fresh_value(play: Play) -> float:
    """Seat 0's value of a round dealt afresh after an accepted redeal (T3).

    Up to ``EXACT_TARGET``: both seats playing the file's strategy for it (its second
    stage, or the round's own without the redeal), hands dealt from a whole pack as the
    solver assumes, every deal walked (kept per file and score).  Beyond, walking every
    deal takes minutes in plain Python, so the round is valued as the solve valued the
    rounds after this one: in the match, the match table's P(the non-dealer wins) at the
    real score; in points, the file's stored value of its round (``shipped_value``, the
    redeal option included: it differs from a fresh round by that option's worth)."""
    tab, p = play.tab, play.payoff
    if tab.target > EXACT_TARGET:
        if p.match:
            return p.next_round(*p.scores)
        return float(tab.header["figures"].get("shipped_value", 0.0))
    kept = _fresh.setdefault(tab, {})
    if p not in kept:
        kept[p] = _whole(play, redeal=False)
    return kept[p]


def _whole(play: Play, redeal: bool) -> float:
    """Seat 0's value of a whole stage, over every deal (exact card removal)."""
    stage = play.tab.stage(redeal)
    s = root_state(redeal)
    at: int | None = play.tab.root(redeal)[1]
    total = 0.0
    mass = 0.0
    fresh = (lambda: fresh_value(play)) if redeal else (lambda: 0.0)
    for hand in REST[0]:  # P(hands h, g) is ways(h) * prior_h(g), up to a constant
        prior = _prior(counts(hand), ())
        walk = Walk(play, stage, 0, hand, fresh)
        v = walk.node(s, at, prior)
        total += _hand_ways(hand) * float(v @ prior)
        mass += _hand_ways(hand) * float(prior.sum())
    return total / mass


def round_value(tab: SolvedTable, target: int, scores: tuple[int, int]) -> float:
    """Seat 0's value of a whole round (the redeal option included) at ``scores``, both
    seats playing ``tab`` by the app's rule, in the unit of ``action_values`` (points, or
    P(the non-dealer wins the match)); every deal walked: for small targets and tools."""
    return _whole(_play(tab, payoff_of(tab, target, scores)), redeal=True)


def _hand_ways(hand: tuple[int, ...]) -> int:
    w = 1
    for c in counts(hand):
        w *= comb(COPIES, c)
    return w


_RNG = random.Random(0)  # the determinizer needs one; legal moves do not depend on it

__all__ = ["Payoff", "Play", "Spot", "Unit", "action_values", "fresh_value", "opponent_range",
           "value_unit"]
