"""Small helpers shared by the API integration tests (a simulated worker, polling)."""

from __future__ import annotations

import json
import time
import uuid
from typing import Any

import httpx

from tests.integration.api.conftest import Live, upload
from wf2des.core.webhooks import derive_callback_key, signed_headers
from wf2des.jobs.keys import spec_key


def wait_for_job(live: Live, code2wf_id: str, timeout: float = 15) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for job in live.broker.jobs():
            if job["id"] == code2wf_id:
                return job
        time.sleep(0.05)
    raise AssertionError(f"job {code2wf_id} was never published")


def completed_page_import(client: httpx.Client, project_id: int) -> str:
    resp = upload(client, project_id)
    assert resp.status_code == 201, resp.text
    return str(resp.json()["pageImportId"])


def create(client: httpx.Client, project_id: int, page_import_id: str, **extra: Any) -> httpx.Response:
    body = {"pageImportId": page_import_id, "figmaFileKey": "FileKey123", **extra}
    return client.post(f"/v1/projects/{project_id}/code2wf", json=body)


def post_event(
    live: Live,
    code2wf_id: str,
    body: dict[str, Any] | bytes,
    *,
    key: str | None = None,
    timestamp: int | None = None,
    msg_id: str | None = None,
) -> httpx.Response:
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    callback_key = key or derive_callback_key(live.settings.webhook_secret.get_secret_value(), code2wf_id)
    headers = signed_headers(callback_key, msg_id or f"msg_{uuid.uuid4().hex}", raw, timestamp=timestamp)
    with live.client() as client:
        return client.post(f"/internal/v1/code2wf/{code2wf_id}/events", content=raw, headers=headers)


def store_result(live: Live, org: int, project: int, code2wf_id: str, spec: dict[str, Any]) -> str:
    key = spec_key(org, project, code2wf_id, 1)
    live.blobs.put_immutable(key, json.dumps(spec).encode(), "application/json")
    return key


def completed_event(result_url: str, flag_count: int = 2) -> dict[str, Any]:
    return {"type": "code2wf.completed", "attempt": 1, "resultUrl": result_url, "flagCount": flag_count}


def failed_event(message: str = "render crashed") -> dict[str, Any]:
    return {"type": "code2wf.failed", "attempt": 1, "errorMessage": message}
