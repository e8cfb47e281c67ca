"""A database holding nights of every owner, with their grants, codes and
history, for the tests that take the schema down and up again: what every
token is and may do is read before and after (``GET /api/v1/token``)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

API = "/api/v1"
PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def populate(client: FlaskClient) -> dict[str, str]:
    """A night on its own, a group with a night, and an event with a drawn
    session; a hand on each night, a take-over code left unused; returns
    every token by what it is."""
    night = client.post(f"{API}/tables", json={
        "name": "Friday", "players": PLAYERS, "preset": "called-ace"}).get_json()
    group = client.post(f"{API}/groups", json={
        "name": "Thursday", "players": PLAYERS, "preset": "called-ace"}).get_json()
    group_night = client.post(f"{API}/tables", headers=_auth(group["edit_token"]), json={
        "name": "Thursday", "players": PLAYERS, "group": group["id"]}).get_json()
    event = client.post(f"{API}/events", json={
        "name": "Fest", "preset": "called-ace", "sessions": 1, "rounds": 1}).get_json()
    director = _auth(event["director_token"])
    assert client.post(f"{API}/events/{event['id']}/players", headers=director, json={
        "checked_in": True, "players": [{"name": f"P{n}"} for n in range(1, 6)]}
        ).status_code == 201
    drawn = client.post(f"{API}/events/{event['id']}/sessions/1/draw", headers=director,
                        json={"seed": 3}).get_json()
    table = drawn["tables"][0]
    for token, table_id, players in ((night["edit_token"], night["id"], PLAYERS),
                                     (group["edit_token"], group_night["id"], PLAYERS),
                                     (table["edit_token"], table["night"], table["players"])):
        saved = client.post(f"{API}/tables/{table_id}/hands", headers=_auth(token), json={
            "picker": players[0], "partners": [players[1]], "points": 75})
        assert saved.status_code == 201, saved.get_json()
    with client.session_transaction() as cookie:
        cookie["editors"] = {str(night["id"]): night["edit_token"]}
    assert client.post(f"/t/{night['id']}/share/handover").status_code == 302
    return {"night": night["edit_token"], "night link": night["view_token"],
            "group": group["edit_token"], "group night": group_night["edit_token"],
            "group link": group["view_token"], "director": event["director_token"],
            "table phone": table["edit_token"], "event link": event["view_token"]}


def what_each_token_is(client: FlaskClient, tokens: dict[str, str]) -> dict[str, Any]:
    """``GET /api/v1/token`` for every token (what it is, and may do now)."""
    return {name: client.get(f"{API}/token", headers=_auth(token)).get_json()
            for name, token in tokens.items()}
