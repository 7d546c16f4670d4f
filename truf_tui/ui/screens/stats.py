"""Statistics: wins, draws and losses per game and opponent, trufegoj per Trufludo game and
Truc points per round, all read from the history of finished games (``History.stats()``);
Le Truc's graded decisions (the mean loss per decision, game by game, and the leaks by
category, each drilled by its key); and what the grades do not say: how often the player
raises and bluffs and how often a bluff worked, this session and all time, and the betting
by hand strength against the solved player's (the coach's review of every recorded round).
Whether an answer to a raise was right, and what it cost, is the graded decisions' to say
(the leaks), not a second count's (issue 38 A10).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.coordinate import Coordinate
from textual.events import Click
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Sparkline, Static
from textual.worker import get_current_worker

from truf_tui import coach
from truf_tui.drills import CATEGORIES, Category
from truf_tui.grading import LEAKS, THRESHOLDS, Grade, written
from truf_tui.play.config import GAMES, TIERS
from truf_tui.store import Decision, GameRow, Stats, StoreError, Tally
from truf_tui.ui.i18n import get_language, plural, tr
from truf_tui.ui.keybar import KeyBar
from truf_tui.ui.services import ProblemsFound, shell
from truf_tui.ui.settings import SettingsChanged
from truf_tui.ui.storage import HOTSEAT_TIER, Notice

COLUMNS = ("opponent", "games", "wins", "draws", "losses", "percent")
GAME_COLUMNS = ("when", "game", "opponent", "result")
MAX_LISTED = 200  # finished games listed for replay, newest first
BAR = 6  # width of the bars drawn in the bluff tables (both fit in 80 columns)
NONE = "—"  # no data for this rate
QUICK_REVIEWS = 20  # new matches reviewed before the screen opens; more go to a worker


def bar(part: int, whole: int, width: int = BAR) -> str:
    k = round(width * part / whole) if whole else 0
    return "█" * k + "░" * (width - k)


@dataclass
class BluffNumbers:
    """Le Truc's bluff counts of the human this session and all time."""

    session: coach.BluffStats = field(default_factory=coach.BluffStats)
    all_time: coach.BluffStats = field(default_factory=coach.BluffStats)


def game_bluffs(row: GameRow) -> coach.BluffStats:
    """The coach's counts over one recorded Truc match, from the human's seat."""
    state = row.record().replay()
    return coach.BluffStats.of(coach.reviews(state), row.human_seat)  # type: ignore[arg-type]


def has_bluffs(row: GameRow) -> bool:
    """A Truc match against the computer (hot-seat games have no computer to bluff)."""
    return row.game == "truc" and row.tier is not None


def bluff_rows_to_review(rows: list[GameRow],
                         cache: dict[str, coach.BluffStats]) -> list[GameRow]:
    """The Truc matches against the computer whose counts are not in ``cache`` yet."""
    return [r for r in rows if has_bluffs(r) and r.uid not in cache]


def bluff_numbers(rows: list[GameRow], since: str,
                  cache: dict[str, coach.BluffStats] | None = None) -> BluffNumbers:
    """Add up the Truc matches of ``rows`` against the computer: all of them, and those
    finished at or after ``since`` (the session).  ``cache`` keeps each
    match's counts by its uid (a recorded match never changes); a record that no longer
    replays is left out."""
    out = BluffNumbers()
    cache = {} if cache is None else cache
    for row in rows:
        if not has_bluffs(row):
            continue
        st = cache.get(row.uid)
        if st is None:
            try:
                st = game_bluffs(row)
            except Exception:  # a damaged record: the replay list says so when opened
                continue
            cache[row.uid] = st
        out.all_time = out.all_time.merge(st)
        if row.finished_at >= since:
            out.session = out.session.merge(st)
    return out


# -- progress and leaks (issue 38 item 5) ---------------------------------------------------
PROGRESS_GAMES = 60  # the plot's games, the newest (one bar each at most)
ERRORS = ("mistake", "blunder")


@dataclass(frozen=True)
class Leak:
    """What the player's decisions of one leak category (grading.LEAKS) cost in all."""

    tag: str
    decisions: int
    errors: int  # graded a mistake or a blunder
    points: float  # the losses in points of a round
    match: float  # the losses in chance of winning the match (0 to 1)

    @property
    def weight(self) -> float:
        """Its cost on one scale: each unit by its blunder threshold (grading.THRESHOLDS)."""
        return (self.points / THRESHOLDS["points"].blunder
                + self.match / THRESHOLDS["match"].blunder)


Source = Literal["game", "drill"]
SOURCES: tuple[Source, ...] = ("game", "drill")


@dataclass(frozen=True)
class Progress:
    """Le Truc's graded decisions of one source from the history (games, or the trainer's
    drills: a drill session is no game, and practising a leak is not playing it, so the two
    are never added up): the mean loss per decision of each game or drill session (in
    points; the decisions graded in match-win chance near a match's end are in the leaks,
    not the plot), oldest first, and the leaks, costliest first."""

    per_game: list[float]
    decisions: int
    leaks: list[Leak]
    source: Source = "game"

    @property
    def mean(self) -> float | None:
        """The mean loss per decision graded in points (None: none was)."""
        n = sum(self.per_count)
        return self.total_points / n if n else None

    per_count: tuple[int, ...] = ()  # decisions graded in points, in each game or session
    total_points: float = 0.0  # their losses together


def progress(decisions: list[Decision], source: Source = "game") -> Progress:
    """The plot's and the leaks' figures from the kept decisions (oldest first) of
    ``source``."""
    games: dict[str, list[float]] = {}
    totals: dict[str, list[float]] = {t: [0, 0, 0.0, 0.0] for t in LEAKS}
    decisions = [d for d in decisions if d.source == source]
    for d in decisions:
        if d.unit == "points":
            games.setdefault(f"{d.source}:{d.ref}", []).append(d.loss)
        for t in d.tags:
            if t not in totals:
                continue
            row = totals[t]
            row[0] += 1
            row[1] += d.grade in ERRORS
            row[2 if d.unit == "points" else 3] += d.loss
    per_game = [sum(v) / len(v) for v in games.values()][-PROGRESS_GAMES:]
    leaks = [Leak(t, int(r[0]), int(r[1]), r[2], r[3]) for t, r in totals.items() if r[0]]
    leaks.sort(key=lambda lk: -lk.weight)
    return Progress(per_game, len(decisions), leaks, source,
                    tuple(len(v) for v in games.values()),
                    sum(sum(v) for v in games.values()))


def other_line(p: Progress) -> str:
    """One line on the decisions of the source not shown (``p``'s): how many, their mean
    loss, and the key that shows them ("" if there are none)."""
    if not p.decisions:
        return ""
    mean, in_points = p.mean, sum(p.per_count)
    if mean is None:
        return plural(f"sp.other.{p.source}.nomean", p.decisions)
    if in_points < p.decisions:  # some near a match's end, graded in its chance
        return tr(f"sp.other.{p.source}.part", n=p.decisions, k=in_points,
                  x=written(mean, "points"))
    return plural(f"sp.other.{p.source}", p.decisions, x=written(mean, "points"))


def drillable(p: Progress) -> list[Category]:
    """The leaks that the bluff trainer drills, in the table's order: the k-th is drilled
    by the key k.  The trainer deals by the same categories as the leaks
    (``grading.leak_tags``); plain card play ("play") has no drill of its own."""
    return [c for lk in p.leaks for c in CATEGORIES if c == lk.tag]


def leak_rows(p: Progress) -> list[tuple[Text, ...]]:
    """The leaks table: the key that drills it (none for plain card play), category,
    decisions, mistakes and blunders, cost in points, cost in match-win chance (costliest
    first)."""
    keys = drillable(p)
    return [(Text(str(keys.index(lk.tag) + 1) if lk.tag in keys else "", style="bold",
                  justify="center"),
             Text(tr(f"leak.{lk.tag}")), Text(str(lk.decisions), justify="right"),
             Text(str(lk.errors), justify="right"),
             Text(written(lk.points, "points"), justify="right"),
             Text(f"{written(lk.match, 'match')} %", justify="right"))
            for lk in p.leaks]


def ratio(part: int, whole: int) -> Text:
    """``part/whole  pct %  bar`` (just ``part`` when there is no whole)."""
    if not whole:
        return Text(str(part), justify="right")
    text = Text(f"{part}/{whole} {number(100 * part / whole, 0):>3} % ")
    text.append(bar(part, whole), style="bold")
    return text


def bluff_rows(n: BluffNumbers) -> list[tuple[str, Text, Text]]:
    """The bluff table: (label, this session, all time): the rounds, then the figures the
    graded decisions do not give (:data:`coach.BLUFF_ROWS`)."""
    def row(label: str, get: Callable[[coach.BluffStats], tuple[int, int]]
            ) -> tuple[str, Text, Text]:
        return (tr(label), ratio(*get(n.session)), ratio(*get(n.all_time)))

    return [row("sb.rounds", lambda s: (s.rounds, 0)),
            *(row(label, get) for label, get in coach.BLUFF_ROWS)]


def band_rows(st: coach.BluffStats) -> list[tuple[Text, ...]]:
    """The bars by hand-strength band: for each band you decided in, your row (how often you
    raised when you could, and accepted when raised, with how many times) and the solved
    player's (how often it does with the same hands in the same spots); a band with no
    decision of yours says nothing and is left out."""
    edges = (0.0, *coach.BANDS, 1.0)
    out: list[tuple[Text, ...]] = []

    def cell(part: float, whole: int, style: str, count: bool) -> Text:
        if not whole:
            return Text(NONE)
        share = part / whole
        text = Text(bar(round(100 * share), 100), style=style)
        text.append(f" {number(100 * share, 0):>3} %" + (f" ({whole})" if count else ""))
        return text

    for b in range(len(edges) - 1):
        if not st.raise_chances[b] and not st.answers[b]:
            continue
        band = tr("sb.bands.band", lo=round(100 * edges[b]), hi=round(100 * edges[b + 1]))
        out.append((Text(band), Text(tr("sb.bands.you")),
                    cell(st.raised[b], st.raise_chances[b], "bold", True),
                    cell(st.accepted[b], st.answers[b], "bold", True)))
        out.append((Text(""), Text(tr("sb.bands.solved"), style="dim"),
                    cell(st.solved_raised[b], st.raise_chances[b], "dim", False),
                    cell(st.solved_accepted[b], st.answers[b], "dim", False)))
    return out


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
    # Matches started at a set score are no whole wins or losses: out of the total too.
    started = stats.from_score.get(game)
    if started is not None:
        rows.append(tally_row(tr("stats.from_score"), started))
    return rows


def trufludo_line(graded: list[Decision]) -> str:
    """Trufludo's graded moves (its games' reviews, kept in the history): how many, in how
    many games, how many mistakes or blunders, and what they cost a game in percentage
    points of winning chance, on average and in the last game (the review's total)."""
    if not graded:
        return ""
    games: dict[str, float] = {}
    for d in graded:  # oldest first: the last game's is the last key
        games[d.ref] = games.get(d.ref, 0.0) + d.loss
    bad = sum(1 for d in graded if d.grade in (Grade.MISTAKE.key, Grade.BLUNDER.key))
    mean = round(100 * sum(games.values()) / len(games))
    last = round(100 * list(games.values())[-1])
    key = "stats.f.graded.one" if len(games) == 1 else "stats.f.graded"
    return tr(key, n=len(graded), games=len(games), bad=bad, mean=mean, last=last)


def tier_label(tier: str | None) -> str:
    """The opponent column of a finished game."""
    if tier == HOTSEAT_TIER:
        return tr("tier.human")
    return tr(f"tier.{tier}") if tier in TIERS else tr("stats.no_tier")


class LeakTable(DataTable[Any]):
    """The leaks: a click on a row drills it at once (a plain table's click on another row
    than the cursor's only moves the cursor there)."""

    def on_click(self, event: Click) -> None:
        # Runs before DataTable's own click handler, which then selects the row under the
        # cursor: the clicked one.
        meta = event.style.meta
        if meta.get("row", -1) >= 0 and "column" in meta:
            self.cursor_coordinate = Coordinate(meta["row"], meta["column"])


class StatsScreen(Screen[None]):
    """Opened with ``s`` on the start screen or from the command palette; Escape closes it.
    A leak's key (1-9), Enter on its row or a click on it opens the bluff trainer on it."""

    class DrillRequested(Message):
        """The bluff trainer on ``category``'s spots (a leak's key)."""

        def __init__(self, category: Category) -> None:
            super().__init__()
            self.category = category

    DEFAULT_CSS = """
    StatsScreen #stats-progress {
        height: 4;
        max-width: 60;
        margin-top: 1;
    }
    """

    BINDINGS = [Binding("escape,s", "close", show=False),
                Binding("d", "source", show=False),
                *(Binding(str(k), f"drill({k})", show=False) for k in range(1, 10))]

    def __init__(self) -> None:
        super().__init__(id="stats")
        self.stats: Stats | None = None
        self.games: list[GameRow] = []
        self.bluffs = BluffNumbers()
        self._rows: list[GameRow] = []  # the whole history, for the bluff counts
        self.counting = 0  # recorded matches still being reviewed by the worker
        self.decisions: list[Decision] = []  # Le Truc's graded decisions, games and drills
        self.trufludo_graded: list[Decision] = []  # Trufludo's: its games' reviews
        self.source: Source = "game"  # whose decisions the plot and the leaks show (d)
        self.progress = Progress([], 0, [])  # the graded decisions' plot and leaks
        self.other = Progress([], 0, [], "drill")  # the other source's, in one line

    def compose(self) -> ComposeResult:
        with Horizontal(classes="title-bar"):
            yield Static(id="stats-title", classes="title-text")
        with VerticalScroll(id="stats-body"):
            yield Static(id="stats-note", classes="hint")
            for game in GAMES:
                yield Static(id=f"stats-head-{game}", classes="stats-head")
                table: DataTable[str | Text] = DataTable(id=f"stats-{game}", cursor_type="none",
                                                  zebra_stripes=True, classes="stats-table")
                yield table
                yield Static(id=f"stats-mean-{game}", classes="stats-mean")
            yield Static(id="stats-progress-head", classes="stats-head")
            yield Static(id="stats-progress-other", classes="stats-mean")
            yield Static(id="stats-progress-note", classes="stats-mean")
            yield Sparkline([], id="stats-progress")
            yield Static(id="stats-progress-axis", classes="stats-mean")
            leaks = LeakTable(id="stats-leaks", cursor_type="row", zebra_stripes=True,
                              classes="stats-table")
            yield leaks
            yield Static(id="stats-leaks-note", classes="stats-mean")
            yield Static(id="stats-bluffs-head", classes="stats-head")
            yield Static(id="stats-bluffs-empty", classes="stats-mean")
            bluffs: DataTable[str | Text] = DataTable(id="stats-bluffs", cursor_type="none",
                                               zebra_stripes=True, classes="stats-table")
            yield bluffs
            yield Static(id="stats-bluffs-note", classes="stats-mean")
            yield Static(id="stats-bands-head", classes="stats-head")
            bands: DataTable[str | Text] = DataTable(id="stats-bands", cursor_type="none",
                                              classes="stats-table")
            yield bands
            yield Static(id="stats-bands-note", classes="stats-mean")
            yield Static(id="stats-games-head", classes="stats-head")
            games: DataTable[str] = DataTable(id="stats-games", cursor_type="row",
                                              zebra_stripes=True, classes="stats-table")
            yield games
            yield Static(id="stats-hint", classes="hint")
        yield KeyBar([
            ("Esc", "key.close", "screen.close"),
            ("d", "key.source.drill", "screen.source"),
            ("F1", "key.help", "app.help"),
            ("q", "key.quit", "app.quit"),
        ], id="stats-keys")

    def on_mount(self) -> None:
        self.stats = self.load()
        cache = shell(self).bluff_cache
        new = bluff_rows_to_review(self._rows, cache)
        if len(new) > QUICK_REVIEWS:
            # Each match is replayed through the coach (~5 ms): a long history is counted in
            # a thread, so the screen opens at once.
            self.counting = len(new)
            self.count_bluffs(self._rows, shell(self).session_started, cache)
        else:
            self.bluffs = bluff_numbers(self._rows, shell(self).session_started, cache)
        self.refresh_texts()
        # It opens at the top, the page focused (↑↓ PgUp PgDn scroll it); Tab goes down to
        # the list of games (focusing the list first scrolled the page to the bottom).
        for table in self.query(".stats-table"):
            # the others only show numbers; the leaks drill, the games replay
            table.can_focus = table.id in ("stats-leaks", "stats-games")
        body = self.query_one("#stats-body", VerticalScroll)
        body.focus(scroll_visible=False)
        body.scroll_home(animate=False)

    @work(thread=True, exclusive=True, group="bluffs")
    def count_bluffs(self, rows: list[GameRow], since: str,
                     cache: dict[str, coach.BluffStats]) -> None:
        numbers = bluff_numbers(rows, since, cache)
        if get_current_worker().is_cancelled:
            return  # the screen was closed (the counts stay in the cache for next time)
        try:
            self.app.call_from_thread(self.bluffs_counted, numbers)
        except RuntimeError:  # the app quit meanwhile
            pass

    def bluffs_counted(self, numbers: BluffNumbers) -> None:
        self.bluffs = numbers
        self.counting = 0
        if self.is_attached:
            self.refresh_bluffs()

    def load(self) -> Stats | None:
        data = shell(self).data
        if data is None:
            return None
        try:
            stats = data.history.stats()
            everything = data.history.games()
            self.decisions = data.history.decisions("truc")
            self.trufludo_graded = data.history.decisions("trufludo", source="game")
            # the games' first; the trainer's when only it has graded decisions
            if not any(d.source == "game" for d in self.decisions) and self.decisions:
                self.source = "drill"
            self._split()
            self.games = everything[::-1][:MAX_LISTED]
            self._rows = everything
        except StoreError as e:
            data.problems.append(Notice("store.not_read", str(e)))
            stats = None
        data.history_problems()
        self.post_message(ProblemsFound())
        return stats

    def _split(self) -> None:
        """The plot's and the leaks' figures of the source shown, and the other's."""
        self.progress = progress(self.decisions, self.source)
        self.other = progress(self.decisions, "drill" if self.source == "game" else "game")

    def action_source(self) -> None:
        """``d``: the games' decisions, or the trainer's (when both have some)."""
        if not self.other.decisions:
            return
        self.source = self.other.source
        self._split()
        self.refresh_texts()

    def refresh_texts(self) -> None:
        stats = self.stats or Stats({}, None, None)
        self.query_one("#stats-title", Static).update(tr("stats.title"))
        if shell(self).data is None:
            note = tr("stats.unsaved")
        elif not any(stats.total(g).games for g in GAMES):
            # Start-at matches are no whole wins or losses (issue 38 B4): never "no game"
            started = sum(t.games for t in stats.from_score.values())
            note = plural("stats.from_score.only", started) if started else tr("stats.empty")
        else:
            note = ""
        self.query_one("#stats-note", Static).update(note)
        self.query_one("#stats-note").display = bool(note)
        for game in GAMES:
            self.query_one(f"#stats-head-{game}", Static).update(tr(f"game.{game}"))
            table: DataTable[str | Text] = self.query_one(f"#stats-{game}", DataTable)
            table.clear(columns=True)
            for i, col in enumerate(COLUMNS):
                table.add_column(tr(f"stats.col.{col}"), key=col, width=14 if i == 0 else None)
            for row in rows_for(stats, game):
                table.add_row(row[0], *(Text(cell, justify="right") for cell in row[1:]))
        self.query_one("#stats-mean-trufludo", Static).update(
            "\n".join(t for t in (self._trufegoj(stats), trufludo_line(self.trufludo_graded))
                      if t))
        self.query_one("#stats-mean-truc", Static).update(self._points(stats))
        self.refresh_progress()
        self.refresh_bluffs()
        self.refresh_games()
        hint = tr("stats.hint")
        if self.progress.leaks:
            hint += "   " + tr("stats.hint.leaks")
        if self.games:
            hint += "   " + tr("stats.hint.games.then" if self.progress.leaks
                               else "stats.hint.games")
        self.query_one("#stats-hint", Static).update(hint)
        bar = self.query_one(KeyBar)
        bar.show("screen.source", bool(self.other.decisions))
        bar.rename("screen.source", f"key.source.{self.other.source}")
        bar.refresh_texts()

    def refresh_progress(self) -> None:
        """The plot of the mean loss per decision, game by game, and the leaks."""
        p = self.progress
        self.query_one("#stats-progress-head", Static).update(
            tr(f"sp.head.{p.source}") if p.decisions or self.other.decisions else tr("sp.head"))
        other = self.query_one("#stats-progress-other", Static)
        other.update(other_line(self.other))
        other.display = bool(self.other.decisions)
        note = self.query_one("#stats-progress-note", Static)
        plot = self.query_one("#stats-progress", Sparkline)
        axis = self.query_one("#stats-progress-axis", Static)
        leaks: DataTable[Any] = self.query_one("#stats-leaks", DataTable)
        leaks_note = self.query_one("#stats-leaks-note", Static)
        if not p.decisions:
            note.update(tr("sp.empty"))
            for w in (plot, axis, leaks, leaks_note):
                w.display = False
            return
        games = p.per_game
        note.update(plural(f"sp.note.{p.source}", len(games)) if games
                    else tr("sp.note.none"))
        plot.display = axis.display = len(games) >= 1
        plot.data = games
        if games:
            best = min(games)
            axis.update(tr("sp.axis", first=written(games[0], "points"),
                           last=written(games[-1], "points"), best=written(best, "points")))
        leaks.display = leaks_note.display = True
        leaks.clear(columns=True)
        for key in ("key", "what", "decisions", "errors", "points", "match"):
            leaks.add_column(tr(f"sp.col.{key}"), key=key)
        for lk, row in zip(p.leaks, leak_rows(p), strict=True):
            leaks.add_row(*row, key=lk.tag)
        keys = drillable(p)
        note_text = tr("sp.leaks.note")
        if keys:
            note_text += " " + tr("sp.leaks.drill",
                                  keys=f"1–{len(keys)}" if len(keys) > 1 else "1")
        if len(keys) < len(p.leaks):  # plain card play is listed, and has no drill
            note_text += " " + tr("sp.leaks.play")
        leaks_note.update(note_text)

    def refresh_bluffs(self) -> None:
        n = self.bluffs
        self.query_one("#stats-bluffs-head", Static).update(tr("sb.head"))
        empty = self.query_one("#stats-bluffs-empty", Static)
        empty.update(plural("sb.counting", self.counting) if self.counting else tr("sb.empty"))
        empty.display = bool(self.counting) or n.all_time.rounds == 0
        for wid in ("#stats-bluffs", "#stats-bluffs-note"):  # no round: a table of zeros
            self.query_one(wid).display = not self.counting and n.all_time.rounds > 0
        table: DataTable[str | Text] = self.query_one("#stats-bluffs", DataTable)
        table.clear(columns=True)
        table.add_column(tr("sb.col.what"), key="what")
        table.add_column(tr("sb.col.session"), key="session")
        table.add_column(tr("sb.col.all"), key="all")
        for row in bluff_rows(n):
            table.add_row(*row)
        self.query_one("#stats-bluffs-note", Static).update(
            tr("sb.note", p=round(100 * coach.BLUFF_THRESHOLD)))
        self.query_one("#stats-bands-head", Static).update(tr("sb.bands.head"))
        bands: DataTable[str | Text] = self.query_one("#stats-bands", DataTable)
        bands.clear(columns=True)
        for key, label in (("band", "sb.bands.col"), ("who", "sb.bands.who"),
                           ("raise", "sb.bands.raise"), ("answer", "sb.bands.answer")):
            bands.add_column(tr(label), key=key)
        for brow in band_rows(n.all_time):
            bands.add_row(*brow)
        self.query_one("#stats-bands-note", Static).update(tr("sb.bands.note"))
        shown = not self.counting and (sum(n.all_time.raise_chances) > 0
                                       or sum(n.all_time.answers) > 0)
        for wid in ("#stats-bands-head", "#stats-bands", "#stats-bands-note"):
            self.query_one(wid).display = shown

    def refresh_games(self) -> None:
        from truf_tui.ui.screens.replay import result_text, when

        self.query_one("#stats-games-head", Static).update(tr("stats.games"))
        self.query_one("#stats-games-head").display = bool(self.games)
        table: DataTable[str | Text] = self.query_one("#stats-games", DataTable)
        table.display = bool(self.games)
        table.clear(columns=True)
        for col in GAME_COLUMNS:
            table.add_column(tr(f"stats.col.{col}"), key=col)
        for row in self.games:
            tier = tier_label(row.tier)
            table.add_row(when(row.finished_at), tr(f"game.{row.game}"), tier,
                          result_text(row), key=str(row.id))

    def action_drill(self, k: int) -> None:
        """The key ``k``: the bluff trainer on the k-th leak it drills (:func:`drillable`)."""
        keys = drillable(self.progress)
        if 1 <= k <= len(keys):
            self.post_message(self.DrillRequested(keys[k - 1]))

    def drill_leak(self, tag: str) -> None:
        """A leak chosen on its row (Enter, a click): drilled, or why it cannot be."""
        category = next((c for c in drillable(self.progress) if c == tag), None)
        if category is None:
            self.notify(tr("sp.leaks.play"), title=tr("drill.title"))
            return
        self.post_message(self.DrillRequested(category))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "stats-leaks" and event.row_key.value is not None:
            event.stop()
            self.drill_leak(event.row_key.value)
            return
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
        return plural("stats.trufegoj", m.count, you=number(m.human),
                      computer=number(m.computer))

    @staticmethod
    def _points(stats: Stats) -> str:
        m = stats.truc_points_per_round
        if m is None:
            return ""
        return plural("stats.points", m.count, you=number(m.human, 2),
                      computer=number(m.computer, 2))

    def on_settings_changed(self, _: SettingsChanged) -> None:
        self.refresh_texts()

    def action_close(self) -> None:
        self.dismiss()
