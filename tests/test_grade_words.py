"""Issue 38, the trainer's loose ends: a decision's class decides its words everywhere (a
choice the solved player never makes, within rounding of the best value, is "best value,
though the solution never plays it", never "a wrong call" beside "best"), and no figure of
a loss that is not zero reads as zero (a loss of 0.4% of the match was "0%")."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Literal

import pytest
from test_coach import deal

from truf_tui import coach, drills
from truf_tui.cards import TRUC_32, Card
from truf_tui.engine import truc
from truf_tui.grading import Grade, Graded, grade_truc_move, shown_value, written
from truf_tui.play.config import HUMAN
from truf_tui.ui.i18n import set_language, tr
from truf_tui.ui.screens.drills import figure as drill_figure
from truf_tui.ui.screens.drills import loss_words
from truf_tui.ui.screens.graded import pct
from truf_tui.ui.screens.practice import review_lines
from truf_tui.ui.screens.stats import Leak, Progress, leak_rows, other_line
from truf_tui.ui.screens.truc_grades import amount, decision_lines, match_review_lines
from truf_tui.ui.widgets.hints import figure, shown

NEVER = {"en": "best value, though the solution never plays it",
         "eo": "plej bona valoro, kvankam la solvo neniam ludas ĝin"}
WRONG_CALL = {"en": "A wrong call.", "eo": "Malĝusta akcepto."}


@pytest.fixture(autouse=True, params=["en", "eo"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language("en")


class Given:
    """A grader with given values (the other legal actions at -1) and solved frequencies."""

    def __init__(self, values: dict[truc.Action, float], policy: dict[truc.Action, float],
                 legal: list[truc.Action], unit: Literal["points", "match"] = "points") -> None:
        self.values = {a: values.get(a, -1.0) for a in legal}
        self.freqs = policy
        self.unit: Literal["points", "match"] = unit

    def action_values(self, observation: truc.Observation) -> dict[truc.Action, float]:
        return dict(self.values)

    def value_unit(self, observation: truc.Observation) -> Literal["points", "match"]:
        return self.unit

    def policy(self, observation: truc.Observation) -> dict[truc.Action, float]:
        return dict(self.freqs)


def seven_and_ace() -> tuple[truc.State, truc.Action, truc.Action]:
    first = ["7S", "9H", "AD", "JC", "AC", "QC"]
    s = truc.new_game(seed=1, dealer=1,
                      deck=first + [str(c) for c in TRUC_32 if str(c) not in first])
    seven, ace = (next(a for a in s.legal_actions() if a.card == Card.parse(c, "truc"))
                  for c in ("7S", "AD"))
    return s, seven, ace


def test_a_choice_the_solution_never_makes_is_best_by_value_in_words(lang: str) -> None:
    """The ace, never played by the solved player, 0.01 below the seven: best (the
    solution's rounding), and every line that names its grade says the solution never plays
    it; the same loss on a choice it mixes in is plainly "best"."""
    s, seven, ace = seven_and_ace()
    g = grade_truc_move(s, ace, 0, Given({seven: 0.49, ace: 0.48}, {seven: 1.0},
                                         s.legal_actions()))
    assert (g.grade, g.played, g.loss) == (Grade.BEST, False, 0.01)
    assert tr(g.words_key) == NEVER[lang]
    assert NEVER[lang] in "\n".join(decision_lines([g], lambda i: s, "letters"))
    mixed = grade_truc_move(s, ace, 0, Given({seven: 0.49, ace: 0.48},
                                             {seven: 0.5, ace: 0.5}, s.legal_actions()))
    assert mixed.grade is Grade.BEST and tr(mixed.words_key) == tr("grade.best")
    # costing a little more: correct, and still never the solution's
    dear = grade_truc_move(s, ace, 0, Given({seven: 0.49, ace: 0.44}, {seven: 1.0},
                                            s.legal_actions()))
    assert dear.grade is Grade.CORRECT and dear.words_key == "grade.correct.never"
    text = "\n".join(match_review_lines([dear], lambda i: s, "letters"))
    assert tr("grade.correct.never") in text
    # a drill decides the same words from the same class
    an = drills.Analysis({seven: 0.49, ace: 0.48}, "points", {seven: 1.0, ace: 0.0}, None)
    v = drills.grade(an, ace)
    assert (v.grade, v.words_key, v.loss) == (Grade.BEST, "grade.best.never", 0.01)
    assert drills.graded(drills.Spot("random", 1, 1, (0, 0), (), 0), an, v, 1).played is False


def answered_raise() -> tuple[coach.RoundReview, coach.Bet]:
    """The computer raises, you call, and the solved player (as the review reads it) never
    calls with your hand: a wrong call by the solved player's mix."""
    s = deal(("9S", "10S", "JS"), ("7H", "7D", "8H"), HUMAN)
    acts = ["raise", "accept"]
    t = s.apply("raise").apply("accept")
    while t.last_round is s.last_round:
        a = next(a for a in t.legal_actions() if a.kind == "play")
        acts.append(str(a))
        t = t.apply(a)
    review = coach.review_round(s, acts)
    (b,) = review.bets
    assert b.called and b.by != HUMAN and b.answer_at == 1 and b.answer_view is not None
    b = replace(b, answer_view=replace(b.answer_view, p_accept=0.0))
    assert b.wrong_answer
    return replace(review, bets=(b,)), b


def test_the_review_calls_an_answer_wrong_only_as_its_grade_does(lang: str) -> None:
    """A call the solved player never makes but that its values put within rounding of the
    best was graded "best" while the review beside it said "A wrong call.": the grade
    decides, and the review says the grade; a call graded a mistake is a wrong call."""
    review, b = answered_raise()
    at = b.answer_at
    assert at is not None

    def graded(grade: Grade) -> Graded[truc.Action]:
        return Graded(HUMAN, at, truc.ACCEPT, 0.0 if grade is Grade.BEST else 0.3,
                      truc.ACCEPT if grade is Grade.BEST else truc.REFUSE,
                      ((truc.ACCEPT, 1.0), (truc.REFUSE, 1.0)), "points", grade, ("raised",),
                      played=False)

    best = "\n".join(review_lines(review, "letters", grades={at: graded(Grade.BEST)}))
    assert WRONG_CALL[lang] not in best
    assert tr("review.solved.graded", grade=NEVER[lang]) in best
    assert "Wrong decision" not in best and "Malprava decido" not in best
    mistake = "\n".join(review_lines(review, "letters", grades={at: graded(Grade.MISTAKE)}))
    assert WRONG_CALL[lang] in mistake and NEVER[lang] not in mistake
    # graded, but not yet: no verdict until the grade comes
    assert WRONG_CALL[lang] not in "\n".join(review_lines(review, "letters", grades={}))
    # nothing graded (a replay): the solved player's mix says it
    assert WRONG_CALL[lang] in "\n".join(review_lines(review, "letters"))


def test_a_loss_of_the_match_below_a_percent_does_not_read_as_zero(lang: str) -> None:
    """Values of the match were written (and taken) in whole percents: 57.3% and 56.7%
    were both "57%", and a loss between them read "0%".  They are written to a tenth now,
    the loss is their difference, and every screen writes it so."""
    mark = "," if lang == "eo" else "."
    s, seven, ace = seven_and_ace()
    g = grade_truc_move(s, ace, 0, Given({seven: 0.5734, ace: 0.5671}, {seven: 1.0},
                                         s.legal_actions(), "match"))
    assert dict(g.values)[seven] == shown_value(0.5734, "match") == 0.573
    assert g.loss == 0.006 and g.grade is Grade.CORRECT
    assert figure(0.5734, "match").endswith(f"57{mark}3%")  # the hint's
    assert shown(0.5734, "match") == 0.573
    assert drill_figure(0.5734, "match") == f"57{mark}3%"  # the trainer's
    cost = amount(g.loss, "match")  # the review's and the results'
    assert cost.startswith(f"0{mark}6%")
    assert loss_words(g.loss, "match") == cost
    assert f"−{cost}" in "\n".join(decision_lines([g], lambda i: s, "letters"))
    # a sum or a mean below the last digit shown gets the digits it needs
    assert amount(0.004, "match").startswith(f"0{mark}4%")
    assert amount(0.0004, "match").startswith(f"0{mark}04%")
    assert amount(0.004, "points").startswith(f"0{mark}004 ")
    assert written(0.0, "points") == f"0{mark}00" and written(0.25, "points") == f"0{mark}25"
    assert pct(0.004) == f"0{mark}4" and pct(0.03) == "3"  # Trufludo's review: whole, or more
    # the statistics: the leaks' cost of the match, and the mean loss of the other source
    (row,) = leak_rows(Progress([], 1, [Leak("raised", 1, 0, 0.0, 0.004)]))
    assert row[-1].plain == f"0{mark}4 %" and row[-2].plain == f"0{mark}00"
    drilled = Progress([0.004], 1, [], "drill", (1,), 0.004)
    assert f"0{mark}004" in other_line(drilled)


def test_a_replay_judges_an_answer_by_its_kept_grade(lang: str) -> None:
    """The replay of a game in the history reviews its rounds again: its verdicts come from
    the grades the history kept (``Decision.truc_graded``), not from the mix alone."""
    from truf_tui.store import Decision

    review, b = answered_raise()
    kept = Decision("game", "g", b.answer_at or 0, "truc", "accept", "accept", 0.0, "points",
                    "best", ("raised",), "2030-01-01T10:00:00+00:00")
    g = kept.truc_graded(HUMAN)
    assert (g.grade, g.played, g.action) == (Grade.BEST, None, truc.ACCEPT)
    text = "\n".join(review_lines(review, "letters", grades={g.index: g}))
    assert WRONG_CALL[lang] not in text and NEVER[lang] in text
    worse = replace(kept, grade="blunder", loss=0.6, best="refuse").truc_graded(HUMAN)
    assert WRONG_CALL[lang] in "\n".join(review_lines(review, "letters",
                                                      grades={g.index: worse}))


def test_a_choice_the_solution_makes_is_never_written_0_percent(lang: str) -> None:
    """A call mixed in 0.3% of the time read "0%" beside one never made, also "0%", though
    only the second is "never plays it" in its grade: a choice it makes is "<1%", one it
    sometimes leaves ">99%"."""
    from truf_tui.grading import share_text
    from truf_tui.ui.widgets.hints import Hint, HintLine, hint_markup

    assert [share_text(p) for p in (0.0, 0.003, 0.005, 0.015, 0.42, 0.996, 1.0)] == \
        ["0", "<1", "<1", "2", "42", ">99", "100"]
    s, seven, ace = seven_and_ace()
    hint = Hint("truc", s, (HintLine(seven, 0.5, coach.Reason("t.raise.does", {"n": 2}),
                                     0.997),
                            HintLine(ace, 0.4, coach.Reason("t.raise.does", {"n": 2}), 0.003)),
                "points")
    text = hint_markup(hint)
    assert ">99%" in text and "<1%" in text
