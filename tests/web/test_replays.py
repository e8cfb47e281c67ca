"""What a request costs in replays: a page replays the night at most once,
saving a hand scores that hand only, and phones watching one version of a
night share one replay (the services' side is tests/services/test_state.py)."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import GameTable, db
from scorekeeper.services.nights import kept as nights
from tests.fixtures_app import start_table
from tests.web.test_pages import hand


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


def test_saving_a_hand_on_the_form_scores_that_hand_only(client: FlaskClient,
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
