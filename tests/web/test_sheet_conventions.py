"""A group's past as organisers kept it: the sheets of a lunch league's early
years give every player a number in every row and write 0 for "wasn't
there" (later years leave the cell blank and write 0 for broke even); the
same sheet brought in twice; a sheet that overlaps what the group has.

- A sheet of the early convention is recognised: the preview says a 0 is
  read as "didn't play", its nights are ready (none flagged as thirteen at
  one table), a row of nothing but zeros is left out saying so, and the
  season's totals equal the sheet's own.  Read the other way (the
  organiser's choice), the nights are flagged.
- A sheet of the later convention keeps its 0 as a player who broke even.
- A sheet brought in again answers "nothing new" and writes nothing (the
  API's 409 unchanged); one that overlaps leaves the nights already in the
  group out by default, and the totals are not counted twice.
- On the pages: the switch for what 0 means, the nights already in marked,
  a preview with nothing to bring in not shown as a success, and every new
  member added with one tick.
"""

from __future__ import annotations

import base64
import json
import re
from datetime import date, timedelta
from io import BytesIO
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.services.groups.aliases import WITH_ITS_IMPORT, forgotten
from tests.web.sheet_helpers import (
    API,
    dump,
    finished,
    form_fields,
    group_with_a_night,
    preview_page,
    standings_by_season,
    three_tables,
)

#: The league's players: more than any table seats.
LEAGUE = ["Ann", "Bob", "Cathy", "Dan", "Eve", "Fran", "Gus", "Hal", "Ida", "Jake",
          "Kay", "Lou", "Mae", "Ned"]
#: Who played each Thursday and their points (each night adds up to zero).
NIGHTS: list[dict[str, int]] = [
    {"Ann": 6, "Bob": -2, "Cathy": -2, "Fran": 2, "Gus": -4},
    {"Dan": 3, "Eve": -1, "Hal": 1, "Ida": -3},
    {"Ann": -5, "Jake": 7, "Kay": 1, "Lou": -3},
    {"Mae": 4, "Ned": -4, "Bob": 2, "Cathy": -2},
    {"Ann": 2, "Eve": -6, "Gus": 4},
    {"Fran": -1, "Hal": 3, "Ida": -2},
]
FIRST = date(2004, 1, 8)


def _early(nights: list[dict[str, int]], start: date = FIRST, blank_row: bool = True) -> str:
    """The 2004 convention: every player a number in every row, 0 for absent
    (and a Thursday nobody played, all zeros)."""
    rows = ["Date," + ",".join(LEAGUE)]
    day = start
    for k, night in enumerate(nights):
        rows.append(f"{day.month}/{day.day}/{day.year}," + ",".join(
            str(night.get(name, 0)) for name in LEAGUE))
        day += timedelta(days=7)
        if k == 1 and blank_row:
            rows.append(f"{day.month}/{day.day}/{day.year}," + ",".join("0" for _ in LEAGUE))
            day += timedelta(days=7)
    return "\n".join(rows) + "\n"


def _later(nights: list[dict[str, int]], start: date = date(2008, 1, 10)) -> str:
    """The 2008 convention: a blank for absent, 0 for broke even."""
    rows = ["Date," + ",".join(LEAGUE)]
    for k, night in enumerate(nights):
        day = start + timedelta(days=7 * k)
        rows.append(f"{day.month}/{day.day}/{day.year}," + ",".join(
            str(night[name]) if name in night else "" for name in LEAGUE))
    return "\n".join(rows) + "\n"


def _send(client: FlaskClient, group: dict[str, Any], sheet: str, **more: Any) -> Any:
    return finished(client, client.post(
        f"{API}/groups/{group['id']}/import", headers=group["run"],
        json={"sheet": sheet, "filename": "league-2004.csv", **more}), group["run"])


def _bring_in(client: FlaskClient, group: dict[str, Any], sheet: str, **more: Any) -> Any:
    shown = _send(client, group, sheet, **more).get_json()
    return _send(client, group, sheet, confirm=True, version=shown["version"],
                 new_members=shown["new_members"], **more)


def _sums(nights: list[dict[str, int]]) -> dict[str, int]:
    found: dict[str, int] = {}
    for night in nights:
        for name, points in night.items():
            found[name] = found.get(name, 0) + points
    return found


def test_a_sheet_that_writes_zero_for_absent_is_read_so_and_adds_up_to_its_own_totals(
        app: Flask, client: FlaskClient) -> None:
    group = group_with_a_night(client)
    shown = _send(client, group, _early(NIGHTS)).get_json()
    assert shown["zeros"] == "absent" and shown["ready"], shown["refusal"]
    assert [sorted(n["players"]) for n in shown["nights"]] == [sorted(n) for n in NIGHTS]
    assert not any(n["flags"] for n in shown["nights"])
    assert any("every player 0, read as nobody there: left out" in s for s in shown["skipped"])
    played = _send(client, group, _early(NIGHTS), zeros="played").get_json()
    assert played["zeros"] == "played" and not played["ready"]
    assert all("14 players: at most 12 at one table" in n["flags"] for n in played["nights"])
    made = _bring_in(client, group, _early(NIGHTS))
    assert made.status_code == 200, made.get_json()
    assert len(made.get_json()["nights_made"]) == len(NIGHTS)
    season = standings_by_season(app, group["id"], [2004])[2004]
    assert {k: v for k, v in season.items() if v} == {
        k: v for k, v in _sums(NIGHTS).items() if v}


def test_a_sheet_that_leaves_absent_blank_keeps_a_zero_as_broke_even(
        client: FlaskClient) -> None:
    group = group_with_a_night(client)
    nights = [dict(NIGHTS[0], Dan=0), NIGHTS[1]]
    shown = _send(client, group, _later(nights)).get_json()
    assert shown["zeros"] == "played" and shown["ready"]  # asked, read as broke even
    assert "Dan" in shown["nights"][0]["players"] and shown["nights"][0]["points"]["Dan"] == 0
    # the director says a 0 is "wasn't there" whatever the blanks: Dan is left out
    absent = _send(client, group, _later(nights), zeros="absent").get_json()
    assert absent["zeros"] == "absent"
    assert "Dan" not in absent["nights"][0]["players"]
    assert absent["nights"][1]["players"] == shown["nights"][1]["players"]


def test_the_same_sheet_again_is_nothing_new_and_an_overlap_counts_once(
        app: Flask, client: FlaskClient) -> None:
    group = group_with_a_night(client)
    assert _bring_in(client, group, _early(NIGHTS[:4])).status_code == 200
    before = dump(app, group["id"])
    again = _send(client, group, _early(NIGHTS[:4])).get_json()
    assert again["nothing_new"] and not again["ready"]
    assert again["refusal"].startswith("Nothing new: every night of this sheet is already")
    assert all(n["already"] and n["excluded"] for n in again["nights"])
    confirmed = _send(client, group, _early(NIGHTS[:4]), confirm=True,
                      version=again["version"], new_members=[])
    assert confirmed.status_code == 409 and confirmed.get_json()["code"] == "unchanged"
    assert dump(app, group["id"]) == before

    # the whole season: the four nights in already, two new ones after them
    overlap = _send(client, group, _early(NIGHTS)).get_json()
    assert [n["excluded"] for n in overlap["nights"]] == [True] * 4 + [False] * 2
    assert overlap["ready"]
    assert _bring_in(client, group, _early(NIGHTS)).status_code == 200
    season = standings_by_season(app, group["id"], [2004])[2004]
    assert {k: v for k, v in season.items() if v} == {
        k: v for k, v in _sums(NIGHTS).items() if v}
    stale = _send(client, group, _early(NIGHTS[:2]), exclude=[]).get_json()
    assert all(n["excluded"] for n in stale["nights"])  # an old choice brings none in twice
    keys = [n["key"] for n in stale["nights"]]
    kept = _send(client, group, _early(NIGHTS[:2]), bring_again=keys).get_json()
    assert kept["ready"] and not any(n["excluded"] for n in kept["nights"])  # when asked


def test_the_pages_ask_what_zero_means_and_add_every_new_member_at_once(
        app: Flask, client: FlaskClient) -> None:
    group = group_with_a_night(client)
    with client.session_transaction() as cookie:
        cookie["groups"] = {str(group["id"]): group["edit_token"]}
    upload = client.post(f"/g/{group['id']}/sheet", data={
        "file": (BytesIO(_early(NIGHTS).encode()), "league-2004.csv")},
        content_type="multipart/form-data")
    assert upload.status_code == 200
    fields = form_fields(upload.get_data(as_text=True), "sheet-map")
    previewed = client.post(f"/g/{group['id']}/sheet/preview", data=fields)
    page = previewed.get_data(as_text=True)
    assert previewed.status_code == 200
    assert 'id="zeros"' in page and 'value="absent" checked' in page
    assert 'id="all-new-members"' in page and "All 9 join" in page
    fields = form_fields(page, "sheet-map")
    fields.poplist("new_members")
    fields["all_new_members"] = "1"
    brought = client.post(f"/g/{group['id']}/sheet/confirm", data=fields)
    assert brought.status_code == 302, brought.get_data(as_text=True)[:2000]
    season = standings_by_season(app, group["id"], [2004])[2004]
    assert {k: v for k, v in season.items() if v} == {
        k: v for k, v in _sums(NIGHTS).items() if v}

    again = client.post(f"/g/{group['id']}/sheet", data={
        "file": (BytesIO(_early(NIGHTS).encode()), "league-2004.csv")},
        content_type="multipart/form-data")
    shown = client.post(f"/g/{group['id']}/sheet/preview", data=form_fields(
        again.get_data(as_text=True), "sheet-map")).get_data(as_text=True)
    assert 'class="sheet-summary nothing"' in shown and "already in the group" in shown
    assert "Nothing new" in shown and re.search(r'id="confirm"[^>]*disabled', shown)


def _spelled(nights: list[dict[str, int]], start: date, spelling: dict[str, str]) -> str:
    """A sheet of the later convention that spells some members otherwise."""
    sheet = _later(nights, start)
    header, rest = sheet.split("\n", 1)
    for name, other in spelling.items():
        header = header.replace(f",{name},", f",{other},").replace(f",{name}\n", f",{other}\n")
    return header + "\n" + rest


def test_a_name_matched_once_is_remembered_until_forgotten_or_taken_back(
        app: Flask, client: FlaskClient) -> None:
    group = group_with_a_night(client)
    first = _spelled(NIGHTS[:2], date(2008, 1, 10), {"Dan": "D. Olson"})
    shown = _send(client, group, first).get_json()
    asked = {n["sheet"]: n for n in shown["names"]}
    assert asked["D. Olson"]["member"] is False  # nobody could tell
    made = _bring_in(client, group, first, names={"D. Olson": "Dan"})
    assert made.status_code == 200, made.get_json()
    assert "remembered D. Olson" in made.get_json()["summary"]
    listed = client.get(f"{API}/groups/{group['id']}/aliases", headers=group["run"]).get_json()
    assert [(a["alias"], a["member"]) for a in listed["aliases"]] == [("D. Olson", "Dan")]

    second = _spelled(NIGHTS[:2], date(2008, 3, 13), {"Dan": "d. olson"})
    shown = _send(client, group, _spelled(NIGHTS[:2], date(2008, 3, 13),
                                          {"Dan": "D. Olson"})).get_json()
    asked = {n["sheet"]: n for n in shown["names"]}
    assert (asked["D. Olson"]["name"], asked["D. Olson"]["how"]) == ("Dan", "remembered")
    assert "D. Olson" not in shown["new_members"]

    with client.session_transaction() as cookie:
        cookie["groups"] = {str(group["id"]): group["edit_token"]}
    page = client.get(f"/g/{group['id']}/sheet").get_data(as_text=True)
    assert 'id="aliases"' in page and "Forget that D. Olson is Dan" in page
    alias = listed["aliases"][0]["id"]
    unsaid = client.delete(f"{API}/groups/{group['id']}/aliases/{alias}", headers=group["run"],
                           json={"reason": 7})
    assert unsaid.status_code == 400 and unsaid.get_json()["field"] == "reason"
    gone = client.delete(f"{API}/groups/{group['id']}/aliases/{alias}", headers=group["run"],
                         json={"reason": "another Dan"})
    assert gone.status_code == 200 and gone.get_json()["alias"] == "D. Olson"
    # still listed on the sheet page, as forgotten, with why
    page = client.get(f"/g/{group['id']}/sheet").get_data(as_text=True)
    assert "Forget that D. Olson is Dan" not in page
    assert "Forgotten by" in page and "another Dan" in page
    again = client.delete(f"{API}/groups/{group['id']}/aliases/{alias}", headers=group["run"])
    assert again.status_code == 404
    shown = _send(client, group, second).get_json()
    assert {n["sheet"]: n["how"] for n in shown["names"]}["d. olson"] != "remembered"

    # taught again, then the import that taught it is taken back: forgotten with it
    taught = _bring_in(client, group, _spelled(NIGHTS[:2], date(2008, 5, 15),
                                               {"Dan": "D. Olson", "Eve": "E. Vance"}),
                       names={"D. Olson": "Dan", "E. Vance": "Eve"})
    assert taught.status_code == 200, taught.get_json()
    record = taught.get_json()
    undone = client.post(f"{API}/groups/{group['id']}/import/undo", headers=group["run"],
                         json={"import": record["import"], "version": record["version"]})
    assert undone.status_code == 200, undone.get_json()
    assert client.get(f"{API}/groups/{group['id']}/aliases",
                      headers=group["run"]).get_json()["aliases"] == []
    # ... and listed as forgotten, with why, as one forgotten by hand is
    page = client.get(f"/g/{group['id']}/sheet").get_data(as_text=True)
    assert page.count(WITH_ITS_IMPORT) == 2 and "E. Vance" in page
    with app.app_context():
        assert [(f.alias, f.member, f.why) for f in forgotten(group["id"])] == [
            ("D. Olson", "Dan", "another Dan"), ("D. Olson", "Dan", WITH_ITS_IMPORT),
            ("E. Vance", "Eve", WITH_ITS_IMPORT)]


def test_a_group_file_carries_its_remembered_spellings(client: FlaskClient) -> None:
    group = group_with_a_night(client)
    sheet = _spelled(NIGHTS[:2], date(2008, 1, 10), {"Dan": "D. Olson"})
    assert _bring_in(client, group, sheet, names={"D. Olson": "Dan"}).status_code == 200
    exported = client.get(f"{API}/groups/{group['id']}/export", headers=group["run"]).get_json()
    assert exported["aliases"] == [{"alias": "D. Olson", "member": "Dan"}]
    copy = client.post(f"{API}/groups/import", json=exported)
    assert copy.status_code == 201, copy.get_json()
    run = {"Authorization": f"Bearer {copy.get_json()['edit_token']}"}
    listed = client.get(f"{API}/groups/{copy.get_json()['id']}/aliases", headers=run).get_json()
    assert [(a["alias"], a["member"]) for a in listed["aliases"]] == [("D. Olson", "Dan")]
    exported["aliases"] = [{"alias": "Zed", "member": "Nobody"}]
    refused = client.post(f"{API}/groups/import", json=exported)
    assert refused.status_code == 400 and "isn't a member" in refused.get_json()["error"]


def workbook(tabs: dict[str, str]) -> bytes:
    """An .xlsx with one sheet a CSV text of ``tabs`` (numbers as numbers)."""
    from openpyxl import Workbook

    book = Workbook()
    book.remove(book.active)
    for title, text in tabs.items():
        sheet = book.create_sheet(title)
        for line in text.strip().split("\n"):
            cells = line.split(",")
            sheet.append([int(c) if c.lstrip("-").isdigit() else (c or None) for c in cells])
    out = BytesIO()
    book.save(out)
    return out.getvalue()


#: A league's workbook: 2004 in the old convention (with "Kathy" for Cathy), 2008
#: in the new one (with "E. Vance" for Eve), and 2004 copied again by mistake.
LEAGUE_BOOK = {
    "2004": _early(NIGHTS[:3]).replace(",Cathy,", ",Kathy,"),
    "2008": _spelled(NIGHTS[3:6], date(2008, 1, 10), {"Eve": "E. Vance"}),
    "2004 (copy)": _early(NIGHTS[:3]).replace(",Cathy,", ",Kathy,"),
}


def test_a_workbook_comes_in_whole_in_one_go_and_goes_back_whole(
        app: Flask, client: FlaskClient) -> None:
    import base64

    group = group_with_a_night(client)
    raw = base64.b64encode(workbook(LEAGUE_BOOK)).decode()
    ask = {"xlsx": raw, "filename": "the Thursday lunch league, every season so far.xlsx",
           "tab": "all", "names": {"E. Vance": "Eve"}}
    shown = client.post(f"{API}/groups/{group['id']}/import", headers=group["run"],
                        json=ask).get_json()
    assert shown["file"]["tab"] == "all" and shown["ready"], shown["refusal"]
    assert shown["file"]["source"] == ("the Thursday lunch league, every season so far.xlsx, "
                                       "every sheet (3)")
    keys = [n["key"] for n in shown["nights"]]
    assert keys[0] == "2004: 2004-01-08" and any(k.startswith("2008: ") for k in keys)
    copies = [n for n in shown["nights"] if n["key"].startswith("2004 (copy): ")]
    assert len(copies) == 3 and all(n["excluded"] and n["already"].startswith("Twice in this")
                                    for n in copies)
    names = {n["sheet"]: (n["name"], n["how"]) for n in shown["names"]}
    assert names["Kathy"][0] == "Cathy" and names["E. Vance"] == ("Eve", "chosen")
    made = client.post(f"{API}/groups/{group['id']}/import", headers=group["run"], json={
        **ask, "confirm": True, "version": shown["version"],
        "new_members": shown["new_members"]})
    assert made.status_code == 200, made.get_json()
    record = made.get_json()
    assert len(record["nights_made"]) == 6
    assert "every season so far.xlsx, every sheet (3)" in record["summary"]
    seasons = standings_by_season(app, group["id"], [2004, 2008])
    assert {k: v for k, v in seasons[2004].items() if v} == {
        k: v for k, v in _sums(NIGHTS[:3]).items() if v}
    assert {k: v for k, v in seasons[2008].items() if v} == {
        k: v for k, v in _sums(NIGHTS[3:6]).items() if v}
    undone = client.post(f"{API}/groups/{group['id']}/import/undo", headers=group["run"],
                         json={"import": record["import"], "version": record["version"]})
    assert undone.status_code == 200
    assert standings_by_season(app, group["id"], [2004])[2004] == {}


def test_a_leagues_whole_past_comes_in_as_its_sheets_kept_it(
        app: Flask, client: FlaskClient) -> None:
    """The three kinds of sheet, one after the other, as an organiser brings
    a league's past in: a 2004 sheet of the old convention ("Kathy" for
    Cathy), a 2008 sheet of the new one ("D. Olson" for Dan, matched by
    hand), then a workbook whose 2005 tab spells Dan "D. Olson" again (the
    alias returns by itself) and whose last tab is the 2004 sheet again (the
    duplicate comes in as nothing); every season equals the sheets' own
    totals, and the 2004 sheet previewed once more brings in nothing."""
    import base64

    group = group_with_a_night(client)
    sheet_2004 = _early(NIGHTS[:3]).replace(",Cathy,", ",Kathy,")
    nights_2008 = [NIGHTS[1], NIGHTS[3], NIGHTS[4]]
    sheet_2008 = _spelled(nights_2008, date(2008, 1, 10), {"Dan": "D. Olson"})
    assert _bring_in(client, group, sheet_2004).status_code == 200
    assert _bring_in(client, group, sheet_2008, names={"D. Olson": "Dan"}).status_code == 200
    nights_2005 = [NIGHTS[1], NIGHTS[5]]
    book = workbook({
        "2005": _spelled(nights_2005, date(2005, 1, 13), {"Dan": "D. Olson"}),
        "2004 again": sheet_2004})
    ask = {"xlsx": base64.b64encode(book).decode(), "filename": "league.xlsx", "tab": "all"}
    shown = client.post(f"{API}/groups/{group['id']}/import", headers=group["run"],
                        json=ask).get_json()
    assert shown["ready"], shown["refusal"]
    how = {n["sheet"]: (n["name"], n["how"]) for n in shown["names"]}
    assert how["D. Olson"] == ("Dan", "remembered") and how["Kathy"][0] == "Cathy"
    assert [n["key"].split(":")[0] for n in shown["nights"] if not n["excluded"]] == [
        "2005", "2005"]
    made = client.post(f"{API}/groups/{group['id']}/import", headers=group["run"], json={
        **ask, "confirm": True, "version": shown["version"],
        "new_members": shown["new_members"]})
    assert made.status_code == 200, made.get_json()
    seasons = standings_by_season(app, group["id"], [2004, 2005, 2008])
    for year, nights in ((2004, NIGHTS[:3]), (2005, nights_2005), (2008, nights_2008)):
        assert {k: v for k, v in seasons[year].items() if v} == {
            k: v for k, v in _sums(nights).items() if v}, year
    again = _send(client, group, sheet_2004).get_json()
    assert again["nothing_new"] and not again["ready"]


def test_dates_that_read_both_ways_are_read_by_the_groups_own_weekday(
        client: FlaskClient) -> None:
    """The group plays on Thursdays (its night of 2023-11-02); a sheet whose
    two dates read both ways (5/1/2008 and 5/8/2008) is read month first,
    the way both are Thursdays, with no question asked."""
    group = group_with_a_night(client)
    shown = _send(client, group, _later(NIGHTS[:2], date(2008, 5, 1))).get_json()
    assert shown["dates"] == "mdy", shown["dates_said"]
    assert "every night is a Thursday, as the group's nights are" in shown["dates_said"]
    assert [n["played_on"] for n in shown["nights"]] == ["2008-05-01", "2008-05-08"]
    other = _send(client, group, _later(NIGHTS[:2], date(2008, 1, 5))).get_json()
    assert other["dates"] is None  # 5 Jan and 12 Jan: Saturdays one way, neither Thursday


def test_a_name_corrected_on_the_page_leaves_the_nights_it_reveals_as_already_in_out(
        app: Flask, client: FlaskClient) -> None:
    """The first preview can't tell D. Olson is Dan, so the night he played
    looks new; once "Who is who" says so, the night is already in the group
    and stays out, whatever the first preview's ticks sent."""
    group = group_with_a_night(client)
    start = date(2008, 1, 10)
    assert _bring_in(client, group, _later(NIGHTS[:2], start)).status_code == 200
    with client.session_transaction() as cookie:
        cookie["groups"] = {str(group["id"]): group["edit_token"]}
    sheet = _spelled(NIGHTS[:4], start, {"Dan": "D. Olson"})
    upload = client.post(f"/g/{group['id']}/sheet", data={
        "file": (BytesIO(sheet.encode()), "league-2008.csv")}, content_type="multipart/form-data")
    first = client.post(f"/g/{group['id']}/sheet/preview",
                        data=form_fields(upload.get_data(as_text=True), "sheet-map"))
    assert first.status_code == 200 and "1 already in the group, left out" in first.text
    fields = form_fields(first.get_data(as_text=True), "sheet-map")
    sheet_names = fields.getlist("name_sheet")
    chosen = fields.getlist("name_as")
    chosen[sheet_names.index("D. Olson")] = "Dan"
    fields.setlist("name_as", chosen)
    fields.setlist("new_members", ["Jake", "Kay", "Lou", "Mae", "Ned"])
    before = dump(app, group["id"])

    # "Bring in" straight from the first preview's ticks, the name changed
    stale = client.post(f"/g/{group['id']}/sheet/confirm", data=fields)
    assert stale.status_code == 302, re.findall(r"field-error[^>]*>([^<]*)", stale.text)
    season = standings_by_season(app, group["id"], [2008])[2008]
    assert {k: v for k, v in season.items() if v} == {
        k: v for k, v in _sums(NIGHTS[:4]).items() if v}  # each night once
    assert dump(app, group["id"]) != before

    # "Preview again" now shows every night already in, each ticked as left out
    again = client.post(f"/g/{group['id']}/sheet/preview", data=fields).get_data(as_text=True)
    assert "Nothing new" in again and 'class="sheet-summary nothing"' in again
    assert again.count('name="already_shown"') == 4
    for key in re.findall(r'name="already_shown" value="([^"]+)"', again):
        assert re.search(rf'name="exclude" value="{re.escape(key)}" checked', again)


def test_a_sheet_too_wide_says_the_bound_and_how_to_come_within_it(
        client: FlaskClient) -> None:
    group = group_with_a_night(client)
    with client.session_transaction() as cookie:
        cookie["groups"] = {str(group["id"]): group["edit_token"]}
    wide = "Date," + ",".join(f"P{n}" for n in range(61)) + "\n2020-01-02," + ",".join(
        ["1"] * 60 + ["-60"]) + "\n"
    refused = client.post(f"/g/{group['id']}/sheet", data={
        "file": (BytesIO(wide.encode()), "wide.csv")}, content_type="multipart/form-data")
    assert refused.status_code == 400
    assert "write a row a player a night, which takes any number of players" in refused.text


def test_a_long_preview_keeps_the_decision_at_the_top_and_folds_its_quiet_nights(
        client: FlaskClient) -> None:
    group = group_with_a_night(client)
    with client.session_transaction() as cookie:
        cookie["groups"] = {str(group["id"]): group["edit_token"]}
    nights = [dict(zip(LEAGUE[:5], (4, -1, -1, -1, -1), strict=True)) for _ in range(30)]
    upload = client.post(f"/g/{group['id']}/sheet", data={
        "file": (BytesIO(_later(nights).encode()), "thirty.csv")},
        content_type="multipart/form-data").text
    page = client.post(f"/g/{group['id']}/sheet/preview",
                       data=form_fields(upload, "sheet-map")).text
    assert page.index('id="confirm"') < page.index('id="nights"')
    assert "30 nights read without a question: show them" in page
    assert page.count('name="exclude"') == 30  # each night still there to leave out


def test_a_row_a_player_with_a_game_column_makes_two_tables_of_one_day_two_nights(
        app: Flask, client: FlaskClient) -> None:
    group = group_with_a_night(client)
    rows = ["Date,Game,Player,Total"]
    tables = {"101": ("Ann", "Bob", "Cathy", "Dan", "Eve"), "102": LEAGUE[5:10]}
    for game, players in tables.items():
        for name, points in zip(players, (4, -1, -1, -1, -1), strict=True):
            rows.append(f"2021-03-04,{game},{name},{points}")
    rows += [f"2021-03-11,103,{n},{p}" for n, p in zip(tables["101"], (-4, 1, 1, 1, 1),
                                                        strict=True)]
    sheet = "\n".join(rows) + "\n"
    shown = _send(client, group, sheet).get_json()
    assert [(n["played_on"], sorted(n["players"])) for n in shown["nights"]] == [
        ("2021-03-04", sorted(tables["101"])), ("2021-03-04", sorted(tables["102"])),
        ("2021-03-11", sorted(tables["101"]))]
    assert not any(n["flags"] for n in shown["nights"])
    made = _bring_in(client, group, sheet)
    assert made.status_code == 200 and len(made.get_json()["nights_made"]) == 3
    season = standings_by_season(app, group["id"], [2021])[2021]
    assert season["Ann"] == 0 and season[LEAGUE[5]] == 4


def test_another_apps_three_table_json_export_comes_in_to_its_own_sums(
        app: Flask, client: FlaskClient) -> None:
    group = group_with_a_night(client)
    tables, sums = three_tables()
    sheet = json.dumps(tables)
    shown = _send(client, group, sheet, tab=0).get_json()
    assert shown["ready"], shown.get("refusal")
    assert len(shown["nights"]) == len(tables["games"])  # two tables a day: two nights
    new = shown["new_members"]
    made = _send(client, group, sheet, tab=0, confirm=True, version=shown["version"],
                 new_members=new)
    assert made.status_code == 200, made.get_json()
    season = standings_by_season(app, group["id"], [2017])[2017]
    assert {k: v for k, v in season.items() if v} == {k: v for k, v in sums.items() if v}
    assert len(sums) > 60


def test_what_a_zero_means_is_chosen_sheet_by_sheet_in_a_workbook(client: FlaskClient) -> None:
    """2004 writes 0 for absent; 2008 leaves absent blank but Dan's 0 there is
    a scorekeeper's "wasn't there" too: said for 2008 alone, 2004 stays as
    it looks, on the API and on the page."""
    group = group_with_a_night(client)
    later = [dict(NIGHTS[3], Dan=0), NIGHTS[4]]
    book = workbook({"2004": _early(NIGHTS[:3]), "2008": _later(later)})
    ask = {"xlsx": base64.b64encode(book).decode(), "filename": "league.xlsx", "tab": "all"}
    sent = client.post(f"{API}/groups/{group['id']}/import", headers=group["run"], json=ask)
    shown = sent.get_json()
    assert shown["sheet_zeros"] == {"2004": "absent", "2008": "played"}
    first_2008 = next(n for n in shown["nights"] if n["key"].startswith("2008"))
    assert "Dan" in first_2008["players"]
    chosen = client.post(f"{API}/groups/{group['id']}/import", headers=group["run"],
                         json={**ask, "zeros": {"2008": "absent"}}).get_json()
    assert chosen["sheet_zeros"] == {"2004": "absent", "2008": "absent"}
    assert "Dan" not in next(n for n in chosen["nights"] if n["key"] == first_2008["key"])[
        "players"]
    assert [n["players"] for n in chosen["nights"] if n["key"].startswith("2004")] == [
        n["players"] for n in shown["nights"] if n["key"].startswith("2004")]
    wrong = client.post(f"{API}/groups/{group['id']}/import", headers=group["run"],
                        json={**ask, "zeros": {"2008": "maybe"}})
    assert wrong.status_code == 400 and "for each sheet" in wrong.get_json()["error"]

    with client.session_transaction() as cookie:
        cookie["groups"] = {str(group["id"]): group["edit_token"]}
    upload = client.post(f"/g/{group['id']}/sheet", data={"file": (BytesIO(book),
                                                                   "league.xlsx")},
                         content_type="multipart/form-data")
    fields = form_fields(upload.get_data(as_text=True), "sheet-map")
    fields["tab"] = "all"
    page = client.post(f"/g/{group['id']}/sheet/preview", data=fields).get_data(as_text=True)
    assert "What a 0 means, sheet by sheet" in page and 'data-sheet="2008"' in page
    fields = form_fields(page, "sheet-map")
    at = fields.getlist("zeros_sheet").index("2008")
    fields[f"zeros_{at}"] = "absent"
    again = client.post(f"/g/{group['id']}/sheet/preview", data=fields).get_data(as_text=True)
    chosen_2008 = re.search(r'data-sheet="2008">.*?</div>', again, re.S)
    assert chosen_2008 and 'value="absent" checked' in chosen_2008.group(0)


def test_a_sheet_of_thousands_of_nights_is_kept_on_the_server_between_the_page_steps(
        app: Flask, client: FlaskClient) -> None:
    """...and the page names it by id, and shows its nights a page at a time:
    2,500 nights (over the 1,000 and the 450 KB the page once carried)
    brought in whole through the page, one left out on another page."""
    group = group_with_a_night(client)
    with client.session_transaction() as cookie:
        cookie["groups"] = {str(group["id"]): group["edit_token"]}
    rows = ["Date,Ann,Bob,Cathy,Dan,Eve"]
    day = date(2004, 1, 1)
    for _ in range(2_500):
        rows.append(f"{day.isoformat()},-12.25,-12.25,-12.25,-12.25,49.00")
        day += timedelta(days=1)
    upload = client.post(f"/g/{group['id']}/sheet", data={
        "file": (BytesIO(("\n".join(rows) + "\n").encode()), "everything.csv")},
        content_type="multipart/form-data")
    assert upload.status_code == 200 and len(upload.data) < 30_000
    fields = form_fields(upload.text, "sheet-map")
    assert set(fields) >= {"staged"} and "book" not in fields
    fields["stake_cents"] = "25"
    page = preview_page(client, group["id"], fields).text
    assert "Nights 1–100 of 2,500 (page 1 of 25)" in page and len(page) < 200_000
    fields = form_fields(page, "sheet-map")
    fields.add("exclude", "2004-01-01")
    fields["night_page"] = "25"
    last = preview_page(client, group["id"], fields).text
    assert "Nights 2,401–2,500 of 2,500 (page 25 of 25)" in last
    assert '<input type="hidden" name="exclude" value="2004-01-01">' in last
    assert "2,499 nights to bring in" in last
    fields = form_fields(last, "sheet-map")
    fields.add("all_new_members", "1")
    done = client.post(f"/g/{group['id']}/sheet/confirm", data=fields)
    assert done.status_code == 303 and "/jobs/" in done.location, text_of(done)
    followed = client.get(done.location)  # the job (done in the request, in tests)
    assert followed.status_code == 303 and followed.location.endswith("/sheet#imports")
    assert "Brought in 2,499 nights" in client.get(followed.location).text \
        or "Brought in 2499 nights" in client.get(followed.location).text
    with app.app_context():
        from scorekeeper.db.models import SheetImport, db
        record = db.session.scalars(db.select(SheetImport)).one()
        assert len(record.nights) == 2_499
    gone = client.post(f"/g/{group['id']}/sheet/preview", data={**fields.to_dict(),
                                                                 "staged": "999999"})
    assert gone.status_code == 400 and "no longer kept on the server" in gone.text


def text_of(answer: Any) -> str:
    return str(answer.get_data(as_text=True))[:2000]
