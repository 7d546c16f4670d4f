"""The tournament under way (F12), kept in the data folder's ``tournament.json``.

The store only reads and writes the JSON object; what it holds (the players, the bracket)
is the app's: ``TournamentRun.to_dict`` makes it and ``TournamentRun.read`` checks it.
Losing the file loses a convenience, not a game: an unreadable one reads as none.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from truf_tui.store.files import atomic_write, ensure_dir

FILE_NAME = "tournament.json"


def save_tournament(folder: Path, data: Mapping[str, object]) -> None:
    """Keep ``data`` in ``folder``, written atomically (FolderError, OSError: it cannot be)."""
    ensure_dir(folder)
    atomic_write(folder / FILE_NAME, json.dumps(dict(data), ensure_ascii=False))


def load_tournament(folder: Path) -> dict[str, object] | None:
    """The object kept in ``folder``; None if there is none or it is not a JSON object."""
    try:
        data = json.loads((folder / FILE_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        return None
    return data if isinstance(data, dict) else None


def forget_tournament(folder: Path) -> None:
    """No tournament under way: its file goes."""
    (folder / FILE_NAME).unlink(missing_ok=True)


__all__ = ["FILE_NAME", "forget_tournament", "load_tournament", "save_tournament"]
