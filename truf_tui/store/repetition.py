"""Spaced repetition of missed spots: a queue in the data folder that brings back the spots
the player got wrong, scheduled by FSRS (the ``fsrs`` package, the scheduler Anki uses).

A **spot** is any decision that can be dealt again, given as its own JSON dict (a drill
spot's ``Spot.to_dict()``: a drill's, or a decision of a real game's round); its **key** is
that dict canonicalised (:func:`spot_key`), so the same spot met twice is one entry.

- :meth:`RepetitionQueue.add_missed`: a spot graded inaccuracy or worse enters the queue,
  due at once (a new FSRS card: its first review is the first drill of it).  A spot already
  in the queue that has been reviewed is rated *Again*: missed once more, it comes back soon.
  A game's decision is missed once (``once``): told again, it changes nothing.
- :meth:`RepetitionQueue.review`: a drill's grade updates the schedule (:data:`RATING`).
- :meth:`RepetitionQueue.due`: the spots due, most overdue first; :meth:`counts`.

The file is ``repetition.json``, written like everything in the data folder: atomically
(:func:`~truf_tui.store.files.atomic_write`), so a crash leaves the old queue or the new
one; a damaged file is kept aside and a fresh queue started, with a :class:`Problem` for
the UI.  Every change reads the file, changes it and writes it under an exclusive lock
(``repetition.lock``), so two windows on one folder never lose each other's updates.

One bad entry does not cost the others: an entry that cannot be read, or whose spot the
queue's ``check`` refuses (one that no longer rebuilds, or of a newer truf-tui), is cut out
into a file of its own beside the queue (``repetition.json.corrupt-…``, readable by a newer
truf-tui), with a :class:`Problem` saying so; :meth:`RepetitionQueue.set_aside` does the same
for a spot found unusable later.  Version 1 files (before game spots) load as they are.

A game's spot is labelled by the leak categories of the decision it was missed at
(``spots.game_spot``), and those change (``grading.LEAK_VERSION``): each entry keeps the
version it was labelled by (``tags_version``, 0 before it was kept), and the queue's
``retag`` labels an older one's spot again when it loads it, as the history tags its
decisions again (``History.retag``), so the leak report and the drill of that leak deal
the same decisions.  The spot's key changes with its label; its schedule stays.

Pure: no Textual; times are aware datetimes (converted to UTC).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from fsrs import Card, Rating, Scheduler

from truf_tui.grading import LEAK_VERSION, Grade
from truf_tui.store.files import (
    PRIVATE_FILE,
    FileChangedError,
    Invalid,
    Problem,
    StoreError,
    atomic_write,
    ensure_dir,
    keep_copy,
    parse_json_object,
    read_snapshot,
    set_aside,
    try_lock,
    unreadable,
)

FILE_NAME = "repetition.json"
LOCK_NAME = "repetition.lock"
FORMAT = "truf-tui-repetition"
VERSION = 2  # 2: spots of real games' rounds (the spot's own "v": 2); 1 loads as it is
LOCK_WAIT = 5.0  # seconds a change waits for another window's change (each takes ms)

#: The lowest grade that sends a spot to the queue: an inaccuracy or worse.
MISSED = Grade.INACCURACY

#: A drill's grade as an FSRS rating.  The grade measures the decision, not the effort of
#: recalling it, so a right answer is *Good*, never *Easy*: Easy would skip the learning
#: steps on one answer, and at a mixed spot a right answer may be the luck of the roll.  An
#: inaccuracy is *Hard* (recalled, not well); a mistake or a blunder is *Again* (forgotten).
RATING: dict[Grade, Rating] = {
    Grade.BEST: Rating.Good,
    Grade.CORRECT: Rating.Good,
    Grade.INACCURACY: Rating.Hard,
    Grade.MISTAKE: Rating.Again,
    Grade.BLUNDER: Rating.Again,
}

# FSRS with its published default weights and steps (1 and 10 minutes while learning,
# 10 minutes after a lapse), 90% retention.  No fuzzing: the same reviews give the same
# schedule, in tests and between two windows.
SCHEDULER = Scheduler(enable_fuzzing=False)


def spot_key(spot: Mapping[str, Any]) -> str:
    """The spot's stable key: its JSON dict with sorted keys and no spaces."""
    return json.dumps(spot, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def _utc(when: datetime) -> datetime:
    if when.tzinfo is None:
        raise ValueError("a time in the repetition queue must be aware (with a time zone)")
    return when.astimezone(UTC)


def _card_id(key: str) -> int:
    # FSRS names a card by its creation time in ms by default (and sleeps 1 ms to keep them
    # apart); the key's digest is stable instead.
    return int(hashlib.sha256(key.encode("utf-8")).hexdigest()[:12], 16)


@dataclass(frozen=True)
class Entry:
    """One spot in the queue and its schedule."""

    key: str
    spot: Mapping[str, Any]
    card: Card
    added: datetime  # when it first entered
    misses: int  # times it was missed (in games or drills)
    reviews: int  # drills of it
    grade: Grade  # its last grade
    tags_version: int = LEAK_VERSION  # the leak categories' version its label is of

    @property
    def due(self) -> datetime:
        return self.card.due

    def to_dict(self) -> dict[str, Any]:
        return {"spot": dict(self.spot), "card": dict(self.card.to_dict()),
                "added": self.added.isoformat(), "misses": self.misses,
                "reviews": self.reviews, "grade": self.grade.key,
                "tags_version": self.tags_version}

    @classmethod
    def from_dict(cls, d: object) -> Entry:
        """An entry from :meth:`to_dict`; :class:`Invalid` if anything in it is off."""
        try:
            if not isinstance(d, dict):
                raise TypeError("an entry is not an object")
            spot, raw = d["spot"], d["card"]
            if not isinstance(spot, dict) or not isinstance(raw, dict):
                raise TypeError("its spot or card is not an object")
            card = Card.from_dict(raw)  # type: ignore[arg-type]
            if card.step is not None and (type(card.step) is not int or card.step < 0):
                raise ValueError(f"its step is {card.step!r}")
            if card.due.tzinfo is None or (card.last_review is not None
                                           and card.last_review.tzinfo is None):
                raise ValueError("a time without a time zone")
            misses, reviews = d["misses"], d["reviews"]
            if type(misses) is not int or type(reviews) is not int or min(misses,
                                                                           reviews) < 0:
                raise ValueError("its counts are not whole numbers")
            grade = Grade[str(d["grade"]).upper()]
            version = d.get("tags_version", 0)  # 0: written before it was kept
            if type(version) is not int or version < 0:
                raise ValueError(f"its tags_version is {version!r}")
            key = spot_key(spot)
            return cls(key, spot, replace_card(card, _card_id(key)),
                       _utc(datetime.fromisoformat(d["added"])), misses, reviews, grade,
                       version)
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as e:
            raise Invalid("corrupt", f"a spot cannot be read: {type(e).__name__}: {e}") from None


def replace_card(card: Card, card_id: int) -> Card:
    """``card`` with times in UTC and ``card_id`` (FSRS compares times with UTC's)."""
    return Card(card_id=card_id, state=card.state, step=card.step, stability=card.stability,
                difficulty=card.difficulty, due=_utc(card.due),
                last_review=None if card.last_review is None else _utc(card.last_review))


class Counts(NamedTuple):
    """How many spots are due now, due later, and in all (``due + later == total``)."""

    due: int
    later: int
    total: int


T = TypeVar("T")
#: What a queue asks of each spot it loads: nothing if it can be dealt again, else
#: :class:`Invalid` ("newer" for a newer truf-tui's, "corrupt" for anything else).
Check = Callable[[Mapping[str, Any]], None]
#: What a queue asks of a game's spot labelled by an older definition of the leak
#: categories (``grading.LEAK_VERSION``): the spot labelled by today's
#: (``spots.retagged``), or ``None`` if that cannot be done now (it is asked again when the
#: queue is next opened).
Retag = Callable[[Mapping[str, Any]], Mapping[str, Any] | None]


class RepetitionQueue:
    """``repetition.json`` in ``directory``.

    >>> queue = RepetitionQueue(data_dir())
    >>> queue.add_missed(spot.to_dict(), Grade.MISTAKE, now)   # True: it entered
    >>> [e.spot for e in queue.due(now, 10)]                    # drill these first
    >>> queue.review(spot_key(spot.to_dict()), Grade.BEST, now)

    Problems met with the file (damaged, set aside) gather in :attr:`problems` for the UI
    to show; the queue goes on fresh.  :class:`StoreError` if the file cannot be written, or
    another window holds the lock for more than :data:`LOCK_WAIT` seconds.
    """

    def __init__(self, directory: str | Path, check: Check | None = None,
                 retag: Retag | None = None) -> None:
        self.directory = Path(directory)
        self.path = self.directory / FILE_NAME
        self.lock_path = self.directory / LOCK_NAME
        self.problems: list[Problem] = []
        self._blocked = False  # a bad file could not be set aside: never overwrite it
        self._check = check
        self._checked: set[str] = set()  # keys the check passed (a key is its spot)
        self._retag = retag
        self._untagged: set[str] = set()  # keys retag could not label again, this time

    # -- the public side ------------------------------------------------------------------
    def add_missed(self, spot: Mapping[str, Any], grade: Grade, when: datetime, *,
                   once: bool = False) -> bool:
        """Send a missed ``spot`` to the queue; ``False`` (nothing changes) if ``grade`` is
        better than an inaccuracy.  A new spot is due at ``when``; a spot already reviewed
        is rated *Again*; one never reviewed yet stays due as it was.  ``once``: the spot
        names the one decision it was missed at (a game's move): if it is in the queue
        already, this is the same miss told again, and nothing changes (``False``)."""
        if grade < MISSED:
            return False
        when, key = _utc(when), spot_key(spot)

        def change(entries: dict[str, Entry]) -> bool:
            old = entries.get(key)
            if old is not None and once:
                return False
            if old is None:
                card = Card(card_id=_card_id(key), due=when)
                entries[key] = Entry(key, json.loads(key), card, when, 1, 0, grade)
            elif old.card.last_review is None:
                entries[key] = replace(old, misses=old.misses + 1, grade=grade)
            else:
                card, _log = SCHEDULER.review_card(old.card, Rating.Again, when)
                entries[key] = replace(old, card=card, misses=old.misses + 1, grade=grade)
            return True

        return self._change(change)

    def review(self, key: str, grade: Grade, when: datetime) -> Entry | None:
        """A drill of the spot ``key`` graded ``grade`` (:data:`RATING`): its next due time.
        ``None`` if the spot is not in the queue."""
        when = _utc(when)

        def change(entries: dict[str, Entry]) -> Entry | None:
            old = entries.get(key)
            if old is None:
                return None
            card, _log = SCHEDULER.review_card(old.card, RATING[grade], when)
            new = replace(old, card=card, reviews=old.reviews + 1, grade=grade,
                          misses=old.misses + (grade >= MISSED))
            entries[key] = new
            return new

        return self._change(change)

    def due(self, now: datetime, limit: int | None = None) -> list[Entry]:
        """The entries due at ``now``, most overdue first (then by key), at most ``limit``."""
        now = _utc(now)
        due = sorted((e for e in self.entries() if e.due <= now), key=lambda e: (e.due, e.key))
        return due if limit is None else due[:max(0, limit)]

    def counts(self, now: datetime) -> Counts:
        now = _utc(now)
        entries = self.entries()
        due = sum(e.due <= now for e in entries)
        return Counts(due, len(entries) - due, len(entries))

    def entries(self) -> list[Entry]:
        """Every entry, as the file has them now."""
        with self._locked():
            return list(self._load().values())

    def remove(self, key: str) -> bool:
        """Take the spot ``key`` out of the queue; ``False`` if it was not there."""
        return self._change(lambda entries: entries.pop(key, None) is not None)

    def set_aside(self, key: str, why: Invalid) -> bool:
        """The spot ``key`` cannot be dealt again (``why``): out of the queue, into a file
        of its own beside it, with a :class:`Problem` (module docstring).  ``False`` if it
        was not in the queue."""
        with self._locked():
            entries = self._load()
            old = entries.pop(key, None)
            if old is None:
                return False
            self._cut([(old.to_dict(), why)], entries)
            return True

    # -- the file -------------------------------------------------------------------------
    def _change(self, change: Callable[[dict[str, Entry]], T]) -> T:
        """Read the queue, apply ``change`` and write it back, all under the lock."""
        with self._locked():
            entries = self._load()
            before = {k: e.to_dict() for k, e in entries.items()}
            out = change(entries)
            if {k: e.to_dict() for k, e in entries.items()} != before:
                self._write(entries)
            return out

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """The queue's lock, for one read-change-write (a file lock: between processes,
        and between two queues of one process too, each opening the file anew)."""
        ensure_dir(self.directory)
        try:
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0),
                         PRIVATE_FILE)
        except OSError as e:
            raise StoreError(f"{self.lock_path.name} could not be opened in "
                             f"{self.directory}: {e.strerror or e}") from e
        try:
            deadline = time.monotonic() + LOCK_WAIT
            while not try_lock(fd):
                if time.monotonic() > deadline:
                    raise StoreError("The review queue is busy in another truf-tui window; "
                                     "try again.")
                time.sleep(0.01)
            yield  # closing the descriptor lets the lock go
        finally:
            os.close(fd)

    def _load(self) -> dict[str, Entry]:
        """The entries in the file (empty if there is none); a bad file is set aside."""
        for _attempt in range(3):
            try:
                snap = read_snapshot(self.path)
            except OSError as e:
                self._note(unreadable(self.path, "repetition", e))
                self._blocked = True  # left where it is: never written over
                return {}
            if snap is None:
                self._blocked = False
                return {}
            try:
                entries, bad = _entries(parse_json_object(snap.data, FORMAT, VERSION))
            except Invalid as why:
                try:
                    p = set_aside(self.path, "repetition", why, expect=snap.identity)
                except FileChangedError:
                    continue  # written meanwhile (not by a truf-tui: we hold the lock)
                self._note(p)
                self._blocked = p.kept_as is None
                return {}
            self._blocked = False
            bad += self._refused(entries)
            relabelled = self._relabel(entries)
            if bad:
                self._cut(bad, entries)
            elif relabelled:
                # Written as any change is (atomically, under the lock); a folder that
                # cannot be written is read as relabelled all the same, and written later.
                with contextlib.suppress(StoreError):
                    self._write(entries)
            return entries
        return {}

    def _refused(self, entries: dict[str, Entry]) -> list[tuple[object, Invalid]]:
        """The entries whose spot the check refuses, taken out of ``entries``."""
        if self._check is None:
            return []
        out: list[tuple[object, Invalid]] = []
        for key, e in list(entries.items()):
            if key in self._checked:
                continue
            try:
                self._check(e.spot)
            except Invalid as why:
                out.append((e.to_dict(), why))
                del entries[key]
            else:
                self._checked.add(key)
        return out

    def _relabel(self, entries: dict[str, Entry]) -> bool:
        """Label again the game spots of an older leak definition (module docstring), in
        ``entries``; whether any changed.  Should one decision be in the queue twice, under
        its old label and its new one (told again after the labels changed), the two are
        one: the entry drilled more (the earlier added of two alike) keeps its schedule."""
        if self._retag is None:
            return False
        changed = False
        for key, e in list(entries.items()):
            if (e.tags_version >= LEAK_VERSION or "game" not in e.spot
                    or key in self._untagged or entries.get(key) is not e):
                continue  # current, no game's, not labelled again, or one just merged
            spot = self._retag(e.spot)
            if spot is None:
                self._untagged.add(key)
                continue
            new_key = spot_key(spot)
            new = replace(e, key=new_key, spot=json.loads(new_key),
                          card=replace_card(e.card, _card_id(new_key)),
                          tags_version=LEAK_VERSION)
            del entries[key]
            other = entries.get(new_key)
            if other is not None and (other.reviews, -other.added.timestamp()) > (
                    new.reviews, -new.added.timestamp()):
                new = replace(other, tags_version=LEAK_VERSION)
            entries[new_key] = new
            changed = True
        return changed

    def _cut(self, bad: list[tuple[object, Invalid]], entries: Mapping[str, Entry]) -> None:
        """Keep the ``bad`` entries in a file of their own, then the queue without them
        (under the lock); if they cannot be kept, the queue file is left as it is."""
        body = json.dumps({"format": FORMAT, "version": VERSION,
                           "spots": [raw for raw, _ in bad]}, ensure_ascii=False, indent=1)
        try:
            kept: Path | None = keep_copy(self.path, body + "\n")
        except OSError as e:
            kept, error = None, e.strerror or str(e)
            self._blocked = True  # the bad entries are only in the queue file: keep it
        else:
            error = ""
        for _raw, why in bad:
            self._note(Problem(why.kind, "spot", self.path, why.detail, kept,
                               move_error=error))
        if kept is not None:
            self._write(entries)

    def _note(self, problem: Problem) -> None:
        if problem not in self.problems:
            self.problems.append(problem)

    def _write(self, entries: Mapping[str, Entry]) -> None:
        if self._blocked:
            raise StoreError(f"{self.path} could not be read or moved aside; it is left "
                             "untouched, so the review queue is not saved.")
        # One spot a line: compact, and still readable and diffable by people.
        lines = ",\n".join(json.dumps(entries[k].to_dict(), ensure_ascii=False,
                                      separators=(",", ":")) for k in sorted(entries))
        head = json.dumps({"format": FORMAT, "version": VERSION})[:-1]
        atomic_write(self.path, f'{head}, "spots": [\n{lines}\n]}}\n')


def _entries(obj: Mapping[str, Any]) -> tuple[dict[str, Entry], list[tuple[object, Invalid]]]:
    """The readable entries, and those that cannot be read with why (each alone: one bad
    entry does not cost the others).  :class:`Invalid` for a file not shaped as a queue."""
    spots = obj.get("spots")
    if not isinstance(spots, list):
        raise Invalid("corrupt", "its 'spots' is not a list")
    out: dict[str, Entry] = {}
    bad: list[tuple[object, Invalid]] = []
    for raw in spots:
        try:
            e = Entry.from_dict(raw)
        except Invalid as why:
            bad.append((raw, why))
            continue
        if e.key in out:  # never written so by a truf-tui: the file is not to be trusted
            raise Invalid("corrupt", "a spot is in it twice")
        out[e.key] = e
    return out, bad

