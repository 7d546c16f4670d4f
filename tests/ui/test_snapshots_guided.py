"""Snapshots of the guided first games (issue 5): a step of each, with the guide panel and
the parts of the table it points at; Trufludo at 100×32, Le Truc at 80×24 in Esperanto, and
Le Truc's round summary beside the guide at 80×24.

Update them with ``make snapshot-update`` after a deliberate change, and look at them."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from .tables_support import make_app, settle, table_of
from .test_guided import walk


@pytest.mark.slow
def test_trufludo_guided_trufego_step(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        pilot.app.action_guided("trufludo")
        await settle(pilot)
        await walk(pilot, table_of(pilot.app), until=12)  # take the single 8D: a trufego
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=(100, 32), run_before=run_before)


@pytest.mark.slow
def test_truc_guided_raise_step_in_esperanto(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        pilot.app.action_guided("truc")
        await settle(pilot)
        await walk(pilot, table_of(pilot.app), until=6)  # after a spoiled trick: raise
        await settle(pilot)

    assert snap_compare(make_app(lang="eo"), terminal_size=(80, 24), run_before=run_before)


@pytest.mark.slow
def test_truc_guided_round_summary_under_the_guide(snap_compare: Any) -> None:
    # Issue 16, item 17: the summary of round 1 at the top, the guide's panel (explaining
    # the same round, T6) in view under it, at 80×24.
    async def run_before(pilot: Pilot[Any]) -> None:
        pilot.app.action_guided("truc")
        await settle(pilot)
        await walk(pilot, table_of(pilot.app), until=10)  # the round is over: its summary
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)
