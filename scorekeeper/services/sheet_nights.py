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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from scorekeeper.ledger.money import money, signed
from scorekeeper.limits import MAX_ADJUSTMENT, MAX_PLAYERS, MAX_TICKET_POINTS, QUOTED
from scorekeeper.rules import Hand, HandError, Kind, NightError, Rules, replay
from scorekeeper.services import ServiceError
from scorekeeper.services.checks import check_played_on
from scorekeeper.services.sheet_columns import (
    HAND_SHAPES,
    ORDER_WORDS,
    Role,
    Shape,
    Unit,
    amount,
    header_key,
    raw_date,
)
from scorekeeper.services.sheet_hands import (
    ALONE_WORDS,
    KIND_WORDS,
    RoleRow,
    find_hands,
    role_hand,
)
from scorekeeper.services.sheet_layout import Layout, Row
from scorekeeper.services.sheet_names import NameMatch


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


def sheet_names(layout: Layout, rows: Sequence[Row]) -> list[str]:
    """Every player's name as the sheet writes it, as often as it does."""
    said: list[str] = []
    roles = layout.roles
    for i, role in enumerate(roles):
        if role is Role.PLAYER and layout.shape in (Shape.NIGHT_ROWS, Shape.HAND_COLUMNS):
            said += [layout.header[i]] * sum(1 for _, c in rows if c[i] != "")
    for _, cells in rows:
        for i, role in enumerate(roles):
            text = str(cells[i]) if i < len(cells) else ""
            if role is Role.NAME and layout.shape is Shape.PLAYER_ROWS and text:
                said.append(text)
            elif layout.shape is Shape.HAND_ROLES and role in (
                    Role.PICKER, Role.PARTNER, Role.PLAYERS):
                said += [n for n in split_names(text) if n.casefold() not in KIND_WORDS]
    return said


def split_names(text: str) -> list[str]:
    """The names in one cell: "Ann, Bob", "Ann & Bob", "Ann/Bob", "Ann and Bob"
    (a partner's cell that says the picker went alone names nobody)."""
    if text.strip().casefold() in ALONE_WORDS:
        return []
    for mark in ("&", "/", "+", ";", " and "):
        text = text.replace(mark, ",")
    return [n.strip() for n in text.split(",") if n.strip()]


# --- the rows grouped into nights ---------------------------------------------------------

def group_rows(reading: Reading, rows: Sequence[Row]) -> tuple[list[NightDraft], list[str]]:
    """The nights the rows make, each with its rows; and the rows left out, why."""
    layout = reading.layout
    at = reading.col(Role.DATE)
    hand_at = reading.col(Role.HAND)
    nights: list[NightDraft] = []
    skipped: list[str] = []
    seen: dict[date, int] = {}
    by_day: dict[date, NightDraft] = {}
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
        if layout.shape is Shape.PLAYER_ROWS and day in by_day:
            by_day[day].rows.append(number)
            continue
        seen[day] = seen.get(day, 0) + 1
        key = day.isoformat() + (f" #{seen[day]}" if seen[day] > 1 else "")
        last = NightDraft(key, day, [number])
        by_day[day] = last
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


def _add(night: NightDraft, name: str, points: int, cents: int | None) -> None:
    if name not in night.totals:
        night.players.append(name)
    night.totals[name] = night.totals.get(name, 0) + points
    if cents is not None:
        night.cents = night.cents or {}
        night.cents[name] = night.cents.get(name, 0) + cents


def _sums_to_zero(reading: Reading, night: NightDraft, values: Mapping[str, int],
                  what: str, cents: Mapping[str, int] | None = None) -> bool:
    total = sum(values.values())
    if total == 0:
        return True
    said = money(sum(cents.values())) if cents else f"{signed(total)} points"
    night.flags.append(f"{what} adds up to {said}, not zero")
    return False


def _names_fit(reading: Reading, night: NightDraft, sheet: Sequence[str]) -> bool:
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


# --- each shape -------------------------------------------------------------------------

Cells = Mapping[int, Sequence[object]]


def read_totals(reading: Reading, night: NightDraft, cells: Cells) -> None:
    """A night of totals: a row a night (a column a player) or a row a player."""
    layout = reading.layout
    pairs: list[tuple[str, object]] = []
    if layout.shape is Shape.NIGHT_ROWS:
        (row,) = (cells[n] for n in night.rows)
        pairs = [(layout.header[i], row[i]) for i, r in enumerate(layout.roles)
                 if r is Role.PLAYER and row[i] != ""]
    else:
        name_at, total_at = reading.col(Role.NAME), reading.col(Role.TOTAL)
        assert name_at is not None and total_at is not None
        pairs = [(str(cells[n][name_at]), cells[n][total_at]) for n in night.rows
                 if cells[n][name_at] != "" or cells[n][total_at] != ""]
    if not _names_fit(reading, night, [s for s, _ in pairs]):
        return
    for sheet, cell in pairs:
        found = points_of(reading, night, sheet or "A player", cell, MAX_TICKET_POINTS)
        if found is not None:
            _add(night, reading.name(sheet), *found)
    if night.flags:
        return
    if len(night.totals) < 2:
        night.flags.append("Only one player has a total")
        return
    _sums_to_zero(reading, night, night.totals, "The night", night.cents)


def read_hand_columns(reading: Reading, night: NightDraft, cells: Cells) -> None:
    """A row a hand with a column a player: each hand must add up to zero;
    the hands are found as the rules pay them, else the night is kept as its
    totals."""
    layout = reading.layout
    columns = [i for i, r in enumerate(layout.roles) if r is Role.PLAYER]
    sheet = [layout.header[i] for i in columns
             if any(cells[n][i] != "" for n in night.rows)]
    if not _names_fit(reading, night, sheet):
        return
    hands: list[dict[str, int]] = []
    for number, row_at in enumerate(night.rows, start=1):
        hand: dict[str, int] = {}
        cents: dict[str, int] = {}
        for i in columns:
            if cells[row_at][i] == "":
                continue
            found = points_of(reading, night, layout.header[i], cells[row_at][i],
                              MAX_ADJUSTMENT)
            if found is not None:
                hand[reading.name(layout.header[i])] = found[0]
                if found[1] is not None:
                    cents[reading.name(layout.header[i])] = found[1]
                _add(night, reading.name(layout.header[i]), *found)
        if not hand:
            continue
        if _sums_to_zero(reading, night, hand, f"Hand {number} (row {row_at})", cents):
            hands.append(hand)
    night.sheet_hands = len(hands)
    if not night.flags:
        _find(reading, night, hands)


def _find(reading: Reading, night: NightDraft, rows: Sequence[Mapping[str, int]]) -> None:
    found, failed = find_hands(reading.rules, night.players, rows)
    if found is not None:
        night.hands = found
        return
    if len(night.players) < reading.rules.seats:
        night.notes.append(f"Kept as its totals: {len(night.players)} players, and these "
                           f"rules seat {reading.rules.seats} a hand.")
        return
    row = rows[(failed or 1) - 1]
    said = ", ".join(f"{n} {signed(p)}" for n, p in row.items())
    night.notes.append(f"Kept as its totals: hand {failed} ({said}) isn't a hand these "
                       "rules pay, so the night's hands can't be kept.")


def read_hand_roles(reading: Reading, night: NightDraft, cells: Cells) -> None:
    """A row a hand naming the picker, partner(s) and card points: the
    engine's own hands, replayed; a hand the rules refuse flags the night."""
    rows = [_role_row(reading, night, cells[n], number)
            for number, n in enumerate(night.rows, start=1)]
    players: list[str] = []
    for row in rows:
        for name in (row.picker, *row.partners, *(row.seated or ())):
            if name and name not in players:
                players.append(name)
    night.sheet_hands = len(rows)
    if night.flags or not _names_fit(reading, night, players):
        return
    rules = reading.rules
    if len(players) < rules.seats and len(reading.roster) == rules.seats:
        players = list(reading.roster)  # a steady table: who was never named defended
    if len(players) < rules.seats or (len(players) > rules.seats and any(
            r.seated is None for r in rows)):
        night.flags.append(f"{len(players)} players are named, and these rules seat "
                           f"{rules.seats} a hand: add a column 'Who played' listing each "
                           "hand's players")
        return
    try:
        played = replay(rules, players, [role_hand(rules, r) for r in rows])
    except NightError as error:
        night.flags.append(f"Hand {error.number} (row {night.rows[error.number - 1]}): "
                           f"{error.message}")
        return
    except HandError as error:
        night.flags.append(error.message)
        return
    night.players = players
    night.totals = {p: played.balances[p] for p in players}
    night.hands = tuple(r.hand for r in played.results)


def _role_row(reading: Reading, night: NightDraft, row: Sequence[object],
              number: int) -> RoleRow:
    def cell(role: Role) -> str:
        at = reading.col(role)
        return str(row[at]) if at is not None else ""

    picker = cell(Role.PICKER)
    kind = KIND_WORDS.get(picker.strip().casefold(), Kind.PICKED)
    partners = tuple(reading.name(n) for n in split_names(cell(Role.PARTNER)))
    seated = tuple(reading.name(n) for n in split_names(cell(Role.PLAYERS))) or None
    points = None
    if kind is Kind.PICKED:
        points = whole(amount(cell(Role.POINTS)))
        if points is None or not 0 <= points <= 120:
            night.flags.append(f"Hand {number}: the card points must be a whole number from "
                               f"0 to 120, not {cell(Role.POINTS)[:QUOTED]!r}")
    who = reading.name(picker.strip()) if kind is Kind.PICKED else None
    return RoleRow(kind, who, partners, points, seated)


READERS: dict[Shape, Callable[[Reading, NightDraft, Cells], None]] = {
    Shape.NIGHT_ROWS: read_totals, Shape.PLAYER_ROWS: read_totals,
    Shape.HAND_COLUMNS: read_hand_columns, Shape.HAND_ROLES: read_hand_roles,
}


def read_nights(reading: Reading, rows: Sequence[Row]) -> tuple[list[NightDraft], list[str]]:
    """Every night of the sheet, read and checked; and the rows left out."""
    kept, totals = data_rows(rows)
    nights, skipped = group_rows(reading, kept)
    skipped = totals + skipped
    cells = dict(kept)
    for night in nights:
        if not night.flags:
            READERS[reading.layout.shape](reading, night, cells)
    return nights, skipped
