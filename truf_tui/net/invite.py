"""The invite code: everything a guest needs to join, as one shell argument.

``truf1-`` then base64url (no padding) of: version byte 1, the one-time secret (16 bytes:
128 bits from :mod:`secrets`), the SHA-256 fingerprint of the host's certificate (32 bytes),
the port (2 bytes, big-endian) and the address (UTF-8, the rest).  About 80 characters of
``[A-Za-z0-9_-]``: nothing a shell or a chat program changes.

The host keeps a :class:`Ticket` for the code: single use, and void after 10 minutes.
Secrets are compared in constant time (:func:`hmac.compare_digest`) and never printed in
an error message.
"""

from __future__ import annotations

import base64
import binascii
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field

PREFIX = "truf1-"
SECRET_BYTES = 16  # 128 bits (issue 39: at least 128)
FINGERPRINT_BYTES = 32  # SHA-256
EXPIRES_AFTER = 600.0  # seconds: ten minutes
HOST_MAX = 253  # a DNS name's length


class InviteError(ValueError):
    """Not an invite code (the message says why, never repeating the secret)."""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def secret_text(secret: bytes) -> str:
    """How a secret travels in the ``hello`` message."""
    return _b64(secret)


@dataclass(frozen=True)
class Invite:
    host: str
    port: int
    secret: bytes = field(repr=False)
    fingerprint: bytes

    def __post_init__(self) -> None:
        if not 1 <= self.port <= 65535:
            raise InviteError(f"port {self.port} is not 1 to 65535")
        if len(self.secret) != SECRET_BYTES or len(self.fingerprint) != FINGERPRINT_BYTES:
            raise InviteError("the secret or the fingerprint has the wrong length")
        if not self.host or len(self.host.encode("utf-8")) > HOST_MAX:
            raise InviteError("the address is empty or too long")

    def code(self) -> str:
        return PREFIX + _b64(bytes([1]) + self.secret + self.fingerprint
                             + self.port.to_bytes(2, "big") + self.host.encode("utf-8"))

    @classmethod
    def parse(cls, code: str) -> Invite:
        code = code.strip()
        if not code.startswith(PREFIX):
            raise InviteError(f"an invite code starts with {PREFIX}")
        body = code[len(PREFIX):]
        if not body or any(c not in _ALPHABET for c in body):
            raise InviteError("the invite code has characters an invite never has")
        try:
            raw = _unb64(body)
        except (binascii.Error, ValueError):
            raise InviteError("the invite code is cut or mistyped") from None
        fixed = 1 + SECRET_BYTES + FINGERPRINT_BYTES + 2
        if len(raw) <= fixed or raw[0] != 1:
            raise InviteError("the invite code is cut, mistyped or of a newer version")
        s, f = 1, 1 + SECRET_BYTES
        p = f + FINGERPRINT_BYTES
        try:
            host = raw[fixed:].decode("utf-8")
        except UnicodeDecodeError:
            raise InviteError("the invite code is mistyped") from None
        return cls(host, int.from_bytes(raw[p:p + 2], "big"), raw[s:f], raw[f:p])


_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


@dataclass
class Ticket:
    """The host's side of one invite: used once, void after ``EXPIRES_AFTER`` seconds of
    ``clock`` (injected by the tests)."""

    clock: Callable[[], float]
    secret: bytes = field(default_factory=lambda: secrets.token_bytes(SECRET_BYTES),
                          repr=False)
    issued: float = -1.0
    used: bool = False

    def __post_init__(self) -> None:
        if self.issued < 0:
            self.issued = self.clock()

    def expired(self) -> bool:
        return self.clock() - self.issued > EXPIRES_AFTER

    def redeem(self, offered: str) -> str | None:
        """Take the guest's seat with ``offered``: ``None`` if it may, else why not (one of
        ``"wrong_secret"``, ``"used"``, ``"expired"``)."""
        right = hmac.compare_digest(offered.encode("ascii", "replace"),
                                    secret_text(self.secret).encode("ascii"))
        if not right:
            return "wrong_secret"
        if self.used:
            return "used"
        if self.expired():
            return "expired"
        self.used = True
        return None
