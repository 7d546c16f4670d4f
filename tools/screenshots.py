"""``python -m tools.screenshots DIR``: SVG pictures of every screen, for the README.

Each picture is one small ``async`` function that brings a fresh app (seeded, computer at
instant pace, small search budgets) to the screen to show; the runner then saves it as
``DIR/<name>.svg``.  To add a picture, write a function and list it in ``SHOTS``.  A shot
that fails is reported and the others are still taken; the exit status says if any failed.

A screen that shows stored data (statistics, saved games, "Continue") gets a fresh temporary
data folder, filled by the shot's ``data`` function with made-up games: never the user's.
Times are shown in UTC, so the pictures are the same everywhere.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from truf_tui.ai import BotOptions
from truf_tui.play.config import GameConfig
from truf_tui.ui.app import TrufApp
from truf_tui.ui.settings import Settings

SIZE = (100, 32)
BOT_OPTIONS: BotOptions = {"iterations": 60}
Prepare = Callable[[Pilot[Any]], Awaitable[None]]


Fill = Callable[[Path], None]


def make_app(lang: str = "en", pace: str = "instant", data_dir: Path | None = None,
             web: bool = False) -> TrufApp:
    """``web``: the browser-tab choice on the Host screen, as the command line gives it."""
    from truf_tui.cli import web_guest_maker

    return TrufApp(settings=Settings(lang=lang, pace=pace), bot_options=BOT_OPTIONS.copy(),
                   data_dir=data_dir, web_guest=web_guest_maker(log_stream=None) if web else None)


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


def truf_app(pilot: Pilot[Any]) -> TrufApp:
    app = pilot.app
    assert isinstance(app, TrufApp)
    return app


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


async def shot_graded_review(pilot: Pilot[Any]) -> None:
    """A Trufludo game whose player played the first legal move every time (the deal's
    first card, or the first capture), its last moves by keys: the results grade them."""
    t = await start(pilot, "trufludo", seed=5, dealer=1)
    s = t.state
    while len(s.stock) or sum(map(len, s.hands)) > 4 or s.to_move != 0:
        s = s.apply(s.legal_actions()[0])
    t.load_state(s)
    await settle(pilot)
    for _ in range(20):
        if type(pilot.app.screen).__name__ == "GradedTrufludoResults":
            break
        await pilot.press("1")
        await settle(pilot)
    await wait_for(pilot, lambda: getattr(pilot.app.screen, "graded", None) is not None)
    await settle(pilot)


async def shot_drill_spot(pilot: Pilot[Any]) -> None:
    """b on the start screen, 2 (facing a raise): the trainer's first spot of a seeded
    session, to decide."""
    truf_app(pilot).drill_seed = 7
    await pilot.press("b")
    await pilot.pause()
    await pilot.press("2")
    await wait_for(pilot, lambda: getattr(pilot.app.screen, "phase", None) == "decide")
    await settle(pilot)


async def shot_drill_result(pilot: Pilot[Any]) -> None:
    """The same spot decided (1, accept): the grade, every choice's value, the solved
    frequencies with this hand and the range picture."""
    await shot_drill_spot(pilot)
    await pilot.press("1")
    await wait_for(pilot, lambda: getattr(pilot.app.screen, "analysis", None) is not None)
    await settle(pilot)


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


# -- the coach: guided games, practice mode, hints ------------------------------------------
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
    """The guided first game of ``game``, played with the keys up to step ``until``."""
    from truf_tui.play.config import HUMAN

    truf_app(pilot).action_guided(game)
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


# -- stored data: statistics, replays, named saves ------------------------------------------
SESSION = "2030-01-01T00:00:00+00:00"  # "this session": the games finished after this


def bot_game(game: str, seed: int, tiers: tuple[str, str] = ("medium", "hard"),
             rules: dict[str, Any] | None = None) -> list[Any]:
    """Every position of a game the computer plays against itself (seeded): a made-up game
    for the history or a save."""
    from truf_tui.ai import make_bot
    from truf_tui.engine import truc, trufludo

    s: Any
    if game == "truc":
        s = truc.new_game(truc.Rules(**(rules or {})), seed=seed, dealer=1)
    else:
        s = trufludo.new_game(trufludo.Rules(**(rules or {})), seed=seed, dealer=1)
    bots = [make_bot(game, tier, seed=seed + i, iterations=30) for i, tier in enumerate(tiers)]
    states = [s]
    while not s.is_terminal():
        p = s.current_player
        s = s.apply(bots[p].choose(s.observation(p)))
        states.append(s)
    return states


def record_of(state: Any, n: int, tier: str | None, started_at: str) -> Any:
    from truf_tui.engine.record import GameRecord
    from truf_tui.store.saves import game_meta

    return GameRecord.from_state(state, **game_meta(tier=tier, game_id=f"screenshot-{n}",
                                                    started_at=started_at))


def bluff_match(you: Sequence[str], cpu: Sequence[str], moves: Sequence[str]) -> Any:
    """A one-round Le Truc match (a refused rest loses it, T8) dealt ``you`` and ``cpu``:
    the bluffs and honest raises the statistics count."""
    from truf_tui.cards import TRUC_32
    from truf_tui.engine import truc

    top = [you[0], cpu[0], you[1], cpu[1], you[2], cpu[2]]
    deck = top + [str(c) for c in TRUC_32 if str(c) not in top]
    s = truc.new_game(truc.Rules(rest_refusal="game"), deck=deck, dealer=1, seed=1)
    for m in moves:
        s = s.apply(m)
    return s


WEAK, STRONG, GOOD = ("9S", "10S", "JS"), ("7H", "8H", "AH"), ("7H", "7S", "8H")
BLUFFS = [  # (your cards, the computer's, the moves)
    (WEAK, STRONG, ["rest", "refuse"]),  # your bluff works
    (WEAK, STRONG, ["rest", "accept", "play JS", "play 7H", "play 8H", "play 9S"]),  # called
    (GOOD, WEAK, ["play 8H", "rest", "refuse"]),  # the computer's bluff, and you give in
    (GOOD, WEAK, ["rest", "refuse"]),  # an honest raise
]


def fill_history(folder: Path) -> None:
    """A history of made-up games: Trufludo and Le Truc against each tier, the bluff rounds
    above, and (the newest, for the replay) a Le Truc match to 6 points."""
    from truf_tui.store import History

    games: list[tuple[Any, str | None]] = [
        (bot_game("trufludo", 3)[-1], "easy"),
        (bot_game("trufludo", 4, ("hard", "medium"))[-1], "medium"),
        (bot_game("trufludo", 5)[-1], "hard"),
        (bot_game("trufludo", 6, ("hard", "medium"))[-1], "expert"),
    ]
    games += [(bluff_match(*case), tier)
              for case, tier in zip(BLUFFS, ("expert", "medium", "expert", "easy"), strict=True)]
    games.append((bot_game("truc", 7, rules={"target": 6})[-1], "hard"))
    with History(folder) as history:
        for n, (state, tier) in enumerate(games):
            day = "2029-12-30" if n in (0, 4) else "2030-01-02"  # two before this session
            at = f"{day}T{10 + n:02d}:{7 * n % 60:02d}:00+00:00"
            history.add_game(record_of(state, n, tier, at), finished_at=at)


async def _stats(pilot: Pilot[Any]) -> Any:
    from truf_tui.ui.screens.stats import StatsScreen

    truf_app(pilot).session_started = SESSION
    await pilot.press("s")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, StatsScreen))
    await pilot.pause(0.2)  # it opens at the top, the page focused (Tab: the games)
    return pilot.app.screen


async def shot_stats(pilot: Pilot[Any]) -> None:
    """The statistics: won / drawn / lost per game and opponent."""
    screen = await _stats(pilot)
    screen.query_one("#stats-body").scroll_home(animate=False)
    await pilot.pause(0.2)


async def shot_stats_bluffs(pilot: Pilot[Any]) -> None:
    """The statistics' Le Truc bluffs, this session and all time, and the betting by hand
    strength next to the solved player's."""
    screen = await _stats(pilot)
    screen.query_one("#stats-bluffs-head").scroll_visible(top=True, animate=False)
    await pilot.pause(0.2)


async def shot_replay(pilot: Pilot[Any]) -> None:
    """The newest game of the statistics' list, replayed: the last round's second trick,
    both hands face up, with the round's bets and bluffs."""
    from truf_tui.ui.screens.replay import ReplayScreen

    await _stats(pilot)
    await pilot.press("tab", "enter")  # the list of games, its newest
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen))
    await pilot.pause()
    await pilot.press(*["left"] * 6)  # from the end (move 20) back to move 14
    await pilot.pause(0.2)


def fill_saves(folder: Path) -> None:
    """Three games saved under a name, on fixed days."""
    from truf_tui.store import SaveStore

    store = SaveStore(folder)
    truc_match = bot_game("truc", 8)  # 69 positions, won 12-9
    trufludo_game = bot_game("trufludo", 13)
    saves = [
        ("Trufludo, lesson 2", trufludo_game[14], "easy"),
        ("Sunday's match", truc_match[20], "expert"),
        ("Truc, 5 to 9", truc_match[45], "hard"),
    ]
    for n, (name, state, tier) in enumerate(saves):
        store.save_named(name, record_of(state, n, tier, "2030-01-01T10:00:00+00:00"))
        stamp = 1_893_456_000 + 86_400 * n + 3_600 * (n + 9)  # January 2030, newest last
        os.utime(folder / "saves" / f"{name}.json", (stamp, stamp))


async def shot_saved_games(pilot: Pilot[Any]) -> None:
    """The saved games (o on the start screen): load with Enter, delete with d."""
    from truf_tui.ui.screens.saves import SavedGamesScreen

    truf_app(pilot).action_saved_games()
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, SavedGamesScreen))
    await pilot.pause(0.2)


def fill_autosave(folder: Path) -> None:
    """A Le Truc match left in the middle: the start screen offers to continue it."""
    from truf_tui.store import SaveStore

    states = bot_game("truc", 8)
    state = [s for s in states[:40] if s.current_player == 0][-1]
    SaveStore(folder).save_current(record_of(state, 0, "hard", "2030-01-01T10:00:00+00:00"))


async def shot_start_continue(pilot: Pilot[Any]) -> None:
    await pilot.pause(0.2)


async def shot_replace_saved(pilot: Pilot[Any]) -> None:
    """p on the start screen with a game to continue: lose it, save it first, or go back."""
    from truf_tui.ui.screens.dialogs import ConfirmReplaceSave

    await pilot.press("p")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ConfirmReplaceSave))


async def shot_game_menu(pilot: Pilot[Any]) -> None:
    """Esc on a table: back to the game, save as…, saved games, leave."""
    from truf_tui.ui.screens.saves import GameMenu

    t = await start(pilot, "truc", seed=21, dealer=1)
    await pilot.press("1")
    await settle(pilot)
    await wait_for(pilot, lambda: t.state.current_player == 0)
    await pilot.press("escape")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, GameMenu))


# -- the tournament (F12) ---------------------------------------------------------------------
async def shot_tournament_setup(pilot: Pilot[Any]) -> None:
    """t on the start screen: four players, one of them a friend at the same keyboard."""
    await pilot.press("t")
    await pilot.pause()
    await pilot.click("#kind-p3-4")  # player 3: a friend, with a name field
    await pilot.pause()
    pilot.app.screen.query_one("#name-p3", Input).value = "Ada"
    await pilot.pause()


async def shot_tournament_bracket(pilot: Pilot[Any]) -> None:
    """The bracket after both semi-finals (best of three): the final is next."""
    from truf_tui.play.matches import Entrant, TournamentRun

    app = pilot.app
    assert isinstance(app, TrufApp)
    players = [Entrant("p1", "you"), Entrant("p2", "friend", name="Ada"),
               Entrant("p3", "computer", "medium"), Entrant("p4", "computer", "hard")]
    run = TournamentRun.new("trufludo", {}, players, best_of=3, seed=1)
    for result in (0, 1, 0, None, 1, 1):  # you beat Ada 2-1; a draw, then hard wins 2-0
        run = run.record(result)
    app.tournament = run
    await pilot.press("t")
    await pilot.pause(0.2)


# -- two players at one keyboard (hot-seat) --------------------------------------------------
async def _hotseat(pilot: Pilot[Any], game: str, **config: Any) -> Any:
    """A hot-seat game, the players named Ana and Ben at the first pass."""
    from textual.widgets import Input

    app = pilot.app
    assert isinstance(app, TrufApp)
    app.start_game(GameConfig(game=game, opponent="human", **config))
    await settle(pilot)
    await wait_for(pilot, lambda: type(app.screen).__name__ == "PassScreen")
    for p, name in enumerate(("Ana", "Ben")):
        app.screen.query_one(f"#pass-name-{p}", Input).value = name
    await pilot.pause()
    await pilot.press("enter")
    await settle(pilot)
    return table(pilot)


async def shot_hotseat_pass(pilot: Pilot[Any]) -> None:
    """Ana has moved: the table is covered until Ben takes the keyboard."""
    await _hotseat(pilot, "trufludo", seed=11, dealer=1)
    await pilot.press("1")
    await settle(pilot)
    await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "PassScreen")


async def shot_hotseat_table(pilot: Pilot[Any]) -> None:
    """Le Truc, hot-seat: Ben asked "2 pli?" before the first card; Ana is to answer."""
    await _hotseat(pilot, "truc", seed=11, dealer=0)
    await pilot.press("r")
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


# -- the help's worked examples --------------------------------------------------------------
async def shot_example(pilot: Pilot[Any]) -> None:
    """From the help's raise rule (T7), its worked example, two moves in."""
    from truf_tui.ui.screens.example import ExampleScreen
    from truf_tui.ui.screens.help import HelpScreen

    await _help(pilot)
    help_screen = pilot.app.screen
    assert isinstance(help_screen, HelpScreen)
    await wait_for(pilot, lambda: bool(help_screen._loaded_lang))
    help_screen.go_to_section(next(i for i, s in enumerate(help_screen.sections)
                                   if "2 pli?" in s.title))
    await pilot.pause()
    await pilot.press("tab")  # the first link under the rule: its worked example
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ExampleScreen))
    await pilot.press("right", "right")
    await pilot.pause(0.2)


# (file name, how to get there, app options; "data": fills a temporary data folder)
# -- playing a friend (issue 39) -----------------------------------------------------------
async def shot_net_host(pilot: Pilot[Any]) -> None:
    """Hosting for real, on this computer only: the invite code, waiting for the friend."""
    from truf_tui.ui.screens.friend import FriendScreen

    FriendScreen.BIND = "127.0.0.1"
    screen = FriendScreen(GameConfig(game="truc", best_of=3), name="Ana")
    await pilot.app.push_screen(screen)
    await pilot.pause()
    screen.host()
    await wait_for(pilot, lambda: screen.code is not None)


async def shot_net_host_web(pilot: Pilot[Any]) -> None:
    """Hosting for a friend with only a browser: the code and the link (l copies it)."""
    from textual.widgets import Checkbox

    from truf_tui.ui.screens.friend import FriendScreen

    FriendScreen.BIND = "127.0.0.1"
    screen = FriendScreen(GameConfig(game="trufludo"), name="Ana")
    await pilot.app.push_screen(screen)
    await pilot.pause()
    screen.query_one("#web", Checkbox).value = True
    screen.host()
    await wait_for(pilot, lambda: screen.link is not None)


async def shot_net_join(pilot: Pilot[Any]) -> None:
    from truf_tui.ui.screens.friend import FriendScreen

    screen = FriendScreen(GameConfig(game="trufludo"), name="Bo")
    await pilot.app.push_screen(screen)
    await pilot.pause()
    screen.query_one("#code", Input).value = "truf1-AQEjRWeJq83v"
    await pilot.press("enter")
    await pilot.pause(0.2)


class _StandIn:
    """A networked table's session with nothing on the line (the pictures stay the same)."""

    def __init__(self) -> None:
        self.seat = 1
        self.config = GameConfig(game="truc", opponent="human")
        self.queue: asyncio.Queue[Any] = asyncio.Queue()
        self.over = False
        self.result = None
        self.host = None
        self.in_browser = False
        self.client = argparse.Namespace(received=[])

    def names(self) -> tuple[str, str]:
        return ("Ana", "Bo")

    def other_name(self) -> str:
        return "Ana"

    async def play(self, action: str) -> None:
        pass

    can_chat = True

    async def chat(self, phrase: str | None = None, text: str | None = None) -> bool:
        return True

    def friend_away(self) -> bool:
        return False

    async def close(self, stopping: bool = False, keep: bool = False) -> None:
        pass


async def _net_table(pilot: Pilot[Any]) -> Any:
    from truf_tui.engine import truc
    from truf_tui.net.client import Turn
    from truf_tui.ui.screens.net_table import net_table

    observation = dict(truc.new_game(seed=11, dealer=0).observation(1))
    screen = net_table(_StandIn(), Turn(0, 0, None, observation, []))  # type: ignore[arg-type]
    await pilot.app.push_screen(screen)
    await pilot.pause()
    return screen


async def shot_net_waiting(pilot: Pilot[Any]) -> None:
    from truf_tui.net.client import OpponentAway

    (await _net_table(pilot)).on_net_event(OpponentAway("Ana", 300))


async def shot_net_verified(pilot: Pilot[Any]) -> None:
    from truf_tui.net.client import DealVerified

    (await _net_table(pilot)).on_net_event(DealVerified(0, 0))


async def shot_net_chat(pilot: Pilot[Any]) -> None:
    """The chat at the table: the friend's quick phrase (in this reader's language) and
    text, this player's own line, and the chat line open with the quick phrases."""
    from truf_tui.net.client import ChatReceived
    from truf_tui.ui.widgets.chat import ChatInput

    table = await _net_table(pilot)
    table.on_net_event(ChatReceived(0, "Ana", "good_luck", None))
    await pilot.press("t", "6")  # Thanks!
    table.on_net_event(ChatReceived(0, "Ana", None, "one more after this one?"))
    await pilot.press("t")
    table.query_one(ChatInput).cursor_blink = False
    for key in "sure":
        await pilot.press(key)


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
    ("trufludo-graded-review", shot_graded_review, {}),
    ("drill-spot", shot_drill_spot, {}),
    ("drill-result", shot_drill_result, {}),
    ("hint-trufludo", shot_hint_trufludo, {}),
    ("hint-truc", shot_hint_truc, {}),
    ("truc-practice-review", shot_truc_practice_review, {}),
    ("guided-trufludo", shot_guided_trufludo, {}),
    ("guided-truc", shot_guided_truc, {"lang": "eo"}),
    ("stats", shot_stats, {"data": fill_history}),
    ("stats-bluffs", shot_stats_bluffs, {"data": fill_history}),
    ("replay", shot_replay, {"data": fill_history}),
    ("saved-games", shot_saved_games, {"data": fill_saves}),
    ("start-continue", shot_start_continue, {"data": fill_autosave}),
    ("replace-saved", shot_replace_saved, {"data": fill_autosave}),
    ("game-menu", shot_game_menu, {"data": lambda folder: None}),
    ("tournament-setup", shot_tournament_setup, {}),
    ("tournament-bracket", shot_tournament_bracket, {}),
    ("hotseat-pass", shot_hotseat_pass, {}),
    ("hotseat-table", shot_hotseat_table, {}),
    ("example", shot_example, {}),
    ("net-host", shot_net_host, {}),
    ("net-host-web", shot_net_host_web, {"web": True}),
    ("net-join", shot_net_join, {}),
    ("net-waiting", shot_net_waiting, {}),
    ("net-verified", shot_net_verified, {}),
    ("net-chat", shot_net_chat, {}),
]


async def take(name: str, prepare: Prepare, options: dict[str, Any], out: Path) -> Path:
    options = dict(options)
    fill: Fill | None = options.pop("data", None)
    with tempfile.TemporaryDirectory(prefix="truf-tui-shot-") as folder:
        data_dir = None
        if fill is not None:  # made-up data in a folder of its own, never the user's
            data_dir = Path(folder)
            fill(data_dir)
        app = make_app(data_dir=data_dir, **options)
        # notifications drawn, as in the app (run_test leaves them out unless asked)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await pilot.pause()
            await prepare(pilot)
            await pilot.pause()
            return Path(app.save_screenshot(f"{name}.svg", path=str(out)))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.screenshots",
                                     description="Write SVG screenshots of every screen.")
    parser.add_argument("directory", type=Path, help="where to write the .svg files")
    parser.add_argument("--only", nargs="*", metavar="NAME",
                        help=f"only these shots ({', '.join(n for n, _, _ in SHOTS)})")
    args = parser.parse_args(argv)
    args.directory.mkdir(parents=True, exist_ok=True)
    os.environ["TZ"] = "UTC"  # the lists show local times: the same in every picture
    if hasattr(time, "tzset"):
        time.tzset()
    failed = []
    for name, prepare, options in SHOTS:
        if args.only and name not in args.only:
            continue
        try:
            path = asyncio.run(take(name, prepare, options, args.directory))
        except Exception:  # one broken shot must not stop the others: its traceback is
            failed.append(name)  # printed below, and the run fails at the end
            print(f"FAILED {name}:", file=sys.stderr)
            traceback.print_exc()
        else:
            print(f"wrote {path}")
    if failed:
        print(f"{len(failed)} screenshot(s) failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
