"""The statistics' leak and bluff tables fit 80 columns in both languages (issue 38 B2: in
Esperanto the all-time column was cut off, past the screen's right edge)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from truf_tui.ui.app import TrufApp
from truf_tui.ui.settings import Settings

from .test_progress_stats import fill as graded
from .test_snapshots_stats import filled


@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_the_bluff_tables_fit_80_columns(tmp_path: Path, lang: str) -> None:
    app = TrufApp(settings=Settings(pace="instant", lang=lang), data_dir=graded(filled(tmp_path)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause(0.2)
        body: Any = app.screen.query_one("#stats-body")
        for wid in ("#stats-leaks", "#stats-bluffs", "#stats-bands"):
            table: Any = app.screen.query_one(wid)
            assert table.virtual_size.width <= body.scrollable_content_region.width, wid
        assert body.max_scroll_x == 0
