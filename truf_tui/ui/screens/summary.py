"""Summaries: the Truc round summary, and the results screens at the end of either game.

They are modal screens over the table, so the final position stays visible behind them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, NamedTuple, TypeVar

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Click
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import Button

from truf_tui.engine import truc, trufludo
from truf_tui.play.config import COMPUTER, HUMAN
from truf_tui.ui.i18n import plural, tr
from truf_tui.ui.services import services
from truf_tui.ui.settings import SettingsChanged
from truf_tui.ui.widgets.cards import card_markup, cards_markup
from truf_tui.ui.widgets.table import Markup

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from truf_tui.ui.results_context import ResultsContext

ResultType = TypeVar("ResultType")


class OnceModal(ModalScreen[ResultType]):
    """A modal screen that closes once: keys typed fast (Enter twice, say) must not dismiss
    it twice, which would pop the screen under it as well."""

    _dismissing = False

    def close(self, result: ResultType | None = None) -> None:
        if not self._dismissing:
            self._dismissing = True
            self.dismiss(result)


def _style(screen: DOMNode) -> str:
    return services(screen).settings.card_style


def columns(rows: list[list[str]], plain: list[list[str]]) -> str:
    """Rows of markup cells padded to the widths of their plain texts."""
    widths = [max(cell_len(r[i]) for r in plain) for i in range(len(plain[0]))]
    out = []
    for row, prow in zip(rows, plain, strict=True):
        cells = [cell + " " * (w - cell_len(p)) for cell, p, w in zip(row, prow, widths,
                                                                         strict=True)]
        out.append("   ".join(cells).rstrip())
    return "\n".join(out)


# Hot-seat: the two players' names as they typed them ("" for the default "Player n").
Names = tuple[str, str]


def player_name(player: int, names: Names | None = None) -> str:
    """A hot-seat player's name: the one typed, else Player 1 (seat 0) or Player 2."""
    if names and names[player]:
        return escape(names[player])  # typed text: never markup
    return tr("hot.player", n=player + 1)


def trick_markup(t: truc.Trick, style: str, me: int = HUMAN,
                 names: Names | None = None) -> str:
    """One finished trick: the two cards (``me``'s first) and its result (T4, T5); in
    hot-seat (``names``), the winner by name."""
    mine, theirs = (t.lead, t.answer) if t.leader == me else (t.answer, t.lead)
    if t.winner is None:
        result = tr("tbl.t.trick.spoiled")
    elif names is not None:
        result = tr("tbl.t.trick.named", name=player_name(t.winner, names))
    elif t.winner == me:
        result = tr("tbl.t.trick.won")
    else:
        result = tr("tbl.t.trick.lost")
    return f"{card_markup(mine, style)} {tr('tbl.t.vs')} {card_markup(theirs, style)}  {result}"


def _side(winner: int, names: Names | None) -> tuple[str, dict[str, str]]:
    """The key suffix for a side and, in hot-seat, the names (``name`` won, ``other`` not)."""
    if names is not None:
        return "named", {"name": player_name(winner, names),
                         "other": player_name(1 - winner, names)}
    return ("you" if winner == HUMAN else "computer"), {}


class Refusal(NamedTuple):
    """The proposal whose refusal ended a round (T7, T8): ``kind`` is ``raise`` or
    ``rest``; ``stake`` is the agreed stake when it was made (what a refusal scores, T7)."""

    kind: str
    stake: int


def _tricks_how(end: truc.RoundEnd, side: str, who: dict[str, str]) -> str:
    """Why the tricks gave the round to its winner, for each case of T6."""
    w = end.winner
    won = [i for i, t in enumerate(end.tricks, 1) if t.winner == w]
    lost = [i for i, t in enumerate(end.tricks, 1) if t.winner is not None and t.winner != w]
    spoiled = [i for i, t in enumerate(end.tricks, 1) if t.winner is None]
    if won and len(won) == len(lost):  # one each, the third spoiled: the earlier won trick decides
        return tr(f"tbl.t.how.earlier.{side}", first=won[0], spoiled=spoiled[0], **who)
    if won and not lost and spoiled:  # the only trick that was not spoiled
        return tr(f"tbl.t.how.unspoiled.{side}", n=won[0], **who)
    return tr(f"tbl.t.how.tricks.{side}", won=len(won), lost=len(lost), **who)


def how_text(end: truc.RoundEnd, target: int, names: Names | None = None,
             refusal: Refusal | None = None) -> str:
    """How a round ended, from the player's side (T6-T9); ``refusal``: the proposal whose
    refusal ended it (:func:`refusals`), to name it and what it scored."""
    w = end.winner
    if end.how == "spoiled" or w is None:
        return tr("tbl.t.how.spoiled")
    side, who = _side(w, names)
    if end.how == "tricks":
        return _tricks_how(end, side, who)
    if end.how == "refused":
        if refusal is None:
            return tr(f"tbl.t.how.refused.{side}", **who)
        if refusal.kind == "rest":
            game = ".game" if end.game else ""
            return tr(f"tbl.t.how.refused.rest{game}.{side}", m=end.points, **who)
        return tr(f"tbl.t.how.refused.raise.{side}", n=truc.next_stake(refusal.stake),
                  m=end.points, **who)
    return tr(f"tbl.t.how.fold.{side}", **who)


def points_text(end: truc.RoundEnd, names: Names | None = None) -> str:
    if end.winner is None:
        return tr("tbl.t.points.none")
    side, who = _side(end.winner, names)
    if end.game:
        return tr(f"tbl.t.points.game.{side}", n=end.points, **who)
    return tr(f"tbl.t.points.{side}", n=end.points, **who)


# The finished rounds of a match and the refusals that ended some of them (by round).
Story = tuple[list[truc.RoundEnd], dict[int, Refusal]]


def _replayed(state: truc.State) -> Story:
    """Every finished round of the match, replayed from its start (the state is the truth),
    and the proposals whose refusal ended a round, by round number."""
    s = state.initial()
    ends: list[truc.RoundEnd] = []
    refused: dict[int, Refusal] = {}
    for a in state.history:
        if a.kind == "refuse" and s.pending in ("raise", "rest"):
            refused[s.round_no] = Refusal(s.pending, s.stake)
        s = s.apply(a)
        if s.last_round is not None and (not ends or ends[-1] is not s.last_round):
            ends.append(s.last_round)
    return ends, refused


def round_ends(state: truc.State) -> list[truc.RoundEnd]:
    """Every finished round of the match, replayed from its start."""
    return _replayed(state)[0]


def refusals(state: truc.State) -> dict[int, Refusal]:
    """The refused raises and rests that ended rounds of the match, by round number."""
    return _replayed(state)[1]


class Summary(OnceModal[str | None]):
    """A dialog box with a text and buttons; subclasses fill in ``body``."""

    CSS_PATH = "../tables.tcss"
    BUTTONS: ClassVar[tuple[tuple[str, str], ...]] = (("continue", "tbl.btn.continue"),)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="summary-screen")
        self.buttons = self.BUTTONS  # compose may choose others (button_list)

    def button_list(self) -> tuple[tuple[str, str], ...]:
        return self.BUTTONS

    SCROLLS: ClassVar[bool] = False  # the body scrolls (a long practice review, a short screen)
    COMPACT_BUTTONS: ClassVar[bool] = False  # one-row buttons

    def compose(self) -> ComposeResult:
        self.buttons = self.button_list()
        with Vertical(classes="dialog-box summary-box"):
            yield Markup(id="summary-title", classes="dialog-title")
            body = Markup(id="summary-body", classes="summary-body")
            if self.SCROLLS:
                with VerticalScroll(id="summary-scroll"):
                    yield body
            else:
                yield body
            with Horizontal(classes="dialog-buttons"):
                for bid, _key in self.buttons:
                    yield Button(id=bid, variant="primary" if bid != "menu" else "default",
                                 compact=self.COMPACT_BUTTONS)

    def on_mount(self) -> None:
        self.refresh_texts()
        for button in self.query(Button).results(Button):
            button.focus()
            break

    def on_settings_changed(self, _: SettingsChanged) -> None:
        self.refresh_texts()

    def refresh_texts(self) -> None:
        # By query, not query_one: a box closed as soon as it opened (a key pressed on the
        # way) is being taken down when its mount arrives, and has fewer widgets left.
        title, body = self.texts()
        for markup in self.query("#summary-title").results(Markup):
            markup.set(title)
        for markup in self.query("#summary-body").results(Markup):
            markup.set(body)
        labels = dict(self.buttons)
        for button in self.query(Button).results(Button):
            if button.id in labels:
                button.label = tr(labels[button.id])

    def texts(self) -> tuple[str, str]:
        raise NotImplementedError

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.close(event.button.id)


def deal_check(state: truc.State | trufludo.State, k: int) -> str | None:
    """The line saying deal ``k`` (Le Truc: round ``k``'s; Trufludo: its one shuffle) was
    checked (docs/fair-deal.md): its seed is the one committed to and every move fits the
    cards the seeds deal; a loud line if not.  None for a game dealt without the fair deal
    (from a chosen seed)."""
    from truf_tui.engine.deals import DealError
    from truf_tui.engine.record import GameRecord, RecordError

    if len(state.deals) < k:
        return None
    try:
        GameRecord.from_state(state).verify()
    except (DealError, RecordError) as e:
        return tr("tbl.t.deal.bad", n=k, why=escape(str(e)))
    return tr("tbl.t.deal.verified", n=k)


class TrucRoundSummary(Summary):
    """After every Truc round: who won it, how, the points, the new score."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "done", show=False),
    ]

    def __init__(self, state: truc.State, *, names: Names | None = None,
                 story: Story | None = None) -> None:
        # No id: a round ended by its first move (a fold, T9) brings the next summary
        # while the one just closed is still being taken down (a friend's move, queued).
        super().__init__()
        self.state = state
        self.names = names  # hot-seat: the players by name
        self.story = story  # the rounds as seen, where the state cannot replay its match

    def texts(self) -> tuple[str, str]:
        s = self.state
        end = s.last_round
        assert end is not None
        st = _style(self)
        hs = self.names
        if end.winner is None:
            title = tr("tbl.t.round.nobody", n=end.round)
        elif hs is not None:
            title = tr("tbl.t.round.named", n=end.round, name=player_name(end.winner, hs))
        elif end.winner == HUMAN:
            title = tr("tbl.t.round.you", n=end.round)
        else:
            title = tr("tbl.t.round.computer", n=end.round)
        refused = (self.story or _replayed(s))[1]
        lines = [how_text(end, s.rules.target, hs, refused.get(end.round)), ""]
        for i, t in enumerate(end.tricks, 1):
            lines.append(tr("tbl.t.trick.n", n=i) + "  " + trick_markup(t, st, names=hs))
        if end.tricks:
            lines.append("")
        lines.append(points_text(end, hs))
        a, b = s.scores()
        if hs is not None:
            lines.append(tr("tbl.t.score.line.named", you=a, computer=b, target=s.rules.target,
                            p1=player_name(0, hs), p2=player_name(1, hs)))
        else:
            lines.append(tr("tbl.t.score.line", you=a, computer=b, target=s.rules.target))
        checked = deal_check(s, end.round)
        if checked is not None:
            lines.append(checked)
        if not s.is_terminal():
            if hs is not None:
                lines.append(tr("tbl.t.next.dealer.named", name=player_name(s.dealer, hs)))
            else:
                lines.append(tr("tbl.t.next.dealer.you") if s.dealer == HUMAN
                             else tr("tbl.t.next.dealer.computer"))
        return title, "\n".join(lines)

    def action_done(self) -> None:
        self.close("continue")

    def on_click(self, event: Click) -> None:
        # A click anywhere continues, like Enter.
        if not isinstance(event.widget, Button):
            self.close("continue")


class Results(Summary):
    """End of a game: the outcome, the score breakdown, play again or back to the menu."""

    BUTTONS = (("again", "tbl.btn.again"), ("menu", "tbl.btn.menu"))
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "app.focus_previous", show=False),
        Binding("right", "app.focus_next", show=False),
        Binding("p", "choose('again')", show=False),
        Binding("n", "choose('next')", show=False),
        Binding("m,escape", "choose('menu')", show=False),
    ]

    def __init__(self, hints_used: int = 0, *, names: Names | None = None) -> None:
        super().__init__(id="results")
        self.hints_used = hints_used  # hints the player asked the coach for
        self.names = names  # hot-seat: two players by name instead of you and the computer
        self.context: ResultsContext | None = None  # a match's or the tournament's game

    def player_label(self, player: int) -> str:
        if self.names is not None:
            return player_name(player, self.names)
        return tr("tbl.you") if player == HUMAN else tr("tbl.computer")

    def button_list(self) -> tuple[tuple[str, str], ...]:
        # A match's or the tournament's game (F12): its score, and "Next game" or "Bracket".
        self.context = services(self).results_context()
        return self.context.buttons if self.context is not None else self.BUTTONS

    def hints_line(self) -> list[str]:
        lines = [tr("hint.used.results", n=self.hints_used)] if self.hints_used else []
        if self.context is not None:
            lines += self.context.lines()
        return lines

    def action_choose(self, choice: str) -> None:
        if any(bid == choice for bid, _key in self.buttons):
            self.close(choice)

    def heading(self, winner: int | None, scores: tuple[int, int]) -> str:
        """Who won and the score, the winner's points first ("The computer wins 12 : 11")."""
        first, second = scores[::-1] if winner == COMPUTER else scores
        return self.outcome(winner) + f"  {first} : {second}"

    def outcome(self, winner: int | None) -> str:
        if self.names is not None and winner is not None:
            return tr("tbl.res.named", name=player_name(winner, self.names))
        if winner == HUMAN:
            return tr("tbl.res.you")
        if winner == COMPUTER:
            return tr("tbl.res.computer")
        return tr("tbl.res.draw")


class TrufludoResults(Results):
    """F11: each player's trufoj, trufegoj counted twice, and the total."""

    def __init__(self, state: trufludo.State, hints_used: int = 0, *,
                 names: Names | None = None) -> None:
        super().__init__(hints_used, names=names)
        self.state = state

    def texts(self) -> tuple[str, str]:
        s = self.state
        st = _style(self)
        title = self.heading(s.winner(), s.scores())
        head = ["", self.player_label(0), self.player_label(1)]
        rows = [head]
        plain = [head]
        trufoj = [len(s.piles[p]) - len(s.trufegoj[p]) for p in (0, 1)]
        tg = [len(s.trufegoj[p]) for p in (0, 1)]
        for label, vals in ((tr("tbl.res.trufoj"), [str(x) for x in trufoj]),
                            (tr("tbl.res.trufegoj"),
                             [tr("tbl.res.times2", n=x, d=2 * x) for x in tg]),
                            (tr("tbl.res.total"), [str(x) for x in s.scores()])):
            rows.append([label, *vals])
            plain.append([label, *vals])
        rows[0] = [f"[b]{c}[/]" for c in rows[0]]
        rows[-1] = [f"[b]{c}[/]" for c in rows[-1]]
        lines = [columns(rows, plain), ""]
        review = self.review_lines()
        if review:
            lines += [*review, ""]
        for p in (HUMAN, COMPUTER):
            if s.trufegoj[p]:
                who = tr("tbl.res.tg.you") if p == HUMAN else tr("tbl.res.tg.computer")
                if self.names is not None:
                    who = tr("tbl.res.tg.named", name=player_name(p, self.names))
                lines.append(f"{who} {cards_markup(s.trufegoj[p], st)}")
        if s.rules.leftover == "last_capturer" and s.last_capturer is not None:
            lines.append(tr("tbl.res.leftover"))
        checked = deal_check(s, 1)  # F2: the game's one shuffle, revealed now it is over
        if checked is not None:
            lines.append(checked)
        if s.table:  # F10: cards left on the table count for nobody; every card adds up
            n = len(s.table)
            lines.append(plural("tbl.res.left", n, cards=cards_markup(s.table, st)))
            a_cards, b_cards = len(s.piles[0]), len(s.piles[1])
            lines.append(tr("tbl.res.all_cards", a=a_cards, b=b_cards, n=n,
                            total=a_cards + b_cards + n))
        lines.append(tr("tbl.res.rule"))
        lines += self.hints_line()
        return title, "\n".join(lines)

    def review_lines(self) -> list[str]:
        """Lines under the scores: the graded review of the player's choices (against the
        computer, :class:`truf_tui.ui.screens.graded.GradedTrufludoResults`)."""
        return []


class TrucResults(Results):
    """The final score and the list of rounds."""

    def __init__(self, state: truc.State, hints_used: int = 0, *,
                 names: Names | None = None, story: Story | None = None) -> None:
        super().__init__(hints_used, names=names)
        self.state = state
        self.ends, self.refused = story or _replayed(state)

    def texts(self) -> tuple[str, str]:
        s = self.state
        a, b = s.scores()
        title = self.heading(s.winner(), (a, b))
        ends = self.ends
        head = ["", self.player_label(0), self.player_label(1)]
        rows = [head]

        def per_player(pick: Callable[[truc.RoundEnd], int], how: str | None) -> list[str]:
            return [str(sum(pick(e) for e in ends if e.winner == p and (how is None
                                                                         or e.how == how)))
                    for p in (HUMAN, COMPUTER)]

        rows.append([tr("tbl.res.t.rounds"), *per_player(lambda e: 1, None)])
        for how in ("tricks", "refused", "fold"):
            rows.append([tr(f"tbl.res.t.by.{how}"), *per_player(lambda e: e.points, how)])
        if any(s.start_scores):  # a practice start at a set score: the total adds up
            rows.append([tr("tbl.res.t.start"), *(str(x) for x in s.start_scores)])
        rows.append([tr("tbl.res.total"), str(a), str(b)])
        shown = [list(r) for r in rows]
        shown[0] = [f"[b]{c}[/]" for c in rows[0]]
        shown[-1] = [f"[b]{c}[/]" for c in rows[-1]]
        lines = [tr("tbl.res.t.played", n=len(ends), target=s.rules.target), "",
                 columns(shown, rows), ""]
        recent = ends[-6:]  # the last rounds; the replay (statistics) has them all
        lines.append(f"[b]{tr('tbl.res.t.last')}[/]")
        for e in recent:
            lines.append(tr("tbl.t.trick.round", n=e.round) + "  "
                         + short_end(e, self.names, self.refused.get(e.round)))
        lines += self.hints_line()
        return title, "\n".join(lines)


def short_end(e: truc.RoundEnd, names: Names | None = None,
              refusal: Refusal | None = None) -> str:
    """A round in a few words: who scored what, and how (which proposal was refused)."""
    if e.winner is None:
        return tr("tbl.res.t.short.spoiled")
    who = tr("tbl.you") if e.winner == HUMAN else tr("tbl.computer")
    if names is not None:
        who = player_name(e.winner, names)
    if e.how == "tricks":
        won = sum(1 for t in e.tricks if t.winner == e.winner)
        lost = sum(1 for t in e.tricks if t.winner is not None and t.winner != e.winner)
        how = tr("tbl.res.t.short.tricks", won=won, lost=lost)
    elif e.how == "refused" and refusal is not None:
        how = tr(f"tbl.res.t.short.refused.{refusal.kind}", n=truc.next_stake(refusal.stake))
    else:
        how = tr(f"tbl.res.t.short.{e.how}")
    pts = tr("tbl.res.t.short.game", n=e.points) if e.game else f"+{e.points}"
    return f"{who} [b]{pts}[/] [dim]({how})[/]"
