"""The start screen's words (issue 16, items 10 and 11): a hot-seat game is for two players
(no "you / the computer", no "…against the computer", no Practice switch that hot-seat
ignores), and the variants' rule ids read as rules of the help, not as function keys."""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual.widgets import Static

from truf_tui.ui.i18n import set_language, tr, tr_in
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
async def test_variant_labels_are_words_and_their_rule_is_named_in_the_tooltip(lang: str) -> None:
    # issue 40, item 21: "Must take §F5" meant nothing to a newcomer; the tag is in the help.
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
                    assert str(label.render()) == tr(f"start.{name}")
                    assert label.tooltip == tr("start.rule.tip", id=rule)
                    assert f"{'rule' if lang == 'en' else 'regulo'} {rule}" in str(label.tooltip)
            visible = "\n".join(s.text for s in screen._compositor.render_strips())
            assert "§" not in visible
            # F1 is also the help's key in the hint line; the other tags are rules only.
            assert not [r for r in RULE_IDS.values()
                        if r != "F1" and re.search(rf"\b{r}\b", visible)]
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_the_tier_names_stand_apart_from_their_descriptions(lang: str) -> None:
    # issue 40, item 22: "Malfacila serĉas": a 9-letter name got one space.
    from truf_tui.play.config import TIERS

    app = make_app(lang=lang)
    try:
        async with app.run_test(size=SIZE):
            screen = app.screen
            assert isinstance(screen, StartScreen)
            labels = [screen._tier_label(t).plain for t in TIERS]
            starts = {len(label) - len(tr(f"tier.trufludo.{t}"))
                      for label, t in zip(labels, TIERS, strict=True)}
            assert len(starts) == 1  # the descriptions line up
            for label, t in zip(labels, TIERS, strict=True):
                assert label.startswith(tr(f"tier.{t}") + "  "), label
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_a_newcomer_is_pointed_to_the_guided_game_once(lang: str, tmp_path: Any) -> None:
    # issue 40, item 25: shown on the first run, for the game chosen; not on the second.
    from truf_tui.store import SettingsStore
    from truf_tui.ui.app import TrufApp

    async def nudge_shown() -> str | None:
        app = TrufApp(lang=lang, data_dir=tmp_path, bot_options={"iterations": 10})
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                screen = app.screen
                assert isinstance(screen, StartScreen)
                nudge = screen.query_one("#nudge", Static)
                if not nudge.display:
                    return None
                first = str(nudge.render())
                await pilot.click("#game-1")  # Le Truc: the nudge follows the choice
                await pilot.pause()
                assert tr("game.truc") in str(nudge.render())
                return first
        finally:
            set_language("en")

    first = await nudge_shown()
    assert first is not None and tr_in(lang, "game.trufludo") in first
    assert ("guided game" if lang == "en" else "gvidata ludo") in first
    assert SettingsStore(tmp_path).load()[0]["guided_nudge"] is True  # remembered
    assert await nudge_shown() is None


async def test_a_returning_player_is_not_nudged(tmp_path: Any) -> None:
    from truf_tui.store import SettingsStore
    from truf_tui.ui.app import TrufApp

    SettingsStore(tmp_path).save({"lang": "en"})  # a settings file from before the nudge
    app = TrufApp(data_dir=tmp_path, bot_options={"iterations": 10})
    async with app.run_test(size=(80, 24)):
        assert not app.screen.query_one("#nudge", Static).display
