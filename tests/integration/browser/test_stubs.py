"""Large images are served as same-size SVG stubs: sizes from headers, and the page lays out the same."""

from __future__ import annotations

import struct
import zlib

import pytest

from wf2des.integrations.browser import BrowserCapturer
from wf2des.integrations.browser.stubs import STUB_MIN_BYTES, image_size, stub_for


def _png(width: int, height: int, padding: int = 0) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    rows = b"".join(b"\x00" + b"\x80" * (3 * width) for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"tEXt", b"pad\x00" + b"x" * padding)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def _jpeg(width: int, height: int, orientation: int | None = None) -> bytes:
    out = b"\xff\xd8"
    if orientation is not None:
        tiff = b"MM\x00\x2a\x00\x00\x00\x08" + struct.pack(">H", 1)
        tiff += struct.pack(">HHIHH", 0x0112, 3, 1, orientation, 0) + b"\x00\x00\x00\x00"
        app1 = b"Exif\x00\x00" + tiff
        out += b"\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1
    sof = struct.pack(">BHHB", 8, height, width, 1) + b"\x01\x11\x00"
    return out + b"\xff\xc0" + struct.pack(">H", len(sof) + 2) + sof + b"\xff\xd9"


def test_sizes_come_from_headers() -> None:
    assert image_size(_png(300, 120)) == (300, 120)
    assert image_size(_jpeg(640, 480)) == (640, 480)
    assert image_size(_jpeg(640, 480, orientation=1)) == (640, 480)
    assert image_size(b"GIF89a" + struct.pack("<HH", 20, 10) + b"\x00" * 8) == (20, 10)
    assert image_size(b"not an image at all") is None


def test_a_quarter_turned_jpeg_is_never_stubbed() -> None:
    # EXIF orientation 6 swaps width and height in the browser; guessing would change the layout.
    assert image_size(_jpeg(640, 480, orientation=6)) is None


def test_only_large_images_are_stubbed() -> None:
    assert stub_for(_png(10, 10)) is None
    big = _png(400, 200, padding=STUB_MIN_BYTES)
    stub = stub_for(big)
    assert stub is not None
    assert b'width="400" height="200"' in stub
    assert len(stub) < 200


@pytest.mark.asyncio(loop_scope="session")
async def test_a_stubbed_image_lays_out_at_its_intrinsic_size(capturer: BrowserCapturer) -> None:
    html = b'<html><body style="margin:0"><img src="big.png" alt="Big"><p>after</p></body></html>'
    files = {"index.html": html, "big.png": _png(400, 200, padding=STUB_MIN_BYTES)}
    captured = await capturer.capture(files, "index.html", [800])
    body = captured.screens[0].root
    img = next(c for c in body.children if getattr(c, "tag", "") == "img")
    assert (img.rect.width, img.rect.height) == (400, 200)
