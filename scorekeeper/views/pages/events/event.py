"""The director's pages of an event (``/e/<id>``), on a laptop or a phone:
starting one (the table start page's preset and house rules), registration
(one at a time, or a pasted list), check-in, a late arrival, withdrawal.
A session's draw, its seat board, penalties, tickets and the printable
pages are :mod:`scorekeeper.views.pages.events.sessions`'; the directors,
the file and the end :mod:`scorekeeper.views.pages.events.directors`'.

Every page here answers 403 to anyone but a director's device; contact
details show only on these pages.
"""

from __future__ import annotations

import hashlib
from datetime import date
from typing import TYPE_CHECKING, Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from markupsafe import Markup
from werkzeug.wrappers import Response
from wtforms import BooleanField, HiddenField, RadioField, StringField, TextAreaField
from wtforms.validators import InputRequired, Length, NumberRange, StopValidation

from scorekeeper.ledger.event_draw import ODD_CHOICES, ODD_WORDS
from scorekeeper.ledger.events import TIE_BREAK_WORDS, TIE_RULES, tie_rule_of
from scorekeeper.ledger.prize_presets import PRESETS as PRIZE_PRESETS
from scorekeeper.limits import (
    EVENT_NAME,
    MAX_ROUNDS,
    MAX_SESSION_HANDS,
    MAX_SESSIONS,
    whole_number,
)
from scorekeeper.names import sort_key
from scorekeeper.policy.acl import EventWrite, OwnerAction
from scorekeeper.rules import OPTIONS, PRESETS
from scorekeeper.rulings.chart import preset_payouts
from scorekeeper.services import ServiceError
from scorekeeper.services.events import draws as event_draws
from scorekeeper.services.events import event as event_service
from scorekeeper.services.events import progress as event_progress
from scorekeeper.services.events import rename as rename_service
from scorekeeper.services.events import scores as event_scores
from scorekeeper.services.events import settings as event_settings
from scorekeeper.services.events.plan import prize_plan_of
from scorekeeper.services.grants.grants import new_token
from scorekeeper.services.once import Once, canonical
from scorekeeper.views import event_length
from scorekeeper.views.access import grant_label, load_event, permission
from scorekeeper.views.forms import (
    ENTRY_DOLLARS,
    KEEP,
    KEEP_LABEL,
    WholeField,
    hidden_number,
    option_fields,
    overrides_from,
    shown_version,
)
from scorekeeper.views.forms import preset_words as preset_words_of
from scorekeeper.views.held import remember_event
from scorekeeper.views.json_errors import status_of
from scorekeeper.views.option_groups import GROUPS
from scorekeeper.views.pages import refused
from scorekeeper.views.pages.events.prize_forms import (
    OWN_PLAN,
    PLAN_HELP,
    PLAN_TEXT,
    WRITTEN_PLAN,
    places_typed,
    plan_changed,
    plan_text,
    prizes_chosen,
)
from scorekeeper.views.qr import link, qr_svg

if TYPE_CHECKING:
    from scorekeeper.db.models import Event

bp = Blueprint("events", __name__)
#: The prize plan choice that is the percents typed on the form.
# Every page says how long a table plays one way.
bp.add_app_template_global(event_progress.deals_due, "deals_due")
bp.add_app_template_global(event_length.length_words, "length_words")

@bp.app_template_filter("tie_break")
def tie_break(key: str) -> str:
    """A tie-break in words, as the pages state the order."""
    return TIE_BREAK_WORDS.get(key, key)


class EventForm(FlaskForm):
    """Start an event: its name, date, rules, sessions and payout plan."""

    name = StringField("Event name", default="Oktoberfest Sheepshead", validators=[
        InputRequired("Give the event a name"),
        Length(max=EVENT_NAME, message=f"Keep the event's name to {EVENT_NAME} characters")])
    preset = RadioField("How do the tables play?",
                        choices=[(p.id, p.name) for p in PRESETS.values()],
                        default="called-ace", validators=[InputRequired()])
    sessions = WholeField("Sessions", default=3, validators=[
        InputRequired("How many sessions?"),
        NumberRange(1, MAX_SESSIONS, message=f"1 to {MAX_SESSIONS} sessions")])
    #: How long a table plays a session: rounds of the deal, or hands at every table.
    length = RadioField("How long each table plays a session",
                        choices=[("rounds", "Rounds of the deal"),
                                 ("hands", "Hands at every table")], default="rounds")
    rounds = WholeField("Rounds of the deal per session", default=4)
    hands = WholeField("Hands at every table per session")
    entry = WholeField("Entry fee (whole dollars)", default=25, validators=[
        InputRequired("Say the entry fee (0 for none)"),
        ENTRY_DOLLARS])
    prize_plan = RadioField("The prize plan",
                            choices=[(OWN_PLAN, "My own percents (below)"),
                                     *((k, p.title) for k, p in PRIZE_PRESETS.items()),
                                     (WRITTEN_PLAN, "My own plan, a line a prize")],
                            default=OWN_PLAN)
    plan_lines = TextAreaField("The plan, a line a prize",
                               validators=[Length(max=PLAN_TEXT)])
    places = StringField("Prizes by place (% of the pot, first place first)",
                         default="30, 15, 10, 10, 10", validators=[Length(max=400)])
    session_high = WholeField("Each session's high score (% of the pot)", default=5,
                              validators=[InputRequired("Say 0 for no session-high prize"),
                                          NumberRange(0, 100, message="0 to 100%")])
    share = WholeField("Paid out as prizes (% of the entries)", default=90,
                       validators=[InputRequired("Say what share of the entries is paid out"),
                                   NumberRange(0, 100, message="0 to 100%")])
    odd = RadioField("When the players don't fill whole tables",
                     choices=[(k, ODD_WORDS[k]) for k in ODD_CHOICES], default="byes")
    ties = RadioField("How ties are broken",
                      choices=[(k, rule.title) for k, rule in TIE_RULES.items()],
                      default=next(iter(TIE_RULES)))
    signatures = BooleanField("Each table signs its result")
    submission = HiddenField()

    def validate_rounds(self, field: WholeField) -> None:
        self._chosen(field, "How many rounds of the deal?", MAX_ROUNDS, "rounds")

    def validate_hands(self, field: WholeField) -> None:
        self._chosen(field, "How many hands does every table play?", MAX_SESSION_HANDS,
                     "hands")

    def _chosen(self, field: WholeField, missing: str, most: int, noun: str) -> None:
        """The box of the length chosen needs a number in bounds; the other is let be."""
        if self.length.data != field.name:
            raise StopValidation()
        if field.data is None:
            raise StopValidation(missing)
        NumberRange(1, most, message=f"1 to {most} {noun}")(self, field)

    def length_chosen(self) -> tuple[int | None, int | None]:
        """(rounds, hands) as the service takes them: the one chosen, the other None."""
        hands = self.length.data == "hands"
        return (None, self.hands.data) if hands else (self.rounds.data, None)


@bp.route("/e/new", methods=["GET", "POST"])
@permission(OwnerAction.PUBLIC)
def new() -> str | Response | tuple[str, int]:
    """Start an event; this device directs it."""
    form = EventForm()
    if not form.submission.data:  # a form sent without its token gets one of its own
        form.submission.data = new_token()
    errors: dict[str, str] = {}
    played_on = request.form.get("played_on") or date.today().isoformat()
    if request.method == "POST" and form.validate_on_submit():
        overrides, errors = overrides_from(request.form)
        places = places_typed(form.places.data or "")
        if places is None and form.prize_plan.data == OWN_PLAN:
            errors["places"] = "Give each place's percent as whole numbers: 30, 15, 10"
        rounds, hands = form.length_chosen()
        if not errors:
            try:
                event, token = event_service.create_event(
                    form.name.data, form.preset.data, overrides, played_on=played_on,
                    sessions=form.sessions.data, rounds=rounds, hands=hands,
                    entry_cents=(form.entry.data or 0) * 100,
                    **prizes_chosen(form.prize_plan.data, form.plan_lines.data or "",
                                    places, form.session_high.data, form.share.data),
                    odd=form.odd.data,
                    tie_breaks=list(TIE_RULES[form.ties.data].breaks),
                    signatures=bool(form.signatures.data),
                    once=Once(f"form:event:{form.submission.data[:64]}"))
            except ServiceError as error:
                errors[error.field or "form"] = error.message
            else:
                if token is not None:
                    remember_event(event.id, token)
                    flash(f"For an API client (a scoreboard, a script), this event's director "
                          f"token, shown this once: {token}", "token")
                flash(f"{event.name} is ready. Register the players.")
                return redirect(url_for("events.home", event_id=event.id))
    page = new_page(form, errors, played_on)
    return (page, 400) if request.method == "POST" else page


def new_page(form: EventForm, errors: dict[str, str], played_on: str,
             import_error: str | None = None) -> str:
    """The start page: a new event's form, and the form that imports one
    (with ``import_error`` beside its file when a file was refused); each
    form carries a fresh one-time token unless it has one."""
    if not form.submission.data:
        form.submission.data = new_token()
    chosen: Any = request.form
    typed = form.hands.data if form.length.data == "hands" else form.rounds.data
    hint = event_length.hint(form.length.data or "rounds", typed,
                             event_length.seats_chosen(chosen, form.preset.default))
    return render_template(
        "events/new.html", form=form, errors=errors, presets=PRESETS.values(),
        length_hint=hint, length_hints=event_length.hints(),
        option_fields=option_fields(), options=OPTIONS, option_groups=GROUPS, chosen=chosen,
        keep=KEEP, keep_label=KEEP_LABEL, asked_preset=None, payouts=preset_payouts(),
        preset_words=preset_words_of(), played_on=played_on, tie_rules=TIE_RULES,
        prize_presets=PRIZE_PRESETS, plan_help=PLAN_HELP,
        import_error=import_error, import_submission=new_token())


def _home_page(event: Event, **extra: Any) -> str:
    players = sorted(event.players, key=lambda p: sort_key(p.name))
    board = link("event_viewer.board", token=event.view_token)
    return render_template(
        "events/home.html", event=event, players=players, board_url=board,
        board_qr=Markup(qr_svg(board, "QR code of the event's leaderboard")),
        here=sum(1 for p in players if p.checked_in),
        drawn={t.session for t in event_scores.standings(event).tables},
        entry=request.form.get("entry", "") if "entry" in extra.get("errors", {}) else "",
        played=event_draws.played(event), tie_rules=TIE_RULES, tie_rule_of=tie_rule_of,
        ties_in_words=event_settings.ties_in_words, ties_fixed=event_settings.TIES_FIXED,
        side_pots=prize_plan_of(event).side_pots, plan_text=plan_text(event),
        plan_help=PLAN_HELP,
        **{"errors": {}, "pasted": "", "renaming": None, **extra})


@bp.get("/e/<int:event_id>")
@permission(OwnerAction.RUN)
def home(event_id: int) -> str:
    """Registration, check-in and the player list."""
    return _home_page(load_event(event_id).row)


def _first_session(event: Event) -> int | None:
    raw = request.form.get("from_session", "1").strip() or "1"
    return whole_number(raw, 1, event.sessions)


@bp.post("/e/<int:event_id>/players")
@permission(OwnerAction.RUN, EventWrite.REGISTER)
def register(event_id: int) -> Response | tuple[str, int]:
    """One player ("Name, contact"; Enter adds the next) or a pasted list.  A
    name that may be a registered player's is shown beside its field with
    "Register anyway" (the same entry again, with ``same_name_ok``).  The
    same entry sent twice from a page shown at one version (a double tap)
    registers once: the second answer is the first's."""
    checked = load_event(event_id)
    event = checked.row
    pasted = request.form.get("pasted")
    field = "pasted" if pasted is not None else "entry"
    text = pasted if pasted is not None else request.form.get("entry", "")
    start = _first_session(event)
    if start is None:
        return refused("Not registered", 400, lambda: _home_page(
            event, errors={"from_session": f"A session from 1 to {event.sessions}"},
            pasted=pasted or ""))
    here, same_ok = bool(request.form.get("checked_in")), bool(request.form.get("same_name_ok"))
    shown, pots = request.form.get("version", ""), request.form.getlist("side_pots")
    once = Once(f"form:register:{event.id}:" + hashlib.sha256(canonical(
        [shown, field, text, start, here, same_ok, pots])).hexdigest()) if shown.isdigit() else None
    try:
        made = event_service.register(event, text, from_session=start, checked_in=here,
                                      same_name_ok=same_ok, by=grant_label(checked), once=once,
                                      side_pots=pots)
    except ServiceError as error:
        said, same = error.message, isinstance(error, event_service.LikelySame)
        return refused(f"Not registered: {error.message}", status_of(error),
                       lambda: _home_page(event, errors={field: said}, pasted=pasted or "",
                                          same_name=field if same else None))
    said = ", ".join(f"#{p.number} {p.name}" for p in made[:3])
    flash(f"Registered {said}" + (f" and {len(made) - 3} more" if len(made) > 3 else ""))
    return redirect(url_for("events.home", event_id=event.id, _anchor="entry"))


@bp.post("/e/<int:event_id>/check-in")
@permission(OwnerAction.RUN, EventWrite.REGISTER)
def check_in(event_id: int) -> Response | tuple[str, int]:
    """Mark one player here or not here."""
    checked = load_event(event_id)
    event = checked.row
    number = whole_number(request.form.get("number", ""), 1, 10**6)
    try:
        if number is None:
            raise ServiceError("Choose a player", "number")
        found = event_service.check_in(event, [number], request.form.get("here") == "1",
                                       by=grant_label(checked), shown=_player_shown("here"))
    except ServiceError as error:
        return refused(f"Not changed: {error.message}", status_of(error),
                       lambda: _home_page(event))
    p = found[0]
    flash(f"#{p.number} {p.name}: {'checked in' if p.checked_in else 'not here'}")
    return redirect(url_for("events.home", event_id=event.id, _anchor=f"p{p.number}"))


@bp.post("/e/<int:event_id>/players/<int:number>/rename")
@permission(OwnerAction.RUN, EventWrite.REGISTER)
def rename(event_id: int, number: int) -> Response | tuple[str, int]:
    """Correct a player's name (his number stays); a name that may be another
    player's comes back beside the field with "Rename anyway"."""
    checked = load_event(event_id)
    event = checked.row
    try:
        was = event_service.player(event, number).name
        found = rename_service.rename_player(
            event, number, request.form.get("name", ""),
            same_name_ok=bool(request.form.get("same_name_ok")), by=grant_label(checked),
            shown=_player_shown("name"))
    except ServiceError as error:
        said, same = error.message, isinstance(error, event_service.LikelySame)
        return refused(f"Not renamed: {error.message}", status_of(error),
                       lambda: _home_page(event, errors={f"rename-{number}": said},
                                          renaming=number if same else None))
    flash(f"#{found.number} {was} is called {found.name} from now on: every table, "
          "page and print says so")
    return redirect(url_for("events.home", event_id=event.id))


@bp.post("/e/<int:event_id>/settings")
@permission(OwnerAction.RUN, EventWrite.SETTINGS)
def settings(event_id: int) -> Response | tuple[str, int]:
    """The tie rule (while nothing is played) and whether the tables sign."""
    checked = load_event(event_id)
    event = checked.row
    version = hidden_number("version", "version of the event")
    ties = request.form.get("ties")
    try:
        if ties is not None and ties not in TIE_RULES:
            raise ServiceError("Choose one of the tie rules shown", "settings")
        said = event_settings.change_settings(
            event, tie_breaks=list(TIE_RULES[ties].breaks) if ties else None,
            signatures=request.form.get("signatures") == "1", prize_plan=plan_changed(event),
            by=grant_label(checked),
            seen=version, once=Once(f"form:settings:{event.id}:" + hashlib.sha256(canonical(
                [version, ties, request.form.get("signatures"),
                 request.form.get("plan_lines")])).hexdigest()) if version is not None else None)
    except ServiceError as error:
        message = error.message
        box = "plan_lines" if error.field == "plan_lines" else "settings"
        return refused(f"Not changed: {message}", status_of(error),
                       lambda: _home_page(load_event(event_id).row, errors={box: message}))
    flash("Settings saved: " + "; ".join(said) if said else "Settings saved")
    return redirect(url_for("events.home", event_id=event.id, _anchor="settings"))


@bp.post("/e/<int:event_id>/withdraw")
@permission(OwnerAction.RUN, EventWrite.REGISTER)
def withdraw(event_id: int) -> Response | tuple[str, int]:
    """A player plays no session after the one named."""
    checked = load_event(event_id)
    event = checked.row
    number = whole_number(request.form.get("number", ""), 1, 10**6)
    after = whole_number(request.form.get("after_session", ""), 0, event.sessions)
    errors = {}
    if number is None:
        errors["withdraw"] = "Choose a player"
    elif after is None:
        errors["withdraw"] = f"The last session played: 0 to {event.sessions}"
    if errors:
        return refused("Not withdrawn", 400, lambda: _home_page(event, errors=errors))
    try:
        p, said = event_service.withdraw(event, number or 0, after or 0,
                                         by=grant_label(checked), shown=_player_shown("after"),
                                         now=request.form.get("now") == "1")
    except ServiceError as error:
        said = error.message
        return refused(f"Not withdrawn: {error.message}", status_of(error),
                       lambda: _home_page(event, errors={"withdraw": said}))
    flash(f"#{p.number} {p.name} plays no session after session {after}"
          + (said[said.index(" and leaves"):] if " and leaves" in said else ""))
    return redirect(url_for("events.home", event_id=event.id))


def _player_shown(field: str) -> int:
    """The player's version the page's form showed (its hidden ``player_version``)."""
    return shown_version("player_version", "player", field)
