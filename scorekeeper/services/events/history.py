"""The event's record a person reads: every change made to the event itself
(players registered, checked in, renamed and withdrawn; draws, seats and
swaps; penalties given and withdrawn; paper tickets entered, corrected and
withdrawn; tables done; settings; codes and directors; Finish and Reopen),
newest first, each with when, which device and what it said.  Its tables'
hands are each night's own history (and each night's export); here they are
left out unless asked for, so a festival's thousands of hands don't bury
the director's own changes.

The same entries travel in the event's file (:func:`exported`) and come
back with its import, kept as the file had them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select

from scorekeeper.db.models import EVENT, AuditEntry, Event, db
from scorekeeper.moments import iso
from scorekeeper.services.nights.hands import HAND_CHANGES

#: How many entries one page of the history shows (older ones are a link away).
PAGE = 200
#: The action of the entry an import writes after the file's own history.
IMPORTED = "import"


def entries(event: Event, *, hands: bool = False, before: int | None = None,
            limit: int = PAGE) -> list[AuditEntry]:
    """The event's history, newest first, up to ``limit`` entries older than
    entry ``before`` (its id; None: from the newest); its tables' hand
    changes only when ``hands``."""
    query = select(AuditEntry).where(AuditEntry.of(EVENT, event.id))
    if not hands:
        query = query.where(AuditEntry.action.not_in(HAND_CHANGES))
    if before is not None:
        query = query.where(AuditEntry.id < before)
    return list(db.session.scalars(query.order_by(AuditEntry.id.desc()).limit(limit)))


def exported(event: Event) -> list[dict[str, Any]]:
    """The event's own history, oldest first, as its file keeps it, with
    what each change left (a finish's prizes: a finish after the import
    compares with them); the nights' hands are in each night's export."""
    found = db.session.scalars(select(AuditEntry).where(
        AuditEntry.of(EVENT, event.id), AuditEntry.action.not_in(HAND_CHANGES))
        .order_by(AuditEntry.id))
    return [{"at": iso(e.at), "action": e.action, "summary": e.summary, "by": e.by,
             **({"after": e.after} if e.after is not None else {})} for e in found]


def bring_back(event: Event, kept: Sequence[dict[str, Any]]) -> None:
    """Write a file's history onto the event it imports (no version: it is
    read, never caught up from), then the import's own entry."""
    for entry in kept:
        db.session.add(AuditEntry(owner_id=event.owner_id, action=entry["action"],
                                  summary=entry["summary"], by=entry.get("by"),
                                  after=entry.get("after"), **_at(entry.get("at"))))
    db.session.add(AuditEntry(owner_id=event.owner_id, action=IMPORTED, version=0,
                              summary=f"Brought in from the event's file, with "
                              f"{len(kept):,} {'entry' if len(kept) == 1 else 'entries'} "
                              "of its history"))


def _at(at: datetime | None) -> dict[str, datetime]:
    return {"at": at} if at is not None else {}


@dataclass(frozen=True)
class WithdrawnTicket:
    """A table's paper ticket taken back: what it said, who withdrew it,
    when and why (its row is gone; this is its history's entry)."""

    table: int
    totals: dict[str, int]
    by: str | None
    at: datetime
    why: str


def withdrawn_tickets(event: Event, session: int) -> dict[int, list[WithdrawnTicket]]:
    """The paper tickets withdrawn from the session's tables, by table
    number, oldest first: the session page lists each at its table,
    labelled withdrawn."""
    found: dict[int, list[WithdrawnTicket]] = {}
    for e in db.session.scalars(select(AuditEntry).where(
            AuditEntry.of(EVENT, event.id), AuditEntry.action == "ticket")
            .order_by(AuditEntry.id)):
        after = e.after or {}
        if after.get("session") == session and "before" in after and after.get("after") is None:
            found.setdefault(after["table"], []).append(WithdrawnTicket(
                after["table"], dict(after["before"]), e.by, e.at, after.get("reason", "")))
    return found
