"""A hand said in words: the record form's "Say the hand" box and the API's
``POST /tables/<id>/words``.  Both understand the words at the table the
hand is dealt at, answer in the hand's own fields and save nothing."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import GameTable, db
from tests.fixtures_app import start_table, words
from tests.web.api_helpers import ApiTable, api_table, assert_error


def said(client: FlaskClient, table_id: int, text: str, query: str = "") -> Any:
    return client.post(f"/t/{table_id}/hand/words{query}", data={"text": text})


def stored(app: Flask, table_id: int) -> tuple[int, int]:
    """The night's version and its number of hands."""
    with app.app_context():
        table = db.session.get(GameTable, table_id)
        return table.version, len(table.hands)


# --- the record form's box -------------------------------------------------------

def test_the_record_form_offers_a_box_to_say_the_hand(client: FlaskClient,
                                                      table_id: int) -> None:
    page = client.get(f"/t/{table_id}/hand/new").get_data(as_text=True)
    assert 'id="say"' in page and f'action="/t/{table_id}/hand/words"' in page
    box = page[page.index('id="say-text"'):].split(">", 1)[0]
    for attribute in ('autocomplete="off"', 'spellcheck="false"', 'enterkeyhint="go"'):
        assert attribute in box
    assert "js/say." in page


@pytest.mark.parametrize(("text", "fields"), [
    ("Ann with Cat 75", {"kind": ["picked"], "picker": ["Ann"], "partners": ["Cat"],
                         "points": ["75"], "tricks": ["some"], "count_side": ["picking"]}),
    ("Bob alone ninety-five", {"kind": ["picked"], "picker": ["Bob"], "alone": ["y"],
                               "points": ["95"], "partners": []}),
    ("leaster Dan", {"kind": ["leaster"], "winner": ["Dan"], "picker": []}),
    ("misdeal", {"kind": ["misdeal"], "picker": [], "points": []}),
    ("Dan took it alone, ninety", {"picker": ["Dan"], "alone": ["y"], "points": ["90"]}),
])
def test_words_come_back_as_the_forms_own_fields(client: FlaskClient, app: Flask,
                                                 table_id: int, text: str,
                                                 fields: dict[str, list[str]]) -> None:
    before = stored(app, table_id)
    answer = said(client, table_id, text)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    sent = answer.get_json()["fields"]
    for name, values in fields.items():
        assert [v for n, v in sent if n == name and v] == values, (name, sent)
    assert not {n for n, _ in sent} & {"dealer", "seated", "version", "submission", "csrf_token"}
    assert stored(app, table_id) == before  # nothing saved


def test_the_fields_said_save_the_hand_said(client: FlaskClient, table_id: int) -> None:
    sent = said(client, table_id, "Ann with Cat 75").get_json()["fields"]
    form: dict[str, list[str]] = {}
    for name, value in sent:
        form.setdefault(name, []).append(value)
    assert client.post(f"/t/{table_id}/hand/new", data=form).status_code == 302
    ledger = words(client.get(f"/t/{table_id}"))
    assert "Ann with Cat" in ledger


@pytest.mark.parametrize(("text", "question"), [
    ("Anne with Cat 75", "Who is 'Anne': Ann or Annie?"),
    ("Ann with Fred 80", "I didn't catch 'Fred'"),
    ("", "Say the hand"),
    ("x" * 400, "fewer words"),
])
def test_what_cant_be_placed_is_said_back_in_words(client: FlaskClient, app: Flask,
                                                   text: str, question: str) -> None:
    table_id = start_table(client, players=["Ann", "Annie", "Bob", "Cat", "Dan"])
    before = stored(app, table_id)
    answer = said(client, table_id, text)
    assert answer.status_code == 400
    assert question in answer.get_json()["error"] and answer.get_json()["field"] == "text"
    assert stored(app, table_id) == before


def test_a_player_who_left_is_not_at_the_next_hand_but_at_an_insert_before_it(
        client: FlaskClient, table_id: int) -> None:
    client.post(f"/t/{table_id}/hand/new", data={"kind": "misdeal"})
    client.post(f"/t/{table_id}/players", data={"action": "join", "name": "Fay"})
    client.post(f"/t/{table_id}/players", data={"action": "leave", "name": "Eve"})
    now = said(client, table_id, "Ann with Eve 75")
    assert now.status_code == 400 and "Eve isn't at the table" in now.get_json()["error"]
    assert said(client, table_id, "Ann with Fay 75").status_code == 200
    hand_id = 1  # the first hand's id: an insert before it is dealt at its table
    back_then = said(client, table_id, "Ann with Eve 75", f"?before={hand_id}")
    assert back_then.status_code == 200, back_then.get_json()
    gone = said(client, table_id, "Ann with Eve 75", "?before=999")
    assert gone.status_code == 404 and gone.get_json()["field"] == "text"


def test_only_the_scorekeeper_may_ask(client: FlaskClient, app: Flask, table_id: int) -> None:
    other = app.test_client()
    assert other.post(f"/t/{table_id}/hand/words", data={"text": "misdeal"}).status_code == 403


# --- the API ----------------------------------------------------------------------

@pytest.fixture()
def table(client: FlaskClient) -> ApiTable:
    return api_table(client)


@pytest.mark.parametrize("token", ["edit", "view"])
def test_the_api_answers_the_hand_ready_to_record(table: ApiTable, token: str) -> None:
    before = table.snapshot()
    answer = table.send("POST", "/words", {"text": "Ann with Cat 75"},
                        token=table.view_token if token == "view" else None)
    assert answer.status_code == 200
    body = answer.get_json()
    assert body == {"kind": "picked", "picker": "Ann", "partners": ["Cat"], "points": 75}
    assert table.snapshot() == before  # nothing saved
    recorded = table.add(body)
    assert recorded.status_code == 201 and recorded.get_json()["payouts"]["Ann"] == 2


def test_the_api_says_what_is_unclear(table: ApiTable) -> None:
    before = table.snapshot()
    answer = table.send("POST", "/words", {"text": "Ann with Fred 80"},
                        token=table.view_token)
    assert answer.status_code == 400
    assert answer.get_json()["error"] == "I didn't catch 'Fred'."
    assert answer.get_json()["field"] == "text"
    assert answer.get_json()["understood"] == {"kind": "picked", "picker": "Ann", "points": 80}
    assert table.snapshot() == before


@pytest.mark.parametrize(("body", "field"), [
    ({}, "text"), ({"text": 75}, "text"), ({"text": "misdeal", "hand": 1}, "hand"),
    ({"text": "   "}, "text"),
])
def test_the_api_refuses_a_body_without_words(table: ApiTable, body: dict[str, Any],
                                              field: str) -> None:
    assert_error(table.send("POST", "/words", body), 400, field)


def test_the_api_needs_a_token(table: ApiTable) -> None:
    assert_error(table.client.post(f"{table.url}/words", json={"text": "misdeal"}), 401)


def test_the_words_are_said_back_as_the_engine_says_the_hand(client: FlaskClient,
                                                             table_id: int) -> None:
    answer = said(client, table_id, "Bob alone ninety-five").get_json()
    assert answer["heard"] == "Bob alone, 95 points (×2: schneider)"
