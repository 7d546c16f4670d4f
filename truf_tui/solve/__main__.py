"""``python -m truf_tui.solve``: solve a Le Truc round, and measure what was solved.

    run    --target T --scores A B --iterations N   DCFR on the round, with checkpoints
    value  --target T                              the 0-0 round's value for the non-dealer
    check  --target T --scores A B                 exact best response: the exploitability
    ship   --target T --file FILE                  the solved strategy as the app reads it
    trim   --file F --out FILE                     F without its stage after a redeal,
                                                   measured (a smaller file)
    respond --bot B                                the best response to a scripted player
                                                   (or to the solved player: --bot solved)
                                                   over a match: the ceiling of exploiting it
    sweep  --target T --payoff match               check at every score of the match (the
                                                   file each plays), journalled, resumable
    openings --dir D                               the values of every round's two first
                                                   decisions at every score, for the app to
                                                   ship (strategy/openings.py), resumable

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
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from truf_tui.solve.blueprint import lift
from truf_tui.solve.cfr import ALGORITHMS, DEFAULT
from truf_tui.solve.rounds import (
    DEFAULT_DIR,
    _utility,
    blueprints,
    fmt,
    header_table,
    played_table,
    report,
    run_round,
    table_header,
    table_name,
    table_target,
)
from truf_tui.strategy.trufbp import (
    EPS,
    TOP,
    BlueprintError,
    PackedByState,
    SolvedTable,
    solve_of,
    write_atomic,
)

if TYPE_CHECKING:
    from truf_tui.solve.cfr import Solver
    from truf_tui.solve.respond import Lifts, Result
    from truf_tui.solve.rounds import Table
    from truf_tui.strategy.tree import Tree
    from truf_tui.strategy.trufbp import Packed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m truf_tui.solve", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    for name in ("run", "value", "check", "ship"):
        p = sub.add_parser(name)
        p.add_argument("--target", type=int, default=12)
        p.add_argument("--scores", type=int, nargs=2, default=(0, 0),
                       metavar=("NONDEALER", "DEALER"))
        p.add_argument("--iterations", type=int, default=1000)
        p.add_argument("--dir", type=Path, default=DEFAULT_DIR,
                       help="checkpoints (resumable); default ./solve-runs")
        p.add_argument("--every", type=int, default=50, help="checkpoint interval")
        p.add_argument("--algorithm", choices=ALGORITHMS, default=DEFAULT)
        p.add_argument("--payoff", choices=("points", "match"), default="points",
                       help="value outcomes in points, or in match-win probability")
        p.add_argument("--json", action="store_true", help="print the figures as JSON")
        p.add_argument("--quiet", action="store_true", help="no progress bar")
        p.add_argument("--seconds", type=float, default=None,
                       help="stop at the first checkpoint after this many seconds (resume "
                            "by running the same command again)")
        p.add_argument("--blueprint", choices=("history", "state"), default="history",
                       help="check: the played strategy per history, or merged per state")
        p.add_argument("--bits", type=int, choices=(8, 12, 16), default=None,
                       help="bits per stored probability (check: 8 or 16, default 8; "
                            "ship: 8 or 12, default 12)")
        p.add_argument("--file", type=Path, default=None,
                       help="check: the shipped file the expert plays (at any --scores), "
                            "instead of a solved run; ship: where to write it")
        p.add_argument("--eps", type=float, default=None,
                       help="ship: probabilities below this are dropped (default 0.001)")
        p.add_argument("--shipped", action="store_true",
                       help="check: what the expert plays at --scores from the files the "
                            "package ships (the nearest score's file)")
        p.add_argument("--curve", action="store_true",
                       help="at every checkpoint, log the exploitability (*.curve.jsonl)")
        p.add_argument("--table", type=Path, default=None,
                       help="with --payoff match: the later rounds valued by this JSON of 'respond "
                            "--json' (e.g. the solved player's own match values) instead of "
                            "the project's match table")
    from truf_tui.solve.respond import PLAYERS

    tr = sub.add_parser("trim", help="a shipped file without its stage after a redeal")
    tr.add_argument("--file", type=Path, required=True, help="the file to trim")
    tr.add_argument("--out", type=Path, required=True, help="where to write the trimmed file")
    tr.add_argument("--json", action="store_true", help="print the figures as JSON")
    rs = sub.add_parser("restate", help="a shipped file as one strategy per public state")
    rs.add_argument("--file", type=Path, required=True, help="the file to restate")
    rs.add_argument("--out", type=Path, required=True, help="where to write the new file")
    rs.add_argument("--round-only", action="store_true",
                    help="keep the round's stage alone, as trim does")
    rs.add_argument("--bits", type=int, choices=(8, 12), default=8)
    rs.add_argument("--json", action="store_true", help="print the figures as JSON")
    r = sub.add_parser("respond", help="the best response to a scripted player or to the "
                                       "solved player, over a match")
    r.add_argument("--bot", choices=PLAYERS, required=True,
                   help="a scripted player, or 'solved': the files as the app plays them")
    r.add_argument("--player", choices=PLAYERS, default=None,
                   help="instead of the best response, this player's own result")
    r.add_argument("--target", type=int, default=12)
    r.add_argument("--file", type=Path, default=None,
                   help="solved: this one file at every score, instead of the shipped set")
    r.add_argument("--cache", type=Path, default=None,
                   help="solved: the folder that keeps each lift (default: the user's "
                        "cache folder, truf-tui/lifts)")
    r.add_argument("--jobs", type=int, default=1,
                   help="solved: lifts made side by side before the match is valued")
    r.add_argument("--wait", action="store_true",
                   help="solved: another run is making the lifts into --cache; value the "
                        "match as they come instead of making them")
    r.add_argument("--json", action="store_true", help="print the figures as JSON")
    r.add_argument("--quiet", action="store_true", help="no progress lines")
    r.add_argument("--max-cap", type=int, default=None,
                   help="only the end of the match: the scores whose raise cap is at most "
                        "this (T7), with the best response's gain at each")
    r.add_argument("--plot", type=Path, default=None,
                   help="the best response's gain at every score as an SVG map")
    w = sub.add_parser("sweep", help="check what the expert plays at every score")
    w.add_argument("--target", type=int, default=12)
    w.add_argument("--payoff", choices=("points", "match"), default="match")
    w.add_argument("--scores", type=int, nargs=2, action="append", default=None,
                   metavar=("NONDEALER", "DEALER"), help="only these scores (repeatable)")
    w.add_argument("--file", type=Path, default=None,
                   help="one file played at every score, instead of the shipped set")
    w.add_argument("--table", type=Path, default=None,
                   help="with --payoff match: the later rounds valued by this JSON of 'respond "
                        "--json' (e.g. the solved player's own match values) instead of "
                        "the project's match table")
    w.add_argument("--journal", type=Path, default=None,
                   help="a line per score measured; scores it holds are not measured again")
    w.add_argument("--jobs", type=int, default=1, help="groups measured side by side")
    w.add_argument("--json", action="store_true", help="print the figures as JSON")
    w.add_argument("--plot", type=Path, default=None, help="draw the map as an SVG picture")
    op = sub.add_parser("openings", help="the values of every round's two first decisions "
                                         "at every score, for the app to ship")
    op.add_argument("--dir", type=Path, required=True,
                    help="a score's values are kept here as soon as done (resumable)")
    op.add_argument("--out", type=Path, default=None,
                    help="where to write the table once every score is done (default: "
                         "the shipped strategy/data/" + "truc-t12-openings.bin)")
    op.add_argument("--scores", type=int, nargs=2, action="append", default=None,
                    metavar=("NONDEALER", "DEALER"), help="only these scores (repeatable)")
    op.add_argument("--hands", type=int, default=None,
                    help="only the first N hands (a small instance: no table written)")
    op.add_argument("--jobs", type=int, default=1, help="processes side by side")
    op.add_argument("--quiet", action="store_true", help="no progress lines")
    a = ap.parse_args(argv)
    if a.command == "openings":
        return _openings(ap, a)
    if getattr(a, "table", None) is not None:
        _table_checked(ap, a)
    if a.command == "trim":
        return _trim(a.file, a.out, a.json)
    if a.command == "restate":
        return _restate(a.file, a.out, a.round_only, a.bits, a.json)
    if a.command == "sweep":
        if not 1 <= a.target <= 99:
            ap.error("the target is 1 to 99 (T10)")
        every = [(x, y) for x in range(a.target) for y in range(a.target)]
        chosen = every if a.scores is None else [(x, y) for x, y in a.scores]
        if any(s not in every for s in chosen):
            ap.error("both scores are below the target (T10)")
        if a.jobs < 1:
            ap.error("--jobs must be at least 1")
        return _sweep(a.target, chosen, a.payoff, a.journal, a.jobs, a.file, a.json, a.plot,
                      a.table)
    if a.command == "respond":
        if not 1 <= a.target <= 99:
            ap.error("the target is 1 to 99 (T10)")
        if a.jobs < 1:
            ap.error("--jobs must be at least 1")
        if a.file is not None and not a.file.is_file():
            ap.error(f"no such file: {a.file}")
        if a.plot is not None and a.player is not None:
            ap.error("--plot maps the best response: leave out --player")
        if a.max_cap is not None and (a.max_cap < 1 or a.plot is not None):
            ap.error("--max-cap is a raise cap of 1 or more, and maps nothing")
        return _respond(a.bot, a.player, a.target, a.json, a.quiet, a.file, a.cache, a.jobs,
                        a.wait, a.plot, a.max_cap)
    scores = (a.scores[0], a.scores[1])
    if not 1 <= a.target <= 99 or not all(0 <= s < a.target for s in scores):
        ap.error("the target is 1 to 99 and both scores are below it (T10)")
    if a.iterations < 1:
        ap.error("--iterations must be at least 1")
    if a.command == "check" and (a.file is not None or a.shipped):
        return _check_file(a.file, a.target, scores, a.payoff, a.json, a.table)
    if a.command == "ship" and a.file is None:
        ap.error("ship needs --file, the file to write")
    if a.eps is not None and not 0 <= a.eps < 0.5:
        ap.error("--eps: a probability from 0 to 0.5")
    if a.bits is not None and a.bits not in ((8, 16) if a.command == "check" else (8, 12)):
        ap.error(f"{a.command} --bits: 8 or {16 if a.command == 'check' else 12}")
    t0 = time.perf_counter()
    payoff = a.payoff if a.table is None else _utility(a.payoff, a.table)
    # a run against a table has its own checkpoints, one folder per table (name and digest)
    dir_ = a.dir if a.table is None else a.dir / f"table-{table_name(a.table)}"
    fresh, whole, _ = run_round(a.target, scores, a.iterations, dir_, a.every, a.quiet,
                                a.curve, a.algorithm, a.seconds, payoff)
    solve_s = time.perf_counter() - t0
    if whole is None:
        print(f"stopped after {solve_s:.0f} s at iteration {fresh.solver.iteration} of the "
              "first stage, or in the second; run the same command again to go on")
        return 3
    t1 = time.perf_counter()
    fig: dict[str, float] = report(fresh.solver.exploitability(),
                                    whole.solver.exploitability())
    fig.update(iterations=whole.solver.iteration, solve_seconds=solve_s,
               nodes=whole.solver.tree.nodes)
    if a.command == "check":
        bp_fresh, bp_whole = blueprints(fresh, whole, a.blueprint, a.bits or 8)
        played = [st.solver.played(lift(bp, st.solver))
                  for st, bp in ((fresh, bp_fresh), (whole, bp_whole))]
        fig.update(report(fresh.solver.exploitability(played[0]),
                          whole.solver.exploitability(played[1]), "blueprint_"))
        fig["blueprint_bytes"] = bp_fresh.packed_bytes() + bp_whole.packed_bytes()
    if a.command == "ship":
        fig.update(_ship(a.file, fresh.solver, whole.solver, fig, a.payoff, a.bits or 12,
                         a.eps, a.table))
    fig["check_seconds"] = time.perf_counter() - t1
    unit = in_units(fig, a.payoff)
    where = f"target {a.target}, scores {scores[0]}-{scores[1]} (non-dealer-dealer)"
    if a.json:
        print(json.dumps(fig, indent=1))
    if a.command == "run":
        print(f"solved {where}: {fig['iterations']} iterations, {fig['nodes']:,} public "
              f"decision nodes, {solve_s:.1f} s")
    elif a.command == "value":
        what = "points" if a.payoff == "points" else "P(he wins the match)"
        print(f"value of the round, {where}, for the non-dealer: {fig['value']:+.6f} {what} "
              f"(exploitability bound {fmt(fig['exploitability'])})")
    if a.command == "ship":
        print(f"wrote {a.file}: {fig['shipped_bytes'] / 1e6:.2f} MB")
        print(f"exploitability: {fmt(fig['shipped_exploitability'])} {unit} ({where}; the "
              f"shipped file, {a.bits or 12}-bit, unreached blocks zeroed; {fig['iterations']} "
              f"iterations; average strategy {fmt(fig['exploitability'])})")
    elif a.command == "check":
        print(f"average strategy: exploitability {fmt(fig['exploitability'])} {unit} "
              f"(round {fmt(fig['round_exploitability'])} + after a redeal "
              f"{fmt(fig['redeal_exploitability'])}), value {fig['value']:+.6f}")
        print(f"exploitability: {fmt(fig['blueprint_exploitability'])} {unit} ({where}; "
              f"the blueprint the expert plays, per {a.blueprint}, {a.bits or 8}-bit, "
              f"{fig['blueprint_bytes'] / 1e6:.2f} MB packed; "
              f"{fig['iterations']} iterations; exact best response on the full tree)")
    else:
        print(f"exploitability: {fmt(fig['exploitability'])} {unit} ({where}; "
              f"{fig['iterations']} iterations; round {fmt(fig['round_exploitability'])} + "
              f"after a redeal {fmt(fig['redeal_exploitability'])})")
    return 0


def _openings(ap: argparse.ArgumentParser, a: argparse.Namespace) -> int:
    from truf_tui.solve.openings import run
    from truf_tui.strategy import openings
    from truf_tui.strategy.hands import REST

    scores = None if a.scores is None else [(x, y) for x, y in a.scores]
    if scores is not None and any(not (0 <= x < openings.TARGET and 0 <= y < openings.TARGET)
                                  for x, y in scores):
        ap.error(f"both scores are below the target {openings.TARGET} (T10)")
    if a.jobs < 1:
        ap.error("--jobs must be at least 1")
    if a.hands is not None and not 1 <= a.hands <= len(REST[0]):
        ap.error(f"--hands is 1 to {len(REST[0])}")
    small = a.hands is not None or scores is not None
    out = a.out
    if out is None and not small:
        out = Path(openings.__file__).parent / "data" / openings.FILE
    hands = None if a.hands is None else list(REST[0][:a.hands])
    missing = run(a.dir, None if small else out, scores, hands, a.jobs, a.quiet)
    if not a.quiet and missing and not small:
        print(f"{missing} scores still to do: run again to go on")
    return 0


def _table_checked(ap: argparse.ArgumentParser, a: argparse.Namespace) -> None:
    """``--table``: only with match payoffs, a readable file of this target."""
    if a.payoff != "match":
        ap.error("--table values the later rounds of a match: it needs --payoff match")
    try:
        got = table_target(played_table(a.table))
    except ValueError as e:
        ap.error(str(e))
    if got != a.target:
        ap.error(f"{a.table}: the match values of a match to {got}, not {a.target}")


def in_units(fig: dict[str, float], payoff: str) -> str:
    """Match utilities are 2 P - 1: turn ``fig``'s figures into probabilities (in place);
    the unit's name."""
    if payoff != "match":
        return "points/round"
    for k, v in list(fig.items()):
        if k.endswith("exploitability"):
            fig[k] = v / 2
        elif k.endswith(("value", "best_nondealer", "best_dealer")):
            fig[k] = (v + 1) / 2
    return "match-win probability"


def _ship(path: Path, fresh: Solver, whole: Solver, fig: dict[str, float], payoff: str,
          bits: int, eps: float | None, table: Path | None = None) -> dict[str, float]:
    """Pack both stages, measure what is packed, write it, and read it back."""
    from truf_tui.solve.ship import pack, relayout, unpack, write

    eps = EPS if eps is None else eps
    packed = {}
    for name, s in (("fresh", fresh), ("round", whole)):
        packed[name] = pack(s, s.average(), TOP[bits], eps)
    e = report(fresh.exploitability(fresh.played(unpack(packed["fresh"], fresh))),
               whole.exploitability(whole.played(unpack(packed["round"], whole))), "shipped_")
    figures = {k: v for k, v in fig.items() if isinstance(v, (int, float))}
    figures.update(e)
    size = write(path, (whole, packed["round"]), (fresh, packed["fresh"]), figures, payoff,
                 bits, eps, None if table is None else table_header(table))
    tab = SolvedTable(path.read_bytes())  # read back: the same numbers
    for name, s in (("fresh", fresh), ("round", whole)):
        stream, _ = relayout(s, packed[name], bits)
        got = tab.numbers(tab.stage_base[name], len(stream))
        if not np.array_equal(got, stream):
            raise AssertionError(f"{path}: the {name} stage did not read back")
    return {**e, "shipped_bytes": float(size)}


def _check_file(path: Path | None, target: int, scores: tuple[int, int], payoff: str,
                as_json: bool, table: Path | None = None) -> int:
    """The exact exploitability of what the app plays from ``path`` at ``scores`` (from
    the shipped file it would choose there if ``path`` is None)."""
    from truf_tui.strategy.shipped import nearest, tables

    try:
        tab = (nearest(tables(), target, scores) if path is None
               else SolvedTable(path.read_bytes()))
    except (OSError, BlueprintError) as e:
        print(f"python -m truf_tui.solve: {path}: {e}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    # by default against the table the file was solved with (none: the project's)
    fig = _measure(tab, target, scores, payoff,
                   table=table if table is not None else header_table(tab.header))
    fig["check_seconds"] = time.perf_counter() - t0
    unit = in_units(fig, payoff)
    if as_json:
        print(json.dumps(fig, indent=1))
    where = f"target {target}, scores {scores[0]}-{scores[1]} (non-dealer-dealer)"
    print(f"exploitability: {fmt(fig['exploitability'])} {unit} ({where}; the file "
          f"solved at {tab.scores[0]}-{tab.scores[1]} to {tab.target} "
          f"({tab.header['payoff']} payoffs) as the expert plays it; round "
          f"{fmt(fig['round_exploitability'])} + after a redeal "
          f"{fmt(fig['redeal_exploitability'])}; value {fig['value']:+.6f})")
    return 0


def _measure(tab: SolvedTable, target: int, scores: tuple[int, int], payoff: str,
             prefix: str = "", trees: dict[bool, Tree] | None = None,
             table: Path | Table | None = None) -> dict[str, float]:
    """The exact best response to what the app plays from ``tab`` at ``scores`` (``trees``
    the rounds' trees by their redeal option, where the caller has built them)."""
    from truf_tui.solve.cfr import Solver
    from truf_tui.solve.ship import lift_file, read_stage
    from truf_tui.strategy.tree import build

    utility = _utility(payoff, table)
    trees = trees or {}
    fresh_tree = trees.get(False) or build(target, scores, redeal=False)
    fresh = Solver(fresh_tree, utility(fresh_tree, 0.0))
    own = (tab.target, tab.scores) == (target, scores)  # the same numbers, faster
    lifted = read_stage if own else lift_file
    fe = fresh.exploitability(fresh.played(lifted(tab, fresh)))
    tree = trees.get(True) or build(target, scores, redeal=True)
    whole = Solver(tree, utility(tree, fe.value))  # an accepted redeal: the first stage
    we = whole.exploitability(whole.played(lifted(tab, whole)))
    return report(fe, we, prefix)


def _open(path: Path) -> SolvedTable | None:
    """The solved-strategy file at ``path``, or None with the reason on stderr."""
    try:
        return SolvedTable(path.read_bytes())
    except (OSError, BlueprintError) as e:
        print(f"python -m truf_tui.solve: {path}: {e}", file=sys.stderr)
        return None


def _write_measured(tab: SolvedTable, packed: Packed, out: Path, source_key: str,
                    trees: dict[bool, Tree] | None = None) -> tuple[dict[str, float], int]:
    """``packed`` (made from ``tab``) measured at its own score through the app's code,
    written to ``out`` with the figures in its header; the figures and the bytes."""

    new = SolvedTable(packed.body(tab.header["figures"]))
    fig = {**tab.header["figures"],
           **_measure(new, new.target, new.scores, tab.header["payoff"], "shipped_", trees,
                      header_table(tab.header))}
    fig[source_key] = float(len(tab.data))
    body = b""
    while fig.get("shipped_bytes") != len(body):  # the header holds its own file's size
        fig["shipped_bytes"] = float(len(body))
        body = packed.body(fig)
    return fig, write_atomic(out, body)


def _trim(path: Path, out: Path, as_json: bool) -> int:
    """``path`` without its stage after an accepted redeal, measured at its own score."""

    tab = _open(path)
    if tab is None:
        return 2
    if tab.format != 1:
        print(f"python -m truf_tui.solve: {path}: restate it with --round-only instead",
              file=sys.stderr)
        return 2
    if not tab.has_fresh:
        print(f"python -m truf_tui.solve: {path}: holds the round's stage only already",
              file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    old = dict(tab.header["figures"])
    from truf_tui.strategy.trufbp import round_only  # a name _restate's flag shadows

    fig, size = _write_measured(tab, round_only(tab), out, "trimmed_from_bytes")
    if as_json:
        print(json.dumps(fig, indent=1))
    unit = in_units(fig, tab.header["payoff"])
    print(f"wrote {out}: {size / 1e6:.2f} MB (was {len(tab.data) / 1e6:.2f} MB), "
          f"{time.perf_counter() - t0:.0f} s")
    print(f"exploitability: {fmt(fig['shipped_exploitability'])} {unit} (scores "
          f"{tab.scores[0]}-{tab.scores[1]} to {tab.target}; the round's stage also after a "
          f"redeal: round {fmt(fig['shipped_round_exploitability'])} + after a redeal "
          f"{fmt(fig['shipped_redeal_exploitability'])}; with both stages "
          f"{fmt(old['shipped_exploitability'] / (2 if tab.header['payoff'] == 'match' else 1))})")
    return 0


def _restate(path: Path, out: Path, round_only: bool, bits: int, as_json: bool) -> int:
    """``path`` (format 1, every history) as one strategy per public state (format 2),
    measured at its own score through the app's own code."""
    from truf_tui.solve.cfr import Solver
    from truf_tui.solve.ship import by_state, read_stage
    from truf_tui.strategy.tree import build

    tab = _open(path)
    if tab is None:
        return 2
    if tab.format != 1:
        print(f"python -m truf_tui.solve: {path}: holds one strategy per state already",
              file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    h = tab.header
    utility = _utility(h["payoff"])
    stages = {}
    trees = {}  # built once: merged here, measured by _measure
    for name in ("round", "fresh")[:1 if round_only or not tab.has_fresh else 2]:
        tree = trees[name == "round"] = build(tab.target, tab.scores, redeal=name == "round")
        solver = Solver(tree, utility(tree, 0.0))  # the merge weighs by reach alone
        stages[name] = by_state(solver, read_stage(tab, solver), bits, float(h["eps"]))
    header = solve_of(h)  # its dtype is the new file's (PackedByState)
    header["top"] = TOP[bits]
    header["sentinel"] = 0xFFFF if bits > 8 else 0xFF
    packed = PackedByState(header, stages, "<u2" if bits > 8 else "u1")
    old = dict(h["figures"])
    fig, size = _write_measured(tab, packed, out, "restated_from_bytes", trees)
    if as_json:
        print(json.dumps(fig, indent=1))
    unit = in_units(fig, h["payoff"])
    was = old["shipped_exploitability"] / (2 if h["payoff"] == "match" else 1)
    print(f"wrote {out}: {size / 1e6:.2f} MB (was {len(tab.data) / 1e6:.2f} MB), "
          f"{time.perf_counter() - t0:.0f} s")
    print(f"exploitability: {fmt(fig['shipped_exploitability'])} {unit} (scores "
          f"{tab.scores[0]}-{tab.scores[1]} to {tab.target}; one strategy per public state, "
          f"{bits}-bit{', the round only' if 'fresh' not in stages else ''}: round "
          f"{fmt(fig['shipped_round_exploitability'])} + after a redeal "
          f"{fmt(fig['shipped_redeal_exploitability'])}; per history {fmt(was)})")
    return 0


def _sweep(target: int, scores: list[tuple[int, int]], payoff: str, journal: Path | None,
           jobs: int, file: Path | None, as_json: bool, plot: Path | None = None,
           table: Path | None = None) -> int:
    """Every score's exploitability as the expert plays it, as a table."""
    from truf_tui.solve.sweep import grid, sweep

    try:
        figs = sweep(target, scores, payoff, journal, jobs, file, table=table)
    except (OSError, BlueprintError) as e:
        print(f"python -m truf_tui.solve: {e}", file=sys.stderr)
        return 2
    figs = {s: dict(f) for s, f in figs.items()}  # the journal's lines are in solver units
    unit = in_units({}, payoff)
    for f in figs.values():
        in_units(f, payoff)
    if as_json:
        print(json.dumps([figs[s] for s in scores], indent=1))
    print(f"exploitability at each score ({unit}), the file the expert plays there:")
    for line in grid(target, figs):
        print(line)
    worst = max(scores, key=lambda s: figs[s]["exploitability"])
    f = figs[worst]
    print(f"exploitability: {fmt(f['exploitability'])} {unit} at worst, at "
          f"{worst[0]}-{worst[1]} with the {f['file']} file ({len(scores)} scores, target "
          f"{target}; the mean {sum(figs[s]['exploitability'] for s in scores) / len(scores):.6f})")
    if plot is not None:
        from truf_tui.solve.plot import heatmap
        cells = {s: (figs[s]["exploitability"], figs[s]["file"]) for s in scores}
        plot.write_text(heatmap(target, cells, f"Le Truc to {target}: exploitability of the "
                                "expert's play at each score, with the file it plays",
                                unit, 0.05 if payoff == "match" else 0.002))
        print(f"wrote {plot}")
    return 0


def _respond(bot: str, player: str | None, target: int, as_json: bool, quiet: bool,
             file: Path | None = None, cache: Path | None = None, jobs: int = 1,
             wait: bool = False, plot: Path | None = None, max_cap: int | None = None) -> int:
    from truf_tui.solve.respond import SOLVED, Lifts, ceiling, lift_all

    def show(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    lifts = None
    if SOLVED in (bot, player):
        if cache is None:
            import platformdirs
            cache = Path(platformdirs.user_cache_dir("truf-tui", appauthor=False)) / "lifts"
        if not wait:
            lift_all(target, cache, jobs, file, None if quiet else show, max_cap)
        lifts = Lifts(target, file, cache, wait)
    res = ceiling(bot, target, player, None if quiet else show, lifts, max_cap)
    if max_cap is not None:  # the end of the match: no 0-0 figure
        if as_json:
            print(json.dumps({"target": target, "max_cap": max_cap, "scores": res.rows()},
                             indent=1))
        gaps = res.gaps() if player is None else {}  # the caps are symmetric: (b, a) is in
        for a, b in sorted(res.win[0]):
            gain = (f"; the best response's gain over both seats {gaps[(a, b)]:.6f}"
                    if (a, b) in gaps else "")
            print(f"{a}-{b}: {res.win[0][(a, b)]:.6f} not dealing, {res.win[1][(a, b)]:.6f} "
                  f"dealing{gain}")
        return 0
    who = "the best response" if player is None else player
    fig = {"match": res.match, "nondealer_first": res.win[0][(0, 0)],
           "dealer_first": res.win[1][(0, 0)], "points_nondealer": res.points[0],
           "points_dealer": res.points[1], "seconds": res.seconds, "scores": res.rows()}
    if as_json:
        print(json.dumps(fig, indent=1))
    print(f"{who} against {bot}, match to {target}: {res.match:.4f} match-win probability "
          f"({fig['nondealer_first']:.4f} not dealing first, {fig['dealer_first']:.4f} "
          f"dealing first); the 0-0 round: {res.points[0]:+.4f} points as non-dealer, "
          f"{res.points[1]:+.4f} as dealer ({res.seconds:.0f} s)")
    if bot == SOLVED and player is None:  # the match from 0-0 is fair: its value is 1/2
        print(f"exploitability over the match: {res.match - 0.5:.6f} match-win probability "
              f"(the best response's share beyond one half)")
    if plot is not None:
        plot.write_text(match_map(res, bot, lifts))
        print(f"wrote {plot}")
    return 0


def match_map(res: Result, bot: str, lifts: Lifts | None = None) -> str:
    """The best response's gain over the rest of the match at every score, as a map."""
    from truf_tui.solve.plot import heatmap

    cells = {s: (g, "" if lifts is None else lifts.name(lifts.index(s)))
             for s, g in res.gaps().items()}
    who = "the files" if bot == "solved" else bot
    return heatmap(res.target, cells, f"Le Truc to {res.target}: a best response to {who}, "
                   "its gain over the match from each score", "match-win prob. (2 seats)",
                   0.05)


if __name__ == "__main__":
    sys.exit(main())
