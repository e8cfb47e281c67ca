"""A tournament table's progress in its session: how many deals it plays
(:func:`deals_due`, the one answer), how many it has dealt, whether it is
done and why, and who may join it mid-session.  Asked by the night's owner
hooks (:mod:`scorekeeper.services.kinds.event`), the standings
(:mod:`scorekeeper.services.events.scores`), the record form and the printed
cards and tickets.

A hand counts when it passes the deal: a void (or a throw-in the same
dealer deals again, or an adjustment) is recorded but dealt again, so it
is no deal of the session's.  Which hands pass the deal is the engine's to
say (:func:`scorekeeper.rules.replay` carries it for every hand).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from sqlalchemy import select

from scorekeeper.db.models import TABLE, Event, EventTable, EventTicket, GameTable, Player, db
from scorekeeper.policy.acl import Stage
from scorekeeper.rules import Night
from scorekeeper.services import Refused, ServiceError
from scorekeeper.services.events.event import plays_in
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.since import STALE_ADVICE, meanwhile


class Length(Protocol):
    """How long an event's tables play a session: an event, or a row read
    with its ``rounds`` and ``hands`` (one of the two is None)."""

    @property
    def rounds(self) -> int | None: ...

    @property
    def hands(self) -> int | None: ...


def deals_due(event: Length, players: int) -> int:
    """The deals a table of ``players`` plays in a session of ``event``: its
    fixed number of hands at any table (15 at five and at six), else its
    rounds of the deal × the players, so each deals as often (4 rounds: 20
    at five, 24 at six).  Every page and count of a session's deals asks this."""
    if event.hands is not None:
        return event.hands
    if event.rounds is None:
        raise ValueError("An event plays rounds of the deal or a number of hands")
    return event.rounds * players


def deals_passed(night: Night) -> int:
    """How many of the night's recorded hands passed the deal (a void,
    dealt again by the same dealer, passes none)."""
    return sum(1 for result in night.results if not result.carry.dealer_stays)


def hands_due(table: GameTable) -> int | None:
    """The deals a table of an event plays in its session (:func:`deals_due`);
    None for a night that isn't an event's."""
    row = db.session.execute(select(Event.rounds, Event.hands)
                             .where(Event.id == table.event_id)).first()
    return None if row is None else deals_due(row, len(table.players))


def table_stage(state: TableState) -> tuple[bool, tuple[Stage, str] | None]:
    """Whether the night's event is finished, and where the table stands in
    its session when it takes no more of its phone's hands, with why in the
    table's words: its paper ticket stands instead of its hands
    (:data:`Stage.TICKETED`: nobody changes them, the ticket is corrected
    instead), or it is done (:data:`Stage.DONE`: corrections are the
    director's).  None: it plays on.  One query, asked on every request that
    touches a tournament table's night (a night of no event: plays on)."""
    row = db.session.execute(
        select(EventTable.number, EventTable.done, EventTable.opened, Event.rounds,
               Event.hands, Event.finished_at,
               select(EventTicket.id).where(EventTicket.event_table_id == EventTable.id)
               .exists().label("ticket"))
        .join(Event, Event.id == EventTable.event_id)
        .where(EventTable.night_id == state.table.id)).first()
    if row is None:
        return False, None
    finished = row.finished_at is not None
    if row.ticket:
        return finished, (Stage.TICKETED, TICKETED_WORDS.format(number=row.number))
    if is_done(row, deals_passed(state.night), deals_due(row, len(state.players))):
        return finished, (Stage.DONE, f"Table {row.number} is done for this session: "
                                      "corrections are the director's")
    return finished, None


class Marks(Protocol):
    """What the director said of a table: done, or opened again."""

    @property
    def done(self) -> bool: ...

    @property
    def opened(self) -> bool: ...


def is_done(row: Marks, dealt: int, due: int) -> bool:
    """Whether a table is done for its session: the director said so, or it
    dealt its hands and he didn't open it again.  Every page and count asks this."""
    return row.done or (dealt >= due and not row.opened)


def check_more(state: TableState, passes_deal: bool, extra: bool) -> None:
    """Refuse a hand that would deal past the table's session (the director's
    too): a table plays its deals, and one more is recorded only when said
    to be an extra hand (``extra``).  A hand that passes no deal (a void, an
    adjustment) is no deal of the session's."""
    if not passes_deal or extra:
        return
    row = db.session.execute(
        select(EventTable.number, Event.rounds, Event.hands)
        .join(Event, Event.id == EventTable.event_id)
        .where(EventTable.night_id == state.table.id)).first()
    if row is None:
        return
    due = deals_due(row, len(state.players))
    if deals_passed(state.night) >= due:
        raise Refused(EXTRA_WORDS.format(number=row.number, due=due, next=due + 1),
                      Stage.DONE)


#: Why a hand past a table's session is refused unless it is an extra hand.
EXTRA_WORDS = ("Table {number} has played its {due} hands: record a hand {next} only as an "
               "extra hand")


#: Why a table with a paper ticket takes no hand, whoever sends it.
TICKETED_WORDS = ("Table {number}'s result is its paper ticket: its hands no longer count. "
                  "Correct the ticket instead (or withdraw it to score the hands)")


def check_joiner(night: GameTable, name: str) -> None:
    """Refuse a player joining a tournament table mid-session unless they are
    registered, play this session and sit at no other of its tables: the
    standings key a session's points by name, so an outsider or a player
    seated twice would take or overwrite someone's result."""
    row = db.session.scalar(select(EventTable).filter_by(night_id=night.id))
    if row is None:
        return
    event = db.session.get_one(Event, row.event_id)
    player = next((p for p in event.players if p.name == name), None)
    if player is None or not plays_in(player, row.session):
        raise ServiceError(f"{name} isn't a player of {event.name} in session {row.session}: "
                           "register and check them in first", "name")
    others = select(EventTable.night_id).where(EventTable.event_id == event.id,
                                               EventTable.session == row.session,
                                               EventTable.night_id != night.id)
    elsewhere = db.session.scalar(
        select(EventTable.number).join(Player, Player.table_id == EventTable.night_id)
        .where(EventTable.night_id.in_(others), Player.name == name).limit(1))
    if elsewhere is not None:
        raise ServiceError(f"{name} already sits at table {elsewhere} in session "
                           f"{row.session}: move them with a swap", "name")



@dataclass(frozen=True)
class Progress:
    """One table of a session: the deals it played (``hands``: a void is
    none) of those it is due, and done; the night's ``version`` its page
    forms name (:func:`table_changed`)."""

    session: int
    number: int
    night: int
    hands: int
    due: int
    done: bool
    ticket: bool
    version: int = 0



def table_points(row: EventTable, tickets: Mapping[int, dict[str, int]], event: Length,
                 night: GameTable) -> tuple[dict[str, int], Progress]:
    # The roster and the night come from what is kept per night version, so
    # a table that didn't change since the last work-out reads nothing more.
    state = TableState.load(night)
    due = deals_due(event, len(state.players))
    if row.id in tickets:
        return tickets[row.id], Progress(row.session, row.number, row.night_id, due, due,
                                         True, True, night.version)
    dealt = deals_passed(state.night)
    return dict(state.night.balances), Progress(
        row.session, row.number, row.night_id, dealt, due, is_done(row, dealt, due), False,
        night.version)


def table_changed(night: GameTable, number: int, shown: int | None) -> Callable[[], str]:
    """The words refusing a director's write to table ``number`` sent from a
    page that showed its night at version ``shown``: what changed since."""
    return lambda: (f"Table {number} changed since this page showed it. "
                    f"{meanwhile(TABLE, night.id, shown or 0)} {STALE_ADVICE}")


