"""The entries ``python -m truf_tui.arena`` and ``python -m truf_tui.bench``.

Both harnesses are developer tools kept in ``tools/`` beside the package, in a git checkout
(docs/development.md); they are not installed with the app.  These entries keep the two
commands the guide names, for people and for outside tools that run them.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent


def run(name: str, checkout: Path = CHECKOUT) -> int:
    """Run ``tools/<name>.py``'s ``main`` with the command line's arguments, or say why not
    (exit status 2, as for a bad option)."""
    if not (checkout / "tools" / f"{name}.py").is_file():
        print(f"python -m truf_tui.{name} is a developer tool: run it from a git checkout of "
              f"truf-tui (tools/{name}.py beside the package); it is not installed with the "
              "app.", file=sys.stderr)
        return 2
    if str(checkout) not in sys.path:
        sys.path.insert(0, str(checkout))  # before the import: the arena's jobs import it too
    main = importlib.import_module(f"tools.{name}").main
    return int(main(sys.argv[1:]))
