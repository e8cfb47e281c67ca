"""One unit of work for every write: it takes the write lock, and either
commits what was written (one history entry per raised version, the request
remembered with it) or rolls all of it back, the raised versions too.  No
service commits or rolls back by hand.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from flask import Flask

from scorekeeper.db.models import AuditEntry, GameTable, Group, Submission, db
from scorekeeper.policy.acl import Action
from scorekeeper.rules import Hand
from scorekeeper.services import Stale, writes
from scorekeeper.services.grants.grants import GROUP, TABLE
from scorekeeper.services.groups import group as groups
from scorekeeper.services.groups.group import joining
from scorekeeper.services.nights import hands, roster, tables
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.once import Once
from tests.conftest import PLAYERS

SERVICES = Path(__file__).parents[2] / "scorekeeper" / "services"
#: Only these modules end a write: the unit of work and the retry record it commits.
WRITE_PATH = {"writes.py", "once.py"}
#: Calls that end or start a write, which only the unit makes.
ENDS_A_WRITE = {"commit", "rollback", "abandon", "start_write"}


def _group_night() -> tuple[int, int]:
    """A group's night, committed: (table id, group id)."""
    group, _ = groups.create_group("Regulars", PLAYERS)
    table, _ = tables.create_table("Thursday", PLAYERS, "called-ace", joins=joining(group))
    return table.id, group.id


def _versions(table_id: int, group_id: int) -> tuple[int, int]:
    db.session.expire_all()
    return (db.session.get_one(GameTable, table_id).version,
            db.session.get_one(Group, group_id).version)


def _entries(owner: str, owner_id: int) -> list[int | None]:
    return list(db.session.scalars(db.select(AuditEntry.version).where(
        AuditEntry.of(owner, owner_id)).order_by(AuditEntry.id)))


def _submission(token: str) -> Submission | None:
    return db.session.get(Submission, token)


def test_a_write_that_fails_inside_the_unit_leaves_nothing_behind(app: Flask) -> None:
    with app.app_context():
        table_id, group_id = _group_night()
        before = _versions(table_id, group_id), _entries(GROUP.kind, group_id)
        with pytest.raises(RuntimeError, match="disk full"):
            with writes.unit(Once("form:lost")) as work:
                table = db.session.get_one(GameTable, table_id)
                writes.begin_night(table, Action.RECORD)
                table.name = "Half written"
                writes.audit_night(table, "rename", "Renamed")
                work.remember((TABLE.kind, table_id), 200, {"said": "done"})
                raise RuntimeError("disk full")
        assert (_versions(table_id, group_id), _entries(GROUP.kind, group_id)) == before
        assert _entries(TABLE.kind, table_id) == []
        assert db.session.get_one(GameTable, table_id).name == "Thursday"
        assert _submission("form:lost") is None


def test_a_refused_service_write_rolls_back_its_raised_versions(app: Flask) -> None:
    with app.app_context():
        table_id, group_id = _group_night()
        before = _versions(table_id, group_id)
        state = TableState.load(db.session.get_one(GameTable, table_id), cacheable=False)
        with pytest.raises(Stale):
            roster.apply(state, "join", "Fay", seen=7, once=Once("form:stale"))
        assert _versions(table_id, group_id) == before
        assert _entries(TABLE.kind, table_id) == []
        assert _submission("form:stale") is None
        assert [p.name for p in db.session.get_one(GameTable, table_id).players] == PLAYERS


def test_a_clean_unit_commits_one_entry_per_raised_version_and_the_request(
        app: Flask) -> None:
    with app.app_context():
        table_id, group_id = _group_night()
        (night, season) = _versions(table_id, group_id)
        with writes.unit(Once("form:kept")) as work:
            table = db.session.get_one(GameTable, table_id)
            writes.begin_night(table, Action.RECORD)  # raises its group's version too
            table.name = "Friday"
            writes.audit_night(table, "rename", "Renamed to Friday")
            work.remember((TABLE.kind, table_id), 200, {"said": "Renamed"})
        assert work.twin is None
        assert _versions(table_id, group_id) == (night + 1, season + 1)
        assert _entries(TABLE.kind, table_id) == [night + 1]
        assert _entries(GROUP.kind, group_id)[-1] == season + 1
        assert len(_entries(GROUP.kind, group_id)) == season + 1
        kept = _submission("form:kept")
        assert kept is not None and kept.response == {"said": "Renamed"}


def test_a_unit_that_raises_a_version_without_its_entry_is_refused(app: Flask) -> None:
    with app.app_context():
        table_id, group_id = _group_night()
        before = _versions(table_id, group_id)
        with pytest.raises(AssertionError, match="without an audit entry"):
            with writes.unit():
                table = db.session.get_one(GameTable, table_id)
                writes.begin_night(table, Action.RECORD)
                writes.audit_group(group_id, "rename", "Only the group's entry")
        assert _versions(table_id, group_id) == before
        assert _entries(TABLE.kind, table_id) == []


def test_a_cancelled_unit_keeps_nothing_not_even_its_raised_versions(app: Flask) -> None:
    with app.app_context():
        table_id, group_id = _group_night()
        state = TableState.load(db.session.get_one(GameTable, table_id), cacheable=False)
        once = Once("form:twice")
        hands.record_hand(state, Hand(picker="Bob", partners=("Cat",), points=75), once=once)
        after_first = _versions(table_id, group_id)
        state = TableState.load(db.session.get_one(GameTable, table_id), cacheable=False)
        again = hands.record_hand(state, Hand(picker="Bob", partners=("Cat",), points=75),
                                  once=once)
        assert again is None
        assert _versions(table_id, group_id) == after_first
        assert len(db.session.get_one(GameTable, table_id).hands) == 1


def test_a_twin_that_committed_first_is_handed_back_and_nothing_else_is_kept(
        app: Flask) -> None:
    with app.app_context():
        table_id, group_id = _group_night()
        owner_id = db.session.get_one(GameTable, table_id).owner_id
        db.session.add(Submission(token="form:raced", owner_id=owner_id, status=201,
                                  response={"first": True}))
        db.session.commit()
        before = _versions(table_id, group_id)
        with writes.unit(Once("form:raced")) as work:  # as if both passed earlier() at once
            table = db.session.get_one(GameTable, table_id)
            writes.begin_night(table, Action.RECORD)
            writes.audit_night(table, "rename", "The second of two")
            work.remember(table, 201, {"first": False})
        assert work.twin is not None and work.twin.response == {"first": True}
        assert _versions(table_id, group_id) == before
        assert _entries(TABLE.kind, table_id) == []


def test_one_unit_of_work_at_a_time(app: Flask) -> None:
    with app.app_context():
        with pytest.raises(AssertionError, match="one unit of work at a time"):
            with writes.unit(), writes.unit():
                pass
        with writes.unit():  # the refused one left nothing open
            pass


def _write_enders(path: Path) -> list[str]:
    """The calls in ``path`` that commit, roll back or start a write, or
    remember a request, as "name:line"."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name in ENDS_A_WRITE or (name == "remember" and isinstance(func, ast.Name)):
            found.append(f"{name}:{node.lineno}")
    return found


def test_no_service_commits_or_rolls_back_by_hand() -> None:
    modules = sorted(SERVICES.rglob("*.py"))
    assert len(modules) > 20
    by_hand = {str(p.relative_to(SERVICES)): calls for p in modules
               if str(p.relative_to(SERVICES)) not in WRITE_PATH
               and (calls := _write_enders(p))}
    assert by_hand == {}, "end a write with writes.unit(), not by hand"
    assert _write_enders(SERVICES / "writes.py")  # the scan sees the unit's own
