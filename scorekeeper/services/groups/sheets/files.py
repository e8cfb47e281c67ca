"""A spreadsheet as it came, read into rows of cells: CSV or TSV (the
delimiter sniffed from the rows themselves; Google Sheets' "Download as
CSV" is one), JSON tables as another app exports them (:mod:`.json_tables`),
or an .xlsx workbook, each of its sheets, read as openpyxl's
read-only mode read one but through expat, what it costs bounded before it
is paid (:mod:`.xlsx`).  Every bound is :mod:`scorekeeper.limits`'; a
file past one, or one that isn't a spreadsheet, is refused in words, never
half read.

A cell is its text, stripped, or a :class:`~datetime.date` where the
workbook itself says it is one.  A :class:`Workbook` also travels between
the steps of the import page as compact JSON (:func:`to_json`,
:func:`from_json`), so the file is read once.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from datetime import date
from pathlib import PurePath

from scorekeeper.json_text import JsonRefused, read_json
from scorekeeper.limits import (
    MAX_SHEET_BYTES,
    MAX_SHEET_COLUMNS,
    MAX_SHEET_ROWS,
    MAX_SHEET_TABS,
    QUOTED,
)
from scorekeeper.services.groups.sheets.cells import Cell as Cell
from scorekeeper.services.groups.sheets.cells import SheetRefused as SheetRefused
from scorekeeper.services.groups.sheets.cells import Tab as Tab
from scorekeeper.services.groups.sheets.cells import Workbook as Workbook
from scorekeeper.services.groups.sheets.cells import bounded_rows, cell_of
from scorekeeper.services.groups.sheets.json_tables import (
    Rows,
    as_sheets,
    looks_like_json,
    read_tables,
    table_of,
    tables_in,
)
from scorekeeper.services.groups.sheets.xlsx import read_xlsx

#: What a spreadsheet's first bytes are when it is an .xlsx (a zip archive).
ZIP_MAGIC = b"PK\x03\x04"
DELIMITERS = (",", "\t", ";")


def read_file(raw: bytes, filename: str = "") -> Workbook:
    """The file's sheets: an .xlsx by its contents, JSON tables (another
    app's export, :mod:`.json_tables`), else text as CSV or TSV."""
    if len(raw) > MAX_SHEET_BYTES:
        raise SheetRefused(f"The file is over {MAX_SHEET_BYTES // 1000:,} KB: bring in a "
                           "season or a few at a time", "file")
    if not raw.strip():
        raise SheetRefused("The file is empty", "file")
    name = filename.strip()[:120] or "sheet"
    if raw.startswith(ZIP_MAGIC):
        return Workbook(name, "xlsx", read_xlsx(raw))
    if name.lower().endswith(".json") or looks_like_json(raw):
        tabs, joins = read_tables(raw)
        return Workbook(name, "json", tabs, joins)
    text = _decode(raw)
    delimiter = sniff(text, name)
    kind = "tsv" if delimiter == "\t" else "csv"
    rows = csv.reader(io.StringIO(text), delimiter=delimiter)
    return Workbook(name, kind, (Tab(name, bounded_rows(enumerate(rows, start=1))),))


def read_files(files: Sequence[tuple[bytes, str]]) -> Workbook:
    """Files uploaded together (a database's tables exported a file each:
    games.csv, scores.csv, players.csv), each a table named by its file
    (an .xlsx's sheets and a JSON file's tables by their own names), joined
    by their ids as a JSON file's tables are (:func:`.json_tables.as_sheets`).
    One file is read as itself (:func:`read_file`)."""
    if len(files) == 1:
        return read_file(*files[0])
    if len(files) > MAX_SHEET_TABS:
        raise SheetRefused(f"At most {MAX_SHEET_TABS} files at once", "file")
    size = sum(len(raw) for raw, _ in files)
    if size > MAX_SHEET_BYTES:
        raise SheetRefused(f"The files are {size // 1000:,} KB together, over "
                           f"{MAX_SHEET_BYTES // 1000:,} KB: bring in a season or a few at "
                           "a time", "file")
    tables: dict[str, Rows] = {}
    for raw, filename in files:
        stem = PurePath(filename.strip() or "sheet").stem[:60] or "sheet"
        try:
            if filename.lower().endswith(".json") or looks_like_json(raw):
                found = dict(tables_in(raw, stem))
            else:
                book = read_file(raw, filename)
                found = {stem if book.kind != "xlsx" else t.name: table_of(t) for t in book.tabs}
        except SheetRefused as refusal:
            raise SheetRefused(f"{filename[:QUOTED]}: {refusal.message}", "file") from None
        for name, rows in found.items():
            tables[_unused(name, tables)] = rows
    tabs, joins = as_sheets(tables)
    names = ", ".join(PurePath(f).name for _, f in files)
    return Workbook(names[:120], "files", tabs, joins)


def _unused(name: str, taken: Mapping[str, object]) -> str:
    """``name``, or with a number after it when a table already has it."""
    found, number = name, 1
    while found in taken:
        number += 1
        found = f"{name} {number}"
    return found


def _decode(raw: bytes) -> str:
    """Text of a CSV: UTF-8 (with or without its mark), else Windows' own
    (Excel's "CSV" on Windows); a file with NUL bytes isn't text at all."""
    if b"\x00" in raw:
        raise SheetRefused("This file isn't a spreadsheet: choose a .csv, .tsv or .xlsx file "
                           "(Google Sheets: File → Download → CSV)", "file")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def sniff(text: str, filename: str = "") -> str:
    """The delimiter the rows agree on: the one that splits the first rows
    into the same number of cells most often (a tie: a tab in a .tsv, else
    the comma)."""
    sample = [line for line in text.splitlines()[:30] if line.strip()]
    best, score = ",", (-1, -1)
    for delimiter in DELIMITERS:
        try:
            widths = [len(row) for row in csv.reader(sample, delimiter=delimiter)]
        except csv.Error:  # a field past the csv module's limit: not this delimiter
            continue
        common = max(set(widths), key=widths.count) if widths else 1
        agree = (widths.count(common) if common > 1 else 0, common)
        preferred = delimiter == "\t" and filename.lower().endswith(".tsv")
        if agree > score or (agree == score and preferred):
            best, score = delimiter, agree
    return best


# --- carried between the page's steps -------------------------------------------------------

def to_json(book: Workbook) -> str:
    """The workbook as compact JSON (dates as {"d": "YYYY-MM-DD"})."""
    def cell(value: Cell) -> object:
        return {"d": value.isoformat()} if isinstance(value, date) else value
    return json.dumps({"filename": book.filename, "kind": book.kind,
                       "joins": list(book.joins), "tabs": [
        {"name": tab.name, "rows": [[n, [cell(c) for c in cells]] for n, cells in tab.rows]}
        for tab in book.tabs]}, ensure_ascii=False, separators=(",", ":"))


def from_json(text: str) -> Workbook:
    """A workbook :func:`to_json` wrote (a page's hidden field), checked again
    as a file is: anything else is refused."""
    try:
        data = read_json(text)
        _need(isinstance(data, dict))
        assert isinstance(data, dict)  # for mypy: _need refused anything else
        tabs = data["tabs"]
        _need(isinstance(tabs, list) and 0 < len(tabs) <= MAX_SHEET_TABS)
        joins = data.get("joins", [])
        _need(isinstance(joins, list) and len(joins) <= MAX_SHEET_TABS)
        return Workbook(str(data["filename"])[:120], str(data["kind"])[:10], tuple(
            Tab(str(tab["name"])[:80], _carried_rows(tab["rows"])) for tab in tabs),
            tuple(str(j)[:200] for j in joins))
    except SheetRefused:
        raise
    except (JsonRefused, KeyError, TypeError, ValueError):
        raise SheetRefused("This page's copy of the sheet isn't one this app wrote: choose "
                           "the file again", "sheet") from None


def _need(condition: bool) -> None:
    if not condition:
        raise ValueError("not a carried sheet")


def _carried_rows(rows: object) -> tuple[tuple[int, tuple[Cell, ...]], ...]:
    if not isinstance(rows, list) or len(rows) > MAX_SHEET_ROWS:
        raise ValueError("not a carried sheet")
    kept = []
    for number, cells in rows:
        _need(isinstance(number, int) and isinstance(cells, list)
              and len(cells) <= MAX_SHEET_COLUMNS)
        kept.append((number, tuple(_carried_cell(c) for c in cells)))
    return tuple(kept)


def _carried_cell(value: object) -> Cell:
    if isinstance(value, dict):
        return date.fromisoformat(str(value["d"]))
    _need(isinstance(value, str))
    return cell_of(value)
