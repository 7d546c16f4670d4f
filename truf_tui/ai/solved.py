"""The solved Le Truc player: it plays the near-equilibrium strategy the solver computed.

``python -m truf_tui.solve ship`` solves one round by counterfactual regret minimisation
and writes its strategy to a file (``ai/data/truc-t12-A-B.trufbp``, the round at scores
A-B to 12; how and what it costs: docs/solver.md).  This module reads those files lazily
and answers, for any observation, the probability of every legal action (``policy``);
``choose`` samples it, so the player bluffs and slow-plays at the solved frequencies.

- **Which file:** the one solved at the score nearest the real one by what each player
  still needs (T7's cap and an accepted rest depend on that), among the files whose raise
  cap is at least the real one, so that every real history is in its tree, and whose
  needs are each within half again of the real ones (else the 0-0 file).
- **Where the file places the spot** (the round's public actions and the player's hand):
  the stored distribution for that hand, 12- or 8-bit, as solved: per history (format 1),
  or per public state (format 2, ``solve restate``: the histories' strategies averaged by
  their reach, about half the bytes; docs/solver.md, "Per-state files").
- **At a score the file was not solved for,** moves the real score forbids (T7's cap)
  are removed and the rest renormalised.  What this costs is measured per score
  (``python -m truf_tui.solve check --shipped``; docs/solver.md).
- **Where the file holds nothing for the hand** (the solved player never gets there with
  it, which only a changed score can cause), the nearest hand the file does hold at that
  node is used, its cards mapped rank order to rank order.
- **Outside the file's tree** (stakes above 12, only in a round to more than 12), every
  legal move but fold is equally likely.

The solver's own modules are not needed here, only the public tree (``strategy.tree``) and
hand tables (``strategy.hands``), which use numpy and the engine's rule functions.
"""

from __future__ import annotations

import hashlib
import json
import logging
import lzma
import math
import random
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

from truf_tui.ai.base import ActionStats, BaseBot, Observation
from truf_tui.cards import TRUC_STRENGTH, Card
from truf_tui.engine import truc
from truf_tui.strategy.hands import REST, REST_INDEX, WIDTH
from truf_tui.strategy.tree import (
    ACCEPT,
    NONE,
    PLAY,
    RAISE,
    REDEAL,
    REFUSE,
    Outcome,
    State,
    root_state,
    state_key,
    successors,
)
from truf_tui.strategy.tree import REST as REST_KIND

MAGIC = b"TRUFBP\x01\n"
_KIND_OF = {"play": PLAY, "raise": RAISE, "rest": REST_KIND, "redeal": REDEAL,
            "accept": ACCEPT, "refuse": REFUSE}

Succ = list[tuple[int, int, State | Outcome]]
log = logging.getLogger(__name__)


class BlueprintError(ValueError):
    """The solved-strategy file is missing, damaged or of another format."""


_SHARED: weakref.WeakValueDictionary[bytes, npt.NDArray[Any]] = weakref.WeakValueDictionary()
_SHARED_LOCK = threading.Lock()


def _decoded(z: bytes, how: str) -> npt.NDArray[Any]:
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
            self.header: dict[str, Any] = json.loads(data[at:at + n])
            at += n
            h = self.header
            if h.get("format") not in (1, 2) or h.get("game") != "truc":
                raise BlueprintError("a solved-strategy file of another format")
            h.setdefault("payoff", "points")
            self.format: int = h["format"]
            sane = True
            # format 2: per stage, its states' keys and where their blocks start
            self.stage_keys: dict[str, npt.NDArray[np.int64]] = {}
            # where each state's block starts in its stage (add ``stage_base``)
            self.stage_at: dict[str, npt.NDArray[Any]] = {}
            if self.format == 1:
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
        self._chunks: OrderedDict[int, npt.NDArray[Any]] = OrderedDict()
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

    def _chunk(self, i: int) -> npt.NDArray[Any]:
        with self._lock:
            got = self._chunks.get(i)
            if got is not None:
                self._chunks.move_to_end(i)
                return got
        raw = lzma.decompress(self.data[int(self.starts[i]):int(self.starts[i + 1])])
        arr = np.frombuffer(raw, self.dtype)
        with self._lock:
            self._chunks[i] = arr
            while len(self._chunks) > self.keep:
                self._chunks.popitem(last=False)
        return arr

    def numbers(self, start: int, count: int) -> npt.NDArray[Any]:
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
        return parts[0] if len(parts) == 1 else np.concatenate(parts)

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


_TABLES: list[SolvedTable] | None = None
_TABLE_LOCK = threading.Lock()


def tables() -> list[SolvedTable]:
    """The shipped files (``ai/data/truc-*.trufbp``), read once: headers and state tables
    now, the probabilities chunk by chunk when asked for."""
    global _TABLES
    with _TABLE_LOCK:
        if _TABLES is None:
            found = []
            try:
                folder = resources.files("truf_tui.ai").joinpath("data")
                for f in sorted(folder.iterdir(), key=lambda f: f.name):
                    if f.name.startswith("truc-") and f.name.endswith(".trufbp"):
                        found.append(SolvedTable(f.read_bytes()))
            except OSError as e:
                raise BlueprintError(f"the solved strategies cannot be read: {e}") from e
            if not found:
                raise BlueprintError("no solved strategy is installed (ai/data/truc-*.trufbp)")
            _TABLES = found
        return _TABLES


def table() -> SolvedTable:
    """The shipped file solved at 0-0."""
    return next((t for t in tables() if t.scores == (0, 0)), tables()[0])


def needs(target: int, scores: tuple[int, int]) -> tuple[int, int]:
    """The points (non-dealer, dealer) still need, clamped to 12: with T7's cap and an
    accepted rest, this is what a score changes in a round."""
    return (min(target - scores[0], 12), min(target - scores[1], 12))


def nearest(tabs: list[SolvedTable], target: int, scores: tuple[int, int]) -> SolvedTable:
    """The file solved at the score closest to ``scores`` (non-dealer, dealer) by what
    each player needs, on a log scale: 1 point against 2 matters more than 11 against 12.

    Only files whose raise cap (T7: the highest stake a raise can reach, ``stake_cap``) is
    at least the real one qualify, so that every history of the real round is in the
    file's tree (11-8 plays the 11-9 file: both stop at 4); and a file solved at another
    score than 0-0 only where each player's need is within half again of the real one
    (5-7 played with the 3-10 file was exploitable by 0.13 in match-win probability,
    docs/solver.md), and a file where one player needs more plays only where the same
    player needs more (5-5 and 7-7 with the 5-7 file: 0.036 and 0.044; with their own
    files today 0.014 and 0.020), and only where that lead is at least half the file's
    (the 0-6 file at 3-4 and 2-4: 0.071 and 0.055, the 0-0 file there 0.007 and 0.017);
    the 0-0 file plays everywhere else."""
    want = needs(target, scores)

    def close(t: SolvedTable) -> bool:
        have = needs(t.target, t.scores)
        if t.scores == (0, 0):
            return True
        ahead = (have[0] > have[1]) - (have[0] < have[1])  # who needs more, if anyone
        if ahead and ahead != (want[0] > want[1]) - (want[0] < want[1]):
            return False
        if 2 * abs(want[0] - want[1]) < abs(have[0] - have[1]):  # a lead half the file's
            return False
        return all(max(a, b) <= 1.5 * min(a, b) for a, b in zip(want, have, strict=True))

    def capped(target: int, scores: tuple[int, int]) -> int:  # as needs, clamped to 12
        return min(truc.stake_cap(scores, target), truc.stake_cap((0, 0), 12))

    real_cap = capped(target, scores)
    wide = [t for t in tabs if capped(t.target, t.scores) >= real_cap and close(t)]

    def distance(t: SolvedTable) -> float:
        have = needs(t.target, t.scores)
        return sum(abs(math.log(a) - math.log(b)) for a, b in zip(want, have, strict=True))

    return min(wide or tabs, key=distance)


# Builds the player that plays on when the solved strategy cannot be read: called with the
# bot's seed and search budget (``make_bot`` gives the hard tier's search).
Fallback = Callable[[int, int | None], BaseBot]


class SolvedTrucBot(BaseBot):
    """``solved``: plays the solved strategy, sampling its mixed moves (bluffs included);
    the ``expert`` tier adds safe exploitation (:mod:`truf_tui.ai.expert`)."""

    game = "truc"
    tier = "solved"

    def __init__(self, seed: int | None = None, time_limit: float | None = None,
                 iterations: int | None = None, tab: SolvedTable | None = None,
                 fallback: Fallback | None = None) -> None:
        super().__init__(seed, time_limit, iterations)
        self.tab = tab
        self.fallback = fallback
        self._backup: BaseBot | None = None
        self.placed = 0  # decisions the file placed exactly
        self.translated = 0  # placed with moves removed or a neighbour hand
        self.outside = 0  # outside the file's tree

    def policy(self, observation: Observation) -> dict[truc.Action, float]:
        """Every legal action with the probability that ``choose`` plays it
        (``BlueprintError`` if the solved strategy is not installed)."""
        self._check(observation)
        return policy(observation, self.tab)[0]

    def distribution(self, observation: Observation) -> tuple[dict[truc.Action, float], str]:
        """The solved distribution at ``observation``, and how the file placed the spot."""
        return policy(observation, self.tab)

    def counted(self, how: str) -> None:
        """One decision more placed as ``how`` ("placed", "translated" or "outside")."""
        setattr(self, how, getattr(self, how) + 1)

    def backup(self, e: BlueprintError) -> BaseBot:
        """A broken install (no solved strategy) plays on with the fallback player, if the
        bot was given one; else ``e`` is raised."""
        if self.fallback is None:
            raise e
        if self._backup is None:
            log.warning("the solved strategy cannot be used (%s); playing the hard tier", e)
            self._backup = self.fallback(self.seed, self.iterations)
        return self._backup

    def choose(self, observation: Observation) -> Any:
        self._check(observation)
        try:
            probs, how = self.distribution(observation)
        except BlueprintError as e:
            return self.backup(e).choose(observation)
        self.counted(how)
        return sample(probs, self.rng)

    def analyse(self, observation: Observation) -> list[ActionStats]:
        """The legal actions, likeliest first; ``value`` is the probability of playing it
        (the solved player does not estimate win chances move by move)."""
        self._check(observation)
        try:
            probs, _ = self.distribution(observation)
        except BlueprintError as e:
            return self.backup(e).analyse(observation)
        return ranked_by_probability(probs)


def sample(probs: dict[truc.Action, float], rng: random.Random) -> truc.Action | None:
    """One action drawn from ``probs`` (one number of ``rng``)."""
    x = rng.random()
    acc = 0.0
    last = None
    for a, p in probs.items():
        if p <= 0.0:
            continue
        acc += p
        last = a
        if x < acc:
            return a
    return last


def ranked_by_probability(probs: dict[truc.Action, float]) -> list[ActionStats]:
    """``analyse``'s answer for a player that samples ``probs``: the likeliest first."""
    out = [ActionStats(a, 0, p) for a, p in probs.items()]
    out.sort(key=lambda s: -s.value)
    return out


def policy(observation: Observation, tab: SolvedTable | None = None
           ) -> tuple[dict[truc.Action, float], str]:
    """The solved distribution over the legal actions (fold always 0: it is weakly
    dominated, docs/solver.md), and how it was found ("placed", "translated" or
    "outside"); ``tab`` the file to play (default: the shipped one)."""
    o = observation
    me = o["player"]
    dealer = o["dealer"]
    if tab is None:
        pts = o["scores"]
        tab = nearest(tables(), int(o["rules"]["target"]), (pts[1 - dealer], pts[dealer]))
    seat = 0 if me != dealer else 1  # the file's seats: 0 the non-dealer (T4)
    state = truc.determinizer(o)(_RNG)
    every = state.legal_actions()
    legal = [a for a in every if a.kind != "fold"]
    hist = [str(a) for a in o["history"][o["round_start"]:]]
    redeal = True
    if "accept" in hist and hist[:1] == ["redeal"] and hist[1:2] == ["accept"]:
        hist = hist[2:]
        redeal = False
    words = [word(w) for w in hist]
    hand = sorted(TRUC_STRENGTH[Card.parse(c, "truc")] for c in o["hand"])
    try:
        s, at = tab.locate(redeal, words)
    except KeyError:
        return _uniform(every), "outside"
    if s[0] != seat:
        return _uniform(every), "outside"
    block = tab.block(s, at)
    moves = [(kind, rank) for kind, rank, _ in tab.successors(s)]
    allowed = np.array([legal_move(m, legal) is not None for m in moves])
    k = played(s)
    dist, how = node_policy(block, moves, allowed, k, tuple(hand))
    if dist is None:
        return _uniform(every), "outside"
    out = {a: 0.0 for a in every}
    for m, p in zip(moves, dist, strict=True):
        if p > 0:
            a = legal_move(m, legal)
            assert a is not None
            out[a] += float(p)
    return out, how


def node_policy(block: npt.NDArray[np.float64], moves: list[tuple[int, int]],
                allowed: npt.NDArray[np.bool_], k: int, hand: tuple[int, ...]
                ) -> tuple[npt.NDArray[np.float64] | None, str]:
    """A hand's distribution over a node's moves (the file's, ``allowed`` those the real
    game permits), summing to 1, and "placed" or "translated"; None if nothing fits.
    The app calls this; the solver's check (``solve.ship.lift_file``) calls
    ``node_policies``, the same rule for every hand at once."""
    j = REST_INDEX[k][hand]
    dist, found, placed = node_policies(block, moves, allowed, k, [j])
    if not found[0]:
        return None, "outside"
    return dist[:, 0], "placed" if placed[0] else "translated"


def node_policies(block: npt.NDArray[np.float64], moves: list[tuple[int, int]],
                  allowed: npt.NDArray[np.bool_], k: int, columns: list[int] | None = None
                  ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_],
                             npt.NDArray[np.bool_]]:
    """Each hand's distribution over a node's moves, as ``node_policy`` (columns: the
    hands of REST[k], all or ``columns``): ``dist[move, i]``, ``found[i]`` (False where
    nothing fits) and ``placed[i]`` (the file's own numbers, none removed or borrowed)."""
    cols = np.arange(block.shape[1]) if columns is None else np.asarray(columns)
    raw = block[:, cols]
    dist = raw * allowed[:, None]
    total = dist.sum(axis=0)
    placed = total == raw.sum(axis=0)
    found = total > 0
    missing = np.flatnonzero(~found)
    if missing.size:
        held = block.sum(axis=0) > 0  # the hands the file holds numbers for here
        if held.any():
            for i in missing:
                got = _neighbour(block, held, allowed, moves, k, int(cols[i]))
                if got is not None:
                    dist[:, i], total[i], found[i], placed[i] = got, got.sum(), True, False
    dist[:, found] /= total[found]
    return dist, found, placed


_RNG = random.Random(0)  # the determinizer needs one; legal actions do not depend on it


def word(text: str) -> tuple[int, int]:
    """An action's text (T11) as a move of the solver's tree: (kind, rank)."""
    w = text.split()
    if w[0] == "play":
        return PLAY, TRUC_STRENGTH[Card.parse(w[1], "truc")]
    return _KIND_OF[w[0]], NONE


def legal_move(move: tuple[int, int], legal: list[truc.Action]) -> truc.Action | None:
    kind, rank = move
    for a in legal:
        if kind == PLAY:
            if a.kind == "play" and a.card is not None and TRUC_STRENGTH[a.card] == rank:
                return a
        elif _KIND_OF.get(a.kind) == kind:
            return a
    return None


def _uniform(every: list[truc.Action]) -> dict[truc.Action, float]:
    n = sum(a.kind != "fold" for a in every)
    return {a: 0.0 if a.kind == "fold" else 1.0 / n for a in every}


def _neighbour(block: npt.NDArray[np.float64], held: npt.NDArray[np.bool_],
               allowed: npt.NDArray[np.bool_], moves: list[tuple[int, int]], k: int, j: int
               ) -> npt.NDArray[np.float64] | None:
    """The distribution of the nearest hand the block holds (``held``, not empty) to
    REST[k][j], by the ranks' distance, cards mapped by rank order."""
    best = int(np.argmin(np.where(held, _DISTANCE[k][j], _FAR)))  # the first of the nearest
    hand, other = REST[k][j], REST[k][best]
    to_mine = {r: hand[i] for i, r in enumerate(other)}  # rank order to rank order
    out = np.zeros(len(moves))
    index = {m: i for i, m in enumerate(moves)}
    for i, (kind, rank) in enumerate(moves):
        p = block[i, best]
        if p <= 0:
            continue
        if kind == PLAY and rank not in to_mine:
            continue  # a hand the cards already shown rule out holds nothing useful
        m = (kind, to_mine[rank]) if kind == PLAY else (kind, rank)
        if m in index and allowed[index[m]]:
            out[index[m]] += p
    return out if out.sum() > 0 else None


_FAR = np.iinfo(np.int64).max
#: _DISTANCE[k][j, j']: how far REST[k][j] is from REST[k][j'] (ranks in order, summed)
_DISTANCE: tuple[npt.NDArray[np.int64], ...] = tuple(
    np.abs(np.array(r, dtype=np.int64).reshape(len(r), 1, -1)
           - np.array(r, dtype=np.int64).reshape(1, len(r), -1)).sum(axis=2)
    for r in REST)

