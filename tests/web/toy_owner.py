"""A kind of owner of nights the app doesn't have, made by the tests alone:
a league, whose keeper keeps its nights (records, fixes, seats, settles and
closes them) and whose link reads them.  It is its model and one registry
entry (:class:`scorekeeper.services.registry.OwnerKind`), nothing else: the
walk test then asks every night route with its credentials, on its nights,
and the answers must be what its ACL says."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import MetaData, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from scorekeeper.db.kinds import RowKind
from scorekeeper.db.models import Editor, GameTable, HasOwner, db, new_owner
from scorekeeper.policy.acl import (
    ANYONE,
    CLOSED,
    EVERYTHING,
    SETTLE_INSTEAD,
    WRITES,
    Action,
    OwnerAction,
    Role,
    Stage,
    allow,
    deny,
)
from scorekeeper.services import registry, writes
from scorekeeper.services.grants import grants
from scorekeeper.services.registry import NightOwner

LEAGUE = "league"
KEEPER, LINK = "league keeper", "league view"


class _Toys(DeclarativeBase):
    """The toy's own tables, kept apart from the app's schema (its migrations
    know nothing of them)."""

    metadata = MetaData()


class League(HasOwner, _Toys):
    """A league: a name, and (as every owner) its owner row."""

    __tablename__ = "toy_league"
    owner_kind = LEAGUE

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(40))


class LeagueNight(NightOwner):
    """One of a league's nights: as a night on its own, but it stays the
    league's (it never becomes a group's first night)."""

    def refuses_group(self) -> str | None:
        return STAYS


STAYS = "A league's night stays the league's"

ENTRY = registry.OwnerKind(
    RowKind(LEAGUE, League, "league"),
    grants.Kind(LEAGUE, League, grants.Words(
        no_such="No such league", link_gone="This league's link doesn't exist",
        code_gone="This code was already used or has expired",
        can_now="{label} can now keep the league", handed_over="Handed over to {label}",
        showed_code="Showed a code to keep the league", no_longer="{label} no longer keeps it",
        not_a_grant="That phone doesn't keep this league",
        last_grant="This is the only phone that keeps the league"),
        begin=lambda league, for_code: writes.begin_owner(LEAGUE, league.id),
        audit=lambda league, action, summary, by: writes.audit_owner(
            LEAGUE, league.id, action, summary, by),
        role_of=lambda league: Role.KEEPER),
    LEAGUE,
    (
        allow(frozenset({LINK}), frozenset({Action.READ, OwnerAction.READ_OWNER})),
        deny(frozenset({LINK}), WRITES, "A league's link only shows the scores"),
        deny(ANYONE, frozenset({Action.MAKE_GROUP}), STAYS),
        deny(frozenset({KEEPER}), frozenset({Action.PAY_EARLY}), SETTLE_INSTEAD, CLOSED),
        allow(frozenset({KEEPER}), EVERYTHING | frozenset({OwnerAction.RUN,
                                                          OwnerAction.READ_OWNER})),
    ),
    {Role.KEEPER: KEEPER}, LINK, "leagues", LeagueNight, (Stage.OPEN, Stage.CLOSED))


@contextmanager
def registered() -> Iterator[None]:
    """The league is a kind of owner while inside (its entry registered)."""
    registry.register(ENTRY)
    try:
        yield
    finally:
        registry.unregister(LEAGUE)


def drop_tables() -> None:
    """The toy's tables gone from the app's database (inside an app context)."""
    _Toys.metadata.drop_all(db.engine)


def league_night(table_id: int) -> tuple[int, dict[str, str]]:
    """Make the night ``table_id`` (a night on its own, in the app's
    database) one of a new league's, with a keeper's grant: returns the
    league's id and its keeper's and link's tokens (inside an app context)."""
    _Toys.metadata.drop_all(db.engine)  # the app's tests empty only the app's tables
    _Toys.metadata.create_all(db.engine)
    keeper = grants.new_token()
    league = League(name="Tuesday league", owner=new_owner(LEAGUE, grants.new_token()))
    db.session.add(league)
    db.session.flush()
    db.session.add(Editor(owner_id=league.owner_id, role=Role.KEEPER, label="League phone",
                          token_hash=grants.hash_token(keeper)))
    night = db.session.get_one(GameTable, table_id)
    night.owner.parent = league.owner
    tokens = {KEEPER: keeper, LINK: league.view_token}
    league_id = league.id
    db.session.commit()
    return league_id, tokens
