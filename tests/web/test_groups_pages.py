"""A group's pages: starting a group, its next night filled in from the last,
the season and player pages, closing a night onto the tab and settling it,
the read-only share pages (never a write, 403 for the scorekeeper's pages),
and the start page listing this phone's groups."""

from __future__ import annotations

import re
from datetime import date

from flask.testing import FlaskClient

from scorekeeper.db.models import TABLE, AuditEntry, GameTable, Group, db
from scorekeeper.views.caching import SHARED
from tests.fixtures_app import start_table, words

FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def start_group(client: FlaskClient, players: str = "Ann\nBob\nCat\nDan\nEve\nFay") -> int:
    response = client.post("/g/new", data={"name": "Thursday", "players": players,
                                           "preset": "called-ace", "stake_cents": "25"})
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].split("/")[2])


def start_night(client: FlaskClient, group_id: int, **data: object) -> int:
    form = client.get(f"/?group={group_id}")
    assert form.status_code == 200
    players = re.findall(r'name="players" value="([^"]*)"', form.get_data(as_text=True))
    body = {"group": str(group_id), "name": "Thursday", "players": players,
            "preset": "called-ace", "stake_cents": "25",
            "played_on": date.today().isoformat(), **data}
    response = client.post("/", data=body)
    assert response.status_code == 302, words(response)
    return int(response.headers["Location"].split("/")[2])


def record_win(client: FlaskClient, table_id: int) -> None:
    response = client.post(f"/api/v1/tables/{table_id}/hands", json={
        "picker": "Ann", "partners": ["Cat"], "points": 75},
        headers={"Authorization": f"Bearer {edit_token(client, table_id)}"})
    assert response.status_code == 201, response.get_json()


def edit_token(client: FlaskClient, table_id: int) -> str:
    with client.session_transaction() as session:
        return str(session["editors"][str(table_id)])


def test_a_group_starts_and_its_first_night_has_every_regular(client: FlaskClient) -> None:
    group_id = start_group(client)
    home = client.get(f"/g/{group_id}")
    assert home.status_code == 200 and "Start tonight's night" in words(home)
    form = words(client.get(f"/?group={group_id}"))
    assert "Thursday: tonight's night" in form
    assert re.findall(r'name="players" value="([^"]*)"', form) == [*FIVE, "Fay"]
    assert 'name="played_on"' in form


def test_the_next_night_has_last_nights_players_who_stayed_and_taps_the_others(
        client: FlaskClient) -> None:
    group_id = start_group(client)
    first = start_night(client, group_id, players=FIVE)
    assert client.post(f"/t/{first}/players", data={"action": "leave", "name": "Eve"}
                       ).status_code in (302, 200)
    form = client.get(f"/?group={group_id}").get_data(as_text=True)
    assert re.findall(r'name="players" value="([^"]*)"', form) == FIVE[:4]
    regulars = re.findall(r'value="join-(\d+)"[^>]*>\+ (?:<bdi>)?([^<]+)', form)
    assert [name for _, name in regulars] == ["Eve", "Fay"]
    tapped = client.post("/", data={"group": str(group_id), "name": "Thursday",
                                    "players": FIVE[:4], "player_action": "join-1",
                                    "preset": "called-ace", "stake_cents": "25"})
    assert re.findall(r'name="players" value="([^"]*)"', tapped.get_data(as_text=True)) == \
        [*FIVE[:4], "Fay"]


def test_a_new_name_on_a_groups_night_joins_the_group(client: FlaskClient) -> None:
    group_id = start_group(client)
    start_night(client, group_id, players=[*FIVE[:4], "Gus"])
    with client.application.app_context():
        group = db.session.get(Group, group_id)
        assert [m.name for m in group.members] == [*FIVE, "Fay", "Gus"]


def test_a_bad_date_is_said_next_to_the_field_and_nothing_starts(client: FlaskClient) -> None:
    group_id = start_group(client)
    response = client.post("/", data={"group": str(group_id), "name": "Thursday",
                                      "players": FIVE, "preset": "called-ace",
                                      "stake_cents": "25", "played_on": "2999-01-01"})
    assert response.status_code == 400
    assert "date must be from 2000 to today" in words(response)
    with client.application.app_context():
        assert db.session.query(GameTable).count() == 0


def test_the_season_and_player_pages_add_the_nights_up(client: FlaskClient) -> None:
    group_id = start_group(client)
    night = start_night(client, group_id, players=FIVE, played_on="2025-06-05")
    record_win(client, night)
    season = client.get(f"/g/{group_id}/season?season=2025")
    text = words(season)
    assert season.status_code == 200 and "1 night · 1 hand" in text
    assert 'data-player="Ann"' in text and "+2" in text
    assert words(client.get(f"/g/{group_id}/season")).count("No nights in") == 1
    assert "1 night · 1 hand" in words(client.get(f"/g/{group_id}/season?season=all"))
    player = words(client.get(f"/g/{group_id}/players/ann?season=2025"))
    assert "Picked" in player and "won 1, 100%" in player
    assert client.get(f"/g/{group_id}/players/Zed").status_code == 404
    assert client.get(f"/g/{group_id}/season?season=soon").status_code == 400


def test_a_night_closed_onto_the_tab_is_settled_from_the_group(client: FlaskClient) -> None:
    group_id = start_group(client)
    night = start_night(client, group_id, players=FIVE)
    record_win(client, night)
    assert "Carry it to the group's tab" in words(client.get(f"/t/{night}/close"))
    closed = client.post(f"/t/{night}/close", data={"settled": "carry"})
    assert closed.status_code == 302
    home = words(client.get(f"/g/{group_id}"))
    assert "1 night on the group's tab" in home
    settle = client.get(f"/g/{group_id}/settle")
    text = words(settle)
    # Ann won 2 points (50 cents) and Cat 1; Bob, Dan and Eve pay 25 cents each.
    assert text.count("pays <strong>Ann</strong> $0.25") == 2
    assert "pays <strong>Cat</strong> $0.25" in text and "3 payments" in text
    shown = re.search(r'name="nights" value="([\d,]+)"', text)
    assert shown is not None and shown[1] == str(night)
    stale = client.post(f"/g/{group_id}/settle/paid", data={"nights": f"{night},{night + 1}"})
    assert stale.status_code == 409
    assert client.post(f"/g/{group_id}/settle/paid", data={"nights": "1,x"}).status_code == 400
    paid = client.post(f"/g/{group_id}/settle/paid", data={"nights": shown[1]})
    assert paid.status_code == 302
    assert "Nothing is on the tab" in words(client.get(f"/g/{group_id}/settle"))
    with client.application.app_context():
        assert db.session.get(GameTable, night).settled == "group"


def test_closing_a_groups_night_paid_is_the_default(client: FlaskClient) -> None:
    group_id = start_group(client)
    night = start_night(client, group_id, players=FIVE)
    assert client.post(f"/t/{night}/close").status_code == 302
    with client.application.app_context():
        assert db.session.get(GameTable, night).settled == "table"


def test_the_share_link_reads_and_the_scorekeepers_pages_refuse_others(
        client: FlaskClient) -> None:
    group_id = start_group(client)
    night = start_night(client, group_id, players=FIVE, played_on="2025-06-05")
    record_win(client, night)
    with client.application.app_context():
        token = db.session.get(Group, group_id).view_token
    share = words(client.get(f"/g/{group_id}/share"))
    assert f"/gs/{token}" in share
    stranger = client.application.test_client()
    for path in (f"/g/{group_id}", f"/g/{group_id}/season", f"/g/{group_id}/settle",
                 f"/g/{group_id}/share", f"/g/{group_id}/export", f"/?group={group_id}",
                 f"/g/{group_id}/players/Ann"):
        assert stranger.get(path).status_code == 403, path
    assert stranger.post(f"/g/{group_id}/settle/paid").status_code in (400, 403)
    view = stranger.get(f"/gs/{token}?season=all")
    assert view.status_code == 200 and "Ann" in words(view)
    assert "<form" not in view.get_data(as_text=True).replace('<form method="get"', "")
    assert view.headers["Cache-Control"] == SHARED
    live = stranger.get(f"/gs/{token}/live?season=all")
    assert live.status_code == 200 and live.headers["ETag"]
    again = stranger.get(f"/gs/{token}/live?season=all",
                         headers={"If-None-Match": live.headers["ETag"]})
    assert again.status_code == 304
    record_win(client, night)
    changed = stranger.get(f"/gs/{token}/live?season=all",
                           headers={"If-None-Match": live.headers["ETag"]})
    assert changed.status_code == 200 and "+4" in words(changed)
    assert stranger.get(f"/gs/{token}/players/Ann?season=all").status_code == 200
    assert stranger.get("/gs/not-a-real-token-at-all").status_code == 404


def test_the_start_page_lists_this_phones_groups(client: FlaskClient) -> None:
    group_id = start_group(client)
    start = words(client.get("/"))
    assert "Your groups" in start and f"/g/{group_id}" in start
    assert "Your groups" not in words(client.application.test_client().get("/"))


def test_a_group_file_comes_back_through_the_import_page(client: FlaskClient) -> None:
    group_id = start_group(client)
    night = start_night(client, group_id, players=FIVE, played_on="2025-06-05")
    record_win(client, night)
    exported = client.get(f"/g/{group_id}/export")
    assert exported.status_code == 200
    assert "attachment" in exported.headers["Content-Disposition"]
    other = client.application.test_client()
    from io import BytesIO

    imported = other.post("/g/import", data={"file": (BytesIO(exported.data), "g.json")},
                          content_type="multipart/form-data")
    assert imported.status_code == 302, words(imported)
    new_id = int(imported.headers["Location"].split("/")[2])
    assert "1 night · 1 hand" in words(other.get(f"/g/{new_id}/season?season=2025"))
    bad = other.post("/g/import", data={"file": (BytesIO(b"{}"), "g.json")},
                     content_type="multipart/form-data")
    assert bad.status_code == 400 and "Not imported" in words(bad)


def test_another_phone_runs_the_group_with_a_one_time_code(client: FlaskClient) -> None:
    group_id = start_group(client)
    assert client.post(f"/g/{group_id}/share/handover").status_code == 302
    share = client.get(f"/g/{group_id}/share").get_data(as_text=True)
    found = re.search(r'id="claim-url">[^<]*/gclaim/([A-Za-z0-9_-]+)<', share)
    assert found is not None
    code = found[1]
    other = client.application.test_client()
    assert other.get(f"/g/{group_id}").status_code == 403
    assert other.get(f"/gclaim/{code}").status_code == 200  # opening it changes nothing
    assert other.get(f"/g/{group_id}").status_code == 403
    assert other.post(f"/gclaim/{code}", data={"label": "Bob's phone"}).status_code == 302
    assert other.get(f"/g/{group_id}").status_code == 200
    third = client.application.test_client()
    assert third.post(f"/gclaim/{code}", data={"label": "again"}).status_code == 404
    listed = words(client.get(f"/g/{group_id}/share"))
    assert "Bob&#39;s phone" in listed or "Bob's phone" in listed
    editor_ids = re.findall(r'/editors/(\d+)/revoke', listed)
    assert len(editor_ids) == 2
    assert client.post(f"/g/{group_id}/editors/{editor_ids[1]}/revoke").status_code == 302
    assert other.get(f"/g/{group_id}").status_code == 403
    last = client.post(f"/g/{group_id}/editors/{editor_ids[0]}/revoke")  # this phone's own
    assert last.status_code == 409
    assert "This is the only phone that can run the group." in words(last)
    assert client.get(f"/g/{group_id}").status_code == 200
    gone = client.post(f"/g/{group_id}/editors/{editor_ids[1]}/revoke")  # revoked already
    assert gone.status_code == 404
    assert "run this group (already revoked?)" in words(gone)


def test_new_night_with_the_same_players_stays_in_the_group(client: FlaskClient) -> None:
    group_id = start_group(client)
    night = start_night(client, group_id, players=FIVE)
    record_win(client, night)
    assert client.post(f"/t/{night}/close").status_code == 302
    following = client.post(f"/t/{night}/new-night")
    assert following.status_code == 302
    new_id = int(following.headers["Location"].split("/")[2])
    with client.application.app_context():
        made = db.session.get(GameTable, new_id)
        assert made.group_id == group_id and made.played_on == date.today()
    shown = client.get(f"/api/v1/tables/{new_id}",
                       headers={"Authorization": f"Bearer {edit_token(client, new_id)}"})
    assert shown.get_json()["group"] == group_id
    assert shown.get_json()["played_on"] == date.today().isoformat()


def test_a_regular_taken_off_tonights_list_is_offered_back(client: FlaskClient) -> None:
    group_id = start_group(client)
    form = client.get(f"/?group={group_id}").get_data(as_text=True)
    players = re.findall(r'name="players" value="([^"]*)"', form)
    removed = client.post("/", data={"group": str(group_id), "name": "Thursday",
                                     "players": players, "player_action": "remove-0",
                                     "preset": "called-ace", "stake_cents": "25"})
    page = removed.get_data(as_text=True)
    assert re.findall(r'name="players" value="([^"]*)"', page) == [*FIVE[1:], "Fay"]
    regulars = re.findall(r'value="join-(\d+)"[^>]*>\+ (?:<bdi>)?([^<]+)', page)
    assert [name for _, name in regulars] == ["Ann"]
    back = client.post("/", data={"group": str(group_id), "name": "Thursday",
                                  "players": [*FIVE[1:], "Fay"], "player_action": "join-0",
                                  "preset": "called-ace", "stake_cents": "25"})
    assert re.findall(r'name="players" value="([^"]*)"', back.get_data(as_text=True)) == \
        [*FIVE[1:], "Fay", "Ann"]


def test_a_groups_first_night_does_not_speak_of_last_night(client: FlaskClient) -> None:
    group_id = start_group(client)
    first = words(client.get(f"/?group={group_id}"))
    assert "Last night" not in first
    assert "last night" not in words(client.get(f"/g/{group_id}")).lower()
    assert "first night" in first
    start_night(client, group_id, players=FIVE)
    assert "last night" in words(client.get(f"/?group={group_id}"))
    assert "last night&#39;s players" in words(client.get(f"/g/{group_id}"))


def test_a_night_played_without_a_group_becomes_a_groups_first_night(
        client: FlaskClient) -> None:
    table_id = start_table(client, players=FIVE)
    record_win(client, table_id)
    assert client.post(f"/t/{table_id}/close", data={"settled": "paid"}).status_code == 302
    summary = words(client.get(f"/t/{table_id}/summary"))
    assert 'id="start-group"' in summary
    response = client.post(f"/t/{table_id}/group")
    assert response.status_code == 302
    group_id = int(response.headers["Location"].split("/")[2])
    with client.application.app_context():
        table = db.session.get(GameTable, table_id)
        group = db.session.get(Group, group_id)
        assert table.group_id == group_id and table.settled == "table"
        assert [m.name for m in group.members] == FIVE
        assert group.name == table.name
        last = db.session.scalars(db.select(AuditEntry).where(AuditEntry.of(TABLE, table_id))
                                  .order_by(AuditEntry.version.desc())).first()
        assert last is not None and last.action == "group"
        assert last.version == table.version
    home = words(client.get(f"/g/{group_id}"))
    assert home.count(f"/t/{table_id}") >= 1 or "Friday" in home
    assert "last night" in words(client.get(f"/?group={group_id}"))
    assert 'id="start-group"' not in words(client.get(f"/t/{table_id}/summary"))
    again = client.post(f"/t/{table_id}/group")
    assert again.status_code in (302, 403, 409, 400)
    with client.application.app_context():
        assert db.session.query(Group).count() == 1


def test_a_regular_left_off_tonight_is_a_tap_in_on_the_players_page(
        client: FlaskClient) -> None:
    group_id = start_group(client)
    night = start_night(client, group_id, players=FIVE)
    page = client.get(f"/t/{night}/players").get_data(as_text=True)
    taps = re.findall(r'<button[^>]*name="name" value="([^"]+)"[^>]*>\+ ', page)
    assert taps == ["Fay"]
    joined = client.post(f"/t/{night}/players", data={"action": "join", "name": "Fay"})
    assert joined.status_code == 302
    page = client.get(f"/t/{night}/players").get_data(as_text=True)
    assert re.findall(r'<button[^>]*name="name" value="([^"]+)"[^>]*>\+ ', page) == []
