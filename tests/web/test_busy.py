"""A database that stays busy longer than a writer will wait, or that can't
be reached for a moment: the answer is 503 with Retry-After (JSON for the
API, a page for a phone), never a 500, and nothing is half-written; once it
is free the same request goes through."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

from scorekeeper import create_app
from scorekeeper.db.engine import is_busy, is_unreachable
from scorekeeper.db.models import db
from scorekeeper.limits import MAX_IMPORT_BYTES, MAX_REQUEST_BYTES
from scorekeeper.services.grants import grants
from tests.fixtures_app import start_table
from tests.web.api_helpers import api_table
from tests.web.test_pages import hand


@pytest.fixture()
def impatient(tmp_path: Path) -> Iterator[tuple[Flask, Path]]:
    path = tmp_path / "busy.db"
    app = create_app({"TESTING": True, "SECRET_KEY": "b", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
                      "SQLITE_BUSY_TIMEOUT_MS": 150})
    yield app, path
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def test_a_write_that_cannot_get_the_database_is_a_503_to_retry(
        impatient: tuple[Flask, Path]) -> None:
    app, path = impatient
    client = app.test_client()
    table = api_table(client)
    table_id = start_table(client)
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
    try:
        refused = table.add({"picker": "Bob", "partners": ["Cat"], "points": 75})
        page = hand(client, table_id, picker="Bob", partners=["Cat"], points="75")
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "1"
    assert "try again" in refused.get_json()["error"]
    assert page.status_code == 503 and "try again" in page.get_data(as_text=True)
    assert table.get("/hands").get_json() == []
    again = table.add({"picker": "Bob", "partners": ["Cat"], "points": 75})
    assert again.status_code == 201


def test_a_body_bigger_than_any_import_is_refused_unread(client: FlaskClient) -> None:
    table = api_table(client)
    table_id = start_table(client)
    over_import = "x" * (MAX_IMPORT_BYTES + 1)
    api = client.post("/api/v1/tables/import", data=over_import,
                      headers={"Content-Type": "application/json"})
    assert api.status_code == 400 and "over 40 MB" in api.get_json()["error"]
    huge = "x" * (MAX_REQUEST_BYTES + 1)
    assert client.post("/import", data={"text": huge}).status_code == 413
    assert client.post(f"/t/{table_id}/hand/new", data={"points": huge}).status_code == 413
    assert table.get("/hands").get_json() == []


class DriverError(Exception):
    """A database driver's error as psycopg raises it: with its SQLSTATE
    (None when the connection itself failed or was closed)."""

    def __init__(self, message: str, sqlstate: str | None) -> None:
        super().__init__(message)
        self.sqlstate = sqlstate


@pytest.mark.parametrize(("error", "busy", "unreachable"), [
    (OperationalError("x", {}, sqlite3.OperationalError("database is locked")), True, False),
    (OperationalError("x", {}, sqlite3.OperationalError("no such table: hand")), False, False),
    (OperationalError("x", {}, DriverError("Connection refused", None)), False, True),
    (OperationalError("x", {}, DriverError("terminating connection", "57P01")), False, True),
    (OperationalError("x", {}, DriverError("the database system is starting up", "57P03")),
     False, True),
    (OperationalError("x", {}, DriverError("could not serialize access", "40001")), True, False),
    (OperationalError("x", {}, DriverError("too many connections", "53300")), True, False),
    (OperationalError("x", {}, DriverError("division by zero", "22012")), False, False),
    (InterfaceError("x", {}, DriverError("the connection is closed", None),
                    connection_invalidated=True), False, True),
])
def test_busy_and_out_of_reach_are_told_apart_from_real_faults(
        error: DBAPIError, busy: bool, unreachable: bool) -> None:
    assert (is_busy(error), is_unreachable(error)) == (busy, unreachable)


def test_a_database_out_of_reach_is_a_503_to_retry_then_works_again(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A PostgreSQL server restarting under the app (tests/servers/test_stack.py
    restarts a real one): every request meanwhile is a 503 with Retry-After,
    and the next one after it is back goes through on its own."""
    table = api_table(client)
    table_id = start_table(client)
    real = grants.load_as

    def restarting(*args: object, **kwargs: object) -> None:
        raise OperationalError("SELECT", {}, DriverError(
            "terminating connection due to administrator command", "57P01"))

    monkeypatch.setattr(grants, "load_as", restarting)
    refused = table.add({"picker": "Bob", "partners": ["Cat"], "points": 75})
    page = client.get(f"/t/{table_id}")
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "1"
    assert "try again" in refused.get_json()["error"]
    assert page.status_code == 503 and "try again" in page.get_data(as_text=True)
    monkeypatch.setattr(grants, "load_as", real)
    assert table.get("/hands").get_json() == []
    assert table.add({"picker": "Bob", "partners": ["Cat"], "points": 75}).status_code == 201


def test_a_transaction_whose_connection_was_lost_is_a_503_to_send_again(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The database restarting under a transaction: SQLAlchemy refuses the
    session until it is rolled back; the phone is told to send it again."""
    from sqlalchemy.exc import PendingRollbackError

    from scorekeeper.views.api import tables as api_tables

    def lost(*args: object, **kwargs: object) -> None:
        raise PendingRollbackError("Can't reconnect until invalid transaction is rolled back")
    monkeypatch.setattr(api_tables, "create_table", lost)
    answer = client.post("/api/v1/tables", json={"name": "Friday", "preset": "called-ace",
                                                 "players": ["Ann", "Bob", "Cat", "Dan", "Eve"]})
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "1"
    assert "try again" in answer.get_json()["error"]
