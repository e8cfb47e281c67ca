"""JSON API v1, ``GET /token`` (see docs/api.md): what the bearer token is
(the credential it proves, for which table, group or event) and what it may
do now, as the declared policy says (:mod:`scorekeeper.services.access.tokens`
asks it).  Routes on :data:`scorekeeper.views.api.bp`.
"""

from __future__ import annotations

from flask import Response, abort, jsonify

from scorekeeper.policy.acl import Action, OwnerAction
from scorekeeper.services.access import tokens
from scorekeeper.services.grants import grants
from scorekeeper.views.access import api_group, api_table, bearer_token, grant_label, permission
from scorekeeper.views.api import bp, request_body


@bp.get("/token")
@permission(OwnerAction.PUBLIC)  # the token asked about is the subject, not a key to a row
def token() -> Response:
    """The bearer token's credential, its row and what it may do."""
    held = bearer_token()
    if held is None:
        abort(401, "Send Authorization: Bearer <token>")
    facts = tokens.describe(held)
    if facts is None:
        abort(401, "That token isn't valid here: it is no table's, group's or event's")
    return jsonify({
        "credential": str(facts.credential), "owner": facts.owner, "id": facts.id,
        "label": facts.label, "stage": facts.stage, "may": list(facts.may),
        "writes": list(facts.writes),
        "nights": {stage: list(actions) for stage, actions in facts.nights},
    })


def _rotated(which: object, token: str) -> Response:
    return jsonify({"token": which, "value": token})


@bp.post("/tables/<int:table_id>/rotate")
@permission(Action.SHARE)
def rotate_table_token(table_id: int) -> Response:
    """``{"token": "view"}``: a new share link (the old one is refused at
    once); ``{"token": "edit"}``: a new edit token for this client (its old
    one is a 401 at once).  The new token is shown this once."""
    night = api_table(table_id)
    data = request_body()
    table = night.state.table
    made = grants.rotate(grants.TABLE, table, data.get("token"), night.grant,
                         grant_label(night))
    return _rotated(data.get("token"), made)


@bp.post("/groups/<int:group_id>/rotate")
@permission(OwnerAction.RUN)
def rotate_group_token(group_id: int) -> Response:
    """The same for a group: its share link, or this client's edit token."""
    checked = api_group(group_id)
    data = request_body()
    made = grants.rotate(grants.GROUP, checked.row, data.get("token"), checked.grant,
                         grant_label(checked))
    return _rotated(data.get("token"), made)
