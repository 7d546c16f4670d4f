"""The computer players (issue 3): legality, no peeking, reproducibility, analyse, arena, bench."""

from __future__ import annotations

import inspect
import json
import math
import random
from pathlib import Path
from typing import Any

import pytest

from truf_tui.ai import PLAYERS, TIERS, make_bot, truc_ai
from truf_tui.engine import truc, trufludo
from truf_tui.engine.common import IllegalActionError

ITER = 24  # a tiny search budget: these tests check behaviour, not strength

TRUFLUDO_RULES = [
    trufludo.Rules(),
    trufludo.Rules(deck="italian"),
    trufludo.Rules(forced_capture=False),
    trufludo.Rules(deck="italian", forced_capture=False, leftover="last_capturer"),
    trufludo.Rules(leftover="last_capturer"),
]
TRUC_RULES = [
    truc.Rules(),
    truc.Rules(rest_refusal="game"),
    truc.Rules(target=1),
    truc.Rules(target=3, rest_refusal="game"),
    truc.Rules(target=5),
]


def random_position(game: str, rng: random.Random, rules: Any = None) -> Any:
    """A non-terminal position reached by random legal play under random rules."""
    mod = trufludo if game == "trufludo" else truc
    pool = TRUFLUDO_RULES if game == "trufludo" else TRUC_RULES
    while True:
        r = rules if rules is not None else rng.choice(pool)
        s = mod.new_game(r, seed=rng.getrandbits(32))
        steps = rng.randrange(0, 60 if game == "trufludo" else 40)
        for _ in range(steps):
            legal = s.legal_actions()
            if not legal:
                break
            # avoid folding most of the time so Truc positions get deep into rounds
            a = rng.choice(legal)
            if game == "truc" and a == truc.FOLD and rng.random() < 0.9:
                continue
            s = s.apply(a)
        if not s.is_terminal():
            return s


def bots_for(game: str) -> list[str]:
    return list(PLAYERS[game])


@pytest.mark.parametrize("game", ["trufludo", "truc"])
@pytest.mark.parametrize("tier", TIERS)
def test_no_peeking(game: str, tier: str) -> None:
    """What a player may not see cannot change what its bot does.

    ``t`` is made from ``s`` by hand, not by the engine's own determinizer: it trades hidden
    cards (one of the opponent's for one of the unseen pack, the opponent's redeal discards)
    and the seeds.  The observation must not tell the two apart, must name none of the
    hidden cards, and must change when one of the player's *own* cards is traded (so the
    equality is not vacuous).  The bot gets a plain copy of that observation and nothing
    else (``choose`` has no other parameter), leaves it untouched, and plays the same.
    """
    rng = random.Random(f"peek-{game}-{tier}")
    checked = 0
    while checked < 4:
        s = random_position(game, rng)
        p = s.current_player
        t = hidden_trade(s, p, rng)
        if t is None or not s.hands[p]:
            continue
        checked += 1
        assert t.to_dict() != s.to_dict()
        assert sorted(map(str, all_cards(t))) == sorted(map(str, all_cards(s)))
        obs = s.observation(p)
        assert t.observation(p) == obs
        assert not hidden_cards(s, p) & observed_cards(this_round(obs))
        assert own_trade(s, p, rng).observation(p) != obs
        plain = json.loads(json.dumps(obs))  # data only: no path back to the state
        assert plain == obs
        bot_s = make_bot(game, tier, seed=5, iterations=ITER)
        assert list(inspect.signature(bot_s.choose).parameters) == ["observation"]
        a = bot_s.choose(plain)
        assert plain == obs  # the bot did not write into it
        b = make_bot(game, tier, seed=5, iterations=ITER).choose(t.observation(p))
        assert a == b and a in s.legal_actions() and b in t.legal_actions()


def all_cards(s: Any) -> list[Any]:
    cards = [*s.hands[0], *s.hands[1], *s.stock]
    if hasattr(s, "discards"):  # Le Truc
        cards += [*s.discards[0], *s.discards[1]]
        cards += [c for tr in s.tricks for c in (tr.lead, tr.answer)]
        cards += [] if s.trick_card is None else [s.trick_card]
    else:
        cards += [*s.table, *s.piles[0], *s.piles[1]]
    return cards


def this_round(obs: dict[str, Any]) -> dict[str, Any]:
    """The observation without what earlier Truc rounds showed: each round is dealt from the
    whole pack again (T2), so a card seen last round may now be hidden."""
    if obs["game"] != "truc":
        return obs
    out = {k: v for k, v in obs.items() if k != "last_round"}
    out["history"] = obs["history"][obs["round_start"]:]
    return out


def hidden_cards(s: Any, p: int) -> set[str]:
    """The cards ``p`` has never seen: the opponent's hand, the stock, the opponent's discards."""
    out = {*s.hands[1 - p], *s.stock}
    if hasattr(s, "discards"):
        out |= set(s.discards[1 - p])
    return {str(c) for c in out}


def observed_cards(obs: Any) -> set[str]:
    """Every word of every string in the observation (cards are written as in T11)."""
    if isinstance(obs, str):
        return set(obs.split())
    if isinstance(obs, dict):
        return set().union(*(observed_cards(v) for v in obs.values())) if obs else set()
    if isinstance(obs, (list, tuple)):
        return set().union(*(observed_cards(v) for v in obs)) if obs else set()
    return set()


def _swap(a: tuple[Any, ...], i: int, b: tuple[Any, ...], j: int) -> tuple[Any, Any]:
    la, lb = list(a), list(b)
    la[i], lb[j] = lb[j], la[i]
    return tuple(la), tuple(lb)


def hidden_trade(s: Any, p: int, rng: random.Random) -> Any:
    """``s`` with one opponent's card traded for a card of the stock and other seeds, or None
    when there is nothing hidden to trade."""
    opp, stock = s.hands[1 - p], s.stock
    if not opp or not stock:
        return None
    new_opp, new_stock = _swap(opp, rng.randrange(len(opp)), stock, rng.randrange(len(stock)))
    hands = (new_opp, s.hands[1]) if p == 1 else (s.hands[0], new_opp)
    changes: dict[str, Any] = {"hands": hands, "stock": new_stock[::-1], "seed": None}
    if hasattr(s, "next_seed"):  # Le Truc: the next shuffle is hidden too
        changes["next_seed"] = s.next_seed ^ 0x5EED
        d = s.discards[1 - p]
        if d:
            changes["discards"] = (s.discards[0], d[::-1]) if p == 0 else (d[::-1], s.discards[1])
    return s._replace(**changes)


def own_trade(s: Any, p: int, rng: random.Random) -> Any:
    """``s`` with one of ``p``'s own cards traded for a card of the stock."""
    mine, new_stock = _swap(s.hands[p], rng.randrange(len(s.hands[p])), s.stock,
                            rng.randrange(len(s.stock)))
    hands = (mine, s.hands[1]) if p == 0 else (s.hands[0], mine)
    return s._replace(hands=hands, stock=new_stock)


@pytest.mark.parametrize("game", ["trufludo", "truc"])
def test_every_player_plays_legal_actions(game: str) -> None:
    rng = random.Random(f"legal-{game}")
    names = bots_for(game)
    for i in range(12 * len(names)):
        s = random_position(game, rng)
        p = s.current_player
        name = names[i % len(names)]
        bot = make_bot(game, name, seed=i, iterations=ITER)
        a = bot.choose(s.observation(p))
        assert a in s.legal_actions(), (name, str(a), s)


@pytest.mark.parametrize("game", ["trufludo", "truc"])
@pytest.mark.parametrize("tier", TIERS)
def test_reproducible(game: str, tier: str) -> None:
    rng = random.Random(f"repro-{game}-{tier}")
    for _ in range(3):
        s = random_position(game, rng)
        obs = s.observation(s.current_player)
        seq1 = [make_bot(game, tier, seed=9, iterations=ITER).choose(obs) for _ in range(2)]
        bot = make_bot(game, tier, seed=9, iterations=ITER)
        assert bot.choose(obs) == seq1[0] == seq1[1]


@pytest.mark.parametrize("game", ["trufludo", "truc"])
@pytest.mark.parametrize("tier", TIERS)
def test_analyse_covers_every_legal_action(game: str, tier: str) -> None:
    rng = random.Random(f"analyse-{game}-{tier}")
    for _ in range(3):
        s = random_position(game, rng)
        stats = make_bot(game, tier, seed=1, iterations=ITER).analyse(
            s.observation(s.current_player))
        assert sorted(map(str, (x.action for x in stats))) == sorted(
            map(str, s.legal_actions()))
        assert all(0.0 <= x.value <= 1.0 and x.visits >= 0 for x in stats)
        values = [x.value for x in stats]
        if all(x.visits == 0 for x in stats):
            assert values == sorted(values, reverse=True)


def test_whole_games_between_tiers() -> None:
    """Bots of different tiers play whole games, and each game ends as the rules say."""
    for game, mod in (("trufludo", trufludo), ("truc", truc)):
        for i, (a, b) in enumerate([("easy", "medium"), ("hard", "expert")]):
            rules = mod.Rules(target=3) if mod is truc else mod.Rules()
            s = mod.new_game(rules, seed=i)
            start = s
            bots = [make_bot(game, a, seed=1, iterations=ITER),
                    make_bot(game, b, seed=2, iterations=ITER)]
            movers: set[int] = set()
            scores = [tuple(s.scores())]
            while not s.is_terminal():
                p = s.current_player
                act = bots[p].choose(s.observation(p))
                assert act in s.legal_actions(), (game, a, b, str(act))
                movers.add(p)
                s = s.apply(act)
                scores.append(tuple(s.scores()))
            assert movers == {0, 1}, (game, a, b)
            assert s.current_player is None and s.legal_actions() == []
            with pytest.raises(IllegalActionError):
                s.apply(act)
            # The recorded moves replay, from the same deal, to the same end.
            assert mod.replay(rules, [str(x) for x in s.history], seed=i,
                              dealer=start.dealer).to_dict() == s.to_dict()
            # Scores never go down, and only one player's changes at a time.
            for before, after in zip(scores, scores[1:], strict=False):
                assert all(y >= x for x, y in zip(before, after, strict=True)), (before, after)
                assert sum(y != x for x, y in zip(before, after, strict=True)) <= 1
            if mod is trufludo:
                finished_trufludo_game(s)
            else:
                finished_truc_game(s)


def finished_trufludo_game(s: Any) -> None:
    """F10-F11: stock and hands empty, every card once, pile + trufegoj, the higher wins."""
    assert not s.stock and not s.hands[0] and not s.hands[1]  # F10
    cards = [*s.table, *s.piles[0], *s.piles[1]]
    assert len(cards) == len(set(cards)) == (52 if s.rules.deck == "french" else 40)
    assert len(s.history) == len(cards) - 4  # one card from a hand per move, 4 laid at F2
    for p in (0, 1):
        assert set(s.trufegoj[p]) <= set(s.piles[p])  # a trufego lies in the taker's pile
        assert len(s.piles[p]) % 2 == 0  # a capture puts two cards in the pile (F5)
    points = [len(s.piles[p]) + len(s.trufegoj[p]) for p in (0, 1)]  # F11
    assert list(s.scores()) == points
    expected = 0 if points[0] > points[1] else 1 if points[1] > points[0] else None
    assert s.winner() == expected


def finished_truc_game(s: Any) -> None:
    """T10: one player has reached the target, the other has not, and the first one won."""
    target = s.rules.target
    a, b = s.scores()
    assert (a >= target) != (b >= target), (a, b)
    assert s.winner() == (0 if a >= target else 1)


def test_make_bot_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError):
        make_bot("chess", "easy")
    with pytest.raises(ValueError):
        make_bot("trufludo", "rock")
    with pytest.raises(ValueError):
        make_bot("truc", "easy", time_limit=0)
    with pytest.raises(ValueError):
        make_bot("truc", "hard", iterations=0)
    assert TIERS == ("easy", "medium", "hard", "expert")


# -- the search's fast paths agree with the engine -------------------------------------------

@pytest.mark.parametrize("policy", ["simple", "smart", "fair"])
def test_trufludo_fast_rollouts_agree_with_engine(policy: str) -> None:
    from truf_tui.ai import trufludo_ai as T

    rng = random.Random(3)
    for i in range(120):
        s = random_position("trufludo", rng)
        trace: list[Any] = []
        obs = rng.randrange(2)
        if policy == "simple":
            v = T.rollout_value(s, obs, rng, 0.2, trace)
        elif policy == "smart":
            v = T.rollout_smart(s, obs, rng, 0.2, trace)
        else:
            v = T.rollout_fair(s, obs, rng, 0.0, trace)
        t = s
        for a in trace:
            legal = t.legal_actions()
            assert a in legal
            if policy == "fair":  # the fair rollout plays one of medium's best moves
                scores = T.move_scores(t, legal)
                assert scores[legal.index(a)] >= max(scores) - 1e-6
            t = t.apply(a)
        assert t.is_terminal(), i
        if policy == "simple":
            assert v == pytest.approx(T._final_value(list(t.scores()), obs))
        else:
            assert v == pytest.approx(T._value(list(t.scores()), obs, 0.3))


def test_trufludo_fast_game_is_the_engines_move() -> None:
    """FastGame.play, the rollouts' one fast path of F5-F10, against apply_unchecked move by
    move: hands, table, scores, stock, last capturer, who moves, deals and the end."""
    from truf_tui.ai import trufludo_ai as T

    rng = random.Random(9)
    for _ in range(150):
        s = random_position("trufludo", rng)
        g = T.FastGame(s)
        p = s.current_player
        while True:
            a = rng.choice(s.legal_actions())
            before = len(s.stock)
            nxt = g.play(p, a.card, a.take)
            s = s.apply_unchecked(a)
            assert (tuple(g.hands[0]), tuple(g.hands[1])) == s.hands
            assert tuple(g.table) == s.table and tuple(g.sc) == s.scores()
            assert g.stock[g.si:] == s.stock and g.last == s.last_capturer
            if nxt == T.OVER:
                assert s.is_terminal()
                break
            assert (nxt >= T.DEALT) == (len(s.stock) < before)
            p = nxt & 1
            assert p == s.current_player


@pytest.mark.parametrize("policy", ["smart", "fair"])
def test_trufludo_rollouts_stop_at_their_horizon_as_the_engine_deals(policy: str) -> None:
    from truf_tui.ai import trufludo_ai as T

    rng = random.Random(8)
    stopped = 0
    for _ in range(120):
        s = random_position("trufludo", rng)
        trace: list[Any] = []
        obs = rng.randrange(2)
        rollout = T.rollout_smart if policy == "smart" else T.rollout_fair
        v = rollout(s, obs, rng, 0.1, trace, 0.3, 1)  # stop at the next deal
        t = s
        for a in trace:
            assert a in t.legal_actions()
            t = t.apply(a)
        if t.is_terminal():
            assert v == pytest.approx(T._value(list(t.scores()), obs, 0.3))
            continue
        stopped += 1  # the engine has just dealt again (F3): the margin's win probability
        assert len(t.hands[0]) == len(t.hands[1]) == 3
        sc = t.scores()
        left = len(t.hands[0]) + len(t.hands[1]) + len(t.stock)
        assert v == pytest.approx(T.win_probability(sc[obs] - sc[1 - obs], left))
    assert stopped > 50


def test_trufludo_play_fast_path_agrees_with_apply() -> None:
    rng = random.Random(4)
    for _ in range(100):
        s = random_position("trufludo", rng)
        a = rng.choice(s.legal_actions())
        assert s.apply_unchecked(a) == s.apply(a)


def test_truc_apply_unchecked_agrees_with_apply() -> None:
    rng = random.Random(4)
    kinds = set()
    for _ in range(300):
        s = random_position("truc", rng)
        for a in s.legal_actions():
            assert s.apply_unchecked(a) == s.apply(a), (s, a)
            kinds.add(a.kind)
    assert kinds == {"play", "raise", "rest", "accept", "refuse", "fold", "redeal"}


def test_truc_fast_paths_agree_with_engine() -> None:
    from truf_tui.ai.truc_ai import RoundOver, TrucModel

    rng = random.Random(5)
    checked = 0
    for _ in range(400):
        s = random_position("truc", rng)
        me = s.current_player
        model = TrucModel(me, truc.determinizer(s.observation(me)), s.round_no, s.rules,
                          noise=0.3)

        def over(t: Any, r: int, dealer: int = s.dealer) -> RoundOver | None:
            if t.is_terminal() or t.round_no != r:
                nxt = t.dealer if not t.is_terminal() else 1 - dealer
                return RoundOver(t.points, nxt)
            return None

        for a in s.legal_actions():  # one step: the model's step == the engine's apply
            got = model.step(s, a)
            t = s.apply(a)
            o = over(t, s.round_no)
            if o is None:
                assert got == t
            else:
                assert isinstance(got, RoundOver)
                assert (got.points, got.dealer) == (o.points, o.dealer), (s, a)
                checked += 1
        trace: list[Any] = []
        end = model.rollout(s, rng, trace)
        t = s
        for a in trace:
            assert a in t.legal_actions(), (s, trace)
            t = t.apply(a)
        o = over(t, s.round_no)
        assert o is not None, (s, trace)
        assert (end.points, end.dealer) == (o.points, o.dealer), (s, trace)
    assert checked > 100


def test_truc_public_replay_agrees_with_engine() -> None:
    from truf_tui.ai.truc_opponent import replay

    rng = random.Random(6)
    for _ in range(200):
        s = random_position("truc", rng)
        for p in (0, 1):
            rep = replay(s.observation(p))
            assert rep.points == list(s.points)
            assert (rep.dealer, rep.stake, rep.to_move) == (s.dealer, s.stake, s.to_move)
            assert sum(rep.raises) == sum(
                1 for a in s.history if a.kind in ("raise", "rest"))


# -- the arena and the benchmarks ------------------------------------------------------------

def test_arena_python_api() -> None:
    from tools.arena import run_arena, wilson

    res = run_arena("truc", "medium", "rock", games=4, seed=3, iterations=ITER,
                    rules=truc.Rules(target=3))
    assert res.games == 4 and res.wins + res.draws + res.losses == 4
    assert res.illegal == 0
    assert res.side_a.decisions > 0 and res.side_b.decisions > 0
    lo, hi = res.wilson
    assert 0.0 <= lo <= res.score <= hi <= 1.0
    assert res.side_b.raises == 0  # the rock never raises
    d = res.to_dict()
    assert d["side_a"]["mean_seconds"] >= 0 and "bluffs" in d["side_a"]
    assert len(res.pairs) == 2 and d["deal_pairs"] == 2
    assert sum(res.pairs) / 2 == pytest.approx(res.score)
    res = run_arena("trufludo", "easy", "random", games=2, seed=1)
    assert res.games == 2 and res.illegal == 0
    assert res.pair_interval is None  # one pair: no spread to measure
    assert "bluffs" not in res.to_dict()["side_a"]
    assert wilson(50, 100)[0] == pytest.approx(0.4038, abs=1e-3)


def test_deal_pairs_and_their_interval() -> None:
    from tools.arena import deal_pairs, pair_interval

    # games 0-1: A won the deal from both seats; 2-3 and 6-7 split; 4-5 two draws;
    # game 8 has no partner yet
    pairs = deal_pairs({0: 1, 1: 1, 2: 1, 3: -1, 4: 0, 5: 0, 6: -1, 7: 1, 8: 1})
    assert pairs == [1.0, 0.5, 0.5, 0.5]
    interval = pair_interval(pairs)
    assert interval is not None
    lo, hi = interval
    sd = math.sqrt((0.375 ** 2 + 3 * 0.125 ** 2) / 3)  # mean 0.625
    assert (lo + hi) / 2 == pytest.approx(0.625)
    assert hi - lo == pytest.approx(2 * 1.959964 * sd / 2)
    assert pair_interval([1.0]) is None
    assert pair_interval([1.0, 1.0]) == (1.0, 1.0)


def test_arena_forfeits_an_illegal_action(monkeypatch: pytest.MonkeyPatch) -> None:
    from tools import arena
    from truf_tui.ai import scripted

    monkeypatch.setattr(scripted.RandomBot, "choose", lambda self, obs: "nonsense")
    res = arena.run_arena("trufludo", "easy", "random", games=2, seed=1)
    assert res.wins == 2 and res.side_b.illegal == 2 and res.illegal == 2


def test_arena_journal_resumes_a_stopped_run(tmp_path: Path) -> None:
    from tools.arena import JournalError, run_arena

    journal = str(tmp_path / "run.jsonl")
    kw: dict[str, Any] = {"seed": 4, "iterations": ITER, "rules": truc.Rules(target=3)}
    seen: list[tuple[int, int]] = []
    first = run_arena("truc", "medium", "easy", games=3, journal=journal, **kw)
    assert first.games == 3
    with open(journal, "a", encoding="utf-8") as f:
        f.write('{"index": 3, "resu')  # a run killed mid-write: that game is played again
    resumed = run_arena("truc", "medium", "easy", games=5, journal=journal,
                        progress=lambda done, n: seen.append((done, n)), **kw)
    assert seen == [(4, 5), (5, 5)]  # only the two missing games were played
    fresh = run_arena("truc", "medium", "easy", games=5, **kw)
    assert (resumed.wins, resumed.draws, resumed.losses) == (fresh.wins, fresh.draws,
                                                             fresh.losses)
    assert resumed.side_a.decisions == fresh.side_a.decisions
    with pytest.raises(JournalError, match="other settings"):
        run_arena("truc", "medium", "rock", games=5, journal=journal, **kw)
    other = tmp_path / "not-a-journal.txt"
    other.write_text("hello\n")
    with pytest.raises(JournalError, match="not an arena journal"):
        run_arena("truc", "medium", "easy", games=1, journal=str(other), **kw)


def test_arena_command_line_json() -> None:
    import json
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "truf_tui.arena", "--game", "truc", "--a", "hard", "--b",
         "always_raise", "--games", "2", "--seed", "2", "--jobs", "2", "--iterations", "16",
         "--target", "2", "--json"], capture_output=True, text=True, check=True, timeout=120)
    d = json.loads(out.stdout)
    assert d["games"] == 2 and d["illegal"] == 0
    assert d["wins"] + d["draws"] + d["losses"] == 2
    assert d["side_b"]["raises"] >= 1


def test_bench_smoke() -> None:
    from tools.bench import bench_ai, bench_engine, bench_regret

    e = bench_engine(runs=1, seconds=0.02)
    assert e["trufludo_games_per_s"] > 0 and e["truc_rounds_per_s"] > 0
    assert e["truc_matches_per_s"] > 0 and e["truc_determinize_us"] > 0
    a = bench_ai(positions=1, iterations=20, decisions=1, tiers=["easy"])
    assert a["truc_hard_iterations_per_s"] > 0 and a["trufludo_hard_iterations_per_s"] > 0
    assert a["seconds_per_decision"]["truc_easy"]["max_s"] < 1.0
    r = bench_regret(positions=3, worlds=20, iterations=20, tiers=["easy", "medium"])
    assert r["positions"] == 3
    t = bench_regret(positions=2, worlds=10, iterations=20, tiers=["medium"], reference="true")
    assert t["reference"] == "true" and t["mean_regret_per_decision"]["medium"] >= 0.0
    for tier in ("easy", "medium"):  # a regret is never negative: the reference is the best
        assert r["mean_regret_per_decision"][tier] >= 0.0
        assert 0.0 <= r["best_move_rate"][tier] <= 1.0


def test_bench_settle_compares_the_settled_choice_with_the_full_one() -> None:
    from tools.bench import bench_settle

    res = bench_settle(positions=3, iterations=120, tiers=["hard"])
    assert res["positions"] == 3 and 0 < res["one_suit_share_of_choices"] < 1
    hard = res["hard"]
    assert 0 <= hard["another_full_run_agrees"] <= 1
    assert hard["settled_agrees_with_full"] == 1.0  # under 64 paired rounds: never settles
    assert 0 < hard["settled_time_share"]


def test_bench_belief_scores_the_real_hand() -> None:
    import math

    from tools.bench import bench_belief

    b = bench_belief(games=1, opponents=["medium"], betas=[0.0, 0.5], candidates=50)
    d = b["vs_medium"]
    assert d["positions"] > 0
    for v in d["mean_log_p_true_hand"].values():  # log-probabilities, floored at 1e-3
        assert math.log(1e-3) <= v <= 0.0


def test_bench_peek_plays_both_seats() -> None:
    from tools.bench import bench_peek

    d = bench_peek(deals=1, iterations=30)
    assert d["games"] == 2 and 0.0 <= d["peeking_hard_score_vs_hard"] <= 1.0


def test_trufludo_belief_weighs_hands_by_the_opponent_moves() -> None:
    """The expert's belief (a Bayesian weighting of candidate hands) is not uniform once
    the opponent has moved; every candidate hand is drawn from the cards the seat has not
    seen."""
    from truf_tui.ai.trufludo_ai import hand_belief

    s = trufludo.new_game(seed=4)
    while True:
        p = s.to_move
        assert p is not None
        s = s.apply(s.legal_actions()[0])
        if s.to_move == 0 and len(s.hands[1]) < 3 and s.hands[1]:
            break
    obs = s.observation(0)
    sharp = hand_belief(obs, random.Random(1), 60)
    assert sharp is not None
    assert len(set(sharp[2])) > 1
    visible = set(s.hands[0]) | set(s.table) | set(s.piles[0]) | set(s.piles[1])
    for hand in sharp[1]:
        assert len(hand) == len(s.hands[1]) and not set(hand) & visible


# -- knowledge: the match table, inference, time limits --------------------------------------

def test_match_table_is_consistent() -> None:
    from truf_tui.strategy.matchtable import match_win, table

    for target in (1, 3, 12, 21):
        t = table(target)
        for a in range(target):
            for b in range(target):
                # zero-sum: my chance and my opponent's add up to one
                assert t[a][b][1] + t[b][a][0] == pytest.approx(1.0, abs=1e-9)
                if a + 1 < target:
                    assert t[a + 1][b][0] >= t[a][b][0] - 1e-12
        assert match_win((target, 0), 0, 0, target) == 1.0
        assert match_win((0, target), 0, 1, target) == 0.0
    assert 0.45 < table(12)[0][0][0] < 0.55


def test_trufludo_inference_samples_fit_the_observation() -> None:
    from truf_tui.ai.trufludo_ai import (
        inference_sampler,
        likelihood,
        opponent_evidence,
        replay_public,
    )

    rng = random.Random(8)
    with_evidence = 0
    for _ in range(150):
        s = random_position("trufludo", rng)
        p = s.current_player
        obs = s.observation(p)
        moves = replay_public(obs)
        assert moves is not None and len(moves) == len(s.history)
        sample = inference_sampler(obs, rng, 32)
        for _ in range(3):
            t = sample(rng)
            assert t.observation(p) == obs
            assert sorted(map(str, t.legal_actions())) == sorted(map(str, s.legal_actions()))
        evidence = opponent_evidence(obs)
        if evidence:
            with_evidence += 1
            # the true hand could have produced his moves
            assert likelihood(s.hands[1 - p], evidence, s.rules) > 0.0
    assert with_evidence > 20


def test_truc_belief_samples_fit_the_observation() -> None:
    from truf_tui.ai.truc_ai import belief_sampler
    from truf_tui.ai.truc_opponent import RangeModel, replay

    rng = random.Random(9)
    used = 0
    for _ in range(80):
        s = random_position("truc", rng)
        p = s.current_player
        obs = s.observation(p)
        rep = replay(obs)
        model = RangeModel.from_replay(rep, 1 - p)
        decisions = rep.round_decisions[1 - p]
        used += bool(decisions)
        # the true hand could have produced his raises, answers and plays
        assert model.likelihood(s.hands[1 - p], decisions, 1 - p) > 0.0
        sample = belief_sampler(obs, truc.determinizer(obs)(rng), rng, model, decisions, 32)
        for _ in range(3):
            t = sample(rng)
            assert t.observation(p) == obs
    assert used > 5


@pytest.mark.parametrize("game", ["trufludo", "truc"])
def test_time_limit_is_kept(game: str) -> None:
    import time

    rng = random.Random(10)
    for tier in ("hard", "expert"):
        for _ in range(2):
            s = random_position(game, rng)
            bot = make_bot(game, tier, seed=1, time_limit=0.1)
            t0 = time.perf_counter()
            bot.choose(s.observation(s.current_player))
            assert time.perf_counter() - t0 < 0.1 + 0.1 + 0.15  # + slack for a busy machine


@pytest.mark.parametrize("game", ["trufludo", "truc"])
def test_settled_search_chooses_what_the_full_budget_would(game: str) -> None:
    """``choose`` stops a search once its most visited action cannot be overtaken: the
    settled run is a prefix of the full one, so both pick the same action."""
    from truf_tui.ai import ismcts

    calls: list[int] = []
    real = ismcts.search

    def counting(*args: Any, **kw: Any) -> Any:
        res = real(*args, **kw)
        if kw.get("settle") and kw.get("iterations") == budget:
            calls.append(res.iterations)
        return res

    rng = random.Random(31)
    budget = 600
    for i in range(8):
        s = random_position(game, rng)
        obs = s.observation(s.current_player)
        # Truc's plain search (its hard tier mixes its betting at random on top of it)
        bots = [make_bot(game, "hard", seed=i, iterations=budget) if game == "trufludo"
                else truc_ai.SearchBot(seed=i, iterations=budget) for _ in range(2)]
        for bot in bots:
            bot.paired = 0  # type: ignore[attr-defined]  # Trufludo: a plain root to settle
        full = bots[0].analyse(obs)[0].action
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(ismcts, "search", counting)
            settled = bots[1].choose(obs)
        assert settled == full
    assert calls and min(calls) < budget  # some decision was settled early


def test_paired_settle_needs_a_clear_lead() -> None:
    """A paired search may stop once the best root value leads every other one by more than
    ``PAIRED_Z`` standard errors of the paired differences, and not before
    ``PAIRED_MIN_ROUNDS`` rounds."""
    from truf_tui.ai.ismcts import PAIRED_MIN_ROUNDS, Stat, _paired_settled

    def root(**totals: float) -> dict[str, Stat]:
        out = {}
        for a, w in totals.items():
            out[a] = Stat(0.0)
            out[a].w = w
        return out

    n = PAIRED_MIN_ROUNDS * 2
    ab, ac, bc = frozenset("ab"), frozenset("ac"), frozenset("bc")
    # a beats b by 0.2 every round, c by 0.3: no doubt at all
    clear = {ab: n * 0.04, ac: n * 0.09, bc: n * 0.01}
    assert _paired_settled(root(a=n * 0.6, b=n * 0.4, c=n * 0.3), clear, n)
    assert not _paired_settled(root(a=0.6, b=0.4, c=0.3),
                               {k: v / n for k, v in clear.items()}, 1)  # too few rounds
    # a leads b by 0.01 on average, the differences spread ±0.3: far from settled
    noisy = {ab: n * 0.09, ac: n * 0.09, bc: n * 0.09}
    assert not _paired_settled(root(a=n * 0.51, b=n * 0.5, c=n * 0.1), noisy, n)
    # the leader must lead every other move, not only the last one
    assert not _paired_settled(root(a=n * 0.6, b=n * 0.59, c=n * 0.1),
                               {ab: n * 0.04, ac: n * 0.25, bc: n * 0.25}, n)


@pytest.mark.slow
def test_trufludo_choice_comes_sooner_and_is_the_full_budget_choice() -> None:
    """``choose`` (Trufludo's paired search with ``settle``) stops on a clear choice and
    picks what the whole budget picks; a choice between equal moves (same suit, F1) needs no
    search at all."""
    from truf_tui.ai import ismcts
    from truf_tui.ai.trufludo_ai import move_class

    budget = 3000
    used: list[int] = []
    real = ismcts.search

    def counting(*args: Any, **kw: Any) -> Any:
        res = real(*args, **kw)
        if kw.get("settle"):
            used.append(res.iterations)
        return res

    rng = random.Random(12)
    checked = same_suit = 0
    for i in range(60):
        s = random_position("trufludo", rng)
        obs = s.observation(s.current_player)
        legal = s.legal_actions()
        classes = {move_class(a) for a in legal}
        if len(legal) < 2 or (len(classes) > 1 and checked == 6):
            continue
        tier = ("hard", "expert")[i % 2]
        if obs["stock_size"] == 0:
            continue  # the expert's exact endgame: no search to settle
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(ismcts, "search", counting)
            n = len(used)
            chosen = make_bot("trufludo", tier, seed=i, iterations=budget).choose(obs)
            searched = len(used) > n
        if len(classes) == 1:
            assert not searched and chosen == legal[0]
            same_suit += 1
            continue
        full = make_bot("trufludo", tier, seed=i, iterations=budget).analyse(obs)[0].action
        assert move_class(chosen) == move_class(full)
        checked += 1
    assert checked == 6 and same_suit
    assert min(used) < budget  # some choice was settled early


def test_paired_root_search_tries_every_root_move_on_each_deal() -> None:
    """``paired``: each iteration plays every root move on the same determinization with
    the same random numbers below it; visits are equal and the ranking is by value."""
    from truf_tui.ai import ismcts
    from truf_tui.ai.trufludo_ai import TrufludoModel

    rng = random.Random(8)
    for _ in range(20):
        s = random_position("trufludo", rng)
        obs = s.observation(s.current_player)
        model = TrufludoModel(obs, trufludo.determinizer(obs), horizon=2)
        n_root = len(model.actions(s))
        if n_root < 2:
            continue
        res = ismcts.search(model, s.current_player, random.Random(1), iterations=60 * n_root,
                            paired=True)
        assert {r.visits for r in res.stats} == {60}
        assert [r.value for r in res.stats] == sorted((r.value for r in res.stats),
                                                      reverse=True)
        again = ismcts.search(model, s.current_player, random.Random(1),
                              iterations=60 * n_root, paired=True)
        assert again.stats == res.stats
        break
    else:
        pytest.fail("no Trufludo position with a choice")


def test_ai_never_imports_the_ui() -> None:
    import subprocess
    import sys

    code = ("import sys, truf_tui.ai, truf_tui.ai.truc_ai, truf_tui.ai.trufludo_ai, "
            "truf_tui.arena, truf_tui.bench, tools.arena, tools.bench; "
            "bad = [m for m in sys.modules if m.startswith(('textual', 'truf_tui.ui'))]; "
            "print(bad); sys.exit(1 if bad else 0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parent.parent)  # tools/ is there
    assert out.returncode == 0, out.stdout + out.stderr


def test_trufludo_exact_endgame_matches_plain_minimax() -> None:
    from truf_tui.ai.trufludo_ai import solve_exact

    def plain(s: Any, me: int) -> tuple[float, int]:
        if s.is_terminal():
            sc = s.scores()
            m = sc[me] - sc[1 - me]
            return (1.0 if m > 0 else 0.0 if m < 0 else 0.5, m)
        vals = [plain(s.apply(a), me) for a in s.legal_actions()]
        return max(vals) if s.current_player == me else min(vals)

    rng = random.Random(12)
    done = 0
    while done < 25:
        r = rng.choice(TRUFLUDO_RULES)
        s = trufludo.new_game(r, seed=rng.getrandbits(32))
        while not s.is_terminal() and (s.stock or len(s.hands[0]) + len(s.hands[1]) > 4):
            s = s.apply(rng.choice(s.legal_actions()))
        if s.is_terminal():
            continue
        me = rng.randrange(2)
        assert solve_exact(s, me) == plain(s, me)
        done += 1


def test_games_tiers_and_rule_variants_are_defined_once() -> None:
    """One definition each (the engine's games and variants, the AI's tiers), imported by the
    command line, the settings store and the app's config rather than copied."""
    from truf_tui import cli, engine
    from truf_tui.ai import base
    from truf_tui.play import config
    from truf_tui.store import settings

    assert cli.GAMES is settings.GAMES is config.GAMES is base.GAMES is engine.GAMES
    assert cli.TIERS is settings.TIERS is config.TIERS is base.TIERS is TIERS
    assert config.DEFAULT_RULES == {"trufludo": trufludo.Rules().to_dict(),
                                    "truc": truc.Rules().to_dict()}
    assert config.RULE_CHOICES == {**trufludo.CHOICES, **truc.CHOICES}
    assert config.RULE_CHOICES["deck"] == ("french", "italian")
    assert config.RULE_CHOICES["rest_refusal"] == ("stake", "game")


def test_sampling_a_policy_gives_an_action_or_says_why_not() -> None:
    # choose returns an action, never None: a policy with nothing to play is an error.
    from truf_tui.ai.solved import sample

    assert sample({truc.FOLD: 0.0, truc.RAISE: 1.0}, random.Random(1)) == truc.RAISE
    with pytest.raises(ValueError, match="positive probability"):
        sample({truc.FOLD: 0.0}, random.Random(1))


def test_the_public_replay_ends_where_the_match_is() -> None:
    # Guards the typed replay (truc_opponent._Round): whose turn it is, and nobody's once a
    # side reached the target (T10).
    from truf_tui.ai.truc_opponent import replay

    rng = random.Random(11)
    for seed in range(6):
        s = truc.new_game(truc.Rules(target=3), seed=seed)
        while True:
            rep = replay(s.observation(0))
            assert rep.to_move == s.to_move and rep.points == list(s.points)
            if s.is_terminal():
                break
            s = s.apply(rng.choice(s.legal_actions()))
        assert rep.to_move is None
