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
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from scorekeeper.db.base import TABLE
from scorekeeper.db.kinds import RowKind
from scorekeeper.db.models import db
from scorekeeper.policy import acl as policy
from scorekeeper.policy.acl import Entry, Role, Stage

if TYPE_CHECKING:
    from scorekeeper.services.grants.grants import Kind as GrantKind
    from scorekeeper.services.kinds.table import NightOwner
    from scorekeeper.services.nights.state import TableState


@dataclass(frozen=True)
class OwnerKind:
    """One kind of owner of nights, all it is: its rows, its grants and
    their words, its place and ACL in the policy's tree, the credentials its
    grants and share link prove, the key a phone keeps its tokens under, the
    stages its nights pass through and how they behave."""

    rows: RowKind
    grants: GrantKind[Any]
    #: The kind in the policy's tree (:data:`policy.ACLS`' key) and its ACL.
    resource: str
    acl: tuple[Entry, ...]
    #: The credential a grant of each role proves (a role not named: none).
    credentials: dict[Role, str]
    #: The credential its share link is.
    link: str
    #: The key of the signed cookie a phone keeps its tokens for it under.
    cookie: str
    #: How its nights behave (a :class:`~scorekeeper.services.kinds.table.NightOwner`).
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


def done_message(state: TableState) -> str | None:
    """Why the night's own phone may no longer score it, or None while it may."""
    said = owner_of(state.table).stage(state)[1]
    return said[1] if said is not None else None
