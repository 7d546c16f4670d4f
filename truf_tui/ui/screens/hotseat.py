"""Hot-seat (two people at one keyboard): the screen that covers the table between turns.

When the player to move changes, the table hides both hands and this screen goes over it,
opaque, so the player who just moved cannot see the next player's cards and the next player
does not see them before the other has looked away.  It shows only what both players know
anyway: whose turn it is, the last move, the score.  Enter uncovers the table.

The first one of a new game also lets the players type their names (optional).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.widgets import Button, Input, Static

from truf_tui.engine import truc
from truf_tui.ui.i18n import tr
from truf_tui.ui.keybar import KeyBar
from truf_tui.ui.screens.summary import Names, OnceModal, player_name
from truf_tui.ui.settings import SettingsChanged
from truf_tui.ui.widgets.table import Markup

if TYPE_CHECKING:
    from truf_tui.ui.screens.table_base import AnyTable


NAME_MAX = 16  # characters of a typed name


def clean_name(text: str) -> str:
    """A typed name as kept: one line, trimmed (shown escaped: never markup)."""
    return " ".join(text.split())[:NAME_MAX]


class PassScreen(OnceModal[Names | None]):
    """"Pass the keyboard to Player 2 — press Enter when ready" (no card of either hand)."""

    DEFAULT_CSS = """
    PassScreen {
        align: center middle;
        background: $background;  /* opaque: nothing of the table shows through */
    }
    PassScreen #pass-box {
        width: 76;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        padding: 1 2;
        border: thick $accent;
        background: $surface;
    }
    PassScreen #pass-title {
        width: 100%;
        text-align: center;
        text-style: bold;
        color: $text-accent;
        margin-bottom: 1;
    }
    PassScreen #pass-body {
        width: 100%;
        height: auto;
    }
    PassScreen Center {
        height: auto;
        margin-top: 1;
    }
    PassScreen #pass-names-title {
        margin-top: 1;
    }
    PassScreen #pass-names {
        height: auto;
    }
    PassScreen #pass-names Static {
        width: auto;
        padding: 0 1 0 0;
    }
    PassScreen #pass-names Input {
        width: 20;
        margin-right: 2;
    }
    PassScreen #pass-keys {
        dock: bottom;
        height: 1;
        background: $panel;
    }
    PassScreen #pass-keys KeyHint {
        width: auto;
        padding: 0 1;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "ready", show=False),
        Binding("escape", "menu", show=False),
    ]

    def __init__(self, table: AnyTable, *, ask_names: bool = False) -> None:
        super().__init__(id="pass-screen")
        self.table = table
        player = table.state.current_player
        assert player is not None  # the keyboard passes to the player to move
        self.player = player
        self.ask_names = ask_names  # the first pass of a new game: names may be typed

    def compose(self) -> ComposeResult:
        with Vertical(id="pass-box"):
            yield Markup(id="pass-title")
            yield Markup(id="pass-body")
            if self.ask_names:
                yield Markup(id="pass-names-title")
                with Horizontal(id="pass-names"):
                    for p in (0, 1):
                        yield Static(id=f"pass-name-label-{p}")
                        yield Input(id=f"pass-name-{p}", max_length=NAME_MAX, compact=True)
            with Center():
                yield Button(id="pass-ready", variant="primary")
        yield KeyBar([
            ("⏎", "hot.key.ready", "screen.ready"),
            ("Esc", "tbl.key.menu", "screen.menu"),
            ("F1", "key.help", "app.help"),
            ("q", "key.quit", "app.quit"),
        ], id="pass-keys")

    def on_mount(self) -> None:
        self.refresh_texts()
        if self.ask_names:
            self.query_one("#pass-name-0", Input).focus()

    def on_settings_changed(self, _: SettingsChanged) -> None:
        if self.is_mounted:
            self.refresh_texts()
            self.query_one(KeyBar).refresh_texts()

    def refresh_texts(self) -> None:
        t = self.table
        name = t.who(self.player)
        self.query_one("#pass-title", Markup).set(tr("hot.pass.title", name=name))
        lines = [tr("hot.pass.away", name=name, other=t.who(1 - self.player)), ""]
        event = t._event() if t._event is not None else ""
        if event:  # the last move is public: both saw it played
            lines.append(tr("hot.pass.last", event=event))
        lines.append(self.score_text())
        self.query_one("#pass-body", Markup).set("\n".join(lines))
        self.query_one("#pass-ready", Button).label = tr("hot.pass.ready", name=name)
        if self.ask_names:
            self.query_one("#pass-names-title", Markup).set(tr("hot.names.title"))
            for p in (0, 1):
                self.query_one(f"#pass-name-label-{p}", Static).update(player_name(p))
                self.query_one(f"#pass-name-{p}", Input).placeholder = tr("hot.names.optional")

    def score_text(self) -> str:
        t = self.table
        s = t.state
        a, b = s.scores()
        names = {"p1": t.who(0), "p2": t.who(1), "a": a, "b": b}
        if isinstance(s, truc.State):  # t.GAME == "truc"
            return tr("hot.pass.score.truc", round=s.round_no, target=s.rules.target, **names)
        return tr("hot.pass.score.trufludo", stock=len(s.stock), **names)

    def action_ready(self) -> None:
        if not self.ask_names:
            self.close(None)
            return
        names = tuple(clean_name(self.query_one(f"#pass-name-{p}", Input).value)
                      for p in (0, 1))
        self.close((names[0], names[1]))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        # Enter in either name starts (Tab goes to the other name).
        event.stop()
        self.action_ready()

    def action_menu(self) -> None:
        self.table.action_menu()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_ready()


__all__ = ["PassScreen"]
