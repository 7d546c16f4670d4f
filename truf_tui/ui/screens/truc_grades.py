"""Le Truc's graded decisions in words (issue 38 item 2), and the grading worker's body:
what the practice review of a round and the end of a match say
(:mod:`truf_tui.ui.screens.truc_graded` is the results screen).

The table grades each finished round's decisions in a thread worker
(:func:`truf_tui.grading.grade_truc`, the solution's ``action_values``) and posts
:class:`RoundGraded`; it never waits for it.  The practice summary shows the grades when
they come (costliest first, every option's value folded behind ``v``).  Kept apart from the
results screen, which opens the replay: the practice summary, which the replay uses, needs
these words and not the replay.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol, runtime_checkable

from textual.message import Message
from textual.worker import get_current_worker

from truf_tui.engine import truc
from truf_tui.grading import (
    Grade,
    Graded,
    Unit,
    costliest_scaled,
    counts,
    grade_truc,
    totals,
    written,
)
from truf_tui.play.config import HUMAN
from truf_tui.ui.i18n import plural, tr
from truf_tui.ui.widgets.cards import card_markup

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


def amount(x: float, unit: Unit, sign: bool = False) -> str:
    """A value or a loss in its unit, written as the hint panel writes it
    (``grading.written``): points with two decimals (Esperanto's decimal comma; ``sign``:
    "+1.92", a value, not a loss), a chance in percentage points to a tenth; a loss that is
    not zero never reads as zero."""
    key = "graded.t.points" if unit == "points" else "graded.t.pct"
    return tr(key, x=written(x, unit, sign=sign or x < 0))


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
    order = sorted(graded, key=lambda g: (-g.grade, -g.loss, g.index))
    lines = []
    for k, g in enumerate(order, start=1):
        s = before(g.index)
        mark = f"[@click=screen.replay_move({k - 1})][b]{k}[/][/] " if keys else "• "
        line = mark + tr("graded.t.decision", what=action_words(g.action, style),
                         trick=trick_of(s), grade=tr(g.words_key))
        if g.grade > Grade.BEST and g.loss > 0.0:
            line += " " + tr("graded.t.cost", cost=amount(g.loss, g.unit),
                             best=action_words(g.best, style))
        lines.append(line)
        if details:
            seen: set[str] = set()
            if any(a.kind == "refuse" for a, _ in g.values):
                seen.add("fold")  # folding when refusing is legal: the same or worse (T9)
            opts = []
            for a, v in g.values:
                words = action_words(a, style) if a.kind != "play" else (
                    card_markup(a.card, style) if a.card is not None else str(a))
                key = str(a.card.rank) if a.kind == "play" and a.card is not None else a.kind
                if key in seen:  # one figure per rank (T1)
                    continue
                seen.add(key)
                opts.append(f"{words} {amount(v, g.unit, sign=True)}")
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
    top = costliest_scaled(graded)
    if not top:
        lines.append(tr("graded.f.clean"))
        return lines
    lines.append(tr("graded.f.top", keys=f"1–{len(top)}" if len(top) > 1 else "1"))
    for k, g in enumerate(top, start=1):
        s = before(g.index)
        lines.append(f"[@click=screen.replay_move({k - 1})][b]{k}[/][/] "
                     + tr("graded.t.top", round=s.round_no, trick=trick_of(s),
                          what=action_words(g.action, style), grade=tr(g.words_key),
                          cost=amount(g.loss, g.unit), best=action_words(g.best, style)))
    return lines


__all__ = ["GradesShown", "RoundGraded", "TruGraded", "action_words", "amount",
           "cost_text", "decision_lines", "first_ungraded", "grade_in_worker",
           "match_review_lines", "positions_of", "round_review_lines"]
