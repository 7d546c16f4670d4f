"""The practice review and the hints say whose figure is whose, and where the odds and the
cards disagree they say so (issue 38 A6-A8, A10)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from test_coach import deal

from truf_tui import coach
from truf_tui.engine import truc
from truf_tui.play.config import HUMAN
from truf_tui.ui.i18n import set_language
from truf_tui.ui.screens.practice import review_lines
from truf_tui.ui.screens.stats import BluffNumbers, bluff_rows
from truf_tui.ui.widgets.hints import reason_text


@pytest.fixture(autouse=True, params=["en", "eo"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language("en")


def lines(you: tuple[str, ...], cpu: tuple[str, ...], dealer: int, acts: list[str],
          ) -> list[str]:
    return review_lines(coach.review_round(deal(you, cpu, dealer), acts), "letters")


WORDS = {  # (the solved player's figure, the computer's own bet, the bridges)
    "en": ("(the solved player makes this bet", "The computer is not the solved player",
           "Right decision, unlucky cards", "Wrong decision, lucky cards",
           "A bluff by the odds, lucky cards"),
    "eo": ("(la solvita ludanto faras ĉi tiun veton", "La komputilo ne estas la solvita",
           "Prava decido, malbonŝancaj kartoj", "Malprava decido, bonŝancaj kartoj",
           "Blufo laŭ la ŝancoj, bonŝancaj kartoj"),
}


def test_a_redeal_hint_gives_no_chance_to_read_as_a_reason(lang: str) -> None:
    """A6: "ask for a redeal — your hand wins about 93%" read as a reason to redeal.  The
    hint now says what a redeal does, with no chance of winning beside the solution's value
    (A1: one model gives the figures; the chance lines of the bets are gone)."""
    s = deal(("7H", "7S", "8H"), ("9S", "10S", "JS"), HUMAN)
    assert truc.REDEAL in s.legal_actions()
    for state, action in ((s, truc.REDEAL), (s.apply(truc.REDEAL), truc.ACCEPT)):
        me = state.to_move
        assert me is not None
        text = reason_text(coach.truc_fact(state, action, me))
        assert "%" not in text
        assert ("throws away both hands" if lang == "en" else "forĵetas ambaŭ manojn") in text


def test_the_review_says_whose_figure_it_is(lang: str) -> None:
    """A7: the computer's bet, which the solved player makes 0% of the time with that
    hand: the figure is the solved player's, and the bet the computer's own."""
    solved, own, *_ = WORDS[lang]
    text = "\n".join(lines(("9S", "10S", "QS"), ("9H", "10H", "JH"), HUMAN,
                           ["raise", "refuse"]))
    assert solved in text and own in text
    assert "(it makes" not in text and "(ĝi faras" not in text
    # Your own bet: no such note.
    text = "\n".join(lines(("9S", "10S", "QS"), ("9H", "10H", "JH"), 1 - HUMAN,
                           ["raise", "refuse"]))
    assert solved in text and own not in text


def test_the_odds_and_the_cards_are_bridged(lang: str) -> None:
    """A8: a right refusal that gave up a round the cards would have won, a wrong one the
    cards made right, and a bluff that would have won anyway."""
    _, _, unlucky, lucky, bluff = WORDS[lang]
    right = lines(("9S", "10S", "QS"), ("9H", "10H", "JH"), HUMAN, ["raise", "refuse"])
    assert unlucky in right[-2] and lucky not in "\n".join(right)
    wrong = lines(("AS", "KS", "8C"), ("7H", "7D", "8H"), HUMAN, ["raise", "refuse"])
    assert lucky in wrong[-2] and unlucky not in "\n".join(wrong)
    mine = lines(("9S", "10S", "QS"), ("9H", "10H", "JH"), 1 - HUMAN, ["raise", "refuse"])
    assert bluff in mine[-2]


# You raise with a strong hand, the computer accepts; you lead 8D, and the computer raises
# back before answering: the solved player's tree has no such spot.
RAISE_BACK = (("8D", "KC", "8S"), ("10D", "9S", "9H"), 1 - HUMAN,
              ["raise", "accept", "play 8D", "raise", "accept", "play 10D", "play KC",
               "play 9S"])


def test_every_call_is_reviewed_and_counted(lang: str) -> None:
    """A10: your call of the raise back (outside the solved tree) was not reviewed, and the
    statistics counted it among the bluffs you called but not among your calls."""
    review = coach.review_round(deal(*RAISE_BACK[:3]), RAISE_BACK[3])
    calls = [b for b in review.bets if b.by != HUMAN and b.called]
    assert len(calls) == 1 and calls[0].answer_view is None
    text = "\n".join(review_lines(review, "letters"))
    assert ("Your call: the solved player never reaches this spot" if lang == "en"
            else "Via akcepto: la solvita ludanto neniam atingas") in text
    # The statistics count no answers of yours beside the grades (issue 38 item 5): the
    # graded decisions judge each one; the bluff table keeps raises and bluffs.
    st = coach.BluffStats.of([review], HUMAN)
    rows = {label: (session.plain, whole.plain)
            for label, session, whole in bluff_rows(BluffNumbers(st, st))}
    assert len(rows) == 1 + len(coach.BLUFF_ROWS)
    assert not any("call" in label or "akcept" in label for label in rows)
    theirs = "the computer's bluffs" if lang == "en" else "la blufoj de la komputilo"
    assert rows[theirs][0].startswith("1/1 100 %")  # its one raise (the raise back)
