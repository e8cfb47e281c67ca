"""The one shape of an error in JSON (docs/api.md): ``{"error": ...}`` with
the field at fault when there is one, answered by the API's own handlers
and by the app's for any ``/api/`` path (404, 413, 503, 500...)."""

from __future__ import annotations

from flask import Response, jsonify
from werkzeug.exceptions import HTTPException


def error_response(message: str, status: int, field: str | None = None) -> Response:
    """``{"error": message, "field": field}`` with ``status``."""
    body: dict[str, str] = {"error": message}
    if field:
        body["field"] = field
    response = jsonify(body)
    response.status_code = status
    return response


def http_error_response(error: HTTPException, message: str | None = None) -> Response:
    """An HTTP error in the one shape, keeping the headers it promises: a 405
    says which methods the path takes (``Allow``), a 401 how to authenticate
    (``WWW-Authenticate: Bearer``)."""
    response = error_response(message or error.description or error.name, error.code or 500)
    for name, value in error.get_headers():
        if name.lower() != "content-type":
            response.headers[name] = value
    if error.code == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="scorekeeper"'
    return response
