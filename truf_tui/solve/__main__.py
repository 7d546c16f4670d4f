"""``python -m truf_tui.solve``: solve a Le Truc round, and measure what was solved.

    run    --target T --scores A B --iterations N   CFR+ on the round, with checkpoints
    value  --target T                              the 0-0 round's value for the non-dealer
    check  --target T --scores A B                 exact best response: the exploitability

A round is solved in two stages (see docs/solver.md): first the round without a redeal
(what an accepted redeal leads to, T3), then the whole round with an accepted redeal worth
the first stage's value.  Runs are resumable: ``--dir`` holds a checkpoint per stage, saved
every ``--every`` iterations and at the end; running again with more iterations goes on.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from truf_tui.solve.blueprint import Blueprint, lift, merge
from truf_tui.solve.cfr import (
    ALGORITHMS,
    Exploitability,
    Solver,
    Vec,
    match_utility,
    points_utility,
)
from truf_tui.solve.tree import Tree, build

DEFAULT_DIR = Path("solve-runs")


@dataclass
class Stage:
    name: str
    solver: Solver
    path: Path


def _progress(label: str, start: int, total: int, quiet: bool) -> tuple[float, object]:
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
              algorithm: str = "dcfr", seconds: float | None = None,
              payoff: str = "points") -> tuple[Stage, Stage | None, float]:
    """Both stages solved to ``iterations`` (resumed from ``folder`` if it holds them).

    With ``seconds`` the run stops at the first checkpoint past that budget; the second
    stage is returned only once complete (None before), and it starts only once the first
    is done, so that an interrupted run resumes to exactly what an uninterrupted one gives.
    """
    deadline = None if seconds is None else time.perf_counter() + seconds
    tag = f"t{target}-{scores[0]}-{scores[1]}-{algorithm}" + ("-match" if payoff == "match"
                                                               else "")
    utility = _utility(payoff)
    fresh_tree = build(target, scores, redeal=False)
    fresh = Stage("no redeal", Solver(fresh_tree, utility(fresh_tree, 0.0), algorithm),
                  (folder or Path(".")) / f"{tag}-noredeal.npz")
    if not _advance(fresh, iterations, folder, every, quiet, curve, deadline):
        return fresh, None, 0.0
    fresh_value = fresh.solver.exploitability().value
    tree = build(target, scores, redeal=True)
    whole = Stage("round", Solver(tree, utility(tree, fresh_value), algorithm),
                  (folder or Path(".")) / f"{tag}-round.npz")
    if not _advance(whole, iterations, folder, every, quiet, curve, deadline):
        return fresh, None, fresh_value
    return fresh, whole, fresh_value


def _utility(payoff: str) -> Callable[[Tree, float], Vec]:
    """Outcomes in points (T10), or in the match (2 P(win) - 1) with the later rounds valued
    by the project's match table (a documented approximation: it models the rounds after
    this one by measured outcome frequencies, not by the solved strategy)."""
    if payoff == "points":
        return points_utility

    def match(tree: Tree, redeal_value: float) -> Vec:
        from truf_tui.ai.matchtable import match_win

        def next_round(a: int, b: int) -> float:
            return match_win((a, b), 0, 1, tree.target)

        return match_utility(tree, next_round, redeal_value)

    return match


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
        s.iterate(min(every, iterations - s.iteration), show)  # type: ignore[arg-type]
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


def _report(fresh: Exploitability, whole: Exploitability, prefix: str = ""
            ) -> dict[str, float]:
    """The round's figures; the exploitability of the two stages together is at most the
    sum of theirs (a best responder gains at most the second stage's after a redeal)."""
    return {prefix + "value": whole.value, prefix + "exploitability": whole.total + fresh.total,
            prefix + "round_exploitability": whole.total,
            prefix + "redeal_exploitability": fresh.total,
            prefix + "best_nondealer": whole.best0, prefix + "best_dealer": whole.best1}


def _x(v: float) -> str:
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m truf_tui.solve", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    for name in ("run", "value", "check"):
        p = sub.add_parser(name)
        p.add_argument("--target", type=int, default=12)
        p.add_argument("--scores", type=int, nargs=2, default=(0, 0),
                       metavar=("NONDEALER", "DEALER"))
        p.add_argument("--iterations", type=int, default=1000)
        p.add_argument("--dir", type=Path, default=DEFAULT_DIR,
                       help="checkpoints (resumable); default ./solve-runs")
        p.add_argument("--every", type=int, default=50, help="checkpoint interval")
        p.add_argument("--algorithm", choices=ALGORITHMS, default="dcfr")
        p.add_argument("--payoff", choices=("points", "match"), default="points",
                       help="value outcomes in points, or in match-win probability")
        p.add_argument("--json", action="store_true", help="print the figures as JSON")
        p.add_argument("--quiet", action="store_true", help="no progress bar")
        p.add_argument("--seconds", type=float, default=None,
                       help="stop at the first checkpoint after this many seconds (resume "
                            "by running the same command again)")
        p.add_argument("--blueprint", choices=("history", "state"), default="history",
                       help="check: the played strategy per history, or merged per state")
        p.add_argument("--bits", type=int, choices=(8, 16), default=8,
                       help="check: bits per stored probability")
        p.add_argument("--curve", action="store_true",
                       help="at every checkpoint, log the exploitability (*.curve.jsonl)")
    a = ap.parse_args(argv)
    scores = (a.scores[0], a.scores[1])
    if not 1 <= a.target <= 99 or not all(0 <= s < a.target for s in scores):
        ap.error("the target is 1 to 99 and both scores are below it (T10)")
    if a.iterations < 1:
        ap.error("--iterations must be at least 1")
    t0 = time.perf_counter()
    fresh, whole, _ = run_round(a.target, scores, a.iterations, a.dir, a.every, a.quiet,
                                a.curve, a.algorithm, a.seconds, a.payoff)
    solve_s = time.perf_counter() - t0
    if whole is None:
        print(f"stopped after {solve_s:.0f} s at iteration {fresh.solver.iteration} of the "
              "first stage, or in the second; run the same command again to go on")
        return 3
    t1 = time.perf_counter()
    fig: dict[str, float] = _report(fresh.solver.exploitability(),
                                    whole.solver.exploitability())
    fig.update(iterations=whole.solver.iteration, solve_seconds=solve_s,
               nodes=whole.solver.tree.nodes)
    if a.command == "check":
        bp_fresh, bp_whole = blueprints(fresh, whole, a.blueprint, a.bits)
        fig.update(_report(fresh.solver.exploitability(lift(bp_fresh, fresh.solver)),
                           whole.solver.exploitability(lift(bp_whole, whole.solver)),
                           "blueprint_"))
        fig["blueprint_bytes"] = bp_fresh.packed_bytes() + bp_whole.packed_bytes()
    fig["check_seconds"] = time.perf_counter() - t1
    unit = "points/round"
    if a.payoff == "match":  # utilities are 2 P - 1: report probabilities
        unit = "match-win probability"
        for k, v in list(fig.items()):
            if k.endswith("exploitability"):
                fig[k] = v / 2
            elif k.endswith(("value", "best_nondealer", "best_dealer")):
                fig[k] = (v + 1) / 2
    where = f"target {a.target}, scores {scores[0]}-{scores[1]} (non-dealer-dealer)"
    if a.json:
        print(json.dumps(fig, indent=1))
    if a.command == "run":
        print(f"solved {where}: {fig['iterations']} iterations, {fig['nodes']:,} public "
              f"decision nodes, {solve_s:.1f} s")
    elif a.command == "value":
        what = "points" if a.payoff == "points" else "P(he wins the match)"
        print(f"value of the round, {where}, for the non-dealer: {fig['value']:+.6f} {what} "
              f"(exploitability bound {_x(fig['exploitability'])})")
    if a.command == "check":
        print(f"average strategy: exploitability {_x(fig['exploitability'])} {unit} "
              f"(round {_x(fig['round_exploitability'])} + after a redeal "
              f"{_x(fig['redeal_exploitability'])}), value {fig['value']:+.6f}")
        print(f"exploitability: {_x(fig['blueprint_exploitability'])} {unit} ({where}; "
              f"the blueprint the expert plays, per {a.blueprint}, {a.bits}-bit, "
              f"{fig['blueprint_bytes'] / 1e6:.2f} MB packed; "
              f"{fig['iterations']} iterations; exact best response on the full tree)")
    else:
        print(f"exploitability: {_x(fig['exploitability'])} {unit} ({where}; "
              f"{fig['iterations']} iterations; round {_x(fig['round_exploitability'])} + "
              f"after a redeal {_x(fig['redeal_exploitability'])})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
