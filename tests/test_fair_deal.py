"""The fair deal in the engines and the records: every shuffle from agreed seeds (Le Truc:
each round's deal, T2; Trufludo: the one shuffle, F2), kept in the state and the record,
replayed and verified (docs/fair-deal.md)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from truf_tui import cli
from truf_tui.engine import deals, truc, trufludo
from truf_tui.engine.common import StateError, replayed
from truf_tui.engine.deals import DealError, DealProof
from truf_tui.engine.record import GameRecord, RecordError


def proof_from(rng: random.Random) -> DealProof:
    """A revealed proof, both seeds drawn from ``rng`` (reproducible tests)."""
    return DealProof.of(rng.randbytes(deals.SEED_BYTES), rng.randbytes(deals.SEED_BYTES))


def fair_match(rng: random.Random, *, rules: truc.Rules | None = None,
               moves: int | None = None) -> truc.State:
    """A Truc match played at random, each round's seed agreed before the move that deals
    it, as the protocol says: the first with ``new_game``, the next ones with ``with_deal``."""
    s = truc.new_game(rules or truc.Rules(), deals=(proof_from(rng),))
    n = 0
    while not s.is_terminal() and (moves is None or n < moves):
        a = rng.choice([a for a in s.legal_actions() if a != truc.REST] or s.legal_actions())
        if s.shuffles_on(a):
            s = s.with_deal(proof_from(rng))
        s = s.apply(a)
        n += 1
    return s


def chained_folds(rng: random.Random) -> truc.State:
    """A Truc match to 3 in which every round ends in a fold before any card is played
    (no move shows its cards), dealt with chained proofs (format 2) as the app and the
    host deal: each commitment names the deal before it."""
    def proof(chain: str) -> DealProof:
        return DealProof.of(rng.randbytes(deals.SEED_BYTES), rng.randbytes(deals.SEED_BYTES),
                            chain)

    s = truc.new_game(truc.Rules(target=3), deals=(proof(deals.CHAIN_START),))
    while not s.is_terminal():
        if s.shuffles_on("fold"):
            s = s.with_deal(proof(s.deals[-1].chain_after()))
        s = s.apply("fold")
    return s


def fair_trufludo(rng: random.Random) -> trufludo.State:
    s = trufludo.new_game(deals=(proof_from(rng),))
    while not s.is_terminal():
        a = rng.choice(s.legal_actions())
        assert not s.shuffles_on(a)  # F3: later deals take the stock in order
        s = s.apply(a)
    return s


# -- the engines -------------------------------------------------------------------------------
def test_each_truc_round_is_shuffled_from_its_agreed_seed() -> None:
    rng = random.Random(4)
    s = fair_match(rng)
    assert s.round_no >= 3 and len(s.deals) == s.round_no == s.shuffles()
    # Round 1 is the match's seed's (new_game); round k's pack is shuffled from its seed.
    assert s.seed == s.deals[0].seed()
    starts = _round_starts(s)
    for k, proof in enumerate(s.deals[1:], start=2):
        alone = truc._deal_round(truc.Rules(), 0, (0, 0), k, proof.seed(), (), None, None,
                                 None, 0, (0, 0), ())
        start = starts[k - 1]
        assert start.round_no == k
        assert start.hands[1 - start.dealer] == alone.hands[1]  # the non-dealer's, first
        assert start.hands[start.dealer] == alone.hands[0] and start.stock == alone.stock


def _round_starts(s: truc.State) -> list[truc.State]:
    out, t = [s.initial()], s.initial()
    for a in s.history:
        nxt = t.apply(a)
        if nxt.round_no != t.round_no:
            out.append(nxt)
        t = nxt
    return out


def test_another_seed_for_a_round_deals_other_cards() -> None:
    rng = random.Random(5)
    s = fair_match(rng, moves=40)
    assert s.round_no >= 2
    other = DealProof.of(b"\x01" * 32, b"\x02" * 32)
    start = truc.new_game(deals=s.deals[:1])
    a, b = start, start
    for act in s.history[: s.round_start]:
        if a.shuffles_on(act):
            a, b = a.with_deal(s.deals[1]), b.with_deal(other)
        a, b = a.apply(act), b.apply(act)
        if a.round_no == 2:
            break
    assert a.hands != b.hands


def test_with_deal_needs_every_earlier_proof_and_a_revealed_one() -> None:
    rng = random.Random(6)
    plain = truc.new_game(seed=3)
    with pytest.raises(ValueError, match="needs the proofs of the rounds before it"):
        plain.with_deal(proof_from(rng))
    s = truc.new_game(deals=(proof_from(rng),))
    agreed = DealProof.agreed(deals.commitment(b"\x03" * 32), b"\x04" * 32)
    with pytest.raises(DealError, match="deal 2: the host's seed is not revealed"):
        s.with_deal(agreed)
    with pytest.raises(DealError, match="deal 2: the host's seed does not agree"):
        s.with_deal(agreed.revealed(b"\x05" * 32))
    twice = s.with_deal(proof_from(rng))
    with pytest.raises(ValueError, match="needs the proofs"):
        twice.with_deal(proof_from(rng))  # round 2's is agreed already


def test_new_game_checks_its_proofs() -> None:
    p = DealProof.of(b"\x01" * 32, b"\x02" * 32)
    assert truc.new_game(seed=p.seed(), deals=(p,)) == truc.new_game(deals=(p,))
    with pytest.raises(DealError, match="deal 1: the game's seed"):
        truc.new_game(seed=p.seed() + 1, deals=(p,))
    with pytest.raises(ValueError, match="given pack"):
        trufludo.new_game(deck=trufludo.new_game(seed=1).to_dict()["stock"], deals=(p,))
    with pytest.raises(ValueError, match="one deal proof at most"):
        trufludo.new_game(deals=(p, p))
    bad = DealProof(p.commitment, p.guest_seed, "00" * 32)
    with pytest.raises(DealError, match="deal 1: the host's seed does not agree"):
        trufludo.new_game(deals=(bad,))


def test_a_proof_agreed_ahead_of_the_match_s_last_move_stays_unused() -> None:
    s = fair_match(random.Random(13), moves=None)
    last = truc.new_game(deals=s.deals)
    for a in s.history[:-1]:
        last = last.apply(a)
    ahead = last.with_deal(proof_from(random.Random(3)))  # agreed before the last move
    end = ahead.apply(s.history[-1])
    assert end.is_terminal() and end.deals[:-1] == s.deals and end.hands == s.hands
    assert GameRecord.from_state(end).verify() == end


def test_a_fair_state_replays_round_trips_and_hides_its_seeds() -> None:
    for s in (fair_match(random.Random(7)), fair_trufludo(random.Random(7))):
        assert replayed(s.initial(), s.history) == s
        assert type(s).from_dict(json.loads(json.dumps(s.to_dict()))) == s
        for p in (0, 1):  # the host's seeds are no one's observation
            assert "host_seed" not in json.dumps(s.observation(p))
            assert s.determinize(p, random.Random(1)).deals == ()


def test_a_state_dict_with_a_tampered_proof_is_refused() -> None:
    s = fair_match(random.Random(8), moves=30)
    d = s.to_dict()
    d["deals"][0]["host_seed"] = "00" * 32
    with pytest.raises(StateError, match="deal 1"):
        truc.State.from_dict(d)
    d = s.to_dict()
    d["deals"].append(proof_from(random.Random(1)).to_dict())
    d["deals"].append(proof_from(random.Random(2)).to_dict())
    with pytest.raises(StateError, match="do not fit"):
        truc.State.from_dict(d)


# -- the records -------------------------------------------------------------------------------
def test_a_record_carries_the_proofs_and_round_trips_them() -> None:
    s = fair_match(random.Random(9))
    rec = GameRecord.from_state(s, tier="hard")
    assert rec.deals == s.deals and len(rec.deals) >= 3
    back = GameRecord.from_json(rec.to_json())
    assert back == rec and back.replay() == s
    assert back.verify() == s
    assert [DealProof.from_dict(x) for x in json.loads(rec.to_json())["deals"]] == list(s.deals)


def test_a_record_without_proofs_is_as_before() -> None:
    s = truc.replay(truc.Rules(), ["fold"] * 3, seed=11)
    rec = GameRecord.from_state(s)
    assert "deals" not in rec.to_dict() and rec.deals == ()
    assert GameRecord.from_dict(rec.to_dict()).replay() == s
    with pytest.raises(DealError, match="deal 1 has no proof"):
        rec.verify()


def test_a_guest_s_record_needs_no_seed_of_its_own() -> None:
    s = fair_match(random.Random(10))
    d = GameRecord.from_state(s).to_dict()
    d["seed"] = None  # the guest learns it from the first proof
    rec = GameRecord.from_dict(d)
    assert rec.seed == s.seed and rec.verify() == s


def test_verify_names_the_first_bad_deal() -> None:
    s = fair_match(random.Random(12))
    assert len(s.deals) >= 3
    good = GameRecord.from_state(s)

    def altered(k: int, key: str, value: Any) -> GameRecord:
        d = good.to_dict()
        d["deals"][k - 1][key] = value
        return GameRecord.from_dict(d)

    with pytest.raises(DealError, match="^deal 2: the host's seed does not agree"):
        altered(2, "host_seed", "ab" * 32).verify()
    with pytest.raises(DealError, match="^deal 3: move .* does not fit the cards"):
        altered(3, "guest_seed", "cd" * 32).verify()
    with pytest.raises(DealError, match="^deal 1: the record's seed"):
        GameRecord.from_dict({**good.to_dict(), "seed": good.seed + 1}).verify()  # type: ignore[operator]
    fewer = GameRecord.from_dict({**good.to_dict(), "deals": good.to_dict()["deals"][:2]})
    with pytest.raises(DealError, match="^deal 3 has no proof"):
        fewer.verify()
    more = good.with_deal(proof_from(random.Random(1))).with_deal(proof_from(random.Random(2)))
    with pytest.raises(DealError, match=f"^deal {len(s.deals) + 1} was agreed but never"):
        more.verify()
    in_play = GameRecord.from_state(fair_match(random.Random(12), moves=len(s.history) - 1))
    ahead = in_play.with_deal(proof_from(random.Random(1)))
    assert ahead.verify() == ahead.replay()  # the next round's, agreed ahead: fine
    with pytest.raises(DealError, match="was agreed but never"):
        ahead.with_deal(proof_from(random.Random(2))).verify()
    with pytest.raises(RecordError, match="deal 2"):
        altered(2, "host_seed", "ab" * 32).replay()  # nor does it replay


def test_verify_binds_the_guest_seed_of_every_round_one_with_no_card_too() -> None:
    """Every round folded before its first card: no move shows the cards, so only the
    chain (each commitment names the deal before it) and the seal (after the last) bind
    the guest's seeds.  Format 1 proofs, without them, could not tell."""
    s = chained_folds(random.Random(5))
    good = GameRecord.from_state(s)
    assert len(good.deals) == s.round_no >= 3 and good.to_dict()["version"] == 2
    assert GameRecord.from_json(good.to_json()).verify() == s

    def altered(record: GameRecord, k: int, value: str = "cd" * 32) -> GameRecord:
        d = record.to_dict()
        d["deals"][k - 1]["guest_seed"] = value
        d["seed"] = None  # as a guest keeps it (deal 1's seed would give it away else)
        return GameRecord.from_dict(d)

    last = len(good.deals)
    for k in range(1, last):
        with pytest.raises(DealError, match=f"^deal {k}: its guest seed is not the one "
                                            f"deal {k + 1}'s commitment names"):
            altered(good, k).verify()
    with pytest.raises(DealError, match=f"^deal {last}: the record's seal does not agree"):
        altered(good, last).verify()
    d = good.to_dict()
    del d["seal"]
    with pytest.raises(RecordError, match="'seal' is missing"):
        GameRecord.from_dict(d)
    d = good.to_dict()
    d["deals"][1]["chain"] = deals.CHAIN_START  # a chain cut: its commitment fails first
    with pytest.raises(DealError, match="^deal 2: the host's seed does not agree"):
        GameRecord.from_dict(d).verify()

    # The same game dealt with format 1 proofs (older records) still verifies, and so does
    # its altered copy: what format 1 cannot catch.
    old = GameRecord.from_state(s)
    old = GameRecord(old.game, old.rules, old.dealer, None, None, old.moves, {}, old.scores,
                     tuple(DealProof.of(bytes.fromhex(p.host_seed or ""),
                                        bytes.fromhex(p.guest_seed)) for p in s.deals))
    assert old.to_dict()["version"] == 1 and "seal" not in old.to_dict()
    assert old.verify().scores() == s.scores()
    altered(old, 1).verify()
    altered(old, last).verify()


def test_chains_are_not_mixed_with_format_1() -> None:
    s = chained_folds(random.Random(6))
    d = GameRecord.from_state(s).to_dict()
    first = DealProof.from_dict(d["deals"][0])
    d["deals"][0] = DealProof.of(bytes.fromhex(first.host_seed or ""),
                                 bytes.fromhex(first.guest_seed)).to_dict()
    d["seed"] = None
    with pytest.raises(DealError, match="no chain"):
        GameRecord.from_dict(d).verify()


def test_with_deal_reveals_the_last_proof_in_place() -> None:
    p = DealProof.of(b"\x07" * 32, b"\x08" * 32)
    rec = GameRecord("trufludo", trufludo.Rules().to_dict(), 0, None, None, (), {}, (0, 0),
                     (DealProof(p.commitment, p.guest_seed),))
    assert rec.with_deal(p).deals == (p,)


# -- a property: random legal games with proofs replay and verify -----------------------------
_QUIET = [HealthCheck.too_slow]


@settings(max_examples=40, deadline=None, suppress_health_check=_QUIET)
@given(seed=st.integers(0, 2**32), target=st.sampled_from([1, 3, 12]),
       refusal=st.sampled_from(["stake", "game"]))
def test_random_fair_truc_matches_replay_and_verify(seed: int, target: int,
                                                    refusal: str) -> None:
    rules = truc.Rules(target=target, rest_refusal=refusal)  # type: ignore[arg-type]
    s = fair_match(random.Random(seed), rules=rules)
    rec = GameRecord.from_json(GameRecord.from_state(s).to_json())
    assert rec.replay() == s and rec.verify() == s
    assert len(rec.deals) == s.round_no


@settings(max_examples=15, deadline=None, suppress_health_check=_QUIET)
@given(seed=st.integers(0, 2**32))
def test_random_fair_trufludo_games_replay_and_verify(seed: int) -> None:
    s = fair_trufludo(random.Random(seed))
    rec = GameRecord.from_json(GameRecord.from_state(s).to_json())
    assert rec.replay() == s and rec.verify() == s and len(rec.deals) == 1


# -- truf-tui verify RECORD (NETWORK.md) -------------------------------------------------------
def test_verify_passes_a_good_record_and_names_the_deal_of_an_altered_seed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = fair_match(random.Random(12))
    good = GameRecord.from_state(s)
    path = tmp_path / "good.json"
    path.write_text(good.to_json())
    assert cli.main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "every deal verified" in out and f"{len(s.deals)} deals of truc" in out
    assert "older fair deal (format 1)" in out  # said plainly: a weaker binding

    chained = GameRecord.from_state(chained_folds(random.Random(7)))
    path.write_text(chained.to_json())
    assert cli.main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "every deal verified" in out and "format 1" not in out
    d = chained.to_dict()
    d["deals"][0]["guest_seed"] = "cd" * 32  # round 1 was folded: no card shows it
    d["seed"] = None
    path.write_text(json.dumps(d))
    assert cli.main(["verify", str(path)]) == 1
    assert "NOT VERIFIED: deal 1: its guest seed" in capsys.readouterr().err

    d = good.to_dict()
    d["deals"][2]["guest_seed"] = "cd" * 32  # deal 3 shuffled from another seed
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(d))
    assert cli.main(["verify", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "NOT VERIFIED: deal 3:" in err and "does not fit the cards" in err

    d = good.to_dict()
    d["deals"][1]["host_seed"] = "ab" * 32  # a reveal that is not what was committed to
    bad.write_text(json.dumps(d))
    assert cli.main(["verify", str(bad)]) == 1
    assert "deal 2: the host's seed does not agree with its commitment" in capsys.readouterr().err


def test_verify_says_plainly_what_it_cannot_check(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "none.json"
    assert cli.main(["verify", str(missing)]) == 1
    assert "does not exist" in capsys.readouterr().err
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    assert cli.main(["verify", str(junk)]) == 1
    assert "cannot be opened" in capsys.readouterr().err
    old = tmp_path / "old.json"  # a record kept before the fair deal: nothing to check
    old.write_text(GameRecord.from_state(truc.replay(truc.Rules(), ["fold"], seed=3)).to_json())
    assert cli.main(["verify", str(old)]) == 1
    assert "deal 1 has no proof" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        cli.main(["verify"])
    assert e.value.code == 2
    with pytest.raises(SystemExit) as e:
        cli.main(["--export", str(old), "verify", str(old)])
    assert e.value.code == 2


def test_a_game_saved_by_an_older_app_goes_on_unchained_and_verifies() -> None:
    """A Le Truc match saved with format 1 proofs is dealt on with format 1 (a chain cannot
    start mid-match); its record still verifies."""
    from truf_tui.play.dealer import agreed_ahead, play_move

    s = agreed_ahead(truc.new_game(truc.Rules(target=3), deals=(proof_from(random.Random(3)),)))
    assert [p.chain for p in s.deals] == [None, None]
    while not s.is_terminal():
        s = play_move(s, "fold")
    assert all(p.chain is None for p in s.deals) and s.round_no >= 3
    assert GameRecord.from_json(GameRecord.from_state(s).to_json()).verify() == s
