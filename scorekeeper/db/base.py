"""What every table stands on: the declarative base and the app's
SQLAlchemy, and the owners of nights (:class:`Owner`, one row each for a
night, a group and an event, with what every owner has), and the rows kept
for one of them (:class:`Owned`).  The tables themselves are
:mod:`.models`'."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ClassVar

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import ForeignKey, String, select
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
