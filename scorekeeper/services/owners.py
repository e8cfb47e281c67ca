"""A night's owner, asked instead of tested.

Whose a night is (:func:`scorekeeper.db.models.night_owner`: its own, a
group's or a tournament's) decides who may join it mid-night, how it is
settled as it closes, which regulars may still walk in, which group the
next night joins, the hands it is due, its stage, and whether it may become
a group's first night.  Each owner says so in one class here, and every
service asks :func:`owner_of` rather than testing a night's group or event
itself; a new owner of nights is a new class and a line in :data:`OWNERS`.
Who may *do* what to a night is :mod:`scorekeeper.services.access.policy`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import select

from scorekeeper.db.models import (
    EVENT,
    GROUP,
    Event,
    EventTable,
    GameTable,
    Group,
    Member,
    db,
    night_owner,
    utcnow,
)
from scorekeeper.names import find_name
from scorekeeper.rules import Rules
from scorekeeper.services import ServiceError, checks, writes
from scorekeeper.services.access.grants import TABLE_CODE_GONE
from scorekeeper.services.access.policy import Action, Credential, Whose
from scorekeeper.services.events import progress as event_progress
from scorekeeper.services.groups import group as groups
from scorekeeper.services.nights.state import TableState


@dataclass(frozen=True)
class ClaimWords:
    """What the page a take-over code opens says: its heading, what the
    phone will do, who tells the phones apart, and why a spent code fails."""

    title: str
    lead: str
    label_help: str
    placeholder: str
    gone: str


class NightOwner:
    """A night on its own: anyone may join, it is paid at the table, and it
    may become a group's first night."""

    kind: str | None = None
    #: The night's owner as the policy names it, and the credential the
    #: owner's share link is (what a grant proves is its role's:
    #: ``policy.CREDENTIAL_OF``).
    policy = Whose.OWN
    link: Credential | None = None

    def __init__(self, row_id: int = 0) -> None:
        self.id = row_id

    def check_joiner(self, table: GameTable, name: str) -> None:
        """Refuse ``name`` joining the night mid-way (anyone may)."""

    def check_carry(self, carry: bool) -> None:
        """Refuse ``carry`` for a night with no tab to carry it to."""
        if carry:
            raise ServiceError("Only a group's night can be carried to its tab", "carry")

    def settle(self, table: GameTable, carry: bool) -> None:
        """How the night is settled as it closes (part of the close's write)."""
        self.check_carry(carry)

    def members(self) -> list[Member]:
        """The regulars whose payment handles the night falls back on."""
        return []

    def regulars_away(self, table: GameTable) -> list[str]:
        """The regulars not at the table tonight (who may still walk in)."""
        return []

    def join_next(self, new: GameTable, rules: Rules) -> None:
        """The next night started from this one joins what this one belongs to
        (part of the caller's write)."""

    def hands_due(self, table: GameTable) -> int | None:
        """The hands the night plays (None: as many as the table likes)."""
        return None

    def stage(self, state: TableState) -> tuple[bool, str | None]:
        """Whether its owner is finished, and why the night is done for its
        session (None: not done)."""
        return False, None

    def refuses_group(self) -> str | None:
        """Why the night can't become a group's first night (None: it can)."""
        return None

    def claim_words(self, table: GameTable) -> ClaimWords:
        """What the page of the night's take-over code says."""
        return ClaimWords(
            title="Take over scoring",
            lead=(f"The scorekeeper of {table.name} is handing over. After you tap the "
                  "button, this phone can record and fix hands. The code works once."),
            label_help="so the scorekeeper can tell the phones apart",
            placeholder="e.g. Bob's phone", gone=TABLE_CODE_GONE)


class GroupNight(NightOwner):
    """One of a group's nights: paid at the table or carried to the group's
    tab, its regulars' handles and walk-ins, the next night the group's too."""

    kind = GROUP
    policy, link = Whose.GROUP, Credential.GROUP_VIEW

    def check_carry(self, carry: bool) -> None:
        """A group's night may go on its tab."""

    def settle(self, table: GameTable, carry: bool) -> None:
        table.settled = groups.CARRIED if carry else groups.AT_TABLE
        table.settled_at = None if carry else utcnow()

    def members(self) -> list[Member]:
        return list(db.session.scalars(select(Member).where(Member.group_id == self.id)
                                       .order_by(Member.id)))

    def regulars_away(self, table: GameTable) -> list[str]:
        here = [p.name for p in table.players]
        return [m.name for m in self.members() if find_name(m.name, here) is None]

    def join_next(self, new: GameTable, rules: Rules) -> None:
        groups.attach(new, groups.get_group(self.id), new.played_on or date.today(), rules)

    def refuses_group(self) -> str | None:
        return "This night is already one of a group's nights"


class EventNight(NightOwner):
    """A table of one session of a tournament: registered players only, the
    session's hands, done when they are in (or the director says so), frozen
    when the event is finished, and never a group's."""

    kind = EVENT
    policy, link = Whose.EVENT, Credential.EVENT_VIEW

    def check_joiner(self, table: GameTable, name: str) -> None:
        event_progress.check_joiner(table, name)

    def hands_due(self, table: GameTable) -> int | None:
        return event_progress.hands_due(table)

    def stage(self, state: TableState) -> tuple[bool, str | None]:
        return event_progress.table_stage(state)

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
                  "printed again, or has expired. Ask the director for a new card."))


#: Every owner of nights besides the night itself, by the word its rows use.
OWNERS: dict[str, type[NightOwner]] = {GROUP: GroupNight, EVENT: EventNight}


def owner_of(table: Any) -> NightOwner:
    """The owner a night asks (its own, when it has none)."""
    found = night_owner(table.group_id, table.event_id)
    return NightOwner() if found is None else OWNERS[found[0]](found[1])


def done_message(state: TableState) -> str | None:
    """Why the night's own phone may no longer score it, or None while it may."""
    return owner_of(state.table).stage(state)[1]


def group_from_night(table: GameTable, rules: Rules, label: str = "Scorekeeper"
                     ) -> tuple[Group, str]:
    """Start a group whose first night is ``table``, a night played without
    one: its players are the members, its rules and stake the next night's,
    and a closed night stays settled at the table.  One write: the night's
    version and the new group's, each with its entry.  Returns the group and
    this device's edit token."""
    name = checks.group_name(table.name)
    with writes.unit():
        writes.begin_night(table, Action.MAKE_GROUP)
        refused = owner_of(table).refuses_group()
        if refused is not None:
            raise ServiceError(refused, "group")
        group, token = groups.build_group(name, [p.name for p in table.players],
                                          table.preset, {}, table.stake_cents, label)
        day = table.played_on or table.created_at.date()
        groups.attach(table, group, day, rules)
        if table.closed_at is not None:
            table.settled, table.settled_at = groups.AT_TABLE, table.closed_at
        writes.audit_night(table, "group", f"The first night of the group {group.name}")
        writes.audit_group(group.id, "night", f"First night: {table.name} on {day}")
    return group, token
