"""A round's opening values, worked out once: what every move is worth at the two first
decisions of a Le Truc round, for every hand, at every score of a match to 12.

A round's first decision of a seat is the costliest spot to value (:mod:`.valuepass`: the
whole round's tree below it, for the observer's hand): a round's grading spends about
two thirds of its time there, and every round has one.  These are also the spots every
round meets, whatever is played: the non-dealer's first move (nothing played yet), and
the dealer's first move after it (after one of the non-dealer's eleven first moves: a
card of one of the eight ranks, a raise, a rest or a redeal, T3-T8).  So they are valued
offline (``python -m truf_tui.solve openings``) by the same pass, and shipped:

- **What is kept:** per score (non-dealer's, dealer's points, each 0 to 11, T10's target
  12, T8's default rest refusal), per spot (:data:`SPOTS` of them: the non-dealer's first
  decision, then the dealer's after each of :data:`FIRST`), per hand of the observer
  (``REST[0]``: three ranks, T1: suits never matter), the value of each of his moves
  (:data:`SLOTS`), as ``Spot._worth`` gives it (the observer's unit); NaN where the move
  is not his to make (a card he does not hold, a word the score forbids, T7) and where the
  spot does not occur (a first move the score forbids).
- **The same numbers as the pass**, to 20 bits of mantissa (within 5e-7 of each, 4e-6 of a
  point at most): the table is what ``values.Spot`` reads at those spots, hints and
  grading alike, so every figure of a decision still comes from one model.
- **Tied to the files it was worked out from:** the header holds a digest of the shipped
  ``.trufbp`` files and :data:`VERSION`; if either differs the table is not used (the
  pass values those spots as before) and ``tests/test_openings.py`` fails.

The file: :data:`MAGIC`, a JSON header's length (4 bytes, little-endian) and the header,
then which of the [score, spot, hand, slot] values there are (a bit each, in that order,
lzma), then those values (float32 little-endian rounded to :data:`MANTISSA` bits, their
bytes in four planes: every value's first byte, then every second byte..., lzma).
"""

from __future__ import annotations

import hashlib
import json
import lzma
import threading
from collections.abc import Iterable, Sequence
from importlib import resources
from typing import TypedDict

import numpy as np
import numpy.typing as npt

from truf_tui.strategy.hands import REST, REST_INDEX
from truf_tui.strategy.tree import ACCEPT, NONE, PLAY, RAISE, REDEAL, REFUSE
from truf_tui.strategy.tree import REST as REST_KIND
from truf_tui.strategy.trufbp import SolvedTable

MAGIC = b"TRUFOPEN\x01\n"
#: bumped whenever what a value means changes (the pass, the payoffs): a table of another
#: version is not used
VERSION = 1
TARGET = 12  # T10: the matches the shipped files are solved for
VARIANT = "stake"  # T8: the default refusal of a rest
FILE = "truc-t12-openings.bin"

Move = tuple[int, int]
Table = npt.NDArray[np.float32]

#: the non-dealer's first moves, after each of which the dealer's first decision is kept
FIRST: tuple[Move, ...] = (*((PLAY, r) for r in range(8)), (RAISE, NONE), (REST_KIND, NONE),
                           (REDEAL, NONE))
SPOTS = 1 + len(FIRST)  # spot 0: the non-dealer's first decision; 1 + i: after FIRST[i]
#: the observer's moves, one slot each (a card by its rank, T1)
SLOTS: tuple[Move, ...] = (*((PLAY, r) for r in range(8)), (RAISE, NONE), (REST_KIND, NONE),
                           (REDEAL, NONE), (ACCEPT, NONE), (REFUSE, NONE))
SLOT_OF = {m: i for i, m in enumerate(SLOTS)}
HANDS = len(REST[0])
SCORES = TARGET * TARGET  # (non-dealer, dealer) = divmod(index, TARGET)
MANTISSA = 20  # bits of a value's mantissa kept (float32 has 23): within 5e-7 relatively


class Header(TypedDict):
    version: int
    target: int
    variant: str
    files: str  # ``files_digest`` of the .trufbp files the values come from
    shape: list[int]  # [scores, spots, hands, slots]
    mask_bytes: int  # which values there are (a bit each, lzma)
    values_bytes: int  # those values (float32, lzma)
    figures: dict[str, float]  # how they were made: the spots valued


class OpeningsError(ValueError):
    """The opening values' file is damaged or of another format."""


def files_digest(tabs: Iterable[SolvedTable]) -> str:
    """The digest of the solved files (their bytes, in the order given)."""
    h = hashlib.blake2b(digest_size=16)
    for t in tabs:
        h.update(len(t.data).to_bytes(8, "little"))
        h.update(t.data)
    return h.hexdigest()


def spot_of(seat: int, words: Sequence[Move]) -> int | None:
    """The kept spot of a decision of ``seat`` (0: the non-dealer) after the round's
    ``words`` (no accepted redeal), or None if it is not one of a round's two first."""
    if seat == 0 and not words:
        return 0
    if seat == 1 and len(words) == 1 and words[0] in FIRST:
        return 1 + FIRST.index(words[0])
    return None


def score_index(scores: tuple[int, int]) -> int | None:
    a, b = scores
    if 0 <= a < TARGET and 0 <= b < TARGET:
        return a * TARGET + b
    return None


def pack(values: Table, files: str, figures: dict[str, float]) -> bytes:
    """A table's file ([score, spot, hand, slot] values, NaN where none)."""
    if values.shape != (SCORES, SPOTS, HANDS, len(SLOTS)):
        raise ValueError(f"opening values of shape {values.shape}")
    values = values.astype("<f4")
    held = ~np.isnan(values)
    z = lzma.PRESET_EXTREME | 9
    mask = lzma.compress(np.packbits(held).tobytes(), preset=z)
    body = lzma.compress(_planes(_rounded(values[held])), preset=z)
    head: Header = {"version": VERSION, "target": TARGET, "variant": VARIANT, "files": files,
                    "shape": list(values.shape), "mask_bytes": len(mask),
                    "values_bytes": len(body), "figures": figures}
    text = json.dumps(head, separators=(",", ":")).encode()
    return MAGIC + len(text).to_bytes(4, "little") + text + mask + body


def _rounded(values: Table) -> Table:
    """``values`` to :data:`MANTISSA` bits (to nearest): within 5e-7 of each, relatively,
    and a tenth smaller once compressed."""
    drop = 23 - MANTISSA
    u = values.astype("<f4").view(np.uint32)
    u = ((u + np.uint32(1 << (drop - 1))) >> np.uint32(drop)) << np.uint32(drop)
    got: Table = u.view("<f4")
    return got


def _planes(values: Table) -> bytes:
    """The values' bytes in four planes (every value's lowest byte, then every second
    byte...): the exponents lie together, and lzma finds more to share."""
    return np.ascontiguousarray(values.astype("<f4").view(np.uint8).reshape(-1, 4).T).tobytes()


def unpack(data: bytes) -> tuple[Header, Table]:
    """A table's header and values; :exc:`OpeningsError` if damaged or of another format."""
    if not data.startswith(MAGIC):
        raise OpeningsError("not an opening values' file (bad magic)")
    try:
        at = len(MAGIC)
        n = int.from_bytes(data[at:at + 4], "little")
        head: Header = json.loads(data[at + 4:at + 4 + n])
        at += 4 + n
        shape = tuple(int(x) for x in head["shape"])
        mz, vz = int(head["mask_bytes"]), int(head["values_bytes"])
        if (len(data) != at + mz + vz or shape != (SCORES, SPOTS, HANDS, len(SLOTS))):
            raise OpeningsError("a damaged opening values' file: its sizes disagree")
        size = SCORES * SPOTS * HANDS * len(SLOTS)
        held = np.unpackbits(np.frombuffer(lzma.decompress(data[at:at + mz]), np.uint8),
                             count=size).astype(bool)
        planes = np.frombuffer(lzma.decompress(data[at + mz:]), np.uint8)
        if planes.size != 4 * int(held.sum()):
            raise OpeningsError("a damaged opening values' file: too few values")
    except (KeyError, ValueError, TypeError, lzma.LZMAError) as e:
        if isinstance(e, OpeningsError):
            raise
        raise OpeningsError(f"a damaged opening values' file: {e}") from e
    values = np.full(size, np.nan, dtype=np.float32)
    values[held] = planes.reshape(4, -1).T.copy().view("<f4").ravel()
    return head, values.reshape(shape)


class Openings:
    """A table in memory, with what it was made from."""

    def __init__(self, data: bytes) -> None:
        self.header, self.values = unpack(data)

    def usable(self, files: str) -> bool:
        h = self.header
        return (h["version"] == VERSION and h["target"] == TARGET and h["variant"] == VARIANT
                and h["files"] == files)

    def worth(self, scores: tuple[int, int], spot: int, hand: tuple[int, ...]
              ) -> dict[Move, float] | None:
        """The observer's value of each of his moves at ``spot``, None if not kept."""
        i = score_index(scores)
        j = REST_INDEX[0].get(hand)
        if i is None or j is None:
            return None
        row = self.values[i, spot, j]
        got = {SLOTS[s]: float(row[s]) for s in np.flatnonzero(~np.isnan(row)).tolist()}
        return got or None


_LOADED: list[Openings | None] = []
_LOCK = threading.Lock()


def shipped(tabs: Sequence[SolvedTable]) -> Openings | None:
    """The shipped table if it was made from ``tabs`` (the shipped files) and this version
    of the values, read once; None otherwise (or if there is none)."""
    with _LOCK:
        if not _LOADED:
            got: Openings | None = None
            try:
                folder = resources.files("truf_tui.strategy").joinpath("data")
                data = folder.joinpath(FILE).read_bytes()
                got = Openings(data)
                if not got.usable(files_digest(tabs)):
                    got = None
            except (OSError, OpeningsError):
                got = None  # the pass values those spots
            _LOADED.append(got)
        return _LOADED[0]


def forget() -> None:
    """Read the shipped table again at the next use (tests, ``solve openings``)."""
    with _LOCK:
        _LOADED.clear()


__all__ = ["FIRST", "SLOTS", "SPOTS", "Openings", "OpeningsError", "files_digest", "forget",
           "pack", "shipped", "spot_of", "unpack"]
