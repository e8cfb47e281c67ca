"""Which credential a request holds on a night, and what the policy
(:mod:`scorekeeper.services.policy`) then says of it: the one place that
turns tokens into a :class:`~scorekeeper.services.policy.Credential`, a
night into its :class:`~scorekeeper.services.policy.Owner` and
:class:`~scorekeeper.services.policy.Stage`.

A request hands in what it holds through a :data:`Holder`: given an owner of
nights ("table", "group" or "event") and its id, the token it holds for it
(a phone's signed cookie keeps one per owner; an API client's bearer token
is tried as each).  The strongest credential wins: an event's director
before a group's editor before a night's own grant; share links only when
the request may present them (the API: its bearer token may be one).
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scorekeeper.db.models import night_owner
from scorekeeper.services import event_scores, grants
from scorekeeper.services.policy import (
    Action,
    Credential,
    Decision,
    Owner,
    OwnerAction,
    Stage,
    decide,
    owner_permits,
)
from scorekeeper.services.state import TableState

#: Given an owner of nights and its id, the token the request holds for it.
Holder = Callable[[str, int], "str | None"]
_OWNERS = {owner.kind: owner for owner in (grants.TABLE, grants.GROUP, grants.EVENT)}
TABLE, GROUP, EVENT = grants.TABLE.kind, grants.GROUP.kind, grants.EVENT.kind


@dataclass
class NightAccess:
    """One request's standing on one night."""

    state: TableState
    owner: Owner
    stage: Stage
    #: Why the stage refuses writes, in the night's own words ("" when open).
    stage_words: str
    credential: Credential | None
    #: The grant the credential is (for the history's "by"); None for a share link.
    grant: Any

    def decide(self, action: Action) -> Decision:
        """What the policy says of ``action`` (refused without a credential)."""
        if self.credential is None:
            return Decision(False, "")
        return decide(self.credential, self.owner, self.stage, action, self.stage_words)

    def may(self, action: Action | str) -> bool:
        """Whether this request may do ``action`` (templates ask by name)."""
        return Action(action) in self.powers

    @property
    def powers(self) -> frozenset[Action]:
        """Every action this request may do: a page rendered for it once is
        the same for every request with the same powers (part of its cache key)."""
        found = self.__dict__.get("_powers")
        if found is None:
            found = self.__dict__["_powers"] = frozenset(
                a for a in Action if self.decide(a).allowed)
        return found


def _same(token: str | None, other: str) -> bool:
    return bool(token) and hmac.compare_digest(str(token).encode(), other.encode())


def night_access(table_id: int, held: Holder, *, links: bool = False) -> NightAccess:
    """The night ``table_id`` (NotFound without it) and the credential ``held``
    proves on it; with ``links``, a share link's token counts too."""
    mine = held(TABLE, table_id)
    table, grant = grants.load_as(grants.TABLE, table_id, mine)
    state = TableState.load(table)
    owner, kind, owner_id = _owner_of(table)
    stage, words = _stage_of(state, owner)
    credential, proof = None, None
    if kind is not None:
        found = grants.grant_of(_OWNERS[kind], owner_id, held(kind, owner_id))
        if found is not None:
            credential, proof = (Credential.DIRECTOR if kind == EVENT
                                 else Credential.GROUP_EDITOR), found
    if credential is None and grant is not None:
        credential, proof = (Credential.TABLE_PHONE if owner is Owner.EVENT
                             else Credential.TABLE_EDITOR), grant
    if credential is None and links:
        credential = _link_credential(table, kind, owner_id, held)
    return NightAccess(state, owner, stage, words, credential, proof)


def _owner_of(table: Any) -> tuple[Owner, str | None, int]:
    """The night's owner (:func:`~scorekeeper.db.models.night_owner`), and
    the kind and id of the row that owns it."""
    found = night_owner(table.group_id, table.event_id)
    if found is None:
        return Owner.OWN, None, 0
    return (Owner.EVENT if found[0] == EVENT else Owner.GROUP), found[0], found[1]


def _stage_of(state: TableState, owner: Owner) -> tuple[Stage, str]:
    finished, done = (event_scores.table_stage(state) if owner is Owner.EVENT
                      else (False, None))
    if finished:
        return Stage.FINISHED, ""
    if state.closed:
        return Stage.CLOSED, ""
    if done is not None:
        return Stage.DONE, done
    return Stage.OPEN, ""


def _link_credential(table: Any, kind: str | None, owner_id: int,
                     held: Holder) -> Credential | None:
    """The share link's credential the request's token is, if any."""
    if _same(held(TABLE, table.id), table.view_token):
        return Credential.TABLE_VIEW
    if kind is None:
        return None
    token = held(kind, owner_id)
    row = grants.get(_OWNERS[kind], owner_id)
    if _same(token, row.view_token):
        return Credential.EVENT_VIEW if kind == EVENT else Credential.GROUP_VIEW
    return None


# --- a group's and an event's own pages ---------------------------------------------

@dataclass
class OwnerAccess:
    """One request's standing on a group or an event."""

    row: Any
    kind: str
    credential: Credential | None
    grant: Any

    def may(self, action: OwnerAction) -> bool:
        return owner_permits(self.credential, self.kind, action)


def owner_access(kind: str, row_id: int, token: str | None, *,
                 links: bool = False) -> OwnerAccess:
    """A group or an event (NotFound without it) and the credential ``token``
    proves on it: its edit grant, or (``links``) its share link."""
    owner = _OWNERS[kind]
    row, grant = grants.load_as(owner, row_id, token)
    if grant is not None:
        return OwnerAccess(row, kind, Credential.DIRECTOR if kind == EVENT
                           else Credential.GROUP_EDITOR, grant)
    if links and _same(token, row.view_token):
        return OwnerAccess(row, kind, Credential.EVENT_VIEW if kind == EVENT
                           else Credential.GROUP_VIEW, None)
    return OwnerAccess(row, kind, None, None)
