"""Saved games: the autosave of the game in progress and the player's named saves.

Every save is a game record (``truf_tui.engine.record``: rules, seed or pack, dealer, the
moves in T11 text) as JSON, with the app's metadata in the record's ``meta`` (see
:func:`game_meta`), so a save, an export and a bug report are the same kind of file.

The autosave ``current.json`` is written after every move with :func:`atomic_write`; the
previous autosave is kept as ``current.prev.json``, so even a file damaged behind our back
(a disk, a non-atomic copy) costs at most the last move.  Loading replays the record: a file
that does not replay is set aside, never trusted, never deleted.

Each running app has an autosave of its own (:meth:`SaveStore.claim`): ``current.json``,
or ``current-2.json`` … for a second window on the same folder, each locked by the process
playing it (``current[-N].lock``), so two windows never share or clobber one game.

A finished game goes into ``pending/`` (atomically) before the history is tried, and
leaves it once the history has it, so it reaches the history exactly once, whatever happens
in between (a busy history, a crash, another app flushing the same queue).
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import re
import stat
import threading
import unicodedata
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from truf_tui.engine import record as record_mod
from truf_tui.engine.record import GameRecord, RecordError
from truf_tui.store.files import (
    BadNameError,
    FileChangedError,
    Invalid,
    Problem,
    ProcessLock,
    Snapshot,
    StoreError,
    Subject,
    atomic_write,
    ensure_dir,
    file_identity,
    parse_json_object,
    read_snapshot,
    set_aside,
    sweep_temp_files,
    unreadable,
)

CURRENT = "current.json"
PREVIOUS = "current.prev.json"
LOCK = "current.lock"
SAVES_DIR = "saves"
PENDING_DIR = "pending"
SUFFIX = ".json"
MAX_NAME = 100
MAX_SLOTS = 1000  # windows open at once on one folder: far more than anyone has
_SLOT_FILE = re.compile(r"^current(?:-([1-9][0-9]{0,3}))?\.(?:json|prev\.json|lock)$")


def slot_files(slot: int) -> tuple[str, str, str]:
    """The autosave, previous autosave and lock file names of autosave slot ``slot``."""
    if slot == 1:
        return CURRENT, PREVIOUS, LOCK
    return f"current-{slot}.json", f"current-{slot}.prev.json", f"current-{slot}.lock"


# -- the app's metadata in a record --------------------------------------------------------------
def now_iso() -> str:
    """The current time as an ISO 8601 UTC string (seconds), as stored everywhere here."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def game_meta(*, tier: str | None = None, human: int = 0, practice: bool = False,
              hints_used: int = 0, started_at: str | None = None, game_id: str | None = None,
              **extra: object) -> dict[str, object]:
    """The ``meta`` of a new game's record: a unique id (so the history never counts a game
    twice), the opponent's tier, the human's seat, practice mode, hints used, start time.

    ``GameRecord.from_state(state, **game_meta(tier="hard"))``; ``with_move`` keeps it.
    """
    return {"id": game_id or uuid.uuid4().hex, "tier": tier, "human": human,
            "practice": practice, "hints_used": hints_used,
            "started_at": started_at or now_iso(), **extra}


@dataclass(frozen=True)
class GameMeta:
    """The app's metadata read back from a record, leniently (odd values become defaults)."""

    id: str
    tier: str | None
    human: int
    practice: bool
    hints_used: int
    started_at: str | None
    # A game against a friend online ended while this seat (0/1) was away: won by the other.
    ended_away: int | None = None

    @classmethod
    def of(cls, record: GameRecord) -> GameMeta:
        m = record.meta if isinstance(record.meta, dict) else {}
        gid = m.get("id")
        tier = m.get("tier")
        human = m.get("human")
        hints = m.get("hints_used")
        started = m.get("started_at")
        away = m.get("ended_away")
        return cls(
            id=gid if isinstance(gid, str) and gid else origin_id(record),
            tier=tier if isinstance(tier, str) else None,
            human=human if human in (0, 1) and type(human) is int else 0,
            practice=m.get("practice") is True,
            hints_used=hints if type(hints) is int and hints >= 0 else 0,
            started_at=started if isinstance(started, str) else None,
            ended_away=away if away in (0, 1) and type(away) is int else None,
        )


def origin_id(record: GameRecord) -> str:
    """An id for a record without one: a digest of where the game came from (not its moves,
    so every save of one game has the same id)."""
    origin = [record.game, record.rules, record.dealer, record.seed,
              None if record.deck is None else list(record.deck)]
    blob = json.dumps(origin, sort_keys=True, ensure_ascii=False).encode("utf-8")
    return "origin-" + hashlib.sha256(blob).hexdigest()[:32]


# -- names ---------------------------------------------------------------------------------------
_WINDOWS_CHARS = set('<>:"|?*')
_WINDOWS_NAMES = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)),
                  *(f"LPT{i}" for i in range(1, 10))}


def check_name(name: str) -> str:
    """``name`` (surrounding spaces removed) if it can be a save's file name on every
    system; :class:`BadNameError` with a clear sentence otherwise."""
    if not isinstance(name, str):
        raise BadNameError("A save's name must be text.")
    name = name.strip()
    if not name:
        raise BadNameError("A save needs a name.")
    if len(name) > MAX_NAME:
        raise BadNameError(f"A save's name can have at most {MAX_NAME} characters.")
    if "/" in name or "\\" in name:
        raise BadNameError("A save's name cannot contain “/” or “\\”.")
    if ".." in name:
        raise BadNameError("A save's name cannot contain “..”.")
    for ch in name:
        if unicodedata.category(ch)[0] == "C" or unicodedata.category(ch) in ("Zl", "Zp"):
            raise BadNameError("A save's name cannot contain control characters "
                               f"(U+{ord(ch):04X}).")
    bad = sorted(_WINDOWS_CHARS & set(name))
    if bad:
        raise BadNameError("A save's name cannot contain any of " + " ".join(bad) + ".")
    if name.startswith("."):
        raise BadNameError("A save's name cannot start with a dot.")
    if name.endswith("."):
        raise BadNameError("A save's name cannot end with a dot.")
    if name.split(".")[0].strip().upper() in _WINDOWS_NAMES:
        raise BadNameError(f"“{name}” is a reserved file name on Windows; choose another.")
    return name


# -- reading one record file ---------------------------------------------------------------------
def parse_record(data: bytes, *, replay: bool = True) -> GameRecord:
    """A record from a file's bytes, replayed to check every move (unless ``replay`` is
    false: ``verify`` replays it itself, to name a bad deal); :class:`Invalid` if not."""
    obj = parse_json_object(data, record_mod.FORMAT, record_mod.VERSION)
    try:
        rec = GameRecord.from_dict(obj)
        if replay:
            rec.replay()
    except RecordError as e:
        raise Invalid("corrupt", str(e)) from None
    except Exception as e:  # a record is untrusted input: no reason at all may escape
        raise Invalid("corrupt", f"{type(e).__name__}: {e}") from None
    return rec


def read_record_file(path: str | Path, *, replay: bool = True) -> GameRecord:
    """A game record from a file the user names (``--load``): validated and replayed
    (unless ``replay`` is false, as for ``verify``).

    The file is never moved or changed; :class:`StoreError` with a clear sentence if it
    cannot be used.
    """
    path = Path(path)
    try:
        snap = read_snapshot(path)
    except OSError as e:
        raise StoreError(f"{path} could not be read: {e.strerror or e}.") from None
    if snap is None:
        raise StoreError(f"{path} does not exist.")
    try:
        return parse_record(snap.data, replay=replay)
    except Invalid as why:
        reason = {"empty": "it is empty", "foreign": "it is not a truf-tui game record",
                  "newer": "it was written by a newer truf-tui",
                  "corrupt": "it is damaged"}.get(why.kind, "it is damaged")
        raise StoreError(f"{path} cannot be opened: {reason} ({why.detail}).") from None


def export_record(path: str | Path, record: GameRecord) -> None:
    """Write ``record`` to ``path`` (``--export``), atomically; :class:`StoreError` if not."""
    path = Path(path)
    if path.is_dir():
        raise StoreError(f"{path} is a folder; give a file name to export to.")
    atomic_write(path, record.to_json() + "\n")


@dataclass(frozen=True)
class NamedSave:
    """One entry of :meth:`SaveStore.list_named` (read without replaying: ``error`` says if
    the file looks unusable; :meth:`SaveStore.load_named` then sets it aside)."""

    name: str
    path: Path
    modified: datetime  # the file's time, local
    game: str | None
    moves: int | None
    tier: str | None
    started_at: str | None
    error: str | None = None
    regular: bool = True  # False: a named pipe, a socket, a device…: listed, never opened


def archive_name(record: GameRecord) -> str:
    """The name under which an unfinished game found in the autosave is kept
    (``SaveStore._keep_other_game``)."""
    return f"autosave-{record.game}-{GameMeta.of(record).id.removeprefix('origin-')[:8]}"


def _finished(record: GameRecord) -> bool:
    try:
        return bool(record.replay().is_terminal())
    except RecordError:
        return False


def _mtime(entry: os.DirEntry[str]) -> float:
    try:
        return entry.stat().st_mtime
    except OSError:
        return 0.0


# -- the store -----------------------------------------------------------------------------------
class SaveStore:
    """The autosave and the named saves in ``directory`` (``current.json``, ``saves/``).

    One instance per app; its methods never raise on bad files (they return problems),
    and raise :class:`StoreError` only when something cannot be written.
    """

    def __init__(self, directory: str | Path, *, slot: int = 1) -> None:
        self.directory = Path(directory)
        self.slot = slot
        current, previous, lock = slot_files(slot)
        self.current_path = self.directory / current
        self.previous_path = self.directory / previous
        self.saves_dir = self.directory / SAVES_DIR
        self.pending_dir = self.directory / PENDING_DIR
        self._slot_lock = ProcessLock(self.directory / lock)
        # Other running apps' autosaves holding a game, seen by claim(): not offered here;
        # and games in free autosaves that wait for another window (one game per window).
        self.others: list[Path] = []
        self.left: list[Path] = []
        # What this instance last wrote to (or read from) current.json: its bytes, game id
        # and file identity, so the next save can keep it as the previous one, and can tell
        # when someone else (another instance) wrote the file meanwhile.
        self._last: bytes | None = None
        self._last_id: str | None = None
        self._last_identity: tuple[int, int, int, int] | None = None
        self._blocked: set[Path] = set()  # bad files that could not be moved: never replaced
        self._archived: set[str] = set()  # automatic copies this store has announced
        self._lock = threading.RLock()  # the app may save from a worker thread

    # -- one autosave per running app ------------------------------------------------------------
    @classmethod
    def claim(cls, directory: str | Path) -> SaveStore:
        """The store of a running app, with an autosave slot no other running app holds,
        locked for this process until :meth:`release` (or until the process ends).

        A free slot that holds a game is preferred (a window closed mid-game finds its game
        again next time), else the first free one.  Slots held by other running apps and
        holding a game are listed in ``others`` (say so: that game is not offered here);
        free slots with a game beyond the one chosen in ``left`` (windows closed mid-game:
        their games wait for the next window).  If no lock can be made (a folder that
        cannot be written) the first slot is used.
        """
        directory = Path(directory)
        try:
            found = {int(m.group(1) or 1) for m in map(_SLOT_FILE.match, os.listdir(directory))
                     if m is not None}
        except OSError:
            found = set()
        chosen: SaveStore | None = None  # the first free slot with a game
        spare: SaveStore | None = None  # the first free empty slot
        others: list[Path] = []
        left: list[Path] = []
        for slot in range(1, MAX_SLOTS + 1):
            if slot > max(found, default=0) and (chosen or spare):
                break
            store = cls(directory, slot=slot)
            try:
                free = store._slot_lock.acquire()
            except OSError:  # no lock can be made here: nothing can be written either
                chosen = chosen or spare or store
                break
            has_game = store.has_current() or store.previous_path.is_file()
            if not free:
                if has_game:
                    others.append(store.current_path)
            elif has_game and chosen is None:
                chosen = store
            elif has_game:
                left.append(store.current_path)  # for the next window: let it go
                store.release()
            elif spare is None:
                spare = store
            elif slot > 1:
                store._slot_lock.remove()  # a stale lock file: its app is gone (issue 40)
            else:
                store.release()
        result = chosen or spare or cls(directory)  # (no free slot: a thousand windows)
        if spare is not None and spare is not result:
            if spare.slot > 1:
                spare._slot_lock.remove()
            else:
                spare.release()
        result.others, result.left = others, left
        return result

    @property
    def locked(self) -> bool:
        """Does this app hold its autosave slot's lock?"""
        return self._slot_lock.held

    def release(self) -> None:
        """Let the autosave slot go (the app is closing): the next app may take it."""
        self._slot_lock.release()

    def holds(self, record: GameRecord) -> bool:
        """Is ``record`` exactly what the autosave file holds now?  What the player is told
        ("your game is saved") is checked against the disk, not against what was meant."""
        try:
            snap = read_snapshot(self.current_path)
            if snap is None:
                return False
            obj = parse_json_object(snap.data, record_mod.FORMAT, record_mod.VERSION)
        except (OSError, Invalid):
            return False
        # Compared as JSON (a tuple in the meta reads back as a list; the layout may differ).
        return bool(obj == json.loads(record.to_json()))

    # -- the autosave ----------------------------------------------------------------------------
    def has_current(self) -> bool:
        """Is there an autosave (without reading it)?  For a quick "Continue" check."""
        return self.current_path.is_file()

    def save_current(self, record: GameRecord) -> list[Problem]:
        """Autosave the game in progress (call after every move).

        Returns notices (usually none): if ``current.json`` held another game — another
        instance's, or one not cleared — it is moved into the named saves, not lost.
        :class:`StoreError` if the file cannot be written (the old autosave is then intact).
        """
        if not isinstance(record, GameRecord):
            raise TypeError(f"save_current needs a GameRecord, not {type(record).__name__}")
        with self._lock:
            return self._save_current(record)

    def _save_current(self, record: GameRecord) -> list[Problem]:
        data = (record.to_json() + "\n").encode("utf-8")
        gid = GameMeta.of(record).id
        self._check_writable(self.current_path)
        ensure_dir(self.directory)
        problems: list[Problem] = []
        identity = self._identity(self.current_path)
        if identity is not None and (identity != self._last_identity or self._last_id != gid):
            # Another game, or a file this instance did not write (another instance's):
            # look before replacing it, and keep a different game as a named save.
            problems += self._keep_other_game(gid)
            if identity != self._last_identity:
                self._last = None
        if self._last is not None and self._last_id == gid:
            atomic_write(self.previous_path, self._last)
        else:
            self._remove(self.previous_path)  # a previous save of another game is no fallback
        atomic_write(self.current_path, data)
        self._last, self._last_id = data, gid
        self._last_identity = self._identity(self.current_path)
        return problems

    def load_current(self) -> tuple[GameRecord | None, list[Problem]]:
        """The autosaved game, replayed and checked, or ``None``; and the problems met.

        A damaged autosave is set aside and the one before it (one move earlier) is used;
        the one notice about the damaged file then says so (``resumed``).  The record may be
        of a finished game (the app stopped between the last move and recording it): check
        ``record.replay().is_terminal()``, add it to the history (``History.add_game``
        ignores a game it already has), then :meth:`clear_current`.  Never raises.
        """
        with self._lock:
            return self._load_current()

    def _load_current(self) -> tuple[GameRecord | None, list[Problem]]:
        for folder in (self.directory, self.saves_dir, self.pending_dir):
            sweep_temp_files(folder)
        rec, snap, problem = self._read(self.current_path, "current")
        if rec is not None and snap is not None:
            self._remember(rec, snap.data, snap.identity)
            return rec, []
        if problem is None:
            return None, []
        first, problems = problem, [problem]
        if problem.kind == "unreadable":
            return None, problems
        rec, snap, problem = self._read(self.previous_path, "current")
        if rec is not None and snap is not None:
            problems = [dataclasses.replace(first, resumed=True)]
            identity: tuple[int, int, int, int] | None = None
            if self.current_path not in self._blocked:
                with contextlib.suppress(StoreError):  # best effort: it is still in .prev
                    atomic_write(self.current_path, snap.data)
                    identity = self._identity(self.current_path)
            self._remember(rec, snap.data, identity)
            return rec, problems
        if problem is not None:
            problems.append(problem)
        return None, problems

    def clear_current(self) -> None:
        """Forget the autosave (the game was finished and recorded, or abandoned on purpose).

        The previous autosave goes first, so a crash half-way leaves the latest one.
        """
        with self._lock:
            self._remove(self.previous_path)
            self._remove(self.current_path)
            self._last = self._last_id = self._last_identity = None

    # -- named saves -----------------------------------------------------------------------------
    def named_path(self, name: str) -> Path:
        return self.saves_dir / (check_name(name) + SUFFIX)

    def save_named(self, name: str, record: GameRecord, *, overwrite: bool = True) -> Path:
        """Write ``record`` as the save ``name`` (atomically) and return its path.

        :class:`BadNameError` for a name that cannot be a file name; :class:`StoreError` if
        ``overwrite`` is false and the name is taken, or if it cannot be written.
        """
        if not isinstance(record, GameRecord):
            raise TypeError(f"save_named needs a GameRecord, not {type(record).__name__}")
        path = self.named_path(name)
        if not overwrite and path.exists():
            raise StoreError(f"There is already a saved game called “{check_name(name)}”.")
        self._check_writable(path)
        ensure_dir(self.saves_dir)
        atomic_write(path, record.to_json() + "\n")
        return path

    def list_named(self) -> list[NamedSave]:
        """The named saves, newest first (files are only peeked at, not replayed)."""
        out: list[NamedSave] = []
        try:
            entries = list(os.scandir(self.saves_dir))
        except OSError:
            return out
        for entry in entries:
            if not entry.name.endswith(SUFFIX) or entry.name.startswith("."):
                continue
            name = entry.name[: -len(SUFFIX)]
            try:
                if check_name(name) != name or entry.is_dir():
                    continue
                st = entry.stat()
            except (BadNameError, OSError):
                continue
            if not stat.S_ISREG(st.st_mode):  # said, not skipped; opening it could block
                out.append(NamedSave(name, Path(entry.path),
                                     datetime.fromtimestamp(st.st_mtime), None, None, None,
                                     None, "not a regular file", regular=False))
                continue
            out.append(self._peek(name, Path(entry.path), st))
        out.sort(key=lambda s: (s.modified, s.name), reverse=True)
        return out

    def load_named(self, name: str) -> tuple[GameRecord | None, list[Problem]]:
        """The save ``name``, replayed and checked, or ``None`` and the problem (missing,
        or damaged: then set aside).  :class:`BadNameError` for an impossible name."""
        path = self.named_path(name)
        key = check_name(name)
        rec, _snap, problem = self._read(path, "named", key)
        if rec is not None:
            return rec, []
        if problem is None:
            return None, [Problem("missing", "named", path, key=key)]
        return None, [problem]

    def delete_named(self, name: str) -> bool:
        """Delete the save ``name``; ``False`` if there was none.  :class:`BadNameError` for an
        impossible name, :class:`StoreError` if it cannot be deleted."""
        path = self.named_path(name)
        try:
            os.unlink(path)
        except FileNotFoundError:
            return False
        except OSError as e:
            raise StoreError(f"The saved game “{check_name(name)}” could not be deleted: "
                             f"{e.strerror or e}.") from e
        return True

    def forget_archive(self, record: GameRecord) -> None:
        """``record``'s game is in the history: drop the automatic copy (``autosave-…``)
        :meth:`_keep_other_game` may have made of it, so no stale unfinished copy stays.
        Named saves the player made are never touched."""
        meta = GameMeta.of(record)
        name = archive_name(record)
        try:  # only looked at: a damaged file is left for load_named to set aside
            snap = read_snapshot(self.named_path(name))
            if snap is None:
                return
            obj = parse_json_object(snap.data, record_mod.FORMAT, record_mod.VERSION)
            same = GameMeta.of(GameRecord.from_dict(obj)).id == meta.id
        except (OSError, Invalid, RecordError):
            return
        if same:
            with contextlib.suppress(StoreError):
                self.delete_named(name)

    # -- finished games on their way to the history ----------------------------------------------
    def pending_path(self, record: GameRecord) -> Path:
        """The queue file of ``record``'s game: one per game id, so putting it twice, or from
        two apps, keeps one file."""
        digest = hashlib.sha256(GameMeta.of(record).id.encode("utf-8")).hexdigest()[:32]
        return self.pending_dir / (digest + SUFFIX)

    def put_pending(self, record: GameRecord) -> Path:
        """Queue a finished game for the history (atomically); :class:`StoreError` if it
        cannot be written."""
        path = self.pending_path(record)
        ensure_dir(self.pending_dir)
        atomic_write(path, record.to_json() + "\n")
        return path

    def pending(self) -> tuple[list[tuple[Path, GameRecord]], list[Problem]]:
        """The queued games, oldest first; damaged queue files are set aside (problems)."""
        try:
            entries = sorted((e for e in os.scandir(self.pending_dir)
                              if e.name.endswith(SUFFIX) and not e.name.startswith(".")),
                             key=lambda e: (_mtime(e), e.name))
        except OSError:
            return [], []
        out: list[tuple[Path, GameRecord]] = []
        problems: list[Problem] = []
        for entry in entries:
            path = Path(entry.path)
            rec, _snap, problem = self._read(path, "pending")
            if rec is not None and _finished(rec):
                out.append((path, rec))
            elif rec is not None:  # not finished: not ours to record; never lost either
                problem = set_aside(path, "pending", Invalid("foreign", "not a finished game"))
            if problem is not None:
                problems.append(problem)
        return out, problems

    def has_pending(self) -> bool:
        try:
            return any(e.name.endswith(SUFFIX) and not e.name.startswith(".")
                       for e in os.scandir(self.pending_dir))
        except OSError:
            return False

    def set_aside_pending(self, path: Path, why: str) -> Problem:
        """A queued game the history refuses (it does not replay as a finished game): set
        it aside, never lost, never tried again."""
        return set_aside(path, "pending", Invalid("corrupt", why))

    def remove_pending(self, path: Path) -> None:
        """The history has the game: drop its queue file (gone already is fine: another app
        flushed it)."""
        self._remove(path)

    # -- inside ----------------------------------------------------------------------------------
    def _read(self, path: Path, subject: Subject, key: str = ""
              ) -> tuple[GameRecord | None, Snapshot | None, Problem | None]:
        """(record, snapshot, None) if good; (None, None, problem) if bad (set aside or
        unreadable); (None, None, None) if missing."""
        for _attempt in range(3):
            try:
                snap = read_snapshot(path)
            except OSError as e:
                return None, None, unreadable(path, subject, e, key)
            if snap is None:
                return None, None, None
            try:
                return parse_record(snap.data), snap, None
            except Invalid as why:
                try:
                    p = set_aside(path, subject, why, key=key, expect=snap.identity)
                except FileChangedError:
                    continue  # rewritten meanwhile by another instance: read it again
                if p.kept_as is None:
                    self._blocked.add(path)
                return None, None, p
        return None, None, None

    def _remember(self, rec: GameRecord, data: bytes,
                  identity: tuple[int, int, int, int] | None) -> None:
        self._last, self._last_id, self._last_identity = data, GameMeta.of(rec).id, identity

    def _keep_other_game(self, gid: str) -> list[Problem]:
        """``current.json`` was not written by us: if it holds another game, keep that game
        as a named save (a damaged file is set aside as usual)."""
        rec, _snap, problem = self._read(self.current_path, "current")
        if problem is not None:
            return [problem]
        if rec is None:
            return []
        other = GameMeta.of(rec)
        if other.id == gid:
            return []  # the same game (continued in two windows): the later move wins
        if _finished(rec):  # not a game to go on with: on its way to the history instead
            with contextlib.suppress(StoreError):
                self.put_pending(rec)
                return []
        name = archive_name(rec)
        self.save_named(name, rec)
        if name in self._archived:
            return []  # said once: kept up to date, not announced at every move
        self._archived.add(name)
        return [Problem("archived", "current", self.current_path, key=name,
                        kept_as=self.named_path(name))]

    def _check_writable(self, path: Path) -> None:
        if path in self._blocked:
            raise StoreError(f"{path} is damaged and could not be moved aside; it is left "
                             "untouched, so it is not written over.")

    @staticmethod
    def _identity(path: Path) -> tuple[int, int, int, int] | None:
        try:
            return file_identity(os.stat(path))
        except OSError:
            return None

    @staticmethod
    def _remove(path: Path) -> None:
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
        except OSError as e:
            raise StoreError(f"{path.name} could not be removed: {e.strerror or e}.") from e

    @staticmethod
    def _peek(name: str, path: Path, st: os.stat_result) -> NamedSave:
        modified = datetime.fromtimestamp(st.st_mtime)
        try:
            snap = read_snapshot(path)
            if snap is None:
                raise Invalid("corrupt", "it vanished")
            obj = parse_json_object(snap.data, record_mod.FORMAT, record_mod.VERSION)
            rec = GameRecord.from_dict(obj)
        except Invalid as why:
            return NamedSave(name, path, modified, None, None, None, None, why.detail)
        except (OSError, RecordError) as e:
            return NamedSave(name, path, modified, None, None, None, None, str(e))
        meta = GameMeta.of(rec)
        return NamedSave(name, path, modified, rec.game, len(rec.moves), meta.tier,
                         meta.started_at)
