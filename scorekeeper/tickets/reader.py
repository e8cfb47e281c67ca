"""A photo of a score ticket read: :func:`read` takes the photo's bytes and
answers a :class:`Reading`, a pure function (no database, no server).

The corner markers undo the photo's perspective onto the block's own
millimetres (:mod:`.layout`); the light is evened out against the paper
around each part; the QR names the ticket; then every bubble is measured:
the ink inside it against its column's own empty bubbles, its printed ring
(glare or a shadow that hides the ring hides the bubble), and ink on its
diagonals outside the ring (a bubble crossed out).  A column with a mark
half made, two marks, a mark crossed out and nothing for it, or a ring it
can't see is *asked*, never guessed; totals that don't add to zero are
asked too.  What it can't read at all (no markers, two tickets in one
photo, a QR not ours, a bomb of an image) is *refused* with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

import cv2
import numpy as np

from scorekeeper.tickets import photo_bytes
from scorekeeper.tickets.layout import (
    BUBBLE_R,
    COLUMN_NAMES,
    MARKER,
    QR_SIZE,
    QR_X,
    QR_Y,
    Block,
    TicketId,
    parse_payload,
    players_of_marker,
)

#: Canonical pixels a millimetre of the block.
SCALE = 8.0
#: A bubble's ink (0 paper, 1 black) above its column's empty ones: filled at
#: FILLED or more, empty under EMPTY, asked in between.
FILLED, EMPTY = 0.34, 0.12
#: The printed ring's ink under which a bubble can't be seen (glare, shadow).
RING_SEEN = 0.10
#: A bubble's mark this far from the undecided band (or more) is read with
#: full confidence; nearer, less (a row's confidence is its least sure bubble's).
SURE_MARGIN = 0.10
#: Ink on a diagonal outside the ring: a cross over the bubble.
CROSS_INK = 0.30
#: The longest side a photo is looked at (markers are found at this size).
LOOK_SIDE = 2000
#: A marker's side in the photo under which the ticket is too far away (px).
MIN_MARKER_PX = 22.0


class Refused(Exception):
    """The photo can't be read as a ticket (the reason is said to the director)."""


@dataclass
class Row:
    """One player's total as read, or asked (``total`` None) and why."""

    seat: int
    total: int | None
    confidence: float
    asked: str | None = None
    #: The player's group in the rectified image: x, y, w, h (px).
    box: tuple[int, int, int, int] = (0, 0, 0, 0)


@dataclass
class Reading:
    """A photo's ticket: whom it names, each row, whether it all adds up."""

    ticket: TicketId
    rows: list[Row]
    rectified: bytes = b""
    asked: list[str] = field(default_factory=list)

    @property
    def sure(self) -> bool:
        """Every total read and adding up to zero: nothing to ask."""
        return not self.asked and all(r.total is not None for r in self.rows)

    def totals(self) -> list[int | None]:
        return [r.total for r in self.rows]


def read(data: bytes) -> Reading:
    """The ticket in the photo ``data`` (JPEG, PNG or WebP), read."""
    gray = photo_bytes.gray(data, LOOK_SIDE)
    block, found = _markers(gray)
    canvas = _rectify(gray, block, found)
    ticket = _ticket(canvas, block)
    rows = [_row(canvas, block, seat) for seat in range(block.players)]
    reading = Reading(ticket, rows)
    read_all = all(r.total is not None for r in rows)
    if read_all and sum(r.total or 0 for r in rows) != 0:
        reading.asked.append(f"The totals as read add up to {sum(r.total or 0 for r in rows):+d},"
                             " not 0: type each one from the ticket")
        for r in rows:
            r.asked, r.confidence = "the totals don't add up to zero", 0.0
    ok, jpeg = cv2.imencode(".jpg", canvas, [cv2.IMWRITE_JPEG_QUALITY, 85])
    reading.rectified = jpeg.tobytes() if ok else b""
    return reading


def _markers(gray: np.ndarray) -> tuple[Block, np.ndarray]:
    """The block the photo's markers frame and their corners (4 × 4 points)."""
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50),
                                       cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(gray)
    if ids is None:
        raise Refused("No corner marker found: photograph the whole ticket, its four black "
                      "corner squares in the picture, from closer")
    by_block: dict[int, dict[int, np.ndarray]] = {}
    twice = False  # two tickets of as many players have the same markers
    for points, marker in zip(corners, ids.flatten(), strict=True):
        players = players_of_marker(int(marker))
        if players is not None:
            twice |= int(marker) in by_block.get(players, {})
            by_block.setdefault(players, {})[int(marker)] = points.reshape(4, 2)
    whole = [p for p, seen in by_block.items() if len(seen) == 4]
    if twice or len(whole) > 1 or len(by_block) > 1 and whole:
        raise Refused("More than one ticket in the photo: one ticket a photo")
    if not whole:
        seen = max((len(s) for s in by_block.values()), default=0)
        raise Refused(f"Only {seen} of the ticket's 4 corner markers found (one is out of the "
                      "picture, covered, folded or damaged): photograph the whole ticket flat")
    block = Block(whole[0])
    found = by_block[whole[0]]
    ordered = np.array([found[i] for i, _, _ in block.markers()], dtype=np.float32)
    side = float(np.mean([np.linalg.norm(q[0] - q[1]) for q in ordered]))
    if side < MIN_MARKER_PX:
        raise Refused("The ticket is too small in the photo: come closer, the ticket "
                      "filling the picture")
    return block, ordered


def _rectify(gray: np.ndarray, block: Block, found: np.ndarray) -> np.ndarray:
    """The block as if scanned flat, SCALE pixels a millimetre."""
    where = []
    for _, x, y in block.markers():
        where += [(x, y), (x + MARKER, y), (x + MARKER, y + MARKER), (x, y + MARKER)]
    target = np.array(where, dtype=np.float32) * SCALE
    matrix, _ = cv2.findHomography(found.reshape(-1, 2), target, 0)
    if matrix is None:
        raise Refused("The ticket's corners don't make a ticket: photograph it flat")
    size = (round(block.width * SCALE), round(block.height * SCALE))
    return cv2.warpPerspective(gray, matrix, size, flags=cv2.INTER_AREA,
                               borderValue=255)


def _ticket(canvas: np.ndarray, block: Block) -> TicketId:
    """What the QR names, checked against the markers."""
    pad = 2.0
    x0, y0 = round((QR_X - pad) * SCALE), round((QR_Y - pad) * SCALE)
    x1, y1 = round((QR_X + QR_SIZE + pad) * SCALE), round((QR_Y + QR_SIZE + pad) * SCALE)
    crop = canvas[max(y0, 0):y1, max(x0, 0):x1]
    text = ""
    detector = cv2.QRCodeDetector()
    for image in (crop, cv2.threshold(crop, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)[1]):
        text, _, _ = detector.detectAndDecode(cv2.copyMakeBorder(
            image, 16, 16, 16, 16, cv2.BORDER_CONSTANT, value=255))
        if text:
            break
    if not text:
        raise Refused("The ticket's QR code can't be read (blurred, in glare or covered): "
                      "photograph it again, steady and in even light")
    ticket = parse_payload(text)
    if ticket is None:
        raise Refused("The QR code isn't a score ticket of this app's")
    if ticket.players != block.players:
        raise Refused("The ticket's QR and its corner markers don't agree: print it again")
    return ticket


@cache
def _masks() -> tuple[int, dict[str, np.ndarray]]:
    """The parts of a bubble's patch, round its centre: inside, its printed
    ring, the paper round it, and four spots on its diagonals past the ring."""
    r = BUBBLE_R * SCALE
    reach = int(np.ceil(1.75 * r))
    yy, xx = np.mgrid[-reach:reach + 1, -reach:reach + 1].astype(np.float32)
    dist = np.hypot(xx, yy)
    spot = 1.5 * r / np.sqrt(2)
    return reach, {
        "inside": dist <= 0.6 * r,
        "ring": (dist >= 0.88 * r) & (dist <= 1.12 * r),
        "paper": (dist >= 1.22 * r) & (dist <= 1.42 * r),
        **{f"spot{i}": np.hypot(xx - dx * spot, yy - dy * spot) <= 0.22 * r
           for i, (dx, dy) in enumerate([(-1, -1), (-1, 1), (1, -1), (1, 1)])}}


@dataclass
class _Bubble:
    ink: float
    ring: float
    crossed: bool


#: The parts of a bubble (:func:`_masks`) whose mean ink is measured, in this order.
_PARTS = ("inside", "ring", "spot0", "spot1", "spot2", "spot3")


@cache
def _sums() -> tuple[np.ndarray, np.ndarray]:
    """The 0/1 matrix that sums each of :data:`_PARTS` of a flattened patch,
    and how many pixels each part has."""
    _, masks = _masks()
    parts = np.stack([masks[p].ravel() for p in _PARTS], axis=1).astype(np.float32)
    return parts, parts.sum(axis=0)


def _bubbles(canvas: np.ndarray, centres: list[tuple[float, float]]) -> list[_Bubble]:
    """Bubbles measured, each against the paper just round it (the light
    there), all at once.  A patch's pixels are integers, so its sums are
    exact whatever order they are added in: the means are those of
    measuring each bubble alone."""
    reach, masks = _masks()
    side = 2 * reach + 1
    xs = np.array([round(cx * SCALE) for cx, _ in centres])
    ys = np.array([round(cy * SCALE) for _, cy in centres])
    inside = (xs >= reach) & (ys >= reach) & (xs + reach < canvas.shape[1]) \
        & (ys + reach < canvas.shape[0])
    windows = np.lib.stride_tricks.sliding_window_view(canvas, (side, side))
    patches = windows[ys[inside] - reach, xs[inside] - reach].astype(np.float32)
    paper = np.maximum(np.percentile(patches[:, masks["paper"]], 80, axis=1), 1.0)
    parts, counts = _sums()
    means = patches.reshape(len(patches), -1) @ parts / counts
    ink = np.clip(1.0 - means / paper.astype(np.float32)[:, None], 0.0, 1.0)
    measured = iter(ink.tolist())
    found = []
    for seen in inside:
        if not seen:
            found.append(_Bubble(0.0, 0.0, False))
            continue
        ink_in, ring, *spots = next(measured)
        found.append(_Bubble(ink_in, ring, sum(s > CROSS_INK for s in spots) >= 3))
    return found


@dataclass
class _Column:
    """A column as read: the row filled (None: none), or why it is asked."""

    filled: int | None = None
    asked: str | None = None
    margin: float = 1.0


def _column(bubbles: list[_Bubble], column: int, empty: float) -> _Column:
    """A column read from its bubbles; ``empty``: the ink of an empty one of
    this player's (a sign column's two can't say it themselves)."""
    name = COLUMN_NAMES[column]
    if min(b.ring for b in bubbles) < RING_SEEN:
        return _Column(asked=f"the {name} column can't be seen (glare, a shadow or a fold)")
    base = float(np.median([b.ink for b in bubbles if not b.crossed] or [empty])) \
        if column else empty
    filled, margin = [], 1.0
    for row, b in enumerate(bubbles):
        mark = b.ink - base
        if b.crossed:
            continue
        if EMPTY <= mark < FILLED:
            return _Column(asked=f"a faint or half-made mark in the {name} column")
        margin = min(margin, (mark - FILLED) if mark >= FILLED else (EMPTY - mark))
        if mark >= FILLED:
            filled.append(row)
    if len(filled) > 1:
        return _Column(asked=f"two bubbles filled in the {name} column")
    if not filled and any(b.crossed for b in bubbles):
        return _Column(asked=f"a mark crossed out in the {name} column and none made for it")
    return _Column(filled[0] if filled else None, margin=margin / SURE_MARGIN)


def _row(canvas: np.ndarray, block: Block, seat: int) -> Row:
    """The player's total from his four columns."""
    x, y, w, h = block.player_box(seat)
    box = (round(x * SCALE), round(y * SCALE), round(w * SCALE), round(h * SCALE))
    where = [(column, row) for column in range(4) for row in range(block.rows_of(column))]
    read = _bubbles(canvas, [block.bubble(seat, column, row) for column, row in where])
    measured: list[list[_Bubble]] = [[] for _ in range(4)]
    for (column, _), bubble in zip(where, read, strict=True):
        measured[column].append(bubble)
    empty = float(np.median([b.ink for bubbles in measured[1:] for b in bubbles]))
    columns = [_column(bubbles, c, empty) for c, bubbles in enumerate(measured)]
    for c in columns:
        if c.asked:
            return Row(seat, None, 0.0, c.asked, box)
    sign, *digits = (c.filled for c in columns)
    if all(d is None for d in digits):
        return Row(seat, None, 0.0, "no bubble filled for this player", box)
    size = sum((d or 0) * 10 ** (2 - i) for i, d in enumerate(digits))
    if size and sign is None:
        return Row(seat, None, 0.0, "no sign filled (+ or −)", box)
    confidence = round(min(1.0, min(c.margin for c in columns)), 2)
    return Row(seat, -size if sign == 1 else size, confidence, None, box)
