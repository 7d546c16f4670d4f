"""The tilt: the solved distribution leaned the way the reading of the opponent points.

By the measured excess (:class:`truf_tui.ai.expert.reading.Tally`), scaled to the room
left: an opponent who refuses too often is raised more (bluffs with every hand); one who
refuses too rarely is bluffed less (weak hands stop raising) and value-raised more; one
who raises too often is called more (every hand with a fair chance of winning the tricks);
one who raises too rarely is believed (middling hands refuse).  A hand's strength is its
chance of winning the tricks against a random hand of the unseen cards
(:func:`truf_tui.ai.truc_knowledge.equity`).  With no significant evidence the
distribution is the solved one, unchanged.
"""

from __future__ import annotations

from collections.abc import Callable

from truf_tui.ai.expert.reading import OpponentReading
from truf_tui.engine import truc

# A deviation need be only 4 times likelier than the equilibrium (not PRIOR_ODDS) to bluff
# less: the solved player is indifferent about its bluffs (each bluffing hand gains as
# much either way against the equilibrium), so bluffing less costs nothing against an
# equilibrium player; only one who then folds more could gain.
FREE_ODDS = 4.0
WEAK, STRONG = 0.5, 0.65  # a hand's chance of winning the tricks: bluff / value (T6)
CALL_RAISE, CALL_REST = 0.3, 0.5  # enough to call an over-raiser's raise, rest (T7, T8)
VALUE_REST = 0.8  # above this, a rest against one who calls too often
BELIEVE = 0.6  # below this, an under-raiser's raise is refused
# Bluffing more pays only against one who refuses nearly always, and calling more only
# against one who raises nearly always: honest and tight players refuse often but call
# with their good hands, and raise often but with good hands.
FOLDER = 0.85


def tilt(probs: dict[truc.Action, float], o: truc.Observation, reading: OpponentReading,
         strength: Callable[[], float], card: Callable[[], truc.Action]
         ) -> dict[truc.Action, float]:
    """``probs`` (the solved distribution) moved by what ``reading`` has measured; the same
    dict's keys, summing to 1.  ``strength`` is the hand's chance of winning the tricks,
    ``card`` the card to play where the solved player would never play one."""
    out = dict(probs)
    raises = [a for a in (truc.RAISE, truc.REST) if a in out]
    plays = [a for a in out if a.kind == "play"]
    if o["pending"] is None and truc.RAISE in out:  # my turn, and I may raise (T7)
        rest = reading.refuses_rest.tilt(scaled=False, odds=FREE_ODDS)
        if rest < 0 and truc.REST in out and strength() < BELIEVE:
            # it calls rests too often: a rest is for the game (T8), so only with a good hand
            _shift(out, [truc.REST], plays or [card()], -rest, fallback=card)
        t = reading.refuses.tilt()
        # it accepts rests (or raises) too often: a rest, for the game (T8), with a very
        # good hand (the posterior alone: measured, the scaled excess moved too little)
        calls = min(reading.refuses_rest.tilt(scaled=False), t)
        if calls < 0 and truc.REST in out and strength() > VALUE_REST:
            _shift(out, plays + [truc.RAISE], [truc.REST], -calls)
        if t > 0 and reading.refuses.rate() >= FOLDER:  # it nearly always refuses: raise it
            _shift(out, plays, [truc.RAISE], t)
        elif t < 0:
            e = strength()
            if e < WEAK:  # it calls too often: stop bluffing it
                bluff = -reading.refuses.tilt(scaled=False, odds=FREE_ODDS)
                _shift(out, raises, plays or [card()], bluff, fallback=card)
            elif e > STRONG:  # ... and raise it for value
                _shift(out, plays, [truc.RAISE], -t)
    elif o["pending"] in ("raise", "rest"):  # it raised (T7) or rested (T8)
        t = reading.raises.tilt()
        if t != 0:
            e = strength()
            if (t > 0 and reading.raises.rate() >= FOLDER
                    and e >= (CALL_RAISE if o["pending"] == "raise" else CALL_REST)):
                _shift(out, [truc.REFUSE], [truc.ACCEPT], t)  # it bluffs too often: call
            elif t < 0 and e < BELIEVE:  # it raises only with strong hands: believe it
                _shift(out, [truc.ACCEPT] + raises, [truc.REFUSE], -t)
    return out


def _shift(out: dict[truc.Action, float], sources: list[truc.Action],
           dests: list[truc.Action], share: float,
           fallback: Callable[[], truc.Action] | None = None) -> None:
    """Move ``share`` of the sources' probability to the destinations, in proportion to
    what they hold (equally if nothing; to ``fallback()``'s move if that is a card)."""
    moved = sum(out.get(a, 0.0) for a in sources) * share
    if moved <= 0:
        return
    for a in sources:
        out[a] = out.get(a, 0.0) * (1.0 - share)
    held = sum(out.get(a, 0.0) for a in dests)
    if held <= 0 and fallback is not None:
        dests = [fallback()]
    if held > 0:
        for a in dests:
            out[a] += moved * out[a] / held
    else:
        for a in dests:
            out[a] = out.get(a, 0.0) + moved / len(dests)
