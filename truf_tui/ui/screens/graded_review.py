"""What the two graded results screens share (issue 38 items 2 and 7): the review scrolls
with the arrows within what the buttons leave it (80x24 shows them whole), and 1, 2, 3 open
the replay at the costliest decisions, each on the position it was made in."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll

from truf_tui.grading import COSTLIEST, Graded
from truf_tui.store import GameRow
from truf_tui.ui.screens.summary import Summary


class GradedReview(Summary):
    """A results screen with a graded review; a subclass says which decisions are the
    costliest, the finished game's row, and the replay's title for one of them."""

    SCROLLS = True
    DEFAULT_CSS = """
    GradedReview #summary-scroll {
        height: auto;
        max-height: 70vh;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(k + 1), f"replay_move({k})", show=False) for k in range(COSTLIEST)),
        Binding("up", "scroll_review(-1)", show=False),
        Binding("down", "scroll_review(1)", show=False),
    ]

    # The rows of the box around its scrolling review: the border and padding above and
    # below, the title and the row under it, the buttons and the row above them.
    FRAME = 10

    def on_mount(self) -> None:
        super().on_mount()
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """The review scrolls within what the terminal leaves it, so that the buttons stay
        in view at 80x24 (70% of the height left them one row in Trufludo, their top edge,
        and none in Le Truc)."""
        for scroll in self.query("#summary-scroll"):
            scroll.styles.max_height = max(3, self.size.height - self.FRAME)

    def costliest(self) -> Sequence[Graded[Any]]:
        raise NotImplementedError

    def finished_row(self) -> GameRow:
        raise NotImplementedError

    def replay_title(self, graded: Graded[Any], move: int) -> str:
        raise NotImplementedError

    def replay_start(self, graded: Graded[Any]) -> int:
        """The replay's position for a graded decision: after it (its move highlighted)."""
        return graded.index + 1

    def action_replay_move(self, k: int) -> None:
        """Open the replay at the ``k``-th costliest decision (0 for the costliest)."""
        from truf_tui.ui.screens.replay import ReplayScreen

        top = self.costliest()
        if k >= len(top):
            return
        g = top[k]
        move = g.index + 1
        self.app.push_screen(ReplayScreen(self.finished_row(), start=self.replay_start(g),
                                          title=lambda: self.replay_title(g, move)))

    def action_scroll_review(self, step: int) -> None:
        """Up and down scroll a review too long for a small terminal."""
        scroll = self.query_one("#summary-scroll", VerticalScroll)
        scroll.scroll_to(y=scroll.scroll_y + 2 * step, animate=False)


__all__ = ["GradedReview"]
