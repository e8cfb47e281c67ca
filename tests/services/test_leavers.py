"""A player who settled early and left, through the services: the warning
before a change moves their total, the correction the settle-up counts after,
and a new night without them."""

from __future__ import annotations

from flask import Flask

from scorekeeper.db.models import GameTable, db
from scorekeeper.rules import Hand
from scorekeeper.services.nights import hands as hand_service
from scorekeeper.services.nights import settle as settle_service
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.nights.tables import create_table, new_night
from tests.conftest import PLAYERS


def state_of(table_id: int) -> TableState:
    table = db.session.get(GameTable, table_id)
    assert table is not None
    return TableState.load(table)


def cat_paid_and_left(app: Flask) -> int:
    """Ann picks alone and wins (the others −1 at 25 cents); Cat pays $0.25, leaves."""
    table, _ = create_table("Friday", PLAYERS, "called-ace", {}, 25)
    table_id = table.id
    hand_service.record_hand(state_of(table_id),
                             Hand(picker="Ann", alone=True, points=80, tricks="some"))
    transfers, _ = settle_service.settle_and_leave(state_of(table_id), "Cat")
    assert [str(t) for t in transfers] == ["Cat pays Ann 25"]
    return table_id


def test_only_changes_to_a_leavers_total_are_warned_about(app: Flask) -> None:
    with app.app_context():
        state = state_of(cat_paid_and_left(app))
        assert settle_service.leaver_warnings(state, {"Bob": (-1, 1)}) == []
        assert settle_service.leaver_warnings(state, {"Cat": (-1, 1)}) == [
            "Cat settled up and left with −1 (paid the table $0.25). After this change Cat "
            "would be at +1: the table would owe Cat $0.50 (a correction at settle-up)."]


def test_settling_after_an_edit_corrects_the_leaver_in_the_fewest_payments(
        app: Flask) -> None:
    with app.app_context():
        table_id = cat_paid_and_left(app)
        hand_service.replace_hand(state_of(table_id), 1,
                                  Hand(picker="Ann", alone=True, points=40, tricks="some"))
        settled = settle_service.settlement(state_of(table_id))
        assert [str(c) for c in settled.corrections] == [
            "Cat left having paid $0.25; a hand changed since, so Cat is owed $0.75"]
        assert sum(settled.remaining.values()) == 0 and settled.remaining["Cat"] == 75
        assert any(t.payee == "Cat" for t in settled.transfers)


def test_a_new_night_leaves_out_who_left(app: Flask) -> None:
    with app.app_context():
        table_id = cat_paid_and_left(app)
        new, _ = new_night(state_of(table_id))
        assert [p.name for p in new.players] == [p for p in PLAYERS if p != "Cat"]
