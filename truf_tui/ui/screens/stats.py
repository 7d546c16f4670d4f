"""Statistics: wins, draws and losses per game and opponent, trufegoj per Trufludo game and
Truc points per round, all read from the history of finished games (``History.stats()``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Static

from truf_tui.store import GameRow, Stats, StoreError, Tally
from truf_tui.ui.config import GAMES, TIERS
from truf_tui.ui.i18n import get_language, tr
from truf_tui.ui.keybar import KeyBar
from truf_tui.ui.settings import SettingsChanged
from truf_tui.ui.storage import HOTSEAT_TIER, Notice

if TYPE_CHECKING:
    from truf_tui.ui.app import TrufApp

COLUMNS = ("opponent", "games", "wins", "draws", "losses", "percent")
GAME_COLUMNS = ("when", "game", "opponent", "result")
MAX_LISTED = 200  # finished games listed for replay, newest first


def number(x: float, digits: int = 1) -> str:
    """A decimal number as written in the current language (Esperanto: decimal comma)."""
    text = f"{x:.{digits}f}"
    return text.replace(".", ",") if get_language() == "eo" else text


def tally_row(name: str, t: Tally) -> tuple[str, ...]:
    percent = "–" if not t.games else number(100 * t.wins / t.games, 0) + " %"
    return (name, str(t.games), str(t.wins), str(t.draws), str(t.losses), percent)


def rows_for(stats: Stats, game: str) -> list[tuple[str, ...]]:
    """The table of one game: every tier (even without games), games without a tier if any,
    then all together."""
    results = stats.results.get(game, {})
    rows = [tally_row(tr(f"tier.{tier}"), results.get(tier, Tally())) for tier in TIERS]
    others = [t for tier, t in results.items() if tier not in TIERS and tier != HOTSEAT_TIER]
    if others:
        rows.append(tally_row(tr("stats.no_tier"), Tally(sum(t.wins for t in others),
                                                         sum(t.draws for t in others),
                                                         sum(t.losses for t in others))))
    # Hot-seat games are no wins against the computer: out of the total, on a row of their
    # own after it (won / lost counted for Player 1).
    hotseat = results.get(HOTSEAT_TIER)
    total = stats.total(game)
    if hotseat is not None:
        total = Tally(total.wins - hotseat.wins, total.draws - hotseat.draws,
                      total.losses - hotseat.losses)
    rows.append(tally_row(tr("stats.total"), total))
    if hotseat is not None:
        rows.append(tally_row(tr("stats.hotseat"), hotseat))
    return rows


def tier_label(tier: str | None) -> str:
    """The opponent column of a finished game."""
    if tier == HOTSEAT_TIER:
        return tr("tier.human")
    return tr(f"tier.{tier}") if tier in TIERS else tr("stats.no_tier")


class StatsScreen(Screen[None]):
    """Opened with ``s`` on the start screen or from the command palette; Escape closes it."""

    BINDINGS = [Binding("escape,s", "close", show=False)]

    def __init__(self) -> None:
        super().__init__(id="stats")
        self.stats: Stats | None = None
        self.games: list[GameRow] = []

    @property
    def truf_app(self) -> TrufApp:
        return cast("TrufApp", self.app)

    def compose(self) -> ComposeResult:
        with Horizontal(classes="title-bar"):
            yield Static(id="stats-title", classes="title-text")
        with VerticalScroll(id="stats-body"):
            yield Static(id="stats-note", classes="hint")
            for game in GAMES:
                yield Static(id=f"stats-head-{game}", classes="stats-head")
                table: DataTable[Any] = DataTable(id=f"stats-{game}", cursor_type="none",
                                                  zebra_stripes=True, classes="stats-table")
                yield table
                yield Static(id=f"stats-mean-{game}", classes="stats-mean")
            yield Static(id="stats-games-head", classes="stats-head")
            games: DataTable[str] = DataTable(id="stats-games", cursor_type="row",
                                              zebra_stripes=True, classes="stats-table")
            yield games
            yield Static(id="stats-hint", classes="hint")
        yield KeyBar([
            ("Esc", "key.close", "screen.close"),
            ("F1", "key.help", "app.help"),
            ("q", "key.quit", "app.quit"),
        ], id="stats-keys")

    def on_mount(self) -> None:
        self.stats = self.load()
        self.refresh_texts()
        games = self.query_one("#stats-games", DataTable)
        if games.row_count:
            games.focus()

    def load(self) -> Stats | None:
        data = self.truf_app.data
        if data is None:
            return None
        try:
            stats = data.history.stats()
            self.games = data.history.games()[::-1][:MAX_LISTED]
        except StoreError as e:
            data.problems.append(Notice("store.not_read", str(e)))
            stats = None
        data.history_problems()
        self.truf_app.show_problems()
        return stats

    def refresh_texts(self) -> None:
        stats = self.stats or Stats({}, None, None)
        self.query_one("#stats-title", Static).update(tr("stats.title"))
        if self.truf_app.data is None:
            note = tr("stats.unsaved")
        elif not any(stats.total(g).games for g in GAMES):
            note = tr("stats.empty")
        else:
            note = ""
        self.query_one("#stats-note", Static).update(note)
        self.query_one("#stats-note").display = bool(note)
        for game in GAMES:
            self.query_one(f"#stats-head-{game}", Static).update(tr(f"game.{game}"))
            table: DataTable[Any] = self.query_one(f"#stats-{game}", DataTable)
            table.clear(columns=True)
            for i, col in enumerate(COLUMNS):
                table.add_column(tr(f"stats.col.{col}"), key=col, width=14 if i == 0 else None)
            for row in rows_for(stats, game):
                table.add_row(row[0], *(Text(cell, justify="right") for cell in row[1:]))
        self.query_one("#stats-mean-trufludo", Static).update(self._trufegoj(stats))
        self.query_one("#stats-mean-truc", Static).update(self._points(stats))
        self.refresh_games()
        self.query_one("#stats-hint", Static).update(tr("stats.hint"))
        self.query_one(KeyBar).refresh_texts()

    def refresh_games(self) -> None:
        from truf_tui.ui.screens.replay import result_text, when

        self.query_one("#stats-games-head", Static).update(tr("stats.games"))
        self.query_one("#stats-games-head").display = bool(self.games)
        table: DataTable[Any] = self.query_one("#stats-games", DataTable)
        table.display = bool(self.games)
        table.clear(columns=True)
        for col in GAME_COLUMNS:
            table.add_column(tr(f"stats.col.{col}"), key=col)
        for row in self.games:
            tier = tier_label(row.tier)
            table.add_row(when(row.finished_at), tr(f"game.{row.game}"), tier,
                          result_text(row), key=str(row.id))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id != "stats-games" or event.row_key.value is None:
            return
        event.stop()
        row = next((g for g in self.games if str(g.id) == event.row_key.value), None)
        if row is None:
            return
        from truf_tui.ui.screens.replay import ReplayScreen

        try:
            screen = ReplayScreen(row)
        except Exception as e:  # a damaged record in the history: say so, stay here
            self.notify(str(e), title=tr("store.title"), severity="warning")
            return
        self.app.push_screen(screen)

    @staticmethod
    def _trufegoj(stats: Stats) -> str:
        m = stats.trufegoj_per_game
        if m is None:
            return ""
        return tr("stats.trufegoj", you=number(m.human), computer=number(m.computer), n=m.count)

    @staticmethod
    def _points(stats: Stats) -> str:
        m = stats.truc_points_per_round
        if m is None:
            return ""
        return tr("stats.points", you=number(m.human, 2), computer=number(m.computer, 2),
                  n=m.count)

    def on_settings_changed(self, _: SettingsChanged) -> None:
        self.refresh_texts()

    def action_close(self) -> None:
        self.dismiss()
