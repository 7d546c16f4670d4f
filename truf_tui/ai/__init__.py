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
it is (:mod:`truf_tui.ai.solved`).

This package never imports Textual or anything in ``truf_tui.ui``.
"""

from __future__ import annotations

from truf_tui.ai.base import DEFAULT_TIME, GAMES, TIERS, ActionStats, BaseBot, Bot
from truf_tui.ai.scripted import SCRIPTED, SCRIPTED_TRUC, TRUC_CLASSES, RandomBot

__all__ = ["DEFAULT_TIME", "GAMES", "PLAYERS", "SCRIPTED", "TIERS", "ActionStats", "Bot",
           "make_bot", "players"]


def players(game: str) -> tuple[str, ...]:
    """Every name ``make_bot`` accepts for ``game``: the tiers, then the scripted players."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
    return TIERS + (("random",) + SCRIPTED_TRUC + ("solved",) if game == "truc"
                    else ("random",))


PLAYERS = {g: players(g) for g in GAMES}


def make_bot(game: str, tier: str, seed: int | None = None, time_limit: float | None = None,
             iterations: int | None = None, opponent: str | None = None) -> Bot:
    """A computer player of ``tier`` (one of ``TIERS``, or a scripted player) for ``game``.

    ``seed`` makes it reproducible (with ``iterations``); ``time_limit`` is seconds per
    decision (default: the tier's, see ``DEFAULT_TIME``); ``iterations`` fixes the search
    budget instead and wins over ``time_limit``.  Tiers that do not search ignore both.
    ``opponent`` names whom it plays: a player that measures its opponent (the Truc
    expert, :mod:`truf_tui.ai.exploit`) goes on from what it measured of that name earlier
    in this process; without it, it starts afresh.
    """
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
    if tier not in PLAYERS[game]:
        raise ValueError(f"unknown player {tier!r} for {game}: expected one of "
                         f"{', '.join(PLAYERS[game])}")
    if time_limit is not None and not time_limit > 0:
        raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
    bot: BaseBot
    if tier == "random":
        bot = RandomBot(game, seed, time_limit, iterations)
    elif tier == "solved":  # the solved strategy alone (truf_tui.ai.solved), read lazily
        from truf_tui.ai.solved import SolvedTrucBot

        bot = SolvedTrucBot(seed, time_limit, iterations)
    elif tier in TRUC_CLASSES:
        bot = TRUC_CLASSES[tier](seed, time_limit, iterations)
    elif game == "trufludo":
        from truf_tui.ai import trufludo_ai

        bot = trufludo_ai.TIER_CLASSES[tier](seed, time_limit, iterations)
    else:
        from truf_tui.ai import truc_ai

        bot = truc_ai.TIER_CLASSES[tier](seed, time_limit, iterations)
    if opponent is not None and tier == "expert" and game == "truc":
        from truf_tui.ai.exploit import ExpertTrucBot, remembered

        if isinstance(bot, ExpertTrucBot):
            bot.model = remembered(opponent)
    return bot
