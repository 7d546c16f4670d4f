"""A match hosted from the app survives a crash (issue 39 item 4): the app autosaves it
(``net/host.json``), the app started again offers to resume it on "Play a friend" and hosts
it with a new code, the guest whose host vanished keeps its seat (``net/seat.json``) and
takes it back with that code, and the match ends with every game in both histories once.

The crash is the host's server dropped in the test's process, without the normal end (no
``ended`` sent, no autosave removed): what a kill -9 leaves (tests/net/test_faults.py kills
real headless processes)."""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Input

from tests.ui.test_netplay import app_in, host_code, play_out, step, text_of, use, where
from truf_tui.engine.record import GameRecord
from truf_tui.net.client import GameEnded
from truf_tui.net.seats import HOST_FILE, SEAT_FILE, load_json
from truf_tui.play.config import GameConfig
from truf_tui.store import History
from truf_tui.ui import netplay
from truf_tui.ui.i18n import set_language
from truf_tui.ui.netplay import (
    STOPPED,
    DealAlarm,
    Lost,
    MatchEnded,
    NetSession,
    Turn,
    lost_words,
    resumable_save,
)
from truf_tui.ui.screens.friend import FriendScreen
from truf_tui.ui.screens.net_table import NetLost, NetPlay
from truf_tui.ui.screens.start import StartScreen
from truf_tui.ui.widgets.table import Markup

SIZE = (100, 32)


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(FriendScreen, "BIND", "127.0.0.1")
    monkeypatch.setattr(netplay, "RETRY_SECONDS", 0.05)  # a vanished host: found out fast


async def until(pilot: Pilot[Any] | None, done: Callable[[], bool], seconds: float = 20,
                why: Callable[[], str] = lambda: "") -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not done():
        assert loop.time() < end, why()
        if pilot is None:
            await asyncio.sleep(0.02)
        else:
            await pilot.pause(0.02)


def crash(session: NetSession, monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's app dies: its server and connections drop at once, nothing is told, and
    its session's normal close never runs (the app's exit would otherwise end it)."""
    host = session.host
    assert host is not None and host._server is not None
    host._server.close()
    for seat in host.seats:
        if seat.writer is not None:
            seat.writer.transport.abort()
    for task in list(host._tasks):
        task.cancel()
    for task in (session.match, session._reader):
        if task is not None:
            task.cancel()
    session.client._writer.transport.abort()
    session.over = True

    async def dead(stopping: bool = False, keep: bool = False) -> None:
        return None

    monkeypatch.setattr(session, "close", dead)


async def bot(session: NetSession, moves: list[int] | None = None,
              verified: list[bool] | None = None) -> Lost | MatchEnded:
    """A seat that plays the first legal move until the match ends or is lost (``moves``:
    the positions it moved at; ``verified``: each finished game's deals checked)."""
    while True:
        event = await session.queue.get()
        if isinstance(event, GameEnded) and verified is not None:
            verified.append(event.verified)
        if isinstance(event, Turn) and event.legal:
            await session.play(event.legal[0])
            if moves is not None:
                moves.append(event.n)
        elif isinstance(event, DealAlarm):
            raise AssertionError(f"deal alarm: {event.why}")
        elif isinstance(event, Lost | MatchEnded):
            return event


async def friend_screen(pilot: Pilot[Any], config: GameConfig) -> FriendScreen:
    """The Play a friend screen, opened from the start screen with ``config``."""
    use(pilot).play_friend(config)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, FriendScreen)
    return screen


def kept_once(*folders: Path) -> set[str]:
    """Each folder's history holds each game once; the ids, alike in every folder."""
    ids: list[set[str]] = []
    for folder in folders:
        with History(folder) as history:
            uids = [g.uid for g in history.games()]
        assert len(uids) == len(set(uids)) >= 1, (folder, uids)
        ids.append(set(uids))
    assert all(i == ids[0] for i in ids), ids
    return ids[0]


def moves_of(folder: Path, uid: str) -> tuple[str, ...]:
    """The moves of game ``uid`` as kept in ``folder``'s net/ (its deals verified)."""
    data = json.loads((folder / "net" / f"{uid}.json").read_text(encoding="utf-8"))
    record = GameRecord.from_dict(data)
    record.verify()
    return tuple(str(m) for m in record.moves)


@pytest.mark.slow
async def test_a_match_hosted_from_the_app_is_resumed_after_a_crash(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    host_dir, guest_dir = tmp_path / "host", tmp_path / "guest"
    sessions: list[NetSession] = []
    try:
        # The app hosts; the guest plays some moves; the host's app dies mid-game.
        app = app_in(host_dir)
        async with app.run_test(size=SIZE) as pilot:
            code = await host_code(pilot, name="Ana")
            guest = await NetSession.joining(code, name="Bo", folder=guest_dir, keep_seat=True)
            sessions.append(guest)
            guest.rejoin_seconds = 0.3  # the host's old address, tried briefly
            playing = asyncio.ensure_future(bot(guest))
            await until(pilot, lambda: isinstance(app.screen, NetPlay), why=lambda: where(app))
            table = app.screen
            assert isinstance(table, NetPlay)
            while table._turn.n < 6 or not table.my_move():  # a few moves each
                assert not playing.done()
                step(app)
                await pilot.pause(0.01)
            seen = list(table._turn.observation["history"])
            assert table.net.autosave is not None
            await table.net.autosave.flush()  # what the app had written (a kill keeps it)
            save = load_json(host_dir, HOST_FILE)
            assert save is not None and save["guest_joined"], "the app's host autosaves"
            crash(table.net, monkeypatch)
        # The guest finds its host gone: the seat stays kept, and it says how to come back.
        lost = await asyncio.wait_for(playing, 20)
        assert isinstance(lost, Lost) and lost.lost_line and lost.resumable
        await guest.close()
        saved_seat = load_json(guest_dir, SEAT_FILE)
        assert saved_seat is not None and saved_seat["code"] == code
        assert (host_dir / "net" / HOST_FILE).exists()

        # The app started again offers to resume the match, and hosts it with a new code.
        app = app_in(host_dir)
        async with app.run_test(size=SIZE) as pilot:
            # the start screen's choice
            screen = await friend_screen(pilot, GameConfig(game="truc"))
            assert screen.query_one("#resume-row").display
            assert "Resume the game with Bo" in str(screen.query_one("#resume",
                                                                      Button).label)
            assert "Your game with [b]Bo[/] (Trufludo, 1 game" in text_of(app)
            await pilot.click("#resume")
            await until(pilot, lambda: screen.code is not None, why=lambda: str(screen._error))
            new_code = screen.code
            assert new_code is not None and new_code != code
            assert "Send this new code to Bo" in text_of(app)
            assert "kept seat back, for 5 minutes" in text_of(app)
            assert "It works once, for 10 minutes" not in text_of(app)
            # The guest takes its seat with the new code (its seat secret proves who it is).
            back = await NetSession.joining(new_code, name="Bo", folder=guest_dir,
                                            keep_seat=True)
            sessions.append(back)
            assert back.seat == 1
            verified: list[bool] = []
            playing = asyncio.ensure_future(bot(back, verified=verified))
            await until(pilot, lambda: isinstance(app.screen, NetPlay), why=lambda: where(app))
            table = app.screen
            assert isinstance(table, NetPlay) and table.config.game == "trufludo"
            assert table.who(0) == "Ana" and table.who(1) == "Bo"
            # The same game, at the same position: every move made before the crash stands.
            assert list(table._turn.observation["history"])[:len(seen)] == seen
            await play_out(pilot, seconds=60)
            assert table.alarm is None and table._checked and all(table._checked.values())
        assert isinstance(await asyncio.wait_for(playing, 20), MatchEnded)
        # The guest checked every deal of the game the crash cut, with the seeds it kept.
        assert verified and all(verified)
    finally:
        for session in sessions:
            await session.close()
    # Nothing left to resume on either side; every game in both histories once.
    assert not (host_dir / "net" / HOST_FILE).exists()
    assert not (guest_dir / "net" / SEAT_FILE).exists()
    uids = kept_once(host_dir, guest_dir)
    for uid in uids:
        assert moves_of(host_dir, uid) == moves_of(guest_dir, uid)
    assert any(moves_of(host_dir, uid)[:len(seen)] == tuple(seen) for uid in uids)


async def host_bot(session: NetSession) -> Lost | MatchEnded:
    """The host's own table, played by the test (no app)."""
    return await bot(session)


@pytest.mark.slow
async def test_the_app_guest_keeps_its_seat_and_takes_it_at_the_resumed_host(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    host_dir, guest_dir = tmp_path / "host", tmp_path / "guest"
    config = GameConfig(game="trufludo")
    host, invite = await NetSession.hosting(config, name="Ana", bind="127.0.0.1",
                                           folder=host_dir)
    hosts = [host]
    moves: list[int] = []
    hosting = asyncio.ensure_future(bot(host, moves))
    try:
        app = app_in(guest_dir)
        async with app.run_test(size=SIZE) as pilot:
            screen = await friend_screen(pilot, config)
            screen.query_one("#name", Input).value = "Bo"
            screen.query_one("#code", Input).value = invite.code()
            await pilot.press("j", "enter")
            await until(pilot, lambda: isinstance(app.screen, NetPlay), why=lambda: where(app))
            table = app.screen
            assert isinstance(table, NetPlay)
            table.net.rejoin_seconds = 0.3
            while len(moves) < 3 or not table.my_move():
                step(app)
                await pilot.pause(0.01)
            assert host.autosave is not None
            await host.autosave.flush()
            crash(host, monkeypatch)
            hosting.cancel()
            # The guest's table says the host may resume and send a new code.
            await until(pilot, lambda: isinstance(app.screen, NetLost), why=lambda: where(app))
            await until(pilot, lambda: app.screen.focused is not None
                        and app.screen.focused.id == "ok")
            body = str(app.screen.query_one("#net-body", Markup).text)
            assert "The connection to Ana's game was lost" in body
            assert "Your seat is kept" in body and "new code" in body and "Join" in body
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, StartScreen),
                        why=lambda: f"{app.screen_stack}")
            assert (guest_dir / "net" / SEAT_FILE).exists(), "the seat stays kept"

            # The host resumes (a new certificate and code); the app pastes the new code.
            save = resumable_save(host_dir)
            assert save is not None
            host, invite = await NetSession.hosting(config, name="", bind="127.0.0.1",
                                                   folder=host_dir, save=save)
            hosts.append(host)
            hosting = asyncio.ensure_future(bot(host))
            screen = await friend_screen(pilot, config)
            screen.query_one("#code", Input).value = invite.code()
            await pilot.press("j", "enter")
            await until(pilot, lambda: isinstance(app.screen, NetPlay),
                        why=lambda: f"{where(app)} {screen._error}")
            table = app.screen
            assert isinstance(table, NetPlay) and table.me == 1 and table.who(0) == "Ana"
            await play_out(pilot, seconds=60)
            assert table.alarm is None
        assert isinstance(await asyncio.wait_for(hosting, 20), MatchEnded)
    finally:
        hosting.cancel()
        for session in hosts:
            await session.close()
    assert not (host_dir / "net" / HOST_FILE).exists()
    assert not (guest_dir / "net" / SEAT_FILE).exists()
    for uid in kept_once(host_dir, guest_dir):
        assert moves_of(host_dir, uid) == moves_of(guest_dir, uid)


async def test_another_matchs_kept_seat_does_not_stop_a_new_code(tmp_path: Path) -> None:
    """A seat kept from a match that never came back (or a damaged seat file): a new
    host's code still takes a new seat (the old secret is refused as unknown, then the code
    is used as given)."""
    host, invite = await NetSession.hosting(GameConfig(game="trufludo"), name="Ana",
                                           bind="127.0.0.1")
    guests: list[NetSession] = []
    try:
        for old in (secrets.token_urlsafe(24), "not a secret " * 9):
            folder = tmp_path / str(len(guests))
            (folder / "net").mkdir(parents=True)
            (folder / "net" / SEAT_FILE).write_text(json.dumps(
                {"code": "truf1-old", "seat_secret": old, "seat": 1, "deals": {}}))
            if guests:  # the first took the seat: a second host for the second
                await host.close()
                host, invite = await NetSession.hosting(GameConfig(game="trufludo"),
                                                       name="Ana", bind="127.0.0.1")
            guests.append(await NetSession.joining(invite.code(), name="Bo", folder=folder,
                                                   keep_seat=True))
            assert guests[-1].seat == 1 and guests[-1].client.welcome.names[1] == "Bo"
            kept = load_json(folder, SEAT_FILE)
            assert kept is not None and kept["code"] == invite.code()
            assert kept["seat_secret"] != old
    finally:
        for guest in guests:
            await guest.close()
        await host.close()


async def test_the_app_offers_to_resume_or_forget_and_keeps_it_when_not_resumed(
        tmp_path: Path) -> None:
    """Going back while waiting for the friend of a resumed match keeps it, and so does a
    new game hosted and given up before anyone joined; "Forget it" removes it, and nothing
    is offered after."""
    config = GameConfig(game="trufludo")
    host, invite = await NetSession.hosting(config, name="Ana", bind="127.0.0.1",
                                           folder=tmp_path)
    guest = await NetSession.joining(invite.code(), name="Bo")
    try:
        await asyncio.wait_for(host.guest_joined(), 10)
        await until(None, lambda: resumable_save(tmp_path) is not None)
        await host.close(stopping=True)  # the app stops under its table: kept to resume
    finally:
        await guest.close()
    assert resumable_save(tmp_path) is not None
    app = app_in(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await friend_screen(pilot, config)
        assert screen.focused is not None
        assert screen.focused.id == "resume"
        await pilot.click("#resume")
        await until(pilot, lambda: screen.code is not None, why=lambda: str(screen._error))
        await pilot.press("escape")  # back, before Bo came back
        await until(pilot, lambda: isinstance(app.screen, StartScreen))
        assert resumable_save(tmp_path) is not None, "still there to resume"
        # A new game hosted, and given up before anyone joined: the old match stays too.
        screen = await friend_screen(pilot, config)
        assert screen.save is not None
        await pilot.click("#host")
        await until(pilot, lambda: screen.code is not None, why=lambda: str(screen._error))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, StartScreen))
        assert resumable_save(tmp_path) is not None, "still there to resume"
        screen = await friend_screen(pilot, config)
        assert screen.save is not None
        await pilot.click("#forget")
        await until(pilot, lambda: not (tmp_path / "net" / HOST_FILE).exists())
        assert not screen.query_one("#resume-row").display
    app = app_in(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await friend_screen(pilot, config)
        assert screen.save is None
        assert not screen.query_one("#resume-row").display


@pytest.mark.parametrize(("lang", "kept"), [
    ("en", "Your seat is kept: Ana can start truf-tui again and resume the game"),
    ("eo", "Via sidloko restas: Ana povas relanĉi truf-tui kaj daŭrigi la ludon")])
def test_the_guest_is_told_the_host_can_resume(lang: str, kept: str) -> None:
    set_language(lang)
    try:
        stopped = lost_words(Lost(STOPPED, resumable=True), "Ana")
        lost = lost_words(Lost("gone", lost_line=True, resumable=True), "Ana")
        given_up = lost_words(Lost("gone", lost_line=True), "Ana")
    finally:
        set_language("en")
    assert kept in stopped and kept in lost and kept not in given_up


async def test_the_hosts_player_ending_the_match_leaves_nothing_to_resume(
        tmp_path: Path) -> None:
    """Leaving the table mid-match ends the match (the guest reads "your friend ended the
    game" and its seat goes): the autosave goes with it."""
    host, invite = await NetSession.hosting(GameConfig(game="trufludo"), name="Ana",
                                           bind="127.0.0.1", folder=tmp_path / "host")
    guest = await NetSession.joining(invite.code(), name="Bo", folder=tmp_path / "guest",
                                     keep_seat=True)
    try:
        await asyncio.wait_for(host.guest_joined(), 10)
        while not isinstance(await asyncio.wait_for(guest.queue.get(), 10), Turn):
            pass  # dealt: mid-match
        assert resumable_save(tmp_path / "host") is not None
        await host.close()  # the host's player left the table
        lost = await asyncio.wait_for(bot(guest), 10)
        assert isinstance(lost, Lost) and not lost.resumable
    finally:
        await guest.close()
    assert not (tmp_path / "host" / "net" / HOST_FILE).exists()
    assert not (tmp_path / "guest" / "net" / SEAT_FILE).exists()


class Away:
    """A guest's client whose host is gone: reading fails, coming back is refused as
    ``kind``."""

    keep: Any = None

    def __init__(self, kind: str) -> None:
        self.kind = kind

    async def events(self) -> Any:
        raise ConnectionError("the host is gone")
        yield  # an async generator

    async def reconnect(self, timeout: float = 0.0) -> None:
        from truf_tui.net.client import JoinError

        raise JoinError("refused", self.kind)

    async def close(self) -> None:
        return None


@pytest.mark.parametrize(("kind", "kept"), [("nobody", True), ("certificate", True),
                                            ("too_late", False)])
async def test_the_guest_keeps_its_seat_unless_the_host_gave_it_up(
        tmp_path: Path, kind: str, kept: bool) -> None:
    """The host vanished (nobody listens there, or another certificate answers: a host
    resumed on the same port): the seat file stays for the new code, and the lost box
    says so.  A seat the host gave up (too late) goes."""
    from truf_tui.net.autosave import Autosave

    seat_file = tmp_path / "net" / SEAT_FILE
    client = Away(kind)
    kept_seat = Autosave(seat_file)
    kept_seat({"code": "c", "seat_secret": "s"})
    await kept_seat.flush()
    session = NetSession(client, rejoin_seconds=0.2)  # type: ignore[arg-type]
    session.seat_kept = kept_seat
    session.listen()
    lost = None
    while not isinstance(lost, Lost):
        lost = await asyncio.wait_for(session.queue.get(), 5)
    assert lost.lost_line and lost.resumable is kept
    assert seat_file.exists()  # while waiting, and until the table closes
    await session.close()
    assert seat_file.exists() is kept


async def test_the_host_ending_as_the_seed_goes_out_is_said_as_ended(tmp_path: Path) -> None:
    """The host ends the match while the guest's table is still keeping its seed (a slow
    disk), before it sends it: the seed cannot go out, and the table reads on, so the
    guest learns the host ended the game (and gives its seat up), not a dropped line it
    would wait 5 minutes on and keep a seat for."""
    import time

    from truf_tui.net.autosave import Autosave
    from truf_tui.net.client import HostProblem, NetClient
    from truf_tui.net.protocol import Commit
    from truf_tui.store import atomic_write

    def slow(path: Path, text: str) -> None:
        time.sleep(0.4)
        atomic_write(path, text)

    host, invite = await NetSession.hosting(GameConfig(game="trufludo"), name="Ana",
                                           bind="127.0.0.1")
    client = await NetClient.join(invite, name="Bo")
    client.keep = Autosave(tmp_path / SEAT_FILE, write=slow)
    seen: list[Any] = []

    async def read() -> None:
        async for event in client.events():
            seen.append(event)
            if isinstance(event, HostProblem):
                return

    reading = asyncio.ensure_future(read())
    try:
        await until(None, lambda: any(isinstance(m, Commit) for m in client.received))
        await host.close()  # the host's player leaves while the seed is being kept
        await asyncio.wait_for(reading, 10)  # no ConnectionError
        assert isinstance(seen[-1], HostProblem) and seen[-1].code == "ended"
    finally:
        reading.cancel()
        await client.close()
        await host.close()
