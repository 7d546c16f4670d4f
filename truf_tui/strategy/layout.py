"""The one strategy type of a round: both seats' probabilities on its public tree
(:class:`TreeStrategy`), and where each (node, hand) and (edge, hand) sits in a flat vector
(:func:`layout`).  What it is and how the other forms become one: :mod:`truf_tui.strategy`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from truf_tui.strategy.hands import SIZE, WIDTH
from truf_tui.strategy.tree import Tree

Probabilities = npt.NDArray[np.float64]


class Layout(NamedTuple):
    """Offsets into the flat vectors of one tree (hands of a node: ``REST[cards played]``,
    ``WIDTH`` of them)."""

    off0: npt.NDArray[np.int64]  # per node: where the non-dealer's hands start
    off1: npt.NDArray[np.int64]  # per node: where the dealer's hands start
    size0: int  # the non-dealer's (node, hand) pairs
    size1: int  # the dealer's
    edge_off: npt.NDArray[np.int64]  # per edge: where the mover's hands start
    edge_size: int  # (edge, hand of the mover) pairs: a strategy's length


def layout(tree: Tree) -> Layout:
    """Where each (node, hand) of either seat and each (edge, hand of the mover) sits."""
    w = WIDTH[SIZE[tree.played]]  # [node, seat]: the seat's possible hands there
    off0 = np.concatenate(([0], np.cumsum(w[:, 0])))[:-1].astype(np.int64)
    off1 = np.concatenate(([0], np.cumsum(w[:, 1])))[:-1].astype(np.int64)
    counts = np.diff(tree.edge_start)
    parent = np.repeat(np.arange(tree.nodes), counts)
    ew = w[parent, tree.player[parent]]
    edge_off = np.concatenate(([0], np.cumsum(ew)))[:-1].astype(np.int64)
    return Layout(off0, off1, int(w[:, 0].sum()), int(w[:, 1].sum()), edge_off,
                  int(ew.sum()))


@dataclass(frozen=True, eq=False)
class TreeStrategy:
    """Both seats' behaviour strategy on ``tree``: ``probs[edge_off[e] + j]`` is the
    probability that the mover at edge ``e``'s node, holding hand ``j`` of that node
    (``REST[cards he played]``), takes ``e``.  For each (node, hand) the node's edges sum
    to 1; a hand that cannot hold an edge's card has 0 there."""

    tree: Tree
    probs: Probabilities

    def __post_init__(self) -> None:
        want = layout(self.tree).edge_size
        if self.probs.shape != (want,):
            raise ValueError(f"a strategy on this tree holds {want} probabilities, "
                             f"not {self.probs.shape}")
