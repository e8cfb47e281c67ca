"""A player who withdraws in the middle of a session leaves his table: from
the next hand he is dealt out there, his points so far count, and the
director's answer, the table's history and the phone say so."""

from __future__ import annotations

import html
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import AuditEntry, Event, GameTable, db
from scorekeeper.services.events import draws as event_draws
from tests.page_forms import post_form
from tests.web.test_event_codes import _start
from tests.web.test_event_table_phone import _api_event

API = "/api/v1"


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _six_at_a_table(client: FlaskClient) -> tuple[dict[str, Any], dict[str, Any]]:
    made = client.post(f"{API}/events", json={
        "name": "Parish", "preset": "called-ace", "sessions": 2, "rounds": 1}).get_json()
    director = _auth(made["director_token"])
    assert client.post(f"{API}/events/{made['id']}/players", headers=director, json={
        "checked_in": True, "players": [{"name": f"Player {n}"} for n in range(1, 7)]}
    ).status_code == 201
    drawn = client.post(f"{API}/events/{made['id']}/sessions/1/draw", headers=director,
                        json={"seed": 3}).get_json()
    assert [len(t["players"]) for t in drawn["tables"]] == [6]
    return made, drawn["tables"][0]


def _points(client: FlaskClient, made: dict[str, Any], name: str) -> int:
    standing = client.get(f"{API}/events/{made['id']}/standings",
                          headers=_auth(made["view_token"])).get_json()
    found: int = next(p for p in standing["players"] if p["name"] == name)["sessions"][0]
    return found


def test_a_player_leaving_mid_session_is_dealt_out_from_the_next_hand(
        app: Flask, client: FlaskClient) -> None:
    made, table = _six_at_a_table(client)
    phone, night = _auth(table["edit_token"]), f"{API}/tables/{table['night']}"
    players = table["players"]
    for k in range(2):
        assert client.post(f"{night}/hands", headers=phone, json={
            "picker": players[k + 1], "partners": [players[k + 2]],
            "points": 75}).status_code == 201
    gone = next(p for p in client.get(f"{API}/events/{made['id']}",
                                      headers=_auth(made["director_token"])).get_json()[
        "players"] if p["name"] == players[3])
    before = _points(client, made, players[3])
    answer = client.post(f"{API}/events/{made['id']}/players/{gone['number']}/withdraw",
                         headers=_auth(made["director_token"]), json={"after": 1, "now": True})
    assert answer.status_code == 200, answer.get_json()
    said = answer.get_json()["said"]
    assert said.startswith(f"#{gone['number']} {players[3]} withdrew after session 1 and "
                           "leaves table 1 of session 1: dealt out from the next hand")
    with app.app_context():
        seated = {p.name: p.present for p in db.session.get_one(
            GameTable, table["night"]).players}
        assert seated[players[3]] is False and sum(seated.values()) == 5
        kept = [e.summary for e in db.session.scalars(db.select(AuditEntry))]
    assert any(f"{players[3]} left the table" in e for e in kept)
    assert said.split(". ")[0] in kept  # the event's history, then the table's
    # the next hand is dealt without him, and naming him is refused
    refused = client.post(f"{night}/hands", headers=phone, json={
        "picker": players[3], "partners": [players[1]], "points": 75})
    assert refused.status_code in (400, 409, 422), refused.get_json()
    dealt = client.post(f"{night}/hands", headers=phone, json={
        "picker": players[1], "partners": [players[2]], "points": 75})
    assert dealt.status_code == 201, dealt.get_json()
    assert _points(client, made, players[3]) == before  # the hand after dealt him out
    again = client.post(f"{API}/events/{made['id']}/players/{gone['number']}/withdraw",
                        headers=_auth(made["director_token"]), json={"after": 1, "now": True})
    assert again.status_code == 409


def test_leaving_now_is_refused_in_words_when_it_isnt_true_or_false(
        client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    answer = client.post(f"{API}/events/{made['id']}/players/1/withdraw",
                         headers=_auth(made["director_token"]), json={"after": 1, "now": "y"})
    assert answer.status_code == 400, answer.get_json()


def test_the_players_page_withdraws_him_now_and_says_the_table_is_short(
        app: Flask, client: FlaskClient) -> None:
    event_id = _start(client, 10)
    with app.app_context():
        first = event_draws.session_tables(db.session.get_one(Event, event_id), 1).tables[0]
        name = first.players[2]
        number = next(p.number for p in db.session.get_one(Event, event_id).players
                      if p.name == name)
    page = html.unescape(client.get(f"/e/{event_id}").text)
    assert f"{name} leaves now: dealt out at their table from the next hand" in page
    answer = post_form(client, f"/e/{event_id}/withdraw",
                       {"number": str(number), "after_session": "1", "now": "1"},
                       page=f"/e/{event_id}", follow_redirects=True)
    assert answer.status_code == 200
    said = re.sub(r"<[^>]+>", "", html.unescape(answer.text))
    assert (f"#{number} {name} plays no session after session 1 and leaves table "
            f"{first.number} of session 1: dealt out from the next hand") in said
    assert "Only 4 remain for a 5-handed game: add a player before the next hand" in said
    with app.app_context():
        night = db.session.get_one(GameTable, first.night)
        assert [p.name for p in night.players if not p.present] == [name]
