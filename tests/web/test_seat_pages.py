"""The Players page's seats: a joiner sits where the scorekeeper says, ↑ and ↓
change seats between hands, the next hand is dealt by the new order and the
history says so; past hands are paid as they were."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.fixtures_app import words


def players(client: FlaskClient, table_id: int, **form: str) -> str:
    response = client.post(f"/t/{table_id}/players", data=form, follow_redirects=True)
    return words(response)


def order(client: FlaskClient, table_id: int) -> list[str]:
    """The Players page's rows, top to bottom."""
    page = client.get(f"/t/{table_id}/players").get_data(as_text=True)
    return [line.split('value="', 1)[1].split('"', 1)[0] for line in page.splitlines()
            if 'name="name" value="' in line]


def test_a_joiner_sits_after_the_player_chosen(client: FlaskClient, table_id: int) -> None:
    page = client.get(f"/t/{table_id}/players").get_data(as_text=True)
    assert '<option value="Eve" selected>after Eve (the last seat)</option>' in page
    said = players(client, table_id, action="join", name="Fay", after="Bob")
    assert "Fay joined, after Bob" in said
    assert order(client, table_id) == ["Ann", "Bob", "Fay", "Cat", "Dan", "Eve"]


def test_moving_a_seat_deals_the_next_hand_by_the_new_order(client: FlaskClient,
                                                            table_id: int) -> None:
    for picker in ("Ann", "Bob"):
        client.post(f"/t/{table_id}/hand/new", data={
            "kind": "picked", "picker": picker, "partners": ["Eve"], "points": "70"})
    said = players(client, table_id, action="down", name="Cat")
    assert "Seats are now Ann, Bob, Dan, Cat, Eve; Dan deals next." in said
    assert order(client, table_id) == ["Ann", "Bob", "Dan", "Cat", "Eve"]
    form = words(client.get(f"/t/{table_id}/hand/new"))
    assert "Dealer: Dan" in form
    history = words(client.get(f"/t/{table_id}/history"))
    assert "Seats: Ann, Bob, Dan, Cat, Eve (Cat moved down)" in history


def test_a_move_past_the_first_seat_is_refused_in_words(client: FlaskClient,
                                                        table_id: int) -> None:
    response = client.post(f"/t/{table_id}/players", data={"action": "up", "name": "Ann"})
    assert response.status_code == 400
    assert "Ann already sits in the first seat" in words(response)
    assert order(client, table_id) == ["Ann", "Bob", "Cat", "Dan", "Eve"]
