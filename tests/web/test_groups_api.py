"""Groups over the JSON API (docs/api.md): starting a group and its nights,
season standings and their boundaries, a player who joins mid-season, a
carried night settled later, a player's season, the view token's 403s,
retries, and a whole group's export and import."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.db.models import GameTable, Group, db
from tests.web.api_helpers import API, assert_error

FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]
#: Ann picks, Cat is her partner, they take 75: +2 for Ann, +1 Cat, -1 each other.
PICK_WIN = {"picker": "Ann", "partners": ["Cat"], "points": 75}


class ApiGroup:
    """A group started through the API, with its tokens."""

    def __init__(self, client: FlaskClient, body: dict[str, Any]) -> None:
        self.client = client
        self.id: int = body["id"]
        self.edit_token: str = body["edit_token"]
        self.view_token: str = body["view_token"]
        self.body = body

    def auth(self, token: str | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {token or self.edit_token}"}

    def get(self, path: str = "", token: str | None = None) -> TestResponse:
        return self.client.get(f"{API}/groups/{self.id}{path}", headers=self.auth(token))

    def post(self, path: str, body: Any = None, token: str | None = None,
             headers: dict[str, str] | None = None) -> TestResponse:
        kwargs = {"json": body} if body is not None else {}
        return self.client.post(f"{API}/groups/{self.id}{path}",
                                headers={**self.auth(token), **(headers or {})}, **kwargs)

    def night(self, played_on: str, players: list[str] | None = None,
              hands: list[dict[str, Any]] | None = None, close: bool = False,
              carry: bool = False, **extra: Any) -> dict[str, Any]:
        """Start a night of the group, record ``hands`` and maybe close it."""
        response = self.client.post(f"{API}/tables", headers=self.auth(), json={
            "players": players or FIVE, "preset": "called-ace", "group": self.id,
            "played_on": played_on, **extra})
        assert response.status_code == 201, response.get_json()
        body = response.get_json()
        night_auth = {"Authorization": f"Bearer {body['edit_token']}"}
        for hand in hands or []:
            recorded = self.client.post(f"{API}/tables/{body['id']}/hands", json=hand,
                                        headers=night_auth)
            assert recorded.status_code == 201, recorded.get_json()
        if close:
            closed = self.client.post(f"{API}/tables/{body['id']}/close",
                                      json={"carry": carry}, headers=night_auth)
            assert closed.status_code == 200, closed.get_json()
        return body


def start_group(client: FlaskClient, **body: Any) -> ApiGroup:
    response = client.post(f"{API}/groups", json={"name": "Thursday", "players": FIVE,
                                                   **body})
    assert response.status_code == 201, response.get_json()
    return ApiGroup(client, response.get_json())


@pytest.fixture()
def group(client: FlaskClient) -> ApiGroup:
    return start_group(client)


# --- starting a group and its nights ---------------------------------------------------

def test_a_group_starts_with_both_tokens_and_a_view_url(client: FlaskClient) -> None:
    response = client.post(f"{API}/groups", json={"name": "Thursday"})
    assert response.status_code == 201
    body = response.get_json()
    assert set(body) == {"id", "edit_token", "view_token", "view_url"}
    assert body["view_url"].endswith(f"/gs/{body['view_token']}")
    assert response.headers["Location"] == f"{API}/groups/{body['id']}"
    shown = client.get(f"{API}/groups/{body['id']}",
                       headers={"Authorization": f"Bearer {body['view_token']}"}).get_json()
    assert shown["players"] == [] and shown["nights"] == [] and shown["preset"] == "called-ace"


@pytest.mark.parametrize(("body", "field"), [
    ({}, "name"),
    ({"name": ""}, "name"),
    ({"name": "x", "players": "Ann"}, "players"),
    ({"name": "x", "players": ["Ann", "ann"]}, "players"),
    ({"name": "x", "preset": "poker"}, "preset"),
    ({"name": "x", "options": {"base": 0}}, "options.base"),
    ({"name": "x", "stake_cents": -1}, "stake_cents"),
    ({"name": "x", "colour": "red"}, "colour"),
])
def test_a_bad_group_is_refused_and_nothing_is_made(client: FlaskClient, body: dict[str, Any],
                                                     field: str) -> None:
    response = client.post(f"{API}/groups", json=body)
    assert_error(response, 400, field)
    with client.application.app_context():
        assert db.session.query(Group).count() == 0


def test_a_retried_group_start_makes_one_group(client: FlaskClient) -> None:
    key = {"Idempotency-Key": "5a0c3e1e-8d0b-4f49-9e0f-1b2c3d4e5f60"}
    first = client.post(f"{API}/groups", json={"name": "Thursday"}, headers=key)
    again = client.post(f"{API}/groups", json={"name": "Thursday"}, headers=key)
    assert first.status_code == again.status_code == 201
    assert first.get_json()["id"] == again.get_json()["id"]
    assert first.get_json()["edit_token"] != again.get_json()["edit_token"]
    with client.application.app_context():
        assert db.session.query(Group).count() == 1


def test_a_night_of_the_group_is_dated_and_new_names_join(group: ApiGroup) -> None:
    night = group.night("2026-03-05", players=[*FIVE[:4], "Fay"])
    shown = group.get().get_json()
    assert shown["players"] == [*FIVE, "Fay"]
    assert shown["nights"] == [{"id": night["id"], "name": "Thursday", "played_on": "2026-03-05",
                                "hands": 0, "players": [*FIVE[:4], "Fay"], "closed": False,
                                "settled": None}]


def test_a_night_names_a_regular_as_the_group_spells_them(group: ApiGroup) -> None:
    group.night("2026-03-05", players=["ann", "BOB", "Cat", "Dan", "eve"])
    assert group.get().get_json()["nights"][0]["players"] == FIVE


def test_a_group_night_needs_the_groups_edit_token(group: ApiGroup,
                                                   client: FlaskClient) -> None:
    body = {"players": FIVE, "preset": "called-ace", "group": group.id}
    assert_error(client.post(f"{API}/tables", json=body), 401)
    assert_error(client.post(f"{API}/tables", json=body, headers=group.auth(group.view_token)),
                 403)
    other = start_group(client, name="Other")
    assert_error(client.post(f"{API}/tables", json=body, headers=other.auth()), 401)
    assert_error(client.post(f"{API}/tables", json={**body, "group": 10**30},
                             headers=group.auth()), 400, "group")
    assert_error(client.post(f"{API}/tables", json={**body, "group": 999},
                             headers=group.auth()), 404)
    with client.application.app_context():
        assert db.session.query(GameTable).count() == 0


@pytest.mark.parametrize("played_on", ["2026-02-30", "yesterday", 20260301, "1999-12-31",
                                       "2999-01-01", "２０２６-03-01"])
def test_a_bad_date_is_refused(group: ApiGroup, client: FlaskClient, played_on: Any) -> None:
    response = client.post(f"{API}/tables", headers=group.auth(), json={
        "players": FIVE, "preset": "called-ace", "group": group.id, "played_on": played_on})
    assert_error(response, 400, "played_on")


def test_a_night_sets_the_groups_rules_and_stake_only_when_it_says_so(group: ApiGroup) -> None:
    group.night("2026-03-05", stake_cents=50, options={"base": 2})
    shown = group.get().get_json()
    assert shown["stake_cents"] == 25 and shown["options"] == {}
    group.night("2026-03-12", stake_cents=50, options={"base": 2}, set_group_rules=True)
    shown = group.get().get_json()
    assert shown["stake_cents"] == 50 and shown["options"] == {"base": 2}


# --- the view token reads, never writes ------------------------------------------------

def test_the_view_token_reads_everything_and_writes_nothing(group: ApiGroup) -> None:
    group.night("2026-03-05", hands=[PICK_WIN], close=True, carry=True)
    view = group.view_token
    for path in ("", "/standings", "/settlement", "/players/Ann"):
        assert group.get(path, token=view).status_code == 200, path
    assert_error(group.post("/settlement/paid", token=view), 403)
    assert_error(group.get("/export", token=view), 403)
    assert_error(group.get("", token="not-a-token"), 401)
    assert_error(group.client.get(f"{API}/groups/{group.id}"), 401)
    assert group.get("/settlement").get_json()["nights"]  # still carried


# --- seasons ---------------------------------------------------------------------------

def test_the_season_is_the_calendar_year_and_its_boundaries_hold(group: ApiGroup) -> None:
    group.night("2024-12-31", hands=[PICK_WIN])
    group.night("2025-01-01", hands=[PICK_WIN, PICK_WIN])
    group.night("2025-12-31", hands=[PICK_WIN])
    group.night("2026-01-01", hands=[PICK_WIN])
    s2025 = group.get("/standings?season=2025").get_json()
    assert (s2025["nights"], s2025["hands"]) == (2, 3)
    assert s2025["balances"]["Ann"] == 6 and s2025["balances_cents"]["Ann"] == 150
    assert s2025["from"] == "2025-01-01" and s2025["to"] == "2025-12-31"
    assert group.get("/standings?season=2024").get_json()["nights"] == 1
    everything = group.get("/standings?season=all").get_json()
    assert (everything["nights"], everything["hands"]) == (4, 5)
    assert sum(everything["balances"].values()) == 0
    assert sum(everything["balances_cents"].values()) == 0
    ranged = group.get("/standings?from=2024-12-31&to=2025-01-01").get_json()
    assert (ranged["nights"], ranged["hands"]) == (2, 3)
    this_year = group.get("/standings").get_json()
    assert this_year["from"] == f"{date.today().year}-01-01"


@pytest.mark.parametrize("query", ["season=26", "season=abcd", "from=2026-13-01",
                                   "from=2026-03-01&to=2026-02-01", "year=2026"])
def test_a_bad_season_is_refused(group: ApiGroup, query: str) -> None:
    assert group.get(f"/standings?{query}").status_code == 400


def test_a_player_who_joins_mid_season_is_absent_from_the_nights_before(
        group: ApiGroup) -> None:
    group.night("2026-02-01", hands=[PICK_WIN])
    group.night("2026-03-01", players=["Ann", "Bob", "Cat", "Dan", "Gus"],
                hands=[{"picker": "Gus", "partners": ["Ann"], "points": 80}])
    standings = group.get("/standings?season=2026").get_json()
    gus = next(p for p in standings["players"] if p["name"] == "Gus")
    eve = next(p for p in standings["players"] if p["name"] == "Eve")
    assert (gus["nights"], gus["hands"], gus["points"]) == (1, 1, 2)
    assert (eve["nights"], eve["hands"]) == (1, 1)
    assert group.get("/players/Gus?season=2026").get_json()["nights"] == 1
    nobody = group.get("/players/gus?season=2025").get_json()
    assert {k: nobody[k] for k in ("name", "nights", "hands", "points", "cents")} == {
        "name": "Gus", "nights": 0, "hands": 0, "points": 0, "cents": 0}
    assert set(nobody) == set(group.get("/players/Gus?season=2026").get_json())
    assert group.get("/players/Nobody").status_code == 404


def test_a_players_season_has_their_record(group: ApiGroup) -> None:
    group.night("2026-02-01", hands=[PICK_WIN, PICK_WIN])
    group.night("2026-02-08", hands=[{"picker": "Ann", "partners": ["Bob"], "points": 40}])
    group.night("2026-02-15", hands=[PICK_WIN])
    ann = group.get("/players/Ann?season=2026").get_json()
    assert (ann["nights"], ann["hands"], ann["picks"], ann["picker_wins"]) == (3, 4, 4, 3)
    assert ann["picker_win_percent"] == 75
    assert ann["best_night"]["points"] == 4 and ann["best_night"]["played_on"] == "2026-02-01"
    assert ann["worst_night"]["points"] == -4  # a lost pick costs the picker double
    assert ann["biggest_hand"]["points"] == 2 and ann["worst_hand"]["points"] == -4
    assert (ann["winning_nights"], ann["losing_nights"]) == (2, 1)
    assert ann["current_streak"] == 1 and ann["longest_winning_streak"] == 1
    cat = group.get("/players/Cat?season=2026").get_json()
    assert (cat["partner"], cat["partner_wins"]) == (3, 3)


# --- carried nights --------------------------------------------------------------------

def test_a_carried_night_is_settled_later_with_the_others(group: ApiGroup) -> None:
    group.night("2026-02-01", hands=[PICK_WIN], close=True)  # paid at the table
    first = group.night("2026-02-08", hands=[PICK_WIN], close=True, carry=True)
    second = group.night("2026-02-15", hands=[{"picker": "Bob", "partners": ["Ann"],
                                               "points": 90}], close=True, carry=True)
    owed = group.get("/settlement").get_json()
    assert owed["nights"] == [first["id"], second["id"]]
    # Ann: +2 then +1 (partner of a winning Bob) = +3 points = 75 cents.
    assert owed["owed_cents"]["Ann"] == 75 and sum(owed["owed_cents"].values()) == 0
    transfers = owed["transfers"]
    paid_to = {}
    for t in transfers:
        paid_to[t["to"]] = paid_to.get(t["to"], 0) + t["cents"]
    assert paid_to["Ann"] == 75
    assert len(transfers) <= len([v for v in owed["owed_cents"].values() if v]) - 1
    stale = group.post("/settlement/paid", {"nights": [first["id"]]})
    assert_error(stale, 409, "nights")
    cleared = group.post("/settlement/paid", {"nights": owed["nights"]})
    assert cleared.status_code == 200 and cleared.get_json() == {"cleared": 2}
    assert group.get("/settlement").get_json()["transfers"] == []
    nights = group.get().get_json()["nights"]
    assert [n["settled"] for n in nights] == ["table", "group", "group"]
    assert_error(group.post("/settlement/paid"), 409)


def test_a_night_carried_after_the_payments_were_shown_stops_the_payment(
        group: ApiGroup) -> None:
    group.night("2026-02-08", hands=[PICK_WIN], close=True, carry=True)
    shown = group.get("/settlement").get_json()
    group.night("2026-02-15", hands=[PICK_WIN], close=True, carry=True)
    assert_error(group.post("/settlement/paid", {"nights": shown["nights"]}), 409, "nights")
    assert len(group.get("/settlement").get_json()["nights"]) == 2


def test_a_hand_saved_in_tonights_night_doesnt_stop_paying_the_tab(group: ApiGroup) -> None:
    group.night("2026-02-08", hands=[PICK_WIN], close=True, carry=True)
    shown = group.get("/settlement").get_json()
    group.night("2026-02-15", hands=[PICK_WIN])  # still being played
    cleared = group.post("/settlement/paid", {"nights": shown["nights"]})
    assert cleared.status_code == 200 and cleared.get_json() == {"cleared": 1}


@pytest.mark.parametrize("nights", [[0], ["1"], [True], 1, [10**30]])
def test_a_bad_list_of_nights_is_refused(group: ApiGroup, nights: Any) -> None:
    group.night("2026-02-08", hands=[PICK_WIN], close=True, carry=True)
    assert_error(group.post("/settlement/paid", {"nights": nights}), 400, "nights")


def test_marking_the_tab_paid_is_safe_to_retry(group: ApiGroup) -> None:
    group.night("2026-02-08", hands=[PICK_WIN], close=True, carry=True)
    key = {"Idempotency-Key": "tab-paid-1"}
    first = group.post("/settlement/paid", headers=key)
    again = group.post("/settlement/paid", headers=key)
    assert first.get_json() == again.get_json() == {"cleared": 1}
    assert again.status_code == 200


def test_early_payments_count_as_paid_in_a_carried_night(group: ApiGroup,
                                                         client: FlaskClient) -> None:
    night = group.night("2026-02-08", hands=[PICK_WIN])
    with client.application.app_context():
        from scorekeeper.services.nights import settle as settle_service
        from scorekeeper.services.nights.tables import load

        settle_service.settle_and_leave(load(night["id"]), "Eve")  # Eve pays her 25 now
    auth = {"Authorization": f"Bearer {night['edit_token']}"}
    assert client.post(f"{API}/tables/{night['id']}/close", json={"carry": True},
                       headers=auth).status_code == 200
    owed = group.get("/settlement").get_json()["owed_cents"]
    assert owed["Eve"] == 0 and sum(owed.values()) == 0


def test_only_a_groups_night_can_be_carried(client: FlaskClient) -> None:
    made = client.post(f"{API}/tables", json={"name": "Solo", "players": FIVE,
                                              "preset": "called-ace"}).get_json()
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    assert_error(client.post(f"{API}/tables/{made['id']}/close", json={"carry": True},
                             headers=auth), 400, "carry")
    key = {"Idempotency-Key": "close-solo-0001"}
    closed = client.post(f"{API}/tables/{made['id']}/close", headers={**auth, **key})
    assert closed.status_code == 200 and closed.get_json()["settled"] is None
    # the same close retried under its key answers as it first did; another is refused
    retried = client.post(f"{API}/tables/{made['id']}/close", headers={**auth, **key})
    assert (retried.status_code, retried.get_json()) == (200, closed.get_json())
    again = client.post(f"{API}/tables/{made['id']}/close", headers=auth)
    assert again.status_code == 409 and again.get_json()["code"] == "closed"


# --- export and import -----------------------------------------------------------------

def test_a_group_exports_and_imports_whole(group: ApiGroup, client: FlaskClient) -> None:
    group.night("2026-02-01", hands=[PICK_WIN], close=True)
    group.night("2026-02-08", players=[*FIVE[:4], "Fay"], hands=[PICK_WIN, PICK_WIN],
                close=True, carry=True)
    exported = group.get("/export")
    assert exported.status_code == 200
    data = exported.get_json()
    imported = client.post(f"{API}/groups/import", json=data)
    assert imported.status_code == 201, imported.get_json()
    copy = ApiGroup(client, imported.get_json())
    assert copy.get("/standings?season=all").get_json() == \
        group.get("/standings?season=all").get_json()
    assert copy.get("/settlement").get_json()["transfers"] == \
        group.get("/settlement").get_json()["transfers"]
    assert [n["played_on"] for n in copy.get().get_json()["nights"]] == \
        ["2026-02-01", "2026-02-08"]


def test_a_bad_group_file_imports_nothing(group: ApiGroup, client: FlaskClient) -> None:
    group.night("2026-02-01", hands=[PICK_WIN], close=True)
    data = group.get("/export").get_json()
    data["nights"][0]["night"]["hands"][0]["points"] = 500
    refused = client.post(f"{API}/groups/import", json=data)
    assert refused.status_code == 400 and "night 1" in refused.get_json()["error"]
    data = group.get("/export").get_json()
    data["nights"][0]["settled"] = "someday"
    assert client.post(f"{API}/groups/import", json=data).status_code == 400
    with client.application.app_context():
        assert db.session.query(Group).count() == 1
        assert db.session.query(GameTable).count() == 1
