"""``python -m tools.startup``: how long ``truf-tui`` takes to show its first screen.

Runs the real command in a pseudo-terminal (so Textual draws as for a person), times the
moment the start screen's title reaches the terminal, quits with Ctrl+Q, and prints the
median of several runs.  Settings come from an empty temporary folder, so the user's own
settings file neither changes the result nor gets written.
"""

from __future__ import annotations

import argparse
import os
import pty
import select
import shutil
import signal
import statistics
import struct
import sys
import tempfile
import time
from collections.abc import Sequence

MARKER = b"against the computer"  # in the start screen's title bar (English)


def time_once(command: Sequence[str], timeout: float = 20.0) -> float:
    pid, fd = pty.fork()
    if pid == 0:  # the child: the app, in a 100×32 terminal
        os.execvp(command[0], list(command))
    try:
        import fcntl
        import termios

        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
    except OSError:
        pass
    start = time.perf_counter()
    seen = b""
    try:
        while MARKER not in seen:
            if time.perf_counter() - start > timeout:
                raise TimeoutError("the start screen did not appear")
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    seen = seen[-200:] + os.read(fd, 65536)
                except OSError:
                    raise RuntimeError("the app ended before showing its first screen") from None
        elapsed = time.perf_counter() - start
        os.write(fd, b"\x11")  # Ctrl+Q
        _drain_until_exit(fd, pid)
        return elapsed
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass
        os.close(fd)


def _drain_until_exit(fd: int, pid: int, timeout: float = 5.0) -> None:
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            return
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                os.read(fd, 65536)
            except OSError:
                return


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.startup",
                                     description="Time truf-tui from launch to first screen.")
    parser.add_argument("-n", "--runs", type=int, default=7, help="how many runs (default 7)")
    args = parser.parse_args(argv)
    exe = shutil.which("truf-tui", path=os.path.dirname(sys.executable)) or "truf-tui"
    with tempfile.TemporaryDirectory() as config_home:
        os.environ.update(XDG_CONFIG_HOME=config_home, LANG="C.UTF-8", LC_ALL="C.UTF-8",
                          TERM=os.environ.get("TERM", "xterm-256color"))
        times = [time_once([exe]) for _ in range(args.runs)]
    print("runs (s): " + " ".join(f"{t:.3f}" for t in times))
    print(f"median: {statistics.median(times):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
