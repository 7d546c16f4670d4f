"""The app ends when its terminal or its parent is gone, and restores the terminal on SIGTERM.

A closed terminal must end the app: Textual's input thread reads nothing from a hung-up
terminal and spins at full speed, and a terminal closed during start-up can deadlock
Textual's shutdown itself (main thread in ``Queue.put``, output thread in ``Queue.get``),
which blocks the event loop for ever, and with it any watch or signal handler run by the
loop: the app kept a core and its ``current.lock`` (issue 40).  So the watch is a thread of
its own, started before Textual's driver, which receives SIGHUP and SIGTERM itself
(blocked in every other thread) and looks at the terminal and the parent twice a second.

When one is gone it asks the app to end as usual (Textual restores the terminal); if the
app has not ended :data:`GRACE` seconds later, the watch restores what it can of the
terminal and ends the process with ``os._exit``, which closes the lock files' descriptors
and so lets the locks go.  The game is autosaved after every move, so ending loses nothing.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable
from typing import Any

PERIOD = 0.5  # seconds between looks at the terminal and the parent
GRACE = 1.0  # seconds the app has to end by itself before the process is ended
HANGUP_CODE = 129  # 128 + SIGHUP, as the shell's own programs end on a hangup
TERM_CODE = 143  # 128 + SIGTERM

# What Textual's driver turns on, turned off: the alternate screen, the mouse reporting
# (every mode it sets), focus events, bracketed paste, the kitty keyboard protocol; the
# cursor shown and line wrap back on.
RESTORE = ("\x1b[<u\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?1016l\x1b[?2004l"
           "\x1b[?2048l\x1b[?1004l\x1b[?7h\x1b[?1049l\x1b[?25h")

_SIGNALS = tuple(s for s in (getattr(signal, "SIGHUP", None), getattr(signal, "SIGTERM", None))
                 if s is not None)


def _terminal() -> int | None:
    """The app's input terminal (its file descriptor), if it reads from one."""
    try:
        fd = sys.__stdin__.fileno() if sys.__stdin__ is not None else -1
        return fd if fd >= 0 and os.isatty(fd) else None
    except (OSError, ValueError):
        return None


def hung_up(fd: int | None) -> bool:
    """Is the terminal ``fd`` hung up?  Asking it for its settings then fails (EIO)."""
    if fd is None:
        return False
    try:
        import termios
    except ImportError:  # Windows
        return False
    try:
        termios.tcgetattr(fd)
    except (termios.error, OSError):
        return True
    return False


class TerminalWatch:
    """Start it before the app runs, stop it after.  ``app`` (set once made) is asked to
    end first: ``app.exit(return_code=...)`` from its own event loop."""

    def __init__(self) -> None:
        self.app: Any = None
        self._started_by = os.getppid()
        self._tty = _terminal()
        self._modes: list[Any] | None = None  # the terminal's settings before the app's
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._masked = False

    def start(self) -> None:
        """Watch from now on.  Call it from the main thread before any other thread is
        made: the threads made later inherit the blocked SIGHUP and SIGTERM."""
        if self._tty is not None:
            with contextlib.suppress(Exception):  # no termios (Windows), or no settings
                import termios

                self._modes = termios.tcgetattr(self._tty)
        if _SIGNALS and hasattr(signal, "pthread_sigmask") and hasattr(signal, "sigtimedwait"):
            signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)
            self._masked = True
        self._thread = threading.Thread(target=self._watch, name="terminal-watch", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """The app ended by itself: stop watching, and take SIGHUP and SIGTERM back."""
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(PERIOD * 2)
        if self._masked:
            self._masked = False
            signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)

    # -- the watch's thread ----------------------------------------------------------------
    def _watch(self) -> None:
        while not self._stopping.is_set():
            code = self._look()
            if code is not None and not self._stopping.is_set():
                self._end(code)
                return

    def _look(self) -> int | None:
        """Wait up to :data:`PERIOD` for a signal; the code to end with, if it is time."""
        if self._masked:
            received = signal.sigtimedwait(_SIGNALS, PERIOD)
            if received is not None:
                return TERM_CODE if received.si_signo == signal.SIGTERM else HANGUP_CODE
        elif self._stopping.wait(PERIOD):
            return None
        # ``make`` in a closed tmux window outlives it and keeps the SIGHUP from its child:
        # the terminal is hung up without a signal, or the parent is gone.
        if os.getppid() != self._started_by or hung_up(self._tty):
            return HANGUP_CODE
        return None

    def _end(self, code: int) -> None:
        ask = getattr(self.app, "call_from_thread", None)
        if ask is not None:
            # From a thread of its own: call_from_thread waits for the loop, which may never
            # answer (the deadlock above).
            threading.Thread(target=_quietly, args=(ask, self.app.exit, None, code),
                             name="terminal-watch-exit", daemon=True).start()
        if self._stopping.wait(GRACE if ask is not None else 0):
            return  # the app ended by itself
        self._restore()
        os._exit(code)

    def _restore(self) -> None:
        """Put the terminal back as it was before the app, without ever blocking on it: a
        fresh non-blocking descriptor (a full terminal nobody reads would hang a write)."""
        if self._tty is None:
            return
        try:
            fd = os.open(os.ttyname(self._tty), os.O_WRONLY | os.O_NOCTTY | os.O_NONBLOCK)
        except OSError:  # hung up: nothing to restore
            return
        try:
            with contextlib.suppress(OSError):
                os.write(fd, RESTORE.encode("ascii"))
            if self._modes is not None:
                with contextlib.suppress(Exception):
                    import termios

                    termios.tcsetattr(fd, termios.TCSANOW, self._modes)
        finally:
            os.close(fd)


def _quietly(fn: Callable[..., Any], *args: Any) -> None:
    with contextlib.suppress(Exception):  # the app is not running (yet, or any more)
        fn(*args)


def _unblock_in_child() -> None:
    # A forked child (a multiprocessing worker) has no watch: it takes the signals as usual.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)


if _SIGNALS and hasattr(os, "register_at_fork") and hasattr(signal, "pthread_sigmask"):
    os.register_at_fork(after_in_child=_unblock_in_child)
