"""The coach's and the arena's definitions, from the solved strategy (truf_tui.ai.solved_view):
a bluff, a value bet, a wrong call; and the statistics' bars by hand-strength band."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tools.arena import bluffs
from truf_tui import coach
from truf_tui.ai import make_bot, solved_ranges
from truf_tui.ai.solved_view import answer_view, is_bluff_at, raise_view
from truf_tui.cards import TRUC_32
from truf_tui.engine import truc

YOU, CPU = 0, 1
WEAK = ("9S", "10S", "JS")  # the three lowest ranks
STRONG = ("7H", "8H", "AH")  # ... and the highest


def deal(you: Sequence[str], cpu: Sequence[str]) -> truc.State:
    """A match whose first round deals ``you`` (the non-dealer, first to act, T4) and
    ``cpu`` (T2: one card at a time, the non-dealer first)."""
    top = [you[0], cpu[0], you[1], cpu[1], you[2], cpu[2]]
    rest = [str(c) for c in TRUC_32 if str(c) not in top]
    return truc.new_game(deck=top + rest, dealer=CPU, seed=1)


def test_a_raise_with_the_weakest_hand_is_a_bluff_and_with_the_strongest_value() -> None:
    """Called, the weakest hand loses to every hand that accepts; the strongest beats
    them: the definition is the hand's chance against the solved player's accepting range."""
    weak = raise_view(deal(WEAK, STRONG))
    strong = raise_view(deal(STRONG, WEAK))
    assert weak is not None and strong is not None
    assert weak.bluff and weak.called_wins < 0.1
    assert not strong.bluff and strong.called_wins > 0.9
    assert 0.0 <= weak.p_raise <= 1.0 and 0.0 <= weak.range_share <= 1.0
    assert is_bluff_at(deal(WEAK, STRONG)) and not is_bluff_at(deal(STRONG, WEAK))


def test_a_wrong_call_and_a_wrong_refusal() -> None:
    """Facing a raise at the first trick: the solved player always accepts with the top
    hand, so refusing it is wrong; it mostly refuses with the bottom one but mixes in a
    call (2.6%), so neither answer is wrong there; an answer it never gives is.  The
    hand's place among the hands it may hold follows its strength."""
    from dataclasses import replace

    top = answer_view(deal(WEAK, STRONG).apply(truc.RAISE))
    bottom = answer_view(deal(STRONG, WEAK).apply(truc.RAISE))
    assert top is not None and bottom is not None
    assert top.p_accept == 1.0 and top.wrong(accepted=False) and not top.wrong(accepted=True)
    assert 0.0 < bottom.p_accept < 0.5 and not bottom.wrong(accepted=True)
    assert replace(bottom, p_accept=0.0).wrong(accepted=True)
    assert top.chance > bottom.chance and top.below > bottom.below
    assert 0.0 < top.range_share < 1.0


def test_without_the_solved_files_a_bluff_is_the_plain_chance_below_35_percent(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solved_ranges, "solved_file", lambda target, scores: None)
    import truf_tui.ai.solved_view as view

    monkeypatch.setattr(view, "solved_file", lambda target, scores: None)
    assert raise_view(deal(WEAK, STRONG)) is None
    assert is_bluff_at(deal(WEAK, STRONG)) and not is_bluff_at(deal(STRONG, WEAK))
    r = coach.review_round(deal(WEAK, STRONG), ["raise", "refuse"])
    assert r.bets[0].solved is None and r.bets[0].bluff  # the fallback measure


def _match(seed: int) -> truc.State:
    bots = [make_bot("truc", "random", seed=seed), make_bot("truc", "solved", seed=seed)]
    s = truc.new_game(seed=seed, rules=truc.Rules(target=6))
    while not s.is_terminal():
        p = s.to_move
        s = s.apply(bots[p].choose(s.observation(p)))
    return s


def test_the_coach_and_the_arena_count_the_same_bluffs() -> None:
    """One definition: every bet the review calls a bluff, the arena counts as one."""
    s = _match(7)
    seen = 0
    for start, actions in coach.round_starts(s):
        review = coach.review_round(start, actions)
        st = start
        bets = iter(review.bets)
        for a in actions:
            if a.kind in ("raise", "rest"):
                assert bluffs(st, st.to_move, a.kind) == next(bets).bluff
                seen += 1
            st = st.apply(a)
    assert seen >= 1


def test_the_statistics_count_each_decision_by_band_with_the_solved_rate() -> None:
    """Every raise chance and every answer of the player is counted once, in its band, next
    to the solved player's probability of the same choice; merging adds band by band."""
    s = _match(3)
    reviews = coach.reviews(s)
    stats = coach.BluffStats.of(reviews, YOU)
    mine = [d for r in reviews for d in r.decisions if d.by == YOU]
    assert sum(stats.raise_chances) == sum(d.kind == "raise" for d in mine) > 0
    assert sum(stats.answers) == sum(d.kind == "answer" for d in mine)
    assert sum(stats.raised) == sum(d.did for d in mine if d.kind == "raise")
    for n, x in zip(stats.raise_chances, stats.solved_raised, strict=True):
        assert 0.0 <= x <= n + 1e-9
    both = stats.merge(stats)
    assert both.raise_chances == [2 * n for n in stats.raise_chances]
    assert both.solved_raised == pytest.approx([2 * x for x in stats.solved_raised])
    assert [coach.band(x) for x in (0.0, 0.19, 0.2, 0.5, 0.99)] == [0, 0, 1, 2, 4]


def test_views_are_none_where_they_do_not_apply() -> None:
    s = deal(WEAK, STRONG)
    assert answer_view(s) is None  # nothing to answer
    assert raise_view(s.apply(truc.RAISE)) is None  # a raise is pending
    assert raise_view(_match(2)) is None  # the match is over


def test_an_answer_the_solved_player_mixes_in_is_no_wrong_call() -> None:
    """Audit of issue 38 (one set of figures): facing a first-trick raise with 10♥ K♣ 10♦,
    the solved player accepts 2% of the time.  Accepting is graded "correct" (a choice the
    solution makes is never a mistake), and the review called the same call "A wrong
    call." in red beside it.  Wrong is an answer it never gives."""
    from truf_tui.grading import Grade, grade_truc_move

    s = truc.new_game(seed=4, dealer=1).apply(truc.RAISE)
    view = answer_view(s)
    assert view is not None and 0.0 < view.p_accept < 0.5
    assert grade_truc_move(s, truc.ACCEPT, 1).grade <= Grade.CORRECT
    assert not view.wrong(accepted=True) and not view.wrong(accepted=False)
