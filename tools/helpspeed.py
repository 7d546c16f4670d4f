"""``python -m tools.helpspeed``: how long F1 takes to show the help.

Each run starts a fresh app headless (``App.run_test``, 100×32 unless told), presses F1
on the start screen and times until the help's text is laid out and drawn, closes it
with Escape and opens it again a few times.  The first opening lays the help out; the
later ones show the help kept from it (``TrufApp._help_screen``).  Prints the median of
the runs for the first opening and for the others.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any


async def time_openings(openings: int, size: tuple[int, int]) -> list[float]:
    """Seconds from F1 to the help drawn, for each opening in one fresh app."""
    from truf_tui.ui.app import TrufApp
    from truf_tui.ui.screens.help import HelpScreen

    out: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        app = TrufApp(data_dir=Path(folder))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for _ in range(openings):
                t0 = time.perf_counter()
                await pilot.press("f1")
                while not (isinstance(app.screen, HelpScreen) and app.screen._loaded_lang):
                    await asyncio.sleep(0.002)
                await pilot.pause()  # drawn
                out.append(time.perf_counter() - t0)
                await pilot.press("escape")
                await pilot.pause()
    return out


def measure(runs: int = 5, openings: int = 4, size: tuple[int, int] = (100, 32)
            ) -> dict[str, Any]:
    first, again = [], []
    for _ in range(runs):
        times = asyncio.run(time_openings(openings, size))
        first.append(times[0])
        again += times[1:]
    return {"runs": runs, "openings": openings, "size": list(size),
            "first_seconds": statistics.median(first),
            "again_seconds": statistics.median(again) if again else None}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.helpspeed",
                                 description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5, help="fresh apps (default 5)")
    ap.add_argument("--openings", type=int, default=4, help="F1 presses in each (default 4)")
    ap.add_argument("--size", type=int, nargs=2, default=(100, 32), metavar=("W", "H"))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.runs < 1 or args.openings < 1:
        ap.error("--runs and --openings must be at least 1")
    res = measure(args.runs, args.openings, tuple(args.size))
    if args.json:
        print(json.dumps(res))
    else:
        again = res["again_seconds"]
        print(f"help, first opening: {res['first_seconds']:.3f} s; opened again: "
              + (f"{again:.3f} s" if again is not None else "-")
              + f" (median of {args.runs} runs, {args.size[0]}x{args.size[1]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
