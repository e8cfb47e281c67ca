"""Requests carried out once: a form's one-time token (a double-tapped save
records one hand, a double-tapped start makes one table) and an API
client's ``Idempotency-Key`` (a retry after a lost answer gets the first
answer back).  The token is written in the same transaction as what it
made, so an answer that never arrived still counts as done.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import UTC, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from scorekeeper.db.models import Submission, db, utcnow
from scorekeeper.services import Code, ServiceError

#: How long an API client's key is remembered.
RETRY_WINDOW = timedelta(hours=24)


class KeyReused(ServiceError):
    """The same Idempotency-Key came with a different request."""

    code = Code.KEY_REUSED


@dataclass
class Once:
    """A request that must happen once: its token and (API) a digest of its
    body; ``replayed`` once it is found carried out already (its answer is
    then the first one's, given again: the API says so)."""

    token: str
    fingerprint: str | None = None
    replayed: bool = field(default=False, compare=False)


def canonical(meaning: object) -> bytes:
    """A request's meaning as bytes that don't depend on how it was written:
    keys sorted, no white space (the same JSON re-ordered or re-spaced is the
    same request, so its retry is one)."""
    return json.dumps(meaning, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False).encode()


def api_once(scope: str, key: str | None, meaning: object) -> Once | None:
    """The Once for an API request's ``Idempotency-Key`` (None without one;
    the API checked its form), fingerprinted by what the request means
    (:func:`canonical`: its method, path, query and parsed body), not by its
    bytes."""
    if key is None:
        return None
    return Once(f"api:{scope}:{key}", hashlib.sha256(canonical(meaning)).hexdigest())


def answered(scope: str, key: str | None) -> bool:
    """Whether an API request under ``key`` in ``scope`` was carried out (and
    its answer kept): its retry is answered from that, whatever changed since."""
    return key is not None and db.session.get(Submission, f"api:{scope}:{key}") is not None


def earlier(once: Once | None) -> Submission | None:
    """The request already carried out under this token, if any (an API key is
    forgotten after 24 hours; the same key with another body is refused)."""
    if once is None:
        return None
    row = db.session.get(Submission, once.token)
    if row is None:
        return None
    at = row.at if row.at.tzinfo else row.at.replace(tzinfo=UTC)
    if once.fingerprint is not None and at < utcnow() - RETRY_WINDOW:
        db.session.delete(row)
        db.session.flush()
        return None
    if once.fingerprint is not None and row.fingerprint != once.fingerprint:
        raise KeyReused("This Idempotency-Key was already used for a different request; "
                        "use a new key for a new request", "Idempotency-Key")
    once.replayed = True
    return row




def made(row: Submission | None, model: Any) -> Any:
    """The table, group or event (``model``) a request carried out before
    made (``row``: its Submission, or a twin's that committed first), read
    again by its owner row; None when it made none or it is gone."""
    if row is None or row.owner_id is None:
        return None
    return db.session.scalar(select(model).where(model.owner_id == row.owner_id))


def remember(once: Once | None, owner_id: int | None, status: int | None = None,
             response: Any = None) -> None:
    """Mark the request as done (same transaction as what it did): what it
    made or changed is the owner row ``owner_id`` (a night's, a group's or
    an event's)."""
    if once is not None:
        db.session.add(Submission(token=once.token, owner_id=owner_id,
                                  fingerprint=once.fingerprint, status=status,
                                  response=response))


def first_answer(once: Once) -> Submission | None:
    """What the request carried out under ``once`` answered the first time."""
    return db.session.get(Submission, once.token)


def commit(once: Once | None) -> Submission | None:
    """Commit what the request made; if a twin of it (same token) committed
    first, roll back and return the twin's Submission instead.  (SQLite never
    gets here: its writers take turns.  On PostgreSQL two creates can race.)"""
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        twin = earlier(once)
        if twin is None:
            raise
        return twin
    return None
