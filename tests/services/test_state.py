"""The table state and the hand commands, called as services (no HTTP; the
pages' side is tests/web/test_replays.py): recording a hand scores that hand
only, another process catches up from the audit log, a write that finds the
table changed works on the new night, and every command leaves the stored
hands replaying to what it returned."""

from __future__ import annotations

from flask import Flask

from scorekeeper.db.models import GameTable, db
from scorekeeper.rules import Hand
from scorekeeper.services.nights import hands as hand_service
from scorekeeper.services.nights import kept as nights
from scorekeeper.services.nights.hands import Change, Ref
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.nights.tables import create_table
from tests.conftest import PLAYERS

WIN = Hand(picker="Bob", partners=("Cat",), points=75)


def state_of(table_id: int) -> TableState:
    table = db.session.get(GameTable, table_id)
    assert table is not None
    return TableState.load(table)


def new_table() -> int:
    table, _ = create_table("Friday", PLAYERS, "called-ace")
    return table.id


def test_recording_a_hand_scores_that_hand_only(app: Flask, replays: list[int]) -> None:
    with app.app_context():
        table_id = new_table()
        for _ in range(5):
            assert hand_service.record_hand(state_of(table_id), WIN) is not None
        replays.clear()
        assert hand_service.record_hand(state_of(table_id), WIN) is not None
        assert len(state_of(table_id).night.results) == 6
        assert replays == [1]


def test_another_process_catches_up_from_the_audit_log(
        app: Flask, replays: list[int]) -> None:
    """A process that kept an older version scores only what changed since."""
    with app.app_context():
        table_id = new_table()
        for points in (75, 30, 95):
            assert hand_service.record_hand(state_of(table_id), Hand(
                picker="Bob", partners=("Cat",), points=points)) is not None
        token = state_of(table_id).table.view_token
        older = nights.NIGHTS.get(token)
        assert older is not None and len(older.hands) == 3
        assert hand_service.record_hand(state_of(table_id), Hand(
            picker="Dan", partners=("Eve",), points=61)) is not None
        db.session.remove()
    with app.app_context():
        nights.NIGHTS.clear()
        nights.NIGHTS.put(token, older)  # as if this process had seen only three hands
        replays.clear()
        appended = state_of(table_id)
        assert len(appended.night.results) == 4 and replays == [1]
        full = nights.read(table_id, appended.rules, appended.players, appended.version)
        assert appended.night.results == full.night.results
    with app.app_context():
        hand_service.replace_hand(state_of(table_id), Ref(hand_id=older.hand_ids[1]),
                                  Hand(picker="Ann", partners=("Dan",), points=80))
        nights.NIGHTS.clear()
        nights.NIGHTS.put(token, older)
        replays.clear()
        now = state_of(table_id)
        assert [r.hand.picker for r in now.night.results] == ["Bob", "Ann", "Bob", "Dan"]
        assert replays == [3]  # from the edited hand on
        full = nights.read(table_id, now.rules, now.players, now.version)
        assert now.night.results == full.night.results


def test_a_write_on_a_stale_state_works_on_the_night_as_it_is_now(app: Flask) -> None:
    with app.app_context():
        table, _ = create_table("Friday", PLAYERS, "called-ace")
        stale = TableState.load(table)
        assert stale.hands == ()
        hand_service.record_hand(state_of(table.id), WIN)  # another phone, meanwhile
        saved = hand_service.record_hand(stale, WIN)
        assert saved is not None and saved.result.number == 2
        assert saved.result.balances["Bob"] == 4
        assert len(state_of(table.id).hands) == 2


def test_the_commands_leave_hands_that_replay_to_what_they_returned(app: Flask) -> None:
    with app.app_context():
        table, _ = create_table("Friday", PLAYERS, "called-ace")
        table_id = table.id
        first = hand_service.record_hand(state_of(table_id), WIN)
        inserted = hand_service.record_hand(state_of(table_id), Hand(kind="leaster",
                                                                      winner="Dan"), before=1)
        assert first is not None and inserted is not None and inserted.result.number == 1
        assert state_of(table_id).hand_ids == (inserted.hand_id, first.hand_id)
        replaced = hand_service.replace_hand(state_of(table_id), 2, Hand(
            picker="Eve", partners=("Ann",), points=30))
        assert replaced is not None
        assert state_of(table_id).night.balances == replaced.result.balances
        proposal = hand_service.propose(state_of(table_id), Change.DELETE, number=1)
        hand_service.delete_hand(state_of(table_id), 1)
        now = state_of(table_id)
        assert now.night.balances == proposal.night.balances
        assert [r.hand.picker for r in now.night.results] == ["Eve"]


def test_a_write_never_shares_the_night_it_works_on(app: Flask) -> None:
    """Inside a write the version is already raised but not committed: a night
    worked out there must not be kept under that version."""
    with app.app_context():
        table, _ = create_table("Friday", PLAYERS, "called-ace")
        stale = TableState.load(table)
        hand_service.record_hand(state_of(table.id), WIN)  # another phone, meanwhile
        hand_service.record_hand(stale, WIN)  # reloads under the lock
        now = state_of(table.id)
        assert [r.hand.picker for r in now.night.results] == ["Bob", "Bob"]
        assert now.night.balances["Bob"] == 4
