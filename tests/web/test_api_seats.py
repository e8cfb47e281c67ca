"""A night's standings say the next hand's seats as the engine deals them
(the rotation and the sit-out rule), so a client never works them out: a
hand posted without a dealer or seats is dealt exactly as they said."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.web.api_helpers import api_table

SIX = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def test_the_dealer_sits_out_at_a_table_of_six_for_five(client: FlaskClient) -> None:
    table = api_table(client, players=SIX)
    seats = table.get("/standings").get_json()["next_hand"]
    assert seats == {"number": 1, "dealer": "Ann", "seated": SIX[1:], "sitting_out": ["Ann"],
                     "short": 0}


def test_every_hand_is_dealt_as_the_standings_said_it_would_be(client: FlaskClient) -> None:
    table = api_table(client, players=SIX + ["Gus"])
    for number in range(1, 15):
        said = table.get("/standings").get_json()["next_hand"]
        assert said["number"] == number
        assert len(said["seated"]) == 5 and len(said["sitting_out"]) == 2
        assert said["dealer"] in said["sitting_out"]
        picker, partner = said["seated"][0], said["seated"][1]
        hand = {"picker": picker, "partners": [partner], "points": 70} \
            if number % 4 else {"kind": "misdeal"}
        dealt = table.add(hand).get_json()
        assert (dealt["dealer"], dealt["seated"]) == (said["dealer"], said["seated"])


def test_a_void_hand_keeps_the_dealer_and_the_seats(client: FlaskClient) -> None:
    table = api_table(client, players=SIX)
    table.add({"kind": "void"})
    said = table.get("/standings").get_json()["next_hand"]
    assert (said["number"], said["dealer"], said["sitting_out"]) == (2, "Ann", ["Ann"])


def test_a_table_short_of_players_says_how_many_it_lacks(client: FlaskClient) -> None:
    table = api_table(client)
    assert table.send("POST", "/players/Eve/step-out").status_code == 200
    said = table.get("/standings").get_json()["next_hand"]
    assert said["short"] == 1 and said["sitting_out"] == []
    assert said["seated"] == ["Ann", "Bob", "Cat", "Dan"]


def test_who_steps_out_is_neither_seated_nor_sitting_out(client: FlaskClient) -> None:
    table = api_table(client, players=SIX)
    assert table.send("POST", "/players/Cat/step-out").status_code == 200
    said = table.get("/standings").get_json()["next_hand"]
    assert "Cat" not in said["seated"] + said["sitting_out"]
    assert said["sitting_out"] == [] and said["short"] == 0
