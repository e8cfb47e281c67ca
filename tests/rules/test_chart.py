"""The payout chart: each cell is what ``score`` pays for that outcome, the
sheephead-4 chart is seed 002's printed tables, and every row sums to zero.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import OUTCOMES, PRESETS, Hand, Tricks, make_rules, payout_chart, score

# seed 002, "Base Payout Schedule", top row to bottom row.
SEED_002_TWO_V_TWO = [(3, 3, -3), (2, 2, -2), (1, 1, -1), (-2, -2, 2), (-4, -4, 4),
                      (-6, -6, 6)]
SEED_002_THREE_V_ONE = [(27, -9), (18, -6), (9, -3), (-18, 6), (-36, 12), (-54, 18)]


def test_sheephead_4_chart_is_the_seed_002_payout_schedule() -> None:
    chart = payout_chart(make_rules("sheephead-4"))
    assert (chart.partners, chart.defenders_with_partner, chart.defenders_alone) == (1, 2, 3)
    assert [(r.with_partner["picker"], r.with_partner["partner"], r.with_partner["defender"])
            for r in chart.rows if r.with_partner] == SEED_002_TWO_V_TWO
    assert [(r.alone["picker"], r.alone["defender"]) for r in chart.rows] == \
        SEED_002_THREE_V_ONE


def test_sheephead_4_doubled_chart_is_the_hand_of_doubles() -> None:
    chart = payout_chart(make_rules("sheephead-4"), doubling=1)
    assert [(r.alone["picker"], r.alone["defender"]) for r in chart.rows] == [
        (2 * a, 2 * b) for a, b in SEED_002_THREE_V_ONE]


def _seats(n: int) -> tuple[str, ...]:
    return tuple(f"P{i}" for i in range(n))


def _partners_for(preset: str, seated: tuple[str, ...], count: int) -> tuple[str, ...]:
    """Partners of P1 (the picker here): the right-hand seat first when it must be."""
    if count == 2:
        return (seated[0], seated[3])
    return (seated[0],) if preset == "six-handed" else (seated[3],)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("doubling", [0, 1])
def test_every_chart_cell_is_what_score_pays(preset: str, doubling: int) -> None:
    rules = make_rules(preset)
    chart = payout_chart(rules, doubling)
    seated = _seats(rules.seats)
    picker = seated[1]
    assert [r.key for r in chart.rows] == [o[0] for o in OUTCOMES]
    for row in chart.rows:
        loner = Hand(picker=picker, alone=rules.has_partner, points=row.points,
                     tricks=row.tricks)
        paid = score(rules, loner, seated, doubling)
        assert paid[picker] == row.alone["picker"]
        assert {paid[n] for n in seated if n != picker} == {row.alone["defender"]}
        if not rules.has_partner:
            assert row.with_partner is None
            continue
        assert row.with_partner is not None
        partners = _partners_for(preset, seated, chart.partners)
        paid = score(rules, Hand(picker=picker, partners=partners, points=row.points,
                                 tricks=row.tricks), seated, doubling)
        assert paid[picker] == row.with_partner["picker"]
        assert {paid[n] for n in partners} == {row.with_partner["partner"]}
        assert {paid[n] for n in seated if n != picker and n not in partners} == {
            row.with_partner["defender"]}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_chart_row_sums_to_zero(preset: str) -> None:
    chart = payout_chart(make_rules(preset))
    for row in chart.rows:
        assert row.alone["picker"] + chart.defenders_alone * row.alone["defender"] == 0
        if row.with_partner:
            cell = row.with_partner
            assert (cell["picker"] + chart.partners * cell["partner"]
                    + chart.defenders_with_partner * cell["defender"]) == 0


@pytest.mark.parametrize(("preset", "partners", "defenders", "alone"), [
    ("called-ace", 1, 3, 4), ("six-handed", 2, 3, 5), ("seven-handed", 2, 4, 6),
    ("three-handed", 0, 0, 2), ("two-handed", 0, 0, 1), ("four-handed", 0, 0, 3),
])
def test_chart_counts_the_sides(preset: str, partners: int, defenders: int, alone: int
                                ) -> None:
    chart = payout_chart(make_rules(preset))
    assert (chart.partners, chart.defenders_with_partner, chart.defenders_alone) == (
        partners, defenders, alone)


def test_chart_outcomes_fall_on_the_same_side_of_every_schneider_line() -> None:
    for line in ("at-30", "under-30", "31-both"):
        chart = payout_chart(make_rules("three-handed", {"schneider_line": line}))
        assert [r.alone["picker"] for r in chart.rows] == [6, 4, 2, -4, -8, -12]


def test_chart_rows_name_their_outcome() -> None:
    rows = payout_chart(make_rules("called-ace")).rows
    assert [(r.points, r.tricks) for r in rows] == [
        (120, Tricks.ALL), (95, Tricks.SOME), (75, Tricks.SOME), (45, Tricks.SOME),
        (20, Tricks.SOME), (0, Tricks.NONE)]
    assert all(r.label for r in rows)


def test_the_chart_prices_the_other_hands_the_table_plays() -> None:
    # docs/rules.md §9: one loser of five pays 4; two tied losers pay 3 each and the
    # other three get 2 each; §7: a leaster won pays +4 / −1; §5: IMSA's renege −32 / +8.
    def others(preset: str, doubling: int = 0, **options: object) -> dict[str, tuple[int, int]]:
        chart = payout_chart(make_rules(preset, options), doubling)
        return {r.key: (r.alone["named"], r.alone["other"]) for r in chart.others}

    assert others("called-ace", nobody_picks="schwanzer") == {
        "schwanzer": (-4, 1), "schwanzer-two": (-3, 2), "board": (-4, 1)}
    assert others("called-ace") == {"leaster": (4, -1), "board": (-4, 1)}
    assert others("called-ace", 1) == {"leaster": (8, -2), "board": (-4, 1)}
    assert others("imsa") == {"renege": (-32, 8)}
    assert others("jack-of-diamonds") == {"leaster": (4, -1)}
