"""The widgets around the cards: score bar, status lines, thinking sign, move log, banner.

They hold no game logic: the table screens compute what to show from the engine state and
hand it over as (translated) markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.timer import Timer
from textual.widgets import Static

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class Markup(Static):
    """A Static whose markup is the reactive ``text``: a redraw that gives it the same text
    draws nothing."""

    text: reactive[str] = reactive("", repaint=False, init=False)  # update() refreshes

    def __init__(self, text: str = "", *, id: str | None = None, classes: str = "") -> None:
        super().__init__(text, id=id, classes=classes, markup=True)
        self.set_reactive(Markup.text, text)

    def watch_text(self, text: str) -> None:
        self.update(text)

    def set(self, text: str) -> None:
        self.text = text


@dataclass(frozen=True)
class Seat:
    """What a seat's name box shows, in the current language."""

    name: str  # the player: You, Computer, or the name typed in hot-seat
    note: str = ""  # the line under it (the computer's strength), if any
    dealer_chip: str = ""  # the dealer's chip, on the dealer's seat only
    to_move: bool = False  # drawn as the seat to move (-turn)


class SeatName(Markup):
    """A seat's name box at the table, drawn from its reactive :class:`Seat`."""

    seat: reactive[Seat] = reactive(Seat(""), repaint=False, init=False)

    def watch_seat(self, seat: Seat) -> None:
        self.text = "\n".join(line for line in (f"[b]{seat.name}[/]", seat.note,
                                                 seat.dealer_chip) if line)
        self.set_class(seat.to_move, "-turn")


class Thinking(Static):
    """"Thinking…" with a small spinner, shown while the computer's worker runs."""

    label: reactive[str] = reactive("", repaint=False, init=False)  # what it is waiting for
    frame: reactive[int] = reactive(0, repaint=False, init=False)  # the spinner's step

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self._timer: Timer | None = None

    def start(self, label: str) -> None:
        self.label = label
        self.display = True
        self._draw()  # at once, even with the same label (a new start after a stop)
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
        self.frame = (self.frame + 1) % len(SPINNER)

    def watch_label(self) -> None:
        self._draw()

    def watch_frame(self) -> None:
        self._draw()

    def _draw(self) -> None:
        self.update(f"{SPINNER[self.frame]} {self.label}")


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
