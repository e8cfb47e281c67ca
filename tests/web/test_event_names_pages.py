"""An event's players by what people type, through the pages and the API:
the seat finder answers a name however it is typed, part of it or a
number, lists everyone who fits, and says plainly when nobody does;
registration asks before a name like a registered player's and registers
it when the director says so (the page's "Register anyway", the API's
``same_name_ok``), once however often the form is sent."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import Event, EventPlayer, db
from scorekeeper.services.events import draws as event_draws
from scorekeeper.services.events import event as events

API = "/api/v1"
#: Thirteen players: two tables of six and one bye (the default for a count
#: that doesn't fill tables); #13 is registered but not here.
NAMES = ["José Álvarez", "Tom Schmidt", "Tom Wolf", "Ann Ott", "Bob Bauer", "Cal Cole",
         "Dee Dahl", "Eve Ernst", "Fay Falk", "Gus Gray", "Hal Hahn", "Ida Imm", "Jo Jung"]


def _drawn(app: Flask) -> dict[str, Any]:
    with app.app_context():
        event, _ = events.create_event("Oktoberfest", "called-ace", sessions=2)
        events.register(event, NAMES, checked_in=True)
        events.register(event, "Kurt Kahn")
        drawn = event_draws.draw(event, 1, seed=5)
        seats = {name: (t.number, t.players.index(name) + 1)
                 for t in drawn.tables for name in t.players}
        return {"view": event.view_token, "seats": seats, "byes": list(drawn.byes)}


def _seat(client: FlaskClient, made: dict[str, Any], asked: str) -> str:
    page = client.get(f"/e/s/{made['view']}/seat", query_string={"q": asked})
    assert page.status_code == 200
    return page.text.split('id="seat-answer"')[1].split("← The leaderboard")[0]


def test_the_seat_finder_takes_a_name_however_it_is_typed(app: Flask,
                                                          client: FlaskClient) -> None:
    made = _drawn(app)
    table, seat = made["seats"]["José Álvarez"]
    for asked in ("Jose Alvarez", "josé álvarez", "  JOSE   ALVAREZ ", "alv", "#1", "1"):
        assert f"Table {table} · seat {seat}" in _seat(client, made, asked), asked
    table, seat = made["seats"]["Tom Schmidt"]
    for asked in ("schmidt", "tom s", "Schm"):
        answer = _seat(client, made, asked)
        assert f"Table {table} · seat {seat}" in answer and "Tom Wolf" not in answer


def test_the_seat_finder_lists_everyone_who_fits_and_never_guesses(
        app: Flask, client: FlaskClient) -> None:
    made = _drawn(app)
    answer = _seat(client, made, "Tom")
    assert "2 players fit “Tom”: tap your name" in answer
    assert "Table ·" not in answer and 'id="standing"' not in answer
    for number, name in ((2, "Tom Schmidt"), (3, "Tom Wolf")):
        table, seat = made["seats"][name]
        line = re.search(rf"<li>.*?{name}.*?</li>", answer)
        assert line is not None, name
        assert f"#{number}" in line.group() and f"Table {table} · seat {seat}" in line.group()
        assert f"/seat?q={number}" in line.group()


def test_the_seat_finder_says_plainly_who_is_not_there(app: Flask,
                                                       client: FlaskClient) -> None:
    made = _drawn(app)
    assert "No player #99 in this event." in _seat(client, made, "99")
    assert "Try your player number" not in _seat(client, made, "#99")
    assert "Kurt Kahn</bdi></strong> #14 has no seat in session 1" in _seat(client, made, "14")
    nobody = _seat(client, made, "Zed")
    assert "Nobody called “Zed” plays session 1" in nobody
    [bye] = made["byes"]
    assert f"#{bye} has a bye in session 1" in _seat(client, made, str(bye))
    assert "has a bye" in _seat(client, made, NAMES[bye - 1].split()[1])


def _start(client: FlaskClient) -> int:
    answer = client.post("/e/new", data={
        "name": "Oktoberfest", "preset": "called-ace", "sessions": "2", "rounds": "4",
        "entry": "25", "share": "90", "places": "30, 15", "session_high": "5"})
    assert answer.status_code == 302
    return int(answer.headers["Location"].rsplit("/", 1)[1])


def _players(app: Flask, event_id: int) -> list[tuple[int, str, bool]]:
    with app.app_context():
        return [(p.number, p.name, p.checked_in) for p in db.session.query(EventPlayer)
                .filter_by(event_id=event_id).order_by(EventPlayer.number)]


def _version(app: Flask, event_id: int) -> int:
    with app.app_context():
        return db.session.get_one(Event, event_id).version


def _hidden(page: str, form: str) -> dict[str, str]:
    """The fields of the page's form ``form`` (its hidden inputs)."""
    body = page.split(f'id="{form}"')[1].split("</form>")[0]
    return {name: value.replace("&#10;", "\n") for name, value in
            re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', body, re.S)}


def test_the_register_page_asks_first_and_registers_anyway_on_purpose(
        app: Flask, client: FlaskClient) -> None:
    event_id = _start(client)
    client.post(f"/e/{event_id}/players", data={"entry": "José Álvarez", "checked_in": "1"})
    before = _version(app, event_id)
    asked = client.post(f"/e/{event_id}/players", data={
        "entry": "Jose Alvarez, 555-0101", "version": str(before)})
    assert asked.status_code == 409
    error = asked.text.split('id="entry-error"')[1].split("</p>")[0]
    assert "Jose Alvarez looks like #1 José Álvarez: the same person?" in error
    assert 'id="entry-anyway-button"' in asked.text
    assert 'id="entry" name="entry" value="Jose Alvarez, 555-0101"' in asked.text
    sent = _hidden(asked.text, "entry-anyway")
    assert sent["entry"] == "Jose Alvarez, 555-0101" and sent["same_name_ok"] == "1"
    assert "checked_in" not in sent  # unticked as it was sent
    assert _version(app, event_id) == before
    anyway = client.post(f"/e/{event_id}/players", data=sent)
    assert anyway.status_code == 302
    assert _players(app, event_id) == [(1, "José Álvarez", True), (2, "Jose Alvarez", False)]
    refused = client.post(f"/e/{event_id}/players", data={"entry": "jose  alvarez",
                                                          "same_name_ok": "1"})
    assert refused.status_code == 409 and "registered already" in refused.text
    assert 'id="entry-anyway-button"' not in refused.text


def test_a_pasted_list_names_every_pair_and_is_registered_anyway_whole(
        app: Flask, client: FlaskClient) -> None:
    event_id = _start(client)
    client.post(f"/e/{event_id}/players", data={"pasted": "José Álvarez\nAnn Ott"})
    pasted = "Bob\nJose Alvarez\nAnn Ött, 555-0100"
    asked = client.post(f"/e/{event_id}/players", data={
        "pasted": pasted, "checked_in": "1", "version": str(_version(app, event_id))})
    assert asked.status_code == 409
    error = asked.text.split('id="pasted-error"')[1].split("</p>")[0]
    assert ("Jose Alvarez looks like #1 José Álvarez; Ann Ött looks like #2 Ann Ott: "
            "the same people?") in error
    assert len(_players(app, event_id)) == 2
    sent = _hidden(asked.text, "pasted-anyway")
    assert sent["pasted"] == pasted and sent["checked_in"] == "1"
    assert client.post(f"/e/{event_id}/players", data=sent).status_code == 302
    assert [p[1:] for p in _players(app, event_id)[2:]] == [
        ("Bob", True), ("Jose Alvarez", True), ("Ann Ött", True)]


def test_a_double_tapped_registration_registers_once(app: Flask, client: FlaskClient) -> None:
    event_id = _start(client)
    form = {"entry": "Ann Ott", "checked_in": "1", "version": str(_version(app, event_id))}
    first = client.post(f"/e/{event_id}/players", data=form)
    again = client.post(f"/e/{event_id}/players", data=form, follow_redirects=True)
    assert first.status_code == 302 and again.status_code == 200
    assert "Registered #1 <bdi>Ann Ott</bdi>" in again.text
    assert "registered already" not in again.text
    assert _players(app, event_id) == [(1, "Ann Ott", True)]
    assert client.post(f"/e/{event_id}/players", data={
        **form, "version": str(_version(app, event_id))}).status_code == 409


def test_the_api_answers_409_until_same_name_ok(client: FlaskClient) -> None:
    made = client.post(f"{API}/events", json={"name": "Fest", "preset": "called-ace"})
    body = made.get_json()
    url, director = f"{API}/events/{body['id']}/players", {
        "Authorization": f"Bearer {body['director_token']}"}
    assert client.post(url, headers=director, json={"name": "José Álvarez"}).status_code == 201
    keyed = {**director, "Idempotency-Key": "names-0123456789"}
    asked = client.post(url, headers=keyed, json={"players": [
        {"name": "Jose Alvarez"}, {"name": "Ann"}]})
    assert asked.status_code == 409
    assert asked.get_json() == {
        "error": "Jose Alvarez looks like #1 José Álvarez: the same person?",
        "code": "same_name", "field": "same_name_ok"}
    bad = client.post(url, headers=director, json={"name": "Jose Alvarez", "same_name_ok": 1})
    assert bad.status_code == 400 and bad.get_json()["field"] == "same_name_ok"
    anyway = client.post(url, headers=keyed, json={  # a refusal keeps nothing of its key
        "players": [{"name": "Jose Alvarez"}, {"name": "Ann"}], "same_name_ok": True})
    assert anyway.status_code == 201
    assert anyway.get_json() == {"players": [{"number": 2, "name": "Jose Alvarez"},
                                             {"number": 3, "name": "Ann"}]}
    same = client.post(url, headers=director, json={"name": "JOSE ALVAREZ",
                                                    "same_name_ok": True})
    assert same.status_code == 409 and "registered already" in same.get_json()["error"]
