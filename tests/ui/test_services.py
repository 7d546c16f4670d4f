"""The screens reach the app through truf_tui.ui.services: TrufApp itself, or harmless
defaults when a screen runs in another app (a test's own small App)."""

from __future__ import annotations

import random
from typing import Any

from textual.app import App

from truf_tui.engine import trufludo
from truf_tui.ui.app import TrufApp
from truf_tui.ui.config import GameConfig
from truf_tui.ui.screens.summary import TrufludoResults
from truf_tui.ui.screens.trufludo_table import TrufludoTable
from truf_tui.ui.services import AppServices, Detached, services
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
    assert got.results_chosen(None, "again") is False  # type: ignore[arg-type]
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
