"""The version board: for each watched table, its latest version and whether
it is closed, as this process last read them.

Every phone watching a night polls once a second; all of them ask the same
question ("did the night change?").  The board answers from memory and reads
the database at most once per :data:`LIFETIME` per table, however many
phones watch it, and one query refreshes every watched table at once.  A write made by this process clears the table's entry
when it commits (its viewers see it at their next poll); a write made by
another process is seen within :data:`LIFETIME`.  So 300
viewers of one night cost a few indexed lookups a second, not 300.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

from sqlalchemy import event
from sqlalchemy.orm import Session

from scorekeeper.db.models import GameTable, db

#: How long a version read from the database answers for (seconds).
LIFETIME = 0.2
#: Tables remembered (the least recently watched are forgotten).
SIZE = 20_000
#: Tables read in one query.
BATCH = 500


@dataclass(frozen=True)
class Head:
    """What a viewer's poll needs to know about a table."""

    version: int
    closed: bool
    read_at: float


class Board:
    """Thread-safe; bounded."""

    def __init__(self, lifetime: float = LIFETIME, size: int = SIZE) -> None:
        self.lifetime, self.size = lifetime, size
        self._heads: OrderedDict[str, Head] = OrderedDict()
        self._lock = threading.Lock()
        self._refreshing = threading.Lock()

    def head(self, token: str, at_least: int = 0) -> Head | None:
        """The table's version and closed state (None: no table has this share
        token).  A viewer who already saw ``at_least`` (from another process)
        makes the board read the database rather than answer with less."""
        known = self._fresh(token, at_least)
        if known is not None:
            return known
        with self._refreshing:  # one reader refreshes the board for everyone
            known = self._fresh(token, at_least)
            if known is not None:
                return known
            self._refresh(token)
        with self._lock:
            return self._heads.get(token)

    def _fresh(self, token: str, at_least: int) -> Head | None:
        with self._lock:
            known = self._heads.get(token)
        if (known is not None and time.monotonic() - known.read_at < self.lifetime
                and known.version >= at_least):
            return known
        return None

    def _refresh(self, token: str) -> None:
        """Read ``token`` and, in the same query, every table read more than
        half a lifetime ago: a league of tables costs a few queries a second."""
        now = time.monotonic()
        with self._lock:
            ageing = [t for t, h in self._heads.items() if now - h.read_at >= self.lifetime / 2]
        tokens = list(dict.fromkeys([token, *ageing]))[:BATCH]
        with db.engine.connect() as connection:
            rows = connection.execute(
                db.select(GameTable.view_token, GameTable.version, GameTable.closed_at)
                .where(GameTable.view_token.in_(tokens))).all()
        found = {row.view_token: Head(row.version, row.closed_at is not None, now)
                 for row in rows}
        with self._lock:
            for name in tokens:
                if name not in found:
                    self._heads.pop(name, None)
        for name, head in found.items():
            self._remember(name, head)

    def forget(self, token: str) -> None:
        """The table changed: the next poll reads its version again."""
        with self._lock:
            self._heads.pop(token, None)

    def _remember(self, token: str, head: Head) -> None:
        with self._lock:
            known = self._heads.get(token)
            if known is not None and known.version > head.version:
                self._heads[token] = Head(known.version, known.closed, head.read_at)
                return
            self._heads[token] = head
            self._heads.move_to_end(token)
            while len(self._heads) > self.size:
                self._heads.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._heads.clear()


BOARD = Board()

_CHANGED = "scorekeeper_changed_tables"


def changed(session: Session, token: str) -> None:
    """The table with share token ``token`` changes in this transaction: once
    it commits, this process's viewers see the change at their next poll."""
    session.info.setdefault(_CHANGED, set()).add(token)


@event.listens_for(Session, "after_commit")
def _forget_changed(session: Session) -> None:
    for token in session.info.pop(_CHANGED, ()):
        BOARD.forget(token)


@event.listens_for(Session, "after_soft_rollback")
def _keep_unchanged(session: Session, previous_transaction: object) -> None:
    session.info.pop(_CHANGED, None)
