"""A night on its own, as a kind of owner of nights: its rows, its grants
and their words, a night's ACL (every night's, whoever else owns it), the
credentials its grants and share link prove, and how a night behaves when
nothing else owns it (:class:`NightOwner`, which the other kinds' nights
extend).  Registered by :mod:`scorekeeper.services.kinds`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorekeeper.db.kinds import RowKind
from scorekeeper.db.models import TABLE, GameTable, Member
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
    Whose,
    allow,
    deny,
    one,
)
from scorekeeper.rules import Rules
from scorekeeper.services import ServiceError, writes
from scorekeeper.services.grants.grants import Kind, Words
from scorekeeper.services.registry import OwnerKind

if TYPE_CHECKING:
    from scorekeeper.services.nights.state import TableState

#: Why a night's take-over code fails, when nothing says whose it was.
TABLE_CODE_GONE = ("This code was already used, replaced or has expired. Ask whoever showed "
                   "it (the table's scorekeeper, or at a tournament the director) for a new one.")


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
    RowKind(TABLE, GameTable, "night", "table_id", closed=GameTable.closed_at),
    GRANTS, NIGHT, ACL,
    {Role.KEEPER: Credential.TABLE_EDITOR, Role.PHONE: Credential.TABLE_PHONE},
    Credential.TABLE_VIEW, "editors", NightOwner)
