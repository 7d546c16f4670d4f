"""Invite codes: one shell argument, single use, ten minutes, constant-time secrets."""

from __future__ import annotations

import re
import shlex

import pytest

from truf_tui.net.invite import (
    EXPIRES_AFTER,
    Invite,
    InviteError,
    Ticket,
    secret_text,
)


def _invite(host: str = "192.168.1.20", port: int = 45678) -> Invite:
    return Invite(host, port, bytes(range(16)), bytes(range(100, 132)))


@pytest.mark.parametrize("host", ["192.168.1.20", "::1", "fe80::1%eth0", "my-pc.local"])
def test_a_code_round_trips_as_one_plain_shell_word(host: str) -> None:
    inv = _invite(host)
    code = inv.code()
    assert re.fullmatch(r"truf1-[A-Za-z0-9_-]+", code) and len(code) < 120
    assert shlex.split(code) == [code]
    assert Invite.parse(code) == inv
    assert Invite.parse(f"  {code}\n") == inv  # pasted with a newline


def test_the_secret_is_not_in_the_repr() -> None:
    assert bytes(range(16)).hex() not in repr(_invite()) and "secret" not in repr(_invite())


@pytest.mark.parametrize("code", ["", "hello", "truf1-", "truf1-abc", "truf1-a+b/c=",
                                  "truf2-" + _invite().code()[6:],
                                  _invite().code()[:40], "truf1-" + "A" * 80])
def test_a_broken_code_is_an_invite_error(code: str) -> None:
    with pytest.raises(InviteError):
        Invite.parse(code)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_ticket_is_single_use() -> None:
    t = Ticket(Clock())
    assert len(t.secret) * 8 >= 128
    assert t.redeem("A" * 22) == "wrong_secret"
    assert t.redeem(secret_text(t.secret)) is None
    assert t.redeem(secret_text(t.secret)) == "used"


def test_a_ticket_expires_after_ten_minutes() -> None:
    clock = Clock()
    t = Ticket(clock)
    clock.now += EXPIRES_AFTER + 1
    assert t.expired()
    assert t.redeem(secret_text(t.secret)) == "expired"
    fresh = Ticket(clock)
    clock.now += EXPIRES_AFTER - 1
    assert fresh.redeem(secret_text(fresh.secret)) is None


def test_two_tickets_have_different_secrets() -> None:
    assert Ticket(Clock()).secret != Ticket(Clock()).secret
