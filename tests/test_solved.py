"""The solved Le Truc player (truf_tui.ai.solved) and the file it plays
(truf_tui.strategy.trufbp, written by truf_tui.solve.ship): the file holds what the solver
solved, the player finds the right spot in it from an observation, and its policy is a
distribution over the legal actions at any score."""

from __future__ import annotations

import hashlib
import json
import lzma
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from truf_tui.ai import make_bot
from truf_tui.ai.solved import SolvedTrucBot
from truf_tui.cards import TRUC_32, TRUC_STRENGTH
from truf_tui.engine import truc
from truf_tui.solve.__main__ import main
from truf_tui.solve.cfr import Solver, points_utility
from truf_tui.solve.rounds import fmt
from truf_tui.solve.ship import pack, unpack
from truf_tui.strategy.hands import REST_INDEX
from truf_tui.strategy.shipped import policy, table
from truf_tui.strategy.tree import build, locate, parse_word
from truf_tui.strategy.trufbp import TOP, BlueprintError, SolvedTable, round_only

RANK_OF = {str(c): TRUC_STRENGTH[c] for c in TRUC_32}

EXPL = re.compile(r"exploitability: ([0-9.e-]+) points/round")


@pytest.fixture(scope="module")
def small(made_once: Callable[[str, Callable[[Path], None]], Path]) -> tuple[Path, Path]:
    """A round to 2 solved a little (raises and the redeal are in it), shipped to a file:
    2 iterations, as conftest.solved_round (the same folder, made by whichever asks first)."""
    def make(d: Path) -> None:
        assert main(["ship", "--target", "2", "--iterations", "2", "--dir", str(d), "--file",
                     str(d / "t2.trufbp"), "--quiet"]) == 0

    d = made_once("solved", make)
    return d, d / "t2.trufbp"


@pytest.fixture(scope="module")
def tiny(made_once: Callable[[str, Callable[[Path], None]], Path]) -> Path:
    """The round to 1 (no raise possible, T7's cap; the redeal is in it), shipped."""
    def make(d: Path) -> None:
        assert main(["ship", "--target", "1", "--iterations", "30", "--dir", str(d), "--file",
                     str(d / "t1.trufbp"), "--quiet"]) == 0

    return made_once("tiny", make) / "t1.trufbp"


@pytest.mark.slow
def test_the_shipped_figures_are_the_checked_ones(tiny: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """`ship` measures what it packs; `check --file` measures what the app plays from the
    file, through the app's own code (a different walk than ``ship``'s own reading): the
    two agree, and the file says the same."""
    f = tiny
    assert main(["ship", "--target", "1", "--iterations", "30", "--dir", str(f.parent),
                 "--file", str(f), "--quiet"]) == 0
    shipped = float(EXPL.findall(capsys.readouterr().out)[-1])
    assert main(["check", "--target", "1", "--file", str(f)]) == 0
    checked = float(EXPL.findall(capsys.readouterr().out)[-1])
    assert checked == pytest.approx(shipped, rel=1e-3, abs=1e-9)
    tab = SolvedTable(f.read_bytes())
    assert tab.header["figures"]["shipped_exploitability"] == pytest.approx(shipped, rel=1e-3,
                                                                             abs=1e-9)
    assert (tab.target, tab.scores) == (1, (0, 0))


@pytest.mark.slow
def test_T3_T7_the_policy_is_the_packed_strategy_at_the_spot(small: tuple[Path, Path]) -> None:
    """Random engine rounds to 2 (raises, rests, redeals): at every decision the policy is
    the packed strategy at the tree node the round's actions reach, for the mover's hand."""
    d, f = small
    tab = SolvedTable(f.read_bytes())
    stages = {}
    for redeal in (True, False):
        tree = build(2, (0, 0), redeal)
        s = Solver(tree, points_utility(tree, 0.0))
        s.load(d / f"t2-0-0-dcfr-{'round' if redeal else 'noredeal'}.npz")
        stages[redeal] = (tree, s, unpack(pack(s, s.average()), s))
    rng = random.Random(5)
    seen = 0
    for game in range(25):
        st = truc.new_game(truc.Rules(target=2), seed=game)
        while not st.is_terminal() and st.round_no == 1:
            me = st.to_move
            obs = st.observation(me)
            probs, how = policy(obs, tab)
            assert how == "placed"
            hist = st.round_history()
            words = [str(a) for a in hist]
            redeal = words[:2] != ["redeal", "accept"]
            if not redeal:
                words = words[2:]
            tree, s, strat = stages[redeal]
            n = locate(tree, [parse_word(w, RANK_OF) for w in words])
            k = 3 - len(st.hands[me])  # cards played since the (last) deal
            hand = tuple(sorted(TRUC_STRENGTH[c] for c in st.hands[me]))
            j = REST_INDEX[k][hand]
            for e in range(int(tree.edge_start[n]), int(tree.edge_start[n + 1])):
                p = strat[s.edge_off[e] + j]
                kind, rank = int(tree.edge_kind[e]), int(tree.edge_rank[e])
                got = sum(v for a, v in probs.items() if a.kind != "fold"
                          and parse_word(str(a), RANK_OF) == (kind, rank))
                if p > 0:
                    assert got == pytest.approx(p, abs=1e-9)
            seen += 1
            legal = [a for a in st.legal_actions() if a.kind != "fold"]
            st = st.apply(rng.choice(legal))
    assert seen > 50


@pytest.mark.slow
def test_policy_is_a_distribution_at_any_score_and_target(small: tuple[Path, Path]) -> None:
    """ENGINE_API.md: every legal action present, summing to 1, fold 0, the same answer
    twice; at scores and targets the file was not solved for too."""
    _, f = small
    tab = SolvedTable(f.read_bytes())
    rng = random.Random(2)
    hows = set()
    for game in range(40):
        target = rng.choice([1, 2, 3, 12])
        scores = (rng.randrange(target), rng.randrange(target))
        st = truc.new_game(truc.Rules(target=target), seed=game, scores=scores)
        while not st.is_terminal():
            obs = st.observation(st.to_move)
            probs, how = policy(obs, tab)
            hows.add(how)
            assert set(probs) == set(st.legal_actions())
            assert sum(probs.values()) == pytest.approx(1.0, abs=1e-9)
            assert all(p >= 0 for p in probs.values())
            assert probs.get(truc.FOLD, 0.0) == 0.0
            assert policy(obs, tab)[0] == probs
            st = st.apply(rng.choice(list(st.legal_actions())))
    assert {"placed", "translated"} <= hows


@pytest.mark.slow
def test_a_damaged_file_is_refused_with_a_reason(small: tuple[Path, Path]) -> None:
    _, f = small
    data = f.read_bytes()
    with pytest.raises(BlueprintError, match="magic"):
        SolvedTable(b"nonsense" + data)
    with pytest.raises(BlueprintError, match="damaged"):
        SolvedTable(data[:-10])
    with pytest.raises(BlueprintError):
        SolvedTable(data[:40])


def test_the_shipped_file_is_the_solved_round_to_12() -> None:
    """The file in the package: the round at 0-0 to 12, with the exploitability it was
    shipped with (docs/solver.md; `python -m truf_tui.solve check --file ...` measures it)."""
    tab = table()
    assert (tab.target, tab.scores) == (12, (0, 0))
    fig = tab.header["figures"]
    assert fig["shipped_exploitability"] <= 0.002
    assert fig["nodes"] == 2_322_987


def test_the_shipped_data_fits_the_budget() -> None:
    """Issue 15: at most 20 MB in the wheel. The wheel deflates every file of the package:
    the data (compressed already: it gains a little) and the rest (session 31, with the
    opening values: 19.1 MB of data, a wheel of about 19.6 MB)."""
    import zlib
    from importlib import resources
    from pathlib import Path

    data = resources.files("truf_tui.strategy").joinpath("data")
    sizes = {f.name: len(f.read_bytes()) for f in data.iterdir() if f.is_file()}
    assert sum(n.endswith(".trufbp") for n in sizes) >= 12
    assert sum(sizes.values()) <= 19_600_000
    package = Path(str(resources.files("truf_tui")))
    wheel = 0
    for f in package.rglob("*"):
        if f.is_file() and "__pycache__" not in f.parts and f.suffix != ".pyc":
            wheel += min(f.stat().st_size, len(zlib.compress(f.read_bytes(), 6))) + 200
    assert wheel <= 20_000_000  # (200 bytes a file: its zip headers, more than enough)


def test_the_solved_player_plays_whole_matches() -> None:
    """Seeded: the same seed plays the same match; every move is legal."""
    def play(seed: int) -> list[str]:
        bots = [make_bot("truc", "solved", seed=seed), make_bot("truc", "random", seed=seed)]
        st = truc.new_game(seed=seed)
        words = []
        while not st.is_terminal():
            a = bots[st.to_move].choose(st.observation(st.to_move))
            words.append(str(a))
            st = st.apply(a)
        return words

    assert play(3) == play(3)
    bot = make_bot("truc", "solved", seed=1)
    assert isinstance(bot, SolvedTrucBot)
    obs = truc.new_game(seed=9).observation(1 - truc.new_game(seed=9).dealer)
    stats = bot.analyse(obs)
    assert [s.value for s in stats] == sorted((s.value for s in stats), reverse=True)
    assert sum(s.value for s in stats) == pytest.approx(1.0)
    assert np.isclose(sum(bot.policy(obs).values()), 1.0)


def test_T7_T8_the_file_of_the_nearest_score_plays_and_its_tree_holds_the_round() -> None:
    """Each shipped file is solved at one score; a score plays the file nearest by what
    each player needs, among those whose raise cap (T7) is at least the real one, so that
    every raise the real round allows is in the file's tree."""
    from truf_tui.strategy.shipped import nearest, tables

    tabs = tables()
    by_score = {t.scores: t for t in tabs}
    assert (0, 0) in by_score and len(tabs) >= 2
    for t in tabs:  # a file's own score plays that file
        assert nearest(tabs, t.target, t.scores) is t
    for target, scores in [(12, (5, 5)), (12, (0, 11)), (12, (11, 11)), (5, (1, 3)),
                           (30, (2, 20))]:
        chosen = nearest(tabs, target, scores)
        assert (truc.stake_cap(chosen.scores, chosen.target)
                >= min(truc.stake_cap(scores, target), 12))  # past 12: the 0-0 file's cap
    assert nearest(tabs, 12, (1, 0)) is by_score[(0, 0)]
    assert nearest(tabs, 12, (6, 7)) is by_score[(5, 7)]  # not 3-10: 5 against 2 points
    assert nearest(tabs, 12, (4, 8)) is by_score[(5, 7)]  # 3-10's too far; 5-7's cap is 8
    # one player far ahead: the region's own file (the 0-0 points file gave away up to
    # 0.18 there, docs/solver.md "Every score at once")
    assert nearest(tabs, 12, (3, 8)) is by_score[(0, 9)]  # 5-7's cap is 8, 3-8's 10
    assert nearest(tabs, 12, (0, 10)) is by_score[(0, 9)]
    assert nearest(tabs, 12, (10, 1)) is by_score[(9, 0)]
    assert nearest(tabs, 12, (4, 9)) is by_score[(0, 9)]
    assert nearest(tabs, 12, (0, 5)) is by_score[(0, 6)]
    assert nearest(tabs, 12, (3, 7)) is by_score[(0, 6)]
    # ... and only where the lead is at least half the file's (0-6's gave away 0.071 at 3-4)
    assert nearest(tabs, 12, (3, 4)) is by_score[(0, 0)]
    assert nearest(tabs, 12, (4, 2)) is by_score[(0, 0)]
    # the end of a match at cap 4: 10-9 plays 10-8 (9-9's gave away 0.07 to 0.11 there)
    assert nearest(tabs, 12, (10, 9)) is by_score[(10, 8)]
    assert nearest(tabs, 12, (9, 10)) is by_score[(8, 10)]
    assert nearest(tabs, 12, (5, 0)) is by_score[(6, 0)]
    # the cap, not the need: 11-8 (needs 1 and 4) and 11-9 (1 and 3) both stop at 4
    assert nearest(tabs, 12, (11, 8)) is by_score[(11, 9)]
    assert nearest(tabs, 12, (8, 9)) is by_score[(7, 9)]  # needs 4 and 3: nearer 5-3
    assert nearest(tabs, 12, (8, 8)) is by_score[(9, 9)]
    assert nearest(tabs, 12, (6, 9)) is by_score[(7, 9)]  # not 3-10 (0.070 there)
    assert nearest(tabs, 12, (9, 6)) is by_score[(9, 7)]  # not 10-3 (0.051 there)
    assert nearest(tabs, 12, (10, 7)) is by_score[(9, 7)]  # not 0-0 (0.138 there)
    # one player a point from the match: his own files (the 0-0 file gave away 0.18 there)
    assert nearest(tabs, 12, (11, 3)) is by_score[(11, 0)]
    assert nearest(tabs, 12, (11, 6)) is by_score[(11, 5)]
    assert nearest(tabs, 12, (6, 11)) is by_score[(5, 11)]
    assert nearest(tabs, 12, (3, 11)) is by_score[(0, 11)]
    # a file where one player needs more plays only where the same one needs more
    assert nearest(tabs, 12, (5, 5)) is by_score[(0, 0)]
    assert nearest(tabs, 12, (7, 7)) is by_score[(6, 6)]
    assert nearest(tabs, 12, (8, 5)) is by_score[(7, 5)]
    assert nearest(tabs, 12, (6, 5)) is by_score[(7, 5)]
    assert nearest(tabs, 12, (5, 8)) is by_score[(5, 7)]


@pytest.mark.slow
def test_the_fast_reading_of_a_files_own_round_is_the_app_s(tiny: Path) -> None:
    """``read_stage`` (numpy speed, the file's own round) plays as ``lift_file`` (the app's
    own ``node_policy`` walked over every node): they differ only where the solved player's
    own play never goes, so every figure is the same."""
    from truf_tui.solve.ship import lift_file, read_stage

    tab = SolvedTable(tiny.read_bytes())
    for redeal in (False, True):
        tree = build(1, (0, 0), redeal)
        s = Solver(tree, points_utility(tree, 0.0))
        a = s.exploitability(s.played(read_stage(tab, s)))
        b = s.exploitability(s.played(lift_file(tab, s)))
        assert (a.value, a.best0, a.best1) == pytest.approx((b.value, b.best0, b.best1),
                                                            abs=1e-12)


def test_without_its_files_the_expert_says_so_and_plays_the_search(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """A broken install (no solved strategy) must not end the player's game."""
    from truf_tui.strategy import shipped

    def missing() -> list[SolvedTable]:
        raise BlueprintError("no solved strategy is installed")

    monkeypatch.setattr(shipped, "tables", missing)
    bot = make_bot("truc", "expert", seed=4, iterations=200)
    st = truc.new_game(seed=4)
    obs = st.observation(st.to_move)
    with pytest.raises(BlueprintError):
        bot.policy(obs)  # type: ignore[attr-defined]
    with caplog.at_level("WARNING"):
        a = bot.choose(obs)
    assert a in st.legal_actions()
    assert "playing the hard tier" in caplog.text


@pytest.mark.slow
def test_T3_a_round_only_file_plays_the_rounds_strategy_after_a_redeal(
        tiny: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`solve trim` drops the stage after an accepted redeal (docs/solver.md, "Round-only
    files"): the round's numbers are kept as they were; after a redeal the app plays the
    round's own nodes, the root without its redeal move; the figures `trim` writes are the
    ones `check` measures on the trimmed file; a trimmed file cannot be trimmed again."""
    from truf_tui.strategy.shipped import node_policy
    from truf_tui.strategy.tree import PLAY, REDEAL, root_state

    f = tiny  # the round to 1: the redeal is in it, and it is quick to measure
    d = f.parent
    out = d / "t1-round-only.trufbp"
    assert main(["trim", "--file", str(f), "--out", str(out)]) == 0
    trimmed_figure = float(EXPL.findall(capsys.readouterr().out)[-1])
    both, trimmed = SolvedTable(f.read_bytes()), SolvedTable(out.read_bytes())
    assert both.has_fresh and not trimmed.has_fresh
    assert out.stat().st_size < f.stat().st_size
    assert trimmed.header["figures"]["shipped_bytes"] == out.stat().st_size
    n = int(both.header["stages"]["fresh"])
    assert trimmed.header["entries"] == n
    assert np.array_equal(trimmed.numbers(0, n), both.numbers(0, n))
    assert trimmed.root(False) == (root_state(True), 0)
    s, at = trimmed.locate(False, [])
    moves = [(k, r) for k, r, _ in trimmed.successors(s)]
    allowed = np.array([m[0] != REDEAL for m in moves])
    block = trimmed.block(s, at)
    for hand, j in REST_INDEX[0].items():
        dist, _ = node_policy(block, moves, allowed, 0, hand)
        col = block[:, j] * allowed
        if col.sum() > 0:
            assert dist is not None and np.allclose(dist, col / col.sum())
    for r in range(8):  # after the first card both stages are the round's same node
        assert trimmed.locate(False, [(PLAY, r)]) == both.locate(True, [(PLAY, r)])
    st = truc.new_game(truc.Rules(target=1), seed=3)
    st = st.apply(truc.Action("redeal")).apply(truc.Action("accept"))
    probs, _ = policy(st.observation(st.to_move), trimmed)
    assert sum(probs.values()) == pytest.approx(1.0) and set(probs) == set(st.legal_actions())
    assert main(["check", "--target", "1", "--file", str(out)]) == 0
    checked = float(EXPL.findall(capsys.readouterr().out)[-1])
    assert checked == pytest.approx(trimmed_figure, rel=1e-6, abs=1e-12)
    assert fmt(trimmed.header["figures"]["shipped_exploitability"]) == fmt(checked)
    assert main(["trim", "--file", str(out), "--out", str(d / "again.trufbp")]) == 2
    assert "only already" in capsys.readouterr().err


def test_a_lift_is_made_once_a_file_and_tree_and_handed_out_as_a_copy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``lift_file`` keeps what it lifted for the process, by the file's bytes and the
    tree; each caller gets its own copy; a lift too large to keep is made every time.
    (The lifting itself is counted, not run: the other tests check what it gives.)"""
    import contextlib

    import truf_tui.solve.ship as ship
    from truf_tui.strategy.kept import Kept

    class File:  # what lift_file asks of a SolvedTable
        def __init__(self, data: bytes) -> None:
            self.data = data

        def every_chunk_kept(self) -> Any:
            return contextlib.nullcontext()

    made: list[tuple[bool, bytes]] = []

    def counted(tab: Any, solver: Solver) -> Any:
        made.append((solver.tree.redeal, tab.data))
        return np.arange(10.0)

    monkeypatch.setattr(ship, "_kept", Kept(len, one=ship._kept.one, total=ship._kept.total))
    monkeypatch.setattr(ship, "_lift_file", counted)
    tree, whole = build(1, (0, 0), redeal=False), build(1, (0, 0), redeal=True)
    s, w = Solver(tree, points_utility(tree, 0.0)), Solver(whole, points_utility(whole, 0.0))
    first = ship.lift_file(File(b"one"), s)
    first[:] = -1.0  # the caller's own copy
    again = ship.lift_file(File(b"one"), s)  # the same bytes, read again
    assert made == [(False, b"one")] and np.array_equal(again, np.arange(10.0))
    ship.lift_file(File(b"one"), w)  # another tree
    ship.lift_file(File(b"two"), s)  # another file
    assert made == [(False, b"one"), (True, b"one"), (False, b"two")]
    ship._kept.total = 25  # room for two: the oldest asked for goes
    ship.lift_file(File(b"three"), s)
    assert made[-1] == (False, b"three") and len(ship._kept.values) == 2
    ship.lift_file(File(b"two"), s)
    assert len(made) == 4
    ship.lift_file(File(b"one"), s)
    assert made[-1] == (False, b"one")
    monkeypatch.setattr(ship, "_kept", Kept(len, one=9, total=10**9))  # too large to keep
    for _ in range(2):
        ship.lift_file(File(b"one"), s)
    assert len(made) == 7 and not ship._kept.values


def test_T7_scores_with_one_raise_cap_share_one_tree() -> None:
    """The sweep's premise: the round's tree depends on the score only through the raise
    cap (T7), so a tree built at one score, valued at another with the same cap, is the
    other's own; the sweep groups scores by the file played and the cap."""
    from truf_tui.solve.sweep import at_score, groups

    a, b = build(2, (0, 0), redeal=False), build(2, (1, 0), redeal=False)
    assert truc.stake_cap((0, 0), 2) == truc.stake_cap((1, 0), 2) != truc.stake_cap((1, 1), 2)
    for name in ("player", "played", "stake", "edge_start", "edge_kind", "edge_rank",
                 "edge_child", "edge_outcome", "state"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    assert a.outcomes == b.outcomes
    moved = at_score(a, (1, 0))
    assert moved.scores == (1, 0) and moved.player is a.player
    assert np.array_equal(points_utility(moved, 0.0), points_utility(b, 0.0))
    got = groups(12, [(0, 0), (1, 0), (11, 0), (11, 1), (11, 2), (9, 9), (8, 8)])
    assert sorted(map(sorted, got.values())) == [[(0, 0), (1, 0)], [(8, 8), (9, 9)],
                                                 [(11, 0), (11, 1)], [(11, 2)]]


def test_T7_files_of_one_raise_cap_share_their_state_tables_in_memory() -> None:
    """Files of one raise cap (T7) hold the same state table; it is decoded once, read
    only, and each file finds the same blocks through it (memory budget of issue 15)."""
    from truf_tui.strategy.shipped import tables

    tabs = {t.scores: t for t in tables()}
    a, b = tabs[(0, 6)], tabs[(6, 0)]  # format 2, both of cap 12 at these scores
    assert truc.stake_cap(a.scores, 12) == truc.stake_cap(b.scores, 12)
    assert a.stage_keys["round"] is b.stage_keys["round"]
    assert not a.stage_keys["round"].flags.writeable
    assert a.stage_at["round"].dtype == np.uint32
    # each file's blocks, as decoded from its own bytes without sharing
    for t in (a, b):
        n = int.from_bytes(t.data[8:12], "little")
        st = t.header["stages"]["round"]
        z = t.data[12 + n:]
        keys = np.cumsum(np.frombuffer(lzma.decompress(z[:st["keys_bytes"]]), "<i8"))
        sizes = np.frombuffer(lzma.decompress(
            z[st["keys_bytes"]:st["keys_bytes"] + st["sizes_bytes"]]), "<i4")
        starts = st["base"] + np.concatenate(([0], np.cumsum(sizes)))[:-1]
        assert t.lookup("round") == dict(zip(keys.tolist(), starts.tolist(), strict=True))
    one = tabs[(0, 0)], tabs[(11, 0)]  # format 1
    assert one[0].keys is one[1].keys and one[0].subs.dtype == np.uint32


@pytest.mark.slow
def test_the_sweep_measures_each_score_as_check_does_and_resumes(
        small: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`sweep` gives a score the figure `check --file --scores` gives it; its journal
    holds the score, so a second sweep measures nothing and prints the same table."""
    import truf_tui.solve.sweep as sweep

    _, f = small
    journal = tmp_path / "sweep.jsonl"
    args = ["--target", "2", "--file", str(f), "--payoff", "match", "--scores", "1", "1"]
    assert main(["sweep", *args, "--journal", str(journal)]) == 0
    first = capsys.readouterr().out
    swept = float(re.findall(r"exploitability: ([0-9.e-]+) match-win", first)[-1])
    assert main(["check", *args]) == 0
    checked = float(re.findall(r"exploitability: ([0-9.e-]+) match-win",
                               capsys.readouterr().out)[-1])
    assert swept == pytest.approx(checked, rel=1e-6) and swept > 0
    assert "at 1-1 with the 0-0 file" in first

    def no_measuring(*_: object) -> None:
        raise AssertionError("the journal held it")

    monkeypatch.setattr(sweep, "measure_group", no_measuring)
    with journal.open("a") as out:
        out.write('{"torn')  # a line cut short is skipped
    picture = tmp_path / "map.svg"
    assert main(["sweep", *args, "--journal", str(journal), "--plot", str(picture)]) == 0
    again = capsys.readouterr().out.splitlines()
    assert again[-2] == first.splitlines()[-1] and again[-1] == f"wrote {picture}"
    svg = picture.read_text()
    assert svg.startswith("<svg") and f"{swept:.3f}" in svg and "0-0" in svg


def test_a_chunk_unpacked_raw_is_what_lzma_gives_and_anything_else_is_checked() -> None:
    """``unpack_chunk`` (the LZMA2 data decoded past the .xz container, with a dictionary
    of the chunk's size) gives every shipped file's chunks byte for byte as
    ``lzma.decompress``; a stream of another shape goes the checked way, and damage is an
    error, never wrong numbers read quietly."""
    from truf_tui.strategy.shipped import tables
    from truf_tui.strategy.trufbp import CHUNK_FILTERS, _lzma2_of, unpack_chunk

    seen = 0
    for tab in tables():
        last = len(tab.starts) - 2
        for i in sorted({0, last, *range(0, last, 23)}):
            packed = tab.data[int(tab.starts[i]):int(tab.starts[i + 1])]
            want = np.frombuffer(lzma.decompress(packed), tab.dtype)
            with pytest.MonkeyPatch.context() as mp:  # the quick way is the one taken
                mp.setattr(lzma, "decompress", None)
                count = min(tab.chunk, int(tab.header["entries"]) - i * tab.chunk)
                got = np.frombuffer(unpack_chunk(packed, count * want.itemsize), tab.dtype)
            assert np.array_equal(got, want)
            seen += 1
    assert seen > 100
    raw = np.arange(5000, dtype="<u2").tobytes()
    two = lzma.compress(raw, filters=[{"id": lzma.FILTER_DELTA, "dist": 2}, *CHUNK_FILTERS])
    assert _lzma2_of(two) is None and unpack_chunk(two, len(raw)) == raw
    one = lzma.compress(raw, filters=CHUNK_FILTERS)
    assert unpack_chunk(one, len(raw)) == raw
    assert unpack_chunk(one, 100) == raw  # the wrong size: the checked way
    damaged = bytearray(one)
    damaged[len(one) // 2] ^= 0x55
    with pytest.raises(lzma.LZMAError):
        unpack_chunk(bytes(damaged), len(raw))


def test_every_hand_of_a_node_at_once_is_each_hand_alone() -> None:
    """``node_policies`` (the check's walk: every hand of a node at once) gives each hand
    what ``node_policy`` (the app: one hand) gives it, where moves are removed and hands
    borrow a neighbour's numbers too (the 0-0 file, raises and rests removed as at 11-11)."""
    from truf_tui.strategy.hands import REST
    from truf_tui.strategy.shipped import node_policies, node_policy
    from truf_tui.strategy.tree import RAISE
    from truf_tui.strategy.tree import REST as REST_MOVE

    borrowed = nodes = 0
    for moves, k, block in _random_nodes(random.Random(4), 40):
        allowed = np.array([m[0] not in (RAISE, REST_MOVE) for m in moves])
        dist, found, placed = node_policies(block, moves, allowed, k)
        for j, hand in enumerate(REST[k]):
            one, how = node_policy(block, moves, allowed, k, hand)
            if one is None:
                assert not found[j]
                continue
            assert found[j] and np.array_equal(one, dist[:, j])
            assert (how == "placed") == placed[j]
            borrowed += not block[:, j].any()
        nodes += 1
    assert nodes > 100 and borrowed > 0


def _random_nodes(rng: random.Random, walks: int
                  ) -> Iterator[tuple[list[tuple[int, int]], int, np.ndarray]]:
    """The nodes of ``walks`` random walks down the 0-0 file's tree: each node's moves, the
    cards its mover has played and its block."""
    from truf_tui.strategy.trufbp import played

    tab = table()
    for _ in range(walks):
        path: list[tuple[int, int]] = []
        while True:
            s, at = tab.locate(True, path)
            succ = tab.successors(s)
            yield [(kind, r) for kind, r, _ in succ], played(s), tab.block(s, at)
            nexts = [(kind, r) for kind, r, n in succ if isinstance(n, tuple)]
            if not nexts:
                break
            path.append(rng.choice(nexts))


def test_the_neighbour_rule_for_many_nodes_at_once_is_each_hand_alone() -> None:
    """``neighbours`` (the values' pass: many (node, hand) pairs at once) gives each hand the
    file leaves empty what ``node_policies`` gives it (a neighbour's numbers, its cards
    mapped by rank order), nodes of the 0-0 file with raises and rests removed as at 11-11,
    and with random hands emptied so that many borrow."""
    from truf_tui.strategy.shipped import neighbours, node_policies
    from truf_tui.strategy.tree import RAISE
    from truf_tui.strategy.tree import REST as REST_MOVE

    rng = random.Random(7)
    borrowed = 0
    for moves, k, block in _random_nodes(rng, 30):
        for emptied in (0.0, 0.6):
            b = block * (np.array([rng.random() >= emptied
                                   for _ in range(block.shape[1])]))[None, :]
            allowed = np.array([m[0] not in (RAISE, REST_MOVE) or rng.random() < 0.5
                                for m in moves])
            want, found, _ = node_policies(b, moves, allowed, k)
            empty = np.flatnonzero(~(b * allowed[:, None]).sum(axis=0).astype(bool))
            if empty.size == 0 or not b.any():
                continue
            kind = np.array([[m[0] for m in moves]])
            rank = np.array([[m[1] for m in moves]])
            got, fine = neighbours(b[None], kind, rank, allowed[None], k,
                                   np.zeros(len(empty), dtype=np.int64), empty)
            assert np.array_equal(fine, found[empty])
            assert np.allclose(got[fine], want[:, empty[fine]].T, rtol=0, atol=1e-15)
            borrowed += int(fine.sum())
    assert borrowed > 200


@pytest.mark.slow
def test_a_per_state_file_plays_one_strategy_for_every_history_of_a_state(
        tiny: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`solve restate` writes one strategy per public state (format 2, docs/solver.md
    "Per-state files"): every (state, hand) sums to the top or is marked unreached; two
    histories that leave one state get one block; the figure it writes is the one `check`
    measures; the app plays it; it is smaller; it cannot be restated or trimmed again."""
    f = tiny  # the round to 1: histories meet in it, and it is quick to measure
    out = f.parent / "t1-by-state.trufbp"
    assert main(["restate", "--file", str(f), "--out", str(out)]) == 0
    figure = float(EXPL.findall(capsys.readouterr().out)[-1])
    hist, tab = SolvedTable(f.read_bytes()), SolvedTable(out.read_bytes())
    assert tab.format == 2 and tab.has_fresh and out.stat().st_size < f.stat().st_size
    assert tab.header["figures"]["shipped_bytes"] == out.stat().st_size
    for stage in ("round", "fresh"):  # every block: columns sum to the top, or unreached
        s, at = tab.root(stage == "round")
        seen = 0
        stack = [(s, at)]
        while stack and seen < 400:
            s, at = stack.pop()
            seen += 1
            b = tab.block(s, at)
            sums = b.sum(axis=0)
            assert np.all((sums == tab.top) | (sums == 0))
            for (_, _, nxt), child in zip(tab.successors(s), tab.children(stage, s, at),
                                          strict=True):
                if child >= 0:
                    stack.append((nxt, child))
    met: dict[Any, set[int]] = {}  # state -> where each history file's block starts
    paths: list[list[tuple[int, int]]] = [[]]
    while paths and len(met) < 3000:
        path = paths.pop(0)
        s, at = tab.locate(True, path)
        hs, hat = hist.locate(True, path)
        assert hs == s
        if len(tab.successors(s)) >= 2:
            met.setdefault(s, set()).add(hat)
            assert tab.at("round", s) == at  # one block per state, whatever the history
        paths += [path + [(k, r)] for k, r, nxt in tab.successors(s) if isinstance(nxt, tuple)]
    assert any(len(v) > 1 for v in met.values())  # histories that meet, kept apart in format 1
    st = truc.new_game(truc.Rules(target=1), seed=5)
    while st.to_move is not None:
        probs, _ = policy(st.observation(st.to_move), tab)
        assert sum(probs.values()) == pytest.approx(1.0) and set(probs) == set(st.legal_actions())
        st = st.apply(max(probs, key=lambda x: probs[x]))
    assert main(["check", "--target", "1", "--file", str(out)]) == 0
    checked = float(EXPL.findall(capsys.readouterr().out)[-1])
    assert checked == pytest.approx(figure, rel=1e-6, abs=1e-12)
    assert main(["restate", "--file", str(out), "--out", str(f.parent / "x.trufbp")]) == 2
    assert "per state already" in capsys.readouterr().err
    assert main(["trim", "--file", str(out), "--out", str(f.parent / "x.trufbp")]) == 2
    assert "--round-only" in capsys.readouterr().err
    with pytest.raises(ValueError, match="restated, not trimmed"):  # nor by the writer's own
        round_only(tab)
    solve = ("game", "target", "scores", "payoff", "eps")  # the solve's own fields carried
    assert {k: tab.header[k] for k in solve} == {k: hist.header[k] for k in solve}
    assert (tab.header["top"], tab.header.get("dtype"), tab.header.get("sentinel")) == (
        TOP[8], "u1", 0xFF)  # restated in 8 bits by default: its own numbers' fields


@pytest.mark.slow
def test_T10_the_solved_player_over_a_whole_match(tiny: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """`respond` with the solved player (the round to 1, its own file): the backward pass
    values its play against `calling_station` as played matches do, against itself at
    exactly one half (the match from 0-0 is fair), and its best response gains at least
    that; the lifts are kept in the cache folder and read again, not made again."""
    import truf_tui.solve.ship as ship
    from truf_tui.solve.respond import SOLVED, Lifts, ceiling, lift_all
    from truf_tui.strategy import shipped

    cache = tmp_path / "lifts"
    lift_all(1, cache, file=tiny)
    digest = hashlib.blake2b(tiny.read_bytes(), digest_size=4).hexdigest()
    made = sorted(p.name for p in cache.iterdir())  # named by the file's digest too
    assert made == [f"t1-cap1-0-0-{digest}-fresh.npy", f"t1-cap1-0-0-{digest}-whole.npy"]
    whole = cache / made[1]
    good = whole.read_bytes()
    short = tmp_path / "short.npy"
    np.save(short, np.load(whole)[:-1])  # readable, one entry short
    for damage in (good[: len(good) // 2], short.read_bytes()):
        whole.write_bytes(damage)
        assert ceiling(SOLVED, 1, SOLVED, lifts=Lifts(1, tiny, cache)).match == \
            pytest.approx(0.5, abs=1e-12)
        assert "a damaged lift" in capsys.readouterr().err  # said, and made again
        assert whole.read_bytes() == good

    def no_lifting(*_: object) -> None:
        raise AssertionError("the cache held it")

    monkeypatch.setattr(ship, "lift_file", no_lifting)
    lifts = Lifts(1, tiny, cache)
    itself = ceiling(SOLVED, 1, SOLVED, lifts=lifts)
    assert itself.match == pytest.approx(0.5, abs=1e-12)
    assert itself.win[0][(0, 0)] + itself.win[1][(0, 0)] == pytest.approx(1.0, abs=1e-12)
    assert itself.points[0] == pytest.approx(-itself.points[1], abs=1e-12)
    best = ceiling(SOLVED, 1, lifts=lifts)
    assert 0.5 < best.match < 0.52  # 30 iterations: a little exploitable, not much
    against = ceiling("calling_station", 1, SOLVED, lifts=lifts)
    assert against.match > 0.5  # accepting every raise costs
    assert best.match >= 1.0 - against.match  # the best response does better than it
    mirror = ceiling(SOLVED, 1, "calling_station", lifts=lifts)  # the seats the other way
    assert mirror.match == pytest.approx(1.0 - against.match, abs=1e-12)
    assert best.gaps() == {(0, 0): pytest.approx(2 * (best.match - 0.5), abs=1e-12)}
    picture = tmp_path / "map.svg"
    for extra in (["--plot", str(picture)], ["--wait", "--json"]):  # made, or being made
        assert main(["respond", "--bot", "solved", "--target", "1", "--file", str(tiny),
                     "--cache", str(cache), "--quiet", *extra]) == 0
        said = capsys.readouterr().out
        assert f"exploitability over the match: {best.match - 0.5:.6f} match-win" in said
    fig, _ = json.JSONDecoder().raw_decode(said)
    assert fig["scores"] == [{"a": 0, "b": 0, "not_dealing": best.win[0][(0, 0)],
                              "dealing": best.win[1][(0, 0)]}]
    assert main(["respond", "--bot", "solved", "--target", "1", "--file", str(tiny), "--cache",
                 str(cache), "--quiet", "--max-cap", "1"]) == 0  # the end of the match only
    assert capsys.readouterr().out == (
        f"0-0: {best.win[0][(0, 0)]:.6f} not dealing, {best.win[1][(0, 0)]:.6f} dealing; the "
        f"best response's gain over both seats {best.gaps()[(0, 0)]:.6f}\n")
    drawn = picture.read_text()
    assert drawn.startswith("<svg") and f"{best.gaps()[(0, 0)]:.0e}".replace("e-0", "e-") \
        in drawn and ">0-0<" in drawn  # the figure, and the file that plays there
    with pytest.raises(SystemExit):
        main(["respond", "--bot", "solved", "--player", "honest", "--plot", str(picture)])
    assert "leave out --player" in capsys.readouterr().err

    monkeypatch.setattr(shipped, "_TABLES", [SolvedTable(tiny.read_bytes())])
    rng = random.Random(4)
    n, won = 3000, 0
    for i in range(n):
        s = truc.new_game(truc.Rules(target=1), seed=rng.getrandbits(32), dealer=i % 2)
        bots = [make_bot("truc", "solved", seed=rng.getrandbits(32)),
                make_bot("truc", "calling_station", seed=rng.getrandbits(32))]
        while not s.is_terminal():
            p = s.current_player
            assert p is not None
            s = s.apply(bots[p].choose(s.observation(p)))
        won += s.winner() == 0
    assert won / n == pytest.approx(against.match, abs=4 * (0.25 / n) ** 0.5)


@pytest.mark.slow
def test_T10_match_payoffs_from_a_played_table(tiny: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """`--table`: the later rounds valued by a played strategy's match values (the JSON of
    `respond --json`) instead of the project's table; in a match to 1 only a round won by
    nobody has a later round (T6), so the table moves exactly those outcomes."""
    from truf_tui.solve.cfr import match_utility
    from truf_tui.solve.rounds import _utility, played_table
    from truf_tui.solve.sweep import sweep
    from truf_tui.strategy.matchtable import match_win

    played = tmp_path / "self.json"
    assert main(["respond", "--bot", "solved", "--player", "solved", "--target", "1",
                 "--file", str(tiny), "--cache", str(tmp_path / "lifts"), "--quiet",
                 "--json"]) == 0
    fig, _ = json.JSONDecoder().raw_decode(capsys.readouterr().out)
    played.write_text(json.dumps(fig))
    p = fig["scores"][0]["not_dealing"]
    assert played_table(played) == {(0, 0): p}
    assert abs(p - match_win((0, 0), 0, 1, 1)) > 1e-3  # not the project's table's value
    tree = build(1, (0, 0), redeal=True)
    ours = _utility("match", played)(tree, 0.25)
    assert np.array_equal(ours, match_utility(tree, lambda a, b: p, 0.25))
    theirs = _utility("match")(tree, 0.25)
    moved = ours != theirs
    assert moved.any() and all(tree.outcomes[i].winner < 0 for i in np.flatnonzero(moved))

    journal = tmp_path / "sweep.jsonl"
    with_table = sweep(1, [(0, 0)], "match", journal, file=tiny, show=lambda _: None,
                       table=played)
    without = sweep(1, [(0, 0)], "match", journal, file=tiny, show=lambda _: None)
    lines = [json.loads(x) for x in journal.read_text().splitlines()]
    digest = hashlib.blake2b(played.read_bytes(), digest_size=4).hexdigest()
    assert [x.get("table") for x in lines] == [f"self.json@{digest}", None]  # kept apart
    assert with_table[(0, 0)]["exploitability"] != without[(0, 0)]["exploitability"]
    assert main(["check", "--target", "1", "--file", str(tiny), "--payoff", "match",
                 "--table", str(played)]) == 0
    said = capsys.readouterr().out
    assert fmt(with_table[(0, 0)]["exploitability"] / 2) in said

    # a file solved against it keeps it (name, digest, values) and is measured against it
    solved_with = tmp_path / "t1-table.trufbp"
    assert main(["ship", "--target", "1", "--iterations", "10", "--payoff", "match",
                 "--table", str(played), "--dir", str(tmp_path / "runs"), "--file",
                 str(solved_with), "--quiet"]) == 0
    head = SolvedTable(solved_with.read_bytes()).header
    assert head["table"] == {"name": f"self.json@{digest}", "values": [[0, 0, p]]}
    capsys.readouterr()
    shipped = fmt(head["figures"]["shipped_exploitability"] / 2)
    assert main(["check", "--target", "1", "--file", str(solved_with), "--payoff",
                 "match"]) == 0
    assert f"exploitability: {shipped} match-win" in capsys.readouterr().out
    per_state = tmp_path / "t1-table-state.trufbp"
    assert main(["restate", "--file", str(solved_with), "--out", str(per_state)]) == 0
    capsys.readouterr()
    again = SolvedTable(per_state.read_bytes()).header
    assert again["table"] == head["table"]
    assert main(["check", "--target", "1", "--file", str(per_state), "--payoff",
                 "match"]) == 0
    assert fmt(again["figures"]["shipped_exploitability"] / 2) in capsys.readouterr().out

    bad = tmp_path / "bad.json"
    for text, why in (("{", "not the JSON of 'respond --json'"),
                      ('{"scores": []}', "no match values"),
                      (json.dumps({"scores": [{"a": 0, "b": 0, "not_dealing": 2}]}),
                       "outside 0 to 1")):
        bad.write_text(text)
        with pytest.raises(SystemExit):
            main(["sweep", "--target", "1", "--file", str(tiny), "--table", str(bad)])
        assert why in capsys.readouterr().err
    for args, why in ((["check", "--target", "1", "--table", str(played)], "--payoff match"),
                      (["ship", "--target", "1", "--file", str(tmp_path / "x"), "--table",
                        str(played)], "--payoff match"),
                      (["sweep", "--target", "2", "--table", str(played)], "a match to 1")):
        with pytest.raises(SystemExit):
            main(args)
        assert why in capsys.readouterr().err
