"""The event's printed pages as the server answers them: a table card says
the address a phone types to claim it, in its shortest working form, and
warns on screen (never on paper) when that address is this machine's own;
a blank ticket has one Total row and its signature at its end; the
standings print a penalty with one real minus. (How they fall on paper:
tests/browser/test_event_print.py.)"""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.views.pages.events.printing import typed_address
from tests.fixtures_app import words
from tests.page_forms import post_form

TWENTY_FOUR = "\n".join(f"Player {n}" for n in range(1, 25))
WARNING = "Phones can't open these cards"


def _drawn(client: FlaskClient) -> int:
    """An event of 24 checked-in players (four tables of six), session 1 drawn."""
    answer = client.post("/e/new", data={
        "name": "Oktoberfest", "preset": "jack-of-diamonds", "played_on": "2025-10-04",
        "sessions": "1", "rounds": "4", "entry": "25", "share": "90",
        "places": "30, 15, 10", "session_high": "5"})
    assert answer.status_code == 302, words(answer)
    event_id = int(answer.headers["Location"].rsplit("/", 1)[1])
    client.post(f"/e/{event_id}/players", data={"pasted": TWENTY_FOUR, "checked_in": "1"})
    drawn = post_form(client, f"/e/{event_id}/sessions/1/draw", {"seed": "7"})
    assert drawn.status_code < 400, words(drawn)  # the page with the codes, or back to it
    return event_id


def _typed(page: str) -> dict[int, str]:
    """Each card's table number and the address it says to type."""
    return {int(number): re.sub(r"<[^>]+>", "", typed) for number, typed in re.findall(
        r'id="card-(\d+)">.*?<span class="address">(.*?)</span>', page, re.S)}


def _codes(page: str) -> dict[int, str]:
    return {int(number): code for number, code in re.findall(
        r'id="card-(\d+)">.*?<code>([^<]+)</code>', page, re.S)}


@pytest.mark.parametrize(("url", "typed"), [
    ("http://192.168.1.20:5000/claim/Ab-9_z", "192.168.1.20:5000/claim/Ab-9_z"),
    ("http://sheep.local/claim/x", "sheep.local/claim/x"),
    ("https://sheep.example/claim/x", "https://sheep.example/claim/x"),
])
def test_an_address_to_type_drops_only_the_http_a_browser_adds_itself(url: str,
                                                                      typed: str) -> None:
    assert typed_address(url) == typed


def test_each_card_says_the_address_its_phone_types_on_the_network(
        app: Flask, client: FlaskClient) -> None:
    app.config["SCOREKEEPER_BASE_URL"] = "http://192.168.1.20:5000/"
    event_id = _drawn(client)
    page = client.post(f"/e/{event_id}/sessions/1/print/cards").text
    codes, typed = _codes(page), _typed(page)
    assert sorted(typed) == [1, 2, 3, 4]
    for number, code in codes.items():
        assert typed[number] == f"192.168.1.20:5000/claim/{code}"
        assert client.get(typed[number].removeprefix("192.168.1.20:5000")).status_code == 200
    assert 'id="loopback"' not in page and WARNING not in page


def test_cards_served_as_this_machine_warn_on_screen_only(app: Flask,
                                                          client: FlaskClient) -> None:
    event_id = _drawn(client)
    page = client.post(f"/e/{event_id}/sessions/1/print/cards").text
    assert _typed(page)[1] == f"localhost/claim/{_codes(page)[1]}"
    note = page.split('<div class="no-print" id="codes-note">', 1)[1].split('<section', 1)[0]
    assert 'id="loopback"' in note and WARNING in note  # inside what paper never shows
    assert "<code>http://localhost</code>" in note and "bash scripts/run.sh" in note
    one = client.post(f"/e/{event_id}/sessions/1/tables/2/code").text
    assert WARNING in one and list(_typed(one)) == [2]


def test_a_blank_ticket_has_one_total_row_and_a_signature_line_for_each_player_at_its_end(
        client: FlaskClient) -> None:
    event_id = _drawn(client)
    page = client.get(f"/e/{event_id}/sessions/1/print/tickets").text
    tickets = re.split(r'<section class="sheet ticket[^"]*"', page)[1:]
    assert len(tickets) == 4 and "<tfoot" not in page  # a footer is printed on every sheet
    for ticket in tickets:
        seated = ticket.split("<thead>")[1].split("</thead>")[0].count("<th>") - 1
        boxes = re.findall(r'<td class="signature" [^>]*aria-label="([^"]+) signs here"', ticket)
        assert ticket.count(">Total <small>") == 1 and len(boxes) == seated >= 5
        assert ticket.index("<td>24</td>") < ticket.index(">Total <") < ticket.index(">Signed<")


def test_the_standings_print_a_penalty_as_the_leaderboard_does(app: Flask,
                                                               client: FlaskClient) -> None:
    event_id = _drawn(client)
    given = post_form(client, f"/e/{event_id}/sessions/1/penalty",
                      {"player": "2", "points": "4", "reason": "Peeked at the blind"})
    assert given.status_code == 302, words(given)
    page = client.get(f"/e/{event_id}/print/standings").text
    row = re.search(r"<tr><td>\d+</td><td>2</td>.*?</tr>", page)
    assert row and '<td class="num pen">−4</td>' in row.group(0)
    assert not re.search(r">-\d|−-|-−", page)
    assert '<div class="keep" id="prizes"><h2>Prizes' in page
