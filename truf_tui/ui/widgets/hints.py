"""Hints (``h`` on both tables): the expert's evaluation of every legal move, best first, with
the estimated chance to win and a one-line reason in words (:mod:`truf_tui.coach`).

Here are the expert's verdict (:func:`analyse`, slow: run it in a worker thread) and its
words; the panel showing them is :class:`truf_tui.ui.screens.hint.HintScreen`, and the table
counts the hints (:meth:`truf_tui.ui.screens.table_base.TableScreen.action_hint`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from truf_tui.cards import Card
from truf_tui.coach import Reason
from truf_tui.engine import truc, trufludo
from truf_tui.play.config import HUMAN
from truf_tui.ui.i18n import all_strings, tr
from truf_tui.ui.widgets.cards import card_markup

if TYPE_CHECKING:
    from truf_tui.ai import BotOptions
    from truf_tui.ai.solved_view import AnswerView, RaiseView
    from truf_tui.engine.record import AnyState

BAR = 10  # cells of the little probability bar


@dataclass(frozen=True)
class HintLine:
    """One legal move as the expert sees it."""

    action: truc.Action | trufludo.Play
    value: float  # estimated probability of winning (the game, or the Truc match)
    reason: Reason
    solved: float | None = None  # Truc: how often the solved player makes it with this hand
    same: tuple[truc.Action, ...] = ()  # Truc: the plays of the other cards of the same rank (T1)


@dataclass(frozen=True)
class Hint:
    """The expert's view of one position, ``state``."""

    game: str
    state: AnyState
    lines: tuple[HintLine, ...] | None  # None: the expert failed
    # Truc: the solved player's view of a raise or an answer here
    view: RaiseView | AnswerView | None = None


def analyse(game: str, state: AnyState, bot_options: BotOptions, seed: int,
            me: int = HUMAN, log_folder: Path | None = None) -> Hint:
    """Ask the expert about ``state`` (``me`` to move: the human, or in hot-seat the player at
    the keyboard, who sees only their own hand) and word every move.  Slow: run it in a
    worker thread.  If the expert crashes, its traceback goes to the error log in
    ``log_folder`` (else the default data folder) and the hint says it failed."""
    from truf_tui import coach
    from truf_tui.ai import make_bot
    from truf_tui.store.errorlog import log_bot_crash

    # Truc's expert plays a solved strategy and estimates no win chances; the chances come
    # from the searching player (hard), and each move says how often the solved one makes it.
    searcher = "hard" if game == "truc" else "expert"
    try:
        bot = make_bot(game, searcher, seed=seed, **bot_options)
        stats = bot.analyse(state.observation(me))
    except Exception as e:  # a bot bug must not end the player's game: it is logged
        log_bot_crash(e, game=game, tier=searcher, where="hint", seat=me,
                      moves=state.history, folder=log_folder)
        return Hint(game, state, None)
    lines: list[HintLine] = []
    if game == "truc":
        assert isinstance(state, truc.State)
        solved = _solved_policy(state, me)
        # The same reading of the opponent's betting as the expert's figures: facing a
        # rest, "your hand wins 89%" next to "22% accept" was the uniform estimate.
        eq, read = coach.read_equity(state, me)
        for st in stats:
            lines.append(HintLine(st.action, st.value,
                                  coach.truc_reason(state, st.action, me, eq, read),
                                  None if solved is None else solved.get(st.action, 0.0)))
        return Hint(game, state, by_rank(lines), _solved_view(state))
    else:
        assert isinstance(state, trufludo.State)
        for st in stats:
            lines.append(HintLine(st.action, st.value, coach.trufludo_reason(state, st.action)))
    return Hint(game, state, tuple(lines))


def by_rank(lines: list[HintLine]) -> tuple[HintLine, ...]:
    """Truc's moves with the cards of one rank as one line (T1: suits never matter, so the
    two are one move), where the first of them stood: the best of their chances, the sum
    of the solved player's probabilities.  The order is the searcher's, unchanged."""
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


def _solved_view(state: truc.State) -> RaiseView | AnswerView | None:
    """What the solved player says of a raise here, or of the answer to one (it reads
    only what the player to move can see)."""
    from truf_tui.ai.solved_view import answer_view, raise_view

    if state.pending in ("raise", "rest"):
        return answer_view(state)
    if state.pending is None and truc.RAISE in state.legal_actions():
        return raise_view(state)
    return None


def view_text(view: object) -> str | None:
    """The solved player's view in words (None: nothing to say)."""
    from truf_tui.ai.solved_view import AnswerView, RaiseView

    def pct(x: float) -> int:
        return int(round(100 * x))

    if isinstance(view, RaiseView):
        return tr("hint.view.bluff" if view.bluff else "hint.view.value",
                  w=pct(view.called_wins))
    if isinstance(view, AnswerView):
        return tr("hint.view.answer", s=pct(view.range_share), b=pct(view.below))
    return None


def _solved_policy(state: truc.State, me: int) -> dict[truc.Action, float] | None:
    """The solved player's probabilities in the player's seat (None if not installed)."""
    from truf_tui.strategy.shipped import policy
    from truf_tui.strategy.trufbp import BlueprintError

    try:
        return policy(state.observation(me))[0]
    except BlueprintError:
        return None


def reason_text(reason: Reason, style: str = "symbols") -> str:
    """A reason in the current language (``coach.<key>``, or ``coach.<key>.one`` for n = 1)."""
    key = f"coach.{reason.key}"
    if reason.params.get("n") == 1 and f"{key}.one" in all_strings():
        key += ".one"
    params = {k: card_markup(v, style) if isinstance(v, Card) else v
              for k, v in reason.params.items()}
    return tr(key, **params)


def action_text(game: str, state: AnyState, action: truc.Action | trufludo.Play,
                style: str = "symbols", same: tuple[truc.Action, ...] = ()) -> str:
    """A move as the hint list names it (``same``: Truc's plays of the other cards of the
    same rank, named on the same line)."""
    if game == "trufludo":
        assert isinstance(action, trufludo.Play)
        card = card_markup(action.card, style)
        if action.take is None:
            return tr("hint.f.throw", card=card)
        return tr("hint.f.take", card=card, take=card_markup(action.take, style))
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


def hint_markup(hint: Hint, style: str = "symbols") -> str:
    """The body of the panel: every move, best first, two lines each."""
    if hint.lines is None:
        return f"[$text-warning]{tr('hint.failed')}[/]"
    out = [tr(f"hint.head.{hint.game}"), ""]
    note = view_text(hint.view)
    if note is not None:  # the spot first; the head introduces the list of moves
        out[0:0] = [f"[i]{note}[/]", ""]
    for i, line in enumerate(hint.lines):
        pct = f"{int(round(100 * line.value)):3d}%"
        what = action_text(hint.game, hint.state, line.action, style, line.same)
        head = f"{bar(line.value)} {pct}  {what}"
        out.append(f"[b]{head}[/]" if i == 0 else head)
        out.append(f"[dim]  {reason_text(line.reason, style)}[/]")
        if line.solved is not None:
            out.append(f"[dim]  {tr('hint.solved', p=int(round(100 * line.solved)))}[/]")
    return "\n".join(out)


__all__ = ["Hint", "HintLine", "action_text", "analyse", "by_rank", "hint_markup", "reason_text",
           "view_text"]
