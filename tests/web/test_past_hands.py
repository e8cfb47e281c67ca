"""A hand carries its own table: who was present, who dealt and who played.
An insert before hand k is offered and paid with hand k's roster, an edit
keeps the hand's roster and seating, and the API's PUT keeps them when the
body leaves them out.  (A night where Fay joins after hand 8 and Bob leaves
after hand 15, as a scorekeeper met it.)
"""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rules import HandResult, sit_out
from scorekeeper.services.nights import tables as table_service
from tests.fixtures_app import start_table, words
from tests.web.api_helpers import api_table
from tests.web.test_pages import _confirm, hand


def _results(app: Flask, table_id: int) -> tuple[HandResult, ...]:
    with app.app_context():
        return table_service.load(table_id).night.results


def _seated_now(app: Flask, table_id: int) -> tuple[str, ...]:
    """Who plays the next hand: the dealer sits out, then those to his right."""
    with app.app_context():
        state = table_service.load(table_id)
        return sit_out(state.present, state.night.next_dealer, state.rules.seats)


def _play(client: FlaskClient, app: Flask, table_id: int, count: int) -> None:
    """``count`` hands won 75 to 45 by whoever sits in first with the next one."""
    for _ in range(count):
        picker, partner = _seated_now(app, table_id)[:2]
        response = hand(client, table_id, picker=picker, partners=[partner], points="75")
        assert response.status_code == 302, response.get_data(as_text=True)


def _hand_id(client: FlaskClient, table_id: int, number: int) -> int:
    ledger = client.get(f"/t/{table_id}?from=1").get_data(as_text=True)
    part = ledger.split(f'id="hand-{number}"', 1)[1]
    found = re.search(r"/hand/(\d+)/edit", part)
    assert found is not None
    return int(found.group(1))


def _night_with_a_joiner_and_a_leaver(client: FlaskClient, app: Flask) -> int:
    table_id = start_table(client)
    _play(client, app, table_id, 8)
    assert client.post(f"/t/{table_id}/players",
                       data={"action": "join", "name": "Fay"}).status_code == 302
    _play(client, app, table_id, 7)
    assert client.post(f"/t/{table_id}/players",
                       data={"action": "leave", "name": "Bob"}).status_code == 302
    _play(client, app, table_id, 3)
    return table_id


def _buttons(page: str, field: str) -> dict[str, bool]:
    """The names a fieldset of the form offers, each with whether it can be tapped."""
    fieldset = page.split(f'id="{field}"', 1)[1].split("</fieldset>", 1)[0]
    return {m.group(2): "disabled" not in m.group(0)
            for m in re.finditer(r'<input type="\w+" name="(\w+)" value="([^"]+)"[^>]*>',
                                 fieldset)}


def _insert(client: FlaskClient, table_id: int, before: int, **fields: Any) -> None:
    data = {"kind": "picked", "tricks": "some", "count_side": "picking", "cracks": "0",
            "blitzes": "0", **fields}
    page = client.post(f"/t/{table_id}/hand/new?before={before}", data=data)
    assert page.status_code == 200, page.get_data(as_text=True)
    body, confirm = _confirm(client, page.get_data(as_text=True))
    saved = client.post(f"/t/{table_id}/hand/confirm",
                        data={**confirm, "hand_json": json.dumps(body)})
    assert saved.status_code == 302, saved.get_data(as_text=True)


def test_an_insert_before_hand_seven_is_offered_with_hand_sevens_roster(
        client: FlaskClient, app: Flask) -> None:
    table_id = _night_with_a_joiner_and_a_leaver(client, app)
    page = client.get(f"/t/{table_id}/hand/new?before={_hand_id(client, table_id, 7)}")
    offered = _buttons(page.get_data(as_text=True), "picker")
    assert set(offered) == {"Ann", "Bob", "Cat", "Dan", "Eve"}
    assert all(offered.values())  # five at five seats: nobody sits out


def test_an_insert_before_hand_seven_is_paid_with_hand_sevens_roster(
        client: FlaskClient, app: Flask) -> None:
    table_id = _night_with_a_joiner_and_a_leaver(client, app)
    before = _results(app, table_id)
    dealer = before[6].dealer
    _insert(client, table_id, _hand_id(client, table_id, 7), picker="Eve", partners=["Cat"],
            points="75", dealer=dealer)
    results = _results(app, table_id)
    inserted = results[6]
    assert inserted.payouts["Bob"] == -1 and inserted.payouts["Fay"] == 0
    assert set(inserted.seated) == {"Ann", "Bob", "Cat", "Dan", "Eve"}
    assert inserted.hand.present is not None and "Fay" not in inserted.hand.present
    assert sum(inserted.payouts.values()) == 0
    # the hands after it keep their own tables and payouts
    assert [r.payouts for r in results[7:]] == [r.payouts for r in before[6:]]


def test_a_void_inserted_before_hand_one_does_not_count_a_later_joiner(
        client: FlaskClient, app: Flask) -> None:
    table_id = _night_with_a_joiner_and_a_leaver(client, app)
    _insert(client, table_id, _hand_id(client, table_id, 1), kind="void", dealer="Ann")
    void = _results(app, table_id)[0]
    assert "Fay" not in void.seated and "Bob" in void.seated
    assert void.hand.present is not None and "Fay" not in void.hand.present


def test_editing_a_hand_before_a_player_left_still_offers_him(
        client: FlaskClient, app: Flask) -> None:
    table_id = _night_with_a_joiner_and_a_leaver(client, app)
    page = client.get(f"/t/{table_id}/hand/{_hand_id(client, table_id, 3)}/edit")
    offered = _buttons(page.get_data(as_text=True), "picker")
    assert offered.get("Bob") is True and "Fay" not in offered


def test_editing_a_hand_with_fay_sitting_out_keeps_its_seats(
        client: FlaskClient, app: Flask) -> None:
    table_id = _night_with_a_joiner_and_a_leaver(client, app)
    old = _results(app, table_id)[9]  # hand 10: six present, the dealer sits out
    page = client.get(f"/t/{table_id}/hand/{_hand_id(client, table_id, 10)}/edit")
    offered = _buttons(page.get_data(as_text=True), "picker")
    assert set(offered) == {"Ann", "Bob", "Cat", "Dan", "Eve", "Fay"}
    assert [name for name, free in offered.items() if not free] == [old.dealer]


def test_the_api_put_keeps_the_dealer_and_seats_it_leaves_out(client: FlaskClient) -> None:
    table = api_table(client, players=["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"])
    seated = ["Ann", "Bob", "Dan", "Eve", "Fay"]
    first = table.add({"picker": "Ann", "partners": ["Bob"], "points": 75, "dealer": "Cat",
                       "seated": seated})
    assert first.status_code == 201, first.get_json()
    again = table.send("PUT", "/hands/1", {"picker": "Dan", "partners": ["Eve"], "points": 80})
    assert again.status_code == 200, again.get_json()
    body = again.get_json()
    assert body["dealer"] == "Cat" and body["seated"] == seated
    assert body["payouts"]["Cat"] == 0 and body["payouts"]["Dan"] == 2


def test_the_api_put_naming_another_dealer_seats_by_rotation(client: FlaskClient) -> None:
    table = api_table(client, players=["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"])
    table.add({"picker": "Ann", "partners": ["Bob"], "points": 75, "dealer": "Cat",
               "seated": ["Ann", "Bob", "Dan", "Eve", "Fay"]})
    body = table.send("PUT", "/hands/1", {"picker": "Ann", "partners": ["Bob"], "points": 75,
                                          "dealer": "Dan"}).get_json()
    assert body["dealer"] == "Dan" and "Dan" not in body["seated"]


def test_the_insert_form_never_offers_undo_of_the_last_hand(client: FlaskClient,
                                                            app: Flask) -> None:
    table_id = start_table(client)
    _play(client, app, table_id, 3)
    assert "Undo hand 3" in client.get(f"/t/{table_id}/hand/new").get_data(as_text=True)
    page = client.get(f"/t/{table_id}/hand/new?before={_hand_id(client, table_id, 2)}")
    assert "Undo hand" not in page.get_data(as_text=True)


def test_the_record_form_says_when_too_few_are_at_the_table(client: FlaskClient,
                                                            app: Flask) -> None:
    table_id = start_table(client, players=["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"])
    _play(client, app, table_id, 2)
    for name in ("Fay", "Eve"):
        assert client.post(f"/t/{table_id}/players",
                           data={"action": "leave", "name": name}).status_code == 302
    page = client.get(f"/t/{table_id}/hand/new").get_data(as_text=True)
    assert 'id="short-handed"' in page and "Only 4 players" in page
    earlier = client.get(f"/t/{table_id}/hand/new?before={_hand_id(client, table_id, 1)}")
    assert 'id="short-handed"' not in earlier.get_data(as_text=True)  # six were there then


def test_a_saved_leaster_or_misdeal_does_not_say_its_kind_twice(client: FlaskClient) -> None:
    table_id = start_table(client)
    hand(client, table_id, kind="leaster", winner="Eve")
    saved = words(client.get(f"/t/{table_id}/hand/new"))
    assert "leaster won by Eve" in saved and "(leaster)" not in saved
    hand(client, table_id, kind="misdeal")
    again = words(client.get(f"/t/{table_id}/hand/new"))
    assert "misdeal (misdeal)" not in again and "saved: misdeal" in again


def test_the_ledger_tells_a_sit_out_from_a_player_not_yet_at_the_table(
        client: FlaskClient, app: Flask) -> None:
    table_id = _night_with_a_joiner_and_a_leaver(client, app)
    ledger = client.get(f"/t/{table_id}?from=1").get_data(as_text=True)
    first = ledger.split('id="hand-1"', 1)[1].split("</tbody>", 1)[0]
    assert first.count('title="Not at the table"') == 1  # Fay, before she joined
    tenth = ledger.split('id="hand-10"', 1)[1].split("</tbody>", 1)[0]
    assert tenth.count('title="Sat out"') == 1  # six at the table: the dealer
