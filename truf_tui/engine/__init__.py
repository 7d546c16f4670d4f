"""Pure rules engines, one module per game (no I/O, no Textual).

The public surface is fixed by ENGINE_API.md; see ``trufludo`` and ``truc``.
"""

from truf_tui.engine import trufludo, truc
from truf_tui.engine.common import IllegalActionError

__all__ = ["IllegalActionError", "trufludo", "truc"]
