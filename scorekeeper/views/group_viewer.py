"""Behind a group's share link (``/gs/<token>``), read-only: the season
standings (live: the fragment polls and answers 304 while no night of the
group changed) and each player's season.  No forms, no session, no edit
links; the group's view token grants no write anywhere.
"""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, abort, render_template, request, url_for
from werkzeug.http import quote_etag
from werkzeug.wrappers import Response

from scorekeeper.services import NotFound, grants, seasons
from scorekeeper.services import groups as group_service
from scorekeeper.services.board import GROUPS
from scorekeeper.services.groups import GroupHead
from scorekeeper.services.policy import OwnerAction
from scorekeeper.services.seasons import Span
from scorekeeper.views.access import permission
from scorekeeper.views.etags import link_id, version_seen
from scorekeeper.views.rendered import send
from scorekeeper.views.season_pages import asked_span, player_page

bp = Blueprint("group_viewer", __name__)


def _group(token: str) -> GroupHead:
    try:
        return group_service.group_head_by_view_token(token)
    except NotFound as error:
        abort(404, error.message)


def _etag(token: str, version: int, span: object) -> str:
    """Changes with the group's version and the season asked for."""
    return f"g{version}-" + link_id(repr((token, span)))


def _body(token: str, variant: str, group: GroupHead | None = None) -> tuple[Response, str]:
    """The page or its live fragment for the group's version (every change
    to one of its nights raises it), rendered once for every viewer; and its
    ETag."""
    group = group or _group(token)
    asked = asked_span()
    span = _shown(asked)
    etag = _etag(token, group.version, span)

    def render() -> str:
        return render_template(
            "groups/view.html" if variant == "page" else "groups/_season_live.html",
            group=group, **seasons.season_view(group.id, asked), public=True,
            live_url=url_for("group_viewer.live", token=token) + span[1],
            etag=quote_etag(etag))
    return send(("group-view", token, group.version, variant, span), render), etag


def _shown(asked: Span) -> tuple[tuple[object, ...], str]:
    """What a page of ``asked`` shows of it: the span, and the query its live
    fragment asks with (none when the page was asked without one)."""
    query = asked.query if request.args else {}
    return asked.key(), ("?" + urlencode(query) if query else "")


@bp.get("/gs/<token>")
@permission(OwnerAction.PUBLIC)
def view(token: str) -> Response:
    """The group's season standings, for anyone with the link."""
    response, etag = _body(token, "page")
    response.set_etag(etag)
    return response


@bp.get("/gs/<token>/live")
@permission(OwnerAction.PUBLIC)
def live(token: str) -> Response:
    """The season fragment: 304 while no night of the group changed."""
    known = GROUPS.head(token, at_least=version_seen("g"))
    if known is not None:
        etag = _etag(token, known.version, _shown(asked_span()))
        if request.if_none_match.contains(etag):
            response = Response(status=304)
            response.set_etag(etag)
            return response
    response, etag = _body(token, "live", _group(token))
    response.set_etag(etag)
    return response


@bp.get("/gs/<token>/players/<name>")
@permission(OwnerAction.PUBLIC)
def player(token: str, name: str) -> str:
    """One player's season, read-only."""
    try:
        group = grants.by_view_token(grants.GROUP, token)
    except NotFound as error:
        abort(404, error.message)
    return player_page(group, name, "groups/view_player.html")
