"""Reading a Le Truc round against the solved strategy: the public states it went
through (the engine's rules, through the solver's public tree) and, at each, the solved
player's distribution over the moves for every hand it may hold.

The expert's measurement of its opponent (:mod:`truf_tui.ai.exploit`) and the coach's
definitions of a bluff and a wrong call (:mod:`truf_tui.ai.solved_view`) both read rounds
this way.  Hands are rank multisets (suits never matter, T1): ``HANDS`` of
:mod:`truf_tui.strategy.hands`, weighted by card removal (T2).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

import numpy as np

from truf_tui.strategy.hands import HANDS, REST_INDEX, minus
from truf_tui.strategy.shipped import nearest, tables, word
from truf_tui.strategy.tree import (
    NONE,
    Outcome,
    State,
    root_state,
    successors,
)
from truf_tui.strategy.trufbp import BlueprintError, SolvedTable

EDGE = 0.01  # probabilities are kept off 0 and 1: a file's rounding is not a certainty
FOLD = -2  # a fold (T9), which the solver's tree leaves out


def walk(words: list[str], redeal: bool, target: int, scores: tuple[int, int],
          folds: bool = False) -> Iterator[tuple[State, tuple[int, int]]]:
    """Each public state of a round and the move made there, while the words are moves of
    the round (the engine's rules, through the solver's public tree); a fold ends it."""
    s = root_state(redeal)
    for text in words:
        if text == "fold":
            if folds:
                yield s, (FOLD, NONE)
            return
        w = word(text)
        nxt = next((n for k, q, n in successors(s, target, scores) if (k, q) == w), None)
        if nxt is None:
            return
        yield s, w
        if isinstance(nxt, Outcome):
            return
        s = nxt


def mass(rows: np.ndarray, weights: np.ndarray, moves: list[tuple[int, int]],
          kinds: set[int]) -> float | None:
    """The solved player's probability of a move of ``kinds`` over the range ``weights``
    (``rows``: [hand][move], zero for hands it cannot hold)."""
    reach = rows.sum(axis=1) > 0
    total = float(weights[reach].sum())
    if total <= 0:
        return None
    cols = [j for j, (k, _) in enumerate(moves) if k in kinds]
    return float((weights[:, None] * rows[:, cols]).sum()) / total


def hand_rows(tab: SolvedTable, redeal: bool, done: list[tuple[int, int]], s: State,
                   weights: np.ndarray) -> tuple[list[tuple[int, int]], np.ndarray] | None:
    """The file's moves at ``s`` and the solved player's distribution over them for every
    full hand ([hand][move]; zero rows for hands it cannot hold).  A hand the solved
    player never brings here (its file holds nothing for it) gets the node's average over
    the range ``weights``: a player who is not the solved one gets there with hands the
    solved one would not, and those are the decisions that tell most; where it would
    hold no such hand at all, every move is equally likely.  (Under the solved strategy
    those spots are never reached, so what they add cannot mislead: Ville's bound holds.)"""
    try:
        fs, at = tab.locate(redeal, done)
    except KeyError:
        return None
    block = tab.block(fs, at)
    moves = [(k, q) for k, q, _ in tab.successors(fs)]
    cols = columns(s[9] if s[0] == 0 else s[10])
    sub = block[:, np.maximum(cols, 0)].T  # [hand][move]
    sub[cols < 0] = 0.0
    total = sub.sum(axis=1, keepdims=True)
    rows = np.divide(sub, total, out=np.zeros_like(sub), where=total > 0)
    held = total[:, 0] > 0
    w = weights * held
    if w.sum() > 0:
        average = (rows * w[:, None]).sum(axis=0) / w.sum()
    else:  # no hand it may hold: the solved player never gets here; no preference then
        average = np.full(len(moves), 1.0 / len(moves))
    rows[(~held) & (cols >= 0)] = average
    return moves, rows


@lru_cache(maxsize=256)
def columns(played: tuple[int, ...]) -> np.ndarray:
    """For each full hand, its column at a node where these ranks are played (-1: it
    cannot be the hand)."""
    out = np.full(len(HANDS), -1, dtype=np.int64)
    for h, hand in enumerate(HANDS):
        rest = minus(hand, list(played))
        if rest is not None:
            out[h] = REST_INDEX[len(played)][rest]
    return out


def solved_file(target: int, scores: tuple[int, int]) -> SolvedTable | None:
    try:
        return nearest(tables(), target, scores)
    except BlueprintError:
        return None


