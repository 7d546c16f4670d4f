"""The statistics screen's bluff section (issue 5, issue 6): it shows exactly what was
stored.  Known Truc matches go into the history, the screen is opened, every cell is read."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from textual.widgets import DataTable, Static

from truf_tui.store import History
from truf_tui.ui.app import TrufApp
from truf_tui.ui.i18n import set_language, tr
from truf_tui.ui.screens import stats
from truf_tui.ui.screens.stats import StatsScreen
from truf_tui.ui.settings import Settings

from .test_bluff_stats import (
    BLUFF_CALLED,
    BLUFF_WORKED,
    THEIR_BLUFF_PASSED,
    VALUE_RAISE,
    record,
)

SIZE = (100, 32)
OLD = "2020-01-01T00:00:00+00:00"


def cells(screen: StatsScreen, table_id: str) -> list[list[str]]:
    """The table's cells as plain text, the bars left out, spaces squeezed."""
    table = screen.query_one(table_id, DataTable)
    out = []
    for i in range(table.row_count):
        row = [" ".join(str(c).replace("█", "").replace("░", "").split())
               for c in table.get_row_at(i)]
        out.append(row)
    return out


async def open_stats(pilot: Any) -> StatsScreen:
    await pilot.press("s")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, StatsScreen)
    return screen


def fill(folder: Path) -> None:
    """One match before this session (against the expert), three in it."""
    with History(folder) as history:
        history.add_game(record(BLUFF_WORKED, "expert"), finished_at=OLD)
        history.add_game(record(BLUFF_CALLED, "medium"))
        history.add_game(record(THEIR_BLUFF_PASSED, "expert"))
        history.add_game(record(VALUE_RAISE, "easy"))


async def test_the_bluff_statistics_show_what_was_stored(tmp_path: Path) -> None:
    app = TrufApp(settings=Settings(pace="instant"), data_dir=tmp_path)
    fill(tmp_path)  # after the app started: three of them finish in this session
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_stats(pilot)
        # Only what the graded decisions do not say (issue 38 item 5): how often you raise
        # and bluff, how often a bluff worked, how often the computer bluffs.  Your answers
        # to its raises are judged, with their cost, by the leaks: no second count of them
        # beside (A10: "you called 2/4" against "your calls … 0/1").
        assert cells(screen, "#stats-bluffs") == [
            [tr("sb.rounds"), "3", "4"],
            [tr("bluffs.my.bets"), "2", "3"],
            [tr("bluffs.my.bluffs"), "1/2 50 %", "2/3 67 %"],
            [tr("bluffs.my.worked"), "0/1 0 %", "1/2 50 %"],
            [tr("bluffs.their.bluffs"), "1/1 100 %", "1/1 100 %"],
        ]
        assert not screen.query("#stats-rates")  # the raise and fold rates: said better
        bars = str(screen.query_one("#stats-bluffs", DataTable).get_row_at(2)[2])
        assert bars.endswith(" ████░░")  # 2/3 of six
        note = str(screen.query_one("#stats-bluffs-note", Static).content)
        assert "the leaks above" in note
        assert not screen.query_one("#stats-bluffs-empty").display
        # The bands you decided in, you and the solved player: 0-20 % (two raises of your
        # weak hand) and 80-100 % (raises with the good hand, one raise refused).
        bands = cells(screen, "#stats-bands")
        assert [r[0] for r in bands] == ["0–20 %", "", "80–100 %", ""]
        assert bands[2][1:] == [tr("sb.bands.you"), "50 % (2)", "0 % (1)"]
        # The same numbers in Esperanto, with the Esperanto labels.
        app.apply_settings(app.settings.copy(lang="eo"))
        await pilot.pause()
        assert cells(screen, "#stats-bluffs")[2] == [tr("bluffs.my.bluffs"), "1/2 50 %",
                                                     "2/3 67 %"]
        assert tr("bluffs.my.bluffs") == "… el ili blufoj"
    set_language("en")


async def test_an_empty_history_says_how_bluffs_get_counted(tmp_path: Path) -> None:
    app = TrufApp(settings=Settings(pace="instant"), data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen: Any = app.screen
        assert screen.query_one("#stats-bluffs-empty").display
        assert str(screen.query_one("#stats-bluffs-empty", Static).content) == tr("sb.empty")
        assert cells(screen, "#stats-bluffs")[0] == [tr("sb.rounds"), "0", "0"]
        # a table of zeros and its note say nothing: the line above says it all
        assert not screen.query_one("#stats-bluffs").display
        assert not screen.query_one("#stats-bluffs-note").display


REAL_BLUFF_NUMBERS = stats.bluff_numbers


def long_history(folder: Path, n: int, tier: str, monkeypatch: Any) -> threading.Event:
    """``n`` recorded matches, and a bluff count that runs in the worker thread only and
    waits for the returned event before it counts."""
    with History(folder) as history:
        for _ in range(n):
            history.add_game(record(BLUFF_WORKED, tier), finished_at=OLD)
    release = threading.Event()

    def slow(*args: Any, **kwargs: Any) -> stats.BluffNumbers:
        assert threading.current_thread() is not threading.main_thread()
        release.wait(10)
        return REAL_BLUFF_NUMBERS(*args, **kwargs)

    monkeypatch.setattr(stats, "bluff_numbers", slow)
    return release


async def test_a_long_history_is_counted_in_a_worker(tmp_path: Path, monkeypatch: Any) -> None:
    """Each recorded match is replayed through the coach: with more than QUICK_REVIEWS new
    ones the screen opens at once, says it is counting, and fills the bluff tables when the
    worker is done (the results tables are there from the start)."""
    n = stats.QUICK_REVIEWS + 1
    release = long_history(tmp_path, n, "expert", monkeypatch)
    app = TrufApp(settings=Settings(pace="instant"), data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_stats(pilot)
        waiting = screen.query_one("#stats-bluffs-empty", Static)
        assert waiting.display and str(waiting.content) == tr("sb.counting", n=n)
        assert not screen.query_one("#stats-bluffs").display
        assert cells(screen, "#stats-truc")[-1][:2] == [tr("stats.total"), str(n)]
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not waiting.display and screen.query_one("#stats-bluffs").display
        assert cells(screen, "#stats-bluffs")[0] == [tr("sb.rounds"), "0", str(n)]
        assert len(app.bluff_cache) == n  # each match counted once, kept for next time
        # Opened again: everything is known, counted at once.
        monkeypatch.setattr(stats, "bluff_numbers", REAL_BLUFF_NUMBERS)
        await pilot.press("escape")
        again = await open_stats(pilot)
        assert again is not screen
        assert again.counting == 0
        assert cells(again, "#stats-bluffs")[0] == [tr("sb.rounds"), "0", str(n)]


async def test_closing_the_screen_while_counting_keeps_the_counts(tmp_path: Path,
                                                                 monkeypatch: Any) -> None:
    n = stats.QUICK_REVIEWS + 1
    release = long_history(tmp_path, n, "medium", monkeypatch)
    app = TrufApp(settings=Settings(pace="instant"), data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_stats(pilot)
        assert screen.counting == n
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, StatsScreen)
        release.set()
        for _ in range(400):  # the counting goes on batch after batch: wait, but not forever
            await app.workers.wait_for_complete()
            await pilot.pause(0.05)
            if len(app.bluff_cache) == n:
                break
        assert len(app.bluff_cache) == n  # counted once, ready for the next opening
