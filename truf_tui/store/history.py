"""The history of finished games in SQLite (``history.sqlite3``), and the statistics from it.

WAL mode, a busy timeout and ``BEGIN IMMEDIATE`` transactions make two running instances
safe together; ``synchronous=FULL`` makes a recorded game survive a power cut.  The schema
is versioned with ``PRAGMA user_version`` and built by an ordered list of migrations
(:data:`MIGRATIONS`; the v1 schema is migration 1), and marked as ours with
``PRAGMA application_id``.

A file that is not SQLite, damaged, truncated, another program's database or from a newer
truf-tui is set aside (with its ``-wal``/``-shm`` files) and a fresh history is started,
with a :class:`Problem` saying so.  A new database is built under a temporary name and
then linked into place, so no instance ever sees a half-made one.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeAlias, TypedDict, TypeVar

from truf_tui.engine import truc
from truf_tui.engine.common import RuleValue
from truf_tui.engine.record import GameRecord
from truf_tui.grading import LEAK_VERSION, Grade, Graded, leak_tags
from truf_tui.store.files import (
    TEMP_SUFFIX,
    FileChangedError,
    Invalid,
    Problem,
    StoreError,
    create_private,
    ensure_dir,
    fsync_dir,
    make_private,
    set_aside,
    temp_path,
    try_lock,
)
from truf_tui.store.saves import GameMeta, now_iso

FILE_NAME = "history.sqlite3"
APPLICATION_ID = 0x54524654  # "TRFT": marks the database as truf-tui's
BUSY_TIMEOUT = 5.0  # seconds to wait for another instance's transaction
COMPANIONS = ("-wal", "-shm", "-journal")
REQUIRED_TABLES = frozenset({"games", "truc_rounds"})

Migration: TypeAlias = Callable[[sqlite3.Connection], None] | Sequence[str]
Result = Literal["win", "draw", "loss"]
_T = TypeVar("_T")

# Migration 1: the v1 schema.  Seats are 0 and 1; human_seat says which one the human had.
MIGRATION_1: tuple[str, ...] = (
    """CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,            -- the record's meta id: a game is added once
        game TEXT NOT NULL CHECK (game IN ('trufludo', 'truc')),
        tier TEXT,                           -- the computer's tier (NULL: none, e.g. hot-seat)
        rules TEXT NOT NULL,                 -- JSON object of the rule variants
        human_seat INTEGER NOT NULL CHECK (human_seat IN (0, 1)),
        result TEXT NOT NULL CHECK (result IN ('win', 'draw', 'loss')),  -- for the human
        score_human INTEGER NOT NULL,        -- Trufludo: cards (F11); Truc: match points
        score_computer INTEGER NOT NULL,
        trufegoj_human INTEGER,              -- Trufludo only
        trufegoj_computer INTEGER,           -- Trufludo only
        rounds INTEGER,                      -- Truc only: rounds played
        hints_used INTEGER NOT NULL DEFAULT 0,
        practice INTEGER NOT NULL DEFAULT 0 CHECK (practice IN (0, 1)),
        record TEXT NOT NULL,                -- the full game record, JSON
        started_at TEXT NOT NULL,            -- ISO 8601, UTC
        finished_at TEXT NOT NULL
    )""",
    "CREATE INDEX games_by_game_tier ON games (game, tier)",
    "CREATE INDEX games_by_finished ON games (finished_at)",
    """CREATE TABLE truc_rounds (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        dealer INTEGER NOT NULL,
        winner INTEGER,                      -- seat, NULL if spoiled (T6)
        how TEXT NOT NULL,                   -- tricks, refused, fold, spoiled
        points INTEGER NOT NULL,             -- what the winner scored
        stake INTEGER NOT NULL,              -- the agreed stake when the round ended
        for_game INTEGER NOT NULL,           -- played for the game (a rest, T8)
        data TEXT NOT NULL,                  -- JSON: hands, raises and answers, moves, tricks
        PRIMARY KEY (game_id, round)
    )""",
    f"PRAGMA application_id = {APPLICATION_ID}",
)
# Migration 2 (issue 38): every graded decision of the player, from games and drills.
MIGRATION_2: tuple[str, ...] = (
    """CREATE TABLE decisions (
        id INTEGER PRIMARY KEY,
        source TEXT NOT NULL CHECK (source IN ('game', 'drill')),
        ref TEXT NOT NULL,                   -- the game's uid, or the drill's spot key
        move INTEGER NOT NULL,               -- where in the game's record (a drill: 0)
        game TEXT NOT NULL CHECK (game IN ('trufludo', 'truc')),
        action TEXT NOT NULL,                -- what the player chose (T11 / F text)
        best TEXT NOT NULL,                  -- the best action by the values
        loss REAL NOT NULL CHECK (loss >= 0),
        unit TEXT NOT NULL,                  -- points, match, win chance (grading.Unit)
        grade TEXT NOT NULL,                 -- best, correct, inaccuracy, mistake, blunder
        tags TEXT NOT NULL DEFAULT '',       -- leak categories, space-separated
        decided_at TEXT NOT NULL,            -- ISO 8601, UTC
        UNIQUE (source, ref, move)
    )""",
    "CREATE INDEX decisions_by_time ON decisions (decided_at)",
)
# Migration 3: a drill's decisions are kept by session (``ref``: the session, ``move``: the
# spot's number in it), each with the key of the spot it answered (the review queue's,
# ``store.repetition.spot_key``): a spot dealt again, from the queue, is answered again and
# kept again.  A game's decisions have no spot key ('').
MIGRATION_3: tuple[str, ...] = (
    "ALTER TABLE decisions ADD COLUMN spot TEXT NOT NULL DEFAULT ''",
)
# Migration 4: the version of the leak categories' definition each decision was tagged by
# (``grading.LEAK_VERSION``; 0: kept before it was).  The tags of an older definition are
# made again from the decision's position when the decisions are read
# (:meth:`History.decisions`): a decision kept before the categories changed counted under
# its old ones (every first decision of a round under "the redeal").
MIGRATION_4: tuple[str, ...] = (
    "ALTER TABLE decisions ADD COLUMN tags_version INTEGER NOT NULL DEFAULT 0",
)
MIGRATIONS: tuple[Migration, ...] = (MIGRATION_1, MIGRATION_2, MIGRATION_3, MIGRATION_4)

# SQLite's primary result codes that mean "this file is not a usable database".
_SQLITE_CORRUPT, _SQLITE_NOTADB = 11, 26
_MAGIC = b"SQLite format 3\x00"


# -- per-round Truc data -------------------------------------------------------------------------
class RoundEvent(TypedDict):
    """A proposal or a fold of a Truc round (:attr:`TrucRound.events`)."""

    by: int | None  # the seat
    kind: str  # "raise", "rest", "redeal" or "fold"
    move: int  # its index in the round's moves
    trick: int  # 1-3
    led: str | None  # the card led to the trick in play
    stake: int  # the stake before it
    answer: str | None  # "accept", "refuse", "fold" or None


class RoundMove(TypedDict):
    """A move of a Truc round (:attr:`TrucRound.moves`)."""

    by: int | None  # the seat
    move: str  # its T11 text


@dataclass(frozen=True)
class TrucRound:
    """One finished Truc round, for summaries and the bluff statistics.

    ``events`` lists the proposals and folds in order: ``{"by": seat, "kind": "raise" |
    "rest" | "redeal" | "fold", "move": index in the round's moves, "trick": 1-3,
    "led": card led to the trick in play or None, "stake": stake before, "answer":
    "accept" | "refuse" | "fold" | None}``.  ``hands`` are the hands dealt; ``redealt`` the
    new ones after an accepted redeal (T3).  ``moves`` are ``{"by": seat, "move": text}``.
    """

    round: int
    dealer: int
    winner: int | None
    how: str
    points: int
    stake: int
    for_game: bool
    hands: list[list[str]]
    redealt: list[list[str]] | None
    events: list[RoundEvent]
    moves: list[RoundMove]
    tricks: list[truc.TrickDict]
    game_id: int | None = None  # set when read from the history

    def data(self) -> dict[str, object]:
        """The JSON of the ``data`` column."""
        return {"hands": self.hands, "redealt": self.redealt, "events": self.events,
                "moves": self.moves, "tricks": self.tricks}


def truc_rounds(record: GameRecord) -> list[TrucRound]:
    """The finished rounds of a Truc record (replayed; ``RecordError`` if it does not)."""
    if record.game != "truc":
        raise ValueError("only a Truc record has rounds")
    out: list[TrucRound] = []
    states = record.states()
    s = next(states)
    assert isinstance(s, truc.State)
    cur = _RoundBuilder(s)
    for move, t in zip(record.moves, states, strict=True):
        assert isinstance(t, truc.State)
        cur.step(s, move, t)
        if t.last_round is not None and t.last_round != s.last_round:
            out.append(cur.finish(s, t.last_round))
            if not t.is_terminal():
                cur = _RoundBuilder(t)
        s = t
    return out


@dataclass
class _RoundBuilder:
    start: truc.State
    events: list[RoundEvent] = field(default_factory=list)
    moves: list[RoundMove] = field(default_factory=list)
    redealt: list[list[str]] | None = None

    def step(self, s: truc.State, move: str, t: truc.State) -> None:
        actor = s.to_move
        kind = move.split()[0].lower()
        index = len(self.moves)
        self.moves.append({"by": actor, "move": move})
        if s.pending is not None and kind in ("accept", "refuse", "fold"):
            for e in reversed(self.events):
                if e["answer"] is None and e["kind"] == s.pending:
                    e["answer"] = kind
                    break
            if kind == "accept" and s.pending == "redeal":
                self.redealt = [[str(c) for c in h] for h in t.hands]
        elif kind in ("raise", "rest", "redeal", "fold"):
            self.events.append({
                "by": actor, "kind": kind, "move": index, "trick": len(s.tricks) + 1,
                "led": None if s.trick_card is None else str(s.trick_card),
                "stake": s.stake, "answer": None})

    def finish(self, s: truc.State, end: truc.RoundEnd) -> TrucRound:
        st = self.start
        return TrucRound(
            round=end.round, dealer=st.dealer, winner=end.winner, how=end.how,
            points=end.points, stake=s.stake, for_game=end.game,
            hands=[[str(c) for c in h] for h in st.hands], redealt=self.redealt,
            events=self.events, moves=self.moves,
            tricks=[{"leader": k.leader, "cards": [str(k.lead), str(k.answer)],
                     "winner": k.winner} for k in end.tricks])


def _positions(record: str | None) -> list[truc.State] | None:
    """The states of a Le Truc game's record, before each move and after the last (None: no
    record, or one that does not replay)."""
    if record is None:
        return None
    try:
        states = list(GameRecord.from_json(record).states())
    except (ValueError, TypeError, KeyError):  # RecordError is a ValueError
        return None
    return [s for s in states if isinstance(s, truc.State)] or None


def _tags_again(source: str, positions: list[truc.State] | None, move: int, action: str,
                best: str, spot: str) -> tuple[str, ...] | None:
    """The leak categories of a kept Le Truc decision by today's definition: a game's
    (``grading.leak_tags`` at ``positions[move]``, the position before its move), a drill's
    (``spots.drill_tags`` of the spot its key is); None if that cannot be rebuilt."""
    from truf_tui.spots import Spot, drill_tags

    try:
        chosen, top = truc.parse_action(action), truc.parse_action(best)
        if source == "drill":
            return drill_tags(Spot.from_dict(json.loads(spot)), chosen, top)
        if positions is None or not 0 <= move < len(positions):
            return None
        before = positions[move]
        if chosen not in before.legal_actions():
            return None
        return leak_tags(before, chosen, top)
    except (ValueError, TypeError, KeyError):  # a damaged row: left as it is
        return None


# -- rows and statistics -------------------------------------------------------------------------
@dataclass(frozen=True)
class Decision:
    """One graded decision of the player, as the history keeps it (:meth:`History.decisions`;
    written from :class:`truf_tui.grading.Graded` by :meth:`History.add_graded`)."""

    source: Literal["game", "drill"]
    ref: str  # the game's uid (GameMeta id), or the drill session's id
    move: int  # where in the game's record, or the spot's number in the drill session
    game: str
    action: str
    best: str
    loss: float
    unit: str
    grade: str
    tags: tuple[str, ...]
    decided_at: str
    spot: str = ""  # a drill's: the key of the spot answered (the review queue's)

    def truc_graded(self, player: int = 0) -> Graded[truc.Action]:
        """A Le Truc decision as the grading's :class:`~truf_tui.grading.Graded` (for a
        review's verdicts: the values of its options are not kept, and whether the solved
        player makes the choice is not known, None)."""
        if self.unit not in ("points", "match"):
            raise ValueError(f"not a Le Truc decision's unit: {self.unit!r}")
        unit: Literal["points", "match"] = "points" if self.unit == "points" else "match"
        return Graded(player, self.move, truc.parse_action(self.action), self.loss,
                      truc.parse_action(self.best), (), unit, Grade[self.grade.upper()],
                      self.tags)


@dataclass(frozen=True)
class GameRow:
    """One finished game as stored."""

    id: int
    uid: str
    game: str
    tier: str | None
    rules: dict[str, RuleValue]
    human_seat: int
    result: Result
    score_human: int
    score_computer: int
    trufegoj_human: int | None
    trufegoj_computer: int | None
    rounds: int | None
    hints_used: int
    practice: bool
    record_json: str
    started_at: str
    finished_at: str
    start: tuple[int, int] = (0, 0)  # Truc: the score it started from (human, computer)

    @property
    def from_score(self) -> bool:
        """A match started at a set score (the start screen's "Start at"), not at 0-0."""
        return self.start != (0, 0)

    def record(self) -> GameRecord:
        """The game record (for the replay viewer or an export)."""
        return GameRecord.from_json(self.record_json)

    @property
    def ended_away(self) -> int | None:
        """The seat that was away when its friend ended this online game (won by the
        other seat, unfinished), or ``None``: read from the record's meta."""
        try:
            meta = json.loads(self.record_json).get("meta", {})
        except (ValueError, AttributeError):
            return None
        away = meta.get("ended_away") if isinstance(meta, dict) else None
        return away if away in (0, 1) and type(away) is int else None


@dataclass(frozen=True)
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


@dataclass(frozen=True)
class Means:
    """Means for the human and the computer over ``count`` games (or rounds)."""

    human: float
    computer: float
    count: int


@dataclass(frozen=True)
class Stats:
    """``results[game][tier]``: wins / draws / losses (tier ``None``: no computer tier) of
    the games played from the start; ``from_score[game]``: those of the matches against the
    computer started at a set score, which are no whole wins or losses and so are kept
    apart; trufegoj per Trufludo game and Truc points per round (the points scored, not
    those a match started with), as means (``None``: no data)."""

    results: dict[str, dict[str | None, Tally]]
    trufegoj_per_game: Means | None
    truc_points_per_round: Means | None
    from_score: dict[str, Tally] = field(default_factory=dict)

    def total(self, game: str) -> Tally:
        """All tiers of one game together."""
        t = self.results.get(game, {}).values()
        return Tally(sum(x.wins for x in t), sum(x.draws for x in t), sum(x.losses for x in t))


def _start_of(seat: str) -> str:
    """SQL: the score the record's match started from for ``seat`` (an SQL expression, 0 or
    1): its ``scores``, written only when not 0-0 (a damaged record counts as 0-0)."""
    return (f"(CASE WHEN json_valid(record) THEN COALESCE(json_extract(record, '$.scores[' "
            f"|| ({seat}) || ']'), 0) ELSE 0 END)")


_START_HUMAN = _start_of("human_seat")
_START_COMPUTER = _start_of("1 - human_seat")
_FROM_SCORE = f"({_START_HUMAN} != 0 OR {_START_COMPUTER} != 0)"


# -- the database --------------------------------------------------------------------------------
class _Bad(Exception):
    def __init__(self, why: Invalid) -> None:
        super().__init__(why.detail)
        self.why = why


# -- the database being made ----------------------------------------------------------------
# A fresh database is built as ``.history.sqlite3.<hex>.tmp`` (and its SQLite companions), locked
# by the process making it.  A kill -9 meanwhile leaves them behind: the next start removes
# those no live process holds (issue 40).
_making: set[str] = set()  # this process's temporary databases, never swept by itself
_making_guard = threading.Lock()


def _new_temp(path: Path) -> tuple[Path, int]:
    """A fresh, private (0600) temporary database file beside ``path``, and a descriptor
    holding its lock until the database is in place."""
    while True:
        tmp = temp_path(path)
        # Private like the JSON files: SQLite would make it 0644, and it gives its -wal and
        # -shm files the mode of the database they belong to.
        create_private(tmp)
        fd = os.open(tmp, os.O_RDWR | getattr(os, "O_BINARY", 0))
        try:
            locked = try_lock(fd)
        except OSError:  # no locks on this file system: it is never swept as an orphan
            locked = True
        with contextlib.suppress(OSError):
            # A sweep that came between its making and its lock removed it: another name.
            if locked and os.path.samestat(os.fstat(fd), os.stat(tmp)):
                with _making_guard:
                    _making.add(str(tmp))
                return tmp, fd
        os.close(fd)


def sweep_orphans(directory: Path) -> list[str]:
    """Remove the temporary databases (and companions) left in ``directory`` by a process
    killed while making the history; never one a live process holds.  Their names."""
    prefix, removed = f".{FILE_NAME}.", list[str]()
    try:
        names = os.listdir(directory)
    except OSError:
        return removed
    for name in names:
        if not name.startswith(prefix):
            continue
        base = name
        for suffix in COMPANIONS:
            base = base.removesuffix(suffix)
        if not base.endswith(TEMP_SUFFIX):
            continue
        tmp = directory / base
        with _making_guard:
            if str(tmp) in _making:
                continue
        if name == base:
            if _orphan(tmp):
                removed += [p.name for p in _remove(tmp)]
        elif not tmp.exists():  # a companion whose database is gone
            removed += [p.name for p in _remove(directory / name, companions=False)]
    return removed


def _orphan(tmp: Path) -> bool:
    """No live process holds ``tmp``'s lock (checked without ever blocking)."""
    try:
        fd = os.open(tmp, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError:
        return False
    try:
        return try_lock(fd)
    except OSError:
        return False
    finally:
        os.close(fd)


def _remove(path: Path, companions: bool = True) -> list[Path]:
    gone = []
    for suffix in ("", *COMPANIONS) if companions else ("",):
        target = Path(f"{path}{suffix}")
        with contextlib.suppress(OSError):
            if not target.is_symlink() and target.is_file():
                target.unlink()
                gone.append(target)
    return gone


class History:
    """The history in ``directory``.  Opening never raises: a bad database is set aside and
    a fresh one started, and ``self.problems`` says what happened (show it to the user).

    Safe to use from worker threads (one lock) and from two app instances at once.
    """

    def __init__(self, directory: str | Path, *,
                 migrations: Sequence[Migration] = MIGRATIONS,
                 busy_timeout: float = BUSY_TIMEOUT) -> None:
        self.directory = Path(directory)
        self.path = self.directory / FILE_NAME
        self.migrations = tuple(migrations)
        self.busy_timeout = busy_timeout
        self.problems: list[Problem] = []
        self.in_memory = False  # True if the history could not be opened on disk
        self._lock = threading.RLock()
        self._conn = self._open()

    # -- opening ---------------------------------------------------------------------------------
    def _connect(self, target: str, uri: bool = False) -> sqlite3.Connection:
        conn = sqlite3.connect(target, timeout=self.busy_timeout, isolation_level=None,
                               check_same_thread=False, uri=uri)
        conn.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
        return conn

    def _open(self) -> sqlite3.Connection:
        try:
            ensure_dir(self.directory)
            sweep_orphans(self.directory)
            for _attempt in range(4):
                if not self.path.exists():
                    self._create()
                try:
                    return self._open_existing()
                except _Bad as bad:
                    try:
                        problem = set_aside(self.path, "history", bad.why, companions=COMPANIONS)
                    except FileChangedError:
                        continue
                    self.problems.append(problem)
                    if problem.kept_as is None:  # it cannot be moved: leave it alone
                        return self._in_memory("the damaged file could not be moved aside")
                except FileNotFoundError:
                    continue  # set aside by another instance meanwhile: make a fresh one
            return self._in_memory("it kept changing while being opened")
        except Exception as e:  # no reason at all may stop the app from starting
            return self._in_memory(str(e) or type(e).__name__)

    def _in_memory(self, why: str) -> sqlite3.Connection:
        """A history for this session only, when the file cannot be used (it is untouched)."""
        self.problems.append(Problem("unsaved", "history", self.path, detail=why))
        self.in_memory = True
        conn = self._connect(":memory:")
        with contextlib.suppress(Exception):  # a failing migration: reads will say so
            self._migrate(conn)
        return conn

    def _create(self) -> None:
        """Build a fresh database under a temporary name and link it into place (if another
        instance was quicker, its database is used and ours dropped)."""
        tmp, held = _new_temp(self.path)
        try:
            conn = self._connect(str(tmp))
            try:
                conn.execute("PRAGMA journal_mode = WAL")
                self._migrate(conn)
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                conn.close()
            with open(tmp, "rb+") as f:
                os.fsync(f.fileno())
            try:
                os.link(tmp, self.path)
            except FileExistsError:
                pass
            except OSError:  # no hard links on this file system
                if not self.path.exists():
                    os.rename(tmp, self.path)
            fsync_dir(self.directory)
        finally:
            for suffix in ("", *COMPANIONS):
                with contextlib.suppress(OSError):
                    os.unlink(f"{tmp}{suffix}")
            with _making_guard:
                _making.discard(str(tmp))
            os.close(held)  # lets its lock go: from now on it is no one's

    def _open_existing(self) -> sqlite3.Connection:
        _precheck(self.path)
        for suffix in ("", *COMPANIONS):  # one made by an older truf-tui was 0644
            make_private(Path(f"{self.path}{suffix}"))
        uri = self.path.resolve().as_uri() + "?mode=rw"
        try:
            conn = self._connect(uri, uri=True)
        except sqlite3.OperationalError as e:
            if not self.path.exists():
                raise FileNotFoundError(self.path) from e
            raise
        try:
            self._check(conn)
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
            self._migrate(conn)
            tables = {r[0] for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not REQUIRED_TABLES <= tables:
                raise _Bad(Invalid("corrupt", "tables are missing: "
                                   + ", ".join(sorted(REQUIRED_TABLES - tables))))
        except sqlite3.DatabaseError as e:
            conn.close()
            if _primary(e) in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
                raise _Bad(Invalid("corrupt", str(e))) from None
            raise
        except BaseException:
            conn.close()
            raise
        return conn

    def _check(self, conn: sqlite3.Connection) -> None:
        """Is this our database, whole, and not newer than us?  :class:`_Bad` if not."""
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if app_id != APPLICATION_ID:
            raise _Bad(Invalid("foreign", "an SQLite database of another program"
                               if app_id or version else "an SQLite database, not truf-tui's"))
        if version > len(self.migrations):
            raise _Bad(Invalid("newer", f"schema version {version}; this truf-tui knows "
                               f"version {len(self.migrations)}"))
        rows = conn.execute("PRAGMA quick_check").fetchall()
        if rows != [("ok",)]:
            # Whole, for the log (the notice does not show it: Problem.message).
            more = f" (and {len(rows) - 1} more)" if len(rows) > 1 else ""
            raise _Bad(Invalid("corrupt", f"integrity check: {rows[0][0]}{more}"))

    def _migrate(self, conn: sqlite3.Connection) -> None:
        """Bring the schema up to ``len(self.migrations)``, one transaction per migration
        (re-checking the version inside it, in case another instance migrated first)."""
        while True:
            if conn.execute("PRAGMA user_version").fetchone()[0] >= len(self.migrations):
                return
            conn.execute("BEGIN IMMEDIATE")
            try:
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                if version < len(self.migrations):
                    step = self.migrations[version]
                    if callable(step):
                        step(conn)
                    else:
                        for sql in step:
                            conn.execute(sql)
                    conn.execute(f"PRAGMA user_version = {version + 1}")
                conn.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
                raise

    @property
    def schema_version(self) -> int:
        return int(self._run(lambda c: c.execute("PRAGMA user_version").fetchone()[0]))

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run(self, fn: Callable[[sqlite3.Connection], _T], *, write: bool = False,
             busy_timeout: float | None = None) -> _T:
        """``fn(connection)`` under the lock (in a ``BEGIN IMMEDIATE`` transaction if
        ``write``; ``busy_timeout``: how long to wait for another program's transaction,
        this time).  A database found damaged only now is set aside and replaced by a fresh
        one (a problem is added to ``self.problems``) and ``fn`` runs once more; other
        database errors become :class:`StoreError` (:class:`HistoryBusy` if it was busy)."""
        with self._lock:
            for attempt in range(2):
                conn = self._conn
                try:
                    if not write:
                        return fn(conn)
                    if busy_timeout is not None:
                        conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
                    try:
                        conn.execute("BEGIN IMMEDIATE")
                    finally:
                        if busy_timeout is not None:
                            conn.execute(
                                f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
                    try:
                        result = fn(conn)
                        conn.execute("COMMIT")
                    except BaseException:
                        with contextlib.suppress(sqlite3.Error):
                            conn.execute("ROLLBACK")
                        raise
                    return result
                except sqlite3.DatabaseError as e:
                    if (attempt == 0 and not self.in_memory
                            and _primary(e) in (_SQLITE_CORRUPT, _SQLITE_NOTADB)):
                        self._replace_damaged(e)
                        continue
                    raise _error(e, write) from e
                except sqlite3.Error as e:
                    raise _error(e, write) from e
            raise AssertionError("unreachable")  # pragma: no cover

    def _replace_damaged(self, e: sqlite3.Error) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._conn.close()
        try:
            self.problems.append(set_aside(self.path, "history", Invalid("corrupt", str(e)),
                                           companions=COMPANIONS))
        except FileChangedError:  # pragma: no cover - no identity is given
            pass
        if self.problems and self.problems[-1].kept_as is None:
            self._conn = self._in_memory("the damaged file could not be moved aside")
        else:
            self._conn = self._open()

    # -- writing ---------------------------------------------------------------------------------
    def add_game(self, record: GameRecord, *, tier: str | None = None,
                 human_seat: int | None = None, hints_used: int | None = None,
                 practice: bool | None = None, started_at: str | None = None,
                 finished_at: str | None = None, busy_timeout: float | None = None) -> int:
        """Record a finished game and return its id.  Everything else is read from the
        record (replayed: scores, result, trufegoj, rounds, per-round Truc data) and from its
        ``meta`` (:func:`~truf_tui.store.saves.game_meta`); the keyword arguments override
        the meta.  A game already recorded (same meta id) is not added twice: its id is
        returned.  ``ValueError`` if the game is not finished or does not replay;
        :class:`StoreError` if it cannot be written (:class:`HistoryBusy` if another program
        held the history longer than ``busy_timeout`` seconds, default ``self.busy_timeout``).
        """
        if not isinstance(record, GameRecord):
            raise TypeError(f"add_game needs a GameRecord, not {type(record).__name__}")
        final = record.replay()
        meta = GameMeta.of(record)
        # A game ended while one player was away is the other's win, unfinished (its mark
        # in the record's meta is shown by the statistics and the replay).
        if not final.is_terminal() and meta.ended_away is None:
            raise ValueError("only a finished game goes into the history")
        human = meta.human if human_seat is None else human_seat
        if human not in (0, 1) or type(human) is not int:
            raise ValueError(f"human_seat must be 0 or 1, not {human!r}")
        winner = final.winner() if meta.ended_away is None else 1 - meta.ended_away
        result: Result = "draw" if winner is None else "win" if winner == human else "loss"
        scores = final.scores()
        tg: tuple[int | None, int | None] = (None, None)
        rounds: list[TrucRound] = []
        n_rounds: int | None = None
        if isinstance(final, truc.State):
            rounds = truc_rounds(record)
            n_rounds = final.round_no
        else:
            tg = (len(final.trufegoj[human]), len(final.trufegoj[1 - human]))
        finished = finished_at or now_iso()
        record_json = record.to_json(indent=None)
        uid = record.meta.get("id") if isinstance(record.meta, dict) else None
        if not isinstance(uid, str) or not uid:
            uid = "sha256-" + hashlib.sha256(record_json.encode("utf-8")).hexdigest()
        row = (uid, record.game, meta.tier if tier is None else tier,
               json.dumps(record.rules, sort_keys=True), human, result, scores[human],
               scores[1 - human], tg[0], tg[1], n_rounds,
               meta.hints_used if hints_used is None else hints_used,
               int(meta.practice if practice is None else practice), record_json,
               started_at or meta.started_at or finished, finished)
        round_rows = [(r.round, r.dealer, r.winner, r.how, r.points, r.stake, int(r.for_game),
                       json.dumps(r.data(), ensure_ascii=False)) for r in rounds]

        def insert(conn: sqlite3.Connection) -> int:
            cur = conn.execute(
                "INSERT INTO games (uid, game, tier, rules, human_seat, result, score_human, "
                "score_computer, trufegoj_human, trufegoj_computer, rounds, hints_used, "
                "practice, record, started_at, finished_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (uid) DO NOTHING", row)
            if cur.rowcount == 0:
                found = conn.execute("SELECT id FROM games WHERE uid = ?", (uid,)).fetchone()
                return int(found[0])
            game_id = cur.lastrowid
            assert game_id is not None
            conn.executemany(
                "INSERT INTO truc_rounds (game_id, round, dealer, winner, how, points, stake, "
                "for_game, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(game_id, *r) for r in round_rows])
            return game_id

        return self._run(insert, write=True, busy_timeout=busy_timeout)

    def add_graded(self, graded: Sequence[Graded[Any]], *, ref: str, game: str,
                   source: Literal["game", "drill"] = "game", decided_at: str | None = None,
                   spot: str = "", busy_timeout: float | None = None) -> int:
        """Keep the player's graded decisions (:mod:`truf_tui.grading`) of one game (``ref``:
        its record's meta id, ``GameMeta.of(record).id``) or of one drill session
        (``source="drill"``, ``ref``: the session's id, ``Graded.index``: the spot's number
        in it, ``spot``: the spot's key).  A decision kept already (same source, ref and
        move) is not added twice.  Returns how many were added; :class:`StoreError` as
        :meth:`add_game`."""
        if source not in ("game", "drill"):
            raise ValueError(f"source must be 'game' or 'drill', not {source!r}")
        when = decided_at or now_iso()
        rows = [(source, ref, g.index, game, str(g.action), str(g.best), g.loss, g.unit,
                 g.grade.key, " ".join(g.tags), when, spot, LEAK_VERSION) for g in graded]

        def insert(conn: sqlite3.Connection) -> int:
            before = conn.total_changes
            conn.executemany(
                "INSERT INTO decisions (source, ref, move, game, action, best, loss, unit, "
                "grade, tags, decided_at, spot, tags_version) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (source, ref, move) DO NOTHING", rows)
            return conn.total_changes - before

        return self._run(insert, write=True, busy_timeout=busy_timeout)

    def decisions(self, game: str | None = None, *, source: str | None = None
                  ) -> list[Decision]:
        """The kept graded decisions, oldest first (of one game, from one source), each with
        the leak categories of today's definition (``grading.LEAK_VERSION``): those an older
        one tagged are tagged again first (:meth:`retag`); one whose position cannot be
        rebuilt (its game never finished, so the history has no record of it) has none, so
        that no statistic counts it under a category it may no longer be."""
        with contextlib.suppress(StoreError):  # busy or read-only: read what is there
            self.retag()
        where, args = [], []
        if game is not None:
            where.append("game = ?")
            args.append(game)
        if source is not None:
            where.append("source = ?")
            args.append(source)
        sql = ("SELECT source, ref, move, game, action, best, loss, unit, grade, tags, "
               "decided_at, spot, tags_version FROM decisions"
               + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY decided_at, id")
        return [Decision(r[0], r[1], int(r[2]), r[3], r[4], r[5], float(r[6]), r[7], r[8],
                         tuple(r[9].split()) if r[12] >= LEAK_VERSION or r[3] != "truc"
                         else (), r[10], r[11]) for r in self._query(sql, args)]

    def game_decision(self, ref: str, move: int) -> tuple[str, str] | None:
        """What the player chose at ``move`` of the game ``ref`` and what was best there, as
        kept (:meth:`add_graded`), or ``None`` if that decision is not kept."""
        found = self._query("SELECT action, best FROM decisions WHERE source = 'game' AND "
                            "ref = ? AND move = ?", (ref, move))
        return (str(found[0][0]), str(found[0][1])) if found else None

    def retag(self) -> int:
        """Tag again, by today's definition, the Le Truc decisions an older definition of
        the leak categories tagged (``grading.LEAK_VERSION``): a game's from its record
        (the position before its move), a drill's from its spot's key (the spot itself).
        Those whose position cannot be rebuilt are left as they are (their game may be
        recorded later).  Returns how many were tagged again."""
        def stale(conn: sqlite3.Connection) -> list[tuple[Any, ...]]:
            return list(conn.execute(
                "SELECT id, source, ref, move, action, best, spot FROM decisions "
                "WHERE game = 'truc' AND tags_version < ?", (LEAK_VERSION,)))

        rows = self._run(stale)
        if not rows:
            return 0
        games: dict[str, list[truc.State] | None] = {}
        for ref in {r[2] for r in rows if r[1] == "game"}:
            found = self._query("SELECT record FROM games WHERE uid = ? AND game = 'truc'",
                                (ref,))
            games[ref] = _positions(found[0][0] if found else None)
        updates = []
        for id_, source, ref, move, action, best, spot in rows:
            tags = _tags_again(source, games.get(ref), move, action, best, spot)
            if tags is not None:
                updates.append((" ".join(tags), LEAK_VERSION, id_))
        if updates:
            self._run(lambda c: c.executemany(
                "UPDATE decisions SET tags = ?, tags_version = ? WHERE id = ?", updates),
                write=True)
        return len(updates)

    # -- reading ---------------------------------------------------------------------------------
    def _query(self, sql: str, args: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        return self._run(lambda c: list(c.execute(sql, args)))

    _GAME_COLUMNS = ("id, uid, game, tier, rules, human_seat, result, score_human, "
                     "score_computer, trufegoj_human, trufegoj_computer, rounds, hints_used, "
                     f"practice, record, started_at, finished_at, {_START_HUMAN}, "
                     f"{_START_COMPUTER}")

    def _rows(self, where: str, args: Sequence[object]) -> list[GameRow]:
        rows = self._query(f"SELECT {self._GAME_COLUMNS} FROM games{where} "
                           "ORDER BY finished_at, id", args)
        return [GameRow(r[0], r[1], r[2], r[3], _json_object(r[4]), r[5], r[6], r[7], r[8],
                        r[9], r[10], r[11], r[12], bool(r[13]), r[14], r[15], r[16],
                        (int(r[17]), int(r[18])))
                for r in rows]

    def games(self, game: str | None = None, tier: str | None = None, *,
              practice: bool | None = None) -> list[GameRow]:
        """The finished games, oldest first, optionally of one game, tier, practice mode."""
        where, args = _filters(game=game, tier=tier, practice=practice)
        return self._rows(where, args)

    def game(self, game_id: int) -> GameRow | None:
        """One game by its id, or ``None``."""
        rows = self._rows(" WHERE id = ?", (game_id,))
        return rows[0] if rows else None

    def truc_rounds(self, game_id: int | None = None) -> list[TrucRound]:
        """The stored Truc rounds (of one game, or all), in order."""
        where, args = ("", ()) if game_id is None else (" WHERE game_id = ?", (game_id,))
        rows = self._query(
            "SELECT game_id, round, dealer, winner, how, points, stake, for_game, data "
            f"FROM truc_rounds{where} ORDER BY game_id, round", args)
        out = []
        for r in rows:
            d = _json_object(r[8])
            out.append(TrucRound(round=r[1], dealer=r[2], winner=r[3], how=r[4], points=r[5],
                                 stake=r[6], for_game=bool(r[7]), hands=d.get("hands") or [],
                                 redealt=d.get("redealt"), events=d.get("events") or [],
                                 moves=d.get("moves") or [], tricks=d.get("tricks") or [],
                                 game_id=r[0]))
        return out

    def stats(self, *, practice: bool | None = None) -> Stats:
        """Wins / draws / losses per game and tier, mean trufegoj per Trufludo game and mean
        Truc points per round (``practice``: only practice games, only others, or all)."""
        where, args = _filters(practice=practice)
        counts: dict[tuple[str, str | None], dict[str, int]] = {}
        started: dict[str, dict[str, int]] = {}
        # A match against the computer started at a set score is no whole win or loss: it
        # is counted apart (hot-seat games stay on their own row, whatever their start).
        for game, tier, result, from_score, n in self._query(
                f"SELECT game, tier, result, {_FROM_SCORE}, COUNT(*) FROM games{where} "
                "GROUP BY game, tier, result, 4", args):
            if from_score and tier != HOTSEAT_TIER:
                c = started.setdefault(str(game), {})
                c[str(result)] = c.get(str(result), 0) + int(n)
                continue
            c = counts.setdefault((str(game), None if tier is None else str(tier)), {})
            c[str(result)] = c.get(str(result), 0) + int(n)
        results: dict[str, dict[str | None, Tally]] = {}
        for (game, tier), c in sorted(counts.items(),
                                      key=lambda kv: (kv[0][0], kv[0][1] or "")):
            results.setdefault(game, {})[tier] = Tally(c.get("win", 0), c.get("draw", 0),
                                                       c.get("loss", 0))
        from_score = {game: Tally(c.get("win", 0), c.get("draw", 0), c.get("loss", 0))
                      for game, c in started.items()}
        # The means compare the human with the computer: hot-seat games (two people, tier
        # HOTSEAT_TIER) are left out of them.
        w2, a2 = _filters(game="trufludo", practice=practice)
        w2 += _NOT_HOTSEAT
        h, c, n = self._query("SELECT TOTAL(trufegoj_human), TOTAL(trufegoj_computer), "
                              f"COUNT(*) FROM games{w2}", a2)[0]
        trufegoj = Means(_num(h) / n, _num(c) / n, int(n)) if n else None
        w3, a3 = _filters(game="truc", practice=practice)
        w3 += _NOT_HOTSEAT
        # The points scored in the rounds played: a match's starting score is none of them.
        sh, sc, sr = self._query(f"SELECT TOTAL(score_human - {_START_HUMAN}), "
                                 f"TOTAL(score_computer - {_START_COMPUTER}), "
                                 f"TOTAL(rounds) FROM games{w3}", a3)[0]
        sr = _num(sr)
        points = Means(_num(sh) / sr, _num(sc) / sr, int(sr)) if sr > 0 else None
        return Stats(results, trufegoj, points, from_score)


HOTSEAT_TIER = "human"  # the tier of a hot-seat game (two people at one keyboard)
_NOT_HOTSEAT = f" AND (tier IS NULL OR tier != '{HOTSEAT_TIER}')"


def _num(v: object) -> float:
    return float(v) if isinstance(v, int | float) else 0.0


def _json_object(text: Any) -> dict[str, Any]:
    """A stored JSON object; ``{}`` if the stored text is not one (a damaged cell)."""
    try:
        v = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return {}
    return v if isinstance(v, dict) else {}


def _filters(**conds: str | bool | None) -> tuple[str, tuple[str | int, ...]]:
    parts: list[str] = []
    args: list[str | int] = []
    for col, v in conds.items():
        if v is None:
            continue
        parts.append(f"{col} = ?")
        args.append(int(v) if isinstance(v, bool) else v)
    return (" WHERE " + " AND ".join(parts) if parts else ""), tuple(args)


class HistoryBusy(StoreError):
    """Another program held the history (a transaction of its own) for too long: try again
    later; nothing was written."""


_SQLITE_BUSY, _SQLITE_LOCKED = 5, 6


def _error(e: sqlite3.Error, write: bool) -> StoreError:
    text = f"The game history could not be {'written' if write else 'read'}: {e}"
    if _primary(e) in (_SQLITE_BUSY, _SQLITE_LOCKED) or "locked" in str(e).lower():
        return HistoryBusy(text)
    return StoreError(text)


def _primary(e: sqlite3.Error) -> int:
    code = getattr(e, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF
    text = str(e).lower()
    if "not a database" in text:
        return _SQLITE_NOTADB
    if "malformed" in text or "corrupt" in text:
        return _SQLITE_CORRUPT
    return -1


def _precheck(path: Path) -> None:
    """Look at the file's header before SQLite touches it: :class:`_Bad` if it is empty,
    not SQLite, not ours, or shorter than its header says (truncated)."""
    with open(path, "rb") as f:
        head = f.read(100)
        size = os.fstat(f.fileno()).st_size
    if size == 0:
        raise _Bad(Invalid("empty", "no content"))
    if not head.startswith(_MAGIC):
        if _MAGIC.startswith(head):
            raise _Bad(Invalid("corrupt", f"truncated to {size} bytes"))
        raise _Bad(Invalid("foreign", "not an SQLite database"))
    if len(head) < 100:
        raise _Bad(Invalid("corrupt", f"truncated to {size} bytes"))
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        raise _Bad(Invalid("corrupt", "bad page size in the header"))
    if int.from_bytes(head[68:72], "big") != APPLICATION_ID:
        raise _Bad(Invalid("foreign", "an SQLite database, not truf-tui's"))
    pages = int.from_bytes(head[28:32], "big")
    header_valid = pages > 0 and head[24:28] == head[92:96]
    if header_valid and not _has_wal(path) and size < pages * page_size:
        raise _Bad(Invalid("corrupt", f"truncated: {size} bytes of {pages * page_size}"))



def _has_wal(path: Path) -> bool:
    """Is there a write-ahead log SQLite would use (a valid WAL header and a frame)?  Then
    the main file may lag behind its header until the log is checkpointed."""
    try:
        with open(f"{path}-wal", "rb") as f:
            head = f.read(32)
            size = os.fstat(f.fileno()).st_size
    except OSError:
        return False
    return (len(head) == 32 and int.from_bytes(head[:4], "big") in (0x377F0682, 0x377F0683)
            and size > 32)
