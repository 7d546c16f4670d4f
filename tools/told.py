"""What reading an opponent would have to achieve in a single match (issue "Le Truc, solved").

The expert answers a threshold player (``truf_tui.strategy.threshold``) only once its evidence
says that is what it faces.  Here it is *told* instead: from the round after ``--after K``
rounds of the match it plays the best response to the opponent's true thresholds
(``respond.THRESHOLDS``), with the same search and time as the real response, and before
that the solved strategy with its tilts, as the expert does.  So the figure for K is the
most any reading that needs K rounds could win in single matches; K = 0 is knowing the
opponent from the first card.

    python -m tools.told --bot honest --after 0 1 2 4 --matches 400 --jobs 2

Each match starts at 0-0 to 12 with a fresh expert, the first dealer alternating, and every
match has its own seed (``--seed``), the same for every K.
"""

from __future__ import annotations

import argparse
import random
import time
from multiprocessing import Pool

from tools.arena import wilson
from tools.lab.expert_told import told
from truf_tui.ai import make_bot
from truf_tui.ai.expert import ExpertTrucBot
from truf_tui.engine import truc
from truf_tui.solve.respond import THRESHOLDS


def match(job: tuple[str, int, int, int]) -> tuple[int, int, float]:
    """(expert won?, decisions played by the response, slowest expert decision)."""
    bot, after, seed, index = job
    rng = random.Random(seed)
    s = truc.new_game(truc.Rules(target=12), seed=rng.getrandbits(32), dealer=index % 2)
    expert = ExpertTrucBot(seed=rng.getrandbits(32),
                           respond=told(THRESHOLDS[bot], after, keep_answers=False))
    other = make_bot("truc", bot, seed=rng.getrandbits(32))
    seat = index // 2 % 2  # the expert sits either side of each first dealer
    slowest = 0.0
    while not s.is_terminal():
        p = s.current_player
        assert p is not None
        if p == seat:
            t0 = time.perf_counter()
            a = expert.choose(s.observation(p))
            slowest = max(slowest, time.perf_counter() - t0)
        else:
            a = other.choose(s.observation(p))
        s = s.apply(a)
    return int(s.winner() == seat), expert.responded, slowest


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="honest", choices=sorted(THRESHOLDS))
    ap.add_argument("--after", type=int, nargs="+", default=[0, 1, 2, 4])
    ap.add_argument("--matches", type=int, default=400)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    seeds = random.Random(args.seed)
    match_seeds = [seeds.getrandbits(32) for _ in range(args.matches)]
    for after in args.after:
        jobs = [(args.bot, after, match_seeds[i], i) for i in range(args.matches)]
        t0 = time.perf_counter()
        with Pool(args.jobs) as pool:
            got = pool.map(match, jobs, chunksize=4)
        won = sum(w for w, _, _ in got)
        lo, hi = wilson(won, args.matches)
        print(f"told after {after} rounds: expert {won / args.matches:.3f} [{lo:.3f}, {hi:.3f}]"
              f" of {args.matches} against {args.bot}; response decisions "
              f"{sum(r for _, r, _ in got)}, slowest decision {max(t for _, _, t in got):.2f} s"
              f" ({time.perf_counter() - t0:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
