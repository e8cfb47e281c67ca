"""JSON API v1, hands (see docs/api.md): list, read, record, insert before,
replace and delete.  Every change goes through the same services as the
pages, so the whole night replays and a refused hand changes nothing.
"""

from __future__ import annotations

from flask import Response, jsonify, request

from scorekeeper.rules import HandResult
from scorekeeper.rules.hand_json import parse_hand, result_to_json
from scorekeeper.services import ServiceError
from scorekeeper.services import hands as hand_service
from scorekeeper.services.hands import Change
from scorekeeper.views.access import api_table
from scorekeeper.views.api import bp, json_body


def _created(table_id: int, result: HandResult) -> tuple[Response, int, dict[str, str]]:
    location = f"{bp.url_prefix}/tables/{table_id}/hands/{result.number}"
    return jsonify(result_to_json(result)), 201, {"Location": location}


def _before() -> int | None:
    """The ``?before=<n>`` query argument as a whole number (None when absent)."""
    raw = request.args.get("before")
    if raw is None:
        return None
    if not raw.isascii() or not raw.isdigit():
        raise ServiceError("before must be a hand number", "before")
    return int(raw)


@bp.get("/tables/<int:table_id>/hands")
def hands(table_id: int) -> Response:
    """Every hand's result, in order."""
    state = api_table(table_id)
    return jsonify([result_to_json(r) for r in state.night.results])


@bp.get("/tables/<int:table_id>/hands/<int:number>")
def hand(table_id: int, number: int) -> Response:
    """One hand's result (404 for a hand that doesn't exist)."""
    return jsonify(result_to_json(api_table(table_id).result(number)))


@bp.post("/tables/<int:table_id>/hands")
def record(table_id: int) -> tuple[Response, int, dict[str, str]]:
    """Record a hand at the end, or with ``?before=n`` insert it before hand n."""
    state = api_table(table_id, write=True)
    before = _before()
    if before is not None:
        hand_service.check_number(state, before, Change.REPLACE)
    hand = parse_hand(json_body())
    result = hand_service.record_hand(state, hand, before=before)
    assert result is not None  # only a repeated form submission returns None
    return _created(table_id, result)


@bp.put("/tables/<int:table_id>/hands/<int:number>")
def replace(table_id: int, number: int) -> Response:
    """Replace hand ``number`` with the body; later hands replay."""
    state = api_table(table_id, write=True)
    hand_service.check_number(state, number, Change.REPLACE)
    result = hand_service.replace_hand(state, number, parse_hand(json_body()))
    return jsonify(result_to_json(result))


@bp.delete("/tables/<int:table_id>/hands/<int:number>")
def delete(table_id: int, number: int) -> tuple[str, int]:
    """Delete hand ``number``; later hands renumber and replay."""
    state = api_table(table_id, write=True)
    hand_service.check_number(state, number, Change.DELETE)
    hand_service.delete_hand(state, number)
    return "", 204
