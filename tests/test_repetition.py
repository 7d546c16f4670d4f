"""The review queue of missed spots (issue 38, item 6): FSRS scheduling, the grade-to-rating
mapping, and the file in the data folder (atomic, locked, a damaged file kept aside).

The crash and the second writer are real second processes (a SIGKILL, two processes adding
at once), so these tests fail exactly when the real thing would.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from fsrs import Rating
from hypothesis import given, settings
from hypothesis import strategies as st

from truf_tui.grading import Grade
from truf_tui.store import repetition
from truf_tui.store.files import Invalid, StoreError
from truf_tui.store.repetition import (
    FILE_NAME,
    RATING,
    Counts,
    RepetitionQueue,
    spot_key,
)

NOW = datetime(2026, 12, 5, 6, 0, tzinfo=UTC)
ROOT = Path(__file__).resolve().parents[1]


def spot(n: int, category: str = "weak") -> dict[str, Any]:
    """A spot dict shaped like a drill's ``Spot.to_dict()``."""
    return {"category": category, "seed": 1000 + n, "dealer": n % 2, "scores": [0, 0],
            "moves": ["raise", "accept"][: n % 3], "seat": n % 2, "target": 12}


# -- the key and the mapping ---------------------------------------------------------------------
def test_the_key_is_the_spot_whatever_the_order_of_its_fields() -> None:
    a = spot(1)
    b = dict(reversed(list(a.items())))
    assert spot_key(a) == spot_key(b)
    assert spot_key(a) != spot_key(spot(2))
    assert json.loads(spot_key(a)) == a


def test_the_mapping_of_grades_to_ratings() -> None:
    assert RATING == {Grade.BEST: Rating.Good, Grade.CORRECT: Rating.Good,
                      Grade.INACCURACY: Rating.Hard, Grade.MISTAKE: Rating.Again,
                      Grade.BLUNDER: Rating.Again}
    assert set(RATING) == set(Grade)


# -- scheduling ----------------------------------------------------------------------------------
def test_a_missed_spot_is_due_at_once(tmp_path: Path) -> None:
    q = RepetitionQueue(tmp_path)
    assert q.add_missed(spot(1), Grade.MISTAKE, NOW)
    assert [e.key for e in q.due(NOW)] == [spot_key(spot(1))]
    assert q.counts(NOW) == Counts(1, 0, 1)
    assert q.counts(NOW - timedelta(seconds=1)) == Counts(0, 1, 1)


@pytest.mark.parametrize("grade", [Grade.BEST, Grade.CORRECT])
def test_a_right_answer_is_not_queued(tmp_path: Path, grade: Grade) -> None:
    q = RepetitionQueue(tmp_path)
    assert not q.add_missed(spot(1), grade, NOW)
    assert q.counts(NOW) == Counts(0, 0, 0)
    assert not (tmp_path / FILE_NAME).exists()


def test_an_inaccuracy_is_queued(tmp_path: Path) -> None:
    assert RepetitionQueue(tmp_path).add_missed(spot(1), Grade.INACCURACY, NOW)


def test_good_reviews_push_it_later_and_a_blunder_brings_it_back(tmp_path: Path) -> None:
    q = RepetitionQueue(tmp_path)
    key = spot_key(spot(1))
    q.add_missed(spot(1), Grade.BLUNDER, NOW)
    when, gaps = NOW, []
    for _ in range(4):
        e = q.review(key, Grade.BEST, when)
        assert e is not None
        gaps.append(e.due - when)
        when = e.due
    assert gaps == sorted(gaps) and gaps[0] < gaps[-1]
    assert gaps[-1] >= timedelta(days=7)  # learned: it stays away for days
    assert q.counts(when - timedelta(seconds=1)).due == 0
    e = q.review(key, Grade.BLUNDER, when)
    assert e is not None and e.due - when <= timedelta(minutes=10)  # back within minutes
    assert e.reviews == 5 and e.misses == 2 and e.grade is Grade.BLUNDER


def test_an_inaccuracy_schedules_sooner_than_a_best_answer(tmp_path: Path) -> None:
    due: dict[Grade, datetime] = {}
    for grade in (Grade.BEST, Grade.INACCURACY, Grade.MISTAKE):
        q = RepetitionQueue(tmp_path / grade.key)
        q.add_missed(spot(1), Grade.MISTAKE, NOW)
        when = NOW
        for _ in range(3):  # into the review state
            e = q.review(spot_key(spot(1)), Grade.BEST, when)
            assert e is not None
            when = e.due
        e = q.review(spot_key(spot(1)), grade, when)
        assert e is not None
        due[grade] = e.due
    assert due[Grade.MISTAKE] < due[Grade.INACCURACY] < due[Grade.BEST]


def test_missing_a_reviewed_spot_again_rates_it_again(tmp_path: Path) -> None:
    q = RepetitionQueue(tmp_path)
    key = spot_key(spot(1))
    q.add_missed(spot(1), Grade.MISTAKE, NOW)
    when = NOW
    for _ in range(3):
        e = q.review(key, Grade.BEST, when)
        assert e is not None
        when = e.due
    assert q.add_missed(spot(1), Grade.MISTAKE, when)
    (e,) = q.entries()
    assert e.due - when <= timedelta(minutes=10) and e.misses == 2 and e.reviews == 3


def test_missing_a_spot_never_drilled_keeps_it_due(tmp_path: Path) -> None:
    q = RepetitionQueue(tmp_path)
    q.add_missed(spot(1), Grade.INACCURACY, NOW)
    q.add_missed(spot(1), Grade.BLUNDER, NOW + timedelta(hours=1))
    (e,) = q.entries()
    assert e.due == NOW and e.misses == 2 and e.grade is Grade.BLUNDER and e.reviews == 0


def test_due_is_most_overdue_first_and_limited(tmp_path: Path) -> None:
    q = RepetitionQueue(tmp_path)
    for n, minutes in ((1, 30), (2, 0), (3, 50), (4, 10)):
        q.add_missed(spot(n), Grade.MISTAKE, NOW + timedelta(minutes=minutes))
    q.add_missed(spot(5), Grade.MISTAKE, NOW + timedelta(days=1))  # not due yet
    now = NOW + timedelta(hours=1)
    assert [e.spot["seed"] for e in q.due(now)] == [1002, 1004, 1001, 1003]
    assert [e.spot["seed"] for e in q.due(now, 2)] == [1002, 1004]
    assert q.counts(now) == Counts(4, 1, 5)


def test_reviewing_a_spot_not_queued_changes_nothing(tmp_path: Path) -> None:
    q = RepetitionQueue(tmp_path)
    assert q.review(spot_key(spot(1)), Grade.BEST, NOW) is None
    assert not (tmp_path / FILE_NAME).exists()


def test_naive_times_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        RepetitionQueue(tmp_path).add_missed(spot(1), Grade.MISTAKE, datetime(2026, 1, 1))


def test_other_time_zones_are_the_same_instant(tmp_path: Path) -> None:
    q = RepetitionQueue(tmp_path)
    paris = NOW.astimezone(timezone(timedelta(hours=1)))
    q.add_missed(spot(1), Grade.MISTAKE, paris)
    assert q.counts(NOW).due == 1
    assert q.review(spot_key(spot(1)), Grade.BEST, paris) is not None


# -- persistence ---------------------------------------------------------------------------------
def test_round_trip(tmp_path: Path) -> None:
    q = RepetitionQueue(tmp_path)
    for n in range(5):
        q.add_missed(spot(n), Grade.MISTAKE, NOW + timedelta(minutes=n))
    q.review(spot_key(spot(2)), Grade.INACCURACY, NOW + timedelta(hours=1))
    again = RepetitionQueue(tmp_path).entries()
    assert [e.to_dict() for e in again] == [e.to_dict() for e in q.entries()]
    assert sorted(e.spot["seed"] for e in again) == [1000, 1001, 1002, 1003, 1004]
    assert oct(os.stat(tmp_path / FILE_NAME).st_mode & 0o777) == oct(0o600)


def test_a_write_that_fails_midway_leaves_the_old_queue(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    q = RepetitionQueue(tmp_path)
    q.add_missed(spot(1), Grade.MISTAKE, NOW)
    before = (tmp_path / FILE_NAME).read_bytes()

    def crash(*args: object) -> None:
        raise KeyboardInterrupt  # as a kill between the write and the rename

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        q.add_missed(spot(2), Grade.MISTAKE, NOW)
    monkeypatch.undo()
    assert (tmp_path / FILE_NAME).read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    assert RepetitionQueue(tmp_path).counts(NOW) == Counts(1, 0, 1)


KILLED = """
import sys
from datetime import UTC, datetime, timedelta, timezone
from truf_tui.grading import Grade
from truf_tui.store.repetition import RepetitionQueue
q = RepetitionQueue(sys.argv[1])
now = datetime(2026, 12, 5, tzinfo=UTC)
n = 0
while True:
    spot = {"seed": n, "moves": ["raise"] * 50, "pad": "x" * 2000}
    q.add_missed(spot, Grade.MISTAKE, now + timedelta(seconds=n))
    if n == 0:
        print("going", flush=True)
    n += 1
"""


def test_a_process_killed_while_writing_leaves_a_whole_queue(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for delay in (0.1, 0.4):
        proc = subprocess.Popen([sys.executable, "-c", KILLED, str(tmp_path)], env=env,
                                stdout=subprocess.PIPE, text=True)
        try:
            assert proc.stdout is not None and proc.stdout.readline() == "going\n"
            time.sleep(delay)
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
        q = RepetitionQueue(tmp_path)
        entries = q.entries()
        assert q.problems == [] and len(entries) >= 1
        seeds = sorted(e.spot["seed"] for e in entries)
        assert seeds == list(range(len(seeds)))  # every write whole, in order
        (tmp_path / FILE_NAME).unlink()


def test_a_damaged_file_is_kept_aside_and_a_fresh_queue_starts(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    path.write_bytes(b'{"format": "truf-tui-repetition", "version": 1, "spots": [{"spot"')
    q = RepetitionQueue(tmp_path)
    assert q.counts(NOW) == Counts(0, 0, 0)
    (p,) = q.problems
    assert p.kind == "corrupt" and p.subject == "repetition" and p.kept_as is not None
    assert p.kept_as.read_bytes().endswith(b'{"spot"')  # byte for byte
    assert "queue of spots to review" in str(p) and "new, empty queue" in str(p)
    assert "vico de situacioj ripetotaj" in p.message("eo")
    assert q.add_missed(spot(1), Grade.MISTAKE, NOW)
    assert RepetitionQueue(tmp_path).counts(NOW) == Counts(1, 0, 1)
    assert len(q.problems) == 1  # told once


@pytest.mark.parametrize("body", [
    {"format": "truf-tui-repetition", "version": 1, "spots": "none"},
    {"format": "something else", "version": 1, "spots": []},
    {"format": "truf-tui-repetition", "version": 3, "spots": []},
])
def test_bad_contents_are_kept_aside(tmp_path: Path, body: dict[str, Any]) -> None:
    (tmp_path / FILE_NAME).write_text(json.dumps(body))
    q = RepetitionQueue(tmp_path)
    assert q.entries() == []
    (p,) = q.problems
    assert p.subject == "repetition"
    assert p.kept_as is not None and json.loads(p.kept_as.read_text()) == body


def card(due: str = "2026-01-01T00:00:00+00:00", step: object = 0) -> dict[str, Any]:
    return {"card_id": 1, "state": 1, "step": step, "stability": None, "difficulty": None,
            "due": due, "last_review": None}


BAD_ENTRIES = [
    {"spot": {}, "card": {}},
    {"spot": {"seed": 1}, "card": card(step="x"), "added": "2026-01-01T00:00:00+00:00",
     "misses": 1, "reviews": 0, "grade": "mistake"},
    {"spot": {"seed": 2}, "card": card(due="2026-01-01T00:00:00"),
     "added": "2026-01-01T00:00:00+00:00", "misses": 1, "reviews": 0, "grade": "mistake"},
    "not an entry",
]


@pytest.mark.parametrize("bad", BAD_ENTRIES)
def test_a_bad_entry_is_kept_aside_alone(tmp_path: Path, bad: object) -> None:
    """One entry that cannot be read costs only itself: it goes to a file of its own (as
    a queue a newer truf-tui could read), the others stay, and the player is told once."""
    RepetitionQueue(tmp_path).add_missed(spot(1), Grade.MISTAKE, NOW)
    path = tmp_path / FILE_NAME
    body = json.loads(path.read_text())
    body["spots"].append(bad)
    path.write_text(json.dumps(body))
    q = RepetitionQueue(tmp_path)
    assert [e.spot for e in q.entries()] == [spot(1)]
    (p,) = q.problems
    assert p.kind == "corrupt" and p.subject == "spot" and p.kept_as is not None
    assert json.loads(p.kept_as.read_text())["spots"] == [bad]
    assert "A spot in the queue of spots to review" in str(p)
    assert "the other spots stay in the queue" in str(p)
    assert "la aliaj situacioj restas en la vico" in p.message("eo")
    assert len(json.loads(path.read_text())["spots"]) == 1  # cut out of the queue
    again = RepetitionQueue(tmp_path)
    assert again.counts(NOW) == Counts(1, 0, 1) and again.problems == []


def test_a_version_1_file_loads_and_is_written_as_version_2(tmp_path: Path) -> None:
    """A queue written before real games' spots (version 1, drills' spots alone, exactly
    as that truf-tui wrote it) is read as it is; a change writes version 2, the old spots
    with the same keys."""
    old = spot(3)
    entry = {"spot": old, "card": card(due="2026-12-05T05:00:00+00:00"),
             "added": "2026-12-05T05:00:00+00:00", "misses": 1, "reviews": 0,
             "grade": "blunder"}
    (tmp_path / FILE_NAME).write_text(
        '{"format": "truf-tui-repetition", "version": 1, "spots": [\n'
        + json.dumps(entry, separators=(",", ":")) + "\n]}\n")
    q = RepetitionQueue(tmp_path)
    (e,) = q.due(NOW)
    assert e.spot == old and e.key == spot_key(old) and e.grade is Grade.BLUNDER
    assert q.problems == []
    assert q.review(spot_key(old), Grade.BEST, NOW) is not None
    body = json.loads((tmp_path / FILE_NAME).read_text())
    assert body["version"] == repetition.VERSION == 2
    assert [x["spot"] for x in body["spots"]] == [old]


def refuse_newer(d: Any) -> None:
    if d.get("v", 1) > 2:
        raise Invalid("newer", f"a spot of version {d['v']}")
    if d.get("moves") == ["nonsense"]:
        raise Invalid("corrupt", "it does not rebuild")


def test_the_check_sets_aside_the_spots_it_refuses(tmp_path: Path) -> None:
    """A spot the queue's check refuses (of a newer truf-tui, or one that no longer
    rebuilds) leaves the queue for a file of its own with a notice of its kind; the
    others are due as before."""
    plain = RepetitionQueue(tmp_path)
    newer = {**spot(2), "v": 9}
    broken = {**spot(3), "moves": ["nonsense"]}
    for s in (spot(1), newer, broken):
        plain.add_missed(s, Grade.MISTAKE, NOW)
    q = RepetitionQueue(tmp_path, check=refuse_newer)
    assert [e.spot for e in q.due(NOW)] == [spot(1)]
    kinds = sorted((p.kind, p.subject) for p in q.problems)
    assert kinds == [("corrupt", "spot"), ("newer", "spot")]
    (kept,) = {p.kept_as for p in q.problems}
    assert kept is not None
    assert sorted(x["spot"]["seed"] for x in json.loads(kept.read_text())["spots"]) == [
        1002, 1003]
    assert "newer version of truf-tui" in str(next(p for p in q.problems if p.kind == "newer"))
    assert RepetitionQueue(tmp_path).counts(NOW) == Counts(1, 0, 1)


def test_set_aside_takes_one_spot_out_and_keeps_it(tmp_path: Path) -> None:
    q = RepetitionQueue(tmp_path)
    q.add_missed(spot(1), Grade.MISTAKE, NOW)
    q.add_missed(spot(2), Grade.MISTAKE, NOW)
    assert q.set_aside(spot_key(spot(2)), Invalid("corrupt", "no longer rebuilds"))
    assert not q.set_aside(spot_key(spot(2)), Invalid("corrupt", "again"))
    assert [e.spot for e in q.entries()] == [spot(1)]
    (p,) = q.problems
    assert p.kept_as is not None and "no longer rebuilds" in str(p)
    assert [x["spot"] for x in json.loads(p.kept_as.read_text())["spots"]] == [spot(2)]


def test_a_bad_entry_that_cannot_be_kept_leaves_the_file_untouched(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    RepetitionQueue(tmp_path).add_missed(spot(1), Grade.MISTAKE, NOW)
    path = tmp_path / FILE_NAME
    body = json.loads(path.read_text())
    body["spots"].append({"spot": {}, "card": {}})
    path.write_text(json.dumps(body))
    before = path.read_bytes()

    def refuse(*args: object, **kw: object) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(repetition, "keep_copy", refuse)
    q = RepetitionQueue(tmp_path)
    assert [e.spot for e in q.entries()] == [spot(1)]
    (p,) = q.problems
    assert p.kept_as is None and "could not be moved aside" in str(p)
    with pytest.raises(StoreError):
        q.add_missed(spot(2), Grade.MISTAKE, NOW)
    assert path.read_bytes() == before


def test_a_game_decision_is_missed_once_however_often_it_is_told(tmp_path: Path) -> None:
    """``once``: the spot names the one decision it was missed at; told again (a grade
    reported twice), nothing changes, even after drills of it."""
    q = RepetitionQueue(tmp_path)
    game = {**spot(1), "game": "g1", "move": 4}
    assert q.add_missed(game, Grade.MISTAKE, NOW, once=True)
    assert not q.add_missed(game, Grade.BLUNDER, NOW + timedelta(hours=1), once=True)
    (e,) = q.entries()
    assert e.misses == 1 and e.grade is Grade.MISTAKE and e.due == NOW
    e2 = q.review(e.key, Grade.BEST, NOW)
    assert e2 is not None
    assert not q.add_missed(game, Grade.MISTAKE, NOW + timedelta(minutes=1), once=True)
    (e3,) = q.entries()
    assert e3 == e2


def test_a_spot_twice_in_the_file_is_damage(tmp_path: Path) -> None:
    q = RepetitionQueue(tmp_path)
    q.add_missed(spot(1), Grade.MISTAKE, NOW)
    body = json.loads((tmp_path / FILE_NAME).read_text())
    body["spots"] *= 2
    (tmp_path / FILE_NAME).write_text(json.dumps(body))
    q2 = RepetitionQueue(tmp_path)
    assert q2.entries() == [] and "twice" in q2.problems[0].detail


def test_a_file_that_cannot_be_moved_aside_is_never_overwritten(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / FILE_NAME
    path.write_bytes(b"damaged")

    def refuse(*args: object, **kw: object) -> Path:
        raise PermissionError(13, "Permission denied")

    import truf_tui.store.files as files
    monkeypatch.setattr(files, "quarantine", refuse)
    q = RepetitionQueue(tmp_path)
    assert q.entries() == [] and q.problems[0].kept_as is None
    with pytest.raises(StoreError):
        q.add_missed(spot(1), Grade.MISTAKE, NOW)
    assert path.read_bytes() == b"damaged"


WRITER = """
import sys
from datetime import UTC, datetime
from truf_tui.grading import Grade
from truf_tui.store.repetition import RepetitionQueue, spot_key
q = RepetitionQueue(sys.argv[1])
who, n = sys.argv[2], int(sys.argv[3])
now = datetime(2026, 12, 5, tzinfo=UTC)
print("ready", flush=True)
sys.stdin.readline()
for i in range(n):
    q.add_missed({"who": who, "i": i}, Grade.MISTAKE, now)
    q.review(spot_key({"who": "shared", "i": 0}), Grade.BEST, now)
"""


def test_two_windows_do_not_lose_each_others_updates(tmp_path: Path) -> None:
    RepetitionQueue(tmp_path).add_missed({"who": "shared", "i": 0}, Grade.MISTAKE, NOW)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    n = 25
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), who, str(n)],
                              env=env, text=True, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE) for who in ("a", "b")]
    try:
        for p in procs:
            assert p.stdout is not None and p.stdout.readline() == "ready\n"
        for p in procs:  # both start at once
            assert p.stdin is not None
            p.stdin.write("go\n")
            p.stdin.flush()
        for p in procs:
            assert p.wait(timeout=60) == 0
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
    entries = RepetitionQueue(tmp_path).entries()
    assert len(entries) == 2 * n + 1
    (shared,) = [e for e in entries if e.spot["who"] == "shared"]
    assert shared.reviews == 2 * n  # every review of both counted


def test_two_queues_in_one_process_share_the_file(tmp_path: Path) -> None:
    a, b = RepetitionQueue(tmp_path), RepetitionQueue(tmp_path)
    a.add_missed(spot(1), Grade.MISTAKE, NOW)
    b.add_missed(spot(2), Grade.MISTAKE, NOW)
    assert a.counts(NOW) == b.counts(NOW) == Counts(2, 0, 2)


def test_a_lock_held_too_long_is_a_clear_error(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(repetition, "LOCK_WAIT", 0.05)
    monkeypatch.setattr(repetition, "try_lock", lambda fd: False)
    with pytest.raises(StoreError, match="busy in another truf-tui window"):
        RepetitionQueue(tmp_path).add_missed(spot(1), Grade.MISTAKE, NOW)


# -- any sequence keeps the queue consistent ---------------------------------------------------
OPS = st.lists(st.tuples(st.sampled_from(["add", "review", "remove"]),
                         st.integers(0, 5),
                         st.sampled_from(list(Grade)),
                         st.integers(0, 60 * 24 * 30)), max_size=25)


@settings(max_examples=40, deadline=None)
@given(ops=OPS)
def test_random_sequences_keep_the_queue_consistent(
        tmp_path_factory: pytest.TempPathFactory, ops: list[tuple[str, int, Grade, int]]) -> None:
    folder = tmp_path_factory.mktemp("q")
    q = RepetitionQueue(folder)
    model: dict[str, int] = {}  # key -> reviews, as the operations say
    when = NOW
    for op, n, grade, minutes in ops:
        when += timedelta(minutes=minutes)
        key = spot_key(spot(n))
        if op == "add":
            entered = q.add_missed(spot(n), grade, when)
            assert entered == (grade >= Grade.INACCURACY)
            if entered:
                model.setdefault(key, 0)
        elif op == "review":
            e = q.review(key, grade, when)
            assert (e is None) == (key not in model)
            if e is not None:
                model[key] += 1
                assert e.due > when
        else:
            assert q.remove(key) == (key in model)
            model.pop(key, None)
        entries = q.entries()
        keys = [e.key for e in entries]
        assert len(keys) == len(set(keys)) and set(keys) == set(model)
        assert {e.key: e.reviews for e in entries} == model
        for probe in (when, when + timedelta(days=3)):
            c = q.counts(probe)
            assert c.due + c.later == c.total == len(model)
            assert [e.key for e in q.due(probe)] == sorted(
                (e.key for e in entries if e.due <= probe),
                key=lambda k: (next(e.due for e in entries if e.key == k), k))
    assert [e.to_dict() for e in RepetitionQueue(folder).entries()] == \
        [e.to_dict() for e in q.entries()]


# -- labels of an older leak definition (issue 38: grading.LEAK_VERSION) -------------------------
def old_entry(s: dict[str, Any], *, reviews: int = 0, added: str = "2026-12-01T05:00:00+00:00"
              ) -> dict[str, Any]:
    """An entry as a truf-tui before ``tags_version`` wrote it."""
    return {"spot": s, "card": card(due="2026-12-04T05:00:00+00:00"), "added": added,
            "misses": 2, "reviews": reviews, "grade": "mistake"}


def write_queue(path: Path, entries: list[dict[str, Any]]) -> bytes:
    body = json.dumps({"format": "truf-tui-repetition", "version": 2, "spots": entries})
    path.write_text(body)
    return body.encode()


def test_a_game_spot_of_older_leak_labels_is_labelled_again(tmp_path: Path) -> None:
    """A game's spot queued under an older leak definition (its decision's first card once
    counted as "the redeal") is labelled as today's definition labels that decision, so the
    drill of a leak deals the decisions the leak report counts; its schedule stays, a
    drill's own spot (posed as its category) is never asked, nor one whose label is
    today's, and one that cannot be labelled again now is left as it is (asked once a
    queue)."""
    stale = {**spot(1, "redeal"), "v": 2, "game": "g1", "move": 4}
    lost = {**spot(2, "redeal"), "v": 2, "game": "gone", "move": 0}
    drill = spot(3, "redeal")
    current = {**spot(4, "redeal"), "v": 2, "game": "g2", "move": 1}
    asked: list[dict[str, Any]] = []

    def retag(s: Any) -> dict[str, Any] | None:
        asked.append(s)
        return None if s["game"] == "gone" else {**s, "category": "raised"}

    path = tmp_path / FILE_NAME
    write_queue(path, [old_entry(stale), old_entry(lost), old_entry(drill),
                       {**old_entry(current), "tags_version": repetition.LEAK_VERSION}])
    q = RepetitionQueue(tmp_path, retag=retag)
    by_game = {e.spot.get("game"): e for e in q.entries()}
    assert asked == [stale, lost]  # the drill's spot and the current one are not asked
    moved = by_game["g1"]
    assert moved.spot == {**stale, "category": "raised"} and moved.key == spot_key(moved.spot)
    assert moved.tags_version == repetition.LEAK_VERSION
    assert (moved.due, moved.misses, moved.reviews, moved.grade, moved.added) == (
        datetime(2026, 12, 4, 5, tzinfo=UTC), 2, 0, Grade.MISTAKE,
        datetime(2026, 12, 1, 5, tzinfo=UTC))
    assert by_game["gone"].spot == lost and by_game["gone"].tags_version == 0
    assert by_game[None].spot == drill and by_game["g2"].spot == current
    # written (atomically, as every change): the next window reads today's label
    kept = json.loads(path.read_text())["spots"]
    assert {x["spot"]["category"] for x in kept if x["spot"].get("game") == "g1"} == {"raised"}
    assert spot_key(stale) not in {spot_key(x["spot"]) for x in kept}
    q.entries()
    assert asked == [stale, lost]  # nothing asked twice by one queue
    assert q.review(moved.key, Grade.BEST, NOW) is not None  # drilled by its new key


def test_one_decision_under_an_old_and_a_new_label_becomes_one_entry(tmp_path: Path) -> None:
    """Told again after the labels changed, one decision entered twice: labelled again,
    the two are one, the one drilled more keeping its schedule."""
    new = {**spot(1, "raised"), "v": 2, "game": "g1", "move": 4}
    old = {**new, "category": "redeal"}
    write_queue(tmp_path / FILE_NAME, [
        old_entry(old, reviews=3),
        {**old_entry(new, added="2026-12-02T05:00:00+00:00"), "tags_version": 0}])
    q = RepetitionQueue(tmp_path, retag=lambda s: {**s, "category": "raised"})
    (e,) = q.entries()
    assert e.spot == new and e.reviews == 3 and e.tags_version == repetition.LEAK_VERSION


def test_labels_are_read_again_even_where_the_queue_cannot_be_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Writing the new labels fails (a crash between the write and the rename): the file is
    the old one, whole, and the queue is read with today's labels all the same."""
    stale = {**spot(1, "redeal"), "v": 2, "game": "g1", "move": 4}
    before = write_queue(tmp_path / FILE_NAME, [old_entry(stale)])

    def crash(*args: object) -> None:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(os, "replace", crash)
    q = RepetitionQueue(tmp_path, retag=lambda s: {**s, "category": "raised"})
    (e,) = q.entries()
    assert e.spot["category"] == "raised"
    assert (tmp_path / FILE_NAME).read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
