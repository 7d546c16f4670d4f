"""Grading decisions: what each of a player's choices cost, in one vocabulary for both games.

A decision's **loss** is ``max(values) - values[chosen]``: how much the player gave up
against the best action, by the values of every legal action in that position.  The unit is
the payoff those values measure (:data:`Unit`):

- ``"points"``: points of a Le Truc round (the solved strategy at scores solved for points);
- ``"match"``: the chance of winning a Le Truc match (the solved strategy near the target);
- ``"win chance"``: the chance of winning a Trufludo game, as the hints' search (the
  ``expert`` tier) estimates it.

:func:`classify` turns a loss into a :class:`Grade` (best / correct / inaccuracy / mistake /
blunder) with thresholds per unit (:data:`THRESHOLDS`); ``docs/coach.md`` says why these
numbers.  A choice the solved strategy itself makes with positive probability is never worse
than *correct*: it is part of the solution, and any loss measured on it is the solution's
own rounding, not the player's error.

Trufludo is graded here (:func:`grade_trufludo`): every move of the player that was a real
choice (two moves of different suits or kinds, F1) gets its cost in winning chance against
the best move of the ``expert`` search, by the figures the hint panel shows at that position
(:func:`expert_view`: a fixed seed per position and a fixed number of iterations, so that
the hint and the review agree and a review is the same every time it is made).  Pure: no
Textual; run it in a worker (about half a second for a whole game,
``python -m truf_tui.bench grading``).
"""

from __future__ import annotations

import enum
import threading
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Generic, Literal, Protocol, TypeVar

from truf_tui.ai import make_bot
from truf_tui.ai.trufludo_ai import move_class
from truf_tui.cards import TRUC_RANKS, TRUC_STRENGTH, Card
from truf_tui.engine import truc, trufludo
from truf_tui.i18n import signed, unsigned

A = TypeVar("A", bound=Hashable)

Unit = Literal["points", "match", "win chance"]
UNITS: tuple[Unit, ...] = ("points", "match", "win chance")


class Grade(enum.IntEnum):
    """A decision's class, best first (a higher number is a worse decision)."""

    BEST = 0
    CORRECT = 1
    INACCURACY = 2
    MISTAKE = 3
    BLUNDER = 4

    @property
    def key(self) -> str:
        """Its name in string keys (``grade.<key>``)."""
        return self.name.lower()


@dataclass(frozen=True)
class Thresholds:
    """The losses from which a decision stops being best, and is an inaccuracy, a mistake or
    a blunder (each bound included in the worse class)."""

    best: float  # a loss up to this is still the best choice (ties, rounding)
    inaccuracy: float
    mistake: float
    blunder: float


THRESHOLDS: dict[Unit, Thresholds] = {
    # Points of a Le Truc round: a round is worth 1 point until raised (T7).  A blunder
    # throws away half an unraised round; the solution's own mixing costs it under 0.01 a
    # decision (its exploitability is 0.0013 points a round), so that is "best".
    "points": Thresholds(best=0.01, inaccuracy=0.10, mistake=0.25, blunder=0.50),
    # Chances of winning the match or the game: the scale chess trainers use for a whole
    # game's winning chances (5, 10 and 15 points of percentage), half a point of
    # percentage for ties.
    "match": Thresholds(best=0.005, inaccuracy=0.05, mistake=0.10, blunder=0.15),
    "win chance": Thresholds(best=0.005, inaccuracy=0.05, mistake=0.10, blunder=0.15),
}


def classify(loss: float, unit: Unit, played_by_solution: bool = False) -> Grade:
    """The class of a decision that lost ``loss`` (in ``unit``) against the best action.

    ``played_by_solution``: the solved strategy makes this choice with positive probability
    in this spot; it is then at worst :attr:`Grade.CORRECT`, whatever its measured loss."""
    if unit not in THRESHOLDS:
        raise ValueError(f"unknown unit {unit!r}: expected one of {', '.join(UNITS)}")
    if not loss >= 0.0:  # NaN too
        if loss < 0.0 and loss > -1e-9:  # a rounding error on a best choice
            loss = 0.0
        else:
            raise ValueError(f"a loss is never negative: {loss!r}")
    t = THRESHOLDS[unit]
    if loss >= t.blunder:
        grade = Grade.BLUNDER
    elif loss >= t.mistake:
        grade = Grade.MISTAKE
    elif loss >= t.inaccuracy:
        grade = Grade.INACCURACY
    elif loss > t.best:
        grade = Grade.CORRECT
    else:
        grade = Grade.BEST
    if played_by_solution:
        grade = min(grade, Grade.CORRECT)
    return grade


def grade_key(grade: Grade, played: bool | None = None) -> str:
    """The string key of a decision's class in words: the one place that words a grade, so
    every screen (the review, the results, the trainer) says the same beside it.  A choice
    the solved player never makes can still be within the solution's rounding of the best
    value, or cost little: its class says so, and the words add that the solution never
    makes it (``grade.best.never``: "best value, though the solution never plays it"), never
    that it was wrong."""
    if played is False and grade <= Grade.CORRECT:
        return f"grade.{grade.key}.never"
    return f"grade.{grade.key}"


def is_wrong(grade: Grade) -> bool:
    """Whether a review may call the decision wrong ("a wrong call", "wrong decision, lucky
    cards"): only where its class is an error, an inaccuracy or worse.  A choice the solved
    player never makes but that loses nothing worth naming is graded best or correct, and
    is not called wrong beside that grade (issue 38: one set of figures)."""
    return grade >= Grade.INACCURACY


@dataclass(frozen=True)
class Graded(Generic[A]):
    """One graded decision of a game's record."""

    player: int  # the seat that decided
    index: int  # where in the record: the move ``record.moves[index]``
    action: A  # what was chosen
    loss: float  # max(values) - the chosen action's value, in ``unit``
    best: A  # the best action by ``values``
    values: tuple[tuple[A, float], ...]  # every legal action's value, best first
    unit: Unit
    grade: Grade
    tags: tuple[str, ...] = ()  # the leak categories of the spot (Le Truc: :data:`LEAKS`)
    # Le Truc: whether the solved player makes this choice here with positive probability
    # (one it never makes is named so beside its grade, :func:`grade_key`); None: no
    # solution to ask (Trufludo's search)
    played: bool | None = None

    @property
    def words_key(self) -> str:
        """The string key of its grade in words (:func:`grade_key`)."""
        return grade_key(self.grade, self.played)

    @classmethod
    def of(cls, player: int, index: int, action: A, values: Iterable[tuple[A, float]],
           unit: Unit, played_by_solution: bool | None = None,
           tags: tuple[str, ...] = ()) -> Graded[A]:
        """The grade of choosing ``action`` among ``values`` (one value per legal action);
        ``played_by_solution``: whether the solved player makes it (None: no solution)."""
        ranked = tuple(sorted(values, key=lambda av: -av[1]))
        if not ranked:
            raise ValueError("no action to grade against")
        chosen = dict(ranked)
        if action not in chosen:
            raise ValueError(f"{action!r} has no value among the legal actions")
        best, top = ranked[0]
        if chosen[action] >= top:
            best = action  # tied with the best: the choice itself is named best
        # the float noise of a difference of figures written to two decimals (0.49 - 0.48 is
        # 0.010000000000000009) must not cross a class's bound
        loss = round(max(0.0, top - chosen[action]), 9)
        return cls(player, index, action, loss, best, ranked, unit,
                   classify(loss, unit, bool(played_by_solution)), tags, played_by_solution)


def total_loss(graded: Iterable[Graded[A]]) -> float:
    """The sum of the losses (all in one unit: one game's decisions)."""
    return sum(g.loss for g in graded)


#: How many of the costliest decisions a review shows (both games' results; 1-3 open the
#: replay at each).
COSTLIEST = 3


def costliest(graded: Iterable[Graded[A]], n: int = COSTLIEST) -> list[Graded[A]]:
    """The ``n`` decisions that cost most, costliest first (earlier first among equals);
    decisions that cost nothing are left out."""
    lost = [g for g in graded if g.grade > Grade.BEST and g.loss > 0.0]
    lost.sort(key=lambda g: (-g.loss, g.index))
    return lost[:n]


def counts(graded: Iterable[Graded[A]]) -> dict[Grade, int]:
    """How many decisions of each class (every class present, zeros included)."""
    out = dict.fromkeys(Grade, 0)
    for g in graded:
        out[g.grade] += 1
    return out


# -- Trufludo -------------------------------------------------------------------------------------
#: Search iterations behind every Trufludo figure, the hint panel's and the review's
#: (:func:`expert_view`): a whole game (about 13 real choices of a player's 24 moves; the
#: last deal's are solved exactly) in about half a second of one core
#: (``python -m truf_tui.bench grading``).  Against a search of 20 000 iterations (the 2 s
#: the hint used to take) 500 pick the same best move 96% of the time (1 000: 95%, 200:
#: 88%; docs/coach.md).
GRADE_ITERATIONS = 500
#: The search's seed: a position's figures are the same every time they are asked for.
GRADE_SEED = 38


def shown_chance(value: float) -> float:
    """A chance as the screens write it, in whole percent (0.55 for 55%): the hint's figure
    of a move, and what a loss is the difference of (F1-F11 make no finer promise)."""
    return round(value, 2) + 0.0


def expert_view(state: trufludo.State, *, iterations: int = GRADE_ITERATIONS,
                seed: int = GRADE_SEED) -> list[tuple[trufludo.Play, float]]:
    """Every legal move of the player to move with its chance of winning the game, as the
    ``expert`` search sees it from that player's observation, in whole percent
    (:func:`shown_chance`), best first (equal figures in the search's order).

    The one source of Trufludo's figures: the hint panel shows these and the review grades
    by them, so a move the hint ranks first is never a mistake in the review, and a loss is
    the difference of two figures the hint showed.  Deterministic: the seed is the
    position's (its number of moves), whoever asks."""
    player = state.to_move
    if player is None:
        raise ValueError("the game is over: there is no move to judge")
    bot = make_bot("trufludo", "expert", seed=seed * 1009 + len(state.history),
                   iterations=iterations)
    stats = bot.analyse(state.observation(player))
    # F1: moves of one class (same suit, capture or not) are one move: one figure each.
    by_class: dict[int, float] = {}
    order: dict[int, int] = {}
    for st in stats:
        k = move_class(st.action)
        if k not in by_class:
            by_class[k] = shown_chance(st.value)
            order[k] = len(order)
    legal = [a for a in state.legal_actions() if move_class(a) in by_class]
    legal.sort(key=lambda a: (-by_class[move_class(a)], order[move_class(a)]))
    return [(a, by_class[move_class(a)]) for a in legal]


def positions(start: trufludo.State, moves: Sequence[trufludo.Play]
              ) -> list[trufludo.State]:
    """The state before each of ``moves`` (the engine checks every move)."""
    out = []
    s = start
    for a in moves:
        out.append(s)
        s = s.apply(a)
    return out


def is_choice(state: trufludo.State) -> bool:
    """Whether the player to move has a real choice: two legal moves that differ in more
    than which card of a suit is played or taken (F1: only the suit counts)."""
    return len({move_class(a) for a in state.legal_actions()}) > 1


def grade_move(state: trufludo.State, action: trufludo.Play, index: int, *,
               iterations: int = GRADE_ITERATIONS, seed: int = GRADE_SEED
               ) -> Graded[trufludo.Play]:
    """The cost of playing ``action`` in ``state``, in winning chance, against the best move
    by the figures of the hint panel at that position (:func:`expert_view`)."""
    player = state.to_move
    if player is None:
        raise ValueError("the game is over: there is no move to grade")
    values = expert_view(state, iterations=iterations, seed=seed)
    if not any(a == action for a, _ in values):
        raise ValueError(f"{action} is not a legal move here")
    return Graded.of(player, index, action, values, "win chance")


def grade_trufludo(start: trufludo.State, moves: Sequence[trufludo.Play], player: int, *,
                   iterations: int = GRADE_ITERATIONS, seed: int = GRADE_SEED,
                   cancelled: Callable[[], bool] = lambda: False
                   ) -> list[Graded[trufludo.Play]]:
    """Every real choice (:func:`is_choice`) of ``player`` in the game ``start`` + ``moves``,
    graded in the order played.  ``cancelled`` is asked between moves: when it says yes the
    grading stops and returns what it has."""
    out = []
    for i, s in enumerate(positions(start, moves)):
        if cancelled():
            break
        if s.to_move == player and is_choice(s):
            out.append(grade_move(s, moves[i], i, iterations=iterations, seed=seed))
    return out


def grade_game(final: trufludo.State, player: int, *, iterations: int = GRADE_ITERATIONS,
               seed: int = GRADE_SEED, cancelled: Callable[[], bool] = lambda: False
               ) -> list[Graded[trufludo.Play]] | None:
    """:func:`grade_trufludo` for the game that led to ``final``, replayed from its deal;
    None when its history does not lead there from its deal (a position set up by hand, a
    determinized state): there is no game to grade."""
    try:
        start = final.initial()
        states = positions(start, final.history)
        end = states[-1].apply(final.history[-1]) if states else start
    except (ValueError, TypeError):  # IllegalActionError is a ValueError
        return None
    if (end.hands, end.table, end.piles, end.stock) != (final.hands, final.table, final.piles,
                                                       final.stock):
        return None
    return grade_trufludo(start, final.history, player, iterations=iterations, seed=seed,
                          cancelled=cancelled)


# -- Le Truc --------------------------------------------------------------------------------------
#: The leak categories of a Le Truc decision, in the statistics' order (the drills deal by
#: the same ones, :func:`leak_tags`): raise or not with a weak hand, facing a raise, facing
#: a *Mia resto* (T8), the redeal (T3), the last trick, the end of a match (10-10, 11-x),
#: and every other card play.
LEAKS: tuple[str, ...] = ("weak", "raised", "rest", "redeal", "last", "end", "play")
#: The version of the categories' definition (:func:`leak_tags`, and a drill's
#: ``spots.drill_tags``) that a kept decision was tagged by: raise it whenever they change,
#: and the history tags again what an older one tagged (``History.decisions``).  0: kept
#: before the version was; 1: a decision's categories are what its choice was about (the
#: redeal only where one was chosen or best, a weak hand's raise only where a bet was,
#: *Mia resto* facing one).
LEAK_VERSION = 1
WEAK_TOP = TRUC_RANKS.index("K")  # a weak hand holds nothing above the king (T1)
# Graders run in worker threads (a round's, the results screen's): the solved values keep
# results for the process in plain dicts, so they are asked one at a time.
_VALUES_LOCK = threading.Lock()


class ActionValues(Protocol):
    """What grading asks of the solved player (ENGINE_API.md, the AI section):
    :class:`truf_tui.ai.solved.SolvedTrucBot` and the expert answer it."""

    def action_values(self, observation: truc.Observation) -> dict[truc.Action, float]: ...
    def value_unit(self, observation: truc.Observation) -> Literal["points", "match"]: ...
    def policy(self, observation: truc.Observation) -> dict[truc.Action, float]: ...


def truc_option(action: truc.Action) -> tuple[str, int]:
    """An action's class among a spot's choices: a card by its rank alone (T1: the suit
    never matters), any other action by its kind (a fold is a refusal: the same loss)."""
    if action.kind == "play" and action.card is not None:
        return ("play", TRUC_STRENGTH[action.card])
    return ("refuse" if action.kind == "fold" else action.kind, -1)


def is_truc_choice(state: truc.State) -> bool:
    """Whether the seat to move has a real choice: two options that differ in more than a
    card's suit or folding for refusing."""
    return len({truc_option(a) for a in state.legal_actions()}) > 1


def is_weak(hand: Sequence[Card | str]) -> bool:
    """No card above the king (T1)."""
    cards = [c if isinstance(c, Card) else Card.parse(c, "truc") for c in hand]
    return max(TRUC_STRENGTH[c] for c in cards) <= WEAK_TOP


def leak_tags(state: truc.State, chosen: truc.Action | None = None,
              best: truc.Action | None = None) -> tuple[str, ...]:
    """The leak categories (:data:`LEAKS`) of the decision of the seat to move: the one
    definition, which the drills deal their spots by too (``drills.categories_of``).

    Given the decision (``chosen``, and ``best`` by the values), only the categories the
    choice was about: raising with a weak hand counts where a bet (a raise, *Mia resto*)
    was chosen or was best, and the redeal, where it is only open (no redeal proposed),
    where a redeal was chosen or was best.  Otherwise every round's first decision would be
    "the redeal" and every weak hand's card "a weak hand's raise", and a wrong card would
    be drilled as a bet (the graded decisions are kept with these, and a game's missed
    spot is labelled by them, ``spots.game_spot``)."""
    p = state.to_move
    if p is None:
        return ()
    kinds = {a.kind for a in state.legal_actions()}
    decided = [a.kind for a in (chosen, best) if a is not None]
    out = []
    if "raise" in kinds and state.pending is None and is_weak(state.hands[p]) \
            and (not decided or "raise" in decided or "rest" in decided):
        out.append("weak")
    if state.pending == "raise":
        out.append("raised")
    if state.pending == "rest":  # facing a Mia resto (T8); declaring one is a raise's choice
        out.append("rest")
    if state.pending == "redeal" or ("redeal" in kinds
                                     and (not decided or "redeal" in decided)):
        out.append("redeal")
    if len(state.tricks) == 2:
        out.append("last")
    a, b = state.points
    target = state.rules.target
    if (a >= target - 2 and b >= target - 2) or max(a, b) == target - 1:
        out.append("end")
    if not out:
        out.append("play")
    return tuple(out)


def solved_grader() -> ActionValues:
    """The solved player, whose values grade every decision (the expert's yardstick)."""
    return make_bot("truc", "solved", seed=GRADE_SEED)  # type: ignore[return-value]


#: The decimals every screen writes a figure of each unit to, in the unit as written:
#: hundredths of a point of a round; a chance in percent to a tenth (0.1% of the match is
#: 0.001 of it: a whole percent wrote a loss of 0.4% as "0%"); Trufludo's winning chance in
#: whole percents (the search's estimates are no finer).  The hint panel, the reviews, the
#: results, the trainer and the statistics all write through :func:`written`.
SHOWN_DIGITS: dict[Unit, int] = {"points": 2, "match": 1, "win chance": 0}
#: A unit's figure as written: points as they are, a chance in percent.
WRITTEN_SCALE: dict[Unit, int] = {"points": 1, "match": 100, "win chance": 100}
#: At most this many decimals more than :data:`SHOWN_DIGITS` for a figure that would read as
#: zero (:func:`figure_digits`).
MORE_DIGITS = 3


def shown_value(value: float, unit: Unit = "points") -> float:
    """A Le Truc value as the screens write it (:data:`SHOWN_DIGITS`).  The solution's values
    are taken at this precision everywhere (:func:`solution_at`), so that a decision's loss
    is the difference of the two figures the hint panel showed (+1.92 and +0.88 cost 1.04,
    not the 1.05 of the unrounded values), and a move within rounding of the best is the
    best, as the panel ranks it."""
    k = WRITTEN_SCALE[unit]
    return round(round(value * k, SHOWN_DIGITS[unit]) / k, 9) + 0.0  # -0.0 becomes 0.0


def figure_digits(x: float, unit: Unit) -> int:
    """The decimals ``x`` (a value or a loss in ``unit``) is written with: the unit's
    :data:`SHOWN_DIGITS`, and more for a figure that would read as zero though it is not (a
    mean or a sum of losses below the last digit: 0.004 points is "0.004", never "0.00"),
    up to :data:`MORE_DIGITS` more."""
    d = SHOWN_DIGITS[unit]
    y = abs(x) * WRITTEN_SCALE[unit]
    while y > 0 and round(y, d) == 0 and d < SHOWN_DIGITS[unit] + MORE_DIGITS:
        d += 1
    return d


def written(x: float, unit: Unit, sign: bool = False, lang: str | None = None) -> str:
    """``x`` in ``unit`` as a number the player reads (points, or percent without its sign),
    in ``lang`` (default: the current language): the one writing of a figure of grading.
    ``sign``: a value ("+1.92"), to the unit's :data:`SHOWN_DIGITS` (the precision values
    are taken at); else a loss, a sum or a mean of losses, to :func:`figure_digits`."""
    y = x * WRITTEN_SCALE[unit]
    if sign:
        return signed(y, SHOWN_DIGITS[unit], lang)
    return unsigned(y, figure_digits(x, unit), lang)


def share_text(p: float) -> str:
    """How often the solved player makes a choice, in whole percent as every screen writes
    it, where a choice it makes is never "0%" and one it sometimes leaves never "100%": "<1",
    ">99" (a choice it never makes is "0": the grades name it, :func:`grade_key`)."""
    whole = int(round(100 * p))
    if p > 0.0 and whole == 0:
        return "<1"
    if p < 1.0 and whole == 100:
        return ">99"
    return str(whole)


def solved_share(policy: dict[truc.Action, float], action: truc.Action) -> float:
    """How often the solved player makes ``action``'s choice: its probability summed over the
    cards of the same rank (T1), as the hint panel shows it on one line."""
    def line(a: truc.Action) -> tuple[str, int]:  # the panel's line: a rank, else a kind
        return ("play", TRUC_STRENGTH[a.card]) if a.card is not None else (a.kind, -1)

    return sum(q for a, q in policy.items() if line(a) == line(action))


def by_solution(values: dict[truc.Action, float], policy: dict[truc.Action, float]
                ) -> list[tuple[truc.Action, float]]:
    """Every action with its value, best first, ties broken by how often the solved player
    makes it: the hint panel's order, the one the review's "best" and the leak categories
    come from (a card the solved player plays 94% of the time is the best, not a redeal it
    asks 6% of the time at the same value)."""
    return sorted(values.items(), key=lambda av: (-av[1], -solved_share(policy, av[0])))


@dataclass(frozen=True)
class Solution:
    """What the solution says to the seat to move."""

    values: dict[truc.Action, float]  # every legal action's value
    policy: dict[truc.Action, float]  # the solved player's probabilities
    unit: Literal["points", "match"]
    # the opponent's hand as the values weigh it: the ranks he may still hold -> probability
    opponent: dict[tuple[int, ...], float] | None = None


def solution_at(observation: truc.Observation, grader: ActionValues | None = None,
                with_range: bool = False) -> Solution:
    """The solution at ``observation`` (``with_range``: the opponent's range too, from the
    shipped files, as the solved player's values weigh it), its values to the precision the
    screens write them (:func:`shown_value`).  Seconds before a round's first
    card: call it in a worker (the graders, the hint panel), which it serialises."""
    from truf_tui.strategy.values import opponent_range

    g = grader if grader is not None else solved_grader()
    with _VALUES_LOCK:  # the values' kept results are the process's: one asker at a time
        raw = g.action_values(observation)
        unit = g.value_unit(observation)
        values = {a: shown_value(v, unit) for a, v in raw.items()}
        return Solution(values, g.policy(observation), unit,
                        opponent_range(observation) if with_range else None)


def grade_truc_move(state: truc.State, action: truc.Action, index: int,
                    grader: ActionValues | None = None) -> Graded[truc.Action]:
    """The cost of ``action`` in ``state`` against the best action by the solution's values
    (``action_values``: both seats then play the solved strategy), in its unit (points of
    the round, or the chance of winning the match near its end).  A choice the solved
    player makes with positive probability is never a mistake (docs/coach.md)."""
    player = state.to_move
    if player is None:
        raise ValueError("the match is over: there is no decision to grade")
    sol = solution_at(state.observation(player), grader)
    values, policy, unit = sol.values, sol.policy, sol.unit
    if action not in values:
        raise ValueError(f"{action} is not a legal action here")
    # One figure per rank (T1): a card the solved player plays in any suit is its play.
    rank = truc_option(action)
    played = any(q > 0.0 and truc_option(a) == rank for a, q in policy.items())
    g = Graded.of(player, index, action, by_solution(values, policy), unit, played)
    return replace(g, tags=leak_tags(state, action, g.best))


def grade_truc(state: truc.State, player: int, *, start: int = 0,
               grader: ActionValues | None = None,
               cancelled: Callable[[], bool] = lambda: False) -> list[Graded[truc.Action]]:
    """Every real choice (:func:`is_truc_choice`) of ``player`` in ``state``'s match from
    move ``start`` on (a round's first move, to grade the round just played), in the
    order played; ``cancelled`` is asked between decisions (it stops with what it has).
    Deterministic: the values are the observation's alone."""
    g = grader if grader is not None else solved_grader()
    out = []
    s = state.initial()
    for i, a in enumerate(state.history):
        if cancelled():
            break
        if i >= start and s.to_move == player and is_truc_choice(s):
            out.append(grade_truc_move(s, a, i, g))
        s = s.apply(a)
    return out


def totals(graded: Iterable[Graded[A]]) -> dict[Unit, float]:
    """The total loss in each unit present (a Le Truc match is graded in points at most
    scores and in match-win chance near its end)."""
    out: dict[Unit, float] = {}
    for g in graded:
        out[g.unit] = out.get(g.unit, 0.0) + g.loss
    return out


def costliest_scaled(graded: Iterable[Graded[A]], n: int = COSTLIEST) -> list[Graded[A]]:
    """The ``n`` decisions to look at first among decisions in different units: the worst
    grade first (a choice the solution makes is at worst correct, whatever the loss
    measured on it: the player's own errors come before the solution's rounding), then by
    how far each loss is into its unit's blunder threshold (half a point and 15% of the
    match are both blunders), earlier first among equals; best ones left out."""
    lost = [g for g in graded if g.grade > Grade.BEST and g.loss > 0.0]
    lost.sort(key=lambda g: (-g.grade, -g.loss / THRESHOLDS[g.unit].blunder, g.index))
    return lost[:n]


__all__ = ["COSTLIEST", "GRADE_ITERATIONS", "GRADE_SEED", "THRESHOLDS", "UNITS", "Grade", "Graded",
           "Thresholds", "Unit", "classify", "costliest", "counts", "grade_game", "grade_move",
           "grade_trufludo", "is_choice", "positions", "total_loss", "expert_view",
           "shown_chance",
           "LEAKS", "SHOWN_DIGITS", "ActionValues", "by_solution", "costliest_scaled",
           "grade_truc", "grade_truc_move",
           "is_truc_choice", "is_weak", "leak_tags", "Solution", "solution_at", "solved_grader",
           "shown_value", "solved_share", "totals", "truc_option", "WRITTEN_SCALE",
           "figure_digits", "grade_key", "is_wrong", "written", "MORE_DIGITS", "LEAK_VERSION",
           "share_text"]
