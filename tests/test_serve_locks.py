"""Lock files left by a flood of ``truf-tui serve`` tabs (issue 40, item 10): each app took
an autosave slot (``current-N.lock``) and they piled up (49 after a flood).  The next app
removes the stale ones (no process holds them) and never one a live app holds.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_serve_tabs import lock_is_free

from truf_tui.store import SaveStore
from truf_tui.store import files as files_mod
from truf_tui.store.files import ProcessLock

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="flock")

HOLDER = """
import sys
from pathlib import Path
from truf_tui.store.files import ProcessLock
lock = ProcessLock(Path(sys.argv[1]))
assert lock.acquire()
print("held", flush=True)
sys.stdin.readline()
"""


def test_stale_slot_locks_are_removed_and_a_live_one_is_kept(tmp_path: Path) -> None:
    for slot in range(2, 10):
        (tmp_path / f"current-{slot}.lock").write_text("4242\n")  # apps long gone
    live = tmp_path / "current-5.lock"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(live)], env=env, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        held_inode = live.stat().st_ino
        store = SaveStore.claim(tmp_path)
        try:
            assert store.slot == 1 and store.locked
            left = sorted(p.name for p in tmp_path.glob("*.lock"))
            assert left == ["current-5.lock", "current.lock"], left
            assert live.stat().st_ino == held_inode and not lock_is_free(live)
            assert store.others == []  # the live app's slot holds no game: nothing to say
        finally:
            store.release()
    finally:
        holder.kill()
        holder.wait(timeout=10)


def test_a_lock_file_removed_while_being_taken_is_taken_anew(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Between our open and our lock, another app removed the file as stale and a third
    made it anew: holding the removed file would let two apps hold "the" slot."""
    path = tmp_path / "current-3.lock"
    path.write_text("")
    real = files_mod._try_lock
    calls = []

    def removed_meanwhile(fd: int) -> bool:
        if not calls:
            path.unlink()
            path.write_text("")  # the third app's new file
        calls.append(fd)
        return real(fd)

    monkeypatch.setattr(files_mod, "_try_lock", removed_meanwhile)
    lock = ProcessLock(path)
    try:
        assert lock.acquire()
        assert len(calls) == 2  # taken again, on the file that is there now
        assert not lock_is_free(path)
    finally:
        lock.release()
    assert lock_is_free(path)
