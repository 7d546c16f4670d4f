"""The expert told its opponent instead of reading it: what a reading could at best win.

``ExpertTrucBot(respond=told(model, after))`` plays the best response to the threshold
player ``model`` from round ``after`` + 1 of each match on, whatever its reading says,
and its misreading checks are not asked.  ``tools/lab/habits_measure.py`` measures the
match tables so; the told-opponent runs measure what a reading that needs ``after``
rounds could win.
"""

from __future__ import annotations

from truf_tui.ai.expert.reading import OpponentReading
from truf_tui.ai.expert.response import Answers, Move, Respond, respond_to
from truf_tui.engine import truc
from truf_tui.strategy.matchtable import MatchWin
from truf_tui.strategy.threshold import fixed_habit


def told(model: tuple[float, float], after: int = 0, keep_answers: bool = True,
         match: MatchWin | None = None) -> Respond:
    """The response to ``model`` from round ``after`` + 1 of each match on, its answers kept
    to the solved player's (SUPPORT) unless ``model`` is a fixed habit or ``keep_answers``
    is off; the round's ends valued by ``match`` (``model``'s own table from the shipped
    counts without it, else the self-play one)."""

    def respond(reading: OpponentReading, o: truc.Observation, until: float,
                answers: Answers | None = None) -> Move | None:
        if reading.rounds < after:
            return None
        keep = keep_answers and not fixed_habit(model)
        return respond_to(reading, model, o, until, answers if keep else None, match)

    return respond
