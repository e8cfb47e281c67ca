"""A word heard but placed nowhere holds Save on the server too, by the same
check as the page: "doubler" at an IMSA table until "declared" or "not
declared" is said, or Declared doubler ticked; a word not caught until the
words are said without it.  The API's answer carries the holds and their
answers as words."""

from __future__ import annotations

import html
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rules import make_rules
from scorekeeper.spoken import understand
from tests.fixtures_app import start_table, words
from tests.refusals import without_summary
from tests.web.test_pages import hand_count

IMSA = ["Dale", "Joan", "Gene", "Sue", "Pat"]
DOUBLER = "doubler, Dale picked with Joan 77"
HAND = {"kind": "picked", "tricks": "some", "count_side": "picking", "cracks": "0",
        "blitzes": "0", "picker": "Dale", "partners": "Joan", "points": "77"}


def _save(client: FlaskClient, table_id: int, **more: Any) -> Any:
    return client.post(f"/t/{table_id}/hand/new", data={**HAND, **more})


def test_the_holds_say_their_answers_as_words() -> None:
    rules = make_rules("imsa")
    held = understand(DOUBLER, rules, IMSA, preset="imsa").open
    assert [(h.field, h.label) for h in held] == [("declared_doubler", "Declared doubler")]
    assert [(a.label, a.text) for a in held[0].words] == [
        ("Declared", f"{DOUBLER} declared"), ("Not declared", f"{DOUBLER} not declared")]
    for answer in held[0].words:
        again = understand(answer.text, rules, IMSA, preset="imsa")
        assert again.complete and again.open == ()
    caught = understand("Dale picked with Joan 77 schmeered", rules, IMSA, preset="imsa").open
    assert [(h.field, h.said) for h in caught] == [("", "schmeered")]
    assert caught[0].words[0].text == "Dale picked with Joan 77"
    # a table that doesn't declare doublers has nothing to ask about "doubler"
    assert understand(DOUBLER, make_rules("jack-of-diamonds"), IMSA,
                      preset="jack-of-diamonds").open == ()


def test_save_is_held_until_the_word_is_answered(client: FlaskClient, app: Flask) -> None:
    table_id = start_table(client, preset="imsa", players=IMSA)
    held = _save(client, table_id, said=DOUBLER)
    assert held.status_code == 400 and "Was a doubler declared?" in html.unescape(words(held))
    assert hand_count(app) == 0
    assert _save(client, table_id, said=f"{DOUBLER} not declared").status_code == 302
    assert _save(client, table_id, said=DOUBLER, declared_doubler="y").status_code == 302
    assert hand_count(app) == 2
    unheard = _save(client, table_id, said="Dale picked with Joan 77 schmeered")
    assert unheard.status_code == 400
    assert "I didn&#39;t catch &#39;schmeered&#39;: say it again, or leave it out</p>" \
        in without_summary(words(unheard))
    assert _save(client, table_id, said="Dale picked with Joan 77").status_code == 302


def test_the_api_says_each_hold_and_its_answers(client: FlaskClient) -> None:
    made = client.post("/api/v1/tables", json={"name": "Mon", "players": IMSA,
                                               "preset": "imsa"}).get_json()
    answer = client.post(f"/api/v1/tables/{made['id']}/words", json={"text": DOUBLER},
                         headers={"Authorization": f"Bearer {made['view_token']}"})
    assert answer.status_code == 400
    held = answer.get_json()["open"]
    assert held[0]["field"] == "declared_doubler"
    assert held[0]["words"] == [{"label": "Declared", "text": f"{DOUBLER} declared"},
                                {"label": "Not declared", "text": f"{DOUBLER} not declared"}]
