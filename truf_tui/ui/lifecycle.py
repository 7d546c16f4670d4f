"""The game the app keeps on disk, without Textual: the game on the table it follows (its
autosave), the saved game the start screen offers, and the retries of a busy history.

:class:`Lifecycle` holds that state and decides; the app (``truf_tui.ui.app``) opens the
screens, lends it a timer and tells the player what went wrong (``AppData.problems``).
Like :mod:`truf_tui.ui.routing`, it is tested without a Pilot.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from truf_tui.ui.storage import GameKeeper, Notice

if TYPE_CHECKING:
    from truf_tui.engine.record import AnyState, GameRecord
    from truf_tui.ui.storage import AppData

# Run ``callback`` after ``delay`` seconds, once (the app's ``set_timer``).
SetTimer = Callable[[float, Callable[[], None]], object]


class Lifecycle:
    """The followed game and the saved one, over ``data`` (None: nothing is kept, tests).

    ``saved``: the game found in the autosave at start (the start screen's "Continue").
    """

    def __init__(self, data: AppData | None,
                 saved: tuple[GameRecord, AnyState] | None = None) -> None:
        self.data = data
        self.keeper: GameKeeper | None = None  # the game on the table, autosaved
        self._saved = saved  # the saved game while no game is followed
        self._history_timer: object | None = None  # the next try of a busy history
        self._history_tries = 0

    # -- what there is to continue ----------------------------------------------------------
    @property
    def saved_game(self) -> tuple[GameRecord, AnyState] | None:
        """The unfinished game the start screen offers to continue, if any."""
        k = self.keeper
        if k is not None:
            alive = k.tracking and not k.finished and k.record is not None
            return (k.record, k.state) if alive else None  # type: ignore[return-value]
        return self._saved

    @property
    def game_on_disk(self) -> bool:
        """Is the game in progress (or the saved one) in the autosave file right now?  What
        the quit dialog and the game menu say is checked on disk, not assumed."""
        saved = self.saved_game
        return self.data is not None and saved is not None and self.data.on_disk(saved[0])

    @property
    def followed(self) -> bool:
        """Is the game on the table one the app means to keep in the autosave?  (Not a
        guided game, not a position prepared by hand, not one without a data folder.)"""
        k = self.keeper
        return self.data is not None and k is not None and k.tracking and not k.finished

    @property
    def can_save(self) -> bool:
        """Whether the game in progress, or the saved one, can be saved under a name."""
        return self.data is not None and self.saved_game is not None

    def record_to_name(self) -> GameRecord | None:
        """The record "Save as…" keeps: the saved game's, with the followed game's latest
        meta (the hints used)."""
        saved = self.saved_game
        if saved is None:
            return None
        if self.keeper is not None:
            return replace(saved[0], meta=dict(self.keeper.meta))
        return saved[0]

    # -- following a game -------------------------------------------------------------------
    def follow(self, keeper: GameKeeper | None) -> None:
        """A table opened with ``keeper`` (None: a game not kept): from now on the autosave
        is this game's."""
        self.keeper = keeper
        self._saved = None

    def moved(self, keeper: GameKeeper, state: AnyState | None) -> bool:
        """``keeper``'s table moved to ``state``: keep it.  False when that table is no
        longer the one followed (or has no state yet): nothing was done."""
        if state is None or keeper is not self.keeper:
            return False
        try:
            keeper.moved(state)
        except Exception as e:  # saving must never stop the game: say so and play on
            keeper.tracking = False
            keeper.data.problems.append(Notice("store.not_saved", f"{type(e).__name__}: {e}"))
        return True

    def meta_changed(self, **meta: object) -> None:
        """The followed game has new meta data for its record (hints used, names)."""
        if self.keeper is not None:
            self.keeper.meta.update(meta)

    def keep_next(self, record: GameRecord, state: AnyState) -> None:
        """``record`` (a match's next game, dealt) is the saved game now, on disk too."""
        self.keeper = None
        self._saved = (record, state)
        if self.data is not None:
            self.data.autosave(record)

    def discard(self) -> None:
        """Forget the game in progress or the saved one (the player chose a new game)."""
        if self.keeper is not None:
            self.keeper.discard()
            self.keeper = None
        elif self._saved is not None and self.data is not None:
            self.data.clear_autosave()
        self._saved = None

    # -- the history ------------------------------------------------------------------------
    def retry_history(self, set_timer: SetTimer, told: Callable[[], None]) -> None:
        """Finished games wait for a busy history: try again, less and less often
        (``data.RETRY_DELAYS``), while the app runs (the next start tries too); ``told()``
        after each try shows what it added to the problems.  Each game goes in once: by its
        id.  One try is pending at a time."""
        data = self.data
        if data is None or self._history_timer is not None or not data.waiting:
            return
        delays = data.RETRY_DELAYS
        delay = delays[min(self._history_tries, len(delays) - 1)]

        def again() -> None:
            self._history_timer = None
            self._history_tries += 1
            if data.flush_pending():
                data.problems.append(Notice("store.recorded_later"))
            if not data.waiting:
                self._history_tries = 0
            told()
            self.retry_history(set_timer, told)

        self._history_timer = set_timer(delay, again)


__all__ = ["Lifecycle", "SetTimer"]
