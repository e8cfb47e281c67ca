"""No id is ever used twice: a penalty withdrawn, a hand deleted or a table
dropped keeps its id retired, so a stale page or a retried DELETE naming it
never reaches a newer row (revision 0021: SQLite's tables say
AUTOINCREMENT; PostgreSQL's sequences never go back)."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import db
from tests.web.api_helpers import API, api_table
from tests.web.test_event_table_phone import _api_event
from tests.web.test_schema import downgrade, let_go, make_app


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_withdrawn_penalty_keeps_its_id_and_a_stale_withdraw_reaches_no_newer_one(
        client: FlaskClient) -> None:
    """...and the withdrawn one stays listed, saying who withdrew it, when and why."""
    made, _ = _api_event(client)
    director = _auth(made["director_token"])
    penalties = f"{API}/events/{made['id']}/penalties"

    def give(number: int) -> int:
        given = client.post(penalties, headers=director, json={
            "number": number, "session": 1, "points": 2, "reason": "Slow play"})
        assert given.status_code == 201, given.get_json()
        return int(given.get_json()["id"])

    first = give(1)
    gone = client.delete(f"{penalties}/{first}", headers=director,
                         json={"reason": "the clock was wrong"})
    assert gone.status_code == 200, gone.get_json()
    assert gone.get_json()["withdrawn"]["why"] == "the clock was wrong"
    second = give(2)
    assert second != first
    again = client.delete(f"{penalties}/{first}", headers=director)  # a stale page's tap
    assert again.status_code == 409 and again.get_json()["code"] == "unchanged"
    assert "already withdrawn by" in again.get_json()["error"]
    listed = {p["id"]: p for p in client.get(penalties, headers=director).get_json()["penalties"]}
    assert listed[second]["withdrawn"] is None
    assert listed[first]["withdrawn"]["why"] == "the clock was wrong"
    assert listed[first]["withdrawn"]["by"] and listed[first]["withdrawn"]["at"]
    standing = client.get(f"{API}/events/{made['id']}/standings", headers=director).get_json()
    fined = {p["number"]: p["penalties"] for p in standing["players"]}
    assert (fined[1], fined[2]) == (0, 2)  # the withdrawn one counts for nothing


def test_a_deleted_last_hand_keeps_its_id(client: FlaskClient) -> None:
    table = api_table(client)
    hand = {"picker": "Ann", "partners": ["Bob"], "points": 75}
    first = table.send("POST", "/hands", hand).get_json()["id"]
    assert table.send("DELETE", "/hands/1").status_code == 204
    second = table.send("POST", "/hands", hand).get_json()["id"]
    assert second != first  # hands are addressed by number, their version guards that


def _autoincrement(path: Path) -> dict[str, bool]:
    """Each integer-keyed table of the database, and whether it says AUTOINCREMENT."""
    engine = sa.create_engine(f"sqlite:///{path}")
    with engine.connect() as conn:
        found = {name: "AUTOINCREMENT" in (sql or "").upper() for name, sql in conn.execute(
            sa.text("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name "
                    "NOT LIKE 'sqlite_%' AND name != 'alembic_version'"))
                 if "INTEGER NOT NULL" in (sql or "").upper() and name != "submission"}
    engine.dispose()
    return found


def test_every_table_keeps_its_ids_retired_new_or_upgraded(app: Flask, tmp_path: Path) -> None:
    path = tmp_path / "ids.db"
    first = make_app(path)
    made = _autoincrement(path)
    assert made and all(made.values()), made
    client = first.test_client()
    table = api_table(client)
    with first.app_context():
        downgrade(first, "0020")
        let_go()
    assert not any(_autoincrement(path).values())
    again = make_app(path)
    assert _autoincrement(path) == made
    with again.app_context():
        assert db.session.execute(sa.text("SELECT count(*) FROM game_table")).scalar() == 1
    shown = again.test_client().get(f"{API}/tables/{table.id}/hands", headers=_auth(
        table.edit_token))
    assert shown.status_code == 200
