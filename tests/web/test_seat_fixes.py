"""The wrong table, mended after play: two players drawn at tables 1 and 2
each sat at the other's.  Once hands are in, a swap is refused and says
what to do instead; the director says who really sat where, and each
table's hands, its paper ticket, the standings and both histories follow,
with no hand entered again."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import AuditEntry, GameTable, db
from tests.web.test_event_table_phone import _api_event

API = "/api/v1"


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _points(client: FlaskClient, made: dict[str, Any]) -> dict[int, int]:
    standing = client.get(f"{API}/events/{made['id']}/standings",
                          headers=_auth(made["view_token"])).get_json()
    return {p["number"]: p["sessions"][0] for p in standing["players"]}


def test_two_players_at_each_others_tables_take_their_hands_with_them(
        app: Flask, client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    director = _auth(made["director_token"])
    first, second = drawn["tables"][:2]
    phone = _auth(first["edit_token"])
    seats = first["players"]
    for k in range(3):  # the seat-3 player wins every hand at table 1
        assert client.post(f"{API}/tables/{first['night']}/hands", headers=phone, json={
            "picker": seats[2], "partners": [seats[(k + 3) % 5]], "points": 80}
        ).status_code == 201
    ticket = dict(zip(second["players"], (6, -9, 3, 2, -2), strict=True))
    base = f"{API}/events/{made['id']}/sessions/1"
    assert client.post(f"{base}/tables/2/ticket", headers=director,
                       json={"totals": ticket}).status_code == 201
    walt, patty = first["numbers"][2], second["numbers"][2]
    walt_name, patty_name = seats[2], second["players"][2]
    before = _points(client, made)
    assert before[walt] > 0 and before[patty] == 3

    page_swap = client.post(f"{base}/seat-fix", headers=director,
                            json={"a": walt, "b": patty, "reason": ""})
    assert page_swap.status_code == 400 and "Say why" in page_swap.get_json()["error"]
    fixed = client.post(f"{base}/seat-fix", headers={**director, "Idempotency-Key": "fix-1"},
                        json={"a": walt, "b": patty, "reason": "Sat at each other's tables"})
    assert fixed.status_code == 200, fixed.get_json()
    said = fixed.get_json()["said"]
    assert said == (f"Session 1: #{walt} {walt_name} played table 2's seat and #{patty} "
                    f"{patty_name} table 1's; the recorded hands follow them (Sat at each "
                    "other's tables)")
    tables = {t["number"]: t for t in fixed.get_json()["tables"]}
    assert tables[1]["numbers"][2] == patty and tables[2]["numbers"][2] == walt
    after = _points(client, made)
    assert (after[walt], after[patty]) == (before[patty], before[walt])
    assert {n: p for n, p in after.items() if n not in (walt, patty)} == {
        n: p for n, p in before.items() if n not in (walt, patty)}
    again = client.post(f"{base}/seat-fix", headers={**director, "Idempotency-Key": "fix-1"},
                        json={"a": walt, "b": patty, "reason": "Sat at each other's tables"})
    assert again.status_code == 200 and again.headers.get("Idempotent-Replayed") == "true"
    assert _points(client, made) == after  # a retry moves nothing back
    with app.app_context():
        night1 = db.session.get_one(GameTable, first["night"])
        assert patty_name in [p.name for p in night1.players]
        assert walt_name not in [p.name for p in night1.players]
        kept = [e.summary for e in db.session.scalars(db.select(AuditEntry))]
    assert kept.count(said) == 3  # the event's history and both tables'
    shown = client.get(f"{base}", headers=director).get_json()
    ticket_now = next(t for t in shown["tables"] if t["number"] == 2)
    assert walt_name in ticket_now["players"]


def test_a_swap_after_play_says_what_to_do_and_the_fix_needs_two_tables(
        client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    director = _auth(made["director_token"])
    first = drawn["tables"][0]
    base = f"{API}/events/{made['id']}/sessions/1"
    early = client.post(f"{base}/seat-fix", headers=director, json={
        "a": first["numbers"][0], "b": drawn["tables"][1]["numbers"][0], "reason": "Oops"})
    assert early.status_code == 409 and "swap them instead" in early.get_json()["error"]
    assert client.post(f"{API}/tables/{first['night']}/hands", headers=_auth(
        first["edit_token"]), json={"picker": first["players"][0],
                                    "partners": [first["players"][1]],
                                    "points": 70}).status_code == 201
    same = client.post(f"{base}/seat-fix", headers=director, json={
        "a": first["numbers"][0], "b": first["numbers"][1], "reason": "Oops"})
    assert same.status_code == 409 and "sit at one table" in same.get_json()["error"]
