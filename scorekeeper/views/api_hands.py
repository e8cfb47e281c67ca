"""JSON API v1, hands (see docs/api.md): list, read, record, insert before,
replace and delete.  Every change goes through the same services as the
pages, so the whole night replays and a refused hand changes nothing.
"""

from __future__ import annotations

from flask import Response, jsonify, request

from scorekeeper.handio import parse_hand, result_to_json
from scorekeeper.rules import HandResult
from scorekeeper.services import ServiceError
from scorekeeper.services import hands as hand_service
from scorekeeper.services import standings as standings_service
from scorekeeper.views.api import bp, json_body, table_for


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
    results = standings_service.hand_results(table_for(table_id))
    return jsonify([result_to_json(r) for r in results])


@bp.get("/tables/<int:table_id>/hands/<int:number>")
def hand(table_id: int, number: int) -> Response:
    """One hand's result (404 for a hand that doesn't exist)."""
    result = standings_service.hand_result(table_for(table_id), number)
    return jsonify(result_to_json(result))


@bp.post("/tables/<int:table_id>/hands")
def record(table_id: int) -> tuple[Response, int, dict[str, str]]:
    """Record a hand at the end, or with ``?before=n`` insert it before hand n."""
    table = table_for(table_id, write=True)
    before = _before()
    if before is not None:
        hand_service.hand_number_or_404(table, before)
    hand = parse_hand(json_body())
    result = hand_service.record_hand(table, hand, before=before)
    assert result is not None  # only a repeated form submission returns None
    return _created(table.id, result)


@bp.put("/tables/<int:table_id>/hands/<int:number>")
def replace(table_id: int, number: int) -> Response:
    """Replace hand ``number`` with the body; later hands replay."""
    table = table_for(table_id, write=True)
    hand_service.hand_number_or_404(table, number)
    result = hand_service.replace_hand(table, number, parse_hand(json_body()))
    return jsonify(result_to_json(result))


@bp.delete("/tables/<int:table_id>/hands/<int:number>")
def delete(table_id: int, number: int) -> tuple[str, int]:
    """Delete hand ``number``; later hands renumber and replay."""
    table = table_for(table_id, write=True)
    hand_service.hand_number_or_404(table, number)
    hand_service.delete_hand(table, number)
    return "", 204
