"""The layered numpy pass (truf_tui.strategy.valuepass) gives exactly the values of the
walk it replaced (``Spot.exact_worth``, node by node in Python, itself checked against a
brute force through the engine in tests/test_values.py), at every kind of spot: small
targets (every decision), the shipped files at many scores (match files too), after a
redeal with its discards, against an opponent off the solved path, with a rest pending,
under the "game" rest refusal (T8), after 0, 1 and 2 cards.  And the rules it applies to
many states at once are the tree's (``tree.successors``)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from typing import Literal

import numpy as np
import pytest

from truf_tui.ai.solved import sample
from truf_tui.engine import truc
from truf_tui.strategy import valuepass as P
from truf_tui.strategy import values as V
from truf_tui.strategy.shipped import nearest, policy, tables
from truf_tui.strategy.tree import Outcome, State, root_state, state_key, successors
from truf_tui.strategy.trufbp import SolvedTable


def _compare(obs: truc.Observation, tab: SolvedTable | None = None) -> int:
    """The pass's values against the walk's at ``obs``; how many moves were compared."""
    spot = V.Spot.of(obs, V._file(obs, tab))
    fast = spot.pass_worth()  # the pass itself, not the shipped opening values
    slow = spot.exact_worth()
    assert set(fast) == set(slow), obs["history"]
    for m in fast:
        assert fast[m] == pytest.approx(slow[m], abs=1e-9), (m, obs["scores"],
                                                             obs["history"], obs["hand"])
    return len(fast)


def _obs(st: truc.State) -> truc.Observation:
    """The observation of the seat to move."""
    assert st.to_move is not None
    return st.observation(st.to_move)


def _cards(st: truc.State) -> int:
    return sum(str(a).startswith("play") for a in st.round_history())


def _rounds(rules: truc.Rules, games: int, seed: int, scores: tuple[int, int] = (0, 0),
            tab: SolvedTable | None = None, wild: float = 0.0,
            choose: Callable[[truc.State], truc.Action | None] | None = None
            ) -> Iterator[truc.State]:
    """Every decision of first rounds: both seats by the file (``tab``, else the app's),
    each decision at random with probability ``wild`` (off the solved path), or as
    ``choose`` says where it says."""
    rng = random.Random(seed)
    for g in range(games):
        st = truc.new_game(rules, seed=seed + g, scores=scores)
        while st.to_move is not None and st.round_no == 1:
            yield st
            forced = choose(st) if choose is not None else None
            if forced is not None:
                st = st.apply(forced)
            elif rng.random() < wild:
                st = st.apply(rng.choice(st.legal_actions()))
            else:
                st = st.apply(sample(policy(_obs(st), tab)[0], rng))


def _word(st: truc.State, *words: str) -> truc.Action | None:
    for a in st.legal_actions():
        if str(a) in words:
            return a
    return None


# -- the rules on keys ------------------------------------------------------------------------
def _states(n: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    seen: set[State] = set()
    for _ in range(n):
        s = root_state(rng.random() < 0.5)
        while True:
            seen.add(s)
            _, _, nxt = rng.choice(successors(s, 12, (0, 0)))
            if isinstance(nxt, Outcome):
                break
            s = nxt
    return sorted(seen, key=state_key)


@pytest.mark.parametrize("need", [12, 10, 6, 4, 2, 1])
def test_the_rules_on_state_keys_are_the_tree_s(need: int) -> None:
    """T3-T8 as ``tree.successors`` gives them (the moves, their order, each child's key,
    each end and the pending word it ends), for states of every kind, T7's cap at the
    score where the player who needs more needs ``need``."""
    states = _states(1500, need)
    kind, rank, child, end, ok = P.successors(
        np.array([state_key(s) for s in states], dtype=np.int64), need)
    for i, s in enumerate(states):
        want = [(k, r, (n, s[1]) if isinstance(n, Outcome) else state_key(n))
                for k, r, n in successors(s, 12, (12 - need, 12 - need))]
        got = [(int(kind[i, j]), int(rank[i, j]),
                P.end_of(int(end[i, j])) if end[i, j] >= 0 else int(child[i, j]))
               for j in range(P.MOVES) if ok[i, j]]
        assert got == want, s
    assert any(s[1] != -1 for s in states) and any(len(s[8]) == 2 for s in states)


# -- the pass against the walk ------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("target", [1, 2])
def test_the_pass_equals_the_walk_on_small_targets(
        target: int, solved_round: Callable[[int], SolvedTable]) -> None:
    """Every decision of solved and of partly random play (redeals, rests, folds' spots),
    both rest-refusal variants, on files of format 1 with both stages."""
    tab = solved_round(target)
    moves = 0
    variants: tuple[tuple[Literal["stake", "game"], float], ...] = (("stake", 0.0),
                                                                    ("game", 0.4))
    for variant, wild in variants:
        rules = truc.Rules(target=target, rest_refusal=variant)
        # (rounds: target 2's walk, the reference, is the suite's slowest check)
        for st in _rounds(rules, 8 if target == 1 else 5, 40 + target, tab=tab, wild=wild):
            # at target 2, after a card: before it, the walk values the redeal by walking
            # every deal of a fresh round (``fresh_value``), minutes a variant
            if target == 1 or _cards(st) >= 1:
                moves += _compare(_obs(st), tab)
    assert moves > 30, moves


@pytest.mark.slow
@pytest.mark.parametrize("scores", [(0, 0), (3, 4), (10, 10), (11, 9), (0, 11), (11, 11),
                                    (9, 9), (6, 6)])
def test_the_pass_equals_the_walk_on_the_shipped_files(scores: tuple[int, int]) -> None:
    """Spots after one card and more at scores the files were solved at and between
    (format 1 and 2 files, points and match payoffs, T7's cap below the file's)."""
    asked = 0
    for st in _rounds(truc.Rules(), 3, 7, scores):
        if _cards(st) >= 1:
            asked += 1
            _compare(_obs(st))
    assert asked >= 6


@pytest.mark.slow
def test_the_pass_equals_the_walk_before_the_first_card() -> None:
    """The spots that cost the walk most: a round's first decisions (the whole round
    below), at 0-0 and in a match file."""
    firsts = 0
    for scores in ((0, 0), (9, 9)):
        for st in _rounds(truc.Rules(), 2, 11, scores):
            if _cards(st) == 0:
                firsts += 1
                _compare(_obs(st))
    assert firsts >= 4


def test_the_pass_equals_the_walk_after_a_redeal_with_its_discards() -> None:
    """T3: an accepted redeal deals afresh (the stage after it; the old hands out of the
    pack, as the observation's discards say)."""
    asked = 0
    for scores in ((0, 0), (10, 10)):
        def redeal(st: truc.State) -> truc.Action | None:
            return _word(st, "redeal", "accept") if st.round_no == 1 else None

        for st in _rounds(truc.Rules(), 2, 21, scores, choose=redeal):
            obs = _obs(st)
            if obs.get("discarded") and _cards(st) >= 1:
                asked += 1
                _compare(obs)
    assert asked >= 4


@pytest.mark.slow
def test_the_pass_equals_the_walk_off_the_solved_path_and_with_a_rest_pending() -> None:
    """An opponent who plays at random (his reach may vanish: card removal alone), a rest
    to answer (T8, "stake" and "game" refusals), at 0-0 and in match files."""
    asked = rests = 0
    cases: tuple[tuple[tuple[int, int], Literal["stake", "game"]], ...] = (
        ((0, 0), "game"), ((5, 7), "stake"), ((10, 11), "game"))
    for scores, variant in cases:
        rules = truc.Rules(rest_refusal=variant)

        def rest(st: truc.State) -> truc.Action | None:
            return _word(st, "rest") if _cards(st) >= 2 else None

        for st in _rounds(rules, 3, 31, scores, wild=0.5, choose=rest):
            if _cards(st) >= 1:
                obs = _obs(st)
                asked += 1
                rests += obs["pending"] == "rest"
                _compare(obs)
    assert asked >= 10 and rests >= 2


def test_the_real_score_s_cap_masks_the_file_s_raises_or_leaves_its_tree() -> None:
    """T7: the real game's moves are the file's but a raise or rest the real score
    forbids; a raise the real score allows and the file's tree lacks (a file solved
    with a lower cap) makes the pass leave (``Spot`` then walks: the app's rule there,
    every move alike)."""
    wide = nearest(tables(), 12, (0, 0))
    narrow = nearest(tables(), 12, (11, 11))  # nobody may raise (T7: 1 point to go)
    for tab, need, words, outside in ((wide, 12, True, False), (wide, 1, False, False),
                                      (narrow, 1, False, False), (narrow, 12, False, True)):
        g = P.graph(tab, "round")
        sid = np.array([g.sid(root_state(True))])
        g.build(sid)
        allowed, out = g.allowed(sid, need, P.MOVES)
        kinds = set(g.kind[sid[0]][allowed[0]].tolist())
        assert (1 in kinds) == words and (2 in kinds) == words and bool(out[0]) == outside
        assert {0, 3} <= kinds  # the plays and the redeal stay


def test_a_round_s_first_decision_costs_a_fraction_of_the_walk() -> None:
    """The speed itself (CPU seconds, which a loaded machine inflates less than the wall
    clock's, but not wholly): before a round's first card at 0-0 the walk took 0.35 to
    1.8 s (median 0.8), the pass 0.05 to 0.3 s on an idle machine."""
    tab = nearest(tables(), 12, (0, 0))
    times = []
    for st in _rounds(truc.Rules(), 6, 5, (0, 0)):
        if _cards(st) == 0:
            V._spots.pop(tab, None)  # no values kept from an earlier ask
            P._passes.clear()
            t = time.process_time()
            V.action_values(_obs(st))
            times.append(time.process_time() - t)
    times.sort()
    assert len(times) >= 5
    assert times[len(times) // 2] < 0.4 and times[-1] < 1.2, times
