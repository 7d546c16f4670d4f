"""The error log: what went wrong out of the player's sight, kept for a bug report.

A computer player that crashes is replaced by a legal move so the game goes on (the table,
the tournament's background games, the hints' expert); its traceback lands here, in
``errors.log`` in the data folder.  The file stays small: past :data:`MAX_BYTES` it is
moved to ``errors.log.1`` (the one older file kept) and a new one is started.

Each entry is a line ``<time> ERROR bot crash: <game>, <tier>, <where>, seat <n>;
moves: <T11 texts>`` followed by the traceback.  Logging never raises: a log that cannot
be written must not end the game it is about.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable
from logging.handlers import RotatingFileHandler
from pathlib import Path

LOG_NAME = "errors.log"
MAX_BYTES = 256 * 1024
BACKUPS = 1

# One logger, under the package's (whose NullHandler keeps it off the terminal unless
# logging is configured): the file handler below is its only output of its own.
_logger = logging.getLogger("truf_tui.errors")
_logger.setLevel(logging.ERROR)
# Workers of the table, the tournament and the hints log from their own threads; the lock
# also covers switching to another folder (each test has its own).
_lock = threading.Lock()


class _QuietHandler(RotatingFileHandler):
    def handleError(self, record: logging.LogRecord) -> None:
        pass  # a full disk or a vanished folder: the game goes on without its log


def _use_folder(folder: Path) -> Path:
    """Point the logger at ``folder``'s log (opened now, so a folder that cannot hold it
    raises ``OSError`` here and not later while logging)."""
    path = folder / LOG_NAME
    for handler in _logger.handlers:
        if isinstance(handler, RotatingFileHandler) and Path(handler.baseFilename) == path:
            return path
    handler = _QuietHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    for old in list(_logger.handlers):
        _logger.removeHandler(old)
        old.close()
    _logger.addHandler(handler)
    return path


def log_bot_crash(error: BaseException, *, game: str, tier: str, where: str, seat: int | None,
                  moves: Iterable[object] = (), folder: Path | None = None) -> Path | None:
    """Log ``error``, raised by the computer player ``tier`` of ``game`` (``where``: the
    table, the tournament, the hints; ``seat``: the player it moved for; ``moves``: the
    game's history, its T11 texts, to replay the position) in ``folder``, else the default
    data folder.  Returns the log's path, or None if it could not be written."""
    from truf_tui.store.files import StoreError, data_dir

    history = " ".join(str(m) for m in moves) or "-"
    try:
        with _lock:
            path = _use_folder(data_dir() if folder is None else folder)
            _logger.error("bot crash: %s, %s, %s, seat %s; moves: %s", game, tier, where,
                          seat, history, exc_info=(type(error), error, error.__traceback__))
    except (OSError, StoreError):
        return None
    return path


__all__ = ["BACKUPS", "LOG_NAME", "MAX_BYTES", "log_bot_crash"]
