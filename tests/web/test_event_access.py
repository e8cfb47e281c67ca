"""Who may score an event's tables: a table's own grant edits its night and
no other, and only until the table has played its hands; the director's
token edits every table of the event (audited as the director's); the
event's link only reads."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import TABLE, AuditEntry, db
from scorekeeper.services.events import draws as event_draws
from scorekeeper.services.events import event as events

API = "/api/v1"


def _event(app: Flask) -> dict[str, Any]:
    """An event of ten players at two tables of five, one round a session
    (five hands a table)."""
    with app.app_context():
        event, director = events.create_event("Festival", "called-ace", rounds=1)
        events.register(event, [f"Player {n}" for n in range(1, 11)], checked_in=True)
        drawn = event_draws.draw(event, 1, seed=11)
        return {"id": event.id, "director": director, "view": event.view_token,
                "tables": drawn.tables}


def _hand(table: Any) -> dict[str, Any]:
    return {"picker": table.players[0], "partners": [table.players[1]], "points": 75}


def _post(client: FlaskClient, table: Any, token: str) -> Any:
    return client.post(f"{API}/tables/{table.night}/hands", json=_hand(table),
                       headers={"Authorization": f"Bearer {token}"})


def test_a_tables_grant_edits_its_own_night_only(app: Flask, client: FlaskClient) -> None:
    one, two = _event(app)["tables"]
    assert _post(client, one, one.edit_token).status_code == 201
    assert _post(client, two, one.edit_token).status_code == 401


def test_a_done_table_refuses_its_grant_and_takes_the_directors(app: Flask,
                                                                 client: FlaskClient) -> None:
    made = _event(app)
    table = made["tables"][0]
    for _ in range(5):
        assert _post(client, table, table.edit_token).status_code == 201
    refused = _post(client, table, table.edit_token)
    assert refused.status_code == 409
    assert "Table 1 is done for this session: corrections are the director's" \
        in refused.get_data(as_text=True)
    fixed = client.put(f"{API}/tables/{table.night}/hands/5", json=_hand(table),
                       headers={"Authorization": f"Bearer {made['director']}"})
    assert fixed.status_code == 200, fixed.get_json()
    with app.app_context():
        last = db.session.scalars(db.select(AuditEntry).where(
            AuditEntry.of(TABLE, table.night)).order_by(AuditEntry.id.desc())).first()
        assert last is not None and last.by == "Director"


def test_the_events_link_reads_its_tables_and_changes_none(app: Flask,
                                                           client: FlaskClient) -> None:
    made = _event(app)
    table = made["tables"][1]
    read = client.get(f"{API}/tables/{table.night}/hands",
                      headers={"Authorization": f"Bearer {made['view']}"})
    assert read.status_code == 200
    assert _post(client, table, made["view"]).status_code == 403


def test_the_directors_phone_scores_any_table_on_its_pages(app: Flask,
                                                           client: FlaskClient) -> None:
    made = _event(app)
    table = made["tables"][1]
    page = f"/t/{table.night}"
    assert client.get(page).status_code == 403
    with client.session_transaction() as kept:
        kept["events"] = {str(made["id"]): made["director"]}
    assert client.get(page).status_code == 200


def test_a_done_tables_phone_is_told_corrections_are_the_directors(
        app: Flask, client: FlaskClient) -> None:
    made = _event(app)
    table = made["tables"][0]
    for _ in range(5):
        assert _post(client, table, table.edit_token).status_code == 201
    with client.session_transaction() as kept:
        kept["editors"] = {str(table.night): table.edit_token}
    refused = client.post(f"/t/{table.night}/hand/new", data={
        "kind": "picked", "picker": table.players[0], "partners": [table.players[1]],
        "points": "75", "tricks": "some", "count_side": "picking", "cracks": "0",
        "blitzes": "0"})
    assert refused.status_code == 409
    assert "corrections are the director" in refused.get_data(as_text=True)


def test_a_phone_holding_a_table_and_the_director_corrects_a_done_table(
        app: Flask, client: FlaskClient) -> None:
    made = _event(app)
    table = made["tables"][0]
    for _ in range(5):
        assert _post(client, table, table.edit_token).status_code == 201
    with client.session_transaction() as kept:
        kept["editors"] = {str(table.night): table.edit_token}
        kept["events"] = {str(made["id"]): made["director"]}
    hand = {"kind": "picked", "picker": table.players[0], "partners": [table.players[1]],
            "points": "75", "tricks": "some", "count_side": "picking", "cracks": "0",
            "blitzes": "0"}
    past = client.post(f"/t/{table.night}/hand/new", data=hand)  # a sixth deal of five
    assert past.status_code == 400  # the form again, the reason next to Save
    assert "only as an extra hand" in html.unescape(past.get_data(as_text=True))
    saved = client.post(f"/t/{table.night}/hand/new", data={**hand, "extra": "1"})
    assert saved.status_code == 302, saved.get_data(as_text=True)


def test_a_stopped_table_phone_is_told_to_ask_the_director(app: Flask,
                                                           client: FlaskClient) -> None:
    made = _event(app)
    table = made["tables"][0]
    with client.session_transaction() as kept:
        kept["editors"] = {str(table.night): "a token the director stopped"}
    page = client.get(f"/t/{table.night}")
    assert page.status_code == 403
    said = html.unescape(page.get_data(as_text=True))
    assert "ask the director for the table's card" in said and "the scorekeeper for" not in said


def test_a_director_on_loopback_directs_from_the_lan_address_under_the_same_name(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The laptop at 127.0.0.1 printed cards the phones couldn't open, and the
    co-director link it was offered carried 127.0.0.1 too; now it moves to a
    network address and keeps its name there (not "Phone 2")."""
    from scorekeeper.views import qr
    monkeypatch.setattr(qr, "machine_hosts", lambda: ("127.0.0.1", "192.168.1.20"))
    app.config["TRUSTED_HOSTS"] = [*app.config["TRUSTED_HOSTS"], "192.168.1.20"]
    made = _event(app)
    here, lan = "http://127.0.0.1:5000", "http://192.168.1.20:5000"
    with client.session_transaction(base_url=here) as kept:
        kept["events"] = {str(made["id"]): made["director"]}
    page = client.get(f"/e/{made['id']}/directors", base_url=here).get_data(as_text=True)
    assert 'id="loopback"' in page and f"Direct from {lan}" in page
    assert client.post(f"/e/{made['id']}/directors/move", data={"to": "http://evil.example"},
                       base_url=here).status_code == 400
    moved = client.post(f"/e/{made['id']}/directors/move", data={"to": lan},
                        base_url=here).get_data(as_text=True)
    found = re.search(r'id="move-link" href="([^"]+)"', moved)
    assert found and found.group(1).startswith(f"{lan}/eclaim/")
    url = html.unescape(found.group(1)).removeprefix(lan)
    form = client.get(url, base_url=lan).get_data(as_text=True)
    assert 'value="Director at 192.168.1.20"' in form
    assert client.post(url.split("?")[0], data={"label": "Director at 192.168.1.20"},
                       base_url=lan).status_code == 302
    listed = client.get(f"/e/{made['id']}/directors", base_url=lan).get_data(as_text=True)
    assert "Director at 192.168.1.20" in listed and "Phone 2" not in listed
