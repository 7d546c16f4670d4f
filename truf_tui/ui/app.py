"""The Textual application: screens, global keys, settings, the minimum size.

Only what the first screen needs is imported here; the help, the settings dialog and the
game tables (with the engines and the AI behind them) are imported when first opened,
which keeps ``truf-tui`` quick to start.
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Callable, Iterable, Sequence
from copy import deepcopy
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import on
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.events import Resize
from textual.screen import Screen

from truf_tui.engine import truc
from truf_tui.play.config import (
    GAMES,
    OPPONENTS,
    TIERS,
    GameConfig,
    StartChoices,
    default_choices,
    start_scores,
)
from truf_tui.play.dealer import deal
from truf_tui.play.matches import MatchRun, TournamentRun
from truf_tui.store.files import StoreError
from truf_tui.store.saves import now_iso
from truf_tui.ui.i18n import set_language, tr
from truf_tui.ui.lifecycle import Lifecycle
from truf_tui.ui.results_context import ResultsContext
from truf_tui.ui.routing import Routing
from truf_tui.ui.screens.dialogs import (
    MIN_HEIGHT,
    MIN_WIDTH,
    ConfirmAbandon,
    ConfirmLeaveOnline,
    ConfirmLoss,
    ConfirmQuit,
    ConfirmQuitOnline,
    SaysWhatLeavingDoes,
    TooSmallScreen,
)
from truf_tui.ui.screens.start import StartScreen
from truf_tui.ui.settings import LANGUAGES, Settings, SettingsChanged
from truf_tui.ui.storage import (
    AppData,
    GameKeeper,
    Notice,
    choices_from_store,
    choices_to_store,
    config_of,
    settings_changes,
    settings_from_store,
)

if TYPE_CHECKING:
    from textual.command import CommandPalette

    from truf_tui.ai import BotOptions
    from truf_tui.coach import BluffStats, RoundKey, RoundReview
    from truf_tui.drills import Category
    from truf_tui.engine.record import AnyState, GameRecord
    from truf_tui.grading import Graded
    from truf_tui.net.webseat import GuestPageMaker
    from truf_tui.store import Problem
    from truf_tui.ui.screens.help import HelpScreen
    from truf_tui.ui.screens.saves import SavedGamesScreen
    from truf_tui.ui.screens.settings import SettingsScreen
    from truf_tui.ui.screens.stats import StatsScreen
    from truf_tui.ui.screens.table_base import AnyTable
    from truf_tui.ui.screens.tournament import TournamentSetup
    from truf_tui.ui.services import ProblemsFound

KEPT_HELPS = 2  # helps kept laid out between openings (_help_screen)
# The shell's own screens, which _show_once may close on its way back to an open one; by
# name, since importing them all to check would load the statistics' solver tables (a
# third of a second) at the first F1.
SHELL_SCREENS = frozenset({"HelpScreen", "SettingsScreen", "StatsScreen", "ExampleScreen",
                           "DrillScreen",
                           "SavedGamesScreen", "ConfirmQuit", "ConfirmAbandon",
                           "ConfirmLeaveOnline", "ConfirmQuitOnline", "CommandPalette"})

# Help opened from a table starts at that game's rules.
TABLE_TOPICS = {"TrufludoTable": "trufludo", "TrucTable": "truc"}


def _language_from_environment() -> str | None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):  # gettext's order
        value = os.environ.get(var, "")
        if value:
            lang = value.split(":")[0][:2].lower()
            return lang if lang in LANGUAGES else None
    return None


class TrufApp(App[None]):
    """Trufludo and Le Truc against the computer.

    The constructor's arguments are the command line's overrides.  ``data_dir``, when given
    (the CLI gives the user's data folder), is where the settings, the game in progress and
    the history are kept: the settings and start-screen choices are loaded from it and every
    change saved back, the game is autosaved after every move, finished games are recorded.
    Without it (tests) nothing is read or written.  ``load`` opens a game record at its
    position; ``notices`` are messages to show once the app is up.
    """

    CSS_PATH = "app.tcss"
    TITLE = "truf-tui"
    # Priority, so they also work over modal screens (which hide the app's other bindings);
    # a focused text field still gets its "q" and "?" (Textual leaves keys it consumes).
    BINDINGS = [
        Binding("f1,question_mark", "help", show=False, priority=True),
        Binding("ctrl+s,f2", "settings", show=False, priority=True),
        Binding("q", "quit", show=False, priority=True),
    ]

    def __init__(self, game: str | None = None, tier: str | None = None,
                 deck: str | None = None, seed: int | None = None, lang: str | None = None,
                 bot_options: BotOptions | None = None, *,
                 settings: Settings | None = None, data_dir: str | Path | None = None,
                 load: GameRecord | None = None, notices: Sequence[Notice] = (),
                 opponent: str | None = None, web_guest: GuestPageMaker | None = None,
                 join: str | None = None) -> None:
        super().__init__()
        # Hosting may also serve the guest's seat in a browser tab (host --web): the
        # command line hands in the server (truf_tui.web, a layer the app does not import).
        self.web_guest = web_guest
        # The browser tab of host --web: this app is that guest and nothing else (no palette,
        # no start screen: it quits when the seat is left).
        self._join = join
        if join is not None:
            self.use_command_palette = False
        self.data: AppData | None = None if data_dir is None else AppData(data_dir)
        stored: dict[str, object] = {}
        if self.data is not None:
            stored = self.data.load_settings()
        if settings is None:
            settings = settings_from_store(stored) if stored else Settings()
            if self.data is not None and self.data.first_run:
                settings.lang = _language_from_environment() or settings.lang
        if lang is not None:
            settings = settings.copy(lang=lang)
        self.settings: Settings = settings
        set_language(settings.lang)
        self.theme = settings.theme
        self.bot_options: BotOptions = {} if bot_options is None else bot_options.copy()
        self.drill_seed: int | None = None  # the bluff trainer's spots (None: at random)
        # The statistics' "this session": games finished since now; the coach's counts of
        # each recorded Truc match, kept for the run (a recorded match never changes).
        self.session_started = now_iso()
        self.bluff_cache: dict[str, BluffStats] = {}
        # Practice mode's Truc rounds reviewed in this run, by round (its bluff figures).
        self.practice_reviews: dict[RoundKey, RoundReview] = {}
        # the Truc expert measures the player from game to game, for this run only
        self.player_name = f"player-{uuid.uuid4().hex[:12]}"
        self.game_in_progress = False
        self._notices: list[Notice] = list(notices)
        self._kept_helps: list[HelpScreen] = []  # see _help_screen

        # The start screen's choices, kept for the whole run (CLI options preselect them).
        self.start_choices: StartChoices = choices_from_store(stored, default_choices())
        if game is not None:
            if game not in GAMES:
                raise ValueError(f"unknown game {game!r}")
            self.start_choices["game"] = game
        if tier is not None:
            if tier not in TIERS:
                raise ValueError(f"unknown tier {tier!r}")
            self.start_choices["tier"] = tier
        if deck is not None:
            self.start_choices["rules"]["trufludo"]["deck"] = deck
        if opponent is not None:  # --opponent human: hot-seat
            if opponent not in OPPONENTS:
                raise ValueError(f"unknown opponent {opponent!r}")
            self.start_choices["opponent"] = opponent
        self._opponent = opponent
        self.start_choices["seed"] = seed
        self._start_straight_into = game
        self._load = load
        self.last_config: GameConfig | None = None

        # A best-of-N match or a tournament game on the table (F12): where its games lead.
        self.routing = Routing(None if self.data is None else self.data.folder)

        # The game being followed (autosaved), and the saved one the start screen offers.
        self.lifecycle = Lifecycle(self.data, None if self.data is None or load is not None
                                   else self.data.load_autosave())

    @property
    def lang(self) -> str:
        return self.settings.lang

    @property
    def match(self) -> MatchRun | None:
        """The best-of-N match on the table, if any."""
        return self.routing.match

    @property
    def tournament(self) -> TournamentRun | None:
        """The tournament under way (once loaded), if any."""
        return self.routing.tournament

    @tournament.setter
    def tournament(self, run: TournamentRun | None) -> None:
        self.routing.tournament = run

    # -- screens -----------------------------------------------------------------------
    def get_default_screen(self) -> Screen[None]:
        return StartScreen()

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self._on_screen_change)
        if self._join is not None:
            from truf_tui.ui.screens.friend import FriendScreen

            start = self.screen
            assert isinstance(start, StartScreen)
            self.push_screen(FriendScreen(start.config(), join_code=self._join))
        elif self._load is not None:
            self.open_record(self._load)
        elif self._start_straight_into is not None:
            start = self.screen
            assert isinstance(start, StartScreen)
            config = start.config()
            if self._opponent is not None:
                config = replace(config, opponent=self._opponent)
            self.start_game(config)
        self._sync_size_notice()
        self.show_problems()
        self._retry_history()

    def on_unmount(self) -> None:
        if self.data is not None:
            self.data.close()

    def start_game(self, config: GameConfig) -> None:
        """Start ``config``'s game, replacing any table (and dialog) above the start screen."""
        self.last_config = config
        self._remember(config)
        table = self._table_for(config)
        # The game as dealt (its dealer may be drawn); the shell's tests stand a plain
        # screen in for the table, without one.
        first = getattr(table, "state", None)
        self._launch(table, config, self.routing.start_game(config, first))

    def _launch(self, table: AnyTable, config: GameConfig,
                meta: dict[str, object]) -> None:
        """Open a new game's table; ``meta`` goes into its record."""
        keeper = None if self.data is None else GameKeeper.new_game(self.data, config.tier,
                                                                     config.opponent)
        if keeper is not None:
            keeper.meta.update(meta)
            keeper.into_history = self.routing.yours(meta)
        self.routing.table_opened(table)
        self._open_table(table, keeper)
        self._announce()

    def open_record(self, record: GameRecord, state: AnyState | None = None) -> None:
        """Open a saved or loaded game at its position (``state``: the record replayed)."""
        if state is None:
            state = record.replay()
        config = config_of(record, tier=self.start_choices["tier"])
        if record.meta.get("practice") is True:  # practice mode (the coach) carries on
            config = replace(config, practice=True)
        if record.meta.get("opponent") == "human":
            config = replace(config, opponent="human")
        # A game of a match or of the tournament counts for it again (F12).
        config = self.routing.resume(record.meta, config)
        self.last_config = config
        table = self._table_for(config, state)
        self.routing.table_opened(table, finished=state.is_terminal())
        hints = record.meta.get("hints_used")
        if type(hints) is int and hints > 0:  # and so does the count of hints
            table.hints_used = hints
        takebacks = record.meta.get("takebacks")  # practice: the decisions taken back
        if type(takebacks) is int and takebacks > 0:
            from truf_tui.ui.screens.truc_table import TrucTable

            if isinstance(table, TrucTable):
                table.takebacks = takebacks
        names = record.meta.get("names")  # hot-seat: the players' typed names
        if (config.opponent == "human" and isinstance(names, list) and len(names) == 2
                and all(isinstance(n, str) for n in names)):
            from truf_tui.ui.screens.hotseat import clean_name

            typed = (clean_name(names[0]), clean_name(names[1]))
            table.player_names = typed
        keeper = None if self.data is None else GameKeeper.resumed(self.data, record,
                                                                    config.tier)
        if keeper is not None:
            keeper.into_history = self.routing.yours(record.meta)
        self._open_table(table, keeper)
        if self.routing.counting:
            self._announce()

    # -- matches and the tournament (F12): decided by self.routing -----------------------
    def game_finished(self, table: object, state: AnyState) -> None:
        """A table's game ended: count it for its match or tournament, once."""
        finished = self.routing.game_finished(table, state.winner())
        if finished == "match goes on":
            self._save_next_match_game()
        elif finished == "tournament":
            self.save_tournament()

    def _announce(self) -> None:
        """Say which game of the match or the tournament this is, as its table opens."""
        banner = self.routing.banner()
        if banner is not None:
            self.notify(banner, timeout=6)

    def _save_next_match_game(self) -> None:
        """Deal the match's next game and keep it as the saved game: "Next game" opens it,
        and after a quit "Continue" does (the match travels in its meta)."""
        from truf_tui.engine.record import GameRecord
        from truf_tui.ui.storage import new_game_meta

        match = self.routing.match
        assert match is not None
        config = match.next_config()
        state = deal(config)
        meta = new_game_meta(config.tier, config.opponent, practice=config.practice,
                             match=match.meta())
        record = GameRecord.from_state(state, **meta)
        self.lifecycle.keep_next(record, state)
        if self.data is not None:
            self.show_problems()

    def results_context(self) -> ResultsContext | None:
        """What the results screen over a match's or the tournament's table adds."""
        return self.routing.results_context(self.screen_stack)

    def results_chosen(self, table: object, choice: str | None) -> bool:
        """A results screen's button for a match or tournament game (False: not ours)."""
        step = self.routing.after_results(table, choice,
                                          next_game_saved=self.saved_game is not None)
        if step == "next game":
            self.continue_game()
        elif step == "new match":
            assert self.routing.match is not None
            self.start_game(self.routing.match.config)
        elif step == "bracket":
            self.open_tournament()
        return step is not None

    def load_tournament(self) -> TournamentRun | None:
        return self.routing.load_tournament()

    def save_tournament(self) -> None:
        if self.data is None:
            return
        problem = self.routing.save_tournament()
        if problem is not None:  # keeping it is a convenience: say so and play on
            self.data.problems.append(Notice("store.not_saved", problem))
        self.show_problems()

    def open_tournament(self) -> None:
        """The tournament's bracket, or its set-up when there is none."""
        from truf_tui.ui.screens.tournament import BracketScreen, TournamentSetup

        self._pop_to_start()
        if self.routing.tournament_screen() == "bracket":
            self.push_screen(BracketScreen())
        else:
            self.push_screen(TournamentSetup())

    def begin_tournament(self, run: TournamentRun) -> None:
        self.routing.tournament = run
        self.save_tournament()
        self.open_tournament()

    def end_tournament(self) -> None:
        """Forget the tournament (a new one is set up next)."""
        self.routing.tournament = None
        self.save_tournament()

    def tournament_computers_played(self, run: TournamentRun) -> None:
        """The bracket screen simulated a computers' game: keep its outcome."""
        self.routing.tournament = run
        self.save_tournament()

    def play_tournament_game(self) -> None:
        """The current pairing's next game on the table (someone at the keyboard plays)."""
        t = self.routing.tournament
        meta = self.routing.tournament_game()
        if t is None or meta is None:
            return
        saved = self.saved_game
        if saved is not None and saved[0].meta.get("tournament") == meta:
            self.open_record(*saved)  # that very game, saved: carry on with it
            return

        def go() -> None:
            seating = t.seating()
            self.routing.seat(seating)
            self.last_config = seating.config
            table = self._table_for(seating.config)
            self._launch(table, seating.config, {"tournament": meta})

        if saved is None:
            go()
            return
        from truf_tui.ui.screens.dialogs import ConfirmReplaceSave

        self._ask_before_loss(ConfirmReplaceSave(self._can_save()), go)

    def _table_for(self, config: GameConfig, state: AnyState | None = None) -> AnyTable:
        """The table of ``config``'s game: a new deal, or ``state`` if given."""
        # Imported here: the tables pull in the engines and the AI.
        if config.game == "trufludo":
            from truf_tui.engine import trufludo
            from truf_tui.ui.screens.trufludo_table import TrufludoTable

            assert state is None or isinstance(state, trufludo.State)  # the config's game
            return TrufludoTable(config, state)
        from truf_tui.engine import truc
        from truf_tui.ui.screens.truc_table import TrucTable

        assert state is None or isinstance(state, truc.State)
        return TrucTable(config, state)

    def _open_table(self, table: AnyTable, keeper: GameKeeper | None) -> None:
        self._pop_to_start()
        self.lifecycle.follow(keeper)
        if keeper is not None:
            # The table's reactive ``state`` changes at every move: follow it.
            self.watch(table, "state", lambda s: self._table_moved(keeper, s), init=True)
            self.watch(table, "played", lambda s: self._table_moved(keeper, s), init=False)
        self.push_screen(table)

    def play_friend(self, config: GameConfig) -> None:
        """Host or join a game of ``config`` against a friend over the network (issue 39).
        Its table is not followed by a ``GameKeeper``: each side keeps the finished games
        (netplay.NetSession), and there is no saved game to resume at this end."""
        from truf_tui.ui.screens.friend import FriendScreen

        self._pop_to_start()
        self.push_screen(FriendScreen(config))

    def action_guided(self, game: str) -> None:
        """Open ``game``'s guided first game (the help and the start screen link here).

        It is not followed by a ``GameKeeper``: never autosaved, never in the statistics,
        and the saved game (if any) stays what Continue offers.
        """
        if game not in GAMES or self.too_small:
            return
        from truf_tui.ui.screens.guided import guided_table

        self._pop_to_start()
        self.push_screen(guided_table(game))

    @property
    def data_folder(self) -> Path | None:
        """The data folder (settings, saves, history, the error log); None: none kept."""
        return None if self.data is None else self.data.folder

    def game_meta_changed(self, **meta: object) -> None:
        """The table's game has new meta data for its record: the hints used, the hot-seat
        players' names."""
        self.lifecycle.meta_changed(**meta)

    def keep_graded(self, graded: Sequence[Graded[Any]], state: AnyState) -> None:
        """The player's graded decisions of the game that led to ``state`` go into the
        history with the game's id, if it is the game followed (a worker may report after
        another game has started) and it goes there (the player's, a data folder); Le
        Truc's missed ones go into the review queue too, each as its exact spot (issue 38
        item 6).  (Only the moves finally played are graded: nothing taken back comes.)"""
        keeper = self.lifecycle.keeper
        if not graded or self.data is None or keeper is None or not keeper.into_history:
            return
        kept = keeper.state
        ref = keeper.meta.get("id")
        if kept is None or not isinstance(ref, str) or not ref:
            return
        n = min(len(kept.history), len(state.history))
        if (type(kept) is not type(state) or kept.seed != state.seed
                or kept.history[:n] != state.history[:n]):
            return  # another game's grades
        game = "truc" if isinstance(state, truc.State) else "trufludo"
        try:
            self.data.history.add_graded(graded, ref=ref, game=game)
        except StoreError:
            pass  # the grades are a bonus: the game itself is recorded on its own path
        self.data.history_problems()
        if isinstance(state, truc.State):
            self.data.game_spots_missed(graded, state, ref)
        if self.data.problems:
            self.show_problems()

    def _table_moved(self, keeper: GameKeeper, state: AnyState | None) -> None:
        if self.lifecycle.moved(keeper, state):
            self.show_problems()
            self._retry_history()

    def _retry_history(self) -> None:
        self.lifecycle.retry_history(self.set_timer, self.show_problems)

    @property
    def saved_game(self) -> tuple[GameRecord, AnyState] | None:
        """The unfinished game the start screen offers to continue, if any."""
        return self.lifecycle.saved_game

    @property
    def game_on_disk(self) -> bool:
        """Is the game in progress (or the saved one) in the autosave file right now?"""
        return self.lifecycle.game_on_disk

    def _followed(self) -> bool:
        return self.lifecycle.followed

    def continue_game(self) -> None:
        """Carry on with the saved game (the start screen's "Continue")."""
        saved = self.saved_game
        if saved is not None:
            self.open_record(*saved)

    def discard_saved_game(self) -> None:
        """Forget the game in progress or the saved one (the player chose a new game)."""
        self.lifecycle.discard()
        self.show_problems()

    def new_game(self, config: GameConfig) -> None:
        """Start ``config``'s game, asking first if it would replace a game in progress or
        the saved game."""
        if self.game_in_progress:
            self._unless_game_lost(lambda: self.start_game(config))
        elif self.saved_game is not None:
            from truf_tui.ui.screens.dialogs import ConfirmReplaceSave

            self._ask_before_loss(ConfirmReplaceSave(self._can_save()),
                                  lambda: self.start_game(config))
        else:
            self.start_game(config)

    def show_problems(self) -> None:
        """Tell the player what went wrong with their data files (in the current language)."""
        problems: list[Problem | Notice]
        problems, self._notices = list(self._notices), []
        if self.data is not None:
            problems += self.data.problems
            self.data.problems = []
        for problem in problems:
            self.notify(problem.message(self.lang), title=tr("store.title"),
                        severity="warning", timeout=15)

    def _remember(self, config: GameConfig) -> None:
        c = self.start_choices
        c["game"], c["tier"], c["dealer"], c["seed"] = (config.game, config.tier, config.dealer,
                                                        config.seed)
        c["rules"][config.game] = deepcopy(config.rules)
        c["practice"] = config.practice
        c["opponent"], c["best_of"] = config.opponent, config.best_of
        if config.game == "truc":  # a Trufludo game leaves Le Truc's practice score be
            c["scores"] = config.scores
        self.choices_changed()

    def choices_changed(self) -> None:
        """The start screen's choices changed: remember them for the next run."""
        if self.data is not None:
            self.data.save_settings(choices_to_store(self.start_choices))
            self.show_problems()

    def back_to_start(self) -> None:
        """Leave any game and dialogs: the start screen with the last choices."""
        self._pop_to_start()

    def _pop_to_start(self) -> None:
        self.game_in_progress = False
        while len(self.screen_stack) > 1:
            self.pop_screen()

    # -- global actions ----------------------------------------------------------------
    def action_help(self) -> None:
        from truf_tui.ui.screens.help import HelpScreen

        self._show_once(HelpScreen, self._help_screen)

    def _help_screen(self) -> HelpScreen:
        """The help at the topic of the screens below. Laying it out takes a second or more
        on a slow machine, so helps are kept from one opening to the next (installed, so
        that closing one does not destroy it). A second is kept for a help opened while
        the first is still on the stack, below a dialog that came up over it (a round's
        summary); a third at once is made for the occasion."""
        from truf_tui.ui.screens.help import HelpScreen

        topic = self._help_topic()
        for kept in self._kept_helps:
            if kept not in self.screen_stack:
                kept.reopen(topic)
                return kept
        fresh = HelpScreen(topic)
        if len(self._kept_helps) < KEPT_HELPS:
            self.install_screen(fresh, name=f"help-{len(self._kept_helps)}")
            self._kept_helps.append(fresh)
        return fresh

    def _help_topic(self) -> str | None:
        for screen in reversed(self.screen_stack):
            topic = getattr(screen, "help_topic", None) or TABLE_TOPICS.get(type(screen).__name__)
            if isinstance(topic, str):
                return topic
        return None  # from the start screen: the top, which introduces both games

    def action_settings(self) -> None:
        from truf_tui.ui.screens.settings import SettingsScreen

        self._show_once(SettingsScreen, SettingsScreen)

    def action_drills(self, category: Category | None = None) -> None:
        """The bluff trainer (issue 38 item 4); ``drill_seed`` fixes its spots (tests).
        ``category``: a session of that kind of spot begins at once (a leak's key on the
        statistics), in the trainer already open below if there is one."""
        from truf_tui.ui.screens.drills import DrillScreen

        kept = [s for s in self.screen_stack if isinstance(s, DrillScreen)]
        self._show_once(DrillScreen, lambda: DrillScreen(self.drill_seed, category))
        if category is not None and kept and self.screen is kept[-1]:
            kept[-1].begin(category)

    def action_stats(self) -> None:
        from truf_tui.ui.screens.stats import StatsScreen

        self._show_once(StatsScreen, StatsScreen)

    # -- named saves ---------------------------------------------------------------------
    def action_saved_games(self) -> None:
        """The saved-games screen: load or delete a game saved under a name."""
        from truf_tui.ui.screens.saves import SavedGamesScreen

        self._show_once(SavedGamesScreen, SavedGamesScreen)

    def game_menu(self) -> None:
        """Escape on a table with a game in progress: back, save as…, saved games, leave."""
        from truf_tui.ui.screens.net_table import NetPlay
        from truf_tui.ui.screens.saves import GameMenu

        def chosen(choice: str | None) -> None:
            if choice == "save":
                self.save_as()
            elif choice == "saved":
                self.action_saved_games()
            elif choice == "leave":
                self.new_game_menu()

        on_disk = not self._followed() or self.game_on_disk
        # A game with a friend online is never saved under a name, data folder or not.
        why_not = "menu.no_saving.net" if isinstance(self.screen, NetPlay) else "menu.no_saving"
        self.push_screen(GameMenu(self.lifecycle.can_save, on_disk=on_disk, why_not=why_not),
                         chosen)

    def save_as(self, then: Callable[[], None] | None = None) -> None:
        """Ask for a name and save the game in progress (or the saved game the start screen
        offers to continue) under it; then ``then()`` if given, else it goes on as before.
        Cancelled, nothing changes."""
        from truf_tui.ui.screens.saves import SaveAsDialog

        record = self.lifecycle.record_to_name()
        if self.data is None or record is None or (then is None and not self.game_in_progress):
            self.notify(tr("saveas.nothing"), severity="warning")
            return

        def done(name: str | None) -> None:
            if name is not None:
                self.notify(tr("saveas.done", name=name), title=tr("saves.title"))
                if then is not None:
                    then()

        self.push_screen(SaveAsDialog(self.data.saves, record), done)

    def _can_save(self) -> bool:
        return self.lifecycle.can_save

    def _ask_before_loss(self, dialog: ConfirmLoss, then: Callable[[], None]) -> None:
        """Ask ``dialog`` before the game in progress or the saved game is lost: lose it and
        ``then()``, save it under a name first (then it is no longer the game to continue)
        and ``then()``, or go back."""

        def lose() -> None:
            self.discard_saved_game()
            then()

        def answered(answer: str | None) -> None:
            if answer == "yes":
                lose()
            elif answer == "save":
                self.save_as(then=lose)

        self.push_screen(dialog, answered)

    def load_named_game(self, record: GameRecord, name: str) -> None:
        """Carry on with the named save ``record`` (asking first if that would replace a
        game in progress or the saved game).  It is a new game for the history: a fresh id,
        so playing the same save twice records two games."""
        from truf_tui.store.saves import game_meta

        fresh = replace(record, meta={**record.meta, "id": game_meta()["id"]})

        def go() -> None:
            self.open_record(fresh)
            self.notify(tr("saves.loaded", name=name), title=tr("saves.title"))

        if self.game_in_progress:
            self._unless_game_lost(go)
        elif self.saved_game is not None:
            self._ask_before_loss(ConfirmLoss("loadover", self._can_save(), name=name), go)
        else:
            go()

    def _show_once(self, kind: type[Screen[None]], make: Callable[[], Screen[None]]) -> None:
        """Open a screen of ``kind``, closing it if it is on top (the same key toggles it)
        and going back to it if it is already open further down: help and settings never
        pile up, so Escape always leads back out quickly."""
        if self.too_small:
            return
        stack = self.screen_stack
        found = [i for i, s in enumerate(stack) if isinstance(s, kind)]
        # Only the shell's own screens are closed on the way back: a table's dialog above
        # may be waiting for its answer.
        if found and all(type(s).__name__ in SHELL_SCREENS for s in stack[found[-1] + 1:]):
            if found[-1] == len(stack) - 1:
                self.pop_screen()
            else:
                while self.screen is not stack[found[-1]]:
                    self.pop_screen()
        else:
            self.push_screen(make())

    async def action_quit(self) -> None:
        self.request_quit()

    def request_quit(self) -> None:
        """Quit, asking first when a game is in progress (a second ``q``/``Ctrl+Q`` confirms).
        At a table played with a friend online, quitting is leaving it: the question says
        what that does, and the table does it (the host's player ends the game for both,
        the guest's seat is kept), not what it does when the app stops under it."""
        online = [s for s in self.screen_stack if isinstance(s, SaysWhatLeavingDoes)]

        def quit_now() -> None:
            for table in online:
                table.leave_by_choice()
            self.exit()

        if not self.game_in_progress or any(isinstance(s, ConfirmQuit)
                                            for s in self.screen_stack):
            if self.game_in_progress:
                quit_now()
            else:
                self.exit()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                quit_now()

        if online:
            self.push_screen(ConfirmQuitOnline(online[-1].leaving_words()), answered)
            return
        followed = self._followed()
        on_disk = followed and self.game_on_disk
        self.push_screen(ConfirmQuit(saved=on_disk, failed=followed and not on_disk), answered)

    def action_help_quit(self) -> None:
        self.notify(tr("quit.ctrl_c"), title=tr("quit.ctrl_c.title"))

    def new_game_menu(self) -> None:
        """Back to the start screen, after a confirmation if a game would be lost."""
        self._unless_game_lost(self.back_to_start)

    def play_now(self, game: str) -> None:
        """Start ``game`` at once with the start screen's other choices."""
        self.start_choices["game"] = game
        c = self.start_choices
        rules = dict(c["rules"][game])
        config = GameConfig(game=game, tier=c["tier"], rules=rules,
                            dealer=c["dealer"], seed=c["seed"],
                            practice=c.get("practice", False),
                            opponent=c["opponent"] if c.get("opponent") in OPPONENTS
                            else "computer",  # a friend over the network is never "now"
                            best_of=c.get("best_of", 1),
                            scores=start_scores(game, rules, c.get("scores")))
        self.new_game(config)

    def _unless_game_lost(self, then: Callable[[], None]) -> None:
        if not self.game_in_progress:
            then()
            return
        online = [s for s in self.screen_stack if isinstance(s, SaysWhatLeavingDoes)]
        if online:
            # A game with a friend online: leaving says what it does (the seat kept, the
            # game ended), and the saved game the start screen offers is not touched.
            def answered(answer: str | None) -> None:
                if answer == "yes":
                    then()

            self.push_screen(ConfirmLeaveOnline(online[-1].leaving_words()), answered)
            return
        self._ask_before_loss(ConfirmAbandon(self._can_save()), then)

    def take_screenshot(self) -> None:
        # Delayed so the command palette has closed when the picture is taken.
        def shoot() -> None:
            name = f"truf-tui_{time.strftime('%Y-%m-%d_%H-%M-%S')}.svg"
            path = self.save_screenshot(name, path=os.getcwd())
            self.notify(tr("shot.saved", path=path), title=tr("shot.title"))

        self.set_timer(0.2, shoot)

    # -- settings ----------------------------------------------------------------------
    def apply_settings(self, settings: Settings) -> None:
        """Make ``settings`` current, remember what changed, tell every screen."""
        changes = settings_changes(self.settings, settings)
        self.settings = settings.copy()
        set_language(settings.lang)
        if self.theme != settings.theme:
            self.theme = settings.theme
        if self.data is not None:
            self.data.save_settings(changes)
            self.show_problems()
        for screen in self.screen_stack:
            screen.post_message(SettingsChanged())

    def toggle_language(self) -> None:
        other = "eo" if self.settings.lang == "en" else "en"
        self.apply_settings(self.settings.copy(lang=other))

    # -- command palette ---------------------------------------------------------------
    def action_command_palette(self) -> None:
        from textual.command import CommandPalette

        if self.use_command_palette and not self.too_small and not any(
                isinstance(screen, CommandPalette) for screen in self.screen_stack):
            palette: CommandPalette = CommandPalette(id="--command-palette",
                                                     placeholder=tr("palette.placeholder"))
            self.push_screen(palette)

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield SystemCommand(tr("cmd.new"), tr("cmd.new.help"), self.new_game_menu)
        yield SystemCommand(tr("cmd.play_trufludo"), tr("cmd.play_trufludo.help"),
                            lambda: self.play_now("trufludo"))
        yield SystemCommand(tr("cmd.play_truc"), tr("cmd.play_truc.help"),
                            lambda: self.play_now("truc"))
        yield SystemCommand(tr("cmd.guided_trufludo"), tr("cmd.guided_trufludo.help"),
                            lambda: self.action_guided("trufludo"))
        yield SystemCommand(tr("cmd.guided_truc"), tr("cmd.guided_truc.help"),
                            lambda: self.action_guided("truc"))
        yield SystemCommand(tr("cmd.tournament"), tr("cmd.tournament.help"),
                            lambda: self._unless_game_lost(self.open_tournament))
        yield SystemCommand(tr("cmd.help"), tr("cmd.help.help"), self.action_help)
        yield SystemCommand(tr("cmd.settings"), tr("cmd.settings.help"), self.action_settings)
        yield SystemCommand(tr("cmd.stats"), tr("cmd.stats.help"), self.action_stats)
        yield SystemCommand(tr("cmd.drills"), tr("cmd.drills.help"), self.action_drills)
        yield SystemCommand(tr("cmd.saved_games"), tr("cmd.saved_games.help"),
                            self.action_saved_games)
        yield SystemCommand(tr("cmd.language"), tr("cmd.language.help"), self.toggle_language)
        yield SystemCommand(tr("cmd.screenshot"), tr("cmd.screenshot.help"),
                            self.take_screenshot)
        yield SystemCommand(tr("cmd.quit"), tr("cmd.quit.help"), self.request_quit)

    # -- what the shell's screens ask for: their messages --------------------------------
    # The start screen's by @on; the others' by name (on_<screen>_<message>), as importing
    # their screens here would load them at start-up.
    @on(StartScreen.PlayRequested)
    def _play_requested(self, message: StartScreen.PlayRequested) -> None:
        self.new_game(message.config)

    @on(StartScreen.FriendRequested)
    def _friend_requested(self, message: StartScreen.FriendRequested) -> None:
        self._unless_game_lost(lambda: self.play_friend(message.config))

    @on(StartScreen.ContinueRequested)
    def _continue_requested(self) -> None:
        self.continue_game()

    @on(StartScreen.TournamentRequested)
    def _tournament_requested(self) -> None:
        self.open_tournament()

    @on(StartScreen.GuidedRequested)
    def _guided_requested(self, message: StartScreen.GuidedRequested) -> None:
        self.action_guided(message.game)

    @on(StartScreen.DrillsRequested)
    def _drills_requested(self) -> None:
        self.action_drills()

    @on(StartScreen.SavedGamesRequested)
    def _saved_games_requested(self) -> None:
        self.action_saved_games()

    @on(StartScreen.ChoicesChanged)
    def _choices_changed(self) -> None:
        self.choices_changed()

    def on_stats_screen_drill_requested(self, message: StatsScreen.DrillRequested) -> None:
        self.action_drills(message.category)

    def on_settings_screen_chosen(self, message: SettingsScreen.Chosen) -> None:
        self.apply_settings(self.settings.copy(**{message.setting: message.value}))

    def on_saved_games_screen_load_requested(self,
                                             message: SavedGamesScreen.LoadRequested) -> None:
        self.load_named_game(message.record, message.name)

    def on_tournament_setup_begun(self, message: TournamentSetup.Begun) -> None:
        self.begin_tournament(message.run)

    def on_bracket_screen_play_requested(self) -> None:
        self.play_tournament_game()

    def on_bracket_screen_new_requested(self) -> None:
        self.end_tournament()
        self.open_tournament()

    def on_problems_found(self, _: ProblemsFound) -> None:
        self.show_problems()

    # -- minimum size ------------------------------------------------------------------
    @property
    def too_small(self) -> bool:
        width, height = self.size
        return width < MIN_WIDTH or height < MIN_HEIGHT

    def on_resize(self, _: Resize) -> None:
        # Later: App._on_resize (run after this handler) records the new size.
        self.call_later(self._sync_size_notice)

    def watch_app_focus(self, focus: bool) -> None:
        # Textual's web driver starts the app blurred, so the first screen's AUTO_FOCUS was
        # skipped (←/→ changed no game in a browser): the page's focus gives it, as a
        # terminal does from the start; at once, for the key that may come with it.
        # (After App._watch_app_focus, which gives a blurred widget its focus back.)
        if focus and self.screen.focused is None:
            self.screen._update_auto_focus()

    def _on_screen_change(self, _: Screen[object]) -> None:
        # After the change has settled: a screen pushed while too small gets covered again.
        self.call_later(self._sync_size_notice)
        if self._join is not None:
            self.call_later(self._guest_left)

    def _guest_left(self) -> None:
        """The browser tab's guest is back at the start screen: its match is left."""
        if isinstance(self.screen, StartScreen):
            self.exit()

    def _sync_size_notice(self) -> None:
        """Keep the too-small notice on top exactly while the terminal is below 80×24.

        The notice is a screen on the stack, so anything pushed meanwhile (a computer's
        move ending the round, say) lands under a fresh notice; a notice uncovered after
        the size is fine again is simply dismissed.
        """
        top = self.screen
        if self.too_small:
            if not isinstance(top, TooSmallScreen | ConfirmQuit):
                self.push_screen(TooSmallScreen())
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()
