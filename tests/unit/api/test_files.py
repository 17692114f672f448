"""Path normalisation and zip safety (pure)."""

from __future__ import annotations

import io
import zipfile

import pytest

from wf2des.api.code2wf.schemas import camel
from wf2des.api.code2wf.service import decode_cursor, encode_cursor, screen_id_for
from wf2des.api.page_imports.files import (
    Limits,
    UploadedFile,
    build_manifest,
    check_files,
    normalise_path,
    unpack_zip,
)
from wf2des.core.errors import InvalidInput, PayloadTooLarge

LIMITS = Limits(max_total_bytes=1000, max_file_bytes=600, max_files=3)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("index.html", "index.html"),
        ("./a//b/./c.css", "a/b/c.css"),
        ("dir/", "dir"),
        ("é/ü.html", "é/ü.html"),
    ],
)
def test_normalise(raw: str, expected: str) -> None:
    assert normalise_path(raw) == expected


@pytest.mark.parametrize(
    "raw", ["", "/abs", "a/../b", "..", "a\\b", "a\x00b", "C:/x", ".", "./", "a\nb", ".wf2des/x"]
)
def test_refused_paths(raw: str) -> None:
    with pytest.raises(InvalidInput):
        normalise_path(raw)


def test_check_files_limits_and_entry() -> None:
    files = [UploadedFile("index.html", b"x"), UploadedFile("a.css", b"y")]
    assert check_files(files, "./index.html", LIMITS) == "index.html"
    with pytest.raises(InvalidInput):
        check_files(files, "a.css", LIMITS)
    with pytest.raises(PayloadTooLarge):
        check_files([*files, UploadedFile("b", b""), UploadedFile("c", b"")], "index.html", LIMITS)
    with pytest.raises(PayloadTooLarge):
        check_files([UploadedFile("index.html", b"x" * 601)], "index.html", LIMITS)
    with pytest.raises(PayloadTooLarge):
        check_files(
            [UploadedFile("index.html", b"x" * 500), UploadedFile("b", b"x" * 501)], "index.html", LIMITS
        )


def test_zip_bomb_is_stopped_by_actual_size() -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("index.html", b"\0" * 5000)
    raw = bytearray(buf.getvalue())
    # Lie in both headers: claim 10 bytes uncompressed.
    for sig, offset in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        pos = raw.find(sig)
        raw[pos + offset : pos + offset + 4] = (10).to_bytes(4, "little")
    with pytest.raises((PayloadTooLarge, InvalidInput)):
        unpack_zip(bytes(raw), LIMITS)


def test_manifest_shape() -> None:
    manifest = build_manifest("index.html", [UploadedFile("index.html", b"x")])
    assert manifest == {
        "entry": "index.html",
        "files": [
            {
                "path": "index.html",
                "sha256": "2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881",
                "size": 1,
                "contentType": "text/html",
            }
        ],
    }


def test_screen_id_cursor_and_camel() -> None:
    assert screen_id_for("pages/About Us.HTML") == "pages-about-us"
    assert screen_id_for("..html") == "screen"
    assert len(screen_id_for("a" * 600 + ".html")) == 255
    cid = "0190aaaa-0000-7000-8000-000000000001"
    assert decode_cursor(encode_cursor(cid)) == cid
    for bad in ["!!", "AAAA", encode_cursor("not-a-uuid")]:
        with pytest.raises(InvalidInput):
            decode_cursor(bad)
    assert camel("code2wf_id") == "code2wfId"
