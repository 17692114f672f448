"""Design generations through HTTP: create over REST, discovery, a simulated worker's signed events, the
spec, report and preview, materialization and soft delete."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.integration.api.conftest import Live
from tests.integration.api.design_generations.helpers import (
    FILE_KEY,
    completed,
    create,
    created_id,
    failed,
    post_event,
    store_artifacts,
)
from tests.integration.api.helpers import wait_for_job
from wf2des.core.webhooks import derive_callback_key
from wf2des.jobs.contract import DESIGN_GENERATE, DesignGenerationJob


def test_create_complete_read_materialize_delete(live: Live, project: tuple[int, int], mint: Any) -> None:
    org, proj = project
    with live.client(mint(org, sub="dana")) as client:
        response = create(client, proj)
        assert response.status_code == 202, response.text
        (item,) = response.json()["items"]
        generation = item["designGenerationId"]
        assert response.headers["location"] == f"/v1/projects/{proj}/design-generations/{generation}"
        assert item["status"] == "processing"
        assert (item["figmaFileKey"], item["wireframeNodeId"], item["attempt"]) == (FILE_KEY, "10:2", 1)
        assert (item["createdBy"], item["flagCount"], item["resultUrl"]) == ("dana", None, None)

        job = wait_for_job(live, generation)  # published after commit, by name, with its id as task id
        assert job["task"] == DESIGN_GENERATE
        sent = DesignGenerationJob.model_validate(job["args"][0])
        assert (sent.organization_id, sent.project_id, sent.wireframe_node_id) == (org, proj, "10:2")
        assert sent.snapshot_key is None
        assert (
            sent.callback_url == f"{live.settings.api_url}/internal/v1/design-generations/{generation}/events"
        )
        secret = live.settings.webhook_secret.get_secret_value()
        assert sent.callback_key == derive_callback_key(secret, generation, "design_generation")
        assert sent.callback_key != derive_callback_key(secret, generation, "code2wf")

        base = f"/v1/projects/{proj}/design-generations/{generation}"
        assert client.get(f"{base}/result").json()["code"] == "design_generation_not_completed"
        assert client.get(f"{base}/report").status_code == 409
        assert client.get(f"{base}/preview").json()["code"] == "preview_not_found"
        assert client.post(f"{base}/materialization").status_code == 409

        spec_key = store_artifacts(live, org, proj, generation)
        event = post_event(live, generation, completed(spec_key, flag_count=3))
        assert event.status_code == 200, event.text
        assert event.json() == {"designGenerationId": generation, "status": "completed", "applied": True}
        repeat = post_event(live, generation, completed(spec_key, flag_count=3))
        assert repeat.json()["applied"] is False
        assert post_event(live, generation, failed()).status_code == 409

        row = client.get(base).json()
        assert (row["status"], row["flagCount"], row["resultUrl"]) == ("completed", 3, spec_key)
        assert client.get(f"{base}/result").json() == {"schema": "wf2des.code2wf.spec/v1.1"}
        assert client.get(f"{base}/report").json()["schema"] == "wf2des.design.report/v1"
        preview = client.get(f"{base}/preview")
        assert (preview.status_code, preview.content) == (200, b"\x89PNG fake")
        assert preview.headers["content-type"] == "image/png"
        assert "immutable" in preview.headers["cache-control"]

        assert client.get(f"{base}/materialization").json()["code"] == "not_materialized"
        report = {"nodeCount": 12, "durationMs": 300, "pluginVersion": "0.2.0"}
        placed = client.post(f"{base}/materialization", json=report)
        assert placed.status_code == 200, placed.text
        assert placed.json()["report"]["nodeCount"] == 12
        again = client.post(f"{base}/materialization")
        assert again.json()["materializedAt"] == placed.json()["materializedAt"]
        stored = json.loads(live.blobs.get(spec_key.replace("spec.json", "materialization.json")))
        assert (stored["schema"], stored["designGenerationId"]) == (
            "wf2des.design.materialization/v1",
            generation,
        )
        assert client.get(f"{base}/materialization").json()["report"]["nodeCount"] == 12

        assert client.delete(base).status_code == 204
        assert client.get(base).status_code == 404
        assert client.get(f"/v1/projects/{proj}/design-generations").json()["items"] == []


def test_a_failed_generation_keeps_its_safe_message(live: Live, project: tuple[int, int], mint: Any) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        generation = created_id(client, proj)
        assert post_event(live, generation, failed("the file has no node 10:2")).status_code == 200
        row = client.get(f"/v1/projects/{proj}/design-generations/{generation}").json()
    assert (row["status"], row["errorMessage"], row["flagCount"]) == (
        "failed",
        "the file has no node 10:2",
        None,
    )


def test_discovery_by_file_node_and_status_newest_first(
    live: Live, project: tuple[int, int], mint: Any
) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        first = created_id(client, proj, "10:2")
        second = created_id(client, proj, "10:2")
        other = created_id(client, proj, "11:2")
        assert post_event(live, first, completed(store_artifacts(live, org, proj, first))).status_code == 200
        url = f"/v1/projects/{proj}/design-generations"

        def ids(**params: Any) -> list[str]:
            response = client.get(url, params=params)
            assert response.status_code == 200, response.text
            return [item["designGenerationId"] for item in response.json()["items"]]

        assert ids(figmaFileKey=FILE_KEY) == [other, second, first]
        assert ids(figmaFileKey=FILE_KEY, status="completed") == [first]
        assert ids(figmaFileKey=FILE_KEY, status="processing") == [other, second]
        assert ids(figmaFileKey=FILE_KEY, wireframeNodeId="10:2") == [second, first]
        assert ids(figmaFileKey="OtherFile") == []
        page = client.get(url, params={"limit": 2}).json()
        assert [i["designGenerationId"] for i in page["items"]] == [other, second]
        rest = client.get(url, params={"limit": 2, "cursor": page["nextCursor"]}).json()
        assert ([i["designGenerationId"] for i in rest["items"]], rest["nextCursor"]) == ([first], None)


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"figmaFileKey": "File_1", "wireframeNodeId": "10:2"}, 422, "invalid_input"),
        ({"figmaFileKey": "File1", "wireframeNodeId": "I10:2;3:4"}, 422, "invalid_input"),
        ({"figmaFileKey": "File1", "wireframeNodeId": "١٠:٢"}, 422, "invalid_input"),
        ({"figmaFileKey": "File1"}, 422, "invalid_input"),
        ({"figmaFileKey": "File1", "wireframeNodeId": "10:2", "extra": 1}, 422, "invalid_input"),
        (b'{"figmaFileKey": ', 400, "malformed_json"),
    ],
)
def test_invalid_json_bodies_are_problems(
    live: Live, project: tuple[int, int], mint: Any, body: Any, status: int, code: str
) -> None:
    org, proj = project
    url = f"/v1/projects/{proj}/design-generations"
    with live.client(mint(org)) as client:
        if isinstance(body, bytes):
            response = client.post(url, content=body, headers={"content-type": "application/json"})
        else:
            response = client.post(url, json=body)
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["code"] == code
    assert live.sql("SELECT count(*) FROM design_generation WHERE project_id = %s", proj) == [(0,)]


def test_another_media_type_is_a_415(live: Live, project: tuple[int, int], mint: Any) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        response = client.post(
            f"/v1/projects/{proj}/design-generations", content=b"x", headers={"content-type": "text/plain"}
        )
    assert response.status_code == 415, response.text
    assert response.json()["code"] == "unsupported_media_type"


def test_events_signed_for_another_generation_kind_or_outside_the_prefix_are_refused(
    live: Live, project: tuple[int, int], mint: Any
) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        generation = created_id(client, proj)
    secret = live.settings.webhook_secret.get_secret_value()
    code2wf_key = derive_callback_key(secret, generation, "code2wf")
    spec_key = store_artifacts(live, org, proj, generation)
    forged = post_event(live, generation, completed(spec_key), key=code2wf_key)
    assert (forged.status_code, forged.json()["code"]) == (401, "invalid_signature")
    outside = post_event(
        live, generation, completed(f"{org}/{proj}/code2wf/{generation}/attempt-1/spec.json")
    )
    assert (outside.status_code, outside.json()["code"]) == (422, "invalid_result_url")
    negative = post_event(live, generation, completed(spec_key, flag_count=-1))
    assert (negative.status_code, negative.json()["code"]) == (422, "invalid_flag_count")
    unknown = post_event(live, "0190c0de-0000-7000-8000-0000000000aa", failed())
    assert unknown.status_code == 404


def test_the_reaper_fails_overdue_design_generations(live: Live, project: tuple[int, int], mint: Any) -> None:
    import asyncio
    from datetime import timedelta

    from wf2des.api.code2wf.reaper import reap_once
    from wf2des.pg.engine import make_async_engine, make_session_factory

    org, proj = project
    with live.client(mint(org)) as client:
        overdue, recent = created_id(client, proj), created_id(client, proj)
    live.sql("UPDATE design_generation SET created_at = now() - interval '16 minutes' WHERE id = %s", overdue)

    async def run() -> list[str]:
        engine = make_async_engine(live.pg_url, pool_size=1, max_overflow=0)
        try:
            return await reap_once(make_session_factory(engine), timedelta(minutes=15))
        finally:
            await engine.dispose()

    reaped = asyncio.run(run())
    assert overdue in reaped
    assert recent not in reaped
    rows = live.sql(
        "SELECT id, status::text, error_message FROM design_generation WHERE project_id = %s", proj
    )
    assert sorted(rows) == sorted([(overdue, "2", "generation timed out"), (recent, "0", None)])
    assert post_event(live, overdue, failed()).status_code == 409  # a late worker cannot rewrite it
