"""A player's payment handle, for the scorekeeper's phone only: on a night's
player (``/t/<id>/players/<name>/pay``) and on a group member
(``/g/<id>/players/<name>/pay``).  One page and one form for both; a
refused handle comes back next to its box and changes nothing.  The share
pages never link here (they have no grant to).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.ledger.pay import SERVICES, PayHandle
from scorekeeper.limits import MAX_HANDLE_ASKED, MAX_NAME_ASKED, QUOTED
from scorekeeper.policy.acl import Action, OwnerAction
from scorekeeper.services import ServiceError
from scorekeeper.services.nights import pay as pay_service
from scorekeeper.services.writes import abandon
from scorekeeper.views.access import load_group, load_table, permission

bp = Blueprint("pay", __name__)


def _page(shown: PayHandle | None, errors: dict[str, str], **context: Any
          ) -> tuple[str, int] | str:
    typed = request.form.get("handle", shown.handle if shown else "")[:MAX_HANDLE_ASKED]
    chosen = request.form.get("service", shown.service.value if shown else "venmo")
    page = render_template("pay/handle.html", services=SERVICES, typed=typed, chosen=chosen,
                           errors=errors, handle_longest=MAX_HANDLE_ASKED, saved=shown,
                           **context)
    return (page, 400) if errors else page


def _save(save: Any, back: str, shown: PayHandle | None, **context: Any
          ) -> str | Response | tuple[str, int]:
    """The form's POST: save (``remove``: an empty box), then back to ``back``."""
    if request.method == "POST":
        text = "" if "remove" in request.form else request.form.get("handle", "")
        try:
            flash(save(request.form.get("service", ""), text))
        except ServiceError as error:
            abandon()
            return _page(shown, {error.field or "handle": error.message}, **context)
        return redirect(back)
    return _page(shown, {}, **context)


@bp.route("/t/<int:table_id>/players/<name>/pay", methods=["GET", "POST"])
@permission(Action.PAYMENTS)
def night_player(table_id: int, name: str) -> str | Response | tuple[str, int]:
    """A night's player's handle: theirs for this night, else their group member's."""
    night = load_table(table_id)
    table = night.state.table
    player = next((p for p in table.players if p.name == name[:MAX_NAME_ASKED]), None)
    if player is None:
        abort(404, f"{name[:QUOTED]} isn't at this table")
    handles = pay_service.night_handles(table)[player.name]
    return _save(lambda service, text: pay_service.set_player_handle(
                     table, player.name, service, text),
                 url_for("tables.players", table_id=table_id), handles.own,
                 name=player.name, table=table, inherited=handles.member, active="players",
                 access=night)


@bp.route("/g/<int:group_id>/players/<name>/pay", methods=["GET", "POST"])
@permission(OwnerAction.RUN)
def member(group_id: int, name: str) -> str | Response | tuple[str, int]:
    """A group member's handle, used at each of the group's nights."""
    group = load_group(group_id).row
    try:
        found, handle = pay_service.member_handle(group, name)
    except ServiceError as error:
        abort(404, error.message)
    return _save(lambda service, text: pay_service.set_member_handle(
                     group, found, service, text),
                 url_for("groups.player", group_id=group_id, name=found), handle,
                 name=found, group=group, inherited=None)
