"""What the app says about the player's files is what is on disk (issue 16, items 1, 2, 3, 6):
one true notice after a damaged save, no "saved" when nothing could be written, a finished
game reaching the history once even while another program holds it, and two windows on one
data folder each keeping their own game.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest
from textual.widgets import Static

from truf_tui.store import SaveStore
from truf_tui.ui.app import TrufApp
from truf_tui.ui.config import GameConfig
from truf_tui.ui.i18n import set_language, tr
from truf_tui.ui.screens.dialogs import ConfirmQuit
from truf_tui.ui.screens.saves import GameMenu
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


# -- item 1: "saved" only when it is on disk ---------------------------------------------------
@contextmanager
def unwritable_folder(tmp_path: Path) -> Iterator[Path]:
    """A data folder this process cannot write (``chmod 555``).  Root writes anyway, so as
    root the test runs as ``nobody`` meanwhile (in a folder ``nobody`` can reach)."""
    root = hasattr(os, "geteuid") and os.geteuid() == 0
    base = Path(tempfile.mkdtemp(prefix="truf-ro-")) if root else tmp_path
    base.chmod(0o755)
    folder = base / "data"
    folder.mkdir()
    folder.chmod(0o555)
    # What the tables import when a game starts is imported now, while it can be read.
    import truf_tui.ui.screens.trufludo_table  # noqa: F401
    try:
        if root:
            os.seteuid(65534)
        yield folder
    finally:
        if root:
            os.seteuid(0)
        folder.chmod(0o755)
        if root:
            shutil.rmtree(base)


def quit_message(app: TrufApp) -> str:
    assert isinstance(app.screen, ConfirmQuit)
    return str(app.screen.query_one("#dialog-message", Static).content)


@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_an_unwritable_folder_never_says_saved(tmp_path: Path, lang: str) -> None:
    with unwritable_folder(tmp_path) as folder:
        app = make_app(folder, lang=lang)
        try:
            async with app.run_test(size=SIZE) as pilot:
                app.start_game(GameConfig("trufludo", "easy", seed=3))
                await settle(pilot)
                await pilot.press("1")
                await settle(pilot)
                failed = tr("store.not_saved", detail="")
                assert any(m.startswith(failed) for m in notices(app))
                await pilot.press("escape")  # the game menu says it is not on disk
                assert isinstance(app.screen, GameMenu)
                note = app.screen.query_one("#menu-note", Static)
                assert note.display and str(note.content) == tr("menu.not_on_disk")
                await pilot.press("escape")
                await pilot.press("q")  # and so does the quit dialog: no false "saved"
                assert quit_message(app) == tr("quit.message.failed")
                await pilot.press("y")
            assert sorted(os.listdir(folder)) == []
            app = make_app(folder, lang=lang)
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                assert not app.screen.query_one("#resume-row").display  # as it said
        finally:
            set_language("en")


async def test_the_quit_dialog_looks_at_the_disk(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(GameConfig("trufludo", "easy", seed=5))
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        await pilot.press("escape")
        assert not app.screen.query_one("#menu-note", Static).display  # saved: no warning
        await pilot.press("escape", "q")
        assert quit_message(app) == tr("quit.message.saved")
        await pilot.press("n")
        (tmp_path / "current.json").unlink()  # gone behind the app's back
        await pilot.press("q")
        assert quit_message(app) == tr("quit.message.failed")
