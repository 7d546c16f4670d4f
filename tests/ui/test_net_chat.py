"""Chat at a table played against a friend (issue 39 item 6): ``t`` opens the chat line and
the quick phrases (digits), a phrase comes in the reader's language, text is never read as
markup, ``s`` mutes the friend, a dropped line is said, an older host has no chat; and
end to end, an app hosting from the start screen and a guest's table chat both ways."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tests.ui.tables_support import make_app
from tests.ui.test_snapshots_net import StandIn
from truf_tui.engine import truc, trufludo
from truf_tui.net.client import ChatReceived, ChatUndelivered, NetClient, Turn
from truf_tui.play.config import GameConfig
from truf_tui.ui.i18n import set_language
from truf_tui.ui.screens.net_table import NetPlay, net_table
from truf_tui.ui.widgets.chat import ChatInput, ChatPanel

SIZE = (80, 24)


async def table_at(pilot: Pilot[Any], game: str = "truc") -> NetPlay:
    """The guest's table (seat 1) of a fresh deal, its session a stand-in."""
    state = (truc.new_game(seed=11, dealer=0) if game == "truc"
             else trufludo.new_game(seed=11, dealer=0))
    obs = dict(state.observation(1))
    session = StandIn(obs)
    session.config = GameConfig(game=game, opponent="human")
    session.said = []
    table = net_table(session, Turn(0, 0, None, obs, []))  # type: ignore[arg-type]
    await pilot.app.push_screen(table)
    await pilot.pause()
    return table


def log_text(table: NetPlay) -> str:
    return str(table.query_one("#chat-lines", Static).render())


def said(table: NetPlay) -> list[tuple[str | None, str | None]]:
    return table.net.said  # type: ignore[attr-defined, no-any-return]


async def test_the_panel_is_hidden_until_used_and_t_is_in_the_key_bar() -> None:
    from truf_tui.ui.keybar import KeyHint

    async with make_app().run_test(size=SIZE) as pilot:
        table = await table_at(pilot)
        assert not table.query_one(ChatPanel).display  # the table looks as it did
        bar = [h.action for h in table.query("#keys KeyHint").results(KeyHint) if h.display]
        assert bar.index("screen.chat") == bar.index("screen.menu") - 1


@pytest.mark.parametrize("lang, words", [("eo", "Bone ludite!"), ("en", "Well played!")])
async def test_a_phrase_comes_in_the_readers_language(lang: str, words: str) -> None:
    async with make_app(lang=lang).run_test(size=SIZE) as pilot:
        table = await table_at(pilot)
        table.on_net_event(ChatReceived(0, "", "well_played", None))
        await pilot.pause()
        assert table.query_one(ChatPanel).display
        assert log_text(table) == f"Ana: {words}"  # the name: the session's, not the wire's
        other = "en" if lang == "eo" else "eo"
        pilot.app.settings.lang = other
        set_language(other)
        table.on_settings_changed(None)  # type: ignore[arg-type]
        await pilot.pause()
        assert words not in log_text(table)  # drawn again in the other language


async def test_text_from_the_friend_is_never_read_as_markup() -> None:
    async with make_app().run_test(size=SIZE) as pilot:
        table = await table_at(pilot)
        nasty = "[b]bold[/b] [@click=app.quit]quit[/] [$error]red"
        table.on_net_event(ChatReceived(0, "Ana", None, nasty))
        await pilot.pause()
        rendered = table.query_one("#chat-lines", Static).render()
        assert str(rendered) == f"Ana: {nasty}"  # every bracket drawn as a bracket
        words = str(rendered).index("[b]")
        styled = [s for s in rendered.spans if s.end > words]  # type: ignore[attr-defined]
        assert not styled  # no style reaches the friend's words
        assert pilot.app.is_running


async def test_t_then_a_digit_sends_a_quick_phrase_and_gives_the_keys_back() -> None:
    async with make_app().run_test(size=SIZE) as pilot:
        table = await table_at(pilot)
        await pilot.press("t")
        panel = table.query_one(ChatPanel)
        assert panel.is_open and table.query_one(ChatInput).has_focus
        assert "3 Nice bluff!" in str(table.query_one("#chat-phrases", Static).render())
        await pilot.press("3")
        await pilot.pause()
        assert said(table) == [("nice_bluff", None)]
        assert log_text(table) == "You: Nice bluff!"
        assert not panel.is_open and table.focused is None  # 1-3 play cards again


async def test_typed_text_is_sent_cleaned_and_the_tables_keys_wait() -> None:
    async with make_app().run_test(size=SIZE) as pilot:
        table = await table_at(pilot)
        await pilot.press("t", "f", "o", "l", "d", "space", "1", "[", "x", "]")
        assert table.query_one(ChatInput).value == "fold 1[x]"
        assert len(pilot.app.screen_stack) == 2  # no fold question, no card played
        await pilot.press("enter")
        await pilot.pause()
        assert said(table) == [(None, "fold 1x")]  # as the host would clean it
        assert log_text(table) == "You: fold 1x"


async def test_escape_closes_the_chat_line_without_sending_or_leaving() -> None:
    async with make_app().run_test(size=SIZE) as pilot:
        table = await table_at(pilot)
        await pilot.press("t", "h", "i", "escape")
        await pilot.pause()
        assert not table.query_one(ChatPanel).is_open and said(table) == []
        assert pilot.app.screen is table  # Esc closed the chat, not the game's menu


async def test_s_mutes_the_friend_and_again_shows_them() -> None:
    async with make_app().run_test(size=SIZE) as pilot:
        table = await table_at(pilot)
        await pilot.press("s")
        table.on_net_event(ChatReceived(0, "Ana", None, "can you see this?"))
        await pilot.pause()
        assert "can you see this?" not in log_text(table)
        assert "You muted Ana's chat: s shows it again." in log_text(table)
        await pilot.press("s")
        table.on_net_event(ChatReceived(0, "Ana", "thanks", None))
        await pilot.pause()
        assert log_text(table).splitlines()[-1] == "Ana: Thanks!"


@pytest.mark.parametrize("why, words", [
    ("too_fast", "Not sent: one line a second, please."),
    ("away", "Not sent: Ana is away."),
    ("off", "Not sent: Ana's truf-tui is older and has no chat."),
    ("newer", "Not sent (newer)."),
])
async def test_a_line_the_host_dropped_is_said(why: str, words: str) -> None:
    async with make_app().run_test(size=SIZE) as pilot:
        table = await table_at(pilot)
        table.on_net_event(ChatUndelivered(why))
        await pilot.pause()
        assert log_text(table) == words


async def test_an_older_host_has_no_chat_and_t_says_so() -> None:
    async with make_app().run_test(size=SIZE) as pilot:
        table = await table_at(pilot)
        table.net.can_chat = False  # type: ignore[misc]
        await pilot.press("t")
        assert not table.query_one(ChatPanel).is_open
        assert log_text(table) == "No chat in this game: the host's truf-tui is older."


async def test_a_box_over_the_table_closes_the_chat_line_and_a_line_is_a_notice() -> None:
    async with make_app().run_test(size=SIZE) as pilot:
        table = await table_at(pilot)
        await pilot.press("t")
        await pilot.press("f1")  # the help over the table
        await pilot.pause()
        assert not table.query_one(ChatPanel).is_open
        table.on_net_event(ChatReceived(0, "Ana", None, "[b]back soon"))
        await pilot.pause()
        notes = [n.message for n in pilot.app._notifications]
        assert "Ana: [b]back soon" in notes


@pytest.mark.parametrize("game", ["truc", "trufludo"])
@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_the_open_chat_fits_80x24_beside_the_cards(game: str, lang: str) -> None:
    """The log, the phrases and the text box all in view, and the cards of both hands and
    the status line whole: nothing is covered or pushed off."""
    async with make_app(lang=lang).run_test(size=SIZE) as pilot:
        table = await table_at(pilot, game)
        for i in range(3):
            table.on_net_event(ChatReceived(0, "Ana", None, f"line {i} " + "x" * 60))
        await pilot.press("t")
        await pilot.pause(0.2)
        screen = pilot.app.screen.region
        parts = ["#chat-log", "#chat-phrases", "#chat-input", "#status", "#my-hand",
                 "#opp-hand", "#keys"]
        regions = {p: table.query_one(p).region for p in parts}
        for part, region in regions.items():
            assert region.height > 0 and screen.contains_region(region), part
        for a in parts:
            for b in parts:
                if a < b:
                    assert not regions[a].overlaps(regions[b]), (a, b)
        assert regions["#chat-log"].height == 2  # the last two lines at this height
        assert regions["#chat-phrases"].height == 2 and regions["#chat-input"].height == 1


def crowded_table() -> trufludo.State:
    """A Trufludo game without forced capture (F5) whose table holds 12 cards: two rows."""
    s = trufludo.new_game(trufludo.Rules(forced_capture=False), seed=3, dealer=0)
    while len(s.table) < 12 or s.current_player != 1:
        legal = s.legal_actions()
        s = s.apply(next((a for a in legal if a.take is None), legal[0]))
    return s


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_the_chat_gives_way_to_a_second_row_of_table_cards(size: tuple[int, int]
                                                                 ) -> None:
    """The table's cards come first: the chat shows fewer lines (or no phrases) rather than
    cover them, and the text box is still there."""
    state = crowded_table()
    async with make_app().run_test(size=size) as pilot:
        obs = dict(state.observation(1))
        session = StandIn(obs)
        session.config = GameConfig(game="trufludo", opponent="human",
                                    rules={"forced_capture": False})
        table = net_table(session, Turn(0, 0, None, obs, []))  # type: ignore[arg-type]
        await pilot.app.push_screen(table)
        await pilot.pause()
        for i in range(4):
            table.on_net_event(ChatReceived(0, "Ana", None, f"line {i}"))
        for opened in (False, True):
            if opened:
                await pilot.press("t")
            await pilot.pause(0.2)
            zone = table.query_one("#table-zone").region
            rows = [table.query_one(r).region for r in ("#table", "#table2")]
            assert all(r.height > 0 and zone.contains_region(r) for r in rows), opened
            chat = table.query_one(ChatPanel).region
            assert not any(chat.overlaps(r) for r in rows)
        assert table.query_one(ChatInput).region.height == 1


# -- end to end: an app hosting, a guest's table -------------------------------------------------
@pytest.fixture
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    from truf_tui.ui.screens.friend import FriendScreen

    monkeypatch.setattr(FriendScreen, "BIND", "127.0.0.1")


async def test_a_hosting_app_and_its_guest_chat_both_ways(loopback: None) -> None:
    from tests.ui.test_netplay import app_in, host_code
    from truf_tui.net.invite import Invite

    app = app_in(None)
    async with app.run_test(size=(100, 32)) as pilot:
        code = await host_code(pilot, name="Ana", game="trufludo")
        guest = await NetClient.join(Invite.parse(code), name="Bo [admin]")
        heard: asyncio.Queue[ChatReceived] = asyncio.Queue()

        async def listen() -> None:
            async for event in guest.events():
                if isinstance(event, ChatReceived):
                    await heard.put(event)
        reader = asyncio.ensure_future(listen())
        try:
            for _ in range(1500):
                await pilot.pause(0.02)
                if isinstance(app.screen, NetPlay):
                    break
            table = app.screen
            assert isinstance(table, NetPlay)
            await guest.chat(phrase="good_luck")
            await guest.chat(text="[red]hi[/red] Ana")
            for _ in range(500):
                await pilot.pause(0.02)
                if "hi" in log_text(table):
                    break
            assert log_text(table) == "Bo admin: Good luck!\nBo admin: redhi/red Ana"
            await pilot.press("t", "2")  # Well played!
            got = await asyncio.wait_for(heard.get(), 10)
            assert (got.seat, got.phrase, got.text) == (0, "well_played", None)
            assert heard.empty()  # nothing of its own came back to the guest
        finally:
            reader.cancel()
            await asyncio.gather(reader, return_exceptions=True)
            await guest.close()
