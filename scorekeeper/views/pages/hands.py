"""The scorekeeper's night: record a hand (with a live payout preview), the
ledger, and fixing mistakes (edit, insert before, delete) with a
confirmation of which totals change.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.ledger.words import describe
from scorekeeper.rules import Hand, HandError, shown_for, sit_out
from scorekeeper.rules.hand_json import hand_to_request, parse_hand
from scorekeeper.services import ServiceError
from scorekeeper.services import hands as hand_service
from scorekeeper.services.hands import Change
from scorekeeper.services.state import TableState
from scorekeeper.services.tables import new_token
from scorekeeper.views.access import load_table
from scorekeeper.views.forms import HandForm

bp = Blueprint("hands", __name__)

#: Fields whose errors the hand form always shows next to them.
ALWAYS_SHOWN = frozenset(("kind", "dealer"))


def _form(state: TableState) -> HandForm:
    form = HandForm()
    form.set_players(state.rules, state.players)
    return form


def _context(state: TableState, form: HandForm, **extra: Any) -> dict[str, Any]:
    rules, present = state.rules, state.present
    dealer = form.dealer.data if form.dealer.data in present else state.night.next_dealer
    sitting_out = [p for p in present if len(present) >= rules.seats
                   and p not in sit_out(present, dealer, rules.seats)]
    shown = shown_for(rules)
    return {"state": state, "table": state.table, "form": form, "rules": rules,
            "night": state.night, "present": present, "players": state.players,
            "sitting_out": sitting_out, "shown": shown,
            "unshown_errors": _unshown_errors(form, shown, len(present) > rules.seats),
            **extra}


def _unshown_errors(form: HandForm, shown: dict[str, tuple[Any, ...]],
                    sit_outs: bool) -> list[str]:
    """Errors on fields this table's form doesn't show (a flag its rules don't
    enable, a tampered value): said at the top, so no refusal is silent."""
    visible = ALWAYS_SHOWN | {name for name, kinds in shown.items() if kinds} \
        | ({"seated"} if sit_outs else set())
    return [str(e) for field in form if field.name not in visible for e in field.errors]


@bp.get("/t/<int:table_id>")
def ledger(table_id: int) -> str:
    """Hands × players, running totals, badges, pending doublers, the dealer."""
    state = load_table(table_id)
    return render_template("hands/ledger.html", state=state, table=state.table,
                           night=state.night, players=state.players, active="ledger")


@bp.route("/t/<int:table_id>/hand/new", methods=["GET", "POST"])
def new(table_id: int) -> str | Response | tuple[str, int]:
    """Record a hand (or insert one before hand ``?before=n``, with confirmation)."""
    state = load_table(table_id, write=True)
    before = request.args.get("before", type=int)
    form = _form(state)
    if request.method == "GET":
        form.dealer.data = state.night.next_dealer
        if before is not None and 1 <= before <= len(state.hands):
            # an inserted hand is dealt by whoever followed the hand before it
            form.dealer.data = state.replay(state.hands[:before - 1]).next_dealer
        form.submission.data = new_token()
        return render_template("hands/form.html", **_context(state, form, before=before,
                                                              active="record"))
    if form.validate_on_submit():
        try:
            hand = form.to_hand(state.rules)
            if before is not None:
                return _confirm(state, hand, before, Change.ADD)
            result = hand_service.record_hand(state, hand, submission=form.submission.data)
        except (HandError, ServiceError) as error:
            _attach(form, error)
        else:
            if result is not None:
                flash(f"Hand {result.number} saved: {describe(result)}.")
            return redirect(url_for("hands.ledger", table_id=table_id))
    return render_template("hands/form.html", **_context(state, form, before=before,
                                                          active="record")), 400


def _attach(form: HandForm, error: HandError | ServiceError) -> None:
    """Show an engine or service error next to the field it names."""
    field = form.field_for(error.field)
    if field is not None and field.name != "submission":
        field.errors = [*field.errors, error.message]
    else:
        form.form_errors.append(error.message)


@bp.post("/t/<int:table_id>/hand/preview")
def preview(table_id: int) -> str:
    """htmx: each player's result for the hand as entered so far, before saving."""
    state = load_table(table_id)
    form = _form(state)
    number = request.args.get("number", type=int)
    before = request.args.get("before", type=int)
    form.validate()
    try:
        hand = form.to_hand(state.rules)
        if number is not None:
            proposal = hand_service.propose(state, Change.REPLACE, hand, number)
        else:
            proposal = hand_service.propose(state, Change.ADD, hand, before)
    except (HandError, ServiceError) as error:
        return render_template("hands/_preview.html", error=error.message, result=None)
    return render_template("hands/_preview.html", error=None, result=proposal.result)


@bp.route("/t/<int:table_id>/hand/<int:number>/edit", methods=["GET", "POST"])
def edit(table_id: int, number: int) -> str | Response | tuple[str, int]:
    """Edit hand ``number``; a confirmation shows which totals change."""
    state = load_table(table_id, write=True)
    hand_service.check_number(state, number, Change.REPLACE)
    form = _form(state)
    if request.method == "GET":
        form.fill(state.hands[number - 1])
        return render_template("hands/form.html", **_context(state, form, number=number,
                                                              active="ledger"))
    if form.validate_on_submit():
        try:
            return _confirm(state, form.to_hand(state.rules), number, Change.REPLACE)
        except (HandError, ServiceError) as error:
            _attach(form, error)
    return render_template("hands/form.html", **_context(state, form, number=number,
                                                          active="ledger")), 400


def _confirm(state: TableState, hand: Hand | None, number: int, change: Change) -> str:
    """The confirmation page for an edit, insert or delete: whose totals change."""
    proposal = hand_service.propose(state, change, hand, number)
    return render_template("hands/confirm.html", table=state.table, state=state,
                           proposal=proposal, active="ledger",
                           hand_json=json.dumps(hand_to_request(hand)) if hand else "")


@bp.route("/t/<int:table_id>/hand/<int:number>/delete", methods=["GET", "POST"])
def delete(table_id: int, number: int) -> str | Response:
    """Delete hand ``number`` after confirming whose totals change."""
    state = load_table(table_id, write=True)
    hand_service.check_number(state, number, Change.DELETE)
    if request.method == "GET":
        try:
            return _confirm(state, None, number, Change.DELETE)
        except ServiceError as error:
            flash(error.message, "error")
            return redirect(url_for("hands.ledger", table_id=table_id))
    return _save(state, None, number, Change.DELETE)


@bp.post("/t/<int:table_id>/hand/confirm")
def confirm(table_id: int) -> Response:
    """Save a confirmed edit or insert (the hand travels as JSON in the form)."""
    state = load_table(table_id)
    mode = request.form.get("mode", "")
    number = request.form.get("number", type=int)
    if mode not in (Change.ADD, Change.REPLACE) or number is None:
        abort(400, "That confirmation is incomplete; start the change again")
    try:
        hand = parse_hand(json.loads(request.form.get("hand_json", "")))
    except (ValueError, HandError):
        abort(400, "That confirmation is incomplete; start the change again")
    return _save(state, hand, number, Change(mode))


def _save(state: TableState, hand: Hand | None, number: int, change: Change) -> Response:
    try:
        if change is Change.DELETE:
            hand_service.delete_hand(state, number)
            flash(f"Hand {number} deleted; later hands renumbered.")
        elif change is Change.REPLACE:
            assert hand is not None
            hand_service.replace_hand(state, number, hand)
            flash(f"Hand {number} changed; the night was replayed.")
        else:
            assert hand is not None
            hand_service.record_hand(state, hand, before=number)
            flash(f"Hand inserted as hand {number}.")
    except (HandError, ServiceError) as error:
        flash(f"Not saved: {error.message}", "error")
    return redirect(url_for("hands.ledger", table_id=state.table.id))


@bp.get("/t/<int:table_id>/history")
def audit(table_id: int) -> str:
    """Every change to the night: what, when, before → after."""
    state = load_table(table_id)
    return render_template("hands/audit.html", table=state.table,
                           entries=list(reversed(state.table.audit)), active="audit")
