"""Who may change an event and its tables after the draw: a table's one-time
code issued again (one table's, or every table's of a session when its cards
are printed), with or without stopping the phones that score it now; and
the event's directors, one of whom may be revoked by another.

A code is kept only as its hash (:mod:`scorekeeper.services.grants.handovers`), so
it is shown once, in the answer that made it, and can't be read back: the
printed cards are what issues the codes on them, and printing them again
makes new ones (the old cards stop working; a phone that already claimed
one keeps scoring unless the director stops it).

Every change raises the event's version and each changed night's, with
their history entries (:mod:`scorekeeper.services.writes`), and commits once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select

from scorekeeper.db.models import (
    Editor,
    Event,
    EventTable,
    GameTable,
    Handover,
    db,
    utcnow,
)
from scorekeeper.policy.acl import EventWrite
from scorekeeper.services import Conflict, NotFound, writes
from scorekeeper.services.events.draws import CODE_LIFETIME
from scorekeeper.services.grants import grants, handovers
from scorekeeper.services.once import Once

SELF = "This device can't revoke its own director access: another director can"


@dataclass(frozen=True)
class TableCode:
    """A table's new one-time code, as its card prints it."""

    number: int
    night: int
    code: str
    expires_at: datetime


def _tables(event: Event, session: int, numbers: Sequence[int] | None) -> list[EventTable]:
    """The session's tables (all of them, or these numbers), or NotFound."""
    query = select(EventTable).filter_by(event_id=event.id, session=session)
    if numbers is not None:
        query = query.where(EventTable.number.in_(numbers))
    rows = list(db.session.scalars(query.order_by(EventTable.number)))
    if not rows or (numbers is not None and len(rows) != len(set(numbers))):
        missing = ", ".join(str(n) for n in numbers or ())
        raise NotFound(f"No table {missing} in session {session}" if numbers is not None
                       else f"Session {session} isn't drawn yet")
    return rows


def _said(session: int, rows: Sequence[EventTable], revoke: bool) -> str:
    which = (f"table {rows[0].number}" if len(rows) == 1
             else f"all {len(rows)} tables")
    return (f"New code for {which} of session {session}: the old one no longer works"
            + ("; the phones that scored it are stopped" if revoke else ""))


def new_codes(event: Event, session: int, numbers: Sequence[int] | None = None, *,
              revoke: bool = False, by: str | None = None, once: Once | None = None,
              seen: int | None = None, director_id: int | None = None) -> list[TableCode]:
    """A new one-time code (valid :data:`CODE_LIFETIME`) for each of the
    session's tables (``numbers``: only those): their unused codes stop
    working; with ``revoke``, so does every phone or client that scores
    them now (the director's token still does).  ``once`` keeps which
    tables (never the codes) for an API retry.  The codes are
    ``director_id``'s: revoking him ends them and the phones that claim them."""
    rows = _tables(event, session, numbers)
    said = _said(session, rows, revoke)
    with writes.unit(once) as work:
        writes.begin_event(event.id, EventWrite.CODES, seen=seen)
        writes.audit_event(event.id, "code", said, by)
        until = utcnow() + CODE_LIFETIME
        made = []
        for row in rows:
            night = db.session.get_one(GameTable, row.night_id)
            writes.begin_night(night, EventWrite.CODES)
            if revoke:
                grants.revoke_all(grants.TABLE, night.id)
            code = handovers.replace_code(grants.TABLE, night.id, CODE_LIFETIME, director_id)
            writes.audit_night(night, "revoke" if revoke else "handover", said, by=by)
            made.append(TableCode(row.number, row.night_id, code, until))
        work.remember(event, 200, {"session": session, "tables": [r.number for r in rows]})
    return made


def directors(event: Event) -> list[Editor]:
    """The devices and clients that direct the event now, oldest first."""
    return grants.active_grants(grants.EVENT, event)


def revoke_director(event: Event, grant_id: int, me: Editor, *,
                    once: Once | None = None, seen: int | None = None) -> Editor:
    """Stop one director's device or client at once (never ``me``, the one
    asking: another director can), and with it everything granted through
    him: the table phones and clients his draws and codes let in, and his
    codes no phone has claimed yet.  Audited as ``me``'s."""
    if grant_id == me.id:
        raise Conflict(SELF, "director")
    with writes.unit(once) as work:
        writes.begin_event(event.id, EventWrite.DIRECTORS, seen=seen)
        gone: Editor = grants.stop_grant(grants.EVENT, event, grant_id, by=me.label)
        _end_grants_of(gone, me.label)
        work.remember(event, 200, {"id": gone.id, "label": gone.label})
    return gone


def _end_grants_of(director: Editor, by: str) -> None:
    """End the table grants and unused codes ``director`` issued (part of
    the caller's write): each night they changed gets its version and entry."""
    phones = list(db.session.scalars(select(Editor).where(
        Editor.director_id == director.id, Editor.revoked_at.is_(None))))
    codes = list(db.session.scalars(select(Handover).where(
        Handover.director_id == director.id, Handover.used_at.is_(None))))
    now = utcnow()
    for phone in phones:
        phone.revoked_at = now
    for code in codes:  # expired, not forgotten: a late phone is told whose card it was
        code.expires_at = now - timedelta(seconds=1)
    keys = {p.owner_id for p in phones} | {c.owner_id for c in codes}
    for night in db.session.scalars(select(GameTable).where(GameTable.owner_id.in_(keys))
                                    .order_by(GameTable.id)):
        writes.begin_night(night, EventWrite.DIRECTORS)
        writes.audit_night(night, "revoke", f"{director.label} no longer directs: the "
                           "phones and codes issued through that device are stopped", by=by)
