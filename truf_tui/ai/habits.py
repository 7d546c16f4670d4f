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
grid (:func:`match_win_mixed`).  ``python -m tools.lab.habits_measure`` (from a checkout)
measures them again; the response's own outcomes depend on the table it uses, so the
command can iterate the two (``--steps``).

Measured (docs/solver.md, "Every threshold player's own table"): told after one round,
against ``calling_station``, 0.838 of single matches with the self-play table, 0.923 with
its own; reading ``honest`` by itself, the expert won 0.848 and 0.807 of single matches at
two seeds with the self-play table, 0.877 and 0.858 with the grid's tables mixed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path

from truf_tui.strategy import matchtable
from truf_tui.strategy.matchtable import MatchWin, chance
from truf_tui.strategy.threshold import GRID

DATA = Path(__file__).parent / "data" / "truc_habits.json"
MIXED = 1e-3  # a player of the grid weighing less than this adds nothing to the mixture
# The self-play table's share in every measured one.  Against a player the response beats
# in every round it met (never accepting: rock), the measured table is 1 at every score,
# and a response valuing every end alike plays anything: it lost 23 of 400 single matches
# to rock that way, where the self-play table had lost none (docs/solver.md).
DOUBT = 0.05


def key(model: tuple[float, float]) -> str:
    return f"{model[0]:g},{model[1]:g}"


@lru_cache(maxsize=1)
def _shipped() -> dict[str, dict[str, int]]:
    try:
        got: dict[str, dict[str, int]] = json.loads(DATA.read_text())["counts"]
        return got
    except (OSError, ValueError, KeyError):
        return {}  # then the self-play table values every end


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


_TABLES: dict[tuple[str, int], dict[tuple[int, int, int], float]] = {}  # of the file's counts


def _table(name: str, target: int) -> dict[tuple[int, int, int], float]:
    if (name, target) not in _TABLES:
        _TABLES[(name, target)] = table(_shipped()[name], target)
    return _TABLES[(name, target)]


def _doubted(got: dict[tuple[int, int, int], float], target: int
             ) -> Callable[[int, int, int], float]:
    """A measured table with DOUBT of the self-play one."""
    base = matchtable.table(target)
    return lambda a, b, d: (1.0 - DOUBT) * got[(a, b, d)] + DOUBT * base[a][b][d]


def _lookup(name: str, target: int) -> Callable[[int, int, int], float]:
    """``name``'s table from the file, with DOUBT of the self-play one."""
    return _doubted(_table(name, target), target)


def _per_target(lookup: Callable[[int], Callable[[int, int, int], float]]) -> MatchWin:
    """``matchtable.match_win``'s like reading ``lookup(target)``, looked up once a target."""
    lookups: dict[int, Callable[[int, int, int], float]] = {}

    def match_win(points: tuple[int, int] | list[int], player: int, dealer: int,
                  target: int) -> float:
        if target not in lookups:
            lookups[target] = lookup(target)
        return chance(points, player, dealer, target, lookups[target])

    return match_win


def match_win_against(model: tuple[float, float]) -> MatchWin | None:
    """``matchtable.match_win``'s like for the response against ``model``; None if none is
    measured for it."""
    name = key(model)
    if name not in _shipped():
        return None
    return _per_target(lambda target: _lookup(name, target))


def match_win_counted(counts: Mapping[str, int]) -> MatchWin:
    """``match_win_against``'s like for round outcomes counted elsewhere (as
    ``tools/lab/habits_measure.py`` counts them, before they are written to the file)."""
    return _per_target(lambda target: _doubted(table(counts, target), target))


def match_win_mixed(weights: Sequence[float]) -> MatchWin:
    """The match tables of the grid's players (``threshold.GRID``, in order) mixed by
    ``weights`` (the evidence's posterior): what the rest of the match is worth against
    the opponent, as far as the evidence knows it.  A player with no table measured counts
    with the self-play one."""
    total = float(sum(weights))
    mix = [(key(m), w / total) for m, w in zip(GRID, weights, strict=True)
           if total > 0 and w / total >= MIXED]
    norm = sum(w for _, w in mix) or 1.0
    measured = _shipped()

    def lookup(target: int) -> Callable[[int, int, int], float]:
        parts = [(_lookup(name, target) if name in measured else matchtable.lookup(target),
                  w / norm) for name, w in mix]
        return lambda a, b, d: sum(w * f(a, b, d) for f, w in parts)

    return _per_target(lookup)
