"""The whole Code2WF lifecycle through HTTP, with a simulated worker signing its events."""

from __future__ import annotations

import json
from typing import Any

from tests.integration.api.conftest import Live
from tests.integration.api.helpers import (
    completed_event,
    completed_page_import,
    create,
    failed_event,
    post_event,
    store_result,
    wait_for_job,
)
from wf2des.jobs.contract import CODE2WF_GENERATE, Code2wfJob


def test_upload_create_complete_result_materialize_delete(
    live: Live, project: tuple[int, int], mint: Any
) -> None:
    org, proj = project
    with live.client(mint(org, sub="alice")) as client:
        upload_resp = client.post(
            f"/v1/projects/{proj}/page-imports",
            data={"entry": "./pages/Home Page.html"},
            files=[
                ("files", ("pages/Home Page.html", b"<html><body>x</body></html>", "text/html")),
                ("files", ("pages/a.css", b"body{}", "text/css")),
                ("files", ("img/same.css", b"body{}", "text/css")),
            ],
        )
        assert upload_resp.status_code == 201, upload_resp.text
        pi = upload_resp.json()
        assert pi["status"] == "completed"
        assert pi["entry"] == "pages/Home Page.html"
        assert pi["fileCount"] == 3
        assert pi["totalBytes"] == len(b"<html><body>x</body></html>") + 12
        manifest_key = pi["manifestUrl"]
        assert manifest_key == f"{org}/{proj}/page-imports/{pi['pageImportId']}/manifest.json"
        manifest = json.loads(live.blobs.get(manifest_key))
        assert manifest["entry"] == "pages/Home Page.html"
        assert {f["path"] for f in manifest["files"]} == {
            "pages/Home Page.html",
            "pages/a.css",
            "img/same.css",
        }
        assert all(set(f) == {"path", "sha256", "size", "contentType"} for f in manifest["files"])
        got = client.get(f"/v1/projects/{proj}/page-imports/{pi['pageImportId']}")
        assert got.status_code == 200
        assert got.json()["manifestUrl"] == pi["manifestUrl"]

        created = client.post(
            f"/v1/projects/{proj}/code2wf",
            json={
                "pageImportId": pi["pageImportId"],
                "figmaFileKey": "AbC123",
                "placementTarget": "12:34",
                "viewportWidth": 1280,
            },
        )
        assert created.status_code == 202, created.text
        row = created.json()
        cid = row["code2wfId"]
        assert created.headers["location"] == f"/v1/projects/{proj}/code2wf/{cid}"
        assert row["status"] == "processing"
        assert row["screenId"] == "pages-home-page"
        assert row["attempt"] == 1
        assert row["createdBy"] == row["updatedBy"] == "alice"

        job = wait_for_job(live, cid)
        assert job["task"] == CODE2WF_GENERATE
        envelope = Code2wfJob.model_validate(job["args"][0])
        assert envelope.code2wf_id == cid
        assert envelope.manifest_url == pi["manifestUrl"]
        assert envelope.viewport_width == 1280
        assert envelope.placement_target == "12:34"
        assert envelope.callback_url == f"{live.url}/internal/v1/code2wf/{cid}/events"
        assert set(job["args"][0]) == set(Code2wfJob.model_fields)

        result = client.get(f"/v1/projects/{proj}/code2wf/{cid}/result")
        assert result.status_code == 409
        assert result.json()["code"] == "code2wf_not_completed"

        spec = {"version": 1, "frames": [{"name": "Home"}]}
        key = store_result(live, org, proj, cid, spec)
        event = post_event(live, cid, completed_event(key, 3), key=envelope.callback_key)
        assert event.status_code == 200, event.text
        assert event.json() == {"code2wfId": cid, "status": "completed", "applied": True}

        done = client.get(f"/v1/projects/{proj}/code2wf/{cid}").json()
        assert (done["status"], done["flagCount"], done["resultUrl"]) == ("completed", 3, key)
        assert done["updatedBy"] == "wf2des-worker"
        assert client.get(f"/v1/projects/{proj}/code2wf/{cid}/result").json() == spec

        first = client.post(f"/v1/projects/{proj}/code2wf/{cid}/materialization")
        assert first.status_code == 200
        again = client.post(f"/v1/projects/{proj}/code2wf/{cid}/materialization")
        assert again.json()["materializedAt"] == first.json()["materializedAt"]

        listed = client.get(
            f"/v1/projects/{proj}/code2wf", params={"figmaFileKey": "AbC123", "status": "completed"}
        )
        assert [i["code2wfId"] for i in listed.json()["items"]] == [cid]
        assert (
            client.get(f"/v1/projects/{proj}/code2wf", params={"materialized": "false"}).json()["items"] == []
        )

        assert client.delete(f"/v1/projects/{proj}/code2wf/{cid}").status_code == 204
        assert client.get(f"/v1/projects/{proj}/code2wf/{cid}").status_code == 404
        assert client.get(f"/v1/projects/{proj}/code2wf").json()["items"] == []
        assert client.delete(f"/v1/projects/{proj}/code2wf/{cid}").status_code == 404
        deleted = live.sql("SELECT deleted_by, deleted_at IS NOT NULL FROM code2wf WHERE id = %s", cid)
        assert deleted == [("alice", True)]


def test_failure_then_retry_creates_a_new_row(live: Live, project: tuple[int, int], mint: Any) -> None:
    org, proj = project
    with live.client(mint(org, sub="bob")) as client:
        pi = completed_page_import(client, proj)
        first = create(client, proj, pi, viewportWidth=800).json()
        cid = first["code2wfId"]
        assert client.post(f"/v1/projects/{proj}/code2wf/{cid}/retry").status_code == 409  # still processing
        failed = post_event(
            live,
            cid,
            failed_event(
                'Traceback (most recent call last):\n  File "/srv/x.py", line 3\nboom at /srv/app/x.py'
            ),
        )
        assert failed.status_code == 200, failed.text
        row = client.get(f"/v1/projects/{proj}/code2wf/{cid}").json()
        assert row["status"] == "failed"
        assert "/srv" not in row["errorMessage"]
        assert "Traceback" not in row["errorMessage"]
        assert client.post(f"/v1/projects/{proj}/code2wf/{cid}/materialization").status_code == 409

        retried = client.post(f"/v1/projects/{proj}/code2wf/{cid}/retry")
        assert retried.status_code == 202, retried.text
        new = retried.json()
        assert new["code2wfId"] != cid
        assert new["code2wfId"] > cid
        assert (new["status"], new["attempt"], new["pageImportId"], new["screenId"]) == (
            "processing",
            1,
            pi,
            first["screenId"],
        )
        job = wait_for_job(live, new["code2wfId"])
        assert job["args"][0]["viewport_width"] == 800
        assert (
            client.get(f"/v1/projects/{proj}/code2wf/{cid}").json()["status"] == "failed"
        )  # old row untouched


def test_every_post_creates_a_new_row(live: Live, project: tuple[int, int], mint: Any) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        pi = completed_page_import(client, proj)
        ids = [create(client, proj, pi).json()["code2wfId"] for _ in range(3)]
        assert len(set(ids)) == 3
        listed = client.get(f"/v1/projects/{proj}/code2wf", params={"limit": 2}).json()
        assert [i["code2wfId"] for i in listed["items"]] == sorted(ids, reverse=True)[:2]
        rest = client.get(
            f"/v1/projects/{proj}/code2wf", params={"limit": 2, "cursor": listed["nextCursor"]}
        ).json()
        assert [i["code2wfId"] for i in rest["items"]] == sorted(ids, reverse=True)[2:]
        assert rest["nextCursor"] is None
