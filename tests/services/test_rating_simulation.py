"""The skill rating against money on simulated groups (rating_simulation.py):
seven players with two planted strong and two planted weak, real engine
hands and payouts, the side with stronger players winning more often.  The
rating, as the pages rank it (settled ratings first, then the provisional
ones: docs/rating.md, "Provisional"), never ranks a player of a few nights
above a settled regular, and still names the two strong players first more
often than money does, with drop-ins of a few nights or without."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rating.ladder import SETTLED_NIGHTS
from tests.services.rating_simulation import (
    FEW,
    GUESTS,
    SKILLS,
    bounds,
    few_above,
    hit_rates,
    ranking,
    rated,
    simulate,
)


@pytest.mark.slow
def test_the_rating_ranks_the_strong_players_first_more_often_than_money() -> None:
    rating, money, _ = hit_rates(range(200))
    assert rating > money, (rating, money)


@pytest.mark.slow
def test_with_drop_ins_the_rating_still_ranks_the_strong_players_first_more_often() -> None:
    """Three drop-ins of one, two and three nights take regulars' seats: the
    order with provisional ratings names the strong two more often than
    money, and the bound costs less than it did not to have one lets
    through (a player of a few nights above a settled stronger one)."""
    (none, bound), money = bounds(range(200), (0, SETTLED_NIGHTS), guests=(1, 2, 3))
    assert bound.rating > money, (bound, money)
    assert bound.few_above == 0 < none.few_above, (none, bound)


def test_in_a_few_groups_the_strong_players_rate_above_the_rest() -> None:
    above = 0
    for seed in range(6):
        season = simulate(seed, nights=6)
        skills = rated(season).skills
        strong = [skills[n].mu for n in season.strong]
        rest = [skill.mu for name, skill in skills.items() if name not in season.strong]
        above += sum(strong) / len(strong) > sum(rest) / len(rest)
    assert above >= 5 and SKILLS.count(max(SKILLS)) == len(season.strong)


def test_the_bound_settles_more_nights_than_a_few() -> None:
    assert SETTLED_NIGHTS > FEW


@settings(max_examples=12)
@given(seed=st.integers(0, 2**32), guests=st.lists(st.integers(1, FEW), min_size=1,
                                                  max_size=len(GUESTS)),
       paper=st.booleans())
def test_a_player_of_a_few_nights_never_ranks_above_a_settled_regular(
        seed: int, guests: list[int], paper: bool) -> None:
    """Whatever the group and its drop-ins, whether it kept hands or totals:
    every settled rating comes before every rating of a few nights."""
    season = simulate(seed, nights=8, hands=20, guests=tuple(guests), paper=paper)
    skills = rated(season).skills
    order = ranking(skills)
    settled = [i for i, name in enumerate(order) if not skills[name].provisional]
    few = [i for i, name in enumerate(order) if skills[name].nights <= FEW]
    assert few and (not settled or max(settled) < min(few)), order
    assert not few_above(season, skills, order, SETTLED_NIGHTS)
    assert all(skills[guest].provisional for guest in GUESTS[:len(guests)])


def test_by_the_number_alone_a_player_of_a_few_nights_does_rank_above_a_regular() -> None:
    """What the bound is for: without it, a drop-in of a few nights comes
    before a settled regular he is weaker than in some of the same groups."""
    seen = 0
    for seed in range(12):
        season = simulate(seed, nights=8, hands=20, guests=(1, 2, 3))
        skills = rated(season).skills
        seen += few_above(season, skills, ranking(skills, 0), SETTLED_NIGHTS)
        assert not few_above(season, skills, ranking(skills), SETTLED_NIGHTS)
    assert seen
