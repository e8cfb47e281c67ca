"""A group may turn its skill rating off, and on again: its season table,
its players' pages (the scorekeeper's and the share link's) and its API
then show the money only; nothing the rating reads is lost, so turned on
again it is as it was.  The change is on the record; one that changes
nothing is refused.  And a member's page lists the other spellings of his
name the group remembers, each with Forget."""

from __future__ import annotations

import re
from datetime import date

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.db.models import AuditEntry, Group, db
from tests.fixtures_app import words
from tests.web.api_helpers import API
from tests.web.sheet_helpers import form_fields, group_version
from tests.web.test_groups_api import ApiGroup
from tests.web.test_rating_pages import season  # noqa: F401 (a fixture)


def _patch(group: ApiGroup, body: object, **headers: str) -> object:
    return group.client.patch(f"{API}/groups/{group.id}", json=body,
                              headers={**group.auth(), **headers})


def test_the_rating_turned_off_leaves_the_money_and_comes_back_as_it_was(
        app: Flask, client: FlaskClient, season: ApiGroup) -> None:  # noqa: F811
    before = season.get("/standings?season=2026").get_json()
    assert before["rating"] is True and len(before["ratings"]) == 5
    player_before = season.get("/players/Ann?season=2026").get_json()

    off = _patch(season, {"rating": False})
    assert off.status_code == 200, off.get_json()
    assert off.get_json() == {"changed": ["The skill rating is off"], "rating": False,
                              "version": group_version(app, season.id)}
    standings = season.get("/standings?season=2026").get_json()
    assert standings["rating"] is False and standings["ratings"] == []
    assert standings["players"] == before["players"]  # the money as it was
    player = season.get("/players/Ann?season=2026").get_json()
    assert player["rating"] is None
    assert player["best_partner"] == player_before["best_partner"]
    assert season.get().get_json()["rating"] is False

    table = words(client.get(f"/g/{season.id}/season?season=2026"))
    assert "rating-col" not in table and "is skill, not money" not in table
    shared = words(client.get(f"/gs/{season.view_token}?season=2026"))
    assert "rating-col" not in shared
    mine = words(client.get(f"/g/{season.id}/players/Ann?season=2026"))
    assert 'id="player-rating"' not in mine and 'id="best-partner"' in mine

    on = _patch(season, {"rating": True})
    assert on.status_code == 200 and on.get_json()["changed"] == [
        "The skill rating is shown again"]
    again = season.get("/standings?season=2026").get_json()
    assert again["ratings"] == before["ratings"]
    with app.app_context():
        group = db.session.get_one(Group, season.id)
        said = db.session.scalars(select(AuditEntry.summary).where(
            AuditEntry.owner_id == group.owner_id, AuditEntry.action == "settings")
            .order_by(AuditEntry.id)).all()
    assert said == ["The skill rating is off", "The skill rating is shown again"]


def test_a_change_that_changes_nothing_or_says_nothing_is_refused(
        app: Flask, season: ApiGroup) -> None:  # noqa: F811
    version = group_version(app, season.id)
    same = _patch(season, {"rating": True})
    assert same.status_code == 409 and same.get_json()["code"] == "unchanged"
    for body, field in (({}, "rating"), ({"rating": "no"}, "rating"),
                        ({"rating": False, "colour": "red"}, "colour")):
        refused = _patch(season, body)
        assert refused.status_code == 400, body
        assert refused.get_json()["field"] == field
    stale = _patch(season, {"rating": False}, **{"If-Match": f'"{version - 1}"'})
    assert stale.status_code == 412
    assert group_version(app, season.id) == version  # nothing written


def test_a_retried_change_is_answered_as_the_first_was(app: Flask,
                                                       season: ApiGroup) -> None:  # noqa: F811
    key = {"Idempotency-Key": "rating-off-1"}
    first = _patch(season, {"rating": False}, **key)
    again = _patch(season, {"rating": False}, **key)
    assert first.status_code == again.status_code == 200
    assert again.get_json() == first.get_json()
    assert again.headers.get("Idempotent-Replayed") == "true"


def test_the_share_link_cannot_turn_the_rating_off(season: ApiGroup) -> None:  # noqa: F811
    refused = season.client.patch(f"{API}/groups/{season.id}", json={"rating": False},
                                  headers=season.auth(season.view_token))
    assert refused.status_code in (401, 403)
    assert season.get().get_json()["rating"] is True


def test_the_share_page_switches_the_rating_and_says_why_not_beside_it(
        app: Flask, client: FlaskClient, season: ApiGroup) -> None:  # noqa: F811
    page = client.get(f"/g/{season.id}/share").get_data(as_text=True)
    assert "Turn the rating off" in page
    fields = form_fields(page, "rating-form")
    switched = client.post(f"/g/{season.id}/rating", data=fields)
    assert switched.status_code == 302
    page = words(client.get(f"/g/{season.id}/share"))
    assert "The skill rating is off." in page and "Show the rating again" in page
    stale = client.post(f"/g/{season.id}/rating", data=fields)  # the old page, tapped again
    assert stale.status_code in (409, 412)
    said = words(stale)
    assert 'id="rating-error"' in said
    assert season.get().get_json()["rating"] is False


def test_a_group_file_keeps_its_rating_switch(client: FlaskClient,
                                              season: ApiGroup) -> None:  # noqa: F811
    assert _patch(season, {"rating": False}).status_code == 200
    exported = season.get("/export").get_json()
    assert exported["rating"] is False
    copy = client.post(f"{API}/groups/import", json=exported)
    assert copy.status_code == 201, copy.get_json()
    body = copy.get_json()
    shown = client.get(f"{API}/groups/{body['id']}",
                       headers={"Authorization": f"Bearer {body['edit_token']}"}).get_json()
    assert shown["rating"] is False
    exported["rating"] = "off"
    bad = client.post(f"{API}/groups/import", json=exported)
    assert bad.status_code == 400 and bad.get_json()["field"] == "rating"


def test_a_members_page_lists_his_remembered_spellings_each_with_forget(
        app: Flask, client: FlaskClient) -> None:
    from tests.web.sheet_helpers import group_with_a_night
    from tests.web.test_sheet_conventions import NIGHTS, _bring_in, _spelled

    group = group_with_a_night(client)
    sheet = _spelled(NIGHTS[:2], date(2008, 1, 10), {"Dan": "D. Olson"})
    assert _bring_in(client, group, sheet, names={"D. Olson": "Dan"}).status_code == 200
    with client.session_transaction() as cookie:
        cookie["groups"] = {str(group["id"]): group["edit_token"]}
    page = client.get(f"/g/{group['id']}/players/Dan?season=all").get_data(as_text=True)
    assert 'id="player-aliases"' in page and "Forget that D. Olson is Dan" in page
    other = client.get(f"/g/{group['id']}/players/Ann?season=all").get_data(as_text=True)
    assert 'id="player-aliases"' not in other
    alias = client.get(f"{API}/groups/{group['id']}/aliases",
                       headers=group["run"]).get_json()["aliases"][0]["id"]
    gone = client.post(f"/g/{group['id']}/aliases/{alias}/forget",
                       data={**form_fields(page, f"forget-{alias}"), "reason": "another Dan"})
    assert gone.status_code == 302 and "/players/Dan" in gone.headers["Location"]
    after = words(client.get(gone.headers["Location"]))
    assert "Forgotten: D. Olson is Dan" in after and "Forget that D. Olson" not in after
    # the spelling stays listed, struck through, with who forgot it, when and why
    assert re.search(r"<s>(<bdi>)?D\. Olson(</bdi>)?</s>\s*<small class=\"muted\">Forgotten by "
                     r"[^,<]+, [A-Z][a-z]{2} \d+, \d\d:\d\d UTC: another Dan", after), after
    sheet_page = words(client.get(f"/g/{group['id']}/sheet"))
    assert "D. Olson" in sheet_page and "another Dan" in sheet_page


@pytest.mark.parametrize("switch", ["", "maybe"])
def test_a_switch_of_no_known_word_changes_nothing(client: FlaskClient, switch: str,
                                                   season: ApiGroup) -> None:  # noqa: F811
    page = client.get(f"/g/{season.id}/share").get_data(as_text=True)
    fields = form_fields(page, "rating-form")
    fields["rating"] = switch
    refused = client.post(f"/g/{season.id}/rating", data=fields)
    assert refused.status_code == 400 and 'id="rating-error"' in refused.get_data(as_text=True)
    assert season.get().get_json()["rating"] is True
