"""What a results screen adds at the end of a match's or the tournament's game (F12): the
score of the match or pairing, and the buttons to go on.  Texts through ``tr`` at every
redraw, so a language switch redoes them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from truf_tui.play.matches import MatchRun, TournamentRun
from truf_tui.ui.i18n import tr

STAGES = ("semi1", "semi2", "final")


@dataclass(frozen=True)
class ResultsContext:
    lines: Callable[[], list[str]]
    buttons: tuple[tuple[str, str], ...]  # (button id, string key), as Summary.BUTTONS


def opponent_name(run: MatchRun) -> str:
    return tr("match.friend") if run.config.opponent == "human" else tr("match.computer")


def match_context(run: MatchRun) -> ResultsContext:
    def lines() -> list[str]:
        s = run.series
        you, them = s.wins()
        out = [tr("match.score", you=you, them=them, opp=opponent_name(run), n=s.best_of)]
        if not s.is_over():
            if s.results[-1] is None:
                out.append(tr("match.draw_counts"))
            who = (tr("match.deals.you") if s.next_dealer() == 0
                   else tr("match.deals.them", opp=opponent_name(run)))
            out.append(tr("match.next", n=len(s.results) + 1, deals=who))
        elif s.winner() == 0:
            out.append(tr("match.won.you", you=you, them=them))
        elif s.winner() == 1:
            out.append(tr("match.won.them", opp=opponent_name(run), you=you, them=them))
        else:
            out.append(tr("match.drawn", n=len(s.results)))
        return ["", *(f"[b]{line}[/]" if i == 0 else line for i, line in enumerate(out))]

    if run.series.is_over():
        return ResultsContext(lines, (("again", "tbl.btn.new_match"), ("menu", "tbl.btn.menu")))
    return ResultsContext(lines, (("next", "tbl.btn.next_game"), ("menu", "tbl.btn.menu")))


def match_banner(run: MatchRun) -> str:
    """As a match's game opens: which game, the score so far."""
    s = run.series
    you, them = s.wins()
    return tr("match.banner", n=len(s.results) + 1, best=s.best_of, you=you, them=them,
              opp=opponent_name(run))


def tournament_banner(run: TournamentRun) -> str:
    """As a tournament game opens: the stage, the game, who plays whom."""
    idx = run.pairing_index
    if idx is None:
        return ""
    p = run.bracket.pairings[idx]
    a, b = (entrant_name(run, pid) for pid in p.players)
    return tr("tour.banner", stage=tr(f"tour.stage.{STAGES[idx]}"), n=len(p.results) + 1,
              a=a, b=b)


def entrant_name(run: TournamentRun, pid: str) -> str:
    e = run.entrant(pid)
    n = int(pid[1:])
    if e.kind == "you":
        return tr("tour.you")
    if e.kind == "friend":
        return e.name or tr("tour.friend.default", n=n)
    return tr("tour.computer.name", n=n, tier=tr(f"tier.{e.tier}"))


def tournament_context(run: TournamentRun) -> ResultsContext:
    # The pairing just played: the current one, or the last finished if it has moved on.
    played = max(i for i, p in enumerate(run.bracket.pairings) if p.results)

    def lines() -> list[str]:
        p = run.bracket.pairings[played]
        a, b = (entrant_name(run, pid) for pid in p.players)
        wa, wb = p.wins()
        out = ["", f"[b]{tr('tour.stage.' + STAGES[played])}: {a} {wa} – {wb} {b}[/]"]
        w = p.winner()
        if w is None:
            out.append(tr("tour.pairing.goes_on"))
        elif played == 2:
            out.append(tr("tour.champion.line", name=entrant_name(run, w)))
        else:
            out.append(tr("tour.through", name=entrant_name(run, w)))
        return out

    return ResultsContext(lines, (("next", "tbl.btn.bracket"), ("menu", "tbl.btn.menu")))
