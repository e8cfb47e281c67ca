"""JSON API v1, a hand said in words (see docs/api.md): ``POST
/tables/<id>/words`` with ``{"text": "Ann with Cat 75"}`` answers the hand as
understood, in the hand body's own fields (ready to ``POST`` to
``/hands``), or a 400 saying what is unclear with the part that was
understood (``"understood"``).  It saves nothing, so the view token may ask
too.
"""

from __future__ import annotations

from dataclasses import asdict

from flask import Response, jsonify

from scorekeeper.policy.acl import Action
from scorekeeper.services import Code, ServiceError
from scorekeeper.services.nights import words as word_service
from scorekeeper.spoken import Understood
from scorekeeper.spoken.examples import examples
from scorekeeper.views.access import api_table, permission
from scorekeeper.views.api import bp, json_body, refuse_unknown
from scorekeeper.views.api.contract import body_fields
from scorekeeper.views.json_errors import error_response


@bp.post("/tables/<int:table_id>/words")
@permission(Action.READ)
def words(table_id: int) -> Response:
    """The next hand as ``text`` says it, at the table as it is now."""
    state = api_table(table_id).state
    data = json_body()
    refuse_unknown(data, body_fields("Words"))
    text = data.get("text")
    if not isinstance(text, str):
        raise ServiceError("text must be the hand in words, e.g. "
                           f"'{examples(state.rules, state.players)[0]}'", "text")
    understood = word_service.understood(state, text)
    if understood.complete:
        return jsonify(dict(understood.body or {}))
    return partly(understood)


def partly(understood: Understood) -> Response:
    """The 400 that asks about what is unclear (``error``), with the part of
    the hand that was understood (``understood``, in the hand's own fields)
    when there is one, and each player's role it leaves open (``open``:
    :class:`scorekeeper.spoken.held.Open`, as the record form has it), which
    a client must answer before it sends the hand: a body sent without it
    would be taken as answered (no partner: alone)."""
    refused = error_response(understood.question, 400, "text", Code.NOT_UNDERSTOOD)
    if understood.body is None:
        return refused
    roles = [asdict(role) for role in understood.open]
    answer = jsonify({**(refused.get_json() or {}), "understood": dict(understood.body),
                      **({"open": roles} if roles else {})})
    answer.status_code = 400
    return answer
