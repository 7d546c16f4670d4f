"""The guided first games (issue 5): both stories replay on the engine, and a player walks
through each with the keys, to the end, with a nudge for a wrong card, the usual message for
an illegal action, leaving with Escape, and nothing saved or recorded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from truf_tui.engine import truc, trufludo
from truf_tui.play.config import COMPUTER, HUMAN
from truf_tui.store import SaveStore
from truf_tui.store.history import History
from truf_tui.ui.app import TrufApp
from truf_tui.ui.guide import (
    TRUC_DEALER,
    TRUC_PACK,
    TRUC_SEED,
    TRUC_STEPS,
    TRUFLUDO_DEALER,
    TRUFLUDO_PACK,
    TRUFLUDO_STEPS,
    autoplay_move,
)
from truf_tui.ui.i18n import set_language, tr
from truf_tui.ui.screens.dialogs import ConfirmDialog
from truf_tui.ui.screens.guided import GuidedTruc, GuidedTrufludo, GuidePanel, LeaveGuide
from truf_tui.ui.screens.start import StartScreen
from truf_tui.ui.screens.summary import TrucRoundSummary
from truf_tui.ui.screens.trufludo_table import TrufludoTable
from truf_tui.ui.settings import Settings

from .tables_support import BOT_OPTIONS, make_app, settle, table_of

SIZE = (100, 32)
ACTION_KEYS = {"raise": "r", "refuse": "x", "rest": "m", "accept": "a"}


def replay(game: str) -> list[Any]:
    """The states of a guided game's story, step by step, on the engine alone."""
    if game == "trufludo":
        s: Any = trufludo.new_game(trufludo.Rules(), seed=1, deck=TRUFLUDO_PACK,
                                   dealer=TRUFLUDO_DEALER)
        steps = TRUFLUDO_STEPS
    else:
        s = truc.new_game(truc.Rules(), seed=TRUC_SEED, deck=TRUC_PACK, dealer=TRUC_DEALER)
        steps = TRUC_STEPS
    states = [s]
    for step in steps:
        if step.move is not None:
            assert s.current_player == (HUMAN if step.kind == "you" else COMPUTER), step
            s = s.apply(step.move)
        elif step.kind == "auto":
            while not s.is_terminal():
                s = s.apply(autoplay_move(s))
        states.append(s)
    return states


def test_the_trufludo_story_has_every_event() -> None:
    states = replay("trufludo")
    end = states[-1]
    assert end.is_terminal() and end.scores() == (29, 25)  # you win (F11)
    s = states[0]
    played = []  # (the position, the move) of the scripted part
    for step in TRUFLUDO_STEPS:
        if step.move is not None:
            a = trufludo.parse_action(step.move)
            played.append((s, a))
            s = s.apply(a)
    assert any(a.take is not None and len(old.table) > 1 for old, a in played)  # F5
    assert any(a.take is None and old.table for old, a in played)  # F6
    trufegoj = [(old, a) for old, a in played if a.take is not None and len(old.table) == 1]
    assert [old.current_player for old, _ in trufegoj] == [COMPUTER, HUMAN]  # F7, one each
    for old, a in trufegoj:  # F8/F9: the same player moves next
        assert old.apply(a).current_player == old.current_player
    assert len(s.stock) == len(states[0].stock) - 12  # two new deals (F3)


def test_the_truc_story_has_every_event() -> None:
    states = replay("truc")
    end = states[-1]
    assert end.is_terminal() and end.scores() == (12, 1)
    history = [str(a) for a in end.history]
    assert history[:4] == ["play KS", "play KD", "raise", "accept"]  # spoiled (T5), T7
    assert "refuse" in history and "rest" in history  # T7, T8
    first = states[10].last_round
    assert first is not None and first.tricks[0].winner is None and first.points == 2


async def walk(pilot: Pilot[Any], t: Any, *, until: int = 99) -> None:
    """Do what the guide asks, step after step (round summaries closed with Enter)."""
    for _ in range(80):
        if t.guide_index >= until or t.step.kind == "end":
            return
        step = t.step
        if pilot.app.screen is not t:
            assert isinstance(pilot.app.screen, TrucRoundSummary)
            await pilot.press("enter")
        elif step.kind == "you" and step.move in ACTION_KEYS:
            await pilot.press(ACTION_KEYS[step.move])
        elif step.kind == "you":
            card = t.expected_card()
            await pilot.press(str(list(t.state.hands[HUMAN]).index(card) + 1))
        else:
            await pilot.press("enter" if step.kind != "say" else "right")
        await settle(pilot)
    raise AssertionError(f"stuck at step {t.guide_index}: {t.step}")


def panel_text(t: Any) -> str:
    return t.query_one(GuidePanel).text


async def test_trufludo_guided_game_from_the_first_step_to_a_real_game() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await app.run_action("guided('trufludo')")
        await settle(pilot)
        t = table_of(app)
        assert isinstance(t, GuidedTrufludo) and not app.game_in_progress
        assert t.state.hands[HUMAN] == tuple(trufludo.parse_action(f"play {c}").card
                                            for c in TRUFLUDO_PACK[:3])
        assert "Welcome to [b]Trufludo[/]" in panel_text(t)
        assert t.query_one("#my-hand").has_class("-guide-focus")
        await pilot.press("1")  # a card before the explanation is read: not played
        await settle(pilot)
        assert t.state.history == () and tr("guide.nudge.next") in panel_text(t)
        await pilot.click(GuidePanel)  # a click on the panel goes on, like Enter
        await settle(pilot)
        assert t.guide_index == 1
        await walk(pilot, t, until=2)
        # Step 3: play the 7H onto the 3H.  The 4H could take it too: a nudge, not a move.
        assert t.step.move == "play 7H take 3H"
        views = {str(v.spec.card): v for v in t.query("CardView") if v.spec.card is not None}
        assert views["7H"].has_class("-guide-focus") and views["3H"].has_class("-guide-focus")
        assert not views["4H"].has_class("-guide-focus")
        await pilot.press("2")
        await settle(pilot)
        assert t.state.history == () and tr("guide.nudge") in panel_text(t)
        await pilot.press("enter")  # the guide's card is the selected one
        await settle(pilot)
        assert [str(a) for a in t.state.history[:2]] == ["play 7H take 3H", "play 10D take 5D"]
        assert t.guide_index == 4 and "took the" in panel_text(t)
        await walk(pilot, t, until=19)
        assert t.step.kind == "auto" and len(t.state.history) == 12
        await pilot.press("1")  # your turn, but the guide waits for Enter first
        await settle(pilot)
        assert len(t.state.history) == 12 and tr("guide.nudge.next") in panel_text(t)
        await walk(pilot, t)
        assert t.step.kind == "end" and t.state.is_terminal()
        assert t.state.scores() == (29, 25) and not app.game_in_progress
        assert app.screen is t  # the guide's closing steps, no results screen
        await pilot.press("enter")  # the closing step: a real game
        await settle(pilot)
        real = table_of(app)
        assert type(real) is TrufludoTable and app.game_in_progress


async def test_truc_guided_game_to_the_end_then_back_to_the_start() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.action_guided("truc")
        await settle(pilot)
        t = table_of(app)
        assert isinstance(t, GuidedTruc)
        await walk(pilot, t, until=6)
        assert t.step.move == "raise" and t.query_one("#act-raise").has_class("-guide-focus")
        await pilot.press("1")  # playing the 7H is legal, but the guide asks for a raise
        await settle(pilot)
        assert len(t.state.history) == 2 and tr("guide.nudge") in panel_text(t)
        await pilot.press("a")  # nothing to accept: the table's own message
        await settle(pilot)
        assert tr("tbl.t.why.nothing") in panel_text(t) and len(t.state.history) == 2
        await pilot.press("f")  # folding is legal: nudged at once, no fold dialog
        await settle(pilot)
        assert app.screen is t and len(t.state.history) == 2
        await walk(pilot, t)
        assert t.step.kind == "end" and t.state.is_terminal() and t.state.scores() == (12, 1)
        assert "Your score jumps to 12" in t.query_one(GuidePanel).text or \
            t.guide_index == len(t.steps) - 1
        await pilot.press("escape")  # at the end Escape leaves without asking
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)


async def test_escape_asks_then_leaves_and_the_language_follows() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_guided("truc")
        await settle(pilot)
        t = table_of(app)
        await pilot.press("escape")
        assert isinstance(app.screen, LeaveGuide)
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is t
        app.toggle_language()
        await settle(pilot)
        assert "Bonvenon al [b]Le Truc[/]" in panel_text(t)
        assert tr("guide.title", n=1, total=len(t.steps)) == t.query_one(GuidePanel).border_title
        await pilot.press("h")  # no expert's hints: the guide is the hint
        await settle(pilot)
        assert tr("guide.nudge.hint") in panel_text(t)
        await pilot.press("escape")
        await pilot.press("j")  # "jes"
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
    set_language("en")


async def test_the_palette_offers_both_guided_games() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert tr("cmd.guided_trufludo") in titles and tr("cmd.guided_truc") in titles
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"guided game: le truc")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(table_of(app), GuidedTruc)


async def test_a_guided_game_is_neither_saved_nor_recorded(tmp_path: Path) -> None:
    from .test_persistence import finished_record

    record = finished_record("trufludo", 8, stop_before_end=True)
    SaveStore(tmp_path).save_current(record)
    saved = (tmp_path / "current.json").read_text(encoding="utf-8")
    app = TrufApp(settings=Settings(pace="instant"), bot_options=BOT_OPTIONS.copy(),
                  data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.action_guided("truc")
        await settle(pilot)
        t = table_of(app)
        await walk(pilot, t)
        assert t.state.is_terminal()
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        assert app.saved_game is not None and app.saved_game[0].meta["id"] == record.meta["id"]
        assert app.screen.query_one("#resume-row").display  # Continue is still offered
        # Quitting from a guided game loses nothing: no question.
        app.action_guided("trufludo")
        await settle(pilot)
        assert not app.game_in_progress
        await pilot.press("q")
        await settle(pilot)
        assert not any(isinstance(s, ConfirmDialog) for s in app.screen_stack)
    assert (tmp_path / "current.json").read_text(encoding="utf-8") == saved
    with History(tmp_path) as history:
        assert history.games() == []


def test_truc_step_14_says_only_the_non_dealer_may_ask_for_a_redeal() -> None:
    # issue 40, item 23 (T3): "d asks for a redeal" alone let a dealer think they could.
    from truf_tui.i18n import tr_in
    from truf_tui.ui.guide import TRUC_STEPS

    step = TRUC_STEPS[13]
    for lang, words in (("en", ("non-dealer", "rule T3")),
                        ("eo", ("nedisdonanto", "regulo T3"))):
        text = tr_in(lang, step.text)
        assert "[b]d[/]" in text and all(w in text for w in words), (lang, text)
