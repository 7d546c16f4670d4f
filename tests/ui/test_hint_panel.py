"""The hint panel (issue 38): a hint taller than the terminal scrolls, with its keys line
in view (A4), and the cards of one rank are one move with one figure (A5, T1)."""

from __future__ import annotations

from typing import Any

import pytest

from truf_tui.play.config import HUMAN
from truf_tui.ui.widgets import hints

from .tables_support import ScriptBot, make_app, start
from .test_coach_ui import deal
from .test_snapshots_coach import FixedExpert, hint_of_fixed_expert


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_a_long_hint_scrolls_and_keeps_its_keys_in_view(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        # You lead: seven moves (three cards, raise, rest, redeal, fold), three lines each.
        await start(pilot, "truc", seed=11, dealer=1 - HUMAN, bot=ScriptBot("play"))
        await hint_of_fixed_expert(pilot)
        screen: Any = app.screen
        keys = screen.query_one("#hint-keys")
        scroll = screen.query_one("#hint-body").parent
        assert keys.region.height == 1 and keys.region.bottom <= size[1]
        assert scroll.max_scroll_y > 0  # taller than the room it has
        await pilot.press("end")
        await pilot.pause(0.1)
        assert scroll.scroll_y == scroll.max_scroll_y
        await pilot.press("up")
        await pilot.pause(0.1)
        assert scroll.scroll_y == scroll.max_scroll_y - 1
        await pilot.press("home")
        await pilot.pause(0.1)
        assert scroll.scroll_y == 0


def test_the_cards_of_one_rank_are_one_move(monkeypatch: pytest.MonkeyPatch) -> None:
    import truf_tui.ai

    monkeypatch.setattr(truf_tui.ai, "make_bot", lambda *a, **k: FixedExpert())
    state = deal(("10C", "10S", "KD"), ("9H", "QH", "AS"), dealer=1 - HUMAN)
    hint = hints.analyse("truc", state, {}, seed=1)
    assert hint.lines is not None
    tens = [x for x in hint.lines if x.action.kind == "play" and x.action.card.rank == "10"]
    assert len(tens) == 1 and len(tens[0].same) == 1
    policy = hints._solved_policy(state, HUMAN)
    assert policy is not None
    both = sum(p for a, p in policy.items() if a.kind == "play" and a.card.rank == "10")
    assert tens[0].solved == pytest.approx(both)
    text = hints.hint_markup(hint, "letters")
    assert text.count("the solved player:") == len(hint.lines) == 6
    assert "play" in text and " or " in text
