"""The solved player's view of a Le Truc spot: what a bluff and a wrong call are.

The coach's reviews, its statistics and the arena's counts take their definitions from
the solved strategy (:mod:`truf_tui.ai.solved`), not from a fixed threshold:

- **Bluff / value bet.** A raise or rest (T7, T8) is a *value* bet when the hand wins the
  round at least half the time against the hands with which the solved opponent
  *accepts* it (its range at that moment, times its probability of accepting with each);
  otherwise it is a *bluff*: it wins only when the opponent gives in.
- **Wrong call / wrong refusal.** Facing a raise or rest, accepting is a *wrong call* when
  the solved player, with the same hand in the same spot, refuses more often than it
  accepts; refusing is a *wrong refusal* when it accepts more often than it refuses.
- **Ranges.** A player's range is what its opponent can know: every hand holding the cards
  it has shown this round, weighted by card removal against the opponent's hand (T1, T2),
  times the solved player's probability of its own earlier moves this round (a player
  who is not the solved one is never ruled out: :data:`~truf_tui.ai.solved_ranges.EDGE`).
  The player's own range ("the hands it could hold") is the public one, without the
  opponent's hand, so nothing here tells a player what it cannot see: a hint may show it.
- **Chance of winning the round**: both hands known, the rest of the round played with
  the greedy card policy (:mod:`truf_tui.ai.truc_knowledge`); a round won by nobody counts
  one half.

``None`` everywhere the solved strategy cannot say (no file installed, a round outside its
tree): the caller falls back to its own measure.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from truf_tui.ai.solved_ranges import EDGE, hand_rows, solved_file, walk
from truf_tui.ai.truc_knowledge import is_bluff, playout, results_of, round_equity
from truf_tui.cards import TRUC_32, TRUC_STRENGTH, Card
from truf_tui.engine import truc
from truf_tui.strategy.hands import HANDS, minus, pair_weight
from truf_tui.strategy.shipped import policy
from truf_tui.strategy.tree import ACCEPT, NONE, RAISE, Outcome, State, root_state, successors
from truf_tui.strategy.tree import REST as REST_KIND
from truf_tui.strategy.trufbp import BlueprintError

#: A probability the solved player's mix gives an answer "never" (its sums' rounding).
NEVER = 1e-9


@dataclass(frozen=True)
class RaiseView:
    """The solved player at a spot where ``me`` may raise or rest, with ``me``'s hand."""

    p_raise: float  # how often it raises or rests here with this hand
    range_share: float  # the share of the hands it may hold here with which it does
    called_wins: float  # this hand's chance of winning against the hands that accept

    @property
    def bluff(self) -> bool:
        return self.called_wins < 0.5


@dataclass(frozen=True)
class AnswerView:
    """The solved player facing the pending raise or rest, with ``me``'s hand."""

    p_accept: float  # how often it accepts here with this hand
    range_share: float  # the share of the hands it may hold here with which it accepts
    chance: float  # this hand's chance of winning against the hands that raise here
    below: float  # the share of the hands it may hold here that do worse against them

    def wrong(self, accepted: bool) -> bool:
        """An answer it never gives with this hand here: accepting where it always refuses,
        refusing where it always accepts.  One it mixes in, however rarely, is no mistake:
        the grade of that decision is at worst "correct" (``grading.classify``), and the
        review must not call it wrong beside that grade (issue 38, one set of figures)."""
        return self.p_accept <= NEVER if accepted else self.p_accept >= 1.0 - NEVER


def raise_view(state: truc.State, kind: str = "raise") -> RaiseView | None:
    """The solved player's view of a raise (or ``kind`` "rest") by the player to move."""
    if state.pending is not None:
        return None
    start = _start(state)
    if start is None:
        return None
    me, spot, probs = start
    p_raise = sum(p for a, p in probs.items() if a.kind in ("raise", "rest"))
    mine = spot.rows(spot.seat(me), public=True)
    if mine is None:
        return None
    moves, rows, weights = mine
    share = _share(rows, weights, moves, {RAISE, REST_KIND})
    after = spot.then((RAISE if kind == "raise" else REST_KIND, NONE))
    if after is None:
        return None
    answer = after.rows(after.seat(1 - me))
    if answer is None:
        return None
    amoves, arows, aweights = answer
    accept = aweights * np.maximum(arows[:, amoves.index((ACCEPT, NONE))], EDGE)
    called = _chance(state, me, accept, after.shown(1 - me))
    if called is None:
        return None
    return RaiseView(p_raise, share, called)


def answer_view(state: truc.State) -> AnswerView | None:
    """The solved player's view of the pending raise or rest, for the player to answer."""
    if state.pending not in ("raise", "rest"):
        return None
    start = _start(state)
    if start is None:
        return None
    me, spot, probs = start
    p_accept = probs.get(truc.ACCEPT, 0.0)
    mine = spot.rows(spot.seat(me), public=True)
    before = spot.before()
    if mine is None or before is None:
        return None
    moves, rows, weights = mine
    share = _share(rows, weights, moves, {ACCEPT})
    raiser = before.rows(before.seat(1 - me))
    if raiser is None:
        return None
    rmoves, rrows, rweights = raiser
    if spot.words[-1] not in rmoves:
        return None
    # the hands that raise so (all of its range, should the solved player never raise here)
    raises = rweights * np.maximum(rrows[:, rmoves.index(spot.words[-1])], EDGE)
    chance = _chance(state, me, raises, spot.shown(1 - me))
    if chance is None:
        return None
    # the hands it may hold, each against the same raises: where does this one stand?
    below = 0.0
    total = float(weights.sum())
    if total > 0:
        for h in np.nonzero(weights)[0]:
            c = _chance(state, me, raises, spot.shown(1 - me), mine_ranks=HANDS[h],
                        mine_shown=spot.shown(me))
            if c is not None and c < chance - 1e-9:
                below += float(weights[h])
        below /= total
    return AnswerView(p_accept, share, chance, below)


def is_bluff_at(state: truc.State, kind: str = "raise") -> bool:
    """Whether a raise (or rest) by the player to move now is a bluff: the one definition,
    for the coach and the arena.  From the solved strategy (:func:`raise_view`); where it
    cannot say, the hand's plain chance of winning the round below
    :data:`~truf_tui.ai.truc_knowledge.BLUFF_THRESHOLD`."""
    view = raise_view(state, kind)
    if view is not None:
        return view.bluff
    me = state.to_move
    assert me is not None
    return is_bluff(round_equity(state, me))


# -- the round, read against the file -----------------------------------------------------------
@dataclass
class _Spot:
    """A spot of a real round, read against the solver's public tree."""

    state: truc.State  # the real state (the hands, the score)
    redeal: bool  # the round's first stage (else: after an accepted redeal, T3)
    steps: list[tuple[State, tuple[int, int]]]  # (public state, the move made there)
    public: State  # the public state after them

    @property
    def words(self) -> list[tuple[int, int]]:
        return [w for _, w in self.steps]

    @property
    def scores(self) -> tuple[int, int]:  # (non-dealer, dealer), as the files number them
        st = self.state
        return st.points[1 - st.dealer], st.points[st.dealer]

    @classmethod
    def of(cls, state: truc.State) -> _Spot | None:
        hist = [str(a) for a in state.history[state.round_start:]]
        redeal = not (hist[:1] == ["redeal"] and hist[1:2] == ["accept"])
        body = hist if redeal else hist[2:]
        spot = cls(state, redeal, [], root_state(redeal))
        steps = list(walk(body, redeal, state.rules.target, spot.scores))
        if len(steps) != len(body):
            return None  # not a round of the tree as read (cannot happen in a real game)
        if not steps:
            return spot
        last, w = steps[-1]  # the walk gave every state but the one after the last move
        return cls(state, redeal, steps[:-1], last).then(w)

    def then(self, w: tuple[int, int]) -> _Spot | None:
        """The spot after the move ``w`` (None if it ends the round or is no move here)."""
        nxt = next((n for k, q, n in successors(self.public, self.state.rules.target,
                                                 self.scores) if (k, q) == w), None)
        if nxt is None or isinstance(nxt, Outcome):
            return None
        return _Spot(self.state, self.redeal, self.steps + [(self.public, w)], nxt)

    def before(self) -> _Spot | None:
        """The spot before the last move."""
        if not self.steps:
            return None
        return _Spot(self.state, self.redeal, self.steps[:-1], self.steps[-1][0])

    def seat(self, p: int) -> int:
        return 0 if p != self.state.dealer else 1  # the files' seats: 0 the non-dealer (T4)

    def shown(self, p: int) -> list[int]:
        """The ranks ``p`` has played at this spot (in this stage of the round)."""
        return list(self.public[9] if self.seat(p) == 0 else self.public[10])

    def rows(self, seat: int, public: bool = False
             ) -> tuple[list[tuple[int, int]], np.ndarray, np.ndarray] | None:
        """For the player in ``seat``, who must be to move here: the file's moves, the
        solved distribution over them per full hand, and the player's range as the other
        player knows it (``public``: as anyone watching does, without the other's hand)."""
        st = self.state
        if self.public[0] != seat:
            return None
        tab = solved_file(st.rules.target, self.scores)
        if tab is None:
            return None
        p = 1 - st.dealer if seat == 0 else st.dealer
        other = (tuple(sorted(self.shown(1 - p))) if public
                 else _full_hand(st, 1 - p))
        shown = self.shown(p)
        weights = np.array([pair_weight(other, h) if minus(h, shown) is not None else 0.0
                            for h in HANDS])
        done: list[tuple[int, int]] = []
        for s, w in self.steps:
            if s[0] == seat:  # its own earlier moves this round (Bayes, never quite 0)
                got = hand_rows(tab, self.redeal, done, s, weights)
                if got is not None and w in got[0]:
                    weights = weights * np.maximum(got[1][:, got[0].index(w)], EDGE)
            done.append(w)
        got = hand_rows(tab, self.redeal, done, self.public, weights)
        if got is None:
            return None
        return got[0], got[1], weights


def _start(state: truc.State) -> tuple[int, _Spot, dict[truc.Action, float]] | None:
    """The player to move, the spot read against the file, and its solved distribution."""
    me = state.to_move
    if me is None:
        return None
    spot = _Spot.of(state)
    probs = _policy(state, me)
    if spot is None or probs is None:
        return None
    return me, spot, probs


def _full_hand(state: truc.State, p: int) -> tuple[int, ...]:
    """``p``'s ranks this round: in hand and played (of this stage, after any redeal)."""
    ranks = [TRUC_STRENGTH[c] for c in state.hands[p]]
    for t in state.tricks:
        ranks.append(TRUC_STRENGTH[t.lead if t.leader == p else t.answer])
    if state.trick_card is not None and state.leader == p:
        ranks.append(TRUC_STRENGTH[state.trick_card])
    return tuple(sorted(ranks))


def _policy(state: truc.State, me: int) -> dict[truc.Action, float] | None:
    try:
        probs, how = policy(state.observation(me))
    except BlueprintError:
        return None
    return None if how == "outside" else probs


def _share(rows: np.ndarray, weights: np.ndarray, moves: list[tuple[int, int]],
           kinds: set[int]) -> float:
    cols = [j for j, (k, _) in enumerate(moves) if k in kinds]
    total = float(weights.sum())
    return float((weights[:, None] * rows[:, cols]).sum()) / total if total > 0 else 0.0


def _chance(state: truc.State, me: int, theirs: np.ndarray, their_shown: list[int],
            mine_ranks: tuple[int, ...] | None = None, mine_shown: list[int] | None = None
            ) -> float | None:
    """``me``'s chance of winning the round from ``state`` against the opponent's full
    hands weighted by ``theirs`` (of which ``their_shown`` are played); with
    ``mine_ranks`` (a full hand, ``mine_shown`` of it played), for that hand instead of
    ``me``'s own."""
    if float(theirs.sum()) <= 0:
        return None
    if mine_ranks is None:
        mine: tuple[int, ...] | None = tuple(sorted(TRUC_STRENGTH[c] for c in state.hands[me]))
    else:
        mine = minus(mine_ranks, list(mine_shown or []))
    if mine is None:
        return None
    lead = None if state.trick_card is None else TRUC_STRENGTH[state.trick_card]
    results = tuple(results_of(state))
    won = 0.0
    weight = 0.0
    for h in np.nonzero(theirs)[0]:
        rest = minus(HANDS[h], their_shown)
        if rest is None:
            continue
        w = float(theirs[h])
        won += w * _duel(mine, rest, me, state.leader, lead, results)
        weight += w
    return won / weight if weight > 0 else None


@lru_cache(maxsize=1 << 18)
def _duel(mine: tuple[int, ...], theirs: tuple[int, ...], me: int, leader: int,
          lead: int | None, results: tuple[int | None, ...]) -> float:
    """``me``'s result (1 won, 1/2 nobody, 0 lost) of the rest of a round, both hands known
    (ranks: suits never matter, T1), played out with the greedy card policy."""
    hands = [_cards(mine), _cards(theirs)] if me == 0 else [_cards(theirs), _cards(mine)]
    card = None if lead is None else _RANK_CARDS[lead][3]
    w = playout(hands, leader, card, list(results))
    return 1.0 if w == me else 0.5 if w is None else 0.0


# one card of each rank and suit, by rank: a hand of ranks as cards (suits never matter)
_RANK_CARDS: dict[int, list[Card]] = {}
for _c in TRUC_32:
    _RANK_CARDS.setdefault(TRUC_STRENGTH[_c], []).append(_c)


def _cards(ranks: tuple[int, ...]) -> list[Card]:
    out: list[Card] = []
    for r in ranks:
        out.append(_RANK_CARDS[r][sum(1 for x in out if TRUC_STRENGTH[x] == r)])
    return out


__all__ = ["AnswerView", "RaiseView", "answer_view", "is_bluff_at", "raise_view"]
