"""The kinds of owner of nights, one registry entry each, and a night's
owner, asked instead of tested.

An :class:`OwnerKind` says all a kind is: its rows (model, the words its
history and messages use: :class:`scorekeeper.db.kinds.RowKind`), its
grants and codes (:class:`scorekeeper.services.access.grants.Kind`), how its
nights behave (a :class:`NightOwner`), its ACL in the policy's tree and the
credentials its grants and share link prove, the key a phone keeps its
tokens under, and the stages its nights pass through.  :func:`register`
puts an entry where each part is asked (a night, a group and an event are
registered below); a new kind of owner is its model, its entry and its pages.

Whose a night is (its :class:`~scorekeeper.db.models.Owner` row's parent in
the tree: none, a group's, a tournament's) decides who may join it
mid-night, how it is settled as it closes, which regulars may still walk
in, which group the next night joins, the hands it is due, its stage, and
whether it may become a group's first night.  Each kind says so in one
class here, and every service asks :func:`owner_of` rather than testing a
night's group or event itself.  Who may *do* what to a night is
:mod:`scorekeeper.services.access.policy`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from sqlalchemy import select

from scorekeeper.db.kinds import BY_MODEL, ROW_KINDS, RowKind
from scorekeeper.db.models import (
    EVENT,
    GROUP,
    TABLE,
    Event,
    EventTable,
    GameTable,
    Group,
    Member,
    db,
    utcnow,
)
from scorekeeper.names import find_name
from scorekeeper.rules import Rules
from scorekeeper.services import ServiceError, checks, writes
from scorekeeper.services.access import grants, policy
from scorekeeper.services.access.grants import TABLE_CODE_GONE
from scorekeeper.services.access.policy import Action, Credential, Entry, Role, Stage, Whose
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

    #: The owner's kind (its entry's word; None: the night's own), and the
    #: night's owner as the policy names it (the same word, or "own").
    kind: str | None = None
    policy: str = Whose.OWN
    #: The credential the owner's share link is (what a grant proves is its
    #: role's: ``policy.CREDENTIAL_OF``).
    link: str | None = None

    def __init__(self, row_id: int = 0, key: int | None = None,
                 entry: OwnerKind | None = None) -> None:
        #: The owner's row id, and its :class:`~scorekeeper.db.models.Owner` row's.
        self.id, self.key = row_id, key
        if entry is not None:
            self.kind = self.policy = entry.word
            self.link = entry.link

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

    def check_more(self, state: TableState, passes_deal: bool, extra: bool) -> None:
        """Refuse a hand past the deals the night plays (unless ``extra``)."""

    def stage(self, state: TableState) -> tuple[bool, tuple[Stage, str] | None]:
        """Whether its owner is finished, and where the night stands when its
        owner says it takes no more of its hands (done for its session, or
        standing on a paper ticket), with why in its words; None: it plays on."""
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

    def check_joiner(self, table: GameTable, name: str) -> None:
        event_progress.check_joiner(table, name)

    def hands_due(self, table: GameTable) -> int | None:
        return event_progress.hands_due(table)

    def check_more(self, state: TableState, passes_deal: bool, extra: bool) -> None:
        event_progress.check_more(state, passes_deal, extra)

    def stage(self, state: TableState) -> tuple[bool, tuple[Stage, str] | None]:
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


@dataclass(frozen=True)
class OwnerKind:
    """One kind of owner of nights, all it is (see the module's docstring)."""

    rows: RowKind
    grants: grants.Kind[Any]
    #: The kind in the policy's tree (:data:`policy.ACLS`' key) and its ACL.
    resource: str
    acl: tuple[Entry, ...]
    #: The credential a grant of each role proves (a role not named: none).
    credentials: dict[Role, str]
    #: The credential its share link is (a night's own: the night's link).
    link: str | None
    #: The key of the signed cookie a phone keeps its tokens for it under.
    cookie: str
    #: The stages its nights pass through.
    stages: tuple[Stage, ...] = (Stage.OPEN, Stage.CLOSED)
    #: How its nights behave.
    night: type[NightOwner] = NightOwner
    #: The id of a night's owner of this kind, from the night (else read
    #: from the owner row: ``row_of``).
    night_row: Callable[[Any], int | None] | None = field(default=None, compare=False)

    @property
    def word(self) -> str:
        return self.rows.word

    def row_of(self, table: Any, key: int) -> int:
        """The id of the owner (of this kind, its owner row ``key``) of ``table``."""
        found = self.night_row(table) if self.night_row is not None else None
        if found is None:
            model = self.rows.model
            found = db.session.scalar(select(model.id).where(model.owner_id == key))
        assert found is not None, f"no {self.word} owns owner row {key}"
        return int(found)


#: Every kind of owner, by its word.
KINDS: dict[str, OwnerKind] = {}


def register(kind: OwnerKind) -> None:
    """Let ``kind`` own nights: each part of its entry goes where it is asked
    (its rows, its grants, its ACL and credentials in the policy)."""
    KINDS[kind.word] = kind
    ROW_KINDS[kind.word] = kind.rows
    BY_MODEL[kind.rows.model] = kind.rows
    grants.KINDS[kind.word] = kind.grants
    policy.ACLS[kind.resource] = kind.acl
    for role, credential in kind.credentials.items():
        policy.CREDENTIAL_OF[kind.word, role] = credential
    policy.forget_decisions()


def unregister(word: str) -> None:
    """Forget a registered kind (a test's own)."""
    kind = KINDS.pop(word)
    ROW_KINDS.pop(word, None)
    BY_MODEL.pop(kind.rows.model, None)
    grants.KINDS.pop(word, None)
    policy.ACLS.pop(kind.resource, None)
    for role in kind.credentials:
        policy.CREDENTIAL_OF.pop((word, role), None)
    policy.forget_decisions()


for _kind in (
        OwnerKind(ROW_KINDS[TABLE], grants.TABLE, policy.NIGHT, policy.ACLS[policy.NIGHT],
                  {Role.KEEPER: Credential.TABLE_EDITOR, Role.PHONE: Credential.TABLE_PHONE},
                  Credential.TABLE_VIEW, "editors"),
        OwnerKind(ROW_KINDS[GROUP], grants.GROUP, policy.GROUP_KIND,
                  policy.ACLS[policy.GROUP_KIND], {Role.KEEPER: Credential.GROUP_EDITOR},
                  Credential.GROUP_VIEW, "groups", night=GroupNight,
                  night_row=lambda table: table.group_id),
        OwnerKind(ROW_KINDS[EVENT], grants.EVENT, policy.EVENT_KIND,
                  policy.ACLS[policy.EVENT_KIND], {Role.DIRECTOR: Credential.DIRECTOR},
                  Credential.EVENT_VIEW, "events",
                  (Stage.OPEN, Stage.DONE, Stage.TICKETED, Stage.CLOSED, Stage.FINISHED),
                  night=EventNight,
                  night_row=lambda table: table.event_id)):
    register(_kind)


def owner_of(table: Any) -> NightOwner:
    """The owner a night asks: its owner row's parent's kind (its own, when
    it has none)."""
    parent = table.owner.parent
    if parent is None:
        return NightOwner()
    kind = KINDS[parent.kind]
    return kind.night(kind.row_of(table, parent.id), parent.id, kind)


def done_message(state: TableState) -> str | None:
    """Why the night's own phone may no longer score it, or None while it may."""
    said = owner_of(state.table).stage(state)[1]
    return said[1] if said is not None else None


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
