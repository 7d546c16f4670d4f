"""Take back, in practice only (issue 38 item 3): ``u`` on a Le Truc practice table undoes the
player's last decision of the round (the computer's reply too), shows its grade and cost from a
worker, and lets the player choose again; the record, the history's graded decisions and the
bluff statistics hold only the final choices, the meta counts the take-backs, and the autosave
written after a take-back resumes at the restored position.  Outside practice, after a round's
end, the key changes nothing and says why."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

import truf_tui.grading
from truf_tui.coach import BluffStats, reviews
from truf_tui.engine import truc
from truf_tui.grading import Grade
from truf_tui.store import History
from truf_tui.store.repetition import RepetitionQueue
from truf_tui.ui.app import TrufApp
from truf_tui.ui.i18n import set_language, tr
from truf_tui.ui.keybar import KeyBar, KeyHint
from truf_tui.ui.screens.dialogs import ConfirmDialog
from truf_tui.ui.screens.practice import PracticeRoundSummary
from truf_tui.ui.screens.truc_graded import GradedTrucResults
from truf_tui.ui.screens.truc_table import TrucTable
from truf_tui.ui.settings import Settings
from truf_tui.ui.storage import AppData
from truf_tui.ui.widgets.table import Markup

from .tables_support import BOT_OPTIONS, settle, table_of
from .test_truc_graded import begin, make_app

SIZE = (100, 40)


def status(t: TrucTable) -> str:
    return t.query_one("#status", Markup).text


def key_bar_offers_u(t: TrucTable) -> bool:
    return any(h.action == "screen.take_back" and h.display
               for h in t.query_one("#keys", KeyBar).query(KeyHint))


async def fold(pilot: Pilot[Any]) -> None:
    await pilot.press("f")
    await settle(pilot)
    assert isinstance(pilot.app.screen, ConfirmDialog)
    await pilot.press("y")
    await settle(pilot)


async def test_a_raise_taken_back_is_graded_and_only_the_fold_reaches_the_history(
        tmp_path: Path, monkeypatch: Any) -> None:
    """At 0-11 the player raises with a weak hand, the computer accepts; ``u`` brings back the
    deal (the accept undone too), grades the raise in a worker ("grading it…" meanwhile),
    and the player folds instead: the match ends on that fold alone."""
    release = threading.Event()
    real = truf_tui.grading.grade_truc_move

    def held(*a: Any, **k: Any) -> Any:
        release.wait(30)
        return real(*a, **k)

    monkeypatch.setattr(truf_tui.grading, "grade_truc_move", held)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        t = await begin(pilot, "accept", scores=(0, 11))
        dealt = t.tstate
        assert dealt.to_move == 0 and truc.RAISE in dealt.legal_actions()
        assert not key_bar_offers_u(t), "nothing decided yet: u is not offered"
        await pilot.press("r")
        await settle(pilot)
        assert [a.kind for a in t.tstate.history] == ["raise", "accept"]
        assert key_bar_offers_u(t)

        await pilot.press("u")
        for _ in range(4):
            await pilot.pause()  # not settle: the grading worker is held
        assert t.tstate == dealt, "the deal as it was, the computer's accept undone too"
        assert t.taken is not None and t.taken.graded is None
        assert "taken back: grading it… Choose again." in status(t)
        assert t.my_move(), "the table does not wait for the grade"

        release.set()
        await settle(pilot)
        expected = real(dealt, truc.RAISE, 0)
        assert t.taken is not None and t.taken.graded == expected
        assert expected.loss > 0.0, "a weak raise at 0-11 costs something"
        text = status(t)
        assert f"taken back: {tr(expected.words_key)}; it cost " in text
        assert "Choose again." in text

        await fold(pilot)
        for _ in range(20):
            if isinstance(pilot.app.screen, GradedTrucResults):
                break
            if isinstance(pilot.app.screen, PracticeRoundSummary):
                await pilot.press("enter")  # the last round's review, then the results
            await settle(pilot)
        results = pilot.app.screen
        assert isinstance(results, GradedTrucResults)
        await settle(pilot)
        assert t.taken is None, "chosen again: the taken-back grade is gone"
    with History(tmp_path) as h:
        [game] = h.games("truc")
        kept = h.decisions("truc")
    record = game.record()
    assert list(record.moves) == ["fold"], "the record keeps the moves finally played"
    assert record.meta["takebacks"] == 1
    assert [(d.move, d.action) for d in kept] == [(0, "fold")]
    stats = BluffStats.of(reviews(record.replay()))
    assert stats.my_bets == 0 and sum(stats.raised) == 0, "the raise taken back is not a bet"
    # The review queue has the fold's grade alone: the raise taken back (a miss) never
    # reaches it, whatever the fold was graded.
    assert expected.grade >= Grade.INACCURACY, "the raise taken back was a miss"
    (fold_grade,) = [d.grade for d in kept]
    queued = RepetitionQueue(tmp_path).entries()
    if fold_grade in ("best", "correct"):
        assert queued == []
    else:
        assert [(e.spot["move"], e.grade.key, e.misses) for e in queued] == [(0, fold_grade, 1)]


async def test_outside_practice_the_key_does_nothing_and_says_why() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = await begin(pilot, "accept", scores=(0, 0), practice=False)
        await pilot.press("r")
        await settle(pilot)
        assert not key_bar_offers_u(t)
        before = t.tstate
        await pilot.press("u")
        await settle(pilot)
        assert t.tstate == before and t.taken is None
        assert "for practice games against the computer only" in status(t)


async def test_after_the_round_ends_the_key_does_nothing_and_says_why(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        t = await begin(pilot, "accept", scores=(0, 0))
        await pilot.press("u")
        await settle(pilot)
        assert "no decision in this round yet" in status(t)
        await fold(pilot)
        assert isinstance(pilot.app.screen, PracticeRoundSummary)
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.screen is t and t.tstate.round_no == 2
        before = t.tstate
        await pilot.press("u")
        await settle(pilot)
        assert t.tstate == before and t.takebacks == 0
        assert "A finished round stays as played" in status(t)
        assert "next deal is already agreed" in status(t)


async def test_the_autosave_after_a_take_back_resumes_at_the_restored_position(
        tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        t = await begin(pilot, "accept", scores=(0, 0))
        await pilot.press("r")  # raise; the computer accepts
        await settle(pilot)
        restored = t.tstate
        assert [a.kind for a in restored.history] == ["raise", "accept"]
        await pilot.press("1")  # lead a card; the computer answers
        await settle(pilot)
        assert len(t.tstate.history) > 3
        await pilot.press("u")
        await settle(pilot)
        assert t.tstate == restored
    saved = AppData(tmp_path).load_autosave()
    assert saved is not None
    record, state = saved
    assert state == restored and list(record.moves) == ["raise", "accept"]
    assert record.meta["takebacks"] == 1

    again = TrufApp(settings=app.settings, bot_options=dict(app.bot_options), data_dir=tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        again.open_record(record, state)
        await settle(pilot)
        t2 = table_of(again)
        assert isinstance(t2, TrucTable) and t2.tstate == restored
        assert t2.takebacks == 1
        await pilot.press("u")  # the resumed round's raise can be taken back too
        await settle(pilot)
        assert t2.tstate.history == () and t2.takebacks == 2
    record2, _state2 = AppData(tmp_path).load_autosave() or (None, None)
    assert record2 is not None and record2.meta["takebacks"] == 2


async def test_the_key_bar_with_u_fits_80_columns_in_esperanto() -> None:
    """At 80 columns ``u`` takes the place of ``←→`` while it is offered: every key shown
    fits (the longest labels are Esperanto's)."""
    app = TrufApp(settings=Settings(pace="instant", lang="eo"), bot_options=dict(BOT_OPTIONS))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            t = await begin(pilot, "accept", scores=(0, 0))
            await pilot.press("r")
            await settle(pilot)
            assert key_bar_offers_u(t)
            shown = [h for h in t.query_one("#keys", KeyBar).query(KeyHint) if h.display]
            assert shown and max(h.region.right for h in shown) <= 80
            assert "Malfari" in " ".join(str(h.render()) for h in shown)
    finally:
        set_language("en")
