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
from dataclasses import dataclass
from pathlib import Path

from truf_tui.solve.cfr import ALGORITHMS, Exploitability, Solver, points_utility
from truf_tui.solve.tree import build

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
              algorithm: str = "dcfr") -> tuple[Stage, Stage, float]:
    """Both stages solved to ``iterations`` (resumed from ``folder`` if it holds them)."""
    tag = f"t{target}-{scores[0]}-{scores[1]}-{algorithm}"
    fresh_tree = build(target, scores, redeal=False)
    fresh = Stage("no redeal", Solver(fresh_tree, points_utility(fresh_tree), algorithm),
                  (folder or Path(".")) / f"{tag}-noredeal.npz")
    _advance(fresh, iterations, folder, every, quiet, curve)
    fresh_value = fresh.solver.exploitability().value
    tree = build(target, scores, redeal=True)
    whole = Stage("round", Solver(tree, points_utility(tree, fresh_value), algorithm),
                  (folder or Path(".")) / f"{tag}-round.npz")
    _advance(whole, iterations, folder, every, quiet, curve)
    return fresh, whole, fresh_value


def _advance(stage: Stage, iterations: int, folder: Path | None, every: int,
             quiet: bool, curve: bool = False) -> None:
    s = stage.solver
    if folder is not None and stage.path.exists():
        s.load(stage.path)
    if s.iteration >= iterations:
        return
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


def _report(fresh: Exploitability, whole: Exploitability) -> dict[str, float]:
    return {"value": whole.value, "exploitability": whole.total + fresh.total,
            "round_exploitability": whole.total, "redeal_exploitability": fresh.total,
            "best_nondealer": whole.best0, "best_dealer": whole.best1}


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
        p.add_argument("--json", action="store_true", help="print the figures as JSON")
        p.add_argument("--quiet", action="store_true", help="no progress bar")
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
                                a.curve, a.algorithm)
    solve_s = time.perf_counter() - t0
    t1 = time.perf_counter()
    fig = _report(fresh.solver.exploitability(), whole.solver.exploitability())
    fig.update(iterations=whole.solver.iteration, solve_seconds=solve_s,
               check_seconds=time.perf_counter() - t1, nodes=whole.solver.tree.nodes)
    where = f"target {a.target}, scores {scores[0]}-{scores[1]} (non-dealer-dealer)"
    if a.json:
        print(json.dumps(fig, indent=1))
    if a.command == "run":
        print(f"solved {where}: {fig['iterations']} iterations, {fig['nodes']:,} public "
              f"decision nodes, {solve_s:.1f} s")
    elif a.command == "value":
        print(f"value of the round, {where}, for the non-dealer: {fig['value']:+.6f} points "
              f"(exploitability bound {fig['exploitability']:.6f})")
    print(f"exploitability: {fig['exploitability']:.6f} points/round ({where}; "
          f"{fig['iterations']} iterations; round {fig['round_exploitability']:.6f} + after "
          f"a redeal {fig['redeal_exploitability']:.6f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
