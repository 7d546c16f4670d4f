"""One coach, one set of figures (issue 38, item 3 and its target "No hint, review or
statistic contradicts another on the same decision"): the round review, the results and the
trainer write a decision's values and cost as the hint panel writes them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

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
    """Its values are whole percents (the hint's, the review's "−3% of winning chance"): its
    loss was "3.0 points of your chance", points as in the points of a round."""
    for code in ("en", "eo"):  # and in the words of the game's review (not "3 points")
        set_language(code)
        assert loss_words(0.03, "match") == amount(0.03, "match")


# -- End to end: a practice match through the app -------------------------------------------
# The figures the hint panel showed at each decision (move index -> the panel's hint) must be
# those that grade it: in the round's review, the results, the history's decisions table
# and the statistics' leaks.  The computer is a script (it raises whenever it can and
# accepts everything): the player faces raises, redeals and rests, and the match is short.

SIZE = (100, 40)
KEYS = {"raise": "r", "rest": "m", "redeal": "d", "accept": "a", "refuse": "x", "fold": "f"}


def key_of(state: truc.State, action: truc.Action) -> str:
    """The key that makes ``action`` at the table (a card: its place in the hand)."""
    if action.kind == "play":
        return str(state.hands[0].index(action.card) + 1)
    return KEYS[action.kind]


def same_line(a: truc.Action, b: truc.Action) -> bool:
    """One line of the hint: the same action, or cards of one rank (T1)."""
    from truf_tui.cards import TRUC_STRENGTH

    if a.card is not None and b.card is not None:
        return TRUC_STRENGTH[a.card] == TRUC_STRENGTH[b.card]
    return a == b


@pytest.mark.slow
async def test_every_figure_of_a_decision_is_the_hints(tmp_path: Path) -> None:
    import truf_tui.ai
    from truf_tui.play.config import GameConfig
    from truf_tui.store import History
    from truf_tui.ui.app import TrufApp
    from truf_tui.ui.screens.hint import HintScreen
    from truf_tui.ui.screens.practice import PracticeRoundSummary
    from truf_tui.ui.screens.stats import progress
    from truf_tui.ui.screens.truc_graded import GradedTrucResults
    from truf_tui.ui.screens.truc_grades import action_words, cost_text
    from truf_tui.ui.screens.truc_table import FoldConfirm, TrucTable
    from truf_tui.ui.settings import Settings
    from truf_tui.ui.widgets.hints import Hint, hint_markup

    from .tables_support import BOT_OPTIONS, ScriptBot, settle, table_of

    set_language("en")
    app = TrufApp(settings=Settings(pace="instant"), bot_options=dict(BOT_OPTIONS),
                  data_dir=tmp_path)
    hints: dict[int, Hint] = {}
    reviewed: dict[int, Graded[truc.Action]] = {}
    summaries = verdicts = answered = 0
    last_round_graded = False

    def check(g: Graded[truc.Action]) -> None:
        """A graded decision against the hint the panel showed before it."""
        h = hints[g.index]
        assert h.lines is not None and h.unit == g.unit  # the same unit
        values = dict(g.values)
        for line in h.lines:  # the same figures, to the panel's precision
            assert values[line.action] == line.value, (g.index, line.action)
        top = h.lines[0]
        mine = next(x for x in h.lines if same_line(x.action, g.action))
        assert g.loss == pytest.approx(top.value - mine.value, abs=1e-9)
        # the same best move: the panel's first line, or the choice itself at its value
        assert same_line(g.best, top.action) or (g.best == g.action and mine.value == top.value)

    async with app.run_test(size=SIZE) as pilot:
        real = truf_tui.ai.make_bot
        truf_tui.ai.make_bot = lambda *a, **k: ScriptBot("raise", "accept")  # type: ignore
        try:
            app.start_game(GameConfig(game="truc", tier="medium", seed=38, dealer=1,
                                      practice=True, scores=(1, 1)))
            await settle(pilot)
        finally:
            truf_tui.ai.make_bot = real
        t = table_of(app)
        assert isinstance(t, TrucTable)
        decision = 0
        for _ in range(300):
            screen = app.screen
            if isinstance(screen, GradedTrucResults):
                break
            if isinstance(screen, FoldConfirm):
                await pilot.press("y")  # "fold? you could refuse instead": yes, fold
            elif isinstance(screen, PracticeRoundSummary):
                for _ in range(100):  # the round's worker reports
                    if screen.graded is not None:
                        break
                    await settle(pilot)
                assert screen.graded is not None and not screen.grading_failed
                summaries += 1
                last_round_graded = screen.state.is_terminal()
                if screen.graded:
                    await pilot.press("v")  # every option's value, unfolded
                    text = screen.texts()[1]
                    for g in screen.graded:
                        check(g)
                        reviewed[g.index] = g
                        if g.grade > Grade.BEST and g.loss > 0.0:
                            assert (f"· −{amount(g.loss, g.unit)} · best: "
                                    f"{action_words(g.best, 'symbols')}") in text
                        for line in hints[g.index].lines or ():
                            if line.action.kind != "fold":  # folded into the refusal
                                assert amount(line.value, g.unit, sign=True) in text
                    # the review's verdict on an answer is never harsher than its grade: a
                    # "wrong" answer is one the solution never gives (at worst correct else)
                    for phrase, kinds in (("A wrong call.", {"accept"}),
                                          ("A wrong refusal.", {"refuse", "fold"})):
                        answers = [g for g in screen.graded if g.action.kind in kinds]
                        if phrase in text:
                            verdicts += 1
                            assert any(g.grade > Grade.CORRECT for g in answers), phrase
                        answered += len(answers)
                await pilot.press("enter")
            elif screen is t and t.state.current_player == 0:
                s = t.state
                await pilot.press("h")
                for _ in range(100):  # the panel's worker
                    panel = app.screen
                    if isinstance(panel, HintScreen) and panel.hint is not None:
                        break
                    await settle(pilot)
                panel = app.screen
                assert isinstance(panel, HintScreen) and panel.hint is not None
                hint = panel.hint
                assert hint.lines, "the solution answers"
                shown = hint_markup(hint)
                for line in hint.lines:  # the panel writes each figure
                    assert figure(line.value, hint.unit).strip() in shown
                hints[len(s.history)] = hint
                # best, second best, worst, in turn: grades of every class
                pick = hint.lines[(0, 1, -1)[decision % 3] % len(hint.lines)].action
                decision += 1
                await pilot.press("h")
                await settle(pilot)
                await pilot.press(key_of(s, pick))
            await settle(pilot)
        results = app.screen
        assert isinstance(results, GradedTrucResults)
        for _ in range(100):
            if not results.grading:
                break
            await settle(pilot)
        graded = results.graded
        assert summaries >= 2 and last_round_graded, "every round reviewed, the last one too"
        assert {g.index for g in graded} == set(hints), "every decision hinted and graded"
        assert len(graded) >= 6
        units = {g.unit for g in graded}
        grades = {g.grade for g in graded}
        assert Grade.BEST in grades and grades & {Grade.MISTAKE, Grade.BLUNDER}
        for g in graded:
            check(g)
            r = reviewed[g.index]  # the review's figures are the results'
            assert (r.loss, r.best, r.unit, r.grade, r.tags) == (g.loss, g.best, g.unit,
                                                                 g.grade, g.tags)
        text = results.texts()[1]
        assert cost_text(graded) in text
        for g in results.costliest():
            assert f"· −{amount(g.loss, g.unit)} · best: " in text
    with History(tmp_path) as hist:
        kept = {d.move: d for d in hist.decisions("truc")}
    assert set(kept) == {g.index for g in graded}
    for g in graded:
        d = kept[g.index]
        assert (d.action, d.best, d.unit, d.grade, d.tags) == (
            str(g.action), str(g.best), g.unit, g.grade.key, g.tags)
        assert d.loss == pytest.approx(g.loss, abs=1e-12)
    leaks = {lk.tag: lk for lk in progress(list(kept.values())).leaks}
    for tag, lk in leaks.items():
        mine = [g for g in graded if tag in g.tags]
        assert lk.decisions == len(mine)
        assert lk.points == pytest.approx(sum(g.loss for g in mine if g.unit == "points"))
        assert lk.match == pytest.approx(sum(g.loss for g in mine if g.unit == "match"))
    assert set(leaks) == {tag for g in graded for tag in g.tags}
    assert answered, "the player answered a raise"
    print(f"{len(graded)} decisions, units {sorted(units)}, grades {sorted(grades)}, "
          f"{answered} answers, {verdicts} called wrong")
