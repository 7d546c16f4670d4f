"""Issue 38: Trufludo's chances come from the expert's search, which plays the rest of the
game for both players as well as it can.  Against an easy computer that chance reads lower
than the player's real one, so every place that shows it says whose play it assumes
("against strong play"): the hint, the practice warning, the graded review, the statistics
and the help.  The figures themselves are the search's, unchanged."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from truf_tui.coach import Reason
from truf_tui.engine import trufludo
from truf_tui.grading import Graded
from truf_tui.store.history import Decision
from truf_tui.ui.i18n import set_language, tr
from truf_tui.ui.screens.graded import review_lines
from truf_tui.ui.screens.stats import trufludo_line
from truf_tui.ui.widgets.hints import Hint, HintLine, hint_markup

STRONG = {"en": "against strong play", "eo": "kontraŭ forta ludo"}
HELP = Path(__file__).resolve().parents[1] / "truf_tui" / "ui" / "help"


@pytest.fixture(autouse=True, params=["en", "eo"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language("en")


def two_moves() -> tuple[trufludo.State, trufludo.Play, trufludo.Play]:
    """A dealt game and two of its first player's moves of different suits (F1: two real
    choices)."""
    s = trufludo.new_game(trufludo.Rules(deck="italian"), seed=3)
    legal = s.legal_actions()
    first = legal[0]
    other = next(a for a in legal if a.card.suit != first.card.suit)
    return s, first, other


def test_the_hint_says_whose_play_its_chances_assume(lang: str) -> None:
    s, best, worse = two_moves()
    hint = Hint("trufludo", s, (HintLine(best, 0.61, Reason("f.throw")),
                                HintLine(worse, 0.47, Reason("f.throw"))))
    text = hint_markup(hint)
    head = text.splitlines()[0]
    assert STRONG[lang] in head
    assert "61%" in text and "47%" in text  # the search's figures, as they were


def test_the_practice_warning_says_it_too(lang: str) -> None:
    assert STRONG[lang] in tr("practice.f.figures", mine=40, top=55, best="x")


def test_the_graded_review_and_the_statistics_say_it_too(lang: str) -> None:
    s, best, worse = two_moves()
    graded = [Graded.of(0, 0, worse, [(best, 0.61), (worse, 0.47)], "win chance")]
    lines = review_lines(graded, [s], "symbols")
    total = next(line for line in lines if "14" in line)
    assert STRONG[lang] in total  # "… 14 percentage points of winning chance against …"
    kept = [Decision("game", g, 0, "trufludo", str(worse), str(best), 0.14, "win chance",
                     "mistake", (), "2026-12-05T10:00:00+00:00") for g in ("g1", "g2")]
    for some in (kept[:1], kept):
        line = trufludo_line(some)
        assert STRONG[lang] in line and "14" in line


def test_the_help_says_it_where_it_explains_hints_and_grades(lang: str) -> None:
    text = " ".join((HELP / f"{lang}.md").read_text(encoding="utf-8").split())
    hints = text[text.index("**Konsiloj.**" if lang == "eo" else "**Hints.**"):]
    hints = hints[:hints.index("**Ekzercado.**" if lang == "eo" else "**Practice mode.**")]
    assert hints.count(STRONG[lang]) >= 2  # the hint, and the moves graded by its figures
