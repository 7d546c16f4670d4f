"""Issue 40 item 24: the Trufludo table counts the cards by suit (only the suit counts, F1):
taken, on the table, in your hand, unseen; off by default, on in practice, ``c`` toggles."""

from __future__ import annotations

from typing import Any

from truf_tui.engine import trufludo
from truf_tui.play.config import GameConfig
from truf_tui.ui.screens.trufludo_table import suit_counts
from truf_tui.ui.widgets.table import Markup

from .tables_support import make_app, settle, start, table_of, trufludo_state


def rows(app: Any) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def panel_rows(app: Any) -> list[str]:
    r = table_of(app).query_one("#count").region
    return [row[r.x:r.right].strip(" │") for row in rows(app)[r.y:r.bottom]]


def test_counts_show_only_what_the_player_could_know() -> None:
    s = trufludo_state([["7H", "2S", "3C"], ["5H", "9H", "KH"]], ["4H", "KS"], stock=18)
    counts = {first.suit: v for first, v in suit_counts(s, 0).items()}
    assert list(counts) == ["S", "H", "D", "C"]
    for suit, (taken, table, hand, unseen) in counts.items():
        assert taken + table + hand + unseen == 13
        assert taken == sum(1 for p in s.piles for c in p if c.suit == suit)
    assert counts["H"][1:3] == (1, 1)  # 4♥ on the table, 7♥ in your hand
    # The computer's three hearts are not told apart from the stock: swap them with three
    # stock cards of other suits and nothing changes.
    d: dict[str, Any] = s.to_dict()
    swap = [c for c in d["stock"] if c[-1] != "H"][:3]
    d["stock"] = [c for c in d["stock"] if c not in swap] + d["hands"][1]
    d["hands"][1] = swap
    other = trufludo.State.from_dict(d)
    assert suit_counts(other, 0) == suit_counts(s, 0)
    assert sum(v[3] for v in counts.values()) == len(s.hands[1]) + len(s.stock)


def test_italian_pack_counts_ten_a_suit() -> None:
    rules = trufludo.Rules(deck="italian")
    s = trufludo.new_game(rules, seed=3, dealer=0)
    counts = suit_counts(s, 1)
    assert len(counts) == 4 and all(sum(v) == 10 for v in counts.values())


async def test_off_by_default_on_in_practice_and_c_toggles() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        t = await start(pilot, "trufludo", dealer=1)
        panel = t.query_one("#count", Markup)
        assert not panel.display
        assert "c Count" in rows(app)[-1] and "q Quit" in rows(app)[-1]  # it fits at 80
        await pilot.press("c")
        await settle(pilot)
        assert panel.display and panel.border_title == "Cards by suit"
        shown = panel_rows(app)
        assert any("unseen" in r for r in shown)
        # The table cards keep their room beside it, none cut.
        for card in t.query_one("#table").query("CardView"):
            if card.display:
                assert card.region.right <= panel.region.x
        assert panel.region.right <= 80 and panel.region.bottom <= 24 - 3
        await pilot.press("c")
        await settle(pilot)
        assert not panel.display
        app.start_game(GameConfig(game="trufludo", tier="medium", seed=5, dealer=1,
                                  practice=True))
        await settle(pilot)
        assert table_of(app).query_one("#count", Markup).display  # practice: on


async def test_the_counts_follow_the_game_in_esperanto() -> None:
    app = make_app(lang="eo")
    async with app.run_test(size=(100, 32)) as pilot:
        t = await start(pilot, "trufludo", dealer=1)
        t.load_state(trufludo_state([["7H", "2S", "3C"], ["5D", "9S", "KC"]], ["4H", "KS"],
                                    stock=18))
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert t.query_one("#count", Markup).border_title == "Kartoj laŭ emblemo"
        text = "\n".join(panel_rows(app))
        taken = sum(len(p) for p in t.state.piles)
        assert "nevidataj" in text and "prenitaj" in text
        await pilot.press("1")  # 7♥ takes 4♥: two more hearts taken
        await settle(pilot)
        after = suit_counts(t.state, 0)
        assert sum(v[0] for v in after.values()) >= taken + 2
        line = next(r for r in panel_rows(app) if "prenitaj" in r)
        assert [int(x) for x in line.split()[1:5]] == [v[0] for v in after.values()]
