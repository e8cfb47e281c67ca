"""JSON API v1, an event's scores (see docs/api.md): penalties to one
player, a table's paper ticket entered, corrected or withdrawn, a table
accepted as done or opened again, and the standings.  Added to ``api.bp``;
every write takes ``If-Match`` (the event's ``ETag``) and ``Idempotency-Key``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flask import Response, jsonify

from scorekeeper.policy.acl import EventStage, EventWrite, OwnerAction
from scorekeeper.services.events import penalties as event_penalties
from scorekeeper.services.events import scores as event_scores
from scorekeeper.services.events import stages as event_stages
from scorekeeper.services.once import Once
from scorekeeper.views.access import api_event, grant_label, permission
from scorekeeper.views.api import (
    bp,
    request_body,
)

if TYPE_CHECKING:
    pass

from scorekeeper.views.api.events.routes import (
    Answer,
    answer_of,
    home_path,
    once_answered,
    whole_field,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from scorekeeper.ledger.event_standings import Named
    from scorekeeper.ledger.prizes import Paid


@bp.get("/events/<int:event_id>/penalties")
@permission(OwnerAction.RUN)
def list_penalties(event_id: int) -> Response:
    """Every penalty with its id, player, session, points, reason and who gave it."""
    event = api_event(event_id).row
    return jsonify({"penalties": [p.to_json() for p in event_penalties.penalties(event)]})


@bp.post("/events/<int:event_id>/penalties")
@permission(OwnerAction.RUN, EventWrite.SCORE)
def add_penalty(event_id: int) -> Answer:
    """``{"number", "session", "points", "reason"}``: points off one player
    seated in that session."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    number = whole_field(data, "number", "the player's number")
    session = whole_field(data, "session", "a session's number")
    def penalty(once: Once | None) -> tuple[Any, int]:
        made = event_penalties.penalty(event, number, session, data.get("points"),
                                    data.get("reason"), by=grant_label(checked), once=once)
        return made.to_json(), 201
    return answer_of(once_answered(event, data, penalty),
                   {"Location": home_path(event, "/penalties")})


@bp.delete("/events/<int:event_id>/penalties/<int:penalty>")
@permission(OwnerAction.RUN, EventWrite.SCORE)
def withdraw_penalty(event_id: int, penalty: int) -> Answer:
    """Take a penalty back: its points count again (the history keeps it)."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    def withdraw(once: Once | None) -> tuple[Any, int]:
        gone = event_penalties.withdraw_penalty(event, penalty, by=grant_label(checked), once=once,
                                             why=data.get("reason"))
        return gone.to_json(), 200
    return answer_of(once_answered(event, data, withdraw))


@bp.post("/events/<int:event_id>/sessions/<int:session>/tables/<int:table>/ticket")
@permission(OwnerAction.RUN, EventWrite.SCORE)
def enter_ticket(event_id: int, session: int, table: int) -> Answer:
    """``{"totals": {name: points}, "signed"}`` from a table's paper ticket
    (summing to zero): they stand instead of its hands, and the table is
    done; ``"signed": true``: every player signed the paper, so the table's
    result is signed with it; ``"with_phone": true``: the totals are what
    the paper adds to the hands the table's phone recorded."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    def ticket(once: Once | None) -> tuple[Any, int]:
        made = event_scores.ticket(event, session, table, data.get("totals"),
                                   by=grant_label(checked), once=once,
                                   signed=data.get("signed", False),
                                   with_phone=data.get("with_phone", False))
        return {"session": session, "table": table, "totals": dict(made.totals)}, 201
    return answer_of(once_answered(event, data, ticket),
                   {"Location": home_path(event, f"/sessions/{session}")})


@bp.put("/events/<int:event_id>/sessions/<int:session>/tables/<int:table>/ticket")
@permission(OwnerAction.RUN, EventWrite.SCORE)
def correct_ticket(event_id: int, session: int, table: int) -> Answer:
    """``{"totals": {name: points}, "reason"}``: the table's paper ticket
    replaced (the history keeps both); the same totals change nothing and
    are refused (409 ``unchanged``)."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    def correct(once: Once | None) -> tuple[Any, int]:
        kept = event_scores.correct_ticket(event, session, table, data.get("totals"),
                                           data.get("reason"), by=grant_label(checked),
                                           once=once)
        return {"session": session, "table": table, "totals": dict(kept.totals)}, 200
    return answer_of(once_answered(event, data, correct))


@bp.delete("/events/<int:event_id>/sessions/<int:session>/tables/<int:table>/ticket")
@permission(OwnerAction.RUN, EventWrite.SCORE)
def withdraw_ticket(event_id: int, session: int, table: int) -> Answer:
    """``{"reason"}``: the table's paper ticket taken back; its hands count
    again and its phone scores until they are all in."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    def withdraw(once: Once | None) -> tuple[Any, int]:
        gone = event_scores.withdraw_ticket(event, session, table, data.get("reason"),
                                            by=grant_label(checked), once=once)
        return {"session": session, "table": table, "withdrawn": gone}, 200
    return answer_of(once_answered(event, data, withdraw))


@bp.post("/events/<int:event_id>/sessions/<int:session>/tables/<int:table>/done")
@permission(OwnerAction.RUN, EventWrite.SCORE)
def mark_table_done(event_id: int, session: int, table: int) -> Answer:
    """``{"done": true}``: the director accepts the table's result for the
    session (its phone stops scoring); ``false`` opens it again."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    def mark(once: Once | None) -> tuple[Any, int]:
        done = event_scores.mark_done(event, session, table, data.get("done"),
                                      by=grant_label(checked), once=once)
        return {"session": session, "table": table, "done": done}, 200
    return answer_of(once_answered(event, data, mark))


@bp.get("/events/<int:event_id>/standings")
@permission(OwnerAction.READ_OWNER)
def event_standings(event_id: int) -> Response:
    """Ranks with the event's tie-breaks, session highs and prizes (worked out
    once per event version)."""
    event = api_event(event_id).row
    kept = event_scores.standings(event)
    stage = event_stages.stage_of(event)

    def seat(number: int) -> dict[str, int] | None:
        found = kept.seats.get(number)
        return None if found is None else dict(zip(("session", "table", "seat"), found,
                                                   strict=True))

    return jsonify({
        "final": stage is EventStage.FINISHED, "stage": str(stage),
        "all_tables_done": kept.all_done, "started": kept.started,
        "pot_cents": kept.pot_cents, "house_cents": kept.house_cents,
        "rounding_cents": kept.rounding_cents, "tie_breaks": list(kept.tie_breaks),
        "tie_notes": list(kept.ties),
        "players": [{"number": r.number, "name": r.name, "total": r.total,
                     "sessions": list(r.sessions), "played": sorted(r.played),
                     "penalties": r.penalties, "rank": r.rank,
                     "first_seat": seat(r.number)} for r in kept.players],
        "session_high": [{"session": h.session, "numbers": list(h.numbers),
                          "names": list(h.names), "points": h.points, "cents": h.cents,
                          "each_cents": h.each} for h in kept.session_highs],
        **_pot_json(kept.prizes, kept.plan),
        "entries": kept.entries, "entry_cents": kept.entry_cents,
        "taken_cents": kept.taken_cents,
        "side_pots": [{"key": pot.key, "name": pot.name, "drawing": pot.drawing,
                       "drawn": pot.drawn, "entries": pot.entries,
                       "entry_cents": pot.entry_cents, "pot_cents": pot.pot_cents,
                       "numbers": sorted(pot.numbers), "house_cents": pot.house_cents,
                       "rounding_cents": pot.rounding_cents,
                       **_pot_json(pot.prizes, pot.plan)} for pot in kept.side_pots],
    })


def _pot_json(won: Sequence[Named], plan: Paid) -> dict[str, Any]:
    """A pot's prizes won (or, before, who would win) and its plan at the pot so far."""
    return {
        "prizes": [{"label": z.label, "numbers": list(z.numbers), "names": list(z.names),
                    "cents": z.cents, "each_cents": z.each, **({"goods": z.goods} if z.goods
                                                               else {})} for z in won],
        "plan": {"prizes": [{"label": z.label, "terms": z.terms, "percent": z.percent,
                             "cents": z.cents, **({"goods": z.goods} if z.goods else {})}
                            for z in plan.prizes],
                 "house_cents": plan.house_cents, "rounding_cents": plan.rounding_cents}}
