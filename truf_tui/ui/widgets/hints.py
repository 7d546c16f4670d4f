"""Hints (``h`` on both tables): the expert's evaluation of every legal move, best first, with
the estimated chance to win and a one-line reason in words (:mod:`truf_tui.coach`).

The expert (``make_bot(game, "expert")``) runs in a worker thread while the panel shows a
"thinking…" sign, so the table never freezes; the panel is a see-through modal screen on the
right of the table, closed with ``h`` or Escape.  A table counts the positions it gave hints
for (``hints_used``: opening the same position's hint again is free); the latest result is
kept (``last_hint``), so reopening it is instant.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.events import Click
from textual.screen import ModalScreen
from textual.worker import get_current_worker

from truf_tui.cards import Card
from truf_tui.coach import Reason
from truf_tui.engine import truc
from truf_tui.ui.config import HUMAN
from truf_tui.ui.i18n import all_strings, tr
from truf_tui.ui.services import services
from truf_tui.ui.settings import SettingsChanged
from truf_tui.ui.widgets.cards import card_markup
from truf_tui.ui.widgets.table import Markup, Thinking

if TYPE_CHECKING:
    from truf_tui.ui.screens.table_base import TableScreen

BAR = 10  # cells of the little probability bar


@dataclass(frozen=True)
class HintLine:
    """One legal move as the expert sees it."""

    action: Any
    value: float  # estimated probability of winning (the game, or the Truc match)
    reason: Reason
    solved: float | None = None  # Truc: how often the solved player makes it with this hand


@dataclass(frozen=True)
class Hint:
    """The expert's view of one position, ``state``."""

    game: str
    state: Any
    lines: tuple[HintLine, ...] | None  # None: the expert failed


def analyse(game: str, state: Any, bot_options: dict[str, Any], seed: int,
            me: int = HUMAN) -> Hint:
    """Ask the expert about ``state`` (``me`` to move: the human, or in hot-seat the player at
    the keyboard, who sees only their own hand) and word every move.  Slow: run it in a
    worker thread."""
    from truf_tui import coach
    from truf_tui.ai import make_bot

    # Truc's expert plays a solved strategy and estimates no win chances; the chances come
    # from the searching player (hard), and each move says how often the solved one makes it.
    searcher = "hard" if game == "truc" else "expert"
    try:
        bot = make_bot(game, searcher, seed=seed, **bot_options)
        stats = bot.analyse(state.observation(me))
    except Exception:  # a bot bug must not end the player's game
        return Hint(game, state, None)
    lines: list[HintLine] = []
    if game == "truc":
        solved = _solved_policy(state, me)
        # The same reading of the opponent's betting as the expert's figures (issue 16):
        # facing a rest, "your hand wins 89%" next to "22% accept" was the uniform estimate.
        eq, read = coach.read_equity(state, me)
        for st in stats:
            lines.append(HintLine(st.action, st.value,
                                  coach.truc_reason(state, st.action, me, eq, read),
                                  None if solved is None else solved.get(st.action, 0.0)))
    else:
        for st in stats:
            lines.append(HintLine(st.action, st.value, coach.trufludo_reason(state, st.action)))
    return Hint(game, state, tuple(lines))


def _solved_policy(state: Any, me: int) -> dict[Any, float] | None:
    """The solved player's probabilities in the player's seat (None if not installed)."""
    from truf_tui.ai.solved import BlueprintError, policy

    try:
        return policy(state.observation(me))[0]
    except BlueprintError:
        return None


def reason_text(reason: Reason, style: str = "symbols") -> str:
    """A reason in the current language (``coach.<key>``, or ``coach.<key>.one`` for n = 1)."""
    key = f"coach.{reason.key}"
    if reason.params.get("n") == 1 and f"{key}.one" in all_strings():
        key += ".one"
    params = {k: card_markup(v, style) if isinstance(v, Card) else v
              for k, v in reason.params.items()}
    return tr(key, **params)


def action_text(game: str, state: Any, action: Any, style: str = "symbols") -> str:
    """A move as the hint list names it."""
    if game == "trufludo":
        card = card_markup(action.card, style)
        if action.take is None:
            return tr("hint.f.throw", card=card)
        return tr("hint.f.take", card=card, take=card_markup(action.take, style))
    if action.kind == "play":
        return tr("hint.t.play", card=card_markup(action.card, style))
    if action.kind == "raise":
        return tr("hint.t.raise", n=truc.next_stake(state.stake))
    return tr(f"hint.t.{action.kind}")


def bar(value: float) -> str:
    n = max(0, min(BAR, int(round(value * BAR))))
    return "█" * n + "[dim]" + "░" * (BAR - n) + "[/]"


def hint_markup(hint: Hint, style: str = "symbols") -> str:
    """The body of the panel: every move, best first, two lines each."""
    if hint.lines is None:
        return f"[$text-warning]{tr('hint.failed')}[/]"
    out = [tr(f"hint.head.{hint.game}"), ""]
    for i, line in enumerate(hint.lines):
        pct = f"{int(round(100 * line.value)):3d}%"
        what = action_text(hint.game, hint.state, line.action, style)
        head = f"{bar(line.value)} {pct}  {what}"
        out.append(f"[b]{head}[/]" if i == 0 else head)
        out.append(f"[dim]  {reason_text(line.reason, style)}[/]")
        if line.solved is not None:
            out.append(f"[dim]  {tr('hint.solved', p=int(round(100 * line.solved)))}[/]")
    return "\n".join(out)


class HintScreen(ModalScreen[None]):
    """The hint panel over the right of the table."""

    DEFAULT_CSS = """
    HintScreen {
        align: right top;
        background: $background 20%;
    }
    HintScreen #hint-panel {
        width: 58;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $accent;
        border-title-color: $text-accent;
        border-title-style: bold;
        background: $surface;
        padding: 0 1;
        margin: 1 0 0 0;
    }
    HintScreen #hint-thinking {
        height: 1;
        color: $text-accent;
    }
    HintScreen #hint-body {
        height: auto;
    }
    HintScreen #hint-keys {
        height: 1;
        margin-top: 1;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,h", "close", show=False),
    ]

    def __init__(self, game: str, state: Any, *, bot_options: dict[str, Any], seed: int,
                 hints_used: Callable[[], int], hint: Hint | None = None,
                 on_result: Callable[[Hint], None] | None = None, me: int = HUMAN) -> None:
        super().__init__(id="hints")
        self.me = me
        self.game = game
        self.state = state
        self.bot_options = dict(bot_options)
        self.seed = seed
        self.hints_used = hints_used
        self.hint = hint
        self.on_result = on_result
        self._done = False

    @property
    def card_style(self) -> str:
        return services(self).settings.card_style

    def compose(self) -> ComposeResult:
        with Vertical(id="hint-panel"):
            yield Thinking(id="hint-thinking")
            yield Markup(id="hint-body")
            yield Markup(id="hint-keys")

    def on_mount(self) -> None:
        self.refresh_texts()
        if self.hint is None:
            self.query_one(Thinking).start(tr("hint.thinking"))
            self._analyse()
        else:
            self.query_one(Thinking).stop()

    @property
    def thinking(self) -> bool:
        return self.query_one(Thinking).active

    def refresh_texts(self) -> None:
        self.query_one("#hint-panel").border_title = tr("hint.title")
        body = "" if self.hint is None else hint_markup(self.hint, self.card_style)
        self.query_one("#hint-body", Markup).set(body)
        self.query_one("#hint-keys", Markup).set(tr("hint.keys", n=self.hints_used()))

    def on_settings_changed(self, _: SettingsChanged) -> None:
        if self.is_mounted:
            if self.thinking:
                self.query_one(Thinking).start(tr("hint.thinking"))
            self.refresh_texts()

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def _analyse(self) -> None:
        worker = get_current_worker()
        hint = analyse(self.game, self.state, self.bot_options, self.seed, self.me)
        if worker.is_cancelled:
            return
        try:
            self.app.call_from_thread(self._show, hint)
        except RuntimeError:
            pass  # the app is closing

    def _show(self, hint: Hint) -> None:
        if self.on_result is not None:
            self.on_result(hint)
        if self._done or not self.is_attached:
            return
        self.hint = hint
        self.query_one(Thinking).stop()
        self.refresh_texts()

    def action_close(self) -> None:
        if not self._done:
            self._done = True
            self.dismiss(None)

    def on_click(self, event: Click) -> None:
        # A click outside the panel closes it, like Escape.
        if event.widget is self:
            self.action_close()


def open_hints(table: TableScreen) -> None:
    """``h`` on a table: the hint panel for the position, if the player is to move."""
    s = table.state
    if s.is_terminal():
        table.warn(lambda: tr("hint.over"))
        return
    if not table.my_move():
        table.warn(lambda: tr("hint.not.now"))
        return
    if s not in table.hinted:
        table.hinted.add(s)
        table.hints_used += 1
        services(table).game_meta_changed(hints_used=table.hints_used)

    def keep(hint: Hint) -> None:
        table.last_hint = hint  # only the latest position's is worth keeping

    last = table.last_hint
    seed = (table.config.seed or 0) * 1009 + len(s.history)
    table.app.push_screen(HintScreen(
        table.GAME, s, bot_options=dict(services(table).bot_options),
        seed=seed, hints_used=lambda: table.hints_used,
        hint=last if isinstance(last, Hint) and last.state == s else None, on_result=keep,
        me=table.me))


__all__ = ["Hint", "HintLine", "HintScreen", "action_text", "analyse", "hint_markup",
           "open_hints", "reason_text"]
