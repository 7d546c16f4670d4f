"""Le Truc's round words say why (issue 16, items 7 and 8): the round summary names the T6
case that gave the round away, and a refusal names what was refused (the redeal, T3; the
raise to N, T7; the *Mia resto*, T8) and what it scored."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from textual.content import Content

from truf_tui.cards import TRUC_32
from truf_tui.engine import truc
from truf_tui.play.config import COMPUTER, HUMAN
from truf_tui.ui.i18n import set_language, tr
from truf_tui.ui.screens.summary import TrucResults, TrucRoundSummary
from truf_tui.ui.screens.truc_table import TrucTable
from truf_tui.ui.widgets.table import Markup

from .tables_support import ScriptBot, make_app, settle, start

SIZE = (100, 32)


def deal(you: Sequence[str], cpu: Sequence[str], dealer: int = COMPUTER,
         **rules: Any) -> truc.State:
    """A match whose first round deals ``you`` and ``cpu`` (T2: the non-dealer first)."""
    nd, d = (you, cpu) if dealer == COMPUTER else (cpu, you)
    top = [nd[0], d[0], nd[1], d[1], nd[2], d[2]]
    rest = [str(c) for c in TRUC_32 if str(c) not in top]
    return truc.new_game(truc.Rules(**rules), deck=top + rest, dealer=dealer, seed=1)


def plain(markup: str) -> str:
    return Content.from_markup(markup).plain


def body(app: Any) -> str:
    return plain(app.screen.query_one("#summary-body", Markup).text)


# The computer deals, so you lead trick 1; the winner of a trick leads the next (T4), the
# leader again after a spoiled one (T5).
T6_CASES = [
    # one each, trick 3 spoiled: the earlier won trick decides (T6)
    ("7S 9S KS", "9H 10H KH", "7S 9H 9S 10H KH KS", HUMAN,
     "tbl.t.how.earlier.you", {"first": 1, "spoiled": 3}),
    ("9S 7S KS", "10H 9H KH", "9S 10H 9H 7S KS KH", COMPUTER,
     "tbl.t.how.earlier.computer", {"first": 1, "spoiled": 3}),
    # won then spoiled, spoiled then won, spoiled twice then won
    ("7S KS 9S", "9H KH 10H", "7S 9H KS KH", HUMAN, "tbl.t.how.unspoiled.you", {"n": 1}),
    ("KS 9S QS", "KH 10H JH", "KS KH 9S 10H", COMPUTER,
     "tbl.t.how.unspoiled.computer", {"n": 2}),
    ("KS QS 7S", "KH QH 9H", "KS KH QS QH 7S 9H", HUMAN, "tbl.t.how.unspoiled.you",
     {"n": 3}),
    # more tricks won
    ("7S 8S 9S", "9H 10H JH", "7S 9H 8S 10H", HUMAN, "tbl.t.how.tricks.you",
     {"won": 2, "lost": 0}),
    ("7S 9S 8S", "9H 10H JH", "7S 9H 9S 10H JH 8S", HUMAN, "tbl.t.how.tricks.you",
     {"won": 2, "lost": 1}),
    # all three spoiled: nobody scores
    ("KS QS JS", "KH QH JH", "KS KH QS QH JS JH", None, "tbl.t.how.spoiled", {}),
]


@pytest.mark.parametrize("lang", ["en", "eo"])
@pytest.mark.parametrize(("you", "cpu", "plays", "winner", "key", "fmt"), T6_CASES)
@pytest.mark.slow
async def test_the_round_summary_says_which_t6_case_decided(
        lang: str, you: str, cpu: str, plays: str, winner: int | None, key: str,
        fmt: dict[str, int]) -> None:
    s = deal(you.split(), cpu.split())
    for card in plays.split():
        s = s.apply(f"play {card}")
    end = s.last_round
    assert end is not None and end.winner == winner and end.how in ("tricks", "spoiled")
    # the engine's T6 agrees that the round was decided by these tricks
    assert truc.round_result([t.winner for t in end.tricks]) == (True, winner)
    app = make_app(lang=lang)
    try:
        async with app.run_test(size=SIZE) as pilot:
            app.push_screen(TrucRoundSummary(s))
            await pilot.pause()
            text = body(app)
            assert text.splitlines()[0] == plain(tr(key, **fmt))
            assert "1 to 1" not in text and "1 kontraŭ 1" not in text
    finally:
        set_language("en")


async def refused_round(pilot: Any, state: truc.State, bot: ScriptBot,
                        keys: Sequence[str]) -> TrucTable:
    t = await start(pilot, "truc", bot=bot)
    assert isinstance(t, TrucTable)
    t.load_state(state)
    await settle(pilot)
    for key in keys:
        await pilot.press(key)
        await settle(pilot)
    return t


REFUSALS = [
    # you raise (T7) to 2 and the computer refuses: you score the stake before it, 1
    (HUMAN, COMPUTER, ScriptBot("refuse"), ["r"], {}, "raise",
     "tbl.t.ev.refuse.raise.computer", "tbl.t.how.refused.raise.you", {"n": 2, "m": 1}),
    # the computer raises to 4 after your accepted raise; you refuse: it scores 2
    (HUMAN, COMPUTER, ScriptBot("accept", "raise"), ["r", "1", "x"], {}, "raise",
     "tbl.t.ev.refuse.raise.you", "tbl.t.how.refused.raise.computer", {"n": 4, "m": 2}),
    # the computer declares its rest (T8); you refuse: it scores the stake, 1
    (COMPUTER, HUMAN, ScriptBot("rest"), ["x"], {}, "rest",
     "tbl.t.ev.refuse.rest.you", "tbl.t.how.refused.rest.computer", {"m": 1}),
    # your rest refused under rest_refusal = "game": you win the game
    (HUMAN, COMPUTER, ScriptBot("refuse"), ["m"], {"rest_refusal": "game"}, "rest",
     "tbl.t.ev.refuse.rest.game.computer", "tbl.t.how.refused.rest.game.you", {"m": 12}),
]


@pytest.mark.parametrize("lang", ["en", "eo"])
@pytest.mark.parametrize(("leader", "dealer", "bot", "keys", "rules", "kind", "event",
                          "how", "fmt"), REFUSALS)
@pytest.mark.slow
async def test_a_refusal_names_what_was_refused_and_what_it_scored(
        lang: str, leader: int, dealer: int, bot: ScriptBot, keys: list[str],
        rules: dict[str, Any], kind: str, event: str, how: str, fmt: dict[str, int]) -> None:
    state = deal(("9S", "10S", "JS"), ("9H", "10H", "JH"), dealer=dealer, **rules)
    assert state.to_move == leader
    app = make_app(lang=lang)
    try:
        async with app.run_test(size=SIZE) as pilot:
            t = await refused_round(pilot, state, bot, keys)
            assert isinstance(app.screen, TrucRoundSummary)
            end = t.state.last_round
            assert end is not None and end.how == "refused"
            assert body(app).splitlines()[0] == plain(tr(how, **fmt))
            words = plain(tr(event, **fmt))
            assert words in " ".join(plain(status(t)).split()), status(t)
            # the results' list of rounds names the refusal too
            results = TrucResults(t.state)
            app.push_screen(results)
            await pilot.pause()
            short = plain(tr(f"tbl.res.t.short.refused.{kind}", n=fmt.get("n", 0)))
            assert short in body(app)
    finally:
        set_language("en")


async def test_a_refused_redeal_says_the_cards_stay() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await refused_round(pilot, deal(("9S", "10S", "JS"), ("9H", "10H", "JH")),
                                ScriptBot("refuse"), ["d"])
        assert t.state.redeal_used and t.state.pending is None  # T3: the round goes on
        words = plain(tr("tbl.t.ev.refuse.redeal.computer"))
        assert words == "The computer refuses the redeal: the cards stay as they are (rule T3)."
        assert words in " ".join(plain(status(t)).split())


def status(t: Any) -> str:
    return str(t.query_one("#status", Markup).text)
