"""Files that survive crashes: the data folder, atomic writes, quarantine, user-facing problems.

Everything here is data only: JSON is parsed with :func:`json.loads`, never executed or
unpickled.  A file that cannot be used is never deleted or overwritten: it is renamed aside
(:func:`quarantine`) and described by a :class:`Problem` the UI can show in either language.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import re
import secrets
import stat
import sys
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from truf_tui.i18n import tr_in
from truf_tui.store import strings as _strings  # noqa: F401  (registers the notices)

_LOG = logging.getLogger(__name__)  # the technical side of every Problem
ENV_VAR = "TRUF_TUI_DATA_DIR"
APP_NAME = "truf-tui"
MAX_FILE_BYTES = 16 * 1024 * 1024  # far above any real save; a larger file is not ours
TEMP_SUFFIX = ".tmp"
PRIVATE_FILE = 0o600  # every file in the data folder: the user's own, read by nobody else
_TEMP_NAME = re.compile(r"\.tmp(-wal|-shm|-journal)?$")

ProblemKind = Literal[
    "empty",  # the file had no content
    "corrupt",  # damaged: bad JSON, truncated, invalid fields, an illegal move, bad database
    "foreign",  # not a truf-tui file of this kind
    "newer",  # written by a newer version of truf-tui
    "unreadable",  # could not be read at all (permissions, I/O error): left where it is
    "invalid",  # one setting had an unusable value (the file itself is kept in use)
    "archived",  # another unfinished game was moved from the autosave into a named save
    "missing",  # a named save that does not exist
    "unsaved",  # the history could not be opened on disk: this session's games are not kept
    "elsewhere",  # the saved game is open in another running truf-tui: this one has its own
    "waiting",  # one more unfinished game, of a window closed mid-game, waits for a window
]
# "spot": one entry of the review queue (``repetition``), set aside alone.
Subject = Literal["settings", "current", "named", "history", "pending", "repetition", "spot"]


class StoreError(Exception):
    """Something could not be written or found; ``str(e)`` is a sentence for the user."""


class FolderError(StoreError):
    """The data folder cannot be made or used.  ``reason`` says why in a word the UI words
    plainly in either language: ``"file"`` (``blocker``, the folder itself or one above
    it, is a file), ``"denied"`` (no permission to make it in ``blocker``, the nearest
    existing folder), ``"other"`` (``detail``: the system's reason)."""

    def __init__(self, path: Path, reason: Literal["file", "denied", "other"],
                 blocker: Path | None = None, detail: str = "") -> None:
        self.path, self.reason, self.detail = path, reason, detail
        self.blocker = blocker if blocker is not None else path
        if reason == "file":
            where = "it is" if self.blocker == path else f"{self.blocker} is"
            text = f"The data folder {path} cannot be made: {where} a file, not a folder."
        elif reason == "denied":
            text = (f"The data folder {path} cannot be made: there is no permission to "
                    f"write in {self.blocker}.")
        else:
            text = f"The data folder {path} cannot be made ({detail})."
        super().__init__(text)


class BadNameError(StoreError, ValueError):
    """A save name that cannot be a file name (a path separator, ``..``, a control character)."""


# Whose damage the notice says without the technical reason (SQLite's own text).
PLAIN_DAMAGE: frozenset[Subject] = frozenset({"history"})


@dataclass(frozen=True)
class Problem:
    """A notice for the user about a data file.  ``str(p)`` is the English sentence;
    ``p.message("eo")`` the Esperanto one.  ``detail`` is a short technical reason (English).

    ``kept_as`` is where a bad file was moved (byte for byte); ``None`` when nothing moved.
    """

    kind: ProblemKind
    subject: Subject
    path: Path
    detail: str = ""
    kept_as: Path | None = None
    key: str = ""  # the save name, or the setting's name
    default: str = ""  # for "invalid": the value used instead
    move_error: str = ""  # why the file could not be moved aside, if it could not
    resumed: bool = False  # "current": the save one move earlier was used instead

    def message(self, lang: str = "en") -> str:
        """The notice in ``lang`` (the ``problem.*`` texts of ``truf_tui/store/strings.py``)."""
        what = tr_in(lang, f"problem.what.{self.subject}", key=self.key)
        fresh = tr_in(lang, "problem.resumed" if self.resumed
                     else f"problem.fresh.{self.subject}")
        if self.kept_as is not None:
            kept = tr_in(lang, "problem.kept", kept=self.kept_as)
        else:
            kept = tr_in(lang, "problem.not_kept", detail2=self.move_error or "?")
        kind = f"problem.{self.kind}"
        if self.kind == "corrupt" and self.subject in PLAIN_DAMAGE:
            kind = "problem.corrupt.plain"
        return tr_in(lang, kind, what=what, name=self.path.name, detail=self.detail,
                    kept=kept, fresh=fresh, key=self.key, default=self.default)

    def __str__(self) -> str:
        return self.message("en")


# -- the data folder -----------------------------------------------------------------------------
def data_dir(override: str | Path | None = None) -> Path:
    """The per-user data folder: ``override``, else ``$TRUF_TUI_DATA_DIR``, else the
    platform's (``platformdirs.user_data_dir("truf-tui")``); created if missing.

    Raises :class:`StoreError` with a clear sentence if it cannot be created.
    """
    if override is not None and str(override) != "":
        path = Path(override).expanduser()
    elif os.environ.get(ENV_VAR):
        path = Path(os.environ[ENV_VAR]).expanduser()
    else:
        import platformdirs  # imported late: it is only needed for the real folder

        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    ensure_dir(path)
    return path


def ensure_dir(path: Path) -> None:
    """Make the folder ``path`` (and those above it) if missing; :class:`FolderError` if it
    cannot be made or is not a folder."""
    try:
        path.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError as e:
        blocker = _in_the_way(path)
        if blocker is not None:
            raise FolderError(path, "file", blocker) from e
        if e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise FolderError(path, "denied", _nearest_existing(path)) from e
        raise FolderError(path, "other", detail=e.strerror or str(e)) from e
    if not path.is_dir():
        raise FolderError(path, "file", _in_the_way(path) or path)


def _in_the_way(path: Path) -> Path | None:
    """The file (not a folder) at ``path`` or above it that stops it being a folder."""
    for p in (path, *path.parents):
        if os.path.lexists(p):
            return None if p.is_dir() else p
    return None


def _nearest_existing(path: Path) -> Path:
    for p in path.parents:
        if p.exists():
            return p
    return path.parent


# -- writing -------------------------------------------------------------------------------------
def fsync_dir(folder: Path) -> None:
    """Make a rename or a new name in ``folder`` durable (a no-op where folders cannot be
    opened, as on Windows)."""
    if sys.platform == "win32":
        return
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(folder, flags)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a folder; the rename itself was atomic
    finally:
        os.close(fd)


def temp_path(path: Path) -> Path:
    """A fresh temporary name beside ``path`` (hidden, ends in ``.tmp``)."""
    return path.with_name(f".{path.name}.{secrets.token_hex(6)}{TEMP_SUFFIX}")


def create_private(path: Path) -> None:
    """Create ``path`` empty and private (:data:`PRIVATE_FILE`); it must not exist yet."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                 PRIVATE_FILE)
    os.close(fd)


def make_private(path: Path) -> None:
    """Take away what others may do with ``path`` (an older truf-tui, or SQLite, made it
    0644): only its owner reads and writes it.  A missing file, or one that cannot be
    changed (not ours, a read-only file system, Windows), is left as it is."""
    if sys.platform == "win32":
        return
    with contextlib.suppress(OSError):
        st = os.stat(path, follow_symlinks=False)
        if stat.S_ISREG(st.st_mode) and st.st_mode & 0o077:
            os.chmod(path, stat.S_IMODE(st.st_mode) & PRIVATE_FILE)


def atomic_write(path: str | Path, data: bytes | str) -> None:
    """Replace ``path`` by ``data`` so that a crash at any moment leaves the old file or the
    new one, never a mix: temporary file in the same folder, write, flush, fsync,
    ``os.replace``, fsync the folder.  Text is written as UTF-8.

    Raises :class:`StoreError` (with the ``OSError`` as its cause) if it cannot be written;
    the old file is then untouched and no temporary file is left behind.
    """
    path = Path(path)
    blob = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    tmp = temp_path(path)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                     PRIVATE_FILE)
        try:
            f = os.fdopen(fd, "wb")
        except BaseException:
            os.close(fd)
            raise
        with f:  # the file object owns the descriptor from here on
            f.write(blob)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(e, OSError):
            raise StoreError(f"{path.name} could not be saved in {path.parent}: "
                             f"{e.strerror or e}") from e
        raise
    fsync_dir(path.parent)


def sweep_temp_files(folder: Path, older_than: float = 3600.0) -> int:
    """Remove temporary files left in ``folder`` by a crash, if older than ``older_than``
    seconds (younger ones may belong to another running instance).  Returns how many."""
    n = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not (entry.name.startswith(".") and _TEMP_NAME.search(entry.name)):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and \
                    now - entry.stat(follow_symlinks=False).st_mtime > older_than:
                os.unlink(entry.path)
                n += 1
        except OSError:
            pass
    return n


# -- locks of running apps -----------------------------------------------------------------------
class ProcessLock:
    """An exclusive lock on ``path`` held by this process: a second running truf-tui cannot
    take it, and the system drops it when the process ends however it ends (a browser tab
    closed, a kill, a crash), so the lock of a dead app never blocks anyone.

    Within one process the lock is shared (taking it twice is fine; it is let go when every
    holder released it): one running app is one process.  The file itself stays (removing
    a lock file others may be opening would let two of them hold "the" lock).
    """

    _held: dict[str, list[int]] = {}  # path -> [descriptor, holders], for this process
    _guard = threading.Lock()

    def __init__(self, path: Path) -> None:
        self.path = path
        self.held = False

    def acquire(self) -> bool:
        """Take the lock; ``False`` if another process holds it.  ``OSError`` if the lock
        file cannot be opened or made (a folder that cannot be written)."""
        if self.held:
            return True
        key = os.path.abspath(self.path)
        with self._guard:
            entry = self._held.get(key)
            if entry is not None:
                entry[1] += 1
                self.held = True
                return True
            while True:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0),
                             PRIVATE_FILE)
                try:
                    got = _try_lock(fd)
                except OSError:  # no locks on this file system: as if it could not be made
                    os.close(fd)
                    raise
                if not got:
                    os.close(fd)
                    return False
                if _still_named(fd, self.path):
                    break
                os.close(fd)  # removed as stale (remove()) between open and lock: anew
            with contextlib.suppress(OSError):  # who holds it: for people, not for us
                os.ftruncate(fd, 0)
                os.write(fd, f"{os.getpid()}\n".encode("ascii"))
            self._held[key] = [fd, 1]
            self.held = True
            return True

    def __del__(self) -> None:
        # A store dropped without release() (an app never run) lets its lock go too.
        try:
            self.release()
        except Exception:  # at interpreter exit the system drops the lock anyway
            pass

    def remove(self) -> None:
        """Release the lock and remove its file (a stale slot's, issue 40): removed while
        held, so no one holds it; whoever opened it meanwhile sees it gone and opens anew."""
        if not self.held:
            return
        with self._guard:
            entry = self._held.get(os.path.abspath(self.path))
            if entry is not None and entry[1] == 1:  # held by no one else in this process
                with contextlib.suppress(OSError):  # (Windows: an open file stays)
                    os.unlink(self.path)
        self.release()

    def release(self) -> None:
        if not self.held:
            return
        self.held = False
        key = os.path.abspath(self.path)
        with self._guard:
            entry = self._held.get(key)
            if entry is None:
                return
            entry[1] -= 1
            if entry[1] <= 0:
                del self._held[key]
                os.close(entry[0])  # closing the descriptor lets the lock go


def _still_named(fd: int, path: Path) -> bool:
    """Is the file locked through ``fd`` still the one at ``path``?"""
    try:
        named, held = os.stat(path), os.fstat(fd)
    except OSError:
        return False
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)


def try_lock(fd: int) -> bool:
    """Take ``fd``'s file lock without waiting; ``False`` if another process holds it."""
    return _try_lock(fd)


def _try_lock(fd: int) -> bool:
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


# -- reading -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Snapshot:
    """The bytes of a file as read, and its identity at that moment."""

    data: bytes
    identity: tuple[int, int, int, int]


def file_identity(st: os.stat_result) -> tuple[int, int, int, int]:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def read_snapshot(path: Path, limit: int = MAX_FILE_BYTES) -> Snapshot | None:
    """The file's bytes (at most ``limit`` + 1 of them) and identity; ``None`` if missing.

    ``OSError`` for anything else (a folder in its place, permissions, I/O errors).
    """
    try:
        # Non-blocking, so a named pipe in the file's place cannot hang the app.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        return None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
        data = f.read(limit + 1)
    return Snapshot(data, file_identity(st))


class Invalid(Exception):
    """Internal: why a file's content cannot be used (its kind and a short detail)."""

    def __init__(self, kind: ProblemKind, detail: str) -> None:
        super().__init__(detail)
        self.kind: ProblemKind = kind
        self.detail = detail


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def json_error(e: ValueError) -> str:
    """What is wrong in a JSON text, and where.  Some of the decoder's messages end in "at"
    ("Unterminated string starting at"): the place completes them."""
    if not isinstance(e, json.JSONDecodeError):
        return str(e)
    place = f"line {e.lineno}, column {e.colno}"
    return f"{e.msg} {place}" if e.msg.endswith(" at") else f"{e.msg} at {place}"


def parse_json_object(data: bytes, fmt: str, version: int, *, limit: int = MAX_FILE_BYTES,
                      format_key: str = "format") -> dict[str, Any]:
    """``data`` as a JSON object whose ``format`` is ``fmt`` and whose ``version`` is at most
    ``version``; :class:`Invalid` (empty, corrupt, foreign or newer) otherwise."""
    if not data.strip():
        raise Invalid("empty", "no content" if not data else "only blank space")
    if len(data) > limit:
        raise Invalid("foreign", f"larger than {limit // (1024 * 1024)} MiB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Invalid("corrupt", f"not UTF-8 text at byte {e.start}") from None
    try:
        obj = json.loads(text, parse_constant=_no_constants)
    except RecursionError:
        raise Invalid("corrupt", "nested too deeply") from None
    except ValueError as e:
        raise Invalid("corrupt", f"not valid JSON: {json_error(e)}") from None
    if not isinstance(obj, dict):
        raise Invalid("foreign", f"a JSON {type(obj).__name__}, not an object")
    if obj.get(format_key) != fmt:
        got = obj.get(format_key)
        raise Invalid("foreign", f"its format is {_short(got)}, expected {fmt!r}")
    v = obj.get("version")
    if type(v) is not int or v < 1:
        raise Invalid("corrupt", f"its version is {_short(v)}")
    if v > version:
        raise Invalid("newer", f"version {v}; this truf-tui reads version {version}")
    return obj


def _short(v: object, n: int = 40) -> str:
    r = repr(v)
    return r if len(r) <= n else r[: n - 1] + "…"


# -- quarantine ----------------------------------------------------------------------------------
def quarantine_name(path: Path, now: datetime | None = None, n: int = 0) -> Path:
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    return path.with_name(f"{path.name}.corrupt-{stamp}" + (f"-{n}" if n else ""))


def _move_no_replace(src: Path, dst: Path) -> None:
    """Rename ``src`` to ``dst``; ``FileExistsError`` if ``dst`` exists (never replaces)."""
    if sys.platform == "win32":
        os.rename(src, dst)  # Windows refuses to rename onto an existing name
        return
    try:
        os.link(src, dst)  # atomic and fails if dst exists
    except FileExistsError:
        raise
    except OSError:
        # A file system without hard links: check, then rename (a tiny race remains).
        if os.path.lexists(dst):
            raise FileExistsError(dst) from None
        os.rename(src, dst)
        return
    try:
        os.unlink(src)
    except FileNotFoundError:
        pass  # someone else moved it meanwhile: it is kept under both names, not lost


def quarantine(path: Path, *, now: datetime | None = None,
               companions: Iterable[str] = (),
               expect: tuple[int, int, int, int] | None = None) -> Path:
    """Rename ``path`` aside as ``name.corrupt-YYYYmmdd-HHMMSS[-n]``, never overwriting
    anything, and return the new path.  ``companions`` are suffixes of sibling files that
    go with it (``-wal`` of a database), renamed to the same new name plus the suffix.

    ``expect``: the identity the caller read; if the file changed since (another instance
    replaced it), :class:`FileChangedError` is raised and nothing is moved.
    ``OSError`` if it cannot be renamed.
    """
    if expect is not None:
        try:
            st = os.stat(path)
        except FileNotFoundError:
            raise FileChangedError(path) from None
        if file_identity(st) != expect:
            raise FileChangedError(path)
    present = [s for s in companions if os.path.lexists(f"{path}{s}")]
    for n in range(10_000):
        dst = quarantine_name(path, now, n)
        if any(os.path.lexists(f"{dst}{s}") for s in present):
            continue
        try:
            _move_no_replace(path, dst)
        except FileExistsError:
            continue
        for s in present:
            with contextlib.suppress(OSError):
                _move_no_replace(Path(f"{path}{s}"), Path(f"{dst}{s}"))
        fsync_dir(path.parent)
        return dst
    raise OSError(f"no free name to keep {path.name} aside")


def keep_copy(path: Path, data: str, *, now: datetime | None = None) -> Path:
    """Write ``data`` to a new file beside ``path`` named as :func:`quarantine` names, never
    replacing anything (what was cut out of a file that stays in use, kept for the user):
    its path.  ``OSError`` if it cannot be written."""
    for n in range(10_000):
        dst = quarantine_name(path, now, n)
        try:
            fd = os.open(dst, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                         PRIVATE_FILE)
        except FileExistsError:
            continue
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(dst)
            raise
        fsync_dir(path.parent)
        return dst
    raise OSError(f"no free name to keep a copy of {path.name} aside")


class FileChangedError(OSError):
    """The file changed between reading and quarantining it (another instance wrote it)."""


def set_aside(path: Path, subject: Subject, why: Invalid, *, key: str = "",
              now: datetime | None = None, companions: Iterable[str] = (),
              expect: tuple[int, int, int, int] | None = None) -> Problem:
    """Quarantine ``path`` and describe it; if it cannot be moved, say so (the file is then
    left untouched, and the callers refuse to overwrite it).  :class:`FileChangedError`
    passes through so the caller can read the file again."""
    try:
        kept = quarantine(path, now=now, companions=companions, expect=expect)
    except FileChangedError:
        raise
    except OSError as e:
        _LOG.warning("%s: %s (%s); it could not be moved aside: %s", path, why.kind,
                     why.detail, e)
        return Problem(why.kind, subject, path, why.detail, None, key=key,
                       move_error=e.strerror or str(e))
    _LOG.warning("%s: %s (%s); kept aside as %s", path, why.kind, why.detail, kept)
    return Problem(why.kind, subject, path, why.detail, kept, key=key)


def unreadable(path: Path, subject: Subject, e: OSError, key: str = "") -> Problem:
    return Problem("unreadable", subject, path, e.strerror or type(e).__name__, key=key)
