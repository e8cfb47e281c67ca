"""Tests for scorekeeper.ledger.leavers: a player who settled early and left,
once a hand changes after they went."""

from __future__ import annotations

import pytest

from scorekeeper.ledger.leavers import Correction, corrections, leaver_warning, net_paid
from scorekeeper.ledger.settle import Transfer

PAID_DAN = [Transfer("Bob", "Dan", 200), Transfer("Cat", "Dan", 100)]


def test_what_a_leaver_was_paid_nets_what_they_paid() -> None:
    assert net_paid([*PAID_DAN, Transfer("Dan", "Eve", 50)], "Dan") == 250
    assert net_paid(PAID_DAN, "Bob") == -200
    assert net_paid(PAID_DAN, "Ann") == 0


@pytest.mark.parametrize(("paid", "balance", "line"), [
    (300, 250, "Dan left with $3.00 paid; a hand changed since, so Dan owes $0.50 back"),
    (300, 350, "Dan left with $3.00 paid; a hand changed since, so Dan is owed $0.50 more"),
    (300, -100, "Dan left with $3.00 paid; a hand changed since, so Dan owes $4.00"),
    (-300, -350, "Dan left having paid $3.00; a hand changed since, so Dan owes $0.50 more"),
    (-300, -200, "Dan left having paid $3.00; a hand changed since, so Dan is owed $1.00 back"),
    (0, -25, "Dan left square; a hand changed since, so Dan owes $0.25"),
])
def test_a_correction_reads_as_a_sentence(paid: int, balance: int, line: str) -> None:
    assert str(Correction("Dan", paid, balance)) == line
    assert Correction("Dan", paid, balance).owed == balance - paid


def test_only_leavers_in_an_early_payment_whose_balance_moved_are_corrected() -> None:
    balances = {"Ann": 0, "Bob": -200, "Cat": -50, "Dan": 250}
    found = corrections(balances, PAID_DAN, gone=["Ann", "Dan"])
    assert found == [Correction("Dan", 300, 250)]
    assert corrections({**balances, "Dan": 300, "Cat": -100}, PAID_DAN, ["Dan"]) == []
    assert corrections(balances, [], ["Dan"]) == []


@pytest.mark.parametrize(("points", "paid", "words"), [
    ((12, 10), 300, "Dan settled up and left with +12 (was paid $3.00). After this change "
                    "Dan would be at +10: Dan would owe the table $0.50 back (a correction "
                    "at settle-up)."),
    ((-4, -2), -100, "Dan settled up and left with −4 (paid the table $1.00). After this "
                     "change Dan would be at −2: the table would owe Dan $0.50 back (a "
                     "correction at settle-up)."),
    ((10, 12), 300, "Dan settled up and left (was paid $3.00) and is at +10 now. After this "
                    "change Dan would be at +12: square again, nothing to correct."),
    ((0, 3), 0, "Dan settled up and left with 0 (square: nothing paid). After this change "
                "Dan would be at +3: the table would owe Dan $0.75 (a correction at "
                "settle-up)."),
])
def test_the_warning_before_a_change_says_what_it_leaves_between_leaver_and_table(
        points: tuple[int, int], paid: int, words: str) -> None:
    assert leaver_warning("Dan", paid, points, 25) == words


def test_at_a_table_playing_for_points_the_warning_moves_no_money() -> None:
    assert leaver_warning("Dan", 0, (2, 1), 0).endswith(
        "Dan would be at +1: points only, no money changes hands.")
