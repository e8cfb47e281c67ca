"""Each shape of a sheet read as a night (:mod:`scorekeeper.services.groups.sheets.nights`
groups the rows into nights and checks their numbers): night totals, a row a
night or a row a player; hand by hand, a column a player (the hands found as
the rules pay them, else the night kept as its totals) or the picker, the
partner(s) and the card points (the engine's own hands, replayed).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from scorekeeper.ledger.money import signed
from scorekeeper.limits import MAX_ADJUSTMENT, MAX_TICKET_POINTS, QUOTED
from scorekeeper.rules import HandError, Kind, NightError, replay
from scorekeeper.services.background import progress
from scorekeeper.services.groups.sheets.columns import Role, Shape, amount
from scorekeeper.services.groups.sheets.hands import KIND_WORDS, RoleRow, find_hands, role_hand
from scorekeeper.services.groups.sheets.layout import Row
from scorekeeper.services.groups.sheets.nights import (
    NightDraft,
    Reading,
    add_points,
    data_rows,
    group_rows,
    is_zero,
    names_fit,
    points_of,
    split_names,
    sums_to_zero,
    whole,
)

Cells = Mapping[int, Sequence[object]]


def read_totals(reading: Reading, night: NightDraft, cells: Cells) -> None:
    """A night of totals: a row a night (a column a player) or a row a player."""
    layout = reading.layout
    pairs: list[tuple[str, object]] = []
    if layout.shape is Shape.NIGHT_ROWS:
        (row,) = (cells[n] for n in night.rows)
        pairs = [(layout.header[i], row[i]) for i, r in enumerate(layout.roles)
                 if r is Role.PLAYER and row[i] != ""
                 and not (reading.zeros_absent and is_zero(row[i]))]
    else:
        name_at, total_at = reading.col(Role.NAME), reading.col(Role.TOTAL)
        assert name_at is not None and total_at is not None
        pairs = [(str(cells[n][name_at]), cells[n][total_at]) for n in night.rows
                 if cells[n][name_at] != "" or cells[n][total_at] != ""]
    if not pairs or not names_fit(reading, night, [s for s, _ in pairs]):
        return
    for sheet, cell in pairs:
        found = points_of(reading, night, sheet or "A player", cell, MAX_TICKET_POINTS)
        if found is not None:
            add_points(night, reading.name(sheet), *found)
    if night.flags:
        return
    if len(night.totals) < 2:
        night.flags.append("Only one player has a total")
        return
    sums_to_zero(reading, night, night.totals, "The night", night.cents)


def read_hand_columns(reading: Reading, night: NightDraft, cells: Cells) -> None:
    """A row a hand with a column a player: each hand must add up to zero;
    the hands are found as the rules pay them, else the night is kept as its
    totals."""
    layout = reading.layout
    columns = [i for i, r in enumerate(layout.roles) if r is Role.PLAYER]
    sheet = [layout.header[i] for i in columns
             if any(cells[n][i] != "" for n in night.rows)]
    if not names_fit(reading, night, sheet):
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
                add_points(night, reading.name(layout.header[i]), *found)
        if not hand:
            continue
        if sums_to_zero(reading, night, hand, f"Hand {number} (row {row_at})", cents):
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
    if night.flags or not names_fit(reading, night, players):
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
    read = []
    for done, night in enumerate(nights):
        progress.report(done, len(nights), "Checking the sheet's nights")
        if not night.flags:
            READERS[reading.layout.shape](reading, night, cells)
        if night.flags or night.players:
            read.append(night)
        else:  # a date with no numbers (no game that night): nothing to bring in
            where = f"Row {night.rows[0]} ({night.key}) gives" if len(night.rows) == 1 \
                else f"Rows {night.rows[0]}–{night.rows[-1]} ({night.key}) give"
            skipped.append(f"{where} every player 0, read as nobody there: left out"
                           if reading.zeros_absent and any(
                               is_zero(c) for n in night.rows for c in cells[n])
                           else f"{where} no numbers: left out")
    return read, skipped
