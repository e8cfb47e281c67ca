"""An event's tables: the tournament, its registered players, its sessions
and their drawn tables (each an ordinary night), its penalties, paper
tickets and the tables' signatures.  Re-exported by :mod:`.models`."""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, ForeignKey, LargeBinary, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorekeeper.db.base import EVENT, HasOwner, Model, utcnow

if TYPE_CHECKING:
    from scorekeeper.db.models import Editor


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
    #: The prize plan as data (:func:`scorekeeper.ledger.prize_data.from_dict`):
    #: fixed amounts, percents and weights, consolations, rounding,
    #: eligibility.  None: the plain plan of ``places``, ``session_high``
    #: and ``share``.
    prize_plan: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    #: Each drawing side pot's draw: its key → {"seed", "order" (numbers drawn)}.
    side_draws: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
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
    #: The keys of the prize plan's side pots he paid into (None: none).
    side_pots: Mapped[list[str] | None] = mapped_column(JSON, default=None)
    #: The number of the player this registration turned out to be a second
    #: one of: it plays no more, pays nothing into the pot and wins nothing.
    duplicate_of: Mapped[int | None] = mapped_column(default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    #: One more at each change (check-in, withdrawal, name): the version a
    #: page's forms for him name, so that one sent from an older page is refused.
    version: Mapped[int] = mapped_column(default=1, server_default="1")


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
    """Points off one player in one session (not zero-sum), and why.  A
    withdrawn one is kept, saying who withdrew it, when and why: it counts
    for nothing, and its id is never anyone else's."""

    __tablename__ = "event_penalty"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("event_player.id"), index=True)
    session: Mapped[int]
    points: Mapped[int]
    reason: Mapped[str] = mapped_column(String(200))
    by: Mapped[str | None] = mapped_column(String(80), default=None)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    withdrawn_at: Mapped[datetime | None] = mapped_column(default=None)
    withdrawn_by: Mapped[str | None] = mapped_column(String(80), default=None)
    withdrawn_why: Mapped[str | None] = mapped_column(String(200), default=None)


class EventTicket(Model):
    """A table's session totals from its paper ticket (they sum to zero):
    they stand instead of the table's recorded hands."""

    __tablename__ = "event_ticket"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_table_id: Mapped[int] = mapped_column(ForeignKey("event_table.id"), unique=True)
    totals: Mapped[dict[str, int]] = mapped_column(JSON)
    by: Mapped[str | None] = mapped_column(String(80), default=None)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    #: One more at each correction: the version a page's Correct or Withdraw
    #: names, so that one made from an older page than the ticket is refused.
    version: Mapped[int] = mapped_column(default=1, server_default="1")


class TicketPhoto(Model):
    """A photo of one of a session's paper tickets and what was read from it
    (:mod:`scorekeeper.tickets`): it waits for the director, who confirms it
    as the table's ticket (typing any total it asks for) or sets it aside.
    The photo's own bytes are kept only until it is read; what stays is a
    smaller copy without its metadata, and the ticket's block made flat."""

    __tablename__ = "ticket_photo"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id"), index=True)
    session: Mapped[int]
    #: The table its QR names (None until read, or if it names none here).
    table: Mapped[int | None] = mapped_column(default=None)
    #: waiting, read (nothing to ask), asked, refused, confirmed or set_aside.
    state: Mapped[str] = mapped_column(String(10), default="waiting")
    #: Why it can't be read, or why it was set aside.
    reason: Mapped[str | None] = mapped_column(String(300), default=None)
    #: Each seat's name, total (None: asked), confidence and why it is asked.
    reading: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    filename: Mapped[str] = mapped_column(String(120), default="")
    original: Mapped[bytes | None] = mapped_column(LargeBinary, default=None)
    photo: Mapped[bytes | None] = mapped_column(LargeBinary, default=None)
    rectified: Mapped[bytes | None] = mapped_column(LargeBinary, default=None)
    job_id: Mapped[int | None] = mapped_column(ForeignKey("job.id"), index=True, default=None)
    #: The paper ticket it became, once confirmed.
    ticket_id: Mapped[int | None] = mapped_column(ForeignKey("event_ticket.id"), default=None)
    by: Mapped[str | None] = mapped_column(String(80), default=None)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    #: One more at each change: the version its Confirm form names.
    version: Mapped[int] = mapped_column(default=1, server_default="1")


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
