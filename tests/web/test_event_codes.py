"""Who may score an event's tables and direct it, after the draw: printing
the table cards makes every table's code (kept only hashed, so the printout
is the one place it shows; at 60 tables as at 4), a table's code can be
issued again (the old one stops, the phone that claimed one keeps scoring
unless it is stopped too), and a director can revoke another director's
device at once but not his own; each in the history."""

from __future__ import annotations

import logging
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import EVENT, TABLE, AuditEntry, Editor, Event, GameTable, db
from scorekeeper.services.events import draws as event_draws
from scorekeeper.services.events import event as events
from scorekeeper.services.grants import grants
from tests.page_forms import post_form

API = "/api/v1"
HAND = {"kind": "picked", "points": "75", "count_side": "picking", "tricks": "some",
        "cracks": "0", "blitzes": "0"}


def _start(client: FlaskClient, players: int) -> int:
    """An event this client directs, ``players`` checked in, session 1 drawn."""
    answer = client.post("/e/new", data={
        "name": "Festival", "preset": "called-ace", "sessions": "2", "rounds": "1",
        "entry": "0", "share": "90", "places": "", "session_high": "0"})
    assert answer.status_code == 302
    event_id = int(answer.headers["Location"].rsplit("/", 1)[1])
    client.post(f"/e/{event_id}/players", data={"checked_in": "1", "pasted": "\n".join(
        f"Player {n}" for n in range(1, players + 1))})
    assert post_form(client, f"/e/{event_id}/sessions/1/draw", {"seed": "5"}).status_code == 200
    return event_id


def _codes(page: str) -> dict[int, str]:
    """Each card's table number and the code printed on it."""
    return {int(number): code for number, code in re.findall(
        r'id="card-(\d+)">.*?<code>([^<]+)</code>', page, re.S)}


def _nights(app: Flask, event_id: int) -> dict[int, int]:
    with app.app_context():
        drawn = event_draws.session_tables(db.session.get_one(Event, event_id), 1)
        return {t.number: t.night for t in drawn.tables}


def _claim(app: Flask, code: str) -> FlaskClient:
    phone = app.test_client()
    assert phone.post(f"/claim/{code}", data={"label": "Table phone"}).status_code == 302
    return phone


def _record(phone: FlaskClient, app: Flask, night: int) -> int:
    """The status of a hand the phone records at the night on its page."""
    with app.app_context():
        seated = [p.name for p in db.session.get_one(GameTable, night).players]
    return phone.post(f"/t/{night}/hand/new", data={
        **HAND, "picker": seated[1], "partners": seated[2]}).status_code


def test_the_cards_of_sixty_tables_each_carry_a_working_code(app: Flask,
                                                             client: FlaskClient) -> None:
    event_id = _start(client, 300)
    nights = _nights(app, event_id)
    assert len(nights) == 60
    page = client.post(f"/e/{event_id}/sessions/1/print/cards")
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    codes = _codes(page.text)
    assert sorted(codes) == list(range(1, 61)) and len(set(codes.values())) == 60
    assert page.text.count("<svg") == 60
    for number, code in codes.items():
        opened = app.test_client().get(f"/claim/{code}")
        assert opened.status_code == 200, number
        assert f"Session 1 · Table {number}" in opened.text
    phone = _claim(app, codes[60])
    assert phone.get(f"/t/{nights[60]}").status_code == 200
    assert phone.get(f"/t/{nights[59]}").status_code == 403
    with client.session_transaction() as kept:
        assert "event_codes" not in kept  # nothing of the codes in the director's cookie


def test_printing_again_makes_new_codes_and_the_old_cards_stop(app: Flask,
                                                              client: FlaskClient) -> None:
    event_id = _start(client, 10)
    nights = _nights(app, event_id)
    first = _codes(client.post(f"/e/{event_id}/sessions/1/print/cards").text)
    phone = _claim(app, first[1])
    second = _codes(client.post(f"/e/{event_id}/sessions/1/print/cards").text)
    assert set(first.values()).isdisjoint(second.values())
    assert app.test_client().get(f"/claim/{first[2]}").status_code == 404
    assert app.test_client().get(f"/claim/{second[2]}").status_code == 200
    assert _record(phone, app, nights[1]) == 302  # the phone that claimed one keeps scoring
    assert client.get(f"/e/{event_id}/sessions/1/print/cards").status_code == 302


def test_a_tables_new_code_stops_the_old_and_keeps_or_stops_its_phone(
        app: Flask, client: FlaskClient) -> None:
    event_id = _start(client, 10)
    nights = _nights(app, event_id)
    cards = _codes(client.post(f"/e/{event_id}/sessions/1/print/cards").text)
    phone = _claim(app, cards[2])
    page = client.post(f"/e/{event_id}/sessions/1/tables/2/code")
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    fresh = _codes(page.text)
    assert list(fresh) == [2] and fresh[2] != cards[2]
    assert "its old one no longer works" in page.text
    assert app.test_client().get(f"/claim/{cards[2]}").status_code == 404
    assert app.test_client().get(f"/claim/{cards[1]}").status_code == 200  # other tables' keep
    assert _record(phone, app, nights[2]) == 302
    again = _codes(client.post(f"/e/{event_id}/sessions/1/tables/2/code",
                               data={"revoke": "1"}).text)
    assert phone.get(f"/t/{nights[2]}").status_code == 403
    assert _record(phone, app, nights[2]) == 403
    second = _claim(app, again[2])
    assert _record(second, app, nights[2]) == 302
    with app.app_context():
        said = db.session.scalars(db.select(AuditEntry).where(
            AuditEntry.of_kind(EVENT), AuditEntry.action == "code").order_by(AuditEntry.id)).all()
        assert [e.by for e in said] == ["Director"] * 3
        assert "table 2 of session 1" in said[1].summary
        assert "stopped" in said[2].summary
        night = db.session.scalars(db.select(AuditEntry.action).where(
            AuditEntry.of(TABLE, nights[2])).order_by(AuditEntry.id)).all()
        assert "revoke" in night
    assert client.post(f"/e/{event_id}/sessions/1/tables/9/code").status_code == 404
    assert app.test_client().post(f"/e/{event_id}/sessions/1/tables/2/code").status_code == 403


def test_the_api_issues_a_tables_code_for_the_director_only(app: Flask,
                                                            client: FlaskClient) -> None:
    with app.app_context():
        event, director = events.create_event("Festival", "called-ace", rounds=1)
        events.register(event, [f"Player {n}" for n in range(1, 11)], checked_in=True)
        drawn = event_draws.draw(event, 1, seed=3)
        event_id, view, first = event.id, event.view_token, drawn.tables[0]
    url = f"{API}/events/{event_id}/sessions/1/tables/1/code"
    bearer = {"Authorization": f"Bearer {director}"}
    assert client.post(url, headers={"Authorization": f"Bearer {view}"}).status_code == 403
    etag = client.get(f"{API}/events/{event_id}", headers=bearer).headers["ETag"]
    answer = client.post(url, headers={**bearer, "If-Match": etag})
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert set(body) == {"session", "table", "night", "code", "claim_url", "expires_at"}
    assert body["claim_url"].endswith(f"/claim/{body['code']}")
    assert client.get(f"/claim/{first.code}").status_code == 404
    assert client.get(f"/claim/{body['code']}").status_code == 200
    assert client.post(url, headers={**bearer, "If-Match": etag}).status_code == 412
    stopped = client.post(url, headers=bearer, json={"revoke": True})
    assert stopped.status_code == 200
    hand = {"picker": first.players[0], "points": 70}
    assert client.post(f"{API}/tables/{first.night}/hands", json=hand, headers={
        "Authorization": f"Bearer {first.edit_token}"}).status_code == 401
    assert client.post(f"{API}/events/{event_id}/sessions/1/tables/7/code",
                       headers=bearer).get_json()["error"] == "No table 7 in session 1"
    assert client.post(url, headers=bearer, json={"revoke": "yes"}).status_code == 400
    retry = {**bearer, "Idempotency-Key": "code-retry"}
    once, twice = (client.post(url, headers=retry).get_json()["code"] for _ in range(2))
    assert once != twice and client.get(f"/claim/{once}").status_code == 404


def _co_director(app: Flask, client: FlaskClient, event_id: int) -> FlaskClient:
    client.post(f"/e/{event_id}/directors/code")
    page = client.get(f"/e/{event_id}/directors").text
    url = re.search(r'id="claim-url">[^<]*(/eclaim/[^<]+)</a>', page)
    assert url
    laptop = app.test_client()
    assert laptop.post(url.group(1), data={"label": "Laptop 2"}).status_code == 302
    return laptop


def test_a_director_revokes_a_co_director_who_is_refused_at_once(
        app: Flask, client: FlaskClient) -> None:
    event_id = _start(client, 10)
    laptop = _co_director(app, client, event_id)
    page = client.get(f"/e/{event_id}/directors").text
    assert "Laptop 2" in page and "this device" in page
    ids = re.findall(r'/directors/(\d+)/revoke', page)
    with app.app_context():
        mine, theirs = db.session.scalars(db.select(Editor.id).where(
            Editor.of_kind(EVENT)).order_by(Editor.id)).all()
    assert ids == [str(theirs)]  # no button to revoke this device itself
    refused = laptop.post(f"/e/{event_id}/directors/{theirs}/revoke")
    assert refused.status_code == 409 and "revoke its own director access" in refused.text
    assert client.post(f"/e/{event_id}/directors/{theirs}/revoke").status_code == 302
    for path in ("", "/directors", "/sessions/1"):
        assert laptop.get(f"/e/{event_id}{path}").status_code == 403
    assert laptop.post(f"/e/{event_id}/players", data={"entry": "Zed"}).status_code == 403
    assert client.get(f"/e/{event_id}").status_code == 200
    assert client.post(f"/e/{event_id}/directors/{theirs}/revoke").status_code == 404
    assert client.post(f"/e/{event_id}/directors/{mine}/revoke").status_code == 409
    with app.app_context():
        last = db.session.scalars(db.select(AuditEntry).where(
            AuditEntry.of_kind(EVENT), AuditEntry.action == "revoke")).one()
        assert last.by == "Director" and "Laptop 2 can no longer direct" in last.summary


def test_the_api_lists_the_directors_and_revokes_one(app: Flask, client: FlaskClient) -> None:
    made = client.post(f"{API}/events", json={"name": "Fest", "preset": "called-ace"}
                       ).get_json()
    base, mine = f"{API}/events/{made['id']}", {"Authorization":
                                                 f"Bearer {made['director_token']}"}
    with app.app_context():
        other = grants.add_grant(grants.EVENT, events.get_event(made["id"]), "Scoreboard")
    theirs = {"Authorization": f"Bearer {other}"}
    listed = client.get(f"{base}/directors", headers=mine).get_json()["directors"]
    assert [(d["label"], d["you"]) for d in listed] == [("API client", True),
                                                         ("Scoreboard", False)]
    assert client.get(f"{base}/directors", headers={
        "Authorization": f"Bearer {made['view_token']}"}).status_code == 403
    assert client.post(f"{base}/directors/{listed[0]['id']}/revoke",
                       headers=mine).status_code == 409
    gone = client.post(f"{base}/directors/{listed[1]['id']}/revoke", headers=mine)
    assert gone.status_code == 200
    assert gone.get_json() == {"revoked": {"id": listed[1]["id"], "label": "Scoreboard"}}
    assert client.get(base, headers=theirs).status_code == 401
    assert client.post(f"{base}/players", headers=theirs, json={"name": "Ann"}
                       ).status_code == 401


@pytest.mark.parametrize("names", [["Player 10", "player 2", "Émile", "eve", "Ed"]])
def test_lists_by_name_sort_naturally(app: Flask, client: FlaskClient,
                                      names: list[str]) -> None:
    answer = client.post("/e/new", data={
        "name": "Fest", "preset": "called-ace", "sessions": "1", "rounds": "1", "entry": "0",
        "share": "90", "places": "", "session_high": "0"})
    event_id = int(answer.headers["Location"].rsplit("/", 1)[1])
    client.post(f"/e/{event_id}/players", data={"checked_in": "1", "pasted": "\n".join(names)})
    expected = ["Ed", "Émile", "eve", "player 2", "Player 10"]
    home = client.get(f"/e/{event_id}").text.split('id="players"')[1]
    assert [n for n in re.findall(r"<bdi>([^<]+)</bdi>", home) if n in names] == expected
    post_form(client, f"/e/{event_id}/sessions/1/draw", {"seed": "1"})
    board = client.get(f"/e/{event_id}/sessions/1").text.split("By name")[1]
    assert [n for n in re.findall(r"<bdi>([^<]+)</bdi>", board)] == expected
    seats = client.get(f"/e/{event_id}/sessions/1/print/seats").text
    listed = re.findall(r"<tr><td>([^<]+)</td>", seats)
    assert listed == expected



def test_neither_a_table_code_nor_a_co_director_code_reaches_the_logs(
        app: Flask, client: FlaskClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    event_id = _start(client, 10)
    code = _codes(client.post(f"/e/{event_id}/sessions/1/print/cards").text)[1]
    client.post(f"/e/{event_id}/directors/code")
    found = re.search(r"/eclaim/([A-Za-z0-9_-]+)<", client.get(f"/e/{event_id}/directors").text)
    assert found
    for path in (f"/claim/{code}", f"/eclaim/{found.group(1)}"):  # a server's request line
        logging.getLogger("werkzeug").info('%s - - "%s" %s -', "10.0.0.9",
                                           f"GET {path} HTTP/1.1", 200)
    assert "/claim/…" in caplog.text and "/eclaim/…" in caplog.text
    assert code not in caplog.text and found.group(1) not in caplog.text


def test_a_table_phone_left_unnamed_is_named_by_its_table(app: Flask,
                                                           client: FlaskClient) -> None:
    """Not by a count of every device of the event ("Phone 2" at table 3)."""
    event_id = _start(client, 15)
    nights = _nights(app, event_id)
    codes = _codes(client.post(f"/e/{event_id}/sessions/1/print/cards").text)
    for number in (3, 1):
        assert app.test_client().post(f"/claim/{codes[number]}",
                                      data={"label": ""}).status_code == 302
    again = _codes(client.post(f"/e/{event_id}/sessions/1/print/cards").text)
    assert app.test_client().post(f"/claim/{again[3]}", data={"label": " "}).status_code == 302
    with app.app_context():
        def names(number: int) -> list[str]:
            night = db.session.get_one(GameTable, nights[number])
            return [e.label for e in db.session.scalars(db.select(Editor).where(
                Editor.owner_id == night.owner_id, Editor.role != "director"))
                if not e.label.startswith("Director")]
        assert "Table 3" in names(3) and "Table 3 (phone 2)" in names(3)
        assert "Table 1" in names(1)
        assert not any(n.startswith("Phone") for n in names(3) + names(1))
