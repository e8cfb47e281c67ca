"""The director's pages of an event: each opens, each form refuses bad input
next to its field and changes nothing, a stranger or the event's link gets
403, and contact details show only to the director."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import Event, EventPenalty, EventPlayer, db
from tests.fixtures_app import words
from tests.page_forms import post_form

TWENTY_THREE = "\n".join(f"Player {n}, 555-01{n:02d}" for n in range(1, 24))


def _start(client: FlaskClient, **changes: str) -> int:
    form = {"name": "Oktoberfest", "preset": "jack-of-diamonds", "played_on": "2025-10-04",
            "sessions": "3", "rounds": "4", "entry": "25", "share": "90",
            "places": "30, 15, 10, 10, 10", "session_high": "5", **changes}
    answer = client.post("/e/new", data=form)
    assert answer.status_code == 302, words(answer)
    return int(answer.headers["Location"].rsplit("/", 1)[1])


def _event(app: Flask, event_id: int) -> Event:
    found = db.session.get(Event, event_id)
    assert found is not None
    return found


def _with_players(client: FlaskClient) -> int:
    event_id = _start(client)
    client.post(f"/e/{event_id}/players", data={"pasted": TWENTY_THREE, "checked_in": "1"})
    return event_id


def _version(app: Flask, event_id: int) -> int:
    with app.app_context():
        return _event(app, event_id).version


def test_the_start_page_links_to_a_tournament(client: FlaskClient) -> None:
    assert 'href="/e/new"' in client.get("/").text


def test_starting_an_event_keeps_the_director_on_this_device(
        app: Flask, client: FlaskClient) -> None:
    page = client.get("/e/new")
    assert page.status_code == 200 and "Total, then best session, then fewer penalty" in page.text
    assert 'name="opt-' in page.text  # the table start page's house rules
    event_id = _start(client)
    home = client.get(f"/e/{event_id}")
    assert home.status_code == 200 and "Oktoberfest" in home.text
    with app.app_context():
        event = _event(app, event_id)
        assert (event.entry_cents, event.places, event.session_high) == (2500, [30, 15, 10, 10,
                                                                                 10], 5)


def test_a_director_may_choose_filler_seats_for_a_count_that_does_not_split(
        app: Flask, client: FlaskClient) -> None:
    assert "Filler seats" in client.get("/e/new").text
    event_id = _start(client, odd="fillers", preset="called-ace")
    client.post(f"/e/{event_id}/players", data={"pasted": "\n".join(
        f"Player {n}" for n in range(1, 14)), "checked_in": "1"})
    with app.app_context():
        assert _event(app, event_id).odd == "fillers"
    post_form(client, f"/e/{event_id}/sessions/1/draw", {"seed": "3"})
    page = client.get(f"/e/{event_id}/sessions/1")
    assert "2 filler seats" in page.text and "Filler 1" in page.text
    assert "byes:" not in page.text
    with app.app_context():
        view = _event(app, event_id).view_token
    board = client.get(f"/e/s/{view}")
    assert "<bdi>Filler 2</bdi> <small class=\"muted\">filler</small>" in board.text


@pytest.mark.parametrize(("field", "value", "said"), [
    ("name", "", "Give the event a name"),
    ("sessions", "0", "1 to 10 sessions"),
    ("rounds", "x", "whole number"),
    ("entry", "-5", ""),
    ("places", "30, lots", "whole numbers"),
    ("places", "60, 40", "more than the 90% paid out"),
])
def test_a_bad_start_is_refused_next_to_its_field(app: Flask, client: FlaskClient, field: str,
                                                  value: str, said: str) -> None:
    form = {"name": "Fest", "preset": "jack-of-diamonds", "sessions": "3", "rounds": "4",
            "entry": "25", "share": "90", "places": "30", "session_high": "5", field: value}
    answer = client.post("/e/new", data=form)
    assert answer.status_code == 400
    assert said in answer.text and 'class="field-error"' in answer.text
    with app.app_context():
        assert db.session.query(Event).count() == 0


def test_registration_one_by_one_and_pasted(app: Flask, client: FlaskClient) -> None:
    event_id = _start(client)
    client.post(f"/e/{event_id}/players", data={"entry": "Ann Ott, ann@example.com",
                                                     "checked_in": "1"})
    client.post(f"/e/{event_id}/players", data={"pasted": "Bob\nCal, 555-0101\n\nDee"})
    home = client.get(f"/e/{event_id}").text
    assert "ann@example.com" in home and "555-0101" in home
    assert re.search(r"<strong>4</strong> registered · <strong>1</strong> checked in", home)


def test_a_taken_name_refuses_the_whole_list(app: Flask, client: FlaskClient) -> None:
    event_id = _start(client)
    client.post(f"/e/{event_id}/players", data={"entry": "Ann"})
    before = _version(app, event_id)
    answer = client.post(f"/e/{event_id}/players", data={"pasted": "Bob\nann"})
    assert answer.status_code == 409 and 'id="pasted-error"' in answer.text
    assert "Bob\nann" in answer.text  # the list stays in the box
    assert _version(app, event_id) == before


def test_check_in_late_arrival_and_withdrawal(app: Flask, client: FlaskClient) -> None:
    event_id = _start(client)
    client.post(f"/e/{event_id}/players", data={"pasted": "Ann\nBob"})
    post_form(client, f"/e/{event_id}/check-in", {"number": "2", "here": "1"})
    client.post(f"/e/{event_id}/players", data={"entry": "Cal", "from_session": "2"})
    post_form(client, f"/e/{event_id}/withdraw", {"number": "1", "after_session": "1"})
    assert post_form(client, f"/e/{event_id}/withdraw",
                     {"number": "1", "after_session": "9"}).status_code == 400
    with app.app_context():
        ann, bob, cal = db.session.query(EventPlayer).order_by(EventPlayer.number)
        assert (bob.checked_in, cal.from_session, ann.withdrawn_after) == (True, 2, 1)


def _board(page: str) -> str:
    """The seat board of a session page, without its forms' one-time CSRF
    tokens (they carry the second they were made in)."""
    board = page.split('id="board"')[1].split("By name")[0]
    return re.sub(r'name="csrf_token" value="[^"]*"', "", board)


def test_draw_swap_and_the_seat_board(app: Flask, client: FlaskClient) -> None:
    event_id = _with_players(client)
    assert post_form(client, f"/e/{event_id}/sessions/1/draw", {"seed": "7"}).status_code == 200
    page = client.get(f"/e/{event_id}/sessions/1").text
    assert "Seed 7" in page and page.count('class="event-table"') == 4
    assert "hand 0 of 24" in page and "hand 0 of 20" in page
    cards = client.post(f"/e/{event_id}/sessions/1/print/cards")
    assert cards.headers["Cache-Control"] == "no-store"
    assert cards.text.count('class="sheet card"') == 4 and cards.text.count("<svg") == 4
    assert "css/page-letter." in cards.text
    assert "css/page-a4." in client.post(f"/e/{event_id}/sessions/1/print/cards",
                                     data={"paper": "a4"}).text
    # drawing a drawn session again voids the printed cards: only on the director's word
    unsure = post_form(client, f"/e/{event_id}/sessions/1/draw", {"seed": "8"})
    assert unsure.status_code == 400 and "printed stop working" in unsure.text
    assert "Seed 7" in client.get(f"/e/{event_id}/sessions/1").text
    again = post_form(client, f"/e/{event_id}/sessions/1/draw", {"seed": "7", "sure": "1"})
    assert again.status_code == 200 and again.headers["Cache-Control"] == "no-store"
    assert again.text.count('class="fresh-code"') == 4  # each table's code and token, once
    assert 'class="fresh-code"' not in client.get(f"/e/{event_id}/sessions/1").text
    redrawn = _board(client.get(f"/e/{event_id}/sessions/1").text)
    # the same seats, at new tables: the voided cards' nights never come back
    assert re.sub(r"/t/\d+", "/t/N", redrawn) == re.sub(r"/t/\d+", "/t/N", _board(page))
    assert set(re.findall(r"/t/(\d+)", redrawn)).isdisjoint(re.findall(r"/t/(\d+)", page))
    seats = re.search(r'name="seats" value="(\w+)"', client.get(
        f"/e/{event_id}/sessions/1").text)
    assert seats is not None
    assert client.post(f"/e/{event_id}/sessions/1/swap",
                       data={"a": "1", "b": "2", "seats": seats[1]}).status_code == 302
    bad = client.post(f"/e/{event_id}/sessions/1/swap", data={"a": "1", "b": "x",
                                                               "seats": seats[1]})
    assert bad.status_code == 400 and "Give two players" in bad.text
    for kind in ("seats", "tickets"):
        assert client.get(f"/e/{event_id}/sessions/1/print/{kind}").status_code == 200
    assert client.get(f"/e/{event_id}/print/standings").status_code == 200


def test_a_bad_seed_or_too_few_players_draws_nothing(app: Flask, client: FlaskClient) -> None:
    event_id = _start(client)
    answer = post_form(client, f"/e/{event_id}/sessions/1/draw", {"seed": "abc"})
    assert answer.status_code == 400 and "A seed is a whole number" in answer.text
    answer = post_form(client, f"/e/{event_id}/sessions/1/draw", {})
    assert answer.status_code == 400 and "must be checked in" in answer.text
    assert "Not drawn yet" in client.get(f"/e/{event_id}/sessions/1").text


def test_penalties_and_tickets_refuse_bad_input_in_words(app: Flask,
                                                         client: FlaskClient) -> None:
    event_id = _with_players(client)
    post_form(client, f"/e/{event_id}/sessions/1/draw", {"seed": "7"})
    before = _version(app, event_id)
    bad = post_form(client, f"/e/{event_id}/sessions/1/penalty",
                    {"player": "3", "points": "0", "reason": "peeked"})
    assert bad.status_code == 400 and "A penalty is 1 to" in bad.text
    bad = post_form(client, f"/e/{event_id}/sessions/1/penalty",
                    {"player": "3", "points": "4", "reason": ""})
    assert bad.status_code == 400 and "Say why" in bad.text
    bad = post_form(client, f"/e/{event_id}/sessions/1/tables/4/ticket",
                    {f"points-{i}": "5" for i in range(5)})
    assert bad.status_code == 400 and "add up to zero" in bad.text
    assert _version(app, event_id) == before
    assert post_form(client, f"/e/{event_id}/sessions/1/penalty",
                     {"player": "3", "points": "4", "reason": "peeked"}
                       ).status_code == 302
    totals = {"points-0": "10", "points-1": "-4", "points-2": "-2", "points-3": "-2",
              "points-4": "-2"}
    assert post_form(client, f"/e/{event_id}/sessions/1/tables/4/ticket",
                     totals).status_code == 302
    assert "done (paper ticket)" in client.get(f"/e/{event_id}/sessions/1").text
    with app.app_context():
        assert db.session.query(EventPenalty).count() == 1


def test_finishing_the_event_and_a_co_director(app: Flask, client: FlaskClient) -> None:
    event_id = _with_players(client)
    client.post(f"/e/{event_id}/directors/code")
    page = client.get(f"/e/{event_id}/directors").text
    url = re.search(r'id="claim-url">[^<]*(/eclaim/[^<]+)</a>', page)
    assert url and "<svg" in page
    other = app.test_client()
    assert other.get(f"/e/{event_id}").status_code == 403
    assert other.post(url.group(1), data={"label": "Laptop 2"}).status_code == 302
    assert other.get(f"/e/{event_id}").status_code == 200
    nothing = client.post(f"/e/{event_id}/finish", data={"sure": "1"})
    assert nothing.status_code == 409 and "no session is drawn" in nothing.text
    post_form(client, f"/e/{event_id}/sessions/1/draw", {"seed": "7"})
    assert client.post(f"/e/{event_id}/finish", data={}).status_code == 400  # not ticked
    assert client.post(f"/e/{event_id}/finish", data={"sure": "1"}).status_code == 302
    assert client.post(f"/e/{event_id}/finish", data={"sure": "1"}).status_code == 409
    with app.app_context():
        assert _event(app, event_id).finished_at is not None
    assert "final standings" in client.get(f"/e/{event_id}/print/standings").text


@pytest.mark.parametrize("path", ["", "/sessions/1", "/directors", "/print/standings",
                                  "/sessions/1/print/cards"])
def test_a_stranger_or_the_events_link_gets_403(app: Flask, client: FlaskClient,
                                                path: str) -> None:
    event_id = _with_players(client)
    post_form(client, f"/e/{event_id}/sessions/1/draw", {"seed": "7"})
    stranger = app.test_client()
    assert stranger.get(f"/e/{event_id}{path}").status_code == 403
    assert stranger.post(f"/e/{event_id}/players", data={"entry": "Zed"}).status_code == 403
    with app.app_context():
        view = _event(app, event_id).view_token
    bearer = {"Authorization": f"Bearer {view}"}
    assert stranger.get(f"/e/{event_id}{path}", headers=bearer).status_code == 403


def test_contacts_show_on_the_director_home_only(app: Flask, client: FlaskClient) -> None:
    event_id = _with_players(client)
    post_form(client, f"/e/{event_id}/sessions/1/draw", {"seed": "7"})
    assert "555-0107" in client.get(f"/e/{event_id}").text
    for path in ("/sessions/1", "/sessions/1/print/cards", "/sessions/1/print/seats",
                 "/sessions/1/print/tickets", "/print/standings", "/directors"):
        assert "555-01" not in client.get(f"/e/{event_id}{path}").text, path


def test_the_event_home_shows_the_leaderboards_link_and_qr(client: FlaskClient) -> None:
    page = client.post("/e/new", data={"name": "Fest", "preset": "called-ace",
                                       "sessions": "3", "rounds": "4", "entry": "25",
                                       "share": "90", "places": "30, 15, 10, 10, 10",
                                       "session_high": "5"}, follow_redirects=True)
    text = page.get_data(as_text=True)
    assert 'id="leaderboard-link"' in text and "<svg" in text
    found = re.search(r'href="(http://[^"]+/e/s/[^"/]+)"', text)
    assert found is not None
    assert client.get(found.group(1).split("localhost", 1)[-1]).status_code == 200


def test_a_session_that_has_started_offers_no_new_draw_nor_a_swap(
        app: Flask, client: FlaskClient) -> None:
    """Once a hand of the session is in, the service refuses a new draw and a
    swap; the page says so up front instead of offering either."""
    event_id = _with_players(client)
    assert post_form(client, f"/e/{event_id}/sessions/1/draw", {"seed": "7"}).status_code == 200
    before = client.get(f"/e/{event_id}/sessions/1").text
    assert 'id="draw-form"' in before and 'id="swap"' in before
    assert 'id="draw-started"' not in before
    with app.app_context():
        from scorekeeper.db.models import GameTable
        from scorekeeper.rules import Hand
        from scorekeeper.services.events import draws as event_draws
        from scorekeeper.services.nights import hands
        from scorekeeper.services.nights.state import TableState
        night = event_draws.session_tables(_event(app, event_id), 1).tables[0]
        state = TableState.load(db.session.get_one(GameTable, night.night))
        hands.record_hand(state, Hand(picker=night.players[1], partners=(night.players[2],),
                                      points=70))
    after = client.get(f"/e/{event_id}/sessions/1").text
    assert 'id="draw-form"' not in after and 'id="swap"' not in after
    assert "Session 1 has started: its tables can&#39;t be drawn again" in after
    # the draw form of the page from before the first hand, sent now
    seats = re.search(r'name="seats" value="(\w+)"', before)
    assert seats is not None
    refused = client.post(f"/e/{event_id}/sessions/1/draw",
                          data={"seed": "7", "sure": "1", "seats": seats.group(1)})
    assert refused.status_code == 409 and "has started" in refused.text
