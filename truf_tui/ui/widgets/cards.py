"""Card faces, card backs and rows of cards.

Red suits are drawn red, but every suit also has its own symbol (or letter, in the
``letters`` style for terminals without suit symbols), so colour never carries meaning alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.events import Click
from textual.message import Message
from textual.widget import Widget

from truf_tui.cards import Card

RED = "#b3132b"
BLACK = "#161616"
FACE_BG = "#f6f2e6"  # chips in running text share the ivory of the card faces
NBSP = "\u00a0"  # leading spaces must survive the line wrapper


def suit_mark(card: Card, style: str = "symbols") -> str:
    return card.suit if style == "letters" else card.symbol


def card_label(card: Card, style: str = "symbols") -> str:
    """Plain text of a card: ``7♥`` (symbols) or ``7H`` (letters)."""
    return f"{card.rank}{suit_mark(card, style)}"


def card_text(card: Card, style: str = "symbols") -> Text:
    """A card as coloured text: the colour doubles the symbol or letter, never replaces it."""
    return Text(card_label(card, style), style=f"bold {RED if card.is_red else BLACK} on {FACE_BG}")


def card_markup(card: Card, style: str = "symbols") -> str:
    """A card as a small ivory chip in Textual markup, for messages and lists."""
    colour = RED if card.is_red else BLACK
    return f"[b {colour} on {FACE_BG}]{NBSP}{card_label(card, style)}{NBSP}[/]"


def cards_markup(cards: Sequence[Card], style: str = "symbols") -> str:
    return " ".join(card_markup(c, style) for c in cards)


@dataclass(frozen=True)
class CardSpec:
    """What one card slot shows: a face (``card``), a back (``card is None``) or an empty
    dashed slot (``empty``); ``title`` goes in the top border (a key number), ``note`` in the
    bottom one; ``classes`` are state classes such as ``-cursor`` or ``-target``."""

    card: Card | None = None
    title: str = ""
    note: str = ""
    classes: tuple[str, ...] = ()
    empty: bool = False
    text: str = ""  # written inside an empty slot


# A hand with no card left: nothing drawn, the place kept (an empty outline looked like a
# blank card to be played).
NO_CARDS = CardSpec(empty=True, classes=("-gone",))


class CardView(Widget):
    """One card drawn as a small box: rank and suit in the corners, the suit in the middle.

    With room for one line only (short terminals) it shows ``rank+suit`` centred.
    """

    class Clicked(Message):
        def __init__(self, view: CardView) -> None:
            super().__init__()
            self.view = view

        @property
        def control(self) -> CardView:
            return self.view

    STATE_CLASSES = ("-cursor", "-target", "-capture", "-new", "-trufego", "-dim", "-back",
                     "-empty", "-gone", "-playable", "-won", "-lost", "-spoiled")

    def __init__(self, spec: CardSpec, *, index: int = 0, style: str = "symbols",
                 classes: str = "") -> None:
        super().__init__(classes=("card " + classes).strip())
        self.index = index
        self.spec = spec
        self.card_style = style
        self._apply_classes()

    def show(self, spec: CardSpec, style: str) -> None:
        if spec == self.spec and style == self.card_style:
            return
        self.spec = spec
        self.card_style = style
        self._apply_classes()
        self.refresh()

    def _apply_classes(self) -> None:
        spec = self.spec
        wanted = set(spec.classes)
        if spec.empty:
            wanted.add("-empty")
        elif spec.card is None:
            wanted.add("-back")
        for c in self.STATE_CLASSES:
            self.set_class(c in wanted, c)
        self.border_title = spec.title or None
        self.border_subtitle = spec.note or None

    def render(self) -> Text:
        spec = self.spec
        w, h = self.content_size.width, self.content_size.height
        if w <= 0 or h <= 0:
            return Text()
        if spec.empty:
            if not spec.text:
                return Text("")
            lines = [""] * h
            lines[(h - 1) // 2] = spec.text.center(w)[:w]
            return Text("\n".join(line.replace(" ", NBSP) for line in lines), no_wrap=True)
        if spec.card is None:
            pattern = "▒" if self.card_style == "letters" else "▚"
            return Text("\n".join(pattern * w for _ in range(h)), no_wrap=True)
        card = spec.card
        label = card_label(card, self.card_style)
        colour = RED if card.is_red else BLACK
        style = f"bold {colour}"
        if h < 3:
            return Text(label.center(w).replace(" ", NBSP), style=style, no_wrap=True)
        mark = suit_mark(card, self.card_style)
        # Corners and a centred suit; taller cards keep the suit in the middle.
        pad = (h - 3) // 2
        blank = [" " * w]
        lines = ([label.ljust(w)] + blank * pad + [mark.center(w)] + blank * (h - 3 - pad)
                 + [label.rjust(w)])
        return Text("\n".join(line.replace(" ", NBSP) for line in lines), style=style,
                    no_wrap=True)

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self))


class CardRow(Horizontal):
    """A row of cards drawn from a pool of card views composed up front.

    ``show(specs, style)`` updates the pool in place and hides the views it does not need:
    nothing is mounted or removed while playing (a screen closed in the middle of a mount
    can hang Textual), except when a row outgrows its pool.
    """

    def __init__(self, capacity: int = 3, *, id: str | None = None, classes: str = "") -> None:
        super().__init__(id=id, classes=("card-row " + classes).strip())
        self.capacity = capacity
        self._count = 0

    def compose(self) -> ComposeResult:
        for i in range(self.capacity):
            view = CardView(CardSpec(empty=True), index=i)
            view.display = False
            yield view

    def show(self, specs: Sequence[CardSpec], style: str) -> None:
        views = list(self.query_children(CardView))
        for i, spec in enumerate(specs):
            if i < len(views):
                views[i].show(spec, style)
                views[i].display = True
            else:
                self.mount(CardView(spec, index=i, style=style))
        for view in views[len(specs):]:
            view.display = False
        self._count = len(specs)

    @property
    def count(self) -> int:
        return self._count
