"""The app's texts: the ``ui`` tables of :mod:`truf_tui.i18n`, and its lookup, re-exported.

Every module of ``truf_tui.ui.strings`` contributes a ``STRINGS`` table
``{"key": {"en": "...", "eo": "..."}}``; they are registered as the ``ui`` area and loaded on
the first lookup, so a team can add its own module without touching this one.
"""

from __future__ import annotations

import importlib
import pkgutil

from truf_tui.i18n import (
    FALLBACK,
    LANGUAGES,
    Table,
    all_strings,
    get_language,
    plural,
    register,
    set_language,
    signed,
    string_sources,
    tr,
    tr_in,
    unsigned,
)

__all__ = ["FALLBACK", "LANGUAGES", "all_strings", "get_language", "plural", "set_language",
           "signed", "string_sources", "tr", "tr_in", "unsigned"]


def _modules() -> dict[str, Table]:
    from truf_tui.ui import strings

    out: dict[str, Table] = {}
    for info in sorted(pkgutil.iter_modules(strings.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{strings.__name__}.{info.name}")
        table = getattr(module, "STRINGS", None)
        if isinstance(table, dict):
            out[info.name] = table
    return out


register("ui", _modules)
