"""A new screen's breakpoint classes (``-tall``, ``-narrow`` …), set before it is styled.

Textual adds them at the screen's first resize, after its widgets are mounted and styled:
the change of class then styles every widget of the screen once more (about a third of
what opening the start screen costs).  Set here from the app's size when the screen is
made, the first resize finds them in place and changes nothing; later resizes work as
before."""

from __future__ import annotations

from typing import Any

from textual._context import NoActiveAppError
from textual.screen import Screen


def preset_breakpoints(screen: Screen[Any]) -> None:
    """Give ``screen`` the classes its breakpoints name for the app's size now."""
    try:
        width, height = screen.app.size
    except NoActiveAppError:  # made outside a running app: the first resize sets them
        return
    app = screen.app
    for dimension, points in (
            (width, screen.HORIZONTAL_BREAKPOINTS or app.HORIZONTAL_BREAKPOINTS or []),
            (height, screen.VERTICAL_BREAKPOINTS or app.VERTICAL_BREAKPOINTS or [])):
        if not points:
            continue
        chosen = screen._get_breakpoint_classes(dimension, points)
        screen.update_classes({name: name in chosen for _, name in points}, update=False)
