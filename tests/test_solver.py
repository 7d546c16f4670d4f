"""The Truc solver (truf_tui.solve): hands, the public tree against the engine, discounted
CFR and an exact best response checked by brute force through the engine's own states."""

from __future__ import annotations

import random
from functools import cache
from math import comb

import numpy as np
import pytest

from truf_tui.cards import TRUC_32, TRUC_STRENGTH, Card
from truf_tui.engine import truc
from truf_tui.solve import kernels as K
from truf_tui.solve.cfr import ALGORITHMS, DEFAULT, Solver, points_utility
from truf_tui.strategy.hands import HAND_INDEX, HANDS, MULTISETS, REST_INDEX, WEIGHT, counts
from truf_tui.strategy.tree import NONE, PLAY, REDEAL, Tree, build, child, locate, parse_word

RANK_OF = {str(c): TRUC_STRENGTH[c] for c in TRUC_32}


def test_T1_T2_hand_weights_are_the_deal_probabilities() -> None:
    assert len(HANDS) == 120
    assert WEIGHT.sum() == pytest.approx(1.0)
    assert np.allclose(WEIGHT, WEIGHT.T)
    for h in HANDS[::7]:  # a hand's marginal: C(4, a) products over C(32, 3)
        p = np.prod([comb(4, a) for a in counts(h)]) / comb(32, 3)
        assert WEIGHT[HAND_INDEX[h]].sum() == pytest.approx(p)
    # card removal: three 7s leave one 7 for the other hand, never two
    assert WEIGHT[HAND_INDEX[(7, 7, 7)], HAND_INDEX[(0, 7, 7)]] == 0.0
    assert WEIGHT[HAND_INDEX[(7, 7, 7)], HAND_INDEX[(0, 0, 7)]] > 0.0


@cache
def tree_of(target: int, scores: tuple[int, int] = (0, 0), redeal: bool = False) -> Tree:
    return build(target, scores, redeal)


def cards_for(h: tuple[int, ...], g: tuple[int, ...]) -> tuple[list[Card], list[Card]]:
    """Concrete cards for two rank multisets (suits do not matter, T1)."""
    pool: dict[int, list[Card]] = {r: [c for c in TRUC_32 if TRUC_STRENGTH[c] == r]
                                   for r in range(8)}
    return [pool[r].pop() for r in h], [pool[r].pop() for r in g]


def deal(nd: list[Card], dl: list[Card], target: int,
         scores: tuple[int, int] = (0, 0)) -> truc.State:
    """A round with the non-dealer (player 0) holding nd and the dealer (1) dl."""
    s = truc.new_game(truc.Rules(target=target), seed=1, dealer=1, scores=scores)
    d = s.to_dict()
    rest = [str(c) for c in TRUC_32 if c not in nd and c not in dl]
    d["hands"] = [[str(c) for c in nd], [str(c) for c in dl]]
    d["stock"] = rest
    return truc.State.from_dict(d)


def test_a_tree_is_built_once_and_the_least_recently_asked_for_goes_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``build`` keeps small trees for the process (a check, a sweep and a best response
    ask for the same ones again and again), within its bounds."""
    import truf_tui.strategy.tree as tree_module
    from truf_tui.strategy.kept import Kept

    def kept(one: int, total: int) -> Kept[Tree]:
        k: Kept[Tree] = Kept(lambda t: t.edges, one=one, total=total)
        monkeypatch.setattr(tree_module, "_kept", k)
        return k

    kept(tree_module._kept.one, tree_module._kept.total)
    a = build(1, (0, 0), redeal=False)
    assert build(1, (0, 0), redeal=False) is a
    assert build(1, (0, 0), redeal=True) is not a
    # three trees of one size (raise cap 1, T7), room for two: the oldest asked for goes
    k = kept(10**9, 2 * a.edges)
    a, b = build(1, (0, 0), redeal=False), build(2, (1, 1), redeal=False)
    assert a.edges == b.edges
    assert build(1, (0, 0), redeal=False) is a  # asked for again: now the newest
    c = build(3, (2, 2), redeal=False)
    assert list(k.values.values()) == [a, c]
    assert build(2, (1, 1), redeal=False) is not b
    k = kept(a.edges - 1, 10**9)  # too large to keep
    d = build(1, (0, 0), redeal=False)
    assert build(1, (0, 0), redeal=False) is not d and not k.values
    assert np.array_equal(d.edge_child, a.edge_child) and d.outcomes == a.outcomes


@pytest.mark.parametrize(("target", "scores"), [(1, (0, 0)), (2, (0, 0)), (12, (11, 11))])
def test_T3_T10_the_tree_follows_the_engine(target: int, scores: tuple[int, int]) -> None:
    """Random rounds in the engine, without folds, walk the tree: the moves the engine
    allows are the tree's edges for that hand, and the tree's outcome is the engine's."""
    tree = tree_of(target, scores, True)
    util = points_utility(tree, redeal_value=0.0)
    rng = random.Random(target)
    for _ in range(200):
        cards = list(TRUC_32)
        rng.shuffle(cards)
        s = deal(cards[:3], cards[3:6], target, scores)
        n, walked = 0, []
        while True:
            legal = [a for a in s.legal_actions() if a.kind != "fold"]
            edges = {(int(tree.edge_kind[e]), int(tree.edge_rank[e]))
                     for e in range(tree.edge_start[n], tree.edge_start[n + 1])}
            mine = {parse_word(str(a), RANK_OF) for a in legal}
            plays = {e for e in edges if e[0] == PLAY}
            assert mine - plays == {e for e in edges if e[0] != PLAY}, walked
            assert {m for m in mine if m[0] == PLAY} <= plays
            a = rng.choice(legal)
            kw = parse_word(str(a), RANK_OF)
            walked.append(str(a))
            e = child(tree, n, *kw)
            before = s.scores()
            s = s.apply(a)
            if tree.edge_child[e] == NONE:
                o = tree.outcomes[int(tree.edge_outcome[e])]
                if o.redeal:
                    assert s.discards != ((), ())
                    break
                gain = (s.scores()[0] - before[0]) - (s.scores()[1] - before[1])
                assert util[int(tree.edge_outcome[e])] == gain, walked
                assert s.round_no == 2 or s.is_terminal()
                break
            n = int(tree.edge_child[e])
            assert locate(tree, [parse_word(w, RANK_OF) for w in walked]) == n


def deals_for(tree: Tree, b: int, h: tuple[int, ...]
              ) -> list[tuple[truc.State, float, tuple[int, ...]]]:
    """(the round dealt, its probability, the other's hand) for every hand the other
    player may hold when b holds h (card removal, T1, T2)."""
    items = []
    for g in HANDS:
        w = WEIGHT[HAND_INDEX[h], HAND_INDEX[g]]
        if w > 0:
            mine, theirs = cards_for(h, g)
            nd, dl = (mine, theirs) if b == 0 else (theirs, mine)
            items.append((deal(nd, dl, tree.target, tree.scores), float(w), g))
    return items


def brute_force(tree: Tree, strategy: np.ndarray, solver: Solver, b: int,
                h: tuple[int, ...], redeal_value: float = 0.0) -> float:
    """Player b's best-response value with hand h (card removal weights included), the
    other following ``strategy``: computed through the engine's own states, one per
    opponent hand, with folds allowed to b (they must never help)."""
    items = deals_for(tree, b, h)
    sign = 1.0 if b == 0 else -1.0

    def ended(before: truc.State, after: truc.State) -> float | None:
        """b's points if ``after`` ends the round (or starts a redeal's new hands)."""
        if after.round_no == before.round_no and not after.is_terminal():
            if before.pending == "redeal" and after.discards != ((), ()):
                return sign * redeal_value
            return None
        gain = ((after.scores()[0] - before.scores()[0])
                - (after.scores()[1] - before.scores()[1]))
        return sign * gain

    def step(n: int, a: truc.Action, items: list[tuple[truc.State, float, tuple[int, ...]]]
             ) -> float:
        total, rest = 0.0, []
        for s, w, g in items:
            nxt = s.apply(a)
            v = ended(s, nxt)
            if v is None:
                rest.append((nxt, w, g))
            else:
                total += w * v
        if rest:
            e = child(tree, n, *parse_word(str(a), RANK_OF))
            total += rec(int(tree.edge_child[e]), rest)
        return total

    def rec(n: int, items: list[tuple[truc.State, float, tuple[int, ...]]]) -> float:
        s0 = items[0][0]
        if s0.current_player == b:
            return max(step(n, a, items) for a in s0.legal_actions()
                       if tree.redeal or a.kind != "redeal")
        played = MULTISETS[int(tree.played[n, 1 - b])]
        total = 0.0
        # one public move per rank: two cards of a rank are the same move (T1)
        moves: dict[tuple[int, int], list[tuple[truc.State, float, tuple[int, ...]]]] = {}
        for s, w, g in items:
            own: dict[tuple[int, int], truc.Action] = {}
            for a in s.legal_actions():
                if a.kind != "fold" and (tree.redeal or a.kind != "redeal"):
                    own.setdefault(parse_word(str(a), RANK_OF), a)
            rest = list(g)
            for r in played:
                rest.remove(r)
            j = REST_INDEX[len(played)][tuple(rest)]
            for kw, a in own.items():
                pr = strategy[solver.edge_off[child(tree, n, *kw)] + j]
                if pr > 0:
                    moves.setdefault(kw, []).append((s, w * pr, g))
                    by_action[(id(s), kw)] = a
        for kw, sub in moves.items():
            total += sum(step_one(n, kw, sub))
        return total

    by_action: dict[tuple[int, tuple[int, int]], truc.Action] = {}

    def step_one(n: int, kw: tuple[int, int],
                 sub: list[tuple[truc.State, float, tuple[int, ...]]]) -> list[float]:
        out, rest = [], []
        for s, w, g in sub:
            nxt = s.apply(by_action[(id(s), kw)])
            v = ended(s, nxt)
            if v is None:
                rest.append((nxt, w, g))
            else:
                out.append(w * v)
        if rest:
            out.append(rec(int(tree.edge_child[child(tree, n, *kw)]), rest))
        return out

    return rec(0, items)


@pytest.mark.parametrize(("target", "scores", "iterations", "hands"), [
    (1, (0, 0), 30, [(0, 3, 7), (5, 5, 6), (1, 2, 4)]),
    pytest.param(2, (1, 0), 4, [(0, 1, 7), (6, 6, 2)],  # a raise to 2 and the rest are
                 marks=pytest.mark.slow),  # possible (T7)
])
def test_T7_T9_best_response_agrees_with_brute_force(
        target: int, scores: tuple[int, int], iterations: int,
        hands: list[tuple[int, ...]]) -> None:
    tree = tree_of(target, scores, False)
    solver = Solver(tree, points_utility(tree))
    solver.iterate(iterations)
    avg = solver.average()
    solver.prepare(avg)
    for b in (0, 1):
        vec = solver.root_values(b, K.BEST, avg)
        for h in hands:
            h = tuple(sorted(h))
            assert vec[HAND_INDEX[h]] == pytest.approx(
                brute_force(tree, avg, solver, b, h), abs=1e-12), (b, h)


@pytest.mark.slow
def test_cfr_converges_and_the_value_lies_within_the_bounds() -> None:
    tree = tree_of(1)
    solver = Solver(tree, points_utility(tree))
    solver.iterate(20)
    early = solver.exploitability()
    solver.iterate(180)
    late = solver.exploitability()
    assert 0 <= late.total < early.total / 5
    assert late.total < 2e-4
    lo, hi = late.bounds
    assert lo <= late.value <= hi
    assert -0.13 < late.value < -0.11  # the dealer answers last: his edge (T4)


def test_the_exploitability_takes_one_strategy_type_on_its_own_tree() -> None:
    """``strategy.layout.TreeStrategy`` (strategy/__init__.py): the average strategy as that
    type measures as the default does; a vector of another tree's length, or a strategy on
    another tree, is refused rather than read at the wrong offsets; the layout is the
    solver's own."""
    from truf_tui.strategy.layout import TreeStrategy, layout

    tree = tree_of(1)
    solver = Solver(tree, points_utility(tree))
    solver.iterate(20)
    played = solver.played(solver.average())
    assert solver.exploitability(played) == solver.exploitability()
    at = layout(tree)
    assert at.edge_size == solver.edge_size == len(played.probs)
    assert np.array_equal(at.edge_off, solver.edge_off)
    assert (at.size0, at.size1) == (solver.size0, solver.size1)
    with pytest.raises(ValueError, match="holds"):
        TreeStrategy(tree, played.probs[:-1])
    other = tree_of(1, (0, 0), True)  # the whole round: more edges
    with pytest.raises(ValueError, match="another tree"):
        solver.exploitability(TreeStrategy(other, np.full(layout(other).edge_size, 0.5)))
    for name in ("cfr+", "dcfr"):  # both named, the default first (the module says so)
        assert name in ALGORITHMS
    assert ALGORITHMS[0] == DEFAULT == Solver(tree, points_utility(tree)).algorithm == "dcfr"


def test_checkpoints_resume_exactly(tmp_path: object) -> None:
    from pathlib import Path
    path = Path(str(tmp_path)) / "c.npz"
    tree = tree_of(1)
    a = Solver(tree, points_utility(tree))
    a.iterate(7)
    a.save(path)
    a.iterate(5)
    b = Solver(tree, points_utility(tree))
    b.load(path)
    assert b.iteration == 7
    b.iterate(5)
    assert np.array_equal(a.regret, b.regret) and np.array_equal(a.sums, b.sums)
    other = Solver(tree_of(1, redeal=True), points_utility(tree_of(1, redeal=True)))
    with pytest.raises(ValueError, match="another round"):
        other.load(path)


def test_T3_the_redeal_is_the_non_dealers_first_move_only() -> None:
    tree = tree_of(2, (0, 0), True)
    redeals = np.flatnonzero(tree.edge_kind == REDEAL)
    assert list(redeals) == [int(tree.edge_start[1]) - 1]  # the root's last edge


@pytest.mark.slow
def test_blueprint_is_what_the_solver_plays_where_histories_do_not_matter() -> None:
    """Without raises (target 1) no two histories share a state with different ranges, so
    the blueprint in bytes loses almost nothing; its exploitability is measured exactly."""
    from truf_tui.solve.blueprint import lift, merge
    tree = tree_of(1)
    solver = Solver(tree, points_utility(tree))
    solver.iterate(60)
    avg = solver.average()
    bp = merge(solver, avg)
    assert len(bp.states) < tree.nodes
    played = lift(bp, solver)
    assert np.abs(played - avg).max() < 0.01  # one byte per probability
    assert (solver.exploitability(solver.played(played)).total
            <= solver.exploitability(solver.played(avg)).total + 5e-5)


@pytest.mark.slow
def test_solve_cli_value_check_and_resume(tmp_path: object, capsys: pytest.CaptureFixture[str]
                                          ) -> None:
    from pathlib import Path

    from truf_tui.solve.__main__ import main
    folder = Path(str(tmp_path))
    assert main(["value", "--target", "1", "--iterations", "20", "--dir", str(folder),
                 "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("value of the round, target 1, scores 0-0")
    assert out[-1].startswith("exploitability: ")
    assert "points/round (target 1" in out[-1]
    # a run stopped at every checkpoint and resumed gives what an uninterrupted run gives
    stops = 0
    while main(["check", "--target", "1", "--iterations", "20", "--every", "10", "--dir",
                str(folder / "stopped"), "--quiet", "--json", "--seconds", "0"]) == 3:
        stops += 1
        capsys.readouterr()
    assert stops == 2  # after 10 iterations of each stage
    resumed = capsys.readouterr().out
    assert main(["check", "--target", "1", "--iterations", "20", "--dir",
                 str(folder / "fresh"), "--quiet", "--json"]) == 0
    scratch = capsys.readouterr().out

    def figures(text: str) -> dict[str, float]:
        import json
        d = json.loads(text[:text.rindex("}") + 1])
        return {k: v for k, v in d.items() if not k.endswith("seconds")}

    assert figures(resumed) == figures(scratch)
    assert scratch.splitlines()[-1].startswith("exploitability: ")
    assert "blueprint the expert plays" in scratch.splitlines()[-1]


@pytest.mark.parametrize("args", [["value", "--target", "0"], ["check", "--scores", "12", "0"],
                                  ["run", "--iterations", "0"], ["nonsense"]])
def test_solve_cli_rejects_bad_options(args: list[str]) -> None:
    from truf_tui.solve.__main__ import main
    with pytest.raises(SystemExit) as e:
        main(args)
    assert e.value.code == 2


@pytest.mark.slow
def test_T8_T10_match_utility_follows_the_scores() -> None:
    """Outcomes valued in the match: 2 P(non-dealer wins) - 1, the next round dealt by the
    other player (T2), an accepted rest taking the winner to the target (T8)."""
    from truf_tui.solve.cfr import match_utility
    from truf_tui.strategy.tree import Outcome
    tree = tree_of(12, (11, 10), True)
    seen: list[tuple[int, int]] = []

    def next_round(a: int, b: int) -> float:  # the next non-dealer has a, the dealer b
        seen.append((a, b))
        return 0.25

    u = dict(zip(tree.outcomes, match_utility(tree, next_round, 0.5), strict=True))
    assert u[Outcome(0, 1, False)] == 1.0  # 11 + 1 = 12: the non-dealer wins the match
    assert u[Outcome(1, 1, False)] == 2 * (1 - 0.25) - 1  # 11-11, the old dealer leads next
    assert u[Outcome(1, 1, True)] == -1.0  # the dealer's accepted rest: the game (T8)
    assert u[Outcome(-1, 1, False)] == 0.5  # all spoiled: nobody scores, the deal passes
    assert u[Outcome(-1, 1, False, True)] == 0.5  # the redeal's value, as given
    assert (11, 11) in seen and (10, 11) in seen


def test_the_curve_picture_is_drawn_from_the_logged_checkpoints(tmp_path: object) -> None:
    import json
    import xml.etree.ElementTree as ET
    from pathlib import Path

    from truf_tui.solve.plot import label, main
    folder = Path(str(tmp_path))
    curve = folder / "t12-0-0-dcfr-round.curve.jsonl"
    curve.write_text("".join(json.dumps({"iteration": i, "exploitability": 1.0 / i}) + "\n"
                             for i in (10, 100, 1000)))
    out = folder / "c.svg"
    assert main([str(out), str(curve)]) == 0
    svg = ET.parse(out).getroot()
    paths = [e for e in svg.iter() if e.tag.endswith("path")]
    assert len(paths) == 1 and paths[0].get("d", "").count("L") == 2
    assert label("t12-0-0-dcfr-round") == "to 12, 0-0, round"
    assert main([]) == 2
