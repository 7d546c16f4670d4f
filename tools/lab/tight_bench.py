"""The tight player's cost: seconds per decision (``python -m truf_tui.bench tight``)."""

from __future__ import annotations

import random
import statistics
import time

from truf_tui.ai.tight import TightBot
from truf_tui.engine import truc


def bench(positions: int = 400, seed: int = 1) -> dict[str, float]:
    """Seconds per decision over the positions of tight-vs-tight matches (the caches filling
    as they go, as in a real match): ``python -m truf_tui.bench tight --positions 400``."""
    times: list[float] = []
    rng = random.Random(seed)
    bots = [TightBot(seed=seed), TightBot(seed=seed + 1)]
    while len(times) < positions:
        s = truc.new_game(truc.Rules(target=rng.choice((1, 3, 12, 12, 12, 25))),
                          seed=rng.getrandbits(32))
        while not s.is_terminal() and len(times) < positions:
            p = s.to_move
            assert p is not None
            obs = s.observation(p)
            t0 = time.perf_counter()
            a = bots[p].choose(obs)
            times.append(time.perf_counter() - t0)
            s = s.apply(a)
    times.sort()
    return {"decisions": float(len(times)), "mean_s": statistics.mean(times),
            "median_s": statistics.median(times), "p99_s": times[int(0.99 * (len(times) - 1))],
            "max_s": times[-1]}

