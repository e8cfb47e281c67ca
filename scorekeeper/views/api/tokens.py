"""JSON API v1, ``GET /token`` (see docs/api.md): what the bearer token is
(the credential it proves, for which table, group or event) and what it may
do now, as the declared policy says (:mod:`scorekeeper.services.access.tokens`
asks it).  Routes on :data:`scorekeeper.views.api.bp`.
"""

from __future__ import annotations

from flask import Response, abort, jsonify

from scorekeeper.services.access import tokens
from scorekeeper.services.access.policy import OwnerAction
from scorekeeper.views.access import bearer_token, permission
from scorekeeper.views.api import bp


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
