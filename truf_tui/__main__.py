"""``python -m truf_tui`` and the ``truf-tui`` command."""

from __future__ import annotations

import sys

from truf_tui.cli import main

if __name__ == "__main__":
    sys.exit(main())
