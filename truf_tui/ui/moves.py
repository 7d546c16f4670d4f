"""Moves in words: what the move log, the replay and the example viewer show for a move.

The T11 notation (``play KD``, ``play 8D take 4D``, ``raise``, ``accept`` …) is the language of
game records, saves and the engine API; it stays there.  On screen every move goes through
the translations, with cards as the same chips as the rest of the UI (``K♦``), in English and
in Esperanto alike.
"""

from __future__ import annotations

from collections.abc import Iterable

from truf_tui.engine import truc, trufludo
from truf_tui.engine.record import AnyAction, AnyState
from truf_tui.ui.i18n import tr
from truf_tui.ui.widgets.cards import card_markup


def parse_move(before: AnyState, move: AnyAction | str) -> AnyAction:
    """``move`` (an action, or its T11 text) as an action of ``before``'s game."""
    if not isinstance(move, str):
        return move
    if isinstance(before, truc.State):
        return truc.parse_action(move)
    return trufludo.parse_action(move, before.rules)


def move_words(before: AnyState, move: AnyAction | str, style: str = "symbols") -> str:
    """A move as the log says it after the mover's name: ``K♦``, ``K♦ takes 7♦``, “2 pli?”
    (stake 4), “I accept.” …  ``before`` is the position the move was played in."""
    action = parse_move(before, move)
    if isinstance(before, truc.State):
        assert isinstance(action, truc.Action)
        kind = action.kind
        if kind == "play":
            assert action.card is not None  # a play names its card
            return tr("move.t.play", card=card_markup(action.card, style))
        if kind == "raise":  # T7: the stake it asks for
            return tr("move.t.raise", n=truc.next_stake(before.stake))
        if kind in ("accept", "refuse"):
            return tr(f"move.t.{kind}.{before.pending or 'raise'}")
        return tr(f"move.t.{kind}")
    assert isinstance(action, trufludo.Play)
    card = card_markup(action.card, style)
    if action.take is None:
        return tr("move.f.throw", card=card)
    return tr("move.f.take", card=card, take=card_markup(action.take, style))


def legal_words(state: AnyState, moves: Iterable[AnyAction | str],
                style: str = "symbols") -> str:
    """A list of moves (actions or T11 texts) that ``state`` allows, as the hints name them:
    “play 10♦, raise to 2 (“2 pli?”), fold”."""
    from truf_tui.ui.widgets.hints import action_text

    game = "truc" if isinstance(state, truc.State) else "trufludo"
    return ", ".join(action_text(game, state, parse_move(state, m), style) for m in moves)
