"""Cards, the three packs and the T11 card notation (truf_tui.cards)."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from truf_tui import cards
from truf_tui.cards import (
    FRENCH_52,
    ITALIAN_40,
    TRUC_32,
    TRUC_STRENGTH,
    Card,
    pack,
    parse_cards,
    parse_pack,
    texts,
)

PACK_NAMES = ("french", "italian", "truc")
SIZES = {"french": 52, "italian": 40, "truc": 32}


# -- the packs ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", PACK_NAMES)
def test_pack_sizes_and_no_duplicates(name: str) -> None:
    p = pack(name)  # type: ignore[arg-type]
    assert len(p) == SIZES[name]
    assert len(set(p)) == len(p)
    assert len({str(c) for c in p}) == len(p)
    assert all(isinstance(c, Card) for c in p)


def test_pack_contents_french() -> None:
    want = {r + s for s in "SHDC" for r in
            ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")}
    assert {str(c) for c in FRENCH_52} == want


def test_pack_contents_italian() -> None:
    want = {r + s for s in "CDSB" for r in ("1", "2", "3", "4", "5", "6", "7", "F", "C", "R")}
    assert {str(c) for c in ITALIAN_40} == want


def test_pack_contents_truc_is_french_without_2_to_6() -> None:
    want = {r + s for s in "SHDC" for r in ("7", "8", "9", "10", "J", "Q", "K", "A")}
    assert {str(c) for c in TRUC_32} == want
    assert set(TRUC_32) <= set(FRENCH_52)
    assert not any(c.rank in ("2", "3", "4", "5", "6") for c in TRUC_32)


def test_packs_suits_have_equal_size() -> None:
    for name, per_suit in (("french", 13), ("italian", 10), ("truc", 8)):
        by_suit: dict[str, int] = {}
        for c in pack(name):  # type: ignore[arg-type]
            by_suit[c.suit] = by_suit.get(c.suit, 0) + 1
        assert sorted(by_suit) == sorted("SHDC" if name != "italian" else "CDSB")
        assert set(by_suit.values()) == {per_suit}


def test_french_and_italian_cards_are_distinct_values() -> None:
    # Italian "CC" (cavallo of cups) and a French card never compare equal.
    assert not set(FRENCH_52) & set(ITALIAN_40)
    assert all(c.family == "french" for c in FRENCH_52)
    assert all(c.family == "italian" for c in ITALIAN_40)


def test_unknown_pack_name() -> None:
    with pytest.raises(ValueError, match="unknown pack"):
        pack("spanish")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown pack"):
        Card.parse("AS", "tarot")  # type: ignore[arg-type]


# -- parsing, both ways -------------------------------------------------------------------------
@pytest.mark.parametrize("name", PACK_NAMES)
def test_parse_str_round_trip_whole_pack(name: str) -> None:
    for c in pack(name):  # type: ignore[arg-type]
        text = str(c)
        assert Card.parse(text, name) is c  # type: ignore[arg-type]
        assert Card.parse(text.lower(), name) is c  # type: ignore[arg-type]
        assert Card.parse(f"  {text} ", name) is c  # type: ignore[arg-type]
        assert text == c.rank + c.suit


@pytest.mark.parametrize(("text", "rank", "suit", "name"), [
    ("RB", "R", "B", "batons"),
    ("CC", "C", "C", "cups"),
    ("1D", "1", "D", "coins"),
    ("FS", "F", "S", "swords"),
    ("7C", "7", "C", "cups"),
])
def test_parse_italian_notation(text: str, rank: str, suit: str, name: str) -> None:
    c = Card.parse(text, "italian")
    assert (c.rank, c.suit, str(c)) == (rank, suit, text)
    assert c.suit_name() == name
    assert c.family == "italian"


@pytest.mark.parametrize(("text", "rank", "suit"), [
    ("10H", "10", "H"), ("QS", "Q", "S"), ("7C", "7", "C"), ("AD", "A", "D"), ("2S", "2", "S"),
])
def test_parse_french_notation(text: str, rank: str, suit: str) -> None:
    c = Card.parse(text)  # french is the default pack
    assert (c.rank, c.suit, str(c)) == (rank, suit, text)
    assert repr(c) == f"Card({text!r})"


def test_parse_case_and_spaces() -> None:
    assert Card.parse("10h") is Card.parse("10H")
    assert Card.parse(" qs\t") is Card.parse("QS")
    assert Card.parse("rb", "italian") is Card.parse("RB", "italian")
    assert Card.parse("cc", "italian") is Card.parse("CC", "italian")
    assert Card.parse("\n1d ", "italian") is Card.parse("1D", "italian")
    assert Card.parse("7c", "truc") is Card.parse("7C", "french")


def test_truc_cards_are_the_french_cards() -> None:
    for c in TRUC_32:
        assert Card.parse(str(c), "truc") is Card.parse(str(c), "french")


@pytest.mark.parametrize(("text", "name"), [
    ("1H", "french"),       # the French ace is A
    ("11H", "french"),
    ("0S", "french"),
    ("RB", "french"),       # Italian only
    ("AS", "italian"),      # no aces in the Italian pack
    ("10C", "italian"),
    ("KH", "italian"),
    ("8C", "italian"),
    ("2S", "truc"),         # Le Truc has no 2..6
    ("6H", "truc"),
    ("5D", "truc"),
    ("XX", "french"),
    ("XX", "italian"),
    ("XX", "truc"),
    ("", "french"),
    ("   ", "italian"),
    ("10", "french"),
    ("H", "french"),
    ("10 H", "french"),
    ("H10", "french"),
    ("AS AS", "french"),
    ("1D1D", "italian"),
])
def test_parse_rejects_non_cards(text: str, name: str) -> None:
    with pytest.raises(ValueError) as e:
        Card.parse(text, name)  # type: ignore[arg-type]
    msg = str(e.value)
    assert repr(text) in msg
    assert name in msg
    assert "e.g." in msg  # says how a card is written


@pytest.mark.parametrize("bad", [None, 10, 1.5, b"AS", ["AS"], ("A", "S"), {"AS": 1}])
def test_parse_rejects_non_str(bad: Any) -> None:
    with pytest.raises(ValueError, match="a card is written as text"):
        Card.parse(bad)


def test_parse_rejects_card_object_of_wrong_text_type() -> None:
    # A Card is an int subclass: Card.parse wants its text, parse_cards accepts Cards.
    c = Card.parse("AS")
    with pytest.raises(ValueError):
        Card.parse(c)
    assert parse_cards([c, "KH"], "french") == (c, Card.parse("KH"))


def test_parse_cards_checks_the_pack() -> None:
    with pytest.raises(ValueError, match="truc"):
        parse_cards([Card.parse("2S")], "truc")
    with pytest.raises(ValueError, match="italian"):
        parse_cards([Card.parse("AS")], "italian")


# -- card properties ----------------------------------------------------------------------------
def test_suit_names_and_symbols() -> None:
    assert Card.parse("AS").suit_name() == "spades"
    assert Card.parse("AS").suit_name("eo") == "pikoj"
    assert Card.parse("KH").suit_name("eo") == "keroj"
    assert Card.parse("QD").suit_name("eo") == "karooj"
    assert Card.parse("JC").suit_name("eo") == "trefoj"
    assert Card.parse("RB", "italian").suit_name("eo") == "bastonoj"
    assert Card.parse("1C", "italian").suit_name("eo") == "kupoj"
    assert Card.parse("1D", "italian").suit_name("eo") == "moneroj"
    assert Card.parse("1S", "italian").suit_name("eo") == "glavoj"
    symbols = {c.symbol for c in FRENCH_52} | {c.symbol for c in ITALIAN_40}
    assert len(symbols) == 8  # every suit of both families has its own shape
    assert Card.parse("KH").is_red and Card.parse("KD").is_red
    assert not Card.parse("KS").is_red and not Card.parse("KC").is_red


def test_suit_index_groups_suits() -> None:
    for p in (FRENCH_52, ITALIAN_40):
        for a in p:
            for b in p:
                assert (a.suit_index == b.suit_index) == (a.suit == b.suit)


def test_cards_pickle_to_the_interned_card() -> None:
    for c in (Card.parse("10H"), Card.parse("RB", "italian")):
        assert pickle.loads(pickle.dumps(c)) is c


def test_texts() -> None:
    assert texts(parse_cards(["10H", "QS", "7C"], "french")) == ["10H", "QS", "7C"]
    assert texts(parse_cards(["rb", "cc", "1d"], "italian")) == ["RB", "CC", "1D"]
    assert texts(()) == []


# -- explicit packs -----------------------------------------------------------------------------
@pytest.mark.parametrize("name", PACK_NAMES)
def test_parse_pack_accepts_any_permutation(name: str) -> None:
    full = [str(c) for c in pack(name)]  # type: ignore[arg-type]
    rev = list(reversed(full))
    assert [str(c) for c in parse_pack(rev, name)] == rev  # type: ignore[arg-type]
    mixed = [t.lower() for t in full[1::2]] + full[0::2]
    assert [str(c) for c in parse_pack(mixed, name)] == [t.upper() for t in mixed]  # type: ignore[arg-type]
    assert parse_pack(list(pack(name)), name) == pack(name)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", PACK_NAMES)
def test_parse_pack_missing_card(name: str) -> None:
    full = [str(c) for c in pack(name)]  # type: ignore[arg-type]
    with pytest.raises(ValueError) as e:
        parse_pack(full[1:], name)  # type: ignore[arg-type]
    msg = str(e.value)
    assert f"{len(full)}-card {name}" in msg
    assert f"got {len(full) - 1} cards" in msg
    assert f"missing {full[0]}" in msg


@pytest.mark.parametrize("name", PACK_NAMES)
def test_parse_pack_repeated_card(name: str) -> None:
    full = [str(c) for c in pack(name)]  # type: ignore[arg-type]
    bad = full[:-1] + [full[0]]  # right size, one card twice, one missing
    with pytest.raises(ValueError) as e:
        parse_pack(bad, name)  # type: ignore[arg-type]
    msg = str(e.value)
    assert f"repeated {full[0]}" in msg
    assert f"missing {full[-1]}" in msg


@pytest.mark.parametrize("name", PACK_NAMES)
def test_parse_pack_too_many(name: str) -> None:
    full = [str(c) for c in pack(name)]  # type: ignore[arg-type]
    with pytest.raises(ValueError) as e:
        parse_pack(full + [full[3]], name)  # type: ignore[arg-type]
    assert f"got {len(full) + 1} cards" in str(e.value)
    assert f"repeated {full[3]}" in str(e.value)


def test_parse_pack_wrong_family_and_non_cards() -> None:
    with pytest.raises(ValueError, match="not a card of the truc pack"):
        parse_pack([str(c) for c in FRENCH_52][:32], "truc")
    with pytest.raises(ValueError, match="not a card of the italian pack"):
        parse_pack([str(c) for c in FRENCH_52][:40], "italian")
    with pytest.raises(ValueError):
        parse_pack([], "french")
    with pytest.raises(ValueError, match="not one string"):
        parse_pack("AS KS", "french")
    with pytest.raises(ValueError, match="a card is written as text"):
        parse_pack([1] * 52, "french")  # type: ignore[list-item]


# -- T1 rank order ------------------------------------------------------------------------------
def test_T1_rank_order_low_to_high() -> None:
    assert cards.TRUC_RANKS == ("9", "10", "J", "Q", "K", "A", "8", "7")
    order = ["9", "10", "J", "Q", "K", "A", "8", "7"]
    for suit in "SHDC":
        strengths = [TRUC_STRENGTH[Card.parse(r + suit, "truc")] for r in order]
        assert strengths == sorted(strengths)
        assert len(set(strengths)) == 8
    assert TRUC_STRENGTH[Card.parse("7S")] > TRUC_STRENGTH[Card.parse("8S")]
    assert TRUC_STRENGTH[Card.parse("8S")] > TRUC_STRENGTH[Card.parse("AS")]
    assert TRUC_STRENGTH[Card.parse("9S")] == min(TRUC_STRENGTH.values())


def test_T1_suits_never_matter_for_strength() -> None:
    for a in TRUC_32:
        for b in TRUC_32:
            if a.rank == b.rank:
                assert TRUC_STRENGTH[a] == TRUC_STRENGTH[b]
    assert set(TRUC_STRENGTH) == set(TRUC_32)


def test_the_baton_is_one_cell_and_not_a_bar_a_cursor_could_be_taken_for() -> None:
    # issue 40, item 19: "╽" looked like a text cursor, and box drawings are ambiguous width.
    import unicodedata

    from rich.cells import cell_len

    from truf_tui.cards import SUIT_SYMBOLS

    baton = SUIT_SYMBOLS[("italian", "B")]
    assert len(baton) == 1 and cell_len(baton) == 1
    assert unicodedata.east_asian_width(baton) in ("N", "Na")  # never "A": 2 cells in CJK
    name = unicodedata.name(baton)
    assert not name.startswith(("BOX DRAWINGS", "VERTICAL LINE", "FULL BLOCK", "LEFT ")), name
    assert baton not in "|¦ǀ▏▎▍▌▐█"
