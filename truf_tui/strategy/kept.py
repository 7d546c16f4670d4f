"""A bounded store of results kept for the process, the least recently asked for first out.

The solver's tools ask for the same small trees and lifts again and again (a check, a
sweep, a best response); making one is a Python walk of seconds.  A value larger than
``one`` is never kept, and all kept values together stay within ``total`` (sizes as
``size`` counts them).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Kept(Generic[V]):
    def __init__(self, size: Callable[[V], int], one: int, total: int) -> None:
        self.size, self.one, self.total = size, one, total
        self.values: dict[Hashable, V] = {}  # the newest last

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        """The value kept under ``key``, or ``make()``'s, kept if it fits."""
        value = self.values.pop(key, None)
        if value is None:
            value = make()
        if self.size(value) <= self.one:
            self.values[key] = value
            while sum(self.size(v) for v in self.values.values()) > self.total:
                del self.values[next(iter(self.values))]
        return value
