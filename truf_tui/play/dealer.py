"""Dealing a game against the computer (or hot-seat) with the fair deal (docs/fair-deal.md).

The one place local games are dealt and moved on: the table, a match's next game and the
computers' games of a tournament all come here.  The dealer's side commits to its seed, the
player's side answers with a fresh seed of its own, and the state (so the record kept in
the history and exported) carries every proof, so ``truf-tui verify`` checks any local
game.  Both sides are this program: against the computer this shows the record's deals
follow from seeds fixed before the cards were seen; between two computers (network play)
the two seeds really come from two sides.

A game started from an explicit seed (``--seed``, tests, examples) is dealt from it alone,
as before, so it replays exactly.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

from truf_tui.engine import truc, trufludo
from truf_tui.engine.common import GameState
from truf_tui.engine.deals import CHAIN_START, DealProof, commitment, new_seed
from truf_tui.play.config import GameConfig

AnyState = trufludo.State | truc.State
G = TypeVar("G", bound=GameState[Any])


def local_proof(chain: str | None = CHAIN_START) -> DealProof:
    """One shuffle's proof, both sides in this program, in the protocol's order: the
    dealer's side draws its seed and commits to it (and to ``chain``, the link after the
    deal before), the player's side answers the commitment with its own seed, and the
    dealer's seed is kept revealed (the app must replay its own saved game)."""
    host = new_seed()
    committed = commitment(host, chain)  # the dealer's side, first
    guest = new_seed()  # the player's side, having seen only the commitment
    return DealProof.agreed(committed, guest, chain).revealed(host)


def deal(config: GameConfig) -> AnyState:
    """The first position of ``config``'s game, as its table deals it: from the config's
    seed if it has one, else from a fair deal's proof (and Le Truc's next round agreed)."""
    if config.game == trufludo.GAME:
        t_rules = trufludo.Rules.from_dict(config.rules)
        if config.seed is not None:
            return trufludo.new_game(t_rules, seed=config.seed, dealer=config.dealer)
        return trufludo.new_game(t_rules, dealer=config.dealer, deals=(local_proof(),))
    rules = truc.Rules.from_dict(config.rules)
    if config.seed is not None:
        return truc.new_game(rules, seed=config.seed, dealer=config.dealer,
                             scores=config.scores)
    return agreed_ahead(truc.new_game(rules, dealer=config.dealer, scores=config.scores,
                                      deals=(local_proof(),)))


def agreed_ahead(state: G) -> G:
    """``state`` with its next shuffle agreed, when it is a fair-dealt Le Truc match in
    play whose next round has no proof yet; else ``state`` itself.  Locally the next
    round's seed is agreed as soon as a round is dealt, so every later ``apply`` (the
    table's, its previews, a save taken mid-move) deals the same cards."""
    if (isinstance(state, truc.State) and state.deals and not state.is_terminal()
            and len(state.deals) == state.round_no):
        last = state.deals[-1]  # a game saved by an older app goes on unchained (format 1)
        chain = None if last.chain is None else last.chain_after()
        return cast(G, state.with_deal(local_proof(chain)))
    return state


def play_move(state: G, action: Any) -> G:
    """``state.apply(action)`` for a local game: the fair deal kept one round ahead."""
    return agreed_ahead(state.apply(action))
