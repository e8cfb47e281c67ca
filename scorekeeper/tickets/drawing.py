"""A ticket's readable block drawn as SVG in millimetres (its geometry is
:mod:`.layout`'s): printed from the browser at its true size, it is what a
photo of the ticket is read against."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from html import escape

import qrcode

from scorekeeper.tickets.layout import (
    BUBBLE_R,
    COLUMNS,
    LABEL_Y,
    MARKER,
    MARKER_CELLS,
    NAME_Y,
    QR_SIZE,
    QR_X,
    QR_Y,
    QUIET,
    SIGNS,
    Block,
    TicketId,
)

LABELS = ("±", "100", "10", "1")


@cache
def marker_cells(marker_id: int) -> tuple[tuple[bool, ...], ...]:
    """The marker's black cells, its border included (OpenCV's 4×4 dictionary)."""
    import cv2  # noqa: PLC0415 (only the printed ticket and the reader need it)

    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    image = dictionary.generateImageMarker(marker_id, MARKER_CELLS)
    rows: list[list[int]] = image.tolist()  # type: ignore[assignment]
    return tuple(tuple(v < 128 for v in row) for row in rows)


def _cells_path(cells: Sequence[Sequence[bool]], x: float, y: float, size: float) -> str:
    """A path of the dark cells of a grid ``size`` mm a cell, from (x, y)."""
    return "".join(f"M{x + c * size:.3f} {y + r * size:.3f}h{size:.3f}v{size:.3f}"
                   f"h-{size:.3f}z" for r, row in enumerate(cells)
                   for c, dark in enumerate(row) if dark)


def _qr_path(text: str) -> str:
    code = qrcode.QRCode(border=1, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(text)
    code.make(fit=True)
    matrix = code.get_matrix()
    return _cells_path(matrix, QR_X, QR_Y, QR_SIZE / len(matrix))


def block_svg(ticket: TicketId, names: Sequence[str]) -> str:
    """The readable block of ``ticket`` for ``names`` in seat order."""
    block = Block(len(names))
    w, h, q = block.width, block.height, QUIET
    parts = [f'<svg class="ticket-read" xmlns="http://www.w3.org/2000/svg" '
             f'width="{w + 2 * q:g}mm" height="{h + 2 * q:g}mm" '
             f'viewBox="{-q:g} {-q:g} {w + 2 * q:g} {h + 2 * q:g}" role="img" '
             f'aria-label="Bubbles to fill for the photo reader, table {ticket.table}">',
             f'<rect x="{-q:g}" y="{-q:g}" width="{w + 2 * q:g}" height="{h + 2 * q:g}" '
             'fill="#fff"/>']
    cell = MARKER / MARKER_CELLS
    marks = "".join(_cells_path(marker_cells(i), x, y, cell) for i, x, y in block.markers())
    parts.append(f'<path d="{marks}{_qr_path(ticket.payload())}" fill="#000"/>')
    parts.append('<g font-family="DejaVu Sans, Arial, sans-serif" text-anchor="middle">')
    for seat, name in enumerate(names):
        gx = block.group_x(seat)
        middle = gx + COLUMNS[-1] / 2
        label = f"{seat + 1}. {name}"
        fit = ' textLength="20" lengthAdjust="spacingAndGlyphs"' if len(label) > 10 else ""
        parts.append(f'<text x="{middle:.2f}" y="{NAME_Y}" font-size="3.4" '
                     f'font-weight="bold"{fit}>{escape(label)}</text>')
        for column, label in enumerate(LABELS):
            x = gx + COLUMNS[column]
            parts.append(f'<text x="{x:.2f}" y="{LABEL_Y}" font-size="2.4">{label}</text>')
            for row in range(block.rows_of(column)):
                cx, cy = block.bubble(seat, column, row)
                said = SIGNS[row] if column == 0 else str(row)
                parts.append(f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{BUBBLE_R}" fill="none" '
                             f'stroke="#555" stroke-width="0.3"/><text x="{cx:.2f}" '
                             f'y="{cy + 0.9:.2f}" font-size="2.5" fill="#aaa">{said}</text>')
    parts.append(f'<text x="{QR_X + QR_SIZE / 2}" y="{QR_Y + QR_SIZE + 4}" font-size="2.4">'
                 f'table {ticket.table}</text></g></svg>')
    return "".join(parts)
