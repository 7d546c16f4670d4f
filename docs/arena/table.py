"""Write docs/arena/README.md from the journals in this folder: `python docs/arena/table.py`.

RUNS lists every run with the options it was started with (`python -m truf_tui.arena` +
these + `--journal docs/arena/<name>.jsonl`); rerunning a command continues its journal.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from truf_tui.arena import Side, deal_pairs, pair_interval, read_journal, wilson  # noqa: E402

BEFORE_FIT = "expert's belief at BETA 2.5 (before 4f13a6e)"
NO_LIMIT = "neither player has a time limit, so this is their default play"
LOADED = ("`tight` (the baseline written apart from the tiers) has no time limit; one job on a "
          "shared 2-core machine (load about 6-8), so the tier searched less than it would on an "
          "idle one")
# name: (options, note)
RUNS: dict[str, tuple[str, str]] = {
    "truc_medium_easy": ("--game truc --a medium --b easy --games 2000 --seed 11", NO_LIMIT),
    "truc_hard_medium_default": ("--game truc --a hard --b medium --games 400 --seed 51 --jobs 2",
                                 ""),
    "truc_expert_hard_default": ("--game truc --a expert --b hard --games 400 --seed 52 --jobs 2",
                                 ""),
    "truc_expert_always_raise_default": (
        "--game truc --a expert --b always_raise --games 400 --seed 53 --jobs 2", ""),
    "truc_expert_calling_station_default": (
        "--game truc --a expert --b calling_station --games 400 --seed 53 --jobs 2", ""),
    "truc_expert_rock_default": (
        "--game truc --a expert --b rock --games 400 --seed 53 --jobs 2", ""),
    "truc_expert_honest_default": (
        "--game truc --a expert --b honest --games 400 --seed 53 --jobs 2", ""),
    "truc_tight_easy": ("--game truc --a tight --b easy --games 400 --seed 58", NO_LIMIT),
    "truc_tight_medium": ("--game truc --a tight --b medium --games 400 --seed 58", NO_LIMIT),
    "truc_hard_tight_default": (
        "--game truc --a hard --b tight --games 400 --seed 57", LOADED),
    "truc_expert_tight_default": (
        "--game truc --a expert --b tight --games 400 --seed 57",
        LOADED + "; stopped at a fixed time, to be continued"),
    "truc_solved_always_raise": (
        "--game truc --a expert --b always_raise --games 400 --seed 11", NO_LIMIT),
    "truc_solved_calling_station": (
        "--game truc --a expert --b calling_station --games 400 --seed 11", NO_LIMIT),
    "truc_solved_rock": ("--game truc --a expert --b rock --games 400 --seed 11", NO_LIMIT),
    "truc_solved_honest": ("--game truc --a expert --b honest --games 400 --seed 11",
                           NO_LIMIT),
    "truc_solved_tight": ("--game truc --a expert --b tight --games 1200 --seed 11", NO_LIMIT),
    "truc_solved_expert_hard2s_default": (
        "--game truc --a expert --b hard --b-time-limit 2 --games 400 --seed 61 --jobs 2",
        "B is yesterday's expert at its 2 s a decision; a shared 2-core machine; the "
        "expert's files and nearest-file rule of 3a4a8c8; stopped at a fixed time (a "
        "continuation with later files would mix two experts)"),
    **{f"truc_expert_{b}_exploit": (
        f"--game truc --a expert --b {b} --games 400 --seed 11",
        NO_LIMIT + "; the expert with safe exploitation, each match by new players")
       for b in ("always_raise", "calling_station", "rock", "honest", "tight", "solved")},
    **{f"truc_expert_{b}_series50": (
        f"--game truc --a expert --b {b} --games 400 --seed 11 --series 50",
        NO_LIMIT + "; series of 50 matches by the same two players, so the expert's "
        "measurement of its opponent carries over (as in the app)")
       for b in ("always_raise", "calling_station", "rock", "honest", "tight", "solved")},
    "truc_expert_hard_it20000": (
        "--game truc --a expert --b hard --b-iterations 20000 --games 400 --seed 61 --jobs 2",
        "the ladder: the expert (solved strategy and safe exploitation) against hard at a "
        "fixed 20,000 iterations a decision, about hard's 1 s on this machine, so that a "
        "shared machine's load does not weaken it"),
    **{f"truc_expert_{b}_final": (
        f"--game truc --a expert --b {b} --games 400 --seed 11",
        NO_LIMIT + "; the final code of issue 15's twelfth session (the 7-5 file, 5-7 and 7-5 "
        "round-only), the same command and seed as `truc_expert_" + b + "_exploit`")
       for b in ("always_raise", "calling_station", "rock", "honest", "tight", "solved")},
    **{f"truc_expert_{b}_series50_final": (
        f"--game truc --a expert --b {b} --games 400 --seed 11 --series 50",
        NO_LIMIT + "; series of 50, on the same final code as the `_final` runs")
       for b in ("always_raise", "calling_station", "rock", "honest", "tight")},
    "truc_ladder_expert_hard_it20000": (
        "--game truc --a expert --b hard --b-iterations 20000 --games 400 --seed 61 --jobs 2",
        "the ladder again on the final code of issue 15: the expert with its value rest "
        "(ai/exploit.py) and the 13 files (5-7 and 7-5 round-only); the same command and "
        "seed as `truc_expert_hard_it20000`"),
    **{f"truc_expert_{b}_threshold_series50": (
        f"--game truc --a expert --b {b} --games {n} --seed 11 --series 50 --jobs 2",
        NO_LIMIT + "; series of 50, the expert with its best response to a threshold player "
        "(ai/threshold.py), from the second match of a series")
       for b, n in (("honest", 400), ("tight", 400), ("solved", 400), ("always_raise", 200),
                    ("calling_station", 200), ("rock", 200))},
    "truc_expert_tight_threshold": (
        "--game truc --a expert --b tight --games 400 --seed 11 --series 1 --jobs 2",
        NO_LIMIT + "; single matches on the same code (the response never plays in one)"),
    **{f"truc_expert_{b}_habit": (
        f"--game truc --a expert --b {b} --games 400 --seed 11 --series 1 --jobs 2",
        NO_LIMIT + "; single matches, the expert answering a fixed habit (always raising or "
        "always accepting) from the second round of the first match (ai/exploit.py)")
       for b in ("always_raise", "calling_station", "rock", "honest", "tight", "solved")},
    **{f"truc_expert_{b}_habit_series50": (
        f"--game truc --a expert --b {b} --games {n} --seed 11 --series 50 --jobs 2",
        NO_LIMIT + "; series of 50 on the same code as the `_habit` runs")
       for b, n in (("tight", 400), ("always_raise", 200), ("calling_station", 200))},
    **{f"truc_expert_{b}_first_match": (
        f"--game truc --a expert --b {b} --games 400 --seed 11 --series 1 --jobs 2",
        NO_LIMIT + "; single matches, the expert answering a threshold player from the third "
        "round of the first match, as the posterior mean of the thresholds, its answers kept "
        "to the solved player's (ai/exploit.py: MIN_ROUNDS, SUPPORT)")
       for b in ("honest", "tight", "calling_station", "always_raise", "rock", "solved")},
    **{f"truc_expert_{b}_first_match_series50": (
        f"--game truc --a expert --b {b} --games 400 --seed 11 --series 50 --jobs 2",
        NO_LIMIT + "; series of 50 on the same code as the `_first_match` runs")
       for b in ("honest", "tight")},
    "truc_ladder_expert_hard_first_match": (
        "--game truc --a expert --b hard --b-iterations 20000 --games 400 --seed 61 --jobs 2",
        "the ladder on the code of the `_first_match` runs (the same command and seed as "
        "`truc_expert_hard_it20000`)"),
    **{f"truc_expert_{b}_habit_table": (
        f"--game truc --a expert --b {b} --games 400 --seed 11 --series 1 --jobs 2",
        NO_LIMIT + "; single matches, the code of the `_first_match` runs with the response "
        "valuing a fixed habit's rounds by its own match table against it (ai/habits.py); "
        "a third process on the two cores (a ladder run)")
       for b in ("calling_station", "always_raise", "tight", "solved", "honest", "rock")},
    "truc_expert_honest_habit_table_seed12": (
        "--game truc --a expert --b honest --games 400 --seed 12 --series 1 --jobs 2",
        NO_LIMIT + "; the `_habit_table` code on other seeds"),
    "truc_ladder_expert_hard2000_first_match": (
        "--game truc --a expert --b hard --b-iterations 2000 --games 400 --seed 61 --jobs 2",
        "the ladder on the code of the `_first_match` runs, hard at a tenth of its usual "
        "budget so that 400 matches fit in a session (the 20,000 run goes on in its journal)"),
    **{f"truc_expert_{b}_grid_tables": (
        f"--game truc --a expert --b {b} --games 400 --seed {seed} --series 1 --jobs 2",
        NO_LIMIT + "; single matches, the response valuing a round's ends by the match "
        "tables of every threshold player of the grid, mixed by the evidence's posterior "
        "(ai/habits.py), its caches bounded (the collector's pauses)")
       for b, seed in (("honest", 11), ("calling_station", 11), ("always_raise", 11),
                       ("rock", 11), ("tight", 11), ("solved", 11))},
    **{f"truc_expert_{b}_grid_tables_nodoubt": (
        f"--game truc --a expert --b {b} --games 400 --seed 11 --series 1 --jobs 2",
        NO_LIMIT + "; the `_grid_tables` code before DOUBT (a measured table used alone: "
        "against rock it is 1 at every score, and the response lost 23 matches)")
       for b in ("honest", "calling_station", "always_raise", "rock", "tight", "solved")},
    "truc_expert_honest_grid_tables_nodoubt_seed12": (
        "--game truc --a expert --b honest --games 400 --seed 12 --series 1 --jobs 2",
        NO_LIMIT + "; the `_grid_tables_nodoubt` code on other seeds"),
    **{f"truc_expert_{b}_habit_odds5{sfx}": (
        f"--game truc --a expert --b {b} --games 400 --seed {seed} --series 1 --jobs 2",
        NO_LIMIT + "; single matches, the `_grid_tables` code with a fixed habit answered "
        "at prior odds of 5, not 20 (ai/exploit.py: HABIT_ODDS)")
       for b, seed, sfx in (("calling_station", 11, ""), ("calling_station", 12, "_seed12"),
                            ("honest", 11, ""), ("honest", 12, "_seed12"),
                            ("always_raise", 11, ""), ("rock", 11, ""), ("tight", 11, ""),
                            ("solved", 11, ""))},
    "truc_ladder_expert_hard2000_habit_odds5": (
        "--game truc --a expert --b hard --b-iterations 2000 --games 400 --seed 61 --jobs 2",
        "the ladder on the code of the `_habit_odds5` runs, hard at a tenth of its usual "
        "budget (as `truc_ladder_expert_hard2000_first_match`)"),
    "truc_ladder_expert_hard_habit_odds5": (
        "--game truc --a expert --b hard --b-iterations 20000 --games 400 --seed 61 --jobs 2",
        "the ladder on the code of the `_habit_odds5` runs at hard's usual budget (the same "
        "command and seed as `truc_expert_hard_it20000`; 142 matches in session 25, the rest "
        "in session 26 with the same play)"),
    "truc_expert_honest_grid_tables_seed12": (
        "--game truc --a expert --b honest --games 400 --seed 12 --series 1 --jobs 2",
        NO_LIMIT + "; the `_grid_tables` code on other seeds"),
    "truc_hard_medium_it20000": (
        "--game truc --a hard --a-iterations 20000 --b medium --games 400 --seed 62 --jobs 2",
        "the ladder at today's tiers: hard (the search with inference, the expert before the "
        "solved player) at a fixed 20,000 iterations a decision, about its 1 s here"),
    "tf_medium_easy": ("--game trufludo --a medium --b easy --games 2000 --seed 11", NO_LIMIT),
    "tf_hard_medium_default": (
        "--game trufludo --a hard --b medium --games 1600 --seed 56 --jobs 2", ""),
    "tf_expert_hard_default": (
        "--game trufludo --a expert --b hard --games 3000 --seed 55 --jobs 2", ""),
    "truc_hard5000_medium": (
        "--game truc --a hard --b medium --games 400 --seed 21 --jobs 2 --a-iterations 5000", ""),
    "truc_expert15000_hard5000": (
        "--game truc --a expert --b hard --games 400 --seed 22 --jobs 2 --a-iterations 15000 "
        "--b-iterations 5000", ""),
    "truc_expert7500_always_raise": (
        "--game truc --a expert --b always_raise --games 400 --seed 23 --jobs 2 "
        "--a-iterations 7500", ""),
    "truc_expert7500_calling_station": (
        "--game truc --a expert --b calling_station --games 400 --seed 23 --jobs 2 "
        "--a-iterations 7500", ""),
    "truc_expert7500_rock": (
        "--game truc --a expert --b rock --games 400 --seed 23 --jobs 2 --a-iterations 7500", ""),
    "truc_expert7500_honest": (
        "--game truc --a expert --b honest --games 400 --seed 23 --jobs 2 --a-iterations 7500",
        ""),
    "tf_hard_medium_nosettle": (
        "--game trufludo --a hard --b medium --games 1600 --seed 54 --jobs 2",
        "hard's default 1 s before 3fd458a: every search used its whole budget; stopped"),
    "tf_hard3000_medium": (
        "--game trufludo --a hard --b medium --games 200 --seed 21 --a-iterations 3000",
        "before the paired search"),
    "tf_hardP1500_medium": (
        "--game trufludo --a hard --b medium --games 1600 --seed 31 --a-iterations 1500", ""),
    "tf_expertP1500_hardP1500": (
        "--game trufludo --a expert --b hard --games 800 --seed 32 --iterations 1500",
        BEFORE_FIT),
    "tf_expertP1000beta25_hardP500": (
        "--game trufludo --a expert --b hard --games 2000 --seed 33 --jobs 2 "
        "--a-iterations 1000 --b-iterations 500", BEFORE_FIT + "; stopped"),
    "tf_expertP1000_hardP500": (
        "--game trufludo --a expert --b hard --games 3000 --seed 34 --jobs 2 "
        "--a-iterations 1000 --b-iterations 500",
        "expert's belief at BETA 0.5; the 2 : 1 budget of the default time limits; stopped"),
    "tf_expertP2000_hardP1000": (
        "--game trufludo --a expert --b hard --games 3000 --seed 35 --jobs 2 "
        "--a-iterations 2000 --b-iterations 1000",
        "as above, budgets doubled; played to 1,000, then continued until a fixed time"),
}

INTRO = """\
# Arena runs

Each file here is an arena journal (`python -m truf_tui.arena ... --journal FILE`): a header
with the settings, then one line per finished game. Running the same command with
`--journal docs/arena/<name>.jsonl` prints the result of the games in it and plays only
the missing ones, so an unfinished run can be continued in a later session. This page is
written by `python docs/arena/table.py` from the journals.

Commands (`python -m truf_tui.arena` + the options). The `_default` runs use the default
time limits (hard 1 s, expert 2 s per decision), so they were run on an otherwise idle
machine with one job per core; their notes give A's and B's mean and longest seconds per
decision (a clear choice comes before the limit). The `_medium_easy` runs need no limit:
easy and medium have none, they play with fixed sample counts. The other runs use iteration
budgets. Neither kind depends on the machine's load.

**Le Truc's tiers changed when the solved player came in.** The `truc_` runs above
`truc_solved_` were played before: their `expert` was the search with inference that is
now `hard` (at its former 2 s a decision: `--a hard --a-time-limit 2`), and their `hard`
was the plain search (`truf_tui.ai.truc_ai.SearchBot`, no longer a tier). The
`truc_solved_` runs are the solved player alone (then the `expert`, now the player
`solved`). The `truc_expert_*_exploit`, `*_series50` and `truc_expert_hard_it20000` runs
are today's `expert`: the solved strategy with safe exploitation of a measured opponent
(docs/solver.md).

The bluffs in the Truc notes were counted when each journal was written, with the
arena's measure of the time: a Monte Carlo strength below 0.4 first, then the exact round
equity below 0.35, and since the `truc_expert_*_exploit` runs the solved strategy's
definition (`truf_tui.ai.solved_view.is_bluff_at`: called, the hand wins under half the
time against the hands the solved opponent accepts with). A run continued from an older
journal mixes them.
"""

PAIRS = """\
Games 2k and 2k + 1 are the same deal with the seats swapped, so the luck of the deal
partly cancels within a pair: *95% over deal pairs* is the interval of A's score from the
pairs' scores (normal approximation); the Wilson interval treats the games as independent,
so it is the wider.
"""


def header_of(path: Path) -> dict[str, object]:
    with path.open(encoding="utf-8") as f:
        head = json.loads(f.readline())
    assert isinstance(head, dict)
    return head


def seconds(sides: list[Side]) -> str:
    decisions = sum(s.decisions for s in sides)
    mean = sum(s.seconds for s in sides) / max(decisions, 1)
    return f"{mean:.2f} s / {max((s.max_seconds for s in sides), default=0.0):.2f} s"


def betting(sides: list[Side]) -> str:
    return (f"raises {sum(s.raises for s in sides)} (bluffs {sum(s.bluffs for s in sides)}), "
            f"calls {sum(s.calls for s in sides)}")


def row(name: str, options: str, note: str) -> str | None:
    path = HERE / f"{name}.jsonl"
    if not path.exists():
        return None
    games = read_journal(str(path), header_of(path))
    if not games:
        return None
    n = len(games)
    wins = sum(1 for r, _, _ in games.values() if r > 0)
    draws = sum(1 for r, _, _ in games.values() if r == 0)
    lo, hi = wilson(wins + draws / 2, n)
    planned = int(options.split("--games ")[1].split()[0])
    side_a = [a for _, a, _ in games.values()]
    side_b = [b for _, _, b in games.values()]
    illegal = sum(s.illegal for s in side_a + side_b)
    parts = [note] if note else []
    if "-iterations" not in options:  # at the default time limits
        parts.append(f"seconds per decision (mean / longest): A {seconds(side_a)}, "
                     f"B {seconds(side_b)}")
    if name.startswith("truc"):
        parts.append(f"A {betting(side_a)}; B {betting(side_b)}")
    pi = pair_interval(deal_pairs({i: r for i, (r, _, _) in games.items()}))
    pairs = f"[{pi[0]:.3f}, {pi[1]:.3f}]" if pi else "–"
    return (f"| `{name}` | {n}/{planned} | {wins}/{draws}/{n - wins - draws} | "
            f"{(wins + draws / 2) / n:.3f} | [{lo:.3f}, {hi:.3f}] | {pairs} | {illegal} | "
            f"{'; '.join(parts)} |")


def page() -> str:
    lines = [INTRO]
    lines += [f"- `{name}`: `{options}`" for name, (options, _) in RUNS.items()
              if (HERE / f"{name}.jsonl").exists()]
    lines += ["", PAIRS,
              "| run | games played / planned | A wins/draws/losses | A's score | 95% Wilson "
              "| 95% over deal pairs | illegal | notes, Truc betting |",
              "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    lines += [r for name, (options, note) in RUNS.items()
              if (r := row(name, options, note)) is not None]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    (HERE / "README.md").write_text(page(), encoding="utf-8")
