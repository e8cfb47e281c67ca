"""A group's nights as a spreadsheet: a row a player a night, which the
sheet import reads back into the same nights (two on one day stay two), and
which exports again byte for byte; on the page and through the API, edit
token only."""

from __future__ import annotations

import csv
import io
from typing import Any

from flask.testing import FlaskClient

from tests.web.sheet_helpers import auth, finished
from tests.web.test_group_round_trip import API, _league


def _group_of_a_league(client: FlaskClient, nights: int) -> dict[str, Any]:
    """A league of ``nights`` lunches (the second on the first one's day),
    and a night of its own played hand by hand on that day too."""
    data = _league(nights)
    day = data["nights"][0]["played_on"]
    data["nights"][1]["played_on"] = data["nights"][1]["night"]["played_on"] = day
    made = client.post(f"{API}/groups/import", json=data)
    assert made.status_code == 201, made.get_json()
    group = {**made.get_json(), "run": auth(made.get_json()["edit_token"])}
    night = client.post(f"{API}/tables", headers=group["run"], json={
        "group": group["id"], "played_on": day,
        "players": ["Member 01", "Member 02", "Member 03", "Member 04", "Member 05"]})
    assert night.status_code == 201, night.get_json()
    edit = auth(night.get_json()["edit_token"])
    for picker, partner, points in (("Member 01", "Member 03", 75), ("Member 02", "Member 05",
                                                                       40)):
        assert client.post(f"{API}/tables/{night.get_json()['id']}/hands", headers=edit, json={
            "picker": picker, "partners": [partner], "points": points}).status_code == 201
    assert client.post(f"{API}/tables/{night.get_json()['id']}/close",
                       headers=edit).status_code == 200
    return group


def _csv(client: FlaskClient, group: dict[str, Any]) -> str:
    answer = client.get(f"{API}/groups/{group['id']}/export.csv", headers=group["run"])
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    return answer.get_data(as_text=True)


def csv_round_trip(client: FlaskClient, nights: int) -> None:
    """A league of ``nights`` and a night of hands, its spreadsheet brought
    into a new group through the sheet import and exported again: the same
    bytes, the same all-time standings."""
    group = _group_of_a_league(client, nights)
    exported = _csv(client, group)
    rows = list(csv.reader(io.StringIO(exported)))
    assert rows[0] == ["Date", "Game", "Player", "Points"]
    first_day = [r for r in rows[1:] if r[0] == rows[1][0]]
    assert {r[1] for r in first_day} == {"1", "2", "3"}  # three nights that day, kept three
    assert len(rows) == 1 + nights * 5 + 5
    for game in ("1", "2", "3"):
        assert sum(int(r[3]) for r in first_day if r[1] == game) == 0
    made = client.post(f"{API}/groups", json={"name": "Lunch again", "players": ["Member 01"],
                                              "preset": "called-ace", "stake_cents": 25})
    again = {**made.get_json(), "run": auth(made.get_json()["edit_token"])}
    path = f"{API}/groups/{again['id']}/import"
    shown = client.post(path, headers=again["run"],
                        json={"sheet": exported, "filename": "lunch.csv"}).get_json()
    assert shown["ready"], shown["refusal"]
    assert shown["shape"] == "player-rows" and len(shown["new_members"]) == 59
    confirmed = finished(client, client.post(path, headers=again["run"], json={
        "sheet": exported, "filename": "lunch.csv", "confirm": True,
        "version": shown["version"], "new_members": shown["new_members"]}), again["run"])
    assert confirmed.status_code == 200, confirmed.get_json()
    assert _csv(client, again) == exported
    standings = [client.get(f"{API}/groups/{g['id']}/standings?season=all", headers=g["run"])
                 .get_json() for g in (group, again)]
    assert standings[0]["nights"] == standings[1]["nights"] == nights + 1
    assert [(r["name"], r["nights"], r["points"]) for r in standings[0]["players"]] == \
        [(r["name"], r["nights"], r["points"]) for r in standings[1]["players"]]


def test_a_groups_spreadsheet_comes_back_through_the_sheet_import_byte_for_byte(
        client: FlaskClient) -> None:
    csv_round_trip(client, 150)


def test_the_spreadsheet_is_the_scorekeepers_on_the_page_and_the_api(
        client: FlaskClient) -> None:
    group = _group_of_a_league(client, 3)
    assert client.get(f"{API}/groups/{group['id']}/export.csv").status_code == 401
    view = auth(group["view_token"])
    assert client.get(f"{API}/groups/{group['id']}/export.csv", headers=view).status_code == 403
    assert client.get(f"/g/{group['id']}/export.csv").status_code in (403, 404)
    with client.session_transaction() as cookie:
        cookie["groups"] = {str(group["id"]): group["edit_token"]}
    home = client.get(f"/g/{group['id']}")
    assert 'id="export-group-csv"' in home.text
    page = client.get(f"/g/{group['id']}/export.csv")
    assert page.status_code == 200
    assert page.headers["Content-Disposition"] == f'attachment; filename="group-{group["id"]}.csv"'
    assert page.get_data(as_text=True) == _csv(client, group)
    under_way = client.post(f"{API}/tables", headers=group["run"], json={
        "group": group["id"], "played_on": "2024-05-02",
        "players": ["Member 06", "Member 07", "Member 08", "Member 09", "Member 10"]})
    assert client.post(f"{API}/tables/{under_way.get_json()['id']}/hands", headers=auth(
        under_way.get_json()["edit_token"]), json={"picker": "Member 06", "partners": [
            "Member 07"], "points": 80}).status_code == 201
    assert _csv(client, group) == page.get_data(as_text=True)  # not a result yet
