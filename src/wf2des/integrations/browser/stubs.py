"""Large raster images served as a same-size SVG stub.

The wireframe draws every image as a placeholder, so the browser needs an image's intrinsic size (it drives
layout when the page gives none) but never its pixels. Moving a 2 MB photo through the DevTools protocol
and decoding it costs hundreds of milliseconds; an SVG with the same width and height costs nothing and
lays out identically. Only headers are read; anything unusual (EXIF rotation, unknown format, a header
that does not parse) is served unchanged.
"""

from __future__ import annotations

import struct

__all__ = ["STUB_MIN_BYTES", "image_size", "stub_for"]

STUB_MIN_BYTES = 32 * 1024
_SOF = frozenset({0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF})


def _png(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        width, height = struct.unpack(">II", data[16:24])
        return width, height
    return None


def _gif(data: bytes) -> tuple[int, int] | None:
    if data[:6] in (b"GIF87a", b"GIF89a"):
        width, height = struct.unpack("<HH", data[6:10])
        return width, height
    return None


def _webp(data: bytes) -> tuple[int, int] | None:
    if data[:4] != b"RIFF" or data[8:12] != b"WEBP":
        return None
    chunk = data[12:16]
    if chunk == b"VP8 " and data[23:26] == b"\x9d\x01\x2a":
        width, height = struct.unpack("<HH", data[26:30])
        return width & 0x3FFF, height & 0x3FFF
    if chunk == b"VP8L" and data[20] == 0x2F:
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X":
        return int.from_bytes(data[24:27], "little") + 1, int.from_bytes(data[27:30], "little") + 1
    return None


def _exif_rotated(segment: bytes) -> bool:
    """True when an APP1 Exif segment says the picture is turned a quarter (orientation 5 to 8)."""
    if segment[:6] != b"Exif\x00\x00":
        return False
    tiff = segment[6:]
    order = {b"II": "<", b"MM": ">"}.get(tiff[:2])
    if order is None or len(tiff) < 8:
        return True  # unreadable: do not guess
    (first,) = struct.unpack(order + "I", tiff[4:8])
    if first + 2 > len(tiff):
        return True
    (count,) = struct.unpack(order + "H", tiff[first : first + 2])
    for i in range(count):
        at = first + 2 + 12 * i
        if at + 12 > len(tiff):
            return True
        tag, _, _, value = struct.unpack(order + "HHIH", tiff[at : at + 10])
        if tag == 0x0112:
            return bool(value >= 5)
    return False


def _jpeg(data: bytes) -> tuple[int, int] | None:
    if data[:2] != b"\xff\xd8":
        return None
    at = 2
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            return None
        marker = data[at + 1]
        if marker == 0xFF:
            at += 1
            continue
        (length,) = struct.unpack(">H", data[at + 2 : at + 4])
        if marker == 0xE1 and _exif_rotated(data[at + 4 : at + 2 + length]):
            return None
        if marker in _SOF:
            height, width = struct.unpack(">HH", data[at + 5 : at + 9])
            return width, height
        at += 2 + length
    return None


def image_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) in pixels from a PNG, GIF, WebP or JPEG header; None when unsure."""
    try:
        for reader in (_png, _jpeg, _gif, _webp):
            size = reader(data)
            if size is not None:
                return size if size[0] > 0 and size[1] > 0 else None
    except (struct.error, IndexError):
        return None
    return None


def stub_for(data: bytes) -> bytes | None:
    """An SVG of the same intrinsic size for a large raster image, or None to serve the original."""
    if len(data) < STUB_MIN_BYTES:
        return None
    size = image_size(data)
    if size is None:
        return None
    width, height = size
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}"><rect width="100%" height="100%" fill="#ccc"/></svg>'
    ).encode()
