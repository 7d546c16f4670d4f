"""Cards, suits, the three packs and the T11 card notation.

A card is a small interned ``int`` subclass: cheap to hash and compare (the engines and the
search run on them hundreds of thousands of times a second) while ``str(card)`` gives its
T11 text (RULES.md T11), e.g. ``10H``, ``QS``, Italian ``RB`` or ``1D``.

Two card families exist: the French pack (52 cards; Le Truc uses the 32 of them from 7 up)
and the Italian pack (40 cards).  Ranks only matter in Le Truc (T1); in Trufludo only the
suit does (F1).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, Literal

from truf_tui.i18n import register, tr_in

PackName = Literal["french", "italian", "truc"]

FRENCH_SUITS: Final = ("S", "H", "D", "C")
FRENCH_RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
ITALIAN_SUITS: Final = ("C", "D", "S", "B")
ITALIAN_RANKS: Final = ("1", "2", "3", "4", "5", "6", "7", "F", "C", "R")
TRUC_RANKS: Final = ("9", "10", "J", "Q", "K", "A", "8", "7")  # low to high (T1)

# Card ids: French 0..51 (suit * 13 + rank), Italian 64..103 (64 + suit * 10 + rank).
_ITALIAN_BASE: Final = 64

# The suits' names, the ``cards`` area of :mod:`truf_tui.i18n` (``suit.<family>.<letter>``).
STRINGS: Final[dict[str, dict[str, str]]] = {
    "suit.french.s": {"en": "spades", "eo": "pikoj"},
    "suit.french.h": {"en": "hearts", "eo": "keroj"},
    "suit.french.d": {"en": "diamonds", "eo": "karooj"},
    "suit.french.c": {"en": "clubs", "eo": "trefoj"},
    "suit.italian.c": {"en": "cups", "eo": "kupoj"},
    "suit.italian.d": {"en": "coins", "eo": "moneroj"},
    "suit.italian.s": {"en": "swords", "eo": "glavoj"},
    "suit.italian.b": {"en": "batons", "eo": "bastonoj"},
}
register("cards", {"suits": STRINGS})

# Symbols differ in shape as well as colour, so colour never carries meaning alone.
SUIT_SYMBOLS: Final[dict[tuple[str, str], str]] = {
    ("french", "S"): "♠",
    ("french", "H"): "♥",
    ("french", "D"): "♦",
    ("french", "C"): "♣",
    ("italian", "C"): "∪",
    ("italian", "D"): "●",
    ("italian", "S"): "†",
    ("italian", "B"): "Ɨ",  # a knotted baton: "╽" read as a text cursor
}
RED_SUITS: Final = frozenset({("french", "H"), ("french", "D"), ("italian", "C"), ("italian", "D")})


class Card(int):
    """One card.  Instances are interned: use :meth:`parse` or the pack tuples."""

    __slots__ = ()

    @property
    def family(self) -> Literal["french", "italian"]:
        return "italian" if self >= _ITALIAN_BASE else "french"

    @property
    def suit(self) -> str:
        """The suit letter (S H D C, or Italian C D S B)."""
        return _SUIT[self]

    @property
    def rank(self) -> str:
        """The rank text (A 2 … 10 J Q K, or Italian 1 … 7 F C R)."""
        return _RANK[self]

    @property
    def suit_index(self) -> int:
        """0..3: the suit as a small int (fast paths use this)."""
        return _SUIT_INDEX[self]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[(self.family, self.suit)]

    @property
    def is_red(self) -> bool:
        return (self.family, self.suit) in RED_SUITS

    def suit_name(self, lang: str = "en") -> str:
        return tr_in(lang, f"suit.{self.family}.{self.suit.lower()}")

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card({_TEXT[self]!r})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (_card_by_id, (int(self),))

    @staticmethod
    def parse(text: object, pack: PackName = "french") -> Card:
        """The card written ``text`` (T11) in ``pack``; ``ValueError`` if it is not one."""
        if not isinstance(text, str):
            raise ValueError(f"a card is written as text such as '10H', not {text!r}")
        key = text.strip().upper()
        card = _PARSE[_family_of(pack)].get(key)
        if card is None or (pack == "truc" and card not in TRUC_SET):
            raise ValueError(f"{text!r} is not a card of the {pack} pack ({_pack_hint(pack)})")
        return card


def _family_of(pack: str) -> Literal["french", "italian"]:
    if pack in ("french", "truc"):
        return "french"
    if pack == "italian":
        return "italian"
    raise ValueError(f"unknown pack {pack!r}: expected 'french', 'italian' or 'truc'")


def _pack_hint(pack: str) -> str:
    if pack == "italian":
        return "ranks 1-7 F C R, suits C D S B, e.g. 'RB' or '1D'"
    if pack == "truc":
        return "ranks 7 8 9 10 J Q K A, suits S H D C, e.g. '10H' or 'QS'"
    return "ranks A 2-10 J Q K, suits S H D C, e.g. '10H' or 'QS'"


_SUIT: dict[int, str] = {}
_RANK: dict[int, str] = {}
_TEXT: dict[int, str] = {}
_SUIT_INDEX: dict[int, int] = {}
_BY_ID: dict[int, Card] = {}
_PARSE: dict[str, dict[str, Card]] = {"french": {}, "italian": {}}


def _make(family: Literal["french", "italian"], base: int, suits: Sequence[str],
          ranks: Sequence[str]) -> tuple[Card, ...]:
    cards = []
    for si, s in enumerate(suits):
        for ri, r in enumerate(ranks):
            c = Card(base + si * len(ranks) + ri)
            _SUIT[c], _RANK[c], _TEXT[c], _SUIT_INDEX[c] = s, r, r + s, si
            _BY_ID[int(c)] = c
            _PARSE[family][r + s] = c
            cards.append(c)
    return tuple(cards)


FRENCH_52: Final[tuple[Card, ...]] = _make("french", 0, FRENCH_SUITS, FRENCH_RANKS)
ITALIAN_40: Final[tuple[Card, ...]] = _make("italian", _ITALIAN_BASE, ITALIAN_SUITS,
                                            ITALIAN_RANKS)
TRUC_32: Final[tuple[Card, ...]] = tuple(c for c in FRENCH_52 if c.rank in TRUC_RANKS)
TRUC_SET: Final = frozenset(TRUC_32)
# T1: strength of a Truc card, 0 (9) .. 7 (7).
TRUC_STRENGTH: Final[dict[Card, int]] = {c: TRUC_RANKS.index(c.rank) for c in TRUC_32}

PACKS: Final[dict[str, tuple[Card, ...]]] = {
    "french": FRENCH_52,
    "italian": ITALIAN_40,
    "truc": TRUC_32,
}


def _card_by_id(i: int) -> Card:
    return _BY_ID[i]


def pack(name: PackName) -> tuple[Card, ...]:
    """The full pack ``name`` in a fixed order (suit by suit)."""
    try:
        return PACKS[name]
    except KeyError:
        raise ValueError(f"unknown pack {name!r}: expected 'french', 'italian' or 'truc'") from None


def parse_cards(texts: Iterable[str | Card], pack_name: PackName) -> tuple[Card, ...]:
    """Cards from T11 texts (cards already parsed are checked against the pack)."""
    out = []
    for t in texts:
        if isinstance(t, Card):
            t = str(t)
        out.append(Card.parse(t, pack_name))
    return tuple(out)


def parse_pack(texts: Sequence[str | Card], pack_name: PackName) -> tuple[Card, ...]:
    """An explicit pack, top first: it must be a permutation of ``pack_name``."""
    if isinstance(texts, str):
        raise ValueError("deck must be a list of card texts, not one string")
    cards = parse_cards(texts, pack_name)
    full = PACKS[pack_name]
    if len(cards) != len(full) or set(cards) != set(full):
        missing = sorted(set(full) - set(cards))
        counts: dict[Card, int] = {}
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        doubled = [c for c, n in counts.items() if n > 1]
        detail = []
        if missing:
            detail.append("missing " + " ".join(map(str, missing)))
        if doubled:
            detail.append("repeated " + " ".join(map(str, doubled)))
        raise ValueError(
            f"deck must be a permutation of the {len(full)}-card {pack_name} pack "
            f"(got {len(cards)} cards; {'; '.join(detail) or 'wrong cards'})"
        )
    return cards


def texts(cards: Iterable[Card]) -> list[str]:
    """T11 texts of ``cards`` (for JSON)."""
    return [_TEXT[c] for c in cards]
