"""What a group's scorekeeper pages (:mod:`scorekeeper.views.pages.groups.group`)
and its share pages (:mod:`scorekeeper.views.viewers.group`) share: the
season a request asks for, what a season page shows, and a player's season
page.  The season itself is worked out by :mod:`scorekeeper.services.groups.seasons`,
the skill rating beside it by :mod:`scorekeeper.services.groups.ratings`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from flask import abort, render_template, request

from scorekeeper.ledger.chart import PALETTE, Chart
from scorekeeper.ledger.money import money
from scorekeeper.ledger.season import Season, season_chart
from scorekeeper.limits import MAX_NAME_ASKED, whole_number
from scorekeeper.names import find_name
from scorekeeper.services import ServiceError
from scorekeeper.services.groups import group as group_service
from scorekeeper.services.groups import ratings, seasons
from scorekeeper.services.groups.ratings import GroupLike
from scorekeeper.services.groups.seasons import Span
from scorekeeper.views.viewers.live import leaders_news

if TYPE_CHECKING:
    from scorekeeper.db.models import Group


#: A season page's nights at a time, newest first: a long season opens on its
#: standings and its latest nights, the older ones a page further each
#: (``?page=2``…, plain links: no script needed, on the share page too).
NIGHTS_PER_PAGE = 20
#: The season's chart draws its best this many players, one colour each (a
#: league of sixty is a page of tangled lines, and 115 KB of them).
CHART_PLAYERS = len(PALETTE)
#: A season of more players than this opens on its best :data:`STANDINGS_SHOWN`;
#: the others are in the page, behind the link under them (no script needed).
STANDINGS_FOLD = 25
STANDINGS_SHOWN = 20


def asked_span(paged: bool = False) -> Span:
    """The season the query asks for; a bad one is a 400 that says why.
    ``paged``: the query may also ask for a page of the season's nights
    (:func:`asked_page`)."""
    unknown = sorted(set(request.args) - {"season", "from", "to", *(["page"] if paged else [])})
    if unknown:
        abort(400, f"Unknown parameter: {unknown[0][:40]}")
    try:
        return seasons.span(request.args.get("season"), request.args.get("from"),
                            request.args.get("to"))
    except ServiceError as error:
        abort(400, error.message)


def asked_page() -> int:
    """The page of the season's nights the query asks for (1: the standings
    and the latest nights); a page past the last shows the last."""
    raw = request.args.get("page")
    if raw is None:
        return 1
    number = whole_number(raw)
    if number is None:
        abort(400, "page must be a whole number from 1")
    return number


@dataclass(frozen=True)
class NightsPage:
    """One page of a season's nights (or a player's: each with his running
    total), newest first: the ``number``-th of ``pages``, its nights (the
    ``first``-th to the ``last``-th newest of ``total``), and the season's
    query, which every link to another page keeps (relative links: the same
    on the scorekeeper's and the share page)."""

    number: int
    pages: int
    total: int
    first: int
    last: int
    nights: tuple[Any, ...]
    query: tuple[tuple[str, str], ...]

    def url(self, number: int) -> str:
        """The link to page ``number`` of the same season (page 1: no ``page``)."""
        query = dict(self.query) | ({"page": str(number)} if number > 1 else {})
        return "?" + urlencode(query)


def nights_page(newest_first: Sequence[Any], asked: Span, number: int) -> NightsPage:
    """Page ``number`` of the nights (past the last: the last)."""
    total = len(newest_first)
    pages = max(1, -(-total // NIGHTS_PER_PAGE))
    number = min(number, pages)
    start = (number - 1) * NIGHTS_PER_PAGE
    shown = tuple(newest_first[start:start + NIGHTS_PER_PAGE])
    return NightsPage(number, pages, total, start + 1, start + len(shown), shown,
                      tuple(asked.query.items()))


def _chart_of_the_best(totals: Season, chart: Chart | None) -> Chart | None:
    """The season's chart, of its best :data:`CHART_PLAYERS` players when it
    has more (scaled to their lines, not to the lines left out)."""
    if chart is None or len(totals.rows) <= CHART_PLAYERS:
        return chart
    return season_chart(replace(totals, rows=totals.rows[:CHART_PLAYERS]))


def season_context(group: GroupLike, asked: Span, page: int = 1) -> dict[str, Any]:
    """What a season page shows (the scorekeeper's and the share link's): the
    season's standings (how many before the fold: ``standings_shown``), its
    chart (of its best players) and every player's skill rating, and one page
    of its nights (``page``; past the first, the page shows only its nights)."""
    view = seasons.season_view(group.id, asked)
    paged = nights_page(view["nights"], asked, page)
    if paged.number > 1:
        return {**view, "chart": None, "ratings": None, "nights_page": paged, "news": ""}
    season = view["season"]
    players = len(season.rows)
    return {**view, "chart": _chart_of_the_best(season, view["chart"]),
            "news": leaders_news((r.rank, r.name, money(r.cents)) for r in season.rows),
            "ratings": ratings.shown_ratings(group, asked), "nights_page": paged,
            "standings_shown": STANDINGS_SHOWN if players > STANDINGS_FOLD else players}


def player_page(group: Group, name: str, template: str, **extra: Any) -> str:
    """A player's season page (the scorekeeper's or behind the share link):
    their season and their skill rating over it, and how many of their
    nights were nights of totals (which kept no hands: the page says the
    hands weren't recorded rather than showing zeros)."""
    found = find_name(name[:MAX_NAME_ASKED], group_service.members(group))
    if found is None:
        abort(404, f"{name[:40]} isn't one of {group.name}'s players")
    asked = asked_span(paged=True)
    view = seasons.player_view(group.id, asked, found)
    me = view["me"]
    paper_nights = sum(1 for night, _ in me.running if night.paper) if me else 0
    running = nights_page(list(reversed(me.running)) if me else [], asked, asked_page())
    return render_template(template, group=group, **view, paper_nights=paper_nights,
                           rated=ratings.player_rating(group, asked, found),
                           running_page=running, **extra)
