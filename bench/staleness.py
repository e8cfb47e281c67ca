"""How stale the watchers got: for every hand acknowledged in the measured
seconds, the time from its acknowledgement to each watcher's first poll
that showed a version including it, and the slowest watcher per hand.

A table's phones: the save's answer carries the night's new version
(``ETag: "12"``) and the night's live fragment carries it too (``v12-…``),
so a phone has the hand once its ETag's version reaches the save's.

The leaderboard: its ETag carries the event's version (``e812-…``), which
every hand at any table raises, but the save's answer does not say which
event version it made.  Reading the event's version right after the save
could name a later one (another table's save in between) and charge a
watcher up to a second it didn't wait.  So the leaderboard fragment itself
says: it lists each table with "hand 7 of 20", and a version includes hand
7 of table 3 when it shows at least 7 hands there.  The load generator
reads that once per version (:func:`bench.phones.shown_progress`); the
hand's event version is the lowest one seen that includes it, and a
watcher has the hand from its first poll whose ETag reached that version.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from dataclasses import dataclass, field

from bench.phones import Saved, Tally, Watched

#: A watcher's changes as two columns: when, and the version it saw then.
Log = tuple[list[float], list[int]]


def _log(watched: Watched) -> Log:
    return [t for t, _ in watched.changes], [v for _, v in watched.changes]


@dataclass
class Stale:
    """The slowest watcher per hand (seconds), and the (hand, watcher) pairs
    never brought up to date before the run ended."""

    worst: list[float] = field(default_factory=list)
    unseen: int = 0

    def note(self, saved: Saved, logs: list[Log], version: int | None) -> None:
        """The hand's slowest watcher among those who saw it; the others unseen."""
        slowest = None
        for times, versions in logs:
            at = bisect.bisect_left(versions, version) if version is not None else len(versions)
            if at == len(versions):
                self.unseen += 1
            else:
                slowest = max(slowest or 0.0, times[at] - saved.at)
        if slowest is not None:
            self.worst.append(slowest)


def _measured(tally: Tally, counting_from: float, until: float) -> list[Saved]:
    return [s for s in tally.saved if counting_from <= s.sent < until]


def tables(tally: Tally, counting_from: float, until: float) -> Stale:
    """Each table's phones against its own saves (the night's version)."""
    phones: dict[int, list[Log]] = defaultdict(list)
    for watched in tally.watched:
        if watched.table is not None:
            phones[watched.table].append(_log(watched))
    stale = Stale()
    for saved in _measured(tally, counting_from, until):
        stale.note(saved, phones[saved.table], saved.version)
    return stale


def board(tally: Tally, counting_from: float, until: float) -> Stale:
    """The leaderboard's watchers against every table's saves."""
    watchers = [_log(w) for w in tally.watched if w.table is None]
    versions = sorted(tally.progress)
    stale = Stale()
    if not watchers:
        return stale
    for saved in _measured(tally, counting_from, until):
        stale.note(saved, watchers, _first_showing(tally.progress, versions, saved))
    return stale


def _first_showing(progress: dict[int, dict[int, int]], versions: list[int],
                   saved: Saved) -> int | None:
    """The lowest version read that shows the hand (a table's count only grows)."""
    def shows(version: int) -> bool:
        return progress[version].get(saved.table, 0) >= saved.hand
    first = bisect.bisect_left(versions, True, key=shows)
    return versions[first] if first < len(versions) else None
