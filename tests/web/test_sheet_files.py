"""Another app's export as a file a table (games.csv, scores.csv, users.csv)
chosen together on the page or sent together as the API's ``files``: the
tables join by their ids into one sheet, the page says how, and the nights
come in to the test's own sums (two tables one day: two nights)."""

from __future__ import annotations

import csv
import io
from io import BytesIO
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.web.sheet_helpers import (
    API,
    finished,
    form_fields,
    group_with_a_night,
    standings_by_season,
    three_tables,
)


def _csv(rows: list[dict[str, str]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]))
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def csv_files(folder: Path, tables: dict[str, list[dict[str, str]]]) -> list[str]:
    """Each table written as its own CSV file in ``folder`` (the browser's
    file box is given them together): their paths."""
    paths = []
    for name, rows in tables.items():
        path = folder / f"{name}.csv"
        path.write_text(_csv(rows))
        paths.append(str(path))
    return paths


def _files(tables: dict[str, list[dict[str, str]]]) -> list[dict[str, str]]:
    return [{"filename": f"{name}.csv", "sheet": _csv(rows)} for name, rows in tables.items()]


def _send(client: FlaskClient, group: dict[str, Any], **body: Any) -> Any:
    return finished(client, client.post(f"{API}/groups/{group['id']}/import", json=body,
                                        headers=group["run"]), group["run"])


def _nonzero(points: dict[str, int]) -> dict[str, int]:
    return {name: value for name, value in points.items() if value}


def test_three_csv_files_sent_together_join_and_come_in_to_their_own_sums(
        app: Flask, client: FlaskClient) -> None:
    group = group_with_a_night(client)
    tables, sums = three_tables()
    files = _files(tables)
    shown = _send(client, group, files=files, tab=0).get_json()
    assert shown["ready"], shown.get("refusal")
    assert shown["file"]["kind"] == "files"
    assert shown["file"]["joins"] == ["scores' game_id names a row of games by its id",
                                      "scores' user_id names a row of users by its id"]
    assert len(shown["nights"]) == len(tables["games"])
    made = _send(client, group, files=files, tab=0, confirm=True, version=shown["version"],
                 new_members=shown["new_members"])
    assert made.status_code == 200, made.get_json()
    season = standings_by_season(app, group["id"], [2017])[2017]
    assert _nonzero(season) == _nonzero(sums) and len(sums) > 60


def test_files_and_a_sheet_at_once_or_a_file_that_cant_be_read_are_refused_by_name(
        client: FlaskClient) -> None:
    group = group_with_a_night(client)
    tables, _ = three_tables(3)
    both = _send(client, group, files=_files(tables), sheet="date,Ann\n")
    assert both.status_code == 400 and "files" in both.get_json()["error"]
    broken = [*_files(tables)[:2], {"filename": "users.json", "sheet": "[{"}]
    refused = _send(client, group, files=broken)
    assert refused.status_code == 400
    assert refused.get_json()["error"].startswith("users.json: This JSON file can't be read")


def test_the_page_takes_the_files_together_and_says_how_they_join(
        app: Flask, client: FlaskClient) -> None:
    group = group_with_a_night(client)
    with client.session_transaction() as cookie:
        cookie["groups"] = {str(group["id"]): group["edit_token"]}
    tables, sums = three_tables(12)
    upload = client.post(f"/g/{group['id']}/sheet", data={"file": [
        (BytesIO(_csv(rows).encode()), f"{name}.csv") for name, rows in tables.items()]},
        content_type="multipart/form-data")
    page = upload.get_data(as_text=True)
    assert upload.status_code == 200, page[:2000]
    assert 'id="sheet-joins"' in page and "scores + games + users" in page
    assert "scores&#39; user_id names a row of users by its id" in page
    fields = form_fields(page, "sheet-map")
    previewed = client.post(f"/g/{group['id']}/sheet/preview", data=fields)
    assert previewed.status_code == 200
    fields = form_fields(previewed.get_data(as_text=True), "sheet-map")
    fields.poplist("new_members")
    fields["all_new_members"] = "1"
    brought = client.post(f"/g/{group['id']}/sheet/confirm", data=fields)
    assert brought.status_code == 302, brought.get_data(as_text=True)[:2000]
    season = standings_by_season(app, group["id"], [2017])[2017]
    assert _nonzero(season) == _nonzero(sums)
