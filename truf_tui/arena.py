"""``python -m truf_tui.arena``: runs ``tools/arena.py`` of the git checkout (``_devtool``)."""

import sys

from truf_tui._devtool import run

if __name__ == "__main__":
    sys.exit(run("arena"))
