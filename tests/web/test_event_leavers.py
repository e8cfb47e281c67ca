"""A 2xx means it happened as asked: a drawn player marked not here or
withdrawn before a session he is seated in is refused, saying what does
take him out (he would still deal and count in the pot); a walk-in is
seated only at a table still playing, and a session whose every table is
done takes nobody; a change to nothing is refused with its reason."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import EventPlayer, GameTable, db
from tests.web.api_helpers import API
from tests.web.test_event_table_phone import _api_event


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _seated(drawn: dict[str, Any]) -> tuple[int, int]:
    """A drawn player's number and his table."""
    table = drawn["tables"][0]
    return table["numbers"][0], table["number"]


def test_a_seated_player_marked_not_here_or_withdrawn_before_his_session_is_refused(
        app: Flask, client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    director = _auth(made["director_token"])
    players = f"{API}/events/{made['id']}/players"
    number, table = _seated(drawn)
    for path, body in ((f"{players}/{number}/check-in", {"here": False}),
                       (f"{players}/{number}/withdraw", {"after": 0})):
        refused = client.post(path, headers=director, json=body)
        assert refused.status_code == 409, refused.get_json()
        said = refused.get_json()["error"]
        assert f"is seated at table {table} of session 1" in said
        assert "draw session 1 again" in said and "withdraw them after session 1" in said
    with app.app_context():
        kept = db.session.scalars(db.select(EventPlayer).filter_by(number=number)).one()
        assert (kept.checked_in, kept.withdrawn_after) == (True, None)  # nothing changed
    after_one = client.post(f"{players}/{number}/withdraw", headers=director, json={"after": 1})
    assert after_one.status_code == 200, after_one.get_json()  # he plays out session 1
    again = client.post(f"{players}/{number}/withdraw", headers=director, json={"after": 1})
    assert again.status_code == 409 and again.get_json()["code"] == "unchanged"


def test_checking_in_who_is_checked_in_already_changes_nothing_and_says_so(
        client: FlaskClient) -> None:
    made, _ = _api_event(client)
    again = client.post(f"{API}/events/{made['id']}/players/1/check-in",
                        headers=_auth(made["director_token"]), json={"here": True})
    assert again.status_code == 409, again.get_json()
    assert again.get_json()["code"] == "unchanged"
    assert "#1 is checked in already" in again.get_json()["error"]


def _walk_in(client: FlaskClient, made: dict[str, Any], name: str) -> int:
    added = client.post(f"{API}/events/{made['id']}/players",
                        headers=_auth(made["director_token"]),
                        json={"checked_in": True, "players": [{"name": name}]})
    assert added.status_code == 201, added.get_json()
    return int(added.get_json()["players"][0]["number"])


def test_a_walk_in_sits_only_at_a_table_still_playing(app: Flask, client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    director = _auth(made["director_token"])
    event = f"{API}/events/{made['id']}"
    first, second = drawn["tables"][:2]
    totals = dict(zip(first["players"], (4, -1, -1, -1, -1), strict=True))
    assert client.post(f"{event}/sessions/1/tables/1/ticket", headers=director,
                       json={"totals": totals}).status_code == 201
    seated = client.post(f"{event}/sessions/1/seat", headers=director,
                         json={"number": _walk_in(client, made, "Walk In")})
    assert seated.status_code == 200, seated.get_json()
    assert seated.get_json()["table"] == second["number"]  # never the table on paper
    with app.app_context():
        assert len(db.session.get_one(GameTable, first["night"]).players) == 5


def test_a_session_whose_every_table_is_done_takes_no_walk_in(
        app: Flask, client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    director = _auth(made["director_token"])
    event = f"{API}/events/{made['id']}"
    for table in drawn["tables"]:
        assert client.post(f"{event}/sessions/1/tables/{table['number']}/done",
                           headers=director, json={"done": True}).status_code == 200
    refused = client.post(f"{event}/sessions/1/seat", headers=director,
                          json={"number": _walk_in(client, made, "Late Larry")})
    assert refused.status_code == 409, refused.get_json()
    assert "No table of session 1 is still playing" in refused.get_json()["error"]
    with app.app_context():
        for table in drawn["tables"]:
            night = db.session.get_one(GameTable, table["night"])
            assert "Late Larry" not in [p.name for p in night.players]
    reopened = client.post(f"{event}/sessions/1/tables/2/done", headers=director,
                           json={"done": False})
    assert reopened.status_code == 200
    seated = client.post(f"{event}/sessions/1/seat", headers=director,
                         json={"number": 11})
    assert seated.status_code == 200 and seated.get_json()["table"] == 2
