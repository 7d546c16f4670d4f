"""Trufludo's graded review on the results screen (issue 38 item 7): a game played to the end
by keys shows the grades and the three costliest moves, 1–3 open the replay at them, the
grading runs in a worker that neither the table nor the screen waits for, and a snapshot."""

from __future__ import annotations

import re
import threading
from typing import Any

from textual.pilot import Pilot

import truf_tui.grading
from truf_tui.ai.base import ActionStats, legal_of
from truf_tui.grading import Grade
from truf_tui.ui.screens.graded import GradedTrufludoResults
from truf_tui.ui.screens.replay import ReplayScreen
from truf_tui.ui.screens.table_base import TableScreen

from .tables_support import ScriptBot, assert_buttons_in_view, make_app, settle, start, table_of

SMALL = (80, 24)


async def near_the_end(pilot: Pilot[Any], seed: int = 11) -> TableScreen:
    """A Trufludo game against a computer that plays its first legal move, the player's
    moves too the first legal ones, put on the table a few moves before its end (its
    history kept: the game replays from its deal)."""
    t = await start(pilot, "trufludo", seed=seed, bot=ScriptBot())
    s = t.state
    while len(s.stock) or sum(map(len, s.hands)) > 4 or s.to_move != 0:
        s = s.apply(s.legal_actions()[0])
    t.load_state(s)
    await settle(pilot)
    return t


async def play_to_the_end(pilot: Pilot[Any], seed: int = 11, wait: bool = True
                          ) -> GradedTrufludoResults:
    """:func:`near_the_end`, then the player presses 1 (the first card, and 1 again to
    choose what it takes) until the results show; with ``wait``, the workers are waited for
    between the keys."""
    t = await near_the_end(pilot, seed)
    for _ in range(40):
        screen = pilot.app.screen
        if isinstance(screen, GradedTrufludoResults):
            return screen
        if screen is not t or not t.state.is_terminal():
            await pilot.press("1")
        if wait:
            await settle(pilot)
        else:
            for _ in range(4):
                await pilot.pause()  # not settle: the grading worker would hold it
    raise AssertionError(f"no results screen: {pilot.app.screen!r}")


def body(screen: GradedTrufludoResults) -> str:
    return screen.texts()[1]


async def test_a_finished_game_shows_its_graded_review_and_opens_the_replay_at_a_move() -> None:
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        results = await play_to_the_end(pilot)
        await settle(pilot)
        assert not results.grading and results.graded
        graded = results.graded
        assert all(g.player == 0 for g in graded)
        top = results.costliest()
        assert len(top) == 3
        assert top[0].loss >= top[1].loss >= top[2].loss > 0
        text = body(results)
        assert f"Your {len(graded)} choices, graded by the expert" in text
        assert "The costliest (1–3: the replay at that move)" in text
        for g in top:
            assert f"Move {g.index + 1} · {g.grade.key} · −{round(100 * g.loss)}%" in text
        assert text.count("your hand ") == 3 and text.count("best: ") == 3

        await pilot.press("2")
        await settle(pilot)
        replay = pilot.app.screen
        assert isinstance(replay, ReplayScreen)
        # It opens on the position the move was made in, the hand and the table the review
        # names (it opened after the move, the card already on the table); → plays it.
        g = top[1]
        assert replay.position == g.index
        shown = replay.states[replay.position]
        assert shown.hands[0] == results._before[g.index].hands[0]
        assert shown.table == results._before[g.index].table
        assert f"before your move {g.index + 1} ({g.grade.key}" in replay.title_text()
        await pilot.press("right")
        await settle(pilot)
        assert replay.record.moves[replay.position - 1] == str(g.action)
        assert f"Move {g.index + 1} of" in replay.status_text()
        await pilot.press("escape")
        await settle(pilot)
        assert pilot.app.screen is results  # back to the review


async def test_the_grading_runs_in_a_worker_the_screen_does_not_wait_for(
        monkeypatch: Any) -> None:
    release = threading.Event()
    real = truf_tui.grading.grade_game
    calls: list[tuple[int, int]] = []

    def slow(final: Any, player: int, **kw: Any) -> Any:
        calls.append((player, kw["iterations"]))
        release.wait(10)
        return real(final, player, **kw)

    monkeypatch.setattr("truf_tui.ui.screens.graded.grade_game", slow)
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        results = await play_to_the_end(pilot, wait=False)
        assert results.grading
        assert calls == [(0, 20)]  # the player's seat, at the app's search budget (tests: 20)
        assert "The expert is grading your choices…" in body(results)
        await pilot.press("1")  # no review yet: nothing to open, nothing breaks
        assert pilot.app.screen is results
        release.set()
        await settle(pilot)
        assert not results.grading and results.graded is not None
        assert "graded by the expert" in body(results)


async def test_leaving_before_the_grading_ends_is_safe(monkeypatch: Any) -> None:
    release = threading.Event()
    seen: list[bool] = []

    def slow(final: Any, player: int, **kw: Any) -> Any:
        release.wait(10)
        seen.append(kw["cancelled"]())
        return []

    monkeypatch.setattr("truf_tui.ui.screens.graded.grade_game", slow)
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        results = await play_to_the_end(pilot, wait=False)
        assert results.grading
        await pilot.press("m")  # back to the menu while the worker grades
        for _ in range(4):
            await pilot.pause()
        assert not isinstance(pilot.app.screen, GradedTrufludoResults)
        release.set()
        await settle(pilot)
        assert seen == [True]  # the worker was told to stop
        assert not isinstance(pilot.app.screen, GradedTrufludoResults)


async def test_a_hot_seat_game_is_not_graded() -> None:
    from truf_tui.play.config import GameConfig
    from truf_tui.ui.screens.summary import TrufludoResults

    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        pilot.app.start_game(GameConfig(game="trufludo", tier="medium", seed=3,
                                        opponent="human"))
        await settle(pilot)
        t = table_of(pilot.app)
        t.viewer = t.state.current_player
        s = t.state
        while not s.is_terminal():
            s = s.apply(s.legal_actions()[0])
        t.load_state(s)
        await settle(pilot, 8)
        shown = [sc for sc in pilot.app.screen_stack if isinstance(sc, TrufludoResults)]
        assert shown and not isinstance(shown[-1], GradedTrufludoResults)


class FixedExpert:
    """Stands in for the expert in the snapshot, so that it shows the review, not the AI's
    current numbers: the legal moves valued in the engine's reverse order, the last 70%,
    then 62%, 54%, … (the player here plays the first legal move)"""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    def analyse(self, observation: Any) -> list[ActionStats[Any]]:
        _, legal = legal_of(observation)
        n = len(legal)
        return [ActionStats(a, 0, max(0.05, 0.7 - 0.08 * (n - 1 - i)))
                for i, a in enumerate(legal)]


def test_graded_review_snapshot(snap_compare: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr("truf_tui.grading.make_bot", FixedExpert)

    async def run_before(pilot: Pilot[Any]) -> None:
        results = await play_to_the_end(pilot, seed=5)
        await settle(pilot)
        assert results.graded and max(g.grade for g in results.graded) > Grade.BEST

    assert snap_compare(make_app(), terminal_size=SMALL, run_before=run_before)


def test_the_review_in_both_languages() -> None:
    from truf_tui.engine import trufludo
    from truf_tui.grading import Graded
    from truf_tui.ui.i18n import get_language, set_language
    from truf_tui.ui.screens.graded import review_lines

    s = trufludo.new_game(seed=3)
    a, b = s.legal_actions()[:2]
    graded = [Graded.of(0, 0, a, [(a, 0.4), (b, 0.52)], "win chance"),
              Graded.of(0, 0, b, [(a, 0.4), (b, 0.52)], "win chance")]
    before = get_language()
    try:
        set_language("en")
        en = "\n".join(review_lines(graded, [s], "letters"))
        set_language("eo")
        eo = "\n".join(review_lines(graded, [s], "letters"))
    finally:
        set_language(before)
    assert "Your 2 choices, graded by the expert" in en
    assert "best 1 · correct 0 · inaccuracy 0 · mistake 1 · blunder 0" in en
    assert "12 percentage points" in en and "Move 1 · mistake · −12% of winning chance" in en
    assert "The costliest (1: the replay at that move)" in en
    assert "Viaj 2 elektoj, taksitaj de la eksperto" in eo
    assert "plej bona 1 · ĝusta 0 · malprecizaĵo 0 · eraro 1 · fuŝego 0" in eo
    assert "Movo 1 · eraro · −12% de la ŝanco gajni" in eo
    assert review_lines([], [s], "letters") == []


def test_one_number_of_costliest_decisions_for_both_games() -> None:
    """Both games' results list the same number of costliest decisions, each with its key
    to the replay: one constant, grading.COSTLIEST (was a TOP in each screen)."""
    from truf_tui.grading import COSTLIEST, Graded, costliest, costliest_scaled
    from truf_tui.ui.screens import graded_review, truc_grades
    from truf_tui.ui.screens.graded_review import GradedReview

    many = [Graded.of(0, i, "a", [("a", 0.0), ("b", 0.3 + 0.1 * i)], "points")
            for i in range(COSTLIEST + 2)]
    assert len(costliest(many)) == len(costliest_scaled(many)) == COSTLIEST
    keys = {b.key for b in GradedReview.BINDINGS  # type: ignore[union-attr]
            if str(b.action).startswith("replay_move")}  # type: ignore[union-attr]
    assert keys == {str(k) for k in range(1, COSTLIEST + 1)}
    assert not hasattr(graded_review, "TOP") and not hasattr(truc_grades, "TOP")


async def test_the_buttons_stay_in_view_at_80x24_in_both_languages() -> None:
    """At 80x24 the review (70% of the height) left the buttons one row: their top edge,
    no "Play again (p)" nor "Menu (m)"; in Esperanto too.  The review scrolls in what the
    buttons leave."""

    from truf_tui.ui.i18n import get_language, set_language

    before = get_language()
    try:
        for lang, head in (("en", "graded by the expert"), ("eo", "taksitaj de la eksperto")):
            app = make_app(lang=lang)  # the app's settings say its language, not set_language
            async with app.run_test(size=SMALL) as pilot:
                results = await play_to_the_end(pilot)
                await settle(pilot)
                assert results.graded
                assert head in body(results)  # in the language asked for
                assert_buttons_in_view(results, SMALL, lang)
    finally:
        set_language(before)  # the app set it for the tests that follow


def test_the_review_names_the_best_move_as_the_hint_does() -> None:
    """F1: 5♥ taking 8♥, Q♥ or 9♥ is one move, one line of the hint; the review said
    "best: 5♥ takes 8♥", as if the heart taken mattered."""
    from truf_tui.cards import Card
    from truf_tui.engine import trufludo
    from truf_tui.grading import Graded
    from truf_tui.ui.screens.graded import review_lines

    from .tables_support import trufludo_state

    s = trufludo_state([["5H", "4C", "6C"], ["5D", "9S", "KC"]], ["8H", "QH", "9H", "2S"],
                       stock=18)
    values = [(a, 0.6 if a.take is not None else 0.4) for a in s.legal_actions()]
    g = Graded.of(0, 0, trufludo.play(Card.parse("4C", "french")), values, "win chance")
    text = "\n".join(review_lines([g], [s], "letters"))
    plain = re.sub(r"\[[^]]*\]", "", text).replace("\xa0", "")
    assert "best: 5H takes 8H, QH or 9H" in plain, plain
    assert "you: 4C onto the table" in plain
