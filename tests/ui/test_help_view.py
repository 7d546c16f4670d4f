"""The help as a reader meets it (issue 16, item 12): showing or hiding the contents (t)
keeps the reader on the rule being read, in either game's part, and the language button is
never cut ("In" for "In English")."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.widgets import Button

from truf_tui.ui.i18n import set_language, tr
from truf_tui.ui.screens.help import HelpScreen

from .tables_support import make_app
from .test_help_links import open_help, section_index


def shown_section(help_screen: HelpScreen) -> list[int]:
    """The sections whose text is at the top line of the help's text."""
    body = help_screen.query_one("#help-body")
    y = body.scroll_y
    out = []
    for i in range(len(help_screen.sections)):
        box = help_screen.query_one(f"#help-section-{i}").virtual_region
        if box.y <= y < box.y + box.height:
            out.append(i)
    return out


async def settle_layout(pilot: Any) -> None:
    for _ in range(3):
        await pilot.pause()


@pytest.mark.parametrize("size", [(100, 32), (120, 36)])
@pytest.mark.parametrize(("lang", "title"), [
    ("en", "2 pli?"),  # T7, Le Truc's part
    ("en", "Trufego"),  # F7, Trufludo's
    ("eo", "2 pli?"),
    ("eo", "Trufego"),
])
@pytest.mark.slow
async def test_the_contents_key_keeps_the_reader_on_the_rule(
        size: tuple[int, int], lang: str, title: str) -> None:
    app = make_app(lang=lang)
    try:
        async with app.run_test(size=size) as pilot:
            h = await open_help(pilot)
            i = section_index(h, title)
            h.go_to_section(i)
            await settle_layout(pilot)
            body = h.query_one("#help-body")
            box = h.query_one(f"#help-section-{i}").virtual_region
            body.scroll_to(y=box.y + box.height // 2, animate=False)  # halfway through it
            await settle_layout(pilot)
            assert shown_section(h) == [i]
            contents = h.query_one("#help-contents")
            for _ in range(4):  # show, hide, show, hide (or the other way round)
                was = contents.display
                await pilot.press("t")
                await settle_layout(pilot)
                assert contents.display != was
                assert shown_section(h) == [i], (h.sections[i].title, [
                    h.sections[j].title for j in shown_section(h)])
                if contents.display:
                    assert app.focused is contents and contents.highlighted == i
                else:
                    assert app.focused is body
    finally:
        set_language("en")


def header(app: Any) -> str:
    return app.screen._compositor.render_strips()[0].text


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
@pytest.mark.slow
async def test_the_language_button_shows_its_whole_label(size: tuple[int, int]) -> None:
    app = make_app(lang="en")
    try:
        async with app.run_test(size=size) as pilot:
            h = await open_help(pilot)
            assert tr("help.switch_to_eo") in header(app)  # "Esperante"
            # Esperanto chosen in the settings while the help is under them: the button
            # must follow its new, longer label.
            await pilot.press("ctrl+s")
            await pilot.pause()
            app.apply_settings(app.settings.copy(lang="eo"))
            await pilot.pause()
            await pilot.press("escape")
            for _ in range(20):
                await pilot.pause()
                if h._loaded_lang == "eo":
                    break
                await asyncio.sleep(0.05)
            assert app.screen is h
            button = h.query_one("#help-lang", Button)
            assert str(button.label) == "In English"
            assert "In English" in header(app) and tr("help.close") in header(app)
            # and back with the button itself
            await pilot.click("#help-lang")
            await settle_layout(pilot)
            assert "Esperante" in header(app) and "Close" in header(app)
    finally:
        set_language("en")
