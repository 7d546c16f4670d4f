"""Matches (best of N) and the knockout tournament (F12), played through the app with keys.

Le Truc to 1 point keeps every game to a round or so; the computers are quick (instant
pace, small search budgets, the easy tier).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, OptionList, Static

from truf_tui.engine.record import GameRecord
from truf_tui.play.config import HUMAN
from truf_tui.ui.app import TrufApp
from truf_tui.ui.screens.dialogs import ConfirmDialog
from truf_tui.ui.screens.replay import ReplayScreen
from truf_tui.ui.screens.start import StartScreen
from truf_tui.ui.screens.summary import Results, TrucResults, TrucRoundSummary
from truf_tui.ui.screens.tournament import BracketScreen, TournamentSetup
from truf_tui.ui.screens.truc_table import FoldConfirm
from truf_tui.ui.settings import Settings
from truf_tui.ui.widgets.table import Markup

from .tables_support import BOT_OPTIONS, SIZE, settle, table_of


def make_app(folder: Path | None = None, lang: str = "en") -> TrufApp:
    app = TrufApp(settings=Settings(pace="instant", lang=lang), bot_options=BOT_OPTIONS.copy(),
                  data_dir=folder)
    return app


def quick_truc(app: TrufApp, *, seed: int = 3, best_of: int = 1) -> None:
    """The start screen's choices: Le Truc to 1 point against the easy computer."""
    c = app.start_choices
    c["game"], c["tier"], c["seed"], c["best_of"] = "truc", "easy", seed, best_of
    c["rules"]["truc"]["target"] = 1


async def play_truc_game(pilot: Pilot[Any], rng: random.Random) -> Results:
    """Play the table's game with keys (random legal moves, rarely folding) to its end."""
    app = pilot.app
    t = table_of(app)
    for _ in range(400):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, Results):
            return screen
        if isinstance(screen, TrucRoundSummary):
            await pilot.press("enter")
            continue
        if isinstance(screen, FoldConfirm):
            await pilot.press("y")
            continue
        s = t.state
        assert s.current_player == HUMAN, "the computer did not move"
        legal = [a for a in s.legal_actions() if a.kind != "fold"] or s.legal_actions()
        a = rng.choice(legal)
        if a.kind == "play":
            await pilot.press(str(s.hands[HUMAN].index(a.card) + 1))
        else:
            await pilot.press({"raise": "r", "rest": "m", "accept": "a", "refuse": "x",
                               "fold": "f", "redeal": "d"}[a.kind])
    raise AssertionError("the game did not end")


def body(screen: Any) -> str:
    return str(screen.query_one("#summary-body", Markup).text)


# -- matches ---------------------------------------------------------------------------------
async def test_start_screen_sets_opponent_and_match_length(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#opponent-1")  # a friend at this keyboard
        assert not app.screen.query_one("#tier-row").display  # no computer tier to choose
        await pilot.click("#match-2")  # best of 5
        config = app.screen.config()  # type: ignore[attr-defined]
        assert config.opponent == "human" and config.best_of == 5
        await pilot.click("#opponent-0")
        assert app.screen.query_one("#tier-row").display
    stored = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))["settings"]
    assert stored["opponent"] == "computer" and stored["best_of"] == 5
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert app.start_choices["best_of"] == 5
        assert app.screen.config().best_of == 5  # type: ignore[attr-defined]


async def test_best_of_three_match_to_the_end() -> None:
    app = make_app()
    quick_truc(app, best_of=3)
    rng = random.Random(5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await settle(pilot)
        dealers = []
        for _ in range(6):
            t = table_of(app)
            dealers.append(t.state.first_dealer)
            results = await play_truc_game(pilot, rng)
            assert app.match is not None
            series = app.match.series
            you, them = series.wins()
            assert f"Match, best of 3: you {you} – {them} the computer" in body(results)
            if series.is_over():
                break
            assert "Next game" in str(results.query_one("#next", Button).label)
            await pilot.press("n")
            await settle(pilot)
            assert table_of(app) is not t
        else:
            raise AssertionError("the match did not end")
        # F12: the deal alternates from game to game.
        assert all(a != b for a, b in zip(dealers, dealers[1:], strict=False))
        assert len(dealers) == len(series.results) and max(series.wins()) == 2
        text = body(results)
        assert ("You win the match" in text) if series.winner() == 0 else (
            "The match goes to the computer" in text)
        assert not results.query("#next")
        await pilot.press("p")  # a new match, from its first game
        await settle(pilot)
        assert app.match is not None and app.match.series.results == ()


@pytest.mark.slow
async def test_match_progress_survives_a_restart(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    quick_truc(app, best_of=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await settle(pilot)
        await play_truc_game(pilot, random.Random(1))
        assert app.match is not None
        first = app.match.series.results
        assert len(first) == 1
        first_dealer = table_of(app).state.first_dealer
        await pilot.press("q")  # quit at the results screen: the next game is kept
    record = GameRecord.from_json((tmp_path / "current.json").read_text(encoding="utf-8"))
    match = record.meta["match"]
    assert isinstance(match, dict) and match["results"] == list(first)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, StartScreen) and app.screen.query_one("#resume").display
        note = str(app.screen.query_one("#resume-note", Static).render())
        assert "game 2 of a best of 3" in note
        await pilot.press("c")  # Continue: game 2 of the match
        await settle(pilot)
        t = table_of(app)
        assert app.match is not None and app.match.series.results == first
        assert t.state.first_dealer == 1 - first_dealer  # the other first dealer (F12)
        # Quit in the middle of game 2, come back again: still game 2 of the match.
        s = t.state
        while s.current_player != HUMAN:
            await settle(pilot)
            s = t.state
        await pilot.press("1")
        await settle(pilot)
        await pilot.press("q", "y")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await settle(pilot)
        assert app.match is not None and app.match.series.results == first
        results = await play_truc_game(pilot, random.Random(2))
        assert app.match.series.results[0] == first[0] and len(app.match.series.results) == 2
        assert "Match, best of 3" in body(results)


# -- the tournament -----------------------------------------------------------------------------
async def test_full_tournament_with_three_computers_to_its_champion(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    quick_truc(app, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TournamentSetup)
        await pilot.click("#tour-game-1")  # Le Truc
        await pilot.click("#kind-p2-0")  # easy, easy, easy
        await pilot.click("#kind-p3-0")
        await pilot.click("#kind-p4-0")
        await pilot.click("#tour-start")
        await pilot.pause()
        assert isinstance(app.screen, BracketScreen)
        assert app.tournament is not None and (tmp_path / "tournament.json").exists()
        rng = random.Random(4)
        watched = False
        for _ in range(12):
            run = app.tournament
            if run.bracket.champion() is not None:
                break
            bracket = app.screen
            assert isinstance(bracket, BracketScreen)
            if run.computers_only():
                # The first computers' game is watched (played in the background, then
                # shown move by move); the others are only played, under the progress bar.
                await pilot.press("p" if watched else "w")
                for _ in range(200):
                    await settle(pilot, 1)
                    if not bracket.simulating:
                        break
                assert not bracket.simulating
                game = app.tournament.last_computer_game
                assert game is not None
                pairing = app.tournament.bracket.pairings[game["pairing"]]
                # F12: the pairing's dealer deals; seat 0 is the pairing's first player.
                assert GameRecord.from_dict(game["record"]).replay().first_dealer == \
                    (pairing.first_dealer + game["game"] - 1) % 2
                if not watched:
                    await pilot.pause()
                    replay = app.screen
                    assert isinstance(replay, ReplayScreen) and replay.autoplay
                    first = replay.position
                    await pilot.pause(0.7)
                    assert replay.position > first  # it plays on by itself
                    log = replay.query_one(OptionList)
                    # No spoilers: the list holds the moves shown so far.
                    assert log.option_count == replay.revealed + 1 == replay.position + 1
                    await pilot.press("end")  # the viewer takes over: every move is listed
                    await pilot.pause()
                    assert not replay.autoplay and log.option_count == len(replay.states)
                    assert replay.position == len(replay.states) - 1
                    title = str(replay.query_one("#replay-title", Static).render())
                    assert "Watching" in title and "Computer" in title
                    await pilot.press("escape")
                    await pilot.pause()
                    assert app.screen is bracket
                    watched = True
            else:
                await pilot.press("p")
                await settle(pilot)
                results = await play_truc_game(pilot, rng)
                assert isinstance(results, TrucResults)
                assert "Semi-final 1" in body(results) or "Final" in body(results)
                await pilot.press("n")  # back to the bracket
                await pilot.pause()
        run = app.tournament
        champion = run.bracket.champion()
        assert champion is not None and watched
        assert len(run.bracket.pairings) == 3
        finalists = set(run.bracket.pairings[2].players)
        assert finalists == {p.winner() for p in run.bracket.pairings[:2]}
        screen = app.screen
        assert isinstance(screen, BracketScreen)
        champ_text = str(screen.query_one("#box-champion", Static).render())
        name = "You" if champion == "p1" else f"Computer {champion[1]} (Easy)"
        assert name in champ_text
        # The human's games went into the history; the computers' games did not.
        human_games = sum(len(p.results) for p in run.bracket.pairings if "p1" in p.players)
        assert len(app.data.history.games()) == human_games  # type: ignore[union-attr]
        await pilot.press("escape")  # a finished tournament: no question
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


async def test_tournament_survives_a_restart_and_escape_asks(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    quick_truc(app, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        await pilot.click("#tour-game-1")
        await pilot.click("#kind-p2-4")  # a friend, named
        await pilot.pause()
        await pilot.click("#name-p2")
        await pilot.press(*"Ada")
        await pilot.click("#tour-start")
        await pilot.pause()
        bracket = app.screen
        assert isinstance(bracket, BracketScreen)
        assert "Ada" in str(bracket.query_one("#box-semi1", Static).render())
        assert "Ada" in str(bracket.query_one("#bracket-status", Static).render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")  # stay
        await pilot.pause()
        assert app.screen is bracket
        await pilot.press("escape", "y")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        # Semi-final 1 is you against your friend Ada: a hot-seat game.
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("p")
        await settle(pilot)
        assert table_of(app).config.opponent == "human"
        await pilot.press("q")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, BracketScreen)
        assert app.tournament is not None
        assert app.tournament.entrant("p2").name == "Ada"
        await pilot.press("n", "y")  # a new tournament instead
        await pilot.pause()
        assert isinstance(app.screen, TournamentSetup)
        assert not (tmp_path / "tournament.json").exists()


async def test_setup_and_bracket_in_esperanto_at_80x24() -> None:
    app = make_app(lang="eo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TournamentSetup)
        assert "Elimina turniro" in str(app.screen.query_one("#tour-setup-title",
                                                             Static).render())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BracketScreen)
        assert "Duonfinalo 1" in str(app.screen.query_one("#box-semi1").border_title)
        assert app.screen.query_one("#bracket-play", Button).region.bottom <= 24


async def test_friend_against_a_computer_sits_at_the_keyboard(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    quick_truc(app, seed=8)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        await pilot.click("#tour-game-1")
        await pilot.click("#kind-p3-0")  # player 3: the easy computer
        await pilot.click("#kind-p4-4")  # player 4: a friend, Bo
        await pilot.pause()
        await pilot.click("#name-p4")
        await pilot.press(*"Bo", "enter")
        await pilot.pause()
        assert app.tournament is not None
        app.tournament = app.tournament.record(1)  # semi-final 1 went to Computer 2
        await pilot.press("escape", "y", "t")
        await pilot.pause()
        status = str(app.screen.query_one("#bracket-status", Static).render())
        assert "Bo plays at the keyboard" in status
        await pilot.press("p")
        await settle(pilot)
        # Bo is the pairing's second player but sits in seat 0, the keyboard's.
        t = table_of(app)
        assert t.config.opponent == "computer" and t.config.tier == "easy"
        semi = app.tournament.bracket.pairings[1]
        assert t.state.first_dealer == 1 - semi.next_dealer()
        results = await play_truc_game(pilot, random.Random(3))
        won = t.state.winner()
        assert app.tournament.bracket.pairings[1].winner() == ("p4" if won == 0 else "p3")
        assert "Semi-final 2: Computer 3 (Easy)" in body(results) and "Bo" in body(results)
        assert app.data is not None and app.data.history.games() == []  # not your game
        assert not (tmp_path / "current.json").exists()


async def test_computers_play_a_best_of_three_pairing_with_one_key() -> None:
    from truf_tui.play.matches import Entrant, TournamentRun

    app = make_app()
    players = [Entrant("p1", "you"), Entrant("p2", "computer", "easy"),
               Entrant("p3", "computer", "easy"), Entrant("p4", "computer", "medium")]
    run = TournamentRun.new("truc", {"target": 1}, players, best_of=3, seed=4)
    app.tournament = run.record(0).record(0)  # you took semi-final 1, 2-0
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        bracket = app.screen
        assert isinstance(bracket, BracketScreen)
        assert str(bracket.query_one("#bracket-play", Button).label) == "▶ Let them play"
        await pilot.press("p")
        for _ in range(300):
            await settle(pilot, 1)
            if app.tournament.bracket.pairings[1].winner() is not None and \
                    not bracket.simulating:
                break
        semi = app.tournament.bracket.pairings[1]
        assert semi.winner() is not None and 2 <= len(semi.results) <= 3
        assert max(semi.wins()) == 2
        assert app.tournament.bracket.stage() == "final"
        label = str(bracket.query_one("#sim-label", Static).render())
        assert f"game {len(semi.results)} over after" in label
        assert str(bracket.query_one("#bracket-play", Button).label) == "▶ Play the game"


async def test_watch_after_losing_shows_semi_final_2_not_the_final() -> None:
    """Issue 40 item 11: the game watched is the one just played (semi-final 2); the final,
    computers only too, is not played behind it."""
    from truf_tui.play.matches import Entrant, TournamentRun

    app = make_app()
    players = [Entrant("p1", "you"), Entrant("p2", "computer", "easy"),
               Entrant("p3", "computer", "easy"), Entrant("p4", "computer", "easy")]
    app.tournament = TournamentRun.new("truc", {"target": 1}, players, best_of=1,
                                       seed=6).record(1)  # you lost semi-final 1
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        bracket = app.screen
        assert isinstance(bracket, BracketScreen)
        await pilot.press("w")
        for _ in range(200):
            await settle(pilot, 1)
            if not bracket.simulating:
                break
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        title = str(replay.query_one("#replay-title", Static).render())
        assert "Semi-final 2" in title and "Final" not in title
        pairings = app.tournament.bracket.pairings
        assert len(pairings[1].results) == 1
        assert len(pairings) == 3 and pairings[2].results == ()  # the final: not yet played
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is bracket and not bracket.simulating


async def test_final_box_names_a_decided_semi_finals_winner() -> None:
    """Issue 40 item 14: once semi-final 1 is decided, the final names its winner."""
    from truf_tui.play.matches import Entrant, TournamentRun

    app = make_app()
    players = [Entrant("p1", "you"), Entrant("p2", "computer", "easy"),
               Entrant("p3", "computer", "easy"), Entrant("p4", "computer", "hard")]
    app.tournament = TournamentRun.new("truc", {"target": 1}, players, best_of=1,
                                       seed=6).record(1)  # Computer 2 took semi-final 1
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        final = str(app.screen.query_one("#box-final", Static).render())
        assert "Computer 2 (Easy)" in final
        assert "Semi-final 1" not in final and "winner of Semi-final 2" in final
