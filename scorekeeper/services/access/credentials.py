"""Which credential a request holds on a night, and what the policy
(:mod:`scorekeeper.policy.acl`) then says of it: the one place that
turns tokens into a :class:`~scorekeeper.policy.acl.Credential`, a
night into its :class:`~scorekeeper.policy.acl.Whose` and
:class:`~scorekeeper.policy.acl.Stage`.

A request hands in what it holds through a :data:`Holder`: given an owner of
nights (its kind's word: "table", "group", "event" or a registered kind's)
and its id, the token it holds for it (a phone's signed cookie keeps one
per owner; an API client's bearer token is tried as each).  Each grant it
proves along the night's lineage (the night's own, its owner's) is a
principal, and the policy is asked with all of them; the one a token is
said to be is the owner's before the night's own; share links only when
the request may present them (the API: its bearer token may be one).
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scorekeeper.db.models import EVENT as EVENT  # the words a phone keeps its tokens under
from scorekeeper.db.models import GROUP as GROUP
from scorekeeper.db.models import TABLE, Editor, GameTable
from scorekeeper.policy.acl import (
    Action,
    Decision,
    OwnerAction,
    Stage,
    credential_of,
    night,
    night_powers,
    owner_permits,
    permits,
)
from scorekeeper.services import admission, lazy
from scorekeeper.services.grants import grants
from scorekeeper.services.groups.group import GroupHead, group_head_as
from scorekeeper.services.nights.paper import TAKES_NO_HANDS
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.registry import KINDS, NightOwner, owner_of

#: Given an owner of nights and its id, the token the request holds for it.
Holder = Callable[[str, int], "str | None"]


@dataclass
class NightAccess:
    """One request's standing on one night."""

    state: TableState
    #: Whose the night is (:data:`Whose.OWN`, or its owner's kind).
    owner: str
    stage: Stage
    #: Why the stage refuses writes, in the night's own words ("" when open).
    stage_words: str
    credential: str | None
    #: The grant the credential is (for the history's "by"); None for a share link.
    grant: Editor | None
    #: Every credential the request proves on the night (``credential`` is
    #: the strongest, the one a token is said to be): the policy is asked
    #: with all of them.
    principals: frozenset[str] = frozenset()

    @property
    def editor(self) -> Editor:
        """The grant a write is made as: a route that writes lets no share
        link through, so there is one."""
        assert self.grant is not None, "a share link writes nothing"
        return self.grant

    def decide(self, action: Action) -> Decision:
        """What the policy says of ``action`` (refused without a credential)."""
        if self.credential is None:
            return Decision(False, "")
        return permits(night(self.owner, self.stage, self.stage_words),
                       self.principals or {self.credential}, action)

    def may(self, action: Action | str) -> bool:
        """Whether this request may do ``action`` (templates ask by name)."""
        return Action(action) in self.powers

    @lazy
    def powers(self) -> frozenset[Action]:
        """Every action this request may do: a page rendered for it once is
        the same for every request with the same powers (part of its cache key)."""
        if self.credential is None:
            return frozenset()
        return night_powers(self.owner, self.stage, self.stage_words,
                            self.principals or frozenset({self.credential}))


def _same(token: str | None, other: str) -> bool:
    return bool(token) and hmac.compare_digest(str(token).encode(), other.encode())


def night_access(table_id: int, held: Holder, *, links: bool = False) -> NightAccess:
    """The night ``table_id`` (NotFound without it) and the credential ``held``
    proves on it; with ``links``, a share link's token counts too.  The
    night's owner (:func:`~scorekeeper.services.registry.owner_of`) says which
    credential each token is."""
    table, grant = grants.load_as(grants.TABLE, table_id, held(TABLE, table_id))
    state = TableState.load(table)
    owner = owner_of(table)
    stage, words = _stage_of(state, owner)
    found = None
    if owner.kind is not None and owner.key is not None:
        found = grants.grant_by_key(owner.key, held(owner.kind, owner.id))
    # each grant proves what its role is on the kind it is kept for; the owner's first
    proven: list[tuple[str, Editor | None]] = [
        (credential, g) for kind, g in ((owner.kind, found), (TABLE, grant))
        if g is not None and kind is not None
        and (credential := credential_of(kind, g.role)) is not None]
    if not proven and links:
        link = _link_credential(table, owner, held)
        if link is not None:
            proven.append((link, None))
    credential, proof = proven[0] if proven else (None, None)
    principals = frozenset(c for c, _ in proven)
    if proof is not None:  # what may write: asked again under the write lock
        admission.admit(table.id, admission.Admission(
            state.version, owner.policy, stage, words, principals,
            lambda now: _stage_of(TableState.load(now, cacheable=False), owner)))
    return NightAccess(state, owner.policy, stage, words, credential, proof, principals)


def _stage_of(state: TableState, owner: NightOwner) -> tuple[Stage, str]:
    finished, said = owner.stage(state)
    if finished:
        return Stage.FINISHED, ""
    if state.closed or state.paper:  # a night of totals takes no hands, ever
        return Stage.CLOSED, TAKES_NO_HANDS if state.paper else ""
    return said if said is not None else (Stage.OPEN, "")


def _link_credential(table: GameTable, owner: NightOwner, held: Holder) -> str | None:
    """The share link's credential the request's token is, if any: the
    night's own, or its owner's (its owner row's parent, loaded with it)."""
    if _same(held(TABLE, table.id), table.view_token):
        return KINDS[TABLE].link
    parent = table.owner.parent
    if owner.kind is None or parent is None:
        return None
    return owner.link if _same(held(owner.kind, owner.id), parent.view_token) else None


# --- a group's and an event's own pages ---------------------------------------------

@dataclass
class OwnerAccess:
    """One request's standing on a group or an event."""

    row: Any
    kind: str
    credential: str | None
    grant: Editor | None

    @property
    def editor(self) -> Editor:
        """The grant a change is made as (its runner's: never a share link)."""
        assert self.grant is not None, "a share link changes nothing"
        return self.grant

    def may(self, action: OwnerAction) -> bool:
        return owner_permits(self.credential, self.kind, action)


def group_head_access(group_id: int, token: str | None, action: OwnerAction
                      ) -> tuple[GroupHead, bool]:
    """A group's head (one light query; NotFound without it) and whether the
    grant ``token`` is may do ``action`` to the group, as the policy says."""
    head, role = group_head_as(group_id, token)
    credential = credential_of(GROUP, role) if role is not None else None
    return head, owner_permits(credential, GROUP, action)


def owner_access(kind: str, row_id: int, token: str | None, *,
                 links: bool = False) -> OwnerAccess:
    """A group or an event (NotFound without it) and the credential ``token``
    proves on it: its edit grant, or (``links``) its share link."""
    row, grant = grants.load_as(grants.of(kind), row_id, token)
    credential = credential_of(kind, grant.role) if grant is not None else None
    if credential is not None:
        return OwnerAccess(row, kind, credential, grant)
    if links and _same(token, row.view_token):
        return OwnerAccess(row, kind, KINDS[kind].link, None)
    return OwnerAccess(row, kind, None, None)
