"""Shared helpers of the table tests: an app with instant pace and small bot budgets,
waiting for the computer, scripted opponents, prepared positions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.pilot import Pilot
from textual.worker import WorkerCancelled

from truf_tui.ai import BotOptions
from truf_tui.cards import PACKS
from truf_tui.engine import truc, trufludo
from truf_tui.play.config import GameConfig
from truf_tui.ui.app import TrufApp
from truf_tui.ui.screens.table_base import TableScreen
from truf_tui.ui.settings import Settings

SIZE = (100, 32)
BOT_OPTIONS: BotOptions = {"iterations": 20}


def make_app(pace: str = "instant", lang: str = "en", card_style: str = "symbols") -> TrufApp:
    return TrufApp(settings=Settings(pace=pace, lang=lang, card_style=card_style),
                   bot_options=BOT_OPTIONS.copy())


async def settle(pilot: Pilot[Any], rounds: int = 4) -> None:
    """Let the computer's worker finish and the screen catch up."""
    for _ in range(rounds):
        try:
            await pilot.app.workers.wait_for_complete()
        except WorkerCancelled:
            pass  # a computer's move overtaken by a new position
        await pilot.pause()


def table_of(app: Any) -> TableScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError("no table on the screen stack")


async def start(pilot: Pilot[Any], game: str, *, seed: int = 7, tier: str = "medium",
                dealer: int | None = None, rules: dict[str, Any] | None = None,
                bot: Any = None) -> TableScreen:
    """Start a game through the app; ``bot`` replaces the computer from its first move."""
    import truf_tui.ai

    real = truf_tui.ai.make_bot
    if bot is not None:
        truf_tui.ai.make_bot = lambda *a, **k: bot  # type: ignore[assignment]
    try:
        pilot.app.start_game(GameConfig(game=game, tier=tier, seed=seed, dealer=dealer,
                                        rules=rules or {}))
        await settle(pilot)
    finally:
        truf_tui.ai.make_bot = real
    return table_of(pilot.app)


class ScriptBot:
    """A computer that plays the first of ``prefer`` (action texts or kinds) that is legal,
    else its first legal action."""

    def __init__(self, *prefer: str) -> None:
        self.prefer = prefer
        self.game = "truc"
        self.tier = "script"

    def choose(self, observation: dict[str, Any]) -> Any:
        engine = truc if observation["game"] == "truc" else trufludo
        state = _state_of(engine, observation)
        legal = state.legal_actions()
        for want in self.prefer:
            for a in legal:
                if str(a) == want or getattr(a, "kind", None) == want:
                    return a
        return legal[0]


def _state_of(engine: Any, observation: dict[str, Any]) -> Any:
    import random

    return engine.determinizer(observation)(random.Random(0))


def trufludo_state(hands: Sequence[Sequence[str]], table: Sequence[str], to_move: int = 0,
                   stock: int = 0, dealer: int = 1,
                   rules: trufludo.Rules | None = None) -> trufludo.State:
    """A Trufludo position: the given hands and table; the remaining cards go to the stock
    (``stock`` of them) and to the two piles."""
    rules = rules or trufludo.Rules()
    used = {c for h in hands for c in h} | set(table)
    rest = [str(c) for c in PACKS[rules.deck] if str(c) not in used]
    stock_cards, rest = rest[:stock], rest[stock:]
    half = len(rest) // 2
    d = {
        "game": "trufludo", "rules": rules.to_dict(), "dealer": dealer, "to_move": to_move,
        "hands": [list(hands[0]), list(hands[1])], "stock": stock_cards, "table": list(table),
        "piles": [rest[:half], rest[half:]], "trufegoj": [[], []], "last_capturer": None,
        "history": [], "seed": 1,
    }
    return trufludo.State.from_dict(d)


def assert_buttons_in_view(screen: Any, size: tuple[int, int], lang: str) -> None:
    """A results screen's two buttons are whole, inside its box above the box's bottom
    padding and border, and on the screen (the review scrolls in what they leave)."""
    from textual.widgets import Button

    box = screen.query_one(".summary-box").region
    buttons = list(screen.query(Button).results(Button))
    assert len(buttons) == 2
    for button in buttons:
        r = button.region
        assert r.height == 3 and r.y >= box.y and r.bottom <= box.bottom - 2, \
            (lang, button.id, r, box)
        assert r.bottom <= size[1]


def hold_reconnect(monkeypatch: Any) -> Any:
    """A seat whose line drops stays away until the test sets the event returned (its
    ``NetClient.reconnect`` waits for it, then reconnects as it would)."""
    import asyncio

    from truf_tui.net import client as net_client

    real_reconnect = net_client.NetClient.reconnect
    back = asyncio.Event()

    async def later(self: Any, timeout: float = 10.0) -> None:
        await back.wait()
        await real_reconnect(self, timeout=timeout)

    monkeypatch.setattr(net_client.NetClient, "reconnect", later)
    return back
