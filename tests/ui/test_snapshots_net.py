"""Snapshots of playing a friend (issue 39): the host's screen with its invite code, the join
screen saying why a code is wrong, the table waiting for a friend who is reconnecting, and
"deal verified".  No network: the code is a fixed example and the table's session a stand-in
fed the host's messages by hand, so each picture is the same every time."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from truf_tui.engine import truc
from truf_tui.net.client import DealVerified, OpponentAway, Turn
from truf_tui.play.config import GameConfig
from truf_tui.ui.screens.friend import FriendScreen
from truf_tui.ui.screens.net_table import WaitingForFriend, net_table

from .tables_support import make_app

SIZE = (100, 32)
CODE = "truf1-AQEjRWeJq83vASNFZ4mrze_urb7vAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAG1gxMjcuMC4wLjE"


class StandIn:
    """What a networked table asks of its session, with nothing on the line."""

    def __init__(self, observation: dict[str, Any]) -> None:
        self.seat = 1
        self.config = GameConfig(game="truc", opponent="human")
        self.queue: asyncio.Queue[Any] = asyncio.Queue()
        self.over = False
        self.result = None
        self.host = None
        self.in_browser = False

        class Client:
            received: list[Any] = []

        self.client = Client()

    def names(self) -> tuple[str, str]:
        return ("Ana", "Bo")

    def other_name(self) -> str:
        return "Ana"

    async def play(self, action: str) -> None:
        pass

    can_chat = True
    said: list[tuple[str | None, str | None]] = []

    async def chat(self, phrase: str | None = None, text: str | None = None) -> bool:
        self.said.append((phrase, text))
        return True

    async def close(self, stopping: bool = False, keep: bool = False) -> None:
        pass


async def guest_table(pilot: Pilot[Any]) -> Any:
    state = truc.new_game(seed=11, dealer=0)
    obs = dict(state.observation(1))
    table = net_table(StandIn(obs), Turn(0, 0, None, obs, []))  # type: ignore[arg-type]
    await pilot.app.push_screen(table)
    await pilot.pause()
    return table


def test_host_shows_the_code(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        screen = FriendScreen(GameConfig(game="truc", best_of=3), name="Ana")
        await pilot.app.push_screen(screen)
        await pilot.pause()
        screen.code, screen.state = CODE, "hosting"
        screen.set_focus(None)
        screen.say("net.waiting.friend")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_join_says_why_a_code_is_wrong(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        screen = FriendScreen(GameConfig(game="trufludo"))
        await pilot.app.push_screen(screen)
        await pilot.pause()
        screen.query_one("#code", Input).value = "truf1-AQEjRWeJq83v"
        await pilot.press("j", "enter")  # to the code box (the screen opens on Host)
        await pilot.pause(0.2)

    assert snap_compare(make_app(lang="eo"), terminal_size=SIZE, run_before=run_before)


def test_waiting_for_a_friend_reconnecting(snap_compare: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The countdown of the rejoin window from a still clock: the same picture every time.
    monkeypatch.setattr(WaitingForFriend, "clock", staticmethod(lambda: 1000.0))

    async def run_before(pilot: Pilot[Any]) -> None:
        table = await guest_table(pilot)
        table.on_net_event(OpponentAway("Ana", 300))
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_deal_verified(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        table = await guest_table(pilot)
        table.on_net_event(DealVerified(0, 0))
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


async def test_the_thinking_sign_fits_the_name_box() -> None:
    """"Gasto is thinking…" is wider than the name box at 100x32: one line, an ellipsis."""
    from truf_tui.ui.i18n import tr
    from truf_tui.ui.widgets.table import Thinking

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        table = await guest_table(pilot)
        thinking = table.query_one(Thinking)
        thinking.start(tr("net.thinking", name="Gasto"))
        await pilot.pause()
        width = thinking.content_region.width
        assert width < len("⠋ Gasto is thinking…")
        line = thinking.render_line(0).text.rstrip()
        assert line.endswith("…")
        assert "Gasto" in line and len(line) <= thinking.size.width
        thinking.stop()


async def test_a_networked_table_does_not_offer_hints() -> None:
    """No hints against a person: the key bar leaves h out (h still says why)."""
    from truf_tui.ui.keybar import KeyHint

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        table = await guest_table(pilot)
        shown = {hint.action for hint in table.query("#keys KeyHint").results(KeyHint)
                 if hint.display}
        assert "screen.hint" not in shown and "screen.toggle_log" in shown


def test_chat_at_80x24(snap_compare: Any) -> None:
    """The table with the friend's quick phrase (in the reader's language), a text drawn as
    it was typed (brackets and all, no markup), this player's own line, and the chat line
    open with the quick phrases: the cards and the status line stay in view."""
    from truf_tui.net.client import ChatReceived
    from truf_tui.ui.widgets.chat import ChatInput

    async def run_before(pilot: Pilot[Any]) -> None:
        table = await guest_table(pilot)
        table.on_net_event(ChatReceived(0, "Ana", "nice_bluff", None))
        await pilot.press("t", "1")  # Good luck!
        table.on_net_event(ChatReceived(0, "Ana", None, "[b]not bold[/b] :)"))
        await pilot.press("t")
        table.query_one(ChatInput).cursor_blink = False
        await pilot.press("g", "g")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)


def test_waiting_for_a_friend_reconnecting_eo_80x24(snap_compare: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The countdown of the rejoin window from a still clock: the same picture every time.
    monkeypatch.setattr(WaitingForFriend, "clock", staticmethod(lambda: 1000.0))

    async def run_before(pilot: Pilot[Any]) -> None:
        table = await guest_table(pilot)
        table.on_net_event(OpponentAway("Ana", 300))
        await pilot.pause()

    assert snap_compare(make_app(lang="eo"), terminal_size=(80, 24), run_before=run_before)


async def test_the_name_boxes_say_reconnecting_on_one_line() -> None:
    """The note under a name while a player is away (the friend, or this table) fits the
    name box, never wrapping, at 80x24 and 100x32 in both languages."""
    from truf_tui.ui.widgets.table import SeatName

    for lang in ("en", "eo"):
        for size in ((80, 24), (100, 32)):
            app = make_app(lang=lang)
            async with app.run_test(size=size) as pilot:
                table = await guest_table(pilot)
                table.on_net_event(OpponentAway("Ana", 300))
                table._reconnecting = True  # this table's own line dropped too
                table.refresh_view()
                await pilot.pause()
                for box_id in ("#opp-name", "#my-name"):
                    box = table.query_one(box_id, SeatName)
                    lines = box.text.split("\n")
                    assert len(lines) >= 2, (lang, size, box_id, lines)
                    assert box.size.height == len(lines), (lang, size, box_id, lines)
