"""A tournament table's paper ticket, mended on the record: a misread ticket
is replaced (the standings count the new totals, the history keeps both and
why), a ticket entered by mistake is withdrawn (the table's hands count
again), a correction that changes nothing is refused, and while a ticket
stands no hand is written at that table that the standings would ignore,
the director's adjustment included.  The same on the director's pages;
and between sessions the public board says which session comes next."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import AuditEntry, db
from tests.web.test_event_table_phone import _api_event

API = "/api/v1"
MISREAD = (4, -1, -1, -1, -1)  # Bob's +12 was read as +4
RIGHT = (12, -3, -3, -3, -3)


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture()
def ticketed(client: FlaskClient) -> dict[str, Any]:
    """An event (two sessions, two tables of five) whose table 1 has a hand
    recorded by its phone and then a paper ticket, read wrong."""
    made, drawn = _api_event(client)
    table = drawn["tables"][0]
    director = _auth(made["director_token"])
    players = table["players"]
    saved = client.post(f"{API}/tables/{table['night']}/hands", headers=_auth(
        table["edit_token"]), json={"picker": players[0], "partners": [players[1]],
                                    "points": 75})
    assert saved.status_code == 201
    entered = client.post(f"{API}/events/{made['id']}/sessions/1/tables/1/ticket",
                          headers=director,
                          json={"totals": dict(zip(players, MISREAD, strict=True))})
    assert entered.status_code == 201, entered.get_json()
    return {"event": made["id"], "director": director, "phone": _auth(table["edit_token"]),
            "night": table["night"], "players": players, "view": made["view_token"],
            "token": made["director_token"]}


def _points(client: FlaskClient, world: dict[str, Any]) -> dict[str, int]:
    """Each player's session-1 points on the standings, by name."""
    board = client.get(f"{API}/events/{world['event']}/standings",
                       headers=world["director"]).get_json()
    return {p["name"]: p["sessions"][0] for p in board["players"]
            if p["name"] in world["players"]}


def _ticket(world: dict[str, Any]) -> str:
    return f"{API}/events/{world['event']}/sessions/1/tables/1/ticket"


def test_a_misread_ticket_is_replaced_and_the_history_keeps_both(
        app: Flask, client: FlaskClient, ticketed: dict[str, Any]) -> None:
    players = ticketed["players"]
    assert _points(client, ticketed) == dict(zip(players, MISREAD, strict=True))
    right = dict(zip(players, RIGHT, strict=True))
    fixed = client.put(_ticket(ticketed), headers=ticketed["director"],
                       json={"totals": right, "reason": "the 12 was read as 4"})
    assert fixed.status_code == 200, fixed.get_json()
    assert fixed.get_json() == {"session": 1, "table": 1, "totals": right}
    assert _points(client, ticketed) == right
    with app.app_context():
        entry = db.session.scalars(db.select(AuditEntry).where(
            AuditEntry.of("table", ticketed["night"])).order_by(AuditEntry.id.desc())).first()
        assert entry is not None
        assert entry.before == {"totals": dict(zip(players, MISREAD, strict=True))}
        assert entry.after == {"totals": right}
        assert "corrected (the 12 was read as 4)" in entry.summary
    again = client.put(_ticket(ticketed), headers=ticketed["director"],
                       json={"totals": right, "reason": "once more"})
    assert again.status_code == 409 and again.get_json()["code"] == "unchanged"
    assert "already says that" in again.get_json()["error"]
    unsaid = client.put(_ticket(ticketed), headers=ticketed["director"],
                        json={"totals": right})
    assert unsaid.status_code == 400 and unsaid.get_json()["field"] == "reason"
    wrong_sum = client.put(_ticket(ticketed), headers=ticketed["director"],
                           json={"totals": dict(zip(players, (5, 0, 0, 0, 0), strict=True)),
                                 "reason": "x"})
    assert wrong_sum.status_code == 400 and _points(client, ticketed) == right
    assert client.put(_ticket(ticketed), headers=ticketed["phone"],
                      json={"totals": right, "reason": "x"}).status_code == 401


def test_no_hand_is_written_at_a_table_its_ticket_stands_for(
        client: FlaskClient, ticketed: dict[str, Any]) -> None:
    """The director's adjustment answered 201 and counted nowhere: now it is
    refused, saying to correct the ticket; so is every hand, from anyone."""
    players = ticketed["players"]
    before = _points(client, ticketed)
    night = f"{API}/tables/{ticketed['night']}/hands"
    adjustment = {"kind": "adjustment", "payouts": {players[0]: 2, players[1]: -2},
                  "note": "Ticket was wrong"}
    for who in ("director", "phone"):
        for body in (adjustment, {"picker": players[0], "partners": [players[1]],
                                  "points": 75}):
            refused = client.post(night, headers=ticketed[who], json=body)
            assert refused.status_code == 409, (who, refused.get_json())
            said = refused.get_json()
            assert said["code"] == "ticketed" and "Correct the ticket" in said["error"]
    gone = client.delete(f"{night}/1", headers=ticketed["director"])
    assert gone.status_code == 409 and gone.get_json()["code"] == "ticketed"
    assert _points(client, ticketed) == before


def test_a_ticket_withdrawn_lets_the_tables_hands_count_again(
        client: FlaskClient, ticketed: dict[str, Any]) -> None:
    players = ticketed["players"]
    gone = client.delete(_ticket(ticketed), headers=ticketed["director"],
                         json={"reason": "entered at the wrong table"})
    assert gone.status_code == 200, gone.get_json()
    assert gone.get_json()["withdrawn"] == dict(zip(players, MISREAD, strict=True))
    points = _points(client, ticketed)
    assert points[players[0]] > 0 and sum(points.values()) == 0  # the recorded hand
    saved = client.post(f"{API}/tables/{ticketed['night']}/hands", headers=ticketed["phone"],
                        json={"picker": players[1], "partners": [players[2]], "points": 80})
    assert saved.status_code == 201, saved.get_json()
    again = client.delete(_ticket(ticketed), headers=ticketed["director"],
                          json={"reason": "twice"})
    assert again.status_code == 404 and "has no paper ticket" in again.get_json()["error"]


def test_a_finished_event_takes_no_correction_until_it_is_reopened(
        client: FlaskClient, ticketed: dict[str, Any]) -> None:
    right = dict(zip(ticketed["players"], RIGHT, strict=True))
    assert client.post(f"{API}/events/{ticketed['event']}/finish",
                       headers=ticketed["director"]).status_code == 200
    refused = client.put(_ticket(ticketed), headers=ticketed["director"],
                         json={"totals": right, "reason": "late"})
    assert refused.status_code == 409 and refused.get_json()["code"] == "finished"
    assert client.post(f"{API}/events/{ticketed['event']}/reopen",
                       headers=ticketed["director"]).status_code == 200
    assert client.put(_ticket(ticketed), headers=ticketed["director"],
                      json={"totals": right, "reason": "late"}).status_code == 200


def test_the_directors_page_corrects_and_withdraws_a_ticket(
        client: FlaskClient, ticketed: dict[str, Any]) -> None:
    with client.session_transaction() as cookie:
        cookie["events"] = {str(ticketed["event"]): ticketed["token"]}
    page = f"/e/{ticketed['event']}/sessions/1"
    shown = html.unescape(client.get(page).get_data(as_text=True))
    assert "Correct the ticket" in shown and "Withdraw the ticket" in shown
    assert f'name="points-0" value="{MISREAD[0]}"' in shown
    form = {f"points-{i}": str(p) for i, p in enumerate(RIGHT)} | {"ticket_version": "1"}
    unsaid = client.post(f"{page}/tables/1/ticket/correct", data=form)
    assert unsaid.status_code == 400
    assert "Say why" in html.unescape(unsaid.get_data(as_text=True))
    fixed = client.post(f"{page}/tables/1/ticket/correct",
                        data={**form, "reason": "the 12 was read as 4"})
    assert fixed.status_code == 302
    assert _points(client, ticketed) == dict(zip(ticketed["players"], RIGHT, strict=True))
    shown = html.unescape(client.get(page).get_data(as_text=True))
    assert "paper ticket is corrected" in shown
    gone = client.post(f"{page}/tables/1/ticket/withdraw",
                       data={"reason": "wrong table", "ticket_version": "2"})
    assert gone.status_code == 302
    shown = html.unescape(client.get(page).get_data(as_text=True))
    assert "paper ticket is withdrawn" in shown and "Correct the ticket" not in shown
    # the withdrawn ticket stays listed at its table, struck through, with who and why
    listed = re.sub(r"</?bdi>", "", shown)
    totals = " · ".join(f"{n} {p:+d}".replace("-", "−") for n, p in
                        zip(ticketed["players"], RIGHT, strict=True))
    assert f'Paper ticket, withdrawn:</small> <span class="was">{totals}</span>' in listed
    assert re.search(r"Withdrawn by [^,<]+, [A-Z][a-z]{2} \d+, \d\d:\d\d UTC: wrong table",
                     listed)


def test_between_sessions_the_board_says_which_session_is_next(
        client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    director = _auth(made["director_token"])
    for number in (1, 2):
        assert client.post(f"{API}/events/{made['id']}/sessions/1/tables/{number}/done",
                           headers=director, json={"done": True}).status_code == 200
    board = html.unescape(client.get(f"/e/s/{made['view_token']}").get_data(as_text=True))
    assert "Session 1 of 2 done — session 2 next" in board
    assert "waiting for the director" not in board


def _play_out(client: FlaskClient, table: dict[str, Any]) -> None:
    """Every deal of table's session (one round at five: five hands), by its phone."""
    players = table["players"]
    for n in range(5):
        saved = client.post(f"{API}/tables/{table['night']}/hands",
                            headers=_auth(table["edit_token"]),
                            json={"picker": players[n], "partners": [players[(n + 1) % 5]],
                                  "points": 75})
        assert saved.status_code == 201, saved.get_json()


def test_past_its_hands_a_table_takes_a_hand_only_as_an_extra_one(
        client: FlaskClient) -> None:
    """The director added a 19th hand to an 18-hand table and it counted
    without a word: now a hand past the session's deals is refused for
    everyone, the director included, unless it is sent as an extra hand."""
    made, drawn = _api_event(client)
    table = drawn["tables"][0]
    director, phone = _auth(made["director_token"]), _auth(table["edit_token"])
    _play_out(client, table)
    players = table["players"]
    hand = {"picker": players[0], "partners": [players[2]], "points": 90}
    hands = f"{API}/tables/{table['night']}/hands"
    assert client.post(hands, headers=phone, json=hand).status_code == 409
    refused = client.post(hands, headers=director, json=hand)
    assert refused.status_code == 409 and refused.get_json()["code"] == "table_done"
    assert "played its 5 hands: record a hand 6 only as an extra hand" in \
        refused.get_json()["error"]
    adjustment = {"kind": "adjustment", "payouts": {players[0]: 1, players[1]: -1},
                  "note": "a trick miscounted"}
    assert client.post(hands, headers=director, json=adjustment).status_code == 201
    assert client.post(hands, headers=director,
                       json={**hand, "extra": "yes"}).status_code == 400
    extra = client.post(hands, headers=director, json={**hand, "extra": True})
    assert extra.status_code == 201, extra.get_json()
    session = client.get(f"{API}/events/{made['id']}/sessions/1", headers=director).get_json()
    assert next(t for t in session["tables"] if t["number"] == 1)["hands"] == 6


def test_a_table_that_played_its_hands_opens_again_when_the_director_says(
        app: Flask, client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    table = drawn["tables"][0]
    director, phone = _auth(made["director_token"]), _auth(table["edit_token"])
    _play_out(client, table)
    done_url = f"{API}/events/{made['id']}/sessions/1/tables/1/done"
    night = f"{API}/tables/{table['night']}"
    fix = {"picker": table["players"][0], "partners": [table["players"][1]], "points": 61}
    assert client.put(f"{night}/hands/1", headers=phone, json=fix).status_code == 409
    again = client.post(done_url, headers=director, json={"done": True})
    assert again.status_code == 409 and again.get_json()["code"] == "unchanged"
    opened = client.post(done_url, headers=director, json={"done": False})
    assert opened.status_code == 200, opened.get_json()
    assert client.get(f"{API}/events/{made['id']}", headers=director).status_code == 200
    assert client.put(f"{night}/hands/1", headers=phone, json=fix).status_code == 200
    past = client.post(f"{night}/hands", headers=phone, json=fix)
    assert past.status_code == 409 and past.get_json()["code"] == "table_done"
    twice = client.post(done_url, headers=director, json={"done": False})
    assert twice.status_code == 409 and "already open" in twice.get_json()["error"]
    assert client.post(done_url, headers=director, json={"done": True}).status_code == 200
    assert client.put(f"{night}/hands/1", headers=phone, json=fix).status_code == 409


def test_the_form_at_a_table_that_played_its_hands_asks_for_an_extra_hand(
        client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    table = drawn["tables"][0]
    _play_out(client, table)
    with client.session_transaction() as cookie:
        cookie["events"] = {str(made["id"]): made["director_token"]}
    form = client.get(f"/t/{table['night']}/hand/new").get_data(as_text=True)
    assert 'id="extra-hand"' in form and "record a hand 6 as an extra hand" in form


def test_a_correction_from_a_page_older_than_the_ticket_is_refused_and_changes_nothing(
        client: FlaskClient, ticketed: dict[str, Any]) -> None:
    """The co-director's page, opened before the director's fix, corrects or
    withdraws nothing: it is told what the ticket says now, and its next try
    (made on the page that says it) goes."""
    with client.session_transaction() as cookie:
        cookie["events"] = {str(ticketed["event"]): ticketed["token"]}
    page = f"/e/{ticketed['event']}/sessions/1"
    assert 'name="ticket_version" value="1"' in client.get(page).get_data(as_text=True)
    players = ticketed["players"]
    fixed = client.put(_ticket(ticketed), headers=ticketed["director"],
                       json={"totals": dict(zip(players, RIGHT, strict=True)),
                             "reason": "the 12 was read as 4"})
    assert fixed.status_code == 200, fixed.get_json()
    stale = {f"points-{i}": str(p) for i, p in enumerate(MISREAD)} | {
        "ticket_version": "1", "reason": "Karl's 6 is a 5"}
    refused = client.post(f"{page}/tables/1/ticket/correct", data=stale)
    said = html.unescape(refused.get_data(as_text=True))
    assert refused.status_code == 409
    assert "ticket changed since this page showed it: it now says" in said
    assert f"{players[0]} {RIGHT[0]:+d}" in said
    assert 'name="ticket_version" value="2"' in said  # the form again, on the ticket now
    assert _points(client, ticketed) == dict(zip(players, RIGHT, strict=True))
    gone = client.post(f"{page}/tables/1/ticket/withdraw",
                       data={"reason": "wrong table", "ticket_version": "1"})
    assert gone.status_code == 409 and "Correct the ticket" in gone.get_data(as_text=True)
    assert _points(client, ticketed) == dict(zip(players, RIGHT, strict=True))
    unnamed = client.post(f"{page}/tables/1/ticket/withdraw", data={"reason": "wrong table"})
    assert unnamed.status_code == 400
    assert "doesn't say which ticket it showed" in html.unescape(
        unnamed.get_data(as_text=True))
    again = client.post(f"{page}/tables/1/ticket/correct", data={**stale, "ticket_version": "2"})
    assert again.status_code == 302
    assert _points(client, ticketed) == dict(zip(players, MISREAD, strict=True))
