"""Export and import pages: the ledger as CSV, the whole table as JSON, and
an import page (upload or paste) that recreates a table from that JSON.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from flask import Blueprint, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.limits import MAX_IMPORT_BYTES
from scorekeeper.policy.acl import Action, OwnerAction
from scorekeeper.services import ServiceError, uploads
from scorekeeper.services.grants.grants import new_token
from scorekeeper.services.nights import exports as export_service
from scorekeeper.services.nights.import_checks import refuse
from scorekeeper.views.access import load_table, permission
from scorekeeper.views.held import keep_editing
from scorekeeper.views.throttle import throttled

if TYPE_CHECKING:
    from scorekeeper.db.models import GameTable

bp = Blueprint("exports", __name__)


def _filename(table: GameTable, extension: str) -> str:
    """A safe download name such as ``friday-night-12.csv``."""
    slug = re.sub(r"[^a-z0-9]+", "-", table.name.lower()).strip("-") or "table"
    return f"{slug[:40]}-{table.id}.{extension}"


def _download(body: str, mimetype: str, filename: str) -> Response:
    return Response(body, mimetype=mimetype, headers={
        "Content-Disposition": f'attachment; filename="{filename}"',
        "Cache-Control": "no-store"})


@bp.get("/t/<int:table_id>/export.csv")
@permission(Action.EXPORT)
def export_csv(table_id: int) -> Response:
    """Hands × players with a header row of names and a totals row."""
    state = load_table(table_id).state
    return _download(export_service.export_csv(state), "text/csv",
                     _filename(state.table, "csv"))


@bp.get("/t/<int:table_id>/export.json")
@permission(Action.EXPORT)
def export_json(table_id: int) -> Response:
    """The whole table; the import page turns it back into an identical table."""
    state = load_table(table_id).state
    return _download(export_service.export_json(state), "application/json",
                     _filename(state.table, "json"))


def _uploaded() -> bytes | str:
    """The uploaded file if one was chosen, else the pasted text."""
    upload = request.files.get("file")
    if upload is not None and upload.filename:
        data = upload.stream.read(MAX_IMPORT_BYTES + 1)
        if data:
            return data
    pasted = request.form.get("text", "")
    if not pasted.strip():
        raise refuse("choose a .json export or paste one")
    return pasted


@bp.route("/import", methods=["GET", "POST"])
@permission(OwnerAction.PUBLIC)
@throttled
def import_page() -> str | Response | tuple[str, int]:
    """Upload or paste a table's JSON export; this device becomes its scorekeeper."""
    submission = request.form.get("submission") or new_token()
    if request.method == "GET":
        return render_template("settle/import.html", error=None, text="",
                               submission=submission)
    try:
        table, token, _ = uploads.bring("table", _uploaded(),
                                        uploads.Asked(token=f"form:import:{submission[:64]}"))
    except ServiceError as error:
        text = request.form.get("text", "")
        return render_template("settle/import.html", error=error.message, submission=submission,
                               text=text if len(text) <= 200_000 else ""), 400
    keep_editing(table, token)
    flash(f"Imported {table.name}: {len(table.hands)} hands, standings and payments as "
          "they were. This phone keeps score.")
    return redirect(url_for("hands.ledger", table_id=table.id))
