"""The Le Truc table: both scores to the target, the dealer, the stake and any question to
answer, the tricks of the round, your hand and the computer's backs, and action buttons that
are enabled only when the action is legal (T3-T9)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Button
from textual.worker import get_current_worker

from truf_tui.cards import TRUC_STRENGTH
from truf_tui.engine import truc
from truf_tui.grading import Graded
from truf_tui.play.config import COMPUTER, HUMAN, GameConfig
from truf_tui.ui.i18n import tr
from truf_tui.ui.keybar import KeyBar
from truf_tui.ui.screens.dialogs import ConfirmDialog
from truf_tui.ui.screens.summary import TrucResults, TrucRoundSummary, points_text, trick_markup
from truf_tui.ui.screens.table_base import (
    TABLE_KEYS,
    Lazy,
    TableKey,
    TableScreen,
    hand_keys,
    status_markup,
)
from truf_tui.ui.screens.truc_grades import (
    GradesShown,
    RoundGraded,
    action_words,
    amount,
    first_ungraded,
)
from truf_tui.ui.services import services
from truf_tui.ui.widgets.cards import NO_CARDS, CardRow, CardSpec, CardView, card_markup
from truf_tui.ui.widgets.table import Markup, Thinking

HAND_KEYS = ("1", "2", "3")
# Button id, key, the engine action, label key.
ACTIONS: tuple[tuple[str, str, truc.Action, str], ...] = (
    ("raise", "r", truc.RAISE, "tbl.t.btn.raise"),
    ("rest", "m", truc.REST, "tbl.t.btn.rest"),
    ("redeal", "d", truc.REDEAL, "tbl.t.btn.redeal"),
    ("accept", "a", truc.ACCEPT, "tbl.t.btn.accept"),
    ("refuse", "x", truc.REFUSE, "tbl.t.btn.refuse"),
    ("fold", "f", truc.FOLD, "tbl.t.btn.fold"),
)
BY_KIND = {kind: (key, action, label) for kind, key, action, label in ACTIONS}


# The words for the engine's reasons (T3, T7, T10); any other: nothing to do.
WHY_KEYS = {
    truc.Illegal.MATCH_OVER: "tbl.t.why.over",
    truc.Illegal.REST_IN_PLAY: "tbl.t.why.rest",
    truc.Illegal.RAISES_ALTERNATE: "tbl.t.why.alternate",
    truc.Illegal.STAKE_CAP: "tbl.t.why.cap",
    truc.Illegal.DEALER_REDEAL: "tbl.t.why.dealer",
    truc.Illegal.REDEAL_ONCE: "tbl.t.why.once",
    truc.Illegal.REDEAL_LATE: "tbl.t.why.late",
}


def why_not(s: truc.State, action: truc.Action, me: int = HUMAN,
            other: str | None = None) -> str:
    """Why ``action`` (``Action("play")``: any card) is not available now, in the player's
    words: the engine's reason, translated (``me``: the player at the keyboard; ``other``:
    the opponent's name in hot-seat)."""
    why = s.illegal_reason(action)
    if why is not truc.Illegal.MATCH_OVER and s.current_player != me:
        return tr("tbl.wait") if other is None else tr("tbl.wait.hotseat")
    if why is truc.Illegal.ANSWER_FIRST:
        return tr("tbl.t.why.answer") if other is None else tr("tbl.t.why.answer.named",
                                                                name=other)
    key = None if why is None else WHY_KEYS.get(why)
    return tr(key or "tbl.t.why.nothing")


class FoldConfirm(ConfirmDialog):
    """T9: folding gives the computer the stake (or the game during a rest); ask first."""

    def __init__(self, state: truc.State, other: str | None = None) -> None:
        super().__init__("tbl.t.fold.title", "tbl.t.fold.message", "tbl.t.fold.yes",
                         "tbl.t.fold.no", id="confirm-fold")
        self.state = state
        self.other = other  # hot-seat: the opponent's name

    def message(self) -> str:
        s = self.state
        if truc.concession(s.stake, s.rest, s.pending, s.rules.rest_refusal)[1]:  # T9
            return tr("tbl.t.fold.game")
        if self.other is not None:
            return tr("tbl.t.fold.message.named", n=s.stake, name=self.other)
        return tr("tbl.t.fold.message", n=s.stake)


TAKE_BACK = "screen.take_back"  # the key bar's action of ``u``
SELECT = next(k.action for k in TABLE_KEYS if k.label == "tbl.key.select")  # ←→
TAKE_BACK_KEY = TableKey("u", "tbl.t.key.takeback", TAKE_BACK, while_playing=True)


@dataclass(frozen=True)
class TakenBack:
    """A decision the player took back (practice): move ``index`` of the record was
    ``action``; ``graded`` once its worker has it (``done``: the worker has reported;
    ``failed``: it broke; neither graded nor failed: there was no real choice to grade)."""

    index: int
    action: truc.Action
    graded: Graded[truc.Action] | None = None
    done: bool = False
    failed: bool = False


class TakeBackGraded(Message):
    """The worker's grade of a taken-back decision (move ``index``)."""

    bubble = False

    def __init__(self, index: int, graded: Graded[truc.Action] | None,
                 failed: bool) -> None:
        super().__init__()
        self.index = index
        self.graded = graded
        self.failed = failed


class TricksBox(Markup):
    """The tricks of the round; its lines are broken to fit its width (tricks_text), so it
    is drawn again when that changes (the move log opened beside it, a resize)."""

    def on_resize(self) -> None:
        screen = self.screen
        if isinstance(screen, TrucTable) and screen.is_mounted:
            self.set(screen.tricks_text(screen.tstate))


class TrucTable(TableScreen[truc.State]):
    GAME = "truc"
    # The hand's keys (1-3, the arrows, Enter) are the base's (TABLE_KEYS); these are the
    # calls and answers (raise, rest, redeal, accept, refuse, fold).
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"act('{kind}')", show=False) for kind, key, _a, _l in ACTIONS),
        Binding("u", "take_back", show=False),
    ]

    def __init__(self, config: GameConfig, state: truc.State | None = None) -> None:
        super().__init__(config, state)
        self._cursor = 0
        self._moment: tuple[int, truc.Action] | None = None  # a finished trick on show
        self._speech: Lazy | None = None  # the computer's last words this round
        self._speeches: list[Lazy | None] = [None, None]  # hot-seat: each player's
        # The player's decisions graded by the rounds' workers (by move), and the rounds
        # (their first move) whose worker has reported.
        self.graded: dict[int, Graded[truc.Action]] = {}
        self.rounds_graded: set[int] = set()
        # Take-backs (practice): the positions before the player's decisions of this
        # round, as played (immutable states, restored as they were), the count for the
        # record's meta, and the decision last taken back (its grade on show).
        self._mine: list[truc.State] = [] if state is None else self.decisions_this_round(
            self.state)
        self.takebacks = 0  # a resumed record's count is set by the app (meta)
        self.taken: TakenBack | None = None

    #: The player's decisions are graded against the solution (against the computer).
    GRADES: ClassVar[bool] = True
    #: Practice may take a decision back (not a table played over the network).
    TAKE_BACKS: ClassVar[bool] = True

    @property
    def grades(self) -> bool:
        return self.GRADES and not self.hotseat

    def initial_state(self, s: truc.State) -> truc.State:
        return s.initial()

    def reset_view(self) -> None:
        self._moment = None
        self._speech = None
        self._speeches = [None, None]
        self._cursor = 0

    def reset_cursor(self) -> None:
        self._cursor = 0

    def log_start(self, s: truc.State) -> list[Lazy]:
        return [self.round_header(s)]

    @property
    def tstate(self) -> truc.State:
        return self.state

    # -- layout -----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Markup(id="scorebar", classes="scorebar")
        with Horizontal(id="main"):
            with Vertical(id="felt"):
                with Horizontal(id="opp-zone", classes="zone"):
                    yield from self.compose_opponent()
                    yield Markup(id="speech", classes="speech")
                with Horizontal(id="mid-zone"):
                    with Vertical(id="trick-box"):
                        yield Markup(id="trick-label", classes="small-label")
                        yield CardRow(2, id="trick", classes="trick-cards")
                        yield Markup(id="trick-names", classes="notes")
                    yield TricksBox(id="tricks", classes="tricks")
                    yield Markup(id="stake", classes="stake")
                yield Markup(id="status", classes="status")
                with Horizontal(id="my-zone", classes="zone"):
                    yield from self.compose_my_name()
                    yield CardRow(id="my-hand", classes="hand mine")
                with Horizontal(id="actions"):
                    for kind, _key, _a, _label in ACTIONS:
                        b = Button("", id=f"act-{kind}", compact=True,
                                   action=f"screen.act('{kind}')", classes="act")
                        b.can_focus = False
                        yield b
            yield from self.compose_log()
        yield from self.compose_keys()

    # -- drawing ----------------------------------------------------------------------------
    def render_table(self) -> None:
        s = self.tstate
        st = self.card_style
        moment = self._moment
        hands = [list(s.hands[0]), list(s.hands[1])]
        if moment is not None:
            hands[moment[0]].remove(moment[1].card)  # type: ignore[arg-type]
        me, opp = self.me, self.opp
        legal = s.legal_actions() if self.my_move() else []
        can_play = any(a.kind == "play" for a in legal)
        self._cursor = min(self._cursor, max(len(hands[me]) - 1, 0))

        self.query_one("#opp-hand", CardRow).show(
            [CardSpec(None) for _ in hands[opp]] or [NO_CARDS], st)
        mine = []
        for i, c in enumerate(hands[me]):
            if self.hidden:  # hot-seat, between turns: face down
                mine.append(CardSpec(None, title=HAND_KEYS[i]))
                continue
            cls = ["-playable"] if can_play else ["-dim"]
            if can_play and i == self._cursor:
                cls.append("-cursor")
            mine.append(CardSpec(c, title=HAND_KEYS[i], classes=tuple(cls)))
        self.query_one("#my-hand", CardRow).show(mine or [NO_CARDS], st)

        # The trick on the table: the card led, and the answer (or an empty place for it).
        lead = s.trick_card
        leader = s.leader
        answer = None
        if moment is not None and lead is not None:
            answer = moment[1].card
        elif moment is not None:
            lead, leader = moment[1].card, moment[0]
        if lead is None:
            slots = [CardSpec(empty=True)]
            names = [self.who(leader)]
        else:
            slots = [CardSpec(lead), CardSpec(answer, classes=("-new",)) if answer is not None
                     else CardSpec(empty=True)]
            names = [self.who(leader), self.who(1 - leader)]
        self.query_one("#trick", CardRow).show(slots, st)
        # Who played (or is to play) each card; a trick slot is 9 cells wide.
        self.query_one("#trick-names", Markup).set(
            "[dim]" + "".join(n.center(9)[:9] for n in names) + "[/]")
        self.query_one("#trick-label", Markup).set(
            tr("tbl.t.trick.current", n=min(len(s.tricks) + 1, 3)))
        self.query_one("#tricks", Markup).set(self.tricks_text(s))
        self.query_one("#stake", Markup).set(self.stake_text(s))
        self.query_one("#stake", Markup).border_title = tr("tbl.t.stake.title")
        speech = self.query_one("#speech", Markup)
        if self.hotseat:  # what the player across the table said last
            said = self._speeches[opp]
            speech.border_title = tr("tbl.t.speech.named", name=self.who(opp))
        else:
            said = self._speech
            speech.border_title = tr("tbl.t.speech.title")
        speech.set(said() if said else "…")

        self.render_seats(s)
        self.query_one("#scorebar", Markup).set(self.scorebar_text(s))
        status = self.query_one("#status", Markup)
        question = s.pending is not None and self.my_move()
        status.set_class(question, "-question")
        event = self._event() if self._event and not question else ""
        if self.taken is not None:  # the decision taken back: its grade, until the next one
            event = self.taken_text(self.taken)
        status.set(status_markup(event, self.prompt(s),
                                 self._notice() if self._notice else ""))
        for kind, key, action, label in ACTIONS:
            b = self.query_one(f"#act-{kind}", Button)
            text = f"{key} {tr(label)}"
            if str(b.label) != text:
                b.label = text
                b.refresh(layout=True)  # the width follows the (translated) label
            b.disabled = action not in legal
            b.variant = "primary" if action in legal else "default"

    def scorebar_text(self, s: truc.State) -> str:
        a, b = s.scores()
        t = s.rules.target
        key = "tbl.t.scorebar.named" if self.hotseat else "tbl.t.scorebar"
        fields = dict(you=a, computer=b, target=t, round=s.round_no, p1=self.who(0),
                      p2=self.who(1))
        text = tr(key, you_pips=pips(a, t), computer_pips=pips(b, t), **fields)
        bars = self.query("#scorebar")
        room = bars.first().content_size.width if bars else 0
        if room and Content.from_markup(text).cell_length > room:
            # too narrow (long hot-seat names, 80 columns): the numbers stay, the dots go
            text = tr(key, you_pips="", computer_pips="", **fields).replace("    ", "   ")
        return text

    def tricks_text(self, s: truc.State) -> str:
        st = self.card_style
        boxes = self.query("#tricks")
        room = boxes.first().content_size.width if boxes else 0

        def fits(line: str) -> bool:
            return not room or Content.from_markup(line).cell_length <= room

        lines = [f"[b]{tr('tbl.t.tricks.title')}[/]"]
        for i in range(3):
            label = tr("tbl.t.trick.n", n=i + 1)
            if i < len(s.tricks):
                trick = trick_markup(s.tricks[i], st, self.me)
                line = f"{label}  {trick}"
                if not fits(line):  # narrow (the move log beside): the result goes under
                    cards, result = trick.rsplit("  ", 1)
                    line = f"{label} {cards}\n{' ' * (len(label) + 1)}{result}"
                lines.append(line)
            else:
                lines.append(f"[dim]{label}  —[/]")
        # T1's order on one line, or (narrow) broken after its title, never inside the list.
        ranks = tr("tbl.t.ranks")
        if not fits(ranks) and ": " in ranks:
            ranks = ranks.replace(": ", ":\n", 1)
        lines.append(f"[dim]{ranks}[/]")
        return "\n".join(lines)

    def stake_text(self, s: truc.State) -> str:
        if s.rest:
            lines = [f"[b $text-warning]{tr('tbl.t.stake.rest')}[/]", tr("tbl.t.stake.game")]
        else:
            lines = [f"[b]{tr('tbl.t.stake.points', n=s.stake)}[/]"]
        if s.pending == "raise":
            asked = tr("tbl.t.stake.asked", n=truc.next_stake(s.stake))
            lines.append(f"[b $text-warning]{asked}[/]")
        elif s.pending == "rest":
            lines.append(f"[b $text-warning]{tr('tbl.t.stake.rest.asked')}[/]")
        elif s.pending == "redeal":
            lines.append(f"[b $text-warning]{tr('tbl.t.stake.redeal.asked')}[/]")
        return "\n".join(lines)

    def prompt(self, s: truc.State) -> str:
        st = self.card_style
        if self._moment is not None:
            # A finished trick on show: the state is still the one before its second card,
            # so say who moves after it (T5: the trick's winner leads the next one).
            after = s.apply(self._moment[1])
            if after.round_no != s.round_no and not after.is_terminal():
                return ""  # the round is over: its summary comes next
            return self.next_turn_prompt(after, "t")
        if s.is_terminal():
            return tr("tbl.t.prompt.over")
        if not self.my_move():
            if self.hotseat:
                return tr("tbl.t.prompt.named", name=self.who(s.current_player))
            if s.pending is not None:
                return tr(f"tbl.t.prompt.waiting.{s.pending}")
            return tr("tbl.t.prompt.computer")
        q = ".named" if self.hotseat else ""  # hot-seat: the asker by name
        asker = self.who(self.opp)
        if s.pending == "raise":
            return tr(f"tbl.t.q.raise{q}", old=s.stake, new=truc.next_stake(s.stake), name=asker)
        if s.pending == "rest":
            if truc.concession(s.stake, s.rest, s.pending, s.rules.rest_refusal)[1]:  # T8
                return tr(f"tbl.t.q.rest.game{q}", name=asker)
            return tr(f"tbl.t.q.rest{q}", old=s.stake, name=asker)
        if s.pending == "redeal":
            return tr(f"tbl.t.q.redeal{q}", name=asker)
        keys = hand_keys(len(s.hands[self.me]))
        if s.trick_card is not None:
            return tr("tbl.t.prompt.answer", card=card_markup(s.trick_card, st), keys=keys)
        return tr("tbl.t.prompt.lead", keys=keys)

    # -- input ------------------------------------------------------------------------------
    def action_pick(self, index: int) -> None:
        s = self.tstate
        hand = s.hands[self.me]
        if index >= len(hand):
            return  # no card there: the key does nothing
        self._cursor = index
        self.play_card(index)

    def action_move(self, step: int) -> None:
        hand = self.tstate.hands[self.me]
        if hand:
            self._cursor = (self._cursor + step) % len(hand)
            self._notice = None
            self.refresh_view()

    def action_confirm(self) -> None:
        self.play_card(self._cursor)

    def play_card(self, index: int) -> None:
        s = self.tstate
        if not self.my_move():
            self.warn(lambda: self.wait_text())
            return
        if s.pending is not None:
            reason = why_not(s, truc.Action("play"), self.me,
                             self.who(self.opp) if self.hotseat else None)
            self.warn(lambda: reason)
            return
        hand = s.hands[self.me]
        if 0 <= index < len(hand):
            self.human_move(truc.play(hand[index]))

    def action_act(self, kind: str) -> None:
        s = self.tstate
        if not self.my_move():
            self.warn(lambda: self.wait_text())
            return
        action = BY_KIND[kind][1]
        other = self.who(self.opp) if self.hotseat else None
        if action not in s.legal_actions():
            reason = why_not(s, action, self.me, other)
            self.warn(lambda: reason)
            return
        if kind == "fold":
            self.app.push_screen(FoldConfirm(s, other), self._fold_answer)
        else:
            self.human_move(action)

    def _fold_answer(self, yes: bool | None) -> None:
        if yes and self.my_move():
            self.human_move(truc.FOLD)

    def on_card_view_clicked(self, event: CardView.Clicked) -> None:
        row = event.view.parent
        if row is not None and row.id == "my-hand":
            self._cursor = event.view.index
            self.play_card(event.view.index)

    # -- moves ------------------------------------------------------------------------------
    def play(self, player: int, action: truc.Action) -> None:
        s = self.tstate
        self._event = self.event_for(s, player, action)
        if self.hotseat:
            self._speeches[player] = self.speech_for(s, action)
        elif player == COMPUTER:
            self._speech = self.speech_for(s, action)
        if action.kind == "play" and s.trick_card is not None and self.pace > 0:
            # T4/T5: the finished trick stays in the middle for a moment.
            self._busy = True
            self._moment = (player, action)
            self.played = s.apply(action)  # saved now, not when the moment ends
            self.refresh_view()
            self.later(self.pace * 1.5, lambda: self._end_moment(action))
        else:
            self.commit(action)

    def _end_moment(self, action: truc.Action) -> None:
        self._moment = None
        self.commit(action)

    def event_for(self, s: truc.State, player: int, action: truc.Action) -> Lazy:
        who = self.side(player)
        names = self.names(player)
        kind = action.kind
        if kind == "play":
            card = action.card
            assert card is not None
            lead = s.trick_card
            if lead is None:
                return lambda: tr(f"tbl.t.ev.lead.{who}", card=card_markup(card, self.card_style),
                                  **names)
            a, b = TRUC_STRENGTH[lead], TRUC_STRENGTH[card]
            result = "spoiled" if a == b else ("won" if (b > a) == (player == HUMAN) else "lost")
            winner = player if b > a else 1 - player
            if self.hotseat and a != b:  # T5: the trick's winner by name
                result = "named"
            return lambda: tr(f"tbl.t.ev.answer.{who}", card=card_markup(card, self.card_style),
                              lead=card_markup(lead, self.card_style), **names) + " " + \
                tr(f"tbl.t.ev.trick.{result}", name=self.who(winner))
        if kind in ("raise", "rest", "redeal"):
            stake = truc.next_stake(s.stake)
            return lambda: tr(f"tbl.t.ev.{kind}.{who}", n=stake, **names)
        if kind == "accept":
            pending = s.pending or "raise"
            stake = truc.next_stake(s.stake)
            return lambda: tr(f"tbl.t.ev.accept.{pending}.{who}", n=stake, **names)
        if kind == "refuse":  # name what was refused and what it scored (T3, T7, T8)
            refused: str = s.pending or "raise"
            if refused == "rest" and s.rules.rest_refusal == "game":
                refused = "rest.game"
            raised, scored = truc.next_stake(s.stake), s.stake
            return lambda: tr(f"tbl.t.ev.refuse.{refused}.{who}", n=raised, m=scored,
                              **names)
        return lambda: tr(f"tbl.t.ev.fold.{who}", **names)

    def speech_for(self, s: truc.State, action: truc.Action) -> Lazy:
        kind = action.kind
        if kind == "play":
            card = action.card
            assert card is not None
            return lambda: tr("tbl.t.say.play", card=card_markup(card, self.card_style))
        if kind == "accept":
            pending = s.pending or "raise"
            return lambda: tr(f"tbl.t.say.accept.{pending}")
        return lambda: tr(f"tbl.t.say.{kind}")

    def after_commit(self, old: truc.State, new: truc.State, mover: int,
                     action: truc.Action) -> bool:
        if mover == self.me and not self.hotseat:
            self._mine.append(old)  # the position before a decision: take-backs restore it
            self.taken = None  # chosen again: the grade on show has had its say
        if new.last_round is not old.last_round:
            self._mine.clear()  # a finished round stays as played (its next deal agreed)
        if new.current_player == self.me:
            self._cursor = min(self._cursor, max(len(new.hands[self.me]) - 1, 0))
        if new.last_round is not old.last_round:
            # T6-T10: the round is over; the summary holds the game until it is closed.
            self._busy = True
            # T2: the new round is dealt behind the summary: nobody has said anything in it
            # yet, so last round's words ("plays K♥", "2 pli?") leave the bubble now.
            if not new.is_terminal():
                self._speech = None
                self._speeches = [None, None]
            if self.hotseat:
                # New cards are dealt: both hands go face down behind the summary, and the
                # keyboard is passed after it (to the new round's first player).
                self.viewer = None
            self.refresh_view()
            start = old.round_start
            # The results screen grades the match's last round; in practice its review
            # shows its grades too, as every round's does (the results take them if they
            # come first, else grade the round again).
            if not new.is_terminal() or self.config.practice:
                self.grade_round(new, start)
            self.app.push_screen(self.round_summary(new, start), self._summary_closed)
            return True
        return False

    # -- take-backs (issue 38 item 3) -------------------------------------------------------
    @property
    def can_take_back(self) -> bool:
        """Practice against the computer only: never hot-seat, never over the network."""
        return self.TAKE_BACKS and self.grades and self.config.practice

    @staticmethod
    def decisions_this_round(s: truc.State, me: int = HUMAN) -> list[truc.State]:
        """The positions before ``me``'s decisions in ``s``'s round (a resumed game's,
        replayed from its deal as the record keeps it)."""
        if s.is_terminal():
            return []
        out = []
        cur = s.initial()
        for i, a in enumerate(s.history):
            if i >= s.round_start and cur.to_move == me:
                out.append(cur)
            cur = cur.apply(a)
        return out

    def compose_keys(self) -> ComposeResult:
        """The tables' key bar, with ``u`` (take back) in practice."""
        keys = list(TABLE_KEYS)
        if self.can_take_back:
            keys.insert(keys.index(next(k for k in keys if k.label == "tbl.key.menu")),
                        TAKE_BACK_KEY)
        yield KeyBar([(key.shown, key.label, key.action) for key in keys], id="keys")

    def refresh_keys(self) -> None:
        """``u`` is offered while there is a decision of this round to take back; at 80
        columns it takes the place of ``←→`` (the arrows still move, as the help says), so
        the bar fits in both languages."""
        super().refresh_keys()
        offered = self.can_take_back and bool(self._mine) and not self.state.is_terminal()
        for bar in self.query("#keys").results(KeyBar):
            bar.show(TAKE_BACK, offered)
            if offered and self.has_class("-narrow"):
                bar.show(SELECT, False)

    def action_take_back(self) -> None:
        """Take back the player's last decision of this round (practice): the table goes
        back to the position before it (the computer's reply undone too), its grade comes
        from a worker, and the player chooses again.  The record keeps only the moves
        finally played, so nothing taken back reaches the statistics."""
        s = self.tstate
        if not self.can_take_back:
            self.warn(lambda: tr("tbl.t.takeback.practice"))
            return
        if self._busy:  # a trick on show, a round's summary
            self.warn(lambda: tr("tbl.t.takeback.busy"))
            return
        if not self._mine:
            ended = s.is_terminal() or s.last_round is not None
            self.warn(lambda: tr("tbl.t.takeback.ended" if ended else "tbl.t.takeback.none"))
            return
        before = self._mine.pop()
        index = len(before.history)
        action = s.history[index]
        self.takebacks += 1
        # The meta first: the keeper writes it with the restored position.
        services(self).game_meta_changed(takebacks=self.takebacks)
        self.query_one(Thinking).stop()  # the computer's reply, if it was thinking, is void
        self.taken = TakenBack(index, action)
        self.restore(before)
        self.grade_taken(before, action, index)

    def load_state(self, s: truc.State) -> None:
        self.taken = None
        super().load_state(s)
        # Only where decisions are taken back: a position rebuilt from what the host sent
        # (the network) holds the other hand at random, and its round does not replay.
        self._mine = (self.decisions_this_round(self.tstate, self.me)  # its deals agreed
                      if self.can_take_back else [])

    def restore(self, before: truc.State) -> None:
        """Put ``before``, an earlier position of this round as it was played, back on the
        table: the same seam as a move (the reactive ``state``: the autosave writes it)."""
        self._epoch += 1  # the computer's worker and any timer of the later position: stale
        self._busy = False
        self._event = self._notice = None
        self.reset_view()
        self._log_entries = self.replay_log(before)
        self.played = None
        self.state = before
        self.advance()

    def grade_taken(self, before: truc.State, action: truc.Action, index: int) -> None:
        """Grade the taken-back decision in a thread worker, as the rounds' grading does."""
        from truf_tui.grading import grade_truc_move, is_truc_choice

        def work() -> None:
            worker = get_current_worker()
            graded: Graded[truc.Action] | None = None
            failed = False
            try:
                if is_truc_choice(before):
                    graded = grade_truc_move(before, action, index)
            except Exception as e:  # a grade is a bonus: log it, the game goes on
                failed = True
                from truf_tui.store.errorlog import log_bot_crash
                from truf_tui.ui.crashes import log_folder

                log_bot_crash(e, game="truc", tier="solved", where="take back", seat=HUMAN,
                              moves=[str(a) for a in before.history], folder=log_folder(self.app))
            if worker.is_cancelled:
                return
            try:
                self.post_message(TakeBackGraded(index, graded, failed))
            except RuntimeError:
                pass  # the app is closing

        self.run_worker(work, thread=True, group="takeback", exit_on_error=False)

    def on_take_back_graded(self, message: TakeBackGraded) -> None:
        message.stop()
        taken = self.taken
        if taken is None or taken.index != message.index:
            return  # the player has chosen again (or taken back another) meanwhile
        self.taken = TakenBack(taken.index, taken.action, message.graded, done=True,
                               failed=message.failed)
        self.refresh_view()

    def taken_text(self, taken: TakenBack) -> str:
        """The status line after a take-back: what was taken back, its grade and cost."""
        what = action_words(taken.action, self.card_style)
        g = taken.graded
        if g is None:
            key = ("tbl.t.takeback.working" if not taken.done else
                   "tbl.t.takeback.failed" if taken.failed else "tbl.t.takeback.nochoice")
            return tr(key, what=what)
        grade = tr(g.words_key)
        if g.loss > 0.0 and g.best != g.action:
            return tr("tbl.t.takeback.cost", what=what, grade=grade,
                      cost=amount(g.loss, g.unit), best=action_words(g.best, self.card_style))
        return tr("tbl.t.takeback.graded", what=what, grade=grade)

    # -- grading (issue 38 item 2) ---------------------------------------------------------
    def grade_round(self, new: truc.State, start: int) -> None:
        """Grade the player's decisions of the round that just ended (from move ``start``)
        in a thread worker: the table goes on at once, :class:`RoundGraded` brings them."""
        if not self.grades:
            return
        from truf_tui.ui.crashes import log_folder
        from truf_tui.ui.screens.truc_grades import grade_in_worker

        folder = log_folder(self.app)
        self.run_worker(lambda: grade_in_worker(new, start, "grading", self.post_message,
                                                folder),
                        thread=True, group="grading", exit_on_error=False)

    def on_round_graded(self, message: RoundGraded) -> None:
        message.stop()
        for g in message.graded:
            self.graded[g.index] = g
        if not message.failed:
            self.rounds_graded.add(message.start)
        services(self).keep_graded(message.graded, self.tstate)
        for screen in self.app.screen_stack:
            if isinstance(screen, GradesShown) and screen.round_start == message.start:
                screen.show_grades(message.graded, message.failed)

    def round_summary(self, new: truc.State, start: int | None = None) -> TrucRoundSummary:
        """The dialog after a round (T6-T10) that ended in ``new``."""
        if self.config.practice:  # the computer's hand and a review of the round
            from truf_tui.ui.screens.practice import PracticeRoundSummary

            return PracticeRoundSummary(new, round_start=start, grades=self.grades)
        return TrucRoundSummary(new, names=self.names_or_none)

    def _summary_closed(self, _: str | None) -> None:
        self._busy = False
        self._speech = None
        self._speeches = [None, None]
        self._event = None
        self._cursor = 0
        self.advance()

    def round_header(self, s: truc.State) -> Lazy:
        n, dealer = s.round_no, s.dealer
        return lambda: "[dim]" + tr("tbl.t.log.round", n=n, dealer=self.who(dealer)) + "[/]"

    def log_lines_for(self, old: truc.State, new: truc.State, mover: int,
                      action: truc.Action) -> list[Lazy]:
        lines = [self.move_line(mover, action, old)]
        end = new.last_round
        if end is not old.last_round and end is not None:
            lines.append(lambda: "  → " + points_text(end, self.names_or_none))
            if not new.is_terminal():
                lines.append(self.round_header(new))
        return lines

    def show_results(self) -> None:
        if not self.grades:
            self.app.push_screen(TrucResults(self.tstate, self.hints_used,
                                             names=self.names_or_none), self.results_closed)
            return
        from truf_tui.ui.screens.truc_graded import GradedTrucResults

        # The rounds' workers graded some rounds; the results screen grades the rest from
        # the first round not graded yet (the last one, one still at it, a resumed match's).
        first = first_ungraded(self.tstate, self.rounds_graded)
        done = {i: g for i, g in self.graded.items() if i < first}
        self.app.push_screen(GradedTrucResults(self.tstate, self.hints_used, known=done,
                                               graded_upto=first, tier=self.config.tier),
                             self.results_closed)


def pips(score: int, target: int) -> str:
    """A score as filled and empty dots towards the target (numbers alone past 24)."""
    if target > 24:
        return ""
    n = min(score, target)
    return "●" * n + "[dim]" + "○" * (target - n) + "[/]"
