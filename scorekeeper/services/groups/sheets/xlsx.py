"""An .xlsx workbook read as openpyxl's read-only mode read one, but through
expat, what it costs bounded before it is paid (:class:`_Xlsx`): its
archive, its parts, the sheets it lists, its styles and shared strings.
A sheet's cells are :mod:`.xlsx_cells`'."""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
from collections.abc import Callable
from xml.parsers import expat

from scorekeeper.limits import (
    MAX_SHEET_TABS,
    MAX_XLSX_MARKUP,
    MAX_XLSX_RUN,
    MAX_XLSX_UNPACKED,
)
from scorekeeper.services.groups.sheets.cells import (
    Cell,
    SheetRefused,
    Tab,
    bounded_rows,
    cell_text,
)
from scorekeeper.services.groups.sheets.xlsx_cells import (
    _BOOK_KINDS,
    _FORMAT,
    _FORMATS,
    _REL_ID,
    _RPH,
    _SI,
    _STRINGS_KIND,
    _STYLE_SECTIONS,
    _T,
    _XF,
    _XFS,
    CellValues,
    SheetRows,
    _local,
)
from scorekeeper.services.groups.sheets.xlsx_cells import parser as new_parser

_CHUNK = 65_536


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
                tabs.append(Tab(name[:80], bounded_rows(book.rows(part), read=True, filled=filled)))
                filled += sum(len(cells) - cells.count("") for _, cells in tabs[-1].rows)
            return tuple(tabs)
        except SheetRefused:
            raise
        except Exception:
            raise SheetRefused("This workbook can't be read to the end (save it again from "
                               "the spreadsheet as .xlsx or CSV)", "file") from None


class _Xlsx(CellValues):
    """An .xlsx read as openpyxl's read-only mode read it with ``data_only``
    (the parts ``[Content_Types].xml`` and the workbook's relationships
    name; each cell's value as openpyxl gave it, made a cell by
    :func:`~.cells.cell_of`), but through expat with what it costs bounded before it
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

        super().__init__()
        self.archive = archive
        self.names = set(archive.namelist())
        self.tags = self.attributes = 0
        self._builtin, self._is_date, self._is_duration = (BUILTIN_FORMATS, is_date_format,
                                                           is_timedelta_format)

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
        parser = new_parser()
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
                self.epoch = self.mac_epoch
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
        parser, strings = new_parser(), self.strings
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
                strings.append(cell_text("".join(text).replace("x005F_", "")))
            elif tag == _RPH:
                phonetic = False
        parser.StartElementHandler, parser.EndElementHandler = start, end
        self._feed(parser, part)

    # --- a sheet ---------------------------------------------------------------------

    def rows(self, part: str) -> list[tuple[int, list[Cell]]]:
        """A sheet's rows with a filled cell (:class:`~.xlsx_cells.SheetRows`)."""
        reader = SheetRows(self)
        self._feed(reader.parser, part)
        return reader.rows
