"""The Le Truc and Trufludo tables played against a friend over the network (issue 39).

They are the usual tables with one seam changed: a move the player makes goes to the host
(:class:`NetSession`) instead of ``state.apply``, and the position shown comes from the
host's next ``update`` (``next_state``).  The state drawn is rebuilt from this seat's
observation (``netplay.state_of``): the other hand is never on this computer, only as many
face-down cards.  The engine state of the match lives at the host only.

The other player's moves are shown as the computer's are (a trick or a capture stays a
moment), the names are the players', and the table tells when a deal is verified, when the
other player is away (with the choice to leave), and raises the alarm on a bad deal.

Chat (``t``): a compact log above the status line and, while open, the quick phrases (the
digits) and a one-line text box; ``s`` mutes the friend's lines (widgets/chat.py).
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

from rich.markup import escape
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.timer import Timer
from textual.widgets import Button, Input

from truf_tui.engine import truc
from truf_tui.engine.series import Series
from truf_tui.net.client import GameEnded
from truf_tui.net.protocol import CHAT_DROPS, CHAT_MAX, clean_text
from truf_tui.ui.crashes import log_folder
from truf_tui.ui.i18n import tr
from truf_tui.ui.keybar import KeyBar, KeyHint
from truf_tui.ui.netplay import (
    ChatReceived,
    ChatUndelivered,
    DealAlarm,
    DealVerified,
    HostProblem,
    Kept,
    Lost,
    MatchEnded,
    NetSession,
    OpponentAway,
    Reconnected,
    Reconnecting,
    SessionEvent,
    Turn,
    able_to,
    closing_in_background,
    lost_words,
    state_of,
)
from truf_tui.ui.screens.summary import (
    OnceModal,
    Refusal,
    Story,
    TrucResults,
    TrucRoundSummary,
    TrufludoResults,
)
from truf_tui.ui.screens.table_base import TableScreen, to_move
from truf_tui.ui.screens.truc_table import TrucTable
from truf_tui.ui.screens.trufludo_table import TrufludoTable
from truf_tui.ui.services import services
from truf_tui.ui.settings import SettingsChanged
from truf_tui.ui.widgets.chat import ChatInput, ChatLine, ChatPanel
from truf_tui.ui.widgets.table import Markup, Thinking

CHAT_KEY = ("t", "chat.key", "screen.chat")  # in the key bar, before Esc Menu
MATCH_END_SECONDS = 5.0  # the longest a finished table waits for the host's match_over


BACK_CHECK_SECONDS = 1.0  # how often a host's table waiting for its friend looks again
# Over a round's or a game's box, notices ("deal verified") are drawn at the top, at most
# a few rows: at 80x24 a notice at the bottom lay over the box's buttons for seconds.
BOX_TOASTS = """
ToastRack { dock: top; align: right top; margin-bottom: 0; max-height: 35%; }
"""


class NetPlay(TableScreen[Any]):
    """What both networked tables add to their game's table (a mixin: put it first)."""

    HINTS: ClassVar[bool] = False  # no hints against a person: h says so, the bar leaves it out
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "chat", show=False),  # talk: the chat line and the quick phrases
        Binding("s", "mute_chat", show=False),  # silence the friend's chat (again: show it)
    ]

    def __init__(self, session: NetSession, first: Turn) -> None:
        super().__init__(session.config, state_of(first.observation))
        self.net = session
        self.viewer = session.seat
        self.player_names = session.names()
        self._turn = first  # the host's last position shown (or being shown)
        self._latest = first  # the host's last position received
        self._leaving = False  # the table is being closed: nothing more is drawn
        self._left = False  # the player left the table (not the app stopping under it)
        self._pending: deque[Turn] = deque()  # positions received, shown in turn
        self._target: Any = None  # the position the move on show leads to
        self._sent = False  # this seat's move is on its way to the host
        self._game = first.game
        self._away: str | None = None  # the other player, while reconnecting
        self._reconnecting = False  # this table, while it takes its seat back
        self._back_watch: Timer | None = None  # the host's: is the away friend back?
        self.verified = 0  # deals verified in this match
        self._checked: dict[int, bool] = {}  # game -> every deal verified (its game_over)
        self._wins: tuple[int, int] = (0, 0)  # games won in the match (host's seat first)
        self._ended = -1  # the last game whose end (game_over) the host sent
        self._results_due: Callable[[], None] | None = None  # shown once that end comes
        self.alarm: str | None = None
        self._waiting_box: WaitingForFriend | None = None
        self.chat_muted = False  # the friend's chat lines are not shown (s)

    # -- the seat: always this table's, never passed ---------------------------------------
    @property
    def me(self) -> int:
        return self.net.seat

    @property
    def hidden(self) -> bool:
        return False

    def pass_keyboard(self) -> None:
        self.viewer = self.net.seat

    def my_move(self) -> bool:
        return not self._sent and not self._reconnecting and super().my_move()

    def seat_note(self, player: int) -> str:
        if player != self.me and self._away is not None:
            return f"[$text-warning]{tr('net.away.short')}[/]"
        if player == self.me and self._reconnecting:
            return f"[$text-warning]{tr('net.reconnecting.short')}[/]"
        return ""

    def wait_text(self) -> str:
        if self._sent:
            return tr("net.sent")
        return tr("net.wait", name=self.who(self.opp))

    def replay_log(self, s: Any) -> list[Any]:
        # The moves before this table opened are not replayed (no initial deal is known
        # here): the log starts at the position the host sent.
        return self.log_start(s)

    def action_hint(self) -> None:
        self.warn(lambda: tr("net.no.hints"))

    # -- the flow ---------------------------------------------------------------------------
    def on_mount(self) -> None:
        super().on_mount()
        services(self).game_in_progress = True
        self.mount_chat()
        self.run_worker(self._listen(), group="net", exit_on_error=False)

    # -- chat -------------------------------------------------------------------------------
    def mount_chat(self) -> None:
        """The chat panel above the status line (hidden until used), ``t`` in the key bar."""
        panel = ChatPanel()
        panel.friend = self.net.other_name()
        self.query_one("#felt").mount(panel, before=self.query_one("#status"))
        for bar in self.query("#keys").results(KeyBar):
            menu = [h for h in bar.query(KeyHint) if h.action == "screen.menu"]
            bar.mount(KeyHint(*CHAT_KEY), before=menu[0] if menu else None)

    def chat_panel(self) -> ChatPanel | None:
        panels = self.query(ChatPanel)
        return panels.first() if panels else None

    def refresh_view(self) -> None:
        super().refresh_view()
        self.call_after_refresh(self.fit_chat)  # the cards on the table may take more rows

    def fit_chat(self) -> None:
        """The chat takes only the rows the table's middle (the trick, the table cards)
        leaves: the cards are never covered, the chat shows fewer lines instead."""
        panel = self.chat_panel()
        zones = self.query("#mid-zone, #table-zone")
        if panel is None or not zones or not panel.is_mounted:
            return
        zone = zones.first()
        needed = max((c.outer_size.height + c.styles.margin.top + c.styles.margin.bottom
                      for c in zone.children if c.display), default=0)
        needed += zone.styles.padding.top + zone.styles.padding.bottom
        shown = panel.outer_size.height if panel.display else 0
        room = max(0, shown + zone.outer_size.height - needed)
        if room != panel.room:
            panel.fit(room)

    def chat_note(self, key: str, **params: str) -> None:
        panel = self.chat_panel()
        if panel is not None:
            panel.add(ChatLine("note", key=key, params=tuple(params.items())))

    def action_chat(self) -> None:
        panel = self.chat_panel()
        if panel is None:
            return
        if not self.net.can_chat:
            self.chat_note("chat.none")
            return
        panel.friend = self.net.other_name()
        panel.open()

    def action_mute_chat(self) -> None:
        self.chat_muted = not self.chat_muted
        self.chat_note("chat.muted" if self.chat_muted else "chat.unmuted",
                       name=self.net.other_name())

    @on(ChatInput.Picked)
    def chat_picked(self, event: ChatInput.Picked) -> None:
        event.stop()
        self.say(phrase=event.phrase)

    @on(Input.Submitted, "#chat-input")
    def chat_typed(self, event: Input.Submitted) -> None:
        event.stop()
        self.say(text=event.value)

    @on(ChatInput.Closed)
    def chat_closed(self, event: ChatInput.Closed) -> None:
        event.stop()
        panel = self.chat_panel()
        if panel is not None:
            panel.close()

    def say(self, phrase: str | None = None, text: str | None = None) -> None:
        """Send a quick phrase or a text to the friend, and show it as the friend will see
        it (the text cleaned as the host cleans it); the chat line closes."""
        panel = self.chat_panel()
        if panel is not None:
            panel.close()
        if text is not None:
            text = clean_text(text, CHAT_MAX)
            if not text:
                return
        if panel is not None:
            panel.add(ChatLine("me", phrase=phrase, text=text))
        self.run_worker(self.net.chat(phrase, text), group="net-chat", exit_on_error=False)

    def chat_received(self, event: ChatReceived) -> None:
        """The friend's line in the log (not while muted); a notice too if a box (results,
        help) covers the table."""
        if self.chat_muted:
            return
        names = self.net.names()
        name = names[event.seat] if event.seat in (0, 1) else event.name
        line = ChatLine("friend", name=name, phrase=event.phrase, text=event.text)
        panel = self.chat_panel()
        if panel is not None:
            panel.add(line)
        if self.app.screen is not self:  # plain text: never read as markup
            self.app.notify(f"{name}: {line.words()}", markup=False, timeout=8)

    def on_screen_suspend(self) -> None:
        """A box opens over the table: the chat line closes, so the box's keys (and the
        table's digits after it) never land in it."""
        panel = self.chat_panel()
        if panel is not None and panel.is_open:
            panel.close()

    def on_settings_changed(self, event: SettingsChanged) -> None:
        super().on_settings_changed(event)
        panel = self.chat_panel()
        if panel is not None:
            panel.redraw()  # the phrases in the new language

    def leave_table(self) -> None:
        self._leaving = self._left = True
        super().leave_table()

    def leave_by_choice(self) -> None:
        """Quitting from the table's question: closing does what leaving does."""
        self._left = True

    def on_unmount(self) -> None:
        self._leaving = True
        super().on_unmount()
        self.run_closing()

    def run_closing(self) -> None:
        # Unmounted as the app exits (quit, its terminal closed, a crash): the app stops
        # under the table, and a host keeps the game to resume.  Unmounted while the app
        # runs on, the player left it (Esc, Leave: every way off a table is their choice).
        stopping = not self._left and self.app.return_code is not None
        closing_in_background(self.net.close(stopping=stopping))

    def leaving_words(self) -> list[tuple[str, dict[str, str]]]:
        """What leaving this table does, for the question asked first (the string keys
        and their fields): the host's player ends the game (NetSession.close removes its
        autosave; the guest's seat goes); the guest's seat is kept in the data folder (the
        same code takes it back while the host waits, a resumed host's new code later)."""
        friend = {"name": escape(self.net.other_name())}
        if self.net.host is not None:
            return [("net.leave.host.away" if self.net.friend_away() else "net.leave.host",
                     friend)]
        if self.net.seat_kept is None:  # no data folder: nothing takes the seat back
            key = "net.leave.guest.unkept"
        elif self.net.in_browser:  # host --web's tab: the page reloaded takes it back
            key = "net.leave.guest.lost.web" if self._reconnecting else "net.leave.guest.web"
        else:  # the host vanished: the seat waits for the host's new code
            key = "net.leave.guest.lost" if self._reconnecting else "net.leave.guest"
        if self._reconnecting:
            return [(key, friend)]
        # The host waits for this seat, and its player may end the game as their win.
        return [(key, friend), ("net.leave.guest.win", friend)]

    def next_state(self, old: Any, action: Any) -> Any:
        target, self._target = self._target, None
        return old.apply(action) if target is None else target

    # The usual check, on a position rebuilt from the host's (this seat's hand and the
    # public cards): what it cannot settle here is the host's to judge.
    MOVE_ERRORS = (ValueError,)

    def human_move(self, action: Any) -> bool:
        """The move goes to the host; the table shows it when the host sends it back."""
        if not self.may_play(action):
            return False
        self._sent = True
        self._notice = None
        self.run_worker(self.net.play(str(action)), group="net-send", exit_on_error=False)
        self.refresh_view()
        return True

    def advance(self) -> None:
        s = self.state
        self.viewer = self.net.seat
        thinking = self.query_one(Thinking)
        if s.is_terminal():
            thinking.stop()
            self.game_over()
        elif s.current_player != self.me:
            thinking.start(tr("net.thinking", name=self.who(self.opp)))
        else:
            thinking.stop()
        self.refresh_view()
        self.call_later(self.pump)

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        self.call_later(self.pump)

    def results_note(self) -> str:
        """The results box's line on the fair deal of the game on the table: every deal
        verified, or not checked here (a table that came back in a new process)."""
        checked = self._checked.get(self._game)
        if checked is None:
            return ""
        return tr("net.verified.results") if checked else \
            f"[$text-warning]{tr('net.unchecked')}[/]"

    def pump(self) -> None:
        """Show the next position the host sent, if the table is free to."""
        if (not self._pending or self._busy or self._leaving or not self.is_attached
                or not self.is_current):
            return
        turn = self._pending[0]
        if turn.game != self._game:
            if not self.state.is_terminal():  # a game cut short (rejoined): its end is lost
                self._pending.popleft()
                self.new_game(turn)
            return  # after the results (results_closed)
        self._pending.popleft()
        self._sent = self._sent and turn.n == self._turn.n
        if turn.n == self._turn.n + 1 and turn.last is not None and not self.state.is_terminal():
            self.show_move(turn)
        elif turn.n != self._turn.n or turn.observation != self._turn.observation:
            self._turn = turn
            self.load_state(state_of(turn.observation, self.state))
        else:
            self._turn = turn
            self.advance()

    def show_move(self, turn: Turn) -> None:
        """The move that led to ``turn``, shown as the table shows any move."""
        old = self.state
        mover = to_move(old)
        if mover != self.me:
            able = able_to(self._turn.observation, turn.last or "", old)
            if able is None:  # never with a host that keeps the rules: jump to it
                self._turn = turn
                self.load_state(state_of(turn.observation, old))
                return
            self.set_reactive(type(self).state, able)  # the same table, face down
            old = able
        action = next((a for a in old.legal_actions() if str(a) == turn.last), None)
        if action is None:
            self._turn = turn
            self.load_state(state_of(turn.observation, old))
            return
        self._turn = turn
        self._target = state_of(turn.observation, old)
        self.saw(old, action, self._target)
        self.query_one(Thinking).stop()
        self.play(mover, action)

    def saw(self, old: Any, action: Any, new: Any) -> None:
        """A move is shown: what the game's summaries need of it (Le Truc's rounds)."""

    def new_game(self, turn: Turn) -> None:
        """The match's next game: its first position."""
        self._game, self._turn = turn.game, turn
        self._sent = False
        self.hints_used = 0
        self.notify(tr("net.next.game", n=turn.game + 1), timeout=5)
        self.load_state(state_of(turn.observation))

    async def _listen(self) -> None:
        while True:
            event = await self.net.queue.get()
            if self._leaving:
                return
            try:
                self.on_net_event(event)
            except Exception as e:  # noqa: BLE001 - drawing a position must not end the match
                self.redraw_from_host(e)

    def redraw_from_host(self, error: Exception) -> None:
        """Showing a move failed: draw the host's last position as it is (logged)."""
        from truf_tui.store.errorlog import log_bot_crash

        log_bot_crash(error, game=self.GAME, tier="network", where="net table",
                      seat=self.me, moves=[], folder=log_folder(self.app))
        latest = self._latest
        self._busy = False
        self._target = None  # the failed move's: not the next move's position
        self._pending.clear()
        self._turn = latest
        self.load_state(state_of(latest.observation))

    def on_net_event(self, event: SessionEvent) -> None:
        if isinstance(event, Turn):
            self._latest = event
            self._away = None
            self._close_waiting()
            self._pending.append(event)
            self.pump()
        elif isinstance(event, DealVerified):
            self.verified += 1  # a box over the table keeps it off its buttons (BOX_TOASTS)
            self.notify(tr("net.verified"), title="✓", timeout=5)
        elif isinstance(event, DealAlarm):
            self.alarm = event.why
            self.app.bell()
            self.app.push_screen(DealAlarmScreen(event.game, event.why))
        elif isinstance(event, OpponentAway):
            self._away = self.net.other_name()  # its name in this table's language
            self.open_waiting(self._away, event.seconds)
        elif isinstance(event, Reconnecting):
            self._reconnecting = True
            if self.net.host is None:  # the host may be gone for good: how it comes back
                key = ("net.reconnecting.guest.web" if self.net.in_browser
                       else "net.reconnecting.guest")
                self.notify(tr(key, name=self.net.other_name()), severity="warning",
                            timeout=20)
            else:
                self.notify(tr("net.reconnecting"), severity="warning", timeout=5)
        elif isinstance(event, Reconnected):
            self._reconnecting = False
            self.notify(tr("net.reconnected"), timeout=4)
        elif isinstance(event, HostProblem):
            self._sent = False
            self.warn(lambda: tr("net.refused", why=event.message))
        elif isinstance(event, ChatReceived):
            self.chat_received(event)
        elif isinstance(event, ChatUndelivered):
            if event.why in CHAT_DROPS:
                self.chat_note(f"chat.dropped.{event.why}", name=self.net.other_name())
            else:  # a newer host's reason
                self.chat_note("chat.dropped.other", why=event.why)
        elif isinstance(event, Kept) and event.problem is not None:
            self.notify(tr("net.not.kept", why=event.problem), severity="error", timeout=10)
        elif isinstance(event, GameEnded):
            self._wins, self._ended = event.wins, event.game
            self._checked[event.game] = event.verified  # said in its results box
            due, self._results_due = self._results_due, None
            if due is not None:
                due()
        elif isinstance(event, MatchEnded):
            services(self).game_in_progress = False
        elif isinstance(event, Lost):
            services(self).game_in_progress = False
            self._close_waiting()
            self.app.clear_notifications()  # "taking your seat back…": said in the box now
            why = lost_words(event, self.net.other_name(), self.net.in_browser)
            if event.winner is not None and event.winner != self.me:
                why = tr("net.ended.away.lost", name=self.net.other_name())
            self.app.push_screen(NetLost(why), lambda _: self.leave_table())
        self.refresh_view()

    # -- the other player away --------------------------------------------------------------
    def open_waiting(self, name: str, seconds: float | None = None) -> None:
        if self._waiting_box is None and self.is_attached:
            self._waiting_box = WaitingForFriend(name, wins=self.net.host is not None,
                                                 seconds=seconds)
            self.app.push_screen(self._waiting_box, self._waiting_closed)
            if self.net.host is not None and self._back_watch is None:  # this app hosts:
                self._back_watch = self.set_interval(  # it sees the friend come back
                    BACK_CHECK_SECONDS, self.friend_back_check)

    def friend_back_check(self) -> None:
        """The friend came back on their own move: no position comes to say so (the next
        is theirs to make), so the host's table looks, and stops waiting."""
        if self._away is not None and not self.net.friend_away():
            self._away = None
            self._close_waiting()
            self.refresh_view()
        if self._away is None and self._back_watch is not None:
            self._back_watch.stop()
            self._back_watch = None

    def _waiting_closed(self, choice: str | None) -> None:
        self._waiting_box = None
        if choice == "end":
            services(self).game_in_progress = False
            self._leaving = True  # nothing more is drawn: the host's own "ended" included
            self.run_worker(self._end_while_away(), group="net-end", exit_on_error=False)

    async def _end_while_away(self) -> None:
        """The host records the game in play as this player's win (the friend is away)."""
        if await self.net.end_while_away():  # names come cleaned of markup (clean_text)
            self.app.notify(tr("net.ended.away.won", name=self.net.other_name()), timeout=8)
        self.leave_table()

    def _close_waiting(self) -> None:
        box, self._waiting_box = self._waiting_box, None
        if box is not None and box.is_attached:
            box.close(None)

    # -- the end of a game ------------------------------------------------------------------
    def match_over(self) -> bool:
        """Is the match over with the game on the table?  Counted as the host counts
        (``Series.capped``, F12): a drawn game counts for nobody and is played again, a
        best-of-1's too, up to twice the best-of.  (The host's ``match_over`` may come a
        moment after the game's end: the games so far say it as well.)"""
        if self.net.over:
            return True
        wins, played = self._wins, self._ended + 1
        results = (0,) * wins[0] + (1,) * wins[1] + (None,) * max(0, played - sum(wins))
        return replace(Series.capped(self.config.best_of), results=results).is_over()

    def when_game_ended(self, show: Callable[[], None]) -> None:
        """Show the results once the host has sent the game's end (the games won, whether
        the match goes on): the last move may come a moment before it."""
        if self._ended >= self._game:
            show()
        else:
            self._results_due = show

    def results_buttons(self) -> tuple[tuple[str, str], ...]:
        if self.match_over():
            return (("menu", "net.btn.done"),)
        return (("next", "net.btn.next"), ("menu", "net.btn.leave"))

    def results_closed(self, choice: str | None) -> None:
        if choice == "next" and not self.match_over():
            if self._pending and self._pending[0].game != self._game:
                self.new_game(self._pending.popleft())
            else:
                self.notify(tr("net.wait.next", name=self.who(self.opp)), timeout=4)
                self._game += 1  # the next game's first position opens it (pump)
            return
        services(self).game_in_progress = False
        if self.match_over() and not self.net.over:
            # The host tells the match's end a moment after its last game's.  Gone before
            # it, this table would look to the host like a player who dropped (the other
            # table: "waiting for …") or, the host's own, like one ending the match.
            self._leaving = True  # nothing more is drawn
            self.run_worker(self._leave_at_match_end(), group="net-end", exit_on_error=False)
            return
        self.leave_table()

    async def _leave_at_match_end(self) -> None:
        """Leave once the host has told the match's end (or after a bound: a host gone
        meanwhile has nothing more to tell)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + MATCH_END_SECONDS
        while not self.net.over and loop.time() < end:
            await asyncio.sleep(0.02)
        self.leave_table()


class NetTrucTable(NetPlay, TrucTable):
    """Le Truc against a friend.  The summaries cannot replay the match from its first
    deal (this table never knew the other hands): they get the rounds as seen."""

    TAKE_BACKS = False  # a move sent to a friend is not taken back

    def __init__(self, session: NetSession, first: Turn) -> None:
        super().__init__(session, first)
        self.story: Story = ([], {})

    @staticmethod
    def decisions_this_round(s: truc.State, me: int = 0) -> list[truc.State]:
        # A table opened in the middle of a round (a browser tab of host --web reloaded)
        # does not know the round's deal, only this seat's observation: it cannot replay
        # the round, and there is nothing to take back anyway (TAKE_BACKS).
        return []

    def saw(self, old: Any, action: Any, new: Any) -> None:
        ends, refused = self.story
        if action.kind == "refuse" and old.pending in ("raise", "rest"):
            refused[old.round_no] = Refusal(old.pending, old.stake)
        end = new.last_round
        if end is not None and (not ends or ends[-1] != end):
            ends.append(end)

    def new_game(self, turn: Turn) -> None:
        self.story = ([], {})
        super().new_game(turn)

    def round_summary(self, new: truc.State, start: int | None = None) -> TrucRoundSummary:
        return NetTrucRoundSummary(new, names=self.names_or_none, story=self.story)

    def show_results(self) -> None:
        def show() -> None:
            box = NetTrucResults(self.tstate, names=self.names_or_none, story=self.story)
            box.net_buttons = self.results_buttons()
            box.net_note = self.results_note()
            self.app.push_screen(box, self.results_closed)

        self.when_game_ended(show)


class NetTrufludoTable(NetPlay, TrufludoTable):
    """Trufludo against a friend."""

    def show_results(self) -> None:
        def show() -> None:
            box = NetTrufludoResults(self.tstate, names=self.names_or_none)
            box.net_buttons = self.results_buttons()
            box.net_note = self.results_note()
            self.app.push_screen(box, self.results_closed)

        self.when_game_ended(show)


class NetTrucRoundSummary(TrucRoundSummary):
    DEFAULT_CSS = BOX_TOASTS


class NetTrucResults(TrucResults):
    DEFAULT_CSS = BOX_TOASTS
    net_buttons: tuple[tuple[str, str], ...] = ()
    net_note = ""  # the fair deal of the game (NetPlay.results_note)

    def button_list(self) -> tuple[tuple[str, str], ...]:
        return self.net_buttons

    def texts(self) -> tuple[str, str]:
        title, body = super().texts()
        return title, f"{body}\n{self.net_note}" if self.net_note else body


class NetTrufludoResults(TrufludoResults):
    DEFAULT_CSS = BOX_TOASTS
    net_buttons: tuple[tuple[str, str], ...] = ()
    net_note = ""

    def button_list(self) -> tuple[tuple[str, str], ...]:
        return self.net_buttons

    def texts(self) -> tuple[str, str]:
        title, body = super().texts()
        return title, f"{body}\n{self.net_note}" if self.net_note else body


def net_table(session: NetSession, first: Turn) -> NetPlay:
    """The table of the session's game, at its first position."""
    if session.config.game == "trufludo":
        return NetTrufludoTable(session, first)
    return NetTrucTable(session, first)


# -- dialogs ------------------------------------------------------------------------------------
class NetDialog(OnceModal[str | None]):
    """A box over the table: a title, a text, buttons (id, string key)."""

    CSS_PATH = "../tables.tcss"
    DEFAULT_CSS = """
    NetDialog { align: center middle; }
    NetDialog #net-box {
        width: 70; max-width: 100%; height: auto; padding: 1 2;
        border: thick $accent; background: $surface;
    }
    NetDialog #net-title { width: 100%; text-align: center; text-style: bold; }
    NetDialog Center { height: auto; margin-top: 1; }
    NetDialog Button { margin: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", show=False)]
    BUTTONS: ClassVar[tuple[tuple[str, str], ...]] = (("ok", "net.btn.ok"),)
    # Focus by selector, not in on_mount: a box closed as soon as it opens (the friend
    # back at once) has no buttons left to query by then.
    AUTO_FOCUS = "Button"

    def compose(self) -> ComposeResult:
        with Vertical(id="net-box"):
            yield Markup(self.title_text(), id="net-title")
            yield Markup(self.body_text(), id="net-body")
            with Center():
                for bid, key in self.BUTTONS:
                    yield Button(tr(key), id=bid, variant="primary")

    def title_text(self) -> str:
        return ""

    def body_text(self) -> str:
        return ""

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.close(event.button.id)

    def action_cancel(self) -> None:
        self.close(None)


class WaitingForFriend(NetDialog):
    """"Waiting for Ana (reconnecting…)": wait, or leave the match.  The time left of the
    rejoin window (the host's ``waiting`` says how long) is counted down every second, so
    the player who stayed knows how long the wait can be."""

    BUTTONS = (("wait", "net.btn.wait"), ("end", "net.btn.end"))
    clock: ClassVar[Callable[[], float]] = staticmethod(time.monotonic)

    def __init__(self, name: str, wins: bool = False, seconds: float | None = None) -> None:
        super().__init__(id="net-waiting")
        self.friend = name
        self.wins = wins  # ending it now counts as this player's win (the host's side)
        self.deadline = None if seconds is None else type(self).clock() + seconds

    def on_mount(self) -> None:
        if self.deadline is not None:
            self.set_interval(1.0, self.tick)

    def tick(self) -> None:
        for body in self.query("#net-body").results(Markup):
            body.text = self.body_text()

    def seconds_left(self) -> int | None:
        if self.deadline is None:
            return None
        return max(0, math.ceil(self.deadline - type(self).clock()))

    def title_text(self) -> str:
        return tr("net.away.title", name=self.friend)

    def body_text(self) -> str:
        body = tr("net.away.body.win" if self.wins else "net.away.body", name=self.friend)
        left = self.seconds_left()
        if left is None:
            return body
        key = "net.away.left" if left > 0 else "net.away.left.none"
        when = f"{left // 60}:{left % 60:02d}"
        return f"{body}\n\n[b]{tr(key, name=self.friend, time=when)}[/]"


class DealAlarmScreen(NetDialog):
    """A deal that does not follow from both seeds: loud, red, and it stays until closed."""

    DEFAULT_CSS = """
    DealAlarmScreen #net-box { border: heavy $error; background: $error 30%; }
    DealAlarmScreen #net-title { color: $text-error; }
    """

    def __init__(self, game: int, why: str) -> None:
        super().__init__(id="net-alarm")
        self.game, self.why = game, why

    def title_text(self) -> str:
        return tr("net.alarm.title")

    def body_text(self) -> str:
        return tr("net.alarm.body", n=self.game + 1, why=escape(self.why))


class NetLost(NetDialog):
    """The match cannot go on (the host is gone, or ended it)."""

    def __init__(self, why: str) -> None:
        super().__init__(id="net-lost")
        self.why = why

    def title_text(self) -> str:
        return tr("net.lost.title")

    def body_text(self) -> str:
        return tr("net.lost.body", why=escape(self.why))


__all__ = ["DealAlarmScreen", "NetLost", "NetPlay", "NetTrucTable", "NetTrufludoTable",
           "WaitingForFriend", "net_table"]
