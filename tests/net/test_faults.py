"""Faults as issue 39 item 4 asks, with real headless processes on loopback: kill -9 of the
guest mid-round then a rejoin, kill -9 of the host then ``host --resume``; each match ends
with both sides printing the same result, both records the same game that ``verify``
accepts, and every finished game in each history once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.net.test_headless import PY, _env, _finish, _join, _last_two, _start_host
from truf_tui.engine.record import GameRecord
from truf_tui.store import History


def _saved(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _when(ready: Callable[[], bool], timeout: float = 20) -> None:
    t0 = time.monotonic()
    while not ready():
        assert time.monotonic() - t0 < timeout, "the match never got there"
        time.sleep(0.005)


def _kill(proc: subprocess.Popen[str]) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=10)
    assert proc.returncode == -signal.SIGKILL


def _verify(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*PY, "verify", str(path)], capture_output=True, text=True,
                          env=_env(), timeout=30)


def _same_verified_match(host_dir: Path, h_out: str, guest_dir: Path, g_out: str) -> None:
    h_result, h_path = _last_two(h_out)
    g_result, g_path = _last_two(g_out)
    assert h_result == g_result
    a = GameRecord.from_json(h_path.read_text())
    b = GameRecord.from_json(g_path.read_text())
    assert (a.moves, a.deals, a.seed, a.dealer, a.meta["id"]) == (
        b.moves, b.deals, b.seed, b.dealer, b.meta["id"])
    final = b.verify()  # the same game, every round's deal proved
    assert h_result == "result: {}-{}".format(*final.scores())
    for path in (h_path, g_path):
        check = _verify(path)
        assert check.returncode == 0, check.stdout + check.stderr
    for folder in (host_dir, guest_dir):  # each finished game once, in each history
        with History(folder) as history:
            ids = [g.record().meta["id"] for g in history.games()]
        assert ids == [a.meta["id"]]
        assert [p.stem for p in (folder / "net").glob("*.json")] == [a.meta["id"]]


@pytest.mark.parametrize("again", [("--rejoin",), ("CODE",)], ids=["rejoin", "same-code"])
def test_a_guest_killed_mid_round_rejoins_and_the_game_resumes_exactly(
        tmp_path: Path, again: tuple[str, ...]) -> None:
    for attempt in range(3):  # the deal is both sides' (the guest's seed is random): a
        # game may end in its first two rounds (a rest accepted), before the kill; again
        host_dir, guest_dir = tmp_path / f"host{attempt}", tmp_path / f"guest{attempt}"
        host, code = _start_host(host_dir, "--game", "truc")
        guest = _join(guest_dir, code)
        seat = guest_dir / "net" / "seat.json"
        # kill it once it has sent its seed for round 3's deal (mid-match, mid-round)
        _when(lambda seat=seat, guest=guest: guest.poll() is not None
              or len((_saved(seat) or {}).get("deals", {}).get("0", {})) >= 3)
        if guest.poll() is None:
            break
        _finish(host)
    back: subprocess.Popen[str] | None = None
    try:
        assert guest.poll() is None, "three games in a row ended before their third deal"
        _kill(guest)
        assert _saved(seat) is not None  # what it needs to come back survived
        args = [code if a == "CODE" else a for a in again]
        back = subprocess.Popen([*PY, "--data-dir", str(guest_dir), "join", *args, "--bot",
                                 "easy", "--seed", "2"], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=_env())
        g_rc, g_out, g_err = _finish(back)
    finally:
        if back is not None and back.poll() is None:
            back.kill()
        h_rc, h_out, h_err = _finish(host)
    assert (h_rc, g_rc) == (0, 0), (h_err, g_err)
    assert "could not be checked" not in g_err  # it kept its seeds: every deal checked
    _same_verified_match(host_dir, h_out, guest_dir, g_out)
    assert not seat.exists()  # the match is over: nothing left to rejoin

    # a record with an altered seed fails verify, naming the deal (a guest seed altered
    # where no card was played may still make a consistent game: the host's is bound)
    record = json.loads(_last_two(g_out)[1].read_text())
    record["deals"][1]["host_seed"] = "0" * 64
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    check = _verify(bad)
    assert check.returncode == 1 and "deal 2" in check.stdout + check.stderr


def test_a_host_killed_mid_round_resumes_and_the_match_completes(tmp_path: Path) -> None:
    procs: list[subprocess.Popen[str]] = []
    try:
        for attempt in range(3):  # a game may end before its third deal: deal again
            host_dir, guest_dir = tmp_path / f"host{attempt}", tmp_path / f"guest{attempt}"
            host, code = _start_host(host_dir, "--game", "truc")
            guest = _join(guest_dir, code)
            procs += [host, guest]
            save = host_dir / "net" / "host.json"

            def mid_round(save: Path = save, host: subprocess.Popen[str] = host) -> bool:
                if host.poll() is not None:
                    return True  # over before: tried again
                cur = (_saved(save) or {}).get("current") or {}
                rec = cur.get("record") or {}
                return len(rec.get("deals", [])) >= 3 and len(rec.get("moves", [])) % 4 == 1

            _when(mid_round)
            if host.poll() is None:
                break
        assert host.poll() is None, "three games in a row ended before their third deal"
        _kill(host)
        # the guest learns its host is gone, keeps its seat and says how to take it back
        g_rc, g_out, g_err = _finish(guest, timeout=30)
        assert g_rc == 1 and "join --rejoin" in g_err, g_err
        resumed, new_code = _start_host(host_dir, "--resume")
        procs.append(resumed)
        assert new_code != code  # a new certificate, a new code
        back = subprocess.Popen([*PY, "--data-dir", str(guest_dir), "join", "--rejoin",
                                 new_code, "--bot", "easy", "--seed", "2"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=_env())
        procs.append(back)
        g_rc, g_out, g_err = _finish(back)
        h_rc, h_out, h_err = _finish(resumed)
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
    assert (h_rc, g_rc) == (0, 0), (h_err, g_err)
    _same_verified_match(host_dir, h_out, guest_dir, g_out)
    assert not (host_dir / "net" / "host.json").exists()


class _Crash(Exception):
    pass


class _First:
    """Plays the first legal move: a table asked again after a crash moves the same."""

    def choice(self, legal: list[str]) -> str:
        return legal[0]


async def test_a_resumed_host_commits_to_the_seed_it_had_committed_to() -> None:
    """The host dies with the guest's seed for round 3's deal in hand (the move that deals
    it held): resumed, it commits to the same seed (the guest, asked again, answers with
    the same one), so the guest's table sees no changed commitment and every deal checks."""
    import asyncio

    from tests.net.support import Seat, play
    from truf_tui.engine.deals import commitment
    from truf_tui.net.client import DealAlarm, GameEnded, MatchEnded, NetClient, Turn
    from truf_tui.net.protocol import Error
    from truf_tui.net.server import Host
    from truf_tui.play.config import GameConfig

    saves: list[dict[str, Any]] = []

    class DyingHost(Host):
        async def _next(self, seat: int, want: type[Any], check: Any) -> Any:
            msg = await super()._next(seat, want, check)
            if getattr(msg, "deal", None) == 2:
                raise _Crash  # as if killed here: nothing after the last autosave
            return msg

    first: Host = DyingHost(GameConfig(game="truc", opponent="human"), bind="127.0.0.1",
                            keep=saves.append)
    hosts = [first]
    guest = await NetClient.join(await first.start(), name="Ana")
    tables = [await first.own_table()]
    match = asyncio.ensure_future(first.run_match())
    hosting = asyncio.ensure_future(play(Seat(tables[0]), _First()))  # type: ignore[arg-type]
    ended: list[GameEnded] = []
    alarms: list[str] = []

    async def guest_plays() -> tuple[int, int] | None:
        nonlocal match, hosting
        while True:
            try:
                async for event in guest.events():
                    if isinstance(event, Turn) and event.legal:
                        await guest.play(event.legal[0])
                    elif isinstance(event, GameEnded):
                        ended.append(event)
                    elif isinstance(event, DealAlarm):  # the table stops there
                        alarms.append(event.why)
                        return None
                    elif isinstance(event, MatchEnded):
                        return event.result
            except ConnectionError:
                assert len(hosts) == 1, "dropped twice"
                await asyncio.gather(match, return_exceptions=True)
                hosting.cancel()
                await first.close()
                assert saves[-1]["pending"]["deal"] == 2
                resumed = Host.resume(saves[-1], bind="127.0.0.1")
                hosts.append(resumed)
                guest.invite = await resumed.start()  # its new certificate and port
                tables.append(await resumed.own_table())
                match = asyncio.ensure_future(resumed.run_match())
                hosting = asyncio.ensure_future(
                    play(Seat(tables[-1]), _First()))  # type: ignore[arg-type]
                await guest.reconnect()

    try:
        result = await asyncio.wait_for(guest_plays(), 40)  # bounded, whatever goes wrong
        assert not alarms and result is not None, alarms
        await asyncio.wait_for(match, 10)
        a = await asyncio.wait_for(hosting, 10)
    finally:
        match.cancel()
        hosting.cancel()
        await guest.close()
        for table in tables:
            await table.close()
        for host in hosts:
            await host.close()
    assert len(hosts) == 2 and len(ended) == 1 and ended[0].verified and a.result == result
    record = ended[0].record
    assert record.verify().is_terminal() and len(record.deals) >= 3
    pending = saves[-1]["pending"]  # the last autosave before the crash
    assert record.deals[2].commitment == commitment(bytes.fromhex(pending["host_seed"]),
                                                    record.deals[2].chain)
    kept = a.games[0].record
    assert (record.moves, record.deals) == (kept.moves, kept.deals)
    # the resumed host's own table, sent its position on joining and again as play goes
    # on, moved once: no move of it was refused
    assert not any(isinstance(m, Error) for m in tables[-1].received)
