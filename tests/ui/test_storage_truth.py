"""What the app says about the player's files is what is on disk (issue 16, items 1, 2, 3, 6):
one true notice after a damaged save, no "saved" when nothing could be written, a finished
game reaching the history once even while another program holds it, and two windows on one
data folder each keeping their own game.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from truf_tui.store import SaveStore
from truf_tui.ui.i18n import set_language
from truf_tui.ui.screens.start import StartScreen

from .tables_support import settle, table_of
from .test_persistence import finished_record, make_app, notices

SIZE = (100, 32)


# -- item 6: one true notice after a damaged save ------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_a_damaged_save_gives_one_notice_and_it_is_true(tmp_path: Path, lang: str) -> None:
    full = finished_record("trufludo", 12, stop_before_end=True)
    store = SaveStore(tmp_path)
    for n in (len(full.moves) - 2, len(full.moves) - 1):
        store.save_current(replace(full, moves=full.moves[:n]))
    (tmp_path / "current.json").write_bytes(b'{"format": "truf-tui-record", "ver')
    app = make_app(tmp_path, lang=lang)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            [message] = notices(app)  # one notice, not two that contradict each other
            kept = list(tmp_path.glob("current.json.corrupt-*"))
            assert len(kept) == 1 and kept[0].name in message
            resumed = "one move earlier" if lang == "en" else "unu movon pli frue"
            nothing = "no game to continue" if lang == "en" else "neniu ludo estas daŭrigebla"
            assert resumed in message and nothing not in message
            # …and it is true: the game one move earlier is there to continue.
            assert isinstance(app.screen, StartScreen)
            assert app.screen.query_one("#resume-row").display
            assert app.saved_game is not None
            assert len(app.saved_game[0].moves) == len(full.moves) - 2
            await pilot.press("c")
            await settle(pilot)
            assert table_of(app).state == app.saved_game[1]
    finally:
        set_language("en")
