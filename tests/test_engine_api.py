"""Both engines' states are one kind of thing: the ``GameState`` protocol (ENGINE_API.md)."""

from __future__ import annotations

import random

from truf_tui.engine import GAMES, GameState, truc, trufludo


def test_both_states_satisfy_the_game_state_protocol() -> None:
    assert GAMES == (trufludo.GAME, truc.GAME)
    for mod in (trufludo, truc):
        s = mod.new_game(seed=5)
        assert isinstance(s, GameState)
        a = s.legal_actions()[0]
        t = s.apply_unchecked(a)
        assert isinstance(t, GameState) and t == s.apply(a) == s.apply(str(a))
        assert type(s).from_dict(s.to_dict()) == s
        assert s.determinize(0, random.Random(1)).observation(0) == s.observation(0)
    assert not isinstance(object(), GameState)
