"""Fixing a recorded hand on the scorekeeper's phone: edit it or delete it,
each through a confirmation of which totals change, and saved only on the
version of the night the form was made on (routes on ``hands.bp``)."""

from __future__ import annotations

from typing import Any

from flask import (
    abort,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response

from scorekeeper.json_text import JsonRefused, read_json
from scorekeeper.policy.acl import Action
from scorekeeper.rules import Hand, HandError
from scorekeeper.rules.hand_json import parse_hand
from scorekeeper.services import ServiceError, Stale
from scorekeeper.services.access.credentials import NightAccess
from scorekeeper.services.nights import hands as hand_service
from scorekeeper.services.nights.hands import Change, Ref
from scorekeeper.views.access import load_table, permission
from scorekeeper.views.forms import hidden_number
from scorekeeper.views.json_errors import status_of
from scorekeeper.views.pages import refused
from scorekeeper.views.pages.nights.hand_form import (
    attach,
    context,
    form_seen,
    hand_from,
    make_form,
    once_for,
    stamp,
)
from scorekeeper.views.pages.nights.hands import (
    bp,
    confirm_page,
    fresh,
    ledger,
    refused_form,
    stale_form,
)


@bp.route("/t/<int:table_id>/hand/<int:hand_id>/edit", methods=["GET", "POST"])
@permission(Action.EDIT)
def edit(table_id: int, hand_id: int) -> str | Response | tuple[str, int]:
    """Edit a hand; a confirmation shows which totals change."""
    night = load_table(table_id)
    state = night.state
    number = state.number_of(hand_id)
    form = make_form(state)
    page = {"number": number, "hand_id": hand_id, "active": "ledger"}
    if request.method == "GET":
        form.fill(state.hands[number - 1])
        stamp(state, form, appending=False)
        return render_template("hands/form.html", **context(night, form, **page))
    if form.validate_on_submit():
        refused = stale_form(night, form, page)
        if refused:
            return refused
        try:
            return confirm_page(night, hand_from(state, form, number, Change.REPLACE), number,
                            Change.REPLACE)
        except (HandError, ServiceError) as error:
            attach(form, error)
    return refused_form(night, form, page)


@bp.route("/t/<int:table_id>/hand/<int:hand_id>/delete", methods=["GET", "POST"])
@permission(Action.DELETE)
def delete(table_id: int, hand_id: int) -> str | Response | tuple[str, int]:
    """Delete a hand after confirming whose totals change."""
    night = load_table(table_id)
    if request.method == "POST":
        return _save(night, None, hand_id, Change.DELETE)
    try:
        return confirm_page(night, None, night.state.number_of(hand_id), Change.DELETE)
    except ServiceError as error:
        return refused(error.message, status_of(error), lambda: ledger(table_id))


@bp.post("/t/<int:table_id>/hand/confirm")
@permission(Action.RECORD)
def confirm(table_id: int) -> Response | str | tuple[str, int]:
    """Save a confirmed edit or insert (the hand travels as JSON in the form)."""
    night = load_table(table_id)
    state = night.state
    mode = request.form.get("mode", "")
    hand_id = hidden_number("hand_id", "hand", lowest=1)
    if mode not in (Change.ADD, Change.REPLACE) or hand_id is None:
        abort(400, "That confirmation is incomplete; start the change again")
    try:
        hand = parse_hand(read_json(request.form.get("hand_json", "")), players=state.players)
    except (JsonRefused, HandError):
        abort(400, "That confirmation is incomplete; start the change again")
    return _save(night, hand, hand_id, Change(mode))


def _save(night: NightAccess, hand: Hand | None, hand_id: int, change: Change
          ) -> Response | str | tuple[str, int]:
    """Carry out a confirmed change to the hand with ``hand_id`` (for an insert:
    the hand it goes before); a stale confirmation comes back refreshed."""
    state = night.state
    seen, by, once, ref = form_seen(), night.editor.label, once_for(state.table.id), Ref(hand_id)
    try:
        if change is Change.DELETE:
            number = hand_service.delete_hand(state, ref, by=by, seen=seen, once=once)
            if number is not None:
                flash(f"Hand {number} deleted; later hands renumbered.")
        elif change is Change.REPLACE:
            assert hand is not None
            saved = hand_service.replace_hand(state, ref, hand, by=by, seen=seen, once=once)
            if saved is not None:
                flash(f"Hand {saved.result.number} changed; the night was replayed.")
        else:
            assert hand is not None
            saved = hand_service.record_hand(state, hand, before=ref, by=by, seen=seen,
                                             once=once)
            if saved is not None:
                flash(f"Hand inserted as hand {saved.result.number}.")
    except Stale as error:
        return _again(state.table.id, hand, hand_id, change, error.message)
    except (HandError, ServiceError) as error:
        status = status_of(error) if isinstance(error, ServiceError) else 400
        return refused(f"Not saved: {error.message}", status,
                       lambda: ledger(state.table.id))
    return redirect(url_for("hands.ledger", table_id=state.table.id))


def _again(table_id: int, hand: Hand | None, hand_id: int, change: Change, said: str
           ) -> Response | str | tuple[str, int]:
    """After a stale confirmation: the form (edit, insert) or the confirmation
    (delete) again, worked out on the night as it is now."""
    night = fresh(table_id)
    state = night.state
    try:
        number = state.number_of(hand_id)
    except ServiceError as gone:
        return refused(f"Not saved: {said} {gone.message}", status_of(gone),
                       lambda: ledger(table_id))
    if change is Change.DELETE:
        return confirm_page(night, None, number, change, said=said), 409
    assert hand is not None
    form = make_form(state)
    form.fill(hand)
    stamp(state, form, appending=False)
    form.form_errors.append(said)
    page: dict[str, Any] = ({"number": number, "hand_id": hand_id} if change is Change.REPLACE
                            else {"before": number, "before_id": hand_id})
    return render_template("hands/form.html", **context(night, form, active="ledger",
                                                          **page)), 409
