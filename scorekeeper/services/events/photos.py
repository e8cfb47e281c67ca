"""A session's paper tickets read from photos (:mod:`scorekeeper.tickets`):
the director sends one or many photos (:func:`take`), they are read as a
job off the request (:func:`read_photos`, a progress bar on the page and a
202 in the API), and each reading waits beside its photo until the
director confirms it as the table's ticket, typing any total it asks for
(:func:`confirm`), or sets it aside (:func:`set_aside`).

A photo names its ticket by its QR: a ticket of another event, another
session or a table this session hasn't is refused with the reason.  A
reading that differs from a ticket already standing, or from the hands the
table's phone recorded, is shown as a difference to settle
(:func:`differences`): confirming it over a standing ticket is that
ticket's correction, with a reason, through the one write path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from scorekeeper.db.models import Event, EventTable, EventTicket, GameTable, TicketPhoto, db
from scorekeeper.limits import MAX_PHOTOS_AT_ONCE, MAX_TICKET_POINTS
from scorekeeper.policy.acl import EventWrite
from scorekeeper.services import Code, Conflict, NotFound, ServiceError, Stale, writes
from scorekeeper.services.background import jobs, progress
from scorekeeper.services.events import progress as event_progress
from scorekeeper.services.events import scores as event_scores
from scorekeeper.services.made_on import as_shown
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.once import Once
from scorekeeper.tickets import photo_bytes, reader

WAITING, READ, ASKED, REFUSED = "waiting", "read", "asked", "refused"
CONFIRMED, SET_ASIDE = "confirmed", "set_aside"
#: A photo whose reading may still become its table's ticket.
OPEN = (READ, ASKED)
STATES = (WAITING, READ, ASKED, REFUSED, CONFIRMED, SET_ASIDE)


def take(event: Event, session: int, sent: Sequence[tuple[str, bytes]], by: str | None,
         once: Once | None, refused: jobs.Refused) -> tuple[Any, bool]:
    """The photos ``sent`` (file name, bytes) of the session's tickets kept,
    and the job reading them (made before, by this request carried out once:
    that job).  Each photo's size, format and pixels are checked first, from
    its header: one that isn't a photo refuses them all, saying which.
    Keeping them is a write to the event (its version raised, its history
    saying so), so its stage and the request's If-Match are asked of it."""
    _drawn(event, session)
    found = jobs.made(None, once, event.id)
    if found is not None:
        return found, True
    if not sent:
        raise ServiceError("Choose at least one photo of a ticket", "photos")
    if len(sent) > MAX_PHOTOS_AT_ONCE:
        raise ServiceError(f"At most {MAX_PHOTOS_AT_ONCE} photos at once (these are "
                           f"{len(sent)}): send the rest after", "photos")
    for name, data in sent:
        try:
            photo_bytes.check(data)
        except photo_bytes.BadPhoto as error:
            raise ServiceError(f"{name[:60] or 'A photo'}: {error}", "photos") from error
    def kept(job: Any, unit: writes.Unit) -> tuple[Any, ...]:
        """The photos, in the job's own write: a write to the event (its
        stage and an If-Match are asked), remembered under the request's key."""
        writes.begin_event(event.id, EventWrite.SCORE)
        rows = [TicketPhoto(event_id=event.id, session=session, filename=name[:120],
                            original=data, by=by[:80] if by else None, job_id=job.id)
                for name, data in sent]
        db.session.add_all(rows)
        db.session.flush()
        ids = [r.id for r in rows]
        writes.audit_event(event.id, "photo", f"{len(ids)} photo{'s' if len(ids) != 1 else ''}"
                           f" of session {session}'s tickets sent to be read", by,
                           after={"photos": ids})
        unit.remember(event, 202, {"job": job.id})
        return event.id, ids

    job, twin = jobs.start(None, "ticket_photos", read_photos, (), refused, once=once,
                           event_id=event.id, stage="Waiting for its turn", prepare=kept)
    return job, twin


def _drawn(event: Event, session: int) -> list[EventTable]:
    if not 1 <= session <= event.sessions:
        raise NotFound(f"This event has sessions 1 to {event.sessions}")
    rows = list(db.session.scalars(select(EventTable).filter_by(
        event_id=event.id, session=session).order_by(EventTable.number)))
    if not rows:
        raise NotFound(f"Session {session} isn't drawn yet")
    return rows


def read_photos(event_id: int, ids: list[int]) -> dict[str, Any]:
    """The job: each photo read, one at a time, its reading kept."""
    for done, photo_id in enumerate(ids):
        progress.report(done, len(ids), f"Reading photo {done + 1} of {len(ids)}")
        _read_one(event_id, photo_id)
    progress.report(len(ids), len(ids), "Read")
    photos = db.session.scalars(select(TicketPhoto).where(TicketPhoto.id.in_(ids))
                                .order_by(TicketPhoto.id))
    return {"photos": [json_of(p) for p in photos]}


def _read_one(event_id: int, photo_id: int) -> None:
    photo = db.session.get_one(TicketPhoto, photo_id)
    data = photo.original or b""
    try:
        reading = reader.read(data)
        kept = photo_bytes.kept(data)
        table, names = _named(event_id, photo.session, reading.ticket)
    except (reader.Refused, photo_bytes.BadPhoto, ServiceError) as error:
        values: dict[str, Any] = {"state": REFUSED, "reason": str(error)[:300]}
    else:
        rows = [{"seat": r.seat + 1, "name": names[r.seat], "total": r.total,
                 "confidence": r.confidence, "asked": r.asked, "box": list(r.box)}
                for r in reading.rows]
        values = {"state": READ if reading.sure else ASKED, "table": table, "photo": kept,
                  "rectified": reading.rectified,
                  "reading": {"rows": rows, "asked": reading.asked}}
    with writes.unit():
        db.session.execute(db.update(TicketPhoto).where(TicketPhoto.id == photo_id)
                           .values(original=None, **values))


def _named(event_id: int, session: int, ticket: Any) -> tuple[int, list[str]]:
    """The table the QR names, and its players in seat order, or the reason not."""
    if ticket.event != event_id:
        raise ServiceError("This is a ticket of another event (its QR names event "
                           f"{ticket.event}): photograph this event's tickets")
    if ticket.session != session:
        raise ServiceError(f"This is a ticket of session {ticket.session}, not "
                           f"{session}: read it on that session's page")
    row = db.session.scalar(select(EventTable).filter_by(
        event_id=event_id, session=session, number=ticket.table))
    if row is None:
        raise ServiceError(f"Session {session} has no table {ticket.table}")
    names = [p.name for p in db.session.get_one(GameTable, row.night_id).players]
    if len(names) != ticket.players:
        raise ServiceError(f"Table {ticket.table} seats {len(names)} now, the ticket "
                           f"{ticket.players}: the seats changed since it was printed")
    return ticket.table, names


def json_of(photo: TicketPhoto) -> dict[str, Any]:
    """A photo as the API answers it."""
    return {"id": photo.id, "session": photo.session, "table": photo.table,
            "state": photo.state, "reason": photo.reason, "filename": photo.filename,
            "version": photo.version, "reading": photo.reading, "ticket": photo.ticket_id}


def photos_of(event: Event, session: int) -> list[TicketPhoto]:
    """The session's photos, newest first."""
    return list(db.session.scalars(select(TicketPhoto).filter_by(
        event_id=event.id, session=session).order_by(TicketPhoto.id.desc())))


def waiting(event: Event, session: int) -> int:
    """How many of the session's photos wait to be read or confirmed."""
    return len(db.session.scalars(select(TicketPhoto.id).filter_by(
        event_id=event.id, session=session).where(
        TicketPhoto.state.in_((WAITING, *OPEN)))).all())


def photo_of(event: Event, photo_id: int) -> TicketPhoto:
    photo = db.session.get(TicketPhoto, photo_id)
    if photo is None or photo.event_id != event.id:
        raise NotFound("No such photo of this event")
    return photo


def seat_crop(photo: TicketPhoto, seat: int) -> bytes | None:
    """The flattened ticket's part that is the player in ``seat`` (1-based)."""
    rows = (photo.reading or {}).get("rows", [])
    if not photo.rectified or not 1 <= seat <= len(rows):
        return None
    x, y, w, h = rows[seat - 1]["box"]
    return photo_bytes.crop(photo.rectified, (x, y, w, h))


@dataclass(frozen=True)
class Difference:
    """What a reading disagrees with: the ticket standing or the phone's hands."""

    what: str  # "ticket" or "phone"
    totals: dict[str, int]
    hands: int = 0


def differences(event: Event, session: int, photos: Sequence[TicketPhoto]
                ) -> dict[int, list[Difference]]:
    """Each open reading of the session's ``photos`` held against its table's
    standing ticket and its phone's hands, by photo id (the session's tickets
    read once, and each table's night once)."""
    tickets = event_scores.session_tickets(event, session)
    tables = {t.number: t.night_id for t in db.session.scalars(select(EventTable).filter_by(
        event_id=event.id, session=session))}
    phones: dict[int, tuple[int, dict[str, int]]] = {}
    found: dict[int, list[Difference]] = {}
    for photo in photos:
        if photo.state not in OPEN or photo.table is None or not photo.reading:
            continue
        read = {r["name"]: r["total"] for r in photo.reading["rows"]}
        standing = tickets.get(photo.table)
        found[photo.id] = []
        if standing is not None and standing.totals != read:
            found[photo.id].append(Difference("ticket", standing.totals))
        if standing is None and photo.table in tables:
            if photo.table not in phones:
                night = TableState.load(db.session.get_one(GameTable, tables[photo.table])).night
                phones[photo.table] = (event_progress.deals_passed(night), {
                    name: int(points) for name, points in night.balances.items()})
            hands, balances = phones[photo.table]
            phone = {name: balances.get(name, 0) for name in read}
            if hands and phone != read:
                found[photo.id].append(Difference("phone", phone, hands))
    return found


def totals_of(photo: TicketPhoto, typed: Mapping[str, object]) -> dict[str, int]:
    """The totals a confirmation stands for: each seat's as read, or as typed
    (an asked row must be typed; a typed one stands over what was read; a
    name that isn't on the ticket is refused, never left out)."""
    if photo.reading is None:
        raise Conflict("This photo has no reading to confirm", "totals")
    unknown = sorted(set(typed) - {row["name"] for row in photo.reading["rows"]})
    if unknown:
        raise ServiceError(f"{str(unknown[0])[:40]} isn't on table {photo.table}'s ticket",
                           "totals")
    totals: dict[str, int] = {}
    for row in photo.reading["rows"]:
        said = typed.get(row["name"])
        if said is None or said == "":
            if row["total"] is None:
                raise ServiceError(f"Type {row['name']}'s total from the ticket", "totals")
            totals[row["name"]] = int(row["total"])
            continue
        if isinstance(said, bool) or not isinstance(said, int) \
                or abs(said) > MAX_TICKET_POINTS:
            raise ServiceError(f"{row['name']}'s total is whole points", "totals")
        totals[row["name"]] = said
    return totals


def confirm(event: Event, photo_id: int, typed: Mapping[str, object], by: str | None,
            once: Once | None, shown: int | None, reason: object = None) -> EventTicket:
    """The photo's reading made the table's paper ticket (or, over a ticket
    standing, its correction, saying why), in one write with the photo
    marked as it."""
    photo = photo_of(event, photo_id)
    _may_confirm(photo, shown)
    totals = totals_of(photo, typed)
    assert photo.table is not None

    seen = photo.version

    def became(ticket: EventTicket) -> None:
        db.session.refresh(photo)  # as it stands under the write lock
        if photo.version != seen:  # changed meanwhile
            raise Stale("This photo changed meanwhile: check it and try again", "version")
        photo.state, photo.ticket_id = CONFIRMED, ticket.id
        photo.version += 1

    source = event_scores.Source(f"read from a photo, {photo.filename or 'photo'}", photo.id,
                                 became)
    standing = event_scores.session_tickets(event, photo.session).get(photo.table)
    if standing is None:
        return event_scores.ticket(event, photo.session, photo.table, totals, by=by,
                                   once=once, source=source)
    if not isinstance(reason, str) or not reason.strip():
        raise ServiceError(f"Table {photo.table} has a ticket already ("
                           + ", ".join(f"{n} {p:+d}" for n, p in standing.totals.items())
                           + "): say why the photo's stands instead", "reason")
    return event_scores.correct_ticket(event, photo.session, photo.table, totals, reason,
                                       by=by, once=once, shown=standing.version,
                                       source=source)


def _may_confirm(photo: TicketPhoto, shown: int | None) -> None:
    if photo.state == CONFIRMED:  # confirmed again, whichever version it names
        raise Conflict("This photo is already its table's ticket", "totals",
                       code=Code.UNCHANGED)
    as_shown(photo.version, shown, lambda: (
        "This photo changed since the page showed it (it is now "
        f"{photo.state.replace('_', ' ')}): check it and try again"))
    if photo.state not in OPEN:
        raise Conflict(f"This photo can't be confirmed: {photo.reason or 'it was set aside'}",
                       "totals")


def set_aside(event: Event, photo_id: int, reason: object, by: str | None,
              once: Once | None, shown: int | None) -> TicketPhoto:
    """The photo's reading put aside (a second photo of one ticket, a blurred
    one taken again), saying why; its table's ticket is untouched."""
    photo = photo_of(event, photo_id)
    why = event_scores.correction_reason(reason)
    with writes.unit(once) as work:
        writes.begin_event(event.id, EventWrite.SCORE)
        as_shown(photo.version, shown, lambda: "This photo changed since the page showed it")
        if photo.state not in (*OPEN, REFUSED):
            raise Conflict("This photo is already "
                           + ("its table's ticket" if photo.state == CONFIRMED else "set aside"),
                           "reason", code=Code.UNCHANGED)
        photo.state, photo.reason = SET_ASIDE, why[:300]
        photo.version += 1
        writes.audit_event(event.id, "photo", f"Photo {photo.filename or photo.id} of session "
                           f"{photo.session} set aside ({why})", by, after={"photo": photo.id})
        work.remember(event, 200, json_of(photo))
    return photo
