"""A spreadsheet's cells, rows and sheets as the import reads them, whatever
the file was: a cell is its text, stripped, or a :class:`~datetime.date`
where the workbook itself says it is one; every bound is
:mod:`scorekeeper.limits`', and a file past one is refused in words
(:class:`SheetRefused`), never half read."""

from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal

from scorekeeper.limits import (
    MAX_SHEET_CELL,
    MAX_SHEET_CELLS,
    MAX_SHEET_COLUMNS,
    MAX_SHEET_ROWS,
    QUOTED,
)
from scorekeeper.services import Code, ServiceError

Cell = str | date


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
    """A file read: its name, its kind ("csv", "tsv", "xlsx", "json"; "files":
    several uploaded together), its sheets and how its tables were joined
    (a sentence a join: :mod:`.json_tables`)."""

    filename: str
    kind: str
    tabs: tuple[Tab, ...]
    joins: tuple[str, ...] = ()

    @property
    def rows(self) -> int:
        """Its rows, every sheet's (what says a big one's work is a job)."""
        return sum(len(tab.rows) for tab in self.tabs)


def bounded_rows(rows: Iterable[tuple[int, Sequence[str] | Sequence[Cell]]], read: bool = False,
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
                                       "columns: split the players' columns over two files "
                                       "(by year), or write a row a player a night, which "
                                       "takes any number of players", "file")
                cells = [cell_text(text) for text in texts[:MAX_SHEET_COLUMNS]]
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


def cell_of(value: object) -> Cell:
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
    return cell_text(str(value))


def cell_text(value: str) -> str:
    """A cell's text, stripped, within the bound."""
    text = value.strip()
    if len(text) > MAX_SHEET_CELL:
        raise SheetRefused(f"A cell holds more than {MAX_SHEET_CELL} characters "
                           f"({text[:QUOTED]!r}…)", "file")
    return text
