"""Le Truc, rule by rule (RULES.md T1-T11), from explicit packs so every position is exact.

T2 deals one card at a time, the non-dealer first: a pack ``a x b y c z ...`` gives the
non-dealer ``a b c`` and the dealer ``x y z``; a redeal (T3) deals the next six the same way.
Later rounds are shuffled from the seed kept in the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from truf_tui.cards import TRUC_32, TRUC_RANKS, Card
from truf_tui.engine import truc
from truf_tui.engine.common import IllegalActionError
from truf_tui.engine.truc import Action, Rules, State, new_game, parse_action


def make_pack(nd: Sequence[str], dl: Sequence[str], stock: Sequence[str] = ()) -> list[str]:
    head = [nd[0], dl[0], nd[1], dl[1], nd[2], dl[2], *stock]
    assert len(set(head)) == len(head)
    return head + [str(c) for c in TRUC_32 if str(c) not in head]


def game(nd: Sequence[str], dl: Sequence[str], stock: Sequence[str] = (), *, dealer: int = 0,
         seed: int = 7, **rules: object) -> State:
    return new_game(Rules(**rules), deck=make_pack(nd, dl, stock), dealer=dealer,  # type: ignore[arg-type]
                    seed=seed)


def run(s: State, *moves: str) -> State:
    for m in moves:
        s = s.apply(m)
    return s


def hand(s: State, p: int) -> list[str]:
    return [str(c) for c in s.hands[p]]


def legal(s: State) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def tokens(obj: object) -> set[str]:
    """Every word of every string in a JSON-like value (card texts among them)."""
    if isinstance(obj, str):
        return set(obj.split())
    if isinstance(obj, dict):
        return set().union(*(tokens(k) | tokens(v) for k, v in obj.items()))
    if isinstance(obj, list | tuple):
        return set().union(*(tokens(v) for v in obj))
    return set()


def concede(s: State, winner: int) -> State:
    """Play a round that ``winner`` wins 1 point by the other's fold (T9)."""
    assert s.stake == 1 and s.pending is None
    if s.current_player == winner:
        s = s.apply(s.legal_actions()[0])  # a card
    assert s.current_player == 1 - winner
    return s.apply("fold")


def at_scores(a: int, b: int, *, target: int = 12, seed: int = 3, **rules: object) -> State:
    """A match at the start of a round with the scores (a, b), reached by folds."""
    s = new_game(Rules(target=target, **rules), seed=seed, dealer=0)  # type: ignore[arg-type]
    for _ in range(a):
        s = concede(s, 0)
    for _ in range(b):
        s = concede(s, 1)
    assert s.scores() == (a, b) and not s.is_terminal()
    return s


# -- T1: rank order -----------------------------------------------------------------------------
@pytest.mark.parametrize("lead_rank", TRUC_RANKS)
@pytest.mark.parametrize("answer_rank", TRUC_RANKS)
def test_T1_rank_order_decides_the_trick(lead_rank: str, answer_rank: str) -> None:
    # Different suits throughout: suits never matter.
    s = game([lead_rank + "S", "9C", "10C"], [answer_rank + "H", "9D", "10D"], dealer=0)
    s = run(s, f"play {lead_rank}S", f"play {answer_rank}H")
    trick = s.tricks[0]
    i, j = TRUC_RANKS.index(lead_rank), TRUC_RANKS.index(answer_rank)
    assert trick.winner == (1 if i > j else 0 if j > i else None)
    assert (str(trick.lead), str(trick.answer), trick.leader) == (
        f"{lead_rank}S", f"{answer_rank}H", 1)


def test_T1_the_7_is_highest_and_the_8_second() -> None:
    s = game(["7S", "8S", "AS"], ["8H", "AH", "KH"], dealer=0)
    s = run(s, "play 8S", "play AH")
    assert s.tricks[0].winner == 1
    s = run(s, "play 7S", "play 8H")
    assert s.round_no == 2 and s.scores() == (0, 1)  # the non-dealer took both tricks
    assert s.last_round is not None and [t.winner for t in s.last_round.tricks] == [1, 1]


# -- T2: the deal -------------------------------------------------------------------------------
@pytest.mark.parametrize("dealer", [0, 1])
def test_T2_one_card_at_a_time_non_dealer_first(dealer: int) -> None:
    pack = [str(c) for c in TRUC_32]
    s = new_game(deck=pack, dealer=dealer, seed=1)
    nd = 1 - dealer
    assert hand(s, nd) == [pack[0], pack[2], pack[4]]
    assert hand(s, dealer) == [pack[1], pack[3], pack[5]]
    assert [str(c) for c in s.stock] == pack[6:]
    assert s.current_player == nd and s.leader == nd and s.dealer == dealer
    assert s.round_no == 1 and s.stake == 1 and not s.rest and s.pending is None
    assert s.scores() == (0, 0) and s.tricks == () and s.trick_card is None


def test_T2_deal_alternates_every_round_and_all_cards_come_back() -> None:
    s = new_game(seed=5, dealer=1)
    dealers = []
    for r in range(1, 9):
        assert s.round_no == r
        dealers.append(s.dealer)
        assert s.current_player == 1 - s.dealer
        assert len(s.hands[0]) == len(s.hands[1]) == 3 and len(s.stock) == 26
        assert sorted([*s.hands[0], *s.hands[1], *s.stock]) == sorted(TRUC_32)
        s = s.apply("fold")
    assert dealers == [1, 0, 1, 0, 1, 0, 1, 0]
    assert s.first_dealer == 1


def test_T2_first_dealer_drawn_from_the_seed_unless_given() -> None:
    assert {new_game(seed=k).dealer for k in range(30)} == {0, 1}
    assert all(new_game(seed=k).dealer == new_game(seed=k).dealer for k in range(10))
    for d in (0, 1):
        assert all(new_game(seed=k, dealer=d).dealer == d for k in range(10))


def test_T2_rounds_are_reshuffled_from_the_seed() -> None:
    moves = ["fold", "raise", "refuse", "fold"]
    a = truc.replay(Rules(), moves, seed=42, dealer=0)
    b = truc.replay(Rules(), moves, seed=42, dealer=0)
    assert a == b and a.round_no == 4
    # Explicit first pack: the first round comes from it, later ones from the seed.
    pack = make_pack(["7S", "8S", "9S"], ["7H", "8H", "9H"])
    c = truc.replay(Rules(), moves, seed=42, deck=pack, dealer=0)
    d = truc.replay(Rules(), moves, seed=42, deck=pack, dealer=0)
    assert c == d and c.hands == d.hands and c.stock == d.stock
    # Another seed: other deals.
    deals = {truc.replay(Rules(), moves[:1], seed=k, deck=pack, dealer=0).hands
             for k in range(10)}
    assert len(deals) == 10
    # Several rounds: every round's deal differs from the previous one.
    s = new_game(seed=42, dealer=0)
    seen = set()
    for _ in range(10):
        seen.add((s.hands, s.stock))
        s = s.apply("fold")
    assert len(seen) == 10


def test_T2_no_seed_draws_one_and_keeps_it() -> None:
    s = new_game()
    assert isinstance(s.seed, int)
    s = run(s, "fold", "fold", "fold")
    assert truc.replay(Rules(), ["fold"] * 3, seed=s.seed, dealer=s.first_dealer) == s


# -- T3: redeal ---------------------------------------------------------------------------------
ND, DL, STOCK = ["9S", "9H", "10S"], ["10H", "JS", "JH"], ["7S", "7H", "8S", "8H", "AS", "AH"]


@pytest.mark.parametrize("dealer", [0, 1])
def test_T3_redeal_accepted_deals_the_next_six(dealer: int) -> None:
    nd = 1 - dealer
    s = game(ND, DL, STOCK, dealer=dealer)
    assert legal(s) == ["play 9S", "play 9H", "play 10S", "raise", "rest", "redeal", "fold"]
    s = s.apply("redeal")
    assert s.pending == "redeal" and s.current_player == dealer and s.proposer == nd
    assert legal(s) == ["accept", "refuse", "fold"]
    with pytest.raises(IllegalActionError, match="must be answered first"):
        s.apply("play 10H")
    s = s.apply("accept")
    assert hand(s, nd) == ["7S", "8S", "AS"] and hand(s, dealer) == ["7H", "8H", "AH"]
    assert [str(c) for c in s.discards[nd]] == ND and [str(c) for c in s.discards[dealer]] == DL
    assert len(s.stock) == 20 and s.current_player == nd and s.pending is None
    assert s.stake == 1 and s.round_no == 1
    assert "redeal" not in legal(s)  # once per round
    with pytest.raises(IllegalActionError, match="only once"):
        s.apply("redeal")
    # The discarded hands are unseen: each player knows only his own.
    o = s.observation(nd)
    assert o["discarded"] == ND and o["opponent_discarded"] == 3
    assert not set(DL) & tokens(o)
    assert sorted([*s.hands[0], *s.hands[1], *s.stock, *s.discards[0], *s.discards[1]]) == \
        sorted(TRUC_32)


@pytest.mark.parametrize("dealer", [0, 1])
def test_T3_redeal_refused_non_dealer_goes_on(dealer: int) -> None:
    nd = 1 - dealer
    s = game(ND, DL, STOCK, dealer=dealer)
    t = run(s, "redeal", "refuse")
    assert t.hands == s.hands and t.discards == ((), ()) and t.current_player == nd
    assert legal(t) == ["play 9S", "play 9H", "play 10S", "raise", "rest", "fold"]
    with pytest.raises(IllegalActionError, match="only once"):
        t.apply("redeal")
    u = run(t, "raise", "accept")  # and he may raise first
    assert u.stake == 2 and u.current_player == nd


def test_T3_fold_in_answer_to_a_redeal() -> None:
    s = run(game(ND, DL, STOCK, dealer=0), "redeal", "fold")
    assert s.scores() == (0, 1) and s.round_no == 2  # the proposer scores the stake, 1
    assert s.last_round is not None and s.last_round.how == "fold"


def test_T3_redeal_only_by_the_non_dealer() -> None:
    s = game(ND, DL, STOCK, dealer=0)
    t = s.apply("play 9S")  # the dealer to move, before any other card
    assert t.current_player == 0 and "redeal" not in legal(t)
    with pytest.raises(IllegalActionError, match="only the non-dealer"):
        t.apply("redeal")
    u = s.apply("raise")  # the dealer answering a raise cannot propose either
    with pytest.raises(IllegalActionError, match="must be answered first"):
        u.apply("redeal")


def test_T3_redeal_only_before_any_card_or_raise() -> None:
    s = game(ND, DL, STOCK, dealer=0)
    after_raise = run(s, "raise", "accept")
    assert after_raise.current_player == 1 and "redeal" not in legal(after_raise)
    with pytest.raises(IllegalActionError, match="before the first card and before any raise"):
        after_raise.apply("redeal")
    after_rest = run(s, "rest", "accept")
    assert "redeal" not in legal(after_rest)
    # A spoiled first trick: the non-dealer leads again, but a card has been played.
    spoiled = run(s, "play 10S", "play 10H")
    assert spoiled.tricks and spoiled.current_player == 1 and "redeal" not in legal(spoiled)
    with pytest.raises(IllegalActionError):
        spoiled.apply("redeal")


def test_T3_redeal_again_possible_next_round() -> None:
    s = run(game(ND, DL, STOCK, dealer=0), "redeal", "refuse", "fold")
    assert s.round_no == 2 and s.dealer == 1 and s.current_player == 0
    assert "redeal" in legal(s) and not s.redeal_used


# -- T4: tricks ---------------------------------------------------------------------------------
@pytest.mark.parametrize("dealer", [0, 1])
def test_T4_non_dealer_leads_any_card_answers_winner_leads(dealer: int) -> None:
    nd = 1 - dealer
    s = game(["9S", "7H", "JD"], ["QS", "8H", "KC"], dealer=dealer)
    assert s.current_player == nd and s.leader == nd
    s = s.apply("play 9S")
    assert s.current_player == dealer and str(s.trick_card) == "9S"
    # No need to follow suit: every card of the hand may answer.
    assert [a for a in legal(s) if a.startswith("play")] == ["play QS", "play 8H", "play KC"]
    s = s.apply("play KC")
    assert s.tricks[0].winner == dealer and s.trick_card is None
    assert s.current_player == dealer and s.leader == dealer  # the winner leads
    s = s.apply("play QS")
    s = s.apply("play 7H")
    assert s.tricks[1].winner == nd and s.current_player == nd  # 1-1: a third trick
    assert s.round_no == 1 and len(s.tricks) == 2


# -- T5: spoiled tricks -------------------------------------------------------------------------
@pytest.mark.parametrize("dealer", [0, 1])
def test_T5_spoiled_first_trick_leader_leads_again(dealer: int) -> None:
    nd = 1 - dealer
    s = game(["KS", "9S", "JS"], ["KH", "7H", "QH"], dealer=dealer)
    s = run(s, "play KS", "play KH")
    assert s.tricks[0].winner is None and s.round_no == 1
    assert s.current_player == nd and s.leader == nd
    assert s.tricks[0].leader == nd


@pytest.mark.parametrize("dealer", [0, 1])
def test_T5_spoiled_second_trick_after_a_spoiled_first(dealer: int) -> None:
    nd = 1 - dealer
    s = game(["KS", "QS", "JS"], ["KH", "QH", "AH"], dealer=dealer)
    s = run(s, "play KS", "play KH", "play QS", "play QH")
    assert [t.winner for t in s.tricks] == [None, None]
    assert s.current_player == nd and s.round_no == 1
    s = run(s, "play JS", "play AH")
    assert s.round_no == 2 and s.scores()[dealer] == 1  # won the third: the round (T6)


def test_T5_spoiled_trick_led_by_the_dealer() -> None:
    # Dealer 0 wins the first trick and leads the second, which is spoiled: round over (T6),
    # and the leader of a spoiled trick is the one who led it.
    s = game(["9S", "KS", "JS"], ["10H", "KH", "QH"], dealer=0)
    s = run(s, "play 9S", "play 10H")
    assert s.current_player == 0
    s = run(s, "play KH", "play KS")
    assert s.round_no == 2 and s.scores() == (1, 0)
    assert s.last_round is not None and s.last_round.tricks[1].leader == 0
    assert s.last_round.tricks[1].winner is None


# -- T6: the round's winner and early ends ------------------------------------------------------
def _round(nd: Sequence[str], dl: Sequence[str], moves: Sequence[str],
           dealer: int = 0) -> tuple[State, State]:
    s = game(nd, dl, dealer=dealer)
    before = s
    for m in moves:
        before = s
        s = s.apply(m)
    return before, s


@pytest.mark.parametrize(("nd", "dl", "moves", "winners", "round_winner"), [
    # the same player wins tricks 1 and 2: over after two tricks
    (["7S", "7H", "9S"], ["9H", "9D", "10S"], ["play 7S", "play 9H", "play 7H", "play 9D"],
     [1, 1], 1),
    # a won trick, then a spoiled one
    (["7S", "KH", "9S"], ["9H", "KD", "10S"], ["play 7S", "play 9H", "play KH", "play KD"],
     [1, None], 1),
    # the dealer wins the first, then a spoiled one he led
    (["9S", "KH", "10S"], ["7H", "KD", "JS"], ["play 9S", "play 7H", "play KD", "play KH"],
     [0, None], 0),
    # a spoiled trick, then a won one
    (["KS", "9S", "JS"], ["KH", "7H", "QH"], ["play KS", "play KH", "play 9S", "play 7H"],
     [None, 0], 0),
    (["KS", "7S", "JS"], ["KH", "9H", "QH"], ["play KS", "play KH", "play 7S", "play 9H"],
     [None, 1], 1),
], ids=["won-won", "won-spoiled", "dealer-won-spoiled", "spoiled-won", "spoiled-won-nd"])
def test_T6_early_end(nd: list[str], dl: list[str], moves: list[str], winners: list[int | None],
                      round_winner: int) -> None:
    before, s = _round(nd, dl, moves)
    assert before.round_no == 1 and s.round_no == 2  # the third trick is never played
    assert s.scores()[round_winner] == 1 and s.scores()[1 - round_winner] == 0
    lr = s.last_round
    assert lr is not None and lr.how == "tricks" and lr.winner == round_winner and lr.points == 1
    assert [t.winner for t in lr.tricks] == winners and len(lr.tricks) == 2
    # Remaining cards are not shown: the next round's observation says nothing of them.
    for p in (0, 1):
        o = s.observation(p)
        assert o["last_round"]["tricks"] == [
            {"leader": t.leader, "cards": [str(t.lead), str(t.answer)], "winner": t.winner}
            for t in lr.tricks]
        assert "hands" not in o and o["tricks"] == [] and o["trick_card"] is None


@pytest.mark.parametrize(("nd", "dl", "moves", "winners", "round_winner"), [
    # one trick each, the third spoiled: the earlier winner takes the round
    (["7S", "9S", "KS"], ["9H", "7H", "KH"],
     ["play 7S", "play 9H", "play 9S", "play 7H", "play KH", "play KS"], [1, 0, None], 1),
    (["9S", "7S", "KS"], ["7H", "9H", "KH"],
     ["play 9S", "play 7H", "play 9H", "play 7S", "play KS", "play KH"], [0, 1, None], 0),
    # one trick each, the third won: two tricks to one
    (["7S", "9S", "AS"], ["9H", "7H", "KH"],
     ["play 7S", "play 9H", "play 9S", "play 7H", "play KH", "play AS"], [1, 0, 1], 1),
    (["7S", "9S", "KS"], ["9H", "7H", "AH"],
     ["play 7S", "play 9H", "play 9S", "play 7H", "play AH", "play KS"], [1, 0, 0], 0),
    # two spoiled, then a won trick
    (["KS", "QS", "9S"], ["KH", "QH", "7H"],
     ["play KS", "play KH", "play QS", "play QH", "play 9S", "play 7H"], [None, None, 0], 0),
    (["KS", "QS", "7S"], ["KH", "QH", "9H"],
     ["play KS", "play KH", "play QS", "play QH", "play 7S", "play 9H"], [None, None, 1], 1),
], ids=["1-1-spoiled", "0-1-spoiled", "1-0-1", "1-0-0", "spoiled-spoiled-0",
        "spoiled-spoiled-1"])
def test_T6_three_tricks(nd: list[str], dl: list[str], moves: list[str],
                         winners: list[int | None], round_winner: int) -> None:
    before, s = _round(nd, dl, moves)
    assert before.round_no == 1 and len(before.tricks) == 2 and s.round_no == 2
    lr = s.last_round
    assert lr is not None and [t.winner for t in lr.tricks] == winners
    assert lr.winner == round_winner and s.scores()[round_winner] == 1
    assert sum(s.scores()) == 1


def test_T6_three_spoiled_tricks_nobody_scores() -> None:
    s = game(["KS", "QS", "JS"], ["KH", "QH", "JH"], dealer=0)
    s = run(s, "raise", "accept")  # even at stake 2
    s = run(s, "play KS", "play KH", "play QS", "play QH", "play JS", "play JH")
    assert s.scores() == (0, 0) and s.round_no == 2 and not s.is_terminal()
    lr = s.last_round
    assert lr is not None and lr.winner is None and lr.how == "spoiled" and lr.points == 0
    assert [t.winner for t in lr.tricks] == [None, None, None]
    assert s.stake == 1 and s.dealer == 1  # next round: stake 1, deal alternated


# -- T7: raises ---------------------------------------------------------------------------------
def test_T7_raise_must_be_answered_first() -> None:
    s = game(["9S", "7H", "JD"], ["QS", "8H", "KC"], dealer=0).apply("raise")
    assert s.pending == "raise" and s.current_player == 0 and s.proposer == 1
    assert s.stake == 1  # not counted until accepted
    assert legal(s) == ["accept", "refuse", "fold"]
    for bad in ("play QS", "raise", "rest", "redeal", "play 9S"):
        with pytest.raises(IllegalActionError, match="must be answered first"):
            s.apply(bad)
    assert s.to_dict()["stake"] == 1 and s.observation(0)["pending"] == "raise"


def test_T7_accept_then_the_raiser_plays_and_raises_alternate() -> None:
    s = game(["9S", "7H", "JD"], ["QS", "8H", "KC"], dealer=0)
    s = run(s, "raise", "accept")
    assert s.stake == 2 and s.current_player == 1 and s.last_raiser == 1
    assert legal(s) == ["play 9S", "play 7H", "play JD", "fold"]  # no raise twice in a row
    with pytest.raises(IllegalActionError, match="alternate"):
        s.apply("raise")
    with pytest.raises(IllegalActionError, match="alternate"):
        s.apply("rest")
    s = s.apply("play 9S")
    # The follower, having accepted, may raise back before answering (the seed's example).
    assert legal(s) == ["play QS", "play 8H", "play KC", "raise", "rest", "fold"]
    s = run(s, "raise", "accept")
    assert s.stake == 4 and s.current_player == 0 and s.last_raiser == 0
    s = s.apply("play QS")  # dealer wins trick 1 and leads trick 2
    assert s.current_player == 0 and "raise" not in legal(s)
    s = s.apply("play KC")
    assert "raise" in legal(s) and s.current_player == 1
    s = run(s, "raise", "accept")
    assert s.stake == 6
    s = s.apply("play 7H")  # 1-1; player 1 leads the third trick
    assert s.current_player == 1 and "raise" not in legal(s)
    s = s.apply("play JD")
    s = run(s, "raise", "accept")
    assert s.stake == 8
    s = s.apply("play 8H")  # 8 beats J: player 0 wins two tricks
    assert s.scores() == (8, 0) and s.round_no == 2
    assert s.last_round is not None and s.last_round.points == 8
    assert s.stake == 1 and s.last_raiser is None  # a new round, alternation starts afresh


def test_T7_the_leader_may_raise_first_in_a_new_round() -> None:
    s = game(["9S", "7H", "JD"], ["QS", "8H", "KC"], dealer=0)
    s = run(s, "raise", "accept", "fold")  # player 1 raised last in round 1, then folded
    assert s.round_no == 2 and s.current_player == 0
    assert s.scores() == (2, 0)
    s = run(s, "play " + hand(s, 0)[0])
    assert "raise" in legal(s)  # player 1 raised in round 1: that does not count now


@pytest.mark.parametrize(("target", "stakes"), [
    (1, []),              # stake 1 already wins the match
    (2, [2]),
    (3, [2, 4]),
    (4, [2, 4]),
    (5, [2, 4, 6]),
    (7, [2, 4, 6, 8]),
    (12, [2, 4, 6, 8, 10, 12]),
])
def test_T7_raise_cap_with_small_targets(target: int, stakes: list[int]) -> None:
    # Three spoiled tricks: six turns, the players alternating, so six chances to raise.
    s = game(SPOIL_ND, SPOIL_DL, dealer=0, target=target)
    assert _raise_while_possible(s) == stakes


SPOIL_ND, SPOIL_DL = ["KS", "QS", "JS"], ["KH", "QH", "JH"]


def with_hands(s: State, nd: Sequence[str], dl: Sequence[str]) -> State:
    """``s`` (at the start of a round) with other hands dealt: the rest goes to the stock."""
    d: dict[str, Any] = s.to_dict()
    allc = d["hands"][0] + d["hands"][1] + d["stock"]
    d["hands"][1 - s.dealer], d["hands"][s.dealer] = list(nd), list(dl)
    d["stock"] = [c for c in allc if c not in nd and c not in dl]
    return State.from_dict(d)


def _raise_while_possible(s: State) -> list[int]:
    """Raise and accept as long as allowed, playing the lowest card otherwise."""
    stakes = []
    r = s.round_no
    while s.round_no == r and not s.is_terminal():
        if "raise" in legal(s):
            assert s.can_raise() and "rest" in legal(s)
            s = run(s, "raise", "accept")
            stakes.append(s.stake)
        else:
            assert "rest" not in legal(s)
            if s.stake < max(s.rules.target - s.scores()[0], s.rules.target - s.scores()[1]):
                assert s.last_raiser == s.current_player  # only alternation forbids it
            s = s.apply(s.legal_actions()[0])
    return stakes


@pytest.mark.parametrize(("scores", "cap_stakes"), [
    ((11, 11), []),                   # max(1, 1) = 1: no raise at all
    ((10, 10), [2]),                  # max(2, 2) = 2
    ((11, 5), [2, 4, 6, 8]),          # max(1, 7) = 7: 6 < 7 allows one more, to 8
    ((5, 11), [2, 4, 6, 8]),
    ((9, 0), [2, 4, 6, 8, 10, 12]),   # the trailing player's 12 counts
    ((8, 7), [2, 4, 6]),              # max(4, 5) = 5
])
def test_T7_raise_cap_near_the_target(scores: tuple[int, int], cap_stakes: list[int]) -> None:
    s = with_hands(at_scores(*scores), SPOIL_ND, SPOIL_DL)
    if not cap_stakes:
        assert "raise" not in legal(s) and "rest" not in legal(s) and not s.can_raise()
        with pytest.raises(IllegalActionError, match="already covers"):
            s.apply("raise")
        with pytest.raises(IllegalActionError, match="already covers"):
            s.apply("rest")
    assert _raise_while_possible(s) == cap_stakes
    assert truc.stake_cap(scores, 12) == (cap_stakes[-1] if cap_stakes else 1)


@pytest.mark.parametrize("stake_before", [1, 2, 4])
def test_T7_raise_refused_scores_the_old_stake(stake_before: int) -> None:
    s = game(["9S", "7H", "JD"], ["QS", "8H", "KC"], dealer=0)
    if stake_before >= 2:
        s = run(s, "raise", "accept", "play 9S")
    if stake_before >= 4:
        s = run(s, "raise", "accept", "play QS", "play KC")  # dealer won trick 1, led trick 2
    assert s.stake == stake_before
    raiser = s.current_player
    assert raiser is not None
    s = run(s, "raise", "refuse")
    pts = [0, 0]
    pts[raiser] = stake_before
    assert list(s.scores()) == pts and s.round_no == 2
    lr = s.last_round
    assert lr is not None and lr.how == "refused" and lr.points == stake_before and not lr.game


# -- T8: mia resto ------------------------------------------------------------------------------
@pytest.mark.parametrize("rest_refusal", ["stake", "game"])
@pytest.mark.parametrize("declarer_wins", [True, False])
def test_T8_rest_accepted_round_played_for_the_game(rest_refusal: str,
                                                    declarer_wins: bool) -> None:
    strong, weak = ["7S", "7H", "9S"], ["9H", "9D", "10S"]
    s = at_scores(3, 7, rest_refusal=rest_refusal, seed=11)
    declarer = s.current_player
    assert declarer == 1 - s.dealer
    s = with_hands(s, strong if declarer_wins else weak, weak if declarer_wins else strong)
    s = s.apply("rest")
    assert s.pending == "rest" and s.current_player == 1 - declarer and s.proposer == declarer
    assert legal(s) == ["accept", "refuse", "fold"]
    s = s.apply("accept")
    assert s.rest and s.current_player == declarer and s.stake == 1 and s.pending is None
    # No raise and no rest after an accepted rest, for either player.
    assert "raise" not in legal(s) and "rest" not in legal(s)
    with pytest.raises(IllegalActionError, match="accepted rest"):
        s.apply("raise")
    s = s.apply("play " + hand(s, declarer)[0])  # the declarer goes on with his turn
    assert "raise" not in legal(s) and "rest" not in legal(s)
    s = s.apply("play " + hand(s, 1 - declarer)[0])
    winner = declarer if declarer_wins else 1 - declarer
    assert s.current_player == winner
    s = s.apply("play " + hand(s, winner)[0])
    s = s.apply("play " + hand(s, 1 - winner)[0])
    lr = s.last_round
    assert lr is not None and lr.game and lr.winner == winner and lr.how == "tricks"
    assert s.is_terminal() and s.scores()[winner] == 12  # his score becomes the target
    assert s.scores()[1 - winner] == (3, 7)[1 - winner]
    assert lr.points == 12 - (3, 7)[winner]


@pytest.mark.parametrize("declarer_wins", [True, False])
def test_T8_rest_accepted_winner_takes_the_game_explicit(declarer_wins: bool) -> None:
    # Player 1 (non-dealer) declares; he holds 7S 7H 7D or 9S 9H 9D.
    strong, weak = ["7S", "7H", "7D"], ["9S", "9H", "9D"]
    nd, dl = (strong, weak) if declarer_wins else (weak, strong)
    s = game(nd, dl, dealer=0, target=5)
    s = run(s, "rest", "accept", f"play {nd[0]}", f"play {dl[0]}")
    if declarer_wins:
        s = run(s, f"play {nd[1]}", f"play {dl[1]}")
    else:
        s = run(s, f"play {dl[1]}", f"play {nd[1]}")
    winner = 1 if declarer_wins else 0
    assert s.is_terminal() and s.scores()[winner] == 5 and s.scores()[1 - winner] == 0
    assert s.returns()[winner] == 1.0


@pytest.mark.parametrize("stake", [1, 2])
def test_T8_rest_refused_stake_variant_scores_the_stake(stake: int) -> None:
    s = game(["9S", "7H", "JD"], ["QS", "8H", "KC"], dealer=0)
    assert Rules().rest_refusal == "stake"
    if stake == 2:
        s = run(s, "raise", "accept", "play 9S")  # player 0 may now declare
    declarer = s.current_player
    assert declarer is not None
    s = run(s, "rest", "refuse")
    pts = [0, 0]
    pts[declarer] = stake
    assert list(s.scores()) == pts and not s.is_terminal() and s.round_no == 2
    assert s.last_round is not None and s.last_round.how == "refused"
    assert not s.last_round.game


def test_T8_rest_refused_game_variant_declarer_wins_the_game() -> None:
    s = at_scores(2, 6, rest_refusal="game")
    declarer = s.current_player
    assert declarer is not None
    s = run(s, "rest", "refuse")
    assert s.is_terminal() and s.scores()[declarer] == 12
    assert s.scores()[1 - declarer] == (2, 6)[1 - declarer]
    lr = s.last_round
    assert lr is not None and lr.game and lr.how == "refused" and lr.winner == declarer


def test_T8_rest_follows_the_raise_rules() -> None:
    s = game(["9S", "7H", "JD"], ["QS", "8H", "KC"], dealer=0)
    s = run(s, "raise", "accept")
    assert "rest" not in legal(s)  # his own raise was the latest accepted
    s = s.apply("play 9S")
    assert "rest" in legal(s)
    assert "rest" not in legal(at_scores(11, 11))  # no raise possible, so no rest


@pytest.mark.parametrize("rest_refusal", ["stake", "game"])
def test_T8_rest_accepted_all_spoiled_nobody_scores_back_to_stake_1(rest_refusal: str) -> None:
    s = game(["KS", "QS", "JS"], ["KH", "QH", "JH"], dealer=0, rest_refusal=rest_refusal)
    s = run(s, "raise", "accept", "play KS", "rest", "accept")
    assert s.rest and s.stake == 2
    s = run(s, "play KH", "play QS", "play QH", "play JS", "play JH")
    assert s.scores() == (0, 0) and not s.is_terminal() and s.round_no == 2
    assert s.stake == 1 and not s.rest and s.last_raiser is None
    lr = s.last_round
    assert lr is not None and lr.winner is None and lr.how == "spoiled"
    assert "raise" in legal(s) and "rest" in legal(s)


# -- T9: fold -----------------------------------------------------------------------------------
@pytest.mark.parametrize("dealer", [0, 1])
def test_T9_fold_before_any_card(dealer: int) -> None:
    s = game(["9S", "7H", "JD"], ["QS", "8H", "KC"], dealer=dealer).apply("fold")
    assert s.scores()[dealer] == 1 and s.scores()[1 - dealer] == 0
    assert s.last_round is not None and s.last_round.how == "fold"


def test_T9_fold_with_a_raise_pending_scores_the_old_stake() -> None:
    s = game(["9S", "7H", "JD"], ["QS", "8H", "KC"], dealer=0)
    t = run(s, "raise", "fold")
    assert t.scores() == (0, 1)  # the pending raise does not count
    t = run(s, "raise", "accept", "play 9S", "raise", "fold")
    assert t.scores() == (2, 0)  # 0's raise to 4 was pending: he scores the stake, 2
    assert t.last_round is not None and t.last_round.how == "fold"


def test_T9_fold_after_raises_accepted_and_mid_trick() -> None:
    s = game(["9S", "7H", "JD"], ["QS", "8H", "KC"], dealer=0)
    t = run(s, "raise", "accept", "play 9S", "raise", "accept", "fold")
    assert t.scores() == (0, 4)  # player 0 folds instead of playing: 1 scores 4
    t = run(s, "play 9S", "fold")  # the follower folds
    assert t.scores() == (0, 1)
    t = run(s, "play 9S", "play QS", "fold")  # the trick winner folds while leading
    assert t.scores() == (0, 1)
    # The raiser never answers his own raise, so he cannot fold it back.
    u = s.apply("raise")
    assert u.current_player == 0


def test_T9_fold_is_always_legal_for_the_player_to_move() -> None:
    s = game(["9S", "7H", "JD"], ["QS", "8H", "KC"], dealer=0)
    for m in ("raise", "accept", "play 9S", "rest", "accept", "play QS"):
        assert "fold" in legal(s)
        s = s.apply(m)
    assert "fold" in legal(s)


@pytest.mark.parametrize("who", ["declarer", "other"])
def test_T9_fold_during_an_accepted_rest_concedes_the_game(who: str) -> None:
    s = at_scores(4, 9, seed=2)
    declarer = s.current_player
    assert declarer is not None
    s = run(s, "rest", "accept")
    if who == "other":
        s = s.apply(s.legal_actions()[0])  # the declarer plays; the other is to move
    folder = s.current_player
    assert folder is not None
    s = s.apply("fold")
    assert s.is_terminal() and s.scores()[1 - folder] == 12
    assert s.scores()[folder] == (4, 9)[folder]
    assert s.last_round is not None and s.last_round.game and s.last_round.how == "fold"


@pytest.mark.parametrize("rest_refusal", ["stake", "game"])
def test_T9_fold_while_a_rest_awaits_answer_is_refusing_it(rest_refusal: str) -> None:
    s = game(["9S", "7H", "JD"], ["QS", "8H", "KC"], dealer=0, rest_refusal=rest_refusal)
    s = run(s, "raise", "accept", "play 9S")  # stake 2, player 0 declares
    folded = run(s, "rest", "fold")
    refused = run(s, "rest", "refuse")
    assert folded.scores() == refused.scores()
    assert folded.is_terminal() == refused.is_terminal()
    if rest_refusal == "stake":
        assert folded.scores() == (2, 0) and not folded.is_terminal()
    else:
        assert folded.scores() == (12, 0) and folded.is_terminal()


# -- T10: scoring and the end of the match ------------------------------------------------------
def test_T10_default_target_is_12() -> None:
    assert Rules().target == 12
    s = at_scores(11, 0)
    assert not s.is_terminal()
    s = concede(s, 0)
    assert s.is_terminal() and s.scores() == (12, 0)


def test_T10_round_winner_scores_the_stake() -> None:
    s = game(["7S", "7H", "9S"], ["9H", "9D", "10S"], dealer=0)
    s = run(s, "raise", "accept", "play 7S", "play 9H", "play 7H", "play 9D")
    assert s.scores() == (0, 2) and s.last_round is not None and s.last_round.points == 2


def test_T10_reaching_the_target_exactly() -> None:
    s = game(["7S", "7H", "9S"], ["9H", "9D", "10S"], dealer=0, target=2)
    s = run(s, "raise", "accept", "play 7S", "play 9H", "play 7H")
    assert not s.is_terminal() and s.current_player == 0
    s = s.apply("play 9D")
    assert s.scores() == (0, 2) and s.is_terminal()
    _check_terminal(s, winner=1)


def test_T10_going_beyond_the_target() -> None:
    s = game(["7S", "7H", "9S"], ["9H", "9D", "10S"], dealer=0, target=3)
    s = run(s, "raise", "accept", "play 7S", "raise", "accept", "play 9H")
    assert s.stake == 4
    s = run(s, "play 7H", "play 9D")
    assert s.scores() == (0, 4) and s.is_terminal()  # 4 > 3: the points are kept
    _check_terminal(s, winner=1)
    t = at_scores(2, 1, target=3)
    assert t.current_player == 0
    t = run(t, "play " + hand(t, 0)[0], "raise", "accept", "fold")  # 1 raised, then folds
    assert t.is_terminal() and t.scores() == (4, 1)


def test_T10_target_1_first_round_decides() -> None:
    s = game(["9S", "7H", "JD"], ["QS", "8H", "KC"], dealer=0, target=1)
    assert "raise" not in legal(s) and "rest" not in legal(s)
    s = s.apply("fold")
    assert s.is_terminal() and s.scores() == (1, 0)
    _check_terminal(s, winner=0)


@pytest.mark.parametrize("target", [1, 2, 5, 12, 99])
def test_T10_every_target_ends(target: int) -> None:
    s = new_game(Rules(target=target), seed=target)
    steps = 0
    while not s.is_terminal():
        s = s.apply(s.legal_actions()[-1])  # fold, or answer by folding
        steps += 1
    assert steps <= 2 * target and max(s.scores()) == target


def _check_terminal(s: State, winner: int) -> None:
    assert s.is_terminal() and s.current_player is None and s.legal_actions() == []
    assert s.returns() == ((1.0, -1.0) if winner == 0 else (-1.0, 1.0))
    assert s.winner() == winner
    assert not s.can_raise() and not s.can_redeal()
    for a in ("fold", "raise", "accept", "play 7S", "play 9D", "redeal"):
        with pytest.raises(IllegalActionError, match="over"):
            s.apply(a)
    o = s.observation(0)
    assert o["terminal"] and o["to_move"] is None


def test_T10_returns_zero_before_the_end() -> None:
    s = at_scores(5, 3)
    assert s.returns() == (0.0, 0.0) and s.winner() is None


# -- T11: notation ------------------------------------------------------------------------------
def test_T11_action_texts() -> None:
    assert [str(a) for a in (truc.RAISE, truc.REST, truc.ACCEPT, truc.REFUSE, truc.FOLD,
                             truc.REDEAL)] == ["raise", "rest", "accept", "refuse", "fold",
                                               "redeal"]
    assert str(truc.play(Card.parse("10H"))) == "play 10H"
    assert str(truc.play(Card.parse("QS"))) == "play QS"


def test_T11_every_action_round_trips() -> None:
    actions = [truc.play(c) for c in TRUC_32] + [truc.RAISE, truc.REST, truc.ACCEPT,
                                                 truc.REFUSE, truc.FOLD, truc.REDEAL]
    for a in actions:
        assert parse_action(str(a)) == a
        assert parse_action(str(a).upper()) == a
        assert parse_action("  " + str(a).lower() + " ") == a
        assert hash(parse_action(str(a))) == hash(a)
    assert parse_action("Play 10h") == truc.play(Card.parse("10H"))
    assert len(set(actions)) == 38


def test_T11_apply_text_equals_apply_action() -> None:
    s = game(["9S", "7H", "JD"], ["QS", "8H", "KC"], dealer=0)
    for path in ([], ["raise"], ["raise", "accept"], ["raise", "accept", "play 9S"],
                 ["redeal"], ["rest"], ["play 9S", "play QS"]):
        t = run(s, *path)
        for a in t.legal_actions():
            assert isinstance(a, Action)
            assert t.apply(str(a)) == t.apply(a)
            assert t.apply(str(a).upper()) == t.apply(a)
    assert [str(a) for a in s.apply("raise").history] == ["raise"]
    assert s.apply("PLAY 9s").history == (truc.play(Card.parse("9S")),)


def test_T11_history_is_in_notation() -> None:
    s = game(["9S", "7H", "JD"], ["QS", "8H", "KC"], dealer=0)
    moves = ["redeal", "refuse", "raise", "accept", "play 9S", "rest", "refuse"]
    s = run(s, *moves)
    assert s.to_dict()["history"] == moves
    assert s.observation(1)["history"] == moves
    assert s.round_history() == []
    assert [str(a) for a in s.history] == moves


# -- the rule functions the engine exports (each rule written once) --------------------------
def test_T7_next_stake_steps_1_2_then_plus_2() -> None:
    assert [truc.next_stake(s) for s in (1, 2, 4, 6, 10)] == [2, 4, 6, 8, 12]


def test_T7_stake_may_rise_below_what_the_player_behind_needs() -> None:
    assert truc.stake_may_rise(10, (0, 0), 12)
    assert not truc.stake_may_rise(12, (0, 0), 12)
    assert truc.stake_may_rise(2, (11, 9), 12)  # the player on 9 needs 3
    assert not truc.stake_may_rise(4, (11, 9), 12)
    assert not truc.stake_may_rise(1, (0, 0), 1)  # target 1: no raise at all


@pytest.mark.parametrize(("winners", "result"), [
    ([], (False, None)), ([0], (False, None)), ([0, 0], (True, 0)), ([0, 1], (False, None)),
    ([1, None], (True, 1)), ([None, 0], (True, 0)), ([None, None], (False, None)),
    ([0, 1, None], (True, 0)), ([1, 0, 0], (True, 0)), ([None, None, None], (True, None)),
    ([None, None, 1], (True, 1)), ([1, 0, 1], (True, 1)),
])
def test_T6_round_result_from_the_trick_winners(winners: list[int | None],
                                                result: tuple[bool, int | None]) -> None:
    assert truc.round_result(winners) == result


def test_T4_T5_trick_winner_by_strength() -> None:
    assert truc.trick_winner(0, 7, 3) == 0
    assert truc.trick_winner(0, 3, 7) == 1
    assert truc.trick_winner(1, 5, 5) is None


def test_T10_T8_round_points() -> None:
    assert truc.round_points(0, 4, False, (3, 5), 12) == 4
    assert truc.round_points(1, 4, True, (3, 5), 12) == 7  # the game: up to the target
    assert truc.round_points(None, 4, False, (3, 5), 12) == 0


# -- a match from a given score (new_game(scores=)) ------------------------------------------
def test_T10_a_match_can_start_from_a_given_score() -> None:
    s = new_game(Rules(), seed=3, dealer=0, scores=(6, 9))
    assert s.scores() == (6, 9)
    assert s.observation(0)["start_scores"] == [6, 9]
    assert State.from_dict(s.to_dict()) == s
    # T7's cap follows the score: the player on 6 needs 6, so 6 is the last stake raised to.
    assert _raise_while_possible(with_hands(s, SPOIL_ND, SPOIL_DL)) == [2, 4, 6]
    s = s.apply("raise").apply("accept").apply(str(s.legal_actions()[0]))
    from truf_tui.engine.record import GameRecord
    rec = GameRecord.from_state(s)
    assert rec.scores == (6, 9)
    assert GameRecord.from_json(rec.to_json()).replay() == s


@pytest.mark.parametrize("scores", [(12, 0), (0, 12), (-1, 0), (1,), "ab", (1.0, 2)])
def test_T10_start_scores_must_be_below_the_target(scores: object) -> None:
    with pytest.raises(ValueError, match="scores"):
        new_game(Rules(), seed=1, scores=scores)  # type: ignore[arg-type]


def test_T10_a_match_started_at_11_11_ends_after_one_scored_round() -> None:
    s = new_game(Rules(), seed=5, dealer=1, scores=(11, 11))
    assert not s.can_raise()  # the stake 1 already covers what either needs (T7)
    while s.round_no == 1 and not s.is_terminal():
        s = s.apply(str(s.legal_actions()[0]))
    assert s.is_terminal() or s.scores() == (11, 11)  # all spoiled: nobody scores


def test_T7_T8_T9_concession_is_what_a_refusal_or_fold_gives() -> None:
    # refusing a raise (or folding on one): the agreed stake, not the proposed one
    assert truc.concession(4, False, "raise", "stake") == (4, False)
    assert truc.concession(4, False, "raise", "game") == (4, False)
    # refusing a rest: the stake by default, the game under the literal variant (T8)
    assert truc.concession(2, False, "rest", "stake") == (2, False)
    assert truc.concession(2, False, "rest", "game") == (0, True)
    # a fold during an accepted rest concedes the game (T9); otherwise the stake
    assert truc.concession(6, True, None, "stake") == (0, True)
    assert truc.concession(6, False, None, "game") == (6, False)
    assert truc.concession(1, False, "redeal", "stake") == (1, False)


# -- why an action is illegal: one reason code, from the engine ------------------------------
def test_illegal_reason_agrees_with_legal_actions_and_apply() -> None:
    """For every action kind in many positions: ``illegal_reason`` is None exactly for the
    legal actions, and ``apply`` raises with that same code (carrying its rule id)."""
    import random

    rng = random.Random(12)
    seen: set[truc.Illegal] = set()
    for i in range(300):
        s = truc.new_game(truc.Rules(target=rng.choice([3, 6, 12])), seed=i)
        for _ in range(rng.randrange(30)):
            if s.is_terminal():
                break
            s = s.apply(rng.choice([a for a in s.legal_actions() if a != truc.FOLD]
                                   or s.legal_actions()))
        legal = s.legal_actions()
        others = [truc.play(c) for c in TRUC_32 if s.is_terminal()
                  or c not in s.hands[s.to_move]][:2]
        for a in [*legal, truc.RAISE, truc.REST, truc.REDEAL, truc.ACCEPT, truc.REFUSE,
                  truc.FOLD, *others]:
            why = s.illegal_reason(a)
            assert (why is None) == (a in legal), (s, a, why)
            if why is None:
                continue
            seen.add(why)
            with pytest.raises(IllegalActionError) as err:
                s.apply(a)
            assert err.value.reason is why
            assert err.value.legal == [str(x) for x in legal]
    assert seen == set(truc.Illegal) - {truc.Illegal.NOT_AN_ACTION}


def test_illegal_reason_codes_name_their_rules() -> None:
    assert truc.Illegal.STAKE_CAP.rule == "T7" and truc.Illegal.REDEAL_ONCE.rule == "T3"
    with pytest.raises(IllegalActionError) as err:
        truc.parse_action("bluff")
    assert err.value.reason is truc.Illegal.NOT_AN_ACTION
    s = truc.new_game(seed=1, dealer=0)
    after_lead = s.apply(truc.play(s.hands[1][0]))  # the dealer answers the first card
    with pytest.raises(IllegalActionError, match="only the non-dealer") as err:
        after_lead.apply(truc.REDEAL)
    assert err.value.reason is truc.Illegal.DEALER_REDEAL
    with pytest.raises(IllegalActionError, match="before the first card") as err:
        s.apply(truc.RAISE).apply(truc.ACCEPT).apply(truc.REDEAL)
    assert err.value.reason is truc.Illegal.REDEAL_LATE


def test_the_state_builder_agrees_with_the_field_list() -> None:
    """``_build`` takes every field by name and puts each in its place: a distinct marker
    per field comes back under that field's name."""
    import inspect

    fields = truc._Fields._fields
    assert tuple(inspect.signature(truc._build).parameters) == fields
    markers = {f: object() for f in fields}
    built = truc._build(**markers)  # type: ignore[arg-type]
    assert type(built) is State
    for f in fields:
        assert getattr(built, f) is markers[f], f


def test_a_determinizer_draw_keeps_what_the_player_knows() -> None:
    """A draw changes only what the observer cannot see (the opponent's hand and discards,
    the stock, the next shuffle's seed), each in its own field."""
    import random

    hidden = {"hands", "stock", "discards", "next_seed", "seed", "deck"}
    rng = random.Random(3)
    s = new_game(Rules(), seed=8)
    for _ in range(5):
        s = s.apply(s.legal_actions()[0])
        if s.is_terminal():
            break
        p = s.to_move
        assert p is not None
        draw = truc.determinizer(s.observation(p))(rng)
        for f in truc._Fields._fields:
            if f not in hidden:
                assert getattr(draw, f) == getattr(s, f), f
        assert draw.hands[p] == s.hands[p] and draw.discards[p] == s.discards[p]
        assert sorted(draw.hands[1 - p] + draw.discards[1 - p] + draw.stock) == sorted(
            s.hands[1 - p] + s.discards[1 - p] + s.stock)
        assert draw.seed is None and draw.deck is None  # a determinized state has no origin


def test_a_new_round_puts_every_field_in_its_place() -> None:
    """``_deal_round`` builds its state positionally (the hot path): field by field it is
    the state ``_build`` makes by name."""
    import random

    pack = list(TRUC_32)
    history = (truc.play(pack[0]), truc.FOLD)
    last_round, origin_seed, origin_deck = object(), object(), object()
    s = truc._deal_round(Rules(target=24), 1, (3, 4), 7, 99, history,
                         last_round, origin_seed, origin_deck,  # type: ignore[arg-type]
                         0, (1, 2), (), pack)
    rng = random.Random(99)
    expected = truc._build(
        rules=Rules(target=24), dealer=1, to_move=0, points=(3, 4),
        hands=(tuple(pack[0:6:2]), tuple(pack[1:6:2])), stock=tuple(pack[6:]),
        discards=((), ()), stake=1, rest=False, pending=None, last_raiser=None,
        redeal_used=False, leader=0, trick_card=None, tricks=(), round_no=7,
        round_start=len(history), next_seed=rng.getrandbits(64), history=history,
        last_round=last_round, seed=origin_seed, deck=origin_deck,  # type: ignore[arg-type]
        first_dealer=0, start_scores=(1, 2), deals=())
    for f in truc._Fields._fields:
        assert getattr(s, f) == getattr(expected, f), f
