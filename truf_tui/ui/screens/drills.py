"""The bluff trainer (issue 38 item 4): Le Truc spots from the solution's own play.

The player picks a kind of spot (1-8), then decides ten spots with the number keys.  After
each decision the screen shows its grade and loss, every option's value and the solved
frequency of each with the player's hand, and the range picture (:mod:`truf_tui.drills`);
``r`` rolls the solution's dice where it mixes; ``n`` goes on; after ten spots a summary.

Dealing and the solution's figures run in a thread worker, started as soon as a spot is
shown, so the player's thinking time hides them and no key ever waits.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar, Literal

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import get_current_worker

from truf_tui import drills
from truf_tui.cards import TRUC_RANKS
from truf_tui.engine import truc
from truf_tui.grading import SHOWN_DIGITS, Grade, Unit, share_text, written
from truf_tui.store import StoreError
from truf_tui.store.repetition import MISSED, spot_key
from truf_tui.ui.i18n import plural, tr, unsigned
from truf_tui.ui.keybar import KeyBar
from truf_tui.ui.services import ProblemsFound, services, shell
from truf_tui.ui.settings import SettingsChanged
from truf_tui.ui.storage import AppData
from truf_tui.ui.widgets.cards import card_markup, cards_markup

SESSION = 10  # spots a session
BAR = 40  # the range picture's bar width, in cells (fits 80 columns with its labels)
# The range picture's colours and glyphs, one a kind of action (drills.KINDS).  The glyphs
# read without colour: the bolder the bet, the darker the shade; kinds that share a shade
# never meet at one decision (a redeal and an acceptance, a card and a refusal).
COLOURS = {"rest": "magenta", "raise": "red", "redeal": "blue", "accept": "green",
           "play": "cyan", "refuse": "bright_black"}
GLYPHS = {"rest": "█", "raise": "▓", "redeal": "▒", "accept": "▒", "play": "░", "refuse": "░"}
Phase = Literal["menu", "dealing", "decide", "result", "summary"]


@dataclass
class Done:
    """One decided spot of the session."""

    spot: drills.Spot
    verdict: drills.Verdict
    unit: Unit
    queued: bool = False  # missed: it comes back from the review queue


def figure(x: float, unit: Unit) -> str:
    """A value as the hint panel writes it (``grading.written``): points with a sign and two
    decimals, a chance in percent to a tenth."""
    if unit == "match":  # a chance: no sign, to the tenth values are taken at
        return f"{unsigned(100 * x, SHOWN_DIGITS[unit])}%"
    return written(x, unit, sign=True)


def loss_words(loss: float, unit: Unit) -> str:
    """A loss as the game's review writes it (``grading.written``: one figure, one writing;
    one that is not zero never reads as zero)."""
    return tr(f"drill.loss.{unit}", x=written(loss, unit))


def range_lines(rng: drills.Range) -> list[str]:
    """The range as one stacked bar a bucket (hands by their best card, the strongest at
    the top), its share of the range, the player's bucket marked; the legend at the right
    of the first bars, so that it is read with them (and on the screen wherever they are)."""
    legend = [f"[{COLOURS[k]}]{GLYPHS[k]}[/] {tr(f'drill.kind.{k}')}" for k in rng.kinds]
    you = tr("drill.range.you")
    mark_width = 1 + cell_len(you)
    lines = [tr("drill.range.head")]
    for row, (i, b) in enumerate(reversed(list(enumerate(rng.buckets)))):
        cells: list[str] = []
        used = 0
        for k, kind in enumerate(rng.kinds):
            n = round(BAR * sum(b.mix[:k + 1])) - used
            if n > 0:
                cells.append(f"[{COLOURS[kind]}]{GLYPHS[kind] * n}[/]")
                used += n
        if used < BAR:
            cells.append(" " * (BAR - used))
        mark = f" [b]{you}[/]" if i == rng.mine else " " * mark_width
        key = f"  {legend[row]}" if row < len(legend) else ""
        lines.append(f"{TRUC_RANKS[b.top]:>3} {''.join(cells)} {100 * b.weight:3.0f}%{mark}"
                     f"{key}".rstrip())
    pad = " " * (3 + 1 + BAR + 1 + 4 + mark_width)
    lines += [f"{pad}  {key}" for key in legend[len(rng.buckets):]]
    return lines


class DrillScreen(Screen[None]):
    """The bluff trainer (start screen ``b``, the command palette); Escape goes back."""

    help_topic = "drills"
    session_size = SESSION  # spots a session (tests make it shorter)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", show=False),
        *(Binding(str(k), f"digit({k})", show=False) for k in range(1, 10)),
        Binding("n", "next", show=False),
        Binding("enter", "again", show=False),
        Binding("r", "roll", show=False),
        Binding("left", "score(0, -1)", show=False),
        Binding("right", "score(0, 1)", show=False),
        Binding("down", "score(1, -1)", show=False),
        Binding("up", "score(1, 1)", show=False),
    ]
    DEFAULT_CSS = """
    DrillScreen #drill-body { height: 1fr; padding: 0 1; }
    DrillScreen .drill-part { height: auto; }
    """

    def __init__(self, seed: int | None = None,
                 category: drills.Category | None = None) -> None:
        super().__init__(id="drills")
        self.first = category  # a session of this kind begun at once (a leak's key)
        self.seed = random.SystemRandom().getrandbits(32) if seed is None else seed
        self.phase: Phase = "menu"
        self.category: drills.Category = "random"
        self.scores = [0, 0]  # the score picked for category "score": yours, the computer's
        self.spot: drills.Spot | None = None
        self.state: truc.State | None = None  # the spot's
        self.number = 0  # the spot's number in the session
        self.analysis: drills.Analysis | None = None
        self.choices: list[truc.Action] = []
        self.chosen: truc.Action | None = None
        self.rolled: tuple[float, truc.Action] | None = None
        self.done: list[Done] = []
        self.failed: str | None = None
        self.session = 0  # sessions begun, for the next session's seeds
        self.session_id = ""  # the session's id in the history (its decisions' ref)
        self.reviews: list[dict[str, Any]] = []  # missed spots due again, dealt first
        # The spot on the screen came from the review queue: its dict there (its key).
        self.reviewing: dict[str, Any] | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(classes="title-bar"):
            yield Static(id="drill-title", classes="title-text")
        with VerticalScroll(id="drill-body"):
            yield Static(id="drill-table", classes="drill-part")
            yield Static(id="drill-result", classes="drill-part")
        yield KeyBar([
            ("1-9", "key.choose", "screen.digit(1)"),
            ("r", "key.roll", "screen.roll"),
            ("n", "key.next", "screen.next"),
            ("Esc", "key.back", "screen.back"),
            ("F1", "key.help", "app.help"),
        ], id="drill-keys")

    def on_mount(self) -> None:
        self.refresh_texts()
        self.query_one("#drill-body", VerticalScroll).focus(scroll_visible=False)
        if self.first is not None:
            self.begin(self.first)

    def on_settings_changed(self, _: SettingsChanged) -> None:
        self.refresh_texts()
        self.query_one(KeyBar).refresh_texts()

    # -- the texts -----------------------------------------------------------------------
    def _style(self) -> str:
        return services(self).settings.card_style

    def words(self, a: truc.Action, state: truc.State | None = None) -> str:
        """An option in words (a card as a chip: its suit does not matter, T1), at
        ``state`` (default: the spot on the screen)."""
        if a.kind == "play" and a.card is not None:
            return tr("drill.act.play", card=card_markup(a.card, self._style()))
        if a.kind == "raise":
            return tr("drill.act.raise", n=truc.next_stake((state or self._state()).stake))
        return tr(f"drill.act.{a.kind}")

    def _state(self) -> truc.State:
        assert self.state is not None
        return self.state

    def refresh_texts(self) -> None:
        self.query_one("#drill-title", Static).update(tr("drill.title"))
        table, result = self.texts()
        self.query_one("#drill-table", Static).update(table)
        self.query_one("#drill-result", Static).update(result)
        bar = self.query_one(KeyBar)
        bar.show("screen.roll", self.phase == "result" and self.analysis is not None
                 and self.analysis.mixed)
        bar.show("screen.next", self.phase == "result")
        bar.show("screen.digit(1)", self.phase in ("menu", "decide"))

    def texts(self) -> tuple[str, str]:
        """The table part and the result part, in markup."""
        if self.phase == "menu":
            return self.menu_text(), ""
        if self.phase == "dealing":
            return (self.failed and tr("drill.failed", why=self.failed)
                    or tr("drill.dealing")), ""
        if self.phase == "summary":
            return self.summary_text(), ""
        return self.table_text(), self.result_text()

    def menu_text(self) -> str:
        lines = [tr("drill.menu.head"), ""]
        for k, c in enumerate(drills.CATEGORIES, start=1):
            lines.append(f"  [b]{k}[/]  {tr(f'drill.cat.{c}')}")
        lines += ["", tr("drill.menu.score", me=self.scores[0], them=self.scores[1]), "",
                  tr("drill.menu.note")]
        return "\n".join(lines)

    def table_text(self) -> str:
        spot = self.spot
        assert spot is not None
        s = self._state()
        me = spot.seat
        style = self._style()
        pts = s.points
        head = ("drill.head.game" if spot.from_game else
                "drill.head.again" if self.reviewing else "drill.head")
        category = ("drill.cat.play" if spot.from_game and spot.category == "random"
                    else f"drill.cat.{spot.category}")
        lines = [tr(head, n=self.number, total=self.session_size, category=tr(category)),
                 tr("drill.score", me=pts[me], them=pts[1 - me], stake=s.stake,
                    dealer=tr("drill.you.deal" if s.dealer == me else "drill.they.deal"))]
        if s.rest:
            lines.append(tr("drill.rest.on"))
        for n, t in enumerate(s.tricks, start=1):
            mine, theirs = (t.lead, t.answer) if t.leader == me else (t.answer, t.lead)
            who = ("drill.trick.spoiled" if t.winner is None else
                   "drill.trick.you" if t.winner == me else "drill.trick.them")
            lines.append(tr("drill.trick", n=n, mine=card_markup(mine, style),
                            theirs=card_markup(theirs, style), who=tr(who)))
        if s.trick_card is not None:
            key = "drill.led.you" if s.leader == me else "drill.led.them"
            lines.append(tr(key, card=card_markup(s.trick_card, style)))
        bets = self.betting(spot)
        if bets:
            lines.append(tr("drill.bets", bets=" · ".join(bets)))
        if s.discards[me]:  # an accepted redeal (T3): the hand given up is known to me
            lines.append(tr("drill.discarded", cards=cards_markup(s.discards[me], style)))
        held = s.hands[me]
        n_them = len(s.hands[1 - me])
        lines.append(tr("drill.hand", cards=cards_markup(held, style), n=n_them) if held
                     else tr("drill.hand.empty", n=n_them))
        if s.pending == "raise":
            lines.append(tr("drill.pending.raise", n=truc.next_stake(s.stake)))
        elif s.pending is not None:
            lines.append(tr(f"drill.pending.{s.pending}"))
        if self.phase == "decide":
            lines.append(tr("drill.ask", keys=f"1–{len(self.choices)}"))
            for k, a in enumerate(self.choices, start=1):
                lines.append(f"  [b]{k}[/]  {self.words(a)}")
        return "\n".join(lines)

    def betting(self, spot: drills.Spot) -> list[str]:
        """The round's calls before the spot, in order, each with who made it (but the
        proposal the spot answers)."""
        s = spot.initial()
        out = []
        for i, m in enumerate(spot.moves):
            a = truc.parse_action(m)
            p = s.current_player
            if i == len(spot.moves) - 1 and a.kind in ("raise", "rest", "redeal"):
                break  # the proposal to answer has a line of its own
            if a.kind != "play":
                who = tr("drill.bets.you" if p == spot.seat else "drill.bets.them")
                what = self.words(a, s)
                if a.kind in ("accept", "refuse") and s.pending is not None:
                    what = tr(f"drill.answer.{a.kind}.{s.pending}")
                out.append(f"{who} {what}")
            s = s.apply(a)
        return out

    def result_text(self) -> str:
        if self.phase != "result":
            return ""
        an = self.analysis
        if an is None:
            return tr("drill.working")
        assert self.chosen is not None
        v = drills.grade(an, self.chosen)
        # "it cost nothing" only where it did not: a best within the solution's rounding
        # says its cost, as its line below does
        free = v.grade == Grade.BEST and v.loss == 0.0
        lines = ["", tr("drill.verdict.free" if free else "drill.verdict",
                        choice=self.words(v.chosen), grade=tr(v.words_key),
                        loss=loss_words(v.loss, an.unit))]
        if not free:
            lines.append(tr("drill.verdict.best", best=self.words(v.best)))
        lines.append(tr("drill.values", unit=tr(f"drill.unit.{an.unit}")))
        for a in drills.ranked(an):
            mark = "▶" if drills.same_choice(a, v.chosen) else " "
            lines.append(f" {mark} {figure(an.values[a], an.unit):>6}  "
                         f"{share_text(an.freqs.get(a, 0.0)):>3}%  {self.words(a)}")
        if an.mixed:
            lines.append(tr("drill.mixed"))
        if self.rolled is not None:
            x, pick = self.rolled
            lines.append(tr("drill.roll", x=f"{x:.0f}", choice=self.words(pick)))
        lines.append("")
        lines += range_lines(an.range) if an.range is not None else [tr("drill.range.none")]
        lines.append("")
        lines.append(tr("drill.next.summary" if len(self.done) >= self.session_size
                        else "drill.next"))
        return "\n".join(lines)

    def summary_text(self) -> str:
        lines = [plural("drill.summary.head", len(self.done))]
        # every grade, best to worst, so the scale is read where the grades are
        counts = {g: sum(d.verdict.grade == g for d in self.done) for g in Grade}
        lines.append(tr("drill.summary.grades", grades=" · ".join(
            f"{tr(f'grade.{g.key}')} {n}" for g, n in counts.items())))
        for unit in ("points", "match"):
            ds = [d for d in self.done if d.unit == unit]
            if ds:
                avg = sum(d.verdict.loss for d in ds) / len(ds)
                lines.append(plural(f"drill.summary.{unit}", len(ds), x=written(avg, unit)))
        worst = max(range(len(self.done)), key=lambda i: (self.done[i].verdict.grade,
                                                          self.done[i].verdict.loss),
                    default=None)
        if worst is None or self.done[worst].verdict.grade <= Grade.CORRECT:
            lines.append(tr("drill.summary.clean"))  # nothing named: no "costliest 0.00"
        else:
            d = self.done[worst]
            lines.append(tr("drill.summary.worst", k=worst + 1,
                            category=tr(f"drill.cat.{d.spot.category}"),
                            choice=self.words(d.verdict.chosen, d.spot.state()),
                            loss=loss_words(d.verdict.loss, d.unit)))
        queued = sum(d.queued for d in self.done)
        if queued:
            lines.append(plural("drill.summary.queued", queued))
        if shell(self).data is not None:  # kept in the history (issue 38 item 5)
            lines.append(tr("drill.summary.kept"))
        lines += ["", tr("drill.summary.again")]
        return "\n".join(lines)

    # -- the keys ------------------------------------------------------------------------
    def begin(self, category: drills.Category) -> None:
        """A session of ``category``'s spots, from wherever the screen is (the menu's key,
        or a leak's key on the statistics: what was on the screen is left)."""
        self.workers.cancel_group(self, "drill")
        self.category = category
        self.done = []
        self.session += 1
        self.session_id = f"drill-{uuid.uuid4().hex}"
        data = shell(self).data
        self.reviews = ([] if data is None or self.category == "score"
                        else data.review_spots(self.session_size, category=self.category))
        self.deal_next()

    def action_digit(self, k: int) -> None:
        if self.phase == "menu" and 1 <= k <= len(drills.CATEGORIES):
            self.begin(drills.CATEGORIES[k - 1])
        elif self.phase == "decide" and 1 <= k <= len(self.choices):
            self.chosen = self.choices[k - 1]
            self.phase = "result"
            self.rolled = None
            self._record()
            self.refresh_texts()

    def action_score(self, who: int, step: int) -> None:
        if self.phase == "menu":
            self.scores[who] = (self.scores[who] + step) % drills.TARGET
            self.refresh_texts()

    def action_next(self) -> None:
        if self.phase != "result" or self.analysis is None:
            return
        if len(self.done) >= self.session_size:
            self.phase = "summary"
            self.refresh_texts()
        else:
            self.deal_next()

    def action_again(self) -> None:
        if self.phase == "summary":
            self.phase = "menu"
            self.refresh_texts()

    def action_roll(self) -> None:
        if self.phase == "result" and self.analysis is not None and self.analysis.mixed:
            self.rolled = drills.roll(self.analysis, random.Random())
            self.refresh_texts()

    def action_back(self) -> None:
        if self.phase in ("menu", "summary"):
            self.workers.cancel_group(self, "drill")
            self.dismiss()
        else:
            self.workers.cancel_group(self, "drill")
            self.phase = "menu"
            self.refresh_texts()

    # -- the worker ----------------------------------------------------------------------
    def deal_next(self) -> None:
        self.phase = "dealing"
        self.failed = None
        self.spot = None
        self.state = None
        self.analysis = None
        n = len(self.done)
        self.number = n + 1
        self.refresh_texts()
        seed = self.seed + 1000 * self.session + n
        category = self.category
        scores = (self.scores[0], self.scores[1]) if category == "score" else None
        again = self._review()
        self.reviewing = None if again is None else again[1]
        spot = None if again is None else again[0]
        self.run_worker(lambda: self._work(category, seed, scores, spot), thread=True,
                        group="drill", exclusive=True, exit_on_error=False)

    def _review(self) -> tuple[drills.Spot, dict[str, Any]] | None:
        """The next missed spot due again that still rebuilds, and its dict in the queue
        (one that does not rebuild is set aside, with a notice)."""
        data = shell(self).data
        while self.reviews and data is not None:
            d = self.reviews.pop(0)
            try:
                return drills.Spot.from_dict(d), d
            except ValueError as e:
                data.spot_unusable(d, str(e))
                self.post_message(ProblemsFound())
        return None

    def _work(self, category: drills.Category, seed: int, scores: tuple[int, int] | None,
              again: drills.Spot | None = None) -> None:
        worker = get_current_worker()
        try:
            spot = again or drills.deal(category, seed, scores, seat=0 if scores else None)
            state = spot.state()
        except Exception as e:  # shown, not fatal: the trainer is a bonus
            self._post(partial(self._deal_failed, f"{type(e).__name__}: {e}"))
            return
        if worker.is_cancelled:
            return
        self._post(partial(self._dealt, spot, state))
        try:
            analysis = drills.analyse(spot)
        except Exception as e:
            self._post(partial(self._deal_failed, f"{type(e).__name__}: {e}"))
            return
        if not worker.is_cancelled:
            self._post(partial(self._analysed, spot, analysis))

    def _post(self, fn: Callable[[], None]) -> None:
        try:
            self.app.call_from_thread(fn)
        except RuntimeError:
            pass  # the app is closing

    def _deal_failed(self, why: str) -> None:
        self.phase = "dealing"
        self.failed = why
        self.refresh_texts()

    def _dealt(self, spot: drills.Spot, state: truc.State) -> None:
        if self.phase != "dealing":
            return
        self.spot = spot
        self.state = state
        self.choices = drills.options(state.legal_actions())
        self.phase = "decide"
        self.refresh_texts()
        self.query_one("#drill-body", VerticalScroll).scroll_home(animate=False)

    def _analysed(self, spot: drills.Spot, analysis: drills.Analysis) -> None:
        if spot != self.spot:
            return
        self.analysis = analysis
        self._record()
        if self.is_attached:
            self.refresh_texts()

    def _record(self) -> None:
        """Count the decided spot once both the choice and the figures are in."""
        if (self.phase == "result" and self.analysis is not None and self.chosen is not None
                and self.spot is not None
                and (not self.done or self.done[-1].spot is not self.spot)):
            v = drills.grade(self.analysis, self.chosen)
            data = shell(self).data
            queued = False
            if data is not None:  # a missed spot comes back (issue 38 item 6)
                asked = self.reviewing if self.reviewing is not None else self.spot.to_dict()
                if self.reviewing is not None:
                    queued = data.spot_reviewed(self.reviewing, v.grade) and v.grade >= MISSED
                else:
                    queued = data.spot_missed(asked, v.grade)
                self._keep(data, v, spot_key(asked))
                self.post_message(ProblemsFound())
            self.done.append(Done(self.spot, v, self.analysis.unit, queued))

    def _keep(self, data: AppData, v: drills.Verdict, key: str) -> None:
        """The decision into the history (issue 38 item 5), once: when it is graded, as
        the spot's number in this session (a roll after it changes nothing; a spot dealt
        again from the review queue is answered again, and kept again)."""
        assert self.spot is not None and self.analysis is not None
        graded = drills.graded(self.spot, self.analysis, v, len(self.done) + 1)
        try:
            data.history.add_graded([graded], ref=self.session_id, game="truc",
                                    source="drill", spot=key)
        except StoreError:
            pass  # the grade is shown all the same (as a game's, app.keep_graded)
        data.history_problems()


__all__ = ["GLYPHS", "SESSION", "DrillScreen", "range_lines"]
