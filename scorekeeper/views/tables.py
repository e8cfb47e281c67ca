"""Starting a table, its house rules, and its roster."""

from __future__ import annotations

from functools import cache
from typing import Any

from flask import Blueprint, current_app, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.forms import KEEP, TableForm, option_fields, overrides_from
from scorekeeper.models import GameTable, db
from scorekeeper.rules import OPTIONS, PRESETS, find_option, payout_chart
from scorekeeper.services import ServiceError
from scorekeeper.services import roster as roster_service
from scorekeeper.services.tables import create_table, get_table, table_rules
from scorekeeper.views.auth import remember_editor, require_editor, session_token

bp = Blueprint("tables", __name__)

TABS = (
    ("tables.players", "Players", "players"),
    ("share.share", "Share", "share"),
    ("settle.settle", "Settle up", "settle"),
    ("tables.rules", "Rules", "rules"),
    ("rulings.table_rulings", "Rulings", "rulings"),
    ("hands.audit", "History", "audit"),
)


@bp.app_context_processor
def tab_helpers() -> dict[str, Any]:
    """Tabs for the pages that exist (a page family may be switched off in tests)."""

    def extra_tabs(table: GameTable) -> list[tuple[str, str, str]]:
        return [t for t in TABS if t[0] in current_app.view_functions]

    def rules_has_partner(table: GameTable) -> bool:
        return table_rules(table).has_partner

    return {"extra_tabs": extra_tabs, "rules_has_partner": rules_has_partner}


def _my_tables() -> list[GameTable]:
    from flask import session

    ids = [int(i) for i in session.get("editors", {}) if str(i).isdigit()]
    if not ids:
        return []
    tables = db.session.scalars(db.select(GameTable).where(GameTable.id.in_(ids))
                                .order_by(GameTable.created_at.desc())).all()
    return [t for t in tables if session_token(t.id)]


@bp.route("/", methods=["GET", "POST"])
def home() -> tuple[str, int] | Response:
    """Start a table (players in seat order, preset, house rules, stake)."""
    form = TableForm()
    players = [p for p in request.form.getlist("players")] if request.method == "POST" \
        else ["", "", "", "", ""]
    players, moved = _edit_player_list(players)
    errors: dict[str, str] = {}
    if request.method == "POST" and not moved and form.validate_on_submit():
        overrides, errors = overrides_from(request.form)
        if not errors:
            try:
                table, token = create_table(form.name.data, [p for p in players if p.strip()],
                                            form.preset.data, overrides, form.stake_cents.data)
            except ServiceError as error:
                errors[error.field or "form"] = error.message
            else:
                remember_editor(table.id, token)
                flash(f"{table.name} is ready. {_first_dealer(table)} deals first.")
                return redirect(url_for("hands.new", table_id=table.id))
    refused = request.method == "POST" and not moved
    return render_template("tables/new.html", form=form, players=players, errors=errors,
                           presets=PRESETS.values(), option_fields=option_fields(),
                           options=OPTIONS, chosen=request.form, keep=KEEP,
                           asked_preset=_asked_preset(), my_tables=_my_tables(),
                           payouts=preset_payouts()), 400 if refused else 200


@cache
def preset_payouts() -> list[tuple[str, str, dict[str, int]]]:
    """Per preset, what the picker gets for the common outcomes (points, plain
    hand), from the engine's own payout chart: the start page's side-by-side."""
    wanted = ("win", "win-schneider", "lose", "lose-schneider")
    out = []
    for preset in PRESETS.values():
        chart = payout_chart(preset.rules)
        picker = {row.key: (row.with_partner or row.alone)["picker"] for row in chart.rows}
        cells = {key: picker[key] for key in wanted}
        alone = next(row.alone["picker"] for row in chart.rows if row.key == "win")
        cells["alone"] = alone
        out.append((preset.id, preset.name, cells))
    return out


def _asked_preset() -> str | None:
    """``?preset=`` from the presets comparison page, when it names a preset."""
    asked = request.args.get("preset")
    return asked if asked in PRESETS else None


def _first_dealer(table: GameTable) -> str:
    return table.players[0].name


def _edit_player_list(players: list[str]) -> tuple[list[str], bool]:
    """Apply the add / remove / up buttons of the player list (works without JS)."""
    action = request.form.get("player_action", "")
    verb, _, where = action.partition("-")
    if verb == "add":
        return players + [""], True
    if verb in ("remove", "up") and where.isdigit() and int(where) < len(players):
        i = int(where)
        if verb == "remove":
            return players[:i] + players[i + 1:], True
        if i > 0:
            players[i - 1], players[i] = players[i], players[i - 1]
        return players, True
    return players, False


@bp.get("/t/<int:table_id>/rules")
def rules(table_id: int) -> str:
    """The house rules frozen on this table."""
    table = get_table(table_id)
    require_editor(table)
    rules = table_rules(table)
    preset = PRESETS.get(table.preset)
    changed = {k for k, v in rules.to_dict().items()
               if preset is None or preset.rules.to_dict().get(k) != v}
    rows = [(find_option(k), v, k in changed) for k, v in rules.to_dict().items()]
    return render_template("tables/rules.html", table=table, rows=rows, preset=preset,
                           active="rules")


@bp.route("/t/<int:table_id>/players", methods=["GET", "POST"])
def players(table_id: int) -> str | Response:
    """Roster changes mid-night: someone joins, leaves or comes back."""
    table = get_table(table_id)
    require_editor(table)
    error = None
    if request.method == "POST":
        try:
            message = roster_service.apply(table, request.form.get("action", ""),
                                           request.form.get("name", ""))
        except ServiceError as failure:
            error = failure.message
        else:
            flash(message)
            return redirect(url_for("tables.players", table_id=table.id))
    return render_template("tables/players.html", table=table, error=error,
                           rules=table_rules(table), active="players",
                           balances=roster_service.balances(table))


__all__ = ["bp", "KEEP"]
