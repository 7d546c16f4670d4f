"""Le Truc: the speech bubble belongs to its round (issue 16, item 15).

The next round is dealt as soon as a round ends (T2), behind the round summary; what the
computer (in hot-seat: the player across) said in the round before — "plays K♥", "2 pli?" —
must not stay in the bubble over the new hands, neither under the summary nor after it.
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from truf_tui.engine import truc
from truf_tui.play.config import COMPUTER, GameConfig
from truf_tui.ui.screens.hotseat import PassScreen
from truf_tui.ui.screens.summary import TrucRoundSummary
from truf_tui.ui.screens.truc_table import TrucTable
from truf_tui.ui.widgets.table import Markup

from .tables_support import ScriptBot, make_app, settle, start, table_of

SIZE = (80, 24)
SILENT = "…"  # the bubble of a round in which nobody has spoken yet


def bubble(t: TrucTable) -> str:
    return t.query_one("#speech", Markup).text


async def truc_with(pilot: Pilot[Any], bot: ScriptBot, dealer: int) -> TrucTable:
    t = await start(pilot, "truc", seed=11, dealer=dealer, bot=bot)
    assert isinstance(t, TrucTable)
    return t


async def test_a_refused_raise_leaves_the_bubble_with_its_round() -> None:
    # The player deals (T4: the computer leads), the computer raises (T7: "2 pli?"), the
    # player refuses: the round ends and round 2 is dealt under the summary.
    for lang in ("en", "eo"):
        app = make_app(lang=lang)
        async with app.run_test(size=SIZE) as pilot:
            t = await truc_with(pilot, ScriptBot("raise", "play"), dealer=0)
            assert t.tstate.pending == "raise"
            assert "2 pli?" in bubble(t)
            await pilot.press("x")
            await settle(pilot)
            assert isinstance(app.screen, TrucRoundSummary)
            assert t.tstate.round_no == 2
            assert bubble(t) == SILENT, (lang, bubble(t))
            await pilot.press("enter")
            await settle(pilot)
            assert app.screen is t
            # Round 2: the computer deals, the player leads; nobody has spoken yet.
            assert t.tstate.current_player != COMPUTER
            assert bubble(t) == SILENT, (lang, bubble(t))


async def test_the_last_card_of_a_round_leaves_the_bubble_with_it() -> None:
    # The computer deals; both play cards to the end of round 1 (the computer answers every
    # lead, so it has said "plays …" in that round).
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await truc_with(pilot, ScriptBot("play"), dealer=1)
        spoke = False
        for _ in range(6):
            if isinstance(app.screen, TrucRoundSummary):
                break
            spoke = spoke or bubble(t) != SILENT
            await pilot.press("1")
            await settle(pilot)
        assert isinstance(app.screen, TrucRoundSummary)
        assert spoke and t.tstate.round_no == 2
        assert "plays" not in bubble(t) and bubble(t) == SILENT


async def test_hot_seat_bubbles_are_cleared_at_a_new_round() -> None:
    # Two players: player 2 raises, player 1 refuses; under the summary (and once the
    # keyboard has been passed) neither player's words of round 1 are shown.
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(GameConfig(game="truc", opponent="human", seed=11, dealer=0))
        await settle(pilot)
        t = table_of(app)
        assert isinstance(t, TrucTable)
        for _ in range(4):
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
                await settle(pilot)
        assert app.screen is t and t.tstate.current_player == 1
        await pilot.press("r")  # player 2 raises
        await settle(pilot)
        for _ in range(4):
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
                await settle(pilot)
        assert app.screen is t and t.tstate.pending == "raise"
        assert "2 pli?" in bubble(t)
        await pilot.press("x")  # player 1 refuses
        await settle(pilot)
        assert isinstance(app.screen, TrucRoundSummary)
        assert t.tstate.round_no == 2
        assert bubble(t) == SILENT
        assert t._speeches == [None, None]
        await pilot.press("enter")
        await settle(pilot)
        for _ in range(4):
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
                await settle(pilot)
        assert app.screen is t
        assert bubble(t) == SILENT


def test_the_round_is_a_new_deal() -> None:
    # What the tests above rely on: a refused raise ends round 1 and deals round 2 at once.
    s = truc.new_game(truc.Rules(), seed=11, dealer=0)
    s = s.apply(truc.RAISE).apply(truc.REFUSE)
    assert s.round_no == 2 and s.last_round is not None
