"""Pure rules engines, one module per game (no I/O, no Textual).

The public surface is fixed by ENGINE_API.md; see ``trufludo`` and ``truc``.
"""

from truf_tui.engine import truc, trufludo
from truf_tui.engine.common import IllegalActionError

__all__ = ["IllegalActionError", "trufludo", "truc"]
