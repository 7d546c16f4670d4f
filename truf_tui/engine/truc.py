"""Le Truc: the rules of RULES.md T1-T11 as an immutable state.

A state is a whole match: rounds follow each other inside :meth:`State.apply`, each new
deal shuffled by randomness carried in the state (``next_seed``), so a match is a pure
function of its rules, seed or first pack, first dealer and moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Final, Literal, NamedTuple, TypedDict, get_args

from truf_tui.cards import TRUC_32, TRUC_STRENGTH, Card, parse_cards, parse_pack, texts
from truf_tui.engine.common import (
    CardFields,
    IllegalActionError,
    IllegalReason,
    RuleValue,
    StateError,
    check_choice,
    deal_proofs,
    need,
    proofs_at,
    replayed,
    rules_kwargs,
    start_of,
    state_dict_of,
)
from truf_tui.engine.deals import DealError, DealProof

GAME: Final = "truc"
FORMAT_VERSION = 1


RestRefusal = Literal["stake", "game"]
# Each variant's allowed values (T8, T10): checked here, offered by the new-game dialog.
CHOICES: dict[str, tuple[object, ...]] = {"rest_refusal": get_args(RestRefusal)}
TARGET_MIN, TARGET_MAX = 1, 99


@dataclass(frozen=True)
class Rules:
    """Le Truc variants (RULES.md T8, T10)."""

    target: int = 12  # T10
    rest_refusal: RestRefusal = "stake"  # T8

    def __post_init__(self) -> None:
        if type(self.target) is not int or not TARGET_MIN <= self.target <= TARGET_MAX:
            raise ValueError(f"invalid value {self.target!r} for rules option 'target': "
                             f"allowed values are the integers {TARGET_MIN} to {TARGET_MAX}")
        check_choice("rest_refusal", self.rest_refusal, CHOICES["rest_refusal"])

    def to_dict(self) -> dict[str, RuleValue]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: Mapping[str, object]) -> Rules:
        return cls(**rules_kwargs(d, ("target", "rest_refusal"), GAME))


Kind = Literal["play", "raise", "rest", "accept", "refuse", "fold", "redeal"]
"""What an action does (T11)."""
Pending = Literal["raise", "rest", "redeal"]
"""A proposal the player to move must answer (T3, T7, T8)."""
How = Literal["tricks", "refused", "fold", "spoiled"]
"""How a round ended (:class:`RoundEnd`)."""


class Illegal(IllegalReason):
    """Why a Truc action is not legal now (``IllegalActionError.reason``,
    :meth:`State.illegal_reason`), with the rule that says so."""

    NOT_AN_ACTION = ("not_an_action", "T11")
    MATCH_OVER = ("match_over", "T10")
    ANSWER_FIRST = ("answer_first", "T7")  # a raise, rest or redeal awaits its answer
    NOTHING_TO_ANSWER = ("nothing_to_answer", "T7")  # accept / refuse with nothing proposed
    NOT_IN_HAND = ("not_in_hand", "T4")
    REST_IN_PLAY = ("rest_in_play", "T7")  # no raise and no rest after an accepted rest
    RAISES_ALTERNATE = ("raises_alternate", "T7")
    STAKE_CAP = ("stake_cap", "T7")
    DEALER_REDEAL = ("dealer_redeal", "T3")  # only the non-dealer may propose a redeal
    REDEAL_ONCE = ("redeal_once", "T3")
    REDEAL_LATE = ("redeal_late", "T3")  # after the first card or a raise


class Action(NamedTuple):
    """One Truc action (T11): ``kind`` is play, raise, rest, accept, refuse, fold or redeal."""

    kind: Kind
    card: Card | None = None

    def __str__(self) -> str:
        return f"play {self.card}" if self.card is not None else self.kind


RAISE = Action("raise")
REST = Action("rest")
ACCEPT = Action("accept")
REFUSE = Action("refuse")
FOLD = Action("fold")
REDEAL = Action("redeal")
_WORDS: dict[str, Action] = {a.kind: a for a in (RAISE, REST, ACCEPT, REFUSE, FOLD, REDEAL)}
_PLAYS = {c: Action("play", c) for c in TRUC_32}
_PLAY_BY_TEXT = {str(c): a for c, a in _PLAYS.items()}


def play(card: Card) -> Action:
    """The (interned) action playing ``card``."""
    return _PLAYS[card]


def parse_action(text: str) -> Action:
    """An action from its T11 text; ``IllegalActionError`` (a ValueError) if malformed."""
    if not isinstance(text, str):
        raise IllegalActionError(f"an action is an Action or its text, not {text!r}",
                                 reason=Illegal.NOT_AN_ACTION)
    words = text.split()
    if len(words) == 1 and words[0].lower() in _WORDS:
        return _WORDS[words[0].lower()]
    if len(words) == 2 and words[0].lower() == "play":
        a = _PLAY_BY_TEXT.get(words[1].upper())
        if a is None:
            try:
                Card.parse(words[1], "truc")
            except ValueError as e:
                raise IllegalActionError(f"{text!r}: {e}", reason=Illegal.NOT_AN_ACTION) from None
        assert a is not None
        return a
    raise IllegalActionError(
        f"{text!r} is not a Truc action: write play <card>, raise, rest, accept, refuse, "
        "fold or redeal", reason=Illegal.NOT_AN_ACTION)


class Trick(NamedTuple):
    """A finished trick: who led, the two cards, and its winner (None: spoiled, T5)."""

    leader: int
    lead: Card
    answer: Card
    winner: int | None


class RoundEnd(NamedTuple):
    """How the latest finished round ended, for summaries.

    ``how`` is ``tricks``, ``refused`` (a raise or rest refused), ``fold`` or ``spoiled``
    (all three tricks spoiled, T6).  ``points`` is what ``winner`` scored; ``game`` says the
    round was played for the game (an accepted rest, or a rest refused under ``game``).
    """

    round: int
    winner: int | None
    points: int
    how: How
    game: bool
    tricks: tuple[Trick, ...]


# -- the rules every other module calls (each rule written once, here) ------------------------
def next_stake(stake: int) -> int:
    """T7: the stake a raise proposes: 1 -> 2, then +2."""
    return 2 if stake == 1 else stake + 2


def stake_may_rise(stake: int, scores: Sequence[int], target: int) -> bool:
    """T7 cap: a raise (or rest, T8) is legal only while the agreed stake is below what the
    player who needs more still needs to win the match."""
    return stake < max(target - scores[0], target - scores[1])


def stake_cap(scores: Sequence[int], target: int) -> int:
    """T7: the highest stake raises can reach at ``scores`` (rounds with the same cap are
    played on the same tree of stakes)."""
    stake = 1
    while stake_may_rise(stake, scores, target):
        stake = next_stake(stake)
    return stake


def trick_winner(leader: int, lead_strength: int, answer_strength: int) -> int | None:
    """T4/T5: the higher rank wins the trick; equal ranks spoil it (None)."""
    if lead_strength > answer_strength:
        return leader
    if answer_strength > lead_strength:
        return 1 - leader
    return None


def round_result(winners: Sequence[int | None]) -> tuple[bool, int | None]:
    """T6 from the trick winners so far (None: spoiled): (is the round decided, its winner
    or None), judged from the results alone.  The search's rollouts call it on every trick,
    hence the plain arithmetic."""
    n = len(winners)
    if n < 2:
        return False, None
    a, b = winners[0], winners[1]
    if n == 2:
        if a is not None and (b is None or b == a):
            return True, a  # same winner twice, or won then spoiled
        if a is None and b is not None:
            return True, b  # spoiled then won
        return False, None
    c = winners[2]
    w0 = (a == 0) + (b == 0) + (c == 0)
    w1 = (a == 1) + (b == 1) + (c == 1)
    if w0 != w1:
        return True, 0 if w0 > w1 else 1
    if w0 == 0:
        return True, None  # all three spoiled: nobody scores
    return True, a if a is not None else b if b is not None else c  # one each: the earlier


def concession(stake: int, rest: bool, pending: Pending | None,
               rest_refusal: str) -> tuple[int, bool]:
    """T7/T8/T9: what refusing the pending raise or rest, or folding, gives the other player:
    (the stake he scores, whether the round was played for the game).  Refusing a rest (or
    folding on it) gives the game under the ``"game"`` variant (T8); a fold during an
    accepted rest concedes the game (T9); anything else gives the agreed stake."""
    if pending == "rest":
        return (0, True) if rest_refusal == "game" else (stake, False)
    return (0, True) if rest else (stake, False)


def round_points(winner: int | None, stake: int, game: bool, scores: Sequence[int],
                 target: int) -> int:
    """T10/T8: what the round's winner scores: the stake, or for a round played for the game
    what brings him to the target."""
    if winner is None:
        return 0
    return max(0, target - scores[winner]) if game else stake


_STRENGTH: list[int] = [-1] * 64
for _c, _v in TRUC_STRENGTH.items():
    _STRENGTH[_c] = _v


class TrickDict(TypedDict):
    """A finished trick (:class:`Trick`) in an observation; ``cards`` is [lead, answer]."""

    leader: int
    cards: list[str]
    winner: int | None


class RoundEndDict(TypedDict):
    """The latest finished round (:class:`RoundEnd`) in an observation."""

    round: int
    winner: int | None
    points: int
    how: How
    game: bool
    tricks: list[TrickDict]


class Observation(TypedDict):
    """``State.observation(p)``: what player ``p`` has seen (ENGINE_API.md), cards as T11 text."""

    game: Literal["truc"]
    rules: dict[str, RuleValue]  # Rules.to_dict()
    player: int
    dealer: int  # this round's
    first_dealer: int
    to_move: int | None
    scores: list[int]  # match points (T10)
    start_scores: list[int]
    round: int
    round_start: int  # index in history of this round's first action
    stake: int
    rest: bool
    pending: Pending | None
    last_raiser: int | None
    redeal_used: bool
    hand: list[str]
    opponent_hand_size: int
    discarded: list[str]  # own hand given up by a redeal (T3)
    opponent_discarded: int
    stock_size: int
    leader: int
    trick_card: str | None
    tricks: list[TrickDict]  # this round's finished tricks
    history: list[str]  # action texts since the start
    last_round: RoundEndDict | None
    terminal: bool


class _Fields(NamedTuple):
    rules: Rules
    dealer: int  # this round's dealer
    to_move: int | None
    points: tuple[int, int]  # match points (T10); scores() returns them
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    stock: tuple[Card, ...]  # the rest of this round's pack, next to be dealt first
    discards: tuple[tuple[Card, ...], tuple[Card, ...]]  # hands given up by a redeal (T3)
    stake: int  # agreed stake; a raise awaiting its answer is not counted (T7)
    rest: bool  # an accepted rest is in play (T8)
    pending: Pending | None  # a proposal to_move must answer
    last_raiser: int | None  # whose raise was accepted last this round (T7 alternation)
    redeal_used: bool  # a redeal was proposed this round (T3: once)
    leader: int  # who leads the current trick
    trick_card: Card | None  # the card led to the current trick, if any
    tricks: tuple[Trick, ...]  # this round's finished tricks
    round_no: int
    round_start: int  # index in history of this round's first action
    next_seed: int  # randomness of the next shuffle (hidden from both players)
    history: tuple[Action, ...]
    last_round: RoundEnd | None
    seed: int | None  # where the match came from (None in a determinized state)
    deck: tuple[Card, ...] | None  # explicit first pack, if one was given
    first_dealer: int
    start_scores: tuple[int, int]  # the score the match started from (new_game(scores=))
    # The fair deal's proofs (engine/deals.py), one per shuffle: deals[k] seeded round k+1's
    # (the last may be the next round's, agreed before the move that deals it).  Empty in a
    # match dealt from its seed alone, and in a determinized state.
    deals: tuple[DealProof, ...]


_FIELD_INDEX = {name: i for i, name in enumerate(_Fields._fields)}
_HISTORY = _FIELD_INDEX["history"]
assert _FIELD_INDEX["to_move"] == 2


def _build(*, rules: Rules, dealer: int, to_move: int | None, points: tuple[int, int],
           hands: tuple[tuple[Card, ...], tuple[Card, ...]], stock: tuple[Card, ...],
           discards: tuple[tuple[Card, ...], tuple[Card, ...]], stake: int, rest: bool,
           pending: Pending | None, last_raiser: int | None, redeal_used: bool, leader: int,
           trick_card: Card | None, tricks: tuple[Trick, ...], round_no: int,
           round_start: int, next_seed: int, history: tuple[Action, ...],
           last_round: RoundEnd | None, seed: int | None, deck: tuple[Card, ...] | None,
           first_dealer: int, start_scores: tuple[int, int],
           deals: tuple[DealProof, ...]) -> State:
    """A state from every field by name, so that a field-order mistake cannot pass (Python
    refuses a missing or unknown name; the order below is checked once, after the class).
    Keyword-only parameters rather than ``**fields``: a new round and the search's
    determinizer draw build one, and a dict of 24 fields cost them a fifth of their time."""
    return tuple.__new__(State, (
        rules, dealer, to_move, points, hands, stock, discards, stake, rest, pending,
        last_raiser, redeal_used, leader, trick_card, tricks, round_no, round_start, next_seed,
        history, last_round, seed, deck, first_dealer, start_scores, deals))


class State(_Fields):
    """An immutable Le Truc match position.  Make one with :func:`new_game`."""

    __slots__ = ()

    @property
    def current_player(self) -> int | None:
        return self.to_move

    @property
    def proposer(self) -> int | None:
        """Who made the pending raise, rest or redeal proposal."""
        return None if self.pending is None or self.to_move is None else 1 - self.to_move

    def can_raise(self) -> bool:
        """T7/T8: may the player to move raise (or declare his rest) now?"""
        p = self.to_move
        if p is None or self.pending is not None or self.rest or self.last_raiser == p:
            return False
        return stake_may_rise(self.stake, self.points, self.rules.target)

    def can_redeal(self) -> bool:
        """T3: only the non-dealer, once, before any card or raise of the round."""
        return (self.to_move == 1 - self.dealer and not self.redeal_used
                and self.pending is None and self.stake == 1 and not self.rest
                and not self.tricks and self.trick_card is None)

    def legal_actions(self) -> list[Action]:
        p = self.to_move
        if p is None:
            return []
        if self.pending is not None:
            return [ACCEPT, REFUSE, FOLD]
        out = [_PLAYS[c] for c in self.hands[p]]
        if self.can_raise():
            out.append(RAISE)
            out.append(REST)
        if self.can_redeal():
            out.append(REDEAL)
        out.append(FOLD)
        return out

    def apply(self, action: Action | str) -> State:
        """The next state after ``action`` (an ``Action`` or its text, T11); an illegal one
        raises ``IllegalActionError`` with ``illegal_reason``'s reason."""
        if type(action) is not Action:
            action = self._coerce(action)
        if (action.kind == "play" and type(action.card) is not Card and self.to_move is not None
                and self.pending is None):
            action = self._coerce(str(action))  # e.g. Action("play", 5)
        reason = self.illegal_reason(action)
        if reason is not None:
            raise self._refusal(action, reason)
        return self.apply_unchecked(action)

    def illegal_reason(self, action: Action) -> Illegal | None:
        """Why ``action`` is not legal now, the reason :meth:`apply` gives; None if it is
        legal.  A play's card only counts for ``NOT_IN_HAND``: ``Action("play")`` asks
        whether a card could be played at all."""
        p = self.to_move
        if p is None:
            return Illegal.MATCH_OVER
        kind = action.kind
        if self.pending is not None:
            return None if kind in ("accept", "refuse", "fold") else Illegal.ANSWER_FIRST
        if kind == "play":
            return None if action.card in self.hands[p] else Illegal.NOT_IN_HAND
        if kind == "raise" or kind == "rest":
            if self.rest:
                return Illegal.REST_IN_PLAY
            if self.last_raiser == p:
                return Illegal.RAISES_ALTERNATE
            if not stake_may_rise(self.stake, self.points, self.rules.target):
                return Illegal.STAKE_CAP
            return None
        if kind == "redeal":
            if p == self.dealer:
                return Illegal.DEALER_REDEAL
            if self.redeal_used:
                return Illegal.REDEAL_ONCE
            return None if self.can_redeal() else Illegal.REDEAL_LATE
        if kind == "fold":
            return None
        return Illegal.NOTHING_TO_ANSWER

    def apply_unchecked(self, action: Action) -> State:
        """The next state after ``action``, which must be one of this state's
        ``legal_actions()``: nothing is checked or converted.  The search's fast path (its
        actions come from ``legal_actions``); everyone else calls :meth:`apply`."""
        p = self.to_move
        assert p is not None
        kind = action.kind
        if kind == "play":
            return self._play(p, action)
        if kind == "accept":
            return self._accept(p)
        if kind == "refuse":
            return self._refuse(p)
        if kind == "fold":
            return self._fold(p)
        return self._propose(p, kind, action)  # raise, rest or redeal

    def initial(self) -> State:
        """The state this match started from (its rules, seed, first pack, first dealer and
        starting score): replaying ``history`` from it gives this one back (for a state
        with a seed, not a determinized one)."""
        return new_game(self.rules, seed=self.seed, deck=self.deck, dealer=self.first_dealer,
                        scores=self.start_scores, deals=self.deals)

    def with_deal(self, proof: DealProof) -> State:
        """This state with ``proof`` agreed as the next shuffle's (the next round's deal, T2):
        its seed replaces the hidden one (``next_seed``).  The fair deal (engine/deals.py,
        docs/fair-deal.md) agrees it before the move that deals that round is applied
        (:meth:`shuffles_on`).  ``ValueError`` when the earlier rounds' proofs are not all
        in the state, or the match is over; ``DealError`` (a ValueError) when the proof is
        not revealed or does not agree with its commitment."""
        if self.to_move is None:
            raise ValueError("the match is over: no round is dealt after it")
        if len(self.deals) != self.round_no:
            raise ValueError(f"the deal of round {self.round_no + 1} needs the proofs of the "
                             f"rounds before it: this match has {len(self.deals)} for "
                             f"{self.round_no} rounds")
        try:
            seed = proof.seed()
        except DealError as e:
            raise DealError(f"deal {self.round_no + 1}: {e}") from None
        return self._replace(next_seed=seed, deals=self.deals + (proof,))

    def shuffles_on(self, action: Action | str) -> bool:
        """Does ``action`` end this round and deal the next one, a new shuffle (T2)?  The
        last round of a match deals nothing (T10); a redeal (T3) deals from this round's
        pack.  ``IllegalActionError`` if the action is not legal here."""
        return self.apply(action).round_no != self.round_no

    def shuffles(self) -> int:
        """How many shuffles have dealt this match so far: one per round (T2; the first
        round's none when it was dealt from an explicit pack, see ``deck``)."""
        return self.round_no - (self.deck is not None)

    def is_terminal(self) -> bool:
        return self.to_move is None

    def returns(self) -> tuple[float, float]:
        if self.to_move is not None:
            return (0.0, 0.0)
        a, b = self.points
        return (1.0, -1.0) if a > b else (-1.0, 1.0) if b > a else (0.0, 0.0)

    def winner(self) -> int | None:
        r = self.returns()
        return 0 if r[0] > 0 else 1 if r[1] > 0 else None

    def scores(self) -> tuple[int, int]:
        """Match points (T10)."""
        return self.points

    # -- transitions -------------------------------------------------------------------------
    def _propose(self, p: int, kind: Pending, action: Action) -> State:
        return self._next(to_move=1 - p, pending=kind, action=action,
                          redeal_used=self.redeal_used or kind == "redeal")

    def _accept(self, p: int) -> State:
        kind = self.pending
        raiser = 1 - p
        if kind == "raise":  # T7: 1 -> 2 -> 4 -> 6 ...
            stake = next_stake(self.stake)
            return self._next(to_move=raiser, pending=None, stake=stake, last_raiser=raiser,
                              action=ACCEPT)
        if kind == "rest":  # T8: the round is played for the game
            return self._next(to_move=raiser, pending=None, rest=True, action=ACCEPT)
        # T3: both hands are discarded unseen and 3 new cards each are dealt, as in T2.
        d = self.dealer
        stock = self.stock
        nd_hand, d_hand = stock[0:6:2], stock[1:6:2]
        hands = (nd_hand, d_hand) if d == 1 else (d_hand, nd_hand)
        return self._next(to_move=1 - d, pending=None, hands=hands, stock=stock[6:],
                          discards=self.hands, action=ACCEPT)

    def _refuse(self, p: int) -> State:
        raiser = 1 - p
        if self.pending == "redeal":  # T3: the non-dealer goes on
            return self._next(to_move=raiser, pending=None, action=REFUSE)
        points, game = concession(self.stake, self.rest, self.pending, self.rules.rest_refusal)
        return self._end_round(raiser, points, "refused", game, REFUSE)  # T7 / T8

    def _fold(self, p: int) -> State:
        points, game = concession(self.stake, self.rest, self.pending, self.rules.rest_refusal)
        return self._end_round(1 - p, points, "fold", game, FOLD)  # T9

    def _play(self, p: int, action: Action) -> State:
        card = action.card
        assert card is not None
        hand = self.hands[p]
        i = hand.index(card)
        hand = hand[:i] + hand[i + 1:]
        hands = (hand, self.hands[1]) if p == 0 else (self.hands[0], hand)
        lead = self.trick_card
        if lead is None:  # p leads (T4)
            return self._next(to_move=1 - p, hands=hands, trick_card=card, action=action)
        leader = self.leader
        winner = trick_winner(leader, _STRENGTH[lead], _STRENGTH[card])  # T4 / T5
        tricks = self.tricks + (Trick(leader, lead, card, winner),)
        decided, round_winner = round_result([t.winner for t in tricks])  # T6
        if decided:
            if round_winner is None:
                return self._end_round(None, 0, "spoiled", False, action, hands, tricks)
            return self._end_round(round_winner, self.stake, "tricks", self.rest, action,
                                   hands, tricks)
        nxt = leader if winner is None else winner
        return self._next(to_move=nxt, hands=hands, trick_card=None, leader=nxt,
                          tricks=tricks, action=action)

    def _next(self, *, action: Action, to_move: int | None, **changes: Any) -> State:
        vals = list(self)
        for k, v in changes.items():
            vals[_FIELD_INDEX[k]] = v
        vals[2] = to_move
        vals[_HISTORY] = self.history + (action,)
        return tuple.__new__(State, vals)

    def _end_round(self, winner: int | None, points: int, how: How, game: bool,
                   action: Action, hands: tuple[tuple[Card, ...], tuple[Card, ...]] | None = None,
                   tricks: tuple[Trick, ...] | None = None) -> State:
        """Score the round (T10; a game-stake round sets the winner to the target, T8)."""
        hands = self.hands if hands is None else hands
        # A trick that ends the round has taken the card led to it (else it would be twice).
        trick_card = self.trick_card if tricks is None else None
        tricks = self.tricks if tricks is None else tricks
        s0, s1 = self.points
        target = self.rules.target
        if winner is not None:
            points = round_points(winner, points, game, self.points, target)
            if winner == 0:
                s0 += points
            else:
                s1 += points
        end = RoundEnd(self.round_no, winner, points, how, game, tricks)
        history = self.history + (action,)
        if s0 >= target or s1 >= target:  # T10: the match is over
            return self._replace(to_move=None, points=(s0, s1), hands=hands, pending=None,
                                 trick_card=trick_card, tricks=tricks, history=history,
                                 last_round=end)
        return _deal_round(self.rules, 1 - self.dealer, (s0, s1), self.round_no + 1,
                           self.next_seed, history, end, self.seed, self.deck,
                           self.first_dealer, self.start_scores, self.deals)

    def _coerce(self, action: object) -> Action:
        if isinstance(action, str):
            return parse_action(action)
        if isinstance(action, Action):
            return Action(action.kind, action.card)
        raise IllegalActionError(f"{action!r} is not a Truc action", self.legal_actions(),
                                 Illegal.NOT_AN_ACTION)

    def _refusal(self, action: Action, why: Illegal | None) -> IllegalActionError:
        """The error ``apply`` raises for ``action``, illegal for reason ``why``."""
        assert why is not None
        if why is Illegal.MATCH_OVER:
            return IllegalActionError("the match is over: no action can be played",
                                      reason=why)
        text = {
            Illegal.ANSWER_FIRST: f"your opponent's {self.pending} must be answered first",
            Illegal.NOTHING_TO_ANSWER: f"there is nothing to {action.kind}",
            Illegal.NOT_IN_HAND: f"{action.card} is not in your hand",
            Illegal.REST_IN_PLAY: "no raise and no rest after an accepted rest (T7)",
            Illegal.RAISES_ALTERNATE: "raises alternate: the latest accepted raise was yours "
                                      "(T7)",
            Illegal.STAKE_CAP: f"the stake ({self.stake}) already covers what either player "
                               "needs to win the match (T7)",
            Illegal.DEALER_REDEAL: "only the non-dealer may propose a redeal (T3)",
            Illegal.REDEAL_ONCE: "a redeal may be proposed only once per round (T3)",
            Illegal.REDEAL_LATE: "a redeal is only possible before the first card and before "
                                 "any raise (T3)",
        }[why]
        return IllegalActionError(f"{action}: {text}", self.legal_actions(), why)

    # -- what a player sees ------------------------------------------------------------------
    def observation(self, p: int) -> Observation:
        """Everything player ``p`` has seen, and nothing else (JSON-compatible)."""
        if p not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {p!r}")
        lr = self.last_round
        return {
            "game": GAME,
            "rules": self.rules.to_dict(),
            "player": p,
            "dealer": self.dealer,
            "first_dealer": self.first_dealer,
            "to_move": self.to_move,
            "scores": list(self.points),
            "start_scores": list(self.start_scores),
            "round": self.round_no,
            "round_start": self.round_start,
            "stake": self.stake,
            "rest": self.rest,
            "pending": self.pending,
            "last_raiser": self.last_raiser,
            "redeal_used": self.redeal_used,
            "hand": texts(self.hands[p]),
            "opponent_hand_size": len(self.hands[1 - p]),
            "discarded": texts(self.discards[p]),
            "opponent_discarded": len(self.discards[1 - p]),
            "stock_size": len(self.stock),
            "leader": self.leader,
            "trick_card": None if self.trick_card is None else str(self.trick_card),
            "tricks": [_trick_dict(t) for t in self.tricks],
            "history": [str(a) for a in self.history],
            "last_round": None if lr is None else _round_end_dict(lr),
            "terminal": self.to_move is None,
        }

    def determinize(self, p: int, rng: random.Random) -> State:
        """A state with the same ``observation(p)``: the opponent's hand, the rest of the pack
        and the seed of future shuffles re-drawn from ``rng``."""
        return determinizer(self.observation(p))(rng)

    # -- serialisation -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        lr = self.last_round
        return {
            "game": GAME,
            "format": FORMAT_VERSION,
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "first_dealer": self.first_dealer,
            "to_move": self.to_move,
            "scores": list(self.points),
            "hands": [texts(self.hands[0]), texts(self.hands[1])],
            "stock": texts(self.stock),
            "discards": [texts(self.discards[0]), texts(self.discards[1])],
            "stake": self.stake,
            "rest": self.rest,
            "pending": self.pending,
            "last_raiser": self.last_raiser,
            "redeal_used": self.redeal_used,
            "leader": self.leader,
            "trick_card": None if self.trick_card is None else str(self.trick_card),
            "tricks": [_trick_dict(t) for t in self.tricks],
            "round": self.round_no,
            "round_start": self.round_start,
            "next_seed": self.next_seed,
            "history": [str(a) for a in self.history],
            "last_round": None if lr is None else _round_end_dict(lr),
            "seed": self.seed,
            "deck": None if self.deck is None else texts(self.deck),
            "start_scores": list(self.start_scores),
            "deals": [p.to_dict() for p in self.deals],
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, object]) -> State:
        """The state ``to_dict`` described; ``StateError`` (a ValueError) if it is not valid."""
        return _state_from_dict(d)

    def round_history(self) -> list[Action]:
        """The actions of the round in play (or of the last one, once the match is over)."""
        return list(self.history[self.round_start:])

    def __repr__(self) -> str:
        return (f"<truc.State round={self.round_no} dealer={self.dealer} to_move={self.to_move}"
                f" scores={self.points} stake={self.stake}{' rest' if self.rest else ''}"
                f"{' pending=' + self.pending if self.pending else ''} hands="
                f"[{' '.join(map(str, self.hands[0]))}|{' '.join(map(str, self.hands[1]))}]>")


# _build puts each name in its own field: given each field's name, it gives them in order.
if tuple(_build(**{f: f for f in _Fields._fields})) != _Fields._fields:  # type: ignore[arg-type]
    raise AssertionError("truc._build's fields are not in the order of State's")


def _trick_dict(t: Trick) -> TrickDict:
    return {"leader": t.leader, "cards": [str(t.lead), str(t.answer)], "winner": t.winner}


def _round_end_dict(r: RoundEnd) -> RoundEndDict:
    return {"round": r.round, "winner": r.winner, "points": r.points, "how": r.how,
            "game": r.game, "tricks": [_trick_dict(t) for t in r.tricks]}


def _deal_round(rules: Rules, dealer: int, scores: tuple[int, int], round_no: int,
                seed: int, history: tuple[Action, ...], last_round: RoundEnd | None,
                origin_seed: int | None, origin_deck: tuple[Card, ...] | None,
                first_dealer: int, start_scores: tuple[int, int],
                deals: tuple[DealProof, ...], pack: Sequence[Card] | None = None) -> State:
    """T2: shuffle (unless ``pack`` is given) and deal 3 cards each, one at a time,
    the non-dealer first; the non-dealer is to move (T4).  The next round is shuffled from
    its agreed proof's seed when ``deals`` has it, else from this round's randomness."""
    rng = random.Random(seed)
    if pack is None:
        cards = list(TRUC_32)
        rng.shuffle(cards)
        pack = cards
    next_seed = deals[round_no].seed() if len(deals) > round_no else rng.getrandbits(64)
    nd = 1 - dealer
    nd_hand, d_hand = tuple(pack[0:6:2]), tuple(pack[1:6:2])
    hands = (nd_hand, d_hand) if nd == 0 else (d_hand, nd_hand)
    # The engine's one positional State: a new round is its hot path (a keyword call of 24
    # fields costs a round 5%).  tests/test_truc_rules.py checks it against _build, by name.
    return tuple.__new__(State, (
        rules, dealer, nd, scores, hands, tuple(pack[6:]), ((), ()), 1, False, None, None,
        False, nd, None, (), round_no, len(history), next_seed, history, last_round,
        origin_seed, origin_deck, first_dealer, start_scores, deals))


def new_game(rules: Rules | None = None, *, seed: int | None = None,
             deck: Sequence[str | Card] | None = None, dealer: int | None = None,
             scores: Sequence[int] = (0, 0), deals: Sequence[DealProof] = ()) -> State:
    """A new match.  ``deck`` (top first) is the first round's pack; later rounds are
    shuffled with ``seed`` (drawn from the OS and kept in the state when not given).
    ``scores`` starts the match at a given score, each below the target (for practice, the
    solver and analysis tools).  ``deals``: the fair deal's proofs (engine/deals.py), the
    first round's and maybe later ones': the match's seed is then the first proof's (a
    ``seed`` given must be it), and round k is shuffled from the k-th proof's seed."""
    rules = rules or Rules()
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be truc.Rules, not {type(rules).__name__}")
    proofs = deal_proofs(deals, seed, deck)
    if proofs:
        seed = proofs[0].seed()
    seed, dealer, rng = start_of(seed, dealer)  # T2: the first dealer drawn unless given
    round_seed = rng.getrandbits(64)
    origin = None if deck is None else parse_pack(deck, "truc")
    start = _start_scores(scores, rules.target)
    return _deal_round(rules, dealer, start, 1, round_seed, (), None, seed, origin, dealer,
                       start, proofs, origin)


def _start_scores(scores: object, target: int) -> tuple[int, int]:
    if (type(scores) is tuple and len(scores) == 2 and type(scores[0]) is int
            and type(scores[1]) is int and 0 <= scores[0] < target and 0 <= scores[1] < target):
        return scores  # the usual case, checked without the abstract Sequence test
    if (not isinstance(scores, Sequence) or isinstance(scores, str) or len(scores) != 2
            or not all(type(x) is int and 0 <= x < target for x in scores)):
        raise ValueError(f"scores must be two integers from 0 to {target - 1} (below the "
                         f"target, T10), not {scores!r}")
    return (scores[0], scores[1])


def determinizer(observation: Observation) -> Callable[[random.Random], State]:
    """A sampler of full states consistent with ``observation`` (parsed once, drawn fast).

    Unseen cards (the opponent's hand and discards, the rest of the pack) are shuffled and
    dealt out again, and the seed of future shuffles is re-drawn.
    """
    o = observation
    rules = Rules.from_dict(o["rules"])
    p = o["player"]
    hand = parse_cards(o["hand"], "truc")
    discarded = parse_cards(o["discarded"], "truc")
    tricks = tuple(Trick(t["leader"], Card.parse(t["cards"][0], "truc"),
                         Card.parse(t["cards"][1], "truc"), t["winner"]) for t in o["tricks"])
    trick_card = None if o["trick_card"] is None else Card.parse(o["trick_card"], "truc")
    seen = set(hand) | set(discarded) | {c for t in tricks for c in (t.lead, t.answer)}
    if trick_card is not None:
        seen.add(trick_card)
    unseen = [c for c in TRUC_32 if c not in seen]
    n_hand, n_disc = o["opponent_hand_size"], o["opponent_discarded"]
    if len(unseen) != n_hand + n_disc + o["stock_size"]:
        raise ValueError("observation is inconsistent: unseen cards do not match the counts")
    history = tuple(parse_action(a) for a in o["history"])
    lr = o["last_round"]
    last_round = None if lr is None else _round_end_from(lr)
    start_scores = tuple(o.get("start_scores", (0, 0)))
    known: dict[str, Any]  # the fields of many types, by name: _build's keywords
    known = dict(rules=rules, dealer=o["dealer"], to_move=o["to_move"],
                 points=tuple(o["scores"]), stake=o["stake"], rest=o["rest"],
                 pending=o["pending"], last_raiser=o["last_raiser"],
                 redeal_used=o["redeal_used"], leader=o["leader"], trick_card=trick_card,
                 tricks=tricks, round_no=o["round"], round_start=o["round_start"],
                 history=history, last_round=last_round, seed=None, deck=None,
                 first_dealer=o["first_dealer"], start_scores=start_scores, deals=())

    # What is known, built by name once; a draw fills in the four hidden fields by name.
    known_state = list(_build(hands=((), ()), stock=(), discards=((), ()), next_seed=0,
                              **known))
    i_hands, i_stock, i_discards, i_seed = (_FIELD_INDEX[f] for f in (
        "hands", "stock", "discards", "next_seed"))

    def sample(rng: random.Random) -> State:
        pool = unseen[:]
        rng.shuffle(pool)
        opp = tuple(pool[:n_hand])
        opp_disc = tuple(pool[n_hand:n_hand + n_disc])
        vals = known_state[:]
        vals[i_hands] = (hand, opp) if p == 0 else (opp, hand)
        vals[i_discards] = (discarded, opp_disc) if p == 0 else (opp_disc, discarded)
        vals[i_stock] = tuple(pool[n_hand + n_disc:])
        vals[i_seed] = rng.getrandbits(64)
        return tuple.__new__(State, vals)

    return sample


def _round_end_from(d: Any) -> RoundEnd:  # JSON as read: a bad one raises KeyError, TypeError
    return RoundEnd(d["round"], d["winner"], d["points"], d["how"], d["game"],
                    tuple(Trick(t["leader"], Card.parse(t["cards"][0], "truc"),
                                Card.parse(t["cards"][1], "truc"), t["winner"])
                          for t in d["tricks"]))


def replay(rules: Rules, actions: Sequence[Action | str], *, seed: int | None = None,
           deck: Sequence[str | Card] | None = None, dealer: int | None = None,
           scores: Sequence[int] = (0, 0), deals: Sequence[DealProof] = ()) -> State:
    """The state after ``actions`` from ``new_game(rules, seed=, deck=, dealer=, scores=,
    deals=)``."""
    return replayed(new_game(rules, seed=seed, deck=deck, dealer=dealer, scores=scores,
                             deals=deals), actions)


def _state_from_dict(d: Mapping[str, object]) -> State:
    d, what = state_dict_of(d, GAME, FORMAT_VERSION)
    try:
        rules = Rules.from_dict(need(d, "rules", dict, what))
        read = CardFields(d, "truc", what)

        def opt_player(key: str) -> int | None:
            v = d.get(key)
            if v not in (0, 1, None) or isinstance(v, bool):
                raise StateError(f"{what}: {key!r} must be 0, 1 or null")
            return v

        dealer = need(d, "dealer", int, what)
        first_dealer = d.get("first_dealer", dealer)
        leader = need(d, "leader", int, what)
        if (dealer not in (0, 1) or first_dealer not in (0, 1) or leader not in (0, 1)
                or isinstance(first_dealer, bool)):
            raise StateError(f"{what}: 'dealer', 'first_dealer' and 'leader' must be 0 or 1")
        to_move, last_raiser = opt_player("to_move"), opt_player("last_raiser")
        raw_scores = need(d, "scores", list, what)
        if len(raw_scores) != 2 or not all(type(x) is int and x >= 0 for x in raw_scores):
            raise StateError(f"{what}: 'scores' must be two non-negative integers")
        scores = (raw_scores[0], raw_scores[1])  # a tuple, as in every other state (equality)
        hands, discards = read.pair("hands"), read.pair("discards")
        stock = read.cards_at("stock")
        stake = need(d, "stake", int, what)
        rest = need(d, "rest", bool, what)
        redeal_used = need(d, "redeal_used", bool, what)
        pending = d.get("pending")
        if pending not in (None, "raise", "rest", "redeal"):
            raise StateError(f"{what}: 'pending' must be raise, rest, redeal or null")
        tc = d.get("trick_card")
        trick_card = None if tc is None else Card.parse(tc, "truc")
        tricks = tuple(_trick_from(t) for t in need(d, "tricks", list, what))
        round_no = need(d, "round", int, what)
        round_start = need(d, "round_start", int, what)
        next_seed = need(d, "next_seed", int, what)
        history = tuple(parse_action(a) for a in need(d, "history", list, what))
        lr = d.get("last_round")
        last_round = None if lr is None else _round_end_from(lr)
        seed = d.get("seed")
        raw_start = d.get("start_scores", [0, 0])
        if (not isinstance(raw_start, list) or len(raw_start) != 2
                or not all(type(x) is int and x >= 0 for x in raw_start)):
            raise StateError(f"{what}: 'start_scores' must be two non-negative integers")
        start_scores = (raw_start[0], raw_start[1])
        origin = read.origin()
        deals = proofs_at(d, what)
    except StateError:
        raise
    except (ValueError, KeyError, TypeError, IndexError) as e:
        raise StateError(f"{what}: {e}") from None
    played = [c for t in tricks for c in (t.lead, t.answer)]
    if trick_card is not None:
        played.append(trick_card)
    everything = (hands[0] + hands[1] + stock + discards[0] + discards[1] + tuple(played))
    if sorted(everything) != sorted(TRUC_32):
        raise StateError(f"{what}: the cards are not one whole 32-card pack, each card once")
    if (stake < 1 or (stake != 1 and stake % 2) or len(tricks) > 3 or round_no < 1
            or not 0 <= round_start <= len(history)):
        raise StateError(f"{what}: impossible stake, trick count or round number")
    if seed is not None and type(seed) is not int:
        raise StateError(f"{what}: 'seed' must be an integer or null")
    try:
        deal_proofs(deals, seed, origin)
    except ValueError as e:
        raise StateError(f"{what}: {e}") from None
    if len(deals) > round_no + 1 or (len(deals) == round_no + 1
                                     and next_seed != deals[-1].seed()):
        raise StateError(f"{what}: 'deals' do not fit the rounds dealt and the next seed")
    target = rules.target
    if (to_move is None) != (max(scores) >= target):
        raise StateError(f"{what}: 'to_move' does not match the scores and target (T10)")
    return _build(
        rules=rules, dealer=dealer, to_move=to_move, points=scores, hands=hands, stock=stock,
        discards=discards, stake=stake, rest=rest, pending=pending, last_raiser=last_raiser,
        redeal_used=redeal_used, leader=leader, trick_card=trick_card, tricks=tricks,
        round_no=round_no, round_start=round_start, next_seed=next_seed, history=history,
        last_round=last_round, seed=seed, deck=origin, first_dealer=first_dealer,
        start_scores=start_scores, deals=deals)


def _trick_from(t: Any) -> Trick:
    winner = t["winner"]
    if winner not in (0, 1, None) or t["leader"] not in (0, 1):
        raise StateError("truc state: a trick's leader/winner must be 0, 1 or null")
    lead, answer = (Card.parse(c, "truc") for c in t["cards"])
    return Trick(t["leader"], lead, answer, winner)
