"""Previews and placement reports on the live API.

The preview is the real worker's: the job the API published is run by the Code2WF pipeline (headless
Chromium, same blob store), the signed completion event is posted, and the API serves the PNG it wrote.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.integration.api.conftest import Live
from tests.integration.api.helpers import (
    completed_event,
    completed_page_import,
    create,
    post_event,
    store_result,
    wait_for_job,
)
from wf2des.jobs.contract import Code2wfJob
from wf2des.jobs.keys import materialization_key, preview_key
from wf2des.workers.code2wf.pipeline import generate
from wf2des.workers.runtime import WorkerRuntime
from wf2des.workers.settings import WorkerSettings

REPORT = {
    "nodeCount": 42,
    "missingFonts": [{"family": "Inter", "style": "Semi Bold"}],
    "unboundTokens": ["color/wf/grey-50"],
    "failedImports": [
        {"kind": "text_style", "key": "abc123", "token": "text/Heading", "reason": "not published"}
    ],
    "durationMs": 1234,
    "pluginVersion": "0.3.1",
}


@pytest.fixture(scope="module")
def worker(live: Live) -> Iterator[WorkerRuntime]:
    runtime = WorkerRuntime(live.settings, WorkerSettings(job_timeout_s=30))
    yield runtime
    runtime.close()


def _completed(live: Live, client: Any, org: int, proj: int) -> str:
    cid = str(create(client, proj, completed_page_import(client, proj)).json()["code2wfId"])
    spec = {"schema": "wf2des.code2wf.spec/v1", "flagCount": 0}
    assert (
        post_event(live, cid, completed_event(store_result(live, org, proj, cid, spec), 0)).status_code == 200
    )
    return cid


def test_preview_is_the_workers_png(
    live: Live, worker: WorkerRuntime, mint: Any, project: tuple[int, int], tmp_path: Any
) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        cid = str(create(client, proj, completed_page_import(client, proj)).json()["code2wfId"])
        assert client.get(f"/v1/projects/{proj}/code2wf/{cid}/preview").json()["code"] == "preview_not_found"
        outcome = generate(Code2wfJob.model_validate(wait_for_job(live, cid)["args"][0]), worker)
        assert outcome.status == "completed", outcome.error_message
        event = completed_event(outcome.result_url, outcome.flag_count or 0)
        assert post_event(live, cid, event).status_code == 200

        resp = client.get(f"/v1/projects/{proj}/code2wf/{cid}/preview")
    assert resp.status_code == 200
    assert resp.headers["content-type"] == "image/png"
    assert resp.content.startswith(b"\x89PNG\r\n\x1a\n")
    assert resp.content == live.blobs.get(preview_key(org, proj, cid, 1))
    assert resp.headers["cache-control"] == "private, max-age=31536000, immutable"
    assert resp.headers["etag"].startswith('"')
    (tmp_path / "preview.png").write_bytes(resp.content)


def test_another_organizations_preview_is_404(live: Live, mint: Any, project: tuple[int, int]) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        cid = _completed(live, client, org, proj)
    live.blobs.put_immutable(preview_key(org, proj, cid, 1), b"\x89PNG\r\n\x1a\nfake", "image/png")
    with live.client(mint(org)) as client:
        assert client.get(f"/v1/projects/{proj}/code2wf/{cid}/preview").status_code == 200
    with live.client(mint(org + 1)) as stranger:
        resp = stranger.get(f"/v1/projects/{proj}/code2wf/{cid}/preview")
    assert resp.status_code == 404
    assert resp.headers["content-type"] == "application/problem+json"
    assert resp.json()["code"] == "not_found"


def test_materialization_without_a_report(live: Live, mint: Any, project: tuple[int, int]) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        cid = _completed(live, client, org, proj)
        assert (
            client.get(f"/v1/projects/{proj}/code2wf/{cid}/materialization").json()["code"]
            == "not_materialized"
        )
        placed = client.post(f"/v1/projects/{proj}/code2wf/{cid}/materialization")
        assert placed.status_code == 200, placed.text
        assert placed.json()["report"] is None
        read = client.get(f"/v1/projects/{proj}/code2wf/{cid}/materialization").json()
    assert read == placed.json()
    assert not live.blobs.exists(materialization_key(org, proj, cid, 1))


def test_materialization_with_a_report_is_stored_once_and_readable(
    live: Live, mint: Any, project: tuple[int, int]
) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        cid = _completed(live, client, org, proj)
        placed = client.post(f"/v1/projects/{proj}/code2wf/{cid}/materialization", json=REPORT)
        assert placed.status_code == 200, placed.text
        assert placed.json()["report"] == REPORT
        again = client.post(f"/v1/projects/{proj}/code2wf/{cid}/materialization", json=REPORT)
        assert again.status_code == 200
        assert again.json()["materializedAt"] == placed.json()["materializedAt"]
        different = client.post(
            f"/v1/projects/{proj}/code2wf/{cid}/materialization", json={**REPORT, "nodeCount": 7}
        )
        assert different.status_code == 409
        assert different.json()["code"] == "materialization_report_exists"
        read = client.get(f"/v1/projects/{proj}/code2wf/{cid}/materialization")
    assert read.status_code == 200
    assert read.json()["report"] == REPORT
    stored = json.loads(live.blobs.get(materialization_key(org, proj, cid, 1)))
    assert stored["report"] == REPORT
    assert stored["code2wfId"] == cid
    # PostgreSQL holds only the timestamp.
    (row,) = live.sql("SELECT materialized_at FROM code2wf WHERE id = %s", cid)
    assert row[0] is not None


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (json.dumps({**REPORT, "nodeCount": -1}).encode(), "invalid_report"),
        (json.dumps({**REPORT, "surprise": True}).encode(), "invalid_report"),
        (b"{not json", "invalid_report"),
        (json.dumps({**REPORT, "unboundTokens": ["x" * 400] * 200}).encode(), "report_too_large"),
    ],
    ids=["negative", "unknown-field", "not-json", "oversized"],
)
def test_bad_report_is_422_and_nothing_is_stored(
    live: Live, mint: Any, project: tuple[int, int], body: bytes, code: str
) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        cid = _completed(live, client, org, proj)
        resp = client.post(
            f"/v1/projects/{proj}/code2wf/{cid}/materialization",
            content=body,
            headers={"Content-Type": "application/json"},
        )
        assert resp.status_code == 422
        assert resp.headers["content-type"] == "application/problem+json"
        assert resp.json()["code"] == code
        assert client.get(f"/v1/projects/{proj}/code2wf/{cid}").json()["materializedAt"] is None
    assert not live.blobs.exists(materialization_key(org, proj, cid, 1))
