"""The Trufludo table: the computer's hand (backs), the table cards, your hand, the stock and
both trufkestoj, with captures staged for a moment and trufegoj celebrated (F7, F8)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.markup import escape

from truf_tui.cards import PACKS, Card
from truf_tui.engine import trufludo
from truf_tui.engine.trufludo import Play
from truf_tui.play.config import GameConfig
from truf_tui.ui.i18n import tr
from truf_tui.ui.keybar import KeyBar
from truf_tui.ui.screens.summary import OnceModal
from truf_tui.ui.screens.table_base import (
    TABLE_KEYS,
    Lazy,
    TableScreen,
    hand_keys,
    status_markup,
)
from truf_tui.ui.services import services
from truf_tui.ui.settings import SettingsChanged
from truf_tui.ui.widgets.cards import (
    BLACK,
    FACE_BG,
    NO_CARDS,
    RED,
    CardRow,
    CardSpec,
    CardView,
    card_markup,
    cards_markup,
    suit_mark,
)
from truf_tui.ui.widgets.table import Markup

HAND_KEYS = ("1", "2", "3")
TABLE_ROW = 10  # cards in a row of the table; a second row takes the rest (F5 variant)


def made_trufego(old: trufludo.State, action: Play) -> bool:
    """F7: taking the only card on the table."""
    return action.take is not None and len(old.table) == 1


def trufego_showing(s: trufludo.State) -> bool:
    """The last move was a trufego and the table is still empty (F8: the same player goes on)."""
    return bool(s.history) and s.history[-1].take is not None and not s.table \
        and not s.is_terminal()


COUNT_ROWS = ("taken", "table", "hand", "unseen")


def suit_counts(s: trufludo.State, me: int) -> dict[Card, tuple[int, int, int, int]]:
    """For each suit (keyed by its first card in the pack), what player ``me`` can know of
    it: cards taken into either trufkesto (each was face up when played, F5-F7), on the
    table, in ``me``'s hand, and the rest: unseen, in the other hand or the stock.  Only
    the suit counts (F1), so the ranks are left out."""
    firsts: dict[str, Card] = {}
    for c in PACKS[s.rules.deck]:
        firsts.setdefault(c.suit, c)
    out = {}
    for suit, first in firsts.items():
        def n(cards: Iterable[Card], suit: str = suit) -> int:
            return sum(1 for c in cards if c.suit == suit)

        total = n(PACKS[s.rules.deck])
        taken, table, hand = n(s.piles[0]) + n(s.piles[1]), n(s.table), n(s.hands[me])
        out[first] = (taken, table, hand, total - taken - table - hand)
    return out


def fresh_deal(s: trufludo.State) -> bool:
    """Nobody has played from the hands just dealt (F2, F3: three cards each)."""
    return len(s.hands[0]) == len(s.hands[1]) == 3


class TrufludoTable(TableScreen[trufludo.State]):
    GAME = "trufludo"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("c", "toggle_count", show=False)]
    # The hand's keys (1-3, the arrows, Enter) are the base's: TABLE_KEYS.

    def __init__(self, config: GameConfig, state: trufludo.State | None = None) -> None:
        super().__init__(config, state)
        self._cursor = 0
        self._moment: tuple[int, Play] | None = None  # a capture on show before it leaves
        # The cards counted by suit (c): a help to count cards, so on in practice.
        self.count_visible = config.practice

    def initial_state(self, s: trufludo.State) -> trufludo.State:
        return s.initial()

    def reset_view(self) -> None:
        self._moment = None
        self._cursor = 0

    @property
    def tstate(self) -> trufludo.State:
        return self.state

    # -- layout -----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Markup(id="scorebar", classes="scorebar")
        with Horizontal(id="main"):
            with Vertical(id="felt"):
                with Horizontal(id="opp-zone", classes="zone"):
                    yield from self.compose_opponent()
                    yield Markup(id="opp-pile", classes="pile")
                with Horizontal(id="table-zone"):
                    with Vertical(id="stock-box"):
                        yield Markup(id="stock-label", classes="small-label")
                        yield CardRow(1, id="stock")
                    with Vertical(id="table-box"):
                        yield Markup(id="table-label", classes="small-label")
                        yield CardRow(TABLE_ROW, id="table", classes="table-cards")
                        yield CardRow(TABLE_ROW, id="table2", classes="table-cards more")
                        yield Markup(id="banner")
                    yield Markup(id="count", classes="count")
                yield Markup(id="status", classes="status")
                with Horizontal(id="my-zone", classes="zone"):
                    yield from self.compose_my_name()
                    with Vertical(classes="hand-box"):
                        yield CardRow(id="my-hand", classes="hand mine")
                        yield Markup(id="my-notes", classes="notes")
                    yield Markup(id="my-pile", classes="pile")
            yield from self.compose_log()
        yield from self.compose_keys()

    # -- drawing ----------------------------------------------------------------------------
    def render_table(self) -> None:
        s = self.tstate
        st = self.card_style
        moment = self._moment
        hands = [list(s.hands[0]), list(s.hands[1])]
        table: list[CardSpec] = []
        taking: set[Card] = set()
        if moment is not None:
            player, action = moment
            hands[player].remove(action.card)
            taking = {action.card, action.take} if action.take is not None else set()
        me, opp = self.me, self.opp
        my_turn = self.my_move()
        self._cursor = min(self._cursor, max(len(hands[me]) - 1, 0))
        cursor_card = hands[me][self._cursor] if my_turn and hands[me] else None
        new_card = None
        if s.history and s.history[-1].take is None and moment is None:
            new_card = s.history[-1].card  # the card just thrown stands out until the next move
        for c in s.table:
            cls: list[str] = []
            if c in taking:
                cls.append("-capture")
            elif cursor_card is not None and c.suit == cursor_card.suit:
                cls.append("-target")
            if c == new_card:
                cls.append("-new")
            table.append(CardSpec(c, classes=tuple(cls)))
            if moment is not None and moment[1].take == c:
                table.append(CardSpec(moment[1].card, classes=("-capture",)))

        # The opponent's hand: backs only.
        self.query_one("#opp-hand", CardRow).show(
            [CardSpec(None) for _ in hands[opp]] or [NO_CARDS], st)
        # Your hand: key number on top, what the card would do below.  Hot-seat, between
        # turns: face down too.
        mine: list[CardSpec] = []
        for i, c in enumerate(hands[me]):
            if self.hidden:
                mine.append(CardSpec(None))
                continue
            cls = ["-playable"] if my_turn else ["-dim"]
            if c == cursor_card:
                cls.append("-cursor")
            mine.append(CardSpec(c, title=HAND_KEYS[i] if i < 3 else "", classes=tuple(cls)))
        self.query_one("#my-hand", CardRow).show(mine or [NO_CARDS], st)
        # Under each card, what playing it would do (a card is 7 cells wide plus a gap).
        notes = [self.card_note(s, c).center(7)[:7] for c in hands[me]] if my_turn else []
        self.query_one("#my-notes", Markup).set("[dim]" + " ".join(notes) + "[/]" if notes
                                                else "")

        banner = self.query_one("#banner", Markup)
        showing = trufego_showing(s) and moment is None
        banner.display = showing
        if showing:
            banner.set(self.banner_text(s))
        # Without forced capture the table can grow: as many as fit, then a second row.
        fit = max(3, min(TABLE_ROW, (self.query_one("#table-box").size.width or 80) // 8))
        first, rest = (table or [CardSpec(empty=True)])[:fit], table[fit:]
        row1, row2 = self.query_one("#table", CardRow), self.query_one("#table2", CardRow)
        row1.display = not showing
        row2.display = bool(rest) and not showing
        row1.show(first, st)
        row2.show(rest, st)
        self.query_one("#table-label", Markup).set(tr("tbl.f.table", n=len(s.table)))
        stock = [CardSpec(None)] if s.stock else [CardSpec(empty=True)]
        self.query_one("#stock", CardRow).show(stock, st)
        self.query_one("#stock-label", Markup).set(tr("tbl.f.stock", n=len(s.stock)))

        count = self.query_one("#count", Markup)
        count.display = self.count_visible and not self.hidden
        if count.display:
            count.border_title = tr("tbl.f.count.title")
            count.set(self.count_text(s))
        self.query_one("#opp-pile", Markup).set(self.pile_text(s, opp))
        self.query_one("#my-pile", Markup).set(self.pile_text(s, me))
        if self.hotseat:
            self.query_one("#opp-pile", Markup).border_title = tr("tbl.f.pile.named",
                                                                  name=self.who(opp))
            self.query_one("#my-pile", Markup).border_title = tr("tbl.f.pile.named",
                                                                 name=self.who(me))
        else:
            self.query_one("#opp-pile", Markup).border_title = tr("tbl.f.pile.computer")
            self.query_one("#my-pile", Markup).border_title = tr("tbl.f.pile.you")
        self.render_seats(s)
        self.query_one("#scorebar", Markup).set(self.scorebar_text(s))
        self.query_one("#status", Markup).set(status_markup(
            self._event() if self._event else "", self.prompt(s, cursor_card),
            self._notice() if self._notice else ""))

    def count_text(self, s: trufludo.State) -> str:
        """The suits across, what is known of each down; the unseen ones in bold.  Narrow
        columns: it sits beside the table cards at 80 columns."""
        counts = suit_counts(s, self.me)
        labels = [tr(f"tbl.f.count.{what}") for what in COUNT_ROWS]
        width = max(cell_len(label) for label in labels)
        chips = [f"[b {RED if c.is_red else BLACK} on {FACE_BG}] "
                 f"{escape(suit_mark(c, self.card_style))} [/]" for c in counts]
        lines = [" " * width + " " + " ".join(chips)]
        for i, label in enumerate(labels):
            cells = []
            for v in counts.values():
                cell = f"{v[i]:>2} "  # the units under the suit's symbol
                cells.append(f"[dim]{cell}[/]" if v[i] == 0 else cell)
            line = label + " " * (width - cell_len(label)) + " " + " ".join(cells)
            lines.append(f"[b]{line}[/]" if COUNT_ROWS[i] == "unseen" else line)
        return "\n".join(lines)

    def action_toggle_count(self) -> None:
        self.count_visible = not self.count_visible
        self.refresh_view()
        # Again once laid out: the table cards' row fits the width the panel leaves.
        self.call_after_refresh(self.refresh_view)

    def compose_keys(self) -> ComposeResult:
        keys = [(key.shown, key.label, key.action) for key in TABLE_KEYS]
        at = next(i for i, k in enumerate(keys) if k[2] == "screen.toggle_log") + 1
        keys.insert(at, ("c", "tbl.key.count", "screen.toggle_count"))
        yield KeyBar(keys, id="keys")

    def refresh_keys(self) -> None:
        super().refresh_keys()
        # At 80 columns "c Count" makes the bar too long; the prompt names ←/→ anyway.
        if self.has_class("-narrow"):
            for bar in self.query("#keys").results(KeyBar):
                bar.show("screen.move(1)", False)

    def card_note(self, s: trufludo.State, card: Card) -> str:
        takes = [t for t in s.table if t.suit == card.suit]
        if not takes:
            return tr("tbl.f.note.throw")
        if len(takes) == 1:
            return tr("tbl.f.note.trufego") if len(s.table) == 1 else tr("tbl.f.note.take")
        return tr("tbl.f.note.choose")

    def pile_text(self, s: trufludo.State, p: int) -> str:
        st = self.card_style
        tg = s.trufegoj[p]
        # The trufegoj last: their cards may wrap, and the box grows below them.
        lines = [tr("tbl.f.pile.cards", n=len(s.piles[p])),
                 tr("tbl.f.pile.score", n=s.scores()[p]),
                 tr("tbl.f.pile.trufegoj", n=len(tg)) + (" " + cards_markup(tg, st) if tg else "")]
        return "\n".join(lines)

    def scorebar_text(self, s: trufludo.State) -> str:
        a, b = s.scores()
        rules = s.rules
        variant = [tr(f"tbl.f.deck.{rules.deck}")]
        if not rules.forced_capture:
            variant.append(tr("tbl.f.capture.optional"))
        if rules.leftover == "last_capturer":
            variant.append(tr("tbl.f.leftover.last"))
        key = "tbl.f.scorebar.named" if self.hotseat else "tbl.f.scorebar"
        return tr(key, you=a, computer=b, stock=len(s.stock), variant=" · ".join(variant),
                  p1=self.who(0), p2=self.who(1))

    def banner_text(self, s: trufludo.State) -> str:
        last = s.history[-1]
        card = card_markup(last.take, self.card_style) if last.take is not None else ""
        who = s.current_player  # F8: the capturer moves again
        # Hot-seat: the capturer is the one looking (no pass: the same player goes on).
        key = "tbl.f.banner.you" if who == self.me else "tbl.f.banner.computer"
        if self.hotseat and who != self.me:
            key = "tbl.f.banner.named"
        return tr("tbl.f.banner.title") + "\n" + tr(key, card=card, name=self.who(who))

    def prompt(self, s: trufludo.State, cursor_card: Card | None) -> str:
        if self._moment is not None:
            # A capture on show: the state is still the one before it, so say who moves
            # after it (F8: after a trufego the capturer again).
            return self.next_turn_prompt(s.apply(self._moment[1]), "f")
        if s.is_terminal():
            return tr("tbl.f.prompt.over")
        if not self.my_move():
            if self.hotseat:
                return tr("tbl.f.prompt.named", name=self.who(s.current_player))
            return tr("tbl.f.prompt.computer")
        text = tr("tbl.f.prompt.yours", keys=hand_keys(len(s.hands[self.me])))
        if trufego_showing(s):
            text = tr("tbl.f.prompt.again")
        if cursor_card is not None:
            text += " " + self.describe_card(s, cursor_card)
        return text

    def describe_card(self, s: trufludo.State, card: Card) -> str:
        st = self.card_style
        c = card_markup(card, st)
        takes = [t for t in s.table if t.suit == card.suit]
        if not takes:
            return tr("tbl.f.would.throw", card=c)
        if len(takes) == 1:
            key = "tbl.f.would.trufego" if len(s.table) == 1 else "tbl.f.would.take"
            return tr(key, card=c, take=card_markup(takes[0], st))
        return tr("tbl.f.would.choose", card=c, takes=cards_markup(takes, st))

    # -- input ------------------------------------------------------------------------------
    def reset_cursor(self) -> None:
        self._cursor = 0

    def action_pick(self, index: int) -> None:
        hand = self.tstate.hands[self.me]
        if index >= len(hand):
            return  # no card there: the key does nothing
        self._cursor = index
        self.choose(index)

    def action_move(self, step: int) -> None:
        hand = self.tstate.hands[self.me]
        if not hand:
            return
        self._cursor = (self._cursor + step) % len(hand)
        self._notice = None
        self.refresh_view()

    def action_confirm(self) -> None:
        self.choose(self._cursor)

    def choose(self, index: int) -> None:
        s = self.tstate
        if not self.my_move():
            self.warn(lambda: self.wait_text())
            return
        hand = s.hands[self.me]
        if not 0 <= index < len(hand):
            return
        card = hand[index]
        options = [a for a in s.legal_actions() if a.card == card]
        if len(options) == 1:
            self.human_move(options[0])
        elif options:
            self.app.push_screen(TakeChooser(card, options, s), self._chosen)

    def _chosen(self, action: Play | None) -> None:
        if action is not None:
            self.human_move(action)

    def human_move(self, action: trufludo.Play) -> bool:
        # Practice mode: leaving a single card asks first (truf_tui/ui/screens/practice.py).
        if self.config.practice:
            from truf_tui.ui.screens.practice import confirm_risky

            if confirm_risky(self, action):
                return False
        return super().human_move(action)

    def on_card_view_clicked(self, event: CardView.Clicked) -> None:
        row = event.view.parent
        if row is None:
            return
        s = self.tstate
        if row.id == "my-hand":
            if event.view.index < len(s.hands[self.me]):
                self._cursor = event.view.index
                self.choose(event.view.index)
        elif (row.id in ("table", "table2") and "-target" in event.view.classes
              and event.view.spec.card):
            # A click on a highlighted table card takes it with the selected hand card.
            hand = s.hands[self.me]
            if self._cursor < len(hand) and self.my_move():
                self.human_move(trufludo.play(hand[self._cursor], event.view.spec.card))

    # -- moves ------------------------------------------------------------------------------
    def play(self, player: int, action: trufludo.Play) -> None:
        s = self.tstate
        self._event = self.event_for(s, player, action)
        if action.take is not None and self.pace > 0:
            # F5: the two cards stay together on the table for a moment before they leave.
            self._busy = True
            self._moment = (player, action)
            self.played = s.apply(action)  # saved now, not when the moment ends
            self.refresh_view()
            self.later(self.pace * (1.5 if made_trufego(s, action) else 1.0),
                       lambda: self._end_moment(action))
        else:
            self.commit(action)

    def _end_moment(self, action: Play) -> None:
        self._moment = None
        self.commit(action)

    def event_for(self, s: trufludo.State, player: int, action: Play) -> Lazy:
        who = self.side(player)
        names = self.names(player)
        card = action.card
        take = action.take
        if take is None:
            return lambda: tr(f"tbl.f.ev.throw.{who}", card=card_markup(card, self.card_style),
                              **names)
        key = "trufego" if made_trufego(s, action) else "take"
        return lambda: tr(f"tbl.f.ev.{key}.{who}", card=card_markup(card, self.card_style),
                          take=card_markup(take, self.card_style), **names)

    def after_commit(self, old: trufludo.State, new: trufludo.State, mover: int,
                     action: trufludo.Play) -> bool:
        event = self._event
        if len(new.stock) < len(old.stock):  # F3: a new deal
            n = len(new.stock)
            self._event = (lambda: (event() + " " if event else "")
                           + tr("tbl.f.ev.deal", n=n))
        if new.current_player == self.me:
            self._cursor = 0
        return False

    def log_lines_for(self, old: trufludo.State, new: trufludo.State, mover: int,
                      action: trufludo.Play) -> list[Lazy]:
        lines = [self.move_line(mover, action, old)]
        if made_trufego(old, action):
            lines.append(lambda: "  " + tr("tbl.f.log.trufego"))
        if len(new.stock) < len(old.stock):
            n = len(new.stock)
            lines.append(lambda: "  " + tr("tbl.f.log.deal", n=n))
        return lines

    def computer_delay(self) -> float:
        # A trufego stays on the table long enough to be seen (F7, F8); so does a new deal
        # (F2, F3) before the computer's first move of it.
        s = self.tstate
        return self.pace * (3 if trufego_showing(s) or fresh_deal(s) else 1)

    def show_results(self) -> None:
        from truf_tui.ui.screens.graded import GradedTrufludoResults
        from truf_tui.ui.screens.summary import TrufludoResults

        if self.hotseat:
            self.app.push_screen(TrufludoResults(self.tstate, self.hints_used,
                                                 names=self.names_or_none), self.results_closed)
        else:  # against the computer: the player's choices graded (issue 38 item 7)
            self.app.push_screen(GradedTrufludoResults(self.tstate, self.hints_used,
                                                       tier=self.config.tier),
                                 self.results_closed)


class TakeChooser(OnceModal[Play | None]):
    """Which table card does the played card take (F5)? With ``forced_capture`` off, it may
    also be thrown onto the table."""

    CSS_PATH = "../tables.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(i + 1), f"pick({i})", show=False) for i in range(9)),
        Binding("left", "move(-1)", show=False),
        Binding("right", "move(1)", show=False),
        Binding("enter,space", "confirm", show=False),
        Binding("escape", "cancel", show=False),
    ]

    def __init__(self, card: Card, options: list[Play], state: trufludo.State) -> None:
        super().__init__(classes="chooser-screen")
        # Captures first, in table order; the throw (if legal) last.
        self.card = card
        self.options = sorted(options, key=lambda a: (a.take is None,
                                                      state.table.index(a.take)
                                                      if a.take is not None else 0))
        self.table_size = len(state.table)
        self._cursor = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="chooser", classes="dialog-box"):
            yield Markup(id="chooser-title", classes="dialog-title")
            with Center():
                yield CardRow(len(self.options), id="chooser-cards", classes="chooser-cards")
            yield Markup(id="chooser-help", classes="dialog-help")

    @property
    def card_style(self) -> str:
        return services(self).settings.card_style

    def on_mount(self) -> None:
        self.render_choices()

    def on_settings_changed(self, _: SettingsChanged) -> None:
        if self.is_mounted:
            self.render_choices()

    def render_choices(self) -> None:
        st = self.card_style
        specs = []
        for i, a in enumerate(self.options):
            cls = ("-cursor",) if i == self._cursor else ()
            if a.take is None:
                specs.append(CardSpec(empty=True, title=str(i + 1),
                                      text=tr("tbl.f.note.throw"), classes=cls))
            else:
                specs.append(CardSpec(a.take, title=str(i + 1), classes=cls))
        self.query_one(CardRow).show(specs, st)
        self.query_one("#chooser-title", Markup).set(
            tr("tbl.f.choose.title", card=card_markup(self.card, st)))
        a = self.options[self._cursor]
        if a.take is None:
            what = tr("tbl.f.would.throw", card=card_markup(self.card, st))
        else:
            what = tr("tbl.f.would.take", card=card_markup(self.card, st),
                      take=card_markup(a.take, st))
        self.query_one("#chooser-help", Markup).set(
            what + "\n" + tr("tbl.f.choose.keys", n=len(self.options)))

    def action_pick(self, index: int) -> None:
        if index < len(self.options):
            self.close(self.options[index])

    def action_move(self, step: int) -> None:
        self._cursor = (self._cursor + step) % len(self.options)
        if self.is_mounted:  # keys typed fast can arrive before the first drawing
            self.render_choices()

    def action_confirm(self) -> None:
        self.close(self.options[self._cursor])

    def action_cancel(self) -> None:
        self.close(None)

    def on_card_view_clicked(self, event: CardView.Clicked) -> None:
        self.action_pick(event.view.index)
