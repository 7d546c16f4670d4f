"""Pilot tests of the shell: start screen, help, settings, language, minimum size, quitting,
command palette, command line.  The game tables are replaced by a stub screen, so these
tests need neither the table screens nor the AI."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, RadioButton, Static

from truf_tui import __version__, cli
from truf_tui.play.config import GameConfig
from truf_tui.store import SettingsStore
from truf_tui.ui.app import TrufApp
from truf_tui.ui.i18n import all_strings, tr
from truf_tui.ui.keybar import KeyHint
from truf_tui.ui.screens.dialogs import (
    ConfirmAbandon,
    ConfirmQuit,
    ConfirmReplaceSave,
    TooSmallScreen,
)
from truf_tui.ui.screens.help import HelpScreen
from truf_tui.ui.screens.settings import SettingsScreen
from truf_tui.ui.screens.start import StartScreen
from truf_tui.ui.settings import SettingsChanged

SIZE = (100, 32)


class StubTable(Screen[None]):
    """Stands in for a game table: a game is in progress while it is shown."""

    help_topic = "truc"

    def __init__(self, config: GameConfig) -> None:
        super().__init__()
        self.config = config
        self.settings_changes = 0

    def compose(self) -> ComposeResult:
        yield Static(f"table of {self.config.game}", id="stub")

    def on_mount(self) -> None:
        self.app.game_in_progress = True  # type: ignore[attr-defined]

    def on_settings_changed(self, _: SettingsChanged) -> None:
        self.settings_changes += 1


@pytest.fixture(autouse=True)
def stub_tables(monkeypatch: pytest.MonkeyPatch) -> list[GameConfig]:
    started: list[GameConfig] = []

    def table_for(self: TrufApp, config: GameConfig, state: Any = None) -> Screen[Any]:
        started.append(config)
        return StubTable(config)

    monkeypatch.setattr(TrufApp, "_table_for", table_for)
    return started


@pytest.fixture
def exits(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Records ``app.exit()`` instead of ending the test's app."""
    calls: list[bool] = []
    monkeypatch.setattr(TrufApp, "exit", lambda self, *a, **k: calls.append(True))
    return calls


async def wait_until(pilot: Any, condition: Callable[[], bool], timeout: float = 3.0) -> None:
    waited = 0.0
    while not condition():
        assert waited < timeout, "condition not reached"
        await pilot.pause(0.05)
        waited += 0.05


async def help_loaded(pilot: Any, lang: str) -> HelpScreen:
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen)
                     and app.screen._loaded_lang == lang)
    return app.screen  # type: ignore[no-any-return]


def visible_texts(screen: Screen[Any]) -> dict[str, str]:
    """The text of every visible Static, Button and radio option of ``screen``, by widget."""
    out: dict[str, str] = {}
    for i, widget in enumerate(screen.query("*")):
        if not all(node.display for node in widget.ancestors_with_self
                   if isinstance(node, Widget)):
            continue
        if isinstance(widget, Button | RadioButton):
            text = str(widget.label)
        elif isinstance(widget, Static):
            text = str(widget.content)
        else:
            continue
        out[f"{i}:{widget.id or type(widget).__name__}"] = text
    return out


# -- start screen --------------------------------------------------------------------------
async def test_start_screen_shows_choices_and_plays(stub_tables: list[GameConfig]) -> None:
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        start = app.screen
        assert isinstance(start, StartScreen)
        assert app.focused is start.query_one("#game")
        texts = " ".join(visible_texts(start).values())
        for key in ("game.trufludo", "game.truc", "tier.easy", "tier.expert",
                    "tier.trufludo.hard", "start.deck.italian", "start.leftover.last_capturer",
                    "start.dealer.computer", "start.play", "start.guided", "start.tournament",
                    "start.saved"):
            assert tr(key) in texts, key
        assert not start.query_one("#rules-truc").display
        await pilot.press("enter")
        assert stub_tables == [GameConfig("trufludo", "medium", {}, None, None)]
        assert isinstance(app.screen, StubTable)
        assert app.game_in_progress


@pytest.mark.slow
async def test_start_screen_keyboard_choices(stub_tables: list[GameConfig]) -> None:
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        start = app.screen
        start.query_one("#game").focus()
        await pilot.press("right")  # arrows choose at once: Le Truc
        assert start.query_one("#rules-truc").display
        assert not start.query_one("#rules-trufludo").display
        assert tr("tier.truc.easy") in " ".join(visible_texts(start).values())
        await pilot.press("tab")  # play against: the computer
        await pilot.press("tab", "down", "down")  # opponent: medium -> hard -> expert
        await pilot.press("tab", "right")  # the match: best of 3
        await pilot.press("tab")  # the target field
        assert app.focused is start.query_one("#target", Input)
        await pilot.press("backspace", "backspace", "2", "1")
        await pilot.press("tab", "1", "8")  # start at: you 18 ...
        assert app.focused is start.query_one("#score-you", Input)
        await pilot.press("tab", "2", "0")  # ... to 20
        await pilot.press("tab", "right")  # a refused rest wins the game
        await pilot.press("tab", "right", "right")  # the computer deals first
        await pilot.press("p")
        assert stub_tables == [GameConfig("truc", "expert", {"target": 21, "rest_refusal": "game"},
                                          1, None, best_of=3, scores=(18, 20))]


@pytest.mark.slow
async def test_start_screen_mouse_choices(stub_tables: list[GameConfig]) -> None:
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#deck-1")  # Italian pack
        await pilot.click("#forced-1")  # no forced capture
        await pilot.click("#leftover-1")
        await pilot.click("#tier-0")
        await pilot.click("#dealer-1")  # the human deals
        await pilot.click("#play")
        assert stub_tables == [GameConfig(
            "trufludo", "easy",
            {"deck": "italian", "forced_capture": False, "leftover": "last_capturer"}, 0, None)]


@pytest.mark.slow
async def test_start_screen_remembers_choices(stub_tables: list[GameConfig]) -> None:
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#game-1")
        await pilot.click("#tier-3")
        await pilot.press("p")
        assert isinstance(app.screen, StubTable)
        app.back_to_start()
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        assert start.config() == GameConfig("truc", "expert", {}, None, None)
        assert start.query_one("#rules-truc").display


@pytest.mark.slow
async def test_invalid_target_is_refused(stub_tables: list[GameConfig]) -> None:
    app = TrufApp(game=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#game-1")
        target = app.screen.query_one("#target", Input)
        target.value = "0"
        await pilot.pause()
        assert target.has_class("-invalid")
        await pilot.click("#play")
        assert stub_tables == []
        assert app.focused is target
        await pilot.press("q")  # typed into the field (refused there), not a quit
        assert isinstance(app.screen, StartScreen)


async def test_cli_options_preselect_and_start(stub_tables: list[GameConfig]) -> None:
    app = TrufApp(game="trufludo", tier="hard", deck="italian", seed=7, lang="eo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert stub_tables == [GameConfig("trufludo", "hard", {"deck": "italian"}, None, 7)]
        assert isinstance(app.screen, StubTable)
        assert app.lang == "eo"
        app.back_to_start()
        await pilot.pause()
        assert app.screen.query_one("#deck").value == "italian"  # type: ignore[attr-defined]


@pytest.mark.slow
async def test_start_game_replaces_the_table(stub_tables: list[GameConfig]) -> None:
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.press("f1")
        app.start_game(GameConfig("truc", "easy", {}, 0, 3))
        await pilot.pause()
        kinds = [type(s).__name__ for s in app.screen_stack]
        assert kinds == ["StartScreen", "StubTable"]
        assert app.screen.config.game == "truc"  # type: ignore[attr-defined]


# -- help --------------------------------------------------------------------------------
@pytest.mark.parametrize("key", ["f1", "question_mark"])
@pytest.mark.slow
async def test_help_opens_from_every_screen(key: str, stub_tables: list[GameConfig]) -> None:
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        openers: list[tuple[str, Callable[[], Any]]] = [
            ("start", lambda: None),
            ("settings", lambda: app.push_screen(SettingsScreen())),
            ("quit dialog", lambda: app.push_screen(ConfirmQuit())),
            ("table", lambda: app.start_game(GameConfig("truc"))),
        ]
        for name, open_screen in openers:
            open_screen()
            await pilot.pause()
            below = app.screen
            await pilot.press(key)
            await help_loaded(pilot, "en")
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is below, name


@pytest.mark.slow
async def test_help_toggles_and_jumps_to_the_game(stub_tables: list[GameConfig]) -> None:
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        help_screen = await help_loaded(pilot, "en")
        assert help_screen.topic is None
        await pilot.press("f1")  # F1 again closes it
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press("p", "f1")  # from the (stub) Truc table: the Truc rules
        help_screen = await help_loaded(pilot, "en")
        assert help_screen.topic == "truc"
        assert help_screen.go_to_topic("truc")
        contents = help_screen.query_one("#help-contents")
        assert not contents.display  # below 110 columns it starts hidden
        await pilot.press("t")  # the contents list, at the section being read
        assert contents.display and app.focused is contents
        here = contents.highlighted  # type: ignore[attr-defined]
        assert help_screen.sections[here].title == "Le Truc"
        await pilot.press("down", "down", "enter")  # jump two headings further
        await pilot.pause()
        body = help_screen.query_one("#help-body")
        assert contents.highlighted == here + 2  # type: ignore[attr-defined]
        assert body.scroll_y == help_screen.query_one(
            f"#help-section-{here + 2}").virtual_region.y


@pytest.mark.slow
async def test_the_help_is_kept_between_openings_and_comes_back_as_new(
        stub_tables: list[GameConfig]) -> None:
    """Laying the help out takes a second or more on a slow machine, so it is made once:
    opened again, it starts over at the topic of the screen below, in the language of the
    moment; a screen closed above it leaves the reader where they were."""
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        kept = await help_loaded(pilot, "en")
        body = kept.query_one("#help-body")
        contents = kept.query_one("#help-contents")
        await pilot.press("end", "t")  # read at the bottom, the contents shown
        await pilot.pause()
        assert body.scroll_y > 0 and contents.display
        await pilot.press("ctrl+s", "escape")  # the settings above it, and closed
        await pilot.pause()
        assert app.screen is kept and body.scroll_y > 0 and contents.display
        await pilot.press("escape", "f1")  # closed, then opened again: from the top
        assert await help_loaded(pilot, "en") is kept
        await pilot.pause()
        assert body.scroll_y == 0 and not contents.display and app.focused is body
        await pilot.press("escape", "p", "f1")  # from the (stub) Truc table
        assert await help_loaded(pilot, "en") is kept and kept.topic == "truc"
        await pilot.pause()
        truc = next(i for i, s in enumerate(kept.sections) if s.title == "Le Truc")
        assert body.scroll_y == kept.query_one(f"#help-section-{truc}").virtual_region.y > 0
        await pilot.press("escape", "ctrl+s", "right", "escape")  # Esperanto, help closed
        assert app.settings.lang == "eo"
        await pilot.press("f1")
        assert await help_loaded(pilot, "eo") is kept
        assert "Klavoj" in [s.title for s in kept.sections]
        assert str(kept.query_one("#help-title", Static).content) == "Kiel ludi"


@pytest.mark.slow
async def test_help_in_both_languages(stub_tables: list[GameConfig]) -> None:
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        help_screen = await help_loaded(pilot, "en")
        headings = [s.title for s in help_screen.sections]
        assert "Trufludo" in headings and "Keys" in headings
        await pilot.click("#help-lang")  # the header's language button
        help_screen = await help_loaded(pilot, "eo")
        headings = [s.title for s in help_screen.sections]
        assert "Klavoj" in headings and "Keys" not in headings
        assert str(help_screen.query_one("#help-title", Static).content) == "Kiel ludi"
        assert app.settings.lang == "eo"


# -- settings ----------------------------------------------------------------------------
@pytest.mark.slow
async def test_settings_change_live(stub_tables: list[GameConfig]) -> None:
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")  # a (stub) table below, to see it told of every change
        table = app.screen
        assert isinstance(table, StubTable)
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("right")  # language: Esperanto
        await pilot.pause()
        assert app.settings.lang == "eo" and app.lang == "eo"
        assert str(app.screen.query_one("#settings-title", Static).content) == "Agordoj"
        await pilot.press("tab", "right")  # theme: light
        assert app.theme == "textual-light" == app.settings.theme
        await pilot.press("tab", "right")  # pace: fast
        assert app.settings.pace == "fast" and app.settings.pace_seconds == 0.25
        await pilot.press("tab", "right")  # card style: letters
        assert app.settings.card_style == "letters"
        sample = str(app.screen.query_one("#cards-sample", Static).content)
        assert "AS" in sample and "♠" not in sample
        await pilot.pause()
        assert table.settings_changes == 4
        await pilot.press("escape")
        assert app.screen is table


@pytest.mark.slow
async def test_key_bar_hints_are_clickable(stub_tables: list[GameConfig]) -> None:
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        hints = list(app.screen.query(KeyHint))
        f1 = next(h for h in hints if h.key_text.startswith("F1"))  # "F1 Help"
        await pilot.click(f1)
        await help_loaded(pilot, "en")
        await pilot.click(app.screen.query("KeyHint").first())  # "Esc Close"
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


async def test_settings_key_f2_and_toggle(stub_tables: list[GameConfig]) -> None:
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, StartScreen)


@pytest.mark.slow
async def test_help_and_settings_never_pile_up(stub_tables: list[GameConfig]) -> None:
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+s", "f1", "ctrl+s")  # back to the open settings
        assert [type(s) for s in app.screen_stack] == [StartScreen, SettingsScreen]
        await pilot.press("f1", "ctrl+s", "f1")  # back to the open help
        assert [type(s) for s in app.screen_stack] == [StartScreen, SettingsScreen, HelpScreen]
        app.push_screen(StubTable(GameConfig()))  # a screen of a table, waiting for an answer
        await pilot.pause()
        await pilot.press("f1")  # is not closed: a new help opens over it
        assert [type(s) for s in app.screen_stack][-2:] == [StubTable, HelpScreen]


def test_first_run_language_follows_the_environment(tmp_path: Any,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "eo.UTF-8")
    assert TrufApp(data_dir=tmp_path / "new").lang == "eo"
    SettingsStore(tmp_path / "saved").save({"lang": "en"})  # a saved choice wins
    assert TrufApp(data_dir=tmp_path / "saved").lang == "en"
    assert TrufApp(lang="en", data_dir=tmp_path / "new").lang == "en"
    assert TrufApp().lang == "en"  # no data folder at all (tests): English


# -- language switch ---------------------------------------------------------------------
NEUTRAL = {v["en"] for v in all_strings().values() if v["en"] == v.get("eo")}
NEUTRAL_WIDGETS = ("cards-sample",)  # card faces are the same in every language


def _assert_all_translated(en: dict[str, str], eo: dict[str, str]) -> None:
    assert en.keys() == eo.keys()
    untranslated = {k: en[k] for k in en
                    if en[k] == eo[k] and en[k].strip() and en[k] not in NEUTRAL
                    and not k.endswith(NEUTRAL_WIDGETS)}
    assert not untranslated


@pytest.mark.slow
async def test_language_switch_translates_every_shell_string(
        stub_tables: list[GameConfig]) -> None:
    app = TrufApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screens: list[Callable[[], Any]] = [
            lambda: None,  # the start screen, Trufludo
            lambda: app.screen.query_one("#game-1", RadioButton).toggle(),  # Le Truc
            lambda: app.push_screen(SettingsScreen()),
            lambda: app.push_screen(ConfirmQuit()),
            lambda: app.push_screen(ConfirmAbandon()),
            lambda: app.push_screen(ConfirmReplaceSave()),
            lambda: app.push_screen(TooSmallScreen()),
            lambda: app.action_stats(),
            lambda: app.action_help(),
        ]
        for open_screen in screens:
            app.apply_settings(app.settings.copy(lang="en"))
            # Each screen on its own over the start screen: a deep pile of modal screens
            # (each drawing the ones below) is not what a player meets.
            while len(app.screen_stack) > 1:
                app.pop_screen()
            await pilot.pause()
            open_screen()
            await pilot.pause()
            if isinstance(app.screen, HelpScreen):
                await help_loaded(pilot, "en")
            en = visible_texts(app.screen)
            app.apply_settings(app.settings.copy(lang="eo"))
            await pilot.pause()
            if isinstance(app.screen, HelpScreen):
                await help_loaded(pilot, "eo")
            _assert_all_translated(en, visible_texts(app.screen))
            # and back: English again, word for word
            app.apply_settings(app.settings.copy(lang="en"))
            await pilot.pause()
            assert visible_texts(app.screen) == en


async def test_language_switch_in_the_palette(stub_tables: list[GameConfig]) -> None:
    app = TrufApp(lang="eo")
    async with app.run_test(size=SIZE):
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Nova ludo" in titles and "Agordoj" in titles


# -- minimum size ------------------------------------------------------------------------
async def test_too_small_shows_message_and_restores(stub_tables: list[GameConfig]) -> None:
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        table = app.screen
        await pilot.resize_terminal(79, 24)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        message = str(app.screen.query_one("#too-small-message", Static).content)
        assert "needs at least 80×24, now 79×24" in message
        await pilot.resize_terminal(90, 20)
        await pilot.pause()
        message = str(app.screen.query_one("#too-small-message", Static).content)
        assert "now 90×20" in message
        await pilot.press("1", "p", "f1", "ctrl+s", "ctrl+p")  # nothing happens blind
        assert isinstance(app.screen, TooSmallScreen)
        assert [type(s) for s in app.screen_stack] == [StartScreen, StubTable, TooSmallScreen]
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen is table
        assert str(table.query_one("#stub", Static).content) == "table of trufludo"


@pytest.mark.slow
async def test_screen_pushed_while_too_small_is_covered(stub_tables: list[GameConfig]) -> None:
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        app.push_screen(HelpScreen())  # as a table would push a round summary
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)  # the older notice went away too


# -- quitting ----------------------------------------------------------------------------
async def test_quit_without_a_game_needs_no_confirmation(exits: list[bool]) -> None:
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
        assert exits == [True]


async def test_quit_during_a_game_asks_first(exits: list[bool],
                                             stub_tables: list[GameConfig]) -> None:
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmQuit)
        assert app.focused is app.screen.query_one("#no")  # Enter by reflex keeps the game
        await pilot.press("enter")
        assert isinstance(app.screen, StubTable) and exits == []
        await pilot.press("q", "n")
        assert isinstance(app.screen, StubTable) and exits == []
        await pilot.press("ctrl+q", "escape")
        assert isinstance(app.screen, StubTable) and exits == []
        await pilot.press("q", "y")
        assert exits == [True]
        await pilot.press("ctrl+q", "ctrl+q")  # the same key twice also quits
        assert exits == [True, True]
        await pilot.press("escape")  # (exit is only recorded here: the dialog is still up)
        await pilot.press("q")
        await pilot.click("#yes")
        assert exits == [True, True, True]


async def test_ctrl_c_explains_how_to_quit(exits: list[bool]) -> None:
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert exits == []
        assert any(tr("quit.ctrl_c") in str(n.message) for n in app._notifications)


# -- command palette ---------------------------------------------------------------------
async def test_command_palette_entries(stub_tables: list[GameConfig]) -> None:
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert titles == [tr(k) for k in ("cmd.new", "cmd.play_trufludo", "cmd.play_truc",
                                          "cmd.guided_trufludo", "cmd.guided_truc",
                                          "cmd.tournament", "cmd.help", "cmd.settings",
                                          "cmd.stats", "cmd.drills", "cmd.saved_games",
                                          "cmd.language", "cmd.screenshot", "cmd.quit")]
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert type(app.screen).__name__ == "CommandPalette"
        await pilot.press(*"settings")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, SettingsScreen))


async def test_palette_new_game_asks_before_leaving_a_game(
        stub_tables: list[GameConfig]) -> None:
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        app.play_now("truc")  # no game yet: starts at once
        await pilot.pause()
        assert isinstance(app.screen, StubTable) and stub_tables[-1].game == "truc"
        app.new_game_menu()
        await pilot.pause()
        assert isinstance(app.screen, ConfirmAbandon)
        await pilot.press("n")
        assert isinstance(app.screen, StubTable)
        app.new_game_menu()
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert not app.game_in_progress


async def test_palette_screenshot(stub_tables: list[GameConfig], tmp_path: Any,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        app.take_screenshot()
        await wait_until(pilot, lambda: any(tmp_path.glob("truf-tui_*.svg")))


# -- command line ------------------------------------------------------------------------
def test_cli_help_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    for args, expected in ((["--help"], "--game"), (["--version"], __version__)):
        with pytest.raises(SystemExit) as exc:
            cli.main(args)
        assert exc.value.code == 0
        assert expected in capsys.readouterr().out


@pytest.mark.parametrize("args", [["--game", "chess"], ["--tier", "godlike"],
                                  ["--seed", "x"], ["--lang", "fr"], ["--bogus"]])
def test_cli_bad_options_exit_non_zero(args: list[str],
                                       capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(args)
    assert exc.value.code != 0
    err = capsys.readouterr().err
    assert "usage: truf-tui" in err and "error:" in err


# -- robustness --------------------------------------------------------------------------
@pytest.mark.slow
async def test_random_keys_never_break_the_shell(exits: list[bool],
                                                 stub_tables: list[GameConfig]) -> None:
    """Random keys and resizes over the shell's screens (tables stubbed)."""
    import random

    rng = random.Random(4)
    keys = ["tab", "shift+tab", "left", "right", "up", "down", "enter", "space", "escape",
            "f1", "question_mark", "ctrl+s", "f2", "ctrl+p", "p", "t", "q", "y", "n", "j",
            "1", "5", "backspace", "pageup", "pagedown", "ctrl+c", "s", "c"]
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        for i in range(150):
            if i % 30 == 29:
                await pilot.resize_terminal(*rng.choice([(70, 20), (80, 24), SIZE]))
            await pilot.press(rng.choice(keys))
            assert isinstance(app.screen_stack[0], StartScreen)
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)


@pytest.mark.slow
async def test_start_screen_opens_the_guided_game_and_the_saved_games() -> None:
    from truf_tui.ui.screens.guided import GuidedTruc, GuidedTrufludo
    from truf_tui.ui.screens.saves import SavedGamesScreen

    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#guided")  # the game chosen above: Trufludo
        await pilot.pause()
        assert isinstance(app.screen, GuidedTrufludo)
        app.back_to_start()
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        start.query_one("#game").focus()
        await pilot.press("right")  # Le Truc
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, GuidedTruc)
        app.back_to_start()
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.click("#saved")
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen)


def test_the_shell_screens_are_named_after_their_classes() -> None:
    """``_show_once`` knows the shell's own screens by name (importing them all at the
    first F1 cost a third of a second): every name is a screen's, so a rename is seen."""
    from textual.command import CommandPalette

    from truf_tui.ui.app import SHELL_SCREENS
    from truf_tui.ui.screens.dialogs import (
        ConfirmAbandon,
        ConfirmLeaveOnline,
        ConfirmQuit,
        ConfirmQuitOnline,
    )
    from truf_tui.ui.screens.drills import DrillScreen
    from truf_tui.ui.screens.example import ExampleScreen
    from truf_tui.ui.screens.help import HelpScreen
    from truf_tui.ui.screens.saves import SavedGamesScreen
    from truf_tui.ui.screens.settings import SettingsScreen
    from truf_tui.ui.screens.stats import StatsScreen

    screens = (HelpScreen, SettingsScreen, StatsScreen, ExampleScreen, SavedGamesScreen,
               DrillScreen, ConfirmQuit, ConfirmAbandon, ConfirmLeaveOnline, ConfirmQuitOnline,
               CommandPalette)
    assert {s.__name__ for s in screens} == SHELL_SCREENS


@pytest.mark.slow
async def test_the_help_speed_measure_opens_the_help_as_a_player_does(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m tools.helpspeed`` (the note's figures): F1 and Escape in a fresh
    app, timed (how fast is the measure's to say, not a test's)."""
    from tools.helpspeed import main, time_openings

    times = await time_openings(2, SIZE)
    assert len(times) == 2 and all(t > 0 for t in times)
    with pytest.raises(SystemExit):
        main(["--runs", "0"])
    assert "at least 1" in capsys.readouterr().err
