"""The string tables: complete in both languages, and every key the UI asks for exists."""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from truf_tui.play.config import GAMES, TIERS
from truf_tui.ui import i18n
from truf_tui.ui.i18n import LANGUAGES, all_strings, get_language, set_language, string_sources, tr
from truf_tui.ui.settings import CARD_STYLES, PACES, THEMES

UI_DIR = Path(i18n.__file__).resolve().parent
STRINGS = all_strings()


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_key_has_every_language_and_no_empty_string() -> None:
    assert STRINGS
    for key, entry in STRINGS.items():
        assert set(entry) == set(LANGUAGES), key
        for lang, text in entry.items():
            assert isinstance(text, str) and text.strip(), (key, lang)


def test_placeholders_agree_between_languages() -> None:
    for key, entry in STRINGS.items():
        assert _fields(entry["en"]) == _fields(entry["eo"]), key


def test_no_key_is_defined_twice() -> None:
    twice = {k: mods for k, mods in string_sources().items() if len(mods) > 1}
    assert not twice


def test_keys_look_like_keys() -> None:
    for key in STRINGS:
        assert re.fullmatch(r"[a-z0-9_]+(\.[a-z0-9_-]+)*", key), key


def _ui_sources() -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(UI_DIR.rglob("*.py")):
        if "strings" not in path.parts:
            yield path, ast.parse(path.read_text(encoding="utf-8"))


def _literal_keys(tree: ast.Module) -> Iterator[str]:
    """String keys the code hands to ``tr``, to ``KeyBar``, to the tables' ``TableKey``, to
    ``ConfirmDialog`` and (as a prefix) to ``ConfirmLoss``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name == "tr" and node.args and isinstance(node.args[0], ast.Constant):
                yield node.args[0].value
            if name == "TableKey" and len(node.args) > 1 and isinstance(node.args[1],
                                                                        ast.Constant):
                yield node.args[1].value  # the key bar's label
            if name == "KeyBar" and node.args and isinstance(node.args[0], ast.List):
                for item in node.args[0].elts:
                    if isinstance(item, ast.Tuple) and isinstance(item.elts[1], ast.Constant):
                        yield item.elts[1].value
        if isinstance(node, ast.ClassDef) and any(
                getattr(b, "id", None) == "ConfirmDialog" for b in node.bases):
            for call in ast.walk(node):
                if isinstance(call, ast.Call) and getattr(call.func, "attr", "") == "__init__":
                    yield from (a.value for a in call.args[:4] if isinstance(a, ast.Constant))
        # ConfirmLoss("prefix", ...) and its subclasses' super().__init__("prefix", ...)
        loss = isinstance(node, ast.ClassDef) and any(
            getattr(b, "id", None) == "ConfirmLoss" for b in node.bases)
        for call in ast.walk(node) if loss else [node]:
            if not isinstance(call, ast.Call) or not call.args:
                continue
            name = getattr(call.func, "id", None) or getattr(call.func, "attr", None)
            if (name == "ConfirmLoss" or (loss and name == "__init__")) and isinstance(
                    call.args[0], ast.Constant):
                yield from (f"{call.args[0].value}.{k}" for k in ("title", "message", "yes", "no"))


def test_every_literal_key_used_by_the_ui_exists() -> None:
    missing = {}
    for path, tree in _ui_sources():
        for key in _literal_keys(tree):
            if key not in STRINGS:
                missing[key] = path.name
    assert not missing


def test_keys_built_by_the_shell_exist() -> None:
    built = [f"game.{g}" for g in GAMES] + [f"game.{g}.desc" for g in GAMES]
    built += [f"tier.{t}" for t in TIERS] + [f"tier.{g}.{t}" for g in GAMES for t in TIERS]
    built += [f"start.dealer.note.{g}" for g in GAMES]
    built += [f"start.{name}" for name in ("deck", "forced", "leftover", "target", "rest")]
    built += [f"start.deck.{d}" for d in ("french", "italian")]
    built += [f"start.leftover.{v}" for v in ("none", "last_capturer")]
    built += [f"start.rest.{v}" for v in ("stake", "game")]
    built += [f"theme.{t}" for t in THEMES] + [f"pace.{p}" for p in PACES]
    built += [f"cards.{c}" for c in CARD_STYLES] + [f"lang.{lang}" for lang in LANGUAGES]
    built += [f"help.switch_to_{lang}" for lang in LANGUAGES]
    assert [k for k in built if k not in STRINGS] == []


def test_tr_translates_formats_and_falls_back() -> None:
    before = get_language()
    try:
        set_language("eo")
        assert tr("settings.title") == "Agordoj"
        assert tr("small.message", min_w=80, min_h=24, w=70, h=20).startswith(
            "truf-tui bezonas almenaŭ 80×24, nun 70×20.")
        assert tr("no.such.key") == "no.such.key"  # shows up on screen, never crashes
        assert tr("start.target.note") == STRINGS["start.target.note"]["eo"]  # no fmt given
        set_language("en")
        assert tr("settings.title") == "Settings"
        with pytest.raises(ValueError, match="unknown language"):
            set_language("fr")
    finally:
        set_language(before)


def test_a_missing_translation_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(STRINGS, "test.only.en", {"en": "only English"})
    before = get_language()
    try:
        set_language("eo")
        assert tr("test.only.en") == "only English"
    finally:
        set_language(before)


@pytest.mark.parametrize(("lang", "shown"), [("en", "0.6 s"), ("eo", "0,6 s")])
async def test_the_pace_is_written_with_the_languages_decimal_mark(lang: str, shown: str) -> None:
    # issue 40, item 22: "0.6 s" in Esperanto, where the help writes "0,0013".
    from textual.widgets import Static

    from .tables_support import make_app

    app = make_app(pace="normal", lang=lang)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            app.action_settings()
            await pilot.pause()
            assert shown in str(app.screen.query_one("#pace-note", Static).render())
    finally:
        set_language("en")


def test_every_float_in_a_message_takes_the_languages_decimal_mark() -> None:
    from truf_tui.i18n import tr_in

    assert tr_in("eo", "settings.pace.note", seconds=0.25).endswith("0,25 s.")
    assert tr_in("en", "settings.pace.note", seconds=0.25).endswith("0.25 s.")
    assert tr_in("eo", "settings.pace.note", seconds=2).endswith("2 s.")  # ints as they are
