"""Issue 40, the tables and the viewers: what a new user found broken at 80×24 and 100×32."""

from __future__ import annotations

import random
import re
from typing import Any

from rich.text import Text
from textual.widgets import OptionList

from truf_tui.engine import truc
from truf_tui.engine.record import GameRecord
from truf_tui.ui.screens.replay import ReplayScreen
from truf_tui.ui.screens.tournament import watch_row

from .tables_support import make_app, settle, table_of

NAMES = ("Computer 3 (Medium)", "Computer 4 (Hard)")


def screen_rows(app: Any) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def computers_game(seed: int = 1) -> dict[str, Any]:
    """A long Le Truc game between two random players that never rest or fold."""
    rng = random.Random(seed)
    s = truc.new_game(truc.Rules(target=12), seed=2, dealer=0)
    while not s.is_terminal():
        legal = s.legal_actions()
        s = s.apply(rng.choice([a for a in legal if a.kind not in ("rest", "fold")] or legal))
    return GameRecord.from_state(s, tier="easy", human=0).to_dict()


def flat(text: str) -> str:
    return " ".join(text.split())


async def test_watched_move_list_keeps_wrapped_lines() -> None:
    """Item 13: an entry that wraps only once the list's scroll bar appears is shown whole
    (its height was measured at the width before the bar)."""
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        replay = ReplayScreen(watch_row(computers_game()), names=lambda: NAMES,
                              title=lambda: "Watching", autoplay=True)
        await app.push_screen(replay)
        replay.autoplay = False  # stepped here, not by the timer
        while replay.position < len(replay.states) - 1:
            replay.autoplay = True
            replay._autoplay_step()
            replay.autoplay = False
        await pilot.pause()
        log = replay.query_one(OptionList)
        region = log.scrollable_content_region  # without the scroll bar
        for i in range(log.option_count):
            log.highlighted = i
            await pilot.pause()
            shown = flat(" ".join(row[region.x:region.right]
                                  for row in screen_rows(app)[region.y:region.bottom]))
            want = flat(Text.from_markup(str(log.get_option_at_index(i).prompt)).plain)
            assert want in shown, f"option {i}: {want!r} not shown whole"


async def test_watched_game_review_names_the_two_computers() -> None:
    """Item 12: the review of a computers' game says who did what by name, never "you"."""
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        replay = ReplayScreen(watch_row(computers_game()), names=lambda: NAMES,
                              title=lambda: "Watching")
        await app.push_screen(replay)
        notes = []
        for last, _ in replay.reviews:  # every round's review
            replay.go_to(last)
            await pilot.pause()
            notes.append(str(replay.query_one("#replay-notes").render()))
        text = "\n".join(notes)
        assert re.findall(r"\b(?:you|yours?)\b", text, re.IGNORECASE) == []
        assert "computer's" not in text.lower() and "The computer" not in text
        assert "The raise to 2 by Computer" in text and "Cards of Computer 4 (Hard):" in text
        assert "refusal by Computer" in text  # the give-ups of both seats


async def test_results_of_a_start_at_game() -> None:
    """Item 15: the results of a game started at a set score show that score (the total adds
    up), the heading gives the winner's points first, and the footer offers no ``l``."""
    from truf_tui.ui.config import GameConfig
    from truf_tui.ui.screens.summary import TrucResults
    from truf_tui.ui.screens.truc_table import FoldConfirm

    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        app.start_game(GameConfig(game="truc", tier="easy", seed=3, dealer=1,
                                  rules={"target": 12}, scores=(11, 10)))
        await settle(pilot)
        t = table_of(app)
        assert t.state.current_player == 0
        await pilot.press("f")  # you fold the first round: the computer scores 1 (T7: 11-11)
        await settle(pilot)
        if isinstance(app.screen, FoldConfirm):
            await pilot.press("y")
            await settle(pilot)
        for _ in range(4):  # on to the next round, and fold again: 11-12
            if isinstance(app.screen, TrucResults):
                break
            await pilot.press("enter")
            await settle(pilot)
            if table_of(app).state.current_player == 0:
                await pilot.press("f")
                await settle(pilot)
                if isinstance(app.screen, FoldConfirm):
                    await pilot.press("y")
                    await settle(pilot)
        results = app.screen
        assert isinstance(results, TrucResults)
        assert t.state.scores() == (11, 12)
        title = str(results.query_one("#summary-title").render())
        assert "The computer wins  12 : 11" in title
        body = str(results.query_one("#summary-body").render())
        assert re.search(r"starting score\s+11\s+10", body)
        footer = screen_rows(app)[-1]
        assert "Moves" not in footer and "Menu" in footer
