"""Hands as rank multisets, and the card-removal weights between two hands.

Suits never matter in Le Truc (T1), so a hand is a multiset of 3 of the 8 ranks (120 of
them), ranks numbered 0 (the 9) to 7 (the 7) by strength.  A player who has played the
multiset ``M`` (k cards) holds ``M`` plus one of the ``REST[k]`` multisets of 3 - k ranks:
vectors over a player's possible hands are indexed that way, so their width depends only on
how many cards he has played (120, 36, 8, 1).

``pair_weight(h, g)`` is the probability that the deal gives ``h`` to one player and ``g`` to
the other: the number of card-level deals, prod over ranks of C(4, a) * C(4 - a, b), over
C(32, 3) * C(29, 3) (exact card removal).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import comb

import numpy as np
import numpy.typing as npt

from truf_tui.cards import TRUC_RANKS

RANKS = len(TRUC_RANKS)  # 8, low to high (T1)
COPIES = 4  # suits

Multiset = tuple[int, ...]

#: every multiset of 0 to 3 ranks, sorted by size then lexicographically
MULTISETS: tuple[Multiset, ...] = tuple(
    m for k in range(4) for m in combinations_with_replacement(range(RANKS), k))
MS_INDEX: dict[Multiset, int] = {m: i for i, m in enumerate(MULTISETS)}
HANDS: tuple[Multiset, ...] = tuple(m for m in MULTISETS if len(m) == 3)
HAND_INDEX: dict[Multiset, int] = {h: i for i, h in enumerate(HANDS)}
#: REST[k]: the multisets of 3 - k ranks a player who played k cards may still hold
REST: tuple[tuple[Multiset, ...], ...] = tuple(
    tuple(m for m in MULTISETS if len(m) == 3 - k) for k in range(4))
WIDTH = np.array([len(r) for r in REST], dtype=np.int64)  # 120, 36, 8, 1
REST_INDEX: tuple[dict[Multiset, int], ...] = tuple({m: i for i, m in enumerate(r)} for r in REST)


_ADDED: dict[tuple[Multiset, int], Multiset] = {
    (m, r): tuple(sorted(m + (r,))) for m in MULTISETS if len(m) < 3 for r in range(RANKS)}


def add(m: Multiset, r: int) -> Multiset:
    """``m`` with one more card of rank ``r`` (a table: the tree builder asks millions of
    times)."""
    got = _ADDED.get((m, r))
    return got if got is not None else tuple(sorted(m + (r,)))


def counts(m: Multiset) -> list[int]:
    c = [0] * RANKS
    for r in m:
        c[r] += 1
    return c


def pair_weight(h: Multiset, g: Multiset) -> float:
    """P(one player is dealt ``h`` and the other ``g``), suits ignored (T1, T2)."""
    w = 1
    for a, b in zip(counts(h), counts(g), strict=True):
        if a + b > COPIES:
            return 0.0
        w *= comb(COPIES, a) * comb(COPIES - a, b)
    return w / (comb(32, 3) * comb(29, 3))


def _tables() -> dict[str, npt.NDArray[np.int64] | npt.NDArray[np.float64]]:
    n_ms = len(MULTISETS)
    size = np.array([len(m) for m in MULTISETS], dtype=np.int64)
    # glob[M, j]: the hand (index in HANDS) of a player who played M and holds REST[k][j]
    glob = np.full((n_ms, 120), -1, dtype=np.int64)
    for i, m in enumerate(MULTISETS):
        for j, rest in enumerate(REST[len(m)]):
            glob[i, j] = HAND_INDEX[tuple(sorted(m + rest))]
    # plus[M, r]: the multiset M + r (-1 if M has 3 ranks already)
    plus = np.full((n_ms, RANKS), -1, dtype=np.int64)
    for i, m in enumerate(MULTISETS):
        if len(m) < 3:
            for r in range(RANKS):
                plus[i, r] = MS_INDEX[add(m, r)]
    # holds[k, j, r]: REST[k][j] contains rank r (the card may be played)
    holds = np.zeros((4, 120, RANKS), dtype=np.int64)
    # lift[k, r, j']: the index in REST[k] of REST[k + 1][j'] + r (after playing r)
    lift = np.full((3, RANKS, 36), -1, dtype=np.int64)
    for k in range(4):
        for j, rest in enumerate(REST[k]):
            for r in set(rest):
                holds[k, j, r] = 1
    for k in range(3):
        for r in range(RANKS):
            for j2, rest in enumerate(REST[k + 1]):
                lift[k, r, j2] = REST_INDEX[k][add(rest, r)]
    weight = np.array([[pair_weight(h, g) for g in HANDS] for h in HANDS], dtype=np.float64)
    return {"size": size, "glob": glob, "plus": plus, "holds": holds, "lift": lift,
            "weight": weight}


TABLES = _tables()
SIZE: npt.NDArray[np.int64] = TABLES["size"]  # type: ignore[assignment]
GLOB: npt.NDArray[np.int64] = TABLES["glob"]  # type: ignore[assignment]
PLUS: npt.NDArray[np.int64] = TABLES["plus"]  # type: ignore[assignment]
HOLDS: npt.NDArray[np.int64] = TABLES["holds"]  # type: ignore[assignment]
LIFT: npt.NDArray[np.int64] = TABLES["lift"]  # type: ignore[assignment]
WEIGHT: npt.NDArray[np.float64] = TABLES["weight"]  # type: ignore[assignment]


def minus(hand: tuple[int, ...], played: list[int]) -> tuple[int, ...] | None:
    """The hand without the played ranks (None if it does not hold them all)."""
    rest = list(hand)
    for r in played:
        if r not in rest:
            return None
        rest.remove(r)
    return tuple(rest)
