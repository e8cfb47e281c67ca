"""The events API: a director starts an event, registers players, draws
sessions, enters penalties and paper tickets; the event's link reads the
event, its sessions and its standings and never sees a contact, a table's
token or its code; every write is safe to retry and a refused one changes
nothing."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import TABLE, AuditEntry, GameTable, db

API = "/api/v1"
KEY = "0123456789abcdef-event"


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _event(client: FlaskClient, **plan: Any) -> dict[str, Any]:
    made = client.post(f"{API}/events", json={
        "name": "Oktoberfest", "preset": "jack-of-diamonds", "sessions": 2, "rounds": 1,
        "entry_cents": 2500, "places": [30, 15], "session_high": 5, **plan})
    assert made.status_code == 201, made.get_json()
    return made.get_json()


def _players(client: FlaskClient, made: dict[str, Any], count: int = 10) -> Any:
    return client.post(f"{API}/events/{made['id']}/players", headers=_auth(
        made["director_token"]), json={"checked_in": True, "players": [
            {"name": f"Player {n}", "contact": f"555-010{n % 10}"}
            for n in range(1, count + 1)]})


def _drawn(client: FlaskClient) -> tuple[dict[str, Any], dict[str, Any]]:
    made = _event(client)
    assert _players(client, made).status_code == 201
    drawn = client.post(f"{API}/events/{made['id']}/sessions/1/draw",
                        headers=_auth(made["director_token"]), json={"seed": 7})
    assert drawn.status_code == 200, drawn.get_json()
    return made, drawn.get_json()


def test_starting_an_event_answers_its_tokens_link_location_and_etag(
        client: FlaskClient) -> None:
    answer = client.post(f"{API}/events", json={"name": "Festival", "preset": "called-ace"})
    assert answer.status_code == 201
    body = answer.get_json()
    assert set(body) == {"id", "director_token", "view_token", "view_url"}
    assert body["view_url"].endswith(f"/e/s/{body['view_token']}")
    assert client.get(body["view_url"].split("localhost", 1)[-1]).status_code == 200
    assert answer.headers["Location"] == f"{API}/events/{body['id']}"
    assert answer.headers["ETag"]


def test_the_event_reads_with_either_token_and_shows_its_plan(client: FlaskClient) -> None:
    made = _event(client)
    _players(client, made, 3)
    for token in (made["director_token"], made["view_token"]):
        shown = client.get(f"{API}/events/{made['id']}", headers=_auth(token))
        assert shown.status_code == 200
        body = shown.get_json()
        assert {"name", "played_on", "preset", "rules", "sessions", "rounds", "entry_cents",
                "places", "session_high", "share", "tie_breaks", "finished",
                "version"} <= set(body)
        assert body["places"] == [30, 15] and body["finished"] is False
        assert [p["number"] for p in body["players"]] == [1, 2, 3]
        assert "555" not in shown.get_data(as_text=True)
    assert client.get(f"{API}/events/{made['id']}").status_code == 401
    assert client.get(f"{API}/events/{made['id']}", headers=_auth("nope")).status_code == 401
    assert client.get(f"{API}/events/999999", headers=_auth("nope")).status_code == 404


def test_registering_one_or_a_list_answers_numbers_and_the_view_token_cannot(
        client: FlaskClient) -> None:
    made = _event(client)
    url, director = f"{API}/events/{made['id']}/players", _auth(made["director_token"])
    one = client.post(url, headers=director, json={"name": "Ann", "contact": "ann@example.com"})
    assert one.status_code == 201
    assert one.get_json() == {"players": [{"number": 1, "name": "Ann"}]}
    many = client.post(url, headers=director, json={"players": [{"name": "Bob"},
                                                                {"name": "Cat"}]})
    assert many.get_json() == {"players": [{"number": 2, "name": "Bob"},
                                           {"number": 3, "name": "Cat"}]}
    refused = client.post(url, headers=_auth(made["view_token"]), json={"name": "Dan"})
    assert refused.status_code == 403


def test_a_taken_name_refuses_the_whole_list_and_changes_nothing(client: FlaskClient) -> None:
    made = _event(client)
    url, director = f"{API}/events/{made['id']}/players", _auth(made["director_token"])
    client.post(url, headers=director, json={"name": "Ann"})
    before = client.get(f"{API}/events/{made['id']}", headers=director).get_json()
    refused = client.post(url, headers=director, json={"players": [{"name": "Bob"},
                                                                   {"name": "ann"}]})
    assert refused.status_code == 409
    assert refused.get_json()["field"] == "players"
    after = client.get(f"{API}/events/{made['id']}", headers=director).get_json()
    assert after == before


def test_unknown_fields_and_bad_types_are_refused_by_name(client: FlaskClient) -> None:
    made = _event(client)
    url, director = f"{API}/events/{made['id']}/players", _auth(made["director_token"])
    assert client.post(url, headers=director, json={"nmae": "Ann"}).get_json()["field"] \
        == "nmae"
    assert client.post(url, headers=director,
                       json={"name": "Ann", "checked_in": "yes"}).status_code == 400
    assert client.post(f"{API}/events", json={"name": "X", "preset": "called-ace",
                                              "sessions": 0}).get_json()["field"] == "sessions"


def test_a_retried_registration_registers_once(client: FlaskClient) -> None:
    made = _event(client)
    url = f"{API}/events/{made['id']}/players"
    headers = {**_auth(made["director_token"]), "Idempotency-Key": KEY}
    first = client.post(url, headers=headers, json={"name": "Ann"})
    again = client.post(url, headers=headers, json={"name": "Ann"})
    assert first.status_code == again.status_code == 201
    assert first.get_json() == again.get_json()
    other = client.post(url, headers=headers, json={"name": "Bob"})
    assert other.status_code == 422


def test_a_stale_if_match_is_refused_and_a_current_one_writes(client: FlaskClient) -> None:
    made = _event(client)
    url, director = f"{API}/events/{made['id']}/players", _auth(made["director_token"])
    etag = client.get(f"{API}/events/{made['id']}", headers=director).headers["ETag"]
    assert client.post(url, headers={**director, "If-Match": etag},
                       json={"name": "Ann"}).status_code == 201
    stale = client.post(url, headers={**director, "If-Match": etag}, json={"name": "Bob"})
    assert stale.status_code == 412
    names = [p["name"] for p in client.get(f"{API}/events/{made['id']}",
                                           headers=director).get_json()["players"]]
    assert names == ["Ann"]


def test_check_in_and_withdraw_answer_the_players_status(client: FlaskClient) -> None:
    made = _event(client)
    director = _auth(made["director_token"])
    client.post(f"{API}/events/{made['id']}/players", headers=director, json={"name": "Ann"})
    here = client.post(f"{API}/events/{made['id']}/players/1/check-in", headers=director)
    assert here.get_json()["players"][0]["checked_in"] is True
    gone = client.post(f"{API}/events/{made['id']}/players/1/withdraw", headers=director,
                       json={"after": 1})
    assert gone.get_json()["players"][0]["withdrawn_after"] == 1
    assert client.post(f"{API}/events/{made['id']}/players/9/check-in",
                       headers=director).status_code == 404
    assert client.post(f"{API}/events/{made['id']}/players/1/withdraw", headers=director,
                       json={}).get_json()["field"] == "after"


def test_a_draw_answers_the_contracts_fields_with_tokens_for_the_director_only(
        client: FlaskClient) -> None:
    made, drawn = _drawn(client)
    assert set(drawn) >= {"session", "seed", "repeated_pairs", "tables"}
    assert drawn["seed"] == 7 and len(drawn["tables"]) == 2
    for table in drawn["tables"]:
        assert set(table) >= {"number", "players", "night", "edit_token", "code"}
        assert table["edit_token"] and table["code"]
    refused = client.post(f"{API}/events/{made['id']}/sessions/1/draw",
                          headers=_auth(made["view_token"]))
    assert refused.status_code == 403
    read = client.get(f"{API}/events/{made['id']}/sessions/1",
                      headers=_auth(made["view_token"]))
    assert read.status_code == 200
    text = read.get_data(as_text=True)
    assert "edit_token" not in text and "code" not in text
    assert all(t["code"] not in text for t in drawn["tables"])
    tables = read.get_json()["tables"]
    assert [t["players"] for t in tables] == [t["players"] for t in drawn["tables"]]
    assert tables[0]["hands"] == 0 and tables[0]["due"] == 5


def test_drawing_again_with_the_same_seed_gives_the_same_tables(client: FlaskClient) -> None:
    made, drawn = _drawn(client)
    again = client.post(f"{API}/events/{made['id']}/sessions/1/draw",
                        headers=_auth(made["director_token"]), json={"seed": 7}).get_json()
    assert [t["players"] for t in again["tables"]] == [t["players"] for t in drawn["tables"]]
    assert client.get(f"{API}/events/{made['id']}/sessions/2",
                      headers=_auth(made["view_token"])).status_code == 404


def test_a_retried_draw_draws_the_same_tables_with_fresh_tokens(client: FlaskClient) -> None:
    made = _event(client)
    _players(client, made)
    url = f"{API}/events/{made['id']}/sessions/1/draw"
    headers = {**_auth(made["director_token"]), "Idempotency-Key": KEY}
    first = client.post(url, headers=headers).get_json()
    again = client.post(url, headers=headers).get_json()
    assert again["seed"] == first["seed"]
    assert [t["players"] for t in again["tables"]] == [t["players"] for t in first["tables"]]
    table = again["tables"][0]
    hand = {"picker": table["players"][0], "points": 70}
    assert client.post(f"{API}/tables/{table['night']}/hands", headers=_auth(
        table["edit_token"]), json=hand).status_code == 201


def test_a_tables_edit_token_and_the_director_token_record_its_hands(
        client: FlaskClient) -> None:
    made, drawn = _drawn(client)
    one, two = drawn["tables"]
    hand = {"picker": one["players"][0], "points": 70}
    assert client.post(f"{API}/tables/{one['night']}/hands", headers=_auth(one["edit_token"]),
                       json=hand).status_code == 201
    assert client.post(f"{API}/tables/{two['night']}/hands", headers=_auth(one["edit_token"]),
                       json=hand).status_code == 401
    assert client.post(f"{API}/tables/{one['night']}/hands", headers=_auth(
        made["director_token"]), json=hand).status_code == 201
    read = client.get(f"{API}/events/{made['id']}/sessions/1",
                      headers=_auth(made["view_token"])).get_json()
    assert read["tables"][0]["hands"] == 2
    assert client.post(f"{API}/events/{made['id']}/sessions/1/draw", headers=_auth(
        made["director_token"])).status_code == 409


def test_penalty_and_ticket_reach_the_standings(client: FlaskClient) -> None:
    made, drawn = _drawn(client)
    director, base = _auth(made["director_token"]), f"{API}/events/{made['id']}"
    fined = client.post(f"{base}/penalties", headers=director, json={
        "number": 1, "session": 1, "points": 4, "reason": "Peeked while sitting out"})
    assert fined.status_code == 201
    said = fined.get_json()
    assert {k: said[k] for k in ("number", "name", "session", "points", "reason", "by")} == {
        "number": 1, "name": "Player 1", "session": 1, "points": 4,
        "reason": "Peeked while sitting out", "by": "API client"}
    assert isinstance(said["id"], int) and said["at"]
    table = drawn["tables"][0]
    totals = dict(zip(table["players"], (6, -3, -3, 2, -2), strict=True))
    ticket = client.post(f"{base}/sessions/1/tables/1/ticket", headers=director,
                         json={"totals": totals})
    assert ticket.status_code == 201
    assert ticket.get_json() == {"session": 1, "table": 1, "totals": totals}
    assert client.post(f"{base}/sessions/1/tables/1/ticket", headers=director,
                       json={"totals": totals}).status_code == 409
    standings = client.get(f"{base}/standings", headers=_auth(made["view_token"]))
    body = standings.get_json()
    assert set(body) >= {"pot_cents", "players", "session_high", "prizes"}
    assert body["pot_cents"] == 25000
    first = body["players"][0]
    assert set(first) == {"number", "name", "total", "sessions", "played", "penalties",
                          "rank", "first_seat"}
    assert first["played"] == [1]
    assert first["first_seat"] == {"session": 1, "table": 1, "seat": 1}
    assert first["name"] == table["players"][0] and first["total"] == 6 and first["rank"] == 1
    fined_line = next(p for p in body["players"] if p["number"] == 1)
    assert fined_line["penalties"] == 4
    high = body["session_high"][0]
    assert {k: high[k] for k in ("session", "names", "points")} == {
        "session": 1, "names": [table["players"][0]], "points": 6}
    assert high["cents"] == high["each_cents"] == 1200  # 5 % of $250, whole dollars
    assert all(set(z) == {"label", "numbers", "names", "cents", "each_cents"}
               for z in body["prizes"])
    assert body["final"] is False and body["stage"] == "sessions"
    assert "555" not in standings.get_data(as_text=True)
    progress = client.get(f"{base}/sessions/1", headers=director).get_json()["tables"][0]
    assert progress["done"] is True and progress["ticket"] is True


def test_refused_penalties_and_tickets_change_nothing(client: FlaskClient) -> None:
    made, drawn = _drawn(client)
    director, base = _auth(made["director_token"]), f"{API}/events/{made['id']}"
    version = client.get(base, headers=director).get_json()["version"]
    assert client.post(f"{base}/penalties", headers=director, json={
        "number": 1, "session": 1, "points": 0, "reason": "x"}).get_json()["field"] == "points"
    assert client.post(f"{base}/penalties", headers=director, json={
        "number": 99, "session": 1, "points": 2, "reason": "x"}).status_code == 404
    table = drawn["tables"][0]
    uneven = dict.fromkeys(table["players"], 1)
    assert client.post(f"{base}/sessions/1/tables/1/ticket", headers=director,
                       json={"totals": uneven}).get_json()["field"] == "totals"
    assert client.post(f"{base}/penalties", headers=_auth(made["view_token"]), json={
        "number": 1, "session": 1, "points": 2, "reason": "x"}).status_code == 403
    assert client.get(base, headers=director).get_json()["version"] == version


def test_a_retried_penalty_takes_the_points_once(client: FlaskClient) -> None:
    made, _ = _drawn(client)
    director, base = _auth(made["director_token"]), f"{API}/events/{made['id']}"
    body = {"number": 2, "session": 1, "points": 4, "reason": "Commented"}
    for _ in range(2):
        answer = client.post(f"{base}/penalties", headers={**director, "Idempotency-Key": KEY},
                             json=body)
        assert answer.status_code == 201
    line = next(p for p in client.get(f"{base}/standings", headers=director).get_json()[
        "players"] if p["number"] == 2)
    assert line["penalties"] == 4


def test_the_standings_etag_answers_304_until_a_write(client: FlaskClient) -> None:
    made, _ = _drawn(client)
    view, base = _auth(made["view_token"]), f"{API}/events/{made['id']}"
    first = client.get(f"{base}/standings", headers=view)
    etag = first.headers["ETag"]
    assert client.get(f"{base}/standings", headers={**view, "If-None-Match": etag}
                      ).status_code == 304
    client.post(f"{base}/penalties", headers=_auth(made["director_token"]), json={
        "number": 3, "session": 1, "points": 1, "reason": "Slow"})
    assert client.get(f"{base}/standings", headers={**view, "If-None-Match": etag}
                      ).status_code == 200


def test_filler_seats_are_negative_numbers_in_a_draw_and_an_unknown_choice_is_refused(
        client: FlaskClient) -> None:
    refused = client.post(f"{API}/events", json={"name": "Odd", "preset": "called-ace",
                                                 "odd": "robots"})
    assert refused.status_code in (400, 422) and "odd" in refused.get_json()["error"]
    made = _event(client, preset="called-ace", odd="fillers")
    assert client.get(f"{API}/events/{made['id']}", headers=_auth(
        made["view_token"])).get_json()["odd"] == "fillers"
    assert _players(client, made, 13).status_code == 201
    drawn = client.post(f"{API}/events/{made['id']}/sessions/1/draw",
                        headers=_auth(made["director_token"]), json={"seed": 7}).get_json()
    numbers = [n for t in drawn["tables"] for n in t["numbers"]]
    assert sorted(n for n in numbers if n < 0) == [-2, -1]
    assert sorted(n for n in numbers if n > 0) == list(range(1, 14))
    read = client.get(f"{API}/events/{made['id']}/sessions/1",
                      headers=_auth(made["view_token"])).get_json()
    assert [t["numbers"] for t in read["tables"]] == [t["numbers"] for t in drawn["tables"]]


def test_a_paper_ticket_changes_the_tables_own_night_so_its_phone_and_share_page_learn(
        app: Flask, client: FlaskClient) -> None:
    made, drawn = _drawn(client)
    table = drawn["tables"][0]
    night, phone = f"{API}/tables/{table['night']}", _auth(table["edit_token"])
    etag = client.get(night, headers=phone).headers["ETag"]
    with app.app_context():
        view = db.session.get_one(GameTable, table["night"]).view_token
    live = client.get(f"/s/{view}/live")
    assert live.status_code == 200
    totals = dict(zip(table["players"], (4, -1, -1, -1, -1), strict=True))
    assert client.post(f"{API}/events/{made['id']}/sessions/1/tables/1/ticket", headers=_auth(
        made["director_token"]), json={"totals": totals}).status_code == 201
    assert client.get(night, headers={**phone, "If-None-Match": etag}).status_code == 200
    assert client.get(night, headers=phone).headers["ETag"] != etag
    assert client.get(f"/s/{view}/live", headers={
        "If-None-Match": live.headers["ETag"]}).status_code == 200
    refused = client.post(f"{night}/hands", headers=phone,
                          json={"picker": table["players"][0], "points": 70})
    assert refused.status_code == 409 and "is its paper ticket" in refused.get_json()["error"]
    with app.app_context():
        entries = db.session.scalars(db.select(AuditEntry.action).where(
            AuditEntry.of(TABLE, table["night"])).order_by(AuditEntry.id)).all()
        assert entries[-1] == "ticket"
