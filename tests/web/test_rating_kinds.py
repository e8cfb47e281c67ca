"""The rating says what it is: all time is the lifetime rating (every game
alike, fitted together), a season the form (game by game).  A league whose
strongest player declines in its last seasons: all time still ranks him
first, as his lifetime money does; his last season ranks him last, as that
season's money does; each page and answer names its kind."""

from __future__ import annotations

import random
from datetime import date, timedelta
from typing import Any

from flask.testing import FlaskClient

from tests.web.test_group_round_trip import _night

API = "/api/v1"
PLAYERS = ["Dec", "Abe", "Bea", "Cy", "Di", "Ed", "Flo"]
#: Each player's planted skill; Dec's falls to the bottom for the last third.
SKILL = {"Dec": 1.0, "Abe": 0.3, "Bea": 0.1, "Cy": 0.0, "Di": -0.1, "Ed": -0.2, "Flo": -0.3}


def _declining_league(nights: int = 600) -> tuple[dict[str, Any], dict[str, int], dict[str, int]]:
    """A group's file of ``nights`` nights of totals, every sixth day from
    2004 (the last third from 2010-07 on, Dec at -0.6), and the lifetime and
    last-season sums of points."""
    rng = random.Random(3)
    skill, made = dict(SKILL), []
    lifetime, last = dict.fromkeys(PLAYERS, 0), dict.fromkeys(PLAYERS, 0)
    first = date(2004, 1, 5)
    final_year = (first + timedelta(days=6 * (nights - 1))).year
    for k in range(nights):
        if k == 2 * nights // 3:
            skill["Dec"] = -0.6
        day = first + timedelta(days=6 * k)
        five = rng.sample(PLAYERS, 5)
        raw = {n: round(10 * (skill[n] + rng.gauss(0, 1.2))) for n in five}
        mean = sum(raw.values()) // 5
        totals = {n: v - mean for n, v in raw.items()}
        totals[five[0]] -= sum(totals.values())
        for name, points in totals.items():
            lifetime[name] += points
            if day.year == final_year:
                last[name] += points
        made.append(_night(day, totals))
    return ({"format": "sheepshead-scorekeeper-group/1", "name": "Lunch league",
             "players": PLAYERS, "preset": "called-ace", "options": {}, "stake_cents": 25,
             "rating": True, "nights": made, "aliases": []}, lifetime, last)


def _ranked(answer: dict[str, Any]) -> list[str]:
    return [row["name"] for row in answer["ratings"]]


def test_all_time_is_the_lifetime_rating_and_a_season_the_form(client: FlaskClient) -> None:
    league, lifetime, last = _declining_league()
    made = client.post(f"{API}/groups/import", json=league).get_json()
    run = {"Authorization": f"Bearer {made['edit_token']}"}
    final_year = league["nights"][-1]["played_on"][:4]

    always = client.get(f"{API}/groups/{made['id']}/standings?season=all", headers=run)
    always_json = always.get_json()
    assert always_json["rating_kind"] == "lifetime"
    assert max(lifetime, key=lifetime.__getitem__) == "Dec"
    assert _ranked(always_json)[0] == "Dec"

    season = client.get(f"{API}/groups/{made['id']}/standings?season={final_year}",
                        headers=run).get_json()
    assert season["rating_kind"] == "form"
    assert min(last, key=last.__getitem__) == "Dec"
    assert _ranked(season)[-1] == "Dec"

    player = client.get(f"{API}/groups/{made['id']}/players/Dec?season=all",
                        headers=run).get_json()
    assert player["rating_kind"] == "lifetime" and player["rating"]["rank"] == 1

    token = made["view_token"]
    page = client.get(f"/gs/{token}?season=all").get_data(as_text=True)
    assert 'data-kind="lifetime">Lifetime</th>' in page
    assert "every game since the first counts alike" in page
    page = client.get(f"/gs/{token}?season={final_year}").get_data(as_text=True)
    assert 'data-kind="form">Form</th>' in page and "follows how a player has done lately" in page
