"""Tables: creating one (or the next night of one) and finding it.  Its
grants and codes are :mod:`scorekeeper.services.grants.grants`'; every change goes
through :mod:`scorekeeper.services.writes`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Protocol

from sqlalchemy import delete, select

from scorekeeper.db.models import (
    TABLE,
    AuditEntry,
    Editor,
    Event,
    GameTable,
    Handover,
    Owner,
    Payment,
    Player,
    Submission,
    db,
    new_owner,
)
from scorekeeper.policy.acl import Action
from scorekeeper.rules import Rules
from scorekeeper.services import ServiceError, checks, registry, writes
from scorekeeper.services.grants import grants
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.once import Once, earlier, made

DEFAULT_STAKE_CENTS = 25


class Joins(Protocol):
    """What a new night joins as it starts (a group's :class:`GroupJoin`):
    the settings it leaves to it, who plays (read again under the write
    lock), and the night made its own (part of the write)."""

    def settings(self, players: object, preset: object, options: object,
                 stake_cents: object) -> tuple[object, object, object, object]: ...

    def players(self, names: list[str]) -> list[str]: ...

    def attach(self, table: GameTable, day: date, rules: Rules) -> None: ...


def create_table(name: object, players: object, preset: object,
                 options: object = None,
                 stake_cents: object = DEFAULT_STAKE_CENTS,
                 editor_label: str = "Scorekeeper", once: Once | None = None,
                 played_on: object = None,
                 joins: Joins | None = None) -> tuple[GameTable, str | None]:
    """Create a table with frozen rules; returns it and its first edit token.
    A request already carried out (``once``) returns the table it made, and
    no token (the caller grants the repeating device one if it needs it).

    A night is dated ``played_on`` (default today); a night that ``joins``
    something (a group) takes its settings for those left out (None), its
    players as it spells them, and becomes its own."""
    if joins is not None:
        players, preset, options, stake_cents = joins.settings(
            players, preset, options, stake_cents)
    name = checks.table_name(name)
    names = checks.clean_players(players)
    preset, rules, _ = checks.checked_rules(preset, options)
    if len(names) < rules.seats:
        raise ServiceError(f"These rules need at least {rules.seats} players", "players")
    stake = checks.check_stake(stake_cents)
    day = date.today() if played_on is None else checks.check_played_on(played_on)
    with writes.unit(once) as work:
        before = made(earlier(once), GameTable)
        if before is not None:
            return before, None
        if joins is not None:
            names = joins.players(names)
        table, token = build_table(name.strip(), [(n, True) for n in names], preset, rules,
                                   stake, editor_label)
        table.played_on = day
        if joins is not None:
            joins.attach(table, day, rules)
        work.remember(table, 201)
    twin = made(work.twin, GameTable)
    return (twin, None) if twin is not None else (table, token)


def build_table(name: str, players: list[tuple[str, bool]], preset: str, rules: Rules,
                stake_cents: int, label: str = "Scorekeeper", director_id: int | None = None,
                event_id: int | None = None, flush: bool = True) -> tuple[GameTable, str]:
    """A new table row with fresh tokens, added to the session but not
    committed; ``director_id``: the director whose draw grants its edit token;
    ``event_id``: the event whose table it is (its grant is then a phone's).
    Flushed (it has its id) unless ``flush`` is false: an import of many
    nights flushes them all at once."""
    parent = (None if event_id is None
              else db.session.scalar(select(Owner).join(Event.owner).where(Event.id == event_id)))
    table = GameTable(name=name, preset=preset, rules=rules.to_dict(),
                      stake_cents=stake_cents, event_id=event_id,
                      owner=new_owner(TABLE, grants.new_token(), parent))
    table.players = [Player(name=n, seat=i, present=here)
                     for i, (n, here) in enumerate(players)]
    token = grants.new_token()
    db.session.add(table)
    if flush:
        db.session.flush()
    db.session.add(grants.TABLE.grant(table, token, label, director_id))
    return table, token


def new_night(state: TableState, label: str = "Scorekeeper") -> tuple[GameTable, str | None]:
    """The next night: the players still at the table at the end of this one,
    in the same seat order (whoever left is not brought back), with the same
    preset, frozen rules and stake, each with the payment handle they had
    tonight.  A night has one next night: asking again
    (a double tap, a second phone) returns the one already started, and no
    token."""
    table = state.table
    with writes.unit() as work:
        # first: on PostgreSQL this row lock makes a second tap wait for the first
        writes.begin_night(table, Action.NEW_NIGHT)
        db.session.refresh(table)
        started = following_night(table)
        if started is not None:
            work.cancel()
            return started, None
        players = [(name, True) for name in state.present]
        new, token = build_table(table.name, players, table.preset, state.rules,
                                 table.stake_cents, label)
        new.played_on = date.today()
        _carry_handles(table, new)
        registry.owner_of(table).join_next(new, state.rules)
        writes.audit_created(new, "create", f"New night with the players and rules of table "
                             f"{table.id}")
        table.next_table_id = new.id  # the version went up: its viewers see the way on
        writes.audit_night(table, "next", f"Started the next night (table {new.id})")
    return new, token


def _carry_handles(table: GameTable, new: GameTable) -> None:
    """Each player's own payment handle goes on to the next night with them."""
    tonight = {p.name: p for p in table.players}
    for player in new.players:
        was = tonight.get(player.name)
        if was is not None:
            player.pay_service, player.pay_handle = was.pay_service, was.pay_handle


def following_night(table: GameTable) -> GameTable | None:
    """The night started from this one with the same players and rules, if any."""
    if table.next_table_id is None:
        return None
    return db.session.get(GameTable, table.next_table_id)


def load(table_id: int) -> TableState:
    """The table's state for this request, or NotFound."""
    return TableState.load(get_table(table_id))


def tables_of(ids: list[int]) -> list[GameTable]:
    """These tables, newest first."""
    if not ids:
        return []
    return list(db.session.scalars(db.select(GameTable).where(GameTable.id.in_(ids))
                                   .join(GameTable.owner).order_by(Owner.created_at.desc())))


def forget_tables(nights: list[GameTable], before_owners: Callable[[], None] = lambda: None
                  ) -> None:
    """Remove ``nights`` with every row that was theirs (players, hands,
    payments, history, grants and handovers, requests carried out, owner
    rows), inside the caller's write: a night brought in and taken back, or
    a session's tables drawn again.  ``before_owners`` removes what else
    names them, once they are gone and before their owner rows go."""
    ids = [t.id for t in nights]
    keys = [t.owner_id for t in nights]
    for model in (AuditEntry, Editor, Handover):
        db.session.execute(delete(model).where(model.owner_id.in_(keys)))
    db.session.execute(delete(Submission).where(Submission.owner_id.in_(keys)))
    db.session.execute(delete(Payment).where(Payment.table_id.in_(ids)))
    for table in nights:
        db.session.delete(table)
    before_owners()
    db.session.flush()
    db.session.execute(delete(Owner).where(Owner.id.in_(keys)))


def get_table(table_id: int) -> GameTable:
    """The table, or NotFound (also for ids too big for the database)."""
    table: GameTable = grants.get(grants.TABLE, table_id)
    return table


def table_by_view_token(token: str) -> GameTable:
    """The table a share link points to, or NotFound."""
    table: GameTable = grants.by_view_token(grants.TABLE, token)
    return table
