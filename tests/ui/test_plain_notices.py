"""Notices about the data folder in plain words (issue 16, item 16).

A damaged history used to be reported with SQLite's own integrity text, cut at 120
characters ("…(integrity check: *** in database main *** Page 21 is never used Pa").  The
notice now says what it means; the raw text stays whole in ``Problem.detail`` and goes to the
``truf_tui`` log.  A data folder that is a file says so (not "File exists").
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from truf_tui.engine import truc
from truf_tui.engine.record import GameRecord
from truf_tui.store import FolderError, History, StoreError, data_dir, game_meta
from truf_tui.ui.app import TrufApp
from truf_tui.ui.i18n import set_language
from truf_tui.ui.screens.stats import StatsScreen
from truf_tui.ui.settings import Settings
from truf_tui.ui.storage import folder_notice

SIZE = (80, 24)
RAW_WORDS = ("integrity", "***", "Page ", "never used", "database main")
PLAIN = {
    "en": "The game history (history.sqlite3) is damaged and could not be read. It was kept "
          "aside as ",
    "eo": "La ludhistorio (history.sqlite3) estas difektita kaj ne legeblas. Ĝi estas "
          "flankenmetita kiel ",
}


def finished(seed: int) -> GameRecord:
    start = s = truc.new_game(truc.Rules(target=2), seed=seed, dealer=0)
    rec = GameRecord.from_state(start, **game_meta(tier="easy", game_id=f"truc-{seed}"))
    while not s.is_terminal():
        a = s.legal_actions()[0]
        s = s.apply(a)
        rec = rec.with_move(str(a))
    return rec


def damage_history(folder: Path) -> None:
    """A history whose pages all read, but that SQLite's quick check finds damaged: its
    header counts three pages more than any table uses ("Page n is never used")."""
    with History(folder) as h:
        for i in range(3):
            h.add_game(finished(i))
    path = folder / "history.sqlite3"
    data = bytearray(path.read_bytes()) + bytes(4096 * 3)
    pages = int.from_bytes(data[28:32], "big")
    data[28:32] = (pages + 3).to_bytes(4, "big")
    path.write_bytes(bytes(data))


def test_the_damage_is_found_by_the_integrity_check(tmp_path: Path,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    damage_history(tmp_path)
    with caplog.at_level(logging.WARNING, logger="truf_tui"):
        h = History(tmp_path)
    [p] = h.problems
    h.close()
    assert p.kind == "corrupt" and p.kept_as is not None
    # The raw text, whole (not cut at 120 characters), for the log.
    assert p.detail.startswith("integrity check: ")
    assert p.detail.count("is never used") == 3, p.detail
    assert p.detail in caplog.text and str(p.kept_as) in caplog.text
    for lang in ("en", "eo"):
        message = p.message(lang)
        assert message.startswith(PLAIN[lang]) and message.endswith("."), message
        assert not any(w in message for w in RAW_WORDS), message


@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_the_damaged_history_notice_is_plain(tmp_path: Path, lang: str) -> None:
    damage_history(tmp_path)
    app = TrufApp(settings=Settings(pace="instant"), data_dir=tmp_path, lang=lang)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("s")  # the statistics open the history
            await pilot.pause()
            assert isinstance(app.screen, StatsScreen)
            [kept] = tmp_path.glob("history.sqlite3.corrupt-*")
            texts = [str(n.message) for n in app._notifications]
            [message] = [t for t in texts if "history.sqlite3" in t]
            assert message.startswith(PLAIN[lang]) and kept.name in message, message
            assert not any(w in message for w in RAW_WORDS), message
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "eo"])
async def test_a_data_folder_that_is_a_file_is_a_plain_notice(tmp_path: Path,
                                                              lang: str) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("x")
    with pytest.raises(FolderError) as caught:
        data_dir(blocker)
    e: StoreError = caught.value
    assert "File exists" not in str(e) and str(e).endswith("it is a file, not a folder.")
    app = TrufApp(settings=Settings(pace="instant"), data_dir=None, lang=lang,
                  notices=[folder_notice(e)])
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            [message] = [str(n.message) for n in app._notifications]
            expected: dict[str, Any] = {
                "en": f"Your games cannot be kept in {blocker}: it is a file, not a folder. "
                      "Nothing will be saved this time.",
                "eo": f"Viaj ludoj ne konserveblas en {blocker}: ĝi estas dosiero, ne "
                      "dosierujo. Nenio estos konservata ĉi-foje.",
            }
            assert message == expected[lang]
    finally:
        set_language("en")
