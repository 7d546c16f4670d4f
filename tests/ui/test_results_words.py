"""The end of a Trufludo game (issue 16, item 14): the results say how many cards were left
on the table and that they count for nobody (F10), so that every card adds up (26 + 22 + 4 =
52); and the key bar no longer offers to play a card or to ask for a hint."""

from __future__ import annotations

import pytest
from textual.content import Content

from truf_tui.cards import PACKS
from truf_tui.engine import trufludo
from truf_tui.ui.i18n import set_language, tr
from truf_tui.ui.keybar import KeyHint
from truf_tui.ui.screens.summary import TrufludoResults
from truf_tui.ui.widgets.cards import cards_markup
from truf_tui.ui.widgets.table import Markup

from .tables_support import ScriptBot, make_app, settle, start, trufludo_state

SIZE = (100, 32)


def plain(markup: str) -> str:
    return " ".join(Content.from_markup(markup).plain.replace("\xa0", " ").split())


def results_text(app: object) -> str:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, TrufludoResults)
    return plain(screen.query_one("#summary-body", Markup).text)


@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_the_results_count_the_cards_left_on_the_table(lang: str) -> None:
    app = make_app(lang=lang)
    try:
        async with app.run_test(size=SIZE) as pilot:
            t = await start(pilot, "trufludo", seed=11, bot=ScriptBot())
            # Your last card takes 4♥; four cards stay on the table: the game is over (F10).
            t.load_state(trufludo_state([["7H"], []], ["4H", "KS", "5D", "9S", "QC"]))
            await settle(pilot)
            await pilot.press("1")
            await settle(pilot)
            s = t.state
            assert isinstance(s, trufludo.State) and s.is_terminal() and len(s.table) == 4
            a, b = len(s.piles[0]), len(s.piles[1])
            assert a + b + 4 == len(PACKS["french"]) == 52
            text = results_text(app)
            left = tr("tbl.res.left", n=4, cards=cards_markup(s.table))
            assert plain(left) in text  # "4 cards left on the table count for nobody"
            assert plain(cards_markup(s.table)) == "K♠ 5♦ 9♠ Q♣"
            assert (tr("tbl.res.all_cards", a=a, b=b, n=4, total=52)) in text
            assert ("count for nobody (F10)" if lang == "en"
                    else "valoras por neniu (F10)") in text
            # Behind the results the table offers no more moves nor hints.
            shown = {h.label_key for h in t.query(KeyHint) if h.display}
            assert "tbl.key.play" not in shown and "hint.key" not in shown
            assert "tbl.key.select" not in shown
            assert {"tbl.key.menu", "key.help"} <= shown
            assert "tbl.key.log" not in shown  # the results box takes ``l`` (issue 40 item 15)
            bottom = app.screen._compositor.render_strips()[-1].text
            assert tr("tbl.key.play") not in bottom and tr("hint.key") not in bottom
    finally:
        set_language("en")


async def test_no_leftover_line_when_the_table_is_empty() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, "trufludo", seed=11, bot=ScriptBot())
        t.load_state(trufludo_state([["7H"], []], ["4H"]))  # a trufego empties the table
        await settle(pilot)
        shown = {h.label_key for h in t.query(KeyHint) if h.display}
        assert {"tbl.key.play", "hint.key"} <= shown  # during the game they are offered
        await pilot.press("1")
        await settle(pilot)
        assert t.state.is_terminal() and not t.state.table
        text = results_text(app)
        assert "left on the table" not in text and "cards:" not in text
