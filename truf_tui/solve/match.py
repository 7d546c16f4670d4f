"""The whole match: every round's score solved, from the end of the match back to 0-0.

A round's outcomes are worth the probability of winning the match from the score they
lead to (T10), and that probability is the value of the *solved* round at that score.
Scores only grow, so the rounds are solved from the highest total down (backward
induction): each round's payoffs come from rounds already solved.  The one exception is an
all-spoiled round (T6): nobody scores and the deal passes, so (a, b) depends on (b, a) at
the same total.  Those pairs are solved in turn until neither value moves by more than
``tolerance`` (the spoiled round is rare, so one more sweep is usually enough).

The table that results is consistent with the solved strategy: the value at each score is
the equilibrium value of the round played there with the later rounds valued the same way.

    python -m truf_tui.solve.match --target 3 --iterations 200 --out table.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from truf_tui.solve.cfr import Vec, match_utility
from truf_tui.solve.rounds import fmt, run_round
from truf_tui.strategy.tree import Tree, build


@dataclass
class MatchTable:
    """``value[(a, b)]``: P(the non-dealer wins the match) when he has a points and the
    dealer b, both playing the solved strategy; ``exploitability[(a, b)]`` bounds, in the
    same unit, what a best responder gains in that round."""

    target: int
    iterations: int
    value: dict[tuple[int, int], float] = field(default_factory=dict)
    exploitability: dict[tuple[int, int], float] = field(default_factory=dict)
    sweeps: dict[tuple[int, int], int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        t = self.target
        return {"target": t, "iterations": self.iterations,
                "value": [[self.value.get((a, b)) for b in range(t)] for a in range(t)],
                "exploitability": [[self.exploitability.get((a, b)) for b in range(t)]
                                   for a in range(t)]}


def _trees(target: int, scores: tuple[int, int], cache: dict[tuple[int, bool], Tree]
           ) -> tuple[Tree, Tree]:
    """The two stages' trees; a score changes a tree's shape only through T7's cap, so
    trees are built once per cap and re-labelled with the score."""
    cap = max(target - scores[0], target - scores[1])
    out = []
    for redeal in (False, True):
        key = (cap, redeal)
        if key not in cache:
            cache[key] = build(target, scores, redeal)
        out.append(replace(cache[key], scores=scores))
    return out[0], out[1]


def solve_match(target: int, iterations: int, *, algorithm: str = "dcfr",
                tolerance: float = 1e-4, max_sweeps: int = 4, quiet: bool = True,
                log: bool = False) -> MatchTable:
    table = MatchTable(target, iterations)
    cache: dict[tuple[int, bool], Tree] = {}
    value = table.value

    def next_round(a: int, b: int) -> float:
        # a same-total pair not solved yet starts from an even chance; sweeps correct it
        return value.get((a, b), 0.5)

    def solve(scores: tuple[int, int]) -> float:
        trees = _trees(target, scores, cache)

        def utility(tree: Tree, redeal_value: float) -> Vec:
            return match_utility(tree, next_round, redeal_value)

        t0 = time.perf_counter()
        fresh, whole, _ = run_round(target, scores, iterations, None, quiet=quiet,
                                    algorithm=algorithm, payoff=utility, trees=trees)
        assert whole is not None  # no time budget: both stages complete
        e_fresh, e_whole = fresh.solver.exploitability(), whole.solver.exploitability()
        old = value.get(scores)
        value[scores] = (e_whole.value + 1) / 2
        table.exploitability[scores] = (e_whole.total + e_fresh.total) / 2
        table.sweeps[scores] = table.sweeps.get(scores, 0) + 1
        if log:
            print(f"{scores[0]:2}-{scores[1]:<2} P(non-dealer wins) {value[scores]:.4f}  "
                  f"exploitability {fmt(table.exploitability[scores])}  "
                  f"{time.perf_counter() - t0:.1f} s", file=sys.stderr)
        return 0.0 if old is None else abs(value[scores] - old)

    for total in range(2 * target - 2, -1, -1):
        pairs = [(a, total - a) for a in range(target) if 0 <= total - a < target]
        for scores in pairs:
            solve(scores)
        for _ in range(max_sweeps - 1):  # T6: all spoiled links (a, b) and (b, a)
            if max([solve(s) for s in pairs]) <= tolerance:
                break
    return table


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m truf_tui.solve.match",
                                 description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--target", type=int, default=2)
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--out", type=Path, default=None, help="write the table as JSON")
    a = ap.parse_args(argv)
    if not 1 <= a.target <= 99 or a.iterations < 1:
        ap.error("the target is 1 to 99 and --iterations at least 1")
    table = solve_match(a.target, a.iterations, log=True)
    if a.out is not None:
        a.out.write_text(json.dumps(table.to_dict(), indent=1) + "\n")
    worst = max(table.exploitability.values())
    print(f"P(the non-dealer wins the match from 0-0, target {a.target}): "
          f"{table.value[(0, 0)]:.6f}")
    print(f"exploitability: {fmt(worst)} match-win probability (the worst round of "
          f"{len(table.value)} scores, {a.iterations} iterations)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
