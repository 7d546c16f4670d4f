"""Checks on the in-app help text (truf_tui/ui/help/*.md)."""

import random
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
HELP_DIR = REPO / "truf_tui" / "ui" / "help"
LANGS = ("en", "eo")
SEEDS_DIR = Path(__file__).resolve().parents[2] / "shared" / "seeds"

RULE_IDS = [f"F{n}" for n in range(1, 13)] + [f"T{n}" for n in range(1, 12)]

# Title of the "Keys" section in each language.
KEYS_HEADING = {"en": "## Keys", "eo": "## Klavoj"}

# Every key of the app's key map, as written (in backticks) in the help.
KEYS = [
    "`F1`",
    "`?`",
    "`Ctrl+P`",
    "`Ctrl+S`",
    "`F2`",
    "`Escape`",
    "`q`",
    "`Ctrl+Q`",
    "`l`",
    "`1`–`3`",
    "`←`",
    "`→`",
    "`Enter`",
    "`1`–`9`",
    "`h`",
    "`r`",
    "`m`",
    "`a`",
    "`x`",
    "`f`",
    "`d`",
]


def _text(lang: str) -> str:
    return (HELP_DIR / f"{lang}.md").read_text(encoding="utf-8")


def _level2_headings(text: str) -> list[str]:
    headings = []
    in_fence = False
    for line in text.splitlines():
        if line.startswith("```"):
            in_fence = not in_fence
            continue
        if not in_fence and line.startswith("## "):
            headings.append(line.strip())
    return headings


def _keys_section(lang: str) -> str:
    lines = _text(lang).splitlines()
    start = lines.index(KEYS_HEADING[lang])
    end = len(lines)
    for i in range(start + 1, len(lines)):
        if lines[i].startswith("## "):
            end = i
            break
    return "\n".join(lines[start:end])


def test_help_files_exist() -> None:
    for lang in LANGS:
        path = HELP_DIR / f"{lang}.md"
        assert path.is_file(), f"missing {path}"
        assert path.read_text(encoding="utf-8").strip(), f"{path} is empty"


@pytest.mark.parametrize("lang", LANGS)
def test_help_every_rule_id_is_tagged(lang: str) -> None:
    text = _text(lang)
    missing = [rid for rid in RULE_IDS if not re.search(r"\[" + rid + r"\]", text)]
    assert not missing, f"{lang}.md lacks the tags {missing}"


def test_help_rule_tag_regex_is_exact() -> None:
    # "[F1]" must not be found inside "[F10]" or "[F11]".
    assert not re.search(r"\[F1\]", "see [F10] and [F11]")
    assert re.search(r"\[F1\]", "see [F1]")


def test_help_same_number_of_sections() -> None:
    counts = {lang: len(_level2_headings(_text(lang))) for lang in LANGS}
    assert len(set(counts.values())) == 1, counts
    assert counts["en"] >= 5, counts


def test_help_sections_in_order() -> None:
    expected = [
        "## Trufludo",
        "## Le Truc",
        "## Card notation",
        "## Keys",
        "## Computer opponents",
        "## Bluff trainer",
        "## Hints and practice",
    ]
    assert _level2_headings(_text("en")) == expected
    eo = _level2_headings(_text("eo"))
    assert eo[:2] == ["## Trufludo", "## Le Truc"]
    assert eo[3] == KEYS_HEADING["eo"]


@pytest.mark.parametrize("lang", LANGS)
def test_help_key_map_mentions_every_key(lang: str) -> None:
    section = _keys_section(lang)
    missing = [key for key in KEYS if key not in section]
    assert not missing, f"{lang}.md key map lacks {missing}"


def _seed_texts() -> list[str]:
    if not SEEDS_DIR.is_dir():
        pytest.skip(f"seed texts not found at {SEEDS_DIR}")
    texts = [p.read_text(encoding="utf-8") for p in sorted(SEEDS_DIR.glob("*.txt"))]
    if not texts:
        pytest.skip(f"no seed texts in {SEEDS_DIR}")
    return texts


@pytest.mark.parametrize("lang", LANGS)
def test_help_no_seed_line_copied(lang: str) -> None:
    text = _text(lang)
    long_lines = {
        line.strip()
        for seed in _seed_texts()
        for line in seed.splitlines()
        if len(line.strip()) > 40
    }
    copied = [line for line in long_lines if line in text]
    assert not copied, f"{lang}.md copies seed lines: {copied}"


@pytest.mark.parametrize("lang", LANGS)
def test_help_no_seed_sentence_copied(lang: str) -> None:
    # Stricter than whole lines: no seed sentence longer than 40 characters either.
    text = " ".join(_text(lang).split())
    sentences = {
        " ".join(s.split())
        for seed in _seed_texts()
        for s in re.split(r"(?<=[.!?])\s+|\n", seed)
        if len(" ".join(s.split())) > 40
    }
    copied = [s for s in sentences if s in text]
    assert not copied, f"{lang}.md copies seed sentences: {copied}"


# -- links to the worked examples and the guided games (issues 4 and 5) ----------------------
def test_the_examples_ship_with_the_package() -> None:
    from truf_tui.examples import EXAMPLES_DIR, all_examples

    shipped = sorted(p.name for p in EXAMPLES_DIR.glob("*.json"))
    assert EXAMPLES_DIR == REPO / "truf_tui" / "data" / "examples" and len(shipped) >= 23
    assert '"data/examples/*.json"' in (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert [e.id for e in all_examples()] == [n.removesuffix(".json") for n in shipped]


def test_every_example_holds_at_every_step() -> None:
    from truf_tui.examples import agrees, all_examples

    for ex in all_examples():
        assert ex.rule_ids and all(r in RULE_IDS for r in ex.rule_ids), ex.name
        states = list(ex.record().states())
        assert len(states) == len(ex.steps) + 1
        for state, step in zip(states[1:], ex.steps, strict=True):
            assert agrees(state, step["then"]), (ex.id, step["move"])
        # A wrong expectation is caught.
        bad = dict(ex.steps[0]["then"], scores=[99, 99])
        assert not agrees(states[1], bad)


@pytest.mark.parametrize("lang", LANGS)
def test_each_rule_section_links_its_examples_and_the_guided_game(lang: str) -> None:
    from truf_tui.examples import all_examples
    from truf_tui.ui.screens.help import Link, section_links, split_sections

    sections = split_sections(_text(lang))
    links = section_links(sections)
    linked: set[str] = set()
    games_linked: set[str] = set()
    for i, section in enumerate(sections):
        tags = set(re.findall(r"\[([FT]\d+)\]", section.text))
        for link in links.get(i, []):
            if link.kind == "example":
                ex = next(e for e in all_examples() if e.id == link.target)
                assert tags & set(ex.rule_ids), (section.title, ex.name)  # it shows this rule
                linked.add(ex.id)
            else:
                games_linked.add(link.target)
        if section.level == 3 and i in links:
            assert links[i][-1].kind == "guided"
    assert linked == {e.id for e in all_examples()}  # every example is reachable
    assert games_linked == {"trufludo", "truc"}
    # The raise section links the raise examples (T7) and Le Truc's guided game.
    raise_section = next(i for i, s in enumerate(sections) if "2 pli?" in s.title)
    assert links[raise_section] == [Link("example", "13-truc-t7"),
                                    Link("example", "14-truc-t7"),
                                    Link("example", "15-truc-t7"), Link("guided", "truc")]


@pytest.mark.parametrize("lang", LANGS)
def test_help_explains_hints_and_practice(lang: str) -> None:
    text = _text(lang)
    section = text[text.index({"en": "## Hints and practice",
                               "eo": "## Konsiloj kaj ekzercado"}[lang]):]
    assert "`h`" in section and "`b`" in section
    assert {"en": "**Practice**", "eo": "**Ekzercado**"}[lang] in section
    assert "35%" in section and "`Tab`" in section


def test_every_example_has_a_name_in_both_languages() -> None:
    from truf_tui.examples import all_examples
    from truf_tui.ui.i18n import all_strings

    strings = all_strings()
    for ex in all_examples():
        assert set(strings[f"example.{ex.id}"]) >= {"en", "eo"}


# -- the facts the December 2026 review corrected (issue 16, item 21) ------------------------
def _rule_bullets(lang: str, rule: str) -> list[str]:
    """The help's bullets tagged ``[rule]``, each joined into one line."""
    bullets: list[str] = []
    current: list[str] | None = None
    for line in _text(lang).splitlines():
        if line.startswith("- "):
            current = [line] if line.startswith(f"- **[{rule}]**") else None
            if current is not None:
                bullets.append("")
        elif current is not None and line.startswith("  ") and line.strip():
            current.append(line)
        else:
            current = None
        if current is not None:
            bullets[-1] = " ".join(part.strip() for part in current)
    return bullets


def _deals_in_a_game(deck: str) -> int:
    """How many times 3 + 3 cards are dealt in a whole game (F2 and F3), counted by playing."""
    from truf_tui.engine.trufludo import Rules, new_game

    s = new_game(Rules(deck=deck), seed=7)  # type: ignore[arg-type]
    rng = random.Random(7)
    deals = 1
    while s.to_move is not None:
        before = sum(len(h) for h in s.hands)
        s = s.apply(rng.choice(s.legal_actions()))
        if sum(len(h) for h in s.hands) > before:
            deals += 1
    return deals


@pytest.mark.parametrize("deck", ["french", "italian"])
def test_f3_counts_the_deals_as_the_engine_deals_them(deck: str) -> None:
    deals = _deals_in_a_game(deck)
    assert deals == {"french": 8, "italian": 6}[deck]
    en = " ".join(_rule_bullets("en", "F3"))
    eo = " ".join(_rule_bullets("eo", "F3"))
    size = {"french": 52, "italian": 40}[deck]
    # "With 52 cards there are 8 deals of 6 cards in all, ...: the first one and 7 more."
    assert re.search(rf"{size} cards there are {deals} (deals of 6 cards )?in all[^.]*: "
                     rf"the first one and {deals - 1} more\.", en), en
    assert re.search(rf"{size} kartoj estas entute {deals}( disdonoj de po 6 kartoj)?[^.]*: "
                     rf"la unua kaj {deals - 1} pliaj\.", eo), eo
    # The old count ("8 such deals after the first 4 table cards") is gone.
    assert "such deals after" not in en and "tiaj disdonoj post" not in eo


# The texts that name F7's trufego: a trufego is taking the only card on the table, not
# "the last card" (which a beginner reads as the last card of the game).
TRUFEGO_STRINGS = ["game.trufludo.desc", "tbl.f.would.trufego", "coach.f.trufego",
                   "tbl.f.ev.trufego.you", "tbl.f.ev.trufego.computer", "tbl.f.banner.you",
                   "tbl.f.banner.computer", "tbl.f.ev.trufego.named", "tbl.f.banner.named",
                   "guide.f.trufego_cpu"]


def test_f7_a_trufego_takes_the_only_card_on_the_table() -> None:
    from truf_tui.ui.i18n import all_strings

    strings = all_strings()
    for key in TRUFEGO_STRINGS:
        en, eo = strings[key]["en"], strings[key]["eo"]
        assert "only card on the table" in en and "last" not in en, (key, en)
        assert re.search(r"\bsola(n)? (tablo)?karto", eo) and "last" not in eo, (key, eo)
    intro = {lang: " ".join(_text(lang).split("## Trufludo")[0].split()) for lang in LANGS}
    assert "the only card on the table" in intro["en"] and "last" not in intro["en"]
    assert "la solan tablokarton" in intro["eo"] and "last" not in intro["eo"]
    for lang in LANGS:
        f7 = " ".join(_rule_bullets(lang, "F7"))
        assert {"en": "exactly one card", "eo": "ekzakte unu karto"}[lang] in f7


def test_f1_the_suit_is_not_a_colour_in_esperanto() -> None:
    # Hearts and diamonds are both red, yet they never match: "koloro" would mislead.
    assert "koloro" not in _text("eo").lower()
    assert "**emblemo**" in " ".join(_rule_bullets("eo", "F1"))


def test_f9_a_deal_follows_only_if_the_stock_has_cards() -> None:
    en = _rule_bullets("en", "F9")[0]
    eo = _rule_bullets("eo", "F9")[0]
    assert "if the stock still has cards" in en and "the game ends ([F10])" in en, en
    assert "se la talono ankoraŭ havas kartojn" in eo and "la ludo finiĝas ([F10])" in eo, eo


def test_t6_the_early_finish_is_judged_from_the_trick_results_only() -> None:
    en = next(b for b in _rule_bullets("en", "T6") if "Early finish" in b)
    eo = next(b for b in _rule_bullets("eo", "T6") if "Frua fino" in b)
    assert "trick results only, not from the cards" in en, en
    assert "nur la rezultoj de la trukoj, ne la kartoj" in eo, eo


def test_the_answer_to_a_raise_is_refuse_not_fold() -> None:
    # T7: a raise is accepted or refused; folding (T9) gives up the round. The bluffing
    # advice says what a sharp opponent does against honest raises: he refuses them.
    for lang, word, wrong in (("en", "learns to refuse", "learns to fold"),
                              ("eo", "lernas rifuzi", "lernas rezigni")):
        assert word in _text(lang) and wrong not in _text(lang), lang
    # T9's "at any time" clashed with "when it is your turn".
    assert "at any time" not in " ".join(_rule_bullets("en", "T9"))
    assert "iam ajn" not in " ".join(_rule_bullets("eo", "T9"))


def _section(text: str, title: str) -> str:
    start = text.index(title)
    nxt = re.search(r"^##+ ", text[start + len(title):], re.M)
    return text[start:start + len(title) + nxt.start()] if nxt else text[start:]


def test_a_match_is_a_series_of_games_and_nothing_else() -> None:
    # F12: a match is a series of games; the race to the target is the game (T10).
    en, eo = _text("en"), _text("eo")
    en_f12 = _section(en, "### Matches and tournaments")
    eo_f12 = _section(eo, "### Matĉoj kaj turniroj")
    assert len(re.findall(r"\bmatch(es)?\b", en, re.I)) == len(
        re.findall(r"\bmatch(es)?\b", en_f12, re.I)) > 0
    assert len(re.findall(r"matĉ", eo, re.I)) == len(re.findall(r"matĉ", eo_f12, re.I)) > 0
    # One Esperanto word for the game, one for the series.
    assert not re.search(r"\bpartio|\bserio", eo, re.I)


# The engine's words (T11) are notation: Esperanto sentences use Esperanto verbs.
ENGINE_WORDS = re.compile(r"(?<![`_\w])(play|take|raise|rest|accept|refuse|fold|redeal)(?![`_\w])")


def test_esperanto_sentences_have_no_engine_commands() -> None:
    lines = _text("eo").splitlines()
    notation = lines.index("## Kartnotacio")
    offending = []
    for n, line in enumerate(lines, start=1):
        if line.startswith("| `") and n > notation or line.startswith("Notacio:"):
            continue  # the T11 notation table, and a line that shows the notation
        if ENGINE_WORDS.search(line):
            offending.append((n, line))
    assert not offending, offending


def test_esperanto_uses_one_word_per_thing() -> None:
    from truf_tui.ui.i18n import all_strings

    eo_ui = [v["eo"] for v in all_strings().values() if "eo" in v]
    help_eo = _text("eo")
    for text in [*eo_ui, help_eo]:
        # a draw is a "remizo"; the stock is the "talono"; a practice round gets an "analizo"
        assert not re.search(r"egalludo|egalit|egalaĵ|egala ludo", text, re.I), text
        assert not re.search(r"\bstok(o|on)\b", text, re.I), text
        assert "recenz" not in text.lower(), text
        # a level of the computer is a "nivelo", not a force
        assert not re.search(r"\bfortoj\b|elektita forto", text), text
        assert "vizaĝ" not in text and "turniĝ" not in text, text
    assert "rifuzi" in help_eo and "stoko" not in help_eo


# -- the one-minute quick start at the head of each game (issue 16, item 22) ----------------
QUICK_START = {"en": "**Quick start: the game in one minute**",
               "eo": "**Rapida komenco: la ludo en unu minuto**"}


def _quick_start(lang: str, game_heading: str) -> tuple[list[str], str]:
    """The numbered steps (each joined into one line) that open a game's section, and the
    rest of the quick start (what follows the steps, up to the next paragraph break)."""
    from truf_tui.ui.screens.help import split_sections

    section = next(s for s in split_sections(_text(lang)) if s.title == game_heading)
    body = section.text.split("\n", 1)[1].strip()
    assert body.startswith(QUICK_START[lang]), body[:80]  # the very first thing under it
    paragraphs = body.split("\n\n")
    steps = re.split(r"\n(?=\d\. )", paragraphs[1])
    return [" ".join(s.split()) for s in steps], " ".join(paragraphs[2].split())


@pytest.mark.parametrize("lang", LANGS)
def test_trufludo_opens_with_five_steps_that_agree_with_the_engine(lang: str) -> None:
    from truf_tui.engine.trufludo import new_game

    steps, _ = _quick_start(lang, "Trufludo")
    assert [s[:2] for s in steps] == ["1.", "2.", "3.", "4.", "5."], steps
    s = new_game(seed=3)
    hand, table = len(s.hands[0]), len(s.table)
    assert (hand, len(s.hands[1]), table) == (3, 3, 4)
    deal = {"en": f"gives {hand} cards to each player and lays {table} cards face up",
            "eo": f"donas po {hand} kartojn al ĉiu ludanto kaj metas {table} kartojn malkaŝe"}
    assert deal[lang] in steps[0], steps[0]
    trufego = {"en": "take the only card on the table, that is a *trufego*: it counts double",
               "eo": "prenas la solan tablokarton, tio estas *trufego*: ĝi valoras duoble"}
    assert trufego[lang] in steps[3], steps[3]
    assert {"en": "play again", "eo": "denove ludas"}[lang] in steps[3]  # F8
    # F11: a card counts 1, a trufego 1 more.
    assert {"en": "1 point for each card, and 1 more for each trufego",
            "eo": "1 poento por ĉiu karto, kaj 1 plia por ĉiu trufego"}[lang] in steps[4]


@pytest.mark.parametrize("lang", LANGS)
def test_le_truc_opens_with_five_steps_and_a_line_on_raising(lang: str) -> None:
    from truf_tui.cards import TRUC_RANKS
    from truf_tui.engine.truc import Rules, new_game

    steps, raising = _quick_start(lang, "Le Truc")
    assert [s[:2] for s in steps] == ["1.", "2.", "3.", "4.", "5."], steps
    s = new_game(seed=3)
    assert {len(h) for h in s.hands} == {3}
    assert {"en": "Each player gets 3 cards", "eo": "Ĉiu ludanto ricevas 3 kartojn"}[lang] \
        in steps[0]
    # T1, highest first: the 7, then the 8, then the ace; the 9 lowest.
    best = [r for r in reversed(TRUC_RANKS)][:3]
    assert best == ["7", "8", "A"] and TRUC_RANKS[0] == "9"
    order = {"en": "the 7, then the 8, then the ace; the 9 is the lowest",
             "eo": "la 7, poste la 8, poste la aso; la 9 estas la plej malalta"}
    assert order[lang] in steps[0], steps[0]
    # T6: more tricks win; with one trick each, the earlier winner.
    assert {"en": "One trick each: the player who won first takes the round",
            "eo": "Po unu truko: la rondon gajnas tiu, kiu gajnis unue"}[lang] in steps[3]
    target = Rules().target
    assert {"en": f"reach {target} points wins the game",
            "eo": f"atingas {target} poentojn, tiu gajnas la ludon"}[lang] in steps[4]
    # One line on raising (T7): the key, the call, and both answers.
    assert raising.startswith({"en": "Raising:", "eo": "Altigi:"}[lang]), raising
    assert "`r`" in raising and '"2 pli?"' in raising
    assert all(w in raising for w in {"en": ("accepts", "refuses"),
                                      "eo": ("akceptas", "rifuzas")}[lang])


# -- the start screen's words, never the code's (issue 40, items 18 and 19) -----------------
def _code_names() -> set[str]:
    """Every rule option's field name and every value it takes, as the code spells them."""
    from dataclasses import fields

    from truf_tui.engine import truc, trufludo

    names: set[str] = set()
    for module in (trufludo, truc):
        names |= {f.name for f in fields(module.Rules)}
        for values in module.CHOICES.values():
            names |= {str(v) for v in values} | {str(v).lower() for v in values}
    return names


def _shown_as_code(text: str, name: str) -> bool:
    flat = " ".join(text.split())
    n = re.escape(name)
    return bool(
        ("_" in name and re.search(rf"(?<![\w-]){n}(?![\w-])", flat))  # never an English word
        or re.search(rf"`{n}`|\*\*{n}\*\*", flat)  # set as code, or as a start-screen word
        or re.search(rf"\b(default|apriore)\s+`?{n}\b", flat)  # "default none", "apriore stake"
    )


def test_the_code_names_check_finds_them() -> None:
    assert {"forced_capture", "last_capturer", "rest_refusal", "none", "stake"} <= _code_names()
    assert _shown_as_code("(*variant* `deck`)", "deck")
    assert _shown_as_code("Kun **none** ludo", "none")
    assert _shown_as_code("apriore stake", "stake")
    assert _shown_as_code("  rest_refusal game:", "rest_refusal")
    assert not _shown_as_code("a new game with the deck shuffled, stake 2", "game")


@pytest.mark.parametrize("lang", LANGS)
def test_help_names_no_rule_option_by_its_code_name(lang: str) -> None:
    text = _text(lang)
    found = sorted(name for name in _code_names() if _shown_as_code(text, name))
    assert not found, f"{lang}.md shows code names: {found}"


@pytest.mark.parametrize("lang", LANGS)
def test_help_names_each_variant_and_choice_as_the_start_screen_shows_it(lang: str) -> None:
    from truf_tui.play.config import RULE_CHOICES
    from truf_tui.ui.i18n import tr_in

    flat = " ".join(_text(lang).split())
    keys = ["start.deck", "start.forced", "start.leftover", "start.target", "start.rest"]
    keys += [f"start.deck.{v}" for v in RULE_CHOICES["deck"]]
    keys += ["start.forced.on", "start.forced.off"]
    keys += [f"start.leftover.{v}" for v in RULE_CHOICES["leftover"]]
    keys += [f"start.rest.{v}" for v in RULE_CHOICES["rest_refusal"]]
    missing = [k for k in keys if f"**{tr_in(lang, k)}**" not in flat]
    assert not missing, f"{lang}.md lacks the start screen's words for {missing}"


@pytest.mark.parametrize("lang", LANGS)
def test_f1_shows_and_names_every_suit_of_both_packs(lang: str) -> None:
    from truf_tui.cards import SUIT_SYMBOLS
    from truf_tui.i18n import tr_in

    f1 = " ".join(" ".join(_rule_bullets(lang, "F1")).split())
    for (family, letter), symbol in SUIT_SYMBOLS.items():
        name = tr_in(lang, f"suit.{family}.{letter.lower()}")
        assert f"{name} {symbol} `{letter}`" in f1, (family, letter)


@pytest.mark.parametrize(("lang", "heading", "play"), [
    ("en", "**Trufludo table**", "play the card"),
    ("eo", "**Tablo de Trufludo**", "ludi la karton"),
])
def test_trufludo_key_table_says_a_number_plays_at_once(lang: str, heading: str, play: str) -> None:
    # issue 40, item 20: the table said 1-3 picks a card for Enter; the key plays it at once.
    from truf_tui.ui.screens.table_base import TABLE_KEYS

    number_key = next(k for k in TABLE_KEYS if k.shown == "1-3")
    assert [b.action for b in number_key.bindings[:3]] == ["pick(0)", "pick(1)", "pick(2)"]
    assert {b.key for b in number_key.bindings[3:]} == {"enter,space"}
    section = _keys_section(lang)
    table = section[section.index(heading):].split("\n\n")[1]
    rows = {row.split("|")[1].strip(): row.split("|")[2] for row in table.splitlines()[2:]}
    assert play in rows["`1`–`3`"] and ("at once" in rows["`1`–`3`"] or "tuj" in rows["`1`–`3`"])
    assert any("`Enter`" in key and "`Spac" in key for key in rows)


def test_esperanto_says_plainly_when_the_expert_uses_a_habit() -> None:
    # issue 40, item 22: "klinas sin kontraŭ kutimo via nur, kiam ĝi estas klare tie".
    eo = " ".join(_text("eo").split())
    assert "klinas sin" not in eo and "klare tie" not in eo and "kutimo via" not in eo
    assert eo.count("klare montriĝas") == 2  # the solved expert, and its line among the tiers
