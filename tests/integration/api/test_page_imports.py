"""Upload validation: paths, limits, entry, zip hazards; a refused upload leaves no row and no blob."""

from __future__ import annotations

import io
import stat
import zipfile
from typing import Any

import pytest

from tests.integration.api.conftest import PAGE_HTML, Live, upload


def _count(live: Live, proj: int) -> int:
    return int(live.sql("SELECT count(*) FROM page_import WHERE project_id = %s", proj)[0][0])


def _zip(entries: dict[str, bytes], *, symlink: str | None = None) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
        if symlink:
            info = zipfile.ZipInfo(symlink)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            zf.writestr(info, "/etc/passwd")
    return buf.getvalue()


@pytest.mark.parametrize(
    ("files", "entry", "status", "code"),
    [
        ({"/etc/index.html": PAGE_HTML}, "index.html", 422, "invalid_path"),
        ({"../index.html": PAGE_HTML}, "index.html", 422, "invalid_path"),
        ({"a\\index.html": PAGE_HTML}, "index.html", 422, "invalid_path"),
        ({"index.html": PAGE_HTML, "./index.html": PAGE_HTML}, "index.html", 422, "duplicate_path"),
        ({"index.html": PAGE_HTML}, "other.html", 422, "invalid_entry"),
        ({"index.html": PAGE_HTML, "a.css": b"x"}, "a.css", 422, "invalid_entry"),
        ({"index.html": b"x" * 1_000_001}, "index.html", 413, "payload_too_large"),
    ],
)
def test_refused_uploads(
    live: Live,
    project: tuple[int, int],
    mint: Any,
    files: dict[str, bytes],
    entry: str,
    status: int,
    code: str,
) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        resp = upload(client, proj, files, entry=entry)
    assert resp.status_code == status, resp.text
    assert resp.json()["code"] == code
    assert _count(live, proj) == 0
    assert live.blobs.list(f"{org}/{proj}/") == []


def test_too_many_files_and_total_size(live: Live, project: tuple[int, int], mint: Any) -> None:
    org, proj = project
    many = {f"f{i}.css": b"x" for i in range(51)} | {"index.html": PAGE_HTML}
    big = {f"f{i}.css": bytes([i]) * 900_000 for i in range(3)} | {"index.html": PAGE_HTML}
    with live.client(mint(org)) as client:
        assert upload(client, proj, many).status_code == 413
        assert upload(client, proj, big).status_code == 413
        huge = client.post(
            f"/v1/projects/{proj}/page-imports",
            data={"entry": "index.html"},
            files=[("files", ("index.html", b"x" * 3_200_000, "text/html"))],
        )
        assert huge.status_code == 413
    assert _count(live, proj) == 0


def test_zip_archive_is_unpacked(live: Live, project: tuple[int, int], mint: Any) -> None:
    org, proj = project
    archive = _zip({"site/index.html": PAGE_HTML, "site/css/a.css": b"h1{}", "site/img/": b""})
    with live.client(mint(org)) as client:
        resp = client.post(
            f"/v1/projects/{proj}/page-imports",
            data={"entry": "site/index.html"},
            files=[("archive", ("page.zip", archive, "application/zip"))],
        )
    assert resp.status_code == 201, resp.text
    assert resp.json()["fileCount"] == 2


@pytest.mark.parametrize(
    ("archive", "status"),
    [
        (_zip({"index.html": PAGE_HTML}, symlink="link.html"), 422),
        (_zip({"index.html": PAGE_HTML, "../evil.html": b"x"}), 422),
        (
            _zip({"index.html": PAGE_HTML, "bomb.css": b"\0" * 1_500_000}),
            413,
        ),  # expands past the per-file limit
        (_zip({f"{i}.css": b"\0" * 900_000 for i in range(3)} | {"index.html": PAGE_HTML}), 413),
        (b"PK\x03\x04 definitely not a zip", 422),
    ],
)
def test_hostile_archives(
    live: Live, project: tuple[int, int], mint: Any, archive: bytes, status: int
) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        resp = client.post(
            f"/v1/projects/{proj}/page-imports",
            data={"entry": "index.html"},
            files=[("archive", ("page.zip", archive, "application/zip"))],
        )
    assert resp.status_code == status, resp.text
    assert _count(live, proj) == 0


def test_encrypted_member_is_refused(live: Live, project: tuple[int, int], mint: Any) -> None:
    org, proj = project
    raw = bytearray(_zip({"index.html": PAGE_HTML}))
    # Set the "encrypted" general-purpose flag bit in both the local and the central directory header.
    raw[6] |= 0x1
    central = raw.find(b"PK\x01\x02")
    raw[central + 8] |= 0x1
    with live.client(mint(org)) as client:
        resp = client.post(
            f"/v1/projects/{proj}/page-imports",
            data={"entry": "index.html"},
            files=[("archive", ("page.zip", bytes(raw), "application/zip"))],
        )
    assert resp.status_code == 422
    assert "encrypted" in resp.json()["detail"]


def test_code2wf_requires_a_page_import_of_the_same_project(
    live: Live, project: tuple[int, int], mint: Any
) -> None:
    org, proj = project
    other = proj + 1
    live.sql("INSERT INTO project (id, organization_id, name) VALUES (%s, %s, 'p2')", other, org)
    with live.client(mint(org)) as client:
        pi = upload(client, other).json()["pageImportId"]
        # A successful create first, so the import is in the API's completed-imports cache: the cache must
        # still refuse it for another project.
        assert (
            client.post(
                f"/v1/projects/{other}/code2wf", json={"pageImportId": pi, "figmaFileKey": "K"}
            ).status_code
            == 202
        )
        resp = client.post(f"/v1/projects/{proj}/code2wf", json={"pageImportId": pi, "figmaFileKey": "K"})
        assert resp.status_code == 422
        assert resp.json()["code"] == "page_import_not_found"
        pi2 = upload(client, other).json()["pageImportId"]
        live.sql("UPDATE page_import SET status = 'uploading' WHERE id = %s", pi2)
        pending = client.post(
            f"/v1/projects/{other}/code2wf", json={"pageImportId": pi2, "figmaFileKey": "K"}
        )
        assert pending.status_code == 409
        assert pending.json()["code"] == "page_import_not_completed"
        for body in [
            {"pageImportId": pi, "figmaFileKey": "bad-key"},
            {"pageImportId": pi, "figmaFileKey": "K", "placementTarget": "12-3"},
            {"pageImportId": pi, "figmaFileKey": "K", "screenId": "Not A Slug"},
        ]:
            bad = client.post(f"/v1/projects/{other}/code2wf", json=body)
            assert bad.status_code == 422, body
            assert bad.headers["content-type"].startswith("application/problem+json")
    assert live.sql("SELECT project_id FROM code2wf WHERE organization_id = %s", org) == [(other,)]
