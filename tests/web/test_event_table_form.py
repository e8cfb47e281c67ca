"""At an event's table the record form counts the hands due ("Hand 2 of
5") and names the dealer; after the last hand the form and the night's
share page say the table is done and waits for the director."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.services.events import draws as event_draws
from scorekeeper.services.events import event as events


def _table(app: Flask) -> tuple[Any, str]:
    with app.app_context():
        event, director = events.create_event("Festival", "called-ace", rounds=1)
        events.register(event, [f"Player {n}" for n in range(1, 11)], checked_in=True)
        table = event_draws.draw(event, 1, seed=3).tables[0]
        assert director is not None
        return table, director


def _save(client: FlaskClient, table: Any) -> None:
    made = client.post(f"/api/v1/tables/{table.night}/hands", json={
        "picker": table.players[0], "partners": [table.players[1]], "points": 75},
        headers={"Authorization": f"Bearer {table.edit_token}"})
    assert made.status_code == 201


def _as_table(client: FlaskClient, table: Any) -> None:
    with client.session_transaction() as kept:
        kept["editors"] = {str(table.night): table.edit_token}


def test_the_form_counts_the_hands_due_and_names_the_dealer(app: Flask,
                                                            client: FlaskClient) -> None:
    table, _ = _table(app)
    _save(client, table)
    _as_table(client, table)
    text = client.get(f"/t/{table.night}/hand/new").get_data(as_text=True)
    assert "Hand 2 of 5" in text
    assert f"<bdi>{table.players[1]}</bdi></span> deals" in text


def test_after_the_last_hand_the_table_waits_for_the_director(app: Flask,
                                                               client: FlaskClient) -> None:
    table, _ = _table(app)
    for _ in range(5):
        _save(client, table)
    _as_table(client, table)
    page = client.get(f"/t/{table.night}/hand/new")
    text = page.get_data(as_text=True)
    assert "Table 1 is done for this session" in text
    assert 'id="hand-form"' not in text
    with app.app_context():
        from scorekeeper.db.models import GameTable, db
        token = db.session.get_one(GameTable, table.night).view_token
    shared = client.get(f"/s/{token}").get_data(as_text=True)
    assert "Table 1 is done for this session: waiting for the director" in shared
    assert "Next dealer" not in shared


def test_the_directors_form_at_a_done_table_says_so_too(app: Flask,
                                                        client: FlaskClient) -> None:
    table, director = _table(app)
    for _ in range(5):
        _save(client, table)
    with app.app_context():
        from scorekeeper.db.models import GameTable, db
        event_id = db.session.get_one(GameTable, table.night).event_id
    with client.session_transaction() as kept:
        kept["events"] = {str(event_id): director}
    text = client.get(f"/t/{table.night}/hand/new").get_data(as_text=True)
    # the director is told, and may still correct the table: the form is there
    assert 'id="table-done"' in text and "the director's correction" in text
    assert 'id="hand-form"' in text and "waits for the director" not in text
