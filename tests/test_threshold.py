"""The threshold player (``strategy.threshold``): the expert's best response to one, checked
against a brute force through the engine, and the evidence that tells one from the solved
player."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from truf_tui.ai import make_bot
from truf_tui.ai.expert import ExpertTrucBot
from truf_tui.ai.expert.reading import PRIOR_ODDS, OpponentReading
from truf_tui.ai.expert.response import respond_to
from truf_tui.ai.solved_ranges import walk
from truf_tui.cards import TRUC_32
from truf_tui.engine import truc
from truf_tui.strategy import tree
from truf_tui.strategy.greedy import POOL
from truf_tui.strategy.hands import HANDS, pair_weight
from truf_tui.strategy.matchtable import match_win
from truf_tui.strategy.shipped import legal_move, word
from truf_tui.strategy.threshold import GRID, NOISE, best_move, threshold_policy
from truf_tui.strategy.tree import successors

ME, DEALER = 0, 1  # I am the non-dealer (T4: I lead the first trick)
SCORES = (5, 7)  # mine, the dealer's
MODEL = (0.65, 0.4)
FIRST = truc.new_game(seed=1).round_no  # the number of a match's first round


def spot(third: int) -> truc.State:
    """The last trick, mine to lead: the dealer won the first (my 1 under its 3), I won the
    second (my 6 over its 5); I hold a 4, it holds ``third`` (ranks, T1)."""
    used: dict[int, int] = {}

    def card(r: int) -> str:
        used[r] = used.get(r, 0) + 1
        return str(POOL[r][used[r] - 1])

    mine = [card(1), card(6), card(4)]
    theirs = [card(3), card(5), card(third)]
    top = [mine[0], theirs[0], mine[1], theirs[1], mine[2], theirs[2]]
    rest = [str(c) for c in TRUC_32 if str(c) not in top]
    s = truc.new_game(deck=top + rest, dealer=DEALER, seed=1, scores=SCORES)
    for text in (f"play {mine[0]}", f"play {theirs[0]}", f"play {theirs[1]}",
                 f"play {mine[1]}"):
        s = s.apply(text)
    assert s.to_move == ME and len(s.tricks) == 2
    return s


def tree_state(s: truc.State):  # the solver's public state of the engine's round
    words = [str(a) for a in s.history[s.round_start:]]
    scores = (s.points[1 - s.dealer], s.points[s.dealer])
    steps = list(walk(words, True, 12, scores))
    last, move = steps[-1]
    return next(n for k, q, n in successors(last, 12, scores) if (k, q) == move), scores


def value(s: truc.State, plan: dict, third: int, first: truc.Action | None) -> float:
    """My match-win probability from ``s`` when I play ``first`` then ``plan`` (my answer
    to each proposal, by (pending, stake)), the threshold player MODEL holding ``third``."""
    if s.round_no != FIRST or s.is_terminal():  # the round is over (T10): the match from here
        return match_win(s.points, ME, s.dealer, 12)
    legal = [a for a in s.legal_actions() if a.kind != "fold"]
    if s.to_move == ME:
        if first is not None:
            return value(s.apply(first), plan, third, None)
        if s.pending is not None:
            return value(s.apply(plan[(s.pending, s.stake)]), plan, third, None)
        (card,) = [a for a in legal if a.kind == "play"]  # my last card: no choice
        return value(s.apply(card), plan, third, None)
    st, scores = tree_state(s)
    moves = [(k, q) for k, q, _ in successors(st, 12, scores)]
    probs = threshold_policy(st, moves, (third,), *MODEL)  # its last card
    total = 0.0
    acts = [legal_move(m, legal) for m in moves]
    n = sum(a is not None for a in acts)  # the engine's legal moves (not the cards it lacks)
    for a, p in zip(acts, probs, strict=True):
        if a is None:
            assert p == 0.0
            continue
        p = NOISE + (1 - n * NOISE) * p  # no move is ever quite ruled out
        total += p * value(s.apply(a), plan, third, None)
    return total


def test_T7_T10_the_best_response_to_a_threshold_player_is_a_brute_force_best_plan() -> None:
    """Every plan I can follow in the last trick (lead, raise or rest; then my answer to
    each raise or rest it may make), valued through the engine's rules and the match
    table, over its possible last cards: the best plan's value for each first move is
    what ``best_move`` finds, and its move is the best."""
    thirds = [r for r in range(8) if sum(1 for x in (1, 6, 4, 3, 5, r) if x == r) <= 4]
    mine = tuple(sorted((1, 6, 4)))
    weight = {r: pair_weight(mine, tuple(sorted((3, 5, r)))) for r in thirds}
    belief = np.zeros(len(HANDS))
    for r in thirds:
        belief[HANDS.index(tuple(sorted((3, 5, r))))] = weight[r]
    assert belief.sum() == pytest.approx(sum(weight.values()))
    root = spot(thirds[0])
    st, scores = tree_state(root)
    got = best_move(st, 0, mine, belief, MODEL, 12, scores, ME, DEALER, SCORES,
                    nodes=10**6, future=1)
    assert got is not None
    move, values = got
    firsts = [a for a in root.legal_actions() if a.kind != "fold"]
    infos = [(p, k) for p in ("raise", "rest") for k in (1, 2)]
    total = sum(weight.values())
    brute: dict[tuple[int, int], float] = {}
    for first in firsts:
        best = max(
            sum(weight[r] * value(spot(r), dict(zip(infos, answers, strict=True)), r, first)
                for r in thirds) / total
            for answers in itertools.product((truc.ACCEPT, truc.REFUSE), repeat=len(infos)))
        brute[word(str(first))] = best
    assert set(brute) == set(values)
    for m, v in brute.items():
        assert values[m] == pytest.approx(v, abs=1e-9), m
    assert values[move] == pytest.approx(max(brute.values()), abs=1e-12)


@pytest.mark.slow
def test_T7_the_grid_holds_the_scripted_players_and_honest_is_found() -> None:
    """The extremes of the grid are the scripted players (never/always raise or accept);
    against ``honest`` the evidence passes the prior odds within a few matches, and the
    expert then plays the best response; against the solved player it does not."""
    assert (-1.0, -1.0) in GRID and (2.0, -1.0) in GRID and (2.0, 2.0) in GRID
    for opponent, found, matches in (("honest", True, 4), ("solved", False, 2)):
        expert = ExpertTrucBot(seed=3)
        other = make_bot("truc", opponent, seed=4)
        for m in range(matches):
            s = truc.new_game(seed=40 + m, dealer=m % 2)
            bots = {m % 2: expert, 1 - m % 2: other}
            while not s.is_terminal():
                p = s.current_player
                assert p is not None
                a = bots[p].choose(s.observation(p))
                assert a in s.legal_actions()
                s = s.apply(a)
        model = expert.reading
        assert model is not None and model.threshold.rounds > 0
        passed = model.threshold.posterior(PRIOR_ODDS) >= 0.5
        assert passed is found, opponent
        assert (expert.responded > 0) is found
        if found:
            r, a = model.threshold.likeliest()
            assert 0.6 <= r <= 0.9 and 0.3 <= a <= 0.6  # honest: 0.72 and 0.5


def test_the_response_stops_when_its_opponent_answers_otherwise_than_the_model() -> None:
    """Each answer to the response's raises is a fair bet if the opponent is the threshold
    player it was taken for: answers as the model says keep the response on; a player who
    accepts far more often than the model says switches it off, for good."""
    model = OpponentReading()
    for i in range(200):  # accepts half the time, as predicted
        model._check_answer(float(i % 2), 0.5)
    assert not model.misread
    model = OpponentReading()
    n = 0
    while not model.misread:  # accepts every raise the model says it refuses 9 times in 10
        model._check_answer(1.0, 0.1)
        n += 1
    assert 3 <= n <= 20
    model._check_answer(0.0, 0.9)
    assert model.misread


def test_moves_the_model_rules_out_switch_the_response_off() -> None:
    """A player who keeps making moves the threshold player would all but never make
    (a card off the greedy rule) is no threshold player; one who never makes them is."""
    model = OpponentReading()
    for _ in range(500):
        model._check_surprise(0.0, 0.06)
    assert not model.misread
    model = OpponentReading()
    n = 0
    while not model.misread:
        model._check_surprise(1.0, 0.06)
        n += 1
    assert n <= 30


def test_a_fixed_habit_is_answered_from_the_second_round_of_the_first_match() -> None:
    """Always raising or always accepting, whatever the hand, is a habit no player who bets
    by its hand keeps up for long: against one the response plays in the first match, from
    its second round on.  Never raising and never accepting is no such habit (a careful
    player dealt weak hands does it too)."""
    from truf_tui.ai.expert.response import HABIT_ROUNDS
    from truf_tui.strategy.threshold import ALWAYS, NEVER, fixed_habit

    assert fixed_habit((ALWAYS, ALWAYS)) and fixed_habit((NEVER, ALWAYS))
    assert not fixed_habit((NEVER, NEVER)) and not fixed_habit((0.65, ALWAYS))
    expert = ExpertTrucBot(seed=5)
    other = make_bot("truc", "always_raise", seed=6)
    s = truc.new_game(seed=41, dealer=1)
    first = None
    while not s.is_terminal():
        p = s.current_player
        assert p is not None
        before = expert.responded
        a = (expert if p == 0 else other).choose(s.observation(p))
        if p == 0 and expert.responded > before and first is None:
            first = s.round_no - FIRST
        s = s.apply(a)
    model = expert.reading
    assert model is not None and fixed_habit(model.threshold.likeliest())
    assert first is not None and first >= HABIT_ROUNDS, "no response in the first match"


def test_the_posterior_mean_of_the_thresholds() -> None:
    """With no evidence every player of the grid weighs the same ("always" counting as 0,
    "never" as 1); with overwhelming evidence for one, the mean is that player."""
    from truf_tui.strategy.threshold import Evidence

    ev = Evidence()
    grid = np.clip(np.array(GRID), 0.0, 1.0)
    assert ev.mean() == pytest.approx(tuple(grid.mean(axis=0)), abs=1e-3)
    ev.logs[GRID.index((0.75, 0.5))] = 60.0
    assert ev.mean() == pytest.approx((0.75, 0.5), abs=1e-3)
    ev.logs[:] = 0.0
    ev.logs[GRID.index((2.0, -1.0))] = 60.0  # never raises, always accepts
    assert ev.mean() == pytest.approx((1.0, 0.0), abs=1e-3)


@pytest.mark.parametrize("seed", [10, 15])
def test_T7_T8_honest_is_answered_in_the_first_match_as_the_solved_player_could(
        seed: int) -> None:
    """Against ``honest`` the response plays in the first match, once MIN_ROUNDS rounds are
    read; and each of its answers to a raise or rest (T7, T8) is one the solved player gives
    with the same hand at least SUPPORT of the time.  The restriction is real: forbidding
    the answer it gave, the response gives the other."""
    from truf_tui.ai.expert.response import MIN_ROUNDS, SUPPORT
    from truf_tui.strategy.shipped import policy
    from truf_tui.strategy.threshold import fixed_habit

    expert = ExpertTrucBot(seed=seed)
    other = make_bot("truc", "honest", seed=seed + 1)
    s = truc.new_game(seed=seed, dealer=seed % 2)
    first, answered = None, 0
    while not s.is_terminal():
        p = s.current_player
        assert p is not None
        o = s.observation(p)
        if p == 1:
            s = s.apply(other.choose(o))
            continue
        base = policy(o, expert.tab)[0]
        before = expert.responded
        a = expert.choose(o)
        model = expert.reading
        assert model is not None
        if expert.responded > before and not fixed_habit(model.threshold.likeliest()):
            assert model.rounds >= MIN_ROUNDS
            first = s.round_no - FIRST if first is None else first
            if o["pending"] in ("raise", "rest"):
                answered += 1
                assert base[a] >= SUPPORT, (a, base)
                gave = (tree.ACCEPT if a == truc.ACCEPT else tree.REFUSE, tree.NONE)
                other_move = respond_to(model, model.threshold.mean(), o, 1e18,
                                        lambda m, gave=gave: m != gave)
                assert other_move is not None and other_move != gave
        s = s.apply(a)
    assert first is not None and first >= MIN_ROUNDS, "no response in the first match"
    assert answered > 0


def test_the_response_caches_stay_within_their_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """The response's caches are cleared when full: over a long match they neither grow
    the app's memory without end nor make the garbage collector's full passes long (each
    pass walks every entry).  With small bounds, a match against always_raise (answered from
    its second round) stays within them, and the hands left at a state are those worked
    out afresh."""
    from truf_tui.strategy import threshold

    monkeypatch.setattr(threshold, "_BLOCKS_MAX", 16)
    monkeypatch.setattr(threshold, "_SUCCESSORS_MAX", 64)
    threshold._BLOCKS.clear()
    threshold._SUCCESSORS.clear()
    expert = ExpertTrucBot(seed=5)
    other = make_bot("truc", "always_raise", seed=6)
    s = truc.new_game(seed=41, dealer=1)
    most = [0, 0]
    while not s.is_terminal():
        p = s.current_player
        assert p is not None
        s = s.apply((expert if p == 0 else other).choose(s.observation(p)))
        most = [max(most[0], len(threshold._BLOCKS)), max(most[1], len(threshold._SUCCESSORS))]
    assert expert.responded > 0
    assert 0 < most[0] <= 16 and 0 < most[1] <= 64
    state = next(iter(threshold._SUCCESSORS))[0]
    got = threshold._hands_at(state)
    threshold._hands_after.cache_clear()
    again = threshold._hands_at(state)
    assert np.array_equal(got[0], again[0]) and got[1] == again[1]
    assert np.array_equal(got[2], again[2])
