"""TLS with no certificate authority: the host makes a self-signed certificate when hosting
starts and the invite carries its SHA-256 fingerprint; the client pins it.

The certificate and its key live in memory and in a private temporary folder only while
:mod:`ssl` loads them (it reads files); a new pair is made for every hosting.
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import os
import ssl
import tempfile
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

COMMON_NAME = "truf-tui host"


@dataclass(frozen=True)
class Identity:
    context: ssl.SSLContext  # the server's
    fingerprint: bytes  # SHA-256 of the certificate (DER)


def fingerprint(der: bytes) -> bytes:
    return hashlib.sha256(der).digest()


def make_identity(days: int = 2) -> Identity:
    """A fresh key (EC P-256) and self-signed certificate, and the server context with it."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, COMMON_NAME)])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=days))
            .sign(key, hashes.SHA256()))
    der = cert.public_bytes(serialization.Encoding.DER)
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_3
    with tempfile.TemporaryDirectory(prefix="truf-tls-") as tmp:
        os.chmod(tmp, 0o700)
        cert_path, key_path = Path(tmp) / "cert.pem", Path(tmp) / "key.pem"
        cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
        fd = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(key.private_bytes(serialization.Encoding.PEM,
                                      serialization.PrivateFormat.PKCS8,
                                      serialization.NoEncryption()))
        ctx.load_cert_chain(cert_path, key_path)
    return Identity(ctx, fingerprint(der))


def client_context() -> ssl.SSLContext:
    """TLS 1.3 with no CA: the peer's certificate is checked by :func:`pinned` instead,
    before anything secret is sent."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_3
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


def pinned(ssl_object: ssl.SSLObject | ssl.SSLSocket | None, expected: bytes) -> bool:
    """Is the peer's certificate the one whose fingerprint the invite carries?  (Compared
    in constant time.)"""
    if ssl_object is None:
        return False
    der = ssl_object.getpeercert(binary_form=True)
    return der is not None and hmac.compare_digest(fingerprint(der), expected)
