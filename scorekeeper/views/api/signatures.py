"""JSON API v1, a tournament table signing its result (see docs/api.md):
where its signing stands, and one player agreeing to the table's totals or
disputing them.  The same service as the table's Sign page; a signature
honours ``If-Match`` and ``Idempotency-Key`` as the hand writes do."""

from __future__ import annotations

from flask import Response, jsonify

from scorekeeper.policy.acl import Action
from scorekeeper.services import NotFound
from scorekeeper.services.events import signatures as signature_service
from scorekeeper.views.access import api_table, grant_label, permission
from scorekeeper.views.api import bp, if_match, request_body, request_once
from scorekeeper.views.api.hands import retried


@bp.get("/tables/<int:table_id>/signatures")
@permission(Action.READ)
def signatures(table_id: int) -> Response:
    """Each seat's points and whether its player agreed, disputed or not yet."""
    state = api_table(table_id).state
    found = signature_service.signing_of(state.table)
    if found is None:
        raise NotFound("Only a tournament table's players sign its result: "
                       f"table {table_id} is no event's")
    return jsonify(found.to_json())


@bp.post("/tables/<int:table_id>/signatures")
@permission(Action.SIGN)
def sign(table_id: int) -> tuple[Response, int]:
    """``{"name": "Ann", "agrees": true}``, or ``false`` with an optional
    ``note``: answers the table's signing after it (201)."""
    checked = api_table(table_id, retry=True)
    state = checked.state
    data = request_body()
    once = request_once(data)
    first = retried(once)
    if first is None:
        seen = if_match(state.version)
        done = signature_service.sign(
            state.table, data.get("name"), data.get("agrees"), data.get("note"),
            by=grant_label(checked), once=once,
            seen=seen.version if seen is not None else None)
        first = (done.to_json(), 201)
    return jsonify(first[0]), first[1]
