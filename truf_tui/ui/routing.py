"""Where a game on the table leads (F12), without Textual: a single game, a best-of-N match,
a tournament game.

:class:`Routing` keeps the match on the table or the tournament, the seating of a
tournament game, which table's end counts for them and which table's results screen shows
their score.  It decides; the app (``truf_tui.ui.app``) opens the screens and says it.
Tables are only compared by identity here, so any object stands for one.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from truf_tui.play.config import GameConfig
from truf_tui.play.matches import MatchRun, Seating, TournamentRun
from truf_tui.store.tournament import forget_tournament, load_tournament, save_tournament
from truf_tui.ui.results_context import (
    ResultsContext,
    match_banner,
    match_context,
    tournament_banner,
    tournament_context,
)

# What a finished game on a counted table changed: the match goes on (its next game is to
# be dealt and kept as the saved game), the match is over, the tournament moved on (to be
# saved).
Finished = Literal["match goes on", "match over", "tournament"]
# Where a results screen's button leads for a match's or the tournament's game: the saved
# next game of the match, a new match of the same choices, the tournament's bracket.
AfterResults = Literal["next game", "new match", "bracket"]
TournamentScreen = Literal["bracket", "setup"]

if TYPE_CHECKING:
    from truf_tui.engine.record import AnyState


def tournament_meta(run: TournamentRun) -> dict[str, object]:
    """What a tournament game's record keeps of it: which tournament, pairing and game, and
    whether the pairing's second player sits at the keyboard."""
    cur = run.bracket.current()
    return {"id": run.id, "pairing": run.pairing_index,
            "game": 0 if cur is None else len(cur.results),
            "swap": run.seating().swap if cur is not None else False}


class Routing:
    """The match or tournament behind the table, and where its games lead.

    ``folder`` is where the tournament is kept (``tournament.json``); without it (tests)
    nothing is read or written.
    """

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder
        self.match: MatchRun | None = None
        self._tournament: TournamentRun | None = None
        self._tournament_loaded = False
        self.seating: Seating | None = None  # a tournament game on the table
        self._run_table: object | None = None  # the table whose end counts
        self._result_table: object | None = None  # the table whose results show the score
        self._result_kind: Literal["match", "tournament"] | None = None

    @property
    def tournament(self) -> TournamentRun | None:
        return self._tournament

    @tournament.setter
    def tournament(self, run: TournamentRun | None) -> None:
        # Given outright (set up, played on, forgotten): the file has nothing newer.
        self._tournament = run
        self._tournament_loaded = True

    # -- the tournament's file ------------------------------------------------------------
    def load_tournament(self) -> TournamentRun | None:
        """The tournament, read from the folder the first time it is asked for."""
        if not self._tournament_loaded:
            self._tournament_loaded = True
            if self.folder is not None and self._tournament is None:
                self._tournament = TournamentRun.read(load_tournament(self.folder))
        return self._tournament

    def save_tournament(self) -> str | None:
        """Keep the tournament in the folder (or forget its file when there is none).
        Returns what went wrong, if anything: keeping it is a convenience, play goes on."""
        if self.folder is None:
            return None
        try:
            if self._tournament is None:
                forget_tournament(self.folder)
            else:
                save_tournament(self.folder, self._tournament.to_dict())
        except Exception as e:
            return f"{type(e).__name__}: {e}"
        return None

    def tournament_screen(self) -> TournamentScreen:
        """The bracket of the tournament under way, or the set-up of a new one."""
        return "bracket" if self.load_tournament() is not None else "setup"

    # -- a game opens ---------------------------------------------------------------------
    def start_game(self, config: GameConfig, first_state: AnyState | None) -> dict[str, object]:
        """A new game from the start screen (best of more than one: a new match).  Returns
        the meta for its record; ``first_state`` is the game as dealt."""
        self.match = MatchRun.start(config, first_state) if config.best_of > 1 else None
        self.seating = None
        meta: dict[str, object] = {"practice": config.practice}
        if self.match is not None:
            meta["match"] = self.match.meta()
        return meta

    def resume(self, meta: Mapping[str, object], config: GameConfig) -> GameConfig:
        """A saved game opens: a game of a match or of the tournament counts for it again.
        Returns its configuration (a match's game plays by the match's choices)."""
        self.match = MatchRun.from_meta(config, meta.get("match"))
        if self.match is not None:
            config = self.match.config
        self.seating = self.seating_of(meta.get("tournament"), config)
        return config

    def seating_of(self, meta: object, config: GameConfig) -> Seating | None:
        """How a saved tournament game sits, if it is the current game of this tournament."""
        run = self.load_tournament()
        if not isinstance(meta, dict) or run is None or meta != tournament_meta(run):
            return None
        return Seating(config, bool(meta.get("swap")))

    def tournament_game(self) -> dict[str, object] | None:
        """The record meta of the current pairing's next game, when someone at the keyboard
        plays it (``None``: no tournament, it is won, or two computers play)."""
        run = self._tournament
        if run is None or run.bracket.current() is None or run.computers_only():
            return None
        return tournament_meta(run)

    def seat(self, seating: Seating) -> None:
        """A tournament game goes on the table (no match: the pairing is the series)."""
        self.match = None
        self.seating = seating

    def table_opened(self, table: object, *, finished: bool = False) -> None:
        """``table`` is on: its end counts if it is a match's or the tournament's game and
        not ``finished`` already (a finished game opened again counts no more)."""
        counts = (self.match is not None or self.seating is not None) and not finished
        self._run_table = table if counts else None
        self._result_table = None

    @property
    def counting(self) -> bool:
        """Does the table's end count for a match or the tournament?"""
        return self._run_table is not None

    def banner(self) -> str | None:
        """Which game of the match or the tournament this is, to say as its table opens."""
        if self.match is not None:
            return match_banner(self.match)
        if self.seating is not None and self._tournament is not None:
            return tournament_banner(self._tournament)
        return None

    def yours(self, meta: object) -> bool:
        """Is a game with this record meta the player's own?  Not a tournament game between
        a friend and a computer, or two friends: those stay out of the player's history."""
        run = self._tournament
        tour = meta.get("tournament") if isinstance(meta, dict) else None
        if not isinstance(tour, dict) or run is None or tour.get("id") != run.id:
            return True
        pairing = tour.get("pairing")
        if pairing not in (0, 1, 2) or pairing >= len(run.bracket.pairings):
            return True
        return "p1" in run.bracket.pairings[pairing].players

    # -- a game ends ----------------------------------------------------------------------
    def game_finished(self, table: object, winner: int | None) -> Finished | None:
        """``table``'s game ended with ``winner`` (a seat, or ``None`` for a draw): count it
        for its match or tournament, once.  ``None``: it counts for nothing."""
        if table is not self._run_table:
            return None
        self._run_table = None
        if self.match is not None:
            self.match = self.match.record(winner)
            self._result_table, self._result_kind = table, "match"
            return "match over" if self.match.series.is_over() else "match goes on"
        if self.seating is not None and self._tournament is not None:
            self._tournament = self._tournament.record(self.seating.table_result(winner))
            self._result_table, self._result_kind = table, "tournament"
            return "tournament"
        return None

    def results_context(self, stack: Collection[object]) -> ResultsContext | None:
        """What the results screen over a match's or the tournament's table adds (the score,
        its buttons), while that table is on the screen ``stack``."""
        table = self._result_table
        if table is None or table not in stack:
            return None
        if self._result_kind == "match" and self.match is not None:
            return match_context(self.match)
        if self._result_kind == "tournament" and self._tournament is not None:
            return tournament_context(self._tournament)
        return None

    def after_results(self, table: object, choice: str | None, *,
                      next_game_saved: bool) -> AfterResults | None:
        """Where the results screen's button ``choice`` leads from a match's or the
        tournament's game; ``None``: not such a game's, the table deals with it.
        ``next_game_saved``: the match's next game is the saved game, ready to open."""
        if table is not self._result_table:
            return None
        if self._result_kind == "match" and self.match is not None:
            if choice == "next" and next_game_saved:
                return "next game"
            if choice == "again":
                return "new match"
        if self._result_kind == "tournament" and choice == "next":
            return "bracket"
        return None


__all__ = ["AfterResults", "Finished", "Routing", "TournamentScreen", "tournament_meta"]
