"""What the screens and widgets ask of the app, typed: :class:`AppServices`, which
``TrufApp`` provides, and :func:`services` to reach it from any screen or widget.

A screen mounted by another app (a test's own small ``App``) gets :class:`Detached`
instead: the default settings, no bot options, and nothing to tell, so it still runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from textual.app import App

from truf_tui.ui.settings import Settings

if TYPE_CHECKING:
    from textual.dom import DOMNode
    from textual.screen import Screen

    from truf_tui.coach import RoundReview
    from truf_tui.ui.config import GameConfig
    from truf_tui.ui.results_context import ResultsContext


@runtime_checkable
class AppServices(Protocol):
    """The app as the tables and their dialogs see it."""

    settings: Settings
    bot_options: dict[str, Any]  # passed to every computer player (tests: small budgets)
    game_in_progress: bool  # a game would be lost by quitting (the quit dialog asks)
    practice_reviews: dict[tuple[Any, ...], RoundReview]  # the coach's reviews this run
    player_name: str  # the person at the keyboard, for a computer player that learns
    # its opponent from game to game (the Truc expert): this run's games, no further

    @property
    def data_folder(self) -> Path | None:
        """The data folder (settings, saves, history, the error log); None: none kept."""

    def game_meta_changed(self, **meta: Any) -> None:
        """The table's game has new meta data for its record (hints used, names)."""

    def game_finished(self, table: Screen[Any], state: Any) -> None:
        """``table``'s game ended: it may count for a match or the tournament."""

    def results_context(self) -> ResultsContext | None:
        """What the results screen adds for a match's or the tournament's game."""

    def results_chosen(self, table: Screen[Any], choice: str | None) -> bool:
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
        self.bot_options: dict[str, Any] = {}
        self.game_in_progress = False
        self.practice_reviews: dict[tuple[Any, ...], RoundReview] = {}
        self.player_name = f"detached-{id(self)}"  # a new opponent each time

    @property
    def data_folder(self) -> Path | None:
        return None

    def game_meta_changed(self, **meta: Any) -> None:
        pass

    def game_finished(self, table: Screen[Any], state: Any) -> None:
        pass

    def results_context(self) -> ResultsContext | None:
        return None

    def results_chosen(self, table: Screen[Any], choice: str | None) -> bool:
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


def services(node: DOMNode | App[Any]) -> AppServices:
    """The services of the app ``node`` runs in (or of ``node``, an app)."""
    app = node if isinstance(node, App) else node.app
    return app if isinstance(app, AppServices) else Detached()


__all__ = ["AppServices", "Detached", "services"]
