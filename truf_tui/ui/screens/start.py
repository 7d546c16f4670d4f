"""The start screen: which game, which opponent, which rule variants, who deals first."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.markup import escape
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Input, Static

from truf_tui.play.config import (
    BEST_OF,
    GAMES,
    OPPONENTS,
    RULE_CHOICES,
    TARGET_MAX,
    TARGET_MIN,
    TIERS,
    GameConfig,
    StartChoices,
    start_scores,
)
from truf_tui.ui.breakpoints import preset_breakpoints
from truf_tui.ui.choices import ChoiceSet
from truf_tui.ui.i18n import plural, tr
from truf_tui.ui.keybar import KeyBar
from truf_tui.ui.services import ProblemsFound, shell
from truf_tui.ui.settings import Translated
from truf_tui.ui.storage import hotseat_progress_text, progress_of
from truf_tui.ui.widgets.fields import NumberInput

DEALERS: tuple[int | None, ...] = (None, 0, 1)
_DEALER_KEYS = {None: "start.dealer.random", 0: "start.dealer.you", 1: "start.dealer.computer"}
TIER_NAME_WIDTH = 10  # at least: the names' column, two cells wider than its longest name
NETWORK = "friend"  # the start screen's third opponent: a friend over the network (issue 39)
START_OPPONENTS = (*OPPONENTS, NETWORK)
SCORE_INPUTS = ("score-you", "score-them")  # Le Truc's start score: yours, the opponent's
# The rule of RULES.md and the help that explains each variant: named in the label's tooltip
# only, as "rule F1" (a bare "F1" read as the footer's key, and "§F1" meant nothing to a newcomer).
RULE_IDS = {"deck": "F1", "forced": "F5", "leftover": "F10", "target": "T10", "rest": "T8"}
# A game this app hosted online and did not finish (net.seats: RECORDS_DIR / HOST_FILE):
# looked for before the network code is loaded (a tenth of a second at every start).
NET_SAVE = Path("net", "host.json")


def net_save(folder: Path | None) -> dict[str, Any] | None:
    """The game hosted online that waits to be resumed (``netplay.resumable_save``)."""
    if folder is None or not (folder / NET_SAVE).is_file():
        return None
    from truf_tui.ui.netplay import resumable_save

    return resumable_save(folder)


class StartScreen(Translated, Screen[None]):
    """Choices are kept in ``app.start_choices``, so they survive a game and come back.
    What the player asks for goes to the app as one of the messages below."""

    class PlayRequested(Message):
        """Play ``config``'s game (the app asks first if a game would be lost)."""

        def __init__(self, config: GameConfig) -> None:
            super().__init__()
            self.config = config

    class FriendRequested(Message):
        """Play ``config``'s game against a friend over the network: host it or join one."""

        def __init__(self, config: GameConfig) -> None:
            super().__init__()
            self.config = config

    class ContinueRequested(Message):
        """Carry on with the saved game."""

    class TournamentRequested(Message):
        """The tournament's bracket, or its set-up."""

    class GuidedRequested(Message):
        """The guided first game of ``game``."""

        def __init__(self, game: str) -> None:
            super().__init__()
            self.game = game

    class DrillsRequested(Message):
        """The bluff trainer (``b``)."""

    class SavedGamesRequested(Message):
        """The saved-games screen."""

    class ChoicesChanged(Message):
        """The choices changed: to be remembered for the next run."""

    AUTO_FOCUS = "#game"  # the top of the form: Tab walks down it to "Play"
    # Below 30 rows the form is drawn compact (app.tcss), so that 80×24 shows all of it.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]
    # Below 100 columns the five buttons of a tall form are drawn narrower (app.tcss).
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    BINDINGS = [
        Binding("p,enter", "play", show=False),
        Binding("c", "continue_game", show=False),
        Binding("t", "tournament", show=False),
        Binding("g", "guided", show=False),
        Binding("o", "app.saved_games", show=False),
        Binding("b", "drills", show=False),
        Binding("s", "app.stats", show=False),
        Binding("r", "resume_online", show=False),  # a game hosted online, cut short
        Binding("escape", "noop", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(id="start")
        preset_breakpoints(self)
        self._shown = False  # resumed once already (the first resume is its first showing)
        self._review_due = 0  # missed spots due for review, as counted when last shown
        self._net_save: dict[str, Any] | None = None  # a hosted game to resume (net_save)

    @property
    def choices(self) -> StartChoices:
        return shell(self).start_choices

    # -- layout -------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        c = self.choices
        rules_t = c["rules"]["trufludo"]
        rules_c = c["rules"]["truc"]
        with Horizontal(id="start-header", classes="title-bar"):
            yield Static(id="start-title", classes="title-text")
        with VerticalScroll(id="start-body"), Center(), Vertical(id="start-form"):
            yield Static(id="nudge")
            yield Static(id="review-due")
            yield Static(id="net-resume")
            with Horizontal(id="resume-row"):
                yield Button(id="resume", variant="primary")
                yield Static(id="resume-note", classes="form-note")
            with Horizontal(classes="form-row"):
                yield Static(id="label-game", classes="form-label")
                with Vertical(classes="form-field"):
                    yield ChoiceSet(GAMES, c["game"], lambda g: tr(f"game.{g}"),
                                    id="game", classes="inline")
                    yield Static(id="game-desc", classes="form-note")
            with Horizontal(classes="form-row"):
                yield Static(id="label-opponent", classes="form-label")
                yield ChoiceSet(START_OPPONENTS, c.get("opponent", "computer"),
                                lambda v: tr(f"start.opponent.{v}"), id="opponent",
                                classes="inline")
            with Horizontal(id="tier-row", classes="form-row"):
                yield Static(id="label-tier", classes="form-label")
                yield ChoiceSet(TIERS, c["tier"], self._tier_label, id="tier",
                                classes="form-field")
            with Horizontal(id="match-row", classes="form-row"):
                yield Static(id="label-match", classes="form-label")
                yield ChoiceSet(BEST_OF, c.get("best_of", 1),
                                lambda n: plural("start.best_of", n),
                                id="match", classes="inline")
            with Vertical(id="rules-trufludo", classes="rules"):
                with Horizontal(classes="form-row"):
                    yield Static(id="label-deck", classes="form-label")
                    yield ChoiceSet(RULE_CHOICES["deck"], rules_t["deck"],
                                    lambda v: tr(f"start.deck.{v}"), id="deck", classes="inline")
                with Horizontal(classes="form-row"):
                    yield Static(id="label-forced", classes="form-label")
                    yield ChoiceSet(RULE_CHOICES["forced_capture"], rules_t["forced_capture"],
                                    lambda v: tr("start.forced.on" if v else "start.forced.off"),
                                    id="forced", classes="inline")
                with Horizontal(classes="form-row"):
                    yield Static(id="label-leftover", classes="form-label")
                    yield ChoiceSet(RULE_CHOICES["leftover"], rules_t["leftover"],
                                    lambda v: tr(f"start.leftover.{v}"), id="leftover",
                                    classes="inline")
            with Vertical(id="rules-truc", classes="rules"):
                with Horizontal(classes="form-row"):
                    yield Static(id="label-target", classes="form-label")
                    yield NumberInput(str(rules_c["target"]), max_length=2,
                                id="target", compact=True, select_on_focus=True)
                    yield Static(id="target-note", classes="form-note inline-note")
                with Horizontal(id="scores-row", classes="form-row"):
                    yield Static(id="label-scores", classes="form-label")
                    you, them = c.get("scores", (0, 0))
                    yield NumberInput(str(you), max_length=2, id=SCORE_INPUTS[0],
                                compact=True, select_on_focus=True, classes="score")
                    yield Static(id="scores-dash", classes="scores-dash")
                    yield NumberInput(str(them), max_length=2, id=SCORE_INPUTS[1],
                                compact=True, select_on_focus=True, classes="score")
                    yield Static(id="scores-note", classes="form-note inline-note")
                with Horizontal(classes="form-row"):
                    yield Static(id="label-rest", classes="form-label")
                    yield ChoiceSet(RULE_CHOICES["rest_refusal"], rules_c["rest_refusal"],
                                    lambda v: tr(f"start.rest.{v}"), id="rest", classes="inline")
            with Horizontal(classes="form-row"):
                yield Static(id="label-dealer", classes="form-label")
                with Vertical(classes="form-field"):
                    yield ChoiceSet(DEALERS, c["dealer"], self._dealer_label,
                                    id="dealer", classes="inline")
                    yield Static(id="dealer-note", classes="form-note")
            with Horizontal(id="practice-row", classes="form-row"):
                yield Static(id="label-practice", classes="form-label")
                with Vertical(classes="form-field"):
                    yield ChoiceSet((False, True), c.get("practice", False),
                                    lambda v: tr("practice.on" if v else "practice.off"),
                                    id="practice", classes="inline")
                    yield Static(id="practice-note", classes="form-note")
            with Horizontal(id="start-buttons"):
                yield Button(id="play", variant="success")
                yield Button(id="guided")
                yield Button(id="tournament")
                yield Button(id="saved")
                yield Button(id="drills")
            yield Static(id="start-hint", classes="hint")
        yield KeyBar(
            [
                ("p", "key.play", "screen.play"),
                ("t", "key.tournament", "screen.tournament"),
                ("b", "key.drills", "screen.drills"),
                ("s", "key.stats", "app.stats"),
                ("F1", "key.help", "app.help"),  # ? too; the bar keeps to 80 columns
                ("Ctrl+S", "key.settings", "app.settings"),
                ("q", "key.quit", "app.quit"),
            ],
            id="start-keys",
        )

    def mounted(self) -> None:
        app = shell(self)  # a newcomer's first start screen, and never again
        data = app.data
        self.query_one("#nudge").display = (data is not None and app.saved_game is None
                                            and data.guided_nudge_due())
        self._show_rules()
        self._show_saved_game()
        self._show_review_due()
        self._show_net_resume()
        if self.query_one("#resume-row").display:
            self.query_one("#resume", Button).focus()

    # -- texts (all through tr, redone on a language switch) ----------------------------
    def _tier_label(self, tier: str) -> Text:
        game = self.choices["game"]
        text = Text()
        width = max(TIER_NAME_WIDTH, *(len(tr(f"tier.{t}")) + 2 for t in TIERS))
        text.append(tr(f"tier.{tier}").ljust(width), style="bold")
        text.append(tr(f"tier.{game}.{tier}"))
        return text

    @property
    def two_players(self) -> bool:
        """Hot-seat chosen: two people at the keyboard, no computer."""
        return self.choices.get("opponent") == "human"

    @property
    def no_computer(self) -> bool:
        """Hot-seat or a friend over the network: no computer tier, no practice mode."""
        return self.choices.get("opponent") in ("human", NETWORK)

    def _dealer_label(self, dealer: int | None) -> str:
        """Who deals first: you or the computer; in hot-seat Player 1 or Player 2."""
        if dealer is not None and self.two_players:
            return tr("hot.player", n=dealer + 1)
        if dealer == 1 and self.choices.get("opponent") == NETWORK:  # the guest deals
            return tr("start.dealer.friend")
        return tr(_DEALER_KEYS[dealer])

    def refresh_texts(self) -> None:
        game = self.choices["game"]
        texts: dict[str, str | Text] = {
            "#start-title": tr("start.title.hotseat" if self.two_players
                               else "start.title.network"
                               if self.choices.get("opponent") == NETWORK else "start.title"),
            "#label-game": tr("start.game"),
            "#game-desc": tr(f"game.{game}.desc"),
            "#nudge": tr("start.nudge", game=tr(f"game.{game}")),
            "#label-opponent": tr("start.opponent"),
            "#label-tier": tr("start.tier"),
            "#label-match": tr("start.match"),
            "#label-deck": tr("start.deck"),
            "#label-forced": tr("start.forced"),
            "#label-leftover": tr("start.leftover"),
            "#label-target": tr("start.target"),
            "#target-note": tr("start.target.note", min=TARGET_MIN, max=TARGET_MAX),
            "#label-scores": tr("start.scores"),
            "#scores-dash": tr("start.scores.dash"),
            "#scores-note": tr("start.scores.note.hotseat" if self.two_players
                               else "start.scores.note"),
            "#label-rest": tr("start.rest"),
            "#label-dealer": tr("start.dealer"),
            "#dealer-note": tr(f"start.dealer.note.{game}"),
            "#label-practice": tr("practice.label"),
            "#practice-note": tr("practice.note"),
            "#start-hint": tr("start.hint"),
        }
        for selector, text in texts.items():
            self.query_one(selector, Static).update(text)
        for name, rule in RULE_IDS.items():
            self.query_one(f"#label-{name}", Static).tooltip = tr("start.rule.tip", id=rule)
        for choice in self.query(ChoiceSet):
            choice.refresh_labels()
        self.query_one("#play", Button).label = tr("start.play")
        self.query_one("#resume", Button).label = tr("start.continue")
        self.query_one("#resume-note", Static).update(self._saved_game_text())
        self.query_one("#review-due", Static).update(
            plural("start.review_due", self._review_due))
        self.query_one("#net-resume", Static).update(self._net_resume_text())
        for sid, tip in zip(SCORE_INPUTS, self._score_tips(), strict=True):
            self.query_one(f"#{sid}", Input).tooltip = tip
        self.query_one("#tournament", Button).label = tr("start.tournament")
        self.query_one("#guided", Button).label = tr("start.guided")
        self.query_one("#saved", Button).label = tr("start.saved")
        self.query_one("#drills", Button).label = tr("start.btn.drills")
        self.query_one(KeyBar).refresh_texts()

    def on_screen_resume(self) -> None:
        # Coming back from a game: the choices may have been set by "play again" or the CLI.
        if self._shown:  # back from a game or the help: the first run's nudge has been read
            self.query_one("#nudge").display = False
        self._shown = True
        self._load_choices()
        self._show_saved_game()
        self._show_review_due()
        self._show_net_resume()

    # -- the review queue -------------------------------------------------------------------
    def _show_review_due(self) -> None:
        """"N spots due for review", shown only when some are (issue 38, item 6)."""
        data = shell(self).data
        self._review_due = data.spots_due() if data is not None else 0
        if data is not None and data.problems:  # a damaged queue, set aside: say so
            self.post_message(ProblemsFound())
        line = self.query_one("#review-due", Static)
        line.display = self._review_due > 0
        line.update(plural("start.review_due", self._review_due))

    # -- a game hosted online, cut short ------------------------------------------------------
    def _show_net_resume(self) -> None:
        """"Your game online with Bo … press r", shown only while a game this app hosted
        waits to be resumed (the app stopped under it): r opens Play a friend, which
        offers to resume it."""
        self._net_save = net_save(shell(self).data_folder)
        line = self.query_one("#net-resume", Static)
        line.display = self._net_save is not None
        self.set_class(line.display, "-net-resume")  # one row more: app.tcss makes room
        line.update(self._net_resume_text())

    def _net_resume_text(self) -> str:
        save = self._net_save
        if save is None:
            return ""
        from truf_tui.ui.netplay import saved_friend

        return tr("start.net_resume", name=escape(saved_friend(save)))

    def action_resume_online(self) -> None:
        if self._net_save is not None:  # the friend screen offers it (and this game's choices)
            self.post_message(self.FriendRequested(self.config(online=True)))

    # -- the saved game ---------------------------------------------------------------------
    def _saved_game_text(self) -> str:
        saved = shell(self).saved_game
        if saved is None:
            return ""
        hotseat = hotseat_progress_text(*saved)
        if hotseat is not None:  # two friends: their names, not a computer's tier
            return hotseat + self._match_text(saved[0].meta.get("match"))
        p = progress_of(*saved)
        tier = tr(f"tier.{p.tier}") if p.tier in TIERS else "?"
        you, computer = p.scores
        if p.game == "truc":
            text = tr("start.continue.truc", game=tr("game.truc"), tier=tier, round=p.round,
                      you=you, computer=computer, target=saved[0].rules.get("target", "?"))
        else:
            text = tr("start.continue.trufludo", game=tr("game.trufludo"), tier=tier,
                      moves=plural("count.moves_played", p.moves), stock=p.stock, you=you,
                      computer=computer)
        return text + self._match_text(saved[0].meta.get("match"))

    @staticmethod
    def _match_text(meta: Any) -> str:
        """The match a saved game belongs to (F12), if any."""
        from truf_tui.engine.series import Series

        try:
            series = Series.from_dict(meta)
        except (KeyError, TypeError, ValueError, AttributeError):
            return ""
        won, lost = series.wins()
        return " · " + tr("start.continue.match", n=len(series.results) + 1,
                          best=series.best_of, you=won, them=lost)

    def _show_saved_game(self) -> None:
        """The "Continue" row, shown while there is a saved game."""
        row = self.query_one("#resume-row")
        row.display = shell(self).saved_game is not None
        self.query_one("#resume-note", Static).update(self._saved_game_text())

    @on(Button.Pressed, "#resume")
    def action_continue_game(self) -> None:
        self.post_message(self.ContinueRequested())

    def _load_choices(self) -> None:
        c = self.choices
        self.query_one("#game", ChoiceSet).value = c["game"]
        self.query_one("#tier", ChoiceSet).value = c["tier"]
        self.query_one("#dealer", ChoiceSet).value = c["dealer"]
        rules_t, rules_c = c["rules"]["trufludo"], c["rules"]["truc"]
        self.query_one("#deck", ChoiceSet).value = rules_t["deck"]
        self.query_one("#forced", ChoiceSet).value = rules_t["forced_capture"]
        self.query_one("#leftover", ChoiceSet).value = rules_t["leftover"]
        self.query_one("#rest", ChoiceSet).value = rules_c["rest_refusal"]
        self.query_one("#practice", ChoiceSet).value = c.get("practice", False)
        self.query_one("#opponent", ChoiceSet).value = c.get("opponent", "computer")
        self.query_one("#match", ChoiceSet).value = c.get("best_of", 1)
        target = self.query_one("#target", Input)
        if target.value != str(rules_c["target"]):
            target.value = str(rules_c["target"])
        for sid, score in zip(SCORE_INPUTS, c.get("scores", (0, 0)), strict=True):
            field = self.query_one(f"#{sid}", Input)
            if field.value != str(score):
                field.value = str(score)

    def _show_rules(self) -> None:
        game = self.choices["game"]
        self.query_one("#rules-trufludo").display = game == "trufludo"
        self.query_one("#rules-truc").display = game == "truc"
        # A friend at the keyboard has no computer tier to choose, and no practice mode
        # (GameConfig turns it off in hot-seat: its reviews show the other hand).
        self.query_one("#tier-row").display = not self.no_computer
        self.query_one("#practice-row").display = not self.no_computer

    # -- choices ------------------------------------------------------------------------
    def on_radio_set_changed(self, event: ChoiceSet.Changed) -> None:
        choice = event.radio_set
        if not isinstance(choice, ChoiceSet):
            return
        c = self.choices
        value = choice.value
        match choice.id:
            case "game":
                c["game"] = value
                self._show_rules()
                self.refresh_texts()
            case "tier":
                c["tier"] = value
            case "opponent":
                c["opponent"] = value
                self._show_rules()
                self.refresh_texts()  # the title and the dealers: players, not the computer
            case "match":
                c["best_of"] = value
            case "dealer":
                c["dealer"] = value
            case "deck":
                c["rules"]["trufludo"]["deck"] = value
            case "forced":
                c["rules"]["trufludo"]["forced_capture"] = value
            case "leftover":
                c["rules"]["trufludo"]["leftover"] = value
            case "rest":
                c["rules"]["truc"]["rest_refusal"] = value
            case "practice":
                c["practice"] = value
        self.post_message(self.ChoicesChanged())

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "target":
            target = self._target()
            event.input.set_class(target is None, "-invalid")
            if target is not None and target != self.choices["rules"]["truc"]["target"]:
                self.choices["rules"]["truc"]["target"] = target
                self.post_message(self.ChoicesChanged())
        # Each start score must stay below the target: both are checked again on any change.
        scores = self._scores()
        for sid, score in zip(SCORE_INPUTS, scores, strict=True):
            self.query_one(f"#{sid}", Input).set_class(score is None, "-invalid")
        mine, theirs = scores
        if (mine is not None and theirs is not None
                and (mine, theirs) != tuple(self.choices.get("scores", (0, 0)))):
            self.choices["scores"] = (mine, theirs)
            self.post_message(self.ChoicesChanged())

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_play()

    def _target(self) -> int | None:
        text = self.query_one("#target", Input).value.strip()
        try:
            value = int(text)
        except ValueError:
            return None
        return value if TARGET_MIN <= value <= TARGET_MAX else None

    def _scores(self) -> list[int | None]:
        """The two start scores typed (yours, the opponent's); ``None`` for one that is not
        a whole number from 0 to below the target (itself unusable: below the highest)."""
        target = self._target() or TARGET_MAX
        out: list[int | None] = []
        for sid in SCORE_INPUTS:
            try:
                value: int | None = int(self.query_one(f"#{sid}", Input).value.strip())
            except ValueError:
                value = None
            out.append(value if value is not None and 0 <= value < target else None)
        return out

    def _score_tips(self) -> tuple[str, str]:
        if self.two_players:
            return tr("start.scores.of", who=tr("hot.player", n=1)), tr(
                "start.scores.of", who=tr("hot.player", n=2))
        return tr("start.scores.yours"), tr("start.scores.theirs")

    def config(self, online: bool = False) -> GameConfig:
        """The game chosen; ``online``: against a friend over the network, whatever the
        opponent chosen."""
        c = self.choices
        rules = dict(c["rules"][c["game"]])
        # A friend over the network: this app's seat is the host's (player 0), no computer.
        opponent = c.get("opponent", "computer")
        if online or opponent == NETWORK:
            opponent, practice = "human", False
        else:
            practice = c.get("practice", False)
        return GameConfig(game=c["game"], tier=c["tier"], rules=rules,
                          dealer=c["dealer"], seed=c["seed"], practice=practice,
                          opponent=opponent, best_of=c.get("best_of", 1),
                          scores=start_scores(c["game"], rules, c.get("scores")))

    # -- actions ------------------------------------------------------------------------
    @on(Button.Pressed, "#play")
    def action_play(self) -> None:
        if self.choices["game"] == "truc" and self._target() is None:
            self.notify(tr("start.target.invalid", min=TARGET_MIN, max=TARGET_MAX),
                        severity="error")
            self.query_one("#target", Input).focus()
            return
        target = self._target()
        if self.choices["game"] == "truc" and target is not None:
            for sid, score in zip(SCORE_INPUTS, self._scores(), strict=True):
                if score is None:
                    self.notify(tr("start.scores.invalid", max=target - 1), severity="error")
                    self.query_one(f"#{sid}", Input).focus()
                    return
        if self.choices.get("opponent") == NETWORK:
            self.post_message(self.FriendRequested(self.config()))
            return
        self.post_message(self.PlayRequested(self.config()))

    @on(Button.Pressed, "#tournament")
    def action_tournament(self) -> None:
        self.post_message(self.TournamentRequested())

    @on(Button.Pressed, "#guided")
    def action_guided(self) -> None:
        """The coach's guided first game of the game chosen above."""
        self.post_message(self.GuidedRequested(self.choices["game"]))

    @on(Button.Pressed, "#drills")
    def action_drills(self) -> None:
        """The bluff trainer: Le Truc spots from the solution, graded."""
        self.post_message(self.DrillsRequested())

    @on(Button.Pressed, "#saved")
    def saved_games(self) -> None:
        self.post_message(self.SavedGamesRequested())  # the app's, as its key (o) is

    def action_noop(self) -> None:
        """Escape on the first screen: there is nowhere further back to go."""
