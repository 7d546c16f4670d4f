"""The computer players (ENGINE_API.md "The AI players").

```python
from truf_tui.ai import make_bot, TIERS
bot = make_bot("truc", "hard", seed=1)               # TIERS == ("easy", "medium", "hard", "expert")
action = bot.choose(state.observation(player))       # a legal engine action
stats = bot.analyse(state.observation(player))       # every legal action, best first
```

Besides the four tiers, ``make_bot`` builds the scripted reference players of
:mod:`truf_tui.ai.scripted`: ``random`` (both games) and, for Truc, ``always_raise``,
``calling_station``, ``rock``, ``honest`` and ``tight`` (an independent tight Monte
Carlo baseline, :mod:`truf_tui.ai.tight`), and ``solved``, the solved strategy played as
it is (:mod:`truf_tui.ai.solved`).  Each is built
by :data:`REGISTRY`, which imports a player's module only when that player is built.

This package never imports Textual or anything in ``truf_tui.ui``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, TypedDict, overload

from truf_tui.ai.base import (
    DEFAULT_TIME,
    GAMES,
    TIERS,
    ActionStats,
    BaseBot,
    Bot,
    TrucBot,
    TrufludoBot,
)
from truf_tui.ai.scripted import SCRIPTED, SCRIPTED_TRUC
from truf_tui.engine import truc

if TYPE_CHECKING:
    from truf_tui.ai import expert, scripted, trufludo_ai
    from truf_tui.ai.expert.reading import OpponentReading
    from truf_tui.engine import Observation, trufludo

    # mypy checks here that the players satisfy the protocol of their game
    _expert_is: type[TrucBot] = expert.ExpertTrucBot
    _search_is: type[TrufludoBot] = trufludo_ai.SearchBot
    _random_is: type[Bot[truc.Action | trufludo.Play, Observation]] = scripted.RandomBot

__all__ = ["DEFAULT_TIME", "GAMES", "PLAYERS", "SCRIPTED", "TIERS", "ActionStats", "Bot",
           "BotOptions", "TrucBot", "TrufludoBot", "make_bot", "players"]


def players(game: str) -> tuple[str, ...]:
    """Every name ``make_bot`` accepts for ``game``: the tiers, then the scripted players."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
    return TIERS + (("random",) + SCRIPTED_TRUC + ("solved",) if game == "truc"
                    else ("random",))


PLAYERS = {g: players(g) for g in GAMES}

class BotOptions(TypedDict, total=False):
    """The search budget ``make_bot`` takes by keyword, as the app gives it to every
    computer player (the tests: small budgets)."""

    time_limit: float | None
    iterations: int | None


AnyBot: TypeAlias = BaseBot[Any, Any]
"""A player of either game: ``make_bot`` checks the game against the registry."""

# Builds a player from (seed, time_limit, iterations, opponent).  Each imports its module
# only when called, so building one player loads nothing of the others (a Truc ``easy``
# bot none of the expert's modules).
Build = Callable[[int | None, float | None, int | None, str | None], AnyBot]


def _hard_truc(seed: int, iterations: int | None) -> BaseBot[truc.Action, truc.Observation]:
    """The hard tier's search at its own time: who plays when the solved files are missing."""
    from truf_tui.ai.truc_ai import HardTrucBot

    return HardTrucBot(seed, None, iterations)


def _reading(opponent: str | None) -> OpponentReading | None:
    if opponent is None:
        return None
    from truf_tui.ai.expert.reading import remembered

    return remembered(opponent)


def _expert(seed: int | None, time_limit: float | None, iterations: int | None,
            opponent: str | None) -> AnyBot:
    from truf_tui.ai.expert import ExpertTrucBot

    return ExpertTrucBot(seed, time_limit, iterations, reading=_reading(opponent),
                         fallback=_hard_truc)


def _solved(seed: int | None, time_limit: float | None, iterations: int | None,
            opponent: str | None) -> AnyBot:
    from truf_tui.ai.solved import SolvedTrucBot

    return SolvedTrucBot(seed, time_limit, iterations, fallback=_hard_truc)


def _truc_search(tier: str) -> Build:
    def build(seed: int | None, time_limit: float | None, iterations: int | None,
              opponent: str | None) -> AnyBot:
        from truf_tui.ai.truc_ai import TIER_CLASSES

        return TIER_CLASSES[tier](seed, time_limit, iterations)
    return build


def _trufludo(tier: str) -> Build:
    def build(seed: int | None, time_limit: float | None, iterations: int | None,
              opponent: str | None) -> AnyBot:
        from truf_tui.ai.trufludo_ai import TIER_CLASSES

        return TIER_CLASSES[tier](seed, time_limit, iterations)
    return build


def _scripted(name: str) -> Build:
    def build(seed: int | None, time_limit: float | None, iterations: int | None,
              opponent: str | None) -> AnyBot:
        from truf_tui.ai.scripted import TRUC_CLASSES

        return TRUC_CLASSES[name](seed, time_limit, iterations)
    return build


def _random(game: str) -> Build:
    def build(seed: int | None, time_limit: float | None, iterations: int | None,
              opponent: str | None) -> AnyBot:
        from truf_tui.ai.scripted import RandomBot

        return RandomBot(game, seed, time_limit, iterations)
    return build


REGISTRY: dict[tuple[str, str], Build] = {
    ("truc", "easy"): _truc_search("easy"),
    ("truc", "medium"): _truc_search("medium"),
    ("truc", "hard"): _truc_search("hard"),
    ("truc", "expert"): _expert,
    ("truc", "solved"): _solved,
    ("truc", "random"): _random("truc"),
    **{("truc", name): _scripted(name) for name in SCRIPTED_TRUC},
    **{("trufludo", tier): _trufludo(tier) for tier in TIERS},
    ("trufludo", "random"): _random("trufludo"),
}
assert set(REGISTRY) == {(g, name) for g in GAMES for name in PLAYERS[g]}


@overload
def make_bot(game: Literal["truc"], tier: str, seed: int | None = None,
             time_limit: float | None = None, iterations: int | None = None,
             opponent: str | None = None) -> TrucBot: ...
@overload
def make_bot(game: Literal["trufludo"], tier: str, seed: int | None = None,
             time_limit: float | None = None, iterations: int | None = None,
             opponent: str | None = None) -> TrufludoBot: ...
@overload
def make_bot(game: str, tier: str, seed: int | None = None, time_limit: float | None = None,
             iterations: int | None = None, opponent: str | None = None) -> Bot[Any, Any]: ...
def make_bot(game: str, tier: str, seed: int | None = None, time_limit: float | None = None,
             iterations: int | None = None, opponent: str | None = None) -> Bot[Any, Any]:
    """A computer player of ``tier`` (one of ``TIERS``, or a scripted player) for ``game``.

    ``seed`` makes it reproducible (with ``iterations``); ``time_limit`` is seconds per
    decision (default: the tier's, see ``DEFAULT_TIME``); ``iterations`` fixes the search
    budget instead and wins over ``time_limit``.  Tiers that do not search ignore both.
    ``opponent`` names whom it plays: a player that reads its opponent (the Truc expert,
    :mod:`truf_tui.ai.expert`) goes on from what it read of that name earlier in this
    process; without it, it starts afresh.
    """
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
    if tier not in PLAYERS[game]:
        raise ValueError(f"unknown player {tier!r} for {game}: expected one of "
                         f"{', '.join(PLAYERS[game])}")
    if time_limit is not None and not time_limit > 0:
        raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
    return REGISTRY[(game, tier)](seed, time_limit, iterations, opponent)
