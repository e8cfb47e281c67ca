"""The scorekeeper's night: record a hand (with a live payout preview), the
ledger, and fixing mistakes (edit, insert before, delete) with a
confirmation of which totals change.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.forms import HandForm
from scorekeeper.handio import hand_to_request, parse_hand, stored_hand
from scorekeeper.models import GameTable
from scorekeeper.rules import Hand, HandError, Kind, Night, Rules, Tricks, sit_out
from scorekeeper.services import ServiceError
from scorekeeper.services import hands as hand_service
from scorekeeper.services.tables import (
    get_table,
    new_token,
    night_of,
    player_names,
    present_names,
    table_rules,
)
from scorekeeper.views.auth import require_editor

bp = Blueprint("hands", __name__)


def money(cents: int) -> str:
    """Integer cents as dollars: 275 → "$2.75", −50 → "−$0.50"."""
    sign = "−" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}${cents // 100}.{cents % 100:02d}"


@bp.app_template_filter("money")
def money_filter(cents: int) -> str:
    return money(cents)


@bp.app_template_filter("signed")
def signed_filter(points: int) -> str:
    """Points with a sign: +3, −2, 0."""
    return f"+{points}" if points > 0 else ("−" + str(-points) if points < 0 else "0")


def allowed_kinds(rules: Rules) -> list[str]:
    """The hand kinds this table's rules let the scorekeeper record."""
    kinds = ["picked"]
    if rules.nobody_picks == "leaster":
        kinds.append("leaster")
    if rules.nobody_picks == "no-pick":
        kinds.append("no-pick")
    kinds += ["misdeal", "void", "renege"]
    if rules.called_ace_buried in ("pay-the-board", "redeal"):
        kinds.append("called-ace-buried")
    return kinds


def _form(table: GameTable, rules: Rules) -> HandForm:
    form = HandForm()
    form.set_players(rules, player_names(table), allowed_kinds(rules))
    return form


def refuse_if_closed(table: GameTable) -> None:
    """409 on a closed table: the night is over, its hands can't change."""
    if table.closed_at is not None:
        abort(409, "This table is closed: the night is over")


def _hand_from(form: HandForm, table: GameTable) -> Hand:
    """The hand the form describes, with what the table's rules already decide
    filled in, so nobody taps it:

    - with the no-trick-pick penalty, a picking side that took no trick means
      the picker took none either;
    - with J♦ and the picker's right (six-handed), the player on the picker's
      right is always a partner, so only the J♦ holder needs a tap.
    """
    rules = table_rules(table)
    hand = parse_hand(form.to_hand_json())
    picker = hand.picker
    if hand.kind is not Kind.PICKED or picker is None:
        return hand
    if (rules.no_trick_pick_penalty and hand.tricks is Tricks.NONE
            and picker not in hand.no_trick_pickers):
        hand = replace(hand, no_trick_pickers=(picker, *hand.no_trick_pickers))
    if (rules.partner == "jd-and-right" and len(hand.partners) <= 1 and not hand.alone
            and hand.stolen_from is None):
        right = _right_of(picker, hand.seated or _seats(table, rules, hand.dealer))
        if right is not None and right not in hand.partners:
            hand = replace(hand, partners=(*hand.partners, right))
    return hand


def _seats(table: GameTable, rules: Rules, dealer: str | None) -> tuple[str, ...]:
    """Who plays a hand dealt by ``dealer`` with today's players."""
    present = present_names(table)
    if dealer not in present or len(present) < rules.seats:
        return ()
    return sit_out(present, dealer, rules.seats)


def _right_of(picker: str, seated: tuple[str, ...] | list[str]) -> str | None:
    """The seated player on the picker's right (the seat before him)."""
    if picker not in seated:
        return None
    return seated[(list(seated).index(picker) - 1) % len(seated)]


def _context(table: GameTable, form: HandForm, **extra: Any) -> dict[str, Any]:
    rules = table_rules(table)
    night = night_of(table)
    present = present_names(table)
    dealer = form.dealer.data if form.dealer.data in present else night.next_dealer
    sitting_out = [p for p in present if len(present) >= rules.seats
                   and p not in sit_out(present, dealer, rules.seats)]
    return {"table": table, "form": form, "rules": rules, "night": night,
            "present": present, "players": player_names(table), "sitting_out": sitting_out,
            "pending": pending_text(night),
            "unshown_errors": _unshown_errors(form, rules, len(present) > rules.seats),
            **extra}


def _unshown_errors(form: HandForm, rules: Rules, sit_outs: bool) -> list[str]:
    """Errors on fields this table's form doesn't show (a flag its rules don't
    enable, a tampered value): said at the top, so no refusal is silent."""
    shown = {"kind", "picker", "points", "tricks", "winner", "offender", "dealer"}
    optional = {
        "seated": sit_outs,
        "partners": rules.partner != "none", "alone": rules.partner != "none",
        "no_trick_pickers": rules.no_trick_pick_penalty, "cracks": rules.max_cracks > 0,
        "blitzes": rules.blitz, "declared_doubler": rules.declared_doubler,
        "forced": rules.nobody_picks == "forced-pick", "stolen_from": rules.steal_blind,
        "king_of_diamonds_cut": rules.round_of_doubles,
    }
    shown |= {name for name, on in optional.items() if on}
    return [str(e) for field in form if field.name not in shown for e in field.errors]


def pending_text(night: Night) -> str | None:
    """"Next 2 hands doubled — from hands 7 and 8" (None when nothing is pending)."""
    pending = night.pending
    if not pending:
        return None
    sources = sorted(set(pending))
    where = " and ".join(str(s) for s in sources)
    word = "hand" if len(sources) == 1 else "hands"
    count = len(pending)
    return (f"Next {'hand' if count == 1 else f'{count} hands'} doubled — "
            f"from {word} {where}")


@bp.get("/t/<int:table_id>")
def ledger(table_id: int) -> str:
    """Hands × players, running totals, badges, pending doublers, the dealer."""
    table = get_table(table_id)
    require_editor(table)
    night = night_of(table)
    return render_template("hands/ledger.html", table=table, night=night,
                           players=player_names(table), pending=pending_text(night),
                           describe=hand_service.describe, active="ledger")


@bp.route("/t/<int:table_id>/hand/new", methods=["GET", "POST"])
def new(table_id: int) -> str | Response | tuple[str, int]:
    """Record a hand (or insert one before hand ``?before=n``, with confirmation)."""
    table = get_table(table_id)
    require_editor(table)
    refuse_if_closed(table)
    before = request.args.get("before", type=int)
    rules = table_rules(table)
    form = _form(table, rules)
    if request.method == "GET":
        night = night_of(table)
        form.dealer.data = night.next_dealer
        if before is not None and 1 <= before <= len(night.results):
            # an inserted hand is dealt by whoever followed the hand before it
            earlier = [r.hand for r in night.results[:before - 1]]
            form.dealer.data = night_of(table, earlier).next_dealer
        form.submission.data = new_token()
        return render_template("hands/form.html", **_context(table, form, before=before,
                                                              active="record"))
    if form.validate_on_submit():
        try:
            hand = _hand_from(form, table)
            if before is not None:
                return _confirm(table, hand, before, "add")
            result = hand_service.record_hand(table, hand, submission=form.submission.data)
        except (HandError, ServiceError) as error:
            _attach(form, error)
        else:
            if result is not None:
                flash(f"Hand {result.number} saved: {hand_service.describe(result)}.")
            return redirect(url_for("hands.ledger", table_id=table.id))
    return render_template("hands/form.html", **_context(table, form, before=before,
                                                          active="record")), 400


def _attach(form: HandForm, error: HandError | ServiceError) -> None:
    """Show an engine or service error next to the field it names."""
    field = form.field_for(error.field)
    if field is not None and field.name not in ("submission",):
        field.errors = [*field.errors, error.message]
    else:
        form.form_errors.append(error.message)


@bp.post("/t/<int:table_id>/hand/preview")
def preview(table_id: int) -> str:
    """htmx: each player's result for the hand as entered so far, before saving."""
    table = get_table(table_id)
    require_editor(table)
    form = _form(table, table_rules(table))
    number = request.args.get("number", type=int)
    before = request.args.get("before", type=int)
    form.validate()
    try:
        hand = _hand_from(form, table)
        if number is not None:
            proposal = hand_service.propose(table, hand, number, "replace")
        else:
            proposal = hand_service.propose(table, hand, before, "add")
    except (HandError, ServiceError) as error:
        return render_template("hands/_preview.html", error=error.message, result=None)
    return render_template("hands/_preview.html", error=None, result=proposal.result,
                           changes=proposal.changes)


@bp.route("/t/<int:table_id>/hand/<int:number>/edit", methods=["GET", "POST"])
def edit(table_id: int, number: int) -> str | Response | tuple[str, int]:
    """Edit hand ``number``; a confirmation shows which totals change."""
    table = get_table(table_id)
    require_editor(table)
    refuse_if_closed(table)
    if not 1 <= number <= len(table.hands):
        abort(404, f"No hand {number}")
    form = _form(table, table_rules(table))
    if request.method == "GET":
        _fill(form, stored_hand(table.hands[number - 1].data))
        return render_template("hands/form.html", **_context(table, form, number=number,
                                                              active="ledger"))
    if form.validate_on_submit():
        try:
            return _confirm(table, _hand_from(form, table), number, "replace")
        except (HandError, ServiceError) as error:
            _attach(form, error)
    return render_template("hands/form.html", **_context(table, form, number=number,
                                                          active="ledger")), 400


def _fill(form: HandForm, hand: Hand) -> None:
    """Put a stored hand back into the form for editing."""
    data = hand_to_request(hand)
    for key in ("kind", "picker", "winner", "offender", "dealer", "tricks"):
        getattr(form, key).data = data[key]
    for key in ("partners", "no_trick_pickers", "seated"):
        getattr(form, key).data = data[key] or []
    for key in ("alone", "declared_doubler", "forced", "king_of_diamonds_cut"):
        getattr(form, key).data = data[key]
    form.points.data = data["points"]
    form.cracks.data, form.blitzes.data = str(data["cracks"]), str(data["blitzes"])
    form.stolen_from.data = data["stolen_from"] or ""


def _confirm(table: GameTable, hand: Hand, number: int | None, mode: str) -> str:
    """The confirmation page for an edit, insert or delete: whose totals change."""
    proposal = hand_service.propose(table, hand, number, mode)
    return render_template("hands/confirm.html", table=table, mode=mode, number=number,
                           proposal=proposal, active="ledger",
                           hand_json=json.dumps(hand_to_request(hand)) if hand else "",
                           describe=hand_service.describe)


@bp.route("/t/<int:table_id>/hand/<int:number>/delete", methods=["GET", "POST"])
def delete(table_id: int, number: int) -> str | Response:
    """Delete hand ``number`` after confirming whose totals change."""
    table = get_table(table_id)
    require_editor(table)
    refuse_if_closed(table)
    if not 1 <= number <= len(table.hands):
        abort(404, f"No hand {number}")
    if request.method == "GET":
        try:
            return _confirm(table, None, number, "delete")  # type: ignore[arg-type]
        except ServiceError as error:
            flash(error.message, "error")
            return redirect(url_for("hands.ledger", table_id=table.id))
    return _save(table, None, number, "delete")


@bp.post("/t/<int:table_id>/hand/confirm")
def confirm(table_id: int) -> Response:
    """Save a confirmed edit or insert (the hand travels as JSON in the form)."""
    table = get_table(table_id)
    require_editor(table)
    mode = request.form.get("mode", "")
    number = request.form.get("number", type=int)
    if mode not in ("add", "replace") or number is None:
        abort(400, "That confirmation is incomplete; start the change again")
    try:
        hand = parse_hand(json.loads(request.form.get("hand_json", "")))
    except (ValueError, HandError):
        abort(400, "That confirmation is incomplete; start the change again")
    return _save(table, hand, number, mode)


def _save(table: GameTable, hand: Hand | None, number: int, mode: str) -> Response:
    try:
        if mode == "delete":
            hand_service.delete_hand(table, number)
            flash(f"Hand {number} deleted; later hands renumbered.")
        elif mode == "replace":
            assert hand is not None
            hand_service.replace_hand(table, number, hand)
            flash(f"Hand {number} changed; the night was replayed.")
        else:
            assert hand is not None
            hand_service.record_hand(table, hand, before=number)
            flash(f"Hand inserted as hand {number}.")
    except (HandError, ServiceError) as error:
        flash(f"Not saved: {error.message}", "error")
    return redirect(url_for("hands.ledger", table_id=table.id))


@bp.get("/t/<int:table_id>/history")
def audit(table_id: int) -> str:
    """Every change to the night: what, when, before → after."""
    table = get_table(table_id)
    require_editor(table)
    return render_template("hands/audit.html", table=table, entries=list(reversed(table.audit)),
                           active="audit")
