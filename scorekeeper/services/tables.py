"""Tables: creating one (or the next night of one), finding it, its tokens
and editors.  Every change goes through :mod:`scorekeeper.services.writes`.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from collections.abc import Mapping
from datetime import date

from sqlalchemy import and_, bindparam, select

from scorekeeper.db.engine import start_write
from scorekeeper.db.models import Editor, GameTable, Group, Player, db
from scorekeeper.limits import (
    MAX_PLAYERS,
    MAX_ROW_ID,
    MAX_STAKE_CENTS,
    PLAYER_NAME,
    TABLE_NAME,
)
from scorekeeper.names import NameError_, clean_name, name_key
from scorekeeper.rules import PRESETS, Rules, make_rules
from scorekeeper.services import NotFound, ServiceError, groups, writes
from scorekeeper.services.once import Once, commit, earlier, remember
from scorekeeper.services.state import TableState

DEFAULT_STAKE_CENTS = 25


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
    """Checked player names in seat order, as the app keeps names
    (:mod:`scorekeeper.names`); two that read the same are refused."""
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ServiceError("players must be a list of names", "players")
    if len(players) > MAX_PLAYERS:
        raise ServiceError(f"At most {MAX_PLAYERS} players at one table", "players")
    if any(not p.strip() for p in players):
        raise ServiceError("Every player needs a name", "players")
    try:
        names = [clean_name(p, f"A player's name ({p[:PLAYER_NAME]!r})") for p in players]
    except NameError_ as error:
        raise ServiceError(str(error), "players") from None
    if any(len(n) > PLAYER_NAME for n in names):
        raise ServiceError(f"Keep names to {PLAYER_NAME} characters", "players")
    keys = [name_key(n) for n in names]
    for n, key in zip(names, keys, strict=True):
        if keys.count(key) > 1:
            raise ServiceError(f"Two players are called {n}: add an initial", "players")
    if len(names) > MAX_PLAYERS:
        raise ServiceError(f"At most {MAX_PLAYERS} players at one table", "players")
    return names


def table_name(name: object) -> str:
    """A table's name as the app keeps it (up to TABLE_NAME characters)."""
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > TABLE_NAME:
        raise ServiceError(f"Give the table a name (up to {TABLE_NAME} characters)", "name")
    try:
        return clean_name(name, "The table's name")
    except NameError_ as error:
        raise ServiceError(str(error), "name") from None


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
                 editor_label: str = "Scorekeeper", once: Once | None = None,
                 group: Group | None = None, played_on: object = None
                 ) -> tuple[GameTable, str | None]:
    """Create a table with frozen rules; returns it and its first edit token.
    A request already carried out (``once``) returns the table it made, and
    no token (the caller grants the repeating device one if it needs it).

    A night of ``group`` is dated ``played_on`` (default today); its players
    join the group, which keeps its rules and stake for the next night."""
    name = table_name(name)
    names = clean_players(players)
    if not isinstance(preset, str) or preset not in PRESETS:
        raise ServiceError(f"preset must be one of: {', '.join(PRESETS)}", "preset")
    if options is not None and not isinstance(options, Mapping):
        raise ServiceError("options must be an object of option: value", "options")
    try:
        rules = make_rules(preset, options or {})
    except ValueError as error:
        raise ServiceError(str(error), "options") from None
    if len(names) < rules.seats:
        raise ServiceError(f"These rules need at least {rules.seats} players", "players")
    stake = check_stake(stake_cents)
    day = date.today() if played_on is None else groups.check_played_on(played_on)
    group_id = group.id if group is not None else None
    start_write(db.session)
    done = earlier(once)
    if done is not None and done.table_id is not None:
        made = db.session.get(GameTable, done.table_id)
        if made is not None:
            return made, None
    if group is not None:
        group = groups.get_group(group_id or 0)  # read again, under the write lock
        names = groups.join(group, names)
    table, token = build_table(name.strip(), [(n, True) for n in names], preset, rules,
                               stake, editor_label)
    table.played_on = day
    if group is not None:
        groups.attach(table, group, day, rules)
        writes.audit_group(group.id, "night", f"New night: {table.name} on {day}")
    remember(once, table.id, 201)
    twin = commit(once)
    if twin is not None and twin.table_id is not None:
        return get_table(twin.table_id), None
    return table, token


def build_table(name: str, players: list[tuple[str, bool]], preset: str, rules: Rules,
                stake_cents: int, label: str = "Scorekeeper") -> tuple[GameTable, str]:
    """A new table row with fresh tokens, added to the session but not committed."""
    table = GameTable(name=name, preset=preset, rules=rules.to_dict(),
                      stake_cents=stake_cents, view_token=new_token())
    table.players = [Player(name=n, seat=i, present=here)
                     for i, (n, here) in enumerate(players)]
    token = new_token()
    table.editors = [Editor(token_hash=hash_token(token), label=label)]
    db.session.add(table)
    db.session.flush()
    return table, token


def new_night(state: TableState, label: str = "Scorekeeper") -> tuple[GameTable, str | None]:
    """The next night: the players still at the table at the end of this one,
    in the same seat order (whoever left is not brought back), with the same
    preset, frozen rules and stake.  A night has one next night: asking again
    (a double tap, a second phone) returns the one already started, and no
    token."""
    table = state.table
    # first: on PostgreSQL this row lock makes a second tap wait for the first
    writes.begin_night(table, closed_ok=True)
    db.session.refresh(table)
    started = next_night(table)
    if started is not None:
        db.session.rollback()
        return started, None
    players = [(name, True) for name in state.present]
    new, token = build_table(table.name, players, table.preset, state.rules,
                             table.stake_cents, label)
    new.played_on = date.today()
    if table.group_id is not None:
        groups.attach(new, groups.get_group(table.group_id), new.played_on, state.rules)
    writes.audit_created(new, "create", f"New night with the players and rules of table "
                         f"{table.id}")
    table.next_table_id = new.id  # the version went up: its viewers see the way on
    writes.audit_night(table, "next", f"Started the next night (table {new.id})")
    db.session.commit()
    return new, token


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
    writes.begin_night(table, closed_ok=True)
    token = new_token()
    db.session.add(Editor(table_id=table.id, token_hash=hash_token(token), label=label[:80]))
    writes.audit_night(table, "editor", f"{label[:80]} can now edit")
    db.session.commit()
    return token


def load(table_id: int) -> TableState:
    """The table's state for this request, or NotFound."""
    return TableState.load(get_table(table_id))


#: A table and the live editor grant a token's hash proves, in one query.
_TABLE_AS = (select(GameTable, Editor)
             .outerjoin(Editor, and_(Editor.table_id == GameTable.id,
                                     Editor.token_hash == bindparam("hash"),
                                     Editor.revoked_at.is_(None)))
             .where(GameTable.id == bindparam("id")).limit(1))


def load_as(table_id: int, token: str | None) -> tuple[TableState, Editor | None]:
    """The table's state and the live editor grant ``token`` proves (if any),
    read together in one query; NotFound without the table."""
    if not token:
        return load(table_id), None
    if not 0 < table_id <= MAX_ROW_ID:
        raise NotFound("No such table")
    row = db.session.execute(_TABLE_AS, {"id": table_id, "hash": hash_token(token)}).first()
    if row is None:
        raise NotFound("No such table")
    return TableState.load(row[0]), row[1]
