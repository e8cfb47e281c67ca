"""A player's payment handle goes with them to 'New night with the same
players': the scorekeeper types it once, not every night."""

from __future__ import annotations

from flask import Flask

from scorekeeper.db.models import GameTable, db
from scorekeeper.ledger.pay import PayHandle, PayService
from scorekeeper.services.nights import pay, tables
from scorekeeper.services.nights.state import TableState
from tests.conftest import PLAYERS


def _state(table_id: int) -> TableState:
    db.session.expire_all()
    table = db.session.get(GameTable, table_id)
    assert table is not None
    return TableState.load(table)


def test_the_next_night_keeps_each_players_own_handle(app: Flask) -> None:
    with app.app_context():
        table, _ = tables.create_table("Friday", PLAYERS, "called-ace")
        pay.set_player_handle(table, "Ann", "venmo", "@ann-smith")
        pay.set_player_handle(_state(table.id).table, "Cat", "paypal", "paypal.me/CatPays")
        new, _ = tables.new_night(_state(table.id))
        handles = pay.night_handles(_state(new.id).table)
        assert handles["Ann"].own == PayHandle(PayService.VENMO, "ann-smith")
        assert handles["Cat"].own == PayHandle(PayService.PAYPAL, "CatPays")
        assert handles["Bob"].own is None


def test_a_handle_removed_before_the_next_night_stays_removed(app: Flask) -> None:
    with app.app_context():
        table, _ = tables.create_table("Friday", PLAYERS, "called-ace")
        pay.set_player_handle(table, "Ann", "venmo", "@ann-smith")
        pay.set_player_handle(_state(table.id).table, "Ann", "venmo", "")
        new, _ = tables.new_night(_state(table.id))
        assert pay.night_handles(_state(new.id).table)["Ann"].own is None
