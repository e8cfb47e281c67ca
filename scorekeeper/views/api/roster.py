"""JSON API v1, the roster and the money that moves during a night (see
docs/api.md): a player joins (at a seat), steps out, comes back, settles and
leaves; an early payment is recorded.  The same services as the Players and
Settle pages; every write honours ``If-Match`` and ``Idempotency-Key`` as the
hand writes do.
"""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from scorekeeper.policy.acl import Action
from scorekeeper.services import ServiceError
from scorekeeper.services.access.credentials import NightAccess
from scorekeeper.services.nights import roster as roster_service
from scorekeeper.services.nights import settle as settle_service
from scorekeeper.services.nights.payments import early_payments, payment_json, record_payment
from scorekeeper.services.nights.state import TableState
from scorekeeper.views.access import api_table, grant_label, permission
from scorekeeper.views.api import bp, if_match, request_body, request_once
from scorekeeper.views.api.hands import retried


def _answer(body: Any, status: int = 200) -> Response:
    response = jsonify(body)
    response.status_code = status
    return response


def _roster(night: NightAccess, action: str, name: str, after: str | None = None
            ) -> Response:
    """One roster change, carried out once under its Idempotency-Key."""
    state = night.state
    once = request_once({"action": action, "name": name,
                                                     "after": after})
    first = retried(once)
    if first is None:
        said = roster_service.apply(state, action, name, after,
                                    seen=_seen(state), once=once, by=grant_label(night))
        first = ({"said": said}, 200)
    return _answer(*first)


def _seen(state: TableState) -> int | None:
    seen = if_match(state.version)
    return seen.version if seen is not None else None


@bp.post("/tables/<int:table_id>/players")
@permission(Action.ROSTER)
def join(table_id: int) -> Response:
    """A player joins: ``{"name": "Fay"}``, or ``{"name": "Fay", "after": "Bob"}``
    for the seat after Bob; dealt in from the next hand."""
    night = api_table(table_id)
    data = request_body()
    name, after = data.get("name"), data.get("after")
    if not isinstance(name, str):
        raise ServiceError("name must be the new player's name as text", "name")
    if not isinstance(after, str | None):
        raise ServiceError("after must be the name of the player to sit after", "after")
    response = _roster(night, "join", name, after)
    response.status_code = 201
    response.headers["Location"] = f"{bp.url_prefix}/tables/{table_id}"  # the roster's home
    return response


@bp.post("/tables/<int:table_id>/players/<name>/step-out")
@permission(Action.ROSTER)
def step_out(table_id: int, name: str) -> Response:
    """A player steps out: keeps the balance, not dealt in until he comes back."""
    night = api_table(table_id)
    request_body()  # none
    return _roster(night, "leave", name)


@bp.post("/tables/<int:table_id>/players/<name>/come-back")
@permission(Action.ROSTER)
def come_back(table_id: int, name: str) -> Response:
    """A player who stepped out is dealt in again from the next hand."""
    night = api_table(table_id)
    request_body()  # none
    return _roster(night, "return", name)


@bp.post("/tables/<int:table_id>/players/<name>/settle")
@permission(Action.PAY_EARLY)
def settle(table_id: int, name: str) -> Response:
    """A player settles up now and leaves: the payments that square him are
    recorded (the end-of-night settle-up counts them) and he is dealt out."""
    state = api_table(table_id).state
    request_body()  # none
    once = request_once({"action": "settle", "name": name})
    first = retried(once)
    if first is None:
        transfers, said = settle_service.settle_and_leave(state, name, _seen(state), once)
        first = ({"said": said, "payments": [
            {"payer": t.payer, "payee": t.payee, "cents": t.cents} for t in transfers]}, 200)
    return _answer(*first)


@bp.get("/tables/<int:table_id>/payments")
@permission(Action.READ)
def payments(table_id: int) -> Response:
    """The night's early payments, oldest first."""
    state = api_table(table_id).state
    return jsonify([payment_json(p) for p in early_payments(state.table)])


@bp.post("/tables/<int:table_id>/payments")
@permission(Action.PAY_EARLY)
def pay(table_id: int) -> Response:
    """Money that changed hands during the night: ``{"payer", "payee", "cents"}``."""
    night = api_table(table_id)
    state = night.state
    data = request_body()
    once = request_once(data)
    first = retried(once)
    if first is None:
        paid = record_payment(state, data.get("payer"), data.get("payee"), data.get("cents"),
                              seen=_seen(state), once=once, by=grant_label(night))
        first = (payment_json(paid), 201)
    response = _answer(*first)
    response.headers["Location"] = f"{bp.url_prefix}/tables/{table_id}/payments"
    return response
