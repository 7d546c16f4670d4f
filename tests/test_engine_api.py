"""Both engines' states are one kind of thing: the ``GameState`` protocol (ENGINE_API.md)."""

from __future__ import annotations

import random
from typing import Any

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


def test_each_observation_has_exactly_the_keys_of_its_typed_dict() -> None:
    # The TypedDicts are annotations only: this keeps them in step with what the engines build,
    # over whole games (a round's end, a pending raise and a finished game included).
    rng = random.Random(7)
    for mod in (trufludo, truc):
        for seed in range(4):
            s = mod.new_game(seed=seed)
            while True:
                for p in (0, 1):
                    o: dict[str, Any] = dict(s.observation(p))
                    assert set(o) == mod.Observation.__required_keys__
                    assert o["game"] == mod.GAME
                    if mod is truc:
                        rounds = [] if o["last_round"] is None else [o["last_round"]]
                        for r in rounds:
                            assert set(r) == truc.RoundEndDict.__required_keys__
                        for t in o["tricks"] + [t for r in rounds for t in r["tricks"]]:
                            assert set(t) == truc.TrickDict.__required_keys__
                if s.is_terminal():
                    break
                s = s.apply(rng.choice(s.legal_actions()))


def test_initial_is_where_the_history_replays_from() -> None:
    from truf_tui.engine.common import replayed

    rng = random.Random(3)
    for mod, kw in ((trufludo, {}), (truc, {}), (truc, {"scores": (9, 10)})):
        for seed in range(20):
            s = mod.new_game(seed=seed, **kw)
            for _ in range(rng.randrange(40)):
                if s.is_terminal():
                    break
                s = s.apply(rng.choice(s.legal_actions()))
            assert s.initial() == mod.new_game(seed=seed, **kw)
            assert replayed(s.initial(), s.history) == s


def test_coach_reviews_a_match_started_at_a_score_from_that_score() -> None:
    from truf_tui import coach

    s = truc.new_game(seed=4, dealer=0, scores=(6, 10))
    # player 1 declares his rest, 0 accepts, 1 folds: T9, he concedes the game
    s = s.apply(truc.REST).apply(truc.ACCEPT).apply(truc.FOLD)
    assert s.is_terminal() and s.points == (12, 10)
    (start, acts), = coach.round_starts(s)
    assert start.points == (6, 10) and acts == list(s.history)
    end = coach.reviews(s)[0].end
    assert end.game and end.points == 6  # 6 -> 12 (from 0-0 it would have said 12)
