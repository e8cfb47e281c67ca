"""The API of a group's history from a spreadsheet (docs/api.md): a preview
writes nothing; a confirmation is one change of the group, made on the
preview's version; a retry with the same Idempotency-Key answers the same;
a group changed since is a 409; a bad file, a flagged night not left out or
new members not confirmed are 4xx in the one error shape, writing nothing;
only the group's edit token may do any of it; an import is taken back whole,
once, and not after a member it added has played since."""

from __future__ import annotations

import base64
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.api_helpers import assert_error
from tests.web.sheet_helpers import (
    API,
    auth,
    dump,
    group_version,
    group_with_a_night,
    night_rows_totals,
    sample,
)

KEY = {"Idempotency-Key": "sheet-import-0001"}


@pytest.fixture()
def group(client: FlaskClient) -> dict[str, Any]:
    return group_with_a_night(client)


def body(**more: Any) -> dict[str, Any]:
    return {"sheet": sample("history_nights.csv").decode(), "filename": "nights.csv", **more}


def confirmed(group: dict[str, Any], version: int) -> dict[str, Any]:
    _, bad = night_rows_totals()
    return body(confirm=True, version=version, exclude=bad, new_members=["Gus"])


def send(client: FlaskClient, group: dict[str, Any], json: Any, path: str = "import",
         headers: dict[str, str] | None = None) -> Any:
    return client.post(f"{API}/groups/{group['id']}/{path}", json=json,
                       headers={**group["run"], **(headers or {})})


def test_a_preview_says_everything_and_writes_nothing(
        app: Flask, client: FlaskClient, group: dict[str, Any]) -> None:
    before, version = dump(app, group["id"]), group_version(app, group["id"])
    answer = send(client, group, body())
    assert answer.status_code == 200
    shown = answer.get_json()
    assert shown["confirmed"] is False and shown["version"] == version
    assert [c["role"] for c in shown["columns"]] == ["date", *["player"] * 6, "ignore"]
    assert shown["dates"] == "mdy" and "can only be that" in shown["dates_said"]
    assert shown["skipped"] == ["Row 22 (Total) adds up other rows: left out"]
    assert len(shown["nights"]) == 20 and not shown["ready"]
    assert "flagged" in shown["refusal"]
    assert answer.headers["ETag"] == f'"{version}"'
    assert dump(app, group["id"]) == before and group_version(app, group["id"]) == version


def test_the_person_corrects_the_reading(client: FlaskClient, group: dict[str, Any]) -> None:
    shown = send(client, group, body(
        columns=["date", "player", "player", "player", "player", "player", "ignore", "ignore"],
        names={"Kathy": None}, stake_cents=50, unit="money")).get_json()
    assert shown["unit"] == "money" and shown["stake_cents"] == 50
    assert {n["sheet"]: (n["name"], n["member"]) for n in shown["names"]}["Kathy"] == \
        ("Kathy", False)
    assert "Kathy" in shown["new_members"] and "Gus" not in shown["new_members"]
    money = next(n for n in shown["nights"] if n["key"] == "2024-01-04")
    assert money["cents"] == {"Ann": 500, "Kathy": 600, "Dan": 800, "Eve": -1900}
    assert money["points"] == {"Ann": 10, "Kathy": 12, "Dan": 16, "Eve": -38}


def test_a_confirmation_is_one_change_and_its_retry_answers_the_same(
        app: Flask, client: FlaskClient, group: dict[str, Any]) -> None:
    version = group_version(app, group["id"])
    first = send(client, group, confirmed(group, version), headers=KEY)
    assert first.status_code == 200, first.get_json()
    made = first.get_json()
    assert made["confirmed"] is True and made["version"] == version + 1
    assert len(made["nights_made"]) == 19 and made["members_added"] == 1
    again = send(client, group, confirmed(group, version), headers=KEY)
    assert again.status_code == 200 and again.get_json() == made
    assert group_version(app, group["id"]) == version + 1
    other = send(client, group, {**confirmed(group, version), "stake_cents": 50}, headers=KEY)
    assert_error(other, 422, "Idempotency-Key")
    history = client.get(f"{API}/groups/{group['id']}", headers=group["run"]).get_json()
    assert len(history["nights"]) == 20 and "Gus" in history["players"]


def test_a_confirmation_on_an_older_version_is_refused(
        app: Flask, client: FlaskClient, group: dict[str, Any]) -> None:
    version = group_version(app, group["id"])
    night = client.post(f"{API}/tables", headers=group["run"], json={
        "group": group["id"], "played_on": "2026-11-19"})
    assert night.status_code == 201
    before = dump(app, group["id"])
    stale = send(client, group, confirmed(group, version))
    assert_error(stale, 409, "version")
    assert stale.get_json()["code"] == "conflict" and "changed" in stale.get_json()["error"]
    assert dump(app, group["id"]) == before


@pytest.mark.parametrize(("sent", "field"), [
    ({"sheet": "just one line"}, "sheet"),
    ({"sheet": ""}, "sheet"),
    ({"xlsx": base64.b64encode(b"PK\x03\x04 not really a zip").decode()}, "xlsx"),
    ({"xlsx": "not base64!"}, "xlsx"),
    ({"sheet": "Date,Ann\n1/2/2025,1\n", "xlsx": "AA=="}, "sheet"),
    ({}, "sheet"),
    ({"sheet": "a\x00b,c\nd,e\n"}, "sheet"),
])
def test_a_bad_file_is_refused_in_words(client: FlaskClient, group: dict[str, Any],
                                        sent: dict[str, Any], field: str) -> None:
    answer = send(client, group, sent)
    assert_error(answer, 400, field)
    assert answer.get_json()["code"] in ("import_refused", "invalid")


def test_a_body_that_isnt_json_or_is_too_big_is_refused(
        client: FlaskClient, group: dict[str, Any]) -> None:
    text = client.post(f"{API}/groups/{group['id']}/import", data="Date,Ann",
                       content_type="text/csv", headers=group["run"])
    assert_error(text, 415)
    big = send(client, group, {"sheet": "x" * 3_100_000})
    assert_error(big, 413)
    unknown = send(client, group, body(mapping={}))
    assert_error(unknown, 400, "mapping")
    assert unknown.get_json()["code"] == "unknown_field"
    wrong = send(client, group, body(columns=["date", "nonsense"]))
    assert_error(wrong, 400, "columns")


def test_nothing_comes_in_while_a_night_is_flagged_or_members_unconfirmed(
        app: Flask, client: FlaskClient, group: dict[str, Any]) -> None:
    version = group_version(app, group["id"])
    before = dump(app, group["id"])
    flagged = send(client, group, body(confirm=True, version=version, new_members=["Gus"]))
    assert_error(flagged, 400, "exclude")
    assert flagged.get_json()["code"] == "import_refused"
    _, bad = night_rows_totals()
    unconfirmed = send(client, group, body(confirm=True, version=version, exclude=bad))
    assert_error(unconfirmed, 400, "new_members")
    assert "Gus" in unconfirmed.get_json()["error"]
    assert dump(app, group["id"]) == before


def test_only_the_groups_edit_token_brings_a_sheet_in(
        client: FlaskClient, group: dict[str, Any]) -> None:
    path = f"{API}/groups/{group['id']}/import"
    assert_error(client.post(path, json=body()), 401)
    assert_error(client.post(path, json=body(), headers=auth(group["view_token"])), 403)
    assert_error(client.post(f"{API}/groups/{group['id']}/import/undo", json={
        "import": 1, "version": 0}, headers=auth(group["view_token"])), 403)


def test_an_import_is_taken_back_once_on_the_version_it_names(
        app: Flask, client: FlaskClient, group: dict[str, Any]) -> None:
    before = dump(app, group["id"])
    made = send(client, group, confirmed(group, group_version(app, group["id"]))).get_json()
    undo = {"import": made["import"], "version": made["version"]}
    stale = send(client, group, {**undo, "version": made["version"] - 1}, "import/undo")
    assert_error(stale, 409, "version")
    taken = send(client, group, undo, "import/undo", KEY)
    assert taken.status_code == 200
    assert taken.get_json() == {"undone": made["import"], "version": made["version"] + 1}
    assert send(client, group, undo, "import/undo", KEY).get_json() == taken.get_json()
    again = send(client, group, {**undo, "version": made["version"] + 1}, "import/undo")
    assert_error(again, 409, "import")
    assert dump(app, group["id"]) == before
    assert_error(send(client, group, {"import": 999, "version": 0}, "import/undo"), 404)


def test_an_import_isnt_taken_back_once_its_new_member_has_played_since(
        app: Flask, client: FlaskClient, group: dict[str, Any]) -> None:
    made = send(client, group, confirmed(group, group_version(app, group["id"]))).get_json()
    night = client.post(f"{API}/tables", headers=group["run"], json={
        "group": group["id"], "played_on": "2026-11-19",
        "players": ["Ann", "Bob", "Cathy", "Dan", "Gus"]})
    assert night.status_code == 201, night.get_json()
    refused = send(client, group, {"import": made["import"],
                                   "version": group_version(app, group["id"])}, "import/undo")
    assert_error(refused, 409, "import")
    assert "Gus" in refused.get_json()["error"] and "played since" in refused.get_json()["error"]
