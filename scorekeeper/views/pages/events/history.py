"""The event's History page (``/e/<id>/history``), for its directors: every
change made to the event, newest first, in words, with when and which
device (:mod:`scorekeeper.services.events.history`); its tables' hand
changes too when asked (``?hands=1``), and older entries a link away.
"""

from __future__ import annotations

from flask import render_template, request

from scorekeeper.limits import MAX_ROW_ID, whole_number
from scorekeeper.policy.acl import OwnerAction
from scorekeeper.services.events import history
from scorekeeper.views.access import load_event, permission
from scorekeeper.views.pages.events.event import bp


@bp.get("/e/<int:event_id>/history")
@permission(OwnerAction.RUN)
def event_history(event_id: int) -> str:
    """The event's record: who changed what, when; the older part a link away."""
    event = load_event(event_id).row
    hands = request.args.get("hands") == "1"
    before = whole_number(request.args.get("before", ""), 1, MAX_ROW_ID)
    shown = history.entries(event, hands=hands, before=before, limit=history.PAGE + 1)
    older = shown[history.PAGE - 1].id if len(shown) > history.PAGE else None
    return render_template("events/history.html", event=event, entries=shown[:history.PAGE],
                           hands=hands, older=older, active="history")
