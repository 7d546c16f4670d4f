"""The fair deal against the computer (docs/fair-deal.md): a local game dealt with no seed
carries a proof per shuffle into its autosave, the history and an export, and
``truf-tui verify`` passes them; a game with a seed is dealt from it alone, as before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from truf_tui import cli
from truf_tui.engine import truc
from truf_tui.engine.record import GameRecord
from truf_tui.play.config import HUMAN, GameConfig
from truf_tui.play.dealer import deal
from truf_tui.store import History
from truf_tui.ui.app import TrufApp
from truf_tui.ui.settings import Settings

from .tables_support import BOT_OPTIONS, settle, table_of

SIZE = (100, 32)


async def _play_out(pilot: Any, app: TrufApp, limit: int = 400) -> Any:
    t = table_of(app)
    for _ in range(limit):
        s = t.state
        if s.is_terminal():
            break
        if s.current_player == HUMAN and app.screen is t:
            legal = s.legal_actions()
            # Le Truc: folding at once, each round scores 1 (T9): to 4, four rounds or more,
            # each a shuffle of its own.
            t.human_move(next((a for a in legal if str(a) == "fold"), legal[0]))
        elif app.screen is not t:
            await pilot.press("enter")  # a round's summary
        await settle(pilot)
    return t


@pytest.mark.parametrize("game,rules", [("truc", {"target": 4}), ("trufludo", {})])
async def test_a_local_game_s_exported_record_verifies(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str,
        rules: dict[str, Any]) -> None:
    app = TrufApp(settings=Settings(pace="instant"), bot_options=dict(BOT_OPTIONS),
                  data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(GameConfig(game, "easy", rules=rules))  # no seed: a fair deal
        await settle(pilot)
        t = table_of(app)
        assert len(t.state.deals) >= 1
        await pilot.pause()
        # The game in progress, autosaved, verifies already.
        saved = GameRecord.from_json((tmp_path / "current.json").read_text(encoding="utf-8"))
        assert saved.deals and saved.verify() is not None
        t = await _play_out(pilot, app)
        final = t.state
        assert final.is_terminal()
        await settle(pilot)
        # The last summary on the screen: the last round's (Le Truc) or the results.
        results_texts = app.screen.texts() if hasattr(app.screen, "texts") else ()
    if game == "truc":
        assert final.round_no >= 4 and len(final.deals) >= final.round_no
    with History(tmp_path) as history:
        [row] = history.games()
    assert row.record().deals == final.deals
    shown = " ".join(str(x) for x in results_texts)
    assert f"Deal {len(final.deals) if game == 'trufludo' else final.round_no} verified" in shown
    out = tmp_path / "game.json"
    assert cli.main(["--data-dir", str(tmp_path), "--export", str(out)]) == 0
    assert cli.main(["verify", str(out)]) == 0
    said = capsys.readouterr().out
    assert "every deal verified" in said and "format 1" not in said  # chained: format 2


def test_a_game_with_a_seed_is_dealt_from_it_alone() -> None:
    from truf_tui.engine.deals import CHAIN_START

    config = GameConfig("truc", "easy", seed=7, dealer=1)
    s = deal(config)
    assert s.deals == () and s == truc.new_game(truc.Rules(), seed=7, dealer=1)
    fair = deal(GameConfig("truc", "easy", dealer=1))
    # Fair: the first round's proof, and the next round's agreed ahead.
    assert isinstance(fair, truc.State) and len(fair.deals) == 2
    assert fair.seed == fair.deals[0].seed()
    # Chained (format 2): the next round's commitment names round 1's deal.
    assert fair.deals[0].chain == CHAIN_START
    assert fair.deals[1].chain == fair.deals[0].chain_after()


def test_the_round_summary_says_the_deal_was_verified_and_cries_out_if_not() -> None:
    from truf_tui.engine.deals import DealProof
    from truf_tui.ui.i18n import set_language
    from truf_tui.ui.screens.summary import deal_check

    set_language("en")
    s = deal(GameConfig("truc", "easy", dealer=1))
    assert isinstance(s, truc.State)
    while s.round_no == 1:
        s = s.apply("fold")  # the non-dealer folds: round 1 is over, round 2 dealt
    line = deal_check(s, 1)
    assert line is not None and "Deal 1 verified" in line
    assert deal_check(truc.new_game(seed=3).apply("fold"), 1) is None  # a chosen seed
    first = s.deals[0]  # round 1's proof with another guest seed: not how it was dealt
    tampered = s._replace(deals=(DealProof(first.commitment, "ab" * 32, first.host_seed),
                                 *s.deals[1:]))
    cry = deal_check(tampered, 1)
    assert cry is not None and "NOT VERIFIED" in cry and "deal 1" in cry
    set_language("eo")
    try:
        assert "Disdono 1 kontrolita" in str(deal_check(s, 1))
    finally:
        set_language("en")
