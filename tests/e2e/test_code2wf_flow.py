"""API → outbox → Celery → worker → signed webhook → completed, on real processes and services."""

from __future__ import annotations

import json
import signal
import time

import httpx
import psycopg
import pytest
from celery import Celery

from tests.e2e import pages
from tests.e2e.conftest import Stack
from tests.waiting import wait_until
from wf2des.core.broker import broker_conf

# What the browser does with a page does not depend on the broker: these run on Redis only.
BROWSER_ONLY = pytest.mark.parametrize("broker_url", ["redis"], indirect=True)


def _artifacts(stack: Stack, org: int, project: int, code2wf_id: str) -> list[str]:
    root = stack.root / "blobs" / str(org) / str(project) / "code2wf" / code2wf_id
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


def test_generation_completes_and_the_result_is_served(stack: Stack) -> None:
    org, project, headers = stack.tenant()
    page_import = stack.upload(project, headers, pages.SIMPLE, "index.html")
    created = stack.create(project, headers, page_import, screenId="pricing")
    assert created["status"] == "processing"
    done = stack.wait_terminal(project, headers, created["code2wfId"])
    assert done["status"] == "completed", done
    assert done["resultUrl"] == f"{org}/{project}/code2wf/{created['code2wfId']}/attempt-1/spec.json"
    result = httpx.get(
        f"{stack.base}/v1/projects/{project}/code2wf/{created['code2wfId']}/result",
        headers=headers,
        timeout=10,
    )
    assert result.status_code == 200
    spec = result.json()
    assert spec["schema"] == "wf2des.code2wf.spec/v1"
    assert spec["flagCount"] == done["flagCount"]
    assert spec["screens"][0]["screenId"] == "pricing"
    text = json.dumps(spec)
    for phrase in ("Plans for every team", "Buy Pro", "Made by Acme"):
        assert phrase in text
    assert _artifacts(stack, org, project, created["code2wfId"]) == [
        "attempt-1/preview.png",
        "attempt-1/spec.json",
    ]
    # every log line of the job carries its id; the metrics endpoint sees the prefork child's counters
    log = (stack.root / "worker.log").read_text().splitlines()
    assert any('"event": "job finished"' in line and created["code2wfId"] in line for line in log)
    metrics = httpx.get(f"http://127.0.0.1:{stack.metrics_port}/metrics", timeout=10).text
    completed = [
        line
        for line in metrics.splitlines()
        if line.startswith('wf2des_code2wf_jobs_total{status="completed"}')
    ]
    assert completed
    assert float(completed[0].split()[-1]) >= 1


@BROWSER_ONLY
def test_blocked_external_resources_are_flagged_not_fatal(stack: Stack) -> None:
    _org, project, headers = stack.tenant()
    created = stack.create(project, headers, stack.upload(project, headers, pages.EXTERNAL, "index.html"))
    done = stack.wait_terminal(project, headers, created["code2wfId"])
    assert done["status"] == "completed", done
    assert done["flagCount"] >= 1
    spec = httpx.get(
        f"{stack.base}/v1/projects/{project}/code2wf/{created['code2wfId']}/result",
        headers=headers,
        timeout=10,
    ).json()
    assert "cdn.example.com" in json.dumps(spec["outcomes"])


@BROWSER_ONLY
@pytest.mark.slow  # each hostile page runs to its limit (time, size, memory)
def test_hostile_pages_fail_cleanly_and_the_worker_keeps_serving(stack: Stack) -> None:
    org, project, headers = stack.tenant()
    loop = stack.create(project, headers, stack.upload(project, headers, pages.INFINITE_LOOP, "index.html"))
    huge = stack.create(project, headers, stack.upload(project, headers, pages.HUGE_DOM, "index.html"))
    hog = stack.create(project, headers, stack.upload(project, headers, pages.MEMORY_HOG, "index.html"))
    fine = stack.create(project, headers, stack.upload(project, headers, pages.SIMPLE, "index.html"))
    loop_done = stack.wait_terminal(project, headers, loop["code2wfId"])
    huge_done = stack.wait_terminal(project, headers, huge["code2wfId"])
    hog_done = stack.wait_terminal(project, headers, hog["code2wfId"])
    fine_done = stack.wait_terminal(project, headers, fine["code2wfId"])
    assert loop_done["status"] == "failed"
    assert loop_done["errorMessage"] == "the page did not finish loading within 8 s"
    assert huge_done["status"] == "failed"
    assert huge_done["errorMessage"] == "the page has more than 5,000 elements"
    assert hog_done["status"] == "failed"
    assert hog_done[
        "errorMessage"
    ] in {  # whichever comes first: the time budget or the renderer's memory limit
        "the page did not finish loading within 8 s",
        "the page crashed while rendering (it may use too much memory)",
    }
    for message in (loop_done["errorMessage"], huge_done["errorMessage"], hog_done["errorMessage"]):
        assert "/" not in message
        assert "Traceback" not in message
    failure = json.loads(
        (
            stack.root
            / "blobs"
            / str(org)
            / str(project)
            / "code2wf"
            / loop["code2wfId"]
            / "attempt-1"
            / "failure.json"
        ).read_bytes()
    )
    assert failure["classification"] == "timeout"
    assert fine_done["status"] == "completed"


def _envelope(pg_url: str, code2wf_id: str) -> dict[str, object]:
    with psycopg.connect(pg_url) as conn:
        row = conn.execute(
            "SELECT payload FROM outbox WHERE payload->>'code2wf_id' = %s", (code2wf_id,)
        ).fetchone()
    assert row is not None
    return dict(row[0])


def _reused(stack: Stack, code2wf_id: str) -> bool:
    """Whether the worker has logged a finished run of ``code2wf_id`` that reused the stored artifact."""
    for line in (stack.root / "worker.log").read_text().splitlines():
        if '"job finished"' in line and code2wf_id in line:
            try:
                record = json.loads(line[line.index("{") :])
            except ValueError:  # not one of the worker's JSON records
                continue
            if record.get("code2wf_id") == code2wf_id and record.get("reused") is True:
                return True
    return False


def test_a_job_delivered_twice_has_one_outcome(stack: Stack, pg_url: str) -> None:
    org, project, headers = stack.tenant()
    created = stack.create(project, headers, stack.upload(project, headers, pages.SIMPLE, "index.html"))
    first = stack.wait_terminal(project, headers, created["code2wfId"])
    assert first["status"] == "completed"
    publisher = Celery("test-publisher", broker=stack.env["WF2DES_BROKER_URL"], set_as_current=False)
    publisher.conf.update(broker_conf(stack.env["WF2DES_BROKER_URL"]))  # the queue as the workers declare it
    publisher.send_task("wf2des.code2wf.generate", args=[_envelope(pg_url, created["code2wfId"])])
    # the redelivered job runs, finds the artifact, re-sends the same event (a no-op)
    wait_until(
        lambda: _reused(stack, created["code2wfId"]), timeout=120, what="the redelivered job to finish"
    )
    again = stack.wait_terminal(project, headers, created["code2wfId"])
    assert (again["status"], again["resultUrl"], again["flagCount"]) == (
        first["status"],
        first["resultUrl"],
        first["flagCount"],
    )
    assert _artifacts(stack, org, project, created["code2wfId"]) == [
        "attempt-1/preview.png",
        "attempt-1/spec.json",
    ]
    log = (stack.root / "worker.log").read_text()
    assert log.count(created["code2wfId"]) >= 2  # it really ran twice


def test_a_worker_process_killed_mid_job_is_redelivered_and_completes_once(stack: Stack) -> None:
    org, project, headers = stack.tenant()
    created = stack.create(project, headers, stack.upload(project, headers, pages.SLOW, "index.html"))
    deadline = time.monotonic() + 30
    killed = False
    while time.monotonic() < deadline and not killed:
        time.sleep(1.2)  # the page busy-loops 3 s: kill while it renders
        for child in stack.worker_children():
            child.send_signal(signal.SIGKILL)
            killed = True
    assert killed
    done = stack.wait_terminal(project, headers, created["code2wfId"], timeout=180)
    assert done["status"] == "completed", done
    assert "Done waiting" in json.dumps(
        httpx.get(
            f"{stack.base}/v1/projects/{project}/code2wf/{created['code2wfId']}/result",
            headers=headers,
            timeout=10,
        ).json()
    )
    assert _artifacts(stack, org, project, created["code2wfId"]) == [
        "attempt-1/preview.png",
        "attempt-1/spec.json",
    ]
