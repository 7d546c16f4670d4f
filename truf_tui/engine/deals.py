"""A deal nobody can rig: commit, exchange, reveal (the protocol is docs/fair-deal.md).

Every shuffle of a match (Le Truc: each round's deal, T2; Trufludo: the one shuffle before
the first deal, F2) is seeded from two halves:

1. the dealing side (the host; against the computer, the app) draws ``host_seed`` and
   sends only its :func:`commitment`;
2. the other side (the guest; against the computer, the player's side) answers with a fresh
   ``guest_seed`` of its own;
3. the shuffle is seeded with :func:`shuffle_seed` of both; the engine deals from it
   (``new_game(seed=...)`` for the first deal, ``State.reseeded`` before the move that deals
   the next Truc round);
4. when the deal's round is over, the host reveals ``host_seed``; anyone holding the record
   checks it against the commitment and replays the deal (:meth:`DealProof.verified`,
   ``GameRecord.verify``).

The host is bound to its seed before it sees the guest's, and the guest never sees the
host's before the deal: neither can pick the cards.

The deals of a game form a chain (format 2): each commitment names the :func:`chain_after`
of the deal before it (its commitment and the guest's seed), and the record keeps the link
after the last one (its ``seal``).  So every guest seed is bound, also one of a round in
which no card was played (whose cards no move shows).  Proofs without a chain (format 1,
older records) still verify, with that weaker binding.  Pure: hashlib, hmac and secrets.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

SEED_BYTES = 32
"""The length of each side's seed (256 bits)."""

SEED_BITS = 63
"""The shuffle seed is a non-negative int of this many bits, like the engine's own seeds
(it stays a plain JSON integer for any reader of a record)."""

# Domain separation: a commitment or a shuffle seed of truf-tui is never the hash of
# anything else, and a version bump cannot be confused with this one.
_COMMIT_TAG = b"truf-tui deal commitment v1\x00"
_CHAINED_TAG = b"truf-tui deal commitment v2\x00"
_CHAIN_TAG = b"truf-tui deal chain v2\x00"
_SHUFFLE_TAG = b"truf-tui deal shuffle v1\x00"

CHAIN_START = hashlib.sha256(_CHAIN_TAG).hexdigest()
"""The chain a game's first commitment names (no deal before it)."""


class DealError(ValueError):
    """A bad or tampered deal: the message names the deal and says what is wrong."""


def new_seed() -> bytes:
    """A fresh seed for one side of one shuffle, from the OS's secure generator."""
    return secrets.token_bytes(SEED_BYTES)


def _check_seed(seed: object, who: str) -> bytes:
    if not isinstance(seed, bytes) or len(seed) != SEED_BYTES:
        raise DealError(f"the {who} seed must be {SEED_BYTES} bytes")
    return seed


def commitment(host_seed: bytes, chain: str | None = None) -> str:
    """The host's commitment to ``host_seed``: hex SHA-256 of it (domain-separated).
    It tells nothing of the seed, and no other seed has the same commitment.  ``chain``
    (format 2): the :func:`chain_after` the deal before (or :data:`CHAIN_START`), which
    the commitment then names too: the host echoes the guest's last seed in it."""
    seed = _check_seed(host_seed, "host")
    if chain is None:
        return hashlib.sha256(_COMMIT_TAG + seed).hexdigest()
    return hashlib.sha256(_CHAINED_TAG + seed + _hex_bytes(chain, "a chain")).hexdigest()


def chain_after(commitment: str, guest_seed: str) -> str:
    """The link after a deal: hex SHA-256 of its commitment (which names the link before
    it) and the guest's seed, so it binds every deal up to this one."""
    return hashlib.sha256(_CHAIN_TAG + _hex_bytes(commitment, "a commitment")
                          + _hex_seed(guest_seed, "the guest seed")).hexdigest()


def shuffle_seed(host_seed: bytes, guest_seed: bytes) -> int:
    """The seed of the shuffle both seeds agree on: HMAC-SHA256 keyed by the host's seed
    over the guest's, its first 63 bits as an int.  Unpredictable to each side alone."""
    mac = hmac.new(_check_seed(host_seed, "host"),
                   _SHUFFLE_TAG + _check_seed(guest_seed, "guest"), hashlib.sha256).digest()
    return int.from_bytes(mac[:8], "big") >> (64 - SEED_BITS)


def _is_hex(text: object, digits: int) -> bool:
    """Lower-case hex of exactly ``digits`` digits (one spelling per value: a record
    compares and hashes the same text everywhere)."""
    return (isinstance(text, str) and len(text) == digits
            and all(c in "0123456789abcdef" for c in text))


def _hex_bytes(text: object, what: str) -> bytes:
    if not _is_hex(text, 64):
        raise DealError(f"{what} must be 64 lower-case hex digits")
    assert isinstance(text, str)
    return bytes.fromhex(text)


def _hex_seed(text: object, what: str) -> bytes:
    if not _is_hex(text, 2 * SEED_BYTES):
        raise DealError(f"{what} must be {2 * SEED_BYTES} lower-case hex digits")
    assert isinstance(text, str)
    return bytes.fromhex(text)


@dataclass(frozen=True)
class DealProof:
    """What proves one shuffle fair: the host's commitment, the guest's seed, and the host's
    seed once revealed (``None`` until then).  All as lower-case hex text.  ``chain``: the
    link the commitment names (format 2, :func:`chain_after` of the deal before); ``None``
    in a proof of format 1, whose commitment names nothing but the host's seed."""

    commitment: str
    guest_seed: str
    host_seed: str | None = None
    chain: str | None = None

    def __post_init__(self) -> None:
        if not _is_hex(self.commitment, 64):
            raise DealError("a commitment must be 64 lower-case hex digits")
        _hex_seed(self.guest_seed, "the guest seed")
        if self.host_seed is not None:
            _hex_seed(self.host_seed, "the host seed")
        if self.chain is not None:
            _hex_bytes(self.chain, "a chain")

    # -- building ----------------------------------------------------------------------------
    @classmethod
    def agreed(cls, commitment: str, guest_seed: bytes, chain: str | None = None
               ) -> DealProof:
        """The proof once the guest has answered the host's ``commitment`` (made after
        ``chain``) with its seed (the host's seed not revealed yet)."""
        return cls(commitment, _check_seed(guest_seed, "guest").hex(), None, chain)

    @classmethod
    def of(cls, host_seed: bytes, guest_seed: bytes, chain: str | None = None) -> DealProof:
        """The revealed proof of a shuffle from both seeds (what the host keeps)."""
        return cls(commitment(host_seed, chain), _check_seed(guest_seed, "guest").hex(),
                   host_seed.hex(), chain)

    def revealed(self, host_seed: bytes) -> DealProof:
        """This proof with the host's seed revealed (not checked: see :meth:`verified`)."""
        return DealProof(self.commitment, self.guest_seed, _check_seed(host_seed, "host").hex(),
                         self.chain)

    def chain_after(self) -> str:
        """The link after this deal: what the next deal's commitment names (or the
        record's seal, after the last)."""
        return chain_after(self.commitment, self.guest_seed)

    # -- checking ----------------------------------------------------------------------------
    @property
    def is_revealed(self) -> bool:
        return self.host_seed is not None

    def verified(self) -> bool:
        """The host's seed is revealed and is the one it committed to."""
        if self.host_seed is None:
            return False
        return hmac.compare_digest(commitment(bytes.fromhex(self.host_seed), self.chain),
                                   self.commitment)

    def seed(self) -> int:
        """The shuffle seed this proof gives; :class:`DealError` if the host's seed is not
        revealed or does not agree with its commitment."""
        if self.host_seed is None:
            raise DealError("the host's seed is not revealed yet")
        if not self.verified():
            raise DealError("the host's seed does not agree with its commitment")
        return shuffle_seed(bytes.fromhex(self.host_seed), bytes.fromhex(self.guest_seed))

    # -- JSON --------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, str | None]:
        d = {"commitment": self.commitment, "guest_seed": self.guest_seed,
             "host_seed": self.host_seed}
        if self.chain is not None:  # format 1's proofs read as they always did
            d["chain"] = self.chain
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, object]) -> DealProof:
        """The proof ``to_dict`` gave; :class:`DealError` says what is malformed."""
        if not isinstance(d, Mapping):
            raise DealError("a deal proof is a JSON object")
        unknown = sorted(set(d) - {"commitment", "guest_seed", "host_seed", "chain"})
        if unknown:
            raise DealError(f"unknown key(s) in a deal proof: {', '.join(unknown)}")
        c, g, h = d.get("commitment"), d.get("guest_seed"), d.get("host_seed")
        chain = d.get("chain")
        if not isinstance(c, str) or not isinstance(g, str) or not (h is None
                                                                    or isinstance(h, str)):
            raise DealError("a deal proof needs 'commitment' and 'guest_seed' (text) and "
                            "'host_seed' (text or null)")
        if not (chain is None or isinstance(chain, str)):
            raise DealError("a deal proof's 'chain' is a text")
        return cls(c, g, h, chain)


def is_chained(proofs: Sequence[DealProof]) -> bool:
    """Proofs of format 2 (each commitment names the chain before it)."""
    return bool(proofs) and proofs[0].chain is not None


def seal_of(proofs: Sequence[DealProof]) -> str | None:
    """The link after the last deal, which a record of chained deals keeps: it binds the
    last guest seed as the next commitment would have.  ``None`` for format 1."""
    return proofs[-1].chain_after() if is_chained(proofs) else None


def check_chain(proofs: Sequence[DealProof], seal: str | None) -> None:
    """Each chained commitment names the deal before it (the first names
    :data:`CHAIN_START`) and ``seal`` is the link after the last: no guest seed can be
    changed alone, even one whose round shows no card.  Format 1 proofs (no chain at all)
    pass unchecked; a mix is refused.  :class:`DealError` names the deal."""
    if not is_chained(proofs):
        if any(p.chain is not None for p in proofs):
            raise DealError("deal 1: its proof has no chain, unlike the later ones")
        if seal is not None:
            raise DealError("the record has a seal but its deals have no chain")
        return
    expected = CHAIN_START
    for n, proof in enumerate(proofs, start=1):
        if proof.chain is None:
            raise DealError(f"deal {n}: its proof has no chain, unlike the first one")
        if not hmac.compare_digest(proof.chain, expected):
            if n == 1:
                raise DealError("deal 1: its commitment does not start the chain")
            # The commitments are checked first: what differs is deal n-1's guest seed.
            raise DealError(f"deal {n - 1}: its guest seed is not the one deal {n}'s "
                            "commitment names")
        expected = proof.chain_after()
    if seal is None:
        raise DealError("the record of chained deals has no seal")
    if not hmac.compare_digest(seal, expected):
        raise DealError(f"deal {len(proofs)}: the record's seal does not agree with it (its guest "
                        "seed was changed)")


def check_deals(proofs: Sequence[DealProof], seeds: Sequence[int | None] = ()) -> None:
    """Every proof revealed and matching its commitment, and (where ``seeds`` gives the seed
    a shuffle used) giving that seed; :class:`DealError` names the first bad deal, counted
    from 1 in the order of the shuffles."""
    for n, proof in enumerate(proofs, start=1):
        try:
            got = proof.seed()
        except DealError as e:
            raise DealError(f"deal {n}: {e}") from None
        used = seeds[n - 1] if n <= len(seeds) else None
        if used is not None and used != got:
            raise DealError(f"deal {n}: the cards were not shuffled from its seeds")
