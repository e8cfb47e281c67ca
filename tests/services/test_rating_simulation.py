"""The skill rating against money on simulated groups (rating_simulation.py):
seven players with two planted strong and two planted weak, real engine
hands and payouts, the side with stronger players winning more often.  The
rating names the two strong players first more often than money does."""

from __future__ import annotations

import pytest

from tests.services.rating_simulation import SKILLS, hit_rates, rated, simulate


@pytest.mark.slow
def test_the_rating_ranks_the_strong_players_first_more_often_than_money() -> None:
    rating, money, _ = hit_rates(range(200))
    assert rating > money, (rating, money)


def test_in_a_few_groups_the_strong_players_rate_above_the_rest() -> None:
    above = 0
    for seed in range(6):
        season = simulate(seed, nights=6)
        skills = rated(season).skills
        strong = [skills[n].mu for n in season.strong]
        rest = [skill.mu for name, skill in skills.items() if name not in season.strong]
        above += sum(strong) / len(strong) > sum(rest) / len(rest)
    assert above >= 5 and SKILLS.count(max(SKILLS)) == len(season.strong)
