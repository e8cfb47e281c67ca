"""The one write path: every change to a night, a group or an event starts here.

A write is one unit of work (:func:`unit`): it takes the database's write
lock, raises the version of each night it changes and of the group or event
that night belongs to (once per write, however many of their nights it
changes), writes exactly one audit entry for each version it raised, and
commits, or rolls all of it back.  Nothing else raises a version, commits or
rolls back a write.

Catch-up (:mod:`scorekeeper.services.nights.kept`) brings a kept night up to date
from the audit entries between two versions, so it relies on that; a commit
that raised a version without writing its entry fails (a programming error,
never a player's), so the invariant cannot drift.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import event, func, inspect, null, select, update
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key

from scorekeeper.db.engine import start_write
from scorekeeper.db.models import (
    EVENT,
    GROUP,
    TABLE,
    AuditEntry,
    GameTable,
    Owner,
    Submission,
    db,
    utcnow,
)
from scorekeeper.limits import AUDIT_BY, AUDIT_SUMMARY
from scorekeeper.policy.acl import Action, EventWrite, Whose
from scorekeeper.services import NotFound, Stale, admission, registry
from scorekeeper.services.admission import table_key
from scorekeeper.services.board import changed
from scorekeeper.services.made_on import Words, as_made_on, said
from scorekeeper.services.once import Once, commit, remember

#: The session-info keys of the write under way and of its unit of work.
_WRITE = "scorekeeper.versions"
_UNIT = "scorekeeper.unit"
STALE = "The night changed since this page was opened; check it and try again"


@dataclass
class Raised:
    """A version this write made of one owner row (a night, a group, an
    event), and whether its audit entry is written."""

    kind: str
    version: int
    #: The owner row raised with it (a night's group or event), if any.
    parent: int | None = None
    audited: bool = False
    #: The owner takes no more writes to its nights (an event finished).
    frozen: bool = False
    #: An event's stage was asked of the write (:func:`begin_event`).
    decided: bool = False


@dataclass
class Write:
    """The versions one write transaction raised, by owner row: nights, and
    the groups and events they belong to (or the write changes)."""

    raised: dict[int, Raised] = field(default_factory=dict)
    #: The owner row of each night, group or event (kind, id) asked of this write.
    keys: dict[tuple[str, int], int] = field(default_factory=dict)
    #: Who makes it (a device's name), for the entries that name nobody.
    author: str | None = None


def author(by: str | None) -> None:
    """Name who makes the write under way: its entries that name nobody say so."""
    _write().author = by


def _write() -> Write:
    """The write under way (after :func:`start_write`)."""
    found = db.session().info.setdefault(_WRITE, Write())
    assert isinstance(found, Write)
    return found


def abandon() -> None:
    """Undo what a request began outside a unit of work: the views' answer to a refusal."""
    db.session.rollback()


@dataclass
class Unit:
    """One write under way (:func:`unit`): the request it carries out
    (``once``), what to remember of its answer, and, once committed, the
    twin request that carried it out first (``twin``: answer as it did)."""

    once: Once | None = None
    twin: Submission | None = None
    answer: dict[str, Any] | None = None
    cancelled: bool = False

    def remember(self, made: Any, status: int | None = None, response: Any = None) -> None:
        """Mark the request done, with its answer, in the same commit: what
        it made or changed (``made``) is a night, a group or an event, its
        row or its kind and id; the request's row names its owner row."""
        self.answer = {"made": made, "status": status, "response": response}

    def cancel(self) -> None:
        """Keep nothing of this write (a retry found done, a next night already
        started): leaving the unit rolls it back, the raised versions too."""
        self.cancelled = True


@contextmanager
def unit(once: Once | None = None) -> Iterator[Unit]:
    """One write, start to end: take the write lock now (check what can be
    checked before), then, inside, raise the versions (:func:`begin_night`,
    :func:`begin_group`, :func:`begin_event`) and write their entries.
    Leaving it cleanly remembers the request (:meth:`Unit.remember`) and
    commits; any exception rolls everything back and goes on."""
    session = db.session()
    assert _UNIT not in session.info, "one unit of work at a time"
    work = session.info[_UNIT] = Unit(once)
    try:
        start_write(session)
        yield work
        if work.cancelled:
            session.rollback()
            return
        if work.answer is not None:
            answer = work.answer
            remember(work.once, _owner_key(answer["made"]), answer["status"],
                     answer["response"])
        work.twin = commit(work.once)
    except BaseException:
        session.rollback()
        raise
    finally:
        session.info.pop(_UNIT, None)


def begin_night(table: GameTable, doing: Action | EventWrite, *, seen: int | None = None,
                stale: Words = STALE) -> int:
    """Start a write to ``table`` that does ``doing``: take the write lock,
    raise the night's version first (so writers queue behind each other and
    readers see that something changed) and its group's or event's, then ask
    the policy again, under the lock, whether the night's stage takes it
    (:func:`policy.stage_decide`: a night closed or an event finished since
    the request was let in), and, when the caller says which version it saw
    (``seen``), refuse a night changed since (the :func:`unit` rolls the
    raise back).  A write to an event that touches its tables (an
    :class:`EventWrite`: a ticket, a draw, the directors' devices) was asked
    of the event's stage by :func:`begin_event`, which must come first.
    Returns the version this write makes.  The raise (of the night's
    :class:`Owner`) returns the new version and one read the closed mark,
    set on ``table``, so the table is not loaded again.  The caller writes
    the version's entry (:func:`audit_night`)."""
    table_id = table_key(table)
    start_write(db.session)
    write = _write()
    key = write.keys.get((TABLE, table_id))
    if key is None:
        key, (closed_at,) = _raise(
            select(GameTable.owner_id).where(GameTable.id == table_id).scalar_subquery(),
            select(GameTable.closed_at).where(GameTable.id == table_id).scalar_subquery())
        write.keys[TABLE, table_id] = key
        for name, value in (("closed_at", closed_at), ("owner_id", key)):
            set_committed_value(table, name, value)
        held = db.session.identity_map.get(identity_key(Owner, key))
        if held is not None:
            set_committed_value(table, "owner", held)
        parent = write.raised[key].parent
        if parent is not None:
            if parent not in write.raised:
                _raise(parent)
            write.raised[key].frozen = write.raised[parent].frozen
    raised = write.raised[key]
    owner = write.raised[raised.parent] if raised.parent is not None else None
    if isinstance(doing, EventWrite):
        assert owner is not None and owner.kind == EVENT and owner.decided, \
            "a night's write for its event needs begin_event first"
    else:
        # the policy names a night's owner by the word its rows use ("group", "event")
        admission.stage_takes(table, doing, raised.version, frozen=raised.frozen,
                              owner=owner.kind if owner else Whose.OWN)
    if seen is not None and raised.version != seen + 1:
        raise Stale(said(stale), "version")
    as_made_on(TABLE, table_id, raised.version, stale,
               getattr(db.session.info.get(_UNIT), "once", None))  # a retry answers
    return raised.version


def begin_group(group_id: int, *, seen: int | None = None, stale: str = STALE) -> int:
    """Start a write to the group (its pages, its live share page and its
    settle-up compare versions): take the write lock and raise its version,
    once per write.  Returns the version this write makes; the caller (or
    the night's entry, :func:`audit_night`) writes its entry."""
    return begin_owner(GROUP, group_id, seen=seen, stale=stale)


def begin_owner(kind: str, row_id: int, *, seen: int | None = None,
                stale: str = STALE) -> int:
    """Start a write to the owner of nights ``row_id`` of ``kind`` (a group,
    or any kind whose own writes its stage doesn't refuse): take the write
    lock and raise its version, once per write.  Returns the version this
    write makes; the caller (or the night's entry) writes its entry
    (:func:`audit_owner`)."""
    return _raise_owner(kind, row_id, seen, stale)


def begin_event(event_id: int, doing: EventWrite, *, seen: int | None = None,
                stale: str = STALE) -> int:
    """Start a write to the event (its leaderboard and seat board are kept per
    version): take the write lock and raise its version, once per write, and
    refuse what the event's stage doesn't take (:func:`policy.event_decide`:
    a finished event takes nothing but its reopening and its directors).
    Returns the version this write makes; the caller (or the night's entry,
    :func:`audit_night`) writes its entry."""
    version = _raise_owner(EVENT, event_id, seen, stale)
    admission.event_takes(event_id, doing)
    _write().raised[_key(EVENT, event_id)].decided = True
    return version


def _raise_owner(kind: str, row_id: int, seen: int | None, stale: str) -> int:
    """A group's or an event's (``kind``) version raised once in this write
    (the lock taken first: taking it starts the write afresh), and refused
    when the caller saw another version."""
    start_write(db.session)
    key = _key(kind, row_id)
    raised = _write().raised.get(key)
    if raised is None:
        _raise(key)
        raised = _write().raised[key]
    if seen is not None and raised.version != seen + 1:
        raise Stale(stale, "version")
    as_made_on(kind, row_id, raised.version, stale,
               getattr(db.session.info.get(_UNIT), "once", None))
    return raised.version


def _key(kind: str, row_id: int) -> int:
    """The owner row of the night, group or event (``kind``) ``row_id``
    (read once per write)."""
    write = _write()
    key = write.keys.get((kind, row_id))
    if key is None:
        model = registry.rows(kind).model
        key = db.session.scalar(select(model.owner_id).where(model.id == row_id))
        if key is None:
            raise NotFound(f"No such {registry.rows(kind).noun}")
        write.keys[kind, row_id] = key
    return key


def _owner_key(made: Any) -> int | None:
    """The owner row of what a request made or changed: a row (a night, a
    group, an event) or its kind and id."""
    if made is None:
        return None
    if isinstance(made, tuple):
        return _key(*made)
    loaded = inspect(made).dict.get("owner_id")  # a row just made, or read
    return int(loaded) if loaded is not None else _key(registry.by_model(type(made)).word,
                                                      table_key(made))


def _raise(key: Any, *also: Any) -> tuple[int, tuple[Any, ...]]:
    """Raise the version of the :class:`Owner` row ``key`` (its id, or a
    subquery giving it) once in this write and tell the version board, in
    one statement that also returns whether the owner is frozen (an event
    finished) and the columns ``also`` (subqueries of the owner's own row,
    by its id: a night's closed mark).  What it returns is set on the owner's row this
    session holds (so it is not read again).  Returns the row's id and the
    values of ``also``."""
    # Subqueries of the row by ``key``, never correlated to the updated row:
    # SQLite writes RETURNING's columns unqualified, so a correlated
    # "owner_id = owner.id" would read as the subquery's own "owner_id = id".
    frozen = [select(kind.rows.frozen).where(kind.rows.model.owner_id == key).scalar_subquery()
              for kind in registry.KINDS.values() if kind.rows.frozen is not None]
    found = db.session.execute(
        update(Owner).where(Owner.id == key).values(version=Owner.version + 1)
        .returning(Owner.id, Owner.kind, Owner.version, Owner.view_token, Owner.parent_id,
                   Owner.created_at, func.coalesce(*frozen, null()), *also)
        # what it returns is set below: the ORM must not apply the raise again
        .execution_options(synchronize_session=False)).one()
    owner_id, kind, version, token, parent, created, stopped = found[:7]
    changed(db.session(), token)
    held = db.session.identity_map.get(identity_key(Owner, owner_id))
    if held is not None:
        for name, value in (("kind", kind), ("version", version), ("view_token", token),
                            ("parent_id", parent), ("created_at", created)):
            set_committed_value(held, name, value)
        above = (None if parent is None
                 else db.session.identity_map.get(identity_key(Owner, parent)))
        if parent is None or above is not None:
            set_committed_value(held, "parent", above)
    _write().raised[owner_id] = Raised(kind, version, parent, frozen=stopped is not None)
    return int(owner_id), tuple(found[7:])


def audit_night(table: GameTable, action: str, summary: str, number: int | None = None,
                before: dict[str, Any] | None = None, after: dict[str, Any] | None = None,
                hand_id: int | None = None, by: str | None = None) -> None:
    """The one audit entry of the version this write made (same transaction):
    what, which hand (number and id), the version and the device.  The
    night's group or event, raised with it, gets the same words unless this
    write already gave it its own."""
    table_id = table_key(table)
    key = _write().keys.get((TABLE, table_id))
    assert key is not None, "audit_night needs begin_night first"
    raised = _entry_of(key, f"table {table_id}")
    by = by or _write().author
    db.session.add(AuditEntry(owner_id=key, action=action, hand_number=number,
                              hand_id=hand_id, version=raised.version,
                              by=by[:AUDIT_BY] if by else None, summary=summary[:AUDIT_SUMMARY],
                              before=before, after=after, at=utcnow()))
    parent = raised.parent
    if parent is not None and not _write().raised[parent].audited:
        _audit_key(parent, action, f"{table.name}: {summary}", by)


def audit_created(table: GameTable, action: str, summary: str) -> None:
    """The entry of a night this write creates (its version 0: no version
    was raised, so catch-up never reads it)."""
    assert table.version in (0, None)
    db.session.add(AuditEntry(owner=table.owner, action=action, version=0,
                              summary=summary[:300], at=utcnow()))


def audit_group(group_id: int, action: str, summary: str, by: str | None = None) -> None:
    audit_owner(GROUP, group_id, action, summary, by)  # the group version's one entry


def audit_event(event_id: int, action: str, summary: str, by: str | None = None,
                after: dict[str, Any] | None = None) -> None:
    """The one entry of the event version this write made (``after``: what
    the change left, kept with the entry)."""
    audit_owner(EVENT, event_id, action, summary, by, after)


def audit_owner(kind: str, row_id: int, action: str, summary: str,
                by: str | None = None, after: dict[str, Any] | None = None) -> None:
    """The one entry of the version this write made of the owner ``row_id``
    of ``kind`` (a group, an event or a registered kind: the history's word
    for it), raised by its own begin or with one of its nights."""
    key = _key(kind, row_id)
    assert key in _write().raised, f"audit_{kind} needs begin_{kind} first"
    _audit_key(key, action, summary, by, after)


def _audit_key(key: int, action: str, summary: str, by: str | None,
               after: dict[str, Any] | None = None) -> None:
    raised = _entry_of(key, f"owner {key}")
    db.session.add(AuditEntry(owner_id=key, action=action, version=raised.version,
                              by=by[:AUDIT_BY] if by else None,
                              summary=summary[:AUDIT_SUMMARY], after=after, at=utcnow()))


def _entry_of(key: int, name: str) -> Raised:
    """The version raised for owner row ``key``, its one entry now being written."""
    raised = _write().raised.get(key)
    assert raised is not None, f"{name}: an audit entry without its raised version"
    assert not raised.audited, f"{name}: a second audit entry for one version"
    raised.audited = True
    return raised


def unaudited(session: Session) -> list[str]:
    """The versions the session's write raised without their audit entry."""
    write = session.info.get(_WRITE)
    if write is None:
        return []
    named = {key: f"{kind} {row_id}" for (kind, row_id), key in write.keys.items()}
    return [f"{named.get(key, f'{r.kind} (owner {key})')} version {r.version}"
            for key, r in write.raised.items() if not r.audited]


@event.listens_for(Session, "before_commit")
def _every_version_audited(session: Session) -> None:
    missing = unaudited(session)
    if missing:
        raise AssertionError("A write raised a version without an audit entry: "
                             + ", ".join(missing))


@event.listens_for(Session, "after_commit")
@event.listens_for(Session, "after_soft_rollback")
def _write_done(session: Session, *_: object) -> None:
    session.info.pop(_WRITE, None)
