"""JSON API v1, hands (see docs/api.md): list, read, record, insert before,
replace and delete.  Every change goes through the same services as the
pages, so the whole night replays and a refused hand changes nothing.

Every answer about a table carries ``ETag: "<version>"``; a write with
``If-Match`` is refused with 412 when the night changed since that version,
and a ``POST`` with ``Idempotency-Key`` is carried out once (a retry gets the
first answer back).
"""

from __future__ import annotations

from typing import Any

from flask import Response, g, jsonify, request, url_for

from scorekeeper.limits import API_HANDS, API_MAX_HANDS
from scorekeeper.policy.acl import Action
from scorekeeper.rules.hand_json import parse_hand, request_part, result_to_json
from scorekeeper.services import ServiceError
from scorekeeper.services.nights import hands as hand_service
from scorekeeper.services.nights.hands import Change
from scorekeeper.services.nights.window import window
from scorekeeper.services.once import Once, earlier
from scorekeeper.views.access import api_table, grant_label, permission
from scorekeeper.views.api import bp, if_match, request_body, request_once


def _before() -> int | None:
    """The ``?before=<n>`` query argument as a whole number (None when absent)."""
    raw = request.args.get("before")
    if raw is None:
        return None
    if not raw.isascii() or not raw.isdigit() or len(raw) > 40:
        raise ServiceError("before must be a hand number", "before")
    return int(raw)


@bp.get("/tables/<int:table_id>/hands")
@permission(Action.READ)
def hands(table_id: int) -> Response:
    """The hands' results in order, each with its id: the latest 100, or
    ``?from=<n>&limit=<k>`` (at most 500).  ``Link`` points to the windows
    before and after; ``X-Total-Count`` is the number of hands."""
    state = api_table(table_id).state
    shown = window(len(state.hand_ids), request.args.get("from"), request.args.get("limit"),
                   API_HANDS, API_MAX_HANDS, past_end=True)
    part = shown.slice()
    response = jsonify([result_to_json(state.rules, r, hand_id) for r, hand_id in zip(
        state.night.results[part], state.hand_ids[part], strict=True)])
    path = url_for(".hands", table_id=table_id)
    links = [f'<{path}?limit={size}&from={start}>; rel="{rel}"'
             for rel, start, size in (("prev", shown.earlier, shown.earlier_size),
                                      ("next", shown.later, shown.size))
             if start is not None]
    if links:
        response.headers["Link"] = ", ".join(links)
    response.headers["X-Total-Count"] = str(shown.total)
    return response


@bp.get("/tables/<int:table_id>/hands/<int:number>")
@permission(Action.READ)
def hand(table_id: int, number: int) -> Response:
    """One hand's result (404 for a hand that doesn't exist)."""
    state = api_table(table_id).state
    return jsonify(result_to_json(state.rules, state.result(number), state.hand_ids[number - 1]))


@bp.post("/tables/<int:table_id>/hands")
@permission(Action.RECORD)
def record(table_id: int) -> tuple[Response, int, dict[str, str]]:
    """Record a hand at the end, or with ``?before=n`` insert it before hand n."""
    night = api_table(table_id)
    state = night.state
    data = request_body(fields=False)  # the hand's parser names a field no hand has
    extra = data.pop("extra", False) if isinstance(data, dict) else False
    if not isinstance(extra, bool):
        raise ServiceError("extra must be true or false", "extra")
    once = request_once({**data, "extra": extra} if extra else data)
    first = retried(once)
    if first is not None:  # a retry of a request already carried out: its first answer
        body, status = first
    else:
        before = _before()
        if before is not None:
            hand_service.check_number(state, before, Change.REPLACE)
        saved = hand_service.record_hand(state, parse_hand(data, players=state.players),
                                         before=before, once=once, by=grant_label(night),
                                         seen=if_match(state.version), extra=extra)
        if saved is None:  # its twin landed first, between the check and the lock
            body, status = retried(once) or ({}, 201)
        else:
            body, status = result_to_json(state.rules, saved.result, saved.hand_id), 201
    location = f"{bp.url_prefix}/tables/{table_id}/hands/{body['number']}"
    return jsonify(body), status, {"Location": location}


@bp.put("/tables/<int:table_id>/hands/<int:number>")
@permission(Action.EDIT)
def replace(table_id: int, number: int) -> Response:
    """Replace hand ``number`` with the body; later hands replay.  A retry
    with the same ``Idempotency-Key`` gets the first answer back."""
    night = api_table(table_id)
    state = night.state
    data = request_body(fields=False)
    once = request_once(data)
    first = retried(once)
    if first is None:
        hand_service.check_number(state, number, Change.REPLACE)
        hand = parse_hand(request_part(data), players=state.players)
        saved = hand_service.replace_hand(state, number, hand,
                                          by=grant_label(night), seen=if_match(state.version),
                                          once=once)
        first = (result_to_json(state.rules, saved.result, saved.hand_id), 200) \
            if saved is not None else retried(once)
    assert first is not None
    answer = jsonify(first[0])
    answer.status_code = first[1]
    return answer


@bp.delete("/tables/<int:table_id>/hands/<int:number>")
@permission(Action.DELETE)
def delete(table_id: int, number: int) -> tuple[str, int]:
    """Delete hand ``number``; later hands renumber and replay.  A retry with
    the same ``Idempotency-Key`` gets the first 204, not a 404."""
    night = api_table(table_id)
    state = night.state
    request_body()  # none
    once = request_once()
    if retried(once) is None:
        hand_service.check_number(state, number, Change.DELETE)
        hand_service.delete_hand(state, number, by=grant_label(night),
                                 seen=if_match(state.version), once=once)
    return "", 204


def retried(once: Once | None) -> tuple[Any, int] | None:
    """The first answer of a request already carried out under ``once``
    (None: not carried out yet; the same key with another request is a 422)."""
    first = earlier(once)
    if first is None:
        return None
    g.replayed = True  # the answer says it is given again (Idempotent-Replayed)
    return first.response, first.status or 200
