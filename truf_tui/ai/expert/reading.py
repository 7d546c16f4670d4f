"""The reading of the opponent: what the expert measures of it, round by round.

- **What is measured** (:class:`OpponentReading`), at every decision the opponent makes:
  how often it *refuses* the expert's raises and rests (T7, T8), and how often it
  *raises* when it may.  Each is compared with what the solved player would do in the
  same spot, averaged over the hands the opponent may hold there: its range, from the
  prior of card removal times the solved player's probability of the opponent's earlier
  moves this round.  So "folds too much" means: more often than the equilibrium would,
  with the hands it can have here, not more than some fixed figure.
- **When it counts:** only when the difference is significant (:class:`Tally`: a
  deviation :data:`PRIOR_ODDS` times likelier than the equilibrium).  Until then the
  expert plays the solved strategy exactly, so against an unknown opponent the
  exploitability figures of ``python -m truf_tui.solve check --shipped`` hold for what it
  plays.
- **Is it a threshold player?** (:mod:`truf_tui.strategy.threshold`: one who bets by its hand's
  strength alone, blind to the bet, and plays its cards greedily.)  Each such player of
  the grid is weighed against the solved strategy over whole rounds, every move of the
  opponent's with its range (``threshold``, an ``Evidence``); once the response plays,
  the opponent's answers and moves are bets on that reading, and a reading they refute is
  dropped for good (``misread``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from truf_tui.ai.solved_ranges import EDGE, FOLD, hand_rows, mass, solved_file, walk
from truf_tui.cards import TRUC_STRENGTH, Card
from truf_tui.engine import truc
from truf_tui.strategy.hands import HANDS, minus, pair_weight
from truf_tui.strategy.threshold import GRID, Evidence, model_column
from truf_tui.strategy.tree import (
    ACCEPT,
    NONE,
    PLAY,
    RAISE,
    REFUSE,
    State,
    successors,
)
from truf_tui.strategy.tree import REST as REST_KIND

PRIOR_ODDS = 20.0  # a deviation must be 20 times likelier than the equilibrium to act on
SHIFTS = (0.7, 1.4, 2.8)  # the deviations weighed, in log-odds (2.8: about 16 times the odds)
LEANS = (0.25, 0.5)  # the calibration test's bets on "accepts more" / "less" than the model
SURPRISE = 0.1  # a move the model gives less than this is one it all but rules out


@dataclass
class Tally:
    """One behaviour of the opponent (refusing, raising) as evidence for a deviation.

    Each decision multiplies likelihood ratios: the probability of what it did if it does
    the thing more often than the solved player (the solved probability ``p``, for the
    hand it showed or its range, with its log-odds raised by each shift of
    :data:`SHIFTS`) or less often (lowered), over the probability ``p`` itself.  A shift
    in log-odds moves little where the solved player is all but sure, so a player who
    agrees with it there and differs where it hesitates is seen as it is.  The evidence
    for "more" is the mean of its ratios over the shifts, and likewise for "less".  Under
    the solved strategy each is a martingale of mean 1, so it ever reaches ``r`` with
    probability at most 1/r (Ville's inequality): the posterior passes one half against
    an equilibrium player in at most about one series in :data:`PRIOR_ODDS`, however long.
    """

    seen: int = 0
    hits: int = 0
    expected: float = 0.0
    log_more: list[float] = field(default_factory=lambda: [0.0] * len(SHIFTS))
    log_less: list[float] = field(default_factory=lambda: [0.0] * len(SHIFTS))

    def add(self, hit: bool, p: float) -> None:
        p = min(1.0 - EDGE, max(EDGE, p))
        self.seen += 1
        self.hits += int(hit)
        self.expected += p
        odds = math.log(p / (1.0 - p))
        for i, shift in enumerate(SHIFTS):
            more = 1.0 / (1.0 + math.exp(-(odds + shift)))
            less = 1.0 / (1.0 + math.exp(-(odds - shift)))
            if hit:
                self.log_more[i] += math.log(more / p)
                self.log_less[i] += math.log(less / p)
            else:
                self.log_more[i] += math.log((1.0 - more) / (1.0 - p))
                self.log_less[i] += math.log((1.0 - less) / (1.0 - p))

    def rate(self) -> float:
        """How often it did it."""
        return self.hits / self.seen if self.seen else 0.0

    def evidence(self) -> tuple[float, float]:
        """The likelihood ratios (more, less) against the solved strategy."""
        return _mean_exp(self.log_more), _mean_exp(self.log_less)

    def tilt(self, scaled: bool = True, odds: float = 0.0) -> float:
        """How far to lean, signed (+ it does it too often, - too rarely): the posterior of
        the deviation (0 while below one half), times (``scaled``) the measured excess
        over the room the solved player leaves (its rate to 1, or to 0).  Unscaled, for a
        move the solved player is indifferent about (a bluff: any deviation of the
        opponent's makes it a loss or a gain), the posterior alone.  ``odds``: other
        prior odds than PRIOR_ODDS."""
        more, less = (_posterior(r, odds or PRIOR_ODDS) for r in self.evidence())
        if self.seen == 0 or more == less == 0.0:
            return 0.0
        base = self.expected / self.seen
        excess = (self.hits - self.expected) / self.seen
        room = (1.0 - base) if excess > 0 else base
        size = 0.0 if room <= 1e-9 else min(1.0, abs(excess) / room)
        if not scaled:
            size = 1.0 if size > 0 else 0.0
        if excess > 0 and more > 0:
            return more * size
        if excess < 0 and less > 0:
            return -less * size
        return 0.0


def _mean_exp(logs: list[float]) -> float:
    return sum(math.exp(min(x, 50.0)) for x in logs) / len(logs)


def _posterior(ratio: float, odds: float) -> float:
    """P(deviation | evidence) for prior odds 1 : ``odds``; 0 below one half."""
    post = ratio / (ratio + odds)
    return post if post >= 0.5 else 0.0


@dataclass
class RoundRead:
    """The round being read: where it starts in the history, its dealer and scores."""

    start: int
    dealer: int
    scores: tuple[int, int]  # (non-dealer, dealer), as the solver's files number them
    target: int
    mine: dict[bool, tuple[int, ...]] = field(default_factory=dict)  # my full hand, by stage
    words: list[str] = field(default_factory=list)  # its actions seen so far


class OpponentReading:
    """One opponent, as measured over the matches played against it (the module's
    docstring).  The measurement outlives a match: a bot kept for a series of matches (the
    app's next match, ``arena --series``) goes on from what it has seen.

    A round is read once it is over, when the cards it showed are known: the opponent's
    hand is then one of those holding every card it played (all three, if the round went
    to the last trick), so each of its decisions is judged with that hand, or that range.
    """

    def __init__(self) -> None:
        self.refuses = Tally()  # its answers to my raises (T7): refused?
        self.refuses_rest = Tally()  # its answers to my rests (T8): refused?
        self.raises = Tally()  # its turns where it may raise: raised (or rested)?
        self.threshold = Evidence()  # is it a threshold player (strategy.threshold)?
        # is the threshold player the response took it for right about its answers?
        self.calibration = [0.0] * (2 * len(LEANS))  # log wealth of each bet
        self.surprises = [0.0] * len(LEANS)  # ... on its making moves the model rules out
        self.answered = 0
        self.misread = False  # it answers otherwise than the model says: the response stops
        self.rounds = 0  # rounds read
        self.matches = 0  # matches begun
        self.me = -1  # my seat in the match being read
        self.round: RoundRead | None = None  # the round being read

    def update(self, o: truc.Observation) -> None:
        """Read the round that ended since the last call, if any (``o`` is mine)."""
        r = self.round
        history = o["history"]
        if (r is None or o["player"] != self.me
                or history[r.start:r.start + len(r.words)] != r.words):
            if r is not None:  # the last round of the last match, as far as I saw it
                self._read_round(r, r.words, r.target, last=True)
            self.matches += 1  # a new match; the tallies stay
            r = None
        self.me = o["player"]
        target = int(o["rules"]["target"])
        if r is not None and r.start != o["round_start"]:
            self._read_round(r, history[r.start:o["round_start"]], target)
            r = None
        if r is None:
            pts, dealer = o["scores"], o["dealer"]
            r = RoundRead(o["round_start"], dealer, (pts[1 - dealer], pts[dealer]), target)
            self.round = r
        self._remember_hand(r, o, target)
        r.words = list(history[r.start:])

    def _remember_hand(self, r: RoundRead, o: truc.Observation, target: int) -> None:
        """My full hand in this stage of the round (the cards in my hand and those played)."""
        words = o["history"][r.start:]
        fresh = words[:1] == ["redeal"] and words[1:2] == ["accept"]
        if len(r.mine.get(not fresh, ())) == 3:
            return
        seat = 0 if self.me != r.dealer else 1
        ranks = [TRUC_STRENGTH[Card.parse(c, "truc")] for c in o["hand"]]
        mine = [w[1] for s, w in walk(words[2:] if fresh else words, not fresh, target,
                                       r.scores) if w[0] == PLAY and s[0] == seat]
        r.mine[not fresh] = tuple(sorted(ranks + mine))

    def _read_round(self, r: RoundRead, words: list[str], target: int, last: bool = False
                    ) -> None:
        fresh = words[:1] == ["redeal"] and words[1:2] == ["accept"]
        redeal = not fresh
        mine = r.mine.get(redeal, ())
        tab = solved_file(target, r.scores)
        if len(mine) != 3 or tab is None:
            return  # my hand in that stage is unknown, or no file is installed
        opp = 1 if self.me != r.dealer else 0
        steps = list(walk(words[2:] if fresh else words, redeal, target, r.scores,
                           folds=True))
        if self.threshold.rounds:  # its bets, as the likeliest threshold player foresaw them
            self._check_bets(steps, opp, mine, target, r.scores)
        shown = [w[1] for s, w in steps if w[0] == PLAY and s[0] == opp]
        # the prior (T1, T2: card removal) over the hands holding every card it showed
        weights = np.array([pair_weight(mine, h) if minus(h, shown) is not None else 0.0
                            for h in HANDS])
        self.rounds += 1
        done: list[tuple[int, int]] = []
        models = np.repeat(weights[None, :], len(GRID), axis=0)  # [model, hand]
        for s, w in steps:
            if s[0] == opp:
                got = hand_rows(tab, redeal, done, s, weights)
                if got is not None:
                    moves, rows = got
                    self._count(s, moves, rows, weights, w)
                    if w in moves:  # its range: times what it plays with each hand (Bayes),
                        # never quite 0: it is not the solved player, and may do what it never does
                        weights = weights * np.maximum(rows[:, moves.index(w)], EDGE)
                        tree = tuple((k, q) for k, q, _ in successors(s, target, r.scores))
                        for i, m in enumerate(GRID):
                            models[i] *= model_column(s, tree, w, m)
            done.append(w)
        self.threshold.add_round(float(weights.sum()), models.sum(axis=1))

    def _check_bets(self, steps: list[tuple[State, tuple[int, int]]], opp: int,
                    mine: tuple[int, ...], target: int, scores: tuple[int, int]) -> None:
        """Each raise chance and each answer of its in the round, against what the
        likeliest threshold player (by the rounds before) foresaw, over its range as it
        was then: card removal and its earlier moves, not the cards it showed later."""
        model = self.threshold.likeliest()
        belief = np.array([pair_weight(mine, h) for h in HANDS])
        for s, w in steps:
            if s[0] != opp or (w[0] == FOLD and s[1] == NONE):
                continue  # (a fold while answering is a refusal, T9)
            tree = tuple((k, q) for k, q, _ in successors(s, target, scores))
            if s[1] in (RAISE, REST_KIND):  # it answers my raise or rest
                col, did = model_column(s, tree, (ACCEPT, NONE), model), w[0] == ACCEPT
            elif s[1] == NONE and (RAISE, NONE) in tree:  # it may raise
                col = model_column(s, tree, (RAISE, NONE), model)
                col = col + model_column(s, tree, (REST_KIND, NONE), model)
                did = w[0] in (RAISE, REST_KIND)
            else:
                col, did = None, False
            total = float(belief.sum())
            if col is not None and total > 0:
                self._check_answer(float(did), float((belief * col).sum()) / total)
            if total > 0:  # was its move one the model all but rules out here?
                p = [float((belief * model_column(s, tree, m, model)).sum()) / total
                     for m in tree]
                low = sum(x for x in p if x < SURPRISE)
                got = p[tree.index(w)] < SURPRISE if w in tree else True
                self._check_surprise(float(got), low)
            if w in tree:
                belief = belief * model_column(s, tree, w, model)

    def _check_surprise(self, got: float, low: float) -> None:
        """One move of the opponent's: ``got`` whether the model gave it under SURPRISE,
        ``low`` the model's chance of such a move there.  A bet on "more such moves than
        the model says", as ``_check_answer``'s (one way only: a player who never does the
        unlikely, as the model's floor of NOISE leaves room for, is no misread)."""
        d = got - low
        for i, lean in enumerate(LEANS):
            self.surprises[i] += math.log(1.0 + lean * d)
        if _mean_exp(self.surprises) >= PRIOR_ODDS:
            self.misread = True

    def _check_answer(self, did: float, q: float) -> None:
        """One bet of the opponent's (a raise or an acceptance: ``did``), which the
        threshold player it is taken for makes with chance ``q``.  Each bet of LEANS stakes
        on "more" (or "less") than that: a fair bet if the model is right, so the mean of
        their wealths reaches PRIOR_ODDS with chance 1/PRIOR_ODDS at most (Ville); once it
        does, the opponent is not that player, and the response stops for good."""
        self.answered += 1
        d = did - q
        for i, lean in enumerate(LEANS):
            self.calibration[2 * i] += math.log(1.0 + lean * d)
            self.calibration[2 * i + 1] += math.log(1.0 - lean * d)
        if _mean_exp(self.calibration) >= PRIOR_ODDS:
            self.misread = True

    def _count(self, s: State, moves: list[tuple[int, int]], rows: np.ndarray,
               weights: np.ndarray, w: tuple[int, int]) -> None:
        if s[1] in (RAISE, REST_KIND):  # it answers my raise or rest (T7, T8; a fold refuses)
            p = mass(rows, weights, moves, {REFUSE})
            if p is not None:
                tally = self.refuses if s[1] == RAISE else self.refuses_rest
                tally.add(w[0] in (REFUSE, FOLD), p)
        elif s[1] == NONE and any(k == RAISE for k, _ in moves):
            p = mass(rows, weights, moves, {RAISE, REST_KIND})
            if p is not None:
                self.raises.add(w[0] in (RAISE, REST_KIND), p)


_MEMORY: dict[str, OpponentReading] = {}


def remembered(opponent: str) -> OpponentReading:
    """The measurement of ``opponent`` kept in this process (a new one the first time)."""
    return _MEMORY.setdefault(opponent, OpponentReading())


def forget(opponent: str | None = None) -> None:
    """Drop what was measured of ``opponent`` (of everyone without it)."""
    if opponent is None:
        _MEMORY.clear()
    else:
        _MEMORY.pop(opponent, None)
