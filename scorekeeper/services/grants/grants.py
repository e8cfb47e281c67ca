"""Who may change an owner of nights (a table, a group, an event): its edit grants
(hashed tokens, revocable), its share (view) token, and finding it by id or
by token.  Its one-time codes that turn into a grant the first time they are
claimed are :mod:`scorekeeper.services.grants.handovers`'.  Written once for every
owner: a :class:`Kind` says which rows keep it and the words its messages
use (the grants' part of a kind's registry entry,
:class:`scorekeeper.services.registry.OwnerKind`).  A grant, a code and a
share token belong to the owner's :class:`~scorekeeper.db.models.Owner` row.

Every change here goes through :mod:`scorekeeper.services.writes` (a raised
version and its one audit entry) and commits once.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Generic, TypeVar, cast

from sqlalchemy import and_, bindparam, select, update

from scorekeeper.db import models
from scorekeeper.db.models import (
    Editor,
    Event,
    GameTable,
    Group,
    Handover,
    Owner,
    db,
    utcnow,
)
from scorekeeper.limits import MAX_ROW_ID
from scorekeeper.policy.acl import Role
from scorekeeper.services import Conflict, NotFound, ServiceError, registry, writes
from scorekeeper.services.once import Once, earlier


def new_token() -> str:
    """An unguessable token (192 bits), safe in a URL."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """What is stored for an edit token: its SHA-256, never the token."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Words:
    """What an owner's messages and history say."""

    no_such: str
    link_gone: str
    code_gone: str
    can_now: str  #: "{label} can now edit"
    handed_over: str  #: "Scoring handed over: {label} can now edit"
    showed_code: str
    no_longer: str  #: "{label} can no longer edit"
    not_a_grant: str
    last_grant: str


R = TypeVar("R", GameTable, Group, Event)


@dataclass(frozen=True)
class Kind(Generic[R]):
    """One kind of owner of nights: the word its grants, codes and history
    entries are kept under, its rows and its words."""

    kind: str
    model: type[R]
    words: Words
    #: Starts a write to one owner (:mod:`~scorekeeper.services.writes`);
    #: ``for_code``: the write shows or claims a handover code.
    begin: Callable[[Any, bool], object]
    #: Writes the write's one entry: (row, action, summary, by).
    audit: Callable[[Any, str, str, str | None], None]
    #: The role of a grant made for a row (a tournament table's: a phone).
    role_of: Callable[[Any], Role]

    def by_owner(self, owner_id: int) -> R | None:
        """The row whose :class:`~scorekeeper.db.models.Owner` is ``owner_id``."""
        return db.session.scalar(select(self.model).where(self.model.owner_id == owner_id))

    def key(self, row_id: int) -> int:
        """The id of the :class:`~scorekeeper.db.models.Owner` of row ``row_id``."""
        key = db.session.scalar(select(self.model.owner_id).where(self.model.id == row_id))
        assert key is not None, f"no {self.kind} {row_id}"
        return int(key)

    def mine(self, model: Any, row_id: Any) -> Any:
        """The condition that a grant, code or history row (``model``) is the
        owner ``row_id``'s."""
        return model.of(self.kind, row_id)

    def grant(self, row: R, token: str, label: str, director_id: int | None = None
              ) -> Editor:
        """A new grant of ``row`` for ``token`` (not yet added), in the role
        the kind gives a grant of that row."""
        return Editor(owner=row.owner, role=self.role_of(row),
                      token_hash=hash_token(token), label=label, director_id=director_id)


class _Registered:
    """The grants of the kind of owner ``word`` as its module declared and
    registered them (:mod:`scorekeeper.services.kinds`), asked when used."""

    def __init__(self, word: str) -> None:
        self.word = word

    def __getattr__(self, name: str) -> Any:
        return getattr(registry.KINDS[self.word].grants, name)


#: The app's own kinds' grants, by the names the services call them.
TABLE = cast(Kind[GameTable], _Registered(models.TABLE))
GROUP = cast(Kind[Group], _Registered(models.GROUP))
EVENT = cast(Kind[Event], _Registered(models.EVENT))


def of(word: str) -> Kind[Any]:
    """The grants of the registered kind ``word``."""
    return registry.KINDS[word].grants


# --- finding an owner ------------------------------------------------------------

def get(owner: Kind[R], row_id: int) -> R:
    """The owner's row, or NotFound (also for ids too big for the database)."""
    if not 0 < row_id <= MAX_ROW_ID:
        raise NotFound(owner.words.no_such)
    row = db.session.get(owner.model, row_id)
    if row is None:
        raise NotFound(owner.words.no_such)
    return row


def row_key(owner_id: int) -> tuple[str, int] | None:
    """The kind and id of the night, group or event whose
    :class:`~scorekeeper.db.models.Owner` is ``owner_id`` (None: none is)."""
    kind = db.session.scalar(select(Owner.kind).where(Owner.id == owner_id))
    if kind is None:
        return None
    model = models.OWNER_MODELS[kind]
    row_id = db.session.scalar(select(model.id).where(model.owner_id == owner_id))
    return None if row_id is None else (kind, int(row_id))


def by_view_token(owner: Kind[R], token: str) -> R:
    """The owner a share link points to, or NotFound."""
    row = db.session.scalar(db.select(owner.model).join(owner.model.owner)
                            .where(Owner.view_token == token))
    if row is None:
        raise NotFound(owner.words.link_gone)
    return row


@functools.cache
def _with_grant(owner: Kind[Any]) -> Any:
    """The owner and the live grant a token's hash proves, in one query
    (built once per owner)."""
    return (select(owner.model, Editor)
            .outerjoin(Editor, and_(Editor.owner_id == owner.model.owner_id,
                                    Editor.token_hash == bindparam("hash"),
                                    Editor.revoked_at.is_(None)))
            .where(owner.model.id == bindparam("id")).limit(1))


def load_as(owner: Kind[R], row_id: int, token: str | None) -> tuple[R, Editor | None]:
    """The owner and the live grant ``token`` proves (None without one), read
    together in one query; NotFound without the owner."""
    if not token:
        return get(owner, row_id), None
    if not 0 < row_id <= MAX_ROW_ID:
        raise NotFound(owner.words.no_such)
    row = db.session.execute(_with_grant(owner), {"id": row_id, "hash": hash_token(token)}).first()
    if row is None:
        raise NotFound(owner.words.no_such)
    return row[0], row[1]


def grant_of(owner: Kind[Any], row_id: int, token: str | None) -> Editor | None:
    """The live grant of the owner's row ``row_id`` that ``token`` proves, if any."""
    if not token:
        return None
    return db.session.scalar(db.select(Editor).where(
        owner.mine(Editor, row_id), Editor.token_hash == hash_token(token),
        Editor.revoked_at.is_(None)))


def grant_by_key(key: int, token: str | None) -> Editor | None:
    """The live grant of the owner row ``key`` that ``token`` proves, if any."""
    if not token:
        return None
    return db.session.scalar(db.select(Editor).where(
        Editor.owner_id == key, Editor.token_hash == hash_token(token),
        Editor.revoked_at.is_(None)))


def active_grants(owner: Kind[R], row: R) -> list[Editor]:
    """The devices that can change ``row`` now, oldest first."""
    return list(db.session.scalars(db.select(Editor).where(
        owner.mine(Editor, row.id), Editor.revoked_at.is_(None)).order_by(Editor.id)))


# --- grants and codes ------------------------------------------------------------

def add_grant(owner: Kind[R], row: R, label: str) -> str:
    """Let one more device or client change ``row``; returns its token (kept nowhere)."""
    with writes.unit():
        owner.begin(row, False)
        token = new_token()
        db.session.add(owner.grant(row, token, label[:80]))
        owner.audit(row, "editor", owner.words.can_now.format(label=label[:80]), None)
    return token


def drop_codes(owner: Kind[Any], row_id: int) -> None:
    """Cancel every unused one-time code of the owner (same transaction):
    each expires now, so a phone that brings one later is told whose code it
    was and why it no longer works."""
    now = utcnow()
    db.session.execute(update(Handover).where(
        owner.mine(Handover, row_id), Handover.used_at.is_(None), Handover.expires_at > now)
        .values(expires_at=now - timedelta(seconds=1)))


def revoke_grant(owner: Kind[R], row: R, grant_id: int, by: str | None = None
                 ) -> Editor:
    """Stop one device changing ``row``, at once (:func:`stop_grant`), in a
    write of its own."""
    with writes.unit():
        owner.begin(row, False)
        grant = stop_grant(owner, row, grant_id, by)
    return grant


def stop_grant(owner: Kind[R], row: R, grant_id: int, by: str | None = None
               ) -> Editor:
    """Stop one device changing ``row``; its unused codes die with it.  The
    last one is kept: without it nobody could change ``row`` again.  Part of
    the caller's write (its unit of work, begun); ``by`` names the device that
    revoked it, for the history."""
    grants = active_grants(owner, row)
    grant = next((e for e in grants if e.id == grant_id), None)
    if grant is None:
        raise NotFound(owner.words.not_a_grant)
    if len(grants) == 1:
        raise Conflict(owner.words.last_grant)
    grant.revoked_at = utcnow()
    drop_codes(owner, row.id)
    owner.audit(row, "revoke", owner.words.no_longer.format(label=grant.label), by)
    return grant


def revoke_all(owner: Kind[Any], row_id: int) -> int:
    """Stop every device that can change the owner, at once, with their unused
    codes; part of the caller's write (only an owner that another owner's
    grant also changes, an event's table, may be left with none).  Returns
    how many were stopped."""
    stopped = db.session.execute(update(Editor).where(
        owner.mine(Editor, row_id), Editor.revoked_at.is_(None)).values(revoked_at=utcnow()))
    drop_codes(owner, row_id)
    return int(stopped.rowcount)  # type: ignore[attr-defined]


#: What a token rotation replaces: the share link, or the asking device's own edit token.
ROTATIONS = ("view", "edit")


def rotate(owner: Kind[R], row: R, which: object, grant: Editor | None,
           by: str | None = None, once: Once | None = None, holder: str | None = None
           ) -> str:
    """Replace ``row``'s share link (``which`` "view": everyone holding the old
    one is refused from now on) or the asking device's own edit token
    (``grant``, "edit": the old one is a 401 at once, the device keeps its
    name and role); returns the new token, shown this once.  A request that
    must happen once (``once``, sent with the token it was asked with,
    ``holder``) remembers the new token sealed by that token
    (:func:`sealed`), so its retry, made with the old token, is answered the
    same new one (:func:`rotated_before`)."""
    if which not in ROTATIONS:
        raise ServiceError('token must be "view" (the share link) or "edit" (this '
                           "device's own edit token)", "token")
    token = new_token()
    with writes.unit(once) as work:
        owner.begin(row, False)
        if which == "view":
            row.owner.view_token = token
            owner.audit(row, "share", "New share link: the old link and QR code stopped "
                        "working", by)
        else:
            if grant is None:
                raise ServiceError("Only a device's own edit token can be replaced this way",
                                   "token")
            held = db.session.get(Editor, grant.id)
            if held is None:
                raise ServiceError("This device's edit token is gone (revoked?)", "token")
            held.token_hash = hash_token(token)
            owner.audit(row, "editor", f"{held.label}'s edit token replaced: the old one "
                        "stopped working", by)
        if once is not None and holder is not None:
            work.remember(row, 200, {"token": which,
                                     "sealed": sealed(token, holder, once.token)})
    return token


def sealed(token: str, holder: str, key: str) -> str:
    """``token`` as a rotation's answer is kept: XORed with a pad that only
    the token it was asked with (``holder``) makes, for this request
    (``key``), and for no other (HMAC-SHA256 as the pad's source, used once:
    a request is carried out once).  Nothing kept shows the new token to
    whoever reads the database without the old one.  Unsealed by the same call."""
    data = token.encode()
    pad = _pad(holder, key, len(data))
    return bytes(a ^ b for a, b in zip(data, pad, strict=True)).hex()


def _pad(holder: str, key: str, size: int) -> bytes:
    pad = b""
    counter = 0
    while len(pad) < size:
        pad += hmac.new(holder.encode(), f"{key}:{counter}".encode(), hashlib.sha256).digest()
        counter += 1
    return pad[:size]


def unsealed(kept: str, holder: str, key: str) -> str | None:
    """The token :func:`sealed` kept, for the ``holder`` that asked (None: not theirs)."""
    try:
        data = bytes.fromhex(kept)
    except ValueError:
        return None
    plain = bytes(a ^ b for a, b in zip(data, _pad(holder, key, len(data)), strict=True))
    try:
        return plain.decode()
    except UnicodeDecodeError:
        return None


def rotated_before(once: Once | None, holder: str) -> tuple[str, str] | None:
    """What a rotation already carried out under ``once`` answered, for the
    token it was asked with (``holder``): which token, and the new one; None
    when none was (a key used for another request is refused, KeyReused)."""
    row = earlier(once)
    if row is None or once is None or not isinstance(row.response, dict):
        return None
    token = unsealed(str(row.response.get("sealed", "")), holder, once.token)
    return (str(row.response["token"]), token) if token is not None else None
