"""Play a friend (issue 39) on loopback: the app hosts from the start screen against a
headless seat (net/seats.py), or joins one with the code typed in; whole matches of both
games played with the tables' own moves, checking at every step that the app's screen
never shows a card of the other hand.  (Two apps, each in its own process:
tests/ui/test_two_apps.py.)  A bad code says why in plain words and loses nothing; a guest
whose line drops is waited for ("reconnecting…") and comes back to the same game."""

from __future__ import annotations

import asyncio
import dataclasses
import io
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from tests.ui.tables_support import hold_reconnect
from truf_tui import cli
from truf_tui.cards import Card
from truf_tui.net.invite import Invite
from truf_tui.store import History
from truf_tui.ui.app import TrufApp
from truf_tui.ui.choices import ChoiceSet
from truf_tui.ui.screens.friend import FriendScreen
from truf_tui.ui.screens.net_table import NetPlay, WaitingForFriend
from truf_tui.ui.screens.start import StartScreen
from truf_tui.ui.screens.summary import Results, Summary
from truf_tui.ui.settings import Settings
from truf_tui.ui.widgets.cards import CardView
from truf_tui.ui.widgets.table import Markup

SIZE = (100, 32)


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(FriendScreen, "BIND", "127.0.0.1")


def app_in(folder: Path | None) -> TrufApp:
    return TrufApp(settings=Settings(pace="instant", lang="en"),
                   data_dir=None if folder is None else str(folder))


def use(pilot: Pilot[Any]) -> TrufApp:
    """Work on ``pilot``'s app from the test's own task: a widget finds its app through
    Textual's context variable, which names the app entered last (two apps run here)."""
    from textual._context import active_app

    app = pilot.app
    assert isinstance(app, TrufApp)
    active_app.set(app)
    return app


def face_up(app: TrufApp) -> set[Card]:
    """Every card drawn face up on the app's screens."""
    out: set[Card] = set()
    for screen in app.screen_stack:
        for view in screen.query(CardView):
            if view.display and view.spec.card is not None:
                out.add(view.spec.card)
    return out


def text_of(app: TrufApp) -> str:
    return "\n".join(str(m.text) for m in app.screen.query(Markup))


async def host_code(pilot: Pilot[Any], name: str = "Ana", game: str = "trufludo",
                    best_of: int = 1, target: int | None = None) -> str:
    """Host from the start screen (the game, the best-of, Le Truc's target if given, "a
    friend over the network", Play, Host): the code."""
    app = use(pilot)
    start = app.screen
    assert isinstance(start, StartScreen)
    for cid, value in (("game", game), ("match", best_of), ("opponent", "friend")):
        choice = start.query_one(f"#{cid}", ChoiceSet)
        await pilot.click(f"#{cid}-{choice.values.index(value)}")
        await pilot.pause()
    assert start.choices["opponent"] == "friend"
    if target is not None:
        start.query_one("#target", Input).value = str(target)
        await pilot.pause()
    start.action_play()
    await pilot.pause()
    assert isinstance(app.screen, FriendScreen)
    app.screen.query_one("#name", Input).value = name
    await pilot.click("#host")
    for _ in range(1500):  # ≤ 30 s: ends when it comes
        await pilot.pause(0.02)
        code = app.screen.code if isinstance(app.screen, FriendScreen) else None
        if code:
            assert code in text_of(app)  # shown, to copy
            return code
    raise AssertionError("no invite code")


async def type_code(pilot: Pilot[Any], code: str, name: str = "Bo") -> None:
    app = use(pilot)
    app.play_friend(StartScreen().config())
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, FriendScreen)
    screen.query_one("#name", Input).value = name
    screen.query_one("#code", Input).value = code
    await pilot.press("j", "enter")  # to the code box (the screen opens on Host), join


def strings_in(messages: list[Any]) -> set[str]:
    """Every string in the messages (the cards among them)."""
    out: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, str):
            out.add(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list | tuple):
            for v in x:
                walk(v)
        elif hasattr(x, "__dataclass_fields__"):
            walk(dataclasses.asdict(x))

    walk(messages)
    return out


def where(app: TrufApp) -> str:
    """The app's screens, and its table's position (for a failure's message)."""
    tables = [s for s in app.screen_stack if isinstance(s, NetPlay)]
    table = "" if not tables else repr((
        [(type(m).__name__, getattr(m, "n", None), getattr(m, "last", None))
         for m in tables[0].net.client.received[-4:]], tables[0].state.legal_actions(),
        [type(w).__name__ + w.state.name for w in tables[0].workers],
        None if tables[0].net.host is None else (
            tables[0].net.host.seats[1].writer is None, tables[0].net.host.seats[1].dropped_at,
            "inbox", tables[0].net.host.seats[0].inbox.qsize(),
            tables[0].net.host.seats[1].inbox.qsize(),
            tables[0].net.match and tables[0].net.match.done(),
            tables[0].net.match and tables[0].net.match.done() and
            tables[0].net.match.exception()),
        tables[0].state.current_player, tables[0]._busy, tables[0]._sent,
        len(tables[0]._pending), tables[0]._turn.n, tables[0]._game, tables[0].net.over))
    return f"{[type(s).__name__ for s in app.screen_stack]} {table}"


def step(app: TrufApp) -> None:
    """One step of the app's player: close a summary, or play the first legal move."""
    screen = app.screen
    if isinstance(screen, Summary):
        title = list(screen.query("#summary-title").results(Markup))
        if title and title[0].text:  # mounted: its texts drawn
            screen.close(screen.buttons[0][0] if isinstance(screen, Results) else "continue")
    elif isinstance(screen, WaitingForFriend):
        screen.close("wait")
    elif isinstance(screen, NetPlay) and screen.my_move():
        screen.human_move(screen.state.legal_actions()[0])


async def play_out(pilot: Pilot[Any], other: asyncio.Future[Any] | None = None,
                   seconds: float = 90) -> None:  # a bound, for a loaded machine
    """The app's player plays to the match's end (back at the start screen), checking at
    every step that every card face up on its screen is one the host sent this seat (the
    other hand never comes: tests/net/test_host.py)."""
    app = use(pilot)
    tables: list[NetPlay] = []
    sent: set[str] = set()  # every string the host sent this seat (read once each)
    read = 0
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not isinstance(app.screen, StartScreen):
        assert loop.time() < end, f"the match did not end: {where(app)}"
        assert other is None or not other.done() or other.result() == 0
        tables += [s for s in app.screen_stack if isinstance(s, NetPlay) and s not in tables]
        if tables:
            received = tables[0].net.client.received
            sent |= strings_in(received[read:])
            read = len(received)
            shown = {str(c) for c in face_up(app)}
            assert shown <= sent, f"drawn, never sent: {shown - sent}"
        step(app)
        # Each look queries every screen for its cards: at 4 ms a quarter of the test's
        # CPU went to looking, taken from the app and the friend it waits for.  A card
        # never sent would stay drawn for many looks at 20 ms too.
        await pilot.pause(0.02)
    assert tables


async def headless_host(game: str, best_of: int = 1) -> tuple[asyncio.Future[int], str]:
    """A headless host (net/seats.py) with a computer in its seat, and its invite code."""
    from truf_tui.net.seats import host_match
    from truf_tui.play.config import GameConfig

    out = io.StringIO()
    task = asyncio.ensure_future(host_match(
        GameConfig(game=game, best_of=best_of), "easy", seed=1, bind="127.0.0.1", port=0,
        address=None, folder=None, out=out))
    for _ in range(1500):  # ≤ 30 s: ends when the code is printed
        await asyncio.sleep(0.02)
        for line in out.getvalue().splitlines():
            if line.startswith("invite: "):
                return task, line.split()[1]
    raise AssertionError("the headless host printed no code")


def headless_guest(code: str) -> asyncio.Future[int]:
    from truf_tui.net.seats import join_match

    return asyncio.ensure_future(join_match(code, "easy", seed=1, folder=None,
                                            out=io.StringIO()))


@pytest.mark.parametrize(("game", "best_of"), [("truc", 3), ("trufludo", 1)])
async def test_host_from_the_start_screen_and_play_a_whole_match(
        tmp_path: Path, game: str, best_of: int) -> None:
    app = app_in(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        # Le Truc to 4, typed in the start screen, not 12: a best of three to 12 was the
        # suite's longest net match (the match's protocol is the same at any target).
        target = 4 if game == "truc" else None
        guest = headless_guest(await host_code(pilot, game=game, best_of=best_of,
                                               target=target))
        for _ in range(3000):  # ≤ 30 s: ends when it comes
            await pilot.pause(0.01)
            if isinstance(app.screen, NetPlay):
                break
        table = app.screen
        assert isinstance(table, NetPlay) and table.me == 0
        assert table.config.game == game and table.config.best_of == best_of
        assert table.config.rules.get("target") == target
        assert table.who(0) == "Ana" and table.who(1) == "Computer (easy)"
        await play_out(pilot, guest)
        assert await asyncio.wait_for(guest, 30) == 0
        assert table.verified >= 1 and table.alarm is None
    # Every game of the match kept once, in the history and in net/.
    with History(tmp_path) as history:
        ids = [g.uid for g in history.games()]
    assert len(ids) == len(set(ids)) >= (1 if best_of == 1 else 2)
    assert len(list((tmp_path / "net").glob("*.json"))) == len(ids)


@pytest.mark.parametrize("game", ["truc", "trufludo"])
async def test_join_with_a_code_and_play_a_whole_match(tmp_path: Path, game: str) -> None:
    host, code = await headless_host(game)
    app = app_in(tmp_path)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await type_code(pilot, code)
            for _ in range(3000):  # ≤ 30 s: ends when it comes
                await pilot.pause(0.01)
                if isinstance(app.screen, NetPlay):
                    break
            table = app.screen
            assert isinstance(table, NetPlay) and table.me == 1
            assert table.config.game == game and table.who(1) == "Bo"
            await play_out(pilot, host)
            assert table.verified >= 1 and table.alarm is None
        assert await asyncio.wait_for(host, 30) == 0
    finally:
        host.cancel()
    with History(tmp_path) as history:
        rows = history.games()
    # Once each; a drawn game of a best-of-1 is played again, once (Series.capped, F12).
    assert len({r.uid for r in rows}) == len(rows) in (1, 2)
    assert len(rows) == 1 or rows[0].result == "draw"


async def test_a_bad_code_says_why_and_loses_nothing(tmp_path: Path) -> None:
    from truf_tui.net.client import JoinError
    from truf_tui.ui.netplay import NetSession
    from truf_tui.ui.screens.friend import join_problem

    host, code = await headless_host("trufludo")
    real = Invite.parse(code)
    app = app_in(tmp_path)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await type_code(pilot, "truf1-not-a-code")
            await pilot.pause(0.1)
            screen = app.screen
            assert isinstance(screen, FriendScreen)
            assert "not a whole invite code" in text_of(app)
            # A well-made code whose secret the host never gave: refused, in plain words.
            wrong = Invite(real.host, real.port, bytes(16), real.fingerprint).code()
            screen.query_one("#code", Input).value = wrong
            await pilot.press("enter")
            for _ in range(1500):  # ≤ 30 s: ends when it comes
                await pilot.pause(0.02)
                if "does not know this code" in text_of(app):
                    break
            assert "does not know this code" in text_of(app)
            assert screen.state == "choosing"
            assert screen.query_one("#code", Input).value == wrong  # nothing lost
            # The right code still takes the seat afterwards ...
            screen.query_one("#code", Input).value = code
            await pilot.press("enter")
            for _ in range(1500):  # ≤ 30 s: ends when it comes
                await pilot.pause(0.02)
                if isinstance(app.screen, NetPlay):
                    break
            assert isinstance(app.screen, NetPlay)
            # ... and only once: the same code again is "used", said as such.
            with pytest.raises(JoinError) as used:
                await NetSession.joining(code, name="Cy")
            assert "used already" in join_problem(used.value)
    finally:
        host.cancel()
        await asyncio.gather(host, return_exceptions=True)


async def test_a_dropped_guest_is_waited_for(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from truf_tui.net import client as net_client

    made: list[Any] = []
    real_join = net_client.NetClient.join.__func__  # type: ignore[attr-defined]

    async def join(cls: Any, *args: Any, **kw: Any) -> Any:
        made.append(await real_join(cls, *args, **kw))
        return made[-1]

    app = app_in(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(net_client.NetClient, "join", classmethod(join))
            guest = headless_guest(await host_code(pilot))
            for _ in range(3000):  # ≤ 30 s: ends when it comes
                await pilot.pause(0.01)
                if isinstance(app.screen, NetPlay):
                    break
        table = app.screen
        assert isinstance(table, NetPlay)

        async def stays_away(self: Any, timeout: float = 0.0) -> None:
            raise net_client.JoinError("the guest stays away", "closed")

        # A headless guest takes its seat back at once (net/seats.py): this one stays away,
        # so that the host's table keeps waiting for it.
        monkeypatch.setattr(net_client.NetClient, "reconnect", stays_away)
        made[0]._writer.transport.abort()  # the guest's line drops
        for _ in range(1500):  # ≤ 30 s: ends when it comes
            await pilot.pause(0.02)
            if isinstance(app.screen, WaitingForFriend):
                break
        assert isinstance(app.screen, WaitingForFriend)
        assert "Waiting for Computer (easy) (reconnecting…)" in text_of(app)
        assert table.seat_note(1) and "rejoining…" in table.seat_note(1)
        await pilot.click("#end")  # end the game rather than wait
        await pilot.pause(0.1)
        assert isinstance(app.screen, StartScreen)
        await asyncio.gather(guest, return_exceptions=True)


async def test_a_host_that_ends_the_game_tells_the_guest() -> None:
    from truf_tui.play.config import GameConfig
    from truf_tui.ui.netplay import ENDED, Lost, NetSession

    host, invite = await NetSession.hosting(GameConfig(game="trufludo"), name="Ana",
                                           bind="127.0.0.1")
    guest = await NetSession.joining(invite.code(), name="Bo")
    try:
        await asyncio.wait_for(host.guest_joined(), 10)
        await host.close()  # "End the game" at the host's table
        while True:
            event = await asyncio.wait_for(guest.queue.get(), 10)
            if isinstance(event, Lost):
                break
        assert event.why == ENDED and guest.over
    finally:
        await guest.close()
        await host.close()


async def test_the_join_screen_starts_on_host_and_j_reaches_the_code_box() -> None:
    """A host presses Enter at once; a guest presses j (or Tab on) to the code box, or just
    pastes the code."""
    from textual import events
    from textual.widgets import Button

    from truf_tui.play.config import GameConfig

    app = app_in(None)
    async with app.run_test(size=SIZE) as pilot:
        screen = FriendScreen(GameConfig(game="truc"))
        await app.push_screen(screen)
        await pilot.pause()
        host, code = screen.query_one("#host", Button), screen.query_one("#code", Input)
        assert screen.focused is host
        await pilot.press("j")
        assert screen.focused is code and code.value == ""
        await pilot.press("j")  # in the box, a letter
        assert code.value == "j"
        code.value = ""
        host.focus()
        for _ in range(6):  # Tab goes on from Host to the code box
            if screen.focused is code:
                break
            await pilot.press("tab")
        assert screen.focused is code
        host.focus()
        await pilot.pause()
        screen.post_message(events.Paste(" truf1-ABC\n"))  # pasted with the Host button focused
        await pilot.pause()
        assert code.value == "truf1-ABC" and screen.focused is code


@pytest.mark.parametrize("game", ["trufludo", "truc"])
async def test_ending_the_game_while_the_friend_is_away_is_a_win_kept_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    """The guest's line drops; the host's player ends the game rather than wait: the host
    records the game in play as its win, marked as ended while the friend was away, once;
    the guest, back while the host still listens, learns it in ``ended`` and keeps it as
    its loss with the same mark (en, eo)."""
    from truf_tui.ui.i18n import set_language
    from truf_tui.ui.netplay import Kept, Lost, NetSession
    from truf_tui.ui.screens.replay import ReplayScreen, result_text

    back = hold_reconnect(monkeypatch)  # away until the test says
    app = app_in(tmp_path / "host")
    guest: NetSession | None = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            code = await host_code(pilot, game=game)
            guest = await NetSession.joining(code, name="Bo", folder=tmp_path / "guest")
            for _ in range(3000):  # ≤ 30 s: ends when it comes
                await pilot.pause(0.01)
                if isinstance(app.screen, NetPlay):
                    break
            assert isinstance(app.screen, NetPlay)
            guest.client._writer.transport.abort()  # type: ignore[union-attr]
            for _ in range(1500):  # ≤ 30 s: ends when it comes
                await pilot.pause(0.02)
                if isinstance(app.screen, WaitingForFriend):
                    break
            assert isinstance(app.screen, WaitingForFriend)
            assert "counts as your win" in text_of(app)
            await pilot.click("#end")
            for _ in range(1500):  # ≤ 30 s: ends when it comes
                await pilot.pause(0.02)
                if isinstance(app.screen, StartScreen):
                    break
            assert isinstance(app.screen, StartScreen)
            with History(tmp_path / "host") as history:
                rows = history.games()
            assert [(r.result, r.human_seat, r.ended_away) for r in rows] == [("win", 0, 1)]
            assert not rows[0].record().replay().is_terminal()  # unfinished, won all the same
            assert result_text(rows[0]).endswith("(ended while your friend was away)")
            # Over, as far as the host's app is concerned: nothing is offered to resume.
            assert not (tmp_path / "host" / "net" / "host.json").exists()
            replay = ReplayScreen(rows[0])  # the replay says it too, and plays to its end
            await app.push_screen(replay)
            await pilot.pause()
            await pilot.press("end")
            await pilot.pause()
            assert "(ended while your friend was away)" in replay.title_text()
            assert app.screen is replay
            replay.dismiss()
            await pilot.pause()
            # The guest comes back while the host still listens: "ended" says who won.
            back.set()
            lost: Lost | None = None
            kept: Kept | None = None
            while lost is None or kept is None:
                event = await asyncio.wait_for(guest.queue.get(), 20)
                if isinstance(event, Lost):
                    lost = event
                elif isinstance(event, Kept):
                    kept = event
            assert lost.winner == 0 and kept.problem is None
            with History(tmp_path / "guest") as history:
                rows = history.games()
            assert [(r.result, r.human_seat, r.ended_away) for r in rows] == [("loss", 1, 1)]
            assert result_text(rows[0]).endswith("(ended while you were away)")
            set_language("eo")
            assert result_text(rows[0]).endswith("(finita dum vi forestis)")
            set_language("en")
            with History(tmp_path / "host") as history:
                host_rows = history.games()
            assert len(host_rows) == 1  # once, though both tables heard "ended"
            # One game, one id in both records and histories, and both verify.
            host_record, guest_record = host_rows[0].record(), rows[0].record()
            assert host_record.meta["id"] == guest_record.meta["id"]
            assert host_record.deals == guest_record.deals
            assert host_record.moves == guest_record.moves
            for side in ("host", "guest"):
                kept = tmp_path / side / "net" / f"{host_record.meta['id']}.json"
                assert cli.main(["verify", str(kept)]) == 0
    finally:
        set_language("en")
        if guest is not None:
            await guest.close()
        from truf_tui.ui import netplay

        for task in list(netplay._lingering):  # the host that waited for the guest
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)


def test_a_drawn_game_of_a_best_of_one_is_played_again() -> None:
    """The host plays a drawn game again (F12, ``Series.capped``: up to twice the best-of),
    a best-of-1's too: its results offer the next game, not the way back to the start
    (which would end the match the host goes on with).  A second draw ends it."""
    from types import SimpleNamespace

    from truf_tui.engine import trufludo
    from truf_tui.net.client import Turn
    from truf_tui.play.config import GameConfig
    from truf_tui.ui.screens.net_table import NetTrufludoTable

    s = trufludo.new_game(trufludo.Rules(), seed=1, dealer=0)
    for best_of, games in ((1, [((0, 0), False), ((0, 0), True)]),
                           (1, [((1, 0), True)]),
                           (3, [((0, 1), False), ((0, 1), False), ((1, 1), False),
                                ((2, 1), True)])):
        session = SimpleNamespace(config=GameConfig(game="trufludo", best_of=best_of),
                                  seat=0, over=False, names=lambda: ("Ana", "Bo"))
        table = NetTrufludoTable(session, Turn(0, 0, None, s.observation(0), []))  # type: ignore[arg-type]
        for game, (wins, over) in enumerate(games):
            table._wins, table._ended = wins, game  # the host's game_over of ``game``
            assert table.match_over() is over, (best_of, game)
            assert [b for b, _ in table.results_buttons()] == (
                ["menu"] if over else ["next", "menu"])
        session.over = True  # the host's match_over: over, whatever the games say
        assert table.match_over()


@pytest.mark.slow
@pytest.mark.parametrize("side", ["guest", "host"])
async def test_leaving_at_the_match_end_waits_for_the_host_to_end_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, side: str) -> None:
    """The host tells the match's end a moment after its last game's (widened here to
    0.5 s).  A table whose player closes the results at once waits for it before it hangs
    up: else the host takes the guest for gone ("waiting for …" at the other table), or
    the host's own table ends a match that is over ("the host ended the game")."""
    from truf_tui.net import server
    from truf_tui.net.protocol import GameOver

    heard: list[tuple[str, int | str]] = []
    real_tell, real_dropped, real_end = server.Host._tell, server.Host._dropped, server.Host.end

    async def tell(self: server.Host, seat: int, msg: Any) -> None:
        await real_tell(self, seat, msg)
        if isinstance(msg, GameOver) and seat == server.GUEST_SEAT:
            await asyncio.sleep(0.5)  # the last game over, the match not yet

    def dropped(self: server.Host, seat: int) -> None:
        heard.append(("dropped", seat))
        real_dropped(self, seat)

    async def end(self: server.Host, why: str, **kw: Any) -> Any:
        heard.append(("ended", why))
        return await real_end(self, why, **kw)

    monkeypatch.setattr(server.Host, "_tell", tell)
    monkeypatch.setattr(server.Host, "_dropped", dropped)
    monkeypatch.setattr(server.Host, "end", end)
    app = app_in(tmp_path)
    other: asyncio.Future[int] | None = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            if side == "guest":
                other, code = await headless_host("trufludo")
                await type_code(pilot, code)
            else:
                other = headless_guest(await host_code(pilot, game="trufludo"))
            for _ in range(3000):  # ≤ 30 s: ends when it comes
                await pilot.pause(0.01)
                if isinstance(app.screen, NetPlay):
                    break
            await play_out(pilot, other)  # closes each results box at once
        assert await asyncio.wait_for(other, 30) == 0
        assert heard == []
    finally:
        if other is not None:
            other.cancel()
            await asyncio.gather(other, return_exceptions=True)


async def test_a_fold_at_once_behind_the_round_summary_shows_the_next_summary(
        tmp_path: Path) -> None:
    """The friend closes the round's summary first and folds at once (T9): the fold waits
    behind this table's summary; closed, the summary gives way to the fold and to the
    next round's summary (the same screen id, pushed while the closed one is still being
    taken down: DuplicateIds broke the table, which then stopped playing)."""
    from truf_tui.engine import truc
    from truf_tui.net.client import Turn
    from truf_tui.store.errorlog import LOG_NAME
    from truf_tui.ui.netplay import NetSession
    from truf_tui.ui.screens.summary import TrucRoundSummary

    app = app_in(tmp_path / "host")
    guest: NetSession | None = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            guest = await NetSession.joining(await host_code(pilot, game="truc"), name="Bo",
                                             folder=tmp_path / "guest")
            for _ in range(3000):  # ≤ 30 s: ends when it comes
                await pilot.pause(0.01)
                if isinstance(app.screen, NetPlay):
                    break
            table = app.screen
            assert isinstance(table, NetPlay)

            async def guest_turn() -> Turn:
                assert guest is not None
                while True:
                    event = await asyncio.wait_for(guest.queue.get(), 30)
                    if isinstance(event, Turn) and event.legal:
                        return event

            async def summary_shown() -> TrucRoundSummary:
                for _ in range(1500):  # ≤ 30 s: ends when it comes
                    await pilot.pause(0.02)
                    if isinstance(app.screen, TrucRoundSummary):
                        return app.screen
                raise AssertionError(f"no round summary: {where(app)}")

            # Folds until the host's table shows a round's summary with the guest first
            # to move in the next round (the deal alternates, T2).
            while True:
                if table.state.current_player == 0:
                    for _ in range(1500):
                        if table.my_move():
                            break
                        await pilot.pause(0.02)
                    assert table.human_move(truc.FOLD)
                    await summary_shown()
                    break
                turn = await guest_turn()
                await guest.play("fold")
                box = await summary_shown()
                box.close("continue")
                await pilot.pause()
            rounds = table.state.round_no
            # The guest folds at once, while the host's table still shows the summary.
            turn = await guest_turn()
            await guest.play("fold")
            for _ in range(1500):  # ≤ 30 s: until the fold waits behind the summary
                await pilot.pause(0.02)
                if table._latest.n > turn.n:
                    break
            assert isinstance(app.screen, TrucRoundSummary)
            await pilot.press("enter")
            box = await summary_shown()  # the folded round's
            assert box.state.round_no == rounds + 1 and box.state.last_round is not None
            assert table.alarm is None
            assert not (tmp_path / "host" / LOG_NAME).exists()  # nothing went wrong
            await pilot.press("enter")
            for _ in range(1500):  # the table plays on: the host's turn, its cards
                await pilot.pause(0.02)
                if table.my_move():
                    break
            assert table.my_move()
    finally:
        if guest is not None:
            await guest.close()


@pytest.mark.slow
@pytest.mark.parametrize("game", ["truc", "trufludo"])
async def test_a_move_that_cannot_be_drawn_leaves_the_host_position_and_play_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    """Drawing a move fails once (logged): the table draws the host's last position as it
    is and the match goes on to its end (Le Truc's table replayed the round of that
    position for its take-backs, which a position rebuilt from the host's cannot: the
    table stopped listening, and the match stalled)."""
    from truf_tui.store.errorlog import LOG_NAME
    from truf_tui.ui.screens.net_table import NetTrucTable

    owner = NetTrucTable if game == "truc" else NetPlay
    real_saw = owner.saw
    shown = [0]

    def saw(self: NetPlay, old: Any, action: Any, new: Any) -> None:
        shown[0] += 1
        if shown[0] == 3:  # the third move shown: the first trick, the first capture
            raise RuntimeError("drawing failed")
        real_saw(self, old, action, new)

    monkeypatch.setattr(owner, "saw", saw)
    app = app_in(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        guest = headless_guest(await host_code(pilot, game=game))
        for _ in range(3000):  # ≤ 30 s: ends when it comes
            await pilot.pause(0.01)
            if isinstance(app.screen, NetPlay):
                break
        await play_out(pilot, guest)
        assert await asyncio.wait_for(guest, 30) == 0
    assert shown[0] > 3
    assert "drawing failed" in (tmp_path / LOG_NAME).read_text()
    with History(tmp_path) as history:
        assert history.games()
