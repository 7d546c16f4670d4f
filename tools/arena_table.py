"""Summarise arena journals as one Markdown table: ``python -m tools.arena_table FILE...``.

A journal is what ``python -m truf_tui.arena ... --journal FILE`` writes (plain or gzipped,
``*.jsonl[.gz]``).  Each row gives A's wins / draws / losses, A's score with its 95% Wilson
interval and the interval over deal pairs (games 2k and 2k + 1 are one deal with the seats
swapped), the illegal moves, both sides' seconds per decision (mean / longest) and, for Le
Truc, their raises (bluffs) and calls.
"""

from __future__ import annotations

import argparse
import gzip
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tools.arena import Side, deal_pairs, pair_interval, read_journal, wilson

COLUMNS = ("journal", "A", "B", "games", "A wins/draws/losses", "A's score", "95% Wilson",
           "95% over deal pairs", "illegal", "s/decision A (mean / longest)",
           "s/decision B", "Truc: raises (bluffs), calls A; B")


def header_of(path: Path) -> dict[str, Any]:
    opener: Any = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as f:
        head = json.loads(f.readline())
    if not isinstance(head, dict):
        raise ValueError(f"{path} is not an arena journal")
    return head


def seconds(sides: list[Side]) -> str:
    decisions = sum(s.decisions for s in sides)
    mean = sum(s.seconds for s in sides) / max(decisions, 1)
    return f"{mean:.3f} / {max((s.max_seconds for s in sides), default=0.0):.2f}"


def betting(sides: list[Side]) -> str:
    return (f"{sum(s.raises for s in sides)} ({sum(s.bluffs for s in sides)}), "
            f"{sum(s.calls for s in sides)}")


def row(path: Path) -> str:
    head = header_of(path)
    games = read_journal(str(path), head)
    n = max(len(games), 1)
    wins = sum(1 for r, _, _ in games.values() if r > 0)
    draws = sum(1 for r, _, _ in games.values() if r == 0)
    lo, hi = wilson(wins + draws / 2, n)
    pi = pair_interval(deal_pairs({i: r for i, (r, _, _) in games.items()}))
    side_a = [a for _, a, _ in games.values()]
    side_b = [b for _, _, b in games.values()]
    truc = (f"{betting(side_a)}; {betting(side_b)}" if head.get("game") == "truc" else "–")
    cells = [f"`{path.name}`", str(head.get("a")), str(head.get("b")), str(len(games)),
             f"{wins}/{draws}/{len(games) - wins - draws}", f"{(wins + draws / 2) / n:.3f}",
             f"[{lo:.3f}, {hi:.3f}]", f"[{pi[0]:.3f}, {pi[1]:.3f}]" if pi else "–",
             str(sum(s.illegal for s in side_a + side_b)), seconds(side_a), seconds(side_b),
             truc]
    return "| " + " | ".join(cells) + " |"


def table(paths: Sequence[Path]) -> str:
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + " --- |" * len(COLUMNS)]
    return "\n".join(lines + [row(p) for p in paths]) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.arena_table",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("journals", nargs="+", type=Path, metavar="FILE")
    print(table(ap.parse_args(argv).journals), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
