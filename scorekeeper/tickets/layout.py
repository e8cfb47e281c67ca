"""Where everything is on a readable score ticket, in millimetres: the one
home of the ticket's geometry, which the printed page draws
(:mod:`.drawing`) and the photo reader measures (:mod:`.reader`).

The readable block sits under a ticket's hand grid.  Four square corner
markers (ArUco, 4×4) frame it; their ids say how many players the block
has, so a photo's perspective can be undone before anything else is read.
The QR code in the left column names the event, the session, the table and
the block's print version.  Each player has a column group: a sign column
(+ over −) and three columns of bubbles 0–9 (hundreds, tens, units); the
total written out, for people, is the hand grid's Total row above.

Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass

#: This block's print version, in its QR: a reader knows which layout it reads.
PRINT_VERSION = 1
#: The players a readable block has room for (a table of more is typed in).
MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: A total the bubbles can say: three digits either way.
MAX_READ_POINTS = 999

MARKER = 12.0  # a corner marker's side, its black border included
MARKER_CELLS = 6  # 4×4 bits and a one-cell border
QUIET = 4.0  # the white kept round the block (a marker is found against it)
BUBBLE_R = 1.8
PITCH = 4.6  # between two bubbles of a column
GROUP = 22.0  # between two players' column groups
LEFT = 29.0  # where the first group's sign column is (the QR's column before it)
#: A group's columns, from its sign column: sign, hundreds, tens, units.
COLUMNS = (0.0, 6.5, 11.5, 16.5)
COLUMN_NAMES = ("sign", "hundreds", "tens", "units")
SIGNS = ("+", "−")
NAME_Y = 8.0
LABEL_Y = 14.5
FIRST_ROW = 20.0  # the centre of a column's first bubble (0, or +)
HEIGHT = 66.0
QR_X, QR_Y, QR_SIZE = 1.0, 20.0, 24.0


@dataclass(frozen=True)
class Block:
    """The readable block of a ticket for ``players`` players."""

    players: int

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"a readable block holds {MIN_PLAYERS}–{MAX_PLAYERS} players")

    @property
    def width(self) -> float:
        return LEFT + self.players * GROUP + 14.0

    @property
    def height(self) -> float:
        return HEIGHT

    def markers(self) -> list[tuple[int, float, float]]:
        """Each corner marker's id and top-left corner: top left, top right,
        bottom right, bottom left."""
        right, bottom = self.width - MARKER, self.height - MARKER
        first = marker_base(self.players)
        return [(first, 0.0, 0.0), (first + 1, right, 0.0),
                (first + 2, right, bottom), (first + 3, 0.0, bottom)]

    def group_x(self, seat: int) -> float:
        """The sign column's x of the player in ``seat`` (0-based)."""
        return LEFT + seat * GROUP

    def bubble(self, seat: int, column: int, row: int) -> tuple[float, float]:
        """The centre of a bubble: the player's ``column`` (0 sign, 1 hundreds,
        2 tens, 3 units) and ``row`` (the digit, or 0 + and 1 −)."""
        return self.group_x(seat) + COLUMNS[column], FIRST_ROW + row * PITCH

    def rows_of(self, column: int) -> int:
        return len(SIGNS) if column == 0 else 10

    def player_box(self, seat: int) -> tuple[float, float, float, float]:
        """The player's whole group, his name too: x, y, w, h."""
        x = self.group_x(seat) - BUBBLE_R - 1.0
        bottom = FIRST_ROW + 9 * PITCH + BUBBLE_R + 1.5
        return x, 2.0, COLUMNS[-1] + 2 * BUBBLE_R + 2.0, bottom - 2.0


def marker_base(players: int) -> int:
    """The id of the top-left marker of a block for ``players``."""
    return 4 * (players - MIN_PLAYERS)


def players_of_marker(marker_id: int) -> int | None:
    """How many players the block a marker belongs to has, if it is one of ours."""
    players = marker_id // 4 + MIN_PLAYERS
    return players if MIN_PLAYERS <= players <= MAX_PLAYERS else None


@dataclass(frozen=True)
class TicketId:
    """What a ticket's QR names."""

    event: int
    session: int
    table: int
    players: int
    version: int = PRINT_VERSION

    def payload(self) -> str:
        return (f"SSK{self.version}/e{self.event}/s{self.session}/t{self.table}"
                f"/n{self.players}")


def parse_payload(text: str) -> TicketId | None:
    """The ticket a QR's text names, or None if it isn't one of ours."""
    parts = text.strip().split("/")
    if len(parts) != 5 or not parts[0].startswith("SSK"):
        return None
    try:
        version = int(parts[0][3:])
        values = {p[0]: int(p[1:]) for p in parts[1:] if len(p) > 1 and p[1:].isdigit()}
    except ValueError:
        return None
    if sorted(values) != ["e", "n", "s", "t"] or len(str(values["e"])) > 12:
        return None
    return TicketId(values["e"], values["s"], values["t"], values["n"], version)


def digits_of(points: int) -> tuple[int, int, int, int]:
    """The bubbles a total fills: sign row (0 +, 1 −), hundreds, tens, units."""
    if abs(points) > MAX_READ_POINTS:
        raise ValueError(f"a readable total is {MAX_READ_POINTS} at most either way")
    size = abs(points)
    return (1 if points < 0 else 0), size // 100, size // 10 % 10, size % 10
