"""The widgets around the cards: score bar, status lines, thinking sign, move log, banner.

They hold no game logic: the table screens compute what to show from the engine state and
hand it over as (translated) markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.timer import Timer
from textual.widgets import Static

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class Markup(Static):
    """A Static that skips redraws when its markup did not change."""

    def __init__(self, text: str = "", *, id: str | None = None, classes: str = "") -> None:
        super().__init__(text, id=id, classes=classes, markup=True)
        self._text = text

    def set(self, text: str) -> None:
        if text != self._text:
            self._text = text
            self.update(text)

    @property
    def text(self) -> str:
        return self._text


class Thinking(Static):
    """"Thinking…" with a small spinner, shown while the computer's worker runs."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self._label = ""
        self._frame = 0
        self._timer: Timer | None = None

    def start(self, label: str) -> None:
        self._label = label
        self.display = True
        self._draw()
        if self._timer is None:
            self._timer = self.set_interval(0.12, self._tick)

    def stop(self) -> None:
        self.display = False
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    @property
    def active(self) -> bool:
        return self._timer is not None

    def _tick(self) -> None:
        self._frame = (self._frame + 1) % len(SPINNER)
        self._draw()

    def _draw(self) -> None:
        self.update(f"{SPINNER[self._frame]} {self._label}")


class MoveLog(VerticalScroll):
    """The side panel listing the moves (T11 text); it follows the newest line."""

    can_focus = False

    def compose(self) -> ComposeResult:
        yield Markup(id="log-title", classes="log-title")
        yield Markup(id="log-body", classes="log-body")

    def show(self, title: str, lines: Sequence[str]) -> None:
        self.query_one("#log-title", Markup).set(title)
        body = "\n".join(lines)
        log = self.query_one("#log-body", Markup)
        if body != log.text:
            log.set(body)
            self.call_after_refresh(self.scroll_end, animate=False)
