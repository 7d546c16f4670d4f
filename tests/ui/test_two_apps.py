"""Play a friend (issue 39) with two real apps, each in its own process, on loopback.

This process hosts: the app under ``run_test()``, driven by its Pilot as a person would
(the start screen, "a friend online", Host, the code read off the screen).  A second
process (``python -m tests.ui.app_peer``) runs the app under its own ``run_test()``: it is
given the code on its standard input, pastes it and joins.  Each side plays its seat by
pressing the keys its table offers until the match is over, and each keeps the game in its
own data folder.  Both must end with the same result, each table having shown "deal
verified" for every deal, each history holding the game once.  (Two apps cannot share one
process: Textual's active app is a context variable.)
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.ui.app_peer import SIZE, PeerApp, Player, host, summary
from truf_tui.ui.screens.friend import FriendScreen

ROOT = Path(__file__).resolve().parents[2]
SECONDS = 240.0  # bounds for a loaded machine: each wait ends as soon as its thing comes


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(FriendScreen, "BIND", "127.0.0.1")


def kill(proc: asyncio.subprocess.Process) -> None:
    """The other app and anything it started (its own process group)."""
    if proc.returncode is None:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


@pytest.mark.slow
@pytest.mark.parametrize("game", ["truc", "trufludo"])
async def test_two_apps_play_a_whole_game(tmp_path: Path, game: str) -> None:
    started = time.monotonic()
    err = (tmp_path / "guest.err").open("w+")
    # Started first: it loads while this app starts and hosts.
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.ui.app_peer", "--data-dir", str(tmp_path / "guest"),
        "--seed", "2", "--seconds", str(SECONDS), cwd=ROOT, start_new_session=True,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=err)

    def guest_failed() -> str:
        err.seek(0)
        return f"the guest's app exited {proc.returncode}:\n{err.read()[-3000:]}"

    def guest_alive() -> None:
        assert proc.returncode is None or proc.returncode == 0, guest_failed()

    try:
        app = PeerApp(tmp_path / "host")
        player = Player(seed=1)
        async with app.run_test(size=SIZE) as pilot:
            code = await host(pilot, game)
            hosted = time.monotonic()
            assert proc.stdin is not None
            proc.stdin.write(code.encode() + b"\n")
            await proc.stdin.drain()
            await player.play(pilot, SECONDS, guest_alive)
            played = time.monotonic()
        mine = await summary(app, player)
        assert proc.stdout is not None
        out = await asyncio.wait_for(proc.stdout.read(), SECONDS)
        assert await asyncio.wait_for(proc.wait(), SECONDS) == 0, guest_failed()
    finally:
        kill(proc)
        await proc.wait()
        err.close()
    lines = [ln for ln in out.decode().splitlines() if ln.startswith("summary ")]
    assert lines, guest_failed()
    theirs: dict[str, Any] = json.loads(lines[-1].removeprefix("summary "))
    print(f"\n{game}: {time.monotonic() - started:.1f} s (code after "
          f"{hosted - started:.1f} s, played {played - hosted:.1f} s); host {mine}; "
          f"guest {theirs}")
    check(game, mine, theirs)


def check(game: str, mine: dict[str, Any], theirs: dict[str, Any]) -> None:
    """The same games on both sides, each kept once, every deal verified on each table."""
    ours, guests = mine["games"], theirs["games"]
    assert ours and [g["id"] for g in ours] == [g["id"] for g in guests]
    assert len({g["id"] for g in ours}) == len(ours)  # each game once in each history
    for a, b in zip(ours, guests, strict=True):
        assert a["game"] == b["game"] == game
        assert (a["seat"], b["seat"]) == (0, 1)
        assert a["scores"] == b["scores"] and a["moves"] == b["moves"]
        assert a["deals"] == b["deals"] >= 1
        assert {a["result"], b["result"]} in ({"win", "loss"}, {"draw"})
    # A drawn game of a best-of-1 is played again, once (Series.capped, F12).
    assert ours[-1]["result"] != "draw" or len(ours) == 2
    for side in (mine, theirs):
        assert side["names"] == ["Ana - Bo"]  # each name typed reached the other table
        assert side["alarms"] == []
        assert side["verified"] == sum(g["deals"] for g in side["games"])
        assert side["kept"] == sorted(f"{g['id']}.json" for g in side["games"])
    if game == "truc":  # the calls and answers the players' plan makes (T3, T7-T9)
        kinds = set().union(*(g["kinds"] for g in ours))
        assert {"raise", "accept", "refuse", "redeal", "fold", "rest"} <= kinds
