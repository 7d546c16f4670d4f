"""The response: the best reply to a threshold player, once the reading has found one.

A threshold player (:mod:`truf_tui.strategy.threshold`) bets by its hand's strength alone.  Once
the reading (:mod:`truf_tui.ai.expert.reading`) says the opponent is one, the expert plays
the best response to it over the rest of the round (:func:`truf_tui.strategy.threshold.best_move`,
searched within :data:`RESPONSE_SECONDS`; where the search does not finish in time, the
tilted solved distribution plays):

- against a **fixed habit** (always raising or always accepting), the likeliest such
  player, from the second round of the first match (:data:`HABIT_ROUNDS`);
- against **any other**, the posterior mean of the thresholds, from the third round of the
  first match (:data:`MIN_ROUNDS`), its own answers to a raise or rest kept among those the
  solved player gives with the same hand (:data:`SUPPORT`): a player who only looks like
  a threshold player (the independent ``tight``) is punished by wrong answers far more than
  by wrong bets;
- never again once the opponent's answers disagree with the reading (``misread``).

The rest of the match is valued by what it is worth against that player
(:mod:`truf_tui.ai.habits`), not by the solved player's self-play.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from truf_tui.ai.expert.reading import PRIOR_ODDS, OpponentReading
from truf_tui.ai.habits import match_win_against, match_win_mixed
from truf_tui.ai.solved_ranges import walk
from truf_tui.engine import truc
from truf_tui.strategy.hands import HANDS, minus, pair_weight
from truf_tui.strategy.matchtable import MatchWin, match_win
from truf_tui.strategy.threshold import best_move, fixed_habit, model_column
from truf_tui.strategy.tree import ACCEPT, PLAY, REFUSE, Outcome, State, root_state, successors

Move = tuple[int, int]  # a move of the solver's tree: (kind, rank)
Answers = Callable[[Move], bool]  # which answers to a raise or rest the response may give
# What plays the response: the reading, my decision, the clock's end, the answers allowed.
Respond = Callable[[OpponentReading, truc.Observation, float, Answers], Move | None]

# The best response to a threshold player: (my raises after this move, the share of the
# time left), tried in turn; beyond the last the solved strategy plays.  The time: what
# is left of RESPONSE_SECONDS from the start of the decision (0.3 s a decision at most).
RESPONSE_TREES = ((1, 0.45), (0, 1.0))
RESPONSE_SECONDS = 0.12
# The response starts once this many rounds are read, in the first match too: a match to
# 12 lasts about four rounds, so a reading that waits longer comes too late (what an
# earlier reading is worth: docs/solver.md, "Told the opponent")
MIN_ROUNDS, MIN_MATCHES = 2, 1
# ... except against a fixed habit (``threshold.fixed_habit``: always raising or always
# accepting, whatever the hand), from the second round of the first match: every bet is
# all but certain under such a model, so one move against it is evidence enough to drop it
HABIT_ROUNDS = 1
# ... and at prior odds of 1 : 5, not 20: such a model gives its habit's move 0.97, so one
# move against the habit all but rules it out, and the misreading check stops a wrong one
# within moves; against the solved player it played in 2 matches of 400, its score unchanged
HABIT_ODDS = 5.0
# Against any other player the response's answers to a raise or rest (T7, T8) are among
# those the solved player gives with my hand at least this often: a wrong answer is where
# a misread player costs most
SUPPORT = 0.05


def threshold_move(reading: OpponentReading, o: truc.Observation, until: float,
                   answers: Answers | None = None) -> Move | None:
    """Once the reading says the opponent is a threshold player: the best response over
    the rest of the round to the likeliest one if that is a fixed habit, else to the
    posterior mean of the thresholds with my answers kept to those ``answers`` allows
    (SUPPORT).  None until then, or where the tree cannot be searched by ``until``
    (``time.perf_counter``)."""
    if reading.round is None or reading.misread:
        return None
    evidence = reading.threshold
    model = evidence.likeliest()
    odds = HABIT_ODDS if fixed_habit(model) else PRIOR_ODDS
    if evidence.posterior(odds) < 0.5:
        return None
    if fixed_habit(model):
        return respond_to(reading, model, o, until) if reading.rounds >= HABIT_ROUNDS else None
    if reading.rounds < MIN_ROUNDS or reading.matches < MIN_MATCHES:
        return None
    return respond_to(reading, evidence.mean(), o, until, answers,
                      match_win_mixed(list(evidence.weights())))


def respond_to(reading: OpponentReading, model: tuple[float, float], o: truc.Observation,
               until: float, answers: Answers | None = None, match: MatchWin | None = None
               ) -> Move | None:
    """The best response to the threshold player ``model`` at my decision ``o``, its hand's
    range read from its moves this round (None where the tree cannot be searched by
    ``until``, or it is not my move there).  ``answers``: which accepts and refusals it may
    choose (all without it); ``match`` values the round's ends (``model``'s own table,
    ``ai.habits``, without it; the self-play one if it has none)."""
    r = reading.round
    if r is None:
        return None
    words = r.words
    fresh = words[:1] == ["redeal"] and words[1:2] == ["accept"]
    redeal = not fresh
    mine = r.mine.get(redeal, ())
    if len(mine) != 3:
        return None
    seat = 0 if reading.me != r.dealer else 1
    steps = list(walk(words[2:] if fresh else words, redeal, r.target, r.scores))
    s: State | Outcome = root_state(redeal) if not steps else steps[-1][0]
    if steps:  # the state after the last move
        s = next(n for k, q, n in successors(steps[-1][0], r.target, r.scores)
                 if (k, q) == steps[-1][1])
    if isinstance(s, Outcome) or s[0] != seat:
        return None
    shown = [w[1] for t, w in steps if w[0] == PLAY and t[0] != seat]
    belief = np.array([pair_weight(mine, h) if minus(h, shown) is not None else 0.0
                       for h in HANDS])
    for t, w in steps:
        if t[0] != seat:
            tree = tuple((k, q) for k, q, _ in successors(t, r.target, r.scores))
            if w in tree:
                belief = belief * model_column(t, tree, w, model)
    points = (int(o["scores"][0]), int(o["scores"][1]))
    # the rest of the match as the response plays it against this player (ai.habits)
    match = match or match_win_against(model) or match_win
    for future, share in RESPONSE_TREES:  # the largest tree that is quick enough
        seconds = (until - time.perf_counter()) * share
        if seconds < 0.005:
            break
        got = best_move(s, seat, mine, belief, model, r.target, r.scores, o["player"],
                        o["dealer"], points, future=future, seconds=seconds, match=match)
        if got is not None:
            move, values = got
            if answers is not None and move[0] in (ACCEPT, REFUSE):
                fine = {m: v for m, v in values.items() if answers(m)}
                move = max(fine, key=lambda m: fine[m]) if fine else move
            return move
    return None
