"""The event's public pages behind its view token: the live leaderboard
(304 while nothing changed), the seat finder by name or number, the big
screen; they only read, and never show a contact."""

from __future__ import annotations

import gzip
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event as sqlalchemy_event

from scorekeeper.db.models import db
from scorekeeper.services.events import draws as event_draws
from scorekeeper.services.events import event as events
from scorekeeper.services.events import scores as event_scores
from scorekeeper.views.caching import SHARED

API = "/api/v1"


def _event(app: Flask, rounds: int = 1) -> dict[str, Any]:
    """Ten players (two with contacts) at two tables of five; one round a session."""
    with app.app_context():
        event, director = events.create_event(
            "Oktoberfest", "called-ace", sessions=1, rounds=rounds, entry_cents=2500,
            places=[30, 15], session_high=5)
        events.register(event, ["Alice Ames, alice@example.com", "Bob Bauer, 555-0142"]
                        + [f"Player {n}" for n in range(3, 11)], checked_in=True)
        drawn = event_draws.draw(event, 1, seed=11)
        return {"id": event.id, "director": director, "view": event.view_token,
                "tables": drawn.tables}


def _save(client: FlaskClient, table: Any) -> Any:
    hand = {"picker": table.players[0], "partners": [table.players[1]], "points": 75}
    return client.post(f"{API}/tables/{table.night}/hands", json=hand,
                       headers={"Authorization": f"Bearer {table.edit_token}"})


def test_the_leaderboard_opens_with_ranks_tie_breaks_and_tables(app: Flask,
                                                                client: FlaskClient) -> None:
    made = _event(app)
    assert _save(client, made["tables"][0]).status_code == 201
    page = client.get(f"/e/s/{made['view']}")
    text = page.get_data(as_text=True)
    assert page.status_code == 200
    assert page.headers["Cache-Control"] == SHARED
    assert "Ties broken by total points, then best session" in text
    assert "Table 1" in text and "hand 1 of 5" in text and "hand 0 of 5" in text
    assert "Player 3" in text and "Session 1 high" in text
    # the payout plan is public from the start; no winners until the director finishes
    assert 'id="prizes"' in text and "Paid when the director finishes the event" in text
    assert 'id="final"' not in text and 'id="waiting"' not in text


def test_the_live_fragment_answers_304_until_a_table_saves(app: Flask,
                                                           client: FlaskClient) -> None:
    made = _event(app)
    url = f"/e/s/{made['view']}/live"
    first = client.get(url)
    assert first.status_code == 200 and first.headers["ETag"]
    again = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    assert _save(client, made["tables"][1]).status_code == 201
    changed = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != first.headers["ETag"]
    assert "hand 1 of 5" in changed.get_data(as_text=True)


def test_no_contact_shows_on_any_public_page(app: Flask, client: FlaskClient) -> None:
    made = _event(app)
    token = made["view"]
    for url in (f"/e/s/{token}", f"/e/s/{token}/tv", f"/e/s/{token}/live",
                f"/e/s/{token}/seat?q=Alice", f"/e/s/{token}/seat?q=2"):
        text = client.get(url).get_data(as_text=True)
        assert "Alice Ames" in text or "Bob Bauer" in text or "Alice" in url
        assert "example.com" not in text and "555-0142" not in text


def test_the_view_token_only_reads(app: Flask, client: FlaskClient) -> None:
    made = _event(app)
    table = made["tables"][0]
    hand = {"picker": table.players[0], "partners": [table.players[1]], "points": 75}
    refused = client.post(f"{API}/tables/{table.night}/hands", json=hand,
                          headers={"Authorization": f"Bearer {made['view']}"})
    assert refused.status_code in (401, 403)
    assert client.post(f"/e/s/{made['view']}").status_code == 405
    page = client.get(f"/e/s/{made['view']}")
    assert "Set-Cookie" not in page.headers
    assert 'method="post"' not in page.get_data(as_text=True).lower()


def test_a_player_finds_his_seat_by_name_and_by_number(app: Flask,
                                                       client: FlaskClient) -> None:
    made = _event(app)
    table = next(t for t in made["tables"] if "Player 7" in t.players)
    seat = table.players.index("Player 7") + 1
    for asked in ("player 7", "7", "#7"):
        text = client.get(f"/e/s/{made['view']}/seat", query_string={"q": asked}) \
            .get_data(as_text=True)
        assert f"Table {table.number} · seat {seat}" in text, asked
    missing = client.get(f"/e/s/{made['view']}/seat?q=Nobody").get_data(as_text=True)
    assert "Nobody called" in missing


def test_the_big_screen_shows_standings_and_seating(app: Flask, client: FlaskClient) -> None:
    made = _event(app)
    text = client.get(f"/e/s/{made['view']}/tv").get_data(as_text=True)
    assert 'data-screen="standings-1"' in text and 'data-screen="prizes"' in text
    assert 'data-screen="seating"' in text and 'id="seating-panel"' in text
    assert "js/event-tv." in text and "big=1" in text


def test_a_finished_event_shows_its_prizes_and_the_house(app: Flask,
                                                         client: FlaskClient) -> None:
    made = _event(app)
    for table in made["tables"]:
        for _ in range(5):
            assert _save(client, table).status_code == 201
    text = client.get(f"/e/s/{made['view']}").get_data(as_text=True)
    # every table done is not the end: the director checks and finishes
    assert 'id="waiting"' in text and "waiting for the director" in text
    assert 'id="final"' not in text and "Final ·" not in text
    assert "$75" in text  # the plan: 30 % of $250
    finished = client.post(f"{API}/events/{made['id']}/finish",
                           headers={"Authorization": f"Bearer {made['director']}"})
    assert finished.status_code == 200 and finished.json["stage"] == "finished"
    text = client.get(f"/e/s/{made['view']}").get_data(as_text=True)
    with app.app_context():
        board = event_scores.standings(events.get_event(made["id"]))
    assert 'id="final"' in text and "Final ·" in text and 'id="waiting"' not in text
    assert 'id="prizes"' in text and "1st" in text and "The house" in text
    assert (sum(z.cents for z in board.prizes) + board.rounding_cents + board.house_cents
            == board.pot_cents == 25000)
    assert "$75" in text


def test_an_unknown_link_is_404(client: FlaskClient) -> None:
    assert client.get("/e/s/nope").status_code == 404
    assert client.get("/e/s/nope/live").status_code == 404


def test_a_crowd_polling_the_fragment_reads_the_events_version_not_once_each(
        app: Flask, client: FlaskClient) -> None:
    """The version board answers the 304s from memory; a save made by this
    process is seen at the very next poll all the same."""
    made = _event(app)
    url = f"/e/s/{made['view']}/live"
    tag = client.get(url).headers["ETag"]
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(str(args[2]))
    with app.app_context():
        engine = db.engine
    sqlalchemy_event.listen(engine, "before_cursor_execute", count)
    try:
        for _ in range(50):
            assert client.get(url, headers={"If-None-Match": tag}).status_code == 304
        polled = len(statements)  # one read per 0.2 s at most, however fast they come
        assert _save(client, made["tables"][0]).status_code == 201
        statements.clear()
        seen = client.get(url, headers={"If-None-Match": tag})
    finally:
        sqlalchemy_event.remove(engine, "before_cursor_execute", count)
    assert seen.status_code == 200 and "hand 1 of 5" in seen.get_data(as_text=True)
    assert seen.headers["ETag"] != tag and statements  # read afresh after the save
    assert polled < 25, polled


def test_a_crowd_of_players_is_shown_a_hundred_ranks_a_page(app: Flask,
                                                          client: FlaskClient) -> None:
    with app.app_context():
        event, _ = events.create_event("Big one", "called-ace", sessions=1, rounds=1)
        events.register(event, [f"Player {n:03d}" for n in range(1, 251)], checked_in=True)
        event_draws.draw(event, 1, seed=3)
        view = event.view_token
    first = client.get(f"/e/s/{view}").get_data(as_text=True)
    assert first.count(' data-number=') == 100
    # before any hand: everyone by table and seat, not ranked
    assert "Players by table and seat · 1–100 of 250" in first and 'href="?page=3"' in first
    second = client.get(f"/e/s/{view}/live?page=3")
    assert second.get_data(as_text=True).count(' data-number=') == 50
    assert "201–250 of 250" in second.get_data(as_text=True)
    assert second.headers["ETag"] != client.get(f"/e/s/{view}/live").headers["ETag"]
    assert 'hx-get="/e/s/' in second.get_data(as_text=True)
    assert f"/e/s/{view}/live?page=3" in second.get_data(as_text=True)  # polls its own page
    far = client.get(f"/e/s/{view}?page=99").get_data(as_text=True)
    assert "201–250 of 250" in far  # past the end: the last page
    tags = {client.get(f"/e/s/{view}/live?page={n}").headers["ETag"] for n in (10, 11, 9999)}
    assert len(tags) == 1  # pages past the largest event's last are one page, not one each
    tv = client.get(f"/e/s/{view}/tv").get_data(as_text=True)
    # the big screen turns through the top hundred, twenty a screen
    assert tv.count(' data-number=') == 100 and tv.count('data-screen="standings-') == 5
    assert "1–20 of 250" in tv and "81–100 of 250" in tv


def test_a_phone_that_accepts_gzip_gets_the_board_gzipped_once_made(
        app: Flask, client: FlaskClient) -> None:
    made = _event(app)
    url = f"/e/s/{made['view']}/live"
    plain = client.get(url)
    packed = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.data) == plain.data
    assert packed.headers["ETag"] == plain.headers["ETag"]


def test_the_seat_finder_says_where_a_player_stands(app: Flask, client: FlaskClient) -> None:
    made = _event(app)
    table = made["tables"][0]
    assert _save(client, table).status_code == 201  # the picker and partner win
    page = client.get(f"/e/s/{made['view']}/seat?q={table.players[0]}")
    text = page.get_data(as_text=True)
    assert "Table 1" in text and 'id="standing"' in text and "rank 1</strong> of 10" in text


def test_once_a_table_plays_the_board_drops_its_names_for_its_progress(
        app: Flask, client: FlaskClient) -> None:
    made = _event(app)
    played, waiting = made["tables"]
    assert _save(client, played).status_code == 201
    text = client.get(f"/e/s/{made['view']}/live").get_data(as_text=True)
    shown = {n: text.split(f'id="table-{n}"')[1].split("</li>")[0] for n in (1, 2)}
    number = {t.number: t for t in made["tables"]}
    assert "hand 1 of 5" in shown[played.number]
    assert not any(name in shown[played.number] for name in number[played.number].players)
    assert all(name in shown[waiting.number] for name in number[waiting.number].players)


def test_the_live_parts_news_is_its_first_three_rows_as_shown(app: Flask,
                                                             client: FlaskClient) -> None:
    """The words a screen reader is told (data-news) are the standings the
    table shows: its first three rows' rank, name and total; before any
    hand, none."""
    made = _event(app)
    assert 'data-news=""' in client.get(f"/e/s/{made['view']}/live").get_data(as_text=True)
    assert _save(client, made["tables"][0]).status_code == 201
    text = client.get(f"/e/s/{made['view']}/live").get_data(as_text=True)
    rows = re.findall(r'data-rank="(\d+)">.*?</small> (?:<bdi>)?([^<]+?)(?:</bdi>)?</td>.*?'
                      r'class="num total[^"]*">([^<]+)</td>', text, re.S)
    said = ", ".join(f"{rank}. {name} {total}" for rank, name, total in rows[:3])
    assert f'data-news="Leaders: {said}."' in text
