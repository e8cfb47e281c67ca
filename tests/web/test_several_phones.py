"""Two phones editing one night through the pages: a write changes exactly the
hand its author saw, once; a stale one is refused, says what changed, comes
back refreshed and writes nothing."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import GameTable, db
from scorekeeper.services.nights.state import TableState
from tests.fixtures_app import start_table, words
from tests.refusals import ERROR_PREFIX
from tests.web.api_helpers import api_table, assert_error
from tests.web.test_pages import hand, totals

PICKS = [("Bob", "Cat"), ("Cat", "Dan"), ("Dan", "Eve"), ("Eve", "Ann")]


def hidden(page: str, name: str) -> str:
    found = re.search(rf'name="{name}"[^>]*value="([^"]*)"', page) or \
        re.search(rf'value="([^"]*)"[^>]*name="{name}"', page)
    assert found, f"no {name} on the page"
    return html.unescape(found.group(1))


def second_phone(app: Flask, first: FlaskClient, table_id: int) -> FlaskClient:
    """Another phone holding the same edit token (as after a take-over)."""
    other = app.test_client()
    with first.session_transaction() as mine, other.session_transaction() as theirs:
        theirs["editors"] = dict(mine["editors"])
    return other


def night_of_four(client: FlaskClient) -> int:
    table_id = start_table(client)
    for picker, partner in PICKS:
        assert hand(client, table_id, picker=picker, partners=[partner],
                    points="75").status_code == 302
    return table_id


def stored(app: Flask, table_id: int) -> tuple[Any, ...]:
    with app.app_context():
        table = db.session.get(GameTable, table_id)
        assert table is not None
        state = TableState.load(table)
        return table.version, state.hand_ids, state.hands


def ids(app: Flask, table_id: int) -> tuple[int, ...]:
    return tuple(stored(app, table_id)[1])


def test_an_edit_made_before_another_phone_deleted_a_hand_is_refused(
        app: Flask, client: FlaskClient) -> None:
    table_id = night_of_four(client)
    other = second_phone(app, client, table_id)
    hand4 = ids(app, table_id)[3]
    form = client.get(f"/t/{table_id}/hand/{hand4}/edit").get_data(as_text=True)
    hand2 = ids(app, table_id)[1]
    assert other.post(f"/t/{table_id}/hand/{hand2}/delete").status_code == 302
    before = stored(app, table_id)
    response = client.post(f"/t/{table_id}/hand/{hand4}/edit", data={
        "kind": "picked", "picker": "Eve", "partners": ["Ann"], "points": "30",
        "tricks": "some", "count_side": "picking", "cracks": "0",
        "version": hidden(form, "version")})
    page = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "Meanwhile, Scorekeeper: Deleted hand 2" in html.unescape(page)
    assert "Edit hand 3" in page  # the same hand, renumbered, refreshed
    assert stored(app, table_id) == before


def test_a_confirmed_edit_on_a_stale_night_changes_nothing_and_comes_back(
        app: Flask, client: FlaskClient) -> None:
    table_id = night_of_four(client)
    other = second_phone(app, client, table_id)
    hand4 = ids(app, table_id)[3]
    confirm = client.post(f"/t/{table_id}/hand/{hand4}/edit", data={
        "kind": "picked", "picker": "Eve", "partners": ["Ann"], "points": "30",
        "tricks": "some", "count_side": "picking", "cracks": "0"}).get_data(as_text=True)
    assert "Change hand 4?" in confirm
    assert other.post(f"/t/{table_id}/hand/{ids(app, table_id)[1]}/delete").status_code == 302
    before = stored(app, table_id)
    response = client.post(f"/t/{table_id}/hand/confirm", data={
        name: hidden(confirm, name) for name in ("mode", "hand_id", "version", "hand_json")})
    assert response.status_code == 409
    assert stored(app, table_id) == before
    again = response.get_data(as_text=True)
    assert "Edit hand 3" in again and 'value="30"' in again  # the entries kept
    # saving the refreshed form goes through, on the right hand
    confirm = client.post(f"/t/{table_id}/hand/{hand4}/edit", data={
        "kind": "picked", "picker": "Eve", "partners": ["Ann"], "points": "30",
        "tricks": "some", "count_side": "picking", "cracks": "0",
        "version": hidden(again, "version")}).get_data(as_text=True)
    assert client.post(f"/t/{table_id}/hand/confirm", data={
        name: hidden(confirm, name) for name in ("mode", "hand_id", "version", "hand_json")
    }).status_code == 302
    _, hand_ids, hands = stored(app, table_id)
    assert hand_ids[2] == hand4 and hands[2].points == 30
    assert [h.picker for h in hands] == ["Bob", "Dan", "Eve"]


def test_a_delete_confirmed_after_another_phone_inserted_deletes_nothing(
        app: Flask, client: FlaskClient) -> None:
    table_id = night_of_four(client)
    other = second_phone(app, client, table_id)
    hand3 = ids(app, table_id)[2]
    confirm = client.get(f"/t/{table_id}/hand/{hand3}/delete").get_data(as_text=True)
    assert "Delete hand 3?" in confirm
    page = other.post(f"/t/{table_id}/hand/new?before={ids(app, table_id)[0]}", data={
        "kind": "leaster", "winner": "Eve", "count_side": "picking", "tricks": "some",
        "cracks": "0"}).get_data(as_text=True)
    assert other.post(f"/t/{table_id}/hand/confirm", data={
        name: hidden(page, name) for name in ("mode", "hand_id", "version", "hand_json")
    }).status_code == 302
    before = stored(app, table_id)
    response = client.post(f"/t/{table_id}/hand/{hand3}/delete",
                           data={"version": hidden(confirm, "version")})
    assert response.status_code == 409
    assert "Delete hand 4?" in response.get_data(as_text=True)  # the same hand, refreshed
    assert "Inserted hand 1" in html.unescape(response.get_data(as_text=True))
    assert stored(app, table_id) == before


def test_a_record_form_left_open_while_another_phone_saves_keeps_no_old_dealer(
        app: Flask, client: FlaskClient) -> None:
    table_id = night_of_four(client)
    other = second_phone(app, client, table_id)
    form = words(client.get(f"/t/{table_id}/hand/new"))
    assert "Dealer: Eve" in form
    assert hand(other, table_id, picker="Ann", partners=["Bob"], points="75").status_code == 302
    before = stored(app, table_id)
    fields = {"picker": "Cat", "partners": ["Dan"], "points": "61", "dealer": "Eve",
              **{name: hidden(form, name) for name in ("version", "deal", "submission")}}
    response = hand(client, table_id, **fields)
    page = html.unescape(words(response))
    assert response.status_code == 409
    assert "Meanwhile, Scorekeeper: Recorded hand 5: Ann with Bob, 75 points." in page
    assert "Ann deals now; check the hand and save again." in page
    assert "Dealer: Ann" in page and 'value="61"' in page
    assert stored(app, table_id) == before
    fields.update(dealer="Ann", **{name: hidden(page, name) for name in ("version", "deal")})
    assert hand(client, table_id, **fields).status_code == 302
    assert stored(app, table_id)[2][-1].dealer == "Ann"


def test_a_new_hand_still_saves_when_the_other_phone_changed_nothing_it_depends_on(
        app: Flask, client: FlaskClient) -> None:
    table_id = night_of_four(client)
    other = second_phone(app, client, table_id)
    form = client.get(f"/t/{table_id}/hand/new").get_data(as_text=True)
    confirm = other.post(f"/t/{table_id}/hand/{ids(app, table_id)[0]}/edit", data={
        "kind": "picked", "picker": "Bob", "partners": ["Cat"], "points": "90",
        "tricks": "some", "count_side": "picking", "cracks": "0"}).get_data(as_text=True)
    assert other.post(f"/t/{table_id}/hand/confirm", data={
        name: hidden(confirm, name) for name in ("mode", "hand_id", "version", "hand_json")
    }).status_code == 302
    response = hand(client, table_id, picker="Cat", partners=["Dan"], points="61",
                    dealer="Eve",
                    **{name: hidden(form, name) for name in ("version", "deal", "submission")})
    assert response.status_code == 302
    assert len(stored(app, table_id)[1]) == 5
    assert totals(client, table_id)["Cat"] != "0"


def test_a_double_tapped_start_makes_one_table(app: Flask, client: FlaskClient) -> None:
    form = client.get("/").get_data(as_text=True)
    data = {"name": "Friday", "players": ["Ann", "Bob", "Cat", "Dan", "Eve"],
            "preset": "called-ace", "stake_cents": "25",
            "submission": hidden(form, "submission")}
    first, second = client.post("/", data=data), client.post("/", data=data)
    assert first.status_code == second.status_code == 302
    assert first.headers["Location"] == second.headers["Location"]
    elsewhere = app.test_client()  # the first answer never reached this phone
    third = elsewhere.post("/", data=data)
    assert third.headers["Location"] == first.headers["Location"]
    assert elsewhere.get(third.headers["Location"]).status_code == 200
    with app.app_context():
        assert db.session.query(GameTable).count() == 1


def test_a_double_tapped_new_night_starts_one_night(app: Flask, client: FlaskClient) -> None:
    table_id = night_of_four(client)
    client.post(f"/t/{table_id}/close")
    first = client.post(f"/t/{table_id}/new-night")
    second = client.post(f"/t/{table_id}/new-night")
    assert first.headers["Location"] == second.headers["Location"]
    with app.app_context():
        assert db.session.query(GameTable).count() == 2


def test_the_history_says_where_each_hand_is_now_and_which_phone(
        app: Flask, client: FlaskClient) -> None:
    table_id = night_of_four(client)
    history = words(client.get(f"/t/{table_id}/history"))
    assert "now hand 1 · Scorekeeper" in history and "Recorded hand 1:" in history
    first = ids(app, table_id)[0]
    client.post(f"/t/{table_id}/hand/{first}/delete", data={"version": ""})
    after = words(client.get(f"/t/{table_id}/history"))
    assert "since deleted" in after and "Deleted hand 1" in after
    assert "now hand 1 · Scorekeeper" in after  # what was hand 2 is hand 1 now


def test_the_same_throw_in_saved_on_two_phones_is_recorded_once(
        app: Flask, client: FlaskClient) -> None:
    """After a throw-in the same dealer deals again (sheephead-4), so the deal
    looks the same; the second phone's copy must still be refused."""
    table_id = start_table(client, "sheephead-4", ["Ann", "Bob", "Cat", "Dan"])
    other = second_phone(app, client, table_id)
    forms = [phone.get(f"/t/{table_id}/hand/new").get_data(as_text=True)
             for phone in (client, other)]
    answers = [hand(phone, table_id, kind="no-pick",
                    **{name: hidden(form, name) for name in ("version", "deal", "submission")})
               for phone, form in zip((client, other), forms, strict=True)]
    assert [a.status_code for a in answers] == [302, 409]
    assert len(ids(app, table_id)) == 1


def test_a_double_tapped_confirmation_changes_the_hand_once(
        app: Flask, client: FlaskClient) -> None:
    table_id = night_of_four(client)
    first = ids(app, table_id)[0]
    page = client.post(f"/t/{table_id}/hand/new?before={first}", data={
        "kind": "leaster", "winner": "Eve", "count_side": "picking", "tricks": "some",
        "cracks": "0"}).get_data(as_text=True)
    fields = {name: hidden(page, name)
              for name in ("mode", "hand_id", "version", "hand_json", "submission")}
    taps = [client.post(f"/t/{table_id}/hand/confirm", data=fields) for _ in range(2)]
    assert [t.status_code for t in taps] == [302, 302]
    assert len(ids(app, table_id)) == 5


@pytest.mark.parametrize(("path", "data", "status", "said"), [
    ("/hand/confirm", {"mode": "add", "hand_id": "1", "hand_json": "[" * 100_000}, 400,
     "That confirmation is incomplete; start the change again"),
    ("/hand/new", {"kind": "picked", "picker": "Bob", "cracks": "9" * 5000}, 400,
     ERROR_PREFIX + "cracks must be a whole number</p>"),
    # the live preview answers 200 into its own box (htmx swaps only a 2xx)
    ("/hand/preview", {"kind": "picked", "picker": "Bob", "blitzes": "9" * 5000}, 200,
     "Not complete yet: blitzes must be a whole number"),
])
def test_absurd_form_input_is_refused_in_words(
        app: Flask, client: FlaskClient, path: str, data: dict[str, str], status: int,
        said: str) -> None:
    table_id = night_of_four(client)
    before = stored(app, table_id)
    response = client.post(f"/t/{table_id}{path}", data=data)
    assert response.status_code == status
    assert said in words(response)
    assert stored(app, table_id) == before


def test_absurd_numbers_in_the_start_page_and_api_are_refused(client: FlaskClient) -> None:
    page = client.post("/", data={"players": ["Ann"], "player_action": "remove-" + "9" * 5000})
    assert page.status_code == 400  # a refused start form, said in words: no 500
    table = api_table(client)
    assert_error(table.send("POST", "/hands?before=" + "9" * 5000, {"kind": "misdeal"}), 400,
                 "before")
    assert_error(table.send("POST", "/hands", {"kind": "misdeal"},
                            headers={"If-Match": '"' + "9" * 5000 + '"'}), 400, "If-Match")


def csrf_of(page: str) -> str:
    found = re.search(r'"X-CSRFToken": "([^"]+)"', page)
    assert found, "no form token on the page"
    return found.group(1)


def test_the_ledger_is_rendered_once_per_version_with_each_phones_own_form_token(
        app: Flask, client: FlaskClient) -> None:
    table_id = night_of_four(client)
    other = second_phone(app, client, table_id)
    with other.session_transaction() as session:
        session["csrf_token"] = "another-phone"  # its own form secret
    client.get(f"/t/{table_id}")  # the save's message, shown once and not kept
    mine, theirs = (c.get(f"/t/{table_id}").get_data(as_text=True) for c in (client, other))
    assert csrf_of(mine) != csrf_of(theirs) and "\x00" not in mine + theirs
    assert mine.replace(csrf_of(mine), "") == theirs.replace(csrf_of(theirs), "")
    with app.test_request_context():
        from flask import session as request_session
        from flask_wtf.csrf import generate_csrf
        with other.session_transaction() as saved:
            request_session.update(saved)
        assert csrf_of(theirs) == generate_csrf()
    # A save is a new version: both phones see it, and the message only on the saver's.
    hand(client, table_id, picker="Ann", partners=["Bob"], points="80")
    after = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "Hand 5 saved" in after and "Hand 5 saved" not in other.get(
        f"/t/{table_id}").get_data(as_text=True)
    assert "5 hands" in other.get(f"/t/{table_id}").get_data(as_text=True)
