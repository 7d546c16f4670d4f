"""A computer player that crashes: the game goes on with a legal move in its place, the
traceback lands in ``errors.log`` in the data folder, and the player is told once a game
(the table, the tournament's background games); the hints' expert is logged too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import truf_tui.ai
from truf_tui.play.config import HUMAN
from truf_tui.store import data_dir
from truf_tui.store.errorlog import LOG_NAME
from truf_tui.ui.app import TrufApp
from truf_tui.ui.i18n import tr
from truf_tui.ui.settings import Settings
from truf_tui.ui.widgets import hints

from .tables_support import BOT_OPTIONS, SIZE, make_app, settle, start


class CrashBot:
    """A computer with a bug: every move it is asked for raises."""

    game, tier = "truc", "script"

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, observation: dict[str, Any]) -> Any:
        self.calls += 1
        raise RuntimeError("the bot's own bug")

    def analyse(self, observation: dict[str, Any]) -> Any:
        raise RuntimeError("the expert's own bug")


def notices(app: TrufApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def play_my_moves(pilot: Any, t: Any, turns: int) -> None:
    """The player's first legal move, ``turns`` times (the computer answers each)."""
    for _ in range(turns):
        await settle(pilot)
        if t.state.is_terminal():
            return
        assert t.state.current_player == HUMAN, "the computer did not move"
        assert t.human_move(t.state.legal_actions()[0])
    await settle(pilot)


@pytest.mark.parametrize("game", ["trufludo", "truc"])
@pytest.mark.slow
async def test_a_crashing_computer_is_replaced_logged_and_told_once(game: str) -> None:
    app = make_app()  # no data folder of its own: the log goes to the default one
    bot = CrashBot()
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, game, seed=11, dealer=1, bot=bot)
        # Each of the player's turns comes back: a legal move was played for the computer.
        await play_my_moves(pilot, t, 2)
        assert bot.calls >= 2  # the game went on past the first crash
        log = data_dir() / LOG_NAME
        text = log.read_text(encoding="utf-8")
        assert text.count(f"ERROR bot crash: {game}, medium, table, seat 1; moves: ") == \
            bot.calls
        assert "RuntimeError: the bot's own bug" in text and "Traceback" in text
        # Told once this game, however often it failed.
        assert notices(app) == [tr("bot.crash", path=log)]


@pytest.mark.slow
async def test_the_notice_in_esperanto_and_the_log_in_the_apps_folder(tmp_path: Path) -> None:
    app = TrufApp(settings=Settings(pace="instant", lang="eo"), bot_options=BOT_OPTIONS.copy(),
                  data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, "truc", seed=11, dealer=1, bot=CrashBot())
        await play_my_moves(pilot, t, 1)
        log = tmp_path / LOG_NAME
        assert "bot crash: truc" in log.read_text(encoding="utf-8")
        [message] = notices(app)
        assert message.startswith("Komputila ludanto renkontis eraron") and str(log) in message
        # A new game: the player is told again if the computer fails again.
        t.load_state(t.new_state())
        await play_my_moves(pilot, t, 1)
        assert len(notices(app)) == 2


async def test_a_crash_in_the_tournaments_background_game(monkeypatch: Any) -> None:
    from truf_tui.play.matches import Entrant, TournamentRun
    from truf_tui.ui.screens.tournament import BracketScreen

    real = truf_tui.ai.make_bot

    def make_bot(game: str, tier: str, **kw: Any) -> Any:
        return CrashBot() if tier == "medium" else real(game, tier, **kw)

    monkeypatch.setattr(truf_tui.ai, "make_bot", make_bot)
    app = TrufApp(settings=Settings(pace="instant"), bot_options=BOT_OPTIONS.copy())
    players = [Entrant("p1", "you"), Entrant("p2", "computer", "easy"),
               Entrant("p3", "computer", "easy"), Entrant("p4", "computer", "medium")]
    run = TournamentRun.new("truc", {"target": 1}, players, best_of=1, seed=4)
    app.tournament = run.record(0)  # you took semi-final 1
    app._tournament_loaded = True
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        bracket = app.screen
        assert isinstance(bracket, BracketScreen)
        await pilot.press("p")
        for _ in range(300):
            await settle(pilot, 1)
            if app.tournament.bracket.pairings[1].winner() is not None and \
                    not bracket.simulating:
                break
        # The game was played to its end all the same.
        assert app.tournament.bracket.pairings[1].winner() is not None
        log = data_dir() / LOG_NAME
        text = log.read_text(encoding="utf-8")
        assert "ERROR bot crash: truc, medium, tournament, seat 1; moves: " in text
        assert notices(app).count(tr("bot.crash", path=log)) == 1


def test_the_hints_expert_crashing_is_logged(monkeypatch: Any, tmp_path: Path) -> None:
    from tests.ui.tables_support import trufludo_state

    # The hint's figures are the review's (grading.expert_view), whose expert this is.
    monkeypatch.setattr("truf_tui.grading.make_bot", lambda *a, **k: CrashBot())
    s = trufludo_state([["7H", "2S", "3C"], ["5D", "9S", "KC"]], ["4H", "KS"], stock=18)
    hint = hints.analyse("trufludo", s, {}, 1, HUMAN, tmp_path)
    assert hint.lines is None  # the panel says the expert could not judge the position
    text = (tmp_path / LOG_NAME).read_text(encoding="utf-8")
    assert "bot crash: trufludo, expert, hint, seat 0; moves: -" in text
    assert "RuntimeError: the expert's own bug" in text
