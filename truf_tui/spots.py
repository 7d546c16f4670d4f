"""A spot of Le Truc to drill: one decision of one seat in one round, kept as what rebuilds
it (issue 38, items 4 and 6).

A :class:`Spot` is the round's deal (a match's seed, or the round's own pack as it was
dealt), its dealer, rules and score, and the actions of the round up to the decision, so it
can be stored and dealt again (``to_dict`` / ``from_dict``: the review queue keeps these
dicts, ``store/repetition.py``).  The drills deal spots from solved play
(:func:`truf_tui.drills.deal`); :func:`game_spot` makes one of any decision of any round of
a real game (an accepted redeal, its discards and the earlier tricks included), posed from
the player's observation.

Light on purpose (the engine and the grading's words alone): the app checks the queued
spots with :meth:`Spot.from_dict` when it starts, before the drills' solution is loaded.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from truf_tui.engine import truc
from truf_tui.grading import LEAKS, leak_tags

Category = Literal["weak", "raised", "rest", "redeal", "last", "end", "score", "random"]
#: The drills' categories, in the trainer's order: raise or not with a weak hand, facing a
#: raise, *Mia resto* (declaring it or facing it, T8), the redeal (T3), the last trick,
#: the end of a match (10-10, 11-x), a score the player picks, one of these at random.
CATEGORIES: tuple[Category, ...] = ("weak", "raised", "rest", "redeal", "last", "end",
                                    "score", "random")
DEALT: tuple[Category, ...] = CATEGORIES[:-1]  # the categories a spot is dealt as
#: What "random" draws from: every kind of spot at its own score (a picked score is the
#: player's to pick).
DRAWN: tuple[Category, ...] = tuple(c for c in DEALT if c != "score")

TARGET = 12  # the drills play the usual match (T10)

# -- spots ---------------------------------------------------------------------------------
#: The newest form of a spot's dict (``Spot.to_dict``).  Version 1 (no ``"v"`` key, the
#: first drills' form, still written for them so that a queued spot keeps its key): a
#: round 1 dealt from a match's seed, at the usual rules with ``target``.  Version 2: any
#: rules, and the round dealt from a seed or from its own ``pack`` (a real game's round),
#: with the game and move it was missed at.
SPOT_VERSION = 2
DRILL_RULES = truc.Rules(target=TARGET)


class NewerSpot(ValueError):
    """A spot written by a newer truf-tui (its version is above :data:`SPOT_VERSION`)."""


@dataclass(frozen=True)
class Spot:
    """A decision of ``seat`` (the seat to move) after ``moves`` from the round dealt by
    :meth:`initial`: ``truc.new_game(rules, seed=seed, dealer=dealer, scores=scores)``, or
    with ``pack`` the round's own pack (top first) in place of the seed's shuffle."""

    category: Category
    seed: int
    dealer: int
    scores: tuple[int, int]
    moves: tuple[str, ...]
    seat: int
    rules: truc.Rules = DRILL_RULES
    pack: tuple[str, ...] | None = None  # a real game's round, as it was dealt
    from_game: str = ""  # the game it was missed in (its record's id), if any
    at_move: int = -1  # where in that game's record (the decision's index)

    @property
    def target(self) -> int:
        return self.rules.target

    def initial(self) -> truc.State:
        """The round as dealt, before its first action."""
        if self.pack is None:
            return truc.new_game(self.rules, seed=self.seed, dealer=self.dealer,
                                 scores=self.scores)
        return truc.new_game(self.rules, seed=self.seed, deck=list(self.pack),
                             dealer=self.dealer, scores=self.scores)

    def state(self) -> truc.State:
        s = self.initial()
        for m in self.moves:
            s = s.apply(m)
        return s

    def observation(self) -> truc.Observation:
        return self.state().observation(self.seat)

    def to_dict(self) -> dict[str, Any]:
        """Version 1 for a drill's spot (the form its key was first made of), else 2."""
        if self.pack is None and self.rules == truc.Rules(target=self.rules.target) \
                and not self.from_game and self.at_move < 0:
            return {"category": self.category, "seed": self.seed, "dealer": self.dealer,
                    "scores": list(self.scores), "moves": list(self.moves),
                    "seat": self.seat, "target": self.target}
        d: dict[str, Any] = {"v": SPOT_VERSION, "category": self.category,
                             "rules": self.rules.to_dict(), "dealer": self.dealer,
                             "scores": list(self.scores), "seat": self.seat,
                             "moves": list(self.moves)}
        if self.pack is None:
            d["seed"] = self.seed
        else:
            d["pack"] = list(self.pack)
        if self.from_game:
            d["game"], d["move"] = self.from_game, self.at_move
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Spot:
        """A spot from ``to_dict`` (either version); ``ValueError`` if it is malformed or
        does not rebuild to a decision of its seat in its round (:class:`NewerSpot` if a
        newer truf-tui wrote it)."""
        try:
            v = d.get("v", 1)
            if type(v) is not int or v < 1:
                raise ValueError(f"its version is {v!r}")
            if v > SPOT_VERSION:
                raise NewerSpot(f"a spot of version {v}; this truf-tui reads version "
                                f"{SPOT_VERSION}")
            cat = d["category"]
            if cat not in CATEGORIES:
                raise ValueError(f"unknown category {cat!r}")
            scores = tuple(_whole(x) for x in d["scores"])
            if len(scores) != 2:
                raise ValueError("scores are two numbers")
            moves = d["moves"]
            if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
                raise ValueError("its moves are not a list of actions")
            if v == 1:
                rules = truc.Rules(target=_whole(d.get("target", TARGET)))
                seed, pack, game, move = _whole(d["seed"]), None, "", -1
            else:
                raw = d["rules"]
                if not isinstance(raw, dict):
                    raise ValueError("its rules are not an object")
                rules = truc.Rules.from_dict(raw)
                if ("seed" in d) == ("pack" in d):
                    raise ValueError("a spot is dealt from a seed or from a pack")
                pack = None
                seed = _whole(d["seed"]) if "seed" in d else 0
                if "pack" in d:
                    if not isinstance(d["pack"], list):
                        raise ValueError("its pack is not a list of cards")
                    pack = tuple(str(c) for c in d["pack"])
                game = d.get("game", "")
                move = _whole(d.get("move", -1))
                if not isinstance(game, str) or (game != "") != (move >= 0):
                    raise ValueError("its game and move do not go together")
            spot = cls(category=cat, seed=seed, dealer=_whole(d["dealer"]),
                       scores=(scores[0], scores[1]), moves=tuple(moves),
                       seat=_whole(d["seat"]), rules=rules, pack=pack, from_game=game,
                       at_move=move)
            state = spot.state()
        except (KeyError, TypeError, AttributeError) as e:
            raise ValueError(f"not a drill spot: {type(e).__name__}: {e}") from e
        if state.current_player != spot.seat or state.round_no != 1:
            raise ValueError("the spot's moves do not lead to its seat's decision")
        return spot


def _whole(x: object) -> int:
    if type(x) is not int:
        raise ValueError(f"{x!r} is not a whole number")
    return x


def drill_category(state: truc.State, chosen: truc.Action | None = None,
                   best: truc.Action | None = None) -> Category:
    """The drill category a decision of a game is drilled as: its first leak category that
    the drills deal (``grading.leak_tags``: of the decision ``chosen`` where ``best`` was
    best, given them), else "random" (any other card play)."""
    tags = leak_tags(state, chosen, best)
    return next((c for c in DEALT if c in tags), "random")


def drill_tags(spot: Spot, chosen: truc.Action, best: truc.Action) -> tuple[str, ...]:
    """The leak categories a drilled decision is kept under: those of the choice as a
    game's decision is (``grading.leak_tags`` of the choice and the best option), and the
    category the spot was posed as (a weak hand's spot asks "raise or not?": not raising
    there is that leak's decision too).  "play" only when it is none of the others."""
    state = spot.state()
    tags = [t for t in leak_tags(state, chosen, best) if t != "play"]
    if spot.category in LEAKS and spot.category not in tags:
        tags.append(spot.category)
    return tuple(t for t in LEAKS if t in tags) or ("play",)


def retagged(spot: Mapping[str, Any], action: str, best: str) -> dict[str, Any]:
    """A game's spot (:func:`game_spot`'s dict, missed at ``action`` where ``best`` was best)
    labelled as today's leak categories label that decision (:func:`drill_category`), all
    else as it was: the review queue's spots tagged by an older definition
    (``grading.LEAK_VERSION``) are tagged again so, as the history's decisions are
    (``History.retag``), and the leak a decision counts under drills it.  ``ValueError`` if
    the spot does not rebuild or ``action`` is not one of its choices."""
    s = Spot.from_dict(spot)
    state = s.state()
    chosen, top = truc.parse_action(action), truc.parse_action(best)  # ValueError if not
    if chosen not in state.legal_actions():
        raise ValueError(f"{action!r} is not a choice of the spot")
    return {**spot, "category": drill_category(state, chosen, top)}


def game_spot(state: truc.State, index: int, game: str = "",
              best: truc.Action | None = None) -> Spot:
    """The decision before ``state.history[index]`` (``state``: a match that led there from
    its deal, ``state.initial()``) as a spot: the same hand, score, dealer, rules and
    history of its round, posed to the seat that decided, labelled by what its choice was
    about (:func:`drill_category` of the move played, and ``best``: the best action there
    by the values, a graded decision's), as the leaks count it.  The round is rebuilt from its
    own pack (the one dealt, the stock a redeal deals from included), so any round of any
    match is a spot; it is checked against the game's position.  ``ValueError`` if
    ``index`` is not a decision of that match."""
    if not 0 <= index < len(state.history):
        raise ValueError(f"move {index} is not in the game (it has {len(state.history)})")
    s = state.initial()
    dealt = s
    for a in state.history[:index]:
        s = s.apply(a)
        if s.round_start == len(s.history):  # a new round was just dealt
            dealt = s
    seat = s.current_player
    if seat is None or s.round_start != dealt.round_start:
        raise ValueError(f"move {index} is not a decision of the game")
    nd = 1 - dealt.dealer
    pack: list[str] = [""] * 6
    pack[0:6:2] = [str(c) for c in dealt.hands[nd]]
    pack[1:6:2] = [str(c) for c in dealt.hands[dealt.dealer]]
    pack += [str(c) for c in dealt.stock]
    spot = Spot(drill_category(s, state.history[index], best), 0, dealt.dealer, dealt.points,
                tuple(str(a) for a in s.history[s.round_start:]), seat, s.rules,
                tuple(pack), game, index)
    again = spot.state()
    if (again.hands != s.hands or again.discards != s.discards or again.tricks != s.tricks
            or (again.points, again.stake, again.rest, again.pending)
            != (s.points, s.stake, s.rest, s.pending)
            or again.legal_actions() != s.legal_actions()):
        raise ValueError(f"move {index}: its round does not rebuild from its pack")
    return spot


__all__ = ["CATEGORIES", "DEALT", "DRAWN", "DRILL_RULES", "SPOT_VERSION", "TARGET", "Category",
           "NewerSpot", "Spot", "drill_category", "drill_tags", "game_spot", "retagged"]
