"""A spreadsheet as it came, read into rows of cells: CSV or TSV (the
delimiter sniffed from the rows themselves; Google Sheets' "Download as
CSV" is one), or an .xlsx workbook through openpyxl in read-only mode, each
of its sheets.  Every bound is :mod:`scorekeeper.limits`'; a file past one,
or one that isn't a spreadsheet, is refused in words, never half read.

A cell is its text, stripped, or a :class:`~datetime.date` where the
workbook itself says it is one.  A :class:`Workbook` also travels between
the steps of the import page as compact JSON (:func:`to_json`,
:func:`from_json`), so the file is read once.
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal

from scorekeeper.json_text import JsonRefused, read_json
from scorekeeper.limits import (
    MAX_SHEET_BYTES,
    MAX_SHEET_CELL,
    MAX_SHEET_COLUMNS,
    MAX_SHEET_ROWS,
    MAX_SHEET_TABS,
    MAX_XLSX_UNPACKED,
    QUOTED,
)
from scorekeeper.services import Code, ServiceError

Cell = str | date
#: What a spreadsheet's first bytes are when it is an .xlsx (a zip archive).
ZIP_MAGIC = b"PK\x03\x04"
DELIMITERS = (",", "\t", ";")


class SheetRefused(ServiceError):
    """A spreadsheet that can't be brought in, and why (nothing is written)."""

    code = Code.IMPORT_REFUSED


@dataclass(frozen=True)
class Tab:
    """One sheet of a file: its name and its rows, each with its row number
    in the file (1 first); empty rows are left out, every row as wide as the
    widest."""

    name: str
    rows: tuple[tuple[int, tuple[Cell, ...]], ...]


@dataclass(frozen=True)
class Workbook:
    """A file read: its name, its kind ("csv", "tsv", "xlsx") and its sheets."""

    filename: str
    kind: str
    tabs: tuple[Tab, ...]


def read_file(raw: bytes, filename: str = "") -> Workbook:
    """The file's sheets: an .xlsx by its contents, else text as CSV or TSV."""
    if len(raw) > MAX_SHEET_BYTES:
        raise SheetRefused(f"The file is over {MAX_SHEET_BYTES // 1000:,} KB: bring in a "
                           "season or a few at a time", "file")
    if not raw.strip():
        raise SheetRefused("The file is empty", "file")
    name = filename.strip()[:120] or "sheet"
    if raw.startswith(ZIP_MAGIC):
        return Workbook(name, "xlsx", read_xlsx(raw))
    text = _decode(raw)
    delimiter = sniff(text, name)
    kind = "tsv" if delimiter == "\t" else "csv"
    return Workbook(name, kind, (Tab(name, _rows(csv.reader(io.StringIO(text),
                                                            delimiter=delimiter))),))


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
        widths = [len(row) for row in csv.reader(sample, delimiter=delimiter)]
        common = max(set(widths), key=widths.count) if widths else 1
        agree = (widths.count(common) if common > 1 else 0, common)
        preferred = delimiter == "\t" and filename.lower().endswith(".tsv")
        if agree > score or (agree == score and preferred):
            best, score = delimiter, agree
    return best


def _rows(rows: Iterable[Sequence[object]]) -> tuple[tuple[int, tuple[Cell, ...]], ...]:
    """Rows of cells within the bounds, numbered from 1, empty ones left out."""
    kept: list[tuple[int, tuple[Cell, ...]]] = []
    try:
        for number, row in enumerate(rows, start=1):
            if number > MAX_SHEET_ROWS:
                raise SheetRefused(f"The sheet has more than {MAX_SHEET_ROWS:,} rows: bring "
                                   "in a few seasons at a time", "file")
            cells = [_cell(value) for value in row]
            while cells and cells[-1] == "":
                cells.pop()
            if len(cells) > MAX_SHEET_COLUMNS:
                raise SheetRefused(f"Row {number} has more than {MAX_SHEET_COLUMNS} columns",
                                   "file")
            if cells:
                kept.append((number, tuple(cells)))
    except csv.Error as error:
        raise SheetRefused(f"This file can't be read as CSV ({str(error)[:80]})",
                           "file") from None
    width = max((len(cells) for _, cells in kept), default=0)
    return tuple((n, cells + ("",) * (width - len(cells))) for n, cells in kept)


def _cell(value: object) -> Cell:
    """A cell as the import reads it: text (numbers as they are written,
    whole numbers without ".0") or a date."""
    if value is None:
        return ""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, time):
        return value.isoformat()
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int | float):
        text = format(Decimal(repr(value)).normalize(), "f") if isinstance(value, float) \
            else str(value)
        return text
    text = str(value).strip()
    if len(text) > MAX_SHEET_CELL:
        raise SheetRefused(f"A cell holds more than {MAX_SHEET_CELL} characters "
                           f"({text[:QUOTED]!r}…)", "file")
    return text


def read_xlsx(raw: bytes) -> tuple[Tab, ...]:
    """Every sheet of an .xlsx workbook (values as last saved, not formulas),
    read in openpyxl's read-only mode after checking what it unpacks to."""
    from openpyxl import load_workbook  # loaded only for a workbook

    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, ValueError):
        raise SheetRefused("This file isn't an .xlsx workbook that can be read", "file") \
            from None
    if unpacked > MAX_XLSX_UNPACKED:
        raise SheetRefused(f"This workbook unpacks to more than "
                           f"{MAX_XLSX_UNPACKED // 1_000_000} MB", "file")
    try:
        book = load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
    except SheetRefused:
        raise
    except Exception:  # openpyxl raises many kinds for a broken file: all are the file's
        raise SheetRefused("This file isn't an .xlsx workbook that can be read "
                           "(save it again from the spreadsheet as .xlsx or CSV)",
                           "file") from None
    try:
        sheets = book.worksheets[:MAX_SHEET_TABS + 1]
        if len(sheets) > MAX_SHEET_TABS:
            raise SheetRefused(f"The workbook has more than {MAX_SHEET_TABS} sheets", "file")
        return tuple(Tab(str(sheet.title)[:80], _rows(sheet.iter_rows(
            max_col=MAX_SHEET_COLUMNS + 1, values_only=True))) for sheet in sheets)
    except SheetRefused:
        raise
    except Exception:
        raise SheetRefused("This workbook can't be read to the end (save it again from the "
                           "spreadsheet as .xlsx or CSV)", "file") from None
    finally:
        book.close()


# --- carried between the page's steps -------------------------------------------------------

def to_json(book: Workbook) -> str:
    """The workbook as compact JSON (dates as {"d": "YYYY-MM-DD"})."""
    def cell(value: Cell) -> object:
        return {"d": value.isoformat()} if isinstance(value, date) else value
    return json.dumps({"filename": book.filename, "kind": book.kind, "tabs": [
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
        return Workbook(str(data["filename"])[:120], str(data["kind"])[:10], tuple(
            Tab(str(tab["name"])[:80], _carried_rows(tab["rows"])) for tab in tabs))
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
    return _cell(value)
