"""The tie rules a director chooses from, on a field with a three-way tie for
3rd: each rule ranks as its tie-breaks say, says what broke each tie or that
the place is shared, and the prizes come out to the cent as worked out here
by hand from the pot and the plan."""

from __future__ import annotations

import pytest

from scorekeeper.ledger.events import TIE_RULES, Line, payout, rank, tie_notes

#: Six players, two sessions: Cal, Dot and Eve all end on 24 (3rd to 5th);
#: Dot's best session is 15, Cal's and Eve's 14; Eve took 2 penalty points.
LINES = [
    Line(1, "Ann", (20, 20), 0, 0, frozenset({1, 2})),
    Line(2, "Bob", (20, 10), 0, 1, frozenset({1, 2})),
    Line(3, "Cal", (10, 14), 0, 2, frozenset({1, 2})),
    Line(4, "Dot", (15, 9), 0, 3, frozenset({1, 2})),
    Line(5, "Eve", (14, 12), 2, 4, frozenset({1, 2})),
    Line(6, "Fay", (-79, -65), 0, 5, frozenset({1, 2})),
]
POT = 6 * 5000  # six entries of $50
PLACES = (30, 20, 15, 10, 5)


def _prizes(rule: str) -> dict[str, tuple[str, ...] | int]:
    ranked = rank(LINES, TIE_RULES[rule].breaks)
    paid = payout(6, 5000, PLACES, 0, 100, ranked, ())
    return {z.label: (tuple(n for n in z.numbers), z.cents) for z in paid.prizes}


def test_the_standard_rule_separates_everyone_and_says_how() -> None:
    ranked = rank(LINES, TIE_RULES["standard"].breaks)
    assert [(r.name, r.rank) for r in ranked] == [
        ("Ann", 1), ("Bob", 2), ("Dot", 3), ("Cal", 4), ("Eve", 5), ("Fay", 6)]
    assert tie_notes(LINES, ranked, TIE_RULES["standard"].breaks) == (
        "3rd: Dot ahead of Cal on 24 — best session 15 against 14",
        "4th: Cal ahead of Eve on 24 — 0 penalty points against 2")
    # every prize whole to one player: 15 %, 10 %, 5 % of $300
    prizes = _prizes("standard")
    assert prizes["3rd"] == ((4,), 4500) and prizes["4th"] == ((3,), 3000)
    assert prizes["5th"] == ((5,), 1500)


def test_best_session_then_split_shares_what_it_cant_break() -> None:
    ranked = rank(LINES, TIE_RULES["best_session"].breaks)
    assert [(r.name, r.rank) for r in ranked][2:5] == [("Dot", 3), ("Cal", 4), ("Eve", 4)]
    assert tie_notes(LINES, ranked, TIE_RULES["best_session"].breaks) == (
        "3rd: Dot ahead of Cal on 24 — best session 15 against 14",
        "Cal and Eve share 4th on 24: equal on every tie-break, they split its prizes")
    # Cal and Eve split 4th's and 5th's 10 % + 5 % of $300 = $45: $22 each (whole dollars)
    prizes = _prizes("best_session")
    assert prizes["3rd"] == ((4,), 4500)
    assert prizes["4th (tie)"] == ((3, 5), 4400)


@pytest.mark.parametrize("rule", ["total"])
def test_total_only_splits_the_three_way_tie(rule: str) -> None:
    ranked = rank(LINES, TIE_RULES[rule].breaks)
    assert {r.name for r in ranked if r.rank == 3} == {"Cal", "Dot", "Eve"}
    assert tie_notes(LINES, ranked, TIE_RULES[rule].breaks) == (
        "Cal, Dot and Eve share 3rd on 24: equal on every tie-break, they split its prizes",)
    # 15 + 10 + 5 % of $300 = $90, three ways: $30 each
    assert _prizes(rule)["3rd (tie)"] == ((3, 4, 5), 9000)


def test_every_rule_has_its_two_line_example_and_the_default_breaks_every_tie() -> None:
    assert next(iter(TIE_RULES)) == "standard"
    for rule in TIE_RULES.values():
        assert len(rule.example) == 2 and all(rule.example) and rule.breaks[0] == "total"
