"""A walk-in after the draw is seated without drawing again: at a table one
short (five becomes six, the dealer sitting out), every other seat and card
as it was; when every table is full, enough walk-ins open a new table of
their own; the session page lists who is checked in and unseated."""

from __future__ import annotations

import html
import re
from typing import Any

from flask.testing import FlaskClient

from tests.web.test_event_table_phone import _api_event

API = "/api/v1"


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _walk_ins(client: FlaskClient, made: dict[str, Any], names: list[str]) -> list[int]:
    registered = client.post(f"{API}/events/{made['id']}/players",
                             headers=_auth(made["director_token"]),
                             json={"checked_in": True, "players": [{"name": n} for n in names]})
    assert registered.status_code == 201, registered.get_json()
    return [p["number"] for p in registered.get_json()["players"]]


def test_walk_ins_are_seated_at_short_tables_then_at_a_new_one(client: FlaskClient) -> None:
    made, drawn = _api_event(client)  # ten players: two tables of five
    director = _auth(made["director_token"])
    session = f"{API}/events/{made['id']}/sessions/1"
    before = {t["number"]: t["players"] for t in drawn["tables"]}
    one = drawn["tables"][0]
    assert client.post(f"{API}/tables/{one['night']}/hands", headers=_auth(one["edit_token"]),
                       json={"picker": one["players"][0], "partners": [one["players"][1]],
                             "points": 75}).status_code == 201
    walk_ins = _walk_ins(client, made, ["Walter", "Wendy", "Will", "Wanda", "Wes"])
    shown = client.get(session, headers=director).get_json()
    assert shown["unseated"] == walk_ins
    first = client.post(f"{session}/seat", headers=director, json={"number": walk_ins[0]})
    assert first.status_code == 200, first.get_json()
    assert first.get_json() == {"table": 2, "seat": 6}  # the table that dealt fewer hands
    second = client.post(f"{session}/seat", headers=director, json={"number": walk_ins[1]})
    assert second.get_json() == {"table": 1, "seat": 6}
    after = {t["number"]: t["players"] for t in client.get(session, headers=director)
             .get_json()["tables"]}
    assert after[1][:5] == before[1] and after[2][:5] == before[2]  # nobody else moved
    assert after[1][5] == "Wendy" and after[2][5] == "Walter"
    # the phone of table 1 still scores, now six at the table
    assert client.post(f"{API}/tables/{one['night']}/hands", headers=_auth(one["edit_token"]),
                       json={"picker": "Wendy", "partners": [one["players"][3]],
                             "points": 80}).status_code == 201  # the dealer sits out
    # every table is full: three waiting can't make a table of five
    full = client.post(f"{session}/seat", headers=director, json={"number": walk_ins[2]})
    assert full.status_code == 409 and "5 players waiting make a new table (3 waiting now)" \
        in full.get_json()["error"]
    walk_ins += _walk_ins(client, made, ["Winn", "Wade"])
    opened = client.post(f"{session}/seat", headers=director, json={"number": walk_ins[6]})
    assert opened.status_code == 200, opened.get_json()  # Wade, with Will, Wanda, Wes, Winn
    body = opened.get_json()
    assert body["table"] == 3 and body["seat"] == 1
    assert body["opened"]["players"][0] == "Wade" and len(body["opened"]["players"]) == 5
    assert body["opened"]["code"] and body["opened"]["edit_token"]
    assert client.get(session, headers=director).get_json()["unseated"] == []
    again = client.post(f"{session}/seat", headers=director, json={"number": walk_ins[0]})
    assert again.status_code == 409 and "seated in session 1 already" in again.get_json()["error"]


def test_the_session_page_lists_and_seats_a_walk_in(client: FlaskClient) -> None:
    made, _ = _api_event(client)
    (walter,) = _walk_ins(client, made, ["Walter"])
    with client.session_transaction() as cookie:
        cookie["events"] = {str(made["id"]): made["director_token"]}
    page = f"/e/{made['id']}/sessions/1"
    shown = client.get(page).get_data(as_text=True)
    assert f'id="walk-in-{walter}"' in shown and f'id="seat-{walter}"' in shown
    seats = re.search(r'name="seats" value="(\w+)"', shown)
    assert seats is not None
    seated = client.post(f"{page}/seat", data={"number": str(walter), "seats": seats[1]})
    assert seated.status_code == 302
    shown = html.unescape(client.get(page).get_data(as_text=True))
    assert "<bdi>Walter</bdi> sits at table" in shown and f'id="walk-in-{walter}"' not in shown


def test_the_players_page_leads_to_the_next_session_to_draw(client: FlaskClient) -> None:
    made, _ = _api_event(client)  # two sessions, the first drawn
    with client.session_transaction() as cookie:
        cookie["events"] = {str(made["id"]): made["director_token"]}
    page = client.get(f"/e/{made['id']}").get_data(as_text=True)
    assert "Session 2: draw the tables" in page and "Session 1: draw" not in page
