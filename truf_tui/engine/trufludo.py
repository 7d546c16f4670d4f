"""Trufludo: the rules of RULES.md F1-F12 as an immutable state.

Moves are ``play <card>`` (a throw, F6) and ``play <card> take <card>`` (a capture, F5).
The only chance is the shuffle in :func:`new_game`; deals (F2, F3) take cards from the
stock in order, so a game is a pure function of its rules, pack, dealer and moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from functools import partial
from typing import Any, Final, Literal, NamedTuple, TypedDict, get_args

from truf_tui.cards import PACKS, Card, parse_cards, parse_pack, texts
from truf_tui.engine.common import (
    CardFields,
    IllegalActionError,
    IllegalReason,
    RuleValue,
    StateError,
    T,
    check_choice,
    deal_proofs,
    need,
    proofs_at,
    replayed,
    rules_kwargs,
    start_of,
    state_dict_of,
)
from truf_tui.engine.deals import DealProof

GAME: Final = "trufludo"
FORMAT_VERSION = 1


Deck = Literal["french", "italian"]
Leftover = Literal["none", "last_capturer"]
# Each variant's allowed values (F1, F5, F10): checked here, offered by the new-game dialog.
CHOICES: dict[str, tuple[object, ...]] = {
    "deck": get_args(Deck), "forced_capture": (True, False), "leftover": get_args(Leftover),
}


@dataclass(frozen=True)
class Rules:
    """Trufludo variants (RULES.md F1, F5, F10)."""

    deck: Deck = "french"  # F1
    forced_capture: bool = True  # F5
    leftover: Leftover = "none"  # F10

    def __post_init__(self) -> None:
        for option, allowed in CHOICES.items():
            check_choice(option, getattr(self, option), allowed)

    def to_dict(self) -> dict[str, RuleValue]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: Mapping[str, object]) -> Rules:
        return cls(**rules_kwargs(d, ("deck", "forced_capture", "leftover"), GAME))


class Illegal(IllegalReason):
    """Why a Trufludo move is not legal now (``IllegalActionError.reason``), with the rule
    that says so."""

    NOT_AN_ACTION = ("not_an_action", "T11")
    GAME_OVER = ("game_over", "F10")
    NOT_IN_HAND = ("not_in_hand", "F4")
    MUST_CAPTURE = ("must_capture", "F5")  # forced_capture: a table card has its suit
    NOT_ON_TABLE = ("not_on_table", "F5")
    OTHER_SUIT = ("other_suit", "F5")  # the card taken is not of the played card's suit


class Observation(TypedDict):
    """``State.observation(p)``: what player ``p`` has seen (ENGINE_API.md), cards as T11 text."""

    game: Literal["trufludo"]
    rules: dict[str, RuleValue]  # Rules.to_dict()
    player: int
    dealer: int
    to_move: int | None
    hand: list[str]
    opponent_hand_size: int
    stock_size: int
    table: list[str]
    piles: list[list[str]]  # [0's pile, 1's pile]
    trufegoj: list[list[str]]
    last_capturer: int | None
    history: list[str]  # action texts since the start
    scores: list[int]
    terminal: bool


class Play(NamedTuple):
    """Play ``card`` from the hand; ``take`` is the table card it captures (F5), if any."""

    card: Card
    take: Card | None = None

    def __str__(self) -> str:
        if self.take is None:
            return f"play {self.card}"
        return f"play {self.card} take {self.take}"


_PLAYS: dict[tuple[Card, Card | None], Play] = {}


def play(card: Card, take: Card | None = None) -> Play:
    """The (interned) action playing ``card``, capturing ``take``."""
    key = (card, take)
    a = _PLAYS.get(key)
    if a is None:
        a = _PLAYS[key] = Play(card, take)
    return a


def parse_action(text: str, rules: Rules | None = None) -> Play:
    """``play 8D`` / ``play 8D take 4D`` (T11) as an action; ``ValueError`` if malformed."""
    deck = (rules or Rules()).deck
    if not isinstance(text, str):
        raise IllegalActionError(f"an action is a Play or its text, not {text!r}",
                                 reason=Illegal.NOT_AN_ACTION)
    words = text.split()
    try:
        if len(words) == 2 and words[0].lower() == "play":
            return play(Card.parse(words[1], deck))
        if len(words) == 4 and words[0].lower() == "play" and words[2].lower() == "take":
            return play(Card.parse(words[1], deck), Card.parse(words[3], deck))
    except ValueError as e:
        raise IllegalActionError(f"{text!r}: {e}", reason=Illegal.NOT_AN_ACTION) from None
    raise IllegalActionError(
        f"{text!r} is not a Trufludo move: write 'play <card>' or 'play <card> take <card>'",
        reason=Illegal.NOT_AN_ACTION)


# The suit of a card as a small int, indexed by the card's id (fast path of F5).
_SUIT_OF: list[int] = [-1] * 128
for _c in PACKS["french"] + PACKS["italian"]:
    _SUIT_OF[_c] = _c.suit_index


def legal_plays(hand: Sequence[Card], table: Sequence[Card], forced_capture: bool) -> list[Play]:
    """F5/F6: the moves of a player holding ``hand``: each capture of a table card of the
    played card's suit, and a throw of each card that cannot capture (of every card, when
    ``forced_capture`` is off); in the order of the hand, then of the table."""
    out: list[Play] = []
    for c in hand:
        s = _SUIT_OF[c]
        took = False
        for t in table:
            if _SUIT_OF[t] == s:
                out.append(play(c, t))
                took = True
        if not (took and forced_capture):
            out.append(play(c))
    return out


# A State is made by name with _build; only the hot path (apply_unchecked) passes these
# fields by position, through _positional (under State), checked by the tests.
class _Fields(NamedTuple):
    rules: Rules
    dealer: int
    to_move: int | None
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    stock: tuple[Card, ...]
    table: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], tuple[Card, ...]]
    trufegoj: tuple[tuple[Card, ...], tuple[Card, ...]]
    last_capturer: int | None
    history: tuple[Play, ...]
    seed: int | None  # where the game came from (None in a determinized state)
    deck: tuple[Card, ...] | None  # the explicit pack it was dealt from, if one was given
    # The fair deal's proof of the one shuffle (engine/deals.py), or none: a game dealt from
    # its seed alone, or a determinized state.
    deals: tuple[DealProof, ...]


def _build(*, rules: Rules, dealer: int, to_move: int | None,
           hands: tuple[tuple[Card, ...], tuple[Card, ...]], stock: tuple[Card, ...],
           table: tuple[Card, ...], piles: tuple[tuple[Card, ...], tuple[Card, ...]],
           trufegoj: tuple[tuple[Card, ...], tuple[Card, ...]], last_capturer: int | None,
           history: tuple[Play, ...], seed: int | None, deck: tuple[Card, ...] | None,
           deals: tuple[DealProof, ...]) -> State:
    """A state from every field by name, so that a field-order mistake cannot pass."""
    return _positional((rules, dealer, to_move, hands, stock, table, piles, trufegoj,
                        last_capturer, history, seed, deck, deals))


class State(_Fields):
    """An immutable Trufludo position.  Make one with :func:`new_game`."""

    __slots__ = ()

    # -- the ENGINE_API surface -------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.to_move

    def legal_actions(self) -> list[Play]:
        p = self.to_move
        if p is None:
            return []
        return legal_plays(self.hands[p], self.table, self.rules.forced_capture)

    def apply(self, action: Play | str) -> State:
        if type(action) is not Play:
            action = self._coerce(action)
        p = self.to_move
        if p is None:
            raise IllegalActionError("the game is over: no move can be played",
                                     reason=Illegal.GAME_OVER)
        card, take = action
        if type(card) is not Card or (take is not None and type(take) is not Card):
            action = self._coerce(str(action))  # e.g. Play(5): not a card of this pack
            card, take = action
        hand = self.hands[p]
        if card not in hand:
            raise IllegalActionError(f"{action}: {card} is not in your hand",
                                     self.legal_actions(), Illegal.NOT_IN_HAND)
        table = self.table
        s = _SUIT_OF[card]
        if take is None:
            if self.rules.forced_capture and any(_SUIT_OF[t] == s for t in table):
                raise IllegalActionError(
                    f"{action}: a table card has the suit of {card}, so you must take one (F5)",
                    self.legal_actions(), Illegal.MUST_CAPTURE)
        elif take not in table:
            raise IllegalActionError(f"{action}: {take} is not on the table",
                                     self.legal_actions(), Illegal.NOT_ON_TABLE)
        elif _SUIT_OF[take] != s:
            raise IllegalActionError(
                f"{action}: {take} is not of the suit of {card}; only the suit counts (F5)",
                self.legal_actions(), Illegal.OTHER_SUIT)
        return self.apply_unchecked(action)

    def initial(self) -> State:
        """The state this game started from: replaying ``history`` from it gives this one
        back (for a state with a seed or an explicit pack, not a determinized one)."""
        return new_game(self.rules, seed=self.seed, deck=self.deck, dealer=self.dealer,
                        deals=self.deals)

    def shuffles_on(self, action: Play | str) -> bool:
        """Does ``action`` shuffle?  Never: the pack is shuffled once, before the first deal
        (F2), and every later deal takes the stock in order (F3).  ``IllegalActionError``
        if the action is not legal here (as Le Truc's, so a server asks both alike)."""
        self.apply(action)
        return False

    def shuffles(self) -> int:
        """How many shuffles have dealt this game: one (F2), none from an explicit pack."""
        return 0 if self.deck is not None else 1

    def is_terminal(self) -> bool:
        return self.to_move is None

    def scores(self) -> tuple[int, int]:
        # F11: every card in the pile counts 1, a trufego 2 in all.
        piles, tg = self.piles, self.trufegoj
        return (len(piles[0]) + len(tg[0]), len(piles[1]) + len(tg[1]))

    def returns(self) -> tuple[float, float]:
        if self.to_move is not None:
            return (0.0, 0.0)
        a, b = self.scores()
        if a > b:
            return (1.0, -1.0)
        if b > a:
            return (-1.0, 1.0)
        return (0.0, 0.0)

    def winner(self) -> int | None:
        """0 or 1 once the game is over and not drawn, else None."""
        r = self.returns()
        return 0 if r[0] > 0 else 1 if r[1] > 0 else None

    # -- the move itself ---------------------------------------------------------------------
    def apply_unchecked(self, action: Play) -> State:
        """The next state after ``action``, which must be one of this state's
        ``legal_actions()``: nothing is checked or converted.  The search's fast path (its
        moves come from ``legal_actions``); everyone else calls :meth:`apply`."""
        p = self.to_move
        assert p is not None
        card, take = action
        hands = self.hands
        hand = hands[p]
        i = hand.index(card)
        hand = hand[:i] + hand[i + 1 :]
        table = self.table
        piles = self.piles
        trufegoj = self.trufegoj
        last_capturer = self.last_capturer
        nxt = 1 - p
        if take is None:
            table = table + (card,)  # F6
        else:
            if len(table) == 1:  # F7: the last table card is a trufego; F8: p moves again
                trufegoj = _with(trufegoj, p, trufegoj[p] + (take,))
                nxt = p
                table = ()
            else:
                j = table.index(take)
                table = table[:j] + table[j + 1 :]
            piles = _with(piles, p, piles[p] + (card, take))
            last_capturer = p
        hands = (hand, hands[1]) if p == 0 else (hands[0], hand)
        stock = self.stock
        to_move: int | None = nxt
        if not hands[0] and not hands[1]:
            if stock:  # F3 / F9: the dealer deals again; play goes on with the next by F8
                d = self.dealer
                a, b = stock[:3], stock[3:6]
                hands = (b, a) if d == 0 else (a, b)
                stock = stock[6:]
            else:  # F10: the game is over
                to_move = None
                if self.rules.leftover == "last_capturer" and last_capturer is not None and table:
                    piles = _with(piles, last_capturer, piles[last_capturer] + table)
                    table = ()
        return _positional((self.rules, self.dealer, to_move, hands, stock, table, piles,
                            trufegoj, last_capturer, self.history + (action,), self.seed,
                            self.deck, self.deals))

    def _coerce(self, action: object) -> Play:
        if isinstance(action, str):
            return parse_action(action, self.rules)
        if isinstance(action, Play):  # e.g. a Play rebuilt from a plain tuple
            return play(action.card, action.take)
        raise IllegalActionError(f"{action!r} is not a Trufludo action", self.legal_actions(),
                                 Illegal.NOT_AN_ACTION)

    # -- what a player sees ------------------------------------------------------------------
    def observation(self, p: int) -> Observation:
        """Everything player ``p`` has seen, and nothing else (JSON-compatible)."""
        if p not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {p!r}")
        return {
            "game": GAME,
            "rules": self.rules.to_dict(),
            "player": p,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "hand": texts(self.hands[p]),
            "opponent_hand_size": len(self.hands[1 - p]),
            "stock_size": len(self.stock),
            "table": texts(self.table),
            # Piles are face down, but every card in them was seen when it was played.
            "piles": [texts(self.piles[0]), texts(self.piles[1])],
            "trufegoj": [texts(self.trufegoj[0]), texts(self.trufegoj[1])],
            "last_capturer": self.last_capturer,
            "history": [str(a) for a in self.history],
            "scores": list(self.scores()),
            "terminal": self.to_move is None,
        }

    def determinize(self, p: int, rng: random.Random) -> State:
        """A state with the same ``observation(p)``; the hidden cards re-drawn from ``rng``."""
        return determinizer(self.observation(p))(rng)

    # -- serialisation -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        return {
            "game": GAME,
            "format": FORMAT_VERSION,
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "to_move": self.to_move,
            "hands": [texts(self.hands[0]), texts(self.hands[1])],
            "stock": texts(self.stock),
            "table": texts(self.table),
            "piles": [texts(self.piles[0]), texts(self.piles[1])],
            "trufegoj": [texts(self.trufegoj[0]), texts(self.trufegoj[1])],
            "last_capturer": self.last_capturer,
            "scores": list(self.scores()),
            "history": [str(a) for a in self.history],
            "seed": self.seed,
            "deck": None if self.deck is None else texts(self.deck),
            "deals": [p.to_dict() for p in self.deals],
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, object]) -> State:
        """The state ``to_dict`` described; ``StateError`` (a ValueError) if it is not valid."""
        return _state_from_dict(d)

    def __repr__(self) -> str:
        return (f"<trufludo.State to_move={self.to_move} hands={_t(self.hands[0])}|"
                f"{_t(self.hands[1])} table={_t(self.table)} stock={len(self.stock)} "
                f"scores={self.scores()}>")

    def __str__(self) -> str:
        return repr(self)


# The one positional constructor, the fields in ``_Fields`` order: the hot path
# (``apply_unchecked``, every move of every rollout) calls it, as a keyword call there
# (:func:`_build`) cost 4% of the engine's games per second.  Everyone else calls
# ``_build``; tests check the two agree and the fields ``apply_unchecked`` sets.
_positional: Callable[[tuple[Any, ...]], State] = partial(tuple.__new__, State)


def _t(cards: Sequence[Card]) -> str:
    return "[" + " ".join(map(str, cards)) + "]"


def _with(pair: tuple[T, T], i: int, v: T) -> tuple[T, T]:
    return (v, pair[1]) if i == 0 else (pair[0], v)


def new_game(rules: Rules | None = None, *, seed: int | None = None,
             deck: Sequence[str | Card] | None = None, dealer: int | None = None,
             deals: Sequence[DealProof] = ()) -> State:
    """A new game: shuffled by ``seed`` or dealt from the explicit ``deck`` (top first).

    The dealer is ``dealer`` if given, else drawn from the seed (F2).  With no seed one is
    drawn from the OS and kept in the state, so the game can be replayed.  ``deals``: the
    fair deal's proof of the shuffle (engine/deals.py), whose seed is then the game's (a
    ``seed`` given must be it).
    """
    rules = rules or Rules()
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be trufludo.Rules, not {type(rules).__name__}")
    proofs = deal_proofs(deals, seed, deck)
    if len(proofs) > 1:
        raise ValueError("a Trufludo game is shuffled once (F2): one deal proof at most")
    if proofs:
        seed = proofs[0].seed()
    seed, dealer, rng = start_of(seed, dealer)  # F2: the dealer drawn unless given
    origin: tuple[Card, ...] | None = None
    if deck is not None:
        cards = origin = parse_pack(deck, rules.deck)
    else:
        shuffled = list(PACKS[rules.deck])
        rng.shuffle(shuffled)
        cards = tuple(shuffled)
    # F2: 3 to the non-dealer, 3 to the dealer, 4 face up on the table; F4: non-dealer first.
    nd = 1 - dealer
    hands = (cards[0:3], cards[3:6]) if nd == 0 else (cards[3:6], cards[0:3])
    return _build(rules=rules, dealer=dealer, to_move=nd, hands=hands, stock=cards[10:],
                  table=cards[6:10], piles=((), ()), trufegoj=((), ()), last_capturer=None,
                  history=(), seed=seed, deck=origin, deals=proofs)


def determinizer(observation: Observation) -> Callable[[random.Random], State]:
    """A sampler of full states consistent with ``observation`` (parsed once, drawn fast).

    The unseen cards (the opponent's hand and the stock) are shuffled and dealt out again.
    """
    rules = Rules.from_dict(observation["rules"])
    p = observation["player"]
    deck = rules.deck
    hand = parse_cards(observation["hand"], deck)
    table = parse_cards(observation["table"], deck)
    piles = (parse_cards(observation["piles"][0], deck), parse_cards(observation["piles"][1], deck))
    trufegoj = (parse_cards(observation["trufegoj"][0], deck),
                parse_cards(observation["trufegoj"][1], deck))
    history = tuple(parse_action(a, rules) for a in observation["history"])
    seen = set(hand) | set(table) | set(piles[0]) | set(piles[1])
    unseen = [c for c in PACKS[deck] if c not in seen]
    n_opp = observation["opponent_hand_size"]
    if len(unseen) != n_opp + observation["stock_size"]:
        raise ValueError("observation is inconsistent: unseen cards do not match the counts")
    dealer, to_move = observation["dealer"], observation["to_move"]
    last_capturer = observation["last_capturer"]

    def sample(rng: random.Random) -> State:
        pool = unseen[:]
        rng.shuffle(pool)
        opp = tuple(pool[:n_opp])
        hands = (hand, opp) if p == 0 else (opp, hand)
        return _build(rules=rules, dealer=dealer, to_move=to_move, hands=hands,
                      stock=tuple(pool[n_opp:]), table=table, piles=piles, trufegoj=trufegoj,
                      last_capturer=last_capturer, history=history, seed=None, deck=None,
                      deals=())

    return sample


def replay(rules: Rules, actions: Sequence[Play | str], *, seed: int | None = None,
           deck: Sequence[str | Card] | None = None, dealer: int | None = None,
           deals: Sequence[DealProof] = ()) -> State:
    """The state after ``actions`` from ``new_game(rules, seed=, deck=, dealer=, deals=)``."""
    return replayed(new_game(rules, seed=seed, deck=deck, dealer=dealer, deals=deals), actions)


def _state_from_dict(d: Mapping[str, object]) -> State:
    d, what = state_dict_of(d, GAME, FORMAT_VERSION)
    try:
        rules = Rules.from_dict(need(d, "rules", dict, what))
        deck = rules.deck
        read = CardFields(d, deck, what)

        dealer = need(d, "dealer", int, what)
        to_move = d.get("to_move")
        if dealer not in (0, 1) or to_move not in (0, 1, None) or isinstance(to_move, bool):
            raise StateError(f"{what}: 'dealer' and 'to_move' must be 0 or 1")
        hands, piles, trufegoj = read.pair("hands"), read.pair("piles"), read.pair("trufegoj")
        stock, table = read.cards_at("stock"), read.cards_at("table")
        last_capturer = d.get("last_capturer")
        history = tuple(parse_action(a, rules) for a in need(d, "history", list, what))
        seed = d.get("seed")
        origin = read.origin()
        deals = proofs_at(d, what)
    except IllegalActionError as e:
        raise StateError(f"{what}: bad history entry: {e}") from None
    except StateError:
        raise
    except (ValueError, TypeError) as e:  # TypeError: e.g. a number where a list belongs
        raise StateError(f"{what}: {e}") from None
    if (last_capturer not in (0, 1, None) or isinstance(last_capturer, bool)
            or (seed is not None and type(seed) is not int)):
        raise StateError(f"{what}: bad 'last_capturer' or 'seed'")
    try:
        if len(deal_proofs(deals, seed, origin)) > 1:
            raise StateError(f"{what}: a Trufludo game is shuffled once: one deal proof at most")
    except ValueError as e:
        raise StateError(f"{what}: {e}") from None
    everything = hands[0] + hands[1] + stock + table + piles[0] + piles[1]
    if sorted(everything) != sorted(PACKS[deck]):
        raise StateError(f"{what}: the cards are not one whole {deck} pack, each card once")
    for i in (0, 1):
        if not set(trufegoj[i]) <= set(piles[i]):
            raise StateError(f"{what}: a trufego of player {i} is not in that player's pile")
        if len(set(trufegoj[i])) != len(trufegoj[i]):
            raise StateError(f"{what}: a trufego of player {i} is listed twice")
    if (to_move is None) != (not hands[0] and not hands[1] and not stock):
        raise StateError(f"{what}: 'to_move' does not match the cards left to play")
    if to_move is not None and not hands[to_move]:
        raise StateError(f"{what}: the player to move has no card")
    want = [len(piles[i]) + len(trufegoj[i]) for i in (0, 1)]
    if "scores" in d and (not isinstance(d["scores"], list | tuple) or list(d["scores"]) != want):
        raise StateError(f"{what}: 'scores' do not match the piles (F11)")
    return _build(rules=rules, dealer=dealer, to_move=to_move, hands=hands, stock=stock,
                  table=table, piles=piles, trufegoj=trufegoj, last_capturer=last_capturer,
                  history=history, seed=seed, deck=origin, deals=deals)
