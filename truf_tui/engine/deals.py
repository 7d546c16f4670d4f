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
host's before the deal: neither can pick the cards.  Pure: hashlib, hmac and secrets only.
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
_SHUFFLE_TAG = b"truf-tui deal shuffle v1\x00"


class DealError(ValueError):
    """A bad or tampered deal: the message names the deal and says what is wrong."""


def new_seed() -> bytes:
    """A fresh seed for one side of one shuffle, from the OS's secure generator."""
    return secrets.token_bytes(SEED_BYTES)


def _check_seed(seed: object, who: str) -> bytes:
    if not isinstance(seed, bytes) or len(seed) != SEED_BYTES:
        raise DealError(f"the {who} seed must be {SEED_BYTES} bytes")
    return seed


def commitment(host_seed: bytes) -> str:
    """The host's commitment to ``host_seed``: hex SHA-256 of it (domain-separated).
    It tells nothing of the seed, and no other seed has the same commitment."""
    return hashlib.sha256(_COMMIT_TAG + _check_seed(host_seed, "host")).hexdigest()


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


def _hex_seed(text: object, what: str) -> bytes:
    if not _is_hex(text, 2 * SEED_BYTES):
        raise DealError(f"{what} must be {2 * SEED_BYTES} lower-case hex digits")
    assert isinstance(text, str)
    return bytes.fromhex(text)


@dataclass(frozen=True)
class DealProof:
    """What proves one shuffle fair: the host's commitment, the guest's seed, and the host's
    seed once revealed (``None`` until then).  All three as lower-case hex text."""

    commitment: str
    guest_seed: str
    host_seed: str | None = None

    def __post_init__(self) -> None:
        if not _is_hex(self.commitment, 64):
            raise DealError("a commitment must be 64 lower-case hex digits")
        _hex_seed(self.guest_seed, "the guest seed")
        if self.host_seed is not None:
            _hex_seed(self.host_seed, "the host seed")

    # -- building ----------------------------------------------------------------------------
    @classmethod
    def agreed(cls, commitment: str, guest_seed: bytes) -> DealProof:
        """The proof once the guest has answered the host's ``commitment`` with its seed
        (the host's seed not revealed yet)."""
        return cls(commitment, _check_seed(guest_seed, "guest").hex())

    @classmethod
    def of(cls, host_seed: bytes, guest_seed: bytes) -> DealProof:
        """The revealed proof of a shuffle from both seeds (what the host keeps)."""
        return cls(commitment(host_seed), _check_seed(guest_seed, "guest").hex(),
                   host_seed.hex())

    def revealed(self, host_seed: bytes) -> DealProof:
        """This proof with the host's seed revealed (not checked: see :meth:`verified`)."""
        return DealProof(self.commitment, self.guest_seed, _check_seed(host_seed, "host").hex())

    # -- checking ----------------------------------------------------------------------------
    @property
    def is_revealed(self) -> bool:
        return self.host_seed is not None

    def verified(self) -> bool:
        """The host's seed is revealed and is the one it committed to."""
        if self.host_seed is None:
            return False
        return hmac.compare_digest(commitment(bytes.fromhex(self.host_seed)), self.commitment)

    def seed(self) -> int:
        """The shuffle seed this proof gives; :class:`DealError` if the host's seed is not
        revealed or does not match its commitment."""
        if self.host_seed is None:
            raise DealError("the host's seed is not revealed yet")
        if not self.verified():
            raise DealError("the host's seed does not match its commitment")
        return shuffle_seed(bytes.fromhex(self.host_seed), bytes.fromhex(self.guest_seed))

    # -- JSON --------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, str | None]:
        return {"commitment": self.commitment, "guest_seed": self.guest_seed,
                "host_seed": self.host_seed}

    @classmethod
    def from_dict(cls, d: Mapping[str, object]) -> DealProof:
        """The proof ``to_dict`` gave; :class:`DealError` says what is malformed."""
        if not isinstance(d, Mapping):
            raise DealError("a deal proof is a JSON object")
        unknown = sorted(set(d) - {"commitment", "guest_seed", "host_seed"})
        if unknown:
            raise DealError(f"unknown key(s) in a deal proof: {', '.join(unknown)}")
        c, g, h = d.get("commitment"), d.get("guest_seed"), d.get("host_seed")
        if not isinstance(c, str) or not isinstance(g, str) or not (h is None
                                                                    or isinstance(h, str)):
            raise DealError("a deal proof needs 'commitment' and 'guest_seed' (text) and "
                            "'host_seed' (text or null)")
        return cls(c, g, h)


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
