"""The directors of an event and its file (``/e/<id>/directors``): who
directs it (each device's name) and revoking another one, a co-director's
one-time code and the page another device claims it on, the whole event as
a JSON file to download, finishing the event; and bringing an event in from
its file (the import form on the start page).

Every page here but the claim answers 403 to anyone but a director's
device; a revoked device gets that 403 from its next request.
"""

from __future__ import annotations

import re
from datetime import date
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from flask import flash, redirect, render_template, request, session, url_for
from markupsafe import Markup
from werkzeug.wrappers import Response

from scorekeeper.limits import MAX_GRANT_LABEL, MAX_IMPORT_BYTES
from scorekeeper.policy.acl import EventWrite, OwnerAction
from scorekeeper.services import ServiceError, uploads
from scorekeeper.services.events import exports as event_exports
from scorekeeper.services.events import grants as event_grants
from scorekeeper.services.events import stages as event_stages
from scorekeeper.services.grants import grants, handovers
from scorekeeper.services.nights.import_checks import refuse
from scorekeeper.views import claims
from scorekeeper.views.access import grant_label, load_event, permission
from scorekeeper.views.held import EVENTS_HELD, remember_event
from scorekeeper.views.json_errors import status_of
from scorekeeper.views.pages import refused
from scorekeeper.views.pages.events.event import EventForm, bp, new_page
from scorekeeper.views.qr import link, network_addresses, only_this_machine, qr_svg
from scorekeeper.views.throttle import throttled

if TYPE_CHECKING:
    from scorekeeper.db.models import Event

HANDOVERS = "event_handovers"  # session key: event id → the co-director code shown
CLAIM = claims.ClaimPage(grants.EVENT, EVENTS_HELD, "events/claim.html", "event",
                         "events.home", "This device now directs {name}.")


@bp.route("/e/<int:event_id>/directors", methods=["GET"])
@permission(OwnerAction.RUN)
def directors(event_id: int) -> str:
    """Who directs the event, the co-director code (once), the event's file
    and finishing it."""
    return _directors_page(event_id)


def _directors_page(event_id: int) -> str:
    checked = load_event(event_id)
    event = checked.row
    code = session.get(HANDOVERS, {}).get(str(event.id))
    live = handovers.live_handover(grants.EVENT, code) if isinstance(code, str) else None
    claim_url = link("events.claim", code=code) if live is not None else None
    return render_template(
        "events/directors.html", event=event, claim_url=claim_url, handover=live,
        claim_qr=Markup(qr_svg(claim_url, "QR code to direct the event")) if claim_url
        else None, directors=event_grants.directors(event), me=checked.grant,
        unreachable=only_this_machine(link("events.claim", code="code")),
        network=network_addresses())


@bp.post("/e/<int:event_id>/directors/code")
@permission(OwnerAction.RUN, EventWrite.DIRECTORS)
def handover(event_id: int) -> Response:
    """A one-time code for a co-director's device (any earlier unused code stops)."""
    event = load_event(event_id).row
    code = handovers.start_handover(grants.EVENT, event)
    session[HANDOVERS] = {**session.get(HANDOVERS, {}), str(event.id): code}
    return redirect(url_for("events.directors", event_id=event.id, _anchor="handover"))


@bp.post("/e/<int:event_id>/directors/move")
@permission(OwnerAction.RUN, EventWrite.DIRECTORS)
def move(event_id: int) -> str | tuple[str, int]:
    """Direct from one of the server's network addresses: a device's rights
    belong to the address it opened (a laptop at 127.0.0.1 prints cards the
    phones can't open), so this makes a one-time co-director code and links
    to it there, the device named as it is here ("Director at 192.168.1.20")."""
    checked = load_event(event_id)
    event = checked.row
    where = request.form.get("to", "")
    if where not in network_addresses():
        return refused("That isn't one of this server's network addresses.", 400,
                       lambda: _directors_page(event_id))
    code = handovers.start_handover(grants.EVENT, event)
    said = f"{checked.editor.label} at {urlsplit(where).hostname or where}"
    label = said if len(said) <= MAX_GRANT_LABEL else checked.editor.label
    minutes = int(handovers.HANDOVER_LIFETIME.total_seconds() // 60)
    return render_template("events/move.html", event=event, where=where, minutes=minutes,
                           claim_url=where + url_for("events.claim", code=code, label=label))


@bp.route("/eclaim/<code>", methods=["GET", "POST"])
@permission(OwnerAction.PUBLIC)
def claim(code: str) -> str | Response | tuple[str, int]:
    """Another device becomes a director of the event (one-time code)."""
    return claims.claim(CLAIM, code)


@bp.post("/e/<int:event_id>/directors/<int:director>/revoke")
@permission(OwnerAction.RUN, EventWrite.DIRECTORS)
def revoke(event_id: int, director: int) -> Response | tuple[str, int]:
    """Another director's device stops directing the event at once."""
    checked = load_event(event_id)
    event = checked.row
    try:
        gone = event_grants.revoke_director(event, director, checked.editor)
    except ServiceError as error:
        return refused(f"Not revoked: {error.message}", status_of(error),
                       lambda: directors(event_id))
    flash(f"{gone.label} can no longer direct {event.name}.")
    return redirect(url_for("events.directors", event_id=event.id, _anchor="directors"))


@bp.post("/e/<int:event_id>/finish")
@permission(OwnerAction.RUN, EventWrite.FINISH)
def finish(event_id: int) -> Response | tuple[str, int]:
    """The director signs the results: the standings and prizes are final and
    every write to the event and its tables is refused until it is reopened."""
    checked = load_event(event_id)
    event = checked.row
    if request.form.get("sure") != "1":
        return refused("Not finished: tick the box to say the results are final", 400,
                       lambda: directors(event_id))
    try:
        change = event_stages.finish(event, by=grant_label(checked))
    except ServiceError as error:
        return refused(f"Not finished: {error.message}", status_of(error),
                       lambda: directors(event_id))
    flash(f"{event.name} is finished: the prizes are final."
          + (f" Since reopening: {'; '.join(change.moved)}." if change.moved else ""))
    return redirect(url_for("events.directors", event_id=event.id, _anchor="finish"))


@bp.post("/e/<int:event_id>/reopen")
@permission(OwnerAction.RUN, EventWrite.REOPEN)
def reopen(event_id: int) -> Response | tuple[str, int]:
    """The director opens a finished event again (its history says so)."""
    checked = load_event(event_id)
    event = checked.row
    if request.form.get("sure") != "1":
        return refused("Not reopened: tick the box to say the results may change", 400,
                       lambda: directors(event_id))
    try:
        change = event_stages.reopen(event, by=grant_label(checked))
    except ServiceError as error:
        return refused(f"Not reopened: {error.message}", status_of(error),
                       lambda: directors(event_id))
    flash(f"{event.name} is open again: the board says so until you finish it. "
          + (f"Written since the finish: {'; '.join(change.since)}." if change.since
             else "Nothing was written since the finish."))
    return redirect(url_for("events.directors", event_id=event.id, _anchor="finish"))


# --- the event's file ------------------------------------------------------------------

def _filename(event: Event) -> str:
    """A safe download name such as ``oktoberfest-4.json``."""
    slug = re.sub(r"[^a-z0-9]+", "-", event.name.lower()).strip("-") or "event"
    return f"{slug[:40]}-{event.id}.json"


@bp.get("/e/<int:event_id>/export.json")
@permission(OwnerAction.RUN)
def export(event_id: int) -> Response:
    """The whole event as one file (contacts included: the director's only)."""
    event = load_event(event_id).row
    return Response(event_exports.export_json(event), mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="{_filename(event)}"',
        "Cache-Control": "no-store"})


@bp.post("/e/import")
@permission(OwnerAction.PUBLIC)
@throttled
def import_event() -> Response | tuple[str, int]:
    """Bring in an event from its file; this device directs the copy.  A bad
    file is refused beside the file field and creates nothing."""
    upload = request.files.get("file")
    submission = (request.form.get("submission") or "")[:64]
    try:
        if upload is None or not upload.filename:
            raise refuse("choose the event's .json file")
        event, token, _ = uploads.bring("event", upload.stream.read(MAX_IMPORT_BYTES + 1),
                                        uploads.Asked(token=f"form:event-import:{submission}"
                                                      if submission else None))
    except ServiceError as error:
        page = new_page(EventForm(formdata=None), {}, date.today().isoformat(),
                        import_error=error.message)
        return page, 400
    if token is not None:
        remember_event(event.id, token)
    flash(f"{event.name} is back: its players, sessions and tables as they were. "
          "Print each session's table cards for new codes.")
    return redirect(url_for("events.home", event_id=event.id))
