"""The plugin's snapshot upload: one generation per frame, each frame stored with its own annotations under
its generation's key; every way a snapshot can be wrong is a 4xx problem and writes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.integration.api.conftest import Live
from tests.integration.api.design_generations.helpers import FILE_KEY, frame_export, upload_snapshot
from tests.integration.api.helpers import wait_for_job
from wf2des.api.design_generations.snapshot import MAX_FRAMES
from wf2des.design import MAX_DEPTH, MAX_NODES
from wf2des.jobs.contract import DesignGenerationJob
from wf2des.jobs.keys import design_snapshot_key


def _text(node_id: str) -> dict[str, Any]:
    return {"id": node_id, "name": "Label", "type": "TEXT", "characters": "Continue"}


def test_two_frames_become_two_generations_with_their_own_snapshots(
    live: Live, project: tuple[int, int], mint: Any
) -> None:
    org, proj = project
    frames = [frame_export("10:2", [_text("10:3")]), frame_export("11:2", [_text("11:3")])]
    annotations = {"10:3": ["primary"], "11:3": ["use Tag"], "11:2": ["mobile"]}
    with live.client(mint(org)) as client:
        response = upload_snapshot(client, proj, frames, annotations)
    assert response.status_code == 202, response.text
    items = response.json()["items"]
    assert [(i["wireframeNodeId"], i["figmaFileKey"]) for i in items] == [
        ("10:2", FILE_KEY),
        ("11:2", FILE_KEY),
    ]
    assert "location" not in response.headers  # two generations: no single place to point at
    first, second = (item["designGenerationId"] for item in items)

    stored = json.loads(live.blobs.get(design_snapshot_key(org, proj, first, 1)))
    assert stored["schema"] == "wf2des.design.snapshot/v1"
    assert stored["document"]["id"] == "10:2"
    assert stored["annotations"] == {"10:3": ["primary"]}  # only its own nodes' annotations
    other = json.loads(live.blobs.get(design_snapshot_key(org, proj, second, 1)))
    assert other["annotations"] == {"11:2": ["mobile"], "11:3": ["use Tag"]}

    job = DesignGenerationJob.model_validate(wait_for_job(live, second)["args"][0])
    assert job.snapshot_key == design_snapshot_key(org, proj, second, 1)
    assert job.wireframe_node_id == "11:2"


def _deep(levels: int) -> bytes:
    node: dict[str, Any] = {"id": "99:1", "name": "leaf", "type": "RECTANGLE"}
    for level in range(levels - 1):
        node = {"id": f"98:{level}", "name": "g", "type": "GROUP", "children": [node]}
    node["id"], node["type"] = "10:2", "FRAME"
    return json.dumps({"document": node}).encode()


def _nested_lists(levels: int) -> bytes:
    return b'{"document": ' + b"[" * levels + b"]" * levels + b"}"


BAD_SNAPSHOTS: dict[str, tuple[list[bytes], Any, int, str]] = {
    "not json": ([b"{nope"], None, 422, "invalid_snapshot"),
    "no document": ([b'{"nodes": {}}'], None, 422, "invalid_snapshot"),
    "a text, not a frame": (
        [json.dumps({"document": _text("10:3")}).encode()],
        None,
        422,
        "snapshot_not_a_frame",
    ),
    "instance id": ([frame_export("I10:2;3:4")], None, 422, "snapshot_not_a_frame"),
    "too deep": ([_deep(MAX_DEPTH + 1)], None, 422, "snapshot_too_deep"),
    "deeper than the parser": ([_nested_lists(100_000)], None, 422, "snapshot_too_deep"),
    "node without id": (
        [json.dumps({"document": {"id": "10:2", "type": "FRAME", "children": [{"type": "TEXT"}]}}).encode()],
        None,
        422,
        "invalid_snapshot",
    ),
    "too many nodes": (
        [frame_export("10:2", [_text(f"12:{n}") for n in range(MAX_NODES)])],
        None,
        422,
        "snapshot_too_many_nodes",
    ),
    "same frame twice": ([frame_export(), frame_export()], None, 422, "duplicate_frame"),
    "annotation outside": ([frame_export()], {"77:7": ["x"]}, 422, "annotation_outside_frames"),
    "annotations not json": ([frame_export()], "{", 422, "invalid_annotations"),
    "annotation not a list": ([frame_export()], json.dumps({"10:2": "primary"}), 422, "invalid_annotations"),
    "too many frames": (
        [frame_export(f"{n}:1") for n in range(MAX_FRAMES + 1)],
        None,
        413,
        "too_many_frames",
    ),
}


@pytest.mark.parametrize("case", list(BAD_SNAPSHOTS))
def test_a_bad_snapshot_is_a_problem_and_writes_nothing(
    live: Live, project: tuple[int, int], mint: Any, case: str
) -> None:
    org, proj = project
    frames, annotations, status, code = BAD_SNAPSHOTS[case]
    with live.client(mint(org)) as client:
        response = upload_snapshot(client, proj, frames, annotations)
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["code"] == code
    assert live.sql("SELECT count(*) FROM design_generation WHERE project_id = %s", proj) == [(0,)]
    assert list(live.blobs.list(f"{org}/{proj}/design-generations/")) == []


def test_a_frame_past_the_size_limit_is_a_413(live: Live, project: tuple[int, int], mint: Any) -> None:
    org, proj = project
    limit = live.api_settings.max_snapshot_bytes
    padding = {"id": "10:3", "name": "x" * limit, "type": "TEXT"}
    with live.client(mint(org)) as client:
        response = upload_snapshot(client, proj, [frame_export("10:2", [padding])])
    assert response.status_code == 413, response.text
    assert response.json()["code"] in {"snapshot_too_large", "payload_too_large"}


def test_a_form_without_frames_is_refused(live: Live, project: tuple[int, int], mint: Any) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        response = client.post(
            f"/v1/projects/{proj}/design-generations",
            data={"figmaFileKey": FILE_KEY},
            files=[("annotations", ("annotations.json", b"{}", "application/json"))],
        )
    assert (response.status_code, response.json()["code"]) == (422, "invalid_snapshot")


def test_a_bad_file_key_is_refused(live: Live, project: tuple[int, int], mint: Any) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        response = upload_snapshot(client, proj, [frame_export()], figma_file_key="not/a/key")
    assert (response.status_code, response.json()["code"]) == (422, "invalid_figma_file_key")
