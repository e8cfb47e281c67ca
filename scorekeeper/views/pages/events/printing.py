"""An event's printable pages, for its director: a session's seat lists,
its table cards with their QR and one-time code, blank score tickets, and
the final standings, for Letter or A4.

A table's one-time code is kept only as its hash, so nothing can show it
again: printing the table cards (a POST) issues a new code for every table
and answers the cards themselves, and a table's "New code" issues one for
that table and answers its card (:mod:`scorekeeper.services.events.grants`).
Those answers are never stored (``no-store``); the codes on cards printed
before stop working, and the phones that claimed one keep scoring unless
the director stops them.  Routes on ``events.bp``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import abort, flash, make_response, redirect, render_template, request, url_for
from markupsafe import Markup
from werkzeug.wrappers import Response

from scorekeeper.policy.acl import EventWrite, OwnerAction
from scorekeeper.services.events import grants as event_grants
from scorekeeper.services.events import scores as event_scores
from scorekeeper.services.events.draws import CODE_LIFETIME, DrawnSession
from scorekeeper.tickets.drawing import block_svg
from scorekeeper.tickets.layout import MAX_PLAYERS, MIN_PLAYERS, TicketId
from scorekeeper.views.access import grant_id, grant_label, load_event, permission
from scorekeeper.views.pages.events.event import bp
from scorekeeper.views.pages.events.sessions import PAPERS, by_name, drawn_session
from scorekeeper.views.qr import link, only_this_machine, qr_svg

if TYPE_CHECKING:
    from scorekeeper.db.models import Event


def _paper() -> str:
    return PAPERS.get(request.values.get("paper", "letter"), "letter")


def typed_address(url: str) -> str:
    """``url`` as a player types it on a phone: without ``http://``, which a
    phone's browser puts before an address typed without one (``https://``
    stays: a browser may try plain http first)."""
    return url.removeprefix("http://")


def _cards(event: Event, drawn: DrawnSession, codes: list[event_grants.TableCode],
           single: bool = False, revoked: bool = False) -> Response:
    """The table cards with the codes just made, answered once and never
    stored (they can't be shown again).  Each card's QR opens its claim
    page, and the card prints that address to type (no camera, or a QR that
    won't scan); the screen warns when the address is this machine's own."""
    made = {c.number: c for c in codes}
    cards = []
    url = ""
    for t in drawn.tables:
        if t.number in made:
            code = made[t.number].code
            url = link("share.claim", token=code)
            cards.append((t, made[t.number], Markup(qr_svg(url, f"QR code for table {t.number}")),
                          typed_address(url).removesuffix(code)))
    page = render_template("events/print_cards.html", event=event, drawn=drawn, cards=cards,
                           paper=_paper(), single=single, revoked=revoked,
                           unreachable=only_this_machine(url), home=url.split("/claim/")[0],
                           hours=int(CODE_LIFETIME.total_seconds() // 3600))
    response = make_response(page)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/e/<int:event_id>/sessions/<int:number>/print/cards")
@permission(OwnerAction.RUN, EventWrite.CODES)
def print_cards(event_id: int, number: int) -> Response | tuple[str, int]:
    """Every table's card with a new one-time code, to print now."""
    checked = load_event(event_id)
    event = checked.row
    drawn = drawn_session(event, number)
    if drawn is None:
        abort(404, f"Session {number} isn't drawn yet")
    codes = event_grants.new_codes(event, number, by=grant_label(checked),
                                   director_id=grant_id(checked))
    return _cards(event, drawn, codes)


@bp.post("/e/<int:event_id>/sessions/<int:number>/tables/<int:table>/code")
@permission(OwnerAction.RUN, EventWrite.CODES)
def table_code(event_id: int, number: int, table: int) -> Response | tuple[str, int]:
    """A new code for one table (a lost card, a new phone); with ``revoke``
    the phones that score it now stop too.  Answers that table's card."""
    checked = load_event(event_id)
    event = checked.row
    drawn = drawn_session(event, number)
    if drawn is None or all(t.number != table for t in drawn.tables):
        abort(404, f"No table {table} in session {number}")
    revoke = request.form.get("revoke") == "1"
    codes = event_grants.new_codes(event, number, [table], by=grant_label(checked),
                                   revoke=revoke, director_id=grant_id(checked))
    return _cards(event, drawn, codes, single=True, revoked=revoke)


@bp.get("/e/<int:event_id>/sessions/<int:number>/print/<kind>")
@permission(OwnerAction.RUN)
def print_page(event_id: int, number: int, kind: str) -> str | Response:
    """A printable page of the session: seats or tickets (the cards are
    printed with the session page's button, which makes their codes)."""
    event = load_event(event_id).row
    drawn = drawn_session(event, number)
    if drawn is None:
        abort(404, f"Session {number} isn't drawn yet")
    if kind == "cards":
        flash("Print the table cards with the button: printing makes their codes.")
        return redirect(url_for("events.session_page", event_id=event.id, number=number,
                                _anchor="print-links"))
    if kind not in ("seats", "tickets"):
        abort(404, "No such printable page")
    return render_template(f"events/print_{kind}.html", event=event, drawn=drawn,
                           by_name=by_name(drawn), paper=_paper(),
                           readable=readable_blocks(event, drawn) if kind == "tickets" else {})


def readable_blocks(event: Event, drawn: DrawnSession) -> dict[int, Markup]:
    """Each table's block of bubbles a photo of its ticket is read from, by
    table number (a table of more players than a block holds has none)."""
    return {t.number: Markup(block_svg(TicketId(event.id, drawn.session, t.number,
                                                len(t.players)), t.players))
            for t in drawn.tables if MIN_PLAYERS <= len(t.players) <= MAX_PLAYERS}


@bp.get("/e/<int:event_id>/print/standings")
@permission(OwnerAction.RUN)
def print_standings(event_id: int) -> str:
    """The standings, session highs and prizes, to print."""
    event = load_event(event_id).row
    return render_template("events/print_standings.html", event=event,
                           standings=event_scores.standings(event), paper=_paper())
