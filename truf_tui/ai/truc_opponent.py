"""What the Truc expert learns about its opponent from the public history.

- :func:`replay` re-runs the match's public history (every action is public; only the deals
  are not) and lists the opponent's decisions of the round: each time he could raise,
  whether he did; each raise or rest he answered, whether he accepted; each card he played
  — with the trick situation and the cards played so far, so that his hand at that moment
  can be judged.
- :class:`RangeModel` turns the match's frequencies into a *range* model: an opponent who
  raises at a fraction ``f`` of his chances is modelled as raising with about his best
  ``f`` of hands, ``P(raise | e) = eps + (1 - 2 eps) * sigmoid((e - (1 - f)) / tau)`` with
  ``e`` the strength of his hand (his chance to win the tricks against a random hand, as he
  can judge it); likewise for accepting.  So the raises of a player who always raises say
  nothing, and those of a player who seldom raises say a lot.
- :func:`hand_strength` is that ``e``, estimated by Monte Carlo on card strengths (suits never
  matter in Le Truc) and cached.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict

from truf_tui.ai.truc_knowledge import playout
from truf_tui.cards import TRUC_32, Card
from truf_tui.engine import truc
from truf_tui.strategy.greedy import STR, greedy_card

# Representative cards of each strength (suits never matter): BY_STR[v] = the 4 cards.
BY_STR: list[list[Card]] = [[c for c in TRUC_32 if STR[c] == v] for v in range(8)]


@dataclass
class Decision:
    """One betting decision of a player in the round in play."""

    kind: str  # "raise" (he could raise), "answer" (to a raise or rest) or "play" (a card)
    did: bool  # raised / accepted (always True for a play)
    pending: str | None  # for an answer: "raise" or "rest"
    later: tuple[Card, ...]  # cards he played from this decision on (a play: its card first)
    seen: tuple[Card, ...]  # cards played (public) when he decided
    lead: Card | None  # the card he was answering, if any
    results: tuple[int | None, ...]  # trick winners so far
    leader: int  # who led the current trick


@dataclass
class Replay:
    """The public replay: per-player frequencies and this round's decisions."""

    raise_chances: list[int] = field(default_factory=lambda: [0, 0])
    raises: list[int] = field(default_factory=lambda: [0, 0])
    answers: list[int] = field(default_factory=lambda: [0, 0])
    accepts: list[int] = field(default_factory=lambda: [0, 0])
    round_decisions: list[list[Decision]] = field(default_factory=lambda: [[], []])
    # the public state at the end, to check the replay against the engine
    points: list[int] = field(default_factory=lambda: [0, 0])
    dealer: int = 0
    stake: int = 1
    to_move: int | None = None


class _Round(TypedDict):
    """The public state of the round being replayed (T4-T8)."""

    stake: int
    rest: bool
    pending: truc.Pending | None
    last_raiser: int | None
    leader: int
    to_move: int  # the match ending stops the replay (T10)
    lead: Card | None
    results: list[int | None]
    played: list[Card]
    decisions: list[list[Decision]]
    since: list[list[Card]]


def replay(observation: truc.Observation) -> Replay:
    """Re-run the public history of the match in ``observation``."""
    rules = truc.Rules.from_dict(observation["rules"])
    target = rules.target
    out = Replay()
    pts = out.points
    dealer = observation["first_dealer"]
    history = [truc.parse_action(a) for a in observation["history"]]

    def new_round() -> _Round:
        return {"stake": 1, "rest": False, "pending": None, "last_raiser": None,
                "leader": 1 - dealer, "to_move": 1 - dealer, "lead": None, "results": [],
                "played": [], "decisions": [[], []], "since": [[], []]}

    r = new_round()
    for a in history:
        p = r["to_move"]
        kind = a.kind
        if r["pending"] is None and kind != "fold" and kind != "redeal":
            can = (not r["rest"] and r["last_raiser"] != p
                   and truc.stake_may_rise(r["stake"], pts, target))  # T7
            if can:
                out.raise_chances[p] += 1
                did = kind in ("raise", "rest")
                out.raises[p] += did
                r["decisions"][p].append(Decision(
                    "raise", did, None, (), tuple(r["played"]), r["lead"],
                    tuple(r["results"]), r["leader"]))
        ended: tuple[int | None, int, bool] | None = None
        if kind in ("raise", "rest", "redeal"):
            r["pending"] = kind
            r["to_move"] = 1 - p
        elif kind == "accept":
            pend = r["pending"]
            raiser = 1 - p
            if pend in ("raise", "rest"):
                out.answers[p] += 1
                out.accepts[p] += 1
                r["decisions"][p].append(Decision(
                    "answer", True, pend, (), tuple(r["played"]), r["lead"],
                    tuple(r["results"]), r["leader"]))
            if pend == "raise":
                r["stake"] = truc.next_stake(r["stake"])  # T7
                r["last_raiser"] = raiser
                r["to_move"] = raiser
            elif pend == "rest":
                r["rest"] = True
                r["to_move"] = raiser
            else:  # redeal: new hands; what was decided before says nothing of them
                r["decisions"] = [[], []]
                r["to_move"] = 1 - dealer
            r["pending"] = None
        elif kind == "refuse":
            pend = r["pending"]
            raiser = 1 - p
            r["pending"] = None
            if pend == "redeal":
                r["to_move"] = raiser
            else:
                out.answers[p] += 1
                ended = (raiser, *truc.concession(r["stake"], r["rest"], pend,
                                                  rules.rest_refusal))  # T7 / T8
        elif kind == "fold":
            pend = r["pending"]
            if pend in ("raise", "rest"):
                out.answers[p] += 1
            ended = (1 - p, *truc.concession(r["stake"], r["rest"], pend,
                                             rules.rest_refusal))  # T9
        else:  # play
            card = a.card
            assert card is not None
            r["decisions"][p].append(Decision(
                "play", True, None, (), tuple(r["played"]), r["lead"], tuple(r["results"]),
                r["leader"]))
            for d in r["decisions"][p]:
                d.later = d.later + (card,)
            r["played"].append(card)
            lead = r["lead"]
            if lead is None:
                r["lead"] = card
                r["to_move"] = 1 - p
            else:
                leader = r["leader"]
                w = truc.trick_winner(leader, STR[lead], STR[card])  # T4 / T5
                r["results"].append(w)
                done, rw = truc.round_result(r["results"])  # T6
                if done:
                    ended = (rw, r["stake"], r["rest"])
                else:
                    nxt = leader if w is None else w
                    r["leader"] = nxt
                    r["to_move"] = nxt
                    r["lead"] = None
        if ended is not None:
            winner, points, game = ended
            if winner is not None:
                pts[winner] += truc.round_points(winner, points, game, pts, target)  # T10 / T8
            if max(pts) >= target:
                break
            dealer = 1 - dealer
            r = new_round()
    out.round_decisions = r["decisions"]
    out.dealer = dealer
    out.stake = r["stake"]
    out.to_move = None if max(pts) >= target else r["to_move"]
    return out


def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


_STRENGTH_CACHE: dict[tuple[Any, ...], float] = {}


def hand_strength(hand: Sequence[Card], seen: Sequence[Card], lead: Card | None,
                  results: Sequence[int | None], leads: bool, samples: int = 48) -> float:
    """A player's chance to win the round's tricks with ``hand`` against a random hand of
    the cards he has not seen (``seen``: the cards played so far), both playing greedily.

    ``results`` are trick winners relative to him (0: he, 1: the other); ``leads``: he leads
    the current trick (``lead``, if given, is then his own card, already played).
    Deterministic, and cached by card strengths."""
    hs = tuple(sorted(STR[c] for c in hand))
    ss = tuple(sorted(STR[c] for c in seen))
    key = (hs, ss, None if lead is None else STR[lead], tuple(results), leads)
    v = _STRENGTH_CACHE.get(key)
    if v is not None:
        return v
    counts = [4] * 8
    for x in hs + ss:
        counts[x] -= 1
    pool = [BY_STR[x][i] for x in range(8) for i in range(max(0, counts[x]))]
    mine = [BY_STR[x][3 - i] for i, x in enumerate(hs)]  # any cards of those strengths
    if lead is None:
        k = len(hs)
    elif leads:
        k = len(hs) + 1
    else:
        k = len(hs) - 1
    k = max(0, min(k, len(pool)))
    rng = random.Random(zlib.crc32(repr(key).encode()))
    total = 0.0
    for _ in range(samples):
        hands = [mine[:], rng.sample(pool, k)]
        winner = playout(hands, 0 if leads else 1, lead, list(results))
        total += 1.0 if winner == 0 else 0.5 if winner is None else 0.0
    v = total / samples
    if len(_STRENGTH_CACHE) > 200_000:
        _STRENGTH_CACHE.clear()
    _STRENGTH_CACHE[key] = v
    return v


def relative(results: Sequence[int | None], player: int) -> tuple[int | None, ...]:
    return tuple(None if x is None else 0 if x == player else 1 for x in results)


# The range model's prior (and the fixed model of ``hard``): raising at 30% of one's
# chances, accepting 60% of the raises.
DEFAULT_RAISE_RATE = 0.3
DEFAULT_ACCEPT_RATE = 0.6


@dataclass
class RangeModel:
    """The range model of one player (see the module docstring)."""

    raise_rate: float
    accept_rate: float
    tau: float = 0.08
    eps: float = 0.03
    play_noise: float = 0.35

    @classmethod
    def from_replay(cls, rep: Replay, who: int, prior: float = 4.0) -> RangeModel:
        # Beta priors around the defaults (``prior`` pseudo-counts)
        r = (rep.raises[who] + DEFAULT_RAISE_RATE * prior) / (rep.raise_chances[who] + prior)
        a = (rep.accepts[who] + DEFAULT_ACCEPT_RATE * prior) / (rep.answers[who] + prior)
        return cls(r, a)

    def p_raise(self, e: float) -> float:
        return self.eps + (1 - 2 * self.eps) * _sigmoid((e - (1 - self.raise_rate)) / self.tau)

    def p_accept(self, e: float, kind: str = "raise") -> float:
        shift = 0.1 if kind == "rest" else 0.0
        return self.eps + (1 - 2 * self.eps) * _sigmoid(
            (e - (1 - self.accept_rate) - shift) / self.tau)

    def likelihood(self, hand: Sequence[Card], decisions: Sequence[Decision],
                   player: int) -> float:
        """P(his raises, answers and plays of this round | his present ``hand``).

        A play is modelled as the greedy card (:func:`truc_knowledge.greedy_card`, any card
        of its strength) with probability ``1 - play_noise``, else a random card."""
        w = 1.0
        for d in decisions:
            full = list(hand) + list(d.later)
            if d.kind == "play":
                card = d.later[0]
                g = STR[greedy_card(full, d.lead, d.results, player)]
                same = sum(1 for c in full if STR[c] == g)
                p = self.play_noise / len(full)
                if STR[card] == g:
                    p += (1.0 - self.play_noise) / same
                w *= p
                continue
            e = hand_strength(full, d.seen, d.lead, relative(d.results, player),
                              d.leader == player)
            if d.kind == "raise":
                pr = self.p_raise(e)
                w *= pr if d.did else 1.0 - pr
            else:
                pa = self.p_accept(e, d.pending or "raise")
                w *= pa if d.did else 1.0 - pa
        return w
