"""A whole event out and back in: the director's export holds its settings,
players, draws, every table's hands, tickets and penalties (no token, no
code); an import of it is a new event with new tokens whose standings are
the original's.  A bad or tampered file is refused in words and creates
nothing; a retried import makes one event."""

from __future__ import annotations

import copy
import io
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import Event, GameTable, db
from tests.kept_worlds import kept_world
from tests.page_forms import post_form

API = "/api/v1"
KEY = "event-import-0123456789"
NAMES = [f"Player {n}" for n in range(1, 14)]


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _hands(client: FlaskClient, token: str, table: dict[str, Any], count: int) -> None:
    """``count`` hands at the table, the picker (left of the dealer, who sits
    out at a table of six) and partner turning round."""
    seats = table["players"]
    for n in range(count):
        hand = {"picker": seats[(n + 1) % len(seats)],
                "partners": [seats[(n + 2) % len(seats)]],
                "points": 40 + 9 * n}
        saved = client.post(f"{API}/tables/{table['night']}/hands", headers=_auth(token),
                            json=hand)
        assert saved.status_code == 201, saved.get_json()


@pytest.fixture()
def festival(request: pytest.FixtureRequest, app: Flask, client: FlaskClient) -> dict[str, Any]:
    """:func:`_festival`, built once per module (:mod:`tests.kept_worlds`)."""
    return kept_world(request, app, client, _festival)


def _festival(app: Flask, client: FlaskClient) -> dict[str, Any]:
    """Three sessions of 13 players (a bye in session 1), a withdrawal after
    it, hands at every table, a penalty, a paper ticket, and the end."""
    made = client.post(f"{API}/events", json={
        "name": "Oktoberfest", "preset": "called-ace", "sessions": 3, "rounds": 1,
        "entry_cents": 2000, "places": [40, 20], "session_high": 5,
        "played_on": "2025-10-04"}).get_json()
    director, base = _auth(made["director_token"]), f"{API}/events/{made['id']}"
    assert client.post(f"{base}/players", headers=director, json={"checked_in": True, "players": [
        {"name": n, "contact": f"555-01{i:02d}"} for i, n in enumerate(NAMES)]}
                       ).status_code == 201
    for session in (1, 2, 3):
        drawn = client.post(f"{base}/sessions/{session}/draw", headers=director,
                            json={"seed": session}).get_json()
        if session == 1:
            assert len(drawn["byes"]) == 1
            assert client.post(f"{base}/players/{drawn['tables'][0]['numbers'][0]}/withdraw",
                               headers=director, json={"after": 1}).status_code == 200
        for table in drawn["tables"]:
            if session == 2 and table["number"] == 1:
                points = [0] * len(table["players"])
                points[0], points[-1] = 7, -7
                assert client.post(f"{base}/sessions/2/tables/1/ticket", headers=director,
                                   json={"totals": dict(zip(table["players"], points,
                                                            strict=True))}).status_code == 201
            else:
                _hands(client, table["edit_token"], table, len(table["players"]))
    assert client.post(f"{base}/penalties", headers=director, json={
        "number": 5, "session": 2, "points": 3, "reason": "Slow play"}).status_code == 201
    mistaken = client.post(f"{base}/penalties", headers=director, json={
        "number": 6, "session": 2, "points": 2, "reason": "Renege"}).get_json()
    assert client.delete(f"{base}/penalties/{mistaken['id']}", headers=director,
                         json={"reason": "The wrong player"}).status_code == 200
    assert client.post(f"{base}/finish", headers=director).status_code == 200
    return made


def _export(client: FlaskClient, made: dict[str, Any]) -> dict[str, Any]:
    answer = client.get(f"{API}/events/{made['id']}/export",
                        headers=_auth(made["director_token"]))
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    return answer.get_json()


def _import(client: FlaskClient, data: object, **headers: str) -> Any:
    return client.post(f"{API}/events/import", data=json.dumps(data),
                       content_type="application/json", headers=headers)


def _penalties(client: FlaskClient, made: dict[str, Any]) -> list[dict[str, Any]]:
    """The event's penalties as its director reads them, without their ids."""
    listed = client.get(f"{API}/events/{made['id']}/penalties",
                        headers=_auth(made["director_token"])).get_json()["penalties"]
    return [{k: v for k, v in p.items() if k != "id"} for p in listed]


def _read(client: FlaskClient, made: dict[str, Any]) -> dict[str, Any]:
    """What anyone with the event's link reads of it, but its id and version."""
    view, base = _auth(made["view_token"]), f"{API}/events/{made['id']}"
    event = client.get(base, headers=view).get_json()
    del event["id"], event["version"]
    sessions = [client.get(f"{base}/sessions/{n}", headers=view).get_json() for n in (1, 2, 3)]
    for session in sessions:
        for table in session["tables"]:
            del table["night"]
    return {"event": event, "sessions": sessions,
            "standings": client.get(f"{base}/standings", headers=view).get_json()}


def test_an_imported_event_is_the_exported_one_with_new_tokens(
        app: Flask, client: FlaskClient, festival: dict[str, Any]) -> None:
    data = _export(client, festival)
    text = json.dumps(data)
    assert festival["director_token"] not in text and festival["view_token"] not in text
    assert "555-0101" in text and '"edit_token"' not in text and '"code"' not in text
    answer = _import(client, data)
    assert answer.status_code == 201, answer.get_json()
    copied = answer.get_json()
    assert set(copied) == {"id", "director_token", "view_token", "view_url"}
    assert copied["id"] != festival["id"] and copied["view_token"] != festival["view_token"]
    assert answer.headers["Location"] == f"{API}/events/{copied['id']}"
    original, imported = _read(client, festival), _read(client, copied)
    assert imported == original
    standings = original["standings"]
    assert any(p["penalties"] == 3 for p in standings["players"])
    assert any(t["ticket"] for s in original["sessions"] for t in s["tables"])
    assert original["sessions"][0]["byes"] and standings["prizes"]
    assert original["event"]["finished"] is True
    assert any(p["withdrawn_after"] == 1 for p in original["event"]["players"])
    [kept] = [p for p in _penalties(client, copied) if p["withdrawn"]]
    assert (kept["number"], kept["points"], kept["withdrawn"]["why"]) == (6, 2, "The wrong player")
    assert _penalties(client, copied) == _penalties(client, festival)
    again = _export(client, copied)
    brought = again.pop("history")  # the file's history, then its import's own entry
    assert brought[:-1] == data.pop("history") and brought[-1]["action"] == "import"
    for exported in (data, again):
        for draw in exported["draws"]:
            for table in draw["tables"]:
                table["night"].pop("audit")
                table["night"].pop("created_at")
    assert {**again, "created_at": None} == {**data, "created_at": None}


def test_each_imported_table_has_a_new_grant_and_the_old_tokens_change_nothing(
        app: Flask, client: FlaskClient, festival: dict[str, Any]) -> None:
    copied = _import(client, _export(client, festival)).get_json()
    with app.app_context():
        nights = db.session.scalars(db.select(GameTable).where(
            GameTable.event_id == copied["id"])).all()
        assert len(nights) == 6 and all(len(n.editors) == 1 for n in nights)
        night = nights[0].id
    assert client.get(f"{API}/events/{copied['id']}", headers=_auth(
        festival["director_token"])).status_code == 401
    fixed = client.get(f"{API}/tables/{night}/hands", headers=_auth(copied["director_token"]))
    assert fixed.status_code == 200 and fixed.get_json()


def test_a_retried_import_makes_one_event(app: Flask, client: FlaskClient,
                                          festival: dict[str, Any]) -> None:
    data = _export(client, festival)
    first = _import(client, data, **{"Idempotency-Key": KEY})
    again = _import(client, data, **{"Idempotency-Key": KEY})
    assert first.status_code == again.status_code == 201
    assert first.get_json()["id"] == again.get_json()["id"]
    assert first.get_json()["director_token"] != again.get_json()["director_token"]
    with app.app_context():
        assert db.session.query(Event).count() == 2


def _tampered(data: dict[str, Any], change: str) -> dict[str, Any]:
    bad = copy.deepcopy(data)
    draw = bad["draws"][0]
    table = draw["tables"][0]["night"]
    if change == "impossible hand":
        table["hands"][0]["points"] = 130
    elif change == "balances":
        table["balances"][table["players"][0]["name"]] += 1
    elif change == "ticket":
        ticket = next(t["ticket"] for d in bad["draws"] for t in d["tables"] if t["ticket"])
        first = next(iter(ticket["totals"]))
        ticket["totals"][first] += 1
    elif change == "stranger":
        seated = next(p for p in bad["players"] if p["name"] == table["players"][0]["name"])
        seated["name"] = "Nobody Here"
    elif change == "seated and on a bye":
        draw["byes"] = [next(p["number"] for p in bad["players"]
                             if p["name"] == table["players"][0]["name"])]
    elif change == "seated twice":
        draw["tables"][1]["night"] = copy.deepcopy(table)
    elif change == "other rules":
        bad["rules"]["bump"] = 1
    elif change == "penalty":
        bad["penalties"][0]["number"] = 99
    elif change == "player twice":
        bad["players"][1]["name"] = bad["players"][0]["name"].upper()
    elif change == "unknown field":
        bad["draws"][0]["tables"][0]["code"] = "abc"
    elif change == "format":
        bad["format"] = "sheepshead-scorekeeper-group/1"
    elif change == "prizes":
        bad["places"] = [80, 20]
    return bad


@pytest.mark.parametrize(("change", "said"), [
    ("impossible hand", "hand 1"),
    ("balances", "balances don't match"),
    ("ticket", "add up to zero"),
    ("stranger", "isn't a registered player"),
    ("seated and on a bye", "on a bye"),
    ("seated twice", "at another table"),
    ("other rules", "the event's rules"),
    ("penalty", "registered player's"),
    ("player twice", "registered twice"),
    ("unknown field", "'code'"),
    ("format", "isn't an event file"),
    ("prizes", "more than the 90% paid out"),
])
def test_a_tampered_file_is_refused_in_words_and_creates_nothing(
        app: Flask, client: FlaskClient, festival: dict[str, Any], change: str,
        said: str) -> None:
    answer = _import(client, _tampered(_export(client, festival), change))
    assert answer.status_code == 400, answer.get_json()
    assert said in answer.get_json()["error"] and "Nothing was created" in \
        answer.get_json()["error"]
    with app.app_context():
        assert db.session.query(Event).count() == 1
        assert db.session.query(GameTable).count() == 6


def test_only_the_director_exports_and_an_import_takes_json_only(
        client: FlaskClient, festival: dict[str, Any]) -> None:
    url = f"{API}/events/{festival['id']}/export"
    assert client.get(url, headers=_auth(festival["view_token"])).status_code == 403
    assert client.get(url).status_code == 401
    refused = client.post(f"{API}/events/import", data="name=x",
                          content_type="application/x-www-form-urlencoded")
    assert refused.status_code == 415 and refused.get_json()["error"]
    assert _import(client, [1, 2]).status_code == 400


def _director_event(client: FlaskClient) -> int:
    answer = client.post("/e/new", data={
        "name": "Kohler Falls", "preset": "called-ace", "sessions": "1", "rounds": "1",
        "entry": "10", "share": "90", "places": "50", "session_high": "0"})
    event_id = int(answer.headers["Location"].rsplit("/", 1)[1])
    client.post(f"/e/{event_id}/players", data={"checked_in": "1", "pasted": "\n".join(
        f"{n}, 555-02{i:02d}" for i, n in enumerate(NAMES[:10]))})
    post_form(client, f"/e/{event_id}/sessions/1/draw", {"seed": "2"})
    return event_id


def _upload(client: FlaskClient, body: bytes, name: str = "event.json") -> Any:
    return client.post("/e/import", data={"file": (io.BytesIO(body), name),
                                          "submission": "one-import"},
                       content_type="multipart/form-data")


def test_the_director_downloads_the_event_and_imports_it_from_the_start_page(
        app: Flask, client: FlaskClient) -> None:
    event_id = _director_event(client)
    page = client.get(f"/e/{event_id}/directors").text
    assert f'href="/e/{event_id}/export.json"' in page
    download = client.get(f"/e/{event_id}/export.json")
    assert download.status_code == 200
    assert download.headers["Content-Disposition"] == \
        f'attachment; filename="kohler-falls-{event_id}.json"'
    assert app.test_client().get(f"/e/{event_id}/export.json").status_code == 403
    start = client.get("/e/new").text
    form = start.split('id="import-event"')[1].split("</form>")[0]
    assert 'name="csrf_token"' in form and 'type="file" id="event-file" name="file"' in form
    laptop = app.test_client()
    answer = _upload(laptop, download.data)
    assert answer.status_code == 302, answer.text[:500]
    copied = int(answer.headers["Location"].rsplit("/", 1)[1])
    assert copied != event_id
    home = laptop.get(f"/e/{copied}")
    assert home.status_code == 200 and "555-0201" in home.text
    assert laptop.get(f"/e/{event_id}").status_code == 403
    assert _upload(laptop, download.data).headers["Location"].endswith(f"/e/{copied}")
    with app.app_context():
        assert db.session.query(Event).count() == 2


@pytest.mark.parametrize(("body", "said"), [
    (b"", "the file is empty"),
    (b"{not json", "Not imported"),
    (b'{"format": "sheepshead-scorekeeper/1"}', "isn&#39;t an event file"),
])
def test_a_bad_file_on_the_start_page_is_refused_beside_its_field(
        app: Flask, client: FlaskClient, body: bytes, said: str) -> None:
    answer = _upload(client, body)
    assert answer.status_code == 400
    error = answer.text.split('id="event-file"')[1].split("</form>")[0]
    assert 'aria-invalid="true"' in answer.text.split('id="event-file"')[1][:80]
    assert 'id="event-file-error"' in error and said in error
    new_event = answer.text.split('id="new-event"')[1].split("</form>")[0]
    assert re.search(r'name="submission" type="hidden" value="[^"]+"', new_event)
    assert client.post("/e/import", data={}).status_code == 400
    with app.app_context():
        assert db.session.query(Event).count() == 0


def test_an_event_with_filler_seats_comes_back_with_its_fillers(client: FlaskClient) -> None:
    made = client.post(f"{API}/events", json={
        "name": "Odd night", "preset": "called-ace", "sessions": 1, "rounds": 1,
        "odd": "fillers"}).get_json()
    director, base = _auth(made["director_token"]), f"{API}/events/{made['id']}"
    assert client.post(f"{base}/players", headers=director, json={
        "checked_in": True, "players": [{"name": n} for n in NAMES]}).status_code == 201
    drawn = client.post(f"{base}/sessions/1/draw", headers=director,
                        json={"seed": 7}).get_json()
    with_filler = next(t for t in drawn["tables"] if min(t["numbers"]) < 0)
    _hands(client, with_filler["edit_token"], with_filler, 2)
    answer = _import(client, _export(client, made))
    assert answer.status_code == 201, answer.get_json()
    copied = answer.get_json()
    assert _read_one(client, copied) == _read_one(client, made)
    tampered = _export(client, made)
    night = tampered["draws"][0]["tables"][0]["night"]
    night["players"][0]["name"] = "Filler 9"  # a registered player's seat taken
    assert _import(client, tampered).status_code == 400


def _read_one(client: FlaskClient, made: dict[str, Any]) -> dict[str, Any]:
    view, base = _auth(made["view_token"]), f"{API}/events/{made['id']}"
    session = client.get(f"{base}/sessions/1", headers=view).get_json()
    for table in session["tables"]:
        del table["night"]
    return {"session": session,
            "standings": client.get(f"{base}/standings", headers=view).get_json()}
