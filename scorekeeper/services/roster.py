"""Roster changes mid-night: a player joins (last, or at the seat after a
player), leaves or comes back, and the scorekeeper moves a player up or down
the seat order between hands.  Balances are replayed from the hands, so they
are kept whatever the roster does; a past hand keeps the dealer and seats it
was dealt with (they are stored with it), so a new seat order deals from the
next hand on: its dealer is the next player to the left of the last dealer,
in the new order.
"""

from __future__ import annotations

from scorekeeper.db.models import GameTable, Player
from scorekeeper.rules import next_dealer
from scorekeeper.services import ServiceError, event_draws
from scorekeeper.services.checks import clean_players
from scorekeeper.services.once import Once, commit, remember
from scorekeeper.services.state import TableState
from scorekeeper.services.writes import audit_night, begin_night

#: Moving a player one seat: up (to the right, towards the first seat) or down.
MOVES = {"up": -1, "down": 1}


def apply(state: TableState, action: str, name: str, after: str | None = None, *,
          seen: int | None = None, once: Once | None = None) -> str:
    """Do one roster action and commit it; returns what to tell the scorekeeper.
    A joiner sits after the player named ``after`` (none: in the last seat).
    ``seen`` is the night's version the request was made on (a roster change
    made on an older night is refused); ``once`` a request carried out once
    (its first answer, ``{"said": ...}``, is kept with the change)."""
    said = _change(state, action, " ".join(name.split()), after, seen)
    remember(once, state.table.id, 200, {"said": said})
    commit(once)
    return said


def _change(state: TableState, action: str, name: str, after: str | None,
            seen: int | None) -> str:
    table = state.table
    if action == "join":
        return add_player(table, name, " ".join((after or "").split()) or None, seen)
    player = _player(table, name)
    if action == "leave":
        return leave(table, player, state.rules.seats, seen)
    if action == "return":
        return come_back(table, player, seen)
    if action in MOVES:
        return move(state, player, action, seen)
    raise ServiceError("Choose join, leave, return, up or down", "action")


def _player(table: GameTable, name: str, field: str = "name") -> Player:
    player = next((p for p in table.players if p.name == name), None)
    if player is None:
        raise ServiceError(f"{name or 'That player'} isn't at this table", field)
    return player


def add_player(table: GameTable, name: str, after: str | None = None,
               seen: int | None = None) -> str:
    """A new player takes the seat after ``after`` (None: the next seat, to the
    left of the last one); the players after it move one seat on."""
    clean_players([p.name for p in table.players] + [name])  # refuse before waiting
    if table.event_id is not None:
        event_draws.check_joiner(table, name)
    seat = _player(table, after, "after").seat + 1 if after else len(table.players)
    begin_night(table, seen=seen)  # then check again on the roster as it is now
    names = clean_players([p.name for p in table.players] + [name])
    seat = _player(table, after, "after").seat + 1 if after else len(table.players)
    for player in table.players:
        if player.seat >= seat:
            player.seat += 1
    table.players.append(Player(name=names[-1], seat=seat))
    where = f", after {after}" if after else ""
    audit_night(table, "roster", f"{names[-1]} joined the table{where}")
    return f"{names[-1]} joined{where}; they are dealt in from the next hand."


def move(state: TableState, player: Player, way: str, seen: int | None = None) -> str:
    """Move ``player`` one seat ``up`` or ``down``, swapping with the neighbour
    there; the past hands keep their seats, the next hand is dealt by the new
    order."""
    table = state.table
    _neighbour(table, player, way)  # refuse before waiting
    begin_night(table, seen=seen)
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


def leave(table: GameTable, player: Player, seats: int, seen: int | None = None) -> str:
    """The player stops being dealt in; their balance stays."""
    begin_night(table, seen=seen)  # first, so the checks below see what another phone did meanwhile
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


def come_back(table: GameTable, player: Player, seen: int | None = None) -> str:
    """A player who left is dealt in again."""
    begin_night(table, seen=seen)
    if player.present:
        raise ServiceError(f"{player.name} is already at the table", "name")
    player.present = True
    audit_night(table, "roster", f"{player.name} came back")
    return f"{player.name} is back in."
