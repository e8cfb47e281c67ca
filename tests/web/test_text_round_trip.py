"""Whatever text the app keeps, its own export imports again: a player's
name, a table's name and an other payment's note, however odd (any Unicode
category, controls, direction marks, variation selectors), are either
refused when entered or carried through export and import unchanged."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import PLAYERS

pytestmark = pytest.mark.slow

#: Text from every Unicode category but surrogates (no JSON encoder writes one),
#: weighted towards the characters that are drawn as nothing or change direction.
ODD = st.characters(exclude_categories=["Cs"]) | st.sampled_from(
    "\x00\t\n\u00ad\u034f\u061c\u115f\u17b4\u180b\u200b\u200d\u200e\u202e\u2066\u2800"
    "\u3164\ufe0f\ufeff\uffa0\U000e0041\U000e0100")
TEXT = st.text(ODD, min_size=1, max_size=12) | st.builds(
    lambda a, odd, b: a + odd + b, st.sampled_from(["Ann", "Zoë", "אבי", " "]), ODD,
    st.sampled_from(["", "x", " 2"]))


@given(name=TEXT, table=TEXT, note=TEXT)
def test_text_the_app_accepts_comes_back_from_its_own_export(
        client: FlaskClient, name: str, table: str, note: str) -> None:
    made = client.post("/api/v1/tables", json={"name": table, "players": [name, *PLAYERS[1:]],
                                               "preset": "called-ace"})
    if made.status_code != 201:
        assert made.status_code == 400 and made.get_json()["error"]
        return
    body = made.get_json()
    auth = {"Authorization": f"Bearer {body['edit_token']}"}
    players = client.get(f"/api/v1/tables/{body['id']}", headers=auth).get_json()["players"]
    paid = client.post(f"/api/v1/tables/{body['id']}/hands", headers=auth, json={
        "kind": "adjustment", "payouts": {players[0]: 5, "Bob": -5}, "note": note})
    assert paid.status_code in (201, 400), paid.get_json()
    export = client.get(f"/api/v1/tables/{body['id']}/export", headers=auth)
    again = client.post("/api/v1/tables/import", data=export.data,
                        content_type="application/json")
    assert again.status_code == 201, again.get_json()
    copy = again.get_json()
    mine = client.get(f"/api/v1/tables/{copy['id']}/export",
                      headers={"Authorization": f"Bearer {copy['edit_token']}"}).get_json()
    assert mine["players"] == export.get_json()["players"]
    assert mine["hands"] == export.get_json()["hands"]
