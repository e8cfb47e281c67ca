"""The kinds of owner of nights, registered: one :class:`OwnerKind` each,
by its word, and a night's owner, asked instead of tested.

A kind is declared whole in a module of its own
(:mod:`scorekeeper.services.kinds`: a night on its own, a group, a
tournament; a test's league the same way) and registered by one line.  The
code below that module (the write path, the boards, the one-time requests,
the grants, the loaders) reads this registry and never names a kind;
:func:`register` hands the policy (:mod:`scorekeeper.policy.acl`, pure) the
kind's ACL and the credentials its grants prove.

Whose a night is (its :class:`~scorekeeper.db.models.Owner` row's parent in
the tree) decides who may join it mid-night, how it is settled as it
closes, which regulars may still walk in, the hands it is due, its stage:
:func:`owner_of` returns the night's behaviour from its owner's entry, and
every service asks it rather than testing a night's group or event itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from scorekeeper.db.base import TABLE
from scorekeeper.db.kinds import RowKind
from scorekeeper.db.models import GameTable, Member, db
from scorekeeper.policy import acl as policy
from scorekeeper.policy.acl import Entry, Role, Stage, Whose
from scorekeeper.rules import Rules
from scorekeeper.services import ServiceError


@dataclass(frozen=True)
class OwnerKind:
    """One kind of owner of nights, all it is: its rows, its grants and
    their words, its place and ACL in the policy's tree, the credentials its
    grants and share link prove, the key a phone keeps its tokens under, the
    stages its nights pass through and how they behave."""

    rows: RowKind
    #: Its grants and their words (a :class:`~scorekeeper.services.grants.grants.Kind`).
    grants: Any
    #: The kind in the policy's tree (:data:`policy.ACLS`' key) and its ACL.
    resource: str
    acl: tuple[Entry, ...]
    #: The credential a grant of each role proves (a role not named: none).
    credentials: dict[Role, str]
    #: The credential its share link is.
    link: str
    #: The key of the signed cookie a phone keeps its tokens for it under.
    cookie: str
    #: How its nights behave.
    night: type[NightOwner]
    #: The stages its nights pass through.
    stages: tuple[Stage, ...] = (Stage.OPEN, Stage.CLOSED)
    #: The id of a night's owner of this kind, from the night (else read
    #: from the owner row: :meth:`row_of`).
    night_row: Callable[[Any], int | None] | None = field(default=None, compare=False)
    #: Where one of its rows stands now, and the writes of its own that stage
    #: takes from whoever runs it (None: it has no stage of its own).
    stage_of: Callable[[Any], str] | None = field(default=None, compare=False)
    writes_now: Callable[[Any], tuple[str, ...]] | None = field(default=None, compare=False)

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
    #: The phone's name when none is typed ("Table 4"; "" for "Phone N").
    default_label: str = ""


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

    def check_more(self, state: Any, passes_deal: bool, extra: bool) -> None:
        """Refuse a hand past the deals the night plays (unless ``extra``)."""

    def stage(self, state: Any) -> tuple[bool, tuple[Stage, str] | None]:
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



#: Every kind of owner, by its word.
KINDS: dict[str, OwnerKind] = {}


def register(kind: OwnerKind) -> None:
    """Let ``kind`` own nights; the policy is told its ACL and credentials."""
    KINDS[kind.word] = kind
    policy.ACLS[kind.resource] = kind.acl
    for role, credential in kind.credentials.items():
        policy.CREDENTIAL_OF[kind.word, role] = credential
    policy.forget_decisions()


def unregister(word: str) -> None:
    """Forget a registered kind (a test's own)."""
    kind = KINDS.pop(word)
    policy.ACLS.pop(kind.resource, None)
    for role in kind.credentials:
        policy.CREDENTIAL_OF.pop((word, role), None)
    policy.forget_decisions()


def rows(word: str) -> RowKind:
    """The rows of the kind ``word``."""
    return KINDS[word].rows


def by_model(model: Any) -> OwnerKind:
    """The kind whose rows are ``model``'s."""
    return next(kind for kind in KINDS.values() if kind.rows.model is model)


def owner_of(table: Any) -> NightOwner:
    """The owner a night asks: its owner row's parent's kind (its own, when
    it has none)."""
    parent = table.owner.parent
    if parent is None:
        return KINDS[TABLE].night()
    kind = KINDS[parent.kind]
    return kind.night(kind.row_of(table, parent.id), parent.id, kind)


def done_message(state: Any) -> str | None:
    """Why the night's own phone may no longer score it, or None while it may."""
    said = owner_of(state.table).stage(state)[1]
    return said[1] if said is not None else None
