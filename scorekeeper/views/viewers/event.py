"""Behind an event's view token (``/e/s/<token>``, the QR on the wall),
read-only: the live leaderboard (phone and big screen) with the fragment
they poll, and the seat finder.  No forms that post, no session, no
contact details; the view token grants no write anywhere.

Each page is rendered once per event version for every watcher, and the
fragment answers 304 while the version is unchanged, from the version board,
which reads the event's version at most a few times a second however many
watch: served as every watcher's pages are
(:mod:`scorekeeper.views.viewers.live`); this module says what an event's
pages show.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, render_template, request, url_for
from werkzeug.http import quote_etag
from werkzeug.wrappers import Response

from scorekeeper.ledger.events import TIE_BREAK_WORDS
from scorekeeper.ledger.money import signed
from scorekeeper.limits import PLAYER_NAME
from scorekeeper.name_match import asked_number
from scorekeeper.policy.acl import OwnerAction
from scorekeeper.services.board import EVENTS
from scorekeeper.services.events import board as event_board
from scorekeeper.services.events.board import MOST_PAGES, PAGE_ROWS, EventHead, ranks_shown
from scorekeeper.services.events.event import get_event
from scorekeeper.services.events.scores import EventStandings, standings
from scorekeeper.views.access import permission
from scorekeeper.views.rendered import send
from scorekeeper.views.viewers.live import POLLED, LiveViewer, Poll, leaders_news, or_404

bp = Blueprint("event_viewer", __name__)


#: How long a leaderboard stands before its next version is rendered: it
#: changes with every hand at any table (200 tables saving once a minute
#: are a change every 0.3 s), and a render works out the whole event's
#: standings.  Half a second keeps every watcher within two seconds of a
#: save (a poll a second, and the render) and renders at most twice a second.
SETTLE = 0.5
#: An event's watchers: every write to the event or its tables raises its version.
WATCHERS: LiveViewer[EventHead] = LiveViewer(
    "e", EVENTS, event_board.head, lambda head: (head.version, head.finished),
    settle=SETTLE)


def _page(args: Mapping[str, str]) -> int:
    """The page of the standings asked for (1 when none, or not a page; at
    most the last page the largest event has, so a page past the end can't
    make a page of its own to render)."""
    asked = args.get("page", "1")
    page = int(asked) if asked.isdigit() and 0 < len(asked) < 5 and int(asked) else 1
    return min(page, MOST_PAGES)


def _news(board: EventStandings, banner: str) -> str:
    """What changed, for a screen reader watching the leaderboard: the
    event's stage when a banner says it, and the leaders."""
    leaders = leaders_news((p.rank, p.name, signed(p.total)) for p in board.players
                           if board.started)
    return " ".join(part for part in (banner, leaders) if part)


def _context(head: EventHead, big: bool, page: int) -> dict[str, Any]:
    event = get_event(head.id)
    board = standings(event)
    seats = event_board.seat_board(head)
    sessions = range(1, event.sessions + 1)
    shown = ranks_shown(len(board.players), 1 if big else page)
    # every table drawn so far done: between sessions, or the last one is in
    played = max((t.session for t in board.tables), default=0)
    pause = board.all_done and not head.finished
    stage, banner = (
        ("final", "Final: the director has signed these standings and prizes.")
        if head.finished else
        ("waiting", "All tables done — waiting for the director to check and finish.")
        if pause and played >= event.sessions else
        ("between", f"Session {played} of {event.sessions} done — session {played + 1} next.")
        if pause else ("", ""))
    return {
        "event": event, "board": board, "seats": seats, "big": big,
        "sessions": sessions, "final": head.finished,
        "status_words": f"{'Final' if head.finished else 'Live'} · read-only",
        "stage": stage, "banner": banner, "news": _news(board, banner),
        "tie_breaks": [TIE_BREAK_WORDS[t] for t in board.tie_breaks],
        "progress": {t.number: t for t in board.tables if t.session == seats.session},
        "shown": shown, "rows": board.players[shown.first - 1:shown.last],
        "screens": [(screen, board.players[screen.first - 1:screen.last])
                    for screen in event_board.screens(len(board.players))] if big else [],
        "turn_seconds": event_board.TURN_SECONDS,
        "etag": quote_etag(WATCHERS.tag(head.view_token, head.version, head.finished,
                                        (big, shown.page))),
        "live_url": url_for("event_viewer.live", token=head.view_token,
                            big=1 if big else None,
                            page=shown.page if shown.page > 1 else None),
        "seat_url": url_for("event_viewer.seat", token=head.view_token),
    }


def _answer(token: str, big: bool, page: int, poll: bool = False) -> Response:
    """The leaderboard (or, for a ``poll``, its live fragment) for the
    event's current version, the mode and the page of the standings,
    rendered once for every watcher."""
    template = "events/viewer/_live.html" if poll else "events/viewer/board.html"

    def render(head: EventHead) -> str:
        return render_template(template, **_context(head, big, page))
    return WATCHERS.answer(token, POLLED if poll else "page", (big, page), render, poll=poll)


@bp.get("/e/s/<token>")
@permission(OwnerAction.PUBLIC)
def board(token: str) -> Response:
    """The live leaderboard anyone with the event's link can open (a page of
    the standings at a time: ``?page=2`` for the next hundred)."""
    return _answer(token, False, _page(request.args))


@bp.get("/e/s/<token>/tv")
@permission(OwnerAction.PUBLIC)
def tv(token: str) -> Response:
    """The big screen: standings and the next session's seating in turn."""
    return _answer(token, True, 1)


def _asked(args: Mapping[str, str]) -> tuple[bool, int]:
    """What a watcher of the leaderboard asks for: the big screen (its first
    page) or a page of the standings."""
    big = args.get("big") == "1"
    return big, 1 if big else _page(args)


#: The fragment the leaderboard's watchers poll (answered in front of the
#: app while unchanged).
POLL = Poll("event_viewer.live", WATCHERS, _asked)


@bp.get("/e/s/<token>/live")
@permission(OwnerAction.PUBLIC)
def live(token: str) -> Response:
    """The live fragment: 304 while the event's version is unchanged; else
    the fragment kept for the version, both without reading the database."""
    return _answer(token, *_asked(request.args), poll=True)


@bp.get("/e/s/<token>/seat")
@permission(OwnerAction.PUBLIC)
def seat(token: str) -> Response:
    """Where a player sits in the latest drawn session, by number or by his
    name or part of it, and where he stands (his rank and his page of the
    leaderboard); several players who fit are listed with their numbers and
    seats for him to pick himself.  Each answer rendered once per event
    version (the version from the board; the seat board is kept per version)."""
    known = WATCHERS.known(token)
    asked = request.args.get("q", "")[:PLAYER_NAME].strip()

    def render() -> str:
        head = or_404(event_board.head, token)
        seats = event_board.seat_board(head)
        found = seats.find(asked) if asked else []
        matches = [(f[0], f[1], None) if isinstance(f, tuple) else (f.number, f.name, f)
                   for f in found]
        number = asked_number(asked) if len(matches) != 1 else matches[0][0]
        event = get_event(head.id)
        board = standings(event)
        place = next((i for i, p in enumerate(board.players) if p.number == number), None)
        line = board.players[place] if place is not None else None
        page = place // PAGE_ROWS + 1 if place is not None else 1
        unseated = None if matches or number is None else next(
            (p.name for p in event.players if p.number == number), None)
        return render_template("events/viewer/seat.html", event=head, seats=seats,
                               asked=asked, matches=matches, number=number,
                               unseated=unseated, line=line, count=len(board.players),
                               board_url=url_for("event_viewer.board", token=token),
                               page_url=url_for("event_viewer.board", token=token,
                                                page=page if page > 1 else None))
    return send(("event-seat", token, known.version, asked), render)
