"""The example viewer: one worked example of the rules (``truf_tui.examples``), move by move,
both hands face up, with what the rules say must hold after each move (opened from a link
in the help).  It is the replay viewer with an example in place of a finished game."""

from __future__ import annotations

from truf_tui.examples import Example, agrees
from truf_tui.play.config import HUMAN
from truf_tui.ui.i18n import tr
from truf_tui.ui.moves import legal_words
from truf_tui.ui.screens.replay import ReplayScreen


def example_label(ex: Example) -> str:
    """The example's rule ids and name in the current language."""
    return tr("help.link.example", rules=" ".join(ex.rule_ids), name=tr(f"example.{ex.id}"))


class ExampleScreen(ReplayScreen):
    """Opens at the deal; → and ↓ step through the moves; Escape goes back to the help."""

    def __init__(self, ex: Example) -> None:
        super(ReplayScreen, self).__init__(id="example")
        self.example = ex
        self.load(ex.record())
        self.position = 0  # the reader steps through from the deal

    def title_text(self) -> str:
        ex = self.example
        return tr("example.title", rules=" ".join(ex.rule_ids), game=tr(f"game.{ex.game}"),
                  name=tr(f"example.{ex.id}"))

    def end_text(self) -> str:
        return ""

    def who(self, player: int) -> str:
        # the spec's examples have seats, not names
        return tr("tbl.you") if player == HUMAN else tr("tbl.computer")

    def status_text(self) -> str:
        if self.position == 0:
            return tr("example.start", n=len(self.states) - 1)
        then = self.example.steps[self.position - 1]["then"]
        a, b = then["scores"]
        if then["terminal"]:
            expect = tr("example.expect.over", a=a, b=b)
        else:
            who = then.get("to_move")
            name = (tr("tbl.you") if who == HUMAN else tr("tbl.computer")
                    if who is not None else tr("example.nobody"))
            legal = then.get("legal", [])
            expect = tr("example.expect", who=name, a=a, b=b,
                        legal=legal_words(self.states[self.position], legal, self.card_style)
                        or "—")
        if then.get("round_over"):
            expect = tr("example.round_over") + " " + expect
        ok = agrees(self.states[self.position], then)
        lines = [super().status_text(), expect, tr("example.agrees" if ok else "example.differs")]
        if self.position == len(self.states) - 1:
            lines.append(tr("example.end"))
        return "\n".join(lines)
