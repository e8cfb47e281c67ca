"""What a group's scorekeeper pages (:mod:`scorekeeper.views.pages.groups.group`)
and its share pages (:mod:`scorekeeper.views.viewers.group`) share: the
season a request asks for, what a season page shows, and a player's season
page.  The season itself is worked out by :mod:`scorekeeper.services.groups.seasons`,
the skill rating beside it by :mod:`scorekeeper.services.groups.ratings`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flask import abort, render_template, request

from scorekeeper.limits import MAX_NAME_ASKED
from scorekeeper.names import find_name
from scorekeeper.services import ServiceError
from scorekeeper.services.groups import group as group_service
from scorekeeper.services.groups import ratings, seasons
from scorekeeper.services.groups.ratings import GroupLike
from scorekeeper.services.groups.seasons import Span

if TYPE_CHECKING:
    from scorekeeper.db.models import Group


def asked_span() -> Span:
    """The season the query asks for; a bad one is a 400 that says why."""
    unknown = sorted(set(request.args) - {"season", "from", "to"})
    if unknown:
        abort(400, f"Unknown parameter: {unknown[0][:40]}")
    try:
        return seasons.span(request.args.get("season"), request.args.get("from"),
                            request.args.get("to"))
    except ServiceError as error:
        abort(400, error.message)


def season_context(group: GroupLike, asked: Span) -> dict[str, Any]:
    """What a season page shows (the scorekeeper's and the share link's): the
    season's standings and nights, and every player's skill rating."""
    return {**seasons.season_view(group.id, asked),
            "ratings": ratings.season_ratings(group, asked)}


def player_page(group: Group, name: str, template: str) -> str:
    """A player's season page (the scorekeeper's or behind the share link):
    their season and their skill rating over it, and how many of their
    nights were nights of totals (which kept no hands: the page says the
    hands weren't recorded rather than showing zeros)."""
    found = find_name(name[:MAX_NAME_ASKED], group_service.members(group))
    if found is None:
        abort(404, f"{name[:40]} isn't one of {group.name}'s players")
    asked = asked_span()
    view = seasons.player_view(group.id, asked, found)
    me = view["me"]
    paper_nights = sum(1 for night, _ in me.running if night.paper) if me else 0
    return render_template(template, group=group, **view, paper_nights=paper_nights,
                           rated=ratings.player_rating(group, asked, found))
