"""The chat at a table played against a friend (issue 39 item 6): a compact log of the last
lines above the status line, and, while open, the quick phrases and a one-line text box.

What the friend sent is drawn as plain text, never as markup: each line is a ``Content``
whose name and words are inserted as values (``$name``, ``$words``), so a ``[`` in them is a
bracket and nothing else.  The quick phrases are ids, drawn in this reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import Input, Static

from truf_tui.net.protocol import CHAT_MAX, PHRASES
from truf_tui.ui.i18n import tr

PHRASE_IDS: tuple[str, ...] = tuple(PHRASES)  # the digits 1-7 pick them in this order
KEEP = 50  # lines kept in the log (the panel shows the last few)


@dataclass(frozen=True)
class ChatLine:
    """A line of the log: ``who`` is ``friend`` (``name``: the friend's), ``me``, or
    ``note`` (the table's own word: string ``key`` with ``params``); a phrase id or a text."""

    who: str
    name: str = ""
    phrase: str | None = None
    text: str | None = None
    key: str = ""
    params: tuple[tuple[str, str], ...] = ()

    def words(self) -> str:
        if self.who == "note":
            return tr(self.key, **dict(self.params))
        if self.phrase is not None:
            return tr(f"chat.phrase.{self.phrase}")
        return self.text or ""

    def content(self) -> Content:
        if self.who == "note":
            return Content.from_markup("[dim i]$words[/]", words=self.words())
        colour = "$text-secondary" if self.who == "friend" else "$text-primary"
        name = self.name if self.who == "friend" else tr("chat.you")
        return Content.from_markup(f"[b {colour}]$name:[/] $words", name=name,
                                   words=self.words())


class ChatInput(Input):
    """The one-line text box.  Until something is typed, the digits pick a quick phrase;
    Escape closes the chat (the table's Escape, the menu, waits for the next press)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close_chat", show=False)]

    class Picked(Message):
        def __init__(self, phrase: str) -> None:
            super().__init__()
            self.phrase = phrase

    class Closed(Message):
        pass

    def on_key(self, event: events.Key) -> None:
        if self.value or event.character is None or not event.character.isdigit():
            return
        number = int(event.character)
        if 1 <= number <= len(PHRASE_IDS):
            event.stop()
            event.prevent_default()  # not typed: picked
            self.post_message(self.Picked(PHRASE_IDS[number - 1]))

    def action_close_chat(self) -> None:
        self.post_message(self.Closed())


class ChatPanel(Vertical):
    """Hidden until there is a line to show or the player opens it (``t``)."""

    DEFAULT_CSS = """
    ChatPanel { height: auto; width: 100%; display: none; }
    ChatPanel.-shown { display: block; }
    ChatPanel #chat-log {
        height: auto; scrollbar-size-vertical: 0; border-left: outer $secondary 60%;
    }
    ChatPanel #chat-lines { height: auto; padding: 0 1; }
    ChatPanel #chat-phrases { height: auto; padding: 0 1; color: $text-muted; }
    ChatPanel #chat-input { margin: 0 1; }
    """
    LOG_ROWS = (2, 4)  # the last lines shown: in a short terminal (under 27 rows), else

    def __init__(self, *, id: str | None = "chat") -> None:
        super().__init__(id=id)
        self.lines: list[ChatLine] = []
        self.friend = ""
        # The rows the table leaves the panel (its cards come first: table.fit_chat);
        # None: not measured yet.  The text box comes first, then the phrases, then the log.
        self.room: int | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="chat-log"):
            yield Static(id="chat-lines")
        yield Static(id="chat-phrases")
        yield ChatInput(id="chat-input", compact=True, max_length=CHAT_MAX)

    @property
    def is_open(self) -> bool:
        return self.has_class("-open")

    def add(self, line: ChatLine) -> None:
        self.lines = [*self.lines, line][-KEEP:]
        self.redraw()

    def open(self) -> None:
        self.add_class("-open")
        self.redraw()
        self.query_one(ChatInput).focus()

    def close(self) -> None:
        box = self.query_one(ChatInput)
        box.value = ""
        self.remove_class("-open")
        if box.has_focus:
            self.screen.set_focus(None)
        self.redraw()

    def on_mount(self) -> None:
        self.redraw()  # a line may have come before the panel's parts were there

    def redraw(self) -> None:
        """Every text again (after a language switch too): the log, the phrases, the box."""
        if not self.query("#chat-lines"):
            return  # not composed yet: on_mount draws
        self.query_one("#chat-lines", Static).update(
            Content("\n").join(line.content() for line in self.lines))
        self.query_one(ChatInput).placeholder = tr("chat.placeholder", name=self.friend)
        self.fit()

    def fit(self, room: int | None = None) -> None:
        """Show what fits in ``room`` rows (kept for the next redraw): while open the text
        box, then the quick phrases if they fit, then the last lines of the log (2 in a
        short terminal, 4 in a tall one), as many as are left."""
        if room is not None:
            self.room = room
        if not self.query("#chat-lines"):
            return
        is_open = self.is_open
        phrases = self.query_one("#chat-phrases", Static)
        width = self.content_region.width or self.screen.size.width
        shown = picker(max(1, width - 2))  # the phrases' padding
        phrases.update(shown)
        left = self.LOG_ROWS[0] if self.screen.has_class("-short") else self.LOG_ROWS[1]
        rows = len(shown.plain.split("\n"))
        picking = is_open and (self.room is None or self.room >= rows + 1)
        if self.room is not None:  # what the box and the phrases leave
            left = min(left, self.room - (1 + (rows if picking else 0) if is_open else 0))
        self.query_one(ChatInput).display = is_open
        phrases.display = picking
        log = self.query_one("#chat-log", VerticalScroll)
        log.display = bool(self.lines) and left > 0
        log.styles.max_height = max(left, 0)
        self.set_class(log.display or is_open, "-shown")
        self.call_after_refresh(log.scroll_end, animate=False)

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit)


def picker(width: int) -> Content:
    """The quick phrases with their digits, ``1 Good luck!  2 Well played! …``, broken into
    lines of ``width`` cells between phrases, never inside one."""
    items = [Content.from_markup("[b $text-accent]$key[/] $words", key=str(i + 1),
                                 words=tr(f"chat.phrase.{phrase}"))
             for i, phrase in enumerate(PHRASE_IDS)]
    lines: list[list[Content]] = [[]]
    used = 0
    for item in items:
        need = item.cell_length + (2 if lines[-1] else 0)
        if lines[-1] and width > 0 and used + need > width:
            lines.append([])
            need, used = item.cell_length, 0
        lines[-1].append(item)
        used += need
    return Content("\n").join(Content("  ").join(line) for line in lines)


__all__ = ["PHRASE_IDS", "ChatInput", "ChatLine", "ChatPanel"]
