"""Benchmarks of the engines and of the computer players.

    python -m truf_tui.bench engine   # random playouts per second through the public API
    python -m truf_tui.bench ai       # ISMCTS iterations per second, seconds per decision
    python -m truf_tui.bench regret   # Trufludo: winning chance each tier gives away per move
    python -m truf_tui.bench belief   # Trufludo: how well the expert's belief reads a hand
    python -m truf_tui.bench peek     # Trufludo: what seeing the opponent's hand is worth
    python -m truf_tui.bench tight    # Truc: seconds per decision of the tight player
    python -m truf_tui.bench solved   # Truc: the solved player's load time, policy time, memory
    python -m truf_tui.bench net      # network play: a move's trip to the other table, loopback
    python -m truf_tui.bench grading  # Trufludo: seconds to grade a whole game's choices
    python -m truf_tui.bench grading --game truc  # Le Truc: seconds to grade a whole match
    python -m truf_tui.bench values   # Truc: seconds per action_values call (p50, p99, max)

``engine``: for each game, complete random playouts (``legal_actions``, a random choice,
``apply``) per second as the median of several runs — Trufludo games/s, Truc rounds/s and
whole matches/s — and the cost of ``determinize`` (and of one draw of a ``determinizer``
sampler, the fast way the players use).

``ai``: ISMCTS iterations per second of the ``hard`` searches (and of ``expert``) on the
first decision of a Truc round and the first move of a Trufludo game (median over several
positions), then the seconds per decision of every tier at its default budget over a few
positions of each game.  ``--json`` prints one JSON object.

``net --flood N``: N bad connections to a headless host process on loopback, then a whole
match; the host's peak memory.

``net``: a host and both tables in one process on loopback (TLS, the real protocol), random
legal moves; for each move, the time from the table's ``play`` to the other table's receiving
the new position (through the host, which checks and applies it), p50/p99 in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from truf_tui.engine import truc, trufludo


def _median_rate(run: Callable[[], tuple[int, float]], runs: int) -> float:
    rates = []
    for _ in range(runs):
        n, dt = run()
        rates.append(n / dt if dt > 0 else 0.0)
    return statistics.median(rates)


def bench_engine(runs: int = 5, seconds: float = 1.0) -> dict[str, Any]:
    rng = random.Random(1)
    out: dict[str, Any] = {"runs": runs, "seconds_per_run": seconds}

    def trufludo_games() -> tuple[int, float]:
        n = 0
        t0 = time.perf_counter()
        while True:
            s = trufludo.new_game(seed=rng.getrandbits(32))
            while not s.is_terminal():
                s = s.apply(rng.choice(s.legal_actions()))
            n += 1
            dt = time.perf_counter() - t0
            if dt >= seconds:
                return n, dt

    def truc_rounds() -> tuple[int, float]:
        n = 0
        t0 = time.perf_counter()
        s = truc.new_game(seed=rng.getrandbits(32))
        while True:
            r = s.round_no
            while not s.is_terminal() and s.round_no == r:
                s = s.apply(rng.choice(s.legal_actions()))
            n += 1
            if s.is_terminal():
                s = truc.new_game(seed=rng.getrandbits(32))
            dt = time.perf_counter() - t0
            if dt >= seconds:
                return n, dt

    def truc_matches() -> tuple[int, float]:
        n = 0
        t0 = time.perf_counter()
        while True:
            s = truc.new_game(seed=rng.getrandbits(32))
            while not s.is_terminal():
                s = s.apply(rng.choice(s.legal_actions()))
            n += 1
            dt = time.perf_counter() - t0
            if dt >= seconds:
                return n, dt

    out["trufludo_games_per_s"] = _median_rate(trufludo_games, runs)
    out["truc_rounds_per_s"] = _median_rate(truc_rounds, runs)
    out["truc_matches_per_s"] = _median_rate(truc_matches, runs)
    for name, mod, steps in (("trufludo", trufludo, 20), ("truc", truc, 3)):
        s = mod.new_game(seed=3)
        prng = random.Random(3)
        for _ in range(steps):  # a position a few moves in (no fold: it stays open)
            s = s.apply(prng.choice([a for a in s.legal_actions() if str(a) != "fold"]))
        p = s.current_player
        n = 2000
        t0 = time.perf_counter()
        for _ in range(n):
            s.determinize(p, rng)
        out[f"{name}_determinize_us"] = (time.perf_counter() - t0) / n * 1e6
        sampler = mod.determinizer(s.observation(p))
        t0 = time.perf_counter()
        for _ in range(n):
            sampler(rng)
        out[f"{name}_determinizer_draw_us"] = (time.perf_counter() - t0) / n * 1e6
    return out


def _first_positions(game: str, count: int) -> list[Any]:
    """The first decision of a Trufludo game / of a Truc round (reached by a few random
    rounds, so the scores differ)."""
    rng = random.Random(7)
    out: list[Any] = []
    for i in range(count):
        if game == "trufludo":
            out.append(trufludo.new_game(seed=100 + i))
            continue
        s = truc.new_game(seed=100 + i)
        for _ in range(i % 3):  # play a few rounds out at random
            r = s.round_no
            while not s.is_terminal() and s.round_no == r:
                legal = [a for a in s.legal_actions() if a != truc.FOLD] or s.legal_actions()
                s = s.apply(rng.choice(legal))
        if s.is_terminal():
            s = truc.new_game(seed=200 + i)
        out.append(s)
    return out


def bench_ai(positions: int = 5, iterations: int = 4000, decisions: int = 4,
             tiers: Sequence[str] | None = None) -> dict[str, Any]:
    from truf_tui.ai import DEFAULT_TIME, TIERS, make_bot

    out: dict[str, Any] = {"positions": positions, "iterations": iterations}
    for game in ("truc", "trufludo"):
        # the tiers that search; Le Truc's expert reads the solved strategy and does not
        # (its speed: the seconds per decision below, and ``bench solved``)
        for tier in ("hard",) if game == "truc" else ("hard", "expert"):
            rates = []
            for i, s in enumerate(_first_positions(game, positions)):
                bot = make_bot(game, tier, seed=i, iterations=iterations)
                obs = s.observation(s.current_player)
                t0 = time.perf_counter()
                bot.analyse(obs)
                rates.append(iterations / (time.perf_counter() - t0))
            out[f"{game}_{tier}_iterations_per_s"] = statistics.median(rates)
    per: dict[str, Any] = {}
    for game in ("truc", "trufludo"):
        rng = random.Random(11)
        states: list[Any] = []
        mod: Any = truc if game == "truc" else trufludo
        s = mod.new_game(seed=42)
        while len(states) < decisions and not s.is_terminal():
            legal = s.legal_actions()
            if len(legal) > 2:
                states.append(s)
            legal = [a for a in legal if a != getattr(mod, "FOLD", None)] or legal
            s = s.apply(rng.choice(legal))
        for tier in tiers or TIERS:
            times = []
            for i, st in enumerate(states):
                bot = make_bot(game, tier, seed=i)
                t0 = time.perf_counter()
                bot.choose(st.observation(st.current_player))
                times.append(time.perf_counter() - t0)
            per[f"{game}_{tier}"] = {"budget_s": DEFAULT_TIME[tier],
                                     "mean_s": statistics.mean(times), "max_s": max(times),
                                     "decisions": len(times)}
    out["seconds_per_decision"] = per
    return out


def bench_regret(positions: int = 80, worlds: int = 2000, iterations: int = 3000,
                 tiers: Sequence[str] = ("medium", "hard", "expert"),
                 seed: int = 7, reference: str = "sampled") -> dict[str, Any]:
    """Trufludo decision quality: each tier's mean *regret* per decision against a reference.

    Positions come from medium-vs-medium games (a random number of moves in); only those
    with a real choice (two move classes or more) count.  The reference values every move
    class by ``worlds`` deals of the unseen cards, every move played on the same deal with
    the same random numbers (common random numbers), then the medium policy for both
    players to two deals ahead and the win probability of the card margin, as the searches
    evaluate.  Regret = the reference value of the best move minus that of the tier's move:
    it says how much winning chance per decision a tier gives away, and bounds what any
    player can gain over ``medium`` under this evaluation.

    ``reference="true"`` values the moves with the opponent's *real* hand instead (only the
    stock order is dealt anew): the regret then includes what not seeing his hand costs,
    and rewards a tier that reads his hand from his moves (the expert's inference), which
    the ``"sampled"`` reference, dealing his hand uniformly, cannot.
    """
    if reference not in ("sampled", "true"):
        raise ValueError(f"reference must be 'sampled' or 'true', not {reference!r}")
    from truf_tui.ai import make_bot
    from truf_tui.ai.trufludo_ai import TrufludoModel, move_class

    rng = random.Random(seed)
    regret = {t: 0.0 for t in tiers}
    hits = {t: 0 for t in tiers}
    count = games = 0
    while count < positions and games < positions * 4:
        g = games
        games += 1
        s = trufludo.new_game(seed=5000 + g)
        med = [make_bot("trufludo", "medium", seed=g), make_bot("trufludo", "medium",
                                                                 seed=g + 99)]
        for _ in range(rng.randrange(2, 40)):
            if s.is_terminal():
                break
            p = s.to_move
            assert p is not None
            s = s.apply(med[p].choose(s.observation(p)))
        if s.is_terminal() or s.to_move is None:
            continue
        obs = s.observation(s.to_move)
        model = TrufludoModel(obs, trufludo.determinizer(obs), horizon=2)
        acts = model.actions(s)
        if len(acts) < 2:
            continue
        vals = dict.fromkeys(acts, 0.0)
        for _ in range(worlds):
            if reference == "true":
                stock = list(s.stock)
                rng.shuffle(stock)
                w = s._replace(stock=tuple(stock))
            else:
                w = model.sample(rng)
            r_seed = rng.getrandbits(32)
            model.actions(w)
            for a in acts:
                vals[a] += model.evaluate(model.step(w, a), random.Random(r_seed)) / worlds
        best = max(vals.values())
        count += 1
        for tier in tiers:
            bot = make_bot("trufludo", tier, seed=g, iterations=iterations)
            a = move_class(bot.choose(obs))
            regret[tier] += best - vals[a]
            hits[tier] += vals[a] >= best - 1e-12
    return {"positions": count, "worlds": worlds, "iterations": iterations,
            "reference": reference,
            "mean_regret_per_decision": {t: regret[t] / max(count, 1) for t in tiers},
            "best_move_rate": {t: hits[t] / max(count, 1) for t in tiers}}


def bench_belief(games: int = 30, opponents: Sequence[str] = ("medium", "hard"),
                 betas: Sequence[float] = (0.0, 0.25, 0.5, 1.0, 1.5, 2.5),
                 candidates: int = 400, iterations: int = 300, seed: int = 5,
                 floor: float = 1e-3) -> dict[str, Any]:
    """Trufludo: how well the expert's belief about the opponent's hand reads it.

    Seat 0 (medium) plays ``games`` games against each opponent tier (``iterations`` for a
    search).  At each of seat 0's moves where the opponent has moved since the deal, the
    belief of :func:`truf_tui.ai.trufludo_ai.hand_belief` with each softmax sharpness
    ``beta`` gives a probability to the suits of his real hand; the score is the mean
    log-probability (a proper scoring rule: higher is better, probabilities are floored at
    ``floor``).  ``uniform`` weighs every candidate alike: the belief of ``hard``, the
    baseline any inference must beat (``beta = 0`` is not quite that: it models an
    opponent choosing at random among his legal moves).  It fits the expert's ``BETA``.
    """
    import math

    from truf_tui.ai import make_bot
    from truf_tui.ai.trufludo_ai import SUIT, hand_belief, opponent_evidence

    out: dict[str, Any] = {"games": games, "candidates": candidates, "floor": floor}
    for opp in opponents:
        total: dict[float | None, float] = dict.fromkeys([None, *betas], 0.0)
        positions = 0
        for g in range(games):
            s = trufludo.new_game(seed=3000 + g)
            bots = [make_bot("trufludo", "medium", seed=g),
                    make_bot("trufludo", opp, seed=g + 1, iterations=iterations)]
            while not s.is_terminal():
                p = s.to_move
                assert p is not None
                obs = s.observation(p)
                if p == 0 and s.hands[1] and opponent_evidence(obs):
                    true = sorted(SUIT[c] for c in s.hands[1])
                    positions += 1
                    for beta in total:
                        belief = hand_belief(obs, random.Random(seed * 7919 + g), candidates,
                                             beta or 0.0)
                        if belief is None:
                            prob = 0.0
                        else:
                            _, hands, weights = belief
                            if beta is None:
                                weights = [1.0] * len(hands)
                            hit = sum(w for h, w in zip(hands, weights, strict=True)
                                      if sorted(SUIT[c] for c in h) == true)
                            prob = hit / sum(weights)
                        total[beta] += math.log(max(prob, floor))
                s = s.apply(bots[p].choose(obs))
        out[f"vs_{opp}"] = {"positions": positions,
                            "mean_log_p_true_hand": {
                                "uniform" if b is None else f"beta={b:g}": v / max(positions, 1)
                                for b, v in total.items()}}
    return out


def bench_peek(deals: int = 200, iterations: int = 500, seed: int = 1000) -> dict[str, Any]:
    """Trufludo: what seeing the opponent's hand is worth, the bound on any hand reading.

    A ``hard`` search whose determinizations hold the opponent's *real* hand (only the
    stock order stays unknown) plays ``hard`` on ``deals`` deals, each twice with the seats
    swapped (both at ``iterations``).  Not a player of the app: it looks at the state, which
    no bot may do; it measures how much an expert could gain by reading hands, against what
    :func:`bench_belief` shows the opponent's moves reveal.
    """
    import math

    from truf_tui.ai import make_bot
    from truf_tui.ai.trufludo_ai import SearchBot

    class Peeking(SearchBot):
        truth: trufludo.State

        def _sampler(self, observation: Any) -> Callable[[random.Random], Any]:
            truth = self.truth

            def sample(r: random.Random) -> trufludo.State:
                stock = list(truth.stock)
                r.shuffle(stock)
                return truth._replace(stock=tuple(stock), seed=None, deck=None)

            return sample

    pair_scores = []
    for k in range(deals):
        total = 0.0
        for peek_seat in (0, 1):
            s = trufludo.new_game(seed=seed + k, dealer=k % 2)
            peek = Peeking(seed=k * 2 + peek_seat, iterations=iterations)
            plain = make_bot("trufludo", "hard", seed=k * 2 + 1 - peek_seat,
                             iterations=iterations)
            while not s.is_terminal():
                p = s.to_move
                assert p is not None
                peek.truth = s
                bot = peek if p == peek_seat else plain
                s = s.apply(bot.choose(s.observation(p)))
            w = s.winner()
            total += 1.0 if w == peek_seat else 0.5 if w is None else 0.0
        pair_scores.append(total / 2)
    n = len(pair_scores)
    mean = sum(pair_scores) / max(n, 1)
    var = sum((x - mean) ** 2 for x in pair_scores) / max(n - 1, 1)
    return {"deals": n, "games": 2 * n, "iterations": iterations,
            "peeking_hard_score_vs_hard": mean, "standard_error": math.sqrt(var / max(n, 1))}


def bench_settle(positions: int = 60, iterations: int = 3000,
                 tiers: Sequence[str] = ("hard", "expert"), seed: int = 7) -> dict[str, Any]:
    """Trufludo: what ``choose``'s early stop costs and saves (``ismcts.search(settle=)``).

    Positions with a real choice (moves of more than one suit) are drawn from medium
    self-play.  At each, a tier's settled choice (``choose``) is compared with the full
    budget's (``analyse``, same seed) and timed against it; a second full run with another
    seed shows how often two full searches agree anyway.  Also counts how many decisions
    offer several legal moves that are all one move (one suit, F1), which need no search.
    """
    from truf_tui.ai import make_bot
    from truf_tui.ai.trufludo_ai import move_class

    rng = random.Random(seed)
    found: list[Any] = []
    several = one_suit = 0
    g = 0
    while len(found) < positions:
        s = trufludo.new_game(seed=seed * 1000 + g)
        bots = [make_bot("trufludo", "medium", seed=g), make_bot("trufludo", "medium",
                                                                  seed=g + 99)]
        g += 1
        while not s.is_terminal():
            p = s.to_move
            assert p is not None
            legal = s.legal_actions()
            if len(legal) > 1:
                several += 1
                if len({move_class(a) for a in legal}) == 1:
                    one_suit += 1
                elif rng.random() < 0.15 and len(found) < positions:
                    found.append(s.observation(p))
            s = s.apply(bots[p].choose(s.observation(p)))
    out: dict[str, Any] = {"positions": len(found), "iterations": iterations,
                           "one_suit_share_of_choices": one_suit / max(several, 1)}
    for tier in tiers:
        same = again = 0
        t_full = t_settled = 0.0
        for i, obs in enumerate(found):
            t0 = time.perf_counter()
            full = make_bot("trufludo", tier, seed=i, iterations=iterations).analyse(obs)
            t1 = time.perf_counter()
            chosen = make_bot("trufludo", tier, seed=i, iterations=iterations).choose(obs)
            t2 = time.perf_counter()
            other = make_bot("trufludo", tier, seed=i + 5000,
                             iterations=iterations).analyse(obs)
            t_full += t1 - t0
            t_settled += t2 - t1
            best = move_class(full[0].action)
            same += move_class(chosen) == best
            again += move_class(other[0].action) == best
        n = max(len(found), 1)
        out[tier] = {"settled_agrees_with_full": same / n,
                     "another_full_run_agrees": again / n,
                     "settled_time_share": t_settled / max(t_full, 1e-9)}
    return out


def _quantile(xs: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` (nearest rank: p99 of 40 games is the slowest)."""
    ys = sorted(xs)
    return ys[min(len(ys) - 1, max(0, math.ceil(q * len(ys)) - 1))]


def _rounds(match: truc.State) -> list[tuple[int, truc.State]]:
    """Each round of a finished match: its first move's index and the state once it is
    over (the table's, when it starts its grading worker)."""
    out: list[tuple[int, truc.State]] = []
    s = match.initial()
    for a in match.history:
        nxt = s.apply(a)
        if nxt.round_start != s.round_start or nxt.is_terminal():
            out.append((s.round_start, nxt))
        s = nxt
    return out


def bench_truc_grading(matches: int = 6, seed: int = 1) -> dict[str, Any]:
    """Le Truc: the seconds to grade every choice of one seat in a whole match
    (:func:`truf_tui.grading.grade_truc`, a round at a time once it is over, as the
    table's worker does; the match is the sum of its rounds), p50 and p99 over
    ``matches`` matches of 12 points the graded seat plays with ``tight`` or ``medium``
    against the expert, and the seconds of each decision graded again (the kept values)."""
    from truf_tui.ai import make_bot
    from truf_tui.grading import grade_truc, grade_truc_move, is_truc_choice, solved_grader

    grader = solved_grader()
    times: list[float] = []
    cpu: list[float] = []
    each: list[float] = []
    rounds: list[float] = []
    choices: list[int] = []
    for m in range(matches):
        tiers = ("tight", "medium")[m % 2], "expert"
        bots = [make_bot("truc", t, seed=m * 2 + i) for i, t in enumerate(tiers)]
        s = truc.new_game(seed=seed * 1000 + m, dealer=m % 2)
        while not s.is_terminal():
            p = s.to_move
            assert p is not None
            s = s.apply(bots[p].choose(s.observation(p)))
        # As the app does it: each round graded by a worker once it is over, from its
        # first move (``start``); the match's figure is the sum of its rounds' jobs.
        wall = used = 0.0
        graded = 0
        for start, over in _rounds(s):
            t0, c0 = time.perf_counter(), time.process_time()
            graded += len(grade_truc(over, 0, start=start, grader=grader))
            wall += time.perf_counter() - t0
            rounds.append(time.process_time() - c0)
            used += rounds[-1]
        times.append(wall)
        cpu.append(used)
        choices.append(graded)
        st = s.initial()
        for i, a in enumerate(s.history):
            if st.to_move == 0 and is_truc_choice(st):
                t1 = time.perf_counter()
                grade_truc_move(st, a, i, grader)
                each.append(time.perf_counter() - t1)
            st = st.apply(a)
    return {
        "matches": matches,
        "choices_per_match": statistics.mean(choices) if choices else 0.0,
        "seconds_per_match": {"p50": _quantile(times, 0.5), "p99": _quantile(times, 0.99),
                              "max": max(times, default=0.0)},
        "cpu_seconds_per_match": {"p50": _quantile(cpu, 0.5), "p99": _quantile(cpu, 0.99)},
        # one worker's job: a round's decisions, graded when it is over
        "cpu_seconds_per_round": {"rounds": len(rounds), "p50": _quantile(rounds, 0.5),
                                  "p99": _quantile(rounds, 0.99),
                                  "max": max(rounds, default=0.0)},
        # the same decisions graded again: what the values kept by the process make of it
        "seconds_per_decision_again": {"p50": _quantile(each, 0.5), "p99": _quantile(each, 0.99),
                                 "max": max(each, default=0.0)},
    }


def bench_grading(games: int = 40, iterations: int | None = None, seed: int = 1,
                  noise: bool = False) -> dict[str, Any]:
    """Trufludo: the seconds to grade every choice of one seat in a whole game
    (:func:`truf_tui.grading.grade_trufludo`, as the results screen's worker does), p50 and
    p99 over ``games`` games (wall-clock, and CPU time of this process), the graded seat
    played by ``easy`` and ``medium`` in turn against ``medium``, both deals.  With
    ``noise``, every game is graded again with another seed: how often the two gradings give
    a choice the same class, how often they agree on whether it is at least an inaccuracy,
    and how far their losses differ."""
    from truf_tui.ai import make_bot
    from truf_tui.grading import GRADE_ITERATIONS, Grade, grade_trufludo

    n_iter = GRADE_ITERATIONS if iterations is None else iterations
    times: list[float] = []
    cpu: list[float] = []
    choices: list[int] = []
    same = flagged_same = compared = 0
    diffs: list[float] = []
    for g in range(games):
        start = trufludo.new_game(seed=seed * 1000 + g, dealer=g % 2)
        tiers = ("easy", "medium")[g % 2], "medium"
        bots = [make_bot("trufludo", t, seed=g * 2 + i) for i, t in enumerate(tiers)]
        s = start
        while not s.is_terminal():
            p = s.to_move
            assert p is not None
            s = s.apply(bots[p].choose(s.observation(p)))
        t0, c0 = time.perf_counter(), time.process_time()
        graded = grade_trufludo(start, s.history, 0, iterations=n_iter)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        choices.append(len(graded))
        if noise:
            other = grade_trufludo(start, s.history, 0, iterations=n_iter, seed=9999)
            for a, b in zip(graded, other, strict=True):
                compared += 1
                same += a.grade == b.grade
                flagged_same += (a.grade >= Grade.INACCURACY) == (b.grade >= Grade.INACCURACY)
                diffs.append(abs(a.loss - b.loss))
    out: dict[str, Any] = {
        "games": games, "iterations_per_choice": n_iter,
        "choices_per_game": statistics.mean(choices) if choices else 0.0,
        "seconds_per_game": {"p50": _quantile(times, 0.5), "p99": _quantile(times, 0.99),
                             "max": max(times, default=0.0)},
        # CPU seconds: the same work without the waits of a machine shared with others
        "cpu_seconds_per_game": {"p50": _quantile(cpu, 0.5), "p99": _quantile(cpu, 0.99)},
    }
    if noise and compared:
        out["another_seed"] = {"same_grade": same / compared,
                               "same_inaccuracy_or_worse": flagged_same / compared,
                               "loss_difference_p50": _quantile(diffs, 0.5),
                               "loss_difference_p90": _quantile(diffs, 0.9)}
    return out


def _print(d: dict[str, Any], indent: str = "") -> None:
    for k, v in d.items():
        if isinstance(v, dict):
            print(f"{indent}{k}:")
            _print(v, indent + "  ")
        elif isinstance(v, float):
            print(f"{indent}{k}: {v:,.4f}" if v < 10 else f"{indent}{k}: {v:,.0f}")
        else:
            print(f"{indent}{k}: {v}")


def bench_net(moves: int = 2000, seed: int = 1, autosave: str = "none") -> dict[str, Any]:
    """A move's trip through the host to the other table on loopback.  ``autosave``: none;
    ``loop``, the host's save written in the event loop (as before); ``thread``, written
    off it (net/autosave.py).  The longest the loop was held is measured too."""
    import asyncio
    import tempfile

    from truf_tui.net.autosave import Autosave
    from truf_tui.net.client import MatchEnded, NetClient, Turn
    from truf_tui.net.server import Host, Limits
    from truf_tui.play.config import GameConfig
    from truf_tui.store import atomic_write

    folder = Path(tempfile.mkdtemp(prefix="truf-bench-net-"))
    trips: list[float] = []
    stalls: list[float] = []
    sent: dict[tuple[int, int, int], float] = {}  # (match, game, n) -> when the move left

    async def seat(client: NetClient, rng: random.Random, m: int) -> None:
        async for event in client.events():
            if isinstance(event, Turn):
                t = sent.pop((m, event.game, event.n), None)
                if t is not None:
                    trips.append(time.perf_counter() - t)
                if event.legal:
                    sent[(m, event.game, event.n + 1)] = time.perf_counter()
                    await client.play(rng.choice(event.legal))
            elif isinstance(event, MatchEnded):
                return

    def in_the_loop(data: dict[str, Any]) -> None:
        atomic_write(folder / "host.json", json.dumps(data, separators=(",", ":")))

    async def ticker() -> None:
        last = time.perf_counter()
        while True:
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            stalls.append(now - last)
            last = now

    async def run() -> int:
        rng = random.Random(seed)
        m = 0
        tick = asyncio.ensure_future(ticker())
        while len(trips) < moves:
            game = ("truc", "trufludo")[m % 2]
            keep = {"none": None, "loop": in_the_loop,
                    "thread": Autosave(folder / "host.json")}[autosave]
            host = Host(GameConfig(game=game, opponent="human"), bind="127.0.0.1",
                        limits=Limits(rate=1e6, burst=1e6), keep=keep)
            invite = await host.start()
            guest = await NetClient.join(invite)
            mine = await NetClient.rejoin(invite, host.host_seat_secret)
            match = asyncio.ensure_future(host.run_match())
            await asyncio.gather(seat(mine, rng, m), seat(guest, rng, m), match)
            await mine.close()
            await guest.close()
            await host.close()
            m += 1
        tick.cancel()
        return m

    import shutil

    try:
        matches = asyncio.run(run())
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    ms = sorted(1000 * t for t in trips)
    held = sorted(1000 * t for t in stalls)
    return {"moves": len(ms), "matches": matches, "autosave": autosave,
            "p50_ms": ms[len(ms) // 2], "p99_ms": ms[min(len(ms) - 1, int(len(ms) * 0.99))],
            "max_ms": ms[-1], "target_p99_ms": 50.0,
            "loop_held_p99_ms": held[min(len(held) - 1, int(len(held) * 0.99))],
            "loop_held_max_ms": held[-1]}


def bench_flood(connections: int = 1000, seconds: float = 20.0) -> dict[str, Any]:
    """A headless host process (``host --bot easy``) takes ``connections`` bad connections
    on loopback within ``seconds`` (garbage, a wrong secret, an oversized frame, silence),
    then a headless guest joins and plays the match; the host's peak memory is read from
    /proc (Linux)."""
    import asyncio
    import os
    import shutil
    import subprocess
    import tempfile

    from truf_tui.net import protocol as p
    from truf_tui.net.invite import Invite
    from truf_tui.net.tls import client_context

    tmp = tempfile.mkdtemp(prefix="truf-flood-")
    cmd = [sys.executable, "-m", "truf_tui", "--data-dir", tmp]
    host = subprocess.Popen([*cmd, "host", "--game", "truc", "--bind", "127.0.0.1",
                             "--bot", "easy"], stdout=subprocess.PIPE, text=True)
    try:
        assert host.stdout is not None
        code = host.stdout.readline().split(" ", 1)[1].strip()
        port = Invite.parse(code).port
        counts = {"refused_or_dropped": 0, "answered": 0}

        async def bad(i: int) -> None:
            try:
                kind = i % 4
                if kind == 0:
                    r, w = await asyncio.open_connection("127.0.0.1", port)
                    w.write(os.urandom(300))
                elif kind == 3:  # silence: holds a handshake place until its time is up
                    r, w = await asyncio.open_connection("127.0.0.1", port)
                else:
                    r, w = await asyncio.open_connection("127.0.0.1", port, ssl=client_context())
                    w.write(p.encode(p.Hello(1, "x", secret="A" * 22)) if kind == 1
                            else (1 << 30).to_bytes(4, "big"))
                data = await asyncio.wait_for(r.read(4096), 0.2 if kind == 3 else 6)
                counts["answered" if data else "refused_or_dropped"] += 1
                w.transport.abort()
            except (TimeoutError, OSError, asyncio.IncompleteReadError):
                counts["refused_or_dropped"] += 1

        async def flood() -> float:
            loop = asyncio.get_running_loop()
            t0 = loop.time()
            wave = 25
            for k in range(0, connections, wave):
                await asyncio.gather(*(bad(k + i) for i in range(wave)))
            return loop.time() - t0

        took = asyncio.run(flood())
        if took > seconds:
            print(f"the flood took {took:.1f} s, more than {seconds} s", file=sys.stderr)
        t0 = time.perf_counter()
        guest = subprocess.run([*cmd, "join", code, "--bot", "easy"], capture_output=True,
                               text=True, timeout=120)
        played = time.perf_counter() - t0
        host_out = host.stdout.read()
        _pid, status, usage = os.wait4(host.pid, 0)  # its peak memory (ru_maxrss, KiB)
        host.returncode = os.waitstatus_to_exitcode(status)
        peak_kb = usage.ru_maxrss
    finally:
        if host.poll() is None:
            host.kill()
            host.communicate()
        shutil.rmtree(tmp, ignore_errors=True)
    return {"connections": connections, "flood_seconds": took, **counts,
            "host_exit": host.returncode, "guest_exit": guest.returncode,
            "match_seconds_after": played,
            "same_result": guest.stdout.splitlines()[-2:-1] == host_out.splitlines()[-2:-1],
            "host_peak_mb": peak_kb / 1024, "target_peak_mb": 300}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m truf_tui.bench", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="what", required=True)
    e = sub.add_parser("engine", help="engine playouts per second")
    e.add_argument("--runs", type=int, default=5)
    e.add_argument("--seconds", type=float, default=1.0, help="length of one run")
    e.add_argument("--json", action="store_true")
    a = sub.add_parser("ai", help="search iterations per second, seconds per decision")
    a.add_argument("--positions", type=int, default=5)
    a.add_argument("--iterations", type=int, default=4000)
    a.add_argument("--decisions", type=int, default=4, help="positions per tier and game")
    a.add_argument("--tiers", nargs="*", default=None)
    a.add_argument("--json", action="store_true")
    r = sub.add_parser("regret", help="Trufludo: regret per decision of each tier")
    r.add_argument("--positions", type=int, default=80)
    r.add_argument("--worlds", type=int, default=2000)
    r.add_argument("--iterations", type=int, default=3000)
    r.add_argument("--tiers", nargs="*", default=["medium", "hard", "expert"])
    r.add_argument("--reference", choices=("sampled", "true"), default="sampled",
                   help="value moves over sampled opponent hands, or his real one")
    r.add_argument("--json", action="store_true")
    b = sub.add_parser("belief", help="Trufludo: how well the expert reads the opponent's hand")
    b.add_argument("--games", type=int, default=30)
    b.add_argument("--opponents", nargs="*", default=["medium", "hard"])
    b.add_argument("--betas", nargs="*", type=float, default=[0.0, 0.25, 0.5, 1.0, 1.5, 2.5])
    b.add_argument("--json", action="store_true")
    k = sub.add_parser("peek", help="Trufludo: what seeing the opponent's hand is worth")
    k.add_argument("--deals", type=int, default=200)
    k.add_argument("--iterations", type=int, default=500)
    k.add_argument("--json", action="store_true")
    t = sub.add_parser("settle", help="Trufludo: what stopping a clear choice early costs")
    t.add_argument("--positions", type=int, default=60)
    t.add_argument("--iterations", type=int, default=3000)
    t.add_argument("--tiers", nargs="*", default=["hard", "expert"])
    t.add_argument("--json", action="store_true")
    g = sub.add_parser("tight", help="Truc: seconds per decision of the tight player")
    g.add_argument("--positions", type=int, default=400)
    g.add_argument("--json", action="store_true")
    v = sub.add_parser("solved", help="Truc: the solved player's load and policy times")
    v.add_argument("--matches", type=int, default=20)
    v.add_argument("--json", action="store_true")
    n = sub.add_parser("net", help="network play: a move's trip to the other table")
    n.add_argument("--moves", type=int, default=2000)
    n.add_argument("--flood", type=int, metavar="N",
                   help="instead: N bad connections to a host process, then a whole match")
    n.add_argument("--autosave", choices=("none", "loop", "thread"), default="none",
                   help="the host's autosave: none, written in the event loop, or off it")
    n.add_argument("--json", action="store_true")
    gr = sub.add_parser("grading", help="Trufludo: seconds to grade a whole game")
    gr.add_argument("--game", choices=("trufludo", "truc"), default="trufludo")
    gr.add_argument("--games", type=int, default=None,
                    help="games (Trufludo, default 40) or matches (Truc, default 6)")
    gr.add_argument("--iterations", type=int, default=None,
                    help="search iterations per choice (default: the app's)")
    gr.add_argument("--noise", action="store_true", help="grade again with another seed")
    gr.add_argument("--json", action="store_true")
    w = sub.add_parser("values", help="Truc: seconds per action_values call (p50, p99, max)")
    w.add_argument("--rounds", type=int, default=4, help="solved-vs-solved rounds a score")
    w.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.what == "net":
        res = (bench_flood(args.flood) if args.flood
               else bench_net(args.moves, autosave=args.autosave))
    elif args.what == "grading":
        if args.game == "truc":
            res = bench_truc_grading(args.games or 6)
        else:
            res = bench_grading(args.games or 40, args.iterations, noise=args.noise)
    elif args.what == "values":
        from tools.lab.values_check import bench as values_bench

        res = dict(values_bench(args.rounds))
    elif args.what == "solved":
        from tools.lab.solved_bench import bench as solved_bench

        res = dict(solved_bench(args.matches))
    elif args.what == "tight":
        from tools.lab.tight_bench import bench

        res = dict(bench(args.positions))
    elif args.what == "settle":
        res = bench_settle(args.positions, args.iterations, args.tiers)
    elif args.what == "peek":
        res = bench_peek(args.deals, args.iterations)
    elif args.what == "belief":
        res = bench_belief(args.games, args.opponents, args.betas)
    elif args.what == "engine":
        res = bench_engine(args.runs, args.seconds)
    elif args.what == "regret":
        res = bench_regret(args.positions, args.worlds, args.iterations, args.tiers,
                           reference=args.reference)
    else:
        res = bench_ai(args.positions, args.iterations, args.decisions, args.tiers)
    if args.json:
        print(json.dumps(res))
    else:
        _print(res)
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
