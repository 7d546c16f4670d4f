"""Small screens of the shell: a yes/no question (quitting), the question before a game is
lost (leaving it, replacing the saved game: lose it, save it first, or go back) and the
"window too small" notice."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, TypeVar, runtime_checkable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from truf_tui.ui.i18n import tr
from truf_tui.ui.settings import SettingsChanged, Translated

MIN_WIDTH, MIN_HEIGHT = 80, 24

AnswerT = TypeVar("AnswerT")


class Question(ModalScreen[AnswerT]):
    """A title, a message and a row of answer buttons; dismisses with the answer, once.

    Texts are string keys, so the dialog re-translates itself on a language switch; the
    message is ``tr(message_key, **fields)`` unless a subclass overrides :meth:`message`.
    The button ``no`` (the harmless answer) has the focus: Enter pressed by reflex never
    loses a game.  Give it no ``id`` if it may be asked twice: a screen id must be unique on
    the whole stack.
    """

    BINDINGS = [Binding("left,right,up,down", "app.focus_next", show=False)]

    def __init__(self, title_key: str, message_key: str,
                 buttons: Sequence[tuple[str, str, str]], *, fields: Mapping[str, object],
                 wide: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.title_key, self.message_key = title_key, message_key
        self.buttons = tuple(buttons)  # (button id, text key, variant)
        self.fields = dict(fields)
        self.wide = wide
        self._answered = False

    def answer_of(self, button_id: str) -> AnswerT:
        raise NotImplementedError

    def message(self) -> str:
        return tr(self.message_key, **self.fields)

    def compose(self) -> ComposeResult:
        # The texts are set here, not in on_mount: a dialog answered by a fast key press can
        # be dismissed before it has mounted.
        with Vertical(id="dialog", classes="dialog with-save" if self.wide else "dialog"):
            yield Static(tr(self.title_key), id="dialog-title", classes="dialog-title")
            yield Static(self.message(), id="dialog-message", classes="dialog-message")
            with Horizontal(classes="dialog-buttons"):
                for button_id, key, variant in self.buttons:
                    yield Button(tr(key), id=button_id, variant=variant)  # type: ignore[arg-type]

    def on_mount(self) -> None:
        if self.query("#no"):  # not already dismissed
            self.query_one("#no", Button).focus()

    def refresh_texts(self) -> None:
        self.query_one("#dialog-title", Static).update(tr(self.title_key))
        self.query_one("#dialog-message", Static).update(self.message())
        for button_id, key, _ in self.buttons:
            self.query_one(f"#{button_id}", Button).label = tr(key)

    def on_settings_changed(self, _: SettingsChanged) -> None:
        self.refresh_texts()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_answer(self.answer_of(event.button.id or "no"))

    def action_answer(self, answer: AnswerT) -> None:
        # Once only: a quick second key would otherwise dismiss the screen below as well.
        if not self._answered:
            self._answered = True
            self.dismiss(answer)


class ConfirmDialog(Question[bool]):
    """A question answered yes (``y``) or no (``n``/``Escape``)."""

    BINDINGS = [
        Binding("y,j", "answer(True)", show=False),  # j: "jes" in Esperanto
        Binding("n,escape", "answer(False)", show=False),
    ]

    def __init__(self, title_key: str, message_key: str, yes_key: str, no_key: str,
                 *, id: str | None = None, **fields: object) -> None:
        super().__init__(title_key, message_key,
                         [("yes", yes_key, "error"), ("no", no_key, "primary")],
                         fields=fields, id=id)

    def answer_of(self, button_id: str) -> bool:
        return button_id == "yes"


class ConfirmQuit(ConfirmDialog):
    """Asked when quitting with a game in progress; ``q`` again also means yes.

    ``saved``: the game is in the autosave file now, so quitting loses nothing (the message
    says so); ``failed``: it should have been, but could not be written (the message says
    that instead, not that nothing is lost)."""

    BINDINGS = [Binding("q", "answer(True)", show=False)]

    def __init__(self, saved: bool = False, failed: bool = False) -> None:
        message = ("quit.message.saved" if saved else "quit.message.failed" if failed
                   else "quit.message")
        super().__init__("quit.title", message, "quit.yes", "quit.no")


class ConfirmLoss(Question[str]):
    """Asked before a game is lost (left for another, or replaced as the game to continue):
    ``"yes"`` lose it, ``"save"`` save it under a name first (a third button, shown when
    saving is possible), ``"no"`` go back.

    ``prefix`` names the texts (``{prefix}.title``, ``.message``, ``.yes``, ``.no``); the
    message is formatted with ``fields``."""

    BINDINGS = [
        Binding("y,j", "answer('yes')", show=False),  # j: "jes" in Esperanto
        Binding("s", "answer('save')", show=False),
        Binding("n,escape", "answer('no')", show=False),
    ]

    def __init__(self, prefix: str, can_save: bool = False, **fields: object) -> None:
        save = [("save", "loss.save", "success")] if can_save else []
        super().__init__(f"{prefix}.title", f"{prefix}.message",
                         [("yes", f"{prefix}.yes", "error"), *save,
                          ("no", f"{prefix}.no", "primary")],
                         fields=fields, wide=can_save)
        self.prefix = prefix
        self.can_save = can_save

    def answer_of(self, button_id: str) -> str:
        return button_id

    def action_answer(self, answer: str) -> None:
        if answer != "save" or self.can_save:
            super().action_answer(answer)


class ConfirmAbandon(ConfirmLoss):
    """Asked before leaving a game in progress for a new one."""

    def __init__(self, can_save: bool = False) -> None:
        super().__init__("abandon", can_save)


@runtime_checkable
class SaysWhatLeavingDoes(Protocol):
    """A table whose game is not simply lost when the player leaves it (a game with a
    friend online): what leaving does, as string keys with their fields."""

    def leaving_words(self) -> list[tuple[str, dict[str, str]]]: ...

    def leave_by_choice(self) -> None:
        """The player chose to go (quitting from the table): the table then does what
        leaving it does, not what it does when the app stops under it."""


def said(words: list[tuple[str, dict[str, str]]]) -> str:
    """A table's :meth:`SaysWhatLeavingDoes.leaving_words`, in the reader's language."""
    return " ".join(tr(key, **fields) for key, fields in words)


class ConfirmLeaveOnline(ConfirmLoss):
    """Asked before leaving a table played with a friend online: what leaving really does
    (the table's :meth:`SaysWhatLeavingDoes.leaving_words`), not that the game is lost.
    Nothing of this app's is saved under a name or discarded: ``"yes"`` or ``"no"``."""

    def __init__(self, words: list[tuple[str, dict[str, str]]]) -> None:
        super().__init__("abandon")
        self.words = words

    def message(self) -> str:
        return said(self.words)


class ConfirmQuitOnline(ConfirmQuit):
    """Asked when quitting at a table played with a friend online: what quitting does,
    which is what leaving the table does (:class:`ConfirmLeaveOnline`'s words), not that
    the game is lost."""

    def __init__(self, words: list[tuple[str, dict[str, str]]]) -> None:
        super().__init__()
        self.words = words

    def message(self) -> str:
        return said(self.words)


class ConfirmReplaceSave(ConfirmLoss):
    """Asked before a new game replaces the saved one the start screen offers to continue."""

    def __init__(self, can_save: bool = False) -> None:
        super().__init__("replace", can_save)


class TooSmallScreen(Translated, ModalScreen[None]):
    """Covers everything while the terminal is below 80×24; the app removes it again.

    It is opaque (not a see-through modal), so no half-drawn layout shows behind it, and
    it swallows the keys of the screens below: nothing is played blind.
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="too-small-box"):
            yield Static(id="too-small-title")
            yield Static(id="too-small-message")

    def on_resize(self) -> None:
        self.refresh_texts()

    def refresh_texts(self) -> None:
        width, height = self.app.size
        self.query_one("#too-small-title", Static).update(tr("small.title"))
        self.query_one("#too-small-message", Static).update(
            tr("small.message", min_w=MIN_WIDTH, min_h=MIN_HEIGHT, w=width, h=height)
        )
