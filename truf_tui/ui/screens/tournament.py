"""The knockout tournament (F12): its set-up, and the bracket where it is played.

Four players: you, and three others, each a computer of a chosen tier or a friend at the
same keyboard.  Semi-finals 1 v 2 and 3 v 4, then the final.  A game with someone at the
keyboard is played on the normal table; the computers' games are played here, in a worker
thread with small budgets, under a progress bar, and can be replayed afterwards ("Watch").
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.markup import escape
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Input, ProgressBar, Static
from textual.worker import get_current_worker

from truf_tui.play.config import BEST_OF, GAMES, TIERS, GameConfig
from truf_tui.play.dealer import deal, play_move
from truf_tui.play.matches import (
    FRIEND,
    NAME_MAX,
    PLAYER_IDS,
    Entrant,
    TournamentRun,
    progress_fraction,
)
from truf_tui.ui.choices import ChoiceSet
from truf_tui.ui.crashes import log_folder, tell_bot_crash
from truf_tui.ui.i18n import plural, tr
from truf_tui.ui.keybar import KeyBar
from truf_tui.ui.results_context import STAGES, entrant_name
from truf_tui.ui.screens.dialogs import ConfirmDialog
from truf_tui.ui.services import services, shell
from truf_tui.ui.settings import SettingsChanged

if TYPE_CHECKING:
    from truf_tui.ai import BotOptions
    from truf_tui.store.history import GameRow, Result

KINDS: tuple[str, ...] = (*TIERS, FRIEND)
DEFAULT_KINDS = ("easy", "medium", "hard")
# Budgets of the computers' games played in the background: quick, still sensible.
SIM_ITERATIONS = 60


class ConfirmLeaveTournament(ConfirmDialog):
    def __init__(self) -> None:
        super().__init__("tour.leave.title", "tour.leave.message", "tour.leave.yes",
                         "tour.leave.no")


class ConfirmNewTournament(ConfirmDialog):
    def __init__(self) -> None:
        super().__init__("tour.new.title", "tour.new.message", "tour.new.yes", "tour.new.no")


class TournamentSetup(Screen[None]):
    """Which game, who the three other players are, how long each pairing is."""

    class Begun(Message):
        """The player set up ``run``: the app keeps it and opens its bracket."""

        def __init__(self, run: TournamentRun) -> None:
            super().__init__()
            self.run = run

    AUTO_FOCUS = "#tour-game"
    CSS_PATH = "../tournament.tcss"
    BINDINGS = [
        Binding("escape", "back", show=False),
        # Priority: the choices would take Enter to select; it starts from anywhere here.
        Binding("enter", "enter", show=False, priority=True),
    ]

    def __init__(self) -> None:
        super().__init__(id="tour-setup")

    def compose(self) -> ComposeResult:
        game = shell(self).start_choices["game"]
        with Horizontal(classes="title-bar"):
            yield Static(id="tour-setup-title", classes="title-text")
        with VerticalScroll(id="tour-setup-body"), Center(), Vertical(id="tour-form"):
            yield Static(id="tour-intro", classes="form-note")
            with Horizontal(classes="form-row"):
                yield Static(id="label-tour-game", classes="form-label")
                yield ChoiceSet(GAMES, game, lambda g: tr(f"game.{g}"), id="tour-game",
                                classes="inline")
            with Horizontal(classes="form-row"):
                yield Static(id="label-p1", classes="form-label")
                yield Static(id="tour-p1", classes="form-field")
            for i, kind in enumerate(DEFAULT_KINDS, start=2):
                with Horizontal(classes="form-row player-row"):
                    yield Static(id=f"label-p{i}", classes="form-label")
                    with Vertical(classes="form-field"):
                        yield ChoiceSet(KINDS, kind, self._kind_label, id=f"kind-p{i}",
                                        classes="inline")
                        yield Input(id=f"name-p{i}", max_length=NAME_MAX, compact=True,
                                    classes="tour-name")
            with Horizontal(classes="form-row"):
                yield Static(id="label-tour-length", classes="form-label")
                yield ChoiceSet(BEST_OF, 1, lambda n: plural("start.best_of", n),
                                id="tour-length", classes="inline")
            yield Static(id="tour-rules-note", classes="form-note")
            with Horizontal(id="tour-setup-buttons", classes="button-row"):
                yield Button(id="tour-start", variant="success")
                yield Button(id="tour-back")
        yield KeyBar([
            ("Enter", "tour.key.start", "screen.start"),
            ("Esc", "key.back", "screen.back"),
            ("F1", "key.help", "app.help"),
        ], id="tour-setup-keys")

    @staticmethod
    def _kind_label(kind: str) -> str:
        return tr("tour.kind.friend") if kind == FRIEND else tr(f"tier.{kind}")

    def on_mount(self) -> None:
        self.refresh_texts()
        self._show_names()

    def on_settings_changed(self, _: SettingsChanged) -> None:
        self.refresh_texts()

    def refresh_texts(self) -> None:
        self.query_one("#tour-setup-title", Static).update(tr("tour.setup.title"))
        self.query_one("#tour-intro", Static).update(tr("tour.setup.intro"))
        self.query_one("#label-tour-game", Static).update(tr("start.game"))
        self.query_one("#tour-p1", Static).update(tr("tour.you"))
        for i in range(1, 5):
            self.query_one(f"#label-p{i}", Static).update(tr("tour.player", n=i))
        for i in range(2, 5):
            self.query_one(f"#name-p{i}", Input).placeholder = tr("tour.friend.default", n=i)
        self.query_one("#label-tour-length", Static).update(tr("tour.length"))
        self.query_one("#tour-rules-note", Static).update(tr("tour.setup.rules"))
        self.query_one("#tour-start", Button).label = tr("tour.start")
        self.query_one("#tour-back", Button).label = tr("tour.back")
        for choice in self.query(ChoiceSet):
            choice.refresh_labels()
        self.query_one(KeyBar).refresh_texts()

    def _show_names(self) -> None:
        for i in range(2, 5):
            friend = self.query_one(f"#kind-p{i}", ChoiceSet).value == FRIEND
            self.query_one(f"#name-p{i}", Input).display = friend

    def on_radio_set_changed(self, event: ChoiceSet.Changed) -> None:
        self._show_names()

    def entrants(self) -> list[Entrant]:
        out = [Entrant("p1", "you")]
        for i in range(2, 5):
            kind = self.query_one(f"#kind-p{i}", ChoiceSet).value
            name = self.query_one(f"#name-p{i}", Input).value.strip()
            if kind == FRIEND:
                out.append(Entrant(f"p{i}", FRIEND, "easy", name))
            else:
                out.append(Entrant(f"p{i}", "computer", kind))
        return out

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def action_enter(self) -> None:
        focused = self.focused
        if isinstance(focused, Button):
            focused.press()
        else:
            self.action_start()

    @on(Button.Pressed, "#tour-start")
    def action_start(self) -> None:
        choices = shell(self).start_choices
        game = self.query_one("#tour-game", ChoiceSet).value
        best_of = self.query_one("#tour-length", ChoiceSet).value
        rules = dict(choices["rules"][game])
        run = TournamentRun.new(game, rules, self.entrants(), best_of,
                                seed=choices.get("seed"))
        self.post_message(self.Begun(run))

    @on(Button.Pressed, "#tour-back")
    def action_back(self) -> None:
        services(self).back_to_start()


class ComputersPlaying(Message):
    """How far the computers' game has got (posted from the worker's thread)."""

    bubble = False

    def __init__(self, game: int, moves: int, fraction: float) -> None:
        super().__init__()
        self.game = game  # the game's number in the pairing
        self.moves = moves
        self.fraction = fraction  # of the game played, 0-1


class ComputersPlayed(Message):
    """The computers' game is over (posted from the worker's thread)."""

    bubble = False

    def __init__(self, run_id: str, winner: int | None, game: dict[str, Any], moves: int,
                 crashed: bool, log: Path | None) -> None:
        super().__init__()
        self.run_id = run_id  # the tournament it was played for (a new one ignores it)
        self.winner = winner
        self.game = game  # its entry in the run: pairing, game number, record
        self.moves = moves
        self.crashed = crashed  # a computer crashed during it (logged at ``log``)
        self.log = log


class BracketScreen(Screen[None]):
    """The two semi-finals and the final, the winners filled in; play the next game."""

    class PlayRequested(Message):
        """The current pairing's next game on the table (someone at the keyboard plays)."""

    class NewRequested(Message):
        """Forget this tournament and set up a new one."""

    CSS_PATH = "../tournament.tcss"
    BINDINGS = [
        Binding("p,enter", "play", show=False),
        Binding("w", "watch", show=False),
        Binding("n", "new", show=False),
        Binding("escape", "leave", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(id="bracket")
        self.simulating = False
        self._watch_when_done = False

    @property
    def run(self) -> TournamentRun:
        run = shell(self).tournament
        assert run is not None
        return run

    def compose(self) -> ComposeResult:
        with Horizontal(classes="title-bar"):
            yield Static(id="bracket-title", classes="title-text")
        with VerticalScroll(id="bracket-body"), Center(), Vertical(id="bracket-inner"):
            with Horizontal(id="bracket-grid"):
                with Vertical(id="bracket-semis"):
                    yield Static(id="box-semi1", classes="pairing-box")
                    yield Static(id="box-semi2", classes="pairing-box")
                with Vertical(id="bracket-right"):
                    yield Static(id="box-final", classes="pairing-box")
                    yield Static(id="box-champion", classes="pairing-box")
            yield Static(id="bracket-status")
            with Horizontal(id="bracket-progress"):
                yield ProgressBar(total=100, show_eta=False, id="sim-bar")
                yield Static(id="sim-label")
            with Horizontal(id="bracket-buttons", classes="button-row"):
                yield Button(id="bracket-play", variant="success")
                yield Button(id="bracket-watch")
                yield Button(id="bracket-new")
                yield Button(id="bracket-leave")
        yield KeyBar([
            ("p", "tour.key.play", "screen.play"),
            ("w", "tour.key.watch", "screen.watch"),
            ("n", "tour.key.new", "screen.new"),
            ("Esc", "key.back", "screen.leave"),
            ("F1", "key.help", "app.help"),
        ], id="bracket-keys")

    def on_mount(self) -> None:
        self.query_one("#bracket-progress").display = False
        self.refresh_texts()
        self._focus_next_step()

    def on_screen_resume(self) -> None:
        self.refresh_texts()
        self._focus_next_step()

    def on_settings_changed(self, _: SettingsChanged) -> None:
        self.refresh_texts()

    # -- texts ------------------------------------------------------------------------------
    def player_name(self, pid: str) -> str:
        return entrant_name(self.run, pid)

    def _box(self, index: int) -> str:
        pairings = self.run.bracket.pairings
        if index >= len(pairings):  # the final, before both semi-finals are decided
            lines = []
            for semi, stage in zip(pairings[:2], STAGES[:2], strict=True):
                won = semi.winner()
                lines.append(f"  {escape(self.player_name(won))}" if won is not None else
                             f"[dim]{tr('tour.winner_of', stage=tr('tour.stage.' + stage))}[/]")
            return "\n".join(lines)
        p = pairings[index]
        winner = p.winner()
        names = [self.player_name(pid) for pid in p.players]
        width = max(cell_len(n) for n in names)
        lines = []
        for seat, pid in enumerate(p.players):
            # The names padded to one width, so the games won line up (F12 best of N).
            row = f"{escape(names[seat])}{' ' * (width - cell_len(names[seat]))}  {p.wins()[seat]}"
            if winner == pid:
                lines.append(f"[b $text-success]✓ {row}[/]")
            elif winner is not None:
                lines.append(f"[dim]  {row}[/]")
            else:
                lines.append(f"  {row}")
        draws = p.results.count(None)
        if draws:
            lines.append(f"[dim]{tr('tour.draws', n=draws)}[/]")
        return "\n".join(lines)

    def refresh_texts(self) -> None:
        if shell(self).tournament is None:
            return
        run = self.run
        length = plural("tour.best_of", run.bracket.best_of)
        self.query_one("#bracket-title", Static).update(
            tr("tour.bracket.title", game=tr(f"game.{run.game}"), length=length))
        current = run.pairing_index
        for i, stage in enumerate(STAGES):
            box = self.query_one(f"#box-{stage}", Static)
            box.border_title = tr(f"tour.stage.{stage}")
            box.update(self._box(i))
            box.set_class(i == current, "-current")
        champ = run.bracket.champion()
        box = self.query_one("#box-champion", Static)
        box.border_title = tr("tour.champion")
        box.update(f"[b $text-warning]★ {self.player_name(champ)} ★[/]" if champ
                   else f"[dim]{tr('tour.champion.tbd')}[/]")
        box.set_class(champ is not None, "-champion")
        self.query_one("#bracket-status", Static).update(self._status())
        play = self.query_one("#bracket-play", Button)
        play.display = champ is None
        play.disabled = self.simulating
        play.label = tr("tour.play.computers" if run.computers_only() else "tour.play.game")
        watch = self.query_one("#bracket-watch", Button)
        next_computers = champ is None and run.computers_only()
        watch.display = next_computers or run.last_computer_game is not None
        watch.disabled = self.simulating
        watch.label = tr("tour.watch.next" if next_computers else "tour.watch")
        new = self.query_one("#bracket-new", Button)
        new.label = tr("tour.new")
        new.variant = "success" if champ else "default"
        new.disabled = self.simulating
        self.query_one("#bracket-leave", Button).label = tr("tour.back")
        keys = self.query_one(KeyBar)
        keys.refresh_texts()
        keys.show("screen.play", bool(play.display))
        keys.show("screen.watch", bool(watch.display))

    def _status(self) -> str:
        run = self.run
        champ = run.bracket.champion()
        if champ is not None:
            if champ == "p1":
                return tr("tour.status.you_won")
            return tr("tour.status.over", name=self.player_name(champ))
        idx = run.pairing_index
        pair = run.current_players()
        assert idx is not None and pair is not None
        cur = run.bracket.pairings[idx]
        a, b = (self.player_name(e.id) for e in pair)
        game_no = len(cur.results) + 1
        head = tr("tour.status.next", stage=tr(f"tour.stage.{STAGES[idx]}"), a=a, b=b,
                  n=game_no)
        if run.computers_only():
            how = tr("tour.status.computers")
        else:
            seating = run.seating()
            at_keys = pair[1] if seating.swap else pair[0]
            how = tr("tour.status.keyboard", name=self.player_name(at_keys.id))
            if at_keys.kind == "you":
                how = tr("tour.status.you")
            if seating.config.opponent == "human":
                how = tr("tour.status.friends", a=a, b=b)
        return f"[b]{head}[/]\n{how}"

    # -- actions ----------------------------------------------------------------------------
    @on(Button.Pressed, "#bracket-play")
    def action_play(self) -> None:
        run = shell(self).tournament
        if run is None or self.simulating or run.bracket.current() is None:
            return
        if run.computers_only():
            self.simulate()
        else:
            self.post_message(self.PlayRequested())

    def simulate(self, watch: bool = False) -> None:
        """The computers play the current game in a worker; ``watch``: then show it."""
        self._watch_when_done = watch
        run = self.run
        pair = run.current_players()
        cur = run.bracket.current()
        assert pair is not None and cur is not None
        self.simulating = True
        self.query_one("#bracket-progress").display = True
        self.query_one("#sim-bar", ProgressBar).update(progress=0)
        self.query_one("#sim-label", Static).update("")
        self.refresh_texts()
        config = run.computers_config()
        options = services(self).bot_options.copy()
        options.setdefault("iterations", SIM_ITERATIONS)
        meta = {"pairing": run.pairing_index, "game": len(cur.results) + 1}
        self._play_computers(config, (pair[0].tier, pair[1].tier), options, run.id, meta,
                             log_folder(self.app))

    @work(thread=True, exclusive=True, group="tournament", exit_on_error=False)
    def _play_computers(self, config: GameConfig, tiers: tuple[str, str], options: BotOptions,
                        run_id: str, meta: dict[str, Any], folder: Path | None = None) -> None:
        from truf_tui.ai import make_bot
        from truf_tui.engine.record import GameRecord
        from truf_tui.store.errorlog import log_bot_crash

        worker = get_current_worker()
        seed = config.seed
        bots = [make_bot(config.game, tiers[p], seed=None if seed is None else seed + p,
                         **options) for p in (0, 1)]
        state: Any = deal(config)  # either game's: the loop below is the same for both
        rng = random.Random(seed)
        moves = 0
        last_report = 0.0
        crashed, log = False, None  # a computer's crash is told once, after its game
        while not state.is_terminal():
            if worker.is_cancelled:
                return
            player = state.current_player
            assert player is not None  # the game is not over
            legal = {str(a): a for a in state.legal_actions()}
            try:
                chosen = bots[player].choose(state.observation(player))
            except Exception as e:  # a bot bug must not stall the tournament: it is logged
                chosen, crashed = None, True
                log = log_bot_crash(e, game=config.game, tier=tiers[player],
                                    where="tournament", seat=player, moves=state.history,
                                    folder=folder)
            action = legal.get(str(chosen)) if chosen is not None else None
            if action is None:
                action = rng.choice(list(legal.values()))
            state = play_move(state, action)
            moves += 1
            now = time.monotonic()
            if now - last_report > 0.05:
                last_report = now
                self._report(meta["game"], moves, progress_fraction(state))
        record = GameRecord.from_state(state, tier=tiers[1], human=0)
        self._post(ComputersPlayed(run_id, state.winner(), {**meta, "record": record.to_dict()},
                                   moves, crashed, log))

    def _report(self, game: int, moves: int, fraction: float) -> None:
        self._post(ComputersPlaying(game, moves, fraction))

    def _post(self, message: Message) -> None:
        """From the worker's thread to the screen."""
        try:
            self.post_message(message)
        except RuntimeError:
            pass  # the app is closing

    @on(ComputersPlaying)
    def _show_progress(self, message: ComputersPlaying) -> None:
        if not self.is_attached:
            return
        self.query_one("#sim-bar", ProgressBar).update(progress=round(100 * message.fraction))
        self.query_one("#sim-label", Static).update(tr("tour.sim.moves", game=message.game,
                                                       n=message.moves))

    @on(ComputersPlayed)
    def _computers_done(self, message: ComputersPlayed) -> None:
        run_id, winner, game, moves = message.run_id, message.winner, message.game, message.moves
        crashed, log = message.crashed, message.log
        self.simulating = False
        app = shell(self)
        run = app.tournament
        if run is None or run.id != run_id:
            return
        if crashed:
            tell_bot_crash(self.app, log)
        from dataclasses import replace

        run = replace(run.record(winner), last_computer_game=game)
        app.tournament_computers_played(run)
        if self.is_attached:
            self.query_one("#sim-bar", ProgressBar).update(progress=100)
            self.query_one("#sim-label", Static).update(
                tr("tour.sim.done", game=game["game"], n=moves))
            self.refresh_texts()
            self._focus_next_step()
            if self._watch_when_done:
                # The game just played, not the next pairing's (which action_watch would
                # start when it is computers only too).
                self._watch_when_done = False
                self.watch_game(game)
            elif run.pairing_index == game["pairing"]:
                self.simulate()  # "Let them play" plays the pairing to its end

    def _focus_next_step(self) -> None:
        """The button of what comes next: play on, or a new tournament once it is won."""
        play = self.query_one("#bracket-play", Button)
        (play if play.display else self.query_one("#bracket-new", Button)).focus()

    @on(Button.Pressed, "#bracket-watch")
    def action_watch(self) -> None:
        """The computers' game move by move at the chosen pace, in the replay viewer: the
        next one (played first in the background), else the last one played."""
        run = shell(self).tournament
        if run is None or self.simulating:
            return
        if run.bracket.current() is not None and run.computers_only():
            self.simulate(watch=True)
            return
        if run.last_computer_game is not None:
            self.watch_game(run.last_computer_game)

    def watch_game(self, game: dict[str, Any]) -> None:
        """A computers' game of the run (``last_computer_game``'s form) in the viewer."""
        from truf_tui.ui.screens.replay import ReplayScreen

        pairing = self.run.bracket.pairings[game["pairing"]]
        a, b = pairing.players

        def names() -> tuple[str, str]:
            return self.player_name(a), self.player_name(b)

        def title() -> str:
            return tr("replay.watch.title", stage=tr(f"tour.stage.{STAGES[game['pairing']]}"),
                      n=game["game"], a=names()[0], b=names()[1])

        self.app.push_screen(ReplayScreen(watch_row(game["record"]), names=names, title=title,
                                          autoplay=True))

    @on(Button.Pressed, "#bracket-new")
    def action_new(self) -> None:
        if self.simulating:
            return
        def new() -> None:
            self.post_message(self.NewRequested())

        run = shell(self).tournament
        if run is not None and run.bracket.champion() is None:
            self.app.push_screen(ConfirmNewTournament(), lambda yes: new() if yes else None)
        else:
            new()

    @on(Button.Pressed, "#bracket-leave")
    def action_leave(self) -> None:
        """Back to the start screen; the tournament is kept ("Tournament…" comes back)."""
        app = shell(self)

        def leave(yes: bool | None) -> None:
            if yes:
                self.workers.cancel_group(self, "tournament")
                app.back_to_start()

        if app.tournament is not None and app.tournament.bracket.champion() is None:
            self.app.push_screen(ConfirmLeaveTournament(), leave)
        else:
            app.back_to_start()

    def on_unmount(self) -> None:
        self.workers.cancel_group(self, "tournament")


def watch_row(record: Mapping[str, object]) -> GameRow:
    """A history row for the replay viewer, for a computers' game (never put in the
    player's history: it is not theirs)."""
    import json

    from truf_tui.engine import truc, trufludo
    from truf_tui.engine.record import GameRecord
    from truf_tui.store.history import GameRow

    rec = GameRecord.from_dict(record)
    final = rec.replay()
    a, b = final.scores()
    w = final.winner()
    result: Result = "draw" if w is None else "win" if w == 0 else "loss"
    trufludo_end = final if isinstance(final, trufludo.State) else None
    return GameRow(
        id=0, uid="", game=rec.game, tier=None, rules=dict(rec.rules), human_seat=0,
        result=result, score_human=int(a), score_computer=int(b),
        trufegoj_human=None if trufludo_end is None else len(trufludo_end.trufegoj[0]),
        trufegoj_computer=None if trufludo_end is None else len(trufludo_end.trufegoj[1]),
        rounds=final.round_no if isinstance(final, truc.State) else None, hints_used=0,
        practice=False,
        record_json=json.dumps(record), started_at="", finished_at="")


__all__ = ["PLAYER_IDS", "BracketScreen", "TournamentSetup", "watch_row"]
