"""Le Truc's results against the computer with the graded decisions (issue 38 item 2).

The table grades each finished round's decisions in a thread worker
(:func:`truf_tui.ui.screens.truc_grades.grade_in_worker`); :class:`GradedTrucResults` grades
what is left (the last round, a round whose worker did not finish) in its own worker and
shows the match's total cost and its three costliest decisions, 1-3 opening the replay at
that move.  Nothing waits for a worker.
"""

from __future__ import annotations

from typing import Any

from textual import on

from truf_tui.engine import truc
from truf_tui.engine.record import GameRecord
from truf_tui.grading import Graded, costliest_scaled
from truf_tui.play.config import HUMAN
from truf_tui.store import GameRow
from truf_tui.ui.i18n import tr
from truf_tui.ui.screens.graded_review import GradedReview
from truf_tui.ui.screens.summary import Names, TrucResults, _style
from truf_tui.ui.screens.truc_grades import (
    RoundGraded,
    TruGraded,
    amount,
    grade_in_worker,
    match_review_lines,
    positions_of,
)
from truf_tui.ui.services import services


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


class GradedTrucResults(GradedReview, TrucResults):
    """Le Truc's results against the computer, with the total cost of the player's
    decisions and the three costliest.  ``known``: the decisions the table's round workers
    graded already (by move); the rest are graded here, in a worker."""

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
        services(self).keep_graded(message.graded, self.state)
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

    def costliest(self) -> list[TruGraded]:
        return costliest_scaled(self.graded)

    def finished_row(self) -> GameRow:
        return finished_truc_row(self.state, self.tier)

    def replay_title(self, graded: Graded[Any], move: int) -> str:
        return tr("graded.t.replay.title", move=move, grade=tr(graded.words_key),
                  cost=amount(graded.loss, graded.unit))


__all__ = ["GradedTrucResults", "finished_truc_row"]
