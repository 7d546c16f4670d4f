"""The coach: reasons for hints, Trufludo's one-card warning, and Le Truc's bluff review.

Pure game logic on engine states (no Textual, no translation): every reason is a
:class:`Reason`, a string key and its parameters, which the UI words in the player's language
(``truf_tui/ui/strings/coach.py`` holds ``coach.<key>``).

Le Truc: what counts as a bluff
-------------------------------
The definitions come from the solved strategy (:mod:`truf_tui.ai.solved_view`, the one
definition the arena counts with too):

- a raise or a rest (T7, T8) is a **value** bet when the hand, called, wins the round at
  least half the time against the hands with which the solved opponent accepts it; else
  it is a **bluff**: it wins only when the opponent gives in;
- accepting is a **wrong call** when the solved player, with the same hand in the same
  spot, never accepts; refusing (or folding) a raise is a **wrong refusal** when it never
  refuses (an answer it mixes in is no mistake: its grade is at worst correct).

Where the solved strategy cannot say (no file installed), a raise is a bluff when the
raiser's chance of winning the round is below :data:`BLUFF_THRESHOLD` (0.35): the chance
from what the raiser could see then, every opponent hand from the unseen cards equally
likely, each counted exactly and played out with the simple policy of
:func:`truf_tui.ai.truc_knowledge.playout` (:func:`truf_tui.ai.truc_knowledge.round_equity`).
That chance also sorts hands into the strength bands of the statistics
(:data:`BANDS`).

A bluff **worked** when the opponent refused it or folded in answer; it was **called** when
the opponent accepted.  A refusal (or a fold) **gave up a round the refuser would have won**
when, with both hands known and the stake accepted, the refuser wins the rest of the round
against every defence, both players then choosing their cards as well as possible (no more
raises): :func:`would_win`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, TypeAlias

from truf_tui.ai.solved_view import AnswerView, RaiseView, answer_view, raise_view
from truf_tui.ai.truc_knowledge import (
    BLUFF_THRESHOLD,
    is_bluff,
    round_equity,
    unseen_cards,
)
from truf_tui.cards import TRUC_STRENGTH, Card
from truf_tui.engine import truc, trufludo
from truf_tui.strategy.shipped import policy
from truf_tui.strategy.trufbp import BlueprintError


@dataclass(frozen=True)
class Reason:
    """A reason in words, to be translated: ``coach.<key>`` formatted with ``params``
    (cards are :class:`Card` values, probabilities are whole percentages)."""

    key: str
    params: dict[str, object] = field(default_factory=dict)


# -- Trufludo ------------------------------------------------------------------------------------
def leaves_one(state: trufludo.State, action: trufludo.Play) -> Card | None:
    """The single card ``action`` leaves on the table for the opponent to take as a trufego
    (F7), or None: the table does not hold exactly one card afterwards, the mover plays again
    (F8), or the game is over."""
    mover = state.current_player
    after = state.apply(action)
    if after.is_terminal() or after.current_player == mover or len(after.table) != 1:
        return None
    return after.table[0]


def risky(state: trufludo.State, action: trufludo.Play) -> Card | None:
    """The single card left by ``action`` when another legal move would not leave one (the
    seed's tactic: never leave a single card if you can help it); else None."""
    card = leaves_one(state, action)
    if card is None:
        return None
    if all(leaves_one(state, a) is not None for a in state.legal_actions()):
        return None  # every move leaves one card: nothing to warn about
    return card


def trufludo_reason(state: trufludo.State, action: trufludo.Play) -> Reason:
    """Why (or why not) to play ``action``, in one line."""
    if action.take is not None and len(state.table) == 1:
        return Reason("f.trufego", {"take": action.take})
    single = leaves_one(state, action)
    if action.take is not None:
        if single is not None:
            return Reason("f.take.leaves_one", {"take": action.take, "left": single})
        return Reason("f.take", {"take": action.take, "n": len(state.table) - 1})
    if single is not None:
        return Reason("f.throw.leaves_one", {"left": single})
    return Reason("f.throw", {"n": len(state.table) + 1})


# -- Le Truc: probabilities ----------------------------------------------------------------------
def beat_chance(state: truc.State, me: int, card: Card) -> tuple[float, int, int]:
    """Leading ``card``: the probability that the opponent holds a higher card, and how many
    unseen cards beat it and tie with it."""
    unseen = unseen_cards(state, me)
    s = TRUC_STRENGTH[card]
    higher = sum(1 for c in unseen if TRUC_STRENGTH[c] > s)
    ties = sum(1 for c in unseen if TRUC_STRENGTH[c] == s)
    return _holds_one_of(state, me, higher), higher, ties


def _holds_one_of(state: truc.State, me: int, n: int) -> float:
    """The probability that the opponent's hand holds at least one of ``n`` given unseen
    cards (every hand from the unseen cards equally likely)."""
    k = len(state.hands[1 - me])
    u = len(unseen_cards(state, me))
    return 1.0 - math.comb(u - n, k) / math.comb(u, k) if u and k else 0.0


def spoil_loses(state: truc.State, me: int) -> bool:
    """Would a spoiled trick now lose ``me`` the round (T6: a spoiled trick after the
    opponent won an earlier one settles the round for the opponent)?"""
    done, winner = truc.round_result([t.winner for t in state.tricks] + [None])
    return done and winner == 1 - me


def _pct(p: float) -> int:
    return int(round(100 * p))


def _decides(tricks: Sequence[truc.Trick], leader: int, lead: Card, answer: Card,
             ) -> tuple[bool, int | None]:
    """T6 after the trick in play ends with ``answer``: (is the round decided, its winner)."""
    w = truc.trick_winner(leader, TRUC_STRENGTH[lead], TRUC_STRENGTH[answer])
    return truc.round_result([t.winner for t in tricks] + [w])


def truc_reason(state: truc.State, action: truc.Action, me: int) -> Reason:
    """What a card ``me`` might play now does to the trick, or what a refusal or a fold gives
    the other player (T7-T9), in one line; the hint panel's words for them
    (:func:`truc_fact`).  A bet's words are :func:`truc_fact`'s alone: its figures are the
    solution's values (issue 38 A1), so no other estimate judges it."""
    kind = action.kind
    if kind == "play":
        card = action.card
        assert card is not None
        lead = state.trick_card
        if lead is None:
            p, higher, ties = beat_chance(state, me, card)
            if higher == 0 and ties == 0:
                return Reason("t.lead.sure", {"card": card})
            if ties and spoil_loses(state, me):
                # An equal card loses the round too (T6): the figure counts it.
                p = _holds_one_of(state, me, higher + ties)
                if higher == 0:
                    return Reason("t.lead.spoil.loses", {"card": card, "p": _pct(p)})
                return Reason("t.lead.risky.spoil", {"card": card, "p": _pct(p)})
            if higher == 0:
                return Reason("t.lead.unbeaten", {"card": card})
            return Reason("t.lead.risky", {"card": card, "p": _pct(p)})
        a, b = TRUC_STRENGTH[lead], TRUC_STRENGTH[card]
        done, winner = _decides(state.tricks, state.leader, lead, card)
        if b > a:
            return Reason("t.answer.round" if done and winner == me else "t.answer.wins",
                          {"card": card, "lead": lead})
        if b == a:
            if done and winner == me:
                return Reason("t.answer.spoil.round", {"card": card})
            if done and winner is not None:
                return Reason("t.answer.spoil.lost", {"card": card})
            return Reason("t.answer.spoil", {"card": card})
        better = [c for c in state.hands[me] if TRUC_STRENGTH[c] >= a]
        if done:
            return Reason("t.answer.loses.round", {"card": card})
        return Reason("t.answer.loses.keep" if better else "t.answer.loses", {"card": card})
    if kind not in ("refuse", "fold") or (kind == "refuse" and state.pending == "redeal"):
        raise ValueError(f"no card or concession to word: {action} (a bet is truc_fact's)")
    stake = state.stake
    # refuse or fold: what it gives the other player (T7-T9)
    points, game = truc.concession(stake, state.rest, state.pending, state.rules.rest_refusal)
    loses_game = state.points[1 - me] + points >= state.rules.target
    if kind == "refuse":
        if game:
            return Reason("t.refuse.game")
        return Reason("t.refuse.match" if loses_game else "t.refuse", {"n": points})
    if game:
        return Reason("t.fold.game")
    return Reason("t.fold.match" if loses_game else "t.fold", {"n": points})


def truc_fact(state: truc.State, action: truc.Action, me: int,
              hand_range: Mapping[tuple[int, ...], float] | None = None) -> Reason:
    """What ``action`` does, in one line, with no chance of winning in it: the hint panel's
    words beside the solution's values (issue 38 A1: one model gives every figure of the
    panel, so a bet is not judged a second time by another estimate).  A card says what it
    does to the trick, a refusal or a fold what it gives away (T7-T9), a bet what it
    changes.  A lead's risk (the opponent holds a higher card, or an equal one that loses
    the round, T6) is read from ``hand_range``, the ranks the opponent may still hold as
    the values weigh them (``strategy.values.opponent_range``), else from card removal."""
    kind = action.kind
    if kind in ("play", "refuse", "fold") and not (kind == "refuse"
                                                   and state.pending == "redeal"):
        reason = truc_reason(state, action, me)
        if hand_range is None or "p" not in reason.params or state.trick_card is not None:
            return reason
        assert action.card is not None  # a play names its card
        mine = TRUC_STRENGTH[action.card]
        ties = reason.key in ("t.lead.risky.spoil", "t.lead.spoil.loses")  # T6 counts them
        total = sum(hand_range.values())
        risk = sum(w for rest, w in hand_range.items()
                   if any(r > mine or (ties and r == mine) for r in rest))
        return Reason(reason.key, {**reason.params, "p": _pct(risk / total if total else 0.0)})
    if kind == "raise":
        return Reason("t.raise.does", {"n": truc.next_stake(state.stake)})
    if kind == "rest":
        return Reason("t.rest.does")
    if kind == "redeal" or (kind == "accept" and state.pending == "redeal"):
        return Reason("t.redeal.does")
    if kind == "refuse":  # a redeal refused (T3)
        return Reason("t.refuse.redeal.does")
    if state.pending == "rest":
        return Reason("t.accept.rest.does")
    return Reason("t.accept.does", {"n": truc.next_stake(state.stake)})


# -- Le Truc: reviewing a round ------------------------------------------------------------------
def _ended(before: truc.State, after: truc.State) -> bool:
    return after.last_round is not before.last_round


def _solve(s: truc.State, me: int) -> float:
    """Minimax over the cards alone (both hands known, no more betting): 1 if ``me`` wins
    the round, 0 if he loses it, 0.5 if nobody does."""
    p = s.to_move
    assert p is not None
    best: float | None = None
    for a in s.legal_actions():
        if a.kind != "play":
            continue
        t = s.apply(a)
        if _ended(s, t):
            w = t.last_round.winner if t.last_round is not None else None
            v = 1.0 if w == me else 0.5 if w is None else 0.0
        else:
            v = _solve(t, me)
        if best is None or (v > best if p == me else v < best):
            best = v
    return 0.5 if best is None else best


def would_win(state: truc.State, me: int) -> float:
    """``me`` is about to refuse the pending raise or rest, or to fold: 1 if he would have
    won the round had he accepted (or played on), 0 if he would have lost it, 0.5 if nobody
    would have won it, both playing the cards well with both hands known (module docstring)."""
    s = state
    if s.pending in ("raise", "rest"):
        s = s.apply(truc.ACCEPT)
    elif s.pending is not None:
        s = s.apply(truc.REFUSE)  # a redeal: keep these cards
    return _solve(s, me)


@dataclass(frozen=True)
class Bet:
    """A raise or rest of a round, as the review sees it."""

    by: int
    kind: str  # "raise" or "rest"
    trick: int  # 1-3: the trick in play when it was made
    stake: int  # the agreed stake before it
    equity: float  # the raiser's estimated chance of winning the round then (round_equity)
    answer: str | None  # "accept", "refuse" or "fold" (None: never answered)
    would_win: float | None = None  # refused or folded: what the raiser would have made of it
    solved: RaiseView | None = None  # the solved player's view of it, with the raiser's hand
    answer_view: AnswerView | None = None  # ... of the answer, with the answerer's hand
    answer_at: int | None = None  # the answer's move in the match's record (its grade's index)

    @property
    def bluff(self) -> bool:
        """A bluff, by the solved strategy's definition (else the plain chance's)."""
        if self.solved is not None:
            return self.solved.bluff
        return is_bluff(self.equity)

    @property
    def wrong_answer(self) -> bool | None:
        """A wrong call or a wrong refusal, by the solved strategy (None: it cannot say,
        or no answer)."""
        if self.answer_view is None or self.answer is None:
            return None
        return self.answer_view.wrong(self.answer == "accept")

    @property
    def worked(self) -> bool:
        """The opponent gave in (refused or folded)."""
        return self.answer in ("refuse", "fold")

    @property
    def called(self) -> bool:
        return self.answer == "accept"

    @property
    def asked(self) -> int:
        """The stake it asked for (0 for a rest: the game)."""
        if self.kind == "rest":
            return 0
        return truc.next_stake(self.stake)


@dataclass(frozen=True)
class GiveUp:
    """A refusal of a raise or rest, or a fold: what it gave up and what would have been."""

    by: int
    kind: str  # "refuse" or "fold"
    answering: str | None  # the pending "raise" or "rest" it answered, if any
    points: int  # what the opponent scored (0 with the game at stake: see ``game``)
    game: bool  # the round was played for the game
    would_win: float  # 1: the refuser would have won the round, 0: lost, 0.5: nobody
    at: int = -1  # its move in the match's record

    @property
    def wrong(self) -> bool:
        """It gave up a round the refuser would have won."""
        return self.would_win == 1.0


BANDS = (0.2, 0.4, 0.6, 0.8)  # the strength bands' upper bounds: chance of the round


def band(chance: float) -> int:
    """The hand-strength band (0 weakest .. 4 strongest) of a chance of winning the round."""
    return sum(chance >= b for b in BANDS)


@dataclass(frozen=True)
class Decision:
    """A choice a player had to make about the stake: raise (or rest) or not, when it may;
    accept or not, facing a raise or rest.  With what the solved player does there with
    the same hand (its probability), for the statistics' bars."""

    by: int
    kind: str  # "raise": it may raise or rest; "answer": it faces a raise or rest
    band: int  # the hand's strength band (:func:`band`)
    did: bool  # it raised or rested / it accepted
    solved: float  # the solved player's probability of doing so with the hand


RoundKey: TypeAlias = tuple[int | None, int, tuple[Card, ...] | None, int, int]
"""A reviewed round of one game: the game's seed, first dealer and pack (none: shuffled by
the seed), the round's number and the moves played to its end."""


@dataclass(frozen=True)
class RoundReview:
    """One finished round of Le Truc, annotated (see the module's docstring)."""

    round: int
    dealer: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]  # the hands played (after any redeal)
    dealt: tuple[tuple[Card, ...], tuple[Card, ...]]  # the first hands dealt
    actions: tuple[tuple[int, truc.Action], ...]  # (who, action), in order
    bets: tuple[Bet, ...]
    give_ups: tuple[GiveUp, ...]
    end: truc.RoundEnd
    decisions: tuple[Decision, ...] = ()  # the raise and answer decisions, by band


def review_round(start: truc.State, actions: Sequence[truc.Action | str]) -> RoundReview:
    """Annotate the round dealt in ``start`` (a state at the start of a round, before any
    action) played with ``actions`` (all of them: the round must end with the last one)."""
    s = start
    bets: list[Bet] = []
    open_bet: dict[str, Any] | None = None
    give_ups: list[GiveUp] = []
    decisions: list[Decision] = []
    done: list[tuple[int, truc.Action]] = []
    hands = start.hands
    end: truc.RoundEnd | None = None
    for raw in actions:
        if end is not None:
            raise ValueError("the round ended before the last action")
        a = raw if isinstance(raw, truc.Action) else truc.parse_action(raw)
        p = s.to_move
        if p is None:
            raise ValueError("the match is over: no action can be played")
        kind = a.kind
        chance: list[float] = []  # the mover's round_equity, worked out once if asked

        def eq(s: truc.State = s, p: int = p, chance: list[float] = chance) -> float:
            if not chance:
                chance.append(round_equity(s, p))
            return chance[0]

        view = _decision(s, p, a, eq)
        if view is not None:
            decisions.append(view)
        if kind in ("raise", "rest"):
            open_bet = {"by": p, "kind": kind, "trick": len(s.tricks) + 1, "stake": s.stake,
                        "equity": eq(), "solved": raise_view(s, kind)}
        elif kind in ("refuse", "fold") and (s.pending in ("raise", "rest") or kind == "fold"):
            ww = would_win(s, p)
            answering = s.pending if s.pending in ("raise", "rest") else None
            seen = answer_view(s) if answering is not None else None
            t = s.apply(a)
            lr = t.last_round
            assert lr is not None
            give_ups.append(GiveUp(p, kind, answering, lr.points, lr.game, ww,
                                   len(s.history)))
            if open_bet is not None and answering is not None:
                bets.append(Bet(**open_bet, answer=kind, would_win=1.0 - ww,
                                answer_view=seen, answer_at=len(s.history)))
                open_bet = None
        elif kind == "accept" and s.pending in ("raise", "rest") and open_bet is not None:
            bets.append(Bet(**open_bet, answer="accept", answer_view=answer_view(s),
                            answer_at=len(s.history)))
            open_bet = None
        if kind == "accept" and s.pending == "redeal":
            t = s.apply(a)
            hands = t.hands
        t = s.apply(a)
        done.append((p, a))
        if _ended(s, t):
            end = t.last_round
        s = t
    if end is None:
        raise ValueError("the actions do not finish the round")
    if open_bet is not None:
        bets.append(Bet(**open_bet, answer=None))
    return RoundReview(start.round_no, start.dealer, hands, start.hands, tuple(done),
                       tuple(bets), tuple(give_ups), end, tuple(decisions))


def _decision(s: truc.State, p: int, a: truc.Action,
              chance: Callable[[], float]) -> Decision | None:
    """``p``'s choice about the stake in ``s``, if it had one, with the solved player's
    probability of the same choice with the same hand (None: no such choice, or the
    solved strategy cannot say); ``chance()`` is ``p``'s round_equity there."""
    legal = s.legal_actions()
    wanted: tuple[str, ...]
    if s.pending in ("raise", "rest"):
        kind, did, wanted = "answer", a.kind == "accept", ("accept",)
    elif s.pending is None and truc.RAISE in legal:
        kind, did, wanted = "raise", a.kind in ("raise", "rest"), ("raise", "rest")
    else:
        return None
    try:
        probs, how = policy(s.observation(p))
    except BlueprintError:
        return None
    if how == "outside":
        return None
    solved = sum(q for x, q in probs.items() if x.kind in wanted)
    return Decision(p, kind, band(chance()), did, solved)


def round_starts(state: truc.State) -> Iterator[tuple[truc.State, list[truc.Action]]]:
    """Every finished round of ``state``'s match: its first state and its actions."""
    s = state.initial()
    start, acts = s, []
    for a in state.history:
        t = s.apply(a)
        acts.append(a)
        if _ended(s, t):
            yield start, acts
            start, acts = t, []
        s = t


def reviews(state: truc.State) -> list[RoundReview]:
    """Every finished round of the match, reviewed."""
    return [review_round(st, acts) for st, acts in round_starts(state)]


def last_review(state: truc.State) -> RoundReview | None:
    """The latest finished round of the match, reviewed (None before the first ends)."""
    found = list(round_starts(state))
    return review_round(*found[-1]) if found else None


# -- Le Truc: statistics -------------------------------------------------------------------------
@dataclass
class BluffStats:
    """Counts over reviewed rounds, from ``me``'s side (the human's seat): what the bluff
    tables show (:data:`BLUFF_ROWS`) and the betting by hand strength."""

    me: int = 0
    rounds: int = 0
    my_bets: int = 0  # your raises and rests
    my_bluffs: int = 0
    my_bluffs_worked: int = 0
    their_bets: int = 0
    their_bluffs: int = 0
    # By hand-strength band (coach.BANDS), yours: how often you could raise, did, and the
    # solved player's expected raises with the same hands; likewise facing a raise.
    raise_chances: list[int] = field(default_factory=lambda: [0] * (len(BANDS) + 1))
    raised: list[int] = field(default_factory=lambda: [0] * (len(BANDS) + 1))
    solved_raised: list[float] = field(default_factory=lambda: [0.0] * (len(BANDS) + 1))
    answers: list[int] = field(default_factory=lambda: [0] * (len(BANDS) + 1))
    accepted: list[int] = field(default_factory=lambda: [0] * (len(BANDS) + 1))
    solved_accepted: list[float] = field(default_factory=lambda: [0.0] * (len(BANDS) + 1))

    def add(self, review: RoundReview) -> None:
        me = self.me
        self.rounds += 1
        for b in review.bets:
            if b.by == me:
                self.my_bets += 1
                if b.bluff:
                    self.my_bluffs += 1
                    self.my_bluffs_worked += b.worked
            else:
                self.their_bets += 1
                self.their_bluffs += b.bluff
        for d in review.decisions:
            if d.by != me:
                continue
            if d.kind == "raise":
                self.raise_chances[d.band] += 1
                self.raised[d.band] += d.did
                self.solved_raised[d.band] += d.solved
            else:
                self.answers[d.band] += 1
                self.accepted[d.band] += d.did
                self.solved_accepted[d.band] += d.solved

    @classmethod
    def of(cls, items: Sequence[RoundReview], me: int = 0) -> BluffStats:
        out = cls(me=me)
        for r in items:
            out.add(r)
        return out

    def merge(self, other: BluffStats) -> BluffStats:
        """The counts of both together (each counted from its own ``me``: games where the
        human sat in another seat add up correctly)."""
        out = BluffStats(me=self.me)
        for f in fields(self):
            if f.name == "me":
                continue
            a, b = getattr(self, f.name), getattr(other, f.name)
            setattr(out, f.name, [x + y for x, y in zip(a, b, strict=True)]
                    if isinstance(a, list) else a + b)
        return out


#: What the bluff tables show beside the rounds (the practice session's and the statistics'),
#: each a string key and (count, out of; 0 when it is a plain count): only what the graded
#: decisions do not say.  Whether an answer to a raise was right, and what it cost, is the
#: grades' (the leaks): no second count of the same answers (issue 38 A10).
BLUFF_ROWS: tuple[tuple[str, Callable[[BluffStats], tuple[int, int]]], ...] = (
    ("bluffs.my.bets", lambda s: (s.my_bets, 0)),
    ("bluffs.my.bluffs", lambda s: (s.my_bluffs, s.my_bets)),
    ("bluffs.my.worked", lambda s: (s.my_bluffs_worked, s.my_bluffs)),
    ("bluffs.their.bluffs", lambda s: (s.their_bluffs, s.their_bets)),
)


__all__ = ["BANDS", "BLUFF_ROWS", "BLUFF_THRESHOLD", "Bet", "BluffStats", "Decision", "GiveUp",
           "Reason", "RoundReview", "band", "beat_chance", "last_review", "leaves_one",
           "review_round", "reviews", "risky", "round_equity", "round_starts", "spoil_loses",
           "truc_fact", "truc_reason", "trufludo_reason", "would_win"]
