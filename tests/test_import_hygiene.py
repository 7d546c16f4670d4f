"""What a process loads, at run time: the layers of pyproject.toml's ``[tool.importlinter]``
contracts (checked statically by ``lint-imports``) hold for the imports made inside
functions too, the lazy ones of ``make_bot`` among them.

Each check runs in a fresh interpreter, so that nothing another test imported counts."""

from __future__ import annotations

import subprocess
import sys

import pytest


def loaded_after(code: str) -> list[str]:
    """The ``truf_tui`` modules and the third-party packages a fresh interpreter holds after
    running ``code``."""
    probe = ("import sys\n" + code + "\n"
             "print('\\n'.join(sorted(m for m in sys.modules if '.' not in m "
             "or m.startswith('truf_tui.'))))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


@pytest.mark.parametrize("tier", ["solved", "expert"])
def test_the_app_and_the_expert_import_no_module_of_the_offline_solver(tier: str) -> None:
    """Issue 37: the app, the coach and the hints loaded, a decision of the solved player
    or the expert reads the shipped files through the strategy layer; the solver
    (``truf_tui.solve``) and its JIT compiler stay on disk."""
    got = loaded_after(
        "import truf_tui.ui.app\n"
        "from truf_tui.ai import make_bot\n"
        "import truf_tui.coach, truf_tui.ui.widgets.hints\n"
        "from truf_tui.engine import truc\n"
        f"bot = make_bot('truc', {tier!r}, seed=1, iterations=50)\n"
        "s = truc.new_game(seed=1)\n"
        "assert bot.choose(s.observation(s.to_move)) in s.legal_actions()\n"
        "assert 'truf_tui.strategy.shipped' in sys.modules, 'the files were not read'\n")
    assert "truf_tui.ui.app" in got
    assert [m for m in got if m == "truf_tui.solve" or m.startswith("truf_tui.solve.")] == []
    assert "numba" not in got


def test_the_strategy_layer_loads_the_rules_and_numpy_alone() -> None:
    """The shared strategy layer (a lookup in the shipped files, the threshold player, the
    match table) needs nothing of the players, the app or the solver."""
    got = loaded_after(
        "from truf_tui.engine import truc\n"
        "from truf_tui.strategy import greedy, matchtable, shipped, threshold, tree, trufbp\n"
        "s = truc.new_game(seed=2)\n"
        "probs, how = shipped.policy(s.observation(s.to_move))\n"
        "assert abs(sum(probs.values()) - 1) < 1e-9 and how == 'placed'\n"
        "assert 0 < matchtable.match_win((0, 0), 0, 1, 12) < 1\n")
    ours = {m.split(".")[1] for m in got if m.startswith("truf_tui.")}
    assert ours == {"cards", "engine", "i18n", "strategy"}
    assert not {"textual", "numba", "platformdirs"} & set(got)


def test_the_offline_solver_loads_no_player() -> None:
    """The solver reads the threshold player, the match table and the ``.trufbp`` format
    from the strategy layer, never from the players (``truf_tui.ai``): a solve, a shipped
    file and a best response to the scripted players load none of them."""
    got = loaded_after(
        "from truf_tui.solve import __main__, cfr, respond, rounds, ship, sweep\n"
        "from truf_tui.solve.respond import THRESHOLDS\n"
        "from truf_tui.strategy import shipped\n"
        "assert shipped.tables()\n")
    assert "truf_tui.solve.respond" in got
    assert [m for m in got if m == "truf_tui.ai" or m.startswith("truf_tui.ai.")] == []
    assert not {"textual", "textual_serve"} & set(got)


def test_the_game_setup_loads_no_app() -> None:
    """Issue 37, step 4: a game's setup, a match and a tournament (``truf_tui.play``) are
    made, saved and read back without the app (``truf_tui.ui``), Textual or the solver."""
    got = loaded_after(
        "from truf_tui.play.config import GameConfig\n"
        "from truf_tui.play.matches import Entrant, MatchRun, TournamentRun, deal\n"
        "config = GameConfig(game='truc', best_of=3, scores=(2, 3))\n"
        "assert MatchRun.start(config, deal(config)).next_config().scores == (0, 0)\n"
        "players = [Entrant('p1', 'you')] + [Entrant(f'p{i}', 'computer') for i in (2, 3, 4)]\n"
        "run = TournamentRun.new('trufludo', {}, players, best_of=1, seed=4)\n"
        "assert TournamentRun.read(run.to_dict()) == run\n")
    assert "truf_tui.play.matches" in got
    assert [m for m in got if m == "truf_tui.ui" or m.startswith("truf_tui.ui.")] == []
    assert [m for m in got if m == "truf_tui.solve" or m.startswith("truf_tui.solve.")] == []
    assert not {"textual", "textual_serve", "numba"} & set(got)
