"""``POST …/component-sweeps``: one outbox record in the request's transaction, published by the relay."""

from __future__ import annotations

import time
import uuid
from typing import Any

from tests.integration.api.live import Live
from wf2des.jobs.contract import COMPONENT_SWEEP_RUN, ComponentSweepJob


def outbox_rows(live: Live, run_id: str) -> list[tuple[Any, ...]]:
    return live.sql("SELECT task_name, payload FROM outbox WHERE payload->>'run_id' = %s", run_id)


def published(live: Live, run_id: str, timeout: float = 15) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for job in live.broker.jobs():
            if job["task"] == COMPONENT_SWEEP_RUN and job["args"][0]["run_id"] == run_id:
                return job
        time.sleep(0.05)
    raise AssertionError(f"sweep run {run_id} was never published")


def test_a_sweep_is_dispatched_for_the_registered_files(
    live: Live, mint: Any, project: tuple[int, int]
) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        for key, role in (("WorkB", "working"), ("LibA", "library")):
            assert (
                client.put(f"/v1/projects/{proj}/figma-files/{key}", json={"role": role}).status_code == 201
            )
        response = client.post(f"/v1/projects/{proj}/component-sweeps")
    assert response.status_code == 202, response.text
    body = response.json()
    assert body["files"] == ["LibA", "WorkB"]
    run_id = body["runId"]
    assert uuid.UUID(run_id).version == 7

    [(task_name, payload)] = outbox_rows(live, run_id)
    assert task_name == COMPONENT_SWEEP_RUN
    job = ComponentSweepJob.model_validate(payload)  # the worker's own envelope check
    assert job == ComponentSweepJob(organization_id=org, project_id=proj, figma_file_key=None, run_id=run_id)
    assert published(live, run_id)["args"] == [payload]


def test_a_project_without_files_still_gets_its_run(live: Live, mint: Any, project: tuple[int, int]) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        first = client.post(f"/v1/projects/{proj}/component-sweeps")
        second = client.post(f"/v1/projects/{proj}/component-sweeps")
    assert (first.status_code, second.status_code) == (202, 202)
    assert first.json()["files"] == []
    assert first.json()["runId"] != second.json()["runId"]
    assert len(outbox_rows(live, first.json()["runId"])) == 1
