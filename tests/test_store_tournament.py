"""The tournament's file (truf_tui.store.tournament): written whole, read back, forgotten;
a missing or damaged file reads as no tournament (keeping it is a convenience)."""

from __future__ import annotations

from pathlib import Path

import pytest

from truf_tui.store import FolderError
from truf_tui.store.tournament import (
    FILE_NAME,
    forget_tournament,
    load_tournament,
    save_tournament,
)


def test_kept_read_back_and_forgotten(tmp_path: Path) -> None:
    folder = tmp_path / "new"  # made on the first save
    assert load_tournament(folder) is None
    save_tournament(folder, {"id": "x", "name": "Zoë"})
    assert load_tournament(folder) == {"id": "x", "name": "Zoë"}
    assert "Zoë" in (folder / FILE_NAME).read_text(encoding="utf-8")
    forget_tournament(folder)
    assert load_tournament(folder) is None
    forget_tournament(folder)  # nothing left to forget: no error


@pytest.mark.parametrize("content", [b"{not json", b"[1, 2]", b"\xff\xfe", b""])
def test_a_damaged_file_reads_as_none(tmp_path: Path, content: bytes) -> None:
    (tmp_path / FILE_NAME).write_bytes(content)
    assert load_tournament(tmp_path) is None


def test_a_folder_that_cannot_be_made_raises(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    with pytest.raises(FolderError):
        save_tournament(blocked, {"id": "x"})
