"""Sharing a table.  For the scorekeeper: the QR of the read-only share link,
a one-time "take over scoring" code, and the phones that can edit.  For
everyone else: the live standings behind the share link, which poll a
fragment with ETag/304 so an idle viewer costs one indexed lookup a second.

The share page has no forms and no edit links; the view token it carries
grants no write anywhere (see views/auth.py).
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from markupsafe import Markup
from werkzeug.http import quote_etag
from werkzeug.wrappers import Response

from scorekeeper.chart_svg import running_chart
from scorekeeper.models import GameTable, Handover
from scorekeeper.qr import only_this_machine, qr_svg
from scorekeeper.services import NotFound, ServiceError
from scorekeeper.services import share as share_service
from scorekeeper.services.hands import describe
from scorekeeper.services.tables import (
    get_table,
    next_night,
    night_of,
    player_names,
    table_by_view_token,
)
from scorekeeper.views.auth import remember_editor, require_editor, session_token
from scorekeeper.views.hands import pending_text

bp = Blueprint("share", __name__)

RECENT, RECENT_BIG = 5, 3
HANDOVERS = "handovers"  # session key: the take-over code this device showed last, per table
PRIVATE = {"Cache-Control": "no-cache, private", "Referrer-Policy": "no-referrer",
           "X-Robots-Tag": "noindex"}


def _table(table_id: int) -> GameTable:
    try:
        return get_table(table_id)
    except NotFound as error:
        abort(404, error.message)


def link(endpoint: str, **values: Any) -> str:
    """An absolute URL for other phones: ``SCOREKEEPER_BASE_URL`` when set,
    else the address this request came in on."""
    base = current_app.config.get("SCOREKEEPER_BASE_URL")
    if base:
        return str(base).rstrip("/") + url_for(endpoint, **values)
    return url_for(endpoint, _external=True, **values)


def utc_iso(moment: datetime) -> str:
    """ISO time with its UTC offset (SQLite hands back naive UTC datetimes)."""
    aware = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return aware.astimezone(UTC).isoformat(timespec="seconds")


# --- the scorekeeper's share page -------------------------------------------------

@bp.get("/t/<int:table_id>/share")
def share(table_id: int) -> str:
    """QR and link to share, a take-over code, and the phones that can edit."""
    table = _table(table_id)
    me = require_editor(table)
    share_url = link("share.view", token=table.view_token)
    handover, claim_url = _my_handover(table)
    return render_template(
        "share/share.html", table=table, active="share", me=me, share_url=share_url,
        tv_url=link("share.tv", token=table.view_token), unreachable=only_this_machine(share_url),
        qr=Markup(qr_svg(share_url, "QR code of the share link")),
        handover=handover, claim_url=claim_url,
        claim_qr=Markup(qr_svg(claim_url, "QR code to take over scoring")) if claim_url else None,
        editors=share_service.active_editors(table), utc_iso=utc_iso,
        minutes=int(share_service.HANDOVER_LIFETIME.total_seconds() // 60))


def _my_handover(table: GameTable) -> tuple[Handover | None, str | None]:
    """The take-over code this device showed last: (row, URL) while it can still be
    used, (row, None) once it was claimed (said once, then forgotten)."""
    codes = dict(session.get(HANDOVERS, {}))
    token = codes.get(str(table.id))
    if not isinstance(token, str):
        return None, None
    live = share_service.live_handover(token)
    if live is not None and live.table_id == table.id:
        return live, link("share.claim", token=token)
    used = share_service.handover_of(token)
    codes.pop(str(table.id))
    session[HANDOVERS] = codes
    return (used, None) if used is not None and used.used_at is not None else (None, None)


@bp.post("/t/<int:table_id>/share/new")
def new_link(table_id: int) -> Response:
    """Replace the share link; the old link and QR stop working at once."""
    table = _table(table_id)
    require_editor(table)
    share_service.rotate_view_token(table)
    flash("New share link made. The old link and QR code no longer work: "
          "let the table scan the new one.")
    return redirect(url_for("share.share", table_id=table.id))


@bp.post("/t/<int:table_id>/share/handover")
def handover(table_id: int) -> Response:
    """Make a one-time take-over code; this device keeps it to show its QR."""
    table = _table(table_id)
    require_editor(table)
    try:
        token = share_service.start_handover(table)
    except ServiceError as error:
        flash(error.message, "error")
        return redirect(url_for("share.share", table_id=table.id))
    session[HANDOVERS] = {**session.get(HANDOVERS, {}), str(table.id): token}
    return redirect(url_for("share.share", table_id=table.id, _anchor="handover"))


@bp.post("/t/<int:table_id>/editors/<int:editor_id>/revoke")
def revoke(table_id: int, editor_id: int) -> Response:
    """Stop a phone editing, at once (this phone too, after a warning)."""
    table = _table(table_id)
    me = require_editor(table)
    try:
        gone = share_service.revoke_editor(table, editor_id)
    except ServiceError as error:
        flash(error.message, "error")
        return redirect(url_for("share.share", table_id=table.id))
    if gone.id != me.id:
        flash(f"{gone.label} can no longer edit {table.name}.")
        return redirect(url_for("share.share", table_id=table.id))
    editors = dict(session.get("editors", {}))
    editors.pop(str(table.id), None)
    session["editors"] = editors
    flash(f"This phone can no longer edit {table.name}.")
    return redirect(url_for("tables.home"))


# --- taking over scoring on another phone -----------------------------------------

@bp.route("/claim/<token>", methods=["GET", "POST"])
def claim(token: str) -> str | Response | tuple[str, int]:
    """Opened from the take-over QR: name this phone, then it may edit (once).

    Opening the link changes nothing (link previews and scanners open links);
    only the button does.
    """
    code = share_service.live_handover(token)
    if code is None:
        abort(404, share_service.CODE_GONE)
    table = _table(code.table_id)
    error = None
    if request.method == "POST":
        try:
            table, edit_token = share_service.claim_handover(token, request.form.get("label", ""))
        except NotFound as failure:
            abort(404, failure.message)
        except ServiceError as failure:
            error = failure.message
        else:
            remember_editor(table.id, edit_token)
            flash(f"This phone now keeps score for {table.name}.")
            return redirect(url_for("hands.ledger", table_id=table.id))
    page = render_template("share/claim.html", table=table, error=error,
                           already=session_token(table.id) is not None,
                           label=request.form.get("label", ""))
    return (page, 400) if error else page


# --- the public share page ---------------------------------------------------------

def _viewed(token: str) -> GameTable:
    try:
        return table_by_view_token(token)
    except NotFound as error:
        abort(404, error.message)


def _etag(table: GameTable, big: bool) -> str:
    """Changes with every write (the version), closing, the mode and the link."""
    link_id = hashlib.sha256(table.view_token.encode()).hexdigest()[:12]
    return f"v{table.version}-{int(table.closed_at is not None)}-{int(big)}-{link_id}"


def _live_context(table: GameTable, big: bool) -> dict[str, Any]:
    night = night_of(table)
    return {
        "table": table, "night": night, "big": big, "describe": describe,
        "standings": share_service.standings(table.players, night.balances, table.stake_cents),
        "recent": night.results[-(RECENT_BIG if big else RECENT):][::-1],
        "pending": pending_text(night),
        "chart": running_chart(player_names(table), [r.balances for r in night.results]),
        "etag": quote_etag(_etag(table, big)),
        "live_url": url_for("share.live", token=table.view_token, big=1 if big else None),
        "next_url": next_night_url(table, big),
    }


def next_night_url(table: GameTable, big: bool = False) -> str | None:
    """Where this night's viewers follow on once a new night started from it."""
    following = next_night(table)
    if following is None:
        return None
    return url_for("share.tv" if big else "share.view", token=following.view_token)


def _page(token: str, big: bool) -> Response:
    table = _viewed(token)
    html = render_template("share/view.html", **_live_context(table, big),
                           tv_url=url_for("share.tv", token=token),
                           phone_url=url_for("share.view", token=token))
    return Response(html, headers=PRIVATE, mimetype="text/html")


@bp.get("/s/<token>")
def view(token: str) -> Response:
    """The live, read-only standings anyone with the link can open (``?big=1``: TV)."""
    return _page(token, request.args.get("big") == "1")


@bp.get("/s/<token>/tv")
def tv(token: str) -> Response:
    """Big-screen mode for a TV or laptop at the table."""
    return _page(token, True)


@bp.get("/s/<token>/live")
def live(token: str) -> Response:
    """The live fragment: 304 while nothing changed, else fresh HTML.

    The 304 check runs before the night is replayed, so polling an idle
    table costs one indexed lookup.  A replaced link answers a 404 fragment
    that says so and stops the polling.
    """
    try:
        table = table_by_view_token(token)
    except NotFound as error:
        return Response(render_template("share/_gone.html", message=error.message),
                        status=404, headers=PRIVATE, mimetype="text/html")
    big = request.args.get("big") == "1"
    etag = _etag(table, big)
    if request.if_none_match.contains(etag):
        response = Response(status=304, headers=PRIVATE)
    else:
        response = Response(render_template("share/_live.html", **_live_context(table, big)),
                            headers=PRIVATE, mimetype="text/html")
    response.set_etag(etag)
    return response
