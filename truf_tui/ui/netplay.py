"""A match against a friend as one table sees it (issue 39): the seat's :class:`NetClient`,
its events in a queue the table reads, and the :class:`Host` when this app hosts.

No Textual here: the session's tasks run in the app's event loop (the host's server too, so
the interface never waits on the network), and the screens read :attr:`NetSession.queue`.

The table never holds the other hand.  It draws an engine state rebuilt from each
observation the host sends (:func:`state_of`): its own hand and every public card are the
host's, the other hand and the stock are filled from the unseen cards at random, face
down.  The engine state of the match is the host's only.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import re
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

from truf_tui.engine import truc, trufludo
from truf_tui.engine.common import IllegalActionError
from truf_tui.engine.record import AnyState, GameRecord
from truf_tui.net.autosave import Autosave
from truf_tui.net.client import (
    ChatReceived,
    ChatUndelivered,
    DealAlarm,
    DealVerified,
    Event,
    GameEnded,
    HostProblem,
    JoinError,
    MatchEnded,
    NetClient,
    OpponentAway,
    Turn,
)
from truf_tui.net.invite import Invite
from truf_tui.net.protocol import ProtocolError, clean_text
from truf_tui.net.seats import HOST_FILE, RECORDS_DIR, SEAT_FILE, keep_record, load_json
from truf_tui.net.server import GUEST_SEAT, SAVE_FORMAT, Host, HostError
from truf_tui.net.webseat import LINGER_SECONDS as WEB_LINGER_SECONDS
from truf_tui.net.webseat import GuestPage
from truf_tui.play.config import GameConfig
from truf_tui.ui.i18n import tr

REJOIN_SECONDS = 300.0  # a dropped table tries to take its seat back this long (the host's)
RETRY_SECONDS = 2.0
ENDED = "the host ended the game"
# The host's app stopped (its terminal closed, a signal, a crash) with no one leaving the
# table: the guest is told so, not that its friend chose to end the game.
STOPPED = "the host's truf-tui stopped before the match ended"
ENDED_AWAY = "the host ended the game while you were away"
# The host's player left (or quit) while the guest was away: no one won the game in play.
LEFT_AWAY = "the host ended the game while you were away; it counts for neither seat"
LINGER_SECONDS = REJOIN_SECONDS  # a host ended while its guest was away waits to tell it
CLOSE_STEP_SECONDS = 2.0  # the longest one step of closing a session is waited for
AFTER_APP_SECONDS = 5.0  # after the interface: the longest the sessions' closing is waited for
_lingering: set[asyncio.Future[None]] = set()  # those hosts (kept referenced until done)
# The hosts staying to tell an away friend the game is over: the friend's name, and the
# loop time their rejoin window ends (what the terminal says once the interface is gone).
_telling: dict[asyncio.Future[None], tuple[str, float]] = {}
# What travels for a player who typed no name: each table shows it in its own language.
DEFAULT_NAMES = ("Host", "Guest")
APP_HOSTED = "app"  # a host's autosave of a match hosted in the app (Host.played_by)
FINAL = frozenset({"too_late", "wrong_secret", "certificate", "not_truf", "protocol"})


@dataclass(frozen=True)
class Reconnecting:
    """This table lost the host and is trying to take its seat back."""


@dataclass(frozen=True)
class Reconnected:
    """This table has its seat back."""


@dataclass(frozen=True)
class Lost:
    """The match cannot go on from this table; ``why`` in the host's words or ours.
    ``winner``: the host's player ended it while the other was away, and the game in play
    counts as that seat's win.  ``resumable``: the host vanished (its app stopped, or the
    line was lost) with the seat still kept: a resumed host's new code takes it back."""

    why: str
    winner: int | None = None
    lost_line: bool = False  # the connection was lost and the seat not taken back
    resumable: bool = False


@dataclass(frozen=True)
class Kept:
    """A finished game went into the data folder (its record) and the history."""

    path: Path | None
    problem: str | None


SessionEvent = Event | Reconnecting | Reconnected | Lost | Kept


def lost_words(event: Lost, name: str, in_browser: bool = False) -> str:
    """Why the match cannot go on, in the reader's language: ``name`` (the friend) chose
    to end it, the friend's app stopped, or the line was lost and the seat not taken
    back; else the host's own words.  ``in_browser``: the reader is the browser tab of
    ``host --web``, which a resumed host's new code cannot seat (it has no Join)."""
    if in_browser:
        event = replace(event, resumable=False)
    if event.why == ENDED:
        return tr("net.host.ended")
    if event.why == LEFT_AWAY:
        return tr("net.host.ended.away", name=name)
    if event.why == STOPPED:
        return tr("net.host.stopped", name=name) + resume_words(event, name)
    if event.lost_line:
        return tr("net.host.lost", name=name) + resume_words(event, name)
    if re.fullmatch(r"seat [01] did not come back", event.why):  # the host's HostError
        return tr("net.friend.gone", name=name)
    return event.why


def resume_words(event: Lost, name: str) -> str:
    """For a guest whose host vanished with its seat kept: the host may resume the match,
    and the new code it sends takes the seat back (Join)."""
    return "\n\n" + tr("net.resume.guest", name=name) if event.resumable else ""


def resumable_save(folder: Path | None) -> dict[str, Any] | None:
    """The match this app hosted and did not finish (its autosave, ``net/host.json``), if
    a guest had joined it: what the Play a friend screen offers to resume.  Not a match
    of ``host --bot`` (or ``host --resume``) in the same data folder: a computer played
    that host's seat, and only that command resumes it."""
    save = load_json(folder, HOST_FILE)
    if (save is None or not save.get("guest_joined") or save.get("format") != SAVE_FORMAT
            or save.get("played_by") != APP_HOSTED):
        return None
    names = save.get("names")
    config = save.get("config")
    if not (isinstance(names, list) and len(names) == 2
            and all(isinstance(n, str) for n in names) and isinstance(config, dict)):
        return None
    try:
        saved_config(save)
    except (KeyError, TypeError, ValueError):
        return None
    return save


def saved_friend(save: Mapping[str, Any]) -> str:
    """The friend of a host's autosave, as this table names them (cleaned: it came from
    the other side)."""
    names = save.get("names")
    name = names[1] if isinstance(names, list) and len(names) == 2 else ""
    return shown_name(clean_text(name) if isinstance(name, str) else "", 1)


def saved_config(save: Mapping[str, Any]) -> GameConfig:
    """The game, its variants and the best-of of a host's autosave (``KeyError``,
    ``TypeError``, ``ValueError`` if it has none)."""
    c = save["config"]
    return GameConfig(game=str(c["game"]), rules=dict(c["rules"]), best_of=int(c["best_of"]),
                      opponent="human")


async def forget_save(folder: Path | None) -> None:
    """The host's player gives the unfinished match up: its autosave goes."""
    if folder is not None:
        with contextlib.suppress(OSError):
            await asyncio.to_thread((folder / RECORDS_DIR / HOST_FILE).unlink)


def _sampler(observation: Mapping[str, Any]) -> Callable[[random.Random], AnyState]:
    """The engine's sampler of full states consistent with ``observation``."""
    if observation.get("game") == trufludo.GAME:
        return trufludo.determinizer(cast("trufludo.Observation", observation))
    return truc.determinizer(cast("truc.Observation", observation))  # the host's, checked


def state_of(observation: Mapping[str, Any], previous: AnyState | None = None,
             seed: int = 0) -> AnyState:
    """An engine state this seat may draw: ``observation`` exactly, the cards it does not
    show dealt at random (the other hand face down, the stock).  A round's end that
    ``previous`` showed already is kept as the same object (the Truc table asks ``is``)."""
    state = _sampler(observation)(random.Random(seed))
    if (isinstance(state, truc.State) and isinstance(previous, truc.State)
            and previous.last_round is not None and state.last_round == previous.last_round):
        state = state._replace(last_round=previous.last_round)
    return state


def able_to(observation: Mapping[str, Any], action: str, previous: AnyState | None = None,
            tries: int = 400) -> AnyState | None:
    """A state of ``observation`` in which the other seat holds what ``action`` plays (so
    the table can show the move being made); ``None`` if no draw has it."""
    sample = _sampler(observation)
    rng = random.Random(len(action))
    for _ in range(tries):
        state = sample(rng)
        try:
            state.apply(action)
        except (IllegalActionError, ValueError):
            continue
        if (isinstance(state, truc.State) and isinstance(previous, truc.State)
                and state.last_round == previous.last_round):
            state = state._replace(last_round=previous.last_round)
        return state
    return None


def _keep_going(coro: Coroutine[Any, Any, None]) -> asyncio.Future[None]:
    """Run ``coro`` on after the session has closed (kept referenced until done)."""
    task = asyncio.ensure_future(coro)
    _lingering.add(task)
    task.add_done_callback(_lingering.discard)
    return task


def closing_in_background(closing: Coroutine[Any, Any, None]) -> None:
    """A session closed by a table that is going away (kept referenced until done, and
    waited for by :func:`after_the_app` when the app is quitting)."""
    _keep_going(closing)


async def after_the_app(say: Callable[[str], None]) -> None:
    """In the app's event loop once its interface has closed: the sessions' closing
    finishes (up to :data:`AFTER_APP_SECONDS`), then a host that ended the game while its
    friend was away stays until the friend came back and read it, or its rejoin window is
    over: ``say`` tells the terminal so, once (Ctrl+C stops it)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + AFTER_APP_SECONDS
    told = False
    while True:
        telling = {t for t in _telling if not t.done()}
        others = {t for t in _lingering if not t.done()} - telling
        if telling and not told:
            told = True
            name, until = max(_telling[t] for t in telling)
            left = max(0, math.ceil(until - loop.time()))
            say(tr("net.quit.telling", name=name, time=f"{left // 60}:{left % 60:02d}"))
        if not telling and (not others or loop.time() >= end):
            return
        await asyncio.wait(telling | others, timeout=0.1, return_when=asyncio.FIRST_COMPLETED)


def shown_name(name: str, seat: int) -> str:
    """A seat's name as this table shows it: no name typed is "Host" or "Guest" in the
    reader's language (the other table's default travels in English)."""
    return tr(("net.host.name", "net.guest.name")[seat]) if name in ("", DEFAULT_NAMES[seat]) \
        else name


class NetSession:
    """One seat's match: made by :meth:`hosting` (then :meth:`guest_joined`) or
    :meth:`joining`; :meth:`listen` starts reading; :meth:`close` ends everything it
    started."""

    def __init__(self, client: NetClient, *, host: Host | None = None,
                 match: asyncio.Future[Any] | None = None, folder: Path | None = None,
                 rejoin_seconds: float = REJOIN_SECONDS) -> None:
        self.client = client
        self.host = host
        self.match = match
        self.folder = folder
        self.rejoin_seconds = rejoin_seconds
        self.queue: asyncio.Queue[SessionEvent] = asyncio.Queue()
        self.over = False
        self.result: tuple[int, int] | None = None
        self._reader: asyncio.Task[None] | None = None
        self._linger = False  # ended while the friend was away: tell it if it comes back
        self.linger_seconds = LINGER_SECONDS
        self.page: GuestPage | None = None  # the guest's seat in a browser tab (host --web)
        self.seat_kept: Autosave | None = None  # the guest's seat.json (the same code again)
        # The host's net/host.json: kept while the match may be resumed (host --resume, or
        # the Play a friend screen of this app started again), removed once it cannot be.
        self.autosave: Autosave | None = None
        self.resumed = False  # hosting a match an earlier run of the app left unfinished
        self.resumable = False  # the guest's: the host vanished, the seat stays kept
        # The guest's seat in a browser tab (host --web): reloading the page (its cookie)
        # takes the seat back, not a code pasted on Join.
        self.in_browser = False
        self.web_linger_seconds = WEB_LINGER_SECONDS

    # -- making one -------------------------------------------------------------------------
    @classmethod
    async def hosting(cls, config: GameConfig, *, name: str, bind: str = "0.0.0.0",
                      port: int = 0, address: str | None = None,
                      folder: Path | None = None, save: dict[str, Any] | None = None
                      ) -> tuple[NetSession, Invite]:
        """Listen, seat the host's own table (over loopback) and make the invite code.
        The match is autosaved in ``folder`` (``net/host.json``, as ``host`` does), so an
        app killed mid-match can resume it: ``save`` is that autosave (:func:`resumable_save`),
        hosted again as ``host --resume`` does (a new certificate and code; the guest's
        seat waits 5 minutes for its table, which takes it with its seat secret).
        ``ValueError`` if ``save`` cannot be resumed."""
        autosave = Autosave(None if folder is None else folder / RECORDS_DIR / HOST_FILE)
        if save is None:
            host = Host(config, bind=bind, port=port, address=address,
                        name=name or DEFAULT_NAMES[0], keep=autosave)
        else:
            host = Host.resume(save, bind=bind, port=port, address=address, keep=autosave)
        host.played_by = APP_HOSTED  # (not a host --bot's match: resumed by the app only)
        try:
            invite = await host.start()
            match: asyncio.Future[Any] = asyncio.ensure_future(host.run_match())
            client = await host.own_table(name=host.seats[0].name)
        except BaseException:
            await host.close()
            raise
        session = cls(client, host=host, match=match, folder=folder)
        session.autosave = autosave
        session.resumed = save is not None
        session.listen()
        return session, invite

    async def guest_joined(self) -> None:
        """Until the guest has taken the seat; :class:`HostError` if the code expired."""
        assert self.host is not None
        await self.host.wait_for_guest()

    async def serve_page(self, page: GuestPage) -> str:
        """Also serve the guest's seat in a browser tab (``host --web``): its link.  The
        page stops with this session (after the friend has read the result)."""
        link = await page.start()
        self.page = page
        return link

    @classmethod
    async def joining(cls, code: str, *, name: str, folder: Path | None = None,
                      timeout: float = 25.0, keep_seat: bool = False) -> NetSession:
        """Take the guest's seat with ``code`` (``InviteError``, ``JoinError``: say why).
        ``keep_seat``: the seat is kept in ``folder`` (``net/seat.json``), and the same code
        again takes it back (the app closed or killed mid-match and started again; a browser
        tab of ``host --web`` reloaded): until the match is over (:meth:`close`)."""
        invite = Invite.parse(code)
        saved = load_json(folder, SEAT_FILE) if keep_seat else None
        secret = None if saved is None else saved.get("seat_secret")
        client: NetClient | None = None
        if isinstance(secret, str) and saved is not None:
            # The kept seat's secret, with this code's host: the same code again, or the
            # new code of a host that resumed the match (as ``join --rejoin NEWCODE``).
            try:
                client = await NetClient.rejoin(invite, secret, timeout=timeout)
            except JoinError as e:
                # Another match's host does not know the secret (or a damaged file's): the
                # code is a new seat's.  Any other answer is this code's, said as it is.
                if saved.get("code") == code or e.kind not in ("wrong_secret", "bad_field"):
                    raise
            else:
                client.restore(saved)
        if client is None:
            client = await NetClient.join(invite, name=name or DEFAULT_NAMES[1], timeout=timeout)
        kept = None
        if keep_seat and folder is not None:  # written off the event loop, as the seeds
            kept = Autosave(folder / RECORDS_DIR / SEAT_FILE)
            client.keep = kept
            kept(client.saved())
            await kept.flush()
        session = cls(client, folder=folder)
        session.seat_kept = kept
        session.listen()
        return session

    # -- what the table reads ----------------------------------------------------------------
    @property
    def seat(self) -> int:
        return self.client.seat

    @property
    def config(self) -> GameConfig:
        w = self.client.welcome
        return GameConfig(game=w.game, rules=dict(w.rules), best_of=w.best_of,
                          opponent="human")  # two people: the tables name them

    def names(self) -> tuple[str, str]:
        """Both seats' names (the host's first), cleaned: they come from the other side."""
        names = list(self.client.names) + ["", ""]
        if self.host is not None:
            names[GUEST_SEAT] = self.host.seats[GUEST_SEAT].name
        return (shown_name(clean_text(names[0]), 0), shown_name(clean_text(names[1]), 1))

    def other_name(self) -> str:
        return self.names()[1 - self.seat]

    # -- reading ----------------------------------------------------------------------------
    def listen(self) -> None:
        if self._reader is None:
            self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        while True:
            try:
                async for event in self.client.events():
                    if isinstance(event, GameEnded):
                        await self._keep(event.record)
                    elif isinstance(event, MatchEnded):
                        await self._seat_done()  # before the table learns it is over
                        if self.autosave is not None:  # nothing left to resume
                            await self.autosave.remove()
                        self.over, self.result = True, event.result
                        page, self.page = self.page, None
                        if page is not None:  # stops once the friend has read the result
                            _keep_going(page.close(wait=self.web_linger_seconds))
                    elif isinstance(event, HostProblem) and event.code == "ended":
                        self.over = True
                        # The away guest's loss, kept once (the host keeps its own win).
                        if event.record is not None and self.host is None:
                            await self._keep(event.record)
                        # The host's app stopped under its table: it kept the match to
                        # resume, and this seat stays kept for the new code.
                        self.resumable = self.host is None and event.message == STOPPED
                        await self.queue.put(Lost(event.message, event.winner,
                                                  resumable=self.resumable))
                        return
                    await self.queue.put(event)
                return
            except ProtocolError as e:
                self.over = True
                await self.queue.put(Lost(f"the host broke the protocol: {e}"))
                return
            except ConnectionError as e:
                if self.over:
                    return
                why = await self._rejoin()
                if why is not None:
                    self.over = True
                    # Not given up by the host: a resumed host's new code takes it back.
                    self.resumable = self.host is None and why != "too_late"
                    await self.queue.put(Lost(str(e), lost_line=True,
                                              resumable=self.resumable))
                    return

    async def _rejoin(self) -> str | None:
        """Take the seat back with its secret, trying for ``rejoin_seconds``: ``None``
        once back, else the kind of the last refusal (``too_late``: the seat is given up;
        ``certificate``: another host at that address, maybe this one's host resumed)."""
        await self.queue.put(Reconnecting())
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.rejoin_seconds
        kind = "timeout"
        while loop.time() < deadline:
            try:
                await self.client.reconnect(timeout=min(10.0, deadline - loop.time()))
            except JoinError as e:
                kind = e.kind
                if e.kind in FINAL:  # the seat is gone, or another program answers
                    return kind
                await asyncio.sleep(RETRY_SECONDS)
                continue
            await self.queue.put(Reconnected())
            return None
        return kind

    async def _seat_done(self) -> None:
        """The match is over: the guest's seat.json goes now, not when the table closes
        (an app quit at once would otherwise leave it behind)."""
        if self.seat_kept is not None:
            self.client.keep = None
            await self.seat_kept.remove()

    async def _keep(self, record: GameRecord) -> None:
        try:
            path = await asyncio.to_thread(keep_record, self.folder, record)
        except Exception as e:  # noqa: BLE001 - the game is played: keeping it may fail
            await self.queue.put(Kept(None, f"{type(e).__name__}: {e}"))
            return
        await self.queue.put(Kept(path, None))

    # -- playing ----------------------------------------------------------------------------
    async def play(self, action: str) -> None:
        with contextlib.suppress(OSError, RuntimeError):
            await self.client.play(action)

    @property
    def can_chat(self) -> bool:
        """Does the host pass chat on (an older host's does not)?"""
        return self.client.can_chat

    async def chat(self, phrase: str | None = None, text: str | None = None) -> bool:
        """A chat line for the friend (a quick phrase's id or a short text); ``False`` if
        it could not go out (the line is down: it is not kept for later)."""
        try:
            return await self.client.chat(phrase, text)
        except (OSError, RuntimeError):
            return False

    def friend_away(self) -> bool:
        """Is the other player away (reconnecting), as the host sees it?"""
        return self.host is not None and self.host.away() == 1 - self.seat

    async def end_while_away(self) -> bool:
        """This player ends the game while the friend is away: the host (authoritative)
        records the game in play as this seat's win, marked as ended while the friend was
        away, once in this history; the friend's table learns it in ``ended`` if it comes
        back while this host still listens (:data:`LINGER_SECONDS`).  Only the host's side
        decides: a guest whose host is away just leaves (False)."""
        if self.host is None or self.over or not self.friend_away():
            return False
        self.over = True
        self._linger = True
        try:
            record = await asyncio.wait_for(self.host.end(ENDED_AWAY, while_away=True), 5)
        except (OSError, RuntimeError, TimeoutError):
            return False
        if record is not None:
            await self._keep(record)
        if self.autosave is not None:  # the match is over: nothing to resume
            await self.autosave.remove()
        return record is not None

    async def _linger_then_close(self, host: Host, seconds: float,
                                 page: GuestPage | None) -> None:
        """Keep listening until the away table has come back and read ``ended`` (a
        browser tab's too: its page stays served meanwhile)."""
        try:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(host.wait_for_guest(), seconds)
                await asyncio.sleep(1.0)  # its resync (the reveals, ``ended``) goes out
        finally:
            await host.close()
            if page is not None:
                await page.close(wait=self.web_linger_seconds)

    async def close(self, stopping: bool = False, keep: bool = False) -> None:
        """Stop reading, hang up, and stop hosting (this app's server ends with it; after
        :meth:`end_while_away` it listens on a while for the friend to come back).  The
        guest is told the host ended the game (:data:`ENDED`), or with ``stopping`` that
        the host's app stopped with the table open (:data:`STOPPED`).  The host's
        autosave stays to resume when the app stops (``stopping``), when the match
        could not go on, or with ``keep`` (the player went back while waiting for the
        friend of a resumed match); the host's player ending the match removes it.  Every
        step is bounded (:data:`CLOSE_STEP_SECONDS`): a friend gone already, a task that
        let its cancellation pass (``wait_for`` in Python 3.11), never keep the app from
        closing; what is not done by then finishes in the background."""
        ending = not self.over
        self.over = True
        if self._reader is not None:
            await _stopped(self._reader)
        why = STOPPED if stopping else ENDED
        if ending and not stopping and self.friend_away():
            # The friend away (reconnecting) did not hear it: the host stays to tell them,
            # on their return, that the game is over (not that it may be resumed).
            why, self._linger = LEFT_AWAY, True
        if ending and self.host is not None:  # the guest learns the host ended it
            await _within(self.host.end(why))
        await _within(self.client.close())
        if self.seat_kept is not None:
            # Left mid-match, or the host vanished: the same code again, or a resumed
            # host's new one, takes the seat back.
            if ending or self.resumable:
                await _within(self.seat_kept.flush())
            else:  # the match is over, or the seat gone: nothing to take back
                await _within(self.seat_kept.remove())
        if self.match is not None:
            await _stopped(self.match)
        if self.autosave is not None and self.host is not None and self.host.ticket.used:
            # (Nobody joined: nothing of this match was written, and a match an earlier
            # run left to resume stays.)
            if ending and not stopping and not keep:  # the host's player ended it
                await _within(self.autosave.remove())
            else:  # the last state on disk, to resume
                await _within(self.autosave.flush())
        page, self.page = self.page, None
        seconds = 0.0 if self.host is None else min(self.linger_seconds,
                                                   rejoin_left(self.host))
        if self.host is not None and self._linger and seconds > 0:
            task = _keep_going(self._linger_then_close(self.host, seconds, page))
            _telling[task] = (self.other_name(),
                              asyncio.get_running_loop().time() + seconds)
            task.add_done_callback(_told)
            self._linger = False
            return
        if self.host is not None:
            await _within(self.host.close())
        if page is not None and self.result is not None:  # the friend reads the result
            _keep_going(page.close(wait=self.web_linger_seconds))
        elif page is not None:
            await _within(page.close())


def rejoin_left(host: Host) -> float:
    """Seconds left of the away seat's window to come back (0: nobody away)."""
    away = host.away()
    dropped = None if away is None else host.seats[away].dropped_at
    if dropped is None:
        return 0.0
    return max(0.0, host.limits.rejoin_seconds - (host.clock() - dropped))


def _told(task: asyncio.Future[None]) -> None:
    _telling.pop(task, None)


async def _within(step: Coroutine[Any, Any, Any], seconds: float | None = None) -> bool:
    """Run one step of closing for at most ``seconds``: ``False`` if it is not done by
    then (it goes on in the background, never cancelled half-way: a page stopping its
    processes finishes).  Its errors end only the step."""
    task = asyncio.ensure_future(step)
    _lingering.add(task)
    task.add_done_callback(_lingering.discard)
    task.add_done_callback(_quiet)
    done, _ = await asyncio.wait({task}, timeout=CLOSE_STEP_SECONDS if seconds is None
                                 else seconds)
    return bool(done)


async def _stopped(task: asyncio.Future[Any]) -> bool:
    """Cancel ``task`` and wait for it, boundedly: a task whose cancellation was lost (a
    ``wait_for`` that finished at the same moment, Python 3.11) is cancelled again, and
    left if it still runs after :data:`CLOSE_STEP_SECONDS`."""
    loop = asyncio.get_running_loop()
    end = loop.time() + CLOSE_STEP_SECONDS
    task.add_done_callback(_quiet)
    while not task.done() and loop.time() < end:
        task.cancel()
        await asyncio.wait({task}, timeout=min(0.1, max(0.0, end - loop.time())))
    return task.done()


def _quiet(task: asyncio.Future[Any]) -> None:
    """A closing step's error is read (never "exception was never retrieved")."""
    if not task.cancelled():
        task.exception()


__all__ = ["LEFT_AWAY", "ChatReceived", "ChatUndelivered", "DealAlarm", "DealVerified",
           "GameEnded", "HostError", "HostProblem", "Kept", "Lost", "MatchEnded", "NetSession",
           "OpponentAway", "Reconnected", "Reconnecting", "SessionEvent", "Turn", "able_to",
           "after_the_app", "closing_in_background", "forget_save", "lost_words",
           "resumable_save", "saved_config", "saved_friend", "state_of"]
