"""Tests for scorekeeper.ledger.settle: fewest payments, rounding, bank, leaver."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.ledger.settle import (
    Transfer,
    apply_transfers,
    round_balances,
    settle,
    settle_leaver,
    settle_through_bank,
)

# --- helpers computed independently of the module under test -----------------


def sentences(transfers: list[Transfer]) -> list[str]:
    """Transfers as the sentences the hand-written table uses."""
    return [f"{t.payer} pays {t.payee} {t.cents}" for t in transfers]


def greedy_transfer_count(balances: Mapping[str, int]) -> int:
    """Payments used by naive largest-creditor / largest-debtor matching."""
    left = {name: cents for name, cents in balances.items() if cents}
    count = 0
    while left:
        creditor = max(left, key=lambda name: left[name])
        debtor = min(left, key=lambda name: left[name])
        cents = min(left[creditor], -left[debtor])
        left[creditor] -= cents
        left[debtor] += cents
        left = {name: value for name, value in left.items() if value}
        count += 1
    return count


def max_zero_sum_blocks(amounts: list[int]) -> int:
    """Largest number of zero-sum blocks in any set partition (brute force)."""
    if not amounts:
        return 0
    first, rest = amounts[0], amounts[1:]
    best = -1
    for mask in range(1 << len(rest)):
        chosen = [rest[i] for i in range(len(rest)) if mask >> i & 1]
        if first + sum(chosen) != 0:
            continue
        others = [rest[i] for i in range(len(rest)) if not mask >> i & 1]
        best = max(best, 1 + max_zero_sum_blocks(others))
    return best


def brute_force_minimum(balances: Mapping[str, int]) -> int:
    """n - (max zero-sum groups), the known exact minimum number of payments."""
    amounts = [cents for cents in balances.values() if cents]
    return len(amounts) - max_zero_sum_blocks(amounts)


def payers_and_payees(transfers: list[Transfer]) -> tuple[set[str], set[str]]:
    return {t.payer for t in transfers}, {t.payee for t in transfers}


@st.composite
def zero_sum_balances(draw: st.DrawFn, max_players: int = 8) -> dict[str, int]:
    """Up to max_players balances in cents that sum to zero (small values, so
    zero-sum subsets that reward clever grouping turn up often)."""
    high = draw(st.sampled_from([5, 30, 2_000]))
    values = draw(st.lists(st.integers(-high, high), max_size=max_players - 1))
    values.append(-sum(values))
    names = draw(
        st.lists(
            st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", min_size=1, max_size=5),
            min_size=len(values),
            max_size=len(values),
            unique=True,
        )
    )
    return dict(zip(names, values, strict=True))


# --- settle: hand-written table ------------------------------------------------

HAND_CASES = [
    pytest.param({}, [], id="no players"),
    pytest.param({"Ann": 0, "Bob": 0}, [], id="all square"),
    pytest.param({"Ann": 275, "Bob": -275}, ["Bob pays Ann 275"], id="one pair"),
    pytest.param(
        {"Ann": 300, "Bob": -100, "Cy": -200},
        ["Bob pays Ann 100", "Cy pays Ann 200"],
        id="one creditor two debtors",
    ),
    pytest.param(
        {"Ann": 100, "Bob": 200, "Cy": -300, "Dee": 0},
        ["Cy pays Ann 100", "Cy pays Bob 200"],
        id="zero balance is left out",
    ),
    pytest.param(
        {"A": 6, "B": 5, "C": -3, "D": -3, "E": -5},
        ["C pays A 3", "D pays A 3", "E pays B 5"],
        id="optimum beats greedy",
    ),
    pytest.param(
        {"A": 10, "B": -10, "C": 7, "D": -7, "E": 1, "F": -1},
        ["B pays A 10", "D pays C 7", "F pays E 1"],
        id="three independent pairs",
    ),
    pytest.param(
        {"A": 4, "B": 4, "C": -3, "D": -5},
        ["C pays B 3", "D pays A 4", "D pays B 1"],
        id="no split possible so n minus one",
    ),
]


@pytest.mark.parametrize(("balances", "expected"), HAND_CASES)
def test_settle_gives_the_expected_payments_for_hand_written_tables(
    balances: dict[str, int], expected: list[str]
) -> None:
    assert sentences(settle(balances)) == expected


def test_greedy_matching_needs_four_payments_where_three_suffice() -> None:
    balances = {"A": 6, "B": 5, "C": -3, "D": -3, "E": -5}
    assert greedy_transfer_count(balances) == 4
    assert len(settle(balances)) == 3 == brute_force_minimum(balances)


def test_settle_refuses_balances_that_do_not_sum_to_zero() -> None:
    with pytest.raises(ValueError, match="sum to zero"):
        settle({"Ann": 100, "Bob": -99})


def test_settle_refuses_non_integer_cents() -> None:
    with pytest.raises(TypeError):
        settle({"Ann": 1.5, "Bob": -1.5})  # type: ignore[dict-item]


def test_a_transfer_must_move_a_positive_amount_between_two_people() -> None:
    with pytest.raises(ValueError):
        Transfer("Ann", "Bob", 0)
    with pytest.raises(ValueError):
        Transfer("Ann", "Ann", 5)
    assert str(Transfer("Bob", "Ann", 275)) == "Bob pays Ann 275"


def test_ten_players_settle_well_inside_fifty_milliseconds() -> None:
    rng = random.Random(10)
    values = [rng.randint(-5_000, 5_000) or 1 for _ in range(9)]
    balances = {f"P{i}": v for i, v in enumerate(values + [-sum(values)])}
    start = time.perf_counter()
    transfers = settle(balances)
    elapsed = time.perf_counter() - start
    assert set(apply_transfers(balances, transfers).values()) == {0}
    assert elapsed < 0.05


# --- settle: properties --------------------------------------------------------


@given(zero_sum_balances())
def test_settle_brings_everyone_to_exactly_zero(balances: dict[str, int]) -> None:
    transfers = settle(balances)
    assert all(value == 0 for value in apply_transfers(balances, transfers).values())
    assert all(t.cents > 0 for t in transfers)


@given(zero_sum_balances())
def test_nobody_both_pays_and_receives_and_square_players_do_neither(
    balances: dict[str, int],
) -> None:
    payers, payees = payers_and_payees(settle(balances))
    assert not payers & payees
    assert all(balances[name] < 0 for name in payers)
    assert all(balances[name] > 0 for name in payees)


@pytest.mark.slow
@given(zero_sum_balances(max_players=7))
def test_settle_uses_the_brute_force_minimum_number_of_payments(
    balances: dict[str, int],
) -> None:
    assert len(settle(balances)) == brute_force_minimum(balances)


@given(zero_sum_balances(), st.randoms(use_true_random=False))
def test_settle_does_not_depend_on_dict_order(balances: dict[str, int], rng: random.Random) -> None:
    items = list(balances.items())
    rng.shuffle(items)
    assert settle(dict(items)) == settle(balances)


@given(zero_sum_balances())
def test_transfers_come_sorted_by_payer_then_payee(balances: dict[str, int]) -> None:
    transfers = settle(balances)
    keys = [(t.payer, t.payee) for t in transfers]
    assert keys == sorted(keys)
    assert len(set(keys)) == len(keys)


# --- round_balances ------------------------------------------------------------


@pytest.mark.parametrize(
    ("balances", "unit", "expected"),
    [
        ({"A": 130, "B": -130}, 100, {"A": 100, "B": -100}),
        ({"A": 150, "B": -50, "C": -100}, 100, {"A": 200, "B": -100, "C": -100}),
        ({"A": 50, "B": 50, "C": -100}, 100, {"A": 0, "B": 100, "C": -100}),
        ({"A": 110, "B": 110, "C": -220}, 25, {"A": 125, "B": 100, "C": -225}),
        ({"A": 0, "B": 7, "C": -7}, 1, {"A": 0, "B": 7, "C": -7}),
    ],
)
def test_round_balances_gives_the_expected_amounts_for_hand_written_tables(
    balances: dict[str, int], unit: int, expected: dict[str, int]
) -> None:
    assert round_balances(balances, unit) == expected


@given(zero_sum_balances(), st.integers(1, 500))
def test_rounding_keeps_zero_sum_whole_units_and_stays_within_one_unit(
    balances: dict[str, int], unit: int
) -> None:
    rounded = round_balances(balances, unit)
    assert rounded.keys() == balances.keys()
    assert sum(rounded.values()) == 0
    for name, exact in balances.items():
        assert rounded[name] % unit == 0
        assert abs(rounded[name] - exact) < unit


@given(zero_sum_balances(), st.integers(1, 500), st.randoms(use_true_random=False))
def test_rounding_does_not_depend_on_dict_order(
    balances: dict[str, int], unit: int, rng: random.Random
) -> None:
    items = list(balances.items())
    rng.shuffle(items)
    assert round_balances(dict(items), unit) == round_balances(balances, unit)


@pytest.mark.parametrize("unit", [0, -25])
def test_rounding_refuses_a_unit_below_one_cent(unit: int) -> None:
    with pytest.raises(ValueError, match="unit_cents"):
        round_balances({"A": 10, "B": -10}, unit)


# --- settle_through_bank -------------------------------------------------------


def test_bank_pays_winners_and_collects_from_losers() -> None:
    balances = {"Ann": 300, "Bob": -500, "Cy": 200, "Dee": 0}
    assert sentences(settle_through_bank(balances, "Ann")) == [
        "Ann pays Cy 200",
        "Bob pays Ann 500",
    ]


def test_an_unknown_bank_is_refused_with_the_players_named() -> None:
    with pytest.raises(ValueError, match="Ann, Bob"):
        settle_through_bank({"Bob": 5, "Ann": -5}, "Zed")


@given(zero_sum_balances(), st.data())
def test_bank_settlement_clears_everyone_and_always_involves_the_bank(
    balances: dict[str, int], data: st.DataObject
) -> None:
    bank = data.draw(st.sampled_from(sorted(balances)))
    transfers = settle_through_bank(balances, bank)
    assert set(apply_transfers(balances, transfers).values()) <= {0}
    assert all(bank in (t.payer, t.payee) for t in transfers)
    others = [name for name, cents in balances.items() if name != bank and cents]
    assert len(transfers) == len(others)


# --- settle_leaver ---------------------------------------------------------------


def test_a_leaver_who_is_owed_is_paid_by_the_deepest_debtors_first() -> None:
    balances = {"Ann": 500, "Bob": -300, "Cy": -400, "Dee": 200}
    transfers = settle_leaver(balances, "Ann")
    assert sentences(transfers) == ["Bob pays Ann 100", "Cy pays Ann 400"]
    assert apply_transfers(balances, transfers) == {"Ann": 0, "Bob": -200, "Cy": 0, "Dee": 200}


def test_a_leaver_who_owes_pays_the_biggest_creditors_first() -> None:
    balances = {"Ann": -450, "Bob": 300, "Cy": 400, "Dee": -250}
    transfers = settle_leaver(balances, "Ann")
    assert sentences(transfers) == ["Ann pays Bob 50", "Ann pays Cy 400"]


def test_a_square_leaver_makes_no_payments() -> None:
    assert settle_leaver({"Ann": 0, "Bob": 5, "Cy": -5}, "Ann") == []


def test_an_unknown_leaver_is_refused_with_the_players_named() -> None:
    with pytest.raises(ValueError, match="Ann, Bob"):
        settle_leaver({"Ann": 5, "Bob": -5}, "Zed")


@given(zero_sum_balances(), st.data())
def test_a_leaver_ends_at_zero_and_nobody_else_moves_away_from_zero(
    balances: dict[str, int], data: st.DataObject
) -> None:
    leaver = data.draw(st.sampled_from(sorted(balances)))
    after = apply_transfers(balances, settle_leaver(balances, leaver))
    assert after[leaver] == 0
    for name, before in balances.items():
        assert after[name] * before >= 0
        assert abs(after[name]) <= abs(before)


@given(zero_sum_balances(), st.data())
def test_early_payments_plus_a_later_settle_clear_the_whole_table(
    balances: dict[str, int], data: st.DataObject
) -> None:
    leaver = data.draw(st.sampled_from(sorted(balances)))
    early = settle_leaver(balances, leaver)
    remaining = apply_transfers(balances, early)
    del remaining[leaver]
    later = settle(remaining)
    assert set(apply_transfers(balances, early + later).values()) <= {0}
