"""The largest values the bounds allow, stored at once: a night at the
largest stake whose hands are all the largest other payment, with the
largest early payment; a group carrying such nights; an event of the most
sessions at the largest entry fee, the largest paper ticket in every
session and the most penalties of the most points.  Every public page and
API answer shows them (200, the numbers as stored), each export imports
back to the same, and the sums fit where they are kept and shown."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db import codec
from scorekeeper.db.models import Event, EventPenalty, EventPlayer, GameTable, HandRow, db
from scorekeeper.ledger.money import money, signed
from scorekeeper.limits import (
    MAX_ADJUSTMENT,
    MAX_ENTRY_CENTS,
    MAX_EVENT_PENALTIES,
    MAX_EVENT_PENALTY,
    MAX_EVENT_PLAYERS,
    MAX_HANDS,
    MAX_NIGHTS,
    MAX_PAYMENT_CENTS,
    MAX_SEED,
    MAX_SESSIONS,
    MAX_STAKE_CENTS,
    MAX_TICKET_POINTS,
    NOTE,
)
from scorekeeper.rules import Hand, Kind, Rules, replay

API = "/api/v1"
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]
#: PostgreSQL's ``integer``: the columns that keep stakes, fees, penalties
#: and payments; and the whole numbers a browser's JavaScript keeps exactly.
INT4, JS_EXACT = 2**31, 2**53


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_the_largest_sums_fit_where_they_are_kept_and_shown() -> None:
    # An event's standing: a ticket a session and every penalty on one player.
    assert MAX_SESSIONS * MAX_TICKET_POINTS + MAX_EVENT_PENALTIES * MAX_EVENT_PENALTY < INT4
    # What a column keeps: a stake, an entry fee, a penalty, a payment, a seed.
    assert max(MAX_STAKE_CENTS, MAX_ENTRY_CENTS, MAX_EVENT_PENALTY, MAX_PAYMENT_CENTS,
               MAX_SEED) < INT4
    # An event's pot; a night's money and a group's (shown, never kept).
    assert MAX_EVENT_PLAYERS * MAX_ENTRY_CENTS < INT4
    assert MAX_NIGHTS * MAX_HANDS * MAX_ADJUSTMENT * MAX_STAKE_CENTS < 2**63


# --- a night and a group ---------------------------------------------------------------

def largest_night(app: Flask, client: FlaskClient, hands: int,
                  group: dict[str, Any] | None = None) -> dict[str, Any]:
    """A night at the largest stake (a group's night when ``group`` is given):
    ``hands`` other payments of the most points, Ann paid by Bob, the last
    one through the API, and the largest early payment, Cat to Dan."""
    body: dict[str, Any] = {"name": "Big", "players": NAMES, "preset": "called-ace",
                            "stake_cents": MAX_STAKE_CENTS}
    headers = {}
    if group is not None:
        body = {"players": NAMES, "preset": "called-ace", "group": group["id"],
                "played_on": "2026-01-08", "stake_cents": MAX_STAKE_CENTS}
        headers = _auth(group["edit_token"])
    made = client.post(f"{API}/tables", json=body, headers=headers)
    assert made.status_code == 201, made.get_json()
    night = made.get_json()
    paid = (("Ann", MAX_ADJUSTMENT), ("Bob", -MAX_ADJUSTMENT))
    with app.app_context():
        table = db.session.get_one(GameTable, night["id"])
        kept = replay(Rules.from_dict(table.rules), NAMES, [
            Hand(kind=Kind.ADJUSTMENT, payouts=paid, note="n" * NOTE, present=tuple(NAMES))
            for _ in range(hands - 1)])
        db.session.add_all(HandRow(table_id=table.id, position=r.number,
                                   data=codec.encode(r.hand)) for r in kept.results)
        table.owner.version += 1
        db.session.commit()
    auth = _auth(night["edit_token"])
    last = client.post(f"{API}/tables/{night['id']}/hands", headers=auth, json={
        "kind": "adjustment", "payouts": dict(paid), "note": "n" * NOTE})
    assert last.status_code == 201, last.get_json()
    early = client.post(f"{API}/tables/{night['id']}/payments", headers=auth, json={
        "payer": "Cat", "payee": "Dan", "cents": MAX_PAYMENT_CENTS})
    assert early.status_code == 201, early.get_json()
    return night


@pytest.mark.parametrize("hands", [3, pytest.param(MAX_HANDS, marks=pytest.mark.slow)])
def test_a_night_of_the_largest_stake_and_payments_shows_and_comes_back(
        app: Flask, client: FlaskClient, hands: int) -> None:
    night = largest_night(app, client, hands)
    points = hands * MAX_ADJUSTMENT
    cents = points * MAX_STAKE_CENTS
    view, auth = night["view_token"], _auth(night["edit_token"])
    for path in ("", "/live", "/tv", "/summary"):
        page = client.get(f"/s/{view}{path}")
        assert page.status_code == 200, path
        assert signed(points) in page.text and signed(-points) in page.text, path
    assert money(cents) in client.get(f"/s/{view}/summary").text
    base = f"{API}/tables/{night['id']}"
    standings = client.get(f"{base}/standings", headers=auth).get_json()
    assert standings["balances"] == {"Ann": points, "Bob": -points, "Cat": 0, "Dan": 0,
                                     "Eve": 0}
    assert standings["balances_cents"]["Ann"] == cents
    settled = client.get(f"{base}/settlement", headers=auth)
    assert settled.status_code == 200
    transfers = settled.get_json()["transfers"]
    assert {"from": "Bob", "to": "Ann", "cents": cents} in transfers
    assert settled.get_json()["paid_early"] == [{"from": "Cat", "to": "Dan",
                                                 "cents": MAX_PAYMENT_CENTS}]
    assert client.get(f"{base}/hands", headers=auth).status_code == 200
    export = client.get(f"{base}/export", headers=auth)
    assert export.status_code == 200
    copied = client.post(f"{API}/tables/import", data=export.data,
                         content_type="application/json")
    assert copied.status_code == 201, copied.get_json()
    again = client.get(f"{API}/tables/{copied.get_json()['id']}/standings",
                       headers=_auth(copied.get_json()["edit_token"])).get_json()
    assert again == standings


def test_a_leaver_owed_more_than_a_night_records_is_refused_and_nothing_moves(
        app: Flask, client: FlaskClient) -> None:
    night = largest_night(app, client, 3)
    auth = _auth(night["edit_token"])
    before = client.get(f"{API}/tables/{night['id']}/payments", headers=auth).get_json()
    answer = client.post(f"{API}/tables/{night['id']}/players/Ann/settle", headers=auth)
    assert answer.status_code == 400
    assert "settle up with everyone" in answer.get_json()["error"]
    assert client.get(f"{API}/tables/{night['id']}/payments", headers=auth).get_json() \
        == before


def test_a_group_carrying_the_largest_nights_shows_and_comes_back(
        app: Flask, client: FlaskClient, clock: Callable[[datetime], None]) -> None:
    # the group's pages open on this year's season: the nights' year (2026)
    clock(datetime(2026, 11, 26, 18, 0, tzinfo=UTC))
    made = client.post(f"{API}/groups", json={"name": "Regulars", "players": NAMES,
                                             "stake_cents": MAX_STAKE_CENTS})
    assert made.status_code == 201, made.get_json()
    group = made.get_json()
    for _ in range(2):
        night = largest_night(app, client, 3, group)
        closed = client.post(f"{API}/tables/{night['id']}/close", json={"carry": True},
                             headers=_auth(night["edit_token"]))
        assert closed.status_code == 200, closed.get_json()
    points = 2 * 3 * MAX_ADJUSTMENT
    view, auth = group["view_token"], _auth(group["edit_token"])
    for path in ("", "/live", "/players/Ann"):
        page = client.get(f"/gs/{view}{path}")
        assert page.status_code == 200, path
        assert money(points * MAX_STAKE_CENTS) in page.text, path
    base = f"{API}/groups/{group['id']}"
    standings = client.get(f"{base}/standings", headers=auth)
    assert standings.status_code == 200
    assert str(points * MAX_STAKE_CENTS) in standings.text
    settled = client.get(f"{base}/settlement", headers=auth)
    assert settled.status_code == 200
    assert str(points * MAX_STAKE_CENTS) in settled.text
    assert client.get(f"{base}/players/Ann", headers=auth).status_code == 200
    export = client.get(f"{base}/export", headers=auth)
    assert export.status_code == 200
    copied = client.post(f"{API}/groups/import", data=export.data,
                         content_type="application/json")
    assert copied.status_code == 201, copied.get_json()
    body = copied.get_json()
    again = client.get(f"{API}/groups/{body['id']}/standings", headers=_auth(body["edit_token"]))
    assert again.get_json() == standings.get_json()


# --- an event --------------------------------------------------------------------------

def largest_event(app: Flask, client: FlaskClient) -> dict[str, Any]:
    """The most sessions at the largest entry fee, each drawn with the largest
    seed, Ann +MAX_TICKET_POINTS and Bob −MAX_TICKET_POINTS on every ticket,
    and the most penalties an event keeps, each of the most points, all Bob's
    (the last through the API)."""
    made = client.post(f"{API}/events", json={
        "name": "Festival", "preset": "called-ace", "sessions": MAX_SESSIONS, "rounds": 1,
        "entry_cents": MAX_ENTRY_CENTS, "places": [50, 20], "session_high": 1}).get_json()
    director, base = _auth(made["director_token"]), f"{API}/events/{made['id']}"
    assert client.post(f"{base}/players", headers=director, json={
        "checked_in": True, "players": [{"name": n} for n in NAMES]}).status_code == 201
    ticket = {"Ann": MAX_TICKET_POINTS, "Bob": -MAX_TICKET_POINTS, "Cat": 0, "Dan": 0,
              "Eve": 0}
    for session in range(1, MAX_SESSIONS + 1):
        drawn = client.post(f"{base}/sessions/{session}/draw", headers=director,
                            json={"seed": MAX_SEED})
        assert drawn.status_code == 200, drawn.get_json()
        entered = client.post(f"{base}/sessions/{session}/tables/1/ticket", headers=director,
                              json={"totals": ticket})
        assert entered.status_code == 201, entered.get_json()
    with app.app_context():
        bob = db.session.query(EventPlayer).filter_by(event_id=made["id"], name="Bob").one()
        number = bob.number
        db.session.add_all(EventPenalty(
            event_id=made["id"], player_id=bob.id, session=1 + n % MAX_SESSIONS,
            points=MAX_EVENT_PENALTY, reason="Slow play") for n in range(MAX_EVENT_PENALTIES - 1))
        db.session.get_one(Event, made["id"]).owner.version += 1
        db.session.commit()
    last = client.post(f"{base}/penalties", headers=director, json={
        "number": number, "session": MAX_SESSIONS, "points": MAX_EVENT_PENALTY,
        "reason": "Slow play"})
    assert last.status_code == 201, last.get_json()
    return made


def test_an_event_of_the_largest_tickets_and_penalties_shows_and_comes_back(
        app: Flask, client: FlaskClient) -> None:
    made = largest_event(app, client)
    best = MAX_SESSIONS * MAX_TICKET_POINTS
    worst = -best - MAX_EVENT_PENALTIES * MAX_EVENT_PENALTY
    view = made["view_token"]
    for path in ("", "/tv", "/live", "/seat?q=Bob", "/seat?q=Ann", "/live?big=1"):
        page = client.get(f"/e/s/{view}{path}")
        assert page.status_code == 200, path
        assert str(abs(best)) in page.text.replace(",", ""), path
    assert str(-worst) in client.get(f"/e/s/{view}").text.replace(",", "")
    base = f"{API}/events/{made['id']}"
    standings = client.get(f"{base}/standings", headers=_auth(view))
    assert standings.status_code == 200
    players = {p["name"]: p for p in standings.get_json()["players"]}
    assert players["Ann"]["total"] == best and players["Ann"]["rank"] == 1
    assert players["Bob"]["total"] == worst
    assert players["Bob"]["penalties"] == MAX_EVENT_PENALTIES * MAX_EVENT_PENALTY
    assert players["Ann"]["sessions"] == [MAX_TICKET_POINTS] * MAX_SESSIONS
    assert standings.get_json()["pot_cents"] == len(NAMES) * MAX_ENTRY_CENTS
    session = client.get(f"{base}/sessions/{MAX_SESSIONS}", headers=_auth(view))
    assert session.status_code == 200 and session.get_json()["seed"] == MAX_SEED
    export = client.get(f"{base}/export", headers=_auth(made["director_token"]))
    assert export.status_code == 200
    assert len(json.loads(export.data)["penalties"]) == MAX_EVENT_PENALTIES
    copied = client.post(f"{API}/events/import", data=export.data,
                         content_type="application/json")
    assert copied.status_code == 201, copied.get_json()
    again = client.get(f"{API}/events/{copied.get_json()['id']}/standings",
                       headers=_auth(copied.get_json()["view_token"]))
    assert again.get_json() == standings.get_json()
