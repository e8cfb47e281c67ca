"""An .xlsx's markup and cells: a parser that declares no entity, the tags
the reader looks for, each cell's value as openpyxl's read-only mode gives
it (``data_only``: a formula's last result), and a sheet's rows read one
tag at a time (:class:`SheetRows`).  The workbook's parts are
:mod:`.xlsx`'s."""

from __future__ import annotations

from xml.parsers import expat

from scorekeeper.limits import MAX_SHEET_COLUMNS, MAX_SHEET_ROWS, QUOTED
from scorekeeper.services.groups.sheets.cells import Cell, SheetRefused, cell_of, cell_text

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


def parser() -> expat.XMLParserType:
    """An expat parser that joins a tag to its namespace and refuses any DOCTYPE
    (so no entity is ever declared, let alone expanded)."""
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.buffer_text = True
    parser.StartDoctypeDeclHandler = _no_doctype
    parser.EntityDeclHandler = _no_doctype
    return parser


class CellValues:
    """What a workbook says of its cells' values: its shared strings, which
    styles show a date (or a duration), its calendar; each value made a cell
    by :func:`~.cells.cell_of`, a number or column seen before read once."""

    def __init__(self) -> None:
        from openpyxl.utils.datetime import (
            CALENDAR_MAC_1904,
            CALENDAR_WINDOWS_1900,
            from_excel,
            from_ISO8601,
        )

        self.strings: list[Cell] = []
        self.numbers: dict[str, Cell] = {}
        self._styles_dated: dict[str | None, bool] = {}
        self.dates: set[int] = set()
        self.durations: set[int] = set()
        self.epoch, self.mac_epoch = CALENDAR_WINDOWS_1900, CALENDAR_MAC_1904
        self._from_excel, self._from_iso = from_excel, from_ISO8601
        self.columns: dict[str, int] = {}

    def dated(self, style: str | None) -> bool:
        """Whether a cell of this style (its ``s``) shows a date."""
        dated = self._styles_dated.get(style)
        if dated is None:
            dated = self._styles_dated[style] = (int(style) if style else 0) in self.dates
        return dated

    def column(self, ref: str) -> int:
        """The column of a cell's reference ("AB12": 28)."""
        letters = ref.rstrip(_DIGITS)
        column = self.columns.get(letters)
        if column is None:
            from openpyxl.utils.cell import column_index_from_string

            if letters == ref or not ref[len(letters):].isdigit():
                raise ValueError(f"not a cell reference: {ref[:QUOTED]!r}")
            column = self.columns[letters] = column_index_from_string(letters)
        return column

    def value(self, cell: dict[str, str], found: str | None, inline: list[str] | None) -> Cell:
        """:func:`~.cells.cell_of` of a cell's value as openpyxl reads it (``data_only``: a
        formula's last result), the same number written again read once."""
        kind = cell.get("t", "n")
        if kind == "inlineStr":
            return "" if inline is None else cell_text("".join(inline))
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
                    return cell_of(self._from_excel(serial, self.epoch,
                                                  timedelta=index in self.durations))
                except (OverflowError, ValueError):  # past the dates there are: openpyxl's words
                    return "#VALUE!"
            number = self.numbers.get(found)
            if number is None:
                number = self.numbers[found] = cell_of(_number(found))
            return number
        if kind == "b":
            return cell_of(bool(int(found)))
        if kind == "d":
            return cell_of(self._from_iso(found))
        return cell_text(found)



class SheetRows:
    """A sheet's rows with a filled cell, read by expat's handlers: each row's
    number and its cells up to its last filled one.  A row numbered past
    ``MAX_SHEET_ROWS``, or a filled cell past ``MAX_SHEET_COLUMNS``, is
    refused as soon as it is met; a row numbered below one already read is
    skipped, as openpyxl skips it.  (The handlers are what reading a cell
    costs: a shared string or a number seen before is a lookup.)"""

    def __init__(self, values: CellValues) -> None:
        self.parser = parser()
        self.parser.StartElementHandler, self.parser.EndElementHandler = self.start, self.end
        self.values = values
        self.rows: list[tuple[int, list[Cell]]] = []
        self.text: list[str] = []
        self.number = self.column = 0
        self.expected = 1
        self.row: dict[int, Cell] | None = None
        self.cell: dict[str, str] | None = None
        self.found: str | None = None
        self.inline: list[str] | None = None
        self.phonetic = False

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        if tag == _C:
            self.cell, self.found, self.inline = attrs, None, None
            ref = attrs.get("r")
            self.column = self.column + 1 if ref is None else \
                self.values.columns.get(ref.rstrip(_DIGITS)) or self.values.column(ref)
        elif tag == _V:
            if self.cell is not None and self.found is None:
                self.text.clear()
                self.parser.CharacterDataHandler = self.text.append
        elif tag == _ROW:
            self._start_row(attrs.get("r"))
        elif tag == _IS:
            if self.cell is not None:
                self.inline = []
        elif tag == _T:
            if self.inline is not None and not self.phonetic:
                self.parser.CharacterDataHandler = self.inline.append
        elif tag == _RPH:
            self.phonetic = True

    def _start_row(self, ref: str | None) -> None:
        self.number = number = _row_number(ref) if ref else self.number + 1
        if number > MAX_SHEET_ROWS:
            raise SheetRefused(f"The sheet has more than {MAX_SHEET_ROWS:,} rows: "
                               "bring in a few seasons at a time", "file")
        self.column = 0
        self.row = {} if number >= self.expected else None
        self.expected = max(self.expected, number + 1)

    def end(self, tag: str) -> None:
        if tag == _V:
            if self.parser.CharacterDataHandler is not None:
                self.parser.CharacterDataHandler = None
                self.found = "".join(self.text)
        elif tag == _C:
            self._end_cell()
        elif tag == _ROW:
            row = self.row
            if row:
                self.rows.append((self.number, [row.get(c, "") for c in range(1, max(row) + 1)]))
        elif tag == _T:
            self.parser.CharacterDataHandler = None
        elif tag == _RPH:
            self.phonetic = False

    def _end_cell(self) -> None:
        cell, row, found, column = self.cell, self.row, self.found, self.column
        self.cell = None
        if cell is None or row is None:
            return
        values = self.values
        if found is None and self.inline is None:
            value: Cell = ""
        else:
            kind = cell.get("t")
            if kind == "s" and found:
                value = values.strings[int(found)]
            elif kind is None and found and not values.dated(cell.get("s")):
                value = values.numbers.get(found) or values.value(cell, found, self.inline)
            else:
                value = values.value(cell, found, self.inline)
        if value != "":
            if column > MAX_SHEET_COLUMNS:
                raise SheetRefused(f"Row {self.number} has more than {MAX_SHEET_COLUMNS} "
                                   "columns", "file")
            row[column] = value
        elif column in row:
            del row[column]


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
