"""The statistics' progress and leaks (issue 38 item 5): the history's graded decisions as a
plot of the mean loss per decision, match by match, and the leaks by category with their
cost; snapshots of the leak chart in both languages (100x32, 80x24)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Sparkline

from truf_tui.engine import truc
from truf_tui.grading import Graded, Unit
from truf_tui.store import History
from truf_tui.ui.app import TrufApp
from truf_tui.ui.screens.stats import StatsScreen, progress
from truf_tui.ui.settings import Settings

SIZE = (100, 32)


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
        assert rows[0][0] == "End of a game" and rows[0][4] == "32 %"
        assert rows[1] == ["Raise or not, weak hand", "3", "2", "0.95", "0 %"]


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
