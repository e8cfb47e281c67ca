"""The one shape of an error in JSON (docs/api.md): ``{"error": ...}`` with
the field at fault when there is one, answered by the API's own handlers
and by the app's for any ``/api/`` path (404, 413, 503, 500...)."""

from __future__ import annotations

from flask import Response, jsonify


def error_response(message: str, status: int, field: str | None = None) -> Response:
    """``{"error": message, "field": field}`` with ``status``."""
    body: dict[str, str] = {"error": message}
    if field:
        body["field"] = field
    response = jsonify(body)
    response.status_code = status
    return response
