"""``python -m truf_tui.solve openings``: work out the shipped opening values
(:mod:`truf_tui.strategy.openings`), a score at a time, resumable.

Each spot is valued as the app values any spot (``values.Spot.pass_worth``, the layered
pass), from an observation the engine deals: the observer holds the hand, the
non-dealer holds the card of his first move (the other cards are never seen by the
observer, so they do not matter).  A score's values go to ``--dir`` as soon as they are
done (``<non-dealer>-<dealer>.npy``); running again skips the scores already there, and
the table is written once every score is.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from truf_tui.cards import TRUC_32, TRUC_STRENGTH, Card
from truf_tui.engine import truc
from truf_tui.strategy import openings, valuepass
from truf_tui.strategy.hands import REST
from truf_tui.strategy.openings import FIRST, HANDS, SLOT_OF, SLOTS, SPOTS, TARGET, Table
from truf_tui.strategy.shipped import legal_move, nearest, tables
from truf_tui.strategy.tree import PLAY
from truf_tui.strategy.values import Spot

_BY_RANK: dict[int, list[Card]] = {}
for _c in TRUC_32:
    _BY_RANK.setdefault(TRUC_STRENGTH[_c], []).append(_c)


def _deal(mine: tuple[int, ...], first_rank: int | None, observer: int) -> list[str]:
    """A pack (top first, T2: the non-dealer's card first) in which seat ``observer`` (0:
    the non-dealer) holds the ranks ``mine`` and the non-dealer a card of ``first_rank``."""
    pool = {r: list(cs) for r, cs in _BY_RANK.items()}
    hand = [pool[r].pop() for r in mine]
    other = [pool[first_rank].pop()] if first_rank is not None and observer == 1 else []
    rest = [c for r in sorted(pool) for c in pool[r]]
    need = 3 - len(other)
    other, left = other + rest[:need], rest[need:]
    nd, d = (hand, other) if observer == 0 else (other, hand)
    return [str(c) for pair in zip(nd, d, strict=True) for c in pair] + [str(c) for c in left]


def observation(scores: tuple[int, int], spot: int, hand: tuple[int, ...]
                ) -> truc.Observation | None:
    """The observer's observation at opening ``spot`` of a round at ``scores`` (non-dealer,
    dealer), holding ``hand``; None where the score forbids the first move (T7, T8)."""
    first = None if spot == 0 else FIRST[spot - 1]
    observer = 0 if first is None else 1
    rank = first[1] if first is not None and first[0] == PLAY else None
    s = truc.new_game(deck=_deal(hand, rank, observer), dealer=1, scores=scores)
    if first is not None:
        a = legal_move(first, s.legal_actions())
        if a is None:
            return None
        s = s.apply(a)
        if s.to_move != 1 or s.round_start != 0:
            return None
    return s.observation(observer)


def score_values(scores: tuple[int, int], hands: Sequence[tuple[int, ...]] | None = None
                 ) -> Table:
    """[spot, hand, slot]: one score's opening values (NaN where none); ``hands``: only
    those (a small instance), the others NaN."""
    out = np.full((SPOTS, HANDS, len(SLOTS)), np.nan, dtype=np.float32)
    tab = nearest(tables(), TARGET, scores)
    for h in hands if hands is not None else REST[0]:
        j = REST[0].index(h)
        for spot in range(SPOTS):
            o = observation(scores, spot, h)
            if o is None:
                continue
            for m, v in Spot.of(o, tab).pass_worth().items():
                out[spot, j, SLOT_OF[m]] = v
    return out


def run(folder: Path, out: Path | None, scores: Sequence[tuple[int, int]] | None = None,
        hands: Sequence[tuple[int, ...]] | None = None, jobs: int = 1,
        quiet: bool = False) -> int:
    """Work out every score's values not in ``folder`` yet (``jobs`` processes), then
    write the table to ``out`` once all are there (a small instance: ``scores`` and
    ``hands`` given, ``out`` None). Returns the scores still missing."""
    folder.mkdir(parents=True, exist_ok=True)
    todo = [sc for sc in (scores if scores is not None else
                          [divmod(i, TARGET) for i in range(openings.SCORES)])
            if not (folder / f"{sc[0]}-{sc[1]}.npy").exists()]
    # the scores of one file together: its graph and chunks are kept between them
    tabs = tables()
    todo.sort(key=lambda sc: (tabs.index(nearest(tabs, TARGET, sc)), sc))
    t0 = time.perf_counter()
    if jobs > 1 and len(todo) > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(jobs) as pool:
            parts = [todo[i::jobs] for i in range(jobs)]
            for done in pool.map(_some, [folder] * jobs, parts, [hands] * jobs):
                if not quiet:
                    print(f"{done} scores done, {time.perf_counter() - t0:.0f} s", flush=True)
    else:
        _some(folder, todo, hands, quiet)
    missing = [i for i in range(openings.SCORES)
               if not (folder / "{}-{}.npy".format(*divmod(i, TARGET))).exists()]
    if out is not None and not missing:
        values = np.stack([np.load(folder / "{}-{}.npy".format(*divmod(i, TARGET)))
                           for i in range(openings.SCORES)])
        spots = int((~np.isnan(values)).any(axis=3).sum())  # (score, spot, hand) valued
        body = openings.pack(values, openings.files_digest(tabs), {"spots": spots})
        tmp = out.with_name(out.name + ".tmp")
        tmp.write_bytes(body)
        tmp.replace(out)
        openings.forget()
        if not quiet:
            print(f"wrote {out}: {len(body) / 1e6:.2f} MB")
    return len(missing)


def _some(folder: Path, todo: Sequence[tuple[int, int]],
          hands: Sequence[tuple[int, ...]] | None, quiet: bool = True) -> int:
    # offline, memory is plentiful: every chunk decoded once (the 0-0 file is 0.3 GB
    # decoded), every state kept (a file's scores meet the same ones)
    valuepass.CHUNK_BYTES = max(valuepass.CHUNK_BYTES, 1 << 30)
    valuepass.GRAPH_STATES = max(valuepass.GRAPH_STATES, 3_000_000)
    for sc in todo:
        t = time.perf_counter()
        vals = score_values(sc, hands)
        tmp = folder / f"{sc[0]}-{sc[1]}.tmp.npy"
        np.save(tmp, vals)
        os.replace(tmp, folder / f"{sc[0]}-{sc[1]}.npy")
        if not quiet:
            print(f"{sc[0]}-{sc[1]}: {time.perf_counter() - t:.1f} s", flush=True)
    return len(todo)


__all__ = ["observation", "run", "score_values"]
