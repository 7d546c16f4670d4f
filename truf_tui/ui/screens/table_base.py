"""What both card tables share: the game state, the computer's worker, pacing, the move log.

The engine state is the single source of truth: it lives in the reactive ``state``; every
widget is redrawn from it (plus a little view state such as the card under the cursor, or a
capture being shown); the game changes only through ``state.apply`` in :meth:`commit`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeAlias, TypeVar, cast

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.reactive import reactive, var
from textual.screen import Screen
from textual.worker import get_current_worker

from truf_tui.engine import truc, trufludo
from truf_tui.engine.common import IllegalActionError
from truf_tui.play.config import COMPUTER, HUMAN, GameConfig
from truf_tui.play.dealer import agreed_ahead, deal, play_move
from truf_tui.store.errorlog import log_bot_crash
from truf_tui.ui.breakpoints import preset_breakpoints
from truf_tui.ui.crashes import log_folder, tell_bot_crash
from truf_tui.ui.i18n import tr
from truf_tui.ui.keybar import KeyBar
from truf_tui.ui.screens.summary import Names, player_name
from truf_tui.ui.services import services
from truf_tui.ui.settings import SettingsChanged
from truf_tui.ui.widgets.cards import CardRow
from truf_tui.ui.widgets.table import MoveLog, Seat, SeatName, Thinking

if TYPE_CHECKING:
    from truf_tui.engine.record import AnyState
    from truf_tui.ui.widgets.hints import Hint

Lazy = Callable[[], str]  # a message re-translated at every redraw (language switches)


S = TypeVar("S", trufludo.State, truc.State)  # the engine's State of the table's game


def to_move(s: AnyState) -> int:
    """The player to move in ``s``, a game not over."""
    player = s.current_player
    if player is None:
        raise ValueError("the game is over: nobody is to move")
    return player


@dataclass(frozen=True)
class TableKey:
    """An entry of the tables' key bar and the keys behind it.  The bar and the bindings are
    both made from :data:`TABLE_KEYS`, so no key is offered that does not work."""

    shown: str  # the key(s) as the bar writes them
    label: str  # the bar's text (a string key)
    action: str  # what a click on the bar runs
    bindings: tuple[Binding, ...] = ()  # the table's keys for it; none: a key of the app's
    while_playing: bool = False  # offered only until the game is over (a card, a hint, the log)


PLAY_KEY = "screen.confirm"  # the action of the number keys (and Enter): play a card
TABLE_KEYS: tuple[TableKey, ...] = (
    TableKey("1-3", "tbl.key.play", PLAY_KEY, (
        *(Binding(str(i + 1), f"pick({i})", show=False) for i in range(3)),
        Binding("enter,space", "confirm", show=False),  # the card under the cursor
    ), while_playing=True),
    TableKey("←→", "tbl.key.select", "screen.move(1)", (
        Binding("left", "move(-1)", show=False),
        Binding("right", "move(1)", show=False),
    ), while_playing=True),
    TableKey("h", "hint.key", "screen.hint", (Binding("h", "hint", show=False),),
             while_playing=True),
    # Once over, the results box is up and takes the keys: ``l`` could not open the log.
    TableKey("l", "tbl.key.log", "screen.toggle_log", (Binding("l", "toggle_log", show=False),),
             while_playing=True),
    TableKey("Esc", "tbl.key.menu", "screen.menu", (Binding("escape", "menu", show=False),)),
    TableKey("F1", "key.help", "app.help"),  # the app binds these on every screen
    TableKey("q", "key.quit", "app.quit"),
)


class ComputerChose(Message):
    """The computer's worker has its move (posted from the worker's thread to the table)."""

    bubble = False  # for the table that asked, no one else

    def __init__(self, epoch: int, action: Any, crashed: bool, log: Path | None) -> None:
        super().__init__()
        self.epoch = epoch  # the table's epoch when the worker started: stale if it moved on
        self.action = action  # the bot's answer (None if it crashed)
        self.crashed = crashed
        self.log = log  # where the crash was logged


class TableScreen(Screen[None], Generic[S]):
    """Base of :class:`TrufludoTable` and :class:`TrucTable`, over their engine's ``S``."""

    CSS_PATH = "../tables.tcss"
    AUTO_FOCUS = None
    GAME: ClassVar[str] = ""
    # Short terminals get one-line cards; wide ones show the move log by default.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (27, "-tall")]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-medium"), (120, "-wide")]
    HINTS: ClassVar[bool] = True  # the key bar offers h (a table without hints leaves it out)
    BINDINGS: ClassVar[list[BindingType]] = [b for key in TABLE_KEYS for b in key.bindings]

    state: reactive[S] = reactive(cast("S", None), init=False)  # set by __init__
    # The state a move leads to, set the moment it is played, before a capture's moment
    # shows it: the keeper saves it then, so a kill during the moment loses no move.
    played: var[S | None] = var(None, init=False)  # no repaint of its own

    def __init__(self, config: GameConfig, state: S | None = None) -> None:
        """A new deal of ``config``'s game, or ``state`` (a saved game, replayed) if given."""
        super().__init__(classes=f"table-screen {config.game}-table")
        preset_breakpoints(self)
        self.config = config
        self.set_reactive(type(self).state,
                          self.new_state() if state is None else agreed_ahead(state))
        self._bot: Any = None
        self._busy = False  # a capture or a trick is being shown: input waits
        self._epoch = 0  # bumped at every commit; stale timers and workers see it
        self._think_started = 0.0
        self._event: Lazy | None = None  # what just happened
        self._notice: Lazy | None = None  # why a key did nothing useful
        self._log_entries: list[Lazy] = []
        self._log_visible: bool | None = None  # None: by the width (HORIZONTAL_BREAKPOINTS)
        self._over_shown = False
        self._crash_told = False  # the player was told this game's computer crashed
        self._deferred: list[Callable[[], None]] = []
        # Hints (action_hint): how many positions got one, which, the latest verdict.
        self.hints_used = 0
        self.hinted: set[S] = set()
        self.last_hint: Hint | None = None
        # Hot-seat (two people at one keyboard): whose hand is face up at the bottom.  None
        # while the keyboard is being passed: then both hands are face down.
        self.hotseat = config.opponent == "human"
        self.viewer: int | None = None if self.hotseat else HUMAN
        self.player_names: Names = ("", "")  # as typed at the first pass ("": Player n)
        self._passing = False

    # -- to be provided by the games --------------------------------------------------------
    def new_state(self) -> S:
        """A new deal of the config's game (fair, unless the config has a seed)."""
        return cast("S", deal(self.config))

    def render_table(self) -> None:
        """Redraw every widget from ``self.state`` and the view state."""
        raise NotImplementedError

    def log_lines_for(self, old: S, new: S, mover: int, action: Any) -> list[Lazy]:
        return [self.move_line(mover, action, old)]

    def after_commit(self, old: S, new: S, mover: int, action: Any) -> bool:
        """React to a transition; return True to hold the game (the subclass resumes it)."""
        return False

    def show_results(self) -> None:
        raise NotImplementedError

    # -- helpers ----------------------------------------------------------------------------
    @property
    def card_style(self) -> str:
        return services(self).settings.card_style

    @property
    def pace(self) -> float:
        return services(self).settings.pace_seconds

    @property
    def me(self) -> int:
        """The seat at the bottom of the table: the human; in hot-seat the player looking
        (or, while the keyboard is passed, the player it is passed to)."""
        if not self.hotseat:
            return HUMAN
        if self.viewer is not None:
            return self.viewer
        turn = self.state.current_player
        return HUMAN if turn is None else int(turn)  # None: the game is over

    @property
    def opp(self) -> int:
        return 1 - self.me

    @property
    def hidden(self) -> bool:
        """Hot-seat, between turns: no hand may be shown."""
        return self.hotseat and self.viewer is None

    def my_move(self) -> bool:
        """Is the player at the keyboard to move (and may act now)?"""
        s = self.state
        return (not self._busy and not s.is_terminal() and s.current_player == self.me
                and not self.hidden)

    def next_turn_prompt(self, after: S, game: str) -> str:
        """The status line while a move is on show before it is played (the state is still
        the one before it): who moves after it, in the ``tbl.<game>.prompt.*`` texts."""
        if after.is_terminal():
            return tr(f"tbl.{game}.prompt.over")
        nxt = after.current_player
        if self.hotseat:
            return tr(f"tbl.{game}.prompt.named", name=self.who(nxt))
        return tr("tbl.prompt.next" if nxt == self.me else f"tbl.{game}.prompt.computer")

    def who(self, player: int | None) -> str:
        if player is None:  # nobody (a finished game)
            return ""
        if self.hotseat:
            return player_name(player, self.player_names)
        return tr("tbl.you") if player == HUMAN else tr("tbl.computer")

    @property
    def names_or_none(self) -> Names | None:
        """The names for the summaries: ``None`` in a game against the computer."""
        return self.player_names if self.hotseat else None

    def seat_note(self, player: int) -> str:
        """The line under a seat's name: the computer's strength (none in hot-seat)."""
        if player == COMPUTER and not self.hotseat:
            return f"[dim]{tr(f'tier.{self.config.tier}')}[/]"
        return ""

    def render_seats(self, s: S) -> None:
        """Both name boxes: who sits there, the dealer's chip, whose move it is."""
        for player, box in ((self.opp, "#opp-name"), (self.me, "#my-name")):
            self.query_one(box, SeatName).seat = Seat(
                self.who(player), self.seat_note(player),
                tr("tbl.dealer.chip") if s.dealer == player else "",
                s.current_player == player)

    def set_names(self, names: Names) -> None:
        """The players typed their names: use them, and keep them in the game's record."""
        self.player_names = names
        services(self).game_meta_changed(names=list(names))
        self.refresh_view()

    def side(self, player: int) -> str:
        """The suffix of a per-side text key: ``you``/``computer``; ``named`` in hot-seat
        (those texts take ``name``, the mover, and ``other``)."""
        if self.hotseat:
            return "named"
        return "you" if player == HUMAN else "computer"

    def names(self, player: int) -> dict[str, str]:
        return {"name": self.who(player), "other": self.who(1 - player)}

    def wait_text(self) -> str:
        return tr("tbl.wait.hotseat") if self.hotseat else tr("tbl.wait")

    def move_line(self, player: int, action: Any, before: S | None = None) -> Lazy:
        """A move in the log, in the player's language with card chips (the T11 text is
        for the game's record); ``before`` is the position it was played in."""
        from truf_tui.ui.moves import move_words

        colour = "$text-primary" if player == HUMAN else "$text-secondary"
        where = self.state if before is None else before
        return lambda: (f"[b {colour}]{self.who(player)}:[/] "
                        f"{move_words(where, action, self.card_style)}")

    def later(self, delay: float, fn: Callable[[], None]) -> None:
        """Run ``fn`` after ``delay`` seconds unless the game moved on meanwhile."""
        epoch = self._epoch

        def run() -> None:
            if epoch != self._epoch or not self.is_attached:
                return
            if not self.is_current:
                # Help, settings or the size notice is open: the game waits for the player.
                self._deferred.append(run)
                return
            fn()

        if delay <= 0:
            self.call_later(run)
        else:
            self.set_timer(delay, run)

    def warn(self, notice: Lazy) -> None:
        """An illegal or useless key: say why, change nothing."""
        self._notice = notice
        self.refresh_view()

    def refresh_view(self) -> None:
        if self.is_mounted:
            self.render_table()
            self.render_log()
            self.refresh_keys()

    def refresh_keys(self) -> None:
        """After the game no card is played and no hint given: those keys are not offered."""
        over = self.state.is_terminal()
        hands = getattr(self.state, "hands", None)  # the keys name the cards left, as the prompt
        for bar in self.query("#keys").results(KeyBar):
            for key in TABLE_KEYS:
                if key.while_playing:
                    bar.show(key.action, not over and (self.HINTS or key.action != "screen.hint"))
            if hands is not None and hands[self.me]:
                bar.relabel(PLAY_KEY, hand_keys(len(hands[self.me])).replace("–", "-"))

    # -- mounting, settings -----------------------------------------------------------------
    def compose_opponent(self) -> ComposeResult:
        """The top seat, as both tables have it: its name box, the thinking sign, the hand."""
        with Vertical(classes="who"):
            yield SeatName(id="opp-name", classes="name")
            yield Thinking(id="thinking")
        yield CardRow(id="opp-hand", classes="hand")

    def compose_my_name(self) -> ComposeResult:
        with Vertical(classes="who"):
            yield SeatName(id="my-name", classes="name")

    def compose_log(self) -> ComposeResult:
        yield MoveLog(id="log")

    def on_mount(self) -> None:
        if not self.hotseat:  # hot-seat: no computer player at all
            from truf_tui.ai import make_bot

            options = services(self).bot_options.copy()
            self._bot = make_bot(self.GAME, self.config.tier, seed=self.config.seed,
                                 opponent=services(self).player_name, **options)
        self._log_entries = self.replay_log(self.state)
        services(self).game_in_progress = not self.state.is_terminal()
        self.refresh_view()
        self.call_after_refresh(self.advance)

    def compose_keys(self) -> ComposeResult:
        """The key bar under both tables."""
        yield KeyBar([(key.shown, key.label, key.action) for key in TABLE_KEYS], id="keys")

    def on_settings_changed(self, _: SettingsChanged) -> None:
        self.refresh_view()
        for bar in self.query("#keys").results(KeyBar):
            bar.refresh_texts()

    def on_screen_resume(self) -> None:
        waiting, self._deferred = self._deferred, []
        for run in waiting:
            self.call_later(run)

    def watch_state(self, old: S, new: S) -> None:
        self.refresh_view()

    def on_resize(self) -> None:
        # The breakpoint classes (and the log's default) follow the size; so do table rows.
        self.call_after_refresh(self.refresh_view)

    def action_menu(self) -> None:
        """The game menu while the game goes on (save as…, saved games, leave); once it is
        over, straight back to the start screen."""
        if not self.state.is_terminal():
            services(self).game_menu()
        else:
            services(self).new_game_menu()

    def action_hint(self) -> None:
        """The expert's view of every legal move (h), in a panel over the table, if the
        player is to move."""
        from truf_tui.ui.screens.hint import HintScreen

        s = self.state
        if s.is_terminal():
            self.warn(lambda: tr("hint.over"))
            return
        if not self.my_move():
            self.warn(lambda: tr("hint.not.now"))
            return
        self.count_hint(s)

        def keep(hint: Hint) -> None:
            self.last_hint = hint  # only the latest position's is worth keeping

        last = self.last_hint
        seed = (self.config.seed or 0) * 1009 + len(s.history)
        self.app.push_screen(HintScreen(
            self.GAME, s, bot_options=services(self).bot_options.copy(),
            seed=seed, hints_used=lambda: self.hints_used,
            hint=last if last is not None and last.state == s else None, on_result=keep,
            me=self.me, log_folder=log_folder(self.app)))

    def count_hint(self, s: S) -> None:
        """A hint for position ``s``: counted once (opening the same position's hint again
        is free), and the count goes into the game's record."""
        if s in self.hinted:
            return
        self.hinted.add(s)
        self.hints_used += 1
        services(self).game_meta_changed(hints_used=self.hints_used)

    def action_toggle_log(self) -> None:
        self._log_visible = not self.log_visible
        self.render_log()

    @property
    def log_visible(self) -> bool:
        if self._log_visible is None:
            return self.has_class("-wide")
        return self._log_visible

    def render_log(self) -> None:
        log = self.query_one(MoveLog)
        log.display = self.log_visible
        self.set_class(log.display, "-log-open")  # the felt is narrower (tables.tcss)
        if log.display:
            log.show(tr("tbl.log.title"), [entry() for entry in self._log_entries])

    def initial_state(self, s: S) -> S:
        """The state ``s``'s game started from (for replaying its history)."""
        raise NotImplementedError

    def load_state(self, s: S) -> None:
        """Put ``s`` on the table (a saved or prepared position) and carry on from there."""
        s = agreed_ahead(s)  # a saved fair game: its next round's seed agreed, as in play
        self._epoch += 1
        self._busy = False
        self._event = self._notice = None
        self.reset_view()
        self._log_entries = self.replay_log(s)
        self._over_shown = False
        self._crash_told = False
        if self.hotseat:
            self.viewer = None  # a new position: pass the keyboard first
        self.state = s
        services(self).game_in_progress = not s.is_terminal()
        self.advance()

    def reset_view(self) -> None:
        """Forget view state tied to the previous position."""

    def replay_log(self, s: S) -> list[Lazy]:
        """The log of ``s``'s history, rebuilt move by move from the start."""
        cur = self.initial_state(s)
        lines = self.log_start(cur)
        for action in s.history:
            nxt = cur.apply(action)
            lines.extend(self.log_lines_for(cur, nxt, to_move(cur), action))
            cur = nxt
        return lines

    def log_start(self, s: S) -> list[Lazy]:
        return []

    # -- the flow of the game ---------------------------------------------------------------
    def commit(self, action: Any) -> None:
        """Apply ``action`` for the player to move: the only place the game changes."""
        old = self.state
        new = self.next_state(old, action)
        mover = to_move(old)
        self._epoch += 1
        self._busy = False
        self._notice = None
        self._log_entries.extend(self.log_lines_for(old, new, mover, action))
        if new.is_terminal():
            services(self).game_in_progress = False
        self.state = new
        if self.after_commit(old, new, mover, action):
            return
        self.advance()

    def next_state(self, old: S, action: Any) -> S:
        """The position ``action`` leads to (a table played over the network takes it from
        the host instead).  Raises if the move is not legal (or the game is over)."""
        return play_move(old, action)  # the fair deal's next round agreed (play/dealer.py)

    def advance(self) -> None:
        """Whose move is it now: the computer thinks, or the table waits for the player."""
        s = self.state
        if s.is_terminal():
            self.game_over()
        elif self.hotseat:
            if s.current_player != self.viewer:
                self.pass_keyboard()
        elif s.current_player == COMPUTER:
            self.start_thinking()
        self.refresh_view()

    # -- hot-seat ---------------------------------------------------------------------------
    def pass_keyboard(self) -> None:
        """Hide both hands and cover the table until the player to move is ready."""
        self.viewer = None
        if self._passing:
            return
        self._passing = True

        def show() -> None:
            from truf_tui.ui.screens.hotseat import PassScreen

            if self.is_attached:
                # A new game's first pass also asks the players' names (optional).
                ask = not self.state.history and not any(self.player_names)
                self.app.push_screen(PassScreen(self, ask_names=ask), self._passed)
            else:
                self._passing = False

        # Not through later(): a pass must never be dropped, or the game would stall.
        self.call_later(show)

    def _passed(self, names: Names | None = None) -> None:
        self._passing = False
        if names is not None and any(names):
            self.set_names(names)
        s = self.state
        if not s.is_terminal():
            self.viewer = to_move(s)
            self._notice = None
            self.reset_cursor()
        self.refresh_view()

    def reset_cursor(self) -> None:
        """A new player sits down: the cursor goes back to the first card."""

    def action_words(self, action: Any) -> str:
        """A move the player asked for, named as the hints name it (in the language)."""
        from truf_tui.ui.widgets.hints import action_text

        return action_text(self.GAME, self.state, action, self.card_style)

    #: what ``apply`` raises for a move the player may not make here
    MOVE_ERRORS: tuple[type[Exception], ...] = (IllegalActionError,)

    def may_play(self, action: Any) -> bool:
        """Is ``action`` the player's legal move now?  If not, say why."""
        if not self.my_move():
            self.warn(lambda: self.wait_text())
            return False
        try:
            self.state.apply(action)  # validates; the state itself is not changed
        except self.MOVE_ERRORS:
            self.warn(lambda: tr("tbl.illegal", move=self.action_words(action)))
            return False
        return True

    def human_move(self, action: Any) -> bool:
        """Play ``action`` for the player if it is legal now; otherwise say why."""
        if not self.may_play(action):
            return False
        self.play(self.me, action)
        return True

    def play(self, player: int, action: Any) -> None:
        """Show a move (subclasses may stage it) and commit it."""
        self.commit(action)

    # -- the computer -----------------------------------------------------------------------
    @property
    def thinking(self) -> bool:
        return self.query_one(Thinking).active

    def start_thinking(self) -> None:
        self._think_started = time.monotonic()
        self.query_one(Thinking).start(tr("tbl.thinking"))
        self._think(self.state, self._epoch)

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def _think(self, state: S, epoch: int) -> None:
        worker = get_current_worker()
        crashed, log = False, None
        try:
            action = self._bot.choose(state.observation(COMPUTER))
        except Exception as e:  # a bot bug must not end the player's game: it is logged
            action, crashed = None, True
            log = log_bot_crash(e, game=self.GAME, tier=self.config.tier, where="table",
                                seat=COMPUTER, moves=state.history, folder=log_folder(self.app))
        if worker.is_cancelled:
            return
        try:
            self.post_message(ComputerChose(epoch, action, crashed, log))
        except RuntimeError:
            pass  # the app is closing

    @on(ComputerChose)
    def computer_chose(self, message: ComputerChose) -> None:
        self._bot_chose(message.epoch, message.action, message.crashed, message.log)

    def _bot_chose(self, epoch: int, action: Any, crashed: bool = False,
                   log: Path | None = None) -> None:
        if epoch != self._epoch or not self.is_attached:
            return
        if crashed and not self._crash_told:
            self._crash_told = True  # once a game: a broken bot may fail at every move
            tell_bot_crash(self.app, log)
        # A bot may answer with an action or its T11 text; anything else falls back to a
        # legal move, so a faulty bot never stalls or breaks the game.
        legal = {str(a): a for a in self.state.legal_actions()}
        action = legal.get(str(action)) if action is not None else None
        if action is None:
            action = next(iter(legal.values()))
        # Leave the previous move on screen for at least the chosen pace.
        wait = self.computer_delay() - (time.monotonic() - self._think_started)

        def go() -> None:
            self.query_one(Thinking).stop()
            self.play(COMPUTER, action)

        self.later(wait, go)

    def computer_delay(self) -> float:
        return self.pace

    # -- the end ----------------------------------------------------------------------------
    def game_over(self) -> None:
        services(self).game_in_progress = False
        if self._over_shown:
            return
        self._over_shown = True
        services(self).game_finished(self, self.state)  # a match or tournament game counts
        self.later(self.pace, self.show_results)

    def results_closed(self, choice: str | None) -> None:
        if services(self).results_chosen(self, choice):
            return
        if choice == "again":
            names = self.player_names
            services(self).start_game(self.config)
            new = self.app.screen_stack[-1]
            if self.hotseat and any(names) and isinstance(new, TableScreen):
                new.set_names(names)  # the same two players: no need to ask again
        elif choice == "menu":
            self.leave_table()

    def leave_table(self) -> None:
        services(self).back_to_start()

    def on_unmount(self) -> None:
        self._epoch += 1
        self.workers.cancel_group(self, "bot")


def hand_keys(n: int) -> str:
    """The number keys of a hand of ``n`` cards, as the prompts name them: 1, 1–2, 1–3."""
    return "1" if n <= 1 else f"1–{min(n, 3)}"  # TABLE_KEYS: the keys 1, 2 and 3


def status_markup(event: str, prompt: str, notice: str) -> str:
    last = f"[$text-warning]{notice}[/]" if notice else prompt
    return f"{event}\n{last}" if event else last


AnyTable: TypeAlias = "TableScreen[trufludo.State] | TableScreen[truc.State]"
"""The table of either game."""


__all__ = ["TABLE_KEYS", "AnyTable", "ComputerChose", "Lazy", "TableKey", "TableScreen",
           "player_name", "status_markup", "to_move"]
