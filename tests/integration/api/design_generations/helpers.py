"""Helpers of the design generation API tests: requests, a simulated worker's signed events and artifacts."""

from __future__ import annotations

import json
import uuid
from typing import Any

import httpx

from tests.integration.api.live import Live
from wf2des.core.webhooks import derive_callback_key, signed_headers
from wf2des.jobs.keys import design_preview_key, design_report_key, design_spec_key

FILE_KEY = "WorkFile1"


def create(client: httpx.Client, project_id: int, node_id: str = "10:2", **extra: Any) -> httpx.Response:
    body = {"figmaFileKey": FILE_KEY, "wireframeNodeId": node_id, **extra}
    return client.post(f"/v1/projects/{project_id}/design-generations", json=body)


def created_id(client: httpx.Client, project_id: int, node_id: str = "10:2") -> str:
    response = create(client, project_id, node_id)
    assert response.status_code == 202, response.text
    return str(response.json()["items"][0]["designGenerationId"])


def frame_export(node_id: str = "10:2", children: list[dict[str, Any]] | None = None) -> bytes:
    """What ``exportAsync({format: "JSON_REST_V1"})`` gives the plugin for a frame."""
    document = {"id": node_id, "name": "Sign in", "type": "FRAME", "children": children or []}
    return json.dumps({"document": document}).encode()


def upload_snapshot(
    client: httpx.Client,
    project_id: int,
    frames: list[bytes],
    annotations: dict[str, list[str]] | str | None = None,
    figma_file_key: str = FILE_KEY,
) -> httpx.Response:
    data = {"figmaFileKey": figma_file_key}
    if annotations is not None:
        data["annotations"] = annotations if isinstance(annotations, str) else json.dumps(annotations)
    files = [("frames", (f"frame-{i}.json", raw, "application/json")) for i, raw in enumerate(frames)]
    return client.post(f"/v1/projects/{project_id}/design-generations", data=data, files=files)


def post_event(
    live: Live, generation_id: str, body: dict[str, Any], *, key: str | None = None
) -> httpx.Response:
    raw = json.dumps(body).encode()
    secret = live.settings.webhook_secret.get_secret_value()
    callback_key = key or derive_callback_key(secret, generation_id, "design_generation")
    headers = signed_headers(callback_key, f"msg_{uuid.uuid4().hex}", raw)
    with live.client() as client:
        return client.post(
            f"/internal/v1/design-generations/{generation_id}/events", content=raw, headers=headers
        )


def store_artifacts(live: Live, org: int, project: int, generation_id: str) -> str:
    """What a worker leaves before its completed event: the spec, the report and a preview."""
    spec_key = design_spec_key(org, project, generation_id, 1)
    live.blobs.put_immutable(spec_key, json.dumps({"schema": "wf2des.code2wf.spec/v1.1"}).encode())
    report = {"schema": "wf2des.design.report/v1", "elements": []}
    live.blobs.put_immutable(design_report_key(org, project, generation_id, 1), json.dumps(report).encode())
    live.blobs.put_immutable(design_preview_key(org, project, generation_id, 1), b"\x89PNG fake")
    return spec_key


def completed(result_url: str, flag_count: int = 1) -> dict[str, Any]:
    return {
        "type": "design_generation.completed",
        "attempt": 1,
        "resultUrl": result_url,
        "flagCount": flag_count,
    }


def failed(message: str = "Figma could not be read") -> dict[str, Any]:
    return {"type": "design_generation.failed", "attempt": 1, "errorMessage": message}
