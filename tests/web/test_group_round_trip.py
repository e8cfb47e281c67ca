"""A league's whole group comes back from its own file: 60 members and
2,000 nights (more than a table's 12 seats and a sheet's 1,000 nights at a
time), exported, brought in, and exported again byte for byte."""

from __future__ import annotations

import json
import random
from datetime import date, timedelta
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules import PRESETS

API = "/api/v1"
MEMBERS = [f"Member {n:02d}" for n in range(1, 61)]
AT = "2020-01-01T20:00:00+00:00"
RULES = PRESETS["called-ace"].rules.to_dict()


def _night(played_on: date, totals: dict[str, int]) -> dict[str, Any]:
    """A night of totals as a group's file keeps it (the shape the app exports)."""
    day = played_on.isoformat()
    return {"played_on": day, "settled": "table", "settled_at": AT, "totals": totals,
            "night": {"format": "sheepshead-scorekeeper/1", "name": "Lunch", "created_at": AT,
                      "closed": True, "closed_at": AT, "played_on": day,
                      "preset": "called-ace", "rules": RULES, "stake_cents": 25,
                      "players": [{"name": n, "seat": k, "present": True}
                                  for k, n in enumerate(totals)],
                      "hands": [], "early_payments": [],
                      "audit": [{"at": AT, "action": "import", "hand_number": None,
                                 "summary": "Brought in from league.csv: the night's totals",
                                 "before": None, "after": None, "by": None}],
                      "balances": totals, "totals": totals}}


def _league(nights: int) -> dict[str, Any]:
    """A group's file: the members, and ``nights`` lunches of five of them."""
    rng = random.Random(17)
    made = []
    for k in range(nights):
        five = rng.sample(MEMBERS, 5)
        points = [rng.randint(-9, 9) for _ in range(4)]
        made.append(_night(date(2004, 1, 5) + timedelta(days=k), dict(zip(
            five, [*points, -sum(points)], strict=True))))
    return {"format": "sheepshead-scorekeeper-group/1", "name": "Lunch league",
            "players": MEMBERS, "preset": "called-ace", "options": {}, "stake_cents": 25,
            "rating": True, "nights": made,
            "aliases": [{"alias": "Mbr 1", "member": "Member 01"}]}


def _export(client: FlaskClient, made: dict[str, Any]) -> str:
    answer = client.get(f"{API}/groups/{made['id']}/export",
                        headers={"Authorization": f"Bearer {made['edit_token']}"})
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def json_round_trip(client: FlaskClient, nights: int) -> None:
    """A league of 60 members and ``nights`` nights exported, brought in and
    exported again: the same bytes, the same all-time standings."""
    first = client.post(f"{API}/groups/import", json=_league(nights))
    assert first.status_code == 201, first.get_json()
    exported = _export(client, first.get_json())
    data = json.loads(exported)
    assert len(data["players"]) == 60 and len(data["nights"]) == nights
    again = client.post(f"{API}/groups/import", data=exported,
                        content_type="application/json")
    assert again.status_code == 201, again.get_json()
    assert _export(client, again.get_json()) == exported
    standings = [client.get(f"{API}/groups/{made['id']}/standings?season=all",
                            headers={"Authorization": f"Bearer {made['edit_token']}"}
                            ).get_json() for made in (first.get_json(), again.get_json())]
    assert standings[0] == standings[1]


@pytest.mark.slow
def test_a_sixty_member_two_thousand_night_league_comes_back_byte_for_byte(
        client: FlaskClient) -> None:
    json_round_trip(client, 2_000)


def test_a_group_file_of_more_members_than_a_table_seats_comes_back(
        client: FlaskClient) -> None:
    first = client.post(f"{API}/groups/import", json=_league(30))
    assert first.status_code == 201, first.get_json()
    exported = _export(client, first.get_json())
    again = client.post(f"{API}/groups/import", data=exported,
                        content_type="application/json")
    assert again.status_code == 201, again.get_json()
    assert _export(client, again.get_json()) == exported
    too_many = client.post(f"{API}/groups/import", json={
        **_league(1), "players": [f"P{n}" for n in range(201)]})
    assert too_many.status_code == 400
    assert "At most 200 players in a group" in too_many.get_json()["error"]


def test_a_players_page_shows_his_nights_a_page_at_a_time(client: FlaskClient) -> None:
    made = client.post(f"{API}/groups/import", json=_league(300)).get_json()
    with client.session_transaction() as cookie:
        cookie["groups"] = {str(made["id"]): made["edit_token"]}
    page = client.get(f"/g/{made['id']}/players/Member 01?season=all")
    assert page.status_code == 200
    nights = page.text.count("(running ")
    assert nights == 20 and 'id="older-nights"' in page.text
    played = sum(1 for n in _league(300)["nights"] if "Member 01" in n["totals"])
    assert f"of {played}, newest first" in page.text
    last = client.get(f"/g/{made['id']}/players/Member 01?season=all&page=99")
    assert last.text.count("(running ") == played - 20 * (-(-played // 20) - 1)
    assert 'id="newer-nights"' in last.text and 'id="older-nights"' not in last.text


def test_the_groups_file_is_worked_out_once_a_version_and_follows_every_change(
        client: FlaskClient) -> None:
    from scorekeeper.services.groups import exports

    made = client.post(f"{API}/groups/import", json=_league(5)).get_json()
    first = _export(client, made)
    assert exports.KEPT.get((made["id"], client.get(
        f"{API}/groups/{made['id']}", headers={"Authorization": f"Bearer {made['edit_token']}"}
    ).get_json()["version"])) == first
    changed = client.patch(f"{API}/groups/{made['id']}", json={"rating": False},
                           headers={"Authorization": f"Bearer {made['edit_token']}"})
    assert changed.status_code == 200, changed.get_json()
    after = _export(client, made)
    assert json.loads(after)["rating"] is False and json.loads(first)["rating"] is True
