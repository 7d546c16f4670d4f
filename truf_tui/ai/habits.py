"""What the rest of a match is worth against a threshold player, for the expert's response.

The expert's best response to a threshold player (:func:`truf_tui.strategy.threshold.best_move`)
values a round's ends by the chance of winning the match from the score they lead to.  By
default that chance comes from the solved player's rounds against itself
(:mod:`truf_tui.strategy.matchtable`).  Against a threshold player that is far too gloomy: the
expert will win most later rounds too, so a rest (T8) that wins the round three times in
four risks a match it would all but surely win by playing on.

So for each player of the grid (``threshold.GRID``) this module keeps the round outcomes of
the response against it (counted in matches where the expert is told the player from the
first card, by who deals: who won, how many points, or the match by an accepted rest), and
a match table from them by the same dynamic programming as ``matchtable`` (T2: the deal
alternates, T10: first to the target).  Against a fixed habit the response uses that
player's table; against any other, the tables mixed by the evidence's posterior over the
grid (:func:`match_win_mixed`).  ``python -m truf_tui.ai.habits`` measures them again; the
response's own outcomes depend on the table it uses, so the command can iterate the two
(``--steps``).

Measured (docs/solver.md, "Every threshold player's own table"): told after one round,
against ``calling_station``, 0.838 of single matches with the self-play table, 0.923 with
its own; reading ``honest`` by itself, the expert won 0.848 and 0.807 of single matches at
two seeds with the self-play table, 0.877 and 0.858 with the grid's tables mixed.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path

from truf_tui.strategy import matchtable
from truf_tui.strategy.matchtable import MatchWin, chance
from truf_tui.strategy.threshold import ALWAYS, GRID, NEVER

DATA = Path(__file__).parent / "data" / "truc_habits.json"
MIXED = 1e-3  # a player of the grid weighing less than this adds nothing to the mixture
# The self-play table's share in every measured one.  Against a player the response beats
# in every round it met (never accepting: rock), the measured table is 1 at every score,
# and a response valuing every end alike plays anything: it lost 23 of 400 single matches
# to rock that way, where the self-play table had lost none (docs/solver.md).
DOUBT = 0.05


def key(model: tuple[float, float]) -> str:
    return f"{model[0]:g},{model[1]:g}"


_MEASURING: list[dict[str, dict[str, int]]] = []  # a measuring step's counts, not the file's


@lru_cache(maxsize=1)
def _shipped() -> dict[str, dict[str, int]]:
    try:
        got: dict[str, dict[str, int]] = json.loads(DATA.read_text())["counts"]
        return got
    except (OSError, ValueError, KeyError):
        return {}  # then the self-play table values every end


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


def _lookup(name: str, target: int) -> Callable[[int, int, int], float]:
    """``name``'s table with DOUBT of the self-play one."""
    got, base = _table(name, target), matchtable.table(target)
    return lambda a, b, d: (1.0 - DOUBT) * got[(a, b, d)] + DOUBT * base[a][b][d]


def match_win_against(model: tuple[float, float]) -> MatchWin | None:
    """``matchtable.match_win``'s like for the response against ``model``; None if none is
    measured for it."""
    name = key(model)
    if name not in _counts():
        return None
    lookups: dict[int, Callable[[int, int, int], float]] = {}  # looked up once a decision

    def match_win(points: tuple[int, int] | list[int], player: int, dealer: int,
                  target: int) -> float:
        if target not in lookups:
            lookups[target] = _lookup(name, target)
        return chance(points, player, dealer, target, lookups[target])

    return match_win


def match_win_mixed(weights: Sequence[float]) -> MatchWin:
    """The match tables of the grid's players (``threshold.GRID``, in order) mixed by
    ``weights`` (the evidence's posterior): what the rest of the match is worth against
    the opponent, as far as the evidence knows it.  A player with no table measured counts
    with the self-play one."""
    total = float(sum(weights))
    mix = [(key(m), w / total) for m, w in zip(GRID, weights, strict=True)
           if total > 0 and w / total >= MIXED]
    norm = sum(w for _, w in mix) or 1.0
    measured = _counts()
    lookups: dict[int, Callable[[int, int, int], float]] = {}

    def lookup(target: int) -> Callable[[int, int, int], float]:
        parts = [(_lookup(name, target) if name in measured else matchtable.lookup(target),
                  w / norm) for name, w in mix]
        return lambda a, b, d: sum(w * f(a, b, d) for f, w in parts)

    def match_win_of(points: tuple[int, int] | list[int], player: int, dealer: int,
                     target: int) -> float:
        if target not in lookups:
            lookups[target] = lookup(target)
        return chance(points, player, dealer, target, lookups[target])

    return match_win_of


# -- measuring ---------------------------------------------------------------------------------

def _outcomes(job: tuple[tuple[float, float], dict[str, dict[str, int]], int, int]
              ) -> Counter[str]:
    """The round outcomes of one match of the expert, told the threshold player ``model``
    from the first card, against that player (``scripted.ThresholdTruc``), its response
    valuing rounds by ``model``'s table from ``counts`` (the self-play one without)."""
    from truf_tui.ai.exploit import ExpertTrucBot, Told
    from truf_tui.ai.scripted import ThresholdTruc
    from truf_tui.engine import truc

    model, counts, seed, index = job
    _MEASURING[:] = [counts]  # this step's tables (none at the first: the self-play one)
    _TABLES.clear()

    rng = random.Random(seed)
    target = 12
    s = truc.new_game(truc.Rules(target=target), seed=rng.getrandbits(32), dealer=index % 2)
    expert = ExpertTrucBot(seed=rng.getrandbits(32))
    expert.model = Told(model)
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
    try:
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
    finally:
        _MEASURING.clear()  # this process plays with the shipped counts again
        _TABLES.clear()
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
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
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
        doc["commands"][name] = (f"python -m truf_tui.ai.habits --models {_words(model)} --matches "
                                 f"{args.matches} --steps {args.steps} --seed {args.seed}")
        doc["counts"] = dict(sorted(doc["counts"].items()))
        doc["commands"] = dict(sorted(doc["commands"].items()))
        args.out.write_text(json.dumps(doc, indent=1) + "\n")
        t = table(counts[name], 12)
        print(f"{name}: {sum(counts[name].values())} rounds; P(win from 0-0) "
              f"{t[(0, 0, 0)]:.3f} (not dealing), {t[(0, 0, 1)]:.3f} (dealing)", flush=True)
    return 0


if __name__ == "__main__":
    # run as the package's module, not as __main__: the response reads the tables being
    # measured from truf_tui.ai.habits, which would otherwise be a second copy of this one
    from truf_tui.ai import habits

    raise SystemExit(habits.main())
