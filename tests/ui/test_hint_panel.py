"""The hint panel (issue 38): a hint taller than the terminal scrolls, with its keys line
in view (A4), and the cards of one rank are one move with one figure (A5, T1)."""

from __future__ import annotations

from typing import Any

import pytest

from truf_tui.cards import TRUC_STRENGTH, Card
from truf_tui.engine import truc
from truf_tui.play.config import HUMAN
from truf_tui.ui.widgets import hints

from .tables_support import ScriptBot, make_app, start
from .test_coach_ui import deal
from .test_snapshots_coach import FixedExpert, hint_of_fixed_expert


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_a_long_hint_scrolls_and_keeps_its_keys_in_view(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        # You lead: seven moves (three cards, raise, rest, redeal, fold), three lines each.
        await start(pilot, "truc", seed=11, dealer=1 - HUMAN, bot=ScriptBot("play"))
        await hint_of_fixed_expert(pilot)
        screen: Any = app.screen
        keys = screen.query_one("#hint-keys")
        scroll = screen.query_one("#hint-body").parent
        assert keys.region.height == 1 and keys.region.bottom <= size[1]
        assert scroll.max_scroll_y > 0  # taller than the room it has
        await pilot.press("end")
        await pilot.pause(0.1)
        assert scroll.scroll_y == scroll.max_scroll_y
        await pilot.press("up")
        await pilot.pause(0.1)
        assert scroll.scroll_y == scroll.max_scroll_y - 1
        await pilot.press("home")
        await pilot.pause(0.1)
        assert scroll.scroll_y == 0


def test_the_cards_of_one_rank_are_one_move(monkeypatch: pytest.MonkeyPatch) -> None:
    import truf_tui.ai

    monkeypatch.setattr(truf_tui.ai, "make_bot", lambda *a, **k: FixedExpert())
    state = deal(("10C", "10S", "KD"), ("9H", "QH", "AS"), dealer=1 - HUMAN)
    hint = hints.analyse("truc", state, {}, seed=1)
    assert hint.lines is not None
    tens = [x for x in hint.lines if x.action.kind == "play" and x.action.card.rank == "10"]
    assert len(tens) == 1 and len(tens[0].same) == 1
    policy = FixedExpert().policy(state.observation(HUMAN))
    both = sum(p for a, p in policy.items() if a.kind == "play" and a.card.rank == "10")
    assert tens[0].solved == pytest.approx(both) and both > 0
    text = hints.hint_markup(hint, "letters")
    assert text.count("the solved player:") == len(hint.lines) == 6
    assert "play" in text and " or " in text


# -- issue 38 A1-A3: one model, the solution's values, ranks the Le Truc panel ---------------
class SearchFirst:
    """The old hint's order standing in (the ``hard`` search put moves the solved player
    never makes first, fold last): its ``analyse`` lists ``first`` first and fold last;
    the solution's values, probabilities and unit are the real solved player's."""

    def __init__(self, first: str) -> None:
        from truf_tui.ai.solved import SolvedTrucBot

        self.first = first
        self.solved = SolvedTrucBot(seed=1)

    def analyse(self, observation: Any) -> list[Any]:
        from truf_tui.ai.base import ActionStats, legal_of

        _, legal = legal_of(observation)
        order = sorted(legal, key=lambda a: (str(a) != self.first, a.kind == "fold"))
        return [ActionStats(a, 0, 0.9 - 0.1 * i) for i, a in enumerate(order)]

    def action_values(self, observation: Any) -> dict[Any, float]:
        return self.solved.action_values(observation)

    def value_unit(self, observation: Any) -> str:
        return self.solved.value_unit(observation)

    def policy(self, observation: Any) -> dict[Any, float]:
        return self.solved.policy(observation)


def _weak_lead() -> Any:
    """You lead trick 1 with 9, 10, J: the solved player asks for a redeal (T3) every time,
    folding is worth as much (the round's single point), and a raise is the worst move."""
    return deal(("9S", "10S", "JS"), ("7H", "8H", "AH"), dealer=1 - HUMAN)


def _a1_spot() -> Any:
    """Issue 38 A1: you hold A♦ 8♣ in trick 2 after winning trick 1 on the computer's Q♦."""
    s = deal(("KS", "AD", "8C"), ("QD", "10H", "9C"), dealer=HUMAN)
    return s.apply("play QD").apply("play KS")


def test_the_truc_hint_ranks_by_the_solutions_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """A2: the search put a raise first that the solved player never makes; the panel
    ranks by the values, so the first move is one it makes, and the order is the values'."""
    import truf_tui.ai

    state = _weak_lead()
    monkeypatch.setattr(truf_tui.ai, "make_bot", lambda *a, **k: SearchFirst("raise"))
    hint = hints.analyse("truc", state, {}, seed=1)
    assert hint.lines is not None
    solved = SearchFirst("raise")
    values = solved.action_values(state.observation(HUMAN))
    policy = solved.policy(state.observation(HUMAN))
    assert policy[truc.RAISE] == 0.0 and values[truc.RAISE] == min(values.values())
    shown = [round(x.value, 2) for x in hint.lines]
    assert shown == sorted(shown, reverse=True)
    # the values at the two decimals every screen writes (grading.shown_value)
    assert [x.value for x in hint.lines] == [round(values[x.action], 2) for x in hint.lines]
    assert hint.lines[0].action.kind != "raise" and (hint.lines[0].solved or 0.0) > 0.5
    assert hint.lines[-1].action == truc.RAISE and hint.unit == "points"


def test_fold_stands_where_its_value_puts_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A3: fold is not always last: here folding (−1) is worth as much as the redeal and
    more than any card, so it comes second, above every card and bet."""
    import truf_tui.ai

    monkeypatch.setattr(truf_tui.ai, "make_bot", lambda *a, **k: SearchFirst("redeal"))
    hint = hints.analyse("truc", _weak_lead(), {}, seed=1)
    assert hint.lines is not None
    kinds = [x.action.kind for x in hint.lines]
    assert kinds[:2] == ["redeal", "fold"]
    fold = hint.lines[1]
    assert all(x.value <= fold.value for x in hint.lines[2:])


def test_the_truc_header_says_what_ranks_the_moves() -> None:
    state = _weak_lead()
    hint = hints.Hint("truc", state, (), "points")
    assert ("ranked by its value when both players then play the solved strategy: points "
            "of this round") in hints.hint_markup(hint)
    assert "your chance of winning the game" in hints.hint_markup(
        hints.Hint("truc", state, (), "match"))
    from truf_tui.ui.i18n import set_language

    set_language("eo")
    try:
        assert "ordigita laŭ sia valoro" in hints.hint_markup(hint)
    finally:
        set_language("en")


def test_every_figure_of_the_a1_panel_is_the_solutions() -> None:
    """A1: at A♦ 8♣ in trick 2, the header said "called, it wins 56%" and the raise line
    "your hand wins about 100%".  Now each line shows its value and the solved player's
    frequency, both the solution's; a lead's risk is read from the opponent's range as the
    values weigh it; no other chance of winning is given."""
    from truf_tui.ai.solved import SolvedTrucBot

    state = _a1_spot()
    assert state.to_move == HUMAN and truc.RAISE in state.legal_actions()
    hint = hints.analyse("truc", state, {}, seed=1)
    assert hint.lines is not None
    o = state.observation(HUMAN)
    bot = SolvedTrucBot(seed=1)
    values, policy = bot.action_values(o), bot.policy(o)
    text = " ".join(hints.hint_markup(hint, "letters").split())
    assert "wins about" not in text and "called, it wins" not in text
    for line in hint.lines:
        assert line.value == round(values[line.action], 2)  # as the screens write it
        assert line.solved == pytest.approx(policy[line.action])
        assert f"{round(line.value, 2):+.2f}".replace("-", "−") in text
    assert "the stake becomes 2 if your opponent accepts" in text
    from truf_tui.strategy.values import opponent_range

    # The risk of leading the A: the share of the opponent's range holding an 8 or a 7
    # (T1), which the values say cannot take the round from you here (+1 point).
    rng = opponent_range(o)
    ace = TRUC_STRENGTH[Card.parse("AD", "truc")]
    risk = sum(w for rest, w in rng.items() if max(rest) > ace) / sum(rng.values())
    [lead] = [x for x in hint.lines if x.action.kind == "play" and x.action.card.rank == "A"]
    assert lead.reason.params["p"] == round(100 * risk)
    assert values[lead.action] == pytest.approx(1.0) and round(100 * risk) == 0


def test_a_failing_solution_is_logged_and_the_panel_says_so(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    import truf_tui.ai
    from truf_tui.store.errorlog import LOG_NAME

    class Broken:
        def action_values(self, observation: Any) -> dict[Any, float]:
            raise RuntimeError("the values' own bug")

    monkeypatch.setattr(truf_tui.ai, "make_bot", lambda *a, **k: Broken())
    hint = hints.analyse("truc", _weak_lead(), {}, 1, HUMAN, tmp_path)
    assert hint.lines is None and "could not judge" in hints.hint_markup(hint)
    text = (tmp_path / LOG_NAME).read_text(encoding="utf-8")
    assert "bot crash: truc, solved, hint, seat 0" in text and "the values' own bug" in text


def test_points_are_written_with_a_sign_in_both_languages() -> None:
    from truf_tui.ui.i18n import set_language

    assert hints.figure(-1.004, "points") == " −1.00" and hints.figure(0.424, "points") == " +0.42"
    assert hints.figure(0.494, "match").endswith(" 49.4%")  # a tenth: 0.4% is no 0%
    set_language("eo")
    try:
        assert hints.figure(0.425, "points").strip() in ("+0,42", "+0,43")
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_the_truc_panel_is_titled_for_the_solutions_values(lang: str) -> None:
    """The Le Truc panel ranks the moves by the solution's values (its header says so): its
    title says the same, not "the expert's view", which stays Trufludo's (the search)."""
    from truf_tui.ui.i18n import tr

    app = make_app(lang=lang)
    async with app.run_test(size=(100, 32)) as pilot:
        await start(pilot, "truc", seed=11, dealer=1 - HUMAN, bot=ScriptBot("play"))
        await hint_of_fixed_expert(pilot)
        title = str(app.screen.query_one("#hint-panel").border_title)
        assert title == {"en": "Hint: the solution's values",
                         "eo": "Konsilo: la valoroj de la solvo"}[lang]
        assert tr("hint.title.trufludo") != title
