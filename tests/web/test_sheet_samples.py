"""A lunch league's past from its own files (tests/web/data): a 2004 sheet of
the old convention (a number for everyone each row, 0 for "wasn't there",
"Kathy" for Cathy, a holiday Thursday of zeros), a 2008 sheet of the new
one (a blank for absent, a real 0 for broke even, "D. Olson" for Dan, whom
the organiser matches by hand), and a workbook whose 2005 and 2009 tabs
come in together, "D. Olson" matched by himself this time, and whose last
tab is the 2004 sheet copied again by mistake.  Each sheet ends in a
Total row: every season comes in equal to it, the copy and the 2004 sheet
brought in again add nothing."""

from __future__ import annotations

import base64
import csv
import io
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.web.sheet_helpers import API, DATA, group_with_a_night, standings_by_season

#: How the sheets spell the group's members.
SPELLED = {"Kathy": "Cathy", "D. Olson": "Dan", "Evie": "Eve"}


def _totals(rows: list[list[Any]]) -> dict[str, int]:
    """A sheet's own Total row by member (the sheet's spellings made the
    members'), checked against the rows above it."""
    header, *body = rows
    *nights, total = body
    assert str(total[0]).casefold() == "total"
    kept: dict[str, int] = {}
    for column, name in enumerate(header[1:], start=1):
        said = total[column]
        if said in ("", None):
            continue
        added = sum(int(row[column]) for row in nights if row[column] not in ("", None))
        assert int(said) == added, (name, said, added)  # the sample adds up
        if int(said):
            kept[SPELLED.get(name, name)] = int(said)
    return kept


def _csv(name: str) -> tuple[str, dict[str, int]]:
    text = (DATA / name).read_text()
    return text, _totals(list(csv.reader(io.StringIO(text))))


def _tabs(name: str) -> dict[str, dict[str, int]]:
    from openpyxl import load_workbook

    book = load_workbook(DATA / name, read_only=True)
    return {sheet.title: _totals([list(r) for r in sheet.iter_rows(values_only=True)])
            for sheet in book.worksheets}


def _post(client: FlaskClient, group: dict[str, Any], body: dict[str, Any]) -> Any:
    return client.post(f"{API}/groups/{group['id']}/import", headers=group["run"], json=body)


def _bring_in(client: FlaskClient, group: dict[str, Any], body: dict[str, Any],
              **names: str) -> dict[str, Any]:
    shown = _post(client, group, {**body, **({"names": names} if names else {})}).get_json()
    assert "nights" in shown, shown
    made = _post(client, group, {**body, **({"names": names} if names else {}),
                                 "confirm": True, "version": shown["version"],
                                 "new_members": shown["new_members"]})
    assert made.status_code == 200, made.get_json()
    return shown


def _nonzero(points: dict[str, int]) -> dict[str, int]:
    return {name: value for name, value in points.items() if value}


def test_a_leagues_three_sample_files_come_in_equal_to_their_own_totals(
        app: Flask, client: FlaskClient) -> None:
    group = group_with_a_night(client)

    sheet_2004, total_2004 = _csv("league-2004.csv")
    ask_2004 = {"sheet": sheet_2004, "filename": "league-2004.csv"}
    shown = _bring_in(client, group, ask_2004)
    assert shown["zeros"] == "absent"
    assert any("every player 0" in said for said in shown["skipped"])
    assert {n["sheet"]: n["name"] for n in shown["names"]}["Kathy"] == "Cathy"

    sheet_2008, total_2008 = _csv("league-2008.csv")
    ask_2008 = {"sheet": sheet_2008, "filename": "league-2008.csv"}
    shown = _bring_in(client, group, ask_2008, **{"D. Olson": "Dan"})
    assert shown["zeros"] == "played"  # blanks for absent: a 0 is a player who broke even
    assert any(0 in n["points"].values() for n in shown["nights"])

    book = (DATA / "league-2005-2009.xlsx").read_bytes()
    tabs = _tabs("league-2005-2009.xlsx")
    ask_book = {"xlsx": base64.b64encode(book).decode(), "filename": "league-2005-2009.xlsx",
                "tab": "all"}
    shown = _bring_in(client, group, ask_book)
    how = {n["sheet"]: (n["name"], n["how"]) for n in shown["names"]}
    assert how["D. Olson"] == ("Dan", "remembered")
    assert how["Evie"][0] == "Eve"
    copied = [n for n in shown["nights"] if n["key"].startswith("2004 (copy)")]
    assert copied and all(n["already"] and n["excluded"] for n in copied)

    seasons = standings_by_season(app, group["id"], [2004, 2005, 2008, 2009])
    assert _nonzero(seasons[2004]) == total_2004 == tabs["2004 (copy)"]
    assert _nonzero(seasons[2008]) == total_2008
    assert _nonzero(seasons[2005]) == tabs["2005"]
    assert _nonzero(seasons[2009]) == tabs["2009"]

    again = _post(client, group, ask_2004).get_json()
    assert again["nothing_new"] and not again["ready"]
