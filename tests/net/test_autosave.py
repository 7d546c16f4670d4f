"""The seats' autosaves written off the event loop (net/autosave.py): in order, the last
state winning, atomic (a kill -9 at any moment leaves a whole save), and the loop free
while a write and its fsync take their time."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from truf_tui.net.autosave import Autosave
from truf_tui.store import StoreError, atomic_write


class SlowDisk:
    """A write that takes ``seconds`` (an fsync on a busy disk), then writes for real; it
    notes each snapshot in the order written."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.written: list[int] = []
        self.started = threading.Event()

    def __call__(self, path: Path, text: str) -> None:
        self.started.set()
        time.sleep(self.seconds)
        atomic_write(path, text)
        self.written.append(json.loads(text)["n"])


async def test_snapshots_are_written_in_order_and_the_last_one_wins(tmp_path: Path) -> None:
    disk = SlowDisk(0.1)
    save = Autosave(tmp_path / "net" / "host.json", disk)
    save({"n": 1})
    await asyncio.to_thread(disk.started.wait, 5)  # the first write is under way...
    for n in range(2, 6):
        save({"n": n})  # ...these come meanwhile: only the newest is worth writing
    await save.flush()
    assert disk.written == [1, 5]
    assert json.loads((tmp_path / "net" / "host.json").read_text()) == {"n": 5}
    data = {"n": 6, "deals": ["a"]}
    save(data)
    data["deals"].append("changed later")  # the snapshot is taken when put
    await save.flush()
    assert json.loads((tmp_path / "net" / "host.json").read_text()) == {"n": 6, "deals": ["a"]}
    assert disk.written == [1, 5, 6]


async def test_remove_waits_for_the_last_write_and_nothing_brings_the_file_back(
        tmp_path: Path) -> None:
    disk = SlowDisk(0.05)
    path = tmp_path / "net" / "seat.json"
    save = Autosave(path, disk)
    for n in range(3):
        save({"n": n})
    await save.remove()
    await asyncio.sleep(0.2)
    assert not path.exists() and disk.written[-1] == 2
    nothing = Autosave(None)  # no data folder: nothing is kept, nothing waits
    nothing({"n": 1})
    await nothing.flush()
    await nothing.remove()


async def test_a_failed_write_is_noted_and_the_next_snapshot_is_tried(tmp_path: Path) -> None:
    calls: list[int] = []

    def flaky(path: Path, text: str) -> None:
        calls.append(json.loads(text)["n"])
        if len(calls) == 1:
            raise StoreError("the disk is full")
        atomic_write(path, text)

    path = tmp_path / "host.json"
    save = Autosave(path, flaky)
    save({"n": 1})
    await save.flush()
    assert save.error is not None and not path.exists()
    save({"n": 2})
    await save.flush()
    assert json.loads(path.read_text()) == {"n": 2} and calls == [1, 2]


async def _longest_stall(keep: Any, puts: int) -> float:
    """The longest the event loop was held while ``keep`` took ``puts`` snapshots, each
    flushed as the host flushes before a table sees the position."""
    stalls: list[float] = []
    running = True

    async def ticker() -> None:
        last = time.perf_counter()
        while running:
            await asyncio.sleep(0.005)
            now = time.perf_counter()
            stalls.append(now - last)
            last = now

    tick = asyncio.ensure_future(ticker())
    await asyncio.sleep(0.02)
    for n in range(puts):
        keep({"n": n})
        if isinstance(keep, Autosave):
            await keep.flush()
        await asyncio.sleep(0)
    running = False
    await tick
    return max(stalls)


async def test_the_event_loop_is_not_held_while_a_save_is_written(tmp_path: Path) -> None:
    """Writing in the loop (as before) holds it for the whole write; the autosave's writer
    does not: other connections are served meanwhile."""
    disk = SlowDisk(0.4)
    in_the_loop = await _longest_stall(lambda d: disk(tmp_path / "a.json", json.dumps(d)), 3)
    assert in_the_loop >= 0.4  # the measure sees a held loop
    off_the_loop = await _longest_stall(Autosave(tmp_path / "b.json", SlowDisk(0.4)), 3)
    assert off_the_loop < 0.2, off_the_loop


_CHILD = r"""
import asyncio, json, sys
from pathlib import Path
from truf_tui.net.autosave import Autosave

async def main() -> None:
    save = Autosave(Path(sys.argv[1]))
    pad = "x" * 200_000  # a big save: the kill comes in the middle of writes
    n = 0
    while True:
        n += 1
        save({"n": n, "pad": pad})
        if n % 5 == 0:
            await save.flush()
            print(n, flush=True)  # on disk: a kill after this line never loses it
        await asyncio.sleep(0)

asyncio.run(main())
"""


@pytest.mark.parametrize("delay", [0.15, 0.4, 0.7])
def test_a_kill_at_any_moment_leaves_a_whole_save_never_older_than_flushed(
        tmp_path: Path, delay: float) -> None:
    path = tmp_path / "net" / "host.json"
    proc = subprocess.Popen([sys.executable, "-c", _CHILD, str(path)],
                            stdout=subprocess.PIPE, text=True, cwd=Path(__file__).parents[2])
    try:
        first = proc.stdout.readline() if proc.stdout else ""  # it writes, and flushed once
        assert first.strip(), "the child never flushed"
        time.sleep(delay)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate(timeout=10)
    flushed = [int(x) for x in (first + out).split()]
    data = json.loads(path.read_text())  # whole: never a torn file
    assert data["pad"] == "x" * 200_000 and data["n"] >= flushed[-1]
