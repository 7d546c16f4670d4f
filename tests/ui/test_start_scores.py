"""Le Truc from a score: the start screen's "Start at" row (your score – the opponent's), to
practise the end of a match.  The config (GameConfig.scores), its checks, the table and
deal() starting from it, a match's later games from 0-0, and the choice kept in
settings.json (an older file without it still loads)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Input, Static

from truf_tui.engine import truc
from truf_tui.engine.record import GameRecord
from truf_tui.play.config import GameConfig, default_choices, start_scores
from truf_tui.play.matches import MatchRun, deal
from truf_tui.store import SettingsStore
from truf_tui.ui.app import TrufApp
from truf_tui.ui.i18n import tr
from truf_tui.ui.screens.start import StartScreen
from truf_tui.ui.storage import choices_from_store, choices_to_store, config_of

from .tables_support import SIZE, make_app, settle, table_of


def notices(app: TrufApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def choose_truc(pilot: Pilot[None], app: TrufApp) -> StartScreen:
    """Le Truc on the start screen, the computer dealing first (you lead: the first round
    waits for you, its score unchanged), and a fixed seed."""
    app.start_choices["seed"] = 3
    await pilot.click("#game-1")
    await pilot.click("#dealer-2")
    start = app.screen
    assert isinstance(start, StartScreen)
    assert start.query_one("#scores-row").display and start.query_one("#rules-truc").display
    return start


# -- the config ---------------------------------------------------------------------------
def test_the_config_checks_the_start_score() -> None:
    assert GameConfig("truc").scores == (0, 0)
    assert GameConfig("truc", scores=(11, 10)).scores == (11, 10)
    assert GameConfig("truc", rules={"target": 3}, scores=[2, 0]).scores == (2, 0)  # a tuple
    for bad in ((12, 0), (0, 12), (-1, 0), (1,), (1, 2, 3), (True, 0), ("1", 0), 5):
        with pytest.raises(ValueError, match="scores"):
            GameConfig("truc", scores=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="below the target"):
        GameConfig("truc", rules={"target": 5}, scores=(5, 0))
    with pytest.raises(ValueError, match="only Le Truc"):
        GameConfig("trufludo", scores=(1, 0))
    assert GameConfig("trufludo").scores == (0, 0)
    assert hash(GameConfig("truc", scores=(1, 0))) != hash(GameConfig("truc"))
    assert GameConfig("truc", scores=(1, 0)) != GameConfig("truc")


def test_start_scores_fall_back_to_0_0_when_they_do_not_fit() -> None:
    assert start_scores("truc", {"target": 12}, (11, 3)) == (11, 3)
    assert start_scores("truc", {"target": 12}, [11, 3]) == (11, 3)
    assert start_scores("truc", {"target": 5}, (11, 3)) == (0, 0)  # the target was lowered
    assert start_scores("trufludo", {"deck": "french"}, (11, 3)) == (0, 0)
    assert start_scores("truc", {"target": 12}, None) == (0, 0)


def test_deal_and_a_match_start_from_the_score_only_in_the_first_game() -> None:
    config = GameConfig("truc", seed=5, dealer=0, best_of=3, scores=(10, 11))
    first = deal(config)
    assert isinstance(first, truc.State)
    assert first.points == (10, 11) and first.start_scores == (10, 11)
    match = MatchRun.start(config, first).record(0)
    later = match.next_config()
    assert later.scores == (0, 0) and later.dealer == 1
    again = deal(later)
    assert isinstance(again, truc.State) and again.points == (0, 0)
    assert match.config.scores == (10, 11)  # "play the match again" starts from it again


def test_a_saved_game_resumes_with_its_start_score() -> None:
    state = truc.new_game(truc.Rules(target=7), seed=3, dealer=1, scores=(6, 5))
    record = GameRecord.from_json(GameRecord.from_state(state).to_json())
    config = config_of(record)
    assert config.scores == (6, 5) and config.rules["target"] == 7
    assert config_of(GameRecord.from_state(truc.new_game(seed=3))).scores == (0, 0)


# -- kept between runs ----------------------------------------------------------------------
def test_the_choice_round_trips_through_the_settings_store(tmp_path: Path) -> None:
    choices = default_choices()
    choices["rules"]["truc"]["target"] = 15
    choices["scores"] = (14, 9)
    store = SettingsStore(tmp_path)
    store.save(choices_to_store(choices))
    stored = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))["settings"]
    assert stored["scores"] == [14, 9]
    loaded, problems = SettingsStore(tmp_path).load()
    assert problems == []
    back = choices_from_store(loaded, default_choices())
    assert back["scores"] == (14, 9) and back["rules"]["truc"]["target"] == 15


def test_an_older_settings_file_without_scores_still_loads(tmp_path: Path) -> None:
    old = {"game": "truc", "tier": "hard", "dealer": 1, "opponent": "computer", "best_of": 3,
           "variants": {"truc": {"target": 9, "rest_refusal": "game"}}}
    (tmp_path / "settings.json").write_text(json.dumps(
        {"format": "truf-tui-settings", "version": 1, "settings": old}), encoding="utf-8")
    loaded, problems = SettingsStore(tmp_path).load()
    assert problems == []
    choices = choices_from_store(loaded, default_choices())
    assert choices["scores"] == (0, 0) and choices["best_of"] == 3
    assert choices_from_store(old, default_choices())["scores"] == (0, 0)  # no key at all
    # A remembered score no longer below the remembered target is dropped, not an error.
    assert choices_from_store({**old, "scores": [9, 0]}, default_choices())["scores"] == (0, 0)
    assert choices_from_store({**old, "scores": [8, 0]}, default_choices())["scores"] == (8, 0)


async def test_the_start_screen_remembers_the_score_for_the_next_run(tmp_path: Path) -> None:
    app = TrufApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        start = await choose_truc(pilot, app)
        start.query_one("#score-you", Input).value = "7"
        start.query_one("#score-them", Input).value = "11"
        await pilot.pause()
    stored = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))["settings"]
    assert stored["scores"] == [7, 11]
    again = TrufApp(data_dir=tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        start = again.screen
        assert isinstance(start, StartScreen)
        assert start.query_one("#score-you", Input).value == "7"
        assert start.query_one("#score-them", Input).value == "11"
        assert start.config() == GameConfig("truc", "medium", {}, 1, None, scores=(7, 11))
        assert not notices(again)


# -- the start screen -----------------------------------------------------------------------
async def test_the_truc_table_starts_from_the_score_chosen() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        start = await choose_truc(pilot, app)
        you, them = start.query_one("#score-you", Input), start.query_one("#score-them", Input)
        assert (you.value, them.value) == ("0", "0")
        you.value, them.value = "10", "11"
        await pilot.pause()
        assert not you.has_class("-invalid") and not them.has_class("-invalid")
        await pilot.click("#play")
        await settle(pilot)
        table = table_of(app)
        assert table.config.scores == (10, 11)
        state = table.state
        assert isinstance(state, truc.State)
        assert state.start_scores == (10, 11)
        assert state.points == (10, 11)  # the first round is still being played
        assert app.start_choices["scores"] == (10, 11)


@pytest.mark.parametrize(("field", "value"), [("#score-them", "12"), ("#score-you", ""),
                                              ("#score-you", "99")])
async def test_a_score_not_below_the_target_blocks_the_start(field: str, value: str) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        start = await choose_truc(pilot, app)
        bad = start.query_one(field, Input)
        bad.value = value
        await pilot.pause()
        assert bad.has_class("-invalid")
        await pilot.click("#play")
        await pilot.pause()
        assert app.screen is start  # no table
        assert app.focused is bad
        assert tr("start.scores.invalid", max=11) in notices(app)
        bad.value = "11"  # fixed: it starts
        await pilot.pause()
        assert not bad.has_class("-invalid")
        app.clear_notifications()
        await pilot.pause()
        # pressed, not clicked: on a loaded machine the warning's toast could still lie over
        # the button where the click lands (it failed so in clean clones)
        start.query_one("#play", Button).press()
        await settle(pilot)
        assert table_of(app).state.points == ((0, 11) if field == "#score-them" else (11, 0))


async def test_lowering_the_target_makes_a_score_invalid() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        start = await choose_truc(pilot, app)
        you, them = start.query_one("#score-you", Input), start.query_one("#score-them", Input)
        you.value, them.value = "8", "3"
        await pilot.pause()
        start.query_one("#target", Input).value = "5"
        await pilot.pause()
        assert you.has_class("-invalid") and not them.has_class("-invalid")
        assert app.start_choices["scores"] == (8, 3)  # the last good score is kept ...
        assert start.config().scores == (0, 0)  # ... but not used while it does not fit
        await pilot.click("#play")
        await pilot.pause()
        assert app.screen is start and app.focused is you
        assert tr("start.scores.invalid", max=4) in notices(app)
        start.query_one("#target", Input).value = "9"
        await pilot.pause()
        assert not you.has_class("-invalid")
        assert replace(start.config(), seed=None).scores == (8, 3)


async def test_trufludo_ignores_the_truc_score_and_hot_seat_names_the_players() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        start = await choose_truc(pilot, app)
        start.query_one("#score-you", Input).value = "5"
        await pilot.pause()
        await pilot.click("#opponent-1")  # a friend at the keyboard
        await pilot.pause()
        note = str(start.query_one("#scores-note", Static).content)
        assert note == tr("start.scores.note.hotseat")
        assert start.query_one("#score-you", Input).tooltip == tr(
            "start.scores.of", who=tr("hot.player", n=1))
        await pilot.click("#game-0")  # Trufludo: no score row, and none in its config
        await pilot.pause()
        assert not start.query_one("#rules-truc").display
        assert start.config().scores == (0, 0)
        assert app.start_choices["scores"] == (5, 0)  # still there for the next Truc game
