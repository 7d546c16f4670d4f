"""Le Truc's graded decisions on screen (issue 38 items 2 and 5): a practice match against the
computer, played by keys to its end, grades every round in a worker (the table goes on), the
practice summary shows the round's grades costliest first with the values folded, the results
show the match's total cost and its three costliest decisions (1-3: the replay at that move),
and the history keeps every graded decision."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from truf_tui.engine import truc
from truf_tui.grading import Grade
from truf_tui.play.config import GameConfig
from truf_tui.spots import Spot
from truf_tui.store import History
from truf_tui.store.repetition import RepetitionQueue
from truf_tui.ui.app import TrufApp
from truf_tui.ui.screens.practice import PracticeRoundSummary
from truf_tui.ui.screens.replay import ReplayScreen
from truf_tui.ui.screens.truc_graded import GradedTrucResults
from truf_tui.ui.screens.truc_table import TrucTable
from truf_tui.ui.settings import Settings

from .tables_support import BOT_OPTIONS, ScriptBot, assert_buttons_in_view, settle, table_of

SIZE = (100, 40)


def make_app(tmp_path: Path | None = None, lang: str = "en") -> TrufApp:
    return TrufApp(settings=Settings(pace="instant", lang=lang), bot_options=dict(BOT_OPTIONS),
                   data_dir=tmp_path)


async def begin(pilot: Pilot[Any], *prefer: str, scores: tuple[int, int] = (8, 9),
                practice: bool = True) -> TrucTable:
    """A practice match from ``scores`` against a computer that plays the first of
    ``prefer`` (else its first legal action)."""
    import truf_tui.ai

    real = truf_tui.ai.make_bot
    truf_tui.ai.make_bot = lambda *a, **k: ScriptBot(*prefer)  # type: ignore[assignment]
    try:
        pilot.app.start_game(GameConfig(game="truc", tier="medium", seed=21, dealer=1,
                                        practice=practice, scores=scores))
        await settle(pilot)
    finally:
        truf_tui.ai.make_bot = real
    t = table_of(pilot.app)
    assert isinstance(t, TrucTable)
    return t


def player_move(s: truc.State) -> str:
    """The player's keys: a raise when it can (a decision to grade), else the first card;
    an accepted raise, a refused redeal."""
    kinds = {a.kind for a in s.legal_actions()}
    if "accept" in kinds:
        return "a"
    if s.pending == "redeal":
        return "x"
    if "raise" in kinds and s.stake == 1:
        return "r"
    return "1"


async def play_out(pilot: Pilot[Any], t: TrucTable, *, on_summary: Any = None
                   ) -> GradedTrucResults:
    for _ in range(200):
        screen = pilot.app.screen
        if isinstance(screen, GradedTrucResults):
            return screen
        if isinstance(screen, PracticeRoundSummary):
            if on_summary is not None:
                await on_summary(screen)
            await pilot.press("enter")
        elif screen is t and t.state.current_player == 0:
            await pilot.press(player_move(t.state))
        await settle(pilot)
    raise AssertionError(f"no results screen: {pilot.app.screen!r}")


async def test_a_match_is_graded_round_by_round_and_at_its_end(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    summaries: list[str] = []

    async def look(summary: PracticeRoundSummary) -> None:
        if summary.wants_grades:
            assert summary.graded is not None, "the round's worker has reported"
            text = summary.texts()[1]
            assert "graded against the solution" in text or "no real choice" in text
            if summary.graded:
                order = [line for line in text.splitlines() if " in trick " in line]
                assert len(order) == len(summary.graded)
                await pilot.press("v")  # every option's value, unfolded
                assert summary.details and "v: fold the values away" in summary.texts()[1]
                summaries.append(text)

    async with app.run_test(size=SIZE) as pilot:
        t = await begin(pilot)
        results = await play_out(pilot, t, on_summary=look)
        await settle(pilot)
        assert summaries, "a practice summary showed graded decisions"
        assert not results.grading and results.graded
        graded = results.graded
        s = t.state
        for g in graded:
            assert g.player == 0 and g.loss >= 0.0 and g.action == s.history[g.index]
        text = results.texts()[1]
        assert "Your decisions cost " in text and "this game" in text
        top = results.costliest()
        assert top, "raising at every chance costs something"
        lines = [line for line in text.splitlines() if ", trick " in line]
        assert len(lines) == len(top)
        for k, (g, line) in enumerate(zip(top, lines, strict=True), start=1):
            assert line.startswith(f"[@click=screen.replay_move({k - 1})][b]{k}[/][/] round ")
            assert f" · {g.grade.key} · −" in line
        await pilot.press("1")
        await settle(pilot)
        replay = pilot.app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.position == top[0].index + 1
        assert replay.record.moves[top[0].index] == str(top[0].action)
        await pilot.press("escape")
        await settle(pilot)
        assert pilot.app.screen is results
    with History(tmp_path) as h:
        kept = h.decisions("truc")
        games = h.games("truc")
    assert sorted(d.move for d in kept) == sorted(g.index for g in graded)
    assert len(games) == 1 and {d.ref for d in kept} == {games[0].uid}  # under the game's id
    assert {d.grade for d in kept} <= {g.key for g in Grade}
    # Every decision graded an inaccuracy or worse is in the review queue, as its position
    # (issue 38 item 6), once though rounds and results both reported grades.
    missed = sorted(g.index for g in graded if g.grade >= Grade.INACCURACY)
    assert missed, "raising at every chance misses something"
    queued = RepetitionQueue(tmp_path).entries()
    assert sorted(e.spot["move"] for e in queued) == missed
    assert {e.spot["game"] for e in queued} == {games[0].uid}
    assert all(e.misses == 1 and e.reviews == 0 for e in queued)
    for e in queued:
        spot = Spot.from_dict(e.spot)
        before = s.initial()
        for a in s.history[:spot.at_move]:
            before = before.apply(a)
        assert spot.state().hands[0] == before.hands[0]
        assert spot.state().legal_actions() == before.legal_actions()


async def test_the_table_never_waits_for_the_grading(monkeypatch: Any) -> None:
    release = threading.Event()
    import truf_tui.ui.screens.truc_grades as tg

    real = tg.grade_truc

    def slow(*a: Any, **kw: Any) -> Any:
        release.wait(20)
        return real(*a, **kw)

    monkeypatch.setattr(tg, "grade_truc", slow)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await begin(pilot, scores=(0, 0))
        first_round = t.state.round_no
        for _ in range(60):
            screen = pilot.app.screen
            if isinstance(screen, PracticeRoundSummary):
                assert screen.graded is None  # still grading
                assert "Grading your decisions" in screen.texts()[1]
                await pilot.press("enter")
            elif screen is t and t.state.current_player == 0:
                await pilot.press(player_move(t.state))
            for _ in range(4):
                await pilot.pause()  # not settle: the grading worker would hold it
            if t.state.round_no > first_round and pilot.app.screen is t:
                break
        assert t.state.round_no > first_round  # the next round is on while the worker waits
        release.set()
        await settle(pilot)
        assert t.rounds_graded


def test_graded_round_review_eo_80x24(snap_compare: Any) -> None:
    """The practice summary's graded decisions, in Esperanto on a small terminal, the values
    unfolded (``v``)."""
    from .tables_support import make_app as small_app
    from .test_snapshots_coach import _practice_round

    async def run_before(pilot: Pilot[Any]) -> None:
        await _practice_round(pilot)
        await pilot.press("v")
        await settle(pilot)

    assert snap_compare(small_app(lang="eo"), terminal_size=(80, 24), run_before=run_before)


async def test_the_buttons_stay_in_view_at_80x24_in_both_languages(tmp_path: Path) -> None:
    """At 80x24 the review (70% of the height) put the buttons on rows 21-23 of a 24-row box,
    cut by its bottom: the review scrolls in what the buttons leave, as Trufludo's does
    (``GradedReview``); in Esperanto too."""

    from truf_tui.ui.i18n import get_language, set_language

    small = (80, 24)
    before = get_language()
    try:
        for lang, played in (("en", "Rounds played"), ("eo", "Luditaj rondoj")):
            app = make_app(tmp_path / lang, lang=lang)  # the app's settings say its language
            async with app.run_test(size=small) as pilot:
                results = await play_out(pilot, await begin(pilot))
                await settle(pilot)
                assert not results.grading and results.graded
                assert played in results.texts()[1]  # in the language asked for
                scroll = results.query_one("#summary-scroll")
                assert scroll.max_scroll_y > 0, "a review longer than the screen leaves it"
                assert_buttons_in_view(results, small, lang)
    finally:
        set_language(before)  # the app set it for the tests that follow
