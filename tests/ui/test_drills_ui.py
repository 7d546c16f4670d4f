"""The bluff trainer's screen (issue 38 item 4): opened from the start screen with its key,
three spots decided with keys to the session's summary, in English and Esperanto, at 80x24;
the roll where the solution mixes; the screen never waits for the worker."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from truf_tui.engine import truc
from truf_tui.ui.screens.drills import DrillScreen

from .tables_support import make_app, settle

SMALL = (80, 24)


def shown(screen: DrillScreen) -> str:
    table, result = screen.texts()
    return table + "\n" + result


async def decide(pilot: Pilot[Any], screen: DrillScreen) -> None:
    """Wait for the spot, choose its first option, wait for the figures."""
    await settle(pilot)
    assert screen.phase == "decide", shown(screen)
    await pilot.press("1")
    await settle(pilot)
    assert screen.phase == "result" and screen.analysis is not None


@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_three_spots_by_keys_to_the_summary(lang: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(DrillScreen, "session_size", 3)
    app = make_app(lang=lang)
    app.drill_seed = 5
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        menu = shown(screen)
        assert ("Facing a raise" if lang == "en" else "Antaŭ altigo") in menu
        await pilot.press("2")  # facing a raise
        for n in range(1, 4):
            await decide(pilot, screen)
            text = shown(screen)
            assert ("Spot" if lang == "en" else "Situacio") + f" {n} of 3" in text \
                or f"Situacio {n} el 3" in text
            assert ("accept" if lang == "en" else "akcepti") in text
            assert screen.done[-1].verdict.grade.key in ("best", "correct", "inaccuracy",
                                                         "mistake", "blunder")
            await pilot.press("n")
        await pilot.pause()
        assert screen.phase == "summary"
        summary = shown(screen)
        assert ("Session over: 3 spots" if lang == "en" else "Sesio finita: 3 situacioj") \
            in summary
        await pilot.press("enter")
        assert screen.phase == "menu"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, DrillScreen)


async def test_the_palette_opens_the_trainer() -> None:
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"bluff trainer")
        await pilot.pause(0.3)
        await pilot.press("enter")
        for _ in range(20):
            if isinstance(app.screen, DrillScreen):
                break
            await pilot.pause(0.05)
        assert isinstance(app.screen, DrillScreen)


async def test_a_choice_is_taken_while_the_solution_still_works(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The figures come from a worker: the key is answered at once ("working…"), the
    grade follows when the worker is done."""
    import threading

    from truf_tui import drills

    gate = threading.Event()
    real = drills.analyse

    def slow(spot: drills.Spot) -> drills.Analysis:
        gate.wait(10)
        return real(spot)

    monkeypatch.setattr(drills, "analyse", slow)
    app = make_app()
    app.drill_seed = 7
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        await pilot.press("2")
        for _ in range(100):
            if screen.phase == "decide":
                break
            await pilot.pause(0.05)
        assert screen.phase == "decide" and screen.analysis is None
        await pilot.press("1")
        await pilot.pause()
        assert screen.phase == "result" and "working this spot out" in shown(screen)
        assert not screen.done  # counted once graded
        gate.set()
        await settle(pilot)
        assert screen.analysis is not None and len(screen.done) == 1
        assert "You chose accept" in shown(screen)


async def test_the_roll_says_what_the_mix_picks() -> None:
    app = make_app()
    app.drill_seed = 7  # its first spot facing a raise is mixed (accept 80%)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        await pilot.press("2")
        await decide(pilot, screen)
        assert screen.analysis is not None and screen.analysis.mixed
        assert "[b]r[/] rolls its dice" in shown(screen)
        await pilot.press("r")
        await pilot.pause()
        assert screen.rolled is not None
        assert "this time the mix picks" in shown(screen)


async def test_the_spot_names_the_rounds_calls_before_it() -> None:
    """A spot after a raise and its acceptance lists them, who made each; the proposal the
    spot answers is said on its own line, not twice."""
    from truf_tui import drills

    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        spot = drills.deal("last", 0)
        assert spot.moves[1:3] == ("raise", "accept")
        screen.phase = "dealing"
        screen._dealt(spot, spot.state())
        first = truc.new_game(truc.Rules(), seed=spot.seed, dealer=spot.dealer).apply(
            spot.moves[0])
        raiser = "you" if first.current_player == spot.seat else "computer"
        answerer = "computer" if raiser == "you" else "you"
        text = shown(screen)
        assert f"Calls this round: {raiser}: raise to 2 · {answerer}: accept" in text
        raised = drills.deal("raised", 0)
        screen.phase = "dealing"
        screen._dealt(raised, raised.state())
        text = shown(screen)
        assert "Calls this round" not in text and "raises to 2" in text


async def test_a_missed_spot_comes_back_first_and_is_rescheduled(tmp_path: Any) -> None:
    """Issue 38 item 6 with the trainer: a queued spot of the chosen kind is dealt before
    new ones, marked as missed before, and its grade schedules its next review."""
    from datetime import UTC, datetime

    from truf_tui import drills
    from truf_tui.grading import Grade
    from truf_tui.ui.app import TrufApp
    from truf_tui.ui.settings import Settings
    from truf_tui.ui.storage import AppData

    missed = drills.deal("raised", 3)
    data = AppData(tmp_path)
    assert data.spot_missed(missed.to_dict(), Grade.BLUNDER)
    assert data.spots_due() == 1
    data.close()
    app = TrufApp(settings=Settings(pace="instant"), data_dir=tmp_path)
    app.drill_seed = 7
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        await pilot.press("2")
        await decide(pilot, screen)
        assert screen.spot == missed and screen.reviewing
        assert "one you missed before" in shown(screen)
        assert app.data is not None
        entry = app.data.repetition.due(datetime.now(UTC))
        graded = screen.done[-1].verdict.grade
        # reviewed: due again only if it was missed again (Again: minutes, not now)
        assert entry == [] or graded >= Grade.MISTAKE
        await pilot.press("n")
        await settle(pilot)
        assert screen.spot != missed and not screen.reviewing


async def test_a_decision_missed_in_a_game_comes_back_as_that_spot(tmp_path: Any) -> None:
    """Issue 38 item 6 for real games: a game's decision graded a mistake (a fold after
    an accepted redeal, in the match's second round) enters the queue due at once, once
    however often it is told; it is still due after the folder is opened again; and the
    trainer poses exactly that spot: the same hand, the hand given up, the same options
    and the same values from ``action_values``.  The drill's grade reschedules it."""
    from datetime import UTC, datetime

    from truf_tui import drills
    from truf_tui.grading import Grade, grade_truc_move
    from truf_tui.strategy.values import action_values
    from truf_tui.ui.app import TrufApp
    from truf_tui.ui.settings import Settings
    from truf_tui.ui.storage import AppData

    # tests/test_drills.py's GAME_MOVES: a fold at stake 2 after an accepted redeal and a
    # trick, in the second round of a match dealt from seed 17, a mistake (0.43 points)
    moves = ["rest", "refuse", "redeal", "accept", "play 9C", "play QC", "raise", "accept",
             "fold"]
    game = truc.replay(truc.Rules(), moves, seed=17, dealer=1)
    before = truc.replay(truc.Rules(), moves[:-1], seed=17, dealer=1)
    FOLD_AT = len(moves) - 1  # noqa: N806
    graded = grade_truc_move(before, truc.parse_action("fold"), FOLD_AT)
    assert graded.grade is Grade.MISTAKE
    data = AppData(tmp_path)
    assert data.game_spots_missed([graded], game, "game-1") == 1
    assert data.game_spots_missed([graded], game, "game-1") == 0  # told again: once
    data.close()
    reopened = AppData(tmp_path)
    (entry,) = reopened.repetition.due(datetime.now(UTC))
    assert entry.misses == 1 and entry.grade is Grade.MISTAKE and reopened.problems == []
    reopened.close()

    app = TrufApp(settings=Settings(pace="instant"), data_dir=tmp_path)
    app.drill_seed = 7
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        await pilot.press("8")  # any kind: the due spots of every kind come first
        await settle(pilot)
        spot = screen.spot
        assert spot is not None and (spot.from_game, spot.at_move) == ("game-1", FOLD_AT)
        s = screen.state
        assert s is not None and spot.seat == 0
        assert s.hands[0] == before.hands[0] and s.discards[0] == before.discards[0]
        assert screen.choices == drills.options(before.legal_actions())
        text = shown(screen)
        assert "missed in one of your games" in text and "Given up in the redeal" in text
        assert "Score: you 1 – 0 computer · stake 2" in text
        fold = screen.choices.index(truc.parse_action("fold"))
        await pilot.press(str(fold + 1))
        await settle(pilot)
        assert screen.analysis is not None
        values = action_values(before.observation(0))
        assert screen.analysis.values == {  # as the screens write them (two decimals)
            a: round(max(v for b, v in values.items() if drills.same_choice(a, b)), 2)
            for a in screen.choices}
        v = screen.done[-1].verdict
        assert v.grade is Grade.MISTAKE and v.loss == pytest.approx(graded.loss)
        assert app.data is not None
        (after,) = app.data.repetition.entries()
        assert after.reviews == 1 and after.misses == 2  # drilled, missed again


# -- what the try-out as a new user found (issue 38, the targets' try-out) -----------------
@pytest.mark.parametrize("lang", ["en", "eo"])
@pytest.mark.parametrize("unit", ["points", "match"])
def test_the_values_legend_fits_80_columns_without_a_ragged_wrap(lang: str, unit: str) -> None:
    """The legend above the values was one line of 81 columns at 80: "hand:" wrapped alone
    under it (and in Esperanto, near the end, it wrapped once the scroll bar showed).
    Each of its lines now fits the drill's body at 80 columns (76 cells: padding and
    the scroll bar)."""
    from textual.markup import to_content

    from truf_tui.ui.i18n import set_language, tr

    set_language(lang)
    try:
        text = tr("drill.values", unit=tr(f"drill.unit.{unit}"))
    finally:
        set_language("en")
    lines = to_content(text).plain.splitlines()
    assert len(lines) == 2 and all(len(line) <= 76 for line in lines), lines


def test_equal_values_are_listed_by_the_solutions_frequency() -> None:
    """Options of equal value were listed in the rules' order: a fold the solution never
    makes stood above its 91% Mia resto, and "the best choice by value" named the first
    of them.  Now the solution's own choice leads among equals."""
    from truf_tui import drills
    from truf_tui.grading import Grade

    play, rest, fold = truc.parse_action("play 8C"), truc.REST, truc.parse_action("fold")
    an = drills.Analysis(values={fold: 1.0, play: 1.001, rest: 0.999, truc.RAISE: 0.4},
                         unit="points", freqs={fold: 0.0, play: 0.09, rest: 0.91,
                                               truc.RAISE: 0.0}, range=None)
    assert drills.ranked(an) == [rest, play, fold, truc.RAISE]
    assert an.best == rest
    verdict = drills.grade(an, fold)
    assert verdict.best == rest and verdict.grade is Grade.BEST  # shown equal: graded best


def summary_of(screen: DrillScreen, grades: list[tuple[Any, float, bool]]) -> str:
    from truf_tui import drills
    from truf_tui.ui.screens.drills import Done

    spot = drills.deal("raised", 1)
    a = truc.ACCEPT
    screen.done = [Done(spot, drills.Verdict(a, loss, g, a), "points", queued)
                   for g, loss, queued in grades]
    screen.phase = "summary"
    return shown(screen)


@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_the_summary_names_no_costliest_when_nothing_cost_and_counts_right(
        lang: str) -> None:
    """The English try-out's summary read "No decision cost anything worth naming: well
    played." above "Costliest: spot 9 …: 0.00 points", and the Esperanto one "(1
    situacioj …)".  Now: no costliest unless a decision was worse than correct, one spot
    said in the singular, every grade shown best to worst (the scale), and the missed
    spots said to come back."""
    from truf_tui.grading import Grade
    from truf_tui.ui.i18n import set_language

    app = make_app(lang=lang)
    try:
        async with app.run_test(size=SMALL) as pilot:
            await pilot.press("b")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, DrillScreen)
            clean = summary_of(screen, [(Grade.BEST, 0.001, False),
                                        (Grade.CORRECT, 0.04, False)])
            if lang == "en":
                assert "well played" in clean and "Costliest" not in clean
                assert "Your grades: best 1 · correct 1 · inaccuracy 0 · mistake 0 · " \
                       "blunder 0" in clean
                assert "come back" not in clean
            else:
                assert "bone ludite" in clean and "Plej kosta" not in clean
                assert "plej bona 1 · ĝusta 1 · malprecizaĵo 0 · eraro 0 · fuŝego 0" in clean
            one = summary_of(screen, [(Grade.MISTAKE, 0.3, True)])
            if lang == "en":
                assert "Session over: 1 spot." in one and "(1 spot scored in points)" in one
                assert "Costliest: spot 1" in one and "well played" not in one
                assert "The spot you missed comes back for review" in one
            else:
                assert "Sesio finita: 1 situacio." in one and "(1 situacio taksita" in one
                assert "Plej kosta: situacio 1" in one
                assert "La situacio, kiun vi maltrafis, revenos" in one
            two = summary_of(screen, [(Grade.BLUNDER, 0.6, True),
                                      (Grade.INACCURACY, 0.12, True), (Grade.BEST, 0.0, False)])
            assert ("The 2 spots you missed come back" if lang == "en"
                    else "La 2 situacioj, kiujn vi maltrafis, revenos") in two
    finally:
        set_language("en")


# -- the trainer's decisions reach the history (issue 38 item 5) ---------------------------
async def test_every_drilled_decision_is_kept_once_in_the_history(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each graded decision of a drill goes into the history when it is graded, once (a
    roll after it adds nothing), as the spot's number in its session, with the spot's key
    (the review queue's), its grade, loss, unit and leak categories; a new session is a
    new ref; no game is counted for it."""
    from truf_tui.store.repetition import spot_key
    from truf_tui.ui.app import TrufApp
    from truf_tui.ui.settings import Settings

    monkeypatch.setattr(DrillScreen, "session_size", 2)
    app = TrufApp(settings=Settings(pace="instant"), data_dir=tmp_path)
    app.drill_seed = 7
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DrillScreen) and app.data is not None
        await pilot.press("2")  # facing a raise
        keys = []
        for n in (1, 2):
            await decide(pilot, screen)
            await pilot.press("r")  # rolls where the solution mixes: nothing more kept
            await pilot.pause()
            assert screen.spot is not None
            keys.append(spot_key(screen.spot.to_dict()))
            kept = app.data.history.decisions("truc", source="drill")
            assert len(kept) == n
            d, v = kept[-1], screen.done[-1].verdict
            assert (d.ref, d.move, d.spot) == (screen.session_id, n, keys[-1])
            assert d.grade == v.grade.key and d.loss == pytest.approx(v.loss)
            assert d.unit == screen.done[-1].unit and "raised" in d.tags
            assert d.action == str(v.chosen) and d.best == str(v.best)
            await pilot.press("n")
        await pilot.pause()
        assert screen.phase == "summary"
        assert "apart from your games' (s, then d)" in shown(screen)
        first = screen.session_id
        await pilot.press("enter", "2")
        await decide(pilot, screen)
        kept = app.data.history.decisions("truc", source="drill")
        assert len(kept) == 3 and kept[-1].ref != first and kept[-1].move == 1
        assert app.data.history.decisions("truc", source="game") == []
        assert app.data.history.games() == []  # a drill session is no game


async def test_a_spot_drilled_again_from_the_queue_is_kept_again(tmp_path: Any) -> None:
    """A missed spot dealt again from the review queue is a new answer: kept again, under
    the queue's key for it."""
    from truf_tui import drills
    from truf_tui.grading import Grade
    from truf_tui.store.repetition import spot_key
    from truf_tui.ui.app import TrufApp
    from truf_tui.ui.settings import Settings
    from truf_tui.ui.storage import AppData

    missed = drills.deal("raised", 3)
    data = AppData(tmp_path)
    assert data.spot_missed(missed.to_dict(), Grade.BLUNDER)
    data.close()
    app = TrufApp(settings=Settings(pace="instant"), data_dir=tmp_path)
    app.drill_seed = 7
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DrillScreen) and app.data is not None
        await pilot.press("2")
        await decide(pilot, screen)
        assert screen.reviewing
        (d,) = app.data.history.decisions("truc", source="drill")
        assert d.spot == spot_key(missed.to_dict()) and d.move == 1


# -- one writing of a signed figure (issue 38, the trainer polished) ------------------------
@pytest.mark.parametrize(("lang", "minus", "plus", "zero"), [
    ("en", "−1.00", "+0.25", "+0.00"), ("eo", "−1,00", "+0,25", "+0,00")])
def test_signed_values_are_written_alike_in_the_trainer_and_the_hint_panel(
        lang: str, minus: str, plus: str, zero: str) -> None:
    """The trainer wrote "-1,00" with a hyphen where the hint panel wrote "−1,00": one
    formatter now, the minus sign, the language's decimal mark, no "−0,00"."""
    from truf_tui.ui.i18n import set_language
    from truf_tui.ui.screens.drills import figure as drill_figure
    from truf_tui.ui.widgets.hints import figure as hint_figure

    set_language(lang)
    try:
        for x, want in ((-1.0, minus), (0.25, plus), (-0.001, zero)):
            assert drill_figure(x, "points") == hint_figure(x, "points").strip() == want
    finally:
        set_language("en")


# -- the range picture without colour, its legend with it (issue 38, at 80x24) ----------------
@pytest.mark.parametrize("lang", ["en", "eo"])
def test_the_range_picture_reads_without_colour_and_its_legend_is_beside_it(
        lang: str) -> None:
    """The bars were one glyph drawn only in colours, and the legend was the picture's
    last line, below the fold at 80x24: now each kind of action at a decision has a glyph
    of its own, and the legend stands at the right of the first bars; no line passes the
    76 cells of the body at 80 columns."""
    from rich.cells import cell_len
    from textual.markup import to_content

    from truf_tui import drills
    from truf_tui.ui.i18n import set_language, tr
    from truf_tui.ui.screens.drills import GLYPHS, range_lines

    set_language(lang)
    try:
        seen: set[tuple[str, ...]] = set()
        spots: list[tuple[drills.Category, int]] = [
            ("weak", 0), ("raised", 0), ("rest", 1), ("last", 2), ("weak", 3), ("raised", 4)]
        for cat, seed in spots:
            rng = drills.range_at(drills.deal(cat, seed))
            if rng is None:  # no node for it, or every card known
                continue
            seen.add(rng.kinds)
            glyphs = [GLYPHS[k] for k in rng.kinds]
            assert len(set(glyphs)) == len(glyphs), rng.kinds
            lines = [to_content(line).plain for line in range_lines(rng)]
            assert all(cell_len(line) <= 76 for line in lines), lines
            bars = lines[1:1 + len(rng.buckets)]
            for k, (kind, glyph) in enumerate(zip(rng.kinds, glyphs, strict=True)):
                entry = f"{glyph} {tr(f'drill.kind.{kind}')}"
                # beside the first bars (or just under them if there are fewer bars)
                assert lines[1 + k].endswith(entry), (lines[1 + k], entry)
            legend = set(glyphs)
            for line in bars:
                drawn = set(line[4:4 + 40]) - {" "}
                assert drawn <= legend, (line, legend)
        assert len(seen) >= 2  # more than one set of kinds was drawn
    finally:
        set_language("en")


def test_kinds_that_share_a_glyph_never_meet_at_a_decision() -> None:
    """The shades go from the boldest bet to giving up; two kinds share one only where
    no decision offers both (a redeal is proposed where no bet is pending, an acceptance
    answers one; a card is played where nothing is pending, a refusal answers)."""
    from truf_tui.ui.screens.drills import GLYPHS

    meet = [("rest", "raise", "redeal", "play"), ("rest", "raise", "accept", "refuse"),
            ("accept", "refuse")]
    for kinds in meet:
        assert len({GLYPHS[k] for k in kinds}) == len(kinds), kinds


@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_a_choice_the_solution_never_makes_says_so_beside_best(lang: str) -> None:
    """A refusal the solution never makes, 0.01 below the call: graded best (the solution's
    rounding), and the trainer said "best, it cost nothing" beside its 0% and its lower
    value.  Its grade's words say the solution never plays it, and it cost 0.01."""
    from truf_tui import drills
    from truf_tui.ui.i18n import set_language

    app = make_app(lang=lang)
    try:
        async with app.run_test(size=SMALL) as pilot:
            await pilot.press("b")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, DrillScreen)
            spot = drills.deal("raised", 1)
            screen.spot, screen.state = spot, spot.state()
            screen.analysis = drills.Analysis({truc.ACCEPT: 0.49, truc.REFUSE: 0.48}, "points",
                                              {truc.ACCEPT: 1.0, truc.REFUSE: 0.0}, None)
            screen.chosen, screen.phase = truc.REFUSE, "result"
            text = screen.result_text()
            never = ("best value, though the solution never plays it" if lang == "en"
                     else "plej bona valoro, kvankam la solvo neniam ludas ĝin")
            assert never in text
            assert ("it cost 0.01 points" if lang == "en" else "kosto: 0,01 poentoj") in text
            assert "cost nothing" not in text and "kostis nenion" not in text
    finally:
        set_language("en")
