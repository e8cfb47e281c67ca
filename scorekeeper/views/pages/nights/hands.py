"""The scorekeeper's night: record a hand (with a live payout preview), the
ledger, a hand inserted before another or undone, the confirmation of which
totals change (editing and deleting a hand: :mod:`.corrections`), and the
night's history.

Pages name a hand by its id, which never changes, and every form carries the
version of the night it was made on: when another phone changed the night
meanwhile, the write is refused (see :mod:`scorekeeper.services.nights.hands`) and
the form comes back refreshed, with the player's entries and what changed.
"""

from __future__ import annotations

import json
from typing import Any

from flask import (
    Blueprint,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from markupsafe import Markup
from werkzeug.exceptions import Conflict
from werkzeug.wrappers import Response

from scorekeeper.policy.acl import Action, waits
from scorekeeper.rules import Hand, HandError, HandResult, Rules
from scorekeeper.rules.hand_json import hand_to_request, parse_hand
from scorekeeper.services import ServiceError, Stale
from scorekeeper.services.access.credentials import NightAccess
from scorekeeper.services.events import signatures
from scorekeeper.services.events.progress import deals_passed
from scorekeeper.services.grants.grants import new_token
from scorekeeper.services.nights import hands as hand_service
from scorekeeper.services.nights import settle as settle_service
from scorekeeper.services.nights.hands import Change, Ref, Seen
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.nights.window import window
from scorekeeper.services.nights.words import said
from scorekeeper.services.registry import owner_of
from scorekeeper.views.access import checked_night, load_table, permission
from scorekeeper.views.forms import HandForm
from scorekeeper.views.pages.nights import waiting
from scorekeeper.views.pages.nights.hand_form import (
    attach,
    context,
    form_seen,
    hand_from,
    judge,
    landed,
    make_form,
    once_for,
    query_id,
    stamp,
)
from scorekeeper.views.rendered import RENDERED, per_session

bp = Blueprint("hands", __name__)

@bp.get("/t/<int:table_id>")
@permission(Action.READ)
def ledger(table_id: int) -> str:
    """Hands × players, running totals, badges, pending doublers, the dealer:
    the latest hands, older ones a page at a time (``?from=<n>``, and the
    window before one ends at the hand before it: ``&limit=<k>``).  A night
    of totals has no hands: where everyone finished, and that it came from paper."""
    night = load_table(table_id)
    state = night.state
    try:
        shown = window(len(state.hand_ids), request.args.get("from"), request.args.get("limit"))
    except ServiceError:
        shown = window(len(state.hand_ids))
    table = state.table
    # The page differs by what the phone may do (a tournament table's phone
    # sees no roster, money or group controls; the director does), and by
    # whether a tournament table is done (then nobody is offered the next hand).
    done = waits(night.stage)
    # A done table's players may be asked to sign its result (the event says).
    signing = signatures.signing_of(table) if done else None
    key = (table.view_token, state.version, state.closed, "ledger", shown.first, shown.last,
           night.powers, done, signing.status if signing else None)

    def page() -> str:
        grid = b"" if state.paper else RENDERED.get(key, lambda: render_template(
            "hands/_ledger_grid.html", state=state, table=table, night=state.night,
            players=state.players, results=state.night.results[shown.slice()], access=night))
        return render_template("hands/ledger.html", state=state, table=table, night=state.night,
                               active="ledger", shown=shown, grid=Markup(grid.decode()),
                               done=done, signing=signing, access=night)
    if "_flashes" in session:
        return page()  # a message for this phone: the page is its own
    # The same for every phone that edits the table, but for the form token.
    return per_session((*key, "page"), page)


def fresh(table_id: int) -> NightAccess:
    """The table again after a refused write (the session was rolled back)."""
    return load_table(table_id)


@bp.route("/t/<int:table_id>/hand/new", methods=["GET", "POST"])
@permission(Action.RECORD)
def new(table_id: int) -> str | Response | tuple[str, int]:
    """Record a hand (or insert one before the hand with id ``?before=``, with
    confirmation).  At a tournament table done for its session, its phone
    (refused by the policy) gets the page that says it waits for the director."""
    try:
        night = load_table(table_id)
    except Conflict as refusal:
        found = checked_night(refusal)
        if found is None or not waits(found.stage) \
                or waiting.is_waiting():
            raise
        return _table_done(found), 409
    state = night.state
    before_id = query_id("before")
    if before_id is None and request.args.get("before") and request.method == "POST":
        before_id = 0  # no hand has it: refused below, never recorded at the end instead
    before = state.number_of(before_id) if before_id is not None else None
    page = {"before": before, "before_id": before_id, "active": "record"}
    if request.method == "GET":
        return _blank(night, before, page)
    form = make_form(state)
    if before is None and waiting.is_waiting():
        return _save_waiting(night, form)
    if form.validate_on_submit():
        try:
            if before is not None:
                return stale_form(night, form, page) or confirm_page(
                    night, hand_from(state, form, before), before, Change.ADD)
            return _record(night, form)
        except Stale as error:
            night = fresh(table_id)
            stamp(night.state, form, appending=True)
            form.form_errors.append(error.message)
            return render_template("hands/form.html", **context(night, form, **page)), 409
        except (HandError, ServiceError) as error:
            attach(form, error)
    return refused_form(night, form, page)


def refused_form(night: NightAccess, form: HandForm, page: dict[str, Any]
                  ) -> tuple[str, int]:
    """The form again with what Save refused, each reason once, next to its
    field (the preview's words: the same check); the preview's bar says the
    hand was not saved."""
    return render_template("hands/form.html", **context(night, form, refused=True,
                                                        **page)), 400


def _table_done(night: NightAccess) -> str:
    """"Table done — waiting for the director": the deals played of those due
    and where everyone stands, for the phone the policy no longer lets record."""
    state = night.state
    return render_template("hands/done.html", state=state, table=state.table,
                           table_done=night.stage_words,
                           signing=signatures.signing_of(state.table),
                           due=owner_of(state.table).hands_due(state.table),
                           dealt=deals_passed(state.night), active=None, access=night)


def _blank(night: NightAccess, before: int | None, page: dict[str, Any]) -> str:
    """The record form for the next hand (or one inserted before hand ``before``),
    with a hand this phone took back filled in again."""
    state = night.state
    form = make_form(state)
    copying = request.headers.get("X-Offline-Copy") == "1"  # sw.js keeping a copy
    again = session.pop(AGAIN, None) if before is None and not copying else None
    refilled = isinstance(again, dict) and again.get("table") == state.table.id \
        and _fill_again(form, again.get("hand"))
    stamp(state, form, appending=before is None)
    if before is not None:
        # an inserted hand is dealt by whoever followed the hand before it
        form.dealer.data = hand_service.seating(state, before).dealer
    form.submission.data = new_token()
    undo = _undoable(state) if before is None else None  # never while inserting
    judged = judge(state, form) if refilled else None  # the hand taken back, previewed
    return render_template("hands/form.html", **context(night, form, undo=undo,
                                                        judged=judged, **page))


def _record(night: NightAccess, form: HandForm) -> Response:
    """Save the hand at the end and go straight on to the next hand's form,
    saying what it paid, with Undo (the ledger is a tab away)."""
    state = night.state
    table_id = state.table.id
    saved = hand_service.record_hand(state, hand_from(state, form), once=once_for(table_id),
                                     by=night.editor.label, seen=form_seen(),
                                     extra=request.form.get("extra") == "1")
    if saved is not None:
        _say_saved(table_id, state.rules, saved.result, saved.hand_id, state.table.version)
    else:
        # Save tapped twice: the browser shows this answer, not the first's (its
        # cookie too), so this one says the same, or the hand looks unsaved.
        done = landed(table_id)
        if done is not None and done.result is not None:
            _say_saved(table_id, done.state.rules, done.result, done.hand_id, done.version)
    return redirect(url_for("hands.new", table_id=table_id))


def _say_saved(table_id: int, rules: Rules, result: HandResult, hand_id: int,
               version: int) -> None:
    """"Hand 3 saved: …" on the next form, with Undo while the night stays at
    ``version`` (the one the save made); said once, though the first post's
    cookie may have reached the phone before the second post left it."""
    text = f"Hand {result.number} saved: {said(rules, result)}"
    if not any(list(pending) == ["saved", text] for pending in session.get("_flashes", [])):
        flash(text, "saved")
    session[UNDO] = {"table": table_id, "hand": hand_id, "number": result.number,
                     "version": version}


def _save_waiting(night: NightAccess, form: HandForm) -> Response:
    """A hand from the phone's queue: saved like a tap on Save, answered in JSON."""
    state = night.state
    if not form.validate_on_submit():
        return waiting.refused(form)
    try:
        saved = hand_service.record_hand(state, hand_from(state, form),
                                         once=once_for(state.table.id), by=night.editor.label,
                                         seen=form_seen(), extra=request.form.get("extra") == "1")
    except Stale as error:
        return waiting.answer(409, error=error.message)
    except (HandError, ServiceError) as error:
        attach(form, error)
        return waiting.refused(form)
    return waiting.saved_answer(state, saved)


#: Session keys: the hand this phone just saved (it may take it back while nothing else
#: changed), and the entries of a hand it took back (the form shows them again).
UNDO, AGAIN = "undo", "again"


def _undoable(state: TableState) -> dict[str, Any] | None:
    """The hand this phone just saved, while it is still the night's last change."""
    mark = session.get(UNDO)
    if isinstance(mark, dict) and mark.get("table") == state.table.id \
            and mark.get("version") == state.version:
        return mark
    return None


def _fill_again(form: HandForm, entries: object) -> bool:
    """Put a hand taken back into the form again (its deal is worked out
    afresh); False when the entries can't be read."""
    try:
        hand = parse_hand(entries)
    except (HandError, ValueError, TypeError):
        return False
    form.fill(hand)
    form.seated.data, form.dealer.data = [], None
    return True


@bp.post("/t/<int:table_id>/hand/<int:hand_id>/undo")
@permission(Action.EDIT)
def undo(table_id: int, hand_id: int) -> Response:
    """Take back the hand this phone just saved, if nothing changed since: the
    form comes back with its entries, to fix and save again."""
    night = load_table(table_id)
    state = night.state
    mark = _undoable(state)
    back = redirect(url_for("hands.new", table_id=table_id))
    if mark is None or mark.get("hand") != hand_id:
        flash("Nothing to undo: the night has changed since that hand was saved. Fix it "
              "from the ledger instead.", "error")
        return back
    hand = state.hands[state.number_of(hand_id) - 1]
    try:
        number = hand_service.delete_hand(state, Ref(hand_id), by=night.editor.label,
                                          seen=Seen(state.version, None),
                                          once=once_for(table_id))
    except (Stale, ServiceError) as error:
        flash(f"Not undone: {error.message}", "error")
        return back
    session.pop(UNDO, None)
    if number is not None:
        session[AGAIN] = {"table": table_id, "hand": hand_to_request(hand)}
        flash(f"Hand {number} taken back: fix it below and save again.")
    return back


@bp.post("/t/<int:table_id>/hand/preview")
@permission(Action.RECORD)
def preview(table_id: int) -> str:
    """htmx: each player's result for the hand as entered so far, before
    saving, or the reason Save would refuse it (the same check, the same
    words), and the choices the engine fills in for the form to show."""
    state = load_table(table_id).state
    form = make_form(state)
    form.validate()
    judged = judge(state, form, query_id("hand"), query_id("before"))
    return render_template("hands/_preview.html", error=judged.error, result=judged.result,
                           filled=judged.filled, rules=state.rules, table=state.table)


def stale_form(night: NightAccess, form: HandForm, page: dict[str, Any]
                ) -> tuple[str, int] | None:
    """An edit or insert form made on an older night: shown again, refreshed,
    saying what changed (None when it is current)."""
    state = night.state
    seen = form_seen()
    if seen is None or seen.version == state.version:
        return None
    stamp(state, form, appending=False)
    form.form_errors.append(hand_service.stale_message(state, seen))
    return render_template("hands/form.html", **context(night, form, **page)), 409


def confirm_page(night: NightAccess, hand: Hand | None, number: int, change: Change,
             said: str | None = None) -> str:
    """The confirmation page for an edit, insert or delete: whose totals change.
    It carries the hand's id and the version it was worked out on, and warns
    when it moves the total of a player who already settled and left."""
    state = night.state
    proposal = hand_service.propose(state, change, hand, number)
    return render_template("hands/confirm.html", table=state.table, state=state, access=night,
                           proposal=proposal, active="ledger", said=said, submission=new_token(),
                           leavers=settle_service.leaver_warnings(state, proposal.changes),
                           hand_id=state.hand_ids[number - 1] if number <= len(state.hand_ids)
                           else None,
                           hand_json=json.dumps(hand_to_request(hand)) if hand else "")


@bp.get("/t/<int:table_id>/history")
@permission(Action.READ)
def audit(table_id: int) -> str:
    """Every change to the night: what, when, by which phone, before → after."""
    night = load_table(table_id)
    state = night.state
    now = {hand_id: number for number, hand_id in enumerate(state.hand_ids, start=1)}
    return render_template("hands/audit.html", table=state.table, now=now,
                           entries=list(reversed(state.table.audit)), active="audit",
                           access=night)
