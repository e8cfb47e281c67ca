"""A session's paper tickets read from photos, for its director
(``/e/<id>/sessions/<n>/photos``): photos sent from a phone's camera or a
laptop's files, read as a job with a progress bar, and each reading beside
its flattened photo to confirm in one tap (typing any total it asks for),
correct, or set aside.  The work is :mod:`scorekeeper.services.events.photos`'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flask import abort, flash, make_response, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.limits import (
    JOB_POLL_MS,
    MAX_PHOTO_BYTES,
    MAX_PHOTOS_AT_ONCE,
    MAX_TICKET_POINTS,
    PHOTO_SEND_SIDE,
    whole_number,
)
from scorekeeper.policy.acl import EventWrite, OwnerAction
from scorekeeper.services import ServiceError
from scorekeeper.services.background import jobs
from scorekeeper.services.events import photos as event_photos
from scorekeeper.services.grants.grants import new_token
from scorekeeper.services.once import Once
from scorekeeper.views.access import grant_label, load_event, permission
from scorekeeper.views.forms import shown_version
from scorekeeper.views.json_errors import status_of
from scorekeeper.views.pages import refused
from scorekeeper.views.pages.events.event import bp
from scorekeeper.views.pages.groups.jobs import job_refused

if TYPE_CHECKING:
    from scorekeeper.db.models import Event, TicketPhoto


def _job(event: Event) -> Any:
    job_id = whole_number(request.args.get("job", ""))
    if job_id is None:
        return None
    try:
        return jobs.job_of(None, job_id, event.id)
    except ServiceError:
        return None


def _photos_page(event_id: int, number: int, **extra: Any) -> str:
    event = load_event(event_id).row
    photos = event_photos.photos_of(event, number)
    return render_template(
        "events/photos.html", event=event, number=number, photos=photos, job=_job(event),
        poll_ms=JOB_POLL_MS, submission=new_token(), most=MAX_PHOTOS_AT_ONCE,
        send_side=PHOTO_SEND_SIDE, most_mb=MAX_PHOTO_BYTES // 1_000_000,
        differences=event_photos.differences(event, number, photos),
        **{"errors": {}, **extra})


@bp.get("/e/<int:event_id>/sessions/<int:number>/photos")
@permission(OwnerAction.RUN)
def photos_page(event_id: int, number: int) -> str:
    """The session's ticket photos: send more, follow their reading, confirm them."""
    event = load_event(event_id).row
    if not 1 <= number <= event.sessions:
        abort(404, f"This event has sessions 1 to {event.sessions}")
    return _photos_page(event_id, number)


@bp.post("/e/<int:event_id>/sessions/<int:number>/photos")
@permission(OwnerAction.RUN, EventWrite.SCORE)
def send_photos(event_id: int, number: int) -> Response | tuple[str, int]:
    """Photos of the session's tickets, read as a job; the page follows it."""
    checked = load_event(event_id)
    event = checked.row
    sent = [(f.filename or "photo", f.read(MAX_PHOTO_BYTES + 1))
            for f in request.files.getlist("photos") if f.filename]
    token = request.form.get("submission", "")[:64]
    try:
        job, _ = event_photos.take(event, number, sent, by=grant_label(checked),
                                   once=Once(f"form:photos:{event.id}:{token}") if token
                                   else None, refused=job_refused)
    except ServiceError as error:
        said = error.message
        return refused(f"No photo read: {said}", status_of(error),
                       lambda: _photos_page(event_id, number, errors={"photos": said}))
    return redirect(url_for("events.photos_page", event_id=event.id, number=number,
                            job=job.id, _anchor="photos"), 303)


def _photo(event: Event, photo_id: int) -> TicketPhoto:
    """The event's photo ``photo_id`` (no such photo: 404)."""
    try:
        return event_photos.photo_of(event, photo_id)
    except ServiceError as error:
        abort(404, error.message)


def _jpeg(body: bytes | None, missing: str) -> Response:
    if not body:
        abort(404, missing)
    response = make_response(body)
    response.headers["Content-Type"] = "image/jpeg"
    return response


@bp.get("/e/<int:event_id>/photos/<int:photo_id>/<any(photo, flat):picture>.jpg")
@permission(OwnerAction.RUN)
def photo_image(event_id: int, photo_id: int, picture: str) -> Response:
    """A photo as kept (smaller, without its metadata), or its ticket made flat."""
    photo = _photo(load_event(event_id).row, photo_id)
    return _jpeg(photo.photo if picture == "photo" else photo.rectified,
                 "This photo has no such picture (it couldn't be read)")


@bp.get("/e/<int:event_id>/photos/<int:photo_id>/seats/<int:seat>.jpg")
@permission(OwnerAction.RUN)
def photo_seat(event_id: int, photo_id: int, seat: int) -> Response:
    """One player's columns of the flattened ticket, shown beside a row asked."""
    photo = _photo(load_event(event_id).row, photo_id)
    return _jpeg(event_photos.seat_crop(photo, seat), "No such seat on this photo")


def _typed(photo: TicketPhoto) -> dict[str, object]:
    """The totals typed on a photo's Confirm form (``total-<seat>``), by name."""
    typed: dict[str, object] = {}
    for row in (photo.reading or {}).get("rows", []):
        text = request.form.get(f"total-{row['seat']}", "").strip().replace("−", "-")
        if not text:
            continue
        points = whole_number(text.removeprefix("+"), -MAX_TICKET_POINTS, MAX_TICKET_POINTS)
        if points is None:
            raise ServiceError(f"{row['name']}'s total is whole points, like 12 or -7",
                               f"total-{row['seat']}")
        typed[row["name"]] = points
    return typed


@bp.post("/e/<int:event_id>/photos/<int:photo_id>/confirm")
@permission(OwnerAction.RUN, EventWrite.SCORE)
def confirm_photo(event_id: int, photo_id: int) -> Response | tuple[str, int]:
    """The photo's reading made its table's ticket (or the standing one's correction)."""
    checked = load_event(event_id)
    event = checked.row
    photo = _photo(event, photo_id)
    number, table = photo.session, photo.table
    token = request.form.get("submission", "")[:64]
    try:
        shown = shown_version("version", "photo", "totals")
        ticket = event_photos.confirm(
            event, photo_id, _typed(photo), by=grant_label(checked),
            once=Once(f"form:photo:{event.id}:{photo_id}:{token}") if token else None,
            shown=shown, reason=request.form.get("reason"))
    except ServiceError as error:
        said, field = error.message, error.field or "totals"
        return refused(f"Not confirmed: {said}", status_of(error), lambda: _photos_page(
            event_id, number, errors={f"photo-{photo_id}": said, "field": field}))
    flash(f"The photo is table {table}'s ticket now: " + ", ".join(
        f"{n} {p:+d}" for n, p in ticket.totals.items()))
    return redirect(url_for("events.photos_page", event_id=event.id, number=number,
                            _anchor="photos"), 303)


@bp.post("/e/<int:event_id>/photos/<int:photo_id>/aside")
@permission(OwnerAction.RUN, EventWrite.SCORE)
def set_photo_aside(event_id: int, photo_id: int) -> Response | tuple[str, int]:
    """The photo's reading put aside, saying why (its table's ticket untouched)."""
    checked = load_event(event_id)
    event = checked.row
    number = _photo(event, photo_id).session
    token = request.form.get("submission", "")[:64]
    try:
        shown = shown_version("version", "photo", "reason")
        event_photos.set_aside(event, photo_id, request.form.get("reason"),
                               by=grant_label(checked), shown=shown,
                               once=Once(f"form:photo-aside:{event.id}:{photo_id}:{token}")
                               if token else None)
    except ServiceError as error:
        said = error.message
        return refused(f"Not set aside: {said}", status_of(error), lambda: _photos_page(
            event_id, number, errors={f"photo-{photo_id}": said, "field": "reason"}))
    flash("The photo is set aside: its table's ticket is as it was")
    return redirect(url_for("events.photos_page", event_id=event.id, number=number,
                            _anchor="photos"), 303)
