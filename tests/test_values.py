"""What each action is worth under the solved play (truf_tui.strategy.values, the bots'
``action_values``): equal to a brute force through the engine, consistent with the round's
value, near-indifferent where the solved player mixes, one value per rank (T1)."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations_with_replacement
from math import comb

import pytest

from truf_tui.ai import make_bot
from truf_tui.ai.expert import ExpertTrucBot
from truf_tui.ai.solved import SolvedTrucBot, sample
from truf_tui.cards import TRUC_32, TRUC_STRENGTH, Card
from truf_tui.engine import truc
from truf_tui.strategy import values as V
from truf_tui.strategy.hands import RANKS
from truf_tui.strategy.shipped import policy
from truf_tui.strategy.trufbp import SolvedTable


@pytest.fixture(scope="module")
def t1(solved_round: Callable[[int], SolvedTable]) -> SolvedTable:
    """The round to 1 (no raise, T7's cap; the redeal is in it), solved and shipped."""
    return solved_round(1)


@pytest.fixture(scope="module")
def t2(solved_round: Callable[[int], SolvedTable]) -> SolvedTable:
    """The round to 2 (raises, rests, the redeal), solved a little and shipped."""
    return solved_round(2)


# -- a brute force through the engine -------------------------------------------------------
def _brute(st: truc.State, tab: SolvedTable) -> dict[truc.Action, float]:
    """The mover's value of each legal action, by the engine: every opponent hand the
    observation allows (one card per rank: suits never matter, T1), weighted by how many
    card-level hands of those ranks the deal could give him beside mine, and by the file's
    probability of his actions this round with it (a card stands for its rank); then every
    continuation of the round, both seats by ``policy``."""
    me = st.to_move
    assert me is not None
    opp = 1 - me
    hist = st.round_history()
    start = _round_start(st)
    known_opp_played = [c for c in start.hands[opp] if c not in st.hands[opp]]
    known = list(start.hands[me]) + known_opp_played
    left = 3 - len(known_opp_played)
    unknown = [c for c in TRUC_32 if c not in known]
    by_rank: dict[int, list[Card]] = {}
    for c in unknown:
        by_rank.setdefault(TRUC_STRENGTH[c], []).append(c)
    total: dict[truc.Action, float] = {}
    mass = 0.0
    mine = [TRUC_STRENGTH[c] for c in start.hands[me]]
    for ranks in combinations_with_replacement(range(RANKS), left):
        if any(len(by_rank.get(r, [])) < ranks.count(r) for r in ranks):
            continue
        his = ranks + tuple(TRUC_STRENGTH[c] for c in known_opp_played)
        ways = 1
        for r in set(his):
            ways *= comb(4 - mine.count(r), his.count(r))
        cards = [by_rank[r][i] for r in set(ranks) for i in range(ranks.count(r))]
        hands = list(start.hands)
        hands[opp] = tuple(known_opp_played + cards)
        s = start._replace(hands=(hands[0], hands[1]))
        reach = 1.0
        for a in hist:  # his decisions this round, by the file
            if s.to_move == opp:
                reach *= sum(p for b, p in policy(s.observation(opp), tab)[0].items()
                             if _same(a, b))
            s = s.apply(a)
        if reach == 0.0:
            continue
        w = ways * reach
        mass += w
        for a in s.legal_actions():
            total[a] = total.get(a, 0.0) + w * _value(s.apply(a), me, tab, st.round_no)
    return {a: v / mass for a, v in total.items()}


def _same(a: truc.Action, b: truc.Action) -> bool:
    """The same move: a card stands for its rank (T1)."""
    if a.kind != b.kind:
        return False
    return a.card is None or b.card is not None and TRUC_STRENGTH[a.card] == TRUC_STRENGTH[b.card]


def _value(s: truc.State, me: int, tab: SolvedTable, round_no: int) -> float:
    if s.round_no != round_no or s.to_move is None:  # the round is over: its points
        lr = s.last_round
        assert lr is not None
        return 0.0 if lr.winner is None else lr.points * (1 if lr.winner == me else -1)
    probs, _ = policy(s.observation(s.to_move), tab)
    return sum(p * _value(s.apply(a), me, tab, round_no) for a, p in probs.items() if p > 0)


def _round_start(st: truc.State) -> truc.State:
    """The state at the deal of the round in play: the hands with their played cards."""
    hands = [list(h) for h in st.hands]
    for t in st.tricks:
        hands[t.leader].append(t.lead)
        hands[1 - t.leader].append(t.answer)
    if st.trick_card is not None:
        hands[st.leader].append(st.trick_card)
    return st._replace(hands=(tuple(hands[0]), tuple(hands[1])), stake=1, rest=False,
                       pending=None, last_raiser=None, redeal_used=False,
                       leader=1 - st.dealer, trick_card=None, tricks=(),
                       to_move=1 - st.dealer, history=st.history[:st.round_start])


def _spots(tab: SolvedTable, target: int, games: int, seed: int, cards: int
           ) -> list[truc.State]:
    """Decisions of solved-against-solved rounds with at least ``cards`` cards played and
    no redeal possible any more (an accepted redeal deals a fresh round)."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        st = truc.new_game(truc.Rules(target=target), seed=seed + g)
        while st.to_move is not None and st.round_no == 1:
            hist = [str(a) for a in st.round_history()]
            if "redeal" not in hist and sum(w.startswith("play") for w in hist) >= cards:
                out.append(st)
            st = st.apply(sample(policy(st.observation(st.to_move), tab)[0], rng))
    return out


@pytest.mark.parametrize("target", [1, 2])
def test_values_equal_a_brute_force_through_the_engine(target: int, t1: SolvedTable,
                                                        t2: SolvedTable) -> None:
    tab = t1 if target == 1 else t2
    spots = _spots(tab, target, 8, 40 + target, cards=1)
    assert len(spots) >= 8
    for st in spots[:: max(1, len(spots) // 8)]:
        assert st.to_move is not None
        obs = st.observation(st.to_move)
        got = V.action_values(obs, tab)
        want = _brute(st, tab)
        assert set(got) == set(want) == set(st.legal_actions())
        for a in got:
            assert got[a] == pytest.approx(want[a], abs=1e-6), (a, obs["history"])


# -- the root identity ----------------------------------------------------------------------
def test_policy_times_value_over_hands_is_the_round_s_value(t1: SolvedTable) -> None:
    """Over every hand of the non-dealer (weighted by the deal), the policy times the
    values at the round's start is the round's value: the solver's own figure for the file
    (what it measured of the app's play of it, packing it)."""
    tab, target = t1, 1
    whole = tab.header["figures"]["shipped_value"]
    total = 0.0
    mass = 0.0
    for hand in combinations_with_replacement(range(RANKS), 3):
        cards = _cards(hand)
        ways = 1
        for r in set(hand):
            ways *= comb(4, hand.count(r))
        rest = [c for c in TRUC_32 if c not in cards]
        deck = [cards[0], rest[0], cards[1], rest[1], cards[2], rest[2]] + rest[3:]  # T2
        st = truc.new_game(truc.Rules(target=target), seed=1, dealer=1, deck=deck)
        obs = st.observation(0)
        assert sorted(TRUC_STRENGTH[Card.parse(c, "truc")] for c in obs["hand"]) == list(hand)
        probs, _ = policy(obs, tab)
        vals = V.action_values(obs, tab)
        total += ways * sum(p * vals[a] for a, p in probs.items())
        mass += ways
    assert total / mass == pytest.approx(whole, abs=1e-6)


def _cards(hand: tuple[int, ...]) -> list[Card]:
    """Cards of those ranks, the first suits free."""
    out: list[Card] = []
    for c in TRUC_32:
        if TRUC_STRENGTH[c] in hand and sum(TRUC_STRENGTH[x] == TRUC_STRENGTH[c]
                                            for x in out) < hand.count(TRUC_STRENGTH[c]):
            out.append(c)
    return out


# -- the shipped strategy -------------------------------------------------------------------
def _shipped_spots(count: int, seed: int, scores: tuple[int, int] = (0, 0)
                   ) -> list[truc.Observation]:
    """Observations of solved-against-solved play after the first trick's lead (the
    spots before it cost seconds each: ``bench values``)."""
    rng = random.Random(seed)
    out: list[truc.Observation] = []
    g = 0
    while len(out) < count:
        st = truc.new_game(seed=seed + g, scores=scores)
        g += 1
        while st.to_move is not None and st.round_no == 1:
            obs = st.observation(st.to_move)
            if sum(str(a).startswith("play") for a in st.round_history()) >= 2:
                out.append(obs)
            st = st.apply(sample(policy(obs)[0], rng))
    return out[:count]


def test_the_actions_the_solved_player_mixes_are_worth_nearly_the_best() -> None:
    """Near-indifference: at spots of its own play, what the solved player plays with
    probability above 5% is worth within 0.05 points of the best, and what it plays at all
    never far below (the file is 12-bit and its solve not exact)."""
    bot = SolvedTrucBot(seed=1)
    for obs in _shipped_spots(20, 3):
        vals = bot.action_values(obs)
        probs = bot.policy(obs)
        best = max(vals.values())
        for a, p in probs.items():
            if p > 0.05:
                assert best - vals[a] <= 0.05, (a, p, vals, obs["history"])
            if p > 0.0:
                assert best - vals[a] <= 0.5, (a, p, vals, obs["history"])


def test_T1_cards_of_one_rank_are_worth_the_same_and_every_action_has_a_value() -> None:
    bot = ExpertTrucBot(seed=1)
    pairs = 0
    for obs in _shipped_spots(80, 11)[::4]:
        vals = bot.action_values(obs)
        st = truc.determinizer(obs)(random.Random(0))
        assert set(vals) == set(st.legal_actions())
        assert bot.value_unit(obs) == "points"
        plays = [a for a in vals if a.kind == "play" and a.card is not None]
        for a in plays:
            for b in plays:
                if a != b and TRUC_STRENGTH[a.card] == TRUC_STRENGTH[b.card]:  # type: ignore[index]
                    assert vals[a] == vals[b]
                    pairs += 1
        assert bot.action_values(obs) == vals  # deterministic
        other = make_bot("truc", "expert", seed=9)
        assert isinstance(other, ExpertTrucBot)
        assert other.action_values(obs) == vals  # any seed, a fresh bot
    assert pairs > 0


def test_values_at_many_scores_are_in_the_file_s_unit() -> None:
    """At scores across the match (other files, scores no file was solved at), every legal
    action has a finite value, in points or as a chance of winning the match (0 to 1)."""
    bot = ExpertTrucBot(seed=1)
    rng = random.Random(4)
    units = set()
    for i in range(14):
        scores = (rng.randrange(12), rng.randrange(12))
        obs = _shipped_spots(1, 100 + i, scores)[0]
        vals = bot.action_values(obs)
        unit = bot.value_unit(obs)
        units.add(unit)
        st = truc.determinizer(obs)(random.Random(0))
        assert set(vals) == set(st.legal_actions())
        for v in vals.values():
            assert v == v and (unit == "points" and abs(v) <= 12 or 0.0 <= v <= 1.0)
    assert units == {"points", "match"}


def test_values_off_the_solved_path_at_other_targets_and_variants() -> None:
    """An opponent who plays at random (moves the solved player never makes, folds), rounds
    to 3 and to 15 (stakes beyond the files' tree) and the "game" rest refusal (T8): every
    legal action still has a value, a chance in the match files' unit."""
    bot = ExpertTrucBot(seed=1)
    rng = random.Random(3)
    asked = 0
    for g in range(30):
        target = rng.choice([3, 12, 15])
        rules = truc.Rules(target=target, rest_refusal=rng.choice(["stake", "game"]))
        st = truc.new_game(rules, seed=g, scores=(rng.randrange(target), rng.randrange(target)))
        while st.to_move is not None and st.round_no == 1:
            obs = st.observation(st.to_move)
            if sum(str(a).startswith("play") for a in st.round_history()) >= 2:
                vals = bot.action_values(obs)
                asked += 1
                assert set(vals) == set(st.legal_actions())
                if bot.value_unit(obs) == "match":
                    assert all(0.0 <= v <= 1.0 for v in vals.values())
            st = st.apply(rng.choice(st.legal_actions()))
    assert asked > 20


def test_values_are_asked_of_the_seat_to_move() -> None:
    st = truc.new_game(seed=1)
    assert st.to_move is not None
    with pytest.raises(ValueError):
        V.action_values(st.observation(1 - st.to_move))
