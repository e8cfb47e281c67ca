"""JSON API v1: export a whole table and import one (added to ``api.bp``).

The body of an import is exactly what the export returns; it is checked and
replayed in full before anything is written, like the import page.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Response, abort, g, request

from scorekeeper.limits import MAX_IMPORT_BYTES
from scorekeeper.policy.acl import Action, OwnerAction
from scorekeeper.services import Code, uploads
from scorekeeper.services.grants import grants
from scorekeeper.services.nights import exports as export_service
from scorekeeper.services.nights.import_checks import ImportRefused, refuse
from scorekeeper.views.access import api_table, permission
from scorekeeper.views.api import bp, idempotency_key, request_meaning
from scorekeeper.views.api.tables import created
from scorekeeper.views.json_errors import error_response
from scorekeeper.views.key_home import key_home
from scorekeeper.views.throttle import throttled


@contextmanager
def body_refusals() -> Iterator[None]:
    """An import refused as a whole (the upload page's ``file``) names no
    field: the API's body is the file, and has no field of that name."""
    try:
        yield
    except ImportRefused as refusal:
        if refusal.field == "file":
            refusal.field = None
        raise


def api_import(kind: str) -> tuple[Any, str | None]:
    """An import's JSON body (a table's, a group's or an event's export),
    read within the import limit and brought in (:func:`uploads.bring`, in
    the import process) under the request's Idempotency-Key: the row it
    made and the client's new token (None for a retry: the route makes one)."""
    if request.mimetype != "application/json":
        # Only a same-site page (with its CSRF token) may post anything else,
        # so a cross-site form can't create tables.
        abort(error_response("Send the export as JSON (Content-Type: application/json); "
                             "nothing was created", 415, "Content-Type", Code.NOT_JSON))
    with body_refusals():
        if (request.content_length or 0) > MAX_IMPORT_BYTES:
            raise refuse(f"the body is over {MAX_IMPORT_BYTES // 1_000_000} MB")
        raw = request.stream.read(MAX_IMPORT_BYTES + 1)
        asked = uploads.Asked("API client", scope=key_home(), key=idempotency_key(),
                              meaning=request_meaning())
        row, token, g.replayed = uploads.bring(kind, raw, asked)
    return row, token


@bp.get("/tables/<int:table_id>/export")
@permission(Action.EXPORT)
def export_table(table_id: int) -> Response:
    """The whole table as the import expects it, history included: edit token
    only, as on the scorekeeper's Export page (the history names the devices
    that edit; a share link shows scores, not that)."""
    body = export_service.export_json(api_table(table_id).state)
    return Response(body, mimetype="application/json")


@bp.post("/tables/import")
@permission(OwnerAction.PUBLIC)
@throttled
def import_table() -> tuple[Response, int, dict[str, str]]:
    """Recreate an exported table; answers like table creation (201, new tokens).
    A refusal is the blueprint's JSON 4xx and writes nothing."""
    table, token = api_import("table")
    if token is None:  # a retry: the same table, and a new token for the client
        token = grants.add_grant(grants.TABLE, table, "API client")
    return created(table, token)
