"""Draw the app's icons: the club on the table's green, as SVG and as the PNGs
phones ask for (Android's home screen, iOS's apple-touch-icon, a maskable one
for Android's round and squircle masks).  Pure Python (zlib and struct): no
Pillow, no image tools.  Run it again after changing the drawing; the PNGs are
committed.

    .venv/bin/python scripts/icons.py
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
GREEN = (0x0B, 0x6E, 0x4F)
WHITE = (0xFF, 0xFF, 0xFF)

#: The club in a 64-unit square (the favicon's drawing): three leaves and a stem.
LEAVES = ((32.0, 20.0, 10.0), (20.0, 36.0, 10.0), (44.0, 36.0, 10.0))
STEM = ((29.0, 36.0), (35.0, 36.0), (39.0, 54.0), (25.0, 54.0))


def in_stem(x: float, y: float) -> bool:
    """Inside the stem's trapezoid (wider at the bottom)."""
    if not 36.0 <= y <= 54.0:
        return False
    half = 3.0 + 4.0 * (y - 36.0) / 18.0
    return abs(x - 32.0) <= half


def in_club(x: float, y: float) -> bool:
    return in_stem(x, y) or any((x - cx) ** 2 + (y - cy) ** 2 <= r * r for cx, cy, r in LEAVES)


def in_rounded(x: float, y: float, radius: float) -> bool:
    """Inside the 64-unit square with corners rounded by ``radius``."""
    cx = min(max(x, radius), 64.0 - radius)
    cy = min(max(y, radius), 64.0 - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius


def draw(size: int, corner: float, scale: float) -> list[bytes]:
    """RGBA rows: the green square (corners rounded by ``corner`` units, 0 for
    full bleed) and the club shrunk by ``scale`` about the centre; each pixel
    sampled 3×3 times for smooth edges."""
    unit = 64.0 / size
    offsets = [(i + 0.5) / 3 for i in range(3)]
    rows = []
    for py in range(size):
        row = bytearray()
        for px in range(size):
            ground = club = 0
            for oy in offsets:
                for ox in offsets:
                    x, y = (px + ox) * unit, (py + oy) * unit
                    if corner == 0 or in_rounded(x, y, corner):
                        ground += 1
                        if in_club(32 + (x - 32) / scale, 32 + (y - 32) / scale):
                            club += 1
            if ground == 0:
                row += b"\0\0\0\0"
                continue
            mix = club / ground
            row += bytes(round(g + (w - g) * mix) for g, w in zip(GREEN, WHITE, strict=True))
            row.append(round(255 * ground / 9))
        rows.append(bytes(row))
    return rows


def png(rows: list[bytes]) -> bytes:
    """A PNG file (8-bit RGBA, no filtering) holding ``rows``."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    size = len(rows)
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    raw = b"".join(b"\0" + row for row in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def svg() -> str:
    leaves = "".join(f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}"/>' for cx, cy, r in LEAVES)
    stem = "M" + "L".join(f"{x:g} {y:g}" for x, y in STEM) + "Z"
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
            '<rect width="64" height="64" rx="14" fill="#0b6e4f"/>'
            f'<g fill="#fff">{leaves}<path d="{stem}"/></g></svg>\n')


#: name → (pixels, rounded corner in units, the club's scale)
PNGS = {
    "icon-192.png": (192, 14.0, 1.0),
    "icon-512.png": (512, 14.0, 1.0),
    # Android may cut a maskable icon to a circle: full bleed, the club inside
    # the middle 80% (the safe zone).
    "maskable-512.png": (512, 0.0, 0.7),
    # iOS rounds the corners itself and shows transparency as black.
    "apple-touch-icon.png": (180, 0.0, 0.85),
}


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    (ICONS / "icon.svg").write_text(svg())
    for name, (size, corner, scale) in PNGS.items():
        (ICONS / name).write_bytes(png(draw(size, corner, scale)))
        print(f"wrote static/icons/{name}")


if __name__ == "__main__":
    main()
