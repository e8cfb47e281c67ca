"""A group's pages: starting a group, its next night filled in from the last,
the season and player pages, closing a night onto the tab and settling it,
the read-only share pages (never a write, 403 for the scorekeeper's pages),
and the start page listing this phone's groups.  A long season (a lunch
league's ten years, 1,440 nights of sixty players) opens on its standings
and its latest nights, the rest a page at a time, in well under 100 KB."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.db.models import TABLE, AuditEntry, GameTable, Group, db
from scorekeeper.views.caching import SHARED
from scorekeeper.views.viewers.season import CHART_PLAYERS, NIGHTS_PER_PAGE, STANDINGS_SHOWN
from tests.fixtures_app import start_table, words
from tests.web.sheet_helpers import finished

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


def test_a_double_tapped_group_import_brings_one_group_this_phone_runs(
        client: FlaskClient) -> None:
    from io import BytesIO

    group_id = start_group(client)
    record_win(client, start_night(client, group_id, players=FIVE, played_on="2025-06-05"))
    exported = client.get(f"/g/{group_id}/export").data
    page = client.application.test_client()
    found = re.search(r'name="submission" value="([^"]+)"',
                      page.get("/g/import").get_data(as_text=True))
    assert found is not None

    def tap(phone: FlaskClient) -> Any:
        return phone.post("/g/import", data={"submission": found[1],
                                             "file": (BytesIO(exported), "g.json")},
                          content_type="multipart/form-data")

    first = tap(page)
    lost = client.application.test_client()  # the first answer never reached the phone
    second = tap(lost)
    assert first.status_code == second.status_code == 302
    assert first.headers["Location"] == second.headers["Location"]
    with client.application.app_context():
        assert db.session.query(Group).count() == 2  # the first and the one brought in
    again = second.headers["Location"]
    assert lost.get(again).status_code == 200 and page.get(again).status_code == 200


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


# --- a long season: a lunch league's ten years ------------------------------------------

#: The lunch league: sixty players over ten years, fifty-nine regulars and a
#: drop-in.  Its best is a regular with a long name and thousands of dollars
#: won, its worst a regular who lost them (the widest a season table's cells
#: get); the drop-in played a single night (a provisional rating).
BEST, WORST, DROP_IN = "Wilhelmina Featherstonehaugh", "Bartholomew", "Gustavo"
LEAGUE = [BEST, WORST, *"""Ann Bob Cathy Dan Eve Fran Gus Hal Ida Jake Kay Lou Mae Ned Olga Pete
    Quinn Rosa Sam Tess Ulla Vern Walt Xena Yuri Zelda Arlo Bernadette Clem Dora Elmer Flo Gert
    Hank Irma Jules Kurt Lena Marv Nora Otto Paz Reggie Stella Theo Uwe Vi Wendell Yolanda Zeke
    Abe Bea Chuck Dolores Ezra Fritz Maximilian""".split()]
YEARS = range(2015, 2025)
LUNCHES = 144  # a year's nights: three weekday lunches a week, less holidays


def league_nights(seed: int = 1435) -> list[tuple[date, dict[str, int]]]:
    """The league's nights of totals, oldest first (each adds up to zero)."""
    rng = random.Random(seed)
    nights: list[tuple[date, dict[str, int]]] = []
    for year in YEARS:
        weekdays = [d for d in (date(year, 1, 2) + timedelta(days=k) for k in range(360))
                    if d.weekday() < 5]
        for day in sorted(rng.sample(weekdays, LUNCHES)):
            size = rng.choice([5, 5, 6, 7, 8])
            table = [n for n in (BEST, WORST) if rng.random() < 0.75]
            table += rng.sample([n for n in LEAGUE[2:] if n not in table], size - len(table))
            points = {n: rng.choice([-1, 1]) * rng.randint(1, 24) for n in table}
            points.update({n: p for n, p in ((BEST, rng.randint(8, 36)),
                                             (WORST, -rng.randint(8, 30))) if n in points})
            settle = next(n for n in table if n not in (BEST, WORST))
            points[settle] -= sum(points.values())
            nights.append((day, points))
    day, last = nights[-1]
    nights.append((day + timedelta(days=1), {DROP_IN: 12, "Ann": -12}))
    return nights


def lunch_league(client: FlaskClient) -> dict[str, Any]:
    """The league as a group (through the API): its ten years brought in from
    its sheets, five years a sheet (each a job: more than 500 rows)."""
    made = client.post("/api/v1/groups", json={"name": "Lunch league", "players": LEAGUE[:8],
                                               "stake_cents": 25})
    assert made.status_code == 201, made.get_json()
    group = dict(made.get_json())
    run = {"Authorization": f"Bearer {group['edit_token']}"}
    nights = league_nights()
    for half in (nights[:len(nights) // 2], nights[len(nights) // 2:]):
        sheet = "Date,Player,Points\n" + "".join(
            f"{day.isoformat()},{name},{points}\n" for day, night in half
            for name, points in night.items())
        ask = {"sheet": sheet, "filename": "lunch league.csv"}
        shown = client.post(f"/api/v1/groups/{group['id']}/import", headers=run,
                            json=ask).get_json()
        assert shown["ready"], shown["refusal"]
        brought = finished(client, client.post(
            f"/api/v1/groups/{group['id']}/import", headers=run, json={
                **ask, "confirm": True, "version": shown["version"],
                "new_members": shown["new_members"]}), run)
        assert brought.status_code == 200, brought.get_json()
    group["nights"] = nights
    return group


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Flask, dict[str, Any]]]:
    """The lunch league, built once for the module in an app and database of
    its own (the ``app`` fixture empties its database after every test)."""
    path = Path(tmp_path_factory.mktemp("league")) / "league.db"
    app = create_app({"TESTING": True, "SECRET_KEY": "league-secret",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
                      "WTF_CSRF_ENABLED": False})
    group = lunch_league(app.test_client())
    yield app, group
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def _scorekeeper(app: Flask, group: dict[str, Any]) -> FlaskClient:
    client = app.test_client()
    with client.session_transaction() as session:
        session["groups"] = {str(group["id"]): group["edit_token"]}
    return client


def _night_ids(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<li data-night="(\d+)"', html)]


def _days(app: Flask, nights: list[int]) -> list[date | None]:
    with app.app_context():
        return [t.played_on if (t := db.session.get(GameTable, n)) else None for n in nights]


def _links(html: str, which: str) -> str | None:
    found = re.search(rf'<a href="([^"]*)"[^>]*id="{which}"', html)
    return found.group(1).replace("&amp;", "&") if found else None


def test_a_long_seasons_page_is_its_standings_and_latest_nights_in_under_100_kb(
        league: tuple[Flask, dict[str, Any]]) -> None:
    """All time over ten years was 466 KB (the scorekeeper's page), 428 KB (the
    share link's) and 427 KB (its live fragment): every night listed and a
    chart of sixty lines.  Now the standings (the best twenty first, everyone
    in the page), a chart of the best twelve and the latest twenty nights:
    about 62 KB each."""
    app, group = league
    pages = {"scorekeeper": (_scorekeeper(app, group), f"/g/{group['id']}/season"),
             "share": (app.test_client(), f"/gs/{group['view_token']}"),
             "poll": (app.test_client(), f"/gs/{group['view_token']}/live")}
    newest = sorted(group["nights"], key=lambda n: n[0], reverse=True)
    for who, (client, path) in pages.items():
        answer = client.get(f"{path}?season=all")
        html = answer.get_data(as_text=True)
        assert answer.status_code == 200, who
        assert len(answer.data) < 70_000, (who, len(answer.data))
        assert len(LEAGUE) + 1 == 60
        assert html.count("<tr data-player=") == 60  # every player is in the page
        shown = html.split('<tbody class="more-players" id="all-players">')[0]
        assert shown.count("<tr data-player=") == STANDINGS_SHOWN, who
        assert 'href="#all-players" id="show-all-players">The other 40 players' in html
        assert html.count("<polyline") == CHART_PLAYERS
        assert f"draws the best {CHART_PLAYERS} of the 60 players" in words(answer)
        nights = _night_ids(html)
        assert len(nights) == NIGHTS_PER_PAGE
        assert _days(app, nights) == [day for day, _ in newest[:NIGHTS_PER_PAGE]], who
        assert "Nights 1–20 of 1,441, newest first." in words(answer)
        assert _links(html, "older-nights") == "?season=all&page=2"
        assert _links(html, "oldest-nights") == "?season=all&page=73"
        assert _links(html, "newer-nights") is None
        if who != "scorekeeper":  # read-only: no night's page, no form but the dates'
            assert f"/g/{group['id']}" not in html
            assert "<form" not in html.replace('<form method="get"', "")


def test_a_long_seasons_older_nights_come_a_page_at_a_time(
        league: tuple[Flask, dict[str, Any]]) -> None:
    """Older nights, Newer, Latest and Oldest walk a season's nights twenty at
    a time, on the share link as on the scorekeeper's page: plain links that
    keep the season (a year, all time or dates), every night once, newest
    first; past the first page only nights, past the last the last."""
    app, group = league
    in_2019 = sorted((n for n in group["nights"] if n[0].year == 2019), key=lambda n: n[0],
                     reverse=True)
    for client, path in ((_scorekeeper(app, group), f"/g/{group['id']}/season"),
                         (app.test_client(), f"/gs/{group['view_token']}")):
        seen: list[int] = []
        query: str | None = "?season=2019"
        while query is not None:
            answer = client.get(path + query)
            html = answer.get_data(as_text=True)
            assert answer.status_code == 200 and len(answer.data) < 70_000
            if seen:
                assert 'id="season-table"' not in html and "<polyline" not in html
                assert _links(html, "newest-nights") == "?season=2019"
                assert "The standings and the latest nights" in words(answer)
                assert f"Nights {len(seen) + 1}–" in words(answer)
            seen += _night_ids(html)
            query = _links(html, "older-nights")
        assert len(seen) == len(set(seen)) == LUNCHES
        assert _days(app, seen) == [day for day, _ in in_2019]
        assert "Page 8 of 8" in html and _links(html, "newer-nights") == "?season=2019&page=7"
        second = client.get(f"{path}?season=all&page=2").get_data(as_text=True)
        assert "Nights 21–40 of 1,441" in second and "Page 2 of 73" in second
        assert _links(second, "newer-nights") == _links(second, "newest-nights") == "?season=all"
        assert _links(second, "older-nights") == "?season=all&page=3"
        last = client.get(f"{path}?season=all&page=73").get_data(as_text=True)
        assert _links(last, "oldest-nights") is None and _links(last, "older-nights") is None
        assert _night_ids(client.get(f"{path}?season=all&page=9999").get_data(
            as_text=True)) == _night_ids(last)  # past the last: the last
        dates = client.get(f"{path}?from=2019-03-01&to=2019-06-30&page=2")
        assert _links(dates.get_data(as_text=True), "newer-nights") == \
            "?from=2019-03-01&to=2019-06-30"
        for bad in ("0", "x", "-1", "1.5", "99999999999999999999"):
            assert client.get(f"{path}?season=all&page={bad}").status_code == 400, bad
    share = app.test_client().get(f"/gs/{group['view_token']}?season=all&page=3")
    assert f'/gs/{group["view_token"]}/live?season=all&amp;page=3"' in share.get_data(
        as_text=True)
    poll = app.test_client().get(f"/gs/{group['view_token']}/live?season=all&page=3")
    assert _night_ids(poll.get_data(as_text=True)) == _night_ids(share.get_data(as_text=True))
    scorekeeper = _scorekeeper(app, group)
    assert scorekeeper.get(f"/g/{group['id']}/players/Ann?page=2").status_code == 200  # his nights
    assert scorekeeper.get(f"/g/{group['id']}/players/Ann?page=x").status_code == 400
    assert scorekeeper.get(f"/g/{group['id']}?page=2").status_code == 400
