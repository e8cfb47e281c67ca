"""Seat order mid-night: a joiner may be given a seat, and the scorekeeper may
move a player up or down between hands.  Each is one audited change (one
version, one history entry); it deals from the next hand on, by the new
order, and never changes a past hand, which keeps the dealer and seats it
was dealt with."""

from __future__ import annotations

import pytest
from flask import Flask

from scorekeeper.db.models import TABLE, AuditEntry, GameTable, db
from scorekeeper.rules import Hand
from scorekeeper.services import ServiceError
from scorekeeper.services.nights import hands, roster, tables
from scorekeeper.services.nights.state import TableState
from tests.conftest import PLAYERS


def _state(table_id: int) -> TableState:
    db.session.expire_all()
    table = db.session.get(GameTable, table_id)
    assert table is not None
    return TableState.load(table, cacheable=False)


def _entries(table_id: int) -> list[tuple[str, str]]:
    return [(e.action, e.summary) for e in db.session.scalars(
        db.select(AuditEntry).where(AuditEntry.of(TABLE, table_id), AuditEntry.version > 0)
        .order_by(AuditEntry.version))]


def _night(table_id: int) -> list[tuple[str, tuple[str, ...], dict[str, int]]]:
    """Each hand's dealer, seats and payouts."""
    return [(r.dealer, tuple(r.seated), dict(r.payouts))
            for r in _state(table_id).night.results]


def _table(preset: str = "called-ace", players: list[str] | None = None) -> int:
    table, _ = tables.create_table("Friday", players or PLAYERS, preset)
    return table.id


def test_a_joiner_can_be_given_the_seat_after_a_player(app: Flask) -> None:
    with app.app_context():
        table_id = _table()
        said = roster.apply(_state(table_id), "join", "Fay", after="Bob")
        state = _state(table_id)
        assert state.players == ("Ann", "Bob", "Fay", "Cat", "Dan", "Eve")
        assert [p.seat for p in state.table.players] == list(range(6))
        assert state.version == 1
        assert _entries(table_id) == [("roster", "Fay joined the table, after Bob")]
        assert "after Bob" in said


def test_a_joiner_without_a_seat_sits_last(app: Flask) -> None:
    with app.app_context():
        table_id = _table()
        roster.apply(_state(table_id), "join", "Fay", after="")
        assert _state(table_id).players == (*PLAYERS, "Fay")


def test_a_seat_after_nobody_at_the_table_is_refused_and_changes_nothing(app: Flask) -> None:
    with app.app_context():
        table_id = _table()
        with pytest.raises(ServiceError, match="Zed isn't at this table"):
            roster.apply(_state(table_id), "join", "Fay", after="Zed")
        db.session.rollback()
        state = _state(table_id)
        assert state.players == tuple(PLAYERS) and state.version == 0


def test_after_a_reorder_the_next_dealer_is_left_of_the_last_dealer_in_the_new_order(
        app: Flask) -> None:
    with app.app_context():
        table_id = _table()
        for picker in ("Ann", "Bob"):
            hands.record_hand(_state(table_id), Hand(picker=picker, partners=("Eve",),
                                                     points=70))
        before = _night(table_id)
        assert [dealer for dealer, _, _ in before] == ["Ann", "Bob"]
        version = _state(table_id).version
        said = roster.apply(_state(table_id), "down", "Cat")  # Ann Bob Dan Cat Eve
        state = _state(table_id)
        assert state.players == ("Ann", "Bob", "Dan", "Cat", "Eve")
        assert state.version == version + 1
        assert _entries(table_id)[-1] == (
            "roster", "Seats: Ann, Bob, Dan, Cat, Eve (Cat moved down)")
        assert "Dan deals next" in said
        assert _night(table_id) == before  # the past hands as they were dealt and paid
        assert state.night.next_dealer == "Dan"
        hands.record_hand(state, Hand(picker="Cat", partners=("Ann",), points=80))
        assert _night(table_id)[2][0] == "Dan"
        assert _night(table_id)[:2] == before


def test_past_hands_keep_their_seats_when_an_earlier_hand_is_edited_after_a_reorder(
        app: Flask) -> None:
    with app.app_context():
        table_id = _table("six-handed", [*PLAYERS, "Fay"])
        hands.record_hand(_state(table_id), Hand(picker="Cat", partners=("Dan",), points=70))
        hands.record_hand(_state(table_id), Hand(picker="Dan", partners=("Fay",), points=40))
        before = _night(table_id)
        roster.apply(_state(table_id), "up", "Fay")
        roster.apply(_state(table_id), "up", "Fay")
        assert _state(table_id).players == ("Ann", "Bob", "Cat", "Fay", "Dan", "Eve")
        assert _night(table_id) == before
        hands.replace_hand(_state(table_id), 1, Hand(picker="Cat", partners=("Dan",),
                                                     points=80))
        after = _night(table_id)
        assert after[1] == before[1]  # hand 2 replayed with its own dealer and seats


@pytest.mark.parametrize(("way", "name", "message"), [
    ("up", "Ann", "Ann already sits in the first seat"),
    ("down", "Eve", "Eve already sits in the last seat"),
    ("up", "Zed", "Zed isn't at this table"),
])
def test_a_move_past_the_ends_is_refused_and_changes_nothing(app: Flask, way: str, name: str,
                                                             message: str) -> None:
    with app.app_context():
        table_id = _table()
        with pytest.raises(ServiceError, match=message):
            roster.apply(_state(table_id), way, name)
        db.session.rollback()
        state = _state(table_id)
        assert state.players == tuple(PLAYERS) and state.version == 0


def test_before_the_first_hand_the_first_seat_deals(app: Flask) -> None:
    with app.app_context():
        table_id = _table()
        roster.apply(_state(table_id), "up", "Bob")
        assert _state(table_id).night.next_dealer == "Bob"
