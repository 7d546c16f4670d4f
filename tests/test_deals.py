"""The fair deal's protocol (engine/deals.py, docs/fair-deal.md): commit, exchange, reveal."""

from __future__ import annotations

import hashlib

import pytest

from truf_tui.engine import deals
from truf_tui.engine.deals import DealError, DealProof


def seeds(n: int) -> bytes:
    return bytes([n]) * deals.SEED_BYTES


def test_a_new_seed_is_fresh_and_of_its_length() -> None:
    a, b = deals.new_seed(), deals.new_seed()
    assert len(a) == len(b) == deals.SEED_BYTES == 32
    assert a != b


def test_the_commitment_binds_the_seed_and_is_domain_separated() -> None:
    c = deals.commitment(seeds(1))
    assert c == deals.commitment(seeds(1)) and len(c) == 64 and c == c.lower()
    assert c != deals.commitment(seeds(2))
    # Not the plain hash of the seed: a commitment is nothing else's hash.
    assert c != hashlib.sha256(seeds(1)).hexdigest()
    with pytest.raises(DealError, match="32 bytes"):
        deals.commitment(b"short")


def test_the_shuffle_seed_needs_both_halves() -> None:
    s = deals.shuffle_seed(seeds(1), seeds(2))
    assert s == deals.shuffle_seed(seeds(1), seeds(2))
    assert 0 <= s < 2 ** deals.SEED_BITS
    # Each side changes it alone: neither can fix it without the other's seed.
    assert s != deals.shuffle_seed(seeds(3), seeds(2))
    assert s != deals.shuffle_seed(seeds(1), seeds(3))
    assert s != deals.shuffle_seed(seeds(2), seeds(1))  # the roles are not interchangeable
    with pytest.raises(DealError, match="guest seed"):
        deals.shuffle_seed(seeds(1), b"")


def test_a_revealed_proof_verifies_and_gives_the_agreed_seed() -> None:
    host, guest = deals.new_seed(), deals.new_seed()
    agreed = DealProof.agreed(deals.commitment(host), guest)
    assert agreed.host_seed is None and not agreed.is_revealed and not agreed.verified()
    with pytest.raises(DealError, match="not revealed"):
        agreed.seed()
    proof = agreed.revealed(host)
    assert proof.verified() and proof == DealProof.of(host, guest)
    assert proof.seed() == deals.shuffle_seed(host, guest)


def test_a_wrong_reveal_is_detected() -> None:
    host, guest = seeds(1), seeds(2)
    proof = DealProof.agreed(deals.commitment(host), guest).revealed(seeds(9))
    assert not proof.verified()
    with pytest.raises(DealError, match="does not agree with its commitment"):
        proof.seed()
    with pytest.raises(DealError, match="deal 2: the host's seed does not agree"):
        deals.check_deals([DealProof.of(host, guest), proof])


def test_an_altered_guest_seed_changes_the_shuffle_and_is_detected() -> None:
    proof = DealProof.of(seeds(1), seeds(2))
    altered = DealProof(proof.commitment, seeds(3).hex(), proof.host_seed)
    assert altered.verified()  # the commitment binds the host's seed only ...
    assert altered.seed() != proof.seed()  # ... so another guest seed is another shuffle,
    deals.check_deals([proof], [proof.seed()])
    with pytest.raises(DealError, match="deal 1: the cards were not shuffled from its seeds"):
        deals.check_deals([altered], [proof.seed()])  # which the deal dealt shows


def test_proofs_round_trip_and_malformed_ones_are_refused() -> None:
    for proof in (DealProof.of(seeds(1), seeds(2)),
                  DealProof.agreed(deals.commitment(seeds(1)), seeds(2))):
        assert DealProof.from_dict(proof.to_dict()) == proof
    good = DealProof.of(seeds(0xAB), seeds(2)).to_dict()  # hex with letters: case matters
    bad: list[object] = [
        [], {**good, "commitment": "x" * 64}, {**good, "guest_seed": str(good["guest_seed"])[:-2]},
        {**good, "host_seed": str(good["host_seed"]).upper()}, {**good, "extra": 1},
        {"commitment": good["commitment"]}, {**good, "host_seed": 5},
    ]
    for d in bad:
        with pytest.raises(DealError):
            DealProof.from_dict(d)  # type: ignore[arg-type]


def test_a_chained_commitment_names_the_deal_before_it() -> None:
    """Format 2: the commitment binds the host's seed and the link after the deal before
    it (that deal's commitment and guest seed), so the host echoes the guest's seed."""
    first = DealProof.of(seeds(1), seeds(2), deals.CHAIN_START)
    link = first.chain_after()
    assert link == deals.chain_after(first.commitment, first.guest_seed) != deals.CHAIN_START
    assert link != DealProof.of(seeds(1), seeds(3), deals.CHAIN_START).chain_after()
    second = DealProof.of(seeds(4), seeds(5), link)
    assert second.verified() and second.commitment == deals.commitment(seeds(4), link)
    assert second.commitment != deals.commitment(seeds(4))  # never format 1's
    # Another link: the same host seed no longer matches the commitment.
    moved = DealProof(second.commitment, second.guest_seed, second.host_seed,
                      DealProof.of(seeds(1), seeds(3), deals.CHAIN_START).chain_after())
    assert not moved.verified()
    assert DealProof.from_dict(second.to_dict()) == second
    assert "chain" not in DealProof.of(seeds(1), seeds(2)).to_dict()  # format 1 as it was
    with pytest.raises(DealError, match="chain"):
        DealProof(second.commitment, second.guest_seed, None, "xyz")
    deals.check_chain([first, second], second.chain_after())
    with pytest.raises(DealError, match="^deal 2: the record's seal"):
        deals.check_chain([first, second], link)
    with pytest.raises(DealError, match="^deal 1: its commitment does not start"):
        deals.check_chain([second], second.chain_after())
    deals.check_chain([DealProof.of(seeds(1), seeds(2))], None)  # format 1: nothing to check
    with pytest.raises(DealError, match="seal but"):
        deals.check_chain([DealProof.of(seeds(1), seeds(2))], link)
