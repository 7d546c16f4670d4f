"""Hints (``h`` on both tables): every legal move, best first, with its figure and a one-line
reason in words (:mod:`truf_tui.coach`).

Trufludo's figures are the ``expert`` search's chances of winning the game, the very figures
the end-of-game review grades by (``grading.expert_view``: one seed per position, a fixed
budget), with the moves of one suit and kind on one line (F1: only the suit counts).  Le Truc's all
come from the solution (issue 38 A1-A3): each move's value when both players then play the
solved strategy (``action_values``, in points of the round or the chance of winning the
match, ``value_unit``), ranked by it, fold included, and how often the solved player makes
the move with this hand; the reasons beside them carry no other estimate of the same bet.

Here are the verdict (:func:`analyse`, slow: run it in a worker thread) and its words; the
panel showing them is :class:`truf_tui.ui.screens.hint.HintScreen`, and the table counts
the hints (:meth:`truf_tui.ui.screens.table_base.TableScreen.action_hint`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from truf_tui.ai.trufludo_ai import move_class
from truf_tui.cards import Card
from truf_tui.coach import Reason
from truf_tui.engine import truc, trufludo
from truf_tui.play.config import HUMAN
from truf_tui.ui.i18n import all_strings, tr, unsigned
from truf_tui.ui.widgets.cards import card_markup

if TYPE_CHECKING:
    from truf_tui.ai import BotOptions
    from truf_tui.engine.record import AnyState

BAR = 10  # cells of the little probability bar


@dataclass(frozen=True)
class HintLine:
    """One legal move as the expert sees it."""

    action: truc.Action | trufludo.Play
    # Trufludo: the search's chance of winning the game; Le Truc: the solution's value of
    # the move, in the hint's unit
    value: float
    reason: Reason
    solved: float | None = None  # Truc: how often the solved player makes it with this hand
    # the other moves that are the same move: Truc's plays of the other cards of the same
    # rank (T1), Trufludo's of the same suit, or taking another card of it (F1)
    same: tuple[truc.Action | trufludo.Play, ...] = ()


@dataclass(frozen=True)
class Hint:
    """The expert's view of one position, ``state``."""

    game: str
    state: AnyState
    lines: tuple[HintLine, ...] | None  # None: the expert failed
    # Truc: what the values measure, points of the round or the chance of winning the match
    unit: Literal["points", "match"] | None = None
    # Trufludo: every legal move is the same move (F1): nothing to weigh, no figure
    forced: bool = False


def analyse(game: str, state: AnyState, bot_options: BotOptions, seed: int,
            me: int = HUMAN, log_folder: Path | None = None) -> Hint:
    """Ask the expert about ``state`` (``me`` to move: the human, or in hot-seat the player at
    the keyboard, who sees only their own hand) and word every move.  Slow (Le Truc's
    values take up to about 2 s before a round's first card): run it in a worker thread.
    If the expert crashes, its traceback goes to the error log in ``log_folder`` (else the
    default data folder) and the hint says it failed.  Trufludo's figures are the review's
    (``grading.expert_view``), seeded by the position, not by ``seed``."""
    if game == "truc":
        assert isinstance(state, truc.State)
        return _truc_hint(state, seed, me, log_folder)
    assert isinstance(state, trufludo.State)
    return _trufludo_hint(state, bot_options, me, log_folder)


def _trufludo_hint(state: trufludo.State, bot_options: BotOptions, me: int,
                   log_folder: Path | None) -> Hint:
    """Trufludo's hint: the figures the end-of-game review grades by (one search, one seed
    per position: ``grading.expert_view``), the moves of one class on one line (F1)."""
    from truf_tui import coach
    from truf_tui.grading import GRADE_ITERATIONS, expert_view, is_choice
    from truf_tui.store.errorlog import log_bot_crash

    if state.to_move == me and not is_choice(state):
        # One card, or cards of one suit (F1): the search has nothing to compare, and its
        # "50%" was no chance of winning (it read as a coin toss beside a game at 25%).
        return Hint("trufludo", state, (HintLine(state.legal_actions()[0], 0.0,
                                                 coach.trufludo_reason(
                                                     state, state.legal_actions()[0]),
                                                 same=tuple(state.legal_actions()[1:])),),
                    forced=True)
    wanted = bot_options.get("iterations")  # the app's budget if it sets one (tests)
    try:
        if state.to_move != me:
            raise ValueError("not this seat's turn: there is no move to judge")
        values = expert_view(state, iterations=wanted if isinstance(wanted, int)
                             else GRADE_ITERATIONS)
    except Exception as e:  # a bot bug must not end the player's game: it is logged
        log_bot_crash(e, game="trufludo", tier="expert", where="hint", seat=me,
                      moves=state.history, folder=log_folder)
        return Hint("trufludo", state, None)
    groups: dict[int, list[tuple[trufludo.Play, float]]] = {}
    for a, v in values:
        groups.setdefault(move_class(a), []).append((a, v))
    lines = []
    for group in groups.values():
        first, value = group[0]
        reason = coach.trufludo_reason(state, first)
        if len(group) > 1:  # the card each one leaves alone, if they differ: all of them
            left = []
            for a, _ in group:
                c = coach.trufludo_reason(state, a).params.get("left")
                if isinstance(c, Card) and c not in left:
                    left.append(c)
            if len(left) > 1:
                reason = Reason(reason.key, {**reason.params, "left": tuple(left)})
        lines.append(HintLine(first, value, reason, same=tuple(a for a, _ in group[1:])))
    return Hint("trufludo", state, tuple(lines))


def _truc_hint(state: truc.State, seed: int, me: int, log_folder: Path | None) -> Hint:
    """Le Truc's hint from the solution alone: the values rank the moves (A2, A3: fold by
    its value too), the solved player's probabilities say how it plays this hand."""
    from truf_tui import coach
    from truf_tui.ai import make_bot
    from truf_tui.grading import ActionValues, solution_at
    from truf_tui.store.errorlog import log_bot_crash

    try:
        bot: ActionValues = make_bot("truc", "solved", seed=seed)  # type: ignore[assignment]
        sol = solution_at(state.observation(me), bot, with_range=True)
    except Exception as e:  # a bot bug must not end the player's game: it is logged
        log_bot_crash(e, game="truc", tier="solved", where="hint", seat=me,
                      moves=state.history, folder=log_folder)
        return Hint("truc", state, None)
    lines = [HintLine(a, sol.values[a], coach.truc_fact(state, a, me, sol.opponent),
                      sol.policy.get(a, 0.0))
             for a in state.legal_actions() if a in sol.values]
    return Hint("truc", state, ranked(by_rank(lines), sol.unit), sol.unit)


def ranked(lines: tuple[HintLine, ...], unit: Literal["points", "match"] | None
           ) -> tuple[HintLine, ...]:
    """Best value first.  Values the panel shows as equal (:func:`shown`) are a tie (the
    solution's own rounding: a raise at +1.0002 beside plays at +1.00), broken by how often
    the solved player makes the move, then by the engine's order."""
    return tuple(sorted(lines, key=lambda x: (-shown(x.value, unit), -(x.solved or 0.0))))


def shown(value: float, unit: Literal["points", "match"] | None) -> float:
    """A value as the panel writes it (``grading.shown_value``): points to two decimals, a
    chance of the match in percent to a tenth; Trufludo's search's chance in whole percent."""
    from truf_tui.grading import shown_value

    return shown_value(value, "win chance" if unit is None else unit)


def by_rank(lines: list[HintLine]) -> tuple[HintLine, ...]:
    """Truc's moves with the cards of one rank as one line (T1: suits never matter, so the
    two are one move), where the first of them stood: the best of their chances, the sum
    of the solved player's probabilities.  The order is the lines', unchanged."""
    groups: dict[object, list[HintLine]] = {}
    for line in lines:
        a = line.action
        key: object = a
        if isinstance(a, truc.Action) and a.kind == "play" and a.card is not None:
            key = ("play", a.card.rank)
        groups.setdefault(key, []).append(line)
    out = []
    for group in groups.values():
        first = group[0]
        if len(group) == 1:
            out.append(first)
            continue
        solved = [x.solved for x in group]
        out.append(HintLine(first.action, max(x.value for x in group), first.reason,
                            None if any(p is None for p in solved)
                            else sum(p for p in solved if p is not None),
                            tuple(x.action for x in group[1:]
                                  if isinstance(x.action, truc.Action))))
    return tuple(out)


def reason_text(reason: Reason, style: str = "symbols") -> str:
    """A reason in the current language (``coach.<key>``, or ``coach.<key>.one`` for n = 1)."""
    key = f"coach.{reason.key}"
    if reason.params.get("n") == 1 and f"{key}.one" in all_strings():
        key += ".one"
    params = {k: card_markup(v, style) if isinstance(v, Card)
              else either([card_markup(c, style) for c in v]) if isinstance(v, tuple) else v
              for k, v in reason.params.items()}
    return tr(key, **params)


def either(items: list[str]) -> str:
    """Alternatives in words: "A", "A or B", "A, B or C" (eo: "aŭ")."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + tr("hint.or") + items[-1]


def action_text(game: str, state: AnyState, action: truc.Action | trufludo.Play,
                style: str = "symbols", same: tuple[truc.Action | trufludo.Play, ...] = ()
                ) -> str:
    """A move as the hint list names it (``same``: the moves that are the same move, named
    on the same line: Truc's plays of the other cards of the same rank, Trufludo's of the
    other cards of the suit, or taking another card of it)."""
    if game == "trufludo":
        assert isinstance(action, trufludo.Play)
        moves = [action, *(a for a in same if isinstance(a, trufludo.Play))]
        played = list(dict.fromkeys(a.card for a in moves))
        card = either([card_markup(c, style) for c in played])
        if action.take is None:
            return tr("hint.f.throw", card=card)
        taken = list(dict.fromkeys(a.take for a in moves if a.take is not None))
        return tr("hint.f.take", card=card,
                  take=either([card_markup(c, style) for c in taken]))
    assert isinstance(action, truc.Action) and isinstance(state, truc.State)
    if action.kind == "play":
        assert action.card is not None  # a play names its card
        if same:
            return tr("hint.t.play.same", card=card_markup(action.card, style),
                      others=", ".join(card_markup(a.card, style) for a in same
                                        if a.card is not None))
        return tr("hint.t.play", card=card_markup(action.card, style))
    if action.kind == "raise":
        return tr("hint.t.raise", n=truc.next_stake(state.stake))
    return tr(f"hint.t.{action.kind}")


def bar(value: float) -> str:
    n = max(0, min(BAR, int(round(value * BAR))))
    return "█" * n + "[dim]" + "░" * (BAR - n) + "[/]"


def figure(value: float, unit: Literal["points", "match"] | None) -> str:
    """A move's figure, written as every figure of grading is (``grading.written``): points
    of a round with a sign and two decimals (Esperanto: a decimal comma; the minus sign, not
    a hyphen); a chance as a bar and percent, of the match to a tenth, of a Trufludo game
    whole."""
    from truf_tui.grading import SHOWN_DIGITS, Unit, written

    if unit == "points":
        return f"{written(value, unit, sign=True):>6}"
    chance: Unit = "win chance" if unit is None else unit  # None: Trufludo's search
    text = unsigned(100 * value, SHOWN_DIGITS[chance])
    return f"{bar(value)} {text:>{3 if unit is None else 5}}%"


def hint_markup(hint: Hint, style: str = "symbols") -> str:
    """The body of the panel: what ranks the moves, then every move, best first, with its
    figure, its reason and (Le Truc) the solved player's frequency."""
    if hint.lines is None:
        return f"[$text-warning]{tr('hint.failed')}[/]"
    if hint.forced:  # no choice: the move and what it does, no figure
        line = hint.lines[0]
        return "\n".join([tr("hint.f.forced"), "",
                          "[b]" + action_text(hint.game, hint.state, line.action, style,
                                              line.same) + "[/]",
                          f"[dim]  {reason_text(line.reason, style)}[/]"])
    head = "hint.head.trufludo" if hint.game == "trufludo" else f"hint.head.truc.{hint.unit}"
    out = [tr(head), ""]
    for i, line in enumerate(hint.lines):
        what = action_text(hint.game, hint.state, line.action, style, line.same)
        head = f"{figure(line.value, hint.unit)}  {what}"
        out.append(f"[b]{head}[/]" if i == 0 else head)
        out.append(f"[dim]  {reason_text(line.reason, style)}[/]")
        if line.solved is not None:
            from truf_tui.grading import share_text

            out.append(f"[dim]  {tr('hint.solved', p=share_text(line.solved))}[/]")
    return "\n".join(out)


__all__ = ["Hint", "HintLine", "action_text", "analyse", "by_rank", "either", "figure",
           "hint_markup",
           "ranked", "reason_text", "shown"]
