"""The Translated mixin (truf_tui.ui.settings): a screen's texts drawn at mount, before
what else it does then, and drawn again when the settings change."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from truf_tui.ui.i18n import set_language, tr
from truf_tui.ui.settings import SettingsChanged, Translated


class Titled(Translated, Screen[None]):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static(id="title")

    def refresh_texts(self) -> None:
        self.seen.append("texts")
        self.query_one("#title", Static).update(tr("settings.title"))

    def mounted(self) -> None:
        self.seen.append("mounted")


async def test_texts_at_mount_then_the_rest_and_again_on_a_language_switch() -> None:
    set_language("en")
    app: App[None] = App()
    try:
        async with app.run_test() as pilot:
            screen = Titled()
            app.push_screen(screen)
            await pilot.pause()
            assert screen.seen == ["texts", "mounted"]
            english = str(screen.query_one("#title", Static).render())
            set_language("eo")
            screen.post_message(SettingsChanged())
            await pilot.pause()
            assert screen.seen == ["texts", "mounted", "texts"]
            assert str(screen.query_one("#title", Static).render()) == tr("settings.title")
            assert tr("settings.title") != english
    finally:
        set_language("en")
