"""A night of totals (its result came from paper: each player's total, no
hands) on its own pages: the scorekeeper's ledger, settle-up, summary and
exports, the share link's page, fragment and summary, and the API.  Each
stands on the night's totals at its stake, says they came from paper, and
takes no hand: the form and the API refuse one in those words."""

from __future__ import annotations

import csv
import html
import io
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import GameTable, HandRow, db
from scorekeeper.services.nights.paper import TAKES_NO_HANDS
from tests.fixtures_app import words
from tests.web.sheet_helpers import API, auth, group_version

#: One night of a group's paper, as a spreadsheet keeps it (a row a night).
SHEET = "Date,Ann,Bob,Cathy,Dan\n2025-01-13,26,-3,-14,-9\n"
TOTALS = {"Ann": 26, "Bob": -3, "Cathy": -14, "Dan": -9}
STAKE = 25


def text(response: Any) -> str:
    """A page's words as a person reads them (no tags, entities read)."""
    body = re.sub(r"<(script|style).*?</\1>", "", words(response), flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


@pytest.fixture()
def night(app: Flask, client: FlaskClient) -> dict[str, Any]:
    """A group of five with one night of totals of four brought in from a
    sheet; this client runs the group (so it keeps the night's score too)."""
    made = client.post(f"{API}/groups", json={"name": "Thursday",
                                              "players": [*TOTALS, "Eve"],
                                              "preset": "called-ace", "stake_cents": STAKE})
    assert made.status_code == 201, made.get_json()
    group = made.get_json()
    run = auth(group["edit_token"])
    brought = client.post(f"{API}/groups/{group['id']}/import", headers=run, json={
        "sheet": SHEET, "confirm": True, "version": group_version(app, group["id"])})
    assert brought.status_code == 200, brought.get_json()
    table_id = brought.get_json()["nights_made"][0]
    with app.app_context():
        table = db.session.get_one(GameTable, table_id)
        token, version = table.view_token, table.version
    with client.session_transaction() as cookie:
        cookie["groups"] = {str(group["id"]): group["edit_token"]}
    return {"id": table_id, "token": token, "version": version, "group": group, "run": run}


def standings_of(page: str, list_id: str) -> list[str]:
    """The lines of a page's standings list, best first."""
    listed = page.split(f'id="{list_id}"')[1].split("</ol>")[0]
    return [re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", li))).strip()
            for li in re.findall(r"<li[^>]*>(.*?)</li>", listed, re.S)]


def says_its_from_paper(page: str) -> bool:
    return ("A night of totals: the result of Mon Jan 13, 2025 came from paper" in page
            and "It has no hands." in page)


def test_the_ledger_of_a_night_of_totals_is_its_totals_and_offers_no_hand(
        client: FlaskClient, night: dict[str, Any]) -> None:
    page = client.get(f"/t/{night['id']}")
    assert page.status_code == 200
    said = text(page)
    assert says_its_from_paper(said) and "at $0.25 a point" in said
    assert standings_of(words(page), "final-standings") == [
        "Ann +26 $6.50", "Bob −3 −$0.75", "Dan −9 −$2.25", "Cathy −14 −$3.50"]
    assert "No hands yet" not in said and "Next dealer" not in said
    assert f"/t/{night['id']}/hand/new" not in page.text and 'id="record-next"' not in page.text


def test_a_hand_cant_be_added_to_a_night_of_totals_by_the_form(
        app: Flask, client: FlaskClient, night: dict[str, Any]) -> None:
    form = client.get(f"/t/{night['id']}/hand/new")
    assert form.status_code == 409 and TAKES_NO_HANDS in text(form)
    assert 'id="hand-form"' not in form.text
    sent = client.post(f"/t/{night['id']}/hand/new", data={
        "kind": "picked", "picker": "Ann", "partner": "Bob", "points": "75",
        "version": str(night["version"])})
    assert sent.status_code == 409 and TAKES_NO_HANDS in text(sent)
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(HandRow)) == 0
        assert db.session.get_one(GameTable, night["id"]).version == night["version"]


def test_a_hand_cant_be_added_to_a_night_of_totals_through_the_api(
        app: Flask, client: FlaskClient, night: dict[str, Any]) -> None:
    base = f"{API}/tables/{night['id']}"
    for method, path, body in (
            ("post", "/hands", {"picker": "Ann", "partners": ["Bob"], "points": 75}),
            ("put", "/hands/1", {"picker": "Ann", "partners": ["Bob"], "points": 75}),
            ("delete", "/hands/1", None),
            ("post", "/players", {"name": "Eve"})):
        answer = getattr(client, method)(base + path, headers=night["run"], json=body)
        assert answer.status_code == 409, (path, answer.get_json())
        assert answer.get_json() == {"error": TAKES_NO_HANDS, "code": "closed"}
    assert client.get(f"{base}/hands", headers=night["run"]).get_json() == []
    with app.app_context():
        assert db.session.get_one(GameTable, night["id"]).version == night["version"]


def test_an_open_night_of_totals_still_takes_no_hand(
        app: Flask, client: FlaskClient, night: dict[str, Any]) -> None:
    """A night of totals is made closed; one found open (a row from before
    that was checked) is refused a hand all the same."""
    with app.app_context():
        db.session.get_one(GameTable, night["id"]).closed_at = None
        db.session.commit()
    answer = client.post(f"{API}/tables/{night['id']}/hands", headers=night["run"],
                         json={"picker": "Ann", "partners": ["Bob"], "points": 75})
    assert answer.status_code == 409 and answer.get_json()["error"] == TAKES_NO_HANDS
    page = client.get(f"/t/{night['id']}")
    assert says_its_from_paper(text(page)) and 'id="record-next"' not in page.text


def test_settle_up_of_a_night_of_totals_pays_its_totals(
        client: FlaskClient, night: dict[str, Any]) -> None:
    settled = client.get(f"{API}/tables/{night['id']}/settlement", headers=night["run"])
    transfers = settled.get_json()["transfers"]
    moved = dict.fromkeys(TOTALS, 0)
    for t in transfers:
        assert isinstance(t["cents"], int) and t["cents"] > 0
        moved[t["from"]] -= t["cents"]
        moved[t["to"]] += t["cents"]
    assert moved == {name: points * STAKE for name, points in TOTALS.items()}
    assert sum(moved.values()) == 0
    page = client.get(f"/t/{night['id']}/settle")
    said = text(page)
    assert page.status_code == 200 and says_its_from_paper(said)
    assert "Cathy pays Ann $3.50" in said and "Dan pays Ann $2.25" in said
    assert "Bob pays Ann $0.75" in said and "This night is closed" not in said


def test_the_summary_of_a_night_of_totals_is_its_totals_on_its_date(
        client: FlaskClient, night: dict[str, Any]) -> None:
    for path in (f"/t/{night['id']}/summary", f"/s/{night['token']}/summary"):
        page = client.get(path)
        said = text(page)
        assert page.status_code == 200 and says_its_from_paper(said), path
        assert "Mon 13 Jan 2025 · night totals · $0.25 a point · closed" in said
        assert standings_of(words(page), "final-standings")[0] == "Ann +26 $6.50"
        assert "Cathy pays Ann $3.50" in said
        assert "Player by player" not in said and "hands played" not in said


def test_the_share_link_of_a_night_of_totals_shows_its_totals_and_only_reads(
        client: FlaskClient, night: dict[str, Any]) -> None:
    viewer = client.application.test_client()
    for path in (f"/s/{night['token']}", f"/s/{night['token']}/live"):
        page = viewer.get(path)
        said = text(page)
        assert page.status_code == 200 and says_its_from_paper(said), path
        assert standings_of(words(page), "standings") == [
            "1 Ann +26 $6.50", "2 Bob −3 −$0.75", "3 Dan −9 −$2.25", "4 Cathy −14 −$3.50"]
        assert "Last hands" not in said and "Running balance" not in said
        assert "No hands yet" not in said and "<form" not in page.text
        assert f"/s/{night['token']}/summary" in page.text
    assert "as hands are saved" not in text(viewer.get(f"/s/{night['token']}"))
    refused = viewer.post(f"{API}/tables/{night['id']}/hands",
                          headers=auth(night["token"]), json={"picker": "Ann"})
    assert refused.status_code == 403


def test_the_exports_of_a_night_of_totals_carry_its_totals_and_come_back(
        client: FlaskClient, night: dict[str, Any]) -> None:
    rows = list(csv.reader(io.StringIO(client.get(f"/t/{night['id']}/export.csv").text)))
    assert rows[0] == ["Hand", "Dealer", "What happened", *TOTALS]
    assert rows[1] == ["Total", "", "points: a night of totals, from paper (no hands)",
                       *(str(p) for p in TOTALS.values())]
    assert rows[2][3:] == ["6.50", "-0.75", "-3.50", "-2.25"] and len(rows) == 3
    exported = client.get(f"/t/{night['id']}/export.json").get_json()
    assert exported["totals"] == TOTALS == exported["balances"] and exported["hands"] == []
    again = client.post(f"{API}/tables/import", json=exported,
                        headers={"Idempotency-Key": "a-night-of-totals-01"})
    assert again.status_code == 201, again.get_json()
    made = again.get_json()
    standings = client.get(f"{API}/tables/{made['id']}/standings",
                           headers=auth(made["edit_token"])).get_json()
    assert standings["balances"] == TOTALS and standings["hands"] == 0


@pytest.mark.parametrize(("change", "refusal"), [
    ({"closed": False, "closed_at": None}, "a night of totals is a closed night"),
    ({"balances": dict.fromkeys(TOTALS, 0)}, "the file's balances aren't its totals"),
    ({"totals": {**TOTALS, "Ann": 27}}, "totals must add up to zero"),
])
def test_a_night_of_totals_file_that_doesnt_hold_together_is_refused(
        client: FlaskClient, night: dict[str, Any], change: dict[str, Any],
        refusal: str) -> None:
    exported = client.get(f"/t/{night['id']}/export.json").get_json()
    answer = client.post(f"{API}/tables/import", json={**exported, **change},
                         headers={"Idempotency-Key": "a-night-of-totals-02"})
    assert answer.status_code == 400 and refusal in answer.get_json()["error"]


def test_the_api_answers_a_night_of_totals_with_its_totals(
        client: FlaskClient, night: dict[str, Any]) -> None:
    group = client.get(f"{API}/groups/{night['group']['id']}", headers=night["run"]).get_json()
    listed = group["nights"]
    assert listed == [{"id": night["id"], "name": "Monday night", "played_on": "2025-01-13",
                       "hands": 0, "players": list(TOTALS), "closed": True,
                       "settled": "table", "totals": TOTALS,
                       "totals_cents": {n: p * STAKE for n, p in TOTALS.items()}}]
    base = f"{API}/tables/{night['id']}"
    assert client.get(base, headers=night["run"]).get_json()["totals"] == TOTALS
    standings = client.get(f"{base}/standings", headers=auth(night["token"])).get_json()
    assert standings == {
        "balances": TOTALS, "balances_cents": {n: p * STAKE for n, p in TOTALS.items()},
        "hands": 0, "pending_doublers": 0, "pending_from": [], "next_dealer": None,
        "totals": TOTALS}


def test_a_night_of_hands_is_listed_without_totals(
        client: FlaskClient, night: dict[str, Any]) -> None:
    played = client.post(f"{API}/tables", headers=night["run"], json={
        "group": night["group"]["id"], "played_on": "2025-01-20",
        "players": [*TOTALS, "Eve"]}).get_json()
    assert "id" in played, played
    assert client.post(f"{API}/tables/{played['id']}/hands", headers=auth(played["edit_token"]),
                       json={"picker": "Ann", "partners": ["Bob"], "points": 75}
                       ).status_code == 201
    listed = client.get(f"{API}/groups/{night['group']['id']}",
                        headers=night["run"]).get_json()["nights"]
    assert [("totals" in n, n["hands"]) for n in listed] == [(True, 0), (False, 1)]
    table = client.get(f"{API}/tables/{played['id']}", headers=night["run"]).get_json()
    standings = client.get(f"{API}/tables/{played['id']}/standings",
                           headers=night["run"]).get_json()
    assert "totals" not in table and "totals" not in standings
    assert standings["next_hand"]["number"] == 2
