"""The record form's pieces shared by the scorekeeper's hand pages and the
answers to saves sent from the phone's queue: the form made for a table, what
the form shows at the table its hand is dealt at, the version and deal it was
made on, the hand it holds judged as Save would judge it (the preview), and a
saved hand said back in the engine's words.  The words the form was filled
from ("Say the hand") come with it as ``said``: while they leave a player's
role open, the preview says so and Save refuses (:func:`hand_from`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from dataclasses import field as default
from enum import Enum
from typing import Any

from flask import request

from scorekeeper.limits import whole_number
from scorekeeper.rules import Hand, HandError, HandResult, shown_for
from scorekeeper.rules.fields import alone_unsaid
from scorekeeper.services import NotFound, ServiceError
from scorekeeper.services.access.credentials import NightAccess
from scorekeeper.services.events import signatures
from scorekeeper.services.events.progress import deals_passed
from scorekeeper.services.nights import hands as hand_service
from scorekeeper.services.nights import tables as table_service
from scorekeeper.services.nights.hands import Change, Seen, deal_of
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.nights.words import left_open
from scorekeeper.services.once import Once
from scorekeeper.services.registry import done_message, owner_of
from scorekeeper.spoken.examples import examples, prompt
from scorekeeper.views.forms import HandForm, hidden_number

#: Fields whose errors the hand form always shows next to them.
ALWAYS_SHOWN = frozenset(("kind", "dealer"))

#: What the engine may fill in that the form shows as a choice of its own; the
#: deal (dealer, seats, who was present) is worked out afresh from the dealer box,
#: and the points stay as typed (they may be counted for the defense).
_NOT_CHOICES = frozenset(("dealer", "seated", "present", "points", "payouts", "note"))


def make_form(state: TableState) -> HandForm:
    form = HandForm()
    form.set_players(state.rules, state.players)
    return form


def context(night: NightAccess, form: HandForm, **extra: Any) -> dict[str, Any]:
    """What the hand form shows, at the table this hand is dealt at (its own
    for an edit, the next hand's roster for an insert, tonight's at the end):
    the engine's :class:`~scorekeeper.rules.Seating`, never tonight's roster
    for a past hand.  A table of an event says its deals due and how many it
    has dealt (the heading's "Hand 7 of 20": a void is dealt again, so it
    is no deal of its own) and, once it has played them, that it is done
    and waits for the director.  The page is ``night``'s: what the request
    may do there is its ``access``."""
    state = night.state
    rules = state.rules
    if extra.get("number"):
        table = hand_service.seating(state, extra["number"], Change.REPLACE)
    else:
        table = hand_service.seating(state, extra.get("before"))
    table = table.dealt_by(form.dealer.data)
    ticked = [p for p in form.seated.data or () if p in table.present]
    sitting_out = ([p for p in table.present if p not in ticked] if ticked
                   else list(table.sitting_out) if table.crowded else [])
    shown = shown_for(rules)
    due = owner_of(state.table).hands_due(state.table)
    done = done_message(state)
    playing = [p for p in table.present if p not in sitting_out]
    return {"state": state, "table": state.table, "form": form, "rules": rules,
            "night": state.night, "seating": table, "present": table.present,
            "players": state.players, "dealer": table.dealer,
            "sitting_out": sitting_out, "sit_out_by_dealer": table.out_by_dealer(),
            "shown": shown, "due": due,
            "dealt": deals_passed(state.night) if due is not None else None,
            "table_done": done,
            "signing": signatures.signing_of(state.table) if done else None,
            "unshown_errors": _unshown_errors(form, shown, table.crowded),
            "say_example": examples(rules, playing)[0], "say_prompt": prompt(rules, playing),
            "access": night, **extra}


def _unshown_errors(form: HandForm, shown: dict[str, tuple[Any, ...]],
                    sit_outs: bool) -> list[str]:
    """Errors on fields this table's form doesn't show (a flag its rules don't
    enable, a tampered value): said at the top, so no refusal is silent."""
    visible = ALWAYS_SHOWN | {name for name, kinds in shown.items() if kinds} \
        | ({"seated"} if sit_outs else set()) \
        | ({"adjust"} if shown.get("payouts") else set())  # the payouts' boxes
    return [str(e) for field in form if field.name not in visible for e in field.errors]


def stamp(state: TableState, form: HandForm, appending: bool) -> None:
    """Stamp the form with the night it is made on (and, for a new hand, its deal)."""
    form.version.data = str(state.version)
    form.deal.data = deal_of(state) if appending else ""
    if appending:
        form.dealer.data = hand_service.seating(state).dealer


def form_seen() -> Seen | None:
    """The version (and deal) the submitted form was made on; None from a client
    that sends none (it then writes on whatever the night is now)."""
    version = hidden_number("version", "version of the night")
    return None if version is None else Seen(version, request.form.get("deal") or None)


def query_id(name: str) -> int | None:
    """A hand's id in the query string (``?before=``, ``?hand=``); None when
    there is none, or it isn't a number a hand's id could be."""
    return whole_number(request.args.get(name, ""))


def once_for(table_id: int) -> Once | None:
    """The submitted form's one-time token, for this table's hands."""
    token = request.form.get("submission", "")
    return Once(f"form:hand:{table_id}:{token[:64]}") if token else None


@dataclass(frozen=True)
class Landed:
    """A hand the submitted form's one-time token already recorded: its number
    then, the night's version its recording made, its id, and the night now
    with what the hand pays in it (None once it was deleted)."""

    number: int
    version: int
    hand_id: int
    state: TableState
    result: HandResult | None


def landed(table_id: int) -> Landed | None:
    """The hand this form already saved, for a second post of it: a Save tapped
    twice (the browser drops the first answer and shows the second's), or a
    kept hand sent again after its answer was lost.  Read afresh: the first
    post may have been saved after this one's night was loaded."""
    once = once_for(table_id)
    done = hand_service.recorded_under(table_id, once) if once is not None else None
    if done is None:
        return None
    number, version, hand_id = done
    state = table_service.load(table_id)
    try:
        result: HandResult | None = state.result(state.number_of(hand_id))
    except NotFound:
        result = None
    return Landed(number, version, hand_id, state, result)


@dataclass(frozen=True)
class Judged:
    """The hand a form holds, judged as Save judges it: the first reason Save
    refuses it, or what it pays, and the choices the engine filled in."""

    error: str | None = None
    result: HandResult | None = None
    #: Form field → value the engine decided (rules.fields.complete_hand): the
    #: form ticks them too, so what it shows chosen is the hand that is paid.
    filled: dict[str, Any] = default(default_factory=dict)


def judge(state: TableState, form: HandForm, hand_id: int | None = None,
          before_id: int | None = None) -> Judged:
    """The preview: the form's hand worked out on the night (replacing hand
    ``hand_id``, or added before ``before_id`` or at the end) by the same
    engine and the same checks as Save, so it refuses exactly what Save
    refuses, in the same words.  The form must have been validated."""
    try:
        hand = form.to_hand(state.rules)  # a number past its bounds is said in its words
        shape = first_error(form)
        if shape is not None:
            return Judged(error=shape)  # Save stops at the form's own checks
        which = hand_id if hand_id is not None else before_id  # edited, or inserted before
        number = state.number_of(which) if which is not None else None
        change = Change.REPLACE if hand_id is not None else Change.ADD
        check_said(state, hand, number, change)
        proposal = hand_service.propose(state, change, hand, number)
    except (HandError, ServiceError) as error:
        return Judged(error=error.message)
    assert proposal.result is not None
    return Judged(result=proposal.result, filled=filled_in(hand, proposal.result.hand))


def hand_from(state: TableState, form: HandForm, number: int | None = None,
              change: Change = Change.ADD) -> Hand:
    """The validated form's hand as Save takes it (hand ``number``, or the
    next): refused while the words it was filled from leave a role open, or
    while it would be a loner nobody said (asked once: "Dale alone?")."""
    hand = form.to_hand(state.rules)
    check_said(state, hand, number, change)
    check_alone(state, form, hand, number, change)
    return hand


def check_alone(state: TableState, form: HandForm, hand: Hand, number: int | None,
                change: Change) -> None:
    """Refuse a partner table's hand with no partner ticked and "alone" not
    ticked, asking "Dale alone?" next to the partners (the form's answer
    button ticks alone and saves); an edit of a hand that was a loner
    already isn't asked again."""
    if not alone_unsaid(state.rules, hand):
        return
    if change is Change.REPLACE and number is not None and \
            not state.hands[number - 1].partners:
        return
    form.alone_asked = hand.picker
    raise ServiceError(f"{hand.picker} alone? Tap the partner, or answer yes.", "alone")


def check_said(state: TableState, hand: Hand, number: int | None, change: Change) -> None:
    """Refuse ``hand`` while the words the form was filled from (``said``)
    leave a player's role open that it still has as they filled it: a name
    not placed never becomes a silent loner.  Said next to that role."""
    held = left_open(state, request.form.get("said"), hand, number, change)
    if held is not None:
        raise ServiceError(held.ask, held.field)


def first_error(form: HandForm) -> str | None:
    """The first refusal of the form's own checks (a box that isn't a number),
    which Save says next to its field before the engine is asked."""
    for box in form:
        for error in box.errors:
            if isinstance(error, str):
                return error
    return None


def filled_in(asked: Hand, scored: Hand) -> dict[str, Any]:
    """The choices the engine made that the form did not (a partner the rules
    name, the picker who took no trick, no trick at all), as the form's
    fields send them."""
    out: dict[str, Any] = {}
    for f in fields(Hand):
        before, after = getattr(asked, f.name), getattr(scored, f.name)
        if f.name not in _NOT_CHOICES and before != after:
            out[f.name] = _as_sent(after)
    return out


def _as_sent(value: object) -> Any:
    if isinstance(value, tuple):
        return [str(v) for v in value]
    if isinstance(value, Enum):
        return str(value.value)
    return "" if value is None else value


def attach(form: HandForm, error: HandError | ServiceError) -> None:
    """Show an engine or service error next to the field it names; one that
    names none the form has (a word the words box placed nowhere) at the top."""
    field = form.field_for(error.field)
    if field is not None and field.name not in ("submission", "version"):
        field.errors = [*field.errors, error.message]
    elif field is None and error.message not in form.form_errors:
        form.form_errors.append(error.message)
    else:
        form.form_errors.append(error.message)
