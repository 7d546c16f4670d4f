"""The command line: ``truf-tui [options]`` starts the app."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from truf_tui import __version__

GAMES = ("trufludo", "truc")
TIERS = ("easy", "medium", "hard", "expert")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="truf-tui",
        description="Play Trufludo and Le Truc against the computer in your terminal.",
    )
    p.add_argument("--version", action="version", version=f"truf-tui {__version__}")
    p.add_argument("--game", choices=GAMES, help="start straight into this game")
    p.add_argument("--tier", choices=TIERS, help="the computer opponent's strength")
    p.add_argument("--deck", choices=("french", "italian"), help="Trufludo pack (F1)")
    p.add_argument("--seed", type=int, help="seed of the shuffles, to replay a deal")
    p.add_argument("--lang", choices=("en", "eo"), help="language: English or Esperanto")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from truf_tui.ui.app import TrufApp  # imported late: --help and --version stay fast

    app = TrufApp(game=args.game, tier=args.tier, deck=args.deck, seed=args.seed,
                  lang=args.lang)
    app.run()
    return int(app.return_code or 0)
