"""The director's page forms for what a player paid into: the side pots he
is in, and a registration found to be another player's second one
(:mod:`scorekeeper.services.events.entries`); and a 50/50 drawn
(:mod:`scorekeeper.services.events.side_draws`)."""

from __future__ import annotations

from flask import flash, redirect, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.policy.acl import EventWrite, OwnerAction
from scorekeeper.services import ServiceError
from scorekeeper.services.events import entries, side_draws
from scorekeeper.services.once import Once
from scorekeeper.views.access import grant_label, load_event, permission
from scorekeeper.views.forms import hidden_number, shown_version, whole_number
from scorekeeper.views.json_errors import status_of
from scorekeeper.views.pages import refused
from scorekeeper.views.pages.events.event import _home_page, bp


@bp.post("/e/<int:event_id>/players/<int:number>/side-pots")
@permission(OwnerAction.RUN, EventWrite.REGISTER)
def side_pots(event_id: int, number: int) -> Response | tuple[str, int]:
    """The side pots a player is in from now on: the boxes ticked."""
    checked = load_event(event_id)
    event = checked.row
    field = f"side-pots-{number}"
    try:
        _, said = entries.enter_side_pots(
            event, number, request.form.getlist("side_pots"), by=grant_label(checked),
            shown=shown_version("player_version", "player", field))
    except ServiceError as error:
        message = error.message
        return refused(f"Not changed: {message}", status_of(error),
                       lambda: _home_page(event, errors={field: message}))
    flash(said)
    return redirect(url_for("events.home", event_id=event.id, _anchor=f"p{number}"))


@bp.post("/e/<int:event_id>/players/<int:number>/duplicate")
@permission(OwnerAction.RUN, EventWrite.REGISTER)
def duplicate(event_id: int, number: int) -> Response | tuple[str, int]:
    """This registration is another player's second one (the number typed),
    or, with the box left empty, it isn't after all."""
    checked = load_event(event_id)
    event = checked.row
    field = f"duplicate-{number}"
    raw = request.form.get("of", "").strip().lstrip("#")
    of = whole_number(raw, 1, 10**6) if raw else None
    try:
        if raw and of is None:
            raise ServiceError("The number of the player they really are, as the list "
                               "shows it", field)
        _, said = entries.mark_duplicate(
            event, number, of, by=grant_label(checked),
            shown=shown_version("player_version", "player", field))
    except ServiceError as error:
        message = error.message
        return refused(f"Not changed: {message}", status_of(error),
                       lambda: _home_page(event, errors={field: message}))
    flash(said)
    return redirect(url_for("events.home", event_id=event.id, _anchor=f"p{number}"))


@bp.post("/e/<int:event_id>/side-pots/<key>/draw")
@permission(OwnerAction.RUN, EventWrite.REGISTER)
def draw_side_pot(event_id: int, key: str) -> Response | tuple[str, int]:
    """Draw a 50/50 (again, with the reason typed, when it is drawn)."""
    checked = load_event(event_id)
    event = checked.row
    version = hidden_number("version", "version of the event")
    again, reason = request.form.get("again") == "1", request.form.get("reason", "")
    field = f"draw-{key}"
    try:
        answer = side_draws.draw_side_pot(
            event, key, again=again, reason=reason if again else None,
            by=grant_label(checked), seen=version,
            once=Once(f"form:side-draw:{event.id}:{version}:{key[:20]}:{again}")
            if version is not None else None)
    except ServiceError as error:
        message = error.message
        return refused(f"Not drawn: {message}", status_of(error),
                       lambda: _home_page(event, errors={field: message}))
    flash(str(answer["said"]))
    return redirect(url_for("events.home", event_id=event.id, _anchor="side-pots"))
