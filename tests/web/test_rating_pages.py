"""The skill rating on a group's pages and in its API answers: the season
table (the scorekeeper's and the share link's) shows each player's rating,
its trend and games; a player's page adds the best partner and the toughest
opponent; both say what the number means.  Editing a hand changes it; a
night of totals brought in from paper is one game ranked by its totals.  A
rating of fewer than SETTLED_NIGHTS nights is provisional: lighter, marked,
ranked after the settled ones; a player's page on nights of totals says the
hands and partners weren't recorded rather than showing zeros."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rating.ladder import SETTLED_NIGHTS
from tests.fixtures_app import words
from tests.kept_worlds import kept_world
from tests.web.api_helpers import API
from tests.web.sheet_helpers import auth, group_version
from tests.web.test_groups_api import FIVE, ApiGroup, start_group

#: Ann and Cat win together; Bob loses as picker, Eve too, with Ann.
ANN_AND_CAT = {"picker": "Ann", "partners": ["Cat"], "points": 80}
BOB_LOSES = {"picker": "Bob", "partners": ["Dan"], "points": 40}
EVE_AND_ANN_LOSE = {"picker": "Eve", "partners": ["Ann"], "points": 30}
NIGHT = [ANN_AND_CAT, BOB_LOSES, ANN_AND_CAT, EVE_AND_ANN_LOSE,
         {"kind": "leaster", "winner": "Eve"}, {"kind": "leaster", "winner": "Ann"}]
DATES = ("2026-01-08", "2026-01-15", "2026-01-22", "2026-01-29", "2026-02-05")


@pytest.fixture()
def season(request: pytest.FixtureRequest, app: Flask, client: FlaskClient) -> ApiGroup:
    """Five nights of the same six hands in 2026; this client runs the group
    (built once per module: :mod:`tests.kept_worlds`)."""
    return ApiGroup(client, kept_world(request, app, client, _season))


def _season(app: Flask, client: FlaskClient) -> dict[str, Any]:
    group = start_group(client)
    for day in DATES:
        group.night(day, hands=NIGHT, close=True)
    with client.session_transaction() as session:
        session["groups"] = {str(group.id): group.edit_token}
    return dict(group.body)


def _ratings(page: str) -> dict[str, int]:
    return {name: int(value) for name, value in re.findall(
        r'data-player="([^"]+)">.*?data-rating="(\d*)"', page, re.S) if value}


def test_the_season_table_shows_each_players_rating_trend_and_games(
        client: FlaskClient, season: ApiGroup) -> None:
    page = words(client.get(f"/g/{season.id}/season?season=2026"))
    ratings = _ratings(page)
    assert set(ratings) == set(FIVE)
    assert ratings["Ann"] > ratings["Bob"] and ratings["Cat"] > ratings["Dan"]
    assert "30 games" in page  # every player was in every one of the 30 hands
    assert re.search(r"▲\d+", page)  # the last three nights moved the winners up
    assert "Rating</strong> is skill, not money" in page
    said = " ".join(page.split())
    assert "the change over the last 3 nights (“new”: not rated before them)" in said


def test_the_share_page_shows_the_same_ratings(client: FlaskClient, season: ApiGroup) -> None:
    mine = _ratings(words(client.get(f"/g/{season.id}/season?season=2026")))
    shared = client.get(f"/gs/{season.view_token}?season=2026")
    assert shared.status_code == 200
    assert _ratings(words(shared)) == mine
    assert "is skill, not money" in words(shared)


def test_a_players_page_shows_rating_partner_and_opponent(client: FlaskClient,
                                                         season: ApiGroup) -> None:
    answer = season.get("/players/Ann?season=2026").get_json()["rating"]
    for url in (f"/g/{season.id}/players/Ann?season=2026",
                f"/gs/{season.view_token}/players/Ann?season=2026"):
        page = words(client.get(url))
        rating = re.search(r'id="player-rating"><strong>(\d+)</strong>', page)
        assert rating and int(rating[1]) == answer["rating"], url
        assert f"rank {answer['rank']} of 5" in page and "30 games" in page
        assert re.search(r'id="best-partner">Cat\s*<span class="muted">· won 10 of 10 hands '
                         r"together", page), url
        # Ann lost 5 hands to each of Bob, Cat and Dan; Cat was against her in those 5 only
        assert re.search(r'id="toughest-opponent">Cat\s*<span class="muted">· lost 5 of 5 '
                         r"hands against", page), url
        assert "is skill, not money" in page


def test_the_toughest_opponent_is_whom_one_lost_to_most(client: FlaskClient,
                                                      season: ApiGroup) -> None:
    page = words(client.get(f"/g/{season.id}/players/Bob?season=2026"))
    # Bob lost 15 hands to Ann and to Cat (his five picks, their ten); Ann was
    # against him in Eve's five picks too, which Bob won: Cat beat him every time.
    assert re.search(r'id="toughest-opponent">Cat\s*<span class="muted">· lost 15 of 15 '
                     r"hands against", page)
    assert 'id="best-partner">—' in page  # his side never won


def test_a_season_of_one_night_has_ratings_but_no_trend_yet(client: FlaskClient) -> None:
    group = start_group(client)
    group.night("2026-03-05", hands=[{"kind": "leaster", "winner": "Ann"}])
    page = words(client.get(f"/gs/{group.view_token}?season=2026"))
    assert len(_ratings(page)) == 5 and "is skill, not money" in page
    assert page.count(">new</span>") == 5  # nobody was rated before the last nights
    assert "not rated before the last 1 night, so no trend yet" in " ".join(page.split())
    assert "▲▼" not in page


def test_a_season_with_no_game_in_it_shows_a_dash_for_the_rating(client: FlaskClient) -> None:
    group = start_group(client)
    group.night("2026-03-05", hands=[{"kind": "misdeal"}])
    page = words(client.get(f"/gs/{group.view_token}?season=2026"))
    assert 'data-player="Ann"' in page and _ratings(page) == {}
    assert page.count('data-rating="">—</td>') == 5 and "is skill, not money" not in page
    player = words(client.get(f"/gs/{group.view_token}/players/Ann?season=2026"))
    assert 'id="player-rating">—' in player and 'id="best-partner">—' in player


def test_editing_a_hand_changes_the_rating(client: FlaskClient, season: ApiGroup) -> None:
    before = _ratings(words(client.get(f"/gs/{season.view_token}?season=2026")))
    night = client.post(f"{API}/tables", headers=season.auth(), json={
        "group": season.id, "played_on": "2026-02-12"}).get_json()
    auth = {"Authorization": f"Bearer {night['edit_token']}"}
    assert client.post(f"{API}/tables/{night['id']}/hands", json=ANN_AND_CAT,
                       headers=auth).status_code == 201
    won = _ratings(words(client.get(f"/gs/{season.view_token}?season=2026")))
    assert won["Ann"] > before["Ann"]
    lost = client.put(f"{API}/tables/{night['id']}/hands/1", headers=auth,
                      json={**ANN_AND_CAT, "points": 50})
    assert lost.status_code == 200, lost.get_json()
    after = _ratings(words(client.get(f"/gs/{season.view_token}?season=2026")))
    assert after["Ann"] < won["Ann"] and after["Bob"] > won["Bob"]


# --- the API -------------------------------------------------------------------------

def test_the_standings_answer_the_ratings_best_first(season: ApiGroup) -> None:
    body: dict[str, Any] = season.get("/standings?season=2026").get_json()
    rated = body["ratings"]
    assert {r["name"] for r in rated[:2]} == {"Ann", "Cat"}  # each won 4 hands of 6
    assert {r["name"] for r in rated[-2:]} == {"Bob", "Dan"}  # each won 1 hand of 6
    assert [r["rank"] for r in rated] == sorted(r["rank"] for r in rated)
    first = rated[0]
    assert set(first) == {"rank", "name", "rating", "trend", "games", "nights", "provisional",
                          "mu", "sigma"}
    assert first["games"] == 30 and isinstance(first["trend"], int)
    assert (first["nights"], first["provisional"]) == (5, False)
    assert body["rating_trend_nights"] == 3 and body["rating_settled_nights"] == SETTLED_NIGHTS
    page_rating = season.get("/players/Ann?season=2026").get_json()["rating"]
    assert page_rating == next(r for r in rated if r["name"] == "Ann")


def test_a_players_answer_has_rating_partner_and_opponent(season: ApiGroup) -> None:
    ann = season.get("/players/Ann?season=2026", token=season.view_token).get_json()
    assert ann["rating"]["rank"] in (1, 2) and ann["rating"]["games"] == 30
    assert ann["best_partner"] == {"name": "Cat", "won": 10, "together": 10}
    assert ann["toughest_opponent"] == {"name": "Cat", "lost": 5, "against": 5}
    nobody = season.get("/players/Ann?season=2025").get_json()
    assert (nobody["rating"], nobody["best_partner"], nobody["toughest_opponent"]) \
        == (None, None, None)


# --- nights of totals ------------------------------------------------------------------

def test_a_night_of_totals_is_one_game_ranked_by_the_totals(app: Flask,
                                                            client: FlaskClient) -> None:
    """Two nights brought in from paper: Ann tops the first and ties Bob on the
    second; Cathy is last, then ties Dan for last."""
    made = client.post(f"{API}/groups", json={
        "name": "Thursday", "players": ["Ann", "Bob", "Cathy", "Dan"]}).get_json()
    sheet = "Date,Ann,Bob,Cathy,Dan\n2025-01-13,26,-3,-14,-9\n2025-01-20,10,10,-10,-10\n"
    brought = client.post(f"{API}/groups/{made['id']}/import", headers=auth(made["edit_token"]),
                          json={"sheet": sheet, "confirm": True,
                                "version": group_version(app, made["id"])})
    assert brought.status_code == 200, brought.get_json()
    body = client.get(f"{API}/groups/{made['id']}/standings?season=2025",
                      headers=auth(made["view_token"])).get_json()
    assert [r["name"] for r in body["ratings"]] == ["Ann", "Bob", "Dan", "Cathy"]
    assert {r["games"] for r in body["ratings"]} == {2}
    ann = client.get(f"{API}/groups/{made['id']}/players/Ann?season=2025",
                     headers=auth(made["view_token"])).get_json()
    assert ann["best_partner"] is None and ann["toughest_opponent"] is None  # no sides
    page = words(client.get(f"/gs/{made['view_token']}/players/Ann?season=2025"))
    assert 'id="best-partner">not known' in page and "who played with whom" in page


# --- provisional -----------------------------------------------------------------------

#: Hal sits in for one night, in Eve's seat, and wins every hand he picks.
HAL_NIGHT = [{"picker": "Hal", "partners": ["Bob"], "points": 95}] * 6


def test_a_drop_in_of_one_lucky_night_ranks_after_every_settled_regular(
        client: FlaskClient, season: ApiGroup) -> None:
    season.night("2026-02-12", players=["Ann", "Bob", "Cat", "Dan", "Hal"], hands=HAL_NIGHT,
                 close=True)
    body = season.get("/standings?season=2026").get_json()
    rated = body["ratings"]
    hal = rated[-1]
    assert (hal["name"], hal["nights"], hal["games"], hal["provisional"]) == ("Hal", 1, 6, True)
    settled = rated[:-1]
    assert not any(r["provisional"] for r in settled)
    assert {r["nights"] for r in settled} == {5, 6}
    # by the number alone he would rank above regulars of six nights
    assert hal["rating"] > min(r["rating"] for r in settled)
    assert hal["rank"] == len(rated)

    for url in (f"/g/{season.id}/season?season=2026", f"/gs/{season.view_token}?season=2026"):
        page = words(client.get(url))
        cell = re.search(r'data-player="Hal">.*?(<td class="rating-col"[^>]*>.*?</td>)', page,
                         re.S)
        assert cell, url
        assert 'data-provisional="1"' in cell[1] and "provisional</small>" in cell[1]
        assert f'class="muted rating-provisional" title="Provisional: 1 night; a rating ' \
               f'settles after {SETTLED_NIGHTS}">{hal["rating"]}</span>' in cell[1]
        assert page.count("data-provisional=") == 1 and page.count("provisional</small>") == 1
        said = " ".join(page.split())
        assert (f"“Provisional” (the number in grey): fewer than {SETTLED_NIGHTS} nights "
                "played, too few to say, so it ranks after every settled rating.") in said
    player = " ".join(words(client.get(f"/gs/{season.view_token}/players/Hal?season=2026"))
                      .split())
    assert (f'<strong class="muted rating-provisional">{hal["rating"]}</strong>') in player
    assert (f"· provisional, 1 night of {SETTLED_NIGHTS} · rank {hal['rank']} of "
            f"{len(rated)} · 6 games") in player
    assert "so it ranks after every settled rating" in player
    ann = words(client.get(f"/gs/{season.view_token}/players/Ann?season=2026"))
    assert "provisional" not in ann  # a settled rating says nothing of it


def test_a_season_of_settled_ratings_has_no_provisional_legend(client: FlaskClient,
                                                               season: ApiGroup) -> None:
    page = words(client.get(f"/gs/{season.view_token}?season=2026"))
    assert "is skill, not money" in page and "provisional" not in page.lower()


# --- a member's page on nights of totals -------------------------------------------------

def _history(app: Flask, client: FlaskClient) -> dict[str, Any]:
    """A group of four with two nights of totals brought in from paper."""
    made: dict[str, Any] = client.post(f"{API}/groups", json={
        "name": "Thursday", "players": ["Ann", "Bob", "Cathy", "Dan"]}).get_json()
    sheet = "Date,Ann,Bob,Cathy,Dan\n2025-01-13,26,-3,-14,-9\n2025-01-20,10,10,-10,-10\n"
    brought = client.post(f"{API}/groups/{made['id']}/import", headers=auth(made["edit_token"]),
                          json={"sheet": sheet, "confirm": True,
                                "version": group_version(app, made["id"])})
    assert brought.status_code == 200, brought.get_json()
    return made


def test_a_members_page_on_nights_of_totals_says_the_hands_were_not_recorded(
        app: Flask, client: FlaskClient) -> None:
    made = _history(app, client)
    for url in (f"/gs/{made['view_token']}/players/Ann?season=2025",
                f"/g/{made['id']}/players/Ann?season=2025"):
        with client.session_transaction() as session:
            session["groups"] = {str(made["id"]): made["edit_token"]}
        page = " ".join(words(client.get(url)).split())
        assert ('id="player-hands">not recorded <span class="muted">· nights of totals only: '
                "who picked, partnered and won each hand wasn’t kept</span>") in page, url
        for unknown in ("best-partner", "toughest-opponent"):
            assert (f'id="{unknown}">not known <span class="muted">· nights of totals don’t '
                    "say who played with whom</span>") in page, url
        for zero in ("<dt>Picked</dt>", "<dt>Partner</dt>", "<dt>Leasters won</dt>",
                     "<dt>Biggest hand</dt>", "<dt>Worst hand</dt>"):
            assert zero not in page, (url, zero)
        assert "<dt>Best night</dt><dd>+26" in page  # the nights' totals still count
        assert f"provisional, 2 nights of {SETTLED_NIGHTS}" in page


def test_a_members_page_on_totals_and_hands_counts_the_hands_it_has(
        app: Flask, client: FlaskClient) -> None:
    made = _history(app, client)
    night = client.post(f"{API}/tables", headers=auth(made["edit_token"]), json={
        "group": made["id"], "players": ["Ann", "Bob", "Cathy", "Dan", "Eve"],
        "preset": "called-ace", "played_on": "2025-02-03"}).get_json()
    for hand in ({"picker": "Ann", "partners": ["Bob"], "points": 80},
                 {"picker": "Cathy", "partners": ["Ann"], "points": 40}):
        saved = client.post(f"{API}/tables/{night['id']}/hands", json=hand,
                            headers=auth(night["edit_token"]))
        assert saved.status_code == 201, saved.get_json()
    page = " ".join(words(client.get(f"/gs/{made['view_token']}/players/Ann?season=2025"))
                    .split())
    assert ('id="player-hands">2 <span class="muted">· in 1 night of hands; 2 nights of '
            "totals kept no hands</span>") in page
    assert "<dt>Picked</dt><dd>1" in page and 'id="best-partner">Bob' in page
    eve = " ".join(words(client.get(f"/gs/{made['view_token']}/players/Eve?season=2025"))
                   .split())
    assert 'id="player-hands">2</dd>' in eve and "not recorded" not in eve
