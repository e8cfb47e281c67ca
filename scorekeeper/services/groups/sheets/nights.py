"""A sheet's rows read as the group's nights, each with its checks, before
anything is written: the night's date in the sheet's own format, its
players as the group will know them, its totals in points (money turned
into points at the stake), and its hands where the sheet has them.

A night is *flagged* when it can't be brought in as the sheet says it: it
doesn't add up to zero (or one of its hands doesn't), a number isn't a
number, money isn't a whole number of points at the stake, a name can't be
a player's, the rules refuse one of its hands.  A flagged night is never
brought in: the sheet is fixed, or the night left out.  A night of hands
whose points no hand of these rules pays is kept as its totals, and the
preview says so (*notes*).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from functools import lru_cache

from scorekeeper.ledger.money import money, signed
from scorekeeper.limits import MAX_PLAYERS, QUOTED
from scorekeeper.rules import Hand, Rules
from scorekeeper.services import ServiceError
from scorekeeper.services.checks import check_played_on
from scorekeeper.services.groups.sheets.columns import (
    HAND_SHAPES,
    ORDER_WORDS,
    READ_ONCE,
    Role,
    Shape,
    Unit,
    amount,
    header_key,
    raw_date,
)
from scorekeeper.services.groups.sheets.hands import ALONE_WORDS, KIND_WORDS
from scorekeeper.services.groups.sheets.layout import Layout, Row
from scorekeeper.services.groups.sheets.names import NameMatch


@dataclass
class NightDraft:
    """One night as it will be brought in, or why it can't be."""

    key: str
    played_on: date
    rows: list[int] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    #: The night's money as the sheet says it (a sheet of money), by player.
    cents: dict[str, int] | None = None
    hands: tuple[Hand, ...] | None = None
    #: How many hands the sheet gives (a sheet of hands).
    sheet_hands: int = 0
    flags: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: Why the night is already in the group (the same day, the same totals):
    #: left out unless the person keeps it (None: it is new).
    already: str | None = None
    #: The sheet of a workbook it comes from, when every sheet is read together.
    sheet: str = ""

    @property
    def kept_as(self) -> str:
        """"hands" (the engine's hands) or "totals" (a night of totals)."""
        return "hands" if self.hands is not None else "totals"


@dataclass(frozen=True)
class Reading:
    """What reading the rows needs: the layout, the rules and stake the nights
    are kept with, each sheet name's match, and the last day a night may be."""

    layout: Layout
    rules: Rules
    stake_cents: int
    names: Mapping[str, NameMatch]
    today: date | None = None
    #: Everyone the sheet names, as the group will know them, first named first.
    roster: tuple[str, ...] = ()
    #: A 0 in a row-a-night sheet means the player wasn't there (the sheet
    #: gives everyone a number every night), not that he broke even.
    zeros_absent: bool = False

    def col(self, role: Role) -> int | None:
        return self.layout.roles.index(role) if role in self.layout.roles else None

    def money(self) -> bool:
        return self.layout.unit is Unit.MONEY

    def name(self, sheet: str) -> str:
        return self.names[sheet].name if sheet in self.names else sheet


#: A cell that makes its row a sum of the rows above it, not a night or a hand.
TOTAL_WORDS = frozenset({"total", "totals", "sum", "grand total", "season", "balance",
                         "check", "net"})


def data_rows(rows: Sequence[Row]) -> tuple[list[Row], list[str]]:
    """The rows that may be nights or hands, and the rows of totals left out."""
    kept, skipped = [], []
    for number, cells in rows:
        said = next((c for c in cells if isinstance(c, str)
                     and header_key(c).rstrip(":") in TOTAL_WORDS), None)
        if said is None:
            kept.append((number, cells))
        else:
            skipped.append(f"Row {number} ({said[:QUOTED]}) adds up other rows: left out")
    return kept, skipped


def sheet_names(layout: Layout, rows: Sequence[Row], zeros_absent: bool = False
                ) -> list[str]:
    """Every player's name as the sheet writes it, as often as it does (a
    0 that means "wasn't there" names nobody)."""
    said: list[str] = []
    roles = layout.roles
    for i, role in enumerate(roles):
        if role is Role.PLAYER and layout.shape in (Shape.NIGHT_ROWS, Shape.HAND_COLUMNS):
            said += [layout.header[i]] * sum(
                1 for _, c in rows if c[i] != "" and not (zeros_absent and is_zero(c[i])))
    for _, cells in rows:
        for i, role in enumerate(roles):
            text = str(cells[i]) if i < len(cells) else ""
            if role is Role.NAME and layout.shape is Shape.PLAYER_ROWS and text:
                said.append(text)
            elif layout.shape is Shape.HAND_ROLES and role in (
                    Role.PICKER, Role.PARTNER, Role.PLAYERS):
                said += [n for n in split_names(text) if n.casefold() not in KIND_WORDS]
    return said


def is_zero(cell: object) -> bool:
    """A cell that is the number 0 (however written: "0", "0.00", "$0")."""
    return isinstance(cell, str) and amount(cell) == 0


#: Zeros among a row-a-night sheet's cells from which, with no blank cell at
#: all, a 0 is read as "wasn't there": a third of them.
ZEROS_ABSENT_SHARE = 3


def has_zeros(layout: Layout, rows: Sequence[Row]) -> bool:
    """Whether a row-a-night sheet has a 0 in a player's cell at all (the
    question of what a 0 means can then be asked, blanks or none)."""
    if layout.shape is not Shape.NIGHT_ROWS:
        return False
    at = [i for i, r in enumerate(layout.roles) if r is Role.PLAYER]
    return any(is_zero(c[i]) for _, c in rows for i in at)


def zeros_look_absent(layout: Layout, rows: Sequence[Row], seats: int) -> bool | None:
    """Whether a row-a-night sheet writes 0 for a player who wasn't there:
    every player has a number in every row (no blank cell), and a row names
    more players than a table seats, or a third of the cells are 0.  None: the
    question doesn't arise (another shape, a blank cell, or no 0 at all)."""
    if layout.shape is not Shape.NIGHT_ROWS:
        return None
    at = [i for i, r in enumerate(layout.roles) if r is Role.PLAYER]
    dated = [c for _, c in rows if any(c[i] != "" for i in at)]
    cells = [c[i] for c in dated for i in at]
    if not cells or any(c == "" for c in cells):
        return None
    zeros = sum(1 for c in cells if is_zero(c))
    if not zeros:
        return None
    crowded = any(sum(1 for i in at if c[i] != "") > max(seats, MAX_PLAYERS) for c in dated)
    return crowded or zeros * ZEROS_ABSENT_SHARE >= len(cells)


@lru_cache(maxsize=READ_ONCE)
def split_names(text: str) -> tuple[str, ...]:
    """The names in one cell: "Ann, Bob", "Ann & Bob", "Ann/Bob", "Ann and Bob"
    (a partner's cell that says the picker went alone names nobody)."""
    if text.strip().casefold() in ALONE_WORDS:
        return ()
    for mark in ("&", "/", "+", ";", " and "):
        text = text.replace(mark, ",")
    return tuple(n.strip() for n in text.split(",") if n.strip())


# --- the rows grouped into nights ---------------------------------------------------------

def group_rows(reading: Reading, rows: Sequence[Row]) -> tuple[list[NightDraft], list[str]]:
    """The nights the rows make, each with its rows; and the rows left out, why."""
    layout = reading.layout
    at = reading.col(Role.DATE)
    hand_at = reading.col(Role.HAND)
    nights: list[NightDraft] = []
    skipped: list[str] = []
    seen: dict[date, int] = {}
    #: A player's row's night: its day, and its game where a column says it
    #: (two tables the same day are two nights).
    by_day: dict[tuple[date, str], NightDraft] = {}
    last: NightDraft | None = None
    last_hand = 0
    for number, cells in rows:
        cell = cells[at] if at is not None else ""
        if cell == "" and layout.shape is not Shape.NIGHT_ROWS and last is not None:
            last.rows.append(number)
            continue
        raw = raw_date(cell)
        day = raw.as_date(layout.dates) if raw is not None else None
        if day is None:
            why = "isn't a day" + (f" as {ORDER_WORDS[layout.dates]}" if layout.dates and raw
                                   else "")
            skipped.append(f"Row {number} ({str(cell)[:QUOTED] or 'no date'}) {why}: left out")
            continue
        hand = whole(amount(cells[hand_at])) if hand_at is not None else None
        same = (layout.shape in HAND_SHAPES and last is not None and last.played_on == day
                and (hand is None or hand > last_hand))
        last_hand = hand or 0
        if same and last is not None:
            last.rows.append(number)
            continue
        game = str(cells[hand_at]).strip() if hand_at is not None else ""
        if layout.shape is Shape.PLAYER_ROWS and (day, game) in by_day:
            by_day[day, game].rows.append(number)
            continue
        seen[day] = seen.get(day, 0) + 1
        key = day.isoformat() + (f" #{seen[day]}" if seen[day] > 1 else "")
        last = NightDraft(key, day, [number])
        by_day[day, game] = last
        nights.append(last)
    for night in nights:
        _check_day(night, reading.today)
    return nights, skipped


def _check_day(night: NightDraft, today: date | None) -> None:
    try:
        check_played_on(night.played_on, today)
    except ServiceError as error:
        night.flags.append(error.message)


def whole(value: Decimal | None) -> int | None:
    """A number that is whole, as an int (None: not a whole number)."""
    if value is None or value != value.to_integral_value():
        return None
    return int(value)


# --- the numbers of a night -----------------------------------------------------------------

def points_of(reading: Reading, night: NightDraft, who: str, cell: object,
              largest: int) -> tuple[int, int | None] | None:
    """A cell's points (and its cents, on a sheet of money), or None with the
    night flagged saying why."""
    value = amount(cell) if isinstance(cell, str) else None
    if value is None:
        night.flags.append(f"{who}'s {str(cell)[:QUOTED]!r} isn't a number")
        return None
    if not reading.money():
        points = whole(value)
        if points is None:
            night.flags.append(f"{who}'s {value} isn't a whole number of points")
            return None
        cents = None
    else:
        cents = whole(value * 100)
        stake = reading.stake_cents
        if cents is None:
            night.flags.append(f"{who}'s {value} isn't a whole number of cents")
            return None
        if not stake or cents % stake:
            night.flags.append(f"{who}'s {money(cents)} isn't a whole number of points at "
                               f"{stake}¢ a point")
            return None
        points = cents // stake
    if abs(points) > largest:
        night.flags.append(f"{who}'s {points:,} points are more than this app keeps "
                           f"({largest:,} either way)")
        return None
    return points, cents


def add_points(night: NightDraft, name: str, points: int, cents: int | None) -> None:
    if name not in night.totals:
        night.players.append(name)
    night.totals[name] = night.totals.get(name, 0) + points
    if cents is not None:
        night.cents = night.cents or {}
        night.cents[name] = night.cents.get(name, 0) + cents


def sums_to_zero(reading: Reading, night: NightDraft, values: Mapping[str, int],
                  what: str, cents: Mapping[str, int] | None = None) -> bool:
    total = sum(values.values())
    if total == 0:
        return True
    said = money(sum(cents.values())) if cents else f"{signed(total)} points"
    night.flags.append(f"{what} adds up to {said}, not zero")
    return False


def names_fit(reading: Reading, night: NightDraft, sheet: Sequence[str]) -> bool:
    """The night's names can be its players: each a valid name, no member
    twice, not more than a table seats."""
    kept = [reading.name(s) for s in sheet]
    for s in sheet:
        problem = reading.names[s].problem if s in reading.names else None
        if problem:
            night.flags.append(problem)
    twice = sorted({k for k in kept if kept.count(k) > 1})
    for name in twice:
        spelled = [s for s in sheet if reading.name(s) == name]
        night.flags.append(f"{' and '.join(spelled)} are both {name}: correct one of them")
    if len(set(kept)) > MAX_PLAYERS:
        night.flags.append(f"{len(set(kept))} players: at most {MAX_PLAYERS} at one table")
    return not night.flags
