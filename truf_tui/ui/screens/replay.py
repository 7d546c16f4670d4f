"""The replay viewer: a finished game from the history, step by step, both hands face up.

The record is replayed once (every position kept); the move list on the right is the
navigator: ↑↓ (or ←→), PgUp/PgDn, Home/End and clicks move through it, and the table on the
left shows the position after the highlighted move.

It also shows a computers' game of the tournament (F12): then the players have names, and
``autoplay`` plays it from the start at the chosen pace (Space pauses, a step key stops it).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from truf_tui.cards import Card
from truf_tui.engine import truc, trufludo
from truf_tui.engine.record import AnyState, GameRecord
from truf_tui.grading import Graded
from truf_tui.play.config import COMPUTER, HUMAN, TIERS
from truf_tui.store import GameRow, StoreError
from truf_tui.ui.i18n import plural, tr
from truf_tui.ui.keybar import KeyBar
from truf_tui.ui.screens.summary import player_name
from truf_tui.ui.services import services, shell
from truf_tui.ui.settings import SettingsChanged
from truf_tui.ui.storage import HOTSEAT_TIER
from truf_tui.ui.widgets.cards import card_markup

if TYPE_CHECKING:
    from truf_tui.coach import RoundReview


def when(iso: str) -> str:
    """An ISO time from the history, in local time, to the minute."""
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except (TypeError, ValueError):
        return iso


def result_text(row: GameRow) -> str:
    # A match started at a set score says so: it is no whole win or loss.
    start = (tr("replay.from_score", you=row.start[0], computer=row.start[1])
             if row.from_score else "")
    if row.ended_away is not None:  # ended by the one who stayed: a win or loss unfinished
        start += tr("replay.ended_away" if row.ended_away == row.human_seat
                    else "replay.ended_friend_away")
    if row.tier == HOTSEAT_TIER:  # two players: the result by name (Player 1 is seat 0)
        return tr(f"hot.result.{row.result}", you=row.score_human,
                  computer=row.score_computer) + start
    return tr(f"replay.result.{row.result}", you=row.score_human,
              computer=row.score_computer) + start


def stake_label(s: truc.State) -> str:
    """What the round is played for, as the live table's stake box says it: the points, or
    during an accepted *Mia resto* the game (T8: ``stake`` keeps the points from before the
    rest, which a refusal would have scored, so it must not be shown as the stake)."""
    if s.rest:
        return tr("replay.t.stake.rest")
    return str(s.stake)


class ReplayScreen(Screen[None]):
    """Opened from the statistics screen's list of finished games."""

    # Set by __init__; class defaults for subclasses that load a record their own way.
    names: Callable[[], tuple[str, str]] | None = None
    _title: Callable[[], str] | None = None
    autoplay = False

    BINDINGS = [
        Binding("escape", "close", show=False),
        Binding("right", "step(1)", show=False),
        Binding("left", "step(-1)", show=False),
        Binding("space", "pause", show=False),
        # Before the move list's own: while watching, they also show the moves not yet seen.
        Binding("home", "home", show=False, priority=True),
        Binding("end", "end", show=False, priority=True),
    ]

    def __init__(self, row: GameRow, *, names: Callable[[], tuple[str, str]] | None = None,
                 title: Callable[[], str] | None = None, autoplay: bool = False,
                 start: int | None = None) -> None:
        super().__init__(id="replay")
        self.row = row
        self.names = names  # the two seats' names, when they are not you and the computer
        self._title = title
        self.autoplay = autoplay
        self.load(row.record(), start)

    def load(self, record: GameRecord, start: int | None = None) -> None:
        """Replay ``record``; open at position ``start`` (after move ``start``, 0 for the
        deal), else at the end: the result."""
        self.record = record
        self.states: list[AnyState] = list(self.record.states())
        last = len(self.states) - 1
        self.position = last if start is None else max(0, min(start, last))
        # Watching: the move list grows as the game is shown (no spoilers) until the viewer
        # takes over with a step key.
        self.revealed = len(self.states) - 1
        if self.autoplay:
            self.position = self.revealed = 0
        self.reviews: list[tuple[int, RoundReview]] = self._truc_reviews()  # (last move, review)

    def _truc_reviews(self) -> list[tuple[int, RoundReview]]:
        """Le Truc: the coach's review of every finished round (its bets, bluffs or not,
        and what refusals gave up), with the number of the round's last move."""
        final = self.states[-1]
        if not isinstance(final, truc.State):
            return []
        from truf_tui import coach

        out: list[tuple[int, RoundReview]] = []
        moves = 0
        try:
            for start, actions in coach.round_starts(final):
                moves += len(actions)
                out.append((moves, coach.review_round(start, actions)))
        except Exception:  # the notes are a bonus: the replay works without them
            return out
        return out

    def review_at(self, position: int) -> tuple[int, RoundReview] | None:
        """The review of the round the move at ``position`` belongs to (the deal: the first
        round's), with the round's number."""
        move = max(position, 1)
        for i, (last, review) in enumerate(self.reviews, start=1):
            if move <= last:
                return i, review
        return None

    @property
    def card_style(self) -> str:
        return services(self).settings.card_style

    def compose(self) -> ComposeResult:
        with Horizontal(classes="title-bar"):
            yield Static(id="replay-title", classes="title-text")
        with Horizontal(id="replay-main"):
            with VerticalScroll(id="replay-left"):
                yield Static(id="replay-board")
                yield Static(id="replay-status")
                yield Static(id="replay-notes")
            with Vertical(id="replay-right"):
                yield Static(id="replay-log-title", classes="stats-head")
                yield OptionList(id="replay-log")
        keys = [
            ("←→ ↑↓", "replay.key.step", "screen.step(1)"),
            ("Home", "replay.key.start", "screen.home"),
            ("End", "replay.key.end", "screen.end"),
            ("Esc", "key.close", "screen.close"),
            ("F1", "key.help", "app.help"),
        ]
        if self.autoplay:
            keys.insert(0, ("Space", "replay.key.pause", "screen.pause"))
        yield KeyBar(keys, id="replay-keys")

    def on_mount(self) -> None:
        self.refresh_texts()
        log = self.query_one(OptionList)
        log.focus()
        if self.autoplay:
            pace = services(self).settings.pace_seconds
            self._timer = self.set_interval(max(0.25, pace), self._autoplay_step)

    def seat_name(self, p: int | None) -> str:
        if p is None:
            return tr("replay.nobody")
        if self.names is not None:
            return self.names()[p]
        return self.who(p)

    def result_line(self) -> str:
        if self.names is None:
            return result_text(self.row)
        final = self.states[-1]
        a, b = final.scores()
        w = final.winner()
        if w is None:
            return tr("replay.watch.draw", a=a, b=b)
        # The winner is named first, so their points come first (as the results say).
        won, lost = (a, b) if w == 0 else (b, a)
        return tr("replay.watch.won", name=self.seat_name(w), a=won, b=lost)

    # -- moving -----------------------------------------------------------------------------
    def _autoplay_step(self) -> None:
        if not self.autoplay or not self.is_current:
            return  # paused, or help is open over it
        if self.position >= len(self.states) - 1:
            self.autoplay = False
            return
        if self.position + 1 > self.revealed:
            self.revealed = self.position + 1
            self.query_one(OptionList).add_option(self.move_line(self.revealed))
        self.go_to(self.position + 1)

    def reveal_all(self) -> None:
        if self.revealed < len(self.states) - 1:
            log = self.query_one(OptionList)
            log.add_options([self.move_line(i)
                             for i in range(self.revealed + 1, len(self.states))])
            self.revealed = len(self.states) - 1

    def action_pause(self) -> None:
        self.autoplay = not self.autoplay and self.position < len(self.states) - 1

    def action_step(self, delta: int) -> None:
        self.take_over()
        self.go_to(self.position + delta)

    def take_over(self) -> None:
        """A step key while watching: the viewer moves freely through the whole game."""
        self.autoplay = False
        self.reveal_all()

    def action_home(self) -> None:
        self.take_over()
        self.go_to(0)

    def action_end(self) -> None:
        self.take_over()
        self.go_to(len(self.states) - 1)

    def go_to(self, position: int) -> None:
        position = max(0, min(position, self.revealed))
        if position != self.position:
            # At once, not on the highlight's event: the board and ``position`` never lag
            # behind the moves shown in the list.
            self.position = position
            self.render_board()
        log = self.query_one(OptionList)
        if log.highlighted != position:
            log.highlighted = position

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option_index != self.position:
            self.position = event.option_index
            self.render_board()

    # -- drawing ----------------------------------------------------------------------------
    def title_text(self) -> str:
        row = self.row
        if self._title is not None:
            return self._title()
        tier = tr("tier.human") if row.tier == HOTSEAT_TIER else (
            tr(f"tier.{row.tier}") if row.tier in TIERS else tr("stats.no_tier"))
        return tr("replay.title", game=tr(f"game.{row.game}"), tier=tier,
                  when=when(row.finished_at), result=result_text(row))

    def end_text(self) -> str:
        """Said after the status of the last position when the game is over."""
        return self.result_line()

    def status_text(self) -> str:
        """The line under the board: which move this is."""
        n = len(self.states) - 1
        if self.position == 0:
            return plural("replay.status.start", n)
        before = self.states[self.position - 1]
        return tr("replay.status.move", i=self.position, n=n,
                  who=self.seat_name(before.current_player),
                  move=self.move_words(self.position))

    def refresh_texts(self) -> None:
        self.query_one("#replay-title", Static).update(self.title_text())
        self.query_one("#replay-log-title", Static).update(tr("tbl.log.title"))
        log = self.query_one(OptionList)
        log.clear_options()
        log.add_options(self.move_lines())
        log.highlighted = self.position
        self.render_board()
        self.query_one(KeyBar).refresh_texts()

    def move_lines(self) -> list[Option]:
        return [self.move_line(i) for i in range(self.revealed + 1)]

    def move_line(self, i: int) -> Option:
        if i == 0:
            return Option(tr("replay.start"))
        who = self.seat_name(self.states[i - 1].current_player)
        return Option(f"{i:>3}. {who}: {self.move_words(i)}")

    def move_words(self, i: int) -> str:
        """Move ``i`` in words and card chips (the record keeps its T11 text)."""
        from truf_tui.ui.moves import move_words

        return move_words(self.states[i - 1], self.record.moves[i - 1], self.card_style)

    def render_board(self) -> None:
        s = self.states[self.position]
        board = self.truc_board(s) if isinstance(s, truc.State) else self.trufludo_board(s)
        self.query_one("#replay-board", Static).update(board)
        status = self.status_text()
        if s.is_terminal():
            status += "  " + self.end_text()
        self.query_one("#replay-status", Static).update(status)
        self.render_notes()

    def render_notes(self) -> None:
        notes = self.query_one("#replay-notes", Static)
        found = self.review_at(self.position)
        notes.display = found is not None
        if found is None:
            return
        from truf_tui.ui.screens.practice import review_lines

        n, review = found
        # A watched or hot-seat game is nobody's at this keyboard: both seats by name.
        # (A worked example, ExampleScreen, has no history row.)
        hotseat = getattr(self, "row", None) is not None and self.row.tier == HOTSEAT_TIER
        names = None if self.names is None and not hotseat else (
            self.seat_name(HUMAN), self.seat_name(COMPUTER))
        # the verdicts on your answers follow their grades where the history keeps them
        lines = review_lines(review, self.card_style, names,
                             self.kept_grades() if names is None else None)[1:]  # no title
        notes.update("\n".join([tr("replay.notes", n=n), *lines]))

    _grades: dict[int, Graded[truc.Action]] | None = None

    def kept_grades(self) -> dict[int, Graded[truc.Action]] | None:
        """Your graded decisions of this game as the history keeps them, by move (None: it
        keeps none, e.g. a game not in the history: the review judges by the solved mix)."""
        if self._grades is None:
            self._grades = {}
            data = shell(self).data
            uid = getattr(getattr(self, "row", None), "uid", "")
            if data is not None and uid:
                with contextlib.suppress(StoreError, ValueError, KeyError):
                    self._grades = {d.move: d.truc_graded(self.row.human_seat) for d in
                                    data.history.decisions("truc", source="game")
                                    if d.ref == uid}
        return self._grades or None

    def who(self, player: int) -> str:
        """A seat's name: you and the computer, or in a hot-seat game Player 1 and 2."""
        if self.row.tier == HOTSEAT_TIER:
            names = self.record.meta.get("names") if isinstance(self.record.meta, dict) else None
            typed = (str(names[0]), str(names[1])) if isinstance(names, list) \
                and len(names) == 2 else None
            return player_name(player, typed)
        return tr("tbl.you") if player == HUMAN else tr("tbl.computer")

    def cards(self, cards: Sequence[Card]) -> str:
        return " ".join(card_markup(c, self.card_style) for c in cards) or tr("replay.none")

    def trufludo_board(self, s: trufludo.State) -> str:
        def side(p: int) -> list[str]:
            name = self.seat_name(p)
            dealer = " · " + tr("replay.dealer") if s.dealer == p else ""
            return [f"[b]{name}[/]{dealer}",
                    "  " + tr("replay.hand", cards=self.cards(s.hands[p])),
                    "  " + tr("replay.f.pile", cards=len(s.piles[p]),
                              trufegoj=len(s.trufegoj[p]), score=s.scores()[p])]

        middle = ["", tr("tbl.f.table", n=len(s.table)) + "  " + self.cards(s.table),
                  tr("tbl.f.stock", n=len(s.stock)), ""]
        return "\n".join(side(COMPUTER) + middle + side(HUMAN))

    def truc_board(self, s: truc.State) -> str:
        you, computer = s.scores()
        stake = stake_label(s)

        def name(p: int | None) -> str:
            return self.seat_name(p)

        if self.names is None:
            head = tr("replay.t.round", n=s.round_no, dealer=name(s.dealer), stake=stake,
                      you=you, computer=computer, target=s.rules.target)
        else:
            head = tr("replay.t.round.named", n=s.round_no, dealer=name(s.dealer),
                      stake=stake, a=name(HUMAN), you=you, b=name(COMPUTER),
                      computer=computer, target=s.rules.target)
        lines = [head, ""]
        lines += [f"[b]{name(COMPUTER)}[/]",
                  "  " + tr("replay.hand", cards=self.cards(s.hands[COMPUTER])), ""]
        for k, trick in enumerate(s.tricks, start=1):
            lead, answer = (trick.lead, trick.answer)
            lines.append(tr("replay.t.trick", n=k, lead=card_markup(lead, self.card_style),
                            answer=card_markup(answer, self.card_style),
                            winner=name(trick.winner)))
        if s.trick_card is not None:
            lines.append(tr("replay.t.led", n=len(s.tricks) + 1,
                            card=card_markup(s.trick_card, self.card_style),
                            who=name(s.leader)))
        if s.pending is not None:
            lines.append(tr(f"replay.t.pending.{s.pending}", who=name(s.to_move)))
        lines += ["", f"[b]{name(HUMAN)}[/]",
                  "  " + tr("replay.hand", cards=self.cards(s.hands[HUMAN]))]
        return "\n".join(lines)

    def on_settings_changed(self, _: SettingsChanged) -> None:
        self.refresh_texts()

    def action_close(self) -> None:
        self.dismiss()
