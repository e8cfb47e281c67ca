"""One past each bound of :mod:`scorekeeper.limits` is refused alike on the
form, the JSON API and an import: a 400 that says the bound, and every row
of the database as it was.  (The largest values themselves are stored and
shown in tests/web/test_largest_values.py.)"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import Event, EventPenalty, EventPlayer, db
from scorekeeper.limits import (
    MAX_ADJUSTMENT,
    MAX_ENTRY_CENTS,
    MAX_EVENT_PENALTIES,
    MAX_EVENT_PENALTY,
    MAX_PAYMENT_CENTS,
    MAX_SEED,
    MAX_STAKE_CENTS,
    MAX_TICKET_POINTS,
)
from tests.fixtures_app import start_table
from tests.kept_worlds import kept_world
from tests.page_forms import post_form

API = "/api/v1"
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]
Send = Callable[[FlaskClient, dict[str, Any]], Any]


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def fingerprint(app: Flask) -> list[Any]:
    """Every row of every table, in order: the whole database."""
    with app.app_context():
        rows = [(t.name, [tuple(map(str, row)) for row in db.session.execute(
            sa.select(t).order_by(*t.primary_key)).all()]) for t in db.metadata.sorted_tables]
        db.session.rollback()
        return rows


def _form_event(client: FlaskClient) -> int:
    """An event this client directs (its page session), session 1 drawn."""
    made = client.post("/e/new", data={
        "name": "Fest", "preset": "called-ace", "sessions": "2", "rounds": "1", "entry": "25",
        "share": "90", "places": "30", "session_high": "5"})
    assert made.status_code == 302, made.text
    event_id = int(made.headers["Location"].rsplit("/", 1)[1])
    client.post(f"/e/{event_id}/players", data={"pasted": "\n".join(NAMES), "checked_in": "1"})
    assert post_form(client, f"/e/{event_id}/sessions/1/draw", {"seed": "7"}).status_code == 200
    return event_id


def _api_event(client: FlaskClient) -> dict[str, Any]:
    """An event through the API, session 1 drawn, and its export."""
    made = client.post(f"{API}/events", json={"name": "Fest", "preset": "called-ace",
                                              "sessions": 2, "rounds": 1}).get_json()
    director, base = _auth(made["director_token"]), f"{API}/events/{made['id']}"
    assert client.post(f"{base}/players", headers=director, json={
        "checked_in": True, "players": [{"name": n} for n in NAMES]}).status_code == 201
    drawn = client.post(f"{base}/sessions/1/draw", headers=director, json={"seed": 7})
    made["seated"] = drawn.get_json()["tables"][0]["players"]
    made["export"] = client.get(f"{base}/export", headers=director).get_json()
    return made


@pytest.fixture()
def world(request: pytest.FixtureRequest, app: Flask, client: FlaskClient) -> dict[str, Any]:
    """:func:`_world`, built once per module (:mod:`tests.kept_worlds`)."""
    return kept_world(request, app, client, _world)


def _world(app: Flask, client: FlaskClient) -> dict[str, Any]:
    """A table and an event this client keeps through the pages, a table, a
    group and an event through the API, and the exports of the last three."""
    table = client.post(f"{API}/tables", json={"name": "Api", "players": NAMES,
                                               "preset": "called-ace"}).get_json()
    auth = _auth(table["edit_token"])
    assert client.post(f"{API}/tables/{table['id']}/hands", headers=auth, json={
        "kind": "adjustment", "payouts": {"Ann": MAX_ADJUSTMENT, "Bob": -MAX_ADJUSTMENT},
        "note": "the most"}).status_code == 201
    group = client.post(f"{API}/groups", json={"name": "Thu", "players": NAMES}).get_json()
    return {"page": start_table(client, players=NAMES), "form_event": _form_event(client),
            "table": table["id"], "auth": auth, "group": group["id"],
            "event": _api_event(client),
            "export": client.get(f"{API}/tables/{table['id']}/export", headers=auth).get_json(),
            "group_export": client.get(f"{API}/groups/{group['id']}/export",
                                       headers=_auth(group["edit_token"])).get_json()}


def _ticket(names: list[str], points: int) -> dict[str, int]:
    """A ticket summing to zero: the first name ``points``, the second its opposite."""
    return {n: points if i == 0 else -points if i == 1 else 0 for i, n in enumerate(names)}


def form(path: str, data: dict[str, str] | Callable[[dict[str, Any]], dict[str, str]]) -> Send:
    def send(client: FlaskClient, w: dict[str, Any]) -> Any:
        sent = data(w) if callable(data) else data
        if path.startswith("/e/{"):  # the event's forms name what their page showed
            return post_form(client, path.format(**w), sent)
        return client.post(path.format(**w), data=sent)
    return send


def api(path: str, body: Callable[[dict[str, Any]], Any], token: str = "") -> Send:
    """A POST to the API with the table's token, or the API event's ``token``."""
    def send(client: FlaskClient, w: dict[str, Any]) -> Any:
        headers = _auth(w["event"][token]) if token else w["auth"]
        return client.post(API + path.format(id=w["event"]["id"], **w), json=body(w),
                           headers=headers)
    return send


def imported(kind: str, change: Callable[[dict[str, Any]], None]) -> Send:
    """An import of ``kind`` (tables, groups, events) of an export changed by ``change``."""
    source = {"tables": "export", "groups": "group_export", "events": "event"}[kind]

    def send(client: FlaskClient, w: dict[str, Any]) -> Any:
        data = copy.deepcopy(w[source] if kind != "events" else w[source]["export"])
        change(data)
        return client.post(f"{API}/{kind}/import", json=data)
    return send


def _set(**values: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data.update(values)


def _hand_paying(points: int) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["hands"][0]["payouts"] = {"Ann": points, "Bob": -points}
        data.pop("balances", None)
    return change


def _first_table(**values: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        table = data["draws"][0]["tables"][0]
        names = [p["name"] for p in table["night"]["players"]]
        table.update({k: v(names) if callable(v) else v for k, v in values.items()})
    return change


def _penalty(points: int) -> Callable[[dict[str, Any]], None]:
    return _set(penalties=[{"number": 1, "session": 1, "points": points, "reason": "peeked",
                            "by": None, "at": None}])


def _adjust(points: int) -> dict[str, str]:
    return {"kind": "adjustment", "note": "kings", "adjust-0": str(points),
            "adjust-1": str(-points), "tricks": "some", "count_side": "picking"}


PAST = MAX_TICKET_POINTS + 1
CASES: dict[str, tuple[Send, str]] = {
    # a paper ticket's points (the finding: 9×10^4299 was kept, then every board failed)
    "form: a ticket one point past": (form(
        "/e/{form_event}/sessions/1/tables/1/ticket",
        {"points-0": str(PAST), "points-1": str(-PAST), "points-2": "0", "points-3": "0",
         "points-4": "0"}), f"{MAX_TICKET_POINTS:,}"),
    "form: a ticket one point past, the other way": (form(
        "/e/{form_event}/sessions/1/tables/1/ticket",
        {"points-0": str(-PAST), "points-1": str(PAST), "points-2": "0", "points-3": "0",
         "points-4": "0"}), f"{MAX_TICKET_POINTS:,}"),
    "API: a ticket one point past": (api(
        "/events/{id}/sessions/1/tables/1/ticket",
        lambda w: {"totals": _ticket(w["event"]["seated"], PAST)}, "director_token"),
        f"{MAX_TICKET_POINTS:,}"),
    "API: a ticket of 9×10^4299 points": (api(
        "/events/{id}/sessions/1/tables/1/ticket",
        lambda w: {"totals": _ticket(w["event"]["seated"], -9 * 10**4299)}, "director_token"),
        f"{MAX_TICKET_POINTS:,}"),
    "import: a ticket one point past": (imported("events", _first_table(
        ticket=lambda names: {"totals": _ticket(names, PAST), "by": None, "at": None})),
        f"{MAX_TICKET_POINTS:,}"),
    # a penalty's points
    "form: a penalty one point past": (form(
        "/e/{form_event}/sessions/1/penalty",
        {"player": "1", "points": str(MAX_EVENT_PENALTY + 1), "reason": "peeked"}),
        f"1 to {MAX_EVENT_PENALTY}"),
    "API: a penalty one point past": (api("/events/{id}/penalties", lambda w: {
        "number": 1, "session": 1, "points": MAX_EVENT_PENALTY + 1, "reason": "peeked"},
        "director_token"), f"1 to {MAX_EVENT_PENALTY}"),
    "import: a penalty one point past": (imported("events", _penalty(MAX_EVENT_PENALTY + 1)),
                                         f"1 to {MAX_EVENT_PENALTY}"),
    # a stake
    "form: a table's stake one cent past": (form("/", {
        "name": "Fri", "players": NAMES, "preset": "called-ace",
        "stake_cents": str(MAX_STAKE_CENTS + 1)}), f"at most {MAX_STAKE_CENTS}"),
    "form: a group's stake one cent past": (form("/g/new", {
        "name": "Thu", "players": "Ann\nBob", "preset": "called-ace",
        "stake_cents": str(MAX_STAKE_CENTS + 1)}), f"at most {MAX_STAKE_CENTS}"),
    "API: a table's stake one cent past": (api("/tables", lambda w: {
        "name": "Fri", "players": NAMES, "preset": "called-ace",
        "stake_cents": MAX_STAKE_CENTS + 1}), f"at most {MAX_STAKE_CENTS}"),
    "API: a group's stake one cent past": (api("/groups", lambda w: {
        "name": "Thu", "players": NAMES, "stake_cents": MAX_STAKE_CENTS + 1}),
        f"at most {MAX_STAKE_CENTS}"),
    "import: a night's stake one cent past": (imported(
        "tables", _set(stake_cents=MAX_STAKE_CENTS + 1)), f"at most {MAX_STAKE_CENTS}"),
    "import: a group's stake one cent past": (imported(
        "groups", _set(stake_cents=MAX_STAKE_CENTS + 1)), f"at most {MAX_STAKE_CENTS}"),
    # an entry fee (the form takes whole dollars)
    "form: an entry fee one dollar past": (form("/e/new", {
        "name": "Fest", "preset": "called-ace", "sessions": "2", "rounds": "1",
        "entry": str(MAX_ENTRY_CENTS // 100 + 1), "share": "90", "places": "30",
        "session_high": "5"}), f"${MAX_ENTRY_CENTS // 100:,}"),
    "API: an entry fee one cent past": (api("/events", lambda w: {
        "name": "Fest", "preset": "called-ace", "entry_cents": MAX_ENTRY_CENTS + 1}),
        f"${MAX_ENTRY_CENTS // 100:,}"),
    "import: an entry fee one cent past": (imported(
        "events", _set(entry_cents=MAX_ENTRY_CENTS + 1)), f"${MAX_ENTRY_CENTS // 100:,}"),
    # an early payment
    "API: a payment one cent past": (api("/tables/{table}/payments", lambda w: {
        "payer": "Cat", "payee": "Dan", "cents": MAX_PAYMENT_CENTS + 1}),
        f"{MAX_PAYMENT_CENTS:,}"),
    "import: a payment one cent past": (imported("tables", _set(early_payments=[
        {"payer": "Cat", "payee": "Dan", "cents": MAX_PAYMENT_CENTS + 1,
         "at": "2026-01-08T20:00:00+00:00"}])), f"{MAX_PAYMENT_CENTS:,}"),
    # an other payment's points
    "form: an other payment one point past": (form(
        "/t/{page}/hand/new", _adjust(MAX_ADJUSTMENT + 1)), "whole points"),
    "API: an other payment one point past": (api("/tables/{table}/hands", lambda w: {
        "kind": "adjustment", "payouts": {"Ann": MAX_ADJUSTMENT + 1,
                                          "Bob": -MAX_ADJUSTMENT - 1}, "note": "kings"}),
        f"{MAX_ADJUSTMENT:,}"),
    "import: an other payment one point past": (imported(
        "tables", _hand_paying(MAX_ADJUSTMENT + 1)), f"{MAX_ADJUSTMENT:,}"),
    # a draw's seed
    "form: a seed one past": (form("/e/{form_event}/sessions/1/draw",
                                   {"seed": str(MAX_SEED + 1)}), str(MAX_SEED)),
    "API: a seed one past": (api("/events/{id}/sessions/1/draw",
                                 lambda w: {"seed": MAX_SEED + 1}, "director_token"),
                             str(MAX_SEED)),
    "import: a seed one past": (imported("events", lambda data: data["draws"][0].update(
        seed=MAX_SEED + 1)), str(MAX_SEED)),
}


@pytest.mark.parametrize("case", list(CASES))
def test_one_past_the_bound_is_refused_saying_it_and_nothing_is_kept(
        app: Flask, client: FlaskClient, world: dict[str, Any], case: str) -> None:
    send, said = CASES[case]
    before = fingerprint(app)
    answer = send(client, world)
    assert answer.status_code == 400, (answer.status_code, answer.text[:300])
    text = answer.text if answer.is_json is False else answer.get_json()["error"]
    assert said in text.replace("&#39;", "'").replace("&#36;", "$"), text[:2000]
    assert fingerprint(app) == before


@pytest.mark.parametrize("case", ["form: a ticket one point past", "API: a ticket one point past",
                                  "import: a ticket one point past",
                                  "form: an other payment one point past"])
def test_the_bound_itself_is_taken(app: Flask, client: FlaskClient, world: dict[str, Any],
                                   case: str) -> None:
    """The same requests at the bound are kept (so the refusals above are the bound's)."""
    at = {"form: a ticket one point past": (form(
              "/e/{form_event}/sessions/1/tables/1/ticket",
              {"points-0": str(-MAX_TICKET_POINTS), "points-1": str(MAX_TICKET_POINTS),
               "points-2": "0", "points-3": "0", "points-4": "0"}), 302),
          "API: a ticket one point past": (api(
              "/events/{id}/sessions/1/tables/1/ticket",
              lambda w: {"totals": _ticket(w["event"]["seated"], MAX_TICKET_POINTS)},
              "director_token"), 201),
          "import: a ticket one point past": (imported("events", _first_table(
              ticket=lambda names: {"totals": _ticket(names, MAX_TICKET_POINTS),
                                    "by": None, "at": None})), 201),
          "form: an other payment one point past": (form(
              "/t/{page}/hand/new", _adjust(MAX_ADJUSTMENT)), 302)}[case]
    send, status = at
    assert send(client, world).status_code == status


def test_an_event_keeps_the_most_penalties_and_refuses_one_more_everywhere(
        app: Flask, client: FlaskClient, world: dict[str, Any]) -> None:
    form_event, made = world["form_event"], world["event"]
    with app.app_context():
        for event_id in (form_event, made["id"]):
            who = db.session.scalars(sa.select(EventPlayer.id).filter_by(event_id=event_id)
                                     ).first()
            db.session.add_all(EventPenalty(event_id=event_id, player_id=who, session=1,
                                            points=1, reason="peeked")
                               for _ in range(MAX_EVENT_PENALTIES))
            db.session.get_one(Event, event_id).owner.version += 1
        db.session.commit()
    full = client.get(f"{API}/events/{made['id']}/export",
                      headers=_auth(made["director_token"])).get_json()
    assert len(full["penalties"]) == MAX_EVENT_PENALTIES
    assert client.post(f"{API}/events/import", json=full).status_code == 201
    before = fingerprint(app)
    said = f"{MAX_EVENT_PENALTIES:,}"
    by_form = post_form(client, f"/e/{form_event}/sessions/1/penalty",
                        {"player": "1", "points": "1", "reason": "peeked"})
    assert by_form.status_code == 400 and said in by_form.text
    by_api = client.post(f"{API}/events/{made['id']}/penalties",
                         headers=_auth(made["director_token"]),
                         json={"number": 1, "session": 1, "points": 1, "reason": "peeked"})
    assert by_api.status_code == 400 and said in by_api.get_json()["error"]
    full["penalties"].append(dict(full["penalties"][0]))
    by_import = client.post(f"{API}/events/import", json=full)
    assert by_import.status_code == 400 and said in by_import.get_json()["error"]
    assert fingerprint(app) == before
