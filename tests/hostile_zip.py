"""Zip archives built byte by byte: a page plus many central-directory records, in well under a second.

Every extra record is the same 47-byte directory record (``zipfile`` accepts repeated names when reading),
so 500,000 of them are one bytes multiplication: 23.5 MB, just under the API's default 25 MiB upload.
"""

from __future__ import annotations

import struct
import zlib

__all__ = ["archive_with_directories"]


def _local(name: bytes, data: bytes) -> bytes:
    return (
        struct.pack(
            "<4s5H3I2H", b"PK\x03\x04", 20, 0, 0, 0, 0, zlib.crc32(data), len(data), len(data), len(name), 0
        )
        + name
        + data
    )


def _central(name: bytes, data: bytes, offset: int, *, directory: bool) -> bytes:
    attrs = (0o40755 << 16) | 0x10 if directory else 0o100644 << 16
    return (
        struct.pack(
            "<4s6H3I5H2I",
            b"PK\x01\x02",
            0x031E,
            20,
            0,
            0,
            0,
            0,
            zlib.crc32(data),
            len(data),
            len(data),
            len(name),
            0,
            0,
            0,
            0,
            attrs,
            offset,
        )
        + name
    )


def archive_with_directories(directories: int, *, declared: int | None = None) -> bytes:
    """``index.html`` and ``directories`` directory records; ``declared`` lies about the count if given."""
    page = b"<!doctype html><title>t</title><h1>Hi</h1>"
    local = _local(b"index.html", page)
    records = (
        _central(b"index.html", page, 0, directory=False)
        + _central(b"d/", b"", 0, directory=True) * directories
    )
    entries = directories + 1 if declared is None else declared
    start, size = len(local), len(records)
    end64 = start + size
    tail = b""
    if entries > 0xFFFE or size > 0xFFFFFFFE:
        tail = struct.pack("<4sQ2H2I4Q", b"PK\x06\x06", 44, 45, 45, 0, 0, entries, entries, size, start)
        tail += struct.pack("<4sIQI", b"PK\x06\x07", 0, end64, 1)
        short = 0xFFFF
    else:
        short = entries
    tail += struct.pack("<4s4H2IH", b"PK\x05\x06", 0, 0, short, short, min(size, 0xFFFFFFFF), start, 0)
    return local + records + tail
