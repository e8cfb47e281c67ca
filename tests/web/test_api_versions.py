"""The JSON API for several clients: every answer about a table carries its
version as an ETag, If-Match makes a write conditional (412, nothing
changed), Idempotency-Key makes a POST safe to retry, and hands carry ids."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.web.api_helpers import API, api_table, assert_error

WIN = {"picker": "Bob", "partners": ["Cat"], "points": 75}
LOSS = {"picker": "Dan", "partners": ["Eve"], "points": 40}


def etag(response: object) -> str:
    tag = response.headers.get("ETag")  # type: ignore[attr-defined]
    assert tag and tag.startswith('"') and tag.strip('"').isdigit(), tag
    return str(tag)


def test_every_answer_about_a_table_carries_its_version(client: FlaskClient) -> None:
    table = api_table(client)
    tags = {path: etag(table.get(path)) for path in
            ("", "/hands", "/standings", "/settlement", "/export")}
    assert len(set(tags.values())) == 1
    added = table.add(WIN)
    assert etag(added) != tags[""] and etag(table.get("/standings")) == etag(added)
    assert added.get_json()["id"] == table.get("/hands/1").get_json()["id"]


def test_a_write_with_a_stale_if_match_is_refused_and_changes_nothing(
        client: FlaskClient) -> None:
    table = api_table(client)
    table.add(WIN)
    seen = etag(table.get())
    table.add(LOSS)  # another client, meanwhile
    before = table.snapshot()
    for method, path, body in (("PUT", "/hands/1", LOSS), ("DELETE", "/hands/1", None),
                               ("POST", "/hands", WIN), ("POST", "/hands?before=1", WIN)):
        response = table.send(method, path, body, headers={"If-Match": seen})
        assert_error(response, 412)
        assert "Recorded hand 2" in response.get_json()["error"]
        assert table.snapshot() == before


def test_a_write_with_the_current_if_match_goes_through(client: FlaskClient) -> None:
    table = api_table(client)
    table.add(WIN)
    current = etag(table.get("/hands"))
    response = table.send("PUT", "/hands/1", LOSS, headers={"If-Match": current})
    assert response.status_code == 200 and etag(response) != current
    star = table.send("DELETE", "/hands/1", headers={"If-Match": "*"})
    assert star.status_code == 204
    junk = table.send("POST", "/hands", WIN, headers={"If-Match": '"soon"'})
    assert_error(junk, 400, "If-Match")


def test_hands_keep_their_id_when_earlier_hands_come_and_go(client: FlaskClient) -> None:
    table = api_table(client)
    first, second = (table.add(body).get_json()["id"] for body in (WIN, LOSS))
    table.add({"kind": "leaster", "winner": "Ann"}, before=1)
    assert [h["id"] for h in table.get("/hands").get_json()][1:] == [first, second]
    assert table.send("DELETE", "/hands/2").status_code == 204
    hands = table.get("/hands").get_json()
    assert [(h["id"], h["number"]) for h in hands][1:] == [(second, 2)]
    assert table.get("/hands/2").get_json()["id"] == second


def test_a_retried_post_records_one_hand_and_answers_as_the_first_time(
        client: FlaskClient) -> None:
    table = api_table(client)
    headers = {**table.auth(), "Idempotency-Key": "hand-7f3a"}
    first = table.send("POST", "/hands", WIN, headers=headers)
    again = table.send("POST", "/hands", WIN, headers=headers)
    assert first.status_code == again.status_code == 201
    assert first.get_json() == again.get_json()
    assert first.headers["Location"] == again.headers["Location"]
    assert len(table.get("/hands").get_json()) == 1
    other = table.send("POST", "/hands", LOSS, headers=headers)
    assert_error(other, 422, "Idempotency-Key")
    assert len(table.get("/hands").get_json()) == 1
    fresh = table.send("POST", "/hands", WIN, headers={"Idempotency-Key": "b"})
    assert fresh.status_code == 201 and len(table.get("/hands").get_json()) == 2


def test_a_retried_table_creation_makes_one_table(client: FlaskClient) -> None:
    body = {"name": "Friday", "players": ["Ann", "Bob", "Cat", "Dan", "Eve"],
            "preset": "called-ace"}
    headers = {"Idempotency-Key": "start-1-8d1c0c9e-4b"}
    first = client.post(f"{API}/tables", json=body, headers=headers)
    again = client.post(f"{API}/tables", json=body, headers=headers)
    assert first.status_code == again.status_code == 201
    assert first.get_json()["id"] == again.get_json()["id"]
    for answer in (first, again):  # both tokens edit the one table
        token = answer.get_json()["edit_token"]
        response = client.post(f"{API}/tables/{answer.get_json()['id']}/hands", json=WIN,
                               headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == 201
    assert_error(client.post(f"{API}/tables", json={**body, "name": "Saturday"},
                             headers=headers), 422, "Idempotency-Key")
    assert_error(client.post(f"{API}/tables", json=body, headers={"Idempotency-Key": "k1"}),
                 400, "Idempotency-Key")  # a key anyone could guess would hand out tokens
