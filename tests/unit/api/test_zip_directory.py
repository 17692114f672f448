"""The central directory is counted, and refused past its limit, before ``zipfile`` parses it."""

from __future__ import annotations

import io
import zipfile

import pytest

from tests.hostile_zip import archive_with_directories
from wf2des.api.page_imports.files import Limits, unpack_zip
from wf2des.api.page_imports.zip_directory import ArchiveTooManyEntries, MalformedDirectory, count_entries
from wf2des.core.errors import InvalidInput, PayloadTooLarge


def _zip(names: list[str], *, comment: bytes = b"") -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in names:
            zf.writestr(name, b"<p>" + name.encode())
        zf.comment = comment
    return buf.getvalue()


@pytest.mark.parametrize(
    "archive",
    [
        _zip(["index.html", "css/", "css/a.css"]),
        _zip(["index.html"], comment=b"a comment after the end record"),
        b"#!/bin/sh\nprepended\n" + _zip(["index.html", "b.css"]),
        archive_with_directories(3),
        archive_with_directories(70_000),  # past 65,535: Zip64 end record
    ],
    ids=["plain", "comment", "prepended", "crafted", "zip64"],
)
def test_the_count_is_zipfiles(archive: bytes) -> None:
    assert count_entries(archive, limit=100_000) == len(zipfile.ZipFile(io.BytesIO(archive)).infolist())


def test_refused_at_the_first_record_past_the_limit_whatever_the_end_record_declares() -> None:
    with pytest.raises(ArchiveTooManyEntries):
        count_entries(archive_with_directories(5000), limit=2000)
    lying = archive_with_directories(5000, declared=2)
    with pytest.raises(ArchiveTooManyEntries) as refused:
        count_entries(lying, limit=2000)
    assert str(refused.value) == "2001 entries, limit 2000"


@pytest.mark.parametrize(
    "archive",
    [
        b"",
        b"not a zip at all",
        _zip(["index.html"])[:-30],
        _zip(["index.html"]).replace(b"PK\x01\x02", b"XX\x01\x02"),
    ],
    ids=["empty", "text", "cut", "bad-record"],
)
def test_malformed_directories(archive: bytes) -> None:
    with pytest.raises(MalformedDirectory):
        count_entries(archive, limit=10)


def test_unpack_zip_counts_directory_records_against_twice_the_file_limit() -> None:
    limits = Limits(max_total_bytes=10_000, max_file_bytes=1000, max_files=3)
    assert [f.path for f in unpack_zip(archive_with_directories(5), limits)] == ["index.html"]
    with pytest.raises(PayloadTooLarge, match="more than 6 entries"):
        unpack_zip(archive_with_directories(6), limits)
    with pytest.raises(InvalidInput):
        unpack_zip(b"not a zip at all", limits)
