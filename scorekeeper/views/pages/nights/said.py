"""The record form's "Say the hand" box: the words ("Ann with Cat 75", typed
or dictated by the phone keyboard's microphone) are understood at the table
the hand is dealt at and answered as the form's own fields, which
static/js/say.js puts into the form before asking for the preview; said back
("Heard: …") with every flag the words set.  What can't be placed is a 400
that asks about it, with the fields of the part that was understood, so the
form shows that part and the question together, and each player's role it
leaves open (``open``: what to ask and whom to offer), which holds Save until
it is answered.  Nothing is saved: the hand is saved by the form's Save, as
if tapped in.
"""

from __future__ import annotations

from dataclasses import asdict, replace

from flask import Blueprint, jsonify, request
from werkzeug.wrappers import Response
from wtforms import BooleanField, FieldList, SelectMultipleField

from scorekeeper.policy.acl import Action
from scorekeeper.rules import Hand, HandError, paid_multiple
from scorekeeper.rules.hand_json import parse_hand
from scorekeeper.rules.night import HandResult
from scorekeeper.services import ServiceError
from scorekeeper.services.nights import hands as hand_service
from scorekeeper.services.nights import words as word_service
from scorekeeper.services.nights.hands import Change
from scorekeeper.services.nights.state import TableState
from scorekeeper.spoken.flags import FLAG_WORDS
from scorekeeper.views.access import load_table, permission
from scorekeeper.views.forms import HandForm
from scorekeeper.views.json_errors import error_response, status_of
from scorekeeper.views.pages.nights.hand_form import query_id

bp = Blueprint("said", __name__)

#: The flags a hand said in words may set that the ledger's badges don't name.
UNBADGED = ("forced", "king_of_diamonds_cut")

#: The form's fields a hand said in words leaves as they are: the form's own
#: stamps, and the deal (the words never name the dealer or who sits out).
KEPT = frozenset(("csrf_token", "submission", "version", "deal", "dealer", "seated"))


@bp.post("/t/<int:table_id>/hand/words")
@permission(Action.RECORD)
def words(table_id: int) -> Response:
    """The hand the words say as the form's fields (``?hand=`` an edited hand's
    id, ``?before=`` the id of the hand an insert goes before; ``dealer`` and
    ``seated`` as the form has them, for who plays it), or 400 with what is
    unclear, in players' words, and the fields of the part understood."""
    state = load_table(table_id).state
    try:
        number, change = _which(state)
    except ServiceError as gone:  # the hand was deleted on another phone meanwhile
        return error_response(gone.message, status_of(gone), "text")
    understood = word_service.understood(state, request.form.get("text"), number, change,
                                         request.form.get("dealer"),
                                         request.form.getlist("seated"))
    if understood.body is None:
        return error_response(understood.question, 400, "text")
    try:
        hand = parse_hand(dict(understood.body), players=state.players)
    except HandError as error:  # never expected: the words are understood in these fields
        return error_response(error.message, 400, "text")
    form = HandForm(formdata=None, meta={"csrf": False})
    form.set_players(state.rules, state.players)
    form.fill(hand)
    if not understood.complete:
        asked = error_response(understood.question, 400, "text")
        answer = jsonify({**(asked.get_json() or {}), "fields": entries(form),
                          "hand": dict(understood.body),
                          "open": [asdict(role) for role in understood.open]})
        answer.status_code = 400
        return answer
    dealt = replace(hand, dealer=request.form.get("dealer") or None,
                    seated=tuple(request.form.getlist("seated")) or None)
    return jsonify({"fields": entries(form), "hand": dict(understood.body),
                    "heard": _heard(state, dealt, number, change)})


def _heard(state: TableState, hand: Hand, number: int | None, change: Change) -> str | None:
    """The hand as understood (dealt as the form has it), in the engine's
    words, with every flag the words set as its badges say it ("Ann with Cat,
    75 points (×4: re-crack)"), so the player hears it all said back; None when
    the night can't take it (the preview then says why)."""
    try:
        result = hand_service.propose(state, change, hand, number).result
    except (HandError, ServiceError):
        return None
    return said_back(state, result) if result is not None else None


def said_back(state: TableState, result: HandResult) -> str:
    """The hand as the ledger tells it, with the badges of what was said
    (cracks, blitzes, alone, no trick, a stolen blind…) and the flags no badge
    names (a forced pick, the K♦ at the cut), but none of what the night's
    doublers add: those weren't said."""
    unbadged = [FLAG_WORDS[name] for name in UNBADGED if getattr(result.hand, name)]
    unsaid = replace(result, doubled=False, doubled_by=(), multiplier=1,
                     multiple=paid_multiple(state.rules, result.hand, 0))
    return word_service.told(state.rules, unsaid, unbadged)


def _which(state: TableState) -> tuple[int | None, Change]:
    """The hand the form is for: an edited hand (its own table), an insert
    (the table of the hand it goes before), or the next hand (None)."""
    edited, before = query_id("hand"), query_id("before")
    if edited is not None:
        return state.number_of(edited), Change.REPLACE
    if before is not None:
        return state.number_of(before), Change.ADD
    return None, Change.ADD


def entries(form: HandForm) -> list[tuple[str, str]]:
    """The form's fields as the form sends them (name, value), every one a
    hand has: a box left empty is sent empty, so the page clears it."""
    sent: list[tuple[str, str]] = []
    for field in form:
        if field.name in KEPT:
            continue
        if isinstance(field, FieldList):
            sent += [(entry.name, entry.data or "") for entry in field.entries]
        elif isinstance(field, BooleanField):
            sent += [(field.name, "y")] if field.data else []
        elif isinstance(field, SelectMultipleField):
            sent += [(field.name, str(value)) for value in field.data or ()]
        elif field.data is not None:
            sent.append((field.name, str(field.data)))
    return sent
