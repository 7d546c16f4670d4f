"""The guided games as a newcomer sees them (issue 16, item 17): the computer is not labelled
with programmers' words ("scripted", "laŭ skripto"), and Le Truc's round summaries (T6-T10)
leave the guide's panel, which explains the same round, in view and up to date."""

from __future__ import annotations

from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.content import Content

from truf_tui.play.config import HUMAN
from truf_tui.ui.i18n import set_language, tr
from truf_tui.ui.screens.guided import GuidedRoundSummary, GuidedTruc, GuidePanel
from truf_tui.ui.screens.summary import TrucRoundSummary
from truf_tui.ui.widgets.table import Markup

from .tables_support import make_app, settle, table_of
from .test_guided import ACTION_KEYS

NAME_CELLS = 12  # the name column (.who: 14 cells, 1 of padding each side)


@pytest.mark.parametrize("lang", ["en", "eo"])
@pytest.mark.parametrize("game", ["trufludo", "truc"])
@pytest.mark.slow
async def test_the_guided_computer_is_not_called_scripted(game: str, lang: str) -> None:
    app = make_app(lang=lang)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await app.run_action(f"guided('{game}')")
            await settle(pilot)
            t = table_of(app)
            label = t.query_one("#opp-name", Markup).text
            assert tr("guide.opponent") in label, label
            assert "script" not in label.lower() and "skript" not in label.lower(), label
            assert tr("guide.opponent") == {"en": "guided game", "eo": "gvidata ludo"}[lang]
            assert Content.from_markup(tr("guide.opponent")).cell_length <= NAME_CELLS
    finally:
        set_language("en")


async def walk_to_summaries(pilot: Any, t: GuidedTruc) -> list[tuple[str, Any]]:
    """Follow the guide to its end; at every round summary note what is on screen."""
    app = pilot.app
    seen = []
    for _ in range(120):
        step = t.step
        if step.kind == "end" and app.screen is t:
            return seen
        if app.screen is not t:
            summary = app.screen
            assert isinstance(summary, TrucRoundSummary)
            seen.append((t.guide_index, summary))
            check_summary_beside_guide(t, summary)
            await pilot.press("enter")
        elif step.kind == "you" and step.move in ACTION_KEYS:
            await pilot.press(ACTION_KEYS[step.move])
        elif step.kind == "you":
            card = t.expected_card()
            await pilot.press(str(list(t.state.hands[HUMAN]).index(card) + 1))
        else:
            await pilot.press("enter" if step.kind != "say" else "right")
        await settle(pilot)
    raise AssertionError(f"stuck at step {t.guide_index}")


def check_summary_beside_guide(t: GuidedTruc, summary: Any) -> None:
    assert isinstance(summary, GuidedRoundSummary)
    panel = t.query_one(GuidePanel)
    box = summary.query_one(".summary-box")
    # The box ends above the guide's panel: not one row of the guide is covered.
    assert panel.region.height > 0
    assert box.region.bottom <= panel.region.y, (box.region, panel.region)
    # The whole summary is shown (nothing scrolled away), its Continue button too.
    scroll = summary.query_one("#summary-scroll", VerticalScroll)
    assert scroll.max_scroll_y == 0, (scroll.virtual_size, scroll.size)
    assert summary.query_one("#continue").region.bottom <= box.region.bottom
    # The panel explains the round just ended (not "the computer is playing").
    step = t.step
    assert step.kind == "say", step
    assert tr(step.text).split(":")[0].split(".")[0] in panel.text
    assert tr("guide.cpu") not in panel.text


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
@pytest.mark.parametrize("lang", ["en", "eo"])
@pytest.mark.slow
async def test_round_summaries_leave_the_guide_in_view(size: tuple[int, int],
                                                       lang: str) -> None:
    app = make_app(lang=lang)
    try:
        async with app.run_test(size=size) as pilot:
            await app.run_action("guided('truc')")
            await settle(pilot)
            t = table_of(app)
            assert isinstance(t, GuidedTruc)
            seen = await walk_to_summaries(pilot, t)
            # Rounds 1 (won, T6), 2 (a refused raise, T7) and 3 (the accepted rest, T8).
            assert len(seen) == 3, seen
    finally:
        set_language("en")
