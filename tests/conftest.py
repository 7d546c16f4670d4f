"""Shared test set-up: no test ever reads or writes the user's own data folder."""

from __future__ import annotations

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
