"""Groups of regulars: starting one, finding it, its members, the defaults
its next night starts with, and how each of its nights is settled.  Its
grants and codes are :mod:`scorekeeper.services.grants.grants`'; its season
:mod:`scorekeeper.services.groups.seasons`; settling its carried nights together
:mod:`scorekeeper.services.groups.settle`.

A night of a group is an ordinary table with ``group_id`` and ``played_on``
set; its players are members of the group by name (a new name joins).  A
closed night is either settled at the table or carried: the group's
settle-up clears every carried night at once with the fewest payments.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import and_, bindparam, select

from scorekeeper.db.models import GROUP, Editor, GameTable, Group, Member, Owner, db, new_owner
from scorekeeper.limits import MAX_MEMBERS, MAX_ROW_ID
from scorekeeper.names import find_name
from scorekeeper.policy.acl import Action
from scorekeeper.rules import PRESETS, Rules
from scorekeeper.services import NotFound, ServiceError, checks, registry, writes
from scorekeeper.services.grants import grants
from scorekeeper.services.once import Once, earlier, made

#: How a group's closed night was settled (``GameTable.settled``).
AT_TABLE, CARRIED, WITH_GROUP = "table", "carried", "group"


# --- starting a group and finding it ----------------------------------------------

def get_group(group_id: int) -> Group:
    """The group, or NotFound."""
    group: Group = grants.get(grants.GROUP, group_id)
    return group


def create_group(name: object, players: object = None, preset: object = "called-ace",
                 options: object = None, stake_cents: object = 25,
                 label: str = "Scorekeeper", once: Once | None = None
                 ) -> tuple[Group, str | None]:
    """Start a group; returns it and its first edit token (a request already
    carried out, ``once``: the group it made, and no token)."""
    name = checks.group_name(name)
    names = checks.clean_players([] if players is None else players, MAX_MEMBERS, "in a group")
    preset, _, kept = checks.checked_rules(preset, options)
    stake = checks.check_stake(stake_cents)
    with writes.unit(once) as work:
        before = made(earlier(once), Group)
        if before is not None:
            return before, None
        group, token = build_group(name, names, preset, kept, stake, label)
        work.remember(group, 201)
    twin = made(work.twin, Group)
    return (twin, None) if twin is not None else (group, token)


def build_group(name: str, names: Sequence[str], preset: str, options: dict[str, Any],
                stake_cents: int, label: str) -> tuple[Group, str]:
    """A new group row with its members and first edit grant (not committed)."""
    token = grants.new_token()
    group = Group(name=name, preset=preset, options=options, stake_cents=stake_cents,
                  owner=new_owner(GROUP, grants.new_token()))
    group.members = [Member(name=n) for n in names]
    db.session.add(group)
    db.session.flush()
    db.session.add(grants.GROUP.grant(group, token, label[:80]))
    return group, token


@dataclass(frozen=True)
class GroupHead:
    """What a season page needs of its group before it knows whether the page
    is kept already: read with plain columns, no ORM objects."""

    id: int
    name: str
    version: int
    view_token: str
    rating: bool  #: whether the group keeps a skill rating


_HEAD = select(Group.id, Group.name, Owner.version, Owner.view_token,
               Group.rating).join(Group.owner)
_HEAD_AS = (_HEAD.add_columns(Editor.role.label("role"))
            .outerjoin(Editor, and_(Editor.owner_id == Group.owner_id,
                                    Editor.token_hash == bindparam("hash"),
                                    Editor.revoked_at.is_(None)))
            .where(Group.id == bindparam("id")).limit(1))
_HEAD_BY_VIEW = _HEAD.where(Owner.view_token == bindparam("token")).limit(1)


def group_head_as(group_id: int, token: str | None) -> tuple[GroupHead, str | None]:
    """The group's head and the role of the live grant ``token`` is, if any
    (what the role may do is the policy's: ask it)."""
    if not 0 < group_id <= MAX_ROW_ID:
        raise NotFound("No such group")
    row = db.session.execute(_HEAD_AS, {"id": group_id,
                                        "hash": grants.hash_token(token or "")}).first()
    if row is None:
        raise NotFound("No such group")
    return GroupHead(row.id, row.name, row.version, row.view_token, row.rating), \
        row.role if token else None


def group_head_by_view_token(token: str) -> GroupHead:
    """The head of the group a share link points to, or NotFound."""
    row = db.session.execute(_HEAD_BY_VIEW, {"token": token}).first()
    if row is None:
        raise NotFound("This group's share link doesn't exist")
    return GroupHead(row.id, row.name, row.version, row.view_token, row.rating)


# --- members and the next night ---------------------------------------------------

def members(group: Group) -> list[str]:
    """The group's members, in the order they joined."""
    return [m.name for m in group.members]


def join_members(group: Group, names: Sequence[str]) -> list[str]:
    """``names`` as the group spells them; those it doesn't know join it
    (in the caller's transaction), unless one looks just like a member
    without being them ("Аnn" with a Cyrillic "А" beside "Ann": refused, as
    a second member with the other's face).  Returns the names as kept."""
    known = members(group)
    kept = []
    for name in names:
        found = find_name(name, known)
        if found is None:
            checks.distinct(name, known)
            if len(known) >= MAX_MEMBERS:
                raise ServiceError(f"A group keeps at most {MAX_MEMBERS} players", "players")
            group.members.append(Member(name=name))
            known.append(name)
            found = name
        kept.append(found)
    return kept


@dataclass(frozen=True)
class NextNight:
    """What a group's next night starts with: the regulars who were still at
    the table at the end of the last night (in their seats), the rest of the
    members, the rules and the stake; and when the last night was played
    (None before the group's first night)."""

    players: tuple[str, ...]
    others: tuple[str, ...]
    preset: str
    options: dict[str, Any]
    stake_cents: int
    last_played_on: date | None = None


def next_night_defaults(group: Group) -> NextNight:
    """The defaults of the group's next night."""
    last = db.session.scalars(db.select(GameTable).where(GameTable.group_id == group.id)
                              .order_by(GameTable.played_on.desc(), GameTable.id.desc())
                              .limit(1)).first()
    players = tuple(p.name for p in last.players if p.present) if last is not None else ()
    present = set(players)
    others = tuple(n for n in members(group) if n not in present)
    return NextNight(players, others, group.preset, dict(group.options), group.stake_cents,
                     last.played_on if last is not None else None)


def attach(table: GameTable, group: Group, played_on: date, rules: Rules,
           remember: bool = True) -> None:
    """Make the new ``table`` the group's night of ``played_on`` (its players
    join the group) and, with ``remember``, keep its rules and stake for the
    next night.  Part of the caller's write, which raises the group's version
    (the caller writes its entry)."""
    belong(table, group)
    table.played_on = played_on
    join_members(group, [p.name for p in table.players])
    if remember:
        group.preset = table.preset
        group.options = checks.differences(table.preset, rules) \
            if table.preset in PRESETS else {}
        group.stake_cents = table.stake_cents
    writes.begin_group(group.id)


def belong(table: GameTable, group: Group) -> None:
    """``table`` is one of ``group``'s nights: its group, and its owner row's
    parent in the tree (a tournament's table stays its event's).  Every
    night that joins a group joins it here."""
    table.group_id = group.id
    if table.event_id is None:
        table.owner.parent = group.owner


def night_settings(group: Group, players: object, preset: object, options: object,
                   stake_cents: object) -> tuple[object, object, object, object]:
    """A new night's players, preset, options and stake, the group's for
    each one not given (None): its next night's players (its members before
    its first night), its preset, its house rules (when the preset is the
    group's: options given stand instead of them) and its stake."""
    defaults = next_night_defaults(group)
    if players is None:
        players = list(defaults.players or defaults.others)
    if preset is None:
        preset = defaults.preset
    if options is None and preset == defaults.preset:
        options = defaults.options
    if stake_cents is None:
        stake_cents = defaults.stake_cents
    return players, preset, options, stake_cents


def groups_of(ids: Sequence[int]) -> list[Group]:
    """These groups, newest first."""
    if not ids:
        return []
    return list(db.session.scalars(db.select(Group).where(Group.id.in_(ids))
                                   .join(Group.owner).order_by(Owner.created_at.desc())))


def group_from_night(table: GameTable, rules: Rules, label: str = "Scorekeeper"
                     ) -> tuple[Group, str]:
    """Start a group whose first night is ``table``, a night played without
    one: its players are the members, its rules and stake the next night's,
    and a closed night stays settled at the table.  One write: the night's
    version and the new group's, each with its entry.  Returns the group and
    this device's edit token."""
    name = checks.group_name(table.name)
    with writes.unit():
        writes.begin_night(table, Action.MAKE_GROUP)
        refused = registry.owner_of(table).refuses_group()
        if refused is not None:
            raise ServiceError(refused, "group")
        group, token = build_group(name, [p.name for p in table.players],
                                          table.preset, {}, table.stake_cents, label)
        day = table.played_on or table.created_at.date()
        attach(table, group, day, rules)
        if table.closed_at is not None:
            table.settled, table.settled_at = AT_TABLE, table.closed_at
        writes.audit_night(table, "group", f"The first night of the group {group.name}")
        writes.audit_group(group.id, "night", f"First night: {table.name} on {day}")
    return group, token


@dataclass(frozen=True)
class GroupJoin:
    """A new night of the group ``group_id`` (what
    :func:`scorekeeper.services.nights.tables.create_table` asks): the
    group's settings for what the night leaves out, its players as the group
    spells them (those it doesn't know join it), and the night the group's,
    with its rules and stake the group's next night's when ``remember``."""

    group: Group
    remember: bool = True

    def settings(self, players: object, preset: object, options: object,
                 stake_cents: object) -> tuple[object, object, object, object]:
        return night_settings(self.group, players, preset, options, stake_cents)

    def players(self, names: list[str]) -> list[str]:
        group = get_group(self.group.id)  # read again, under the write lock
        return join_members(group, names)

    def attach(self, table: GameTable, day: date, rules: Rules) -> None:
        attach(table, get_group(self.group.id), day, rules, remember=self.remember)
        writes.audit_group(self.group.id, "night", f"New night: {table.name} on {day}")


def joining(group: Group | None, remember: bool = True) -> GroupJoin | None:
    """What a new night joins: ``group`` (None: nothing, a night on its own)."""
    return GroupJoin(group, remember) if group is not None else None
