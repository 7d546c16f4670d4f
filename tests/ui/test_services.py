"""The screens reach the app through truf_tui.ui.services: TrufApp itself, or harmless
defaults when a screen runs in another app (a test's own small App)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from textual.app import App
from textual.message import Message

import truf_tui.ui
from truf_tui.engine import trufludo
from truf_tui.play.config import GameConfig, default_choices
from truf_tui.ui.app import TrufApp
from truf_tui.ui.screens.start import StartScreen
from truf_tui.ui.screens.summary import TrufludoResults
from truf_tui.ui.screens.trufludo_table import TrufludoTable
from truf_tui.ui.services import (
    AppServices,
    Detached,
    DetachedShell,
    ShellServices,
    services,
    shell,
)
from truf_tui.ui.settings import Settings

SIZE = (100, 32)


def finished_trufludo(seed: int = 5) -> Any:
    rng = random.Random(seed)
    s: Any = trufludo.new_game(trufludo.Rules(), seed=seed)
    while not s.is_terminal():
        s = s.apply(rng.choice(s.legal_actions()))
    return s


def test_trufapp_provides_the_services() -> None:
    app = TrufApp(settings=Settings(card_style="letters"), bot_options={"iterations": 5})
    assert isinstance(app, AppServices)
    got = services(app)
    assert got is app
    assert got.settings.card_style == "letters" and got.bot_options == {"iterations": 5}


def test_another_app_gets_the_defaults_and_nothing_happens() -> None:
    got = services(App())
    assert isinstance(got, Detached) and isinstance(got, AppServices)
    assert got.settings == Settings() and got.settings.pace_seconds == 0.6
    assert got.bot_options == {} and got.practice_reviews == {}
    assert got.results_context() is None
    assert got.results_chosen(None, "again") is False
    got.game_in_progress = True
    got.game_meta_changed(hints_used=1)
    got.game_finished(None, None)  # type: ignore[arg-type]


async def test_a_table_and_its_results_run_in_a_plain_app() -> None:
    app: App[None] = App()
    async with app.run_test(size=SIZE) as pilot:
        table = TrufludoTable(GameConfig(game="trufludo", opponent="human"))
        app.push_screen(table)
        await pilot.pause()
        assert table.card_style == "symbols" and table.pace == 0.6
        table.set_names(("Ada", "Bo"))  # the record's meta: nobody to tell
        table.action_menu()  # no game menu: nothing happens
        results = TrufludoResults(finished_trufludo())
        app.push_screen(results)
        await pilot.pause()
        assert results.context is None and results.buttons == TrufludoResults.BUTTONS
        table.results_closed("menu")  # no start screen to go back to: the table stays
        assert table in app.screen_stack


def test_trufapp_provides_the_shell_services() -> None:
    app = TrufApp(game="truc")
    assert isinstance(app, ShellServices)
    got = shell(app)
    assert got is app and got.start_choices["game"] == "truc"


def test_another_app_gets_the_shells_defaults() -> None:
    got = shell(App())
    assert isinstance(got, DetachedShell) and isinstance(got, ShellServices)
    assert got.start_choices == default_choices()
    assert got.data is None and got.saved_game is None and got.tournament is None
    got.tournament_computers_played(None)  # type: ignore[arg-type]
    got.back_to_start()


async def test_the_start_screen_runs_in_a_plain_app_and_asks_by_message() -> None:
    asked: list[Message] = []

    class Plain(App[None]):
        def on_start_screen_play_requested(self, message: StartScreen.PlayRequested) -> None:
            asked.append(message)

    app = Plain()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(StartScreen())
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
    assert [type(m) for m in asked] == [StartScreen.PlayRequested]
    assert isinstance(asked[0], StartScreen.PlayRequested)
    assert asked[0].config.game == "trufludo" and asked[0].config.tier == "medium"


def test_no_screen_or_widget_names_the_app_class() -> None:
    """They reach the app through services() and shell(), and post messages (issue 37)."""
    ui = Path(truf_tui.ui.__file__).parent
    named = [f"{path.relative_to(ui)}:{n}"
             for folder in ("screens", "widgets")
             for path in sorted((ui / folder).glob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if "TrufApp" in line]
    assert named == []
