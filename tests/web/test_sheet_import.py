"""A group's history brought in from a spreadsheet, end to end: three
seasons of each shape (a row a night, hand by hand, and an .xlsx of money
with a row a player made here with openpyxl), each with a misspelled
member, a night that doesn't add up to zero and a new member.  After the
confirmation each season's standings (services.seasons) are the sheet's
own totals; taking the import back leaves the group exactly as it was."""

from __future__ import annotations

import base64
import html
import io
from datetime import date
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from openpyxl import Workbook

from scorekeeper.db.models import GameTable, SheetImport, db
from scorekeeper.services.nights.paper import totals_of
from tests.fixtures_app import words
from tests.web.sheet_helpers import (
    API,
    auth,
    dump,
    form_fields,
    group_version,
    group_with_a_night,
    hand_rows_totals,
    night_rows_totals,
    sample,
    standings_by_season,
)
from tests.web.test_schema import downgrade, head, let_go, make_app, version_of

SEASONS = (2024, 2025, 2026)


def as_scorekeeper(client: FlaskClient, group: dict[str, Any]) -> None:
    with client.session_transaction() as cookie:
        cookie["groups"] = {str(group["id"]): group["edit_token"]}


def text(response: Any) -> str:
    """A page's words, its entities read ("isn't", not "isn&#39;t")."""
    return html.unescape(words(response))


def upload(client: FlaskClient, group_id: int, raw: bytes, filename: str) -> str:
    page = client.post(f"/g/{group_id}/sheet", content_type="multipart/form-data",
                       data={"file": (io.BytesIO(raw), filename)})
    assert page.status_code == 200, text(page)
    return words(page)


def test_a_sheet_of_night_totals_comes_in_as_the_seasons_it_says(
        app: Flask, client: FlaskClient) -> None:
    group = group_with_a_night(client)
    as_scorekeeper(client, group)
    before = dump(app, group["id"])
    expected, bad = night_rows_totals()
    assert len(bad) == 1

    mapping = upload(client, group["id"], sample("history_nights.csv"), "history_nights.csv")
    assert "Dates read as month/day/year" in mapping
    fields = form_fields(mapping, "sheet-map")
    assert fields.getlist("col") == ["date", *["player"] * 6, "ignore"]
    assert (fields["shape"], fields["unit"], fields["dates"]) == ("night-rows", "points", "mdy")
    shown = client.post(f"/g/{group['id']}/sheet/preview", data=fields)
    page = text(shown)
    assert shown.status_code == 200, page
    assert "sounds like Cathy" in page and "A new member: Gus" in page
    assert "A new member: Kathy" in page and "A new member: Cathy" not in page
    assert "The night adds up to +3 points, not zero" in page
    assert "1 flagged" in page and 'id="confirm"' in page

    fields = form_fields(words(shown), "sheet-map")
    refused = client.post(f"/g/{group['id']}/sheet/confirm", data=fields)
    assert refused.status_code == 400 and "flagged" in text(refused)
    assert dump(app, group["id"]) == before

    fields.add("exclude", bad[0])
    fields.add("new_members", "Gus")
    done = client.post(f"/g/{group['id']}/sheet/confirm", data=fields)
    assert done.status_code == 302, text(done)
    again = client.post(f"/g/{group['id']}/sheet/confirm", data=fields)  # a double tap
    assert again.status_code == 302
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(SheetImport)) == 1
        nights = db.session.scalars(db.select(GameTable).where(
            GameTable.group_id == group["id"], GameTable.totals.is_not(None))).all()
        assert len(nights) == 19 and all(totals_of(n) for n in nights)
        assert {n.settled for n in nights} == {"table"}
    assert standings_by_season(app, group["id"], SEASONS) == expected

    listed = text(client.get(f"/g/{group['id']}/sheet"))
    assert "Brought in 19 nights from history_nights.csv" in listed and "Take it back" in listed
    undo = form_fields(words(client.get(f"/g/{group['id']}/sheet")), f"undo-{_import_id(app)}")
    assert undo["import"] == str(_import_id(app)) and undo["submission"]
    taken = client.post(f"/g/{group['id']}/sheet/undo", data=undo)
    assert taken.status_code == 302
    again = client.post(f"/g/{group['id']}/sheet/undo", data=undo, follow_redirects=True)
    assert again.status_code == 200 and "Taken back: Brought in 19 nights" in text(again)
    assert dump(app, group["id"]) == before


def _import_id(app: Flask) -> int:
    with app.app_context():
        found = db.session.scalars(db.select(SheetImport.id).order_by(
            SheetImport.id.desc())).first()
        assert found is not None
        return found


def test_a_sheet_of_hands_comes_in_as_hands_and_the_seasons_it_says(
        app: Flask, client: FlaskClient) -> None:
    group = group_with_a_night(client)
    before = dump(app, group["id"])
    version = group_version(app, group["id"])
    expected, bad = hand_rows_totals()
    assert len(bad) == 1
    body = {"sheet": sample("history_hands.csv").decode(), "filename": "history_hands.csv"}
    shown = client.post(f"{API}/groups/{group['id']}/import", headers=group["run"], json=body)
    assert shown.status_code == 200, shown.get_json()
    preview = shown.get_json()
    assert (preview["shape"], preview["dates"]) == ("hand-columns", "dmy")
    assert preview["new_members"] == ["Gus"] and preview["version"] == version
    assert {n["sheet"]: n["name"] for n in preview["names"]}["Kathy"] == "Cathy"
    nights = {n["key"]: n for n in preview["nights"]}
    assert nights[bad[0]]["flags"] and not preview["ready"]
    totals = [n for n in preview["nights"] if n["kept_as"] == "totals" and not n["flags"]]
    assert len(totals) == 1 and "isn't a hand these rules pay" in totals[0]["notes"][0]
    assert group_version(app, group["id"]) == version  # a preview writes nothing

    done = client.post(f"{API}/groups/{group['id']}/import", headers=group["run"], json={
        **body, "confirm": True, "version": version, "exclude": bad, "new_members": ["Gus"]})
    assert done.status_code == 200, done.get_json()
    assert standings_by_season(app, group["id"], SEASONS) == expected
    with app.app_context():
        made = [db.session.get_one(GameTable, i) for i in done.get_json()["nights_made"]]
        with_hands = [t for t in made if t.totals is None]
        assert len(with_hands) == 10 and all(t.hands for t in with_hands)
        assert sum(1 for t in made if totals_of(t) is not None) == 1

    taken = client.post(f"{API}/groups/{group['id']}/import/undo", headers=group["run"],
                        json={"import": done.get_json()["import"],
                              "version": done.get_json()["version"]})
    assert taken.status_code == 200, taken.get_json()
    assert dump(app, group["id"]) == before
    assert group_version(app, group["id"]) == version + 2


def money_workbook() -> tuple[bytes, dict[int, dict[str, int]], list[str]]:
    """Three seasons of money, a row a player a night (real date cells, "$"
    amounts): "Danny" for Dan, a new member Hal, a night that doesn't add up
    and a night with 30 cents (not a whole number of points at 25¢)."""
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "History"
    sheet.append(["Card night money"])
    sheet.append(["Date", "Player", "Money"])
    expected: dict[int, dict[str, int]] = {}
    bad = []
    for year in SEASONS:
        for n, month in enumerate((2, 5, 9)):
            day = date(year, month, 10 + n)
            names = ["Ann", "Bob", "Danny", "Eve", "Hal" if year > 2024 else "Cathy"]
            cents = [100 * (n + 1), -75, 250, -125, 0]
            cents[4] = -sum(cents[:4])
            if (year, month) == (2025, 5):
                cents[0] += 100
                bad.append(day.isoformat())
            if (year, month) == (2026, 9):
                cents[0], cents[1] = cents[0] + 5, cents[1] - 5
                bad.append(day.isoformat())
            for name, amount in zip(names, cents, strict=True):
                row = sheet.max_row + 1
                sheet.cell(row, 1, day)
                sheet.cell(row, 2, name)
                sheet.cell(row, 3, amount / 100).number_format = '"$"#,##0.00'
                if day.isoformat() not in bad:
                    who = {"Danny": "Dan"}.get(name, name)
                    totals = expected.setdefault(year, {})
                    totals[who] = totals.get(who, 0) + amount
    out = io.BytesIO()
    book.save(out)
    return out.getvalue(), expected, bad


def test_an_xlsx_of_money_a_row_a_player_comes_in_at_the_stake(
        app: Flask, client: FlaskClient) -> None:
    group = group_with_a_night(client)
    as_scorekeeper(client, group)
    before = dump(app, group["id"])
    raw, expected, bad = money_workbook()
    mapping = upload(client, group["id"], raw, "money.xlsx")
    fields = form_fields(mapping, "sheet-map")
    assert fields.getlist("col") == ["date", "name", "total"]
    assert (fields["shape"], fields["unit"]) == ("player-rows", "money")
    shown = client.post(f"/g/{group['id']}/sheet/preview", data=fields)
    page = text(shown)
    assert "sounds like Dan" in page and "A new member: Hal" in page
    assert "isn't a whole number of points at 25¢ a point" in page
    assert "The night adds up to $1.00, not zero" in page
    fields = form_fields(words(shown), "sheet-map")
    for key in bad:
        fields.add("exclude", key)
    refused = client.post(f"/g/{group['id']}/sheet/confirm", data=fields)
    assert refused.status_code == 400 and "Hal" in text(refused)  # Hal not confirmed yet
    assert dump(app, group["id"]) == before
    fields.add("new_members", "Hal")
    assert client.post(f"/g/{group['id']}/sheet/confirm", data=fields).status_code == 302
    cents = standings_by_season(app, group["id"], SEASONS, lambda s: s.cents)
    assert cents == expected
    points = standings_by_season(app, group["id"], SEASONS)
    assert points == {y: {n: c // 25 for n, c in t.items()} for y, t in expected.items()}
    taken = client.post(f"/g/{group['id']}/sheet/undo", data={
        "import": str(_import_id(app)), "version": str(group_version(app, group["id"]))})
    assert taken.status_code == 302
    assert dump(app, group["id"]) == before


def test_the_same_workbook_reads_the_same_through_the_api(
        app: Flask, client: FlaskClient) -> None:
    group = group_with_a_night(client)
    raw, _, bad = money_workbook()
    body = {"xlsx": base64.b64encode(raw).decode(), "filename": "money.xlsx"}
    shown = client.post(f"{API}/groups/{group['id']}/import", headers=group["run"], json=body)
    assert shown.status_code == 200, shown.get_json()
    preview = shown.get_json()
    assert preview["file"] == {"filename": "money.xlsx", "kind": "xlsx",
                               "sheets": ["History"], "tab": 0, "source": "money.xlsx",
                               "joins": []}
    assert sorted(n["key"] for n in preview["nights"] if n["flags"]) == sorted(bad)


def test_nights_of_totals_go_through_the_groups_export_and_come_back(
        app: Flask, client: FlaskClient) -> None:
    """The group's JSON export keeps a night of totals as its totals, its
    import brings them back, and the seasons are the same; a night of totals
    is shown by its totals on the group's pages."""
    group = group_with_a_night(client)
    _, bad = night_rows_totals()
    version = group_version(app, group["id"])
    made = client.post(f"{API}/groups/{group['id']}/import", headers=group["run"], json={
        "sheet": sample("history_nights.csv").decode(), "confirm": True, "version": version,
        "exclude": bad, "new_members": ["Gus"]}).get_json()
    exported = client.get(f"{API}/groups/{group['id']}/export", headers=group["run"])
    assert exported.status_code == 200
    nights = exported.get_json()["nights"]
    assert sum(1 for n in nights if "totals" in n) == 19
    again = client.post(f"{API}/groups/import", json=exported.get_json(),
                        headers={"Idempotency-Key": "a-new-group-0000001"})
    assert again.status_code == 201, again.get_json()
    years = (2023, *SEASONS)
    assert standings_by_season(app, again.get_json()["id"], years) == \
        standings_by_season(app, group["id"], years)

    as_scorekeeper(client, group)
    season = text(client.get(f"/g/{group['id']}/season?season=2025"))
    assert "night totals" in season
    night = made["nights_made"][0]
    shown = text(client.get(f"/g/{group['id']}/nights/{night}"))
    assert "A night of totals" in shown and "Cathy" in shown and "+6" in shown


def test_migration_0013_adds_nights_of_totals_and_a_downgrade_keeps_the_nights(
        tmp_path: Path) -> None:
    """A database at 0012 gets the totals column and the import's table on
    start-up; taking it back to 0012 keeps every night (a night of totals as
    a closed night without hands)."""
    path = tmp_path / "sheets.db"
    first = make_app(path)
    client = first.test_client()
    group = group_with_a_night(client)
    _, bad = night_rows_totals()
    done = client.post(f"{API}/groups/{group['id']}/import", headers=group["run"], json={
        "sheet": sample("history_nights.csv").decode(), "confirm": True, "exclude": bad,
        "version": group_version(first, group["id"]), "new_members": ["Gus"]})
    assert done.status_code == 200, done.get_json()
    with first.app_context():
        downgrade(first, "0012")
        let_go()
    engine = sa.create_engine(f"sqlite:///{path}")
    with engine.connect() as conn:
        nights = conn.execute(sa.text("SELECT count(*) FROM game_table")).scalar()
        columns = {c["name"] for c in sa.inspect(conn).get_columns("game_table")}
        tables = set(sa.inspect(conn).get_table_names())
    engine.dispose()
    assert nights == 20 and "totals" not in columns and "sheet_import" not in tables
    again = make_app(path)
    assert version_of(path) == [head(again)]
    shown = again.test_client().get(f"{API}/groups/{group['id']}", headers=group["run"])
    assert len(shown.get_json()["nights"]) == 20


def test_the_pages_say_whats_wrong_beside_the_field_and_write_nothing(
        app: Flask, client: FlaskClient) -> None:
    group = group_with_a_night(client)
    as_scorekeeper(client, group)
    before = dump(app, group["id"])
    base = f"/g/{group['id']}/sheet"
    none = client.post(base, data={}, content_type="multipart/form-data")
    assert none.status_code == 400 and 'id="sheet-file-error"' in none.text
    assert "Choose the spreadsheet" in text(none)
    binary = client.post(base, content_type="multipart/form-data",
                         data={"file": (io.BytesIO(b"\x00\x01\x02garbage"), "x.csv")})
    assert binary.status_code == 400 and "isn't a spreadsheet" in text(binary)

    fields = form_fields(upload(client, group["id"], sample("history_nights.csv"), "n.csv"),
                         "sheet-map")
    fields["stake_cents"] = "a quarter"
    stake = client.post(f"{base}/preview", data=fields)
    assert stake.status_code == 400 and 'id="stake-error"' in stake.text
    tampered = client.post(f"{base}/preview", data={**fields.to_dict(), "staged": "0"})
    assert tampered.status_code == 400 and "choose the file again" in text(tampered)

    fields["stake_cents"] = "25"
    page = client.post(f"{base}/preview", data=fields)
    fields = form_fields(words(page), "sheet-map")
    fields.add("exclude", night_rows_totals()[1][0])
    fields.add("new_members", "Gus")
    fields["version"] = str(group_version(app, group["id"]) - 1)
    stale = client.post(f"{base}/confirm", data=fields)
    assert stale.status_code == 409 and 'id="version-error"' in stale.text
    assert "The group changed since this preview was made" in text(stale)
    assert dump(app, group["id"]) == before

    fields["version"] = str(group_version(app, group["id"]))
    assert client.post(f"{base}/confirm", data=fields).status_code == 302
    undo = client.post(f"{base}/undo", data={"import": str(_import_id(app)), "version": "0"})
    assert undo.status_code == 409 and 'id="undo-error"' in undo.text
    stranger = app.test_client()
    assert stranger.get(base).status_code == 403
    assert stranger.post(f"{base}/undo", data={"import": "1", "version": "0"}).status_code == 403


def test_a_night_of_totals_carried_to_the_tab_is_owed_as_its_totals(
        app: Flask, client: FlaskClient) -> None:
    """Brought in, every night is paid at the table; a group file may carry
    one to the tab, and the tab then owes its totals at its stake."""
    group = group_with_a_night(client)
    _, bad = night_rows_totals()
    assert client.post(f"{API}/groups/{group['id']}/import", headers=group["run"], json={
        "sheet": sample("history_nights.csv").decode(), "confirm": True, "exclude": bad,
        "version": group_version(app, group["id"]), "new_members": ["Gus"]}
                       ).status_code == 200
    assert client.get(f"{API}/groups/{group['id']}/settlement",
                      headers=group["run"]).get_json()["nights"] == []
    exported = client.get(f"{API}/groups/{group['id']}/export", headers=group["run"]).get_json()
    night = next(n for n in exported["nights"] if "totals" in n)
    night["settled"], night["settled_at"] = "carried", None
    made = client.post(f"{API}/groups/import", json=exported,
                       headers={"Idempotency-Key": "a-new-group-0000002"}).get_json()
    owed = client.get(f"{API}/groups/{made['id']}/settlement",
                      headers=auth(made["edit_token"])).get_json()["owed_cents"]
    assert owed == {name: points * 25 for name, points in night["totals"].items()}
