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
share page and the fragment are rendered once per version for every viewer.
Both are served as every watcher's are (:mod:`scorekeeper.views.viewers.live`);
this module says only what a night's pages show.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from flask import Blueprint, render_template, request, url_for
from werkzeug.http import quote_etag
from werkzeug.wrappers import Response

from scorekeeper.ledger.chart import Chart
from scorekeeper.ledger.stats import summarize
from scorekeeper.policy.acl import OwnerAction
from scorekeeper.services.board import BOARD
from scorekeeper.services.nights import settle as settle_service
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.nights.tables import following_night, table_by_view_token
from scorekeeper.services.nights.words import said
from scorekeeper.services.registry import done_message
from scorekeeper.views.access import permission
from scorekeeper.views.pages.rulings import rulings_page
from scorekeeper.views.viewers.live import POLLED, LiveViewer, Poll, or_404

if TYPE_CHECKING:
    from scorekeeper.db.models import GameTable

bp = Blueprint("viewer", __name__)

RECENT, RECENT_BIG = 5, 3
#: A night's watchers: its tags start with "v" (closing changes them too).
WATCHERS: LiveViewer[GameTable] = LiveViewer(
    "v", BOARD, table_by_view_token, lambda table: (table.version, table.closed_at is not None))


def _asked(args: Mapping[str, str]) -> tuple[bool]:
    """What a watcher of a night asks for: the big screen or not."""
    return (args.get("big") == "1",)


#: The fragment a night's watchers poll (answered in front of the app while unchanged).
POLL = Poll("viewer.live", WATCHERS, _asked)


def _viewed(token: str) -> TableState:
    return TableState.load(or_404(table_by_view_token, token))


def night_chart(state: TableState) -> Chart | None:
    """The running-balance chart's geometry (None before the first hand)."""
    return state.kept.chart


def next_night_url(table: GameTable, big: bool = False) -> str | None:
    """Where this night's viewers follow on once a new night started from it."""
    following = following_night(table)
    if following is None:
        return None
    return url_for("viewer.tv" if big else "viewer.view", token=following.view_token)


def _live_context(state: TableState, big: bool) -> dict[str, Any]:
    table = state.table
    recent = state.night.results[-(RECENT_BIG if big else RECENT):][::-1]
    return {
        "state": state, "table": table, "night": state.night, "big": big,
        "standings": state.standings.ranked,
        "recent": recent,
        # each last hand as a screen reader hears it when it comes (watch.js)
        "news": {r.number: f"Hand {r.number}: {said(state.rules, r)}" for r in recent},
        "chart": night_chart(state),
        "etag": quote_etag(WATCHERS.tag(table.view_token, table.version,
                                        table.closed_at is not None, (big,))),
        "live_url": url_for("viewer.live", token=table.view_token, big=1 if big else None),
        "next_url": next_night_url(table, big),
        "table_done": done_message(state),
    }


def _answer(token: str, big: bool, poll: bool = False) -> Response:
    """The share page (or, for a ``poll``, its live fragment) for the table's
    current version, rendered once for every viewer."""
    def render(table: GameTable) -> str:
        context = _live_context(TableState.load(table), big)
        if poll:
            return render_template("viewer/_live.html", **context)
        return render_template("viewer/live.html", **context,
                               tv_url=url_for("viewer.tv", token=token),
                               phone_url=url_for("viewer.view", token=token))
    return WATCHERS.answer(token, POLLED if poll else "page", (big,), render, poll=poll)


@bp.get("/s/<token>")
@permission(OwnerAction.PUBLIC)
def view(token: str) -> Response:
    """The live, read-only standings anyone with the link can open (``?big=1``: TV)."""
    return _answer(token, request.args.get("big") == "1")


@bp.get("/s/<token>/tv")
@permission(OwnerAction.PUBLIC)
def tv(token: str) -> Response:
    """Big-screen mode for a TV or laptop at the table."""
    return _answer(token, True)


@bp.get("/s/<token>/live")
@permission(OwnerAction.PUBLIC)
def live(token: str) -> Response:
    """The live fragment: 304 while nothing changed, answered from the version
    board (:mod:`scorekeeper.services.board`) without a database read for most
    polls; else the fragment rendered once for this version.

    A replaced link answers a 404 fragment that says so and stops the polling.
    """
    return _answer(token, *_asked(request.args), poll=True)


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
