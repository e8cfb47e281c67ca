"""A long write done as several commits, a turn at a time, so the writes
waiting for the database's lock (a phone's save) go between its turns."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")
#: The longest pause between two turns.
LONGEST_PAUSE = 0.1


def in_turns(items: Sequence[T], most: int, rows: Callable[[T], int]) -> Iterator[list[T]]:
    """``items`` in turns of at most ``most`` rows to write (``rows`` counts
    an item's; an item of more is a turn of its own), for a long write done
    as several commits (a :func:`~scorekeeper.services.writes.unit` each
    turn).  After each turn but the last, a pause as long as the turn took
    (at most :data:`LONGEST_PAUSE`): a write that waited for the lock
    meanwhile (a save) finds it free, rather than the next turn.  SQLite's
    writers don't queue: a waiting one tries again every few milliseconds,
    then every 100, and without the pause the next turn took the lock first
    nearly every time (docs/speed.md)."""
    turn: list[T] = []
    counted = 0
    for item in items:
        count = rows(item)
        if turn and counted + count > most:
            began = time.monotonic()
            yield turn
            time.sleep(min(time.monotonic() - began, LONGEST_PAUSE))
            turn, counted = [], 0
        turn.append(item)
        counted += count
    if turn:
        yield turn
