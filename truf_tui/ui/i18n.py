"""Translations: ``tr(key, **fmt)`` in the current language (English or Esperanto).

Every module of ``truf_tui.ui.strings`` contributes a ``STRINGS`` table
``{"key": {"en": "...", "eo": "..."}}``; they are merged on first use, so a team can add its
own module without touching this one.
"""

from __future__ import annotations

import importlib
import pkgutil

LANGUAGES: tuple[str, ...] = ("en", "eo")
FALLBACK = "en"

_language = FALLBACK
_strings: dict[str, dict[str, str]] | None = None


def set_language(lang: str) -> None:
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: expected one of {', '.join(LANGUAGES)}")
    _language = lang


def get_language() -> str:
    return _language


def all_strings() -> dict[str, dict[str, str]]:
    """Every string table merged (loaded once)."""
    global _strings
    if _strings is None:
        _strings = _load()
    return _strings


def string_sources() -> dict[str, list[str]]:
    """For each key, the modules defining it (a key defined twice is a bug the tests catch)."""
    sources: dict[str, list[str]] = {}
    for name, table in _modules():
        for key in table:
            sources.setdefault(key, []).append(name)
    return sources


def _modules() -> list[tuple[str, dict[str, dict[str, str]]]]:
    from truf_tui.ui import strings

    out = []
    for info in sorted(pkgutil.iter_modules(strings.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{strings.__name__}.{info.name}")
        table = getattr(module, "STRINGS", None)
        if isinstance(table, dict):
            out.append((info.name, table))
    return out


def _load() -> dict[str, dict[str, str]]:
    merged: dict[str, dict[str, str]] = {}
    for _name, table in _modules():
        merged.update(table)
    return merged


def tr(key: str, **fmt: object) -> str:
    """``key`` in the current language, formatted with ``fmt``.

    Falls back to English, then to the key itself, so a missing string shows up on screen
    as its key instead of crashing the app.
    """
    entry = all_strings().get(key)
    if entry is None:
        text = key
    else:
        text = entry.get(_language) or entry.get(FALLBACK) or key
    if fmt:
        try:
            return text.format(**fmt)
        except (KeyError, IndexError, ValueError):
            return text
    return text
