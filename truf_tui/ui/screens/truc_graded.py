"""Le Truc's graded decisions (issue 38 item 2): what each of the player's decisions cost
against the solution, in the practice review of a round and at the end of a match.

The table grades each finished round's decisions in a thread worker
(:func:`truf_tui.grading.grade_truc`, the solution's ``action_values``) and posts
:class:`RoundGraded`; it never waits for it.  The practice summary shows the grades when
they come (costliest first, every option's value folded behind ``v``); the results screen
(:class:`GradedTrucResults`) grades what is left (the last round, a round whose worker did not
finish) in its own worker and shows the match's total cost and its three costliest
decisions, 1-3 opening the replay at that move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import ClassVar, Protocol, runtime_checkable

from textual import on
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.message import Message
from textual.worker import get_current_worker

from truf_tui.engine import truc
from truf_tui.engine.record import GameRecord
from truf_tui.grading import (
    Grade,
    Graded,
    Unit,
    costliest_scaled,
    counts,
    grade_truc,
    totals,
)
from truf_tui.play.config import HUMAN
from truf_tui.store import GameRow
from truf_tui.ui.i18n import plural, tr
from truf_tui.ui.screens.summary import Names, TrucResults, _style
from truf_tui.ui.services import services
from truf_tui.ui.widgets.cards import card_markup

TOP = 3  # the costliest decisions shown at the end of a match
TruGraded = Graded[truc.Action]


class RoundGraded(Message):
    """A worker's grades of the player's decisions from move ``start`` on (a round, or
    what the results screen had left); ``failed``: the grader broke (logged)."""

    def __init__(self, graded: list[TruGraded], start: int, failed: bool) -> None:
        super().__init__()
        self.graded = graded
        self.start = start
        self.failed = failed


def grade_in_worker(state: truc.State, start: int, where: str,
                    post: Callable[[RoundGraded], object], folder: Path | None = None) -> None:
    """The body of a grading worker (a thread): the player's decisions of ``state``'s
    match from move ``start`` on, posted as :class:`RoundGraded` (nothing if cancelled)."""
    worker = get_current_worker()
    failed = False
    try:
        graded = grade_truc(state, HUMAN, start=start, cancelled=lambda: worker.is_cancelled)
    except Exception as e:  # grades are a bonus: a failure must not end the game
        from truf_tui.store.errorlog import log_bot_crash

        log_bot_crash(e, game="truc", tier="solved", where=where, seat=HUMAN,
                      moves=[str(a) for a in state.history], folder=folder)
        graded, failed = [], True
    if worker.is_cancelled:
        return
    try:
        post(RoundGraded(graded, start, failed))
    except RuntimeError:
        pass  # the app is closing


def action_words(action: truc.Action, style: str) -> str:
    """A decision in a few words: the card played, or the call (the table's button)."""
    if action.kind == "play" and action.card is not None:
        return card_markup(action.card, style)
    return tr(f"tbl.t.btn.{action.kind}")


def amount(x: float, unit: Unit) -> str:
    """A value or a loss in its unit: points with two decimals, a chance in whole
    percentage points."""
    if unit == "points":
        return tr("graded.t.points", x=round(x, 2))
    return tr("graded.t.pct", x=int(round(100 * x)))


def cost_text(graded: Sequence[TruGraded]) -> str:
    """The total cost, each unit apart ("0.9 points and 4% of the match")."""
    t = totals(graded)
    parts = [amount(t[u], u) for u in ("points", "match") if u in t]
    return tr("graded.t.and").join(parts) if parts else amount(0.0, "points")


def trick_of(state_before: truc.State) -> int:
    return min(len(state_before.tricks) + 1, 3)


def decision_lines(graded: Sequence[TruGraded], before: Callable[[int], truc.State],
                   style: str, details: bool = False,
                   keys: bool = False) -> list[str]:
    """The decisions, costliest first: what was chosen in which trick, its grade and cost,
    the best option; with ``details``, every option's value under each (best first).
    ``before(i)``: the state before move ``i``; ``keys``: number the lines as the keys
    that open the replay there."""
    order = sorted(graded, key=lambda g: (g.grade == Grade.BEST, -g.loss, g.index))
    lines = []
    for k, g in enumerate(order, start=1):
        s = before(g.index)
        mark = f"[@click=screen.replay_move({k - 1})][b]{k}[/][/] " if keys else "• "
        line = mark + tr("graded.t.decision", what=action_words(g.action, style),
                         trick=trick_of(s), grade=tr(f"grade.{g.grade.key}"))
        if g.grade > Grade.BEST and g.loss > 0.0:
            line += " " + tr("graded.t.cost", cost=amount(g.loss, g.unit),
                             best=action_words(g.best, style))
        lines.append(line)
        if details:
            seen: set[str] = set()
            opts = []
            for a, v in g.values:
                words = action_words(a, style) if a.kind != "play" else (
                    card_markup(a.card, style) if a.card is not None else str(a))
                key = str(a.card.rank) if a.kind == "play" and a.card is not None else a.kind
                if key in seen:  # one figure per rank (T1)
                    continue
                seen.add(key)
                opts.append(f"{words} {amount(v, g.unit)}")
            lines.append("    [dim]" + " · ".join(opts) + "[/]")
    return lines


def round_review_lines(graded: Sequence[TruGraded] | None, failed: bool,
                       before: Callable[[int], truc.State], style: str,
                       details: bool) -> list[str]:
    """The practice review's graded part for one round."""
    if failed:
        return [tr("graded.t.failed")]
    if graded is None:
        return [tr("graded.t.pending")]
    if not graded:
        return [tr("graded.t.none")]
    lines = [plural("graded.t.round", len(graded), cost=cost_text(graded))]
    lines += decision_lines(graded, before, style, details)
    lines.append(f"[dim]{tr('graded.t.details.hide' if details else 'graded.t.details')}[/]")
    return lines


def positions_of(state: truc.State) -> list[truc.State]:
    """The state before each move of ``state``'s match."""
    out = []
    s = state.initial()
    for a in state.history:
        out.append(s)
        s = s.apply(a)
    return out


def first_ungraded(state: truc.State, graded_rounds: set[int]) -> int:
    """The first move of the match's first round not in ``graded_rounds`` (rounds by their
    first move), or the match's length if every round is."""
    starts = sorted({s.round_start for s in positions_of(state)})
    return next((x for x in starts if x not in graded_rounds), len(state.history))


@runtime_checkable
class GradesShown(Protocol):
    """A screen that shows the grades of one round when its worker brings them (the
    practice summary)."""

    round_start: int | None

    def show_grades(self, graded: list[TruGraded], failed: bool) -> None: ...


def match_review_lines(graded: Sequence[TruGraded], before: Callable[[int], truc.State],
                       style: str) -> list[str]:
    """The end of a match: how many decisions, of which grade, their total cost, and the
    three costliest (keys 1-3: the replay at that move)."""
    if not graded:
        return []
    n = counts(graded)
    lines = [tr("graded.t.match", cost=cost_text(graded), n=len(graded)),
             "  " + " · ".join(f"{tr(f'grade.{g.key}')} {n[g]}" for g in Grade)]
    top = costliest_scaled(graded, TOP)
    if not top:
        lines.append(tr("graded.f.clean"))
        return lines
    lines.append(tr("graded.f.top", keys=f"1–{len(top)}" if len(top) > 1 else "1"))
    for k, g in enumerate(top, start=1):
        s = before(g.index)
        lines.append(f"[@click=screen.replay_move({k - 1})][b]{k}[/][/] "
                     + tr("graded.t.top", round=s.round_no, trick=trick_of(s),
                          what=action_words(g.action, style), grade=tr(f"grade.{g.grade.key}"),
                          cost=amount(g.loss, g.unit), best=action_words(g.best, style)))
    return lines


def finished_truc_row(state: truc.State, tier: str | None) -> GameRow:
    """A history row for the replay viewer, for the match just finished at this table."""
    record = GameRecord.from_state(state)
    a, b = state.scores()
    w = state.winner()
    return GameRow(
        id=0, uid="", game="truc", tier=tier, rules=dict(record.rules), human_seat=HUMAN,
        result="draw" if w is None else "win" if w == HUMAN else "loss",
        score_human=a, score_computer=b, trufegoj_human=None, trufegoj_computer=None,
        rounds=state.round_no, hints_used=0, practice=False,
        record_json=record.to_json(indent=None), started_at="", finished_at="",
        start=(state.start_scores[HUMAN], state.start_scores[1 - HUMAN]))


class GradedTrucResults(TrucResults):
    """Le Truc's results against the computer, with the total cost of the player's
    decisions and the three costliest.  ``known``: the decisions the table's round workers
    graded already (by move); the rest are graded here, in a worker."""

    SCROLLS = True
    DEFAULT_CSS = """
    GradedTrucResults #summary-scroll {
        height: auto;
        max-height: 70vh;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(k + 1), f"replay_move({k})", show=False) for k in range(TOP)),
        Binding("up", "scroll_review(-1)", show=False),
        Binding("down", "scroll_review(1)", show=False),
    ]

    def __init__(self, state: truc.State, hints_used: int = 0, *,
                 known: dict[int, TruGraded] | None = None, graded_upto: int = 0,
                 tier: str | None = None, names: Names | None = None) -> None:
        super().__init__(state, hints_used, names=names)
        self.tier = tier
        self.known = dict(known or {})
        self.graded_upto = graded_upto  # moves before this one are graded in ``known``
        self.grading = False
        self.failed = False
        self._before = positions_of(state)

    def on_mount(self) -> None:
        super().on_mount()
        if self.names is None and self.state.history:
            self.grading = True
            self.refresh_texts()
            from truf_tui.ui.crashes import log_folder

            folder = log_folder(self.app)
            self.run_worker(lambda: grade_in_worker(self.state, self.graded_upto, "grading",
                                                    self.post_message, folder),
                            thread=True, group="grading", exclusive=True, exit_on_error=False)

    @on(RoundGraded)
    def round_graded(self, message: RoundGraded) -> None:
        message.stop()
        self.grading = False
        self.failed = message.failed
        for g in message.graded:
            self.known[g.index] = g
        services(self).keep_graded(message.graded, "truc")
        if self.is_attached:
            self.refresh_texts()

    @property
    def graded(self) -> list[TruGraded]:
        return [self.known[i] for i in sorted(self.known)]

    def review_lines(self) -> list[str]:
        if self.grading:
            return [tr("graded.t.pending.match")]
        if self.failed:
            return [tr("graded.t.failed")]
        return match_review_lines(self.graded, self._before.__getitem__, _style(self))

    def texts(self) -> tuple[str, str]:
        title, body = super().texts()
        review = self.review_lines()
        if review:
            body += "\n\n" + "\n".join(review)
        return title, body

    def costliest_decisions(self) -> list[TruGraded]:
        return costliest_scaled(self.graded, TOP)

    def action_replay_move(self, k: int) -> None:
        """Open the replay at the ``k``-th costliest decision (0 for the costliest), on the
        position the decision was made in."""
        from truf_tui.ui.screens.replay import ReplayScreen

        top = self.costliest_decisions()
        if k >= len(top):
            return
        g = top[k]
        move = g.index + 1
        self.app.push_screen(ReplayScreen(
            finished_truc_row(self.state, self.tier), start=move,
            title=lambda: tr("graded.t.replay.title", move=move,
                             grade=tr(f"grade.{g.grade.key}"), cost=amount(g.loss, g.unit))))

    def action_scroll_review(self, step: int) -> None:
        """Up and down scroll a review too long for a small terminal."""
        scroll = self.query_one("#summary-scroll", VerticalScroll)
        scroll.scroll_to(y=scroll.scroll_y + 2 * step, animate=False)


__all__ = ["GradedTrucResults", "GradesShown", "first_ungraded", "RoundGraded", "action_words", "amount", "cost_text",
           "decision_lines", "finished_truc_row", "grade_in_worker", "match_review_lines",
           "positions_of", "round_review_lines"]
