"""The one shape of an error in JSON (docs/api.md): ``{"error": ..., "code":
...}`` with the field at fault when there is one, answered by the API's own
handlers and by the app's for any ``/api/`` path (404, 413, 503, 500...);
the HTTP status a refused service action is answered with (the services say
what went wrong, never how the web says it); and the code of a refusal no
service named, from its status and what refused it.  The codes themselves
are :class:`scorekeeper.services.Code`'s."""

from __future__ import annotations

from flask import Response, current_app, g, jsonify, request
from werkzeug.exceptions import HTTPException

from scorekeeper.services import (
    STAGE_CODES,
    Code,
    Conflict,
    NotFound,
    ServiceError,
    Stale,
    refusal_code,
)
from scorekeeper.services.events import stages as event_stages
from scorekeeper.services.once import KeyReused
from scorekeeper.views.access import bearer_token, checked_night, declared_write

#: A refusal's kind → its status, most specific first (a Stale is a Conflict).
STATUSES: tuple[tuple[type[ServiceError], int], ...] = (
    (NotFound, 404), (KeyReused, 422), (Conflict, 409))

#: The code of an answer whose refusal named none, by its status.
STATUS_CODES: dict[int, Code] = {
    400: Code.INVALID, 401: Code.BAD_TOKEN, 403: Code.FORBIDDEN, 404: Code.NOT_FOUND,
    405: Code.METHOD_NOT_ALLOWED, 409: Code.CONFLICT, 412: Code.STALE, 413: Code.TOO_LARGE,
    415: Code.NOT_JSON, 422: Code.KEY_REUSED, 500: Code.SERVER_ERROR, 503: Code.BUSY,
}


def status_of(error: ServiceError, *, api: bool = False) -> int:
    """The status a refused action is answered with: 404 no such thing, 409
    a clash with the state it found (412 on the API when the night changed
    since the client's ``If-Match``), 422 a reused retry key, else 400."""
    if api and isinstance(error, Stale):
        return 412
    return next((status for kind, status in STATUSES if isinstance(error, kind)), 400)


def error_response(message: str, status: int, field: str | None = None,
                   code: Code | None = None) -> Response:
    """``{"error": message, "code": code, "field": field}`` with ``status``
    (the status's own code when the refusal names none)."""
    named = code or STATUS_CODES.get(status, Code.INVALID if status < 500 else Code.SERVER_ERROR)
    body: dict[str, str] = {"error": message, "code": str(named)}
    if field:
        body["field"] = field
    response = jsonify(body)
    response.status_code = status
    return response


def http_code(error: HTTPException) -> Code | None:
    """The code of an HTTP refusal, from what refused the request: a 401
    without a bearer token at all is ``no_token``; a 409 is the code of the
    stage that refused it (a closed night, a finished event...)."""
    if error.code == 401 and bearer_token() is None:
        return Code.NO_TOKEN
    if error.code == 409:
        night = checked_night(error)  # the night its loader refused the write on
        if night is not None:
            return STAGE_CODES.get(night.stage)
        event = g.get("api_event")
        if event is not None:
            return refusal_code(event_stages.stage_of(event), declared_write(
                current_app.view_functions.get(request.endpoint or "")))
    return None


def http_error_response(error: HTTPException, message: str | None = None) -> Response:
    """An HTTP error in the one shape, keeping the headers it promises: a 405
    says which methods the path takes (``Allow``), a 401 how to authenticate
    (``WWW-Authenticate: Bearer``)."""
    response = error_response(message or error.description or error.name, error.code or 500,
                              code=http_code(error))
    for name, value in error.get_headers():
        if name.lower() != "content-type":
            response.headers[name] = value
    if error.code == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="scorekeeper"'
    return response
