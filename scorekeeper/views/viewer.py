"""Everything behind a share link (``/s/<token>``), read-only: the live
standings (phone and big screen) with the fragment they poll, the night
summary and the rulings.  No forms, no session, no edit links; the view token
grants no write anywhere (see :mod:`scorekeeper.views.access`).

The share link is the key: no referrer carries it away and no search engine
indexes it; the pages are the same for everyone holding it, so a proxy may
keep each for a second (:mod:`scorekeeper.views.caching` decides both, for
every page behind a view link).  The live fragment answers 304
while the table's version is unchanged, before any replay, so an idle viewer
costs no database read at all for most polls (the version board); the
share page and the fragment are rendered once per version for every viewer
(:mod:`scorekeeper.views.rendered`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, render_template, request, url_for
from werkzeug.http import quote_etag
from werkzeug.wrappers import Response

from scorekeeper.db.models import GameTable
from scorekeeper.ledger.chart import Chart
from scorekeeper.ledger.stats import summarize
from scorekeeper.services import NotFound
from scorekeeper.services import settle as settle_service
from scorekeeper.services.board import BOARD, Head
from scorekeeper.services.event_scores import done_message
from scorekeeper.services.policy import OwnerAction
from scorekeeper.services.state import TableState
from scorekeeper.services.tables import following_night, table_by_view_token
from scorekeeper.views.access import permission
from scorekeeper.views.etags import link_id, version_seen
from scorekeeper.views.pages.rulings import rulings_page
from scorekeeper.views.rendered import RENDERED, send, sent

bp = Blueprint("viewer", __name__)

RECENT, RECENT_BIG = 5, 3

def _viewed(token: str) -> TableState:
    try:
        return TableState.load(table_by_view_token(token))
    except NotFound as error:
        abort(404, error.message)


def night_chart(state: TableState) -> Chart | None:
    """The running-balance chart's geometry (None before the first hand)."""
    return state.kept.chart


def next_night_url(table: GameTable, big: bool = False) -> str | None:
    """Where this night's viewers follow on once a new night started from it."""
    following = following_night(table)
    if following is None:
        return None
    return url_for("viewer.tv" if big else "viewer.view", token=following.view_token)


def _etag(token: str, version: int, closed: bool, big: bool) -> str:
    """Changes with every write (the version), closing, the mode and the link."""
    return f"v{version}-{int(closed)}-{int(big)}-{link_id(token)}"


def _live_context(state: TableState, big: bool) -> dict[str, Any]:
    table = state.table
    return {
        "state": state, "table": table, "night": state.night, "big": big,
        "standings": state.standings.ranked,
        "recent": state.night.results[-(RECENT_BIG if big else RECENT):][::-1],
        "chart": night_chart(state),
        "etag": quote_etag(_etag(table.view_token, table.version, table.closed_at is not None,
                                 big)),
        "live_url": url_for("viewer.live", token=table.view_token, big=1 if big else None),
        "next_url": next_night_url(table, big),
        "table_done": done_message(state),
    }


def _key(token: str, version: int, closed: bool, variant: str, big: bool) -> tuple[Any, ...]:
    return (token, version, closed, variant, big)


def _rendered(token: str, variant: str, big: bool, render: Callable[[TableState], str],
              head: Head | None) -> tuple[Response, str]:
    """The body for the table's current version, rendered once for every
    viewer (gzipped once for those who accept it), and its ETag.  When the
    board knows the version and the body is kept, the database is not read
    at all."""
    if head is not None:
        key = _key(token, head.version, head.closed, variant, big)
        body = RENDERED.peek(key)
        if body is not None:
            return sent(key, body), _etag(token, head.version, head.closed, big)
    table = table_by_view_token(token)
    closed = table.closed_at is not None
    key = _key(token, table.version, closed, variant, big)
    return (send(key, lambda: render(TableState.load(table))),
            _etag(token, table.version, closed, big))


def _page(token: str, big: bool) -> Response:
    try:
        response, etag = _rendered(token, "page", big, lambda state: render_template(
            "viewer/live.html", **_live_context(state, big),
            tv_url=url_for("viewer.tv", token=token),
            phone_url=url_for("viewer.view", token=token)), BOARD.head(token))
    except NotFound as error:
        abort(404, error.message)
    response.set_etag(etag)  # the version's: no hashing of the page per request
    return response


@bp.get("/s/<token>")
@permission(OwnerAction.PUBLIC)
def view(token: str) -> Response:
    """The live, read-only standings anyone with the link can open (``?big=1``: TV)."""
    return _page(token, request.args.get("big") == "1")


@bp.get("/s/<token>/tv")
@permission(OwnerAction.PUBLIC)
def tv(token: str) -> Response:
    """Big-screen mode for a TV or laptop at the table."""
    return _page(token, True)


@bp.get("/s/<token>/live")
@permission(OwnerAction.PUBLIC)
def live(token: str) -> Response:
    """The live fragment: 304 while nothing changed, answered from the version
    board (:mod:`scorekeeper.services.board`) without a database read for most
    polls; else the fragment rendered once for this version.

    A replaced link answers a 404 fragment that says so and stops the polling.
    """
    big = request.args.get("big") == "1"
    head = BOARD.head(token, at_least=version_seen("v"))
    if head is not None:
        etag = _etag(token, head.version, head.closed, big)
        if request.if_none_match.contains(etag):
            response = Response(status=304)
            response.set_etag(etag)
            return response
    try:
        response, etag = _rendered(token, "live", big, lambda state: render_template(
            "viewer/_live.html", **_live_context(state, big)), head)
    except NotFound as error:
        return Response(render_template("viewer/_gone.html", message=error.message),
                        status=404, mimetype="text/html")
    response.set_etag(etag)
    return response


@bp.get("/s/<token>/summary")
@permission(OwnerAction.PUBLIC)
def summary(token: str) -> str:
    """The night summary (read-only, works after closing)."""
    state = _viewed(token)
    return render_template("viewer/summary.html", **summary_context(state))


def summary_context(state: TableState) -> dict[str, Any]:
    """What the night summary shows, for the scorekeeper and behind the share link."""
    return {"state": state, "table": state.table, "night": state.night,
            "summary": summarize(state.night), "following": following_night(state.table),
            "standings": state.standings.ranked,
            "settlement": settle_service.settlement(state), "chart": night_chart(state)}


@bp.get("/s/<token>/rulings")
@permission(OwnerAction.PUBLIC)
def rulings(token: str) -> Response:
    """The table's rulings and payout chart, for anyone with the share link."""
    state = _viewed(token)
    return rulings_page("viewer/rulings.html", state.rules, table=state.table,
                        stake=state.table.stake_cents,
                        live_url=url_for("viewer.view", token=token))
