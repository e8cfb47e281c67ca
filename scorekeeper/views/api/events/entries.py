"""JSON API v1, what an event's player paid into (see docs/api.md): the
prize plan's side pots he is in, and a registration found to be another
player's second one."""

from __future__ import annotations

from typing import Any

from scorekeeper.policy.acl import EventWrite, OwnerAction
from scorekeeper.services.events import entries, side_draws
from scorekeeper.services.events import event as event_service
from scorekeeper.services.once import Once
from scorekeeper.views.access import api_event, grant_label, permission
from scorekeeper.views.api import bp, request_body
from scorekeeper.views.api.events.routes import Answer, answer_of, once_answered


@bp.post("/events/<int:event_id>/players/<int:number>/side-pots")
@permission(OwnerAction.RUN, EventWrite.REGISTER)
def enter_side_pots(event_id: int, number: int) -> Answer:
    """``{"side_pots": [...]}``: player ``number`` is in exactly these side
    pots of the prize plan from now on (``[]``: none).  Answers him and what
    was done, in the history's words."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    def enter(once: Once | None) -> tuple[Any, int]:
        found, said = entries.enter_side_pots(event, number, data.get("side_pots"),
                                              by=grant_label(checked), once=once)
        return {"players": [event_service.player_status(found)], "said": said,
                "side_pots": list(found.side_pots or ())}, 200
    return answer_of(once_answered(event, data, enter))


@bp.post("/events/<int:event_id>/players/<int:number>/duplicate")
@permission(OwnerAction.RUN, EventWrite.REGISTER)
def mark_duplicate(event_id: int, number: int) -> Answer:
    """``{"of": k}``: player ``number`` is a second registration of player
    ``k`` (he leaves his table from its next hand, the pot and the prizes;
    the hands recorded keep their money); ``{"of": null}`` takes it back."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    def mark(once: Once | None) -> tuple[Any, int]:
        found, said = entries.mark_duplicate(event, number, data.get("of"),
                                             by=grant_label(checked), once=once)
        return {"players": [event_service.player_status(found)], "said": said,
                "duplicate_of": found.duplicate_of}, 200
    return answer_of(once_answered(event, data, mark))


@bp.post("/events/<int:event_id>/side-pots/<key>/draw")
@permission(OwnerAction.RUN, EventWrite.REGISTER)
def draw_side_pot(event_id: int, key: str) -> Answer:
    """``{"seed"?, "again"?, "reason"?}``: draw the order of a drawing side
    pot's entrants (a 50/50); its prizes go to them in that order.  A drawn
    one is drawn again only with ``"again": true`` and a reason."""
    checked = api_event(event_id)
    event = checked.row
    data = request_body()
    def draw(once: Once | None) -> tuple[Any, int]:
        return side_draws.draw_side_pot(event, key, seed=data.get("seed"),
                                        again=data.get("again", False),
                                        reason=data.get("reason"), by=grant_label(checked),
                                        once=once), 200
    return answer_of(once_answered(event, data, draw))
