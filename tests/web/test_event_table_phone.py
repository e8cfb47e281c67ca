"""A tournament table's phone scores its own hands and nothing else: it
can't seat anyone, step a player out, pay, close the table, start a night
or a group from it, or hand it over; its pages show none of that.  The
director seats only registered players who sit nowhere else that session.
Revoking a co-director ends the phones and codes he brought in, and a code
issued again with its phones stopped ends every grant on the table."""

from __future__ import annotations

import html
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import (
    EVENT,
    GROUP,
    AuditEntry,
    Editor,
    Event,
    GameTable,
    Group,
    db,
    new_owner,
)
from scorekeeper.services.events import draws as event_draws
from scorekeeper.services.grants import grants
from tests.page_forms import post_form
from tests.web.test_event_codes import HAND, _claim, _co_director, _codes, _nights, _start

API = "/api/v1"
TALK = "At a tournament table"


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _api_event(client: FlaskClient) -> tuple[dict[str, Any], dict[str, Any]]:
    made = client.post(f"{API}/events", json={
        "name": "Oktoberfest", "preset": "jack-of-diamonds", "sessions": 2, "rounds": 1,
        "entry_cents": 2500, "places": [30, 15], "session_high": 5}).get_json()
    assert client.post(f"{API}/events/{made['id']}/players", headers=_auth(
        made["director_token"]), json={"checked_in": True, "players": [
            {"name": f"Player {n}"} for n in range(1, 11)]}).status_code == 201
    drawn = client.post(f"{API}/events/{made['id']}/sessions/1/draw",
                        headers=_auth(made["director_token"]), json={"seed": 7}).get_json()
    return made, drawn


def test_the_phone_can_not_seat_an_outsider_or_a_player_of_another_table(
        app: Flask, client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    first, second = drawn["tables"][:2]
    phone = _auth(first["edit_token"])
    night = f"{API}/tables/{first['night']}"
    for name in ("Zed Outsider", second["players"][0]):
        refused = client.post(f"{night}/players", headers=phone, json={"name": name})
        assert refused.status_code == 403, refused.get_json()
        assert "seating and corrections are the director's" in refused.get_json()["error"]
    with app.app_context():
        assert len(db.session.get_one(GameTable, first["night"]).players) == 5


def test_the_director_seats_only_a_registered_player_who_sits_nowhere_else(
        app: Flask, client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    first, second = drawn["tables"][:2]
    director = _auth(made["director_token"])
    night = f"{API}/tables/{first['night']}"
    outsider = client.post(f"{night}/players", headers=director, json={"name": "Zed Outsider"})
    assert outsider.status_code == 400 and "isn't a player of" in outsider.get_json()["error"]
    twice = client.post(f"{night}/players", headers=director,
                        json={"name": second["players"][0]})
    assert twice.status_code == 400 and "already sits at table 2" in twice.get_json()["error"]
    walk_in = client.post(f"{API}/events/{made['id']}/players", headers=director,
                          json={"name": "Walk In", "checked_in": True})
    assert walk_in.status_code == 201
    seated = client.post(f"{night}/players", headers=director, json={"name": "Walk In"})
    assert seated.status_code == 201, seated.get_json()
    with app.app_context():
        assert "Walk In" in [p.name for p in db.session.get_one(GameTable, first["night"]).players]


def test_the_phone_can_not_step_out_pay_close_or_spin_off_a_night_or_a_group(
        app: Flask, client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    table = drawn["tables"][0]
    phone = _auth(table["edit_token"])
    night = f"{API}/tables/{table['night']}"
    who = table["players"][0]
    for path, body in ((f"/players/{who}/step-out", {}), (f"/players/{who}/settle", {}),
                       ("/payments", {"payer": who, "payee": table["players"][1],
                                      "cents": 100}),
                       ("/close", {})):
        refused = client.post(night + path, headers=phone, json=body)
        assert refused.status_code == 403, (path, refused.get_json())
    assert client.get(f"{night}/export", headers=phone).status_code == 403
    # the pages, as a phone that claimed the table's card
    page_phone = app.test_client()
    with page_phone.session_transaction() as cookie:
        cookie["editors"] = {str(table["night"]): table["edit_token"]}
    for path in ("/group", "/new-night", "/close", "/share/new", "/share/handover",
                 "/players", f"/players/{who}/pay"):
        refused = page_phone.post(f"/t/{table['night']}{path}", data={"name": "Zed"})
        assert refused.status_code == 403, path
        assert TALK in refused.text or "tournament table" in refused.text, path
    with app.app_context():
        row = db.session.get_one(GameTable, table["night"])
        assert row.closed_at is None and row.group_id is None and row.next_table_id is None
    # the director's corrections still go through
    corrected = client.post(f"{night}/hands", headers=_auth(made["director_token"]),
                            json={"picker": table["players"][1],
                                  "partners": [table["players"][2]], "points": 70})
    assert corrected.status_code == 201


def test_the_phones_pages_show_no_roster_money_or_group_controls(
        app: Flask, client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    table = drawn["tables"][0]
    phone = app.test_client()
    with phone.session_transaction() as cookie:
        cookie["editors"] = {str(table["night"]): table["edit_token"]}
    at = f"/t/{table['night']}"
    ledger = phone.get(at).text
    summary = phone.get(f"{at}/summary").text
    for page in (ledger, summary):
        for control in (f'href="{at}/players"', f'href="{at}/share"', f'href="{at}/settle"',
                        "start-group", "new-night-form", "close-link", "export.csv",
                        'class="money"', "a point"):
            assert control not in page, control
    assert f'href="{at}/hand/new"' in ledger
    director = app.test_client()
    with director.session_transaction() as cookie:
        cookie["events"] = {str(made["id"]): made["director_token"]}
    shown = director.get(at).text
    assert f'href="{at}/players"' in shown and f'href="{at}/settle"' not in shown


def test_a_group_token_on_a_tournament_table_counts_for_nothing(
        app: Flask, client: FlaskClient) -> None:
    """A table made a group's before the policy (an old database) stays the
    event's: the group's token neither reads nor writes it, the director keeps it."""
    made, drawn = _api_event(client)
    table = drawn["tables"][0]
    with app.app_context():
        group = Group(name="Escape", preset="jack-of-diamonds", options={}, stake_cents=0,
                      owner=new_owner(GROUP, grants.new_token()))
        db.session.add(group)
        db.session.flush()
        token = grants.new_token()
        db.session.add(Editor(owner_id=group.owner_id, token_hash=grants.hash_token(token),
                                   label="Phone", role="keeper"))
        db.session.get_one(GameTable, table["night"]).group_id = group.id
        db.session.commit()
    night = f"{API}/tables/{table['night']}"
    assert client.get(night, headers=_auth(token)).status_code == 401
    assert client.post(f"{night}/hands", headers=_auth(token), json={
        "picker": table["players"][1], "points": 70}).status_code == 401
    assert client.get(night, headers=_auth(made["director_token"])).status_code == 200
    assert client.get(night, headers=_auth(made["view_token"])).status_code == 200


def test_revoking_a_co_director_ends_the_phones_and_cards_he_brought_in(
        app: Flask, client: FlaskClient) -> None:
    event_id = _start(client, 10)
    laptop = _co_director(app, client, event_id)
    cards = laptop.post(f"/e/{event_id}/sessions/1/print/cards")
    codes = _codes(cards.text)
    nights = _nights(app, event_id)
    phone = _claim(app, codes[1])
    with app.app_context():
        seated = [p.name for p in db.session.get_one(GameTable, nights[1]).players]
        theirs = max(e.id for e in db.session.get_one(Event, event_id).editors)
    hand = {**HAND, "picker": seated[1], "partners": seated[2]}
    assert phone.post(f"/t/{nights[1]}/hand/new", data=hand).status_code == 302
    assert client.post(f"/e/{event_id}/directors/{theirs}/revoke").status_code == 302
    assert phone.post(f"/t/{nights[1]}/hand/new", data=hand).status_code == 403
    assert phone.get(f"/t/{nights[1]}").status_code == 403
    assert app.test_client().get(f"/claim/{codes[2]}").status_code == 404
    # the director's own cards and phones are untouched
    again = _codes(client.post(f"/e/{event_id}/sessions/1/print/cards").text)
    assert _claim(app, again[2]).get(f"/t/{nights[2]}").status_code == 200


def test_a_code_issued_again_with_its_phones_stopped_ends_every_grant_on_the_table(
        app: Flask, client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    table = drawn["tables"][0]
    director = _auth(made["director_token"])
    answer = client.post(f"{API}/events/{made['id']}/sessions/1/tables/1/code",
                         headers={**director, "Idempotency-Key": "0123456789abcdef-code"},
                         json={})
    assert answer.status_code == 200, answer.get_json()
    phone = _claim(app, answer.get_json()["code"])
    night = f"/t/{table['night']}"
    assert phone.get(night).status_code == 200
    stopped = client.post(f"{API}/events/{made['id']}/sessions/1/tables/1/code",
                          headers={**director, "Idempotency-Key": "0123456789abcdef-stop"},
                          json={"revoke": True})
    assert stopped.status_code == 200
    assert phone.get(night).status_code == 403
    assert client.get(f"{API}/tables/{table['night']}",
                      headers=_auth(table["edit_token"])).status_code == 401
    assert client.get(f"{API}/tables/{table['night']}", headers=director).status_code == 200
    with app.app_context():
        assert event_draws.session_tables(db.session.get_one(Event, made["id"]), 1)


def test_a_finished_event_freezes_its_tables(app: Flask, client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    table = drawn["tables"][0]
    with client.session_transaction() as cookie:
        cookie["events"] = {str(made["id"]): made["director_token"]}
    assert client.post(f"/e/{made['id']}/finish", data={"sure": "1"}).status_code == 302
    refused = client.post(f"{API}/tables/{table['night']}/hands",
                          headers=_auth(made["director_token"]),
                          json={"picker": table["players"][1], "points": 70})
    assert refused.status_code == 409 and "finished" in refused.get_json()["error"]
    assert re.search("finished", client.get(f"/t/{table['night']}/hand/new").text)


def test_a_refusal_at_the_table_leads_back_to_its_ledger(app: Flask,
                                                        client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    table = drawn["tables"][0]
    phone = app.test_client()
    with phone.session_transaction() as cookie:
        cookie["editors"] = {str(table["night"]): table["edit_token"]}
    refused = phone.get(f"/t/{table['night']}/players")
    assert refused.status_code == 403
    assert f'href="/t/{table["night"]}" role="button" id="back-to-table"' in refused.text
    stranger = app.test_client().get(f"/t/{table['night']}/players")
    assert stranger.status_code == 403 and "back-to-table" not in stranger.text


def test_the_director_marks_a_table_done_and_opens_it_again(
        app: Flask, client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    table = drawn["tables"][0]
    director = _auth(made["director_token"])
    phone = _auth(table["edit_token"])
    done_url = f"{API}/events/{made['id']}/sessions/1/tables/1/done"
    hand = {"picker": table["players"][1], "partners": [table["players"][2]], "points": 70}
    night = f"{API}/tables/{table['night']}"
    # only the director: the phone and the event's link can't
    assert client.post(done_url, headers=phone, json={"done": True}).status_code == 401
    assert client.post(done_url, headers=_auth(made["view_token"]),
                       json={"done": True}).status_code == 403
    assert client.post(done_url, headers=director, json={"done": "yes"}).status_code == 400
    marked = client.post(done_url, headers=director, json={"done": True})
    assert marked.status_code == 200 and marked.get_json() == {
        "session": 1, "table": 1, "done": True}
    refused = client.post(f"{night}/hands", headers=phone, json=hand)
    assert refused.status_code == 409 and "done for this session" in refused.get_json()["error"]
    assert client.post(f"{night}/hands", headers=director, json=hand).status_code == 201
    assert client.post(done_url, headers=director, json={"done": False}).status_code == 200
    assert client.post(f"{night}/hands", headers=phone, json=hand).status_code == 201
    with app.app_context():
        said = [e.summary for e in db.session.scalars(db.select(AuditEntry).where(
            AuditEntry.of(EVENT, made["id"]), AuditEntry.action.in_(("done", "undone"))))]
    assert said == ["Table 1 of session 1 is done: its result stands",
                    "Table 1 of session 1 is open again for its phone"]


def test_a_table_with_a_paper_ticket_stays_done(client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    table = drawn["tables"][0]
    director = _auth(made["director_token"])
    totals = dict(zip(table["players"], (4, -1, -1, -1, -1), strict=True))
    assert client.post(f"{API}/events/{made['id']}/sessions/1/tables/1/ticket",
                       headers=director, json={"totals": totals}).status_code == 201
    refused = client.post(f"{API}/events/{made['id']}/sessions/1/tables/1/done",
                          headers=director, json={"done": False})
    assert refused.status_code == 409 and "paper ticket" in refused.get_json()["error"]


def test_the_session_page_marks_a_table_done_and_opens_it_again(
        app: Flask, client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    with client.session_transaction() as cookie:
        cookie["events"] = {str(made["id"]): made["director_token"]}
    page = f"/e/{made['id']}/sessions/1"
    assert 'id="done-1">Table 1 is done' in client.get(page).text
    assert post_form(client, f"{page}/tables/1/done", {"done": "1"}).status_code == 302
    assert 'id="done-1">Open table 1 again' in client.get(page).text
    assert post_form(client, f"{page}/tables/1/done", {"done": "0"}).status_code == 302
    assert 'id="done-1">Table 1 is done' in client.get(page).text
    assert app.test_client().post(f"{page}/tables/1/done",
                                  data={"done": "1"}).status_code == 403


def test_marking_a_done_table_done_again_is_refused_and_changes_nothing(
        client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    table = drawn["tables"][0]
    director = _auth(made["director_token"])
    done_url = f"{API}/events/{made['id']}/sessions/1/tables/1/done"
    night = f"{API}/tables/{table['night']}"
    assert client.post(done_url, headers=director, json={"done": True}).status_code == 200
    etags = (client.get(night, headers=director).headers["ETag"],
             client.get(f"{API}/events/{made['id']}", headers=director).headers["ETag"])
    again = client.post(done_url, headers=director, json={"done": True})
    assert again.status_code == 409 and again.get_json()["code"] == "unchanged"
    assert again.get_json()["error"] == "Table 1 is already done"
    assert etags == (client.get(night, headers=director).headers["ETag"],
                     client.get(f"{API}/events/{made['id']}", headers=director).headers["ETag"])


def test_a_done_table_says_so_to_its_phone_and_the_director_corrects_it(
        app: Flask, client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    table = drawn["tables"][0]
    assert client.post(f"{API}/events/{made['id']}/sessions/1/tables/1/done",
                       headers=_auth(made["director_token"]), json={"done": True}
                       ).status_code == 200
    phone = app.test_client()
    with phone.session_transaction() as cookie:
        cookie["editors"] = {str(table["night"]): table["edit_token"]}
    ledger = phone.get(f"/t/{table['night']}").text
    assert 'id="table-done"' in ledger and "corrections are the director" in html.unescape(ledger)
    assert 'id="record-next"' not in ledger
    director = app.test_client()
    with director.session_transaction() as cookie:
        cookie["events"] = {str(made["id"]): made["director_token"]}
    form = html.unescape(director.get(f"/t/{table['night']}/hand/new").text)
    assert 'id="hand-form"' in form and "this hand is the director's correction" in form
    assert "waits for the director" not in form
    assert 'id="table-done"' not in director.get(f"/t/{table['night']}").text
