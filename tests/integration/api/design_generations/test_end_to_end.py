"""Wireframe → design end to end in one process: the live API publishes the job, the design task runs it
in-process against the fake Figma (the sketched working file, Primer as the library file) and the API's
own stores, its signed event completes the row, and the API serves the spec, report and preview the worker
stored: the sketch's buttons come back as instances of the library's own components."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import SecretStr

from tests.integration.api.conftest import Live
from tests.integration.api.design_generations.helpers import create, upload_snapshot
from tests.integration.api.helpers import wait_for_job
from wf2des.core.tenancy import AccessibleOrganizationID, ProjectScope
from wf2des.integrations.docstore import FileRole, ProjectFileRegistrations, ensure_schema
from wf2des.integrations.docstore.design_results import DesignGenerationResults
from wf2des.integrations.figma.fake import FakeFigma
from wf2des.integrations.figma.wireframes import WIREFRAME_ID, sample_working_document
from wf2des.workers.design.tasks import run_design_job
from wf2des.workers.runtime import WorkerRuntime, reset_runtime
from wf2des.workers.settings import WorkerSettings

TOKEN = "figd_end_to_end"


@pytest.fixture
def worker(live: Live) -> Iterator[WorkerRuntime]:
    """A worker process's runtime on the live API's stores, reading the fake Figma."""
    with FakeFigma(token=TOKEN) as fake:
        fake.add_file("WorkFile1", document=sample_working_document())
        fake.add_file("KitFile1", library="primer")
        settings = live.settings.model_copy(
            update={"figma_api_url": fake.url, "figma_token": SecretStr(TOKEN)}
        )
        runtime = WorkerRuntime(settings, WorkerSettings(job_timeout_s=30, event_retry_for_s=10))
        ensure_schema(runtime.docstore)
        reset_runtime(runtime)
        yield runtime
        reset_runtime(None)


def _nodes(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield node
    for child in node.get("children", []):
        yield from _nodes(child)


def _register(runtime: WorkerRuntime, scope: ProjectScope) -> None:
    registrations = ProjectFileRegistrations(runtime.docstore)
    registrations.register(scope, "WorkFile1", FileRole.WORKING)
    registrations.register(scope, "KitFile1", FileRole.LIBRARY)


@pytest.mark.parametrize("how", ["rest", "snapshot"])
def test_a_wireframe_comes_back_as_a_design(
    live: Live, project: tuple[int, int], mint: Any, worker: WorkerRuntime, how: str
) -> None:
    org, proj = project
    scope = ProjectScope(AccessibleOrganizationID(org), proj)
    _register(worker, scope)
    frame = sample_working_document()["children"][0]["children"][0]["children"][0]
    with live.client(mint(org)) as client:
        if how == "rest":
            response = create(client, proj, WIREFRAME_ID)
        else:
            raw = json.dumps({"document": frame}).encode()
            response = upload_snapshot(client, proj, [raw], {"10:9": ["primary, large"]})
        assert response.status_code == 202, response.text
        generation = response.json()["items"][0]["designGenerationId"]

        done = run_design_job(wait_for_job(live, generation)["args"][0])
        assert done == {
            "status": "completed",
            "resultUrl": f"{org}/{proj}/design-generations/{generation}/attempt-1/spec.json",
            "delivered": True,
        }

        base = f"/v1/projects/{proj}/design-generations/{generation}"
        row = client.get(base).json()
        assert (row["status"], row["resultUrl"]) == ("completed", done["resultUrl"])
        spec = client.get(f"{base}/result").json()
        assert spec["placement"]["placementTarget"] == WIREFRAME_ID
        assert row["flagCount"] == spec["flagCount"]
        report = client.get(f"{base}/report").json()
        primary = next(e for e in report["elements"] if e["nodeId"] == "10:9")  # "Primary button", filled
        assert (primary["outcome"], primary["component"]) == ("instance", "Button")
        instances = [n for n in _nodes(spec["screens"][0]["root"]) if n["type"] == "INSTANCE"]
        assert "Button" in {n["componentSetName"] for n in instances}
        assert client.get(f"{base}/preview").content.startswith(b"\x89PNG")
        discovered = client.get(
            f"/v1/projects/{proj}/design-generations",
            params={"figmaFileKey": "WorkFile1", "status": "completed"},
        ).json()["items"]
        assert [item["designGenerationId"] for item in discovered] == [generation]

    document = DesignGenerationResults(worker.docstore).get(scope, generation, 1)
    assert document is not None
    assert document["inputs"]["wireframe_source"] == how
    assert document["artifacts"]["spec_key"] == done["resultUrl"]
    assert [lib["figma_file_key"] for lib in document["inputs"]["libraries"]] == ["KitFile1"]
    assert live.sql("SELECT status::text, updated_by FROM design_generation WHERE id = %s", generation) == [
        ("1", "wf2des-worker")
    ]


def test_a_missing_frame_fails_the_row_with_a_safe_message(
    live: Live, project: tuple[int, int], mint: Any, worker: WorkerRuntime
) -> None:
    org, proj = project
    _register(worker, ProjectScope(AccessibleOrganizationID(org), proj))
    with live.client(mint(org)) as client:
        generation = create(client, proj, "99:1").json()["items"][0]["designGenerationId"]
        done = run_design_job(wait_for_job(live, generation)["args"][0])
        assert (done["status"], done["delivered"]) == ("failed", True)
        row = client.get(f"/v1/projects/{proj}/design-generations/{generation}").json()
    assert (row["status"], row["errorMessage"]) == (
        "failed",
        "the file has no node 99:1 (deleted, or not in this file)",
    )
