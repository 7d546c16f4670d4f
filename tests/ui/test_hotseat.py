"""Hot-seat (two people at one keyboard): whole games of both kinds played with keys, checking
at every turn that the hand of the player who is not to move is never on screen, and that no
hand card at all shows while the keyboard is being passed; resuming as hot-seat, the history,
hints for the player to move, and the texts by name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.content import Content
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button

from truf_tui.cards import Card
from truf_tui.engine import truc
from truf_tui.engine.record import GameRecord
from truf_tui.play.config import GameConfig
from truf_tui.store import History, Tally
from truf_tui.ui.app import TrufApp
from truf_tui.ui.screens.hint import HintScreen
from truf_tui.ui.screens.hotseat import PassScreen
from truf_tui.ui.screens.stats import rows_for
from truf_tui.ui.screens.summary import Results, TrucRoundSummary
from truf_tui.ui.screens.table_base import TableScreen
from truf_tui.ui.settings import Settings
from truf_tui.ui.widgets.cards import CardView, card_markup
from truf_tui.ui.widgets.table import Markup

from .tables_support import BOT_OPTIONS, make_app, settle, table_of

SIZE = (100, 32)


def shown(widget: Widget) -> bool:
    """Is ``widget`` drawn (itself and every container up to its screen displayed)?"""
    node: Any = widget
    while node is not None and not isinstance(node, Screen):
        if not node.display:
            return False
        node = node.parent
    return True


def face_up(screen: Screen[Any], row: str | None = None) -> list[Card]:
    """The cards drawn face up on ``screen`` (in the card row ``row`` only, if given)."""
    out = []
    for view in screen.query(CardView):
        if row is not None and (view.parent is None or view.parent.id != row):
            continue
        if shown(view) and view.spec.card is not None:
            out.append(view.spec.card)
    return out


def texts(screen: Screen[Any]) -> str:
    """Every text drawn on ``screen``: its markups and button labels."""
    parts = [m.text for m in screen.query(Markup) if shown(m)]
    parts += [str(b.label) for b in screen.query(Button) if shown(b)]
    return "\n".join(parts)


def assert_private(app: TrufApp) -> str:
    """The hot-seat promise at this moment; returns what is on top ("pass", "table"...)."""
    t = table_of(app)
    s = t.state
    hands = [list(s.hands[0]), list(s.hands[1])]
    top = app.screen
    if isinstance(top, PassScreen) or t.hidden:
        # Passing the keyboard (or a round summary between deals): no hand card anywhere.
        on_table = set(face_up(t))
        assert not on_table & (set(hands[0]) | set(hands[1])), on_table
        if isinstance(top, PassScreen):
            words = texts(top)
            for c in hands[0] + hands[1]:
                assert card_markup(c, t.card_style) not in words, (c, words)
            return "pass"
        return type(top).__name__
    if s.is_terminal():
        return type(top).__name__
    mover = s.current_player
    other = hands[1 - mover]
    assert t.viewer == mover == t.me
    assert face_up(t, "opp-hand") == []
    assert face_up(t, "my-hand") == [c for c in hands[mover]
                                     if t._moment is None or c != t._moment[1].card]
    assert not set(face_up(t)) & set(other)
    for screen in (t, top):
        words = texts(screen)
        for c in other:
            assert card_markup(c, t.card_style) not in words, (c, words)
    return "table" if top is t else type(top).__name__


async def hotseat(pilot: Pilot[Any], game: str, **kw: Any) -> TableScreen:
    pilot.app.start_game(GameConfig(game=game, opponent="human", **kw))
    await settle(pilot)
    return table_of(pilot.app)


@pytest.mark.slow
async def test_a_whole_trufludo_game_at_one_keyboard() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await hotseat(pilot, "trufludo", seed=5, rules={"deck": "italian"})
        assert t._bot is None  # no computer in the game
        seen = {"pass": 0, "table": 0}
        movers = []
        for _ in range(400):
            where = assert_private(app)
            if isinstance(app.screen, Results):
                break
            if where == "pass":
                seen["pass"] += 1
                assert app.screen.player == t.state.current_player  # type: ignore[attr-defined]
                await pilot.press("enter")
            elif where == "table":
                seen["table"] += 1
                movers.append(t.state.current_player)
                await pilot.press("1")
            else:  # the take chooser: the first capture
                await pilot.press("enter")
            await settle(pilot, 2)
        else:
            raise AssertionError("the game did not end")
        assert t.state.is_terminal()
        assert set(movers) == {0, 1} and seen["pass"] >= len(movers) // 2
        # Every change of player went through the pass screen (F8: a trufego keeps the turn).
        changes = sum(1 for a, b in zip(movers, movers[1:], strict=False) if a != b)
        assert seen["pass"] >= changes
        title = app.screen.query_one("#summary-title", Markup).text
        body = app.screen.query_one("#summary-body", Markup).text
        a, b = t.state.scores()
        winner = t.state.winner()
        assert title.startswith(f"Player {winner + 1} wins!" if winner is not None else "A draw")
        assert "Player 1" in body and "Player 2" in body and "Computer" not in body
        first, second = (b, a) if winner == 1 else (a, b)  # the winner's points first
        assert f"{first} : {second}" in title


@pytest.mark.slow
async def test_a_whole_truc_match_at_one_keyboard() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await hotseat(pilot, "truc", seed=3, rules={"target": 4})
        assert t._bot is None
        kinds: set[str] = set()
        summaries = 0
        for step in range(600):
            where = assert_private(app)
            top = app.screen
            if isinstance(top, Results):
                break
            if where == "pass":
                await pilot.press("enter")
            elif isinstance(top, TrucRoundSummary):
                summaries += 1
                body = top.query_one("#summary-body", Markup).text
                assert "Player" in body and "computer" not in body.lower()
                await pilot.press("enter")
            elif where == "table":
                s: truc.State = t.state  # type: ignore[assignment]
                legal = s.legal_actions()
                if truc.ACCEPT in legal:
                    # Questions in both directions: accept, or once in a while refuse.
                    status = t.query_one("#status", Markup).text
                    assert f"Player {2 - s.current_player}" in status  # the asker by name
                    await pilot.press("x" if step % 3 == 0 else "a")
                elif truc.RAISE in legal and step % 4 == 1:
                    await pilot.press("r")
                else:
                    await pilot.press("1")
                kinds.add(s.pending or "play")
            else:
                raise AssertionError(f"unexpected screen {where}")
            await settle(pilot, 2)
        else:
            raise AssertionError("the match did not end")
        assert t.state.is_terminal() and summaries >= 2
        assert "raise" in kinds  # a question was answered by the other player
        title = top.query_one("#summary-title", Markup).text
        assert title.startswith(f"Player {t.state.winner() + 1} wins!")  # type: ignore[operator]


async def test_the_pass_screen_hides_everything_and_tells_the_last_move() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await hotseat(pilot, "trufludo", seed=11, dealer=1)
        assert isinstance(app.screen, PassScreen)  # even the first player is asked first
        assert app.screen.query_one("#pass-title", Markup).text == "Pass the keyboard to Player 1"
        assert t.hidden and face_up(t, "my-hand") == [] and face_up(t, "opp-hand") == []
        await pilot.press("enter")
        await settle(pilot)
        assert t.viewer == 0 and len(face_up(t, "my-hand")) == 3
        card = t.state.hands[0][0]
        await pilot.press("1")
        await settle(pilot)
        top = app.screen
        assert isinstance(top, PassScreen) and top.player == 1
        words = texts(top)
        assert "Last move:" in words and card_markup(card) in words  # played: now public
        assert "Player 2" in top.query_one("#pass-title", Markup).text
        # Escape on the pass screen opens the game menu over it (the hands stay hidden), and back.
        await pilot.press("escape")
        await settle(pilot)
        assert type(app.screen).__name__ == "GameMenu"
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert t.viewer == 1 and app.screen is t
        status = t.query_one("#status", Markup).text
        assert status.startswith("Player 1 ")  # the last move, by name, after the pass
        assert "Player 1" in t.query_one("#opp-name", Markup).text
        assert "Player 2" in t.query_one("#my-name", Markup).text


async def test_hints_are_for_the_player_to_move() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await hotseat(pilot, "truc", seed=4, dealer=0)
        await pilot.press("h")  # the pass screen is up: no hint (and no hand) yet
        await settle(pilot)
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter", "1", "enter")  # one card each way: now the other player
        await settle(pilot)
        mover = t.state.current_player
        assert t.viewer == mover and len(t.state.history) == 1
        await pilot.press("h")
        await settle(pilot)
        panel = app.screen
        assert isinstance(panel, HintScreen) and panel.me == mover
        assert panel.hint is not None and panel.hint.lines
        plays = {line.action.card for line in panel.hint.lines
                 if isinstance(line.action, truc.Action) and line.action.kind == "play"}
        assert plays and plays <= set(t.state.hands[mover])  # only the mover's own hand


def test_practice_mode_is_off_in_hot_seat() -> None:
    assert GameConfig(opponent="human", practice=True).practice is False
    assert GameConfig(practice=True).practice is True


async def test_a_hot_seat_game_is_saved_resumed_and_recorded_as_such(tmp_path: Path) -> None:
    settings = Settings(pace="instant")
    app = TrufApp(bot_options=BOT_OPTIONS.copy(), data_dir=tmp_path, settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        t = await hotseat(pilot, "truc", seed=8, rules={"target": 2})
        for key in ("enter", "1", "enter"):
            await pilot.press(key)
            await settle(pilot)
        moved = t.state
        assert len(moved.history) == 1
    record = GameRecord.from_json((tmp_path / "current.json").read_text(encoding="utf-8"))
    assert record.meta["opponent"] == "human" and record.meta["tier"] == "human"

    again = TrufApp(bot_options=BOT_OPTIONS.copy(), data_dir=tmp_path, settings=settings)
    async with again.run_test(size=SIZE) as pilot:
        again.continue_game()
        await settle(pilot)
        t = table_of(again)
        assert t.hotseat and t.config.opponent == "human" and t.state == moved
        assert isinstance(again.screen, PassScreen)  # resumed behind the pass screen
        assert_private(again)
        # Play the match out with keys; it goes into the history as a hot-seat game.
        for _ in range(300):
            if isinstance(again.screen, Results):
                break
            if isinstance(again.screen, PassScreen | TrucRoundSummary):
                await pilot.press("enter")
            else:
                assert_private(again)
                s = t.state
                await pilot.press("a" if truc.ACCEPT in s.legal_actions() else "1")
            await settle(pilot, 2)
        assert t.state.is_terminal()
    history = History(tmp_path)
    try:
        [row] = history.games()
        assert row.tier == "human"
        stats = history.stats()
        assert stats.truc_points_per_round is None  # not a game against the computer
        rows = rows_for(stats, "truc")
        assert rows[-2][0] == "All" and rows[-2][1] == "0"  # no game against the computer
        assert rows[-1][0] == "Two players (P1)" and rows[-1][1] == "1"
    finally:
        history.close()


def test_statistics_keep_hot_seat_games_apart() -> None:
    from truf_tui.store import Stats

    stats = Stats({"trufludo": {"easy": Tally(2, 0, 1), "human": Tally(1, 0, 3)}}, None, None)
    rows = rows_for(stats, "trufludo")
    total = next(r for r in rows if r[0] == "All")
    assert total[1:5] == ("3", "2", "0", "1")
    assert rows[-1][:5] == ("Two players (P1)", "4", "1", "0", "3")


async def test_names_typed_at_the_first_pass_are_used_and_kept(tmp_path: Path) -> None:
    settings = Settings(pace="instant")
    app = TrufApp(bot_options=BOT_OPTIONS.copy(), data_dir=tmp_path, settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        t = await hotseat(pilot, "truc", seed=11, dealer=1, rules={"target": 1})
        top = app.screen
        assert isinstance(top, PassScreen) and top.ask_names
        await pilot.press(*"Ana", "tab", *"[b]Bo")  # markup in a name stays plain text
        await pilot.press("enter")
        await settle(pilot)
        assert t.player_names == ("Ana", "[b]Bo")
        assert "Ana" in t.query_one("#my-name", Markup).text
        assert r"\[b]Bo" in t.query_one("#opp-name", Markup).text
        await pilot.press("1")
        await settle(pilot)
        top = app.screen
        assert isinstance(top, PassScreen) and not top.ask_names  # asked once only
        assert top.query_one("#pass-title", Markup).text == r"Pass the keyboard to \[b]Bo"
        assert "Ana led" in texts(top)
    record = GameRecord.from_json((tmp_path / "current.json").read_text(encoding="utf-8"))
    assert record.meta["names"] == ["Ana", "[b]Bo"]

    again = TrufApp(bot_options=BOT_OPTIONS.copy(), data_dir=tmp_path, settings=settings)
    async with again.run_test(size=SIZE) as pilot:
        again.continue_game()
        await settle(pilot)
        t = table_of(again)
        assert t.player_names == ("Ana", "[b]Bo")
        top = again.screen
        assert isinstance(top, PassScreen) and not top.ask_names
        # Enter passes, plays the selected card and closes summaries: one round is the match.
        for _ in range(40):
            if isinstance(again.screen, Results):
                break
            await pilot.press("enter")
            await settle(pilot, 2)
        title = again.screen.query_one("#summary-title", Markup).text
        assert title.startswith(("Ana wins!", r"\[b]Bo wins!"))


async def test_play_again_keeps_the_names() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await hotseat(pilot, "truc", seed=2, rules={"target": 1})
        await pilot.press(*"Ana", "tab", *"Bo", "enter")
        await settle(pilot)
        for _ in range(40):
            if isinstance(app.screen, Results):
                break
            await pilot.press("enter")
            await settle(pilot, 2)
        await pilot.press("p")  # play again
        await settle(pilot)
        new = table_of(app)
        assert new is not t and new.hotseat and new.player_names == ("Ana", "Bo")
        top = app.screen
        assert isinstance(top, PassScreen) and not top.ask_names
        assert "Ana" in top.query_one("#pass-title", Markup).text or \
            "Bo" in top.query_one("#pass-title", Markup).text


def test_the_continue_line_of_a_saved_hot_seat_game() -> None:
    from truf_tui.engine import trufludo
    from truf_tui.store import game_meta
    from truf_tui.ui.storage import hotseat_progress_text

    s = trufludo.new_game(trufludo.Rules(), seed=1)
    s = s.apply(s.legal_actions()[0])
    plain = GameRecord.from_state(s, **game_meta(tier="easy"))
    assert hotseat_progress_text(plain, s) is None
    record = GameRecord.from_state(s, **game_meta(tier="human", opponent="human",
                                                  names=["Ana", ""]))
    text = hotseat_progress_text(record, s)
    assert text == ("Trufludo, two players: 1 move played, 42 cards left in the stock; "
                    f"cards taken: Ana {s.scores()[0]}, Player 2 {s.scores()[1]}.")


async def test_long_names_at_80_columns_keep_the_round_in_the_score_bar(
        tmp_path: Path) -> None:
    """The score dots give way before the numbers do: with two long names at 80 columns
    the bar still shows both scores, the target and the round."""
    settings = Settings(pace="instant")
    app = TrufApp(bot_options=BOT_OPTIONS.copy(), data_dir=tmp_path, settings=settings)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await hotseat(pilot, "truc", seed=11, dealer=1)
        await pilot.press(*"Maximiliana", "tab", *"Bartholomew")
        await pilot.press("enter")
        await settle(pilot)
        bar = t.query_one("#scorebar", Markup)
        assert Content.from_markup(bar.text).cell_length <= bar.content_size.width
        assert bar.text.rstrip().endswith("round 1") and "○" not in bar.text
        await pilot.resize_terminal(140, 32)  # room enough: the dots come back
        await settle(pilot)
        assert "○" in bar.text and bar.text.rstrip().endswith("round 1")


async def test_while_a_capture_is_on_show_the_status_names_the_next_player(
        monkeypatch: Any) -> None:
    from truf_tui.ui.settings import PACES

    monkeypatch.setitem(PACES, "slow", 60.0)  # the capture stays on show, however loaded
    app = make_app(pace="slow")
    async with app.run_test(size=SIZE) as pilot:
        t = await hotseat(pilot, "trufludo", seed=5)
        await pilot.press("enter")  # Player 1 takes the keyboard
        await settle(pilot)
        s = t.state
        assert s.current_player == 0 and "6H" in [str(c) for c in s.hands[0]]
        await pilot.press(str([str(c) for c in s.hands[0]].index("6H") + 1))  # takes 4H
        await pilot.pause()
        assert t._moment is not None
        lines = t.query_one("#status", Markup).text.splitlines()
        assert lines[0].startswith("Player 1 took") and lines[1] == "Player 2's turn."
