"""One-time codes that let one more device change an owner of nights (a
table's "take over scoring" and its printed table card, a group's "run the
group", an event's co-director): only a hash of each is kept; a code turns
into an edit grant (:mod:`scorekeeper.services.grants.grants`) the first time it is
claimed, and dies when used, replaced or expired.

Every change here goes through :mod:`scorekeeper.services.writes` (a raised
version and its one audit entry) and commits once.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy import update

from scorekeeper.db.models import Handover, db, utcnow
from scorekeeper.limits import MAX_GRANT_LABEL
from scorekeeper.services import NotFound, ServiceError, checks, writes
from scorekeeper.services.grants import grants
from scorekeeper.services.grants.grants import Kind, hash_token, new_token

HANDOVER_LIFETIME = timedelta(minutes=15)


def start_handover(owner: Kind, row: Any) -> str:
    """A fresh one-time code that lets one more device change ``row`` (any
    unused code of it stops working); returns the code."""
    with writes.unit():
        owner.begin(row, True)
        code = replace_code(owner, row.id)
        owner.audit(row, "handover", owner.words.showed_code, None)
    return code


def replace_code(owner: Kind, row_id: int, lifetime: timedelta = HANDOVER_LIFETIME,
                 director_id: int | None = None) -> str:
    """A new one-time code for the owner, and none of its unused codes works
    any more; part of the caller's write.  Returns the code."""
    grants.drop_codes(owner, row_id)
    return add_code(owner, row_id, lifetime, director_id)


def add_code(owner: Kind, row_id: int, lifetime: timedelta = HANDOVER_LIFETIME,
             director_id: int | None = None) -> str:
    """A new one-time code for the owner, part of the caller's write (which
    raises the version and writes its entry); returns the code.  A
    tournament table's code names the director who issued it
    (``director_id``): the grant it becomes is his too."""
    code = new_token()
    db.session.add(Handover(owner_id=owner.key(row_id), token_hash=hash_token(code),
                            expires_at=utcnow() + lifetime, director_id=director_id))
    return code


def live_handover(owner: Kind, code: str | None) -> Any:
    """The unused, unexpired code ``code`` proves, if any."""
    if not code:
        return None
    return db.session.scalar(db.select(Handover).where(
        Handover.of_kind(owner.kind), Handover.token_hash == hash_token(code),
        Handover.used_at.is_(None), Handover.expires_at > utcnow()))


def handover_of(owner: Kind, code: str | None) -> Any:
    """The code ``code`` proves, used or not (for the page that showed it)."""
    if not code:
        return None
    return db.session.scalar(db.select(Handover).where(
        Handover.of_kind(owner.kind), Handover.token_hash == hash_token(code)))


def clean_label(label: str, row: Any) -> str:
    """A device's name as typed, or "Phone N" when left empty; a name one of
    the row's devices has already gets this phone's number ("Scorekeeper
    (phone 2)"), so the list of editors tells every phone apart."""
    label = " ".join((label or "").split())
    if len(label) > MAX_GRANT_LABEL:
        raise ServiceError(f"Keep the name to {MAX_GRANT_LABEL} characters", "label")
    label = checks.free_text(label, "A device's name", "label") if label else label
    number = len(row.editors) + 1
    taken = {editor.label.casefold() for editor in row.editors}
    name = label or f"Phone {number}"
    while name.casefold() in taken:
        suffix = f" (phone {number})"
        name = (label or "Phone")[:MAX_GRANT_LABEL - len(suffix)] + suffix
        number += 1
    return name


def claim_handover(owner: Kind, code: str, label: str) -> tuple[Any, str]:
    """Use a code once: a new grant for this device; returns the owner and the
    grant's token.  The code is marked used with a guarded UPDATE, so two
    phones racing for one code cannot both win."""
    with writes.unit():
        handover = live_handover(owner, code)
        if handover is None:
            raise NotFound(owner.words.code_gone)
        row = owner.by_owner(handover.owner_id)
        if row is None:
            raise NotFound(owner.words.code_gone)
        name = clean_label(label, row)
        claimed = db.session.execute(update(Handover).where(
            Handover.id == handover.id, Handover.used_at.is_(None))
            .values(used_at=utcnow()))
        if claimed.rowcount != 1:  # type: ignore[attr-defined]
            raise NotFound(owner.words.code_gone)
        owner.begin(row, True)
        token = new_token()
        grant = owner.grant(row, token, name, handover.director_id)
        db.session.add(grant)
        db.session.flush()
        handover.editor_id = grant.id
        owner.audit(row, "handover", owner.words.handed_over.format(label=name), None)
    return row, token
