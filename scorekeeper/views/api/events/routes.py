"""JSON API v1, events (see docs/api.md): start one, register players,
check them in or withdraw them, draw a session's seats, read a session,
penalties, paper tickets and the standings.

The director token reads and writes; the event's view token only reads
(and never sees a contact, an edit token or a table code).  Every write
takes ``If-Match`` (the event's ``ETag``) and ``Idempotency-Key``.  A
table's hands are recorded at ``POST /tables/<night>/hands`` with its
``edit_token`` (or the director token).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from flask import Response, jsonify

from scorekeeper.policy.acl import EventWrite, OwnerAction
from scorekeeper.services import ServiceError
from scorekeeper.services.events import draws as event_draws
from scorekeeper.services.events import event as event_service
from scorekeeper.services.events import rename as rename_service
from scorekeeper.services.events import scores as event_scores
from scorekeeper.services.events import seat_fixes
from scorekeeper.services.events import settings as event_settings
from scorekeeper.services.events import signatures as signature_service
from scorekeeper.services.events import stages as event_stages
from scorekeeper.services.events import walk_ins as event_walk_ins
from scorekeeper.services.events.draws import DrawnSession
from scorekeeper.services.events.plan import PLAN_FIELDS, prize_plan_of
from scorekeeper.services.grants import grants
from scorekeeper.services.once import Once, earlier
from scorekeeper.views.access import api_event, grant_id, grant_label, permission
from scorekeeper.views.api import (
    bp,
    flag,
    refuse_unknown,
    request_body,
    request_once,
)
from scorekeeper.views.api.hands import retried
from scorekeeper.views.qr import link

if TYPE_CHECKING:
    from scorekeeper.db.models import Event

Answer = tuple[Response, int, dict[str, str]]


def home_path(event: Event, tail: str = "") -> str:
    return f"{bp.url_prefix}/events/{event.id}{tail}"


def view_url(token: str) -> str:
    """The event's public leaderboard link, as its QR gives it."""
    return link("event_viewer.board", token=token)


def whole_field(data: dict[str, Any], field: str, what: str) -> int:
    value = data.get(field)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ServiceError(f"{field} must be {what}", field)
    return value


def answer_of(first: tuple[Any, int], headers: dict[str, str] | None = None) -> Answer:
    return jsonify(first[0]), first[1], headers or {}


def once_answered(event: Any, data: object,
                  write: Callable[[Once | None], tuple[Any, int]]) -> tuple[Any, int]:
    """The answer of a write to the event: its first answer when this request
    was already carried out (its Idempotency-Key), else ``write`` carried out
    now under that key."""
    once = request_once(data)
    first = retried(once)
    return first if first is not None else write(once)


# --- the event ------------------------------------------------------------------------

@bp.post("/events")
@permission(OwnerAction.PUBLIC)
def create_event() -> Answer:
    """Start an event; the only time a director token is shown."""
    data = request_body()
    once = request_once(data)
    plan = {k: data[k] for k in PLAN_FIELDS if k in data}
    event, token = event_service.create_event(data.get("name"), data.get("preset"),
                                              data.get("options"), label="API client",
                                              once=once, **plan)
    return created_event(event, token)


def created_event(event: Event, token: str | None) -> Answer:
    """201 for a new event (started or imported): the only time a director
    token is shown (a retry: the same event, and a new token for the client)."""
    if token is None:
        token = grants.add_grant(grants.EVENT, event, "API client")
    body = {"id": event.id, "director_token": token, "view_token": event.view_token,
            "view_url": view_url(event.view_token)}
    return jsonify(body), 201, {"Location": home_path(event), "ETag": f'"{event.version}"'}


@bp.get("/events/<int:event_id>")
@permission(OwnerAction.READ_OWNER)
def show_event(event_id: int) -> Response:
    """The event: its frozen rules, sessions, payout plan and players (no contacts)."""
    event = api_event(event_id).row
    return jsonify({
        "id": event.id, "name": event.name, "played_on": event.played_on.isoformat(),
        "preset": event.preset, "rules": dict(event.rules), "sessions": event.sessions,
        "rounds": event.rounds, "hands": event.hands, "entry_cents": event.entry_cents,
        "places": list(event.places), "session_high": event.session_high,
        "share": event.share, "tie_breaks": list(event.tie_breaks), "odd": event.odd,
        "signatures": event.signatures, "finished": event.finished_at is not None,
        "prize_plan": prize_plan_of(event).to_dict(),
        "stage": str(event_stages.stage_of(event)), "version": event.version,
        "players": [event_service.player_status(p) for p in event.players],
    })


@bp.post("/events/<int:event_id>/finish")
@permission(OwnerAction.RUN, EventWrite.FINISH)
def finish_event(event_id: int) -> Answer:
    """The director signs the results: final standings and prizes, and every
    write to the event and its tables refused (409) until it is reopened."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    def finish(once: Once | None) -> tuple[Any, int]:
        return event_stages.finish(event, by=grant_label(checked), once=once).to_json(), 200
    return answer_of(once_answered(event, data, finish))


@bp.post("/events/<int:event_id>/reopen")
@permission(OwnerAction.RUN, EventWrite.REOPEN)
def reopen_event(event_id: int) -> Answer:
    """A finished event opens again (audited); the answer lists what was
    written since the finish."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    def reopen(once: Once | None) -> tuple[Any, int]:
        return event_stages.reopen(event, by=grant_label(checked), once=once).to_json(), 200
    return answer_of(once_answered(event, data, reopen))


# --- players --------------------------------------------------------------------------

def _line(entry: object, field: str) -> str:
    """One player as the registration takes it: "Name" or "Name, contact"."""
    if not isinstance(entry, dict):
        raise ServiceError("Each player is {\"name\": ..., \"contact\": ...}", field)
    refuse_unknown(entry, ("name", "contact"))
    name, contact = entry.get("name"), entry.get("contact")
    if not isinstance(name, str) or not name.strip():
        raise ServiceError("Give the player's name", "name")
    if "," in name or "\n" in name:
        raise ServiceError("A name can't hold a comma or a line break", "name")
    if contact is not None and not isinstance(contact, str):
        raise ServiceError("contact must be text (a phone number or an e-mail)", "contact")
    return f"{name}, {' '.join(contact.split())}" if contact else name


def _entries(data: dict[str, Any]) -> list[str]:
    if "players" not in data:
        return [_line({k: data[k] for k in ("name", "contact") if k in data}, "name")]
    if "name" in data or "contact" in data:
        raise ServiceError("Send one player (name) or a list (players), not both", "players")
    listed = data["players"]
    if not isinstance(listed, list) or not listed:
        raise ServiceError("players must be a list of {\"name\", \"contact\"}", "players")
    return [_line(entry, "players") for entry in listed]


@bp.post("/events/<int:event_id>/players")
@permission(OwnerAction.RUN, EventWrite.REGISTER)
def register_players(event_id: int) -> Answer:
    """Register ``{"name", "contact"?}`` or ``{"players": [...]}``: each gets
    the next number; a taken or look-alike name refuses the whole list, and
    a name that may be a registered player's under another spelling (a 409
    naming both) is registered only with ``"same_name_ok": true``; each is
    in the prize plan's ``side_pots`` named."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    entries = _entries(data)
    here, same_ok = flag(data, "checked_in"), flag(data, "same_name_ok")
    def register(once: Once | None) -> tuple[Any, int]:
        made = event_service.register(event, entries, from_session=data.get("from_session", 1),
                                      checked_in=here, same_name_ok=same_ok,
                                      by=grant_label(checked), once=once,
                                      side_pots=data.get("side_pots", []))
        return {"players": [event_service.public(p) for p in made]}, 201
    return answer_of(once_answered(event, data, register), {"Location": home_path(event)})


@bp.post("/events/<int:event_id>/players/<int:number>/check-in")
@permission(OwnerAction.RUN, EventWrite.REGISTER)
def check_in_player(event_id: int, number: int) -> Answer:
    """Player ``number`` is here (``{"here": false}``: isn't)."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    here = flag(data, "here", True)
    def check_in(once: Once | None) -> tuple[Any, int]:
        found = event_service.check_in(event, [number], here, by=grant_label(checked), once=once)
        return {"players": [event_service.player_status(p) for p in found]}, 200
    return answer_of(once_answered(event, data, check_in))


@bp.patch("/events/<int:event_id>")
@permission(OwnerAction.RUN, EventWrite.SETTINGS)
def change_event(event_id: int) -> Answer:
    """``{"tie_breaks", "signatures", "prize_plan"}`` (any): the tie rule
    while nothing is played, whether each table signs its result, and the
    prize plan until the event is finished; answers what changed, in the
    history's words."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    def change(once: Once | None) -> tuple[Any, int]:
        said = event_settings.change_settings(
            event, tie_breaks=data.get("tie_breaks"), signatures=data.get("signatures"),
            prize_plan=data.get("prize_plan"), by=grant_label(checked), once=once)
        return event_settings.settings_of(event, said), 200
    return answer_of(once_answered(event, data, change))


@bp.patch("/events/<int:event_id>/players/<int:number>")
@permission(OwnerAction.RUN, EventWrite.REGISTER)
def rename_player(event_id: int, number: int) -> Answer:
    """``{"name"}``: player ``number`` is called that from now on, at his
    tables, in their hands and tickets, on every page and print (a name
    that may be another player's needs ``same_name_ok``)."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    same = flag(data, "same_name_ok", False)
    def rename(once: Once | None) -> tuple[Any, int]:
        was = event_service.player(event, number).name
        found = rename_service.rename_player(event, number, data.get("name"), same_name_ok=same,
                                             by=grant_label(checked), once=once)
        return {"number": found.number, "name": found.name, "was": was}, 200
    return answer_of(once_answered(event, data, rename))


@bp.post("/events/<int:event_id>/players/<int:number>/withdraw")
@permission(OwnerAction.RUN, EventWrite.REGISTER)
def withdraw_player(event_id: int, number: int) -> Answer:
    """Player ``number`` plays no session after ``{"after": k}`` (0: none);
    with ``"now": true`` he also leaves his table of session k from the next
    hand (withdrawing in the middle of it).  Answers him and what was done."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    after = whole_field(data, "after", "the last session played (0: none)")
    def withdraw(once: Once | None) -> tuple[Any, int]:
        found, said = event_service.withdraw(event, number, after, by=grant_label(checked),
                                             once=once, now=data.get("now", False))
        return {"players": [event_service.player_status(found)], "said": said}, 200
    return answer_of(once_answered(event, data, withdraw))


# --- sessions -------------------------------------------------------------------------

def _tables(drawn: DrawnSession) -> dict[str, Any]:
    return {"session": drawn.session, "seed": drawn.seed,
            "repeated_pairs": drawn.repeated_pairs,
            "met_again": [list(pair) for pair in drawn.met_again], "byes": list(drawn.byes)}


@bp.post("/events/<int:event_id>/sessions/<int:session>/draw")
@permission(OwnerAction.RUN, EventWrite.DRAW)
def draw_session(event_id: int, session: int) -> Answer:
    """Draw the session's seats (``{"seed": n}`` to repeat a draw): each table
    with its night, edit token and one-time code, shown only here.  A retry
    with the same Idempotency-Key draws again with the first seed: the same
    seats at new tables, with fresh tokens and codes (refused once a hand is
    recorded): an answer of its own, not the first one given again."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    once = request_once(data)
    first = earlier(once)
    if first is not None:
        assert once is not None
        once.replayed = False  # drawn again: new tables, tokens and codes
        drawn = event_draws.draw(event, session, seed=first.response["seed"],
                                 by=grant_label(checked), director_id=grant_id(checked))
    else:
        drawn = event_draws.draw(event, session, seed=data.get("seed"), by=grant_label(checked),
                                 once=once, director_id=grant_id(checked))
    return answer_of(({**_tables(drawn), "tables": [
        {"number": t.number, "players": list(t.players), "numbers": list(t.numbers),
         "night": t.night, "edit_token": t.edit_token, "code": t.code}
        for t in drawn.tables]}, 200))


@bp.post("/events/<int:event_id>/sessions/<int:session>/seat")
@permission(OwnerAction.RUN, EventWrite.DRAW)
def seat_walk_in(event_id: int, session: int) -> Answer:
    """``{"number"}``: a player checked in after the draw (or a bye) seated
    without drawing again: at a table one short (five becomes six), or with
    enough others waiting at a new table, whose phone's token and code are
    in ``opened`` (shown only here)."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    number = whole_field(data, "number", "the player's number")
    def seat(once: Once | None) -> tuple[Any, int]:
        seated = event_walk_ins.seat_walk_in(event, session, number, by=grant_label(checked),
                                          once=once,
                                          director_id=grant_id(checked))
        body: dict[str, Any] = {"table": seated.table, "seat": seated.seat}
        if seated.opened is not None:
            t = seated.opened
            body["opened"] = {"number": t.number, "players": list(t.players),
                              "numbers": list(t.numbers), "night": t.night,
                              "edit_token": t.edit_token, "code": t.code}
        return body, 200
    return answer_of(once_answered(event, data, seat))


@bp.post("/events/<int:event_id>/sessions/<int:session>/seat-fix")
@permission(OwnerAction.RUN, EventWrite.DRAW)
def fix_seats(event_id: int, session: int) -> Answer:
    """``{"a", "b", "reason"}``: players ``a`` and ``b``, drawn at two tables
    of a session already played, sat at each other's; the recorded hands,
    tickets and signatures follow them.  Answers what was done and the seats."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    a = whole_field(data, "a", "the first player's number")
    b = whole_field(data, "b", "the second player's number")
    def fix(once: Once | None) -> tuple[Any, int]:
        return seat_fixes.sat_elsewhere(event, session, a, b, data.get("reason"),
                                        by=grant_label(checked), once=once), 200
    return answer_of(once_answered(event, data, fix))


@bp.get("/events/<int:event_id>/sessions/<int:session>")
@permission(OwnerAction.READ_OWNER)
def show_session(event_id: int, session: int) -> Response:
    """A drawn session's tables (no tokens, no codes) with each one's progress."""
    event = api_event(event_id).row
    drawn = event_draws.session_tables(event, session)
    progress = {p.number: p for p in event_scores.standings(event).tables
                if p.session == session}
    signing = signature_service.session_signing(event, session) if event.signatures else {}
    tables = []
    for t in drawn.tables:
        shown = progress.get(t.number)
        signed = signing.get(t.number)
        tables.append({"number": t.number, "players": list(t.players),
                       "numbers": list(t.numbers), "night": t.night,
                       "hands": shown.hands if shown else 0, "due": shown.due if shown else 0,
                       "done": bool(shown and shown.done),
                       "ticket": bool(shown and shown.ticket),
                       "signing": signed.status if signed else "not asked"})
    return jsonify({**_tables(drawn), "tables": tables,
                    "unseated": [p.number for p in event_walk_ins.unseated(event, session)
                                 if p.number not in drawn.byes]})
