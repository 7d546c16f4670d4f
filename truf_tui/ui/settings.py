"""The player's preferences, and the message that tells every screen they changed.

They are remembered in the data folder's ``settings.json`` by ``truf_tui.store.SettingsStore``
(see ``truf_tui.ui.storage``); this module only describes them."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from textual.message import Message

from truf_tui.i18n import LANGUAGES as LANGUAGES  # the languages of the translations

# Built-in Textual themes offered in the settings: a dark, a light and two more.
THEMES: tuple[str, ...] = ("textual-dark", "textual-light", "nord", "gruvbox")
PACES: dict[str, float] = {"slow": 1.2, "normal": 0.6, "fast": 0.25, "instant": 0.0}
CARD_STYLES: tuple[str, ...] = ("symbols", "letters")


@dataclass
class Settings:
    lang: str = "en"
    theme: str = "textual-dark"
    pace: str = "normal"  # "slow" | "normal" | "fast" | "instant"
    card_style: str = "symbols"  # or "letters", for terminals without suit symbols

    @property
    def pace_seconds(self) -> float:
        """How long the computer's moves and captures stay visible."""
        return PACES.get(self.pace, PACES["normal"])

    def copy(self, **changes: str) -> Settings:
        return Settings(**{**asdict(self), **changes})


class SettingsChanged(Message, bubble=False):
    """Posted to every screen on the stack after the settings changed: re-render your texts."""


class Translated:
    """A screen whose texts all go through ``tr``: :meth:`refresh_texts` draws them when it
    is mounted and again when the settings change (a language switch).  What else it does
    at mount goes in :meth:`mounted`, run after its texts are drawn."""

    def refresh_texts(self) -> None:
        raise NotImplementedError

    def mounted(self) -> None:
        """Once the texts are drawn: what shows, what has the focus."""

    def on_mount(self) -> None:
        self.refresh_texts()
        self.mounted()

    def on_settings_changed(self, _: SettingsChanged) -> None:
        self.refresh_texts()
