"""JSON API v1, a session's paper tickets read from photos (docs/api.md,
"Tickets from photos"): the director sends photos of the tickets
(``multipart/form-data``, each in the field ``photos``) and is answered
``202`` with the job reading them (``GET`` its address until it is done);
each photo's reading then waits beside it until it is confirmed as its
table's ticket (typing any total it asks for; over a ticket standing, that
ticket's correction, saying why) or set aside.  The director token only;
every write takes ``If-Match`` and ``Idempotency-Key`` (the photos' own
bytes are what a retry is held to).  The work is
:mod:`scorekeeper.services.events.photos`'.
"""

from __future__ import annotations

import hashlib
from typing import Any

from flask import Response, abort, jsonify, request

from scorekeeper.limits import MAX_PHOTO_BYTES
from scorekeeper.policy.acl import EventWrite, OwnerAction
from scorekeeper.services import NotFound, ServiceError
from scorekeeper.services.background import jobs
from scorekeeper.services.events import photos as event_photos
from scorekeeper.services.events import scores as event_scores
from scorekeeper.services.once import Once, earlier
from scorekeeper.views.access import api_event, grant_label, permission
from scorekeeper.views.api import bp, refuse_unknown, request_body, request_once
from scorekeeper.views.api.events.routes import (
    Answer,
    answer_of,
    home_path,
    once_answered,
    whole_field,
)
from scorekeeper.views.api.jobs import accepted, followed, refused

#: The one field of the upload's form.
FIELD = "photos"


def uploads() -> list[tuple[str, bytes]]:
    """The photos the request sends (file name, bytes: each read to one byte
    past the most a photo may be, so a larger one is refused as such); a
    body that isn't a form of files is a 415, a field beside ``photos`` a 400."""
    if request.mimetype != "multipart/form-data":
        abort(415, f"Send the photos as multipart/form-data, each in the field {FIELD}")
    refuse_unknown(dict.fromkeys(str(name) for name in (*request.form, *request.files)),
                   (FIELD,))
    sent = []
    for upload in request.files.getlist(FIELD):
        data = upload.read(MAX_PHOTO_BYTES + 1)
        if upload.filename or data:  # a form's file box left empty sends neither
            sent.append((upload.filename or "photo", data))
    return sent


def meaning(sent: list[tuple[str, bytes]]) -> dict[str, Any]:
    """What the upload means, for its Idempotency-Key: each photo's name and
    bytes (their digest), in order; the same key with other photos is a 422."""
    return {FIELD: [{"filename": name, "sha256": hashlib.sha256(data).hexdigest()}
                    for name, data in sent]}


@bp.post("/events/<int:event_id>/sessions/<int:session>/photos")
@permission(OwnerAction.RUN, EventWrite.SCORE)
def send_ticket_photos(event_id: int, session: int) -> Response:
    """Photos of the session's tickets (``photos``: one or more JPEG, PNG or
    WebP files), each checked from its header, kept and read as a job: 202
    with the job and its address (a retry under its key: the same job)."""
    checked = api_event(event_id)
    event = checked.row
    sent = uploads()
    once = request_once(meaning(sent))
    earlier(once)  # the key of another request (other photos, another write): a 422
    job, replayed = event_photos.take(event, session, sent, by=grant_label(checked),
                                      once=once, refused=refused)
    return accepted(job, replayed)


@bp.get("/events/<int:event_id>/jobs/<int:job_id>")
@permission(OwnerAction.RUN)
def event_job(event_id: int, job_id: int) -> Response:
    """How far the event's job is; once done, what it answers (a photos'
    reading: ``{"photos": [...]}``, each as it was read)."""
    event = api_event(event_id).row
    return followed(jobs.job_of(None, job_id, event.id))


@bp.get("/events/<int:event_id>/sessions/<int:session>/photos")
@permission(OwnerAction.RUN)
def ticket_photos(event_id: int, session: int) -> Response:
    """The session's ticket photos, newest first, each with what was read."""
    event = api_event(event_id).row
    if not 1 <= session <= event.sessions:
        raise NotFound(f"This event has sessions 1 to {event.sessions}")
    return jsonify({FIELD: [event_photos.json_of(p)
                            for p in event_photos.photos_of(event, session)]})


def _version(data: dict[str, Any]) -> int:
    return whole_field(data, "version", "the photo's version, as it was read")


@bp.post("/events/<int:event_id>/photos/<int:photo_id>/confirm")
@permission(OwnerAction.RUN, EventWrite.SCORE)
def confirm_ticket_photo(event_id: int, photo_id: int) -> Answer:
    """``{"version", "totals"?, "reason"?}``: the photo's reading (each total
    as read, or as typed in ``totals`` by name: a row it asks must be typed)
    made its table's ticket, 201; over a ticket standing, that ticket's
    correction, saying why (``reason``), 200."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    version = _version(data)
    typed = data.get("totals", {})
    if not isinstance(typed, dict):
        raise ServiceError("totals must be the players' whole points, by name", "totals")

    def confirm(once: Once | None) -> tuple[Any, int]:
        photo = event_photos.photo_of(event, photo_id)
        standing = photo.table in event_scores.session_tickets(event, photo.session)
        ticket = event_photos.confirm(event, photo_id, typed, by=grant_label(checked),
                                      once=once, shown=version, reason=data.get("reason"))
        return ({"session": photo.session, "table": photo.table,
                 "totals": dict(ticket.totals)}, 200 if standing else 201)

    first = once_answered(event, data, confirm)
    return answer_of(first, {"Location": home_path(event, f"/sessions/{first[0]['session']}")}
                     if first[1] == 201 else None)


@bp.post("/events/<int:event_id>/photos/<int:photo_id>/aside")
@permission(OwnerAction.RUN, EventWrite.SCORE)
def set_ticket_photo_aside(event_id: int, photo_id: int) -> Answer:
    """``{"version", "reason"}``: the photo's reading set aside (a second
    photo of one ticket, a blurred one taken again); its table's ticket is
    untouched.  Answers the photo."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    version = _version(data)

    def aside(once: Once | None) -> tuple[Any, int]:
        photo = event_photos.set_aside(event, photo_id, data.get("reason"),
                                       by=grant_label(checked), once=once, shown=version)
        return event_photos.json_of(photo), 200

    return answer_of(once_answered(event, data, aside))
