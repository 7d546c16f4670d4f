"""The bluff trainer's screen (issue 38 item 4): opened from the start screen with its key,
three spots decided with keys to the session's summary, in English and Esperanto, at 80x24;
the roll where the solution mixes; the screen never waits for the worker."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from truf_tui.ui.screens.drills import DrillScreen

from .tables_support import make_app, settle

SMALL = (80, 24)


def shown(screen: DrillScreen) -> str:
    table, result = screen.texts()
    return table + "\n" + result


async def decide(pilot: Pilot[Any], screen: DrillScreen) -> None:
    """Wait for the spot, choose its first option, wait for the figures."""
    await settle(pilot)
    assert screen.phase == "decide", shown(screen)
    await pilot.press("1")
    await settle(pilot)
    assert screen.phase == "result" and screen.analysis is not None


@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_three_spots_by_keys_to_the_summary(lang: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(DrillScreen, "session_size", 3)
    app = make_app(lang=lang)
    app.bot_options["seed"] = 5
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        menu = shown(screen)
        assert ("Facing a raise" if lang == "en" else "Antaŭ altigo") in menu
        await pilot.press("2")  # facing a raise
        for n in range(1, 4):
            await decide(pilot, screen)
            text = shown(screen)
            assert ("Spot" if lang == "en" else "Situacio") + f" {n} of 3" in text \
                or f"Situacio {n} el 3" in text
            assert ("accept" if lang == "en" else "akcepti") in text
            assert screen.done[-1].verdict.grade.key in ("best", "correct", "inaccuracy",
                                                         "mistake", "blunder")
            await pilot.press("n")
        await pilot.pause()
        assert screen.phase == "summary"
        summary = shown(screen)
        assert ("Session over: 3 spots" if lang == "en" else "Sesio finita: 3 situacioj") \
            in summary
        await pilot.press("enter")
        assert screen.phase == "menu"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, DrillScreen)
