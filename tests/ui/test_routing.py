"""Where a game on the table leads (truf_tui.ui.routing): single games, matches, tournament
games, hot-seat; who sits where; what the results screen adds.  Plain tests: no app, no
Pilot; a table is any object (only its identity matters)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from truf_tui.play.config import GameConfig
from truf_tui.play.matches import Entrant, TournamentRun, deal
from truf_tui.ui.i18n import set_language, tr
from truf_tui.ui.routing import Routing, tournament_meta


@pytest.fixture(autouse=True)
def _english() -> None:
    set_language("en")


def truc(best_of: int = 1, **changes: Any) -> GameConfig:
    return GameConfig(**{"game": "truc", "rules": {"target": 1}, "seed": 3, "dealer": 0,
                         "best_of": best_of, **changes})


def tournament(*kinds: str, best_of: int = 3) -> TournamentRun:
    """Players 2-4 as ``kinds`` ("computer", "friend"); player 1 is you."""
    players = [Entrant("p1", "you")]
    for i, kind in enumerate(kinds, start=2):
        players.append(Entrant(f"p{i}", kind, "easy", "Ada" if kind == "friend" else ""))
    return TournamentRun.new("truc", {"target": 1}, players, best_of=best_of, seed=4)


def test_the_module_needs_no_textual() -> None:
    code = ("import sys, truf_tui.ui.routing; "
            "sys.exit(any(m.split('.')[0] == 'textual' for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


# -- a single game ------------------------------------------------------------------------------
def test_a_single_game_counts_for_nothing_and_its_table_decides() -> None:
    r, table = Routing(), object()
    assert r.start_game(truc(), deal(truc())) == {"practice": False}
    r.table_opened(table)
    assert r.match is None and r.seating is None and not r.counting
    assert r.banner() is None
    assert r.game_finished(table, 0) is None
    assert r.results_context([table]) is None
    for choice in ("again", "menu", "next", None):
        assert r.after_results(table, choice, next_game_saved=True) is None


def test_practice_goes_into_the_record() -> None:
    assert Routing().start_game(truc(practice=True), None) == {"practice": True}


# -- a match ------------------------------------------------------------------------------------
def test_a_match_counts_each_game_once_and_leads_to_the_next() -> None:
    r, table = Routing(), object()
    meta = r.start_game(truc(best_of=3), deal(truc(best_of=3)))
    assert r.match is not None and meta["match"] == r.match.meta()
    r.table_opened(table)
    assert r.counting
    assert r.banner() == tr("match.banner", n=1, best=3, you=0, them=0,
                            opp=tr("match.computer"))
    assert r.game_finished(object(), 0) is None  # another table's end counts for nothing
    assert r.game_finished(table, 0) == "match goes on"
    assert r.game_finished(table, 0) is None  # once
    assert r.match.series.results == (0,) and not r.counting

    context = r.results_context([object(), table])
    assert context is not None
    assert context.buttons == (("next", "tbl.btn.next_game"), ("menu", "tbl.btn.menu"))
    assert tr("match.score", you=1, them=0, opp=tr("match.computer"), n=3) in \
        "".join(context.lines())
    assert r.results_context([object()]) is None  # its table is gone: a plain results screen

    assert r.after_results(table, "next", next_game_saved=True) == "next game"
    assert r.after_results(table, "next", next_game_saved=False) is None
    assert r.after_results(object(), "next", next_game_saved=True) is None
    assert r.after_results(table, "menu", next_game_saved=True) is None


def test_a_draw_counts_and_the_match_ends_with_a_new_one_on_offer() -> None:
    r = Routing()
    r.start_game(truc(best_of=3), None)
    outcomes = []
    for winner in (None, 1, 1):
        table = object()
        r.table_opened(table)
        outcomes.append(r.game_finished(table, winner))
    assert outcomes == ["match goes on", "match goes on", "match over"]
    assert r.match is not None and r.match.series.results == (None, 1, 1)
    context = r.results_context([table])
    assert context is not None
    assert context.buttons == (("again", "tbl.btn.new_match"), ("menu", "tbl.btn.menu"))
    assert r.after_results(table, "again", next_game_saved=False) == "new match"


def test_a_saved_match_game_counts_again_unless_it_is_over() -> None:
    r = Routing()
    r.start_game(truc(best_of=5, dealer=1), None)
    first = object()
    r.table_opened(first)
    r.game_finished(first, 0)
    assert r.match is not None
    meta = {"match": r.match.meta()}

    again = Routing()
    config = again.resume(meta, truc())  # a record's config knows no match length
    assert config.best_of == 5 and again.match is not None
    assert again.match.series == r.match.series
    table = object()
    again.table_opened(table, finished=True)  # saved already finished: counted already
    assert not again.counting and again.game_finished(table, 0) is None
    again.table_opened(table)
    assert again.counting

    assert Routing().resume({}, truc()) == truc()
    assert Routing().resume({"match": {"best_of": "three"}}, truc()) == truc()  # a bad one


def test_a_hot_seat_match_is_against_the_friend() -> None:
    r, table = Routing(), object()
    r.start_game(truc(best_of=3, opponent="human"), None)
    r.table_opened(table)
    assert r.counting and tr("match.friend") in (r.banner() or "")
    r.game_finished(table, 1)
    context = r.results_context([table])
    assert context is not None and tr("match.friend") in "".join(context.lines())
    assert r.yours({"practice": False})  # a hot-seat game is the player's own


def test_a_new_game_from_the_start_screen_ends_the_match() -> None:
    r = Routing()
    r.start_game(truc(best_of=3), None)
    r.start_game(truc(), None)
    r.table_opened(object())
    assert r.match is None and not r.counting


# -- the tournament -----------------------------------------------------------------------------
def test_a_tournament_game_seats_you_and_counts_for_the_pairing() -> None:
    r, table = Routing(), object()
    run = tournament("computer", "computer", "computer")
    r.tournament = run
    meta = r.tournament_game()
    assert meta == {"id": run.id, "pairing": 0, "game": 0, "swap": False}
    seating = run.seating()
    assert seating.config.opponent == "computer" and not seating.swap
    r.seat(seating)
    r.table_opened(table)
    assert r.counting and r.match is None
    assert r.banner() == tr("tour.banner", stage=tr("tour.stage.semi1"), n=1,
                            a=tr("tour.you"), b=tr("tour.computer.name", n=2,
                                                   tier=tr("tier.easy")))
    assert r.game_finished(table, 0) == "tournament"
    assert r.tournament is not None and r.tournament.bracket.pairings[0].results == (0,)
    context = r.results_context([table])
    assert context is not None
    assert context.buttons == (("next", "tbl.btn.bracket"), ("menu", "tbl.btn.menu"))
    assert r.after_results(table, "next", next_game_saved=False) == "bracket"
    assert r.after_results(table, "again", next_game_saved=True) is None
    assert r.tournament_game() == {"id": run.id, "pairing": 0, "game": 1, "swap": False}


def test_the_person_takes_seat_0_and_the_result_goes_back_to_the_pairings_seats() -> None:
    # Semi-final 2: computer 3 against friend 4; the friend sits at the keyboard's seat 0.
    run = tournament("computer", "computer", "friend", best_of=1).record(0)
    r, table = Routing(), object()
    r.tournament = run
    meta = r.tournament_game()
    assert meta is not None and meta["pairing"] == 1 and meta["swap"] is True
    seating = run.seating()
    assert seating.swap and seating.config.opponent == "computer"
    r.seat(seating)
    r.table_opened(table)
    assert r.game_finished(table, 0) == "tournament"  # the table's seat 0: the friend
    assert r.tournament is not None
    assert r.tournament.bracket.pairings[1].results == (1,)
    assert r.tournament.bracket.pairings[1].winner() == "p4"


def test_two_friends_play_hot_seat_and_stay_out_of_your_history() -> None:
    run = tournament("computer", "friend", "friend", best_of=1).record(0)
    seating = run.seating()
    assert seating.config.opponent == "human" and not seating.swap
    r = Routing()
    r.tournament = run
    theirs = {"tournament": tournament_meta(run)}
    assert not r.yours(theirs)
    assert r.yours({"tournament": {**tournament_meta(run), "pairing": 0}})
    assert r.yours({"tournament": {**tournament_meta(run), "id": "another"}})
    assert r.yours({"tournament": {**tournament_meta(run), "pairing": 7}})
    assert r.yours({})


def test_computers_play_their_pairing_off_the_table() -> None:
    run = tournament("computer", "computer", "computer", best_of=1).record(0)
    r = Routing()
    r.tournament = run
    assert run.computers_only() and r.tournament_game() is None
    r.tournament = None
    assert r.tournament_game() is None


def test_a_saved_tournament_game_counts_only_while_it_is_the_current_game() -> None:
    run = tournament("computer", "computer", "computer")
    r = Routing()
    r.tournament = run
    meta = tournament_meta(run)
    config = run.seating().config
    assert r.resume({"tournament": meta}, config) == config
    assert r.seating is not None and r.match is None
    r.tournament = run.record(1)  # the pairing has moved on since
    r.resume({"tournament": meta}, config)
    assert r.seating is None
    r.resume({"tournament": "semi-final"}, config)
    assert r.seating is None


def test_the_tournament_screen_and_its_file(tmp_path: Path) -> None:
    assert Routing().tournament_screen() == "setup"
    r = Routing(tmp_path)
    assert r.tournament_screen() == "setup" and r.save_tournament() is None
    run = tournament("computer", "friend", "computer")
    r.tournament = run
    assert r.save_tournament() is None
    later = Routing(tmp_path)
    assert later.tournament_screen() == "bracket"
    assert later.tournament is not None and later.tournament.id == run.id
    later.tournament = None  # forgotten: a new one is set up next
    assert later.save_tournament() is None and later.tournament_screen() == "setup"
    assert Routing(tmp_path).load_tournament() is None


@pytest.mark.parametrize("content", ['{"format": "truf-tui-tournament", "version": 1}',
                                     '{"format": "another"}', "[]", "{"])
def test_a_damaged_tournament_file_reads_as_none(tmp_path: Path, content: str) -> None:
    (tmp_path / "tournament.json").write_text(content, encoding="utf-8")
    r = Routing(tmp_path)
    assert r.load_tournament() is None and r.tournament_screen() == "setup"


def test_a_tournament_given_outright_is_not_read_over(tmp_path: Path) -> None:
    r = Routing(tmp_path)
    r.tournament = tournament("computer", "computer", "computer")
    r.save_tournament()
    given = Routing(tmp_path)
    given.tournament = None
    assert given.load_tournament() is None  # not the one in the file


def test_a_tournament_that_cannot_be_kept_says_why(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    r = Routing(blocked)
    r.tournament = tournament("computer", "computer", "computer")
    problem = r.save_tournament()
    assert problem is not None and "Error" in problem
