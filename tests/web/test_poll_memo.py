"""A crowd sends the same few polls (a table's five phones hold the same
tag; a leaderboard's thousands a handful): the gate remembers each one's
answer for as long as the owner's version on the board stands, and answers
it again without working it out, as the app would answer it; a new
version, a Host no longer answered or another condition is worked out
again."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.services.board import BOARD, EVENTS
from scorekeeper.views.poll_gate import PollGate
from tests.conftest import PLAYERS
from tests.web.api_helpers import api_table
from tests.web.test_poll_gate import assert_same, both, bump, event_token, gate_of

__all__ = ["event_token"]  # the fixture, shared


@pytest.fixture()
def worked_out(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The paths of the polls the gate worked out (rather than remembered)."""
    seen: list[str] = []
    gate = gate_of(app)
    original = PollGate.answer

    def counted(self: PollGate, environ):  # type: ignore[no-untyped-def]
        seen.append(environ["PATH_INFO"])
        return original(self, environ)
    monkeypatch.setattr(PollGate, "answer", counted)
    assert gate.answer is not original
    for board in (BOARD, EVENTS):
        monkeypatch.setattr(board, "lifetime", 60.0)
    yield seen


def test_a_night_poll_asked_again_is_answered_as_before_while_the_night_stands(
        app: Flask, client: FlaskClient, worked_out: list[str]) -> None:
    table = api_table(client)
    live = f"/s/{table.view_token}/live"
    tag = client.get(live).headers["ETag"]
    worked_out.clear()
    first = client.get(live, headers={"If-None-Match": tag})
    assert first.status_code == 304 and worked_out == [live]
    gated, behind = both(app, client, live, {"If-None-Match": tag})
    assert worked_out == [live]  # remembered
    assert gated.status_code == 304
    assert_same(gated, behind)


def test_a_hand_ends_what_was_remembered(
        app: Flask, client: FlaskClient, worked_out: list[str]) -> None:
    table = api_table(client)
    live = f"/s/{table.view_token}/live"
    tag = client.get(live).headers["ETag"]
    assert client.get(live, headers={"If-None-Match": tag}).status_code == 304
    assert table.add({"picker": PLAYERS[0], "partners": [PLAYERS[1]], "points": 70}
                     ).status_code == 201
    gated, behind = both(app, client, live, {"If-None-Match": tag})
    assert gated.status_code == 200 and gated.headers["ETag"] != tag
    assert_same(gated, behind)


def test_a_leaderboard_page_asked_again_is_sent_as_before_and_not_with_a_condition(
        app: Flask, client: FlaskClient, event_token: str, worked_out: list[str]) -> None:
    live = f"/e/s/{event_token}/live"
    old = client.get(live).headers["ETag"]
    bump(app, event_token)
    headers = {"If-None-Match": old, "Accept-Encoding": "gzip"}
    client.get(live, headers=headers)  # renders the new version's fragment
    client.get(live, headers=headers)  # worked out by the gate, remembered
    worked_out.clear()
    gated, behind = both(app, client, live, headers)
    assert worked_out == [] and gated.status_code == 200
    assert gated.headers["Content-Encoding"] == "gzip"
    assert_same(gated, behind)
    ranged = {**headers, "Range": "bytes=0-10"}
    gated, behind = both(app, client, live, ranged)
    assert worked_out == [live]
    assert_same(gated, behind)


def test_a_host_no_longer_answered_to_is_refused_though_its_poll_was_remembered(
        app: Flask, client: FlaskClient, worked_out: list[str]) -> None:
    table = api_table(client)
    live = f"/s/{table.view_token}/live"
    headers = {"If-None-Match": client.get(live).headers["ETag"], "Host": "scores.example"}
    app.config["TRUSTED_HOSTS"] = ["localhost", "scores.example"]
    assert client.get(live, headers=headers).status_code == 304
    assert client.get(live, headers=headers).status_code == 304
    app.config["TRUSTED_HOSTS"] = ["localhost"]
    assert client.get(live, headers=headers).status_code == 400


def test_the_polls_remembered_are_bounded_the_oldest_going_first(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("scorekeeper.views.poll_gate.MEMOS_KEPT", 3)
    gate = gate_of(app)
    table = api_table(client)
    live = f"/s/{table.view_token}/live"
    tag = client.get(live).headers["ETag"]
    sent = [{"If-None-Match": tag, "Accept-Encoding": f"gzip;q=0.{n}"} for n in range(1, 6)]
    for headers in sent:
        assert client.get(live, headers=headers).status_code == 304
    kept = [key[-1] for key in gate._memos]
    assert kept == [h["Accept-Encoding"] for h in sent[-3:]]
