"""Pure rules engines, one module per game (no I/O, no Textual).

The public surface is fixed by ENGINE_API.md; see ``trufludo`` and ``truc``.
"""

from typing import TYPE_CHECKING, TypeAlias

from truf_tui.engine import truc, trufludo
from truf_tui.engine.common import GameState, IllegalActionError, IllegalReason

GAMES: tuple[str, ...] = (trufludo.GAME, truc.GAME)
"""The games there are, one engine module each (the names everyone else uses)."""

Observation: TypeAlias = trufludo.Observation | truc.Observation
"""``state.observation(p)`` of either game; ``observation["game"]`` tells which."""

__all__ = ["GAMES", "GameState", "IllegalActionError", "IllegalReason", "Observation",
           "trufludo", "truc"]

if TYPE_CHECKING:  # mypy checks here that both engines' states satisfy the protocol
    _trufludo: type[GameState[trufludo.Play]] = trufludo.State
    _truc: type[GameState[truc.Action]] = truc.State
