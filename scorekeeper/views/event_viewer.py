"""Behind an event's view token (``/e/s/<token>``, the QR on the wall),
read-only: the live leaderboard (phone and big screen) with the fragment
they poll, and the seat finder.  No forms that post, no session, no
contact details; the view token grants no write anywhere.

Each page is rendered once per event version for every watcher
(:mod:`scorekeeper.views.rendered`, keyed by the view token, the version
and the variant), and the fragment answers 304 while the version is
unchanged from the version board (:mod:`scorekeeper.services.board`), which
reads the event's version at most a few times a second however many watch.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request, url_for
from werkzeug.http import quote_etag
from werkzeug.wrappers import Response

from scorekeeper.ledger.events import TIE_BREAK_WORDS
from scorekeeper.limits import PLAYER_NAME
from scorekeeper.services import NotFound, event_board
from scorekeeper.services.board import EVENTS
from scorekeeper.services.event_board import EventHead
from scorekeeper.services.event_scores import standings
from scorekeeper.services.events import get_event
from scorekeeper.views.etags import link_id, version_seen
from scorekeeper.views.rendered import RENDERED

bp = Blueprint("event_viewer", __name__)


def _head(token: str) -> EventHead:
    try:
        return event_board.head(token)
    except NotFound as error:
        abort(404, error.message)


def _etag(token: str, version: int, finished: bool, big: bool) -> str:
    """Changes with every write to the event or its tables, the mode and the link."""
    return f"e{version}-{int(finished)}-{int(big)}-{link_id(token)}"


def _context(head: EventHead, big: bool) -> dict[str, Any]:
    event = get_event(head.id)
    board = standings(event)
    seats = event_board.seat_board(head)
    sessions = range(1, event.sessions + 1)
    return {
        "event": event, "board": board, "seats": seats, "big": big,
        "sessions": sessions, "final": event_board.is_final(head, board, event.sessions),
        "tie_breaks": [TIE_BREAK_WORDS[t] for t in board.tie_breaks],
        "progress": {t.number: t for t in board.tables if t.session == seats.session},
        "etag": quote_etag(_etag(head.view_token, head.version, head.finished, big)),
        "live_url": url_for("event_viewer.live", token=head.view_token,
                            big=1 if big else None),
        "seat_url": url_for("event_viewer.seat", token=head.view_token),
    }


def _body(head: EventHead, variant: str, big: bool) -> bytes:
    template = "events/viewer/_live.html" if variant == "live" else "events/viewer/board.html"
    return RENDERED.get(("event-view", head.view_token, head.version, head.finished,
                         variant, big),
                        lambda: render_template(template, **_context(head, big)))


@bp.get("/e/s/<token>")
def board(token: str) -> Response:
    """The live leaderboard anyone with the event's link can open."""
    return Response(_body(_head(token), "page", False), mimetype="text/html")


@bp.get("/e/s/<token>/tv")
def tv(token: str) -> Response:
    """The big screen: standings and the next session's seating in turn."""
    return Response(_body(_head(token), "page", True), mimetype="text/html")


@bp.get("/e/s/<token>/live")
def live(token: str) -> Response:
    """The live fragment: 304 while the event's version is unchanged."""
    big = request.args.get("big") == "1"
    known = EVENTS.head(token, at_least=version_seen("e"))
    if known is not None:
        etag = _etag(token, known.version, known.closed, big)
        if request.if_none_match.contains(etag):
            response = Response(status=304)
            response.set_etag(etag)
            return response
    try:
        head = event_board.head(token)
    except NotFound as error:
        return Response(render_template("viewer/_gone.html", message=error.message),
                        status=404, mimetype="text/html")
    response = Response(_body(head, "live", big), mimetype="text/html")
    response.set_etag(_etag(token, head.version, head.finished, big))
    return response


@bp.get("/e/s/<token>/seat")
def seat(token: str) -> Response:
    """Where a player sits in the latest drawn session, by name or number;
    each answer rendered once per event version."""
    head = _head(token)
    asked = request.args.get("q", "")[:PLAYER_NAME].strip()

    def render() -> str:
        seats = event_board.seat_board(head)
        found = seats.find(asked) if asked else None
        return render_template("events/viewer/seat.html", event=head, seats=seats,
                               asked=asked, found=found, is_bye=isinstance(found, tuple),
                               board_url=url_for("event_viewer.board", token=token))
    body = RENDERED.get(("event-seat", token, head.version, asked), render)
    return Response(body, mimetype="text/html")
