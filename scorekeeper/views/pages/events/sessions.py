"""A session of an event, for its director (``/e/<id>/sessions/<n>``): the
draw (its seed, again with the same seed, or a new one), the repeated
pairs and byes, a swap before play, the seat board by table and by name,
each table's progress and its night; penalties and paper tickets.  The
printable pages (seat lists, table cards with their QR and one-time code,
blank score tickets, final standings) for Letter or A4, and how a table's
one-time code is shown only once, are :mod:`.printing`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flask import abort, flash, make_response, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.ledger.words import plural
from scorekeeper.limits import MAX_EVENT_PENALTY, MAX_ROW_ID, whole_number
from scorekeeper.names import sort_key
from scorekeeper.policy.acl import EventWrite, OwnerAction
from scorekeeper.services import NotFound, ServiceError
from scorekeeper.services.events import draws as event_draws
from scorekeeper.services.events import event as event_service
from scorekeeper.services.events import history as event_history
from scorekeeper.services.events import penalties as event_penalties
from scorekeeper.services.events import photos as event_photos
from scorekeeper.services.events import scores as event_scores
from scorekeeper.services.events import seat_fixes, signatures
from scorekeeper.services.events import walk_ins as event_walk_ins
from scorekeeper.services.events.draws import CODE_LIFETIME, MAX_SEED, DrawnSession, DrawnTable
from scorekeeper.services.grants.grants import new_token
from scorekeeper.services.once import Once
from scorekeeper.views.access import grant_id, grant_label, load_event, permission
from scorekeeper.views.forms import shown_version
from scorekeeper.views.json_errors import status_of
from scorekeeper.views.pages import refused
from scorekeeper.views.pages.events.event import bp
from scorekeeper.views.qr import link, only_this_machine

if TYPE_CHECKING:
    from scorekeeper.db.models import Event

#: The papers the printable pages are laid out for, by their word in the address.
PAPERS = {"letter": "letter", "a4": "A4"}


def drawn_session(event: Event, number: int) -> DrawnSession | None:
    try:
        return event_draws.session_tables(event, number)
    except NotFound:
        if not 1 <= number <= event.sessions:
            raise
        return None


def by_name(drawn: DrawnSession | None) -> list[tuple[str, int, int]]:
    """Every seat of the session as (name, table, seat), names in order."""
    return sorted(((name, t.number, seat) for t in (drawn.tables if drawn else ())
                   for seat, name in enumerate(t.players, start=1)),
                  key=lambda row: sort_key(row[0]))


def _session_page(event_id: int, number: int, **extra: Any) -> str:
    event = load_event(event_id).row
    drawn = drawn_session(event, number)
    standings = event_scores.standings(event)
    signing = signatures.session_signing(event, number) if event.signatures and drawn else {}
    return render_template(
        "events/session.html", event=event, number=number, drawn=drawn, by_name=by_name(drawn),
        progress={p.number: p for p in standings.tables if p.session == number},
        phone_points={r.name: r.sessions[number - 1] for r in standings.players
                      if number in r.played},
        names={p.number: p.name for p in event.players}, papers=PAPERS,
        hours=int(CODE_LIFETIME.total_seconds() // 3600),
        penalties=[p for p in event_penalties.penalties(event) if p.session == number],
        penalties_shown=event_penalties.newest(event),
        tickets=event_scores.session_tickets(event, number),
        photos_waiting=event_photos.waiting(event, number),
        withdrawn_tickets=event_history.withdrawn_tickets(event, number),
        signing=signing, signing_by=signatures.by_status(signing),
        undrawn=event_draws.UNDRAWN, started=event_draws.STARTED.format(session=number)
        if drawn and event_draws.session_started(event, number) else None,
        walk_ins=[p for p in event_walk_ins.unseated(event, number)
                  if drawn is None or p.number not in drawn.byes] if drawn else [],
        submission=new_token(), max_seed=MAX_SEED, max_penalty=MAX_EVENT_PENALTY,
        cards_unreachable=only_this_machine(link("share.claim", token="code")),
        **{"errors": {}, "fresh": {}, **extra})


@bp.get("/e/<int:event_id>/sessions/<int:number>")
@permission(OwnerAction.RUN)
def session_page(event_id: int, number: int) -> str:
    """A session's draw, seat board, tables, penalties and tickets."""
    return _session_page(event_id, number)


@bp.post("/e/<int:event_id>/sessions/<int:number>/draw")
@permission(OwnerAction.RUN, EventWrite.DRAW)
def draw(event_id: int, number: int) -> Response | tuple[str, int]:
    """Draw the session: again with the shown seed, or with a new one (once
    drawn, only when the director says the printed cards may stop working).
    The answer is the session page with each table's one-time code and
    edit token, shown this once (never stored)."""
    checked = load_event(event_id)
    event = checked.row
    raw = request.form.get("seed", "").strip()
    seed = whole_number(raw, 0, MAX_SEED) if raw else None
    if raw and seed is None:
        return refused("Not drawn", 400, lambda: _session_page(
            event_id, number, errors={"seed": f"A seed is a whole number from 0 to {MAX_SEED}"}))
    try:
        drawn = event_draws.draw(event, number, seed, by=grant_label(checked),
                                 director_id=grant_id(checked), shown=_seats_shown(),
                                 again=request.form.get("sure") == "1")
    except ServiceError as error:
        said = error.message
        return refused(f"Not drawn: {error.message}", status_of(error), lambda: _session_page(
            event_id, number, errors={"draw": said}))
    flash(f"Session {number} drawn (seed {drawn.seed}): {len(drawn.tables)} tables. "
          "Print the table cards: printing makes each table's one-time code.")
    page = make_response(_session_page(
        event_id, number, fresh={t.number: t for t in drawn.tables},
        settled_url=url_for("events.session_page", event_id=event.id, number=number)))
    page.headers["Cache-Control"] = "no-store"
    return page


def _player_number(field: str) -> int | None:
    return whole_number(request.form.get(field, "").strip().lstrip("#"), 1, 10**6)


@bp.post("/e/<int:event_id>/sessions/<int:number>/swap")
@permission(OwnerAction.RUN, EventWrite.DRAW)
def swap(event_id: int, number: int) -> Response | tuple[str, int]:
    """Two players change seats before the session starts."""
    checked = load_event(event_id)
    event = checked.row
    a, b = _player_number("a"), _player_number("b")
    try:
        if a is None or b is None:
            raise ServiceError("Give two players' numbers", "swap")
        event_draws.swap(event, number, a, b, by=grant_label(checked), shown=_seats_shown())
    except ServiceError as error:
        said = error.message
        return refused(f"Not swapped: {error.message}", status_of(error), lambda: _session_page(
            event_id, number, errors={"swap": said}))
    flash(f"Swapped #{a} and #{b}")
    return redirect(url_for("events.session_page", event_id=event.id, number=number,
                            _anchor="board"))


@bp.post("/e/<int:event_id>/sessions/<int:number>/sat-elsewhere")
@permission(OwnerAction.RUN, EventWrite.DRAW)
def sat_elsewhere(event_id: int, number: int) -> Response | tuple[str, int]:
    """Two players sat at each other's tables: the recorded hands follow them."""
    checked = load_event(event_id)
    event = checked.row
    a, b = _player_number("a"), _player_number("b")
    token = request.form.get("submission", "")[:64]
    try:
        if a is None or b is None:
            raise ServiceError("Give two players' numbers", "seat_fix")
        seat_fixes.sat_elsewhere(event, number, a, b, request.form.get("reason"),
                                 by=grant_label(checked), shown=_seats_shown(),
                                 once=Once(f"form:seat-fix:{event.id}:{token}") if token
                                 else None)
    except ServiceError as error:
        said = error.message
        return refused(f"Not moved: {error.message}", status_of(error), lambda: _session_page(
            event_id, number, errors={"seat_fix": said}))
    flash(f"#{a} and #{b} sat at each other's tables: their hands, tickets and standings "
          "follow them")
    return redirect(url_for("events.session_page", event_id=event.id, number=number,
                            _anchor="board"))


@bp.post("/e/<int:event_id>/sessions/<int:number>/penalty")
@permission(OwnerAction.RUN, EventWrite.SCORE)
def penalty(event_id: int, number: int) -> Response | tuple[str, int]:
    """Points off one player (typed by name or number) seated in this
    session, with the reason; a form sent twice gives one penalty."""
    checked = load_event(event_id)
    event = checked.row
    points = whole_number(request.form.get("points", "").strip(), -MAX_ROW_ID)
    errors = {}
    try:
        who = event_service.find_player(event, request.form.get("player", ""))
    except ServiceError as error:
        errors["player"] = error.message
    try:
        event_penalties.penalty_points(points)
    except ServiceError as error:
        errors["points"] = error.message
    token = request.form.get("submission", "")[:64]
    try:
        if errors:
            raise ServiceError(next(iter(errors.values())), next(iter(errors)))
        listed = shown_version("penalties_shown", "penalties", "penalties")
        made = event_penalties.penalty(
            event, who.number, number, points, request.form.get("reason", ""),
            by=grant_label(checked), shown=listed,
            once=Once(f"form:penalty:{event.id}:{token}") if token else None)
    except ServiceError as error:
        field = "player" if status_of(error) == 404 or error.field == "number" \
            else error.field or "reason"
        shown = errors or {field: error.message}
        return refused(f"No penalty given: {error.message}", status_of(error),
                       lambda: _session_page(event_id, number, errors=shown))
    flash(f"Penalty: {plural(made.points, 'point')} off #{made.number} {made.name} in session "
          f"{made.session} ({made.reason})")
    return redirect(url_for("events.session_page", event_id=event.id, number=number,
                            _anchor="penalty"))


@bp.post("/e/<int:event_id>/sessions/<int:number>/penalties/<int:penalty>/withdraw")
@permission(OwnerAction.RUN, EventWrite.SCORE)
def withdraw_penalty(event_id: int, number: int, penalty: int) -> Response | tuple[str, int]:
    """Take a penalty back: its points count again (the history keeps both)."""
    checked = load_event(event_id)
    event = checked.row
    try:
        gone = event_penalties.withdraw_penalty(event, penalty, by=grant_label(checked),
                                             why=request.form.get("reason"))
    except ServiceError as error:
        said = error.message
        return refused(f"Not withdrawn: {error.message}", status_of(error),
                       lambda: _session_page(event_id, number, errors={"penalties": said}))
    flash(f"Penalty withdrawn: {plural(gone.points, 'point')} back to #{gone.number} {gone.name}")
    return redirect(url_for("events.session_page", event_id=event.id, number=number,
                            _anchor="penalty"))


@bp.post("/e/<int:event_id>/sessions/<int:number>/tables/<int:table>/ticket")
@permission(OwnerAction.RUN, EventWrite.SCORE)
def ticket(event_id: int, number: int, table: int) -> Response | tuple[str, int]:
    """A table's session totals from its paper ticket (they sum to zero)."""
    checked = load_event(event_id)
    event = checked.row
    seated = _seated(event, number, table)
    try:
        event_scores.ticket(event, number, table, _typed_totals(list(seated.players)),
                            by=grant_label(checked), shown=_table_shown(),
                            signed=request.form.get("signed") == "1",
                            with_phone=request.form.get("with_phone") == "1")
    except ServiceError as error:
        said = error.message
        return refused(f"Ticket not taken: {error.message}", status_of(error),
                       lambda: _session_page(event_id, number,
                                             errors={f"ticket-{table}": said}))
    flash(f"Table {table}'s paper ticket is in: the table is done"
          + (", signed on paper" if request.form.get("signed") == "1" else ""))
    return redirect(url_for("events.session_page", event_id=event.id, number=number))


@bp.post("/e/<int:event_id>/sessions/<int:number>/seat")
@permission(OwnerAction.RUN, EventWrite.DRAW)
def seat(event_id: int, number: int) -> Response | tuple[str, int]:
    """Seat a player checked in after the draw without drawing again."""
    checked = load_event(event_id)
    event = checked.row
    who = whole_number(request.form.get("number", ""), 1, 10**6)
    try:
        if who is None:
            raise ServiceError("Choose a player", "number")
        seated = event_walk_ins.seat_walk_in(event, number, who, by=grant_label(checked),
                                             director_id=grant_id(checked),
                                             shown=_seats_shown())
    except ServiceError as error:
        said = error.message
        return refused(f"Not seated: {error.message}", status_of(error),
                       lambda: _session_page(event_id, number, errors={"seat": said}))
    name = event_service.player(event, who).name
    if seated.opened is None:
        flash(f"#{who} {name} sits at table {seated.table}, seat {seated.seat}: dealt in "
              "from its next hand (every other seat and card stays as it is)")
        return redirect(url_for("events.session_page", event_id=event.id, number=number))
    flash(f"Table {seated.table} opened for " + ", ".join(seated.opened.players)
          + ": print its card (its code is shown below once)")
    page = make_response(_session_page(event_id, number, fresh={seated.table: seated.opened}))
    page.headers["Cache-Control"] = "no-store"
    return page


def _seats_shown() -> str:
    """Who sat where on the page a swap or a seat form was sent from (its
    hidden ``seats``: :attr:`DrawnSession.tag`)."""
    shown = request.form.get("seats", "").strip()
    if not shown:
        raise ServiceError("This form doesn't say which seats it showed: reload the page "
                           "and try again", "seats")
    return shown[:40]


def _seated(event: Event, number: int, table: int) -> DrawnTable:
    """Table ``table`` of session ``number`` as drawn, or 404."""
    drawn = drawn_session(event, number)
    seated = next((t for t in drawn.tables if t.number == table), None) if drawn else None
    if seated is None:
        abort(404, f"No table {table} in session {number}")
    return seated


def _typed_totals(names: list[str]) -> dict[str, int]:
    """Each player's points as typed on a ticket form (``points-0``...), or
    refused naming whoever's points aren't whole."""
    totals: dict[str, int] = {}
    bad = []
    for i, name in enumerate(names):
        value = whole_number(request.form.get(f"points-{i}", "").strip(), -MAX_ROW_ID)
        if value is None:
            bad.append(name)
        else:
            totals[name] = value
    if bad:
        raise ServiceError("Give each player's whole points (a minus for a loss): "
                           + ", ".join(bad), "totals")
    return totals


def _ticket_shown() -> int:
    """The ticket's version the page's form showed (its hidden field)."""
    return shown_version("ticket_version", "ticket", "totals")


def _table_shown() -> int:
    """The table's night's version the page's form showed (its hidden field)."""
    return shown_version("table_version", "table", "done")


@bp.post("/e/<int:event_id>/sessions/<int:number>/tables/<int:table>/ticket/correct")
@permission(OwnerAction.RUN, EventWrite.SCORE)
def correct_ticket(event_id: int, number: int, table: int) -> Response | tuple[str, int]:
    """Replace a table's paper ticket, saying why (the history keeps both)."""
    checked = load_event(event_id)
    event = checked.row
    seated = _seated(event, number, table)
    try:
        event_scores.correct_ticket(event, number, table, _typed_totals(list(seated.players)),
                                    request.form.get("reason", ""), by=grant_label(checked),
                                    shown=_ticket_shown())
    except ServiceError as error:
        said = error.message
        return refused(f"Ticket not corrected: {error.message}", status_of(error),
                       lambda: _session_page(event_id, number,
                                             errors={f"correct-{table}": said}))
    flash(f"Table {table}'s paper ticket is corrected: the standings count the new totals")
    return redirect(url_for("events.session_page", event_id=event.id, number=number))


@bp.post("/e/<int:event_id>/sessions/<int:number>/tables/<int:table>/ticket/withdraw")
@permission(OwnerAction.RUN, EventWrite.SCORE)
def withdraw_ticket(event_id: int, number: int, table: int) -> Response | tuple[str, int]:
    """Take a table's paper ticket back, saying why: its hands count again."""
    checked = load_event(event_id)
    event = checked.row
    try:
        event_scores.withdraw_ticket(event, number, table, request.form.get("reason", ""),
                                     by=grant_label(checked), shown=_ticket_shown())
    except ServiceError as error:
        said = error.message
        return refused(f"Ticket not withdrawn: {error.message}", status_of(error),
                       lambda: _session_page(event_id, number,
                                             errors={f"withdraw-{table}": said}))
    flash(f"Table {table}'s paper ticket is withdrawn: its hands count again")
    return redirect(url_for("events.session_page", event_id=event.id, number=number))


@bp.post("/e/<int:event_id>/sessions/<int:number>/tables/<int:table>/done")
@permission(OwnerAction.RUN, EventWrite.SCORE)
def table_done(event_id: int, number: int, table: int) -> Response | tuple[str, int]:
    """Accept a table's result for the session as it stands (its phone scores
    no more), or open it again for its phone."""
    checked = load_event(event_id)
    event = checked.row
    done = request.form.get("done") == "1"
    try:
        event_scores.mark_done(event, number, table, done, by=grant_label(checked),
                               shown=_table_shown())
    except ServiceError as error:
        return refused(f"Not changed: {error.message}", status_of(error),
                       lambda: _session_page(event_id, number))
    flash(f"Table {table} is done: its result stands" if done
          else f"Table {table} is open again for its phone")
    return redirect(url_for("events.session_page", event_id=event.id, number=number))
