"""The network seats' autosaves (``net/host.json``, ``net/seat.json``), written off the event
loop.

The host's save changes with every move, and each write ends with an fsync of a few
milliseconds: done in the event loop, it held up every connection meanwhile.  An
:class:`Autosave` takes a snapshot at once (as JSON text, so later changes cannot reach it),
and one task writes the snapshots in a worker thread, one after the other; a snapshot put
while another is being written replaces any not yet written, so the last state always wins
and an older one never overwrites a newer one.  Each write is ``atomic_write`` (a temporary
file, fsync, rename): a crash at any moment leaves the previous save or the new one, never a
torn file.

:meth:`Autosave.flush` waits until everything put so far is on disk, without holding the
loop: what must be saved before it is sent (the host's seed before its commitment, the
guest's seed before it goes out, a position before a table sees it) is flushed first.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from truf_tui.store import StoreError, atomic_write


class Autosave:
    """Call it with a snapshot (a JSON object) from the event loop: it returns at once, and
    the file gets it soon after, in order.  ``path`` ``None``: nothing is kept.  ``write``
    (path, text) is the blocking write, run in a thread (tests inject a slow or failing one).
    A write that fails is kept in :attr:`error` and the next snapshot is tried all the same."""

    def __init__(self, path: Path | None,
                 write: Callable[[Path, str], None] = atomic_write) -> None:
        self.path = path
        self._write = write
        self._latest: str | None = None  # the newest snapshot not yet being written
        self._put = 0  # snapshots put so far
        self._done = 0  # the count of snapshots put when the last write started
        self._progress = asyncio.Event()  # set, and replaced, after each write
        self._task: asyncio.Task[None] | None = None
        self.error: StoreError | None = None

    def __call__(self, data: dict[str, Any]) -> None:
        if self.path is None:
            return
        self._latest = json.dumps(data, separators=(",", ":"))
        self._put += 1
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        assert self.path is not None
        while self._latest is not None:
            text, upto = self._latest, self._put
            self._latest = None
            try:
                await asyncio.to_thread(self._store, self.path, text)
            except StoreError as e:  # a full disk: the match goes on, the next write may work
                self.error = e
            self._done = upto
            done, self._progress = self._progress, asyncio.Event()
            done.set()

    def _store(self, path: Path, text: str) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(f"{path.parent} could not be made: {e.strerror or e}") from e
        self._write(path, text)

    async def flush(self) -> None:
        """Until every snapshot put so far is on disk (or failed: see :attr:`error`)."""
        target = self._put
        while self._done < target:
            task, progress = self._task, self._progress
            if task is None or task.done():  # cannot be: a put starts the writer
                break
            waiter = asyncio.ensure_future(progress.wait())
            await asyncio.wait({waiter, task}, return_when=asyncio.FIRST_COMPLETED)
            waiter.cancel()

    async def remove(self) -> None:
        """The match is over: the last write done, the file removed (never brought back by
        a write still under way)."""
        await self.flush()
        if self.path is not None:
            with contextlib.suppress(OSError):
                await asyncio.to_thread(self.path.unlink)
