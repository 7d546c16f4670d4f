"""Trufludo's graded review at the end of a game against the computer (issue 38 item 7).

The results screen (:class:`GradedTrufludoResults`, the results of
:class:`truf_tui.ui.screens.summary.TrufludoResults` and more) grades each of the player's
real choices in a thread worker (:func:`truf_tui.grading.grade_game`, about half a second):
the table and the screen never wait for it; the review appears when the worker's
:class:`GameGraded` message comes.  It shows the total cost in winning chance, the count of
each grade, and the three costliest moves with their positions; 1, 2 and 3 open the replay
at those moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual import on
from textual.message import Message
from textual.worker import get_current_worker

from truf_tui.ai.trufludo_ai import move_class
from truf_tui.engine import trufludo
from truf_tui.engine.record import GameRecord
from truf_tui.grading import (
    GRADE_ITERATIONS,
    Grade,
    Graded,
    costliest,
    counts,
    grade_game,
    positions,
    total_loss,
    written,
)
from truf_tui.play.config import HUMAN
from truf_tui.store import GameRow
from truf_tui.ui.i18n import plural, tr
from truf_tui.ui.screens.graded_review import GradedReview
from truf_tui.ui.screens.summary import Names, TrufludoResults, _style
from truf_tui.ui.services import services
from truf_tui.ui.widgets.cards import card_markup, cards_markup
from truf_tui.ui.widgets.hints import either


class GameGraded(Message):
    """The worker's grading of the game: every graded choice, or None if it failed."""

    def __init__(self, graded: list[Graded[trufludo.Play]] | None, failed: bool) -> None:
        super().__init__()
        self.graded = graded
        self.failed = failed


def pct(x: float) -> str:
    """A loss of winning chance in percentage points, written as every figure of grading
    is (``grading.written``: whole points, more digits where a loss would read as 0)."""
    return written(x, "win chance")


def play_words(action: trufludo.Play, style: str,
               same: Sequence[trufludo.Play] = ()) -> str:
    """A Trufludo move in words, as the move log says it; with ``same``, the moves that are
    the same move (F1: another card of the suit played or taken), named as the hint names
    them ("5♥ takes 8♥, Q♥ or 9♥")."""
    moves = [action, *same]
    card = either([card_markup(c, style) for c in dict.fromkeys(a.card for a in moves)])
    if action.take is None:
        return tr("move.f.throw", card=card)
    takes = dict.fromkeys(a.take for a in moves if a.take is not None)
    return tr("move.f.take", card=card, take=either([card_markup(c, style) for c in takes]))


def same_move(graded: Graded[trufludo.Play], action: trufludo.Play) -> list[trufludo.Play]:
    """The other legal moves of ``action``'s class among the graded move's (F1)."""
    k = move_class(action)
    return [a for a, _ in graded.values if a != action and move_class(a) == k]


def review_lines(graded: Sequence[Graded[trufludo.Play]], before: Sequence[trufludo.State],
                 style: str) -> list[str]:
    """The review in words: how many choices, of which grade, what they cost in all, and the
    costliest with the position each was made in (``before[i]``: the state before move i)."""
    if not graded:
        return []
    n = counts(graded)
    lines = [plural("graded.f.head", len(graded)),
             "  " + " · ".join(f"{tr(f'grade.{g.key}')} {n[g]}" for g in Grade),
             tr("graded.f.total", total=pct(total_loss(graded)))]
    top = costliest(graded)
    if not top:
        lines.append(tr("graded.f.clean"))
        return lines
    lines.append(tr("graded.f.top", keys=f"1–{len(top)}" if len(top) > 1 else "1"))
    for k, g in enumerate(top, start=1):
        s = before[g.index]
        lines.append(tr("graded.f.move", k=f"[@click=screen.replay_move({k - 1})]{k}[/]",
                        move=g.index + 1, grade=tr(g.words_key), loss=pct(g.loss)))
        lines.append(tr("graded.f.choice", played=play_words(g.action, style),
                        best=play_words(g.best, style, same_move(g, g.best))))
        lines.append(tr("graded.f.where", hand=cards_markup(s.hands[g.player], style),
                        table=cards_markup(s.table, style) or tr("replay.none")))
    return lines


def finished_row(state: trufludo.State, tier: str | None) -> GameRow:
    """A history row for the replay viewer, for the game just finished at this table."""
    record = GameRecord.from_state(state)
    a, b = state.scores()
    w = state.winner()
    return GameRow(
        id=0, uid="", game="trufludo", tier=tier, rules=dict(record.rules), human_seat=HUMAN,
        result="draw" if w is None else "win" if w == HUMAN else "loss",
        score_human=a, score_computer=b, trufegoj_human=len(state.trufegoj[HUMAN]),
        trufegoj_computer=len(state.trufegoj[1 - HUMAN]), rounds=None, hints_used=0,
        practice=False, record_json=record.to_json(indent=None), started_at="", finished_at="")


class GradedTrufludoResults(GradedReview, TrufludoResults):
    """Trufludo's results against the computer, with the graded review of the player's
    choices when the worker has made it."""

    def __init__(self, state: trufludo.State, hints_used: int = 0, *,
                 names: Names | None = None, tier: str | None = None) -> None:
        super().__init__(state, hints_used, names=names)
        self.tier = tier
        self.graded: list[Graded[trufludo.Play]] | None = None
        self.grading = False  # the worker is at it
        self.failed = False
        self.iterations = GRADE_ITERATIONS  # search iterations a move
        self._before: list[trufludo.State] = []

    def on_mount(self) -> None:
        super().on_mount()
        if self.names is None and self.state.history:
            # The app's budget for its computer players, if it sets one (the tests' and the
            # screenshots' small ones), else the grader's own.
            wanted = services(self).bot_options.get("iterations")
            self.iterations = wanted if isinstance(wanted, int) else GRADE_ITERATIONS
            self.grading = True
            self.refresh_texts()
            self.run_worker(self._grade, thread=True, group="grading", exclusive=True,
                            exit_on_error=False)

    def _grade(self) -> None:
        worker = get_current_worker()
        failed = False
        try:
            graded = grade_game(self.state, HUMAN, iterations=self.iterations,
                                cancelled=lambda: worker.is_cancelled)
        except Exception as e:  # the review is a bonus: a failure must not end the game
            from truf_tui.store.errorlog import log_bot_crash
            from truf_tui.ui.crashes import log_folder

            log_bot_crash(e, game="trufludo", tier="expert", where="grading", seat=HUMAN,
                          moves=self.state.history, folder=log_folder(self.app))
            graded, failed = None, True
        if worker.is_cancelled:
            return
        try:
            self.post_message(GameGraded(graded, failed))
        except RuntimeError:
            pass  # the app is closing

    @on(GameGraded)
    def game_graded(self, message: GameGraded) -> None:
        message.stop()
        self.grading = False
        self.failed = message.failed
        self.graded = message.graded
        if self.graded:
            self._before = positions(self.state.initial(), self.state.history)
            services(self).keep_graded(self.graded, self.state)  # the history keeps them
        if self.is_attached:
            self.refresh_texts()

    def review_lines(self) -> list[str]:
        if self.grading:
            return [tr("graded.f.pending")]
        if self.failed:
            return [tr("graded.f.failed")]
        return review_lines(self.graded or [], self._before, _style(self))

    def costliest(self) -> list[Graded[trufludo.Play]]:
        return costliest(self.graded or [])

    def finished_row(self) -> GameRow:
        return finished_row(self.state, self.tier)

    def replay_title(self, graded: Graded[Any], move: int) -> str:
        return tr("graded.replay.title", move=move, grade=tr(graded.words_key),
                  loss=pct(graded.loss))

    def replay_start(self, graded: Graded[Any]) -> int:
        """Before the move: the hand and the table the review names, as the player saw
        them (it opened after the move, the card already on the table); → plays it."""
        return graded.index


__all__ = ["GameGraded", "GradedTrufludoResults", "finished_row", "play_words",
           "review_lines"]
