"""Trufludo, rule by rule (RULES.md F1-F12), from explicit packs so every position is exact.

A pack is written top first: F2 deals 3 to the non-dealer, 3 to the dealer, then 4 face up
on the table; F3 deals the stock 3 to the non-dealer, then 3 to the dealer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from truf_tui.cards import FRENCH_52, ITALIAN_40, PACKS
from truf_tui.engine import trufludo
from truf_tui.engine.common import IllegalActionError
from truf_tui.engine.series import Series, Tournament
from truf_tui.engine.trufludo import Play, Rules, State, new_game

Policy = Callable[[int, State], Play]


def make_pack(nd: Sequence[str], dl: Sequence[str], table: Sequence[str],
              stock: Sequence[str] = (), deck: str = "french") -> list[str]:
    """The pack dealing ``nd`` to the non-dealer, ``dl`` to the dealer, ``table`` face up,
    then ``stock`` first in the stock; the other cards follow in pack order."""
    head = [*nd, *dl, *table, *stock]
    assert len(set(head)) == len(head)
    return head + [str(c) for c in PACKS[deck] if str(c) not in head]


def game(nd: Sequence[str], dl: Sequence[str], table: Sequence[str],
         stock: Sequence[str] = (), *, dealer: int = 0, **rules: object) -> State:
    r = Rules(**rules)  # type: ignore[arg-type]
    return new_game(r, deck=make_pack(nd, dl, table, stock, r.deck), dealer=dealer)


def run(s: State, *moves: str) -> State:
    for m in moves:
        s = s.apply(m)
    return s


def cards_of(seq: Sequence[object]) -> list[str]:
    return [str(c) for c in seq]


def hand(s: State, p: int) -> list[str]:
    return cards_of(s.hands[p])


def legal(s: State) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def play_out(s: State, policy: Policy) -> list[State]:
    """Every state from ``s`` to the end, moving by ``policy(move index, state)``."""
    states = [s]
    while not s.is_terminal():
        s = s.apply(policy(len(states) - 1, s))
        states.append(s)
        assert len(states) < 100
    return states


def first(_: int, s: State) -> Play:
    return s.legal_actions()[0]


def last(_: int, s: State) -> Play:
    return s.legal_actions()[-1]


def every_card_once(s: State) -> bool:
    allc = [*s.hands[0], *s.hands[1], *s.stock, *s.table, *s.piles[0], *s.piles[1]]
    return sorted(allc) == sorted(PACKS[s.rules.deck])


# -- F1: the pack -------------------------------------------------------------------------------
def test_F1_french_pack_is_the_default() -> None:
    assert Rules().deck == "french"
    s = new_game(seed=1)
    assert len(s.hands[0]) + len(s.hands[1]) + len(s.table) + len(s.stock) == 52
    assert every_card_once(s)
    assert all(c.family == "french" for c in s.stock)


def test_F1_italian_pack_has_40_cards() -> None:
    s = new_game(Rules(deck="italian"), seed=1)
    assert every_card_once(s)
    assert len(s.stock) == 40 - 10
    assert all(c.family == "italian" for c in [*s.stock, *s.table, *s.hands[0], *s.hands[1]])


def test_F1_only_the_suit_matters_french() -> None:
    # 4H lies on the table: KH (another rank) captures it, 4S (same rank) cannot.
    s = game(["KH", "4S", "9C"], ["2C", "3C", "5C"], ["4H", "7D", "8D", "JD"])
    assert legal(s) == ["play KH take 4H", "play 4S", "play 9C"]


def test_F1_only_the_suit_matters_italian() -> None:
    # Cavallo of cups on the table: the 1 of cups takes it, the cavallo of coins does not.
    s = game(["1C", "CD", "RB"], ["2S", "3S", "4S"], ["CC", "FS", "7D", "2B"],
             deck="italian")
    assert legal(s) == ["play 1C take CC", "play CD take 7D", "play RB take 2B"]
    s = run(s, "play 1c take cc")
    assert cards_of(s.piles[1]) == ["1C", "CC"]
    assert cards_of(s.table) == ["FS", "7D", "2B"]


def test_F1_italian_game_played_to_the_end() -> None:
    pack = [str(c) for c in ITALIAN_40]
    random.Random(40).shuffle(pack)
    for policy in (first, last):
        s0 = new_game(Rules(deck="italian"), deck=pack, dealer=1)
        states = play_out(s0, policy)
        end = states[-1]
        assert len(states) - 1 == 36  # every card but the 4 first table cards is played once
        for s in states:
            assert every_card_once(s)
            assert s.is_terminal() == (not s.stock and not s.hands[0] and not s.hands[1])
        assert end.is_terminal() and end.current_player is None and end.legal_actions() == []
        assert all("A" not in a and "K" not in a for a in map(str, end.history))
        assert end.scores() == (len(end.piles[0]) + len(end.trufegoj[0]),
                                len(end.piles[1]) + len(end.trufegoj[1]))
        assert len(end.piles[0]) + len(end.piles[1]) + len(end.table) == 40
        # Italian notation replays the game exactly.
        texts = [str(a) for a in end.history]
        assert trufludo.replay(Rules(deck="italian"), texts, deck=pack, dealer=1,
                               seed=end.seed) == end
        with pytest.raises(IllegalActionError):
            end.apply(texts[0])


# -- F2: the deal -------------------------------------------------------------------------------
@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("deck", ["french", "italian"])
def test_F2_deal_from_the_top(dealer: int, deck: str) -> None:
    pack = [str(c) for c in PACKS[deck]]
    random.Random(dealer + 2).shuffle(pack)
    s = new_game(Rules(deck=deck), deck=pack, dealer=dealer)  # type: ignore[arg-type]
    nd = 1 - dealer
    assert s.dealer == dealer
    assert hand(s, nd) == pack[0:3]
    assert hand(s, dealer) == pack[3:6]
    assert cards_of(s.table) == pack[6:10]
    assert cards_of(s.stock) == pack[10:]
    assert s.piles == ((), ()) and s.trufegoj == ((), ())
    assert s.last_capturer is None and s.history == ()
    d: dict[str, Any] = s.to_dict()
    assert d["hands"][nd] == pack[0:3] and d["stock"] == pack[10:] and d["dealer"] == dealer


def test_F2_seeded_shuffle_is_reproducible_and_varies() -> None:
    a, b = new_game(seed=11), new_game(seed=11)
    assert a == b
    deals = {(new_game(seed=k).table, new_game(seed=k).dealer) for k in range(20)}
    assert len(deals) == 20
    assert {new_game(seed=k).dealer for k in range(20)} == {0, 1}


# -- F3: later deals ----------------------------------------------------------------------------
@pytest.mark.parametrize("dealer", [0, 1])
def test_F3_redeal_three_and_three_in_blocks(dealer: int) -> None:
    nd = 1 - dealer
    stock = ["2S", "3S", "4S", "5S", "6S", "7S"]
    # Optional capture: every move is a throw, no trufego.
    s = game(["AH", "2H", "3H"], ["AD", "2D", "3D"], ["AC", "2C", "3C", "4C"], stock,
             dealer=dealer, forced_capture=False)
    s = run(s, "play AH", "play AD", "play 2H", "play 2D", "play 3H")
    assert hand(s, nd) == [] and hand(s, dealer) == ["3D"] and len(s.stock) == 42
    s = s.apply("play 3D")
    assert hand(s, nd) == ["2S", "3S", "4S"]
    assert hand(s, dealer) == ["5S", "6S", "7S"]
    assert len(s.stock) == 36 and cards_of(s.stock)[:1] != ["2S"]
    assert s.current_player == nd  # the dealer made the 6th move: the other player is next (F8)
    assert cards_of(s.table) == ["AC", "2C", "3C", "4C", "AH", "AD", "2H", "2D", "3H", "3D"]


@pytest.mark.parametrize(("deck", "deals"), [("french", 8), ("italian", 6)])
def test_F3_stock_divides_evenly(deck: str, deals: int) -> None:
    for seed in range(3):
        s = new_game(Rules(deck=deck), seed=seed)  # type: ignore[arg-type]
        states = play_out(s, first)
        pairs = list(zip(states, states[1:], strict=False))
        fresh = sum(1 for a, b in pairs if len(b.stock) < len(a.stock))
        assert 1 + fresh == deals
        for a, b in zip(states, states[1:], strict=False):
            if len(b.stock) < len(a.stock):
                assert len(a.stock) - len(b.stock) == 6
                assert len(b.hands[0]) == len(b.hands[1]) == 3
                assert not a.hands[0] or not a.hands[1]


# -- F4: who moves ------------------------------------------------------------------------------
@pytest.mark.parametrize("dealer", [0, 1])
def test_F4_non_dealer_moves_first_and_plays_from_his_hand(dealer: int) -> None:
    s = game(["AH", "2H", "3H"], ["AD", "2D", "3D"], ["AC", "2C", "3C", "4C"], dealer=dealer)
    assert s.current_player == 1 - dealer
    assert legal(s) == ["play AH", "play 2H", "play 3H"]
    for bad in ("play AD", "play 5S"):
        with pytest.raises(IllegalActionError, match="not in your hand"):
            s.apply(bad)
    t = s.apply("play 2H")
    assert t.current_player == dealer
    assert hand(t, 1 - dealer) == ["AH", "3H"]
    assert legal(t) == ["play AD", "play 2D", "play 3D"]


# -- F5: capture --------------------------------------------------------------------------------
def test_F5_capture_takes_exactly_one_card_never_two() -> None:
    s = game(["KH", "3S", "9C"], ["2C", "3C", "5C"], ["2H", "5H", "3D", "4D"])
    options = [a for a in s.legal_actions() if a.card == s.hands[1][0]]
    assert [str(a) for a in options] == ["play KH take 2H", "play KH take 5H"]
    assert all(isinstance(a.take, type(s.hands[1][0])) for a in options)
    for bad in ("play KH take 2H take 5H", "play KH take 2H 5H", "play KH take 2H,5H",
                "play KH take"):
        with pytest.raises(IllegalActionError):
            s.apply(bad)
    # His choice: either heart, and only that one, goes to the pile.
    a = s.apply("play KH take 5H")
    assert cards_of(a.piles[1]) == ["KH", "5H"] and cards_of(a.table) == ["2H", "3D", "4D"]
    b = s.apply("play KH take 2H")
    assert cards_of(b.piles[1]) == ["KH", "2H"] and cards_of(b.table) == ["5H", "3D", "4D"]
    assert a.scores() == b.scores() == (0, 2)
    assert a.trufegoj == ((), ()) and a.last_capturer == 1
    assert a.current_player == 0  # an ordinary capture passes the turn (F8)


def test_F5_forced_capture_by_default() -> None:
    assert Rules().forced_capture is True
    s = game(["KH", "3S", "9C"], ["2C", "3C", "5C"], ["2H", "5H", "3D", "4D"])
    assert legal(s) == ["play KH take 2H", "play KH take 5H", "play 3S", "play 9C"]
    with pytest.raises(IllegalActionError) as e:
        s.apply("play KH")
    msg = str(e.value)
    assert "must take" in msg and "F5" in msg and "play KH take 2H" in msg
    # A non-matching card is thrown even though other cards could capture.
    t = s.apply("play 3S")
    assert cards_of(t.table) == ["2H", "5H", "3D", "4D", "3S"]


def test_F5_optional_capture_variant() -> None:
    s = game(["KH", "3S", "9C"], ["2C", "3C", "5C"], ["2H", "5H", "3D", "4D"],
             forced_capture=False)
    assert legal(s) == ["play KH take 2H", "play KH take 5H", "play KH", "play 3S", "play 9C"]
    t = s.apply("play KH")
    assert cards_of(t.table) == ["2H", "5H", "3D", "4D", "KH"]
    assert t.piles == ((), ()) and t.last_capturer is None and t.current_player == 0
    # Even with the choice, a capture is exactly one card and only of the suit.
    with pytest.raises(IllegalActionError, match="not of the suit"):
        s.apply("play KH take 3D")


def test_F5_only_a_table_card_of_the_suit_can_be_taken() -> None:
    s = game(["KH", "3S", "9C"], ["2C", "3C", "5C"], ["2H", "5H", "3D", "4D"])
    with pytest.raises(IllegalActionError, match="not of the suit"):
        s.apply("play KH take 3D")
    with pytest.raises(IllegalActionError, match="not on the table"):
        s.apply("play KH take 7H")
    with pytest.raises(IllegalActionError, match="not on the table"):
        s.apply("play 9C take 2C")  # 2C is in the opponent's hand
    with pytest.raises(IllegalActionError, match="not in your hand"):
        s.apply("play 2C take 2H")


# -- F6: throw ----------------------------------------------------------------------------------
@pytest.mark.parametrize("forced", [True, False])
def test_F6_throw_when_no_suit_matches(forced: bool) -> None:
    s = game(["AS", "2H", "3H"], ["AD", "2D", "3D"], ["AC", "2C", "3C", "4C"],
             forced_capture=forced)
    assert legal(s) == ["play AS", "play 2H", "play 3H"]  # no capture offered
    with pytest.raises(IllegalActionError, match="not on the table|not of the suit"):
        s.apply("play AS take AC")
    t = s.apply("play AS")
    assert cards_of(t.table) == ["AC", "2C", "3C", "4C", "AS"]
    assert t.piles == ((), ()) and t.scores() == (0, 0) and t.last_capturer is None
    assert t.current_player == 0 and hand(t, 1) == ["2H", "3H"]
    # The thrown card can be captured afterwards like any table card.
    u = game(["AS", "2H", "3H"], ["KS", "2D", "3D"], ["AC", "2C", "3C", "4C"],
             forced_capture=forced)
    u = run(u, "play AS")
    assert "play KS take AS" in legal(u)


# -- F7: trufego --------------------------------------------------------------------------------
def test_F7_capturing_the_single_table_card_is_a_trufego() -> None:
    s = game(["3S", "3H", "3D"], ["4S", "4H", "4C"], ["2S", "2H", "2D", "2C"])
    s = run(s, "play 3S take 2S", "play 4H take 2H", "play 3D take 2D")
    assert cards_of(s.table) == ["2C"] and s.trufegoj == ((), ())
    assert s.scores() == (2, 4)
    t = s.apply("play 4C take 2C")
    assert cards_of(t.trufegoj[0]) == ["2C"] and t.trufegoj[1] == ()
    assert cards_of(t.piles[0]) == ["4H", "2H", "4C", "2C"]  # the played card: an ordinary trufo
    assert t.table == ()
    assert t.scores() == (2 + 3, 4)  # the played card counts 1, the trufego 2
    for p in (0, 1):  # face up: both players see it
        assert t.observation(p)["trufegoj"] == [["2C"], []]
    assert t.to_dict()["trufegoj"] == [["2C"], []]


def test_F7_leaving_one_card_is_not_a_trufego() -> None:
    s = game(["3S", "3H", "3D"], ["4S", "4H", "4C"], ["2S", "2H", "AD", "AC"])
    s = run(s, "play 3S take 2S", "play 4H take 2H")
    assert len(s.table) == 2
    s = s.apply("play 3D take AD")  # table had two cards: ordinary capture
    assert s.trufegoj == ((), ()) and cards_of(s.table) == ["AC"] and s.current_player == 0


@pytest.mark.parametrize("forced", [True, False])
def test_F7_trufego_whether_capture_is_forced_or_chosen(forced: bool) -> None:
    s = game(["3S", "3H", "3D"], ["4S", "4H", "4C"], ["2S", "2H", "2D", "2C"],
             forced_capture=forced)
    s = run(s, "play 3S take 2S", "play 4H take 2H", "play 3D take 2D")
    t = s.apply("play 4C take 2C")
    assert cards_of(t.trufegoj[0]) == ["2C"]
    if not forced:  # the optional throw of a matching card is no trufego
        u = s.apply("play 4C")
        assert u.trufegoj == ((), ()) and cards_of(u.table) == ["2C", "4C"]


# -- F8: the turn inversion ---------------------------------------------------------------------
def test_F8_turn_inversion_in_mid_deal() -> None:
    # Dealer 0; player 1 moves first.  Player 0 makes a trufego with his 2nd card of 3.
    s = game(["3S", "3H", "3D"], ["4H", "4C", "9S"], ["2S", "2H", "2D", "2C"])
    s = run(s, "play 3S take 2S", "play 4H take 2H", "play 3D take 2D")
    assert s.current_player == 0
    s = s.apply("play 4C take 2C")
    assert cards_of(s.trufegoj[0]) == ["2C"] and s.table == ()
    assert s.current_player == 0  # the same player moves again
    assert hand(s, 0) == ["9S"] and hand(s, 1) == ["3H"]
    assert legal(s) == ["play 9S"]  # a throw onto the empty table
    s = s.apply("play 9S")
    assert cards_of(s.table) == ["9S"] and s.current_player == 1  # the opponent gets the chance
    # Player 1 has no spade: he must throw, and his last card ends the deal.
    assert legal(s) == ["play 3H"]
    s = s.apply("play 3H")  # his last card: the deal, and player 0 is next by F8
    assert len(s.hands[0]) == len(s.hands[1]) == 3 and s.current_player == 0


def test_F8_turn_passes_after_every_ordinary_move() -> None:
    s = game(["3S", "3H", "3D"], ["4H", "4C", "9S"], ["2S", "2H", "2D", "2C"])
    seen = [s.current_player]
    for m in ("play 3S take 2S", "play 4H take 2H", "play 3D take 2D"):
        s = s.apply(m)
        seen.append(s.current_player)
    assert seen == [1, 0, 1, 0]


def test_F8_trufego_then_opponent_trufego() -> None:
    # After the inversion the opponent takes the single thrown card: a trufego for him, and
    # he moves again.
    s = game(["3S", "5S", "3D"], ["4H", "4C", "9S"], ["2S", "2H", "2D", "2C"])
    s = run(s, "play 3S take 2S", "play 4H take 2H", "play 3D take 2D", "play 4C take 2C",
            "play 9S")
    assert s.current_player == 1 and legal(s) == ["play 5S take 9S"]
    s = s.apply("play 5S take 9S")
    assert cards_of(s.trufegoj[1]) == ["9S"] and cards_of(s.trufegoj[0]) == ["2C"]
    assert s.scores() == (2 + 3, 4 + 3)
    # Hands were empty: the next deal, and the capturer (player 1) moves first (F9).
    assert len(s.hands[0]) == len(s.hands[1]) == 3 and s.current_player == 1


# -- F9: the deal after a trufego made with the last card ---------------------------------------
@pytest.mark.parametrize("dealer", [0, 1])
def test_F9_trufego_with_the_last_card_then_deal_then_capturer_first(dealer: int) -> None:
    nd = 1 - dealer
    stock = ["7H", "8H", "9H", "7D", "8D", "9D"]
    s = game(["3S", "3D", "5S"], ["3H", "4S", "5C"], ["2S", "2H", "2D", "2C"], stock,
             dealer=dealer)
    s = run(s, "play 3S take 2S", "play 3H take 2H", "play 3D take 2D")
    assert cards_of(s.table) == ["2C"]
    s = s.apply("play 4S")  # the dealer throws rather than take the single card
    assert cards_of(s.table) == ["2C", "4S"]
    s = s.apply("play 5S take 4S")  # the non-dealer's last card; one card left on the table
    assert hand(s, nd) == [] and hand(s, dealer) == ["5C"] and cards_of(s.table) == ["2C"]
    assert s.current_player == dealer
    t = s.apply("play 5C take 2C")  # trufego with the dealer's last card
    assert cards_of(t.trufegoj[dealer]) == ["2C"]
    assert t.table == ()
    assert hand(t, nd) == ["7H", "8H", "9H"] and hand(t, dealer) == ["7D", "8D", "9D"]
    assert t.current_player == dealer  # the capturer moves first, throwing
    assert legal(t) == ["play 7D", "play 8D", "play 9D"]
    assert t.scores()[dealer] == 2 + 3 and t.scores()[nd] == 4 + 2
    u = t.apply("play 8D")
    assert cards_of(u.table) == ["8D"] and u.current_player == nd


def test_F9_ordinary_last_move_then_the_other_player() -> None:
    s = game(["AH", "2H", "3H"], ["AD", "2D", "3D"], ["AC", "2C", "3C", "4C"], dealer=1,
             forced_capture=False)
    s = run(s, "play AH", "play AD", "play 2H", "play 2D", "play 3H", "play 3D")
    assert s.current_player == 0  # the non-dealer, next by F8 after the dealer's move


def test_F9_parity_the_player_to_move_always_holds_a_card() -> None:
    # F9's parity argument: hands and table have the same parity, so whoever faces a single
    # table card holds one card more than the other, and nobody is to move empty-handed.
    for seed in range(30):
        for forced in (True, False):
            for s in play_out(new_game(Rules(forced_capture=forced), seed=seed),
                              first if seed % 2 else last):
                if s.is_terminal():
                    continue
                p = s.current_player
                assert p is not None and s.hands[p]
                both = len(s.hands[0]) + len(s.hands[1])
                assert both % 2 == len(s.table) % 2
                if len(s.table) == 1:
                    assert len(s.hands[p]) == len(s.hands[1 - p]) + 1


# -- F10: the end -------------------------------------------------------------------------------
def _mixed(i: int, s: State) -> Play:
    """With optional capture: capture while the first deal lasts, then always throw."""
    acts = s.legal_actions()
    return acts[0] if i < 6 else acts[-1]


def _end_of_mixed_game() -> tuple[list[str], list[Play]]:
    pack = [str(c) for c in FRENCH_52]
    random.Random(10).shuffle(pack)
    states = play_out(new_game(Rules(forced_capture=False), deck=pack, dealer=0), _mixed)
    return pack, list(states[-1].history)


def test_F10_game_ends_when_stock_and_hands_are_empty() -> None:
    s = new_game(seed=3)
    states = play_out(s, first)
    assert len(states) == 49  # 48 hand cards, one move each
    for st in states[:-1]:
        assert not st.is_terminal() and st.current_player in (0, 1) and st.legal_actions()
        assert st.returns() == (0.0, 0.0)
    end = states[-1]
    assert end.is_terminal() and end.stock == () and end.hands == ((), ())


def test_F10_leftover_counts_for_nobody_by_default() -> None:
    assert Rules().leftover == "none"
    pack, moves = _end_of_mixed_game()
    end = trufludo.replay(Rules(forced_capture=False), moves, deck=pack, dealer=0)
    assert end.is_terminal()
    assert end.last_capturer is not None and len(end.table) > 0  # the test's premise
    n = len(end.piles[0]) + len(end.piles[1])
    assert n + len(end.table) == 52
    assert end.scores() == (len(end.piles[0]) + len(end.trufegoj[0]),
                            len(end.piles[1]) + len(end.trufegoj[1]))
    assert end.to_dict()["table"] == cards_of(end.table)


def test_F10_leftover_to_the_last_capturer() -> None:
    pack, moves = _end_of_mixed_game()
    none = trufludo.replay(Rules(forced_capture=False), moves, deck=pack, dealer=0)
    lc = trufludo.replay(Rules(forced_capture=False, leftover="last_capturer"), moves,
                         deck=pack, dealer=0)
    w = none.last_capturer
    assert w is not None and lc.last_capturer == w
    assert lc.table == ()
    assert lc.piles[w] == none.piles[w] + none.table  # as ordinary trufoj
    assert lc.piles[1 - w] == none.piles[1 - w]
    assert lc.trufegoj == none.trufegoj  # not trufegoj
    got = list(lc.scores())
    want = list(none.scores())
    want[w] += len(none.table)
    assert got == want
    # The step before the end is the same in both variants: only the end differs.
    before_none = trufludo.replay(Rules(forced_capture=False), moves[:-1], deck=pack, dealer=0)
    before_lc = trufludo.replay(Rules(forced_capture=False, leftover="last_capturer"),
                                moves[:-1], deck=pack, dealer=0)
    assert before_none.table == before_lc.table and before_none.piles == before_lc.piles


@pytest.mark.parametrize("leftover", ["none", "last_capturer"])
def test_F10_nobody_ever_captured(leftover: str) -> None:
    s = new_game(Rules(forced_capture=False, leftover=leftover), seed=5)  # type: ignore[arg-type]
    end = play_out(s, last)[-1]  # the last legal action is always a throw here
    assert end.last_capturer is None
    assert len(end.table) == 52  # everything was thrown; it goes to nobody
    assert end.piles == ((), ()) and end.scores() == (0, 0)
    assert end.returns() == (0.0, 0.0) and end.winner() is None


@pytest.mark.parametrize("leftover", ["none", "last_capturer"])
def test_F10_last_move_a_trufego_ends_on_an_empty_table(leftover: str) -> None:
    # A position near the end: player 0 holds KH, the table holds 2H, nothing else is left.
    allc = [str(c) for c in FRENCH_52 if str(c) not in ("KH", "2H")]
    d = new_game(Rules(leftover=leftover), seed=0, dealer=1).to_dict()  # type: ignore[arg-type]
    d.update(hands=[["KH"], []], stock=[], table=["2H"], piles=[allc[:20], allc[20:]],
             trufegoj=[[], []], to_move=0, last_capturer=1, history=[])
    del d["scores"]
    s = State.from_dict(d)
    assert legal(s) == ["play KH take 2H"]
    end = s.apply("play KH take 2H")
    assert end.is_terminal() and end.table == () and end.last_capturer == 0
    assert cards_of(end.trufegoj[0]) == ["2H"]
    assert end.scores() == (20 + 3, 30)


# -- F11: score ---------------------------------------------------------------------------------
def _terminal(piles: tuple[list[str], list[str]], trufegoj: tuple[list[str], list[str]],
              table: Sequence[str] = ()) -> State:
    d = new_game(seed=0, dealer=0).to_dict()
    d.update(hands=[[], []], stock=[], table=list(table), piles=list(piles),
             trufegoj=list(trufegoj), to_move=None, history=[], last_capturer=0)
    del d["scores"]
    return State.from_dict(d)


def test_F11_the_seed_example_22_plus_3_trufegoj_is_28() -> None:
    allc = [str(c) for c in FRENCH_52]
    p0 = allc[:25]  # 22 trufoj + 3 trufegoj
    p1 = allc[25:]
    s = _terminal((p0, p1), (p0[:3], []))
    assert s.scores() == (28, 27)
    assert s.returns() == (1.0, -1.0) and s.winner() == 0


def test_F11_higher_wins_equal_draws() -> None:
    allc = [str(c) for c in FRENCH_52]
    # 26 cards each; two trufegoj for 1 against one for 0 -> 27 : 28
    s = _terminal((allc[:26], allc[26:]), ([allc[0]], allc[26:28]))
    assert s.scores() == (27, 28) and s.returns() == (-1.0, 1.0) and s.winner() == 1
    # 24 + 2 trufegoj = 26 ; 24 + 2 = 26 (4 on the table for nobody): a draw
    s = _terminal((allc[:24], allc[24:48]), (allc[:2], allc[24:26]), allc[48:])
    assert s.scores() == (26, 26) and s.returns() == (0.0, 0.0) and s.winner() is None


def test_F11_score_during_play_and_returns_only_at_the_end() -> None:
    s = game(["3S", "3H", "3D"], ["4H", "4C", "9S"], ["2S", "2H", "2D", "2C"])
    steps = [("play 3S take 2S", (0, 2)), ("play 4H take 2H", (2, 2)),
             ("play 3D take 2D", (2, 4)), ("play 4C take 2C", (5, 4)), ("play 9S", (5, 4))]
    for move, want in steps:
        s = s.apply(move)
        assert s.scores() == want
        assert s.returns() == (0.0, 0.0) and s.winner() is None
        assert s.observation(0)["scores"] == list(want) == s.to_dict()["scores"]


def test_F11_returns_match_scores_on_played_games() -> None:
    results = set()
    for seed in range(30):
        end = play_out(new_game(seed=seed), first if seed % 2 else last)[-1]
        a, b = end.scores()
        r = end.returns()
        assert r == ((1.0, -1.0) if a > b else (-1.0, 1.0) if b > a else (0.0, 0.0))
        assert a + b == len(end.piles[0]) + len(end.piles[1]) + len(end.trufegoj[0]) + len(
            end.trufegoj[1])
        results.add(r)
    assert len(results) >= 2


# -- F12: matches -------------------------------------------------------------------------------
# A game state is a single game; a match or tournament (truf_tui.engine.series, whose own
# bookkeeping is tested in test_series.py) chains games with the deal alternating and
# replays a draw with the deal switched.  What the game engine offers for that: the dealer
# given is respected, every variant combines with either dealer, and a draw is recognisable.
@pytest.mark.parametrize("deck", ["french", "italian"])
@pytest.mark.parametrize("forced", [True, False])
@pytest.mark.parametrize("leftover", ["none", "last_capturer"])
def test_F12_dealer_given_is_respected_for_every_variant(deck: str, forced: bool,
                                                         leftover: str) -> None:
    rules = Rules(deck=deck, forced_capture=forced, leftover=leftover)  # type: ignore[arg-type]
    for seed in range(4):
        for dealer in (0, 1):
            s = new_game(rules, seed=seed, dealer=dealer)
            assert s.dealer == dealer and s.current_player == 1 - dealer
            assert s.to_dict()["dealer"] == dealer and s.rules == rules


def test_F12_a_match_alternates_the_deal() -> None:
    dealer = 0
    dealers, results = [], []
    for game_no in range(6):
        s = new_game(seed=100 + game_no, dealer=dealer)
        end = play_out(s, first)[-1]
        dealers.append(end.dealer)
        results.append(end.winner())
        dealer = 1 - dealer
    assert dealers == [0, 1, 0, 1, 0, 1]


def test_F12_drawn_game_is_recognised_and_replayed_with_the_deal_switched() -> None:
    drawn = new_game(Rules(forced_capture=False), seed=5, dealer=0)
    end = play_out(drawn, last)[-1]
    assert end.returns() == (0.0, 0.0) and end.winner() is None
    again = new_game(Rules(forced_capture=False), seed=6, dealer=1 - end.dealer)
    assert again.dealer == 1 and again.current_player == 0


def test_F12_dealer_drawn_from_the_seed_when_not_given() -> None:
    assert all(new_game(seed=k).dealer == new_game(seed=k).dealer for k in range(10))
    assert {new_game(seed=k).dealer for k in range(30)} == {0, 1}
    s = new_game()  # no seed: one is drawn and kept, so the game replays
    assert isinstance(s.seed, int)
    assert new_game(seed=s.seed) == s


def test_F12_best_of_3_series_of_real_games() -> None:
    series = Series(best_of=3, first_dealer=1)
    dealers = []
    seed = 200
    while not series.is_over():
        dealer = series.next_dealer()
        end = play_out(new_game(seed=seed, dealer=dealer), first)[-1]
        assert end.dealer == dealer
        dealers.append(dealer)
        series = series.record(end.winner())
        seed += 1
        assert len(dealers) < 20
    assert dealers[:3] == [1, 0, 1][: len(dealers[:3])]
    assert all(a != b for a, b in zip(dealers, dealers[1:], strict=False))  # alternating
    assert max(series.wins()) == 2


def test_F12_tournament_draw_is_replayed_with_the_deal_switched() -> None:
    t = Tournament(("A", "B", "C", "D"))
    pairing = t.current()
    assert pairing is not None and t.stage() == "semi-final 1"
    dealer = pairing.next_dealer()
    # Optional capture and only throws: nobody captures, a 0-0 draw.
    drawn = play_out(new_game(Rules(forced_capture=False), seed=1, dealer=dealer), last)[-1]
    assert drawn.winner() is None
    t = t.record(drawn.winner())
    again = t.current()
    assert again is not None and t.stage() == "semi-final 1"
    assert again.next_dealer() == 1 - dealer  # the same pairing, the deal switched
    replay = new_game(seed=2, dealer=again.next_dealer())
    assert replay.dealer == 1 - dealer and replay.current_player == dealer


def test_illegal_moves_carry_the_engines_reason_code() -> None:
    from truf_tui.engine.trufludo import Illegal

    s = game(["KH", "3S", "9C"], ["2C", "3C", "5C"], ["2H", "5H", "3D", "4D"])
    for move, why, rule in (("play KH", Illegal.MUST_CAPTURE, "F5"),
                            ("play KH take 3D", Illegal.OTHER_SUIT, "F5"),
                            ("play KH take 9H", Illegal.NOT_ON_TABLE, "F5"),
                            ("play 2C", Illegal.NOT_IN_HAND, "F4"),
                            ("take KH", Illegal.NOT_AN_ACTION, "T11")):
        with pytest.raises(IllegalActionError) as e:
            s.apply(move)
        assert e.value.reason is why and why.rule == rule, move


def test_the_state_builders_agree_with_the_field_list() -> None:
    """``_build`` takes every field by name and ``_positional`` (the hot path's) puts each
    in its place: a distinct marker per field comes back under that field's name."""
    import inspect

    fields = trufludo._Fields._fields
    assert tuple(inspect.signature(trufludo._build).parameters) == fields
    markers = {f: object() for f in fields}
    by_name = trufludo._build(**markers)  # type: ignore[arg-type]
    in_order = trufludo._positional(tuple(markers[f] for f in fields))
    assert type(by_name) is type(in_order) is State
    for f in fields:
        assert getattr(by_name, f) is markers[f] and getattr(in_order, f) is markers[f], f


def test_apply_unchecked_puts_every_field_in_its_place() -> None:
    """The positional call in ``apply_unchecked``: what each move may change lands in its own
    field (a swap of two like-typed fields, stock and table or piles and trufegoj, fails)."""
    rng = random.Random(5)
    for rules in (Rules(), Rules(deck="italian", forced_capture=False,
                                 leftover="last_capturer")):
        for _ in range(20):
            s = new_game(rules, seed=rng.getrandbits(32))
            while not s.is_terminal():
                a = rng.choice(s.legal_actions())
                p = s.current_player
                assert p is not None
                n = s.apply_unchecked(a)
                assert (n.rules, n.dealer, n.seed, n.deck) == (s.rules, s.dealer, s.seed, s.deck)
                assert n.history == s.history + (a,)
                assert len(n.stock) in (len(s.stock), len(s.stock) - 6)
                assert a.card not in n.hands[p]
                if a.take is None and n.to_move is None and n.last_capturer is not None \
                        and rules.leftover == "last_capturer":  # F10: the table is swept
                    assert n.table == () and n.piles[n.last_capturer][-1] == a.card
                elif a.take is None:
                    assert a.card in n.table and n.piles == s.piles
                else:
                    mine = len(s.piles[p])
                    assert n.piles[p][mine:mine + 2] == (a.card, a.take)
                    assert n.last_capturer == p
                    assert a.take not in n.table
                    assert n.trufegoj[p][len(s.trufegoj[p]):] in ((), (a.take,))
                assert sorted(n.hands[0] + n.hands[1] + n.stock + n.table + n.piles[0]
                              + n.piles[1]) == sorted(PACKS[rules.deck])
                s = n
