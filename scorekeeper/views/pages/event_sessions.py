"""A session of an event, for its director (``/e/<id>/sessions/<n>``): the
draw (its seed, again with the same seed, or a new one), the repeated
pairs and byes, a swap before play, the seat board by table and by name,
each table's progress and its night; penalties and paper tickets; and the
printable pages (seat lists, table cards with their QR and one-time code,
blank score tickets, final standings) for Letter or A4.

A table's one-time codes exist only in the draw's answer: this device keeps
them (a session's worth, in its signed cookie) to print the table cards;
drawing again makes new ones.
"""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, session, url_for
from markupsafe import Markup
from werkzeug.wrappers import Response

from scorekeeper.db.models import Event
from scorekeeper.limits import MAX_EVENT_PENALTY, whole_number
from scorekeeper.services import NotFound, ServiceError, event_draws, event_scores
from scorekeeper.services.event_draws import MAX_SEED, DrawnSession
from scorekeeper.views.access import event_editor_label, load_event
from scorekeeper.views.pages import refused
from scorekeeper.views.pages.events import bp
from scorekeeper.views.qr import link, qr_svg

#: Session key: "event:session" → the drawn tables' one-time codes, by table number.
CODES = "event_codes"
#: More tables than this and the codes don't fit the cookie: the draw's answer
#: is then the table cards themselves, to print at once.
MAX_KEPT_CODES = 40
PAPERS = {"letter": "letter", "a4": "A4"}


def _drawn(event: Event, number: int) -> DrawnSession | None:
    try:
        return event_draws.session_tables(event, number)
    except NotFound:
        if not 1 <= number <= event.sessions:
            raise
        return None


def _codes(event: Event, number: int) -> dict[str, str]:
    kept = session.get(CODES, {}).get(f"{event.id}:{number}", {})
    return kept if isinstance(kept, dict) else {}


def _session_page(event_id: int, number: int, **extra: Any) -> str:
    event = load_event(event_id)
    drawn = _drawn(event, number)
    standings = event_scores.standings(event)
    by_name = sorted(((name, t.number, seat) for t in (drawn.tables if drawn else ())
                      for seat, name in enumerate(t.players, start=1)),
                     key=lambda row: row[0].casefold())
    return render_template(
        "events/session.html", event=event, number=number, drawn=drawn, by_name=by_name,
        progress={p.number: p for p in standings.tables if p.session == number},
        codes=_codes(event, number), names={p.number: p.name for p in event.players},
        max_seed=MAX_SEED, max_penalty=MAX_EVENT_PENALTY,
        **{"errors": {}, **extra})


@bp.get("/e/<int:event_id>/sessions/<int:number>")
def session_page(event_id: int, number: int) -> str:
    """A session's draw, seat board, tables, penalties and tickets."""
    return _session_page(event_id, number)


@bp.post("/e/<int:event_id>/sessions/<int:number>/draw")
def draw(event_id: int, number: int) -> str | Response | tuple[str, int]:
    """Draw the session: again with the shown seed, or with a new one."""
    event = load_event(event_id)
    raw = request.form.get("seed", "").strip()
    seed = whole_number(raw, 0, MAX_SEED) if raw else None
    if raw and seed is None:
        return refused("Not drawn", 400, lambda: _session_page(
            event_id, number, errors={"seed": f"A seed is a whole number from 0 to {MAX_SEED}"}))
    try:
        drawn = event_draws.draw(event, number, seed, by=event_editor_label())
    except ServiceError as error:
        said = error.message
        return refused(f"Not drawn: {error.message}", error.status, lambda: _session_page(
            event_id, number, errors={"draw": said}))
    codes = {str(t.number): t.code or "" for t in drawn.tables}
    kept = {k: v for k, v in session.get(CODES, {}).items() if not k.startswith(f"{event.id}:")}
    if len(drawn.tables) > MAX_KEPT_CODES:
        session[CODES] = kept
        return _cards(event, drawn, codes)
    session[CODES] = {**kept, f"{event.id}:{number}": codes}
    flash(f"Session {number} drawn (seed {drawn.seed}): {len(drawn.tables)} tables. "
          "Print the table cards now: their codes are shown only on this device.")
    return redirect(url_for("events.session_page", event_id=event.id, number=number))


def _player_number(field: str) -> int | None:
    return whole_number(request.form.get(field, "").strip().lstrip("#"), 1, 10**6)


@bp.post("/e/<int:event_id>/sessions/<int:number>/swap")
def swap(event_id: int, number: int) -> Response | tuple[str, int]:
    """Two players change seats before the session starts."""
    event = load_event(event_id)
    a, b = _player_number("a"), _player_number("b")
    try:
        if a is None or b is None:
            raise ServiceError("Give two players' numbers", "swap")
        event_draws.swap(event, number, a, b, by=event_editor_label())
    except ServiceError as error:
        said = error.message
        return refused(f"Not swapped: {error.message}", error.status, lambda: _session_page(
            event_id, number, errors={"swap": said}))
    flash(f"Swapped #{a} and #{b}")
    return redirect(url_for("events.session_page", event_id=event.id, number=number,
                            _anchor="board"))


@bp.post("/e/<int:event_id>/sessions/<int:number>/penalty")
def penalty(event_id: int, number: int) -> Response | tuple[str, int]:
    """Points off one player in this session, with the reason."""
    event = load_event(event_id)
    who = _player_number("player")
    points = whole_number(request.form.get("points", "").strip(), 1, MAX_EVENT_PENALTY)
    errors = {}
    if who is None:
        errors["player"] = "Give the player's number"
    if points is None:
        errors["points"] = f"A penalty is 1 to {MAX_EVENT_PENALTY} points"
    try:
        if errors:
            raise ServiceError(next(iter(errors.values())), next(iter(errors)))
        row = event_scores.penalty(event, who or 0, number, points,
                                   request.form.get("reason", ""), by=event_editor_label())
    except ServiceError as error:
        shown = errors or {"player" if error.status == 404 else error.field or "reason":
                           error.message}
        return refused(f"No penalty given: {error.message}", error.status,
                       lambda: _session_page(event_id, number, errors=shown))
    flash(f"Penalty: {row.points} points off #{who}")
    return redirect(url_for("events.session_page", event_id=event.id, number=number))


@bp.post("/e/<int:event_id>/sessions/<int:number>/tables/<int:table>/ticket")
def ticket(event_id: int, number: int, table: int) -> Response | tuple[str, int]:
    """A table's session totals from its paper ticket (they sum to zero)."""
    event = load_event(event_id)
    drawn = _drawn(event, number)
    seated = next((t for t in drawn.tables if t.number == table), None) if drawn else None
    if seated is None:
        abort(404, f"No table {table} in session {number}")
    totals: dict[str, int] = {}
    bad = []
    for i, name in enumerate(seated.players):
        value = whole_number(request.form.get(f"points-{i}", "").strip(), -10**6, 10**6)
        if value is None:
            bad.append(name)
        else:
            totals[name] = value
    try:
        if bad:
            raise ServiceError("Give each player's whole points (a minus for a loss): "
                               + ", ".join(bad), "totals")
        event_scores.ticket(event, number, table, totals, by=event_editor_label())
    except ServiceError as error:
        said = error.message
        return refused(f"Ticket not taken: {error.message}", error.status,
                       lambda: _session_page(event_id, number,
                                             errors={f"ticket-{table}": said}))
    flash(f"Table {table}'s paper ticket is in: the table is done")
    return redirect(url_for("events.session_page", event_id=event.id, number=number))


# --- printable pages -------------------------------------------------------------------

def _paper() -> str:
    return PAPERS.get(request.args.get("paper", "letter"), "letter")


def _cards(event: Event, drawn: DrawnSession, codes: dict[str, str]) -> str:
    cards = []
    for t in drawn.tables:
        code = codes.get(str(t.number))
        url = link("share.claim", token=code) if code else None
        cards.append((t, code, Markup(qr_svg(url, f"QR code for table {t.number}"))
                      if url else None))
    return render_template("events/print_cards.html", event=event, drawn=drawn,
                           cards=cards, paper=_paper())


@bp.get("/e/<int:event_id>/sessions/<int:number>/print/<kind>")
def print_page(event_id: int, number: int, kind: str) -> str:
    """A printable page of the session: seats, cards or tickets."""
    event = load_event(event_id)
    drawn = _drawn(event, number)
    if drawn is None:
        abort(404, f"Session {number} isn't drawn yet")
    if kind == "cards":
        return _cards(event, drawn, _codes(event, number))
    if kind not in ("seats", "tickets"):
        abort(404, "No such printable page")
    by_name = sorted(((name, t.number, seat) for t in drawn.tables
                      for seat, name in enumerate(t.players, start=1)),
                     key=lambda row: row[0].casefold())
    return render_template(f"events/print_{kind}.html", event=event, drawn=drawn,
                           by_name=by_name, paper=_paper())


@bp.get("/e/<int:event_id>/print/standings")
def print_standings(event_id: int) -> str:
    """The standings, session highs and prizes, to print."""
    event = load_event(event_id)
    return render_template("events/print_standings.html", event=event,
                           standings=event_scores.standings(event), paper=_paper())
