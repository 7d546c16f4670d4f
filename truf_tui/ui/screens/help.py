"""How to play: the rules of both games, the keys and the opponents, from the Markdown
files shipped in ``truf_tui/ui/help/`` (one per language).

The text is drawn by Rich's Markdown renderer, one widget per heading.  Textual's
``MarkdownViewer`` makes a widget of every paragraph, which took seconds to open this
help on a slow machine; this way it opens at once, and a heading is still a widget to
scroll to from the contents list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Heading, Markdown, MarkdownElement
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from rich.theme import Theme as RichTheme
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.color import Color, ColorParseError
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from truf_tui.ui.i18n import all_strings, get_language, tr
from truf_tui.ui.keybar import KeyBar
from truf_tui.ui.services import services
from truf_tui.ui.settings import SettingsChanged

HELP_DIR = Path(__file__).resolve().parent.parent / "help"

# Words that identify a topic's level-2 heading in either language.
TOPIC_WORDS: dict[str, tuple[str, ...]] = {
    "trufludo": ("Trufludo",),
    "truc": ("Truc",),
    "keys": ("Keys", "Klavoj"),
    "drills": ("Bluff trainer", "Blufa trejnilo"),
}
CONTENTS_MIN_WIDTH = 110  # below this the contents list starts hidden (it squeezes the text)
RULE_TAG = re.compile(r"\[([FT]\d+)\]")  # a rule's tag in the text: [F7], [T10]


def help_text(lang: str) -> str:
    for candidate in (lang, "en"):
        try:
            return (HELP_DIR / f"{candidate}.md").read_text(encoding="utf-8")
        except OSError:
            continue
    return f"# {tr('help.title')}\n\n{tr('help.missing')}\n"


@dataclass(frozen=True)
class Section:
    level: int  # 1-3: the heading's level
    title: str
    text: str  # Markdown, the heading included


def split_sections(text: str) -> list[Section]:
    """The help cut at every heading of level 1-3 (not inside code fences)."""
    sections: list[Section] = []
    level, title = 0, ""
    lines: list[str] = []
    in_fence = False

    def close() -> None:
        if any(line.strip() for line in lines):
            sections.append(Section(level, title, "\n".join(lines).strip() + "\n"))

    for line in text.splitlines():
        if line.startswith("```"):
            in_fence = not in_fence
        hashes = len(line) - len(line.lstrip("#"))
        if not in_fence and 1 <= hashes <= 3 and line[hashes:hashes + 1] == " ":
            close()
            level, title, lines = hashes, line[hashes:].strip(), []
        lines.append(line)
    close()
    return sections


@dataclass(frozen=True)
class Link:
    """A link under a help section: a worked example (``target`` its id) or the guided
    game (``target`` the game)."""

    kind: str  # "example" or "guided"
    target: str


def section_links(sections: list[Section]) -> dict[int, list[Link]]:
    """The links under each section: a game's heading links to its guided game; each rule
    section of a game to the worked examples of the rules it tags, then the guided game."""
    from truf_tui.examples import examples_for

    out: dict[int, list[Link]] = {}
    game: str | None = None
    for i, s in enumerate(sections):
        if s.level <= 2:
            game = None
            if s.level == 2:
                game = next((g for g in ("trufludo", "truc")
                             if any(w in s.title for w in TOPIC_WORDS[g])), None)
            if game is not None:
                out[i] = [Link("guided", game)]
            continue
        ids = RULE_TAG.findall(s.text)
        if game is None or not ids:
            continue
        out[i] = [Link("example", e.id) for e in examples_for(ids)] + [Link("guided", game)]
    return out


def link_label(link: Link) -> str:
    if link.kind == "guided":
        return tr("help.link.guided", game=tr(f"game.{link.target}"))
    from truf_tui.examples import example
    from truf_tui.ui.screens.example import example_label

    ex = example(link.target)
    return example_label(ex) if ex is not None else link.target


class _LeftHeading(Heading):
    """Headings flush left (Rich centres the first level)."""

    LEVEL_ALIGN: ClassVar = {f"h{i}": "left" for i in range(1, 7)}


class _HelpMarkdown(Markdown):
    elements: ClassVar[dict[str, type[MarkdownElement]]] = {
        **Markdown.elements,
        "heading_open": _LeftHeading,
    }


class ThemedMarkdown:
    """Markdown rendered with styles taken from the app's theme, light or dark."""

    def __init__(self, markdown: Markdown, theme: RichTheme) -> None:
        self.markdown = markdown
        self.theme = theme
        self._rendered: dict[tuple[object, ...], list[Segment]] = {}

    def __str__(self) -> str:
        return self.markdown.markup

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        # Rendered here in full, so every style name is resolved while the theme is on;
        # Textual asks again for each measure and each repaint, at the same width.
        key = (options.max_width, options.justify, options.overflow, options.no_wrap)
        segments = self._rendered.get(key)
        if segments is None:
            with console.use_theme(self.theme):
                segments = list(console.render(self.markdown, options))
            self._rendered[key] = segments
        yield from segments


class HelpScreen(Screen[None]):
    """The help, opened on ``topic`` ("trufludo", "truc", "keys" or ``None`` for the top)."""

    BINDINGS = [
        Binding("escape", "close", show=False),
        Binding("t", "toggle_contents", show=False),
        Binding("tab", "next_link", show=False),
    ]

    def __init__(self, topic: str | None = None) -> None:
        super().__init__()  # no id: a screen id must be unique on the whole stack
        self.topic = topic
        self.sections: list[Section] = []
        self._loaded_lang = ""
        self._loaded_theme = ""
        self._reopened = False  # set by reopen, done at the next resume

    def reopen(self, topic: str | None) -> None:
        """Open again, kept from an earlier opening (the app's ``_help_screen``): it comes
        back as a new help would, at ``topic``, the contents as wide as the window wants."""
        self.topic = topic
        self._reopened = True

    def compose(self) -> ComposeResult:
        with Horizontal(id="help-header", classes="title-bar"):
            yield Static(id="help-title", classes="title-text")
            yield Button(id="help-lang", classes="small-button")
            yield Button(id="help-close", classes="small-button")
        with Horizontal(id="help-main"):
            contents = OptionList(id="help-contents")
            contents.display = self.app.size.width >= CONTENTS_MIN_WIDTH
            yield contents
            body = VerticalScroll(id="help-body")
            body.can_focus = True
            yield body
        yield KeyBar(
            [
                ("Esc", "key.close", "screen.close"),
                ("t", "key.contents", "screen.toggle_contents"),
                ("↑↓ PgUp PgDn", "key.scroll", "screen.focus_text"),
                ("Ctrl+S", "key.settings", "app.settings"),
                ("q", "key.quit", "app.quit"),
            ],
            id="help-keys",
        )

    async def on_mount(self) -> None:
        if not self.query("#help-title"):
            return  # closed again before it was shown (F1 twice in a blink): nothing to do
        self._refresh_texts()
        await self._load()

    async def on_screen_resume(self) -> None:
        # Also sent when a screen above it (an example, the settings) closes: the reader
        # stays where they were then; only a reopening starts again.
        if not self._reopened:
            return
        self._reopened = False
        if not self._loaded_lang:
            return  # still being laid out: the first load goes to the topic
        self._refresh_texts()  # the language or theme may have changed while it was closed
        self.query_one("#help-contents", OptionList).display = (
            self.app.size.width >= CONTENTS_MIN_WIDTH)
        if get_language() != self._loaded_lang or self.app.theme != self._loaded_theme:
            await self._load()
            return
        body = self.query_one("#help-body", VerticalScroll)
        body.focus()
        body.scroll_home(animate=False)
        if self.topic:  # after the layout, which a resize while closed may have changed
            self.call_after_refresh(self.go_to_topic, self.topic)

    # -- the text ---------------------------------------------------------------------------
    def _rich_theme(self) -> RichTheme:
        variables = self.app.get_css_variables()
        background = Color.parse(variables.get("background", "black"))

        def colour(name: str) -> Color:
            try:
                value = Color.parse(variables.get(name, ""))
            except ColorParseError:  # e.g. "auto 60%": contrast colours are not plain
                value = Color.parse(variables.get("foreground", "white"))
            return background + value  # blends any transparency

        def style(fg: str, bg: str | None = None, *, bold: bool = False, italic: bool = False,
                  underline: bool = False) -> Style:
            return Style(color=colour(fg).rich_color,
                         bgcolor=colour(bg).rich_color if bg else None,
                         bold=bold, italic=italic, underline=underline)

        return RichTheme({
            "markdown.h1": style("text-accent", bold=True),
            "markdown.h2": style("text-accent", bold=True, underline=True),
            "markdown.h3": style("text-primary", bold=True),
            "markdown.code": style("text-warning", "surface", bold=True),
            "markdown.code_block": style("foreground", "surface"),
            "markdown.item.bullet": style("text-accent", bold=True),
            "markdown.item.number": style("text-accent"),
            "markdown.block_quote": style("foreground-muted", italic=True),
            "markdown.table.border": style("primary"),
            "markdown.table.header": style("foreground", bold=True),
            "markdown.link": style("text-primary", underline=True),
        })

    async def _load(self) -> None:
        lang = get_language()
        self.sections = split_sections(help_text(lang))
        theme = self._rich_theme()
        code_theme = "monokai" if self.app.current_theme.dark else "friendly"
        try:
            body = self.query_one("#help-body", VerticalScroll)
        except NoMatches:  # closed before the text was laid out
            return
        await body.remove_children()
        links = section_links(self.sections)
        widgets: list[Static | Vertical] = []
        for i, s in enumerate(self.sections):
            widgets.append(Static(ThemedMarkdown(_HelpMarkdown(s.text, code_theme=code_theme),
                                                 theme),
                                  id=f"help-section-{i}", classes=f"help-section level-{s.level}"))
            if i in links:  # Tab reaches them; Enter or a click follows one
                widgets.append(Vertical(
                    *(Button(link_label(k), name=f"{k.kind}:{k.target}", compact=True,
                             classes="help-link") for k in links[i]),
                    id=f"help-links-{i}", classes="help-links"))
        await body.mount_all(widgets)
        contents = self.query_one("#help-contents", OptionList)
        contents.clear_options()
        contents.add_options(
            Option(Text(s.title, style="bold") if s.level <= 2 else Text("  " + s.title),
                   id=str(i))
            for i, s in enumerate(self.sections)
        )
        self._loaded_lang, self._loaded_theme = lang, self.app.theme
        body.focus()
        if self.topic:
            self.call_after_refresh(self.go_to_topic, self.topic)

    def go_to_topic(self, topic: str) -> bool:
        """Scroll to the level-2 heading of ``topic``; False if the text has none."""
        words = TOPIC_WORDS.get(topic, (topic,))
        for i, section in enumerate(self.sections):
            if section.level == 2 and any(w.lower() in section.title.lower() for w in words):
                self.go_to_section(i)
                return True
        return False

    def go_to_section(self, index: int) -> None:
        try:
            body = self.query_one("#help-body", VerticalScroll)
            section = self.query_one(f"#help-section-{index}")
        except NoMatches:  # closed, or reloading, before this scroll came due
            return
        body.scroll_to_widget(section, top=True, animate=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.go_to_section(int(event.option.id))

    # -- texts around it --------------------------------------------------------------------
    def _refresh_texts(self) -> None:
        self.query_one("#help-title", Static).update(tr("help.title"))
        other = "eo" if get_language() == "en" else "en"
        button = self.query_one("#help-lang", Button)
        button.label = tr(f"help.switch_to_{other}")
        # As wide as its longest label in any language, so that a language switched while
        # the help is under another screen (the settings) cannot leave it at the old width,
        # with "In English" wrapped to "In" (a player saw it).
        labels = [text for key in ("help.switch_to_en", "help.switch_to_eo")
                  for text in all_strings()[key].values()]
        button.styles.width = max(cell_len(text) for text in labels) + 2  # + its padding
        self.query_one("#help-close", Button).label = tr("help.close")
        self.query_one(KeyBar).refresh_texts()

    async def on_settings_changed(self, _: SettingsChanged) -> None:
        self._refresh_texts()
        if get_language() != self._loaded_lang:
            await self._load()
        elif self.app.theme != self._loaded_theme:  # new colours, same place in the text
            body = self.query_one("#help-body", VerticalScroll)
            y = body.scroll_y
            topic, self.topic = self.topic, None
            await self._load()
            self.topic = topic
            self.call_after_refresh(body.scroll_to, y=y, animate=False)

    @on(Button.Pressed, ".help-link")
    def follow_link(self, event: Button.Pressed) -> None:
        """A section's link (its name: ``example:<id>`` or ``guided:<game>``)."""
        event.stop()
        kind, _, target = (event.button.name or "").partition(":")
        if kind == "example":
            self.open_example(target)
        elif kind == "guided":
            self.open_guided(target)

    @on(Button.Pressed, "#help-lang")
    def language_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        services(self).toggle_language()

    def open_example(self, example_id: str) -> None:
        """The worked example in the example viewer, above the help (Escape comes back)."""
        from truf_tui.examples import example
        from truf_tui.ui.screens.example import ExampleScreen

        ex = example(example_id)
        # one viewer at a time: two quick clicks opened two screens with one id (a crash
        # the monkey test met once)
        if ex is not None and not any(isinstance(s, ExampleScreen)
                                      for s in self.app.screen_stack):
            self.app.push_screen(ExampleScreen(ex))

    def open_guided(self, game: str) -> None:
        """The guided game of ``game`` (the app's ``guided`` action), if this version has it."""
        if hasattr(self.app, "action_guided"):
            self.call_next(self.app.run_action, f"guided({game!r})")
        else:
            self.notify(tr("help.guided.missing"), title=tr("help.guided.title"))

    @on(Button.Pressed, "#help-close")
    def action_close(self) -> None:
        self.dismiss()

    def reading_at(self) -> tuple[int, float] | None:
        """The section at the top of the text and how far into it the reader is (0-1)."""
        try:
            body = self.query_one("#help-body", VerticalScroll)
        except NoMatches:
            return None
        y = body.scroll_y
        found: tuple[int, float] | None = None
        for i in range(len(self.sections)):
            region = self.query(f"#help-section-{i}")
            if not region:
                break
            box = region.first().virtual_region
            if box.y > y:
                break
            found = (i, (y - box.y) / box.height if box.height else 0.0)
        return found

    def read_at(self, at: tuple[int, float]) -> None:
        """Back to ``at`` (from :meth:`reading_at`) after the text was laid out anew."""
        i, fraction = at
        try:
            body = self.query_one("#help-body", VerticalScroll)
            box = self.query_one(f"#help-section-{i}").virtual_region
        except NoMatches:
            return
        body.scroll_to(y=box.y + round(fraction * box.height), animate=False)

    def action_toggle_contents(self) -> None:
        # The contents take width from the text, which flows anew: keep the reader on the
        # section being read (it used to land in the other game's part).
        at = self.reading_at()
        contents = self.query_one("#help-contents", OptionList)
        contents.display = not contents.display
        if contents.display:
            if at is not None:
                contents.highlighted = at[0]  # where the reader is, in the list
            contents.focus()
        else:
            self.action_focus_text()
        if at is not None:
            self.call_after_refresh(self.read_at, at)

    def action_next_link(self) -> None:
        """Tab from the text goes to the first links at or below where the reader is (not
        back to the top of the help); elsewhere it moves the focus as usual."""
        try:
            body = self.query_one("#help-body", VerticalScroll)
        except NoMatches:
            return
        if self.focused is body:
            for links in self.query(".help-links"):
                buttons = links.query(Button)
                if buttons and links.virtual_region.y >= body.scroll_y:
                    buttons.first().focus()  # (none while the text is being laid out anew)
                    return
        self.focus_next()

    def action_focus_text(self) -> None:
        try:
            self.query_one("#help-body", VerticalScroll).focus()
        except NoMatches:  # the screen is closing
            pass
