"""The coach's practice mode (the start screen's "Practice" switch, ``GameConfig.practice``).

- Trufludo: playing a card that leaves exactly one card on the table, when another move
  would not and the expert's figures (the hint's) say it costs at least an inaccuracy,
  asks "are you sure?" once per position, with the reason (the seed's tactic) and the
  figures: :func:`confirm_risky`, :class:`LeaveOneConfirm`.
- Le Truc: after every round the summary reveals the computer's hand and reviews the round
  (:func:`truf_tui.coach.review_round`): which raises and rests were bluffs, which worked,
  which were called, which of your refusals gave up a round you would have won
  (:class:`PracticeRoundSummary`).  The reviews of the session are kept on the app, and
  ``b`` on the summary shows their totals (:class:`BluffStatsScreen`).
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button

from truf_tui import coach
from truf_tui.cards import Card
from truf_tui.engine import truc, trufludo
from truf_tui.grading import Graded, grade_key, is_wrong, share_text
from truf_tui.play.config import COMPUTER, HUMAN
from truf_tui.ui.i18n import tr
from truf_tui.ui.screens.dialogs import ConfirmDialog
from truf_tui.ui.screens.summary import TrucRoundSummary, columns
from truf_tui.ui.services import services
from truf_tui.ui.settings import Translated
from truf_tui.ui.widgets.cards import card_markup, cards_markup
from truf_tui.ui.widgets.table import Markup

if TYPE_CHECKING:
    from truf_tui.ui.screens.trufludo_table import TrufludoTable


def _style(app: App[object]) -> str:
    return services(app).settings.card_style


# -- Trufludo: "are you sure?" ------------------------------------------------------------------
class LeaveOneConfirm(ConfirmDialog):
    """Playing ``card`` would leave ``left`` alone on the table (F7): are you sure?  With the
    expert's figures (the hint's): this move's chance of winning and the better move's."""

    DEFAULT_CSS = """
    LeaveOneConfirm .dialog {
        width: 64;
        border: thick $warning;
    }
    """

    def __init__(self, card: Card, left: Card,
                 figures: tuple[float, trufludo.Play, float] | None = None) -> None:
        super().__init__("practice.f.title", "practice.f.message", "practice.f.yes",
                         "practice.f.no", id="confirm-leave-one")
        self.card = card
        self.left = left
        self.figures = figures  # this move's chance, the best move and its chance

    def message(self) -> str:
        st = _style(self.app)
        text = tr("practice.f.message", card=card_markup(self.card, st),
                  left=card_markup(self.left, st))
        if self.figures is not None:
            mine, best, top = self.figures
            # the move as the move log and the review say it
            move = (tr("move.f.throw", card=card_markup(best.card, st)) if best.take is None
                    else tr("move.f.take", card=card_markup(best.card, st),
                            take=card_markup(best.take, st)))
            text += "\n" + tr("practice.f.figures", mine=round(100 * mine), best=move,
                               top=round(100 * top))
        return text


# Positions already asked about, per table: "once per game situation".
_asked: weakref.WeakKeyDictionary[TrufludoTable, set[trufludo.State]] = (
    weakref.WeakKeyDictionary())


def worth_asking(values: list[tuple[trufludo.Play, float]], state: trufludo.State,
                 action: trufludo.Play) -> tuple[float, trufludo.Play, float] | None:
    """The figures to ask with (this move's chance, the best move, its chance), when the
    expert's figures (the hint's, ``grading.expert_view``) back the old advice: the move
    costs at least an inaccuracy (``grading.THRESHOLDS``) against a best move that leaves no
    single card.  Else None: as a new user, 24 of 26 warnings came on the hint's best move
    (taking a card and leaving one is mostly worth more than a throw that leaves three)."""
    from truf_tui.grading import THRESHOLDS

    chance = dict(values)
    if action not in chance or not values:
        return None
    best, top = values[0]
    if coach.leaves_one(state, best) is not None:
        return None
    if top - chance[action] < THRESHOLDS["win chance"].inaccuracy - 1e-9:
        return None
    return chance[action], best, top


def confirm_risky(table: TrufludoTable, action: trufludo.Play) -> bool:
    """In practice mode, before the player's ``action`` is played: ask first if it leaves a
    single card, another move would not, and the expert's figures say it costs (once per
    position).  True: the move waits, for the expert (a worker) and then for the answer
    (played by ``table.human_move`` when it is worth no question, or on "yes")."""
    s = table.state
    if not table.config.practice or s.current_player != HUMAN or table._busy:
        return False
    asked = _asked.setdefault(table, set())
    if s in asked:
        return False
    try:
        left = coach.risky(s, action)
    except ValueError:  # not a legal move: the table says why
        return False
    if left is None:
        return False
    asked.add(s)
    wanted = services(table).bot_options.get("iterations")

    def judge() -> None:
        from truf_tui.grading import GRADE_ITERATIONS, expert_view

        figures: tuple[float, trufludo.Play, float] | None
        try:
            values = expert_view(s, iterations=wanted if isinstance(wanted, int)
                                 else GRADE_ITERATIONS)
            figures = worth_asking(values, s, action)
            ask = figures is not None
        except Exception:  # the expert failed: the old advice alone
            figures, ask = None, True
        try:
            table.app.call_from_thread(judged, ask, figures)
        except RuntimeError:
            pass  # the app is closing

    def judged(ask: bool, figures: tuple[float, trufludo.Play, float] | None) -> None:
        if table.state != s or not table.is_attached:
            return  # another move was made meanwhile
        if not ask:
            table.human_move(action)
            return

        def answered(yes: bool | None) -> None:
            if yes and table.state == s:
                table.human_move(action)

        table.app.push_screen(LeaveOneConfirm(action.card, left, figures), answered)

    table.run_worker(judge, thread=True, group="practice-warning", exit_on_error=False)
    return True


# -- Le Truc: the round review ------------------------------------------------------------------
RARE = 0.1  # a bet the solved player makes less often than this with the hand is "rare"


def _who(p: int) -> str:
    return "you" if p == HUMAN else "computer"


Grades = Mapping[int, Graded[truc.Action]]


def answer_wrong(b: coach.Bet, grades: Grades | None) -> bool | None:
    """Whether the answer to ``b`` is called wrong (None: nothing is said).  Where the
    decisions are graded (``grades``, by move; empty while the worker is at it), its grade
    alone says so (``grading.is_wrong``): a call the solved player never makes but that is
    graded best or correct is not "a wrong call" beside that grade.  Where nothing is graded
    (a replay), the solved player's mix does (:attr:`coach.Bet.wrong_answer`)."""
    if grades is None:
        return b.wrong_answer
    g = grades.get(b.answer_at) if b.answer_at is not None else None
    return None if g is None else is_wrong(g.grade)


def review_lines(review: coach.RoundReview, style: str = "symbols",
                 names: tuple[str, str] | None = None,
                 grades: Grades | None = None) -> list[str]:
    """The practice notes of a round, in the current language.  ``names``: the two seats'
    names, for a game the player did not play in (a watched or hot-seat game's replay):
    every bet and answer of both seats, by name, and no "you".  ``grades``: the player's
    graded decisions by move, which decide whether an answer was wrong
    (:func:`answer_wrong`)."""
    cards = [cards_markup(review.hands[p], style) for p in (0, 1)]
    dealt = [cards_markup(review.dealt[p], style) for p in (0, 1)]
    if names is None:
        lines = [tr("review.title"), tr("review.hands", computer=cards[COMPUTER], you=cards[HUMAN])]
        if review.hands != review.dealt:
            lines.append(tr("review.redealt", computer=dealt[COMPUTER], you=dealt[HUMAN]))
    else:
        seats = {"a": names[COMPUTER], "b": names[HUMAN]}
        lines = [tr("review.title"), tr("review.named.hands", **seats, ca=cards[COMPUTER],
                                        cb=cards[HUMAN])]
        if review.hands != review.dealt:
            lines.append(tr("review.named.redealt", **seats, ca=dealt[COMPUTER],
                            cb=dealt[HUMAN]))
    notes: list[str] = []
    for b in review.bets:
        who = _who(b.by)
        if names is None:
            head = tr(f"review.bet.{who}.{b.kind}", n=b.asked, trick=b.trick)
        else:
            head = tr(f"review.named.bet.{b.kind}", name=names[b.by], n=b.asked, trick=b.trick)
        if b.solved is not None:  # the solved strategy's definition (coach's docstring)
            text = f"{head} " + tr(
                "review.solved.bluff" if b.bluff else "review.solved.value",
                w=_pct(b.solved.called_wins), p=share_text(b.solved.p_raise)) + "."
        else:
            text = f"{head} " + tr("review.bluff" if b.bluff else "review.value",
                                   p=_pct(b.equity)) + "."
        bettor = other = ""
        if names is not None:
            bettor, other = names[b.by], names[1 - b.by]
        if b.worked:
            if names is None:
                text += " " + tr(f"review.worked.{who}" if b.bluff else f"review.gave.in.{who}")
            else:
                text += " " + tr("review.named.worked" if b.bluff else "review.named.gave.in",
                                 name=other)
            if b.would_win == 0.0:
                text += (tr(f"review.stolen.{who}") if names is None
                         else tr("review.named.stolen", name=bettor))
            elif b.would_win == 1.0:
                text += (tr(f"review.not.stolen.{who}") if names is None
                         else tr("review.named.not.stolen", name=bettor))
            else:
                text += "."
            # The odds said one thing, the cards another: say which was which (A8).
            if b.solved is not None and b.bluff and b.would_win == 1.0:
                text += " " + tr("review.bridge.bluff")
            elif b.solved is not None and not b.bluff and b.would_win == 0.0:
                text += " " + tr("review.bridge.value")
        elif b.called:
            text += " " + (tr(f"review.called.{who}") if names is None
                           else tr("review.named.called", name=other))
        else:
            text += " " + tr("review.unanswered")
        if (names is None and b.by != HUMAN and b.solved is not None
                and b.solved.p_raise < RARE):
            # The figure is the solved player's, the bet the computer's own (A7).
            text += " " + tr("review.solved.computer.own")
        notes.append(text)
        seen = b.answer_view
        if (b.by != HUMAN or names is not None) and b.answer is not None:
            # Every answer is reviewed, the second call of a round too (A10).
            answer = tr(f"review.what.{b.answer}")
            if seen is None:  # outside the solved strategy's tree
                notes.append(tr("review.solved.outside", what=answer) if names is None
                             else tr("review.named.solved.outside", what=answer,
                                     name=names[1 - b.by]))
                continue
            figures = {"p": share_text(seen.p_accept), "s": _pct(seen.range_share),
                       "b": _pct(seen.below)}
            line = (tr("review.solved.answer", what=answer, **figures) if names is None
                    else tr("review.named.answer", what=answer, name=names[1 - b.by],
                            **figures))
            wrong = answer_wrong(b, grades)
            if wrong:
                line += " " + tr("review.solved.wrong.call" if b.called
                                 else "review.solved.wrong.refusal")
            graded = (grades or {}).get(b.answer_at if b.answer_at is not None else -1)
            never = graded is not None and (graded.played is False or (
                graded.played is None and b.wrong_answer))  # a kept grade: the mix says
            if graded is not None and not wrong and never:
                # never the solution's answer, and no error by its value: its grade says so
                line += " " + tr("review.solved.graded",
                                 grade=tr(grade_key(graded.grade, played=False)))
            if b.called:  # a refusal's bridge follows what it gave up, below
                bridge = _bridge(wrong, review.end.winner == 1 - b.by,
                                 review.end.winner == b.by)
                if bridge is not None:
                    line += " " + tr(bridge)
            notes.append(line)
    for g in review.give_ups:
        if g.by != HUMAN and names is None:
            continue
        what = tr(f"review.what.{g.kind}")
        verdict = "wrong" if g.wrong else "right" if g.would_win == 0.0 else "even"
        if names is None:
            line = tr(f"review.refusal.{verdict}", what=what)
        else:
            line = tr(f"review.named.refusal.{verdict}", what=what, name=names[g.by],
                      other=names[1 - g.by])
        answered = next((b for b in review.bets if b.by != g.by and b.answer == g.kind), None)
        if answered is not None:
            bridge = _bridge(answer_wrong(answered, grades), g.would_win == 0.0,
                             g.would_win == 1.0)
            if bridge is not None:
                line += " " + tr(bridge)
        notes.append(line)
    if not notes:
        notes.append(tr("review.none"))
    lines += ["• " + n for n in notes]
    if any(b.solved is not None for b in review.bets):
        lines.append(tr("review.solved.measure" if names is None
                        else "review.named.solved.measure"))
    elif review.bets:
        lines.append(tr("review.measure", p=_pct(coach.BLUFF_THRESHOLD)))
    return lines


def _bridge(wrong: bool | None, well: bool, badly: bool) -> str | None:
    """The bridge between the verdict on an answer (``wrong``: :func:`answer_wrong`) and
    how it turned out for the answerer (``well``: it won the round it called, or would
    have lost the one it gave up; ``badly``: the reverse): "right decision, unlucky cards"
    and the reverse, or None when the two agree or there is no verdict (A8)."""
    if wrong is None:
        return None
    if not wrong and badly:
        return "review.bridge.unlucky"
    if wrong and well:
        return "review.bridge.lucky"
    return None


def _pct(p: float) -> int:
    return int(round(100 * p))


def session_reviews(app: App[object]) -> dict[coach.RoundKey, coach.RoundReview]:
    """The Truc rounds reviewed in this session (this run of the app), by round."""
    return services(app).practice_reviews


class PracticeRoundSummary(TrucRoundSummary):
    """The round summary with the computer's hand and the round's review (practice mode)."""

    DEFAULT_CSS = """
    PracticeRoundSummary .summary-box {
        width: 90;
        max-width: 100%;
    }
    PracticeRoundSummary #summary-scroll {
        height: auto;
        max-height: 55vh;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "bluff_stats", show=False),
        Binding("v", "toggle_values", show=False),
        Binding("up", "scroll_review(-1)", show=False),
        Binding("down", "scroll_review(1)", show=False),
    ]

    def __init__(self, state: truc.State, review: coach.RoundReview | None = None, *,
                 round_start: int | None = None, grades: bool = False) -> None:
        super().__init__(state)
        self.review = coach.last_review(state) if review is None else review
        # The round's graded decisions (issue 38 item 2): the table's worker brings them
        # (show_grades); None while it is at it.  ``grades`` False: none are coming.
        self.round_start = round_start
        self.wants_grades = grades and round_start is not None
        self.graded: list[Graded[truc.Action]] | None = None
        self.grading_failed = False
        self.details = False  # every option's value shown under each decision
        self._before: list[truc.State] | None = None

    def show_grades(self, graded: list[Graded[truc.Action]], failed: bool) -> None:
        """The worker's grades of this round's decisions."""
        self.graded = sorted(graded, key=lambda g: g.index)
        self.grading_failed = failed
        if self.is_attached and self.query("#summary-body"):  # else on_mount shows them
            self.refresh_texts()

    def before(self, i: int) -> truc.State:
        """The state before move ``i`` of the match."""
        if self._before is None:
            from truf_tui.ui.screens.truc_grades import positions_of

            self._before = positions_of(self.state)
        return self._before[i]

    def graded_lines(self) -> list[str]:
        if not self.wants_grades:
            return []
        from truf_tui.ui.screens.truc_grades import round_review_lines

        return round_review_lines(self.graded, self.grading_failed, self.before,
                                  _style(self.app), self.details)

    def action_toggle_values(self) -> None:
        """``v``: unfold or fold every option's value under the graded decisions."""
        if self.graded:
            self.details = not self.details
            self.refresh_texts()

    SCROLLS = True

    def on_mount(self) -> None:
        super().on_mount()
        r = self.review
        if r is not None:
            s = self.state
            key = (s.seed, s.first_dealer, s.deck, r.round, len(s.history))
            session_reviews(self.app)[key] = r

    def texts(self) -> tuple[str, str]:
        title, body = super().texts()
        graded = self.graded_lines()  # the costliest decisions first, before the notes
        if graded:
            body += "\n\n" + "\n".join(graded)
        if self.review is None:
            return title, body
        # the answers' verdicts follow their grades, once the worker brings them
        grades = ({g.index: g for g in self.graded or []} if self.wants_grades else None)
        extra = review_lines(self.review, _style(self.app), grades=grades)
        extra.append(f"[dim]{tr('review.stats.key')}[/]")
        return title, body + "\n\n" + "\n".join(extra)

    def action_scroll_review(self, step: int) -> None:
        """Up and down scroll a review too long for a small terminal."""
        scroll = self.query_one("#summary-scroll", VerticalScroll)
        scroll.scroll_to(y=scroll.scroll_y + 2 * step, animate=False)

    def action_bluff_stats(self) -> None:
        self.app.push_screen(BluffStatsScreen())


class BluffStatsScreen(Translated, ModalScreen[None]):
    """Your bluffing in this session, counted over the reviewed practice rounds."""

    CSS_PATH = "../tables.tcss"
    DEFAULT_CSS = """
    BluffStatsScreen {
        align: center middle;
        background: $background 50%;
    }
    BluffStatsScreen .summary-box {
        width: 64;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,space,b", "close", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box summary-box"):
            yield Markup(id="bluffs-title", classes="dialog-title")
            yield Markup(id="bluffs-body", classes="summary-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button(id="close", variant="primary")

    def mounted(self) -> None:
        self.query_one(Button).focus()

    def refresh_texts(self) -> None:
        self.query_one("#bluffs-title", Markup).set(tr("bluffs.title"))
        self.query_one("#bluffs-body", Markup).set(bluff_table(
            coach.BluffStats.of(list(session_reviews(self.app).values()), HUMAN)))
        self.query_one(Button).label = tr("bluffs.close")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_close()

    _done = False

    def action_close(self) -> None:
        if not self._done:
            self._done = True
            self.dismiss(None)


def _rate(part: int, whole: int) -> str:
    return f"{part}/{whole}  {int(round(100 * part / whole))}%" if whole else f"{part}"


def bluff_table(st: coach.BluffStats) -> str:
    """The session's counts as a small table with bars."""
    if st.rounds == 0:
        return tr("bluffs.empty")
    # The statistics screen's rows (coach.BLUFF_ROWS): the grades judge the answers.
    rows: list[tuple[str, int, int | None]] = [
        (tr("bluffs.rounds"), st.rounds, None),
        *((tr(key), *get(st)) for key, get in coach.BLUFF_ROWS)]
    plain = []
    shown = []
    for label, n, whole in rows:
        value = _rate(n, whole) if whole is not None else str(n)
        bar = ""
        if whole:
            k = int(round(12 * n / whole))
            bar = "█" * k + "░" * (12 - k)
        plain.append([label, value, bar])
        shown.append([label, f"[b]{value}[/]", f"[$text-accent]{bar}[/]" if bar else ""])
    return columns(shown, plain)


__all__ = ["BluffStatsScreen", "LeaveOneConfirm", "PracticeRoundSummary", "bluff_table",
           "confirm_risky", "review_lines", "session_reviews"]
