"""Every cache of the app in one registry, so one call empties them all (a
test that starts from an empty database starts from empty caches too).

What is kept in memory: replayed nights (:mod:`~scorekeeper.services.nights.kept`),
each table's rules and roster (:mod:`~scorekeeper.services.nights.state`), each
group night's result for the season (:mod:`~scorekeeper.services.groups.group`),
the version board the viewers' polls read (:mod:`~scorekeeper.services.board`)
and rendered pages (:mod:`~scorekeeper.views.rendered`).  Each is keyed by
its owner's share token (random, so two databases or two test runs never
meet), the owner's version and every other input of what it keeps: a new
version is a new key, so nothing kept is ever stale.
"""

from __future__ import annotations

import threading
from typing import Generic, Protocol, TypeVar


class Cache(Protocol):
    """Anything kept in memory that can be emptied."""

    def clear(self) -> None: ...


C = TypeVar("C", bound=Cache)

_CACHES: dict[str, Cache] = {}


def register(name: str, cache: C) -> C:
    """Add ``cache`` to the registry under ``name``; returns it."""
    assert name not in _CACHES or _CACHES[name] is cache, f"two caches called {name}"
    _CACHES[name] = cache
    return cache


def registered() -> dict[str, Cache]:
    """The caches by name."""
    return dict(_CACHES)


def clear_all() -> None:
    """Empty every cache."""
    for cache in _CACHES.values():
        cache.clear()


K = TypeVar("K")
V = TypeVar("V")


class Recent(Generic[K, V]):
    """The value last kept for each key, at most ``size`` keys: the least
    recently used go first (a read moves its key to the back of the queue);
    thread-safe."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: dict[K, V] = {}
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The value kept for ``key`` (now the most recently used), or None."""
        if key not in self._kept:
            return None
        with self._lock:
            value = self._kept.pop(key, None)
            if value is not None:
                self._kept[key] = value
        return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._kept.pop(key, None)
            self._kept[key] = value
            while len(self._kept) > self.size:
                self._kept.pop(next(iter(self._kept)))

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
