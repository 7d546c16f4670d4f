"""The Truc table words the engine's reason for an unavailable action (no rule of its own)."""

from __future__ import annotations

from truf_tui.engine import truc
from truf_tui.ui.i18n import tr
from truf_tui.ui.screens.truc_table import WHY_KEYS, why_not


def test_every_reason_the_table_words_comes_from_the_engine() -> None:
    s = truc.new_game(seed=3, dealer=1)  # player 0, the non-dealer, is to move
    me = 0
    raised = s.apply(truc.RAISE).apply(truc.ACCEPT)  # the latest accepted raise is mine
    rested = s.apply(truc.REST).apply(truc.ACCEPT)
    cases = [
        (raised, truc.RAISE, truc.Illegal.RAISES_ALTERNATE),
        (rested, truc.RAISE, truc.Illegal.REST_IN_PLAY),
        (raised, truc.REDEAL, truc.Illegal.REDEAL_LATE),
        (s.apply(truc.REDEAL).apply(truc.REFUSE), truc.REDEAL, truc.Illegal.REDEAL_ONCE),
        (truc.new_game(truc.Rules(target=2), seed=3, dealer=1).apply(truc.RAISE)
         .apply(truc.ACCEPT).apply(truc.play(s.hands[0][0])), truc.RAISE,
         truc.Illegal.STAKE_CAP),
    ]
    for state, action, code in cases:
        who = state.current_player
        assert state.illegal_reason(action) is code, (state, action)
        assert why_not(state, action, who) == tr(WHY_KEYS[code])
    # the dealer may not ask for a redeal (T3)
    dealer_turn = s.apply(truc.play(s.hands[me][0]))
    assert why_not(dealer_turn, truc.REDEAL, 1) == tr("tbl.t.why.dealer")
    # the player who is not to move waits; a proposal must be answered first
    assert why_not(s, truc.RAISE, 1) == tr("tbl.wait")
    asked = s.apply(truc.RAISE)
    assert why_not(asked, truc.Action("play"), 1) == tr("tbl.t.why.answer")
    assert why_not(asked, truc.REST, 1, "Ana") == tr("tbl.t.why.answer.named", name="Ana")
    assert why_not(s, truc.ACCEPT, me) == tr("tbl.t.why.nothing")
    over = truc.new_game(truc.Rules(target=1), seed=3, dealer=1).apply(truc.FOLD)
    assert over.is_terminal() and why_not(over, truc.RAISE, me) == tr("tbl.t.why.over")
