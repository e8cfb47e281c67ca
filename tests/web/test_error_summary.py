"""Every refused form a screen reader and a keyboard can follow: its page's
title starts "Error: ", a summary at the top links to each field with an
error (in the page's order), and each field error has an id that its control's
aria-describedby names (tests/refusals.py reads the page)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import PLAYERS
from tests.fixtures_app import start_table
from tests.refusals import problems_in, summary_of
from tests.web.test_groups_pages import start_group
from tests.web.test_share import claim_token_on, share_page

NIGHT = {"name": "Friday", "players": PLAYERS, "preset": "called-ace", "stake_cents": "25"}
EVENT = {"name": "Oktoberfest", "preset": "called-ace", "sessions": "2", "rounds": "4",
         "entry": "25", "share": "90", "places": "30, 15", "session_high": "5"}


def refused(response: Any) -> str:
    assert 400 <= response.status_code < 500, response.status_code
    page = response.get_data(as_text=True)
    assert problems_in(page) == []
    return page


def links(page: str) -> list[str]:
    return re.findall(r'<a href="#([^"]+)">', summary_of(page))


@pytest.mark.parametrize(("change", "first"), [
    ({"name": "", "stake_cents": "-5"}, ["name", "stake_cents"]),
    ({"players": ["Ann", "Bob", "L" * 45, "Dan", "Eve"]}, ["player-3"]),
    ({"players": ["Ann", "Bob"]}, ["players"]),
    ({"opt-max_cracks": "9"}, ["opt-max_cracks"]),
])
def test_a_night_started_with_bad_input(client: FlaskClient, change: dict[str, Any],
                                        first: list[str]) -> None:
    page = refused(client.post("/", data={**NIGHT, **change}))
    assert links(page) == first  # one a field, in the form's order


@pytest.mark.parametrize("entries", [
    {"kind": "picked", "points": "61"},  # nobody picked
    {"kind": "picked", "picker": "Bob", "partners": "Cat", "points": "200"},
    {"kind": "picked", "picker": "Bob", "partners": "Cat", "points": "61", "cracks": "x"},
    {"kind": "picked", "picker": "Bob", "partners": "Cat", "points": "61", "blitzes": "1"},
])
def test_the_hand_form_refused(client: FlaskClient, table_id: int,
                               entries: dict[str, str]) -> None:
    page = refused(client.post(f"/t/{table_id}/hand/new", data=entries))
    assert "Not saved" in summary_of(page)


def test_a_group_and_an_event_refused(client: FlaskClient) -> None:
    page = refused(client.post("/g/new", data={"name": "", "players": "Ann",
                                               "preset": "called-ace", "stake_cents": "x"}))
    assert links(page)[:1] == ["name"]
    group_id = start_group(client)
    refused(client.post("/", data={**NIGHT, "group": str(group_id), "played_on": "someday"}))
    page = refused(client.post("/e/new", data={**EVENT, "name": "", "plan_lines": "first: x"}))
    assert links(page)[0] == "name"
    refused(client.post("/e/import", data={"file": (b"", "event.json")}))


def test_settle_and_pay_refused(client: FlaskClient, table_id: int) -> None:
    refused(client.get(f"/t/{table_id}/settle?round=nickels&bank=Zed"))
    page = refused(client.post(f"/t/{table_id}/players/Bob/pay",
                               data={"service": "paypal", "handle": "bob-the-builder"}))
    assert links(page) == ["handle"]
    assert links(refused(client.post(f"/t/{table_id}/players/Bob/pay",
                                     data={"service": "zelle", "handle": "bob"}))) == ["service"]


def test_a_phone_name_refused(app: Flask, client: FlaskClient, table_id: int) -> None:
    client.post(f"/t/{table_id}/share/handover")
    token = claim_token_on(share_page(client, table_id))
    page = refused(app.test_client().post(f"/claim/{token}", data={"label": "x" * 41}))
    assert links(page) == ["label"]


def test_an_event_registration_refused(client: FlaskClient) -> None:
    made = client.post("/e/new", data=EVENT)
    event_id = int(made.headers["Location"].rsplit("/", 1)[1])
    client.post(f"/e/{event_id}/players", data={"entry": "José Álvarez", "checked_in": "1"})
    page = refused(client.post(f"/e/{event_id}/players", data={"entry": "Jose Alvarez"}))
    assert links(page) == ["entry"]


def test_a_page_without_errors_says_none(client: FlaskClient) -> None:
    table_id = start_table(client)
    for path in ("/", f"/t/{table_id}/hand/new", f"/t/{table_id}/settle", "/e/new", "/g/new"):
        page = client.get(path).get_data(as_text=True)
        assert 'class="error-summary"' not in page and "aria-invalid" not in page, path
        assert not html.unescape(re.search(r"<title>([^<]*)", page)[1]).startswith("Error")
