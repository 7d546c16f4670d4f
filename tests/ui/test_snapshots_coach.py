"""Snapshots of the coach at 100×32, seeded: the hint panel on both tables, the practice
round summary with its review, the session's bluff statistics and Trufludo's warning.

Update them with ``make snapshot-update`` after a deliberate change, and look at them."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from truf_tui.ai.base import ActionStats, legal_of
from truf_tui.play.config import GameConfig

from .tables_support import ScriptBot, make_app, settle, start, trufludo_state
from .test_coach_ui import WEAK, deal, start_with

SIZE = (100, 32)


class FixedExpert:
    """Stands in for the expert in the hint snapshots, so that they show the panel, not the
    AI's current numbers (which its tuning and the solution change): the legal moves in the
    engine's order, valued 70%, 55%, 40%, … (Trufludo's search); Le Truc's values in
    points the other way round (the last legal move best), fold at −0.5, and a solved
    player who makes every move but fold alike."""

    def analyse(self, observation: Any) -> list[ActionStats]:
        _, legal = legal_of(observation)
        return [ActionStats(a, 0, max(0.05, 0.7 - 0.15 * i)) for i, a in enumerate(legal)]

    def action_values(self, observation: Any) -> dict[Any, float]:
        _, legal = legal_of(observation)
        return {a: -0.5 if a.kind == "fold" else round(0.25 * i - 1.0, 2)
                for i, a in enumerate(legal)}

    def value_unit(self, observation: Any) -> str:
        return "points"

    def policy(self, observation: Any) -> dict[Any, float]:
        _, legal = legal_of(observation)
        kept = [a for a in legal if a.kind != "fold"]
        return {a: (1 / len(kept) if a in kept else 0.0) for a in legal}


async def hint_of_fixed_expert(pilot: Pilot[Any]) -> None:
    import truf_tui.grading

    real, graders = truf_tui.ai.make_bot, truf_tui.grading.make_bot
    truf_tui.ai.make_bot = lambda *a, **k: FixedExpert()  # type: ignore[assignment]
    # Trufludo's hint asks the review's expert (grading.expert_view)
    truf_tui.grading.make_bot = truf_tui.ai.make_bot
    try:
        await pilot.press("h")
        await settle(pilot)
    finally:
        truf_tui.ai.make_bot, truf_tui.grading.make_bot = real, graders


def test_trufludo_hint_panel(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        t = await start(pilot, "trufludo", seed=11, bot=ScriptBot())
        t.load_state(trufludo_state([["7H", "2S", "3C"], ["5D", "9S", "KC"]], ["4H", "KS"],
                                    stock=18))
        await settle(pilot)
        await hint_of_fixed_expert(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_truc_hint_panel(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await start(pilot, "truc", seed=11, dealer=0, bot=ScriptBot("raise", "play"))
        await hint_of_fixed_expert(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


async def _practice_round(pilot: Pilot[Any]) -> None:
    t = await start_with(pilot, GameConfig(game="truc", seed=1, dealer=1, practice=True),
                         ScriptBot("raise", "play"))
    t.load_state(deal(("7H", "7S", "8H"), WEAK))
    await settle(pilot)
    await pilot.press("3")  # you lead 8H; the computer raises with nothing
    await settle(pilot)
    await pilot.press("x")  # and you refuse
    await settle(pilot)


def test_truc_practice_round_summary(snap_compare: Any) -> None:
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=_practice_round)


def test_bluff_statistics(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await _practice_round(pilot)
        await pilot.press("b")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_trufludo_practice_warning(snap_compare: Any, monkeypatch: Any) -> None:
    from tests.ui.test_coach_ui import ChancesExpert

    monkeypatch.setattr("truf_tui.grading.make_bot", ChancesExpert)

    async def run_before(pilot: Pilot[Any]) -> None:
        t = await start_with(pilot, GameConfig(game="trufludo", seed=11, practice=True),
                             ScriptBot())
        t.load_state(trufludo_state([["7H", "2S", "3C"], ["5D", "9S", "KC"]], ["4H", "KS"],
                                    stock=18))
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)
