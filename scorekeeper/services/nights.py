"""Replayed nights kept in memory, one per version of a table, so the phones
polling a night that did not change (or changed once for all of them) share
one replay instead of each doing its own.

The key is the table's share token (random and unique, so tables of
different databases or test runs never meet) and its version, which every
write raises in the database: a cached night is never stale, in this
process or any other.  Only nights replayed from committed rows are kept
(see :attr:`TableState.cacheable`).  Bounded; the least recently used go.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from scorekeeper.rules import Night

Key = tuple[str, int]


class NightCache:
    """A small thread-safe LRU of replayed nights."""

    def __init__(self, size: int = 128) -> None:
        self.size = size
        self._nights: OrderedDict[Key, Night] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Key) -> Night | None:
        with self._lock:
            night = self._nights.get(key)
            if night is not None:
                self._nights.move_to_end(key)
            return night

    def put(self, key: Key, night: Night) -> None:
        with self._lock:
            self._nights[key] = night
            self._nights.move_to_end(key)
            while len(self._nights) > self.size:
                self._nights.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._nights.clear()


NIGHTS = NightCache()
