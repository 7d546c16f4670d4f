"""Every message of every area (cards, store, ui) through the one lookup of
``truf_tui.i18n``: each key the code asks for is in the tables in English and Esperanto,
each key of the tables is asked for somewhere, and a count's two forms go together.

The code is read, not run: an AST walk over ``truf_tui/`` finds the keys.  A key is asked
for as a string constant (``tr("start.title")``, ``KeyBar([("q", "key.quit", …)])``, a dict
of keys…) or built: an f-string or a ``"prefix." + name`` gives a pattern, a ``{…}`` after a
dot one word of the key, one glued to a word a tail such as ``.named``, or nothing;
``ConfirmLoss("abandon")`` asks for ``abandon.title`` and the rest; a used
key's ``.one`` form goes with it (:func:`truf_tui.i18n.plural`).  The keys built in a way
no pattern sees are listed in ``DYNAMIC``, each with where it is built.
"""

from __future__ import annotations

import ast
import logging
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import truf_tui
import truf_tui.cards  # each area registers its tables on import: cards, store, ui
import truf_tui.store  # noqa: F401
import truf_tui.ui.i18n  # noqa: F401
from truf_tui import i18n

ROOT = Path(truf_tui.__file__).resolve().parent
STRINGS = i18n.all_strings()
KEY = re.compile(r"[a-z0-9_]+(\.[a-z0-9_-]+)+")
WORD = "[a-z0-9_-]+"  # what a ``{…}`` after a dot of a built key stands for…
TAIL = r"(\.[a-z0-9_-]+)*"  # …and one glued to a word (``f"tbl.t.q.raise{q}"``)
LOOKUPS = {"tr": 0, "plural": 0, "tr_in": 1, "plural_key": 0}  # name -> the key's argument


def _coach_keys() -> set[str]:
    """The coach's reasons, worded by ``ui/widgets/hints.reason_text`` as ``coach.<key>``."""
    tree = ast.parse((ROOT / "coach.py").read_text(encoding="utf-8"))
    keys = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
            and isinstance(n.value, str) and KEY.fullmatch(n.value)}
    return {f"coach.{k}" for k in keys}


# Keys built where no pattern of the code shows them, by the start of the key: where they
# are built, and the keys that can be.
DYNAMIC: dict[str, tuple[str, Callable[[], set[str]]]] = {
    "coach.": ("ui/widgets/hints.py reason_text: coach.<Reason.key>", _coach_keys),
    "tbl.t.ev.refuse.rest.game.": (
        "ui/screens/truc_table.py: a refused rest at a game stake (T8), refused = 'rest.game'",
        lambda: {f"tbl.t.ev.refuse.rest.game.{who}" for who in ("you", "computer", "named")}),
}
# Constants that look like keys and are not (file names).
NOT_KEYS = {"settings.json", "key.pem"}  # file names that look like keys


def _is_table(path: Path) -> bool:
    rel = path.relative_to(ROOT).parts
    return rel[:2] == ("ui", "strings") or rel == ("store", "strings.py")


def _sources() -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(ROOT.rglob("*.py")):
        if not _is_table(path):
            yield path, ast.parse(path.read_text(encoding="utf-8"))


def _in_tables(tree: ast.Module) -> set[int]:
    """The nodes of a ``STRINGS = {...}`` table written in a code module (``cards.py``)."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(getattr(t, "id", None) == "STRINGS" for t in targets) and node.value:
                inside |= {id(n) for n in ast.walk(node.value)}
    return inside


def _pattern(node: ast.expr) -> str | None:
    """The regular expression of a key built by an f-string or ``"prefix." + name``."""
    if isinstance(node, ast.JoinedStr) and node.values:
        first = node.values[0]
        if isinstance(first, ast.Constant) and re.match(r"[a-z0-9_]+\.", str(first.value)):
            out = ""
            for v in node.values:
                if isinstance(v, ast.Constant):
                    out += re.escape(v.value)
                else:  # after a dot a word; glued to one, a tail such as ".named" or nothing
                    out += WORD if out.endswith((r"\.", "_")) else TAIL
            return out
    if (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)
            and isinstance(node.left, ast.Constant) and isinstance(node.left.value, str)
            and re.fullmatch(r"[a-z0-9_]+(\.[a-z0-9_-]+)*[._]", node.left.value)):
        return re.escape(node.left.value) + WORD
    return None


def _prefix_suffixes(cls: ast.ClassDef) -> list[str]:
    """For a class built from a ``prefix`` naming its texts (``ConfirmLoss("abandon")``),
    the tails its ``__init__`` adds to it (``.title``, ``.message``…)."""
    for fn in cls.body:
        if isinstance(fn, ast.FunctionDef) and fn.name == "__init__" and len(fn.args.args) > 1 \
                and fn.args.args[1].arg == "prefix":
            return [v.values[1].value for v in ast.walk(fn) if isinstance(v, ast.JoinedStr)
                    and len(v.values) == 2 and getattr(v.values[0].value, "id", "") == "prefix"
                    and isinstance(v.values[1], ast.Constant)]
    return []


class Uses:
    """What the code asks for: literal keys (with where), built patterns, and the keys of a
    count (``plural``)."""

    def __init__(self) -> None:
        self.literal: dict[str, str] = {}
        self.asked: dict[str, str] = {}  # the literal keys handed to a lookup itself
        self.patterns: dict[str, str] = {}
        self.counted: dict[str, str] = {}
        sources = list(_sources())
        self.prefixed = {c.name: tails for _, tree in sources for c in ast.walk(tree)
                         if isinstance(c, ast.ClassDef) and (tails := _prefix_suffixes(c))}
        for path, tree in sources:
            self._read(path.relative_to(ROOT).as_posix(), tree)

    def _read(self, where: str, tree: ast.Module) -> None:
        tables = _in_tables(tree)
        in_fstring = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr)
                      for v in n.values}
        for node in ast.walk(tree):
            if id(node) in tables:
                continue
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in in_fstring and KEY.fullmatch(node.value)):
                self.literal.setdefault(node.value, f"{where}:{node.lineno}")
            if isinstance(node, ast.expr) and (rx := _pattern(node)):
                self.patterns.setdefault(rx, f"{where}:{node.lineno}")
            if isinstance(node, ast.Call):
                self._call(where, node)
            if isinstance(node, ast.ClassDef):  # super().__init__("abandon") of a subclass
                for base in node.bases:
                    for call in ast.walk(node):
                        if isinstance(call, ast.Call) and getattr(call.func, "attr", "") \
                                == "__init__":
                            self._prefixed(getattr(base, "id", ""), call, where)

    def _prefixed(self, cls: str, call: ast.Call, where: str) -> None:
        if cls in self.prefixed and call.args and isinstance(call.args[0], ast.Constant):
            for tail in self.prefixed[cls]:
                self.literal.setdefault(f"{call.args[0].value}{tail}", f"{where}:{call.lineno}")

    def _call(self, where: str, node: ast.Call) -> None:
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        self._prefixed(name or "", node, where)
        i = LOOKUPS.get(name or "")
        if i is None or len(node.args) <= i:
            return
        arg = node.args[i]
        at = f"{where}:{node.lineno}"
        for leaf in ([arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]):
            if isinstance(leaf, ast.Constant) and isinstance(leaf.value, str):
                self.asked.setdefault(leaf.value, at)
                if name in ("plural", "plural_key"):
                    self.counted.setdefault(leaf.value, at)


USES = Uses()


def _fragment(text: str) -> bool:
    """A constant that is the start of built keys (``"help.switch_to_" + lang``)."""
    return any(k.startswith(text) and k != text for k in STRINGS)


def test_every_area_is_registered() -> None:
    areas = {name.split(".")[0] for names in i18n.string_sources().values() for name in names}
    assert areas == {"cards", "store", "ui"}


def test_every_key_is_in_english_and_esperanto() -> None:
    for key, entry in STRINGS.items():
        assert set(entry) == set(i18n.LANGUAGES), key
        assert all(isinstance(t, str) and t.strip() for t in entry.values()), key


def test_no_key_is_defined_twice_in_any_area() -> None:
    assert {k: s for k, s in i18n.string_sources().items() if len(s) > 1} == {}


def test_every_key_the_code_asks_for_exists() -> None:
    """Each literal key handed to a lookup, and each constant that looks like a key of one
    of the tables' families (``tbl.…``, ``start.…``), is in the tables, in both languages."""
    families = {k.split(".")[0] for k in STRINGS}
    missing = {k: at for k, at in USES.asked.items() if k not in STRINGS}
    missing |= {k: at for k, at in USES.literal.items()
                if k.split(".")[0] in families and k not in STRINGS and k not in NOT_KEYS
                and not _fragment(k)}
    assert missing == {}
    for where, build in DYNAMIC.values():
        assert build() & set(STRINGS), where  # the listed builder still builds keys


def test_every_built_key_pattern_finds_a_key() -> None:
    families = tuple(re.escape(k.split(".")[0] + ".") for k in STRINGS)
    dynamic = tuple(re.escape(prefix) + WORD for prefix in DYNAMIC)
    dead = {rx: at for rx, at in USES.patterns.items()
            if rx.startswith(families) and rx not in dynamic
            and not any(re.fullmatch(rx, k) for k in STRINGS)}
    assert dead == {}


def test_every_key_in_the_tables_is_used() -> None:
    used = set(USES.literal) | set(USES.asked)
    for _, build in DYNAMIC.values():
        used |= build()
    patterns = [re.compile(rx) for rx in USES.patterns]
    used |= {k for k in STRINGS if any(p.fullmatch(k) for p in patterns)}
    used |= {k for k in STRINGS if k.endswith(i18n.ONE) and k[: -len(i18n.ONE)] in used}
    assert sorted(set(STRINGS) - used) == []


def test_a_count_has_both_forms() -> None:
    """Each key given to ``plural`` has its form for one; each form for one, its other form
    and the same fields (but ``{n}``, which the form for one may write out)."""
    assert USES.counted  # the walk found the plural() calls
    assert {k: at for k, at in USES.counted.items() if k + i18n.ONE not in STRINGS} == {}
    for key in STRINGS:
        if key.endswith(i18n.ONE):
            other = key[: -len(i18n.ONE)]
            assert other in STRINGS, key
            for lang in i18n.LANGUAGES:
                fields = set(re.findall(r"{(\w+)}", STRINGS[key][lang])) - {"n"}
                assert fields <= set(re.findall(r"{(\w+)}", STRINGS[other][lang])), (key, lang)


def test_plural_chooses_the_form_for_one() -> None:
    before = i18n.get_language()
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            left = STRINGS["tbl.res.left"][lang]
            assert i18n.plural("tbl.res.left", 3, cards="x") == left.format(n=3, cards="x")
            assert i18n.plural("tbl.res.left", 0, cards="x") == left.format(n=0, cards="x")
            assert i18n.plural("tbl.res.left", 1, cards="x") == STRINGS[
                "tbl.res.left.one"][lang].format(cards="x")
    finally:
        i18n.set_language(before)
    assert i18n.plural_key("stats.points", 1) == "stats.points.one"
    assert i18n.plural_key("stats.points", 2) == "stats.points"


def test_every_layer_looks_up_the_same_way() -> None:
    """The store's notices and the suit names are in the same tables as the app's texts,
    looked up by the same function in a given language."""
    from truf_tui.cards import Card
    from truf_tui.store import Problem

    assert Card.parse("RB", "italian").suit_name("eo") == i18n.tr_in("eo", "suit.italian.b")
    p = Problem("missing", "named", Path("x.json"), key="k")
    assert p.message("eo") == i18n.tr_in("eo", "problem.missing", key="k")
    assert p.message("fr") == p.message("en")  # an unknown language falls back to English


def test_a_missing_key_shows_itself_and_is_logged_once(
        caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="truf_tui.i18n"):
        assert i18n.tr("test.no.such.key") == "test.no.such.key"
        assert i18n.tr_in("eo", "test.no.such.key", n=1) == "test.no.such.key"
    assert [r.getMessage() for r in caplog.records] == ["no text for the key 'test.no.such.key'"]


def test_the_lookup_imports_no_other_layer() -> None:
    """``truf_tui.i18n`` is below every layer: it imports nothing of truf_tui."""
    tree = ast.parse((ROOT / "i18n.py").read_text(encoding="utf-8"))
    names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    names += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert not [n for n in names if n.startswith("truf_tui")]


def test_the_keys_the_store_and_the_cards_build_exist() -> None:
    """``problem.<kind>``, ``problem.what.<subject>``, ``problem.fresh.<subject>`` and
    ``suit.<family>.<suit>``: every value they are built from has its text."""
    from typing import get_args

    from truf_tui.cards import FRENCH_52, ITALIAN_40
    from truf_tui.store.files import ProblemKind, Subject

    built = [f"problem.{kind}" for kind in get_args(ProblemKind)]
    built += [f"problem.{part}.{s}" for part in ("what", "fresh") for s in get_args(Subject)]
    built += [f"suit.{c.family}.{c.suit.lower()}" for c in FRENCH_52 + ITALIAN_40]
    assert [k for k in built if k not in STRINGS] == []


def test_the_languages_are_defined_once() -> None:
    """The command line, the settings store and the app offer the translations' languages."""
    from truf_tui import cli
    from truf_tui.store import settings
    from truf_tui.ui import i18n as ui_i18n
    from truf_tui.ui import settings as ui_settings

    assert cli.LANGUAGES is settings.LANGUAGES is ui_settings.LANGUAGES is i18n.LANGUAGES
    assert ui_i18n.LANGUAGES is i18n.LANGUAGES


def test_a_rule_is_named_as_a_rule_never_by_a_bare_tag() -> None:
    # issue 40, item 21: "§F5" and "(F5)" meant nothing to a newcomer, and "F1" read as the key.
    import re

    from truf_tui.ui.i18n import all_strings

    word = {"en": r"(rule|rules|rules [FT]\d+ and)", "eo": r"(regulo|reguloj|reguloj [FT]\d+ kaj)"}
    bare = []
    for key, entry in all_strings().items():
        for lang, text in entry.items():
            for m in re.finditer(r"§|\b[FT](1[0-2]|[1-9])\b", text):
                before = text[:m.start()].rstrip()
                named = re.search(word[lang] + "$", before) is not None
                after = text[m.end():]
                if m.group() == "F1" and (before.endswith(("key", "klavo")) or "help" in text
                                          or after.startswith((":", "[/]", " to ", " por "))):
                    continue  # the F1 key, which opens the help
                if not named:
                    bare.append((key, lang, text[max(0, m.start() - 30):m.end() + 1]))
    assert not bare, bare


def test_esperanto_calls_a_game_ludo_and_the_target_the_first_to_reach_it() -> None:
    # issue 40, item 22: "partio" only in the leave dialog; "unua ĝis 12" for "first to 12".
    import re

    from truf_tui.ui.i18n import all_strings

    eo = {k: v["eo"] for k, v in all_strings().items() if "eo" in v}
    assert [k for k, text in eo.items() if re.search(r"\bparti(o|on|oj|ojn)\b", text)] == []
    assert [k for k, text in eo.items() if "unua ĝis" in text] == []
    firsts = [k for k, text in eo.items() if "la unua, kiu atingas {target}" in text]
    assert len(firsts) >= 3, firsts


def test_a_match_is_only_ever_a_series_of_games() -> None:
    # issue 40, item 21 (F12): "no, a match may be thrown" read as a series of games thrown;
    # a card of the same suit is taken (F5), a Le Truc race to 12 is a game (T10).
    import re

    from truf_tui.ui.i18n import all_strings, string_sources

    sources = string_sources()
    wrong = [(key, entry) for key, entry in all_strings().items()
             if sources.get(key) != ["ui.tournament"]
             and (re.search(r"\bmatch", entry.get("en", ""), re.I)
                  or re.search(r"matĉ|kongru", entry.get("eo", ""), re.I))]
    assert wrong == []
