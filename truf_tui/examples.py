"""The worked example games of the rules (``truf_tui/data/examples/*.json``, copied from the
spec): exact deals and moves that show one rule each, with what must hold after every move.

The help links each rule section to the examples of its rules; the example viewer
(``truf_tui/ui/screens/example.py``) steps through one.  No Textual here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from truf_tui.engine.common import RuleValue
from truf_tui.engine.record import AnyState, GameRecord

EXAMPLES_DIR = Path(__file__).resolve().parent / "data" / "examples"
_RULES_IN_NAME = re.compile(r"[FT]\d+(?:-[FT]\d+)*")


@dataclass(frozen=True)
class Example:
    """One worked example: ``id`` is its file's stem (``13-truc-t7``)."""

    id: str
    name: str  # as the spec names it, rule ids first ("T7 raise, accept, raise back")
    game: str
    rules: dict[str, RuleValue]
    dealer: int
    seed: int | None
    deck: tuple[str, ...]
    steps: tuple[dict[str, Any], ...]  # {"move": text, "then": {what holds after it}}

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The rules the example shows, from its name ("F7-F8 ..." -> F7, F8)."""
        m = _RULES_IN_NAME.match(self.name)
        return tuple(m.group(0).split("-")) if m else ()

    @property
    def moves(self) -> tuple[str, ...]:
        return tuple(str(step["move"]) for step in self.steps)

    def record(self) -> GameRecord:
        return GameRecord(game=self.game, rules=dict(self.rules), dealer=self.dealer,
                          seed=self.seed, deck=self.deck, moves=self.moves)

    @classmethod
    def from_file(cls, path: Path) -> Example:
        d = json.loads(path.read_text(encoding="utf-8"))
        return cls(id=path.stem, name=str(d["name"]), game=str(d["game"]),
                   rules=dict(d["rules"]), dealer=int(d["dealer"]), seed=d.get("seed"),
                   deck=tuple(d["deck"]), steps=tuple(d["steps"]))


@cache
def all_examples() -> tuple[Example, ...]:
    """Every shipped example, in the order of their file names."""
    return tuple(Example.from_file(p) for p in sorted(EXAMPLES_DIR.glob("*.json")))


def example(example_id: str) -> Example | None:
    return next((e for e in all_examples() if e.id == example_id), None)


def examples_for(rule_ids: Iterable[str]) -> list[Example]:
    """The examples that show any of ``rule_ids``, in order."""
    wanted = set(rule_ids)
    return [e for e in all_examples() if wanted & set(e.rule_ids)]


def agrees(state: AnyState, then: Mapping[str, object]) -> bool:
    """Does ``state`` (after a step's move) hold what the example says it must?"""
    if list(state.scores()) != then.get("scores") or state.is_terminal() != then.get(
            "terminal"):
        return False
    if "to_move" in then and state.current_player != then["to_move"]:
        return False
    if "legal" in then and sorted(str(a) for a in state.legal_actions()) != then["legal"]:
        return False
    return True
