"""A translated, clickable bar of key hints shown at the bottom of a screen.

Textual's ``Footer`` takes its labels from the bindings, which are fixed when a class is
defined; this bar re-reads its labels through ``tr`` so a language switch shows at once.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.events import Click
from textual.widgets import Static

from truf_tui.ui.i18n import tr


class KeyHint(Static):
    """One ``key label`` pair; a click runs the same action as the key."""

    def __init__(self, key: str, label_key: str, action: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.key_text = key
        self.label_key = label_key
        self.action = action
        self.refresh_text()

    def refresh_text(self) -> None:
        # Theme colours via Content markup; $key and $label are inserted as plain text.
        self.update(Content.from_markup("[b $text-accent]$key [/]$label",
                                        key=self.key_text, label=tr(self.label_key)))

    async def on_click(self, event: Click) -> None:
        event.stop()
        await self.run_action(self.action)


class KeyBar(Horizontal):
    """``KeyBar([(key, string key, action), ...])``; actions are resolved like bindings."""

    def __init__(self, hints: Iterable[tuple[str, str, str]], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._hints = list(hints)

    def compose(self) -> ComposeResult:
        for key, label_key, action in self._hints:
            yield KeyHint(key, label_key, action)

    def refresh_texts(self) -> None:
        for hint in self.query(KeyHint):
            hint.refresh_text()

    def relabel(self, action: str, key: str) -> None:
        """Name ``action``'s key(s) anew (the number keys of a hand that has fewer cards)."""
        for hint in self.query(KeyHint):
            if hint.action == action and hint.key_text != key:
                hint.key_text = key
                hint.refresh_text()

    def rename(self, action: str, label_key: str) -> None:
        """Say anew what ``action``'s key does (``label_key``: a string key; a toggle)."""
        for hint in self.query(KeyHint):
            if hint.action == action and hint.label_key != label_key:
                hint.label_key = label_key
                hint.refresh_text()

    def show(self, action: str, visible: bool) -> None:
        """Show or hide the hint of ``action`` (a key that does nothing now is not offered)."""
        for hint in self.query(KeyHint):
            if hint.action == action:
                hint.display = visible
