"""A long night stays small on the wire: the ledger shows the latest hands
and older ones a page at a time, the API lists hands in windows, and the
running-balance chart is thinned to what a phone can draw without losing a
peak or a dip."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.db import codec
from scorekeeper.db.models import GameTable, HandRow, db
from scorekeeper.ledger.chart import COLUMNS, running_chart, thin
from scorekeeper.rules import Hand, Rules, replay
from scorekeeper.services import ServiceError
from scorekeeper.services.nights.window import window
from tests.conftest import PLAYERS
from tests.fixtures_app import start_table


def long_night(app: Flask, table_id: int, hands: int) -> None:
    """``hands`` hands stored as the app stores them (five players, no sit-outs)."""
    with app.app_context():
        table = db.session.get(GameTable, table_id)
        assert table is not None
        made = [Hand(picker=PLAYERS[i % 5], partners=(PLAYERS[(i + 2) % 5],),
                     points=(37 * i) % 121, present=tuple(PLAYERS)) for i in range(hands)]
        night = replay(Rules.from_dict(table.rules), PLAYERS, made)
        db.session.add_all(HandRow(table_id=table_id, position=r.number,
                                   data=codec.encode(r.hand)) for r in night.results)
        table.owner.version += 1
        db.session.commit()


def shown_hands(page: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tbody id="hand-(\d+)"', page)]


def test_the_ledger_shows_the_latest_hands_and_pages_back(app: Flask,
                                                          client: FlaskClient) -> None:
    table_id = start_table(client)
    long_night(app, table_id, 120)
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert shown_hands(page) == list(range(71, 121))
    assert "Hands 71–120 of 120" in page and "Record hand 121" in page
    assert f'href="/t/{table_id}?limit=50&amp;from=21"' in page
    older = client.get(f"/t/{table_id}?from=21").get_data(as_text=True)
    assert shown_hands(older) == list(range(21, 71))
    first = client.get(f"/t/{table_id}?from=1").get_data(as_text=True)
    assert shown_hands(first) == list(range(1, 51)) and "← Hands" not in first
    # the totals are the night's, whichever hands are shown
    totals = re.search(r'id="totals">(.*?)</tr>', first, re.S)
    assert totals and totals.group(1) == re.search(r'id="totals">(.*?)</tr>', page,
                                                   re.S).group(1)  # type: ignore[union-attr]
    assert shown_hands(client.get(f"/t/{table_id}?from=junk").get_data(as_text=True)) \
        == list(range(71, 121))


def test_the_api_lists_hands_in_windows(app: Flask, client: FlaskClient) -> None:
    table_id = start_table(client)
    long_night(app, table_id, 230)
    made = client.post("/api/v1/tables", json={"name": "x", "players": PLAYERS,
                                               "preset": "called-ace"}).get_json()
    with app.app_context():
        token = db.session.get(GameTable, table_id).view_token  # type: ignore[union-attr]
    auth = {"Authorization": f"Bearer {token}"}
    latest = client.get(f"/api/v1/tables/{table_id}/hands", headers=auth)
    assert [h["number"] for h in latest.get_json()] == list(range(131, 231))
    assert latest.headers["X-Total-Count"] == "230"
    assert f'</api/v1/tables/{table_id}/hands?limit=100&from=31>; rel="prev"' \
        in latest.headers["Link"]
    part = client.get(f"/api/v1/tables/{table_id}/hands?from=5&limit=3", headers=auth)
    assert [h["number"] for h in part.get_json()] == [5, 6, 7]
    assert 'rel="next"' in part.headers["Link"] and 'rel="prev"' in part.headers["Link"]
    most = client.get(f"/api/v1/tables/{table_id}/hands?from=1&limit=500", headers=auth)
    assert len(most.get_json()) == 230
    for bad in ("from=0", "limit=-1", "from=x", "limit=" + "9" * 50, "limit=501",
                "limit=100000"):
        answer = client.get(f"/api/v1/tables/{table_id}/hands?{bad}", headers=auth)
        assert answer.status_code == 400 and "error" in answer.get_json(), bad
    empty = client.get(f"/api/v1/tables/{made['id']}/hands",
                       headers={"Authorization": f"Bearer {made['view_token']}"})
    assert empty.get_json() == [] and "Link" not in empty.headers


def test_walking_prev_back_from_any_window_lists_every_hand_once(
        app: Flask, client: FlaskClient) -> None:
    table_id = start_table(client)
    long_night(app, table_id, 230)
    with app.app_context():
        token = db.session.get(GameTable, table_id).view_token  # type: ignore[union-attr]
    auth = {"Authorization": f"Bearer {token}"}
    for start in (f"/api/v1/tables/{table_id}/hands",
                  f"/api/v1/tables/{table_id}/hands?from=30&limit=50"):
        seen: list[int] = []
        url: str | None = start
        while url:
            answer = client.get(url, headers=auth)
            seen = [h["number"] for h in answer.get_json()] + seen
            found = re.search(r'<([^>]+)>; rel="prev"', answer.headers.get("Link", ""))
            url = found.group(1) if found else None
        assert seen == list(range(1, seen[-1] + 1)), start


def test_from_past_the_last_hand_is_an_empty_list(app: Flask, client: FlaskClient) -> None:
    table_id = start_table(client)
    long_night(app, table_id, 12)
    with app.app_context():
        token = db.session.get(GameTable, table_id).view_token  # type: ignore[union-attr]
    answer = client.get(f"/api/v1/tables/{table_id}/hands?from=13",
                        headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200 and answer.get_json() == []
    assert 'rel="next"' not in answer.headers.get("Link", "")


@pytest.mark.parametrize(("total", "first", "expected"), [
    (0, None, (1, 0)), (10, None, (1, 10)), (120, None, (71, 120)), (120, "71", (71, 120)),
    (120, "1", (1, 50)), (120, "200", (120, 120)),
])
def test_windows(total: int, first: str | None, expected: tuple[int, int]) -> None:
    shown = window(total, first)
    assert (shown.first, shown.last) == expected


def test_a_window_refuses_what_is_not_a_hand_number() -> None:
    for bad in ("0", "-3", "1.5", "١٢"):
        with pytest.raises(ServiceError):
            window(10, bad)


@given(st.lists(st.integers(-500, 500), min_size=1, max_size=2000))
def test_thinning_keeps_the_ends_and_every_columns_extremes(values: list[int]) -> None:
    kept = thin(values)
    assert len(kept) <= 2 * COLUMNS + 2
    assert kept[0] == (0, values[0]) and kept[-1] == (len(values) - 1, values[-1])
    assert [i for i, _ in kept] == sorted({i for i, _ in kept})
    assert max(v for _, v in kept) == max(values) and min(v for _, v in kept) == min(values)


def test_the_chart_of_ten_thousand_hands_stays_small() -> None:
    balances = [{"Ann": i % 97 - 40, "Bob": 40 - i % 97} for i in range(10_000)]
    chart = running_chart(["Ann", "Bob"], balances)
    for line in chart.lines:
        assert len(line.points.split()) <= 2 * COLUMNS + 2
    assert chart.hands == 10_000 and chart.high == 56 and chart.low == -56


def test_a_night_holds_at_most_the_hands_an_export_can_carry(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from scorekeeper.services.nights import hands as hand_service
    monkeypatch.setattr(hand_service, "MAX_HANDS", 30)
    table_id = start_table(client)
    long_night(app, table_id, 30)
    with app.app_context():
        token = db.session.get(GameTable, table_id).view_token  # type: ignore[union-attr]
    refused = client.post(f"/t/{table_id}/hand/new", data={
        "kind": "picked", "picker": "Ann", "partners": ["Cat"], "points": "70",
        "tricks": "some", "count_side": "picking", "cracks": "0", "blitzes": "0"})
    assert refused.status_code == 400
    assert "at most 30 hands" in refused.get_data(as_text=True)
    assert client.get(f"/api/v1/tables/{table_id}/hands?limit=500&from=1", headers={
        "Authorization": f"Bearer {token}"}).headers["X-Total-Count"] == "30"


def test_a_table_of_thousands_of_hands_re_imports_its_own_export(
        app: Flask, client: FlaskClient) -> None:
    table_id = start_table(client)
    long_night(app, table_id, 2500)
    exported = client.get(f"/t/{table_id}/export.json")
    assert exported.status_code == 200
    again = client.post("/api/v1/tables/import", data=exported.data,
                        content_type="application/json")
    assert again.status_code == 201, again.get_json()
    auth = {"Authorization": f"Bearer {again.get_json()['edit_token']}"}
    mine = client.get(f"/api/v1/tables/{again.get_json()['id']}/standings", headers=auth)
    with app.app_context():
        token = db.session.get(GameTable, table_id).view_token  # type: ignore[union-attr]
    theirs = client.get(f"/api/v1/tables/{table_id}/standings",
                        headers={"Authorization": f"Bearer {token}"})
    assert mine.get_json()["hands"] == 2500
    assert mine.get_json()["balances"] == theirs.get_json()["balances"]


def test_the_last_round_through_the_form_and_the_api(client: FlaskClient) -> None:
    table_id = start_table(client, last_round_doubled="true")
    form = client.get(f"/t/{table_id}/hand/new").get_data(as_text=True)
    assert 'name="last_round"' in form
    saved = client.post(f"/t/{table_id}/hand/new", data={
        "kind": "picked", "picker": "Ann", "partners": ["Cat"], "points": "75",
        "tricks": "some", "count_side": "picking", "cracks": "0", "blitzes": "0",
        "last_round": "y"})
    assert saved.status_code == 302
    plain = client.post("/api/v1/tables", json={"name": "x", "players": PLAYERS,
                                                "preset": "called-ace"}).get_json()
    refused = client.post(f"/api/v1/tables/{plain['id']}/hands", json={
        "picker": "Ann", "partners": ["Cat"], "points": 75, "last_round": True},
        headers={"Authorization": f"Bearer {plain['edit_token']}"})
    assert refused.status_code == 400
    assert "last_round_doubled" in refused.get_json()["error"]
    assert 'name="last_round"' not in client.get(
        f"/t/{start_table(client)}/hand/new").get_data(as_text=True)


def test_a_second_leaster_winner_through_the_form_and_the_api(client: FlaskClient) -> None:
    table_id = start_table(client, leaster_second_winner="true")
    assert 'name="second_winner"' in client.get(f"/t/{table_id}/hand/new").get_data(
        as_text=True)
    saved = client.post(f"/t/{table_id}/hand/new", data={
        "kind": "leaster", "winner": "Eve", "second_winner": "Ann", "tricks": "some",
        "count_side": "picking", "cracks": "0", "blitzes": "0"})
    assert saved.status_code == 302
    ledger = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "leaster won by <bdi>Eve</bdi>, then <bdi>Ann</bdi>" in ledger
    plain = client.post("/api/v1/tables", json={"name": "x", "players": PLAYERS,
                                                "preset": "called-ace"}).get_json()
    refused = client.post(f"/api/v1/tables/{plain['id']}/hands", json={
        "kind": "leaster", "winner": "Eve", "second_winner": "Ann"},
        headers={"Authorization": f"Bearer {plain['edit_token']}"})
    assert refused.status_code == 400
    assert "leaster_second_winner" in refused.get_json()["error"]


def test_an_other_payment_through_the_form_and_the_api(client: FlaskClient) -> None:
    table_id = start_table(client)
    form = client.get(f"/t/{table_id}/hand/new").get_data(as_text=True)
    assert "Other payment…" in form and 'name="adjust-0"' in form
    data = {"kind": "adjustment", "adjust-0": "4", "adjust-1": "−1", "adjust-2": "-1",
            "adjust-3": "-1", "adjust-4": "-1", "note": "three kings", "tricks": "some",
            "count_side": "picking", "cracks": "0", "blitzes": "0"}
    refused = client.post(f"/t/{table_id}/hand/new", data={**data, "adjust-4": "-2"})
    assert refused.status_code == 400
    assert refused.get_data(as_text=True).count(  # beside its field, and in the summary
        "add up to zero; these add up to -1") == 2
    assert client.post(f"/t/{table_id}/hand/new", data=data).status_code == 302
    ledger = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "other payment: three kings" in ledger
    made = client.post("/api/v1/tables", json={"name": "x", "players": PLAYERS,
                                               "preset": "imsa"}).get_json()
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    saved = client.post(f"/api/v1/tables/{made['id']}/hands", headers=auth, json={
        "kind": "adjustment", "payouts": {"Ann": 2, "Eve": -2}, "note": "a correction"})
    assert saved.status_code == 201, saved.get_json()
    assert saved.get_json()["payouts"]["Ann"] == 2 and saved.get_json()["note"] == "a correction"
    bad = client.post(f"/api/v1/tables/{made['id']}/hands", headers=auth, json={
        "kind": "adjustment", "payouts": {"Ann": 2, "Eve": -1}, "note": "oops"})
    assert bad.status_code == 400 and "add up to zero" in bad.get_json()["error"]


def test_a_schwanzer_through_the_form_and_the_api(client: FlaskClient) -> None:
    table_id = start_table(client, nobody_picks="schwanzer")
    form = client.get(f"/t/{table_id}/hand/new").get_data(as_text=True)
    assert "Schwanzer (all passed)" in form and 'name="losers"' in form
    assert "Leaster" not in form
    saved = client.post(f"/t/{table_id}/hand/new", data={
        "kind": "schwanzer", "losers": ["Ann", "Bob"], "tricks": "some",
        "count_side": "picking", "cracks": "0", "blitzes": "0"})
    assert saved.status_code == 302
    assert "schwanzer: <bdi>Ann</bdi> and <bdi>Bob</bdi> pay" in client.get(
        f"/t/{table_id}").get_data(as_text=True)
    every = client.post(f"/t/{table_id}/hand/new", data={
        "kind": "schwanzer", "losers": PLAYERS, "tricks": "some",
        "count_side": "picking", "cracks": "0", "blitzes": "0"})
    assert every.status_code == 400 and "not every player can lose" in every.get_data(
        as_text=True)


def test_the_start_page_groups_the_house_rules_so_a_table_finds_its_rule(
        client: FlaskClient) -> None:
    from scorekeeper.rules import OPTIONS
    page = client.get("/").get_data(as_text=True)
    titles = re.findall(r"<h4>([^<]+)</h4>", page)
    assert titles[:7] == ["The table", "When everyone passes", "Doublers", "Announcements",
                          "What a hand pays", "How the picking side splits", "Penalties"]
    for option in OPTIONS:
        assert page.count(f'name="opt-{option.key}"') == 1, option.key
    passes = page[page.index("When everyone passes"):page.index("<h4>Doublers")]
    assert 'name="opt-nobody_picks"' in passes and 'name="opt-leaster_second_winner"' in passes


def test_which_hands_make_a_doubler_through_the_form_the_api_and_the_pages(
        client: FlaskClient, app: Flask) -> None:
    # The start page: tick the hands; the Rules tab says them in words; a 60-60 hand then
    # doubles the next one, and the rulings page says what this table counts.
    table_id = start_table(client, preset="jack-of-diamonds",
                           **{"makes_doubler": "__ticked__",
                              "makes_doubler-item": ["tie", "misdeal"]})
    with app.app_context():
        rules = Rules.from_dict(db.session.get(GameTable, table_id).rules)  # type: ignore
    assert [str(d) for d in rules.makes_doubler] == ["misdeal", "tie"]
    assert "misdeal, 60-60 tie" in client.get(f"/t/{table_id}/rules").get_data(as_text=True)
    rulings_page = client.get(f"/t/{table_id}/rulings").get_data(as_text=True)
    assert "a doubler is made by a misdeal or a 60-60 tie" in rulings_page
    hand = {"kind": "picked", "picker": "Ann", "partners": ["Cat"], "tricks": "some",
            "count_side": "picking", "cracks": "0", "blitzes": "0"}
    for points in ("60", "75"):
        assert client.post(f"/t/{table_id}/hand/new",
                           data={**hand, "points": points}).status_code == 302
    ledger = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "doubled by 1" in ledger
    # The API takes the same list, and an empty one: nothing makes a doubler.
    made = client.post("/api/v1/tables", json={
        "name": "x", "players": PLAYERS, "preset": "imsa", "options": {"makes_doubler": []}})
    assert made.status_code == 201 and made.get_json()["rules"]["makes_doubler"] == []
    refused = client.post("/api/v1/tables", json={
        "name": "x", "players": PLAYERS, "preset": "imsa",
        "options": {"makes_doubler": "no-pick"}})
    assert refused.status_code == 400
    assert "makes_doubler must be a list" in refused.get_json()["error"]


def test_a_flat_renege_on_a_doubler_says_it_used_the_doubler(client: FlaskClient) -> None:
    made = client.post("/api/v1/tables", json={"name": "x", "players": PLAYERS,
                                               "preset": "imsa"}).get_json()
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    url = f"/api/v1/tables/{made['id']}/hands"
    client.post(url, json={"kind": "no-pick"}, headers=auth)
    body = client.post(url, json={"kind": "renege", "offender": "Bob"}, headers=auth).get_json()
    assert (body["doubled"], body["doubled_by"], body["payouts"]["Bob"]) == (False, [1], -32)
    ledger = client.get(f"/s/{made['view_token']}").get_data(as_text=True)
    assert "used the doubler from 1" in ledger and "doubled by 1" not in ledger
