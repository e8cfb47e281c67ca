"""Synthetic photos of filled-in score tickets, to measure the reader by.

A ticket's readable block as the app prints it, rendered flat by Chromium
(:func:`render`), is filled with pen-like marks (:func:`fill`: solid, a
mark made partly, a mark crossed out and made again, a stray stroke) and
then "photographed" (:func:`photograph`): laid on a table, turned any way,
tilted, a corner curled, lit unevenly, shadowed, blurred, noisy and saved
as a JPEG of 1,200 to 3,000 pixels.  Each photo comes with the totals it
was filled with, so a reading can be held against the truth.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import cv2
import numpy as np

from scorekeeper.tickets.drawing import block_svg
from scorekeeper.tickets.layout import (
    BUBBLE_R,
    QUIET,
    Block,
    TicketId,
    digits_of,
)


@dataclass
class Flat:
    """A block rendered flat: the image (BGR) and where its millimetres are."""

    image: np.ndarray
    block: Block
    scale: float  # pixels a millimetre
    origin: tuple[float, float]  # the pixel of the block's (0, 0)

    def at(self, x: float, y: float) -> tuple[float, float]:
        return self.origin[0] + x * self.scale, self.origin[1] + y * self.scale


def render(browser: Any, ticket: TicketId, names: list[str]) -> Flat:
    """The block of ``ticket`` drawn by Chromium, as a page prints it."""
    page = browser.new_page(device_scale_factor=2)
    try:
        page.set_content("<body style='margin:0;background:#fff'>"
                         f"{block_svg(ticket, names)}</body>")
        return flat_of(page.locator("svg.ticket-read"), Block(len(names)))
    finally:
        page.close()


def flat_of(svg: Any, block: Block) -> Flat:
    """The block ``svg`` (a Playwright locator of a page's ``svg.ticket-read``)
    as an image."""
    box = svg.bounding_box()
    png = svg.screenshot()
    image = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR)
    scale = image.shape[1] / (block.width + 2 * QUIET)
    assert abs(image.shape[1] / box["width"] - 2) < 0.05
    return Flat(image, block, scale, (QUIET * scale, QUIET * scale))


@dataclass
class Filled:
    """A ticket filled in, and what was meant."""

    image: np.ndarray
    totals: list[int]
    troubles: list[str] = field(default_factory=list)


INKS = [(110, 40, 25), (30, 30, 30), (140, 60, 30), (60, 30, 90)]  # BGR: blue, black…


def random_totals(rng: np.random.Generator, players: int) -> list[int]:
    """Totals summing to zero, each within three digits."""
    while True:
        spread = int(rng.choice([30, 120, 400, 999]))
        totals = [int(rng.integers(-spread, spread + 1)) for _ in range(players - 1)]
        last = -sum(totals)
        if abs(last) <= 999:
            return [*totals, last]


def _dab(image: np.ndarray, flat: Flat, x: float, y: float, rng: np.random.Generator,
         ink: tuple[int, int, int], part: float = 1.0) -> None:
    """A bubble filled with a pen: an uneven blot, ``part`` of it made."""
    cx, cy = flat.at(x + rng.normal(0, 0.15), y + rng.normal(0, 0.15))
    r = BUBBLE_R * flat.scale * rng.uniform(0.85, 1.12)
    if part >= 1.0:
        axes = (int(r * rng.uniform(0.92, 1.08)), int(r * rng.uniform(0.92, 1.08)))
        cv2.ellipse(image, (int(cx), int(cy)), axes, float(rng.uniform(0, 180)), 0, 360, ink,
                    -1, cv2.LINE_AA)
        return
    start = float(rng.uniform(0, 360))
    cv2.ellipse(image, (int(cx), int(cy)), (int(r), int(r)), 0, start, start + 360 * part, ink,
                -1, cv2.LINE_AA)


def _cross(image: np.ndarray, flat: Flat, x: float, y: float, ink: tuple[int, int, int]) -> None:
    """An X through a bubble, past its ring."""
    reach = BUBBLE_R * 1.75
    width = max(2, int(0.4 * flat.scale))
    for dx in (-1, 1):
        a = flat.at(x - dx * reach / 1.414, y - reach / 1.414)
        b = flat.at(x + dx * reach / 1.414, y + reach / 1.414)
        cv2.line(image, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), ink, width, cv2.LINE_AA)


TROUBLES = ("crossed out and made again", "part made", "a stray stroke")


def fill(flat: Flat, totals: list[int], rng: np.random.Generator,
         trouble: str | None = None) -> Filled:
    """``flat`` filled in with ``totals``, with one of :data:`TROUBLES` or
    none: a mark crossed out and made again, a mark made partly, a stray
    stroke."""
    image = flat.image.copy()
    ink = INKS[int(rng.integers(len(INKS)))]
    block = flat.block
    where: list[tuple[int, int, int]] = []
    for seat, total in enumerate(totals):
        sign, hundreds, tens, units = digits_of(total)
        lead = rng.random() < 0.5  # some write the leading zeros
        chosen = [sign if total else None,
                  hundreds if abs(total) >= 100 or lead else None,
                  tens if abs(total) >= 10 or lead else None, units]
        where += [(seat, column, row) for column, row in enumerate(chosen) if row is not None]
    troubled = where[int(rng.integers(len(where)))]
    for seat, column, row in where:
        part = 1.0
        if trouble == "crossed out and made again" and (seat, column, row) == troubled:
            rows = block.rows_of(column)
            other = (row + int(rng.integers(1, rows))) % rows
            _dab(image, flat, *block.bubble(seat, column, other), rng, ink)
            _cross(image, flat, *block.bubble(seat, column, other), ink)
        if trouble == "part made" and (seat, column, row) == troubled:
            part = float(rng.uniform(0.6, 0.9))
        _dab(image, flat, *block.bubble(seat, column, row), rng, ink, part)
    if trouble == "a stray stroke":
        x0, y0 = flat.at(rng.uniform(0, block.width), rng.uniform(0, block.height))
        angle, length = rng.uniform(0, math.pi), rng.uniform(3, 12) * flat.scale
        end = (int(x0 + length * math.cos(angle)), int(y0 + length * math.sin(angle)))
        cv2.line(image, (int(x0), int(y0)), end, ink, max(2, int(0.3 * flat.scale)), cv2.LINE_AA)
    return Filled(image, list(totals), [trouble] if trouble else [])


#: The camera's noise is one field of normal draws this many pixels square.
GRAIN_SIDE, GRAIN_SEED = 1024, 20261130
#: The shadow's mask is drawn and blurred at this fraction of the photo's size.
SHADOW_STEP = 8


def random_trouble(rng: np.random.Generator) -> str | None:
    """Most tickets are filled cleanly; the rest have one trouble each."""
    draw = rng.random()
    return None if draw < 0.6 else TROUBLES[0] if draw < 0.75 else \
        TROUBLES[1] if draw < 0.85 else TROUBLES[2]


def _light(shape: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """A light that is uneven across the picture, with a shadow over part of it
    (its soft edge blurred at an eighth of the size: it is smooth anyway)."""
    h, w = shape
    yy, xx = (a.astype(np.float32) for a in np.ogrid[0:h, 0:w])
    angle = rng.uniform(0, 2 * math.pi)
    ramp = (xx * math.cos(angle) + yy * math.sin(angle)) / max(h, w)
    light = rng.uniform(0.85, 1.05) + rng.uniform(-0.25, 0.25) * (ramp - ramp.mean())
    if rng.random() < 0.5:  # a hand's or a phone's shadow
        mask = np.zeros((h // SHADOW_STEP + 1, w // SHADOW_STEP + 1), np.float32)
        points = rng.uniform(0, 1, (4, 2)) * (w, h) / SHADOW_STEP
        cv2.fillPoly(mask, [points.astype(np.int32)], 1.0)
        mask = cv2.GaussianBlur(mask, (0, 0), max(h, w) / 60 / SHADOW_STEP)
        light *= 1 - rng.uniform(0.2, 0.45) * cv2.resize(mask, (w, h))
    return light.astype(np.float32)


def _curl(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One corner of the paper lifted a little (the picture bent near it)."""
    h, w = image.shape[:2]
    corner = np.array([(0, 0), (w, 0), (w, h), (0, h)][int(rng.integers(4))], np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    dist = np.hypot(xx - corner[0], yy - corner[1])
    reach = 0.3 * min(h, w)
    lift = np.clip(1 - dist / reach, 0, 1) ** 2 * rng.uniform(0.01, 0.025) * min(h, w)
    toward = (np.array([w / 2, h / 2], np.float32) - corner)
    toward /= np.linalg.norm(toward)
    return cv2.remap(image, xx + lift * toward[0], yy + lift * toward[1], cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_REPLICATE)


@cache
def _grain_field() -> np.ndarray:
    """Standard normal draws, a square of GRAIN_SIDE pixels of three channels."""
    return np.random.default_rng(GRAIN_SEED).standard_normal((GRAIN_SIDE, GRAIN_SIDE, 3),
                                                             dtype=np.float32)


def _tiled(image: np.ndarray, draws: np.ndarray, rng: np.random.Generator) -> None:
    """``draws`` (GRAIN_SIDE square) added across ``image`` in place, from a
    random place in them and repeated (a photo's millions of fresh normal
    draws took most of its making)."""
    shifted = np.roll(draws, tuple(int(v) for v in rng.integers(0, GRAIN_SIDE, 2)), axis=(0, 1))
    h, w = image.shape[:2]
    for y in range(0, h, GRAIN_SIDE):
        for x in range(0, w, GRAIN_SIDE):
            part = image[y:y + GRAIN_SIDE, x:x + GRAIN_SIDE]
            part += shifted[:part.shape[0], :part.shape[1]]


@cache
def _table_grain() -> np.ndarray:
    """The table's speckle: 0 to 60 brighter, half of it not at all."""
    return (_grain_field() * 8).clip(0, 60).astype(np.uint8)


def _table(h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    """The table the ticket is laid on: one colour, grained."""
    table = cv2.merge([np.full((h, w), int(v), np.uint8) for v in rng.integers(60, 170, 3)])
    _tiled(table, _table_grain(), rng)  # at most 230: no overflow
    return table


def _exposed(photo: np.ndarray, rng: np.random.Generator, side: int) -> np.ndarray:
    """The picture lit unevenly, maybe out of focus, and noisy."""
    light = _light(photo.shape[:2], rng)
    sigma = rng.uniform(0, 1.4) * side / 2000
    if sigma > 0.3:  # out of focus (the light is smooth: blurred before it or after, alike)
        photo = cv2.GaussianBlur(photo, (0, 0), sigma)
    lit = photo.astype(np.float32)
    lit *= light[..., None]
    _tiled(lit, _grain_field() * np.float32(rng.uniform(1, 6)), rng)
    np.clip(lit, 0, 255, out=lit)
    return lit.astype(np.uint8)


def photograph(filled: np.ndarray, rng: np.random.Generator, *, curl: bool | None = None,
               quality: int | None = None) -> bytes:
    """``filled`` photographed on a table: a JPEG's bytes."""
    if curl if curl is not None else rng.random() < 0.15:
        filled = _curl(filled, rng)
    side = int(rng.integers(1200, 3001))
    out_w, out_h = (side, side * 3 // 4) if rng.random() < 0.5 else (side * 3 // 4, side)
    h, w = filled.shape[:2]
    fit = rng.uniform(0.55, 0.85) * min(out_w, out_h) / max(w, h) * (
        1.25 if rng.random() < 0.5 else 1.0)
    angle = rng.uniform(0, 2 * math.pi)
    corners = np.array([(0, 0), (w, 0), (w, h), (0, h)], np.float32) - (w / 2, h / 2)
    tilt = math.radians(rng.uniform(0, 25))
    shrink = math.cos(tilt)  # the far side of a tilted ticket is smaller
    toward = rng.uniform(0, 2 * math.pi)
    while True:  # the whole ticket in the picture, as a director frames it
        placed = []
        for x, y in corners:
            along = (x * math.cos(toward) + y * math.sin(toward)) / (max(w, h) / 2)
            s = fit * (1 - (1 - shrink) * (along + 1) / 2)
            px = x * s * math.cos(angle) - y * s * math.sin(angle)
            py = x * s * math.sin(angle) + y * s * math.cos(angle)
            placed.append((px + out_w / 2, py + out_h / 2))
        if all(0.02 * out_w < px < 0.98 * out_w and 0.02 * out_h < py < 0.98 * out_h
               for px, py in placed):
            break
        fit *= 0.95
    matrix = cv2.getPerspectiveTransform((corners + (w / 2, h / 2)).astype(np.float32),
                                         np.array(placed, np.float32))
    photo = cv2.warpPerspective(filled, matrix, (out_w, out_h), dst=_table(out_h, out_w, rng),
                                borderMode=cv2.BORDER_TRANSPARENT)
    photo = _exposed(photo, rng, side)
    q = quality if quality is not None else int(rng.integers(60, 93))
    ok, jpeg = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, q])
    assert ok
    return jpeg.tobytes()
