"""The app's answers to errors: a refusal in players' words, an HTTP error,
the database busy or out of reach (503 and Retry-After, never a 500), and
a fault of ours (logged with the request's id, never a secret)."""

from __future__ import annotations

from typing import Any

from flask import Flask, g, request
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import DBAPIError, PendingRollbackError
from werkzeug.exceptions import HTTPException, SecurityError

from scorekeeper.db.engine import is_busy, is_unreachable
from scorekeeper.db.models import db
from scorekeeper.services import ServiceError
from scorekeeper.services.background import elsewhere
from scorekeeper.views.access import error_night
from scorekeeper.views.error_page import error_page
from scorekeeper.views.json_errors import error_response, http_error_response, status_of

#: The error page's heading for a refusal, by status.
REFUSED_TITLES = {403: "Read-only here", 404: "Not found", 409: "Not now"}


def _bad_host() -> bool:
    try:
        request.host  # noqa: B018 - raises for a Host the app doesn't answer to
    except SecurityError:
        return True
    return False


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def register_errors(app: Flask) -> None:
    """Every error's answer, in the request's own form (JSON for the API, a
    page otherwise): a refusal, an HTTP error, the database busy or out of
    reach, and a fault of ours, never with a secret or a half-written change."""
    _refusals(app)
    _faults(app)


def _refusals(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError) -> Any:
        return error_page("Form expired", "This form is out of date. Go back, reload the "
                          "page and try again.", 400)

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Any:
        message = error.description or error.name
        if isinstance(error, SecurityError) or error.code == 400 and _bad_host():
            message = ("This address is not one this server answers to. Open the app "
                       "through the address it printed when it started.")
        if _wants_json():
            return http_error_response(error, message)
        return error_page(error.name, message, error.code or 500, error_night(error))

    @app.errorhandler(ServiceError)
    def refused(error: ServiceError) -> Any:
        db.session.rollback()
        status = status_of(error)
        if _wants_json():
            return error_response(error.message, status, error.field, error.code)
        return error_page(REFUSED_TITLES.get(status, "Not done"), error.message, status,
                          error_night(error))



#: What a phone is told while the database can't be reached.
UNREACHABLE = "The server can't reach its scores for a moment; try again shortly"


def _faults(app: Flask) -> None:
    def again(message: str) -> Any:
        """503 with Retry-After, in the request's own form (JSON or a page)."""
        headers = {"Retry-After": "1"}
        if _wants_json():
            return error_response(message, 503), headers
        page, code = error_page("Busy", message, 503)
        return page, code, headers

    @app.errorhandler(DBAPIError)
    def busy(error: DBAPIError) -> Any:
        """503 and Retry-After, never a 500, while the database is busy or
        out of reach (restarting): nothing was written, and the same request
        sent again goes through once it is back."""
        db.session.rollback()
        if is_busy(error):
            return again("The scores are busy being saved from another phone; "
                         "try again in a moment")
        if is_unreachable(error):
            app.logger.warning("The database can't be reached: %s", type(error.orig).__name__)
            return again(UNREACHABLE)
        return crash(error)

    @app.errorhandler(elsewhere.Unavailable)
    def import_unavailable(error: elsewhere.Unavailable) -> Any:
        """An import the server can't take now (too many at once, its
        process stopped): nothing was written; a 503 to send again."""
        db.session.rollback()
        return again(error.message)

    @app.errorhandler(PendingRollbackError)
    def lost_midway(error: PendingRollbackError) -> Any:
        """The database connection was lost under a transaction (the server
        restarting): nothing of it was written; a 503 to send again."""
        db.session.rollback()
        app.logger.warning("A transaction's connection was lost: %s", type(error).__name__)
        return again(UNREACHABLE)

    @app.errorhandler(Exception)
    def crash(error: Exception) -> Any:
        app.logger.exception("Unhandled error (request %s)", g.get("request_id")
                             or request.headers.get("X-Request-Id", "")[:100] or "-")
        db.session.rollback()
        if _wants_json():
            return error_response("Something went wrong on our side; nothing was changed", 500)
        return error_page("Something went wrong", "Nothing was changed. Try again.", 500,
                          error_night(error))
