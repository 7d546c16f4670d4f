"""Network addresses, for the command line and the browser server alike (no imports of
the package: both sit above it)."""

from __future__ import annotations

import ipaddress


def is_loopback(host: str) -> bool:
    """Is ``host`` reachable from this computer only?  A name other than localhost is
    not trusted to be."""
    if host.lower() in ("localhost", "localhost."):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
