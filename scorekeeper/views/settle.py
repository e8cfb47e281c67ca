"""The end of the night: settle up (rounded or through a bank), a player who
settles and leaves early, closing the table, the night summary (also behind
the share link) and a new night with the same players and rules.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.chart_svg import Chart, running_chart
from scorekeeper.models import GameTable
from scorekeeper.rules import Night
from scorekeeper.services import ServiceError
from scorekeeper.services import settle as settle_service
from scorekeeper.services import transfer as transfer_service
from scorekeeper.services.tables import get_table, next_night, night_of, table_by_view_token
from scorekeeper.stats import summarize
from scorekeeper.views.auth import remember_editor, require_editor

bp = Blueprint("settle", __name__)


def _options(table: GameTable) -> tuple[settle_service.Settlement, dict[str, str]]:
    """The settlement for the page's query options; a bad option is named, not fatal."""
    unit = request.args.get("round", "none")
    bank = request.args.get("bank") or None
    errors: dict[str, str] = {}
    if unit not in settle_service.UNITS:
        errors["round"] = "Round to exact cents, quarters or whole dollars"
        unit = "none"
    if bank is not None and bank not in {p.name for p in table.players}:
        errors["bank"] = f"{bank[:40]} isn't a player at this table"
        bank = None
    return settle_service.settlement(table, unit, bank), errors


@bp.get("/t/<int:table_id>/settle")
def settle(table_id: int) -> tuple[str, int]:
    """Balances in points and money, and the fewest payments that settle them."""
    table = get_table(table_id)
    require_editor(table)
    settlement, errors = _options(table)
    return render_template("settle/settle.html", table=table, settlement=settlement,
                           errors=errors, units=settle_service.UNITS,
                           describe=settle_service.describe_transfer,
                           active="settle"), 400 if errors else 200


@bp.route("/t/<int:table_id>/settle/leave", methods=["GET", "POST"])
def leave(table_id: int) -> str | Response:
    """Confirm, then record, the payments of a player who settles and leaves now."""
    table = get_table(table_id)
    require_editor(table)
    name = request.values.get("name", "")
    if request.method == "POST":
        try:
            _, message = settle_service.settle_and_leave(
                table, name, request.form.get("version", type=int))
        except ServiceError as error:
            flash(f"Not done: {error.message}", "error")
            if error.field == "version":
                return redirect(url_for("settle.leave", table_id=table.id, name=name))
        else:
            flash(message)
        return redirect(url_for("settle.settle", table_id=table.id))
    if table.closed_at is not None:
        abort(409, "This table is closed: settle up with everyone instead")
    transfers = settle_service.leaver_payments(table, name)
    player = settle_service.find_player(table, name)
    return render_template("settle/leave.html", table=table, player=player,
                           transfers=transfers, describe=settle_service.describe_transfer,
                           remaining=settle_service.remaining_balances(table)[name],
                           active="settle")


@bp.route("/t/<int:table_id>/close", methods=["GET", "POST"])
def close(table_id: int) -> str | Response:
    """Confirm, then close the table: read-only from then on; the share link still works."""
    table = get_table(table_id)
    require_editor(table)
    if request.method == "POST":
        try:
            settle_service.close_table(table)
        except ServiceError as error:
            flash(f"Not done: {error.message}", "error")
        else:
            flash("The night is closed. Here is how it went.")
        return redirect(url_for("settle.summary", table_id=table.id))
    if table.closed_at is not None:
        return redirect(url_for("settle.summary", table_id=table.id))
    return render_template("settle/close.html", table=table,
                           settlement=settle_service.settlement(table),
                           describe=settle_service.describe_transfer, active="settle")


def _summary_context(table: GameTable) -> dict[str, Any]:
    """What both summary pages (scorekeeper's and share link's) show."""
    night = night_of(table)
    following = next_night(table)
    return {"table": table, "night": night, "summary": summarize(night), "following": following,
            "settlement": settle_service.settlement(table, night=night), "chart": _chart(night),
            "describe": settle_service.describe_transfer}


def _chart(night: Night) -> Chart | None:
    """The running-balance chart's geometry (None before the first hand)."""
    if not night.results:
        return None
    return running_chart(night.players, [r.balances for r in night.results])


@bp.get("/t/<int:table_id>/summary")
def summary(table_id: int) -> str:
    """The night summary for the scorekeeper, with the end-of-night actions."""
    table = get_table(table_id)
    require_editor(table)
    return render_template("settle/summary.html", shared=False, active="settle",
                           **_summary_context(table))


@bp.get("/s/<token>/summary")
def shared_summary(token: str) -> str:
    """The night summary behind the share link (read-only, works after closing)."""
    table = table_by_view_token(token)
    return render_template("settle/summary.html", shared=True, **_summary_context(table))


@bp.post("/t/<int:table_id>/new-night")
def new_night(table_id: int) -> Response:
    """One tap: a new table with the same players, rules and stake; this device keeps score."""
    table = get_table(table_id)
    editor = require_editor(table)
    new, token = transfer_service.new_night(table, editor.label)
    remember_editor(new.id, token)
    flash(f"New night started with the same players and rules. {new.players[0].name} "
          "deals first.")
    return redirect(url_for("hands.new", table_id=new.id))

