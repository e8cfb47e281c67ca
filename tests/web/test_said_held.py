"""A player's role the words leave open holds Save: "Fran with Gus 70" at a
table with no Gus is asked back with the players who may be Fran's partner,
and the hand form, which sends the words it was filled from, is refused
(and previewed as refused) while it still has no partner and not "alone";
a partner ticked, "alone", other words or another kind of hand release it.
And the box's example is a hand of this table's, by its own players."""

from __future__ import annotations

import html
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import GameTable, db
from tests.fixtures_app import start_table, words
from tests.web.test_said import said, stored

NO_GUS = ["Fran", "Hank", "Ida", "Joe", "Kim"]
ASK = "I couldn't place 'Gus': who was Fran's partner, or did Fran go alone?"
FILLED = {"kind": "picked", "picker": "Fran", "points": "70", "said": "Fran with Gus 70"}


def _table(client: FlaskClient) -> int:
    return start_table(client, preset="jack-of-diamonds", players=NO_GUS)


def _read(response: Any) -> str:
    """The page's text with its entities read ("Fran's", not "Fran&#39;s")."""
    return html.unescape(words(response))


def _save(client: FlaskClient, table_id: int, **more: Any) -> Any:
    return client.post(f"/t/{table_id}/hand/new", data={**FILLED, **more})


def test_a_name_not_placed_is_asked_with_the_players_who_may_take_its_role(
        client: FlaskClient) -> None:
    table_id = _table(client)
    answer = said(client, table_id, "Fran with Gus 70")
    assert answer.status_code == 400
    assert answer.get_json()["error"] == "I didn't catch 'Gus'."
    assert answer.get_json()["open"] == [{
        "field": "partners", "said": "Gus", "ask": ASK, "label": "Fran's partner",
        "choices": ["Hank", "Ida", "Joe", "Kim"], "words": []}]
    assert said(client, table_id, "Fran with Hank 70").status_code == 200


def test_save_is_refused_while_the_words_leave_the_partner_open(
        client: FlaskClient, app: Flask) -> None:
    table_id = _table(client)
    before = stored(app, table_id)
    refused = _save(client, table_id)
    assert refused.status_code == 400
    page = _read(refused)
    assert ASK in page
    assert 'value="Fran with Gus 70"' in page  # the words stay with the form
    assert stored(app, table_id) == before
    preview = _read(client.post(f"/t/{table_id}/hand/preview", data=FILLED))
    assert f"Not complete yet: {ASK}" in preview


def test_a_partner_alone_other_words_or_another_kind_release_save(
        client: FlaskClient, app: Flask) -> None:
    table_id = _table(client)
    for answered in ({"partners": "Hank"}, {"alone": "y"}, {"said": "Fran with Hank 70",
                                                             "partners": "Hank"},
                     {"kind": "leaster", "winner": "Ida"}, {"said": "", "alone": "y"}):
        hands = stored(app, table_id)[1]
        assert _save(client, table_id, **answered).status_code == 302, answered
        assert stored(app, table_id)[1] == hands + 1
    # with the words gone, no partner is still asked once: a loner nobody said
    asked = _save(client, table_id, said="")
    assert asked.status_code == 400 and "Fran alone?" in _read(asked)
    assert ASK not in _read(asked)


def test_a_partner_never_said_holds_save_too(client: FlaskClient, app: Flask) -> None:
    table_id = _table(client)
    refused = _save(client, table_id, said="Fran 70")
    assert refused.status_code == 400
    assert "Who was Fran's partner, or did Fran go alone?" in _read(refused)


def test_an_edit_filled_from_words_is_held_the_same(client: FlaskClient, app: Flask) -> None:
    table_id = _table(client)
    assert _save(client, table_id, partners="Hank").status_code == 302
    with app.app_context():
        hand_id = db.session.get(GameTable, table_id).hands[0].id
    edit = client.post(f"/t/{table_id}/hand/{hand_id}/edit", data=FILLED)
    assert edit.status_code == 400 and ASK in _read(edit)


def test_the_box_says_a_hand_of_this_table_by_its_own_players(client: FlaskClient) -> None:
    table_id = _table(client)
    page = _read(client.get(f"/t/{table_id}/hand/new"))
    assert 'placeholder="Say it: Fran with Ida 75"' in page
    prompt = "Say the hand, e.g. 'Fran with Ida 75', 'leaster Joe' or 'misdeal'"
    assert f'data-prompt="{prompt}."' in page
    assert said(client, table_id, "").get_json()["error"] == prompt + "."
    three = start_table(client, preset="three-handed", players=["Fran", "Hank", "Ida"])
    assert 'placeholder="Say it: Fran 75"' in _read(client.get(f"/t/{three}/hand/new"))
    six = start_table(client, players=["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"])
    assert 'placeholder="Say it: Bob with Dan 75"' in _read(client.get(f"/t/{six}/hand/new"))
