"""The statistics' progress and leaks (issue 38 item 5): the history's graded decisions as a
plot of the mean loss per decision, match by match, and the leaks by category with their
cost; snapshots of the leak chart in both languages (100x32, 80x24)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Sparkline

from truf_tui.cards import PACKS
from truf_tui.engine import truc
from truf_tui.grading import Graded, Unit
from truf_tui.store import History
from truf_tui.ui.app import TrufApp
from truf_tui.ui.screens.stats import StatsScreen, progress
from truf_tui.ui.settings import Settings

SIZE = (100, 32)
PACK = PACKS["french"]


def decision(move: int, loss: float, tags: tuple[str, ...], unit: Unit = "points"
             ) -> Graded[truc.Action]:
    """A raise that lost ``loss`` against playing a card."""
    return Graded.of(0, move, truc.RAISE, [(truc.RAISE, 1.0 - loss), (truc.FOLD, 1.0)],
                     unit, tags=tags)


# Three matches, getting better: (ref, [(loss, tags, unit)]).
MATCHES: list[tuple[str, list[tuple[float, tuple[str, ...], Unit]]]] = [
    ("m1", [(0.6, ("weak",), "points"), (0.3, ("raised",), "points"),
            (0.2, ("end",), "match")]),
    ("m2", [(0.3, ("weak",), "points"), (0.1, ("last",), "points")]),
    ("m3", [(0.05, ("weak",), "points"), (0.0, ("play",), "points"),
            (0.12, ("rest", "end"), "match")]),
]


def fill(folder: Path) -> Path:
    with History(folder) as h:
        for k, (ref, rows) in enumerate(MATCHES):
            graded = [decision(i, loss, tags, unit) for i, (loss, tags, unit) in enumerate(rows)]
            h.add_graded(graded, ref=ref, game="truc",
                         decided_at=f"2030-01-0{k + 1}T10:00:00+00:00")
    return folder


def test_progress_means_per_match_and_leaks_costliest_first(tmp_path: Path) -> None:
    with History(fill(tmp_path)) as h:
        p = progress(h.decisions("truc"))
    assert p.decisions == 8
    assert p.per_game == pytest.approx([0.45, 0.2, 0.025])  # points only, oldest first
    tags = [lk.tag for lk in p.leaks]
    assert tags[0] == "end"  # 0.32 of the match: two blunders' worth, the costliest
    assert tags[1] == "weak"
    weak = p.leaks[1]
    assert (weak.decisions, weak.errors) == (3, 2)
    assert weak.points == pytest.approx(0.95)


async def test_the_statistics_plot_and_list_the_leaks(tmp_path: Path) -> None:
    app = TrufApp(settings=Settings(pace="instant"), data_dir=fill(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, StatsScreen)
        plot = screen.query_one("#stats-progress", Sparkline)
        assert plot.display and list(plot.data or []) == pytest.approx([0.45, 0.2, 0.025])
        leaks = screen.query_one("#stats-leaks", DataTable)
        rows = [[str(c) for c in leaks.get_row_at(i)] for i in range(leaks.row_count)]
        # the chance of the match to a tenth of a percent, as every screen writes it
        assert rows[0][1] == "End of a game" and rows[0][5] == "32.0 %"
        assert rows[1] == ["2", "Raise or not, weak hand", "3", "2", "0.95", "0.0 %"]


async def test_no_graded_decision_says_so(tmp_path: Path) -> None:
    app = TrufApp(settings=Settings(pace="instant"), data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = pilot.app.screen
        assert not screen.query_one("#stats-progress", Sparkline).display
        assert not screen.query_one("#stats-leaks", DataTable).display


async def _leaks(pilot: Any) -> None:
    await pilot.press("s")
    await pilot.pause(0.2)
    pilot.app.screen.query_one("#stats-progress-head").scroll_visible(top=True, animate=False)
    await pilot.pause(0.2)


def test_stats_leak_chart(snap_compare: Any, tmp_path: Path) -> None:
    app = TrufApp(settings=Settings(pace="instant"), data_dir=fill(tmp_path))
    assert snap_compare(app, terminal_size=SIZE, run_before=_leaks)


def test_stats_leak_chart_eo_80x24(snap_compare: Any, tmp_path: Path) -> None:
    app = TrufApp(settings=Settings(pace="instant", lang="eo"), data_dir=fill(tmp_path))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_leaks)


async def _drills_leaks(pilot: Any) -> None:
    await pilot.press("s")
    await pilot.pause(0.2)
    await pilot.press("d")
    await pilot.pause(0.2)
    pilot.app.screen.query_one("#stats-progress-head").scroll_visible(top=True, animate=False)
    await pilot.pause(0.2)


def test_stats_leak_chart_of_drills_80x24(snap_compare: Any, tmp_path: Path) -> None:
    """The drills' plot and leaks (d), the games' in one line above them."""
    app = TrufApp(settings=Settings(pace="instant"), data_dir=fill_drills(fill(tmp_path)))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_drills_leaks)


# -- a leak's key drills it (issue 38 item 5) ------------------------------------------------
async def _dealt(pilot: Any, screen: Any) -> None:
    """Wait until the trainer's worker has dealt a spot."""
    for _ in range(600):
        if screen.phase == "decide" and screen.spot is not None:
            return
        await pilot.pause(0.05)
    raise AssertionError(f"no spot dealt: {screen.phase}, {screen.failed}")


async def _on_weak_spots(pilot: Any, app: TrufApp) -> None:
    """The trainer is open on the weak-hand leak's spots, over the statistics."""
    from truf_tui import drills
    from truf_tui.ui.screens.drills import DrillScreen

    for _ in range(40):
        if isinstance(app.screen, DrillScreen):
            break
        await pilot.pause(0.05)
    screen = app.screen
    assert isinstance(screen, DrillScreen) and screen.category == "weak"
    await _dealt(pilot, screen)
    assert screen.spot is not None and screen.spot.category == "weak"
    assert "weak" in drills.categories_of(screen.spot.state())
    assert isinstance(app.screen_stack[-2], StatsScreen)  # Escape leads back there
    app.workers.cancel_group(screen, "drill")


@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_a_leaks_key_opens_the_trainer_on_its_spots(tmp_path: Path, lang: str) -> None:
    app = TrufApp(settings=Settings(pace="instant", lang=lang), data_dir=fill(tmp_path))
    app.drill_seed = 3
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, StatsScreen)
        leaks = screen.query_one("#stats-leaks", DataTable)
        rows = [[str(c) for c in leaks.get_row_at(i)] for i in range(leaks.row_count)]
        # The keys of the leaks the trainer drills, in the table's order; none for plain
        # card play; the note names them.
        assert [r[0] for r in rows] == ["1", "2", "3", "4", "5", ""]
        assert rows[1][1] == ("Raise or not, weak hand" if lang == "en"
                              else "Altigi aŭ ne, malforta mano")
        note = str(screen.query_one("#stats-leaks-note").render())
        assert "(1–5)" in note and "comes with" not in note
        await pilot.press("2")
        await _on_weak_spots(pilot, app)


async def test_enter_or_a_click_on_a_leak_drills_it(tmp_path: Path) -> None:
    from truf_tui.ui.screens.drills import DrillScreen

    app = TrufApp(settings=Settings(pace="instant"), data_dir=fill(tmp_path))
    app.drill_seed = 3
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        stats = pilot.app.screen
        assert isinstance(stats, StatsScreen)
        leaks = stats.query_one("#stats-leaks", DataTable)
        await pilot.press("tab")  # the page, then the leaks
        await pilot.pause()
        assert app.focused is leaks
        await pilot.press("down", "enter")
        await _on_weak_spots(pilot, app)
        await pilot.press("escape", "escape")  # the trainer's menu, then back
        await pilot.pause()
        assert app.screen is stats
        # Plain card play (the last row) has no drill: a click on it says so and stays.
        leaks.scroll_visible(top=True, animate=False)
        await pilot.pause()
        last = leaks.row_count - 1
        assert str(leaks.get_row_at(last)[1]) == "Other card play"
        await pilot.click(leaks, offset=(8, 1 + last))
        await pilot.pause()
        assert app.screen is stats
        assert any("no drill" in str(n.message) for n in app._notifications)
        # A click on the weak-hand row (not the cursor's) drills it at once.
        await pilot.click(leaks, offset=(8, 2))
        await _on_weak_spots(pilot, app)
        assert isinstance(app.screen, DrillScreen)


async def test_the_trainer_open_below_takes_the_leak(tmp_path: Path) -> None:
    """The statistics opened over the trainer (the command palette): a leak's key goes back
    to that trainer, which begins the leak's session; no second trainer piles up."""
    from truf_tui.ui.screens.drills import DrillScreen

    app = TrufApp(settings=Settings(pace="instant"), data_dir=fill(tmp_path))
    app.drill_seed = 3
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b")
        await pilot.pause()
        trainer = app.screen
        assert isinstance(trainer, DrillScreen) and trainer.phase == "menu"
        app.action_stats()  # as the command palette does
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        await pilot.press("2")
        await pilot.pause()
        assert app.screen is trainer
        assert sum(isinstance(s, DrillScreen) for s in app.screen_stack) == 1
        assert trainer.category == "weak"
        await _dealt(pilot, trainer)
        assert trainer.spot is not None and trainer.spot.category == "weak"
        app.workers.cancel_group(trainer, "drill")


# -- the trainer's decisions beside the games' (issue 38 item 5) -----------------------------
DRILLS: list[tuple[float, tuple[str, ...]]] = [(0.4, ("weak",)), (0.2, ("weak",)),
                                               (0.0, ("raised",))]


def fill_drills(folder: Path) -> Path:
    """Two trainer sessions after the matches: (0.4, 0.2) then (0.0)."""
    with History(folder) as h:
        for k, (ref, rows) in enumerate([("drill-a", DRILLS[:2]), ("drill-b", DRILLS[2:])]):
            graded = [decision(i + 1, loss, tags) for i, (loss, tags) in enumerate(rows)]
            h.add_graded(graded, ref=ref, game="truc", source="drill",
                         decided_at=f"2030-02-0{k + 1}T10:00:00+00:00", spot=f"key{k}")
    return folder


def test_drills_and_games_are_never_added_up(tmp_path: Path) -> None:
    with History(fill_drills(fill(tmp_path))) as h:
        kept = h.decisions("truc")
    games, drilled = progress(kept, "game"), progress(kept, "drill")
    assert games.per_game == pytest.approx([0.45, 0.2, 0.025])  # as without the drills
    assert games.decisions == 8 and drilled.decisions == 3
    assert drilled.per_game == pytest.approx([0.3, 0.0])  # one bar per session
    assert drilled.mean == pytest.approx(0.2)
    weak = next(lk for lk in drilled.leaks if lk.tag == "weak")
    assert (weak.decisions, weak.points) == (2, pytest.approx(0.6))


@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_d_shows_the_trainers_decisions_and_back(tmp_path: Path, lang: str) -> None:
    app = TrufApp(settings=Settings(pace="instant", lang=lang),
                  data_dir=fill_drills(fill(tmp_path)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, StatsScreen)
        head = str(screen.query_one("#stats-progress-head").render())
        other = str(screen.query_one("#stats-progress-other").render())
        assert ("in games" if lang == "en" else "en ludoj") in head
        assert other == ("In drills: 3 decisions, 0.20 points lost a decision on "
                         "average (d)." if lang == "en" else
                         "En ekzercoj: 3 decidoj, meze 0,20 poentoj perditaj por "
                         "decido (d).")
        plot = screen.query_one("#stats-progress", Sparkline)
        assert list(plot.data or []) == pytest.approx([0.45, 0.2, 0.025])
        await pilot.press("d")
        await pilot.pause()
        head = str(screen.query_one("#stats-progress-head").render())
        assert ("in drills" if lang == "en" else "en ekzercoj") in head
        assert list(plot.data or []) == pytest.approx([0.3, 0.0])
        leaks = screen.query_one("#stats-leaks", DataTable)
        rows = [[str(c) for c in leaks.get_row_at(i)] for i in range(leaks.row_count)]
        assert [r[2] for r in rows] == ["2", "1"]  # weak, facing a raise: drills only
        other = str(screen.query_one("#stats-progress-other").render())
        # two of the games' decisions were graded in the chance of winning the match; the
        # others lost 1.35 / 6 = 0.225 (the losses to nine decimals: written 0.22)
        assert other == ("In games: 8 decisions; the 6 in points lost 0.22 on average (d)."
                         if lang == "en" else
                         "En ludoj: 8 decidoj; la 6 en poentoj perdis meze 0,22 (d).")
        await pilot.press("d")
        await pilot.pause()
        assert list(plot.data or []) == pytest.approx([0.45, 0.2, 0.025])


async def test_only_drills_show_the_trainers_decisions(tmp_path: Path) -> None:
    app = TrufApp(settings=Settings(pace="instant"), data_dir=fill_drills(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, StatsScreen) and screen.source == "drill"
        assert not screen.query_one("#stats-progress-other").display
        plot = screen.query_one("#stats-progress", Sparkline)
        assert list(plot.data or []) == pytest.approx([0.3, 0.0])


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Your moves graded by the expert: 5 in 2 games (mistakes or blunders: 2). "
           "They cost 22 percentage points a game of winning chance against strong play "
           "(the last game 12)."),
    ("eo", "Viaj movoj taksitaj de la eksperto: 5 en 2 ludoj (eraroj aŭ fuŝegoj: 2). "
           "Ili kostis 22 procentpoentojn por ludo de la ŝanco gajni kontraŭ forta ludo "
           "(la lasta ludo 12)."),
])
async def test_trufludo_graded_moves_are_counted_in_the_statistics(
        tmp_path: Path, lang: str, words: str) -> None:
    """The results' review of a Trufludo game went into the history (every graded move)
    and nowhere else: the statistics said nothing of it.  Now a line under Trufludo's
    table: how many moves, in how many games, how many mistakes or blunders, and what they
    cost a game, on average and in the last game (the review's total)."""
    from truf_tui.engine.trufludo import play

    def move(i: int, loss: float) -> Graded[Any]:
        a, b = play(PACK[i]), play(PACK[i + 1])
        return Graded.of(0, i, a, [(a, 0.6 - loss), (b, 0.6)], "win chance")

    with History(tmp_path) as h:
        h.add_graded([move(0, 0.2), move(2, 0.0), move(4, 0.12)], ref="g1", game="trufludo",
                     decided_at="2030-01-01T10:00:00+00:00")
        h.add_graded([move(0, 0.07), move(2, 0.05)], ref="g2", game="trufludo",
                     decided_at="2030-01-02T10:00:00+00:00")
    from truf_tui.ui.i18n import set_language

    app = TrufApp(settings=Settings(pace="instant", lang=lang), data_dir=tmp_path)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("s")
            await pilot.pause()
            screen = pilot.app.screen
            assert isinstance(screen, StatsScreen)
            text = str(screen.query_one("#stats-mean-trufludo").render())
            assert " ".join(words.split()) in " ".join(text.split())
    finally:
        set_language("en")
