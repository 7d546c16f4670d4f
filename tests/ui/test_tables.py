"""Pilot tests of the card tables: whole games of both games played with keys and with
clicks to the results screen, every Truc dialog, the take chooser, keys that do nothing."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

import pytest
from textual import events
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Button

from truf_tui.cards import Card
from truf_tui.engine import truc, trufludo
from truf_tui.play.config import COMPUTER, HUMAN
from truf_tui.ui.i18n import tr
from truf_tui.ui.screens.start import StartScreen
from truf_tui.ui.screens.summary import (
    TrucResults,
    TrucRoundSummary,
    TrufludoResults,
    how_text,
    round_ends,
)
from truf_tui.ui.screens.truc_table import FoldConfirm, TrucTable
from truf_tui.ui.screens.trufludo_table import TakeChooser, TrufludoTable
from truf_tui.ui.widgets.cards import CardView
from truf_tui.ui.widgets.table import Markup, MoveLog

from .tables_support import SIZE, ScriptBot, make_app, settle, start, table_of, trufludo_state


def status(t: Any) -> str:
    return t.query_one("#status", Markup).text


def hand_views(t: Any) -> list[CardView]:
    return list(t.query("#my-hand CardView"))


# -- whole games ----------------------------------------------------------------------------
async def play_trufludo(pilot: Pilot[Any], *, clicks: bool, rng: random.Random) -> Any:
    app = pilot.app
    t = table_of(app)
    for _ in range(400):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, TrufludoResults):
            return screen
        if isinstance(screen, TakeChooser):
            if clicks:
                await pilot.click(list(screen.query(CardView))[0])
            else:
                await pilot.press(rng.choice(["1", "2", "enter"]))
            continue
        s = t.state
        assert s.current_player == HUMAN, "the computer did not move"
        i = rng.randrange(len(s.hands[HUMAN]))
        if clicks:
            await pilot.click(hand_views(t)[i])
        elif rng.random() < 0.3:
            for _ in range(i):
                await pilot.press("right")
            await pilot.press("left", "right", "enter")
        else:
            await pilot.press(str(i + 1))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("clicks", [False, True])
@pytest.mark.slow
async def test_trufludo_whole_game(clicks: bool) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        # The Italian pack (40 cards) keeps the clicked game short.
        t = await start(pilot, "trufludo", seed=5 if clicks else 6,
                        rules={"deck": "italian"} if clicks else {})
        assert app.game_in_progress
        results = await play_trufludo(pilot, clicks=clicks, rng=random.Random(1))
        s = t.state
        assert s.is_terminal() and not app.game_in_progress
        a, b = s.scores()
        first, second = (b, a) if s.winner() == 1 else (a, b)  # the winner's points first
        assert f"{first} : {second}" in results.query_one("#summary-title", Markup).text
        # Every move of the game went through the engine, and the log shows them all.
        replayed = trufludo.replay(s.rules, s.history, seed=s.seed, dealer=s.dealer)
        assert replayed == s
        await pilot.press("l")
        assert len(t._log_entries) >= len(s.history)
        # "Play again" starts the same game anew.
        if clicks:
            await pilot.click("#again")
        else:
            await pilot.press("p")
        await settle(pilot)
        again = table_of(app)
        assert isinstance(again, TrufludoTable) and again is not t
        assert again.config == t.config and app.game_in_progress


async def play_truc(pilot: Pilot[Any], *, clicks: bool, rng: random.Random) -> Any:
    app = pilot.app
    t = table_of(app)
    for _ in range(1500):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, TrucResults):
            return screen
        if isinstance(screen, TrucRoundSummary):
            if clicks:
                await pilot.click("#continue")
            else:
                await pilot.press("enter")
            continue
        if isinstance(screen, FoldConfirm):
            await (pilot.click("#yes") if clicks else pilot.press("y"))
            continue
        s = t.state
        assert s.current_player == HUMAN, "the computer did not move"
        legal = s.legal_actions()
        a = rng.choice(legal)
        if a.kind == "fold" and rng.random() < 0.7:
            a = legal[0]
        if a.kind == "play":
            i = s.hands[HUMAN].index(a.card)
            if clicks:
                await pilot.click(hand_views(t)[i])
            else:
                await pilot.press(str(i + 1))
        elif clicks:
            await pilot.click(f"#act-{a.kind}")
        else:
            await pilot.press({"raise": "r", "rest": "m", "accept": "a", "refuse": "x",
                               "fold": "f", "redeal": "d"}[a.kind])
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("clicks", [False, True])
@pytest.mark.slow
async def test_truc_whole_match(clicks: bool) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, "truc", seed=3 if clicks else 4, tier="easy",
                        rules={"target": 3 if clicks else 5})
        results = await play_truc(pilot, clicks=clicks, rng=random.Random(2))
        s = t.state
        assert s.is_terminal() and not app.game_in_progress
        assert max(s.scores()) >= s.rules.target
        assert round_ends(s)[-1] == s.last_round
        assert isinstance(results, TrucResults)
        # "Menu" goes back to the start screen.
        if clicks:
            await pilot.click("#menu")
        else:
            await pilot.press("m")
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)


# -- Le Truc dialogs ------------------------------------------------------------------------
async def truc_table(pilot: Pilot[Any], bot: ScriptBot | None = None, *, dealer: int = 1,
                     seed: int = 11) -> TrucTable:
    t = await start(pilot, "truc", seed=seed, dealer=dealer, bot=bot)
    assert isinstance(t, TrucTable)
    return t


async def test_truc_raise_accepted_by_computer() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await truc_table(pilot, ScriptBot("accept"))
        assert t.state.current_player == HUMAN
        await pilot.press("r")
        await settle(pilot)
        s = t.state
        assert [str(a) for a in s.history[-2:]] == ["raise", "accept"]
        assert s.stake == 2 and s.current_player == HUMAN
        assert "accept" in status(t).lower()
        assert t.query_one("#act-raise", Button).disabled  # T7: raises alternate


@pytest.mark.slow
async def test_truc_raise_refused_by_computer_ends_round() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await truc_table(pilot, ScriptBot("refuse"))
        await pilot.click("#act-raise")
        await settle(pilot)
        assert isinstance(app.screen, TrucRoundSummary)
        assert t.state.scores() == (1, 0)
        assert "refused" in app.screen.query_one("#summary-body", Markup).text
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is t and t.state.round_no == 2


@pytest.mark.slow
async def test_truc_computer_raise_accept_and_refuse() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        # The human deals, so the computer acts first and raises.
        t = await truc_table(pilot, ScriptBot("raise", "play"), dealer=0)
        s = t.state
        assert s.pending == "raise" and s.current_player == HUMAN
        assert t.query_one("#status").has_class("-question")
        assert "2 pli?" in status(t)
        assert "2 pli?" in t.query_one("#speech", Markup).text
        for kind in ("raise", "rest", "redeal"):
            assert t.query_one(f"#act-{kind}", Button).disabled
        for kind in ("accept", "refuse", "fold"):
            assert not t.query_one(f"#act-{kind}", Button).disabled
        before = t.state
        await pilot.press("1")  # a card before answering: nothing is played
        assert t.state is before and "answer" in status(t).lower()
        await pilot.press("a")
        await settle(pilot)
        assert t.state.stake == 2 and "accept" in [str(a) for a in t.state.history]
        # Next round: refuse its raise.
        t._bot = ScriptBot("raise", "play")
        await pilot.press("f")
        assert isinstance(app.screen, FoldConfirm)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, TrucRoundSummary)
        await pilot.press("enter")
        await settle(pilot)
        s = t.state
        if s.pending == "raise" and s.current_player == HUMAN:
            score = s.scores()
            await pilot.press("x")
            await settle(pilot)
            assert isinstance(app.screen, TrucRoundSummary)
            assert t.state.scores()[COMPUTER] == score[COMPUTER] + s.stake


@pytest.mark.slow
async def test_truc_rest_declared_and_answered() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await truc_table(pilot, ScriptBot("accept"))
        await pilot.press("m")
        await settle(pilot)
        s = t.state
        assert [str(a) for a in s.history[-2:]] == ["rest", "accept"] and s.rest
        assert "Mia resto" in t.query_one("#stake", Markup).text
        assert t.query_one("#act-raise", Button).disabled  # T7: no raise after a rest
        await pilot.press("r")
        assert t.state is s and "resto" in status(t).lower()
        # The computer declares its rest; the player refuses it.
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await truc_table(pilot, ScriptBot("rest", "play"), dealer=0)
        assert t.state.pending == "rest"
        assert "Mia resto" in status(t)
        await pilot.press("x")
        await settle(pilot)
        assert isinstance(app.screen, TrucRoundSummary)
        assert t.state.scores() == (0, 1)


@pytest.mark.slow
async def test_truc_fold_confirmation() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await truc_table(pilot)
        before = t.state
        await pilot.press("f")
        assert isinstance(app.screen, FoldConfirm)
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is t and t.state is before
        await pilot.click("#act-fold")
        await pilot.click("#yes")
        await settle(pilot)
        assert isinstance(app.screen, TrucRoundSummary)
        assert "folded" in app.screen.query_one("#summary-body", Markup).text
        assert t.state.scores() == (0, 1)


async def test_truc_fold_answered_twice_folds_once() -> None:
    # A quick second "y" must not dismiss the table under the question as well.
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await truc_table(pilot)
        await pilot.press("f")
        assert isinstance(app.screen, FoldConfirm)
        question = app.screen
        question.action_answer(True)  # two answers in one tick: a double click, a key repeat
        question.action_answer(True)
        await settle(pilot)
        assert isinstance(app.screen, TrucRoundSummary)
        assert app.screen_stack[-2] is t
        assert t.state.scores() == (0, 1)


@pytest.mark.slow
async def test_truc_redeal_both_ways() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        # The computer deals: the player may propose a redeal, once.
        t = await truc_table(pilot, ScriptBot("refuse"))
        assert not t.query_one("#act-redeal", Button).disabled
        await pilot.press("d")
        await settle(pilot)
        s = t.state
        assert [str(a) for a in s.history[-2:]] == ["redeal", "refuse"]
        assert t.query_one("#act-redeal", Button).disabled
        await pilot.press("d")
        assert t.state is s and "once" in status(t)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        # The player deals: the computer proposes, the player accepts: new hands.
        t = await truc_table(pilot, ScriptBot("redeal", "play"), dealer=0)
        assert t.state.pending == "redeal"
        old_hand = t.state.hands[HUMAN]
        await pilot.press("a")
        await settle(pilot)
        s = t.state
        assert "accept" in [str(a) for a in s.history] and s.hands[HUMAN] != old_hand
        await pilot.press("d")  # the dealer may not propose (T3)
        assert t.state is s and "non-dealer" in status(t)


async def test_truc_keys_that_do_nothing() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await truc_table(pilot, ScriptBot("play"))
        before = t.state
        for key in ("a", "x", "4", "9", "z", "h", "tab", "down"):
            await pilot.press(key)
            await settle(pilot, 1)
            assert t.state is before
        assert "no question" in status(t)


# -- Trufludo: choosing what to take, trufego, moments ---------------------------------------
TWO_HEARTS = trufludo_state([["7H", "2S", "3C"], ["5D", "9S", "KC"]], ["3H", "10H", "6C", "KD"],
                            stock=18)


async def test_take_chooser_keys_and_escape() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, "trufludo")
        t._bot = ScriptBot()
        t.load_state(TWO_HEARTS)
        await settle(pilot)
        assert "choose" in status(t)
        await pilot.press("1")
        assert isinstance(app.screen, TakeChooser)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is t and t.state is TWO_HEARTS
        await pilot.press("1")
        await pilot.press("right", "enter")
        await settle(pilot)
        assert str(t.state.history[0]) == "play 7H take 10H"


async def test_take_chooser_click_and_throw_option() -> None:
    rules = trufludo.Rules(forced_capture=False)
    state = trufludo_state([["7H", "2S", "3C"], ["5D", "9S", "KC"]], ["3H", "10H", "6C", "KD"],
                           stock=18, rules=rules)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, "trufludo", rules={"forced_capture": False})
        t._bot = ScriptBot()
        t.load_state(state)
        await settle(pilot)
        await pilot.click(hand_views(t)[0])
        await settle(pilot)  # the chooser's cards are mounted (a loaded machine is slow)
        chooser = app.screen
        assert isinstance(chooser, TakeChooser) and len(chooser.options) == 3
        await pilot.click(list(chooser.query(CardView))[2])  # the empty slot: throw it
        await settle(pilot)
        assert str(t.state.history[0]) == "play 7H"


async def test_trufego_is_celebrated_and_you_play_again() -> None:
    state = trufludo_state([["7H", "2S", "3C"], ["5D", "9S"]], ["4H"], stock=18)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, "trufludo")
        t._bot = ScriptBot()
        t.load_state(state)
        await settle(pilot)
        assert "trufego" in status(t)
        await pilot.press("1")
        await settle(pilot)
        s = t.state
        assert [str(c) for c in s.trufegoj[HUMAN]] == ["4H"]
        assert s.current_player == HUMAN  # F8
        banner = t.query_one("#banner", Markup)
        assert banner.display and "T R U F E G O" in banner.text
        assert "play again" in banner.text
        assert "4H" in [str(a) for a in [s.history[-1].take]]
        await pilot.press("1")  # the throw onto the empty table ends the celebration
        await settle(pilot)
        assert not t.query_one("#banner", Markup).display


async def test_computer_trufego_shows_inversion() -> None:
    state = trufludo_state([["7H", "2S"], ["5H", "9S", "KC"]], ["4H"], stock=18, to_move=1)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, "trufludo")
        t._bot = ScriptBot("play 5H take 4H", "play 9S")
        t.load_state(state)
        await settle(pilot)
        s = t.state
        assert [str(a) for a in s.history] == ["play 5H take 4H", "play 9S"]
        log = [entry() for entry in t._log_entries]
        assert any("trufego" in line for line in log)


@pytest.mark.slow
async def test_capture_stays_visible_for_the_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    # The slow pace made 3 s here: the checks within it come 0.2 s after the key, and a
    # loaded machine's scheduling must not outlast the pace (at 1.2 s it once did).
    from truf_tui.ui.settings import PACES

    monkeypatch.setitem(PACES, "slow", 3.0)
    app = make_app(pace="slow")
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, "trufludo")
        t._bot = ScriptBot()
        t.load_state(trufludo_state([["7H", "2S", "3C"], ["5D", "9S", "KC"]],
                                    ["3H", "6C", "KD", "4S"], stock=18))
        await settle(pilot)
        before = t.state
        # The key is sent without Pilot's wait for idleness, to look within the pace.
        app._driver.send_message(events.Key("1", "1"))  # type: ignore[union-attr]
        await asyncio.sleep(0.15)
        # The two cards lie together on the table, marked, before they leave it.
        assert t.state is before
        marked = [v for v in t.query("#table CardView") if v.has_class("-capture")]
        assert sorted(str(v.spec.card) for v in marked) == ["3H", "7H"]
        app._driver.send_message(events.Key("2", "2"))  # type: ignore[union-attr]
        await asyncio.sleep(0.05)
        assert t.state is before  # input waits meanwhile
        await until(pilot, lambda: len(t.state.history) >= 1, 12.0)
        assert [str(a) for a in t.state.history] == ["play 7H take 3H"]
        # The computer's move waits for the pace too, and its capture is staged the same way.
        await until(pilot, lambda: len(t.state.history) >= 2, 12.0)
        assert [str(a) for a in t.state.history] == ["play 7H take 3H", "play 5D take KD"]


async def until(pilot: Any, ready: Callable[[], bool], seconds: float) -> None:
    """Pause until ``ready()`` (at most ``seconds``), then let the app settle."""
    end = asyncio.get_running_loop().time() + seconds
    while not ready() and asyncio.get_running_loop().time() < end:
        await pilot.pause(0.1)
    await settle(pilot)


async def test_trufludo_keys_that_do_nothing() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, "trufludo")
        t._bot = ScriptBot()
        t.load_state(trufludo_state([["7H", "2S"], ["5D", "9S", "KC"]], ["4H", "6C", "KD"],
                                    stock=18))
        await settle(pilot)
        before = t.state
        for key in ("3", "9", "r", "a", "x", "f", "d", "m", "z", "tab", "up"):  # h: hints
            await pilot.press(key)
            await settle(pilot, 1)
            assert t.state is before and app.screen is t


async def test_move_log_language_and_card_style() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, "trufludo")
        t._bot = ScriptBot()
        t.load_state(TWO_HEARTS)
        await settle(pilot)
        log = t.query_one(MoveLog)
        assert not log.display
        await pilot.press("2")
        await settle(pilot)
        await pilot.press("l")
        assert log.display
        # The log speaks the language, with the cards as chips (the T11 notation is for the
        # record, issue 16 item 9).
        def log_plain() -> str:
            text = Content.from_markup(log.query_one("#log-body", Markup).text).plain
            return " ".join(text.replace("\xa0", " ").split())

        assert "You: 2♠ onto the table" in log_plain() and "Computer: " in log_plain()
        assert "play 2S" not in log_plain()
        app.apply_settings(app.settings.copy(lang="eo", card_style="letters"))
        await settle(pilot)
        assert "Vi: 2S sur la tablon" in log_plain()
        assert "Talono" in t.query_one("#scorebar", Markup).text
        assert "7H" in hand_views(t)[0].render().plain
        await pilot.press("l")
        assert not log.display


async def test_computer_thinks_in_a_worker_and_app_stays_responsive() -> None:
    import threading

    release = threading.Event()

    class SlowBot(ScriptBot):
        def choose(self, observation: dict[str, Any]) -> Any:
            release.wait(5)
            return super().choose(observation)

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, "truc", seed=11, dealer=1)
        t._bot = SlowBot("play")
        await pilot.press("1")
        await pilot.pause()
        assert t.thinking and t.state.current_player == COMPUTER
        before = t.state
        await pilot.press("2")  # not the player's turn: nothing happens
        assert t.state is before and "wait" in status(t).lower()
        await pilot.press("f1")  # help opens while the computer thinks
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        await pilot.resize_terminal(90, 28)
        await pilot.press("escape")
        release.set()
        await settle(pilot)
        assert not t.thinking and t.state is not before


async def test_resize_reflows() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, "truc")
        assert not t.has_class("-short")
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert t.has_class("-short")
        await pilot.resize_terminal(60, 20)  # below the minimum: the shell's notice
        await settle(pilot)
        await pilot.resize_terminal(140, 40)
        await settle(pilot)
        assert app.screen is t and t.has_class("-wide")
        assert t.query_one(MoveLog).display  # wide screens show the log by default


def test_how_a_round_ended_in_words() -> None:
    t1 = truc.Trick(0, Card.parse("KS", "truc"), Card.parse("KH", "truc"), None)
    cases = {
        truc.RoundEnd(1, HUMAN, 2, "tricks", False, (t1,)): "You won the tricks",
        truc.RoundEnd(1, COMPUTER, 1, "refused", False, ()): "You refused",
        truc.RoundEnd(1, HUMAN, 4, "fold", False, ()): "The computer folded",
        truc.RoundEnd(1, None, 0, "spoiled", False, (t1, t1, t1)): "spoiled",
    }
    for end, words in cases.items():
        assert words in how_text(end, 12)


def test_table_strings_are_complete() -> None:
    """Every table string exists in both languages with the same placeholders and markup
    balance, and every key the tables ask for by name is defined."""
    import re
    import string
    from pathlib import Path

    from truf_tui.ui.i18n import all_strings
    from truf_tui.ui.strings.tables import STRINGS

    fields = string.Formatter()
    for key, texts in STRINGS.items():
        assert set(texts) == {"en", "eo"} and all(texts.values()), key
        names = [{f for _, f, _, _ in fields.parse(t) if f} for t in texts.values()]
        assert names[0] == names[1], key
        assert texts["en"].count("[/]") == texts["eo"].count("[/]"), key
    known = all_strings()
    ui = Path(__file__).parents[2] / "truf_tui" / "ui"
    for path in [*ui.glob("screens/*_table.py"), ui / "screens" / "table_base.py",
                 ui / "screens" / "summary.py"]:
        for key in re.findall(r'tr\("([a-z0-9_.]+)"', path.read_text(encoding="utf-8")):
            assert key in known, f"{path.name}: {key}"


@pytest.mark.parametrize(("hands", "table", "key", "next_line"), [
    # An ordinary capture (F5): the computer moves next.
    ([["7H", "2S", "3C"], ["5D", "9S", "KC"]], ["4H", "KS"], "1", "tbl.f.prompt.computer"),
    # A trufego (F7): you move again (F8).
    ([["7H", "2S", "3C"], ["5D", "9S", "KC"]], ["4H"], "1", "tbl.prompt.next"),
])
async def test_while_a_capture_is_on_show_the_status_says_who_moves_next(
        hands: list[list[str]], table: list[str], key: str, next_line: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The capture stays on the table for a moment (the state is still the one before it);
    the status line already names the player who moves after it."""
    from truf_tui.ui.settings import PACES

    monkeypatch.setitem(PACES, "slow", 60.0)  # the moment outlasts a loaded machine's steps
    app = make_app(pace="slow")
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, "trufludo", seed=11, bot=ScriptBot())
        t.load_state(trufludo_state(hands, table, stock=18))
        await settle(pilot)
        await pilot.press(key)
        await pilot.pause()
        assert t._moment is not None
        status = t.query_one("#status", Markup).text
        assert status.splitlines()[-1] == Content.from_markup(tr(next_line)).plain


async def test_while_a_trick_is_on_show_the_status_says_who_leads_next() -> None:
    """Le Truc: the computer leads 9S, you take the trick with 7H (T5): while the trick is
    on show the status says you lead next (the state is still the one before your card)."""
    from truf_tui.cards import TRUC_32

    you, cpu = ("7H", "10D", "JC"), ("9S", "QD", "KC")
    top = [cpu[0], you[0], cpu[1], you[1], cpu[2], you[2]]  # you deal: the computer leads
    state = truc.new_game(deck=top + [str(c) for c in TRUC_32 if str(c) not in top],
                          dealer=HUMAN, seed=1)
    app = make_app(pace="slow")
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, "truc", bot=ScriptBot("play 9S"))
        t.load_state(state)
        for _ in range(100):  # the computer's move comes after a pause at this pace
            await settle(pilot, 1)
            if t.my_move():
                break
        assert [str(c) for c in t.state.hands[HUMAN]] == list(you)
        assert t.state.trick_card is not None and str(t.state.trick_card) == "9S"
        await pilot.press("1")
        await pilot.pause()
        assert t._moment is not None
        assert status(t).splitlines()[-1] == Content.from_markup(tr("tbl.prompt.next")).plain
