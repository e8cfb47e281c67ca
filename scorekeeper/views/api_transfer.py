"""JSON API v1: export a whole table and import one (added to ``api.bp``).

The body of an import is exactly what the export returns; it is checked and
replayed in full before anything is written, like the import page.
"""

from __future__ import annotations

from flask import Response, current_app, jsonify, request

from scorekeeper.models import GameTable
from scorekeeper.services import ServiceError
from scorekeeper.services import transfer as transfer_service
from scorekeeper.services.import_checks import MAX_BYTES, parse_json, refuse
from scorekeeper.services.tables import get_table, table_rules
from scorekeeper.views.api import bp
from scorekeeper.views.auth import api_access


def _error(error: ServiceError) -> tuple[Response, int]:
    body = {"error": error.message}
    if error.field:
        body["field"] = error.field
    return jsonify(body), error.status


def _view_url(table: GameTable) -> str:
    """The share page's absolute address (configured base URL, else this host)."""
    base = current_app.config.get("SCOREKEEPER_BASE_URL") or request.host_url
    return f"{base.rstrip('/')}/s/{table.view_token}"


@bp.get("/tables/<int:table_id>/export")
def export_table(table_id: int) -> Response:
    """The whole table as the import expects it (edit or view token)."""
    table = get_table(table_id)
    api_access(table, write=False)
    return jsonify(transfer_service.export_table(table))


@bp.post("/tables/import")
def import_table() -> tuple[Response, int] | tuple[Response, int, dict[str, str]]:
    """Recreate an exported table; answers like table creation (201, new tokens)."""
    try:
        if (request.content_length or 0) > MAX_BYTES:
            raise refuse(f"the body is over {MAX_BYTES // 1_000_000} MB")
        data = parse_json(request.stream.read(MAX_BYTES + 1))
        table, token = transfer_service.import_table(data, label="API client")
    except ServiceError as error:
        return _error(error)
    body = {"id": table.id, "edit_token": token, "view_token": table.view_token,
            "view_url": _view_url(table), "rules": table_rules(table).to_dict()}
    return jsonify(body), 201, {"Location": f"{bp.url_prefix}/tables/{table.id}"}
