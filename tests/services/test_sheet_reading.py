"""Reading a spreadsheet of a group's history, piece by piece: the file
(CSV, TSV, .xlsx, and their bounds), numbers and dates as sheets write
them, the columns guessed, names matched to members, and hands found from
each player's points under a table's rules."""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from flask import Flask
from openpyxl import Workbook

from scorekeeper.db.models import Group
from scorekeeper.rules import Hand, Kind, make_rules, replay
from scorekeeper.services import ServiceError
from scorekeeper.services.groups import group as groups
from scorekeeper.services.groups.sheets import cells, files, xlsx
from scorekeeper.services.groups.sheets.bring_in import confirm
from scorekeeper.services.groups.sheets.columns import (
    DateOrder,
    Role,
    Shape,
    Unit,
    amount,
    raw_date,
    read_order,
)
from scorekeeper.services.groups.sheets.files import (
    SheetRefused,
    from_json,
    read_file,
    sniff,
    to_json,
)
from scorekeeper.services.groups.sheets.hands import find_hands
from scorekeeper.services.groups.sheets.layout import guess
from scorekeeper.services.groups.sheets.names import match_names
from scorekeeper.services.groups.sheets.preview import Asked, Preview, preview

# --- the file ------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "delimiter"), [
    ("Date,Ann,Bob\n1/2/2025,1,-1\n", ","),
    ("Date\tAnn\tBob\n1/2/2025\t1\t-1\n", "\t"),
    ("Date;Ann;Bob\n1/2/2025;1,5;-1,5\n", ";"),
    ('Date,Ann,"Smith, Bob"\n1/2/2025,1,-1\n', ","),
])
def test_the_delimiter_is_the_one_the_rows_agree_on(text: str, delimiter: str) -> None:
    assert sniff(text) == delimiter


def test_a_csv_is_read_in_utf8_with_its_mark_or_as_windows_writes_it() -> None:
    marked = read_file("\ufeffDate,José\n2025-01-02,3\n".encode(), "a.csv")
    assert marked.tabs[0].rows[0] == (1, ("Date", "José"))
    windows = read_file("Date,José\n2025-01-02,3\n".encode("cp1252"), "b.csv")
    assert windows.tabs[0].rows[0][1][1] == "José"
    tsv = read_file(b"Date\tAnn\n2025-01-02\t3\n", "c.tsv")
    assert tsv.kind == "tsv"


@pytest.mark.parametrize("raw", [b"", b"   \n", b"a\x00b"])
def test_what_isnt_a_spreadsheet_is_refused(raw: bytes) -> None:
    with pytest.raises(SheetRefused):
        read_file(raw)


def test_a_sheet_past_its_bounds_is_refused_before_it_is_kept(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cells, "MAX_SHEET_ROWS", 3)
    with pytest.raises(SheetRefused, match="more than 3 rows"):
        read_file(b"a,b\n" * 4)
    monkeypatch.setattr(cells, "MAX_SHEET_COLUMNS", 2)
    with pytest.raises(SheetRefused, match="more than 2 columns"):
        read_file(b"a,b,c\n")
    with pytest.raises(SheetRefused, match="more than 200 characters"):
        read_file(("a," + "x" * 201 + "\n").encode())
    monkeypatch.setattr(files, "MAX_SHEET_BYTES", 10)
    with pytest.raises(SheetRefused, match="over"):
        read_file(b"a,b\n" * 4)


def _xlsx(rows: list[list[object]], sheets: int = 1) -> bytes:
    book = Workbook()
    for index in range(sheets):
        sheet = book.active if index == 0 else book.create_sheet()
        assert sheet is not None
        sheet.title = f"Season {2024 + index}"
        for row in rows:
            sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def test_an_xlsx_keeps_its_dates_and_numbers_and_every_sheet() -> None:
    raw = _xlsx([["Date", "Ann", "Bob"], [date(2025, 1, 2), 2.5, -2.5], [None, None, None],
                 [date(2025, 1, 9), 3.0, -3]], sheets=2)
    book = read_file(raw, "history.xlsx")
    assert book.kind == "xlsx" and [t.name for t in book.tabs] == ["Season 2024",
                                                                    "Season 2025"]
    assert book.tabs[0].rows == ((1, ("Date", "Ann", "Bob")),
                                 (2, (date(2025, 1, 2), "2.5", "-2.5")),
                                 (4, (date(2025, 1, 9), "3", "-3")))
    assert from_json(to_json(book)) == book


def test_an_xlsx_that_unpacks_too_big_or_is_broken_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    raw = _xlsx([["Date", "Ann"]])
    monkeypatch.setattr(xlsx, "MAX_XLSX_UNPACKED", 1000)
    with pytest.raises(SheetRefused, match="unpacks to more than"):
        read_file(raw)
    with pytest.raises(SheetRefused, match="isn't an .xlsx"):
        read_file(raw[:200])


@pytest.mark.parametrize("carried", ["", "[]", '{"tabs": []}', '{"filename": "a", "kind": "csv",'
                                     ' "tabs": [{"name": "a", "rows": [[1, [5]]]}]}'])
def test_a_pages_copy_of_the_sheet_that_this_app_didnt_write_is_refused(carried: str) -> None:
    with pytest.raises(SheetRefused, match="choose the file again"):
        from_json(carried)


# --- numbers and dates -----------------------------------------------------------------------

@pytest.mark.parametrize(("cell", "value"), [
    ("3", "3"), ("-2", "-2"), ("+4", "4"), ("\u22122", "-2"), ("(2)", "-2"),
    ("$2.75", "2.75"), ("-$1.50", "-1.50"), ("$-1.50", "-1.50"), ("1,250.00", "1250.00"),
    (" 7 ", "7"), ("two", None), ("", None), ("1e3", None), ("--1", None), ("1.2.3", None),
])
def test_a_number_is_read_as_sheets_write_it(cell: str, value: str | None) -> None:
    assert amount(cell) == (Decimal(value) if value is not None else None)


@pytest.mark.parametrize(("cell", "day"), [
    ("2025-03-06", date(2025, 3, 6)), ("2025/3/6", date(2025, 3, 6)),
    ("Jan 8, 2026", date(2026, 1, 8)), ("8 January 2026", date(2026, 1, 8)),
    ("Thu Jan 8 2026", date(2026, 1, 8)), ("8-Jan-26", date(2026, 1, 8)),
    (date(2025, 1, 2), date(2025, 1, 2)),
    # another app's export: a date with its midnight time, as SQL and JSON write it
    ("2004-01-05 00:00:00", date(2004, 1, 5)), ("2004-01-05T00:00:00", date(2004, 1, 5)),
    ("2004-01-05T00:00:00.000Z", date(2004, 1, 5)),
])
def test_a_date_that_says_its_month_needs_no_order(cell: object, day: date) -> None:
    raw = raw_date(cell)  # type: ignore[arg-type]
    assert raw is not None and raw.as_date(None) == day


def _order(cells: list[str]) -> tuple[DateOrder | None, str]:
    reading = read_order([r for r in (raw_date(c) for c in cells) if r is not None])
    return reading.order, reading.said


def test_the_whole_column_says_which_of_day_and_month_comes_first() -> None:
    assert _order(["3/4/2025", "13/4/2025"])[0] is DateOrder.DMY
    assert _order(["3/4/2025", "4/13/2025"])[0] is DateOrder.MDY
    order, said = _order(["13/4/2025", "4/13/2025"])
    assert order is None and "mix" in said
    assert _order(["2025-04-03"])[0] is DateOrder.YMD


def test_when_nothing_proves_the_order_the_weekday_may_else_the_person_is_asked() -> None:
    thursdays = ["1/2/2025", "1/9/2025", "2/6/2025", "3/6/2025", "4/3/2025"]  # month first
    order, said = _order(thursdays)
    assert order is DateOrder.MDY and "weekday" in said
    order, said = _order(["1/2/2025", "3/4/2025"])
    assert order is None and "could be month/day or day/month" in said


# --- the columns -------------------------------------------------------------------------

def _tab(text: str) -> files.Tab:
    return read_file(text.encode()).tabs[0]


def test_the_columns_are_guessed_from_the_headers_and_the_cells() -> None:
    hands = guess(_tab("Thursday club\nDate,Hand,Picker,Partner,Points\n"
                       "2025-01-02,1,Ann,Bob,75\n"))
    assert hands.header_row == 2 and hands.shape is Shape.HAND_ROLES
    assert hands.roles == (Role.DATE, Role.HAND, Role.PICKER, Role.PARTNER, Role.POINTS)
    rows = guess(_tab("When,Player,Won $\n2025-01-02,Ann,$2.50\n2025-01-02,Bob,-$2.50\n"))
    assert rows.shape is Shape.PLAYER_ROWS and rows.unit is Unit.MONEY
    assert rows.roles == (Role.DATE, Role.NAME, Role.TOTAL)
    per_hand = guess(_tab("Day,Ann,Bob,Cat,Total\n2025-01-02,2,-1,-1,0\n2025-01-02,-2,1,1,0\n"))
    assert per_hand.shape is Shape.HAND_COLUMNS and per_hand.roles[-1] is Role.IGNORE
    nights = guess(_tab("Date,Ann,Bob\n2025-01-02,2,-2\n2025-01-09,1,-1\n"))
    assert nights.shape is Shape.NIGHT_ROWS and nights.unit is Unit.POINTS


# --- names -------------------------------------------------------------------------------

def test_names_are_matched_by_spelling_and_sound_and_the_rest_are_new() -> None:
    members = ["Ann", "John", "Cathy", "José Álvarez", "Tom Schmidt", "Tom Wolf"]
    found = match_names(Counter(
        {"ann": 3, "Jon": 2, "Kathy": 4, "Jose Alvarez": 1, "Tom": 1, "Zeke": 5, "Zeek": 1,
         "Аnn": 1}), members)
    said = {s: (m.name, m.member, m.how) for s, m in found.items()}
    assert said["ann"] == ("Ann", True, "same")
    assert said["Jon"] == ("John", True, "sound")
    assert said["Kathy"] == ("Cathy", True, "sound")
    assert said["Jose Alvarez"] == ("José Álvarez", True, "spelling")
    assert said["Tom"] == ("Tom", False, "new")  # two Toms: never a guess between them
    assert said["Zeke"] == ("Zeke", False, "new")
    assert said["Zeek"] == ("Zeke", False, "spelling")  # one new member, said how
    assert found["Аnn"].problem is not None and "looks just like" in found["Аnn"].problem


def test_a_name_of_another_number_is_never_a_members_spelling() -> None:
    found = match_names(Counter({"Member 02": 1, "Member 1": 1, "Table 3 Sue": 1}),
                        ["Member 01", "Member 10", "Table 2 Sue"])
    said = {s: (m.name, m.member) for s, m in found.items()}
    assert said["Member 02"] == ("Member 02", False)  # one digit apart: two people
    assert said["Member 1"] == ("Member 01", True)  # the same number, written otherwise
    assert said["Table 3 Sue"] == ("Table 3 Sue", False)


def test_the_persons_choice_stands_and_a_choice_of_no_member_is_refused() -> None:
    counts = Counter({"Kathy": 1, "Gus": 1})
    found = match_names(counts, ["Cathy", "Bob"], {"Kathy": None, "Gus": "Bob"})
    assert (found["Kathy"].member, found["Gus"].name, found["Gus"].how) == (False, "Bob",
                                                                            "chosen")
    with pytest.raises(ServiceError, match="isn't a member"):
        match_names(counts, ["Cathy"], {"Gus": "Nobody"})


# --- hands from each player's points -----------------------------------------------------

def _paid(preset: str, players: list[str], hands: list[dict[str, object]]) -> list[dict[str, int]]:
    night = replay(make_rules(preset), players, [Hand(**h) for h in hands])  # type: ignore[arg-type]
    return [dict(r.payouts) for r in night.results]


@pytest.mark.parametrize(("preset", "players", "hands"), [
    ("called-ace", ["Ann", "Bob", "Cat", "Dan", "Eve"], [
        {"picker": "Ann", "partners": ["Cat"], "points": 75},
        {"picker": "Bob", "alone": True, "points": 30},
        {"kind": "leaster", "winner": "Dan"},
        {"picker": "Eve", "partners": ["Ann"], "points": 95, "cracks": 1}]),
    ("sheephead-4", ["Ann", "Bob", "Cat", "Dan"], [
        {"kind": "no-pick"}, {"picker": "Ann", "partners": ["Cat"], "points": 70},
        {"picker": "Bob", "points": 100}]),
    ("imsa", ["Ann", "Bob", "Cat", "Dan", "Eve"], [
        {"kind": "renege", "offender": "Bob"}, {"picker": "Ann", "partners": ["Dan"],
                                                "points": 64, "blitzes": 1}]),
    ("called-ace", ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"], [  # the dealer sits out
        {"picker": "Bob", "partners": ["Cat"], "points": 75},
        {"picker": "Fay", "partners": ["Ann"], "points": 40}]),
])
def test_the_hands_these_rules_pay_are_found_from_each_players_points(
        preset: str, players: list[str], hands: list[dict[str, object]]) -> None:
    rows = _paid(preset, players, hands)
    sheet = [{n: p for n, p in row.items() if p or len(players) <= 5} for row in rows]
    found, failed = find_hands(make_rules(preset), players, sheet)
    assert failed is None and found is not None
    again = replay(make_rules(preset), players, list(found))
    assert [dict(r.payouts) for r in again.results] == rows


def test_points_no_hand_pays_name_the_hand() -> None:
    rows = [{"Ann": 2, "Bob": -1, "Cat": 1, "Dan": -1, "Eve": -1},
            {"Ann": 3, "Bob": -3, "Cat": 0, "Dan": 0, "Eve": 0}]
    assert find_hands(make_rules("called-ace"), ["Ann", "Bob", "Cat", "Dan", "Eve"],
                      rows) == (None, 2)


# --- a sheet of pickers, dates to ask for, money without a stake ---------------------------

@pytest.fixture()
def group(app: Flask) -> Iterator[Group]:
    with app.app_context():
        made, _ = groups.create_group("Thursday", ["Ann", "Bob", "Cat", "Dan", "Eve"])
        yield made


def _preview(group: Group, text: str, **asked: Any) -> Preview:
    return preview(group, read_file(text.encode(), "s.csv"), Asked(**asked))


def test_a_sheet_of_pickers_is_replayed_and_a_hand_the_rules_refuse_flags_its_night(
        group: Group) -> None:
    shown = _preview(group, "Date,Picker,Partner,Points\n"
                     "2025-01-02,Ann,Cat,75\n,Bob,alone,91\n,Leaster,Dan,\n"
                     "2025-01-09,Ann,Ann,75\n,Bob,Cat,130\n,Dan,Eve,61\n,Cat,Ann,61\n")
    first, second = shown.nights
    assert first.hands is not None and [h.kind for h in first.hands] == [
        Kind.PICKED, Kind.PICKED, Kind.LEASTER]
    # Eve is never named: the sheet names five players, so she defended every hand.
    assert first.totals == {"Ann": 2 - 2 - 1, "Cat": 1 - 2 - 1, "Bob": -1 + 8 - 1,
                            "Dan": -1 - 2 + 4, "Eve": -1 - 2 - 1}
    assert second.flags == ["Hand 2: the card points must be a whole number from 0 to 120, "
                            "not '130'"]


def test_a_hand_of_a_night_with_more_players_than_seats_needs_who_played(
        group: Group) -> None:
    shown = _preview(group, "Date,Picker,Partner,Points\n2025-01-02,Ann,Cat,75\n"
                     ",Bob,Dan,75\n,Eve,Fay,75\n")
    (night,) = shown.nights
    assert "add a column 'Who played'" in night.flags[0]


def test_dates_that_could_be_either_order_are_asked_and_nothing_comes_in(
        app: Flask, group: Group) -> None:
    text = "Date,Ann,Bob\n1/2/2025,1,-1\n3/4/2025,2,-2\n"
    shown = _preview(group, text)
    assert not shown.ready and "choose one" in " ".join(shown.problems)
    with pytest.raises(ServiceError, match="columns need correcting"):
        confirm(group.id, read_file(text.encode()), Asked(), 0)
    chosen = _preview(group, text, dates="dmy")
    assert [n.played_on for n in chosen.nights] == [date(2025, 2, 1), date(2025, 4, 3)]


def test_money_needs_a_stake_and_a_whole_number_of_points_at_it(group: Group) -> None:
    text = "Date,Ann,Bob\n2025-01-02,$1.50,-$1.50\n2025-01-09,$0.30,-$0.30\n"
    assert "needs the stake" in " ".join(_preview(group, text, stake_cents=0).problems)
    nights = _preview(group, text, stake_cents=50).nights
    assert nights[0].totals == {"Ann": 3, "Bob": -3} and not nights[0].flags
    assert nights[1].flags[0] == "Ann's $0.30 isn't a whole number of points at 50¢ a point"


def test_a_date_with_no_numbers_is_left_out_and_said(group: Group) -> None:
    shown = _preview(group, "Date,Ann,Bob,Notes\n2025-01-02,2,-2,\n2025-01-09,,,snowed in\n")
    assert [n.key for n in shown.nights] == ["2025-01-02"]
    assert shown.skipped == ("Row 3 (2025-01-09) gives no numbers: left out",)
