"""A photo's bytes, bounded before anything is decoded: its size, its format
and its pixel count (from its header) are checked first, so a hostile image
(a decompression bomb, a format nobody's camera writes) is refused in
milliseconds.  What the app keeps of a photo is a downscaled JPEG without
its metadata (a phone writes where it was taken)."""

from __future__ import annotations

import io
import warnings

import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from scorekeeper.limits import KEPT_PHOTO_SIDE, MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, PHOTO_FORMATS


class BadPhoto(Exception):
    """The bytes aren't a photo the app will open (the reason is said)."""


def _opened(data: bytes) -> Image.Image:
    if len(data) > MAX_PHOTO_BYTES:
        raise BadPhoto(f"A photo is {MAX_PHOTO_BYTES // 1_000_000} MB at most "
                       f"(this one is {len(data) / 1_000_000:.1f} MB)")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data), formats=list(PHOTO_FORMATS))
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        raise BadPhoto(f"A photo is {MAX_PHOTO_PIXELS // 1_000_000} million pixels at most "
                       "(this one says it is far more)") from error
    except (UnidentifiedImageError, OSError, ValueError) as error:
        raise BadPhoto("Not a photo this app reads: send a JPEG, PNG or WebP") from error
    width, height = image.size
    if width * height > MAX_PHOTO_PIXELS:
        raise BadPhoto(f"A photo is {MAX_PHOTO_PIXELS // 1_000_000} million pixels at most "
                       f"(this one is {width * height / 1e6:.0f} million)")
    return image


def check(data: bytes) -> tuple[int, int]:
    """The photo's width and height, from its header alone (refused: BadPhoto)."""
    return _opened(data).size


def _decoded(data: bytes, side: int) -> Image.Image:
    """The photo turned as its camera held it, at most ``side`` pixels long."""
    image = _opened(data)
    if image.format == "JPEG":
        image.draft("RGB", (side, side))  # decoded at a half, a quarter… as that allows
    try:
        image = ImageOps.exif_transpose(image.convert("RGB"))
        image.thumbnail((side, side), Image.Resampling.LANCZOS)
    except (OSError, ValueError, SyntaxError) as error:
        raise BadPhoto("The photo is damaged: it can't be opened whole") from error
    return image


def gray(data: bytes, side: int) -> np.ndarray:
    """The photo in shades of grey, at most ``side`` pixels long, as 8-bit rows."""
    return np.asarray(_decoded(data, side).convert("L"), dtype=np.uint8)


def kept(data: bytes) -> bytes:
    """The copy kept with a ticket: JPEG, at most KEPT_PHOTO_SIDE long, and
    nothing of the original's metadata (no location, no camera)."""
    image = _decoded(data, KEPT_PHOTO_SIDE)
    image.info = {}  # Pillow writes a JPEG's comment again unless told otherwise
    out = io.BytesIO()
    image.save(out, "JPEG", quality=80, optimize=True)
    return out.getvalue()


def crop(jpeg: bytes, box: tuple[int, int, int, int]) -> bytes:
    """The part ``box`` (x, y, w, h) of a JPEG this app wrote, as a JPEG."""
    x, y, w, h = box
    out = io.BytesIO()
    Image.open(io.BytesIO(jpeg), formats=["JPEG"]).crop((x, y, x + w, y + h)).save(
        out, "JPEG", quality=85)
    return out.getvalue()
