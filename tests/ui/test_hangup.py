"""A closed terminal ends the app.  Textual's input thread reads nothing from a hung-up
terminal and loops at full speed, so an app whose terminal was closed (SIGHUP) or whose
parent was killed used to stay behind, taking a whole core.  These run the real app in a
pseudo-terminal."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not hasattr(os, "openpty") or not hasattr(signal, "SIGHUP"),
                                reason="needs a pseudo-terminal and SIGHUP (POSIX)")


def _drain(master: int, seconds: float) -> bytes:
    """What the app drew on its terminal within ``seconds`` (a full pty would block it)."""
    import select

    out = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                out += os.read(master, 65536)
            except OSError:
                break
    return out


def _ended(pid: int, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


def _start(tmp_path: Path, command: list[str]) -> tuple[subprocess.Popen[bytes], int]:
    master, slave = os.openpty()
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="100", LINES="32")
    proc = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env=env,
                            cwd=tmp_path, start_new_session=True)
    os.close(slave)
    return proc, master


def test_the_app_ends_on_a_hangup(tmp_path: Path) -> None:
    proc, master = _start(tmp_path, [sys.executable, "-m", "truf_tui",
                                     "--data-dir", str(tmp_path / "d")])
    try:
        drawn = _drain(master, 6.0)
        assert b"truf-tui" in drawn, "the app did not start"
        proc.send_signal(signal.SIGHUP)
        _drain(master, 1.0)
        assert proc.wait(timeout=10) == 129
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)


def test_the_app_ends_when_its_parent_is_killed(tmp_path: Path) -> None:
    """Started by a shell that is then killed (as ``make play`` in a closed window), the
    app notices its new parent and ends within a few seconds."""
    pid_file = tmp_path / "app.pid"
    shell = (f"{sys.executable} -m truf_tui --data-dir {tmp_path / 'd'} & "
             f"echo $! > {pid_file}; wait")
    proc, master = _start(tmp_path, ["sh", "-c", shell])
    app_pid = 0
    try:
        drawn = _drain(master, 6.0)
        assert b"truf-tui" in drawn, "the app did not start"
        app_pid = int(pid_file.read_text())
        proc.kill()
        proc.wait(timeout=5)
        end = time.monotonic() + 15
        while time.monotonic() < end and not _ended(app_pid, 0.2):
            _drain(master, 0.2)
        assert _ended(app_pid, 0.1), "the app outlived its parent"
    finally:
        if app_pid and not _ended(app_pid, 0.1):
            os.kill(app_pid, signal.SIGKILL)
        os.close(master)


def test_the_app_ends_when_its_terminal_is_hung_up_without_a_signal(tmp_path: Path) -> None:
    """``make play`` in a tmux window that is killed: make outlives the terminal and no
    SIGHUP reaches the app, but its terminal is hung up; the app notices and ends."""
    proc, master = _start(tmp_path, [sys.executable, "-m", "truf_tui",
                                     "--data-dir", str(tmp_path / "d")])
    try:
        drawn = _drain(master, 6.0)
        assert b"truf-tui" in drawn, "the app did not start"
        os.close(master)  # the terminal goes away; the app is not its session's leader
        master = -1
        proc.wait(timeout=15)
    finally:
        if proc.poll() is None:
            proc.kill()
        if master >= 0:
            os.close(master)
