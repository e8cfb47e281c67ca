"""Imports anyone may send are counted per address: past the minute's share
the next is a 429 with Retry-After, in the request's own form, and creates
nothing; another address, or the same one a minute later, is let in."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import GameTable, db
from scorekeeper.views.throttle import MINUTE, Window
from tests.web.api_helpers import API, api_table


def _nights(app: Flask) -> int:
    with app.app_context():
        return len(db.session.scalars(db.select(GameTable.id)).all())


def test_past_a_minutes_share_an_import_is_a_429_and_creates_nothing(
        app: Flask, client: FlaskClient) -> None:
    table = api_table(client)
    exported: Any = table.send("GET", "/export").get_json()
    app.config["IMPORTS_PER_MINUTE"] = 2
    there = {"REMOTE_ADDR": "203.0.113.7"}
    for _ in range(2):
        assert client.post(f"{API}/tables/import", json=exported,
                           environ_base=there).status_code == 201
    before = _nights(app)
    refused = client.post(f"{API}/tables/import", json=exported, environ_base=there)
    assert refused.status_code == 429, refused.get_json()
    assert refused.get_json()["code"] == "too_many"
    assert 1 <= int(refused.headers["Retry-After"]) <= MINUTE
    assert "nothing was created" in refused.get_json()["error"]
    page = client.post("/import", data={"text": "{}"}, environ_base=there)
    assert page.status_code == 429 and "Too many imports" in page.get_data(as_text=True)
    assert page.headers["Retry-After"]
    assert _nights(app) == before
    elsewhere = client.post(f"{API}/tables/import", json=exported,
                            environ_base={"REMOTE_ADDR": "198.51.100.9"})
    assert elsewhere.status_code == 201  # each address counts its own
    assert client.get("/import", environ_base=there).status_code == 200  # the page still opens


def test_an_address_whose_imports_cost_the_minutes_cpu_waits(
        app: Flask, client: FlaskClient) -> None:
    table = api_table(client)
    exported: Any = table.send("GET", "/export").get_json()
    app.config["IMPORT_CPU_PER_MINUTE"] = 1e-9  # the first import spends it all
    there = {"REMOTE_ADDR": "203.0.113.8"}
    assert client.post(f"{API}/tables/import", json=exported,
                       environ_base=there).status_code == 201
    refused = client.post(f"{API}/tables/import", json=exported, environ_base=there)
    assert refused.status_code == 429, refused.get_json()
    assert "seconds of the server's time" in refused.get_json()["error"]


def test_a_minute_later_the_address_is_let_in_again() -> None:
    window = Window()
    for t in (0.0, 1.0):
        wait, ticket = window.wait("a", 2, now=t)
        assert wait == 0 and ticket is not None
        window.charge(ticket, 0.1)
    assert window.wait("a", 2, now=30.0) == (30, None)  # the first counted leaves at 60 s
    assert window.wait("a", 2, now=60.5)[0] == 0
    assert window.wait("b", 2, now=30.0)[0] == 0
    wait, costly = window.wait("c", 5, budget=2.0, now=0.0)
    assert costly is not None
    assert window.wait("c", 5, budget=2.0, now=0.5) == (1, None)  # one at a time
    window.charge(costly, 2.5)  # one costly import: the minute's CPU is spent
    assert window.wait("c", 5, budget=2.0, now=10.0) == (50, None)
    assert window.wait("c", 5, budget=2.0, now=61.0)[0] == 0
    assert window.wait("d", 0, now=0.0)[0] == 0  # a bound of nothing still lets one in


def test_behind_the_proxy_each_client_counts_its_own(app: Flask, client: FlaskClient) -> None:
    table = api_table(client)
    exported: Any = table.send("GET", "/export").get_json()
    app.config["IMPORTS_PER_MINUTE"] = 1
    for far in ("198.51.100.20", "198.51.100.21"):  # as deploy/'s nginx forwards them
        sent = client.post(f"{API}/tables/import", json=exported,
                           environ_base={"REMOTE_ADDR": "127.0.0.1"},
                           headers={"X-Forwarded-For": f"10.0.0.1, {far}"})
        assert sent.status_code == 201, sent.get_json()
    again = client.post(f"{API}/tables/import", json=exported,
                        environ_base={"REMOTE_ADDR": "127.0.0.1"},
                        headers={"X-Forwarded-For": "198.51.100.20"})
    assert again.status_code == 429
