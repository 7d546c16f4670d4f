"""Snapshots of the statistics screen's bluff section: with known matches and empty, in
both languages, at 100x32 and 80x24 (plain ``def``: pytest-textual-snapshot runs the app)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from truf_tui.store import History
from truf_tui.ui.app import TrufApp
from truf_tui.ui.settings import Settings

from .test_bluff_stats import BLUFF_CALLED, BLUFF_WORKED, THEIR_BLUFF_PASSED, VALUE_RAISE, record

SIZE = (100, 32)


@pytest.fixture(autouse=True)
def utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The list of finished games shows local times: the same everywhere."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def filled(folder: Path) -> Path:
    with History(folder) as history:
        history.add_game(record(BLUFF_WORKED, "expert"), finished_at="2020-01-01T10:00:00+00:00")
        history.add_game(record(BLUFF_CALLED, "medium"), finished_at="2030-01-01T10:00:00+00:00")
        history.add_game(record(THEIR_BLUFF_PASSED, "expert"),
                         finished_at="2030-01-01T10:05:00+00:00")
        history.add_game(record(VALUE_RAISE, "easy"), finished_at="2030-01-01T10:10:00+00:00")
    return folder


async def _bluffs(pilot: Any) -> None:
    pilot.app.session_started = "2025-01-01T00:00:00+00:00"  # a fixed session
    await pilot.press("s")
    await pilot.pause(0.2)  # the screen opens at the top; show the bluffs part
    pilot.app.screen.query_one("#stats-bluffs-head").scroll_visible(top=True, animate=False)
    await pilot.pause(0.2)


def test_stats_bluffs(snap_compare: Any, tmp_path: Path) -> None:
    app = TrufApp(settings=Settings(pace="instant"), data_dir=filled(tmp_path))
    assert snap_compare(app, terminal_size=SIZE, run_before=_bluffs)


def test_stats_bluffs_eo_80x24(snap_compare: Any, tmp_path: Path) -> None:
    app = TrufApp(settings=Settings(pace="instant", lang="eo"), data_dir=filled(tmp_path))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_bluffs)


def test_stats_bluffs_empty(snap_compare: Any, tmp_path: Path) -> None:
    app = TrufApp(settings=Settings(pace="instant"), data_dir=tmp_path)
    assert snap_compare(app, terminal_size=SIZE, run_before=_bluffs)
