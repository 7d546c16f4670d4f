"""The deal's commitment protocol, as the network plays it (docs/network.md, "The deal").

Before each game the host draws a seed and sends only its hash (the commitment); the guest
answers with a seed of its own; the game is shuffled from HMAC-SHA256(host seed, guest seed)
and the host reveals its seed when the game is over, so each side checks that every deal it
saw follows from both seeds.  Neither side alone chooses the cards.

The same interface as ``truf_tui.engine.deals`` (branch wip/fairdeal), which replaces this
module's functions when it is merged (and brings a seed per round: here a game's rounds
all follow from its one agreed seed).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

SEED_BYTES = 32
_DOMAIN = b"truf-tui deal commitment v1\0"


def new_seed() -> bytes:
    return secrets.token_bytes(SEED_BYTES)


def commitment(host_seed: bytes) -> str:
    """Hex SHA-256 of the host's seed (domain-separated)."""
    return hashlib.sha256(_DOMAIN + host_seed).hexdigest()


def shuffle_seed(host_seed: bytes, guest_seed: bytes) -> int:
    """The engine's seed (64 bits) from both seeds."""
    return int.from_bytes(hmac.new(host_seed, guest_seed, hashlib.sha256).digest()[:8], "big")

