"""Named saves in the app (issue 6): "Save as…" from the game menu, the saved-games screen,
loading (the game continues from the same position), deleting, and a damaged save."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Button, DataTable, Input, Static

from truf_tui.engine.record import GameRecord
from truf_tui.play.config import HUMAN
from truf_tui.store import SaveStore
from truf_tui.ui.app import TrufApp
from truf_tui.ui.i18n import set_language, tr
from truf_tui.ui.screens.dialogs import ConfirmAbandon, ConfirmLoss, ConfirmReplaceSave
from truf_tui.ui.screens.saves import (
    GameMenu,
    NamedConfirm,
    SaveAsDialog,
    SavedGamesScreen,
    name_error,
)
from truf_tui.ui.screens.start import StartScreen
from truf_tui.ui.settings import Settings

from .tables_support import BOT_OPTIONS, ScriptBot, settle, start, table_of

SIZE = (100, 32)


def make_app(folder: Path | None, lang: str = "en") -> TrufApp:
    return TrufApp(settings=Settings(pace="instant", lang=lang),
                   bot_options=BOT_OPTIONS.copy(), data_dir=folder)


def saved(folder: Path, name: str) -> GameRecord:
    return GameRecord.from_json((folder / "saves" / f"{name}.json").read_text("utf-8"))


def notices(app: TrufApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def play_one(pilot: Any) -> None:
    """The human plays a card (Le Truc: the first one in hand) once it is their turn."""
    t = table_of(pilot.app)
    assert t.state.to_move == HUMAN
    await pilot.press("1")
    await settle(pilot)


async def save_as(pilot: Any, name: str) -> None:
    await pilot.press("escape")
    assert isinstance(pilot.app.screen, GameMenu)
    await pilot.press("s")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, SaveAsDialog)
    dialog.query_one(Input).value = name
    await pilot.press("enter")
    await pilot.pause()


def rows(screen: SavedGamesScreen) -> list[list[str]]:
    table = screen.query_one("#saves-table", DataTable)
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


def test_name_errors_are_worded_in_both_languages() -> None:
    assert name_error("Sunday game") is None
    assert name_error("   ") == tr("name.empty")
    assert name_error("a/b") == tr("name.slash")
    assert name_error("x" * 200) == tr("name.long", n=100)
    assert name_error("why?") == "A name cannot contain “?”."
    assert name_error("a:b*") == "A name cannot contain “*” or “:”."
    assert name_error(".hidden") == tr("name.dot_start")
    assert name_error("CON") == tr("name.reserved", name="CON")
    set_language("eo")
    try:
        assert name_error("a/b") == "Nomo ne povas enhavi «/» aŭ «\\»."
    finally:
        set_language("en")


@pytest.mark.slow
async def test_save_as_list_load_delete(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, "truc", seed=3, tier="easy", dealer=1, bot=ScriptBot("play"))
        await play_one(pilot)
        # A bad name: a clear message, nothing written, the dialog stays.
        await save_as(pilot, "Sunday/evening")
        dialog = app.screen
        assert isinstance(dialog, SaveAsDialog)
        assert str(dialog.query_one("#saveas-error", Static).content) == tr("name.slash")
        assert not (tmp_path / "saves").exists()
        dialog.query_one(Input).value = "Sunday evening"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is t  # the game goes on
        assert tr("saveas.done", name="Sunday evening") in notices(app)
        position = t.state
        record = saved(tmp_path, "Sunday evening")
        assert record.replay() == position and record.meta["tier"] == "easy"
        # Saving again under the same name asks first; "n" keeps the old save.
        await play_one(pilot)
        await save_as(pilot, "Sunday evening")
        assert isinstance(app.screen, NamedConfirm)
        assert tr("overwrite.message", name="Sunday evening") in str(
            app.screen.query_one("#dialog-message", Static).content)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SaveAsDialog)
        assert saved(tmp_path, "Sunday evening").replay() == position
        await pilot.press("enter", "y")  # asked again: replace it
        await pilot.pause()
        assert app.screen is t
        later = t.state
        assert saved(tmp_path, "Sunday evening").replay() == later
        # Leave the game; list the saves from the start screen.
        await pilot.press("escape", "l", "y")
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        app.action_saved_games()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SavedGamesScreen)
        scores = later.scores()
        assert rows(screen) == [[
            "Sunday evening", "Le Truc", tr("tier.easy"),
            tr("saves.progress.truc", round=later.round_no, you=scores[0],
               computer=scores[1], target=12),
            rows(screen)[0][4]]]
        # Load it: the table shows the same position and the game continues from it.
        await pilot.press("enter")
        await settle(pilot)
        table = table_of(app)
        assert table.state == later or table.state.history[:len(later.history)] == \
            later.history  # the computer may already have answered
        assert tr("saves.loaded", name="Sunday evening") in notices(app)
        assert app.game_in_progress
        while table.state.to_move != HUMAN:
            await settle(pilot)
        moves = len(table.state.history)
        await play_one(pilot)
        assert len(table.state.history) > moves
        while app.screen is not table:  # a round summary: on to the next round
            await pilot.press("enter")
            await settle(pilot)
        # From the game menu: the saved games; delete the save (asked first).
        await pilot.press("escape", "o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SavedGamesScreen)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, NamedConfirm)
        await pilot.press("n")
        await pilot.pause()
        assert (tmp_path / "saves" / "Sunday evening.json").exists()
        await pilot.press("d", "y")
        await pilot.pause()
        assert not (tmp_path / "saves" / "Sunday evening.json").exists()
        assert rows(screen) == []
        assert str(screen.query_one("#saves-note", Static).content) == tr("saves.empty")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table


async def test_loading_over_a_game_in_progress_asks_first(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, "truc", seed=5, tier="easy", dealer=1, bot=ScriptBot("play"))
        await save_as(pilot, "keep")
        await play_one(pilot)
        await pilot.press("escape", "o", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmAbandon)
        await pilot.press("y")
        await settle(pilot)
        table = table_of(app)
        start_of = saved(tmp_path, "keep").replay()
        assert table.state.history[:len(start_of.history)] == start_of.history
        # From the start screen, with a game to continue: asked, named, then loaded.
        app.back_to_start()
        await pilot.pause()
        assert app.saved_game is not None
        app.action_saved_games()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmLoss)
        assert "“keep”" in str(app.screen.query_one("#dialog-message", Static).content)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen)
        await pilot.press("enter", "y")
        await settle(pilot)
        assert table_of(app).state.history[:len(start_of.history)] == start_of.history


async def test_a_damaged_save_is_reported_and_set_aside(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "broken.json").write_text('{"format": "truf-tui-game", "moves": [', "utf-8")
    app = make_app(tmp_path, lang="eo")
    try:
        async with app.run_test(size=SIZE) as pilot:
            app.action_saved_games()
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SavedGamesScreen)
            assert rows(screen)[0][:4] == ["broken", "?", "?", tr("saves.damaged")]
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SavedGamesScreen)  # nothing was opened
            [message] = [m for m in notices(app) if "broken" in m]
            assert "«broken»" in message  # the store's problem, in Esperanto
            kept = [p for p in folder.iterdir() if p.name != "broken.json"]
            assert kept and kept[0].read_text("utf-8").startswith('{"format"')
            assert not (folder / "broken.json").exists()
            assert rows(screen) == []
    finally:
        set_language("en")


async def test_no_data_folder_no_saving() -> None:
    app = make_app(None)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, "truc", seed=3, tier="easy", dealer=1, bot=ScriptBot("play"))
        await pilot.press("escape")
        menu = app.screen
        assert isinstance(menu, GameMenu) and not menu.can_save
        assert menu.query_one("#menu-note").display
        await pilot.press("s")  # refused with a notice; the menu stays
        assert app.screen is menu
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, GameMenu)
        [command] = [c for c in app.get_system_commands(app.screen)
                     if c.title == tr("cmd.saved_games")]
        command.callback()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SavedGamesScreen)
        assert str(screen.query_one("#saves-note", Static).content) == tr("saves.unsaved")


def test_saved_games_snapshot(snap_compare: Any, tmp_path: Path,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from truf_tui.engine import truc, trufludo
    from truf_tui.store.saves import game_meta

    monkeypatch.setenv("TZ", "UTC")  # the list shows local times: the same everywhere
    time.tzset()

    store = SaveStore(tmp_path)
    s: Any = truc.new_game(truc.Rules(target=12), seed=4)
    for _ in range(3):
        s = s.apply(s.legal_actions()[-1])
    store.save_named("Truc before the rest", GameRecord.from_state(s, **game_meta(tier="hard")))
    f: Any = trufludo.new_game(trufludo.Rules(), seed=9)
    for _ in range(6):
        f = f.apply(f.legal_actions()[0])
    store.save_named("Trufludo, lesson 2", GameRecord.from_state(f, **game_meta(tier="easy")))
    (tmp_path / "saves" / "damaged.json").write_text("{not json", "utf-8")
    for i, name in enumerate(("damaged", "Trufludo, lesson 2", "Truc before the rest")):
        stamp = 1_577_880_000 + 86_400 * i  # fixed days of 2020 (shown by date), newest last
        os.utime(tmp_path / "saves" / f"{name}.json", (stamp, stamp))

    async def open_saves(pilot: Any) -> None:
        pilot.app.action_saved_games()
        await pilot.pause()

    try:
        assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=open_saves)
    finally:
        monkeypatch.undo()
        time.tzset()


async def test_leaving_a_game_can_save_it_first(tmp_path: Path) -> None:
    """Leaving a game in progress offers a third way: save it under a name, then leave.
    Cancelling the name keeps everything as it was."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, "truc", seed=5, tier="easy", dealer=1, bot=ScriptBot("play"))
        await play_one(pilot)
        history = table_of(app).state.history
        await pilot.press("escape", "l")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmAbandon)
        assert str(dialog.query_one("#save", Button).label) == tr("loss.save")
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SaveAsDialog)
        await pilot.press("escape")  # no name after all: the game goes on
        await pilot.pause()
        assert table_of(app).state.history == history
        assert app.game_in_progress
        await pilot.press("escape", "l", "s")
        await pilot.pause()
        app.screen.query_one(Input).value = "before leaving"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        assert app.saved_game is None  # it lives on under its name, not as "Continue"
        assert saved(tmp_path, "before leaving").moves == tuple(map(str, history))
        assert "Saved as “before leaving”." in notices(app)


async def test_a_new_game_can_keep_the_saved_one_under_a_name(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, "truc", seed=5, tier="easy", dealer=1, bot=ScriptBot("play"))
        await play_one(pilot)
        history = table_of(app).state.history
        app.back_to_start()
        await pilot.pause()
        assert app.saved_game is not None
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmReplaceSave)
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one(Input).value = "Tuesday"
        await pilot.press("enter")
        await settle(pilot)
        moves = tuple(map(str, history))
        assert saved(tmp_path, "Tuesday").moves == moves
        new = tuple(map(str, table_of(app).state.history))
        assert new[:len(moves)] != moves  # a new game, not the saved one
        assert app.saved_game is None or app.saved_game[0].moves == new


async def test_without_a_data_folder_there_is_nothing_to_save_first(tmp_path: Path) -> None:
    app = make_app(None)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, "truc", seed=5, tier="easy", dealer=1, bot=ScriptBot("play"))
        await play_one(pilot)
        await pilot.press("escape", "l")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmAbandon)
        assert not app.screen.query("#save")
        await pilot.press("s")  # no such choice: the question stays
        await pilot.pause()
        assert isinstance(app.screen, ConfirmAbandon)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_a_named_pipe_among_the_saves_is_listed_not_opened(tmp_path: Path,
                                                                 lang: str) -> None:
    """Issue 40: a FIFO in saves/ was skipped without a word.  It is listed as not a file,
    and loading it says why, without ever waiting for a writer."""
    folder = tmp_path / "saves"
    folder.mkdir()
    os.mkfifo(folder / "pipe.json")
    app = make_app(tmp_path, lang=lang)
    try:
        async with app.run_test(size=SIZE) as pilot:
            app.action_saved_games()
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SavedGamesScreen)
            assert rows(screen)[0][:4] == ["pipe", "?", "?", tr("saves.not_a_file")]
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SavedGamesScreen)  # nothing was opened
            assert [m for m in notices(app) if "pipe" in m]
            assert (folder / "pipe.json").exists()
    finally:
        set_language("en")
