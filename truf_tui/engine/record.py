"""Game records: rules, seed or pack, dealer and the moves in T11 text, as small JSON.

A record is how saved games, replays and bug reports travel.  ``replay`` rebuilds the
state, validating every move; a bad record raises :class:`RecordError` naming the move.
A record of a fair deal (engine/deals.py, docs/fair-deal.md) carries one proof per shuffle
in ``deals``; ``verify`` checks them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from truf_tui.engine import truc, trufludo
from truf_tui.engine.common import IllegalActionError, RuleValue
from truf_tui.engine.deals import DealError, DealProof, check_chain, is_chained, seal_of

FORMAT = "truf-tui-record"
VERSION = 2
"""The newest record this app reads.  A record is written as version 2 only when its deals
are chained (docs/fair-deal.md, format 2): an older app says it cannot read it, rather than
fail its deals.  Every other record stays version 1, which every app reads."""

AnyState = trufludo.State | truc.State
AnyAction = trufludo.Play | truc.Action  # a move of either game
_MODULES = {"trufludo": trufludo, "truc": truc}


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says where and why."""


@dataclass(frozen=True)
class GameRecord:
    game: str
    rules: dict[str, RuleValue]
    dealer: int
    seed: int | None = None
    deck: tuple[str, ...] | None = None
    moves: tuple[str, ...] = field(default_factory=tuple)
    meta: dict[str, object] = field(default_factory=dict)  # players, dates: not replayed
    scores: tuple[int, int] = (0, 0)  # Truc: the score the match started from
    # The fair deal's proofs, one per shuffle in order (Truc: round k's is deals[k-1]);
    # none in a record of a game dealt from its seed alone (and in older records).
    deals: tuple[DealProof, ...] = ()
    # The link after the last chained deal as a file gave it (engine/deals.py: it binds the
    # last guest seed); ``None`` in a record built here, whose seal is its deals' own.
    seal: str | None = field(default=None, compare=False)

    # -- building ----------------------------------------------------------------------------
    @classmethod
    def from_state(cls, state: AnyState, **meta: object) -> GameRecord:
        """The record of the game that led to ``state`` (not of a determinized state)."""
        if state.seed is None and state.deck is None:
            raise RecordError("this state has no known origin (it was determinized)")
        dealer = state.first_dealer if isinstance(state, truc.State) else state.dealer
        return cls(
            game="truc" if isinstance(state, truc.State) else "trufludo",
            rules=state.rules.to_dict(),
            dealer=dealer,
            seed=state.seed,
            deck=None if state.deck is None else tuple(str(c) for c in state.deck),
            moves=tuple(str(a) for a in state.history),
            meta=dict(meta),
            scores=state.start_scores if isinstance(state, truc.State) else (0, 0),
            deals=state.deals,
        )

    def with_move(self, move: str) -> GameRecord:
        return GameRecord(self.game, self.rules, self.dealer, self.seed, self.deck,
                          self.moves + (move,), self.meta, self.scores, self.deals, self.seal)

    # -- replaying ---------------------------------------------------------------------------
    def start(self) -> AnyState:
        """The state before the first move."""
        try:
            if self.game == "truc":
                return truc.new_game(truc.Rules.from_dict(self.rules), seed=self.seed,
                                     deck=self.deck, dealer=self.dealer, scores=self.scores,
                                     deals=self.deals)
            return trufludo.new_game(trufludo.Rules.from_dict(self.rules), seed=self.seed,
                                     deck=self.deck, dealer=self.dealer, deals=self.deals)
        except ValueError as e:
            raise RecordError(f"record cannot start the game: {e}") from None

    def states(self) -> Iterator[AnyState]:
        """The start state, then the state after each move (each move validated)."""
        s = self.start()
        yield s
        for i, move in enumerate(self.moves, start=1):
            try:
                s = s.apply(move)
            except IllegalActionError as e:
                raise RecordError(f"move {i} ({move!r}) is illegal: {e}") from None
            yield s

    def replay(self) -> AnyState:
        """The final state; :class:`RecordError` names the first illegal move."""
        final: AnyState | None = None
        for final in self.states():  # noqa: B007 - the last one is the answer
            pass
        assert final is not None
        return final

    # -- the fair deal -----------------------------------------------------------------------
    def verify(self) -> AnyState:
        """Check that every deal follows from its revealed seeds and commitments: one proof
        per shuffle (and maybe the next round's, agreed ahead), each host seed the one
        committed to, the record's seed the first proof's, and every move legal with the
        cards the proofs' seeds deal.  The final
        state; :class:`DealError` names the first bad deal (:class:`RecordError` for a
        record that cannot start at all)."""
        if self.deck is not None:
            raise DealError("deal 1 has no proof: this game was dealt from a given pack")
        if not self.deals:
            raise DealError("deal 1 has no proof: this record was kept without the fair deal "
                            "(by an older version, or a game started from a chosen seed)")
        for n, proof in enumerate(self.deals, start=1):
            try:
                got = proof.seed()
            except DealError as e:
                raise DealError(f"deal {n}: {e}") from None
            if n == 1 and self.seed is not None and self.seed != got:
                raise DealError("deal 1: the record's seed is not the one its proof gives")
        # Every guest seed bound, a round's in which no card was played too (format 2).
        check_chain(self.deals, self.seal if self.seal is not None else seal_of(self.deals))
        s = self.start()
        for i, move in enumerate(self.moves, start=1):
            try:
                s = s.apply(move)
            except IllegalActionError as e:
                raise DealError(f"deal {s.shuffles()}: move {i} ({move!r}) does not fit the "
                                f"cards its seeds deal: {e.why}") from None
            if s.shuffles() > len(self.deals):
                raise DealError(f"deal {s.shuffles()} has no proof: move {i} dealt it from "
                                "hidden randomness")
        # One proof beyond the deals made may be the next round's, agreed ahead of the move
        # that would deal it (docs/fair-deal.md; unused if that move ended the match).
        ahead = len(self.deals) - s.shuffles()
        if ahead > 1 or (ahead == 1 and isinstance(s, trufludo.State)):
            raise DealError(f"deal {s.shuffles() + 1} was agreed but never dealt")
        return s

    def with_deal(self, proof: DealProof) -> GameRecord:
        """This record with the proof of its next shuffle (or a proof's host seed now
        revealed: the same commitment and guest seed at the end replace the last one)."""
        deals = self.deals
        if deals and (deals[-1].commitment, deals[-1].guest_seed) == (proof.commitment,
                                                                      proof.guest_seed):
            deals = deals[:-1]
        return GameRecord(self.game, self.rules, self.dealer, self.seed, self.deck,
                          self.moves, self.meta, self.scores, deals + (proof,))

    # -- JSON --------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        d: dict[str, object] = {
            "format": FORMAT,
            "version": VERSION if is_chained(self.deals) else 1,
            "game": self.game,
            "rules": dict(self.rules),
            "dealer": self.dealer,
            "seed": self.seed,
            "deck": None if self.deck is None else list(self.deck),
            "moves": list(self.moves),
        }
        if self.scores != (0, 0):  # written only when set: older apps read the rest
            d["scores"] = list(self.scores)
        if self.deals:  # the same: an older app replays the record from its seed
            d["deals"] = [p.to_dict() for p in self.deals]
        if is_chained(self.deals):
            d["seal"] = self.seal if self.seal is not None else seal_of(self.deals)
        if self.meta:
            d["meta"] = self.meta
        return d

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, d: Mapping[str, object]) -> GameRecord:
        if not isinstance(d, Mapping):
            raise RecordError("a game record is a JSON object")
        if d.get("format") != FORMAT:
            raise RecordError(f"not a truf-tui game record (format is {d.get('format')!r})")
        v = d.get("version")
        if not isinstance(v, int) or v > VERSION or v < 1:
            raise RecordError(f"record version {v!r} is not supported (this app reads "
                              f"version {VERSION}; a newer app wrote it?)")
        game = d.get("game")
        if game not in _MODULES:
            raise RecordError(f"unknown game {game!r}: expected 'trufludo' or 'truc'")
        rules = d.get("rules")
        dealer = d.get("dealer")
        seed = d.get("seed")
        deck = d.get("deck")
        moves = d.get("moves")
        meta = d.get("meta", {})
        if not isinstance(rules, dict):
            raise RecordError("record 'rules' must be an object")
        if dealer not in (0, 1) or isinstance(dealer, bool):
            raise RecordError("record 'dealer' must be 0 or 1")
        if seed is not None and (type(seed) is not int):
            raise RecordError("record 'seed' must be an integer or null")
        raw_deals = d.get("deals", [])
        if not isinstance(raw_deals, list):
            raise RecordError("record 'deals' must be a list of deal proofs")
        deals: list[DealProof] = []
        for n, p in enumerate(raw_deals, start=1):
            try:
                deals.append(DealProof.from_dict(p))
            except DealError as e:
                raise RecordError(f"record 'deals': deal {n}: {e}") from None
        seal = d.get("seal")
        if seal is not None and not (isinstance(seal, str) and len(seal) == 64
                                     and all(c in "0123456789abcdef" for c in seal)):
            raise RecordError("record 'seal' must be 64 lower-case hex digits")
        if seal is None and is_chained(deals):
            raise RecordError("record 'seal' is missing: chained deals end with it")
        if seed is None and deals and deals[0].verified():
            seed = deals[0].seed()  # a guest's record: the seed is what the proof gives
        if game == "truc" and seed is None and not deals:
            raise RecordError("a Truc record needs its 'seed': every round after the first "
                              "is shuffled from it")
        if seed is None and deck is None and not deals:
            raise RecordError("record needs a 'seed' or a 'deck'")
        if deck is not None and not (isinstance(deck, list) and all(isinstance(c, str)
                                                                    for c in deck)):
            raise RecordError("record 'deck' must be a list of card texts")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise RecordError("record 'moves' must be a list of move texts")
        if not isinstance(meta, dict):
            raise RecordError("record 'meta' must be an object")
        scores = d.get("scores", [0, 0])
        if (not isinstance(scores, list) or len(scores) != 2
                or not all(type(x) is int and x >= 0 for x in scores)):
            raise RecordError("record 'scores' must be two non-negative integers")
        return cls(game, dict(rules), dealer, seed, None if deck is None else tuple(deck),
                   tuple(moves), dict(meta), (scores[0], scores[1]), tuple(deals), seal)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        try:
            d = json.loads(text)
        except (ValueError, UnicodeDecodeError, RecursionError) as e:  # deep nesting: garbage
            raise RecordError(f"not a valid JSON game record: {e}") from None
        return cls.from_dict(d)
