"""A big group's file is written as a job the first time at a version: the
page follows it with a progress bar to a download, the API answers 202 when
asked with ``Prefer: respond-async``; once written it is kept in the
database, so every server process gives it without working it out again,
until the group changes.  (Tests run a job inside the request.)"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.db.models import KeptExport, db
from scorekeeper.limits import JOB_NIGHTS
from scorekeeper.services.background import elsewhere
from scorekeeper.services.groups import exports
from tests.web.sheet_helpers import auth
from tests.web.test_group_round_trip import API, _league

ASYNC = {"Prefer": "respond-async"}


@pytest.fixture()
def league(client: FlaskClient) -> dict[str, Any]:
    """A group of one night more than a job's."""
    made = client.post(f"{API}/groups/import", json=_league(JOB_NIGHTS + 1))
    assert made.status_code == 201, made.get_json()
    group = {**made.get_json(), "run": auth(made.get_json()["edit_token"])}
    with client.session_transaction() as cookie:
        cookie["groups"] = {str(group["id"]): group["edit_token"]}
    return group


def _version(client: FlaskClient, group: dict[str, Any]) -> int:
    return int(client.get(f"{API}/groups/{group['id']}", headers=group["run"])
               .get_json()["version"])


def test_the_page_writes_a_big_groups_file_as_a_job_then_gives_it_as_kept(
        app: Flask, client: FlaskClient, league: dict[str, Any],
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked = client.get(f"/g/{league['id']}/export")
    assert asked.status_code == 303 and f"/g/{league['id']}/jobs/" in asked.location
    page = client.get(asked.location)
    assert page.status_code == 200 and 'id="job-ready"' in page.text
    assert "The group's file is ready" in page.text and 'id="job-download"' in page.text
    again = client.get(f"/g/{league['id']}/export")  # kept: the file itself
    assert again.status_code == 200
    assert again.headers["Content-Disposition"] == \
        f'attachment; filename="group-{league["id"]}.json"'
    assert len(json.loads(again.get_data(as_text=True))["nights"]) == JOB_NIGHTS + 1
    with app.app_context():
        kept = db.session.scalars(select(KeptExport).where(
            KeptExport.group_id == league["id"])).one()
        assert kept.version == _version(client, league)
        assert kept.body == again.get_data(as_text=True)
    exports.KEPT.clear()  # another server process: the database's copy, not worked out again
    monkeypatch.setattr(exports, "_text", lambda _: pytest.fail("worked out again"))
    assert client.get(f"{API}/groups/{league['id']}/export", headers=league["run"]
                      ).get_data(as_text=True) == again.get_data(as_text=True)


def test_a_changed_group_says_its_file_is_old_and_writes_it_again(
        app: Flask, client: FlaskClient, league: dict[str, Any]) -> None:
    first = client.get(f"/g/{league['id']}/export").location
    client.get(first)
    changed = client.patch(f"{API}/groups/{league['id']}", json={"rating": False},
                           headers=league["run"])
    assert changed.status_code == 200, changed.get_json()
    old = client.get(first)
    assert "The group changed since this file was written" in old.text
    assert 'id="job-export-again"' in old.text and 'id="job-download"' not in old.text
    second = client.get(f"/g/{league['id']}/export").location
    assert second != first
    assert "The group's file is ready" in client.get(second).text
    body = json.loads(client.get(f"/g/{league['id']}/export").get_data(as_text=True))
    assert body["rating"] is False
    with app.app_context():  # one kept a group: its newest
        assert db.session.scalars(select(KeptExport.version).where(
            KeptExport.group_id == league["id"])).all() == [_version(client, league)]


def test_the_api_answers_a_job_when_asked_and_the_file_once_written(
        client: FlaskClient, league: dict[str, Any]) -> None:
    path = f"{API}/groups/{league['id']}/export"
    taken = client.get(path, headers={**league["run"], **ASYNC})
    assert taken.status_code == 202, taken.get_json()
    job = taken.get_json()
    assert taken.headers["Location"] == job["url"] and job["kind"] == "group_export"
    done = client.get(job["url"], headers=league["run"]).get_json()
    assert (done["state"], done["status"]) == ("done", 200)
    assert done["answer"]["file"] == path and done["answer"]["version"] == \
        _version(client, league)
    assert done["done"] == done["total"] == JOB_NIGHTS + 1
    body = client.get(path, headers=league["run"])
    assert body.status_code == 200 and done["answer"]["bytes"] == len(body.get_data())
    kept = client.get(path, headers={**league["run"], **ASYNC})  # written: the file at once
    assert kept.status_code == 200 and kept.get_data() == body.get_data()
    view = auth(league["view_token"])
    assert client.get(path, headers={**view, **ASYNC}).status_code == 403
    assert client.get(job["url"], headers=view).status_code == 403


def test_a_small_groups_file_is_given_at_once_and_a_missing_job_is_404(
        client: FlaskClient) -> None:
    made = client.post(f"{API}/groups/import", json=_league(3)).get_json()
    with client.session_transaction() as cookie:
        cookie["groups"] = {str(made["id"]): made["edit_token"]}
    assert client.get(f"/g/{made['id']}/export").status_code == 200
    missing = client.get(f"/g/{made['id']}/jobs/999999")
    assert missing.status_code == 404 and 'id="job-gone"' in missing.text


def test_an_export_refused_while_the_server_was_busy_is_tried_again(
        client: FlaskClient, league: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    def busy(_: int) -> Any:
        raise elsewhere.Unavailable("The server is bringing in 2 other files right now")

    monkeypatch.setattr(exports, "_export_work", busy)
    first = client.get(f"/g/{league['id']}/export").location
    refused = client.get(first)
    assert refused.status_code == 503 and 'id="job-export-again"' in refused.text
    monkeypatch.undo()
    second = client.get(f"/g/{league['id']}/export").location
    assert second != first and "The group's file is ready" in client.get(second).text
