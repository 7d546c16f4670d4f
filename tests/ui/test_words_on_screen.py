"""Every word on screen goes through the translations (issue 16, item 9).

The screens are walked as a player meets them, in English and in Esperanto, and what the
terminal shows is searched for three faults:

- a translation key instead of its text (a key built at run time that does not exist shows
  as itself, ``tr`` never crashes);
- the engine's T11 notation (``play KD``, ``play 8D take 4D``, a bare ``KD``): cards are shown
  as chips with suit symbols, ``K♦``, like everywhere else in the UI (the notation stays in
  saved records);
- in Esperanto, an English engine word (``play``, ``raise``, ``accept``, ``fold`` …).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from truf_tui.engine import truc, trufludo
from truf_tui.engine.record import GameRecord
from truf_tui.examples import all_examples
from truf_tui.play.config import HUMAN, GameConfig
from truf_tui.store import GameRow, History, game_meta
from truf_tui.ui.i18n import all_strings, set_language
from truf_tui.ui.screens.example import ExampleScreen
from truf_tui.ui.screens.replay import ReplayScreen
from truf_tui.ui.screens.summary import TrucResults, TrufludoResults

from .tables_support import ScriptBot, make_app, settle, start, table_of

SIZE = (100, 32)
NAMESPACES = sorted({key.split(".")[0] for key in all_strings()})
KEY = re.compile(r"(?<![\w/.-])(?:" + "|".join(NAMESPACES) + r")\.[a-z0-9_]+(?:\.[a-z0-9_-]+)*")
LOOKS_LIKE_KEY = re.compile(r"(?<![\w/.-])[a-z]+(?:\.[a-z0-9_]+){2,}(?![\w/])")
CARD = r"(?:10|[2-9AJQKFCR1])[SHDCB]"
T11 = re.compile(rf"\b(?:play|take) {CARD}\b|(?<![\w♠♥♦♣])(?:10|[2-9AJQK])[SHDC](?!\w)")
ENGINE_WORDS = re.compile(r"\b(?:play|raise|rest|accept|refuse|fold|redeal|take|throw)\b",
                          re.IGNORECASE)


def screen_text(app: Any) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def faults(text: str, lang: str) -> list[str]:
    found = [f"key {m}" for m in KEY.findall(text) + LOOKS_LIKE_KEY.findall(text)]
    found += [f"notation {m!r}" for m in T11.findall(text)]
    if lang == "eo":
        found += [f"English {m!r}" for m in ENGINE_WORDS.findall(text)]
    return found


def test_the_detector_sees_each_fault() -> None:
    assert faults("Komputilo: play KD", "eo") == ["notation 'play KD'", "English 'play'"]
    assert faults("leĝaj movoj: fold, play 10D", "eo") == [
        "notation 'play 10D'", "English 'fold'", "English 'play'"]
    assert faults("You: KD takes 4D", "en") == ["notation 'KD'", "notation '4D'"]
    assert faults("Round over: tbl.t.how.earlier.you", "en") == [
        "key tbl.t.how.earlier.you", "key tbl.t.how.earlier.you"]
    assert faults("no.such.key here", "en") == ["key no.such.key"]
    assert faults("Vi:  K♦  prenas  7♦ · F1 Helpo · Mia resto · T6", "eo") == []
    assert faults("You: “2 pli?” (stake 2) · a accept · x refuse · f fold", "en") == []


class Walk:
    """The screens seen, each checked as it is shown."""

    def __init__(self, app: Any, pilot: Any, lang: str) -> None:
        self.app, self.pilot, self.lang = app, pilot, lang
        self.seen: dict[str, list[str]] = {}

    async def check(self, where: str) -> None:
        await self.pilot.pause()
        found = faults(screen_text(self.app), self.lang)
        if found:
            self.seen[where] = found

    async def keys(self, where: str, *keys: str) -> None:
        for key in keys:
            await self.pilot.press(key)
            await settle(self.pilot)
        await self.check(where)


def finished(game: str, seed: int) -> Any:
    rng = random.Random(seed)
    s: Any = (truc.new_game(truc.Rules(target=3), seed=seed) if game == "truc"
              else trufludo.new_game(trufludo.Rules(deck="italian"), seed=seed))
    while not s.is_terminal():
        s = s.apply(rng.choice(s.legal_actions()))
    return s


def rows(tmp_path: Any) -> Iterator[GameRow]:
    with History(tmp_path) as history:
        for game in ("truc", "trufludo"):
            history.add_game(GameRecord.from_state(finished(game, 4),
                                                   **game_meta(tier="easy", human=HUMAN)))
        yield from history.games()


@pytest.mark.parametrize("lang", ["en", "eo"])
@pytest.mark.slow
async def test_the_tables_and_their_dialogs_show_no_key_and_no_engine_word(lang: str) -> None:
    app = make_app(lang=lang)
    try:
        async with app.run_test(size=SIZE) as pilot:
            w = Walk(app, pilot, lang)
            await w.check("start")
            # Trufludo: a few moves with the log open, the hint, the results
            await start(pilot, "trufludo", seed=3, bot=ScriptBot())
            await w.keys("trufludo table", "1", "1", "1")
            await w.keys("trufludo log", "l")
            await w.keys("trufludo hint", "l", "h")
            await w.keys("trufludo menu", "escape", "escape")
            await pilot.press("escape")
            app.push_screen(TrufludoResults(finished("trufludo", 5)))
            await w.check("trufludo results")
            app.pop_screen()
            # Le Truc: a raise accepted, a card, the log, a refusal and its summary
            t = await start(pilot, "truc", seed=11, dealer=0, bot=ScriptBot("raise", "play"))
            await w.keys("truc question", )
            await w.keys("truc hint", "h")
            await w.keys("truc accepted", "escape", "a", "1")
            await w.keys("truc log", "l")
            await w.keys("truc summary", "l", "x", "f", "y")
            await w.keys("truc next round", "enter")
            app.push_screen(TrucResults(finished("truc", 5)))
            await w.check("truc results")
            app.pop_screen()
            assert table_of(app) is t
            # Practice: the round review
            app.start_game(GameConfig(game="truc", tier="easy", seed=2, dealer=1,
                                      practice=True))
            await settle(pilot)
            await w.keys("practice review", "f", "y")
    finally:
        set_language("en")
    assert w.seen == {}


CARD_WORD = re.compile(rf"\b{CARD}\b")


def distinct_positions(screen: ReplayScreen) -> list[int]:
    """The positions of a replay or an example whose words can differ from those of an
    earlier one: the texts on screen are made from the last move, the legal moves, who
    made and who makes them, the end of the game or of a round and the round's review
    (its number: each round has its own); positions alike
    in all of these but the cards show the same words (the cards are drawn one way)."""
    seen: set[tuple[Any, ...]] = set()
    out: list[int] = []
    last = len(screen.states) - 1
    for i, state in enumerate(screen.states):
        moved = screen.states[i - 1] if i else None
        shape = (
            i == 0, i == last, state.is_terminal(), state.to_move,
            moved.to_move if moved is not None else None,
            CARD_WORD.sub("C", str(state.history[-1])) if i else "",
            frozenset(CARD_WORD.sub("C", str(a)) for a in state.legal_actions()),
            (review[0] if (review := screen.review_at(i)) else None),
            bool(i and isinstance(screen, ExampleScreen)
                 and screen.example.steps[i - 1]["then"].get("round_over")),
        )
        if shape not in seen:
            seen.add(shape)
            out.append(i)
    return out


def test_distinct_positions_keep_every_kind_of_move(tmp_path: Any) -> None:
    """Every kind of move of a replay is shown at least once, and the first and last."""
    for row in rows(tmp_path):
        screen = ReplayScreen(row)
        kept = distinct_positions(screen)
        assert 0 in kept and len(screen.states) - 1 in kept
        kinds = {CARD_WORD.sub("C", str(a)) for a in screen.states[-1].history}
        assert kinds == {CARD_WORD.sub("C", str(screen.states[i].history[-1]))
                         for i in kept if i}
        assert len(kept) < len(screen.states)


@pytest.mark.parametrize("lang", ["en", "eo"])
@pytest.mark.slow
async def test_the_replays_and_the_worked_examples_show_no_engine_word(
        lang: str, tmp_path: Any) -> None:
    app = make_app(lang=lang)
    try:
        async with app.run_test(size=SIZE) as pilot:
            w = Walk(app, pilot, lang)
            for row in rows(tmp_path):
                screen = ReplayScreen(row)
                await app.push_screen(screen)
                await pilot.pause()
                for i in distinct_positions(screen):
                    screen.go_to(i)
                    await w.check(f"replay {row.game} {i}")
                await app.pop_screen()
            for ex in all_examples():
                example = ExampleScreen(ex)
                await app.push_screen(example)
                await pilot.pause()
                for i in distinct_positions(example):
                    example.go_to(i)
                    await w.check(f"example {ex.id} {i}")
                await app.pop_screen()
    finally:
        set_language("en")
    assert w.seen == {}


@pytest.mark.parametrize("lang", ["en", "eo"])
@pytest.mark.slow
async def test_the_other_screens_show_no_key(lang: str) -> None:
    app = make_app(lang=lang)
    try:
        async with app.run_test(size=SIZE) as pilot:
            w = Walk(app, pilot, lang)
            await w.keys("help", "f1")
            await w.keys("help contents", "t")
            await w.keys("statistics", "escape", "s")
            await w.keys("settings", "escape", "ctrl+s")
            await w.keys("saved games", "escape", "o")
            await w.keys("tournament", "escape", "t")
            await w.keys("guided", "escape", "g")
            await w.keys("guided step", "enter", "enter")
            await pilot.press("escape")
            await settle(pilot)
            app.start_game(GameConfig(game="truc", opponent="human", seed=3, dealer=1))
            await settle(pilot)
            await w.check("hot-seat")
            await w.keys("hot-seat pass", "enter", "1")
    finally:
        set_language("en")
    assert w.seen == {}


def test_every_key_built_at_run_time_for_moves_and_round_ends_exists() -> None:
    """The keys put together from a move's kind, a pending proposal, a side (you, the
    computer, or a named player in hot-seat) and a T6/T7/T8 case all exist: a missing one
    would show on screen as itself."""
    strings = all_strings()
    sides = ("you", "computer", "named")
    built = [f"move.t.{k}" for k in ("play", "raise", "rest", "redeal", "fold")]
    built += [f"move.t.{k}.{p}" for k in ("accept", "refuse")
              for p in ("raise", "rest", "redeal")]
    built += ["move.f.throw", "move.f.take"]
    built += [f"tbl.t.ev.refuse.{p}.{side}" for p in ("raise", "rest", "rest.game", "redeal")
              for side in sides]
    built += [f"tbl.t.how.{case}.{side}" for case in (
        "tricks", "earlier", "unspoiled", "refused", "refused.raise", "refused.rest",
        "refused.rest.game", "fold") for side in sides]
    built += [f"tbl.res.t.short.refused.{k}" for k in ("raise", "rest")]
    built += [f"hint.t.{k}" for k in ("play", "raise", "rest", "redeal", "accept", "refuse",
                                      "fold")]
    built += [f"hint.title.{g}" for g in ("trufludo", "truc")]
    built += [f"hint.thinking.{g}" for g in ("trufludo", "truc")]
    assert [k for k in built if k not in strings] == []
