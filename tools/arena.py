"""The arena: computer players against each other, to measure their strength.

    python -m truf_tui.arena --game truc --a expert --b hard --games 400 --seed 1 --jobs 2

plays complete games (Truc: whole matches to the target) between player A and player B,
alternating the seats and the first dealer: games ``2k`` and ``2k + 1`` are dealt from the
same seed with the seats swapped, and the first dealer alternates every pair.  It prints
A's wins / draws / losses, A's score rate (a draw counts one half) with its 95% Wilson
interval (and the 95% interval over the deal pairs, narrower since a deal's luck partly
cancels within its pair), the mean and maximum seconds per decision of each side, the
number of illegal actions (an illegal action, or an exception, forfeits that game), and for
Truc how often each side raised, bluffed, called and folded.

**Bluff** (Truc): the coach's definition, :func:`truf_tui.ai.solved_view.is_bluff_at`: a
raise or a rest whose hand, called, wins the round less than half the time against the
hands with which the solved opponent accepts it (where the solved strategy cannot say,
an exact ``round_equity`` below 0.35).  Journals written before this definition counted
the exact ``round_equity`` below 0.35 alone, and older ones a Monte Carlo strength below
0.4.
**Call**: accepting a raise or a rest.

Any tier or scripted player may sit on either side (``truf_tui.ai.players(game)``).
``--time-limit`` / ``--iterations`` set both sides' budgets (default: each tier's own);
``--a-iterations``, ``--b-time-limit`` etc. set one side's.  ``--json`` prints one JSON
object instead of the table.  ``--journal FILE`` appends every finished game to ``FILE``
and skips the games already there, so a long run (hours at the full budgets) can be stopped
and continued with the same command; the result counts every game in the journal.
``--series N`` plays the games in series of N by the same two players (seats still
alternating), so that a player that measures its opponent (the Truc expert,
:mod:`truf_tui.ai.expert`) goes on from what it has seen; by default each game has new
players.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from truf_tui.ai import make_bot, players
from truf_tui.engine import truc, trufludo


@dataclass
class Side:
    decisions: int = 0
    seconds: float = 0.0
    max_seconds: float = 0.0
    illegal: int = 0
    raises: int = 0
    bluffs: int = 0
    calls: int = 0
    folds: int = 0
    refusals: int = 0

    def add(self, o: Side) -> None:
        self.decisions += o.decisions
        self.seconds += o.seconds
        self.max_seconds = max(self.max_seconds, o.max_seconds)
        self.illegal += o.illegal
        self.raises += o.raises
        self.bluffs += o.bluffs
        self.calls += o.calls
        self.folds += o.folds
        self.refusals += o.refusals

    @property
    def mean_seconds(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0


@dataclass
class ArenaResult:
    game: str
    a: str
    b: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    side_a: Side = field(default_factory=Side)
    side_b: Side = field(default_factory=Side)
    settings: dict[str, Any] = field(default_factory=dict)
    wall_seconds: float = 0.0
    pairs: list[float] = field(default_factory=list)  # A's score in each complete deal pair

    @property
    def pair_interval(self) -> tuple[float, float] | None:
        return pair_interval(self.pairs)

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    @property
    def wilson(self) -> tuple[float, float]:
        return wilson(self.wins + 0.5 * self.draws, self.games)

    @property
    def illegal(self) -> int:
        return self.side_a.illegal + self.side_b.illegal

    def to_dict(self) -> dict[str, Any]:
        lo, hi = self.wilson
        d = {
            "game": self.game, "a": self.a, "b": self.b, "games": self.games,
            "wins": self.wins, "draws": self.draws, "losses": self.losses,
            "score": self.score, "wilson95": [lo, hi], "illegal": self.illegal,
            "deal_pairs": len(self.pairs),
            "pairs95": list(self.pair_interval) if self.pair_interval else None,
            "settings": self.settings, "wall_seconds": self.wall_seconds,
        }
        for name, side in (("side_a", self.side_a), ("side_b", self.side_b)):
            sd = asdict(side)
            sd["mean_seconds"] = side.mean_seconds
            if self.game != "truc":
                for k in ("raises", "bluffs", "calls", "folds", "refusals"):
                    sd.pop(k)
            d[name] = sd
        return d

    def report(self) -> str:
        lo, hi = self.wilson
        lines = [
            f"{self.game}: A = {self.a} vs B = {self.b}, {self.games} games "
            f"({self.settings})",
            f"A wins {self.wins}  draws {self.draws}  losses {self.losses}",
            f"A score {self.score:.3f}  95% Wilson [{lo:.3f}, {hi:.3f}]",
        ]
        pi = self.pair_interval
        if pi is not None:
            lines.append(f"A score over {len(self.pairs)} deal pairs: 95% [{pi[0]:.3f}, "
                         f"{pi[1]:.3f}] (each deal played from both seats)")
        for name, who, side in (("A", self.a, self.side_a), ("B", self.b, self.side_b)):
            line = (f"{name} ({who}): {side.decisions} decisions, mean "
                    f"{side.mean_seconds:.4f} s, max {side.max_seconds:.4f} s")
            if self.game == "truc":
                line += (f"; raises {side.raises}, bluffs {side.bluffs}, calls {side.calls},"
                         f" refusals {side.refusals}, folds {side.folds}")
            lines.append(line)
        lines.append(f"illegal actions: {self.illegal}")
        lines.append(f"wall time {self.wall_seconds:.1f} s")
        return "\n".join(lines)


def deal_pairs(results: dict[int, int]) -> list[float]:
    """A's score (win 1, draw 1/2, loss 0) in each complete deal pair of ``results`` (game
    index: result for A, 1 / 0 / -1): games 2k and 2k + 1 are one deal from both seats."""
    points = {i: (r + 1) / 2 for i, r in results.items()}
    return [(points[i] + points[i + 1]) / 2 for i in sorted(points)
            if i % 2 == 0 and i + 1 in points]


def pair_interval(pairs: Sequence[float], z: float = 1.959964) -> tuple[float, float] | None:
    """The 95% interval (normal approximation) of A's score over the deal pairs: a deal's
    luck partly cancels within its pair, so it is narrower than Wilson's, which treats the
    games as independent.  None with fewer than 2 pairs."""
    n = len(pairs)
    if n < 2:
        return None
    m = sum(pairs) / n
    se = math.sqrt(sum((x - m) ** 2 for x in pairs) / (n - 1) / n)
    return (max(0.0, m - z * se), min(1.0, m + z * se))


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= n else min(1.0, centre + half)
    return (lo, hi)


def _new_game(game: str, rules: Any, seed: int, dealer: int) -> Any:
    if game == "truc":
        return truc.new_game(rules, seed=seed, dealer=dealer)
    return trufludo.new_game(rules, seed=seed, dealer=dealer)


def bluffs(state: truc.State, p: int, kind: str = "raise") -> bool:
    """Whether a raise or rest by ``p`` (to move) now is a bluff (the module docstring)."""
    from truf_tui.ai.solved_view import is_bluff_at

    assert state.to_move == p
    return is_bluff_at(state, kind)


Budget = tuple[float | None, int | None]  # (time_limit, iterations) of one side


def play_one(game: str, a: str, b: str, index: int, seed: int, rules: Any,
             budget_a: Budget, budget_b: Budget, kept: list[Any] | None = None
             ) -> tuple[int, Side, Side]:
    """Game ``index`` of a series: (result for A: 1 win, 0 draw, -1 loss, A's side, B's).
    ``kept`` ([A's bot, B's bot], filled on first use) keeps the players from game to
    game, so that what a player learns of its opponent carries over (``--series``)."""
    deal_seed = seed * 1_000_003 + index // 2
    a_seat = index % 2
    dealer = (index // 2) % 2
    names = [a, b] if a_seat == 0 else [b, a]
    budgets = [budget_a, budget_b] if a_seat == 0 else [budget_b, budget_a]
    bots = [make_bot(game, names[i], seed=seed * 7919 + index * 2 + i,
                     time_limit=budgets[i][0], iterations=budgets[i][1]) for i in (0, 1)]
    if kept is not None:
        if not kept:
            kept.extend(bots if a_seat == 0 else bots[::-1])
        bots = kept[:] if a_seat == 0 else kept[::-1]
    sides = [Side(), Side()]
    s = _new_game(game, rules, deal_seed, dealer)
    result = 0
    while not s.is_terminal():
        p = s.current_player
        obs = s.observation(p)
        t0 = time.perf_counter()
        try:
            act = bots[p].choose(obs)
        except Exception:  # noqa: BLE001 - a crash forfeits the game, and is counted
            act = None
        dt = time.perf_counter() - t0
        side = sides[p]
        side.decisions += 1
        side.seconds += dt
        side.max_seconds = max(side.max_seconds, dt)
        legal = s.legal_actions()
        if act is None or act not in legal:
            side.illegal += 1
            result = -1 if p == a_seat else 1
            break
        if game == "truc":
            kind = act.kind
            if kind in ("raise", "rest"):
                side.raises += 1
                if bluffs(s, p, kind):
                    side.bluffs += 1
            elif kind == "accept" and s.pending in ("raise", "rest"):
                side.calls += 1
            elif kind == "refuse" and s.pending in ("raise", "rest"):
                side.refusals += 1
            elif kind == "fold":
                side.folds += 1
        s = s.apply(act)
    else:
        w = s.winner()
        result = 0 if w is None else 1 if w == a_seat else -1
    return result, sides[a_seat], sides[1 - a_seat]


def _one(args: tuple[str, str, str, int, int, Any, Budget, Budget]
         ) -> tuple[int, int, Side, Side]:
    game, a, b, index, seed, rules, budget_a, budget_b = args
    return (index, *play_one(game, a, b, index, seed, rules, budget_a, budget_b))


def _series(args: tuple[str, str, str, list[int], int, Any, Budget, Budget]
            ) -> list[tuple[int, int, Side, Side]]:
    """The games of one series, in order, by the same two players."""
    game, a, b, indices, seed, rules, budget_a, budget_b = args
    kept: list[Any] = []
    return [(i, *play_one(game, a, b, i, seed, rules, budget_a, budget_b, kept))
            for i in indices]


class JournalError(ValueError):
    """A journal that belongs to other settings, or is not a journal at all."""


def _journal_header(game: str, a: str, b: str, seed: int, rules: Any, ba: Budget,
                    bb: Budget, series: int = 1) -> dict[str, Any]:
    head = {"journal": "truf-tui arena", "game": game, "a": a, "b": b, "seed": seed,
            "rules": rules.to_dict(), "budget_a": list(ba), "budget_b": list(bb)}
    if series > 1:  # older journals (independent games) have no such key
        head["series"] = series
    return head


def read_journal(path: str, header: dict[str, Any]) -> dict[int, tuple[int, Side, Side]]:
    """The games already played in the journal at ``path`` (none if it does not exist).

    A journal is JSON lines: a header with the settings, then one line per finished game, so
    a long run can be stopped at any moment and continued later with the same command.  A
    torn last line (the run was killed mid-write) is ignored."""
    import gzip
    import os

    if not os.path.exists(path):
        return {}
    opener: Any = gzip.open if path.endswith(".gz") else open  # research/ keeps them gzipped
    with opener(path, "rt", encoding="utf-8") as f:
        lines = f.read().splitlines()
    if not lines:
        return {}
    try:
        head = json.loads(lines[0])
    except ValueError:
        head = None
    if not isinstance(head, dict) or head.get("journal") != "truf-tui arena":
        raise JournalError(f"{path} is not an arena journal")
    if head != header:
        diff = sorted(k for k in header if head.get(k) != header[k])
        raise JournalError(f"{path} was written with other settings ({', '.join(diff)}); "
                           "use another journal file")
    done: dict[int, tuple[int, Side, Side]] = {}
    for line in lines[1:]:
        try:
            d = json.loads(line)
            done[int(d["index"])] = (int(d["result"]), Side(**d["side_a"]),
                                     Side(**d["side_b"]))
        except (ValueError, KeyError, TypeError):
            continue  # a torn line: that game is played again
    return done


def run_arena(game: str, a: str, b: str, games: int = 100, seed: int = 1, jobs: int = 1,
              time_limit: float | None = None, iterations: int | None = None,
              rules: Any = None, budget_a: Budget | None = None,
              budget_b: Budget | None = None, journal: str | None = None,
              progress: Callable[[int, int], None] | None = None,
              series: int = 1) -> ArenaResult:
    """Play ``games`` games between ``a`` and ``b`` (see the module docstring).

    ``time_limit`` / ``iterations`` apply to both sides unless ``budget_a`` / ``budget_b``
    (a ``(time_limit, iterations)`` pair) give one side its own.  With ``journal`` (a file
    path) every finished game is appended there and the games already in it are not played
    again.  ``progress(done, games)`` is called after each game.  With ``series`` > 1 the
    games are played in series of that many by the same two players (each keeps what it
    has learnt of the other); a series is played whole, again if the journal has only part
    of it."""
    for name in (a, b):
        if name not in players(game):
            raise ValueError(f"unknown player {name!r} for {game}: expected one of "
                             f"{', '.join(players(game))}")
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    if series < 1:
        raise ValueError(f"series must be at least 1, not {series}")
    if rules is None:
        rules = truc.Rules() if game == "truc" else trufludo.Rules()
    t0 = time.perf_counter()
    ba = budget_a or (time_limit, iterations)
    bb = budget_b or (time_limit, iterations)
    header = _journal_header(game, a, b, seed, rules, ba, bb, series)
    done = read_journal(journal, header) if journal else {}
    results = {i: r for i, r in done.items() if i < games}
    groups = [list(range(k, min(k + series, games))) for k in range(0, games, series)]
    for g in groups:  # a series is played whole: drop a partly played one
        if not all(i in results for i in g):
            for i in g:
                results.pop(i, None)
    todo = [i for i in range(games) if i not in results]
    out = None
    if journal:
        import os

        fresh = not os.path.exists(journal) or os.path.getsize(journal) == 0
        out = open(journal, "a", encoding="utf-8")  # noqa: SIM115 - closed below
        if fresh:
            out.write(json.dumps(header) + "\n")
            out.flush()

    def finished(i: int, r: int, sa: Side, sb: Side) -> None:
        results[i] = (r, sa, sb)
        if out is not None:
            out.write(json.dumps({"index": i, "result": r, "side_a": asdict(sa),
                                  "side_b": asdict(sb)}) + "\n")
            out.flush()
        if progress is not None:
            progress(len(results), games)

    if series > 1:
        work_s = [(game, a, b, g, seed, rules, ba, bb) for g in groups if g[0] in todo]
        jobs = max(1, min(jobs, len(work_s) or 1))
    else:
        work = [(game, a, b, i, seed, rules, ba, bb) for i in todo]
        jobs = max(1, min(jobs, len(work) or 1))
    try:
        if series > 1 and jobs > 1:
            import multiprocessing

            with multiprocessing.get_context("spawn").Pool(jobs) as pool:
                for played in pool.imap_unordered(_series, work_s):
                    for i, r, sa, sb in played:
                        finished(i, r, sa, sb)
        elif series > 1:
            for w_s in work_s:
                for i, r, sa, sb in _series(w_s):
                    finished(i, r, sa, sb)
        elif jobs > 1:
            import multiprocessing

            with multiprocessing.get_context("spawn").Pool(jobs) as pool:
                for i, r, sa, sb in pool.imap_unordered(_one, work):
                    finished(i, r, sa, sb)
        else:
            for w in work:
                finished(*_one(w))
    finally:
        if out is not None:
            out.close()
    res = ArenaResult(game, a, b, settings={
        "seed": seed, "jobs": jobs, "a_time_limit": ba[0], "a_iterations": ba[1],
        "b_time_limit": bb[0], "b_iterations": bb[1], "rules": rules.to_dict()})
    for i in sorted(results):
        r, sa, sb = results[i]
        res.games += 1
        if r > 0:
            res.wins += 1
        elif r < 0:
            res.losses += 1
        else:
            res.draws += 1
        res.side_a.add(sa)
        res.side_b.add(sb)
    res.pairs = deal_pairs({i: r for i, (r, _, _) in results.items()})
    res.wall_seconds = time.perf_counter() - t0
    return res


def _print_progress(done: int, games: int) -> None:
    print(f"arena: {done}/{games} games", file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m truf_tui.arena",
                                 description="Computer players against each other.")
    ap.add_argument("--game", choices=("trufludo", "truc"), required=True)
    ap.add_argument("--a", required=True, help="player A: a tier or a scripted player")
    ap.add_argument("--b", required=True, help="player B")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--time-limit", type=float, default=None, help="seconds per decision")
    ap.add_argument("--iterations", type=int, default=None, help="search iterations")
    for side in ("a", "b"):
        ap.add_argument(f"--{side}-time-limit", type=float, default=None,
                        help=f"seconds per decision of {side.upper()} only")
        ap.add_argument(f"--{side}-iterations", type=int, default=None,
                        help=f"search iterations of {side.upper()} only")
    ap.add_argument("--target", type=int, default=None, help="Truc: points to win (T10)")
    ap.add_argument("--deck", choices=("french", "italian"), default=None,
                    help="Trufludo: the pack (F1)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--journal", default=None, metavar="FILE",
                    help="append each finished game to FILE (JSON lines) and skip the games "
                         "already there: a long run can be stopped and continued")
    ap.add_argument("--progress", action="store_true",
                    help="print a line on stderr after each game")
    ap.add_argument("--series", type=int, default=1, metavar="N",
                    help="play the games in series of N by the same two players, so that "
                         "what one learns of the other carries over (default 1: each game "
                         "by new players)")
    args = ap.parse_args(argv)
    if args.game == "truc":
        rules: Any = truc.Rules(target=args.target or 12)
    else:
        rules = trufludo.Rules(deck=args.deck or "french")
    budgets: list[Budget] = []
    for side in ("a", "b"):
        t = getattr(args, f"{side}_time_limit")
        n = getattr(args, f"{side}_iterations")
        budgets.append((args.time_limit if t is None else t,
                        args.iterations if n is None else n))
    try:
        res = run_arena(args.game, args.a, args.b, args.games, args.seed, args.jobs,
                        args.time_limit, args.iterations, rules, budgets[0], budgets[1],
                        journal=args.journal,
                        progress=_print_progress if args.progress else None,
                        series=args.series)
    except ValueError as e:
        print(f"arena: {e}", file=sys.stderr)
        return 2
    print(json.dumps(res.to_dict()) if args.json else res.report())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
