"""Bluff statistics over recorded Truc matches (issue 5): the coach's counts, and how the
statistics screen adds up the history (session, all time).  Every number is checked
against rounds built by hand."""

from __future__ import annotations

from collections.abc import Sequence

from truf_tui import coach
from truf_tui.cards import TRUC_32
from truf_tui.engine import truc
from truf_tui.engine.record import GameRecord
from truf_tui.store import History
from truf_tui.store.saves import game_meta
from truf_tui.ui.screens.stats import bluff_numbers

YOU, CPU = 0, 1
WEAK = ("9S", "10S", "JS")
STRONG = ("7H", "8H", "AH")
GOOD = ("7H", "7S", "8H")


def deal(you: Sequence[str], cpu: Sequence[str]) -> truc.State:
    """A match whose first round deals ``you`` and ``cpu`` (the computer deals, T2), where
    refusing a rest loses the match (T8's variant): one round can be a whole match."""
    top = [you[0], cpu[0], you[1], cpu[1], you[2], cpu[2]]
    rest = [str(c) for c in TRUC_32 if str(c) not in top]
    return truc.new_game(truc.Rules(rest_refusal="game"), deck=top + rest, dealer=CPU, seed=1)


# The four rounds of the tests, each a whole match: a rest (T8) refused or played out.
BLUFF_WORKED = (WEAK, STRONG, ["rest", "refuse"])
BLUFF_CALLED = (WEAK, STRONG, ["rest", "accept", "play JS", "play 7H", "play 8H", "play 9S"])
THEIR_BLUFF_PASSED = (GOOD, WEAK, ["play 8H", "rest", "refuse"])  # a wrong refusal
VALUE_RAISE = (GOOD, WEAK, ["rest", "refuse"])


def played(you: Sequence[str], cpu: Sequence[str], moves: Sequence[str]) -> truc.State:
    s = deal(you, cpu)
    for m in moves:
        s = s.apply(m)
    assert s.is_terminal()
    return s


def review(case: tuple[Sequence[str], Sequence[str], list[str]]) -> coach.RoundReview:
    (r,) = coach.reviews(played(*case))
    return r


def test_the_counts_of_raises_and_bluffs() -> None:
    st = coach.BluffStats.of([review(c) for c in (BLUFF_WORKED, BLUFF_CALLED,
                                                  THEIR_BLUFF_PASSED, VALUE_RAISE)])
    assert st.rounds == 4
    assert (st.my_bets, st.my_bluffs, st.my_bluffs_worked) == (3, 2, 1)
    assert (st.their_bets, st.their_bluffs) == (1, 1)
    # What the tables show: each row's count and what it is out of.
    assert [(k, get(st)) for k, get in coach.BLUFF_ROWS] == [
        ("bluffs.my.bets", (3, 0)), ("bluffs.my.bluffs", (2, 3)),
        ("bluffs.my.worked", (1, 2)), ("bluffs.their.bluffs", (1, 1))]


def test_merge_adds_every_count() -> None:
    a = coach.BluffStats.of([review(BLUFF_WORKED)])
    b = coach.BluffStats.of([review(THEIR_BLUFF_PASSED), review(VALUE_RAISE)])
    both = a.merge(b)
    assert both == coach.BluffStats.of([review(c) for c in (BLUFF_WORKED, THEIR_BLUFF_PASSED,
                                                            VALUE_RAISE)])


def record(case: tuple[Sequence[str], Sequence[str], list[str]], tier: str | None,
           human: int = YOU) -> GameRecord:
    return GameRecord.from_state(played(*case), **game_meta(tier=tier, human=human))


def test_bluff_numbers_from_the_history(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    with History(tmp_path) as history:
        history.add_game(record(BLUFF_WORKED, "expert"), finished_at="2020-01-01T00:00:00+00:00")
        history.add_game(record(BLUFF_CALLED, "medium"), finished_at="2030-01-01T00:00:00+00:00")
        history.add_game(record(THEIR_BLUFF_PASSED, "expert"),
                         finished_at="2030-01-01T00:01:00+00:00")
        history.add_game(record(VALUE_RAISE, None), finished_at="2030-01-01T00:02:00+00:00")
        rows = history.games()
    cache: dict[str, coach.BluffStats] = {}
    n = bluff_numbers(rows, "2025-01-01T00:00:00+00:00", cache)
    # The hot-seat match (no tier) is left out: there is no computer to bluff against.
    assert n.all_time.rounds == 3 and n.session.rounds == 2
    assert (n.all_time.my_bluffs, n.all_time.my_bluffs_worked) == (2, 1)
    assert (n.session.my_bluffs, n.session.my_bluffs_worked) == (1, 0)
    assert (n.session.their_bets, n.session.their_bluffs) == (1, 1)
    assert len(cache) == 3
    # A cached match is not reviewed again (a damaged cache entry would show through).
    cache[rows[0].uid] = coach.BluffStats(rounds=100)
    assert bluff_numbers(rows, "2025", cache).all_time.rounds == 102


def test_the_human_in_the_other_seat_is_counted_from_that_seat(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    # The same round seen with the human as seat 1: the bluff is the computer's now.
    with History(tmp_path) as history:
        history.add_game(record(BLUFF_WORKED, "hard", human=CPU))
        rows = history.games()
    n = bluff_numbers(rows, "2000")
    assert n.all_time.my_bluffs == 0 and n.all_time.my_bets == 0
    assert (n.all_time.their_bets, n.all_time.their_bluffs) == (1, 1)
