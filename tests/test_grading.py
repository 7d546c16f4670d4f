"""Grading (truf_tui/grading.py): the classes and their thresholds per unit, the rule that a
choice of the solution is never a mistake, the costliest decisions, and Trufludo's grader on
a constructed position and a whole game (deterministic)."""

from __future__ import annotations

import re

import pytest

from truf_tui.cards import PACKS, Card
from truf_tui.engine import trufludo
from truf_tui.engine.trufludo import play
from truf_tui.grading import (
    THRESHOLDS,
    UNITS,
    Grade,
    Graded,
    classify,
    costliest,
    counts,
    grade_game,
    grade_move,
    grade_trufludo,
    is_choice,
    total_loss,
)
from truf_tui.grading import positions as grading_positions


def c(text: str) -> Card:
    return Card.parse(text, "french")


def trufludo_state(hands: list[list[str]], table: list[str], stock: int) -> trufludo.State:
    """A position, seat 0 to move: the given hands and table, ``stock`` cards in the stock and
    the rest in the piles (no game led to it: it has no history)."""
    used = {x for h in hands for x in h} | set(table)
    rest = [str(x) for x in PACKS["french"] if str(x) not in used]
    half = (len(rest) - stock) // 2
    return trufludo.State.from_dict({
        "game": "trufludo", "rules": trufludo.Rules().to_dict(), "dealer": 1, "to_move": 0,
        "hands": hands, "stock": rest[:stock], "table": table,
        "piles": [rest[stock:stock + half], rest[stock + half:]], "trufegoj": [[], []],
        "last_capturer": None, "history": [], "seed": 1})


# -- the classes ----------------------------------------------------------------------------------
@pytest.mark.parametrize("unit", UNITS)
def test_each_threshold_starts_its_class(unit: str) -> None:
    t = THRESHOLDS[unit]  # type: ignore[index]
    below = 1e-6
    assert classify(0.0, unit) is Grade.BEST  # type: ignore[arg-type]
    assert classify(t.best, unit) is Grade.BEST  # type: ignore[arg-type]
    assert classify(t.best + below, unit) is Grade.CORRECT  # type: ignore[arg-type]
    assert classify(t.inaccuracy - below, unit) is Grade.CORRECT  # type: ignore[arg-type]
    assert classify(t.inaccuracy, unit) is Grade.INACCURACY  # type: ignore[arg-type]
    assert classify(t.mistake - below, unit) is Grade.INACCURACY  # type: ignore[arg-type]
    assert classify(t.mistake, unit) is Grade.MISTAKE  # type: ignore[arg-type]
    assert classify(t.blunder - below, unit) is Grade.MISTAKE  # type: ignore[arg-type]
    assert classify(t.blunder, unit) is Grade.BLUNDER  # type: ignore[arg-type]
    assert classify(50.0, unit) is Grade.BLUNDER  # type: ignore[arg-type]


def test_the_thresholds_rise_and_points_are_not_chances() -> None:
    for t in THRESHOLDS.values():
        assert 0 < t.best < t.inaccuracy < t.mistake < t.blunder
    # A quarter of a round's point is a mistake; a quarter of a point of winning chance is
    # nothing to speak of, and 0.25 of a match's chance is a blunder.
    assert classify(0.25, "points") is Grade.MISTAKE
    assert classify(0.0025, "match") is Grade.BEST
    assert classify(0.25, "match") is Grade.BLUNDER
    assert classify(0.07, "win chance") is Grade.INACCURACY


@pytest.mark.parametrize("unit", UNITS)
def test_a_choice_the_solution_makes_is_never_a_mistake(unit: str) -> None:
    for loss in (0.0, 0.003, 0.2, 0.7, 3.0):
        plain = classify(loss, unit)  # type: ignore[arg-type]
        played = classify(loss, unit, played_by_solution=True)  # type: ignore[arg-type]
        assert played <= Grade.CORRECT
        assert played == min(plain, Grade.CORRECT)  # a best choice stays best
    assert classify(3.0, unit, played_by_solution=False) is Grade.BLUNDER  # type: ignore[arg-type]


def test_a_negative_loss_or_an_unknown_unit_is_refused() -> None:
    assert classify(-1e-12, "points") is Grade.BEST  # rounding on a best choice
    with pytest.raises(ValueError):
        classify(-0.1, "points")
    with pytest.raises(ValueError):
        classify(float("nan"), "points")
    with pytest.raises(ValueError):
        classify(0.1, "pounds")  # type: ignore[arg-type]


def test_graded_of_measures_the_loss_against_the_best() -> None:
    g = Graded.of(1, 7, "fold", [("raise", 0.4), ("fold", -1.0), ("call", 0.1)], "points")
    assert (g.player, g.index, g.action, g.best) == (1, 7, "fold", "raise")
    assert g.loss == pytest.approx(1.4)
    assert g.grade is Grade.BLUNDER
    assert [a for a, _ in g.values] == ["raise", "call", "fold"]  # best first
    tie = Graded.of(0, 0, "call", [("raise", 0.4), ("call", 0.4)], "points")
    assert (tie.best, tie.loss, tie.grade) == ("call", 0.0, Grade.BEST)
    mixed = Graded.of(0, 0, "call", [("raise", 0.4), ("call", 0.0)], "points",
                      played_by_solution=True)
    assert mixed.grade is Grade.CORRECT and mixed.loss == pytest.approx(0.4)
    with pytest.raises(ValueError):
        Graded.of(0, 0, "hop", [("raise", 0.4)], "points")


def test_costliest_are_the_dearest_first_and_never_a_best_choice() -> None:
    gs = [Graded.of(0, i, "a", [("a", 0.0), ("b", loss)], "points")
          for i, loss in enumerate([0.3, 0.005, 0.8, 0.3, 0.0, 0.05])]
    top = costliest(gs)
    assert [g.index for g in top] == [2, 0, 3]  # equal losses: the earlier first
    assert [g.index for g in costliest(gs, n=10)] == [2, 0, 3, 5]  # 0.005: best, left out
    assert total_loss(gs) == pytest.approx(1.455)
    n = counts(gs)
    assert n == {Grade.BEST: 2, Grade.CORRECT: 1, Grade.INACCURACY: 0, Grade.MISTAKE: 2,
                 Grade.BLUNDER: 1}


# -- Trufludo -------------------------------------------------------------------------------------
def single_card_spot() -> trufludo.State:
    """One card on the table, 4♥, and 7♥ in hand: taking it is a trufego (F7, worth 3 and
    the move again), throwing 2♠ or 3♣ instead leaves the opponent two cards to take from."""
    return trufludo_state([["7H", "2S", "3C"], ["5D", "9S"]], ["4H"], stock=18)


def test_the_trufego_is_best_and_throwing_it_away_is_graded_worse() -> None:
    s = single_card_spot()
    trufego = grade_move(s, play(c("7H"), c("4H")), 0)
    assert trufego.grade is Grade.BEST and trufego.loss == 0.0
    assert trufego.unit == "win chance"
    for card in ("2S", "3C"):
        g = grade_move(s, play(c(card)), 0)
        assert g.best == play(c("7H"), c("4H"))
        assert g.loss > trufego.loss
        assert g.grade >= Grade.INACCURACY, (card, g.loss)
    with pytest.raises(ValueError):
        grade_move(s, play(c("5D")), 0)  # not in the mover's hand


def test_grading_is_deterministic() -> None:
    s = single_card_spot()
    a = play(c("2S"))
    assert grade_move(s, a, 3) == grade_move(s, a, 3)


def finished_game(seed: int) -> trufludo.State:
    from truf_tui.ai import make_bot

    s = trufludo.new_game(seed=seed)
    bots = [make_bot("trufludo", "easy", seed=seed), make_bot("trufludo", "medium", seed=1)]
    while not s.is_terminal():
        p = s.to_move
        assert p is not None
        s = s.apply(bots[p].choose(s.observation(p)))
    return s


def test_a_whole_game_grades_each_real_choice_of_one_seat_the_same_every_time() -> None:
    final = finished_game(4)
    graded = grade_game(final, 0, iterations=60)
    assert graded is not None and graded
    start = final.initial()
    s = start
    choices = []
    for i, a in enumerate(final.history):
        if s.to_move == 0 and is_choice(s):
            choices.append(i)
        s = s.apply(a)
    assert [g.index for g in graded] == choices
    assert all(g.player == 0 and g.action == final.history[g.index] for g in graded)
    assert grade_trufludo(start, final.history, 0, iterations=60) == graded
    stopped = grade_trufludo(start, final.history, 0, iterations=60, cancelled=lambda: True)
    assert stopped == []


def test_a_position_set_up_by_hand_is_not_a_game_to_grade() -> None:
    s = single_card_spot().apply(play(c("7H"), c("4H")))
    assert grade_game(s, 0) is None


def test_a_hand_of_one_suit_is_no_choice() -> None:
    s = trufludo_state([["7H", "2H", "3H"], ["5D", "9S"]], ["4S"], stock=18)
    assert not is_choice(s)
    assert is_choice(single_card_spot())


# -- one set of figures: the hint and the review (issue 38 item 7, the audit) ----------------
def game_positions(seed: int, seat: int = 0) -> list[trufludo.State]:
    """The positions of ``seat``'s real choices in a game of ``easy`` against ``medium``."""
    final = finished_game(seed)
    return [s for s in grading_positions(final.initial(), final.history)
            if s.to_move == seat and is_choice(s)]


def test_the_hint_shows_the_figures_the_review_grades_by() -> None:
    """Played as a new user: the hint said 55% for a capture and 53% for a throw (2 points,
    "correct"), the review called the throw an inaccuracy costing 6% (the hint searched for
    2 s with the table's seed, the review 200 iterations with its own).  Now both read one
    search per position (``expert_view``): every move's figure in the hint is its value in
    the review, the hint's first line is never worse than best, and a move's loss is the
    hint's first figure minus its own."""
    from truf_tui.ui.widgets import hints

    for i, s in enumerate(game_positions(4)[:6]):
        hint = hints.analyse("trufludo", s, {"iterations": 60}, seed=7 + i, me=0)
        assert hint.lines is not None
        top = hint.lines[0].value
        for line in hint.lines:
            for a in (line.action, *line.same):
                assert isinstance(a, trufludo.Play)
                g = grade_move(s, a, len(s.history), iterations=60)
                assert dict(g.values)[a] == line.value
                assert g.loss == pytest.approx(top - line.value, abs=1e-9)
                if line is hint.lines[0]:
                    assert g.grade is Grade.BEST and g.best == a


def test_figures_and_losses_are_whole_percents_and_equal_figures_are_a_tie() -> None:
    """The review writes a loss to the whole percent the hint writes each figure to: the
    values are taken at that precision (as Le Truc's, ``grading.shown_value``), so a loss is
    the difference of two figures shown, a move shown level with the best is best, and the
    total is the sum of the losses shown."""
    graded = [grade_move(s, s.legal_actions()[-1], len(s.history), iterations=60)
              for s in game_positions(6)]
    assert graded
    for g in graded:
        assert all(round(100 * v) == pytest.approx(100 * v, abs=1e-9) for _, v in g.values)
        assert round(100 * g.loss) == pytest.approx(100 * g.loss, abs=1e-9)
        assert (g.loss == 0.0) == (g.grade is Grade.BEST)
    assert round(100 * total_loss(graded)) == sum(round(100 * g.loss) for g in graded)


def test_the_moves_of_one_suit_are_one_line_of_the_hint() -> None:
    """F1: only the suit counts.  5♥ can take 8♥, Q♥ or 9♥: the hint listed three lines with
    one figure (at 80x24 they pushed the throws out of sight); two clubs thrown are one
    move too."""
    from truf_tui.ui.i18n import get_language, set_language
    from truf_tui.ui.widgets import hints

    s = trufludo_state([["5H", "4C", "6C"], ["5D", "9S", "KC"]], ["8H", "QH", "9H", "2S"],
                       stock=18)
    hint = hints.analyse("trufludo", s, {"iterations": 60}, seed=1, me=0)
    assert hint.lines is not None
    assert len(hint.lines) == 2  # take a heart, throw a club
    def words() -> set[str]:
        return {re.sub(r"\[[^]]*\]", "", hints.action_text("trufludo", s, x.action,
                                                           "letters", x.same))
                .replace("\xa0", "").strip() for x in hint.lines or ()}

    before = get_language()
    try:
        set_language("en")
        assert words() == {"5H takes 8H, QH or 9H", "throw 4C or 6C"}
        set_language("eo")
        assert words() == {"5H prenas 8H, QH aŭ 9H", "ĵeti 4C aŭ 6C"}
    finally:
        set_language(before)


def test_a_hint_without_a_choice_gives_no_chance() -> None:
    """With cards of one suit left the search has nothing to compare and said "50%" (a coin
    toss, right after a hint at 25%); the review grades no such move.  The hint now says
    there is no choice, and names the move without a figure."""
    from truf_tui.ui.i18n import get_language, set_language
    from truf_tui.ui.widgets import hints

    s = trufludo_state([["7H", "2H"], ["5D", "9S", "KC"]], ["4S", "KS"], stock=18)
    assert not is_choice(s)
    hint = hints.analyse("trufludo", s, {"iterations": 60}, seed=1, me=0)
    before = get_language()
    try:
        for lang, words in (("en", "No choice here"), ("eo", "Neniu elekto")):
            set_language(lang)
            text = hints.hint_markup(hint, "letters")
            assert words in text and "%" not in text, text
            assert "7H" in text and "2H" in text  # the move, either card (F1)
    finally:
        set_language(before)
