"""JSON API v1, ``GET /token`` (see docs/api.md): what the bearer token is
(the credential it proves, for which table, group or event) and what it may
do now, as the declared policy says (:mod:`scorekeeper.services.access.tokens`
asks it).  Routes on :data:`scorekeeper.views.api.bp`.
"""

from __future__ import annotations

from flask import Response, abort, g, jsonify

from scorekeeper.policy.acl import Action, OwnerAction
from scorekeeper.services import once as once_service
from scorekeeper.services.access import tokens
from scorekeeper.services.grants import grants
from scorekeeper.services.grants.grants import hash_token, rotated_before
from scorekeeper.services.once import Once
from scorekeeper.views.access import (
    api_group,
    api_table,
    bearer_token,
    grant_label,
    permission,
)
from scorekeeper.views.api import bp, idempotency_key, request_body, request_once
from scorekeeper.views.key_home import key_home


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


def _rotation_once(data: object) -> Once | None:
    """A rotation's key, fingerprinted by its body and by the token it is
    asked with: only that token's holder may retry it."""
    holder = bearer_token()
    return request_once({"sent": data, "by": hash_token(holder) if holder else None})


def _replayed() -> Response | None:
    """The answer a rotation already carried out under this request's key
    got, when this is its retry: a client whose answer was lost retries
    with its old token, refused by now, and is told the same new token
    (``Idempotent-Replayed``) rather than locked out of its night.  Asked
    before the token is, and only when the key was used here at all."""
    holder, key = bearer_token(), idempotency_key()
    if holder is None or not once_service.answered(key_home(), key):
        return None
    before = rotated_before(_rotation_once(request_body()), holder)
    if before is None:
        return None
    g.replayed = True
    return _rotated(*before)


@bp.post("/tables/<int:table_id>/rotate")
@permission(Action.SHARE)
def rotate_table_token(table_id: int) -> Response:
    """``{"token": "view"}``: a new share link (the old one is refused at
    once); ``{"token": "edit"}``: a new edit token for this client (its old
    one is a 401 at once).  The new token is shown this once; a retry under
    the same ``Idempotency-Key``, with the token it was sent with, is
    answered the same new token."""
    replayed = _replayed()
    if replayed is not None:
        return replayed
    night = api_table(table_id)
    data = request_body()
    made = grants.rotate(grants.TABLE, night.state.table, data.get("token"), night.grant,
                         grant_label(night), _rotation_once(data), bearer_token())
    return _rotated(data.get("token"), made)


@bp.post("/groups/<int:group_id>/rotate")
@permission(OwnerAction.RUN)
def rotate_group_token(group_id: int) -> Response:
    """The same for a group: its share link, or this client's edit token."""
    replayed = _replayed()
    if replayed is not None:
        return replayed
    checked = api_group(group_id)
    data = request_body()
    made = grants.rotate(grants.GROUP, checked.row, data.get("token"), checked.grant,
                         grant_label(checked), _rotation_once(data), bearer_token())
    return _rotated(data.get("token"), made)
