"""The solved player's action values (``bot.action_values``), measured.

    python -m truf_tui.bench values                  # seconds per call: p50, p99, max
    python -m tools.lab.values_check regret          # the expert's mix under its own values
    python -m tools.lab.values_check root            # the root identity at 0-0

``bench``: every decision of solved-against-solved rounds at several scores, each asked
once (a fresh spot: the per-spot store does not help), timed; by how many cards the round
has seen, since the walk's cost is the size of the round left.

``regret``: at the same spots, sum over actions of policy x (best value - value): what
the solved player's own mix loses under its own values, per decision, in the unit of the
file (points at 0-0; the match files' chance of winning, reported apart).

``root``: over every hand the non-dealer can be dealt at 0-0 (weighted by the deal),
sum of policy x value at the round's first decision, against the file's stored value of
the round (``shipped_value``, what ``python -m truf_tui.solve check --shipped --scores 0 0``
measures).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from itertools import combinations_with_replacement
from math import comb
from typing import Any

from truf_tui.ai.solved import SolvedTrucBot, sample
from truf_tui.cards import TRUC_32, TRUC_STRENGTH, Card
from truf_tui.engine import truc
from truf_tui.strategy.hands import RANKS
from truf_tui.strategy.shipped import nearest, table, tables

SCORES = ((0, 0), (3, 4), (6, 6), (9, 7), (10, 10), (11, 9), (0, 11), (11, 11))


def spots(rounds: int, seed: int, scores: Sequence[tuple[int, int]] = SCORES
          ) -> list[truc.Observation]:
    """Every decision of ``rounds`` solved-against-solved rounds at each of ``scores``."""
    bot = SolvedTrucBot(seed=seed)
    rng = random.Random(seed)
    out: list[truc.Observation] = []
    for sc in scores:
        for r in range(rounds):
            st = truc.new_game(seed=seed + 1000 * r + 7 * sc[0] + sc[1], scores=sc)
            while st.to_move is not None and st.round_no == 1:
                obs = st.observation(st.to_move)
                out.append(obs)
                st = st.apply(sample(bot.policy(obs), rng))
    return out


def cards_seen(obs: truc.Observation) -> int:
    return sum(str(a).startswith("play") for a in obs["history"][obs["round_start"]:])


def _quantiles(xs: list[float]) -> dict[str, float]:
    xs = sorted(xs)
    if not xs:
        return {}
    return {"n": len(xs), "p50": xs[len(xs) // 2], "p99": xs[int(0.99 * (len(xs) - 1))],
            "max": xs[-1]}


def bench(rounds: int = 4, seed: int = 1) -> dict[str, Any]:
    """Seconds per ``action_values`` call at fresh spots of solved play (module docstring)."""
    bot = SolvedTrucBot(seed=seed)
    wall: list[float] = []
    cpu: list[float] = []
    by_cards: dict[str, list[float]] = {}
    for obs in spots(rounds, seed):
        t0, c0 = time.perf_counter(), time.process_time()
        bot.action_values(obs)
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        k = cards_seen(obs)
        by_cards.setdefault("0 cards" if k == 0 else "1 card" if k == 1 else "2+ cards",
                            []).append(cpu[-1])
    # cpu: this process's own seconds, which a machine shared with other work does not
    # inflate as it does the wall clock's
    out: dict[str, Any] = {"spots": len(wall), "scores": " ".join(f"{a}-{b}" for a, b in SCORES)}
    for name, q in _quantiles(wall).items():
        out[f"wall seconds {name}"] = q
    for name, q in _quantiles(cpu).items():
        out[f"cpu seconds {name}"] = q
    for key, xs in sorted(by_cards.items()):
        for name, q in _quantiles(xs).items():
            out[f"{key}: cpu seconds {name}"] = q
    return out


def regret(rounds: int = 4, seed: int = 2, min_cards: int = 0,
           scores: Sequence[tuple[int, int]] = SCORES) -> dict[str, Any]:
    """The solved player's own mix under its own values, per decision (module docstring),
    apart at the score its file was solved at (where the mix is the solve's equilibrium)
    and at other scores (where the app plays the nearest file: its mix is then not an
    equilibrium of the real score's payoffs, and the regret measures that too)."""
    bot = SolvedTrucBot(seed=seed)
    got: dict[str, list[float]] = {}
    worst: dict[str, tuple[float, str]] = {}
    for obs in spots(rounds, seed, scores):
        if cards_seen(obs) < min_cards:
            continue
        vals = bot.action_values(obs)
        probs = bot.policy(obs)
        best = max(vals.values())
        r = sum(p * (best - vals[a]) for a, p in probs.items())
        d = obs["dealer"]
        real = (obs["scores"][1 - d], obs["scores"][d])
        own = nearest(tables(), 12, real).scores == real
        where = "at its file's score" if own else "elsewhere"
        key = f"{bot.value_unit(obs)} {where}"
        got.setdefault(key, []).append(r)
        if r > worst.get(key, (-1.0, ""))[0]:
            worst[key] = (r, f"{obs['scores']} {obs['history'][obs['round_start']:]} "
                             f"{obs['hand']}")
    out: dict[str, Any] = {}
    for name, xs in got.items():
        if xs:
            out[f"{name}: decisions"] = len(xs)
            out[f"{name}: mean regret"] = sum(xs) / len(xs)
            out[f"{name}: worst"] = worst[name][0]
            out[f"{name}: worst spot"] = worst[name][1]
    return out


def root() -> dict[str, Any]:
    """The root identity at 0-0 (module docstring)."""
    bot = SolvedTrucBot(seed=1)
    total = 0.0
    mass = 0
    t0 = time.perf_counter()
    for hand in combinations_with_replacement(range(RANKS), 3):
        cards: list[Card] = []
        for c in TRUC_32:
            if hand.count(TRUC_STRENGTH[c]) > sum(TRUC_STRENGTH[x] == TRUC_STRENGTH[c]
                                                  for x in cards):
                cards.append(c)
        rest = [c for c in TRUC_32 if c not in cards]
        deck = [cards[0], rest[0], cards[1], rest[1], cards[2], rest[2]] + rest[3:]  # T2
        obs = truc.new_game(seed=1, dealer=1, deck=deck).observation(0)
        ways = 1
        for r in set(hand):
            ways *= comb(4, hand.count(r))
        vals = bot.action_values(obs)
        total += ways * sum(p * vals[a] for a, p in bot.policy(obs).items())
        mass += ways
    value = total / mass
    stored = float(table().header["figures"]["shipped_value"])
    return {"hands": 120, "policy x value over hands": value,
            "the file's value of the round (shipped_value)": stored,
            "difference": value - stored, "seconds": time.perf_counter() - t0}


def _print(res: dict[str, Any]) -> None:
    for k, v in res.items():
        print(f"{k:40} {v:.4g}" if isinstance(v, float) else f"{k:40} {v}")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.lab.values_check", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="what", required=True)
    for name in ("bench", "regret"):
        p = sub.add_parser(name)
        p.add_argument("--rounds", type=int, default=4, help="rounds at each score")
        p.add_argument("--seed", type=int, default=1 if name == "bench" else 2)
        p.add_argument("--json", action="store_true")
        if name == "regret":
            p.add_argument("--min-cards", type=int, default=0,
                           help="only spots where the round has seen this many cards")
            p.add_argument("--scores", nargs="*", default=None,
                           help="scores as A-B (the non-dealer's first); default: "
                           + " ".join(f"{a}-{b}" for a, b in SCORES))
    r = sub.add_parser("root")
    r.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    if a.what == "bench":
        res = bench(a.rounds, a.seed)
    elif a.what == "regret":
        scores = SCORES if a.scores is None else [
            (int(x.split("-")[0]), int(x.split("-")[1])) for x in a.scores]
        res = regret(a.rounds, a.seed, a.min_cards, scores)
    else:
        res = root()
    if a.json:
        print(json.dumps(res))
    else:
        _print(res)
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
