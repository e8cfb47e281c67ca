"""Two players who would read the same on every page are refused wherever a
name comes in: a table's start (form and API), a mid-night joiner, an
import, a group's members and a group's night.  A look-alike ("Аnn" with a
Cyrillic "А" beside "Ann") is refused in players' words; the same name
typed another way ("ann") is the same player, as before.  And what a phone
types (emoji with their selectors and joiners) is kept and shown as typed."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import GameTable, Member, db
from tests.fixtures_app import start_table, words

API = "/api/v1"
CYRILLIC_ANN = "\u0410nn"
#: Cherokee's "Ꭺ" folds to itself, a capital: the look-alike of "A" after folding too.
CHEROKEE_ANN = "\u13aaNN"
REFUSAL = f"{CYRILLIC_ANN} looks just like Ann: give one of them another name"
PHONES = ["Eve ❤️", "Hal ♠️", "Ida 👨‍👩‍👧", "Ann", "Bob"]


def tables(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(GameTable)) or 0


def api_table(client: FlaskClient, players: list[str],
              headers: dict[str, str] | None = None, **extra: Any) -> Any:
    return client.post(f"{API}/tables", json={"name": "Friday", "players": players,
                                              "preset": "called-ace", **extra},
                       headers=headers or {})


@pytest.mark.parametrize(("one", "other"), [
    ("Ann", CYRILLIC_ANN), ("Al", "AI"), ("Eve", "\u0415v\u0435"), ("Hal ♠", "Hal ♠️"),
    ("Ann", "\u0410NN"), ("ANN", CYRILLIC_ANN), ("Ann", CHEROKEE_ANN)])
def test_look_alikes_are_refused_when_a_table_starts(
        app: Flask, client: FlaskClient, one: str, other: str) -> None:
    answer = api_table(client, [one, "Bob", "Cat", "Dan", other])
    assert answer.status_code == 400
    assert answer.get_json() == {
        "error": f"{other} looks just like {one}: give one of them another name",
        "code": "invalid", "field": "players"}
    page = client.post("/", data={"name": "Friday", "players": [one, "Bob", "Cat", "Dan", other],
                                  "preset": "called-ace", "stake_cents": "25"})
    assert page.status_code == 400
    assert f"{other} looks just like {one}" in words(page)
    assert tables(app) == 0


def test_a_look_alike_can_not_join_a_night(app: Flask, client: FlaskClient) -> None:
    table_id = start_table(client)
    answer = client.post(f"/t/{table_id}/players", data={"action": "join",
                                                          "name": CYRILLIC_ANN})
    assert answer.status_code == 400
    assert REFUSAL in words(answer)
    assert CYRILLIC_ANN not in words(client.get(f"/t/{table_id}/players"))
    joined = client.post(f"/t/{table_id}/players", data={"action": "join", "name": "Fay ♣️"})
    assert joined.status_code == 302
    assert "Fay ♣️" in words(client.get(f"/t/{table_id}/players"))


def test_an_import_with_look_alikes_is_refused(app: Flask, client: FlaskClient) -> None:
    made = api_table(client, ["Ann", "Bob", "Cat", "Dan", "Eve"]).get_json()
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    export = client.get(f"{API}/tables/{made['id']}/export", headers=auth).get_json()
    export["players"][1]["name"] = CYRILLIC_ANN
    answer = client.post(f"{API}/tables/import", json=export)
    assert answer.status_code == 400
    assert "looks just like Ann" in answer.get_json()["error"]
    assert tables(app) == 1


def group_members(app: Flask) -> list[str]:
    with app.app_context():
        return list(db.session.scalars(sa.select(Member.name).order_by(Member.id)))


def test_a_group_keeps_no_two_members_who_look_alike(app: Flask, client: FlaskClient) -> None:
    refused = client.post(f"{API}/groups", json={"name": "Thursday", "players": [
        "Ann", "Bob", "Cat", "Dan", CYRILLIC_ANN]})
    assert refused.status_code == 400
    assert refused.get_json()["error"] == REFUSAL
    group = client.post(f"{API}/groups", json={"name": "Thursday", "players": [
        "Ann", "Bob", "Cat", "Dan", "Eve"]}).get_json()
    auth = {"Authorization": f"Bearer {group['edit_token']}"}
    night = api_table(client, [CYRILLIC_ANN, "Bob", "Cat", "Dan", "Eve"],
                      group=group["id"], played_on="2025-11-21", headers=auth)
    assert night.status_code == 400
    assert night.get_json() == {"error": REFUSAL, "code": "invalid", "field": "players"}
    assert tables(app) == 0
    same = api_table(client, ["ann", "Bob", "Cat", "Dan", "Fay ♥️"], group=group["id"],
                     played_on="2025-11-21", headers=auth)
    assert same.status_code == 201, same.get_json()
    assert group_members(app) == ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay ♥️"]


def test_a_group_night_refuses_a_look_alike_by_the_start_page(
        app: Flask, client: FlaskClient) -> None:
    made = client.post("/g/new", data={"name": "Thursday", "players": "Ann\nBob\nCat\nDan\nEve",
                                       "preset": "called-ace", "stake_cents": "25"})
    assert made.status_code == 302, words(made)
    group_id = int(made.headers["Location"].split("/")[2])
    night = client.post("/", data={
        "group": str(group_id), "name": "Thursday",
        "players": [CYRILLIC_ANN, "Bob", "Cat", "Dan", "Eve"], "preset": "called-ace",
        "stake_cents": "25", "played_on": "2025-11-21"})
    assert night.status_code == 400
    assert REFUSAL in words(night)
    assert group_members(app) == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    assert tables(app) == 0


def test_names_as_phones_type_them_are_kept_and_shown(app: Flask, client: FlaskClient) -> None:
    made = api_table(client, PHONES)
    assert made.status_code == 201, made.get_json()
    auth = {"Authorization": f"Bearer {made.get_json()['edit_token']}"}
    table = client.get(f"{API}/tables/{made.get_json()['id']}", headers=auth).get_json()
    assert table["players"] == PHONES
    table_id = start_table(client, players=PHONES)
    page = words(client.get(f"/t/{table_id}/hand/new"))
    assert all(name in page for name in PHONES)


def test_a_look_alike_in_a_script_that_folds_to_capitals_is_refused_everywhere(
        app: Flask, client: FlaskClient) -> None:
    refusal = f"{CHEROKEE_ANN} looks just like Ann: give one of them another name"
    group = client.post(f"{API}/groups", json={"name": "Thursday", "players": [
        "Ann", "Bob", "Cat", "Dan", CHEROKEE_ANN]})
    assert group.status_code == 400 and group.get_json()["error"] == refusal
    made = client.post(f"{API}/events", json={"name": "Kirmess", "preset": "called-ace"})
    auth = {"Authorization": f"Bearer {made.get_json()['director_token']}"}
    event = made.get_json()["id"]
    assert client.post(f"{API}/events/{event}/players", headers=auth,
                       json={"name": "Ann"}).status_code == 201
    twin = client.post(f"{API}/events/{event}/players", headers=auth,
                       json={"name": CHEROKEE_ANN})
    assert twin.status_code in (400, 409) and "looks just like Ann" in twin.get_json()["error"]
