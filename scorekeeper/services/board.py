"""The version boards: for each watched table (or event, or group), its latest
version and whether it is closed (an event: finished), as this process last
read them.

Every phone watching a night polls once a second; all of them ask the same
question ("did the night change?").  The board answers from memory and reads
the database at most once per :data:`LIFETIME` per table, however many
phones watch it, and one query refreshes every watched table at once.  A
write made by this process clears the table's entry when it commits (its
viewers see it at their next poll); a write made by another process is seen
within :data:`LIFETIME` (twice that while another thread is refreshing).
So 300 viewers of one night, or 150 nights of five, cost a few indexed
lookups a second; so do a thousand phones watching an event's leaderboard.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from sqlalchemy import event, literal
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from scorekeeper.db.models import EVENT, GROUP, TABLE, Owner, db
from scorekeeper.services import caches, registry

#: How long a version read from the database answers for (seconds).
LIFETIME = 0.2
#: Tables remembered (the longest unchanged are forgotten first).
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
    """The heads of one kind of owner (``kind``: its rows' model, with a
    ``view_token`` and a ``version``, and the column that says it is over,
    as its registry entry says, read when first asked).  Thread-safe; bounded."""

    def __init__(self, kind: str, lifetime: float = LIFETIME, size: int = SIZE) -> None:
        self.kind = kind
        self.lifetime, self.size = lifetime, size
        self._heads: dict[str, Head] = {}
        self._lock = threading.Lock()
        self._refreshing = threading.Lock()

    def head(self, token: str, at_least: int = 0) -> Head | None:
        """The table's version and closed state (None: no table has this share
        token).  A viewer who already saw ``at_least`` (from another process)
        makes the board read the database rather than answer with less."""
        known = self.fresh(token, at_least)
        if known is not None:
            return known
        if not self._refreshing.acquire(blocking=False):
            # another thread is refreshing the board: answer from what it read
            # a moment ago rather than queue behind it; a table asked about
            # rarely (behind a caching proxy, once a second or two) waits for
            # the refresh instead of answering a version seconds old
            known = self._heads.get(token)
            if (known is not None and known.version >= at_least
                    and time.monotonic() - known.read_at < 2 * self.lifetime):
                return known
            self._refreshing.acquire()
        try:  # one reader refreshes the board for everyone
            known = self.fresh(token, at_least)
            if known is not None:
                return known
            self._refresh(token)
        finally:
            self._refreshing.release()
        return self._heads.get(token)

    def peek(self, token: str, at_least: int = 0) -> Head | None:
        """:meth:`head`, or None when the database can't be read just now
        (the poll gate then leaves the request to the app, which says so)."""
        try:
            return self.head(token, at_least)
        except SQLAlchemyError:
            return None

    def fresh(self, token: str, at_least: int = 0) -> Head | None:
        """The head read less than a lifetime ago (and at least ``at_least``),
        from memory alone; None when it must be read (:meth:`head` reads it)."""
        known = self._heads.get(token)  # a dict read: no lock (see _remember)
        if (known is not None and time.monotonic() - known.read_at < self.lifetime
                and known.version >= at_least):
            return known
        return None

    def _refresh(self, token: str) -> None:
        """Read ``token`` and, in the same query, every table read more than
        half a lifetime ago: a league of tables costs a few queries a second."""
        now = time.monotonic()
        with self._lock:
            ageing = [t for t, h in list(self._heads.items())
                      if now - h.read_at >= self.lifetime / 2]
        tokens = list(dict.fromkeys([token, *ageing]))[:BATCH]
        kind = registry.rows(self.kind)
        model = kind.model
        closed = (kind.closed if kind.closed is not None else literal(None)).label("closed")
        with db.engine.connect() as connection:
            rows = connection.execute(
                db.select(Owner.view_token, Owner.version, closed)
                .join_from(Owner, model, model.owner_id == Owner.id)
                .where(Owner.view_token.in_(tokens))).all()
        found = {row.view_token: Head(row.version, row.closed is not None, now)
                 for row in rows}
        with self._lock:
            for name in tokens:
                if name not in found:
                    self._heads.pop(name, None)
            for name, head in found.items():
                self._remember_locked(name, head)

    def forget(self, token: str) -> None:
        """The table changed: the next poll reads its version again."""
        with self._lock:
            self._heads.pop(token, None)

    def _remember_locked(self, token: str, head: Head) -> None:
        """Writers hold ``_lock``; readers read the dict without it (one dict
        operation is atomic in CPython), so a crowd of polls never queues on
        a lock.  The oldest entries go first when the board is full."""
        known = self._heads.get(token)
        if known is not None and known.version > head.version:
            head = Head(known.version, known.closed, head.read_at)
        self._heads.pop(token, None)
        self._heads[token] = head
        while len(self._heads) > self.size:
            del self._heads[next(iter(self._heads))]

    def clear(self) -> None:
        with self._lock:
            self._heads.clear()


#: Each kind's board, by the word its rows use, made when first asked for.
BOARDS: dict[str, Board] = {}
_MAKING = threading.Lock()


def of(kind: str) -> Board:
    """The board of the kind of owner ``kind``."""
    found = BOARDS.get(kind)
    if found is None:
        with _MAKING:
            found = BOARDS.get(kind)
            if found is None:
                found = BOARDS[kind] = caches.register(f"{kind} board", Board(kind))
    return found


#: A night's, a group's and an event's.
BOARD, GROUPS, EVENTS = of(TABLE), of(GROUP), of(EVENT)

_CHANGED = "scorekeeper_changed_tables"


def changed(session: Session, token: str) -> None:
    """The table, event or group with view token ``token`` changes in this
    transaction: once it commits, this process's viewers see the change at
    their next poll."""
    session.info.setdefault(_CHANGED, set()).add(token)


@event.listens_for(Session, "after_commit")
def _forget_changed(session: Session) -> None:
    for token in session.info.pop(_CHANGED, ()):
        for board in BOARDS.values():  # tokens are random: one board has it
            board.forget(token)


@event.listens_for(Session, "after_soft_rollback")
def _keep_unchanged(session: Session, previous_transaction: object) -> None:
    session.info.pop(_CHANGED, None)
