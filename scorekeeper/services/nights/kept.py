"""Replayed nights kept in memory, so a night is replayed once per change
rather than once per request, and a change costs the hands it touches.

Each table keeps its latest known version: the night, its hands and their
ids.  A request for that version uses it as is.  A request for a newer
version catches up from the table's audit entries (every change of a hand
writes one, with the hand as stored and the version it made): an appended
hand is scored on its own, an edit, insert or delete replays from that hand
on.  Anything else (a player joining, a gap in the versions) reads the
night afresh.  The version lives in the database, so a kept night is never
stale, in this process or any other.

The key is the table's share token (random and unique, so tables of
different databases or test runs never meet).  Only nights of committed
versions are kept.  Bounded by the number of hands held; the tables whose
night changed longest ago go first.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from scorekeeper.db import codec
from scorekeeper.db.models import TABLE, AuditEntry, GameTable, HandRow, Owner, db
from scorekeeper.ledger.chart import Chart, running_chart
from scorekeeper.rules import Hand, Night, Rules, replay
from scorekeeper.services import caches, lazy

#: Changes after which the hands (and so the night) are as they were.
HANDS_UNCHANGED = frozenset({"settle", "close", "share", "handover", "revoke", "editor", "pay",
                             "next", "paid", "ticket"})
HAND_CHANGES = frozenset({"add", "insert", "edit", "delete"})


@dataclass(frozen=True)
class Kept:
    """One table's night at one version: the replay, its hands and their ids."""

    version: int
    night: Night
    hands: tuple[Hand, ...]
    hand_ids: tuple[int, ...]

    @classmethod
    def of(cls, version: int, night: Night, hand_ids: Sequence[int]) -> Kept:
        return cls(version, night, tuple(r.hand for r in night.results), tuple(hand_ids))

    @classmethod
    def of_totals(cls, version: int, rules: Rules, players: tuple[str, ...],
                  totals: Mapping[str, int]) -> Kept:
        """A night of totals (:mod:`scorekeeper.services.nights.paper`): no
        hands, and each player's total as where the night ended (a player
        without one: 0), so every page, the API and settle-up read its
        totals as they read any night's balances."""
        night = replace(replay(rules, players, ()),
                        balances={name: totals.get(name, 0) for name in players})
        return cls(version, night, (), ())

    @lazy
    def chart(self) -> Chart | None:
        """The running-balance chart, drawn once per version for every page
        that shows it (None before the first hand)."""
        if not self.night.results:
            return None
        return running_chart(self.night.players, [r.balances for r in self.night.results])


class AllBut:
    """Every position but one: which hands a proposal may trust."""

    def __init__(self, index: int | None = None) -> None:
        self.index = index

    def __contains__(self, index: object) -> bool:
        return index != self.index


class NightCache:
    """Kept nights, one per table, bounded in hands; thread-safe."""

    def __init__(self, max_hands: int = 200_000) -> None:
        self.max_hands = max_hands
        self._kept: dict[str, Kept] = {}
        self._hands = 0
        self._lock = threading.Lock()

    def get(self, key: str) -> Kept | None:
        """Read without the lock (one dict read is atomic in CPython)."""
        return self._kept.get(key)

    def put(self, key: str, kept: Kept) -> None:
        """Keep ``kept`` unless a newer version of the table is already kept."""
        with self._lock:
            old = self._kept.get(key)
            if old is not None:
                if old.version > kept.version:
                    return
                self._hands -= len(old.hand_ids)
            self._kept.pop(key, None)
            self._kept[key] = kept
            self._hands += len(kept.hand_ids)
            while self._hands > self.max_hands and len(self._kept) > 1:
                self._hands -= len(self._kept.pop(next(iter(self._kept))).hand_ids)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self._hands = 0


NIGHTS = caches.register("nights", NightCache())


def read(table_id: int, rules: Rules, players: tuple[str, ...], version: int) -> Kept:
    """The night from the table's rows: every hand decoded and replayed (the
    stored hands were checked when they were written, so they are trusted)."""
    rows = db.session.execute(db.select(HandRow.id, HandRow.data)
                              .where(HandRow.table_id == table_id)
                              .order_by(HandRow.position)).all()
    hands = [codec.decode(data) for _, data in rows]
    night = replay(rules, players, hands, trusted=range(len(hands)))
    return Kept.of(version, night, [hand_id for hand_id, _ in rows])


def still_at(table_id: int, version: int) -> bool:
    """True if the table is still at ``version`` (where a read transaction
    sees every commit, as on PostgreSQL, a write may land between two reads)."""
    return db.session.scalar(db.select(Owner.version)
                             .join(GameTable, GameTable.owner_id == Owner.id)
                             .where(GameTable.id == table_id)) == version


def catch_up(kept: Kept, table_id: int, rules: Rules, players: tuple[str, ...],
             version: int) -> Kept | None:
    """``kept`` brought to ``version`` from the audit entries in between, or
    None when they don't say enough (then the night is read afresh)."""
    if players != kept.night.players:
        return None
    entries = db.session.execute(
        db.select(AuditEntry.version, AuditEntry.action, AuditEntry.hand_number,
                  AuditEntry.hand_id, AuditEntry.after)
        .where(AuditEntry.of(TABLE, table_id), AuditEntry.version > kept.version,
               AuditEntry.version <= version)
        .order_by(AuditEntry.version)).all()
    if [e.version for e in entries] != list(range(kept.version + 1, version + 1)):
        return None
    hands, ids = list(kept.hands), list(kept.hand_ids)
    start = len(hands)
    for entry in entries:
        if entry.action in HANDS_UNCHANGED:
            continue
        if entry.action not in HAND_CHANGES or entry.hand_number is None:
            return None
        index = entry.hand_number - 1
        if not 0 <= index <= len(hands) - (entry.action != "add" and entry.action != "insert"):
            return None
        if entry.action == "delete":
            del hands[index], ids[index]
        elif entry.after is None or entry.hand_id is None:
            return None
        elif entry.action == "edit":
            hands[index], ids[index] = codec.decode(entry.after), entry.hand_id
        else:
            hands.insert(index, codec.decode(entry.after))
            ids.insert(index, entry.hand_id)
        start = min(start, index)
    night = replay(rules, players, hands, trusted=range(len(hands)), since=kept.night,
                   start=start)
    return Kept.of(version, night, ids)
