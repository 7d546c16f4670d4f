"""A computer player that crashed: where its traceback is logged, and the player's notice.

The game goes on with a legal move in its place (the table, the tournament's background
games); :func:`truf_tui.store.errorlog.log_bot_crash` keeps the traceback, and
:func:`tell_bot_crash` says so, once a game (the caller keeps track of "once").
"""

from __future__ import annotations

from pathlib import Path

from rich.markup import escape
from textual.app import App

from truf_tui.ui.i18n import tr


def log_folder(app: App[object]) -> Path | None:
    """The app's data folder, where the error log goes; None: the app keeps none (tests, a
    folder that could not be made), the log then goes to the default one."""
    from truf_tui.ui.services import services

    return services(app).data_folder


def tell_bot_crash(app: App[object], log: Path | None) -> None:
    """A short notice: a computer player crashed, a legal move was played for it."""
    text = tr("bot.crash.nolog") if log is None else tr("bot.crash", path=escape(str(log)))
    app.notify(text, title=tr("bot.crash.title"), severity="warning", timeout=10)


__all__ = ["log_folder", "tell_bot_crash"]
