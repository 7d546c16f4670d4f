"""What the rest of a match is worth against a fixed habit, for the expert's response.

The expert's best response to a threshold player (:func:`truf_tui.ai.threshold.best_move`)
values a round's ends by the chance of winning the match from the score they lead to.  By
default that chance comes from the solved player's rounds against itself
(:mod:`truf_tui.ai.matchtable`).  Against a player with a fixed habit (always accepting,
always raising: ``threshold.fixed_habit``) that is far too gloomy: the expert will win most
later rounds too, so a rest (T8) that wins the round three times in four risks a match it
would all but surely win by playing on.

So for each such habit this module keeps the round outcomes of the response against it
(counted in matches where the expert is told the habit from the first card, by who deals:
who won, how many points, or the match by an accepted rest), and a match table from them
by the same dynamic programming as ``matchtable`` (T2: the deal alternates, T10: first to
the target).  ``python -m truf_tui.ai.habits`` measures them again; the response's own
outcomes depend on the table it uses, so the command iterates the two (``--steps``).

Measured (docs/solver.md, "A fixed habit's own match table"): told after one round,
against ``calling_station``, 0.838 of single matches with the self-play table, 0.923 with
this one.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from truf_tui.ai.matchtable import chance

DATA = Path(__file__).parent / "data" / "truc_habits.json"
HABITS = {"calling_station": (2.0, -1.0), "always_raise": (-1.0, -1.0)}  # name: thresholds

MatchWin = Callable[[tuple[int, int] | list[int], int, int, int], float]


def key(model: tuple[float, float]) -> str:
    return f"{model[0]:g},{model[1]:g}"


_MEASURING: list[dict[str, dict[str, int]]] = []  # a measuring step's counts, not the file's


@lru_cache(maxsize=1)
def _shipped() -> dict[str, dict[str, int]]:
    try:
        got: dict[str, dict[str, int]] = json.loads(DATA.read_text())["counts"]
        return got
    except (OSError, ValueError, KeyError):
        return {}


def _counts() -> dict[str, dict[str, int]]:
    return _MEASURING[-1] if _MEASURING else _shipped()


def table(counts: Mapping[str, int], target: int) -> dict[tuple[int, int, int], float]:
    """``{(mine, his, I deal): P(I win the match)}`` for rounds whose outcomes follow
    ``counts`` (``"D:who:points"``: D = 1 if I deal, who ``me``/``opp``/``none``, points a
    number or ``game``), both scores below ``target``."""
    seen: dict[int, list[tuple[str, str, float]]] = {0: [], 1: []}
    for k, n in counts.items():
        deals, who, pts = k.split(":")
        seen[int(deals)].append((who, pts, float(n)))
    dist = {d: [(w, p, n / (sum(m for _, _, m in rows) or 1.0)) for w, p, n in rows]
            for d, rows in seen.items()}
    out: dict[tuple[int, int, int], float] = {}

    def val(a: int, b: int, d: int) -> float:
        if a >= target:
            return 1.0
        if b >= target:
            return 0.0
        return out[(a, b, d)]

    for total in range(2 * target - 2, -1, -1):
        for a in range(max(0, total - target + 1), min(target - 1, total) + 1):
            b = total - a
            won, none = [0.0, 0.0], [0.0, 0.0]
            for d in (0, 1):
                for who, pts, p in dist[d]:
                    gain = target if pts == "game" else int(pts)
                    if who == "none":  # T6: nobody scores, the deal passes
                        none[d] += p
                    elif who == "me":
                        won[d] += p * val(a + gain, b, 1 - d)
                    else:
                        won[d] += p * val(a, b + gain, 1 - d)
            # P_d = won_d + none_d P_(1-d)
            p0 = (won[0] + none[0] * won[1]) / (1.0 - none[0] * none[1])
            out[(a, b, 0)], out[(a, b, 1)] = p0, won[1] + none[1] * p0
    return out


_TABLES: dict[tuple[str, int], dict[tuple[int, int, int], float]] = {}  # of _counts()


def _table(name: str, target: int) -> dict[tuple[int, int, int], float]:
    if (name, target) not in _TABLES:
        _TABLES[(name, target)] = table(_counts()[name], target)
    return _TABLES[(name, target)]


def match_win_against(model: tuple[float, float]) -> MatchWin | None:
    """``matchtable.match_win``'s like for the response against the habit ``model``; None
    if none is measured for it."""
    name = key(model)
    if name not in _counts():
        return None
    tables: dict[int, dict[tuple[int, int, int], float]] = {}  # looked up once a decision

    def lookup(target: int) -> Callable[[int, int, int], float]:
        if target not in tables:
            tables[target] = _table(name, target)
        got = tables[target]
        return lambda a, b, d: got[(a, b, d)]

    def match_win(points: tuple[int, int] | list[int], player: int, dealer: int,
                  target: int) -> float:
        return chance(points, player, dealer, target, lookup(target))

    return match_win


# -- measuring ---------------------------------------------------------------------------------

def _outcomes(job: tuple[str, dict[str, dict[str, int]], int, int]) -> Counter[str]:
    """The round outcomes of one match of the expert, told the habit from the first card,
    against the scripted player ``name`` (its response valuing rounds by ``counts``)."""
    from truf_tui.ai import make_bot
    from truf_tui.ai.exploit import ExpertTrucBot, OpponentModel
    from truf_tui.engine import truc

    name, counts, seed, index = job
    model = HABITS[name]
    _MEASURING[:] = [counts]  # this step's tables (none at the first: the self-play one)
    _TABLES.clear()

    class Told(OpponentModel):
        def threshold_move(self, o: Any, until: float, answers: Any = None
                           ) -> tuple[int, int] | None:
            return self.respond_to(model, o, until)

    rng = random.Random(seed)
    target = 12
    s = truc.new_game(truc.Rules(target=target), seed=rng.getrandbits(32), dealer=index % 2)
    expert = ExpertTrucBot(seed=rng.getrandbits(32))
    expert.model = Told()
    other = make_bot("truc", name, seed=rng.getrandbits(32))
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
            names: tuple[str, ...] = tuple(HABITS)) -> dict[str, dict[str, int]]:
    """The round outcomes against each habit, after ``steps`` rounds of "count the
    outcomes with the table, make the table from the counts" (the first step valued by an
    empty table: the self-play one)."""
    import multiprocessing

    counts: dict[str, dict[str, int]] = {}
    try:
        for _ in range(steps):
            new: dict[str, dict[str, int]] = {}
            for name in names:
                rng = random.Random(seed)
                work = [(name, counts, rng.getrandbits(32), i) for i in range(matches)]
                total: Counter[str] = Counter()
                if jobs > 1:
                    with multiprocessing.get_context("fork").Pool(jobs) as pool:
                        for got in pool.imap_unordered(_outcomes, work, chunksize=4):
                            total.update(got)
                else:
                    for w in work:
                        total.update(_outcomes(w))
                new[key(HABITS[name])] = dict(sorted(total.items()))
            counts = new
    finally:
        _MEASURING.clear()  # this process plays with the shipped counts again
        _TABLES.clear()
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=200)
    ap.add_argument("--steps", type=int, default=2)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path, default=DATA)
    args = ap.parse_args(argv)
    counts = measure(args.matches, args.steps, args.seed, args.jobs)
    args.out.write_text(json.dumps({
        "command": f"python -m truf_tui.ai.habits --matches {args.matches} "
                   f"--steps {args.steps} --seed {args.seed}",
        "counts": counts}, indent=1) + "\n")
    for name, c in counts.items():
        t = table(c, 12)
        print(f"{name}: {sum(c.values())} rounds; P(win from 0-0) {t[(0, 0, 0)]:.3f} "
              f"(not dealing), {t[(0, 0, 1)]:.3f} (dealing)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
