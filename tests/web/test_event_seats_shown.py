"""A swap or a walk-in seated from the session page is made on the seats
the page showed: a double-tapped swap never swaps the two back, and a
form from before another director's change is refused saying what moved
the seats, changing nothing."""

from __future__ import annotations

import html
import re
from typing import Any

from flask.testing import FlaskClient

from tests.web.api_helpers import API
from tests.web.test_event_table_phone import _api_event


def _director(client: FlaskClient, made: dict[str, Any]) -> str:
    with client.session_transaction() as cookie:
        cookie["events"] = {str(made["id"]): made["director_token"]}
    return f"/e/{made['id']}/sessions/1"


def _seats(client: FlaskClient, page: str) -> str:
    found = re.search(r'name="seats" value="(\w+)"', client.get(page).get_data(as_text=True))
    assert found is not None
    return found[1]


def _board(client: FlaskClient, made: dict[str, Any]) -> list[list[int]]:
    shown = client.get(f"{API}/events/{made['id']}/sessions/1",
                       headers={"Authorization": f"Bearer {made['director_token']}"})
    return [t["numbers"] for t in shown.get_json()["tables"]]


def test_a_double_tapped_swap_swaps_once(client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    page = _director(client, made)
    a, b = drawn["tables"][0]["numbers"][0], drawn["tables"][1]["numbers"][0]
    form = {"a": str(a), "b": str(b), "seats": _seats(client, page)}
    assert client.post(f"{page}/swap", data=form).status_code == 302
    swapped = _board(client, made)
    again = client.post(f"{page}/swap", data=form)  # the same form, sent again
    assert again.status_code == 409
    said = html.unescape(again.get_data(as_text=True))
    assert "The seats of session 1 changed since this page showed them" in said
    assert f"Swapped #{a} and #{b} in session 1" in said  # what moved them
    assert _board(client, made) == swapped  # not swapped back


def test_a_walk_in_seated_from_an_older_page_is_refused(client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    page = _director(client, made)
    walk_in = client.post(f"{API}/events/{made['id']}/players", headers={
        "Authorization": f"Bearer {made['director_token']}"}, json={
        "checked_in": True, "players": [{"name": "Walter"}]}).get_json()["players"][0]["number"]
    shown = _seats(client, page)
    a, b = drawn["tables"][0]["numbers"][1], drawn["tables"][1]["numbers"][1]
    assert client.post(f"{page}/swap", data={"a": str(a), "b": str(b),
                                             "seats": shown}).status_code == 302
    before = _board(client, made)
    stale = client.post(f"{page}/seat", data={"number": str(walk_in), "seats": shown})
    assert stale.status_code == 409 and "changed since this page showed" in stale.text
    assert _board(client, made) == before
    fresh = client.post(f"{page}/seat", data={"number": str(walk_in),
                                              "seats": _seats(client, page)})
    assert fresh.status_code == 302


def test_a_seat_form_that_names_no_seats_is_refused(client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    page = _director(client, made)
    a, b = drawn["tables"][0]["numbers"][0], drawn["tables"][1]["numbers"][0]
    refused = client.post(f"{page}/swap", data={"a": str(a), "b": str(b)})
    assert refused.status_code == 400 and "reload the page" in refused.text
