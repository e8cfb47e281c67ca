"""A group of regulars, as a kind of owner of nights: its rows, its grants
and their words, its ACL (its scorekeeper keeps its nights and runs it, its
share link reads it), the credentials its grants and link prove, and how
its nights behave (:class:`GroupNight`).  Registered by
:mod:`scorekeeper.services.kinds`.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import select

from scorekeeper.db.kinds import RowKind
from scorekeeper.db.models import GROUP, GameTable, Group, Member, db, utcnow
from scorekeeper.names import find_name
from scorekeeper.policy.acl import (
    GROUP_KIND,
    KEEPERS,
    Action,
    Credential,
    OwnerAction,
    Role,
    allow,
    deny,
    one,
)
from scorekeeper.rules import Rules
from scorekeeper.services import writes
from scorekeeper.services.grants.grants import Kind, Words
from scorekeeper.services.groups import group as groups
from scorekeeper.services.registry import NightOwner, OwnerKind


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
        return ALREADY_A_GROUPS


ALREADY_A_GROUPS = "This night is already one of a group's nights"

GRANTS = Kind(
    GROUP, Group, Words(
        no_such="No such group",
        link_gone="This group's share link doesn't exist",
        code_gone="This code was already used, replaced or has expired. Ask whoever runs "
                  "the group to show a new one.",
        can_now="{label} can now run the group",
        handed_over="Handed over: {label} can now run the group",
        showed_code="Showed a code to run the group (works once, for 15 minutes)",
        no_longer="{label} can no longer run the group",
        not_a_grant="That phone can't run this group (already revoked?)",
        last_grant="This is the only phone that can run the group. Add another "
                   "phone first, then revoke this one."),
    begin=lambda group, for_code: writes.begin_group(group.id),
    audit=lambda group, action, summary, by: writes.audit_group(group.id, action, summary, by),
    role_of=lambda group: Role.KEEPER)

ACL = (
    # Its nights: the group's scorekeeper keeps them as a night's own does (the root).
    deny(KEEPERS, one(Action.MAKE_GROUP), ALREADY_A_GROUPS),
    # The group itself: its scorekeeper runs it, its share link reads it.
    allow(frozenset({Credential.GROUP_EDITOR}), one(OwnerAction.RUN, OwnerAction.READ_OWNER)),
    allow(frozenset({Credential.GROUP_VIEW}), one(OwnerAction.READ_OWNER)),
)

KIND = OwnerKind(
    RowKind(GROUP, Group, "group"), GRANTS, GROUP_KIND, ACL,
    {Role.KEEPER: Credential.GROUP_EDITOR}, Credential.GROUP_VIEW, "groups", GroupNight,
    night_row=lambda table: table.group_id)
