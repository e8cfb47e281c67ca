"""The per-request table state and the hand commands, without HTTP: a request
replays the night once, a write that finds the table changed works on the
new night, and every command leaves the stored hands replaying to what it
returned."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import GameTable, db
from scorekeeper.rules import Hand
from scorekeeper.services import hands as hand_service
from scorekeeper.services import nights
from scorekeeper.services import state as state_module
from scorekeeper.services.hands import Change, Ref
from scorekeeper.services.state import TableState
from scorekeeper.services.tables import create_table
from tests.conftest import PLAYERS
from tests.fixtures_app import start_table
from tests.web.test_pages import hand

WIN = Hand(picker="Bob", partners=("Cat",), points=75)


@pytest.fixture()
def replays(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts the hands each replay scores (its hands after the ones it reuses)."""
    calls: list[int] = []
    real = state_module.replay

    def counting(rules: Any, players: Any, hands: Any, present: Any = None,
                 **how: Any) -> Any:
        calls.append(len(hands) - how.get("start", 0))
        return real(rules, players, hands, present, **how)

    monkeypatch.setattr(state_module, "replay", counting)
    monkeypatch.setattr(nights, "replay", counting)
    yield calls


def state_of(table_id: int) -> TableState:
    table = db.session.get(GameTable, table_id)
    assert table is not None
    return TableState.load(table)


@pytest.mark.parametrize(("method", "path"), [
    ("get", ""), ("get", "/hand/new"), ("get", "/hand/2/edit"), ("post", "/hand/preview"),
    ("get", "/settle"), ("get", "/summary"), ("get", "/players"),
])
def test_a_page_replays_the_night_at_most_once(
        client: FlaskClient, replays: list[int], method: str, path: str) -> None:
    table_id = start_table(client)
    for _ in range(3):
        assert hand(client, table_id, picker="Bob", partners=["Cat"], points="75").status_code \
            == 302
    replays.clear()
    data = {"kind": "picked", "picker": "Ann", "partners": ["Dan"], "points": "80"}
    response = getattr(client, method)(f"/t/{table_id}{path}", data=data)
    assert response.status_code == 200
    # the night was kept when it was recorded: only a preview scores its own hand
    assert sum(replays) <= 1, replays


def test_recording_a_hand_scores_that_hand_only(client: FlaskClient,
                                                replays: list[int]) -> None:
    table_id = start_table(client)
    for _ in range(5):
        assert hand(client, table_id, picker="Bob", partners=["Cat"], points="75").status_code \
            == 302
    replays.clear()
    assert hand(client, table_id, picker="Bob", partners=["Cat"], points="75").status_code \
        == 302
    assert client.get(f"/t/{table_id}").status_code == 200
    assert replays == [1]


def test_another_process_catches_up_from_the_audit_log(
        app: Flask, client: FlaskClient, replays: list[int]) -> None:
    """A process that kept an older version scores only what changed since."""
    table_id = start_table(client)
    for points in ("75", "30", "95"):
        assert hand(client, table_id, picker="Bob", partners=["Cat"], points=points) \
            .status_code == 302
    with app.app_context():
        token = db.session.get(GameTable, table_id).view_token  # type: ignore[union-attr]
    older = nights.NIGHTS.get(token)
    assert older is not None and len(older.hands) == 3
    assert hand(client, table_id, picker="Dan", partners=["Eve"], points="61").status_code \
        == 302
    with app.app_context():
        appended = TableState.load(db.session.get(GameTable, table_id))  # type: ignore[arg-type]
        nights.NIGHTS.clear()
        nights.NIGHTS.put(token, older)  # as if this process had seen only three hands
        replays.clear()
        assert len(appended.night.results) == 4 and replays == [1]
        full = nights.read(table_id, appended.rules, appended.players, appended.version)
        assert appended.night.results == full.night.results
    with app.app_context():
        hand_service.replace_hand(state_of(table_id), Ref(hand_id=older.hand_ids[1]),
                                  Hand(picker="Ann", partners=("Dan",), points=80))

        nights.NIGHTS.clear()
        nights.NIGHTS.put(token, older)
        replays.clear()
        now = TableState.load(db.session.get(GameTable, table_id))  # type: ignore[arg-type]
        assert [r.hand.picker for r in now.night.results] == ["Bob", "Ann", "Bob", "Dan"]
        assert replays == [3]  # from the edited hand on
        full = nights.read(table_id, now.rules, now.players, now.version)
        assert now.night.results == full.night.results


def test_a_write_on_a_stale_state_works_on_the_night_as_it_is_now(app: Flask) -> None:
    with app.app_context():
        table, _ = create_table("Friday", PLAYERS, "called-ace")
        stale = TableState.load(table)
        assert stale.hands == ()
        hand_service.record_hand(state_of(table.id), WIN)  # another phone, meanwhile
        saved = hand_service.record_hand(stale, WIN)
        assert saved is not None and saved.result.number == 2
        assert saved.result.balances["Bob"] == 4
        assert len(state_of(table.id).hands) == 2


def test_the_commands_leave_hands_that_replay_to_what_they_returned(app: Flask) -> None:
    with app.app_context():
        table, _ = create_table("Friday", PLAYERS, "called-ace")
        table_id = table.id
        first = hand_service.record_hand(state_of(table_id), WIN)
        inserted = hand_service.record_hand(state_of(table_id), Hand(kind="leaster",
                                                                      winner="Dan"), before=1)
        assert first is not None and inserted is not None and inserted.result.number == 1
        assert state_of(table_id).hand_ids == (inserted.hand_id, first.hand_id)
        replaced = hand_service.replace_hand(state_of(table_id), 2, Hand(
            picker="Eve", partners=("Ann",), points=30))
        assert replaced is not None
        assert state_of(table_id).night.balances == replaced.result.balances
        proposal = hand_service.propose(state_of(table_id), Change.DELETE, number=1)
        hand_service.delete_hand(state_of(table_id), 1)
        now = state_of(table_id)
        assert now.night.balances == proposal.night.balances
        assert [r.hand.picker for r in now.night.results] == ["Eve"]


def test_phones_watching_one_version_of_the_night_share_one_replay(
        app: Flask, client: FlaskClient, replays: list[int]) -> None:
    table_id = start_table(client)
    assert hand(client, table_id, picker="Bob", partners=["Cat"], points="75").status_code == 302
    with app.app_context():
        token = db.session.get(GameTable, table_id).view_token  # type: ignore[union-attr]
    viewer = app.test_client()
    nights.NIGHTS.clear()  # as in a process that never saw this night
    replays.clear()
    for _ in range(3):
        assert viewer.get(f"/s/{token}").status_code == 200
        assert client.get(f"/t/{table_id}").status_code == 200
    assert replays == [1]
    assert hand(client, table_id, picker="Dan", partners=["Eve"], points="30").status_code == 302
    replays.clear()
    page = viewer.get(f"/s/{token}").get_data(as_text=True)
    assert replays == []  # the save kept the new night for every viewer
    assert 'data-player="Dan" data-points="-1"' not in page and 'data-player="Dan"' in page
    assert viewer.get(f"/s/{token}").status_code == 200 and replays == []


def test_a_write_never_shares_the_night_it_works_on(app: Flask) -> None:
    """Inside a write the version is already raised but not committed: a night
    worked out there must not be kept under that version."""
    with app.app_context():
        table, _ = create_table("Friday", PLAYERS, "called-ace")
        stale = TableState.load(table)
        hand_service.record_hand(state_of(table.id), WIN)  # another phone, meanwhile
        hand_service.record_hand(stale, WIN)  # reloads under the lock
        now = state_of(table.id)
        assert [r.hand.picker for r in now.night.results] == ["Bob", "Bob"]
        assert now.night.balances["Bob"] == 4
