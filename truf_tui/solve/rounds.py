"""One round solved in two stages: the round after an accepted redeal, then the round.

A round is solved in two stages (see docs/solver.md): first the round without a redeal
(what an accepted redeal leads to, T3), then the whole round with an accepted redeal worth
the first stage's value.  Runs are resumable: a folder holds a checkpoint per stage.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from truf_tui.solve.blueprint import Blueprint, merge
from truf_tui.solve.cfr import DEFAULT, Exploitability, Solver, Vec, match_utility, points_utility
from truf_tui.strategy.tree import Tree, build
from truf_tui.strategy.trufbp import Header, MatchTable

DEFAULT_DIR = Path("solve-runs")


@dataclass
class Stage:
    name: str
    solver: Solver
    path: Path


def _progress(label: str, start: int, total: int, quiet: bool
              ) -> tuple[float, Callable[[int], None]]:
    t0 = time.perf_counter()
    shown = [0.0]

    def show(i: int) -> None:
        now = time.perf_counter()
        if quiet or (now - shown[0] < 0.5 and i != total):
            return
        shown[0] = now
        done = i - start
        rate = done / max(time.perf_counter() - t0, 1e-9)
        left = (total - i) / rate if rate > 0 else 0.0
        width = 30
        fill = int(width * i / max(total, 1))
        sys.stderr.write(f"\r{label} [{'#' * fill}{'.' * (width - fill)}] {i}/{total} "
                         f"{rate:5.1f} it/s, {left:5.0f} s left ")
        if i == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return t0, show


def run_round(target: int, scores: tuple[int, int], iterations: int, folder: Path | None,
              every: int = 50, quiet: bool = False, curve: bool = False,
              algorithm: str = DEFAULT, seconds: float | None = None,
              payoff: str | Callable[[Tree, float], Vec] = "points",
              trees: tuple[Tree, Tree] | None = None) -> tuple[Stage, Stage | None, float]:
    """Both stages solved to ``iterations`` (resumed from ``folder`` if it holds them).

    ``payoff`` is "points", "match" or a function giving a tree's utilities (the second
    argument the value of an accepted redeal); ``trees`` the two stages' trees if already
    built.  With ``seconds`` the run stops at the first checkpoint past that budget; the
    second stage is returned only once complete (None before), and it starts only once the
    first is done, so that an interrupted run resumes to exactly what an uninterrupted one
    gives.
    """
    deadline = None if seconds is None else time.perf_counter() + seconds
    tag = f"t{target}-{scores[0]}-{scores[1]}-{algorithm}" + ("-match" if payoff == "match"
                                                               else "")
    utility = _utility(payoff) if isinstance(payoff, str) else payoff
    fresh_tree, tree = trees or (build(target, scores, redeal=False),
                                 build(target, scores, redeal=True))
    fresh = Stage("no redeal", Solver(fresh_tree, utility(fresh_tree, 0.0), algorithm),
                  (folder or Path(".")) / f"{tag}-noredeal.npz")
    if not _advance(fresh, iterations, folder, every, quiet, curve, deadline):
        return fresh, None, 0.0
    fresh_value = fresh.solver.exploitability().value
    whole = Stage("round", Solver(tree, utility(tree, fresh_value), algorithm),
                  (folder or Path(".")) / f"{tag}-round.npz")
    if not _advance(whole, iterations, folder, every, quiet, curve, deadline):
        return fresh, None, fresh_value
    return fresh, whole, fresh_value


Table = dict[tuple[int, int], float]  # P(a round's non-dealer wins), at (his, dealer's) points


def _utility(payoff: str, table: Path | Table | None = None) -> Callable[[Tree, float], Vec]:
    """Outcomes in points (T10), or in the match (2 P(win) - 1) with the later rounds valued
    by the project's match table (a documented approximation: it models the rounds after
    this one by measured outcome frequencies, not by the solved strategy), or by ``table``,
    the match values of a played strategy (``played_table``)."""
    if payoff == "points":
        return points_utility
    played = played_table(table) if isinstance(table, Path) else table
    played_target = None if played is None else table_target(played)

    def match(tree: Tree, redeal_value: float) -> Vec:
        from truf_tui.strategy.matchtable import match_win

        if played_target not in (None, tree.target):
            raise ValueError(f"{table}: the match values of another target than "
                             f"{tree.target}")

        def next_round(a: int, b: int) -> float:
            if played is not None:
                return played[(a, b)]
            return match_win((a, b), 0, 1, tree.target)

        return match_utility(tree, next_round, redeal_value)

    return match


def played_table(path: Path) -> Table:
    """P(a round's non-dealer wins the match) at his points a and the dealer's b, from the
    JSON of ``respond --json`` (e.g. ``--bot solved --player solved``: the match as the
    solved player plays it against itself, the table a fixed point would solve against).
    A file that is not one raises ValueError, saying why."""
    try:
        rows = json.loads(path.read_text())["scores"]
        table = {(int(r["a"]), int(r["b"])): float(r["not_dealing"]) for r in rows}
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise ValueError(f"{path}: not the JSON of 'respond --json' ({e})") from e
    if not table or not all(0.0 <= p <= 1.0 for p in table.values()):
        raise ValueError(f"{path}: no match values, or one outside 0 to 1")
    target = table_target(table)
    missing = [s for s in ((a, b) for a in range(target) for b in range(target))
               if s not in table]
    if missing:
        raise ValueError(f"{path}: no value at {missing[0][0]}-{missing[0][1]} "
                         f"({len(missing)} scores missing)")
    return table


def table_target(table: Table) -> int:
    """The target of the match a table values (its scores run up to one below it)."""
    return max(max(s) for s in table) + 1


def digest(data: bytes) -> str:
    """A short name for some bytes: a file solved or tabled again gets another."""
    return hashlib.blake2b(data, digest_size=4).hexdigest()


def table_name(path: Path) -> str:
    """A match table by its name and digest: another table of the same name is another."""
    return f"{path.name}@{digest(path.read_bytes())}"


def table_header(path: Path) -> MatchTable:
    """What a solved file's header keeps of the table it was solved against: its name and
    digest, and its values, so that the file is measured against the same table later."""
    return {"name": table_name(path),
            "values": [[a, b, p] for (a, b), p in sorted(played_table(path).items())]}


def header_table(header: Header) -> Table | None:
    """The table a file was solved against (None: the project's match table)."""
    t = header.get("table")
    return None if t is None else {(int(a), int(b)): float(p) for a, b, p in t["values"]}


def _advance(stage: Stage, iterations: int, folder: Path | None, every: int,
             quiet: bool, curve: bool = False, deadline: float | None = None) -> bool:
    """Iterate to ``iterations``, checkpointing; False if the deadline stopped it first."""
    s = stage.solver
    if folder is not None and stage.path.exists():
        s.load(stage.path)
    if s.iteration >= iterations:
        return True
    _, show = _progress(f"{stage.name:9}", s.iteration, iterations, quiet)
    while s.iteration < iterations:
        s.iterate(min(every, iterations - s.iteration), show)
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            s.save(stage.path)
            if curve:  # exploitability against iterations, for docs/solver.md's picture
                t0 = time.perf_counter()
                e = s.exploitability()
                line = {"stage": stage.name, "iteration": s.iteration,
                        "exploitability": e.total, "value": e.value, "best0": e.best0,
                        "best1": e.best1, "check_seconds": time.perf_counter() - t0}
                with open(stage.path.with_suffix(".curve.jsonl"), "a") as f:
                    f.write(json.dumps(line) + "\n")
        if deadline is not None and time.perf_counter() >= deadline and s.iteration < iterations:
            return False
    return True


def report(fresh: Exploitability, whole: Exploitability, prefix: str = ""
            ) -> dict[str, float]:
    """The round's figures; the exploitability of the two stages together is at most the
    sum of theirs (a best responder gains at most the second stage's after a redeal)."""
    return {prefix + "value": whole.value, prefix + "exploitability": whole.total + fresh.total,
            prefix + "round_exploitability": whole.total,
            prefix + "redeal_exploitability": fresh.total,
            prefix + "best_nondealer": whole.best0, prefix + "best_dealer": whole.best1}


def fmt(v: float) -> str:
    """An exploitability: six decimals, or three significant digits when smaller."""
    return f"{v:.6f}" if abs(v) >= 1e-4 else f"{v:.2e}"


def blueprints(fresh: Stage, whole: Stage, by: str = "history", bits: int = 8
               ) -> tuple[Blueprint, Blueprint]:
    """The strategies as played: per history (every node its own), or merged per state."""
    out = []
    for st in (fresh, whole):
        groups = np.arange(st.solver.tree.nodes) if by == "history" else None
        out.append(merge(st.solver, st.solver.average(), groups, bits))
    return out[0], out[1]


