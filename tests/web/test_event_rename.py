"""A misspelled name corrected: the player keeps his number, and every place
the event keeps his name follows at once (his seat, the hands and the paper
ticket that name him, the standings, the seat finder, the export), with the
old and the new name in the history; a name another player has, or may
have, is refused as at registration, and the same name changes nothing."""

from __future__ import annotations

import html
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import AuditEntry, GameTable, db
from tests.page_forms import post_form
from tests.web.test_event_table_phone import _api_event

API = "/api/v1"


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _world(client: FlaskClient) -> dict[str, Any]:
    """Ten players at two tables: at table 1 the player to rename picks a
    hand; table 2 has a paper ticket naming its first player."""
    made, drawn = _api_event(client)
    director = _auth(made["director_token"])
    one, two = drawn["tables"]
    picker = one["players"][0]
    saved = client.post(f"{API}/tables/{one['night']}/hands", headers=_auth(one["edit_token"]),
                        json={"picker": picker, "partners": [one["players"][1]], "points": 75})
    assert saved.status_code == 201
    ticket = dict(zip(two["players"], (8, -2, -2, -2, -2), strict=True))
    assert client.post(f"{API}/events/{made['id']}/sessions/1/tables/2/ticket",
                       headers=director, json={"totals": ticket}).status_code == 201
    event = client.get(f"{API}/events/{made['id']}", headers=director).get_json()
    number = {p["name"]: p["number"] for p in event["players"]}
    return {"id": made["id"], "director": director, "view": made["view_token"],
            "one": one, "two": two, "picker": picker, "number": number}


def test_a_rename_follows_the_player_everywhere_the_event_keeps_his_name(
        app: Flask, client: FlaskClient) -> None:
    world = _world(client)
    old, ticketed = world["picker"], world["two"]["players"][0]
    renamed = {}
    for name, new in ((old, "Jon Schmidt"), (ticketed, "Barb Ott")):
        answer = client.patch(f"{API}/events/{world['id']}/players/{world['number'][name]}",
                              headers=world["director"], json={"name": new})
        assert answer.status_code == 200, answer.get_json()
        assert answer.get_json() == {"number": world["number"][name], "name": new, "was": name}
        renamed[name] = new
    night = client.get(f"{API}/tables/{world['one']['night']}",
                       headers=world["director"]).get_json()
    assert "Jon Schmidt" in night["players"] and old not in str(night)
    hand = client.get(f"{API}/tables/{world['one']['night']}/hands/1",
                      headers=world["director"]).get_json()
    assert hand["picker"] == "Jon Schmidt" and hand["payouts"]["Jon Schmidt"] > 0
    board = client.get(f"{API}/events/{world['id']}/standings",
                       headers=world["director"]).get_json()
    names = {p["name"]: p for p in board["players"]}
    assert old not in names and ticketed not in names
    assert names["Barb Ott"]["sessions"][0] == 8 and names["Jon Schmidt"]["sessions"][0] > 0
    found = html.unescape(client.get(f"/e/s/{world['view']}/seat",
                                     query_string={"q": "schmidt"}).get_data(as_text=True))
    assert "Jon Schmidt" in found and "Table 1" in found
    exported = client.get(f"{API}/events/{world['id']}/export", headers=world["director"])
    data = exported.get_json()
    assert "Jon Schmidt" in [p["name"] for p in data["players"]]
    assert old not in [p["name"] for p in data["players"]]  # the history still says who was
    assert client.post(f"{API}/events/import", json=exported.get_json()).status_code == 201
    with app.app_context():
        said = [e.summary for e in db.session.scalars(db.select(AuditEntry).where(
            AuditEntry.of("event", world["id"]), AuditEntry.action == "rename"))]
        seat = db.session.get_one(GameTable, world["one"]["night"]).players
    assert said[0] == f"#{world['number'][old]} {old} is called Jon Schmidt from now on"
    assert "Jon Schmidt" in [p.name for p in seat]


def test_a_rename_is_refused_as_a_registration_would_be(client: FlaskClient) -> None:
    world = _world(client)
    path = f"{API}/events/{world['id']}/players/{world['number'][world['picker']]}"
    other = next(n for n in world["number"] if n != world["picker"])
    taken = client.patch(path, headers=world["director"], json={"name": other.upper()})
    assert taken.status_code == 409 and "add an initial" in taken.get_json()["error"]
    same = client.patch(path, headers=world["director"], json={"name": world["picker"]})
    assert same.status_code == 409 and same.get_json()["code"] == "unchanged"
    assert client.patch(path, headers=world["director"], json={}).status_code == 400
    assert client.patch(path, headers=world["director"], json={"name": ""}).status_code == 400
    assert client.patch(f"{API}/events/{world['id']}/players/99", headers=world["director"],
                        json={"name": "Nobody"}).status_code == 404
    assert client.patch(path, headers=_auth(world["one"]["edit_token"]),
                        json={"name": "Jon"}).status_code == 401


def test_a_name_that_may_be_another_players_asks_first(client: FlaskClient) -> None:
    made, _ = _api_event(client)
    director = _auth(made["director_token"])
    players = f"{API}/events/{made['id']}/players"
    assert client.post(players, headers=director, json={"players": [
        {"name": "José Álvarez"}, {"name": "Joe Alvin"}]}).status_code == 201
    event = client.get(f"{API}/events/{made['id']}", headers=director).get_json()
    joe = next(p["number"] for p in event["players"] if p["name"] == "Joe Alvin")
    asked = client.patch(f"{players}/{joe}", headers=director, json={"name": "Jose Alvarez"})
    assert asked.status_code == 409 and asked.get_json()["code"] == "same_name"
    anyway = client.patch(f"{players}/{joe}", headers=director,
                          json={"name": "Jose Alvarez", "same_name_ok": True})
    assert anyway.status_code == 200, anyway.get_json()


def test_the_players_page_renames_a_player(client: FlaskClient) -> None:
    world = _world(client)
    with client.session_transaction() as cookie:
        cookie["events"] = {str(world["id"]): world["director"]["Authorization"][7:]}
    number = world["number"][world["picker"]]
    page = client.get(f"/e/{world['id']}").get_data(as_text=True)
    assert f'id="rename-{number}"' in page
    unsaid = post_form(client, f"/e/{world['id']}/players/{number}/rename", {"name": ""})
    assert unsaid.status_code == 400
    done = post_form(client, f"/e/{world['id']}/players/{number}/rename", {"name": "Jon Schmidt"})
    assert done.status_code == 302
    shown = html.unescape(client.get(f"/e/{world['id']}").get_data(as_text=True))
    assert "is called <bdi>Jon Schmidt</bdi> from now on" in shown  # the name stands apart
    session = html.unescape(client.get(f"/e/{world['id']}/sessions/1").get_data(as_text=True))
    assert "Jon Schmidt" in session and world["picker"] not in session
