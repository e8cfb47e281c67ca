"""What a request sends, read as docs/api.md says and no other way: numbers in
paths are ASCII digits, a ``from`` past the last hand is an empty window
however far past, one rule for every write's ``Idempotency-Key``, a write
that takes no body takes none (and nothing but JSON), and a refusal's
``field`` names an input the request has."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from scorekeeper.limits import MAX_KEY, UNGUESSABLE_KEY
from scorekeeper.views.api.contract import NONE, OPERATIONS
from tests.conftest import PLAYERS
from tests.web.api_helpers import API, ApiTable, api_table, assert_error
from tests.web.test_event_table_phone import _api_event

PICK = {"picker": "Ann", "partners": ["Cat"], "points": 75}


@pytest.fixture()
def table(client: FlaskClient) -> ApiTable:
    made = api_table(client)
    assert made.add(PICK).status_code == 201
    assert made.add(PICK).status_code == 201
    return made


# --- 7: numbers in paths ---------------------------------------------------------------

@pytest.mark.parametrize("path", ["/tables/１", "/tables/١", "/tables/1/hands/٢",
                                  "/tables/1/hands/²", "/tables/1/hands/0002x"])
def test_a_number_in_a_path_is_ascii_digits_only(table: ApiTable, path: str) -> None:
    assert table.id == 1
    answer = table.client.get(API + path, headers=table.auth())
    assert_error(answer, 404)
    assert answer.get_json()["code"] == "not_found"


def test_ascii_digits_still_reach_their_table_and_hand(table: ApiTable) -> None:
    assert table.client.get(f"{API}/tables/1/hands/2", headers=table.auth()).status_code == 200


def test_a_page_path_takes_ascii_digits_only_too(client: FlaskClient, table: ApiTable) -> None:
    """The converter is the app's, not the API's: a page's path is read the same way."""
    assert client.get("/t/１").status_code == 404


# --- 8: a window past the last hand ------------------------------------------------------

@pytest.mark.parametrize("start", ["3", "2147483648", "999999999999999999"])
def test_from_past_the_last_hand_is_an_empty_list(table: ApiTable, start: str) -> None:
    answer = table.get(f"/hands?from={start}")
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json() == []
    assert answer.headers["X-Total-Count"] == "2"


@pytest.mark.parametrize("start", ["0", "-1", "１", "1e3", "9999999999999999999"])
def test_from_that_is_no_whole_number_from_1_is_refused(table: ApiTable, start: str) -> None:
    assert_error(table.get(f"/hands?from={start}"), 400, "from")


# --- 9: one rule for the Idempotency-Key ----------------------------------------------------

WRITES = [op for op in OPERATIONS if op.writes]


@pytest.mark.parametrize("op", WRITES, ids=[f"{op.method} {op.path}" for op in WRITES])
@pytest.mark.parametrize("key", ["", "k" * (MAX_KEY + 1), "tab\there"])
def test_every_write_refuses_a_key_of_the_wrong_form(client: FlaskClient, op: object,
                                                      key: str) -> None:
    """Whatever the write and whether it would use the key, before anything else."""
    path = re.sub(r"\{[^}]+\}", "1", op.path)  # type: ignore[attr-defined]
    answer = client.open(API + path, method=op.method.upper(),  # type: ignore[attr-defined]
                         headers={"Idempotency-Key": key}, json={})
    assert_error(answer, 400, "Idempotency-Key")
    assert answer.get_json()["code"] == "bad_key"


def test_close_and_hands_take_the_same_keys(table: ApiTable) -> None:
    for path in ("/hands", "/close"):
        for key in ("", "k" * (MAX_KEY + 1)):
            assert_error(table.send("POST", path, PICK if path == "/hands" else {},
                                    headers={"Idempotency-Key": key}), 400, "Idempotency-Key")
    assert table.send("POST", "/close", {}, headers={"Idempotency-Key": "k" * MAX_KEY}
                      ).status_code == 200


def test_a_write_anyone_may_send_needs_an_unguessable_key(client: FlaskClient) -> None:
    anyones = {op.path for op in WRITES if op.access == NONE}
    assert anyones == {"/tables", "/tables/import", "/groups", "/groups/import", "/events",
                       "/events/import"}
    body = {"name": "Friday", "players": PLAYERS, "preset": "called-ace"}
    short = client.post(f"{API}/tables", json=body,
                        headers={"Idempotency-Key": "k" * (UNGUESSABLE_KEY - 1)})
    assert_error(short, 400, "Idempotency-Key")
    assert client.post(f"{API}/tables", json=body, headers={
        "Idempotency-Key": "k" * UNGUESSABLE_KEY}).status_code == 201


# --- 10: a write that takes no body ------------------------------------------------------------

NO_BODY = ["/players/Bob/step-out", "/players/Bob/come-back", "/players/Bob/settle"]


@pytest.mark.parametrize("path", NO_BODY)
def test_a_write_that_takes_no_body_refuses_a_field(table: ApiTable, path: str) -> None:
    before = table.snapshot()
    answer = table.send("POST", path, {"bogus": 1})
    assert_error(answer, 400, "bogus")
    assert answer.get_json()["code"] == "unknown_field"
    assert table.snapshot() == before


@pytest.mark.parametrize("path", NO_BODY)
def test_a_write_that_takes_no_body_refuses_anything_but_json(table: ApiTable,
                                                              path: str) -> None:
    before = table.snapshot()
    answer = table.send("POST", path, data="bogus", content_type="text/plain")
    assert_error(answer, 415)
    assert answer.get_json()["code"] == "not_json"
    assert table.snapshot() == before


@pytest.mark.parametrize("path", NO_BODY)
def test_a_write_that_takes_no_body_takes_none_or_an_empty_object(table: ApiTable,
                                                                  path: str) -> None:
    if path.endswith("come-back"):
        assert table.send("POST", "/players/Bob/step-out").status_code == 200
    assert table.send("POST", path, {}).status_code == 200


def test_deleting_a_hand_takes_no_body(table: ApiTable) -> None:
    assert_error(table.send("DELETE", "/hands/1", {"bogus": 1}), 400, "bogus")
    assert_error(table.send("DELETE", "/hands/1", data="x", content_type="text/plain"), 415)
    assert table.send("DELETE", "/hands/1").status_code == 204


def test_revoking_a_director_takes_no_body(client: FlaskClient) -> None:
    made, _ = _api_event(client)
    auth = {"Authorization": f"Bearer {made['director_token']}"}
    directors = client.get(f"{API}/events/{made['id']}/directors", headers=auth).get_json()
    other = directors["directors"][0]["id"]
    revoke = f"{API}/events/{made['id']}/directors/{other}/revoke"
    assert_error(client.post(revoke, headers=auth, json={"bogus": 1}), 400, "bogus")
    assert_error(client.post(revoke, headers=auth, data="x", content_type="text/plain"), 415)


# --- 11: the field at fault is one the request has -----------------------------------------------

def test_a_joiner_whose_name_is_taken_is_refused_naming_name(table: ApiTable) -> None:
    for taken in ("Bob", "bob", "\u0412ob"):  # the same name, and one that looks just like it
        assert_error(table.send("POST", "/players", {"name": taken}), 400, "name")


@pytest.mark.parametrize(("query", "field"), [
    ("from=2026-13-01", "from"), ("to=yesterday", "to"), ("from=1999-12-31", "from"),
    ("to=2100-01-02", "to")])
def test_a_seasons_bad_date_names_from_or_to(client: FlaskClient, query: str,
                                             field: str) -> None:
    group = client.post(f"{API}/groups", json={"name": "Thursday", "players": PLAYERS}
                        ).get_json()
    auth = {"Authorization": f"Bearer {group['edit_token']}"}
    for path in ("/standings", "/players/Ann"):
        assert_error(client.get(f"{API}/groups/{group['id']}{path}?{query}", headers=auth),
                     400, field)


def test_carry_on_a_night_of_no_group_is_refused_and_a_closed_night_closes_once(
        table: ApiTable) -> None:
    assert_error(table.send("POST", "/close", {"carry": True}), 400, "carry")
    assert table.send("POST", "/close").get_json()["settled"] is None
    # closing it again would change nothing: refused, with why
    again = table.send("POST", "/close", {"carry": False})
    assert_error(again, 409)
    assert again.get_json()["code"] == "closed"
    assert_error(table.send("POST", "/close", {"carry": True}), 409)


@pytest.mark.parametrize("query", ["limit=2&limit=999", "from=1&limit=2&from=3"])
def test_a_query_parameter_given_twice_is_refused_not_taken_at_its_first(
        client: FlaskClient, query: str) -> None:
    table = api_table(client)
    assert table.add(PICK).status_code == 201
    answer = client.get(f"{API}/tables/{table.id}/hands?{query}", headers=table.auth())
    field = "limit" if query.startswith("limit") else "from"
    assert_error(answer, 400, field)
    assert answer.get_json()["error"] == (f"{field} is given more than once: give each "
                                          "parameter once")


def test_a_bad_if_match_on_an_event_speaks_of_the_event(client: FlaskClient) -> None:
    made, _ = _api_event(client)
    answer = client.post(f"{API}/events/{made['id']}/players", json={"name": "Gus"},
                         headers={"Authorization": f"Bearer {made['director_token']}",
                                  "If-Match": "abc"})
    assert_error(answer, 400, "If-Match")
    assert answer.get_json()["error"] == 'If-Match must be the ETag of the event, e.g. "12"'


def test_a_refusal_names_the_field_the_request_sent(client: FlaskClient) -> None:
    """A penalty to a player with no seat names ``number`` (what the body
    sent), a withdrawal past the sessions names ``after``."""
    made, drawn = _api_event(client)
    director = {"Authorization": f"Bearer {made['director_token']}"}
    late = client.post(f"{API}/events/{made['id']}/players", headers=director,
                       json={"name": "Walt", "checked_in": True}).get_json()["players"][0]
    fined = client.post(f"{API}/events/{made['id']}/penalties", headers=director, json={
        "number": late["number"], "session": 1, "points": 2, "reason": "Late"})
    assert_error(fined, 400, "number")
    gone = client.post(f"{API}/events/{made['id']}/players/1/withdraw", headers=director,
                       json={"after": 9})
    assert_error(gone, 400, "after")


def test_every_answer_names_its_request_and_a_replayed_one_says_so(
        client: FlaskClient) -> None:
    table = api_table(client)
    mine = client.get(f"{API}/tables/{table.id}",
                      headers={**table.auth(), "X-Request-Id": "phone-7:req-42"})
    assert mine.headers["X-Request-Id"] == "phone-7:req-42"
    made = client.get(f"{API}/tables/{table.id}", headers={**table.auth(),
                                                           "X-Request-Id": "bad id!"})
    assert re.fullmatch(r"[0-9a-f]{32}", made.headers["X-Request-Id"])
    refused = client.get(f"{API}/tables/999999", headers=table.auth())
    assert refused.status_code == 404 and refused.headers.get("X-Request-Id")
    for answer in (client.get(f"{API}/no-such-path", headers={"X-Request-Id": "r-404"}),
                   client.delete(f"{API}/tables/{table.id}/export",
                                 headers={**table.auth(), "X-Request-Id": "r-405"})):
        said = answer.request.headers["X-Request-Id"]  # no route, no method: named
        assert answer.headers.get("X-Request-Id") == said, (answer.status_code, said)
    assert client.get(f"{API}/no-such-path").status_code == 404
    key = {**table.auth(), "Idempotency-Key": "0123456789abcdef-replay"}
    first = client.post(f"{API}/tables/{table.id}/hands", headers=key, json=PICK)
    again = client.post(f"{API}/tables/{table.id}/hands", headers=key, json=PICK)
    assert first.status_code == again.status_code == 201
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()


def test_a_client_rotates_a_share_link_and_its_own_edit_token(client: FlaskClient) -> None:
    made = client.post(f"{API}/tables", json={"name": "Friday", "players": PLAYERS,
                                              "preset": "called-ace"}).get_json()
    old_edit, old_view = made["edit_token"], made["view_token"]
    path = f"{API}/tables/{made['id']}"

    def auth(token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    view = client.post(f"{path}/rotate", headers=auth(old_edit), json={"token": "view"})
    assert view.status_code == 200 and view.get_json()["token"] == "view"
    assert client.get(path, headers=auth(old_view)).status_code == 401
    assert client.get(path, headers=auth(view.get_json()["value"])).status_code == 200
    edit = client.post(f"{path}/rotate", headers=auth(old_edit), json={"token": "edit"})
    new_edit = edit.get_json()["value"]
    assert edit.status_code == 200 and new_edit != old_edit
    assert client.post(f"{path}/hands", headers=auth(old_edit), json=PICK).status_code == 401
    assert client.post(f"{path}/hands", headers=auth(new_edit), json=PICK).status_code == 201
    shared = client.post(f"{path}/rotate", headers=auth(view.get_json()["value"]),
                         json={"token": "view"})
    assert shared.status_code == 403
    assert_error(client.post(f"{path}/rotate", headers=auth(new_edit),
                             json={"token": "both"}), 400, "token")
    group = client.post(f"{API}/groups", json={"name": "Thursday", "players": PLAYERS}
                        ).get_json()
    rotated = client.post(f"{API}/groups/{group['id']}/rotate",
                          headers=auth(group["edit_token"]), json={"token": "view"})
    assert rotated.status_code == 200
    assert client.get(f"{API}/groups/{group['id']}",
                      headers=auth(group["view_token"])).status_code == 401


def test_a_house_rule_refused_is_named_by_its_dotted_path(client: FlaskClient) -> None:
    answer = client.post(f"{API}/tables", json={"name": "Friday", "players": PLAYERS,
                                                "preset": "called-ace",
                                                "options": {"max_cracks": 99}})
    assert_error(answer, 400, "options.max_cracks")
    assert answer.get_json()["code"] == "option_refused"
