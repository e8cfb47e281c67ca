"""What a spreadsheet's columns are: the roles a column can play, the shapes
a group keeps its history in, points or money, and the dates in the sheet's
own format; each guessed from the header and the cells, for the person
bringing it in to correct.

- *night totals*, a row per night (date, then a column per player) or a row
  per player per night (date, player, total);
- *hand by hand*, a row per hand: picker, partner(s) and the picking side's
  card points, or a column per player with the hand's points.

Dates are read from the whole column at once: year first (2025-03-06), a
month by name, or day and month in the order the column proves (31/01 can
only be day first, 01/31 only month first; when nothing proves it, the
weekday the group plays on may, else the person is asked).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from functools import lru_cache

from scorekeeper.services.groups.sheets.files import Cell


class Role(StrEnum):
    """What one column of the sheet holds."""

    DATE = "date"
    HAND = "hand"
    PLAYER = "player"
    NAME = "name"
    TOTAL = "total"
    PICKER = "picker"
    PARTNER = "partner"
    POINTS = "points"
    PLAYERS = "players"
    IGNORE = "ignore"


ROLE_WORDS: dict[Role, str] = {
    Role.DATE: "The date",
    Role.HAND: "The hand's number (a player's rows: the game's, one night each)",
    Role.PLAYER: "A player: their points or money",
    Role.NAME: "A player's name",
    Role.TOTAL: "That player's total",
    Role.PICKER: "The picker",
    Role.PARTNER: "The partner(s)",
    Role.POINTS: "The picking side's card points",
    Role.PLAYERS: "Who played",
    Role.IGNORE: "Leave it out",
}


class Shape(StrEnum):
    """How the sheet keeps the group's history."""

    NIGHT_ROWS = "night-rows"
    PLAYER_ROWS = "player-rows"
    HAND_ROLES = "hand-roles"
    HAND_COLUMNS = "hand-columns"


SHAPE_WORDS: dict[Shape, str] = {
    Shape.NIGHT_ROWS: "A night: a column a player",
    Shape.PLAYER_ROWS: "A player's night: name, total",
    Shape.HAND_ROLES: "A hand: picker, partner, points",
    Shape.HAND_COLUMNS: "A hand: a column a player",
}
#: The columns each shape needs, at least.
NEEDS: dict[Shape, tuple[Role, ...]] = {
    Shape.NIGHT_ROWS: (Role.DATE, Role.PLAYER, Role.PLAYER),
    Shape.PLAYER_ROWS: (Role.DATE, Role.NAME, Role.TOTAL),
    Shape.HAND_ROLES: (Role.DATE, Role.PICKER, Role.POINTS),
    Shape.HAND_COLUMNS: (Role.DATE, Role.PLAYER, Role.PLAYER),
}
HAND_SHAPES = frozenset({Shape.HAND_ROLES, Shape.HAND_COLUMNS})


class Unit(StrEnum):
    """What the sheet's numbers are."""

    POINTS = "points"
    MONEY = "money"


class DateOrder(StrEnum):
    """How the sheet writes a date: year first, month first or day first."""

    YMD = "ymd"
    MDY = "mdy"
    DMY = "dmy"


ORDER_WORDS = {DateOrder.YMD: "year-month-day", DateOrder.MDY: "month/day/year",
               DateOrder.DMY: "day/month/year"}

# --- headers ---------------------------------------------------------------------------------

KEYWORDS: dict[Role, frozenset[str]] = {
    Role.DATE: frozenset({"date", "day", "night", "played", "played on", "when", "datum"}),
    Role.HAND: frozenset({"hand", "hand #", "hand no", "#", "no", "deal", "game"}),
    Role.PICKER: frozenset({"picker", "picked", "pick", "picked by", "who picked"}),
    Role.PARTNER: frozenset({"partner", "partners", "partner s", "called", "partner(s)"}),
    Role.POINTS: frozenset({"points", "pts", "card points", "picker points", "score"}),
    Role.NAME: frozenset({"player", "name", "who"}),
    Role.TOTAL: frozenset({"total", "result", "net", "amount", "won", "winnings", "money",
                           "points", "score", "$", "pts"}),
    Role.PLAYERS: frozenset({"players", "who played", "at the table", "table", "roster"}),
    Role.IGNORE: frozenset({"notes", "note", "comment", "comments", "where", "host",
                            "location", "sum", "check", "total", "totals", "balance"}),
}
MONEY_WORDS = ("$", "€", "£", "money", "dollar", "cash", "cents")


#: How many distinct cells the pure readers below remember: a sheet writes
#: the same names and numbers thousands of times (a history of 10,000 hands
#: has a few hundred distinct cells), so each is read once per process.
READ_ONCE = 8192


@lru_cache(maxsize=READ_ONCE)
def header_key(text: Cell) -> str:
    """A header as the keywords are written: lower case, single spaces."""
    raw = str(text).casefold().replace("_", " ").replace(".", " ").strip()
    return " ".join(raw.split())


def keyword_role(text: Cell, hands: bool) -> Role | None:
    """The role a header names by itself ("Date", "Picker"...); ``hands``:
    the sheet has a picker column, so "points" are card points."""
    key = header_key(text)
    order = (Role.DATE, Role.HAND, Role.PICKER, Role.PARTNER, Role.PLAYERS, Role.NAME)
    for role in order:
        if key in KEYWORDS[role]:
            return role
    if hands and key in KEYWORDS[Role.POINTS]:
        return Role.POINTS
    if key in KEYWORDS[Role.IGNORE]:
        return Role.IGNORE
    return None


# --- numbers -------------------------------------------------------------------------------

_NUMBER = re.compile(r"[+-]?\d{1,12}(?:\.\d{1,6})?")
_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")


@lru_cache(maxsize=READ_ONCE)
def amount(cell: Cell) -> Decimal | None:
    """A number as a sheet writes it: "3", "-2", "+4", "−2" (a typeset
    minus), "(2)" (accountants' minus), "$2.75", "-$1.50", "1,250.00"; None
    when it isn't one."""
    if not isinstance(cell, str):
        return None
    text = cell.replace("\u2212", "-").replace("\u2013", "-").replace(" ", "")
    negative = text.startswith("(") and text.endswith(")")
    text = text.strip("()")
    for sign in ("$", "€", "£"):
        text = text.replace(sign, "")
    if text.startswith("-+") or text.startswith("+-"):
        return None
    if _THOUSANDS.fullmatch(text.lstrip("+-")):
        text = text.replace(",", "")
    if not _NUMBER.fullmatch(text):
        return None
    try:
        value = Decimal(text)
    except InvalidOperation:
        return None
    return -value if negative else value


def looks_like_money(cells: Sequence[Cell]) -> bool:
    """Cells written as money: a currency sign, or cents after a point."""
    for cell in cells:
        if isinstance(cell, str) and (any(s in cell for s in ("$", "€", "£"))
                                       or re.search(r"\.\d\d$", cell)):
            return True
    return False


# --- dates ---------------------------------------------------------------------------------

MONTHS = {name: number for number, names in enumerate((
    ("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"),
    ("may",), ("jun", "june"), ("jul", "july"), ("aug", "august"),
    ("sep", "sept", "september"), ("oct", "october"), ("nov", "november"),
    ("dec", "december")), start=1) for name in names}
_YEAR_FIRST = re.compile(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ t].*)?")
_NUMERIC = re.compile(r"(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?:\s.*)?")
_WORDS = re.compile(r"[a-z]+|\d+")


@dataclass(frozen=True)
class RawDate:
    """A date cell before the column's order is known: a whole date, or the
    two numbers and the year of "03/04/2025"."""

    known: date | None = None
    first: int = 0
    second: int = 0
    year: int = 0

    def as_date(self, order: DateOrder | None) -> date | None:
        """The date under ``order`` (None: not a valid day that way)."""
        if self.known is not None:
            return self.known
        if order is None:
            return None
        month, day = ((self.first, self.second) if order is DateOrder.MDY
                      else (self.second, self.first))
        try:
            return date(self.year, month, day)
        except ValueError:
            return None


def _year(text: str) -> int:
    year = int(text)
    return year + 2000 if year < 100 else year


def raw_date(cell: Cell) -> RawDate | None:
    """A cell read as a date, its order left open (None: not a date)."""
    if isinstance(cell, date):
        return RawDate(known=cell)
    text = cell.strip().casefold()
    found = _YEAR_FIRST.fullmatch(text)
    if found:
        return _whole(int(found[1]), int(found[2]), int(found[3]))
    found = _NUMERIC.fullmatch(text)
    if found:
        return RawDate(first=int(found[1]), second=int(found[2]), year=_year(found[3]))
    return _named(text)


def _whole(year: int, month: int, day: int) -> RawDate | None:
    try:
        return RawDate(known=date(year, month, day))
    except ValueError:
        return None


def _named(text: str) -> RawDate | None:
    """"Jan 8, 2026", "8 January 2026", "Thu Jan 8 2026", "8-Jan-26"."""
    parts = _WORDS.findall(text)
    months = [MONTHS[p] for p in parts if p in MONTHS]
    numbers = [p for p in parts if p.isdigit()]
    if len(months) != 1 or len(numbers) != 2:
        return None
    day, year = (numbers if len(numbers[0]) <= 2 and len(numbers[1]) in (2, 4)
                 else reversed(numbers))
    if len(day) > 2:
        return None
    return _whole(_year(year), months[0], int(day))


@dataclass(frozen=True)
class DateReading:
    """How the column's dates are read: the order (None: the person must
    say), the orders the column allows, and why, in words."""

    order: DateOrder | None
    possible: tuple[DateOrder, ...]
    said: str


def read_order(raws: Sequence[RawDate], weekday: int | None = None) -> DateReading:
    """The order the whole column's dates are written in, and why (dates
    both ways possible are read by ``weekday``, the group's, when given)."""
    numeric = [r for r in raws if r.known is None]
    if not numeric:
        return DateReading(DateOrder.YMD, (DateOrder.YMD,),
                           "The dates name their year first or their month by name: "
                           "nothing to choose.")
    day_first = next((r for r in numeric if r.first > 12), None)
    month_first = next((r for r in numeric if r.second > 12), None)
    if day_first and month_first:
        return DateReading(None, (), f"The dates mix orders: {_said(day_first)} is day "
                           f"first but {_said(month_first)} is month first. Fix the sheet.")
    if day_first or month_first:
        order = DateOrder.DMY if day_first else DateOrder.MDY
        example = _said(day_first or month_first)  # type: ignore[arg-type]
        return DateReading(order, (order,), f"Dates read as {ORDER_WORDS[order]}: {example} "
                           "can only be that.")
    if all(r.first == r.second for r in numeric):
        return DateReading(DateOrder.MDY, (DateOrder.MDY,),
                           "Every date has the same day and month: nothing to choose.")
    return _by_weekday(numeric, weekday)


def _said(raw: RawDate) -> str:
    return f"{raw.first:02d}/{raw.second:02d}/{raw.year}"


#: The weekdays as a group's pages name them (Monday 0).
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _by_weekday(numeric: Sequence[RawDate], weekday: int | None = None) -> DateReading:
    """Day and month both fit every date: a group plays on one weekday, so
    the order that puts every night on the day the group's own nights are
    (``weekday``) is the sheet's when the other doesn't, however few the
    dates; else the order that puts (nearly) every night on one weekday,
    when the other doesn't; else the person is asked."""
    both = (DateOrder.MDY, DateOrder.DMY)
    if weekday is not None:
        on = {order: sum(1 for r in numeric if (d := r.as_date(order)) is not None
                         and d.weekday() == weekday) for order in both}
        for order, other in (both, both[::-1]):
            if on[order] == len(numeric) and on[other] < len(numeric):
                return DateReading(order, both, f"Dates read as {ORDER_WORDS[order]}: that "
                                   f"way every night is a {WEEKDAYS[weekday]}, as the "
                                   "group's nights are. Change it if that's wrong.")
    share = {}
    for order in both:
        days = [d.weekday() for d in (r.as_date(order) for r in numeric) if d is not None]
        common = Counter(days).most_common(1)
        share[order] = common[0][1] / len(numeric) if common else 0.0
    for order, other in (both, both[::-1]):
        if share[order] >= 0.9 and share[other] <= 0.6 and len(numeric) >= 4:
            return DateReading(order, both, f"Dates read as {ORDER_WORDS[order]}: that way "
                               f"{share[order]:.0%} of the nights fall on one weekday, the "
                               f"other way {share[other]:.0%}. Change it if that's wrong.")
    example = next(r for r in numeric if r.first != r.second)
    return DateReading(None, both, f"A date like {_said(example)} could be month/day or "
                       "day/month, and the sheet doesn't say which: choose one.")
