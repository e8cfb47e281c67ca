"""What the words box does with a hand it understands only in part: the
understood part comes back as the form's fields (page) or the hand's fields
(API) with the question about the rest; a player who sits this hand out is
said so, not left blank; 'nobody picked' turns the form to this table's
all-pass kind; and 'Heard:' names every flag the words set."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.fixtures_app import start_table
from tests.web.api_helpers import api_table
from tests.web.test_said import said, stored
from tests.web.test_settle_pages import SIX


def _fields(answer: Any) -> dict[str, list[str]]:
    sent: dict[str, list[str]] = {}
    for name, value in answer.get_json()["fields"]:
        if value:
            sent.setdefault(name, []).append(value)
    return sent


def test_a_word_not_placed_fills_the_rest_and_asks_only_about_it(
        client: FlaskClient, app: Flask, table_id: int) -> None:
    before = stored(app, table_id)
    answer = said(client, table_id, "Ann w/ Fred 80")
    assert answer.status_code == 400
    assert answer.get_json()["error"] == "I didn't catch 'Fred'."
    fields = _fields(answer)
    assert fields["kind"] == ["picked"] and fields["picker"] == ["Ann"]
    assert fields["points"] == ["80"] and "partners" not in fields
    assert stored(app, table_id) == before


def test_a_picker_who_sits_out_this_hand_is_said_back(client: FlaskClient) -> None:
    table_id = start_table(client, players=SIX)  # Ann deals the first hand and sits out
    answer = said(client, table_id, "Ann with Cat 75")
    assert answer.status_code == 400
    assert answer.get_json()["error"] == "Ann sits out this hand."
    fields = _fields(answer)
    assert fields["partners"] == ["Cat"] and fields["points"] == ["75"]
    assert "picker" not in fields
    assert said(client, table_id, "Bob with Cat 75").status_code == 200


def test_nobody_picked_turns_the_form_to_a_leaster_and_asks_who_won(
        client: FlaskClient, table_id: int) -> None:
    answer = said(client, table_id, "nobody picked")
    assert answer.status_code == 400
    assert answer.get_json()["error"] == "Who won the leaster?"
    assert _fields(answer)["kind"] == ["leaster"]


def test_nobody_picked_at_a_throw_in_table_is_a_throw_in(client: FlaskClient) -> None:
    table_id = start_table(client, preset="imsa")
    answer = said(client, table_id, "nobody picked")
    assert answer.status_code == 200
    assert _fields(answer)["kind"] == ["no-pick"]


def test_nobody_picked_at_a_forced_pick_table_is_a_forced_pick(client: FlaskClient) -> None:
    table_id = start_table(client, preset="jack-of-diamonds", nobody_picks="forced-pick")
    answer = said(client, table_id, "everyone passed")
    assert answer.status_code == 400
    assert "the dealer picks" in answer.get_json()["error"]
    fields = _fields(answer)
    assert fields["kind"] == ["picked"] and fields["forced"] == ["y"]


def test_heard_names_every_flag_the_words_set(client: FlaskClient) -> None:
    table_id = start_table(client, preset="imsa")
    heard = said(client, table_id,
                 "Ann w Cat 75 blitzed; Bob cracked, Cat re-cracked").get_json()["heard"]
    assert heard == "Ann with Cat, 75 points (×8: re-crack, blitz)"
    heard = said(client, table_id, "Eve alone took them all").get_json()["heard"]
    assert heard == "Eve alone, 120 points (×8: alone, schneider, every trick)"
    assert said(client, table_id, "Bob alone 95").get_json()["heard"] == \
        "Bob alone, 95 points (×4: alone, schneider)"


def test_heard_leaves_out_what_the_nights_doublers_add(client: FlaskClient) -> None:
    table_id = start_table(client, preset="imsa")
    client.post(f"/t/{table_id}/hand/new", data={"kind": "no-pick"})
    heard = said(client, table_id, "Ann w Cat 75, Bob cracked").get_json()["heard"]
    assert heard == "Ann with Cat, 75 points (×2: crack)"


def test_the_api_answers_the_part_understood_with_the_question(client: FlaskClient) -> None:
    table = api_table(client)
    answer = table.send("POST", "/words", {"text": "nobody picked"}, token=table.view_token)
    assert answer.status_code == 400
    assert answer.get_json()["error"] == "Who won the leaster?"
    assert answer.get_json()["understood"] == {"kind": "leaster"}
    whole = table.send("POST", "/words", {"text": "Ann n Cat took em all; Bob cracked"})
    assert whole.status_code == 200
    assert whole.get_json() == {"kind": "picked", "picker": "Ann", "partners": ["Cat"],
                                "points": 120, "tricks": "all", "cracks": 1}
    nothing = table.send("POST", "/words", {"text": "Fred"})
    assert nothing.status_code == 400 and "understood" not in nothing.get_json()
    assert "open" not in answer.get_json()  # a leaster's winner is never taken as answered


def test_the_api_names_each_role_the_words_left_open_and_who_may_take_it(
        client: FlaskClient) -> None:
    """A body without a partner would be a loner: the 400 lists the role as
    open, with the word said for it, the question and the players who may
    take it, as the form's held Save asks it."""
    table = api_table(client)
    players = table.send("GET", "").get_json()["players"]
    picker, others = players[0], players[1:]
    unplaced = table.send("POST", "/words", {"text": f"{picker} with Gus 70"}).get_json()
    assert unplaced["understood"] == {"kind": "picked", "picker": picker, "points": 70}
    assert unplaced["open"] == [{
        "field": "partners", "said": "Gus",
        "ask": f"I couldn't place 'Gus': who was {picker}'s partner, or did {picker} go alone?",
        "label": f"{picker}'s partner", "choices": others, "words": []}]
    unsaid = table.send("POST", "/words", {"text": f"{picker} 70"}).get_json()
    assert [(o["field"], o["said"]) for o in unsaid["open"]] == [("partners", "")]
    alone = table.send("POST", "/words", {"text": f"{picker} alone 70"})
    assert alone.status_code == 200 and "open" not in alone.get_json()


def test_who_sits_out_follows_the_dealer_and_seats_the_form_has(client: FlaskClient) -> None:
    table_id = start_table(client, players=SIX)
    post = client.post
    bob_deals = post(f"/t/{table_id}/hand/words",
                     data={"text": "Ann with Cat 75", "dealer": "Bob"})
    assert bob_deals.status_code == 200  # Bob sits out instead, Ann plays
    assert bob_deals.get_json()["heard"] == "Ann with Cat, 75 points"
    assert post(f"/t/{table_id}/hand/words",
                data={"text": "Bob with Cat 75", "dealer": "Bob"}
                ).get_json()["error"] == "Bob sits out this hand."
    ticked = post(f"/t/{table_id}/hand/words", data={
        "text": "Dan with Cat 75", "seated": ["Ann", "Bob", "Cat", "Eve", "Fay"]})
    assert ticked.get_json()["error"] == "Dan sits out this hand."


def test_heard_names_a_forced_pick_and_the_king_at_the_cut(client: FlaskClient) -> None:
    forced = start_table(client, preset="jack-of-diamonds", nobody_picks="forced-pick")
    assert said(client, forced, "Ann forced w Bob 50").get_json()["heard"] == \
        "Ann with Bob, 50 points (forced pick)"  # Ann deals: the dealer is forced
    four = start_table(client, preset="sheephead-4", players=["Ann", "Bob", "Cat", "Dan"])
    assert said(client, four, "Ann w Cat 70 king cut").get_json()["heard"].endswith(
        "(king of diamonds at the cut)")
