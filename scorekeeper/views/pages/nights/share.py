"""Sharing a table, for the scorekeeper: the QR of the read-only share link,
a one-time "take over scoring" code (and the page another phone opens from
it), and the phones that can edit.  What the share link itself shows is in
:mod:`scorekeeper.views.viewers.night`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from flask import Blueprint, flash, redirect, render_template, request, session, url_for
from markupsafe import Markup
from werkzeug.wrappers import Response

from scorekeeper.limits import MAX_GRANT_LABEL
from scorekeeper.policy.acl import Action, OwnerAction
from scorekeeper.services import ServiceError
from scorekeeper.services.access.credentials import TABLE
from scorekeeper.services.grants import grants, handovers
from scorekeeper.services.grants import share as share_service
from scorekeeper.services.registry import owner_of
from scorekeeper.views import claims
from scorekeeper.views.access import load_table, permission
from scorekeeper.views.forms import made_on_form
from scorekeeper.views.held import TABLES_HELD, forget_editor
from scorekeeper.views.json_errors import status_of
from scorekeeper.views.pages import refused
from scorekeeper.views.qr import link, network_addresses, only_this_machine, qr_svg

if TYPE_CHECKING:
    from scorekeeper.db.models import GameTable, Handover
    from scorekeeper.services.access.credentials import NightAccess

bp = Blueprint("share", __name__)

HANDOVERS = "handovers"  # session key: the take-over code this device showed last, per table
CLAIM = claims.ClaimPage(grants.TABLE, TABLES_HELD, "share/claim.html", "table", "hands.ledger",
                         "This phone now keeps score for {name}.",
                         lambda table: owner_of(table).claim_words(table))


# --- the scorekeeper's share page -------------------------------------------------

@bp.get("/t/<int:table_id>/share")
@permission(Action.SHARE)
def share(table_id: int) -> str:
    """QR and link to share, a take-over code, and the phones that can edit."""
    night = load_table(table_id)
    table = night.state.table
    share_url = link("viewer.view", token=table.view_token)
    handover, claim_url = _my_handover(table)
    unreachable = only_this_machine(share_url)
    return render_template(
        "share/share.html", table=table, active="share", me=night.grant, share_url=share_url,
        tv_url=link("viewer.tv", token=table.view_token), unreachable=unreachable,
        network=network_addresses() if unreachable else [],
        qr=Markup(qr_svg(share_url, "QR code of the share link")),
        handover=handover, claim_url=claim_url,
        claim_qr=Markup(qr_svg(claim_url, "QR code to take over scoring")) if claim_url else None,
        editors=grants.active_grants(grants.TABLE, table),
        minutes=int(handovers.HANDOVER_LIFETIME.total_seconds() // 60), access=night)


def _my_handover(table: GameTable) -> tuple[Handover | None, str | None]:
    """The take-over code this device showed last: (row, URL) while it can still be
    used, (row, None) once it was claimed (said once, then forgotten)."""
    codes = dict(session.get(HANDOVERS, {}))
    token = codes.get(str(table.id))
    if not isinstance(token, str):
        return None, None
    live = handovers.live_handover(grants.TABLE, token)
    if live is not None and live.owner_id == table.owner_id:
        return live, link("share.claim", token=token)
    used = handovers.handover_of(grants.TABLE, token)
    codes.pop(str(table.id))
    session[HANDOVERS] = codes
    return (used, None) if used is not None and used.used_at is not None else (None, None)


@bp.post("/t/<int:table_id>/share/new")
@permission(Action.SHARE)
def new_link(table_id: int) -> Response | tuple[str, int]:
    """Replace the share link; the old link and QR stop working at once.  On
    the night the page showed: a double tap makes one new link, not two."""
    table = load_table(table_id).state.table
    made_on_form(TABLE, table.id, "version of the night")
    try:
        share_service.rotate_view_token(table)
    except ServiceError as error:
        return refused(f"No new link made: {error.message}", status_of(error),
                       lambda: share(table_id))
    flash("New share link made. The old link and QR code no longer work: "
          "let the table scan the new one.")
    return redirect(url_for("share.share", table_id=table.id))


@bp.post("/t/<int:table_id>/share/handover")
@permission(Action.HAND_OVER)
def handover(table_id: int) -> Response | tuple[str, int]:
    """Make a one-time take-over code; this device keeps it to show its QR."""
    table = load_table(table_id).state.table
    try:
        token = handovers.start_handover(grants.TABLE, table)
    except ServiceError as error:
        return refused(error.message, status_of(error), lambda: share(table_id))
    session[HANDOVERS] = {**session.get(HANDOVERS, {}), str(table.id): token}
    return redirect(url_for("share.share", table_id=table.id, _anchor="handover"))


@bp.post("/t/<int:table_id>/share/move")
@permission(Action.HAND_OVER)
def move(table_id: int) -> str | tuple[str, int]:
    """Keep scoring on this phone at one of the server's network addresses: a
    phone's edit rights belong to the address it opened, so this makes a
    one-time take-over code and links to it there (one tap claims it)."""
    night = load_table(table_id)
    table = night.state.table
    where = request.form.get("to", "")
    if where not in network_addresses():
        return refused("That isn't one of this server's network addresses.", 400,
                       lambda: share(table_id))
    try:
        token = handovers.start_handover(grants.TABLE, table)
    except ServiceError as error:
        return refused(error.message, status_of(error), lambda: share(table_id))
    # A link, not a redirect: the page's forms may only lead back to this address.
    minutes = int(handovers.HANDOVER_LIFETIME.total_seconds() // 60)
    return render_template("share/move.html", table=table, active="share", where=where,
                           minutes=minutes, access=night,
                           claim_url=where + url_for("share.claim", token=token,
                                                     label=_moved_label(night, where)))


def _moved_label(night: NightAccess, where: str) -> str:
    """This phone's name at the other address ("Scorekeeper at 192.168.1.20"),
    so the list of editors can tell the two addresses' grants apart."""
    said = f"{night.editor.label} at {urlsplit(where).hostname or where}"
    return said if len(said) <= MAX_GRANT_LABEL else night.editor.label


@bp.post("/t/<int:table_id>/editors/<int:editor_id>/revoke")
@permission(Action.SHARE)
def revoke(table_id: int, editor_id: int) -> Response | tuple[str, int]:
    """Stop a phone editing, at once (this phone too, after a warning)."""
    night = load_table(table_id)
    table, me = night.state.table, night.editor
    try:
        gone = grants.revoke_grant(grants.TABLE, table, editor_id)
    except ServiceError as error:
        return refused(error.message, status_of(error), lambda: share(table_id))
    if gone.id != me.id:
        flash(f"{gone.label} can no longer edit {table.name}.")
        return redirect(url_for("share.share", table_id=table.id))
    forget_editor(table.id)
    flash(f"This phone can no longer edit {table.name}.")
    return redirect(url_for("tables.home"))


# --- taking over scoring on another phone -----------------------------------------

@bp.route("/claim/<token>", methods=["GET", "POST"])
@permission(OwnerAction.PUBLIC)
def claim(token: str) -> str | Response | tuple[str, int]:
    """Opened from the take-over QR: name this phone, then it may edit (once)."""
    return claims.claim(CLAIM, token)
