"""Every refusal of the API carries a machine-readable ``code`` beside its
words, one of those docs/api.md lists (the services' :class:`Code`), decided
by what refused it; and every 412 says what changed in one template.

The walk sends every operation of the contract bad input of every kind (no
token, a wrong one, the share token for a write, an unknown id, parameter or
field, a body that isn't JSON or isn't an object, a bad key, a stale
``If-Match``, a method the path hasn't) and holds every 4xx answer to the
one shape."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.services import Code
from scorekeeper.views.api.contract import EDIT, NONE, OPERATIONS, Operation
from scorekeeper.views.api.schemas import SCHEMAS
from tests.conftest import PLAYERS
from tests.web.api_helpers import API, ApiTable, api_table, assert_error
from tests.web.test_event_table_phone import _api_event

DOCS = Path(__file__).resolve().parents[2] / "docs" / "api.md"
PICK = {"picker": "Ann", "partners": ["Cat"], "points": 75}
#: Inputs every request has besides its path, query and body.
ALWAYS = {"query", "Idempotency-Key", "If-Match", "Content-Type", "version"}


def documented_codes() -> dict[str, str]:
    """docs/api.md's table of codes: code → the status it comes with."""
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("### Error codes"):]
    return dict(re.findall(r"^\| `([a-z_]+)` \| (\d{3}) \|", section, re.M))


def test_docs_list_every_code_and_nothing_else() -> None:
    assert set(documented_codes()) == {str(code) for code in Code}


def test_the_error_schema_names_every_code() -> None:
    assert set(SCHEMAS["Error"]["properties"]["code"]["enum"]) == {str(c) for c in Code}
    assert "code" in SCHEMAS["Error"]["required"]


def _shape(answer: TestResponse, said: str) -> list[str]:
    """What is wrong with a 4xx answer's body (nothing: the one shape)."""
    body = answer.get_json(silent=True)
    if not isinstance(body, dict) or not isinstance(body.get("error"), str) \
            or not body["error"]:
        return [f"{said}: no error words: {answer.get_data()[:120]!r}"]
    codes = documented_codes()
    if body.get("code") not in codes:
        return [f"{said}: code {body.get('code')!r} is not documented"]
    if set(body) - {"error", "code", "field"}:
        return [f"{said}: keys {sorted(body)}"]
    return []


def _inputs(op: Operation) -> set[str]:
    names = set(re.findall(r"\{([^}]+)\}", op.path)) | {p.name for p in op.query} | ALWAYS
    if op.body is not None:
        names |= set(SCHEMAS[op.body]["properties"])
    return names


class World:
    """A table, a group and an event with every token, to fill in any path."""

    def __init__(self, client: FlaskClient) -> None:
        self.table = api_table(client)
        assert self.table.add(PICK).status_code == 201
        made = client.post(f"{API}/groups", json={"name": "Thursday", "players": PLAYERS})
        self.group = made.get_json()
        self.event, drawn = _api_event(client)
        self.session = drawn

    def path(self, op: Operation, missing: bool = False) -> str:
        values = {"table_id": self.table.id, "number": 1, "name": "Ann",
                  "group_id": self.group["id"], "event_id": self.event["id"], "session": 1,
                  "table": 1, "penalty": 1, "director": 1, "alias_id": 1, "key": "side",
                  "job_id": 1, "photo_id": 1}
        if missing:
            values = {k: 999 if isinstance(v, int) else v for k, v in values.items()}
        return API + re.sub(r"\{([^}]+)\}", lambda m: str(values[m[1]]), op.path)

    def tokens(self, op: Operation) -> tuple[str, str]:
        """The edit and view tokens of the operation's owner."""
        if op.path.startswith("/groups"):
            return self.group["edit_token"], self.group["view_token"]
        if op.path.startswith("/events"):
            return self.event["director_token"], self.event["view_token"]
        return self.table.edit_token, self.table.view_token


def _bad_requests(world: World, op: Operation) -> list[tuple[str, dict[str, Any]]]:
    edit, view = world.tokens(op)
    auth = {"Authorization": f"Bearer {edit}"}
    method = op.method.upper()
    path = world.path(op)
    asks: list[tuple[str, dict[str, Any]]] = [
        ("an unknown parameter", {"path": path + "?bogus=1", "headers": auth}),
        ("an unknown id", {"path": world.path(op, missing=True), "headers": auth}),
    ]
    if op.access != NONE:
        asks += [("no token", {"path": path}),
                 ("a wrong token", {"path": path, "headers": {"Authorization": "Bearer nope"}})]
    if op.access == EDIT:
        asks.append(("the share token", {"path": path,
                                          "headers": {"Authorization": f"Bearer {view}"}}))
    if op.writes:
        asks += [
            ("a bad key", {"path": path, "headers": {**auth, "Idempotency-Key": ""},
                           "json": {}}),
            ("text", {"path": path, "headers": auth, "data": "x",
                      "content_type": "text/plain"}),
            ("a list", {"path": path, "headers": auth, "data": "[1]",
                        "content_type": "application/json"}),
            ("broken JSON", {"path": path, "headers": auth, "data": '{"a": 1, "a": 2}',
                             "content_type": "application/json", "sent": {"a"}}),
            ("an unknown field", {"path": path, "headers": auth, "json": {"bogus": 1}}),
            ("an empty object", {"path": path, "headers": auth, "json": {}}),
        ]
    if op.if_match:
        asks.append(("a stale If-Match", {"path": path, "json": {},
                                          "headers": {**auth, "If-Match": '"1"'}}))
    other = "PATCH"
    asks.append(("a method the path hasn't", {"path": path, "headers": auth,
                                               "method": other}))
    return [(said, {"method": method, **ask}) for said, ask in asks]


def test_every_operations_refusals_carry_a_documented_code(client: FlaskClient) -> None:
    world = World(client)
    wrong: list[str] = []
    seen: set[str] = set()
    refused = 0
    for op in OPERATIONS:
        for said, ask in _bad_requests(world, op):
            sent = set(ask.pop("sent", ())) | set(ask.get("json") or {})
            answer = client.open(ask.pop("path"), **ask)
            where = f"{op.method.upper()} {op.path} with {said}: {answer.status_code}"
            if answer.status_code >= 500:
                wrong.append(f"{where}: a server error")
            if not 400 <= answer.status_code < 500:
                continue
            refused += 1
            found = _shape(answer, where)
            wrong += found
            if found:
                continue
            body = answer.get_json()
            seen.add(body["code"])
            if documented_codes()[body["code"]] != str(answer.status_code):
                wrong.append(f"{where}: code {body['code']} with another status")
            field = body.get("field")
            if field is not None and field not in _inputs(op) | sent \
                    and op.body != "Export":
                wrong.append(f"{where}: field {field!r} is no input of the request")
    assert refused > 300
    assert not wrong, "\n".join(wrong)
    assert {"no_token", "bad_token", "forbidden", "not_found", "unknown_field", "bad_json",
            "not_json", "bad_key", "method_not_allowed", "stale"} <= seen


# --- each situation its code ---------------------------------------------------------------

@pytest.fixture()
def table(client: FlaskClient) -> ApiTable:
    made = api_table(client)
    assert made.add(PICK).status_code == 201
    return made


def _code(answer: TestResponse, status: int, code: str, field: str | None = None) -> None:
    assert_error(answer, status, field)
    assert answer.get_json()["code"] == code, answer.get_json()


def test_a_name_that_isnt_a_player_is_unknown_player(table: ApiTable) -> None:
    _code(table.send("POST", "/players/Zed/step-out"), 400, "unknown_player", "name")
    _code(table.send("POST", "/players/Zed/settle"), 400, "unknown_player", "name")
    _code(table.send("POST", "/players", {"name": "Fay", "after": "Zed"}), 400,
          "unknown_player", "after")
    _code(table.send("POST", "/payments", {"payer": "Zed", "payee": "Ann", "cents": 5}), 400,
          "unknown_player", "payer")
    _code(table.get("/settlement?bank=Zed"), 400, "unknown_player", "bank")


def test_a_hand_the_rules_refuse_is_hand_refused(table: ApiTable) -> None:
    _code(table.add({"picker": "Ann", "partners": ["Ann"], "points": 75}), 400, "hand_refused",
          "partners")
    _code(table.add({"picker": "Ann", "partner": ["Cat"], "points": 75}), 400,
          "unknown_field", "partner")


def test_a_closed_night_is_closed(table: ApiTable) -> None:
    assert table.send("POST", "/close").status_code == 200
    _code(table.add(PICK), 409, "closed")
    _code(table.send("POST", "/payments", {"payer": "Bob", "payee": "Ann", "cents": 5}), 409,
          "closed")


def test_a_house_rule_refused_is_option_refused(client: FlaskClient) -> None:
    _code(client.post(f"{API}/tables", json={"name": "Friday", "players": PLAYERS,
                                            "preset": "called-ace",
                                            "options": {"max_cracks": 9}}),
          400, "option_refused", "options.max_cracks")


def test_a_key_used_for_another_request_is_key_reused(table: ApiTable) -> None:
    key = {"Idempotency-Key": "one-key"}
    assert table.send("POST", "/hands", PICK, headers=key).status_code == 201
    _code(table.send("POST", "/hands", {"kind": "misdeal"}, headers=key), 422, "key_reused",
          "Idempotency-Key")


def test_a_body_too_large_is_too_large(table: ApiTable) -> None:
    _code(table.send("POST", "/hands", {"note": "x" * 70_000, "kind": "adjustment"}), 413,
          "too_large")


def test_a_bad_import_is_import_refused(client: FlaskClient) -> None:
    _code(client.post(f"{API}/tables/import", json={"format": "nope"}), 400, "import_refused")


def test_an_events_stages_have_their_codes(client: FlaskClient) -> None:
    made = client.post(f"{API}/events", json={"name": "Oktoberfest", "preset": "called-ace",
                                              "rounds": 1}).get_json()
    director = {"Authorization": f"Bearer {made['director_token']}"}
    base = f"{API}/events/{made['id']}"
    _code(client.post(f"{base}/penalties", headers=director, json={
        "number": 1, "session": 1, "points": 2, "reason": "Peeked"}), 409, "not_drawn")
    made, drawn = _api_event(client)
    director = {"Authorization": f"Bearer {made['director_token']}"}
    base = f"{API}/events/{made['id']}"
    _code(client.post(f"{base}/reopen", headers=director), 409, "not_finished")
    _code(client.post(f"{base}/players", headers=director, json={"name": "player 1"}), 409,
          "conflict")
    _code(client.post(f"{base}/players", headers=director, json={"name": "Playér 1"}), 409,
          "same_name", "same_name_ok")
    table = drawn["tables"][0]
    assert client.post(f"{base}/sessions/1/tables/1/done", headers=director,
                       json={"done": True}).status_code == 200
    phone = {"Authorization": f"Bearer {table['edit_token']}"}
    hand = {"picker": table["players"][0], "partners": [table["players"][1]], "points": 70}
    _code(client.post(f"{API}/tables/{table['night']}/hands", headers=phone, json=hand), 409,
          "table_done")
    assert client.post(f"{base}/finish", headers=director).status_code == 200
    _code(client.post(f"{base}/players", headers=director, json={"name": "Late"}), 409,
          "finished")
    _code(client.post(f"{API}/tables/{table['night']}/hands", headers=director, json=hand),
          409, "finished")


# --- one 412 -------------------------------------------------------------------------------

STALE = re.compile(r"^Meanwhile, .+\. Check it and try again\.$")


@pytest.mark.parametrize(("method", "path", "body"), [
    ("POST", "/hands", PICK), ("PUT", "/hands/1", PICK), ("DELETE", "/hands/1", None),
    ("POST", "/players", {"name": "Fay"}), ("POST", "/players/Bob/step-out", None),
    ("POST", "/players/Bob/settle", None),
    ("POST", "/payments", {"payer": "Bob", "payee": "Ann", "cents": 5})])
def test_every_412_of_a_night_says_what_changed_in_one_template(
        table: ApiTable, method: str, path: str, body: Any) -> None:
    seen = table.get().headers["ETag"]
    assert table.add({"kind": "misdeal"}).status_code == 201
    answer = table.send(method, path, body, headers={"If-Match": seen})
    _code(answer, 412, "stale", "version")
    assert STALE.match(answer.get_json()["error"]), answer.get_json()
    assert "Recorded hand 2" in answer.get_json()["error"]


def test_an_events_412_says_what_changed_in_the_same_template(client: FlaskClient) -> None:
    made, _ = _api_event(client)
    director = {"Authorization": f"Bearer {made['director_token']}"}
    base = f"{API}/events/{made['id']}"
    seen = client.get(base, headers=director).headers["ETag"]
    assert client.post(f"{base}/players", headers=director,
                       json={"name": "Walk In"}).status_code == 201
    answer = client.post(f"{base}/penalties", headers={**director, "If-Match": seen}, json={
        "number": 1, "session": 1, "points": 2, "reason": "Peeked"})
    _code(answer, 412, "stale", "version")
    assert STALE.match(answer.get_json()["error"]) and "Walk In" in answer.get_json()["error"]


@pytest.mark.parametrize(("body", "field"), [
    ({"picker": "Zed", "partners": ["Cat"], "points": 75}, "picker"),
    ({"picker": "Ann", "partners": ["Zed"], "points": 75}, "partners"),
    ({"kind": "leaster", "winner": "Zed"}, "winner"),
    ({**PICK, "dealer": "Zed"}, "dealer"),
    ({"kind": "adjustment", "payouts": {"Zed": 1, "Ann": -1}}, "payouts"),
])
def test_a_name_that_is_no_player_of_the_night_is_an_unknown_player(
        client: FlaskClient, body: dict[str, Any], field: str) -> None:
    """As docs/api.md says: a name in a hand that isn't a player at the table
    is unknown_player, naming the field it was given in (a player sitting
    out is the rules' refusal, hand_refused)."""
    answer = api_table(client).add(body)
    assert_error(answer, 400, field)
    assert answer.get_json() == {"error": "Zed isn't at this table",
                                 "code": Code.UNKNOWN_PLAYER, "field": field}


def test_a_close_on_a_version_the_night_moved_on_from_is_refused(client: FlaskClient) -> None:
    """A client that closes the night on the ETag it last saw is refused (412)
    once a hand it never saw came in, and the night stays open."""
    table = api_table(client)
    seen = client.get(f"{API}/tables/{table.id}", headers=table.auth()).headers["ETag"]
    assert table.add(PICK).status_code == 201
    stale = client.post(f"{API}/tables/{table.id}/close",
                        headers={**table.auth(), "If-Match": seen})
    assert stale.status_code == 412, stale.get_json()
    assert stale.get_json()["code"] == Code.STALE
    fresh = client.get(f"{API}/tables/{table.id}", headers=table.auth())
    assert fresh.get_json()["closed"] is False
    closed = client.post(f"{API}/tables/{table.id}/close",
                         headers={**table.auth(), "If-Match": fresh.headers["ETag"]})
    assert closed.status_code == 200


def test_a_412_names_the_client_that_changed_the_roster_not_another_phone(
        client: FlaskClient) -> None:
    table = api_table(client)
    seen = client.get(f"{API}/tables/{table.id}", headers=table.auth()).headers["ETag"]
    joined = client.post(f"{API}/tables/{table.id}/players", headers=table.auth(),
                         json={"name": "Fay"})
    assert joined.status_code == 201
    stale = client.post(f"{API}/tables/{table.id}/hands",
                        headers={**table.auth(), "If-Match": seen}, json=PICK)
    assert stale.status_code == 412
    said = stale.get_json()["error"]
    assert "Fay joined the table" in said and "another phone" not in said, said
