"""Database tables (typed SQLAlchemy 2 models).  Rows only: no scoring, no
URLs.  Balances, doublers and the next dealer are never stored; they are
replayed from the ordered hands by the rules engine.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, Any, ClassVar

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import JSON, ForeignKey, Index, String, UniqueConstraint, select
from sqlalchemy.orm import DeclarativeBase, Mapped, declared_attr, mapped_column, relationship


class Base(DeclarativeBase):
    """Declarative base shared by every model."""


db = SQLAlchemy(model_class=Base)

if TYPE_CHECKING:
    Model = Base
else:
    Model = db.Model


def utcnow() -> datetime:
    """Timezone-aware now, for timestamps."""
    return datetime.now(UTC)


#: The owners of nights, as the grants, codes and history entries name them.
TABLE, GROUP, EVENT = "table", "group", "event"


class Owner(Model):
    """What every owner of nights has, whatever its kind, one row each: a
    night, a group and an event each point at theirs (``owner_id``), and
    the grants, codes and history kept for it point here too.  Its
    ``kind`` (:data:`TABLE`, :data:`GROUP`, :data:`EVENT`), the owner it
    belongs to in the tree (``parent``: a group's or a tournament's night
    has its group's or event's; the others none), the share token its link
    carries, its version (raised once by every write to it,
    :mod:`scorekeeper.services.writes`) and when it was made."""

    __tablename__ = "owner"

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))
    parent_id: Mapped[int | None] = mapped_column(
        ForeignKey("owner.id", name="fk_owner_parent_id"), default=None, index=True)
    view_token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    version: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    #: Loaded with it, also when it is loaded with its night (join_depth counts
    #: from the night): whose the night is, without another query.
    parent: Mapped[Owner | None] = relationship(remote_side=[id], lazy="joined", join_depth=2)


#: Each kind of owner's model, by its word (filled in as each is declared:
#: :class:`HasOwner`).
OWNER_MODELS: dict[str, Any] = {}


class _OwnerFact:
    """One of what every owner has (:class:`Owner`'s columns), read through a
    night's, a group's or an event's row.  It is written on the owner row
    (``table.owner.view_token = ...``), and a query asks the :class:`Owner`
    itself (join it): at class level this is no column."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, row: Any, cls: type | None = None) -> Any:
        if row is None:
            raise AttributeError(f"{self.name} is the Owner's: join Owner and ask Owner."
                                 f"{self.name}")
        return getattr(row.owner, self.name)

    def __set__(self, row: Any, value: Any) -> None:
        raise AttributeError(f"{self.name} is the Owner's: set it on the owner row")


class HasOwner:
    """A row that owns nights (a night, a group, an event): its
    :class:`Owner` row, loaded with it, carries its share token, version
    and creation time.  A kind of owner is a model with this and its word
    (``owner_kind``)."""

    owner_kind: ClassVar[str]
    if TYPE_CHECKING:
        __tablename__: str

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "owner_kind" in cls.__dict__:
            OWNER_MODELS[cls.owner_kind] = cls

    @declared_attr
    def owner_id(cls) -> Mapped[int]:
        # the column itself, not its name: a kind's table may live in other metadata
        return mapped_column(ForeignKey(Owner.__table__.c.id,
                                        name=f"fk_{cls.__tablename__}_owner_id"),
                             unique=True, index=True)

    @declared_attr
    def owner(cls) -> Mapped[Owner]:
        return relationship(Owner, lazy="joined", innerjoin=True)

    if TYPE_CHECKING:  # read through the owner row (:data:`OWNER_FACTS`)
        @property
        def view_token(self) -> str: ...

        @property
        def version(self) -> int: ...

        @property
        def created_at(self) -> datetime: ...


#: What every owner has, kept once on its :class:`Owner` row and read through
#: a night's, a group's or an event's own row.
OWNER_FACTS = ("view_token", "version", "created_at")
for _fact in OWNER_FACTS:
    setattr(HasOwner, _fact, _OwnerFact(_fact))


def new_owner(kind: str, view_token: str, parent: Owner | None = None) -> Owner:
    """A new owner of ``kind`` (not yet added), its share token ``view_token``."""
    return Owner(kind=kind, view_token=view_token, parent=parent, version=0,
                 created_at=utcnow())


class Owned:
    """Rows kept for one owner of nights (a grant, a code, a history entry):
    its :class:`Owner`."""

    if TYPE_CHECKING:
        __tablename__: str

    @declared_attr
    def owner_id(cls) -> Mapped[int]:
        return mapped_column(ForeignKey("owner.id", name=f"fk_{cls.__tablename__}_owner_id"))

    @declared_attr
    def owner(cls) -> Mapped[Owner]:
        return relationship(Owner, foreign_keys=[cls.owner_id])  # type: ignore[list-item]

    @classmethod
    def of(cls, kind: str, row_id: Any) -> Any:
        """The condition that a row is kept for the ``kind`` (its word) ``row_id``."""
        model = OWNER_MODELS[kind]
        return cls.owner_id == select(model.owner_id).where(model.id == row_id).scalar_subquery()

    @classmethod
    def of_kind(cls, kind: str) -> Any:
        """The condition that a row is kept for an owner of ``kind``."""
        return cls.owner_id.in_(select(Owner.id).where(Owner.kind == kind))


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


class Event(HasOwner, Model):
    """A tournament: its players, sessions of drawn tables (each table of a
    session an ordinary night under the event's frozen rules, played for
    points), its payout plan and tie-breaks, and its own director grants and
    share token, as a group has."""

    __tablename__ = "event"
    owner_kind = EVENT

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    played_on: Mapped[date]
    preset: Mapped[str] = mapped_column(String(40))
    #: Frozen at creation: every table of every session plays these.
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    sessions: Mapped[int]
    #: How long a table plays a session, one of the two: rounds of the deal
    #: (every player at a table deals as often) or a fixed number of hands
    #: at every table, whatever its size (``event_progress.deals_due``).
    rounds: Mapped[int | None] = mapped_column(default=None)
    hands: Mapped[int | None] = mapped_column(default=None)
    entry_cents: Mapped[int] = mapped_column(default=0)
    #: Percent of the prize pool to each place, first place first.
    places: Mapped[list[int]] = mapped_column(JSON)
    #: Percent of the pool to each session's top scorer.
    session_high: Mapped[int] = mapped_column(default=0)
    #: Percent of the entries paid out as prizes (the rest is the house's).
    share: Mapped[int] = mapped_column(default=90)
    tie_breaks: Mapped[list[str]] = mapped_column(JSON)
    #: What a player count that can't be seated at full tables gets.
    odd: Mapped[str] = mapped_column(String(10), default="byes")
    #: Each table's players sign its result once its session is done.
    signatures: Mapped[bool] = mapped_column(default=False)
    finished_at: Mapped[datetime | None] = mapped_column(default=None)

    editors: Mapped[list[Editor]] = relationship(
        primaryjoin="foreign(Editor.owner_id) == Event.owner_id",
        order_by="Editor.id", viewonly=True)
    players: Mapped[list[EventPlayer]] = relationship(
        order_by="EventPlayer.number", cascade="all, delete-orphan")


class EventPlayer(Model):
    """A registered player: a number that never changes, a name, and a
    contact that only the director's pages ever show."""

    __tablename__ = "event_player"
    __table_args__ = (UniqueConstraint("event_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id"), index=True)
    number: Mapped[int]
    name: Mapped[str] = mapped_column(String(40))
    #: Private: the director's pages only, never a share page or the standings.
    contact: Mapped[str | None] = mapped_column(String(120), default=None)
    checked_in: Mapped[bool] = mapped_column(default=False)
    #: The first session they play (a late arrival), and the last one before
    #: they withdrew (their results are kept).
    from_session: Mapped[int] = mapped_column(default=1)
    withdrawn_after: Mapped[int | None] = mapped_column(default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class EventSession(Model):
    """One session's draw: its seed, how many pairs of players meet again and
    who had a bye (player numbers)."""

    __tablename__ = "event_session"
    __table_args__ = (UniqueConstraint("event_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id"), index=True)
    number: Mapped[int]
    seed: Mapped[int]
    repeated_pairs: Mapped[int] = mapped_column(default=0)
    byes: Mapped[list[int]] = mapped_column(JSON)
    drawn_at: Mapped[datetime] = mapped_column(default=utcnow)


class EventTable(Model):
    """Table ``number`` of one session: the night it is played as."""

    __tablename__ = "event_table"
    __table_args__ = (UniqueConstraint("event_id", "session", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id"), index=True)
    session: Mapped[int]
    number: Mapped[int]
    night_id: Mapped[int] = mapped_column(ForeignKey("game_table.id"), index=True)
    #: The director has accepted the table's result for the session.
    done: Mapped[bool] = mapped_column(default=False)
    #: The director opened the table again after it played its hands: it is
    #: not done (its phone corrects its hands) until he says it is.
    opened: Mapped[bool] = mapped_column(default=False)


class EventPenalty(Model):
    """Points off one player in one session (not zero-sum), and why."""

    __tablename__ = "event_penalty"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("event_player.id"), index=True)
    session: Mapped[int]
    points: Mapped[int]
    reason: Mapped[str] = mapped_column(String(200))
    by: Mapped[str | None] = mapped_column(String(80), default=None)
    at: Mapped[datetime] = mapped_column(default=utcnow)


class EventTicket(Model):
    """A table's session totals from its paper ticket (they sum to zero):
    they stand instead of the table's recorded hands."""

    __tablename__ = "event_ticket"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_table_id: Mapped[int] = mapped_column(ForeignKey("event_table.id"), unique=True)
    totals: Mapped[dict[str, int]] = mapped_column(JSON)
    by: Mapped[str | None] = mapped_column(String(80), default=None)
    at: Mapped[datetime] = mapped_column(default=utcnow)


class TableSignature(Model):
    """One player at a tournament table agreeing to (or disputing) the
    table's session totals as they stood when they tapped their name: the
    latest of each seat counts while the totals are still those (a
    correction since asks the table again).  Rows are only added, so the
    table's history of signing stays whole."""

    __tablename__ = "table_signature"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_table_id: Mapped[int] = mapped_column(ForeignKey("event_table.id"), index=True)
    seat: Mapped[int]
    name: Mapped[str] = mapped_column(String(40))
    agrees: Mapped[bool]
    #: The table's totals in seat order, as they were signed.
    totals: Mapped[list[int]] = mapped_column(JSON)
    note: Mapped[str | None] = mapped_column(String(200), default=None)
    by: Mapped[str | None] = mapped_column(String(80), default=None)
    at: Mapped[datetime] = mapped_column(default=utcnow)


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
    #: What the request made or changed: a table, or (starting one) a group or an event.
    table_id: Mapped[int | None] = mapped_column(ForeignKey("game_table.id"), index=True)
    group_id: Mapped[int | None] = mapped_column(
        ForeignKey("player_group.id", name="fk_submission_group_id"), default=None)
    event_id: Mapped[int | None] = mapped_column(
        ForeignKey("event.id", name="fk_submission_event_id"), default=None)
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
