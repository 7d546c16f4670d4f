"""The tight Monte Carlo baseline (issue 15): legal, seeded, observation-only, sound."""

from __future__ import annotations

import random

import pytest

from tools.arena import run_arena
from tools.lab.tight_bench import bench
from truf_tui.ai import make_bot, players
from truf_tui.ai.tight import ME, NOBODY, TightBot, _follow, _outcome, _race
from truf_tui.cards import TRUC_STRENGTH, Card
from truf_tui.engine import truc


def random_rules(rng: random.Random) -> truc.Rules:
    target = rng.choice([1, 2, 3, 5, 12, 12, 12, rng.randint(1, 99)])
    return truc.Rules(target=target, rest_refusal=rng.choice(["stake", "game"]))


def random_position(rng: random.Random) -> truc.State:
    """A live position at a random score under random rules, reached by random play."""
    while True:
        rules = random_rules(rng)
        t = rules.target
        scores = (rng.randrange(t), rng.randrange(t))
        s = truc.new_game(rules, seed=rng.getrandbits(32), scores=scores)
        for _ in range(rng.randrange(0, 30)):
            legal = s.legal_actions()
            if not legal:
                break
            a = rng.choice(legal)
            if a == truc.FOLD and rng.random() < 0.95:
                continue  # keep the positions deep in their rounds
            s = s.apply(a)
        if not s.is_terminal():
            return s


def test_registered_as_a_scripted_truc_player() -> None:
    assert "tight" in players("truc") and "tight" not in players("trufludo")
    assert isinstance(make_bot("truc", "tight", seed=1), TightBot)
    with pytest.raises(ValueError):
        make_bot("trufludo", "tight")


def test_never_illegal_never_folds_and_analyse_covers_every_action() -> None:
    rng = random.Random("tight-legal")
    kinds: set[str] = set()
    pendings: set[str | None] = set()
    for i in range(400):
        s = random_position(rng)
        p = s.current_player
        obs = s.observation(p)
        legal = s.legal_actions()
        a = make_bot("truc", "tight", seed=i, iterations=64).choose(obs)
        assert a in legal, (str(a), s)
        assert a != truc.FOLD  # T9: a fold is never better than refusing or playing on
        stats = make_bot("truc", "tight", seed=i, iterations=64).analyse(obs)
        assert stats[0].action == a
        assert sorted(map(str, (x.action for x in stats))) == sorted(map(str, legal))
        assert all(0.0 <= x.value <= 1.0 for x in stats)
        kinds.add(a.kind)
        pendings.add(s.pending)
    # the positions reached every kind of decision
    assert {"play", "raise", "accept", "refuse", "redeal"} <= kinds
    assert {None, "raise", "rest", "redeal"} <= pendings


def test_reproducible_with_a_seed() -> None:
    def match(seed: int) -> list[str]:
        bots = [make_bot("truc", "tight", seed=seed), make_bot("truc", "tight", seed=seed + 1)]
        s = truc.new_game(seed=77)
        while not s.is_terminal():
            p = s.current_player
            s = s.apply(bots[p].choose(s.observation(p)))
        return [str(a) for a in s.history]

    assert match(5) == match(5)
    assert match(5) != match(6)  # the seed is used (draws and bluffs)


def test_sees_only_the_observation() -> None:
    rng = random.Random("tight-peek")
    checked = 0
    for i in range(60):
        s = random_position(rng)
        p = s.current_player
        assert p is not None
        if not s.hands[1 - p]:
            continue
        t = s
        for _ in range(50):
            t = s.determinize(p, rng)
            if t.hands[1 - p] != s.hands[1 - p]:
                break
        assert t.observation(p) == s.observation(p) and t.hands[1 - p] != s.hands[1 - p]
        a = make_bot("truc", "tight", seed=i).choose(s.observation(p))
        b = make_bot("truc", "tight", seed=i).choose(t.observation(p))
        assert a == b
        checked += 1
    assert checked >= 40


def _policy_card(s: truc.State) -> Card:
    """The simulation's card policy, on a real state (for the test below)."""
    p = s.current_player
    assert p is not None
    hand = sorted(s.hands[p], key=lambda c: TRUC_STRENGTH[c])
    strengths = tuple(TRUC_STRENGTH[c] for c in hand)
    if s.trick_card is None:
        return hand[-1]
    # seat-relative, as in the simulation: the leader is 0, p (the follower) is 1
    results = tuple(None if t.winner is None else (1 if t.winner == p else 0) for t in s.tricks)
    want = _follow(strengths, TRUC_STRENGTH[s.trick_card], results, 0)
    return next(c for c in hand if TRUC_STRENGTH[c] == want)


def test_the_simulated_round_agrees_with_the_engine() -> None:
    """The memoised playout (T4-T6) gives the winner the engine gives for the same plays."""
    rng = random.Random("tight-sim")
    for _ in range(300):
        s = truc.new_game(seed=rng.getrandbits(32))
        for _ in range(rng.randrange(0, 4)):  # start some playouts mid-round
            legal = [a for a in s.legal_actions() if a.kind == "play"]
            s = s.apply(rng.choice(legal))
            if s.round_no != 1:
                break
        if s.round_no != 1:
            continue
        me = s.current_player
        assert me is not None
        mine = tuple(sorted(TRUC_STRENGTH[c] for c in s.hands[me]))
        his = tuple(sorted(TRUC_STRENGTH[c] for c in s.hands[1 - me]))
        results = tuple(None if t.winner is None else (0 if t.winner == me else 1)
                        for t in s.tricks)
        leader = 0 if s.leader == me else 1
        lead = -1 if s.trick_card is None else TRUC_STRENGTH[s.trick_card]
        predicted = _outcome(mine, his, results, leader, lead)
        while s.round_no == 1:
            s = s.apply(truc.play(_policy_card(s)))
        end = s.last_round
        assert end is not None
        real = NOBODY if end.winner is None else (ME if end.winner == me else 1)
        assert predicted == real


def test_the_race_table() -> None:
    for target in (1, 2, 12, 99):
        w = _race(target)
        assert w[0][0] == pytest.approx(0.5)
        for a in range(target):
            for b in range(target):
                assert w[a][b] + w[b][a] == pytest.approx(1.0)
                assert w[a + 1][b] >= w[a][b] >= w[a][b + 1]


def _deal(nd: list[str], d: list[str], scores: tuple[int, int] = (0, 0),
          rules: truc.Rules | None = None) -> truc.State:
    """A match whose first round gives ``nd`` to the non-dealer (seat 0), ``d`` to the
    dealer (T2: dealt one at a time, non-dealer first)."""
    rest = [str(c) for c in truc.TRUC_32 if str(c) not in nd + d]
    deck = [x for pair in zip(nd, d, strict=True) for x in pair] + rest
    return truc.new_game(rules, deck=deck, dealer=1, scores=scores)


def test_betting_follows_hand_strength() -> None:
    strong = _deal(["7S", "7H", "8S"], ["9S", "9H", "10S"])
    weak = _deal(["9S", "9H", "10S"], ["7S", "7H", "8S"])
    for seed in range(5):
        bot = make_bot("truc", "tight", seed=seed)
        assert bot.choose(strong.observation(0)) in (truc.RAISE, truc.REST)
        assert bot.choose(weak.observation(0)) == truc.REDEAL  # T3: far below a fresh hand
        # the dealer answers a raise by his hand: refuses with nothing, accepts the best
        assert bot.choose(weak.apply(truc.RAISE).observation(1)) == truc.ACCEPT
        assert bot.choose(strong.apply(truc.RAISE).observation(1)) == truc.REFUSE


def test_a_rest_that_cannot_be_refused_is_accepted() -> None:
    # T8 variant "game": refusing a rest gives the declarer the match, accepting cannot be
    # worse, whatever the hand
    rng = random.Random("tight-rest")
    for i in range(20):
        s = truc.new_game(truc.Rules(rest_refusal="game"), seed=rng.getrandbits(32))
        s = s.apply(truc.REST)
        assert make_bot("truc", "tight", seed=i).choose(
            s.observation(s.current_player)) == truc.ACCEPT


def test_the_score_changes_when_a_rest_is_worth_it() -> None:
    """A middling hand does not risk the match at 0-0, but does when the match is nearly
    lost anyway (T8: an accepted rest is the match; refused, it still scores the stake)."""
    hand, other = ["AS", "KH", "JS"], ["9S", "JH", "KS"]
    even = _deal(hand, other)
    behind = _deal(hand, other, scores=(0, 11))
    for seed in range(5):
        bot = make_bot("truc", "tight", seed=seed)
        assert bot.choose(even.observation(0)) != truc.REST
        assert bot.choose(behind.observation(0)) == truc.REST


def test_arena_smoke() -> None:
    r = run_arena("truc", "tight", "medium", games=4, seed=3)
    assert r.games == 4 and r.illegal == 0 and r.wins + r.draws + r.losses == 4
    assert r.side_a.decisions > 0
    r = run_arena("truc", "hard", "tight", games=2, seed=4, iterations=16)
    assert r.games == 2 and r.illegal == 0


def test_bench_measures_seconds_per_decision() -> None:
    b = bench(positions=60, seed=2)
    assert b["decisions"] == 60
    assert 0.0 < b["median_s"] <= b["p99_s"] <= b["max_s"]
