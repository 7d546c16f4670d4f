"""The review queue on the start screen and the app's side of it (issue 38, item 6): "N spots
due for review" shows when some are, in both languages, and the hooks the drills call never
raise."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from truf_tui.grading import Grade
from truf_tui.store.files import Problem
from truf_tui.store.repetition import FILE_NAME, RepetitionQueue
from truf_tui.ui.i18n import set_language
from truf_tui.ui.storage import AppData, Notice


def spot(n: int) -> dict[str, Any]:
    """A spot that rebuilds (the app checks every queued spot): the first decision of the
    non-dealer, seat 1, of a match dealt from seed ``n``."""
    return {"category": "last", "seed": n, "dealer": 0, "scores": [10, 10],
            "moves": [], "seat": 1, "target": 12}


async def review_line(folder: Path, lang: str) -> tuple[bool, str]:
    from truf_tui.ui.app import TrufApp

    app = TrufApp(lang=lang, data_dir=folder, bot_options={"iterations": 10})
    try:
        async with app.run_test(size=(80, 24)):
            line = app.screen.query_one("#review-due", Static)
            return bool(line.display), str(line.render())
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "many", "one"), [
    ("en", "3 spots you missed are due for review: press b.",
     "1 spot you missed is due for review: press b."),
    ("eo", "3 situacioj, kiujn vi maltrafis, estas ripetotaj: premu b.",
     "1 situacio, kiun vi maltrafis, estas ripetota: premu b."),
])
async def test_the_start_screen_says_how_many_spots_are_due(tmp_path: Path, lang: str,
                                                            many: str, one: str) -> None:
    assert (await review_line(tmp_path, lang))[0] is False  # nothing queued: nothing said
    q = RepetitionQueue(tmp_path)
    now = datetime.now(UTC)
    q.add_missed(spot(1), Grade.BLUNDER, now - timedelta(minutes=5))
    q.add_missed(spot(9), Grade.BLUNDER, now + timedelta(days=2))  # not due yet
    shown, text = await review_line(tmp_path, lang)
    assert shown and one in text
    for n in (2, 3):
        q.add_missed(spot(n), Grade.MISTAKE, now - timedelta(minutes=n))
    shown, text = await review_line(tmp_path, lang)
    assert shown and many in text


def test_the_drills_hooks_drill_due_spots_first_and_schedule_them(tmp_path: Path) -> None:
    data = AppData(tmp_path)
    try:
        now = datetime(2026, 12, 5, 6, tzinfo=UTC)
        assert not data.spot_missed(spot(1), Grade.CORRECT, now)  # right: not queued
        assert data.spot_missed(spot(1), Grade.MISTAKE, now)
        assert data.spot_missed(spot(2), Grade.BLUNDER, now - timedelta(hours=1))
        assert data.spots_due(now) == 2
        assert data.review_spots(10, now) == [spot(2), spot(1)]  # most overdue first
        assert data.review_spots(1, now) == [spot(2)]
        raise_spot = {**spot(3), "category": "raised"}
        assert data.spot_missed(raise_spot, Grade.INACCURACY, now - timedelta(hours=2))
        assert data.review_spots(10, now, "raised") == [raise_spot]
        assert data.review_spots(10, now, "last") == [spot(2), spot(1)]
        assert data.review_spots(10, now, "random") == [raise_spot, spot(2), spot(1)]
        data.spot_unusable(raise_spot)
        assert data.spot_reviewed(spot(2), Grade.BEST, now)
        assert data.review_spots(10, now) == [spot(1)]
        assert not data.spot_reviewed(spot(7), Grade.BEST, now)  # never queued
        data.spot_unusable(spot(1), "it does not rebuild")
        assert data.spots_due(now) == 0
        # each unusable spot is kept aside, and said
        assert [(p.subject, p.kept_as is not None) for p in data.problems
                if isinstance(p, Problem)] == [("spot", True), ("spot", True)]
        assert "it does not rebuild" in str(data.problems[-1])
    finally:
        data.close()


def test_a_damaged_queue_is_a_notice_and_the_app_goes_on(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text("{not json")
    data = AppData(tmp_path)
    try:
        assert data.spots_due() == 0
        (p,) = data.problems
        assert isinstance(p, Problem) and p.subject == "repetition" and p.kept_as is not None
        assert data.spot_missed(spot(1), Grade.MISTAKE)
        assert data.spots_due() == 1 and len(data.problems) == 1
    finally:
        data.close()


def test_a_queue_that_cannot_be_written_is_a_notice(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from truf_tui.store import repetition
    from truf_tui.store.files import StoreError

    def fail(*args: object) -> None:
        raise StoreError("disk full")

    monkeypatch.setattr(repetition, "atomic_write", fail)
    data = AppData(tmp_path)
    try:
        assert not data.spot_missed(spot(1), Grade.MISTAKE)
        (n,) = data.problems
        assert isinstance(n, Notice) and n.key == "store.review_not_saved"
        assert "disk full" in n.message("en")
    finally:
        data.close()


@pytest.mark.parametrize(("lang", "words"), [("en", "queue of spots to review"),
                                             ("eo", "vico de situacioj ripetotaj")])
async def test_a_damaged_queue_is_told_on_the_start_screen(tmp_path: Path, lang: str,
                                                           words: str) -> None:
    from truf_tui.ui.app import TrufApp

    (tmp_path / FILE_NAME).write_text("{not json")
    app = TrufApp(lang=lang, data_dir=tmp_path, bot_options={"iterations": 10})
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            told = [n.message for n in app._notifications]
            assert any(words in m for m in told), told
            assert not app.screen.query_one("#review-due", Static).display
    finally:
        set_language("en")
    assert list(tmp_path.glob(FILE_NAME + ".corrupt-*"))


@pytest.mark.parametrize(("lang", "words"), [("en", "A spot in the queue of spots to review"),
                                             ("eo", "Situacio en la vico de situacioj")])
async def test_a_spot_that_no_longer_rebuilds_is_set_aside_at_the_start(
        tmp_path: Path, lang: str, words: str) -> None:
    """The app checks every queued spot (``Spot.from_dict``): one that does not rebuild, or
    one of a newer truf-tui, is kept aside with a notice when the start screen counts the
    due spots; the others stay due."""
    now = datetime.now(UTC)
    q = RepetitionQueue(tmp_path)
    q.add_missed(spot(1), Grade.BLUNDER, now - timedelta(minutes=5))
    q.add_missed({**spot(2), "seat": 0}, Grade.BLUNDER, now - timedelta(minutes=5))
    q.add_missed({**spot(3), "v": 99}, Grade.BLUNDER, now - timedelta(minutes=5))
    from truf_tui.ui.app import TrufApp

    app = TrufApp(lang=lang, data_dir=tmp_path, bot_options={"iterations": 10})
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            line = app.screen.query_one("#review-due", Static)
            assert line.display and "1 " in str(line.render())
            told = [n.message for n in app._notifications]
            assert sum(words in m for m in told) == 2, told
    finally:
        set_language("en")
    assert [e.spot for e in RepetitionQueue(tmp_path).entries()] == [spot(1)]
    (kept,) = tmp_path.glob(FILE_NAME + ".corrupt-*")
    assert "99" in kept.read_text()
