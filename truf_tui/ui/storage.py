"""The app's side of persistence: one folder with the settings, the autosave and the history.

:class:`AppData` wraps the store library (``truf_tui.store``) for the app: it converts the
stored settings to the app's :class:`~truf_tui.ui.settings.Settings` and start-screen
choices, collects every :class:`~truf_tui.store.Problem` to be shown to the player, and
opens the history only when it is first needed (so starting the app stays quick).

:class:`GameKeeper` follows the game on the table: it autosaves after every move and, when
the game ends, queues it on disk for the history, clears the autosave and records it (or
leaves it queued for a later try, when the history is busy).  No Textual here.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from copy import deepcopy
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from truf_tui.engine import truc
from truf_tui.engine.record import AnyState, GameRecord, RecordError
from truf_tui.grading import Grade, Graded
from truf_tui.play.config import (
    BEST_OF,
    DEFAULT_RULES,
    DEFAULT_TIER,
    GAMES,
    OPPONENTS,
    TIERS,
    GameConfig,
    StartChoices,
    scores_fit,
    start_scores,
)
from truf_tui.spots import NewerSpot, Spot, game_spot, retagged
from truf_tui.store import (
    GameMeta,
    History,
    Problem,
    SaveStore,
    SettingsStore,
    StoreError,
    game_meta,
)
from truf_tui.store.files import Invalid
from truf_tui.store.repetition import MISSED, RepetitionQueue, spot_key
from truf_tui.store.saves import archive_name
from truf_tui.ui.settings import CARD_STYLES, LANGUAGES, PACES, THEMES, Settings

HUMAN_SEAT = 0
# The history's "tier" of a hot-seat game: no computer tier, so it is kept apart from the
# games against the computer in the statistics (meta ``opponent`` says "human" as well).
HOTSEAT_TIER = "human"  # the same as truf_tui.store.history.HOTSEAT_TIER
_UI_CHOICES: dict[str, tuple[str, ...]] = {
    "lang": LANGUAGES, "theme": THEMES, "pace": tuple(PACES), "card_style": CARD_STYLES,
}


def settings_from_store(values: Mapping[str, object]) -> Settings:
    """The app's settings from the stored ones (values this app does not offer: defaults)."""
    default = Settings()
    picked = {key: v if isinstance(v := values.get(key), str) and v in allowed
              else getattr(default, key) for key, allowed in _UI_CHOICES.items()}
    return Settings(**picked)


def settings_changes(old: Settings, new: Settings) -> dict[str, object]:
    """What changed between two settings, as store keys."""
    return {key: getattr(new, key) for key in _UI_CHOICES if getattr(old, key) != getattr(new, key)}


def choices_from_store(values: Mapping[str, object], base: StartChoices) -> StartChoices:
    """The start screen's choices ``base`` with the remembered game, tier, dealer, practice,
    variants."""
    out = deepcopy(base)
    game, tier, dealer = values.get("game"), values.get("tier"), values.get("dealer")
    opponent, best_of, practice = (values.get("opponent"), values.get("best_of"),
                                   values.get("practice"))
    if isinstance(game, str) and game in GAMES:
        out["game"] = game
    if isinstance(tier, str) and tier in TIERS:
        out["tier"] = tier
    if dealer is None or isinstance(dealer, int) and dealer in (0, 1):
        out["dealer"] = dealer
    if isinstance(opponent, str) and opponent in (*OPPONENTS, "friend"):  # friend: over the network
        out["opponent"] = opponent
    if type(best_of) is int and best_of in BEST_OF:
        out["best_of"] = best_of
    if type(practice) is bool:
        out["practice"] = practice
    variants = values.get("variants")
    if isinstance(variants, Mapping):
        for game, defaults in DEFAULT_RULES.items():
            stored = variants.get(game)
            if isinstance(stored, Mapping):
                out["rules"][game].update({k: stored[k] for k in defaults if k in stored})
    # Le Truc's practice start score: kept while it is below the remembered target (an
    # older settings file has none: 0-0).
    scores = values.get("scores")
    if scores_fit(scores, out["rules"]["truc"]["target"]):
        out["scores"] = (scores[0], scores[1])
    return out


def choices_to_store(choices: StartChoices) -> dict[str, object]:
    """The start screen's choices as store keys (the seed is for one run only)."""
    return {"game": choices["game"], "tier": choices["tier"], "dealer": choices["dealer"],
            "opponent": choices.get("opponent", "computer"),
            "best_of": choices.get("best_of", 1),
            "practice": choices.get("practice", False),
            "scores": list(choices.get("scores", (0, 0))),
            "variants": {g: dict(choices["rules"][g]) for g in DEFAULT_RULES}}


def config_of(record: GameRecord, tier: str | None = None) -> GameConfig:
    """The table's configuration for a saved game: its game, opponent, rules and (Le Truc)
    the score it started from.  (Seed and dealer stay unset: "play again" after it deals a
    new game, from the same start score.)  A hot-seat game resumes as
    hot-seat."""
    meta_tier = GameMeta.of(record).tier
    chosen = meta_tier if meta_tier in TIERS else tier if tier in TIERS else DEFAULT_TIER
    assert chosen is not None
    rules = {k: v for k, v in record.rules.items() if k in DEFAULT_RULES[record.game]}
    full = {**DEFAULT_RULES[record.game], **rules}
    return GameConfig(game=record.game, tier=chosen, rules=rules,
                      opponent="human" if is_hotseat(record) else "computer",
                      scores=start_scores(record.game, full, record.scores))


def is_hotseat(record: GameRecord) -> bool:
    """Was ``record`` played by two people at one keyboard?"""
    meta = record.meta if isinstance(record.meta, dict) else {}
    return meta.get("opponent") == "human" or meta.get("tier") == HOTSEAT_TIER


@dataclass(frozen=True)
class Progress:
    """How far a saved game is, for the "Continue" button."""

    game: str
    tier: str | None
    moves: int
    round: int  # Truc's round (Trufludo: 0)
    stock: int  # Trufludo's cards left in the stock (Truc: 0)
    scores: tuple[int, int]  # the human's, the computer's: Truc's points, Trufludo's piles


def progress_of(record: GameRecord, state: AnyState) -> Progress:
    from truf_tui.engine import truc

    scores = state.scores()
    is_truc = isinstance(state, truc.State)
    return Progress(record.game, GameMeta.of(record).tier, len(record.moves),
                    state.round_no if isinstance(state, truc.State) else 0,
                    0 if is_truc else len(state.stock),
                    (int(scores[HUMAN_SEAT]), int(scores[1 - HUMAN_SEAT])))


def hotseat_progress_text(record: GameRecord, state: AnyState) -> str | None:
    """The start screen's "Continue" line for a saved hot-seat game (``None``: not one), with
    the players' names (typed ones from the record's meta)."""
    if not is_hotseat(record):
        return None
    from truf_tui.ui.i18n import plural, tr

    p = progress_of(record, state)
    names = record.meta.get("names") if isinstance(record.meta, dict) else None
    typed = [n if isinstance(n, str) else "" for n in names] if isinstance(names, list) \
        and len(names) == 2 else ["", ""]
    who = [typed[i].replace("[", "\\[") or tr("hot.player", n=i + 1) for i in (0, 1)]
    a, b = p.scores
    if p.game == "truc":
        return tr("start.continue.truc.hotseat", game=tr("game.truc"), round=p.round,
                  p1=who[0], p2=who[1], a=a, b=b, target=record.rules.get("target", "?"))
    return tr("start.continue.trufludo.hotseat", game=tr("game.trufludo"),
              moves=plural("count.moves_played", p.moves), stock=p.stock, p1=who[0],
              p2=who[1], a=a, b=b)


def _differs(current: Mapping[str, object], changes: Mapping[str, object]) -> bool:
    """Would ``changes`` change ``current``?"""
    for key, value in changes.items():
        now = current.get(key)
        if isinstance(value, Mapping) and isinstance(now, Mapping):
            if _differs(now, value):
                return True
        elif type(now) is not type(value) or now != value:
            return True
    return False


@dataclass(frozen=True)
class Notice:
    """A message for the player that is not a :class:`Problem` (which has its own texts):
    a string key of ``truf_tui.ui.strings`` and a technical detail (a store's sentence)."""

    key: str
    detail: str = ""
    fields: tuple[tuple[str, str], ...] = ()  # more values for the text (a path...)

    def message(self, lang: str = "en") -> str:
        from truf_tui.ui.i18n import tr  # the current language is the app's

        detail = self.detail.strip()
        if detail and detail[-1] not in ".!?…":  # a store's reason, then a sentence of ours
            detail += "."
        return tr(self.key, detail=detail, **dict(self.fields))


def folder_notice(e: StoreError) -> Notice:
    """The data folder cannot be used: say why in plain words, in the player's language."""
    from truf_tui.store import FolderError

    if not isinstance(e, FolderError):
        return Notice("store.no_folder", str(e))
    if e.reason == "file" and e.blocker == e.path:
        return Notice("store.no_folder.is_file", fields=(("path", str(e.path)),))
    if e.reason == "file":
        return Notice("store.no_folder.file_above",
                      fields=(("path", str(e.path)), ("file", str(e.blocker))))
    if e.reason == "denied":
        return Notice("store.no_folder.denied",
                      fields=(("path", str(e.path)), ("folder", str(e.blocker))))
    return Notice("store.no_folder.other", fields=(("path", str(e.path)), ("why", e.detail)))


class AppData:
    """The player's data folder, as the app uses it.  Nothing here raises on bad files:
    what went wrong is added to :attr:`problems` (the app shows and empties it).

    The autosave is this running app's own (``SaveStore.claim``): another window on the
    same folder plays and saves its own game, and is told so.
    """

    # A finished game waits for a busy history (another program's transaction): the end of
    # the game waits FIRST_TRY seconds, later tries RETRY_TRY each, RETRY_DELAYS apart.
    FIRST_TRY = 1.0
    RETRY_TRY = 0.2
    RETRY_DELAYS: tuple[float, ...] = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 60.0)

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.settings = SettingsStore(self.folder)
        self.first_run = not self.settings.path.exists()
        self.saves = SaveStore.claim(self.folder)
        self._history: History | None = None
        self.problems: list[Problem | Notice] = []
        if self.saves.others and not self.saves.has_current():
            # Said where it would be missed: this window has no game of its own to continue.
            self.problems.append(Problem("elsewhere", "current", self.saves.others[0]))
        elif self.saves.left and self.saves.has_current():
            self.problems.append(Problem("waiting", "current", self.saves.left[0]))
        # Games queued by this app (or found queued at its start) whose later arrival in the
        # history is announced; games another running app queued are its own business.
        self._announce: set[str] = set()
        self._save_failing: str | None = None  # why the last autosave failed, if it did
        self._offered: GameRecord | None = None  # the saved game found at start, if any
        self._repetition: RepetitionQueue | None = None

    # -- settings ---------------------------------------------------------------------------
    def load_settings(self) -> dict[str, object]:
        values, problems = self.settings.load()
        self.problems.extend(problems)
        return values

    def guided_nudge_due(self) -> bool:
        """Whether to point a newcomer to the guided game: on the first run only (no settings
        file before it; an older file means a returning player), and once, remembered."""
        if not self.first_run or self.settings.current.get("guided_nudge"):
            return False
        self.save_settings({"guided_nudge": True})
        return True

    def save_settings(self, changes: Mapping[str, object]) -> None:
        """Remember ``changes`` (a failure to write is noted, never raised)."""
        if not _differs(self.settings.current, changes):
            return
        try:
            self.settings.save(changes)
        except (StoreError, ValueError) as e:
            self.problems.append(Notice("store.settings_not_saved", str(e)))

    # -- the history ------------------------------------------------------------------------
    @property
    def history(self) -> History:
        """The history of finished games, opened on first use."""
        if self._history is None:
            self._history = History(self.folder)
            self.problems.extend(self._history.problems)
            self._history.problems = []
        return self._history

    def history_problems(self) -> None:
        """Move problems the history met since (a database damaged while in use)."""
        if self._history is not None and self._history.problems:
            self.problems.extend(self._history.problems)
            self._history.problems = []

    def record_finished(self, record: GameRecord) -> bool:
        """Put a finished game into the history, exactly once: it is queued on disk first
        (``pending/``, atomically), the autosave cleared (a finished game is nothing to
        continue), and then the history is tried.  True if the history has it now.

        A busy history (another program's transaction) or one that cannot be written
        leaves it queued: :attr:`waiting` is then true, :meth:`flush_pending` tries again
        and the next start does too.  If not even the queue can be written, the finished
        game stays in the autosave, which the next start records.  Notices say which.
        """
        gid = GameMeta.of(record).id
        queued: Path | None = None
        why = ""
        try:
            queued = self.saves.put_pending(record)
        except StoreError as e:
            kept = self.autosave(record, quiet=True)  # the next start records it from there
            why = str(e)
        else:
            kept = True
            self.clear_autosave()
        added, error = self._add(record, queued, self.FIRST_TRY)
        if added:
            if queued is None:
                self.clear_autosave()
            return True
        if added is False or not kept:
            self.problems.append(Notice("store.not_recorded", f"{error} {why}".strip()))
        elif not self.history.in_memory:  # (in memory: the "unsaved" notice said it all)
            self._announce.add(gid)
            self.problems.append(Notice("store.recording_later", error))
        return False

    def _add(self, record: GameRecord, queued: Path | None,
             busy_timeout: float) -> tuple[bool | None, str]:
        """Add one finished game.  (True, ""): the history on disk has it, its queue file
        is gone; (None, why): not now, it stays queued; (False, why): it can never go in
        (its queue file is set aside)."""
        try:
            self.history.add_game(record, busy_timeout=busy_timeout)
        except StoreError as e:
            self.history_problems()
            return None, str(e)
        except (ValueError, RecordError) as e:
            if queued is not None:
                self.problems.append(self.saves.set_aside_pending(queued, str(e)))
            return False, str(e)
        self.history_problems()
        if self.history.in_memory:
            return None, ""  # counted for this session; it stays queued for a working one
        if queued is not None:
            with contextlib.suppress(StoreError):  # gone already, or the next try removes it
                self.saves.remove_pending(queued)
        self.saves.forget_archive(record)
        return True, ""

    @property
    def waiting(self) -> bool:
        """Do finished games wait for the history on disk (worth trying again later)?"""
        h = self._history
        return h is not None and not h.in_memory and self.saves.has_pending()

    def flush_pending(self, busy_timeout: float | None = None) -> int:
        """Try the queued finished games again (this app's, and any an earlier or another
        app left).  Returns how many of this app's own went in (to say so)."""
        if not self.saves.has_pending():
            return 0
        records, problems = self.saves.pending()
        self.problems.extend(problems)
        n = 0
        for path, record in records:
            added, _ = self._add(record, path, self.RETRY_TRY if busy_timeout is None
                                 else busy_timeout)
            gid = GameMeta.of(record).id
            if added is not None and gid in self._announce:  # in, or never: done with it
                self._announce.discard(gid)
                n += int(added)
        return n

    # -- the autosave -----------------------------------------------------------------------
    def load_autosave(self) -> tuple[GameRecord, AnyState] | None:
        """The unfinished game to continue, if any.  A finished one found there (the app
        stopped before recording it) goes into the history now, and so do finished games
        an earlier run left queued (a busy history)."""
        record, problems = self.saves.load_current()
        self.problems.extend(problems)
        if self.saves.has_pending():  # finished games an earlier run could not record yet
            records, _ = self.saves.pending()
            self._announce.update(GameMeta.of(r).id for _, r in records)
            if self.flush_pending():
                self.problems.append(Notice("store.recorded_later"))
            elif self.waiting:
                self.problems.append(Notice("store.still_waiting"))
        if record is None:
            return None
        try:
            state = record.replay()
        except RecordError as e:  # pragma: no cover - load_current has replayed it already
            self.problems.append(Notice("store.not_saved", str(e)))
            return None
        if state.is_terminal():
            self.record_finished(record)
            return None
        self._offered = record
        return record, state

    def autosave(self, record: GameRecord, *, quiet: bool = False) -> bool:
        """Save the game in progress; False (and a notice, unless ``quiet``) if it could not
        be written: then nothing may say it is saved."""
        try:
            self.problems.extend(self._plainly(self.saves.save_current(record)))
        except StoreError as e:
            # Said once, not at every move: the game menu and the quit dialog keep saying it.
            if not quiet and str(e) != self._save_failing:
                self.problems.append(Notice("store.not_saved", str(e)))
            self._save_failing = str(e)
            return False
        self._save_failing = None
        return True

    def _plainly(self, problems: list[Problem]) -> list[Problem | Notice]:
        """The saved game found at start, kept aside because a new game took its place
        without a question (``--game``), is said as such: it is the player's own game, not
        "another" one found in the autosave."""
        offered = self._offered
        return [Notice(f"store.kept_aside.{offered.game}", fields=(("name", p.key),))
                if p.kind == "archived" and offered is not None
                and p.key == archive_name(offered) else p
                for p in problems]

    def on_disk(self, record: GameRecord | None) -> bool:
        """Is ``record`` what the autosave file holds right now?"""
        return record is not None and self.saves.holds(record)

    def clear_autosave(self) -> None:
        try:
            self.saves.clear_current()
        except StoreError as e:
            self.problems.append(Notice("store.not_saved", str(e)))

    # -- the review queue of missed spots (issue 38, item 6) ------------------------------
    # The drills call these: ``review_spots`` first (the due spots, to drill before new
    # ones), then ``spot_reviewed`` with each drill's grade; ``spot_missed`` for a spot
    # graded an inaccuracy or worse anywhere; ``game_spots_missed`` for a real game's
    # graded decisions.  None of them raises: a queue that cannot be written is a notice,
    # and the drills go on without it.
    @property
    def repetition(self) -> RepetitionQueue:
        """The queue; every spot it loads is checked to deal again (:func:`check_spot`), and
        a game's spot labelled by older leak categories is labelled again
        (:meth:`_retag_spot`)."""
        if self._repetition is None:
            self._repetition = RepetitionQueue(self.folder, check=check_spot,
                                               retag=self._retag_spot)
        return self._repetition

    def _retag_spot(self, spot: Mapping[str, Any]) -> dict[str, Any] | None:
        """A game's queued spot labelled as today's leak categories label its decision
        (``spots.retagged``), from what the history keeps of it: what was played there and
        what was best (the history tags the same decision again by the same rule).  None if
        the history does not have it (not kept, or not readable now)."""
        game, move = spot.get("game"), spot.get("move")
        if not isinstance(game, str) or type(move) is not int:
            return None
        try:
            kept = self.history.game_decision(game, move)
            return None if kept is None else retagged(spot, *kept)
        except (StoreError, ValueError):
            return None

    def _queue_problems(self) -> None:
        if self._repetition is not None and self._repetition.problems:
            self.problems.extend(self._repetition.problems)
            self._repetition.problems = []

    def spots_due(self, now: datetime | None = None) -> int:
        """How many missed spots are due for review now (0 if the queue cannot be read)."""
        try:
            due = self.repetition.counts(now or datetime.now(UTC)).due
        except StoreError as e:
            self.problems.append(Notice("store.review_not_saved", str(e)))
            due = 0
        self._queue_problems()
        return due

    def review_spots(self, limit: int, now: datetime | None = None,
                     category: str | None = None) -> list[dict[str, Any]]:
        """The spots (their ``to_dict``) due for review, most overdue first, at most
        ``limit``: the drills deal these before any new spot.  ``category``: only spots
        of that drill category (``None`` or ``"random"``: all)."""
        try:
            due = [dict(e.spot) for e in self.repetition.due(now or datetime.now(UTC))
                   if category in (None, "random") or e.spot.get("category") == category]
            due = due[:max(0, limit)]
        except StoreError as e:
            self.problems.append(Notice("store.review_not_saved", str(e)))
            due = []
        self._queue_problems()
        return due

    def spot_missed(self, spot: Mapping[str, Any], grade: Grade,
                    now: datetime | None = None, *, once: bool = False) -> bool:
        """A spot was graded ``grade``: an inaccuracy or worse enters the queue (or, drilled
        before, comes back soon; ``once``: a game's decision, told once).  True if it is in
        the queue now for this miss."""
        try:
            entered = self.repetition.add_missed(spot, grade, now or datetime.now(UTC),
                                                 once=once)
        except StoreError as e:
            self.problems.append(Notice("store.review_not_saved", str(e)))
            entered = False
        self._queue_problems()
        return entered

    def game_spots_missed(self, graded: Sequence[Graded[Any]], state: truc.State, game: str,
                          now: datetime | None = None) -> int:
        """The player's decisions of the Le Truc match that led to ``state`` (``game``: its
        record's id), graded: each inaccuracy or worse enters the queue as that exact spot
        (``spots.game_spot``), once however often it is told.  Only the moves finally
        played are graded, so nothing taken back in practice comes here.  How many
        entered."""
        n = 0
        for g in graded:
            if g.grade < MISSED or g.player != HUMAN_SEAT:
                continue
            try:
                spot = game_spot(state, g.index, game, g.best)
            except ValueError:
                continue  # not a decision of this match (the caller checked it is)
            n += self.spot_missed(spot.to_dict(), g.grade, now, once=True)
        return n

    def spot_reviewed(self, spot: Mapping[str, Any], grade: Grade,
                      now: datetime | None = None) -> bool:
        """A drill of a queued spot was graded ``grade``: its next review is scheduled
        (``store.repetition.RATING``).  False if the spot was not in the queue."""
        try:
            done = self.repetition.review(spot_key(spot), grade,
                                          now or datetime.now(UTC)) is not None
        except StoreError as e:
            self.problems.append(Notice("store.review_not_saved", str(e)))
            done = False
        self._queue_problems()
        return done

    def spot_unusable(self, spot: Mapping[str, Any], why: str = "") -> None:
        """A queued spot that no longer rebuilds (``Spot.from_dict`` refused it, ``why``):
        out of the queue, so it never blocks the drills, and kept aside with a notice."""
        with contextlib.suppress(StoreError):
            self.repetition.set_aside(spot_key(spot), Invalid("corrupt", why or "unusable"))
        self._queue_problems()

    def close(self) -> None:
        if self._history is not None:
            self._history.close()
            self._history = None
        self.saves.release()  # the next window may take this autosave (and its game)


def check_spot(spot: Mapping[str, Any]) -> None:
    """Whether a queued spot can be dealt again (``Spot.from_dict``): :class:`Invalid`
    ("newer" for a newer truf-tui's spot, "corrupt" for anything else) if not."""
    try:
        Spot.from_dict(spot)
    except NewerSpot as e:
        raise Invalid("newer", str(e)) from None
    except Exception as e:  # whatever a bad spot makes the engine say: never a crash
        raise Invalid("corrupt", f"it does not rebuild: {e}") from None


def new_game_meta(tier: str, opponent: str = "computer",
                  **extra: Any) -> dict[str, object]:  # extra: game_meta's keywords too
    """The record meta of a new game: a hot-seat game has no computer tier (the history
    keeps it as HOTSEAT_TIER)."""
    if opponent == "human":
        return game_meta(tier=HOTSEAT_TIER, human=HUMAN_SEAT, opponent="human", **extra)
    return game_meta(tier=tier, human=HUMAN_SEAT, **extra)


class GameKeeper:
    """Follows one game: :meth:`moved` after every change of the table's state.

    The game is saved only while the state on the table is exactly what its record replays
    to (a position prepared by hand has no record, and is not saved).  A game seen finished
    during this session goes into the history; one that was already finished when it was
    opened (a record loaded to look at) does not.
    """

    def __init__(self, data: AppData, meta: Mapping[str, object]) -> None:
        self.data = data
        self.meta = dict(meta)
        self.state: AnyState | None = None
        self.record: GameRecord | None = None
        self.tracking = True
        self.finished = False
        # False for a game the person at the keyboard is not playing (friends in a
        # tournament): autosaved, but kept out of their history.
        self.into_history = True

    @classmethod
    def new_game(cls, data: AppData, tier: str, opponent: str = "computer") -> GameKeeper:
        return cls(data, new_game_meta(tier, opponent))

    @classmethod
    def resumed(cls, data: AppData, record: GameRecord, tier: str) -> GameKeeper:
        """For a saved or loaded record: its meta, with an id and tier if it had none."""
        meta = dict(record.meta)
        meta.setdefault("id", GameMeta.of(record).id)
        if is_hotseat(record):
            meta["tier"], meta["opponent"] = HOTSEAT_TIER, "human"
        elif meta.get("tier") not in TIERS:
            meta["tier"] = tier
        meta["human"] = HUMAN_SEAT
        return cls(data, {**game_meta(tier=tier, human=HUMAN_SEAT), **meta})

    def moved(self, state: AnyState) -> None:
        """The table now shows ``state``: save it, and record the game if it just ended."""
        if self.finished or not self.tracking:
            return
        prev = self.state
        if prev is not None and state == prev:  # saved already, as it was played
            return
        self.state = state
        if prev is None:
            follows = self._replays_to(state)
            if follows and state.is_terminal():
                self.finished = True  # opened already finished: nothing new to record
                return
        else:
            follows = self._follows(prev, state) or self._replays_to(state)
        if not follows:
            self.tracking = False
            return
        try:
            self.record = GameRecord.from_state(state, **self.meta)
        except RecordError:
            self.tracking = False
            return
        if state.is_terminal():
            self.finished = True
            if self.into_history:
                self.data.record_finished(self.record)
            else:
                self.data.clear_autosave()
        else:
            self.data.autosave(self.record)

    @staticmethod
    def _follows(prev: AnyState, state: AnyState) -> bool:
        """``state`` is ``prev`` after one more move."""
        if len(state.history) != len(prev.history) + 1:
            return False
        try:
            return bool(prev.apply(state.history[-1]) == state)  # type: ignore[arg-type]
        except Exception:  # silent: any failure only means "no", and the keeper then stops
            return False   # following the table (tracking off), so no bad record is saved

    def _replays_to(self, state: AnyState) -> bool:
        try:
            return bool(GameRecord.from_state(state).replay() == state)
        except Exception:  # silent, as in _follows: a state that does not replay is not
            return False   # kept (tracking off); the game on the table goes on unsaved

    def discard(self) -> None:
        """The player left the game on purpose: forget its autosave."""
        if self.tracking and not self.finished and self.record is not None:
            self.data.clear_autosave()
        self.tracking = False
