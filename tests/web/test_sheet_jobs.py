"""A big sheet is brought in (or taken back) as a job: the API answers 202
with the job's address at once, and the job, once done, answers what the
write would have; its retry finds the same job; a refused one writes
nothing.  The page follows the same job with a progress bar.  (Tests run a
job inside the request; tests/browser/test_sheet_jobs.py runs them after
it, as a server does.)"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from io import BytesIO
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.limits import JOB_ROWS
from tests.web.sheet_helpers import (
    API,
    dump,
    form_fields,
    group_with_a_night,
    preview_page,
    standings_by_season,
)

PLAYERS = ["Ann", "Bob", "Cathy", "Dan", "Eve"]


def league(nights: int, first: date = date(2005, 1, 6), players: list[str] = PLAYERS
           ) -> tuple[str, dict[int, dict[str, int]]]:
    """A sheet of a row a night, each night's points different, and each
    season's sums per player worked out here."""
    rows, sums = ["Date," + ",".join(players)], {}
    for n in range(nights):
        day = first + timedelta(days=7 * n)
        points = [n % 7 - 3, (n * 3) % 5 - 2, 1, -1]
        points.append(-sum(points))
        rows.append(f"{day.isoformat()}," + ",".join(map(str, points)))
        season = sums.setdefault(day.year, {})
        for name, p in zip(players, points, strict=True):
            season[name] = season.get(name, 0) + p
    return "\n".join(rows) + "\n", sums


def _send(client: FlaskClient, group: dict[str, Any], sheet: str, headers: Any = None,
          **more: Any) -> Any:
    return client.post(f"{API}/groups/{group['id']}/import",
                       headers={**group["run"], **(headers or {})},
                       json={"sheet": sheet, "filename": "league.csv", **more})


def test_a_big_sheet_confirmed_is_a_job_that_answers_the_import_to_its_own_sums(
        app: Flask, client: FlaskClient) -> None:
    group = group_with_a_night(client)
    sheet, sums = league(JOB_ROWS + 100)
    shown = _send(client, group, sheet).get_json()
    assert shown["ready"], shown["refusal"]
    key = {"Idempotency-Key": "league-import-1"}
    body = {"confirm": True, "version": shown["version"], "new_members": shown["new_members"]}
    taken = _send(client, group, sheet, key, **body)
    assert taken.status_code == 202, taken.get_json()
    job = taken.get_json()
    assert taken.headers["Location"] == job["url"] == \
        f"/api/v1/groups/{group['id']}/jobs/{job['job']}"
    assert taken.headers["Retry-After"] == "1" and job["kind"] == "sheet_import"
    followed = client.get(job["url"], headers=group["run"])
    assert followed.status_code == 200
    done = followed.get_json()
    assert (done["state"], done["status"], done["stage"]) == ("done", 200, "Done")
    assert done["answer"]["confirmed"] and len(done["answer"]["nights_made"]) == JOB_ROWS + 100
    assert done["total"] == JOB_ROWS + 100 and done["finished_at"]
    for moment in (done["at"], done["finished_at"]):  # said with their offset, as every moment
        assert datetime.fromisoformat(moment).utcoffset() == timedelta(0)
    years = sorted(sums)
    season = standings_by_season(app, group["id"], years)
    assert {y: {k: v for k, v in season[y].items() if k in PLAYERS} for y in years} == sums
    again = _send(client, group, sheet, key, **body)  # the retry: the same job, finished
    assert again.status_code == 202 and again.get_json()["job"] == job["job"]
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert again.get_json()["answer"] == done["answer"]
    assert client.get(job["url"]).status_code == 401  # the edit token only
    view = {"Authorization": f"Bearer {group['view_token']}"}
    assert client.get(job["url"], headers=view).status_code == 403
    assert client.get(f"{API}/groups/{group['id']}/jobs/999999",
                      headers=group["run"]).status_code == 404


def test_a_job_refused_says_why_with_its_status_and_writes_nothing(
        app: Flask, client: FlaskClient) -> None:
    group = group_with_a_night(client)
    sheet, _ = league(JOB_ROWS + 1)
    shown = _send(client, group, sheet).get_json()
    before = dump(app, group["id"])
    stale = _send(client, group, sheet, confirm=True, version=shown["version"] - 1,
                  new_members=shown["new_members"])
    assert stale.status_code == 202
    refused = client.get(stale.get_json()["url"], headers=group["run"]).get_json()
    assert (refused["state"], refused["status"]) == ("refused", 409)
    assert refused["answer"]["code"] == "conflict" and refused["answer"]["field"] == "version"
    assert "The group changed since this preview was made" in refused["answer"]["error"]
    assert dump(app, group["id"]) == before


def test_an_undo_asked_as_a_job_takes_the_import_back_whole(
        app: Flask, client: FlaskClient) -> None:
    group = group_with_a_night(client)
    before = dump(app, group["id"])
    sheet, _ = league(30)
    shown = _send(client, group, sheet).get_json()
    made = _send(client, group, sheet, confirm=True, version=shown["version"],
                 new_members=shown["new_members"])
    assert made.status_code == 200  # small: answered in the request
    record = made.get_json()
    undone = client.post(f"{API}/groups/{group['id']}/import/undo",
                         headers={**group["run"], "Prefer": "respond-async"},
                         json={"import": record["import"], "version": record["version"]})
    assert undone.status_code == 202 and undone.get_json()["kind"] == "sheet_undo"
    done = client.get(undone.headers["Location"], headers=group["run"]).get_json()
    assert done["state"] == "done"
    assert done["answer"] == {"undone": record["import"], "version": record["version"] + 1}
    assert dump(app, group["id"]) == before


def test_the_page_follows_a_big_import_as_a_job_and_a_double_tap_follows_the_same_one(
        app: Flask, client: FlaskClient) -> None:
    group = group_with_a_night(client)
    with client.session_transaction() as cookie:
        cookie["groups"] = {str(group["id"]): group["edit_token"]}
    base = f"/g/{group['id']}/sheet"
    sheet, _ = league(JOB_ROWS + 20, players=[*PLAYERS[:4], "Zed"])
    upload = client.post(base, data={"file": (BytesIO(sheet.encode()), "league.csv")},
                         content_type="multipart/form-data")
    preview = preview_page(client, group["id"], form_fields(upload.text, "sheet-map"))
    fields = form_fields(preview.text, "sheet-map")
    refused = client.post(f"{base}/confirm", data=fields)  # the new members not confirmed
    assert refused.status_code == 303
    page = client.get(refused.location)
    assert page.status_code == 400 and 'id="job-refused"' in page.text
    assert "Nothing was written" in page.text
    assert "1 new member would join the group (Zed)" in page.text
    again = preview_page(client, group["id"], form_fields(page.text, "job-again"))
    assert again.status_code == 200 and 'id="sheet-summary"' in again.text
    fields = form_fields(again.text, "sheet-map")
    fields.add("new_members", "Zed")
    first = client.post(f"{base}/confirm", data=fields)
    twin = client.post(f"{base}/confirm", data=fields)  # the double tap
    assert first.status_code == twin.status_code == 303 and first.location == twin.location
    polled = client.get(first.location, headers={"HX-Request": "true"})
    assert polled.status_code == 204 and polled.headers["HX-Redirect"].endswith("#imports")
    imports = client.get(f"{base}").text
    assert imports.count("data-import=") == 1
    assert f"Brought in {JOB_ROWS + 20} nights" in imports
