"""The one shape of an error in JSON (docs/api.md): ``{"error": ...}`` with
the field at fault when there is one, answered by the API's own handlers
and by the app's for any ``/api/`` path (404, 413, 503, 500...); and the
HTTP status a refused service action is answered with (the services say
what went wrong, never how the web says it)."""

from __future__ import annotations

from flask import Response, jsonify
from werkzeug.exceptions import HTTPException

from scorekeeper.services import Conflict, NotFound, ServiceError, Stale
from scorekeeper.services.once import KeyReused

#: A refusal's kind → its status, most specific first (a Stale is a Conflict).
STATUSES: tuple[tuple[type[ServiceError], int], ...] = (
    (NotFound, 404), (KeyReused, 422), (Conflict, 409))


def status_of(error: ServiceError, *, api: bool = False) -> int:
    """The status a refused action is answered with: 404 no such thing, 409
    a clash with the state it found (412 on the API when the night changed
    since the client's ``If-Match``), 422 a reused retry key, else 400."""
    if api and isinstance(error, Stale):
        return 412
    return next((status for kind, status in STATUSES if isinstance(error, kind)), 400)


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
