"""Small screens of the shell: a yes/no question (quitting), the question before a game is
lost (leaving it, replacing the saved game: lose it, save it first, or go back) and the
"window too small" notice."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from truf_tui.ui.i18n import tr
from truf_tui.ui.settings import SettingsChanged

MIN_WIDTH, MIN_HEIGHT = 80, 24


class ConfirmDialog(ModalScreen[bool]):
    """A question answered yes (``y``) or no (``n``/``Escape``); dismisses with the answer.

    Texts are string keys, so the dialog re-translates itself on a language switch.  Give
    it no ``id`` if it may be asked twice: a screen id must be unique on the whole stack.
    "No" has the focus: pressing Enter by reflex never loses a game.
    """

    BINDINGS = [
        Binding("y,j", "answer(True)", show=False),  # j: "jes" in Esperanto
        Binding("n,escape", "answer(False)", show=False),
        Binding("left,right,up,down", "app.focus_next", show=False),
    ]

    def __init__(self, title_key: str, message_key: str, yes_key: str, no_key: str,
                 *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.keys = (title_key, message_key, yes_key, no_key)
        self._answered = False

    def compose(self) -> ComposeResult:
        # The texts are set here, not in on_mount: a dialog answered by a fast key press can
        # be dismissed before it has mounted, and on_mount then finds no children.
        title, message, yes, no = self.keys
        with Vertical(id="dialog", classes="dialog"):
            yield Static(tr(title), id="dialog-title", classes="dialog-title")
            yield Static(tr(message), id="dialog-message", classes="dialog-message")
            with Horizontal(classes="dialog-buttons"):
                yield Button(tr(yes), id="yes", variant="error")
                yield Button(tr(no), id="no", variant="primary")

    def on_mount(self) -> None:
        if not self.query("#dialog-title"):
            return  # already dismissed
        self.refresh_texts()  # subclasses may fill their texts in
        self.query_one("#no", Button).focus()

    def refresh_texts(self) -> None:
        title, message, yes, no = self.keys
        self.query_one("#dialog-title", Static).update(tr(title))
        self.query_one("#dialog-message", Static).update(tr(message))
        self.query_one("#yes", Button).label = tr(yes)
        self.query_one("#no", Button).label = tr(no)

    def on_settings_changed(self, _: SettingsChanged) -> None:
        self.refresh_texts()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_answer(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        # Once only: a quick second "y" would otherwise dismiss the screen below as well.
        if not self._answered:
            self._answered = True
            self.dismiss(yes)


class ConfirmQuit(ConfirmDialog):
    """Asked when quitting with a game in progress; ``q`` again also means yes.

    ``saved``: the game is autosaved, so quitting loses nothing (the message says so)."""

    BINDINGS = [Binding("q", "answer(True)", show=False)]

    def __init__(self, saved: bool = False) -> None:
        super().__init__("quit.title", "quit.message.saved" if saved else "quit.message",
                         "quit.yes", "quit.no")


class ConfirmLoss(ModalScreen[str]):
    """Asked before a game is lost (left for another, or replaced as the game to continue):
    ``"yes"`` lose it, ``"save"`` save it under a name first (a third button, shown when
    saving is possible), ``"no"`` go back.  "Back" has the focus, as in :class:`ConfirmDialog`.

    ``prefix`` names the texts (``{prefix}.title``, ``.message``, ``.yes``, ``.no``); the
    message is formatted with ``fields``."""

    BINDINGS = [
        Binding("y,j", "answer('yes')", show=False),  # j: "jes" in Esperanto
        Binding("s", "answer('save')", show=False),
        Binding("n,escape", "answer('no')", show=False),
        Binding("left,right,up,down", "app.focus_next", show=False),
    ]

    def __init__(self, prefix: str, can_save: bool = False, **fields: object) -> None:
        super().__init__()
        self.prefix = prefix
        self.can_save = can_save
        self.fields = fields
        self._answered = False

    def compose(self) -> ComposeResult:
        # Texts set here, not in on_mount: a fast key press may dismiss it before it mounts.
        p = self.prefix
        with Vertical(id="dialog", classes="dialog with-save" if self.can_save else "dialog"):
            yield Static(tr(f"{p}.title"), id="dialog-title", classes="dialog-title")
            yield Static(tr(f"{p}.message", **self.fields), id="dialog-message",
                         classes="dialog-message")
            with Horizontal(classes="dialog-buttons"):
                yield Button(tr(f"{p}.yes"), id="yes", variant="error")
                if self.can_save:
                    yield Button(tr("loss.save"), id="save", variant="success")
                yield Button(tr(f"{p}.no"), id="no", variant="primary")

    def on_mount(self) -> None:
        if self.query("#no"):  # not already dismissed
            self.query_one("#no", Button).focus()

    def refresh_texts(self) -> None:
        p = self.prefix
        self.query_one("#dialog-title", Static).update(tr(f"{p}.title"))
        self.query_one("#dialog-message", Static).update(tr(f"{p}.message", **self.fields))
        self.query_one("#yes", Button).label = tr(f"{p}.yes")
        if self.can_save:
            self.query_one("#save", Button).label = tr("loss.save")
        self.query_one("#no", Button).label = tr(f"{p}.no")

    def on_settings_changed(self, _: SettingsChanged) -> None:
        self.refresh_texts()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_answer(event.button.id or "no")

    def action_answer(self, answer: str) -> None:
        if answer == "save" and not self.can_save:
            return
        if not self._answered:  # once: a quick second key must not reach the screen below
            self._answered = True
            self.dismiss(answer)


class ConfirmAbandon(ConfirmLoss):
    """Asked before leaving a game in progress for a new one."""

    def __init__(self, can_save: bool = False) -> None:
        super().__init__("abandon", can_save)


class ConfirmReplaceSave(ConfirmLoss):
    """Asked before a new game replaces the saved one the start screen offers to continue."""

    def __init__(self, can_save: bool = False) -> None:
        super().__init__("replace", can_save)


class TooSmallScreen(ModalScreen[None]):
    """Covers everything while the terminal is below 80×24; the app removes it again.

    It is opaque (not a see-through modal), so no half-drawn layout shows behind it, and
    it swallows the keys of the screens below: nothing is played blind.
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="too-small-box"):
            yield Static(id="too-small-title")
            yield Static(id="too-small-message")

    def on_mount(self) -> None:
        self.refresh_texts()

    def on_resize(self) -> None:
        self.refresh_texts()

    def on_settings_changed(self, _: SettingsChanged) -> None:
        self.refresh_texts()

    def refresh_texts(self) -> None:
        width, height = self.app.size
        self.query_one("#too-small-title", Static).update(tr("small.title"))
        self.query_one("#too-small-message", Static).update(
            tr("small.message", min_w=MIN_WIDTH, min_h=MIN_HEIGHT, w=width, h=height)
        )
