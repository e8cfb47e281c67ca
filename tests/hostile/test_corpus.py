"""The hostile-input corpus: what an attacker on the same network (or a
broken client) might send, across forms, the JSON API, imports, headers
and query strings.  Every case gets a 4xx with a message saying what is
wrong, and the database is exactly as it was (every row of every table)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import Editor, HandRow, db
from tests.conftest import PLAYERS
from tests.kept_worlds import kept_world

Send = Callable[[FlaskClient, dict[str, Any]], Any]

BIG = "9" * 5000
HAND = {"picker": "Ann", "partners": ["Cat"], "points": 70}


def fingerprint(app: Flask) -> list[Any]:
    """Every row of every table, in order: the whole database."""
    with app.app_context():
        rows = []
        for table in db.metadata.sorted_tables:
            found = db.session.execute(sa.select(table).order_by(*table.primary_key)).all()
            rows.append((table.name, [tuple(str(v) for v in row) for row in found]))
        db.session.rollback()
        return rows


@pytest.fixture()
def night(request: pytest.FixtureRequest, app: Flask, client: FlaskClient) -> dict[str, Any]:
    """:func:`_night`, built once per module (:mod:`tests.kept_worlds`)."""
    return kept_world(request, app, client, _night)


def _night(app: Flask, client: FlaskClient) -> dict[str, Any]:
    """A table with two hands; this client is its scorekeeper (page session and
    API token); its export, for the import cases."""
    made = client.post("/", data={"name": "Friday", "players": PLAYERS,
                                  "preset": "called-ace", "stake_cents": "25"})
    table_id = int(made.headers["Location"].split("/")[2])
    api = client.post("/api/v1/tables", json={"name": "Api", "players": PLAYERS,
                                              "preset": "called-ace"}).get_json()
    auth = {"Authorization": f"Bearer {api['edit_token']}"}
    for body in (HAND, {"picker": "Bob", "partners": ["Dan"], "points": 40}):
        assert client.post(f"/api/v1/tables/{api['id']}/hands", json=body,
                           headers=auth).status_code == 201
    export = client.get(f"/api/v1/tables/{api['id']}/export", headers=auth).get_json()
    assert client.post(f"/t/{table_id}/hand/new", data=HAND_FORM).status_code == 302
    with app.app_context():
        hand_id = db.session.scalar(sa.select(HandRow.id).filter_by(table_id=table_id))
        editor_id = db.session.scalar(sa.select(Editor.id).where(Editor.of("table", table_id)))
    group = client.post("/api/v1/groups", json={"name": "Thu", "players": PLAYERS}).get_json()
    gauth = {"Authorization": f"Bearer {group['edit_token']}"}
    carried = client.post("/api/v1/tables", headers=gauth, json={
        "players": PLAYERS, "preset": "called-ace", "group": group["id"],
        "played_on": "2026-01-08"}).get_json()
    night_auth = {"Authorization": f"Bearer {carried['edit_token']}"}
    assert client.post(f"/api/v1/tables/{carried['id']}/hands", json=HAND,
                       headers=night_auth).status_code == 201
    assert client.post(f"/api/v1/tables/{carried['id']}/close", json={"carry": True},
                       headers=night_auth).status_code == 200
    page_group = client.post("/g/new", data={"name": "Fri", "players": "Ann\nBob",
                                             "preset": "called-ace", "stake_cents": "25"})
    group_export = client.get(f"/api/v1/groups/{group['id']}/export",
                              headers=gauth).get_json()
    return {"page": table_id, "api": api["id"], "auth": auth, "view": api["view_token"],
            "export": export, "hand": hand_id, "page_editor": editor_id,
            "group": group["id"], "gauth": gauth, "gview": group["view_token"],
            "page_group": int(page_group.headers["Location"].split("/")[2]),
            "group_export": group_export}


def api_post(path: str, body: Any, **headers: str) -> Send:
    def send(client: FlaskClient, n: dict[str, Any]) -> Any:
        return client.post("/api/v1" + path.format(**n), json=body,
                           headers={**n["auth"], **headers})
    return send


def api_call(method: str, path: str, body: Any = None, raw: bytes | None = None,
             content_type: str = "application/json", **headers: str) -> Send:
    def send(client: FlaskClient, n: dict[str, Any]) -> Any:
        data = raw if raw is not None else (json.dumps(body) if body is not None else None)
        return client.open("/api/v1" + path.format(**n), method=method, data=data,
                           content_type=content_type, headers={**n["auth"], **headers})
    return send


def as_viewer(method: str, path: str, body: Any = None) -> Send:
    def send(client: FlaskClient, n: dict[str, Any]) -> Any:
        return client.open("/api/v1" + path.format(**n), method=method, json=body,
                           headers={"Authorization": f"Bearer {n['view']}"})
    return send


def group_api(method: str, path: str, body: Any = None, view: bool = False,
              **headers: str) -> Send:
    def send(client: FlaskClient, n: dict[str, Any]) -> Any:
        auth = {"Authorization": f"Bearer {n['gview']}"} if view else n["gauth"]
        return client.open("/api/v1" + path.format(**n), method=method, json=body,
                           headers={**auth, **headers})
    return send


def group_imported(mutate: Callable[[dict[str, Any]], Any]) -> Send:
    def send(client: FlaskClient, n: dict[str, Any]) -> Any:
        data = copy.deepcopy(n["group_export"])
        mutate(data)
        return client.post("/api/v1/groups/import", json=data)
    return send


def imported(mutate: Callable[[dict[str, Any]], Any]) -> Send:
    def send(client: FlaskClient, n: dict[str, Any]) -> Any:
        data = copy.deepcopy(n["export"])
        mutate(data)
        return client.post("/api/v1/tables/import", json=data)
    return send


def form(path: str, data: dict[str, Any]) -> Send:
    def send(client: FlaskClient, n: dict[str, Any]) -> Any:
        filled = {k: str(n[v[1:-1]]) if isinstance(v, str) and v[1:-1] in n
                  and v == "{" + v[1:-1] + "}" else v for k, v in data.items()}
        return client.post(path.format(**n), data=filled)
    return send


def get(path: str, **headers: str) -> Send:
    def send(client: FlaskClient, n: dict[str, Any]) -> Any:
        return client.get(path.format(**n), headers=headers)
    return send


def setter(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d.__setitem__(key, value)


def nested(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def mutate(d: dict[str, Any]) -> None:
        target = d
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value
    return mutate


WHEN = "2026-11-20T20:00:00+00:00"
PAYMENT = {"payer": "Ann", "payee": "Bob", "cents": 100, "at": WHEN}
ENTRY = {"at": WHEN, "action": "add", "hand_number": 1, "summary": "x"}
HAND_FORM = {"kind": "picked", "picker": "Ann", "partners": ["Cat"], "points": "70",
             "tricks": "some", "count_side": "picking", "cracks": "0", "blitzes": "0"}

CASES: dict[str, Send] = {
    # --- groups ----------------------------------------------------------------
    "group: a night whose player looks like a member": lambda c, n: c.post(
        "/api/v1/tables", headers=n["gauth"], json={
            "players": ["\u0410nn", *PLAYERS[1:]], "preset": "called-ace",
            "group": n["group"], "played_on": "2026-01-15"}),
    "group: a night for a group of 30 digits": group_api("POST", "/tables", {
        "players": PLAYERS, "preset": "called-ace", "group": 10**30}),
    "group: a night for a group that is a string": group_api("POST", "/tables", {
        "players": PLAYERS, "preset": "called-ace", "group": "1"}),
    "group: a night with the group's view token": group_api("POST", "/tables", {
        "players": PLAYERS, "preset": "called-ace", "group": "{group}"}, view=True),
    "group: a night dated the 30th of February": group_api("POST", "/tables", {
        "players": PLAYERS, "preset": "called-ace", "played_on": "2026-02-30"}),
    "group: a night dated in Arabic digits": group_api("POST", "/tables", {
        "players": PLAYERS, "preset": "called-ace", "played_on": "٢٠٢٦-٠١-٠١"}),
    "group: a night dated next year": group_api("POST", "/tables", {
        "players": PLAYERS, "preset": "called-ace", "played_on": "2100-01-01"}),
    "group: a name of control characters": group_api("POST", "/groups", {"name": "\x00\x07"}),
    "group: a name of 81 letters": group_api("POST", "/groups", {"name": "x" * 81}),
    "group: players twice the same": group_api("POST", "/groups", {
        "name": "x", "players": ["Ann", "ANN"]}),
    "group: an unknown field": group_api("POST", "/groups", {"name": "x", "colour": 1}),
    "group: season of 5,000 digits": group_api("GET", "/groups/{group}/standings?season="
                                               + BIG),
    "group: from after to": group_api("GET", "/groups/{group}/standings?from=2026-02-01"
                                      "&to=2026-01-01"),
    "group: an unknown query": group_api("GET", "/groups/{group}/standings?year=2026"),
    "group: a player of 5,000 letters": group_api("GET", "/groups/{group}/players/" + "x" * 5000),
    "group: the tab paid with the view token": group_api(
        "POST", "/groups/{group}/settlement/paid", view=True),
    "group: the tab paid for nights not on it": group_api(
        "POST", "/groups/{group}/settlement/paid", {"nights": [999]}),
    "group: the tab paid for night -1": group_api(
        "POST", "/groups/{group}/settlement/paid", {"nights": [-1]}),
    "group: the tab paid with an old field": group_api(
        "POST", "/groups/{group}/settlement/paid", {"version": 0}),
    "group: the export with the view token": group_api("GET", "/groups/{group}/export",
                                                       view=True),
    "group: a group of id 0": group_api("GET", "/groups/0"),
    "group: carry a night of no group": api_call("POST", "/tables/{api}/close",
                                                 {"carry": True}),
    "group: carry that is a string": api_call("POST", "/tables/{api}/close",
                                              {"carry": "yes"}),
    "group import: settled someday": group_imported(
        lambda d: d["nights"][0].__setitem__("settled", "someday")),
    "group import: a night with a bad hand": group_imported(
        lambda d: d["nights"][0]["night"]["hands"][0].__setitem__("points", 500)),
    "group import: nights not a list": group_imported(setter("nights", {"a": 1})),
    "group import: the wrong format": group_imported(setter("format", "other/1")),
    "group import: a night dated in 1999": group_imported(
        lambda d: d["nights"][0].__setitem__("played_on", "1999-12-31")),
    "group import: an open night carried": group_imported(
        lambda d: d["nights"][0]["night"].__setitem__("closed", False)),
    "page: a group's season of a made-up year": get("/g/{page_group}/season?season=20266"),
    "page: a group's season from a bad date": get("/g/{page_group}/season?from=2026-13-01"),
    "page: another group's page": get("/g/{group}"),
    "page: a group's share link that isn't one": get("/gs/" + "x" * 32),
    "page: a group's start page for a group of 30 digits": get("/?group=" + "9" * 30),
    "page: a group's claim code that isn't one": get("/gclaim/" + "x" * 32),
    "form: a group's night dated 2999": form("/", {
        "group": "{page_group}", "name": "Fri", "players": PLAYERS, "preset": "called-ace",
        "stake_cents": "25", "played_on": "2999-01-01"}),
    "form: a group's tab paid with nothing carried": form("/g/{page_group}/settle/paid",
                                                          {"nights": "1"}),
    "form: a group's tab paid for nights of 5,000 digits": form(
        "/g/{page_group}/settle/paid", {"nights": BIG}),
    "form: a group with no name": form("/g/new", {"name": "", "players": "Ann",
                                                   "preset": "called-ace",
                                                   "stake_cents": "25"}),
    # --- the JSON API: hands ------------------------------------------------------
    "before with 5,000 digits": api_post("/tables/{api}/hands?before=" + BIG, HAND),
    "before zero": api_post("/tables/{api}/hands?before=0", HAND),
    "before negative": api_post("/tables/{api}/hands?before=-1", HAND),
    "before not a number": api_post("/tables/{api}/hands?before=two", HAND),
    "before past the end": api_post("/tables/{api}/hands?before=99", HAND),
    "before in Arabic digits": api_post("/tables/{api}/hands?before=١", HAND),
    "hand not an object": api_post("/tables/{api}/hands", [HAND]),
    "hand a string": api_post("/tables/{api}/hands", "picker=Ann"),
    "hand null": api_post("/tables/{api}/hands", None),
    "unknown field": api_post("/tables/{api}/hands", {**HAND, "evil": 1}),
    "points huge": api_post("/tables/{api}/hands", {**HAND, "points": 10**30}),
    "points 121": api_post("/tables/{api}/hands", {**HAND, "points": 121}),
    "points negative": api_post("/tables/{api}/hands", {**HAND, "points": -1}),
    "points a float": api_post("/tables/{api}/hands", {**HAND, "points": 70.5}),
    "points a bool": api_post("/tables/{api}/hands", {**HAND, "points": True}),
    "points a string": api_post("/tables/{api}/hands", {**HAND, "points": "70"}),
    "cracks huge": api_post("/tables/{api}/hands", {**HAND, "cracks": 2**70}),
    "blitzes negative": api_post("/tables/{api}/hands", {**HAND, "blitzes": -1}),
    "kind unknown": api_post("/tables/{api}/hands", {**HAND, "kind": "poker"}),
    "kind a number": api_post("/tables/{api}/hands", {**HAND, "kind": 3}),
    "tricks unknown": api_post("/tables/{api}/hands", {**HAND, "tricks": "most"}),
    "picker a stranger": api_post("/tables/{api}/hands", {**HAND, "picker": "Zed"}),
    "picker a list": api_post("/tables/{api}/hands", {**HAND, "picker": ["Ann"]}),
    "picker with a NUL": api_post("/tables/{api}/hands", {**HAND, "picker": "Ann\x00"}),
    "picker a lone surrogate": api_post("/tables/{api}/hands", {**HAND, "picker": "\ud800"}),
    "picker 10,000 characters": api_post("/tables/{api}/hands", {**HAND, "picker": "A" * 10000}),
    "partners a string": api_post("/tables/{api}/hands", {**HAND, "partners": "Cat"}),
    "partners nested": api_post("/tables/{api}/hands", {**HAND, "partners": [["Cat"]]}),
    "partner is picker": api_post("/tables/{api}/hands", {**HAND, "partners": ["Ann"]}),
    "partners repeated": api_post("/tables/{api}/hands", {**HAND, "partners": ["Cat", "Cat"]}),
    "seated too few": api_post("/tables/{api}/hands", {**HAND, "seated": ["Ann", "Cat"]}),
    "dealer a stranger": api_post("/tables/{api}/hands", {**HAND, "dealer": "Zed"}),
    "winner on a picked hand": api_post("/tables/{api}/hands", {**HAND, "winner": "Bob"}),
    **{f"other payment with a note holding {what}": api_post("/tables/{api}/hands", {
        "kind": "adjustment", "payouts": {"Ann": 5, "Bob": -5}, "note": note})
       for what, note in (("a NUL", "a\x00b"), ("a right-to-left override", "\u202eabc"),
                          ("a bidi isolate", "x\u2066y"), ("a zero-width joiner", "x\u200dy"),
                          ("a variation selector", "kings\ufe0f"))},
    "leaster with no winner": api_post("/tables/{api}/hands", {"kind": "leaster"}),
    "deeply nested body": api_call("POST", "/tables/{api}/hands",
                                   raw=b"[" * 50000 + b"]" * 50000),
    "not JSON": api_call("POST", "/tables/{api}/hands", raw=b"{picker: Ann"),
    "NaN points": api_call("POST", "/tables/{api}/hands", raw=b'{"picker":"Ann","points":NaN}'),
    "invalid UTF-8": api_call("POST", "/tables/{api}/hands", raw=b'{"picker":"\xff\xfe"}'),
    "a lone surrogate in a key": api_call("POST", "/tables/{api}/hands",
                                          raw=b'{"\\ud800":1,"picker":"Ann","points":70}'),
    "a lone surrogate as UTF-8 bytes": api_call("POST", "/tables/{api}/hands",
                                                raw=b'{"picker":"\xed\xa0\x80"}'),
    "form-encoded body": api_call("POST", "/tables/{api}/hands", raw=b"picker=Ann",
                                  content_type="application/x-www-form-urlencoded"),
    "If-Match stale": api_post("/tables/{api}/hands", HAND, **{"If-Match": '"1"'}),
    "If-Match garbage": api_post("/tables/{api}/hands", HAND, **{"If-Match": "zzz"}),
    "If-Match 5,000 digits": api_post("/tables/{api}/hands", HAND, **{"If-Match": f'"{BIG}"'}),
    "Idempotency-Key too long": api_post("/tables/{api}/hands", HAND,
                                         **{"Idempotency-Key": "k" * 500}),
    "Idempotency-Key with controls": api_post("/tables/{api}/hands", HAND,
                                              **{"Idempotency-Key": "key\x01key\x02key"}),
    "replace hand 0": api_call("PUT", "/tables/{api}/hands/0", HAND),
    "replace hand 99": api_call("PUT", "/tables/{api}/hands/99", HAND),
    "replace with nonsense": api_call("PUT", "/tables/{api}/hands/1", {"kind": "poker"}),
    "replace making a later hand impossible": api_call(
        "PUT", "/tables/{api}/hands/1", {"picker": "Ann", "partners": ["Ann"], "points": 70}),
    "delete hand 99": api_call("DELETE", "/tables/{api}/hands/99"),
    "delete a huge hand number": api_call("DELETE", "/tables/{api}/hands/" + BIG),
    "table id huge": api_post("/tables/" + BIG + "/hands", HAND),
    "table id 2^63": api_post(f"/tables/{2**63}/hands", HAND),
    "table id negative": api_post("/tables/-1/hands", HAND),
    "hands window from zero": api_call("GET", "/tables/{api}/hands?from=0"),
    "hands window limit huge": api_call("GET", "/tables/{api}/hands?limit=" + BIG),
    "hands window unknown parameter": api_call("GET", "/tables/{api}/hands?evil=1"),
    "settlement unknown parameter": api_call("GET", "/tables/{api}/settlement?evil=1"),
    "settlement bad rounding": api_call("GET", "/tables/{api}/settlement?round=pennies"),
    "settlement bank a stranger": api_call("GET", "/tables/{api}/settlement?bank=Zed"),
    # --- tokens -------------------------------------------------------------------
    "view token records a hand": as_viewer("POST", "/tables/{api}/hands", HAND),
    "view token deletes a hand": as_viewer("DELETE", "/tables/{api}/hands/1"),
    "view token reads the export": as_viewer("GET", "/tables/{api}/export"),
    "no token": lambda c, n: c.post(f"/api/v1/tables/{n['api']}/hands", json=HAND),
    "a wrong token": lambda c, n: c.post(f"/api/v1/tables/{n['api']}/hands", json=HAND,
                                         headers={"Authorization": "Bearer " + "x" * 32}),
    "a huge token": lambda c, n: c.post(f"/api/v1/tables/{n['api']}/hands", json=HAND,
                                        headers={"Authorization": "Bearer " + "x" * 8000}),
    "basic auth": lambda c, n: c.post(f"/api/v1/tables/{n['api']}/hands", json=HAND,
                                      headers={"Authorization": "Basic QWxhZGRpbjpvcGVu"}),
    # --- the JSON API: tables -----------------------------------------------------
    **{f"table {label}": api_post("/tables", body) for label, body in {
        "with no name": {"players": PLAYERS, "preset": "called-ace"},
        "named 1,000 characters": {"name": "x" * 1000, "players": PLAYERS,
                                   "preset": "called-ace"},
        "named with a control": {"name": "Fri\x07day", "players": PLAYERS,
                                 "preset": "called-ace"},
        "named invisibly": {"name": "\u200b\u200b", "players": PLAYERS,
                            "preset": "called-ace"},
        "with a zero-width twin": {"name": "x", "players": ["Ann", "An\u200bn", "Cat", "Dan",
                                                            "Eve"], "preset": "called-ace"},
        "with NFC and NFD twins": {"name": "x", "players": ["José", "Jose\u0301", "Cat", "Dan",
                                                            "Eve"], "preset": "called-ace"},
        "with a right-to-left override": {"name": "x", "players": ["Ann", "\u202eboB", "Cat",
                                                                   "Dan", "Eve"],
                                          "preset": "called-ace"},
        "with a Hangul filler name": {"name": "x", "players": ["Ann", "\u3164", "Cat", "Dan",
                                                               "Eve"], "preset": "called-ace"},
        "with a variation-selector twin": {"name": "x", "players": ["Ann", "Ann\ufe0f", "Cat",
                                                                    "Dan", "Eve"],
                                           "preset": "called-ace"},
        "with a combining-grapheme-joiner twin": {"name": "x", "players": [
            "Ann", "A\u034fnn", "Cat", "Dan", "Eve"], "preset": "called-ace"},
        "with a tag character": {"name": "x", "players": ["Ann", "Bob\U000e0041", "Cat",
                                                          "Dan", "Eve"], "preset": "called-ace"},
        "with case twins": {"name": "x", "players": ["Ann", "ANN", "Cat", "Dan", "Eve"],
                            "preset": "called-ace"},
        "with a Cyrillic look-alike twin": {"name": "x", "players": [
            "Ann", "\u0410nn", "Cat", "Dan", "Eve"], "preset": "called-ace"},
        "with a joiner outside any emoji": {"name": "x", "players": [
            "Ann", "Bob\u200d", "Cat", "Dan", "Eve"], "preset": "called-ace"},
        "with 13 players": {"name": "x", "players": [f"P{i}" for i in range(13)],
                            "preset": "called-ace"},
        "with too few players": {"name": "x", "players": ["Ann", "Bob"],
                                 "preset": "called-ace"},
        "with players not a list": {"name": "x", "players": "Ann,Bob",
                                    "preset": "called-ace"},
        "with an unknown preset": {"name": "x", "players": PLAYERS, "preset": "poker"},
        "with base 10^4290": {"name": "x", "players": PLAYERS, "preset": "called-ace",
                              "options": {"base": 10**4290}},
        "with base 1001": {"name": "x", "players": PLAYERS, "preset": "called-ace",
                           "options": {"base": 1001}},
        "with a multiplier cap of 2^64": {"name": "x", "players": PLAYERS,
                                          "preset": "called-ace",
                                          "options": {"max_multiplier": 2**64}},
        "with an unknown option": {"name": "x", "players": PLAYERS, "preset": "called-ace",
                                   "options": {"evil": True}},
        "with options not an object": {"name": "x", "players": PLAYERS,
                                       "preset": "called-ace", "options": [1]},
        "with a negative stake": {"name": "x", "players": PLAYERS, "preset": "called-ace",
                                  "stake_cents": -1},
        "with a huge stake": {"name": "x", "players": PLAYERS, "preset": "called-ace",
                              "stake_cents": 10**20},
        "with a float stake": {"name": "x", "players": PLAYERS, "preset": "called-ace",
                               "stake_cents": 2.5},
        "with an unknown field": {"name": "x", "players": PLAYERS, "preset": "called-ace",
                                  "admin": True},
    }.items()},
    # --- imports --------------------------------------------------------------------
    "import as text/plain": lambda c, n: c.post("/api/v1/tables/import",
                                                data=json.dumps(n["export"]),
                                                content_type="text/plain"),
    "import as a form": lambda c, n: c.post("/api/v1/tables/import",
                                            data={"file": json.dumps(n["export"])}),
    "import an audit number of 2^63": imported(
        lambda d: d["audit"].append({**ENTRY, "hand_number": 2**63})),
    "import an audit number of 0": imported(
        lambda d: d["audit"].append({**ENTRY, "hand_number": 0})),
    "import an early payment of 10^20 cents": imported(
        setter("early_payments", [{**PAYMENT, "cents": 10**20}])),
    "import a payment of no cents": imported(setter("early_payments", [{**PAYMENT,
                                                                        "cents": 0}])),
    "import a payment to a stranger": imported(setter("early_payments", [{**PAYMENT,
                                                                          "payee": "Zed"}])),
    "import a payment to oneself": imported(setter("early_payments", [{**PAYMENT,
                                                                       "payee": "Ann"}])),
    "import year 9999 at -14:00": imported(setter("created_at", "9999-12-31T23:59:59-14:00")),
    "import year 1 at +14:00": imported(setter("created_at", "0001-01-01T00:00:00+14:00")),
    "import a payment in year 1": imported(setter("early_payments", [{**PAYMENT,
                                                                      "at": "0001-01-01"}])),
    "import a closing time in 9999": imported(lambda d: d.update(
        closed=True, closed_at="9999-12-31T23:59:59+00:00")),
    "import a non-date": imported(setter("created_at", "yesterday")),
    "import base 10^4290": imported(nested(["rules", "base"], 10**4290)),
    "import base as a string": imported(nested(["rules", "base"], "1")),
    "import a missing rule": imported(lambda d: d["rules"].pop("base")),
    "import an extra rule": imported(nested(["rules", "evil"], 1)),
    "import an unknown format": imported(setter("format", "other/9")),
    "import players with a twin": imported(lambda d: d["players"][1].update(
        name=d["players"][0]["name"].upper())),
    "import a player with a zero-width space": imported(lambda d: d["players"][1].update(
        name="B\u200bob")),
    "import a player with a variation selector": imported(lambda d: d["players"][1].update(
        name="Bob\ufe0f")),
    "import a player who looks like another": imported(lambda d: d.update(json.loads(
        json.dumps(d).replace('"Bob"', '"\\u0410nn"')))),
    "import seats with a gap": imported(lambda d: d["players"][1].update(seat=9)),
    "import hands that don't replay": imported(lambda d: d["hands"][0].update(
        picker="Zed")),
    "import balances that don't match": imported(nested(["balances", "Ann"], 1000)),
    "import hands not a list": imported(setter("hands", {"1": {}})),
    "import a history entry with a NUL": imported(lambda d: d["audit"].append(
        {**ENTRY, "summary": "x\x00y"})),
    "import a history entry with a lone surrogate": imported(lambda d: d["audit"].append(
        {**ENTRY, "action": "edit", "before": {"note": "a"}, "after": {"note": "\ud800"}})),
    "import a history entry with a lone surrogate as a key": imported(
        lambda d: d["audit"].append({**ENTRY, "before": {"\udfff": 1}})),
    "import a lone surrogate sent as UTF-8 bytes": lambda c, n: c.post(
        "/api/v1/tables/import", content_type="application/json",
        data=json.dumps({**n["export"], "audit": [{**ENTRY, "after": {"note": "@"}}]})
        .encode().replace(b"@", b"\xed\xa0\x80")),
    "import history too long an action": imported(lambda d: d["audit"].append(
        {**ENTRY, "action": "a" * 50})),
    "import nested 100,000 deep": lambda c, n: c.post(
        "/api/v1/tables/import", data=b"[" * 100000 + b"]" * 100000,
        content_type="application/json"),
    "import nested 30 deep": lambda c, n: c.post(
        "/api/v1/tables/import", data=json.dumps(
            {"format": "sheepshead-scorekeeper/1", "x": json.loads("[" * 30 + "]" * 30)}),
        content_type="application/json"),
    "import an empty body": lambda c, n: c.post("/api/v1/tables/import", data=b"",
                                                content_type="application/json"),
    "import JSON that is a list": lambda c, n: c.post("/api/v1/tables/import", json=[1, 2]),
    # --- pages and forms ------------------------------------------------------------
    "form: points 5,000 digits": form("/t/{page}/hand/new", {**HAND_FORM, "points": BIG}),
    "form: points negative": form("/t/{page}/hand/new", {**HAND_FORM, "points": "-5"}),
    "form: a stranger picks": form("/t/{page}/hand/new", {**HAND_FORM, "picker": "Zed"}),
    "form: unknown kind": form("/t/{page}/hand/new", {**HAND_FORM, "kind": "poker"}),
    "form: cracks huge": form("/t/{page}/hand/new", {**HAND_FORM, "cracks": BIG}),
    "form: confirm nested 100,000 deep": form("/t/{page}/hand/confirm", {
        "mode": "add", "hand_id": "1", "hand_json": "[" * 100000 + "]" * 100000}),
    "form: confirm with a huge hand id": form("/t/{page}/hand/confirm", {
        "mode": "add", "hand_id": BIG, "hand_json": json.dumps(HAND)}),
    "form: confirm an unknown mode": form("/t/{page}/hand/confirm", {
        "mode": "evil", "hand_id": "1", "hand_json": json.dumps(HAND)}),
    "form: confirm JSON that isn't a hand": form("/t/{page}/hand/confirm", {
        "mode": "add", "hand_id": "1", "hand_json": "[1,2,3]"}),
    "form: start with a zero-width twin": form("/", {
        "name": "x", "players": ["Ann", "An\u200bn", "Cat", "Dan", "Eve"],
        "preset": "called-ace", "stake_cents": "25"}),
    "form: start with a stake of 5,000 digits": form("/", {
        "name": "x", "players": PLAYERS, "preset": "called-ace", "stake_cents": BIG}),
    "form: start with base 5,000 digits": form("/", {
        "name": "x", "players": PLAYERS, "preset": "called-ace", "stake_cents": "25",
        "opt-base": BIG}),
    "form: add an invisible player": form("/t/{page}/players", {"action": "join",
                                                                "name": "\u2800"}),
    "form: start with a variation-selector twin": form("/", {
        "name": "x", "players": ["Ann", "Ann\ufe0f", "Cat", "Dan", "Eve"],
        "preset": "called-ace", "stake_cents": "25"}),
    "form: add a twin with a variation selector": form("/t/{page}/players", {
        "action": "join", "name": "Ann\ufe0f"}),
    "form: add a twin with a combining grapheme joiner": form("/t/{page}/players", {
        "action": "join", "name": "A\u034fnn"}),
    "form: add a look-alike with a Cyrillic letter": form("/t/{page}/players", {
        "action": "join", "name": "\u0410nn"}),
    "form: other payment with a note holding a NUL": form("/t/{page}/hand/new", {
        "kind": "adjustment", "note": "a\x00b", "adjust-0": "5", "adjust-1": "-5"}),
    "form: other payment with a note holding a right-to-left override": form(
        "/t/{page}/hand/new", {"kind": "adjustment", "note": "\u202eabc", "adjust-0": "5",
                               "adjust-1": "-5"}),
    "form: other payment in a box for no player": form("/t/{page}/hand/new", {
        "kind": "adjustment", "note": "kings", "adjust-0": "-5", "adjust-99": "5"}),
    "form: other payment in a box numbered 2^63": form("/t/{page}/hand/new", {
        "kind": "adjustment", "note": "kings", "adjust-0": "-5", f"adjust-{2**63}": "5"}),
    "form: insert before a hand 2^63": form(f"/t/{{page}}/hand/new?before={2**63}", HAND_FORM),
    "form: insert before a hand written 1_0": form("/t/{page}/hand/new?before=1_0", HAND_FORM),
    "form: add a twin by case": form("/t/{page}/players", {"action": "join", "name": "ANN"}),
    "form: a player leaves who isn't here": form("/t/{page}/players", {"action": "leave",
                                                                       "name": "Zed"}),
    **{f"form: {label} with a version {size}": form(path, {**data, "version": str(version)})
       for size, version in (("too large for the database", 2**63),
                             ("too small for the database", -2**63 - 1))
       for label, path, data in (
           ("record", "/t/{page}/hand/new", HAND_FORM),
           ("insert", "/t/{page}/hand/new?before={hand}", HAND_FORM),
           ("edit", "/t/{page}/hand/{hand}/edit", HAND_FORM),
           ("delete", "/t/{page}/hand/{hand}/delete", {}),
           ("confirm", "/t/{page}/hand/confirm", {"mode": "replace", "hand_id": "{hand}",
                                                  "hand_json": json.dumps(HAND)}),
           ("settle and leave", "/t/{page}/settle/leave", {"name": "Bob"}))},
    "form: points written 7_0": form("/t/{page}/hand/new", {**HAND_FORM, "points": "7_0"}),
    "form: points in Arabic-Indic digits": form("/t/{page}/hand/new",
                                                {**HAND_FORM, "points": "\u0667\u0660"}),
    "form: start with a stake in Arabic-Indic digits": form("/", {
        "name": "x", "players": PLAYERS, "preset": "called-ace", "stake_cents": "\u0662\u0665"}),
    "form: start with base in Arabic-Indic digits": form("/", {
        "name": "x", "players": PLAYERS, "preset": "called-ace", "stake_cents": "25",
        "opt-base": "\u0665"}),
    "form: delete a hand 2^63": form(f"/t/{{page}}/hand/{2**63}/delete", {}),
    "form: delete hand 0": form("/t/{page}/hand/0/delete", {}),
    "page: confirm deleting a hand 2^63": get(f"/t/{{page}}/hand/{2**63}/delete"),
    "form: confirm a hand that isn't in the night": form("/t/{page}/hand/confirm", {
        "mode": "replace", "hand_id": "999", "hand_json": json.dumps(HAND)}),
    "form: confirm hand id -1": form("/t/{page}/hand/confirm", {
        "mode": "replace", "hand_id": "-1", "hand_json": json.dumps(HAND)}),
    "form: confirm hand id 2^63": form("/t/{page}/hand/confirm", {
        "mode": "add", "hand_id": str(2**63), "hand_json": json.dumps(HAND)}),
    "form: confirm points 10^30": form("/t/{page}/hand/confirm", {
        "mode": "replace", "hand_id": "{hand}",
        "hand_json": json.dumps({**HAND, "points": 10**30})}),
    "form: confirm a hand the engine refuses": form("/t/{page}/hand/confirm", {
        "mode": "add", "hand_id": "{hand}",
        "hand_json": json.dumps({**HAND, "partners": ["Ann"]})}),
    "form: a stranger settles and leaves": form("/t/{page}/settle/leave", {"name": "Zed"}),
    "form: revoke editor 0": form("/t/{page}/editors/0/revoke", {}),
    "form: revoke the only editor": lambda c, n: c.post(
        f"/t/{n['page']}/editors/{n['page_editor']}/revoke"),
    "form: import as pasted junk": form("/import", {"text": "{\"format\": 1}"}),
    "form: import pasted with a lone surrogate": lambda c, n: c.post("/import", data={
        "text": json.dumps({**n["export"], "audit": [{**ENTRY, "after": {"p": "\ud800"}}]})}),
    "form: import nested deep": form("/import", {"text": "[" * 100000 + "]" * 100000}),
    # --- query strings and headers --------------------------------------------------
    "page: insert before 5,000 digits": get("/t/{page}/hand/new?before=" + BIG),
    "page: edit hand 5,000 digits": get("/t/{page}/hand/" + BIG + "/edit"),
    "page: table 2^63": get(f"/t/{2**63}"),
    "page: ledger from 5,000 digits": get("/t/{page}?from=" + BIG),
    "share link unknown": get("/s/" + "x" * 32),
    "share link 5,000 characters": get("/s/" + "x" * 5000),
    "share link with a NUL": get("/s/abc%00def"),
    "live with a huge If-None-Match": get("/s/{view}/live", **{"If-None-Match": "v" + BIG}),
    "a forged Host": get("/", Host="evil.example"),
    "an 8 KB Host": get("/", Host="a" * 8192),
    "a Host with a path": get("/", Host="localhost/evil"),
    "a Host with a bad port": get("/", Host="localhost:99999"),
    "a forged Host on the API": lambda c, n: c.post("/api/v1/tables", headers={
        "Host": "evil.example"}, json={"name": "x", "players": PLAYERS,
                                       "preset": "called-ace"}),
    "rulings search of 10,000 characters": get("/t/{page}/rulings?q=" + "a" * 10000),
}


#: Cases where answering normally is right: nothing in them can do harm, and
#: the app reads them as the nearest sensible request (they still change nothing).
ANSWERED = {
    "live with a huge If-None-Match": "not our ETag: the whole fragment, as for a new viewer",
    "page: insert before 5,000 digits": "no such hand to insert before: the record form",
    "page: ledger from 5,000 digits": "no such hand: the latest hands",
    "rulings search of 10,000 characters": "a search that finds nothing says so",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_input_gets_a_4xx_with_a_message_and_changes_nothing(
        app: Flask, client: FlaskClient, night: dict[str, Any], name: str,
        caplog: pytest.LogCaptureFixture) -> None:
    before = fingerprint(app)
    answer = CASES[name](client, night)
    expected = (200,) if name in ANSWERED else range(400, 500)
    assert answer.status_code in expected, (answer.status_code, name)
    text = answer.get_data(as_text=True)
    if answer.is_json:
        assert (answer.get_json() or {}).get("error"), text[:300]
    else:
        assert len(text.strip()) > 40, text[:300]  # a page that says something
    assert fingerprint(app) == before
    assert "Traceback" not in caplog.text and "Unhandled error" not in caplog.text


def test_the_corpus_is_wide() -> None:
    assert len(CASES) >= 100
    kinds = {"api": 0, "import": 0, "form": 0, "page": 0, "header": 0}
    for name in CASES:
        key = ("import" if "import" in name else "form" if name.startswith("form:")
               else "page" if name.startswith(("page:", "share", "live", "rulings"))
               else "header" if "Host" in name else "api")
        kinds[key] += 1
    assert all(count >= 5 for count in kinds.values()), kinds
