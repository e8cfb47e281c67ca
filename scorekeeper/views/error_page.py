"""The error page every refusal of a page is shown on, in one place: the
app's handlers (:mod:`scorekeeper.errors`) and a route that answers a
refusal itself (:mod:`scorekeeper.views.throttle`) show the same page."""

from __future__ import annotations

from typing import Any

from flask import Response, render_template
from markupsafe import escape


def error_page(title: str, message: str, code: int, access: Any = None) -> Any:
    """The error page (of a night's route: ``access``, what the request may
    do there, leads back to the table); when even that can't be built (a
    request whose Host was refused has no URLs to link), a plain page that
    says the same."""
    try:
        return render_template("error.html", title=title, message=message, code=code,
                               access=access), code
    except Exception:  # noqa: BLE001 - the page must never fail on top of the error
        body = f"<!doctype html><title>{escape(title)}</title><p>{escape(message)}</p>"
        return Response(body, mimetype="text/html"), code
