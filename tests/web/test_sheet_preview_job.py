"""A big sheet's preview is a job: the page follows it with a progress bar
to the nights it read, then shows each of their pages from what the job
kept (the sheet isn't read again) until something asked changes; the API
answers it as a job when asked with ``Prefer: respond-async``, the same
answer the preview gives at once.  Nothing is written."""

from __future__ import annotations

from io import BytesIO
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.limits import JOB_ROWS
from scorekeeper.services.groups.sheets import staged
from tests.web.sheet_helpers import dump, form_fields, group_with_a_night, preview_page
from tests.web.test_sheet_jobs import _send, league

NIGHTS = JOB_ROWS + 150


def _uploaded(client: FlaskClient) -> tuple[dict[str, Any], Any]:
    group = group_with_a_night(client)
    with client.session_transaction() as cookie:
        cookie["groups"] = {str(group["id"]): group["edit_token"]}
    sheet, _ = league(NIGHTS)
    upload = client.post(f"/g/{group['id']}/sheet", data={
        "file": (BytesIO(sheet.encode()), "league.csv")}, content_type="multipart/form-data")
    assert upload.status_code == 200
    return group, form_fields(upload.text, "sheet-map")


def test_the_page_reads_a_big_sheet_as_a_job_and_pages_what_it_kept(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    group, fields = _uploaded(client)
    before = dump(app, group["id"])
    asked = client.post(f"/g/{group['id']}/sheet/preview", data=fields)
    assert asked.status_code == 303 and f"/g/{group['id']}/jobs/" in asked.location
    polled = client.get(asked.location, headers={"HX-Request": "true"})
    assert polled.status_code == 204
    shown_at = polled.headers["HX-Redirect"]
    assert f"/g/{group['id']}/sheet/preview?job=" in shown_at
    page = client.get(shown_at)
    assert page.status_code == 200 and 'id="sheet-summary"' in page.text
    assert f"Nights 1–100 of {NIGHTS}" in page.text
    fields = form_fields(page.text, "sheet-map")
    fields["night_page"] = "2"  # the columns now said as guessed: asked once more
    second = preview_page(client, group["id"], fields)
    assert f"Nights 101–200 of {NIGHTS}" in second.text
    monkeypatch.setattr(staged, "preview", lambda *_: pytest.fail("the sheet read again"))
    fields = form_fields(second.text, "sheet-map")
    fields["night_page"] = "3"
    third = client.post(f"/g/{group['id']}/sheet/preview", data=fields)
    assert third.status_code == 200, third.text[:500]
    assert f"Nights 201–300 of {NIGHTS}" in third.text
    monkeypatch.undo()
    fields.add("exclude", "2005-01-06")  # asked otherwise: read again, as a job
    other = client.post(f"/g/{group['id']}/sheet/preview", data=fields)
    assert other.status_code == 303 and other.location != asked.location
    assert f"{NIGHTS - 1} nights to bring in" in client.get(
        client.get(other.location).location).text
    assert dump(app, group["id"]) == before
    changed = client.patch(f"/api/v1/groups/{group['id']}", json={"rating": False},
                           headers=group["run"])
    assert changed.status_code == 200  # the group changed: what was read is old
    stale = client.get(shown_at)
    assert stale.status_code == 409 and 'id="job-stale"' in stale.text
    again = preview_page(client, group["id"], form_fields(stale.text, "job-again"))
    assert again.status_code == 200 and f"Nights 1–100 of {NIGHTS}" in again.text
    missing = client.get(f"/g/{group['id']}/sheet/preview?job=999999")
    assert missing.status_code == 404 and "No such job" in missing.text


def test_the_api_answers_a_preview_as_a_job_when_asked(
        app: Flask, client: FlaskClient) -> None:
    group = group_with_a_night(client)
    sheet, _ = league(NIGHTS)
    before = dump(app, group["id"])
    at_once = _send(client, group, sheet).get_json()
    taken = _send(client, group, sheet, {"Prefer": "respond-async"})
    assert taken.status_code == 202, taken.get_json()
    job = taken.get_json()
    assert job["kind"] == "sheet_preview" and taken.headers["Location"] == job["url"]
    done = client.get(job["url"], headers=group["run"]).get_json()
    assert (done["state"], done["status"]) == ("done", 200)
    assert done["answer"] == at_once and len(done["answer"]["nights"]) == NIGHTS
    assert dump(app, group["id"]) == before
