"""The hand form and the JSON API ask the engine the same questions: both fill
in what the rules force (``complete_hand``) and both refuse the same hands
with the same words."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.conftest import PLAYERS
from tests.fixtures_app import start_table, words
from tests.refusals import field_errors
from tests.web.api_helpers import api_table, assert_error
from tests.web.test_pages import hand

SIX = [*PLAYERS, "Fay"]


def api_result(client: FlaskClient, preset: str, players: list[str], body: dict[str, Any]
               ) -> dict[str, Any]:
    table = api_table(client, preset, players)
    response = table.add(body)
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def form_refusal(client: FlaskClient, preset: str, players: list[str], **fields: Any) -> str:
    table_id = start_table(client, preset, players)
    response = hand(client, table_id, **fields)
    assert response.status_code == 400
    return " ".join(field_errors(response.get_data(as_text=True)))


def test_both_add_the_player_on_the_pickers_right_six_handed(client: FlaskClient) -> None:
    # Six at a six-handed table: everyone plays, and Cat's right is Bob.
    body = api_result(client, "six-handed", SIX, {"picker": "Cat", "partners": ["Eve"],
                                                   "points": 75})
    assert body["partners"] == ["Eve", "Bob"]
    table_id = start_table(client, "six-handed", SIX)
    assert hand(client, table_id, picker="Cat", partners=["Eve"], points="75").status_code == 302
    page = words(client.get(f"/t/{table_id}"))
    assert "Cat with Eve and Bob, 75 points" in page


def test_both_mark_a_picker_whose_side_took_no_trick(client: FlaskClient) -> None:
    body = api_result(client, "sheephead-4", PLAYERS[:4],
                      {"picker": "Bob", "partners": ["Cat"], "points": 0, "tricks": "none"})
    assert body["no_trick_pickers"] == ["Bob"]
    table_id = start_table(client, "sheephead-4", PLAYERS[:4])
    response = hand(client, table_id, picker="Bob", partners=["Cat"], points="0",
                    tricks="none")
    assert response.status_code == 302
    assert "penalty" in client.get(f"/t/{table_id}").get_data(as_text=True)


@pytest.mark.parametrize(("preset", "partner", "message"), [
    ("called-ace", "Cat", "Bob went alone, so there is no partner"),
    ("jack-of-diamonds", "Cat", "Bob went alone, so there is no partner"),
])
def test_both_refuse_a_picker_alone_with_a_partner_in_the_same_words(
        client: FlaskClient, preset: str, partner: str, message: str) -> None:
    table = api_table(client, preset)
    refused = table.add({"picker": "Bob", "partners": [partner], "alone": True, "points": 75})
    assert_error(refused, 400, "partners")
    assert refused.get_json()["error"] == message
    said = form_refusal(client, preset, PLAYERS, picker="Bob", partners=[partner], alone="y",
                        points="75")
    assert said == message
