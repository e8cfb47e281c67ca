"""JSON API v1, tables (see docs/api.md): the presets, starting a table (or
a group's night), the table, its standings with the next hand's seats, and
settling up.  Routes on :data:`scorekeeper.views.api.bp`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flask import Response, jsonify, request

from scorekeeper.ledger.settle import Transfer
from scorekeeper.limits import MAX_ROW_ID
from scorekeeper.policy.acl import Action, OwnerAction
from scorekeeper.rules import PRESETS
from scorekeeper.services import ServiceError
from scorekeeper.services.grants import grants
from scorekeeper.services.groups.group import joining
from scorekeeper.services.nights import hands as hand_service
from scorekeeper.services.nights import settle as settle_service
from scorekeeper.services.nights.tables import DEFAULT_STAKE_CENTS, create_table
from scorekeeper.views.access import api_group, api_table, permission
from scorekeeper.views.api import bp, flag, request_body, request_once
from scorekeeper.views.qr import link

if TYPE_CHECKING:
    from scorekeeper.db.models import GameTable, Group
    from scorekeeper.services.nights.state import TableState


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
    """Start a table; the only time the edit token is shown.  A group's night
    takes the group's players, rules and stake for what it leaves out, and
    changes the group's rules only with ``"set_group_rules": true``."""
    data = request_body()
    group = _group_of(data)
    once = request_once(data)
    table, token = create_table(data.get("name", group.name if group else None),
                                data.get("players"), data.get("preset"), data.get("options"),
                                data.get("stake_cents", None if group else DEFAULT_STAKE_CENTS),
                                editor_label="API client", once=once,
                                played_on=data.get("played_on"),
                                joins=joining(group, flag(data, "set_group_rules")))
    if token is None:  # a retry: the same table, and a new token for the client
        token = grants.add_grant(grants.TABLE, table, "API client")
    return created(table, token)


def _group_of(data: dict[str, Any]) -> Group | None:
    """The group a new night belongs to (``"group": <id>``): the bearer token
    must be the group's edit token."""
    if "group" not in data or data["group"] is None:
        if data.get("set_group_rules"):
            raise ServiceError("set_group_rules is for a group's night: give its group",
                               "set_group_rules")
        return None
    group_id = data["group"]
    if isinstance(group_id, bool) or not isinstance(group_id, int) \
            or not 0 < group_id <= MAX_ROW_ID:
        raise ServiceError("group must be a group's id", "group")
    return api_group(group_id, OwnerAction.RUN).row


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
    """The table: players in seat order, frozen rules, stake, whether closed
    (a night of totals: its totals)."""
    state = api_table(table_id).state
    table = state.table
    return jsonify({
        "id": table.id, "name": table.name, "players": list(state.players),
        "rules": state.rules.to_dict(), "stake_cents": table.stake_cents,
        "closed": state.closed, "preset": table.preset, "present": list(state.present),
        "group": table.group_id,
        "played_on": table.played_on.isoformat() if table.played_on else None,
        "settled": table.settled,
        **({"totals": state.totals} if state.totals is not None else {}),
    })


@bp.get("/tables/<int:table_id>/standings")
@permission(Action.READ)
def standings(table_id: int) -> Response:
    """Balances in points and cents, hands played, pending doublers, and the
    next hand's seats: who deals, who plays, who sits out.  A night of
    totals: its totals, and no next hand (it takes none)."""
    state = api_table(table_id).state
    night = state.night
    body = {
        "balances": state.standings.points, "balances_cents": state.standings.cents,
        "hands": len(night.results), "pending_doublers": len(night.pending),
        "pending_from": list(night.pending),
    }
    if state.totals is not None:
        return jsonify({**body, "next_dealer": None, "totals": state.totals})
    return jsonify({**body, "next_dealer": night.next_dealer, "next_hand": next_hand(state)})


def next_hand(state: TableState) -> dict[str, Any]:
    """The next hand's table as the engine deals it (the rotation and the
    sit-out rule, docs/rules.md §8): its number, dealer, who plays and who sits
    out, and how many players the table lacks for a hand (0: enough)."""
    table = hand_service.seating(state)
    return {"number": len(state.night.results) + 1, "dealer": table.dealer,
            "seated": list(table.seated), "sitting_out": list(table.sitting_out),
            "short": table.short}


@bp.get("/tables/<int:table_id>/settlement")
@permission(Action.READ)
def settlement(table_id: int) -> Response:
    """The fewest payments that settle the table, in cents, after early leavers'
    payments; ``?round=quarters|dollars`` rounds to a cash unit and
    ``?bank=<name>`` settles everyone through one player."""
    state = api_table(table_id).state
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
