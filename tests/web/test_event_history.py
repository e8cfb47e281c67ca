"""The event's record: every change made to the event is on its History
page in words (who, when, what; never a dict), its tables' hands only when
asked, older entries a link away; it travels in the event's file and comes
back with its import.  A night's history says a ticket's change row by row."""

from __future__ import annotations

import html
import re
from typing import Any

from flask.testing import FlaskClient

from scorekeeper.services.events import history
from tests.web.api_helpers import API
from tests.web.test_event_table_phone import _api_event


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _as_director(client: FlaskClient, made: dict[str, Any]) -> None:
    with client.session_transaction() as cookie:
        cookie["events"] = {str(made["id"]): made["director_token"]}


def _page(client: FlaskClient, address: str) -> str:
    answer = client.get(address)
    assert answer.status_code == 200, answer.status_code
    return html.unescape(re.sub(r"<[^>]+>", "", answer.get_data(as_text=True)))


def _a_busy_evening(client: FlaskClient) -> tuple[dict[str, Any], dict[str, Any]]:
    made, drawn = _api_event(client)
    director = _auth(made["director_token"])
    event = f"{API}/events/{made['id']}"
    table = drawn["tables"][0]
    assert client.post(f"{API}/tables/{table['night']}/hands", headers=_auth(
        table["edit_token"]), json={"picker": table["players"][0],
                                    "partners": [table["players"][1]],
                                    "points": 75}).status_code == 201
    given = client.post(f"{event}/penalties", headers=director, json={
        "number": 3, "session": 1, "points": 2, "reason": "Slow play"})
    assert given.status_code == 201, given.get_json()
    assert client.delete(f"{event}/penalties/{given.get_json()['id']}", headers=director,
                         json={"reason": "the clock was wrong"}).status_code == 200
    second = drawn["tables"][1]
    totals = dict(zip(second["players"], (8, -2, -2, -2, -2), strict=True))
    assert client.post(f"{event}/sessions/1/tables/2/ticket", headers=director,
                       json={"totals": totals}).status_code == 201
    fixed = {**totals, second["players"][0]: 4, second["players"][1]: 2}
    corrected = client.put(f"{event}/sessions/1/tables/2/ticket", headers=director,
                           json={"totals": fixed, "reason": "misread"})
    assert corrected.status_code == 200, corrected.get_json()
    return made, drawn


def test_the_history_page_says_every_change_to_the_event_in_words(
        client: FlaskClient) -> None:
    made, drawn = _a_busy_evening(client)
    _as_director(client, made)
    text = _page(client, f"/e/{made['id']}/history")
    said = [line for line in ("Registered 10 players", "Drew session 1",
                              "Penalty: 2 points off", "Penalty withdrawn: 2 points",
                              "the clock was wrong", "corrected (misread)")
            if line not in text]
    assert not said, text
    assert text.index("corrected (misread)") < text.index("Drew session 1")  # newest first
    assert "API client" in text  # which device
    assert "{" not in text.split("History", 2)[-1]  # words, never a dict
    hand = "Table 1: Recorded hand 1"
    assert hand not in text  # the tables' hands are their own history...
    assert hand in _page(client, f"/e/{made['id']}/history?hands=1")  # ...unless asked


def test_older_changes_are_a_link_away(client: FlaskClient, monkeypatch: Any) -> None:
    made, _ = _a_busy_evening(client)
    _as_director(client, made)
    monkeypatch.setattr(history, "PAGE", 2)
    first = client.get(f"/e/{made['id']}/history").get_data(as_text=True)
    older = re.search(r'href="([^"]+)" id="older"', first)
    assert older is not None
    rest = _page(client, html.unescape(older.group(1)))
    assert "Penalty withdrawn" in rest and "corrected (misread)" not in rest


def test_the_history_travels_in_the_events_file_and_comes_back(client: FlaskClient) -> None:
    made, _ = _a_busy_evening(client)
    director = _auth(made["director_token"])
    exported = client.get(f"{API}/events/{made['id']}/export", headers=director).get_json()
    kept = [e["summary"] for e in exported["history"]]
    assert any("Penalty withdrawn" in s for s in kept)
    assert not any("Recorded hand" in s for s in kept)  # each night's export has its hands
    brought = client.post(f"{API}/events/import", json=exported)
    assert brought.status_code == 201, brought.get_json()
    again = brought.get_json()
    _as_director(client, {"id": again["id"], "director_token": again["director_token"]})
    text = _page(client, f"/e/{again['id']}/history")
    assert "Penalty withdrawn: 2 points" in text and "corrected (misread)" in text
    assert f"Brought in from the event's file, with {len(kept)} entries" in text
    twice = client.get(f"{API}/events/{again['id']}/export",
                       headers=_auth(again["director_token"])).get_json()
    assert [e["summary"] for e in twice["history"]][:len(kept)] == kept


def test_a_file_with_a_bad_history_is_refused_and_brings_nothing(client: FlaskClient) -> None:
    made, _ = _a_busy_evening(client)
    exported = client.get(f"{API}/events/{made['id']}/export",
                          headers=_auth(made["director_token"])).get_json()
    exported["history"][0]["summary"] = {"not": "words"}
    refused = client.post(f"{API}/events/import", json=exported)
    assert refused.status_code == 400, refused.get_json()
    assert refused.get_json()["field"] == "history"


def test_a_nights_history_says_a_tickets_change_row_by_row(client: FlaskClient) -> None:
    made, drawn = _a_busy_evening(client)
    second = drawn["tables"][1]
    _as_director(client, made)
    text = _page(client, f"/t/{second['night']}/history")
    assert f"totals · {second['players'][0]}: 8 → 4" in text, text
    assert f"totals · {second['players'][1]}: -2 → 2" in text
    assert "{" not in text.split("<h1>History", 1)[-1].split("History", 1)[-1]


def test_a_penalty_of_one_point_says_one_point_and_names_stand_apart(
        client: FlaskClient) -> None:
    made, _ = _api_event(client)
    director = _auth(made["director_token"])
    renamed = client.patch(f"{API}/events/{made['id']}/players/3", headers=director,
                           json={"name": "מרים כהן"})
    assert renamed.status_code == 200, renamed.get_json()
    assert client.post(f"{API}/events/{made['id']}/penalties", headers=director, json={
        "number": 3, "session": 1, "points": 1, "reason": "Slow play"}).status_code == 201
    _as_director(client, made)
    page = client.get(f"/e/{made['id']}/history").get_data(as_text=True)
    assert "Penalty: 1 point off #3 <bdi>מרים כהן</bdi> in session 1" in page


def test_a_finish_after_the_import_counts_from_the_files_own_finish(
        client: FlaskClient) -> None:
    made, _ = _a_busy_evening(client)
    director = _auth(made["director_token"])
    event = f"{API}/events/{made['id']}"
    assert client.post(f"{event}/finish", headers=director).status_code == 200
    assert client.post(f"{event}/reopen", headers=director).status_code == 200
    exported = client.get(f"{event}/export", headers=director).get_json()
    [finish] = [e for e in exported["history"] if e["action"] == "finish"]
    assert finish["after"]["prizes"]  # what it signed travels with it
    again = client.post(f"{API}/events/import", json=exported).get_json()
    finished = client.post(f"{API}/events/{again['id']}/finish",
                           headers=_auth(again["director_token"]))
    assert finished.status_code == 200, finished.get_json()
    assert finished.get_json()["since"] == []  # being brought in changed nothing
    assert finished.get_json()["moved"] == []
