"""Pure rules engines, one module per game (no I/O, no Textual).

The public surface is fixed by ENGINE_API.md; see ``trufludo`` and ``truc``.
"""

from truf_tui.engine import truc, trufludo
from truf_tui.engine.common import IllegalActionError

GAMES: tuple[str, ...] = (trufludo.GAME, truc.GAME)
"""The games there are, one engine module each (the names everyone else uses)."""

__all__ = ["GAMES", "IllegalActionError", "trufludo", "truc"]
