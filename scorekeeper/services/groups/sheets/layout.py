"""A sheet's layout: which row names the columns, what each column is, the
shape, points or money and how dates are written; guessed from the sheet
(:func:`guess`), then corrected by the person bringing it in
(:func:`chosen`).  What is wrong with a layout is said as problems the
preview shows beside the choices, never as an error page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from scorekeeper.limits import QUOTED
from scorekeeper.services import ServiceError
from scorekeeper.services.groups.sheets.columns import (
    HAND_SHAPES,
    NEEDS,
    ROLE_WORDS,
    SHAPE_WORDS,
    DateOrder,
    DateReading,
    Role,
    Shape,
    Unit,
    amount,
    header_key,
    keyword_role,
    looks_like_money,
    raw_date,
    read_order,
)
from scorekeeper.services.groups.sheets.files import Cell, Tab

Row = tuple[int, tuple[Cell, ...]]
E = TypeVar("E", Role, Shape, Unit, DateOrder)


@dataclass(frozen=True)
class Layout:
    """The sheet as it will be read: its header (the first row of two cells
    or more; rows above it are titles), each column's role, the shape, the
    unit and the dates' order (None: still to be chosen)."""

    header: tuple[str, ...]
    header_row: int
    roles: tuple[Role, ...]
    shape: Shape
    unit: Unit
    dates: DateOrder | None
    reading: DateReading


def split(tab: Tab) -> tuple[int, tuple[str, ...], list[Row]]:
    """The header row's number, its cells as text, and the rows below it."""
    for at, (number, cells) in enumerate(tab.rows):
        if sum(1 for c in cells if c != "") >= 2:
            return number, tuple(str(c) for c in cells), list(tab.rows[at + 1:])
    raise ServiceError("The sheet needs a first row naming its columns (Date, then the "
                       "players, or Date, Picker, Partner, Points) and rows below it",
                       "sheet")


def column(rows: Sequence[Row], index: int) -> list[Cell]:
    """The non-empty cells of one column."""
    return [cells[index] for _, cells in rows if index < len(cells) and cells[index] != ""]


def _content_role(header: str, cells: Sequence[Cell]) -> Role:
    """A column with no keyword for a header, by what it holds."""
    if not cells:
        return Role.IGNORE
    dates = sum(1 for c in cells if raw_date(c) is not None)
    numbers = sum(1 for c in cells if amount(c) is not None)
    if dates >= 0.6 * len(cells) and dates > numbers:
        return Role.DATE
    if numbers >= 0.6 * len(cells) and header_key(header) and amount(header) is None:
        return Role.PLAYER
    return Role.IGNORE


def guess_roles(header: Sequence[str], rows: Sequence[Row]) -> tuple[Role, ...]:
    """Each column's role: its header's keyword, else what its cells hold."""
    hands = any(keyword_role(h, False) is Role.PICKER for h in header)
    roles = [keyword_role(h, hands) or _content_role(h, column(rows, i))
             for i, h in enumerate(header)]
    if roles.count(Role.DATE) > 1:  # the first date column is the night's
        first = roles.index(Role.DATE)
        roles = [Role.IGNORE if r is Role.DATE and i != first else r
                 for i, r in enumerate(roles)]
    if Role.NAME in roles:  # a row a player: the numbers are that player's total
        roles = [Role.TOTAL if r is Role.PLAYER or (
            r is Role.IGNORE and header_key(header[i]) in ("total", "totals")) else r
            for i, r in enumerate(roles)]
        if roles.count(Role.TOTAL) > 1:
            first = roles.index(Role.TOTAL)
            roles = [Role.IGNORE if r is Role.TOTAL and i != first else r
                     for i, r in enumerate(roles)]
    if hands:
        roles = [Role.IGNORE if r is Role.PLAYER else r for r in roles]
    return tuple(roles)


def guess_shape(roles: Sequence[Role], rows: Sequence[Row]) -> Shape:
    """The shape the roles and the rows say: a picker column is hand by hand;
    a name column a row a player; player columns are hands when the sheet
    numbers its hands or a date comes back on the next rows."""
    if Role.PICKER in roles:
        return Shape.HAND_ROLES
    if Role.NAME in roles:
        return Shape.PLAYER_ROWS
    if Role.HAND in roles or Role.DATE not in roles:
        return Shape.HAND_COLUMNS if Role.HAND in roles else Shape.NIGHT_ROWS
    dates = [str(c) for c in column(rows, roles.index(Role.DATE))]
    blank_after = sum(1 for _, cells in rows if cells[roles.index(Role.DATE)] == "")
    repeated = len(dates) - len(set(dates))
    return Shape.HAND_COLUMNS if repeated > len(dates) // 3 or blank_after > len(rows) // 2 \
        else Shape.NIGHT_ROWS


def guess_unit(header: Sequence[str], roles: Sequence[Role], rows: Sequence[Row]) -> Unit:
    """Money when a number column's header or cells are written as money."""
    numbers = [i for i, r in enumerate(roles) if r in (Role.PLAYER, Role.TOTAL)]
    for i in numbers:
        words = header_key(header[i])
        if any(w in words for w in ("$", "€", "£", "money", "dollar", "cash")) or \
                looks_like_money(column(rows, i)):
            return Unit.MONEY
    return Unit.POINTS


def reading_of(roles: Sequence[Role], rows: Sequence[Row], weekday: int | None = None
               ) -> DateReading:
    """How the date column's dates are written, read from all of them (and
    the ``weekday`` the group plays on, when it has nights)."""
    if Role.DATE not in roles:
        return DateReading(None, (), "No column is the date yet.")
    raws = [r for r in (raw_date(c) for c in column(rows, roles.index(Role.DATE)))
            if r is not None]
    return read_order(raws, weekday)


def guess(tab: Tab, weekday: int | None = None) -> Layout:
    """The layout the sheet suggests, before anyone corrects it."""
    number, header, rows = split(tab)
    roles = guess_roles(header, rows)
    reading = reading_of(roles, rows, weekday)
    return Layout(header, number, roles, guess_shape(roles, rows),
                  guess_unit(header, roles, rows), reading.order, reading)


def chosen(tab: Tab, roles: object = None, shape: object = None, unit: object = None,
           dates: object = None, weekday: int | None = None) -> Layout:
    """The guessed layout with what the person chose instead (None: keep the
    guess); a value that is no choice at all is refused, naming its field.
    ``weekday``: the day the group plays on (Monday 0), to read dates by."""
    layout = guess(tab, weekday)
    _, _, rows = split(tab)
    if roles is not None:
        if not isinstance(roles, list | tuple) or len(roles) != len(layout.header):
            raise ServiceError(f"columns must list one role for each of the sheet's "
                               f"{len(layout.header)} columns", "columns")
        picked = tuple(_enum(Role, r, "columns") for r in roles)
        reading = reading_of(picked, rows, weekday)
        layout = replace(layout, roles=picked, reading=reading, dates=reading.order,
                         shape=guess_shape(picked, rows), unit=guess_unit(
                             layout.header, picked, rows))
    if shape is not None:
        layout = replace(layout, shape=_enum(Shape, shape, "shape"))
    if unit is not None:
        layout = replace(layout, unit=_enum(Unit, unit, "unit"))
    if dates is not None:
        layout = replace(layout, dates=_enum(DateOrder, dates, "dates"))
    return layout


def _enum(kind: type[E], value: object, field: str) -> E:
    if isinstance(value, str) and value in {str(k) for k in kind}:
        return kind(value)
    said = str(value)[:QUOTED] if isinstance(value, str) else type(value).__name__
    raise ServiceError(f"{field}: {said!r} isn't one of " + ", ".join(str(k) for k in kind),
                       field)


def problems(layout: Layout) -> list[str]:
    """What keeps the layout from being read: a column the shape needs, a
    role given twice, dates whose order isn't known."""
    said = []
    for role in set(NEEDS[layout.shape]):
        wanted = NEEDS[layout.shape].count(role)
        if layout.roles.count(role) < wanted:
            what = "two player columns" if wanted > 1 else f"a column '{ROLE_WORDS[role]}'"
            said.append(f"{SHAPE_WORDS[layout.shape]} needs {what}.")
    for role in (Role.DATE, Role.HAND, Role.NAME, Role.TOTAL, Role.PICKER, Role.POINTS):
        if layout.roles.count(role) > 1:
            said.append(f"Only one column can be '{ROLE_WORDS[role]}'.")
    if layout.shape not in HAND_SHAPES and Role.PICKER in layout.roles:
        said.append("A picker column belongs to a sheet of hands.")
    if Role.DATE in layout.roles and layout.dates is None:
        said.append(layout.reading.said)
    return sorted(said)
