"""Horizontal scale: two API processes and two workers on one broker, one worker killed mid-run.

200 jobs, created through both APIs (each relay publishes from the shared outbox with SKIP LOCKED):
every job ends with exactly one outcome and one artifact, both workers did work, and the job the killed
worker held is redelivered (Redis: after the visibility timeout, by the other worker) and completes.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from tests.e2e.conftest import BIN, Stack, _wait_http, make_stack
from tests.services import RedisServer
from wf2des.integrations.docstore.embedded import free_port

pytestmark = pytest.mark.slow  # 200 jobs through two APIs and two workers: minutes

JOBS = 200
TINY = {"index.html": b"<!doctype html><title>Tiny</title><h1>Tiny page</h1><p>One paragraph.</p>"}
FINISHED = re.compile(r'"event": "job finished".*?"code2wf_id": "([0-9a-f-]{36})"')
RECEIVED = re.compile(r"Task wf2des\.code2wf\.generate\[([0-9a-f-]{36})\] received")


class Fleet:
    def __init__(self, stack: Stack) -> None:
        self.stack = stack
        self.apis: list[subprocess.Popen[bytes]] = []
        self.api_ports: list[int] = []
        self.workers: dict[str, subprocess.Popen[bytes]] = {}

    def start_api(self) -> None:
        port = free_port()
        env = {**self.stack.env, "WF2DES_API_URL": f"http://127.0.0.1:{port}"}  # its own callbacks
        log = (self.stack.root / f"api-{len(self.apis) + 1}.log").open("ab")
        self.apis.append(
            subprocess.Popen(
                [str(BIN / "wf2des"), "serve", "--port", str(port)],
                env=env,
                stdout=log,
                stderr=log,
                start_new_session=True,
            )
        )
        self.api_ports.append(port)
        _wait_http(f"http://127.0.0.1:{port}/healthz")

    def start_worker(self, name: str) -> None:
        log = (self.stack.root / f"worker-{name}.log").open("ab")
        self.workers[name] = subprocess.Popen(
            [str(BIN / "wf2des"), "worker", "--concurrency", "1", "--loglevel", "INFO"],
            env=self.stack.env,
            stdout=log,
            stderr=log,
            start_new_session=True,
        )

    def kill_worker(self, name: str) -> None:
        """SIGKILL the whole worker: main process, its pool child and its Chromium."""
        os.killpg(self.workers[name].pid, signal.SIGKILL)
        self.workers[name].wait(timeout=30)

    def log(self, name: str) -> str:
        return (self.stack.root / f"worker-{name}.log").read_text(errors="replace")

    def stop(self) -> None:
        for proc in [*self.workers.values(), *self.apis]:
            self.stack.stop(proc)


@pytest.fixture(scope="module")
def fleet(pg_url: str, docstore_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fleet]:
    root = tmp_path_factory.mktemp("e2e-scale")
    server = RedisServer(root)  # a broker of its own: no other test run's worker may take these jobs
    server.start()
    stack = make_stack(pg_url, docstore_url, root, server.url)
    stack.env.update(
        {
            "WF2DES_WORKER_JOB_TIMEOUT_S": "30",
            "WF2DES_WORKER_PREVIEW": "false",
            # Redis hands a dead worker's unacknowledged job to another worker after this long
            "WF2DES_WORKER_VISIBILITY_TIMEOUT_S": "20",
        }
    )
    fleet = Fleet(stack)
    yield fleet
    fleet.stop()
    server.stop()


def _counts(pg_url: str, project: int) -> dict[str, int]:
    """Rows by status, failures by message: {'1': 200} when every job completed."""
    with psycopg.connect(pg_url) as conn:
        rows = conn.execute(
            "SELECT status::text || coalesce(': ' || error_message, ''), count(*) FROM code2wf"
            " WHERE project_id = %s GROUP BY 1",
            (project,),
        ).fetchall()
    return {str(status): int(count) for status, count in rows}


def _artifacts(root: Path, org: int, project: int) -> dict[str, list[str]]:
    base = root / "blobs" / str(org) / str(project) / "code2wf"
    return {
        job.name: sorted(str(p.relative_to(job)) for p in job.rglob("*") if p.is_file())
        for job in base.iterdir()
    }


def test_two_apis_and_two_workers_run_200_jobs_once_each_and_a_killed_worker_loses_nothing(
    fleet: Fleet, pg_url: str
) -> None:
    stack = fleet.stack
    for _ in range(2):
        fleet.start_api()
    fleet.start_worker("a")
    fleet.start_worker("b")
    stack.api_port = fleet.api_ports[0]
    org, project, headers = stack.tenant()
    page_import = stack.upload(project, headers, TINY, "index.html")

    created: list[str] = []
    for i in range(JOBS):
        stack.api_port = fleet.api_ports[i % 2]  # alternate between the two API processes
        created.append(stack.create(project, headers, page_import, screenId=f"s{i}")["code2wfId"])

    # Kill worker b once it has finished some jobs and holds another one.
    deadline = time.monotonic() + 180
    held: str | None = None
    while time.monotonic() < deadline:
        log = fleet.log("b")
        finished = set(FINISHED.findall(log))
        pending = [job for job in RECEIVED.findall(log) if job not in finished]
        if len(finished) >= 5 and pending:
            fleet.kill_worker("b")
            held = pending[-1]
            break
        time.sleep(0.05)
    assert held is not None, "worker b never held a job"
    fleet.start_worker("b")  # what its supervisor does

    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and _counts(pg_url, project).get("0", 0):
        time.sleep(1)
    counts = _counts(pg_url, project)
    assert counts == {"1": JOBS}, counts  # every job completed: none lost, none failed

    artifacts = _artifacts(stack.root, org, project)
    assert sorted(artifacts) == sorted(created)
    assert {tuple(files) for files in artifacts.values()} == {("attempt-1/spec.json",)}
    done_a = set(FINISHED.findall(fleet.log("a")))
    done_b = set(FINISHED.findall(fleet.log("b")))
    assert done_a
    assert done_b
    assert done_a | done_b == set(created)
    assert held in done_a | done_b  # the job the killed worker held was redelivered and completed
