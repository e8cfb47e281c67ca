"""A group's night started through the API (``POST /tables`` with ``group``)
takes the group's players, rules and stake for whatever it leaves out, and
never changes the group's rules unless it says so (``set_group_rules``)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.web.api_helpers import API, assert_error

SIX = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def _group(client: FlaskClient, **body: Any) -> tuple[int, dict[str, str]]:
    made = client.post(f"{API}/groups", json={"name": "Thursday", "players": SIX, **body})
    assert made.status_code == 201, made.get_json()
    return made.get_json()["id"], {"Authorization": f"Bearer {made.get_json()['edit_token']}"}


def _night(client: FlaskClient, group: int, auth: dict[str, str], **body: Any) -> Any:
    return client.post(f"{API}/tables", headers=auth, json={"group": group, **body})


def _table(client: FlaskClient, made: Any) -> dict[str, Any]:
    assert made.status_code == 201, made.get_json()
    token = {"Authorization": f"Bearer {made.get_json()['edit_token']}"}
    return dict(client.get(f"{API}/tables/{made.get_json()['id']}", headers=token).get_json())


def test_a_groups_night_takes_its_rules_stake_and_players(client: FlaskClient) -> None:
    group, auth = _group(client, preset="imsa", options={"max_cracks": 1}, stake_cents=50)
    night = _table(client, _night(client, group, auth))
    assert (night["preset"], night["stake_cents"], night["name"]) == ("imsa", 50, "Thursday")
    assert night["rules"]["max_cracks"] == 1
    assert night["players"] == SIX


def test_a_groups_night_does_not_rewrite_the_groups_rules(client: FlaskClient) -> None:
    group, auth = _group(client, preset="imsa", options={"max_cracks": 1}, stake_cents=50)
    other = _table(client, _night(client, group, auth, preset="called-ace", stake_cents=25,
                                  players=SIX[:5]))
    assert (other["preset"], other["stake_cents"]) == ("called-ace", 25)
    shown = client.get(f"{API}/groups/{group}", headers=auth).get_json()
    assert (shown["preset"], shown["options"], shown["stake_cents"]) == (
        "imsa", {"max_cracks": 1}, 50)
    again = _table(client, _night(client, group, auth))
    assert (again["preset"], again["stake_cents"], again["rules"]["max_cracks"]) == (
        "imsa", 50, 1)


def test_a_groups_night_sets_the_groups_rules_when_it_says_so(client: FlaskClient) -> None:
    group, auth = _group(client, preset="imsa", options={"max_cracks": 1}, stake_cents=50)
    _table(client, _night(client, group, auth, preset="called-ace", options={"base": 2},
                          stake_cents=10, set_group_rules=True))
    shown = client.get(f"{API}/groups/{group}", headers=auth).get_json()
    assert (shown["preset"], shown["options"], shown["stake_cents"]) == (
        "called-ace", {"base": 2}, 10)


def test_options_given_stand_instead_of_the_groups(client: FlaskClient) -> None:
    group, auth = _group(client, preset="imsa", options={"max_cracks": 1}, stake_cents=50)
    night = _table(client, _night(client, group, auth, options={"base": 3}))
    assert night["preset"] == "imsa" and night["rules"]["base"] == 3
    assert night["rules"]["max_cracks"] != 1 and night["stake_cents"] == 50


def test_the_next_night_seats_who_was_still_at_the_last_one(client: FlaskClient) -> None:
    group, auth = _group(client)
    first = _night(client, group, auth, played_on="2026-01-08")
    token = {"Authorization": f"Bearer {first.get_json()['edit_token']}"}
    left = client.post(f"{API}/tables/{first.get_json()['id']}/players/Fay/step-out",
                       headers=token)
    assert left.status_code == 200
    assert _table(client, _night(client, group, auth))["players"] == SIX[:5]


def test_set_group_rules_is_only_for_a_groups_night(client: FlaskClient) -> None:
    answer = client.post(f"{API}/tables", json={
        "name": "Friday", "players": SIX, "preset": "called-ace", "set_group_rules": True})
    assert_error(answer, 400, "set_group_rules")


def test_a_table_of_no_group_still_needs_its_name_players_and_preset(
        client: FlaskClient) -> None:
    for left_out in ("name", "players", "preset"):
        body = {"name": "Friday", "players": SIX, "preset": "called-ace"}
        del body[left_out]
        assert_error(client.post(f"{API}/tables", json=body), 400, left_out)
