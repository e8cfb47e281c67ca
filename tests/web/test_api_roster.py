"""The roster and early payments through the API: join at a seat, step out,
come back, settle and leave, pay early; If-Match and Idempotency-Key as on
the hand writes; a group's tokens on its nights."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.web.api_helpers import API, ApiTable, api_table, assert_error

HAND = {"picker": "Ann", "partners": ["Cat"], "points": 75}
FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def _players(table: ApiTable) -> list[str]:
    return list(table.get().get_json()["players"])


def test_a_player_joins_at_a_seat_and_is_dealt_in(client: FlaskClient) -> None:
    table = api_table(client)
    answer = table.send("POST", "/players", {"name": "Fay", "after": "Bob"})
    assert answer.status_code == 201, answer.get_json()
    assert "Fay joined" in answer.get_json()["said"]
    assert _players(table) == ["Ann", "Bob", "Fay", "Cat", "Dan", "Eve"]
    assert "Fay" in table.get().get_json()["present"]


def test_a_player_steps_out_and_comes_back_keeping_the_balance(client: FlaskClient) -> None:
    table = api_table(client, players=[*FIVE, "Fay"])
    table.add(HAND)
    before = table.get("/standings").get_json()
    assert table.send("POST", "/players/Fay/step-out").status_code == 200
    assert "Fay" not in table.get().get_json()["present"]
    assert_error(table.send("POST", "/players/Fay/step-out"), 400, "name")
    assert table.send("POST", "/players/Fay/come-back").status_code == 200
    assert "Fay" in table.get().get_json()["present"]
    assert table.get("/standings").get_json()["balances"] == before["balances"]


def test_a_player_settles_and_leaves_and_the_night_counts_it(client: FlaskClient) -> None:
    table = api_table(client, players=[*FIVE, "Fay"])
    table.add({"picker": "Bob", "partners": ["Cat"], "points": 75,
               "seated": ["Bob", "Cat", "Dan", "Eve", "Fay"], "dealer": "Ann"})
    answer = table.send("POST", "/players/Dan/settle")
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["payments"][0]["payer"] == "Dan"
    assert "Dan" not in table.get().get_json()["present"]
    assert table.get("/payments").get_json()[0]["payer"] == "Dan"
    owed = table.get("/settlement").get_json()
    assert all("Dan" not in (t["from"], t["to"]) for t in owed["transfers"]), owed


def test_an_early_payment_is_taken_off_the_settle_up(client: FlaskClient) -> None:
    table = api_table(client, stake_cents=100)
    table.add(HAND)
    paid = table.send("POST", "/payments", {"payer": "Bob", "payee": "Ann", "cents": 100})
    assert paid.status_code == 201, paid.get_json()
    assert table.get("/payments").get_json()[0]["cents"] == 100
    settled = table.get("/settlement").get_json()
    assert all(t["from"] != "Bob" for t in settled["transfers"]), settled


def test_roster_writes_honour_if_match_and_change_nothing_when_stale(
        client: FlaskClient) -> None:
    table = api_table(client)
    old = table.get().headers["ETag"]
    table.add(HAND)
    before = table.snapshot()
    for method, path, body in (("POST", "/players", {"name": "Fay"}),
                               ("POST", "/players/Eve/step-out", None),
                               ("POST", "/payments", {"payer": "Bob", "payee": "Ann",
                                                      "cents": 25})):
        answer = table.send(method, path, body, headers={"If-Match": old})
        assert_error(answer, 412)
    assert table.snapshot() == before


def test_a_retried_join_or_payment_is_carried_out_once(client: FlaskClient) -> None:
    table = api_table(client)
    for _ in range(2):
        answer = table.send("POST", "/players", {"name": "Fay"},
                            headers={"Idempotency-Key": "join-fay"})
        assert answer.status_code == 201
        paid = table.send("POST", "/payments", {"payer": "Bob", "payee": "Ann", "cents": 25},
                          headers={"Idempotency-Key": "pay-1"})
        assert paid.status_code == 201
    assert _players(table).count("Fay") == 1
    assert len(table.get("/payments").get_json()) == 1


def test_the_view_token_cannot_change_the_roster(client: FlaskClient) -> None:
    table = api_table(client)
    before = table.snapshot()
    assert_error(table.send("POST", "/players", {"name": "Fay"}, token=table.view_token), 403)
    assert_error(table.send("POST", "/payments", {"payer": "Bob", "payee": "Ann",
                                                  "cents": 5}, token=table.view_token), 403)
    assert table.snapshot() == before


def test_bad_payments_are_refused_in_words(client: FlaskClient) -> None:
    table = api_table(client)
    for body, field in (({"payer": "Zed", "payee": "Ann", "cents": 5}, "payer"),
                        ({"payer": "Ann", "payee": "Ann", "cents": 5}, "payee"),
                        ({"payer": "Bob", "payee": "Ann", "cents": 0}, "cents"),
                        ({"payer": "Bob", "payee": "Ann", "cents": True}, "cents"),
                        ({"payer": "Bob", "payee": "Ann", "cents": 5, "tip": 1}, "tip")):
        assert_error(table.send("POST", "/payments", body), 400, field)
    assert table.get("/payments").get_json() == []


def test_a_groups_tokens_work_on_its_nights(client: FlaskClient) -> None:
    group = client.post(f"{API}/groups", json={"name": "Fridays"}).get_json()
    edit = {"Authorization": f"Bearer {group['edit_token']}"}
    night = client.post(f"{API}/tables", json={"name": "Friday", "players": FIVE,
                                               "preset": "called-ace", "group": group["id"]},
                        headers=edit).get_json()
    url = f"{API}/tables/{night['id']}"
    assert client.post(f"{url}/hands", json=HAND, headers=edit).status_code == 201
    view = {"Authorization": f"Bearer {group['view_token']}"}
    assert client.get(f"{url}/hands", headers=view).status_code == 200
    assert_error(client.post(f"{url}/hands", json=HAND, headers=view), 403)
    other = client.post(f"{API}/groups", json={"name": "Other"}).get_json()
    assert_error(client.get(url, headers={"Authorization": f"Bearer {other['edit_token']}"}),
                 401)


def test_an_early_payment_says_its_time_the_same_way_when_made_and_when_read(
        client: FlaskClient) -> None:
    table = api_table(client)
    made = table.send("POST", "/payments", {"payer": "Bob", "payee": "Ann", "cents": 25})
    read = table.get("/payments").get_json()[0]
    assert made.get_json()["at"] == read["at"] and read["at"].endswith("+00:00")
