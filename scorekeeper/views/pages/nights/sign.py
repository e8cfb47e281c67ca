"""A tournament table signs its result on its own phone (``/t/<id>/sign``):
once the session is done, each player taps their name to agree to the
table's totals, or disputes them (what they think is wrong, if they like),
which shows the table to the director as disputed.  The same list sits on
the page a done table's phone lands on (``hands/_table_done.html``).

Each tap carries the version of the night it was shown at: a double tap
records one signature, and a tap on totals corrected meanwhile is refused
with the new totals shown (:mod:`scorekeeper.services.events.signatures`).
"""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.policy.acl import Action
from scorekeeper.services import ServiceError
from scorekeeper.services.access.credentials import NightAccess
from scorekeeper.services.events import signatures
from scorekeeper.services.events.progress import deals_passed
from scorekeeper.services.once import Once
from scorekeeper.services.registry import owner_of
from scorekeeper.views.access import grant_label, load_table, permission
from scorekeeper.views.forms import hidden_number
from scorekeeper.views.json_errors import status_of
from scorekeeper.views.pages import refused
from scorekeeper.views.pages.nights.hands import bp


def _page(night: NightAccess, errors: dict[int, str] | None = None) -> str:
    state = night.state
    return render_template(
        "hands/sign.html", state=state, table=state.table, active=None, access=night,
        signing=signatures.signing_of(state.table), errors=errors or {},
        due=owner_of(state.table).hands_due(state.table), dealt=deals_passed(state.night))


@bp.get("/t/<int:table_id>/sign")
@permission(Action.SIGN)
def sign_page(table_id: int) -> str:
    """The table's totals and, for each player, whether they agreed."""
    return _page(load_table(table_id))


@bp.post("/t/<int:table_id>/sign")
@permission(Action.SIGN)
def sign(table_id: int) -> Response | tuple[str, int]:
    """One player agrees (``agrees=1``) or disputes (``agrees=0``, with an
    optional ``note``); the page comes back with everyone's marks."""
    night = load_table(table_id)
    seat = hidden_number("seat", "seat", 1)
    version = hidden_number("version", "version of the night")
    agrees = {"1": True, "0": False}.get(request.form.get("agrees", ""))
    names = night.state.players
    name = names[seat - 1] if seat is not None and seat <= len(names) else ""
    try:
        if agrees is None:
            raise ServiceError("Tap Agree or Dispute", "agrees")
        signing = signatures.sign(
            night.state.table, name, agrees, request.form.get("note"),
            by=grant_label(night), seen=version,
            once=Once(f"form:sign:{table_id}:{version}:{seat}:{int(agrees)}")
            if version is not None else None)
    except ServiceError as error:
        said = error.message
        return refused(f"Not signed: {said}", status_of(error),
                       lambda: _page(load_table(table_id), {seat or 0: said}))
    shown = next(s for s in signing.seats if s.seat == seat)
    flash(f"{shown.name} agrees to table {signing.number}'s result" if agrees
          else f"{shown.name} disputes table {signing.number}'s result: the director is asked")
    return redirect(url_for("hands.sign_page", table_id=table_id, _anchor="signing"))
