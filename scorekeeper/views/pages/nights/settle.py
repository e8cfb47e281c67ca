"""The end of the night: settle up (rounded or through a bank), a player who
settles and leaves early, closing the table, the night summary and a new
night with the same players and rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from flask import Blueprint, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.ledger.pay import pay_note
from scorekeeper.ledger.settle import Transfer
from scorekeeper.ledger.words import settle_words
from scorekeeper.policy.acl import Action
from scorekeeper.services import ServiceError
from scorekeeper.services.access.credentials import NightAccess
from scorekeeper.services.groups.group import group_from_night
from scorekeeper.services.nights import settle as settle_service
from scorekeeper.services.nights.pay import night_day, pay_links
from scorekeeper.services.nights.roster import short_handed
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.nights.tables import new_night as start_new_night
from scorekeeper.views.access import load_table, permission
from scorekeeper.views.forms import hidden_number
from scorekeeper.views.held import keep_editing, remember_group
from scorekeeper.views.json_errors import status_of
from scorekeeper.views.pages import refused
from scorekeeper.views.viewers.night import night_chart, summary_context

bp = Blueprint("settle", __name__)


def _options(state: TableState) -> tuple[settle_service.Settlement, dict[str, str]]:
    """The settlement for the page's query options; a bad option is named, not fatal."""
    unit = request.args.get("round", "none")
    bank = request.args.get("bank") or None
    errors: dict[str, str] = {}
    if unit not in settle_service.UNITS:
        errors["round"] = "Round to exact cents, quarters or whole dollars"
        unit = "none"
    try:
        return settle_service.settlement(state, unit, bank), errors
    except ServiceError as error:
        if error.field != "bank":
            raise
        errors["bank"] = error.message
    return settle_service.settlement(state, unit), errors


def _shared(state: TableState, transfers: Sequence[Transfer]) -> dict[str, str]:
    """What the Share button hands the group chat (settle/_share.html): the
    payments the page shows, in the table's words, and what they are for."""
    day = night_day(state.table)
    return {"share_text": settle_words(day, transfers, state.table.stake_cents),
            "share_title": pay_note(day)}


@bp.get("/t/<int:table_id>/settle")
@permission(Action.PAYMENTS)
def settle(table_id: int) -> tuple[str, int]:
    """Balances in points and money, and the fewest payments that settle them."""
    night = load_table(table_id)
    state = night.state
    settlement, errors = _options(state)
    return render_template("settle/settle.html", state=state, table=state.table,
                           settlement=settlement, access=night,
                           errors=errors, units=settle_service.UNITS, active="settle",
                           pay_links=pay_links(state.table, settlement.transfers),
                           share_chart=night_chart(state),
                           **_shared(state, settlement.transfers)), 400 if errors else 200


@bp.route("/t/<int:table_id>/settle/leave", methods=["GET", "POST"])
@permission(Action.PAY_EARLY)
def leave(table_id: int) -> str | Response | tuple[str, int]:
    """Confirm, then record, the payments of a player who settles and leaves now.
    A refusal comes back on the settle page; a confirmation made before the
    scores changed comes back as the confirmation, with the amounts of now."""
    night = load_table(table_id)
    state = night.state
    name = request.values.get("name", "")
    if request.method == "GET":
        return _leave_page(night, name)
    try:
        _, message = settle_service.settle_and_leave(
            state, name, hidden_number("version", "version of the night"))
    except ServiceError as error:
        again = ((lambda: _leave_page(load_table(table_id), name)) if error.field == "version"
                 else (lambda: settle(table_id)))
        return refused(f"Not done: {error.message}", status_of(error), again)
    flash(message)
    return redirect(url_for("settle.settle", table_id=table_id))


def _leave_page(night: NightAccess, name: str) -> str:
    """The confirmation of what ``name`` pays or is paid to leave square now."""
    state = night.state
    table = state.table
    transfers = settle_service.leaver_payments(state, name)
    player = settle_service.find_player(table, name)
    return render_template("settle/leave.html", table=table, player=player,
                           transfers=transfers, pay_links=pay_links(table, transfers),
                           remaining=settle_service.remaining_balances(state)[name],
                           active="settle", access=night)


@bp.route("/t/<int:table_id>/close", methods=["GET", "POST"])
@permission(Action.CLOSE)
def close(table_id: int) -> str | Response | tuple[str, int]:
    """Confirm, then close the table: read-only from then on; the share link still works."""
    night = load_table(table_id)
    state = night.state
    table = state.table
    if request.method == "POST":
        how = request.form.get("settled", "paid")
        try:
            if how not in ("paid", "carry"):
                raise ServiceError("Choose whether the night was paid or carried", "settled")
            settle_service.close_table(table, carry=how == "carry")
        except ServiceError as error:
            return refused(f"Not done: {error.message}", status_of(error),
                           lambda: summary(table_id))
        flash("The night is closed and carried to the group's tab. Here is how it went."
              if how == "carry" else "The night is closed. Here is how it went.")
        return redirect(url_for("settle.summary", table_id=table.id))
    if state.closed:
        return redirect(url_for("settle.summary", table_id=table.id))
    return render_template("settle/close.html", table=table,
                           settlement=settle_service.settlement(state), active="settle",
                           access=night)


@bp.get("/t/<int:table_id>/summary")
@permission(Action.READ)
def summary(table_id: int) -> str:
    """The night summary for the scorekeeper, with the end-of-night actions."""
    night = load_table(table_id)
    shown = summary_context(night.state)
    return render_template("settle/summary.html", active="settle", access=night, **shown,
                           **_shared(night.state, shown["settlement"].transfers))


@bp.post("/t/<int:table_id>/group")
@permission(Action.MAKE_GROUP)
def start_group(table_id: int) -> Response:
    """One tap: a group whose first night is this one (played without a
    group); this device runs it."""
    night = load_table(table_id)
    state = night.state
    try:
        group, token = group_from_night(state.table, state.rules, night.editor.label)
    except ServiceError as error:
        flash(f"Not done: {error.message}")
        return redirect(url_for("settle.summary", table_id=table_id))
    remember_group(group.id, token)
    flash(f"{group.name} is a group now, with this night as its first.")
    return redirect(url_for("groups.home", group_id=group.id))


@bp.post("/t/<int:table_id>/new-night")
@permission(Action.NEW_NIGHT)
def new_night(table_id: int) -> Response:
    """One tap: a new table with the players still at this one (in their seats),
    the same rules and stake; this device keeps score."""
    night = load_table(table_id)
    state = night.state
    new, token = start_new_night(state, night.editor.label)
    keep_editing(new, token, night.editor.label)
    gone = len(state.players) - len(new.players)
    who = f"the {len(new.players)} players still at the table" if gone else "the same players"
    started = f"New night started with {who} and the same rules"
    flash(short_handed(new, state.rules.seats, started)
          or f"{started}. {new.players[0].name} deals first.")
    return redirect(url_for("hands.new", table_id=new.id))

