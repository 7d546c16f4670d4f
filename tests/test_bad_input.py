"""Bad input of every kind: each is refused with a clear ValueError subclass, never a crash.

Malformed cards and actions, actions on finished games, invalid rules, decks that are not a
permutation, tampered state dicts (StateError) and broken game records (RecordError).
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from truf_tui.cards import FRENCH_52, ITALIAN_40, TRUC_32, Card
from truf_tui.engine import truc, trufludo
from truf_tui.engine.common import IllegalActionError, StateError
from truf_tui.engine.record import FORMAT, VERSION, GameRecord, RecordError

MODS = [trufludo, truc]


def finished(mod: Any, seed: int = 1, **rules: Any) -> Any:
    s = mod.new_game(mod.Rules(**rules), seed=seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        s = s.apply(rng.choice(s.legal_actions()))
    return s


def midgame(mod: Any, seed: int = 1, steps: int = 9, **rules: Any) -> Any:
    s = mod.new_game(mod.Rules(**rules), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = [a for a in s.legal_actions() if str(a) not in ("fold", "rest")]
        s = s.apply(rng.choice(legal))
    assert not s.is_terminal()
    return s


# -- malformed cards ----------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["1H", "XX", "", "11S", "AS AS", "S", "10"])
def test_malformed_card_in_a_trufludo_action(text: str) -> None:
    s = trufludo.new_game(seed=1)
    with pytest.raises(IllegalActionError) as e:
        s.apply(f"play {text}".strip())
    assert isinstance(e.value, ValueError)


@pytest.mark.parametrize("text", ["2S", "6H", "XX", "1H", "RB", "10X"])
def test_malformed_card_in_a_truc_action(text: str) -> None:
    s = truc.new_game(seed=1)
    with pytest.raises(IllegalActionError) as e:
        s.apply(f"play {text}")
    assert repr(text) in str(e.value) or text in str(e.value)


def test_italian_card_in_a_french_game_and_back() -> None:
    f = trufludo.new_game(seed=1)
    i = trufludo.new_game(trufludo.Rules(deck="italian"), seed=1)
    with pytest.raises(IllegalActionError, match="french"):
        f.apply("play RB")
    with pytest.raises(IllegalActionError, match="italian"):
        i.apply("play KH")


@pytest.mark.parametrize("bad", [None, 5, 3.5, ["play", "AS"], b"fold", object()])
def test_non_action_objects(bad: Any) -> None:
    for s in (trufludo.new_game(seed=1), truc.new_game(seed=1)):
        with pytest.raises(IllegalActionError):
            s.apply(bad)


def test_action_objects_of_the_other_game() -> None:
    s = trufludo.new_game(seed=1)
    with pytest.raises(IllegalActionError):
        s.apply(truc.FOLD)
    t = truc.new_game(seed=1)
    with pytest.raises(IllegalActionError):
        t.apply(trufludo.play(Card.parse("AS")))


# -- illegal actions: why, and what is legal ----------------------------------------------------
def test_illegal_trufludo_action_says_why_and_lists_the_legal_ones() -> None:
    s = trufludo.new_game(seed=3)
    p = s.current_player
    foreign = next(c for c in FRENCH_52 if c not in s.hands[p])
    with pytest.raises(IllegalActionError) as e:
        s.apply(f"play {foreign}")
    err = e.value
    assert f"{foreign} is not in your hand" in str(err)
    assert err.legal == [str(a) for a in s.legal_actions()]
    assert "legal actions: " + ", ".join(err.legal) in str(err)
    assert err.why in str(err)


@pytest.mark.parametrize(("moves", "bad", "why"), [
    ([], "accept", "nothing to accept"),
    ([], "refuse", "nothing to refuse"),
    (["raise"], "play 7S", "must be answered first"),
    (["raise", "accept"], "raise", "alternate"),
    (["rest", "accept"], "rest", "accepted rest"),
    (["redeal", "refuse"], "redeal", "only once"),
])
def test_illegal_truc_action_says_why_and_lists_the_legal_ones(moves: list[str], bad: str,
                                                               why: str) -> None:
    pack = ["7S", "7H", "8S", "8H", "9S", "9H"] + [str(c) for c in TRUC_32 if str(c) not in
                                                 ("7S", "7H", "8S", "8H", "9S", "9H")]
    s = truc.new_game(deck=pack, dealer=0, seed=1)
    for m in moves:
        s = s.apply(m)
    before = s.to_dict()
    with pytest.raises(IllegalActionError) as e:
        s.apply(bad)
    assert why in str(e.value)
    assert e.value.legal == [str(a) for a in s.legal_actions()] != []
    assert "legal actions: " in str(e.value)
    assert s.to_dict() == before


def test_unknown_truc_words() -> None:
    s = truc.new_game(seed=1)
    for bad in ("bet", "raise 4", "play", "play 7S 8S", "", "   ", "fold now"):
        with pytest.raises(IllegalActionError, match="not a Truc action|not a card"):
            s.apply(bad)
    with pytest.raises(IllegalActionError, match="nothing to"):
        s.apply(truc.Action("jump"))


def test_unknown_trufludo_words() -> None:
    s = trufludo.new_game(seed=1)
    for bad in ("throw AS", "play", "fold", "play AS with KS", "take AS", "", "play AS take"):
        with pytest.raises(IllegalActionError, match="not a Trufludo move|not a card"):
            s.apply(bad)


# -- finished games -----------------------------------------------------------------------------
@pytest.mark.parametrize("mod", MODS, ids=["trufludo", "truc"])
def test_any_action_on_a_finished_game(mod: Any) -> None:
    s = finished(mod)
    assert s.is_terminal() and s.legal_actions() == []
    pack = TRUC_32 if mod is truc else FRENCH_52
    words = ["fold", "raise", "accept", "refuse", "rest", "redeal"]
    texts = [f"play {c}" for c in pack] + (words if mod is truc else [])
    if mod is trufludo:
        texts += [f"play {a} take {b}" for a, b in zip(pack, pack[1:], strict=False)][:10]
    for t in texts:
        with pytest.raises(IllegalActionError, match="over"):
            s.apply(t)
    for a in mod.new_game(seed=1).legal_actions():
        with pytest.raises(IllegalActionError, match="over"):
            s.apply(a)


# -- invalid rules ------------------------------------------------------------------------------
@pytest.mark.parametrize(("option", "value", "allowed"), [
    ("deck", "spanish", ["'french'", "'italian'"]),
    ("deck", "French", ["'french'", "'italian'"]),
    ("deck", None, ["'french'", "'italian'"]),
    ("forced_capture", "yes", ["True", "False"]),
    ("forced_capture", 1, ["True", "False"]),
    ("forced_capture", None, ["True", "False"]),
    ("leftover", "first", ["'none'", "'last_capturer'"]),
    ("leftover", None, ["'none'", "'last_capturer'"]),
])
def test_invalid_trufludo_rules(option: str, value: Any, allowed: list[str]) -> None:
    for make in (lambda: trufludo.Rules(**{option: value}),
                 lambda: trufludo.Rules.from_dict({option: value})):
        with pytest.raises(ValueError) as e:
            make()
        msg = str(e.value)
        assert repr(option) in msg and repr(value) in msg
        assert all(a in msg for a in allowed), msg


@pytest.mark.parametrize(("option", "value"), [
    ("target", 0), ("target", 100), ("target", -12), ("target", "12"), ("target", 12.0),
    ("target", True), ("target", None),
    ("rest_refusal", "never"), ("rest_refusal", "Stake"), ("rest_refusal", None),
])
def test_invalid_truc_rules(option: str, value: Any) -> None:
    for make in (lambda: truc.Rules(**{option: value}),
                 lambda: truc.Rules.from_dict({option: value})):
        with pytest.raises(ValueError) as e:
            make()
        msg = str(e.value)
        assert repr(option) in msg and repr(value) in msg
        if option == "target":
            assert "1 to 99" in msg
        else:
            assert "'stake'" in msg and "'game'" in msg


def test_valid_rules_bounds() -> None:
    assert truc.Rules(target=1).target == 1 and truc.Rules(target=99).target == 99
    assert truc.Rules.from_dict({"rest_refusal": "game"}).rest_refusal == "game"
    r = trufludo.Rules(deck="italian", forced_capture=False, leftover="last_capturer")
    assert trufludo.Rules.from_dict(r.to_dict()) == r
    assert truc.Rules.from_dict({}) == truc.Rules()


@pytest.mark.parametrize("mod", MODS, ids=["trufludo", "truc"])
def test_unknown_rules_keys(mod: Any) -> None:
    with pytest.raises(ValueError) as e:
        mod.Rules.from_dict({"colour": "red", "speed": 3})
    msg = str(e.value)
    assert "'colour'" in msg and "'speed'" in msg and "known options are" in msg
    for field in mod.Rules().to_dict():
        assert field in msg
    with pytest.raises(ValueError, match="mapping"):
        mod.Rules.from_dict(["target"])
    with pytest.raises(TypeError):
        mod.Rules(colour="red")  # a plain dataclass: Python's own error for a bad keyword


@pytest.mark.parametrize("mod", MODS, ids=["trufludo", "truc"])
def test_new_game_argument_checks(mod: Any) -> None:
    with pytest.raises(ValueError, match="dealer"):
        mod.new_game(dealer=2)
    with pytest.raises(ValueError, match="dealer"):
        mod.new_game(dealer=True)
    with pytest.raises(ValueError, match="seed"):
        mod.new_game(seed="7")
    with pytest.raises(ValueError, match="seed"):
        mod.new_game(seed=1.5)
    with pytest.raises(ValueError, match="rules"):
        mod.new_game({"target": 12})
    other = truc if mod is trufludo else trufludo
    with pytest.raises(ValueError, match="rules"):
        mod.new_game(other.Rules())


# -- decks that are not a permutation -----------------------------------------------------------
@pytest.mark.parametrize(("mod", "rules", "pack"), [
    (trufludo, {}, FRENCH_52),
    (trufludo, {"deck": "italian"}, ITALIAN_40),
    (truc, {}, TRUC_32),
], ids=["french", "italian", "truc"])
def test_deck_not_a_permutation(mod: Any, rules: dict[str, Any], pack: tuple[Card, ...]) -> None:
    r = mod.Rules(**rules)
    full = [str(c) for c in pack]
    cases = {
        "missing": full[1:],
        "repeated": full[:-1] + [full[0]],
        "too many": full + [full[0]],
        "empty": [],
        "other pack": [str(c) for c in (ITALIAN_40 if pack is not ITALIAN_40 else FRENCH_52)],
        "junk": ["XX"] * len(full),
        "one string": " ".join(full),
    }
    for name, deck in cases.items():
        with pytest.raises(ValueError) as e:
            mod.new_game(r, deck=deck, dealer=0, seed=1)
        assert not isinstance(e.value, IllegalActionError), name
        assert str(e.value), name
    with pytest.raises(ValueError, match=f"missing {full[0]}"):
        mod.new_game(r, deck=full[1:], dealer=0, seed=1)
    with pytest.raises(ValueError, match=f"repeated {full[0]}"):
        mod.new_game(r, deck=full[:-1] + [full[0]], dealer=0, seed=1)


def test_truc_deck_with_low_cards() -> None:
    deck = [str(c) for c in TRUC_32]
    deck[5] = "2S"
    with pytest.raises(ValueError, match="'2S' is not a card of the truc pack"):
        truc.new_game(deck=deck, dealer=0, seed=1)


# -- tampered state dicts -----------------------------------------------------------------------
def samples() -> list[Any]:
    out = []
    for mod in MODS:
        out += [mod.new_game(seed=2), midgame(mod), finished(mod)]
    out.append(midgame(trufludo, deck="italian", leftover="last_capturer"))
    out.append(midgame(truc, target=5, rest_refusal="game", steps=3))
    return out


SAMPLES = samples()
IDS = [f"{type(s).__module__.split('.')[-1]}-{i}" for i, s in enumerate(SAMPLES)]


def load(s: Any, d: Any) -> Any:
    return type(s).from_dict(d)


@pytest.mark.parametrize("s", SAMPLES, ids=IDS)
def test_from_dict_round_trip(s: Any) -> None:
    d = json.loads(json.dumps(s.to_dict()))
    assert load(s, d) == s
    assert load(s, d).to_dict() == s.to_dict()


@pytest.mark.parametrize("s", SAMPLES, ids=IDS)
def test_from_dict_missing_keys(s: Any) -> None:
    d = s.to_dict()
    required = ["rules", "dealer", "hands", "stock", "history"]
    required += ["table", "piles", "trufegoj"] if isinstance(s, trufludo.State) else [
        "scores", "discards", "stake", "rest", "redeal_used", "leader", "tricks", "round",
        "round_start", "next_seed"]
    for key in required:
        e = copy.deepcopy(d)
        del e[key]
        with pytest.raises(StateError, match=repr(key)):
            load(s, e)
    e = copy.deepcopy(d)
    del e["game"]
    with pytest.raises(StateError, match="'game'"):
        load(s, e)


@pytest.mark.parametrize("s", SAMPLES, ids=IDS)
def test_from_dict_wrong_game_and_version(s: Any) -> None:
    d = s.to_dict()
    other = "truc" if isinstance(s, trufludo.State) else "trufludo"
    for game in (other, "chess", None, 5):
        with pytest.raises(StateError, match="'game'"):
            load(s, {**d, "game": game})
    for fmt in (2, 0, "1", None, 99):
        with pytest.raises(StateError, match="format"):
            load(s, {**d, "format": fmt})
    # the other module refuses it too
    mod = truc if isinstance(s, trufludo.State) else trufludo
    with pytest.raises(StateError, match="expected"):
        mod.State.from_dict(d)


@pytest.mark.parametrize("bad", [None, [], "state", 5, [("game", "truc")]])
def test_from_dict_not_a_mapping(bad: Any) -> None:
    for mod in MODS:
        with pytest.raises(StateError, match="JSON object"):
            mod.State.from_dict(bad)


def _places(s: Any) -> list[tuple[str, int | None]]:
    """(key, index) of every card list in the state dict."""
    if isinstance(s, trufludo.State):
        return [("hands", 0), ("hands", 1), ("stock", None), ("table", None), ("piles", 0),
                ("piles", 1)]
    return [("hands", 0), ("hands", 1), ("stock", None), ("discards", 0), ("discards", 1)]


def _cards_at(d: dict[str, Any], place: tuple[str, int | None]) -> list[str]:
    key, i = place
    v = d[key]
    return v if i is None else v[i]  # type: ignore[no-any-return]


@pytest.mark.parametrize("s", SAMPLES, ids=IDS)
def test_from_dict_duplicated_card(s: Any) -> None:
    d = s.to_dict()
    places = [p for p in _places(s) if _cards_at(d, p)]
    for src in places:
        for dst in _places(s):
            e = copy.deepcopy(d)
            _cards_at(e, dst).append(_cards_at(e, src)[0])  # one card in two places
            with pytest.raises(StateError, match="each card once"):
                load(s, e)


@pytest.mark.parametrize("s", SAMPLES, ids=IDS)
def test_from_dict_card_lost_or_replaced(s: Any) -> None:
    d = s.to_dict()
    for place in _places(s):
        cards = _cards_at(d, place)
        if not cards:
            continue
        e = copy.deepcopy(d)
        del _cards_at(e, place)[0]  # a card vanished
        with pytest.raises(StateError):
            load(s, e)
        e = copy.deepcopy(d)
        lst = _cards_at(e, place)
        others = [c for p in _places(s) if p != place for c in _cards_at(e, p)]
        if others:
            lst[0] = others[0]  # a card swapped in from elsewhere: one twice, one missing
            with pytest.raises(StateError, match="each card once"):
                load(s, e)
        e = copy.deepcopy(d)
        _cards_at(e, place)[0] = "ZZ"
        with pytest.raises(StateError, match="ZZ"):
            load(s, e)


def test_from_dict_card_of_another_pack() -> None:
    s = trufludo.new_game(seed=2)
    d: dict[str, Any] = s.to_dict()
    d["stock"][0] = "RB"
    with pytest.raises(StateError, match="french"):
        trufludo.State.from_dict(d)
    t = truc.new_game(seed=2)
    e: dict[str, Any] = t.to_dict()
    e["stock"][0] = "2S"
    with pytest.raises(StateError, match="truc"):
        truc.State.from_dict(e)


JUNK: list[Any] = [None, 5, -1, 2, "x", "", [], {}, [1], [[]], [["ZZ"]], True, 1.5,
                   [[], [], []], {"a": 1}, [None, None], [[1], [2]], "0", 10**30]


@pytest.mark.parametrize("s", SAMPLES, ids=IDS)
def test_from_dict_wrong_types_never_crash(s: Any) -> None:
    """Any value in any key: a StateError, or a state that works, never another exception."""
    d = json.loads(json.dumps(s.to_dict()))
    for key in d:
        for junk in JUNK:
            e = copy.deepcopy(d)
            e[key] = junk
            try:
                t = load(s, e)
            except StateError as err:
                assert str(err).startswith(("trufludo state", "truc state"))
                continue
            # accepted: a harmless value (a seed, an empty history ...) -> a working state
            assert type(t).from_dict(json.loads(json.dumps(t.to_dict()))) == t
            t.legal_actions()
            t.observation(0)


@pytest.mark.parametrize("s", SAMPLES, ids=IDS)
def test_from_dict_nested_junk_never_crashes(s: Any) -> None:
    d = json.loads(json.dumps(s.to_dict()))
    for key, value in d.items():
        if not isinstance(value, list | dict) or not value:
            continue
        inner = list(value) if isinstance(value, dict) else list(range(min(len(value), 3)))
        for k in inner:
            for junk in JUNK:
                e = copy.deepcopy(d)
                e[key][k] = junk
                try:
                    t = load(s, e)
                except StateError:
                    continue
                assert type(t).from_dict(json.loads(json.dumps(t.to_dict()))) == t


@pytest.mark.parametrize(("key", "value", "why"), [
    ("to_move", True, "to_move"),
    ("to_move", "0", "to_move"),
    ("to_move", 2, "to_move"),
    ("dealer", False, "dealer"),
    ("dealer", 1.0, "dealer"),
    ("last_capturer", True, "last_capturer"),
    ("last_capturer", 3, "last_capturer"),
    ("seed", "7", "seed"),
    ("scores", [0, 99], "scores"),
    ("scores", 5, "scores"),
    ("hands", "AS KS", "hands"),
    ("hands", [["AS"]], "hands"),
    ("stock", {"AS": 1}, "stock"),
    ("history", ["play"], "history"),
    ("history", "play AS", "history"),
    ("rules", {"deck": "spanish"}, "deck"),
    ("rules", {"players": 4}, "players"),
    ("deck", 5, "int"),
    ("deck", ["AS"], "permutation"),
])
def test_trufludo_from_dict_specific_messages(key: str, value: Any, why: str) -> None:
    d = midgame(trufludo).to_dict()
    d[key] = value
    with pytest.raises(StateError, match=why):
        trufludo.State.from_dict(d)


def test_trufludo_from_dict_consistency() -> None:
    s = midgame(trufludo)
    d = s.to_dict()
    p = s.current_player
    e = copy.deepcopy(d)  # a trufego that is not in the pile
    e["trufegoj"][p] = [e["hands"][0][0]]
    e.pop("scores")
    with pytest.raises(StateError, match="trufego"):
        trufludo.State.from_dict(e)
    e = copy.deepcopy(d)  # the same trufego twice (it would count four)
    if e["piles"][0]:
        e["trufegoj"][0] = [e["piles"][0][0]] * 2
        e.pop("scores")
        with pytest.raises(StateError, match="trufego"):
            trufludo.State.from_dict(e)
    e = copy.deepcopy(d)  # over, with cards left to play
    e["to_move"] = None
    with pytest.raises(StateError, match="to_move"):
        trufludo.State.from_dict(e)
    e = copy.deepcopy(d)  # the player to move holds nothing
    e["stock"] += e["hands"][p]
    e["hands"][p] = []
    with pytest.raises(StateError, match="no card"):
        trufludo.State.from_dict(e)
    f = finished(trufludo).to_dict()
    f["to_move"] = 0
    with pytest.raises(StateError, match="to_move"):
        trufludo.State.from_dict(f)


@pytest.mark.parametrize(("key", "value", "why"), [
    ("to_move", True, "to_move"),
    ("to_move", 2, "to_move"),
    ("dealer", 2, "dealer"),
    ("first_dealer", True, "first_dealer"),
    ("leader", None, "leader"),
    ("scores", [1, -1], "scores"),
    ("scores", [1, 2, 3], "scores"),
    ("scores", ["1", 0], "scores"),
    ("scores", [12, 0], "to_move"),
    ("stake", 3, "stake"),
    ("stake", 0, "stake"),
    ("stake", "2", "stake"),
    ("rest", 1, "rest"),
    ("pending", "double", "pending"),
    ("trick_card", "2S", "2S"),
    ("tricks", [{"leader": 0}], "truc state"),
    ("tricks", [{"leader": 3, "cards": ["7S", "8S"], "winner": 0}], "leader"),
    ("tricks", "none", "tricks"),
    ("round", 0, "round"),
    ("round_start", 10**6, "round"),
    ("next_seed", "x", "next_seed"),
    ("last_round", {"round": 1}, "truc state"),
    ("history", ["bet"], "bet"),
    ("rules", {"target": 0}, "target"),
    ("deck", "7S", "deck"),
])
def test_truc_from_dict_specific_messages(key: str, value: Any, why: str) -> None:
    d = midgame(truc, steps=2).to_dict()
    d[key] = value
    with pytest.raises(StateError, match=why):
        truc.State.from_dict(d)


def test_truc_from_dict_a_finished_match_must_be_over() -> None:
    d = finished(truc).to_dict()
    d["to_move"] = 0
    with pytest.raises(StateError, match="to_move"):
        truc.State.from_dict(d)


# -- game records -------------------------------------------------------------------------------
@pytest.mark.parametrize(("mod", "rules"), [
    (trufludo, {}),
    (trufludo, {"deck": "italian", "forced_capture": False, "leftover": "last_capturer"}),
    (truc, {}),
    (truc, {"target": 5, "rest_refusal": "game"}),
])
def test_record_round_trip_of_finished_games(mod: Any, rules: dict[str, Any]) -> None:
    for seed in range(3):
        s = finished(mod, seed=seed, **rules)
        rec = GameRecord.from_state(s, white="me", date="today")
        text = rec.to_json()
        back = GameRecord.from_json(text)
        assert back == rec
        assert back.replay() == s
        states = list(back.states())
        assert len(states) == len(s.history) + 1 and states[-1] == s
        # a record without chained deals stays version 1: every older app reads it
        assert json.loads(text)["format"] == FORMAT and json.loads(text)["version"] == 1


def test_record_round_trip_with_explicit_decks() -> None:
    pack = [str(c) for c in ITALIAN_40]
    random.Random(3).shuffle(pack)
    s = trufludo.new_game(trufludo.Rules(deck="italian"), deck=pack, dealer=1, seed=4)
    while not s.is_terminal():
        s = s.apply(s.legal_actions()[0])
    assert GameRecord.from_json(GameRecord.from_state(s).to_json()).replay() == s
    tpack = [str(c) for c in TRUC_32][::-1]
    t = truc.new_game(truc.Rules(target=3), deck=tpack, dealer=0, seed=9)
    while not t.is_terminal():
        t = t.apply(t.legal_actions()[0])
    assert GameRecord.from_json(GameRecord.from_state(t).to_json()).replay() == t


def test_record_of_a_determinized_state_is_refused() -> None:
    s = midgame(truc).determinize(0, random.Random(1))
    with pytest.raises(RecordError, match="determinized"):
        GameRecord.from_state(s)


@pytest.mark.parametrize("text", [
    "", "garbage", "{", "[1, 2", '{"format": "truf-tui-record", "version": 1,',
    "null", "[]", '"record"', "42", "\x00\x01", b"\xff\xfe\xfd",
    pytest.param("[" * 100_000, id="deeply-nested"),
])
def test_record_garbage(text: str | bytes) -> None:
    with pytest.raises(RecordError):
        GameRecord.from_json(text)


def test_record_truncated() -> None:
    text = GameRecord.from_state(finished(truc)).to_json()
    for cut in (1, len(text) // 3, len(text) // 2, len(text) - 2):
        with pytest.raises(RecordError, match="JSON"):
            GameRecord.from_json(text[:cut])


def _record_dict(mod: Any = truc) -> dict[str, Any]:
    return GameRecord.from_state(finished(mod)).to_dict()


@pytest.mark.parametrize(("change", "why"), [
    ({"format": "other"}, "not a truf-tui game record"),
    ({"format": None}, "not a truf-tui game record"),
    ({"version": VERSION + 1}, "newer app"),
    ({"version": 99}, "not supported"),
    ({"version": 0}, "not supported"),
    ({"version": "1"}, "not supported"),
    ({"game": "chess"}, "unknown game"),
    ({"rules": "default"}, "rules"),
    ({"rules": {"target": 0}}, "target"),
    ({"rules": {"unknown": 1}}, "unknown"),
    ({"dealer": 2}, "dealer"),
    ({"dealer": True}, "dealer"),
    ({"seed": "7"}, "seed"),
    ({"seed": None, "deck": None}, "seed"),
    ({"deck": "7S 8S"}, "deck"),
    ({"deck": [1, 2]}, "deck"),
    ({"deck": ["7S"] * 32}, "permutation"),
    ({"moves": "fold"}, "moves"),
    ({"moves": [1]}, "moves"),
    ({"meta": []}, "meta"),
])
def test_record_bad_fields(change: dict[str, Any], why: str) -> None:
    d = {**_record_dict(), **change}
    with pytest.raises(RecordError, match=why):
        GameRecord.from_json(json.dumps(d)).replay()


@pytest.mark.parametrize("mod", MODS, ids=["trufludo", "truc"])
def test_record_illegal_move_names_the_move(mod: Any) -> None:
    d = _record_dict(mod)
    n = min(5, len(d["moves"]))
    good = list(d["moves"])
    for bad in ("play XX", "jump", "play " + ("7S" if mod is truc else "AS") + " take KS"):
        d["moves"] = good[: n - 1] + [bad] + good[n:]
        rec = GameRecord.from_json(json.dumps(d))
        with pytest.raises(RecordError) as e:
            rec.replay()
        assert f"move {n} " in str(e.value) and repr(bad) in str(e.value)
        states = rec.states()
        for _ in range(n):  # the moves before it replay fine
            next(states)
        with pytest.raises(RecordError, match=f"move {n} "):
            next(states)


@pytest.mark.parametrize("mod", MODS, ids=["trufludo", "truc"])
def test_record_move_after_the_end(mod: Any) -> None:
    d = _record_dict(mod)
    n = len(d["moves"]) + 1
    d["moves"].append(d["moves"][-1])
    with pytest.raises(RecordError, match=f"move {n} .*over"):
        GameRecord.from_json(json.dumps(d)).replay()


def test_record_move_of_the_wrong_player_card() -> None:
    s = truc.new_game(seed=4, dealer=0)
    other = str(s.hands[0][0])  # the dealer's card; the non-dealer is to move
    rec = GameRecord("truc", truc.Rules().to_dict(), 0, seed=4, moves=(f"play {other}",))
    with pytest.raises(RecordError, match="move 1 .*not in your hand"):
        rec.replay()
