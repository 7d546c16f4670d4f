"""Settings: language, theme, how fast the computer plays, card style.  Every change
applies at once, so the player sees its effect before closing the dialog."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from truf_tui.cards import Card
from truf_tui.ui.choices import ChoiceSet
from truf_tui.ui.i18n import tr
from truf_tui.ui.services import services
from truf_tui.ui.settings import CARD_STYLES, LANGUAGES, PACES, THEMES, Translated

SAMPLE_CARDS = ("AS", "KH", "10D", "7C")


def sample_cards(style: str) -> Text:
    """A few cards drawn as the tables draw them (their widget if present, else the same idea)."""
    cards = [Card.parse(c) for c in SAMPLE_CARDS]
    draw: Callable[[Card, str], Text] | None
    try:
        from truf_tui.ui.widgets.cards import card_text as draw
    except ImportError:
        draw = None
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append("  ")
        if draw is not None:
            out.append_text(draw(card, style))
        else:
            face = card.rank + (card.symbol if style == "symbols" else card.suit)
            out.append(face, style="bold red" if card.is_red else "bold")
    return out


class SettingsScreen(Translated, ModalScreen[None]):
    class Chosen(Message):
        """The player chose ``value`` for ``setting`` (a field of Settings): the app
        applies it to the settings as they are then."""

        def __init__(self, setting: str, value: str) -> None:
            super().__init__()
            self.setting = setting
            self.value = value

    BINDINGS = [Binding("escape,enter", "close", show=False)]

    def __init__(self) -> None:
        super().__init__()  # no id: a screen id must be unique on the whole stack

    def compose(self) -> ComposeResult:
        s = services(self).settings
        with Vertical(id="settings-box", classes="dialog"):
            yield Static(id="settings-title", classes="dialog-title")
            with Horizontal(classes="form-row"):
                yield Static(id="label-lang", classes="form-label")
                yield ChoiceSet(LANGUAGES, s.lang, lambda v: tr(f"lang.{v}"), id="lang",
                                classes="inline")
            with Horizontal(classes="form-row"):
                yield Static(id="label-theme", classes="form-label")
                yield ChoiceSet(THEMES, s.theme, lambda v: tr(f"theme.{v}"), id="theme",
                                classes="inline")
            with Horizontal(classes="form-row"):
                yield Static(id="label-pace", classes="form-label")
                with Vertical(classes="form-field"):
                    yield ChoiceSet(tuple(PACES), s.pace, lambda v: tr(f"pace.{v}"), id="pace",
                                    classes="inline")
                    yield Static(id="pace-note", classes="form-note")
            with Horizontal(classes="form-row"):
                yield Static(id="label-cards", classes="form-label")
                with Vertical(classes="form-field"):
                    yield ChoiceSet(CARD_STYLES, s.card_style, lambda v: tr(f"cards.{v}"),
                                    id="card_style", classes="inline")
                    yield Static(id="cards-sample", classes="form-note")
            with Horizontal(classes="dialog-buttons"):
                yield Button(id="settings-close", variant="primary")
            yield Static(id="settings-hint", classes="hint")

    def mounted(self) -> None:
        self.query_one("#lang", ChoiceSet).focus()

    def refresh_texts(self) -> None:
        s = services(self).settings
        texts: dict[str, str | Text] = {
            "#settings-title": tr("settings.title"),
            "#label-lang": tr("settings.lang"),
            "#label-theme": tr("settings.theme"),
            "#label-pace": tr("settings.pace"),
            "#pace-note": tr("settings.pace.note", seconds=f"{s.pace_seconds:g}")
            if s.pace_seconds else tr("settings.pace.note.instant"),
            "#label-cards": tr("settings.cards"),
            "#cards-sample": sample_cards(s.card_style),
            "#settings-hint": tr("settings.hint"),
        }
        for selector, text in texts.items():
            self.query_one(selector, Static).update(text)
        for choice in self.query(ChoiceSet):
            choice.refresh_labels()
        self.query_one("#settings-close", Button).label = tr("settings.close")

    def on_radio_set_changed(self, event: ChoiceSet.Changed) -> None:
        choice = event.radio_set
        if not isinstance(choice, ChoiceSet) or choice.id is None:
            return
        if getattr(services(self).settings, choice.id) != choice.value:
            self.post_message(self.Chosen(choice.id, choice.value))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_close()

    def action_close(self) -> None:
        self.dismiss()
