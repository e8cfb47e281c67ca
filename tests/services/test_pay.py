"""Payment handles kept: on a night's player and on a group member, each
saved by one audited write; a night's player is paid at their group
member's handle unless they have one of their own for the night."""

from __future__ import annotations

from datetime import date

import pytest
from flask import Flask

from scorekeeper.db.models import GROUP, TABLE, AuditEntry, GameTable, Group, db
from scorekeeper.ledger.pay import PayHandle, PayService
from scorekeeper.ledger.settle import Transfer
from scorekeeper.services import ServiceError
from scorekeeper.services.groups import group as groups
from scorekeeper.services.groups.group import joining
from scorekeeper.services.nights import pay, tables
from tests.conftest import PLAYERS

NOTE = "note=Sheepshead%2C%20Friday%2021%20Nov"


def _fresh(table_id: int) -> GameTable:
    db.session.expire_all()
    table = db.session.get(GameTable, table_id)
    assert table is not None
    return table


def test_a_players_handle_is_saved_with_one_version_and_one_entry(app: Flask) -> None:
    with app.app_context():
        table, _ = tables.create_table("Friday", PLAYERS, "called-ace")
        said = pay.set_player_handle(table, "Ann", "venmo", "@ann-smith")
        table = _fresh(table.id)
        assert said == "Ann is paid at Venmo @ann-smith."
        assert table.version == 1
        entries = db.session.scalars(db.select(AuditEntry).where(
            AuditEntry.of(TABLE, table.id), AuditEntry.version == 1)).all()
        assert [(e.action, e.summary) for e in entries] == [("pay", "Ann's payment handle saved")]
        assert pay.night_handles(table)["Ann"].used == PayHandle(PayService.VENMO, "ann-smith")


def test_a_bad_handle_changes_nothing(app: Flask) -> None:
    with app.app_context():
        table, _ = tables.create_table("Friday", PLAYERS, "called-ace")
        with pytest.raises(ServiceError, match="A Venmo username is 5 to 30") as refused:
            pay.set_player_handle(table, "Ann", "venmo", "ann!")
        assert refused.value.field == "handle"
        with pytest.raises(ServiceError, match="isn't at this table"):
            pay.set_player_handle(table, "Zed", "venmo", "zed-zed")
        assert _fresh(table.id).version == 0
        assert pay.night_handles(_fresh(table.id))["Ann"].used is None


def test_a_night_player_is_paid_at_the_members_handle_unless_they_have_their_own(
        app: Flask) -> None:
    with app.app_context():
        group, _ = groups.create_group("Regulars", PLAYERS)
        pay.set_member_handle(group, "ann", "cashapp", "$ann42")
        pay.set_member_handle(group, "Bob", "venmo", "bob-b-bob")
        table, _ = tables.create_table("Friday", PLAYERS, "called-ace", joins=joining(group),
                                       played_on="2025-11-21")
        pay.set_player_handle(table, "Bob", "paypal", "BobTonight")
        handles = pay.night_handles(_fresh(table.id))
        assert handles["Ann"].used == PayHandle(PayService.CASHAPP, "ann42")
        assert handles["Ann"].own is None
        assert handles["Bob"].used == PayHandle(PayService.PAYPAL, "BobTonight")
        assert handles["Bob"].member == PayHandle(PayService.VENMO, "bob-b-bob")
        assert handles["Cat"].used is None
        said = pay.set_player_handle(_fresh(table.id), "Bob", "paypal", "")
        assert said == "Bob is paid at the group's Venmo @bob-b-bob again."
        assert pay.night_handles(_fresh(table.id))["Bob"].used == handles["Bob"].member


def test_a_members_handle_is_one_group_version_and_one_entry(app: Flask) -> None:
    with app.app_context():
        group, _ = groups.create_group("Regulars", PLAYERS)
        before = group.version
        pay.set_member_handle(group, "Cat", "paypal", "paypal.me/CatPays")
        db.session.expire_all()
        fresh = db.session.get(Group, group.id)
        assert fresh is not None and fresh.version == before + 1
        entry = db.session.scalars(db.select(AuditEntry).where(
            AuditEntry.of(GROUP, group.id),
            AuditEntry.version == fresh.version)).one()
        assert (entry.action, entry.summary) == ("pay", "Cat's payment handle saved")
        assert pay.member_handle(fresh, "cat") == ("Cat", PayHandle(PayService.PAYPAL,
                                                                    "CatPays"))
        with pytest.raises(ServiceError, match="isn't one of Regulars's players"):
            pay.set_member_handle(fresh, "Zed", "paypal", "Zed")


def test_each_payment_links_to_its_payees_app_with_the_nights_date(app: Flask) -> None:
    with app.app_context():
        group, _ = groups.create_group("Regulars", PLAYERS)
        table, _ = tables.create_table("Friday", PLAYERS, "called-ace", joins=joining(group),
                                       played_on="2025-11-21")
        pay.set_player_handle(table, "Ann", "venmo", "ann-smith")
        links = pay.pay_links(_fresh(table.id), [Transfer("Bob", "Ann", 275),
                                                 Transfer("Bob", "Cat", 100)])
        assert links[1] is None
        assert links[0] is not None
        assert links[0].words == "Pay Ann $2.75 with Venmo"
        assert links[0].url == f"https://venmo.com/ann-smith?txn=pay&amount=2.75&{NOTE}"


def test_a_night_is_dated_the_day_it_was_played_else_the_day_it_started(app: Flask) -> None:
    with app.app_context():
        table, _ = tables.create_table("Friday", PLAYERS, "called-ace", played_on="2025-11-20")
        assert pay.night_day(table) == date(2025, 11, 20)
        table.played_on = None  # a night kept from before nights had a date
        table.owner.created_at = table.created_at.replace(year=2025, month=11, day=21)
        assert pay.night_day(table) == date(2025, 11, 21)
