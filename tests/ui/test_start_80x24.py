"""The start screen at 80×24 (issue 16, item 18): the whole form and its buttons are in view
without scrolling, and no choice is cut ("…wins the gam", a tier's description ending in
"…"), in both languages, for both games, against the computer or a friend, with and
without a saved game to continue."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.containers import VerticalScroll
from textual.widgets import Button, RadioButton

from truf_tui.store import SaveStore
from truf_tui.ui.app import TrufApp
from truf_tui.ui.i18n import set_language, tr
from truf_tui.ui.screens.start import StartScreen
from truf_tui.ui.settings import Settings

from .test_persistence import finished_record

SIZE = (80, 24)
BUTTONS = ("#play", "#guided", "#tournament", "#saved")
RADIO_DOT = 4  # "▐●▌ " before a choice's words


def check_all_in_view(screen: StartScreen, what: str) -> None:
    width, height = screen.size
    body = screen.query_one("#start-body", VerticalScroll)
    assert body.max_scroll_y == 0, f"{what}: {body.max_scroll_y} rows below the fold"
    bottom = screen.query_one("#start-keys").region.y  # the key bar's row
    for bid in BUTTONS + (("#resume",) if screen.query_one("#resume-row").display else ()):
        b = screen.query_one(bid, Button)
        r = b.region
        assert r.height > 0 and r.y >= 1 and r.bottom <= bottom, (what, bid, r)
        assert r.right <= width, (what, bid, r)
    right = screen.query_one("#start-form").content_region.right
    for choice in screen.query(RadioButton):
        if not choice.region.height:
            continue  # the other game's rules
        words = cell_len(choice.label.plain)
        r = choice.region
        assert r.x + RADIO_DOT + words <= right, (what, choice.id, choice.label.plain, r)
        assert RADIO_DOT + words <= r.width, (what, choice.id, choice.label.plain, r)


async def look(app: TrufApp, game: str, opponent: str, what: str) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        assert screen.has_class("-short")
        if game == "truc":
            screen.query_one("#game").focus()
            await pilot.press("right")
        if opponent == "human":
            screen.query_one("#opponent").focus()
            await pilot.press("right")
        await pilot.pause()
        assert screen.choices["game"] == game and screen.choices["opponent"] == opponent
        check_all_in_view(screen, what)


@pytest.mark.parametrize("lang", ["en", "eo"])
@pytest.mark.parametrize("game", ["trufludo", "truc"])
@pytest.mark.parametrize("opponent", ["computer", "human"])
async def test_the_start_screen_fits_80x24(lang: str, game: str, opponent: str) -> None:
    try:
        await look(TrufApp(settings=Settings(pace="instant"), lang=lang), game, opponent,
                   f"{lang} {game} {opponent}")
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_with_a_game_to_continue_it_still_fits(tmp_path: Path, lang: str) -> None:
    # The Continue row on top (a Truc game in progress, its long description beside it).
    SaveStore(tmp_path).save_current(finished_record("truc", 5, stop_before_end=True,
                                                     tier="expert"))
    app = TrufApp(settings=Settings(pace="instant"), data_dir=tmp_path, lang=lang)
    try:
        for game in ("trufludo", "truc"):
            await look(app if game == "trufludo" else TrufApp(
                settings=Settings(pace="instant"), data_dir=tmp_path, lang=lang),
                game, "computer", f"{lang} {game} with Continue")
    finally:
        set_language("en")


async def test_taller_screens_keep_the_roomy_form() -> None:
    # 100×32 is not short: the groups keep their blank rows and the buttons their frame.
    app = TrufApp(settings=Settings(pace="instant"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert not screen.has_class("-short")
        assert screen.query_one("#play", Button).region.height == 3
        assert screen.query_one("#start-body", VerticalScroll).max_scroll_y == 0


@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_the_key_bar_and_hint_line_name_the_trainer_within_80_columns(lang: str) -> None:
    """b opens the bluff trainer: the key bar and the hint line say so, and neither runs past
    80 columns nor wraps (a taller 80-column screen shows the hint line)."""
    from textual.widgets import Static

    from truf_tui.ui.keybar import KeyBar, KeyHint

    app = TrufApp(settings=Settings(pace="instant", lang=lang))
    async with app.run_test(size=(80, 34)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        hints = list(screen.query_one("#start-keys", KeyBar).query(KeyHint))
        assert "screen.drills" in {h.action for h in hints}
        assert max(h.region.right for h in hints) <= 80
        # one name: the button's, the palette's and the trainer's title ("Bluff trainer",
        # issue 38 item 4); the key bar says its last word
        (hint,) = [h for h in hints if h.action == "screen.drills"]
        name = tr("drill.title")
        assert str(hint.render()).endswith(tr("key.drills"))
        assert name.lower().endswith(tr("key.drills").lower())
        assert tr("cmd.drills") == name and tr("start.btn.drills") == tr("key.drills")
        drills = screen.query_one("#drills", Button)
        assert drills.region.right <= 80 and str(drills.label) == tr("key.drills")
        line = screen.query_one("#start-hint", Static)
        assert "b:" in str(line.render())
        assert f"b: {name.lower()}" in str(line.render())
        assert line.region.height == 1 and line.region.right <= 80
        await pilot.press("b")
        await pilot.pause()
        assert type(app.screen).__name__ == "DrillScreen"
    set_language("en")


@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_the_five_buttons_fit_80x24(lang: str) -> None:
    """At 80×24 the buttons are one row high: all five, the trainer's last, whole within
    80 columns (its label was cut to "Blufa tre" in Esperanto)."""
    app = TrufApp(settings=Settings(pace="instant", lang=lang))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        buttons = list(app.screen.query("#start-buttons > Button").results(Button))
        assert len(buttons) == 5
        assert max(b.region.right for b in buttons) <= 80
    set_language("en")
