"""``truf-tui verify RECORD`` speaks the app's language (``--lang``, else the data folder's
settings): every line in English and in Esperanto, the engine's reasons said in words of
the reader's language (cli.VERIFY_REASONS)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.test_fair_deal import chained_folds, fair_match
from truf_tui import cli
from truf_tui.engine.record import GameRecord
from truf_tui.ui.i18n import all_strings


def _records(tmp_path: Path) -> tuple[Path, Path, Path]:
    good = GameRecord.from_state(fair_match(random.Random(12)))  # format 1
    chained = GameRecord.from_state(chained_folds(random.Random(7)))
    paths = tmp_path / "good.json", tmp_path / "chained.json", tmp_path / "bad.json"
    paths[0].write_text(good.to_json())
    paths[1].write_text(chained.to_json())
    d = good.to_dict()
    d["deals"][1]["host_seed"] = "ab" * 32  # not what was committed to
    paths[2].write_text(json.dumps(d))
    return paths


def test_verify_speaks_esperanto_with_lang(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    good, chained, bad = _records(tmp_path)
    assert cli.main(["--lang", "eo", "verify", str(chained)]) == 0
    out = capsys.readouterr().out
    assert "ĉiu disdono kontrolita" in out and "movoj, finita" in out
    assert "every" not in out and "moves" not in out
    assert cli.main(["verify", "--lang", "eo", str(good)]) == 0  # after the command too
    out = capsys.readouterr().out
    assert "pli malnova justa disdono (formo 1)" in out and "older" not in out
    assert cli.main(["--lang", "eo", "verify", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "NE KONTROLITA: disdono 2: la semo de la gastiganto ne akordas kun ĝia promeso" \
        in err and "NOT" not in err
    assert cli.main(["--lang", "eo", "verify", str(tmp_path / "none.json")]) == 1
    assert "ne ekzistas" in capsys.readouterr().err
    (tmp_path / "junk.json").write_text("{not json")
    assert cli.main(["--lang", "eo", "verify", str(tmp_path / "junk.json")]) == 1
    assert "ne estas malfermebla: ĝi estas difektita" in capsys.readouterr().err


def test_verify_takes_the_language_of_the_data_folders_settings(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _good, chained, bad = _records(tmp_path)
    folder = tmp_path / "data"
    folder.mkdir()
    settings = folder / "settings.json"
    settings.write_text(json.dumps({"format": "truf-tui-settings", "version": 1,
                                    "settings": {"lang": "eo"}}))
    assert cli.main(["--data-dir", str(folder), "verify", str(bad)]) == 1
    assert "NE KONTROLITA" in capsys.readouterr().err
    assert cli.main(["--data-dir", str(folder), "--lang", "en", "verify", str(chained)]) == 0
    assert "every deal verified" in capsys.readouterr().out  # --lang first
    assert settings.read_text().count("eo") == 1  # read, never written


def test_each_reason_says_the_engines_sentence_in_english_and_has_esperanto() -> None:
    """The English texts repeat the engine's sentences word for word (so each pattern is
    the sentence it reads), and every reason has its Esperanto text."""
    sentences = [
        "deal 1 has no proof: this game was dealt from a given pack",
        "deal 1 has no proof: this record was kept without the fair deal (by an older "
        "version, or a game started from a chosen seed)",
        "deal 3: the host's seed is not revealed yet",
        "deal 2: the host's seed does not agree with its commitment",
        "deal 1: the record's seed is not the one its proof gives",
        "deal 4: its guest seed is not the one deal 5's commitment names",
        "deal 1: its commitment does not start the chain",
        "deal 1: its proof has no chain, unlike the later ones",
        "deal 2: its proof has no chain, unlike the first one",
        "deal 6: the record's seal does not agree with it (its guest seed was changed)",
        "the record of chained deals has no seal",
        "the record has a seal but its deals have no chain",
        "deal 3: move 17 ('play 7H') does not fit the cards its seeds deal: not in hand",
        "deal 2 has no proof: move 9 dealt it from hidden randomness",
        "deal 5 was agreed but never dealt",
    ]
    for why in sentences:
        assert cli.deal_problem("en", why) == why
        eo = cli.deal_problem("eo", why)
        assert eo != why and "deal" not in eo.replace("'play 7H'", ""), eo
    strings = all_strings()
    for _pattern, key in cli.VERIFY_REASONS:
        assert {"en", "eo"} <= set(strings[f"verify.why.{key}"])
