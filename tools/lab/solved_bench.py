"""The solved player's costs: reading the shipped files, and each ``policy`` call.

``python -m truf_tui.bench solved`` runs :func:`bench`.
"""

from __future__ import annotations

import random
import resource
import time
from typing import Any

from truf_tui.engine import truc
from truf_tui.strategy import shipped
from truf_tui.strategy.shipped import policy
from truf_tui.strategy.trufbp import describe


def bench(matches: int = 20, seed: int = 1) -> dict[str, Any]:
    """Seconds to read the shipped files, and per ``policy`` call over whole matches
    against a random player (each decision first cold, its chunk maybe not yet read, then
    warm); the process's peak memory (``python -m truf_tui.bench solved``)."""
    t0 = time.perf_counter()
    tabs = shipped.tables(reread=True)
    load = time.perf_counter() - t0
    rng = random.Random(seed)
    cold: list[float] = []
    warm: list[float] = []
    for m in range(matches):
        st = truc.new_game(seed=seed + m)
        while st.to_move is not None:
            obs = st.observation(st.to_move)
            t1 = time.perf_counter()
            probs, _ = policy(obs)
            t2 = time.perf_counter()
            policy(obs)
            t3 = time.perf_counter()
            cold.append(t2 - t1)
            warm.append(t3 - t2)
            acts = [a for a, p in probs.items() if p > 0]
            best = max(acts, key=lambda a: probs[a])
            st = st.apply(rng.choice(acts) if rng.random() < 0.5 else best)
    cold.sort()
    warm.sort()
    out: dict[str, Any] = {f"file {t.target}-{t.scores[0]}-{t.scores[1]}": describe(t)
                           for t in tabs}
    return {**out, "files": len(tabs), "megabytes": sum(len(t.data) for t in tabs) / 1e6,
            "load_seconds": load, "decisions": len(cold),
            "policy_ms_mean_cold": 1000 * sum(cold) / len(cold),
            "policy_ms_p99_cold": 1000 * cold[int(0.99 * (len(cold) - 1))],
            "policy_ms_max_cold": 1000 * cold[-1],
            "policy_ms_mean_warm": 1000 * sum(warm) / len(warm),
            "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}
