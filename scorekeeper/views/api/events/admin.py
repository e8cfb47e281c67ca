"""JSON API v1, an event's keys and files (see docs/api.md): the whole event
exported and imported, a table's one-time code issued again, and the
event's directors listed and one revoked.  Added to ``api.bp``.

The director token only: an export holds the players' contacts, a code
lets a phone score a table.  An import needs no token, as starting an
event doesn't; its body is exactly what the export returns.
"""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from scorekeeper.moments import iso
from scorekeeper.policy.acl import EventWrite, OwnerAction
from scorekeeper.services.events import exports as event_exports
from scorekeeper.services.events import grants as event_grants
from scorekeeper.services.once import earlier
from scorekeeper.views.access import api_event, grant_id, grant_label, permission
from scorekeeper.views.api import bp, flag, request_body, request_once
from scorekeeper.views.api.events.routes import Answer, created_event
from scorekeeper.views.api.exports import api_import
from scorekeeper.views.api.hands import retried
from scorekeeper.views.qr import link
from scorekeeper.views.throttle import throttled


@bp.get("/events/<int:event_id>/export")
@permission(OwnerAction.RUN)
def export_event(event_id: int) -> Response:
    """The whole event as the import expects it (contacts included, no token)."""
    event = api_event(event_id).row
    return Response(event_exports.export_json(event), mimetype="application/json")


@bp.post("/events/import")
@permission(OwnerAction.PUBLIC)
@throttled
def import_event() -> Answer:
    """Recreate an exported event: a new id and new tokens; checked in full
    first (every hand replayed), so a refused file creates nothing."""
    event, token = api_import("event")
    return created_event(event, token)


@bp.post("/events/<int:event_id>/sessions/<int:session>/tables/<int:table>/code")
@permission(OwnerAction.RUN, EventWrite.CODES)
def new_table_code(event_id: int, session: int, table: int) -> Answer:
    """A new one-time code for the table (its old one stops working); with
    ``{"revoke": true}`` the phones and clients that score it now stop too.
    A retry with the same Idempotency-Key issues another code (the first
    answer's code was never kept)."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    revoke = flag(data, "revoke")
    once = request_once(data)
    if earlier(once) is not None:
        assert once is not None
        once.replayed = False  # a new code: an answer of its own, not the first one again
        made = event_grants.new_codes(event, session, [table], revoke=revoke,
                                      by=grant_label(checked), director_id=grant_id(checked))
    else:
        made = event_grants.new_codes(event, session, [table], revoke=revoke,
                                      by=grant_label(checked), once=once,
                                      director_id=grant_id(checked))
    code = made[0]
    return jsonify({"session": session, "table": table, "night": code.night, "code": code.code,
                    "claim_url": link("share.claim", token=code.code),
                    "expires_at": iso(code.expires_at)}), 200, {}


@bp.get("/events/<int:event_id>/directors")
@permission(OwnerAction.RUN)
def event_directors(event_id: int) -> Response:
    """Who directs the event now: each device's or client's name; ``you``
    marks the one asking."""
    checked = api_event(event_id)
    event = checked.row
    me: Any = checked.grant
    return jsonify({"directors": [_director(d, me) for d in event_grants.directors(event)]})


@bp.post("/events/<int:event_id>/directors/<int:director>/revoke")
@permission(OwnerAction.RUN, EventWrite.DIRECTORS)
def revoke_director(event_id: int, director: int) -> Answer:
    """Stop another director's device or client at once (never your own: 409)."""
    checked = api_event(event_id)
    event = checked.row
    request_body()  # it takes no body
    me: Any = checked.grant
    once = request_once({})
    first = retried(once)
    if first is None:
        gone = event_grants.revoke_director(event, director, me, once=once)
        first = ({"id": gone.id, "label": gone.label}, 200)
    return jsonify({"revoked": first[0]}), first[1], {}


def _director(grant: Any, me: Any) -> dict[str, Any]:
    return {"id": grant.id, "label": grant.label, "since": iso(grant.created_at),
            "you": grant.id == me.id}

