"""One player of a match between two real apps (issue 39), each in its own process.

The test (tests/ui/test_two_apps.py) hosts with the app under its ``run_test()``; this
module is also the other process: ``python -m tests.ui.app_peer --data-dir D --seed S``
runs the app under its own ``run_test()``, goes from the start screen to "a friend online",
reads the invite code on its standard input, pastes it, joins, and plays its seat by
pressing keys until the match is over and the start screen is back.  Its last line on
standard output is ``summary {json}`` (:func:`summary`); it exits 0, or 1 with the reason
on standard error.

Both players decide alike (:class:`Player`): a fixed plan by round for Le Truc's calls and
answers (so raises, refusals, a redeal, a fold and a rest all happen), a seeded choice among
the cards the table offers.  They read only what the table shows: the enabled call buttons,
the cards in the hand, the dialogs, the toasts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual import events
from textual.pilot import Pilot
from textual.widgets import Button

from truf_tui.store import History
from truf_tui.ui import app as app_module
from truf_tui.ui.app import TrufApp
from truf_tui.ui.choices import ChoiceSet
from truf_tui.ui.i18n import tr
from truf_tui.ui.screens.dialogs import ConfirmDialog
from truf_tui.ui.screens.friend import FriendScreen
from truf_tui.ui.screens.net_table import DealAlarmScreen, NetLost, NetPlay, WaitingForFriend
from truf_tui.ui.screens.start import StartScreen
from truf_tui.ui.screens.summary import Results, Summary
from truf_tui.ui.screens.trufludo_table import TakeChooser
from truf_tui.ui.settings import Settings
from truf_tui.ui.widgets.cards import CardView
from truf_tui.ui.widgets.table import Markup

SIZE = (80, 24)
CODE = re.compile(r"truf1-[A-Za-z0-9_-]+")
# What a player does in each round of Le Truc, by its number (any other round: cards
# only): the call made at its first chance (once per player a round), and the answer to
# the other's call.  The game runs to 12 on points, unless the rest accepted in round 11
# decides it first (T8).
PLAN: dict[int, tuple[str | None, str]] = {
    1: ("raise", "accept"),   # T7: raised, accepted, raised back, accepted
    2: ("raise", "refuse"),   # T7: refused, the round ends at once
    3: ("redeal", "accept"),  # T3: the non-dealer asks, the dealer agrees
    4: ("fold", "accept"),    # T9: the first to move gives the round up
    5: ("rest", "refuse"),    # T8: refused, the declarer scores the stake
    7: ("raise", "accept"),
    8: ("redeal", "refuse"),  # T3: the dealer says no
    9: ("fold", "accept"),
    11: ("rest", "accept"),   # T8: the round is played for the game
}


class PeerApp(TrufApp):
    """The app, at instant pace, keeping every notification it showed (a toast goes after
    5 s: the test counts the "deal verified" ones)."""

    # A subclass's CSS path is read from its own module's folder: the app's, by name.
    CSS_PATH = str(Path(app_module.__file__).parent / TrufApp.CSS_PATH)

    def __init__(self, folder: Path) -> None:
        super().__init__(settings=Settings(pace="instant", lang="en"), data_dir=str(folder))
        self.folder = folder
        self.shown: list[str] = []

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        self.shown.append(str(message))
        super().notify(message, title=title, severity=severity, timeout=timeout,
                       markup=markup)


def text_of(app: TrufApp) -> str:
    return "\n".join(str(m.text) for m in app.screen.query(Markup))


async def until(pilot: Pilot[Any], ready: Any, what: str, seconds: float = 60) -> None:
    """Wait until ``ready()`` (a bound for a loaded machine: it ends as soon as it comes)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not ready():
        if loop.time() > end:
            raise AssertionError(f"{what}: not within {seconds:g} s "
                                 f"(on {type(pilot.app.screen).__name__})")
        await pilot.pause(0.01)


async def choose(pilot: Pilot[Any], cid: str, value: Any) -> None:
    """Click ``value`` in the start screen's choice ``cid``."""
    choice = pilot.app.screen.query_one(f"#{cid}", ChoiceSet)
    await pilot.click(f"#{cid}-{choice.values.index(value)}")
    await pilot.pause()


async def to_friend_screen(pilot: Pilot[Any], name: str, game: str | None = None,
                           best_of: int = 1) -> FriendScreen:
    """From the start screen (its game and best-of for a host), "a friend online", Play,
    and the name typed in."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")
    if game is not None:
        await choose(pilot, "game", game)
        await choose(pilot, "match", best_of)
    await choose(pilot, "opponent", "friend")
    await pilot.press("p")
    await until(pilot, lambda: isinstance(app.screen, FriendScreen), "the friend screen")
    screen = app.screen
    assert isinstance(screen, FriendScreen)
    await pilot.click("#name")
    await pilot.press(*name)
    return screen


async def host(pilot: Pilot[Any], game: str, name: str = "Ana") -> str:
    """Host ``game`` from the start screen: the invite code, as read on the screen."""
    screen = await to_friend_screen(pilot, name, game)
    await pilot.click("#host")
    found: list[str] = []

    def shown() -> bool:
        found[:] = CODE.findall(str(screen.query_one("#invite-code", Markup).text))
        return bool(found) and screen.query_one("#invite-code", Markup).display

    await until(pilot, shown, "the invite code")
    return found[0]


async def join(pilot: Pilot[Any], code: str, name: str = "Bo") -> None:
    """Join with ``code``: pasted into the code box (as a terminal pastes), then Enter."""
    await to_friend_screen(pilot, name)
    await pilot.click("#code")
    pilot.app.post_message(events.Paste(code))
    await pilot.pause()
    await pilot.press("enter")


def drawn(table: NetPlay) -> bool:
    """The table is on the screen with its prompt (its cards and call buttons drawn for the
    position: before that the buttons are all enabled, as composed)."""
    status = list(table.query("#status").results(Markup))
    return table.is_mounted and bool(status) and bool(status[0].text)


@dataclass
class Player:
    """Plays a seat by the keys its table offers (see :data:`PLAN`)."""

    seed: int
    rng: random.Random = field(init=False)
    called: set[tuple[int, int]] = field(default_factory=set)  # (game, round) called in
    presses: list[str] = field(default_factory=list)
    tables: list[NetPlay] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def keys_for(self, screen: Any) -> tuple[str, ...]:
        """The keys to press now on ``screen`` (none: nothing to do yet)."""
        if isinstance(screen, DealAlarmScreen | NetLost | WaitingForFriend):
            raise AssertionError(f"{type(screen).__name__}: {text_of(screen.app)}")
        if isinstance(screen, Summary):
            title = list(screen.query("#summary-title").results(Markup))
            if not title or not title[0].text:
                return ()  # not drawn yet
            if isinstance(screen, Results):
                ids = [bid for bid, _key in screen.buttons]
                return ("n",) if "next" in ids else ("m",)
            return ("enter",)
        if isinstance(screen, ConfirmDialog):  # the fold, asked first (T9)
            return ("y",)
        if isinstance(screen, TakeChooser):  # which table card to take (F5)
            return (str(self.rng.randrange(len(screen.options)) + 1),)
        if not isinstance(screen, NetPlay) or not drawn(screen) or not screen.my_move():
            return ()
        if screen not in self.tables:
            self.tables.append(screen)
        hand = [v for v in screen.query("#my-hand CardView").results(CardView)
                if v.display and v.spec.card is not None]
        card = (str(self.rng.randrange(len(hand)) + 1),) if hand else ()
        if screen.config.game != "truc":
            return card
        offered = {b.id.removeprefix("act-") for b in screen.query(".act").results(Button)
                   if b.id is not None and b.display and not b.disabled}
        round_no = screen.state.round_no
        call, answer = PLAN.get(round_no, (None, "accept"))
        keys = {"raise": "r", "rest": "m", "redeal": "d", "fold": "f",
                "accept": "a", "refuse": "x"}
        if "accept" in offered:  # a call to answer
            return (keys[answer],)
        mine = (screen._game, round_no)
        if call is not None and call in offered and mine not in self.called:
            self.called.add(mine)
            return (keys[call],)
        return card

    async def play(self, pilot: Pilot[Any], seconds: float,
                   other: Any = None) -> None:
        """Play to the match's end (the start screen back after a table); ``other()``
        raises if the other player is gone."""
        app = pilot.app
        loop = asyncio.get_running_loop()
        end = loop.time() + seconds
        while not (self.tables and isinstance(app.screen, StartScreen)):
            if loop.time() > end:
                raise AssertionError(f"the match did not end within {seconds:g} s "
                                     f"(on {type(app.screen).__name__}: {text_of(app)[:300]})")
            if other is not None:
                other()
            screen = app.screen
            if isinstance(screen, NetPlay) and screen not in self.tables:
                self.tables.append(screen)
            keys = self.keys_for(screen)
            for key in keys:
                self.presses.append(key)
                await press(pilot, key)
            await pilot.pause(0.01)


def done_with(app: TrufApp) -> Any:
    """A test of whether the screen on top has taken the key pressed now: it closed, or,
    a table, it has sent its move (or shown the next position already)."""
    screen = app.screen
    state = getattr(screen, "state", None)
    return lambda: (app.screen is not screen or getattr(screen, "state", None) is not state
                    or (isinstance(screen, NetPlay) and not screen.my_move()))


async def press(pilot: Pilot[Any], key: str, seconds: float = 30) -> None:
    """Press ``key``, then wait until the screen has taken it (the move on its way, the
    box closed): the next decision is read from what comes of it."""
    taken = done_with(pilot.app)
    await pilot.press(key)
    await until(pilot, taken, f"the key {key!r} taken", seconds)


async def summary(app: PeerApp, player: Player, seconds: float = 30) -> dict[str, Any]:
    """What this side saw and kept: per game of its history (the host's seat first) the
    final score, the moves' kinds and the deals; the "deal verified" toasts shown; the
    tables' alarms."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while True:  # the last game is kept by a worker thread: it comes a moment later
        with History(app.folder) as history:
            rows = history.games()
        if rows or loop.time() > end:
            break
        await asyncio.sleep(0.05)
    games = []
    for row in sorted(rows, key=lambda r: r.id):
        record = row.record()
        final = record.verify()  # every deal from its seeds (DealError otherwise)
        games.append({
            "id": row.uid, "game": row.game, "seat": row.human_seat, "result": row.result,
            "scores": list(final.scores()), "deals": len(record.deals),
            "kinds": sorted({m.split()[0] for m in record.moves}),
            "moves": len(record.moves)})
    verified = tr("net.verified")
    return {"games": games, "verified": sum(1 for m in app.shown if m == verified),
            "names": sorted({t.who(0) + " - " + t.who(1) for t in player.tables}),
            "alarms": [t.alarm for t in player.tables if t.alarm is not None],
            "kept": sorted(p.name for p in (app.folder / "net").glob("*.json")),
            "presses": len(player.presses)}


async def guest(folder: Path, seed: int, seconds: float) -> dict[str, Any]:
    """The guest's side: the app, the code from standard input, the match, the summary."""
    parent = os.getppid()
    app = PeerApp(folder)
    player = Player(seed)

    def parent_alive() -> None:  # the test's process gone: stop rather than linger
        if os.getppid() != parent:
            raise SystemExit("the host's process is gone")

    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")
        line = await asyncio.wait_for(asyncio.to_thread(sys.stdin.readline), seconds)
        code = line.strip()
        if not code:
            raise SystemExit("no invite code on standard input")
        await join(pilot, code)
        await player.play(pilot, seconds, parent_alive)
    return await summary(app, player)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.ui.app_peer")
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=240.0)
    args = parser.parse_args(argv)
    started = time.monotonic()
    out = asyncio.run(guest(args.data_dir, args.seed, args.seconds))
    out["seconds"] = round(time.monotonic() - started, 2)
    print("summary " + json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
