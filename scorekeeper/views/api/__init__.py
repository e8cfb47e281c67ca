"""JSON API v1 (see docs/api.md): presets, tables, standings and settling up.

Hands are in :mod:`scorekeeper.views.api.hands` and export/import in
:mod:`scorekeeper.views.api.exports`, on the same blueprint.  The views only
read JSON, check the bearer token (:func:`~scorekeeper.views.access.api_table`)
and turn service and engine errors into 4xx JSON; the services do the work,
exactly as for the pages, so a client and the scorekeeper's phone can never
disagree.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from flask import Blueprint, Response, abort, g, jsonify, request
from werkzeug.exceptions import HTTPException

from scorekeeper.json_text import JsonRefused, read_json
from scorekeeper.ledger.settle import Transfer
from scorekeeper.limits import MAX_ROW_ID, QUOTED
from scorekeeper.rules import PRESETS, HandError
from scorekeeper.services import ServiceError, grants
from scorekeeper.services import settle as settle_service
from scorekeeper.services.once import Once, api_once
from scorekeeper.services.policy import Action, OwnerAction
from scorekeeper.services.state import version_of
from scorekeeper.services.tables import DEFAULT_STAKE_CENTS, create_table
from scorekeeper.services.writes import abandon
from scorekeeper.views.access import api_group, api_table, permission
from scorekeeper.views.api.contract import body_fields, query_names
from scorekeeper.views.json_errors import error_response, http_error_response, status_of
from scorekeeper.views.qr import link

if TYPE_CHECKING:
    from scorekeeper.db.models import GameTable, Group

bp = Blueprint("api", __name__, url_prefix="/api/v1")

MAX_BODY_BYTES = 64 * 1024
#: An Idempotency-Key for a request that needs no token must be this long.
UNGUESSABLE_KEY = 16


# --- errors and request bodies ------------------------------------------------

@bp.errorhandler(ServiceError)
def service_error(error: ServiceError) -> Response:
    """A refused action: undo anything the service began (the version bump too).
    A write refused because the night changed since its If-Match is a 412."""
    abandon()
    status = status_of(error, api=True)
    return error_response(error.message, status, error.field)


@bp.after_request
def etag(response: Response) -> Response:
    """Every answer about a table, a group or an event says which version of it it is
    (``ETag``); a ``GET`` whose ``If-None-Match`` names that version is a 304."""
    owner = g.get("api_table") or g.get("api_group") or g.get("api_event")
    if owner is not None and "ETag" not in response.headers:
        version = version_of(owner)
        if version is None:
            abandon()
        else:
            response.set_etag(str(version))
    if request.method == "GET" and response.status_code == 200 and "ETag" in response.headers:
        response.make_conditional(request)
    return response


@bp.errorhandler(HandError)
def hand_error(error: HandError) -> Response:
    """A hand the parser or the engine refused, naming the field at fault."""
    abandon()
    return error_response(error.message, 400, error.field)


@bp.errorhandler(HTTPException)
def http_error(error: HTTPException) -> Response:
    """401/403/404/405/413 from ``abort`` in these views, as JSON."""
    abandon()
    return http_error_response(error)


def json_body() -> dict[str, Any]:
    """The request's JSON object, or a 400 that says what is wrong with it."""
    if not request.is_json:
        abort(415, "Send a JSON body with Content-Type: application/json")
    if (request.content_length or 0) > MAX_BODY_BYTES:
        abort(413, f"The body is too large (at most {MAX_BODY_BYTES} bytes)")
    try:
        data = read_json(request.get_data(cache=True))
    except JsonRefused as error:
        raise ServiceError(error.message, error.field) from None
    if not isinstance(data, dict):
        raise ServiceError("The body must be a JSON object")
    return data


def request_once(scope: str, body: object = None, least: int = 1) -> Once | None:
    """The request's ``Idempotency-Key`` (None without one), fingerprinted by
    what the request means: its method, path, query and parsed ``body``, so
    the same JSON re-ordered or re-spaced is the same request."""
    return api_once(scope, request.headers.get("Idempotency-Key"),
                    {"method": request.method, "path": request.path,
                     "query": request.args.to_dict(flat=False), "body": body}, least)


def refuse_unknown(data: dict[str, Any], known: Iterable[str]) -> None:
    """A 400 for the first field the contract doesn't have (typos aren't ignored)."""
    known = tuple(known)
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise ServiceError(f"Unknown field {unknown[0]!r}; expected: {', '.join(known)}",
                           unknown[0])


def flag(data: dict[str, Any], field: str, default: bool = False) -> bool:
    """A true-or-false field of a request body (``default`` when left out)."""
    value = data.get(field, default)
    if not isinstance(value, bool):
        raise ServiceError(f"{field} must be true or false", field)
    return value


@bp.before_request
def known_query() -> None:
    """A 400 for the first query parameter the operation doesn't take (the
    contract says which it takes): ``?befor=1``, a typo, must not record at
    the end instead."""
    known = query_names(request.endpoint or "")
    unknown = sorted(set(request.args) - set(known))
    if unknown:
        expected = f"expected: {', '.join(known)}" if known else "this takes none"
        raise ServiceError(f"Unknown parameter: {unknown[0][:QUOTED]}; {expected}", "query")


# --- endpoints ---------------------------------------------------------------

@bp.get("/presets")
@permission(OwnerAction.PUBLIC)
def presets() -> Response:
    """Every preset with all its options resolved (no token needed)."""
    return jsonify([
        {"id": p.id, "name": p.name, "seats": p.rules.seats, "options": p.rules.to_dict(),
         "summary": p.summary, "seeds": list(p.seeds)}
        for p in PRESETS.values()
    ])


@bp.post("/tables")
@permission(OwnerAction.PUBLIC)
def create() -> tuple[Response, int, dict[str, str]]:
    """Start a table; the only time the edit token is shown."""
    data = json_body()
    refuse_unknown(data, body_fields("NewTable"))
    group = _group_of(data)
    once = request_once("tables", data, least=UNGUESSABLE_KEY)
    table, token = create_table(data.get("name", group.name if group else None),
                                data.get("players"), data.get("preset"), data.get("options"),
                                data.get("stake_cents", DEFAULT_STAKE_CENTS),
                                editor_label="API client", once=once, group=group,
                                played_on=data.get("played_on"))
    if token is None:  # a retry: the same table, and a new token for the client
        token = grants.add_grant(grants.TABLE, table, "API client")
    return created(table, token)


def _group_of(data: dict[str, Any]) -> Group | None:
    """The group a new night belongs to (``"group": <id>``): the bearer token
    must be the group's edit token."""
    if "group" not in data or data["group"] is None:
        return None
    group_id = data["group"]
    if isinstance(group_id, bool) or not isinstance(group_id, int) \
            or not 0 < group_id <= MAX_ROW_ID:
        raise ServiceError("group must be a group's id", "group")
    return api_group(group_id, OwnerAction.RUN)


def created(table: GameTable, token: str) -> tuple[Response, int, dict[str, str]]:
    """201 for a new table (started or imported): the only time its edit token is shown."""
    body = {"id": table.id, "edit_token": token, "view_token": table.view_token,
            "view_url": link("viewer.view", token=table.view_token),
            "rules": dict(table.rules)}
    return jsonify(body), 201, {"Location": f"{bp.url_prefix}/tables/{table.id}",
                                "ETag": f'"{table.version}"'}


@bp.get("/tables/<int:table_id>")
@permission(Action.READ)
def show(table_id: int) -> Response:
    """The table: players in seat order, frozen rules, stake, whether closed."""
    state = api_table(table_id)
    table = state.table
    return jsonify({
        "id": table.id, "name": table.name, "players": list(state.players),
        "rules": state.rules.to_dict(), "stake_cents": table.stake_cents,
        "closed": state.closed, "preset": table.preset, "present": list(state.present),
        "group": table.group_id,
        "played_on": table.played_on.isoformat() if table.played_on else None,
        "settled": table.settled,
    })


@bp.get("/tables/<int:table_id>/standings")
@permission(Action.READ)
def standings(table_id: int) -> Response:
    """Balances in points and cents, hands played, pending doublers, next dealer."""
    state = api_table(table_id)
    night = state.night
    return jsonify({
        "balances": state.standings.points, "balances_cents": state.standings.cents,
        "hands": len(night.results), "pending_doublers": len(night.pending),
        "pending_from": list(night.pending), "next_dealer": night.next_dealer,
    })


@bp.get("/tables/<int:table_id>/settlement")
@permission(Action.READ)
def settlement(table_id: int) -> Response:
    """The fewest payments that settle the table, in cents, after early leavers'
    payments; ``?round=quarters|dollars`` rounds to a cash unit and
    ``?bank=<name>`` settles everyone through one player."""
    state = api_table(table_id)
    settled = settle_service.settlement(state, request.args.get("round") or "none",
                                        request.args.get("bank") or None)
    body: dict[str, Any] = {"transfers": [_transfer(t) for t in settled.transfers]}
    if settled.early:
        body["paid_early"] = [_transfer(p.transfer) for p in settled.early]
    if settled.corrections:
        body["corrections"] = [{"player": c.name, "paid_cents": c.paid, "owed_cents": c.owed,
                                "text": str(c)} for c in settled.corrections]
    return jsonify(body)


def _transfer(t: Transfer) -> dict[str, Any]:
    return {"from": t.payer, "to": t.payee, "cents": t.cents}
