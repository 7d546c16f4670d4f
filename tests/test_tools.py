"""The developer tools of tools/ and the two entries that keep ``python -m truf_tui.arena``
and ``python -m truf_tui.bench`` (truf_tui/_devtool.py)."""

from __future__ import annotations

import gzip
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_an_entry_outside_a_checkout_says_it_is_a_developer_tool(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from truf_tui._devtool import run

    assert run("arena", checkout=tmp_path) == 2
    err = capsys.readouterr().err
    assert "developer tool" in err and "git checkout" in err and "tools/arena.py" in err


def test_the_bench_entry_runs_the_tool_from_another_folder(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "truf_tui.bench", "--help"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "python -m truf_tui.bench" in out.stdout


def test_a_gzipped_journal_reads_as_the_plain_one(tmp_path: Path) -> None:
    """research/ keeps journals gzipped: the arena and its table read them as they are."""
    from tools.arena import read_journal, run_arena
    from tools.arena_table import header_of, table

    plain = tmp_path / "run.jsonl"
    res = run_arena("truc", "medium", "easy", games=4, seed=3, journal=str(plain))
    packed = tmp_path / "run.jsonl.gz"
    with plain.open("rb") as f, gzip.open(packed, "wb") as g:
        shutil.copyfileobj(f, g)
    head = header_of(packed)
    assert head == header_of(plain)
    assert read_journal(str(packed), head) == read_journal(str(plain), head)
    row = table([packed]).splitlines()[2]
    assert row.startswith("| `run.jsonl.gz` | medium | easy | 4 | "
                          f"{res.wins}/{res.draws}/{res.losses} |")


def test_the_grading_bench_grades_a_match_round_by_round_as_the_table_does() -> None:
    """``bench grading --game truc`` times the table's worker jobs: each round once it is
    over, from its first move; together they are the whole match, each move once."""
    import random

    from tools.bench import _rounds
    from truf_tui.engine import truc

    rng = random.Random(3)
    s = truc.new_game(seed=5)
    while not s.is_terminal():
        s = s.apply(rng.choice(s.legal_actions()))
    spans = _rounds(s)
    assert len(spans) >= 2 and spans[0][0] == 0
    for (start, over), nxt in zip(spans, spans[1:] + [(len(s.history), s)], strict=True):
        assert over.history == s.history[:nxt[0]]  # over when the next round starts
        assert over.round_start == nxt[0] or over.is_terminal()
        assert start < nxt[0]
    assert spans[-1][1].is_terminal()


def test_the_screenshots_network_stand_in_is_called_as_a_session_is() -> None:
    """``tools/screenshots.py`` draws the network tables with a stand-in session (a tool
    does not import the tests' one); each of its methods takes what ``NetSession``'s
    takes, or the tables' calls break the pictures (``close(stopping=…)`` did)."""
    import inspect

    from tools.screenshots import _StandIn
    from truf_tui.ui.netplay import NetSession

    for name, method in inspect.getmembers(_StandIn, inspect.isfunction):
        if name.startswith("_"):
            continue
        real = inspect.signature(getattr(NetSession, name)).parameters
        assert list(inspect.signature(method).parameters) == list(real), name
