"""Properties of random legal games, for every combination of rule variants of both games.

Each example draws a seed (and for Trufludo sometimes an explicit pack), a dealer and a
``random.Random`` that picks a legal action at every step until the game is over; every
state on the way is checked against the invariants of ENGINE_API.md and against reference
models written here independently of the engine (RULES.md F2-F11, T4-T10).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from truf_tui.cards import PACKS, TRUC_32
from truf_tui.engine import truc, trufludo
from truf_tui.engine.common import IllegalActionError

# Sized so that the whole file runs in well under 40 s on two cores.
_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large]
TRUFLUDO_SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=_QUIET)
TRUC_SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=_QUIET)

TRUFLUDO_VARIANTS = [(deck, forced, leftover) for deck in ("french", "italian")
                     for forced in (True, False) for leftover in ("none", "last_capturer")]
TRUC_VARIANTS = ["stake", "game"]
TRUC_TARGETS = st.one_of(st.integers(1, 13), st.sampled_from([24, 99]))


# -- helpers shared by both games ---------------------------------------------------------------
def tokens(obj: Any) -> set[str]:
    """Every word of every string in a JSON value: card texts, and cards inside actions."""
    if isinstance(obj, str):
        return set(obj.split())
    if isinstance(obj, dict):
        out: set[str] = set()
        for k, v in obj.items():
            out |= tokens(k) | tokens(v)
        return out
    if isinstance(obj, list):
        out = set()
        for v in obj:
            out |= tokens(v)
        return out
    return set()


def texts(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def check_common(s: Any, mod: Any) -> None:
    """Invariants of the ENGINE_API surface that do not depend on the game."""
    legal = s.legal_actions()
    assert legal == s.legal_actions()  # stable order
    assert len(set(legal)) == len(legal)
    term = s.is_terminal()
    assert term == (s.current_player is None) == (legal == [])
    assert s.current_player in (None, 0, 1)
    r = s.returns()
    assert sum(r) == 0 and r in ((1.0, -1.0), (-1.0, 1.0), (0.0, 0.0))
    a, b = s.scores()
    assert type(a) is int and type(b) is int
    if term:
        assert r == ((1.0, -1.0) if a > b else (-1.0, 1.0) if b > a else (0.0, 0.0))
    else:
        assert r == (0.0, 0.0)
    # serialisation: to_dict -> JSON -> from_dict gives back an equal state
    d = s.to_dict()
    assert d["game"] == mod.GAME and d["history"] == [str(x) for x in s.history]
    assert d["to_move"] == s.current_player and d["rules"] == s.rules.to_dict()
    back = type(s).from_dict(json.loads(json.dumps(d)))
    assert back == s and back.to_dict() == d
    # every legal action applies, as object and as text, to the same state
    for x in legal:
        t = s.apply(x)
        assert t == s.apply(str(x))
        assert t.history == s.history + (x,)
    # an action on a finished game is refused
    if term:
        pack = PACKS["truc" if mod is truc else s.rules.deck]
        for text in ("fold", "play " + str(pack[0]), "accept"):
            with pytest.raises(IllegalActionError):
                s.apply(text)


def check_illegal(s: Any, bad: list[str]) -> None:
    before = s.to_dict()
    legal = {str(a) for a in s.legal_actions()}
    for text in bad:
        if text in legal:
            continue
        with pytest.raises(IllegalActionError):
            s.apply(text)
        assert s.to_dict() == before


def check_determinize(s: Any, hidden_of: Any, mod: Any) -> None:
    for p in (0, 1):
        obs = s.observation(p)
        json.dumps(obs)
        sampler = mod.determinizer(obs)
        variants = set()
        n_hidden = len(hidden_of(s, p))
        for i in range(40):
            rng = random.Random(i)
            d = s.determinize(p, rng) if i < 2 else sampler(rng)
            assert d.observation(p) == obs
            assert sorted(hidden_of(d, p)) == sorted(hidden_of(s, p))  # same unseen cards
            key = hidden_arrangement(d, p)
            variants.add(key)
            if i == 0:  # a determinized state is a valid, playable state
                back = type(d).from_dict(json.loads(json.dumps(d.to_dict())))
                assert back == d
                if not d.is_terminal():
                    d.apply(d.legal_actions()[-1])
            if len(variants) > 1 and i >= 2:
                break
        if n_hidden >= 2:
            assert len(variants) > 1, "determinize never re-drew the hidden cards"


def hidden_arrangement(s: Any, p: int) -> Any:
    if isinstance(s, truc.State):
        return (s.hands[1 - p], s.stock, s.discards[1 - p], s.next_seed)
    return (s.hands[1 - p], s.stock)


# -- Trufludo -----------------------------------------------------------------------------------
def truf_hidden(s: trufludo.State, p: int) -> list[Any]:
    return [*s.hands[1 - p], *s.stock]


class TrufludoModel:
    """RULES.md F2-F11 written again from the text, on card texts (suit = last letter)."""

    def __init__(self, pack: list[str], dealer: int, rules: trufludo.Rules) -> None:
        self.nd, self.dealer, self.rules = 1 - dealer, dealer, rules
        self.hands: list[list[str]] = [[], []]
        self.hands[self.nd], self.hands[dealer] = pack[0:3], pack[3:6]
        self.table, self.stock = pack[6:10], pack[10:]
        self.piles: list[list[str]] = [[], []]
        self.trufegoj: list[list[str]] = [[], []]
        self.last: int | None = None
        self.to_move: int | None = self.nd

    def move(self, text: str) -> None:
        w = text.split()
        card, take = w[1], (w[3] if len(w) == 4 else None)
        p = self.to_move
        assert p is not None and card in self.hands[p]
        self.hands[p].remove(card)
        nxt: int | None = 1 - p
        if take is None:
            assert not (self.rules.forced_capture and any(t[-1] == card[-1] for t in self.table))
            self.table.append(card)
        else:
            assert take in self.table and take[-1] == card[-1]
            if len(self.table) == 1:
                self.trufegoj[p].append(take)
                nxt = p
            self.table.remove(take)
            self.piles[p] += [card, take]
            self.last = p
        if not self.hands[0] and not self.hands[1]:
            if self.stock:
                self.hands[self.nd], self.hands[self.dealer] = self.stock[0:3], self.stock[3:6]
                self.stock = self.stock[6:]
            else:
                nxt = None
                if self.rules.leftover == "last_capturer" and self.last is not None:
                    self.piles[self.last] += self.table
                    self.table = []
        self.to_move = nxt

    def scores(self) -> tuple[int, int]:
        return (len(self.piles[0]) + len(self.trufegoj[0]),
                len(self.piles[1]) + len(self.trufegoj[1]))

    def legal(self) -> set[str]:
        p = self.to_move
        if p is None:
            return set()
        out = set()
        for c in self.hands[p]:
            takes = [t for t in self.table if t[-1] == c[-1]]
            out |= {f"play {c} take {t}" for t in takes}
            if not takes or not self.rules.forced_capture:
                out.add(f"play {c}")
        return out

    def matches(self, s: trufludo.State) -> None:
        assert texts(s.hands[0]) == self.hands[0] and texts(s.hands[1]) == self.hands[1]
        assert texts(s.table) == self.table and texts(s.stock) == self.stock
        assert texts(s.piles[0]) == self.piles[0] and texts(s.piles[1]) == self.piles[1]
        assert [texts(s.trufegoj[0]), texts(s.trufegoj[1])] == self.trufegoj
        assert s.current_player == self.to_move and s.last_capturer == self.last
        assert s.scores() == self.scores()
        assert {str(a) for a in s.legal_actions()} == self.legal()


def check_trufludo(s: trufludo.State) -> None:
    pack = PACKS[s.rules.deck]
    everything = [*s.hands[0], *s.hands[1], *s.stock, *s.table, *s.piles[0], *s.piles[1]]
    assert sorted(everything) == sorted(pack)  # each card in exactly one place
    for p in (0, 1):
        assert set(s.trufegoj[p]) <= set(s.piles[p])
        assert len(set(s.trufegoj[p])) == len(s.trufegoj[p])
    assert s.scores() == (len(s.piles[0]) + len(s.trufegoj[0]),
                          len(s.piles[1]) + len(s.trufegoj[1]))
    if s.current_player is not None:
        assert s.hands[s.current_player]
    for p in (0, 1):
        obs = s.observation(p)
        assert obs["hand"] == texts(s.hands[p])
        assert not {"seed", "deck", "stock", "hands"} & set(obs)
        leaked = tokens(json.loads(json.dumps(obs))) & set(texts(truf_hidden(s, p)))
        assert not leaked, f"observation({p}) shows hidden cards {leaked}"


def truf_illegal(s: trufludo.State) -> list[str]:
    p = s.current_player
    pack = PACKS[s.rules.deck]
    if p is None:
        return ["play " + str(pack[0])]
    foreign = [c for c in pack if c not in s.hands[p]][:6]
    bad = [f"play {c}" for c in foreign[:3]]
    mine = s.hands[p][0]
    bad += [f"play {mine} take {c}" for c in foreign[3:6]]
    bad += [f"play {mine} take {c}" for c in s.table if c.suit != mine.suit][:2]
    bad += ["", "play", "raise", "fold", "take " + str(mine), f"play {mine} {mine}",
            f"play {mine} take", "play 1H" if s.rules.deck == "french" else "play AS",
            f"PLAY {mine} TAKE {mine}"]
    return bad


@pytest.mark.parametrize(("deck", "forced", "leftover"), TRUFLUDO_VARIANTS)
@TRUFLUDO_SETTINGS
@given(seed=st.integers(0, 2**63 - 1), dealer=st.sampled_from([None, 0, 1]),
       shuffle=st.booleans(), rnd=st.randoms(use_true_random=False))
@pytest.mark.slow
def test_trufludo_random_games(deck: str, forced: bool, leftover: str, seed: int,
                               dealer: int | None, shuffle: bool, rnd: random.Random) -> None:
    rules = trufludo.Rules(deck=deck, forced_capture=forced, leftover=leftover)  # type: ignore[arg-type]
    explicit = None
    if shuffle:
        explicit = texts(PACKS[deck])
        rnd.shuffle(explicit)
    s = trufludo.new_game(rules, seed=seed, deck=explicit, dealer=dealer)
    nd = s.current_player
    assert nd == 1 - s.dealer and (dealer is None or s.dealer == dealer)
    pack = texts([*s.hands[nd], *s.hands[s.dealer], *s.table, *s.stock])
    if explicit is not None:
        assert pack == explicit
    model = TrufludoModel(pack, s.dealer, rules)
    steps = 0
    while True:
        check_trufludo(s)
        model.matches(s)
        check_common(s, trufludo)
        if steps % 5 == 0 or s.is_terminal():
            check_determinize(s, truf_hidden, trufludo)
            check_illegal(s, truf_illegal(s))
        if s.is_terminal():
            break
        a = rnd.choice(s.legal_actions())
        s = s.apply(a)
        model.move(str(a))
        steps += 1
        assert steps <= len(PACKS[deck]) - 4
    assert steps == len(PACKS[deck]) - 4  # every hand card is played once, and only once
    assert trufludo.replay(rules, texts(s.history), seed=seed, deck=explicit,
                           dealer=dealer) == s
    again = trufludo.new_game(rules, seed=seed, deck=explicit, dealer=dealer)
    for a in s.history:
        again = again.apply(str(a))
    assert again == s


# -- Le Truc ------------------------------------------------------------------------------------
RANKS = ["9", "10", "J", "Q", "K", "A", "8", "7"]  # T1, written again here


def strength(card: str) -> int:
    return RANKS.index(card[:-1])


def judge(winners: list[int | None]) -> tuple[bool, int | None]:
    """T6 from the text: (is the round over, its winner)."""
    if len(winners) < 2:
        return False, None
    a, b = winners[0], winners[1]
    if len(winners) == 2:
        if a is not None and b in (a, None):
            return True, a
        if a is None and b is not None:
            return True, b
        return False, None
    c = winners[2]
    if a is None and b is None:
        return True, c
    return True, (c if c is not None else a)


def truc_hidden(s: truc.State, p: int) -> list[Any]:
    return [*s.hands[1 - p], *s.stock, *s.discards[1 - p]]


def expected_round_end(s: truc.State, action: str) -> tuple[int | None, int] | None:
    """What the round's end scores after ``action`` (winner, points), or None if it goes on."""
    p = s.current_player
    assert p is not None
    target, pts, game = s.rules.target, s.scores(), s.rules.rest_refusal == "game"

    def whole(w: int) -> int:
        return max(0, target - pts[w])

    if action == "fold":
        w = 1 - p
        if s.pending == "rest":
            return (w, whole(w)) if game else (w, s.stake)
        return (w, whole(w)) if s.rest else (w, s.stake)
    if action == "refuse":
        w = 1 - p
        if s.pending == "redeal":
            return None
        if s.pending == "rest" and game:
            return (w, whole(w))
        return (w, s.stake)
    if action.startswith("play") and s.trick_card is not None:
        card, lead = action.split()[1], str(s.trick_card)
        tw = (s.leader if strength(lead) > strength(card) else p if strength(card) >
              strength(lead) else None)
        done, rw = judge([t.winner for t in s.tricks] + [tw])
        if not done:
            return None
        if rw is None:
            return (None, 0)
        return (rw, whole(rw) if s.rest else s.stake)
    return None


def check_truc_step(s: truc.State, action: str, t: truc.State) -> None:
    """The transition s --action--> t against RULES.md T3-T10."""
    p = s.current_player
    assert p is not None
    end = expected_round_end(s, action)
    if end is None:
        assert t.round_no == s.round_no and t.scores() == s.scores() and not t.is_terminal()
        assert t.last_round == s.last_round and t.dealer == s.dealer
        if action in ("raise", "rest", "redeal"):
            assert s.pending is None and t.pending == action and t.current_player == 1 - p
            assert t.stake == s.stake
            if action == "redeal":
                assert p == 1 - s.dealer and not s.redeal_used and not s.tricks
            else:
                assert not s.rest and s.last_raiser != p
        elif action == "accept":
            assert s.pending is not None and t.pending is None and t.current_player == 1 - p
            if s.pending == "raise":
                assert t.stake == (2 if s.stake == 1 else s.stake + 2)
                assert t.last_raiser == 1 - p
            elif s.pending == "rest":
                assert t.rest and t.stake == s.stake
            else:  # redeal: the next six, one at a time, the non-dealer first
                nd, dl = 1 - s.dealer, s.dealer
                assert t.hands[nd] == s.stock[0:6:2] and t.hands[dl] == s.stock[1:6:2]
                assert t.discards == s.hands and t.stock == s.stock[6:]
        elif action == "refuse":
            assert s.pending == "redeal" and t.current_player == 1 - p and t.hands == s.hands
        else:
            assert action.startswith("play") and s.pending is None
            card = action.split()[1]
            if s.trick_card is None:
                assert str(t.trick_card) == card and t.current_player == 1 - p
            else:
                last = t.tricks[-1]
                assert (str(last.lead), str(last.answer)) == (str(s.trick_card), card)
                nxt = last.leader if last.winner is None else last.winner
                assert t.current_player == nxt == t.leader and t.trick_card is None
    else:
        winner, points = end
        lr = t.last_round
        assert lr is not None and lr.round == s.round_no
        assert (lr.winner, lr.points) == (winner, points)
        want = list(s.scores())
        if winner is not None:
            want[winner] += points
        assert list(t.scores()) == want
        if max(want) >= s.rules.target:
            assert t.is_terminal()
        else:
            assert t.round_no == s.round_no + 1 and t.dealer == 1 - s.dealer
            assert t.current_player == 1 - t.dealer == t.leader
            assert t.stake == 1 and not t.rest and t.pending is None and t.tricks == ()
            assert t.last_raiser is None and not t.redeal_used and t.trick_card is None
            assert t.discards == ((), ()) and len(t.hands[0]) == len(t.hands[1]) == 3


def check_truc(s: truc.State) -> None:
    played = [c for t in s.tricks for c in (t.lead, t.answer)]
    if s.trick_card is not None:
        played.append(s.trick_card)
    everything = [*s.hands[0], *s.hands[1], *s.stock, *s.discards[0], *s.discards[1], *played]
    assert sorted(everything) == sorted(TRUC_32)  # each card in exactly one place
    assert len(s.tricks) <= 2 or s.is_terminal()
    t = s.rules.target
    if s.current_player is not None:
        assert max(s.scores()) < t
        legal = [str(a) for a in s.legal_actions()]
        assert "fold" in legal
        if s.pending is not None:
            assert legal == ["accept", "refuse", "fold"]
        else:
            assert [x for x in legal if x.startswith("play")] == [
                "play " + str(c) for c in s.hands[s.current_player]]
            can = (not s.rest and s.last_raiser != s.current_player
                   and s.stake < max(t - s.scores()[0], t - s.scores()[1]))
            assert ("raise" in legal) == ("rest" in legal) == can
    for p in (0, 1):
        obs = s.observation(p)
        assert obs["hand"] == texts(s.hands[p])
        assert not {"seed", "next_seed", "deck", "stock", "hands", "discards"} & set(obs)
        # Cards of earlier rounds were reshuffled: only this round's public part may name
        # cards that are now hidden, and it must not.
        current = dict(obs)
        current["history"] = obs["history"][s.round_start:]
        if not s.is_terminal():
            current.pop("last_round")
        leaked = tokens(json.loads(json.dumps(current))) & set(texts(truc_hidden(s, p)))
        assert not leaked, f"observation({p}) shows hidden cards {leaked}"


def truc_illegal(s: truc.State) -> list[str]:
    p = s.current_player
    if p is None:
        return ["fold", "accept", "play 7S"]
    bad = ["play " + str(c) for c in TRUC_32 if c not in s.hands[p]][:4]
    bad += ["", "play", "take", "raise now", "play 2S", "play 1H", "play 7S take 8S", "hello",
            "raise raise"]
    if s.pending is not None:
        bad += ["raise", "rest", "redeal", "play " + str(s.hands[p][0]) if s.hands[p] else ""]
    else:
        bad += ["accept", "refuse"]
        if not s.can_raise():
            bad += ["raise", "rest"]
        if not s.can_redeal():
            bad += ["redeal"]
    return bad


@pytest.mark.parametrize("rest_refusal", TRUC_VARIANTS)
@TRUC_SETTINGS
@given(seed=st.integers(0, 2**63 - 1), target=TRUC_TARGETS, dealer=st.sampled_from([None, 0, 1]),
       shuffle=st.booleans(), rnd=st.randoms(use_true_random=False),
       fold_weight=st.sampled_from([0.0, 0.05, 1.0]), rest_weight=st.sampled_from([0.0, 0.2, 1.0]))
@pytest.mark.slow
def test_truc_random_matches(rest_refusal: str, seed: int, target: int, dealer: int | None,
                             shuffle: bool, rnd: random.Random, fold_weight: float,
                             rest_weight: float) -> None:
    rules = truc.Rules(target=target, rest_refusal=rest_refusal)  # type: ignore[arg-type]
    explicit = None
    if shuffle:
        explicit = texts(TRUC_32)
        rnd.shuffle(explicit)
    s = truc.new_game(rules, seed=seed, deck=explicit, dealer=dealer)
    if explicit is not None:
        nd = 1 - s.dealer
        assert texts(s.hands[nd]) == explicit[0:6:2] and texts(s.hands[s.dealer]) == \
            explicit[1:6:2] and texts(s.stock) == explicit[6:]
    totals = [0, 0]
    steps = 0
    while True:
        check_truc(s)
        check_common(s, truc)
        assert list(s.scores()) == totals  # the sum of the round results
        if steps % 7 == 0 or s.is_terminal():
            check_determinize(s, truc_hidden, truc)
            check_illegal(s, truc_illegal(s))
        if s.is_terminal():
            break
        legal = s.legal_actions()
        # Folds and rests end rounds or matches quickly; low weights let them run long.
        weights = [fold_weight if str(a) == "fold" else rest_weight if str(a) == "rest"
                   else 1.0 for a in legal]
        if sum(weights) == 0:
            weights = [1.0] * len(legal)
        a = rnd.choices(legal, weights)[0]
        t = s.apply(a)
        check_truc_step(s, str(a), t)
        if t.last_round != s.last_round:  # a round ended
            lr = t.last_round
            assert lr is not None
            if lr.winner is not None:
                totals[lr.winner] += lr.points
        s = t
        steps += 1
        assert steps < 20_000, "the match does not end"
    assert max(s.scores()) >= target and s.winner() == (0 if s.scores()[0] > s.scores()[1]
                                                         else 1)
    assert truc.replay(rules, texts(s.history), seed=seed, deck=explicit, dealer=dealer) == s
