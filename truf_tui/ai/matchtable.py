"""Measuring the round outcomes the match table (:mod:`truf_tui.strategy.matchtable`) is
computed from: ``python -m truf_tui.ai.matchtable`` plays whole matches between two
players of a tier and writes the counts to ``strategy/data/truc_rounds.json``."""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from truf_tui.strategy.matchtable import DATA


def _measure(args: tuple[int, int, str]) -> Counter[str]:
    seed, matches, tier = args
    from truf_tui.ai import make_bot
    from truf_tui.engine import truc

    counts: Counter[str] = Counter()
    rng = random.Random(seed)
    for _ in range(matches):
        s = truc.new_game(truc.Rules(), seed=rng.getrandbits(32))
        bots = [make_bot("truc", tier, seed=rng.getrandbits(32)) for _ in range(2)]
        while not s.is_terminal():
            p = s.current_player
            assert p is not None
            r = s.round_no
            dealer = s.dealer
            s = s.apply(bots[p].choose(s.observation(p)))
            if s.round_no != r or s.is_terminal():
                end = s.last_round
                assert end is not None
                if end.winner is None:
                    counts["none"] += 1
                else:
                    who = "d" if end.winner == dealer else "nd"
                    counts[f"{who}:{'game' if end.game else end.points}"] += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Measure Truc round outcomes for the match table")
    ap.add_argument("--matches", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--tier", default="medium")
    ap.add_argument("--out", type=Path, default=DATA)
    a = ap.parse_args(argv)
    per = [a.matches // a.jobs + (1 if i < a.matches % a.jobs else 0) for i in range(a.jobs)]
    jobs = [(a.seed * 1000 + i, n, a.tier) for i, n in enumerate(per)]
    if a.jobs > 1:
        from multiprocessing import Pool

        with Pool(a.jobs) as pool:
            parts = pool.map(_measure, jobs)
    else:
        parts = [_measure(j) for j in jobs]
    counts: Counter[str] = Counter()
    for c in parts:
        counts.update(c)
    doc: dict[str, Any] = {
        "what": "Le Truc round outcomes relative to the dealer (who:points), counted by "
                "`python -m truf_tui.ai.matchtable`",
        "players": f"{a.tier} vs {a.tier}",
        "matches": a.matches,
        "seed": a.seed,
        "rounds": sum(counts.values()),
        "counts": dict(sorted(counts.items())),
    }
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps(doc, indent=1) + "\n")
    print(json.dumps(doc, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
