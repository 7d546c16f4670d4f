"""Shared test set-up: no test ever reads or writes the user's own data folder."""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from truf_tui.store import ENV_VAR


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
