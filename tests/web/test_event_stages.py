"""An event's stages as a director meets them: Finish freezes the event and
its tables until Reopen; the board says Final only then; ties fall to the
first draw's seat; session highs come only from results; penalties go only
to a seated player, are listed and withdrawn."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import EVENT, AuditEntry, GameTable, db
from scorekeeper.policy.acl import FINISHED_WORDS
from scorekeeper.rules import Hand
from scorekeeper.services import Code, Refused
from scorekeeper.services.events import event as events
from scorekeeper.services.events import stages as event_stages
from scorekeeper.services.nights import hands
from scorekeeper.services.nights.state import TableState
from tests.page_forms import as_shown, post_form
from tests.web.test_event_table_phone import _api_event

API = "/api/v1"


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _hand(client: FlaskClient, table: dict[str, Any], picker: int = 0, partner: int = 1,
          points: int = 75) -> Any:
    return client.post(f"{API}/tables/{table['night']}/hands", headers=_auth(table["edit_token"]),
                       json={"picker": table["players"][picker],
                             "partners": [table["players"][partner]], "points": points})


def _standings(client: FlaskClient, made: dict[str, Any]) -> dict[str, Any]:
    answer = client.get(f"{API}/events/{made['id']}/standings",
                        headers=_auth(made["view_token"]))
    assert answer.status_code == 200
    body: dict[str, Any] = answer.get_json()
    return body


def test_finish_freezes_the_event_and_its_tables_until_reopen(app: Flask,
                                                              client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    director, base = _auth(made["director_token"]), f"{API}/events/{made['id']}"
    table = drawn["tables"][0]
    assert _hand(client, table).status_code == 201
    before = _standings(client, made)
    finished = client.post(f"{base}/finish", headers=director)
    assert finished.status_code == 200
    assert finished.get_json()["stage"] == "finished" and finished.get_json()["since"] == []
    refused = {
        "penalty": client.post(f"{base}/penalties", headers=director, json={
            "number": 1, "session": 1, "points": 4, "reason": "Late"}),
        "register": client.post(f"{base}/players", headers=director, json={"name": "Walk In"}),
        "check-in": client.post(f"{base}/players/2/check-in", headers=director),
        "draw": client.post(f"{base}/sessions/2/draw", headers=director, json={"seed": 3}),
        "ticket": client.post(f"{base}/sessions/1/tables/2/ticket", headers=director,
                              json={"totals": {}}),
        "phone's hand": _hand(client, table),
        "director's hand": client.post(f"{API}/tables/{table['night']}/hands",
                                       headers=director, json={
                                           "picker": table["players"][2],
                                           "partners": [table["players"][3]], "points": 75}),
        "finish again": client.post(f"{base}/finish", headers=director),
    }
    for what, answer in refused.items():
        assert answer.status_code == 409, (what, answer.get_json())
        assert "finished" in answer.get_json()["error"], what
    assert refused["penalty"].get_json()["error"] == FINISHED_WORDS
    after = _standings(client, made)
    assert after["prizes"] == before["prizes"] and after["pot_cents"] == before["pot_cents"]
    assert after["final"] is True and before["final"] is False
    # revoking a lost device still works on a finished event
    directors = client.get(f"{base}/directors", headers=director).get_json()["directors"]
    assert len(directors) == 1
    reopened = client.post(f"{base}/reopen", headers=director)
    assert reopened.status_code == 200 and reopened.get_json()["stage"] == "sessions"
    assert reopened.get_json()["since"] == []
    assert client.post(f"{base}/reopen", headers=director).status_code == 409
    assert client.post(f"{base}/penalties", headers=director, json={
        "number": table["numbers"][0], "session": 1, "points": 4, "reason": "Late"}
    ).status_code == 201
    again = client.post(f"{base}/finish", headers=director).get_json()
    assert len(again["since"]) == 1 and "Penalty: 4 points off" in again["since"][0]
    with app.app_context():
        said = list(db.session.scalars(db.select(AuditEntry.summary).where(
            AuditEntry.of(EVENT, made["id"]), AuditEntry.action.in_(("finish", "reopen")))
            .order_by(AuditEntry.id)))
    assert said[0].startswith("Finished") and said[1].startswith("Reopened")
    assert "1 change since reopening" in said[2]


def test_finishing_again_names_the_prizes_that_moved(client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    director, base = _auth(made["director_token"]), f"{API}/events/{made['id']}"
    winner = drawn["tables"][0]
    assert _hand(client, winner).status_code == 201  # picker +4 (called alone: no)
    client.post(f"{base}/finish", headers=director)
    client.post(f"{base}/reopen", headers=director)
    leader = _standings(client, made)["players"][0]
    assert client.post(f"{base}/penalties", headers=director, json={
        "number": leader["number"], "session": 1, "points": 50, "reason": "Marked cards"}
    ).status_code == 201
    moved = client.post(f"{base}/finish", headers=director).get_json()["moved"]
    assert any(m.startswith("1st: #" + str(leader["number"])) for m in moved), moved
    # each by name too, not by number only
    assert any(m.startswith(f"1st: #{leader['number']} {leader['name']} (") for m in moved), moved


def test_the_page_freezes_too_and_reopens_on_the_directors_word(client: FlaskClient) -> None:
    made, _ = _api_event(client)
    with client.session_transaction() as cookie:
        cookie["events"] = {str(made["id"]): made["director_token"]}
    home = f"/e/{made['id']}"
    assert client.post(f"{home}/finish", data={"sure": "1"}).status_code == 302
    page = client.get(f"{home}/directors").text
    assert 'id="finished"' in page and 'id="reopen-form"' in page
    assert 'id="finish-form"' not in page
    session = client.get(f"{home}/sessions/1").text
    assert 'id="penalty-form"' not in session and 'id="draw-form"' not in session
    assert 'id="print-cards"' not in session and "seat lists" in session
    players = client.get(home).text
    assert 'id="frozen"' in players and 'id="add-one"' not in players
    assert 'class="withdraw"' not in players and 'class="inline"' not in players
    refused = client.post(f"{home}/players", data={"entry": "Walk In"})
    assert refused.status_code == 409 and "The event is finished" in refused.text
    assert f'href="{home}" role="button" id="back-to-event"' in refused.text
    penalty = client.post(f"{home}/sessions/1/penalty", data={"player": "1"})
    assert f'href="{home}/sessions/1" role="button" id="back-to-event"' in penalty.text
    assert client.post(f"{home}/reopen", data={}).status_code == 400  # not ticked
    assert client.post(f"{home}/reopen", data={"sure": "1"}).status_code == 302
    assert 'id="penalty-form"' in client.get(f"{home}/sessions/1").text


def test_ties_fall_to_the_first_draws_table_and_seat_not_the_number(
        client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    standings = _standings(client, made)
    # before any play: everyone in the first draw's order, table then seat
    seated = [n for table in drawn["tables"] for n in table["numbers"]]
    assert standings["started"] is False
    assert [p["number"] for p in standings["players"]] == seated
    assert {p["rank"] for p in standings["players"]} == {1}  # nobody ranked yet
    assert standings["prizes"] == [] and standings["plan"]["prizes"]  # nobody wins yet
    assert [p["first_seat"]["table"] for p in standings["players"]][:5] == [1] * 5
    # both tables play the same hand: the two pickers tie on every tie-break but the draw
    first, second = drawn["tables"]
    for table in (second, first):
        assert _hand(client, table).status_code == 201
    ranked = _standings(client, made)["players"]
    top = [(p["number"], p["rank"]) for p in ranked[:2]]
    assert top == [(first["numbers"][0], 1), (second["numbers"][0], 2)]


def test_session_highs_only_from_a_session_with_a_result_and_its_players(
        client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    director, base = _auth(made["director_token"]), f"{API}/events/{made['id']}"
    assert _standings(client, made)["session_high"] == []  # nothing played: no high
    assert _hand(client, drawn["tables"][0]).status_code == 201
    for table in drawn["tables"]:
        client.post(f"{base}/sessions/1/tables/{table['number']}/done", headers=director,
                    json={"done": True})
    sitting_out = drawn["tables"][1]["numbers"][4]
    client.post(f"{base}/players/{sitting_out}/withdraw", headers=director, json={"after": 1})
    client.post(f"{base}/sessions/2/draw", headers=director, json={"seed": 5})
    highs = _standings(client, made)["session_high"]
    assert [h["session"] for h in highs] == [1]  # session 2 drawn, no hand: no high
    assert all(z["label"] != "Session 2 high" for z in _standings(client, made)["prizes"])
    line = next(p for p in _standings(client, made)["players"] if p["number"] == sitting_out)
    assert line["played"] == [1]  # not 0 points in session 2: not at a table at all
    board = client.get(f"/e/s/{made['view_token']}").text
    row = board.split(f'id="n{sitting_out}"')[1].split("</tr>")[0]
    assert 'title="Not at a table this session"' in row


def test_a_shared_session_high_shows_each_players_share(client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    for table in drawn["tables"]:
        assert _hand(client, table).status_code == 201
    high = _standings(client, made)["session_high"][0]
    assert len(high["numbers"]) == 2 and high["cents"] == 1200  # 5 % of $250
    assert high["each_cents"] == 600
    board = client.get(f"/e/s/{made['view_token']}").text
    assert "$6.00 each" in board


def test_penalties_only_to_a_seated_player_listed_and_withdrawn(app: Flask,
                                                                client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    director, base = _auth(made["director_token"]), f"{API}/events/{made['id']}"
    walk_in = client.post(f"{base}/players", headers=director, json={
        "name": "Late Larry", "checked_in": True, "from_session": 2}).get_json()
    number = walk_in["players"][0]["number"]
    version = client.get(base, headers=director).get_json()["version"]
    for who, session in ((number, 1), (1, 2)):
        refused = client.post(f"{base}/penalties", headers=director, json={
            "number": who, "session": session, "points": 4, "reason": "Slow play"})
        assert refused.status_code == 400 and "has no seat in session" in refused.get_json()[
            "error"]
    assert client.get(base, headers=director).get_json()["version"] == version
    seated = drawn["tables"][0]["numbers"][2]
    given = client.post(f"{base}/penalties", headers=director, json={
        "number": seated, "session": 1, "points": 4, "reason": "Slow play"}).get_json()
    listed = client.get(f"{base}/penalties", headers=director).get_json()["penalties"]
    assert listed == [given] and given["number"] == seated
    assert client.get(f"{base}/penalties", headers=_auth(made["view_token"])).status_code == 403
    line = next(p for p in _standings(client, made)["players"] if p["number"] == seated)
    assert line["penalties"] == 4
    gone = client.delete(f"{base}/penalties/{given['id']}", headers=director)
    assert gone.status_code == 200 and gone.get_json()["withdrawn"]["why"] is None
    assert {**gone.get_json(), "withdrawn": None} == given
    again = client.delete(f"{base}/penalties/{given['id']}", headers=director)
    assert again.status_code == 409 and again.get_json()["code"] == "unchanged"
    assert client.get(f"{base}/penalties", headers=director).get_json()["penalties"] == [
        gone.get_json()]
    line = next(p for p in _standings(client, made)["players"] if p["number"] == seated)
    assert line["penalties"] == 0
    with app.app_context():
        actions = list(db.session.scalars(db.select(AuditEntry.action).where(
            AuditEntry.of(EVENT, made["id"]), AuditEntry.action.like("%penalty"))))
    assert actions == ["penalty", "unpenalty"]


def test_the_penalty_form_takes_a_name_and_names_the_player(client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    with client.session_transaction() as cookie:
        cookie["events"] = {str(made["id"]): made["director_token"]}
    page = f"/e/{made['id']}/sessions/1"
    name = drawn["tables"][1]["players"][0]
    number = drawn["tables"][1]["numbers"][0]
    form = client.get(page).text
    token = re.search(r'name="submission" value="([^"]+)"', form)
    assert token
    sent = {"player": name.lower(), "points": "4", "reason": "Peeked",
            "submission": token.group(1)}
    sent = as_shown(client, page, f"{page}/penalty", sent)
    assert client.post(f"{page}/penalty", data=sent).status_code == 302
    assert client.post(f"{page}/penalty", data=sent).status_code == 302  # a double tap
    shown = client.get(page).text
    assert f"Penalty: 4 points off #{number} <bdi>{name}</bdi> in session 1 (Peeked)" in shown
    assert len(re.findall(r'id="penalty-\d+"', shown)) == 1  # one penalty
    penalty_id = re.search(r'id="penalty-(\d+)"', shown)
    assert penalty_id
    assert client.post(f"{page}/penalties/{penalty_id.group(1)}/withdraw",
                       data={"reason": "Wrong table"}).status_code == 302
    shown = client.get(page).text
    assert f"Penalty withdrawn: 4 points back to #{number} <bdi>{name}</bdi>" in shown
    assert "Withdrawn by" in shown and "Wrong table" in shown
    assert client.post(f"{page}/penalties/{penalty_id.group(1)}/withdraw").status_code == 409
    nobody = post_form(client, f"{page}/penalty", {"player": "Zed", "points": "4",
                                                  "reason": "x"})
    assert nobody.status_code == 400 and "No player called Zed" in nobody.text
    huge = post_form(client, f"{page}/penalty", {"player": "#" + "9" * 5000, "points": "4",
                                                "reason": "x"})
    assert huge.status_code == 400 and "No player" in huge.text


def test_a_table_cards_claim_pages_speak_of_the_event_and_its_director(
        app: Flask, client: FlaskClient) -> None:
    made, _ = _api_event(client)
    with client.session_transaction() as cookie:
        cookie["events"] = {str(made["id"]): made["director_token"]}
    cards = client.post(f"/e/{made['id']}/sessions/1/print/cards").text
    first = re.findall(r'id="card-2">.*?<code>([^<]+)</code>', cards, re.S)
    assert first
    opened = app.test_client().get(f"/claim/{first[0]}").text
    assert "Keep score at table 2" in opened and "Oktoberfest, session 1" in opened
    assert "the director" in opened and "scorekeeper" not in opened.split("<main")[-1]
    client.post(f"/e/{made['id']}/sessions/1/print/cards")  # the old cards stop
    spent = app.test_client().get(f"/claim/{first[0]}")
    assert spent.status_code == 404
    assert "Ask the director for a new card" in spent.text
    unknown = app.test_client().get("/claim/NOT-A-REAL-CODE")
    assert unknown.status_code == 404 and "at a tournament the director" in unknown.text


def test_an_event_started_on_the_web_shows_its_director_token_once(
        client: FlaskClient) -> None:
    made = client.post("/e/new", data={
        "name": "Kohler Falls", "preset": "called-ace", "sessions": "3", "rounds": "4",
        "entry": "25", "share": "90", "places": "30, 15, 10, 10, 10", "session_high": "5"})
    assert made.status_code == 302
    event_id = int(made.headers["Location"].rsplit("/", 1)[1])
    first = client.get(made.headers["Location"]).text
    shown = re.search(r"director token, shown this once: ([A-Za-z0-9_-]+)", first)
    assert shown
    assert client.get(f"{API}/events/{event_id}/directors",
                      headers=_auth(shown.group(1))).status_code == 200
    assert shown.group(1) not in client.get(made.headers["Location"]).text


def test_the_director_is_told_who_meets_again(client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    director, base = _auth(made["director_token"]), f"{API}/events/{made['id']}"
    for table in drawn["tables"]:
        assert _hand(client, table).status_code == 201
        client.post(f"{base}/sessions/1/tables/{table['number']}/done", headers=director,
                    json={"done": True})
    second = client.post(f"{base}/sessions/2/draw", headers=director, json={"seed": 4})
    body = second.get_json()
    # ten players at two tables of five: at least two old tablemates meet again
    assert body["repeated_pairs"] == len(body["met_again"]) >= 2
    firsts = [set(t["numbers"]) for t in drawn["tables"]]
    assert all(any({a, b} <= met for met in firsts) for a, b in body["met_again"])
    assert client.get(f"{base}/sessions/2", headers=director).get_json()["met_again"] == \
        body["met_again"]
    with client.session_transaction() as cookie:
        cookie["events"] = {str(made["id"]): made["director_token"]}
    page = client.get(f"/e/{made['id']}/sessions/2").text
    a, b = body["met_again"][0]
    assert 'id="met-again"' in page
    assert f"#{a} <bdi>Player {a}</bdi> and #{b} <bdi>Player {b}</bdi>" in page


def test_the_session_page_warns_before_printing_cards_that_point_at_this_machine(
        app: Flask, client: FlaskClient) -> None:
    made, _ = _api_event(client)
    with client.session_transaction() as cookie:
        cookie["events"] = {str(made["id"]): made["director_token"]}
    page = f"/e/{made['id']}/sessions/1"
    assert 'id="loopback"' in client.get(page).text  # the test client is localhost
    app.config["SCOREKEEPER_BASE_URL"] = "http://192.168.1.20:5000/"
    try:
        assert 'id="loopback"' not in client.get(page).text
    finally:
        del app.config["SCOREKEEPER_BASE_URL"]


def test_a_retried_finish_or_reopen_gets_its_first_answer(client: FlaskClient) -> None:
    made, _ = _api_event(client)
    base = f"{API}/events/{made['id']}"
    for step, key in (("finish", "finish-key-0123456789"), ("reopen", "reopen-key-0123456789")):
        headers = {**_auth(made["director_token"]), "Idempotency-Key": key}
        first = client.post(f"{base}/{step}", headers=headers)
        again = client.post(f"{base}/{step}", headers=headers)
        assert first.status_code == again.status_code == 200, (step, again.get_json())
        assert again.get_json() == first.get_json()
    # a new key is a new request: the stage refuses it
    assert client.post(f"{base}/reopen", headers={**_auth(made["director_token"]),
                                                  "Idempotency-Key": "another-key-012345"}
                       ).status_code == 409


def test_a_table_card_claimed_after_finish_changes_nothing(app: Flask,
                                                           client: FlaskClient) -> None:
    made, _ = _api_event(client)
    with client.session_transaction() as cookie:
        cookie["events"] = {str(made["id"]): made["director_token"]}
    cards = client.post(f"/e/{made['id']}/sessions/1/print/cards").text
    code = re.findall(r'id="card-2">.*?<code>([^<]+)</code>', cards, re.S)[0]
    assert client.post(f"/e/{made['id']}/finish", data={"sure": "1"}).status_code == 302
    phone = app.test_client()
    claimed = phone.post(f"/claim/{code}", data={"label": "Late phone"})
    assert claimed.status_code == 409 and "The event is finished" in claimed.text
    reopened = client.post(f"{API}/events/{made['id']}/reopen",
                           headers=_auth(made["director_token"]))
    assert reopened.get_json()["since"] == []  # nothing was written while finished


def test_a_hand_whose_page_loaded_before_finish_is_refused_inside_the_write(
        app: Flask, client: FlaskClient) -> None:
    """The loader asked the stage before Finish; the write asks it again under
    the lock, so the hand is not recorded on a finished event."""
    made, drawn = _api_event(client)
    table = drawn["tables"][0]
    with app.app_context():
        state = TableState.load(db.session.get_one(GameTable, table["night"]))
        event_stages.finish(events.get_event(made["id"]), by="Director")
        with pytest.raises(Refused) as refused:
            hands.record_hand(state, Hand(picker=table["players"][0],
                                          partners=(table["players"][1],), points=75))
        assert refused.value.code == Code.FINISHED
        db.session.rollback()
        assert not db.session.get_one(GameTable, table["night"]).hands


def test_a_reopening_of_an_event_not_finished_is_not_finished_drawn_or_not(
        client: FlaskClient) -> None:
    """docs/api.md: a reopening refused is ``not_finished``, in registration
    as in sessions (its words say the event isn't finished); the other writes
    refused in registration stay ``not_drawn``."""
    made = client.post("/api/v1/events", json={"name": "Kirmess", "preset": "called-ace"})
    body = made.get_json()
    director = {"Authorization": f"Bearer {body['director_token']}"}
    base = f"/api/v1/events/{body['id']}"
    reopen = client.post(f"{base}/reopen", headers=director)
    assert reopen.status_code == 409
    assert reopen.get_json() == {"error": "The event isn't finished: there is nothing to reopen",
                                 "code": "not_finished"}
    assert client.post(f"{base}/finish", headers=director).get_json()["code"] == "not_drawn"
