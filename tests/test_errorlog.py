"""The error log (``truf_tui.store.errorlog``): one entry per crash, size-bounded, and never
raising when it cannot be written."""

from __future__ import annotations

from pathlib import Path

import pytest

from truf_tui.store import errorlog
from truf_tui.store.errorlog import LOG_NAME, log_bot_crash


def crash() -> RuntimeError:
    try:
        raise RuntimeError("a bug")
    except RuntimeError as e:
        return e


def test_an_entry_has_its_game_its_moves_and_the_traceback(tmp_path: Path) -> None:
    path = log_bot_crash(crash(), game="truc", tier="hard", where="table", seat=1,
                         moves=["P:7H", "R"], folder=tmp_path)
    assert path == tmp_path / LOG_NAME
    text = path.read_text(encoding="utf-8")
    first = text.splitlines()[0]
    assert first.endswith(" ERROR bot crash: truc, hard, table, seat 1; moves: P:7H R")
    assert "Traceback (most recent call last):" in text and "RuntimeError: a bug" in text


def test_without_a_folder_the_default_data_folder(_private_data_dir: Path) -> None:
    path = log_bot_crash(crash(), game="trufludo", tier="easy", where="hint", seat=0)
    assert path == _private_data_dir / LOG_NAME and path.exists()


def test_the_log_stays_small(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(errorlog, "MAX_BYTES", 4000)
    other = tmp_path / "other"
    other.mkdir()
    log_bot_crash(crash(), game="truc", tier="hard", where="table", seat=1, folder=other)
    for _ in range(40):  # another folder: a new file, with the new size bound
        log_bot_crash(crash(), game="truc", tier="hard", where="table", seat=1,
                      moves=["P:7H"] * 20, folder=tmp_path)
    files = sorted(p.name for p in tmp_path.iterdir() if p.is_file())
    assert files == [LOG_NAME, f"{LOG_NAME}.1"]  # one older file kept, no more
    assert all((tmp_path / f).stat().st_size <= 4000 for f in files)


def test_a_log_that_cannot_be_written_is_no_error(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    assert log_bot_crash(crash(), game="truc", tier="hard", where="table", seat=1,
                         folder=blocker) is None
