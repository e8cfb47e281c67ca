"""Another scorekeeping app's export as JSON, read as a workbook: an array
of rows (each an object: one table), or an object of such tables (a
database's tables, ``{"games": [...], "scores": [...], "users": [...]}``).
Tables joined by ids come in as one more sheet, first: the table that
names the others by their ids (``"game_id": "17"`` beside ``games``' ``"id":
"17"``), each of its rows with the rows it names beside it (the game's date,
the user's name) and the id it named kept as a column (``game``: the
night's game).  Every value is read as the text a spreadsheet would show
(``"3"`` and ``3`` alike); every bound is a sheet's (:mod:`.cells`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.json_text import JsonRefused, read_json
from scorekeeper.limits import MAX_SHEET_TABS, QUOTED
from scorekeeper.services.groups.sheets.cells import SheetRefused, Tab, bounded_rows

Rows = Sequence[Mapping[str, Any]]


def looks_like_json(raw: bytes) -> bool:
    """A file whose text starts as JSON does (an array or an object)."""
    return raw.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] in (b"[", b"{")


def read_tables(raw: bytes) -> tuple[tuple[Tab, ...], tuple[str, ...]]:
    """The file's tables as sheets, the joined one first, and how they join
    (:func:`as_sheets`), or why not."""
    return as_sheets(tables_in(raw))


def tables_in(raw: bytes, name: str = "rows") -> dict[str, Rows]:
    """A JSON file's tables by name (a list of rows alone is ``name``)."""
    try:
        data = read_json(raw.decode("utf-8-sig"))
    except (JsonRefused, UnicodeDecodeError) as error:
        raise SheetRefused(f"This JSON file can't be read: {error}", "file") from None
    return _tables({name: data} if isinstance(data, list) else data)


def as_sheets(tables: Mapping[str, Rows]) -> tuple[tuple[Tab, ...], tuple[str, ...]]:
    """Tables as sheets, the one joining them by ids first, and a sentence a
    join saying how (``scores' game_id names a row of games by its id``): a
    JSON file's tables, or files uploaded together, each a table."""
    tabs = [_tab(name, rows) for name, rows in tables.items()]
    joined = _joined(tables)
    joins: tuple[str, ...] = ()
    if joined is not None:
        tab, joins = joined
        tabs.insert(0, tab)
    if len(tabs) > MAX_SHEET_TABS:
        raise SheetRefused(f"The file has more than {MAX_SHEET_TABS} tables", "file")
    return tuple(tabs), joins


def table_of(tab: Tab) -> list[dict[str, Any]]:
    """A sheet whose first row names its columns, as a table's rows (a CSV
    uploaded beside others)."""
    if not tab.rows:
        return []
    heads = [str(c) for c in tab.rows[0][1]]
    return [{h: c for h, c in zip(heads, cells, strict=False) if h}
            for _, cells in tab.rows[1:]]


def _tables(data: object) -> dict[str, Rows]:
    """The tables a JSON file holds, by name."""
    what = ("A JSON file is a list of rows (each an object of its columns), or an object "
            "of such lists (a database's tables)")
    if isinstance(data, list):
        data = {"rows": data}
    if not isinstance(data, dict) or not data:
        raise SheetRefused(what, "file")
    tables: dict[str, Rows] = {}
    for name, rows in data.items():
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise SheetRefused(f"{what}: {str(name)[:QUOTED]!r} isn't a list of rows", "file")
        tables[str(name)[:80]] = rows
    return tables


def _text(value: object) -> str:
    """A value as a spreadsheet shows it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, dict | list):
        raise SheetRefused("A table's value is a nested object or list: export plain "
                           "values (text, numbers, dates)", "file")
    return str(value)


def _columns(rows: Rows) -> list[str]:
    """The columns of a table, in the order its rows first give them."""
    seen: dict[str, None] = {}
    for row in rows:
        for key in row:
            seen.setdefault(str(key), None)
    return list(seen)


def _tab(name: str, rows: Rows, columns: Sequence[str] | None = None) -> Tab:
    """A table as a sheet: its columns' names, then a row a row."""
    heads = list(columns) if columns is not None else _columns(rows)
    lines = [heads, *([_text(row.get(c)) for c in heads] for row in rows)]
    return Tab(name, bounded_rows(enumerate(lines, start=1)))


def _singular(name: str) -> str:
    low = name.lower()
    return low[:-1] if low.endswith("s") and len(low) > 1 else low


def _references(tables: Mapping[str, Rows]) -> dict[str, dict[str, str]]:
    """For each table, its columns that name another table's rows by id:
    ``{"scores": {"game_id": "games", "user_id": "users"}}``."""
    with_id = {name for name, rows in tables.items() if rows and "id" in _columns(rows)}
    found: dict[str, dict[str, str]] = {}
    for name, rows in tables.items():
        for column in _columns(rows):
            low = column.lower().replace(" ", "_")
            for other in with_id - {name}:
                stem = _singular(other)
                if low in (f"{stem}_id", f"{stem}id", f"{other.lower()}_id"):
                    found.setdefault(name, {})[column] = other
    return found


def _joined(tables: Mapping[str, Rows]) -> tuple[Tab, tuple[str, ...]] | None:
    """The table that names the most others by id, each row with what it
    names beside it, and how each is named (None: no table names another)."""
    references = _references(tables)
    if not references:
        return None
    fact = max(references, key=lambda t: (len(references[t]), len(tables[t])))
    named = references[fact]
    index = {other: {_text(r.get("id")): r for r in tables[other]} for other in named.values()}
    heads = [c for c in _columns(tables[fact]) if c not in named and c.lower() != "id"]
    placed: dict[str, list[tuple[str, str]]] = {}  # other → (its column, the sheet's head)
    for other in named.values():
        heads.append(_singular(other))
        placed[other] = []
        for c in (c for c in _columns(tables[other]) if c.lower() != "id"):
            head = c if c not in heads else f"{_singular(other)} {c}"
            heads.append(head)
            placed[other].append((c, head))
    rows = []
    for row in tables[fact]:
        joined: dict[str, Any] = {c: row.get(c) for c in heads if c in row}
        for column, other in named.items():
            target = index[other].get(_text(row.get(column)), {})
            joined[_singular(other)] = row.get(column)
            joined.update((head, target.get(c)) for c, head in placed[other])
        rows.append(joined)
    joins = tuple(f"{fact}' {column} names a row of {other} by its id"
                  for column, other in named.items())
    return _tab(" + ".join([fact, *named.values()])[:80], rows, heads), joins
