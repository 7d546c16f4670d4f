"""The ``.trufbp`` file: a solved round's strategy as the app ships and reads it.

This module is the format's one owner: the reader (:class:`SolvedTable`) and the writer
(:class:`Packed`, :class:`PackedByState`) side by side, the magic bytes defined once.  The
solver's offline machinery that fills a file (rounding, the solver's layout, lifting a file
onto a tree: :mod:`truf_tui.solve.ship`) is not here.

A file holds both stages of a solved round (the whole round, and the round after an
accepted redeal, T3), every history kept; a *round-only* file (``solve trim``) holds the
first alone, and the app plays the round's own nodes after a redeal too (after the first
move they are the same public states):

- **Probabilities in 12 bits** (or 8).  Each (node, hand) distribution is rounded to
  integers summing to 4095 (254 in 8 bits; largest remainder), after probabilities below
  ``EPS`` are dropped.  One byte per probability doubled the exploitability at 0-0 to 12
  (docs/solver.md); where the solve itself is far more exact (match payoffs near the end
  of a match) 8 bits are enough and half the size.
- **Only what the expert's own play reaches.**  A (node, hand) the stored strategy itself
  never reaches with that hand (it would have to take a move of probability 0 on the way)
  is written as zeros: it is never asked for when the expert plays the file, and zeros
  compress to almost nothing.
- **Laid out by node and hand:** nodes in pre-order; a node's block holds, hand after
  hand, the integers of all its moves but the last (which is 4095 minus the others).  A
  node with one move holds nothing.  An unreached hand's column starts with the sentinel
  (0xFFFF, or 0xFF in 8 bits).
  A node's offset is found without the tree: a state table gives, for every public state,
  how many numbers its subtree holds (it depends on the state alone), so a walk from the
  root along the round's actions adds up the subtrees it passes (format 1); or a table of
  keys and block sizes per stage finds a state's block directly (format 2, below).
- **Compressed by chunks** (lzma) so that a lookup decompresses one chunk, not the file.

Only the engine's rules, the public tree and numpy are needed to read one.
"""

from __future__ import annotations

import hashlib
import json
import lzma
import threading
import weakref
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Literal, NotRequired, TypedDict, cast, overload

import numpy as np
import numpy.typing as npt

from truf_tui.strategy.arrays import Ints, Numbers, Offsets
from truf_tui.strategy.hands import WIDTH
from truf_tui.strategy.tree import Outcome, State, root_state, state_key, successors

MAGIC = b"TRUFBP\x01\n"
TOP = {12: 4095, 8: 254}  # what a distribution sums to, by bits per number
SENTINEL = {12: 0xFFFF, 8: 0xFF}  # an unreached column's first number
EPS = 0.001  # probabilities below this are dropped before rounding
CHUNK = 1 << 18  # numbers per compressed chunk (512 KB: a few ms to decompress)
#: lzma's strongest setting with a dictionary of two chunks instead of its 64 MB: the same
#: size out (only the header's dictionary field differs), without 0.7 GB allocated a chunk
CHUNK_FILTERS = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME,
                  "dict_size": 2 * CHUNK}]


Succ = list[tuple[int, int, State | Outcome]]

_XZ_MAGIC = b"\xfd7zXZ\x00"


def unpack_chunk(packed: bytes, size: int) -> bytes:
    """A chunk's ``size`` bytes (``lzma.compress`` of them: one .xz stream of one block).
    Its LZMA2 data is decoded raw, past the container and its CRC64, with a dictionary of
    the chunk's size rather than the header's 64 MB (no match reaches back past the
    chunk's start): a third less time, and a grader decodes hundreds of chunks a match.
    What LZMA2 itself checks still holds (each packet's sizes, the end of the stream), and
    so does the size.  Anything else (another shape of stream, an error, a stream that
    ends early or late) goes through ``lzma.decompress``, which checks everything
    (:exc:`lzma.LZMAError`)."""
    lzma2 = _lzma2_of(packed)
    if lzma2 is not None:
        data, dict_size = lzma2
        d = lzma.LZMADecompressor(lzma.FORMAT_RAW, filters=[
            {"id": lzma.FILTER_LZMA2, "dict_size": max(4096, min(dict_size, size))}])
        try:
            out = d.decompress(data)
        except lzma.LZMAError:
            out = b""
        if d.eof and len(out) == size:
            return out
    return lzma.decompress(packed)


def _lzma2_of(packed: bytes) -> tuple[bytes, int] | None:
    """The LZMA2 data of a one-block .xz stream whose only filter is LZMA2, and its
    dictionary's size (the .xz format's block header: size byte, flags, optional sizes,
    filter flags); None for anything else."""
    if len(packed) < 32 or packed[:6] != _XZ_MAGIC:
        return None
    at = 12  # the stream header
    size = (packed[at] + 1) * 4
    flags = packed[at + 1]
    if flags & 0x03 or flags & 0x3C:  # more than one filter, or reserved bits
        return None
    i = at + 2
    for present in (flags & 0x40, flags & 0x80):  # compressed, uncompressed size
        if present:
            while packed[i] & 0x80:
                i += 1
            i += 1
    if packed[i] != 0x21 or packed[i + 1] != 1:  # the filter LZMA2, one byte of props
        return None
    code = packed[i + 2]
    if code > 40:
        return None
    dict_size = 0xFFFFFFFF if code == 40 else (2 | (code & 1)) << (code // 2 + 11)
    return packed[at + size:], dict_size


# -- the header: JSON after the magic bytes and its length --------------------------------
class MatchTable(TypedDict):
    """The match values a file was solved against (``solve.rounds.table_header``)."""

    name: str  # the table's file name and digest
    values: list[list[float]]  # [non-dealer's points, dealer's, P(the non-dealer wins)]


class Solve(TypedDict):
    """What every file says of the solve it holds."""

    game: str  # "truc"
    target: int
    scores: list[int]  # (non-dealer, dealer)
    payoff: str  # "points" or "match" (the first files did not say: points)
    top: int  # what a distribution sums to
    eps: float  # probabilities below it were dropped
    sentinel: NotRequired[int]  # an unreached column's first number (0xFFFF where missing)
    dtype: NotRequired[str]  # "<u2" (12 bits, where missing) or "u1" (8 bits)
    table: NotRequired[MatchTable]  # missing: the project's match table


class Solve1(Solve):
    """Format 1 (every history), as the writer gives it."""

    format: Literal[1]
    stages: dict[str, int]  # per stage ("round", "fresh"), where its numbers start


class Stream(TypedDict):
    """How the numbers are stored."""

    chunk: int  # numbers per compressed chunk
    entries: int  # numbers in all
    chunk_bytes: list[int]  # each compressed chunk's size


class Packed1(Solve1, Stream):
    """Format 1 once packed: its state table's sizes."""

    states: int
    keys_bytes: int
    subs_bytes: int


class StageTable(TypedDict):
    """Format 2: one stage's table of state keys and block sizes."""

    base: int  # where the stage's numbers start
    states: int
    keys_bytes: int
    sizes_bytes: int


class Packed2(Solve, Stream):
    """Format 2 (one strategy per public state) once packed."""

    format: Literal[2]
    stages: dict[str, StageTable]


class Header1(Packed1):
    figures: dict[str, float]  # what was measured: exploitability, value, bytes...


class Header2(Packed2):
    figures: dict[str, float]


Header = Header1 | Header2


class BlueprintError(ValueError):
    """The solved-strategy file is missing, damaged or of another format."""


_SHARED: weakref.WeakValueDictionary[bytes, Offsets] = weakref.WeakValueDictionary()
_SHARED_LOCK = threading.Lock()


@overload
def _decoded(z: bytes, how: Literal["keys"]) -> Ints: ...
@overload
def _decoded(z: bytes, how: Literal["sizes", "subs"]) -> Offsets: ...
def _decoded(z: bytes, how: str) -> Offsets:
    """The array compressed in ``z``, decoded once per process and read-only: the files
    of one raise cap (T7) hold the same state table (nine files share the 0–0 round's
    2.4 MB of keys), so a copy a file took 88 MB for all 25, shared 19 MB. ``how``:
    ``keys`` (sorted state keys, stored as differences), ``sizes`` (int32 block sizes,
    returned as where each block starts) or ``subs`` (int64 subtree sizes)."""
    name = hashlib.blake2b(z, digest_size=16).digest() + how.encode()
    with _SHARED_LOCK:
        got = _SHARED.get(name)
    if got is not None:
        return got
    raw = lzma.decompress(z)
    if how == "keys":
        arr = np.cumsum(np.frombuffer(raw, "<i8"))
    elif how == "sizes":
        sizes = np.frombuffer(raw, "<i4")
        arr = np.concatenate(([0], np.cumsum(sizes, dtype=np.int64)))[:-1]
    else:
        arr = np.frombuffer(raw, "<i8")
    if how != "keys" and (len(arr) == 0 or (int(arr.min()) >= 0 and int(arr.max()) < 1 << 32)):
        arr = arr.astype(np.uint32)  # offsets of at most 2^27 here: half the memory
    arr.flags.writeable = False
    with _SHARED_LOCK:
        return _SHARED.setdefault(name, arr)


class SolvedTable:
    """A ``*.trufbp`` file: the state table in memory, the probabilities by chunk."""

    def __init__(self, data: bytes) -> None:
        if not data.startswith(MAGIC):
            raise BlueprintError("not a solved-strategy file (bad magic)")
        try:
            n = int.from_bytes(data[len(MAGIC):len(MAGIC) + 4], "little")
            at = len(MAGIC) + 4
            h: Header = json.loads(data[at:at + n])
            self.header = h
            at += n
            if h.get("format") not in (1, 2) or h.get("game") != "truc":
                raise BlueprintError("a solved-strategy file of another format")
            h.setdefault("payoff", "points")
            self.format: int = h["format"]
            sane = True
            # format 2: per stage, its states' keys and where their blocks start
            self.stage_keys: dict[str, npt.NDArray[np.int64]] = {}
            # where each state's block starts in its stage (add ``stage_base``)
            self.stage_at: dict[str, Offsets] = {}
            if h["format"] == 1:
                kz, sz = h["keys_bytes"], h["subs_bytes"]
                self.keys = _decoded(data[at:at + kz], "keys")
                at += kz
                self.subs = _decoded(data[at:at + sz], "subs")
                at += sz
                sane = len(self.keys) == h["states"] == len(self.subs)
                self.stage_base: dict[str, int] = h["stages"]
            else:
                self.stage_base = {}
                for name, st in h["stages"].items():
                    kz, sz = st["keys_bytes"], st["sizes_bytes"]
                    keys = _decoded(data[at:at + kz], "keys")
                    at += kz
                    starts_in_stage = _decoded(data[at:at + sz], "sizes")
                    at += sz
                    sane &= len(keys) == st["states"] == len(starts_in_stage)
                    self.stage_keys[name] = keys
                    self.stage_at[name] = starts_in_stage
                    self.stage_base[name] = int(st["base"])
            starts = np.concatenate(([0], np.cumsum(h["chunk_bytes"]))) + at
        except (KeyError, ValueError, TypeError, lzma.LZMAError) as e:
            if isinstance(e, BlueprintError):
                raise
            raise BlueprintError(f"a damaged solved-strategy file: {e}") from e
        if not sane or int(starts[-1]) != len(data):
            raise BlueprintError("a damaged solved-strategy file: its sizes disagree")
        self.data = data
        self.starts = starts
        self.target: int = h["target"]
        self.scores: tuple[int, int] = (h["scores"][0], h["scores"][1])
        self.top: int = h["top"]
        self.dtype: str = h.get("dtype", "<u2")
        self.sentinel: int = h.get("sentinel", 0xFFFF)
        if self.dtype not in ("<u2", "u1"):
            raise BlueprintError(f"a solved-strategy file with numbers of type {self.dtype}")
        self.chunk: int = h["chunk"]
        self._chunks: OrderedDict[int, Numbers] = OrderedDict()
        self._lock = threading.Lock()
        self.keep = 16  # decompressed chunks kept (``every_chunk_kept``: all of them)

    # -- the numbers -------------------------------------------------------------------------
    @contextmanager
    def every_chunk_kept(self) -> Iterator[None]:
        """Meanwhile, keep every chunk once decompressed: a walk of the whole tree (an
        offline lift) meets each many times, out of order."""
        keep, self.keep = self.keep, len(self.starts)
        try:
            yield
        finally:
            self.keep = keep

    def _chunk(self, i: int) -> Numbers:
        with self._lock:
            got = self._chunks.get(i)
            if got is not None:
                self._chunks.move_to_end(i)
                return got
        count = min(self.chunk, int(self.header["entries"]) - i * self.chunk)
        raw = unpack_chunk(self.data[int(self.starts[i]):int(self.starts[i + 1])],
                           count * np.dtype(self.dtype).itemsize)
        arr = np.frombuffer(raw, self.dtype)
        with self._lock:
            self._chunks[i] = arr
            while len(self._chunks) > self.keep:
                self._chunks.popitem(last=False)
        return arr

    def numbers(self, start: int, count: int) -> Numbers:
        if start < 0 or count < 0 or start + count > self.header["entries"]:
            raise KeyError("numbers beyond the end of the file's stream")
        parts = []
        while count > 0:
            i, j = divmod(start, self.chunk)
            part = self._chunk(i)[j:j + count]
            if len(part) == 0:
                raise BlueprintError("a damaged solved-strategy file: a chunk is short")
            parts.append(part)
            start += len(part)
            count -= len(part)
        # the chunks are all of the file's one dtype, and so is their concatenation
        return parts[0] if len(parts) == 1 else cast("Numbers", np.concatenate(parts))

    def subtree(self, s: State) -> int:
        k = state_key(s)
        i = int(np.searchsorted(self.keys, k))
        if i >= len(self.keys) or int(self.keys[i]) != k:
            raise KeyError("a public state the file does not hold")
        return int(self.subs[i])

    def successors(self, s: State) -> Succ:
        return _successors(s, self.target, self.scores)

    # -- the walk ----------------------------------------------------------------------------
    def locate(self, redeal: bool, actions: list[tuple[int, int]]) -> tuple[State, int]:
        """The state reached by ``actions`` from the start of a round (with its redeal
        option, or after an accepted redeal) and where its block starts; ``KeyError`` if
        the file's tree has no such history."""
        stage = self.stage(redeal)
        s, at = self.root(redeal)
        for kind, rank in actions:
            for (k, r, nxt), child in zip(self.successors(s), self.children(stage, s, at),
                                          strict=True):
                if k == kind and r == rank:
                    if isinstance(nxt, Outcome):
                        raise KeyError("the actions run past the end of the round")
                    s, at = nxt, child
                    break
            else:
                raise KeyError(f"no such move in the file's tree: {kind} {rank}")
        return s, at

    def children(self, stage: str, s: State, at: int, lookup: dict[int, int] | None = None
                 ) -> Iterator[int]:
        """Where each successor's block starts, lazily (its order; -1 for an end of the
        round), the node's own block at ``at`` in ``stage``; ``lookup`` is ``lookup(stage)``
        for a walk of the whole tree (a dict is faster than a binary search)."""
        if self.format == 2:
            for _, _, nxt in self.successors(s):
                if isinstance(nxt, Outcome):
                    yield -1
                elif lookup is None or (got := lookup.get(state_key(nxt))) is None:
                    yield self.at(stage, nxt)
                else:
                    yield got
            return
        child = at + self.block_size(s)
        for _, _, nxt in self.successors(s):
            if isinstance(nxt, Outcome):
                yield -1
            else:
                yield child
                child += (self.subtree(nxt) if lookup is None else lookup[state_key(nxt)])

    def lookup(self, stage: str) -> dict[int, int]:
        """What ``children`` finds a state's block by, as a dict: per state key, its
        subtree's numbers (format 1) or where its block starts in ``stage`` (format 2)."""
        if self.format == 2:
            at = self.stage_at[stage].astype(np.int64) + self.stage_base[stage]
            return dict(zip(self.stage_keys[stage].tolist(), at.tolist(), strict=True))
        return dict(zip(self.keys.tolist(), self.subs.tolist(), strict=True))

    def at(self, stage: str, s: State) -> int:
        """Where state ``s``'s block starts in a format-2 file (``KeyError`` if the stage
        holds no such state; a state of one move has no block and starts nowhere: 0)."""
        keys = self.stage_keys[stage]
        k = state_key(s)
        i = int(np.searchsorted(keys, k))
        if i < len(keys) and int(keys[i]) == k:
            return self.stage_base[stage] + int(self.stage_at[stage][i])
        if len(self.successors(s)) < 2:
            return 0
        raise KeyError("a public state the file does not hold")

    def stage(self, redeal: bool) -> str:
        """The stage a round plays: the whole round, or the one after an accepted redeal
        where the file holds it."""
        return "round" if redeal or not self.has_fresh else "fresh"

    @property
    def has_fresh(self) -> bool:
        """Whether the file holds the stage after an accepted redeal (T3)."""
        return "fresh" in self.stage_base

    def root(self, redeal: bool) -> tuple[State, int]:
        """The state and block where a round starts, with its redeal option or after an
        accepted redeal. A file without the second stage plays the round's own strategy
        there: the same tree but for the redeal move at the root, which the real game's
        legal moves then remove (docs/solver.md, "Round-only files")."""
        stage = self.stage(redeal)
        s = root_state(stage == "round")
        return s, self.at(stage, s) if self.format == 2 else self.stage_base[stage]

    def block_size(self, s: State) -> int:
        """How many numbers a node of state ``s`` holds (its moves but one, per hand)."""
        n = len(self.successors(s))
        return 0 if n < 2 else (n - 1) * _width(s)

    def block(self, s: State, at: int) -> npt.NDArray[np.float64]:
        """The integers at a node, [move][hand] (hands of REST[cards played]); a hand's
        column is all zeros where the solved player's own play never brings that hand."""
        n = len(self.successors(s))
        w = _width(s)
        if n < 2:
            return np.full((1, w), float(self.top))
        raw = self.numbers(at, (n - 1) * w).reshape(w, n - 1).astype(np.float64)
        out = np.empty((n, w))
        out[:-1] = raw.T
        out[-1] = self.top - raw.sum(axis=1)
        out[:, raw[:, 0] == self.sentinel] = 0.0
        return out


def played(s: State) -> int:
    """How many cards the player to move has played in the round (the hand's table)."""
    return len(s[9] if s[0] == 0 else s[10])


def _width(s: State) -> int:
    return int(WIDTH[played(s)])


@lru_cache(maxsize=200_000)
def _successors(s: State, target: int, scores: tuple[int, int]) -> Succ:
    return successors(s, target, scores)


def describe(t: SolvedTable) -> str:
    """A file in one line: its score and payoffs, iterations, exploitability, size."""
    h = t.header
    f = h["figures"]
    e = f["shipped_exploitability"] / (2 if h["payoff"] == "match" else 1)
    unit = "points/round" if h["payoff"] == "points" else "match-win probability"
    bits = 12 if h.get("dtype", "<u2") == "<u2" else 8
    return (f"{t.scores[0]}-{t.scores[1]} to {t.target}, {h['payoff']} payoffs, "
            f"{int(f['iterations'])} iterations, exploitability {e:.3g} {unit}, {bits}-bit, "
            f"eps {h['eps']}, {'per state' if t.format == 2 else 'per history'}"
            f"{'' if t.has_fresh else ', round only'}, {len(t.data) / 1e6:.2f} MB")



# -- the writer -----------------------------------------------------------------------------
class Packed:
    """A file's numbers and state table, compressed once; ``body`` puts a header on them
    (so new figures do not mean compressing again)."""

    def __init__(self, header: Solve1, stream: Numbers, keys: Ints, subs: Offsets) -> None:
        chunks = _chunks(stream)
        keys_z = lzma.compress(np.diff(keys, prepend=0).astype("<i8").tobytes(), preset=9)
        subs_z = lzma.compress(subs.astype("<i8").tobytes(), preset=9)
        self.header: Packed1 | Packed2 = {**header, "chunk": CHUNK, "entries": int(len(stream)),
                       "states": int(len(keys)), "keys_bytes": len(keys_z),
                       "subs_bytes": len(subs_z), "chunk_bytes": [len(c) for c in chunks]}
        self.payload = keys_z + subs_z + b"".join(chunks)

    def body(self, figures: dict[str, float]) -> bytes:
        head = json.dumps({**self.header, "figures": figures}, separators=(",", ":")).encode()
        return MAGIC + len(head).to_bytes(4, "little") + head + self.payload


def _chunks(stream: Numbers) -> list[bytes]:
    """The stream compressed chunk by chunk (a lookup decompresses one)."""
    return [lzma.compress(stream[i:i + CHUNK].tobytes(), filters=CHUNK_FILTERS)
            for i in range(0, len(stream), CHUNK)]


def write_atomic(path: Path, body: bytes) -> int:
    """Write ``body`` atomically; returns its bytes."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(body)
    tmp.replace(path)
    return len(body)


def round_only(tab: SolvedTable) -> Packed:
    """``tab`` without its second stage, the strategy after an accepted redeal (T3). The
    app then plays the round's own strategy after a redeal (``SolvedTable.root``)."""
    h = tab.header
    if not tab.has_fresh:
        raise ValueError("the file holds the round's stage only already")
    if h["format"] != 1:
        raise ValueError("a file of one strategy per state is restated, not trimmed")
    stream = tab.numbers(0, int(h["stages"]["fresh"]))
    header: Solve1 = {"format": 1, **solve_of(h), "stages": {"round": 0}}
    return Packed(header, stream, tab.keys, tab.subs)


def solve_of(h: Header) -> Solve:
    """What header ``h`` says of its solve, for another file of the same solve."""
    out: Solve = {"game": h["game"], "target": h["target"], "scores": h["scores"],
                  "payoff": h["payoff"], "top": h["top"], "eps": h["eps"]}
    if "sentinel" in h:
        out["sentinel"] = h["sentinel"]
    if "dtype" in h:
        out["dtype"] = h["dtype"]
    if "table" in h:
        out["table"] = h["table"]
    return out



# -- format 2: one strategy per public state -----------------------------------------------
#
# A format-2 file holds, per stage, one block per public *state* (not per history): the
# strategy ``blueprint.merged`` averages over the histories that leave the state, weighted
# by how likely each is with the hand (docs/solver.md, "Per-state files").  A block is laid
# out as in format 1 ([hand][move but the last], the sentinel for a hand the stored play
# never brings there); a stage's blocks follow its states' keys in sorted order, and a
# table of keys and block sizes finds one without walking the tree.

class PackedByState(Packed):
    """A format-2 file's numbers and stage tables, compressed once (as ``Packed``, whose
    ``body`` it shares; its own tables replace format 1's state table)."""

    def __init__(self, header: Solve, stages: dict[str, tuple[Ints, Ints, Ints]],
                 dtype: str) -> None:
        stream = np.concatenate([v[2] for v in stages.values()]).astype(dtype)
        chunks = _chunks(stream)
        tables: dict[str, StageTable] = {}
        base, payload = 0, b""
        for name, (keys, sizes, part) in stages.items():
            keys_z = lzma.compress(np.diff(keys, prepend=0).astype("<i8").tobytes(), preset=9)
            sizes_z = lzma.compress(sizes.astype("<i4").tobytes(), preset=9)
            tables[name] = {"base": base, "states": int(len(keys)),
                            "keys_bytes": len(keys_z), "sizes_bytes": len(sizes_z)}
            payload += keys_z + sizes_z
            base += len(part)
        self.header = {**header, "format": 2, "dtype": dtype, "stages": tables,
                       "chunk": CHUNK, "entries": int(len(stream)),
                       "chunk_bytes": [len(c) for c in chunks]}
        self.payload = payload + b"".join(chunks)
