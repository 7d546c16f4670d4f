"""Every message in English and Esperanto, looked up one way: ``tr_in(lang, key, **fmt)``,
``tr(key, **fmt)`` in the current language.

The messages live in tables ``{"key": {"en": "...", "eo": "..."}}``, one set per area of
the code, each registered here by the area that owns it (:func:`register`):

- ``cards``: the suit names (``truf_tui/cards.py``);
- ``store``: the notices about data files (``truf_tui/store/strings.py``);
- ``ui``: the app's texts (every module of ``truf_tui/ui/strings/``).

This module imports nothing of truf_tui, so every layer may use it (cards, store and ui
alike) without one layer importing another.

A count has one mechanism, :func:`plural`: the key itself is the form for any count but
one (0 included: "0 cards", "0 kartoj"), ``key.one`` the form for exactly one.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping

LANGUAGES: tuple[str, ...] = ("en", "eo")
FALLBACK = "en"
ONE = ".one"  # the suffix of a key's form for a count of exactly one

Entry = Mapping[str, str]  # one message: {"en": "...", "eo": "..."}
Table = Mapping[str, Entry]

_LOG = logging.getLogger(__name__)
_lock = threading.RLock()  # a table module may itself look a text up while loading
_language = FALLBACK
# Areas registered but not loaded yet: loaded on the next lookup (the UI's are many modules).
_pending: dict[str, Callable[[], Mapping[str, Table]]] = {}
_sources: dict[str, Table] = {}  # "area.source" -> its table
_strings: dict[str, Entry] = {}  # every loaded table merged: one dict, updated in place
_missing: set[str] = set()  # keys already logged as missing (logged once each)


def register(area: str, tables: Mapping[str, Table] | Callable[[], Mapping[str, Table]]
             ) -> None:
    """Add ``area``'s tables, ``{source name: table}``, or a function giving them (called
    on the next lookup, so that registering costs an import nothing)."""
    with _lock:
        _pending[area] = tables if callable(tables) else (lambda: tables)


def set_language(lang: str) -> None:
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: expected one of {', '.join(LANGUAGES)}")
    _language = lang


def get_language() -> str:
    return _language


def _load_pending() -> None:
    with _lock:
        while _pending:
            area, load = _pending.popitem()
            for name, table in load().items():
                _sources[f"{area}.{name}"] = table
                _strings.update(table)


def all_strings() -> dict[str, Entry]:
    """Every registered table merged (always the same dict: an area registered later is
    added to it)."""
    if _pending:
        _load_pending()
    return _strings


def string_sources() -> dict[str, list[str]]:
    """For each key, the tables defining it, as ``area.source`` (a key defined twice is a
    bug the tests catch)."""
    all_strings()
    sources: dict[str, list[str]] = {}
    for name, table in sorted(_sources.items()):
        for key in table:
            sources.setdefault(key, []).append(name)
    return sources


def tr_in(lang: str, key: str, /, **fmt: object) -> str:
    """``key`` in ``lang``, formatted with ``fmt``: the one lookup every message goes
    through (the store's notices name their language, the app's use :func:`tr`).

    A missing translation falls back to English; a missing key shows the key itself (so
    the app never crashes on a text) and is logged, once: the tests make sure that no key
    the code asks for is missing.
    """
    entry = all_strings().get(key)
    if entry is None:
        if key not in _missing:
            _missing.add(key)
            _LOG.warning("no text for the key %r", key)
        found = key
    else:
        found = entry.get(lang) or entry.get(FALLBACK) or key
    if fmt:
        fmt = {k: decimal(v, lang) if isinstance(v, float) else v for k, v in fmt.items()}
        try:
            return found.format(**fmt)
        except (KeyError, IndexError, ValueError):
            return found
    return found


DECIMAL_MARK: dict[str, str] = {"en": ".", "eo": ","}


def decimal(value: float, lang: str) -> str:
    """``value`` as ``lang`` writes it: "0.6" in English, "0,6" in Esperanto.  Every float
    given to a message goes through here (:func:`tr_in`), so no text mixes the two."""
    return f"{value:g}".replace(".", DECIMAL_MARK.get(lang, "."))


MINUS = "\u2212"  # the minus sign: a hyphen is no sign (and is narrower than "+")


def signed(value: float, digits: int = 2, lang: str | None = None) -> str:
    """A signed value (points of a round) as ``lang`` (default: the current language)
    writes it, with ``digits`` decimals: "+1.00", "−0.25" (the minus sign, never a
    hyphen; Esperanto's decimal comma); what rounds to zero is "+0.00", never "−0.00".
    The one writing of a signed figure: the hint panel's and the trainer's."""
    x = round(value, digits) + 0.0  # -0.0 becomes 0.0
    text = f"{x:+.{digits}f}".replace("-", MINUS)
    return text.replace(".", DECIMAL_MARK.get(lang or _language, "."))


def unsigned(value: float, digits: int = 2, lang: str | None = None) -> str:
    """A figure with ``digits`` decimals and no "+" (a loss, a share): as :func:`signed`,
    "0.25", "0,25" in Esperanto (the minus sign, never a hyphen, should it be below zero)."""
    x = round(value, digits) + 0.0  # -0.0 becomes 0.0
    text = f"{x:.{digits}f}".replace("-", MINUS)
    return text.replace(".", DECIMAL_MARK.get(lang or _language, "."))


def tr(key: str, /, **fmt: object) -> str:
    """``key`` in the current language (:func:`set_language`), formatted with ``fmt``."""
    return tr_in(_language, key, **fmt)


def plural_key(key: str, n: int) -> str:
    """The form of ``key`` for a count of ``n``: ``key.one`` for exactly one, else ``key``."""
    return key + ONE if n == 1 else key


def plural(key: str, n: int, /, **fmt: object) -> str:
    """``key`` in the current language for a count of ``n`` (given to the text as ``{n}``),
    in the form for ``n``."""
    return tr_in(_language, plural_key(key, n), n=n, **fmt)
