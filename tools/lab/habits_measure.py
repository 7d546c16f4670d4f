"""Measure the match tables the expert's response uses against each threshold player.

For each player of the grid (``threshold.GRID``) the round outcomes of the response
against it, counted in matches where the expert is told the player from the first card
(``tools.lab.expert_told``), by who deals; written to ``truf_tui/ai/data/truc_habits.json``
(:mod:`truf_tui.ai.habits` reads them).  The response's own outcomes depend on the table
it uses, so the command can iterate the two (``--steps``: the first step values rounds by
the self-play table, each next one by the table from the last step's counts).

    python -m tools.lab.habits_measure --models always,always --matches 200 --steps 2

The file's ``commands`` record the command that measured each player's counts.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from tools.lab.expert_told import told
from truf_tui.ai.expert import ExpertTrucBot
from truf_tui.ai.habits import DATA, key, match_win_counted, table
from truf_tui.ai.scripted import ThresholdTruc
from truf_tui.engine import truc
from truf_tui.strategy.matchtable import match_win
from truf_tui.strategy.threshold import ALWAYS, GRID, NEVER

COMMAND = "python -m tools.lab.habits_measure"


def _outcomes(job: tuple[tuple[float, float], dict[str, dict[str, int]], int, int]
              ) -> Counter[str]:
    """The round outcomes of one match of the expert, told the threshold player ``model``
    from the first card, against that player (``scripted.ThresholdTruc``), its response
    valuing rounds by ``model``'s table from ``counts`` (the self-play one without)."""
    model, counts, seed, index = job
    name = key(model)  # this step's table (none at the first: the self-play one)
    match = match_win_counted(counts[name]) if name in counts else match_win
    rng = random.Random(seed)
    target = 12
    s = truc.new_game(truc.Rules(target=target), seed=rng.getrandbits(32), dealer=index % 2)
    expert = ExpertTrucBot(seed=rng.getrandbits(32), respond=told(model, match=match))
    other = ThresholdTruc(*model, seed=rng.getrandbits(32))
    seat = index // 2 % 2
    out: Counter[str] = Counter()
    start, before, deal = None, None, 0
    while True:
        over = s.is_terminal()
        o = s.observation(seat)
        if over or o["round_start"] != start:
            if before is not None:
                mine = o["scores"][seat] - before[seat]
                his = o["scores"][1 - seat] - before[1 - seat]
                if mine > 0:
                    won = "game" if mine >= target - before[seat] and mine > 1 else str(mine)
                    out[f"{deal}:me:{won}"] += 1
                elif his > 0:
                    won = "game" if his >= target - before[1 - seat] and his > 1 else str(his)
                    out[f"{deal}:opp:{won}"] += 1
                else:
                    out[f"{deal}:none:0"] += 1
            if over:
                return out
            start, before = o["round_start"], list(o["scores"])
            deal = int(o["dealer"] == seat)
        p = s.current_player
        assert p is not None
        s = s.apply((expert if p == seat else other).choose(s.observation(p)))


def measure(matches: int, steps: int, seed: int = 5, jobs: int = 1,
            models: Sequence[tuple[float, float]] = GRID) -> dict[str, dict[str, int]]:
    """The round outcomes against each player of ``models``, after ``steps`` rounds of
    "count the outcomes with the table, make the table from the counts" (the first step
    valued by the self-play table)."""
    import multiprocessing

    counts: dict[str, dict[str, int]] = {}
    for _ in range(steps):
        new: dict[str, dict[str, int]] = {}
        for model in models:
            rng = random.Random(seed)
            work = [(model, counts, rng.getrandbits(32), i) for i in range(matches)]
            total: Counter[str] = Counter()
            if jobs > 1:
                with multiprocessing.get_context("fork").Pool(jobs) as pool:
                    for got in pool.imap_unordered(_outcomes, work, chunksize=4):
                        total.update(got)
            else:
                for w in work:
                    total.update(_outcomes(w))
            new[key(model)] = dict(sorted(total.items()))
        counts = new
    return counts


def _words(model: tuple[float, float]) -> str:
    """The player as the command line names it: ``0.75,always`` (-1 always, 2 never)."""
    return ",".join({ALWAYS: "always", NEVER: "never"}.get(x, f"{x:g}") for x in model)


def _model(text: str) -> tuple[float, float]:
    words = {"always": ALWAYS, "never": NEVER}
    try:
        got = tuple(words[x] if x in words else float(x) for x in text.split(","))
    except ValueError:
        got = ()
    if len(got) != 2 or got not in GRID:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a player of the grid: raise_at,accept_at, each always, never "
            f"or one of the grid's thresholds ({', '.join(_words(m) for m in GRID[7:9])} ...)")
    return (got[0], got[1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=150)
    ap.add_argument("--steps", type=int, default=1)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--models", type=_model, nargs="*", default=None,
                    help="the grid's players to measure (raise_at,accept_at: 0.75,0.5 or "
                         "never,always); all without")
    ap.add_argument("--out", type=Path, default=DATA)
    args = ap.parse_args(argv)
    models = args.models or list(GRID)
    try:  # measured again, the players named; the others kept
        doc = json.loads(args.out.read_text())
    except (OSError, ValueError):
        doc = {}
    doc.setdefault("counts", {})
    doc.setdefault("commands", {})
    doc.pop("command", None)
    for model in models:  # one at a time: what is measured is kept if the run stops
        counts = measure(args.matches, args.steps, args.seed, args.jobs, [model])
        name = key(model)
        doc["counts"][name] = counts[name]
        doc["commands"][name] = (f"{COMMAND} --models {_words(model)} --matches "
                                 f"{args.matches} --steps {args.steps} --seed {args.seed}")
        doc["counts"] = dict(sorted(doc["counts"].items()))
        doc["commands"] = dict(sorted(doc["commands"].items()))
        args.out.write_text(json.dumps(doc, indent=1) + "\n")
        t = table(counts[name], 12)
        print(f"{name}: {sum(counts[name].values())} rounds; P(win from 0-0) "
              f"{t[(0, 0, 0)]:.3f} (not dealing), {t[(0, 0, 1)]:.3f} (dealing)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
