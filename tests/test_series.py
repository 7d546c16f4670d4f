"""F12: best-of-N series and the knockout tournament."""

from __future__ import annotations

import pytest

from truf_tui.engine import trufludo
from truf_tui.engine.series import Series, Tournament


def test_F12_series_alternates_the_deal_and_needs_a_majority() -> None:
    s = Series(best_of=3, first_dealer=1)
    assert s.next_dealer() == 1
    s = s.record(0)
    assert s.next_dealer() == 0
    s = s.record(None)  # a draw counts for nobody; the deal still alternates
    assert s.next_dealer() == 1 and not s.is_over() and s.wins() == (1, 0)
    s = s.record(1).record(0)
    assert s.is_over() and s.winner() == 0 and s.wins() == (2, 1)
    with pytest.raises(ValueError, match="already over"):
        s.record(1)
    assert Series.from_dict(s.to_dict()) == s


def test_F12_single_game_is_a_best_of_one() -> None:
    s = Series()
    assert s.needed == 1 and s.record(1).winner() == 1


def test_F12_series_validates_its_options() -> None:
    with pytest.raises(ValueError, match="best_of"):
        Series(best_of=2)
    with pytest.raises(ValueError, match="first_dealer"):
        Series(first_dealer=2)


def test_F12_series_games_are_dealt_by_the_series() -> None:
    s = Series(best_of=3, first_dealer=0)
    for _ in range(2):
        game = trufludo.new_game(seed=5, dealer=s.next_dealer())
        assert game.dealer == s.next_dealer() and game.current_player == 1 - game.dealer
        s = s.record(0)
    assert s.winner() == 0


def test_F12_knockout_tournament_semi_finals_then_final() -> None:
    t = Tournament(("Ana", "Bob", "Cy", "Di"), dealers=(0, 1, 0))
    assert t.stage() == "semi-final 1" and t.current().players == ("Ana", "Bob")
    t = t.record(None)  # a drawn game is replayed with the deal switched
    assert t.stage() == "semi-final 1" and t.current().next_dealer() == 1
    t = t.record(1)  # Bob wins
    assert t.stage() == "semi-final 2" and t.current().players == ("Cy", "Di")
    assert t.current().next_dealer() == 1
    t = t.record(0)  # Cy wins
    assert t.stage() == "final" and t.current().players == ("Bob", "Cy")
    t = t.record(1)
    assert t.stage() == "over" and t.champion() == "Cy" and t.current() is None
    assert Tournament.from_dict(t.to_dict()) == t
    with pytest.raises(ValueError, match="over"):
        t.record(0)


def test_F12_tournament_needs_four_different_players() -> None:
    with pytest.raises(ValueError, match="four players"):
        Tournament(("A", "A", "B", "C"))


def test_F12_capped_match_ends_after_twice_best_of_games() -> None:
    s = Series.capped(best_of=3, first_dealer=0)
    assert s.max_games == 6
    for r in (None, 0, None, 1, None):
        s = s.record(r)
        assert not s.is_over()
    s = s.record(None)  # the sixth game: the cap, wins equal -> a drawn match
    assert s.is_over() and s.winner() is None and s.is_drawn()
    t = Series.capped(best_of=1)
    assert t.max_games == 2
    t = t.record(None).record(None)
    assert t.is_drawn()
    u = Series.capped(best_of=5).record(0)
    for _ in range(9):
        u = u.record(None)
    assert u.is_over() and u.winner() == 0 and not u.is_drawn()  # more wins at the cap
    assert Series.from_dict(u.to_dict()) == u
    with pytest.raises(ValueError, match="max_games"):
        Series(best_of=3, max_games=2)


def test_F12_tournament_pairings_of_best_of_three() -> None:
    t = Tournament(("Ana", "Bob", "Cy", "Di"), best_of=3)
    t = t.record(0).record(None).record(1)
    assert t.stage() == "semi-final 1" and t.current().wins() == (1, 1)
    assert t.current().next_dealer() == 1  # the deal alternates over the three games
    t = t.record(1)
    assert t.stage() == "semi-final 2" and t.pairings[0].winner() == "Bob"
    t = t.record(0).record(0)
    assert t.stage() == "final" and t.current().players == ("Bob", "Cy")
    assert t.current().best_of == 3
    assert Tournament.from_dict(t.to_dict()) == t
    t = t.record(1).record(1)
    assert t.champion() == "Cy"
    with pytest.raises(ValueError, match="best_of"):
        Tournament(("A", "B", "C", "D"), best_of=2)
