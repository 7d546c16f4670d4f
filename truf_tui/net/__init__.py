"""Network play (issue 39): an authoritative asyncio host, TLS with a pinned certificate,
one-time invite codes, and headless seats (../shared/spec/NETWORK.md).

    protocol  framing and the typed message parser (no input crashes it)
    invite    the invite code (address, port, one-time secret, certificate fingerprint)
    tls       the host's self-signed certificate and the client's pinning
    fair      the deal's commitment protocol (until engine.deals lands)
    server    the authoritative host: the engine state lives only there
    client    the async client a table (or a bot) plays through
    seats     the headless seats of ``truf-tui host/join --bot TIER``

docs/network.md is the short reference.  Textual is never imported here: the screens drive
:class:`~truf_tui.net.client.NetClient` from a worker.
"""
