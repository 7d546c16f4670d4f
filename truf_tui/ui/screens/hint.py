"""The hint panel (``h`` on both tables): a see-through modal screen on the right of the
table, closed with ``h``, Escape or a click beside it.

The expert runs in a worker thread while the panel shows a "thinking…" sign, so the table
never freezes; what it says is worded by :mod:`truf_tui.ui.widgets.hints`.  The table owns
the count of hints (:meth:`TableScreen.action_hint`); the panel only shows it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.events import Click
from textual.message import Message
from textual.screen import ModalScreen
from textual.worker import get_current_worker

from truf_tui.play.config import HUMAN
from truf_tui.ui.i18n import tr
from truf_tui.ui.services import services
from truf_tui.ui.settings import SettingsChanged
from truf_tui.ui.widgets import hints
from truf_tui.ui.widgets.hints import Hint, hint_markup
from truf_tui.ui.widgets.table import Markup, Thinking

if TYPE_CHECKING:
    from truf_tui.ai import BotOptions
    from truf_tui.engine.record import AnyState


class HintReady(Message):
    """The expert's worker has its hint (posted from the worker's thread to the panel)."""

    bubble = False

    def __init__(self, hint: Hint) -> None:
        super().__init__()
        self.hint = hint


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
    HintScreen #hint-scroll {
        height: auto;
        scrollbar-size-vertical: 1;
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
        # A hint taller than the terminal scrolls (80x24 holds about half of one).
        Binding("up", "scroll(-1)", show=False),
        Binding("down", "scroll(1)", show=False),
        Binding("pageup", "scroll(-10)", show=False),
        Binding("pagedown", "scroll(10)", show=False),
        Binding("home", "scroll(-1000)", show=False),
        Binding("end", "scroll(1000)", show=False),
    ]
    # The rows around the scrolling body: the panel's top margin and border, the
    # "thinking" line, the keys line and the space above it.
    FRAME = 6

    def __init__(self, game: str, state: AnyState, *, bot_options: BotOptions, seed: int,
                 hints_used: Callable[[], int], hint: Hint | None = None,
                 on_result: Callable[[Hint], None] | None = None, me: int = HUMAN,
                 log_folder: Path | None = None) -> None:
        super().__init__(id="hints")
        self.me = me
        self.game = game
        self.state = state
        self.bot_options = bot_options.copy()
        self.seed = seed
        self.hints_used = hints_used
        self.hint = hint
        self.on_result = on_result
        self.log_folder = log_folder  # where a crash of the expert is logged
        self._done = False

    @property
    def card_style(self) -> str:
        return services(self).settings.card_style

    def compose(self) -> ComposeResult:
        with Vertical(id="hint-panel"):
            yield Thinking(id="hint-thinking")
            with VerticalScroll(id="hint-scroll"):
                yield Markup(id="hint-body")
            yield Markup(id="hint-keys")

    def on_mount(self) -> None:
        self._fit()
        self.refresh_texts()
        if self.hint is None:
            self.query_one(Thinking).start(tr(f"hint.thinking.{self.game}"))
            self._analyse()
        else:
            self.query_one(Thinking).stop()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """The body scrolls within what the terminal leaves it, so the keys line stays."""
        self.query_one("#hint-scroll").styles.max_height = max(3, self.size.height - self.FRAME)

    def action_scroll(self, lines: int) -> None:
        scroll = self.query_one("#hint-scroll", VerticalScroll)
        scroll.scroll_to(y=scroll.scroll_y + lines, animate=False)

    @property
    def thinking(self) -> bool:
        return self.query_one(Thinking).active

    def refresh_texts(self) -> None:
        self.query_one("#hint-panel").border_title = tr(f"hint.title.{self.game}")
        body = "" if self.hint is None else hint_markup(self.hint, self.card_style)
        self.query_one("#hint-body", Markup).set(body)
        self.query_one("#hint-keys", Markup).set(tr("hint.keys", n=self.hints_used()))

    def on_settings_changed(self, _: SettingsChanged) -> None:
        if self.is_mounted:
            if self.thinking:
                self.query_one(Thinking).start(tr(f"hint.thinking.{self.game}"))
            self.refresh_texts()

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def _analyse(self) -> None:
        worker = get_current_worker()
        # Through the module, so that a test may stand in for the (slow) expert.
        hint = hints.analyse(self.game, self.state, self.bot_options, self.seed, self.me,
                             self.log_folder)
        if worker.is_cancelled:
            return
        try:
            self.post_message(HintReady(hint))
        except RuntimeError:
            pass  # the app is closing

    @on(HintReady)
    def hint_ready(self, message: HintReady) -> None:
        self._show(message.hint)

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


__all__ = ["HintReady", "HintScreen"]
