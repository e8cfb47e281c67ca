"""A tournament, as a kind of owner of nights: its rows, its grants and
their words, its ACL (the director keeps its tables and runs it, a table's
phone scores its own hands, its writes by the event's stage), the
credentials its grants and link prove, the stages its tables pass through
and how they behave (:class:`EventNight`).  Registered by
:mod:`scorekeeper.services.kinds`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import select

from scorekeeper.db.kinds import RowKind
from scorekeeper.db.models import EVENT, Event, EventTable, GameTable, db
from scorekeeper.policy.acl import (
    ANYONE,
    DIRECTOR,
    EVENT_KIND,
    EVERYTHING,
    FINISHED_WORDS,
    HANDS,
    NOT_YET_SIGNED,
    PHONE,
    Action,
    Credential,
    EventStage,
    EventWrite,
    OwnerAction,
    Role,
    Stage,
    allow,
    deny,
    one,
)
from scorekeeper.services import writes
from scorekeeper.services.events import progress
from scorekeeper.services.events import stages as event_stages
from scorekeeper.services.grants.grants import Kind, Words
from scorekeeper.services.registry import ClaimWords, NightOwner, OwnerKind

if TYPE_CHECKING:
    from scorekeeper.services.nights.state import TableState


class EventNight(NightOwner):
    """A table of one session of a tournament: registered players only, the
    session's hands, done when they are in (or the director says so), frozen
    when the event is finished, and never a group's."""

    def check_joiner(self, table: GameTable, name: str) -> None:
        progress.check_joiner(table, name)

    def hands_due(self, table: GameTable) -> int | None:
        return progress.hands_due(table)

    def check_more(self, state: TableState, passes_deal: bool, extra: bool) -> None:
        progress.check_more(state, passes_deal, extra)

    def stage(self, state: TableState) -> tuple[bool, tuple[Stage, str] | None]:
        return progress.table_stage(state)

    def refuses_group(self) -> str | None:
        return "A tournament table belongs to its event: it can't become a group"

    def claim_words(self, table: GameTable) -> ClaimWords:
        found = db.session.execute(
            select(EventTable.session, EventTable.number, Event.name)
            .join(Event, Event.id == EventTable.event_id)
            .where(EventTable.night_id == table.id)).first()
        if found is None:
            return super().claim_words(table)
        where = f"table {found.number} of {found.name}, session {found.session}"
        return ClaimWords(
            title=f"Keep score at table {found.number}",
            lead=(f"This is the card of {where}. After you tap the button, this phone "
                  "records and fixes this table's hands until its last hand; seating and "
                  "corrections after that are the director's. The code works once."),
            label_help="so the director can tell the tables' phones apart",
            placeholder="e.g. Table 4",
            gone=("This table card's code was already used, replaced when the cards were "
                  "printed again, or has expired. Ask the director for a new card."),
            default_label=f"Table {found.number}")


GRANTS = Kind(
    EVENT, Event, Words(
        no_such="No such event",
        link_gone="This event's link doesn't exist",
        code_gone="This code was already used, replaced or has expired. Ask the director "
                  "to show a new one.",
        can_now="{label} can now direct the event",
        handed_over="Handed over: {label} can now direct the event",
        showed_code="Showed a co-director code (works once, for 15 minutes)",
        no_longer="{label} can no longer direct the event",
        not_a_grant="That device can't direct this event (already revoked?)",
        last_grant="This is the only device that can direct the event. Add a co-director "
                   "first, then revoke this one."),
    begin=lambda event, for_code: writes.begin_event(event.id, EventWrite.DIRECTORS),
    audit=lambda event, action, summary, by: writes.audit_event(event.id, action, summary, by),
    role_of=lambda event: Role.DIRECTOR)

ACL = (
    # Its tables: the director keeps them; a table's phone scores its own hands.
    deny(ANYONE, one(Action.PAYMENTS, Action.PAY_EARLY),
         "A tournament table is played for points: it has no stake, money or payments"),
    deny(ANYONE, one(Action.NEW_NIGHT, Action.MAKE_GROUP),
         "A tournament table belongs to its event: the director draws the next session"),
    allow(DIRECTOR, HANDS | one(Action.ROSTER, Action.CLOSE, Action.SHARE,
                                Action.HAND_OVER, Action.EXPORT)),
    allow(PHONE, HANDS, frozenset({Stage.OPEN})),
    deny(PHONE, HANDS, "{stage}", frozenset({Stage.DONE})),
    deny(PHONE, one(Action.ROSTER),
         "At a tournament table, seating and corrections are the director's"),
    deny(PHONE, one(Action.CLOSE), "At a tournament table, the director closes the table"),
    deny(PHONE, one(Action.SHARE, Action.HAND_OVER, Action.EXPORT),
         "At a tournament table, its links, codes and devices are the director's"),
    # Its players sign its result on its phone (or the director's device),
    # once the table is done for its session (played out, or its ticket in).
    deny(ANYONE, one(Action.SIGN), NOT_YET_SIGNED, frozenset({Stage.OPEN})),
    allow(DIRECTOR | PHONE, one(Action.SIGN)),
    # The event itself: its director runs it, its public link reads it.
    allow(DIRECTOR, one(OwnerAction.RUN, OwnerAction.READ_OWNER)),
    allow(frozenset({Credential.EVENT_VIEW}), one(OwnerAction.READ_OWNER)),
    # Its own writes, by the event's stage: a finished event takes nothing
    # but its reopening and its directors (a lost phone can always be stopped).
    deny(DIRECTOR, frozenset(EventWrite) - {EventWrite.REOPEN, EventWrite.DIRECTORS},
         FINISHED_WORDS, frozenset({EventStage.FINISHED})),
    deny(DIRECTOR, one(EventWrite.SCORE, EventWrite.CODES),
         "No session is drawn yet: draw session 1 first",
         frozenset({EventStage.REGISTRATION})),
    deny(DIRECTOR, one(EventWrite.FINISH), "Nothing to finish: no session is drawn yet",
         frozenset({EventStage.REGISTRATION})),
    deny(DIRECTOR, one(EventWrite.REOPEN),
         "The event isn't finished: there is nothing to reopen",
         frozenset({EventStage.REGISTRATION, EventStage.SESSIONS})),
    allow(DIRECTOR, frozenset(EventWrite)),
    # Nothing else, whatever the root allows.
    deny(ANYONE, EVERYTHING | frozenset(OwnerAction) | frozenset(EventWrite), ""),
)


def _writes_now(event: Event) -> tuple[str, ...]:
    return tuple(str(w) for w in EventWrite if event_stages.decide(event, w).allowed)


KIND = OwnerKind(
    RowKind(EVENT, Event, "event", frozen=Event.finished_at,
            closed=Event.finished_at),
    GRANTS, EVENT_KIND, ACL, {Role.DIRECTOR: Credential.DIRECTOR}, Credential.EVENT_VIEW,
    "events", EventNight,
    (Stage.OPEN, Stage.DONE, Stage.TICKETED, Stage.CLOSED, Stage.FINISHED),
    night_row=lambda table: table.event_id,
    stage_of=lambda event: str(event_stages.stage_of(event)), writes_now=_writes_now)
