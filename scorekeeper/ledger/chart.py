"""Running-balance chart for the share page: the geometry of one polyline per
player, worked out on the server so the page needs no chart library.

Pure (standard library only): it takes each hand's running balances and
returns coordinates in an SVG user space; the template only draws them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

# Twelve colours that stay apart on a phone screen and for most colour-blind
# eyes (Okabe-Ito first, then darker companions); a table seats at most 12.
PALETTE = (
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9",
    "#000000", "#8C564B", "#7F3C8D", "#11A579", "#B3261E", "#3969AC",
)
# Solid for the first four players, then dashed, dotted, dash-dot: a second cue
# besides colour where lines cross or overlap.
DASHES = ("", "6 3", "2 2", "8 3 2 3")


@dataclass(frozen=True)
class Line:
    """One player's line: colour, dash pattern, SVG points and final balance."""

    name: str
    color: str
    dash: str
    points: str
    last: int


@dataclass(frozen=True)
class Chart:
    """Everything the template draws, in the user space ``0 0 width height``."""

    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    zero_y: float
    high: int
    low: int
    hands: int
    lines: tuple[Line, ...]


def _scale(high: int, low: int, top: float, bottom: float) -> Callable[[int], float]:
    """value → y, with ``high`` at ``top`` and ``low`` at ``bottom`` (SVG y grows down)."""
    span = high - low

    def y(value: int) -> float:
        return round(bottom - (value - low) * (bottom - top) / span, 1)

    return y


#: A phone draws the chart about 300 pixels wide: a long night is thinned to
#: this many columns, each keeping its lowest and highest balance.
COLUMNS = 80


def thin(values: Sequence[int], columns: int = COLUMNS) -> list[tuple[int, int]]:
    """``(index, value)`` pairs to draw: every value when they fit in
    ``2 × columns`` points, else the first and last values and, in each of
    ``columns`` equal runs, its lowest and highest in the order they came
    (so no peak or dip is lost)."""
    count = len(values)
    if count <= 2 * columns:
        return list(enumerate(values))
    kept = {0, count - 1}
    for column in range(columns):
        start, stop = column * count // columns, (column + 1) * count // columns
        run = values[start:stop]
        kept.add(start + run.index(min(run)))
        kept.add(start + run.index(max(run)))
    return [(i, values[i]) for i in sorted(kept)]


def running_chart(players: Sequence[str], balances: Sequence[Mapping[str, int]],
                  width: int = 320, height: int = 180) -> Chart:
    """Lines from 0 (before hand 1) through each hand's running balance.

    ``balances[i]`` is every player's total after hand ``i + 1``; a missing
    name counts as 0.  The vertical range always includes 0, and is never
    empty (an all-zero night is drawn as a flat line in the middle).  A long
    night is thinned (:func:`thin`) so the page stays small.
    """
    series = [[0] + [b.get(name, 0) for b in balances] for name in players]
    values = [v for s in series for v in s] or [0]
    high, low = max(values + [0]), min(values + [0])
    if high == low:
        high, low = high + 1, low - 1
    left, right, top, bottom = 34.0, width - 6.0, 8.0, height - 18.0
    y = _scale(high, low, top, bottom)
    step = (right - left) / max(len(balances), 1)
    lines = tuple(Line(name, PALETTE[i % len(PALETTE)], DASHES[i // 4 % len(DASHES)],
                       " ".join(f"{round(left + k * step, 1)},{y(v)}" for k, v in thin(s)),
                       s[-1])
                  for i, (name, s) in enumerate(zip(players, series, strict=True)))
    return Chart(width, height, left, right, top, bottom, y(0), high, low, len(balances),
                 lines)
