"""The coach (truf_tui/coach.py): bluff classification and round reviews on constructed Truc
rounds, hint reasons for both games, the Trufludo one-card warning, bluff statistics."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from truf_tui import coach
from truf_tui.ai.truc_knowledge import equity
from truf_tui.cards import TRUC_32, Card
from truf_tui.engine import truc, trufludo
from truf_tui.engine.trufludo import play as fplay

YOU, CPU = 0, 1


def deal(you: Sequence[str], cpu: Sequence[str], dealer: int = CPU) -> truc.State:
    """A new match whose first round deals ``you`` and ``cpu`` (T2: one card at a time,
    the non-dealer first)."""
    nd, d = (you, cpu) if dealer == CPU else (cpu, you)
    top = [nd[0], d[0], nd[1], d[1], nd[2], d[2]]
    rest = [str(c) for c in TRUC_32 if str(c) not in top]
    return truc.new_game(deck=top + rest, dealer=dealer, seed=1)


def c(text: str) -> Card:
    return Card.parse(text, "truc")


WEAK = ("9S", "10S", "JS")
STRONG = ("7H", "8H", "AH")


# -- the measure ---------------------------------------------------------------------------------
def test_round_equity_is_exact_and_agrees_with_sampling() -> None:
    s = deal(("7S", "QD", "10C"), ("9H", "KH", "AS"))
    exact = coach.round_equity(s, YOU)
    sampled = equity(s, YOU, random.Random(3), n=6000)
    assert abs(exact - sampled) < 0.03
    assert coach.round_equity(s, YOU) == exact  # no randomness


def test_equity_uses_only_what_the_raiser_sees() -> None:
    # The same hand of yours against two different computer hands: the same estimate.
    a = deal(("8S", "KD", "9C"), STRONG)
    b = deal(("8S", "KD", "9C"), WEAK)
    assert coach.round_equity(a, YOU) == coach.round_equity(b, YOU)


def test_equity_follows_the_tricks() -> None:
    # You lead 7S and win trick 1 against 9H: leading 7C next, you cannot lose the round any
    # more (won then won, or won then spoiled, both settle it for you, T6).
    s = deal(("7S", "7C", "9C"), ("9H", "10H", "JH"))
    s = s.apply("play 7S").apply("play 9H")
    assert s.to_move == YOU and len(s.tricks) == 1
    assert coach.round_equity(s, YOU) == 1.0


# -- constructed rounds --------------------------------------------------------------------------
def test_a_pure_bluff_that_worked() -> None:
    s = deal(WEAK, STRONG)
    r = coach.review_round(s, ["raise", "refuse"])
    (bet,) = r.bets
    assert bet.by == YOU and bet.kind == "raise" and bet.trick == 1 and bet.stake == 1
    assert bet.equity < 0.05 and bet.bluff
    assert bet.worked and not bet.called and bet.answer == "refuse"
    assert bet.would_win == 0.0  # called, it would have lost: the bluff stole the round
    (give_up,) = r.give_ups
    assert give_up.by == CPU and give_up.wrong and give_up.points == 1
    assert r.end.winner == YOU and r.end.how == "refused"
    assert r.hands == (tuple(map(c, WEAK)), tuple(map(c, STRONG)))
    stats = coach.BluffStats.of([r])
    assert (stats.my_bets, stats.my_bluffs, stats.my_bluffs_worked) == (1, 1, 1)
    assert stats.their_bets == 0


def test_a_bluff_that_was_called() -> None:
    s = deal(WEAK, STRONG)
    r = coach.review_round(s, ["raise", "accept", "play JS", "play 7H", "play 8H", "play 9S"])
    (bet,) = r.bets
    assert bet.bluff and bet.called and not bet.worked and bet.would_win is None
    assert r.give_ups == ()
    assert r.end.winner == CPU and r.end.points == 2
    stats = coach.BluffStats.of([r])
    assert stats.my_bluffs == 1 and stats.my_bluffs_worked == 0


def test_a_value_raise() -> None:
    s = deal(("7H", "7S", "8H"), WEAK)
    r = coach.review_round(s, ["raise", "refuse"])
    (bet,) = r.bets
    assert bet.equity > 0.95 and not bet.bluff and bet.worked
    (give_up,) = r.give_ups
    assert give_up.by == CPU and not give_up.wrong and give_up.would_win == 0.0
    stats = coach.BluffStats.of([r])
    assert stats.my_bets == 1 and stats.my_bluffs == 0  # a value bet


def test_a_wrong_refusal_of_the_computers_bluff() -> None:
    # You lead 8H; the computer, who can beat nothing, raises; you refuse with 7H 7S left.
    s = deal(("7H", "7S", "8H"), WEAK)
    r = coach.review_round(s, ["play 8H", "raise", "refuse"])
    (bet,) = r.bets
    assert bet.by == CPU and bet.trick == 1 and bet.bluff and bet.worked
    assert bet.equity < 0.2  # from its side: 8H beats each of its cards
    (give_up,) = r.give_ups
    assert give_up.by == YOU and give_up.kind == "refuse" and give_up.answering == "raise"
    assert give_up.wrong and give_up.would_win == 1.0 and give_up.points == 1
    assert r.end.winner == CPU
    stats = coach.BluffStats.of([r])
    assert (stats.their_bets, stats.their_bluffs) == (1, 1)


def test_a_right_refusal_and_a_called_value_rest() -> None:
    s = deal(WEAK, STRONG)
    r = coach.review_round(s, ["play JS", "rest", "refuse"])
    (bet,) = r.bets
    assert bet.kind == "rest" and not bet.bluff and bet.asked == 0
    (give_up,) = r.give_ups
    assert not give_up.wrong and give_up.would_win == 0.0
    s = deal(WEAK, STRONG)
    r = coach.review_round(s, ["play JS", "rest", "accept", "play 7H", "play 8H", "play 9S"])
    assert r.bets[0].called and not r.bets[0].bluff and r.end.game


def test_a_fold_and_a_raise_back() -> None:
    # You raise (value), the computer accepts and raises back with nothing: a bluff you call.
    s = deal(("7H", "7S", "8H"), WEAK)
    r = coach.review_round(s, ["play 8H", "raise", "accept", "play 9S", "raise", "accept",
                               "play 7H", "play 10S"])
    assert [b.by for b in r.bets] == [CPU, YOU]
    assert r.bets[0].bluff and r.bets[0].called
    assert not r.bets[1].bluff and r.bets[1].called and r.bets[1].stake == 2
    assert r.end.winner == YOU and r.end.points == 4
    # Folding instead of playing on: a fold that gave up a won round.
    s = deal(("7H", "7S", "8H"), WEAK)
    r = coach.review_round(s, ["fold"])
    (give_up,) = r.give_ups
    assert give_up.kind == "fold" and give_up.answering is None and give_up.wrong


def test_reviews_of_a_whole_match() -> None:
    s = deal(WEAK, STRONG)
    for a in ["raise", "refuse", "fold"]:
        s = s.apply(a)
    all_rounds = coach.reviews(s)
    assert [r.round for r in all_rounds] == [1, 2]
    assert all_rounds[0].bets[0].bluff
    last = coach.last_review(s)
    assert last is not None and last.round == 2 and last.give_ups[0].kind == "fold"
    assert coach.last_review(deal(WEAK, STRONG)) is None


def test_a_review_needs_a_whole_round() -> None:
    with pytest.raises(ValueError):
        coach.review_round(deal(WEAK, STRONG), ["raise"])


# -- hint reasons --------------------------------------------------------------------------------
def test_truc_reasons() -> None:
    s = deal(("7H", "9S", "KD"), ("8H", "QS", "JD"))
    assert coach.truc_reason(s, truc.play(c("7H")), YOU).key == "t.lead.unbeaten"
    r = coach.truc_reason(s, truc.play(c("9S")), YOU)
    assert r.key == "t.lead.risky" and r.params["p"] == 100  # any hand beats or ties a 9
    with pytest.raises(ValueError):  # a bet's words are truc_fact's, with no estimate
        coach.truc_reason(s, truc.RAISE, YOU)
    assert coach.truc_fact(s, truc.RAISE, YOU) == coach.Reason("t.raise.does", {"n": 2})
    assert coach.truc_reason(s, truc.FOLD, YOU) == coach.Reason("t.fold", {"n": 1})
    s = s.apply("play KD")
    assert coach.truc_reason(s, truc.play(c("8H")), CPU).key == "t.answer.wins"
    assert coach.truc_reason(s, truc.play(c("QS")), CPU).key == "t.answer.loses.keep"
    s = s.apply("raise")
    assert coach.truc_reason(s, truc.REFUSE, CPU) == coach.Reason("t.refuse", {"n": 1})
    assert coach.truc_fact(s, truc.ACCEPT, CPU) == coach.Reason("t.accept.does", {"n": 2})
    # Answering the second trick after winning the first: a winning card wins the round.
    s = s.apply("accept").apply("play 8H")  # CPU's 8H beats KD; CPU leads next
    s = s.apply("play JD")
    assert coach.truc_reason(s, truc.play(c("7H")), YOU).key == "t.answer.wins"
    assert coach.truc_reason(s, truc.play(c("9S")), YOU).key == "t.answer.loses.round"


def test_refusing_can_lose_the_match() -> None:
    s = truc.new_game(truc.Rules(target=1), seed=2)
    s = s.apply("raise") if truc.RAISE in s.legal_actions() else s
    me = s.to_move
    assert me is not None
    assert coach.truc_reason(s, truc.REFUSE, me).key == "t.refuse.match"


def fstate(hands: Sequence[Sequence[str]], table: Sequence[str], stock: int = 12,
           ) -> trufludo.State:
    from truf_tui.cards import PACKS

    used = {x for h in hands for x in h} | set(table)
    rest = [str(x) for x in PACKS["french"] if str(x) not in used]
    half = (len(rest) - stock) // 2
    return trufludo.State.from_dict({
        "game": "trufludo", "rules": trufludo.Rules().to_dict(), "dealer": 1, "to_move": 0,
        "hands": [list(hands[0]), list(hands[1])], "stock": rest[:stock],
        "table": list(table), "piles": [rest[stock:stock + half], rest[stock + half:]],
        "trufegoj": [[], []], "last_capturer": None, "history": [], "seed": 1})


def f(text: str) -> Card:
    return Card.parse(text, "french")


def test_trufludo_reasons_and_the_one_card_warning() -> None:
    s = fstate([["7H", "2S", "3C"], ["5D", "9S", "KC"]], ["4H", "KS"])
    r = coach.trufludo_reason(s, fplay(f("7H"), f("4H")))
    assert r == coach.Reason("f.take.leaves_one", {"take": f("4H"), "left": f("KS")})
    assert coach.risky(s, fplay(f("7H"), f("4H"))) == f("KS")
    assert coach.trufludo_reason(s, fplay(f("3C"))) == coach.Reason("f.throw", {"n": 3})
    assert coach.risky(s, fplay(f("3C"))) is None
    s = fstate([["7H", "2S", "3C"], ["5D", "9S", "KC"]], ["4H"])
    assert coach.trufludo_reason(s, fplay(f("7H"), f("4H"))).key == "f.trufego"
    assert coach.leaves_one(s, fplay(f("7H"), f("4H"))) is None  # F8: you play again
    s = fstate([["7H", "2S", "3C"], ["5D", "9S", "KC"]], ["4H", "KH", "QD"])
    assert coach.trufludo_reason(s, fplay(f("7H"), f("4H"))) == coach.Reason(
        "f.take", {"take": f("4H"), "n": 2})
    # An empty table: every throw leaves one card, so nothing is worth a warning.
    s = fstate([["7H", "2S", "3C"], ["5D", "9S", "KC"]], [])
    assert coach.trufludo_reason(s, fplay(f("7H"))).key == "f.throw.leaves_one"
    assert coach.risky(s, fplay(f("7H"))) is None


# -- issue 38 A1: the hint gives no estimate of its own beside the solution's values --------
def _rest_on_trick_three(you: Sequence[str], cpu: Sequence[str],
                         moves: Sequence[str]) -> truc.State:
    s = deal(you, cpu)
    for a in moves:
        s = s.apply(a)
    assert s.pending == "rest" and s.to_move == YOU and len(s.tricks) == 2  # T8, trick 3
    return s


def test_facing_a_rest_the_hint_says_what_accepting_does_and_the_solutions_value() -> None:
    from truf_tui.ai.solved import SolvedTrucBot
    from truf_tui.ui.widgets.hints import analyse

    # You won trick 1, the computer trick 2; it leads trick 3 and declares its rest (T8)
    # holding the 7.  The panel's accept says what accepting does, and its figure is the
    # solution's value (no chance of winning from another model beside it).
    s = _rest_on_trick_three(("7C", "9S", "8H"), ("9H", "10D", "7S"),
                             ["play 7C", "play 9H", "play 9S", "play 10D", "rest"])
    hint = analyse("truc", s, {}, seed=3, me=YOU)
    assert hint.lines is not None
    [accept] = [h for h in hint.lines if h.action == truc.ACCEPT]
    assert accept.reason == coach.Reason("t.accept.rest.does", {})
    assert accept.value == round(  # at the two decimals every screen writes
        SolvedTrucBot().action_values(s.observation(YOU))[truc.ACCEPT], 2)


def test_the_last_trick_counts_the_tie_that_loses_the_round() -> None:
    """Issue 38 A9: leading the third trick after one trick each, an equal card spoils it
    and the round goes to the winner of the first trick (T6): the risk counts equal cards."""
    s = deal(("9S", "8S", "QD"), ("KH", "10H", "QC"))
    s = s.apply("play 9S").apply("play KH")  # the computer wins trick 1 and leads
    s = s.apply("play 10H").apply("play 8S")  # you win trick 2 and lead trick 3
    assert s.to_move == YOU and len(s.tricks) == 2 and coach.spoil_loses(s, YOU)
    r = coach.truc_reason(s, truc.play(c("QD")), YOU)
    # 27 unseen cards: 14 beat a queen, 3 more are queens
    assert r.key == "t.lead.risky.spoil" and r.params["p"] == round(100 * 17 / 27)
    # After winning the first trick a spoiled trick wins you the round: no tie counted.
    t = deal(("KH", "8S", "QD"), ("9S", "10H", "QC"))
    t = t.apply("play KH").apply("play 9S")
    assert not coach.spoil_loses(t, YOU)
    assert coach.truc_reason(t, truc.play(c("QD")), YOU).key == "t.lead.risky"
    # The highest card left can still lose the round to an equal one.
    u = deal(("9S", "8S", "7D"), ("KH", "10H", "QC"))
    u = u.apply("play 9S").apply("play KH").apply("play 10H").apply("play 8S")
    r = coach.truc_reason(u, truc.play(c("7D")), YOU)
    assert r.key == "t.lead.spoil.loses" and r.params["p"] == round(100 * 3 / 27)
