"""The guided first games: the normal Trufludo and Truc tables, dealt from a fixed
pack, with the computer's moves scripted and a guide panel that explains every step.

:class:`GuideMixin` sits in front of the table class: it adds the panel (mounted under the
status line), marks the parts of the screen a step is about with the ``-guide-focus`` class,
plays the computer's scripted moves instead of asking a bot, and filters the player's moves.

Choices (documented in docs/guided.md): a legal move other than the one the guide asks for is
not played and gets a friendly nudge, so the story (and its explanations) always happens; an
illegal move gets the table's usual message.  A guided game is never autosaved nor recorded
in the statistics (the app opens it without a ``GameKeeper``), and it does not count as a
game in progress: leaving it loses nothing, so Escape asks only "leave the guide?".
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, ClassVar

from textual.events import Click

from truf_tui.cards import Card, PackName
from truf_tui.engine import truc, trufludo
from truf_tui.engine.common import IllegalActionError
from truf_tui.play.config import COMPUTER, HUMAN, GameConfig
from truf_tui.ui.guide import (
    STEPS,
    TRUC_DEALER,
    TRUC_PACK,
    TRUC_SEED,
    TRUFLUDO_DEALER,
    TRUFLUDO_PACK,
    Step,
    autoplay_move,
)
from truf_tui.ui.i18n import tr
from truf_tui.ui.keybar import KeyHint
from truf_tui.ui.screens.dialogs import ConfirmDialog
from truf_tui.ui.screens.summary import TrucRoundSummary
from truf_tui.ui.screens.truc_table import BY_KIND, TrucTable
from truf_tui.ui.screens.trufludo_table import TrufludoTable
from truf_tui.ui.services import services
from truf_tui.ui.widgets.cards import CardView, card_markup
from truf_tui.ui.widgets.table import Markup, Thinking

if TYPE_CHECKING:
    from truf_tui.engine.record import AnyAction
    from truf_tui.ui.screens.table_base import TableScreen

    _Table = TableScreen[Any]
else:
    _Table = object

FOCUS = "-guide-focus"
AUTO_DELAY = 0.25  # seconds between the moves of the quick end (less with a faster pace)


class GuidePanel(Markup):
    """The callout: what the step is about, and which key goes on (a click goes on too)."""

    def on_click(self, event: Click) -> None:
        event.stop()
        screen = self.screen
        if isinstance(screen, GuideMixin) and screen.guide_waits:
            screen.guide_next()


class LeaveGuide(ConfirmDialog):
    def __init__(self) -> None:
        super().__init__("guide.leave.title", "guide.leave.message", "guide.leave.yes",
                         "guide.leave.no")


def guided_config(game: str) -> GameConfig:
    # Fixed everything: the deal comes from the guide's pack (and seed), the tier is only shown.
    return GameConfig(game=game, tier="easy", rules={}, dealer=None, seed=None)


class GuideMixin(_Table):
    """The guide of a table screen; ``GAME``'s script is in truf_tui/ui/guide.py."""

    help_topic: ClassVar[str]
    GAME_PACK: ClassVar[PackName] = "french"
    guided = True
    _cursor: int  # the table's selected hand card

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.steps: tuple[Step, ...] = STEPS[self.GAME]
        self.guide_index = 0
        self._auto = False
        self._log_opened = False  # the guide opened the move log for a step

    # -- the script -------------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.steps[min(self.guide_index, len(self.steps) - 1)]

    @property
    def guide_waits(self) -> bool:
        """The step waits for Enter (an explanation, the quick end's start, the end)."""
        return self.step.kind in ("say", "auto", "end") and not self._auto

    def guide_next(self) -> None:
        """Enter or → on a waiting step."""
        kind = self.step.kind
        if kind == "end":
            services(self).play_now(self.GAME)
            return
        if kind == "auto":
            self._auto = True
        else:
            self.guide_index += 1
        self._notice = None
        self.advance()

    def _aim_cursor(self) -> None:
        """The card the step asks for is the selected one, so Enter plays it."""
        step, s = self.step, self.state
        if step.kind != "you" or step.move is None or s.current_player != HUMAN:
            return
        card = self.expected_card()
        if card is not None and card in s.hands[HUMAN]:
            self._cursor = list(s.hands[HUMAN]).index(card)

    def expected_card(self) -> Card | None:
        step = self.step
        if step.kind != "you" or step.move is None:
            return None
        card = getattr(self.parse(step.move), "card", None)
        return card if isinstance(card, Card) else None

    def parse(self, move: str) -> AnyAction:
        raise NotImplementedError

    # -- hooks of TableScreen ---------------------------------------------------------------
    def on_mount(self) -> None:
        # Runs before TableScreen.on_mount (Textual calls the handlers of the whole MRO).
        panel = GuidePanel(id="guide", classes="guide")
        self.query_one("#felt").mount(panel, after="#status")
        self.call_after_refresh(self.refresh_view)
        for hint in self.query(KeyHint):
            if hint.label_key == "tbl.key.menu":
                hint.label_key = "guide.key.leave"
                hint.refresh_text()

    def advance(self) -> None:
        services(self).game_in_progress = False
        s = self.state
        if self._auto:
            if not s.is_terminal():
                self.refresh_view()
                delay = min(AUTO_DELAY, self.pace)
                epoch = self._epoch
                self.later(delay, lambda: self._auto_move(epoch))
                return
            self._auto = False
            self.guide_index += 1
        self._aim_cursor()
        super().advance()
        services(self).game_in_progress = False

    def _auto_move(self, epoch: int) -> None:
        if epoch == self._epoch and not self.state.is_terminal():
            self.commit(autoplay_move(self.state))

    def start_thinking(self) -> None:
        """The computer's move is the script's, never a bot's."""
        step = self.step
        if step.kind != "cpu" or step.move is None:
            return  # an explanation is on: the computer waits for Enter
        self._think_started = time.monotonic()
        self.query_one(Thinking).start(tr("tbl.thinking"))
        self._bot_chose(self._epoch, self.parse(step.move))

    def after_commit(self, old: Any, new: Any, mover: int, action: Any) -> bool:
        held = bool(super().after_commit(old, new, mover, action))
        step = self.step
        if step.kind in ("you", "cpu") and str(action) == step.move:
            self.guide_index += 1
        return held

    def guide_blocks(self) -> bool:
        """Moves wait while an explanation is on or the quick end plays: say so."""
        if self._auto:
            self.warn(lambda: tr("guide.nudge.auto"))
        elif self.guide_waits:
            self.warn(lambda: tr("guide.nudge.next"))
        else:
            return False
        return True

    def human_move(self, action: Any) -> bool:
        s = self.state
        if self.guide_blocks():
            return False
        if self._busy or s.current_player != HUMAN:
            return bool(super().human_move(action))  # "please wait"
        try:
            s.apply(action)
        except IllegalActionError:
            return bool(super().human_move(action))  # the usual message
        step = self.step
        if step.kind == "you" and str(action) == step.move:
            return bool(super().human_move(action))
        self._aim_cursor()  # back on the guide's card: Enter plays it
        self.warn(lambda: tr("guide.nudge"))
        return False

    def action_confirm(self) -> None:
        if self.guide_waits:
            self.guide_next()
        else:
            super().action_confirm()  # type: ignore[misc]

    def action_move(self, step: int) -> None:
        if self.guide_waits and step > 0:
            self.guide_next()
        else:
            super().action_move(step)  # type: ignore[misc]

    def action_menu(self) -> None:
        """Escape: leave the guide (asked first, unless the story is over)."""
        if self.step.kind == "end":
            services(self).back_to_start()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                services(self).back_to_start()

        self.app.push_screen(LeaveGuide(), answered)

    def action_hint(self) -> None:
        self.warn(lambda: tr("guide.nudge.hint"))

    def show_results(self) -> None:
        """The closing steps of the guide take the place of the results screen."""
        self.refresh_view()

    # -- drawing ----------------------------------------------------------------------------
    def render_table(self) -> None:
        super().render_table()
        self.render_guide()

    def render_guide(self) -> None:
        panels = self.query(GuidePanel)
        if not panels:
            return
        panel = panels.first()
        step = self.step
        for widget in self.query(f".{FOCUS}"):
            widget.remove_class(FOCUS)
        if "#log" in step.focus and self._log_visible is None and not self._log_opened:
            # The step shows the log (l hides it again), and closes it when it is over.
            self._log_visible = self._log_opened = True
            self.render_log()
        elif "#log" not in step.focus and self._log_opened:
            self._log_opened = False
            self._log_visible = None
            self.render_log()
        targets: set[str] = set()
        if step.kind == "you" and not self._busy:
            card = self.expected_card()
            if card is not None:
                targets.add(str(card))
                take = getattr(self.parse(step.move or ""), "take", None)
                if take is not None:
                    targets.add(str(take))
        if not self._busy:
            for sel in step.focus:
                for widget in self.query(sel):
                    widget.add_class(FOCUS)
        if targets:
            for view in self.query(CardView):
                if view.display and view.spec.card is not None and str(view.spec.card) in targets:
                    view.add_class(FOCUS)
        title = tr("guide.title", n=min(self.guide_index + 1, len(self.steps)),
                   total=len(self.steps))
        panel.border_title = title
        panel.set(self.guide_text(title if self.has_class("-short") else ""))

    def guide_text(self, title: str = "") -> str:
        """The step's text, its keys (after ``title`` when the frame is off), any notice."""
        step, s = self.step, self.state
        st = self.card_style
        if step.kind == "cpu" or (self._busy and step.kind == "you"):
            body, keys = tr("guide.cpu"), tr("guide.keys.cpu")
        elif self._auto:
            body = tr("guide.auto.running", n=len(getattr(s, "stock", ())))
            keys = tr("guide.keys.cpu")
        else:
            fmt: dict[str, object] = {k: card_markup(Card.parse(v, self.GAME_PACK), st)
                                      for k, v in step.cards.items()}
            card = self.expected_card()
            if card is not None and card in s.hands[HUMAN]:
                fmt["num"] = list(s.hands[HUMAN]).index(card) + 1
            if step.kind in ("say", "end") and hasattr(s, "scores"):
                fmt["you"], fmt["computer"] = s.scores()
            body = tr(step.text, **fmt)
            keys = tr({"say": "guide.keys.next", "you": "guide.keys.you",
                       "auto": "guide.keys.auto", "end": "guide.keys.end"}[step.kind])
        notice = self._notice() if self._notice else ""
        if title:
            keys = f"[b $text-warning]{title}[/] · {keys}"
        lines = [body, f"[dim]{keys}[/]"]
        if notice:
            lines.append(f"[b $text-warning]{notice}[/]")
        return "\n".join(lines)

    def seat_note(self, player: int) -> str:
        # The computer follows the script: it is named the guide's opponent, no strength.
        return f"[dim]{tr('guide.opponent')}[/]" if player == COMPUTER else ""


class GuidedTrufludo(GuideMixin, TrufludoTable):
    """Trufludo's guided game: the fixed pack, the computer deals (F2), you start (F4)."""

    CSS_PATH = ["../tables.tcss", "../guide.tcss"]  # type: ignore[assignment]
    help_topic = "trufludo"
    GAME_PACK = "french"

    def __init__(self) -> None:
        super().__init__(guided_config("trufludo"))
        self.add_class("guided")

    def new_state(self) -> trufludo.State:
        return trufludo.new_game(trufludo.Rules(), seed=1, deck=TRUFLUDO_PACK,
                                 dealer=TRUFLUDO_DEALER)

    def parse(self, move: str) -> trufludo.Play:
        return trufludo.parse_action(move)

    def choose(self, index: int) -> None:
        if not self.guide_blocks():
            super().choose(index)


class GuidedRoundSummary(TrucRoundSummary):
    """The round summary of the guided game, at the top of the screen and compact, so that
    the guide's panel under it, which explains the same round, stays in view: the box ends
    above the panel (its body scrolls if a short terminal leaves too little room)."""

    CSS_PATH = ["../tables.tcss", "../guide.tcss"]  # type: ignore[assignment]

    def __init__(self, state: truc.State, table: GuideMixin) -> None:
        super().__init__(state)
        self.table = table

    SCROLLS = True
    COMPACT_BUTTONS = True

    def on_mount(self) -> None:
        super().on_mount()
        self.fit_above_guide()
        self.call_after_refresh(self.fit_above_guide)  # the panel has its new step by then

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_above_guide)

    def fit_above_guide(self) -> None:
        panels = self.table.query(GuidePanel)
        if not panels or not panels.first().region.height:
            return
        top = max(panels.first().region.y, 6)  # the panel's first row on the screen
        box = self.query_one(".summary-box")
        if box.styles.max_height is None or box.styles.max_height.value != top:
            box.styles.max_height = top


class GuidedTruc(GuideMixin, TrucTable):
    """Le Truc's guided game: round 1 from the fixed pack, rounds 2 and 3 from the seed."""

    CSS_PATH = ["../tables.tcss", "../guide.tcss"]  # type: ignore[assignment]
    help_topic = "truc"
    GAME_PACK = "truc"

    def __init__(self) -> None:
        super().__init__(guided_config("truc"))
        self.add_class("guided")

    def new_state(self) -> truc.State:
        return truc.new_game(truc.Rules(), seed=TRUC_SEED, deck=TRUC_PACK, dealer=TRUC_DEALER)

    def parse(self, move: str) -> truc.Action:
        return truc.parse_action(move)

    GRADES = False  # the guided game teaches the rules: nothing graded, nothing kept

    def round_summary(self, new: truc.State, start: int | None = None) -> TrucRoundSummary:
        return GuidedRoundSummary(new, self)

    def after_commit(self, old: Any, new: Any, mover: int, action: Any) -> bool:
        held = super().after_commit(old, new, mover, action)
        if held:  # a round is over: the panel explains it beside the summary, now
            self.refresh_view()
        return held

    def play_card(self, index: int) -> None:
        if not self.guide_blocks():
            super().play_card(index)

    def action_act(self, kind: str) -> None:
        # A legal action that is not the guide's is nudged here, before the fold dialog.
        s = self.tstate
        action = BY_KIND[kind][1]
        if self.guide_blocks():
            return
        if (not self._busy and s.current_player == HUMAN and action in s.legal_actions()
                and not (self.step.kind == "you" and self.step.move == str(action))):
            self.warn(lambda: tr("guide.nudge"))
            return
        super().action_act(kind)


def guided_table(game: str) -> GuideMixin:
    return GuidedTrufludo() if game == "trufludo" else GuidedTruc()


__all__ = ["COMPUTER", "GuidePanel", "GuidedRoundSummary", "GuidedTruc", "GuidedTrufludo",
           "guided_table"]
