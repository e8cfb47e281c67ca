"""A spreadsheet as it came, read into rows of cells: CSV or TSV (the
delimiter sniffed from the rows themselves; Google Sheets' "Download as
CSV" is one), or an .xlsx workbook, each of its sheets, read as openpyxl's
read-only mode read one but through expat, what it costs bounded before it
is paid (:class:`_Xlsx`).  Every bound is :mod:`scorekeeper.limits`'; a
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
import posixpath
import re
import zipfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal
from xml.parsers import expat

from scorekeeper.json_text import JsonRefused, read_json
from scorekeeper.limits import (
    MAX_SHEET_BYTES,
    MAX_SHEET_CELL,
    MAX_SHEET_CELLS,
    MAX_SHEET_COLUMNS,
    MAX_SHEET_ROWS,
    MAX_SHEET_TABS,
    MAX_XLSX_MARKUP,
    MAX_XLSX_RUN,
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
    rows = csv.reader(io.StringIO(text), delimiter=delimiter)
    return Workbook(name, kind, (Tab(name, _rows(enumerate(rows, start=1))),))


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


def _rows(rows: Iterable[tuple[int, Sequence[str] | Sequence[Cell]]], read: bool = False,
          filled: int = 0) -> tuple[tuple[int, tuple[Cell, ...]], ...]:
    """Rows of cells within the bounds, each with its number (1 first), empty
    ones left out: a CSV's texts, or (``read``) an .xlsx's cells as read
    (``filled``: the cells of its sheets before this one), refused at the
    first row past a bound."""
    kept: list[tuple[int, tuple[Cell, ...]]] = []
    try:
        for number, row in rows:
            if number > MAX_SHEET_ROWS:
                raise SheetRefused(f"The sheet has more than {MAX_SHEET_ROWS:,} rows: bring "
                                   "in a few seasons at a time", "file")
            if read:
                cells = list(row)
            else:
                texts: Sequence[str] = row  # type: ignore[assignment]
                if len(texts) > MAX_SHEET_COLUMNS and "".join(
                        texts[MAX_SHEET_COLUMNS:]).strip():
                    raise SheetRefused(f"Row {number} has more than {MAX_SHEET_COLUMNS} "
                                       "columns", "file")
                cells = [_text(text) for text in texts[:MAX_SHEET_COLUMNS]]
            while cells and cells[-1] == "":
                cells.pop()
            if cells:
                filled += len(cells) - cells.count("")
                if filled > MAX_SHEET_CELLS:
                    raise SheetRefused(f"The file has more than {MAX_SHEET_CELLS:,} filled "
                                       "cells: bring in a few seasons at a time", "file")
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
    return _text(str(value))


def _text(value: str) -> str:
    """A cell's text, stripped, within the bound."""
    text = value.strip()
    if len(text) > MAX_SHEET_CELL:
        raise SheetRefused(f"A cell holds more than {MAX_SHEET_CELL} characters "
                           f"({text[:QUOTED]!r}…)", "file")
    return text


def read_xlsx(raw: bytes) -> tuple[Tab, ...]:
    """Every sheet of an .xlsx workbook (values as last saved, not formulas),
    a part at a time, refused at the first bound it passes before what lies
    beyond is paid for (:class:`_Xlsx`)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
    except (zipfile.BadZipFile, ValueError):
        raise SheetRefused("This file isn't an .xlsx workbook that can be read", "file") \
            from None
    with archive:
        infos = archive.infolist()
        if any(info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)
               for info in infos):  # what spreadsheets write; bzip2 unpacks 10× slower
            raise SheetRefused("This file isn't an .xlsx workbook that can be read (save it "
                               "again from the spreadsheet as .xlsx or CSV)", "file")
        if sum(info.file_size for info in infos) > MAX_XLSX_UNPACKED:
            raise SheetRefused(f"This workbook unpacks to more than "
                               f"{MAX_XLSX_UNPACKED // 1_000_000} MB", "file")
        book = _Xlsx(archive)
        try:
            sheets = book.sheets()
        except SheetRefused:
            raise
        except Exception:  # a broken archive or part raises many kinds: all are the file's
            raise SheetRefused("This file isn't an .xlsx workbook that can be read "
                               "(save it again from the spreadsheet as .xlsx or CSV)",
                               "file") from None
        try:
            tabs: list[Tab] = []
            filled = 0
            for name, part in sheets:
                tabs.append(Tab(name[:80], _rows(book.rows(part), read=True, filled=filled)))
                filled += sum(len(cells) - cells.count("") for _, cells in tabs[-1].rows)
            return tuple(tabs)
        except SheetRefused:
            raise
        except Exception:
            raise SheetRefused("This workbook can't be read to the end (save it again from "
                               "the spreadsheet as .xlsx or CSV)", "file") from None


#: An .xlsx's names: tags as expat gives them (namespace, a space, the tag),
#: the main part's content types in the order openpyxl looks for them, and
#: the bytes of a part unpacked and counted before they are parsed.
_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main "
_REL_ID = "http://schemas.openxmlformats.org/officeDocument/2006/relationships id"
_KIND = "application/vnd.openxmlformats-officedocument.spreadsheetml."
_MACROS = "application/vnd.ms-excel."
_BOOK_KINDS = (_MACROS + "template.macroEnabled.main+xml", _KIND + "template.main+xml",
               _MACROS + "sheet.macroEnabled.main+xml", _KIND + "sheet.main+xml")
_STRINGS_KIND = _KIND + "sharedStrings+xml"
_ROW, _C, _V, _IS, _T, _RPH, _SI, _XFS, _XF, _FORMATS, _FORMAT = (_MAIN + tag for tag in (
    "row", "c", "v", "is", "t", "rPh", "si", "cellXfs", "xf", "numFmts", "numFmt"))
#: The parts of styles.xml, in their order: an ``xf`` is a cell's style in
#: ``cellXfs`` (not ``cellStyleXfs``), a ``numFmt`` a number format in
#: ``numFmts`` (not a conditional format's in ``dxfs``).
_STYLE_SECTIONS = frozenset(_MAIN + tag for tag in (
    "numFmts", "fonts", "fills", "borders", "cellStyleXfs", "cellXfs", "cellStyles", "dxfs",
    "tableStyles", "colors", "extLst"))
_CHUNK = 65_536
_DIGITS = "0123456789"


def _local(tag: str) -> str:
    return tag.rpartition(" ")[2]


def _no_doctype(*_: object) -> None:
    raise SheetRefused("This workbook declares its own XML entities, which a spreadsheet "
                       "never does: save it again from the spreadsheet as .xlsx or CSV",
                       "file")


def _parser() -> expat.XMLParserType:
    """An expat parser that joins a tag to its namespace and refuses any DOCTYPE
    (so no entity is ever declared, let alone expanded)."""
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.buffer_text = True
    parser.StartDoctypeDeclHandler = _no_doctype
    parser.EntityDeclHandler = _no_doctype
    return parser


class _Xlsx:
    """An .xlsx read as openpyxl's read-only mode read it with ``data_only``
    (the parts ``[Content_Types].xml`` and the workbook's relationships
    name; each cell's value as openpyxl gave it, made a cell by
    :func:`_cell`), but through expat with what it costs bounded before it
    is paid: each part's tags and attributes (each ``<`` and ``=``) are
    counted as it unpacks, against ``MAX_XLSX_MARKUP`` for the whole
    workbook, and its longest run without a tag measured, before it is
    parsed; then the sheets are listed (``MAX_SHEET_TABS``), a shared
    string a cell couldn't hold is refused as it ends, and a sheet's rows
    and each row's filled columns as they come.  (openpyxl built the whole
    table of shared strings, a whole row, and each sheet's every row as
    wide as asked, before any bound was looked at: 2.7 million strings
    took 40 s, a row of 1.3 million cells 13 s.)"""

    def __init__(self, archive: zipfile.ZipFile) -> None:
        from openpyxl.styles.numbers import BUILTIN_FORMATS, is_date_format, is_timedelta_format
        from openpyxl.utils.datetime import (
            CALENDAR_MAC_1904,
            CALENDAR_WINDOWS_1900,
            from_excel,
            from_ISO8601,
        )

        self.archive = archive
        self.names = set(archive.namelist())
        self.tags = self.attributes = 0
        self.strings: list[Cell] = []
        self._numbers: dict[str, Cell] = {}
        self._styles_dated: dict[str | None, bool] = {}
        self.dates: set[int] = set()
        self.durations: set[int] = set()
        self.epoch, self._mac_epoch = CALENDAR_WINDOWS_1900, CALENDAR_MAC_1904
        self._builtin, self._is_date, self._is_duration = (BUILTIN_FORMATS, is_date_format,
                                                           is_timedelta_format)
        self._from_excel, self._from_iso = from_excel, from_ISO8601
        self._columns: dict[str, int] = {}

    def _feed(self, parser: expat.XMLParserType, part: str) -> None:
        """Parse a part, its markup counted as it unpacks and its runs without
        a tag measured first.  The part is parsed whole: expat, fed a
        chunk at a time, scans a token (a tag, a comment) that spans chunks
        again from its start with each chunk (a comment of 45 MB took 106 s
        in 16 KB chunks), and pyexpat feeds expat a megabyte at a time, so no
        run may be longer than ``MAX_XLSX_RUN`` (nor a tag hold more than a
        few thousand attributes, which expat reads in more than linear time)."""
        chunks: list[bytes] = []
        with self.archive.open(part) as stream:
            while chunk := stream.read(_CHUNK):
                self.tags += chunk.count(b"<")
                self.attributes += chunk.count(b"=")
                if self.tags + self.attributes // 2 > MAX_XLSX_MARKUP:
                    raise SheetRefused("This workbook is too big to read at once: bring in a "
                                       "few seasons at a time, or save the sheet as CSV",
                                       "file")
                chunks.append(chunk)
        data = b"".join(chunks)
        if (len(data) > MAX_XLSX_RUN and data.find(b"<", 0, MAX_XLSX_RUN) < 0) or \
                re.search(rb"<[^<]{%d}" % MAX_XLSX_RUN, data):
            raise SheetRefused("This workbook holds a text longer than a spreadsheet writes: "
                               "save it again from the spreadsheet as .xlsx or CSV", "file")
        parser.Parse(data, True)

    def _parse(self, part: str, start: Callable[[str, dict[str, str]], None],
               end: Callable[[str], None] | None = None) -> None:
        parser = _parser()
        parser.StartElementHandler = start
        if end is not None:
            parser.EndElementHandler = end
        self._feed(parser, part)

    # --- the workbook: its parts, sheets, styles and shared strings -------------------

    def sheets(self) -> list[tuple[str, str]]:
        """Each worksheet's name and part, in the workbook's order (at most
        ``MAX_SHEET_TABS``); the styles and the shared strings read."""
        overrides: list[tuple[str, str]] = []
        defaults: set[str] = set()

        def types(tag: str, attrs: dict[str, str]) -> None:
            if _local(tag) == "Override":
                overrides.append((attrs.get("ContentType", ""), attrs.get("PartName", "")))
            elif _local(tag) == "Default":
                defaults.add(attrs.get("ContentType", ""))
        self._parse("[Content_Types].xml", types)
        book = next((name for kind in _BOOK_KINDS for found, name in overrides
                     if found == kind), None)
        if book is None:
            if not defaults & set(_BOOK_KINDS):
                raise ValueError("no workbook part")
            book = "/xl/workbook.xml"
        book = book[1:]
        listed: list[tuple[str, str]] = []
        within: list[str] = []

        def workbook(tag: str, attrs: dict[str, str]) -> None:
            local = _local(tag)
            if local == "sheet" and within[-1:] == ["sheets"] and attrs.get(_REL_ID):
                listed.append((attrs.get("name", ""), attrs[_REL_ID]))
            elif local == "workbookPr" and attrs.get("date1904", "") not in ("", "false", "f",
                                                                             "0"):
                self.epoch = self._mac_epoch
            within.append(local)

        def workbook_end(tag: str) -> None:
            within.pop()
        self._parse(book, workbook, workbook_end)
        related = self._relationships(book)
        sheets = []
        for name, rel in listed:
            kind, target = related[rel]
            if target in self.names and "chartsheet" not in kind:
                sheets.append((name, target))
        if len(sheets) > MAX_SHEET_TABS:
            raise SheetRefused(f"The workbook has more than {MAX_SHEET_TABS} sheets", "file")
        if "xl/styles.xml" in self.names:
            self._styles("xl/styles.xml")
        strings = next((name for kind, name in overrides if kind == _STRINGS_KIND), None)
        if strings is not None:
            self._strings(strings[1:])
        return sheets

    def _relationships(self, part: str) -> dict[str, tuple[str, str]]:
        """A part's relationships by id: their type and target (a name in the archive)."""
        folder, name = posixpath.split(part)
        found: dict[str, tuple[str, str]] = {}

        def start(tag: str, attrs: dict[str, str]) -> None:
            if _local(tag) == "Relationship" and attrs.get("TargetMode") != "External":
                target = attrs["Target"]
                found[attrs["Id"]] = (attrs["Type"], target[1:] if target.startswith("/") else
                                      posixpath.normpath(posixpath.join(folder, target)))
        self._parse(posixpath.join(folder, "_rels", f"{name}.rels"), start)
        return found

    def _styles(self, part: str) -> None:
        """Which cell styles show a date (or a duration), found as openpyxl finds them."""
        custom: dict[int, str] = {}
        styles: list[int] = []
        section = ""

        def start(tag: str, attrs: dict[str, str]) -> None:
            nonlocal section
            if tag == _XF:
                if section == _XFS:
                    styles.append(int(attrs.get("numFmtId", 0)))
            elif tag == _FORMAT:
                if section == _FORMATS:
                    custom[int(attrs["numFmtId"])] = attrs["formatCode"]
            elif tag in _STYLE_SECTIONS:
                section = tag
        self._parse(part, start)
        kinds: dict[int, tuple[bool, bool]] = {}
        for index, number in enumerate(styles):
            if number not in kinds:
                code = custom[number] if number in custom else self._builtin.get(number)
                kinds[number] = (self._is_date(code), self._is_duration(code))
            dated, duration = kinds[number]
            if dated:
                self.dates.add(index)
            if duration:
                self.durations.add(index)

    def _strings(self, part: str) -> None:
        """The shared strings (their text, not their phonetic guides) as cells;
        one a cell couldn't hold is refused here, before any sheet is read."""
        parser, strings = _parser(), self.strings
        text: list[str] = []
        phonetic = False

        def start(tag: str, attrs: dict[str, str]) -> None:
            nonlocal phonetic
            if tag == _T and not phonetic:
                parser.CharacterDataHandler = text.append
            elif tag == _SI:
                text.clear()
            elif tag == _RPH:
                phonetic = True

        def end(tag: str) -> None:
            nonlocal phonetic
            if tag == _T:
                parser.CharacterDataHandler = None
            elif tag == _SI:
                strings.append(_text("".join(text).replace("x005F_", "")))
            elif tag == _RPH:
                phonetic = False
        parser.StartElementHandler, parser.EndElementHandler = start, end
        self._feed(parser, part)

    # --- a sheet ---------------------------------------------------------------------

    def rows(self, part: str) -> list[tuple[int, list[Cell]]]:
        """A sheet's rows with a filled cell: each row's number and its cells
        (:func:`_cell` of the value openpyxl gives), up to its last filled one.
        A row numbered past ``MAX_SHEET_ROWS``, or a filled cell past
        ``MAX_SHEET_COLUMNS``, is refused as soon as it is met; a row
        numbered below one already read is skipped, as openpyxl skips it.
        (The handlers are what reading a cell costs: a shared string or a
        number seen before is a lookup.)"""
        parser = _parser()
        rows: list[tuple[int, list[Cell]]] = []
        text: list[str] = []
        strings, numbers, columns = self.strings, self._numbers, self._columns
        number = column = 0
        expected = 1
        values: dict[int, Cell] | None = None
        cell: dict[str, str] | None = None
        found: str | None = None
        inline: list[str] | None = None
        phonetic = False

        def start(tag: str, attrs: dict[str, str]) -> None:
            nonlocal number, expected, column, values, cell, found, inline, phonetic
            if tag == _C:
                cell, found, inline = attrs, None, None
                ref = attrs.get("r")
                column = column + 1 if ref is None else \
                    columns.get(ref.rstrip(_DIGITS)) or self._column(ref)
            elif tag == _V:
                if cell is not None and found is None:
                    text.clear()
                    parser.CharacterDataHandler = text.append
            elif tag == _ROW:
                ref = attrs.get("r")
                number = _row_number(ref) if ref else number + 1
                if number > MAX_SHEET_ROWS:
                    raise SheetRefused(f"The sheet has more than {MAX_SHEET_ROWS:,} rows: "
                                       "bring in a few seasons at a time", "file")
                column = 0
                values = {} if number >= expected else None
                expected = max(expected, number + 1)
            elif tag == _IS:
                if cell is not None:
                    inline = []
            elif tag == _T:
                if inline is not None and not phonetic:
                    parser.CharacterDataHandler = inline.append
            elif tag == _RPH:
                phonetic = True

        def end(tag: str) -> None:
            nonlocal cell, found, phonetic
            if tag == _V:
                if parser.CharacterDataHandler is not None:
                    parser.CharacterDataHandler = None
                    found = "".join(text)
            elif tag == _C:
                if cell is None or values is None:
                    cell = None
                    return
                if found is None and inline is None:
                    value: Cell = ""
                else:
                    kind = cell.get("t")
                    if kind == "s" and found:
                        value = strings[int(found)]
                    elif kind is None and found and not self._dated(cell.get("s")):
                        value = numbers.get(found) or self._cell(cell, found, inline)
                    else:
                        value = self._cell(cell, found, inline)
                cell = None
                if value != "":
                    if column > MAX_SHEET_COLUMNS:
                        raise SheetRefused(f"Row {number} has more than {MAX_SHEET_COLUMNS} "
                                           "columns", "file")
                    values[column] = value
                elif column in values:
                    del values[column]
            elif tag == _ROW:
                if values:
                    rows.append((number, [values.get(c, "") for c in range(1, max(values) + 1)]))
            elif tag == _T:
                parser.CharacterDataHandler = None
            elif tag == _RPH:
                phonetic = False
        parser.StartElementHandler, parser.EndElementHandler = start, end
        self._feed(parser, part)
        return rows

    def _dated(self, style: str | None) -> bool:
        """Whether a cell of this style (its ``s``) shows a date."""
        dated = self._styles_dated.get(style)
        if dated is None:
            dated = self._styles_dated[style] = (int(style) if style else 0) in self.dates
        return dated

    def _column(self, ref: str) -> int:
        """The column of a cell's reference ("AB12": 28)."""
        letters = ref.rstrip(_DIGITS)
        column = self._columns.get(letters)
        if column is None:
            from openpyxl.utils.cell import column_index_from_string

            if letters == ref or not ref[len(letters):].isdigit():
                raise ValueError(f"not a cell reference: {ref[:QUOTED]!r}")
            column = self._columns[letters] = column_index_from_string(letters)
        return column

    def _cell(self, cell: dict[str, str], found: str | None, inline: list[str] | None) -> Cell:
        """:func:`_cell` of a cell's value as openpyxl reads it (``data_only``: a
        formula's last result), the same number written again read once."""
        kind = cell.get("t", "n")
        if kind == "inlineStr":
            return "" if inline is None else _text("".join(inline))
        if not found:
            return ""
        if kind == "s":
            return self.strings[int(found)]
        if kind == "n":
            style = cell.get("s")
            index = int(style) if style else 0
            if index in self.dates:
                serial = _number(found)
                try:
                    return _cell(self._from_excel(serial, self.epoch,
                                                  timedelta=index in self.durations))
                except (OverflowError, ValueError):  # past the dates there are: openpyxl's words
                    return "#VALUE!"
            number = self._numbers.get(found)
            if number is None:
                number = self._numbers[found] = _cell(_number(found))
            return number
        if kind == "b":
            return _cell(bool(int(found)))
        if kind == "d":
            return _cell(self._from_iso(found))
        return _text(found)


def _number(text: str) -> int | float:
    """A number cell's text as openpyxl reads it."""
    return float(text) if "." in text or "E" in text or "e" in text else int(text)


def _row_number(ref: str) -> int:
    """A row's ``r`` as openpyxl reads it (a whole number, perhaps written "12.0")."""
    try:
        return int(ref)
    except ValueError:
        value = float(ref)
        if not value.is_integer():
            raise
        return int(value)


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
