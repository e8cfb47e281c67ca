"""The poll gate in front of the app answers an unchanged poll itself, and
only ever what the app would answer: every request here is sent twice, once
through the app as it is served (the gate first) and once to the app behind
the gate, and the two answers must agree; the gate must have answered the
unchanged polls without building a Flask request."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask, request_started
from flask.testing import FlaskClient
from sqlalchemy.exc import OperationalError
from werkzeug.test import Client, TestResponse

from scorekeeper.db.models import Event, Owner, db
from scorekeeper.policy.acl import OwnerAction
from scorekeeper.services.board import BOARD, EVENTS
from scorekeeper.services.events import draws as event_draws
from scorekeeper.services.events import event as events
from scorekeeper.views.access import declared
from scorekeeper.views.poll_gate import PollGate
from scorekeeper.views.rendered import RENDERED
from scorekeeper.views.viewers.live import Poll
from scorekeeper.views.viewers.night import WATCHERS
from tests.conftest import PLAYERS
from tests.web.api_helpers import api_table

#: Headers that say when the answer was made (a second apart is the same
#: answer), or carry the client's own session (an error page's form token),
#: or name the request itself (an API answer's X-Request-Id, each its own).
CLOCK = {"Date", "X-Accel-Expires", "Set-Cookie", "X-Request-Id"}
#: An error page's form token: each client's own.
FORM_TOKEN = re.compile(rb'"X-CSRFToken": "[^"]*"')


@pytest.fixture()
def flask_requests(app: Flask) -> Iterator[list[str]]:
    """The paths of the requests Flask itself handled while the test ran."""
    seen: list[str] = []

    def note(sender: Flask, **extra: Any) -> None:
        from flask import request
        seen.append(request.path)
    request_started.connect(note, app)
    yield seen
    request_started.disconnect(note, app)


def gate_of(app: Flask) -> PollGate:
    gate = app.extensions["poll_gate"]
    assert isinstance(gate, PollGate)
    return gate


def both(app: Flask, client: FlaskClient, path: str, headers: dict[str, str],
         method: str = "GET") -> tuple[TestResponse, TestResponse]:
    """The answer through the gate, then the app's own answer to the same."""
    gated = client.open(path, method=method, headers=headers)
    behind = Client(gate_of(app).wsgi_app).open(path, method=method, headers=headers)
    return gated, behind


def assert_same(gated: TestResponse, behind: TestResponse) -> None:
    assert gated.status_code == behind.status_code, (gated.status, behind.status)
    assert FORM_TOKEN.sub(b"", gated.get_data()) == FORM_TOKEN.sub(b"", behind.get_data())
    mine = {k: v for k, v in gated.headers.items() if k not in CLOCK}
    theirs = {k: v for k, v in behind.headers.items() if k not in CLOCK}
    assert mine == theirs
    assert set(gated.headers.keys()) & CLOCK == set(behind.headers.keys()) & CLOCK


@pytest.fixture()
def event_token(app: Flask) -> str:
    with app.app_context():
        event, _ = events.create_event("Oktoberfest", "called-ace", sessions=1, rounds=1,
                                       entry_cents=0, places=[90], session_high=0)
        events.register(event, [f"Player {n}" for n in range(1, 241)], checked_in=True)
        event_draws.draw(event, 1, seed=3)
        return db.session.get(Event, event.id).view_token  # type: ignore[union-attr]


def bump(app: Flask, event_token: str) -> None:
    """A change to the event (its version raised), seen at once by this process."""
    with app.app_context():
        event = db.session.execute(
            db.select(Event).join(Event.owner).where(Owner.view_token == event_token)).scalar_one()
        event.owner.version += 1
        db.session.commit()
    EVENTS.clear()


def test_an_unchanged_poll_is_answered_before_flask_as_the_app_answers_it(
        app: Flask, client: FlaskClient, flask_requests: list[str]) -> None:
    table = api_table(client)
    live = f"/s/{table.view_token}/live"
    tag = client.get(live).headers["ETag"]
    flask_requests.clear()
    gated, behind = both(app, client, live, {"If-None-Match": tag})
    assert gated.status_code == 304 and gated.headers["ETag"] == tag
    assert flask_requests == [live]  # only the comparison went through Flask
    assert_same(gated, behind)


def test_a_poll_after_a_hand_goes_on_to_the_app_and_gets_the_new_fragment(
        app: Flask, client: FlaskClient, flask_requests: list[str]) -> None:
    table = api_table(client)
    live = f"/s/{table.view_token}/live"
    tag = client.get(live).headers["ETag"]
    assert table.add({"picker": PLAYERS[0], "partners": [PLAYERS[1]], "points": 70}
                     ).status_code == 201
    flask_requests.clear()
    gated, behind = both(app, client, live, {"If-None-Match": tag})
    assert gated.status_code == 200 and gated.headers["ETag"] != tag
    assert flask_requests == [live, live]
    assert_same(gated, behind)


def test_a_night_read_by_another_process_is_read_again_not_answered_from_memory(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A watcher whose tag is newer than the board's (a save on another app
    server) is never told "unchanged" from this process's older version."""
    monkeypatch.setattr(BOARD, "lifetime", 60.0)
    table = api_table(client)
    live = f"/s/{table.view_token}/live"
    old = client.get(live).headers["ETag"]
    newer = old.replace('"v0-', '"v1-', 1)
    gated, behind = both(app, client, live, {"If-None-Match": newer})
    assert gated.status_code == 200
    assert_same(gated, behind)


@pytest.mark.parametrize("sent", [
    "{tag}", "W/{tag}", "*", '"other", {tag}', '"v0-0-0-000000000000"', "{tag}, *",
    '"' + "9" * 30 + '-0-0-x"', "not a tag at all", "{tag}{tag}",
])
@pytest.mark.parametrize("query", ["", "?big=1", "?big=0", "?big=1&big=0", "?x=%ff"])
def test_every_if_none_match_a_night_poll_may_send_gets_the_apps_own_answer(
        app: Flask, client: FlaskClient, sent: str, query: str) -> None:
    table = api_table(client)
    live = f"/s/{table.view_token}/live"
    tag = client.get(live + query).headers["ETag"]
    assert_same(*both(app, client, live + query, {"If-None-Match": sent.format(tag=tag)}))


@pytest.mark.parametrize("query", ["", "?page=2", "?page=3", "?page=0", "?page=abc",
                                   "?big=1", "?big=1&page=2", "?page=99999"])
def test_a_leaderboard_poll_gets_the_apps_own_answer_for_every_page(
        app: Flask, client: FlaskClient, event_token: str, query: str,
        flask_requests: list[str]) -> None:
    live = f"/e/s/{event_token}/live"
    tag = client.get(live + query).headers["ETag"]
    for other in ("", "?page=2", "?big=1"):
        assert_same(*both(app, client, live + other, {"If-None-Match": tag}))
    flask_requests.clear()
    assert client.get(live + query, headers={"If-None-Match": tag}).status_code == 304
    assert flask_requests == []


def test_a_finished_event_changes_the_tag_the_gate_compares(
        app: Flask, client: FlaskClient, event_token: str) -> None:
    live = f"/e/s/{event_token}/live"
    tag = client.get(live).headers["ETag"]
    with app.app_context():
        event = db.session.execute(
            db.select(Event).join(Event.owner).where(Owner.view_token == event_token)).scalar_one()
        event.finished_at = event.created_at
        event.owner.version += 1
        db.session.commit()
    EVENTS.clear()
    gated, behind = both(app, client, live, {"If-None-Match": tag})
    assert gated.status_code == 200
    assert_same(gated, behind)


@pytest.mark.parametrize("path", [
    "/s/not-a-real-token-at-all/live", "/s/{token}", "/s/{token}/summary",
    "/s/{token}/live/", "/s//live", "/api/v1/live", "/s/{token}/LIVE"])
def test_what_the_gate_does_not_answer_goes_on_to_the_app(
        app: Flask, client: FlaskClient, path: str) -> None:
    table = api_table(client)
    tag = client.get(f"/s/{table.view_token}/live").headers["ETag"]
    assert_same(*both(app, client, path.format(token=table.view_token), {"If-None-Match": tag}))


def test_a_host_the_app_does_not_answer_to_gets_the_apps_refusal(
        app: Flask, client: FlaskClient) -> None:
    table = api_table(client)
    live = f"/s/{table.view_token}/live"
    tag = client.get(live).headers["ETag"]
    for host in ("evil.example", "LOCALHOST", "localhost:5000", ""):
        gated = client.get(live, headers={"If-None-Match": tag, "Host": host})
        behind = Client(app.wsgi_app).get(live, headers={"If-None-Match": tag, "Host": host})
        assert gated.status_code == behind.status_code
    assert client.get(live, headers={"If-None-Match": tag, "Host": "evil.example"}
                      ).status_code == 400


def test_a_head_request_and_a_post_go_on_to_the_app(app: Flask, client: FlaskClient) -> None:
    table = api_table(client)
    live = f"/s/{table.view_token}/live"
    tag = client.get(live).headers["ETag"]
    for method in ("HEAD", "POST"):
        assert_same(*both(app, client, live, {"If-None-Match": tag}, method=method))


def test_the_gate_answers_only_public_routes(app: Flask) -> None:
    for poll in gate_of(app).polls.values():
        assert declared(app.view_functions[poll.endpoint]) is OwnerAction.PUBLIC
    with pytest.raises(ValueError, match="not a public route"):
        PollGate(app, app.wsgi_app, [Poll("tables.ledger", WATCHERS, lambda args: ())])


def test_a_poll_while_the_database_is_busy_gets_the_apps_busy_answer(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    table = api_table(client)
    live = f"/s/{table.view_token}/live"
    tag = client.get(live).headers["ETag"]
    BOARD.clear()

    def busy(*args: Any, **kwargs: Any) -> None:
        raise OperationalError("SELECT", {}, Exception("database is locked"))
    monkeypatch.setattr(BOARD, "_refresh", busy)
    answer = client.get(live, headers={"If-None-Match": tag})
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "1"


@pytest.mark.parametrize("encodings", ["", "gzip", "gzip, deflate, br", "gzip;q=0", "identity"])
def test_a_fragment_already_rendered_for_the_version_is_sent_from_the_gate(
        app: Flask, client: FlaskClient, event_token: str, encodings: str,
        flask_requests: list[str]) -> None:
    """The leaderboard changes with every hand at any table: its watchers'
    polls are mostly a new fragment, rendered once and then sent to each
    from memory, in front of the app as the app would send it."""
    live = f"/e/s/{event_token}/live"
    old = client.get(live).headers["ETag"]
    bump(app, event_token)
    headers = {"If-None-Match": old, "Accept-Encoding": encodings}
    first = client.get(live, headers=headers)  # renders the new version's fragment
    assert first.status_code == 200 and first.headers["ETag"] != old
    flask_requests.clear()
    gated, behind = both(app, client, live, headers)
    assert flask_requests == [live]  # only the comparison went through Flask
    assert gated.status_code == 200
    assert_same(gated, behind)
    assert ("Content-Encoding" in gated.headers) == (encodings.startswith("gzip")
                                                     and "q=0" not in encodings)


@pytest.mark.parametrize("condition", [
    {"Range": "bytes=0-10"}, {"If-Match": "*"}, {"If-Modified-Since": "Sat, 01 Jan 2000 "
                                                 "00:00:00 GMT"},
    {"If-Unmodified-Since": "Sat, 01 Jan 2000 00:00:00 GMT"}, {"If-Range": '"x"'}])
def test_a_poll_with_another_condition_is_the_apps_to_weigh(
        app: Flask, client: FlaskClient, condition: dict[str, str],
        flask_requests: list[str]) -> None:
    table = api_table(client)
    live = f"/s/{table.view_token}/live"
    client.get(live)
    flask_requests.clear()
    gated, behind = both(app, client, live, condition)
    assert flask_requests == [live, live]
    assert_same(gated, behind)


def test_while_a_new_version_is_rendered_a_watcher_gets_the_newest_kept_without_waiting(
        app: Flask, client: FlaskClient, event_token: str, flask_requests: list[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    live = f"/e/s/{event_token}/live"
    first = client.get(live)
    bump(app, event_token)
    with monkeypatch.context() as patch:
        patch.setattr(RENDERED, "rendering", lambda key: True)  # another thread renders
        flask_requests.clear()
        unchanged = client.get(live, headers={"If-None-Match": first.headers["ETag"]})
        assert unchanged.status_code == 304 and unchanged.headers["ETag"] == first.headers["ETag"]
        newest = client.get(live)
        assert newest.status_code == 200 and newest.data == first.data
        assert newest.headers["ETag"] == first.headers["ETag"]
        assert flask_requests == []
        assert_same(*both(app, client, live, {"If-None-Match": '"e0-other"'}))
    rendered = client.get(live, headers={"If-None-Match": first.headers["ETag"]})
    assert rendered.status_code == 200 and rendered.headers["ETag"] != first.headers["ETag"]


def test_a_leaderboard_stands_its_settling_time_then_shows_the_change(
        app: Flask, client: FlaskClient, event_token: str, flask_requests: list[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Its tables save every few tenths of a second in a hall: a new version
    is rendered at most once per settling time, the one before sent meanwhile."""
    from scorekeeper.views.viewers import event as event_viewer

    monkeypatch.setattr(event_viewer.WATCHERS, "settle", 60.0)
    live = f"/e/s/{event_token}/live"
    first = client.get(live)
    bump(app, event_token)
    flask_requests.clear()
    again = client.get(live, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and flask_requests == []
    assert_same(*both(app, client, live, {}))
    monkeypatch.setattr(event_viewer.WATCHERS, "settle", 0.0)
    shown = client.get(live, headers={"If-None-Match": first.headers["ETag"]})
    assert shown.status_code == 200 and shown.headers["ETag"] != first.headers["ETag"]


def test_a_gate_that_fails_leaves_the_poll_to_the_app(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    table = api_table(client)
    live = f"/s/{table.view_token}/live"
    tag = client.get(live).headers["ETag"]

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("a fault of the gate's own")
    monkeypatch.setattr(gate_of(app), "answer", broken)
    answer = client.get(live, headers={"If-None-Match": tag})
    assert answer.status_code == 304 and answer.headers["ETag"] == tag
