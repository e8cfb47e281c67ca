"""The running-balance chart's geometry (pure: no app, no database)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from scorekeeper.ledger.chart import PALETTE, running_chart


def points(chart_line: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (p.split(",") for p in chart_line.split())]


def test_every_player_gets_one_line_starting_at_zero_before_the_first_hand() -> None:
    chart = running_chart(["Ann", "Bob"], [{"Ann": 2, "Bob": -2}, {"Ann": 1, "Bob": -1}])
    assert [line.name for line in chart.lines] == ["Ann", "Bob"]
    for line in chart.lines:
        xs_ys = points(line.points)
        assert len(xs_ys) == 3
        assert xs_ys[0] == (chart.left, chart.zero_y)
    assert [line.last for line in chart.lines] == [1, -1]


def test_the_highest_balance_is_at_the_top_and_the_lowest_at_the_bottom() -> None:
    chart = running_chart(["Ann", "Bob"], [{"Ann": 4, "Bob": -4}, {"Ann": 8, "Bob": -8}])
    ann, bob = (points(line.points) for line in chart.lines)
    assert ann[-1] == (chart.right, chart.top)
    assert bob[-1] == (chart.right, chart.bottom)
    assert (chart.high, chart.low) == (8, -8)
    assert chart.zero_y == pytest.approx((chart.top + chart.bottom) / 2, abs=0.1)


def test_hands_are_spread_evenly_across_the_width() -> None:
    chart = running_chart(["Ann"], [{"Ann": 1}] * 4)
    xs = [x for x, _ in points(chart.lines[0].points)]
    steps = {round(b - a, 1) for a, b in zip(xs, xs[1:], strict=False)}
    assert len(steps) == 1
    assert xs[0] == chart.left and xs[-1] == chart.right


def test_the_range_always_includes_zero() -> None:
    chart = running_chart(["Ann"], [{"Ann": 5}, {"Ann": 7}])
    assert chart.low == 0
    assert chart.zero_y == chart.bottom


@pytest.mark.parametrize("balances", [[], [{"Ann": 0, "Bob": 0}]])
def test_a_night_without_winnings_is_a_flat_line_in_the_middle(balances: list) -> None:
    chart = running_chart(["Ann", "Bob"], balances)
    assert chart.high > chart.low
    assert chart.top < chart.zero_y < chart.bottom
    assert chart.hands == len(balances)


def test_a_player_missing_from_early_hands_counts_as_zero_there() -> None:
    chart = running_chart(["Ann", "Zed"], [{"Ann": 2}, {"Ann": 1, "Zed": 3}])
    zed = points(chart.lines[1].points)
    assert zed[1][1] == chart.zero_y
    assert chart.lines[1].last == 3


def test_twelve_players_get_twelve_different_colours_and_later_ones_dashes() -> None:
    names = [f"P{i}" for i in range(12)]
    chart = running_chart(names, [dict.fromkeys(names, 0)])
    assert len({line.color for line in chart.lines}) == 12 == len(PALETTE)
    assert chart.lines[0].dash == "" and chart.lines[4].dash != ""


def test_the_chart_module_loads_neither_flask_nor_sqlalchemy() -> None:
    code = ("import sys, scorekeeper.ledger.chart; "
            "print(sorted(m for m in ('flask', 'sqlalchemy', 'wtforms') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
