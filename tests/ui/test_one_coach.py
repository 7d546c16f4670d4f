"""One coach, one set of figures (issue 38, item 3 and its target "No hint, review or
statistic contradicts another on the same decision"): the round review, the results and the
trainer write a decision's values and cost as the hint panel writes them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from truf_tui.engine import truc
from truf_tui.grading import Grade, Graded
from truf_tui.i18n import get_language, set_language
from truf_tui.ui.screens.drills import loss_words
from truf_tui.ui.screens.truc_grades import amount, decision_lines
from truf_tui.ui.widgets.hints import figure


@pytest.fixture
def lang() -> Iterator[None]:
    was = get_language()
    yield
    set_language(was)


def seven_and_ace() -> tuple[truc.State, truc.Action, truc.Action]:
    s = truc.new_game(seed=3, dealer=1)
    plays = [a for a in s.legal_actions() if a.kind == "play"]
    return s, plays[0], plays[1]


@pytest.mark.parametrize("code", ["en", "eo"])
def test_the_review_writes_values_and_costs_as_the_hint_does(lang: None, code: str) -> None:
    """The review wrote "1.92 points" beside the hint's "+1.92", "−1 points" beside its
    "−1.00", and in Esperanto a decimal point beside the hint's decimal comma."""
    set_language(code)
    s, best, mine = seven_and_ace()
    g = Graded(0, 0, mine, 1.04, best, ((best, 1.92), (mine, 0.88), (truc.FOLD, -1.0)),
               "points", Grade.BLUNDER, ("play",))
    text = "\n".join(decision_lines([g], lambda i: s, "symbols", details=True))
    for value in (1.92, 0.88, -1.0):
        assert figure(value, "points").strip() in text  # "+1.92", "+0,88", "−1.00"
    mark = "," if code == "eo" else "."
    assert f"−1{mark}04 " in text  # the cost: 1.92 − 0.88
    assert amount(1.04, "points") == amount(1.04, "points").replace(".", mark)
    assert "1.0 " not in text and "−1 " not in text


def test_the_trainer_writes_a_loss_of_the_match_in_whole_percent(lang: None) -> None:
    """Its values are whole percents (the hint's, the review's "−3%"): its loss was "3.0"."""
    set_language("en")
    assert loss_words(0.03, "match").startswith("3 ")
