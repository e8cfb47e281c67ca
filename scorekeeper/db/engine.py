"""How the app talks to its database when several phones (and several
processes) write at once.

SQLite: the write-ahead log (readers never wait for a writer), a busy
timeout (a writer waits its turn instead of failing), and writes that take
the write lock when they begin (``BEGIN IMMEDIATE``), so a writer never
finds, halfway through, that another wrote since it read.  PostgreSQL needs
none of this: the version row a write updates first is its lock.

Start-up takes a lock too (a file lock beside a SQLite file, an advisory
lock on PostgreSQL), so several processes starting on one new database
create its tables once; and a process starting while its database server
restarts waits for it (:func:`when_reachable`).
"""

from __future__ import annotations

import fcntl
import logging
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from sqlalchemy import Engine, event, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

T = TypeVar("T")

#: How long a writer waits for another writer's commit before giving up
#: (the app then answers 503 with Retry-After, never a 500).
BUSY_TIMEOUT_MS = 20_000
_WRITE = "scorekeeper_write"
#: The session-info key :func:`writing` reads.
WRITING = "scorekeeper.writing"
_STARTUP_LOCK = 7_291_113  # PostgreSQL advisory lock key for start-up
#: How long a starting process waits for a database server it can't reach
#: (seconds): longer than a restart takes, shorter than gunicorn's worker
#: timeout (deploy/gunicorn.conf.py).  A worker that fails to start makes
#: gunicorn stop altogether, so a restart must not make one fail.
STARTUP_WAIT = 30.0
STARTUP_PAUSE = 0.25


def in_memory(uri: str) -> bool:
    """True for an in-memory SQLite database (no other process can reach it)."""
    return uri.startswith("sqlite") and (uri.rstrip("/") in ("sqlite:", "sqlite:/")
                                         or ":memory:" in uri or "mode=memory" in uri)


def tune(engine: Engine, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> None:
    """Set up ``engine`` for concurrent writers (SQLite only; idempotent)."""
    if engine.dialect.name != "sqlite" or getattr(engine, "_scorekeeper_tuned", False):
        return
    engine._scorekeeper_tuned = True  # type: ignore[attr-defined]

    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, record: Any) -> None:
        dbapi_connection.isolation_level = None  # SQLAlchemy emits BEGIN itself, below
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        cursor.execute("PRAGMA synchronous=NORMAL")  # in WAL: safe when a process dies
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection: Any) -> None:
        writing = connection.get_execution_options().get(_WRITE)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if writing else "BEGIN")


def start_write(session: Session | Any) -> None:
    """Make the session's next statements one write transaction that holds the
    database's write lock from its first statement (SQLite), after the reads
    so far.  Call it before a write's first read-then-change; nothing may be
    pending (what was read is read again, now under the lock)."""
    if not isinstance(session, Session):
        session = session()  # a scoped session: this thread's session
    if session.get_bind().dialect.name != "sqlite":
        session.info[WRITING] = True
        return
    if session.in_transaction() and session.connection().get_execution_options().get(_WRITE):
        return  # already writing
    assert not (session.new or session.dirty or session.deleted), \
        "start_write must come before the first change"
    session.rollback()
    session.connection(execution_options={_WRITE: True})
    session.info[WRITING] = True


def end_reads(session: Session | Any) -> None:
    """End the session's reads (nothing may be pending): what another
    process commits next is what it reads next, not the snapshot it began."""
    if not isinstance(session, Session):
        session = session()
    assert not (session.new or session.dirty or session.deleted), "a write is pending"
    session.rollback()


def writing(session: Session | Any) -> bool:
    """True between :func:`start_write` and the end of that transaction: what is
    read then (a raised version, a changed roster) may yet be rolled back, so it
    must not be kept for other requests."""
    if not isinstance(session, Session):
        session = session()
    return bool(session.info.get(WRITING))


@event.listens_for(Session, "after_commit")
@event.listens_for(Session, "after_rollback")
def _write_ended(session: Session) -> None:
    session.info.pop(WRITING, None)


#: PostgreSQL's SQLSTATE classes for "busy, try again": 40 a transaction
#: rolled back to be run again (serialization, deadlock), 53 out of
#: connections or memory.
BUSY_CLASSES = ("40", "53")
#: ... and for "out of reach for a moment": 08 the connection failed, 57 an
#: operator's shutdown or restart (sessions ended, or the server not yet up).
UNREACHABLE_CLASSES = ("08", "57")


def _sqlstate(error: BaseException) -> tuple[bool, str | None]:
    """(whether the driver's error has a SQLSTATE at all, its value): psycopg's
    errors have one (None for a connection that failed or closed), SQLite's don't."""
    orig = getattr(error, "orig", error)
    return hasattr(orig, "sqlstate"), getattr(orig, "sqlstate", None)


def is_busy(error: BaseException) -> bool:
    """True for the database's "locked"/"busy" refusal (try again shortly)."""
    words = str(getattr(error, "orig", error)).lower()
    has_state, state = _sqlstate(error)
    return ("database is locked" in words or "database is busy" in words
            or bool(has_state and state and state[:2] in BUSY_CLASSES))


def is_unreachable(error: BaseException) -> bool:
    """True when the database server can't be reached: the connection was
    refused or lost, or the server is restarting.  The request's transaction
    ended with its connection, so nothing of it was half-written; the pool's
    next checkout pings and reconnects (``pool_pre_ping``), so the app
    recovers by itself once the server is back."""
    if getattr(error, "connection_invalidated", False):
        return True
    has_state, state = _sqlstate(error)
    return has_state and (state is None or state[:2] in UNREACHABLE_CLASSES)


@contextmanager
def startup_lock(engine: Engine) -> Iterator[None]:
    """Only one process at a time creates or upgrades the schema."""
    if engine.dialect.name == "sqlite":
        path = engine.url.database
        if not path or path == ":memory:":
            yield
            return
        with open(f"{os.path.abspath(path)}.startup-lock", "a") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)
        return
    if engine.dialect.name == "postgresql":
        with engine.connect() as connection:
            connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": _STARTUP_LOCK})
            connection.commit()
            try:
                yield
            finally:
                connection.execute(text("SELECT pg_advisory_unlock(:key)"),
                                   {"key": _STARTUP_LOCK})
                connection.commit()
        return
    yield


def when_reachable(action: Callable[[], T], seconds: float | None = None) -> T:
    """``action()``, run again while the database server can't be reached
    (:func:`is_unreachable`), for ``seconds`` (:data:`STARTUP_WAIT`) at most;
    any other error, or one past the wait, is raised."""
    deadline = time.monotonic() + (STARTUP_WAIT if seconds is None else seconds)
    while True:
        try:
            return action()
        except DBAPIError as error:
            if not is_unreachable(error) or time.monotonic() > deadline:
                raise
            logging.getLogger(__name__).warning(
                "The database can't be reached (%s); waiting for it", type(error.orig).__name__)
        time.sleep(STARTUP_PAUSE)
