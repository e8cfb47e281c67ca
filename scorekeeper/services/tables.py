"""Tables: creating one, finding it, its frozen rules, its players, its
tokens, and the replayed night.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import update

from scorekeeper.handio import stored_hand
from scorekeeper.models import AuditEntry, Editor, GameTable, Player, db, utcnow
from scorekeeper.rules import PRESETS, Hand, Night, Rules, make_rules, replay
from scorekeeper.services import Conflict, NotFound, ServiceError

MAX_PLAYERS = 12
MAX_STAKE_CENTS = 100_000
DEFAULT_STAKE_CENTS = 25
MAX_BASE = 1000
MAX_ROW_ID = 2**63 - 1


def new_token() -> str:
    """An unguessable token (192 bits), safe in a URL."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """What is stored for an edit token: its SHA-256, never the token."""
    return hashlib.sha256(token.encode()).hexdigest()


def storable(text: str) -> bool:
    """False for control characters and lone surrogates (JSON bodies can carry
    both; databases refuse them with a crash rather than an error)."""
    return all(unicodedata.category(c) not in ("Cc", "Cs") for c in text)


def clean_players(players: object) -> list[str]:
    """Checked player names in seat order."""
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ServiceError("players must be a list of names", "players")
    names = [" ".join(p.split()) for p in players]
    if any(not n for n in names):
        raise ServiceError("Every player needs a name", "players")
    if not all(storable(n) for n in names):
        raise ServiceError("Names can't contain control characters", "players")
    if any(len(n) > 40 for n in names):
        raise ServiceError("Keep names to 40 characters", "players")
    folded = [n.casefold() for n in names]
    for n in names:
        if folded.count(n.casefold()) > 1:
            raise ServiceError(f"Two players are called {n}: add an initial", "players")
    if len(names) > MAX_PLAYERS:
        raise ServiceError(f"At most {MAX_PLAYERS} players at one table", "players")
    return names


def check_stake(stake_cents: object) -> int:
    """A stake per point in whole cents."""
    if isinstance(stake_cents, bool) or not isinstance(stake_cents, int):
        raise ServiceError("stake_cents must be a whole number of cents", "stake_cents")
    if not 0 <= stake_cents <= MAX_STAKE_CENTS:
        raise ServiceError(f"The stake must be 0 to {MAX_STAKE_CENTS} cents a point",
                           "stake_cents")
    return stake_cents


def create_table(name: object, players: object, preset: object,
                 options: Mapping[str, object] | None = None,
                 stake_cents: object = DEFAULT_STAKE_CENTS,
                 editor_label: str = "Scorekeeper") -> tuple[GameTable, str]:
    """Create a table with frozen rules; returns it and its first edit token."""
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 80:
        raise ServiceError("Give the table a name (up to 80 characters)", "name")
    if not storable(name):
        raise ServiceError("The table's name can't contain control characters", "name")
    names = clean_players(players)
    if not isinstance(preset, str) or preset not in PRESETS:
        raise ServiceError(f"preset must be one of: {', '.join(PRESETS)}", "preset")
    if options is not None and not isinstance(options, Mapping):
        raise ServiceError("options must be an object of option: value", "options")
    try:
        rules = make_rules(preset, options or {})
    except ValueError as error:
        raise ServiceError(str(error), "options") from None
    if rules.base > MAX_BASE:
        raise ServiceError(f"base must be at most {MAX_BASE}", "options")
    if len(names) < rules.seats:
        raise ServiceError(f"These rules need at least {rules.seats} players", "players")
    table = GameTable(name=name.strip(), preset=preset, rules=rules.to_dict(),
                      stake_cents=check_stake(stake_cents), view_token=new_token())
    table.players = [Player(name=n, seat=i) for i, n in enumerate(names)]
    token = new_token()
    table.editors = [Editor(token_hash=hash_token(token), label=editor_label)]
    db.session.add(table)
    db.session.commit()
    return table, token


def get_table(table_id: int) -> GameTable:
    """The table, or NotFound (also for ids too big for the database)."""
    if not 0 < table_id <= MAX_ROW_ID:
        raise NotFound("No such table")
    table = db.session.get(GameTable, table_id)
    if table is None:
        raise NotFound("No such table")
    return table


def table_by_view_token(token: str) -> GameTable:
    """The table a share link points to, or NotFound."""
    table = db.session.scalar(db.select(GameTable).filter_by(view_token=token))
    if table is None:
        raise NotFound("This share link doesn't exist or was replaced")
    return table


def next_night(table: GameTable) -> GameTable | None:
    """The night started from this one with the same players and rules, if any."""
    if table.next_table_id is None:
        return None
    return db.session.get(GameTable, table.next_table_id)


def editor_for(table: GameTable, token: str | None) -> Editor | None:
    """The live editor grant that ``token`` proves, if any."""
    if not token:
        return None
    editor = db.session.scalar(db.select(Editor).filter_by(
        table_id=table.id, token_hash=hash_token(token), revoked_at=None))
    return editor


def add_editor(table: GameTable, label: str) -> str:
    """Grant edit rights to a new device; returns its token (kept nowhere)."""
    token = new_token()
    db.session.add(Editor(table_id=table.id, token_hash=hash_token(token), label=label[:80]))
    bump(table)
    db.session.commit()
    return token


def table_rules(table: GameTable) -> Rules:
    """The rules frozen on the table at creation (never re-resolved)."""
    return Rules(**table.rules)


def player_names(table: GameTable) -> list[str]:
    """Every player, in seat order."""
    return [p.name for p in table.players]


def present_names(table: GameTable) -> tuple[str, ...]:
    """Players at the table now, in seat order."""
    return tuple(p.name for p in table.players if p.present)


def stored_hands(table: GameTable) -> list[Hand]:
    """The table's hands in order, as engine values."""
    return [stored_hand(row.data) for row in table.hands]


def in_cents(table: GameTable, balances: Mapping[str, int]) -> dict[str, int]:
    """Points turned into money at the table's stake (integer cents): the one
    place money is computed."""
    return {name: points * table.stake_cents for name, points in balances.items()}


def night_of(table: GameTable, hands: Sequence[Hand] | None = None) -> Night:
    """Replay the night (or a proposed list of hands) under the table's rules."""
    return replay(table_rules(table), player_names(table),
                  stored_hands(table) if hands is None else hands, present_names(table))


def lock(table: GameTable) -> None:
    """Start the write: bump the version first so writers queue behind each other."""
    if table.closed_at is not None:
        raise Conflict("This table is closed: the night is over")
    db.session.execute(update(GameTable).where(GameTable.id == table.id)
                       .values(version=GameTable.version + 1))
    db.session.refresh(table)


def bump(table: GameTable) -> None:
    """Mark the table changed (live views compare versions)."""
    table.version = (table.version or 0) + 1


def audit(table: GameTable, action: str, summary: str, number: int | None = None,
          before: dict[str, Any] | None = None, after: dict[str, Any] | None = None) -> None:
    """Record one change in the table's audit log (same transaction)."""
    db.session.add(AuditEntry(table_id=table.id, action=action, hand_number=number,
                              summary=summary[:300], before=before, after=after, at=utcnow()))
