"""The best response to a scripted player (truf_tui.solve.respond): the scripted players'
strategies written on the solver's tree agree with the bots themselves, the best response
agrees with brute force through the engine, and the match values with played matches."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from test_solver import RANK_OF, cards_for, deal, deals_for, tree_of

from truf_tui.ai import make_bot
from truf_tui.ai.scripted import TRUC_CLASSES
from truf_tui.ai.truc_knowledge import equity, unseen_cards
from truf_tui.cards import TRUC_32, TRUC_STRENGTH
from truf_tui.engine import truc
from truf_tui.solve import kernels as K
from truf_tui.solve.cfr import Solver, points_utility
from truf_tui.solve.respond import (
    BOTS,
    DECENT,
    ceiling,
    policy,
    strategy,
)
from truf_tui.strategy.greedy import win_tie
from truf_tui.strategy.hands import HAND_INDEX, HANDS
from truf_tui.strategy.threshold import SAMPLES, pass_probability
from truf_tui.strategy.tree import NONE, child, parse_word

DETERMINISTIC = ("always_raise", "calling_station", "rock")


def ranks(cards: object) -> tuple[int, ...]:
    return tuple(sorted(TRUC_STRENGTH[c] for c in cards))  # type: ignore[attr-defined]


def walk_random_rounds(target: int, scores: tuple[int, int], rounds: int, seed: int):
    """(engine state, tree, node) at every decision of random rounds without folds."""
    tree = tree_of(target, scores, True)
    rng = random.Random(seed)
    for _ in range(rounds):
        cards = list(TRUC_32)
        rng.shuffle(cards)
        s = deal(cards[:3], cards[3:6], target, scores)
        n = 0
        while True:
            yield s, tree, n
            a = rng.choice([a for a in s.legal_actions() if a.kind != "fold"])
            e = child(tree, n, *parse_word(str(a), RANK_OF))
            s = s.apply(a)
            if tree.edge_child[e] == NONE:
                break
            n = int(tree.edge_child[e])


def test_every_scripted_player_has_a_table() -> None:
    assert set(BOTS) == set(TRUC_CLASSES) - {"tight"}
    assert set(DETERMINISTIC) | {"honest"} == set(BOTS)


@pytest.mark.parametrize("bot", DETERMINISTIC)
@pytest.mark.slow
def test_T4_T8_the_table_is_what_the_bot_plays(bot: str) -> None:
    """At random decisions of rounds at 9-9 to 12 (two raises and the rest, T7/T8), the
    written strategy puts all its weight on the move the scripted player itself chooses."""
    player = make_bot("truc", bot, seed=1)
    seen = 0
    for s, tree, n in walk_random_rounds(12, (9, 9), 60, seed=3):
        me = s.current_player
        state = tree.states[int(tree.state[n])]
        moves = [(int(tree.edge_kind[e]), int(tree.edge_rank[e]))
                 for e in range(tree.edge_start[n], tree.edge_start[n + 1])]
        dist = policy(bot, state, moves, ranks(s.hands[me]))
        legal = s.legal_actions()
        want = parse_word(str(player.decide(s, legal)), RANK_OF)  # type: ignore[attr-defined]
        assert dist[moves.index(want)] == 1.0, (bot, str(s))
        seen += 1
    assert seen > 200


def test_honest_s_estimate_is_exact_over_every_opponent_hand() -> None:
    """``win_tie`` is the chance one of honest's random opponent hands gives it: the mean of
    ``truc_knowledge.equity`` over *every* hand of unseen cards, at random decisions."""
    rng = random.Random(5)
    checked = 0
    for s, tree, n in walk_random_rounds(12, (9, 9), 25, seed=7):
        if rng.random() > 0.3:
            continue
        me = s.current_player
        state = tree.states[int(tree.state[n])]
        k = len(s.hands[1 - me])
        every = [list(h) for h in combinations(unseen_cards(s, me), k)]
        want = equity(s, me, rng, opp_hands=every)
        win, tie = win_tie(me, state[6], state[7], state[8], ranks(s.hands[me]), state[9],
                           state[10])
        assert win + tie / 2 == pytest.approx(want, abs=1e-12), str(s)
        checked += 1
    assert checked > 20


def test_honest_s_thresholds_are_its_estimates_distribution() -> None:
    """The chance that honest accepts is the chance its 48-hand estimate passes one half:
    the bot's own answers, counted, agree (a position where it is near one half)."""
    def chance(h: tuple[int, ...]) -> float:
        return pass_probability(*win_tie(1, 0, NONE, (), h, (), ()), DECENT)

    hand = min(HANDS, key=lambda h: abs(chance(h) - 0.5))  # the dealer's, before any card
    p = chance(hand)
    nd, dl = cards_for((0, 0, 0) if 0 not in hand else (1, 1, 1), hand)
    s = deal(nd, dl, 12).apply(truc.RAISE)  # the dealer (honest) answers
    bot = make_bot("truc", "honest", seed=11)
    legal = s.legal_actions()
    n = 3000
    got = sum(bot.decide(s, legal) == truc.ACCEPT for _ in range(n)) / n  # type: ignore[attr-defined]
    assert 0.05 < p < 0.95
    assert got == pytest.approx(p, abs=4 * (p * (1 - p) / n) ** 0.5)
    # the estimate's distribution: all of it, and a sure win always passes
    assert pass_probability(0.3, 0.2, -1.0) == pytest.approx(1.0)
    assert pass_probability(1.0, 0.0, 0.99) == pytest.approx(1.0)
    assert pass_probability(0.0, 1.0, DECENT) == 0.0  # all ties: exactly one half
    assert SAMPLES == 48


def brute_force_against_bot(tree, bot: str, b: int, h: tuple[int, ...]) -> float:
    """Player b's best-response points with hand h against the scripted player's own
    choices, through the engine's states: b chooses by what he sees (his hand and the
    public moves), one move for all the opponent's hands that lead to the same history;
    folds are allowed to b (they must never help)."""
    player = make_bot("truc", bot, seed=1)
    items = [(s, w) for s, w, _ in deals_for(tree, b, h)]
    start = items[0][0]

    def ended(s: truc.State) -> float | None:
        if s.round_no == start.round_no and not s.is_terminal():
            return None
        gain = (s.scores()[0] - start.scores()[0]) - (s.scores()[1] - start.scores()[1])
        return gain if b == 0 else -gain

    def after(moves: list[tuple[truc.State, float]]) -> float:
        total, rest = 0.0, []
        for s, w in moves:
            v = ended(s)
            if v is None:
                rest.append((s, w))
            else:
                total += w * v
        return total + (rec(rest) if rest else 0.0)

    def rec(items: list[tuple[truc.State, float]]) -> float:
        s0 = items[0][0]
        if s0.current_player == b:
            return max(after([(s.apply(a), w) for s, w in items])
                       for a in s0.legal_actions() if a.kind != "redeal")
        groups: dict[tuple[int, int], list[tuple[truc.State, float]]] = {}
        for s, w in items:
            a = player.decide(s, s.legal_actions())  # type: ignore[attr-defined]
            # the public move: a card is seen by its rank only (T1)
            groups.setdefault(parse_word(str(a), RANK_OF), []).append((s.apply(a), w))
        return sum(after(g) for g in groups.values())

    return rec(items)


@pytest.mark.parametrize("bot", DETERMINISTIC)
@pytest.mark.slow
def test_T7_T9_the_best_response_to_a_bot_agrees_with_brute_force(bot: str) -> None:
    """In a round to 2 at 1-0 (a raise and a rest are possible, T7/T8)."""
    tree = tree_of(2, (1, 0), False)
    solver = Solver(tree, points_utility(tree))
    sigma = strategy(solver, (bot, bot))
    solver.prepare(sigma)
    for b in (0, 1):
        vec = solver.root_values(b, K.BEST, sigma)
        for h in [(0, 3, 7), (2, 2, 5), (6, 6, 7)]:
            assert vec[HAND_INDEX[h]] == pytest.approx(
                brute_force_against_bot(tree, bot, b, h), abs=1e-12), (bot, b, h)


def play(a: str, b: str, target: int, matches: int, seed: int) -> float:
    """Player a's share of matches against b, a dealing the first round of every other."""
    rng = random.Random(seed)
    won = 0
    for i in range(matches):
        s = truc.new_game(truc.Rules(target=target), seed=rng.getrandbits(32), dealer=i % 2)
        bots = [make_bot("truc", a, seed=rng.getrandbits(32)),
                make_bot("truc", b, seed=rng.getrandbits(32))]
        while not s.is_terminal():
            p = s.current_player
            assert p is not None
            s = s.apply(bots[p].choose(s.observation(p)))
        won += s.winner() == 0
    return won / matches


@pytest.mark.slow
def test_T10_the_match_values_agree_with_played_matches() -> None:
    """A scripted player's result against another, by the backward pass over the scores,
    is what they score in matches to 2 (within four standard errors); the best response
    does at least as well as every scripted player."""
    res = ceiling("always_raise", 2, player="honest")
    n = 1500  # four standard errors: 0.05 (3000 matches took 30 s of the suite)
    got = play("honest", "always_raise", 2, n, seed=9)
    assert got == pytest.approx(res.match, abs=4 * (0.25 / n) ** 0.5)
    top = ceiling("always_raise", 2)
    assert top.match >= res.match - 1e-12
    assert top.match > 0.55  # raising always is a habit that costs
    for seat in (0, 1):
        for score, p in top.win[seat].items():
            assert 0.0 <= p <= 1.0, score
