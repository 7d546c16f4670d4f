"""The scripts of the coach's two guided first games: a fixed pack and the steps of the
story, each step one text of the guide panel (strings in ``ui/strings/guide.py``).

A step is one of:

- ``say``: an explanation; Enter or → goes on;
- ``you``: the player is asked for ``move`` (T11 text); only that move is played, any other
  legal move gets a friendly nudge (the story must happen as written), an illegal one the
  table's usual message;
- ``cpu``: the computer plays ``move`` (scripted, never a bot);
- ``auto``: Trufludo only: Enter plays the rest of the game quickly, both sides following
  :func:`autoplay_move`, a fixed policy (so the end is always the same);
- ``end``: the closing step: what to do next.

``cards`` name the card chips of the text (``{card}``, ``{take}``...); ``focus`` the parts
of the screen the step is about: CSS selectors, or ``card:7H`` for a card on the table.
The tests (tests/ui/test_guided.py) replay both scripts on the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from truf_tui.engine import trufludo

Kind = Literal["say", "you", "cpu", "auto", "end"]


@dataclass(frozen=True)
class Step:
    kind: Kind
    text: str = ""  # string key
    move: str | None = None
    cards: dict[str, str] = field(default_factory=dict)
    focus: tuple[str, ...] = ()


def say(text: str, *focus: str, **cards: str) -> Step:
    return Step("say", text, None, cards, focus)


def you(text: str, move: str, *focus: str, **cards: str) -> Step:
    return Step("you", text, move, cards, focus)


def cpu(move: str) -> Step:
    return Step("cpu", "", move)


# -- Trufludo -------------------------------------------------------------------------------
# The computer deals (F2), so you move first (F4).  Top of the pack first: your 3 cards, the
# computer's 3, the 4 table cards, then the stock (the next deals, F3).
TRUFLUDO_DEALER = 1
TRUFLUDO_PACK = (
    "7H 4H 2C 10D JS QH 3H 9C KS 5D 2D JH 5C 8D AS 6C 2H 10C 3C JC 7S KH AH AC 6D 6H KD 4C QC "
    "5S QS AD 7C 3D 9H KC 2S 4D 8C 8S 10H QD 9S 6S 4S 3S 7D 5H 10S JD 9D 8H"
).split()

TRUFLUDO_STEPS: tuple[Step, ...] = (
    say("guide.f.welcome", "#my-hand", "#opp-hand"),
    say("guide.f.table", "#table", "#stock-box"),
    you("guide.f.capture", "play 7H take 3H", "#my-pile", card="7H", take="3H"),
    cpu("play 10D take 5D"),
    say("guide.f.cpu_capture", "#opp-pile", card="10D", take="5D"),
    you("guide.f.throw", "play 4H", "#table", card="4H"),
    cpu("play JS take KS"),
    you("guide.f.forced", "play 2C take 9C", "#table", card="JS", take="KS",
        mine="2C", single="4H"),
    cpu("play QH take 4H"),
    say("guide.f.trufego_cpu", "#opp-pile", card="4H"),
    say("guide.f.deal", "#stock-box", "#my-hand"),
    cpu("play 8D"),
    you("guide.f.trufego_you", "play 2D take 8D", card="8D", mine="2D"),
    say("guide.f.again", "#my-pile", "#my-name"),
    you("guide.f.throw_again", "play JH", "#table", card="JH"),
    cpu("play AS"),
    you("guide.f.throw_last", "play 5C", card="AS", mine="5C"),
    cpu("play 6C take 5C"),
    say("guide.f.next_deal", "#stock-box", "#log", card="6C", take="5C"),
    Step("auto", "guide.f.auto"),
    say("guide.f.score", "#my-pile", "#opp-pile", "#scorebar", "#table"),
    Step("end", "guide.f.end"),
)


def autoplay_move(s: trufludo.State) -> trufludo.Play:
    """The fixed policy of the quick end (F5-F8): a trufego if there is one, else a capture
    that does not leave a single card, else any capture, else a throw onto a non-empty
    table; first in the engine's order among equals."""
    legal = s.legal_actions()

    def worth(a: trufludo.Play) -> int:
        if a.take is not None:
            if len(s.table) == 1:
                return 100
            return 40 if len(s.table) == 2 else 50
        return -10 if not s.table else 10

    return max(legal, key=lambda a: (worth(a), -legal.index(a)))


# -- Le Truc --------------------------------------------------------------------------------
# Round 1 is dealt from the fixed pack (T2: one card at a time, you first, as the computer
# deals); rounds 2 and 3 come from the seed, chosen so that they tell the story too: round 2
# gives you three low cards, round 3 a 7 and an 8.
TRUC_DEALER = 1
TRUC_SEED = 23
TRUC_PACK = (
    "KS KD 7H 10C 9D JH AS 7S 8S 9S 10S JS QS AH 8H 9H 10H QH KH AD 7D 8D 10D JD QD AC 7C 8C "
    "9C JC QC KC"
).split()

TRUC_STEPS: tuple[Step, ...] = (
    say("guide.t.welcome", "#my-hand", "#opp-hand"),
    say("guide.t.ranks", "#tricks"),
    say("guide.t.stake", "#stake", "#scorebar"),
    you("guide.t.lead", "play KS", "#trick-box", card="KS"),
    cpu("play KD"),
    say("guide.t.spoiled", "#tricks", "#trick-box", card="KD", mine="KS"),
    you("guide.t.raise", "raise", "#act-raise", "#stake", card="7H"),
    cpu("accept"),
    you("guide.t.accepted", "play 7H", "#stake", card="7H"),
    cpu("play 10C"),
    say("guide.t.round_won", "#scorebar", "#log"),
    cpu("raise"),
    you("guide.t.refuse", "refuse", "#act-refuse", "#my-hand"),
    say("guide.t.refused", "#scorebar"),
    you("guide.t.rest", "rest", "#act-rest", "#my-hand"),
    cpu("accept"),
    you("guide.t.rest_accepted", "play 7D", "#stake", card="7D"),
    cpu("play 9D"),
    you("guide.t.second", "play 8H", "#tricks", card="8H"),
    cpu("play 10C"),
    say("guide.t.won", "#scorebar", "#stake"),
    Step("end", "guide.t.end"),
)

STEPS = {"trufludo": TRUFLUDO_STEPS, "truc": TRUC_STEPS}
