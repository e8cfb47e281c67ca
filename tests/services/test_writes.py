"""The one write path: every change to a night, a group or an event raises its version
once and writes exactly one audit entry for it, so catch-up can trust the
entries between two versions; and nothing but the write path raises one.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask

from scorekeeper.db.models import AuditEntry, Event, GameTable, Group, db
from scorekeeper.policy.acl import Action
from scorekeeper.rules import Hand
from scorekeeper.services import writes
from scorekeeper.services.events import draws as event_draws
from scorekeeper.services.events import event as events
from scorekeeper.services.events import penalties as event_penalties
from scorekeeper.services.grants import grants, handovers, share
from scorekeeper.services.grants.grants import EVENT, GROUP, TABLE
from scorekeeper.services.groups import group as groups
from scorekeeper.services.groups import settle as group_settle
from scorekeeper.services.groups.group import joining
from scorekeeper.services.nights import hands, roster, settle, tables
from scorekeeper.services.nights.state import TableState
from tests.conftest import PLAYERS

WIN = Hand(picker="Bob", partners=("Cat",), points=75)
LOSS = Hand(picker="Ann", partners=("Dan",), points=40)


def _state(table_id: int) -> TableState:
    db.session.expire_all()
    table = db.session.get(GameTable, table_id)
    assert table is not None
    return TableState.load(table, cacheable=False)


def _night_versions(table_id: int) -> list[int]:
    return [v for v in db.session.scalars(
        db.select(AuditEntry.version).where(AuditEntry.of(TABLE.kind, table_id))
        .order_by(AuditEntry.version)) if v]


def _group_versions(group_id: int) -> list[int]:
    return list(db.session.scalars(
        db.select(AuditEntry.version).where(AuditEntry.of(GROUP.kind, group_id))
        .order_by(AuditEntry.version)))


def _every_kind_of_write(group: Group) -> int:
    """A group night taken through every kind of write; returns its id."""
    grants.add_grant(GROUP, group, "Tablet")
    grants.revoke_grant(GROUP, group, grants.active_grants(GROUP, group)[-1].id)
    code = handovers.start_handover(GROUP, group)
    handovers.claim_handover(GROUP, code, "Phone B")
    table, _ = tables.create_table("Thursday", PLAYERS, "called-ace", joins=joining(group))
    table_id = table.id
    hands.record_hand(_state(table_id), WIN)
    hands.record_hand(_state(table_id), LOSS, before=1)
    hands.replace_hand(_state(table_id), 2, WIN)
    hands.record_hand(_state(table_id), LOSS)
    hands.delete_hand(_state(table_id), 3)
    roster.apply(_state(table_id), "join", "Fay")
    roster.apply(_state(table_id), "leave", "Fay")
    roster.apply(_state(table_id), "return", "Fay")
    settle.settle_and_leave(_state(table_id), "Fay")
    share.rotate_view_token(_state(table_id).table)
    grants.add_grant(TABLE, _state(table_id).table, "Laptop")
    code = handovers.start_handover(TABLE, _state(table_id).table)
    claimed, _ = handovers.claim_handover(TABLE, code, "Phone C")
    grants.revoke_grant(TABLE, claimed, grants.active_grants(TABLE, claimed)[-1].id)
    settle.close_table(_state(table_id).table, carry=True)
    group_settle.mark_paid(group, None)
    tables.new_night(_state(table_id))
    return table_id


def test_every_write_to_a_night_and_its_group_leaves_one_entry_per_version(
        app: Flask) -> None:
    with app.app_context():
        group, _ = groups.create_group("Regulars", PLAYERS)
        table_id = _every_kind_of_write(group)
        db.session.expire_all()
        table = db.session.get(GameTable, table_id)
        fresh = db.session.get(Group, group.id)
        assert table is not None and fresh is not None
        assert table.version == 17
        assert _night_versions(table_id) == list(range(1, table.version + 1))
        assert _group_versions(group.id) == list(range(1, fresh.version + 1))
        assert fresh.version == 4 + 1 + 17  # grants, the night, its writes (paid with them)


def test_a_second_entry_for_one_version_is_refused(app: Flask) -> None:
    with app.app_context():
        table, _ = tables.create_table("Friday", PLAYERS, "called-ace")
        writes.begin_night(table, Action.RECORD)
        writes.audit_night(table, "share", "one")
        with pytest.raises(AssertionError, match="second audit entry"):
            writes.audit_night(table, "share", "two")
        db.session.rollback()


def test_a_version_raised_without_its_entry_never_commits(app: Flask) -> None:
    with app.app_context():
        table, _ = tables.create_table("Friday", PLAYERS, "called-ace")
        table_id = table.id
        writes.begin_night(table, Action.RECORD)
        with pytest.raises(AssertionError, match="without an audit entry"):
            db.session.commit()
        db.session.rollback()
        assert _state(table_id).version == 0


def test_only_the_write_path_raises_a_version() -> None:
    root = Path(__file__).parents[2] / "scorekeeper"
    raising = re.compile(r"version\s*=\s*\w+\.version\s*\+")
    found = [str(p.relative_to(root)) for p in root.rglob("*.py")
             if raising.search(p.read_text())]
    assert found == ["services/writes.py"]


def _event_versions(event_id: int) -> list[int]:
    return list(db.session.scalars(
        db.select(AuditEntry.version).where(AuditEntry.of(EVENT.kind, event_id))
        .order_by(AuditEntry.version)))


def test_every_write_to_an_event_and_its_nights_leaves_one_entry_per_version(
        app: Flask) -> None:
    with app.app_context():
        event, _ = events.create_event("Festival", "called-ace")
        events.register(event, PLAYERS + ["Fay", "Gus", "Hal", "Ivy", "Jo"], checked_in=True)
        grants.add_grant(EVENT, event, "Co-director")
        code = handovers.start_handover(EVENT, event)
        handovers.claim_handover(EVENT, code, "Laptop")
        first = event_draws.draw(event, 1, seed=9)
        drawn = event_draws.draw(event, 1, seed=9)  # drawn again: its tables are new
        assert {t.night for t in drawn.tables}.isdisjoint(t.night for t in first.tables)
        table_id = drawn.tables[0].night
        state = _state(table_id)
        hands.record_hand(state, Hand(picker=state.players[0], partners=(state.players[1],),
                                      points=75))
        hands.replace_hand(_state(table_id), 1, Hand(picker=state.players[2],
                                                     partners=(state.players[3],), points=40))
        grants.add_grant(TABLE, _state(table_id).table, "Spare phone")
        event_penalties.penalty(event, 2, 1, 4, "Peeked")
        db.session.expire_all()
        fresh = db.session.get_one(Event, event.id)
        assert fresh.version == 1 + 3 + 2 + 3 + 1
        assert _event_versions(event.id) == list(range(1, fresh.version + 1))
        assert _night_versions(table_id) == list(range(1, _state(table_id).version + 1))


def test_a_write_reads_its_own_nights_stage_whatever_other_owners_are(app: Flask) -> None:
    """A closed night and a finished event whose ids equal their owner rows'
    (the first rows of a new database) close or freeze no other night: the
    raise reads the night's closed mark and its event's finish by its own
    owner row (SQLite writes RETURNING's columns unqualified)."""
    from scorekeeper.db.models import Owner
    from scorekeeper.services.nights import hands
    from scorekeeper.services.nights.state import TableState
    with app.app_context():
        first, _ = tables.create_table("Closed", PLAYERS, "called-ace")
        assert first.owner_id == first.id
        first.closed_at = first.created_at
        db.session.commit()
        other, _ = tables.create_table("Open", PLAYERS, "called-ace")
        other_id = other.id
        assert db.session.get_one(Owner, other.owner_id).kind == "table"
        state = TableState.load(db.session.get_one(GameTable, other_id))
        saved = hands.record_hand(state, Hand(picker=PLAYERS[0], partners=(PLAYERS[1],),
                                              points=75))
        assert saved is not None and saved.result.number == 1
