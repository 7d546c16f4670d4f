"""The player's settings in ``settings.json``: remembered between runs, never a reason to fail.

File: ``{"format": "truf-tui-settings", "version": 1, "settings": {...}}``.  On loading,
unknown keys are ignored (and written back untouched, so a newer truf-tui's settings
survive a run of an older one), each unusable value is replaced by its default with a
:class:`Problem`, and a file that is damaged, empty, foreign or newer is set aside.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TypeAlias

from truf_tui.ai.base import GAMES, TIERS
from truf_tui.i18n import LANGUAGES
from truf_tui.store.files import (
    FileChangedError,
    Invalid,
    Problem,
    StoreError,
    atomic_write,
    ensure_dir,
    parse_json_object,
    read_snapshot,
    set_aside,
    unreadable,
)

FORMAT = "truf-tui-settings"
VERSION = 1
FILE_NAME = "settings.json"

# The values the app offers (kept in step with truf_tui/ui/settings.py, which cannot be
# imported here: the store has no Textual dependency); GAMES and TIERS come from ai/, the
# languages from the translations (truf_tui.i18n).
THEMES = ("textual-dark", "textual-light", "nord", "gruvbox", "solarized-light")
PACES = ("slow", "normal", "fast", "instant")
CARD_STYLES = ("symbols", "letters")


@dataclass(frozen=True)
class Setting:
    """One setting: its default and the test of a usable value."""

    default: object
    valid: Callable[[object], bool]
    describe: str = ""  # what is allowed, for error messages

    def check(self, value: object) -> bool:
        try:
            return bool(self.valid(value))
        except Exception:  # a check must never raise on odd JSON values
            return False


Schema: TypeAlias = Mapping[str, "Setting | Schema"]


def choice(default: object, *values: object) -> Setting:
    """One of ``values`` (compared with their type: ``True`` is not ``1``)."""
    allowed = (default, *values) if default not in values else values

    def valid(v: object) -> bool:
        return any(type(v) is type(a) and v == a for a in allowed)

    return Setting(default, valid, "one of " + ", ".join(json.dumps(a) for a in allowed))


def integer(default: int, lo: int, hi: int) -> Setting:
    return Setting(default, lambda v: type(v) is int and lo <= v <= hi,
                   f"an integer from {lo} to {hi}")


def pair(lo: int, hi: int) -> Setting:
    """Two integers from ``lo`` to ``hi`` (a JSON list), ``[lo, lo]`` by default."""
    return Setting([lo, lo], lambda v: (type(v) is list and len(v) == 2
                                        and all(type(x) is int and lo <= x <= hi for x in v)),
                   f"two integers from {lo} to {hi}")


DEFAULT_SCHEMA: dict[str, Setting | Schema] = {
    "lang": choice("en", *LANGUAGES),
    "theme": choice("textual-dark", *THEMES),
    "pace": choice("normal", *PACES),
    "card_style": choice("symbols", *CARD_STYLES),
    "game": choice("trufludo", *GAMES),  # the last chosen game ...
    "tier": choice("medium", *TIERS),  # ... opponent ...
    "dealer": choice(None, None, 0, 1),  # ... first dealer (None: drawn) ...
    "opponent": choice("computer", "computer", "human", "friend"),  # friend: online
    "best_of": choice(1, 1, 3, 5),  # ... games to a match (F12) ...
    "scores": pair(0, 98),  # ... Le Truc's practice start score (yours, the opponent's) ...
    "practice": choice(False, False, True),  # ... practice mode (the coach) ...
    "guided_nudge": choice(False, False, True),  # the first run's hint "try a guided game"
    "variants": {  # ... and rule variants of each game (RULES.md F1, F5, F10; T10, T8)
        "trufludo": {
            "deck": choice("french", "french", "italian"),
            "forced_capture": choice(True, True, False),
            "leftover": choice("none", "none", "last_capturer"),
        },
        "truc": {
            "target": integer(12, 1, 99),
            "rest_refusal": choice("stake", "stake", "game"),
        },
    },
}


def defaults(schema: Schema = DEFAULT_SCHEMA) -> dict[str, object]:
    """The default settings (a fresh nested dict)."""
    return {k: copy.deepcopy(s.default) if isinstance(s, Setting) else defaults(s)
            for k, s in schema.items()}


def _repair(value: object, schema: Schema, prefix: str,
            issues: list[tuple[str, str, str]]) -> dict[str, object]:
    """The settings of ``value`` that fit ``schema``; the rest defaults, noted in ``issues``."""
    out: dict[str, object] = {}
    src: Mapping[str, object] = value if isinstance(value, dict) else {}
    for key, s in schema.items():
        name = prefix + key
        if isinstance(s, Setting):
            if key not in src:
                out[key] = copy.deepcopy(s.default)
            elif s.check(src[key]):
                out[key] = copy.deepcopy(src[key])
            else:
                issues.append((name, _short_json(src[key]), json.dumps(s.default)))
                out[key] = copy.deepcopy(s.default)
        else:
            if key in src and not isinstance(src[key], dict):
                issues.append((name, _short_json(src[key]), "the defaults"))
            out[key] = _repair(src.get(key), s, name + ".", issues)
    return out


def _unknown(value: Mapping[str, object], schema: Schema) -> dict[str, object]:
    """The keys of ``value`` the schema does not know (kept to be written back)."""
    out: dict[str, object] = {}
    for key, v in value.items():
        s = schema.get(key)
        if s is None:
            out[key] = copy.deepcopy(v)
        elif not isinstance(s, Setting) and isinstance(v, dict):
            sub = _unknown(v, s)
            if sub:
                out[key] = sub
    return out


def _merge(base: Mapping[str, object], extra: Mapping[str, object]) -> dict[str, object]:
    out = dict(base)
    for k, v in extra.items():
        now = out.get(k)
        if isinstance(now, dict) and isinstance(v, Mapping):
            out[k] = _merge(now, v)
        else:
            out[k] = copy.deepcopy(v)
    return out


def _short_json(v: object, n: int = 40) -> str:
    try:
        r = json.dumps(v, ensure_ascii=False)
    except (TypeError, ValueError):
        r = repr(v)
    return r if len(r) <= n else r[: n - 1] + "…"


def _check_strict(value: Mapping[str, object], schema: Schema, prefix: str = "") -> None:
    for key, v in value.items():
        s = schema.get(key)
        name = prefix + key
        if s is None:
            raise ValueError(f"unknown setting {name!r}")
        if isinstance(s, Setting):
            if not s.check(v):
                raise ValueError(f"invalid value {v!r} for setting {name!r}: "
                                 f"expected {s.describe or 'a valid value'}")
        elif not isinstance(v, Mapping):
            raise ValueError(f"setting {name!r} must be a mapping")
        else:
            _check_strict(v, s, name + ".")


def _through_links(path: Path) -> Path:
    """Where to write ``path``: a settings file linked from elsewhere (dotfiles kept in a
    repository) is written at its target, so the link stays (issue 40).  A link in a loop
    cannot be followed: it is replaced."""
    if not path.is_symlink():
        return path
    target = Path(os.path.realpath(path))
    return path if target.is_symlink() else target


class SettingsStore:
    """``settings.json`` in ``directory``.

    >>> store = SettingsStore(data_dir())
    >>> settings, problems = store.load()      # never raises
    >>> store.save({"lang": "eo"})             # only the keys that changed
    """

    def __init__(self, directory: str | Path, schema: Schema = DEFAULT_SCHEMA) -> None:
        self.directory = Path(directory)
        self.path = self.directory / FILE_NAME
        self.schema = schema
        self._current = defaults(schema)
        self._extra: dict[str, object] = {}  # unknown keys from the file, written back as read
        self._blocked = False  # a bad file could not be set aside: never overwrite it

    @property
    def current(self) -> dict[str, object]:
        """The settings as last loaded or saved (a copy)."""
        return copy.deepcopy(self._current)

    def load(self) -> tuple[dict[str, object], list[Problem]]:
        """The settings (every key present) and the problems met; never raises."""
        problems: list[Problem] = []
        self._current, self._extra = defaults(self.schema), {}
        for _attempt in range(3):
            try:
                snap = read_snapshot(self.path)
            except OSError as e:
                return self.current, [unreadable(self.path, "settings", e)]
            if snap is None:
                return self.current, []
            try:
                obj = parse_json_object(snap.data, FORMAT, VERSION)
                raw = obj.get("settings")
                if not isinstance(raw, dict):
                    raise Invalid("corrupt", "its 'settings' is not an object")
            except Invalid as why:
                try:
                    p = set_aside(self.path, "settings", why, expect=snap.identity)
                except FileChangedError:
                    continue  # another instance wrote it meanwhile: read it again
                self._blocked = p.kept_as is None
                return self.current, [p]
            issues: list[tuple[str, str, str]] = []
            self._current = _repair(raw, self.schema, "", issues)
            self._extra = _unknown(raw, self.schema)
            problems = [Problem("invalid", "settings", self.path, detail=bad, key=key,
                                default=default) for key, bad, default in issues]
            return self.current, problems
        return self.current, problems

    def save(self, changes: Mapping[str, object]) -> dict[str, object]:
        """Change the given settings (nested ones may be given in part, e.g.
        ``{"variants": {"truc": {"target": 7}}}``) and write the file atomically.

        Returns the full settings.  ``ValueError`` for an unknown key or an invalid value
        (a programming error); :class:`StoreError` if the file cannot be written.
        """
        if not isinstance(changes, Mapping):
            raise ValueError("settings must be a mapping")
        _check_strict(changes, self.schema)
        new = _merge(self._current, changes)
        if self._blocked:
            raise StoreError(f"{self.path} was damaged and could not be moved aside; it is "
                             "left untouched, so the settings are not saved.")
        ensure_dir(self.directory)
        body = {"format": FORMAT, "version": VERSION, "settings": _merge(self._extra, new)}
        atomic_write(_through_links(self.path),
                     json.dumps(body, indent=2, ensure_ascii=False) + "\n")
        self._current = new
        return self.current
