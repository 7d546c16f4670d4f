"""The start screen's words (issue 16, items 10 and 11): a hot-seat game is for two players
(no "you / the computer", no "…against the computer", no Practice switch that hot-seat
ignores), and the variants' rule ids read as rules of the help, not as function keys."""

from __future__ import annotations

import re

import pytest
from textual.widgets import Static

from truf_tui.ui.i18n import set_language, tr
from truf_tui.ui.screens.start import RULE_IDS, StartScreen

from .tables_support import make_app, table_of

SIZE = (100, 32)


def text(screen: StartScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def dealer_labels(screen: StartScreen) -> list[str]:
    return [str(screen.query_one(f"#dealer-{i}").label) for i in range(3)]


@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_hot_seat_speaks_of_two_players_and_hides_practice(lang: str) -> None:
    app = make_app(lang=lang)
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = app.screen
            assert isinstance(screen, StartScreen)
            computer = tr("start.dealer.computer")
            assert text(screen, "#start-title") == tr("start.title")
            assert dealer_labels(screen) == [tr("start.dealer.random"), tr("start.dealer.you"),
                                             computer]
            assert screen.query_one("#practice-row").display
            await pilot.click("#practice-1")  # practice on, then a friend at the keyboard
            await pilot.click("#opponent-1")
            await pilot.pause()
            title = text(screen, "#start-title")
            assert title == tr("start.title.hotseat")
            assert tr("tbl.computer").lower() not in title.lower()
            assert dealer_labels(screen) == [tr("start.dealer.random"),
                                             tr("hot.player", n=1), tr("hot.player", n=2)]
            assert not screen.query_one("#practice-row").display
            assert not screen.query_one("#tier-row").display
            visible = "\n".join(s.text for s in screen._compositor.render_strips())
            assert tr("practice.label") not in visible
            assert visible.count(computer) == 1  # only the opponent choice names it
            # The game started is hot-seat without practice; Player 2 deals when chosen.
            await pilot.click("#dealer-2")
            await pilot.press("p")
            await pilot.pause()
            t = table_of(app)
            assert t.hotseat and not t.config.practice and t.state.dealer == 1
    finally:
        set_language("en")


async def test_back_to_the_computer_the_words_come_back() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, StartScreen)
        await pilot.click("#opponent-1")
        await pilot.click("#opponent-0")
        await pilot.pause()
        assert text(screen, "#start-title") == tr("start.title")
        assert dealer_labels(screen)[1:] == [tr("start.dealer.you"),
                                             tr("start.dealer.computer")]
        assert screen.query_one("#practice-row").display


@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_rule_tags_read_as_rules_not_as_function_keys(lang: str) -> None:
    app = make_app(lang=lang)
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = app.screen
            assert isinstance(screen, StartScreen)
            for game in ("0", "1"):  # Trufludo's variants, then Le Truc's
                await pilot.click(f"#game-{game}")
                await pilot.pause()
                for name, rule in RULE_IDS.items():
                    label = screen.query_one(f"#label-{name}", Static)
                    shown = str(label.render())
                    assert shown == f"{tr(f'start.{name}')} §{rule}"  # F1: rule, not key
                    assert re.search(rf"(?<!§)\b{rule}\b", shown) is None
                    assert label.tooltip == tr("start.rule.tip", id=rule)
                    assert (f"rule {rule} of the help" if lang == "en"
                            else f"regulo {rule} de la helpo") in str(label.tooltip)
            visible = "\n".join(s.text for s in screen._compositor.render_strips())
            assert "§T10" in visible and "§T8" in visible
    finally:
        set_language("en")
