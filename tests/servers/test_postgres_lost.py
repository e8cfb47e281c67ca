"""A connection PostgreSQL drops after the answer was made (a restart while a
page rendered: the festival's stack met it under load) leaves the answer as
it was: the share page is sent, a saved hand's 201 is sent and the hand is
stored once; never the server's bare 500 from the session's ending."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask, Response, request

from bench.servers import PG_BIN, postgres_cluster
from scorekeeper import create_app
from scorekeeper.db.models import db

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(PG_BIN is None, reason="PostgreSQL's binaries are not "
                                 "installed (Debian: apt-get install postgresql)")]

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]


@pytest.fixture(scope="module")
def app() -> Iterator[Flask]:
    with postgres_cluster() as url:
        app: Flask = create_app({"SECRET_KEY": "k", "WTF_CSRF_ENABLED": False,
                                 "SQLALCHEMY_DATABASE_URI": url})
        killer = sa.create_engine(url)
        app.config["LOSE_AFTER"] = set()

        @app.after_request
        def lose_the_connection(response: Response) -> Response:
            """The request's own connection ended by the server, as a restart
            ends it, once its answer is made."""
            if (request.method, request.path) in app.config["LOSE_AFTER"]:
                pid = db.session.scalar(sa.text("SELECT pg_backend_pid()"))
                with killer.connect() as connection:
                    connection.execute(sa.text("SELECT pg_terminate_backend(:pid)"),
                                       {"pid": pid})
            return response

        yield app
        killer.dispose()


def _night(app: Flask) -> dict[str, Any]:
    made = app.test_client().post("/api/v1/tables", json={
        "name": "Friday", "players": PLAYERS, "preset": "called-ace"})
    assert made.status_code == 201, made.get_json()
    night: dict[str, Any] = made.get_json()
    return night


def test_a_share_page_made_before_the_connection_was_lost_is_sent(app: Flask) -> None:
    night = _night(app)
    page = f"/s/{night['view_token']}"
    app.config["LOSE_AFTER"] = {("GET", page)}
    for _ in range(2):  # and the next request opens a new connection
        shown = app.test_client().get(page)
        assert shown.status_code == 200
        assert "Friday" in shown.get_data(as_text=True)


def test_a_saved_hand_whose_connection_was_lost_after_it_is_acknowledged_once(
        app: Flask) -> None:
    night = _night(app)
    hands = f"/api/v1/tables/{night['id']}/hands"
    edit = {"Authorization": f"Bearer {night['edit_token']}"}
    app.config["LOSE_AFTER"] = {("POST", hands)}
    saved = app.test_client().post(hands, headers={**edit, "Idempotency-Key": "lost-1"},
                                   json={"picker": "Ann", "partners": ["Cat"], "points": 70})
    assert saved.status_code == 201, saved.get_json()
    app.config["LOSE_AFTER"] = set()
    again = app.test_client().post(hands, headers={**edit, "Idempotency-Key": "lost-1"},
                                   json={"picker": "Ann", "partners": ["Cat"], "points": 70})
    assert again.status_code == 201 and again.get_json()["id"] == saved.get_json()["id"]
    listed = app.test_client().get(hands, headers=edit).get_json()
    assert [hand["id"] for hand in listed] == [saved.get_json()["id"]]
