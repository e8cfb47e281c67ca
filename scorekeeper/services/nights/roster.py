"""Roster changes mid-night: a player joins (last, or at the seat after a
player), leaves or comes back, and the scorekeeper moves a player up or down
the seat order between hands.  Balances are replayed from the hands, so they
are kept whatever the roster does; a past hand keeps the dealer and seats it
was dealt with (they are stored with it), so a new seat order deals from the
next hand on: its dealer is the next player to the left of the last dealer,
in the new order.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import select

from scorekeeper.db import codec
from scorekeeper.db.models import GameTable, HandRow, Payment, Player, db
from scorekeeper.policy.acl import Action
from scorekeeper.rules import next_dealer
from scorekeeper.services import ServiceError, UnknownPlayer
from scorekeeper.services.checks import clean_players
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.once import Once
from scorekeeper.services.registry import owner_of
from scorekeeper.services.writes import audit_night, author, begin_night, unit

#: Moving a player one seat: up (to the right, towards the first seat) or down.
MOVES = {"up": -1, "down": 1}


def apply(state: TableState, action: str, name: str, after: str | None = None, *,
          seen: int | None = None, once: Once | None = None, by: str | None = None) -> str:
    """Do one roster action and commit it; returns what to tell the scorekeeper.
    A joiner sits after the player named ``after`` (none: in the last seat).
    ``seen`` is the night's version the request was made on (a roster change
    made on an older night is refused); ``once`` a request carried out once
    (its first answer, ``{"said": ...}``, is kept with the change); ``by``
    the device that asks, as the history names it."""
    change = _change(state, action, " ".join(name.split()), after)
    with unit(once) as work:
        # the change checks again on the roster as it is now
        begin_night(state.table, Action.ROSTER, seen=seen)
        author(by)
        said = change()
        work.remember(state.table, 200, {"said": said})
    return said


def _change(state: TableState, action: str, name: str, after: str | None
            ) -> Callable[[], str]:
    """The action, checked as far as it can be before the write lock is
    taken; what it returns makes it under the lock."""
    table = state.table
    if action == "join":
        after = " ".join((after or "").split()) or None
        _joiner(table, name)  # refuse before waiting
        owner_of(table).check_joiner(table, name)
        if after:
            _player(table, after, "after")
        return lambda: add_player(table, name, after)
    player = _player(table, name)
    if action == "leave":
        return lambda: leave(table, player, state.rules.seats)
    if action == "return":
        return lambda: come_back(table, player)
    if action in MOVES:
        _neighbour(table, player, action)  # refuse before waiting
        return lambda: move(state, player, action)
    raise ServiceError("Choose join, leave, return, up or down", "action")


def _joiner(table: GameTable, name: str) -> list[str]:
    """The table's names with ``name`` joining last; a refusal (a name taken, a
    look-alike, a full table) is about the joiner's ``name``."""
    try:
        return clean_players([p.name for p in table.players] + [name])
    except ServiceError as error:
        raise ServiceError(error.message, "name") from None


def _player(table: GameTable, name: str, field: str = "name") -> Player:
    player = next((p for p in table.players if p.name == name), None)
    if player is None:
        raise UnknownPlayer(f"{name or 'That player'} isn't at this table", field)
    return player


def add_player(table: GameTable, name: str, after: str | None = None) -> str:
    """A new player takes the seat after ``after`` (None: the next seat, to the
    left of the last one); the players after it move one seat on.  Part of
    the caller's write."""
    names = _joiner(table, name)
    seat = _player(table, after, "after").seat + 1 if after else len(table.players)
    for player in table.players:
        if player.seat >= seat:
            player.seat += 1
    table.players.append(Player(name=names[-1], seat=seat))
    where = f", after {after}" if after else ""
    audit_night(table, "roster", f"{names[-1]} joined the table{where}")
    return f"{names[-1]} joined{where}; they are dealt in from the next hand."


def move(state: TableState, player: Player, way: str) -> str:
    """Move ``player`` one seat ``up`` or ``down``, swapping with the neighbour
    there; the past hands keep their seats, the next hand is dealt by the new
    order.  Part of the caller's write."""
    table = state.table
    other = _neighbour(table, player, way)
    player.seat, other.seat = other.seat, player.seat
    order = sorted(table.players, key=lambda p: p.seat)
    seats = ", ".join(p.name for p in order)
    audit_night(table, "roster", f"Seats: {seats} ({player.name} moved {way})")
    carry = state.night.carry
    dealer = next_dealer([p.name for p in order], [p.name for p in order if p.present],
                         carry.last_dealer, carry.dealer_stays)
    return f"Seats are now {seats}; {dealer} deals next."


def _neighbour(table: GameTable, player: Player, way: str) -> Player:
    order = sorted(table.players, key=lambda p: p.seat)
    at = order.index(player) + MOVES[way]
    if not 0 <= at < len(order):
        end = "first" if way == "up" else "last"
        raise ServiceError(f"{player.name} already sits in the {end} seat", "name")
    return order[at]


def leave(table: GameTable, player: Player, seats: int) -> str:
    """The player stops being dealt in; their balance stays.  Part of the
    caller's write (begun first, so these checks see what another phone did
    meanwhile)."""
    if not player.present:
        raise ServiceError(f"{player.name} has already left", "name")
    if sum(p.present for p in table.players) == 1:
        raise ServiceError(f"{player.name} is the last one at the table: close the table "
                           "instead", "name")
    player.present = False
    audit_night(table, "roster", f"{player.name} left the table")
    return short_handed(table, seats, f"{player.name} left") or \
        f"{player.name} left; their balance is kept."


def short_handed(table: GameTable, seats: int, what: str) -> str | None:
    """"<what>. Only 3 remain for a 4-handed game: ..." when too few are left."""
    left = sum(p.present for p in table.players)
    if left >= seats:
        return None
    return (f"{what}. Only {left} remain for a {seats}-handed game: "
            "add a player before the next hand.")


def come_back(table: GameTable, player: Player) -> str:
    """A player who left is dealt in again (part of the caller's write)."""
    if player.present:
        raise ServiceError(f"{player.name} is already at the table", "name")
    player.present = True
    audit_night(table, "roster", f"{player.name} came back")
    return f"{player.name} is back in."


def rename_in_night(table: GameTable, old: str, new: str) -> bool:
    """Call the player ``old`` ``new`` at the night ``table`` wherever it
    keeps his name: his seat, every hand that names him, its payments and its
    totals (a misspelled name corrected).  Part of the caller's write, which
    raised the night's version (its kept night and roster are read again).
    Returns whether he sits at the night."""
    seat = next((p for p in table.players if p.name == old), None)
    if seat is None:
        return False
    seat.name = new
    for row in db.session.scalars(select(HandRow).where(HandRow.table_id == table.id)):
        hand = codec.decode(row.data)
        if hand.renamed(old, new) != hand:
            row.data = codec.encode(hand.renamed(old, new))
    for paid in db.session.scalars(select(Payment).where(Payment.table_id == table.id)):
        paid.payer = new if paid.payer == old else paid.payer
        paid.payee = new if paid.payee == old else paid.payee
    if table.totals is not None and old in table.totals:
        table.totals = {new if n == old else n: v for n, v in table.totals.items()}
    return True
