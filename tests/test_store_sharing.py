"""The data folder shared with other processes (issue 16, items 2 and 3): a history another
program holds with ``BEGIN EXCLUSIVE``, and two running apps on one folder.

The other side is always a real second process (its SQLite transaction, its file lock), so
these tests fail exactly when the real thing would.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest
from test_store import record_of

from truf_tui.engine.record import GameRecord
from truf_tui.store import History, HistoryBusy, SaveStore
from truf_tui.ui.i18n import set_language
from truf_tui.ui.storage import AppData, Notice

# -- the other process -----------------------------------------------------------------------------
LOCKER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.readline()
conn.execute("COMMIT")
"""

PLAYER = """
import sys
from truf_tui.engine.record import GameRecord
from truf_tui.store import SaveStore
store = SaveStore.claim(sys.argv[1])
record = GameRecord.from_json(sys.stdin.readline())
store.save_current(record)
print(store.slot, flush=True)
sys.stdin.readline()
"""


class Other:
    """A second process: ``release()`` lets it finish, ``kill()`` kills it (SIGKILL)."""

    def __init__(self, src: str, *args: str, send: str | None = None) -> None:
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
        self.proc = subprocess.Popen([sys.executable, "-c", src, *args], env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        if send is not None:
            self.proc.stdin.write(send + "\n")
            self.proc.stdin.flush()
        self.said = self.proc.stdout.readline().strip()
        assert self.said, "the other process did not start"

    def release(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.write("\n")
            self.proc.stdin.flush()
            assert self.proc.wait(timeout=30) == 0

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL if hasattr(signal, "SIGKILL")
                                  else signal.SIGTERM)
            self.proc.wait(timeout=30)


@contextmanager
def other(src: str, *args: str, send: str | None = None) -> Iterator[Other]:
    o = Other(src, *args, send=send)
    try:
        yield o
    finally:
        o.kill()


def history_held(folder: Path) -> Other:
    """Another program holding ``BEGIN EXCLUSIVE`` on the history (made first if need be)."""
    History(folder).close()
    o = Other(LOCKER, str(folder / "history.sqlite3"))
    assert o.said == "locked"
    return o


def count_games(folder: Path, uid: str | None = None) -> int:
    """Games in the history file, read by a plain connection (a reader is never blocked)."""
    with sqlite3.connect(folder / "history.sqlite3") as conn:
        if uid is None:
            return int(conn.execute("SELECT COUNT(*) FROM games").fetchone()[0])
        return int(conn.execute("SELECT COUNT(*) FROM games WHERE uid = ?",
                                (uid,)).fetchone()[0])


def finished(seed: int, game: str = "trufludo") -> GameRecord:
    rec = record_of(game, seed)
    assert rec.replay().is_terminal()
    return rec


def keys(data: AppData) -> list[str]:
    return [p.key if isinstance(p, Notice) else p.kind for p in data.problems]


# -- item 2: a finished game reaches the history exactly once ------------------------------------
def test_a_busy_history_is_a_history_busy_error(tmp_path: Path) -> None:
    locker = history_held(tmp_path)
    try:
        with History(tmp_path) as h, pytest.raises(HistoryBusy, match="locked"):
            h.add_game(finished(61), busy_timeout=0.2)
    finally:
        locker.release()
    assert count_games(tmp_path) == 0


def test_a_game_finished_while_the_history_is_held_is_recorded_once(tmp_path: Path) -> None:
    rec = finished(62)
    uid = str(rec.meta["id"])
    data = AppData(tmp_path)
    data.FIRST_TRY = data.RETRY_TRY = 0.2
    data.autosave(replace(rec, moves=rec.moves[:-1]))
    locker = history_held(tmp_path)
    try:
        assert data.record_finished(rec) is False
        assert keys(data) == ["store.recording_later"]
        assert "database is locked. It is kept on disk" in data.problems[0].message("en")
        set_language("eo")  # a notice of the app speaks the app's language
        try:
            assert "database is locked. Ĝi estas konservita" in data.problems[0].message()
        finally:
            set_language("en")
        # Written before the attempt, atomically: the queue holds the whole finished game…
        [queued] = list((tmp_path / "pending").glob("*.json"))
        assert GameRecord.from_json(queued.read_text(encoding="utf-8")) == rec
        # …so the autosave (one move short of the end) is no game to continue any more.
        assert not (tmp_path / "current.json").exists()
        assert data.waiting and count_games(tmp_path) == 0
        assert data.flush_pending() == 0 and data.waiting  # still held: it stays queued
        # "Play again": the next game's autosave archives nothing and loses nothing.
        data.problems.clear()
        assert data.autosave(record_of("truc", 63, 2)) is True
        assert data.problems == [] and not (tmp_path / "saves").exists()
        assert queued.exists()
    finally:
        locker.release()
    assert data.flush_pending() == 1  # the retry after the other program let go
    assert count_games(tmp_path, uid) == 1 == count_games(tmp_path)
    assert not data.waiting and list((tmp_path / "pending").glob("*.json")) == []
    assert data.flush_pending() == 0 and count_games(tmp_path) == 1
    data.close()
    again = AppData(tmp_path)  # the next start: nothing more to add, nothing twice
    assert again.load_autosave() is not None  # the truc game of "Play again"
    assert again.problems == [] and count_games(tmp_path) == 1
    again.close()


def test_a_game_still_queued_at_quit_is_recorded_at_the_next_start(tmp_path: Path) -> None:
    rec = finished(64)
    data = AppData(tmp_path)
    data.FIRST_TRY = 0.2
    locker = history_held(tmp_path)
    try:
        assert data.record_finished(rec) is False
    finally:
        data.close()  # the player quits while the history is still held
        locker.release()
    assert count_games(tmp_path) == 0
    again = AppData(tmp_path)
    assert again.load_autosave() is None
    assert keys(again) == ["store.recorded_later"]
    assert count_games(tmp_path, str(rec.meta["id"])) == 1
    assert list((tmp_path / "pending").glob("*.json")) == []
    again.close()


def test_a_crash_between_the_history_and_the_queue_counts_the_game_once(
        tmp_path: Path) -> None:
    rec = finished(65)
    store = SaveStore(tmp_path)
    store.put_pending(rec)
    with History(tmp_path) as h:
        h.add_game(rec)  # recorded, then the app died before removing the queue file
    data = AppData(tmp_path)
    data.load_autosave()
    assert count_games(tmp_path) == 1 and not store.has_pending()
    data.close()


def test_a_finished_game_found_in_another_autosave_is_queued_not_archived(
        tmp_path: Path) -> None:
    rec = finished(66)
    SaveStore(tmp_path).save_current(rec)  # an old app stopped before recording it
    store = SaveStore(tmp_path)
    assert store.save_current(record_of("truc", 67, 3)) == []  # no "archived" notice
    assert not (tmp_path / "saves").exists()
    [(_path, queued)] = store.pending()[0]
    assert queued == rec


def test_an_automatic_archive_goes_once_its_game_is_recorded(tmp_path: Path) -> None:
    """Where locks cannot help (two stores on one slot), the copy kept of the other game
    does not stay behind as a stale unfinished game once that game is in the history."""
    a, b = SaveStore(tmp_path), SaveStore(tmp_path)
    full = finished(68)
    part = replace(full, moves=full.moves[:5])
    a.save_current(part)
    [archived] = b.save_current(record_of("truc", 69, 2))
    assert archived.kind == "archived" and [s.name for s in b.list_named()] == [archived.key]
    data = AppData(tmp_path)
    assert data.record_finished(full) is True
    assert b.list_named() == []
    data.close()


def test_a_queue_file_that_is_not_a_finished_game_is_set_aside(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    (tmp_path / "pending").mkdir()
    (tmp_path / "pending" / "x.json").write_text("{nope", encoding="utf-8")
    unfinished = record_of("truc", 70, 3)
    store.pending_dir.joinpath("y.json").write_text(unfinished.to_json(), encoding="utf-8")
    records, problems = store.pending()
    assert records == [] and sorted(p.kind for p in problems) == ["corrupt", "foreign"]
    for p in problems:
        assert p.kept_as is not None and p.kept_as.exists()
        assert "waiting for the history" in p.message("en")
        assert "atendanta la historion" in p.message("eo")
    assert not store.has_pending()


# -- item 3: two running apps on one folder -------------------------------------------------------
def test_a_second_running_app_gets_its_own_autosave(tmp_path: Path) -> None:
    theirs = record_of("truc", 71, 4)
    with other(PLAYER, str(tmp_path), send=theirs.to_json(indent=None)) as first:
        assert first.said == "1"
        their_bytes = (tmp_path / "current.json").read_bytes()
        mine = SaveStore.claim(tmp_path)
        assert mine.slot == 2 and mine.others == [tmp_path / "current.json"]
        assert mine.load_current() == (None, [])  # their live game is not offered here
        ours = record_of("trufludo", 72, 3)
        assert mine.save_current(ours) == []  # no "archived": nothing of theirs is touched
        assert mine.save_current(ours.with_move(record_of("trufludo", 72, 4).moves[-1])) == []
        mine.clear_current()  # "Leave this game" here…
        assert (tmp_path / "current.json").read_bytes() == their_bytes  # …leaves theirs
        assert not (tmp_path / "saves").exists()
        mine.release()
        first.release()  # their window closes normally: its lock goes
    again = SaveStore.claim(tmp_path)
    assert again.slot == 1 and again.load_current() == (theirs, [])
    again.release()


def test_a_window_killed_mid_game_finds_its_game_again(tmp_path: Path) -> None:
    """A browser tab closed mid-game: its process dies with the lock held; the lock is not
    stale for anyone, and the next window continues that game."""
    theirs = record_of("trufludo", 73, 6)
    with other(PLAYER, str(tmp_path), send=theirs.to_json(indent=None)) as first:
        first.kill()
    assert (tmp_path / "current.lock").exists()  # left behind by the dead process
    mine = SaveStore.claim(tmp_path)
    assert mine.slot == 1 and mine.others == []
    assert mine.load_current() == (theirs, [])
    mine.release()


def test_a_free_autosave_with_a_game_is_preferred(tmp_path: Path) -> None:
    game = record_of("truc", 74, 5)
    SaveStore(tmp_path, slot=2).save_current(game)  # a second window's game, left
    mine = SaveStore.claim(tmp_path)  # slot 1 is free but empty: the game is found
    assert mine.slot == 2 and mine.load_current() == (game, [])
    second = Other(PLAYER, str(tmp_path), send=record_of("truc", 75, 2).to_json(indent=None))
    try:
        assert second.said == "1"  # held slot 2 is skipped; the free slot 1 is used
    finally:
        second.release()
        mine.release()


def test_the_app_data_says_when_another_window_has_the_game(tmp_path: Path) -> None:
    with other(PLAYER, str(tmp_path), send=record_of("truc", 76, 3).to_json(indent=None)):
        data = AppData(tmp_path)
        assert data.load_autosave() is None and keys(data) == ["elsewhere"]
        for lang, words in (("en", "another truf-tui window"), ("eo", "alia fenestro")):
            assert words in data.problems[0].message(lang)
        data.close()
    data = AppData(tmp_path)
    assert data.load_autosave() is not None and data.problems == []
    data.close()


def test_holds_reads_the_disk(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    rec = record_of("truc", 77, 3)
    assert not store.holds(rec)
    store.save_current(rec)
    assert store.holds(rec) and not store.holds(rec.with_move(record_of("truc", 77, 4).moves[-1]))
    # Written by another version in another layout: the same game, still held.
    (tmp_path / "current.json").write_text(json.dumps(rec.to_dict(), indent=4), "utf-8")
    assert store.holds(rec)
    (tmp_path / "current.json").unlink()  # gone behind the app's back
    assert not store.holds(rec)


def test_a_history_that_cannot_open_keeps_the_game_queued_for_a_later_one(
        tmp_path: Path) -> None:
    (tmp_path / "history.sqlite3").mkdir()  # a folder where the file should be
    rec = finished(78)
    data = AppData(tmp_path)
    assert data.record_finished(rec) is False
    assert keys(data) == ["unsaved"]  # said once, and truly: "this session only"
    assert "this session only" in data.problems[0].message("en")
    assert data.history.stats().total("trufludo").games == 1  # counted in the session
    assert not data.waiting  # nothing to try again while the app runs
    data.close()
    (tmp_path / "history.sqlite3").rmdir()  # the next start has a history on disk
    again = AppData(tmp_path)
    again.load_autosave()
    assert keys(again) == ["store.recorded_later"]
    assert count_games(tmp_path, str(rec.meta["id"])) == 1
    again.close()


def test_games_of_two_closed_windows_each_find_a_window(tmp_path: Path) -> None:
    one, two = record_of("truc", 79, 3), record_of("trufludo", 80, 5)
    SaveStore(tmp_path).save_current(one)
    SaveStore(tmp_path, slot=2).save_current(two)  # both windows were closed mid-game
    data = AppData(tmp_path)
    loaded = data.load_autosave()
    assert loaded is not None and loaded[0] == one
    assert keys(data) == ["waiting"]  # the other game is not forgotten, and it says so
    assert "a second window continues it" in data.problems[0].message("en")
    assert "dua fenestro daŭrigas ĝin" in data.problems[0].message("eo")
    with other(PLAYER, str(tmp_path), send=two.to_json(indent=None)) as o:
        assert o.said == "2"  # a second window gets the waiting game's autosave
    data.clear_autosave()  # this game is left
    data.close()
    again = AppData(tmp_path)  # the next start: the other game, and nothing more to say
    loaded = again.load_autosave()
    assert loaded is not None and loaded[0] == two and again.problems == []
    assert not (tmp_path / "saves").exists()
    again.close()
