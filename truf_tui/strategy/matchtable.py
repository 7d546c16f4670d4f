"""The probability of winning a Truc match from a score, by dynamic programming.

The search players of Le Truc value a round by how it changes the probability of winning
the **match** (a point matters more at 10-11 than at 0-0, a 4-point stake can be worth
refusing at one score and accepting at another).  That probability comes from a simple
model: rounds are independent, and a round's result follows one distribution of outcomes
relative to the dealer, ``(who wins, points)`` with ``who`` the non-dealer ``nd``, the
dealer ``d`` or nobody, and ``points`` an integer or ``game`` (an accepted rest).

The distribution is measured, not guessed: ``python -m truf_tui.ai.matchtable`` plays whole
matches between two ``medium`` players and counts the round outcomes into
``truf_tui/strategy/data/truc_rounds.json``; the table itself is computed from those counts at
first use (for any target, by DP over the scores, in a few milliseconds).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).parent / "data" / "truc_rounds.json"
#: P(``player`` wins the match) at ``points``, ``dealer`` dealing the next round, to ``target``
MatchWin = Callable[[tuple[int, int] | list[int], int, int, int], float]

# Used only if the data file is missing: a rough prior, replaced by the measured counts.
_FALLBACK = {"nd:1": 40, "d:1": 38, "nd:2": 8, "d:2": 8, "nd:4": 2, "d:4": 2, "none": 2}


@lru_cache(maxsize=1)
def outcome_distribution() -> tuple[tuple[str, str, float], ...]:
    """((who, points, probability), ...) with who in nd / d / none, from the data file."""
    try:
        counts: dict[str, int] = json.loads(DATA.read_text())["counts"]
    except (OSError, ValueError, KeyError):
        counts = _FALLBACK
    total = sum(counts.values())
    out = []
    for k, n in sorted(counts.items()):
        who, _, pts = k.partition(":")
        out.append((who, pts, n / total))
    return tuple(out)


@lru_cache(maxsize=16)
def table(target: int) -> tuple[tuple[tuple[float, float], ...], ...]:
    """``table(t)[a][b][d]``: P(win the match) for a player with ``a`` points against ``b``,
    ``d`` = 1 if he deals the next round (0 if his opponent does), both below the target."""
    dist = outcome_distribution()
    q = sum(p for who, _, p in dist if who == "none")
    P = [[[0.0, 0.0] for _ in range(target)] for _ in range(target)]

    def val(a: int, b: int, d: int) -> float:
        if a >= target:
            return 1.0
        if b >= target:
            return 0.0
        return P[a][b][d]

    for total in range(2 * target - 2, -1, -1):
        for a in range(max(0, total - target + 1), min(target - 1, total) + 1):
            b = total - a
            c = [0.0, 0.0]
            for d in (0, 1):
                # d = 1: I deal this round, so I am "d"; the next round's dealer is the other.
                for who, pts, p in dist:
                    if who == "none":
                        continue
                    mine = (who == "d") == (d == 1)
                    gain = target if pts == "game" else int(pts)
                    if mine:
                        c[d] += p * val(a + gain, b, 1 - d)
                    else:
                        c[d] += p * val(a, b + gain, 1 - d)
            # with probability q nobody scores and the deal passes: P_d = c_d + q P_(1-d)
            p0 = (c[0] + q * c[1]) / (1.0 - q * q)
            p1 = c[1] + q * p0
            P[a][b][0], P[a][b][1] = p0, p1
    return tuple(tuple((x[0], x[1]) for x in row) for row in P)


def chance(points: tuple[int, int] | list[int], player: int, dealer: int, target: int,
           lookup: Callable[[int, int, int], float]) -> float:
    """P(``player`` wins the match) at ``points``, ``dealer`` dealing the next round: 1, ½
    or 0 once one has reached the target (T10), else ``lookup(mine, his, I deal)``."""
    a, b = points[player], points[1 - player]
    if a >= target:
        return 1.0 if b < a or b < target else 0.5
    if b >= target:
        return 0.0
    return lookup(a, b, 1 if dealer == player else 0)


def match_win(points: tuple[int, int] | list[int], player: int, dealer: int,
              target: int) -> float:
    """P(``player`` wins the match) at ``points``, ``dealer`` dealing the next round."""
    return chance(points, player, dealer, target, lookup(target))


def lookup(target: int) -> Callable[[int, int, int], float]:
    """The self-play table as ``chance`` reads it: (my points, theirs, 1 if I deal)."""
    got = table(target)
    return lambda a, b, d: got[a][b][d]
