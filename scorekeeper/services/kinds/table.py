"""A night on its own, as a kind of owner of nights: its rows, its grants
and their words, a night's ACL (every night's, whoever else owns it), and
the credentials its grants and share link prove; its nights behave as
:class:`~scorekeeper.services.registry.NightOwner` says, which the other
kinds' nights extend.  Registered by :mod:`scorekeeper.services.kinds`.
"""

from __future__ import annotations

from scorekeeper.db.kinds import RowKind
from scorekeeper.db.models import TABLE, GameTable
from scorekeeper.policy.acl import (
    ANYONE,
    CLOSED,
    EDITORS,
    FINISHED_WORDS,
    HANDS,
    NIGHT,
    NOTHING_TO_SCORE,
    VIEWERS,
    WRITES,
    Action,
    Credential,
    Role,
    Stage,
    allow,
    deny,
    one,
)
from scorekeeper.services import writes
from scorekeeper.services.grants.grants import Kind, Words
from scorekeeper.services.registry import TABLE_CODE_GONE, NightOwner, OwnerKind


def _begin(table: GameTable, for_code: bool) -> object:
    return writes.begin_night(table, Action.HAND_OVER if for_code else Action.SHARE)


GRANTS = Kind(
    TABLE, GameTable, Words(
        no_such="No such table",
        link_gone="This share link doesn't exist or was replaced",
        code_gone=TABLE_CODE_GONE,
        can_now="{label} can now edit",
        handed_over="Scoring handed over: {label} can now edit",
        showed_code="Showed a take-over code (works once, for 15 minutes)",
        no_longer="{label} can no longer edit",
        not_a_grant="That device can't edit this table (already revoked?)",
        last_grant="This is the only device that can edit this table. "
                   "Hand over scoring first, then revoke it."),
    begin=_begin,
    audit=lambda table, action, summary, by: writes.audit_night(table, action, summary, by=by),
    role_of=lambda table: Role.PHONE if table.event_id is not None else Role.KEEPER)

#: Every night's entries, whoever owns it: the first of its lineage.
ACL = (
    # A share link reads, whatever the night's owner or stage, and nothing else.
    allow(VIEWERS, one(Action.READ)),
    deny(VIEWERS, WRITES, "A share link only shows the scores: it can't change them"),
    # Reading is every editor's, at every stage.
    allow(EDITORS, one(Action.READ)),
    # A finished tournament is frozen; a closed night takes no more hands,
    # seats, closing or scorekeepers.
    deny(ANYONE, WRITES, FINISHED_WORDS, frozenset({Stage.FINISHED})),
    deny(ANYONE, HANDS | one(Action.ROSTER, Action.CLOSE, Action.SIGN), "{stage}", CLOSED),
    # A paper ticket stands instead of the hands: nobody changes them or
    # the seats its totals are kept by (the director corrects the ticket).
    deny(ANYONE, HANDS | one(Action.ROSTER), "{stage}", frozenset({Stage.TICKETED})),
    deny(ANYONE, one(Action.HAND_OVER), NOTHING_TO_SCORE, CLOSED),
)

KIND = OwnerKind(
    RowKind(TABLE, GameTable, "night", closed=GameTable.closed_at),
    GRANTS, NIGHT, ACL,
    {Role.KEEPER: Credential.TABLE_EDITOR, Role.PHONE: Credential.TABLE_PHONE},
    Credential.TABLE_VIEW, "editors", NightOwner)
