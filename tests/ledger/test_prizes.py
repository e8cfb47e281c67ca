"""Prize plans as data: three formats paid to the cent, each checked against
its own arithmetic written here from the plan's words (not the engine's),
with ties, a withdrawn player and a walk-in; the pot adding up for any
plan; and a plan that can't be paid refused in words."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.ledger import prize_data, prize_presets, prizes
from scorekeeper.ledger.prizes import Contender, Prize, PrizePlan

#: (number, rank, session scores); ranks shared by ties on every tie-break.
FIELD = [(1, 1, {1: 40, 2: 31}), (2, 2, {1: 22, 2: 30}), (3, 2, {1: 30, 2: 22}),
         (4, 4, {1: 25, 2: 20}), (5, 5, {1: 20, 2: 19}), (6, 6, {1: 18, 2: 17}),
         (7, 7, {2: 33}), (8, 8, {1: 15, 2: 9}), (9, 9, {1: 41}), (10, 10, {1: 3, 2: 5}),
         (11, 11, {1: 2, 2: 4}), (12, 11, {1: 4, 2: 2})]
WITHDRAWN = {9}  # withdrew after session 1, holding its high
WALK_IN = {7}  # joined in session 2, holding its high


def field(ineligible: set[int]) -> list[Contender]:
    return [Contender(n, r, n not in ineligible, s) for n, r, s in FIELD]


def paid(result: prizes.Paid) -> dict[str, tuple[tuple[int, ...], int]]:
    return {z.label: (z.numbers, z.each) for z in result.prizes}


def adds_up(result: prizes.Paid) -> None:
    assert sum(z.cents for z in result.prizes) + result.rounding_cents \
        + result.house_cents == result.pot_cents


def test_kohler_falls_pays_its_published_percents_in_whole_dollars() -> None:
    """12 entries at $25 = $300: 1st 30% = $90; 2nd and 3rd tied split
    15% + 10% = $75 → $37 each ($1 rounding); 4th 10% = $30, 5th 10% = $30;
    each session's high 5% = $15 (session 1: the withdrawn player's 41, he
    may win here; session 2: the walk-in's 33)."""
    plan = prize_presets.PRESETS["kohler_falls"].plan
    result = prizes.pay(plan, 12 * 2500, field(set()), 3, [1, 2])
    assert paid(result) == {
        "1st": ((1,), 9000), "2nd (tie)": ((2, 3), 3700), "4th": ((4,), 3000),
        "5th": ((5,), 3000), "Session 1 high": ((9,), 1500), "Session 2 high": ((7,), 1500)}
    assert result.rounding_cents == 100
    # 90% paid out: $270 of prizes planned less the unplayed session's $15
    assert result.house_cents == 30_000 - 9000 - 7400 - 6000 - 3000 - 100
    adds_up(result)


def test_a_cup_pays_a_fixed_first_prize_weights_of_the_rest_and_a_consolation() -> None:
    """12 entries at $20 = $240, all paid out: 1st $150 fixed, the lowest
    total $10 fixed, and what's left ($80) in shares 5, 4, 3, 2, 1 (of 15)
    to 2nd to 6th, whole dollars, the rounding carried to the next prize.
    The withdrawn player (9) is passed over: the ranking below 8th moves up."""
    plan = prize_presets.PRESETS["cup"].plan
    # $80.00 in 15 shares: 2,666.67 / 2,133.33 / 1,600 / 1,066.67 / 533.33 cents;
    # whole cents 2,666 + 2,133 + 1,600 + 1,066 + 533 = 7,998, and the 2 cents
    # left go to the largest fractions (.67: 2nd's and 5th's share)
    worth = [2667, 2133, 1600, 1067, 533]
    assert sum(worth) == 240_00 - 150_00 - 10_00
    # 2nd and 3rd tie: they split 2nd's and 3rd's shares; then 4th, 5th, 6th
    groups = [((2, 3), worth[0] + worth[1]), ((4,), worth[2]), ((5,), worth[3]),
              ((6,), worth[4])]
    expected: dict[str, tuple[tuple[int, ...], int]] = {"1st": ((1,), 150_00)}
    carry = 0
    labels = ["2nd (tie)", "4th", "5th", "6th"]
    for label, (numbers, exact) in zip(labels, groups, strict=True):
        cents = exact + carry
        each = cents // (100 * len(numbers)) * 100
        carry = cents - each * len(numbers)
        expected[label] = (numbers, each)
    assert expected["2nd (tie)"] == ((2, 3), 24_00) and expected["6th"] == ((6,), 6_00)
    # the consolation: the lowest eligible total, 11 and 12 tied at the bottom
    cents = 10_00 + carry
    each = cents // 200 * 100
    expected["Consolation (tie)"] = ((11, 12), each)
    result = prizes.pay(plan, 240_00, field(WITHDRAWN), 2, [1, 2])
    assert paid(result) == expected
    assert result.rounding_cents == cents - 2 * each
    assert result.house_cents == 0
    adds_up(result)


def test_a_club_final_pays_to_the_cent_with_the_rounding_to_first_place() -> None:
    """7 entries at $13.33 = $93.31, all paid out: 50/30/20 % to the cent;
    the walk-in (7) and the withdrawn (9) may win nothing; 2nd and 3rd tied
    split 30 % + 20 %; what cents leave goes to 1st."""
    plan = prize_presets.PRESETS["club_final"].plan
    pot = 7 * 1333
    half = Fraction(pot * 50, 100)  # 1st's 50 %, and 2nd's and 3rd's 30 + 20 % for two
    shared = int(half / 2)  # $23.32 each, exactly $23.3275
    first = int(half + (half - 2 * shared))  # $46.655 and the $0.015 the split leaves
    result = prizes.pay(plan, pot, field(WITHDRAWN | WALK_IN), 2, [1, 2])
    assert paid(result) == {"1st": ((1,), first), "2nd (tie)": ((2, 3), shared)}
    assert result.rounding_cents == 0
    assert result.house_cents == pot - first - 2 * shared == 0  # every cent is paid
    adds_up(result)


def test_before_anyone_wins_the_plan_shows_each_prize_at_the_pot() -> None:
    plan = prize_presets.PRESETS["cup"].plan
    shown = prizes.planned(plan, 240_00, 2)
    assert [(z.label, z.terms, z.cents) for z in shown.prizes] == [
        # the shares' cents 2,667 / 2,133 / 1,600 / 1,067 / 533, each in whole
        # dollars with what the one before left: 2,667 → $26 (67 on), 2,200,
        # 1,600, 1,067 → $10 (67 on), 600
        ("1st", "$150.00 fixed", 150_00), ("2nd", "5 shares of the rest", 26_00),
        ("3rd", "4 shares of the rest", 22_00), ("4th", "3 shares of the rest", 16_00),
        ("5th", "2 shares of the rest", 10_00), ("6th", "1 share of the rest", 6_00),
        ("Consolation", "$10.00 fixed", 10_00)]
    assert (shown.rounding_cents, shown.house_cents) == (0, 0)
    adds_up(shown)


def test_fixed_prizes_over_the_pot_are_added_by_the_house() -> None:
    plan = PrizePlan((Prize("place", 1, cents=150_00),), share=100)
    result = prizes.pay(plan, 5 * 10_00, field(set()), 1, [1])
    assert paid(result) == {"1st": ((1,), 150_00)}
    assert result.house_cents == 50_00 - 150_00
    adds_up(result)


@pytest.mark.parametrize(("data", "said"), [
    ({"prizes": [{"kind": "place", "place": 1}]}, "pays one way"),
    ({"prizes": [{"kind": "place", "cents": 100, "percent": 5}]}, "pays one way"),
    ({"prizes": [{"kind": "raffle", "cents": 100}]}, "Each prize has a kind"),
    ({"prizes": [{"kind": "place", "percent": 60}, {"kind": "place", "place": 2,
                                                    "percent": 50}]}, "110% of the pot"),
    ({"prizes": [], "rounding": "nickel"}, "rounding must be one of: dollar, cent"),
    ({"prizes": [], "remainder": "charity"}, "remainder must be one of"),
    ({"prizes": [], "odd": 1}, "A prize plan has no odd"),
    ({"prizes": [{"kind": "place", "percent": -5}]}, "from 0 to 100"),
    ({"prizes": [{"kind": "place", "cents": 100, "goods": "a ham"}]}, "pays one way"),
    ({"prizes": [{"kind": "place", "goods": "x" * 61}]}, "up to 60 characters"),
    ({"prizes": [], "side_pots": [{"key": "Side Pot", "name": "Side", "entry_cents": 500,
                                   "prizes": []}]}, "A side pot's key is"),
    ({"prizes": [], "side_pots": [{"key": "side", "name": "", "entry_cents": 500,
                                   "prizes": []}]}, "needs a name"),
    ({"prizes": [], "side_pots": [{"key": "side", "name": "Side", "entry_cents": 0,
                                   "prizes": []}]}, "entry_cents must be a whole number"),
    ({"prizes": [], "side_pots": [{"key": "side", "name": "Side", "entry_cents": 500,
                                   "prizes": [], "side_pots": []}]}, "A side pot has no side_pots"),
    ({"prizes": [], "side_pots": [{"key": "side", "name": "Side", "entry_cents": 500,
                                   "prizes": [{"kind": "place", "percent": 70},
                                              {"kind": "place", "place": 2, "percent": 40}]}]},
     "110% of the pot"),
    ({"prizes": [], "side_pots": [{"key": "a", "name": "A", "entry_cents": 5, "prizes": []},
                                  {"key": "a", "name": "B", "entry_cents": 5, "prizes": []}]},
     "Each side pot has its own key"),
])
def test_a_plan_that_cant_be_paid_is_refused_in_words(data: dict[str, object],
                                                      said: str) -> None:
    with pytest.raises(ValueError, match=said):
        prize_data.from_dict(data)


def test_a_plan_round_trips_as_data() -> None:
    for preset in prize_presets.PRESETS.values():
        assert prize_data.from_dict(preset.plan.to_dict()) == preset.plan
    with_side = prize_data.from_dict({"prizes": [{"kind": "place", "percent": 50}],
                                      "side_pots": [{"key": "side", "name": "Side  pot",
                                                     "entry_cents": 500, "prizes": [
                                                         {"kind": "place", "percent": 60},
                                                         {"kind": "place", "place": 2,
                                                          "percent": 40}]}]})
    pot = with_side.side_pots[0]
    # a side pot pays out everything, to the cent, what rounding leaves to its 1st
    assert (pot.name, pot.plan.share, pot.plan.unit_cents, pot.plan.remainder) == (
        "Side pot", 100, 1, "first")
    assert prize_data.from_dict(with_side.to_dict()) == with_side


def test_a_prize_in_kind_names_its_winners_and_pays_no_money() -> None:
    plan = PrizePlan((Prize("place", 1, cents=15_000), Prize("place", 2, goods="a deer"),
                      Prize("last", 1, goods="a case of beer")), share=0)
    ranked = [Contender(n, rank, True) for n, rank in ((4, 1), (7, 2), (2, 2), (9, 4))]
    paid = prizes.pay(plan, 4 * 2_000, ranked, 1, [1])
    assert [(z.label, z.numbers, z.cents, z.goods) for z in paid.prizes] == [
        ("1st", (4,), 15_000, ""), ("2nd (tie)", (7, 2), 0, "a deer"),
        ("Consolation", (9,), 0, "a case of beer")]
    assert paid.house_cents == 8_000 - 15_000  # the house adds $70


PRIZE = st.builds(
    lambda kind, place, how, amount: Prize(kind, place, **{how: amount}),
    st.sampled_from(prizes.KINDS), st.integers(1, 6),
    st.sampled_from(["cents", "percent", "weight"]), st.integers(1, 30))
PLAN = st.builds(PrizePlan, st.lists(PRIZE, max_size=8).map(tuple), st.integers(0, 100),
                 st.sampled_from([1, 100]), st.sampled_from(list(prizes.REMAINDERS)),
                 st.booleans(), st.booleans())


@given(PLAN, st.integers(0, 60), st.integers(0, 10_000),
       st.lists(st.integers(0, 5), min_size=0, max_size=15), st.integers(1, 3))
def test_any_plan_at_any_pot_adds_up_and_pays_in_its_unit(
        plan: PrizePlan, entries: int, fee: int, gaps: list[int], sessions: int) -> None:
    contenders, rank = [], 1
    for n, gap in enumerate(gaps, 1):
        rank += 1 if gap else 0
        contenders.append(Contender(n, rank, gap != 3, {s: gap * s for s in
                                                         range(1, sessions + 1)}))
    for result in (prizes.pay(plan, entries * fee, contenders, sessions,
                              list(range(1, sessions + 1))),
                   prizes.planned(plan, entries * fee, sessions)):
        adds_up(result)
        assert result.rounding_cents >= 0
        for z in result.prizes:
            assert z.each % plan.unit_cents == 0 and z.cents == z.each * max(len(z.numbers), 1)
            assert all(contenders[n - 1].eligible for n in z.numbers)
        if prize_data.overpaid(plan, sessions) is None and not any(z.cents for z in plan.prizes):
            assert result.house_cents >= 0


def test_a_session_high_after_penalties_takes_each_sessions_penalty_off() -> None:
    """Session 1's 41 was fined 12 in session 1: 29 is below player 1's 40."""
    plan = PrizePlan((Prize("session_high", percent=5),), highs_after_penalties=True)
    fined = [Contender(n, r, True, {s: p - (12 if (n, s) == (9, 1) else 0)
                                    for s, p in scores.items()}) for n, r, scores in FIELD]
    result = prizes.pay(plan, 10_000, fined, 2, [1])
    assert paid(result) == {"Session 1 high": ((1,), 500)}
    before = prizes.pay(PrizePlan((Prize("session_high", percent=5),)), 10_000,
                        field(set()), 2, [1])
    assert paid(before) == {"Session 1 high": ((9,), 500)}
    assert prize_data.from_dict(plan.to_dict()) == plan
