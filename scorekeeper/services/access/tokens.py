"""What a bearer token is, for a client that holds one and wants to know:
whose edit grant or share link it is, the credential that makes it
(:mod:`scorekeeper.services.access.credentials`, the one place that turns tokens
into credentials) and what the declared policy
(:mod:`scorekeeper.policy.acl`) lets it do now.  Nothing here decides
who may do what: every answer is the policy's, asked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from scorekeeper.db.models import TABLE, Editor, Owner, db
from scorekeeper.policy.acl import Action, OwnerAction, decide
from scorekeeper.services.access.credentials import night_access, owner_access
from scorekeeper.services.grants import grants
from scorekeeper.services.registry import KINDS


@dataclass(frozen=True)
class TokenFacts:
    """What a token is and may do.  ``owner`` and ``id`` name the row it is
    kept for (a table, a group, an event); ``label`` the device or client
    its grant was made for (None: a share link).  ``stage`` is where that
    row stands now; ``may`` what it may do there (a night's actions, or a
    group's or event's own); ``writes`` the event writes its stage takes now
    (a director's); ``nights`` what it may do on the row's nights, at each
    stage they pass through (a group's or an event's credential)."""

    credential: str
    owner: str
    id: int
    label: str | None
    stage: str | None
    may: tuple[str, ...]
    writes: tuple[str, ...] = ()
    nights: tuple[tuple[str, tuple[str, ...]], ...] = ()


def holder(token: str) -> tuple[str, int] | None:
    """The row ``token`` is a live edit grant or the share link of, as
    (owner kind, id); None for a token that is neither."""
    owner_id = db.session.scalar(select(Editor.owner_id).where(
        Editor.token_hash == grants.hash_token(token), Editor.revoked_at.is_(None)))
    if owner_id is None:
        owner_id = db.session.scalar(select(Owner.id).where(Owner.view_token == token))
    return None if owner_id is None else grants.row_key(owner_id)


def describe(token: str) -> TokenFacts | None:
    """What ``token`` is and what the policy lets it do now (None: nothing)."""
    found = holder(token)
    if found is None:
        return None
    kind, row_id = found
    if kind == TABLE:
        return _night(token, row_id)
    return _owner(token, kind, row_id)


def _held(token: str) -> Any:
    return lambda kind, row_id: token


def _night(token: str, table_id: int) -> TokenFacts | None:
    access = night_access(table_id, _held(token), links=True)
    if access.credential is None:
        return None
    grant = access.grant
    return TokenFacts(access.credential, TABLE, table_id,
                      grant.label if grant is not None else None, str(access.stage),
                      tuple(str(a) for a in Action if a in access.powers))


def _owner(token: str, kind: str, row_id: int) -> TokenFacts | None:
    access = owner_access(kind, row_id, token, links=True)
    credential = access.credential
    if credential is None:
        return None
    entry = KINDS[kind]
    stage = entry.stage_of(access.row) if entry.stage_of is not None else None
    writes = (entry.writes_now(access.row)
              if entry.writes_now is not None and access.may(OwnerAction.RUN) else ())
    # the policy names a night's owner by the word its rows use; its entry
    # says which stages its nights pass through
    nights = tuple((str(night), tuple(str(a) for a in Action
                                      if decide(credential, kind, night, a).allowed))
                   for night in entry.stages)
    return TokenFacts(credential, kind, row_id,
                      access.grant.label if access.grant is not None else None,
                      stage, tuple(str(a) for a in OwnerAction
                                   if a is not OwnerAction.PUBLIC and access.may(a)),
                      writes, nights)
