"""The bluff trainer's spots (issue 38 item 4, truf_tui/drills.py): each category deals
what it names, the same seed deals the same spot, a spot survives to_dict, the range's
mixes sum to one and mark the player's hand, and grades come from the shared classifier."""

from __future__ import annotations

import json
import random

import pytest

from truf_tui import drills
from truf_tui.cards import TRUC_RANKS, TRUC_STRENGTH
from truf_tui.engine import truc
from truf_tui.grading import Grade

# Categories whose analysis is quick (the redeal's and the match end's first values build
# a whole round's table: seconds, once per process).
QUICK: tuple[drills.Category, ...] = ("weak", "raised", "rest", "last")


def kinds(state: truc.State) -> set[str]:
    return {a.kind for a in state.legal_actions()}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_each_category_deals_what_it_names(seed: int) -> None:
    for cat in drills.DEALT:
        spot = drills.deal(cat, seed, (4, 9) if cat == "score" else None)
        s = spot.state()
        p = s.current_player
        assert p == spot.seat and spot.category == cat and s.round_no == 1
        real = [a for a in drills.options(s.legal_actions()) if a.kind != "fold"]
        assert len(real) >= 2, (cat, real)
        hand = s.hands[p]
        if cat == "weak":
            assert "raise" in kinds(s) and s.pending is None
            assert max(TRUC_STRENGTH[c] for c in hand) <= TRUC_RANKS.index("K")
        elif cat == "raised":
            assert s.pending == "raise"
        elif cat == "rest":
            # facing Mia resto, or able to declare it (test_a_rest_spot_is_a_rest_decision)
            assert s.pending == "rest" or "rest" in kinds(s)
        elif cat == "redeal":
            assert s.pending == "redeal" or "redeal" in kinds(s)
        elif cat == "last":
            assert len(s.tricks) == 2
        elif cat == "end":
            a, b = s.points
            assert (a >= 10 and b >= 10) or 11 in (a, b)
        elif cat == "score":
            assert s.points == (4, 9)


def test_a_rest_spot_is_a_rest_decision() -> None:
    """Not merely a spot where a rest is legal: one facing it, or where the solved player
    declared it."""
    for seed in range(4):
        spot = drills.deal("rest", seed)
        s = spot.state()
        if s.pending == "rest":
            continue
        bot = drills.SolvedTrucBot()
        assert bot.policy(s.observation(spot.seat))[truc.REST] > 0


def test_the_same_seed_deals_the_same_spot_and_another_seed_another() -> None:
    a = drills.deal("raised", 7)
    assert drills.deal("raised", 7) == a
    assert len({drills.deal("raised", k) for k in range(6)}) > 1
    assert drills.deal("random", 3) == drills.deal("random", 3)
    drawn = {drills.deal("random", k).category for k in range(40)}
    assert drawn <= set(drills.DEALT) - {"score"} and len(drawn) >= 4


def test_a_picked_score_plays_the_picked_seat() -> None:
    spot = drills.deal("score", 2, (9, 3), seat=0)
    assert spot.seat == 0 and spot.state().points == (9, 3)
    with pytest.raises(ValueError):
        drills.deal("score", 2)


def test_to_dict_round_trip_through_json() -> None:
    for cat in ("weak", "end", "score"):
        spot = drills.deal(cat, 5, (2, 11) if cat == "score" else None)
        back = drills.Spot.from_dict(json.loads(json.dumps(spot.to_dict())))
        assert back == spot
        assert back.observation() == spot.observation()
    bad = dict(drills.deal("raised", 1).to_dict(), seat=1 - drills.deal("raised", 1).seat)
    with pytest.raises(ValueError):
        drills.Spot.from_dict(bad)
    with pytest.raises(ValueError):
        drills.Spot.from_dict({"category": "nonsense"})


@pytest.mark.parametrize("cat", QUICK)
def test_the_range_sums_to_one_per_hand_and_marks_the_hand(cat: drills.Category) -> None:
    for seed in range(3):
        spot = drills.deal(cat, seed)
        r = drills.range_at(spot)
        s = spot.state()
        if not s.hands[spot.seat]:
            assert r is None  # every card on the table: nothing to range over
            continue
        assert r is not None
        for _, w, mix in r.hands:
            if w > 0:
                assert sum(mix) == pytest.approx(1.0, abs=1e-9)
        assert sum(b.weight for b in r.buckets) == pytest.approx(1.0)
        for b in r.buckets:
            if b.weight > 0:
                assert sum(b.mix) == pytest.approx(1.0, abs=1e-9)
        own = tuple(sorted(TRUC_STRENGTH[c] for c in s.hands[spot.seat]))
        assert r.own == own and r.buckets[r.mine].top == max(own)
        assert [b.top for b in r.buckets] == sorted(b.top for b in r.buckets)


def test_the_range_of_the_players_hand_is_the_solved_players_own_mix() -> None:
    """The range's row for the player's own hand is what the solved player plays with it."""
    spot = drills.deal("raised", 1)
    r = drills.range_at(spot)
    assert r is not None
    an = drills.analyse(spot)
    row = next(mix for h, _, mix in r.hands if h == r.own)
    by_kind = {k: 0.0 for k in r.kinds}
    for a, p in an.freqs.items():
        if a.kind in by_kind:
            by_kind[a.kind] += p
    assert tuple(by_kind[k] for k in r.kinds) == pytest.approx(row, abs=1e-9)


def test_grades_come_from_the_values_and_the_solution_is_never_a_mistake() -> None:
    for seed in range(4):
        spot = drills.deal("raised", seed)
        an = drills.analyse(spot)
        top = max(an.values, key=lambda a: an.values[a])
        assert drills.grade(an, top).loss == 0.0
        best = drills.grade(an, an.best)  # the best shown: equal to the top to 2 decimals
        assert best.loss <= 0.005 and best.grade == Grade.BEST
        for a, v in an.values.items():
            verdict = drills.grade(an, a)
            assert verdict.loss == pytest.approx(max(an.values.values()) - v)
            if an.freqs[a] > 0:
                assert verdict.grade <= Grade.CORRECT
        assert sum(an.freqs.values()) == pytest.approx(1.0)


def test_the_roll_picks_by_the_solved_frequencies() -> None:
    spot = next(s for k in range(30) if (s := drills.deal("raised", k))
                and drills.analyse(s).mixed)
    an = drills.analyse(spot)
    rng = random.Random(1)
    picks = [drills.roll(an, rng)[1] for _ in range(2000)]
    for a, p in an.freqs.items():
        assert picks.count(a) / len(picks) == pytest.approx(p, abs=0.04)


# -- spots of real games (issue 38 item 6: missed decisions of games come back) -----------
# A match (seed 17, seat 1 dealing first) whose second round the player's opponent opens
# with a redeal, accepted; after a trick the opponent raises, the player accepts, and then
# the player folds at stake 2: a mistake by the solution's values (0.43 points).
GAME_MOVES = ("rest", "refuse", "redeal", "accept", "play 9C", "play QC", "raise", "accept",
              "fold")
FOLD_AT = 8
# What the observation says of the match rather than of the round: a spot rebuilds the round.
MATCH_KEYS = {"round", "round_start", "history", "start_scores", "last_round", "first_dealer"}


def game_after(moves: tuple[str, ...] = GAME_MOVES) -> truc.State:
    return truc.replay(truc.Rules(), list(moves), seed=17, dealer=1)


def same_position(spot: drills.Spot, before: truc.State) -> None:
    """The spot poses ``before`` to its seat: the same observation of the round."""
    seat = before.current_player
    assert seat is not None and spot.seat == seat
    mine, theirs = spot.observation(), before.observation(seat)
    assert {k: v for k, v in mine.items() if k not in MATCH_KEYS} == \
        {k: v for k, v in theirs.items() if k not in MATCH_KEYS}
    assert mine["history"] == theirs["history"][theirs["round_start"]:]
    assert spot.state().legal_actions() == before.legal_actions()


def test_every_decision_of_any_round_of_a_match_is_a_spot() -> None:
    """Random matches at other rules and scores: each decision of each round (a redeal,
    its discards, earlier tricks, raises) rebuilds from its spot, through JSON, as the
    position the player saw."""
    rng = random.Random(38)
    decisions = redealt = later = 0
    for n in range(40):
        rules = truc.Rules(target=rng.choice([12, 7, 3]),
                           rest_refusal=rng.choice(["stake", "game"]))
        s = truc.new_game(rules, seed=n, scores=(0, rng.randrange(rules.target)))
        while not s.is_terminal():
            s = s.apply(rng.choice(s.legal_actions()))
        before = s.initial()
        for i, a in enumerate(s.history):
            spot = drills.game_spot(s, i, f"game-{n}")
            d = json.loads(json.dumps(spot.to_dict()))
            assert d["v"] == drills.SPOT_VERSION and (d["game"], d["move"]) == (f"game-{n}", i)
            back = drills.Spot.from_dict(d)
            assert back == spot
            same_position(back, before)
            decisions += 1
            redealt += bool(before.discards[spot.seat])
            later += before.round_no > 1
            before = before.apply(a)
    assert decisions > 300 and redealt > 10 and later > 100  # 407, 30 and 252


def test_the_spot_of_a_game_has_its_hand_history_and_values() -> None:
    """The mistake of GAME_MOVES: its spot holds the same hand, the hand given up to the
    redeal, the first trick and the raise, the same legal actions and the same values from
    ``action_values``; graded again there, the fold is the same mistake."""
    from truf_tui.grading import grade_truc_move
    from truf_tui.strategy.values import action_values

    game = game_after()
    before = game_after(GAME_MOVES[:FOLD_AT])
    spot = drills.game_spot(game, FOLD_AT, "g")
    assert (spot.from_game, spot.at_move, spot.scores, spot.dealer) == ("g", FOLD_AT, (1, 0), 0)
    assert spot.moves == GAME_MOVES[2:FOLD_AT]  # the round's own, from its redeal on
    s = spot.state()
    assert s.hands[0] == before.hands[0] and s.discards[0] == before.discards[0] != ()
    assert s.tricks == before.tricks != () and s.stake == 2
    same_position(spot, before)
    values = action_values(before.observation(0))
    assert action_values(spot.observation()) == values
    graded = grade_truc_move(before, truc.parse_action("fold"), FOLD_AT)
    assert graded.grade is Grade.MISTAKE
    again = grade_truc_move(s, truc.parse_action("fold"), FOLD_AT)
    assert (again.loss, again.grade, again.values) == (graded.loss, graded.grade, graded.values)
    an = drills.analyse(spot)
    # at the precision every screen writes them (grading.shown_value)
    assert an.values == {a: round(max(v for b, v in values.items() if drills.same_choice(a, b)),
                                  2)
                         for a in drills.options(before.legal_actions())}


def test_only_decisions_of_the_match_are_spots() -> None:
    game = game_after()
    with pytest.raises(ValueError):
        drills.game_spot(game, len(game.history))
    with pytest.raises(ValueError):
        drills.game_spot(game, -1)


def test_a_drill_spot_keeps_its_first_form_so_its_queued_key_stays() -> None:
    spot = drills.deal("raised", 2)
    assert set(spot.to_dict()) == {"category", "seed", "dealer", "scores", "moves", "seat",
                                   "target"}
    assert drills.Spot.from_dict(spot.to_dict()) == spot


def bad_game_spots() -> list[dict[str, object]]:
    good = drills.game_spot(game_after(), FOLD_AT, "g").to_dict()
    pack = list(good["pack"])
    return [
        {**good, "pack": [pack[1]] + pack[1:]},  # a card twice
        {**good, "pack": pack[:-1]},  # a card short
        {**good, "moves": good["moves"][:-1]},  # the computer's decision, not the player's
        {**good, "moves": [*good["moves"], "play AH"]},  # a move that is not legal
        {**good, "seed": 3},  # a seed and a pack
        {k: v for k, v in good.items() if k != "move"},  # a game without its move
        {**good, "rules": {"target": 0}},
        {**good, "scores": [12, 0]},  # past the target
        {**good, "seat": "0"},
        {**good, "v": 0},
    ]


@pytest.mark.parametrize("n", range(10))
def test_a_spot_that_does_not_rebuild_is_refused(n: int) -> None:
    with pytest.raises(ValueError) as e:
        drills.Spot.from_dict(bad_game_spots()[n])
    assert not isinstance(e.value, drills.NewerSpot)


def test_a_newer_spot_says_so() -> None:
    newer = {**drills.game_spot(game_after(), FOLD_AT, "g").to_dict(), "v": 3}
    with pytest.raises(drills.NewerSpot, match="version 3"):
        drills.Spot.from_dict(newer)


def test_the_analysis_asks_the_solution_as_the_hint_and_graders_do(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``analyse`` goes through ``grading.solution_at``: the grader it gives, and its lock,
    held while the values are asked (the values keep their results in plain dicts)."""
    import threading

    from truf_tui import grading
    from truf_tui.ai.solved import SolvedTrucBot

    real = SolvedTrucBot(seed=1)
    lock = threading.Lock()
    asked: list[bool] = []

    class Marked:
        def action_values(self, o: truc.Observation) -> dict[truc.Action, float]:
            asked.append(lock.locked())
            return {a: v + 10.0 for a, v in real.action_values(o).items()}

        def value_unit(self, o: truc.Observation) -> str:
            return real.value_unit(o)

        def policy(self, o: truc.Observation) -> dict[truc.Action, float]:
            return real.policy(o)

    monkeypatch.setattr(grading, "solved_grader", Marked)
    monkeypatch.setattr(grading, "_VALUES_LOCK", lock)
    spot = drills.deal("raised", 1)
    an = drills.analyse(spot)
    assert asked == [True]
    assert min(an.values.values()) > 5.0  # the grader's values, not another model's


# -- a spot labelled by what its choice was about (issue 38 item 5) -----------------------
def test_a_games_spot_is_labelled_by_what_its_choice_was_about() -> None:
    """At a round's first decision a redeal is open, so the spot is one of the redeal's
    for the drills to deal; but a game's decision there is labelled, and kept in the
    leaks, by what the player chose and what was best: a card for a card is card play,
    a redeal chosen or missed is the redeal, a weak hand's raise is the weak hand's."""
    from truf_tui.grading import leak_tags

    strong = truc.new_game(truc.Rules(target=12), seed=0)  # 7♥ Q♥ 8♣, no weak hand
    weak = truc.new_game(truc.Rules(target=12), seed=8)  # 10♦ J♣ J♠
    for s in (strong, weak):
        assert "redeal" in leak_tags(s) and "redeal" in kinds(s)
    card, other = [a for a in strong.legal_actions() if a.kind == "play"][:2]
    redeal, raise_ = truc.parse_action("redeal"), truc.parse_action("raise")

    def label(s: truc.State, chosen: truc.Action, best: truc.Action) -> str:
        return drills.game_spot(s.apply(chosen), len(s.history), "g", best).category

    assert leak_tags(strong, card, other) == ("play",)
    assert label(strong, card, other) == "random"  # shown as "Which card to play"
    assert label(strong, redeal, card) == "redeal"
    assert label(strong, card, redeal) == "redeal"
    assert label(strong, raise_, card) == "random"  # a strong hand's raise: no weak hand
    wcard, wother = [a for a in weak.legal_actions() if a.kind == "play"][:2]
    assert leak_tags(weak) == ("weak", "redeal")
    assert label(weak, raise_, wcard) == "weak"
    assert label(weak, wcard, raise_) == "weak"
    assert label(weak, wcard, wother) == "random"
    assert label(weak, redeal, wcard) == "redeal"
    # without the decision, the spot's categories, as the drills deal them
    assert drills.game_spot(weak.apply(wcard), 0, "g").category == "random"
    assert drills.drill_category(weak) == "weak"


def test_a_drilled_decision_is_kept_under_the_category_it_was_posed_as() -> None:
    """A weak hand's spot asks "raise or not?": not raising there is that leak's decision
    (kept under it), though a game's card-for-card decision is card play."""
    spot = drills.deal("weak", 0)
    s = spot.state()
    card = next(a for a in s.legal_actions() if a.kind == "play")
    v = drills.Verdict(card, 0.0, Grade.BEST, card)
    tags = drills.tags_of(spot, v)
    assert "weak" in tags and "play" not in tags
    raised = drills.deal("raised", 0)
    accept = truc.parse_action("accept")
    assert "raised" in drills.tags_of(raised, drills.Verdict(accept, 0.0, Grade.BEST, accept))
