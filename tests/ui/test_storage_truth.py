"""What the app says about the player's files is what is on disk (issue 16, items 1, 2, 3, 6):
one true notice after a damaged save, no "saved" when nothing could be written, a finished
game reaching the history once even while another program holds it, and two windows on one
data folder each keeping their own game.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from test_store_sharing import Other, count_games, history_held
from textual.widgets import Static

from truf_tui.engine.record import GameRecord
from truf_tui.play.config import HUMAN, GameConfig
from truf_tui.store import SaveStore
from truf_tui.ui.app import TrufApp
from truf_tui.ui.i18n import set_language, tr
from truf_tui.ui.screens.dialogs import ConfirmQuit
from truf_tui.ui.screens.saves import GameMenu
from truf_tui.ui.screens.start import StartScreen
from truf_tui.ui.storage import AppData

from .tables_support import settle, table_of
from .test_persistence import finished_record, make_app, notices, saved_record

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
async def warm_up() -> None:
    """Play a little without a data folder, so that every module the test needs is imported
    while this process can still read it (``nobody`` may not read the interpreter's)."""
    app = make_app(None)
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(GameConfig("trufludo", "easy", seed=3))
        await settle(pilot)
        await pilot.press("1", "escape", "escape", "q")
        await settle(pilot)


NOBODY = 65534


def nobody_can_read_the_app() -> bool:
    """As root the test runs as ``nobody``; that needs a checkout and a virtualenv that
    ``nobody`` may read (a clone in a private temporary folder is not)."""
    import rich
    import textual

    import truf_tui
    files = [Path(truf_tui.__file__).parent / "ui" / "app.tcss",
             Path(rich.__file__).parent / "traceback.py", Path(textual.__file__)]
    os.seteuid(NOBODY)
    try:
        for f in files:
            with open(f, "rb"):
                pass
        return True
    except OSError:
        return False
    finally:
        os.seteuid(0)


@asynccontextmanager
async def unwritable_folder(tmp_path: Path) -> AsyncIterator[Path]:
    """A data folder this process cannot write (``chmod 555``).  Root writes anyway, so as
    root the test runs as ``nobody`` meanwhile (in a folder ``nobody`` can reach)."""
    root = hasattr(os, "geteuid") and os.geteuid() == 0
    if root and not nobody_can_read_the_app():
        pytest.skip("as root this needs a checkout that the user nobody may read")
    base = Path(tempfile.mkdtemp(prefix="truf-ro-")) if root else tmp_path
    base.chmod(0o755)
    folder = base / "data"
    folder.mkdir()
    folder.chmod(0o555)
    await warm_up()
    try:
        if root:
            os.seteuid(NOBODY)
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


@pytest.mark.skipif(sys.platform == "win32", reason="folder permissions")
@pytest.mark.parametrize("lang", ["en", "eo"])
@pytest.mark.slow
async def test_an_unwritable_folder_never_says_saved(tmp_path: Path, lang: str) -> None:
    async with unwritable_folder(tmp_path) as folder:
        app = make_app(folder, lang=lang)
        try:
            async with app.run_test(size=SIZE) as pilot:
                app.start_game(GameConfig("trufludo", "easy", seed=3))
                await settle(pilot)
                await pilot.press("1")
                await settle(pilot)
                failed = tr("store.not_saved", detail="")
                assert [m for m in notices(app) if m.startswith(failed)]
                moves = len(table_of(app).state.history)
                await pilot.press("1")
                await settle(pilot)
                assert len(table_of(app).state.history) > moves  # more moves, more saves
                # Said once, not again at every move (the menu and the dialog keep saying it).
                assert len([m for m in notices(app) if m.startswith(failed)]) == 1
                await pilot.press("escape")  # the game menu says it is not on disk
                assert isinstance(app.screen, GameMenu)
                note = app.screen.query_one("#menu-note", Static)
                assert note.display and str(note.content) == tr("menu.not_on_disk")
                await pilot.press("s")  # "Save as…" says it failed, never "Saved as"
                await pilot.press(*"kafejo", "enter")
                error = app.screen.query_one("#saveas-error", Static)
                assert str(error.content).startswith(tr("saveas.failed", detail=""))
                assert not any(m == tr("saveas.done", name="kafejo") for m in notices(app))
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


@pytest.mark.slow
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


# -- item 2: a finished game reaches the history once, even while another program holds it --------
async def play_to_the_end(pilot: Any, t: Any) -> None:
    for _ in range(30):
        if t.state.is_terminal():
            break
        if t.state.current_player == HUMAN:
            await pilot.press("1" if pilot.app.screen is t else "enter")
        await settle(pilot)
    assert t.state.is_terminal()


@pytest.mark.slow
async def test_a_game_ending_while_the_history_is_held_is_recorded_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(AppData, "FIRST_TRY", 0.2)
    monkeypatch.setattr(AppData, "RETRY_TRY", 0.1)
    monkeypatch.setattr(AppData, "RETRY_DELAYS", (0.3,))
    record = finished_record("trufludo", 8, stop_before_end=True)
    uid = record.meta["id"]
    SaveStore(tmp_path).save_current(record)
    locker = history_held(tmp_path)  # another process: BEGIN EXCLUSIVE, and it waits
    try:
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("c")
            await settle(pilot)
            t = table_of(app)
            await play_to_the_end(pilot, t)
            later = tr("store.recording_later", detail="").split(":")[0]
            assert any(m.startswith(later) and "locked" in m for m in notices(app))
            # The whole finished game is queued on disk; there is no game to continue.
            assert len(list((tmp_path / "pending").glob("*.json"))) == 1
            assert not (tmp_path / "current.json").exists() and app.saved_game is None
            assert count_games(tmp_path) == 0
            for _ in range(20):  # the results, then "Play again" (p)
                if app.screen is not t and app.screen.query("#again"):
                    break
                await pilot.pause(0.05)
            await pilot.press("p")
            await settle(pilot)
            assert table_of(app) is not t and app.game_in_progress
            assert not (tmp_path / "saves").exists()  # nothing archived as autosave-…
            assert saved_record(tmp_path).meta["id"] != uid
            locker.release()  # the other program lets go: the app's next try adds it
            for _ in range(60):
                if count_games(tmp_path):
                    break
                await pilot.pause(0.1)
            assert count_games(tmp_path, uid) == 1 == count_games(tmp_path)
            assert tr("store.recorded_later") in notices(app)
            assert list((tmp_path / "pending").glob("*.json")) == []
    finally:
        locker.kill()
    app = make_app(tmp_path)  # the next start adds nothing twice
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert notices(app) == []
    assert count_games(tmp_path) == 1


# -- item 3: two windows, two games ------------------------------------------------------------
WINDOW = """
import asyncio, sys
from truf_tui.ui.app import TrufApp
from truf_tui.play.config import HUMAN, GameConfig
from truf_tui.ui.settings import Settings

async def main() -> None:
    app = TrufApp(settings=Settings(pace="instant"), bot_options={"iterations": 20},
                  data_dir=sys.argv[1])
    async with app.run_test(size=(100, 32)) as pilot:
        app.start_game(GameConfig("truc", "easy", seed=5))
        for _ in range(4):
            await app.workers.wait_for_complete()
            await pilot.pause()
        print("playing", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)

asyncio.run(main())
"""


@pytest.mark.parametrize("lang", ["en", "eo"])
@pytest.mark.slow
async def test_two_windows_on_one_folder_keep_their_own_games(tmp_path: Path,
                                                              lang: str) -> None:
    first = Other(WINDOW, str(tmp_path))  # a real app in another process, mid-game
    try:
        assert first.said == "playing"
        theirs = (tmp_path / "current.json").read_bytes()
        app = make_app(tmp_path, lang=lang)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            # Not offered here, and the window says why.
            assert not app.screen.query_one("#resume-row").display
            [message] = notices(app)
            assert ("another truf-tui window" if lang == "en" else "alia fenestro") in message
            app.start_game(GameConfig("trufludo", "easy", seed=4))
            await settle(pilot)
            await pilot.press("1")
            await settle(pilot)
            mine = GameRecord.from_json((tmp_path / "current-2.json").read_text("utf-8"))
            assert mine.replay() == table_of(app).state
            assert notices(app) == [message]  # no "archived" notice on any move
            await pilot.press("escape", "l", "y")  # "Leave this game" here…
            await settle(pilot)
            assert isinstance(app.screen, StartScreen)
            assert not (tmp_path / "current-2.json").exists()
        assert (tmp_path / "current.json").read_bytes() == theirs  # …leaves theirs alone
        assert not (tmp_path / "saves").exists()
        first.kill()  # the other window is closed mid-game (a browser tab, say)
        app = make_app(tmp_path, lang=lang)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert app.screen.query_one("#resume-row").display and notices(app) == []
            await pilot.press("c")  # its game is found again
            await settle(pilot)
            t = table_of(app)
            assert type(t).__name__ == "TrucTable"
            assert saved_record(tmp_path).moves == tuple(str(a) for a in t.state.history)
    finally:
        first.kill()
        set_language("en")
