"""Behind a group's share link (``/gs/<token>``), read-only: the season
standings (live: the fragment polls and answers 304 while no night of the
group changed) and each player's season.  No forms, no session, no edit
links; the group's view token grants no write anywhere.  Served as every
watcher's pages are (:mod:`scorekeeper.views.viewers.live`); this module says
only what a group's pages show.
"""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, render_template, request, url_for
from werkzeug.http import quote_etag
from werkzeug.wrappers import Response

from scorekeeper.policy.acl import OwnerAction
from scorekeeper.services.board import GROUPS
from scorekeeper.services.grants import grants
from scorekeeper.services.groups import group as group_service
from scorekeeper.services.groups.group import GroupHead
from scorekeeper.services.groups.seasons import Span
from scorekeeper.views.access import permission
from scorekeeper.views.etags import version_tag
from scorekeeper.views.viewers.live import Asked, LiveViewer, or_404
from scorekeeper.views.viewers.season import (
    asked_page,
    asked_span,
    player_page,
    season_context,
)

bp = Blueprint("group_viewer", __name__)


class _GroupWatchers(LiveViewer[GroupHead]):
    def tag(self, token: str, version: int, closed: bool, asked: Asked) -> str:
        """Changes with the group's version and the season asked for."""
        return version_tag("g", version, link=repr((token, *asked)))


#: A group's watchers: every change to one of its nights raises its version.
WATCHERS = _GroupWatchers("g", GROUPS, group_service.group_head_by_view_token,
                          lambda group: (group.version, False))


def _answer(token: str, variant: str) -> Response:
    """The page or its live fragment for the group's version and the season
    asked for, rendered once for every viewer.  A link no group has is a 404
    before the season asked for is read (a poll's is the notice that ends
    polling, answered below)."""
    if variant == "page":
        WATCHERS.known(token)
    asked = asked_span(paged=True)
    page = asked_page()
    span = _shown(asked, page)

    def render(group: GroupHead) -> str:
        return render_template(
            "groups/view.html" if variant == "page" else "groups/_season_live.html",
            group=group, **season_context(group, asked, page), public=True,
            live_url=url_for("group_viewer.live", token=token) + span[1],
            etag=quote_etag(WATCHERS.tag(token, group.version, False, (span,))))
    return WATCHERS.answer(token, variant, (span,), render, poll=variant == "live")


def _shown(asked: Span, page: int) -> tuple[tuple[object, ...], str]:
    """What a page of ``asked`` shows of it: the span and the page of its
    nights, and the query its live fragment asks with (none when the page
    was asked without one)."""
    query = (asked.query | ({"page": str(page)} if page > 1 else {})) if request.args else {}
    return (*asked.key(), page), ("?" + urlencode(query) if query else "")


@bp.get("/gs/<token>")
@permission(OwnerAction.PUBLIC)
def view(token: str) -> Response:
    """The group's season standings, for anyone with the link."""
    return _answer(token, "page")


@bp.get("/gs/<token>/live")
@permission(OwnerAction.PUBLIC)
def live(token: str) -> Response:
    """The season fragment: 304 while no night of the group changed."""
    return _answer(token, "live")


@bp.get("/gs/<token>/players/<name>")
@permission(OwnerAction.PUBLIC)
def player(token: str, name: str) -> str:
    """One player's season, read-only."""
    group = or_404(lambda view: grants.by_view_token(grants.GROUP, view), token)
    return player_page(group, name, "groups/view_player.html")
