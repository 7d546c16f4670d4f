"""Shared test set-up: no test ever reads or writes the user's own data folder."""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from truf_tui.store import ENV_VAR

if TYPE_CHECKING:
    from truf_tui.strategy.trufbp import SolvedTable


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory,
                      monkeypatch: pytest.MonkeyPatch) -> Path:
    """``$TRUF_TUI_DATA_DIR`` points to a fresh folder, so code that falls back on the
    default data folder (the CLI without ``--data-dir``) stays inside the test's files."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv(ENV_VAR, str(folder))
    return folder


@pytest.fixture(scope="session")
def made_once(tmp_path_factory: pytest.TempPathFactory
              ) -> Callable[[str, Callable[[Path], None]], Path]:
    """``made_once(name, make)``: a folder that ``make`` fills once for the whole run,
    whichever pytest-xdist worker asks first (the others wait for it), copied for each
    asker so that no test sees another's files.  For the solved files the tests share:
    making one takes up to a minute, and each worker used to make its own."""
    return lambda name, make: _made_once(tmp_path_factory, name, make)


def _made_once(tmp_path_factory: pytest.TempPathFactory, name: str,
               make: Callable[[Path], None]) -> Path:
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if "PYTEST_XDIST_WORKER" in os.environ else base
    ready = shared / f"{name}.ready"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not ready.exists():
            built = shared / f"{name}.made"
            shutil.rmtree(built, ignore_errors=True)
            built.mkdir()
            make(built)
            ready.touch()
    mine = tmp_path_factory.mktemp(name)
    shutil.copytree(shared / f"{name}.made", mine, dirs_exist_ok=True)
    return mine


@pytest.fixture(scope="session")
def solved_round(made_once: Callable[[str, Callable[[Path], None]], Path]
                 ) -> Callable[[int], SolvedTable]:
    """``solved_round(target)``: the round to 1 (no raise, T7's cap; the redeal is in it;
    30 iterations) or to 2 (raises, rests, the redeal; 2 iterations: its tests read the
    file, none needs it to play well), solved and shipped once a run, in the folders
    tests/test_solved.py's share."""
    from truf_tui.solve.__main__ import main
    from truf_tui.strategy.trufbp import SolvedTable

    def get(target: int) -> SolvedTable:
        name, iterations = {1: ("tiny", 30), 2: ("solved", 2)}[target]

        def make(d: Path) -> None:
            assert main(["ship", "--target", str(target), "--iterations", str(iterations),
                         "--dir", str(d), "--file", str(d / f"t{target}.trufbp"),
                         "--quiet"]) == 0

        return SolvedTable((made_once(name, make) / f"t{target}.trufbp").read_bytes())

    return get


#: A test that takes this long in a whole run on two cores is marked ``slow`` (``make quick``
#: leaves it out, docs/development.md).
SLOW_SECONDS = 3.0


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """With ``--durations``: the tests of ``SLOW_SECONDS`` or more that are not marked slow
    (a loaded machine inflates the figures: check one in a whole run before marking it)."""
    if terminalreporter.config.getoption("durations") is None:
        return
    unmarked = sorted(
        ((r.duration, r.nodeid) for r in terminalreporter.stats.get("passed", [])
         if r.when == "call" and r.duration >= SLOW_SECONDS and "slow" not in r.keywords),
        reverse=True)
    if unmarked:
        terminalreporter.write_sep("=", f"{len(unmarked)} tests of {SLOW_SECONDS:g} s or more "
                                        "not marked slow")
        for seconds, nodeid in unmarked:
            terminalreporter.write_line(f"{seconds:6.2f}s {nodeid}")
