"""The exploitability of what the app plays at every score of a match (``python -m
truf_tui.solve sweep``): the map behind "not above 0.05 in any case".

At each score the app plays the nearest file (``strategy.shipped.nearest``). Scores with the same
raise cap (T7) have the same round tree (only the outcomes' worth differs), so the scores
that play one file at one cap share the tree and the strategy the app's walk lifts onto
it (the costly part, minutes at the largest caps); each score is then two exact best
responses more (seconds). ``check --shipped --scores A B`` measures one score the same way.

Results go to a journal, a line per score, so that a sweep stopped half way goes on where
it was; ``--jobs`` runs groups side by side.
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from truf_tui.engine import truc
from truf_tui.solve.cfr import Solver
from truf_tui.solve.rounds import _utility, fmt, report, table_name
from truf_tui.solve.ship import lift_file
from truf_tui.strategy.layout import TreeStrategy
from truf_tui.strategy.shipped import nearest, tables
from truf_tui.strategy.tree import Tree, build
from truf_tui.strategy.trufbp import SolvedTable

Score = tuple[int, int]


def _tables(file: Path | None) -> list[SolvedTable]:
    return tables() if file is None else [SolvedTable(file.read_bytes())]


def _played(tabs: list[SolvedTable], target: int, score: Score) -> int:
    """The index in ``tabs`` of the file the app plays at ``score``."""
    return tabs.index(nearest(tabs, target, score))


def groups(target: int, scores: Iterable[Score], file: Path | None = None,
           tabs: list[SolvedTable] | None = None) -> dict[tuple[int, int], list[Score]]:
    """The scores by (the file played, the raise cap): each group shares one lift."""
    tabs = _tables(file) if tabs is None else tabs
    out: dict[tuple[int, int], list[Score]] = {}
    for s in scores:
        out.setdefault((_played(tabs, target, s), truc.stake_cap(s, target)), []).append(s)
    return out


def at_score(tree: Tree, score: Score) -> Tree:
    """The same tree valued at another score with the same raise cap."""
    return dataclasses.replace(tree, scores=score)


def measure_group(target: int, scores: list[Score], payoff: str, file: Path | None = None,
                  table: Path | None = None) -> list[tuple[Score, dict[str, float]]]:
    """Each score's figures (as ``check --shipped``, in the solver's units: a match
    utility is 2 P - 1); all of ``scores`` must play one file at one cap."""
    tabs = _tables(file)
    tab = tabs[_played(tabs, target, scores[0])]
    utility = _utility(payoff, table)
    t0 = time.perf_counter()
    fresh_tree = build(target, scores[0], redeal=False)
    fresh_strategy = lift_file(tab, Solver(fresh_tree, utility(fresh_tree, 0.0)))
    tree = build(target, scores[0], redeal=True)
    strategy = lift_file(tab, Solver(tree, utility(tree, 0.0)))
    lifted = time.perf_counter() - t0
    out = []
    for s in scores:
        assert _played(tabs, target, s) == tabs.index(tab), s
        t1 = time.perf_counter()
        ft = at_score(fresh_tree, s)
        fe = Solver(ft, utility(ft, 0.0)).exploitability(TreeStrategy(ft, fresh_strategy))
        wt = at_score(tree, s)
        we = Solver(wt, utility(wt, fe.value)).exploitability(TreeStrategy(wt, strategy))
        fig = report(fe, we)
        fig.update(lift_seconds=lifted / len(scores), check_seconds=time.perf_counter() - t1)
        out.append((s, fig))
    return out


def file_name(tab: SolvedTable) -> str:
    return f"{tab.scores[0]}-{tab.scores[1]}"


def sweep(target: int, scores: list[Score], payoff: str, journal: Path | None,
          jobs: int = 1, file: Path | None = None, show: Callable[[str], None] = print,
          table: Path | None = None) -> dict[Score, dict[str, Any]]:
    """Every score's figures, from the journal where it has them, measured otherwise
    (and appended to it); ``table``: the later rounds valued by a played match table."""
    tag = {} if table is None else {"table": table_name(table)}  # a journal line says which
    done = read_journal(journal, target, payoff, tag) if journal is not None else {}
    todo = [s for s in scores if s not in done]
    tabs = _tables(file)
    parts = sorted(groups(target, todo, file, tabs).items(), key=lambda kv: -kv[0][1])
    if todo:
        show(f"{len(todo)} scores to measure in {len(parts)} groups (file, cap); "
             f"{len(scores) - len(todo)} from the journal")

    def record(s: Score, fig: dict[str, float]) -> None:
        line = {"target": target, "payoff": payoff, **tag, "scores": list(s),
                "file": file_name(tabs[_played(tabs, target, s)]), **fig}
        done[s] = line
        if journal is not None:
            with journal.open("a") as f:
                f.write(json.dumps(line) + "\n")
        unit = 2 if payoff == "match" else 1  # a match utility is 2 P - 1
        show(f"{s[0]}-{s[1]}: {fmt(fig['exploitability'] / unit)} ({line['file']} file)")

    if jobs <= 1:
        for (_, _), ss in parts:
            for s, fig in measure_group(target, ss, payoff, file, table):
                record(s, fig)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(measure_group, target, ss, payoff, file, table)
                       for (_, _), ss in parts]
            for fut in as_completed(futures):
                for s, fig in fut.result():
                    record(s, fig)
    return {s: done[s] for s in scores}


def read_journal(journal: Path, target: int, payoff: str, tag: dict[str, str] | None = None
                 ) -> dict[Score, dict[str, Any]]:
    """The scores a journal holds for this target and payoff, and the match table of
    ``tag`` (none: the project's), a torn last line skipped."""
    out: dict[Score, dict[str, Any]] = {}
    if not journal.exists():
        return out
    for line in journal.read_text().splitlines():
        try:
            d = json.loads(line)
        except json.JSONDecodeError:
            continue
        if (d.get("target"), d.get("payoff"), d.get("table")) == (
                target, payoff, (tag or {}).get("table")):
            out[(int(d["scores"][0]), int(d["scores"][1]))] = d
    return out


def grid(target: int, figs: dict[Score, dict[str, Any]]) -> Iterator[str]:
    """The figures as a table, rows the non-dealer's score, columns the dealer's."""
    yield "non-dealer \\ dealer " + " ".join(f"{b:>6}" for b in range(target))
    for a in range(target):
        cells = []
        for b in range(target):
            f = figs.get((a, b))
            cells.append("     ." if f is None else f"{f['exploitability']:6.4f}")
        yield f"{a:>19} " + " ".join(cells)
