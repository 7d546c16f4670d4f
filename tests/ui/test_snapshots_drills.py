"""Snapshots of the bluff trainer (issue 38 item 4): a spot to decide at 80x24, and the
result with the values, the solved frequencies and the range picture, in English at
100x40 and in Esperanto at 80x24 scrolled to the range (plain ``def``:
pytest-textual-snapshot runs the app).  The spots are fixed by the seed."""

from __future__ import annotations

from typing import Any

from truf_tui.ui.app import TrufApp
from truf_tui.ui.settings import Settings


def app_of(lang: str = "en") -> TrufApp:
    app = TrufApp(settings=Settings(pace="instant", lang=lang))
    app.drill_seed = 7
    return app


async def _spot(pilot: Any) -> None:
    await pilot.press("b")
    await pilot.pause()
    await pilot.press("2")  # facing a raise
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def _result(pilot: Any) -> None:
    await _spot(pilot)
    await pilot.press("1")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def _result_range(pilot: Any) -> None:
    await _result(pilot)
    await pilot.press("end")
    await pilot.pause()


def test_drill_decision_80x24(snap_compare: Any) -> None:
    assert snap_compare(app_of(), terminal_size=(80, 24), run_before=_spot)


def test_drill_result_with_range(snap_compare: Any) -> None:
    assert snap_compare(app_of(), terminal_size=(100, 40), run_before=_result)


def test_drill_result_range_eo_80x24(snap_compare: Any) -> None:
    assert snap_compare(app_of("eo"), terminal_size=(80, 24), run_before=_result_range)
