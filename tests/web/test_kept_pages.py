"""Kept pages are keyed by everything they show: the owner's share token (not
a database id, which the next run or database hands out again), its version
and every other input of the render.  Each test here was served a page
kept for something else before its key was made whole."""

from __future__ import annotations

from datetime import date

import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import GameTable, Group, db
from scorekeeper.services.caches import Recent
from tests.fixtures_app import words
from tests.web.api_helpers import page_version
from tests.web.test_groups_pages import FIVE, record_win, start_group, start_night


def _token_of(app: Flask, model: type[Group] | type[GameTable], row_id: int) -> str:
    with app.app_context():
        row = db.session.get(model, row_id)
        assert row is not None
        return row.view_token


def _empty_database(app: Flask) -> None:
    """As a new run on a new database: every row gone, ids start at 1 again
    (the memory of the process is kept)."""
    with app.app_context():
        db.session.remove()
        with db.engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                names = ", ".join(t.name for t in db.metadata.sorted_tables)
                conn.execute(sa.text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
            else:
                for table in reversed(db.metadata.sorted_tables):
                    conn.execute(table.delete())
                conn.execute(sa.text("DELETE FROM sqlite_sequence"))


def test_a_groups_night_line_is_never_one_kept_for_another_databases_night(
        app: Flask, client: FlaskClient) -> None:
    group_id = start_group(client)
    night = start_night(client, group_id, players=FIVE, played_on="2025-06-05")
    record_win(client, night)
    assert "Jun 5, 2025" in words(client.get(f"/g/{group_id}?season=2025"))
    _empty_database(app)
    other = app.test_client()
    assert start_group(other) == group_id
    assert start_night(other, group_id, players=FIVE, played_on="2025-06-12") == night
    record_win(other, night)
    page = words(other.get(f"/g/{group_id}?season=2025"))
    assert "Jun 12, 2025" in page and "Jun 5, 2025" not in page


def test_a_season_asked_by_dates_says_the_dates_it_was_asked_for(
        client: FlaskClient) -> None:
    group_id = start_group(client)
    record_win(client, start_night(client, group_id, players=FIVE, played_on="2025-06-05"))
    token = _token_of(client.application, Group, group_id)
    client.get(f"/g/{group_id}")  # says the flashed message: the pages after it are kept
    for page in (f"/g/{group_id}/season", f"/gs/{token}"):
        by_year = words(client.get(f"{page}?season=2025"))
        by_dates = words(client.get(f"{page}?from=2025-01-01&to=2025-12-31"))
        assert "<h1>2025</h1>" in by_year, page
        assert "2025-01-01 to 2025-12-31" in by_dates, page
        assert 'value="2025-01-01"' in by_dates, page


def test_the_share_pages_live_fragment_asks_for_the_season_the_page_was_asked_for(
        client: FlaskClient) -> None:
    group_id = start_group(client)
    token = _token_of(client.application, Group, group_id)
    year = date.today().year
    assert f"/gs/{token}/live\"" in client.get(f"/gs/{token}").get_data(as_text=True)
    asked = client.get(f"/gs/{token}?season={year}").get_data(as_text=True)
    assert f"/gs/{token}/live?season={year}\"" in asked


def test_a_groups_share_page_links_a_nights_new_share_link_not_the_replaced_one(
        client: FlaskClient) -> None:
    group_id = start_group(client)
    night = start_night(client, group_id, players=FIVE)
    group_token = _token_of(client.application, Group, group_id)
    old = _token_of(client.application, GameTable, night)
    assert f"/s/{old}" in client.get(f"/gs/{group_token}").get_data(as_text=True)
    assert client.post(f"/t/{night}/share/new", data={"version": page_version(
        client, f"/t/{night}/share", f"/t/{night}/share/new")}).status_code == 302
    new = _token_of(client.application, GameTable, night)
    page = client.get(f"/gs/{group_token}").get_data(as_text=True)
    assert f"/s/{new}" in page and f"/s/{old}" not in page


def test_the_rosters_forget_the_table_read_longest_ago() -> None:
    rosters: Recent[str, int] = Recent(size=2)
    rosters.put("a", 1)
    rosters.put("b", 1)
    assert rosters.get("a") is not None
    rosters.put("c", 1)
    assert rosters.get("b") is None
    assert rosters.get("a") is not None and rosters.get("c") is not None
