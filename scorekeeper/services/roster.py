"""Roster changes mid-night: a player joins, leaves or comes back.  Balances
are replayed from the hands, so they are kept whatever the roster does.
"""

from __future__ import annotations

from scorekeeper.db.models import GameTable, Player, db
from scorekeeper.services import ServiceError
from scorekeeper.services.checks import clean_players
from scorekeeper.services.state import TableState
from scorekeeper.services.writes import audit_night, begin_night


def apply(state: TableState, action: str, name: str) -> str:
    """Do one roster action; returns what to tell the scorekeeper."""
    table = state.table
    name = " ".join(name.split())
    if action == "join":
        return add_player(table, name)
    player = next((p for p in table.players if p.name == name), None)
    if player is None:
        raise ServiceError(f"{name or 'That player'} isn't at this table", "name")
    if action == "leave":
        return leave(table, player, state.rules.seats)
    if action == "return":
        return come_back(table, player)
    raise ServiceError("Choose join, leave or return", "action")


def add_player(table: GameTable, name: str) -> str:
    """A new player takes the next seat (to the left of the last one)."""
    clean_players([p.name for p in table.players] + [name])  # refuse before waiting
    begin_night(table)  # then check again on the roster as it is now (another phone may add too)
    names = clean_players([p.name for p in table.players] + [name])
    table.players.append(Player(name=names[-1], seat=len(table.players)))
    audit_night(table, "roster", f"{names[-1]} joined the table")
    db.session.commit()
    return f"{names[-1]} joined; they are dealt in from the next hand."


def leave(table: GameTable, player: Player, seats: int) -> str:
    """The player stops being dealt in; their balance stays."""
    begin_night(table)  # first, so the checks below see what another phone did meanwhile
    if not player.present:
        raise ServiceError(f"{player.name} has already left", "name")
    if sum(p.present for p in table.players) == 1:
        raise ServiceError(f"{player.name} is the last one at the table: close the table "
                           "instead", "name")
    player.present = False
    audit_night(table, "roster", f"{player.name} left the table")
    db.session.commit()
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
    """A player who left is dealt in again."""
    begin_night(table)
    if player.present:
        raise ServiceError(f"{player.name} is already at the table", "name")
    player.present = True
    audit_night(table, "roster", f"{player.name} came back")
    db.session.commit()
    return f"{player.name} is back in."
