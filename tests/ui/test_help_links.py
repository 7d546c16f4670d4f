"""The help's links (issues 4 and 5): a rule section links to its worked examples, which open
in the example viewer, and to the guided game (the app's ``guided`` action)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.content import Content
from textual.widgets import Button, Static

from truf_tui.ui.app import TrufApp
from truf_tui.ui.i18n import set_language, tr
from truf_tui.ui.screens.example import ExampleScreen
from truf_tui.ui.screens.help import HelpScreen

SIZE = (100, 32)


async def open_help(pilot: Any) -> HelpScreen:
    await pilot.press("f1")
    for _ in range(100):
        screen = pilot.app.screen
        if isinstance(screen, HelpScreen) and screen._loaded_lang:
            break
        await asyncio.sleep(0.05)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, HelpScreen)
    return screen


def section_index(help_screen: HelpScreen, words: str) -> int:
    return next(i for i, s in enumerate(help_screen.sections) if words in s.title)


@pytest.mark.slow
async def test_a_rule_links_to_its_worked_example() -> None:
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        help_screen = await open_help(pilot)
        # Read the raise rule (T7), then Tab: the first link under it, not the top's.
        i = section_index(help_screen, "2 pli?")
        help_screen.go_to_section(i)
        await pilot.pause()
        await pilot.press("tab")
        link = app.focused
        assert isinstance(link, Button) and link.name == "example:13-truc-t7"
        assert str(link.label) == tr("help.link.example", rules="T7",
                                     name=tr("example.13-truc-t7"))
        await pilot.press("enter")
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ExampleScreen)
        status = viewer.query_one("#replay-status", Static)
        assert tr("example.start", n=8) in str(status.content)
        await pilot.press("right")  # the first move, and what the rules say after it
        await pilot.pause()
        text = str(status.content)
        # the move and the legal moves in words and card chips, not in T11 (issue 16, 9)
        from truf_tui.ui.moves import legal_words, move_words

        assert move_words(viewer.states[0], "play QH") in text
        assert tr("example.agrees") in text
        legal = legal_words(viewer.states[1], ["fold", "play 8D", "play KD", "play KS",
                                               "raise", "rest"])
        assert tr("example.expect", who=tr("tbl.you"), a=0, b=0, legal=legal) in text
        plain = " ".join(Content.from_markup(legal).plain.replace("\xa0", " ").split())
        plain = plain.replace(" ,", ",")  # a chip's padding
        assert plain == "fold, play 8♦, play K♦, play K♠, raise to 2 (“2 pli?”), Mia resto"
        await pilot.press("end")
        await pilot.pause()
        assert tr("example.end") in str(status.content)
        assert tr("example.agrees") in str(status.content)
        await pilot.press("escape")  # back to the help, where the reader was
        await pilot.pause()
        assert app.screen is help_screen
        # F1 from the viewer goes back to the help too (no second help on the stack).
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ExampleScreen)
        await pilot.press("f1")
        await pilot.pause()
        assert app.screen is help_screen
        assert sum(isinstance(s, HelpScreen) for s in app.screen_stack) == 1


async def test_the_guided_game_link_asks_for_the_guided_action(
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def action_guided(self: TrufApp, game: str) -> None:
        asked.append(game)

    monkeypatch.setattr(TrufApp, "action_guided", action_guided, raising=False)
    app = TrufApp()
    async with app.run_test(size=SIZE) as pilot:
        help_screen = await open_help(pilot)
        i = section_index(help_screen, "Trufego!")
        button = help_screen.query_one(f"#help-links-{i}").query(Button).last()
        assert button.name == "guided:trufludo"
        button.scroll_visible(animate=False)
        await pilot.pause()
        await pilot.click(button)
        await pilot.pause()
        assert asked == ["trufludo"]


@pytest.mark.slow
async def test_without_guided_games_the_link_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(TrufApp, "action_guided", raising=False)  # a version without them
    app = TrufApp(lang="eo")
    try:
        async with app.run_test(size=SIZE) as pilot:
            help_screen = await open_help(pilot)
            assert not hasattr(app, "action_guided")
            i = section_index(help_screen, "Mia resto")
            button = help_screen.query_one(f"#help-links-{i}").query(Button).last()
            assert str(button.label) == tr("help.link.guided", game="Le Truc")
            button.focus()
            await pilot.press("enter")
            await pilot.pause()
            assert [str(n.message) for n in app._notifications] == [tr("help.guided.missing")]
            assert app.screen is help_screen
    finally:
        set_language("en")
