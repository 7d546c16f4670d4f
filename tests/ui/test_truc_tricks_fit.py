"""Le Truc's "This round" column never wraps in the middle of a line (issue 16, item 18):
with the move log open beside it (100 columns), "high → low: 7 8 A K / Q J 10 9" was cut
inside T1's order, and a trick's result ran onto the next line under its cards.  Lines too
wide are now broken where they read well: after "high → low:", before the result."""

from __future__ import annotations

from typing import Any

import pytest
from textual.content import Content

from truf_tui.ui.i18n import set_language, tr
from truf_tui.ui.screens.truc_table import TrucTable
from truf_tui.ui.widgets.table import Markup

from .tables_support import ScriptBot, make_app, settle, start

ORDER = "7 8 A K Q J 10 9"  # T1, high to low


def column_lines(t: TrucTable) -> tuple[list[str], int]:
    box = t.query_one("#tricks", Markup)
    lines = Content.from_markup(box.text).plain.split("\n")
    return lines, box.content_size.width


@pytest.mark.parametrize("lang", ["en", "eo"])
@pytest.mark.parametrize("size,log", [((100, 32), True), ((120, 32), True), ((80, 24), False),
                                      ((100, 32), False)])
async def test_the_tricks_column_is_never_wrapped(lang: str, size: tuple[int, int],
                                                  log: bool) -> None:
    app = make_app(lang=lang)
    try:
        async with app.run_test(size=size) as pilot:
            t: Any = await start(pilot, "truc", seed=11, dealer=1, bot=ScriptBot("play"))
            assert isinstance(t, TrucTable)
            await pilot.press("1")  # a finished trick: its line has cards and a result
            await settle(pilot)
            if t.log_visible != log:
                await pilot.press("l")
                await settle(pilot)
            assert t.log_visible == log and t.tstate.tricks
            lines, room = column_lines(t)
            assert room > 0
            for line in lines:
                assert Content(line).cell_length <= room, (line, room)
            # T1's order stays whole on one line; the trick's result stays with it.
            assert any(line.endswith(ORDER) for line in lines), lines
            result = Content.from_markup(tr("tbl.t.trick.lost")).plain
            assert any(line.strip().endswith(result) for line in lines), lines
            wide = Content.from_markup(tr("tbl.t.ranks")).cell_length <= room
            assert (Content.from_markup(tr("tbl.t.ranks")).plain in lines) == wide, lines
    finally:
        set_language("en")


async def test_closing_the_log_joins_the_lines_again() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        t: Any = await start(pilot, "truc", seed=11, dealer=1, bot=ScriptBot("play"))
        await pilot.press("l")
        await settle(pilot)
        lines, _ = column_lines(t)
        assert "high → low:" in lines and ORDER in lines
        await pilot.press("l")
        await settle(pilot)
        lines, _ = column_lines(t)
        assert "high → low: " + ORDER in lines
