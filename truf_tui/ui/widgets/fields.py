"""Form fields of the app's own making."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.widgets import Input


class NumberInput(Input):
    """A whole-number field (``type="integer"``) that leaves the keys a number cannot hold to
    the screen: with it focused, the start screen's ``p`` still plays, as its key bar says."""

    def __init__(self, value: str | None = None, **kwargs: Any) -> None:
        super().__init__(value, type="integer", **kwargs)

    @staticmethod
    def _takes(character: str | None) -> bool:
        return character is not None and (character.isdigit() or character in "+-")

    def check_consume_key(self, key: str, character: str | None) -> bool:
        # Textual drops the screen's bindings of the keys a focused field consumes.
        return self._takes(character)

    async def _on_key(self, event: events.Key) -> None:
        if event.is_printable and not self._takes(event.character):
            # Not typed (Input's own handler is skipped) and not stopped: the key bubbles
            # up to the bindings.
            event.prevent_default()
            return
        await super()._on_key(event)
