"""The statistics screen as it opens (issue 16, item 13): at the top, the page focused (not
the list of games at the bottom), Tab to the games; "over 1 game", not "over 1 games"."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Static

from truf_tui.engine import truc, trufludo
from truf_tui.engine.record import GameRecord
from truf_tui.play.config import HUMAN
from truf_tui.store import History, game_meta
from truf_tui.ui.app import TrufApp
from truf_tui.ui.i18n import set_language, tr
from truf_tui.ui.screens.stats import StatsScreen
from truf_tui.ui.settings import Settings

SIZE = (100, 32)


def record(game: str, seed: int) -> GameRecord:
    rng = random.Random(seed)
    s: Any = (truc.new_game(truc.Rules(target=2), seed=seed) if game == "truc"
              else trufludo.new_game(trufludo.Rules(deck="italian"), seed=seed))
    while not s.is_terminal():
        s = s.apply(rng.choice(s.legal_actions()))
    return GameRecord.from_state(s, **game_meta(tier="easy", human=HUMAN))


@pytest.mark.parametrize("games", [1, 12])
async def test_statistics_open_at_the_top_and_tab_reaches_the_games(
        tmp_path: Path, games: int) -> None:
    with History(tmp_path) as history:
        for i in range(games):
            history.add_game(record("trufludo" if i % 2 else "truc", i))
    app = TrufApp(settings=Settings(pace="instant"), data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        body = screen.query_one("#stats-body", VerticalScroll)
        assert body.max_scroll_y > 0  # there is more below
        assert body.scroll_y == 0 and app.focused is body
        top = "\n".join(s.text for s in screen._compositor.render_strips()[:6])
        assert "Trufludo" in top
        await pilot.press("pagedown")
        await pilot.pause()
        assert body.scroll_y > 0  # the page scrolls
        await pilot.press("home")
        await pilot.press("tab")  # straight to the finished games (the other tables only
        await pilot.pause()  # show numbers)
        games_list = screen.query_one("#stats-games", DataTable)
        assert app.focused is games_list and games_list.row_count == games
        assert "Tab" in str(screen.query_one("#stats-hint", Static).render())


@pytest.mark.parametrize(("lang", "game_words", "round_words"), [
    ("en", "(over 1 game).", "over 1 round"), ("eo", "(el 1 ludo).", "el 1 rondo")])
async def test_one_game_is_one_game(tmp_path: Path, lang: str, game_words: str,
                                    round_words: str) -> None:
    with History(tmp_path) as history:
        history.add_game(record("trufludo", 1))
    app = TrufApp(settings=Settings(pace="instant", lang=lang), data_dir=tmp_path)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("s")
            await pilot.pause()
            mean = str(app.screen.query_one("#stats-mean-trufludo", Static).render())
            assert mean.endswith(game_words) and "1 games" not in mean
            assert "1 ludoj" not in mean
    finally:
        set_language("en")
    # and a single round of Le Truc (a match to 1 point)
    folder = tmp_path / "truc"
    with History(folder) as history:
        s = truc.new_game(truc.Rules(target=1), seed=2).apply("fold")
        history.add_game(GameRecord.from_state(s, **game_meta(tier="easy", human=HUMAN)))
    app = TrufApp(settings=Settings(pace="instant", lang=lang), data_dir=folder)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("s")
            await pilot.pause()
            mean = str(app.screen.query_one("#stats-mean-truc", Static).render())
            assert round_words in mean and "1 rounds" not in mean and "1 rondoj" not in mean
    finally:
        set_language("en")


def started_at(seed: int, scores: tuple[int, int]) -> GameRecord:
    """A match against the computer begun at ``scores`` (the start screen's Start at),
    played to its end with random cards."""
    rng = random.Random(seed)
    s = truc.new_game(truc.Rules(), seed=seed, scores=scores)
    while not s.is_terminal():
        s = s.apply(rng.choice([a for a in s.legal_actions() if a.kind == "play"]))
    return GameRecord.from_state(s, **game_meta(tier="easy", human=HUMAN))


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("No game from 0–0", "the 2 games you began at a chosen score", "“Start at …”",
            "need a game from 0–0")),
    ("eo", ("neniu ludo de 0–0", "la 2 ludoj, kiujn vi komencis", "«Komenci ĉe …»",
            "bezonas ludon de 0–0"))])
async def test_start_at_games_alone_are_no_empty_history(tmp_path: Path, lang: str,
                                                         words: tuple[str, ...]) -> None:
    """Issue 38: with only Start-at matches finished (kept apart from whole wins and losses,
    B4), the screen said "No finished games yet"; it says what there is instead."""
    with History(tmp_path) as history:
        history.add_game(started_at(1, (10, 11)))
        history.add_game(started_at(2, (11, 9)))
    app = TrufApp(settings=Settings(pace="instant", lang=lang), data_dir=tmp_path)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("s")
            await pilot.pause()
            note = str(app.screen.query_one("#stats-note", Static).render())
            assert all(w in note for w in words), note
            assert tr("stats.empty") not in note
    finally:
        set_language("en")
