"""Database tables (typed SQLAlchemy 2 models).  Rows only: no scoring, no
URLs.  Balances, doublers and the next dealer are never stored; they are
replayed from the ordered hands by the rules engine.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, LargeBinary, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorekeeper.db.base import EVENT as EVENT
from scorekeeper.db.base import GROUP as GROUP
from scorekeeper.db.base import OWNER_FACTS as OWNER_FACTS
from scorekeeper.db.base import OWNER_MODELS as OWNER_MODELS
from scorekeeper.db.base import TABLE as TABLE
from scorekeeper.db.base import Base as Base
from scorekeeper.db.base import HasOwner as HasOwner
from scorekeeper.db.base import Model as Model
from scorekeeper.db.base import Owned as Owned
from scorekeeper.db.base import Owner as Owner
from scorekeeper.db.base import db as db
from scorekeeper.db.base import new_owner as new_owner
from scorekeeper.db.base import utcnow as utcnow
from scorekeeper.db.event_models import Event as Event
from scorekeeper.db.event_models import EventPenalty as EventPenalty
from scorekeeper.db.event_models import EventPlayer as EventPlayer
from scorekeeper.db.event_models import EventSession as EventSession
from scorekeeper.db.event_models import EventTable as EventTable
from scorekeeper.db.event_models import EventTicket as EventTicket
from scorekeeper.db.event_models import TableSignature as TableSignature
from scorekeeper.db.event_models import TicketPhoto as TicketPhoto


class Group(HasOwner, Model):
    """Regular players and the nights they play: its members (one row a
    person, across nights), the rules and stake its next night starts with,
    and its own edit grants and share token, as a table has."""

    __tablename__ = "player_group"
    owner_kind = GROUP

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    preset: Mapped[str] = mapped_column(String(40))
    #: The house rules the next night starts with: only the options that
    #: differ from the preset (as a night's start page takes them).
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    stake_cents: Mapped[int]
    #: Whether the group keeps a skill rating beside the money (its season
    #: pages, members' pages and the API show one); the organiser may turn
    #: it off, and back on: nothing it reads is lost meanwhile.
    rating: Mapped[bool] = mapped_column(default=True)

    members: Mapped[list[Member]] = relationship(
        back_populates="group", order_by="Member.id", cascade="all, delete-orphan")
    editors: Mapped[list[Editor]] = relationship(
        primaryjoin="foreign(Editor.owner_id) == Group.owner_id",
        order_by="Editor.id", viewonly=True)


class Member(Model):
    """One person of a group; a night's players are the members by name."""

    __tablename__ = "member"
    __table_args__ = (UniqueConstraint("group_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("player_group.id"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    joined_at: Mapped[datetime] = mapped_column(default=utcnow)
    #: Their payment handle (:mod:`scorekeeper.ledger.pay`), kept for every
    #: night of the group: for the scorekeeper's pages only, never shared.
    pay_service: Mapped[str | None] = mapped_column(String(10), default=None)
    pay_handle: Mapped[str | None] = mapped_column(String(30), default=None)

    group: Mapped[Group] = relationship(back_populates="members")
    #: Other spellings of the name that the group's sheets used, remembered.
    aliases: Mapped[list[MemberAlias]] = relationship(
        back_populates="member", cascade="all, delete-orphan", order_by="MemberAlias.id")


class MemberAlias(Model):
    """Another spelling of a member's name ("Jacob Buysse" for Jake) that the
    organiser confirmed when a sheet was brought in: the next sheet that
    spells it so is matched to the member by itself.  The import that taught
    it is kept, so taking the import back forgets it too."""

    __tablename__ = "member_alias"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("player_group.id"), index=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("member.id"), index=True)
    alias: Mapped[str] = mapped_column(String(40))
    import_id: Mapped[int | None] = mapped_column(ForeignKey("sheet_import.id"),
                                                  default=None)
    at: Mapped[datetime] = mapped_column(default=utcnow)

    member: Mapped[Member] = relationship(back_populates="aliases")


class GameTable(HasOwner, Model):
    """One night at one card table: its players, frozen rules and hands."""

    __tablename__ = "game_table"
    owner_kind = TABLE

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    preset: Mapped[str] = mapped_column(String(40))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    stake_cents: Mapped[int]
    closed_at: Mapped[datetime | None] = mapped_column(default=None)
    #: The night started from this one ("new night with the same players and
    #: rules"), so the people watching this night's share link can follow on.
    next_table_id: Mapped[int | None] = mapped_column(
        ForeignKey("game_table.id", name="fk_game_table_next_table_id"), default=None)
    #: The group whose night this is (None: a night on its own), and its date.
    group_id: Mapped[int | None] = mapped_column(
        ForeignKey("player_group.id", name="fk_game_table_group_id"), default=None, index=True)
    played_on: Mapped[date | None] = mapped_column(default=None)
    #: How a group's closed night was settled: "table" (paid at the table),
    #: "carried" (owed until the group settles) or "group" (carried, then paid
    #: with the group's settle-up at ``settled_at``).
    settled: Mapped[str | None] = mapped_column(String(10), default=None)
    settled_at: Mapped[datetime | None] = mapped_column(default=None)
    #: The event whose table of one session this night is (None: not an event's).
    event_id: Mapped[int | None] = mapped_column(
        ForeignKey("event.id", name="fk_game_table_event_id"), default=None, index=True)
    #: A night of totals: each player's points for the night as written on
    #: paper (a group's history brought in from a spreadsheet), standing
    #: instead of hands, which it has none of; None: a night of hands.  Read
    #: it through :func:`scorekeeper.services.nights.paper.totals_of`.
    totals: Mapped[dict[str, int] | None] = mapped_column(JSON(none_as_null=True), default=None)
    #: The import that wrote this night for a group it hasn't made yet (the
    #: import's job, :mod:`scorekeeper.services.groups.unclaimed`); None once
    #: the group holds it, and for every other night.
    unclaimed_by: Mapped[str | None] = mapped_column(String(32), default=None, index=True)

    players: Mapped[list[Player]] = relationship(
        back_populates="table", order_by="Player.seat", cascade="all, delete-orphan")
    hands: Mapped[list[HandRow]] = relationship(
        back_populates="table", order_by="HandRow.position", cascade="all, delete-orphan")
    editors: Mapped[list[Editor]] = relationship(
        primaryjoin="foreign(Editor.owner_id) == GameTable.owner_id",
        order_by="Editor.id", viewonly=True)
    audit: Mapped[list[AuditEntry]] = relationship(
        primaryjoin="foreign(AuditEntry.owner_id) == GameTable.owner_id",
        order_by="AuditEntry.id", viewonly=True)


class SheetImport(Model):
    """A group's history brought in from a spreadsheet: one change of the
    group (the version it made), the nights it made and the members it
    added, so that it can be undone whole; and when it was undone."""

    __tablename__ = "sheet_import"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("player_group.id"), index=True)
    filename: Mapped[str] = mapped_column(String(120))
    at: Mapped[datetime] = mapped_column(default=utcnow)
    by: Mapped[str | None] = mapped_column(String(80), default=None)
    #: The group's version the import made (its audit entry's).
    version: Mapped[int]
    #: The nights it made (game_table ids) and the members it added (member ids).
    nights: Mapped[list[int]] = mapped_column(JSON)
    members: Mapped[list[int]] = mapped_column(JSON)
    summary: Mapped[str] = mapped_column(String(300))
    undone_at: Mapped[datetime | None] = mapped_column(default=None)
    #: The group's version the undoing made.
    undone_version: Mapped[int | None] = mapped_column(default=None)


class StagedSheet(Model):
    """A spreadsheet uploaded to a group's import page, as read, kept on the
    server between the page's steps (the page names it by id) until the
    group's newer uploads or a day push it out
    (:mod:`scorekeeper.services.groups.sheets.staged`)."""

    __tablename__ = "staged_sheet"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("player_group.id"), index=True)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    #: The workbook as read (files.to_json).
    book: Mapped[str]
    #: A big sheet's preview as its job worked it out (pickled, without the
    #: workbook), and what it was asked (staged.preview_key): the page shows
    #: it, and each of its pages, without reading the sheet again.
    preview: Mapped[bytes | None] = mapped_column(LargeBinary, default=None)
    preview_key: Mapped[str | None] = mapped_column(String(64), default=None)


class KeptExport(Model):
    """A big group's file as exported at one version, kept in the database
    so every server process gives it without working it out again
    (:mod:`scorekeeper.services.groups.exports`): one a group, its newest."""

    __tablename__ = "kept_export"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("player_group.id"), unique=True)
    version: Mapped[int]
    at: Mapped[datetime] = mapped_column(default=utcnow)
    #: The file, as :func:`~scorekeeper.services.groups.exports.export_json` answers it.
    body: Mapped[str]


class Job(Model):
    """Long work a group or an event asked for, done off the request that
    asked (:mod:`scorekeeper.services.background.jobs`): bringing in or taking
    back a big sheet, reading a session's ticket photos.  The page and the API
    follow it by id: how far it is and, once done, its answer (the status and
    body the request would have had).  Its owner is one of the two."""

    __tablename__ = "job"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int | None] = mapped_column(ForeignKey("player_group.id"), index=True,
                                                 default=None)
    event_id: Mapped[int | None] = mapped_column(ForeignKey("event.id"), index=True,
                                                 default=None)
    kind: Mapped[str] = mapped_column(String(20))
    #: waiting, working, done (answered 2xx) or refused (answered 4xx/5xx).
    state: Mapped[str] = mapped_column(String(10), default="waiting")
    stage: Mapped[str] = mapped_column(String(80), default="")
    done: Mapped[int] = mapped_column(default=0)
    total: Mapped[int] = mapped_column(default=0)
    #: The request carried out once (a digest of its Once): a retry finds this job.
    once: Mapped[str | None] = mapped_column(String(64), default=None, unique=True)
    #: What the page sent, to show the preview again after a refusal.
    asked: Mapped[list[list[str]] | None] = mapped_column(JSON, default=None)
    status: Mapped[int | None] = mapped_column(default=None)
    answer: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(default=None)


class Player(Model):
    """A player at a table, in seat order; ``present`` is False after leaving."""

    __tablename__ = "player"
    __table_args__ = (UniqueConstraint("table_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_table.id"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    seat: Mapped[int]
    present: Mapped[bool] = mapped_column(default=True)
    #: Their payment handle for this night (else their group member's):
    #: for the scorekeeper's pages only, never shared.
    pay_service: Mapped[str | None] = mapped_column(String(10), default=None)
    pay_handle: Mapped[str | None] = mapped_column(String(30), default=None)

    table: Mapped[GameTable] = relationship(back_populates="players")


class HandRow(Model):
    """One recorded hand: the engine's Hand fields as JSON, at a position."""

    __tablename__ = "hand"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_table.id"), index=True)
    position: Mapped[int]
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    table: Mapped[GameTable] = relationship(back_populates="hands")


class Editor(Owned, Model):
    """A device or client allowed to change one owner of nights (a table, a
    group or an event: ``owner`` and ``owner_id``); only a hash of its token
    is kept.  One table for every owner, so a new owner is a new word."""

    __tablename__ = "editor"
    __table_args__ = (Index("ix_editor_owner", "owner_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    label: Mapped[str] = mapped_column(String(80))
    #: What the grant is for (``policy.Role``: a scorekeeper, a tournament
    #: table's phone, a director): with its owner's kind, the credential it proves.
    role: Mapped[str] = mapped_column(String(10))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(default=None)
    #: The director (an event's editor) whose draw or printed code granted it
    #: (a tournament table's phone): revoking that director ends it too.
    director_id: Mapped[int | None] = mapped_column(
        ForeignKey("editor.id", name="fk_editor_director_id"), default=None, index=True)


class AuditEntry(Owned, Model):
    """One change to an owner of nights (a night, a group, an event) and the
    version it made, exactly one entry per version: what, when, by which
    device, and for a night's hand its number, id, and the hand before and
    after.  One history for every owner."""

    __tablename__ = "audit_entry"
    #: Catching up with other processes' changes reads the entries after a version.
    __table_args__ = (Index("ix_audit_entry_owner_version", "owner_id", "version"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    action: Mapped[str] = mapped_column(String(20))
    hand_number: Mapped[int | None] = mapped_column(default=None)
    #: The hand's id, which never changes (its number does, on insert and delete).
    hand_id: Mapped[int | None] = mapped_column(default=None)
    #: The owner's version this change made, and the device that made it.
    version: Mapped[int | None] = mapped_column(default=None)
    by: Mapped[str | None] = mapped_column(String(80), default=None)
    summary: Mapped[str] = mapped_column(String(300))
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)


class Submission(Model):
    """A request already carried out, so doing it again does nothing new: a
    form's one-time token (a double-tapped save records one hand, a
    double-tapped start makes one table), or an API client's Idempotency-Key
    with a digest of its body and the answer it got (repeated within 24 h).
    """

    __tablename__ = "submission"

    token: Mapped[str] = mapped_column(String(200), primary_key=True)
    #: What the request made or changed: the owner row of a night, a group
    #: or an event (whichever kind of owner it is).
    owner_id: Mapped[int | None] = mapped_column(
        ForeignKey("owner.id", name="fk_submission_owner_id"), index=True, default=None)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    fingerprint: Mapped[str | None] = mapped_column(String(64), default=None)
    status: Mapped[int | None] = mapped_column(default=None)
    response: Mapped[Any] = mapped_column(JSON, nullable=True, default=None)


class Payment(Model):
    """Money that changed hands during the night (a player who left settled
    early); the final settle-up counts it, so nobody is paid twice."""

    __tablename__ = "payment"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_table.id"), index=True)
    payer: Mapped[str] = mapped_column(String(40))
    payee: Mapped[str] = mapped_column(String(40))
    cents: Mapped[int]
    at: Mapped[datetime] = mapped_column(default=utcnow)


class Handover(Owned, Model):
    """A one-time code that lets one more device change an owner of nights
    (a table's "take over scoring", a group's "run the group", a
    co-director's code, a tournament table's card): opening it on another
    phone makes that phone an editor, once.  Only a hash of the code is
    kept; ``used_at`` is set by the claim, and an unused code dies at
    ``expires_at``.
    """

    __tablename__ = "handover"
    __table_args__ = (Index("ix_handover_owner", "owner_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None] = mapped_column(default=None)
    #: The grant the code became.
    editor_id: Mapped[int | None] = mapped_column(
        ForeignKey("editor.id"), default=None)
    #: The director who issued it (a tournament table's card): the phone that
    #: claims it is that director's grant, and revoking him ends both.
    director_id: Mapped[int | None] = mapped_column(
        ForeignKey("editor.id", name="fk_handover_director_id"), default=None, index=True)

    editor: Mapped[Editor | None] = relationship(foreign_keys=[editor_id])


# No id is ever used twice: a row deleted (a hand, a penalty withdrawn, a
# seat, a code) keeps its id retired.  PostgreSQL's sequences never go back;
# SQLite hands out the highest id + 1 unless a table says AUTOINCREMENT.
for _table in Base.metadata.tables.values():
    _table.dialect_kwargs["sqlite_autoincrement"] = True
