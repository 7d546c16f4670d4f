"""``python -m truf_tui.ui.screenshots DIR``: SVG pictures of every screen, for the README.

Each picture is one small ``async`` function that brings a fresh app (seeded, computer at
instant pace, small search budgets) to the screen to show; the runner then saves it as
``DIR/<name>.svg``.  To add a picture, write a function and list it in ``SHOTS``.  A shot
that fails is reported and the others are still taken; the exit status says if any failed.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import traceback
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from truf_tui.ui.app import TrufApp
from truf_tui.ui.config import GameConfig
from truf_tui.ui.settings import Settings

SIZE = (100, 32)
BOT_OPTIONS = {"iterations": 60}
Prepare = Callable[[Pilot[Any]], Awaitable[None]]


def make_app(lang: str = "en", pace: str = "instant") -> TrufApp:
    return TrufApp(settings=Settings(lang=lang, pace=pace), bot_options=dict(BOT_OPTIONS))


async def settle(pilot: Pilot[Any], rounds: int = 4) -> None:
    """Let the computer's worker finish and the screen catch up."""
    from textual.worker import WorkerCancelled

    for _ in range(rounds):
        try:
            await pilot.app.workers.wait_for_complete()
        except WorkerCancelled:
            pass
        await pilot.pause(0.05)


async def wait_for(pilot: Pilot[Any], condition: Callable[[], bool], timeout: float = 10) -> None:
    waited = 0.0
    while not condition():
        if waited > timeout:
            raise TimeoutError("the screen never got there")
        await pilot.pause(0.05)
        waited += 0.05


def table(pilot: Pilot[Any]) -> Any:
    from truf_tui.ui.screens.table_base import TableScreen

    for screen in reversed(pilot.app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    raise LookupError("no table on the screen")


async def start(pilot: Pilot[Any], game: str, **config: Any) -> Any:
    app = pilot.app
    assert isinstance(app, TrufApp)
    app.start_game(GameConfig(game=game, **config))
    await settle(pilot)
    return table(pilot)


# -- the shell ------------------------------------------------------------------------------
async def shot_start(pilot: Pilot[Any]) -> None:
    await pilot.pause()


async def _help(pilot: Pilot[Any]) -> None:
    from truf_tui.ui.screens.help import HelpScreen

    await pilot.press("f1")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, HelpScreen)
                   and bool(pilot.app.screen.sections))


shot_help_en = _help
shot_help_eo = _help


async def shot_settings(pilot: Pilot[Any]) -> None:
    await pilot.press("ctrl+s")


async def shot_quit_dialog(pilot: Pilot[Any]) -> None:
    await start(pilot, "trufludo", seed=4, dealer=1)
    await pilot.press("q")


async def shot_too_small(pilot: Pilot[Any]) -> None:
    await pilot.resize_terminal(72, 20)
    await pilot.pause()


async def shot_palette(pilot: Pilot[Any]) -> None:
    await pilot.press("ctrl+p")
    await pilot.pause(0.3)


# -- the tables -----------------------------------------------------------------------------
async def shot_trufludo(pilot: Pilot[Any]) -> None:
    """A few moves into a Trufludo game (the human does not deal, so moves first)."""
    from truf_tui.ui.screens.table_base import TableScreen

    t = await start(pilot, "trufludo", seed=11, dealer=1)
    for _ in range(4):
        await wait_for(pilot, lambda: t.state.current_player == 0 or t.state.is_terminal())
        await pilot.press("1")
        if not isinstance(pilot.app.screen, TableScreen):
            await pilot.press("1")  # several cards to take: the first
        await settle(pilot)


async def shot_trufego(pilot: Pilot[Any]) -> None:
    """The human takes the single card on the table: "Trufego!" (F7), then moves again."""
    from truf_tui.engine import trufludo

    t = await start(pilot, "trufludo", seed=5, dealer=1)
    state = prepared_trufludo(hands=(("3C", "8S", "KH"), ("4D", "9H")), table_cards=("QS",),
                              stock=12)
    t.load_state(state)
    await settle(pilot)
    t.human_move(trufludo.play(state.hands[0][1], state.table[0]))
    await pilot.pause(0.15)


async def shot_truc(pilot: Pilot[Any]) -> None:
    """One trick into a round of Le Truc, with the move log open."""
    t = await start(pilot, "truc", seed=21, dealer=1)
    await pilot.press("1")
    await settle(pilot)
    await wait_for(pilot, lambda: t.state.current_player == 0)
    await pilot.press("l")


async def shot_truc_raise(pilot: Pilot[Any]) -> None:
    """The computer leads with "2 pli?": a question for the human (T7)."""
    from truf_tui.engine import truc

    t = await start(pilot, "truc", seed=8, dealer=0)
    t.load_state(truc.new_game(truc.Rules(), seed=8, dealer=0).apply("raise"))
    await settle(pilot)


async def shot_truc_round_summary(pilot: Pilot[Any]) -> None:
    """The first round of Le Truc played out card by card: the round's summary."""
    from truf_tui.ui.screens.table_base import TableScreen

    t = await start(pilot, "truc", seed=21, dealer=1)
    for _ in range(3):
        if not isinstance(pilot.app.screen, TableScreen):
            break
        await wait_for(pilot, lambda: t.state.current_player == 0
                       or not isinstance(pilot.app.screen, TableScreen))
        if isinstance(pilot.app.screen, TableScreen):
            await pilot.press("1")
            await settle(pilot)
    await wait_for(pilot, lambda: not isinstance(pilot.app.screen, TableScreen))


async def shot_results(pilot: Pilot[Any]) -> None:
    """The last two cards of a Trufludo game are played: the results."""
    t = await start(pilot, "trufludo", seed=6, dealer=1)
    t.load_state(prepared_trufludo(hands=(("AS",), ("2H",)), table_cards=("5S", "7C")))
    await settle(pilot)
    await pilot.press("1")
    await settle(pilot)
    await wait_for(pilot, lambda: type(pilot.app.screen).__name__.endswith("Results"))


def prepared_trufludo(hands: tuple[tuple[str, ...], tuple[str, ...]],
                      table_cards: tuple[str, ...], stock: int = 0) -> Any:
    """A Trufludo position with these hands and table, the human (non-dealer) to move; the
    other cards lie in the stock (``stock`` of them) and, half each, in the two piles."""
    from truf_tui.cards import PACKS
    from truf_tui.engine import trufludo

    used = {*hands[0], *hands[1], *table_cards}
    rest = [str(c) for c in PACKS["french"] if str(c) not in used]
    stock_cards, rest = rest[:stock], rest[stock:]
    half = len(rest) // 2
    return trufludo.State.from_dict({
        "game": "trufludo", "rules": trufludo.Rules().to_dict(), "dealer": 1, "to_move": 0,
        "hands": [list(hands[0]), list(hands[1])], "stock": stock_cards,
        "table": list(table_cards), "piles": [rest[:half], rest[half:]],
        "trufegoj": [[], []], "last_capturer": None, "history": [], "seed": 1,
    })


# -- the coach (issue 5) ---------------------------------------------------------------------
async def shot_hint_trufludo(pilot: Pilot[Any]) -> None:
    """h on the Trufludo table: the expert's view of every move, with reasons."""
    t = await start(pilot, "trufludo", seed=5, dealer=1)
    t.load_state(prepared_trufludo(hands=(("7H", "2S", "3C"), ("5D", "9S", "KC")),
                                   table_cards=("4H", "KS"), stock=18))
    await settle(pilot)
    await pilot.press("h")
    await wait_for(pilot, lambda: not getattr(pilot.app.screen, "thinking", True))


async def shot_hint_truc(pilot: Pilot[Any]) -> None:
    """h on the Le Truc table, answering the computer's "2 pli?"."""
    from truf_tui.engine import truc

    t = await start(pilot, "truc", seed=8, dealer=0)
    t.load_state(truc.new_game(truc.Rules(), seed=8, dealer=0).apply("raise"))
    await settle(pilot)
    await pilot.press("h")
    await wait_for(pilot, lambda: not getattr(pilot.app.screen, "thinking", True))


async def shot_truc_practice_review(pilot: Pilot[Any]) -> None:
    """Practice mode: the computer bluffs, you refuse with the better cards; the review."""
    from truf_tui.cards import TRUC_32
    from truf_tui.engine import truc

    t = await start(pilot, "truc", seed=8, dealer=1, practice=True)
    top = ["7H", "9S", "7S", "10S", "8H", "JS"]  # you: 7H 7S 8H; the computer: 9S 10S JS
    deck = top + [str(c) for c in TRUC_32 if str(c) not in top]
    t.load_state(truc.new_game(deck=deck, dealer=1, seed=8).apply("play 8H").apply("raise"))
    await settle(pilot)
    await pilot.press("x")
    await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "PracticeRoundSummary")


async def _guided(pilot: Pilot[Any], game: str, until: int) -> None:
    """The guided game of ``game`` (issue 5), played with the keys up to step ``until``."""
    from truf_tui.ui.config import HUMAN

    pilot.app.action_guided(game)  # type: ignore[attr-defined]
    await settle(pilot)
    t = table(pilot)
    keys = {"raise": "r", "refuse": "x", "rest": "m"}
    while t.guide_index < until:
        step, on_table = t.step, pilot.app.screen is t
        if not on_table:
            await pilot.press("enter")  # a round summary
        elif step.kind == "you" and step.move in keys:
            await pilot.press(keys[step.move])
        elif step.kind == "you":
            await pilot.press(str(list(t.state.hands[HUMAN]).index(t.expected_card()) + 1))
        else:
            await pilot.press("enter")
        await settle(pilot)


async def shot_guided_trufludo(pilot: Pilot[Any]) -> None:
    await _guided(pilot, "trufludo", 12)  # take the single card: your own trufego


async def shot_guided_truc(pilot: Pilot[Any]) -> None:
    await _guided(pilot, "truc", 6)  # after a spoiled trick, raise


# (file name, how to get there, app options)
SHOTS: list[tuple[str, Prepare, dict[str, Any]]] = [
    ("start", shot_start, {}),
    ("help-en", shot_help_en, {}),
    ("help-eo", shot_help_eo, {"lang": "eo"}),
    ("settings", shot_settings, {}),
    ("quit-dialog", shot_quit_dialog, {}),
    ("too-small", shot_too_small, {}),
    ("command-palette", shot_palette, {}),
    ("trufludo-table", shot_trufludo, {}),
    ("trufego", shot_trufego, {"pace": "slow"}),
    ("truc-table", shot_truc, {}),
    ("truc-raise", shot_truc_raise, {}),
    ("truc-round-summary", shot_truc_round_summary, {}),
    ("results", shot_results, {}),
    ("hint-trufludo", shot_hint_trufludo, {}),
    ("hint-truc", shot_hint_truc, {}),
    ("truc-practice-review", shot_truc_practice_review, {}),
    ("guided-trufludo", shot_guided_trufludo, {}),
    ("guided-truc", shot_guided_truc, {"lang": "eo"}),
]


async def take(name: str, prepare: Prepare, options: dict[str, Any], out: Path) -> Path:
    app = make_app(**options)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await prepare(pilot)
        await pilot.pause()
        return Path(app.save_screenshot(f"{name}.svg", path=str(out)))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m truf_tui.ui.screenshots",
                                     description="Write SVG screenshots of every screen.")
    parser.add_argument("directory", type=Path, help="where to write the .svg files")
    parser.add_argument("--only", nargs="*", metavar="NAME",
                        help=f"only these shots ({', '.join(n for n, _, _ in SHOTS)})")
    args = parser.parse_args(argv)
    args.directory.mkdir(parents=True, exist_ok=True)
    failed = []
    for name, prepare, options in SHOTS:
        if args.only and name not in args.only:
            continue
        try:
            path = asyncio.run(take(name, prepare, options, args.directory))
        except Exception:
            failed.append(name)
            print(f"FAILED {name}:", file=sys.stderr)
            traceback.print_exc()
        else:
            print(f"wrote {path}")
    if failed:
        print(f"{len(failed)} screenshot(s) failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
