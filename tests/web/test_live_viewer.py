"""Every watcher behind a view link is served the same way, a night's, a
group's and an event's alike: a page or a poll asked again is sent from
memory, gzipped for a phone that accepts it, without reading the database;
a poll that has its version's tag is a 304; and the tag starts with the
owner's letter and version, which the next poll's tag is read back by."""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event as sqlalchemy_event

from scorekeeper.db.models import Event, GameTable, Group, Owner, db
from scorekeeper.services.board import BOARD, EVENTS, GROUPS
from scorekeeper.services.events import draws as event_draws
from scorekeeper.services.events import event as events
from tests.fixtures_app import start_table
from tests.web.test_groups_pages import start_group

#: The page each owner's watchers open, its letter, and the table its version is in.
WATCHED: dict[str, tuple[str, str, Any]] = {
    "viewer": ("/s/{}", "v", GameTable), "group_viewer": ("/gs/{}", "g", Group),
    "event_viewer": ("/e/s/{}", "e", Event)}


@contextmanager
def statements(app: Flask) -> Iterator[list[str]]:
    """The SQL statements run while the block runs."""
    ran: list[str] = []

    def count(*args: Any) -> None:
        ran.append(str(args[2]))
    with app.app_context():
        engine = db.engine
    sqlalchemy_event.listen(engine, "before_cursor_execute", count)
    try:
        yield ran
    finally:
        sqlalchemy_event.remove(engine, "before_cursor_execute", count)


@pytest.fixture()
def tokens(app: Flask, client: FlaskClient) -> dict[str, str]:
    """The view token of a night, a group and an event with a drawn session."""
    table_id, group_id = start_table(client), start_group(client)
    with app.app_context():
        event, _ = events.create_event(
            "Oktoberfest", "called-ace", sessions=1, rounds=1, entry_cents=2500,
            places=[30, 15], session_high=5)
        events.register(event, [f"Player {n}" for n in range(1, 11)], checked_in=True)
        event_draws.draw(event, 1, seed=11)
        table, group = db.session.get(GameTable, table_id), db.session.get(Group, group_id)
        assert table is not None and group is not None
        return {"viewer": table.view_token, "group_viewer": group.view_token,
                "event_viewer": event.view_token}


@pytest.fixture()
def slow_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Versions read once answer for a minute: however slow the machine, the
    second request of a test is answered from the board."""
    for board in (BOARD, GROUPS, EVENTS):
        monkeypatch.setattr(board, "lifetime", 60.0)


@pytest.mark.parametrize("owner", sorted(WATCHED))
def test_a_watchers_page_and_poll_asked_again_read_nothing_from_the_database(
        app: Flask, tokens: dict[str, str], slow_boards: None, owner: str) -> None:
    page = WATCHED[owner][0].format(tokens[owner])
    watcher = app.test_client()
    first, polled = watcher.get(page), watcher.get(f"{page}/live")
    assert first.status_code == polled.status_code == 200
    with statements(app) as ran:
        again = watcher.get(page)
        packed = watcher.get(page, headers={"Accept-Encoding": "gzip"})
        unchanged = watcher.get(f"{page}/live", headers={"If-None-Match": polled.headers["ETag"]})
    assert ran == []
    assert again.data == first.data and again.headers["ETag"] == first.headers["ETag"]
    assert packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.data) == first.data
    assert unchanged.status_code == 304 and unchanged.headers["ETag"] == polled.headers["ETag"]


@pytest.mark.parametrize("owner", sorted(WATCHED))
def test_a_tag_names_the_owner_and_the_version_it_shows(
        app: Flask, client: FlaskClient, tokens: dict[str, str], owner: str) -> None:
    address, letter, model = WATCHED[owner]
    token = tokens[owner]
    with app.app_context():
        version = db.session.execute(
            db.select(Owner.version).where(Owner.view_token == token)).scalar_one()
    for url in (address.format(token), address.format(token) + "/live"):
        assert client.get(url).headers["ETag"].startswith(f'"{letter}{version}-'), url


@pytest.mark.parametrize("owner", sorted(WATCHED))
def test_a_link_no_owner_has_is_a_404_page_and_poll(client: FlaskClient, owner: str) -> None:
    page = WATCHED[owner][0].format("not-a-real-token-at-all")
    assert client.get(page).status_code == 404
    polled = client.get(f"{page}/live")
    # the poll swaps in the notice that ends polling, never a whole error page
    assert polled.status_code == 404 and 'class="live gone"' in polled.text
    assert "<html" not in polled.text.lower()
