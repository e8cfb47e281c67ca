"""A long write done as several commits, a turn at a time, so the writes
waiting for the database's lock (a phone's save) go between its turns."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")
#: The longest pause between two turns.
LONGEST_PAUSE = 0.1
#: The rows a long write (a group's file, a sheet's nights) writes in one
#: commit unless told (a night's rows are its own and its players', its
#: hands, payments and lines of history): a night or two of 40 hands and their
#: history hold the database's write lock some 3 ms, so a save waits for a
#: short turn at most, never for the whole file (docs/speed.md, "Strangers'
#: imports": 400 rows a turn held it some 12 ms and a save's p95 under
#: strangers' uploads was 2 ms worse).
ROWS_A_TURN = 100


def in_turns(items: Sequence[T], rows: Callable[[T], int], most: int | None = None
             ) -> Iterator[list[T]]:
    """``items`` in turns of at most ``most`` rows to write (:data:`ROWS_A_TURN`
    unless told; ``rows`` counts
    an item's; an item of more is a turn of its own), for a long write done
    as several commits (a :func:`~scorekeeper.services.writes.unit` each
    turn).  After each turn but the last, a pause as long as the turn took
    (at most :data:`LONGEST_PAUSE`): a write that waited for the lock
    meanwhile (a save) finds it free, rather than the next turn.  SQLite's
    writers don't queue: a waiting one tries again every few milliseconds,
    then every 100, and without the pause the next turn took the lock first
    nearly every time (docs/speed.md)."""
    most = ROWS_A_TURN if most is None else most
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
