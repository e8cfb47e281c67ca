"""A ticket's photo as bytes, before anything is read from it: a decompression
bomb is refused from its header in milliseconds, whatever reads it (the
reader, the copy kept); bytes that aren't a photo of a format a camera
writes, and a file too big, are refused with the reason; and the copy kept
is a small JPEG that says nothing of where, when or with what it was taken.
"""

from __future__ import annotations

import io
import struct
import time
import zlib
from collections.abc import Callable

import pytest
from PIL import ExifTags, Image

from scorekeeper.limits import KEPT_PHOTO_SIDE, MAX_PHOTO_BYTES
from scorekeeper.tickets import photo_bytes, reader
from scorekeeper.tickets.photo_bytes import BadPhoto

READERS: dict[str, Callable[[bytes], object]] = {
    "the reader": reader.read, "the copy kept": photo_bytes.kept}


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _png_claiming(width: int, height: int) -> bytes:
    """A PNG of a few hundred bytes whose header says ``width`` × ``height``."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(b"\0" * 4096, 9)) + _chunk(b"IEND", b""))


def _jpeg(size: tuple[int, int] = (64, 48), **save: object) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (200, 180, 160)).save(out, "JPEG", **save)
    return out.getvalue()


@pytest.mark.parametrize("side", [60_000, 12_000, 9_000],
                         ids=["past Pillow's bomb error", "past Pillow's warning", "past ours"])
@pytest.mark.parametrize("via", READERS)
def test_a_decompression_bomb_is_refused_from_its_header_in_milliseconds(
        via: str, side: int) -> None:
    bomb = _png_claiming(side, side)
    assert len(bomb) < 1000
    photo_bytes.gray(_jpeg(), 100)  # Pillow's format plugins loaded, as in a running app
    started = time.perf_counter()
    with pytest.raises(BadPhoto, match="50 million pixels at most") as refused:
        READERS[via](bomb)
    assert time.perf_counter() - started < 0.1, refused.value


@pytest.mark.parametrize("data", [
    b"Kohler Falls Oktoberfest, table 3: Ann +12, Bob -30" * 20,
    b"%PDF-1.7\n" + b"\0" * 2000,
    _jpeg()[:300],  # cut short
], ids=["text", "a PDF", "a JPEG cut short"])
@pytest.mark.parametrize("via", READERS)
def test_bytes_that_arent_a_photo_are_refused(via: str, data: bytes) -> None:
    with pytest.raises(BadPhoto, match="send a JPEG, PNG or WebP|damaged"):
        READERS[via](data)


@pytest.mark.parametrize("via", READERS)
def test_an_image_of_a_format_no_camera_writes_is_refused(via: str) -> None:
    out = io.BytesIO()
    Image.new("RGB", (64, 48)).save(out, "GIF")
    with pytest.raises(BadPhoto, match="send a JPEG, PNG or WebP"):
        READERS[via](out.getvalue())


@pytest.mark.parametrize("via", READERS)
def test_a_file_over_the_largest_photo_is_refused_unread(via: str) -> None:
    data = _jpeg() + b"\0" * (MAX_PHOTO_BYTES + 1)
    started = time.perf_counter()
    with pytest.raises(BadPhoto, match=f"{MAX_PHOTO_BYTES // 1_000_000} MB at most"):
        READERS[via](data)
    assert time.perf_counter() - started < 0.1


def _phone_photo() -> bytes:
    """A JPEG as a phone writes it: 3000 × 2000 held on its side (EXIF
    orientation 6), its maker, model, time and where it was taken."""
    exif = Image.Exif()
    exif[ExifTags.Base.Make] = "Kohler Phones"
    exif[ExifTags.Base.Model] = "K-42"
    exif[ExifTags.Base.DateTime] = "2026:10:03 19:41:07"
    exif[ExifTags.Base.Orientation] = 6
    exif[ExifTags.IFD.GPSInfo] = {
        ExifTags.GPS.GPSLatitudeRef: "N", ExifTags.GPS.GPSLatitude: (43.0, 44.0, 21.5),
        ExifTags.GPS.GPSLongitudeRef: "W", ExifTags.GPS.GPSLongitude: (87.0, 46.0, 55.2)}
    return _jpeg((3000, 2000), exif=exif, comment=b"Kohler Falls")


def test_the_copy_kept_is_small_and_says_nothing_of_where_it_was_taken() -> None:
    original = _phone_photo()
    with Image.open(io.BytesIO(original)) as image:
        assert image.getexif().get_ifd(ExifTags.IFD.GPSInfo)  # the phone said where
        assert image.getexif()[ExifTags.Base.Make] == "Kohler Phones"
    kept = photo_bytes.kept(original)
    with Image.open(io.BytesIO(kept)) as image:
        assert image.format == "JPEG"
        assert image.size == (1067, KEPT_PHOTO_SIDE)  # turned as it was held, then made small
        assert not image.getexif() and not image.getexif().get_ifd(ExifTags.IFD.GPSInfo)
        assert not {"exif", "comment", "icc_profile", "xmp"} & set(image.info), image.info
    for said in (b"Exif", b"Kohler", b"K-42", b"2026:10:03"):
        assert said not in kept
    assert len(kept) < len(original)
