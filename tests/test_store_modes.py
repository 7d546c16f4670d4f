"""Every file in the data folder is private alike (issue 16, item 20): the history database,
its ``-wal``/``-shm`` files and the JSON files are 0600, the folder 0700 — whatever the
umask, and also for a history an older truf-tui made 0644."""

from __future__ import annotations

import os
import sqlite3
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from truf_tui.engine import truc
from truf_tui.engine.record import GameRecord
from truf_tui.store import History, SaveStore, SettingsStore, game_meta
from truf_tui.store.files import make_private

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")


@pytest.fixture
def open_umask() -> Iterator[None]:
    """The usual 022: without care, files come out 0644 (readable by every user)."""
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def finished_record(seed: int = 3) -> GameRecord:
    start = s = truc.new_game(truc.Rules(target=2), seed=seed, dealer=0)
    rec = GameRecord.from_state(start, **game_meta(tier="easy", game_id=f"truc-{seed}"))
    while not s.is_terminal():
        a = s.legal_actions()[0]
        s = s.apply(a)
        rec = rec.with_move(str(a))
    return rec


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def modes(folder: Path) -> dict[str, int]:
    return {p.name: mode(p) for p in folder.rglob("*") if p.is_file()}


def test_history_and_json_files_are_private_alike(tmp_path: Path, open_umask: None) -> None:
    folder = tmp_path / "data"
    SettingsStore(folder).save({"lang": "eo"})
    rec = finished_record()
    SaveStore(folder).save_current(rec)
    h = History(folder)
    assert not h.in_memory and h.problems == []
    h.add_game(rec)
    # While the history is open: the database and its companions.
    files = modes(folder)
    assert {"settings.json", "current.json", "history.sqlite3"} <= set(files)
    assert "history.sqlite3-wal" in files and "history.sqlite3-shm" in files, files
    assert files == {name: 0o600 for name in files}, {n: oct(m) for n, m in files.items()}
    assert mode(folder) == 0o700
    h.close()
    files = modes(folder)
    assert files == {name: 0o600 for name in files}, {n: oct(m) for n, m in files.items()}


def test_an_old_world_readable_history_is_made_private(tmp_path: Path,
                                                       open_umask: None) -> None:
    # A history (and write-ahead log) left 0644 by an earlier truf-tui.
    h = History(tmp_path)
    h.add_game(finished_record())
    h.close()
    db = tmp_path / "history.sqlite3"
    os.chmod(db, 0o644)
    side = sqlite3.connect(db)  # leaves a -wal file behind while it is open
    side.execute("PRAGMA journal_mode = WAL")
    side.execute("CREATE TABLE IF NOT EXISTS scratch (x)")
    wal = Path(f"{db}-wal")
    assert wal.exists()
    os.chmod(wal, 0o644)
    try:
        again = History(tmp_path)
        assert not again.in_memory and len(again.games()) == 1
        assert mode(db) == 0o600 and mode(wal) == 0o600
        shm = Path(f"{db}-shm")
        assert not shm.exists() or mode(shm) == 0o600
        again.close()
    finally:
        side.close()


def test_make_private_leaves_odd_things_alone(tmp_path: Path) -> None:
    make_private(tmp_path / "missing")  # no error
    folder = tmp_path / "folder"
    folder.mkdir(mode=0o755)
    os.chmod(folder, 0o755)
    make_private(folder)
    assert mode(folder) == 0o755  # only regular files are changed
    target = tmp_path / "target"
    target.write_text("x")
    os.chmod(target, 0o644)
    link = tmp_path / "link"
    link.symlink_to(target)
    make_private(link)
    assert mode(target) == 0o644  # a link is not followed
    f = tmp_path / "f"
    f.write_text("x")
    os.chmod(f, 0o664)
    make_private(f)
    assert mode(f) == 0o600
    os.chmod(f, 0o400)
    make_private(f)
    assert mode(f) == 0o400  # private already: not made writable
