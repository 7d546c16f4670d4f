"""What the screens and widgets ask of the app, typed: :class:`AppServices`, which
``TrufApp`` provides, and :func:`services` to reach it from any screen or widget;
:class:`ShellServices` and :func:`shell` add what the shell's own screens (start, settings,
statistics, saves, tournament) read.  What those screens want done they post as a message
of their own class (``StartScreen.PlayRequested``…), which the app handles.

A screen mounted by another app (a test's own small ``App``) gets :class:`Detached` or
:class:`DetachedShell` instead: the defaults, and nothing to tell, so it still runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from textual.app import App
from textual.message import Message

from truf_tui.ui.settings import Settings

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from truf_tui.ai import BotOptions
    from truf_tui.coach import BluffStats, RoundKey, RoundReview
    from truf_tui.engine.record import AnyState, GameRecord
    from truf_tui.grading import Graded
    from truf_tui.net.webseat import GuestPageMaker
    from truf_tui.play.config import GameConfig, StartChoices
    from truf_tui.play.matches import TournamentRun
    from truf_tui.ui.results_context import ResultsContext
    from truf_tui.ui.storage import AppData


@runtime_checkable
class AppServices(Protocol):
    """The app as the tables and their dialogs see it."""

    settings: Settings
    bot_options: BotOptions  # passed to every computer player (tests: small budgets)
    game_in_progress: bool  # a game would be lost by quitting (the quit dialog asks)
    practice_reviews: dict[RoundKey, RoundReview]  # the coach's reviews this run
    player_name: str  # the person at the keyboard, for a computer player that learns
    # its opponent from game to game (the Truc expert): this run's games, no further
    web_guest: GuestPageMaker | None  # serves a hosted guest's seat in a browser tab

    @property
    def data_folder(self) -> Path | None:
        """The data folder (settings, saves, history, the error log); None: none kept."""

    def game_meta_changed(self, **meta: object) -> None:
        """The table's game has new meta data for its record (hints used, names)."""

    def game_finished(self, table: object, state: AnyState) -> None:
        """``table``'s game ended: it may count for a match or the tournament."""

    def results_context(self) -> ResultsContext | None:
        """What the results screen adds for a match's or the tournament's game."""

    def keep_graded(self, graded: Sequence[Graded[Any]], state: AnyState) -> None:
        """The player's graded decisions of the game that led to ``state``: into the
        history if it is the game on the table and goes there (the statistics' progress and
        leaks)."""

    def results_chosen(self, table: object, choice: str | None) -> bool:
        """A results screen's button; False when the table itself deals with it."""

    def game_menu(self) -> None:
        """Escape on a table with a game going on."""

    def new_game_menu(self) -> None:
        """Back to the start screen, asking first if a game would be lost."""

    def back_to_start(self) -> None:
        """Leave any game and dialogs for the start screen."""

    def start_game(self, config: GameConfig) -> None: ...

    def play_now(self, game: str) -> None: ...

    def toggle_language(self) -> None: ...


class Detached:
    """The services of an app that is not ``TrufApp``: defaults, and nothing happens."""

    def __init__(self) -> None:
        self.settings = Settings()
        self.bot_options: BotOptions = {}
        self.game_in_progress = False
        self.practice_reviews: dict[RoundKey, RoundReview] = {}
        self.player_name = f"detached-{id(self)}"  # a new opponent each time
        self.web_guest: GuestPageMaker | None = None

    @property
    def data_folder(self) -> Path | None:
        return None

    def game_meta_changed(self, **meta: object) -> None:
        pass

    def game_finished(self, table: object, state: AnyState) -> None:
        pass

    def results_context(self) -> ResultsContext | None:
        return None

    def keep_graded(self, graded: Sequence[Graded[Any]], state: AnyState) -> None:
        pass

    def results_chosen(self, table: object, choice: str | None) -> bool:
        return False

    def game_menu(self) -> None:
        pass

    def new_game_menu(self) -> None:
        pass

    def back_to_start(self) -> None:
        pass

    def start_game(self, config: GameConfig) -> None:
        pass

    def play_now(self, game: str) -> None:
        pass

    def toggle_language(self) -> None:
        pass


def services(node: DOMNode) -> AppServices:
    """The services of the app ``node`` runs in (or of ``node``, an app)."""
    app = node if isinstance(node, App) else node.app
    return app if isinstance(app, AppServices) else Detached()


@runtime_checkable
class ShellServices(AppServices, Protocol):
    """The app as its shell screens see it: what they read.  The one call that changes
    something is the bracket's, which redraws from the run it keeps at once."""

    start_choices: StartChoices  # the start screen's choices, kept for the whole run
    session_started: str  # the statistics' "this session": games finished since then
    bluff_cache: dict[str, BluffStats]  # the coach's counts of each recorded Truc match

    @property
    def data(self) -> AppData | None:
        """The data folder's settings, saves and history; None: nothing kept (tests)."""

    @property
    def saved_game(self) -> tuple[GameRecord, AnyState] | None:
        """The unfinished game the start screen offers to continue, if any."""

    @property
    def tournament(self) -> TournamentRun | None:
        """The tournament under way, if any (F12)."""

    def tournament_computers_played(self, run: TournamentRun) -> None:
        """The bracket simulated a computers' game: ``run`` is the tournament now."""


class DetachedShell(Detached):
    """The shell services of an app that is not ``TrufApp``: the first run's choices,
    no data folder, no saved game, no tournament."""

    def __init__(self) -> None:
        super().__init__()
        from truf_tui.play.config import default_choices

        self.start_choices: StartChoices = default_choices()
        self.session_started = ""
        self.bluff_cache: dict[str, BluffStats] = {}

    @property
    def data(self) -> AppData | None:
        return None

    @property
    def saved_game(self) -> tuple[GameRecord, AnyState] | None:
        return None

    @property
    def tournament(self) -> TournamentRun | None:
        return None

    def tournament_computers_played(self, run: TournamentRun) -> None:
        pass


def shell(node: DOMNode) -> ShellServices:
    """The shell services of the app ``node`` runs in (or of ``node``, an app)."""
    app = node if isinstance(node, App) else node.app
    return app if isinstance(app, ShellServices) else DetachedShell()


class ProblemsFound(Message):
    """A screen added problems to the data folder's list: the app tells the player."""


__all__ = ["AppServices", "Detached", "DetachedShell", "ProblemsFound", "ShellServices",
           "services", "shell"]
